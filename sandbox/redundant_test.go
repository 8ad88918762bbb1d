package sandbox_test

import (
	"testing"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance"
)

// TestRedundant: a fault with nothing to act on at its time is named as
// such, one that acts is not, and an action at the very moment a node
// comes back is not refused.
func TestRedundant(t *testing.T) {
	sc := sandbox.Scenario{
		Lock:    sandbox.LockConfig{Model: sandbox.ModelRedlock, Nodes: 3},
		Clients: []sandbox.Client{{ID: "A"}},
		Actions: []sandbox.Action{
			{AtMS: 1000, Op: sandbox.OpNodeDown, Node: 2},
			{AtMS: 2000, Op: sandbox.OpPartition, Client: "A", Nodes: []int{3}},
			{AtMS: 3000, Op: sandbox.OpRestart, Node: 1, MS: 1000},
		},
	}.WithDefaults()
	tl := sandbox.Run(sc)
	tests := []struct {
		name string
		a    sandbox.Action
		want string
	}{
		{"down on a node that is down", sandbox.Action{AtMS: 1500, Op: sandbox.OpNodeDown, Node: 2}, "node 2 is down already"},
		{"down on a node that is up", sandbox.Action{AtMS: 1500, Op: sandbox.OpNodeDown, Node: 3}, ""},
		{"up on a node that is up", sandbox.Action{AtMS: 500, Op: sandbox.OpNodeUp, Node: 2}, "node 2 is up"},
		{"up on a node that is down", sandbox.Action{AtMS: 9000, Op: sandbox.OpNodeUp, Node: 2}, ""},
		{"up on a restarting node", sandbox.Action{AtMS: 3500, Op: sandbox.OpNodeUp, Node: 1}, ""},
		{"down at the moment a restart ends", sandbox.Action{AtMS: 4000, Op: sandbox.OpNodeDown, Node: 1}, "node 1 is down already"},
		{"down right after a down at the same moment", sandbox.Action{AtMS: 1000, Op: sandbox.OpNodeDown, Node: 2}, "node 2 is down already"},
		{"heal with no partition", sandbox.Action{AtMS: 1500, Op: sandbox.OpHeal}, "no partition is in force"},
		{"heal with a partition", sandbox.Action{AtMS: 2500, Op: sandbox.OpHeal}, ""},
		{"another op", sandbox.Action{AtMS: 1500, Client: "A", Op: sandbox.OpAcquire}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why, ok := tl.Redundant(tt.a)
			if ok != (tt.want != "") || why != tt.want {
				t.Fatalf("Redundant = %q, %v; want %q", why, ok, tt.want)
			}
			// The engine agrees: a node op it calls redundant is skipped.
			if tt.a.Op != sandbox.OpNodeDown && tt.a.Op != sandbox.OpNodeUp {
				return
			}
			with := sc
			with.Actions = append(append([]sandbox.Action{}, sc.Actions...), tt.a)
			skipped := false
			for _, e := range sandbox.Run(with).Events.All() {
				skipped = skipped || e.Kind == sandbox.KindActionSkipped && e.T == tt.a.AtMS && e.Reason == tt.a.Op.String()
			}
			if skipped != ok {
				t.Fatalf("the engine skips the action: %v; Redundant says %v", skipped, ok)
			}
		})
	}
}

// TestRedundantNeverRefusesWhatActs: over generated runs, a node_down or
// node_up that Redundant calls redundant at any event's time is one the
// engine skips: the forms never refuse an action that would act.
func TestRedundantNeverRefusesWhatActs(t *testing.T) {
	refused := 0
	for _, m := range []sandbox.Model{sandbox.ModelRedis, sandbox.ModelRedlock, sandbox.ModelConsensus} {
		for seed := range uint64(40) {
			sc := conformance.Generate(seed, m)
			tl := sandbox.Run(sc)
			for i, e := range tl.Events.All() {
				if i%3 != 0 || len(sc.Actions) >= sandbox.MaxActions {
					continue
				}
				for node := 1; node <= m.ServiceNodes(sc.Lock.Nodes); node++ {
					for _, op := range []sandbox.Op{sandbox.OpNodeDown, sandbox.OpNodeUp} {
						a := sandbox.Action{AtMS: e.T, Op: op, Node: node}
						if _, ok := tl.Redundant(a); !ok {
							continue
						}
						refused++
						with := sc
						with.Actions = append(append([]sandbox.Action{}, sc.Actions...), a)
						skipped := false
						for _, x := range sandbox.Run(with).Events.All() {
							skipped = skipped || x.Kind == sandbox.KindActionSkipped && x.T == a.AtMS && x.Reason == op.String() && x.Node == node
						}
						if !skipped {
							t.Fatalf("%s seed %d: %s on node %d at %d ms is called redundant, but the engine runs it", m, seed, op, node, e.T)
						}
					}
				}
			}
		}
	}
	if refused == 0 {
		t.Fatalf("no redundant action found: the check checked nothing")
	}
}
