// Package timelineview turns a sandbox timeline into what the timeline page
// draws: the geometry of the SVG swimlane picture, the rows of the event
// list and the state panel at a step. It is pure (no HTTP, no HTML): the
// templ views only place the shapes it computes, so the picture can be
// tested and benchmarked as plain function calls.
package timelineview

import (
	"slices"
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// Build lays out tl at step (clamped to 0..tl.Events.Len()). nowMS is the
// learner's "now", where the next action lands: drawn as its own marker,
// and the right end when it lies past the last event. base is the URL
// that step links append "?step=N" to.
func Build(tl sandbox.Timeline, step int, nowMS int64, base string) Diagram {
	d := build(tl, step, Frame{EndMS: spanEnd(tl, nowMS), Width: widthFor(tl), stretch: true}, base)
	d.NowX = d.x(nowMS)
	d.NowLabel = "now: new actions land here (" + seconds(nowMS) + ")"
	d.NowLabelX, d.NowAnchor = labelAt(d.NowX, d.NowLabel, d.Width)
	return d
}

// BuildView lays out tl at step like Build, but for a viewer who cannot
// act on it (a preset's preview, someone else's timeline): there is no
// "now" for them, so no now marker is drawn and the picture ends with the
// run.
func BuildView(tl sandbox.Timeline, step int, base string) Diagram {
	return build(tl, step, Frame{EndMS: spanEnd(tl, 0), Width: widthFor(tl), stretch: true}, base)
}

// Frame fixes a picture's time scale: the time at its right end and its
// width. Two pictures built in one frame line up time for time.
type Frame struct {
	EndMS int64
	Width int

	// stretch lets dense stretches of time get room (a piecewise axis);
	// the compare page keeps one linear scale for both runs.
	stretch bool
}

// FrameFor returns the frame that shows each of tls whole.
func FrameFor(tls ...sandbox.Timeline) Frame {
	var f Frame
	for _, tl := range tls {
		f.EndMS = max(f.EndMS, spanEnd(tl, 0))
		f.Width = max(f.Width, widthFor(tl))
	}
	return f
}

// BuildIn lays out tl at step in frame f, with no now marker, scaled to
// fit its container: the compare page draws both runs whole, one above
// the other, on one time scale.
func BuildIn(tl sandbox.Timeline, step int, f Frame, base string) Diagram {
	f.EndMS = max(f.EndMS, spanEnd(tl, 0))
	f.Width = max(f.Width, minWidth)
	d := build(tl, step, f, base)
	d.Fluid = true
	if step == tl.Events.Len() {
		d.CursorLabel = "end of the run"
		d.CursorLabelX, d.CursorAnchor = labelAt(d.CursorX, d.CursorLabel, d.Width)
	}
	return d
}

func build(tl sandbox.Timeline, step int, f Frame, base string) Diagram {
	step = min(max(step, 0), tl.Events.Len())
	b := builder{tl: tl, base: base}
	b.layout(f)
	b.scan()
	b.summarise(step)
	b.titles()
	b.placeLabels()
	d := b.d
	d.Step = step
	d.StepX = make([]int, tl.Events.Len()+1)
	d.StepMS = make([]int, tl.Events.Len()+1)
	d.StepX[0] = b.x(0)
	for i, e := range tl.Events.All() {
		d.StepX[i+1] = b.x(e.T)
		d.StepMS[i+1] = int(e.T)
	}
	d.CursorX = d.StepX[step]
	d.CursorLabel = CursorLabel(step)
	d.CursorLabelX, d.CursorAnchor = labelAt(d.CursorX, d.CursorLabel, d.Width)
	d.Title = "Swimlane timeline: " + strings.Join(tl.Clients, ", ") + " and the " + tl.Model.String() + " lock service"
	d.Desc = summaryText(tl.Summary)
	return d
}

// summarise keeps the picture within MaxShapes: when the run has more, it
// draws the shapes of the steps nearest step, widening the window one step
// at a time on each side while the budget allows, plus every violation
// band and mark, and records what it left out.
func (b *builder) summarise(step int) {
	d := &b.d
	n := b.tl.Events.Len()
	if len(d.Bars)+len(d.Arrows)+len(d.Marks) <= MaxShapes || n == 0 {
		d.Drawn = n
		return
	}
	per := make([]int, n+2) // shapes of each step
	for _, x := range d.Bars {
		per[min(max(x.Step, 0), n+1)]++
	}
	for _, x := range d.Arrows {
		per[min(max(x.Step, 0), n+1)]++
	}
	for _, x := range d.Marks {
		per[min(max(x.Step, 0), n+1)]++
	}
	lo, hi := step, step // steps kept: lo..hi
	used := per[step]
	for {
		grew := false
		if hi+1 <= n+1 && used+per[hi+1] <= MaxShapes {
			hi++
			used += per[hi]
			grew = true
		}
		if lo-1 >= 0 && used+per[lo-1] <= MaxShapes {
			lo--
			used += per[lo]
			grew = true
		}
		if !grew {
			break
		}
	}
	keep := func(s int) bool { return s >= lo && s <= hi }
	bars := d.Bars[:0]
	for _, x := range d.Bars {
		if keep(x.Step) {
			bars = append(bars, x)
		}
	}
	arrows := d.Arrows[:0]
	for _, x := range d.Arrows {
		if keep(x.Step) {
			arrows = append(arrows, x)
		}
	}
	marks := d.Marks[:0]
	for _, x := range d.Marks {
		if keep(x.Step) || x.Shape == "violation" {
			marks = append(marks, x)
		}
	}
	d.Bars, d.Arrows, d.Marks = slices.Clip(bars), slices.Clip(arrows), slices.Clip(marks)
	d.DrawnFrom, d.DrawnTo = max(lo, 1), min(hi, n)
	d.Drawn = d.DrawnTo - d.DrawnFrom + 1
	d.Omitted = n - d.Drawn
}

// titles writes the titles of the shapes that are drawn. They are made
// only now, after summarise: a title per event of a long run, most of them
// never drawn, was a fifth of the time of a large picture.
func (b *builder) titles() {
	for i := range b.d.Arrows {
		if a := &b.d.Arrows[i]; a.ev > 0 {
			a.Title = title(b.tl.Events.At(a.ev - 1))
			if a.pre != "" {
				a.Title = a.pre + " · " + a.Title
			}
		}
	}
	for i := range b.d.Marks {
		if m := &b.d.Marks[i]; m.ev > 0 {
			m.Title = title(b.tl.Events.At(m.ev - 1))
		}
	}
}

// CursorLabel is the text under the replay cursor ("replay: step 8"),
// shared with sandbox.js through the SVG's data attributes.
func CursorLabel(step int) string { return "replay: step " + strconv.Itoa(step) }

// x maps a virtual time to the picture's x, as Build did.
func (d Diagram) x(t int64) int {
	if len(d.StepX) == 0 || d.PlotW == 0 {
		return d.PlotX
	}
	return d.PlotX + int(d.warp.at(t, d.scale)+0.5)
}

func summaryText(s sandbox.Summary) string {
	var b strings.Builder
	writes := " writes accepted, "
	if s.WritesAccepted == 1 {
		writes = " write accepted, "
	}
	b.WriteString(strconv.Itoa(s.WritesAccepted) + writes + strconv.Itoa(s.WritesRejected) + " rejected, ")
	switch len(s.Violations) {
	case 0:
		b.WriteString("no violations.")
	case 1:
		b.WriteString("1 violation: " + s.Violations[0].Kind + ".")
	default:
		b.WriteString(strconv.Itoa(len(s.Violations)) + " violations, the first " + s.Violations[0].Kind + ".")
	}
	return b.String()
}
