package content_test

import (
	"testing"
	"time"

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

// TestHeldQuestionFeedsReviewAsFailed: a main answer whose question the
// scorecard holds under the pass mark (it passed only because a
// follow-up asked about its losing claim took the claim back) feeds
// spaced review as the failed question it is, rated Again, not at its
// main answer's own score (QA-53b H6: such a question showed "passed,
// 100 percent" in practice, due in 18 days). The main answer is GJ's
// choose-ttl answer that keeps a lock with no expiry as the safest; the
// follow-up is the one asked for that flag, answered with its model
// answer.
func TestHeldQuestionFeedsReviewAsFailed(t *testing.T) {
	cat := mustCatalog(t)
	q, _ := cat.Questions.ByID("choose-ttl")
	f, ok := cat.FollowUps.ByID("ttl-not-safety")
	if !ok {
		t.Fatal("no follow-up ttl-not-safety")
	}
	main := "Steps:\n1. Measure critical section duration, take p99.9 not mean.\n2. Add margin for network RTT and clock drift.\n3. For long jobs, moderate TTL with renewal every TTL/3, renewal conditional on my token.\n4. Check with business how long stall after crash is acceptable, since TTL = recovery time.\nFor really critical jobs where two runs must never happen, I skip TTL altogether: lock without expiry, released in finally block. Then it can never expire under the holder, so this is the safest option."
	reply := unwrapped(f.Probe.ModelAnswer.Markdown)
	mr := cat.Questions.Grade(q, quiz.Answer{Text: main})
	fr := cat.Questions.Grade(f.Probe, quiz.Answer{Text: reply})
	start := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	turns := []quiz.Turn{
		{Question: q.ID, Shown: start, Answered: start.Add(time.Minute), Text: main, Result: &mr},
		{Question: q.ID, FollowUp: f.ID, Shown: start.Add(time.Minute), Answered: start.Add(2 * time.Minute), Text: reply, Result: &fr},
	}
	sc := quiz.Score(cat.Questions, cat.FollowUps, turns, 5*time.Minute)
	qs := sc.Questions[0]
	if qs.Passed || qs.Led == "" || !qs.Main.Passed {
		t.Fatalf("question passed=%v led=%q main passed=%v; the test needs a main answer that passes only on the follow-up's retraction", qs.Passed, qs.Led, qs.Main.Passed)
	}
	items := quiz.RoundReview(cat.Questions, sc)
	if len(items) != 1 {
		t.Fatalf("review items %d, want 1", len(items))
	}
	if it := items[0]; it.Result.Passed || it.Rating != quiz.Again || it.Result.Score > qs.Score {
		t.Errorf("review files the question as passed=%v at %.2f rated %v; the scorecard held it at %.2f (%s)", it.Result.Passed, it.Result.Score, it.Rating, qs.Score, qs.Led)
	}
}
