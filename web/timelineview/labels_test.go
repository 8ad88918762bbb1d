package timelineview_test

import (
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/web/timelineview"
)

// marksOf returns the labels of the marks of shape in the preset's run.
func marksOf(t *testing.T, preset, shape string) []string {
	t.Helper()
	d := timelineview.Build(presetRun(t, preset), 1<<20, 0, "/x")
	var out []string
	for _, m := range d.Marks {
		if m.Shape == shape {
			out = append(out, m.Text)
		}
	}
	return out
}

// TestPictureLabelsSayWhy: every mark that matters to the lesson carries a
// short label with the reason, in the picture itself.
func TestPictureLabelsSayWhy(t *testing.T) {
	tests := []struct {
		name, preset, shape, want string
	}{
		{"a stale token prints the comparison", "paused-holder-fenced", "rejected", "✗ A · token 1 < 2: refused"},
		{"a grant names its client and token", "paused-holder-fenced", "granted", "B granted · token 2"},
		{"an expiry names whose lease ended", "paused-holder-fenced", "expired", "◷ A's lease ends"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := marksOf(t, tt.preset, tt.shape)
			if !contains(got, tt.want) {
				t.Fatalf("%s labels = %q, want %q among them", tt.shape, got, tt.want)
			}
		})
	}
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// TestRejectionLabelForEveryReason: each reason the resource can give has
// its own words on the picture, never the bare machine code.
func TestRejectionLabelForEveryReason(t *testing.T) {
	tests := []struct {
		e       sandbox.Event
		highest int64
		want    string
	}{
		{sandbox.Event{Client: "A", Reason: sandbox.ReasonStaleToken, Token: 33}, 34, "✗ A · token 33 < 34: refused"},
		{sandbox.Event{Client: "B", Reason: sandbox.ReasonNoToken}, 2, "✗ B · no token: refused"},
		{sandbox.Event{Client: "A", Reason: sandbox.ReasonNotHolder, Holder: "B"}, 0, "✗ A · row names B: refused"},
		{sandbox.Event{Client: "A", Reason: sandbox.ReasonNotHolder}, 0, "✗ A · row has no holder: refused"},
	}
	for _, tt := range tests {
		t.Run(tt.e.Reason, func(t *testing.T) {
			got := timelineview.RejectionLabel(tt.e, tt.highest)
			if got != tt.want {
				t.Fatalf("RejectionLabel = %q, want %q", got, tt.want)
			}
			if strings.Contains(got, tt.e.Reason) {
				t.Fatalf("label %q shows the machine reason %q", got, tt.e.Reason)
			}
		})
	}
}

func TestFailoverLabel(t *testing.T) {
	if got := timelineview.FailoverLabel(sandbox.Event{}); got != "⇄ failover: no key" {
		t.Fatalf("failover with the key lost = %q", got)
	}
	if got := timelineview.FailoverLabel(sandbox.Event{Holder: "A"}); got != "⇄ failover: A's key kept" {
		t.Fatalf("failover that kept A's key = %q", got)
	}
}
