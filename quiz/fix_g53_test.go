package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG53PassingClean: five correct answers of GJ, GK and GL (g52's
// fresh holdout, read as validation for g53) drew a flag, one of them
// fatal. Each now passes with no flag, and the plain claim in nearby words
// still raises it.
func TestFixG53PassingClean(t *testing.T) {
	b := loadBank(t)
	for _, w := range [][3]string{
		// "check GC/VM pauses and renewal failures on first worker": a
		// lock with a renewal is a lease (mutex-no-lease, fatal)
		{"GJ", "two-holders", "refutes-quote"},
		// "Release wakes only the next one": the predecessor watch
		{"GJ", "zookeeper-lock-recipe", "refutes-quote"},
		// "app should make a uuid when the user taps pay and send it as
		// Idempotency-Key on every retry"
		{"GK", "idempotency-keys", "strong-casual"},
		// `INSERT INTO outbox(..., created_at) VALUES (..., now())`
		{"GK", "outbox-pattern", "strong-full"},
		// "the data side should check the counter, since a frozen client
		// fools both"
		{"GL", "redis-vs-consensus", "strong-unusual"},
	} {
		q, _ := b.ByID(w[1])
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, w[0], w[1], w[2])}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", w[0], w[1], w[2], r.Passed, r.FlagIDs())
		}
	}
	for _, c := range []struct {
		question, flag, text string
	}{
		{"two-holders", "mutex-no-lease", "We take the lock with SET NX and the holder deletes it when it is done; it is a simple mutex."},
		{"zookeeper-lock-recipe", "zk-recipe-wrong", "ZooKeeper wakes only one of the waiting clients when the lock is released, so there is no herd."},
		{"idempotency-keys", "fresh-idempotency-key", "The app generates a new idempotency key for every retry, so each request is unique."},
		{"outbox-pattern", "wall-clock", "Consumers order the events by their wall-clock timestamp, so the latest write wins."},
		{"redis-vs-consensus", "redlock-correctness", "etcd is consensus, so even a GC pause never leaves two owners."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %v, want %s", c.question, c.text, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG53Claims: fourteen losing claims of GJ, GK and GL raised no flag
// (nine of those answers passed); each now fails on a flag that names it,
// beside a rejection in nearby words that stays clean.
func TestFixG53Claims(t *testing.T) {
	checkWrittenClaims(t, []writtenClaim{
		// "probability that two updates come in same millisecond is tiny,
		// so overwrite practically never happens"
		{"GJ", "avoid-the-lock", "confidently-wrong", "race-odds-dismissed", "The probability that two updates land in the same millisecond is small, but over millions of requests it happens, so use an atomic increment."},
		// "lock without expiry ... it can never expire under the holder,
		// so this is the safest option"
		{"GJ", "choose-ttl", "mixed-wrong", "ttl-as-safety", "A lock with no expiry can never expire under the holder, but a crashed holder keeps it forever."},
		// "GC pause in Go can never be that long, so leader cannot be
		// deposed by pause and plain Put is fine"
		{"GJ", "etcd-revision-guard", "mixed-wrong", "ttl-as-safety", "People assume a GC pause can never be that long, so a leader cannot be deposed; that is the mistake."},
		// "So the check is on client side, that keeps storage simple."
		{"GJ", "fencing-in-real-systems", "mixed-wrong", "client-side-fencing", "The check must happen at the storage, which keeps the highest token and rejects lower ones."},
		// "after restart Redis loads the snapshot, so lock keys come back
		// and nothing is lost", a fix under "Causes:"
		{"GJ", "redis-early-expiry", "mixed-wrong", "single-node-keeps-keys", "An RDB snapshot is minutes old, so after a restart lock keys taken since the last snapshot are missing."},
		// "Correct way is `WAIT <number of all replicas> 100` and check
		// returned count equals all replicas - then ... the lock is fully
		// safe across failover"
		{"GJ", "redis-wait-safe", "mixed-wrong", "replication-keeps-lock", "Even WAIT on all replicas is not consensus: a failover can still promote a replica that lost the lock, so fence the writes."},
		// "pass the lock's random value to storage as fencing token"
		{"GJ", "redlock-operations-q", "mixed-wrong", "random-fencing-token", "The lock's random value cannot serve as a fencing token: it has no order, so the storage cannot tell old from new."},
		// "it recreates my ephemeral node with same sequence number, so I
		// get the lock back automatically"
		{"GJ", "session-suspended", "mixed-wrong", "work-after-lost-lease", "On LOST the lock is gone: stop, and acquire it again from scratch before touching the resource."},
		// "A pause longer than 5 minutes doesn't happen in real JVM, so
		// holder can't outlive the lease"
		{"GJ", "unfenceable-resource", "confidently-wrong", "ttl-as-safety", "A long lease makes a pause past it rarer, but a holder can still outlive it, so make the payment call idempotent."},
		// "the API call is rolled back with it"
		{"GK", "row-lock", "mixed-wrong", "lock-across-network-call", "A rollback undoes only the database's writes; a payment call made inside the transaction is not rolled back."},
		// "Curator guarantees that RECONNECTED means the same session
		// survived"
		{"GK", "session-suspended", "mixed-wrong", "work-through-suspended", "After RECONNECTED check whether the session survived before resuming; it may have expired while we were away."},
		// "the etcd Go client cancels the session context as soon as the
		// process stalls"
		{"GL", "etcd-revision-guard", "mixed-wrong", "etcd-refuses-expired", "A stalled process cannot cancel anything; the session is only seen as lost after the pause, so guard the Put with a transaction."},
		// "AOF with appendfsync everysec is enough; ... so it can rejoin
		// right away"
		{"GL", "redlock-operations-q", "mixed-wrong", "redlock-replicas-or-no-persistence", "With appendfsync everysec a crash can lose a second of locks, so a restarted node must wait out the longest TTL before it rejoins."},
		// "I would generate a fresh key each time the lock is acquired"
		{"GL", "unfenceable-resource", "mixed-wrong", "fresh-idempotency-key", "Use one idempotency key per payment, reused by whoever holds the lock, so the provider charges once."},
	})
}

// TestFixG53Credited: eight correct answers of GJ, GK and GL failed for a
// core point said in words the matchers did not know; each now passes.
func TestFixG53Credited(t *testing.T) {
	checkWrittenPasses(t, [][3]string{
		{"GJ", "deadlock-ordering", "strong-casual"},     // "each grabs its first lock, both stuck"
		{"GK", "deadlock-ordering", "strong-unusual"},    // "one holds account A and wants B, ... and nobody moves"
		{"GJ", "redis-wait-safe", "strong-unusual"},      // "WAIT only means "hold my client until at least one copy has heard""
		{"GK", "redis-wait-safe", "strong-unusual"},      // "Redis answers with a count"
		{"GK", "holder-id-guard", "rejects-antipattern"}, // "checks who owns the job, not which claim you are"
		{"GL", "run-job-once", "strong-unusual"},         // "a job that lands in the same place if it is done one and a half times"
		{"GL", "run-job-once", "strong-casual"},          // "lock + delete after finishing doesn't work, a late instance just runs it again"
		{"GL", "skip-locked-queue", "strong-unusual"},    // "if it dies, the time passes, and the next worker ... will get that job"
	})
}

// TestFixUnderCausesIsClaimed: under a header of causes, an item that
// labels its cause and goes on with a fix after the colon says what the
// speaker would do, and what the speaker says the fix achieves is their
// claim (it had read as one more cause named).
func TestFixUnderCausesIsClaimed(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-early-expiry")
	fix := "Causes:\n1. Eviction under maxmemory -> set noeviction.\n2. Restart: enable RDB snapshots every 5 minutes; after restart Redis loads the snapshot, so lock keys come back and nothing is lost."
	if r := b.Grade(q, quiz.Answer{Text: fix}); !slices.Contains(r.FlagIDs(), "single-node-keeps-keys") {
		t.Errorf("the fix after the label raised %v, want single-node-keeps-keys", r.FlagIDs())
	}
}

// TestCheckInPrescribedWayIsAStep: a check that is a step of the way the
// speaker prescribes ("Correct way is X and check Y - then ...") is part
// of the design, so what the speaker says follows from it is claimed; the
// same check as a probe ("check whether ...") of a debugging session is
// not.
func TestCheckInPrescribedWayIsAStep(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-wait-safe")
	step := "Correct way is `WAIT 2 100` and check returned count equals all replicas - then every replica has the lock, whichever is promoted has it, and the lock is fully safe across failover."
	if r := b.Grade(q, quiz.Answer{Text: step}); r.Passed || len(r.Flags) == 0 {
		t.Errorf("the prescribed step passed=%v with flags %v, want a flag for the failover claim", r.Passed, r.FlagIDs())
	}
}

// TestBracketThatDescribesItsWord: an aside in brackets that says what the
// word before it is ("our existing Redis (default config, it's just a
// cache box)"), or that is a preposition's object ("a hash of
// (customer_id, amount, current minute)"), joins that word in a match as
// a short gloss does; a claim of its own in brackets, away from the word
// it would join, still does not (QA-52b #060, #032: both answers raised
// nothing, or the less precise flag).
func TestBracketThatDescribesItsWord(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("idempotency-keys")
	for _, c := range []struct{ text, want, not string }{
		{"The server records the key before doing the work: SET idem:<key> pending NX EX 86400 in our existing Redis (default config, it's just a cache box), and if the key exists it returns the stored response.", "volatile-idempotency-keys", ""},
		{"The server computes the key as a hash of (customer_id, amount, current minute), so two identical requests within the same minute map to the same key.", "content-derived-key", "fresh-idempotency-key"},
	} {
		ids := b.Grade(q, quiz.Answer{Text: c.text}).FlagIDs()
		if !slices.Contains(ids, c.want) {
			t.Errorf("%q raised %v, want %s", c.text, ids, c.want)
		}
		if c.not != "" && slices.Contains(ids, c.not) {
			t.Errorf("%q raised %s beside the precise %s", c.text, c.not, c.want)
		}
	}
	// the client's own key, with an aside about the store that is no
	// description of it
	clean := "The client sends one idempotency key per payment (a UUID it keeps across retries), and the server stores it in PostgreSQL under a unique constraint in the same transaction as the charge."
	if ids := b.Grade(q, quiz.Answer{Text: clean}).FlagIDs(); len(ids) > 0 {
		t.Errorf("a correct answer with an aside raised %v", ids)
	}
}
