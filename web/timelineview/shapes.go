package timelineview

import (
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// Shapes: the bars, arrows and marks the scan places, and their titles.

// link is the address of step's row in the event list.
func (b *builder) link(step int) string {
	return b.base + "?step=" + strconv.Itoa(step) + "#event-" + strconv.Itoa(step)
}

// belief is a client's belief of holding the lock, as its bar draws it.
type belief struct {
	start      int64
	validUntil int64
	grant      int
	token      int64
	step       int
	lastAct    int64  // the client's last event while it still held
	endWhy     string // what ended the belief early ("it crashed"), if anything
}

// key is one bar of a lock node's key.
type key struct {
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

type pauseOpen struct {
	t    int64
	step int
	ms   int64
}

func (b *builder) nodeName(node int) string { return b.tl.Model.NodeName(node) }

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
func (b *builder) beliefBar(id string, bl belief, end int64) []Bar {
	var out []Bar
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
		out = append(out, bar)
	}
	if stale := min(bl.lastAct, end); stale > bl.validUntil && bl.validUntil > 0 {
		x1, x2 := b.x(bl.validUntil), b.x(stale)
		bar := Bar{X: x1, Y: y, W: max(x2-x1, 1), H: 16, Class: "stale-belief", Step: bl.step,
			Title: id + " still acts as the holder after its lease ended at " + ms(bl.validUntil)}
		if t := "lease over, unaware"; x2-x1 > int(float64(len(t))*charW)+8 {
			bar.Text, bar.TextX, bar.TextY = t, x1+4, y+12
		}
		out = append(out, bar)
	}
	return out
}

// keyBar draws what lock node i holds for a key, up to end (or its expiry,
// whichever is first).
func (b *builder) keyBar(i int, k key, end int64) Bar {
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
	return bar
}

func (b *builder) pauseBar(id string, p pauseOpen, end int64) Bar {
	y := b.clientY[id] + 2
	x1, x2 := b.x(p.t), b.x(end)
	bar := Bar{X: x1, Y: y, W: max(x2-x1, 1), H: 22, Class: "pause", Step: p.step,
		Title: id + " is paused (stop-the-world) from " + ms(p.t) + " to " + ms(end)}
	if t := "‖ paused " + seconds(end-p.t); x2-x1 > int(float64(len(t))*charW)+8 {
		bar.Text, bar.TextX, bar.TextY = t, x1+4, y+15
	}
	return bar
}

// downBar hatches a node's lane while it does not answer. A node without
// a lane of its own (a consensus member, the redis replica) gets a thin
// strip at the bottom of the service lane.
func (b *builder) downBar(node int, d downOpen, end int64) Bar {
	x1, x2 := b.x(d.t), b.x(end)
	y, h := b.nodeLaneY(node), b.keyBarH()
	if b.thinDown(node) {
		y, h = b.nodeLaneY(node)+b.keyBarH()/2+6, 6
	}
	return Bar{X: x1, Y: y - h/2, W: max(x2-x1, 2), H: h, Class: "down", Title: b.nodeName(node) + " down · " + d.title, Step: d.step}
}

// cutBar is a thin strip at the bottom of a client's lane while the
// network cuts it off from some nodes.
func (b *builder) cutBar(client string, o cutOpen, end int64) Bar {
	x1, x2 := b.x(o.t), b.x(end)
	y := b.clientY[client] + clientLaneH/2 - 6
	return Bar{X: x1, Y: y, W: max(x2-x1, 2), H: 4, Class: "partition", Title: "cut off · " + o.title, Step: o.step}
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

func title(e sandbox.Event) string {
	return ms(e.T) + " · " + e.Kind.String() + ": " + e.Detail
}
