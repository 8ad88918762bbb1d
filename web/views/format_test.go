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
