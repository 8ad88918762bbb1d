package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestMissedCoreLenienceNeedsProse: on a two-core question, an answer
// missing one core point passes on most of the breadth only when it says
// it in sentences; the same points as terse list items ("Use gamma with
// care.") do not pass.
func TestMissedCoreLenienceNeedsProse(t *testing.T) {
	q := &quiz.Question{ID: "spare", Kind: quiz.KindFreeText, Points: []quiz.Point{
		{ID: "a", Core: true, Match: []string{"alpha"}},
		{ID: "b", Core: true, Match: []string{"beta"}},
		{ID: "g", Match: []string{"gamma"}},
		{ID: "d", Match: []string{"delta"}},
		{ID: "e", Match: []string{"epsilon"}},
	}}
	prose := quiz.Grade(q, quiz.Answer{Text: "We would use alpha with care in every case. We would use gamma with care in every case. We would use delta with care in every case. We would use epsilon with care in every case."}, nil)
	if !prose.Passed {
		t.Fatalf("prose missing one core point with all the breadth: passed=false score %.2f hits %v; want a pass", prose.Score, prose.Hits())
	}
	terse := quiz.Grade(q, quiz.Answer{Text: "Use alpha with care. Use gamma with care. Use delta with care. Use epsilon with care."}, nil)
	if len(terse.Hits()) != 4 {
		t.Fatalf("terse items: hits %v, want a, g, d, e (terse claims earn points)", terse.Hits())
	}
	if terse.Passed {
		t.Fatalf("terse list missing one core point passed (score %.2f); want a fail", terse.Score)
	}
}
