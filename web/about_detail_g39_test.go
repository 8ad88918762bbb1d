package web

import (
	"strings"
	"testing"
)

// TestAboutDetailIsOneParagraphPerVersion: the writer-by-writer history
// on /about/grader was one paragraph of some 3,000 words (QA-39); it is
// now one paragraph per grader version, with no word lost.
func TestAboutDetailIsOneParagraphPerVersion(t *testing.T) {
	detail := "Writers are named by letters. A and B were tuning. For g6, C to F were released. For g7, I and J joined, and Q and R (for g5) stayed. For g39, EV, EW and EX are the fresh holdout. Since g19 the figures count fatal flags."
	got := detailParts(detail)
	want := []string{"Writers are named by letters. A and B were tuning.", "For g6, C to F were released.", "For g7, I and J joined, and Q and R (for g5) stayed.", "For g39, EV, EW and EX are the fresh holdout. Since g19 the figures count fatal flags."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("detailParts =\n%q\nwant\n%q", got, want)
	}
	if strings.Join(got, " ") != detail {
		t.Errorf("words lost or added")
	}
}
