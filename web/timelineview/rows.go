package timelineview

import (
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// Row is one line of the event list.
type Row struct {
	// Step is the step reached once this event has happened (index + 1).
	Step   int
	T      string
	Lane   string
	Kind   string
	Label  string
	Glyph  string
	Tone   string // "ok", "bad", "warn", "accent" or ""
	Detail string
	// Current marks the event of the shown step; Future the ones after it.
	Current, Future bool
	Href            string
	// RefHref links a violation to the event it is about.
	RefHref string
}

type kindLook struct{ label, glyph, tone string }

var looks = map[sandbox.Kind]kindLook{
	sandbox.KindAcquireGranted: {"granted", "✓", "accent"},
	sandbox.KindAcquireDenied:  {"denied", "✗", "warn"},
	sandbox.KindExpireSet:      {"expiry set", "◷", ""},
	sandbox.KindReleaseOK:      {"released", "↩", ""},
	sandbox.KindReleaseRefused: {"release refused", "✗", "warn"},
	sandbox.KindExtendOK:       {"extended", "↻", ""},
	sandbox.KindExtendRefused:  {"extend refused", "✗", "warn"},
	sandbox.KindLeaseExpired:   {"lease expired", "◷", "warn"},
	sandbox.KindWriteAccepted:  {"write accepted", "✓", "ok"},
	sandbox.KindWriteRejected:  {"write rejected", "✗", "bad"},
	sandbox.KindPauseStart:     {"paused", "‖", "accent"},
	sandbox.KindPauseEnd:       {"resumed", "▶", ""},
	sandbox.KindCrash:          {"crashed", "✕", "bad"},
	sandbox.KindDelay:          {"delay", "↝", ""},
	sandbox.KindMessageDelayed: {"message held up", "↝", "warn"},
	sandbox.KindFailover:       {"failover", "⇄", "warn"},
	sandbox.KindClockJump:      {"clock jump", "»", "warn"},
	sandbox.KindActionSkipped:  {"skipped", "∅", ""},
	sandbox.KindViolation:      {"VIOLATION", "⚠", "bad"},
	sandbox.KindInvalid:        {"invalid", "⚠", "bad"},
}

// Rows returns the event list of tl with step marked. base is the URL the
// step links append "?step=N" to.
func Rows(tl sandbox.Timeline, step int, base string) []Row {
	step = min(max(step, 0), tl.Events.Len())
	out := make([]Row, tl.Events.Len())
	for i, e := range tl.Events.All() {
		out[i] = row(e, i, step, base)
	}
	return out
}

func row(e sandbox.Event, i, step int, base string) Row {
	l, ok := looks[e.Kind]
	if !ok {
		l = kindLook{label: e.Kind.String()}
	}
	label := l.label
	if e.Kind == sandbox.KindViolation && e.Reason != "" {
		label = "VIOLATION: " + e.Reason
	}
	if e.Kind == sandbox.KindWriteRejected && e.Reason != "" {
		label = "write rejected: " + e.Reason
	}
	r := Row{
		Step: i + 1, T: Millis(e.T), Lane: e.Lane(), Kind: e.Kind.String(), Label: label, Glyph: l.glyph, Tone: l.tone,
		Detail: e.Detail, Current: i+1 == step, Future: i+1 > step, Href: StepHref(base, i+1),
	}
	if e.Kind == sandbox.KindViolation {
		r.RefHref = StepHref(base, e.Ref+1)
	}
	return r
}

// RowWindow is how many rows of the event list a page shows: a run may
// have thousands of events (heartbeats count), and the table around the
// replay step is what a learner reads; the others are a link away.
const RowWindow = 200

// Window is the part of the event list one page shows.
type Window struct {
	Rows []Row
	// From and To are the steps of the first and last row shown (1-based;
	// both 0 when the run has no events); Total is the number of events.
	From, To, Total int
	// EarlierHref and LaterHref lead to the neighbouring windows, "" when
	// there is nothing before or after.
	EarlierHref, LaterHref string
}

// RowsAround returns at most size rows of tl's event list around step:
// the window starts half a window before the step, so the step's row and
// what led to it and follows it are all in view.
func RowsAround(tl sandbox.Timeline, step int, base string, size int) Window {
	total := tl.Events.Len()
	step = min(max(step, 0), total)
	size = max(size, 1)
	from := min(max(step-size/2, 0), max(total-size, 0)) // index of the first row
	to := min(from+size, total)
	w := Window{Total: total, Rows: make([]Row, 0, to-from)}
	for i := from; i < to; i++ {
		w.Rows = append(w.Rows, row(tl.Events.At(i), i, step, base))
	}
	if to > from {
		w.From, w.To = from+1, to
	}
	if from > 0 {
		w.EarlierHref = StepHref(base, max(from-size/2, 0))
	}
	if to < total {
		w.LaterHref = StepHref(base, min(to+size/2, total))
	}
	return w
}

// StepHref is the link to step n of the timeline page at base.
func StepHref(base string, n int) string {
	return base + "?step=" + strconv.Itoa(n) + "#event-" + strconv.Itoa(n)
}

// Panel is the state panel: the world after a step.
type Panel struct {
	Step, Total int
	T           string
	// Event is the row of the event that led to this step (nil at step 0).
	Event *Row
	// Holder says who the service considers the holder, in words.
	Holder string
	// Nodes are the per-node keys, for models with more than one node.
	Nodes []NodeLine
	// Leader is the consensus leader in words ("" for other models).
	Leader string
	// Network lists the partitions in force ("" when the run never has
	// one; "no partition" between them).
	Network      []string
	Value        string
	HighestToken string
	Clients      []ClientLine
	Violations   int
}

// NodeLine is one lock node in the state panel.
type NodeLine struct {
	Label, Key, Clock string
}

// ClientLine is one client in the state panel.
type ClientLine struct {
	ID     string
	Status string
	Glyph  string
	// Belief says whether and until when it believes it holds the lock.
	Belief string
	// Stale is true when it acts as the holder past its lease: the
	// dangerous case.
	Stale bool
}

// BuildPanel returns the state panel of tl after step.
func BuildPanel(tl sandbox.Timeline, step int, base string) Panel {
	st := tl.StateAt(step)
	p := Panel{Step: st.Step, Total: tl.Events.Len(), T: Millis(st.T), Violations: st.Violations}
	if st.Step > 0 {
		r := row(tl.Events.At(st.Step-1), st.Step-1, st.Step, base)
		p.Event = &r
	}
	p.Holder = "nobody: the lock is free"
	if st.Holder != "" {
		p.Holder = st.Holder + " (" + grantText(st.Grant, st.Token) + ")" + expiryText(st.ExpiresAt)
	}
	if len(st.Nodes) == 1 && st.Nodes[0].Down {
		p.Holder = "the lock service is down · " + p.Holder
	}
	if len(st.Nodes) > 1 && tl.Model == sandbox.ModelRedlock {
		for _, n := range st.Nodes {
			l := NodeLine{Label: "node " + strconv.Itoa(n.Node), Key: "free"}
			switch {
			case n.Leftover:
				l.Key = n.Holder + "'s refused attempt (no grant) until it is unlocked or expires"
			case n.Holder != "":
				l.Key = n.Holder + " (grant " + strconv.Itoa(n.Grant) + ")" + expiryText(n.ExpiresAt)
			}
			if n.Down {
				l.Key = "down · " + l.Key
			}
			if n.ClockOffsetMS != 0 {
				l.Clock = "clock +" + seconds(n.ClockOffsetMS)
			}
			p.Nodes = append(p.Nodes, l)
		}
	}
	p.addFaults(tl, st.Step)
	p.Value = "(never written)"
	if st.Value != "" {
		p.Value = strconv.Quote(st.Value)
	}
	p.HighestToken = "none"
	if st.HighestToken > 0 {
		p.HighestToken = strconv.FormatInt(st.HighestToken, 10)
	}
	for _, c := range st.Clients {
		l := ClientLine{ID: c.ID, Status: c.Status, Belief: "does not hold the lock"}
		switch c.Status {
		case sandbox.StatusPaused:
			l.Glyph = "‖"
		case sandbox.StatusCrashed:
			l.Glyph = "✕"
		default:
			l.Glyph = "▶"
		}
		if c.Holds {
			l.Belief = "believes it holds " + grantText(c.Grant, c.Token) + " until " + Millis(c.ValidUntil)
			if c.ValidUntil > 0 && st.T >= c.ValidUntil {
				l.Stale = true
				l.Belief = "still believes it holds " + grantText(c.Grant, c.Token) + ", but its lease ended at " + Millis(c.ValidUntil)
			}
		}
		p.Clients = append(p.Clients, l)
	}
	return p
}

func grantText(grant int, token int64) string {
	s := "grant " + strconv.Itoa(grant)
	if token > 0 {
		s += ", token " + strconv.FormatInt(token, 10)
	}
	return s
}

func expiryText(at int64) string {
	if at == 0 {
		return ", no expiry"
	}
	return ", expires at " + Millis(at)
}

// addFaults adds what the fault events up to step changed and the engine's
// state does not carry for every model: which consensus members or redis
// nodes are down, who leads a consensus cluster, and the partitions in
// force.
func (p *Panel) addFaults(tl sandbox.Timeline, step int) {
	lg := tl.ServiceLedger()
	down := map[int]bool{}
	for _, d := range lg.Downs {
		if d.At(step) {
			down[d.Node] = true
		}
	}
	var cuts []string
	for _, c := range lg.Cuts {
		if !c.At(step) {
			continue
		}
		what := nodesWord(tl.Model, c.Nodes)
		if c.Client != "" {
			cuts = append(cuts, c.Client+" cut off from "+what)
		} else {
			cuts = append(cuts, what+" split from the others")
		}
	}
	partitioned := len(lg.Cuts) > 0
	leader := tl.LeaderAt(step)
	switch tl.Model {
	case sandbox.ModelConsensus:
		p.Leader = "none: no majority of the members can reach each other"
		if leader > 0 {
			p.Leader = tl.Model.NodeName(leader)
		}
		for n := 1; n <= max(tl.Nodes, 1); n++ {
			l := NodeLine{Label: tl.Model.NodeName(n), Key: "up"}
			if down[n] {
				l.Key = "down"
			}
			if n == leader {
				l.Key += " · the leader"
			}
			p.Nodes = append(p.Nodes, l)
		}
	case sandbox.ModelRedis:
		for n := 1; n <= 2; n++ {
			l := NodeLine{Label: tl.Model.NodeName(n) + " (node " + strconv.Itoa(n) + ")", Key: "up"}
			if down[n] {
				l.Key = "down"
			}
			p.Nodes = append(p.Nodes, l)
		}
	}
	if partitioned {
		p.Network = cuts
		if len(cuts) == 0 {
			p.Network = []string{"no partition"}
		}
	}
}

// nodesWord names nodes ns as the model calls them: "members 1,2",
// "node 3".
func nodesWord(model sandbox.Model, ns []int) string {
	w := model.NodeWord()
	if len(ns) != 1 {
		w += "s"
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return w + " " + strings.Join(parts, ",")
}
