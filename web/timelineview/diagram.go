// Package timelineview turns a sandbox timeline into what the timeline page
// draws: the geometry of the SVG swimlane picture, the rows of the event
// list and the state panel at a step. It is pure (no HTTP, no HTML): the
// templ views only place the shapes it computes, so the picture can be
// tested and benchmarked as plain function calls.
package timelineview

import (
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// Geometry of the picture, in SVG user units.
const (
	labelW      = 112 // the lane names on the left
	padRight    = 28
	axisH       = 30 // the time axis on top
	clientLaneH = 60
	serviceH    = 54
	nodeLaneH   = 44
	resourceH   = 58
	checkerH    = 34
	arrowClear  = 8  // from an arrow's line to a label beside its head (the head is 7 units wide)
	footH       = 34 // under the lanes: the labels of the replay cursor and of now
	minWidth    = 960
	maxWidth    = 24000
	// MaxShapes bounds the bars, arrows and marks of one picture: beyond
	// it, only the events around the replay step are drawn (violations
	// always), so a legal run of thousands of heartbeats still makes a
	// picture of bounded size.
	MaxShapes = 600
	perEvent  = 22 // width granted per event, so dense timelines widen and scroll
	charW     = 6.6
)

// Lane kinds (Lane.Kind), also used as CSS class suffixes.
const (
	LaneClient   = "client"
	LaneService  = "service"
	LaneResource = "resource"
	LaneChecker  = "checker"
)

// Diagram is the swimlane picture of one timeline at one step.
type Diagram struct {
	Width, Height int
	// PlotX is where time 0 is drawn; PlotW the width of the time axis.
	PlotX, PlotW int
	Lanes        []Lane
	Ticks        []Tick
	// Bars are leases and pauses; Arrows messages; Marks everything drawn
	// at one instant (writes, crashes, expiries, violations...).
	Bars   []Bar
	Arrows []Arrow
	Marks  []Mark
	// Bands highlight violations across every lane.
	Bands []Bar
	// PlotBottom is the y where the lanes end; the cursor and now labels
	// sit below it.
	PlotBottom int
	// Step is the step shown; CursorX the x of its time. CursorLabel
	// ("replay: step 8") is drawn under the lanes at CursorLabelX with
	// CursorAnchor ("start" or "end", so it stays inside the picture).
	Step         int
	CursorX      int
	CursorLabel  string
	CursorLabelX int
	CursorAnchor string
	// NowX is where the learner's next action lands ("now"), drawn as a
	// dashed marker distinct from the replay cursor; NowLabel is empty
	// when the picture has no now (the compare page, a preview, a view by
	// someone who cannot act).
	NowX      int
	NowLabel  string
	NowLabelX int
	NowAnchor string
	// StepX is the x of each step's time (index = step), for the scrubber;
	// StepMS the time itself, for the replay label.
	StepX  []int
	StepMS []int
	// Fluid is true for a picture at the minimum width: it may scale up to
	// fill its container. Wider ones keep their size and scroll.
	Fluid bool
	// Drawn and Omitted count the events whose shapes are drawn and left
	// out: a run too large to draw whole is drawn around the step (see
	// MaxShapes), and the page says so.
	Drawn, Omitted int
	// DrawnFrom and DrawnTo are the first and last step drawn when
	// Omitted > 0.
	DrawnFrom, DrawnTo int
	// Title and Desc describe the picture for assistive technology.
	Title, Desc string
	// Stretched is true when the time axis is not linear: stretches of
	// time dense with events are drawn wider (see stretch), and the tick
	// labels give the times.
	Stretched bool

	scale float64
	warp  warp
}

// Lane is one horizontal swim lane.
type Lane struct {
	Label string
	Kind  string
	Y, H  int
	// Odd alternates the background for readability.
	Odd bool
}

// Tick is one labelled time on the axis.
type Tick struct {
	X     int
	Label string
}

// Bar is a rectangle over a span of time.
type Bar struct {
	X, Y, W, H int
	// Class is one of "believes", "stale-belief", "holds", "holds-forever",
	// "pause", "violation".
	Class string
	// Text is drawn inside when it fits ("" otherwise); Title is the
	// tooltip and accessible name, always set.
	Text  string
	TextX int
	TextY int
	Title string
	// Step is the step from which the bar exists (for replay).
	Step int
	// Href, when set, makes the bar a link (violations).
	Href string
}

// Arrow is a message from one lane to another.
type Arrow struct {
	X1, Y1, X2, Y2 int
	// Class is "ok", "refused" or "write".
	Class string
	Title string
	Step  int

	// pre and ev make the title once the picture is summarised: pre, then
	// the event ev-1 (ev is 0 when Title is already set).
	pre string
	ev  int
}

// Mark is something that happens at one instant.
type Mark struct {
	X, Y int
	// Shape is "accepted" (circle with ✓), "rejected" (square with ✗),
	// "crash" (✕), "expired", "failover", "jump", "violation" (triangle
	// with !), "denied", "delay", "skipped", "granted" (a label only).
	Shape string
	// Glyph is the text symbol drawn in or beside the shape, so colour is
	// never the only cue.
	Glyph string
	// Text is the visible label ("" when it would collide), drawn at
	// TextX, TextY.
	Text         string
	TextX, TextY int
	Title        string
	Step         int
	Href         string
	// Y2 is the lower end of vertical marks (failover lines).
	Y2 int

	ev int // as in Arrow
}

// Build lays out tl at step (clamped to 0..len(tl.Events)). nowMS is the
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
	if step == len(tl.Events) {
		d.CursorLabel = "end of the run"
		d.CursorLabelX, d.CursorAnchor = labelAt(d.CursorX, d.CursorLabel, d.Width)
	}
	return d
}

func build(tl sandbox.Timeline, step int, f Frame, base string) Diagram {
	step = min(max(step, 0), len(tl.Events))
	b := builder{tl: tl, base: base}
	b.layout(f)
	b.scan()
	b.summarise(step)
	b.titles()
	b.placeLabels()
	d := b.d
	d.Step = step
	d.StepX = make([]int, len(tl.Events)+1)
	d.StepMS = make([]int, len(tl.Events)+1)
	d.StepX[0] = b.x(0)
	for i, e := range tl.Events {
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
	n := len(b.tl.Events)
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
			a.Title = a.pre + " · " + title(b.tl.Events[a.ev-1])
		}
	}
	for i := range b.d.Marks {
		if m := &b.d.Marks[i]; m.ev > 0 {
			m.Title = title(b.tl.Events[m.ev-1])
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

// labelAt places a label beside the marker at x: to its right, or to its
// left (anchored at its end) when it would run off the picture.
func labelAt(x int, text string, width int) (int, string) {
	if x+4+textW(text) > width {
		return x - 4, "end"
	}
	return x + 4, "start"
}

// spanEnd is the time at the right end of tl's picture: every event,
// lease and pause whole, nowMS, and a little room.
func spanEnd(tl sandbox.Timeline, nowMS int64) int64 {
	end := max(tl.Summary.EndMS, nowMS, 1000)
	for _, e := range tl.Events {
		end = max(end, e.T, e.ValidUntil, e.ExpiresAt, e.ArrivesAt, e.T+e.MS)
	}
	return end + end/40
}

// widthFor grants each event some room, so dense timelines widen and
// scroll rather than overlap.
func widthFor(tl sandbox.Timeline) int {
	// Each distinct moment also needs room for a stretched axis (see
	// stretch) to give it minGap.
	moments, last := 0, int64(-1)
	for _, e := range tl.Events {
		if e.T != last {
			moments, last = moments+1, e.T
		}
	}
	need := max(perEvent*len(tl.Events), int(float64(moments+1)*minGap/0.7)+1)
	return min(max(minWidth, labelW+padRight+need), maxWidth)
}

func summaryText(s sandbox.Summary) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(s.WritesAccepted) + " writes accepted, " + strconv.Itoa(s.WritesRejected) + " rejected, ")
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

type builder struct {
	tl   sandbox.Timeline
	base string
	d    Diagram

	endMS    int64
	scale    float64 // units per ms (of the long gaps, when stretched)
	warp     warp
	clientY  map[string]int
	nodeY    []int // centre y of each service lane (one unless redlock)
	serviceY int   // centre of the whole service group
	resY     int
	checkY   int
}

func (b *builder) layout(f Frame) {
	tl := b.tl
	b.endMS = f.EndMS
	w := f.Width
	b.d.Width = w
	b.d.Fluid = w == minWidth
	b.d.PlotX = labelW
	b.d.PlotW = w - labelW - padRight
	b.scale = float64(b.d.PlotW) / float64(b.endMS)

	y := axisH
	lane := func(label, kind string, h int) int {
		b.d.Lanes = append(b.d.Lanes, Lane{Label: label, Kind: kind, Y: y, H: h, Odd: len(b.d.Lanes)%2 == 1})
		y += h
		return y - h/2
	}
	b.clientY = make(map[string]int, len(tl.Clients))
	for _, c := range tl.Clients {
		b.clientY[c] = lane("client "+c, LaneClient, clientLaneH)
	}
	top := y
	switch tl.Model {
	case sandbox.ModelRedlock:
		for n := 1; n <= max(tl.Nodes, 1); n++ {
			b.nodeY = append(b.nodeY, lane("node "+strconv.Itoa(n), LaneService, nodeLaneH))
		}
	case sandbox.ModelDatabase:
		b.nodeY = []int{lane("row claim", LaneService, serviceH)}
	case sandbox.ModelConsensus:
		b.nodeY = []int{lane("consensus ("+strconv.Itoa(tl.Nodes)+")", LaneService, serviceH)}
	default:
		b.nodeY = []int{lane("lock service", LaneService, serviceH)}
	}
	b.serviceY = (top + y) / 2
	b.resY = lane("resource", LaneResource, resourceH)
	b.checkY = lane("checker", LaneChecker, checkerH)
	b.d.PlotBottom = y
	b.d.Height = y + footH
	b.d.scale = b.scale
	if f.stretch {
		b.warp = stretch(tl, b.endMS, float64(b.d.PlotW))
		b.d.warp, b.d.Stretched = b.warp, len(b.warp.t) > 0
	}
	if b.d.Stretched {
		b.d.Ticks = stretchedTicks(b.endMS, b.x)
	} else {
		b.d.Ticks = ticks(b.endMS, b.scale, b.x)
	}
}

// x maps a virtual time to an x coordinate.
func (b *builder) x(t int64) int { return b.d.PlotX + int(b.warp.at(t, b.scale)+0.5) }

// minGap is the least width, in picture units, that the time between two
// successive events gets on a stretched axis: room for a glyph and the
// start of its label.
const minGap = 34

// warp is a piecewise-linear time axis: time t[i] is drawn at x[i] (from
// the plot's left edge). Empty: linear at the builder's scale.
type warp struct {
	t []int64
	x []float64
}

// at is the x offset of time tm.
func (w warp) at(tm int64, scale float64) float64 {
	if len(w.t) == 0 {
		return float64(tm) * scale
	}
	i := sort.Search(len(w.t), func(i int) bool { return w.t[i] >= tm })
	switch {
	case i == 0:
		return w.x[0] + float64(tm-w.t[0])*scale
	case i == len(w.t):
		return w.x[i-1] + float64(tm-w.t[i-1])*scale
	}
	t0, t1, x0, x1 := w.t[i-1], w.t[i], w.x[i-1], w.x[i]
	return x0 + (x1-x0)*float64(tm-t0)/float64(t1-t0)
}

// stretch returns the axis that gives every gap between the distinct
// event times of tl at least minGap units of width, taking the room from
// the long gaps (scaled alike), within width units for 0..end. It returns
// no warp when the linear axis already does so, or when the run has so
// many close events that they cannot all get room (a long run widens and
// scrolls instead, see widthFor).
func stretch(tl sandbox.Timeline, end int64, width float64) warp {
	times := []int64{0}
	for _, e := range tl.Events {
		if e.T > times[len(times)-1] && e.T < end {
			times = append(times, e.T)
		}
	}
	times = append(times, end)
	n := len(times) - 1
	if n < 2 || float64(n)*minGap > width*0.7 {
		return warp{}
	}
	gaps := make([]int64, n)
	for i := range n {
		gaps[i] = times[i+1] - times[i]
	}
	small := make([]bool, n)
	linear := width / float64(end)
	scale := linear
	for range n {
		var bigSum int64
		fixed := 0.0
		for i, g := range gaps {
			if small[i] {
				fixed += minGap
			} else {
				bigSum += g
			}
		}
		if bigSum == 0 {
			return warp{}
		}
		scale = (width - fixed) / float64(bigSum)
		grew := false
		for i, g := range gaps {
			if !small[i] && float64(g)*scale < minGap {
				small[i], grew = true, true
			}
		}
		if !grew {
			break
		}
	}
	// Stretch only when the linear axis crowds some moments badly: a gap
	// of most of minGap reads well enough as it is.
	crowded := false
	for _, g := range gaps {
		crowded = crowded || float64(g)*linear < minGap/2
	}
	if !crowded || !slices.Contains(small, true) {
		return warp{}
	}
	w := warp{t: times, x: make([]float64, len(times))}
	for i, g := range gaps {
		step := float64(g) * scale
		if small[i] {
			step = minGap
		}
		w.x[i+1] = w.x[i] + step
	}
	return w
}

// stretchedTicks labels a stretched axis: round times, the coarsest first,
// each kept when it is far enough from those already placed, so the dense
// stretches get fine ticks (100 ms) and the long ones coarse ones.
func stretchedTicks(end int64, x func(int64) int) []Tick {
	steps := []int64{300000, 120000, 60000, 30000, 15000, 10000, 5000, 2000, 1000, 500, 200, 100}
	var xs []int
	var out []Tick
	for _, s := range steps {
		for t := int64(0); t <= end; t += s {
			tx := x(t)
			i := sort.SearchInts(xs, tx)
			if (i > 0 && tx-xs[i-1] < 56) || (i < len(xs) && xs[i]-tx < 56) {
				continue
			}
			xs = slices.Insert(xs, i, tx)
			out = slices.Insert(out, i, Tick{X: tx, Label: seconds(t)})
		}
	}
	return out
}

// textW estimates the width of a label.
func textW(text string) int { return int(float64(len([]rune(text)))*charW) + 6 }

// placeLabels drops the labels that would overlap one placed before them:
// bar labels first, then violations and writes, then every other mark, each
// in time order. A dropped label's shape keeps its glyph and title.
func (b *builder) placeLabels() {
	type box struct{ x1, x2, y int }
	rows := map[int][]box{}
	fits := func(x, y int, text string) bool {
		w := textW(text)
		if x+w > b.d.Width {
			return false
		}
		for r := (y - 11) / 8; r <= (y+11)/8; r++ {
			for _, o := range rows[r] {
				if o.y-y < 11 && y-o.y < 11 && x < o.x2 && o.x1 < x+w {
					return false
				}
			}
		}
		rows[y/8] = append(rows[y/8], box{x, x + w, y})
		return true
	}
	for i := range b.d.Bars {
		if bar := &b.d.Bars[i]; bar.Text != "" && !fits(bar.TextX, bar.TextY, bar.Text) {
			bar.Text = ""
		}
	}
	for _, first := range []bool{true, false} {
		for i := range b.d.Marks {
			m := &b.d.Marks[i]
			important := m.Shape == "violation" || m.Shape == "accepted" || m.Shape == "rejected"
			if important != first || m.Text == "" || fits(m.TextX, m.TextY, m.Text) {
				continue
			}
			// A label that would run off the right edge ends at it instead:
			// the reason of a late write near the end still reads.
			if left := b.d.Width - textW(m.Text) - 4; important && left < m.TextX && left > b.d.PlotX && fits(left, m.TextY, m.Text) {
				m.TextX = left
				continue
			}
			m.Text = ""
		}
	}
}

func (b *builder) link(step int) string {
	return b.base + "?step=" + strconv.Itoa(step) + "#event-" + strconv.Itoa(step)
}

// nodeLanes returns the centre y of the service lanes an event touches.
func (b *builder) nodeLanes(e sandbox.Event) []int {
	if len(b.nodeY) == 1 {
		return b.nodeY
	}
	var out []int
	switch {
	case len(e.Nodes) > 0:
		for _, n := range e.Nodes {
			if n >= 1 && n <= len(b.nodeY) {
				out = append(out, b.nodeY[n-1])
			}
		}
	case e.Node >= 1 && e.Node <= len(b.nodeY):
		out = []int{b.nodeY[e.Node-1]}
	default:
		out = b.nodeY
	}
	return out
}

// belief is a client's open belief of holding the lock.
type belief struct {
	open       bool
	start      int64
	validUntil int64
	grant      int
	token      int64
	step       int
	lastAct    int64  // the client's last event while it still held
	endWhy     string // what ended the belief early ("it crashed"), if anything
}

// key is a lock node's open key.
type key struct {
	open    bool
	start   int64
	holder  string
	grant   int
	token   int64
	expires int64
	step    int
	// refreshed says why this part of the key's bar started (a failover
	// that gave it a new expiry); empty for a grant.
	refreshed string
}

// scan walks the events once and emits every shape.
func (b *builder) scan() {
	tl := b.tl
	beliefs := make(map[string]*belief, len(tl.Clients))
	for _, c := range tl.Clients {
		beliefs[c] = &belief{}
	}
	keys := make([]key, len(b.nodeY))
	pauseStart := map[string]pauseOpen{}
	downStart := map[int]downOpen{}
	cuts := map[string][]cutOpen{}
	nodeIdx := func(e sandbox.Event) []int {
		if len(b.nodeY) == 1 {
			return []int{0}
		}
		var out []int
		switch {
		case len(e.Nodes) > 0:
			for _, n := range e.Nodes {
				if n >= 1 && n <= len(keys) {
					out = append(out, n-1)
				}
			}
		case e.Node >= 1 && e.Node <= len(keys):
			out = []int{e.Node - 1}
		}
		return out
	}
	closeKey := func(i int, t int64) {
		k := &keys[i]
		if !k.open {
			return
		}
		k.open = false
		b.keyBar(i, *k, t)
	}
	closeBelief := func(id string, t int64, why string) {
		bl := beliefs[id]
		if bl == nil || !bl.open {
			return
		}
		bl.open = false
		bl.endWhy = why
		b.beliefBar(id, *bl, t)
	}
	var highest int64 // the highest token the resource has accepted so far
	for i, e := range tl.Events {
		step := i + 1
		cy, isClient := b.clientY[e.Client]
		if bl := beliefs[e.Client]; bl != nil && bl.open && clientAct(e.Kind) {
			bl.lastAct = e.T
		}
		switch e.Kind {
		case sandbox.KindAcquireGranted:
			closeBelief(e.Client, e.T, "it was granted the lock again")
			*beliefs[e.Client] = belief{open: true, start: e.T, validUntil: e.ValidUntil, grant: e.Grant, token: e.Token, step: step, lastAct: e.T}
			for _, n := range nodeIdx(e) {
				closeKey(n, e.T)
				keys[n] = key{open: true, start: e.T, holder: e.Client, grant: e.Grant, token: e.Token, expires: e.ExpiresAt, step: step}
			}
			b.arrows(e, step, cy, "ok", "acquire granted")
			// Above the key bar the grant starts, where the arrow lands.
			if ys := b.nodeLanes(e); len(ys) > 0 {
				y := ys[0] - b.keyBarH()/2
				b.mark(Mark{X: b.x(e.T), Y: y, TextX: b.x(e.T) + 4, TextY: y - 3, Shape: "granted", Glyph: "✓", Text: GrantLabel(e), Title: title(e), Step: step})
			}
		case sandbox.KindAcquireDenied:
			b.arrows(e, step, cy, "refused", "acquire denied")
			ys := b.nodeLanes(e)
			b.mark(Mark{X: b.x(e.T), Y: ys[0], TextY: ys[0] + b.keyBarH()/2 + 10, Shape: "denied", Glyph: "✗", Text: "denied", ev: step, Step: step})
		case sandbox.KindExtendOK:
			if bl := beliefs[e.Client]; bl != nil && bl.open && bl.grant == e.Grant {
				bl.validUntil = e.ValidUntil
			}
			for _, n := range nodeIdx(e) {
				if keys[n].open && keys[n].grant == e.Grant {
					keys[n].expires = e.ExpiresAt
				}
			}
			b.arrows(e, step, cy, "ok", "extend")
		case sandbox.KindExtendRefused:
			closeBelief(e.Client, e.T, "its extend was refused")
			b.arrows(e, step, cy, "refused", "extend refused")
		case sandbox.KindExpireSet:
			for _, n := range nodeIdx(e) {
				if keys[n].open && keys[n].grant == e.Grant {
					keys[n].expires = e.ExpiresAt
				}
			}
			b.arrows(e, step, cy, "ok", "EXPIRE")
		case sandbox.KindReleaseOK, sandbox.KindReleaseRefused:
			closeBelief(e.Client, e.T, "it released the lock")
			if e.Kind == sandbox.KindReleaseOK {
				for _, n := range nodeIdx(e) {
					if keys[n].open && keys[n].holder == e.Holder && keys[n].grant == e.Grant {
						closeKey(n, e.T)
					}
				}
				b.arrows(e, step, cy, "ok", "release")
			} else {
				b.arrows(e, step, cy, "refused", "release refused")
			}
		case sandbox.KindLeaseExpired:
			for _, n := range nodeIdx(e) {
				if keys[n].open && keys[n].grant == e.Grant {
					closeKey(n, e.T)
				}
				// Below the key bar, whose end already shows the expiry.
				y := b.nodeY[n] + b.keyBarH()/2
				b.mark(Mark{X: b.x(e.T), Y: y, TextY: y + 10, Shape: "expired", Glyph: "◷", Text: ExpiryLabel(e), ev: step, Step: step})
			}
		case sandbox.KindFailover:
			ns := nodeIdx(e)
			if len(ns) == 0 {
				ns = []int{0}
			}
			for _, n := range ns {
				switch {
				case !keys[n].open || keys[n].grant != e.Grant:
					closeKey(n, e.T)
					if e.Holder != "" {
						keys[n] = key{open: true, start: e.T, holder: e.Holder, grant: e.Grant, token: e.Token, expires: e.ExpiresAt, step: step}
					}
				case e.ExpiresAt > 0 && e.ExpiresAt != keys[n].expires:
					// The new leader gave the key a new expiry (etcd refreshes
					// every lease on promotion): the bar goes on from here,
					// labelled with its new end.
					k := keys[n]
					closeKey(n, e.T)
					keys[n] = key{open: true, start: e.T, holder: k.holder, grant: k.grant, token: k.token, expires: e.ExpiresAt, step: step,
						refreshed: "refreshed at failover"}
				}
				y := b.nodeY[n]
				b.mark(Mark{X: b.x(e.T), Y: y - laneHalf(b, n), Y2: y + laneHalf(b, n), TextY: y - b.keyBarH()/2 - 3, Shape: "failover", Glyph: "⇄", Text: FailoverLabel(e), ev: step, Step: step})
			}
		case sandbox.KindRestart:
			ns := nodeIdx(e)
			for _, n := range ns {
				closeKey(n, e.T)
				if e.Holder != "" {
					keys[n] = key{open: true, start: e.T, holder: e.Holder, grant: e.Grant, token: e.Token, expires: e.ExpiresAt, step: step}
				}
			}
			b.nodeBack(e, step, downStart)
			y := b.nodeLaneY(e.Node)
			b.mark(Mark{X: b.x(e.T), Y: y - b.keyBarH()/2, Y2: y + b.keyBarH()/2, TextY: y - b.keyBarH()/2 - 3, Shape: "restart", Glyph: "↻", Text: "↻ restart", Title: title(e), Step: step})
		case sandbox.KindNodeDown:
			// A restarting redis or redlock node loses its memory at once:
			// what it keeps (its persistence) is loaded when it is back,
			// and the restart event reopens that key.
			if e.Reason == sandbox.OpRestart.String() && (len(b.nodeY) > 1 || b.tl.Model == sandbox.ModelRedis && e.Node == 1) {
				for _, n := range nodeIdx(e) {
					closeKey(n, e.T)
				}
			}
			downStart[e.Node] = downOpen{t: e.T, step: step, title: title(e)}
			y := b.nodeLaneY(e.Node)
			b.mark(Mark{X: b.x(e.T), Y: y + b.keyBarH()/2, TextY: b.downTextY(e.Node), Shape: "down", Glyph: "▼", Text: "▼ " + b.nodeName(e.Node) + " down", Title: title(e), Step: step})
		case sandbox.KindNodeUp:
			b.nodeBack(e, step, downStart)
			y := b.nodeLaneY(e.Node)
			b.mark(Mark{X: b.x(e.T), Y: y + b.keyBarH()/2, TextY: b.downTextY(e.Node), Shape: "up", Glyph: "▲", Text: "▲ " + b.nodeName(e.Node) + " up", Title: title(e), Step: step})
		case sandbox.KindPartition:
			// A cut between the client's lane and the service lanes (or,
			// for members split from each other, across the service).
			top, bottom := b.serviceY-8, b.serviceY+8
			if len(b.nodeY) > 0 {
				top, bottom = b.nodeY[0]-laneHalf(b, 0), b.nodeY[len(b.nodeY)-1]+laneHalf(b, len(b.nodeY)-1)
			}
			label := "✂ " + joinNodes(e.Nodes) + " split off"
			if isClient {
				top = cy + clientLaneH/2 - 4
				label = "✂ " + e.Client + " cut from " + joinNodes(e.Nodes)
				if len(b.nodeY) > 1 {
					// One lane per node: the cut runs across the lanes of
					// the nodes the client cannot reach.
					lo, hi := len(b.nodeY), -1
					for _, n := range e.Nodes {
						if n >= 1 && n <= len(b.nodeY) {
							lo, hi = min(lo, n-1), max(hi, n-1)
						}
					}
					if hi >= 0 {
						top, bottom = b.nodeY[lo]-laneHalf(b, lo), b.nodeY[hi]+laneHalf(b, hi)
					}
				}
				cuts[e.Client] = append(cuts[e.Client], cutOpen{t: e.T, step: step, title: title(e)})
			}
			b.mark(Mark{X: b.x(e.T), Y: top, Y2: bottom, TextY: top + 12, Shape: "cut", Glyph: "✂", Text: label, Title: title(e), Step: step})
		case sandbox.KindHeal:
			for _, c := range tl.Clients {
				for _, o := range cuts[c] {
					b.cutBar(c, o, e.T)
				}
				delete(cuts, c)
			}
			// A network event: on the boundary between the clients and the
			// service, not on one node's lane.
			top := b.serviceY
			if len(b.nodeY) > 0 {
				top = b.nodeY[0] - laneHalf(b, 0) - 2
			}
			b.mark(Mark{X: b.x(e.T), Y: top, TextY: top - 8, Shape: "heal", Glyph: "⌒", Text: "⌒ network heals", Title: title(e), Step: step})
		case sandbox.KindClockJump:
			y := b.serviceY
			if n := e.Node; n >= 1 && n <= len(b.nodeY) {
				y = b.nodeY[n-1]
			}
			b.mark(Mark{X: b.x(e.T), Y: y - b.keyBarH()/2, TextY: y - b.keyBarH()/2 - 3, Shape: "jump", Glyph: "»", Text: "» clock +" + seconds(e.MS), ev: step, Step: step})
		case sandbox.KindWriteAccepted, sandbox.KindWriteRejected:
			cls := "write"
			if e.Kind == sandbox.KindWriteRejected {
				cls = "refused"
			}
			if isClient {
				b.d.Arrows = append(b.d.Arrows, Arrow{X1: b.x(e.T - e.LatencyMS), Y1: cy + 8, X2: b.x(e.T), Y2: b.resY - 12, Class: cls, ev: step, Step: step})
			}
			// Accepted values are labelled above the mark, rejections
			// below, so a write and the stale one after it both read.
			m := Mark{X: b.x(e.T), Y: b.resY, ev: step, Step: step}
			// The label above starts right of the write's arrow, so the
			// arrowhead never covers it.
			if e.Kind == sandbox.KindWriteAccepted {
				highest = max(highest, e.Token)
				m.Shape, m.Glyph, m.Text, m.TextY = "accepted", "✓", "✓ "+e.Client+" "+strconv.Quote(e.Value), b.resY-13
				m.TextX = m.X + arrowClear
			} else {
				m.Shape, m.Glyph, m.Text, m.TextY = "rejected", "✗", RejectionLabel(e, highest), b.resY+22
				m.TextX = m.X - 8
			}
			b.mark(m)
		case sandbox.KindPauseStart:
			pauseStart[e.Client] = pauseOpen{t: e.T, step: step, ms: e.MS}
		case sandbox.KindPauseEnd:
			if p, ok := pauseStart[e.Client]; ok {
				b.pauseBar(e.Client, p, e.T)
				delete(pauseStart, e.Client)
			}
		case sandbox.KindCrash:
			closeBelief(e.Client, e.T, "it crashed")
			if p, ok := pauseStart[e.Client]; ok {
				b.pauseBar(e.Client, p, e.T)
				delete(pauseStart, e.Client)
			}
			if isClient {
				b.mark(Mark{X: b.x(e.T), Y: cy, Shape: "crash", Glyph: "✕", Text: "crash", ev: step, Step: step})
			}
		case sandbox.KindDelay:
			if isClient {
				b.mark(Mark{X: b.x(e.T), Y: cy + 18, Shape: "delay", Glyph: "↝", Text: "delay +" + seconds(e.MS), ev: step, Step: step})
			}
		case sandbox.KindActionSkipped:
			if isClient {
				b.mark(Mark{X: b.x(e.T), Y: cy + 18, Shape: "skipped", Glyph: "∅", Text: "skipped " + e.Reason, ev: step, Step: step})
			}
		case sandbox.KindViolation:
			href := b.link(step)
			x := b.x(e.T)
			b.d.Bands = append(b.d.Bands, Bar{X: x - 3, Y: axisH, W: 6, H: b.checkY - axisH, Class: "violation", Title: title(e), Step: step, Href: href})
			b.mark(Mark{X: x, Y: b.checkY, Shape: "violation", Glyph: "!", Text: "⚠ " + e.Reason, ev: step, Step: step, Href: href})
		}
	}
	end := max(b.endMS-b.endMS/41, 0)
	for _, node := range slices.Sorted(maps.Keys(downStart)) {
		b.downBar(node, downStart[node], b.endMS)
	}
	for _, c := range tl.Clients {
		for _, o := range cuts[c] {
			b.cutBar(c, o, b.endMS)
		}
	}
	for _, c := range tl.Clients {
		if p, ok := pauseStart[c]; ok {
			b.pauseBar(c, p, p.t+p.ms)
		}
		closeBelief(c, end, "")
	}
	for i := range keys {
		if keys[i].open && keys[i].expires == 0 {
			keys[i].open = false
			b.keyBar(i, keys[i], end)
		}
		closeKey(i, end)
	}
}

// clientAct reports whether an event of kind k is something its client did
// (rather than something that happened to its key).
func clientAct(k sandbox.Kind) bool {
	switch k {
	case sandbox.KindWriteAccepted, sandbox.KindWriteRejected, sandbox.KindExtendOK, sandbox.KindPauseStart,
		sandbox.KindPauseEnd, sandbox.KindDelay, sandbox.KindMessageDelayed, sandbox.KindAcquireDenied:
		return true
	}
	return false
}

func laneHalf(b *builder, n int) int {
	if len(b.nodeY) > 1 {
		return nodeLaneH/2 - 2
	}
	return serviceH/2 - 2
}

// downOpen is a node down since t (its bar is drawn when it comes back).
type downOpen struct {
	t     int64
	step  int
	title string
}

// cutOpen is a partition of a client since t, until a heal.
type cutOpen struct {
	t     int64
	step  int
	title string
}

// cutBar is a thin strip at the bottom of a client's lane while the
// network cuts it off from some nodes.
func (b *builder) cutBar(client string, o cutOpen, end int64) {
	x1, x2 := b.x(o.t), b.x(end)
	y := b.clientY[client] + clientLaneH/2 - 6
	b.d.Bars = append(b.d.Bars, Bar{X: x1, Y: y, W: max(x2-x1, 2), H: 4, Class: "partition", Title: "cut off · " + o.title, Step: o.step})
}

// nodeLaneY is the centre of node's lane (1-based), or of the service when
// the model draws one lane for several nodes (consensus members, the redis
// replica).
func (b *builder) nodeLaneY(node int) int {
	if node >= 1 && node <= len(b.nodeY) {
		return b.nodeY[node-1]
	}
	return b.serviceY
}

func (b *builder) nodeName(node int) string { return b.tl.Model.NodeName(node) }

// nodeBack closes the down bar of e's node, if it was down.
func (b *builder) nodeBack(e sandbox.Event, step int, down map[int]downOpen) {
	if d, ok := down[e.Node]; ok {
		b.downBar(e.Node, d, e.T)
		delete(down, e.Node)
	}
}

// thinDown reports whether node's down period is a thin strip under the
// service lane (a consensus member, the redis replica) rather than its
// own lane hatched.
func (b *builder) thinDown(node int) bool {
	return node > len(b.nodeY) || b.tl.Model == sandbox.ModelConsensus
}

// downTextY is the baseline of a down/up label of node: under the key bar,
// or under the thin strip, clear of its hatching.
func (b *builder) downTextY(node int) int {
	y := b.nodeLaneY(node) + b.keyBarH()/2 + 10
	if b.thinDown(node) {
		y = b.nodeLaneY(node) + b.keyBarH()/2 + 6 + 3 + 10
	}
	return y
}

// downBar hatches a node's lane while it does not answer. A node without
// a lane of its own (a consensus member, the redis replica) gets a thin
// strip at the bottom of the service lane.
func (b *builder) downBar(node int, d downOpen, end int64) {
	x1, x2 := b.x(d.t), b.x(end)
	y, h := b.nodeLaneY(node), b.keyBarH()
	if b.thinDown(node) {
		y, h = b.nodeLaneY(node)+b.keyBarH()/2+6, 6
	}
	b.d.Bars = append(b.d.Bars, Bar{X: x1, Y: y - h/2, W: max(x2-x1, 2), H: h, Class: "down", Title: b.nodeName(node) + " down · " + d.title, Step: d.step})
}

func joinNodes(ns []int) string {
	var sb strings.Builder
	for i, n := range ns {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(strconv.Itoa(n))
	}
	return sb.String()
}

type pauseOpen struct {
	t    int64
	step int
	ms   int64
}

// mark adds m; its label goes right of the shape unless placed already.
func (b *builder) mark(m Mark) {
	if m.TextX == 0 {
		m.TextX = m.X + 10
	}
	if m.TextY == 0 {
		m.TextY = m.Y + 4
	}
	b.d.Marks = append(b.d.Marks, m)
}

// keyBarH is the height of the key bars in the service lanes.
func (b *builder) keyBarH() int {
	if len(b.nodeY) > 1 {
		return nodeLaneH - 20
	}
	return serviceH - 26
}

// arrows draws the message of a client event to the lane(s) it reached.
func (b *builder) arrows(e sandbox.Event, step, cy int, class, what string) {
	if cy == 0 {
		return
	}
	x1 := b.x(e.T - e.LatencyMS)
	x2 := b.x(e.T)
	for _, y := range b.nodeLanes(e) {
		y2 := y - 10
		if y < cy {
			y2 = y + 10
		}
		b.d.Arrows = append(b.d.Arrows, Arrow{X1: x1, Y1: cy + 10, X2: x2, Y2: y2, Class: class, pre: what, ev: step, Step: step})
	}
}

// beliefBar draws what client id believes: holding from the grant to its
// valid_until, then, if it went on acting as the holder after that, a
// dashed "stale belief" span up to its last act.
func (b *builder) beliefBar(id string, bl belief, end int64) {
	y := b.clientY[id] - clientLaneH/2 + 6
	until := min(bl.validUntil, end)
	what := "grant " + strconv.Itoa(bl.grant)
	if bl.token > 0 {
		what = "token " + strconv.FormatInt(bl.token, 10)
	}
	if until > bl.start {
		x1, x2 := b.x(bl.start), b.x(until)
		title := id + " believes it holds the lock (" + what + ") from " + ms(bl.start) + " until " + ms(bl.validUntil)
		if bl.endWhy != "" && end < bl.validUntil {
			// A crashed client believes nothing any more.
			title = id + " believes it holds the lock (" + what + ") from " + ms(bl.start) + " until " + ms(end) + ", when " + bl.endWhy +
				" (its lease would have run to " + ms(bl.validUntil) + ")"
		}
		bar := Bar{X: x1, Y: y, W: max(x2-x1, 1), H: 16, Class: "believes", Step: bl.step, Title: title}
		if t := "believes it holds · " + what; x2-x1 > int(float64(len(t))*charW)+8 {
			bar.Text, bar.TextX, bar.TextY = t, x1+4, y+12
		} else if t := what; x2-x1 > int(float64(len(t))*charW)+8 {
			bar.Text, bar.TextX, bar.TextY = t, x1+4, y+12
		}
		b.d.Bars = append(b.d.Bars, bar)
	}
	if stale := min(bl.lastAct, end); stale > bl.validUntil && bl.validUntil > 0 {
		x1, x2 := b.x(bl.validUntil), b.x(stale)
		bar := Bar{X: x1, Y: y, W: max(x2-x1, 1), H: 16, Class: "stale-belief", Step: bl.step,
			Title: id + " still acts as the holder after its lease ended at " + ms(bl.validUntil)}
		if t := "lease over, unaware"; x2-x1 > int(float64(len(t))*charW)+8 {
			bar.Text, bar.TextX, bar.TextY = t, x1+4, y+12
		}
		b.d.Bars = append(b.d.Bars, bar)
	}
}

// keyBar draws what lock node i holds for a key, up to end (or its expiry,
// whichever is first).
func (b *builder) keyBar(i int, k key, end int64) {
	until := end
	if k.expires > 0 {
		until = min(until, k.expires)
	}
	h := b.keyBarH()
	y := b.nodeY[i] - h/2
	x1, x2 := b.x(k.start), b.x(until)
	cls := "holds"
	what := "key " + k.holder
	if k.token > 0 {
		what += " · token " + strconv.FormatInt(k.token, 10)
	}
	title := "the service holds " + k.holder + "'s key (grant " + strconv.Itoa(k.grant) + ") from " + ms(k.start)
	if k.expires == 0 {
		cls = "holds-forever"
		what += " · no expiry ∞"
		title += " with no expiry"
	} else {
		title += " until " + ms(until)
	}
	if k.refreshed != "" {
		title += ": " + k.refreshed + ", its expiry moved to " + ms(k.expires)
	}
	bar := Bar{X: x1, Y: y, W: max(x2-x1, 1), H: h, Class: cls, Title: title, Step: k.step}
	short := ""
	if k.refreshed != "" {
		short = "key " + k.holder + " · " + k.refreshed + " to " + seconds(k.expires)
		what = short + " · token " + strconv.FormatInt(k.token, 10)
		if k.token == 0 {
			what = short
		}
	}
	for _, t := range []string{what, short, "refreshed to " + seconds(k.expires)} {
		if t != "" && (t == what || k.refreshed != "") && x2-x1 > int(float64(len(t))*charW)+8 {
			bar.Text, bar.TextX, bar.TextY = t, x1+4, y+h/2+4
			break
		}
	}
	b.d.Bars = append(b.d.Bars, bar)
}

func (b *builder) pauseBar(id string, p pauseOpen, end int64) {
	y := b.clientY[id] + 2
	x1, x2 := b.x(p.t), b.x(end)
	bar := Bar{X: x1, Y: y, W: max(x2-x1, 1), H: 22, Class: "pause", Step: p.step,
		Title: id + " is paused (stop-the-world) from " + ms(p.t) + " to " + ms(end)}
	if t := "‖ paused " + seconds(end-p.t); x2-x1 > int(float64(len(t))*charW)+8 {
		bar.Text, bar.TextX, bar.TextY = t, x1+4, y+15
	}
	b.d.Bars = append(b.d.Bars, bar)
}

func title(e sandbox.Event) string {
	return ms(e.T) + " · " + e.Kind.String() + ": " + e.Detail
}

// ticks picks a round interval that leaves at least 70 units between
// labels.
func ticks(end int64, scale float64, x func(int64) int) []Tick {
	steps := []int64{100, 200, 500, 1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000, 300000}
	every := steps[len(steps)-1]
	for _, s := range steps {
		if float64(s)*scale >= 70 {
			every = s
			break
		}
	}
	var out []Tick
	for t := int64(0); t <= end; t += every {
		out = append(out, Tick{X: x(t), Label: seconds(t)})
	}
	return out
}

// seconds formats a duration in ms as seconds: "0 s", "1.5 s", "12 s".
func seconds(msv int64) string {
	if msv%1000 == 0 {
		return strconv.FormatInt(msv/1000, 10) + " s"
	}
	s := strconv.FormatFloat(float64(msv)/1000, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + " s"
}

// ms formats a virtual time: "12 000 ms" reads better than "12000".
func ms(t int64) string { return Millis(t) }

// Millis formats a virtual time in ms with thin grouping: "12 000 ms".
func Millis(t int64) string {
	s := strconv.FormatInt(t, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u202f")
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String() + " ms"
	}
	return b.String() + " ms"
}
