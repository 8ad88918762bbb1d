package quiz_test

import "testing"

// Tests for g34b: a claim its sentence makes true by its own condition.
// Many red flags name words that are wrong in general and right under a
// condition the candidate states with them: no lock is needed if the job
// is idempotent, a Redis lock is fine when it only saves duplicate work,
// the owner guard becomes a fence once a claim number is checked, a
// failover loses no grant when the locks live in a Raft log. A flag
// declares such conditions (true-when), and a match governed by one (an
// if-clause it runs from into its answer, a mapping's left side, the steps
// a "then" follows) raises nothing; a mapping's pairs ("A -> B, C -> D")
// are bounds no match crosses. g34bCorrect raise their flag on main and
// must stay clean alone and inserted into a clean answer. g34bClaims are
// the same words asserted: the condition conceded ("even if"), denied
// ("without", "instead of", "no claim number needed"), kept apart from the
// claim ("if it is idempotent, the lock makes it run once"), said of Redis,
// in the other pair of a mapping, or in a later clause; they must stay
// flagged. Every sentence is our own.

var g34bCorrect = []flagCase{
	{"correct-01", "holder-id-guard", "owner-guard-is-fence", "Add claim_no, bumped on every claim, and put WHERE claim_no=$c on every write: then the guard becomes a real fence.", false},
	{"correct-02", "design-lock-service-q", "replication-keeps-lock", "State: a replicated state machine on Raft. Locks, sessions and waiter queues live there, so a failover never loses an acknowledged grant.", false},
	{"correct-03", "run-job-once", "lock-instead-of-constraint", "If duplicate runs are harmless (a cache refresh), a Redis lock with SET NX PX keyed by period is enough.", false},
	{"correct-04", "holder-id-guard", "owner-guard-is-fence", "Hand claim_no to every store as a fencing token that it compares with the highest it has seen. Then the guard becomes a real fence.", false},
	{"correct-05", "run-job-once", "lock-instead-of-constraint", "4. If duplicate runs are harmless (a cache refresh), a Redis lock with `SET NX PX` keyed by period is enough: cheap de-duplication.", false},
}

var g34bClaims = []flagCase{
	{"claim-01", "run-job-once", "exactly-once-claim", "If the job is idempotent, the lock makes it run exactly once.", true},
	{"claim-02", "run-job-once", "exactly-once-claim", "Even if the job is idempotent, the lock makes it run exactly once.", true},
	{"claim-03", "run-job-once", "exactly-once-claim", "If the job is idempotent it's fine, and anyway a lock makes it run exactly once.", true},
	{"claim-04", "run-job-once", "exactly-once-claim", "Take a Redis lock for the run: then the job runs exactly once and nothing needs to be idempotent.", true},
	{"claim-05", "run-job-once", "exactly-once-claim", "No need for idempotency: the lock makes the job run exactly once.", true},
	{"claim-06", "avoid-the-lock", "redlock-correctness", "If you use Redlock, correctness is guaranteed.", true},
	{"claim-07", "avoid-the-lock", "redlock-correctness", "Lock only to avoid duplicate work -> redis ok, lock for correctness -> redlock is fine too.", true},
	{"claim-08", "choose-ttl", "fencing-unneeded", "With a long TTL you don't need fencing.", true},
	{"claim-09", "choose-ttl", "fencing-unneeded", "Once the TTL is longer than the longest GC pause, fencing is not needed.", true},
	{"claim-10", "holder-id-guard", "owner-guard-is-fence", "The owner guard is already a real fence.", true},
	{"claim-11", "holder-id-guard", "owner-guard-is-fence", "We skip the claim number and keep WHERE owner = $me: then the guard is a real fence.", true},
	{"claim-12", "holder-id-guard", "owner-guard-is-fence", "Instead of a fencing token we check the owner id; then the owner guard is a real fence.", true},
	{"claim-13", "holder-id-guard", "owner-guard-is-fence", "Then the owner guard is a real fence, no claim number needed.", true},
	{"claim-14", "holder-id-guard", "owner-guard-is-fence", "If we add fencing later, fine, but right now the owner guard is already a real fence.", true},
	{"claim-15", "holder-id-guard", "owner-guard-is-fence", "Without a claim number or any fencing, the owner guard becomes a real fence once the reclaim interval is short.", true},
	{"claim-16", "design-lock-service-q", "replication-keeps-lock", "Keep the locks in Redis with a replica; a failover never loses an acknowledged grant.", true},
	{"claim-17", "design-lock-service-q", "replication-keeps-lock", "Locks, sessions and waiter queues live in a Redis primary with a replica, so a failover never loses an acknowledged grant.", true},
	{"claim-18", "etcd-revision-guard", "etcd-refuses-expired", "Once the lease expires etcd rejects the client's writes.", true},
	{"claim-19", "etcd-revision-guard", "etcd-refuses-expired", "A plain put, with no lease attached, is fine: no Txn needed.", true},
	{"claim-20", "etcd-revision-guard", "etcd-refuses-expired", "When the lease expired, etcd rejects any write from that client, with or without a lease attached.", true},
	{"claim-21", "run-job-once", "lock-instead-of-constraint", "If duplicate runs are harmless, fine; otherwise a Redis lock with `SET NX PX` keyed by period is enough to stop a second run.", true},
}

func TestFixG34bCorrect(t *testing.T) {
	checkFlagCases(t, g34bCorrect)
	checkInserted(t, g24bBase, false, g34bCorrect)
}

func TestFixG34bClaims(t *testing.T) {
	checkFlagCases(t, g34bClaims)
}
