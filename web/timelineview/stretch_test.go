package timelineview_test

import (
	"testing"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
)

// TestDenseStartGetsRoom: in the Redlock and partition presets everything
// interesting happens in the first half second of a 10 s axis. The axis is
// stretched there: every two successive moments are at least 33 units
// apart, the dense start takes a good part of the picture, the ticks read
// (no two closer than 56 units) and time still runs left to right (D4).
func TestDenseStartGetsRoom(t *testing.T) {
	for _, id := range []string{"redlock-split-vote", "redlock-two-down", "consensus-minority-partition"} {
		t.Run(id, func(t *testing.T) {
			tl := presetRun(t, id)
			d := timelineview.Build(tl, tl.Events.Len(), 0, "/x")
			if !d.Stretched {
				t.Fatalf("the axis is linear")
			}
			var first, last int
			var lastT int64
			for i := 1; i < tl.Events.Len(); i++ {
				a, b := tl.Events.At(i-1), tl.Events.At(i)
				xa, xb := d.StepX[i], d.StepX[i+1]
				if xb < xa {
					t.Fatalf("event at %d ms drawn left of the one at %d ms", b.T, a.T)
				}
				if b.T != a.T && xb-xa < 33 {
					t.Fatalf("%d ms and %d ms are %d units apart, want at least 33", a.T, b.T, xb-xa)
				}
				if b.T <= 1000 {
					last, lastT = xb, b.T
				}
			}
			first = d.StepX[1]
			// Linear, the events of the first second would span
			// d.PlotW*lastT/end.
			end := tl.Events.At(tl.Events.Len() - 1).T
			if linear := d.PlotW * int(lastT) / int(end); last-first < 3*linear {
				t.Fatalf("the events of the first second span %d units, want 3 times their linear %d at least", last-first, linear)
			}
			for i := 1; i < len(d.Ticks); i++ {
				if d.Ticks[i].X-d.Ticks[i-1].X < 56 {
					t.Fatalf("ticks %q and %q are %d units apart", d.Ticks[i-1].Label, d.Ticks[i].Label, d.Ticks[i].X-d.Ticks[i-1].X)
				}
			}
		})
	}
	// A run whose events are spread out keeps its linear axis, and the
	// compare page's pictures share one linear scale.
	tl := presetRun(t, "paused-holder-fenced")
	if d := timelineview.Build(tl, tl.Events.Len(), 0, "/x"); d.Stretched {
		t.Fatalf("paused-holder-fenced is stretched")
	}
	sv := presetRun(t, "redlock-split-vote")
	if d := timelineview.BuildIn(sv, sv.Events.Len(), timelineview.FrameFor(sv), "/x"); d.Stretched {
		t.Fatalf("a compare picture is stretched")
	}
}

// TestLabelsClearBarTexts: no mark's label overprints the text inside a
// bar, in any preset (labels that would are dropped; the shape keeps its
// glyph and title).
func TestLabelsClearBarTexts(t *testing.T) {
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			d := timelineview.Build(sandbox.Run(p.Scenario), 1<<30, 0, "/x")
			w := func(s string) int { return int(float64(len([]rune(s)))*6.6) + 6 }
			for _, b := range d.Bars {
				if b.Text == "" {
					continue
				}
				for _, m := range d.Marks {
					if m.Text != "" && m.TextY-b.TextY < 11 && b.TextY-m.TextY < 11 && m.TextX < b.TextX+w(b.Text) && b.TextX < m.TextX+w(m.Text) {
						t.Fatalf("label %q overprints bar text %q", m.Text, b.Text)
					}
				}
			}
		})
	}
}
