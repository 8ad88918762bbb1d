package timelineview_test

import (
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
)

func presetRun(t testing.TB, id string) sandbox.Timeline {
	t.Helper()
	p, ok := sandbox.PresetByID(id)
	if !ok {
		t.Fatalf("no preset %s", id)
	}
	return sandbox.Run(p.Scenario)
}

func TestBuildLanes(t *testing.T) {
	tests := []struct {
		preset string
		want   []string
	}{
		{"paused-holder-fenced", []string{"client A", "client B", "lock service", "resource", "checker"}},
		{"redlock-clock-jump", []string{"client A", "client B", "node 1", "node 2", "node 3", "node 4", "node 5", "resource", "checker"}},
		{"database-conditional-update", []string{"client A", "client B", "row claim", "resource", "checker"}},
	}
	for _, tt := range tests {
		t.Run(tt.preset, func(t *testing.T) {
			d := timelineview.Build(presetRun(t, tt.preset), 1<<30, 0, "/x")
			var got []string
			for _, l := range d.Lanes {
				got = append(got, l.Label)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Fatalf("lanes = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestBuildPausedHolder(t *testing.T) {
	tl := presetRun(t, "paused-holder-fenced")
	d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	bars := map[string][]timelineview.Bar{}
	for _, b := range d.Bars {
		bars[b.Class] = append(bars[b.Class], b)
	}
	t.Run("the pause spans 1 s to 16 s", func(t *testing.T) {
		if len(bars["pause"]) != 1 {
			t.Fatalf("pause bars = %d, want 1", len(bars["pause"]))
		}
		p := bars["pause"][0]
		start, end := stepX(d, tl, sandbox.KindPauseStart), stepX(d, tl, sandbox.KindPauseEnd)
		if p.X != start || p.X+p.W != end {
			t.Fatalf("pause from %d to %d, want %d to %d", p.X, p.X+p.W, start, end)
		}
	})
	t.Run("A acts on after its lease: a stale-belief span", func(t *testing.T) {
		if len(bars["stale-belief"]) != 1 || !strings.HasPrefix(bars["stale-belief"][0].Title, "A still acts") {
			t.Fatalf("stale-belief bars = %+v, want one for A", bars["stale-belief"])
		}
	})
	t.Run("the service holds two keys in turn", func(t *testing.T) {
		if len(bars["holds"]) != 2 {
			t.Fatalf("key bars = %d, want 2", len(bars["holds"]))
		}
		if a, b := bars["holds"][0], bars["holds"][1]; a.X+a.W > b.X {
			t.Fatalf("A's key (to %d) overlaps B's (from %d)", a.X+a.W, b.X)
		}
	})
	t.Run("writes are marked with glyph and reason", func(t *testing.T) {
		var shapes []string
		for _, m := range d.Marks {
			if m.Shape == "accepted" || m.Shape == "rejected" {
				shapes = append(shapes, m.Shape+" "+m.Glyph+" "+m.Text)
			}
		}
		// The rejection prints the comparison the check made.
		want := []string{`accepted ✓ ✓ B "b"`, "rejected ✗ ✗ A · token 1 < 2: refused"}
		if strings.Join(shapes, "|") != strings.Join(want, "|") {
			t.Fatalf("write marks = %q, want %q", shapes, want)
		}
	})
}

// stepX is the x of the first event of kind.
func stepX(d timelineview.Diagram, tl sandbox.Timeline, kind sandbox.Kind) int {
	for i, e := range tl.Events.All() {
		if e.Kind == kind {
			return d.StepX[i+1]
		}
	}
	return -1
}

func TestBuildReplayFadesTheFuture(t *testing.T) {
	tl := presetRun(t, "paused-holder-unfenced")
	for step := 0; step <= tl.Events.Len(); step++ {
		d := timelineview.Build(tl, step, 0, "/x")
		if d.CursorX != d.StepX[step] {
			t.Fatalf("step %d: cursor at %d, want %d", step, d.CursorX, d.StepX[step])
		}
		for _, m := range d.Marks {
			if m.Step < 1 || m.Step > tl.Events.Len() {
				t.Fatalf("mark %s has step %d outside 1..%d", m.Shape, m.Step, tl.Events.Len())
			}
		}
	}
	t.Run("violation links to its step", func(t *testing.T) {
		d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
		for _, m := range d.Marks {
			if m.Shape == "violation" {
				if want := timelineview.StepHref("/sandbox/x", m.Step); m.Href != want {
					t.Fatalf("violation href = %q, want %q", m.Href, want)
				}
				return
			}
		}
		t.Fatalf("no violation mark in the unfenced run")
	})
}

func TestLabelsNeverOverlap(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			d := timelineview.Build(sandbox.Run(p.Scenario), 1<<30, 0, "/x")
			type box struct {
				x1, x2, y int
				text      string
			}
			var boxes []box
			for _, m := range d.Marks {
				if m.Text != "" {
					boxes = append(boxes, box{m.TextX, m.TextX + int(float64(len([]rune(m.Text)))*6.6) + 6, m.TextY, m.Text})
				}
			}
			for i, a := range boxes {
				for _, b := range boxes[:i] {
					if a.y-b.y < 11 && b.y-a.y < 11 && a.x1 < b.x2 && b.x1 < a.x2 {
						t.Fatalf("label %q overlaps %q", a.text, b.text)
					}
				}
			}
		})
	}
}

func TestPanelSaysWhoBelievesWhat(t *testing.T) {
	tl := presetRun(t, "paused-holder-fenced")
	var rejected int
	for i, e := range tl.Events.All() {
		if e.Kind == sandbox.KindWriteRejected {
			rejected = i + 1
		}
	}
	p := timelineview.BuildPanel(tl, rejected, "/x")
	if p.Event == nil || !strings.Contains(p.Event.Label, "stale-token") {
		t.Fatalf("panel event = %+v, want the stale-token rejection", p.Event)
	}
	if p.HighestToken != "2" || p.Value != `"b"` {
		t.Fatalf("resource = %s / %s, want value \"b\" and highest token 2", p.Value, p.HighestToken)
	}
	if a := p.Clients[0]; !a.Stale || !strings.Contains(a.Belief, "lease ended at 10") {
		t.Fatalf("client A = %+v, want it flagged acting past its lease", a)
	}
	if p0 := timelineview.BuildPanel(tl, 0, "/x"); p0.Event != nil || p0.Holder != "nobody: the lock is free" {
		t.Fatalf("step 0 panel = %+v, want the empty world", p0)
	}
}

func BenchmarkBuild500Actions(b *testing.B) {
	ids := []string{"A", "B", "C", "D", "E", "F", "G", "H"}
	sc := sandbox.Scenario{}
	for _, id := range ids {
		sc.Clients = append(sc.Clients, sandbox.Client{ID: id})
	}
	ops := []sandbox.Op{sandbox.OpAcquire, sandbox.OpWrite, sandbox.OpPause, sandbox.OpWrite, sandbox.OpRelease}
	for i := range sandbox.MaxActions {
		a := sandbox.Action{AtMS: int64(i) * 1000, Client: ids[(i/len(ops))%len(ids)], Op: ops[i%len(ops)]}
		if a.Op == sandbox.OpWrite {
			a.Value = "v"
		}
		if a.Op == sandbox.OpPause {
			a.MS = 12000
		}
		sc.Actions = append(sc.Actions, a)
	}
	tl := sandbox.Run(sc)
	b.ReportAllocs()
	for b.Loop() {
		timelineview.Build(tl, tl.Events.Len()/2, 0, "/x")
		timelineview.Rows(tl, tl.Events.Len()/2, "/x")
		timelineview.BuildPanel(tl, tl.Events.Len()/2, "/x")
	}
}

func TestWriteLabelsClearTheirArrowheads(t *testing.T) {
	for _, id := range []string{"paused-holder-unfenced", "paused-holder-fenced", "unconditional-del"} {
		t.Run(id, func(t *testing.T) {
			d := timelineview.BuildView(presetRun(t, id), 1<<30, "/x")
			for _, m := range d.Marks {
				if m.Shape != "accepted" || m.Text == "" {
					continue
				}
				for _, a := range d.Arrows {
					// An arrow ending at the mark has its head (7 units wide)
					// around x = m.X just below the label's baseline.
					if a.X2 == m.X && m.TextX <= m.X+4 && m.TextX+len(m.Text)*7 >= m.X-4 {
						t.Fatalf("label %q at x %d crosses the arrowhead at x %d", m.Text, m.TextX, m.X)
					}
				}
			}
		})
	}
}

// TestBuildFaults: a node down is a hatched bar on its lane until it is
// back, a restart a solid line on the node's lane, a partition a cut from
// the client's lane down to the service.
func TestBuildFaults(t *testing.T) {
	tl := presetRun(t, "redlock-delayed-restart")
	d := timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	var down []timelineview.Bar
	for _, b := range d.Bars {
		if b.Class == "down" {
			down = append(down, b)
		}
	}
	node3 := d.Lanes[4] // client A, client B, node 1, node 2, node 3
	if node3.Label != "node 3" {
		t.Fatalf("lane 4 is %q, want node 3", node3.Label)
	}
	if len(down) != 1 || down[0].Y < node3.Y || down[0].Y+down[0].H > node3.Y+node3.H {
		t.Fatalf("down bars %+v, want one inside node 3's lane %+v", down, node3)
	}
	// Down from 1 s to 12 s: the bar's width is 11 s on the time scale.
	x1, x2 := markX(t, d, "down"), markX(t, d, "restart")
	if down[0].X != x1 || down[0].X+down[0].W != x2 {
		t.Fatalf("down bar spans %d..%d, want the down mark %d to the restart mark %d", down[0].X, down[0].X+down[0].W, x1, x2)
	}
	cuts := 0
	for _, m := range d.Marks {
		if m.Shape == "cut" {
			cuts++
			if m.Y2 <= m.Y || !strings.Contains(m.Text, "cut from") {
				t.Fatalf("cut mark %+v: want a line down from the client's lane, labelled", m)
			}
		}
	}
	if cuts != 2 {
		t.Fatalf("%d cut marks, want 2 (A and B each cut off)", cuts)
	}
	// While cut off, each client's lane carries a strip until the heal.
	tl = presetRun(t, "redlock-split-vote")
	d = timelineview.Build(tl, tl.Events.Len(), 0, "/sandbox/x")
	heal := markX(t, d, "heal")
	strips := 0
	for _, b := range d.Bars {
		if b.Class == "partition" {
			strips++
			if b.X+b.W != heal {
				t.Fatalf("cut strip ends at %d, want the heal at %d", b.X+b.W, heal)
			}
		}
	}
	if strips != 2 {
		t.Fatalf("%d cut strips, want 2", strips)
	}
}

func markX(t *testing.T, d timelineview.Diagram, shape string) int {
	t.Helper()
	for _, m := range d.Marks {
		if m.Shape == shape {
			return m.X
		}
	}
	t.Fatalf("no %s mark", shape)
	return 0
}

// manyEvents is a run with thousands of events: one holder heartbeating
// every 100 ms for ten virtual minutes, writing now and then.
func manyEvents(t testing.TB) sandbox.Timeline {
	t.Helper()
	sc := sandbox.Scenario{Clients: []sandbox.Client{{ID: "A", HeartbeatMS: sandbox.MinHeartbeatMS}, {ID: "B"}}}
	sc.Actions = append(sc.Actions, sandbox.Action{AtMS: 0, Client: "A", Op: sandbox.OpAcquire})
	for i := range 300 {
		sc.Actions = append(sc.Actions, sandbox.Action{AtMS: int64(1000 + i*1900), Client: "A", Op: sandbox.OpWrite, Value: "v"})
	}
	tl := sandbox.Run(sc.WithDefaults())
	if tl.Events.Len() < 1500 {
		t.Fatalf("run has %d events, want thousands", tl.Events.Len())
	}
	return tl
}

func TestRowsAroundWindowsTheStep(t *testing.T) {
	tl := manyEvents(t)
	total := tl.Events.Len()
	for _, step := range []int{0, 1, 150, total / 2, total - 3, total} {
		w := timelineview.RowsAround(tl, step, "/x", 200)
		if len(w.Rows) != 200 || w.Total != total {
			t.Fatalf("step %d: %d rows of %d, want 200 of %d", step, len(w.Rows), w.Total, total)
		}
		if w.From != w.Rows[0].Step || w.To != w.Rows[len(w.Rows)-1].Step {
			t.Fatalf("step %d: From, To = %d, %d, want the first and last row's steps %d, %d", step, w.From, w.To, w.Rows[0].Step, w.Rows[len(w.Rows)-1].Step)
		}
		if step > 0 && (step < w.From || step > w.To) {
			t.Fatalf("step %d is outside the window %d..%d", step, w.From, w.To)
		}
		if (w.From > 1) != (w.EarlierHref != "") || (w.To < total) != (w.LaterHref != "") {
			t.Fatalf("step %d: window %d..%d of %d, earlier %q, later %q", step, w.From, w.To, total, w.EarlierHref, w.LaterHref)
		}
	}
	small := presetRun(t, "paused-holder-fenced")
	if w := timelineview.RowsAround(small, 3, "/x", 200); len(w.Rows) != small.Events.Len() || w.EarlierHref != "" || w.LaterHref != "" {
		t.Fatalf("a short run is not shown whole: %d of %d rows", len(w.Rows), small.Events.Len())
	}
}

func TestHugePictureIsSummarisedAroundTheStep(t *testing.T) {
	tl := manyEvents(t)
	step := tl.Events.Len() / 2
	d := timelineview.Build(tl, step, 0, "/x")
	if shapes := len(d.Bars) + len(d.Arrows) + len(d.Marks); shapes > timelineview.MaxShapes {
		t.Fatalf("picture has %d shapes, want at most %d", shapes, timelineview.MaxShapes)
	}
	if d.Omitted == 0 || d.Drawn+d.Omitted != tl.Events.Len() || d.DrawnFrom > step || d.DrawnTo < step {
		t.Fatalf("drawn %d (steps %d..%d), omitted %d of %d, want a window around step %d", d.Drawn, d.DrawnFrom, d.DrawnTo, d.Omitted, tl.Events.Len(), step)
	}
	small := timelineview.Build(presetRun(t, "paused-holder-fenced"), 2, 0, "/x")
	if small.Omitted != 0 {
		t.Fatalf("a small picture omitted %d events", small.Omitted)
	}
}

// TestEveryDrawnShapeHasATitle: hovering any arrow, bar or mark says what
// it is; a write's arrow once read " · 1 000 ms · …", a label with nothing
// before its first separator (QA-7 P8).
func TestEveryDrawnShapeHasATitle(t *testing.T) {
	for _, p := range sandbox.Presets() {
		tl := sandbox.Run(p.Scenario)
		d := timelineview.Build(tl, tl.Events.Len(), 0, "/x")
		for _, a := range d.Arrows {
			if a.Title == "" || strings.HasPrefix(a.Title, " ") || strings.HasPrefix(a.Title, "·") {
				t.Errorf("%s: arrow %s at step %d has title %q", p.ID, a.Class, a.Step, a.Title)
			}
		}
		for _, m := range d.Marks {
			if strings.HasPrefix(m.Title, " ") {
				t.Errorf("%s: mark %s at step %d has title %q", p.ID, m.Shape, m.Step, m.Title)
			}
		}
	}
}
