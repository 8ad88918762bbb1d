package sandbox

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// The engine is a discrete-event loop over a virtual millisecond clock.
// Everything that will happen later is an item in one priority queue
// ordered by (time, sequence): actions are queued first, in file order, so
// at the same millisecond they run before anything the run itself
// scheduled, and same-time items run in the order they were scheduled.
// Work with no delay (latency 0) happens inline, so cause and effect appear
// in causal order within a millisecond.

// itemKind says what a queued item does when its time comes.
type itemKind uint8

const (
	itAction     itemKind = iota // run scenario action idx
	itPauseEnd                   // client resumes
	itHeartbeat                  // client's heartbeat timer for grant
	itArrive                     // message msg reaches the service or resource
	itReply                      // the service's answer reaches the client
	itExpire                     // a key on node may be due to expire
	itSendExpire                 // set-then-expire: the client sends EXPIRE for grant
	itRetry                      // the client tries its refused acquire again
	itRestart                    // node c comes back from a restart (generation grant)
)

// msgOp is what a client asks for.
type msgOp uint8

const (
	msgAcquire msgOp = iota // also the database claim
	msgExpire
	msgRelease
	msgExtend
	msgWrite
	msgUnlock // after a refused attempt: delete the keys it left (attempt)
)

// replyKind is what the service answers.
type replyKind uint8

const (
	replyGranted replyKind = iota
	replyDenied
	replyExtended
	replyExtendRefused
)

type item struct {
	t     int64
	seq   int64
	kind  itemKind
	c     int // client index, or node index for itExpire
	idx   int // action index
	grant int
	msg   message
	rep   reply
}

type message struct {
	op        msgOp
	sentAt    int64
	grant     int
	attempt   int
	token     int64
	heartbeat bool
	// act is the write action whose value and key a write carries. An
	// index rather than the strings keeps queued items free of pointers,
	// which the heap moves around a lot.
	act int
}

// reply is the service's answer. The client keeps no lease end of its own:
// what it believes is recorded in the events (ValidUntil), and it acts
// without consulting it, as the clients of the lessons do.
type reply struct {
	kind  replyKind
	grant int
	token int64
	// attempt and leftover: a refused attempt that left keys on some
	// nodes, for the client to unlock.
	attempt  int
	leftover bool
}

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

type client struct {
	id       string
	hb       int64
	paused   bool
	crashed  bool
	delay    int64
	grant    int
	token    int64
	holds    bool
	deferred []item
	hbLate   bool // a heartbeat fell due during the pause
	attempt  int  // the latest acquire attempt
	retries  int  // retries left for it
}

type sim struct {
	sc        Scenario
	model     string
	ttl       int64
	lat       int64
	lag       int64
	drift     int64
	quorum    int
	fencing   bool
	checkFenc bool
	twoStep   bool
	uncondDel bool
	horizon   int64
	tokenSrc  string
	sync      bool  // redis: lag 0, every write acknowledged by the replica
	keep      int64 // how far back the node logs must reach (lag, fsync window)
	persist   string
	ledger    bool
	idem      bool
	retryMax  int64
	rng       uint64
	attempts  int

	// Topology: down[i] is lock node i (redis: 1 is the replica) not
	// answering; cutCN a client cut off from a node, cutNN two nodes cut
	// off from each other; leader is the consensus leader (-1: no quorum).
	down   [MaxRedlockNodes + 1]bool
	cutCN  [MaxClients][MaxRedlockNodes]bool
	cutNN  [MaxRedlockNodes][MaxRedlockNodes]bool
	leader int
	side   uint16 // consensus: the members on the leader's side

	now        int64
	seq        int64
	queue      []item
	actions    []int // action indices in the order they run
	actClient  []int // client index of each action, -1 for service ops
	nextAction int
	events     []Event
	clients    []client
	nodes      []node
	nodeCount  int // lock nodes as the scenario names them (consensus: replicas of one store)
	grants     int

	// det holds the detail text of the events, written straight into
	// one buffer (w, wn) instead of a string per concatenation; spans
	// say which part is whose, and timeline() cuts the details out of it.
	det   strings.Builder
	mark  int
	spans []span
	num   [24]byte

	value   string
	highest int64
	effects int
	applied map[string]bool // ledger idempotency keys applied
	stopped string
}

// Run plays s and returns its timeline. It is deterministic and cheap. Run
// applies WithDefaults itself; a scenario that fails Validate yields a
// timeline holding one KindInvalid event, never a panic.
func Run(s Scenario) Timeline {
	s = s.WithDefaults()
	if err := s.Validate(); err != nil {
		return Timeline{
			EngineVersion: EngineVersion,
			Model:         s.Lock.Model,
			Nodes:         1,
			Clients:       []string{},
			Events:        []Event{{Kind: KindInvalid, Detail: err.Error()}},
			Summary:       Summary{Violations: []Violation{}, Stopped: "invalid"},
		}
	}
	m := newSim(s)
	m.loop()
	return m.timeline()
}

func newSim(s Scenario) *sim {
	l := s.Lock
	m := &sim{
		sc:        s,
		model:     l.Model,
		ttl:       l.TTLMS,
		lat:       s.Network.LatencyMS,
		fencing:   l.TokenSource != TokenNone,
		tokenSrc:  l.TokenSource,
		persist:   l.Persistence,
		ledger:    s.Resource.Kind == ResourceLedger,
		idem:      s.Resource.IdempotencyKeys,
		retryMax:  l.RetryDelayMS,
		rng:       l.Seed,
		checkFenc: *s.Resource.CheckFencing,
		twoStep:   l.Acquire == AcquireSetThenExpire,
		uncondDel: l.Release == ReleaseUnconditionalDel,
		horizon:   MaxTimeMS,
		queue:     make([]item, 0, 64),
		// Room for the events a run usually has, and for a few violation
		// events, which withViolations inserts in place.
		events: make([]Event, 0, min(len(s.Actions)+len(s.Actions)/4+16, MaxEvents)+16),
		spans:  make([]span, 0, min(len(s.Actions)+len(s.Actions)/4+16, MaxEvents)),
	}
	if s.UntilMS > 0 {
		m.horizon = s.UntilMS
	}
	// About 70 bytes of detail per event, for the events expected.
	m.det.Grow(cap(m.events) * 72)
	if l.LagMS != nil && l.Model == ModelRedis {
		m.lag = *l.LagMS
		m.sync = m.lag == 0
	}
	m.keep = m.lag
	if m.persist == PersistEverySec {
		m.keep = max(m.keep, fsyncEverySecMS)
	}
	if m.ledger {
		m.applied = map[string]bool{}
	}
	n := 1
	if l.Model == ModelRedlock {
		n = l.Nodes
		m.drift = l.TTLMS/100 + 2
	}
	m.nodeCount = max(n, l.Nodes)
	m.quorum = n/2 + 1
	if l.Model == ModelConsensus {
		m.leader, m.side = m.quorumSide()
	}
	m.nodes = make([]node, n)
	for i := range m.nodes {
		m.nodes[i].log = []snap{{t: -1 << 62}}
	}
	m.clients = make([]client, len(s.Clients))
	for i, c := range s.Clients {
		m.clients[i] = client{id: c.ID, hb: c.HeartbeatMS}
	}
	// Actions wait in their own list, stably sorted by time: they count as
	// scheduled before anything the run schedules, so at the same
	// millisecond they come first, in file order.
	m.actions = make([]int, len(s.Actions))
	for i := range m.actions {
		m.actions[i] = i
	}
	slices.SortStableFunc(m.actions, func(a, b int) int { return cmp.Compare(s.Actions[a].AtMS, s.Actions[b].AtMS) })
	m.actClient = make([]int, len(s.Actions))
	for i, a := range s.Actions {
		m.actClient[i] = m.clientIndex(a.Client)
		if a.Op == OpPartition {
			// A partition names a client but is the network's doing.
			m.actClient[i] = -1
		}
	}
	return m
}

func (m *sim) clientIndex(id string) int {
	for i := range m.clients {
		if m.clients[i].id == id {
			return i
		}
	}
	return -1
}

// push and pop keep m.queue a binary min-heap on (t, seq).
func (m *sim) push(it item) {
	it.seq = m.seq
	m.seq++
	q := append(m.queue, it)
	i := len(q) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !less(&q[i], &q[p]) {
			break
		}
		q[i], q[p] = q[p], q[i]
		i = p
	}
	m.queue = q
}

func (m *sim) pop() item {
	q := m.queue
	top := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q = q[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(q) {
			break
		}
		c := l
		if r := l + 1; r < len(q) && less(&q[r], &q[l]) {
			c = r
		}
		if !less(&q[c], &q[i]) {
			break
		}
		q[i], q[c] = q[c], q[i]
		i = c
	}
	m.queue = q
	return top
}

func less(a, b *item) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	return a.seq < b.seq
}

// next takes the earliest pending item: the next action, unless the queue
// holds something earlier.
func (m *sim) next() (item, bool) {
	if m.nextAction < len(m.actions) {
		i := m.actions[m.nextAction]
		if t := m.sc.Actions[i].AtMS; len(m.queue) == 0 || t <= m.queue[0].t {
			return item{t: t, kind: itAction, idx: i, c: m.actClient[i]}, true
		}
	}
	if len(m.queue) == 0 {
		return item{}, false
	}
	return m.queue[0], true
}

func (m *sim) loop() {
	m.stopped = StoppedIdle
	for {
		it, ok := m.next()
		if !ok {
			return
		}
		if len(m.events) >= MaxEvents {
			m.stopped = StoppedEventBudget
			return
		}
		if it.t > m.horizon {
			if m.horizon == m.sc.UntilMS {
				m.stopped = StoppedUntil
			} else {
				m.stopped = StoppedTimeLimit
			}
			return
		}
		if it.kind == itAction {
			m.nextAction++
		} else {
			m.pop()
		}
		m.now = it.t
		m.dispatch(it)
	}
}

func (m *sim) dispatch(it item) {
	switch it.kind {
	case itAction:
		if it.c < 0 {
			m.serviceAction(m.sc.Actions[it.idx])
			return
		}
		m.clientItem(it)
	case itPauseEnd:
		m.resume(it.c)
	case itArrive:
		m.arrive(it.c, it.msg)
	case itExpire:
		m.expireIfDue(it.c)
	case itRestart:
		m.restartDone(it.c, it.grant)
	default: // itHeartbeat, itReply, itSendExpire, itRetry: client-side work
		m.clientItem(it)
	}
}

// emit records e at the current time. The events budget is enforced here
// as well as in the loop, so that no single step can run past it: an event
// beyond it is dropped and the run stops after the step.
func (m *sim) emit(e Event) int {
	from, to := int32(m.mark), int32(m.det.Len())
	m.mark = m.det.Len()
	if len(m.events) >= MaxEvents {
		m.stopped = StoppedEventBudget
		return -1
	}
	if e.Detail != "" {
		from = -1
	}
	e.T = m.now
	m.events = append(m.events, e)
	m.spans = append(m.spans, span{from, to})
	return len(m.events) - 1
}

// span is where an event's detail is in sim.det; from < 0: the event
// brought its own Detail.
type span struct{ from, to int32 }

// w writes parts of the detail of the next event emitted.
func (m *sim) w(parts ...string) {
	for _, p := range parts {
		m.det.WriteString(p)
	}
}

// wn writes a number into the detail of the next event emitted.
func (m *sim) wn(n int64) { m.det.Write(strconv.AppendInt(m.num[:0], n, 10)) }

// rand draws the next number of the scenario's seeded generator
// (splitmix64, written out so that it can never change under us).
func (m *sim) rand() uint64 {
	m.rng += 0x9e3779b97f4a7c15
	z := m.rng
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// clientItem runs client-side work, or defers it while the client is
// paused: a stop-the-world pause freezes actions, timers and the handling
// of answers alike.
func (m *sim) clientItem(it item) {
	c := &m.clients[it.c]
	if c.crashed {
		if it.kind == itAction {
			a := m.sc.Actions[it.idx]
			m.w(c.id, " has crashed: ", a.Op, " does not happen")
			m.emit(Event{Kind: KindActionSkipped, Client: c.id, Reason: a.Op})
		}
		return
	}
	if c.paused {
		if it.kind == itHeartbeat {
			// A late timer fires once, however many periods it missed.
			if c.hbLate {
				return
			}
			c.hbLate = true
		}
		c.deferred = append(c.deferred, it)
		return
	}
	switch it.kind {
	case itAction:
		m.clientAction(it.c, it.idx)
	case itHeartbeat:
		c.hbLate = false
		if !c.holds || c.grant != it.grant {
			return
		}
		m.send(it.c, message{op: msgExtend, grant: c.grant, heartbeat: true})
		m.push(item{t: m.now + c.hb, kind: itHeartbeat, c: it.c, grant: it.grant})
	case itReply:
		m.answer(it.c, it.rep)
	case itSendExpire:
		m.send(it.c, message{op: msgExpire, grant: it.grant})
	case itRetry:
		if c.holds {
			return
		}
		m.attempts++
		c.attempt = m.attempts
		m.send(it.c, message{op: msgAcquire, attempt: c.attempt})
	}
}

func (m *sim) clientAction(ci, idx int) {
	c := &m.clients[ci]
	a := &m.sc.Actions[idx]
	switch a.Op {
	case OpAcquire, OpClaim:
		m.attempts++
		c.attempt, c.retries = m.attempts, m.sc.Lock.Retries
		m.send(ci, message{op: msgAcquire, attempt: c.attempt})
	case OpWrite:
		// The client does not re-check its lease: it writes with the token
		// of its latest grant, as real code between check and write does.
		m.send(ci, message{op: msgWrite, grant: c.grant, token: c.token, act: idx})
	case OpRelease:
		c.holds = false
		m.send(ci, message{op: msgRelease, grant: c.grant})
	case OpExtend:
		m.send(ci, message{op: msgExtend, grant: c.grant})
	case OpPause:
		c.paused = true
		m.w(c.id, " freezes for ")
		m.wn(a.MS)
		m.w(" ms (until ")
		m.wn(m.now + a.MS)
		m.w("): nothing of it runs, heartbeat included")
		m.emit(Event{Kind: KindPauseStart, Client: c.id, MS: a.MS})
		m.push(item{t: m.now + a.MS, kind: itPauseEnd, c: ci})
	case OpCrash:
		c.crashed = true
		c.holds = false
		c.deferred = nil
		d := c.id + " crashes"
		if c.grant > 0 {
			d += "; its key stays at the service until it expires, if it ever does"
		}
		m.emit(Event{Kind: KindCrash, Client: c.id, Grant: c.grant, Detail: d})
	case OpDelay:
		c.delay = a.MS
		m.w("the next message from ", c.id, " will arrive ")
		m.wn(a.MS)
		m.w(" ms late")
		m.emit(Event{Kind: KindDelay, Client: c.id, MS: a.MS})
	}
}

func (m *sim) resume(ci int) {
	c := &m.clients[ci]
	c.paused = false
	m.w(c.id, " resumes")
	if n := len(c.deferred); n > 0 {
		m.w(" and runs the ", plural(n, "item"), " that fell due meanwhile, without re-checking its lease")
	}
	m.emit(Event{Kind: KindPauseEnd, Client: c.id})
	for len(c.deferred) > 0 && !c.paused && !c.crashed {
		it := c.deferred[0]
		c.deferred = c.deferred[1:]
		m.clientItem(it)
	}
}

// send puts a message from client ci on the network.
func (m *sim) send(ci int, msg message) {
	c := &m.clients[ci]
	msg.sentAt = m.now
	d := m.lat + c.delay
	if c.delay > 0 {
		m.w(m.msgName(msg), " from ", c.id, " is held up in the network until ")
		m.wn(m.now + d)
		m.emit(Event{Kind: KindMessageDelayed, Client: c.id, Grant: msg.grant, Token: msg.token, Value: m.msgValue(msg), MS: c.delay, ArrivesAt: m.now + d})
		c.delay = 0
	}
	if d == 0 {
		m.arrive(ci, msg)
		return
	}
	m.push(item{t: m.now + d, kind: itArrive, c: ci, msg: msg})
}

// reply sends the service's answer back to client ci.
func (m *sim) reply(ci int, r reply) {
	if m.lat == 0 {
		m.clientItem(item{kind: itReply, c: ci, rep: r})
		return
	}
	m.push(item{t: m.now + m.lat, kind: itReply, c: ci, rep: r})
}

// answer is the client taking in the service's answer.
func (m *sim) answer(ci int, r reply) {
	c := &m.clients[ci]
	switch r.kind {
	case replyGranted:
		c.grant, c.token, c.holds = r.grant, r.token, true
		if c.hb > 0 {
			m.push(item{t: m.now + c.hb, kind: itHeartbeat, c: ci, grant: r.grant})
		}
		if m.twoStep {
			m.push(item{t: m.now + 1, kind: itSendExpire, c: ci, grant: r.grant})
		}
	case replyDenied:
		// As the Redis docs require: unlock every node after a failed
		// attempt, then retry after a random delay.
		if r.leftover {
			m.send(ci, message{op: msgUnlock, attempt: r.attempt})
		}
		if c.retries > 0 && r.attempt == c.attempt && !c.crashed {
			c.retries--
			d := 1 + int64(m.rand()%uint64(m.retryMax))
			m.emit(Event{Kind: KindRetry, Client: c.id, MS: d,
				Detail: c.id + " retries in " + ms(d) + " (a random delay of up to " + ms(m.retryMax) + ", seed " + strconv.FormatUint(m.sc.Lock.Seed, 10) + "); " + retriesLeft(c.retries) + " left after that"})
			m.push(item{t: m.now + d, kind: itRetry, c: ci})
		}
	case replyExtendRefused:
		if c.grant == r.grant {
			c.holds = false
		}
	}
}

// arrive is a message from client ci reaching its destination.
func (m *sim) arrive(ci int, msg message) {
	switch msg.op {
	case msgAcquire:
		m.acquire(ci, msg)
	case msgExpire:
		m.expire(ci, msg)
	case msgRelease:
		m.release(ci, msg)
	case msgUnlock:
		m.unlock(ci, msg)
	case msgExtend:
		m.extend(ci, msg)
	case msgWrite:
		m.write(ci, msg)
	}
}

func (m *sim) latency(msg message) int64 { return m.now - msg.sentAt }

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
		return c + " reaches only members" + nodeList(can) + ", a minority without the leader: they cannot commit anything"
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
	e := Event{Kind: KindLeaseExpired, Client: m.clients[k.client].id, Grant: k.grant, Token: k.token}
	if m.model == ModelDatabase {
		if k.lapsed {
			return
		}
		n.key.lapsed = true
		e.Detail = "the claim of " + e.Client + " lapses: held_until " + itoa(k.expAt-n.offset) + " has passed by the database's clock; the row still names " + e.Client + ", but any claim may take it over and its guarded writes fail"
		m.emit(e)
		return
	}
	n.key = key{}
	switch {
	case k.grant == 0:
		e.Node = i + 1
		e.Detail = "the key left by " + e.Client + "'s refused attempt expires"
		if m.model == ModelRedlock {
			e.Detail += " on node " + itoa(int64(i+1))
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
	m.emit(e)
}

// scheduleExpiry queues a check at the real time node i's key is due.
func (m *sim) scheduleExpiry(i int) {
	k := m.nodes[i].key
	if !k.present || !k.hasExp {
		return
	}
	m.push(item{t: max(k.expAt-m.nodes[i].offset, m.now), kind: itExpire, c: i})
}

// fsyncEverySecMS is what appendfsync everysec can lose.
const fsyncEverySecMS = 1000

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
		m.w(" from INCR in the acquire script")
	case TokenRevision:
		m.w("; fencing token ")
		m.wn(token)
		m.w(", the revision of the grant")
	default:
		m.w(m.tokenText(token))
	}
}

// tokenText says where a grant's token came from.
func (m *sim) tokenText(token int64) string {
	switch {
	case token == 0:
		return ""
	case m.tokenSrc == TokenIncr:
		return "; fencing token " + itoa(token) + " from INCR in the acquire script"
	case m.tokenSrc == TokenRevision:
		return "; fencing token " + itoa(token) + ", the revision of the grant"
	case m.tokenSrc == TokenEpoch:
		return "; token: epoch " + itoa(token) + " of the row"
	}
	return "; fencing token " + itoa(token)
}

func (m *sim) acquire(ci int, msg message) {
	c := &m.clients[ci]
	if m.model == ModelDatabase {
		m.claim(ci, msg)
		return
	}
	got := make([]int, 0, len(m.nodes))
	holder := -1
	unreach := -1
	for i := range m.nodes {
		if !m.reach(ci, i) {
			if unreach < 0 {
				unreach = i
			}
			continue
		}
		m.expireIfDue(i)
		k := &m.nodes[i].key
		if k.present {
			if holder < 0 {
				holder = k.client
			}
			continue
		}
		got = append(got, i+1)
	}
	validity := m.ttl - (m.latency(msg) + m.lat) - m.drift
	if len(got) < m.quorum || (m.model == ModelRedlock && validity <= 0) {
		e := Event{Kind: KindAcquireDenied, Client: c.id, LatencyMS: m.latency(msg)}
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
			e.Nodes = got
			e.Detail = "got " + itoa(int64(len(got))) + " of " + itoa(int64(len(m.nodes))) + " nodes" + nodeList(got) + ", needs " + itoa(int64(m.quorum))
			if unreach >= 0 {
				e.Detail += " (" + m.unreachable(ci, unreach) + ")"
			}
		default:
			e.Reason = "validity-expired"
			e.Nodes = got
			e.Detail = "the majority came too late: ttl " + itoa(m.ttl) + " − elapsed " + itoa(m.latency(msg)+m.lat) + " − drift " + itoa(m.drift) + " leaves no validity"
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
		m.emit(e)
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
		m.emit(Event{Kind: KindAcquireDenied, Client: c.id, Reason: "not-replicated", LatencyMS: m.latency(msg),
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
	e := Event{Kind: KindAcquireGranted, Client: c.id, Grant: g, Token: token, ValidUntil: msg.sentAt + m.ttl - m.drift, ExpiresAt: exp, LatencyMS: m.latency(msg)}
	switch m.model {
	case ModelRedlock:
		e.Nodes = got
		m.w("majority of ")
		m.wn(int64(len(got)))
		m.w("/")
		m.wn(int64(len(m.nodes)))
		m.w(" nodes", nodeList(got), "; ", c.id, " believes it holds until ")
		m.wn(e.ValidUntil)
		m.w(" (ttl − elapsed − drift ")
		m.wn(m.drift)
		m.w(")")
	case ModelConsensus:
		m.w("committed at revision ")
		m.wn(m.nodes[0].counter)
		m.w("; lease until ")
		m.wn(exp)
	default:
		if m.twoStep {
			m.w("SETNX succeeded: the key has no expiry until EXPIRE arrives")
		} else {
			m.w("SET NX PX ")
			m.wn(m.ttl)
			m.w(": lease until ")
			m.wn(exp)
		}
		if m.sync {
			m.w("; WAIT 1: the replica has it before the answer")
		}
	}
	m.tokenWrite(token)
	m.emit(e)
	m.reply(ci, reply{kind: replyGranted, grant: g, token: token})
}

// claim is the database model's conditional UPDATE on the resource row:
// it succeeds when the row is free or its held_until has passed by the
// database's clock, and bumps the row's epoch.
func (m *sim) claim(ci int, msg message) {
	c := &m.clients[ci]
	row := &m.nodes[0]
	if !m.reach(ci, 0) {
		m.emit(Event{Kind: KindAcquireDenied, Client: c.id, Reason: "unavailable", LatencyMS: m.latency(msg), Detail: m.unreachable(ci, 0)})
		m.reply(ci, reply{kind: replyDenied, attempt: msg.attempt})
		return
	}
	m.expireIfDue(0)
	now := m.nodeNow(0)
	if row.key.present && now < row.key.expAt {
		m.emit(Event{Kind: KindAcquireDenied, Client: c.id, Holder: m.clients[row.key.client].id, Reason: "held", LatencyMS: m.latency(msg),
			Detail: "UPDATE … WHERE holder IS NULL OR held_until < now(): 0 rows (" + m.clients[row.key.client].id + " until " + itoa(row.key.expAt-row.offset) + ")"})
		m.reply(ci, reply{kind: replyDenied, attempt: msg.attempt})
		return
	}
	prev := ""
	if row.key.present {
		prev = "; takes over the lapsed claim of " + m.clients[row.key.client].id
	}
	m.grants++
	row.counter++
	var token int64
	if m.tokenSrc == TokenEpoch {
		token = row.counter
	}
	row.key = key{present: true, client: ci, grant: m.grants, attempt: msg.attempt, token: token, hasExp: true, expAt: now + m.ttl}
	m.scheduleExpiry(0)
	e := Event{Kind: KindAcquireGranted, Client: c.id, Grant: m.grants, Token: token, ValidUntil: msg.sentAt + m.ttl, ExpiresAt: row.key.expAt - row.offset, LatencyMS: m.latency(msg),
		Detail: "UPDATE … SET holder = '" + c.id + "', epoch = " + itoa(row.counter) + ", held_until = " + itoa(row.key.expAt-row.offset) + ": 1 row" + prev + m.tokenText(token)}
	m.emit(e)
	m.reply(ci, reply{kind: replyGranted, grant: m.grants, token: token})
}

// expire is the EXPIRE of set-then-expire: it sets the expiry of whatever
// key is there, as the real command does.
func (m *sim) expire(ci int, msg message) {
	c := &m.clients[ci]
	if !m.reach(ci, 0) {
		m.emit(Event{Kind: KindExpireSet, Client: c.id, Grant: msg.grant, LatencyMS: m.latency(msg), Reason: "unavailable", Detail: "EXPIRE does not arrive: " + m.unreachable(ci, 0)})
		return
	}
	k := &m.nodes[0].key
	if !k.present {
		m.emit(Event{Kind: KindExpireSet, Client: c.id, Grant: msg.grant, LatencyMS: m.latency(msg), Detail: "EXPIRE finds no key"})
		return
	}
	k.hasExp = true
	k.expAt = m.nodeNow(0) + m.ttl
	m.logWrite(0)
	m.scheduleExpiry(0)
	m.emit(Event{Kind: KindExpireSet, Client: c.id, Holder: m.clients[k.client].id, Grant: k.grant, ExpiresAt: k.expAt - m.nodes[0].offset, LatencyMS: m.latency(msg),
		Detail: "EXPIRE " + itoa(m.ttl) + ": the key of " + m.clients[k.client].id + " now expires at " + itoa(k.expAt-m.nodes[0].offset)})
}

// unlock deletes the keys a refused attempt left, on every node the
// client reaches: the unlock-all the Redis docs ask for.
func (m *sim) unlock(ci int, msg message) {
	c := &m.clients[ci]
	var gone []int
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
		e.Nodes = gone
		e.Detail = c.id + " unlocks every node after its refused attempt: the keys it left on nodes" + nodeList(gone) + " are deleted"
	}
	m.emit(e)
}

func (m *sim) release(ci int, msg message) {
	c := &m.clients[ci]
	// removed[i] is the node whose key went; released in node order, one
	// event per owner so that a foreign owner is visible.
	type gone struct {
		client, grant int
		nodes         []int
	}
	var out []gone
	unreach := -1
	for i := range m.nodes {
		if !m.reach(ci, i) {
			if unreach < 0 {
				unreach = i
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
		j := slices.IndexFunc(out, func(g gone) bool { return g.client == k.client && g.grant == k.grant })
		if j < 0 {
			out = append(out, gone{client: k.client, grant: k.grant})
			j = len(out) - 1
		}
		out[j].nodes = append(out[j].nodes, i+1)
	}
	if len(out) == 0 {
		e := Event{Kind: KindReleaseRefused, Client: c.id, Grant: msg.grant, LatencyMS: m.latency(msg)}
		switch {
		case unreach >= 0 && m.model != ModelRedlock:
			e.Reason = "unavailable"
			e.Detail = "the release does not arrive: " + m.unreachable(ci, unreach) + "; the key stays until it expires"
		case m.uncondDel:
			e.Kind = KindReleaseOK
			e.Detail = "DEL: there was no key to delete"
		case m.model == ModelDatabase:
			e.Detail = "UPDATE … SET holder = NULL WHERE holder = '" + c.id + "' AND epoch = …: 0 rows"
		default:
			e.Detail = "compare-and-delete: the key is not " + c.id + "'s"
			if msg.grant == 0 {
				e.Detail = c.id + " never held the lock"
			}
		}
		m.emit(e)
		return
	}
	for _, g := range out {
		e := Event{Kind: KindReleaseOK, Client: c.id, Holder: m.clients[g.client].id, Grant: g.grant, LatencyMS: m.latency(msg)}
		if m.model == ModelRedlock {
			e.Nodes = g.nodes
		}
		switch {
		case g.client != ci:
			m.w("DEL removes the key of ", e.Holder, ", not ", c.id, "'s: the lock is free while ", e.Holder, " still works")
		case m.model == ModelDatabase:
			m.w("UPDATE … SET holder = NULL: the row is free")
		case m.uncondDel:
			m.w("DEL removes ", c.id, "'s own key")
		default:
			m.w("compare-and-delete removes ", c.id, "'s own key")
		}
		if unreach >= 0 && m.model == ModelRedlock {
			m.w("; ", m.unreachable(ci, unreach), ", where the key stays until it expires")
		}
		m.emit(e)
	}
}

func (m *sim) extend(ci int, msg message) {
	c := &m.clients[ci]
	what := "extend"
	if msg.heartbeat {
		what = "heartbeat"
	}
	var got []int
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
		e := Event{Kind: KindExtendRefused, Client: c.id, Grant: msg.grant, LatencyMS: m.latency(msg), Reason: what}
		holder := -1
		if k := m.nodes[0].key; k.present && k.grant > 0 {
			holder = k.client
		}
		switch {
		case m.model == ModelRedlock:
			e.Nodes = got
			e.Detail = what + " refused: " + c.id + " keeps " + itoa(int64(len(got))) + " of " + itoa(int64(len(m.nodes))) + " nodes, needs " + itoa(int64(m.quorum)) + "; it knows it lost the lock"
		case unreach >= 0:
			e.Detail = what + " fails: " + m.unreachable(ci, unreach) + "; " + c.id + " cannot tell whether it still holds the lock and must stop"
		case lapsed:
			e.Detail = what + " refused: UPDATE … SET held_until = … WHERE holder = '" + c.id + "' AND held_until > now(): 0 rows, the claim lapsed and cannot be revived; " + c.id + " knows it lost it"
		case holder >= 0 && holder != ci:
			e.Holder = m.clients[holder].id
			e.Detail = what + " refused: the lock is " + e.Holder + "'s now; " + c.id + " knows it lost it"
		default:
			e.Detail = what + " refused: " + c.id + "'s key is gone; it knows it lost the lock"
		}
		m.emit(e)
		m.reply(ci, reply{kind: replyExtendRefused, grant: msg.grant})
		return
	}
	e := Event{Kind: KindExtendOK, Client: c.id, Grant: msg.grant, Token: m.clients[ci].token, ValidUntil: msg.sentAt + m.ttl - m.drift, ExpiresAt: exp, LatencyMS: m.latency(msg), Reason: what}
	if m.model == ModelRedlock {
		e.Nodes = got
	}
	m.w(what, ": lease of ", c.id, " extended until ")
	m.wn(exp)
	m.emit(e)
	m.reply(ci, reply{kind: replyExtended, grant: msg.grant})
}

// write is a write reaching the resource.
func (m *sim) write(ci int, msg message) {
	c := &m.clients[ci]
	// A key due at this very millisecond is gone before the write lands,
	// so the timeline shows the lease state the write really met.
	for i := range m.nodes {
		m.expireIfDue(i)
	}
	a := &m.sc.Actions[msg.act]
	e := Event{Kind: KindWriteAccepted, Client: c.id, Grant: msg.grant, Token: msg.token, Value: a.Value, LatencyMS: m.latency(msg)}
	if m.ledger {
		e.Key = a.Key
		if e.Key == "" {
			e.Key = a.Value
		}
	}
	q := strconv.Quote(a.Value)
	if m.model == ModelDatabase {
		row := m.nodes[0].key
		if !m.reach(ci, 0) {
			e.Kind, e.Reason = KindWriteRejected, ReasonUnavailable
			e.Detail = q + " is not stored: " + m.unreachable(ci, 0)
			m.emit(e)
			return
		}
		if m.checkFenc {
			guard := "UPDATE … WHERE holder = '" + c.id + "'"
			if m.tokenSrc == TokenEpoch {
				guard += " AND epoch = " + itoa(msg.token)
			}
			guard += " AND held_until > now()"
			switch {
			case !row.present || row.client != ci:
				e.Kind, e.Reason = KindWriteRejected, ReasonNotHolder
				e.Detail = guard + ": 0 rows"
				if row.present {
					e.Holder = m.clients[row.client].id
					e.Detail += " (the row names " + e.Holder + ")"
				}
			case m.tokenSrc == TokenEpoch && row.token != msg.token:
				e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
				e.Detail = guard + ": 0 rows (the row is at epoch " + itoa(row.token) + ")"
			case m.expired(0):
				e.Kind, e.Reason = KindWriteRejected, ReasonLapsed
				e.Detail = guard + ": 0 rows (the claim lapsed at " + itoa(row.expAt-m.nodes[0].offset) + ")"
			}
			if e.Kind == KindWriteRejected {
				m.emit(e)
				return
			}
		}
	} else if m.checkFenc {
		switch {
		case msg.token == 0:
			e.Kind, e.Reason = KindWriteRejected, ReasonNoToken
			m.w(q, " carries no fencing token")
		case msg.token < m.highest:
			e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
			m.w(q, " with token ")
			m.wn(msg.token)
			m.w(" < highest accepted ")
			m.wn(m.highest)
			m.w(": refused")
		}
		if e.Kind == KindWriteRejected {
			m.emit(e)
			return
		}
	}
	if m.ledger && m.idem && m.applied[e.Key] {
		e.Kind, e.Reason = KindWriteRejected, ReasonDuplicateKey
		e.Detail = "idempotency key " + strconv.Quote(e.Key) + " was applied already: acknowledged, not applied again"
		m.emit(e)
		return
	}
	m.value = a.Value
	m.highest = max(m.highest, msg.token)
	stored := " stored"
	if m.ledger {
		m.applied[e.Key] = true
		m.effects++
		stored = " added to the ledger (effect " + strconv.Itoa(m.effects) + ")"
	}
	switch {
	case m.model == ModelDatabase && m.checkFenc:
		m.w("UPDATE … WHERE holder = '", c.id, "'")
		if m.tokenSrc == TokenEpoch {
			m.w(" AND epoch = ")
			m.wn(msg.token)
		}
		m.w(" AND held_until > now(): 1 row, ", q, stored)
	case msg.token > 0 && m.checkFenc:
		m.w(q, " with token ")
		m.wn(msg.token)
		m.w(stored)
	case msg.token > 0:
		m.w(q, stored, " (token ")
		m.wn(msg.token)
		m.w(" not checked)")
	default:
		m.w(q, stored, ", no questions asked")
	}
	m.emit(e)
}

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
		m.emit(Event{Kind: KindActionSkipped, Reason: OpFailover, Detail: "failover: the replica is down, there is nothing to promote"})
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
	d := "member " + itoa(int64(leader+1)) + " is the leader, with the whole committed log: nothing is lost"
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
		m.emit(Event{Kind: KindActionSkipped, Reason: OpFailover, Detail: "failover: there is no leader to fail (no quorum)"})
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
		m.emit(Event{Kind: KindActionSkipped, Node: i + 1, Reason: OpNodeDown, Detail: m.nodeName(i) + " is down already"})
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
		m.emit(Event{Kind: KindActionSkipped, Node: i + 1, Reason: OpNodeUp, Detail: m.nodeName(i) + " is up already"})
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
	m.emit(Event{Kind: KindNodeDown, Node: a.Node, Reason: OpRestart, Detail: d + "; " + what})
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
		what := "nodes" + nodeList(a.Nodes)
		switch m.model {
		case ModelRedis:
			what = "the primary"
		case ModelDatabase:
			what = "the database"
		case ModelConsensus:
			what = "members" + nodeList(a.Nodes)
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
		e.Detail = "the network splits members" + nodeList(a.Nodes) + " from the others"
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
		e.Detail = "node " + itoa(int64(a.Node)) + "'s clock jumps " + ms(a.MS) + " ahead; leases run on the leader's monotonic clock, so nothing expires"
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

func (m *sim) timeline() Timeline {
	raw := m.events
	text := m.det.String()
	for i, sp := range m.spans {
		if sp.from >= 0 {
			raw[i].Detail = text[sp.from:sp.to]
		}
	}
	vs := Check(raw, len(m.nodes))
	sum := Summary{Violations: vs, Grants: m.grants, FinalValue: m.value, HighestToken: m.highest, Effects: m.effects, Stopped: m.stopped}
	if sum.Violations == nil {
		sum.Violations = []Violation{}
	}
	for _, e := range raw {
		switch e.Kind {
		case KindWriteAccepted:
			sum.WritesAccepted++
		case KindWriteRejected:
			sum.WritesRejected++
		}
	}
	switch {
	case m.stopped == StoppedUntil || m.stopped == StoppedTimeLimit:
		sum.EndMS = m.horizon
	case len(raw) > 0:
		sum.EndMS = raw[len(raw)-1].T
	}
	events := withViolations(raw, vs)
	ids := make([]string, len(m.clients))
	for i, c := range m.clients {
		ids[i] = c.id
	}
	return Timeline{EngineVersion: EngineVersion, Model: m.model, Nodes: m.nodeCount, TokenSource: m.tokenSrc, Resource: m.sc.Resource.Kind, Clients: ids, Events: events, Summary: sum}
}

// withViolations inserts after each event the violation events about it,
// in place (the events slice has room to spare), and renumbers vs to the
// new indices.
func withViolations(events []Event, vs []Violation) []Event {
	if len(vs) == 0 {
		return events
	}
	n := len(events)
	events = slices.Grow(events, len(vs))[:n+len(vs)]
	w := len(events) // events[w:] are final
	v := len(vs) - 1
	for r := n - 1; r >= 0; r-- {
		first := v
		for first >= 0 && vs[first].Event == r {
			first--
		}
		// vs[first+1 .. v] are about event r, in order.
		w -= v - first + 1
		events[w] = events[r]
		for k := first + 1; k <= v; k++ {
			vs[k].Event = w
			events[w+k-first] = Event{T: vs[k].T, Kind: KindViolation, Client: vs[k].Client, Reason: vs[k].Kind, Ref: w, Detail: vs[k].Detail}
		}
		v = first
	}
	return events
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func ms(n int64) string { return strconv.FormatInt(n, 10) + " ms" }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func retriesLeft(n int) string {
	if n == 1 {
		return "1 retry"
	}
	return strconv.Itoa(n) + " retries"
}

func nodeList(nodes []int) string {
	if len(nodes) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" (")
	for i, n := range nodes {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(strconv.Itoa(n))
	}
	b.WriteString(")")
	return b.String()
}

// msgValue is the value a message carries ("" unless a write).
func (m *sim) msgValue(msg message) string {
	if msg.op != msgWrite {
		return ""
	}
	return m.sc.Actions[msg.act].Value
}

func (m *sim) msgName(msg message) string {
	if msg.op == msgWrite {
		return "the write " + strconv.Quote(m.sc.Actions[msg.act].Value)
	}
	return msgName(msg)
}

func msgName(msg message) string {
	switch msg.op {
	case msgAcquire:
		return "the acquire"
	case msgExpire:
		return "the EXPIRE"
	case msgUnlock:
		return "the unlock"
	case msgRelease:
		return "the release"
	case msgExtend:
		if msg.heartbeat {
			return "the heartbeat"
		}
		return "the extend"
	}
	return "the write"
}
