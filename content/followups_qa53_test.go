package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestShortFollowUpAnswersQA53: two short, correct follow-up answers of
// QA-53 lost points they made. #100 told a timeline with the second
// client by its letter ("B gets token 34 and writes") and said "The TTL
// and a proper release can't stop that" (50 %); #092 chose one of the two
// ways a consumer copes with a repeated event, deduplicating on its id,
// and lost the point for the other way, making the handler idempotent
// (75 %). Each now scores full marks; an answer that names neither way,
// or tells no second client, still misses those points.
func TestShortFollowUpAnswersQA53(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct{ followUp, answer, weak string }{
		{"fencing-token-what-for", "t=0 A gets the lock with token 33; t=1 A freezes in a 40s GC; t=30 the TTL expires and B gets token 34 and writes; t=41 A wakes and sends its write with 33 \u2192 the storage has seen 34, so it refuses A. The TTL and a proper release can't stop that, because A doesn't know it was paused.", "A pauses for a while and then writes again; the numbers help somehow."},
		{"outbox-relay-crash", "It publishes the row again \u2014 delivery is at-least-once. Consumers dedupe on the event id (a processed-ids table with a unique key, in the same transaction as their effect).", "It publishes the row again after the restart, so delivery is at least once."},
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
