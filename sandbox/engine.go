package sandbox

import (
	"cmp"
	"slices"
	"sync"
	"unsafe"
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

type item struct {
	t     int64
	kind  itemKind
	c     int // client index, or node index for itExpire
	idx   int // action index
	grant int
	msg   message
	rep   reply
}

type sim struct {
	sc        Scenario
	model     Model
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
	tokenSrc  TokenSource
	sync      bool  // redis: lag 0, every write acknowledged by the replica
	keep      int64 // how far back the node logs must reach (lag, fsync window)
	persist   Persistence
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

	now int64
	seq int64
	// queue[:qn] is a binary min-heap on (t, seq) of the pending items (qkey),
	// items[:in] the items (queue[k].slot their index), free[:fn] the
	// slots free again. The slices are buffers of their full length: the
	// counts change, the slices only when they grow, so that the heap's
	// work stores no pointer (and costs no write barrier).
	queue      []qent
	items      []item
	free       []int32
	qn, in, fn int
	// fifo[fh:ft] are pending items scheduled in the order of their
	// keys (most expiry checks: the lease's length after now, which only
	// grows), kept out of the heap: the next item is the first of the
	// heap's and the fifo's.
	fifo       []qent
	fh, ft     int
	actions    []int // action indices in the order they run (nil: in file order)
	nActions   int
	actT       []int64 // their times, in that order
	actClient  []int   // client index of each action, -1 for service ops
	actOp      []uint8 // op code of each action (opCode)
	nextAction int
	// evb holds the events, in their compact form, as they are emitted.
	evb       eventsBuilder
	nraw      int   // events but the violation events: what the budget counts
	lastT     int64 // the time of the latest of those
	accepted  int   // write.accepted events
	rejected  int   // write.rejected events
	clients   []client
	nodes     []node
	nodeCount int // lock nodes as the scenario names them (consensus: replicas of one store)
	grants    int

	// The detail text of the events is written straight into the
	// events' detail buffer (evb.es.det, by w, wn and wq, as tokens)
	// instead of a string per concatenation; the pending event's detail
	// is det[mark:dn], which emit records in place.
	mark int

	value   string
	highest int64
	effects int
	applied map[string]bool // ledger idempotency keys applied
	stopped StopReason

	nodeTmp []int // keepNodes' copy of the next event's Nodes

	// failTok is the tokens of the start of a redis failover's detail
	// (see failover), the same all run.
	failTok tokRun

	buf *runBuffers // where the buffers came from, for the checker's ledger
	// skip and gen are buf's (skipCrashed's encodings, current when
	// their gen is gen), kept here for the most frequent step of a long
	// run.
	skip []skipEnc
	gen  uint32
	ids  clientIDs
}

// Run plays s and returns its timeline. It is deterministic and cheap. Run
// applies WithDefaults itself; a scenario that fails Validate yields a
// timeline holding one KindInvalid event, never a panic.
func Run(s Scenario) Timeline {
	s = s.WithDefaults()
	b := bufPool.Get().(*runBuffers)
	// Validate looks up each action's client; newSim takes the indices.
	b.actClient = slices.Grow(b.actClient[:0], len(s.Actions))[:len(s.Actions)]
	b.actOp = slices.Grow(b.actOp[:0], len(s.Actions))[:len(s.Actions)]
	b.actT = slices.Grow(b.actT[:0], len(s.Actions))[:len(s.Actions)]
	sorted, err := s.validate(b.actClient, b.actOp, b.actT)
	if err != nil {
		bufPool.Put(b)
		return Timeline{
			EngineVersion: EngineVersion,
			Model:         s.Lock.Model,
			Nodes:         1,
			Clients:       []string{},
			Events:        EventsOf([]Event{{Kind: KindInvalid, Detail: err.Error()}}),
			Summary:       Summary{Violations: []Violation{}, Stopped: "invalid"},
		}
	}
	m := newSim(s, b, sorted)
	m.loop()
	t := m.timeline()
	m.recycle(b)
	bufPool.Put(b)
	return t
}

// runBuffers are what a run needs only while it runs: the queue, the
// action order, and the checker with its ledger. Reusing them from one
// run to the next spares the garbage collector; nothing in them carries
// over (recycle empties them, newSim starts them afresh).
type runBuffers struct {
	queue     []qent
	items     []item
	free      []int32
	fifo      []qent
	actions   []int
	actT      []int64
	actClient []int
	actOp     []uint8
	// sim is the run's state, and clients, nodes and applied the room
	// it had for its clients, nodes (their logs) and ledger keys.
	sim     sim
	clients []client
	nodes   []node
	applied map[string]bool
	ledger  Ledger
	check   checker
	// seen is the events' string slots (eventsBuilder), gen the latest
	// run's mark in skip.
	seen *strTable
	gen  uint32
	// skip is the encoded action.skipped of each crashed client and
	// op (skipCrashed), current when its gen is gen.
	skip []skipEnc
	// idx, ebuf and det are the events' buffers (eventsBuilder), which
	// Run copies out of.
	idx       []evAt
	ebuf, det []byte
	strs      []string
}

// bufPool holds the runBuffers of finished runs. It is the package's one
// global, and holds no state a run can see.
var bufPool = sync.Pool{New: func() any { return new(runBuffers) }}

// recycle hands the buffers back into b, emptied: the ledger forgets the
// run's events, the checker its findings.
func (m *sim) recycle(b *runBuffers) {
	b.queue, b.items, b.free, b.fifo = m.queue, m.items, m.free, m.fifo
	b.idx, b.ebuf, b.det = m.evb.es.idx, m.evb.es.buf, m.evb.es.det
	m.evb.unsee()
	b.strs = m.evb.es.strs
	clear(b.strs) // the strings are the timeline's
	if m.actions != nil {
		b.actions = m.actions[:0]
	}
	b.actT, b.actClient, b.actOp = m.actT[:0], m.actClient[:0], m.actOp[:0]
	b.clients, b.nodes = m.clients[:0], m.nodes[:0]
	// What the run read goes; the room stays.
	for i := range m.clients {
		m.clients[i].id = ""
	}
	m.sc = Scenario{}
	b.ledger.forget()
	b.check.begin()
}

// newSim readies the run of s, which Run's validation found valid (it
// recorded each action's client, op code and time in b, and whether the
// actions are listed in time order).
func newSim(s Scenario, b *runBuffers, sorted bool) *sim {
	l := s.Lock
	m := &b.sim
	*m = sim{
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
		queue:     b.queue,
		items:     b.items,
		free:      b.free,
		fifo:      b.fifo,
		buf:       b,
		nodeTmp:   m.nodeTmp,
	}
	// The events go into buffers kept from run to run, which grow to
	// what the longest run needed (Run copies them out at the end): no
	// guess of their number is needed.
	if b.seen == nil {
		b.seen = new(strTable)
	}
	b.gen++
	if b.gen == 0 { // after 2³² runs: no entry may look current
		clear(b.skip)
		b.gen = 1
	}
	m.evb.initPooled(b.idx, b.ebuf, b.det, b.strs, b.seen)
	if s.UntilMS > 0 {
		m.horizon = s.UntilMS
	}
	if l.LagMS != nil && l.Model == ModelRedis {
		m.lag = *l.LagMS
		m.sync = m.lag == 0
	}
	m.keep = m.lag
	if m.persist == PersistEverySec {
		m.keep = max(m.keep, fsyncEverySecMS)
	}
	if m.ledger {
		if b.applied == nil {
			b.applied = map[string]bool{}
		}
		clear(b.applied)
		m.applied = b.applied
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
	m.nodes = slices.Grow(b.nodes[:0], n)[:n]
	for i := range m.nodes {
		m.nodes[i] = node{log: append(m.nodes[i].log[:0], snap{t: -1 << 62})}
	}
	b.ledger.begin(nil, n, true)
	b.ledger.evs = &m.evb.es // the ledger reads only the events emitted
	b.check.l = &b.ledger
	b.check.begin()
	m.clients = slices.Grow(b.clients[:0], len(s.Clients))[:len(s.Clients)]
	for i, c := range s.Clients {
		m.clients[i] = client{id: c.ID, hb: c.HeartbeatMS, deferred: m.clients[i].deferred[:0]}
	}
	// Actions wait in their own list, stably sorted by time: they count as
	// scheduled before anything the run schedules, so at the same
	// millisecond they come first, in file order. The loop looks at the
	// next action's time before each step: actT are the times, in the
	// order the actions run. Most scenarios list their actions in time
	// order already: then the list is the file's order (validation has
	// put their times in b.actT), and m.actions nil.
	m.actT = b.actT[:len(s.Actions)]
	m.nActions = len(s.Actions)
	if !sorted {
		m.actions = slices.Grow(b.actions[:0], len(s.Actions))[:len(s.Actions)]
		for i := range m.actions {
			m.actions[i] = i
		}
		slices.SortStableFunc(m.actions, func(a, b int) int { return cmp.Compare(s.Actions[a].AtMS, s.Actions[b].AtMS) })
		for k, i := range m.actions {
			m.actT[k] = s.Actions[i].AtMS
		}
	}
	m.ids = newClientIDs(m.sc.Clients)
	// Run's validation has put each action's client index in
	// b.actClient already.
	m.actClient = b.actClient[:len(s.Actions)]
	m.actOp = b.actOp[:len(s.Actions)]
	if b.skip == nil {
		b.skip = make([]skipEnc, MaxClients*numOpCodes)
	}
	m.skip, m.gen = b.skip, b.gen

	return m
}

// clientIndex is the index of the client with id, -1 for none.
func (m *sim) clientIndex(id string) int { return m.ids.index(id) }

// qent is a pending item in the queue: its place in the order, as one
// number (qkey), and where the item itself waits (items[slot]). The heap
// moves these small entries, not the items.
type qent struct {
	key  uint64
	slot int32
}

// The queue's order is (time, sequence) in one key: the time in the top
// bits, the sequence (the order items were scheduled in) below. A time
// past qMaxT, which only an item that can never run has (the run stops
// at MaxTimeMS), counts as qMaxT.
const (
	qSeqBits = 40
	qMaxT    = 1<<(64-qSeqBits) - 1
)

func qkey(t, seq int64) uint64 { return uint64(min(t, qMaxT))<<qSeqBits | uint64(seq) }

// qtime is the time of a key.
func qtime(k uint64) int64 { return int64(k >> qSeqBits) }

// push and pop keep m.queue a binary min-heap on the items' keys.
func (m *sim) push(it *item) {
	e := m.enter(it)
	if m.qn == len(m.queue) {
		m.queue = grown(m.queue)
	}
	q := m.queue
	i := m.qn
	m.qn++
	for i > 0 {
		p := (i - 1) / 2
		if q[p].key < e.key {
			break
		}
		q[i] = q[p]
		i = p
	}
	q[i] = e
}

// pushInOrder is push for an item that is usually scheduled in the order
// of the keys (an expiry check): it waits in the fifo when its key comes
// after the fifo's last, else in the heap.
func (m *sim) pushInOrder(it *item) {
	if m.ft > m.fh && qkey(it.t, m.seq) < m.fifo[m.ft-1].key {
		m.push(it)
		return
	}
	e := m.enter(it)
	if m.fh == m.ft {
		m.fh, m.ft = 0, 0
	} else if m.ft == len(m.fifo) && m.fh > 0 {
		// Move what waits to the front rather than grow.
		m.ft = copy(m.fifo, m.fifo[m.fh:m.ft])
		m.fh = 0
	}
	if m.ft == len(m.fifo) {
		m.fifo = grown(m.fifo)
	}
	m.fifo[m.ft] = e
	m.ft++
}

// enter gives it its sequence number and a slot, and returns its entry.
func (m *sim) enter(it *item) qent {
	seq := m.seq
	m.seq++
	var slot int32
	if m.fn > 0 {
		m.fn--
		slot = m.free[m.fn]
	} else {
		if m.in == len(m.items) {
			m.items = grown(m.items)
		}
		slot = int32(m.in)
		m.in++
	}
	m.items[slot] = *it
	return qent{key: qkey(it.t, seq), slot: slot}
}

// grown is s at least twice as long (16 at least), what it held kept.
func grown[T any](s []T) []T { return append(s, make([]T, max(len(s), 16))...) }

// first is the key of the next item, and whether there is one.
func (m *sim) first() (uint64, bool) {
	switch {
	case m.fh == m.ft:
		if m.qn == 0 {
			return 0, false
		}
		return m.queue[0].key, true
	case m.qn == 0:
		return m.fifo[m.fh].key, true
	}
	return min(m.queue[0].key, m.fifo[m.fh].key), true
}

// freeSlot makes item slot free for a later item.
func (m *sim) freeSlot(slot int32) {
	if m.fn == len(m.free) {
		m.free = grown(m.free)
	}
	m.free[m.fn] = slot
	m.fn++
}

// popSlot takes the next item out of the queue and returns its slot,
// which stays taken (the item is read there) until freeSlot.
func (m *sim) popSlot() int32 {
	var top qent
	if m.fh < m.ft && (m.qn == 0 || m.fifo[m.fh].key < m.queue[0].key) {
		top = m.fifo[m.fh]
		m.fh++
	} else {
		q := m.queue[:m.qn]
		top = q[0]
		m.qn--
		if n := m.qn; n > 0 {
			// The last entry goes where the first was, and down to its
			// place.
			e := q[n]
			i := 0
			for {
				c := 2*i + 1
				if c >= n {
					break
				}
				if r := c + 1; r < n && q[r].key < q[c].key {
					c = r
				}
				if e.key < q[c].key {
					break
				}
				q[i] = q[c]
				i = c
			}
			q[i] = e
		}
	}
	return top.slot
}

// loop runs the items and the actions in order until nothing is
// pending, the events budget is spent or the horizon is passed. The next
// action comes first unless the queue holds something earlier; only its
// time is read to decide, so that a queued item is copied once, when it
// is taken. An action runs straight from its place in the list (no item
// is made for it unless its client is paused and must keep it for
// later): most steps of a long run are actions.
func (m *sim) loop() {
	m.stopped = StoppedIdle
	for {
		k, queued := m.first()
		var t int64
		action := false
		if m.nextAction < m.nActions {
			t = m.actT[m.nextAction]
			action = !queued || t <= qtime(k)
		}
		if !action {
			if !queued {
				return
			}
			t = qtime(k)
		}
		if m.nraw >= MaxEvents {
			m.stopped = StoppedEventBudget
			return
		}
		if t > m.horizon {
			if m.horizon == m.sc.UntilMS {
				m.stopped = StoppedUntil
			} else {
				m.stopped = StoppedTimeLimit
			}
			return
		}
		if action {
			i := m.nextAction
			if m.actions != nil {
				i = m.actions[i]
			}
			m.nextAction++
			m.now = t
			// What dispatch and clientItem do with an action.
			ci := m.actClient[i]
			if ci < 0 {
				m.serviceAction(i)
				continue
			}
			switch c := &m.clients[ci]; {
			case c.crashed:
				// Most actions of a long run.
				m.skipCrashed(ci, i)
			case c.paused:
				c.deferred = append(c.deferred, item{t: t, kind: itAction, idx: i, c: ci})
			default:
				m.clientAction(ci, i)
			}
			continue
		}
		// The item is read in its slot, which is freed after it has run
		// (an item it schedules takes another; if the items move to a
		// larger buffer meanwhile, the old one still holds it).
		slot := m.popSlot()
		it := &m.items[slot]
		m.now = it.t
		m.dispatch(it)
		m.freeSlot(slot)
	}
}

func (m *sim) dispatch(it *item) {
	switch it.kind {
	case itAction:
		if it.c < 0 {
			m.serviceAction(it.idx)
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

// emit records e at the current time, and after it the violations the
// checker finds in it. The events budget is enforced here as well as in
// the loop, so that no single step can run past it: an event beyond it is
// dropped and the run stops after the step. Its detail is e.Detail, or
// else what was written (w, wn, wq) since the last event.
func (m *sim) emit(e *Event) { m.emitAs(e, true) }

// emitUnchecked is emit of an event that neither the checker nor its
// ledger takes any notice of (a refused acquire that left no key on any
// node, a delayed message): it does not go through them.
func (m *sim) emitUnchecked(e *Event) { m.emitAs(e, false) }

// emitAs is emit, the event checked or not.
func (m *sim) emitAs(e *Event, checked bool) {
	from, to := m.mark, m.evb.dn
	m.mark = to
	if m.nraw >= MaxEvents {
		m.stopped = StoppedEventBudget
		return
	}
	detail := e.Detail
	if detail == "" && to > from {
		detail = unsafe.String(&m.evb.es.det[from], to-from)
	}
	e.T = m.now
	i := m.evb.n
	m.evb.add(e, detail)
	m.mark = m.evb.dn
	m.nraw++
	m.lastT = m.now
	switch e.Kind {
	case KindWriteAccepted:
		m.accepted++
	case KindWriteRejected:
		m.rejected++
	}
	if checked {
		m.check(i, e)
	}
}

// emitLite is emit of an event of a kind that the checker and its ledger
// take no notice of (a pause, a delay, a retry, a clock jump, a skipped
// action: a good part of a long run's events), with the only fields such
// an event has; a field left zero is left out, as add leaves it out. No
// Event is filled in and then scanned for its fields, and nothing goes
// through the checker, which would find nothing to do with it. Its
// detail is d, or else what was written (w, wn, wq) since the last event.
func (m *sim) emitLite(kind Kind, client string, node int, value string, ms int64, reason string, d string) {
	from, to := m.mark, m.evb.dn
	m.mark = to
	if m.nraw >= MaxEvents {
		m.stopped = StoppedEventBudget
		return
	}
	if d == "" && to > from {
		d = unsafe.String(&m.evb.es.det[from], to-from)
	}
	m.evb.addLite(m.now, kind, client, node, value, ms, reason, d)
	m.mark = m.evb.dn
	m.nraw++
	m.lastT = m.now
}

// check takes event i, e, into the checker's ledger and checks it, and
// writes the violations found right after it.
func (m *sim) check(i int, e *Event) {
	if e.Kind == KindActionSkipped {
		// Most events of a long run; they change nothing the ledger or
		// the checker track.
		return
	}
	c := &m.buf.check
	c.l.addEvent(i, e)
	n := len(c.out)
	c.stepEvent(i, e)
	for _, v := range c.out[n:] {
		m.evb.add(&Event{T: v.T, Kind: KindViolation, Client: v.Client, Reason: v.Kind, Ref: i}, v.Detail)
	}
	m.mark = m.evb.dn
}

// keepNodes returns a copy of ns for the next event emitted; nil stays
// nil. emit copies an event's Nodes into the events' own storage, so one
// buffer serves every event; the copy keeps the caller's (often an array
// on its stack) from being moved to the heap.
func (m *sim) keepNodes(ns []int) []int {
	if ns == nil {
		return nil
	}
	m.nodeTmp = append(m.nodeTmp[:0], ns...)
	return m.nodeTmp[:len(ns):len(ns)]
}

// w writes parts of the detail of the next event emitted.
func (m *sim) w(parts ...string) { m.evb.wstrs(parts) }

// wn writes a number into the detail of the next event emitted.
func (m *sim) wn(n int64) { m.evb.wint(n) }

// wt writes a time or a duration in ms into the detail of the next
// event emitted: it reads "16 000 ms" (the unit is the token's, so no
// " ms" follows it).
func (m *sim) wt(n int64) { m.evb.wms(n) }

// wq writes s quoted (as strconv.Quote does) into the detail of the next
// event emitted.
func (m *sim) wq(s string) { m.evb.wquote(s) }

// rand draws the next number of the scenario's seeded generator
// (splitmix64, written out so that it can never change under us).
func (m *sim) rand() uint64 {
	m.rng += 0x9e3779b97f4a7c15
	z := m.rng
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// fsyncEverySecMS is what appendfsync everysec can lose.
const fsyncEverySecMS = 1000

func (m *sim) timeline() Timeline {
	c := &m.buf.check
	c.l.n = m.evb.n
	if v, ok := c.l.permanentLock(); ok {
		m.insertViolation(v)
	}
	vs := c.out
	c.out = nil // the timeline's now
	sum := Summary{Violations: vs, Grants: m.grants, FinalValue: m.value, HighestToken: m.highest, Effects: m.effects, Stopped: m.stopped,
		WritesAccepted: m.accepted, WritesRejected: m.rejected}
	if sum.Violations == nil {
		sum.Violations = []Violation{}
	}
	switch {
	case m.stopped == StoppedUntil || m.stopped == StoppedTimeLimit:
		sum.EndMS = m.horizon
	case m.nraw > 0:
		sum.EndMS = m.lastT
	}
	ids := make([]string, len(m.clients))
	for i, c := range m.clients {
		ids[i] = c.id
	}
	return Timeline{EngineVersion: EngineVersion, Model: m.model, Nodes: m.nodeCount, TokenSource: m.tokenSrc, Resource: m.sc.Resource.Kind, Clients: ids, Events: m.evb.done(), Summary: sum}
}

// insertViolation puts v, which the checker finds only at the end (a
// permanent lock), after the event it is about and the violations about
// that event found before it, and renumbers what comes after.
func (m *sim) insertViolation(v Violation) {
	c := &m.buf.check
	es := m.evb.view()
	at := v.Event
	pos := at + 1
	for pos < es.Len() {
		if e := es.At(pos); e.Kind != KindViolation || e.Ref != at {
			break
		}
		pos++
	}
	// The events from pos on are written again after it. Every one of
	// them moved up one, and so did what the violation events among them
	// are about: a violation event always follows the event it is about.
	rest := es.Slice()[pos:]
	m.evb.truncate(pos)
	m.evb.add(&Event{T: v.T, Kind: KindViolation, Client: v.Client, Reason: v.Kind, Ref: at}, v.Detail)
	for j := range rest {
		e := &rest[j]
		if e.Kind == KindViolation {
			e.Ref++
		}
		m.evb.add(e, e.Detail)
	}
	k := 0
	for k < len(c.out) && c.out[k].Event <= at {
		k++
	}
	for j := k; j < len(c.out); j++ {
		c.out[j].Event++
	}
	c.out = slices.Insert(c.out, k, v)
}
