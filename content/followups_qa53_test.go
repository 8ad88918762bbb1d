package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestShortFollowUpAnswersQA53: a short, correct follow-up answer of
// QA-53 (#100) lost points it made: it told a timeline with the second
// client by its letter ("B gets token 34 and writes") and said "The TTL
// and a proper release can't stop that" (50 %). It now scores full marks;
// an answer that tells no second client still misses those points.
func TestShortFollowUpAnswersQA53(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct{ followUp, answer, weak string }{
		{"fencing-token-what-for", "t=0 A gets the lock with token 33; t=1 A freezes in a 40s GC; t=30 the TTL expires and B gets token 34 and writes; t=41 A wakes and sends its write with 33 \u2192 the storage has seen 34, so it refuses A. The TTL and a proper release can't stop that, because A doesn't know it was paused.", "A pauses for a while and then writes again; the numbers help somehow."},
	} {
		f, ok := cat.FollowUps.ByID(c.followUp)
		if !ok {
			t.Fatalf("no follow-up %s", c.followUp)
		}
		if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer}); r.Score < 1 {
			t.Errorf("%s: the tester's answer scores %.2f, missing %v", c.followUp, r.Score, r.Missed())
		}
		if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.weak}); r.Score >= 1 {
			t.Errorf("%s: %q scores full marks", c.followUp, c.weak)
		}
	}
}
