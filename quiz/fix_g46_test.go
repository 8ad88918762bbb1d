package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG46Misfires: two correct debugging answers of FO and FQ (g45's
// fresh holdout, read as validation writers for g46) drew a pattern flag
// on a right step of the investigation. Each now passes with no flag as
// written, beside the plain claim in nearby words, which still raises it.
func TestFixG46Misfires(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("two-holders")
	for _, c := range []struct{ writer, kind, flag, claim string }{
		// "check whether the first holder's last successful renewal was
		// more than a TTL before its final write": a gap measured on the
		// timeline, not a check the holder makes before writing
		{"FO", "rejects-antipattern", "client-side-fencing", "To stop it, the holder checks that it still holds the lock right before it writes, and skips the write if not."},
		// "line up a timeline using the lock server's logs as the clock":
		// the lock server's record is the right clock
		{"FQ", "strong-casual", "wall-clock", "Merge the two workers' logs by their timestamps to see who wrote first."},
	} {
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, "two-holders", c.kind)}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s two-holders %s: passed=%v flags %v, want a pass with no flag", c.writer, c.kind, r.Passed, r.FlagIDs())
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("the plain claim %q raised %v, want %s", c.claim, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG46Claims: two losing claims of FO that raised no flag, each now
// flagged in the answer as written, beside a rejection in the same words
// that stays clean.
func TestFixG46Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, rejection string
	}{
		// "Any retry within that minute fails to acquire and is rejected,
		// which completely solves double charging"
		{"FO", "idempotency-keys", "confidently-wrong", "lock-instead-of-constraint", "A lock per customer left to expire is tempting, but it is wrong: a retry that fails to acquire is rejected only within the minute, so it never solves double charging; an idempotency key stored with a unique constraint does."},
		// "clock skew between the instances doesn't matter, because the
		// lock itself prevents any second run within the same period"
		{"FO", "run-job-once", "mixed-wrong", "lock-instead-of-constraint", "The lock alone does not prevent a second run within the same period: an instance whose timer fires late finds it released and runs again, so claim the period in a unique row."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want failed by %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestFixG46Points: seven correct answers of FO, FP and FQ failed for a
// core point (or, on avoid-the-lock, the breadth that carries a two-core
// answer) they make in their own words; each now earns it and passes.
func TestFixG46Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, point string }{
		// "if A->B holds A and B->A holds B ... meanwhile both transfers
		// are stuck"
		{"FO", "deadlock-ordering", "refutes-quote", "deadlock-cycle"},
		// "I keep locks for expensive duplicate work, not for correctness"
		{"FP", "avoid-the-lock", "refutes-quote", "efficiency-only"},
		// "it says nothing about a client pausing past the TTL ...
		// Failures: expiry while paused"
		{"FP", "redis-lock-and-failure", "refutes-quote", "pause-expiry"},
		// "WAIT is a receipt that one copy exists somewhere in memory, not
		// a promise that this copy will be the one that takes over"
		{"FP", "redis-wait-safe", "strong-unusual", "not-consensus"},
		// "Better, but not a guarantee: clock skew between instances shifts
		// the periods, a paused holder can outlive it"
		{"FP", "run-job-once", "refutes-quote", "lock-not-enough"},
		// "a remaining-lease check ... which assumes the delay between check
		// and arrival stays under that margin"
		{"FP", "unfenceable-resource", "strong-concise", "timing-caveat"},
		// "None of these systems rely on that ... Instead, the authority
		// hands out an increasing number per ownership change": what the
		// examples share, told after what none of them does
		{"FQ", "fencing-in-real-systems", "rejects-antipattern", "common-pattern"},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s %s %s: passed=%v, %s hit=%v", c.writer, c.question, c.kind, r.Passed, c.point, pointHit(t, r, c.point))
		}
	}
}
