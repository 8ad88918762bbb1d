package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// Step is one observable result of a run, in the order the clients saw
// them: what was granted or refused to whom, what the resource stored or
// refused. Times are left out on purpose: the real run is scaled and noisy,
// the outcome is not.
type Step struct {
	Kind   string `json:"kind"`
	Client string `json:"client,omitempty"`
	// Holder is whose key a release removed, who held the lock when an
	// acquire was denied, or who the service names after a failover.
	Holder string `json:"holder,omitempty"`
	// Token is the rank of the fencing token among the distinct tokens of
	// the run (1 = lowest), so that etcd's cluster-wide revisions compare
	// with the engine's counter; 0 is no token.
	Token int    `json:"token,omitempty"`
	Value string `json:"value,omitempty"`
	// Reason is why a write was rejected or an acquire denied.
	Reason string `json:"reason,omitempty"`
	// Nodes are the redlock nodes a grant, extend or release touched.
	Nodes []int `json:"nodes,omitempty"`
}

// String writes the step as one short line.
func (s Step) String() string {
	var b strings.Builder
	b.WriteString(s.Kind)
	if s.Client != "" {
		b.WriteString(" " + s.Client)
	}
	if s.Value != "" {
		b.WriteString(" " + strconv.Quote(s.Value))
	}
	if s.Token != 0 {
		b.WriteString(" token#" + strconv.Itoa(s.Token))
	}
	if s.Holder != "" {
		b.WriteString(" holder=" + s.Holder)
	}
	if s.Reason != "" {
		b.WriteString(" (" + s.Reason + ")")
	}
	if len(s.Nodes) > 0 {
		b.WriteString(" nodes=" + fmt.Sprint(s.Nodes))
	}
	return b.String()
}

// Outcome is what is compared between the engine and a real backend.
type Outcome struct {
	Steps      []Step `json:"steps"`
	FinalValue string `json:"final_value"`
}

// compared are the event kinds that make an outcome. Lease expiries,
// pauses and crashes are causes, not results: their effect shows in the
// grants, refusals and writes that follow.
var compared = []sandbox.Kind{
	sandbox.KindAcquireGranted, sandbox.KindAcquireDenied,
	sandbox.KindReleaseOK, sandbox.KindReleaseRefused,
	sandbox.KindExtendOK, sandbox.KindExtendRefused,
	sandbox.KindWriteAccepted, sandbox.KindWriteRejected,
	sandbox.KindFailover,
}

// OutcomeOf extracts the outcome of a timeline's events. Heartbeats are left
// out: their timing is the real run's least precise part, and what they
// achieve (a lease kept alive or lost) shows in the other clients' grants.
// A step whose tokens are all zero on one side stays comparable with the
// other only if that side has none either.
func OutcomeOf(events []sandbox.Event, finalValue string) Outcome {
	out := Outcome{Steps: []Step{}, FinalValue: finalValue}
	var tokens []int64
	for _, e := range events {
		if !slices.Contains(compared, e.Kind) {
			continue
		}
		if (e.Kind == sandbox.KindExtendOK || e.Kind == sandbox.KindExtendRefused) && e.Reason == "heartbeat" {
			continue
		}
		if e.Token > 0 && !slices.Contains(tokens, e.Token) {
			tokens = append(tokens, e.Token)
		}
	}
	slices.Sort(tokens)
	for _, e := range events {
		if !slices.Contains(compared, e.Kind) {
			continue
		}
		if (e.Kind == sandbox.KindExtendOK || e.Kind == sandbox.KindExtendRefused) && e.Reason == "heartbeat" {
			continue
		}
		s := Step{Kind: e.Kind.String(), Client: e.Client, Holder: e.Holder, Value: e.Value}
		if e.Token > 0 {
			s.Token = slices.Index(tokens, e.Token) + 1
		}
		// Why a write was refused is left out: the token rules are the
		// same code on both sides, and the database guard's wording is
		// the engine's to choose; the verdict is what is compared.
		if e.Kind == sandbox.KindAcquireDenied {
			s.Reason = e.Reason
		}
		switch e.Kind {
		case sandbox.KindWriteAccepted, sandbox.KindWriteRejected:
			// Which key the resource named when it refused a database
			// write is detail the real row answers differently (it is
			// read after the UPDATE); the verdict is what counts.
			s.Holder = ""
		case sandbox.KindExtendOK, sandbox.KindExtendRefused, sandbox.KindReleaseRefused:
			s.Holder = ""
			s.Token = 0
		}
		if e.Kind != sandbox.KindWriteAccepted && e.Kind != sandbox.KindWriteRejected && e.Kind != sandbox.KindAcquireGranted {
			s.Token = 0
		}
		if len(e.Nodes) > 0 {
			s.Nodes = slices.Clone(e.Nodes)
		}
		out.Steps = append(out.Steps, s)
	}
	return out
}

// Align returns got as it is compared with want: when the engine's run
// issued no token at all, the real system's tokens are dropped (a real
// backend's own counter, such as the row's epoch under token_source none,
// changes no verdict).
func Align(want, got Outcome) Outcome {
	for _, s := range want.Steps {
		if s.Token != 0 {
			return got
		}
	}
	out := Outcome{Steps: slices.Clone(got.Steps), FinalValue: got.FinalValue}
	for i := range out.Steps {
		out.Steps[i].Token = 0
	}
	return out
}

// Diff lists where got differs from want (after Align), one line per
// difference; nil when the outcomes agree.
func Diff(want, got Outcome) []string {
	got = Align(want, got)
	var d []string
	n := max(len(want.Steps), len(got.Steps))
	for i := range n {
		var w, g string
		if i < len(want.Steps) {
			w = want.Steps[i].String()
		}
		if i < len(got.Steps) {
			g = got.Steps[i].String()
		}
		if w != g {
			d = append(d, fmt.Sprintf("step %d: engine %q, real %q", i+1, orNone(w), orNone(g)))
		}
	}
	if want.FinalValue != got.FinalValue {
		d = append(d, fmt.Sprintf("final value: engine %q, real %q", want.FinalValue, got.FinalValue))
	}
	return d
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
