package sandbox

import "strings"

// The lock nodes: their keys, clocks, reachability, expiry and the
// replication log a failover or a restart goes back to.

// key is a lock key on one node (or the database row's claim).
type key struct {
	present bool
	client  int
	grant   int // 0: left by a refused attempt
	attempt int // the acquire attempt that set it
	token   int64
	hasExp  bool
	expAt   int64 // in the node's own clock
	lapsed  bool  // database: its lapse has been recorded
}

// snap is the state of a node after one replicated write.
type snap struct {
	t       int64
	key     key
	counter int64
}

// node is one lock node: redis (one), redlock (N), the consensus store
// (one logical store) or the database row.
type node struct {
	key     key
	counter int64 // redis fencing counter (INCR), consensus revision, database epoch
	offset  int64 // how far the node's clock has jumped ahead
	log     []snap
	// restore is what a restarting node will come back with; restartGen
	// tells the scheduled return of the latest restart from older ones.
	restore    snap
	restarting bool
	restartGen int
}

// nodeNow is node i's own clock.
func (m *sim) nodeNow(i int) int64 { return m.now + m.nodes[i].offset }

// reach reports whether client ci can talk to lock node i (0-based): the
// node is up and no partition lies between them. Consensus asks whether
// the client reaches a member on the leader's side instead.
func (m *sim) reach(ci, i int) bool {
	if m.model == ModelConsensus {
		if m.leader < 0 {
			return false
		}
		for j := range m.nodeCount {
			if m.side&(1<<j) != 0 && !m.cutCN[ci][j] {
				return true
			}
		}
		return false
	}
	return !m.down[i] && !m.cutCN[ci][i]
}

// unreachable says why client ci cannot reach node i, for a detail.
func (m *sim) unreachable(ci, i int) string {
	c := m.clients[ci].id
	switch {
	case m.model == ModelConsensus && m.leader < 0:
		return "no majority of the " + itoa(int64(m.nodeCount)) + " members can reach each other: the cluster has no leader and commits nothing"
	case m.model == ModelConsensus:
		var can []int
		for j := range m.nodeCount {
			if !m.down[j] && !m.cutCN[ci][j] {
				can = append(can, j+1)
			}
		}
		if len(can) == 0 {
			return c + " reaches no member of the cluster"
		}
		if len(can) == 1 {
			return c + " reaches only " + membersWord(can) + ", a minority without the leader: it cannot commit anything"
		}
		return c + " reaches only " + membersWord(can) + ", a minority without the leader: they cannot commit anything"
	case m.model == ModelDatabase && m.down[i]:
		return "the database is down"
	case m.model == ModelDatabase:
		return c + " is cut off from the database"
	case m.down[i] && m.model == ModelRedis:
		return "the primary is down"
	case m.down[i]:
		return "node " + itoa(int64(i+1)) + " is down"
	case m.model == ModelRedis:
		return c + " is cut off from the primary"
	}
	return c + " is cut off from node " + itoa(int64(i+1))
}

// nodesWord is "node 3" or "nodes 1,2" (redlock's numbered nodes).
func nodesWord(nodes []int) string {
	w := "node "
	if len(nodes) > 1 {
		w = "nodes "
	}
	l := nodeList(nodes)
	return w + l[2:len(l)-1]
}

// membersWord is nodesWord for the members of a consensus cluster.
func membersWord(nodes []int) string {
	return "member" + strings.TrimPrefix(nodesWord(nodes), "node")
}

// unreachNodes names, for a redlock detail, every node of nodes that
// client ci cannot reach and why: "nodes 4,5 down; B cut off from nodes
// 1,2". A node both down and cut off counts as down.
func (m *sim) unreachNodes(ci int, nodes []int) string {
	var down, cut []int
	for _, n := range nodes {
		if m.down[n-1] {
			down = append(down, n)
		} else {
			cut = append(cut, n)
		}
	}
	var parts []string
	if len(down) > 0 {
		parts = append(parts, nodesWord(down)+" down")
	}
	if len(cut) > 0 {
		parts = append(parts, m.clients[ci].id+" cut off from "+nodesWord(cut))
	}
	return strings.Join(parts, "; ")
}

// expired reports whether node i holds a key that is past its expiry by
// the node's own clock.
func (m *sim) expired(i int) bool {
	k := &m.nodes[i].key
	return k.present && k.hasExp && m.nodeNow(i) >= k.expAt
}

// expireIfDue drops node i's key if its time has come. The database row
// keeps a lapsed claim (the row still names its holder until someone
// claims over it), but the lapse is recorded, once, since from then on the
// claim protects nothing. A consensus lease expires only while there is a
// leader to revoke it.
func (m *sim) expireIfDue(i int) {
	if !m.expired(i) || (m.model == ModelConsensus && m.leader < 0) {
		return
	}
	n := &m.nodes[i]
	k := n.key
	var e Event
	e.Kind, e.Client, e.Grant, e.Token = KindLeaseExpired, m.clients[k.client].id, k.grant, k.token
	if m.model == ModelDatabase {
		if k.lapsed {
			return
		}
		n.key.lapsed = true
		m.w("the claim of ", e.Client, " lapses: held_until ")
		m.wt(k.expAt)
		m.w(" has passed by the database's clock")
		if n.offset != 0 {
			// The row keeps what the claim wrote; it is the database's
			// now(), pushed on by a clock jump, that passed it.
			m.w(" (now() reads ")
			m.wt(m.nodeNow(i))
			m.w(", ")
			m.wt(n.offset)
			m.w(" ahead of the timeline)")
		}
		m.w("; the row still names ", e.Client, ", but any claim may take it over and its guarded writes fail")
		m.emit(&e)
		return
	}
	n.key = key{}
	switch {
	case k.grant == 0:
		e.Node = i + 1
		m.w("the key left by ", e.Client, "'s refused attempt expires")
		if m.model == ModelRedlock {
			m.w(" on node ")
			m.wn(int64(i + 1))
		}
	case m.model == ModelRedlock:
		e.Node = i + 1
		m.w("node ")
		m.wn(int64(i + 1))
		m.w(" drops the key of ", e.Client)
	case m.model == ModelConsensus:
		n.counter++
		m.w("the lease of ", e.Client, " ran out without keep-alive; the key is deleted at revision ")
		m.wn(n.counter)
	default:
		m.w("the key of ", e.Client, " expires; the lock is free")
	}
	if m.model == ModelRedis {
		e.Node = 0
	}
	m.emit(&e)
}

// scheduleExpiry queues a check at the real time node i's key is due.
func (m *sim) scheduleExpiry(i int) {
	k := m.nodes[i].key
	if !k.present || !k.hasExp {
		return
	}
	m.pushInOrder(&item{t: max(k.expAt-m.nodes[i].offset, m.now), kind: itExpire, c: i})
}

// logWrite records node i's state for a later failover or restart (redis,
// redlock): the replica is lag ms behind, and a restart restores what the
// persistence kept, so the log reaches back as far as either needs.
func (m *sim) logWrite(i int) {
	if m.model != ModelRedis && m.model != ModelRedlock {
		return
	}
	n := &m.nodes[i]
	n.log = append(n.log, snap{t: m.now, key: n.key, counter: n.counter})
	// Keep one entry at or before now-keep: older ones can never be restored.
	cut := 0
	for cut+1 < len(n.log) && n.log[cut+1].t <= m.now-m.keep {
		cut++
	}
	if cut > 0 {
		n.log = append(n.log[:0], n.log[cut:]...)
	}
}

// stateAt is node i's state as of time t, from its log.
func (m *sim) stateAt(i int, t int64) snap {
	n := &m.nodes[i]
	s := n.log[0]
	for _, l := range n.log {
		if l.t <= t {
			s = l
		}
	}
	return s
}

// tokenWrite writes tokenText(token) into the next detail.
func (m *sim) tokenWrite(token int64) {
	if token == 0 {
		return
	}
	switch m.tokenSrc {
	case TokenIncr:
		m.w("; fencing token ")
		m.wn(token)
		m.w(m.incrWhere())
	case TokenRevision:
		m.w("; fencing token ")
		m.wn(token)
		m.w(", the revision of the grant")
	case TokenEpoch:
		m.w("; token: epoch ")
		m.wn(token)
		m.w(" of the row")
	default:
		m.w(m.tokenText(token))
	}
}

// incrWhere says where an INCR token came from: in the acquire script when
// the acquire is one atomic script; with SETNX then EXPIRE there is no such
// script, and the INCR is one more command of its own.
func (m *sim) incrWhere() string {
	if m.sc.Lock.Acquire == AcquireSetThenExpire {
		return " from an INCR sent after the SETNX, a command of its own"
	}
	return " from INCR in the acquire script"
}

// tokenText says where a grant's token came from.
func (m *sim) tokenText(token int64) string {
	switch {
	case token == 0:
		return ""
	case m.tokenSrc == TokenIncr:
		return "; fencing token " + itoa(token) + m.incrWhere()
	case m.tokenSrc == TokenRevision:
		return "; fencing token " + itoa(token) + ", the revision of the grant"
	case m.tokenSrc == TokenEpoch:
		return "; token: epoch " + itoa(token) + " of the row"
	}
	return "; fencing token " + itoa(token)
}
