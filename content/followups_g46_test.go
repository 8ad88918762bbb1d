package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFollowUpPointsInNearWordsG46: follow-up answers that state the point
// almost word for word were marked as missing it (QA-45 M2); each now earns
// it, and a denial in the same words does not.
func TestFollowUpPointsInNearWordsG46(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct {
		followUp, point, answer string
		hit                     bool
	}{
		{"suspended-signal-late", "learns-late", "the plain ZooKeeper client only learns of the expiry when it reconnects. So the signal is local and late", true},
		{"suspended-signal-late", "learns-late", "the client never learns the session expired, and the signal is never late", false},
		{"redlock-restart", "forgets", "Node 3 comes back with no record of A's lock", true},
	} {
		f, ok := cat.FollowUps.ByID(c.followUp)
		if !ok {
			t.Fatalf("no follow-up %q", c.followUp)
		}
		r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer})
		if got := pointMade(t, r, c.point); got != c.hit {
			t.Errorf("%s: %q made %s = %v, want %v", c.followUp, c.answer, c.point, got, c.hit)
		}
	}
}
