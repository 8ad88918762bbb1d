package sandbox_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/anishathalye/porcupine"

	"lockdrill/sandbox"
)

// The cross-check: porcupine, a linearizability checker written by others,
// judges each run's history against two sequential specifications, and
// must reach the verdicts Check reaches on stale-write and unsafe-write.
//
// The history is the lock service's and the resource's operations, taken
// from the timeline's events: grant (acquire.granted), drop (lease.expired,
// release.ok), replace (failover: the promoted replica's key) and write
// (write.accepted or write.rejected), and a node's restart, which replaces
// its key with what its persistence kept, as a failover does. Each operation takes effect at its
// place in the event list, the moment the service or the resource applied
// it, so porcupine's search has a single order to try: the specifications
// are what carries the weight, not the search.
//
//   - leasedRegister: the object is the lock's keys (one per node) and the
//     register. A write may be accepted only if its writer holds the keys of
//     a majority of the nodes (the only node, outside redlock) when the
//     resource applies it; refusing a write is always allowed. It agrees
//     with unsafe-write.
//   - fencedRegister: the register keeps the grants that may still write,
//     in the order the service issued them (at first only "no grant").
//     Issuing a grant appends it; an accepted write under grant g retires
//     every grant issued before g, and a write under a retired grant is
//     illegal. Grant numbers are never compared, only issue order, so a
//     mistake in how Check compares numbers, or in the engine's numbering,
//     would show as a disagreement. It agrees with stale-write.
//
// What is independent and what is not, plainly: the specifications are
// written from the object's side and share no code with Check, so they
// catch bookkeeping mistakes in Check (a missed drop, a node miscounted, a
// grant compared the wrong way). Both still read the same events the
// engine emitted, with the same meaning of "holding" (the service's keys,
// not the client's belief): an engine that recorded a wrong expiry would
// mislead both alike.

// lockOp is one operation of the history.
type lockOp struct {
	kind   string // "grant", "release", "expire", "replace", "write"
	client string // grant, write: who; release, replace: whose key
	grant  int
	nodes  []int // the nodes it touches; none means every node
	value  string
}

type lockOut struct{ accepted bool }

type nodeKey struct {
	client string
	grant  int
}

// leaseState is the lock's key on each node; n is the node count.
type leaseState struct {
	n    int
	keys [sandbox.MaxRedlockNodes]nodeKey
}

func onNodes(op lockOp, n int, fn func(i int)) {
	if len(op.nodes) == 0 {
		for i := range n {
			fn(i)
		}
		return
	}
	for _, node := range op.nodes {
		if node >= 1 && node <= n {
			fn(node - 1)
		}
	}
}

func leasedRegister(nodes int) porcupine.Model {
	return porcupine.Model{
		Init: func() any { return leaseState{n: min(max(nodes, 1), sandbox.MaxRedlockNodes)} },
		Step: func(state, input, output any) (bool, any) {
			st, op, out := state.(leaseState), input.(lockOp), output.(lockOut)
			switch op.kind {
			case "grant", "replace":
				onNodes(op, st.n, func(i int) { st.keys[i] = nodeKey{op.client, op.grant} })
			case "release":
				onNodes(op, st.n, func(i int) {
					if st.keys[i] == (nodeKey{op.client, op.grant}) {
						st.keys[i] = nodeKey{}
					}
				})
			case "expire":
				onNodes(op, st.n, func(i int) {
					if st.keys[i].grant == op.grant {
						st.keys[i] = nodeKey{}
					}
				})
			case "write":
				if !out.accepted {
					return true, st
				}
				mine := 0
				for _, k := range st.keys[:st.n] {
					if k.client == op.client {
						mine++
					}
				}
				return op.grant > 0 && 2*mine > st.n, st
			}
			return true, st
		},
		DescribeOperation: describeLockOp,
	}
}

// fenceState is the grants that may still write, in issue order (0: a
// write from a client that never held the lock).
type fenceState struct{ live []int }

var fencedRegister = porcupine.Model{
	Init: func() any { return fenceState{live: []int{0}} },
	Step: func(state, input, output any) (bool, any) {
		st, op, out := state.(fenceState), input.(lockOp), output.(lockOut)
		switch {
		case op.kind == "grant":
			return true, fenceState{live: append(slices.Clone(st.live), op.grant)}
		case op.kind == "write" && out.accepted:
			at := slices.Index(st.live, op.grant)
			if at < 0 {
				return false, st
			}
			return true, fenceState{live: slices.Clone(st.live[at:])}
		}
		return true, st
	},
	Equal:             func(a, b any) bool { return reflect.DeepEqual(a, b) },
	DescribeOperation: describeLockOp,
}

func describeLockOp(input, output any) string {
	op, out := input.(lockOp), output.(lockOut)
	if op.kind == "write" {
		return fmt.Sprintf("write(%s, grant %d, %q) -> accepted %v", op.client, op.grant, op.value, out.accepted)
	}
	return fmt.Sprintf("%s(%s, grant %d, nodes %v)", op.kind, op.client, op.grant, op.nodes)
}

// lockHistory turns a timeline into porcupine operations, each at its
// place in the event list.
func lockHistory(tl sandbox.Timeline) []porcupine.Operation {
	var ops []porcupine.Operation
	for i, e := range tl.Events.All() {
		var op lockOp
		out := lockOut{}
		switch e.Kind {
		case sandbox.KindAcquireGranted:
			op = lockOp{kind: "grant", client: e.Client, grant: e.Grant, nodes: e.Nodes}
		case sandbox.KindReleaseOK:
			op = lockOp{kind: "release", client: e.Holder, grant: e.Grant, nodes: e.Nodes}
		case sandbox.KindLeaseExpired:
			op = lockOp{kind: "expire", grant: e.Grant}
			if e.Node > 0 {
				op.nodes = []int{e.Node}
			}
		case sandbox.KindFailover, sandbox.KindRestart:
			// A consensus cluster that lost its majority keeps its lease:
			// nothing is replaced until a leader is back.
			if e.Reason == "no-quorum" {
				continue
			}
			op = lockOp{kind: "replace", client: e.Holder, grant: e.Grant}
			if e.Node > 0 {
				op.nodes = []int{e.Node}
			}
		case sandbox.KindWriteAccepted, sandbox.KindWriteRejected:
			op = lockOp{kind: "write", client: e.Client, grant: e.Grant, value: e.Value}
			out.accepted = e.Kind == sandbox.KindWriteAccepted
		default:
			continue
		}
		ops = append(ops, porcupine.Operation{Input: op, Output: out, Call: int64(2 * i), Return: int64(2*i + 1)})
	}
	return ops
}

// lockKeys is the number of independent lock keys: the redlock nodes, or
// the one key of the other models.
func lockKeys(tl sandbox.Timeline) int {
	if tl.Model == sandbox.ModelRedlock {
		return tl.Nodes
	}
	return 1
}

// crossCheck fails t when porcupine and Check disagree on tl.
func crossCheck(t *testing.T, tl sandbox.Timeline, what string) {
	t.Helper()
	found := map[string]bool{}
	for _, v := range tl.Summary.Violations {
		found[v.Kind] = true
	}
	ops := lockHistory(tl)
	for _, c := range []struct {
		kind  string
		model porcupine.Model
	}{
		{sandbox.ViolationStaleWrite, fencedRegister},
		{sandbox.ViolationUnsafeWrite, leasedRegister(lockKeys(tl))},
	} {
		res := porcupine.CheckOperationsTimeout(c.model, ops, 10*time.Second)
		if res == porcupine.Unknown {
			t.Fatalf("%s: porcupine timed out on %s", what, c.kind)
		}
		if linearizable := res == porcupine.Ok; linearizable == found[c.kind] {
			t.Fatalf("%s: porcupine says linearizable=%v, our checker says %s=%v", what, linearizable, c.kind, found[c.kind])
		}
	}
}

func TestPorcupineAgreesWithCheck(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			crossCheck(t, sandbox.Run(p.Scenario), p.ID)
		})
	}
}

// TestPorcupineCatches makes sure each specification can fail.
func TestPorcupineCatches(t *testing.T) {
	granted := func(c string, g int) sandbox.Event {
		return sandbox.Event{Kind: sandbox.KindAcquireGranted, Client: c, Grant: g}
	}
	write := func(c string, g int) sandbox.Event {
		return sandbox.Event{Kind: sandbox.KindWriteAccepted, Client: c, Grant: g, Value: c}
	}
	tests := []struct {
		name   string
		model  porcupine.Model
		events []sandbox.Event
	}{
		{"a lower grant applied after a higher one", fencedRegister, []sandbox.Event{granted("A", 1), granted("B", 2), write("B", 2), write("A", 1)}},
		{"a write from a client that never held the lock, after a granted one", fencedRegister, []sandbox.Event{granted("A", 1), write("A", 1), write("B", 0)}},
		{"a write after the writer's lease expired", leasedRegister(1), []sandbox.Event{granted("A", 1), {Kind: sandbox.KindLeaseExpired, Grant: 1}, write("A", 1)}},
		{"a write while another client holds the lock", leasedRegister(1), []sandbox.Event{granted("A", 1), granted("B", 2), write("A", 1)}},
		{"a write after the writer released", leasedRegister(1), []sandbox.Event{granted("A", 1), {Kind: sandbox.KindReleaseOK, Client: "A", Holder: "A", Grant: 1}, write("A", 1)}},
		{"a write from a minority of redlock nodes", leasedRegister(5), []sandbox.Event{
			{Kind: sandbox.KindAcquireGranted, Client: "A", Grant: 1, Nodes: []int{1, 2, 3}}, {Kind: sandbox.KindLeaseExpired, Grant: 1, Node: 2}, write("A", 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := sandbox.Timeline{Clients: []string{"A", "B"}, Events: sandbox.EventsOf(tt.events)}
			if porcupine.CheckOperations(tt.model, lockHistory(tl)) {
				t.Fatalf("porcupine accepted the history")
			}
		})
	}
}
