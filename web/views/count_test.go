package views_test

import (
	"testing"

	"lockdrill/web/views"
)

func TestAllCorePoints(t *testing.T) {
	for n, want := range map[int]string{1: "the one core point", 2: "both core points", 3: "all three core points", 12: "all 12 core points"} {
		if got := views.AllCorePoints(n); got != want {
			t.Errorf("AllCorePoints(%d) = %q, want %q", n, got, want)
		}
	}
}
