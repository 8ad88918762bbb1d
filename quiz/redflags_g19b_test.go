package quiz_test

import "testing"

// TestRedFlagPrecisionG19b holds grader g19's second round of precision
// fixes (the tuning writers released this session, AY, BH, BI and BJ) to
// sentences of our own: for each general way a pattern took a correct
// statement for a losing claim, a sentence in that shape that must stay
// quiet, beside the plain losing claim, which must still raise its flag.
// None of these sentences is a corpus answer.
func TestRedFlagPrecisionG19b(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// A first, unconsidered fix named by its haste ("the knee-jerk
		// fix is ...") is a mention to reject, as "the tempting fix" is.
		{"ttl-as-safety: the knee-jerk fix named", "two-holders", "ttl-as-safety",
			"The knee-jerk fix is to double the lease and move on. That only hides the overlap; I would find the cause in the logs and fence the writes.", false},
		{"ttl-as-safety: the fix claimed", "two-holders", "ttl-as-safety",
			"The fix is to double the lease, and then the overlap goes away.", true},

		// The harm of working through SUSPENDED told with "risks".
		{"work-through-suspended: the risk told", "session-suspended", "work-through-suspended",
			"Carrying on through a SUSPENDED state risks a write landing after the session has already been handed to someone else, so I pause the work there.", false},
		{"work-through-suspended: the advice", "session-suspended", "work-through-suspended",
			"SUSPENDED is only a blip, so I keep the job running through SUSPENDED and react only to LOST.", true},

		// A negator's reach stops at the verb coordinated after it: the
		// need in "you don't have X and need Y" is asserted.
		{"lock-instead-of-constraint: don't have fencing and need idempotency", "fencing-token", "lock-instead-of-constraint",
			"When the storage cannot compare tokens, you don't have fencing and need idempotency or a gateway you own.", false},
		{"lock-instead-of-constraint: the claim", "idempotency-keys", "lock-instead-of-constraint",
			"With a lock per customer around the charge we don't need idempotency at all.", true},

		// "Failover-safe" said of the consensus counterpart.
		{"replication-keeps-lock: failover-safe said of etcd", "redis-wait-safe", "replication-keeps-lock",
			"WAIT is no cure for failover; if you need locks that are failover-safe, put them in etcd and keep fencing the writes.", false},
		{"replication-keeps-lock: failover-safe said of WAIT", "redis-wait-safe", "replication-keeps-lock",
			"Calling WAIT 1 after the SET makes the lock failover-safe.", true},

		// A grant kept in the replicated log, worded like the claim.
		{"replication-keeps-lock: grants in the log", "design-lock-service-q", "replication-keeps-lock",
			"Every grant is an entry in the log the replicas agree on, so failover can't lose a lock that was granted.", false},
		{"replication-keeps-lock: the replica claim", "redis-wait-safe", "replication-keeps-lock",
			"Once WAIT returns, a failover can't lose the lock, because the promoted replica has the key.", true},

		// The failure narrated in the sentence: the lock lost while the
		// outside call goes on.
		{"lock-across-network-call: the failure narrated", "row-lock", "lock-across-network-call",
			"Keep the transaction open while calling the shipping API, lose the connection, and the lock is gone while the call carries on.", false},
		{"lock-across-network-call: the plan", "row-lock", "lock-across-network-call",
			"I keep the transaction open while calling the shipping API, so the row stays locked for the whole request.", true},

		// No TTL at all: the database is the lock manager and the
		// resource, so no fencing is needed.
		{"ttl-as-safety: no TTL, the database is both", "row-lock", "ttl-as-safety",
			"For rows in the same database there is no TTL, and no fencing token is needed, because the database is both the lock manager and the resource.", false},
		{"ttl-as-safety: a long TTL instead of fencing", "choose-ttl", "ttl-as-safety",
			"With a TTL long enough for the slowest job, no fencing is needed.", true},

		// Idempotent work needing no exclusion is idempotency doing the job.
		{"exactly-once-claim: idempotent work needs no exclusion", "avoid-the-lock", "exactly-once-claim",
			"Often the job is simpler without a lock: idempotent work doesn't need exclusion in the first place.", false},
		{"exactly-once-claim: the handler needs no idempotency", "avoid-the-lock", "exactly-once-claim",
			"With the lock in place the worker doesn't need idempotency.", true},

		// Replicas per node told with the harm they bring in the sentence.
		{"redlock-replicas: the harm narrated", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Some teams give every node a replica behind Sentinel; then a promotion brings back a node that lost the key and two clients hold majorities.", false},
		{"redlock-replicas: the design", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"For availability I'd give every node a replica behind Sentinel.", true},
	})
}

// TestRedFlagRecallG19b holds grader g19b's recall on the tuning writers
// released this session to sentences of our own: the losing claim in the
// plain words they used (flag), beside the same words set right (no flag).
func TestRedFlagRecallG19b(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// The rollback said to undo all the effects, the call's included.
		{"lock-across-network-call: all the effects undone", "row-lock", "lock-across-network-call",
			"Do the whole job inside the transaction, the call to the shipping service included; if a step fails, the transaction rolls back and all the effects are undone.", true},
		{"lock-across-network-call: the rollback undoes only the database's", "row-lock", "lock-across-network-call",
			"If a step fails the transaction rolls back, but that does not mean all the effects are undone: the shipping request already left.", false},
	})
}
