package quiz_test

import "testing"

// The tests in this file hold the losing claims that the validation
// writers BC and BD made under g17 without raising a red flag (recall17b),
// grouped by the claim: each widened pattern is written in wordings of our
// own, in prose and in the structured forms these writers use (a
// recommendation line, a table cell, a bullet), beside counterparts that
// must not flag (the claim denied, quoted to refute, asked, or said of the
// right component). None of the sentences is a corpus answer.

// TestNetsplitSingleOwnerG17 holds single-replica-guarantee for a name
// registry (a cluster-wide registered name, a singleton) said to keep a
// single owner through a network partition.
func TestNetsplitSingleOwnerG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a cluster-wide name keeps one owner through a netsplit", "avoid-the-lock", "single-replica-guarantee",
			"Register the worker under a cluster-wide name; even in a netsplit only one side can hold that name, so there are never two owners.", true},
		{"the singleton stays unique during a network partition", "avoid-the-lock", "single-replica-guarantee",
			"The cluster singleton guarantees a single owner even during a network partition.", true},
		{"recommendation line: a registered name, never two owners in a partition", "avoid-the-lock", "single-replica-guarantee",
			"Recommendation: one owner per key through a global name registry, which never allows two owners during a partition.", true},

		{"near-miss: both sides of a netsplit can register the name", "avoid-the-lock", "single-replica-guarantee",
			"A global registry is no guarantee: during a netsplit each side can register the name, so for a while there are two owners.", false},
		{"near-miss: asked whether a partition keeps one owner", "avoid-the-lock", "single-replica-guarantee",
			"Does a global name registry really keep one owner during a partition? Not without fencing at the resource.", false},
		{"near-miss: partitioned keys have one consumer", "avoid-the-lock", "single-replica-guarantee",
			"Partition the keys so each one has a single owner, and let the database reject stale writes.", false},
	})
}

// TestExpiryAgainstLocalClockG17 holds wall-clock for a client that reads
// the lock server's absolute expiry time against its own clock.
func TestExpiryAgainstLocalClockG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the server's expiry timestamp read against the client's wall clock", "choose-ttl", "wall-clock",
			"Clocks are synchronised with NTP, so the client compares the expiry timestamp the server returned with its own wall clock and stops at that moment.", true},
		{"bullet: check the lease deadline against the local clock", "choose-ttl", "wall-clock",
			"- Approach: the server sends back the absolute expiry time and the worker checks it against its local system clock.", true},
		{"table cell: expiry from the server versus the client's clock", "choose-ttl", "wall-clock",
			"| Step | How |\n|---|---|\n| Lost-lock detection | the client compares the server's expiry timestamp with its own wall clock |", true},
		{"near-miss: the server's own wall clock named", "choose-ttl", "wall-clock",
			"Redis expiry follows the server's wall clock, so a clock step on the server can end the lease early.", false},

		{"a component that can simply compare the expiry with its own clock", "choose-ttl", "wall-clock",
			"The worker can simply compare the expiry timestamp from the server with its own wall clock and stop then.", true},
		{"near-miss: clients comparing with their own clocks, in a design rejected", "design-lock-service-q", "wall-clock",
			"What I would not build: a thin service over one Redis where clients compare expiry timestamps with their own clocks. It loses locks on failover and depends on clocks agreeing.", false},
		{"near-miss: the investigator compares the holders' logs with the store's record", "two-holders", "wall-clock",
			"Then compare the two holders' log timestamps with the grants the lock service recorded, not with each other.", false},
		{"near-miss: never compare the server's expiry with the local clock", "choose-ttl", "wall-clock",
			"Never compare the expiry timestamp from the server with the client's own wall clock: the clocks drift apart.", false},
		{"near-miss: a local monotonic deadline", "choose-ttl", "wall-clock",
			"The client measures the lease on its own monotonic clock, started before it sent the request, and stops well before the TTL.", false},
	})
}

// TestReadThenPlainPutG17 holds check-then-act-safe for a read of the
// lock key followed by an unconditional write, called the same as a
// transaction that compares and writes in one step.
func TestReadThenPlainPutG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a Get then a plain Put is equivalent to the Txn", "etcd-revision-guard", "check-then-act-safe",
			"Reading the lock key with a Get and then doing a plain Put is equivalent to the transaction, because etcd is linearizable.", true},
		{"just as good: read first, then write if still ours", "etcd-revision-guard", "check-then-act-safe",
			"It is just as good to Get the mutex key first and, if it is still there, issue an ordinary Put.", true},
		{"bullet: Get then Put, same as the compare", "etcd-revision-guard", "check-then-act-safe",
			"- Simpler option: Get the lock key, then Put if it exists; this is the same as the Txn compare.", true},

		{"near-miss: not equivalent, the lease can lapse between them", "etcd-revision-guard", "check-then-act-safe",
			"A Get followed by a plain Put is not equivalent to the transaction: the lease can lapse between the two calls.", false},
		{"near-miss: the compare inside the Txn", "etcd-revision-guard", "check-then-act-safe",
			"Put the ownership compare and the Put in one Txn, so etcd checks and writes in a single step.", false},
	})
}

// TestEpochReadThenUnguardedWritesG17 holds fence-checked-once for an
// epoch read by a plain SELECT, then writes made without the epoch in
// their condition, as if the transaction kept the epoch from changing.
func TestEpochReadThenUnguardedWritesG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"read the epoch in the transaction, then write without a condition", "holder-id-guard", "fence-checked-once",
			"Read the epoch with a SELECT inside the transaction and, if it matches, do the writes without any extra condition, since the transaction keeps the epoch from changing.", true},
		{"the SELECT in the same transaction is enough", "holder-id-guard", "fence-checked-once",
			"Selecting the epoch in the same transaction is enough to stop it changing under you, so the updates need no WHERE on it.", true},

		{"near-miss: a plain SELECT does not hold the epoch", "holder-id-guard", "fence-checked-once",
			"A plain SELECT in the transaction does not keep the epoch from changing; every write carries the epoch in its WHERE.", false},
		{"near-miss: each write guarded by the epoch", "holder-id-guard", "fence-checked-once",
			"Every write in the step is guarded with WHERE id = $1 AND epoch = $2 and checks the row count.", false},
	})
}

// TestCommitAfterAckAtomicG17 holds dual-write-atomic for a database
// commit held back until the broker acknowledged, sold as atomic.
func TestCommitAfterAckAtomicG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"commit only after the ack, so both or neither", "outbox-pattern", "dual-write-atomic",
			"We commit only after Kafka has acknowledged the event, so either both happen or neither does.", true},
		{"recommendation line: hold the commit until the broker acks", "outbox-pattern", "dual-write-atomic",
			"Recommendation: keep the transaction open, publish, and commit once the broker acknowledges; that makes the two writes atomic.", true},
		{"bullet: commit after the ack, all-or-nothing", "outbox-pattern", "dual-write-atomic",
			"- Commit the row only after the ack arrives, which makes the update and the event all-or-nothing.", true},

		{"near-miss: committing after the ack is not atomic", "outbox-pattern", "dual-write-atomic",
			"Committing after the ack is not atomic: if the commit fails, the event is already out.", false},
		{"near-miss: the outbox commit", "outbox-pattern", "dual-write-atomic",
			"Insert the event into an outbox table and commit; either both the row and the event commit or neither does, and a relay publishes later.", false},
	})
}

// TestConstraintsOnlyDetectG17 holds lock-instead-of-constraint for a
// lock called mandatory across machines, conditional writes and
// idempotency said only to detect a race after the harm.
func TestConstraintsOnlyDetectG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"optimistic checks only detect races after the damage", "avoid-the-lock", "lock-instead-of-constraint",
			"Optimistic concurrency and idempotency keys can't prevent races; they only detect them after the damage is done.", true},
		{"a lock is mandatory whenever two services share a record", "avoid-the-lock", "lock-instead-of-constraint",
			"Whenever several services write the same record, a distributed lock is mandatory.", true},
		{"table cell: different hosts, always a lock", "avoid-the-lock", "lock-instead-of-constraint",
			"| Writers on different machines | always take a distributed lock |", true},

		{"near-miss: a conditional write prevents the race", "avoid-the-lock", "lock-instead-of-constraint",
			"A conditional update prevents the race outright: the second writer's WHERE matches nothing.", false},
		{"near-miss: a lock is not mandatory", "avoid-the-lock", "lock-instead-of-constraint",
			"A distributed lock is not mandatory whenever several services write the same record; a unique constraint often does it.", false},
	})
}

// TestLockInRequestOrderG17 holds lock-order-by-role for the two locks
// taken in whatever order the request names them.
func TestLockInRequestOrderG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"source then destination in whatever order the request gives", "deadlock-ordering", "lock-order-by-role",
			"Take the source and then the destination in whatever order the request specifies.", true},
		{"lock order does not matter", "deadlock-ordering", "lock-order-by-role",
			"The order in which you lock the two accounts doesn't matter, since the leases expire anyway.", true},
		{"table cell: ordering not needed", "deadlock-ordering", "lock-order-by-role",
			"| Lock ordering | not needed |", true},

		{"near-miss: sorted ids, whatever the direction", "deadlock-ordering", "lock-order-by-role",
			"Lock the lower account id first, whatever order the request specifies.", false},
		{"near-miss: the order does matter", "deadlock-ordering", "lock-order-by-role",
			"The lock order matters: take the lower id first.", false},
	})
}

// TestTokenCheckedByClientG17 holds client-side-fencing for the token
// compared by the old owner itself, called as good as the resource's
// check, and for a lease check made just before an unfenced call, called
// enough on its own.
func TestTokenCheckedByClientG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the check can just as well happen in the client", "fencing-in-real-systems", "client-side-fencing",
			"The comparison can just as well be done in the client: the old owner checks its token against the newest one and stops if it is behind.", true},
		{"bullet: a client-side token check, equivalent to the receiver's", "fencing-in-real-systems", "client-side-fencing",
			"- A client-side check of the token against the coordinator is equivalent to the receiver checking it.", true},
		{"a lease check right before the call guarantees it", "unfenceable-resource", "client-side-fencing",
			"Checking the remaining lease right before the call guarantees the request goes out while we still hold the lock.", true},
		{"recommendation line: verify ownership just before sending, enough", "unfenceable-resource", "client-side-fencing",
			"Recommendation: verify ownership just before sending the request, which is enough on its own.", true},

		{"near-miss: a client-side check has the same race as none", "fencing-in-real-systems", "client-side-fencing",
			"A client-side check has the same race as no check at all, because the client can pause between checking and writing.", false},
		{"near-miss: a client check is not equivalent", "fencing-in-real-systems", "client-side-fencing",
			"A check in the client is not equivalent to the receiver checking: the client can pause after it.", false},
		{"near-miss: the receiver keeps the highest token", "fencing-in-real-systems", "client-side-fencing",
			"In each of them the receiver remembers the highest number and turns away anything lower.", false},
		{"near-miss: a lease check before the call is not enough", "unfenceable-resource", "client-side-fencing",
			"Checking the lease right before the call is not enough: the process can pause between the check and the request.", false},
		{"near-miss: a lease check before the call leans on bounded pauses", "unfenceable-resource", "client-side-fencing",
			"Each option leans on something: the provider keeping keys for long enough, or, if you merely check the lease before calling, bounded pauses.", false},
		{"near-miss: a check before the call narrows the window", "unfenceable-resource", "client-side-fencing",
			"A lease check just before calling narrows the window but guarantees nothing.", false},
	})
}

// TestFailoverDismissedInFailureListG17 holds a failure-modes list whose
// item says its topic cannot fail: the item is the writer's own claim,
// while the other items under the heading stay named failures.
func TestFailoverDismissedInFailureListG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"failure list: failover is no concern, the replica has every write", "redis-lock-and-failure", "replication-keeps-lock",
			"What can go wrong:\n1. A pause longer than the TTL lets a second holder in.\n2. Failover is no concern: Sentinel only promotes a replica that acknowledged every write, so the promoted replica always has the lock.", true},
		{"failure list: failover is not an issue, writes are synchronous", "redis-lock-and-failure", "replication-keeps-lock",
			"**Risks**\n- Eviction under memory pressure drops the key.\n- Failover is not an issue: the primary replicates synchronously before it replies, so the lock survives promotion.", true},

		{"near-miss: failover named as a failure mode", "redis-lock-and-failure", "replication-keeps-lock",
			"What can go wrong:\n1. A pause longer than the TTL lets a second holder in.\n2. Failover: the promoted replica never got the key, because replication is asynchronous.", false},
	})
}

// TestReplicatedRedisAsConsistentG17 holds replication-keeps-lock for
// persistence and failover said to give a consensus store's consistency.
func TestReplicatedRedisAsConsistentG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"Sentinel failover gives the same strong consistency as consensus", "redis-vs-consensus", "replication-keeps-lock",
			"With AOF and Sentinel failover, Redis offers the same strong consistency as a consensus system.", true},
		{"recommendation line: as consistent as etcd", "redis-vs-consensus", "replication-keeps-lock",
			"Recommendation: Redis with replicas and Sentinel, which is just as consistent as etcd for locks.", true},

		{"near-miss: not as consistent as consensus", "redis-vs-consensus", "replication-keeps-lock",
			"Even with AOF and Sentinel failover, Redis does not give the same strong consistency as a consensus system.", false},
		{"near-miss: consistency said of etcd", "redis-vs-consensus", "replication-keeps-lock",
			"etcd commits each write through Raft, which gives strong consistency across a failover.", false},
	})
}

// TestRedlockWithoutPersistenceG17 holds redlock-replicas-or-no-persistence
// for persistence called safe to turn off because one empty node is said
// never to make a second majority.
func TestRedlockWithoutPersistenceG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"persistence can be turned off", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Persistence can be turned off on all five nodes, since a client needs three of them anyway.", true},
		{"one node restarting empty never gives a second majority", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"- One node restarting empty can never let another client reach a majority, so skip fsync.", true},

		{"near-miss: a node restarting empty can hand out a second majority", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A node restarting empty can let a second client reach a majority, so it must stay down longer than the longest TTL.", false},
		{"near-miss: persistence must not be turned off", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Persistence must not be turned off unless crashed nodes wait out the longest TTL before rejoining.", false},
	})
}

// TestTtlMultipleOfPauseG17 holds ttl-as-safety for a TTL set to a
// multiple of the longest pause seen, said to stop the holder outliving it.
func TestTtlMultipleOfPauseG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"ten times the longest pause, the holder can no longer outlive it", "two-holders", "ttl-as-safety",
			"Set the TTL to ten times the longest GC pause we saw; with that margin a holder can no longer outlive its lease.", true},
		{"remediation bullet: a multiple of the pause, cannot recur", "two-holders", "ttl-as-safety",
			"- Remediation: make the lease several times the worst pause, so the incident cannot recur.", true},

		{"near-miss: a bigger margin makes it rarer", "two-holders", "ttl-as-safety",
			"A TTL ten times the longest pause makes it rarer, but a holder can still outlive its lease; fence the writes.", false},
		{"near-miss: a longer lease does not stop it", "two-holders", "ttl-as-safety",
			"No multiple of the pause means the holder cannot outlive its lease: the next pause can be longer.", false},
	})
}

// TestAtomicStatementsStopDoubleClaimG17 holds isolation-prevents-race
// for each statement's atomicity said to keep a find and a separate claim
// from giving one job to two workers.
func TestAtomicStatementsStopDoubleClaimG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"every statement runs atomically, so no double claim", "skip-locked-queue", "isolation-prevents-race",
			"Postgres runs every statement atomically, so two workers can never claim the same job.", true},
		{"bullet: each update is atomic, so a job is not claimed twice", "skip-locked-queue", "isolation-prevents-race",
			"- Why it works: each UPDATE is atomic, so the same job can't be claimed twice.", true},

		{"near-miss: atomic statements, but a separate SELECT races", "skip-locked-queue", "isolation-prevents-race",
			"Each statement is atomic, but a SELECT and a separate UPDATE are two statements, so two workers can claim the same job.", false},
		{"near-miss: the atomic statement is the conditional claim", "skip-locked-queue", "isolation-prevents-race",
			"The claim is one conditional UPDATE, and each statement is atomic, so two workers can't claim the same job.", false},
	})
}

// TestAtomicSetNxRulesOutTwoHoldersG17 holds redlock-correctness for an
// atomic SET NX said to make two holders impossible.
func TestAtomicSetNxRulesOutTwoHoldersG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"SET NX is atomic, so the lock can't hand out two holders", "two-holders", "redlock-correctness",
			"With SET NX the lock can't hand out two holders, since the command is atomic; one worker must have skipped acquiring.", true},
		{"bullet: atomic SETNX, never two holders", "two-holders", "redlock-correctness",
			"- Redis side: SETNX is atomic, so there are never two holders.", true},

		{"near-miss: atomic, but the lease can lapse", "two-holders", "redlock-correctness",
			"SET NX is atomic, but the lease can lapse under a paused holder, so the lock can hand out two holders.", false},
		{"near-miss: the belief that atomicity rules it out", "two-holders", "redlock-correctness",
			"A common belief is that SET NX being atomic means never two holders; expiry and failover both break that.", false},
	})
}

// TestReReadClaimBeforeCallG17 holds client-side-fencing for a claim
// number re-read by the worker just before an outside call, called enough.
func TestReReadClaimBeforeCallG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"re-read the claim number right before the call, enough", "holder-id-guard", "client-side-fencing",
			"For calls outside the database it's enough for the worker to re-read the claim number right before the call and skip it if it changed.", true},

		{"near-miss: a re-read before the call is not enough", "holder-id-guard", "client-side-fencing",
			"Re-reading the claim number right before the call is not enough: the worker can pause after the read.", false},
	})
}
