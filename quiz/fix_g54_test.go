package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFixG54PassingClean: five correct answers of GM and GN (g53's fresh
// holdout, read as validation for g54) drew a flag. Each now passes with
// no flag, and the plain claim in nearby words still raises it.
func TestFixG54PassingClean(t *testing.T) {
	b := loadBank(t)
	for _, w := range [][3]string{
		// "A lease-based lock guarantees exclusion only if the holder is
		// actually running when its lease expires" (ttl-as-safety)
		{"GM", "fencing-token", "strong-full"},
		// "Locks are for avoiding duplicate expensive work": "avoid" is the
		// pattern's own word, so the work it governs is asserted
		// (lock-instead-of-constraint)
		{"GN", "avoid-the-lock", "refutes-quote"},
		// "a few hundred ms of skew is enough for two holders"
		// (fencing-unneeded)
		{"GN", "design-lock-service-q", "refutes-quote"},
		// "the database makes the call atomically"
		// (lock-across-network-call)
		{"GN", "optimistic-concurrency", "refutes-quote"},
		// "SET lock:name <random-token> NX PX 30000; you hold it if the
		// reply is OK" (random-fencing-token)
		{"GN", "redis-lock-and-failure", "strong-concise"},
	} {
		q, _ := b.ByID(w[1])
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, w[0], w[1], w[2])}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", w[0], w[1], w[2], r.Passed, r.FlagIDs())
		}
	}
	checkFlagCases(t, []flagCase{
		{"plain claim", "fencing-token", "ttl-as-safety", "The lease guarantees exclusion: when it expires the holder is gone, so nobody else can write meanwhile.", true},
		{"plain claim", "avoid-the-lock", "lock-instead-of-constraint", "A Redis lock per order prevents duplicate rows, so we can drop the unique index.", true},
		{"plain claim", "design-lock-service-q", "fencing-unneeded", "NTP is enough to keep the clients in sync, so they can compare the expiry with their own clock.", true},
		{"plain claim", "redis-lock-and-failure", "random-fencing-token", "The random value of the lock is fine as a fencing token, since it is unique.", true},
		{"plain claim", "optimistic-concurrency", "lock-across-network-call", "Under the lock the API call and the database write are effectively atomic.", true},
	})
}

// TestFixG54OtherSense: the words of a claim taken in another sense raise
// nothing, the same words making the claim still do.
func TestFixG54OtherSense(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"an upper-case OK after a reply is the server's answer", "redis-lock-and-failure", "random-fencing-token", "Take it with SET lock <random token> NX PX 30000 and you hold it if the reply is OK.", false},
		{"ok as approval", "redis-lock-and-failure", "random-fencing-token", "A random token is ok as a fencing token, nobody can guess it.", true},
		{"to make the call is to decide", "optimistic-concurrency", "lock-across-network-call", "Save with UPDATE ... WHERE version = $loaded; the database makes the call atomically and a zero-row result is a conflict.", false},
		{"enough for a harm says how little it takes", "design-lock-service-q", "fencing-unneeded", "NTP can step clocks, and a few hundred milliseconds of skew is enough for two holders.", false},
	})
}

// TestFixG54Claims: four losing claims of GM, GN and GO raised no flag
// (three of those answers passed); each now fails on a flag that names
// it, beside a rejection in nearby words that stays clean.
func TestFixG54Claims(t *testing.T) {
	checkWrittenClaims(t, []writtenClaim{
		// "set claimed_at from the worker (claimed_at = $now, using the app
		// server's clock)"; the same claim of tuning writer CO now fails
		// too
		{"GM", "holder-id-guard", "mixed-wrong", "wall-clock", "Never set claimed_at using the worker's clock: take now() from the database, one clock for every claim."},
		// "let any replica accept acquire requests locally and reconcile
		// with the others asynchronously"
		{"GN", "design-lock-service-q", "mixed-wrong", "follower-grants-locally", "No replica may grant a lock locally and reconcile later; every grant goes through the leader and a majority."},
		// "reload the record, compare its updated_at ... and call save if
		// they're equal"
		{"GN", "optimistic-concurrency", "confidently-wrong", "check-then-act-safe", "Do not reload the record, compare and then save if they're equal: another save lands in between; put the version in the UPDATE's WHERE."},
		// under "About partial failures:", "since we hold both locks ...
		// the locks already make it atomic": a heading naming the topic,
		// then the speaker's own design
		{"GO", "deadlock-ordering", "mixed-wrong", "locks-make-atomic", "About partial failures: the locks do not make the two updates atomic, so I run them in one transaction."},
	})
}

// TestFixG54Credited: eleven correct answers of GM, GN and GO failed for a
// core point said in words the matchers did not know; each now passes.
// The same words credit five answers of tuning writers (BM, BT, BV, CU,
// EI) that had failed the same way.
func TestFixG54Credited(t *testing.T) {
	checkWrittenPasses(t, [][3]string{
		{"GM", "deadlock-ordering", "strong-unusual"},    // "smallest account number first"
		{"GO", "deadlock-ordering", "strong-unusual"},    // "agree on one way to walk the accounts"
		{"GM", "idempotency-keys", "strong-unusual"},     // "the phone names the payment once and keeps using that name"
		{"GM", "outbox-pattern", "strong-unusual"},       // an "outgoing" tray "part of the same database write"
		{"GM", "redlock-operations-q", "strong-unusual"}, // "clocks ticking at different speeds"
		{"GN", "etcd-revision-guard", "strong-casual"},   // "etcd just says nope"
		{"GN", "row-lock", "strong-unusual"},             // "I wouldn't lean on it to stop an outside side effect"
		{"GN", "row-lock", "refutes-quote"},              // "not as a mutex around external calls"
		{"GN", "run-job-once", "refutes-quote"},          // "another instance runs the same period again"
		{"GN", "skip-locked-queue", "strong-unusual"},    // "a janitor hands back any job whose worker has gone quiet"
		{"GN", "unfenceable-resource", "strong-casual"},  // "that stops most zombies"
	})
}

// TestFixG54TuningWriters: GT and GU, written blind for tuning during g54,
// met the grader as any new writer would. A keyword list cut by
// semicolons, each term with a bracket of notes, passed at 70 %; two
// correct answers drew a flag; four losing claims passed unflagged. Each
// is now graded as its writer labelled it.
func TestFixG54TuningWriters(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("unfenceable-resource")
	if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "GT", "unfenceable-resource", "keyword-salad")}); r.Passed || !r.List {
		t.Errorf("GT's semicolon keyword list: passed=%v list=%v, want a list that fails", r.Passed, r.List)
	}
	checkWrittenPasses(t, [][3]string{
		{"GT", "design-lock-service-q", "refutes-quote"}, // "both sides would grant the same lock" is the harm told
		{"GU", "idempotency-keys", "refutes-quote"},      // a key "generated on the device ... and reused on every retry, stored server-side"
	})
	checkWrittenClaims(t, []writtenClaim{
		{"GT", "avoid-the-lock", "mixed-wrong", "fencing-unneeded", "Even with renewals a paused holder can write late, so the resource still needs a check of its own."},
		{"GT", "etcd-revision-guard", "mixed-wrong", "check-then-act-safe", "A Get and then a Put are two calls, so they are not atomic even though etcd is linearizable; put the compare in one Txn."},
		{"GT", "holder-id-guard", "mixed-wrong", "check-then-act-safe", "Checking claim_seq in the application and then writing in a separate transaction races: put the check in each write's WHERE."},
		{"GT", "redis-wait-safe", "mixed-wrong", "wait-makes-safe", "Even when WAIT returns 1 the lock is not safe: the acknowledged replica may not be the one promoted."},
	})
}

// TestFixG54TuningWriterGS: GS, written blind for tuning during g54 and
// measured on arrival by main 518e248 (256/264 verdicts, 2 passing
// answers flagged, 44/48 claims), as its writer labelled it: two correct
// answers drew a flag, two failed for a point said in other words, and
// four losing claims went unflagged (two of those answers passed).
func TestFixG54TuningWriterGS(t *testing.T) {
	checkWrittenPasses(t, [][3]string{
		{"GS", "choose-ttl", "strong-concise"},            // "the worst realistic gap the holder needs between acquiring and finishing"
		{"GS", "optimistic-concurrency", "refutes-quote"}, // "nobody else can edit; ... never releases unless you add expiry" is the harm
		{"GS", "holder-id-guard", "rejects-antipattern"},  // "add lease_no, increment it on every claim"
		{"GS", "redlock-operations-q", "strong-unusual"},  // "a box that crashes stays dark until every lease it might have known about is dead"
	})
	checkWrittenClaims(t, []writtenClaim{
		{"GS", "choose-ttl", "mixed-wrong", "fencing-unneeded", "No buffer lets you skip the protection on the write side: a pause can outlast any TTL."},
		{"GS", "fencing-token", "mixed-wrong", "volatile-token-counter", "A token counter kept in memory must never start again from 1 after a restart, or old holders win; persist it."},
		{"GS", "redlock-operations-q", "mixed-wrong", "ttl-as-safety", "A five-minute TTL does not make Redlock safe enough for payments: a pause can still outlast it."},
		{"GS", "row-lock", "mixed-wrong", "row-lock-scope-wrong", "The row lock is released at commit, so it cannot cover a later request; use a status column for the checkout flow."},
	})
}
