package timelineview_test

import (
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
)

// eventX is the x of the first event at time ms.
func eventX(t *testing.T, d timelineview.Diagram, tl sandbox.Timeline, ms int64) int {
	t.Helper()
	for i, e := range tl.Events.All() {
		if e.T == ms {
			return d.StepX[i+1]
		}
	}
	t.Fatalf("no event at %d ms", ms)
	return 0
}

// laneBars are the bars of class cls inside lane label.
func laneBars(t *testing.T, d timelineview.Diagram, label, cls string) []timelineview.Bar {
	t.Helper()
	for _, l := range d.Lanes {
		if l.Label != label {
			continue
		}
		var out []timelineview.Bar
		for _, b := range d.Bars {
			if b.Class == cls && b.Y >= l.Y && b.Y+b.H <= l.Y+l.H {
				out = append(out, b)
			}
		}
		return out
	}
	t.Fatalf("no lane %q", label)
	return nil
}

// TestFailoverRefreshExtendsTheKey: in consensus-leader-refresh the new
// leader refreshes A's lease at 8 s to end at 18 s; A's key must be drawn
// to 18 s, not stop at its first expiry of 10 s, and say it was refreshed.
func TestFailoverRefreshExtendsTheKey(t *testing.T) {
	tl := presetRun(t, "consensus-leader-refresh")
	d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	keys := laneBars(t, d, "consensus (3)", "holds")
	end, refreshed := 0, false
	for _, k := range keys {
		if strings.Contains(k.Title, "A's key") {
			end = max(end, k.X+k.W)
			refreshed = refreshed || strings.Contains(k.Title, "refreshed at failover")
		}
	}
	if want := eventX(t, d, tl, 18000); end != want {
		t.Fatalf("A's key is drawn to x=%d, want the expiry at 18 s (x=%d); bars %+v", end, want, keys)
	}
	if !refreshed {
		t.Fatalf("no part of A's key says it was refreshed at failover: %+v", keys)
	}
	labelled := false
	for _, k := range keys {
		labelled = labelled || strings.Contains(k.Text, "refreshed") && strings.Contains(k.Text, "18 s")
	}
	if !labelled {
		t.Fatalf("no key bar reads that A's lease was refreshed to 18 s: %+v", keys)
	}
	// A crashed at 1 s: its belief ends there, and its tooltip says so.
	for _, b := range d.Bars {
		if b.Class == "believes" && strings.HasPrefix(b.Title, "A ") {
			if !strings.Contains(b.Title, "until 1\u202f000 ms, when it crashed") && !strings.Contains(b.Title, "until 1 000 ms, when it crashed") {
				t.Fatalf("A's belief tooltip = %q, want it to end at the crash", b.Title)
			}
			if b.X+b.W != eventX(t, d, tl, 1000) {
				t.Fatalf("A's belief ends at x=%d, want the crash", b.X+b.W)
			}
		}
	}
	// Member 1 down is a thin strip, not the whole lane hatched.
	down := laneBars(t, d, "consensus (3)", "down")
	if len(down) != 1 || down[0].H > 8 || !strings.HasPrefix(down[0].Title, "member 1 down") {
		t.Fatalf("down bars = %+v, want one thin strip for member 1", down)
	}
	// Its label sits under the strip, not over the hatching.
	for _, m := range d.Marks {
		if m.Shape == "down" && m.TextY-10 < down[0].Y+down[0].H {
			t.Fatalf("the down label's top (%d) is above the strip's bottom (%d)", m.TextY-10, down[0].Y+down[0].H)
		}
	}
}

// TestRestartWithoutPersistenceDropsTheKey: in redlock-delayed-restart
// node 3 crashes at 1 s with no persistence, so from then on it holds no
// key of A; the other nodes keep A's key to its expiry at 10 s.
func TestRestartWithoutPersistenceDropsTheKey(t *testing.T) {
	tl := presetRun(t, "redlock-delayed-restart")
	d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	crash := eventX(t, d, tl, 1000)
	for _, k := range laneBars(t, d, "node 3", "holds") {
		if strings.Contains(k.Title, "A's key") && k.X+k.W > crash {
			t.Fatalf("node 3 holds A's key to x=%d, past its crash at x=%d: %q", k.X+k.W, crash, k.Title)
		}
	}
	for _, lane := range []string{"node 1", "node 2"} {
		keys := laneBars(t, d, lane, "holds")
		if len(keys) == 0 || keys[0].X+keys[0].W != eventX(t, d, tl, 10000) {
			t.Fatalf("%s: key bars %+v, want A's key to 10 s", lane, keys)
		}
	}
	// With persistence the node comes back with A's key (already expired
	// here, so nothing is reopened): the down event alone never keeps it.
	p, _ := sandbox.PresetByID("redlock-restart-no-persistence")
	sc := p.Scenario
	sc.Lock.Persistence = sandbox.PersistAlways
	tl = sandbox.Run(sc)
	d = timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	held := false
	for _, k := range laneBars(t, d, "node 3", "holds") {
		held = held || strings.Contains(k.Title, "A's key")
	}
	if !held {
		t.Fatalf("with appendfsync always node 3 is drawn without A's key")
	}
}

// TestHealIsANetworkEvent: the heal is drawn where the clients meet the
// service, not on one node's lane (in redlock-split-vote it was on node 3's).
func TestHealIsANetworkEvent(t *testing.T) {
	tl := presetRun(t, "redlock-split-vote")
	d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	var node1 timelineview.Lane
	for _, l := range d.Lanes {
		if l.Label == "node 1" {
			node1 = l
		}
	}
	for _, m := range d.Marks {
		if m.Shape == "heal" && m.Y > node1.Y {
			t.Fatalf("heal mark at y=%d, inside the node lanes (node 1 starts at %d)", m.Y, node1.Y)
		}
	}
}
