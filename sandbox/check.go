package sandbox

import (
	"slices"
	"strconv"
)

// Check derives the violations from events alone, so that a verdict can
// never come from what a scenario was meant to show. Violation events in
// the input are ignored; Violation.Event indexes events. The result is in
// event order.
//
//   - stale-write: a write.accepted under grant g after the resource had
//     accepted a write under a later grant.
//   - unsafe-write: a write.accepted from a client that did not hold the
//     lock at the service at that moment: it never held it, or its key had
//     expired, been released, deleted by another client or lost in a
//     failover, or another client's grant had taken its place. keys is the
//     number of independent lock keys (the redlock node count, 1 for the
//     other models): on redlock the writer must still hold a majority. The
//     database model records a claim's lapse (held_until passed by the
//     database's clock) as lease.expired, so a late write after a lapse is
//     the same violation on every model. A node down for a restart grants
//     nothing, so its key counts until it is back (node.restart) with what
//     its persistence kept, like a failover.
//   - double-grant: a grant (or extend) while another client's belief of
//     holding, from its grant to its valid_until (cut short by its release,
//     a refused extend or its crash), still runs.
//   - foreign-release: a release.ok that removed another client's key.
//   - token-reuse: an acquire.granted with a token issued before.
//   - duplicate-effect: a write.accepted to a ledger whose effect (Key)
//     was applied before: the same charge twice.
//   - permanent-lock: at the end, the single lock key has no expiry and its
//     holder has crashed: nobody can ever remove it.
func Check(events []Event, keys int) []Violation {
	l := new(Ledger)
	l.begin(events, keys, true)
	c := checker{l: l}
	c.begin()
	for i := range events {
		l.add(i)
		c.step(i)
	}
	if v, ok := l.permanentLock(); ok {
		c.out = append(c.out, v)
	}
	slices.SortStableFunc(c.out, func(a, b Violation) int { return a.Event - b.Event })
	return c.out
}

// checker is Check's single pass over the events, one event at a time
// (step), reading the keys and the beliefs from the ledger, which has
// taken in the event just before. Run steps it as it emits the events,
// so that each violation event goes in right after the event it is
// about.
type checker struct {
	l         *Ledger
	out       []Violation
	reported  [][2]int // pairs of grants already reported as double
	tokens    map[int64]int
	effects   map[string]int
	maxGrant  int
	maxWriter string
	// held is the key (an index in l.Keys, -1: none) on each node;
	// lost maps a client to the event that last took a key of its.
	held [MaxRedlockNodes]int32
	lost map[string]int
	// Per client slot: its latest belief, whether it still holds,
	// and its valid_until.
	belief     []int32
	active     []bool
	validUntil []int64
	nactive    int // how many of active are true
	ks, ke     int // next key to set, next key end
	bs, be, bx int // next belief to begin, to end, extension
}

// begin readies c for a new pass, keeping the room of its slices and
// maps (Run reuses one checker).
func (c *checker) begin() {
	*c = checker{l: c.l, reported: c.reported[:0], tokens: c.tokens, effects: c.effects, lost: c.lost, maxGrant: -1,
		belief: c.belief[:0], active: c.active[:0], validUntil: c.validUntil[:0]}
	clear(c.tokens)
	clear(c.effects)
	clear(c.lost)
	for n := range c.held {
		c.held[n] = -1
	}
}

// slots makes room for the client slots the ledger knows.
func (c *checker) slots() {
	for len(c.belief) < len(c.l.Clients) {
		c.belief = append(c.belief, -1)
		c.active = append(c.active, false)
		c.validUntil = append(c.validUntil, 0)
	}
}

func (c *checker) overlap(i int, e *Event, s int, verb string) {
	if c.nactive < 2 {
		return // s's is the only belief held: nothing overlaps it
	}
	l := c.l
	b := &l.Beliefs[c.belief[s]]
	for o := range c.belief {
		if o == s || !c.active[o] || c.validUntil[o] <= e.T {
			continue
		}
		ob := &l.Beliefs[c.belief[o]]
		pair := [2]int{min(ob.Grant, b.Grant), max(ob.Grant, b.Grant)}
		if slices.Contains(c.reported, pair) {
			continue
		}
		c.reported = append(c.reported, pair)
		c.out = append(c.out, Violation{Kind: ViolationDoubleGrant, T: e.T, Client: b.Client, Event: i,
			Detail: b.Client + " " + verb + " until " + ms(c.validUntil[s]) + " while " + ob.Client + " believes it holds grant " + strconv.Itoa(ob.Grant) + " until " + ms(c.validUntil[o])})
	}
}

// step checks event i, which the ledger has just taken in.
func (c *checker) step(i int) { c.stepEvent(i, c.l.event(i)) }

// stepEvent is step of event i, e (Run's, as it is emitted).
func (c *checker) stepEvent(i int, e *Event) {
	l := c.l
	keys := l.Nodes
	switch e.Kind {
	case KindAcquireGranted, KindAcquireDenied, KindExpireSet, KindExtendOK, KindExtendRefused, KindReleaseRefused,
		KindCrash, KindReleaseOK, KindLeaseExpired, KindFailover, KindRestart, KindWriteAccepted:
		// the events that change a key or a belief, and the writes
	default:
		return
	}
	c.slots()
	// What event i changed, from the ledger: keys and beliefs ended
	// first, then those it began.
	for ; c.ke < len(l.KeyEnds) && l.Keys[l.KeyEnds[c.ke]].To == i; c.ke++ {
		k := &l.Keys[l.KeyEnds[c.ke]]
		if c.held[k.Node-1] == l.KeyEnds[c.ke] {
			c.held[k.Node-1] = -1
			if k.Taken && k.Holder != "" {
				if c.lost == nil {
					c.lost = map[string]int{}
				}
				c.lost[k.Holder] = i
			}
		}
	}
	for ; c.ks < len(l.Keys) && l.Keys[c.ks].From == i; c.ks++ {
		if !l.Keys[c.ks].Leftover {
			c.held[l.Keys[c.ks].Node-1] = int32(c.ks)
		}
	}
	if e.Kind == KindAcquireGranted && e.Token > 0 {
		if c.tokens == nil {
			c.tokens = map[int64]int{}
		}
		if first, ok := c.tokens[e.Token]; ok {
			c.out = append(c.out, Violation{Kind: ViolationTokenReuse, T: e.T, Client: e.Client, Event: i,
				Detail: "token " + itoa(e.Token) + " issued again to " + e.Client + " (grant " + strconv.Itoa(e.Grant) + "), already issued with grant " + strconv.Itoa(first)})
		} else {
			c.tokens[e.Token] = e.Grant
		}
	}
	for ; c.be < len(l.BeliefEnds) && l.Beliefs[l.BeliefEnds[c.be]].To == i; c.be++ {
		if s := l.Beliefs[l.BeliefEnds[c.be]].Slot; c.active[s] {
			c.active[s] = false
			c.nactive--
		}
	}
	for ; c.bs < len(l.Beliefs) && l.Beliefs[c.bs].From == i; c.bs++ {
		b := &l.Beliefs[c.bs]
		if !c.active[b.Slot] {
			c.nactive++
		}
		c.belief[b.Slot], c.active[b.Slot], c.validUntil[b.Slot] = int32(c.bs), true, b.ValidUntil
		c.overlap(i, e, b.Slot, "is granted the lock")
	}
	for ; c.bx < len(l.Extensions) && l.Extensions[c.bx].Event == i; c.bx++ {
		x := &l.Extensions[c.bx]
		if s := l.Beliefs[x.Belief].Slot; c.active[s] && c.belief[s] == int32(x.Belief) {
			c.validUntil[s] = x.ValidUntil
			c.overlap(i, e, s, "extends its lease")
		}
	}
	switch e.Kind {
	case KindReleaseOK:
		if e.Grant == 0 && e.Holder == e.Client {
			// The unlock of a refused attempt's leftovers.
			break
		}
		if e.Holder != "" && e.Holder != e.Client {
			c.out = append(c.out, Violation{Kind: ViolationForeignRelease, T: e.T, Client: e.Client, Event: i,
				Detail: e.Client + " deleted the key of " + e.Holder + " (grant " + strconv.Itoa(e.Grant) + "): the lock is free although " + e.Holder + " holds it"})
		}
	case KindWriteAccepted:
		mine, other, otherGrant := 0, "", 0
		for _, k := range c.held[:keys] {
			if k < 0 {
				continue
			}
			switch h := &l.Keys[k]; {
			case h.Holder == e.Client:
				mine++
			case h.Holder != "" && other == "":
				other, otherGrant = h.Holder, h.Grant
			}
		}
		if e.Grant == 0 || mine*2 <= keys {
			why := e.Client + " never held the lock"
			if e.Grant > 0 {
				why = e.Client + " no longer held the lock: "
				if j, ok := c.lost[e.Client]; ok {
					why += lostWhy(l.eventAt(j))
				}
				if mine > 0 {
					why = e.Client + " kept only " + strconv.Itoa(mine) + " of " + strconv.Itoa(keys) + " nodes, no majority"
				}
			}
			if other != "" {
				why += "; " + other + " held grant " + strconv.Itoa(otherGrant)
			}
			under := "with no grant"
			if e.Grant > 0 {
				under = "under grant " + strconv.Itoa(e.Grant)
			}
			c.out = append(c.out, Violation{Kind: ViolationUnsafeWrite, T: e.T, Client: e.Client, Event: i,
				Detail: "the resource accepted " + strconv.Quote(e.Value) + " from " + e.Client + " " + under + " at " + ms(e.T) + ", but " + why})
		}
		if e.Grant < c.maxGrant {
			who := "a client that never held the lock"
			if e.Grant > 0 {
				who = "grant " + strconv.Itoa(e.Grant)
			}
			c.out = append(c.out, Violation{Kind: ViolationStaleWrite, T: e.T, Client: e.Client, Event: i,
				Detail: "the resource accepted " + strconv.Quote(e.Value) + " from " + e.Client + " under " + who + " after it had accepted " + c.maxWriter + "'s write under grant " + strconv.Itoa(c.maxGrant)})
		}
		if e.Grant > c.maxGrant {
			c.maxGrant, c.maxWriter = e.Grant, e.Client
		}
		if e.Key != "" {
			if c.effects == nil {
				c.effects = map[string]int{}
			}
			if first, ok := c.effects[e.Key]; ok {
				f := l.eventAt(first)
				c.out = append(c.out, Violation{Kind: ViolationDuplicateEffect, T: e.T, Client: e.Client, Event: i,
					Detail: "the ledger applied " + strconv.Quote(e.Key) + " again, from " + e.Client + " at " + ms(e.T) + ": " + f.Client + " had applied it at " + ms(f.T) + " (a double charge)"})
			} else {
				c.effects[e.Key] = i
			}
		}
	}
}

// permanentLock finds the single lock key left at the end with no expiry
// whose holder has crashed: nobody can ever remove it. The single key is
// what the events that name no node (grants, failovers and restarts of the
// whole service) set; a restart of one node that brings a key back does
// not replace it, and only a release or expiry of the whole service
// removes it.
func (l *Ledger) permanentLock() (Violation, bool) {
	whole := func(i int) bool { e := l.eventAt(i); return len(e.Nodes) == 0 && e.Node == 0 }
	ki := len(l.Keys) - 1
	for ki >= 0 && (l.Keys[ki].Node != 1 || !whole(l.Keys[ki].From)) {
		ki--
	}
	if ki < 0 {
		return Violation{}, false
	}
	k := &l.Keys[ki]
	if k.Leftover || k.Holder == "" || k.ExpiresAt != 0 {
		return Violation{}, false
	}
	// The key and what one node's restarts brought back in its place.
	for j := ki; j < len(l.Keys); j++ {
		o := &l.Keys[j]
		if o.Node != 1 || (j > ki && (o.Holder != k.Holder || o.Grant != k.Grant)) {
			continue
		}
		if o.To >= 0 && whole(o.To) {
			return Violation{}, false // released, expired or replaced
		}
	}
	for _, x := range l.Expiries {
		if o := &l.Keys[x.Key]; x.Key >= ki && o.Node == 1 && o.Holder == k.Holder && o.Grant == k.Grant {
			return Violation{}, false
		}
	}
	crash := -1
	for _, c := range l.Crashes {
		if c.Client == k.Holder {
			crash = c.Event
		}
	}
	if crash < 0 {
		return Violation{}, false
	}
	at := max(crash, k.From)
	return Violation{Kind: ViolationPermanentLock, T: l.eventAt(at).T, Client: k.Holder, Event: at,
		Detail: "the key of " + k.Holder + " (grant " + strconv.Itoa(k.Grant) + ") has no expiry and " + k.Holder + " has crashed: nobody can acquire the lock again"}, true
}

// lostWhy says how the event e (that Check's drop recorded) took a
// client's key.
func lostWhy(e Event) string {
	switch e.Kind {
	case KindAcquireGranted:
		return e.Client + " was granted the lock (grant " + strconv.Itoa(e.Grant) + ") at " + ms(e.T)
	case KindReleaseOK:
		if e.Holder != e.Client {
			return e.Client + " deleted its key at " + ms(e.T)
		}
		return "it released the lock at " + ms(e.T)
	case KindLeaseExpired:
		return "its lease expired at the service at " + ms(e.T)
	case KindFailover:
		return "its key was lost in the failover at " + ms(e.T)
	}
	return "its key was lost in the restart at " + ms(e.T)
}

// StateAt returns the world after the first step events of t (step is
// clamped to 0..len(t.Events)): StateAt(0) is the initial state,
// StateAt(len(t.Events)) the end. It reads the timeline's ledger, so it
// shows only what the timeline records.
func (t Timeline) StateAt(step int) State {
	// What comes after step changes nothing before it: replay the prefix.
	step = min(max(step, 0), t.Events.Len())
	l := ledgerOf(t.Events.Head(step), t.Nodes)
	l.lanes = t.Clients
	return l.StateAt(step)
}

// holderOf is the client holding a majority of the nodes (the only node,
// for single-node models), with its key.
func holderOf(nodes []NodeState) (string, int, int64, int64) {
	for _, n := range nodes {
		if n.Holder == "" || n.Leftover {
			continue
		}
		count := 0
		exp := int64(0)
		for _, o := range nodes {
			if o.Holder == n.Holder && o.Grant == n.Grant {
				count++
				if exp == 0 || o.ExpiresAt < exp {
					exp = o.ExpiresAt
				}
			}
		}
		if count > len(nodes)/2 {
			return n.Holder, n.Grant, n.Token, exp
		}
	}
	return "", 0, 0, 0
}

// Lane is the swim lane an event is drawn in: a client id, "service",
// "node N" (per-node events), "resource" or "checker".
func (e Event) Lane() string { return e.LaneIn("") }

// LaneIn is Lane with the node lanes named as the model names them: the
// members of a consensus cluster, the primary and the replica of redis.
func (e Event) LaneIn(model Model) string {
	switch e.Kind {
	case KindViolation, KindInvalid:
		return "checker"
	case KindWriteAccepted, KindWriteRejected:
		return "resource"
	case KindLeaseExpired, KindFailover, KindClockJump, KindExpireSet, KindNodeDown, KindNodeUp, KindRestart:
		switch {
		case e.Node <= 0:
			return "service"
		case model == ModelConsensus || model == ModelRedis && e.Node <= 2:
			return model.NodeName(e.Node)
		}
		return "node " + strconv.Itoa(e.Node)
	}
	if e.Client == "" {
		return "service"
	}
	return e.Client
}
