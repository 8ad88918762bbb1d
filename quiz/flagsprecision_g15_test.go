package quiz_test

import "testing"

// TestReadingRulesG15 holds grader g15's red-flag precision rules to
// sentences of our own: for each class of wording the grader took for a
// claim on a passing answer of the validation writers AP and AQ, phrasings
// that deny, reject or qualify the mistake (no flag) beside near-misses
// that make it (flag). None of these sentences is a corpus answer.
func TestReadingRulesG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A closing "which it isn't" denies the clause before it: the
		// sentence describes someone's belief and takes it back.
		{"which it isn't: belief denied", "redis-wait-safe", "wait-makes-safe",
			"Our team lead reads WAIT as synchronous replication, which it isn't. A replica that acked can still be passed over at failover.", false},
		{"which it is not: belief denied", "redis-wait-safe", "wait-makes-safe",
			"The plan treats WAIT as making the write synchronous, which it is not.", false},
		{"near-miss: which isn't a problem judges, not denies", "redis-wait-safe", "wait-makes-safe",
			"WAIT makes the replication synchronous, which is why the lock survives failover.", true},
		{"near-miss: the clause goes on after the denial", "redis-wait-safe", "wait-makes-safe",
			"WAIT makes replication synchronous, which it isn't usually, but it is with WAIT 1.", true},

		// "I would reject both" sets aside the fixes of the sentence
		// before it, as "Instead, ..." does.
		{"reject both: the quick fixes named", "holder-id-guard", "owner-guard-is-fence",
			"Two quick fixes come to mind: shorten the reclaim interval, or compare the claim time before each write. I would reject both: a shorter interval only reclaims slow jobs sooner.", false},
		{"we would reject both", "holder-id-guard", "owner-guard-is-fence",
			"Shortening the reclaim interval fixes it, and so would comparing the claim time before writing. We would reject both.", false},
		{"near-miss: the fix asserted, no rejection after", "holder-id-guard", "owner-guard-is-fence",
			"Shortening the reclaim interval fixes it. I would also add logging.", true},
		{"near-miss: a design that rejects writes is no verdict", "holder-id-guard", "owner-guard-is-fence",
			"Shortening the reclaim interval fixes it. We reject those writes with an old owner anyway.", true},

		// A subjectless note that closes a list item ("Lowers the odds,
		// doesn't remove them.") judges the whole item too weak.
		{"item closed by a weakening note", "unfenceable-resource", "client-side-fencing",
			"Options:\n\n1. **Verify we still hold the lease right before the call.** Skip the call if little time is left. Lowers the odds, doesn't remove them.\n\n2. Provider idempotency keys tied to the order.", false},
		{"item closed by only-weakener", "unfenceable-resource", "client-side-fencing",
			"Options:\n\n1. Verify we still hold the lease right before the call. Only narrows the gap.\n\n2. Provider idempotency keys tied to the order.", false},
		{"near-miss: a bare weakener is a benefit", "unfenceable-resource", "client-side-fencing",
			"Options:\n\n1. Verify we still hold the lease right before the call. Reduces duplicate charges.\n\n2. Provider idempotency keys tied to the order.", true},
		{"near-miss: the note denies something else", "unfenceable-resource", "client-side-fencing",
			"Options:\n\n1. Verify we still hold the lease right before the call, and that makes it safe. Reduces duplicates, doesn't need fencing.\n\n2. Provider idempotency keys tied to the order.", true},
		{"near-miss: the note closes another item", "unfenceable-resource", "client-side-fencing",
			"Verify we still hold the lease right before the call, and that makes it safe.\n\nLonger leases. Lowers the odds, doesn't remove them.", true},

		// A pre-call check sold as making the duplicate rarer is a
		// mitigation, not the fence.
		{"check makes it rarer", "unfenceable-resource", "client-side-fencing",
			"Making duplicates rarer: before calling, the worker checks that most of its lease is left.", false},
		{"near-miss: the check as the whole answer", "unfenceable-resource", "client-side-fencing",
			"Before calling, the worker checks that it still holds the lease, so no second worker can charge.", true},

		// "rather than" names what a clock check does not do.
		{"narrows rather than closes", "unfenceable-resource", "wall-clock",
			"A lease check with a margin.\nIt assumes sane clocks and a quick network, so it narrows rather than closes the window.", false},
		{"near-miss: the clocks said to close the window", "unfenceable-resource", "wall-clock",
			"With NTP on every host the clock comparison closes the window.", true},

		// With fencing at the resource, the lock is what becomes
		// redundant: the correct counterpart, not fencing called needless.
		{"the lock is redundant once fencing is in", "avoid-the-lock", "fencing-unneeded",
			"If correctness matters we need fencing or a conditional write at the resource, and then the lock is often redundant.", false},
		{"near-miss: fencing called redundant", "avoid-the-lock", "fencing-unneeded",
			"With the lock in place, fencing tokens are redundant.", true},

		// "acceptable" that sizes a delay accepts no lost grant.
		{"acceptable failover delay", "choose-ttl", "replication-keeps-lock",
			"A short TTL means a slow holder may lose the lock under it, so we size it from the failover delay we find acceptable.", false},
		{"near-miss: lost grants at failover called acceptable", "choose-ttl", "replication-keeps-lock",
			"If the primary dies we promote a replica; losing a few lock grants in that failover is acceptable.", true},

		// etcd's Mutex named by its API is a key bound to a session lease.
		{"etcd mutex by its API", "etcd-revision-guard", "mutex-no-lease",
			"Guard the write in one etcd transaction: If(mutex.IsOwner()).Then(Put(...)), so it only lands while we hold the mutex we acquired.", false},
		{"near-miss: a mutex with no lease anywhere", "etcd-revision-guard", "mutex-no-lease",
			"Guard the write so it only lands while we hold the mutex we acquired.", true},

		// The harm of a lock told is no design.
		{"lock's harm told", "idempotency-keys", "lock-across-network-call",
			"The per-user lock also hurts: it queues every payment of a user while adding a lease that can expire.", false},
		{"near-miss: hold the lock across the payment", "idempotency-keys", "lock-across-network-call",
			"Take the per-user lock and hold it while calling the payment provider.", true},

		// Exactly once redefined as work safe to repeat.
		{"exactly once means repeatable", "run-job-once", "exactly-once-claim",
			"I make the job safe to rerun, because exactly once in practice means repeatable with the same outcome.", false},
		{"near-miss: the claim row gives exactly once", "run-job-once", "exactly-once-claim",
			"The unique claim row gives exactly once execution, so the job needs no idempotency.", true},
	})
}

// TestPatternsG15 holds the red-flag patterns grader g15 tightened for the
// tuning writers' passing answers (AD to AO) to sentences of our own (the
// DEL-based release and the third mistake's SELECT quote writer AK as
// regression cases): the qualified or counterpart wording (no flag) beside
// the claim (flag).
func TestPatternsG15(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"watch fired, cause hedged", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"When that watch fires the predecessor is gone, but perhaps because its client timed out, not because it held and released the lock.", false},
		{"near-miss: predecessor gone means you hold the lock", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"When the predecessor is deleted you hold the lock and can proceed.", true},

		{"rule taken from the Redlock notes", "redis-early-expiry", "redlock-correctness",
			"Fix: keep a crashed node down for one TTL, the delayed-restart rule in the Redlock notes.", false},
		{"near-miss: Redlock said to fix it", "redis-early-expiry", "redlock-correctness",
			"Fix: switch to Redlock, which is safe against any of this.", true},

		{"a wall clock that lurches", "redis-vs-consensus", "wall-clock",
			"Redis copies the write to replicas later and times expiry by a wall clock that can lurch.", false},
		{"near-miss: wall-clock timestamps order the writes", "redis-vs-consensus", "wall-clock",
			"Each holder stamps its writes with the wall clock, and the later timestamp wins.", true},

		{"same session, ephemeral node still there", "session-suspended", "client-side-fencing",
			"On RECONNECTED in the same session the ephemeral node still exists, so I still hold the lock.", false},
		{"near-miss: the node still there after a pause", "session-suspended", "client-side-fencing",
			"The node still exists, so I still hold the lock.", true},

		{"lock stops overlap, duplicates come one after the other", "idempotency-keys", "lock-instead-of-constraint",
			"A lock stops duplicates that overlap, but ours come one after the other: the first request has finished when the retry lands.", false},
		{"near-miss: the lock stops duplicates", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock stops duplicate charges.", true},

		{"the lock blocks a customer's parallel payments", "idempotency-keys", "lock-instead-of-constraint",
			"The per-customer lock also blocks a customer buying two things at once.", false},
		{"near-miss: the per-customer lock against double charges", "idempotency-keys", "lock-instead-of-constraint",
			"Put a per-customer lock around the charge so a double charge can't happen.", true},

		{"retries arrive after the first", "idempotency-keys", "lock-instead-of-constraint",
			"A lock doesn't help, since retries arrive after the first request rather than concurrently; what we need is an idempotency key.", false},

		{"DEL from a client whose lease already expired", "redis-early-expiry", "plain-del",
			"People: a `DEL`-based release from a client whose lease already expired, or a flush command.", false},
		{"near-miss: release with DEL when done", "redis-early-expiry", "plain-del",
			"When the job is done we release the lock with DEL.", true},

		{"the app as the client that generates the key", "idempotency-keys", "fresh-idempotency-key",
			"The mobile app generates one key per order and resends it on each retry, the server keeps it under a unique index.", false},
		{"near-miss: keys generated on the server", "idempotency-keys", "fresh-idempotency-key",
			"We generate the key on the server for each request.", true},

		{"now inside narration", "idempotency-keys", "wall-clock",
			"The retry lands a moment later, grabs the now free lock and charges again.", false},
		{"near-miss: now() orders the writes", "idempotency-keys", "wall-clock",
			"Each write carries now() from the host, and the later timestamp wins.", true},

		{"the stale holder needs no check, the receiver does it", "fencing-in-real-systems", "client-side-fencing",
			"The receiver keeps the highest epoch and rejects lower ones, so the zombie doesn't need to know it was replaced.", false},
		{"near-miss: the receiver needn't check", "fencing-in-real-systems", "client-side-fencing",
			"The receiver doesn't need to check anything; the holder checks its lease first.", true},

		{"row lock whenever the data is in the same database", "row-lock", "lock-instead-of-constraint",
			"I take a row lock whenever the rows I change are in the same database, since the lock and the write commit together.", false},
		{"near-miss: always take a lock", "row-lock", "lock-instead-of-constraint",
			"I always take a lock before any update, whatever the data.", true},

		// recall: a watch firing said to put the client first in line
		{"first in line once the predecessor is gone", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"When the watch fires the predecessor is gone, so the client is first in line and goes straight into the critical section.", true},

		{"as safe as it gets, of a row lock", "row-lock", "redlock-correctness",
			"For rows in that same database a row lock is about as safe as it gets.", false},
		{"near-miss: Redlock as safe as it gets", "row-lock", "redlock-correctness",
			"Redlock is about as safe as it gets.", true},
		{"a consensus-replicated store survives any failure", "design-lock-service-q", "redlock-correctness",
			"I'd build it on a consensus-replicated store of five nodes so a grant survives any single failure.", false},
		{"near-miss: Redlock survives any failure", "design-lock-service-q", "redlock-correctness",
			"Redlock over five nodes is safe under any failure.", true},

		{"no separate token check: the store fences", "etcd-revision-guard", "fencing-unneeded",
			"etcd does the fencing itself, in the same transaction as the write. No separate token check is needed.", false},
		{"near-miss: no token check needed", "etcd-revision-guard", "fencing-unneeded",
			"The lease is enough, so no fencing tokens are needed.", true},

		{"too short and too long: a trade-off", "choose-ttl", "ttl-as-safety",
			"It is only a trade-off: too short and the lease lapses under a live holder, too long and a crash blocks the job.", false},
		{"near-miss: just make the lease not too short", "choose-ttl", "ttl-as-safety",
			"The only thing that matters is a TTL that is too short, so make it long.", true},

		{"the guarantee is at-least-once", "skip-locked-queue", "ttl-as-safety",
			"The reaper requeues expired leases, and handlers are idempotent because the guarantee is at-least-once.", false},
		{"near-miss: heartbeats guarantee one worker", "skip-locked-queue", "ttl-as-safety",
			"The heartbeat renews the lease, which guarantees nobody else gets the job.", true},

		{"the workers' clocks don't matter to a server-side TTL", "two-holders", "clocks-irrelevant",
			"The workers' clocks don't matter here: the lock server enforces the TTL, so client skew is not the cause.", false},
		{"near-miss: clock jumps don't matter", "two-holders", "clocks-irrelevant",
			"Clock jumps don't matter for the lock.", true},

		{"guaranteed to be stolen while alive", "holder-id-guard", "ttl-as-safety",
			"Nothing refreshes the claim, so a long job is guaranteed to be stolen while alive.", false},
		{"near-miss: the heartbeat keeps it safe while alive", "holder-id-guard", "ttl-as-safety",
			"A heartbeat refreshes the claim while the worker is alive, so the job is safe.", true},

		{"no replicas, since failover recreates the problem", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"No replicas behind the masters, since failover would recreate the replication problem per node.", false},
		{"near-miss: a replica per node", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Give each of the five masters a replica so a node can fail over.", true},

		{"the lock ends while the call is in flight", "row-lock", "lock-across-network-call",
			"Not for external calls: the lock ends when the connection dies while the payment call may still be in flight.", false},
		{"near-miss: hold the row lock during the payment call", "row-lock", "lock-across-network-call",
			"Keep the row lock while calling the payment API, then commit.", true},

		{"renewal interval plus pauses under the TTL", "choose-ttl", "ttl-as-safety",
			"Add the worst GC pause to the renewal interval and keep that well under the TTL.", false},
		{"near-miss: pauses well under the TTL make it safe", "choose-ttl", "ttl-as-safety",
			"Our GC pauses stay well under the TTL, so the lock is safe.", true},

		{"TTL from the renewal interval for a typical job", "choose-ttl", "ttl-below-runtime",
			"For a typical job with 10 s renewals I'd set the TTL to about 30 s.", false},
		{"near-miss: TTL from the typical run time", "choose-ttl", "ttl-below-runtime",
			"Set the TTL to the typical job duration.", true},

		{"check before the write, the gap named under a negation", "holder-id-guard", "client-side-fencing",
			"A third is checking ownership in a separate SELECT before the write, because the row isn't locked in between.", false},
		{"near-miss: check ownership before the write", "holder-id-guard", "client-side-fencing",
			"The worker checks it still holds the claim before the write, and that is enough.", true},

		{"you've held a lock through a network call: the cost told", "row-lock", "lock-across-network-call",
			"The row lock doesn't cover the API call. And you've held a connection and a lock for the duration of a network call.", false},
		{"near-miss: hold the lock for the duration of the call", "row-lock", "lock-across-network-call",
			"We hold the row lock for the duration of the network call to the provider.", true},

		{"also a bad idea: a fresh key per attempt", "unfenceable-resource", "fresh-idempotency-key",
			"Also a bad idea: a fresh idempotency key per attempt.", false},
		{"near-miss: a fresh key per attempt proposed", "unfenceable-resource", "fresh-idempotency-key",
			"Send a fresh idempotency key per attempt so each call is unique.", true},
	})
}
