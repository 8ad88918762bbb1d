package quiz_test

import "testing"

// TestLosingClaimShapesAF11 holds grader g11's red-flag recall to sentences
// of our own, for classes of losing claims the grader missed on the
// validation writer AF. Each class is stated as a general relation, written
// in several wordings (none is a corpus answer), beside near misses that must
// stay quiet: the correct counterpart, a negation, a refutation.
func TestLosingClaimShapesAF11(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// An opening condition on the speaker's or the reader's own choice
		// ("If you'd rather not build that, ...", "If we don't want to run
		// etcd, ...") says what the person chooses not to do; its negator
		// does not deny the claim in the main clause (choiceConditionEnd).
		// A condition on the system, or a negator in the main clause, still
		// does.
		{"choice condition: rather not build, then exactly once", "run-job-once", "exactly-once-claim",
			"If you'd rather not build a claims table, a CronJob with Forbid guarantees exactly one run per schedule, so skip the idempotency work.", true},
		{"choice condition: don't want to maintain, then exactly once", "run-job-once", "exactly-once-claim",
			"If we don't want to maintain a dedupe table, a lock guarantees exactly one run per period.", true},
		{"choice condition: don't want etcd, then survives failover", "redis-lock-and-failure", "replication-keeps-lock",
			"If you don't want to run etcd, Sentinel guarantees the lock survives a failover.", true},
		{"choice condition: can't afford ZooKeeper, then survives failover", "redis-lock-and-failure", "replication-keeps-lock",
			"If you can't afford a ZooKeeper ensemble, a Sentinel setup guarantees the lock survives a failover.", true},
		{"near miss: choice condition, then a denial in the main clause", "run-job-once", "exactly-once-claim",
			"If you don't want that, Kubernetes does not guarantee exactly one run per schedule, so the job still has to be idempotent.", false},
		{"near miss: a condition on the system", "run-job-once", "exactly-once-claim",
			"If the job isn't idempotent, nothing guarantees exactly one run per period.", false},
		{"near miss: choice condition, then the claim refuted", "redis-lock-and-failure", "replication-keeps-lock",
			"If you don't want to run etcd, accept that Sentinel guarantees nothing: the lock does not survive a failover.", false},

		// A write the primary acknowledged said to outlive the primary's
		// death or a failover ("never lost when the primary dies", "can't
		// be lost in a failover"): the primary acks before any replica has
		// it. The negator is the claim's own word.
		{"acknowledged SET never lost when the primary dies", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel promotes the replica with the highest offset, so an acknowledged SET is never lost when the primary dies.", true},
		{"acked writes can't be lost in a failover", "redis-lock-and-failure", "replication-keeps-lock",
			"Acknowledged writes can't be lost in a failover.", true},
		{"acknowledged lock outlives a primary crash", "redis-lock-and-failure", "replication-keeps-lock",
			"Once the primary has acked the lock, it survives even if the primary crashes a moment later.", true},
		{"near miss: even the freshest replica can miss an acknowledged SET", "redis-lock-and-failure", "replication-keeps-lock",
			"Even the most up-to-date replica can miss an acknowledged SET, because replication is asynchronous.", false},
		{"near miss: not guaranteed to survive", "redis-lock-and-failure", "replication-keeps-lock",
			"An acknowledged SET is not guaranteed to survive the primary's death: replication is asynchronous.", false},
		{"near miss: can still be lost", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel promotes the freshest replica, but an acknowledged SET can still be lost when the primary dies.", false},
		{"near miss: called a myth", "redis-lock-and-failure", "replication-keeps-lock",
			"It is a myth that an acknowledged SET is never lost when the primary dies.", false},
		{"near miss: no acknowledged SET survives if never received", "redis-lock-and-failure", "replication-keeps-lock",
			"No acknowledged SET survives a failover if the replica never received it.", false},

		// One consumer per partition said to hold through the rebalance
		// itself: the old owner can still be processing when the new one
		// starts.
		{"one consumer at any moment, including during a rebalance", "avoid-the-lock", "single-replica-guarantee",
			"The consumer group guarantees that exactly one consumer processes a partition at any moment, including during a rebalance, so no lock is needed.", true},
		{"one consumer, holds even during a rebalance", "avoid-the-lock", "single-replica-guarantee",
			"Kafka assigns each partition to one consumer, and that holds even during a rebalance.", true},
		{"single consumer at all times, rebalances included", "avoid-the-lock", "single-replica-guarantee",
			"Kafka guarantees a single consumer per partition at all times, rebalances included.", true},
		{"near miss: two consumers briefly overlap in a rebalance", "avoid-the-lock", "single-replica-guarantee",
			"During a rebalance two consumers can briefly process the same partition, so the handler must still be idempotent.", false},
		{"near miss: no guarantee during a rebalance", "avoid-the-lock", "single-replica-guarantee",
			"Kafka does not guarantee a single consumer per partition during a rebalance.", false},
		{"near miss: steady state only", "avoid-the-lock", "single-replica-guarantee",
			"One consumer per partition holds in steady state, but during a rebalance the old owner may still be processing.", false},

		// A clause that opens with a pronoun pointing back and a negated
		// need ("; it doesn't need to be ordered", ", it does not have to
		// increase") drops a demand: it supports the claim before it. Its
		// negator is not a denial (consequenceAfter), and an exclusion's
		// word inside it ("ordered") names the dropped demand, not one the
		// answer makes (inRelaxedNeed).
		{"UUID enough to tell holders apart; doesn't need to be ordered", "design-lock-service-q", "random-fencing-token",
			"The grant returns a UUID, and since the resource only needs to tell holders apart, a UUID is enough; it doesn't need to be ordered.", true},
		{"unique value works, does not have to increase", "design-lock-service-q", "random-fencing-token",
			"Any unique value works as the fencing token, it does not have to increase.", true},
		{"random value adequate to tell holders apart, needn't be ordered", "fencing-token", "random-fencing-token",
			"A random value is adequate, since the storage just needs to tell holders apart; it needn't be ordered.", true},
		{"near miss: it needs to be ordered", "design-lock-service-q", "random-fencing-token",
			"The grant returns a UUID, and since the resource only needs to tell holders apart, a UUID is enough; it needs to be ordered, though.", false},
		{"near miss: not enough, it needs to be ordered", "design-lock-service-q", "random-fencing-token",
			"A random UUID per grant is not enough for the fencing token; it needs to be ordered.", false},
		{"near miss: it doesn't work", "design-lock-service-q", "random-fencing-token",
			"Is a random UUID fine as the fencing token? It doesn't work: it has no order.", false},
		{"near miss: a request id needn't be ordered, the token must", "fencing-token", "random-fencing-token",
			"A random UUID is fine as a request id; it doesn't need to be ordered. The fencing token, though, must increase.", false},

		// "cannot" and "can't" spell one negator: a pattern written with
		// one reads the other (bothCannots).
		{"cannot affect, as can't affect", "redlock-operations-q", "clocks-irrelevant",
			"A jump in the clock cannot affect safety, because the TTL is a countdown.", true},
		{"near miss: cannot affect, called a myth", "redlock-operations-q", "clocks-irrelevant",
			"It is a myth that a jump in the clock cannot affect safety.", false},

		// The lock server's own clock said to be harmless: the server
		// expires its keys by that clock, whatever the client measures.
		{"a Redis server's clock jump cannot affect safety", "redlock-operations-q", "clocks-irrelevant",
			"Redlock measures validity on the client side, so a jump in a Redis server's clock cannot affect safety.", true},
		{"the nodes' clocks don't matter", "redlock-operations-q", "clocks-irrelevant",
			"The nodes' clocks don't matter; validity is measured by the client.", true},
		{"a step in a node's clock has no effect", "redlock-operations-q", "clocks-irrelevant",
			"Since the client times the acquisition, a step in a node's clock has no effect on safety.", true},
		{"the host clock jump is harmless", "redis-early-expiry", "clocks-irrelevant",
			"A forward jump of the Redis host clock is harmless, because the client measures its own lease.", true},
		{"near miss: the server's clock can still expire keys early", "redlock-operations-q", "clocks-irrelevant",
			"A jump in a Redis server's clock can still expire its keys early, whatever the client measures.", false},
		{"near miss: a myth that server clocks don't matter", "redlock-operations-q", "clocks-irrelevant",
			"It's a myth that the server clocks don't matter: a stepped node clock expires keys early.", false},
		{"near miss: the client's clock, but the server's clock", "redlock-operations-q", "clocks-irrelevant",
			"The client's clock doesn't matter much, but a Redis server's clock that jumps expires keys early.", false},
		{"near miss: not irrelevant", "redlock-operations-q", "clocks-irrelevant",
			"A Redis server's clock is not irrelevant: a forward step expires the key early.", false},

		// A committed claim's row said to stay locked to its worker until
		// the job is marked done: a row lock ends with its transaction.
		{"claim and commit; the row remains locked until marked finished", "skip-locked-queue", "claim-lock-outlives-commit",
			"Claim with SKIP LOCKED and commit; the row remains locked until the worker marks it finished.", true},
		{"after the commit the job stays locked while the worker processes", "skip-locked-queue", "claim-lock-outlives-commit",
			"After the commit the job stays locked to that worker while the worker processes it.", true},
		{"near miss: transaction open, locked until you commit", "skip-locked-queue", "claim-lock-outlives-commit",
			"Keep the transaction open: the row stays locked until you commit.", false},
		{"near miss: inside one transaction", "skip-locked-queue", "claim-lock-outlives-commit",
			"Inside one transaction the row stays locked until the worker marks it done and commits.", false},
		{"near miss: no longer locked after the commit", "skip-locked-queue", "claim-lock-outlives-commit",
			"Once you commit, the row no longer stays locked until you mark it done; use a lease column.", false},
		{"near miss: called a mistake", "skip-locked-queue", "claim-lock-outlives-commit",
			"A common mistake is to think the row stays locked until you mark it done after the COMMIT.", false},

		// Eviction said to spare keys that carry a TTL: the volatile-*
		// policies evict exactly those.
		{"keys with an expiry can't be evicted", "redis-early-expiry", "single-node-keeps-keys",
			"Keys with an expiry can't be evicted, so the lock key is safe under memory pressure.", true},
		{"won't evict a key that has a TTL", "redis-early-expiry", "single-node-keeps-keys",
			"Redis won't evict a key that has a TTL; it waits for it to expire.", true},
		{"lock keys never evicted because they carry a TTL", "redis-early-expiry", "single-node-keeps-keys",
			"Lock keys are never evicted because they carry a TTL.", true},
		{"near miss: volatile-lru evicts exactly those", "redis-early-expiry", "single-node-keeps-keys",
			"Under volatile-lru Redis evicts exactly the keys that carry a TTL, so lock keys are the first to go.", false},
		{"near miss: noeviction evicts nothing", "redis-early-expiry", "single-node-keeps-keys",
			"With noeviction Redis never evicts keys, TTL or not; writes fail instead.", false},
		{"near miss: called a myth", "redis-early-expiry", "single-node-keeps-keys",
			"It's a myth that Redis never evicts keys that carry a TTL.", false},

		// Fencing said to be needed only with a Redis lock, or a consensus
		// lock said to stop a paused holder from acting: a paused
		// ZooKeeper or etcd holder wakes up and writes just the same.
		{"fencing only needed with Redis", "redis-vs-consensus", "fencing-unneeded",
			"That's why fencing tokens are only needed with Redis.", true},
		{"fencing only necessary when the lock lives in Redis", "redis-vs-consensus", "fencing-unneeded",
			"Fencing is only necessary when the lock lives in Redis.", true},
		{"a client can't write after its session expired", "redis-vs-consensus", "fencing-unneeded",
			"With etcd's session watch, a client can't write after its session expired.", true},
		{"consensus gets rid of the paused holder problem", "redis-vs-consensus", "fencing-unneeded",
			"Consensus gets rid of the paused holder problem completely.", true},
		{"near miss: needed with ZooKeeper too", "redis-vs-consensus", "fencing-unneeded",
			"Fencing tokens are needed with Redis and with ZooKeeper too.", false},
		{"near miss: a myth that fencing is only for Redis", "redis-vs-consensus", "fencing-unneeded",
			"It's a myth that fencing is only needed with Redis: a paused ZooKeeper holder writes just the same.", false},
		{"near miss: the fence is what stops it", "redis-vs-consensus", "fencing-unneeded",
			"With fencing tokens, a holder can never act on a lock it no longer holds: the store rejects it.", false},
		{"near miss: a paused holder can write after expiry", "redis-vs-consensus", "fencing-unneeded",
			"A paused holder still believes it holds the lock and can write after its session expired.", false},
		{"near miss: consensus does not remove the problem", "redis-vs-consensus", "fencing-unneeded",
			"Consensus does not remove the paused-client problem entirely; you still need fencing.", false},
		{"near miss: not only with Redis", "choose-ttl", "fencing-unneeded",
			"Fencing tokens are not only needed with Redis; etcd leases expire under paused clients too.", false},
		{"near miss: the row lock's transaction is rolled back", "row-lock", "fencing-unneeded",
			"If my connection dies the transaction is rolled back, so a stale holder can't write after losing the lock.", false},

		// A clock comparison said to make a lease's window airtight:
		// clocks drift and step, and a pause falls between the comparison
		// and the write.
		{"NTP-synced hosts make the expiry check airtight", "holder-id-guard", "wall-clock",
			"Keep the hosts NTP-synced and the expiry check becomes airtight.", true},
		{"synced clocks make the comparison bulletproof", "holder-id-guard", "wall-clock",
			"With synced clocks, comparing the claim time with the local clock is bulletproof.", true},
		{"near miss: no clock comparison is airtight", "holder-id-guard", "wall-clock",
			"No clock comparison is airtight: clocks drift and a pause falls between the check and the write.", false},
		{"near miss: not airtight even with NTP", "holder-id-guard", "wall-clock",
			"Even with NTP, that comparison is not airtight; guard the write on the epoch in SQL.", false},

		// The token checked by asking the lock service before the write:
		// its answer can change before the write lands; only the
		// resource's own check is atomic with the write.
		{"the client asks the lock server before each write", "fencing-token", "client-side-fencing",
			"Before each write, the client asks the lock server whether its lease is still valid, and writes only if it is.", true},
		{"the coordinator does the checking", "fencing-token", "client-side-fencing",
			"Let the coordinator do the checking: it knows which token is current.", true},
		{"near miss: asking leaves a window", "fencing-token", "client-side-fencing",
			"Asking the lock service whether your token is still current leaves a window between the check and the write.", false},
		{"near miss: don't ask, the storage compares", "fencing-token", "client-side-fencing",
			"Don't ask the lock service whether your token is current; the storage must compare it.", false},
		{"near miss: the service issues, the database checks", "fencing-token", "client-side-fencing",
			"The lock service issues the token; the database checks whether it is still the current one.", false},
	})
}

// TestQualifiedNoThenEmphaticDo: an answer that opens "Not in the usual
// sense" and then, after a "but" or "yet" in the same sentence, says what the
// lock does do ("but it does give mutual exclusion between processes")
// grants the yes it hedged (opensWithNo); without the contrast, or with a
// negated do, the opening no stands.
func TestQualifiedNoThenEmphaticDo(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "yes-within-db", "Not in the usual sense: it's a lock inside one database, but since every worker goes through that database it does give them mutual exclusion.", true},
		{"row-lock", "yes-within-db", "Not in the textbook sense, yet it does coordinate every worker that touches the table, because they all go through one database.", true},
		{"row-lock", "yes-within-db", "Not strictly: it lives on one server, but it does serialise all the clients of that database.", true},
		{"row-lock", "yes-within-db", "Not in the usual sense: it lives on one server, and it does nothing outside that database.", false},
		{"row-lock", "yes-within-db", "Not really: it's local to one database, but it does not coordinate anything across machines.", false},
	})
}

// TestPauseWhateverTheFigure: a pause said to strike whatever figure is
// chosen makes choose-ttl's no-safe-value; "whatever value" said of
// something else does not.
func TestPauseWhateverTheFigure(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "A worker can freeze at the worst moment whatever figure we choose, so the store checks a ticket.", true},
		{"choose-ttl", "no-safe-value", "Regardless of the timeout you set, a stalled holder can wake up after it.", true},
		{"choose-ttl", "no-safe-value", "Whatever value you choose, measure it against the p99.9 of the job.", false},
		{"choose-ttl", "no-safe-value", "Whatever figure I choose, I renew it every third of the period.", false},
		{"choose-ttl", "no-safe-value", "Pick a TTL and pause the worker in a test to see what happens.", false},
	})
}

// TestLockReachDenied: the row lock's reach denied over an outside effect
// ("doesn't extend to that side effect", "can't reach the HTTP call")
// makes row-lock's outside-effects; the reach asserted, or denied of
// something else, does not.
func TestLockReachDenied(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "outside-effects", "The lock doesn't extend to the webhook you fire halfway through.", true},
		{"row-lock", "outside-effects", "Its protection can't reach the HTTP call you make to the provider.", true},
		{"row-lock", "outside-effects", "The row lock does not apply to the email you send from inside the transaction.", true},
		{"row-lock", "outside-effects", "The lock extends to the side effect because the call happens inside the transaction.", false},
		{"row-lock", "outside-effects", "The transaction doesn't extend past the commit, so keep it short.", false},
		{"row-lock", "outside-effects", "The API call doesn't reach the database until the worker commits.", false},
	})
}
