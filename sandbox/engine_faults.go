package sandbox

// The service's faults and operations: failover, leader election,
// nodes down and up, restarts, partitions and clock jumps.

func (m *sim) serviceAction(idx int) {
	a := m.sc.Actions[idx]
	switch m.actOp[idx] {
	case opcFailover:
		switch m.model {
		case ModelConsensus:
			m.leaderFails()
		case ModelRedlock:
			// Redlock nodes have no replicas: what an older scenario
			// called a failover of a node is its restart.
			m.restart(Action{Node: a.Node})
		default:
			m.failover()
		}
	case opcClockJump:
		m.clockJump(a)
	case opcNodeDown:
		m.nodeDown(a.Node - 1)
	case opcNodeUp:
		m.nodeUp(a.Node - 1)
	case opcRestart:
		m.restart(a)
	case opcPartition:
		m.partition(a)
	case opcHeal:
		m.heal()
	}
}

// failover promotes the redis replica: it has every write up to now-lag
// and none after (with lag 0, everything).
func (m *sim) failover() {
	if m.down[1] {
		m.emit(&Event{Kind: KindActionSkipped, Reason: string(OpFailover), Detail: "failover: the replica is down, there is nothing to promote"})
		return
	}
	n := &m.nodes[0]
	m.expireIfDue(0)
	before := n.key
	beforeCounter := n.counter
	s := m.stateAt(0, m.now-m.lag)
	n.key, n.counter, n.offset = s.key, s.counter, 0
	n.log = append(n.log[:0], snap{t: m.now, key: n.key, counter: n.counter})
	if n.key.present && n.key.hasExp && n.key.expAt <= m.now {
		n.key = key{}
	}
	// The promoted replica is up whatever became of the old primary; the
	// new replica starts from it.
	m.down[0] = false
	m.scheduleExpiry(0)
	var e Event
	e.Kind = KindFailover
	m.keyFields(&e, n.key)
	// The start of the detail is the same all run: recorded once,
	// copied after that.
	if !m.evb.replay(&m.failTok) {
		from := m.evb.dn
		if m.sync {
			m.w("the replica, which acknowledged every write (WAIT 1), is promoted: ")
		} else {
			m.w("a replica ")
			m.wt(m.lag)
			m.w(" behind is promoted: ")
		}
		m.evb.record(&m.failTok, from)
	}
	m.failoverChange(before, n.key)
	if m.tokenSrc == TokenIncr && beforeCounter != n.counter {
		m.w("; the INCR counter of the tokens goes back from ")
		m.wn(beforeCounter)
		m.w(" to ")
		m.wn(n.counter)
	}
	m.emit(&e)
}

// keyFields fills the holder fields of e from k (a grant's key only: a
// refused attempt's leftover has no grant).
func (m *sim) keyFields(e *Event, k key) {
	if !k.present || k.grant == 0 {
		return
	}
	e.Holder, e.Grant, e.Token = m.clients[k.client].id, k.grant, k.token
	if k.hasExp {
		e.ExpiresAt = k.expAt
	}
}

// failoverChange writes what a failover did to the lock: the key the
// promoted replica has (holder, grant and expiry) against the key the old
// primary had. A replica that lags can bring back a key already released
// or expired, or an expiry from before an extension, and the learner needs
// to see that to understand why the next acquire is denied or granted.
func (m *sim) failoverChange(before, after key) {
	switch {
	case !before.present && !after.present:
		m.w("no key, as before")
		return
	case !after.present:
		m.keyText(before)
		m.w(" is lost, so the lock is free")
		return
	case !before.present:
		m.w("it brings back ")
		m.keyText(after)
		m.w(", already gone on the old primary, so the lock is held in ", m.clients[after.client].id, "'s name again")
		return
	case before.grant != after.grant || before.attempt != after.attempt:
		m.keyText(before)
		m.w(" is lost and ")
		m.keyText(after)
		m.w(" is back in its place")
		return
	}
	m.w("it has ")
	m.keyText(after)
	switch {
	case before.hasExp && !after.hasExp:
		m.w("; its EXPIRE is lost, so it never expires")
	case before.hasExp && before.expAt != after.expAt:
		m.w("; the extension to ")
		m.wt(before.expAt)
		m.w(" is lost")
	}
}

// keyText writes the name of a key with its holder, grant and expiry.
func (m *sim) keyText(k key) {
	if k.grant == 0 {
		m.w("the key left by ", m.clients[k.client].id, "'s refused attempt (")
	} else {
		m.w("the key of ", m.clients[k.client].id, " (grant ")
		m.wn(int64(k.grant))
	}
	if k.hasExp {
		m.w(", expiring at ")
		m.wt(k.expAt)
		m.w(")")
		return
	}
	m.w(", with no expiry)")
}

// quorumSide is the consensus leader and the members on its side: the
// first up member (the current leader first) that reaches a majority of
// members, or -1 when none does.
func (m *sim) quorumSide() (int, uint16) {
	need := m.nodeCount/2 + 1
	best, bestSide := -1, uint16(0)
	try := func(i int) bool {
		if m.down[i] {
			return false
		}
		var side uint16
		count := 0
		for j := range m.nodeCount {
			if !m.down[j] && !m.cutNN[i][j] {
				side |= 1 << j
				count++
			}
		}
		if count < need {
			return false
		}
		best, bestSide = i, side
		return true
	}
	if m.leader >= 0 && m.leader < m.nodeCount && try(m.leader) {
		return best, bestSide
	}
	for i := range m.nodeCount {
		if try(i) {
			break
		}
	}
	return best, bestSide
}

// elect recomputes the consensus leader after a change of topology. A new
// leader refreshes every lease to its full TTL, as etcd's lessor.Promote
// does, since it cannot know how long the old leader counted.
func (m *sim) elect() {
	if m.model != ModelConsensus {
		return
	}
	old := m.leader
	m.leader, m.side = m.quorumSide()
	switch {
	case m.leader == old:
	case m.leader < 0:
		m.emit(&Event{Kind: KindFailover, Reason: "no-quorum", Detail: "no majority of the " + itoa(int64(m.nodeCount)) + " members can reach each other: no leader, so nothing is granted, renewed or expired"})
	default:
		m.promote(m.leader)
	}
}

// promote is a new consensus leader taking over.
func (m *sim) promote(leader int) {
	n := &m.nodes[0]
	k := &n.key
	var e Event
	e.Kind, e.Node = KindFailover, 0
	m.w(leaderPrefix)
	m.wn(int64(leader + 1))
	m.w(leaderSuffix, ", with the whole committed log: nothing is lost")
	if k.present {
		k.expAt = m.nodeNow(0) + m.ttl
		k.hasExp = true
		m.scheduleExpiry(0)
		m.w("; it refreshes every lease to its full TTL (etcd's lessor.Promote): the lease of ", m.clients[k.client].id, " now ends at ")
		m.wt(k.expAt - n.offset)
	}
	m.keyFields(&e, *k)
	if k.present {
		e.ExpiresAt = k.expAt - n.offset
	}
	m.emit(&e)
}

// leaderFails is the consensus failover op: the leader steps down and the
// next member that reaches a majority is elected.
func (m *sim) leaderFails() {
	if m.leader < 0 {
		m.emit(&Event{Kind: KindActionSkipped, Reason: string(OpFailover), Detail: "failover: there is no leader to fail (no quorum)"})
		return
	}
	old := m.leader
	m.down[old] = true
	m.leader = -1
	next, side := m.quorumSide()
	m.down[old] = false
	if next < 0 {
		next, side = old, m.side
	}
	m.leader, m.side = next, side
	m.promote(next)
}

// nodeName writes the name of node i.
func (m *sim) nodeName(i int) {
	switch m.model {
	case ModelRedis:
		if i == 1 {
			m.w("the replica")
			return
		}
		m.w("the primary")
		return
	case ModelDatabase:
		m.w("the database")
		return
	case ModelConsensus:
		m.w("member ")
	default:
		m.w("node ")
	}
	m.wn(int64(i + 1))
}

func (m *sim) nodeDown(i int) {
	if m.down[i] {
		m.nodeName(i)
		m.w(" is down already")
		m.emit(&Event{Kind: KindActionSkipped, Node: i + 1, Reason: string(OpNodeDown)})
		return
	}
	m.down[i] = true
	if m.model == ModelRedis && i == 1 {
		m.w("the replica stops answering: nothing can be promoted")
		if m.sync {
			m.w(", and WAIT 1 gets no acknowledgement")
		}
	} else {
		m.nodeName(i)
		m.w(" stops answering; what it holds stays in its memory")
		if m.model == ModelRedlock {
			m.w("; a client needs a majority of the others")
		}
	}
	m.emit(&Event{Kind: KindNodeDown, Node: i + 1})
	m.elect()
}

func (m *sim) nodeUp(i int) {
	n := m.nodes[min(i, len(m.nodes)-1)]
	if i < len(m.nodes) && n.restarting {
		m.restartDone(i, n.restartGen)
		return
	}
	if !m.down[i] {
		m.nodeName(i)
		m.w(" is up already")
		m.emit(&Event{Kind: KindActionSkipped, Node: i + 1, Reason: string(OpNodeUp)})
		return
	}
	m.down[i] = false
	if m.model == ModelRedis && i == 1 {
		m.w("the replica is back and resynchronises from the primary")
	} else {
		m.nodeName(i)
		m.w(" answers again, with what it held")
	}
	m.emit(&Event{Kind: KindNodeUp, Node: i + 1})
	if i < len(m.nodes) {
		m.expireIfDue(i)
		m.scheduleExpiry(i)
	}
	m.elect()
}

// restart crashes node a.Node and brings it back a.MS later with what its
// persistence kept: nothing, the state of a second before, or everything.
// Consensus members and the database keep everything they acknowledged.
func (m *sim) restart(a Action) {
	i := a.Node - 1
	if m.model == ModelConsensus {
		m.down[i] = true
		m.nodeName(i)
		m.w(" restarts; its log is on disk, so it loses nothing")
		m.emit(&Event{Kind: KindNodeDown, Node: a.Node, Reason: ReasonDurableRestart})
		m.elect()
		if a.MS == 0 {
			// Back at once: before any later action of this millisecond.
			m.restartDone(i, -1)
			return
		}
		m.push(&item{t: m.now + a.MS, kind: itRestart, c: i, grant: -1})
		return
	}
	n := &m.nodes[i]
	m.expireIfDue(i)
	var keep snap
	what := ""
	switch {
	case m.model == ModelDatabase:
		keep = snap{key: n.key, counter: n.counter}
		what = "it keeps every committed row"
	case m.persist == PersistAlways:
		keep = m.stateAt(i, m.now)
		what = "appendfsync always: it keeps every acknowledged write"
	case m.persist == PersistEverySec:
		keep = m.stateAt(i, m.now-fsyncEverySecMS)
		what = "appendfsync everysec: a crash of the machine, so the last second of writes, not yet fsynced, is lost (had only the Redis process died, the OS would still have written them)"
	default:
		what = "no persistence: it comes back empty"
	}
	n.restartGen++
	n.restarting, n.restore = true, keep
	m.down[i] = true
	if m.model != ModelDatabase {
		n.key = key{}
	}
	m.nodeName(i)
	m.w(" crashes and restarts")
	if a.MS > 0 {
		m.w(" in ")
		m.wt(a.MS)
		if a.MS >= m.ttl && m.model == ModelRedlock {
			m.w(", longer than the TTL: every key it had has expired by then (the delayed restart of the Redlock docs)")
		}
	}
	m.w("; ", what)
	m.emit(&Event{Kind: KindNodeDown, Node: a.Node, Reason: string(OpRestart)})
	if a.MS == 0 {
		m.restartDone(i, n.restartGen)
		return
	}
	m.push(&item{t: m.now + a.MS, kind: itRestart, c: i, grant: n.restartGen})
}

// restartDone brings node i back from restart gen (-1: a consensus member).
func (m *sim) restartDone(i, gen int) {
	if gen < 0 {
		if m.down[i] {
			m.down[i] = false
			m.nodeName(i)
			m.w(" is back from its restart and catches up from the leader's log")
			m.emit(&Event{Kind: KindNodeUp, Node: i + 1, Reason: ReasonDurableRestart})
			m.elect()
		}
		return
	}
	n := &m.nodes[i]
	if !n.restarting || n.restartGen != gen {
		return
	}
	n.restarting = false
	m.down[i] = false
	n.key, n.counter = n.restore.key, n.restore.counter
	expired := n.key.present && n.key.hasExp && m.nodeNow(i) >= n.key.expAt && m.model != ModelDatabase
	gone := n.key
	if expired {
		n.key = key{}
	}
	n.log = append(n.log[:0], snap{t: m.now, key: n.key, counter: n.counter})
	m.scheduleExpiry(i)
	var e Event
	e.Kind, e.Node = KindRestart, i+1
	m.keyFields(&e, n.key)
	if e.ExpiresAt > 0 {
		e.ExpiresAt -= n.offset
	}
	m.nodeName(i)
	m.w(" is back")
	if n.key.present {
		m.w(" with ")
		m.keyText(n.key)
	} else {
		m.w(" with no key")
	}
	if m.tokenSrc == TokenIncr {
		m.w("; the INCR counter is at ")
		m.wn(n.counter)
	}
	if expired {
		m.w("; ")
		m.keyText(gone)
		m.w(" has expired by now, so it is not loaded")
	}
	m.emit(&e)
}

// partition cuts a.Client off from a.Nodes, or, without a client, a.Nodes
// off from the other members.
func (m *sim) partition(a Action) {
	var e Event
	e.Kind, e.Client, e.Nodes = KindPartition, a.Client, m.keepNodes(a.Nodes)
	if a.Client != "" {
		ci := m.clientIndex(a.Client)
		for _, n := range a.Nodes {
			m.cutCN[ci][n-1] = true
		}
		what := nodesWord(a.Nodes)
		switch m.model {
		case ModelRedis:
			what = "the primary"
		case ModelDatabase:
			what = "the database"
		case ModelConsensus:
			what = membersWord(a.Nodes)
		}
		e.Detail = "the network cuts " + a.Client + " off from " + what
	} else {
		in := uint16(0)
		for _, n := range a.Nodes {
			in |= 1 << (n - 1)
		}
		for i := range m.nodeCount {
			for j := range m.nodeCount {
				if (in&(1<<i) != 0) != (in&(1<<j) != 0) {
					m.cutNN[i][j] = true
				}
			}
		}
		if len(a.Nodes) == 1 {
			e.Detail = membersWord(a.Nodes) + " is split from the others"
		} else {
			e.Detail = membersWord(a.Nodes) + " are split from the others"
		}
	}
	m.emit(&e)
	m.elect()
}

func (m *sim) heal() {
	m.cutCN = [MaxClients][MaxRedlockNodes]bool{}
	m.cutNN = [MaxRedlockNodes][MaxRedlockNodes]bool{}
	m.emit(&Event{Kind: KindHeal, Detail: "every partition heals"})
	m.elect()
}

func (m *sim) clockJump(a Action) {
	i := a.Node - 1
	if m.model == ModelConsensus {
		m.w("member ")
		m.wn(int64(a.Node))
		m.w("'s clock jumps ")
		m.wt(a.MS)
		m.w(" ahead; leases run on the leader's monotonic clock, so nothing expires")
		m.emitLite(KindClockJump, "", a.Node, "", a.MS, "", "")
		return
	}
	m.nodes[i].offset += a.MS
	if m.model == ModelDatabase {
		m.w("the database clock jumps ")
		m.wt(a.MS)
		m.w(" ahead: now() moves, held_until does not")
	} else {
		m.w("node ")
		m.wn(int64(a.Node))
		m.w("'s clock jumps ")
		m.wt(a.MS)
		m.w(" ahead")
	}
	m.emitLite(KindClockJump, "", a.Node, "", a.MS, "", "")
	m.expireIfDue(i)
	m.scheduleExpiry(i)
}
