package web

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestClippedQuotesSayTheyAreClipped: a quote that maxQuote cuts short of
// its clause carries "…" at the end that was cut, so a reader sees the
// learner's words go on; one that holds its whole clause carries none
// ("…rejects anything lower, so a" read as the whole phrase: QA-40 F3 #5).
func TestClippedQuotesSayTheyAreClipped(t *testing.T) {
	long := strings.Repeat("the lease holder keeps on working ", 4)
	for _, tc := range []struct {
		name, text, match string
		head, tail        bool
	}{
		{"whole clause", "The storage keeps the highest token and rejects anything lower. Done.", "rejects anything lower", false, false},
		{"cut at the end", "The storage rejects anything lower, so a " + long + long + "end.", "rejects anything lower", false, true},
		{"cut at the start", "Because " + long + long + "the storage rejects anything lower. Done.", "rejects anything lower", true, false},
		{"cut at both ends", "Because " + long + long + "while the key expires " + long + long + "end.", "the key expires", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := strings.Index(tc.text, tc.match)
			sp := quiz.Span{Start: i, End: i + len(tc.match)}
			for name, got := range map[string]string{"PointQuote": PointQuote(tc.text, []quiz.Span{sp}), "FlagQuote": FlagQuote(tc.text, sp)} {
				if !strings.Contains(got, tc.match) || strings.HasPrefix(got, "…") != tc.head || strings.HasSuffix(got, "…") != tc.tail {
					t.Errorf("%s=%q; want an ellipsis at the start %v, at the end %v", name, got, tc.head, tc.tail)
				}
				if n := len(strings.Trim(got, "…")); n > maxQuote {
					t.Errorf("%s=%q is %d bytes without its ellipses, more than %d", name, got, n, maxQuote)
				}
			}
		})
	}
}

// TestQuotesReadAcrossAnEllipsis: "UPDATE ... WHERE version = n" is one
// clause, as the grader reads it; the quote under a point stopped at the
// ellipsis ("a conditional UPDATE ..", then "WHERE version = n" under the
// next point: QA-41).
func TestQuotesReadAcrossAnEllipsis(t *testing.T) {
	text := "When the store can enforce the invariant itself: a unique constraint, a conditional UPDATE ... WHERE version = n, or an idempotency key does the job."
	i := strings.Index(text, "conditional UPDATE")
	got := PointQuote(text, []quiz.Span{{Start: i, End: i + len("conditional UPDATE")}})
	if !strings.Contains(got, "UPDATE ... WHERE version = n") {
		t.Fatalf("PointQuote = %q, want the clause across the ellipsis", got)
	}
	// a full stop after a word still ends the clause
	text = "Use a conditional UPDATE. Then retry on zero rows."
	i = strings.Index(text, "conditional UPDATE")
	if got := PointQuote(text, []quiz.Span{{Start: i, End: i + len("conditional UPDATE")}}); strings.Contains(got, "retry") {
		t.Fatalf("PointQuote = %q runs past the full stop", got)
	}
}
