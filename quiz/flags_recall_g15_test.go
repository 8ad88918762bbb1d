package quiz_test

import "testing"

// The tests in this file hold the families of losing claims that passed
// unflagged inside otherwise good answers of the blind writers under g14
// (validation writers AP and AQ, and the same claims among the tuning
// writers AK and AL): one dangerous claim in a strong answer. Each family
// is written in several wordings of our own; beside it stand near-misses
// that must not flag (the correct counterpart, the claim denied, rejected
// or narrowed). The first case of a family is the one that regressed;
// none of the sentences is a corpus answer.

// TestRandomValueAsTokenG15 holds the lock's random value called a
// fencing token, or used as one, in a sentence that denies something else
// (what Redlock cannot do, a value that "does not match").
func TestRandomValueAsTokenG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the random value in each key is a fencing token", "fencing-in-real-systems", "random-fencing-token",
			"Redlock fits here too: the random value each client writes into the key is a fencing token, because the storage can compare it and refuse a client whose value does not match.", true},
		{"pauses it cannot handle, so the random value as our token", "redlock-operations-q", "random-fencing-token",
			"Pauses are the one thing it cannot handle, so we fence: we use the lock's random value as our fencing token and the store rejects a write whose value is not the last one.", true},
		{"what it cannot do, so the random value as the token", "redlock-operations-q", "random-fencing-token",
			"What it cannot do is survive a client pausing after the grant, so we need fencing, and we simply use the random lock value as the fencing token, with the database refusing a write whose value differs.", true},
		{"the token can just be a UUID per grant", "fencing-token", "random-fencing-token",
			"The token can just be a UUID made for each grant; since no two are alike, the database can tell a stale holder apart.", true},

		{"near-miss: a rejecting cleft, then a consequence drawn", "redlock-operations-q", "random-fencing-token",
			"What I'd reject is using the random lock value as the fencing token, so we keep a counter in the database instead.", false},
		{"near-miss: the random value is no fencing token", "redlock-operations-q", "random-fencing-token",
			"The random value is not a fencing token: it isn't ordered, so the resource cannot tell an old holder from a new one.", false},
		{"near-miss: treating it as one is a mistake", "redlock-operations-q", "random-fencing-token",
			"Treating the random lock value as a fencing token is a mistake, because it carries no order.", false},
		{"near-miss: the value is different from a fencing token", "redlock-operations-q", "random-fencing-token",
			"The random lock value is different from a fencing token, so use a counter.", false},
		{"near-miss: a counter's number, not a UUID", "fencing-token", "random-fencing-token",
			"The token can be a number from a counter in etcd; a random UUID would not do, since the resource needs to tell newer from older.", false},
		{"near-miss: the lock's own token for the release", "extend-lease", "random-fencing-token",
			"The lock's token can be a random UUID, so the release script only deletes our own key.", false},
	})
}

// TestEtcdGuardRedundantG15 holds the Txn guard called a redundant extra
// (belt and braces, a nicer error) and etcd said to refuse every write of
// a client whose lease expired.
func TestEtcdGuardRedundantG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"etcd refuses any Put of an expired session; the Txn a nicer error", "etcd-revision-guard", "etcd-refuses-expired",
			"Strictly the Txn is extra, because etcd already refuses any Put from a client whose session lease has expired; the transaction only gives a clearer error.", true},
		{"the Txn just belt and braces after a session check", "etcd-revision-guard", "etcd-refuses-expired",
			"The Txn is just belt and braces here, because the session check before each Put already tells us we lead.", true},
		{"the session check makes the transaction redundant", "etcd-revision-guard", "etcd-refuses-expired",
			"We check session.Done() before writing, which makes the transaction redundant.", true},
		{"etcd refuses every write of an expired lease", "etcd-revision-guard", "etcd-refuses-expired",
			"etcd refuses every write from a client whose lease has expired, so the guard is only there for a nicer error.", true},

		{"near-miss: the Txn is not belt and braces", "etcd-revision-guard", "etcd-refuses-expired",
			"The Txn is not belt and braces: a session check before the Put leaves a gap a pause can fall into.", false},
		{"near-miss: etcd does not refuse a plain Put", "etcd-revision-guard", "etcd-refuses-expired",
			"etcd does not refuse a plain Put from a client whose lease expired; only the transaction's compare on the create revision does.", false},
		{"near-miss: a Put attaching an expired lease is refused", "etcd-revision-guard", "etcd-refuses-expired",
			"A Put that attaches an expired lease ID is refused by etcd, but a plain Put from the same client goes through, so we guard with the Txn.", false},
		{"near-miss: the compare fails and etcd refuses the write", "etcd-revision-guard", "etcd-refuses-expired",
			"The leader's key is deleted when its lease expires, so the compare fails and etcd refuses the write in the same atomic step.", false},
	})
}

// TestEpochReadOnceG15 holds one read of the epoch at the start followed
// by writes without a guard, and the per-write recheck called wasteful.
func TestEpochReadOnceG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"one SELECT at the start, then writes without guards", "holder-id-guard", "fence-checked-once",
			"Add a claim_epoch bumped by every claim. At the start of the job, run one SELECT of the epoch, and when it matches, go ahead with the writes without guards.", true},
		{"compare at the start of each step, then no WHERE guard", "holder-id-guard", "fence-checked-once",
			"The worker compares the epoch it reads at the start of each step and then does its writes without any WHERE guard, which keeps the SQL short.", true},
		{"checking again in each write wasteful", "holder-id-guard", "fence-checked-once",
			"Checking the epoch again in each write is wasteful, so the job does it once.", true},
		{"checking in every write wasteful", "holder-id-guard", "fence-checked-once",
			"Checking the epoch in every write is wasteful; one SELECT at the beginning and then unguarded writes are fine.", true},

		{"near-miss: rechecking per write is not wasteful", "holder-id-guard", "fence-checked-once",
			"Re-checking the epoch on every write is not wasteful: a pause can fall between a check at the start and any later write.", false},
		{"near-miss: one check at the start is not enough", "holder-id-guard", "fence-checked-once",
			"A single check at the start is not enough: every write carries the epoch in its WHERE clause.", false},
	})
}

// TestShorterIntervalAsSafetyG15 holds a shorter reclaim interval or lease
// sold as what stops a paused worker outliving its claim.
func TestShorterIntervalAsSafetyG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a window that short: no longer outlive the claim", "holder-id-guard", "ttl-as-safety",
			"Add a claim_epoch bumped by every claim and checked in each write. We should also shorten the reclaim interval to thirty seconds: with a window that short, a paused worker can no longer outlive its claim.", true},
		{"shortening the interval means no outliving", "holder-id-guard", "ttl-as-safety",
			"Shortening the reclaim interval to thirty seconds means a paused worker can no longer outlive its claim.", true},

		{"near-miss: a shorter interval does not mean that", "holder-id-guard", "ttl-as-safety",
			"A shorter reclaim interval doesn't mean a paused worker can no longer outlive its claim; a pause can last longer than any interval.", false},
		{"near-miss: shortening cannot stop it", "holder-id-guard", "ttl-as-safety",
			"Shortening the reclaim interval cannot stop a paused worker from outliving its claim: only the epoch in the WHERE clause does.", false},
	})
}

// TestExpiryRollsBackG15 holds a lock's expiry said to undo the partial
// transfer, also after a header that waves the failure off ("Partial
// failure is less of a concern: ...").
func TestExpiryRollsBackG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"after a waved-off header, the lock service rolls back", "deadlock-ordering", "release-rolls-back",
			lockFirst + "Partial failure is less of a concern: if the worker dies after the debit, the lease expires and the lock service rolls back the unfinished debit.", true},
		{"the lock expires and the lock service rolls back", "deadlock-ordering", "release-rolls-back",
			lockFirst + "If the worker dies after the debit, its lock expires and the lock service rolls back the debit.", true},
		{"the half-done transfer undone when the lease lapses", "deadlock-ordering", "release-rolls-back",
			lockFirst + "When the lease lapses, the half-done transfer is undone with it.", true},
		{"crashes less of a concern: the partial debit undone", "deadlock-ordering", "release-rolls-back",
			lockFirst + "Crashes are less of a concern: when the lease expires the lock service undoes the partial debit.", true},

		{"near-miss: expiry does not roll back", "deadlock-ordering", "release-rolls-back",
			lockFirst + "A lock expiring does not roll back the debit: only a database transaction makes the two writes all or nothing.", false},
		{"near-miss: the database rolls back its transaction", "deadlock-ordering", "release-rolls-back",
			lockFirst + "If the process dies mid-transaction, the database rolls back the open transaction and the lock expires on its own.", false},
		{"near-miss: a header naming the risk", "deadlock-ordering", "release-rolls-back",
			lockFirst + "Partial failure is the risk: the lock service rolls back the debit.", false},
		{"near-miss: a header of failure modes", "deadlock-ordering", "release-rolls-back",
			lockFirst + "Two failure modes: the lock service rolls back the debit; the lock never expires.", false},
	})
}

// TestSeparateCheckEnoughG15 holds a separate check and insert (or update)
// called enough, the race waved off because the two statements run back to
// back or two retries never arrive together.
func TestSeparateCheckEnoughG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"check-then-insert enough", "idempotency-keys", "check-then-act-safe",
			"That check-then-insert is enough, since two retries won't arrive at the same moment in practice.", true},
		{"realistically never at the same time", "idempotency-keys", "check-then-act-safe",
			"Realistically two retries of one payment never arrive at the same time, so a SELECT before the INSERT is fine.", true},
		{"back to back: the window negligible", "optimistic-concurrency", "check-then-act-safe",
			"Keep a version number per document and send it as an ETag. The SELECT and the UPDATE run back to back, so the window between the two statements is negligible.", true},
		{"executed back to back: the gap negligible", "optimistic-concurrency", "check-then-act-safe",
			"Keep a version number per document and send it as an ETag. As the two statements execute back to back, the gap between them is negligible.", true},

		{"near-miss: check-then-insert not enough", "idempotency-keys", "check-then-act-safe",
			"A check-then-insert is not enough: two retries can arrive together, so insert the key first against a unique constraint.", false},
		{"near-miss: retries can arrive at the same moment", "idempotency-keys", "check-then-act-safe",
			"Two retries can realistically arrive at the same moment, after a client timeout, so the insert must hit a unique constraint.", false},
		{"near-miss: the window not negligible", "optimistic-concurrency", "check-then-act-safe",
			"Even when the two statements run back to back, the window between them is not negligible under load: put the version in the UPDATE's WHERE.", false},
		{"near-miss: small but real", "optimistic-concurrency", "check-then-act-safe",
			"The window between a separate SELECT and UPDATE is small but real, so fold the check into the UPDATE.", false},
	})
}

// TestRetakeAndContinueG15 holds the lock set again after it expired and
// the job continued from where it was.
func TestRetakeAndContinueG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"SET NX again and continue: nobody else holds it", "extend-lease", "work-after-lost-lease",
			"If the renewal finds the key gone, run SET with NX once more and continue from where you were: nobody else holds it at that moment.", true},
		{"put the key back and carry on", "extend-lease", "work-after-lost-lease",
			"If the lease already expired, we put the key back with our token and carry on, since we held it a moment ago.", true},

		{"near-miss: do not put it back and carry on", "extend-lease", "work-after-lost-lease",
			"If the key is gone, do not put it back and carry on: someone else may have held it in between, so stop and start over.", false},
		{"near-miss: nobody else holds it only if proven", "extend-lease", "work-after-lost-lease",
			"Nobody else holds it at that moment only if you can prove it, and you cannot, so abort the job.", false},
	})
}

// TestVolatileSparesLocksG15 holds a volatile policy said to leave the
// lock keys out of eviction's candidates.
func TestVolatileSparesLocksG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"volatile-lru so that not the lock keys are candidates, in a list of settings", "redis-early-expiry", "single-node-keeps-keys",
			"To run it safely: turn on AOF with `appendfsync always`, let chrony slew the clock instead of stepping it, release with compare-and-delete, and set `maxmemory-policy volatile-lru` so that only keys with a TTL, i.e. not the lock keys we depend on, are candidates for eviction.", true},
		{"volatile-lru so that not the lock keys are candidates", "redis-early-expiry", "single-node-keeps-keys",
			"Set maxmemory-policy volatile-lru so that only keys with a TTL, not the lock keys, are candidates for eviction.", true},

		{"near-miss: the lock keys are exactly the candidates", "redis-early-expiry", "single-node-keeps-keys",
			"volatile-lru evicts only keys with a TTL, and the lock keys all have one, so they are exactly the candidates; use noeviction.", false},
	})
}

// TestRedisLockThroughPauseG15 holds a Redis lock said to keep mutual
// exclusion through a GC pause.
func TestRedisLockThroughPauseG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"guarantees mutual exclusion even when the process pauses", "avoid-the-lock", "redlock-correctness",
			"Redis locks guarantee mutual exclusion even when the process pauses for a long GC.", true},
		{"guarantees it even when the holder stalls", "avoid-the-lock", "redlock-correctness",
			"A Redis lock guarantees mutual exclusion even when the holder stalls in a long GC pause.", true},
		{"keeps mutual exclusion despite pauses", "avoid-the-lock", "redlock-correctness",
			"Our Redis lock keeps mutual exclusion despite GC pauses.", true},

		{"near-miss: no Redis lock guarantees it", "avoid-the-lock", "redlock-correctness",
			"No Redis lock guarantees mutual exclusion even when the holder pauses; only fencing at the resource does.", false},
		{"near-miss: the conditional update keeps it", "avoid-the-lock", "redlock-correctness",
			"The database's conditional update keeps mutual exclusion even through a GC pause, since the stale write is rejected.", false},
		{"near-miss: denied even without a pause", "avoid-the-lock", "redlock-correctness",
			"A Redis lock does not guarantee mutual exclusion even when nothing pauses, if the primary fails over.", false},
	})
}

// TestClientCheckAsGoodG15 holds the place of the token check called a
// detail, or the client's own check called as good as the storage's.
func TestClientCheckAsGoodG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the check can be done client-side", "fencing-token", "client-side-fencing",
			"The check can be done client-side: before every write the client asks the lock service for the latest token and gives up if it has changed, so the database stays as it is.", true},
		{"where the check happens is flexible", "fencing-token", "client-side-fencing",
			"Where the check happens is flexible: the client can ask the lock service whether its token is still the latest right before each write.", true},
		{"the client's check equivalent to the storage's", "fencing-in-real-systems", "client-side-fencing",
			"Where the check happens is a detail: a client comparing its token with the lock service's right before writing is equivalent to the storage checking it.", true},

		{"near-miss: the check cannot be done client-side", "fencing-token", "client-side-fencing",
			"The check cannot be done client-side: the client can pause between its check and the write, so the storage compares the token.", false},
		{"near-miss: where it happens is not a detail", "fencing-token", "client-side-fencing",
			"Where the check happens is not a detail: only the storage sees every write in order.", false},
		{"near-miss: not equivalent to the storage's check", "fencing-in-real-systems", "client-side-fencing",
			"A client comparing its token right before writing is not equivalent to the storage checking it, because it can pause in between.", false},
		{"near-miss: an early exit in the client, the storage still rejects", "fencing-token", "client-side-fencing",
			"The client can check its token too, as an early exit, but the storage must still reject the stale write.", false},
	})
}

// TestLapsedLeaseMeansDeadG15 holds a lapsed lease read as proof that its
// worker died.
func TestLapsedLeaseMeansDeadG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"requeued after expiry, so definitely dead", "skip-locked-queue", "ttl-as-safety",
			"The sweeper only hands a job back once its lease has expired, so its first worker is definitely dead by then and two workers never run it together.", true},

		{"near-miss: not necessarily dead", "skip-locked-queue", "ttl-as-safety",
			"When the lease expires the worker is not necessarily dead; it may just be paused, so the completion is guarded by the attempt number.", false},
		{"near-miss: an expired lease doesn't mean dead", "skip-locked-queue", "ttl-as-safety",
			"An expired lease doesn't mean the worker is definitely dead, so guard the completion with the attempt number.", false},
	})
}

// TestRowLockAfterCommitG15 holds the row lock said to outlast COMMIT.
func TestRowLockAfterCommitG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the lock stays on the row after COMMIT", "row-lock", "row-lock-scope-wrong",
			"Keep in mind that the lock stays on the row after COMMIT until you unlock it yourself, so pooled connections must release it.", true},

		{"near-miss: released at COMMIT", "row-lock", "row-lock-scope-wrong",
			"The row lock is released at COMMIT or ROLLBACK; it does not persist after commit.", false},
	})
}

// TestElectionFencesG15 holds leader election said to fence the writes of
// the controllers it elects, and each side of a partition said to keep
// granting locks.
func TestElectionFencesG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"client-go leader election fences them", "fencing-in-real-systems", "lock-service-fences",
			"Kubernetes: client-go leader election fences them — the Lease's resourceVersion is the token, so a controller that lost the lease has its writes to other objects rejected by the API server.", true},

		{"near-miss: leader election does not fence", "fencing-in-real-systems", "lock-service-fences",
			"Leader election in client-go does not fence the controllers: the Lease's resourceVersion only guards writes to the Lease itself.", false},
		{"near-miss: accepted unless a precondition", "fencing-in-real-systems", "lock-service-fences",
			"A controller that lost its lease still gets its writes to other objects accepted unless they carry a precondition.", false},
	})
	checkFlagCases(t, []flagCase{
		{"each side keeps granting from local state", "design-lock-service-q", "follower-grants-locally",
			"To stay available in a partition, each side keeps granting locks from what it has locally, and we merge the two when the network heals.", true},

		{"near-miss: the minority must not keep granting", "design-lock-service-q", "follower-grants-locally",
			"During a partition the minority side must not keep granting locks; it refuses until it rejoins the majority.", false},
		{"near-miss: only the majority side grants", "design-lock-service-q", "follower-grants-locally",
			"Only the side with a majority keeps granting locks; the minority stops.", false},
	})
}

// TestKeepaliveThroughPauseG15 holds the keepalive said to run untouched by
// GC pauses.
func TestKeepaliveThroughPauseG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a long TTL is safe, the keepalive runs independently of GC", "etcd-revision-guard", "ttl-as-safety",
			"A long session TTL is safe, because the keepalive goroutine runs independently of GC.", true},

		{"near-miss: a stop-the-world pause freezes it too", "etcd-revision-guard", "ttl-as-safety",
			"The keepalive runs in its own goroutine, but a stop-the-world GC pause freezes it too, so a long TTL is no guard.", false},
		{"near-miss: not immune to pauses", "etcd-revision-guard", "ttl-as-safety",
			"The keepalive is not immune to GC pauses: the whole process stops.", false},
	})
}

// TestMoreWordingsG15 holds further wordings of this file's families, each
// a way of putting the claim that the first patterns missed.
func TestMoreWordingsG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the Txn optional after a Done check", "etcd-revision-guard", "etcd-refuses-expired",
			"The Txn is optional if you check session.Done() right before each Put.", true},
		{"drop the transaction on hot paths", "etcd-revision-guard", "etcd-refuses-expired",
			"You can drop the transaction on hot paths since the Done channel tells you when you lost leadership.", true},
		{"the Txn just adds a safety margin", "etcd-revision-guard", "etcd-refuses-expired",
			"Checking the session before each write is enough; the Txn just adds a safety margin.", true},
		{"near-miss: never drop the transaction", "etcd-revision-guard", "etcd-refuses-expired",
			"Never drop the transaction on hot paths: a pause after the Done check lets the Put land.", false},
		{"near-miss: the write dropped when the compare fails", "etcd-revision-guard", "etcd-refuses-expired",
			"When the session expires its key goes, the compare fails and the Put is dropped on the server.", false},
		{"near-miss: the Txn is not optional", "etcd-revision-guard", "etcd-refuses-expired",
			"The Txn is not optional: the Done channel can fire a moment after you looked.", false},

		{"duplicates rarely arrive concurrently", "idempotency-keys", "check-then-act-safe",
			"A SELECT for the key followed by an INSERT is good enough because duplicates rarely arrive concurrently.", true},
		{"near-miss: rare, but the constraint catches it", "idempotency-keys", "check-then-act-safe",
			"Duplicates rarely arrive at the same time, but when they do the unique constraint on the key rejects the second insert, so it is safe.", false},

		{"the expiry takes care of the partial transfer", "deadlock-ordering", "release-rolls-back",
			lockFirst + "The lease expiry takes care of a partial transfer, so no transaction is needed.", true},
		{"near-miss: nothing takes care of a partial transfer", "deadlock-ordering", "release-rolls-back",
			lockFirst + "The lease expiry does not take care of a partial transfer; only a transaction does.", false},

		{"the random value lets the resource reject stale holders", "fencing-token", "random-fencing-token",
			"The random value we SET is unique per acquisition, so the resource can use it to reject stale holders.", true},
		{"near-miss: the random value for the release, a counter for the resource", "fencing-token", "random-fencing-token",
			"The random value we SET is unique per acquisition, so the release can check it; the resource rejects stale holders with a counter.", false},

		{"an interval that makes outliving impossible", "holder-id-guard", "ttl-as-safety",
			"A 30-second reclaim interval makes it impossible for a paused worker to outlive its claim.", true},
		{"near-miss: no interval makes it impossible", "holder-id-guard", "ttl-as-safety",
			"No reclaim interval makes it impossible for a paused worker to outlive its claim; only the epoch in each write stops its late writes.", false},

		{"even with long pauses, only one holder", "avoid-the-lock", "redlock-correctness",
			"Even with long GC pauses, the Redis lock guarantees only one holder.", true},

		{"the snapshot keeps a re-claim out", "holder-id-guard", "fence-checked-once",
			claimEpoch + "Read the epoch once at the start of the transaction and then write; the transaction sees a consistent snapshot, so a re-claim that commits meanwhile can't affect it.", true},
		{"near-miss: each statement sees a fresh snapshot", "holder-id-guard", "fence-checked-once",
			claimEpoch + "Under READ COMMITTED each statement sees a fresh snapshot, so a re-claim that commits in the middle can affect the later writes.", false},

		{"the lease ran out, so the worker certainly crashed", "skip-locked-queue", "ttl-as-safety",
			"Once the lease runs out, the worker has certainly crashed, so requeueing is safe.", true},
		{"near-miss: not certainly crashed", "skip-locked-queue", "ttl-as-safety",
			"Once the lease runs out the worker has not certainly crashed; it may be paused, so the attempt number guards its completion.", false},
	})
}
