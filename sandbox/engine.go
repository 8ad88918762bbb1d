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
)

// msgOp is what a client asks for.
type msgOp uint8

const (
	msgAcquire msgOp = iota // also the database claim
	msgExpire
	msgRelease
	msgExtend
	msgWrite
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
	token     int64
	heartbeat bool
	value     string
}

// reply is the service's answer. The client keeps no lease end of its own:
// what it believes is recorded in the events (ValidUntil), and it acts
// without consulting it, as the clients of the lessons do.
type reply struct {
	kind  replyKind
	grant int
	token int64
}

// key is a lock key on one node (or the database row's claim).
type key struct {
	present bool
	client  int
	grant   int
	token   int64
	hasExp  bool
	expAt   int64 // in the node's own clock
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
	counter int64 // redis fencing counter (INCR) or consensus revision
	offset  int64 // how far the node's clock has jumped ahead
	log     []snap
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

	value   string
	highest int64
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
		lag:       l.LagMS,
		fencing:   *l.FencingTokens,
		checkFenc: *s.Resource.CheckFencing,
		twoStep:   l.Acquire == AcquireSetThenExpire,
		uncondDel: l.Release == ReleaseUnconditionalDel,
		horizon:   MaxTimeMS,
		queue:     make([]item, 0, 64),
		events:    make([]Event, 0, 2*len(s.Actions)+16),
	}
	if s.UntilMS > 0 {
		m.horizon = s.UntilMS
	}
	n := 1
	if l.Model == ModelRedlock {
		n = l.Nodes
		m.drift = l.TTLMS/100 + 2
	}
	m.nodeCount = max(n, l.Nodes)
	m.quorum = n/2 + 1
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
	m.stopped = "idle"
	for {
		it, ok := m.next()
		if !ok {
			return
		}
		if it.t > m.horizon {
			if m.horizon == m.sc.UntilMS {
				m.stopped = "until_ms"
			} else {
				m.stopped = "time-limit"
			}
			return
		}
		if len(m.events) >= MaxEvents {
			m.stopped = "limit"
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
	default: // itHeartbeat, itReply, itSendExpire: client-side work
		m.clientItem(it)
	}
}

func (m *sim) emit(e Event) int {
	e.T = m.now
	m.events = append(m.events, e)
	return len(m.events) - 1
}

// clientItem runs client-side work, or defers it while the client is
// paused: a stop-the-world pause freezes actions, timers and the handling
// of answers alike.
func (m *sim) clientItem(it item) {
	c := &m.clients[it.c]
	if c.crashed {
		if it.kind == itAction {
			a := m.sc.Actions[it.idx]
			m.emit(Event{Kind: KindActionSkipped, Client: c.id, Reason: a.Op, Detail: c.id + " has crashed: " + a.Op + " does not happen"})
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
		m.clientAction(it.c, m.sc.Actions[it.idx])
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
	}
}

func (m *sim) clientAction(ci int, a Action) {
	c := &m.clients[ci]
	switch a.Op {
	case OpAcquire, OpClaim:
		m.send(ci, message{op: msgAcquire})
	case OpWrite:
		// The client does not re-check its lease: it writes with the token
		// of its latest grant, as real code between check and write does.
		m.send(ci, message{op: msgWrite, grant: c.grant, token: c.token, value: a.Value})
	case OpRelease:
		c.holds = false
		m.send(ci, message{op: msgRelease, grant: c.grant})
	case OpExtend:
		m.send(ci, message{op: msgExtend, grant: c.grant})
	case OpPause:
		c.paused = true
		m.emit(Event{Kind: KindPauseStart, Client: c.id, MS: a.MS, Detail: c.id + " freezes for " + ms(a.MS) + " (until " + itoa(m.now+a.MS) + "): nothing of it runs, heartbeat included"})
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
		m.emit(Event{Kind: KindDelay, Client: c.id, MS: a.MS, Detail: "the next message from " + c.id + " will arrive " + ms(a.MS) + " late"})
	}
}

func (m *sim) resume(ci int) {
	c := &m.clients[ci]
	c.paused = false
	d := c.id + " resumes"
	if n := len(c.deferred); n > 0 {
		d += " and runs the " + plural(n, "item") + " that fell due meanwhile, without re-checking its lease"
	}
	m.emit(Event{Kind: KindPauseEnd, Client: c.id, Detail: d})
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
		m.emit(Event{Kind: KindMessageDelayed, Client: c.id, Grant: msg.grant, Token: msg.token, Value: msg.value, MS: c.delay, ArrivesAt: m.now + d,
			Detail: msgName(msg) + " from " + c.id + " is held up in the network until " + itoa(m.now+d)})
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
	case msgExtend:
		m.extend(ci, msg)
	case msgWrite:
		m.write(ci, msg)
	}
}

func (m *sim) latency(msg message) int64 { return m.now - msg.sentAt }

// nodeNow is node i's own clock.
func (m *sim) nodeNow(i int) int64 { return m.now + m.nodes[i].offset }

// expired reports whether node i holds a key that is past its expiry by
// the node's own clock.
func (m *sim) expired(i int) bool {
	k := &m.nodes[i].key
	return k.present && k.hasExp && m.nodeNow(i) >= k.expAt
}

// expireIfDue drops node i's key if its time has come. The database row
// never expires by itself: a lapsed claim stays in the row until someone
// claims over it.
func (m *sim) expireIfDue(i int) {
	if m.model == ModelDatabase || !m.expired(i) {
		return
	}
	n := &m.nodes[i]
	k := n.key
	n.key = key{}
	e := Event{Kind: KindLeaseExpired, Client: m.clients[k.client].id, Grant: k.grant, Token: k.token}
	switch m.model {
	case ModelRedlock:
		e.Node = i + 1
		e.Detail = "node " + itoa(int64(i+1)) + " drops the key of " + e.Client
	case ModelConsensus:
		n.counter++
		e.Detail = "the lease of " + e.Client + " ran out without keep-alive; the key is deleted at revision " + itoa(n.counter)
	default:
		e.Detail = "the key of " + e.Client + " expires; the lock is free"
	}
	m.emit(e)
}

// scheduleExpiry queues a check at the real time node i's key is due.
func (m *sim) scheduleExpiry(i int) {
	k := m.nodes[i].key
	if m.model == ModelDatabase || !k.present || !k.hasExp {
		return
	}
	m.push(item{t: max(k.expAt-m.nodes[i].offset, m.now), kind: itExpire, c: i})
}

// logWrite records node i's state for a later failover (redis, redlock):
// the replica is lag ms behind, so it has only what was written before.
func (m *sim) logWrite(i int) {
	if m.model != ModelRedis && m.model != ModelRedlock {
		return
	}
	n := &m.nodes[i]
	n.log = append(n.log, snap{t: m.now, key: n.key, counter: n.counter})
	// Keep one entry at or before now-lag: older ones can never be restored.
	cut := 0
	for cut+1 < len(n.log) && n.log[cut+1].t <= m.now-m.lag {
		cut++
	}
	if cut > 0 {
		n.log = append(n.log[:0], n.log[cut:]...)
	}
}

func (m *sim) acquire(ci int, msg message) {
	c := &m.clients[ci]
	if m.model == ModelDatabase {
		m.claim(ci, msg)
		return
	}
	got := make([]int, 0, len(m.nodes))
	holder := -1
	for i := range m.nodes {
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
		case m.model != ModelRedlock:
			e.Reason = "held"
			e.Detail = e.Holder + " holds the lock"
		case len(got) < m.quorum:
			e.Reason = "no-majority"
			e.Nodes = got
			e.Detail = "got " + itoa(int64(len(got))) + " of " + itoa(int64(len(m.nodes))) + " nodes" + nodeList(got) + ", needs " + itoa(int64(m.quorum))
		default:
			e.Reason = "validity-expired"
			e.Nodes = got
			e.Detail = "the majority came too late: ttl " + itoa(m.ttl) + " − elapsed " + itoa(m.latency(msg)+m.lat) + " − drift " + itoa(m.drift) + " leaves no validity"
		}
		m.emit(e)
		m.reply(ci, reply{kind: replyDenied})
		return
	}
	m.grants++
	g := m.grants
	var token int64
	if m.model == ModelConsensus {
		m.nodes[0].counter++
		if m.fencing {
			token = m.nodes[0].counter
		}
	} else if m.fencing {
		m.nodes[0].counter++
		token = m.nodes[0].counter
	}
	exp := int64(0)
	for _, n := range got {
		i := n - 1
		m.nodes[i].key = key{present: true, client: ci, grant: g, token: token, hasExp: !m.twoStep, expAt: m.nodeNow(i) + m.ttl}
		m.logWrite(i)
		m.scheduleExpiry(i)
		if !m.twoStep {
			if r := m.nodes[i].key.expAt - m.nodes[i].offset; exp == 0 || r < exp {
				exp = r
			}
		}
	}
	e := Event{Kind: KindAcquireGranted, Client: c.id, Grant: g, Token: token, ValidUntil: msg.sentAt + m.ttl - m.drift, ExpiresAt: exp, LatencyMS: m.latency(msg)}
	var d strings.Builder
	switch m.model {
	case ModelRedlock:
		e.Nodes = got
		d.WriteString("majority of " + itoa(int64(len(got))) + "/" + itoa(int64(len(m.nodes))) + " nodes" + nodeList(got) + "; " + c.id + " believes it holds until " + itoa(e.ValidUntil) + " (ttl − elapsed − drift " + itoa(m.drift) + ")")
	case ModelConsensus:
		d.WriteString("committed at revision " + itoa(m.nodes[0].counter) + "; lease until " + itoa(exp))
	default:
		if m.twoStep {
			d.WriteString("SETNX succeeded: the key has no expiry until EXPIRE arrives")
		} else {
			d.WriteString("SET NX PX " + itoa(m.ttl) + ": lease until " + itoa(exp))
		}
	}
	if token > 0 {
		d.WriteString("; fencing token " + itoa(token))
	}
	e.Detail = d.String()
	m.emit(e)
	m.reply(ci, reply{kind: replyGranted, grant: g, token: token})
}

// claim is the database model's conditional UPDATE on the resource row:
// it succeeds when the row is free or its held_until has passed.
func (m *sim) claim(ci int, msg message) {
	c := &m.clients[ci]
	row := &m.nodes[0]
	now := m.nodeNow(0)
	if row.key.present && now < row.key.expAt {
		m.emit(Event{Kind: KindAcquireDenied, Client: c.id, Holder: m.clients[row.key.client].id, Reason: "held", LatencyMS: m.latency(msg),
			Detail: "UPDATE … WHERE holder IS NULL OR held_until < now(): 0 rows (" + m.clients[row.key.client].id + " until " + itoa(row.key.expAt-row.offset) + ")"})
		m.reply(ci, reply{kind: replyDenied})
		return
	}
	prev := ""
	if row.key.present {
		prev = "; takes over the lapsed claim of " + m.clients[row.key.client].id
	}
	m.grants++
	row.key = key{present: true, client: ci, grant: m.grants, hasExp: true, expAt: now + m.ttl}
	e := Event{Kind: KindAcquireGranted, Client: c.id, Grant: m.grants, ValidUntil: msg.sentAt + m.ttl, ExpiresAt: row.key.expAt - row.offset, LatencyMS: m.latency(msg),
		Detail: "UPDATE … SET holder = '" + c.id + "', held_until = " + itoa(row.key.expAt-row.offset) + ": 1 row" + prev}
	m.emit(e)
	m.reply(ci, reply{kind: replyGranted, grant: m.grants})
}

// expire is the EXPIRE of set-then-expire: it sets the expiry of whatever
// key is there, as the real command does.
func (m *sim) expire(ci int, msg message) {
	c := &m.clients[ci]
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

func (m *sim) release(ci int, msg message) {
	c := &m.clients[ci]
	// removed[i] is the node whose key went; released in node order, one
	// event per owner so that a foreign owner is visible.
	type gone struct {
		client, grant int
		nodes         []int
	}
	var out []gone
	for i := range m.nodes {
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
		case m.uncondDel:
			e.Kind = KindReleaseOK
			e.Detail = "DEL: there was no key to delete"
		case m.model == ModelDatabase:
			e.Detail = "UPDATE … SET holder = NULL WHERE holder = '" + c.id + "': 0 rows"
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
			e.Detail = "DEL removes the key of " + e.Holder + ", not " + c.id + "'s: the lock is free while " + e.Holder + " still works"
		case m.model == ModelDatabase:
			e.Detail = "UPDATE … SET holder = NULL: the row is free"
		case m.uncondDel:
			e.Detail = "DEL removes " + c.id + "'s own key"
		default:
			e.Detail = "compare-and-delete removes " + c.id + "'s own key"
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
	for i := range m.nodes {
		m.expireIfDue(i)
		k := &m.nodes[i].key
		if !k.present || k.client != ci || k.grant != msg.grant || msg.grant == 0 {
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
		if k := m.nodes[0].key; k.present {
			holder = k.client
		}
		switch {
		case m.model == ModelRedlock:
			e.Nodes = got
			e.Detail = what + " refused: " + c.id + " keeps " + itoa(int64(len(got))) + " of " + itoa(int64(len(m.nodes))) + " nodes, needs " + itoa(int64(m.quorum)) + "; it knows it lost the lock"
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
	e.Detail = what + ": lease of " + c.id + " extended until " + itoa(exp)
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
	e := Event{Kind: KindWriteAccepted, Client: c.id, Grant: msg.grant, Token: msg.token, Value: msg.value, LatencyMS: m.latency(msg)}
	q := strconv.Quote(msg.value)
	if m.model == ModelDatabase {
		row := m.nodes[0].key
		if m.checkFenc && (!row.present || row.client != ci) {
			e.Kind, e.Reason = KindWriteRejected, ReasonNotHolder
			e.Detail = "UPDATE … WHERE holder = '" + c.id + "': 0 rows"
			if row.present {
				e.Holder = m.clients[row.client].id
				e.Detail += " (the row names " + e.Holder + ")"
			}
			m.emit(e)
			return
		}
	} else if m.checkFenc {
		switch {
		case msg.token == 0:
			e.Kind, e.Reason = KindWriteRejected, ReasonNoToken
			e.Detail = q + " carries no fencing token"
		case msg.token < m.highest:
			e.Kind, e.Reason = KindWriteRejected, ReasonStaleToken
			e.Detail = q + " with token " + itoa(msg.token) + " < highest accepted " + itoa(m.highest) + ": refused"
		}
		if e.Kind == KindWriteRejected {
			m.emit(e)
			return
		}
	}
	m.value = msg.value
	m.highest = max(m.highest, msg.token)
	switch {
	case msg.token > 0 && m.checkFenc:
		e.Detail = q + " with token " + itoa(msg.token) + " stored"
	case msg.token > 0:
		e.Detail = q + " stored (token " + itoa(msg.token) + " not checked)"
	case m.model == ModelDatabase && m.checkFenc:
		e.Detail = "UPDATE … WHERE holder = '" + c.id + "': " + q + " stored"
	default:
		e.Detail = q + " stored, no questions asked"
	}
	m.emit(e)
}

func (m *sim) serviceAction(a Action) {
	switch a.Op {
	case OpFailover:
		m.failover(a)
	case OpClockJump:
		m.clockJump(a)
	}
}

func (m *sim) failover(a Action) {
	if m.model == ModelConsensus {
		e := Event{Kind: KindFailover, Detail: "the leader fails; a new leader is elected with the whole committed log: nothing is lost"}
		if k := m.nodes[0].key; k.present {
			e.Holder, e.Grant, e.Token, e.ExpiresAt = m.clients[k.client].id, k.grant, k.token, k.expAt
		}
		m.emit(e)
		return
	}
	i := max(a.Node, 1) - 1
	n := &m.nodes[i]
	m.expireIfDue(i)
	before := n.key
	beforeCounter := n.counter
	// The promoted replica has every write up to now-lag and none after.
	s := n.log[0]
	for _, l := range n.log {
		if l.t <= m.now-m.lag {
			s = l
		}
	}
	n.key, n.counter, n.offset = s.key, s.counter, 0
	n.log = append(n.log[:0], snap{t: m.now, key: n.key, counter: n.counter})
	if n.key.present && n.key.hasExp && n.key.expAt <= m.now {
		n.key = key{}
	}
	m.scheduleExpiry(i)
	e := Event{Kind: KindFailover, ExpiresAt: 0}
	if m.model == ModelRedlock {
		e.Node = i + 1
	}
	if n.key.present {
		e.Holder, e.Grant, e.Token = m.clients[n.key.client].id, n.key.grant, n.key.token
		if n.key.hasExp {
			e.ExpiresAt = n.key.expAt
		}
	}
	var d strings.Builder
	d.WriteString("a replica " + itoa(m.lag) + " ms behind is promoted: ")
	d.WriteString(m.failoverChange(before, n.key))
	if m.fencing && beforeCounter != n.counter {
		d.WriteString("; the fencing counter goes back from " + itoa(beforeCounter) + " to " + itoa(n.counter))
	}
	e.Detail = d.String()
	m.emit(e)
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
	case before.grant != after.grant:
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
	if k.hasExp {
		return s + ", expiring at " + itoa(k.expAt) + ")"
	}
	return s + ", with no expiry)"
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
	e.Detail = "node " + itoa(int64(a.Node)) + "'s clock jumps " + ms(a.MS) + " ahead"
	if m.model == ModelDatabase {
		e.Detail = "the database clock jumps " + ms(a.MS) + " ahead: now() moves, held_until does not"
	}
	m.emit(e)
	m.expireIfDue(i)
	m.scheduleExpiry(i)
}

func (m *sim) timeline() Timeline {
	raw := m.events
	vs := Check(raw, len(m.nodes))
	sum := Summary{Violations: vs, Grants: m.grants, FinalValue: m.value, HighestToken: m.highest, Stopped: m.stopped}
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
	case m.stopped == "until_ms" || m.stopped == "time-limit":
		sum.EndMS = m.horizon
	case len(raw) > 0:
		sum.EndMS = raw[len(raw)-1].T
	}
	events := withViolations(raw, vs)
	ids := make([]string, len(m.clients))
	for i, c := range m.clients {
		ids[i] = c.id
	}
	return Timeline{EngineVersion: EngineVersion, Model: m.model, Nodes: m.nodeCount, Clients: ids, Events: events, Summary: sum}
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

func msgName(msg message) string {
	switch msg.op {
	case msgAcquire:
		return "the acquire"
	case msgExpire:
		return "the EXPIRE"
	case msgRelease:
		return "the release"
	case msgExtend:
		if msg.heartbeat {
			return "the heartbeat"
		}
		return "the extend"
	}
	return "the write " + strconv.Quote(msg.value)
}
