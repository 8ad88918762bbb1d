package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g7, points: sentences of our own for each general way a correct
// idea is said that the matchers did not hear, next to close phrasings
// that must stay unmatched (the wrong counterpart, a negation).

// TestAvoidByAssertsTheMeans: in "avoid X by doing Y" only X is avoided;
// the means after "by" is asserted. Without a gerund after "by" (the
// agent of a passive), the negation still reaches it.
func TestAvoidByAssertsTheMeans(t *testing.T) {
	q := conceptQuestion("ephemeral & sequential")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"The recipe avoids the herd by each client creating an ephemeral sequential node.": true,
		"You avoid the stampede by having every waiter make an ephemeral sequential node.": true,
		"We avoided two holders by using ephemeral sequential nodes per client.":           true,
		"Avoid creating ephemeral sequential nodes for this.":                              false,
		"Avoid being blocked by an ephemeral sequential node.":                             false,
	} {
		if got := quiz.Grade(q, quiz.Answer{Text: text}, nil).Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v, want %v", text, got, want)
		}
	}
}

// TestIdempotencyKeyInOtherWords: the caller makes up a name for one
// operation and attaches it to every resend, or the receiver treats the
// repeats as one; a key the server makes up per request is not it.
func TestIdempotencyKeyInOtherWords(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"idempotency-keys", "client-key", "The phone makes up a reference for the purchase and includes it on each retry.", true},
		{"idempotency-keys", "client-key", "Each checkout gets a label the browser chooses, and that label rides along on all resends.", true},
		{"idempotency-keys", "client-key", "The client attaches the same request identifier to every attempt.", true},
		{"idempotency-keys", "client-key", "The server makes up a new id for each request it receives.", false},
		{"idempotency-keys", "replay-response", "A duplicate just receives the reply we gave the first time.", true},
		{"idempotency-keys", "replay-response", "A repeat is handed back the original outcome instead of a new charge.", true},
		{"idempotency-keys", "replay-response", "A repeat is charged again.", false},
		{"idempotency-keys", "external-progress", "The same reference goes on to the card processor, which recognises it.", true},
		{"unfenceable-resource", "idempotency-key", "Then the bank counts the old holder's call and the new holder's call as one payment.", true},
		{"unfenceable-resource", "idempotency-key", "Give the transfer a reference that comes from the invoice, not from the lock holder.", true},
		{"unfenceable-resource", "idempotency-key", "The bank counts every call it gets.", false},
	} {
		q, _ := b.ByID(c.question)
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}

// TestStaleSaveToldAndReconciled: the stale save is told it is out of
// date and its author reloads, merges or redoes it.
func TestStaleSaveToldAndReconciled(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"optimistic-concurrency", "zero-rows-retry", "The server replies that your copy is out of date, so you fetch it again.", true},
		{"optimistic-concurrency", "zero-rows-retry", "Show both versions and let the user merge the changes.", true},
		{"optimistic-concurrency", "zero-rows-retry", "The app reloads the newest version and reapplies the edit.", true},
		{"optimistic-concurrency", "zero-rows-retry", "The server returns the document to the user.", false},
		{"optimistic-concurrency", "zero-rows-retry", "We never merge the changes.", false},
		{"optimistic-concurrency", "no-lease", "Nobody holds anything while the user is typing.", true},
		{"optimistic-concurrency", "contention", "It is cheap as long as collisions are rare.", true},
		{"optimistic-concurrency", "lost-update", "The second save would silently replace the first person's edits.", true},
		{"optimistic-concurrency", "lost-update", "The second save is refused instead of wiping the first person's edits.", false},
	} {
		q, _ := b.ByID(c.question)
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}

// TestAListOfTermsDoesNotPass: an answer that is mostly a list of terms
// is told a list earns no points; the terse lines among its items
// ("fencing token (monotonic, from the raft index).") may tick core
// points but cannot carry it over the pass mark. The same content said
// in sentences passes.
func TestAListOfTermsDoesNotPass(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("design-lock-service-q")
	for text, want := range map[string]bool{
		"Raft, 3/5 nodes, fsync, linearizable. fencing token (monotonic, from the raft index). sessions, leases, keepalive. watches, FIFO waiters, herd. sharding, namespaces, quotas, coarse-grained.": false,
		"Fencing: tokens from the raft index, monotonic. Sessions, leases, keepalives, heartbeats. Watches, FIFO waiters, herd effect. Sharding, quotas, namespaces, admin API.":                        false,
		"The lock state lives in a Raft group, and every grant returns a fencing token taken from the raft index, which only grows. Sessions hold leases kept alive by heartbeats.":                     true,
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if r.Passed != want {
			t.Errorf("%q: passed=%v (score %.2f), want %v", text, r.Passed, r.Score, want)
		}
		if !want && r.Score >= quiz.PassMark {
			t.Errorf("%q: score %.2f at or above the pass mark", text, r.Score)
		}
	}
}

// TestMorePlainParaphrasesOfCorePoints: the set-if-absent acquire said
// as "only if nothing is there", a random ticket, asynchronous
// replication said as fire-and-forget or as a promotion that erases
// the claim (concept %async-loss), a transaction's precondition, a
// repeat that overwrites instead of duplicating (concept %idempotent),
// a late instance repeating the run after the release, and a run dying
// half-way.
func TestMorePlainParaphrasesOfCorePoints(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"redis-lock-and-failure", "set-nx-px", "Write a random nonce under the key only if nothing is there, and let it expire after 30 seconds.", true},
		{"redis-lock-and-failure", "set-nx-px", "One SET that only succeeds when the name is unclaimed and carries a 10 second timer.", true},
		{"redis-lock-and-failure", "set-nx-px", "Create the key, then give it a TTL in a second call.", false},
		{"redis-lock-and-failure", "unique-value", "The value is a random ticket that only this holder knows.", true},
		{"redis-lock-and-failure", "failover", "After the master crashes and a replica is promoted, the lock can vanish.", true},
		{"redis-lock-and-failure", "failover", "Replication to the standby is fire-and-forget.", true},
		{"redis-vs-consensus", "redis-async", "A crash right after the write followed by a promotion can erase the claim.", true},
		{"redis-lock-and-failure", "fencing", "Redis hands out nothing numbered that the database could check.", true},
		{"etcd-revision-guard", "txn-compare", "Each write goes in a transaction whose precondition is that my key still exists.", true},
		{"etcd-revision-guard", "txn-compare", "Each write goes in its own transaction.", false},
		{"run-job-once", "idempotent", "A second attempt overwrites instead of duplicating.", true},
		{"run-job-once", "idempotent", "The retry upserts the same rows, so nothing is doubled.", true},
		{"run-job-once", "idempotent", "The job's writes are keyed by the period.", true},
		{"run-job-once", "idempotent", "A second attempt duplicates the rows.", false},
		{"skip-locked-queue", "idempotent-handler", "A redelivered job overwrites its rows instead of duplicating them.", true},
		{"run-job-once", "lock-not-enough", "A lock stops overlapping runs, but once the first instance releases, a late one can take it and repeat the work.", true},
		{"run-job-once", "lock-not-enough", "The late instance waits until the lock is released and then runs the next period.", false},
		{"run-job-once", "crash-midway", "If it dies half-way, another instance retries the run.", true},
	} {
		q, _ := b.ByID(c.question)
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}

// TestParaphrasesFromTheThirdRead: the same result however many times it
// runs (%idempotent), a lease that can always run out under a frozen
// holder (%paused-past-lease), the row protecting itself, a duplicate
// that only wastes cycles, how long the work really takes, topping the
// lease up, no voting on a shared log, and a save accepted only while
// the document is still at the version read.
func TestParaphrasesFromTheThirdRead(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"avoid-the-lock", "idempotent", "Running it any number of times leaves the same end state.", true},
		{"run-job-once", "idempotent", "The report gives the same result however many times it runs.", true},
		{"avoid-the-lock", "idempotent", "It gives a different result each time it runs.", false},
		{"choose-ttl", "no-safe-value", "The lease can always run out while the process is stalled.", true},
		{"redis-lock-and-failure", "pause-expiry", "At any point the TTL can expire under a worker frozen by GC.", true},
		{"choose-ttl", "no-safe-value", "The lease runs out after thirty seconds.", false},
		{"avoid-the-lock", "constraint", "Let the table protect itself with a version check on the update.", true},
		{"avoid-the-lock", "constraint", "The database can do it in a single statement.", true},
		{"avoid-the-lock", "efficiency-only", "A second copy running is merely wasted compute, no damage.", true},
		{"avoid-the-lock", "efficiency-only", "A second copy running double-charges the customer.", false},
		{"choose-ttl", "measure", "Look at how long the job and its worst stalls really take in production.", true},
		{"choose-ttl", "heartbeat", "The owner keeps topping up the lease every ten seconds.", true},
		{"redis-wait-safe", "not-consensus", "There is no voting on a shared log as in etcd.", true},
		{"redis-wait-safe", "not-consensus", "The replicas vote on a shared log.", false},
		{"optimistic-concurrency", "version-column", "The server only takes the save when the row is still at the revision the editor loaded.", true},
		{"optimistic-concurrency", "version-column", "The server takes every save.", false},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}

// TestRowLockAndLockCostInOtherWords: a row lock serialising every app
// server ("the others wait"), a dead holder's changes thrown out, a lock
// kept only to spare redundant work, a lock as a second source of truth.
func TestRowLockAndLockCostInOtherWords(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"row-lock", "yes-within-db", "Whichever pod gets there first wins and the others wait on the row.", true},
		{"row-lock", "yes-within-db", "All the app servers queue up on that row.", true},
		{"row-lock", "yes-within-db", "Only the first pod ever reads the row.", false},
		{"row-lock", "connection-death", "If the process is killed mid-transaction, its changes are thrown out.", true},
		{"row-lock", "connection-death", "A stale holder's writes can never commit.", true},
		{"row-lock", "connection-death", "If the process is killed, its changes stay in the table.", false},
		{"avoid-the-lock", "efficiency-only", "Keep a lock only to spare redundant processing.", true},
		{"avoid-the-lock", "lock-cost", "The lock is one more source of truth that can drift from the data.", true},
		{"avoid-the-lock", "lock-cost", "The lock is the source of truth.", false},
	} {
		q, _ := b.ByID(c.question)
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}
