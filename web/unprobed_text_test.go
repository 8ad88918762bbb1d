package web

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestUnprobedPointDoesNotDenyARecovery: a core point the main answer
// missed that no follow-up is aimed at may still be made in a follow-up
// answer and recovered on the scorecard, so the turn page does not say
// flatly there is no follow-up on it (QA-35 F4 #4). Since g42 the shipped
// catalog has a follow-up for every core point (content's
// TestEveryCorePointIsProbed), so this reason shows only for content
// added without one; the other two reasons say what became of the
// follow-up.
func TestUnprobedPointDoesNotDenyARecovery(t *testing.T) {
	for reason, want := range map[quiz.UnprobedReason]string{
		quiz.NoFollowUpOnIt: "still counts for this question",
		quiz.FollowUpsSpent: "its follow-up was not asked: a question takes at most 2, and they went to other gaps; an answer to one of them that makes the point still counts for this question",
		quiz.AskedEarlier:   "asked after an earlier question",
	} {
		got := unprobedText(quiz.UnprobedPoint{ID: "p", Label: "The point", Reason: reason})
		if !strings.Contains(got, "“The point”") || !strings.Contains(got, want) || strings.Contains(got, "has no follow-up question on it") {
			t.Errorf("reason %d: %q, want the point named and %q, never a flat denial", reason, got, want)
		}
	}
}
