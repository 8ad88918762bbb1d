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
	d := timelineview.Build(tl, len(tl.Events), 0, "/sandbox/x")
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
func stepX(d timelineview.Diagram, tl sandbox.Timeline, kind string) int {
	for i, e := range tl.Events {
		if e.Kind == kind {
			return d.StepX[i+1]
		}
	}
	return -1
}

func TestBuildReplayFadesTheFuture(t *testing.T) {
	tl := presetRun(t, "paused-holder-unfenced")
	for step := 0; step <= len(tl.Events); step++ {
		d := timelineview.Build(tl, step, 0, "/x")
		if d.CursorX != d.StepX[step] {
			t.Fatalf("step %d: cursor at %d, want %d", step, d.CursorX, d.StepX[step])
		}
		for _, m := range d.Marks {
			if m.Step < 1 || m.Step > len(tl.Events) {
				t.Fatalf("mark %s has step %d outside 1..%d", m.Shape, m.Step, len(tl.Events))
			}
		}
	}
	t.Run("violation links to its step", func(t *testing.T) {
		d := timelineview.Build(tl, len(tl.Events), 0, "/sandbox/x")
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
	for i, e := range tl.Events {
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
	ops := []string{sandbox.OpAcquire, sandbox.OpWrite, sandbox.OpPause, sandbox.OpWrite, sandbox.OpRelease}
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
		timelineview.Build(tl, len(tl.Events)/2, 0, "/x")
		timelineview.Rows(tl, len(tl.Events)/2, "/x")
		timelineview.BuildPanel(tl, len(tl.Events)/2, "/x")
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
