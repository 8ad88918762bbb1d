package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG51PassingClean: two correct row-lock answers (GF, g50's fresh
// holdout read as validation for g51, and ES of the tuning set) drew the
// fatal-class "fencing not needed" flag on the database's own fencing:
// "the lock and the data are in the same system, so a zombie holder
// cannot write after losing the lock", and "That's why no fencing token
// is needed" after the sentence saying the writes roll back with the
// lock. The same words of a lock kept apart from the data still raise it.
func TestFixG51PassingClean(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("row-lock")
	for _, w := range [][3]string{{"GF", "row-lock", "strong-full"}, {"ES", "row-lock", "strong-full"}} {
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, w[0], w[1], w[2])}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", w[0], w[1], w[2], r.Passed, r.FlagIDs())
		}
	}
	for _, c := range []struct {
		text string
		flag bool
	}{
		{"A row lock is held by the transaction. The lock and the data are in the same system, so a zombie holder cannot write after losing the lock.", false},
		{"Postgres aborts the transaction of a dead client. Writes under the lock are in the same transaction, so if the holder is \"expired\" its writes roll back. That's why no fencing token is needed: atomicity does the job.", false},
		// the lock in Redis, the data elsewhere: nothing shares a store
		{"We take the lock in Redis with a TTL; a zombie holder cannot write after losing the lock, so no fencing token is needed.", true},
		// a lease that expires on its own clock, not in quotes
		{"The lock is a lease that expired while the holder paused. That's why no fencing token is needed: the holder notices and stops.", true},
	} {
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), "fencing-unneeded"); got != c.flag {
			t.Errorf("%q: flags %v, want fencing-unneeded %v", c.text, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG51Claims: nine losing claims of GD, GE and GF raised no flag
// (eight of those answers passed); each now fails on the flag that names
// it, beside a rejection in nearby words that stays clean.
func TestFixG51Claims(t *testing.T) {
	checkWrittenClaims(t, []writtenClaim{
		// "the lease outlives the pause, so in practice step 1 is only
		// defensive, the TTL is what really protects us"
		{"GD", "etcd-revision-guard", "mixed-wrong", "ttl-as-safety", "The transaction on the create revision is what really protects us; a longer TTL only makes the bad case rarer."},
		// "volatile-ttl: it only touches keys that have a TTL and evicts
		// the ones closest to expiring, so the lock keys are protected"
		{"GE", "redis-early-expiry", "mixed-wrong", "single-node-keeps-keys", "volatile-ttl evicts the keys closest to expiring, and lock keys all have a TTL, so they are the first candidates; use noeviction on a separate instance."},
		// "A GC pause isn't a problem though: the token is checked on
		// release"
		{"GE", "redis-lock-and-failure", "mixed-wrong", "redlock-correctness", "A GC pause is a real problem: the token check on release only stops me deleting someone else's lock, it does not stop my late writes."},
		// "NTP keeps the clocks close enough that all instances always get
		// the same key"
		{"GE", "run-job-once", "mixed-wrong", "timing-as-coordination", "Do not derive the period key from each instance's clock: near the hour boundary two instances can compute different keys."},
		// "So jobs are never lost and never run twice."
		{"GE", "skip-locked-queue", "confidently-wrong", "exactly-once-claim", "Jobs are never lost, but a job can run twice after a crash, so the handler must be idempotent."},
		// "don't release it after a successful payment; keep it for 24
		// hours"
		{"GE", "idempotency-keys", "confidently-wrong", "lock-instead-of-constraint", "Store the idempotency key in a table with a unique constraint, in the same transaction as the payment record."},
		// "a relational database cannot do a read-modify-write atomically"
		{"GF", "avoid-the-lock", "mixed-wrong", "lock-instead-of-constraint", "The database can do the read-modify-write atomically with a conditional UPDATE, so I would not add a Redis lock for balances."},
		// "it is equally sufficient to check that the session.Done()
		// channel has not been closed immediately before issuing a plain
		// Put"
		{"GF", "etcd-revision-guard", "mixed-wrong", "etcd-refuses-expired", "Checking session.Done() right before a plain Put is not enough: the leader can pause between the check and the Put, so the Put goes in a Txn on the create revision."},
		// "payment providers retain idempotency keys permanently"
		{"GF", "unfenceable-resource", "mixed-wrong", "idempotency-key-fences", "Providers keep idempotency keys for a limited window, about 24 hours, so a very late call can still be charged again."},
	})
}

// TestFixG51Credited: ten correct answers of GD, GE and GF failed for a
// core point said in words the matchers did not know (metaphors, a
// heading, a command on a line of its own); each now passes.
func TestFixG51Credited(t *testing.T) {
	checkWrittenPasses(t, [][3]string{
		{"GD", "choose-ttl", "strong-unusual"},             // "leave the door jammed if the owner dies"
		{"GD", "deadlock-ordering", "strong-unusual"},      // "put the first back and try later"
		{"GD", "etcd-revision-guard", "strong-unusual"},    // "its lock entry still exists with the exact birth number"
		{"GF", "etcd-revision-guard", "strong-unusual"},    // "my claim ticket is still on the board with that same creation number"
		{"GD", "extend-lease", "strong-full"},              // "Atomic and owner-checked"
		{"GD", "optimistic-concurrency", "strong-unusual"}, // "each save say which generation it was built on"
		{"GD", "redis-lock-and-failure", "strong-full"},    // "- `SET lock:order:42 <token> NX PX 30000`."
		{"GD", "row-lock", "strong-unusual"},               // "a rollback can't call the bank back"
		{"GF", "design-lock-service-q", "strong-unusual"},  // "a grant only counts once at least three clerks have written it down"
		{"GF", "run-job-once", "strong-unusual"},           // "carries its own 'already given for this month' mark"
	})
}

// TestWholeCommandLineMakesItsPoint: in an answer said in sentences, a
// line that is one command in code says what to run, as a clause does;
// two names in code side by side still only name.
func TestWholeCommandLineMakesItsPoint(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-lock-and-failure")
	lead := "A lock on one Redis node fails in several ways, and I would explain them after the commands. A paused holder can outlive its lease and write after another client took the lock, so the resource must check a fencing token.\n\nAcquire:\n"
	hit := func(text string) bool {
		r := b.Grade(q, quiz.Answer{Text: text})
		for _, p := range r.Points {
			if p.ID == "set-nx-px" {
				return p.Hit
			}
		}
		t.Fatal("no set-nx-px point")
		return false
	}
	if !hit(lead + "- `SET lock:order:42 <token> NX PX 30000`. OK means I hold it.\n") {
		t.Error("a line holding the whole SET ... NX PX command did not make the set-nx-px point")
	}
	if hit(lead + "- `SET` `NX` `PX`.\n") {
		t.Error("three names in code side by side made the set-nx-px point")
	}
}
