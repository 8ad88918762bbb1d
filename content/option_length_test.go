package content_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"lockdrill/content"
	"lockdrill/quiz"
)

// maxRightIsLongest is how many single-answer exercises may have the
// right option as their longest: about a third. Above it, a candidate who
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
	var longest []string
	n := 0
	for _, q := range bank.All() {
		if q.Kind != quiz.KindSingle && q.Kind != quiz.KindPredict {
			continue
		}
		n++
		right, wrong := 0, 0
		for _, o := range q.Options {
			l := utf8.RuneCountInString(o.Text)
			if o.Correct {
				right = l
			} else {
				wrong = max(wrong, l)
			}
		}
		if right > wrong {
			longest = append(longest, q.ID)
		}
	}
	if n == 0 {
		t.Fatal("no single or predict exercise in the bank")
	}
	if len(longest) > maxRightIsLongest {
		t.Fatalf("the right option is the longest in %d of %d single-answer exercises, want at most %d; rewrite the wrong options of:\n  %s",
			len(longest), n, maxRightIsLongest, strings.Join(longest, "\n  "))
	}
}
