package quiz_test

import "testing"

// TestLosingClaimShapesG12 holds grader g12's red-flag recall to sentences
// of our own. The classes come from a misconception inventory: every
// should-flag answer of the tuning writers and of the validation writers
// AG and AH, clustered by the wrong claim its writer noted, then checked
// against the red flag that describes it. Each class is written in several
// wordings (none is a corpus answer), beside near misses that must stay
// quiet: the correct counterpart, a negation, a refutation.
func TestLosingClaimShapesG12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A replica with failover behind each Redlock node, however the
		// "each" is said, and with "without that ..." or "instead of ..."
		// in another clause (those words exclude only in the claim's own
		// clauses).
		{"every one of the five gets a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Every one of the five nodes gets a replica under Sentinel so a dead node is replaced at once.", true},
		{"replica per master; without that, in another clause", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Give each of the five masters a replica managed by Sentinel; without that, two crashes make the lock unavailable.", true},
		{"replica per master; instead of, in the consequence", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"To keep it available, give each master a replica under Sentinel so a dead node fails over automatically instead of shrinking the pool.", true},
		{"a hot standby per node", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Each node should have its own hot standby that takes over automatically if it crashes.", true},
		{"every master backed by a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Back every master with a replica and failover so the quorum stays at five.", true},
		{"near miss: never a replica with failover", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Never give a node a replica with failover: a promoted replica may not have the key.", false},
		{"near miss: independent masters, no replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The nodes must be independent masters, no replicas and no Sentinel, because a promoted replica can miss the key.", false},
		{"near miss: a replica per node would break it", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Five independent masters; adding a replica per node would break the guarantee since a promoted replica can lack the key.", false},
		{"near miss: every node without a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Run every node without a replica and without Sentinel.", false},
		{"near miss: no standby, kept out", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Each master stays on its own with no standby; a crashed one is kept out longer than the longest TTL.", false},

		// The lock's random value said to act, serve or work as the
		// fencing token, wherever "random" stands in the sentence.
		{"random and unique, so it functions as a token", "fencing-token", "random-fencing-token",
			"Since the value is random and unique per lock, it functions as a fencing token for the writes.", true},
		{"reuse the UUID as the token, since no two share it", "redlock-operations-q", "random-fencing-token",
			"We can reuse the UUID from the lock as the fencing token, since no two clients share it.", true},
		{"near miss: cannot act as a token, not ordered", "redlock-operations-q", "random-fencing-token",
			"The random value is for a safe release only; it cannot act as a fencing token because it is not ordered.", false},
		{"near miss: a UUID can't serve", "fencing-token", "random-fencing-token",
			"A UUID can't serve as the fencing token since the resource cannot tell which is newer.", false},
		{"near miss: the token from a counter", "fencing-token", "random-fencing-token",
			"The random value serves the release; the token the database checks comes from an increasing counter.", false},

		// Sentinel's choice of the most caught-up replica sold as keeping
		// the lock through a failover.
		{"highest offset, so the promoted node holds the key", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel always picks the replica with the highest replication offset, so the promoted node already holds the lock key.", true},
		{"most up-to-date replica: never lost", "redis-wait-safe", "replication-keeps-lock",
			"Sentinel elects the most up-to-date replica, which means the lock key is never lost on failover.", true},
		{"the acknowledging replica is always promoted", "redis-wait-safe", "replication-keeps-lock",
			"Once WAIT is checked the failover gap is closed, because the promoted replica is always the one that acknowledged the write.", true},
		{"near miss: highest offset, but async", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel promotes the replica with the highest offset, but replication is asynchronous, so even that one may not have the key.", false},
		{"near miss: prefers, yet may lack", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel prefers the replica with the highest offset, yet async replication means the promoted node may lack the key.", false},
		{"near miss: tries to promote the freshest", "redis-wait-safe", "replication-keeps-lock",
			"Sentinel tries to promote the most up-to-date replica; that still doesn't mean it received the lock key.", false},

		// A header that waves a concern away and ends in a colon ("X is no
		// concern:", "X isn't one of the risks:"): its negator is about its
		// own subject, so it neither denies the reason given after the colon
		// nor heads a list of suspects.
		{"dismissing header, then the reason", "redis-lock-and-failure", "replication-keeps-lock",
			"Failover isn't a worry with Sentinel: the master copies the SET to the replicas before it answers, so the promoted one has the key.", true},
		{"not one of the risks, then the reason", "redis-lock-and-failure", "replication-keeps-lock",
			"Failover isn't one of the risks: Sentinel only picks a replica that is fully synced, so the lock survives.", true},
		{"near miss: a dismissing header, then the correct account", "redis-lock-and-failure", "replication-keeps-lock",
			"Failover isn't a risk I'd ignore: the lock is lost when the master dies before replicating.", false},

		// One ownership check at the start said to cover the run's later
		// writes (a check timed in the run is a design step, not a
		// diagnosis).
		{"check at the start, then the guard dropped", "holder-id-guard", "fence-checked-once",
			"Then check at the start of the job that the number matches — once that passes, the job's other statements can drop the guard.", true},
		{"a single check covers every write", "holder-id-guard", "fence-checked-once",
			"A single epoch check when the job starts covers every write after it.", true},
		{"the early check is enough for the whole job", "holder-id-guard", "fence-checked-once",
			"Validate the token at the beginning of the run and then write without it; the early check is enough for the whole job.", true},
		{"subsequent updates needn't compare", "holder-id-guard", "fence-checked-once",
			"If the counter matches at startup, the worker owns the run, so subsequent updates don't have to compare it.", true},
		{"from then on without the condition", "holder-id-guard", "fence-checked-once",
			"Confirm the claim when the job begins; from then on the statements can go without the epoch condition.", true},
		{"near miss: every write, not once", "holder-id-guard", "fence-checked-once",
			"Check the claim number on every write, not only once at the start: a check at the start says nothing about a write ten minutes later.", false},
		{"near miss: later writes still guarded", "holder-id-guard", "fence-checked-once",
			"After the first check passes, later writes still go through the guard, since the lease can lapse at any moment.", false},
		{"near miss: subsequent writes must carry it", "holder-id-guard", "fence-checked-once",
			"Subsequent writes must carry the epoch condition too; a check at the start does not protect them.", false},

		// The session's signal checked before a plain write, sold as
		// enough.
		{"Done not fired: the Put can go ahead", "etcd-revision-guard", "check-then-act-safe",
			"If Done() hasn't fired, the lease is still valid and the Put can go ahead safely.", true},
		{"Done already closed after a pause: the check catches it", "etcd-revision-guard", "check-then-act-safe",
			"That covers the GC case: after a long pause the keepalive has failed and Done() is already closed, so the check catches it.", true},
		{"the stale leader bails instead of writing", "etcd-revision-guard", "check-then-act-safe",
			"Check the session first and only then call Put: if the session were gone you'd see it on Done, so a stale leader bails out instead of writing.", true},
		{"near miss: an open channel doesn't make it safe", "etcd-revision-guard", "check-then-act-safe",
			"An open Done channel doesn't make the Put safe: the lease can expire right after the check.", false},
		{"near miss: stop early, guard with a Txn", "etcd-revision-guard", "check-then-act-safe",
			"When Done() is closed the stale leader stops; the Txn on the create revision is what rejects its late Put.", false},
		{"near miss: carry on, but each Put a Txn", "etcd-revision-guard", "check-then-act-safe",
			"If the session is still alive, carry on, but make each Put a Txn guarded by the key's revision.", false},

		// A stale holder called harmless because its release or renewal
		// checks the token: that check keeps it from deleting the new
		// lock, not from writing.
		{"dismissed pause: the release fails, no damage", "redis-lock-and-failure", "fencing-unneeded",
			"A paused client isn't a problem: when it wakes up its compare-and-delete release simply fails, so it can't do any damage.", true},
		{"checked release and renewal: harmless", "redis-lock-and-failure", "fencing-unneeded",
			"Because release and renewal both check the token, a client that resumes after expiry finds its token gone and is harmless.", true},
		{"the release script: a late holder cannot hurt", "redis-lock-and-failure", "fencing-unneeded",
			"Since the release script compares values, a late holder cannot hurt anyone.", true},
		{"token-checked release: the pause problem goes away", "extend-lease", "fencing-unneeded",
			"With a token-checked release and renewal, the pause problem goes away.", true},
		{"near miss: protects the lock, not the data", "redis-lock-and-failure", "fencing-unneeded",
			"Compare-and-delete protects the lock, not the data: a paused holder can still write after expiry.", false},
		{"near miss: harmless because of the fencing token", "redis-lock-and-failure", "fencing-unneeded",
			"With a fencing token the paused client's late write is rejected, so it can't do any damage.", false},
		{"near miss: the storage rejects lower tokens", "redis-lock-and-failure", "fencing-unneeded",
			"Because the storage rejects tokens lower than the highest it has seen, a stale holder is harmless.", false},
		{"near miss: not true that it is harmless", "redis-lock-and-failure", "fencing-unneeded",
			"It is not true that a stale holder is harmless once the release checks the token.", false},

		// A failed renewal waved away; and an if-sentence whose "would"
		// sits in a clause joined after its main clause ("..., and
		// stopping would throw the work away") still claims its main
		// clause (markCounterfactuals).
		{"no reason to stop", "extend-lease", "work-after-lost-lease",
			"A single failed renewal is no reason to stop; the job usually finishes before the lease runs out anyway.", true},
		{"keep working, renew on the next tick", "extend-lease", "work-after-lost-lease",
			"A failed extension isn't fatal: keep working and renew on the next tick.", true},
		{"continue; stopping would waste the work", "extend-lease", "work-after-lost-lease",
			"If one renewal fails, for instance on a network timeout, the job should just continue and try again at the next interval, and stopping would throw the work away.", true},
		{"near miss: stop at once", "extend-lease", "work-after-lost-lease",
			"If a renewal fails, stop the work at once: the lease may already be gone.", false},
		{"near miss: keep the job, stop writing until renewed", "extend-lease", "work-after-lost-lease",
			"Keep working and renew on the next tick, but stop writing until the renewal succeeds.", false},
		{"near miss: one lost heartbeat is what TTL/3 is for", "extend-lease", "work-after-lost-lease",
			"Renew every third of the TTL, so one lost heartbeat isn't fatal; a failed renewal stops the work.", false},
		{"near miss: a real counterfactual", "extend-lease", "work-after-lost-lease",
			"If the job simply carried on after a failed renewal, it would write under someone else's lock.", false},
	})
}
