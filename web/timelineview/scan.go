package timelineview

import (
	"cmp"
	"slices"
	"strconv"

	"lockdrill/sandbox"
)

// scan draws the run: what happens at an instant (marks and arrows) from
// the events one by one, and what lasts (keys, beliefs, pauses, nodes
// down, partitions) from the sandbox's ledger of the run, so the picture
// shows the very spans the state panel and the checker read.
func (b *builder) scan() {
	tl := b.tl
	lg := tl.ServiceLedger()
	var highest int64 // the highest token the resource has accepted so far
	w := 0            // the next of lg.Writes
	for i, e := range tl.Events.All() {
		step := i + 1
		for ; w < len(lg.Writes) && lg.Writes[w] < i; w++ {
			highest = max(highest, lg.Event(lg.Writes[w]).Token)
		}
		cy, isClient := b.clientY[e.Client]
		switch e.Kind {
		case sandbox.KindAcquireGranted:
			b.arrows(e, step, cy, "ok", "acquire granted")
			// Above the key bar the grant starts, where the arrow lands.
			if ys := b.nodeLanes(e); len(ys) > 0 {
				y := ys[0] - b.keyBarH()/2
				b.mark(Mark{X: b.x(e.T), Y: y, TextX: b.x(e.T) + 4, TextY: y - 3, Shape: "granted", Glyph: "✓", Text: GrantLabel(e), Title: title(e), Step: step})
			}
		case sandbox.KindAcquireDenied:
			b.arrows(e, step, cy, "refused", "acquire denied")
			if ys := b.nodeLanes(e); len(ys) > 0 {
				b.mark(Mark{X: b.x(e.T), Y: ys[0], TextY: ys[0] + b.keyBarH()/2 + 10, Shape: "denied", Glyph: "✗", Text: "denied", ev: step, Step: step})
			}
		case sandbox.KindExtendOK:
			b.arrows(e, step, cy, "ok", "extend")
		case sandbox.KindExtendRefused:
			b.arrows(e, step, cy, "refused", "extend refused")
		case sandbox.KindExpireSet:
			b.arrows(e, step, cy, "ok", "EXPIRE")
		case sandbox.KindReleaseOK:
			b.arrows(e, step, cy, "ok", "release")
		case sandbox.KindReleaseRefused:
			b.arrows(e, step, cy, "refused", "release refused")
		case sandbox.KindLeaseExpired:
			for _, n := range b.laneIdx(e) {
				// Below the key bar, whose end already shows the expiry.
				y := b.nodeY[n] + b.keyBarH()/2
				b.mark(Mark{X: b.x(e.T), Y: y, TextY: y + 10, Shape: "expired", Glyph: "◷", Text: ExpiryLabel(e), ev: step, Step: step})
			}
		case sandbox.KindFailover:
			ns := b.laneIdx(e)
			if len(ns) == 0 {
				ns = []int{0}
			}
			for _, n := range ns {
				y := b.nodeY[n]
				b.mark(Mark{X: b.x(e.T), Y: y - laneHalf(b, n), Y2: y + laneHalf(b, n), TextY: y - b.keyBarH()/2 - 3, Shape: "failover", Glyph: "⇄", Text: FailoverLabel(e), ev: step, Step: step})
			}
		case sandbox.KindRestart:
			y := b.nodeLaneY(e.Node)
			b.mark(Mark{X: b.x(e.T), Y: y - b.keyBarH()/2, Y2: y + b.keyBarH()/2, TextY: y - b.keyBarH()/2 - 3, Shape: "restart", Glyph: "↻", Text: "↻ restart", Title: title(e), Step: step})
		case sandbox.KindNodeDown:
			y := b.nodeLaneY(e.Node)
			b.mark(Mark{X: b.x(e.T), Y: y + b.keyBarH()/2, TextY: b.downTextY(e.Node), Shape: "down", Glyph: "▼", Text: "▼ " + b.nodeName(e.Node) + " down", Title: title(e), Step: step})
		case sandbox.KindNodeUp:
			y := b.nodeLaneY(e.Node)
			b.mark(Mark{X: b.x(e.T), Y: y + b.keyBarH()/2, TextY: b.downTextY(e.Node), Shape: "up", Glyph: "▲", Text: "▲ " + b.nodeName(e.Node) + " up", Title: title(e), Step: step})
		case sandbox.KindPartition:
			b.cutMark(e, step, cy, isClient)
		case sandbox.KindHeal:
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
			// below, so a write and the stale one after it both read. The
			// label above starts right of the write's arrow, so the
			// arrowhead never covers it.
			m := Mark{X: b.x(e.T), Y: b.resY, ev: step, Step: step}
			if e.Kind == sandbox.KindWriteAccepted {
				m.Shape, m.Glyph, m.Text, m.TextY = "accepted", "✓", "✓ "+e.Client+" "+strconv.Quote(e.Value), b.resY-13
				m.TextX = m.X + arrowClear
			} else {
				m.Shape, m.Glyph, m.Text, m.TextY = "rejected", "✗", RejectionLabel(e, highest), b.resY+22
				m.TextX = m.X - 8
			}
			b.mark(m)
		case sandbox.KindCrash:
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
	b.spans(lg)
}

// cutMark draws a partition: a cut between the client's lane and the
// service lanes (or, for members split from each other, across the
// service).
func (b *builder) cutMark(e sandbox.Event, step, cy int, isClient bool) {
	top, bottom := b.serviceY-8, b.serviceY+8
	if len(b.nodeY) > 0 {
		top, bottom = b.nodeY[0]-laneHalf(b, 0), b.nodeY[len(b.nodeY)-1]+laneHalf(b, len(b.nodeY)-1)
	}
	label := "✂ " + joinNodes(e.Nodes) + " split off"
	if isClient {
		top = cy + clientLaneH/2 - 4
		label = "✂ " + e.Client + " cut from " + joinNodes(e.Nodes)
		if len(b.nodeY) > 1 {
			// One lane per node: the cut runs across the lanes of the
			// nodes the client cannot reach.
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
	}
	b.mark(Mark{X: b.x(e.T), Y: top, Y2: bottom, TextY: top + 12, Shape: "cut", Glyph: "✂", Text: label, Title: title(e), Step: step})
}

// laneIdx returns the indexes of the service lanes e touches: the one lane
// of a single-lane model, else the lanes of the nodes e names.
func (b *builder) laneIdx(e sandbox.Event) []int {
	if len(b.nodeY) == 1 {
		return []int{0}
	}
	var out []int
	e.Touches(len(b.nodeY), func(n int) { out = append(out, n-1) })
	return out
}

// nodeLanes returns the centre y of the service lanes e touches.
func (b *builder) nodeLanes(e sandbox.Event) []int {
	if len(b.nodeY) == 1 {
		return b.nodeY
	}
	var out []int
	for _, n := range b.laneIdx(e) {
		out = append(out, b.nodeY[n])
	}
	return out
}

// A drawn span's place in the picture's list of bars: by the event that
// ended it (the end of the run last), then by what it is. The order is
// the paint order, so the one the picture always had is kept.
type placed struct {
	at, group, sub int
	bar            Bar
}

// Groups of spans ended by an event, and of those still open at the end.
const (
	endsBelief = iota
	endsPause
	endsKey
	endsDown
	endsCut
)

const (
	openDown = iota
	openCut
	openClient
	openKey
)

// spans draws the ledger's spans: the keys on each lane, what each client
// believes, its pauses, the nodes down and the partitions.
func (b *builder) spans(lg *sandbox.Ledger) {
	n := b.tl.Events.Len()
	end := max(b.endMS-b.endMS/41, 0)
	var out []placed
	add := func(at, group, openGroup, sub int, bars ...Bar) {
		if at < 0 {
			at, group = n, openGroup
		}
		for _, bar := range bars {
			out = append(out, placed{at: at, group: group, sub: sub, bar: bar})
		}
	}
	// timeOr is the time of the event at i, or t when i is the end (-1).
	timeOr := func(i int, t int64) int64 {
		if i < 0 {
			return t
		}
		return lg.Event(i).T
	}
	lane := map[string]int{}
	for i, c := range b.tl.Clients {
		if _, ok := lane[c]; !ok {
			lane[c] = i
		}
	}
	for _, d := range lg.Downs {
		from := lg.Event(d.From)
		add(d.To, endsDown, openDown, d.Node, b.downBar(d.Node, downOpen{t: from.T, step: d.From + 1, title: title(*from)}, timeOr(d.To, b.endMS)))
	}
	for i, c := range lg.Cuts {
		if _, ok := b.clientY[c.Client]; !ok {
			continue
		}
		from := lg.Event(c.From)
		add(c.To, endsCut, openCut, lane[c.Client]*len(lg.Cuts)+i, b.cutBar(c.Client, cutOpen{t: from.T, step: c.From + 1, title: title(*from)}, timeOr(c.To, b.endMS)))
	}
	for _, p := range lg.Pauses {
		// A pause that a second one replaced is not drawn (the engine
		// never pauses a paused client).
		if p.To >= 0 && lg.Event(p.To).Kind == sandbox.KindPauseStart {
			continue
		}
		from := lg.Event(p.From)
		add(p.To, endsPause, openClient, lane[p.Client]*2, b.pauseBar(p.Client, pauseOpen{t: from.T, step: p.From + 1, ms: p.MS}, timeOr(p.To, from.T+p.MS)))
	}
	acts := b.clientActs()
	// Each belief's end as the client sees it: its grant's, moved by the
	// extends made while it lasted.
	until := make([]int64, len(lg.Beliefs))
	for i, bl := range lg.Beliefs {
		until[i] = bl.ValidUntil
	}
	for _, x := range lg.Extensions {
		if to := lg.Beliefs[x.Belief].To; to < 0 || x.Event < to {
			until[x.Belief] = x.ValidUntil
		}
	}
	for i, bl := range lg.Beliefs {
		if _, ok := b.clientY[bl.Client]; !ok {
			continue
		}
		open := belief{start: bl.Start, validUntil: until[i], grant: bl.Grant, token: bl.Token, step: bl.From + 1, lastAct: bl.Start}
		stop := bl.To
		if stop < 0 {
			stop = n
		}
		// The client's last act while it believed it held the lock.
		list := acts[bl.Client]
		if j, _ := slices.BinarySearch(list, stop); j > 0 && list[j-1] > bl.From {
			open.lastAct = lg.Event(list[j-1]).T
		}
		if bl.To >= 0 {
			open.endWhy = endWhy(lg.Event(bl.To).Kind)
		}
		add(bl.To, endsBelief, openClient, lane[bl.Client]*2+1, b.beliefBar(bl.Client, open, timeOr(bl.To, end))...)
	}
	for l := range b.nodeY {
		for _, k := range b.laneKeys(lg, l) {
			add(k.to, endsKey, openKey, l, b.keyBar(l, k.key, timeOr(k.to, end)))
		}
	}
	slices.SortStableFunc(out, func(x, y placed) int {
		return cmp.Or(cmp.Compare(x.at, y.at), cmp.Compare(x.group, y.group), cmp.Compare(x.sub, y.sub))
	})
	for _, p := range out {
		b.d.Bars = append(b.d.Bars, p.bar)
	}
}

// clientActs lists, per client, the indexes of the events that are
// something the client did (see clientAct), in order.
func (b *builder) clientActs() map[string][]int {
	acts := map[string][]int{}
	for i, e := range b.tl.Events.All() {
		if clientAct(e.Kind) {
			acts[e.Client] = append(acts[e.Client], i)
		}
	}
	return acts
}

// endWhy says what an event that ends a client's belief did to it.
func endWhy(k sandbox.Kind) string {
	switch k {
	case sandbox.KindAcquireGranted:
		return "it was granted the lock again"
	case sandbox.KindExtendRefused:
		return "its extend was refused"
	case sandbox.KindReleaseOK, sandbox.KindReleaseRefused:
		return "it released the lock"
	case sandbox.KindCrash:
		return "it crashed"
	}
	return ""
}

// drawnKey is one bar of a lane's key: one ledger key, or several that a
// failover carried on unchanged, up to the event at to (-1: the end).
type drawnKey struct {
	key
	to int
}

// laneKeys returns the key bars of service lane l from the ledger's keys
// on its node (the first node, for a model drawn as one lane). A failover
// that keeps the key as it was goes on drawing it; one that gives it a new
// expiry (a new leader refreshing the lease) starts a new bar labelled so.
// A redis or redlock node that restarts loses its memory at once, so its
// key bar ends where it goes down, not where it is back.
func (b *builder) laneKeys(lg *sandbox.Ledger, l int) []drawnKey {
	node := l + 1
	expiries := map[int][]sandbox.KeyExpiry{}
	for _, x := range lg.Expiries {
		if lg.Keys[x.Key].Node == node {
			expiries[x.Key] = append(expiries[x.Key], x)
		}
	}
	var downs []int // restarts that empty the node
	if len(b.nodeY) > 1 || b.tl.Model == sandbox.ModelRedis {
		for i, e := range b.tl.Events.All() {
			if e.Kind == sandbox.KindNodeDown && e.Node == node && e.Reason == sandbox.OpRestart.String() {
				downs = append(downs, i)
			}
		}
	}
	var out []drawnKey
	var cur *drawnKey
	var parts []int // the ledger keys cur draws
	// expiryAt is cur's expiry just before event at.
	expiryAt := func(at int) int64 {
		exp := cur.expires
		for _, p := range parts {
			for _, x := range expiries[p] {
				if at < 0 || x.Event < at {
					exp = x.ExpiresAt
				}
			}
		}
		return exp
	}
	closeCur := func() {
		if cur == nil {
			return
		}
		for _, d := range downs {
			if d > cur.step-1 && (cur.to < 0 || d < cur.to) {
				cur.to = d
				break
			}
		}
		cur.expires = expiryAt(cur.to)
		out = append(out, *cur)
		cur, parts = nil, nil
	}
	for i, k := range lg.Keys {
		if k.Node != node || k.Leftover {
			continue
		}
		if cur != nil && cur.to == k.From && lg.Event(k.From).Kind == sandbox.KindFailover && cur.grant == k.Grant && !restartsIn(downs, cur.step-1, k.From) {
			if k.ExpiresAt == 0 || k.ExpiresAt == expiryAt(k.From) {
				// The failover changed nothing of the key: it goes on.
				cur.to = k.To
				parts = append(parts, i)
				continue
			}
			prev := cur.key
			closeCur()
			cur = &drawnKey{key: key{start: lg.Event(k.From).T, holder: prev.holder, grant: prev.grant, token: prev.token, expires: k.ExpiresAt, step: k.From + 1,
				refreshed: "refreshed at failover"}, to: k.To}
			parts = []int{i}
			continue
		}
		closeCur()
		if k.Holder == "" {
			continue
		}
		cur = &drawnKey{key: key{start: lg.Event(k.From).T, holder: k.Holder, grant: k.Grant, token: k.Token, expires: k.ExpiresAt, step: k.From + 1}, to: k.To}
		parts = []int{i}
	}
	closeCur()
	return out
}

// restartsIn reports whether one of downs lies after from and before to.
func restartsIn(downs []int, from, to int) bool {
	for _, d := range downs {
		if d > from && d < to {
			return true
		}
	}
	return false
}
