package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG52PassingClean: four correct answers of GG, GH and GI (g51's
// fresh holdout, read as validation for g52) drew a major flag for the
// mistake they describe or correct. Each now passes with no flag, and the
// plain claim in nearby words still raises it.
func TestFixG52PassingClean(t *testing.T) {
	b := loadBank(t)
	for _, w := range [][3]string{
		// "With leases it's even sneaky, because the wait can last longer
		// than the first claim and the claim runs out under your feet."
		{"GG", "deadlock-ordering", "strong-unusual"},
		// "... compare fails inside etcd, atomically with the put. So old
		// leader's write is rejected"
		{"GH", "etcd-revision-guard", "refutes-quote"},
		// "or the worker itself picks the expired job again"
		{"GH", "holder-id-guard", "refutes-quote"},
		// "stored request fingerprint to reject reuse with a different
		// amount"
		{"GH", "idempotency-keys", "refutes-quote"},
	} {
		q, _ := b.ByID(w[1])
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, w[0], w[1], w[2])}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", w[0], w[1], w[2], r.Passed, r.FlagIDs())
		}
	}
	for _, c := range []struct {
		question, flag, text string
	}{
		{"deadlock-ordering", "ttl-as-safety", "Make the lease longer than the job, so a transfer can never deadlock."},
		// the consequence drawn with no failing guard before it
		{"etcd-revision-guard", "etcd-refuses-expired", "The leader checks it is still leader, then does a plain Put. So the old leader's write is rejected by etcd if its lease expired."},
		{"holder-id-guard", "client-side-fencing", "The worker itself rejects its write when its token is stale, so the guard is safe."},
		{"idempotency-keys", "content-derived-key", "The idempotency key is a hash of the customer and the amount, so a retry with the same amount is a duplicate."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %v, want %s", c.question, c.text, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG52Claims: ten losing claims of GG, GH and GI raised no flag (eight
// of those answers passed); each now fails on the flag that names it, beside
// a rejection in nearby words that stays clean.
func TestFixG52Claims(t *testing.T) {
	checkWrittenClaims(t, []writtenClaim{
		// "the store keeps the one with the newest timestamp, since our
		// servers are synchronized by NTP this is enough"
		{"GG", "avoid-the-lock", "mixed-wrong", "wall-clock", "Keeping the write with the newest timestamp is not safe even with NTP: clocks drift and step, so a lost update can still happen."},
		// "if it's equal it runs the UPDATE ...; since both statements are
		// fast, there is no real window for a conflict"
		{"GG", "optimistic-concurrency", "mixed-wrong", "check-then-act-safe", "Both statements are fast, but a SELECT then UPDATE still has a window; put the version in the UPDATE's WHERE clause instead."},
		// "a Kubernetes CronJob with `concurrencyPolicy: Forbid`:
		// Kubernetes guarantees exactly one execution per schedule"
		{"GG", "run-job-once", "mixed-wrong", "single-replica-guarantee", "A CronJob with concurrencyPolicy Forbid is best effort: Kubernetes can still start a job twice, so the job stays idempotent."},
		// "If a lease expires while we are waiting for the second lock, it
		// is harmless, because we did not write anything yet, so we just
		// continue"
		{"GH", "deadlock-ordering", "mixed-wrong", "work-after-lost-lease", "If a lease expires while we wait for the second lock, someone else may hold the first account now, so we release everything and start over."},
		// "I assume it succeeded and continue"
		{"GH", "extend-lease", "mixed-wrong", "work-after-lost-lease", "If the renewal times out I never assume it succeeded: I stop the work until a renewal is confirmed."},
		// "the key can be simply `customer_id + current date`"
		{"GH", "idempotency-keys", "mixed-wrong", "content-derived-key", "The client generates a random UUID per payment intent and sends it as the key on every retry."},
		// "release it immediately after the job finishes ...; that gives
		// the same once-per-period guarantee"
		{"GH", "run-job-once", "mixed-wrong", "lock-instead-of-constraint", "Record a row per period with a unique constraint; the winner of the insert runs the job."},
		// "because Redlock only counts votes and doesn't depend on clocks"
		{"GI", "redlock-operations-q", "mixed-wrong", "clocks-irrelevant", "Raft's safety doesn't depend on clocks; Redlock's does, so slew the clocks and never step them."},
		// "as long as you always lock the source first and then the
		// destination"
		{"GH", "deadlock-ordering", "confidently-wrong", "lock-order-by-role", "Lock the account with the lower id first, whichever is the source, so every transfer takes the locks in one global order."},
		// "It also protects side effects outside the database, like a call
		// to payment provider"
		{"GH", "row-lock", "mixed-wrong", "lock-across-network-call", "When not: to protect side effects outside the database, such as a call to the payment provider; nothing rolls that back."},
	})
}

// writtenClaim is a blind writer's answer that makes a losing claim, the
// flag that names it, and a rejection of the same claim in nearby words.
type writtenClaim struct{ writer, question, kind, flag, rejection string }

// checkWrittenClaims grades each answer as written: it must fail on its
// flag, and its rejection must not raise it.
func checkWrittenClaims(t *testing.T, cases []writtenClaim) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want a fail on %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection %q raised %s", c.question, c.rejection, c.flag)
		}
	}
}

// TestFixG52Credited: seven correct answers of GH and GI failed for a core
// point said in words the matchers did not know, or for reading as notes;
// each now passes.
func TestFixG52Credited(t *testing.T) {
	checkWrittenPasses(t, [][3]string{
		{"GH", "extend-lease", "rejects-antipattern"},     // "extension does not replace fencing"
		{"GH", "redis-lock-and-failure", "strong-casual"}, // "holder pauses > ttl and still writes"
		{"GH", "run-job-once", "strong-casual"},           // "lock gives "not at the same time", you need "once per period""
		{"GI", "row-lock", "strong-unusual"},              // "the protection stops at the database's front door"
		{"GI", "skip-locked-queue", "strong-unusual"},     // "look past rows that someone else is in the middle of grabbing"
		{"GI", "unfenceable-resource", "strong-unusual"},  // "the identical label ... the provider does the charge once"
		{"GG", "deadlock-ordering", "strong-unusual"},     // the trap, "the claim runs out under your feet"
	})
}

// checkWrittenPasses grades each blind writer's answer (writer, question,
// kind) as written: it must pass.
func checkWrittenPasses(t *testing.T, answers [][3]string) {
	t.Helper()
	b := loadBank(t)
	for _, w := range answers {
		q, _ := b.ByID(w[1])
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, w[0], w[1], w[2])}); !r.Passed {
			t.Errorf("%s %s %s: failed at %.2f, missed %v", w[0], w[1], w[2], r.Score, r.Missed())
		}
	}
}

// TestSpokenClausesAreNoNotes: a casual answer whose claim is cut by commas
// into clauses with a speaker ("lock gives X, you need Y") talks, and is
// graded as speech; a line of terse claims with no speaker, among bare
// fragments, is still a list of terms.
func TestSpokenClausesAreNoNotes(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("run-job-once")
	talk := `not really a lock imo. lock gives "not at the same time", you need "once per period". fast job + release + another pod firing 5s later = runs twice. do a job_runs table with unique (job, period), insert on conflict do nothing, winner runs, row stays. or single scheduler. and make it idempotent bc the winner can die mid-run, exactly once is a myth tbh.`
	if r := b.Grade(q, quiz.Answer{Text: talk}); r.List || !r.Passed {
		t.Errorf("casual answer: list=%v passed=%v (%.2f), want graded as speech and passing", r.List, r.Passed, r.Score)
	}
	w, _ := b.ByID("redis-wait-safe")
	notes := "WAIT = ack count, not sync. returns 0 on timeout, SET not rolled back. ack in memory not fsync. Sentinel may promote other replica. not strong consistency. GC pause > TTL. fencing. etcd/ZK."
	if r := b.Grade(w, quiz.Answer{Text: notes}); !r.List || r.Passed {
		t.Errorf("notes: list=%v passed=%v, want a list of terms that fails", r.List, r.Passed)
	}
}
