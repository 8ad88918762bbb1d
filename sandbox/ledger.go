package sandbox

import (
	"slices"
	"unsafe"
)

// The ledger is the one place where a timeline's events are replayed into
// what they leave behind: the key on each lock node, what each client
// believes it holds, pauses, crashes, nodes down, partitions, clock jumps
// and the writes. The checker (Check), the state panel (StateAt) and the
// diagram read these intervals instead of each re-deriving them with a
// switch of its own.
//
// Event indexes: every From, To and Event below is an index into the
// events the ledger was built from. A span is in force after its From
// event and up to and including the event before To (To < 0: to the end).
// State after the first step events therefore holds the spans with
// From < step and (To < 0 or To >= step).

// Ledger is what a timeline's events record, derived once (NewLedger).
type Ledger struct {
	// Nodes is the number of lock nodes (1..MaxRedlockNodes) tracked.
	Nodes int
	// Clients are the clients whose belief the events change (a grant,
	// extend, refusal, release or crash), in the order they first appear.
	Clients []string
	// Keys are the keys on the lock nodes, in the order they were set.
	Keys []KeySpan
	// KeyEnds are indexes into Keys, in the order the keys went away.
	KeyEnds []int32
	// Expiries are the changes of a key's service-side expiry (expire.set
	// of set-then-expire, extend.ok), in event order.
	Expiries []KeyExpiry
	// Beliefs are the clients' beliefs of holding the lock, in the order
	// they began (each at a grant).
	Beliefs []BeliefSpan
	// BeliefEnds are indexes into Beliefs, in the order the beliefs ended.
	BeliefEnds []int32
	// Extensions are the extend.ok events of a client's latest grant, in
	// event order (also after the client stopped believing it holds it).
	Extensions []BeliefExtension
	// Pauses are the clients' pauses, ended by pause.end or a crash.
	Pauses []PauseSpan
	// Crashes are the crash events, in order.
	Crashes []ClientEvent
	// Downs are the times a node did not answer: from node.down to
	// node.up or node.restart.
	Downs []DownSpan
	// Cuts are the partitions, until the heal.
	Cuts []CutSpan
	// Jumps are the clock jumps of a node.
	Jumps []ClockJumpAt
	// Writes are the indexes of the accepted writes.
	Writes []int
	// Violations are the indexes of the violation events.
	Violations []int

	// The events: events when built from a slice, else evs; n of them.
	events []Event
	evs    *Events
	n      int
	tmp    Event
	lanes  []string // the timeline's client lanes, for StateAt
	b      builder
}

// event is event i, for reading during add and the checker's step. Its
// Detail may be left out: nothing the ledger or the checker derives
// reads it.
func (l *Ledger) event(i int) *Event {
	if l.evs == nil {
		return &l.events[i]
	}
	l.tmp = l.evs.fields(i)
	return &l.tmp
}

// eventAt is event i, its Detail possibly left out (as event's).
func (l *Ledger) eventAt(i int) Event {
	if l.evs != nil {
		return l.evs.fields(i)
	}
	return l.events[i]
}

// KeySpan is one key on one lock node.
type KeySpan struct {
	Node   int    `json:"node"` // from 1
	Holder string `json:"holder"`
	Grant  int    `json:"grant"`
	Token  int64  `json:"token"`
	// ExpiresAt is the service-side expiry the key was set with (0: none);
	// later changes are in Ledger.Expiries.
	ExpiresAt int64 `json:"expires_at"`
	// Leftover: the key of a refused attempt (no grant).
	Leftover bool `json:"leftover,omitempty"`
	From     int  `json:"from"`
	To       int  `json:"to"`
	// Taken: the event at To took the key from its holder (an expiry, a
	// release, another client's grant, a failover or restart to another
	// key), rather than replacing it with the holder's own new grant.
	Taken bool `json:"taken,omitempty"`
}

// KeyExpiry is a change of a key's expiry at event Event.
type KeyExpiry struct {
	Key       int   `json:"key"` // index in Ledger.Keys
	Event     int   `json:"event"`
	ExpiresAt int64 `json:"expires_at"`
}

// BeliefSpan is a client's belief of holding the lock: from its grant to
// its release, a refusal that tells it it lost the lock, its crash or its
// next grant.
type BeliefSpan struct {
	Client     string `json:"client"`
	Slot       int    `json:"slot"` // index in Ledger.Clients
	Grant      int    `json:"grant"`
	Token      int64  `json:"token"`
	Start      int64  `json:"start"` // the grant's time
	ValidUntil int64  `json:"valid_until"`
	From       int    `json:"from"`
	To         int    `json:"to"`
}

// BeliefExtension is a successful extend of belief Belief at Event.
type BeliefExtension struct {
	Belief     int   `json:"belief"` // index in Ledger.Beliefs
	Event      int   `json:"event"`
	ValidUntil int64 `json:"valid_until"`
}

// PauseSpan is a client's pause of MS milliseconds.
type PauseSpan struct {
	Client string `json:"client"`
	MS     int64  `json:"ms"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// ClientEvent is an event about one client.
type ClientEvent struct {
	Client string `json:"client"`
	Event  int    `json:"event"`
}

// DownSpan is a node not answering (Reason: the node.down's).
type DownSpan struct {
	Node   int    `json:"node"`
	Reason string `json:"reason,omitempty"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// CutSpan is a partition: Client (or, with no client, the other members)
// cut off from Nodes until the heal.
type CutSpan struct {
	Client string `json:"client,omitempty"`
	Nodes  []int  `json:"nodes"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// ClockJumpAt is node Node's clock jumping MS ahead at Event.
type ClockJumpAt struct {
	Node  int   `json:"node"`
	MS    int64 `json:"ms"`
	Event int   `json:"event"`
}

// Touches calls fn with each lock node (1..nodes) that e acts on: the
// nodes it lists, else the node it names, else (Node 0) every node.
// Numbers outside 1..nodes are ignored. This is the one definition of
// which nodes an event touches.
func (e *Event) Touches(nodes int, fn func(node int)) {
	switch {
	case len(e.Nodes) > 0:
		for _, n := range e.Nodes {
			if n >= 1 && n <= nodes {
				fn(n)
			}
		}
	case e.Node >= 1 && e.Node <= nodes:
		fn(e.Node)
	case e.Node == 0:
		for n := 1; n <= nodes; n++ {
			fn(n)
		}
	}
}

// Ledger derives the ledger of t's events (see NewLedger), with the
// timeline's node count.
func (t *Timeline) Ledger() *Ledger {
	l := ledgerOf(t.Events, t.Nodes)
	l.lanes = t.Clients
	return l
}

// ledgerOf is NewLedger of events stored as Events.
func ledgerOf(events Events, nodes int) *Ledger {
	l := new(Ledger)
	l.begin(nil, nodes, false)
	l.evs, l.n = &events, events.Len()
	for i := range l.n {
		l.add(i)
	}
	return l
}

// NewLedger replays events once into their ledger, tracking nodes lock
// nodes (clamped to 1..MaxRedlockNodes: a timeline may come from stored
// JSON). It never fails: events that name unknown nodes or clients touch
// nothing they cannot.
func NewLedger(events []Event, nodes int) *Ledger {
	return newLedger(events, nodes, false)
}

// newLedger is NewLedger; forCheck leaves out what the checker never
// reads (pauses, nodes down, cuts, clock jumps, writes and violations).
func newLedger(events []Event, nodes int, forCheck bool) *Ledger {
	l := new(Ledger)
	l.begin(events, nodes, forCheck)
	for i := range events {
		l.add(i)
	}
	return l
}

// builder is what building a ledger tracks as it goes, event by event.
type builder struct {
	forCheck bool
	cur      [MaxRedlockNodes]int32 // open key per node, -1: none
	down     [MaxRedlockNodes]int32 // open down span per node, -1: none
	latest   []int32                // per client slot: latest belief, -1: none
	open     []bool                 // per client slot: latest belief still held
	pauseAt  []ClientEvent          // open pause (Event: index in Pauses) per client
	cutOpen  []int
}

// begin empties l (keeping the room of its slices: Run keeps one ledger
// for its checker from run to run) to take in events one at a time with
// add. events may grow between calls of add (Run's do as they are
// emitted): add reads l.events, which the caller keeps current.
func (l *Ledger) begin(events []Event, nodes int, forCheck bool) {
	nodes = min(max(nodes, 1), MaxRedlockNodes)
	b := &l.b
	*l = Ledger{Nodes: nodes, events: events, n: len(events), Clients: l.Clients[:0], Keys: l.Keys[:0], KeyEnds: l.KeyEnds[:0],
		Expiries: l.Expiries[:0], Beliefs: l.Beliefs[:0], BeliefEnds: l.BeliefEnds[:0], Extensions: l.Extensions[:0],
		Pauses: l.Pauses[:0], Crashes: l.Crashes[:0], Downs: l.Downs[:0], Cuts: l.Cuts[:0], Jumps: l.Jumps[:0],
		Writes: l.Writes[:0], Violations: l.Violations[:0],
		b: builder{forCheck: forCheck, latest: b.latest[:0], open: b.open[:0], pauseAt: b.pauseAt[:0], cutOpen: b.cutOpen[:0]}}
	for n := range l.b.cur {
		l.b.cur[n], l.b.down[n] = -1, -1
	}
	// Most events change no key (skipped actions, writes, pauses).
	if c := 8 + l.n/16; cap(l.Keys) < c {
		l.Keys = make([]KeySpan, 0, c)
	}
}

func (l *Ledger) slot(id string) int {
	// Run's events name a client by the scenario's own string: found
	// by where its bytes are, without comparing them (the ids are often
	// one letter long, so most others would need comparing too).
	for i, c := range l.Clients {
		if unsafe.StringData(c) == unsafe.StringData(id) && len(c) == len(id) {
			return i
		}
	}
	for i, c := range l.Clients {
		if c == id {
			return i
		}
	}
	l.Clients = append(l.Clients, id)
	l.b.latest = append(l.b.latest, -1)
	l.b.open = append(l.b.open, false)
	return len(l.Clients) - 1
}

func (l *Ledger) endKey(n, i int, taken bool) {
	if k := l.b.cur[n-1]; k >= 0 {
		l.Keys[k].To, l.Keys[k].Taken = i, taken
		l.KeyEnds = append(l.KeyEnds, k)
		l.b.cur[n-1] = -1
	}
}

func (l *Ledger) setKey(n int, k KeySpan) {
	k.Node, k.To = n, -1
	l.b.cur[n-1] = int32(len(l.Keys))
	l.Keys = append(l.Keys, k)
}

func (l *Ledger) key(n int) *KeySpan {
	if k := l.b.cur[n-1]; k >= 0 {
		return &l.Keys[k]
	}
	return nil
}

func (l *Ledger) endBelief(s, i int) {
	if l.b.open[s] {
		l.b.open[s] = false
		b := l.b.latest[s]
		l.Beliefs[b].To = i
		l.BeliefEnds = append(l.BeliefEnds, b)
	}
}

func (l *Ledger) endPause(id string, i int) {
	for j, p := range l.b.pauseAt {
		if p.Client == id {
			l.Pauses[p.Event].To = i
			l.b.pauseAt = slices.Delete(l.b.pauseAt, j, j+1)
			return
		}
	}
}

// add takes in event i; the events before it are in already.
func (l *Ledger) add(i int) { l.addEvent(i, l.event(i)) }

// addEvent is add of event i, e (Run's, as it is emitted).
func (l *Ledger) addEvent(i int, e *Event) {
	nodes := l.Nodes
	forCheck := l.b.forCheck
	switch e.Kind {
	case KindAcquireGranted:
		e.Touches(nodes, func(n int) {
			if k := l.key(n); k != nil {
				l.endKey(n, i, k.Leftover || k.Holder != e.Client)
			}
			l.setKey(n, KeySpan{Holder: e.Client, Grant: e.Grant, Token: e.Token, ExpiresAt: e.ExpiresAt, From: i})
		})
		s := l.slot(e.Client)
		l.endBelief(s, i)
		l.b.latest[s], l.b.open[s] = int32(len(l.Beliefs)), true
		l.Beliefs = append(l.Beliefs, BeliefSpan{Client: e.Client, Slot: s, Grant: e.Grant, Token: e.Token, Start: e.T, ValidUntil: e.ValidUntil, From: i, To: -1})
	case KindAcquireDenied:
		// A refused attempt's key stays on the nodes that said yes.
		for _, n := range e.Nodes {
			if n >= 1 && n <= nodes {
				l.endKey(n, i, true)
				l.setKey(n, KeySpan{Holder: e.Client, Leftover: true, From: i})
			}
		}
	case KindExpireSet, KindExtendOK:
		e.Touches(nodes, func(n int) {
			k := l.key(n)
			if k == nil || k.Grant != e.Grant || k.Holder == "" || (e.Kind == KindExtendOK && k.Holder != e.Client) {
				return
			}
			l.Expiries = append(l.Expiries, KeyExpiry{Key: int(l.b.cur[n-1]), Event: i, ExpiresAt: e.ExpiresAt})
		})
		if e.Kind == KindExtendOK {
			s := l.slot(e.Client)
			if b := l.b.latest[s]; b >= 0 && l.Beliefs[b].Grant == e.Grant {
				l.Extensions = append(l.Extensions, BeliefExtension{Belief: int(b), Event: i, ValidUntil: e.ValidUntil})
			}
		}
	case KindExtendRefused, KindReleaseRefused:
		l.endBelief(l.slot(e.Client), i)
	case KindCrash:
		l.endBelief(l.slot(e.Client), i)
		l.endPause(e.Client, i)
		l.Crashes = append(l.Crashes, ClientEvent{Client: e.Client, Event: i})
	case KindReleaseOK:
		unlock := e.Grant == 0 && e.Holder == e.Client // a refused attempt's leftovers
		e.Touches(nodes, func(n int) {
			if k := l.key(n); k != nil && k.Grant == e.Grant && k.Holder == e.Holder && k.Leftover == (e.Grant == 0) {
				l.endKey(n, i, true)
			}
		})
		if !unlock {
			l.endBelief(l.slot(e.Client), i)
		}
	case KindLeaseExpired:
		e.Touches(nodes, func(n int) {
			if k := l.key(n); k != nil && k.Grant == e.Grant && (e.Grant > 0 || k.Holder == e.Client) {
				l.endKey(n, i, true)
			}
		})
	case KindFailover, KindRestart:
		if e.Reason == "no-quorum" {
			break
		}
		e.Touches(nodes, func(n int) {
			if k := l.key(n); k != nil {
				l.endKey(n, i, k.Leftover || k.Holder != e.Holder || k.Grant != e.Grant)
			}
			if e.Holder != "" || e.Grant != 0 || e.Token != 0 || e.ExpiresAt != 0 {
				l.setKey(n, KeySpan{Holder: e.Holder, Grant: e.Grant, Token: e.Token, ExpiresAt: e.ExpiresAt, From: i})
			}
			if e.Kind == KindRestart {
				if d := l.b.down[n-1]; d >= 0 {
					l.Downs[d].To = i
					l.b.down[n-1] = -1
				}
			}
		})
	case KindNodeDown:
		if !forCheck && e.Node >= 1 && e.Node <= nodes && l.b.down[e.Node-1] < 0 {
			l.b.down[e.Node-1] = int32(len(l.Downs))
			l.Downs = append(l.Downs, DownSpan{Node: e.Node, Reason: e.Reason, From: i, To: -1})
		}
	case KindNodeUp:
		if e.Node >= 1 && e.Node <= nodes {
			if d := l.b.down[e.Node-1]; d >= 0 {
				l.Downs[d].To = i
				l.b.down[e.Node-1] = -1
			}
		}
	case KindClockJump:
		if !forCheck && e.Node >= 1 && e.Node <= nodes {
			l.Jumps = append(l.Jumps, ClockJumpAt{Node: e.Node, MS: e.MS, Event: i})
		}
	case KindPauseStart:
		if forCheck {
			break
		}
		l.endPause(e.Client, i)
		l.b.pauseAt = append(l.b.pauseAt, ClientEvent{Client: e.Client, Event: len(l.Pauses)})
		l.Pauses = append(l.Pauses, PauseSpan{Client: e.Client, MS: e.MS, From: i, To: -1})
	case KindPauseEnd:
		l.endPause(e.Client, i)
	case KindPartition:
		if forCheck {
			break
		}
		l.b.cutOpen = append(l.b.cutOpen, len(l.Cuts))
		l.Cuts = append(l.Cuts, CutSpan{Client: e.Client, Nodes: e.Nodes, From: i, To: -1})
	case KindHeal:
		for _, c := range l.b.cutOpen {
			l.Cuts[c].To = i
		}
		l.b.cutOpen = l.b.cutOpen[:0]
	case KindWriteAccepted:
		if forCheck {
			break
		}
		l.Writes = append(l.Writes, i)
	case KindViolation:
		if forCheck {
			break
		}
		l.Violations = append(l.Violations, i)
	}
}

// forget empties l for reuse by build, keeping the room of its slices but
// nothing they referred to.
func (l *Ledger) forget() {
	clear(l.Clients)
	clear(l.Keys)
	clear(l.Beliefs)
	clear(l.Pauses)
	clear(l.Crashes)
	clear(l.Downs)
	clear(l.Cuts)
	clear(l.b.pauseAt)
	l.begin(nil, 1, false)
}

// in says whether a span from..to is in force after the first step events.
func in(from, to, step int) bool { return from < step && (to < 0 || to >= step) }

// StateAt returns the world after the first step events (step is clamped
// to 0..len(events)). Clients are the timeline's lanes when the ledger
// came from Timeline.Ledger, else the clients the events name.
func (l *Ledger) StateAt(step int) State {
	step = min(max(step, 0), l.n)
	lanes := l.lanes
	if lanes == nil {
		lanes = l.Clients
	}
	st := State{Step: step, Nodes: make([]NodeState, l.Nodes), Clients: make([]ClientState, len(lanes))}
	if step > 0 {
		st.T = l.eventAt(step - 1).T
	}
	for i := range st.Nodes {
		st.Nodes[i].Node = i + 1
	}
	for _, k := range l.Keys {
		if k.From >= step {
			break
		}
		if in(k.From, k.To, step) {
			st.Nodes[k.Node-1] = NodeState{Node: k.Node, Holder: k.Holder, Grant: k.Grant, Token: k.Token, ExpiresAt: k.ExpiresAt, Leftover: k.Leftover}
		}
	}
	for _, x := range l.Expiries {
		if x.Event >= step {
			break
		}
		if k := l.Keys[x.Key]; in(k.From, k.To, step) {
			st.Nodes[k.Node-1].ExpiresAt = x.ExpiresAt
		}
	}
	for _, j := range l.Jumps {
		if j.Event >= step {
			break
		}
		st.Nodes[j.Node-1].ClockOffsetMS += j.MS
	}
	for _, d := range l.Downs {
		if in(d.From, d.To, step) {
			st.Nodes[d.Node-1].Down = true
		}
	}
	// lane finds a client's state (the first lane of that id).
	lane := func(id string) *ClientState {
		for i := range lanes {
			if lanes[i] == id {
				return &st.Clients[i]
			}
		}
		return nil
	}
	for i, id := range lanes {
		st.Clients[i] = ClientState{ID: id, Status: StatusRunning}
	}
	current := make([]int, len(l.Clients)) // per slot: latest belief begun, -1: none
	for s := range current {
		current[s] = -1
	}
	for b, bl := range l.Beliefs {
		if bl.From >= step {
			break
		}
		current[bl.Slot] = b
		if c := lane(bl.Client); c != nil {
			c.Holds, c.Grant, c.Token, c.ValidUntil = in(bl.From, bl.To, step), bl.Grant, bl.Token, bl.ValidUntil
		}
	}
	for _, x := range l.Extensions {
		if x.Event >= step {
			break
		}
		if bl := l.Beliefs[x.Belief]; current[bl.Slot] == x.Belief {
			if c := lane(bl.Client); c != nil {
				c.ValidUntil = x.ValidUntil
			}
		}
	}
	for _, p := range l.Pauses {
		if c := lane(p.Client); c != nil && in(p.From, p.To, step) {
			c.Status = StatusPaused
		}
	}
	for _, cr := range l.Crashes {
		if cr.Event >= step {
			break
		}
		if c := lane(cr.Client); c != nil {
			c.Status = StatusCrashed
		}
	}
	for _, w := range l.Writes {
		if w >= step {
			break
		}
		e := l.eventAt(w)
		st.Value = e.Value
		st.HighestToken = max(st.HighestToken, e.Token)
		if e.Key != "" {
			st.Effects++
		}
	}
	for _, v := range l.Violations {
		if v < step {
			st.Violations++
		}
	}
	st.Holder, st.Grant, st.Token, st.ExpiresAt = holderOf(st.Nodes)
	return st
}
