package quiz_test

import "testing"

// The tests in this file hold the losing claims that passed unflagged in
// the answers of the validation writers AS and AU under g15 (recall16):
// nine answers whose wrong claim an existing red flag names, said in
// words its patterns did not hear. Each family is written in wordings of
// our own, beside near-misses that must not flag (the correct
// counterpart, the claim denied, narrowed or reported). None of the
// sentences is a corpus answer.

// TestRedlockFencingForFreeG16 holds fencing said to come with Redlock at
// no cost, as something a team on Redlock already has.
func TestRedlockFencingForFreeG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"on Redlock you already have fencing tokens", "fencing-in-real-systems", "redlock-issues-token",
			"Teams on Redlock already have fencing tokens without extra work.", true},
		{"Redlock gives fencing out of the box", "fencing-in-real-systems", "redlock-issues-token",
			"Redlock gives you fencing out of the box, so there is nothing to add.", true},
		{"after a condition: you already get fencing for free", "fencing-in-real-systems", "redlock-issues-token",
			"If you run Redlock, you already get fencing tokens for free.", true},
		{"in an answer that names the real examples first", "fencing-in-real-systems", "redlock-issues-token",
			"Sure, Raft has terms and Kafka has epochs. Still, for a lock of your own, Redlock already has fencing built in, since every acquire returns a version.", true},

		{"near-miss: no fencing out of the box", "fencing-in-real-systems", "redlock-issues-token",
			"Redlock gives you no fencing out of the box, so the token must come from somewhere that orders grants.", false},
		{"near-miss: not for free, add a counter", "fencing-in-real-systems", "redlock-issues-token",
			"Being on Redlock, you do not get fencing for free: add a counter in the database.", false},
		{"near-miss: etcd already has it, Redlock has nothing like it", "fencing-in-real-systems", "redlock-issues-token",
			"With etcd you already have fencing in the revision; Redlock has nothing like it.", false},
		{"near-miss: an assumption taken back", "fencing-in-real-systems", "redlock-issues-token",
			"People assume Redlock comes with fencing built in, which it doesn't.", false},
		{"near-miss: Kafka gets it for free, unlike Redlock", "fencing-in-real-systems", "redlock-issues-token",
			"Kafka gets fencing for free from its controller epoch, unlike Redlock.", false},
	})
}

// TestInterruptStopsWritesG16 holds the worker's interrupt, sent from the
// session listener, said to stop every later write: an interrupt is only
// noticed by a thread that looks for it, and a paused thread does not.
func TestInterruptStopsWritesG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"an interrupted thread cannot write", "session-suspended", "fencing-unneeded",
			"The listener interrupts the worker, and once interrupted it cannot write anything, so the stale write is impossible.", true},
		{"calling interrupt() closes the gap", "session-suspended", "fencing-unneeded",
			"Calling interrupt() on the worker from the listener closes the gap: no further writes go out.", true},
		{"in an answer that handles the states first", "session-suspended", "fencing-unneeded",
			"On SUSPENDED I stop the work. The listener then calls interrupt() on the worker thread, and an interrupted thread can't write, so the window is gone.", true},

		{"near-miss: the interrupt is not enough", "session-suspended", "fencing-unneeded",
			"I interrupt the worker from the listener, but that is not enough: a thread paused in a GC never sees the interrupt, so the storage still checks the token.", false},
		{"near-miss: the interrupt only sets a flag", "session-suspended", "fencing-unneeded",
			"Thread.interrupt() only sets a flag, so the worker can still write until it looks at it.", false},
		{"near-miss: unless it was paused, hence the token", "session-suspended", "fencing-unneeded",
			"Once interrupted, the worker can't write unless it was paused mid-call, which is why the resource rejects old tokens.", false},
		{"near-miss: the interrupt narrows the window", "session-suspended", "fencing-unneeded",
			"Interrupting the worker narrows the window; a write already in flight still lands.", false},
		{"near-miss: the storage must still reject", "session-suspended", "fencing-unneeded",
			"Interrupt the worker; a well-behaved worker then can't issue further writes, yet the storage must still reject stale tokens.", false},
		{"near-miss: a node powered off really stops", "fencing-in-real-systems", "fencing-unneeded",
			"Once STONITH has powered the old node off, it cannot write any more.", false},
	})
}

// TestResourceNeedsNothingG16 holds the resource said to need nothing at
// all, and the client's own check called enough with the storage left
// alone.
func TestResourceNeedsNothingG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the database side needs nothing", "session-suspended", "fencing-unneeded",
			"Once the listener has stopped the worker, the database side needs nothing.", true},
		{"nothing is required in the resource", "session-suspended", "fencing-unneeded",
			"Nothing is required in the resource, since the worker stops itself on SUSPENDED.", true},
		{"the client check sufficient, the storage unchanged", "fencing-token", "client-side-fencing",
			"That client check is sufficient, without any change to the storage.", true},
		{"the check can be done in the client, then spelt out with 'only'", "fencing-token", "client-side-fencing",
			"The check can be done in the client: it reads the newest number from etcd and only writes while it still matches.", true},

		{"near-miss: something is needed on the storage side", "session-suspended", "fencing-unneeded",
			"Something is needed on the storage side too: it has to reject older tokens.", false},
		{"near-miss: the database compares, so nothing else changes", "session-suspended", "fencing-unneeded",
			"Since the database compares the token in the same statement, nothing else needs to change.", false},
		{"near-miss: the database checks it atomically, nothing else changes", "session-suspended", "fencing-unneeded",
			"The database checks the token atomically with the write, so nothing else is needed in the resource.", false},
		{"near-miss: the database rejects, the client needs nothing", "session-suspended", "fencing-unneeded",
			"The database already rejects lower tokens, so nothing is needed on the client side.", false},
		{"near-miss: a conditional write, the lock service unchanged", "fencing-token", "client-side-fencing",
			"A conditional write is enough to stop a stale holder without changing the lock service.", false},
		{"near-miss: not enough without changing the storage", "fencing-token", "client-side-fencing",
			"A check in the client is not enough without changing the storage to compare tokens.", false},
		{"near-miss: in the client as well, but the storage compares", "fencing-token", "client-side-fencing",
			"The check can live in the client, but the storage must also compare the token.", false},
		{"near-miss: an early exit beside the storage's check", "fencing-token", "client-side-fencing",
			"The check can also be done in the client as an early exit, while the storage rejects old tokens.", false},
	})
}

// TestStaleHolderHarmlessG16 holds a stale holder called harmless, and
// fencing placed in papers rather than in running systems.
func TestStaleHolderHarmlessG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"short leases, so a paused holder does no harm", "fencing-in-real-systems", "fencing-unneeded",
			"Leases are short, so a paused holder can't do any harm.", true},
		{"NTP and a short TTL make a stale worker harmless", "two-holders", "fencing-unneeded",
			"Clocks are synced with NTP and the TTL is short, so a stale worker is harmless.", true},
		{"the release fails, so the paused client does no harm", "fencing-in-real-systems", "fencing-unneeded",
			"When it wakes up, its compare-and-delete release fails, so the paused client does no harm.", true},
		{"fencing tokens more in papers than in real systems", "fencing-in-real-systems", "fencing-unneeded",
			"Fencing tokens appear in papers far more often than in real systems.", true},
		{"more in textbooks than in production code", "fencing-in-real-systems", "fencing-unneeded",
			"You'll find fencing tokens in textbooks more than in production code.", true},

		{"near-miss: harmless because the resource rejects lower epochs", "fencing-in-real-systems", "fencing-unneeded",
			"With the resource rejecting lower epochs, a stale holder can't do harm.", false},
		{"near-miss: a crashed client", "fencing-in-real-systems", "fencing-unneeded",
			"Once its lease expired, a crashed client can't do harm.", false},
		{"near-miss: it can still do harm", "fencing-in-real-systems", "fencing-unneeded",
			"With a short TTL a paused holder can still do harm, so the resource checks an epoch.", false},
		{"near-miss: a myth", "fencing-in-real-systems", "fencing-unneeded",
			"It's a myth that short leases mean a stale holder can't do harm.", false},
		{"near-miss: where the academic impression comes from", "fencing-in-real-systems", "fencing-unneeded",
			"The idea that fencing is academic comes from reading about it in blog posts rather than in production code.", false},
		{"near-miss: more in production than in blog posts", "fencing-in-real-systems", "fencing-unneeded",
			"Fencing tokens show up in production far more than in blog posts.", false},
		{"near-miss: reported and rebutted", "fencing-in-real-systems", "fencing-unneeded",
			"Some say fencing tokens live in blog posts more than in production, but Kafka's producer epoch is exactly one.", false},
	})
}

// TestCommittedClaimKeepsRowLockG16 holds the database said to keep a
// committed claim's row locked until its worker finishes.
func TestCommittedClaimKeepsRowLockG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"once committed, the job stays locked to its worker", "skip-locked-queue", "claim-lock-outlives-commit",
			"Once committed, the database keeps the job locked until the worker finishes with it, so slow jobs are safe.", true},
		{"a lease named in the same sentence", "skip-locked-queue", "claim-lock-outlives-commit",
			"Give each claim a lease_until of a minute and commit; slow jobs are fine anyway, since Postgres keeps the row locked until the worker finishes.", true},

		{"near-miss: with the transaction kept open", "skip-locked-queue", "claim-lock-outlives-commit",
			"If you keep the transaction open, Postgres keeps the row locked until the job is done, at the cost of a connection.", false},
		{"near-miss: only until the claim commits", "skip-locked-queue", "claim-lock-outlives-commit",
			"Postgres keeps the row locked only until the claim commits, so after that the status column and the lease keep others off.", false},
		{"near-miss: don't expect it", "skip-locked-queue", "claim-lock-outlives-commit",
			"Don't expect Postgres to keep the row locked until the job is done: the lock ends with the transaction.", false},
	})
}

// TestNoStallOutlivesLeaseG16 holds the process said unable to stall for
// as long as its lease, and a longer TTL offered as the end of the
// matter after a check.
func TestNoStallOutlivesLeaseG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a concurrent collector never pauses that long", "two-holders", "ttl-as-safety",
			"Our service runs on a concurrent collector, so it never pauses long enough to lose a 30 second lease.", true},
		{"tiny stop-the-world phases, so it cannot freeze that long", "two-holders", "ttl-as-safety",
			"Our collector runs concurrently and its stop-the-world phases are tiny, so a worker cannot freeze long enough to outlast its 20-second lease.", true},
		{"after a colon that sets GC aside", "two-holders", "ttl-as-safety",
			"First I'd set GC aside: our runtime collects concurrently, so a worker never pauses long enough to lose its lease.", true},
		{"check, then bump the TTL, and that fixes it for good", "two-holders", "ttl-as-safety",
			"I'd check the p99 runtime, bump the TTL well above it, and that fixes it for good.", true},

		{"near-miss: it can stall that long", "two-holders", "ttl-as-safety",
			"A worker can stall long enough to outlive its lease: a throttled container or a swap storm will do it.", false},
		{"near-miss: don't assume it can't", "two-holders", "ttl-as-safety",
			"Don't assume a worker can't stall long enough to outlive a 30-second lease; VMs get paused.", false},
		{"near-miss: no one can promise it won't", "two-holders", "ttl-as-safety",
			"You cannot promise the worker won't pause long enough to lose the lease, so fence.", false},
		{"near-miss: nothing guarantees it won't", "two-holders", "ttl-as-safety",
			"Even with a concurrent GC, nothing guarantees the process won't stall long enough to outlive the lease.", false},
		{"near-miss: a checklist of suspects still names them", "two-holders", "plain-del",
			"I'd check GC pauses, a TTL shorter than the job, a plain DEL release, and a failover.", false},
	})
}

// TestLockMakesDuplicatesGoAwayG16 holds a lock said to make duplicate
// charges go away, the duplicates now the subject.
func TestLockMakesDuplicatesGoAwayG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"with the per-customer lock, duplicates go away", "idempotency-keys", "lock-instead-of-constraint",
			"With the per-customer lock, duplicate charges go away.", true},
		{"retries bounce off the lock, double charges vanish", "idempotency-keys", "lock-instead-of-constraint",
			"Retries bounce off the held lock, so double charges vanish.", true},
		{"the lock refuses retries, duplicate payments go away", "idempotency-keys", "lock-instead-of-constraint",
			"The lock refuses every retry inside that minute, so duplicate payments go away.", true},

		{"near-miss: a key and a unique constraint", "idempotency-keys", "lock-instead-of-constraint",
			"With a client-generated idempotency key and a unique constraint, duplicate charges go away.", false},
		{"near-miss: rarer, but they don't go away", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock makes duplicate charges rarer, but they don't go away.", false},
		{"near-miss: they don't go away with a lock", "idempotency-keys", "lock-instead-of-constraint",
			"Duplicate charges don't go away with a lock: a retry after the first request finished walks straight in.", false},
	})
}
