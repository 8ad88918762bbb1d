package content_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// pointMade reports whether graded result r makes point id; a point the
// question does not have fails the test, so a renamed point cannot turn a
// check into one that always passes or always fails quietly.
func pointMade(t testing.TB, r quiz.Result, id string) bool {
	t.Helper()
	i := slices.IndexFunc(r.Points, func(p quiz.PointResult) bool { return p.ID == id })
	if i < 0 {
		t.Fatalf("%s has no point %q", r.Question, id)
	}
	return r.Points[i].Hit
}
