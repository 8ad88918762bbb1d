package sandbox

import (
	"strings"
)

// The lock service's operations, per model where they differ: acquire
// (the database claim), the EXPIRE of set-then-expire, the unlock of a
// refused attempt's leftovers, release and extend.

func (m *sim) acquire(ci int, msg message) {
	c := &m.clients[ci]
	if m.model == ModelDatabase {
		m.claim(ci, msg)
		return
	}
	var gotBuf [MaxRedlockNodes]int
	got := gotBuf[:0]
	holder := -1
	unreach := -1
	// For a redlock refusal: the client whose key each node has (-1:
	// none, or the node did not answer), and which nodes do not answer.
	var owner [MaxRedlockNodes]int
	var noAnswerBuf [MaxRedlockNodes]int
	noAnswer := noAnswerBuf[:0]
	for i := range m.nodes {
		owner[i] = -1
		if !m.reach(ci, i) {
			if unreach < 0 {
				unreach = i
			}
			noAnswer = append(noAnswer, i+1)
			continue
		}
		m.expireIfDue(i)
		k := &m.nodes[i].key
		if k.present {
			if holder < 0 {
				holder = k.client
			}
			owner[i] = k.client
			continue
		}
		got = append(got, i+1)
	}
	validity := m.ttl - (m.latency(msg) + m.lat) - m.drift
	if len(got) < m.quorum || (m.model == ModelRedlock && validity <= 0) {
		var e Event
		e.Kind, e.Client, e.LatencyMS = KindAcquireDenied, c.id, m.latency(msg)
		if holder >= 0 {
			e.Holder = m.clients[holder].id
		}
		switch {
		case m.model != ModelRedlock && unreach >= 0:
			e.Reason = "unavailable"
			if m.model == ModelConsensus {
				e.Reason = "no-quorum"
			}
			e.Detail = m.unreachable(ci, unreach)
		case m.model != ModelRedlock:
			e.Reason = "held"
			m.w(e.Holder, " holds the lock")
		case len(got) < m.quorum:
			e.Reason = "no-majority"
			e.Nodes = m.keepNodes(got)
			e.Detail = "got " + itoa(int64(len(got))) + " of " + itoa(int64(len(m.nodes))) + " nodes" + nodeList(got) + ", needs " + itoa(int64(m.quorum))
			// Who holds which nodes, each holder once, in the order
			// of the first node each holds.
			var why []string
			var seen [MaxClients]bool
			for i := range m.nodes {
				h := owner[i]
				if h < 0 || seen[h] {
					continue
				}
				seen[h] = true
				var heldBuf [MaxRedlockNodes]int
				held := heldBuf[:0]
				for j := i; j < len(m.nodes); j++ {
					if owner[j] == h {
						held = append(held, j+1)
					}
				}
				why = append(why, nodesWord(held)+" held by "+m.clients[h].id)
			}
			if len(noAnswer) > 0 {
				why = append(why, m.unreachNodes(ci, noAnswer))
			}
			if len(why) > 0 {
				e.Detail += " (" + strings.Join(why, "; ") + ")"
			}
		default:
			e.Reason = "validity-expired"
			e.Nodes = m.keepNodes(got)
			e.Detail = "the majority came too late: ttl " + ms(m.ttl) + " − elapsed " + ms(m.latency(msg)+m.lat) + " − drift " + ms(m.drift) + " leaves no validity"
		}
		// The nodes that said yes keep the key until it expires or the
		// client's unlock reaches them.
		if m.model == ModelRedlock && len(got) > 0 {
			for _, n := range got {
				i := n - 1
				m.nodes[i].key = key{present: true, client: ci, attempt: msg.attempt, hasExp: true, expAt: m.nodeNow(i) + m.ttl}
				m.logWrite(i)
				m.scheduleExpiry(i)
			}
			e.Detail += "; the nodes that said yes keep " + c.id + "'s key until it expires or the unlock reaches them"
		}
		if len(e.Nodes) == 0 {
			// Nothing for the checker's ledger: no key was left.
			m.emitUnchecked(&e)
		} else {
			m.emit(&e)
		}
		m.reply(ci, reply{kind: replyDenied, attempt: msg.attempt, leftover: m.model == ModelRedlock && len(got) > 0})
		return
	}
	var token int64
	switch m.tokenSrc {
	case TokenRevision:
		m.nodes[0].counter++
		token = m.nodes[0].counter
	case TokenIncr:
		m.nodes[0].counter++
		token = m.nodes[0].counter
	default:
		if m.model == ModelConsensus {
			m.nodes[0].counter++
		}
	}
	if m.sync && m.down[1] {
		// WAIT 1 gets no acknowledgement: the SET stays on the primary,
		// WAIT does not undo it, and the client must treat the attempt as
		// failed and unlock.
		m.nodes[0].key = key{present: true, client: ci, attempt: msg.attempt, token: token, hasExp: !m.twoStep, expAt: m.nodeNow(0) + m.ttl}
		m.logWrite(0)
		m.scheduleExpiry(0)
		m.emit(&Event{Kind: KindAcquireDenied, Client: c.id, Reason: "not-replicated", LatencyMS: m.latency(msg),
			Detail: "SET NX succeeded on the primary, but WAIT 1 got 0 acknowledgements (the replica is down): WAIT does not undo the SET, so " + c.id + " counts the attempt as failed and unlocks"})
		m.reply(ci, reply{kind: replyDenied, attempt: msg.attempt, leftover: true})
		return
	}
	m.grants++
	g := m.grants
	exp := int64(0)
	for _, n := range got {
		i := n - 1
		m.nodes[i].key = key{present: true, client: ci, grant: g, attempt: msg.attempt, token: token, hasExp: !m.twoStep, expAt: m.nodeNow(i) + m.ttl}
		m.logWrite(i)
		m.scheduleExpiry(i)
		if !m.twoStep {
			if r := m.nodes[i].key.expAt - m.nodes[i].offset; exp == 0 || r < exp {
				exp = r
			}
		}
	}
	var e Event
	e.Kind, e.Client, e.Grant, e.Token, e.ValidUntil, e.ExpiresAt, e.LatencyMS = KindAcquireGranted, c.id, g, token, msg.sentAt+m.ttl-m.drift, exp, m.latency(msg)
	switch m.model {
	case ModelRedlock:
		e.Nodes = m.keepNodes(got)
		m.w("majority of ")
		m.wn(int64(len(got)))
		m.w("/")
		m.wn(int64(len(m.nodes)))
		m.w(" nodes", nodeList(got), "; ", c.id, " believes it holds until ")
		m.wt(e.ValidUntil)
		m.w(" (ttl − elapsed − drift ")
		m.wt(m.drift)
		m.w(")")
	case ModelConsensus:
		m.w("committed at revision ")
		m.wn(m.nodes[0].counter)
		m.w("; lease until ")
		m.wt(exp)
	default:
		if m.twoStep {
			m.w("SETNX succeeded: the key has no expiry until EXPIRE arrives")
		} else {
			m.w("SET NX PX ")
			m.wn(m.ttl)
			m.w(": lease until ")
			m.wt(exp)
		}
		if m.sync {
			m.w("; WAIT 1: the replica has it before the answer")
		}
	}
	m.tokenWrite(token)
	m.emit(&e)
	m.reply(ci, reply{kind: replyGranted, grant: g, token: token})
}

// claim is the database model's conditional UPDATE on the resource row:
// it succeeds when the row is free or its held_until has passed by the
// database's clock, and bumps the row's epoch.
func (m *sim) claim(ci int, msg message) {
	c := &m.clients[ci]
	row := &m.nodes[0]
	if !m.reach(ci, 0) {
		m.emit(&Event{Kind: KindAcquireDenied, Client: c.id, Reason: "unavailable", LatencyMS: m.latency(msg), Detail: m.unreachable(ci, 0)})
		m.reply(ci, reply{kind: replyDenied, attempt: msg.attempt})
		return
	}
	m.expireIfDue(0)
	now := m.nodeNow(0)
	if row.key.present && now < row.key.expAt {
		m.w("UPDATE … WHERE holder IS NULL OR held_until < now(): 0 rows (", m.clients[row.key.client].id, " until ")
		m.wt(row.key.expAt)
		m.dbClock(row)
		m.w(")")
		m.emit(&Event{Kind: KindAcquireDenied, Client: c.id, Holder: m.clients[row.key.client].id, Reason: "held", LatencyMS: m.latency(msg)})
		m.reply(ci, reply{kind: replyDenied, attempt: msg.attempt})
		return
	}
	prev := -1 // the client whose lapsed claim this one takes over
	if row.key.present {
		prev = row.key.client
	}
	m.grants++
	row.counter++
	var token int64
	if m.tokenSrc == TokenEpoch {
		token = row.counter
	}
	row.key = key{present: true, client: ci, grant: m.grants, attempt: msg.attempt, token: token, hasExp: true, expAt: now + m.ttl}
	m.scheduleExpiry(0)
	var e Event
	e.Kind, e.Client, e.Grant, e.Token, e.ValidUntil, e.ExpiresAt, e.LatencyMS = KindAcquireGranted, c.id, m.grants, token, msg.sentAt+m.ttl, row.key.expAt-row.offset, m.latency(msg)
	m.w("UPDATE … SET holder = '", c.id, "', epoch = ")
	m.wn(row.counter)
	m.w(", held_until = ")
	m.wn(row.key.expAt)
	m.dbClock(row)
	m.w(": 1 row")
	if prev >= 0 {
		m.w("; takes over the lapsed claim of ", m.clients[prev].id)
	}
	m.tokenWrite(token)
	m.emit(&e)
	m.reply(ci, reply{kind: replyGranted, grant: m.grants, token: token})
}

// expire is the EXPIRE of set-then-expire: it sets the expiry of whatever
// key is there, as the real command does.
func (m *sim) expire(ci int, msg message) {
	c := &m.clients[ci]
	if !m.reach(ci, 0) {
		m.emit(&Event{Kind: KindExpireSet, Client: c.id, Grant: msg.grant, LatencyMS: m.latency(msg), Reason: "unavailable", Detail: "EXPIRE does not arrive: " + m.unreachable(ci, 0)})
		return
	}
	k := &m.nodes[0].key
	if !k.present {
		m.emit(&Event{Kind: KindExpireSet, Client: c.id, Grant: msg.grant, LatencyMS: m.latency(msg), Detail: "EXPIRE finds no key"})
		return
	}
	k.hasExp = true
	k.expAt = m.nodeNow(0) + m.ttl
	m.logWrite(0)
	m.scheduleExpiry(0)
	m.emit(&Event{Kind: KindExpireSet, Client: c.id, Holder: m.clients[k.client].id, Grant: k.grant, ExpiresAt: k.expAt - m.nodes[0].offset, LatencyMS: m.latency(msg),
		Detail: "EXPIRE " + itoa(m.ttl) + ": the key of " + m.clients[k.client].id + " now expires at " + ms(k.expAt-m.nodes[0].offset)})
}

// unlock deletes the keys a refused attempt left, on every node the
// client reaches: the unlock-all the Redis docs ask for.
func (m *sim) unlock(ci int, msg message) {
	c := &m.clients[ci]
	var goneBuf [MaxRedlockNodes]int
	gone := goneBuf[:0]
	for i := range m.nodes {
		if !m.reach(ci, i) {
			continue
		}
		m.expireIfDue(i)
		k := m.nodes[i].key
		if !k.present || k.client != ci || k.grant != 0 || k.attempt != msg.attempt {
			continue
		}
		m.nodes[i].key = key{}
		m.logWrite(i)
		gone = append(gone, i+1)
	}
	if len(gone) == 0 {
		return
	}
	e := Event{Kind: KindReleaseOK, Client: c.id, Holder: c.id, Reason: "unlock", LatencyMS: m.latency(msg),
		Detail: c.id + " unlocks after its refused attempt: the key it left is deleted"}
	if m.model == ModelRedlock {
		e.Nodes = m.keepNodes(gone)
		e.Detail = c.id + " unlocks every node after its refused attempt: the keys it left on nodes" + nodeList(gone) + " are deleted"
	}
	m.emit(&e)
}

// releaseGuard writes the database model's release: the row is freed only
// by its own claim, named by holder and, with epoch tokens, by the claim's
// epoch (the release's twin of the guarded write).
func (m *sim) releaseGuard(id string, epoch int64) {
	m.w("UPDATE … SET holder = NULL WHERE holder = '", id, "'")
	if m.tokenSrc == TokenEpoch && epoch > 0 {
		m.w(" AND epoch = ")
		m.wn(epoch)
	}
}

// dbClock says, after a time read from the row, that it is the database's
// clock when a jump has set that clock apart from the timeline's.
func (m *sim) dbClock(row *node) {
	if row.offset != 0 {
		m.w(" by the database's clock, ")
		m.wt(row.offset)
		m.w(" ahead of the timeline")
	}
}

func (m *sim) release(ci int, msg message) {
	c := &m.clients[ci]
	// removed[i] is the node whose key went; released in node order, one
	// event per owner so that a foreign owner is visible.
	type gone struct {
		client, grant, n int
		token            int64
		nodes            [MaxRedlockNodes]int
	}
	var outBuf [MaxRedlockNodes]gone
	out := outBuf[:0]
	unreach := -1
	// kept: unreachable nodes that still have this client's key.
	var keptBuf [MaxRedlockNodes]int
	kept := keptBuf[:0]
	for i := range m.nodes {
		if !m.reach(ci, i) {
			if unreach < 0 {
				unreach = i
			}
			if k := m.nodes[i].key; k.present && k.client == ci && k.grant == msg.grant && !m.expired(i) {
				kept = append(kept, i+1)
			}
			continue
		}
		m.expireIfDue(i)
		k := m.nodes[i].key
		if !k.present || (!m.uncondDel && (k.client != ci || k.grant != msg.grant)) {
			continue
		}
		m.nodes[i].key = key{}
		if m.model == ModelConsensus {
			m.nodes[0].counter++
		}
		m.logWrite(i)
		j := 0
		for j < len(out) && (out[j].client != k.client || out[j].grant != k.grant) {
			j++
		}
		if j == len(out) {
			out = append(out, gone{client: k.client, grant: k.grant, token: k.token})
		}
		out[j].nodes[out[j].n] = i + 1
		out[j].n++
	}
	if len(out) == 0 {
		var e Event
		e.Kind, e.Client, e.Grant, e.LatencyMS = KindReleaseRefused, c.id, msg.grant, m.latency(msg)
		switch {
		case unreach >= 0 && m.model != ModelRedlock:
			e.Reason = "unavailable"
			m.w("the release does not arrive: ", m.unreachable(ci, unreach), "; the key stays until it expires")
		case m.uncondDel:
			e.Kind = KindReleaseOK
			e.Detail = "DEL: there was no key to delete"
		case m.model == ModelDatabase:
			m.releaseGuard(c.id, c.token)
			m.w(": 0 rows")
		case msg.grant == 0:
			m.w(c.id, " never held the lock")
		default:
			m.w("compare-and-delete: the key is not ", c.id, "'s")
		}
		m.emit(&e)
		return
	}
	for gi := range out {
		g := &out[gi]
		var e Event
		e.Kind, e.Client, e.Holder, e.Grant, e.LatencyMS = KindReleaseOK, c.id, m.clients[g.client].id, g.grant, m.latency(msg)
		if m.model == ModelRedlock {
			e.Nodes = m.keepNodes(g.nodes[:g.n])
		}
		switch {
		case g.client != ci:
			m.w("DEL removes the key of ", e.Holder, ", not ", c.id, "'s: the lock is free while ", e.Holder, " still works")
		case m.model == ModelDatabase:
			m.releaseGuard(c.id, g.token)
			m.w(": 1 row, the row is free")
		case m.uncondDel:
			m.w("DEL removes ", c.id, "'s own key")
		default:
			m.w("compare-and-delete removes ", c.id, "'s own key")
		}
		if len(kept) > 0 && m.model == ModelRedlock && g.client == ci {
			m.w("; ", c.id, "'s key stays on ", nodesWord(kept), " until it expires (", m.unreachNodes(ci, kept), ")")
		}
		m.emit(&e)
	}
}

func (m *sim) extend(ci int, msg message) {
	c := &m.clients[ci]
	what := "extend"
	if msg.heartbeat {
		what = "heartbeat"
	}
	var gotBuf [MaxRedlockNodes]int
	got := gotBuf[:0]
	exp := int64(0)
	unreach, lapsed := -1, false
	for i := range m.nodes {
		if !m.reach(ci, i) {
			if unreach < 0 {
				unreach = i
			}
			continue
		}
		m.expireIfDue(i)
		k := &m.nodes[i].key
		if !k.present || k.client != ci || k.grant != msg.grant || msg.grant == 0 {
			continue
		}
		if m.model == ModelDatabase && m.expired(i) {
			// held_until > now() is part of the WHERE: a lapsed claim
			// cannot be revived, only claimed again.
			lapsed = true
			continue
		}
		k.hasExp = true
		k.expAt = m.nodeNow(i) + m.ttl
		m.logWrite(i)
		m.scheduleExpiry(i)
		got = append(got, i+1)
		if r := k.expAt - m.nodes[i].offset; exp == 0 || r < exp {
			exp = r
		}
	}
	validity := m.ttl - (m.latency(msg) + m.lat) - m.drift
	ok := len(got) >= m.quorum && (m.model != ModelRedlock || validity > 0)
	if !ok {
		var e Event
		e.Kind, e.Client, e.Grant, e.LatencyMS, e.Reason = KindExtendRefused, c.id, msg.grant, m.latency(msg), what
		holder := -1
		if k := m.nodes[0].key; k.present && k.grant > 0 {
			holder = k.client
		}
		switch {
		case m.model == ModelRedlock:
			if len(got) > 0 {
				e.Nodes = m.keepNodes(got)
			}
			m.w(what, " refused: ", c.id, " keeps ")
			m.wn(int64(len(got)))
			m.w(" of ")
			m.wn(int64(len(m.nodes)))
			m.w(" nodes, needs ")
			m.wn(int64(m.quorum))
			m.w("; it knows it lost the lock")
		case unreach >= 0:
			m.w(what, " fails: ", m.unreachable(ci, unreach), "; ", c.id, " cannot tell whether it still holds the lock and must stop")
		case lapsed:
			m.w(what, " refused: UPDATE … SET held_until = … WHERE holder = '", c.id, "' AND held_until > now(): 0 rows, the claim lapsed and cannot be revived; ", c.id, " knows it lost it")
		case holder >= 0 && holder != ci:
			e.Holder = m.clients[holder].id
			m.w(what, " refused: the lock is ", e.Holder, "'s now; ", c.id, " knows it lost it")
		default:
			m.w(what, " refused: ", c.id, "'s key is gone; it knows it lost the lock")
		}
		m.emit(&e)
		m.reply(ci, reply{kind: replyExtendRefused, grant: msg.grant, heartbeat: msg.heartbeat})
		return
	}
	// Field by field into a zeroed Event: a composite literal with a
	// constant field is built from a static template in a temporary
	// and then copied, 216 bytes twice (the most frequent event of a
	// run with heartbeats).
	var e Event
	e.Kind, e.Client, e.Grant, e.Token, e.ValidUntil, e.ExpiresAt, e.LatencyMS, e.Reason =
		KindExtendOK, c.id, msg.grant, c.token, msg.sentAt+m.ttl-m.drift, exp, m.latency(msg), what
	if m.model == ModelRedlock && len(got) > 0 {
		e.Nodes = m.keepNodes(got)
	}
	// The most frequent detail of a run with heartbeats: its start is
	// the same tokens every time for one client and word.
	hb := 0
	if msg.heartbeat {
		hb = 1
	}
	if t := &c.extTok[hb]; !m.evb.replay(t) {
		from := m.evb.dn
		m.w(what, ": lease of ", c.id, " extended until ")
		m.evb.record(t, from)
	}
	m.wt(exp)
	m.emit(&e)
	m.reply(ci, reply{kind: replyExtended, grant: msg.grant})
}
