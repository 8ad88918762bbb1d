package views_test

import (
	"testing"

	"lockdrill/web/views"
)

func TestPctRoundsToNearest(t *testing.T) {
	tests := []struct {
		name string
		in   float64
		want int
	}{
		{"zero", 0, 0},
		{"rounds half up", 0.675, 68},
		{"rounds down", 0.674, 67},
		{"not truncated", 0.899999, 90},
		{"whole", 1, 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := views.Pct(tt.in); got != tt.want {
				t.Fatalf("got %d, want %d", got, tt.want)
			}
		})
	}
}

func TestRateTextWithNothingToCount(t *testing.T) {
	half := 0.5
	if got := views.RateText(nil); got != "n/a" {
		t.Fatalf("got %q for no rate, want n/a", got)
	}
	if got := views.RateText(&half); got != "50 %" {
		t.Fatalf("got %q, want 50 %%", got)
	}
}

// TestPctTenthText: the blind figures keep the tenth that tells two
// graders apart, and a share short of all never reads as "100 %".
func TestPctTenthText(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want string
	}{
		{0.936, "93.6 %"},
		{0.941, "94.1 %"},
		{0.995, "99.5 %"},
		{0.9996, "99.9 %"},
		{1, "100.0 %"},
		{0, "0.0 %"},
	} {
		if got := views.PctTenthText(tt.in); got != tt.want {
			t.Errorf("PctTenthText(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPctTextNeverRoundsAShareUpToAll: a share below 1 that a whole
// percent would show as "100 %" keeps a tenth; /about/grader said the
// judge agreed on "1287 of 1292 pass/fail labels (100 %)" (QA-40 F3 #4).
func TestPctTextNeverRoundsAShareUpToAll(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   float64
		want string
	}{
		{"judge's agreement", 1287.0 / 1292, "99.6 %"},
		{"just short of all", 0.9996, "99.9 %"},
		{"all", 1, "100 %"},
		{"rounds as usual", 0.994, "99 %"},
		{"half", 0.5, "50 %"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := views.PctText(tc.in); got != tc.want {
				t.Fatalf("PctText(%v)=%q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
