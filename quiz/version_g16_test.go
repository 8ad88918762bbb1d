package quiz

import "testing"

// TestBankVersionCoversMinBreadth: a question's min_breadth decides
// verdicts as its core marks do, so a grader that asks a different number
// of breadth points is another grader, and a disputed answer must not be
// replayed against it under the same version.
func TestBankVersionCoversMinBreadth(t *testing.T) {
	bank := func(minBreadth int) *Bank {
		return &Bank{questions: []*Question{{ID: "q", MinBreadth: minBreadth, Points: []Point{
			{ID: "c1", Core: true, Weight: 1, Match: []string{"cycle"}},
			{ID: "c2", Core: true, Weight: 1, Match: []string{"order"}},
			{ID: "b1", Weight: 1, Match: []string{"lease"}},
			{ID: "b2", Weight: 1, Match: []string{"transaction"}},
		}}}}
	}
	none, one, two := bankVersion(bank(0), nil), bankVersion(bank(1), nil), bankVersion(bank(2), nil)
	if none == one || one == two || none == two {
		t.Fatalf("versions for min_breadth 0, 1, 2 = %s, %s, %s; want three different", none, one, two)
	}
}
