package content_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"lockdrill/content"
	"lockdrill/quiz"
)

// maxRightAtOneRank is how many single-answer exercises may have the
// right option at any one length rank (the longest, the second-longest,
// ..., the shortest): about a third. Above it, a candidate who always
// picks the option at that rank passes too many of them without knowing
// anything.
const maxRightAtOneRank = 11

// lengthRank names where the right option stands among an exercise's
// options by length in characters: "longest" when no wrong option is
// longer (a tie with the longest counts, since picking the longest then
// still finds it half the time), "shortest" when every wrong option is
// longer, otherwise by how many wrong options are longer.
func lengthRank(q *quiz.Question) string {
	right, longer, shorter, wrong := 0, 0, 0, 0
	for _, o := range q.Options {
		if o.Correct {
			right = utf8.RuneCountInString(o.Text)
		}
	}
	for _, o := range q.Options {
		if o.Correct {
			continue
		}
		wrong++
		switch l := utf8.RuneCountInString(o.Text); {
		case l > right:
			longer++
		case l < right:
			shorter++
		}
	}
	switch {
	case longer == 0:
		return "longest"
	case longer == wrong:
		return "shortest"
	case longer == 1:
		return "second-longest"
	case longer == 2:
		return "third-longest"
	default:
		return fmt.Sprintf("%d-th longest", longer+1)
	}
}

// TestRightOptionIsNotUsuallyTheLongest: in session 36 the right option
// of a single or predict exercise was the longest in 19 of 35, so picking
// the longest passed half of them. Padding the wrong options then made it
// the second-longest in 15 of 35, often by a few characters, so every
// length rank is held to the same bound.
func TestRightOptionIsNotUsuallyTheLongest(t *testing.T) {
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatalf("load questions: %v", err)
	}
	byRank := map[string][]string{}
	var ranks []string
	n := 0
	for _, q := range bank.All() {
		if q.Kind != quiz.KindSingle && q.Kind != quiz.KindPredict {
			continue
		}
		n++
		r := lengthRank(q)
		if byRank[r] == nil {
			ranks = append(ranks, r)
		}
		byRank[r] = append(byRank[r], q.ID)
	}
	if n == 0 {
		t.Fatal("no single or predict exercise in the bank")
	}
	for _, r := range ranks {
		if ids := byRank[r]; len(ids) > maxRightAtOneRank {
			t.Errorf("the right option is the %s in %d of %d single-answer exercises, want at most %d; rebalance the options of:\n  %s",
				r, len(ids), n, maxRightAtOneRank, strings.Join(ids, "\n  "))
		}
	}
}
