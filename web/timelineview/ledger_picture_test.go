package timelineview_test

import (
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
)

// TestPictureDrawsTheLedgersSpans: the picture's bars are the ledger's
// spans, so they agree with the state panel where a walk of its own once
// did not: a client that unlocks the leftovers of a refused second attempt
// still holds its first grant, and a node that restarts while it is down
// already was down all along.
func TestPictureDrawsTheLedgersSpans(t *testing.T) {
	no := sandbox.PersistNone
	sc := sandbox.Scenario{
		Lock:    sandbox.LockConfig{Model: sandbox.ModelRedlock, Persistence: no},
		Clients: []sandbox.Client{{ID: "B"}},
		Actions: []sandbox.Action{
			{AtMS: 0, Client: "B", Op: sandbox.OpAcquire},
			{AtMS: 2000, Op: sandbox.OpNodeDown, Node: 2},
			{AtMS: 3000, Op: sandbox.OpRestart, Node: 1},
			{AtMS: 5000, Op: sandbox.OpRestart, Node: 2, MS: 1000},
			{AtMS: 9000, Client: "B", Op: sandbox.OpAcquire},
			{AtMS: 9000, Client: "B", Op: sandbox.OpExtend},
		},
	}.WithDefaults()
	tl := sandbox.Run(sc)
	d := timelineview.Build(tl, tl.Events.Len(), 0, "/x")
	st := tl.Ledger().StateAt(tl.Events.Len() - 1)
	if !st.Clients[0].Holds {
		t.Fatalf("the ledger says B no longer holds its grant: %+v", st.Clients[0])
	}
	var belief, down *timelineview.Bar
	for i, b := range d.Bars {
		switch {
		case b.Class == "believes" && belief == nil:
			belief = &d.Bars[i]
		case b.Class == "down" && strings.HasPrefix(b.Title, "node 2 down"):
			down = &d.Bars[i]
		}
	}
	if belief == nil || strings.Contains(belief.Title, "released") {
		t.Fatalf("B's belief bar ends at the unlock of its refused attempt: %+v", belief)
	}
	if x := stepX(d, tl, sandbox.KindExtendOK); belief.X+belief.W <= x {
		t.Fatalf("B's belief bar ends at %d, before its extend at %d", belief.X+belief.W, x)
	}
	if down == nil || down.X != stepX(d, tl, sandbox.KindNodeDown) {
		t.Fatalf("node 2's down bar does not start where it first went down: %+v", down)
	}
}
