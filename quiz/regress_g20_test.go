package quiz_test

import (
	"testing"
)

// regressG20Bases are short correct answers of our own, by question, that
// the claims of TestRegressedClaimsG20 are added to. Each raises none of
// the flags checked on its own.
var regressG20Bases = map[string]string{
	"avoid-the-lock":        "When a duplicate run only wastes some work, I skip the lock. When the data can enforce the rule, a unique constraint or one conditional UPDATE does the job with no lock at all.",
	"design-lock-service-q": "I would keep the lock state in a small Raft group, grant through the leader with server-side leases, and hand out the log index as a fencing token that the storage checks.",
	"redis-vs-consensus":    "Redis replicates after it replies, so a failover can lose a granted lock. etcd commits through a quorum first and its revisions only grow, so the storage can use them as fencing tokens.",
	"row-lock":              "Yes, in effect: a row lock coordinates every client, but only for data inside that database. It lasts until commit or rollback, so there is no TTL to guess.",
	"run-job-once":          "A lock alone cannot make the job run exactly once: a paused holder loses its lease and another instance runs it again. So each run claims its period in a table with a unique key, and the job's writes are idempotent.",
	"deadlock-ordering":     "Two transfers in opposite directions can each hold one account and wait for the other, which is a deadlock. Lock both accounts in one global order, by account ID, and if a lease expires mid-transfer the database rejects the stale write by its token.",
	"two-holders":           "I'd compare how long the critical section ran with the TTL and look for GC pauses, then line up the timeline from the Redis logs. The fix is a fencing token that the storage checks.",
	"redlock-operations-q":  "Every node persists the key before it replies, or a crashed node stays out for longer than the longest TTL. A client that misses the majority unlocks all five nodes, and retries wait a random delay.",
}

// TestRegressedClaimsG20 holds the exclusions and reading rules g20 added
// against misfires (a store's own guarantee as the counterpart, a
// consequence handled, a quotation denied, a code place probed, a
// stopping header) to wrong claims they must not swallow: each sentence,
// added to a correct answer, raises its flag. The first sentences of each
// group are the adversarial review's (review20 items 1-8), the others our
// own; none is a corpus answer.
func TestRegressedClaimsG20(t *testing.T) {
	checkInserted(t, func(q string) string { return regressG20Bases[q] }, false, []flagCase{
		// 1. "the problem is" as a rebuttal only when it names the
		// read-modify-write as what breaks, not anywhere in the sentence.
		{"A4 problem solved by the database", "avoid-the-lock", "isolation-prevents-race",
			"The problem is solved by the database itself: it serializes every write, so we read the balance and write it back without a lock.", true},
		{"A5 problem is only latency", "avoid-the-lock", "isolation-prevents-race",
			"Each write is atomic, so we read the value, add one and write it back; the problem is only latency.", true},
		{"own: problem handled by atomic updates", "avoid-the-lock", "isolation-prevents-race",
			"MySQL takes care of the problem: each update is atomic, so the service reads the count and writes the new value back with no lock.", true},
		{"own: the problem is contention", "avoid-the-lock", "isolation-prevents-race",
			"Writes are atomic in Postgres, so we read the balance and save it back; the only thing that breaks is throughput, and the problem is contention.", true},

		// 2. A quorum or a majority does not make a Redis counter a
		// consensus log: only the log's own index is the counterpart.
		{"B1 INCR replicated to a majority", "design-lock-service-q", "replication-keeps-lock",
			"The Redis primary hands out tokens with INCR and replicates to a majority, so the token stays monotonic across failovers.", true},
		{"B2 Sentinel quorum", "design-lock-service-q", "replication-keeps-lock",
			"We use INCR on the primary; since Sentinel needs a quorum to fail over, the counter only goes up even after a failover.", true},
		{"B3 replication log position", "redis-vs-consensus", "replication-keeps-lock",
			"We use the Redis replication log position as the token, and it is strictly increasing across a failover.", true},
		{"B4 counter with a quorum of Sentinels", "redis-vs-consensus", "replication-keeps-lock",
			"A counter on the Redis primary with a quorum of Sentinels is monotonic even after a failover.", true},
		{"own: majority of Sentinels voting", "design-lock-service-q", "replication-keeps-lock",
			"Tokens come from INCR on the Redis primary, and since a majority of Sentinels must vote on a failover, the token is strictly increasing even after a failover.", true},
		{"own: counter reaching a quorum", "redis-vs-consensus", "replication-keeps-lock",
			"The primary's INCR counter reaches a quorum of replicas before we use it, so it only goes up across a failover.", true},

		// 3. No token for writes "in the database" only when the lock is
		// that database's own row lock.
		{"C1 etcd, writes in the database", "redis-vs-consensus", "fencing-unneeded",
			"With etcd a client can never write after its session expired, so no fencing token is needed for writes in the database.", true},
		{"C2 ZooKeeper, the same database as our orders", "redis-vs-consensus", "fencing-unneeded",
			"A ZooKeeper holder cannot write after its session expired, so writes in the same database as our orders need no token.", true},
		{"C3 row lock, S3 uploads too", "row-lock", "fencing-unneeded",
			"The holder can't write after losing the lock, so no token is needed for the S3 uploads either, only for writes in the database.", true},
		{"C4 session, services writing in the database", "design-lock-service-q", "fencing-unneeded",
			"A client can never act after its session expired, so services that write in the database need no fencing.", true},
		{"own: etcd lease, writes in the db", "redis-vs-consensus", "fencing-unneeded",
			"An etcd holder cannot write after its session expires, so no token is needed for our writes in the db.", true},
		{"own: lock service, same db", "design-lock-service-q", "fencing-unneeded",
			"A client can't act on a lock it no longer holds, so workers writing to the same db need no fencing token.", true},

		// 4. The mean time, job or run is the mean runtime.
		{"F5 the job's mean time", "run-job-once", "ttl-below-runtime",
			"I set the lock timeout to the job's mean time plus ten percent.", true},
		{"F6 the mean job length", "run-job-once", "ttl-below-runtime",
			"The mean job takes four minutes, so I size the lease at the mean job length.", true},
		{"own: the mean run", "run-job-once", "ttl-below-runtime",
			"The lease is the mean run plus a minute.", true},
		{"own: the mean runs", "run-job-once", "ttl-below-runtime",
			"We set the lock timeout from the mean runs of last week.", true},

		// 5. Work made safe to repeat grants a second run only when the
		// candidate makes it so, not when they set it aside.
		{"F7 better than making writes harmless", "run-job-once", "ttl-as-safety",
			"A lease longer than the job guarantees no overlap, which is better than making each write harmless to repeat.", true},
		{"own: beats making each step safe", "run-job-once", "ttl-as-safety",
			"A lease longer than the job guarantees one run at a time, which beats making every step safe to repeat.", true},
		{"own: simpler than safe to rerun", "run-job-once", "ttl-as-safety",
			"A TTL longer than the job guarantees no overlap, which is simpler than making the job safe to rerun.", true},

		// 6. A quotation is denied by a denial of its truth, not by a
		// negated prediction the candidate makes about it.
		{"D2 quoted order not going to deadlock", "deadlock-ordering", "lock-order-by-role",
			"We lock \"source then target\" and \"source then target\" is not going to deadlock, since that is a fixed order.", true},
		{"own: quoted order will never deadlock", "deadlock-ordering", "lock-order-by-role",
			"We lock \"source first, then target\", and \"source first, then target\" will never deadlock, because it is the same order every time.", true},
		{"own: quoted order is never going to deadlock", "deadlock-ordering", "lock-order-by-role",
			"Transfers lock \"source then target\"; \"source then target\" is never going to deadlock, as it is a consistent order.", true},

		// 7. A code-place probe ends where the candidate gives a verdict
		// of their own on what they list.
		{"E6 dash, that's fine", "two-holders", "two-commands",
			"Check the acquire code - we use SETNX then EXPIRE as two calls and that's fine.", true},
		{"E9 dash, is safe", "two-holders", "two-commands",
			"I'd check the client code - SETNX then EXPIRE as separate calls is safe, so skip that; then check GC logs.", true},
		{"E1 colon, that's fine", "two-holders", "two-commands",
			"Check the acquire code: we use SETNX then EXPIRE as two calls and that's fine.", true},
		{"own: colon, which is safe", "two-holders", "two-commands",
			"Read the lock code: we call SETNX and then EXPIRE in two round trips, which is safe.", true},
		{"own: dash, is correct", "two-holders", "two-commands",
			"Review the acquire code - SETNX followed by a separate EXPIRE is correct, so nothing to change there.", true},

		// 8. A stopping header refutes the practice named right after the
		// colon, not one recommended after "so", "instead" or a dash.
		{"H2 stop, so replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The first thing we'd stop: running the masters alone, so each of the five masters gets a replica under Sentinel.", true},
		{"H3 stop worrying - replicas fine", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"What I would stop: worrying about replicas - giving each master a replica under Sentinel is fine.", true},
		{"H4 kill single masters; replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"One practice we'll kill: single masters without failover; every master gets a Sentinel replica.", true},
		{"own: stop; replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"What I'd stop: masters with no standby; from now on each of the five masters gets a replica under Sentinel.", true},
		{"own: kill, so replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The habit we'd kill: restarting crashed masters by hand, so every master runs with a Sentinel replica that takes over.", true},
	})
}

// TestNarrowedCounterpartsG20 keeps the correct sentences next to the
// narrowed rules of TestRegressedClaimsG20 unflagged: "means" as a verb
// before a duration word, a stopping header whose practice runs to a
// "since" that explains it, a code place's suspect the candidate calls
// unsafe, and a Redis counter told with what a failover does to it. None
// of these sentences is a corpus answer.
func TestNarrowedCounterpartsG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"'means time' as a verb", "run-job-once", "ttl-below-runtime",
			"A longer lease means time lost after a crash, so the lease stays short and a renewer extends it.", false},
		{"'means running' as a verb", "run-job-once", "ttl-below-runtime",
			"A lease that lapses mid-job means running the job twice, so each run claims its period in a table.", false},
		{"stopped practice explained with since", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The first thing we'd stop: giving each of the five masters a replica under Sentinel, since a promoted replica may never have received the key.", false},
		{"code place's suspect called unsafe", "two-holders", "two-commands",
			"Check the acquire code - SETNX and EXPIRE sent as two calls, which is not safe; then check the GC logs.", false},
		{"quorum of Sentinels does not keep a counter", "redis-vs-consensus", "replication-keeps-lock",
			"A quorum of Sentinels picks the new primary, but the INCR counter is not monotonic across a failover, since the replica may lag.", false},
	})
}
