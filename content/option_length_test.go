package content_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"lockdrill/content"
	"lockdrill/quiz"
)

// maxRightIsLongest is how many single-answer exercises may have the
// right option as their longest (or as their shortest): about a third. Above it, a candidate who
// always picks the longest option passes too many of them without
// knowing anything.
const maxRightIsLongest = 11

// TestRightOptionIsNotUsuallyTheLongest: in session 36 the right option
// of a single or predict exercise was the longest in 19 of 35, so picking
// the longest passed half of them.
func TestRightOptionIsNotUsuallyTheLongest(t *testing.T) {
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatalf("load questions: %v", err)
	}
	var longest, shortest []string
	n := 0
	for _, q := range bank.All() {
		if q.Kind != quiz.KindSingle && q.Kind != quiz.KindPredict {
			continue
		}
		n++
		right, wrongMax, wrongMin := 0, 0, -1
		for _, o := range q.Options {
			l := utf8.RuneCountInString(o.Text)
			switch {
			case o.Correct:
				right = l
			case wrongMin < 0:
				wrongMax, wrongMin = l, l
			default:
				wrongMax, wrongMin = max(wrongMax, l), min(wrongMin, l)
			}
		}
		if right > wrongMax {
			longest = append(longest, q.ID)
		}
		if right < wrongMin {
			shortest = append(shortest, q.ID)
		}
	}
	if n == 0 {
		t.Fatal("no single or predict exercise in the bank")
	}
	if len(longest) > maxRightIsLongest {
		t.Fatalf("the right option is the longest in %d of %d single-answer exercises, want at most %d; rewrite the wrong options of:\n  %s",
			len(longest), n, maxRightIsLongest, strings.Join(longest, "\n  "))
	}
	// Padding every wrong option turns the cue round: the shortest is
	// then the one to pick.
	if len(shortest) > maxRightIsLongest {
		t.Fatalf("the right option is the shortest in %d of %d single-answer exercises, want at most %d; tighten a wrong option of:\n  %s",
			len(shortest), n, maxRightIsLongest, strings.Join(shortest, "\n  "))
	}
}
