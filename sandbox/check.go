package sandbox

import (
	"slices"
	"strconv"
)

// belief is one client's view of its latest grant, as the events show it.
type belief struct {
	client     string
	active     bool
	grant      int
	start      int64
	validUntil int64
	event      int
}

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
	var (
		out       []Violation
		beliefs   []belief
		reported  [][2]int // pairs of grants already reported as double
		tokens    = map[int64]int{}
		maxGrant  = -1
		maxWriter string
		// the single-node key, for permanent-lock
		keyHolder  string
		keyGrant   int
		keyNoExp   bool
		keyEvent   = -1
		crashEvent = map[string]int{}
		effects    = map[string]Event{}
	)
	// held is the service's key on each lock node, as the events leave
	// it; lost says why a client last lost a key, for the detail.
	keys = min(max(keys, 1), MaxRedlockNodes)
	type nodeKey struct {
		client string
		grant  int
	}
	held := make([]nodeKey, keys)
	// lost maps a client to the event that took its key; the sentence is
	// written only for a violation (lostWhy), not on every event.
	lost := map[string]int{}
	touch := func(e Event, fn func(n *nodeKey)) {
		switch {
		case len(e.Nodes) > 0:
			for _, n := range e.Nodes {
				if n >= 1 && n <= keys {
					fn(&held[n-1])
				}
			}
		case e.Node >= 1 && e.Node <= keys:
			fn(&held[e.Node-1])
		case e.Node == 0:
			for i := range held {
				fn(&held[i])
			}
		}
	}
	drop := func(e Event, match func(n nodeKey) bool, why int) {
		touch(e, func(n *nodeKey) {
			if n.client != "" && match(*n) {
				lost[n.client] = why
				*n = nodeKey{}
			}
		})
	}
	find := func(id string) *belief {
		for i := range beliefs {
			if beliefs[i].client == id {
				return &beliefs[i]
			}
		}
		beliefs = append(beliefs, belief{client: id})
		return &beliefs[len(beliefs)-1]
	}
	overlap := func(i int, e Event, b *belief, verb string) {
		for j := range beliefs {
			o := &beliefs[j]
			if o.client == b.client || !o.active || o.validUntil <= e.T {
				continue
			}
			pair := [2]int{min(o.grant, b.grant), max(o.grant, b.grant)}
			if slices.Contains(reported, pair) {
				continue
			}
			reported = append(reported, pair)
			out = append(out, Violation{Kind: ViolationDoubleGrant, T: e.T, Client: b.client, Event: i,
				Detail: b.client + " " + verb + " until " + itoa(b.validUntil) + " while " + o.client + " believes it holds grant " + strconv.Itoa(o.grant) + " until " + itoa(o.validUntil)})
		}
	}
	for i, e := range events {
		switch e.Kind {
		case KindAcquireGranted:
			if e.Token > 0 {
				if first, ok := tokens[e.Token]; ok {
					out = append(out, Violation{Kind: ViolationTokenReuse, T: e.T, Client: e.Client, Event: i,
						Detail: "token " + itoa(e.Token) + " issued again to " + e.Client + " (grant " + strconv.Itoa(e.Grant) + "), already issued with grant " + strconv.Itoa(first)})
				} else {
					tokens[e.Token] = e.Grant
				}
			}
			drop(e, func(n nodeKey) bool { return n.client != e.Client }, i)
			touch(e, func(n *nodeKey) { *n = nodeKey{client: e.Client, grant: e.Grant} })
			b := find(e.Client)
			*b = belief{client: e.Client, active: true, grant: e.Grant, start: e.T, validUntil: e.ValidUntil, event: i}
			overlap(i, e, b, "is granted the lock")
			if len(e.Nodes) == 0 {
				keyHolder, keyGrant, keyNoExp, keyEvent = e.Client, e.Grant, e.ExpiresAt == 0, i
			}
		case KindExpireSet:
			if e.Holder != "" && e.Holder == keyHolder && e.Grant == keyGrant {
				keyNoExp = false
			}
		case KindExtendOK:
			b := find(e.Client)
			if b.active && b.grant == e.Grant {
				b.validUntil = e.ValidUntil
				overlap(i, e, b, "extends its lease")
			}
			if len(e.Nodes) == 0 && e.Grant == keyGrant {
				keyNoExp = false
			}
		case KindExtendRefused, KindReleaseRefused, KindCrash:
			find(e.Client).active = false
			if e.Kind == KindCrash {
				crashEvent[e.Client] = i
			}
		case KindReleaseOK:
			if e.Grant == 0 && e.Holder == e.Client {
				// The unlock of a refused attempt's leftovers: it ends no
				// grant of the client's.
				break
			}
			drop(e, func(n nodeKey) bool { return n.client == e.Holder && n.grant == e.Grant }, i)
			find(e.Client).active = false
			if e.Holder != "" && e.Holder != e.Client {
				out = append(out, Violation{Kind: ViolationForeignRelease, T: e.T, Client: e.Client, Event: i,
					Detail: e.Client + " deleted the key of " + e.Holder + " (grant " + strconv.Itoa(e.Grant) + "): the lock is free although " + e.Holder + " holds it"})
			}
			if len(e.Nodes) == 0 && e.Grant == keyGrant && e.Holder == keyHolder {
				keyHolder, keyGrant, keyEvent = "", 0, -1
			}
		case KindLeaseExpired:
			drop(e, func(n nodeKey) bool { return n.grant == e.Grant }, i)
			if e.Node == 0 && e.Grant == keyGrant {
				keyHolder, keyGrant, keyEvent = "", 0, -1
			}
		case KindFailover, KindRestart:
			if e.Kind == KindFailover && e.Reason == "no-quorum" {
				break
			}
			drop(e, func(n nodeKey) bool { return n.client != e.Holder || n.grant != e.Grant }, i)
			touch(e, func(n *nodeKey) { *n = nodeKey{client: e.Holder, grant: e.Grant} })
			if e.Node == 0 {
				keyHolder, keyGrant, keyNoExp = e.Holder, e.Grant, e.ExpiresAt == 0
				keyEvent = i
				if e.Holder == "" {
					keyEvent = -1
				}
			}
		case KindWriteAccepted:
			mine, other, otherGrant := 0, "", 0
			for _, n := range held {
				switch {
				case n.client == e.Client:
					mine++
				case n.client != "" && other == "":
					other, otherGrant = n.client, n.grant
				}
			}
			if e.Grant == 0 || mine*2 <= keys {
				why := e.Client + " never held the lock"
				if e.Grant > 0 {
					why = e.Client + " no longer held the lock: "
					if j, ok := lost[e.Client]; ok {
						why += lostWhy(events[j])
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
				out = append(out, Violation{Kind: ViolationUnsafeWrite, T: e.T, Client: e.Client, Event: i,
					Detail: "the resource accepted " + strconv.Quote(e.Value) + " from " + e.Client + " " + under + " at " + itoa(e.T) + ", but " + why})
			}
			if e.Grant < maxGrant {
				who := "a client that never held the lock"
				if e.Grant > 0 {
					who = "grant " + strconv.Itoa(e.Grant)
				}
				out = append(out, Violation{Kind: ViolationStaleWrite, T: e.T, Client: e.Client, Event: i,
					Detail: "the resource accepted " + strconv.Quote(e.Value) + " from " + e.Client + " under " + who + " after it had accepted " + maxWriter + "'s write under grant " + strconv.Itoa(maxGrant)})
			}
			if e.Grant > maxGrant {
				maxGrant, maxWriter = e.Grant, e.Client
			}
			if e.Key != "" {
				if first, ok := effects[e.Key]; ok {
					out = append(out, Violation{Kind: ViolationDuplicateEffect, T: e.T, Client: e.Client, Event: i,
						Detail: "the ledger applied " + strconv.Quote(e.Key) + " again, from " + e.Client + " at " + itoa(e.T) + ": " + first.Client + " had applied it at " + itoa(first.T) + " (a double charge)"})
				} else {
					effects[e.Key] = e
				}
			}
		}
	}
	if keyEvent >= 0 && keyNoExp {
		if c, crashed := crashEvent[keyHolder]; crashed {
			at := max(c, keyEvent)
			out = append(out, Violation{Kind: ViolationPermanentLock, T: events[at].T, Client: keyHolder, Event: at,
				Detail: "the key of " + keyHolder + " (grant " + strconv.Itoa(keyGrant) + ") has no expiry and " + keyHolder + " has crashed: nobody can acquire the lock again"})
		}
	}
	slices.SortStableFunc(out, func(a, b Violation) int { return a.Event - b.Event })
	return out
}

// lostWhy says how the event e (that Check's drop recorded) took a
// client's key.
func lostWhy(e Event) string {
	switch e.Kind {
	case KindAcquireGranted:
		return e.Client + " was granted the lock (grant " + strconv.Itoa(e.Grant) + ") at " + itoa(e.T)
	case KindReleaseOK:
		if e.Holder != e.Client {
			return e.Client + " deleted its key at " + itoa(e.T)
		}
		return "it released the lock at " + itoa(e.T)
	case KindLeaseExpired:
		return "its lease expired at the service at " + itoa(e.T)
	case KindFailover:
		return "its key was lost in the failover at " + itoa(e.T)
	}
	return "its key was lost in the restart at " + itoa(e.T)
}

// StateAt returns the world after the first step events of t (step is
// clamped to 0..len(t.Events)): StateAt(0) is the initial state,
// StateAt(len(t.Events)) the end. It replays the events, so it shows only
// what the timeline records.
func (t Timeline) StateAt(step int) State {
	step = min(max(step, 0), len(t.Events))
	// A timeline may come from stored JSON: never trust its node count.
	nodes := min(max(t.Nodes, 1), MaxRedlockNodes)
	st := State{Step: step, Nodes: make([]NodeState, nodes), Clients: make([]ClientState, len(t.Clients))}
	for i := range st.Nodes {
		st.Nodes[i].Node = i + 1
	}
	for i, id := range t.Clients {
		st.Clients[i] = ClientState{ID: id, Status: StatusRunning}
	}
	cl := func(id string) *ClientState {
		for i := range st.Clients {
			if st.Clients[i].ID == id {
				return &st.Clients[i]
			}
		}
		return &ClientState{}
	}
	// targets are the nodes an event touches: its Nodes, its Node, or all.
	targets := func(e Event, fn func(n *NodeState)) {
		switch {
		case len(e.Nodes) > 0:
			for _, n := range e.Nodes {
				if n >= 1 && n <= len(st.Nodes) {
					fn(&st.Nodes[n-1])
				}
			}
		case e.Node > 0 && e.Node <= len(st.Nodes):
			fn(&st.Nodes[e.Node-1])
		default:
			for i := range st.Nodes {
				fn(&st.Nodes[i])
			}
		}
	}
	for _, e := range t.Events[:step] {
		st.T = e.T
		switch e.Kind {
		case KindAcquireGranted:
			targets(e, func(n *NodeState) { n.Holder, n.Grant, n.Token, n.ExpiresAt = e.Client, e.Grant, e.Token, e.ExpiresAt })
			c := cl(e.Client)
			c.Holds, c.Grant, c.Token, c.ValidUntil = true, e.Grant, e.Token, e.ValidUntil
		case KindExpireSet:
			targets(e, func(n *NodeState) {
				if n.Grant == e.Grant && n.Holder != "" {
					n.ExpiresAt = e.ExpiresAt
				}
			})
		case KindExtendOK:
			targets(e, func(n *NodeState) {
				if n.Grant == e.Grant && n.Holder == e.Client {
					n.ExpiresAt = e.ExpiresAt
				}
			})
			if c := cl(e.Client); c.Grant == e.Grant {
				c.ValidUntil = e.ValidUntil
			}
		case KindExtendRefused, KindReleaseRefused:
			cl(e.Client).Holds = false
		case KindReleaseOK:
			targets(e, func(n *NodeState) {
				if n.Grant == e.Grant && n.Holder == e.Holder && n.Leftover == (e.Grant == 0) {
					*n = NodeState{Node: n.Node, ClockOffsetMS: n.ClockOffsetMS}
				}
			})
			if e.Grant > 0 || e.Holder != e.Client {
				cl(e.Client).Holds = false
			}
		case KindLeaseExpired:
			targets(e, func(n *NodeState) {
				if n.Grant == e.Grant && (e.Grant > 0 || n.Holder == e.Client) {
					*n = NodeState{Node: n.Node, ClockOffsetMS: n.ClockOffsetMS}
				}
			})
		case KindFailover, KindRestart:
			if e.Reason == "no-quorum" {
				break
			}
			targets(e, func(n *NodeState) {
				*n = NodeState{Node: n.Node, Holder: e.Holder, Grant: e.Grant, Token: e.Token, ExpiresAt: e.ExpiresAt, ClockOffsetMS: n.ClockOffsetMS, Down: n.Down && e.Kind == KindFailover}
			})
		case KindNodeDown:
			if e.Node >= 1 && e.Node <= len(st.Nodes) {
				st.Nodes[e.Node-1].Down = true
			}
		case KindNodeUp:
			if e.Node >= 1 && e.Node <= len(st.Nodes) {
				st.Nodes[e.Node-1].Down = false
			}
		case KindAcquireDenied:
			// A refused attempt's key stays on the nodes that said yes.
			for _, v := range e.Nodes {
				if v >= 1 && v <= len(st.Nodes) {
					st.Nodes[v-1] = NodeState{Node: v, Holder: e.Client, Leftover: true, ClockOffsetMS: st.Nodes[v-1].ClockOffsetMS}
				}
			}
		case KindClockJump:
			if e.Node >= 1 && e.Node <= len(st.Nodes) {
				st.Nodes[e.Node-1].ClockOffsetMS += e.MS
			}
		case KindWriteAccepted:
			st.Value = e.Value
			st.HighestToken = max(st.HighestToken, e.Token)
			if e.Key != "" {
				st.Effects++
			}
		case KindPauseStart:
			cl(e.Client).Status = StatusPaused
		case KindPauseEnd:
			cl(e.Client).Status = StatusRunning
		case KindCrash:
			c := cl(e.Client)
			c.Status, c.Holds = StatusCrashed, false
		case KindViolation:
			st.Violations++
		}
	}
	st.Holder, st.Grant, st.Token, st.ExpiresAt = holderOf(st.Nodes)
	return st
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
func (e Event) Lane() string {
	switch e.Kind {
	case KindViolation, KindInvalid:
		return "checker"
	case KindWriteAccepted, KindWriteRejected:
		return "resource"
	case KindLeaseExpired, KindFailover, KindClockJump, KindExpireSet, KindNodeDown, KindNodeUp, KindRestart:
		if e.Node > 0 {
			return "node " + strconv.Itoa(e.Node)
		}
		return "service"
	}
	if e.Client == "" {
		return "service"
	}
	return e.Client
}
