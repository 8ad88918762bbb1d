package timelineview

import (
	"slices"
	"sort"
	"strconv"

	"lockdrill/sandbox"
)

// Layout: the lanes, the time axis (linear or stretched where events
// crowd), and where labels may go without overlapping.

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
	for _, e := range tl.Events.All() {
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
	for _, e := range tl.Events.All() {
		if e.T != last {
			moments, last = moments+1, e.T
		}
	}
	need := max(perEvent*tl.Events.Len(), int(float64(moments+1)*minGap/0.7)+1)
	return min(max(minWidth, labelW+padRight+need), maxWidth)
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
	for _, e := range tl.Events.All() {
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

func laneHalf(b *builder, n int) int {
	if len(b.nodeY) > 1 {
		return nodeLaneH/2 - 2
	}
	return serviceH/2 - 2
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

// keyBarH is the height of the key bars in the service lanes.
func (b *builder) keyBarH() int {
	if len(b.nodeY) > 1 {
		return nodeLaneH - 20
	}
	return serviceH - 26
}
