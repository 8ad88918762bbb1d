package sandbox

import (
	"fmt"
	"slices"
	"strings"
)

// The service's faults and operations: failover, leader election,
// nodes down and up, restarts, partitions and clock jumps.

func (m *sim) serviceAction(a Action) {
	switch a.Op {
	case OpFailover:
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
	case OpClockJump:
		m.clockJump(a)
	case OpNodeDown:
		m.nodeDown(a.Node - 1)
	case OpNodeUp:
		m.nodeUp(a.Node - 1)
	case OpRestart:
		m.restart(a)
	case OpPartition:
		m.partition(a)
	case OpHeal:
		m.heal()
	}
}

// failover promotes the redis replica: it has every write up to now-lag
// and none after (with lag 0, everything).
func (m *sim) failover() {
	if m.down[1] {
		m.emit(Event{Kind: KindActionSkipped, Reason: string(OpFailover), Detail: "failover: the replica is down, there is nothing to promote"})
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
	e := Event{Kind: KindFailover}
	m.keyFields(&e, n.key)
	var d strings.Builder
	if m.sync {
		d.WriteString("the replica, which acknowledged every write (WAIT 1), is promoted: ")
	} else {
		d.WriteString("a replica " + itoa(m.lag) + " ms behind is promoted: ")
	}
	d.WriteString(m.failoverChange(before, n.key))
	if m.tokenSrc == TokenIncr && beforeCounter != n.counter {
		d.WriteString("; the INCR counter of the tokens goes back from " + itoa(beforeCounter) + " to " + itoa(n.counter))
	}
	e.Detail = d.String()
	m.emit(e)
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

// failoverChange says what a failover did to the lock: the key the
// promoted replica has (holder, grant and expiry) against the key the old
// primary had. A replica that lags can bring back a key already released
// or expired, or an expiry from before an extension, and the learner needs
// to see that to understand why the next acquire is denied or granted.
func (m *sim) failoverChange(before, after key) string {
	switch {
	case !before.present && !after.present:
		return "no key, as before"
	case !after.present:
		return m.keyText(before) + " is lost, so the lock is free"
	case !before.present:
		return "it brings back " + m.keyText(after) + ", already gone on the old primary, so the lock is held in " + m.clients[after.client].id + "'s name again"
	case before.grant != after.grant || before.attempt != after.attempt:
		return m.keyText(before) + " is lost and " + m.keyText(after) + " is back in its place"
	}
	s := "it has " + m.keyText(after)
	switch {
	case before.hasExp && !after.hasExp:
		s += "; its EXPIRE is lost, so it never expires"
	case before.hasExp && before.expAt != after.expAt:
		s += "; the extension to " + itoa(before.expAt) + " is lost"
	}
	return s
}

// keyText names a key with its holder, grant and expiry.
func (m *sim) keyText(k key) string {
	s := "the key of " + m.clients[k.client].id + " (grant " + itoa(int64(k.grant))
	if k.grant == 0 {
		s = "the key left by " + m.clients[k.client].id + "'s refused attempt ("
	}
	if k.hasExp {
		return s + ", expiring at " + itoa(k.expAt) + ")"
	}
	return s + ", with no expiry)"
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
		m.emit(Event{Kind: KindFailover, Reason: "no-quorum", Detail: "no majority of the " + itoa(int64(m.nodeCount)) + " members can reach each other: no leader, so nothing is granted, renewed or expired"})
	default:
		m.promote(m.leader)
	}
}

// promote is a new consensus leader taking over.
func (m *sim) promote(leader int) {
	n := &m.nodes[0]
	k := &n.key
	e := Event{Kind: KindFailover, Node: 0}
	d := fmt.Sprintf(leaderDetail, leader+1) + ", with the whole committed log: nothing is lost"
	if k.present {
		k.expAt = m.nodeNow(0) + m.ttl
		k.hasExp = true
		m.scheduleExpiry(0)
		d += "; it refreshes every lease to its full TTL (etcd's lessor.Promote): the lease of " + m.clients[k.client].id + " now ends at " + itoa(k.expAt-n.offset)
	}
	m.keyFields(&e, *k)
	if k.present {
		e.ExpiresAt = k.expAt - n.offset
	}
	e.Detail = d
	m.emit(e)
}

// leaderFails is the consensus failover op: the leader steps down and the
// next member that reaches a majority is elected.
func (m *sim) leaderFails() {
	if m.leader < 0 {
		m.emit(Event{Kind: KindActionSkipped, Reason: string(OpFailover), Detail: "failover: there is no leader to fail (no quorum)"})
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

func (m *sim) nodeName(i int) string {
	switch m.model {
	case ModelRedis:
		if i == 1 {
			return "the replica"
		}
		return "the primary"
	case ModelDatabase:
		return "the database"
	case ModelConsensus:
		return "member " + itoa(int64(i+1))
	}
	return "node " + itoa(int64(i+1))
}

func (m *sim) nodeDown(i int) {
	if m.down[i] {
		m.emit(Event{Kind: KindActionSkipped, Node: i + 1, Reason: string(OpNodeDown), Detail: m.nodeName(i) + " is down already"})
		return
	}
	m.down[i] = true
	d := m.nodeName(i) + " stops answering; what it holds stays in its memory"
	switch {
	case m.model == ModelRedis && i == 1:
		d = "the replica stops answering: nothing can be promoted"
		if m.sync {
			d += ", and WAIT 1 gets no acknowledgement"
		}
	case m.model == ModelRedlock:
		d += "; a client needs a majority of the others"
	}
	m.emit(Event{Kind: KindNodeDown, Node: i + 1, Detail: d})
	m.elect()
}

func (m *sim) nodeUp(i int) {
	n := m.nodes[min(i, len(m.nodes)-1)]
	if i < len(m.nodes) && n.restarting {
		m.restartDone(i, n.restartGen)
		return
	}
	if !m.down[i] {
		m.emit(Event{Kind: KindActionSkipped, Node: i + 1, Reason: string(OpNodeUp), Detail: m.nodeName(i) + " is up already"})
		return
	}
	m.down[i] = false
	d := m.nodeName(i) + " answers again, with what it held"
	if m.model == ModelRedis && i == 1 {
		d = "the replica is back and resynchronises from the primary"
	}
	m.emit(Event{Kind: KindNodeUp, Node: i + 1, Detail: d})
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
		m.emit(Event{Kind: KindNodeDown, Node: a.Node, Reason: ReasonDurableRestart, Detail: m.nodeName(i) + " restarts; its log is on disk, so it loses nothing"})
		m.elect()
		if a.MS == 0 {
			// Back at once: before any later action of this millisecond.
			m.restartDone(i, -1)
			return
		}
		m.push(item{t: m.now + a.MS, kind: itRestart, c: i, grant: -1})
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
		what = "appendfsync everysec: it keeps the writes up to a second ago"
	default:
		what = "no persistence: it comes back empty"
	}
	n.restartGen++
	n.restarting, n.restore = true, keep
	m.down[i] = true
	if m.model != ModelDatabase {
		n.key = key{}
	}
	d := m.nodeName(i) + " crashes and restarts"
	if a.MS > 0 {
		d += " in " + ms(a.MS)
		if a.MS >= m.ttl && m.model == ModelRedlock {
			d += ", longer than the TTL: every key it had has expired by then (the delayed restart of the Redlock docs)"
		}
	}
	m.emit(Event{Kind: KindNodeDown, Node: a.Node, Reason: string(OpRestart), Detail: d + "; " + what})
	if a.MS == 0 {
		m.restartDone(i, n.restartGen)
		return
	}
	m.push(item{t: m.now + a.MS, kind: itRestart, c: i, grant: n.restartGen})
}

// restartDone brings node i back from restart gen (-1: a consensus member).
func (m *sim) restartDone(i, gen int) {
	if gen < 0 {
		if m.down[i] {
			m.down[i] = false
			m.emit(Event{Kind: KindNodeUp, Node: i + 1, Reason: ReasonDurableRestart, Detail: m.nodeName(i) + " is back from its restart and catches up from the leader's log"})
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
	gone := ""
	if n.key.present && n.key.hasExp && m.nodeNow(i) >= n.key.expAt && m.model != ModelDatabase {
		gone = "; " + m.keyText(n.key) + " has expired by now, so it is not loaded"
		n.key = key{}
	}
	n.log = append(n.log[:0], snap{t: m.now, key: n.key, counter: n.counter})
	m.scheduleExpiry(i)
	e := Event{Kind: KindRestart, Node: i + 1}
	m.keyFields(&e, n.key)
	if e.ExpiresAt > 0 {
		e.ExpiresAt -= n.offset
	}
	d := m.nodeName(i) + " is back"
	switch {
	case n.key.present:
		d += " with " + m.keyText(n.key)
	default:
		d += " with no key"
	}
	if m.tokenSrc == TokenIncr {
		d += "; the INCR counter is at " + itoa(n.counter)
	}
	e.Detail = d + gone
	m.emit(e)
}

// partition cuts a.Client off from a.Nodes, or, without a client, a.Nodes
// off from the other members.
func (m *sim) partition(a Action) {
	e := Event{Kind: KindPartition, Client: a.Client, Nodes: slices.Clone(a.Nodes)}
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
	m.emit(e)
	m.elect()
}

func (m *sim) heal() {
	m.cutCN = [MaxClients][MaxRedlockNodes]bool{}
	m.cutNN = [MaxRedlockNodes][MaxRedlockNodes]bool{}
	m.emit(Event{Kind: KindHeal, Detail: "every partition heals"})
	m.elect()
}

func (m *sim) clockJump(a Action) {
	i := a.Node - 1
	e := Event{Kind: KindClockJump, Node: a.Node, MS: a.MS}
	if m.model == ModelConsensus {
		e.Detail = "member " + itoa(int64(a.Node)) + "'s clock jumps " + ms(a.MS) + " ahead; leases run on the leader's monotonic clock, so nothing expires"
		m.emit(e)
		return
	}
	m.nodes[i].offset += a.MS
	if m.model == ModelDatabase {
		m.w("the database clock jumps ")
		m.wn(a.MS)
		m.w(" ms ahead: now() moves, held_until does not")
	} else {
		m.w("node ")
		m.wn(int64(a.Node))
		m.w("'s clock jumps ")
		m.wn(a.MS)
		m.w(" ms ahead")
	}
	m.emit(e)
	m.expireIfDue(i)
	m.scheduleExpiry(i)
}
