package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// Texts g16: the note on a question that asks for breadth points besides
// its core points now names them as the grader page and the feedback
// banner do ("breadth points") and points to the note that lists them.
// Its wording changed, so a result stored under the earlier wording must
// still lose that note once a corrected tick makes the breadth point.

// TestBreadthNoteNamesWhatItPointsTo: a deadlock-ordering answer that
// gives the cycle and the lock order and stops gets the note, in the
// grader's own term, and the note it refers to is there beside it and
// names the breadth points the answer could still make.
func TestBreadthNoteNamesWhatItPointsTo(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("deadlock-ordering")
	if !ok {
		t.Fatal("no question deadlock-ordering")
	}
	r := b.Grade(q, quiz.Answer{Text: "Two transfers running in opposite directions can each lock one account and then wait on each other for good. Taking the locks in ascending account id order rules that cycle out."})
	if r.Passed {
		t.Fatalf("core points only: passed at %.2f, want a fail just under the pass mark", r.Score)
	}
	i := slices.IndexFunc(r.Notes, func(n string) bool { return strings.Contains(n, "core points alone do not pass") })
	if i < 0 {
		t.Fatalf("notes %q: no note on the core points alone", r.Notes)
	}
	if note := r.Notes[i]; !strings.Contains(note, "breadth points") || !strings.Contains(note, "fuller answer") {
		t.Errorf("note %q: want it to ask for breadth points and refer to the fuller-answer note", note)
	}
	fuller := slices.IndexFunc(r.Notes, func(n string) bool { return strings.Contains(n, "A fuller answer would also cover") })
	if fuller < 0 {
		t.Fatalf("notes %q: the note refers to a fuller-answer note that is not shown", r.Notes)
	}
	for _, p := range q.Points {
		if !p.Core && !strings.Contains(r.Notes[fuller], p.Label) {
			t.Errorf("fuller-answer note %q does not list the breadth point %q", r.Notes[fuller], p.Label)
		}
	}
}

// TestRescoreDropsEarlierBreadthNote: a result graded before the note was
// reworded carries the old sentence; ticking a breadth point passes it and
// removes that sentence too, rather than leaving "do not pass" under a pass.
func TestRescoreDropsEarlierBreadthNote(t *testing.T) {
	q := &quiz.Question{ID: "caps", Kind: quiz.KindFreeText, MinBreadth: 1, Points: capsQuestion.Points}
	stored := capsResult([4]bool{true, true, false, false}, false)
	stored.MinBreadth = 1
	stored.Score = quiz.PassMark - 0.01
	stored.Notes = []string{"On this question the core points alone do not pass: they are the textbook half of the answer, and a passing one goes on to make some of the other points (see what a fuller answer would cover)."}
	r := quiz.Rescore(q, stored, map[string]bool{"b1": true})
	if !r.Passed || slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "do not pass") }) {
		t.Errorf("earlier wording, b1 ticked: passed=%v score %.2f notes %q, want a pass and no note saying it does not pass", r.Passed, r.Score, r.Notes)
	}
	r = quiz.Rescore(q, stored, map[string]bool{"b2": false})
	if n := len(slices.DeleteFunc(slices.Clone(r.Notes), func(n string) bool { return !strings.Contains(n, "core points alone") })); r.Passed || n != 1 {
		t.Errorf("earlier wording, still no breadth point: passed=%v notes %q, want a fail with the note once", r.Passed, r.Notes)
	}
}
