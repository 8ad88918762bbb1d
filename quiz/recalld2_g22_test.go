package quiz_test

import "testing"

// TestClaimVerbG22j: g22d's widened red flags read the claim, not a
// co-occurrence of its words. For each flag, a correct sentence of our own
// that uses the flag's words in another clause, of another subject or
// denied (the contrast of id order and commit order, only committed data
// kept on the replica, the coordinator's own checks of leases, "optional"
// said of renewal, renewal failing in a pause, a plain SELECT's table lock)
// leaves an otherwise correct answer clean, and the wrong claim worded
// close to it is still flagged.
func TestClaimVerbG22j(t *testing.T) {
	checkInserted(t, func(q string) string { return g22dBases[q] }, false, []flagCase{
		// sequence-commit-order: ids said to come in commit order, not the two orders contrasted
		{"relay assuming commit order skips", "outbox-pattern", "sequence-commit-order", "Any poller that assumes the ids come in commit order will miss a row that commits late.", false},
		{"id order and commit order differ", "outbox-pattern", "sequence-commit-order", "Ordering by id gives the order of the inserts, and the commit order can be different from it.", false},
		{"ids handed out in commit order", "outbox-pattern", "sequence-commit-order", "Our cursor only needs the last id, because the sequence gives out ids in commit order.", true},
		// row-lock-survives-failover: the lock said to move, not the committed data
		{"only committed rows reach the standby", "row-lock", "row-lock-survives-failover", "Only committed changes survive when the standby is promoted; an open transaction and its lock are simply gone.", false},
		{"lease column survives failover", "row-lock", "row-lock-survives-failover", "A job row committed with its locked_until survives a failover to the replica, unlike a lock held open.", false},
		{"row lock kept by promoted standby", "row-lock", "row-lock-survives-failover", "If the primary crashes, our row lock survives on the promoted standby and we simply carry on.", true},
		// lock-service-fences: the service's own checks are its job
		{"service checks its lease holder", "fencing-in-real-systems", "lock-service-fences", "The lock service checks which client holds the lease, while the storage checks the epoch on each write.", false},
		{"service checks the stale write", "fencing-in-real-systems", "lock-service-fences", "The coordination service is where the stale owner's write gets checked and turned down.", true},
		// fencing-unneeded: "optional" said of the fence, not of renewal or retries
		{"renewal optional, fencing required", "choose-ttl", "fencing-unneeded", "Heartbeats are optional; the fencing check at the storage is required.", false},
		{"teams treating fencing as optional", "choose-ttl", "fencing-unneeded", "Treating fencing as optional is how teams end up with corrupted rows.", false},
		{"fencing called optional", "choose-ttl", "fencing-unneeded", "With a TTL this generous, fencing at the storage is optional.", true},
		// ttl-as-safety: renewal said to rule out two holders, not why it fails
		{"keepalive goes silent in a pause", "choose-ttl", "ttl-as-safety", "A keepalive sends nothing while the process is frozen in GC, the lease runs out and two holders appear.", false},
		{"renewal rules out pause overlap", "choose-ttl", "ttl-as-safety", "Since the watchdog keeps renewing, a GC pause can never leave us with two holders.", true},
		// isolation-prevents-race: a plain SELECT's table lock is not a row lock
		{"plain select locks only the table", "row-lock", "isolation-prevents-race", "An ordinary SELECT takes only an ACCESS SHARE lock on the table and leaves the rows unlocked.", false},
		{"plain select takes a row lock", "row-lock", "isolation-prevents-race", "Under READ COMMITTED an ordinary SELECT holds a shared lock on the row until commit.", true},
		// locks-make-atomic: the locks guarantee exclusion, the commit atomicity
		{"locks guarantee exclusion only", "deadlock-ordering", "locks-make-atomic", "The two locks guarantee mutual exclusion, and the all-or-nothing part comes from the commit.", false},
		{"locks guarantee all-or-nothing", "deadlock-ordering", "locks-make-atomic", "Holding both locks guarantees the transfer is all-or-nothing.", true},
		// row-lock-scope-wrong: others may write once the lock is released
		{"others write after rollback", "row-lock", "row-lock-scope-wrong", "Other sessions can still update the row once a rollback releases the lock.", false},
		{"others write under for update", "row-lock", "row-lock-scope-wrong", "Other sessions can still update the row while we hold FOR UPDATE.", true},
		// client-side-fencing: a check at the resource, atomically, is the fix
		{"gatekeeper compares epochs atomically", "unfenceable-resource", "client-side-fencing", "A gatekeeper that compares epochs just before each call, atomically with forwarding it, removes the race.", false},
		{"storage accepts a valid epoch", "unfenceable-resource", "client-side-fencing", "The storage accepts a write when the lock epoch is still valid, which is what makes the write safe.", false},
		{"client check removes the race", "unfenceable-resource", "client-side-fencing", "The worker reads its lease just before each call, and that removes the race.", true},
		// content-derived-key: the customer and amount beside a client key
		{"client key, amount stored beside", "idempotency-keys", "content-derived-key", "The client generates the key; the server keeps the customer and the amount alongside it for audit.", false},
		{"key built from customer and amount", "idempotency-keys", "content-derived-key", "The server can build the key as a hash of the customer id and the amount.", true},
		// work-through-suspended: Curator's own timer is not the session's
		{"curator's timer starts at suspended", "session-suspended", "work-through-suspended", "Curator's connection timeout starts when SUSPENDED fires, so LOST lags the session's real expiry.", false},
		{"session timeout starts at suspended", "session-suspended", "work-through-suspended", "The session timeout only starts when SUSPENDED fires, so the write can finish first.", true},
		// claim-lock-outlives-commit: advisory locks, not claimed jobs
		{"advisory locks released by postgres", "skip-locked-queue", "claim-lock-outlives-commit", "Postgres releases a session's advisory locks by itself when the connection closes.", false},
		{"postgres requeues claimed jobs", "skip-locked-queue", "claim-lock-outlives-commit", "When the worker's connection drops, Postgres resets its claimed jobs to ready on its own.", true},
		// single-node-keeps-keys: nothing evicted at all is another matter
		{"no maxmemory, nothing evicted", "redis-early-expiry", "single-node-keeps-keys", "With maxmemory left at 0 nothing is evicted, so the lock keys are safe from eviction, though a restart still loses them.", false},
	})
}
