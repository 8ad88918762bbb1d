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

// TestFollowUpPointsInTestersWordsQA52b: two follow-up answers of QA-52b
// said points in words the matchers missed: "the acknowledging replica
// also only has it in memory" (#085) and a status written as code, "INSERT
// the key with status 'in_progress' ... and only the request whose insert
// wins calls the processor" (#088). Both points are now made; the #088
// answer passes.
func TestFollowUpPointsInTestersWordsQA52b(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct{ followUp, point, answer string }{
		{"wait-acknowledged-replica", "memory-not-disk", "Not certain. Sentinel may promote a different replica than the one that acknowledged, one that never got the key, and then a second client gets the lock. The acknowledging replica also only has it in memory. So WAIT narrows the window but doesn't close it."},
		{"idempotency-concurrent-retry", "in-progress", "Fair point, my ordering was wrong for that case. The key has to be claimed before the charge: INSERT the key with status 'in_progress' in the same transaction that creates the payment row, and only the request whose insert wins calls the processor. The other request hits the unique constraint; since the stored status is still in_progress it gets a 409 (or 202 with Retry-After) telling the client to retry later, and once the first finishes, retries get the stored response. The processor's own idempotency key is the second line of defence if we crash between the charge and recording the result."},
	} {
		f, ok := cat.FollowUps.ByID(c.followUp)
		if !ok {
			t.Fatalf("no follow-up %s", c.followUp)
		}
		r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer})
		made := false
		for _, p := range r.Points {
			made = made || p.ID == c.point && p.Hit
		}
		if !made {
			t.Errorf("%s: %s not made (missed %v)", c.followUp, c.point, r.Missed())
		}
		if c.followUp == "idempotency-concurrent-retry" && !r.Passed {
			t.Errorf("%s: the tester's answer fails at %.2f", c.followUp, r.Score)
		}
	}
}
