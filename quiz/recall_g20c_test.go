package quiz_test

import (
	"testing"
)

// g20cBases are short correct answers of our own, by question, that the
// claims of TestRecallG20c are appended to. They name no counterpart of
// the flags tested on them, so each claim is judged as a plain claim.
var g20cBases = map[string]string{
	"outbox-pattern":         "A lock does not help here: the database commit and the Kafka publish are two systems with no shared commit, and consumers must expect an event twice.",
	"redis-wait-safe":        "WAIT blocks until the given number of replicas acknowledged the write or the timeout passed, and its return value has to be checked.",
	"optimistic-concurrency": "Each document carries a version number that the edit form sends back, and a conflict is shown to the user so they can merge.",
	"zookeeper-lock-recipe":  "The lock is a znode that goes away when the holder's session ends, so a crashed holder frees it without anyone deleting it.",
	"idempotency-keys":       "The retry is a second request for the same payment, and the server cannot tell it from a new payment unless the request says which payment it is.",
	"holder-id-guard":        "The claim row records the owner and the claim time, and every write of the job goes through that row.",
	"fencing-token":          "A fencing token is a number that grows with every grant of the lock. The storage remembers the highest token it accepted and turns away a write with a smaller one.",
	"two-holders":            "I would line up the lock server's grants with the writes on the storage, look for a holder that paused past its TTL, and add a fencing token that the storage checks.",
	"run-job-once":           "A lock alone keeps two instances from overlapping, but a late instance can still run the period again after the first one released it.",
}

// TestRecallG20c: a plainly asserted claim of each kind g20g covers raises
// its red flag when added to a correct answer; its correct counterpart,
// and the claim negated, questioned, made conditional, quoted or rejected,
// raise none.
func TestRecallG20c(t *testing.T) {
	checkInserted(t, func(q string) string { return g20cBases[q] }, false, []flagCase{
		// The event published before the commit said to be fine.
		{"send before commit is fine", "outbox-pattern", "dual-write-atomic", "It's fine to send the event to Kafka before committing, since an exception from the producer aborts the transaction.", true},
		{"emit before commit is safe", "outbox-pattern", "dual-write-atomic", "Emitting the event just before the commit is safe: if the broker rejects it, we roll back.", true},
		{"failed send rolls back so they agree", "outbox-pattern", "dual-write-atomic", "When the producer throws, the update rolls back with it, so the table and the topic always agree.", true},
		{"publish before commit is unsafe", "outbox-pattern", "dual-write-atomic", "Publishing before the commit is not safe: the send can succeed and the commit then fail, leaving an event for a change that never happened.", false},
		{"publish before commit questioned", "outbox-pattern", "dual-write-atomic", "Is it fine to send the event before committing?", false},
		{"publish before commit rejected", "outbox-pattern", "dual-write-atomic", "Some say publishing before the commit is safe because a failed send rolls back, but that is a myth.", false},
		{"publish before commit quoted", "outbox-pattern", "dual-write-atomic", `The claim "sending before the commit is safe" is wrong.`, false},
		// WAIT said to make the lock safe across failover.
		{"wait returned so failover cannot lose it", "redis-wait-safe", "wait-makes-safe", "Once WAIT has returned 1, a failover can no longer lose the lock.", true},
		{"wait for all replicas, as safe as zookeeper", "redis-wait-safe", "wait-makes-safe", "Wait for every replica to acknowledge and the lock is as safe as ZooKeeper.", true},
		{"acked key survives promotion", "redis-wait-safe", "wait-makes-safe", "After WAIT confirms the replica acked the key, a promotion cannot drop it.", true},
		{"failover can still lose it", "redis-wait-safe", "wait-makes-safe", "Even when WAIT returns 1, a failover can still lose the lock, since Sentinel may promote a replica that never got it.", false},
		{"not as safe as zookeeper", "redis-wait-safe", "wait-makes-safe", "WAIT does not make the lock as safe as ZooKeeper.", false},
		{"wait claim questioned", "redis-wait-safe", "wait-makes-safe", "Does a successful WAIT mean a failover can no longer lose the key?", false},
		// Read, compare in the application, then save.
		{"compare in the app as safe as where", "optimistic-concurrency", "check-then-act-safe", "Comparing the version in application code just before the save is as good as a conditional update.", true},
		{"compare then save prevents lost update", "optimistic-concurrency", "check-then-act-safe", "Load the row, compare its version with the one the form sent, then save it: that prevents the lost update.", true},
		{"check in the service equally safe", "optimistic-concurrency", "check-then-act-safe", "Checking the version in the service before writing is equally safe, since the gap is tiny.", true},
		{"conditional write counterpart", "optimistic-concurrency", "check-then-act-safe", "The version check goes into the UPDATE's WHERE clause, so the database compares and writes in one statement and a stale save updates zero rows.", false},
		{"app compare rejected", "optimistic-concurrency", "check-then-act-safe", "A compare in the application and a later save is not as safe as the version in the WHERE clause: another save can land in between.", false},
		{"app compare conditional", "optimistic-concurrency", "check-then-act-safe", "If we compared in the service and then saved, a second save could land between the two.", false},
		// The herd effect misdefined, or avoided by all waiters watching the lock node.
		{"herd effect as ensemble size", "zookeeper-lock-recipe", "zk-recipe-wrong", "The herd effect is when the ensemble has too many servers and leader elections get slow.", true},
		{"herd effect as a deadlock", "zookeeper-lock-recipe", "zk-recipe-wrong", "The herd effect means a deadlock between the waiting clients.", true},
		{"herd effect as two holders", "zookeeper-lock-recipe", "zk-recipe-wrong", "The herd effect is when two clients hold the lock at the same time.", true},
		{"herd avoided by all watching the lock node", "zookeeper-lock-recipe", "zk-recipe-wrong", "The recipe avoids the herd effect by having every waiter watch the lock node.", true},
		{"herd effect defined right", "zookeeper-lock-recipe", "zk-recipe-wrong", "The herd effect is when every waiter watches the lock node, so one release wakes them all at once.", false},
		{"herd avoided by the predecessor watch", "zookeeper-lock-recipe", "zk-recipe-wrong", "The recipe avoids the herd effect by having every waiter watch only the node just before its own.", false},
		{"herd effect is not a deadlock", "zookeeper-lock-recipe", "zk-recipe-wrong", "The herd effect is not a deadlock: it is a burst of load when one release wakes every waiter.", false},
		// A per-customer lock said to deduplicate retried payments.
		{"customer lock deduplicates retries", "idempotency-keys", "lock-instead-of-constraint", "A lock per customer id deduplicates the retries: the second request finds the lock taken.", true},
		{"retry rejected, no double charge", "idempotency-keys", "lock-instead-of-constraint", "Take SET NX on the customer for a minute; a retry in that minute is refused, which prevents the double charge.", true},
		{"no table needed", "idempotency-keys", "lock-instead-of-constraint", "That stops the double charge without any extra table or key on the client.", true},
		{"customer lock only serialises", "idempotency-keys", "lock-instead-of-constraint", "A lock per customer only serialises the requests; it does not deduplicate a retry that comes after the first one finished.", false},
		{"customer lock rejected", "idempotency-keys", "lock-instead-of-constraint", "Some say a lock on the customer stops double charges, but that is a myth.", false},
		// The client's clock as the version or as proof of ownership.
		{"browser time as the version", "optimistic-concurrency", "wall-clock", "The version can simply be the browser's clock reading when the page loaded, which is monotonic enough.", true},
		{"own clock proves ownership", "holder-id-guard", "wall-clock", "The worker's own clock proves it still owns the claim while fewer than ten minutes have passed.", true},
		{"client timestamp as the token", "fencing-token", "wall-clock", "Each client uses its own timestamp as the fencing token.", true},
		{"server counter as the version", "optimistic-concurrency", "wall-clock", "The version is a counter the database increments on every save; client clocks are not used for it.", false},
		{"client clocks cannot be trusted", "holder-id-guard", "wall-clock", "The worker's own clock proves nothing, since clocks drift and jump.", false},
		// SET NX said to make two holders impossible.
		{"set nx atomic, never two holders", "two-holders", "single-threaded-lock", "SET NX is atomic, so two workers can never both hold the lock.", true},
		{"single atomic command, two holders impossible", "two-holders", "single-threaded-lock", "Because SETNX is a single atomic command, having two holders at the same time is impossible.", true},
		{"cannot happen with set nx", "two-holders", "single-threaded-lock", "Two holders cannot happen with SET NX, since the command is atomic.", true},
		{"set nx atomic but the key expires", "two-holders", "single-threaded-lock", "SET NX is atomic, so two clients cannot both create the key at the same moment, but the key can expire under a paused holder.", false},
		// The run-once record written after the job finishes.
		{"row written when the job completes", "run-job-once", "run-recorded-after", "Each instance writes its row for the period when the job completes, and the unique key stops the others.", true},
		{"run recorded after success, single run", "run-job-once", "run-recorded-after", "We only record the run in job_runs after the job succeeds, so the table guarantees a single run per period.", true},
		{"insert at the end of the run", "run-job-once", "run-recorded-after", "At the end of the run each instance inserts the period row; a duplicate insert fails and is logged.", true},
		{"claim before, mark done after", "run-job-once", "run-recorded-after", "Insert the period row before running the job, and mark it done when the job finishes.", false},
		{"after the run is too late", "run-job-once", "run-recorded-after", "Writing the row only after the job finishes is too late: every instance has already run it.", false},
		{"after the run questioned", "run-job-once", "run-recorded-after", "Should the row be written after the job finishes?", false},
	})
}

// TestReadingRulesG20c holds the reading rules g20g changed, on sentences
// of our own: a failure's definition claims what its name means, a guess
// at an incident's cause rejects nothing before it, a threat denied its
// effect is a benefit sold, a check inside a condition or timed just
// before an action is a design step, and an if-clause approved outright
// recommends its step; each beside a case the rule must leave alone.
func TestReadingRulesG20c(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A definition of a failure by name.
		{"herd effect defined as leader load", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The lock is a znode that goes away with its holder's session. The herd effect means every request lands on the leader and swamps it.", true},
		{"herd effect defined, its cause not proposed", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Each waiter watches only the node just before its own. The herd effect is when every waiter watches the one lock node, so one release wakes all of them.", false},
		// A guess at the incident's cause after the claim.
		{"atomic set nx, then a guessed cause", "two-holders", "single-threaded-lock",
			"SET NX is atomic, so two workers can never both hold the lock. It must be a kernel bug on the Redis host.", true},
		{"a practice, then judged a mistake", "two-holders", "single-threaded-lock",
			"SET NX is atomic, so two workers can never both hold the lock. That has to be a mistake, since the key can expire under a paused holder.", false},
		// A threat denied its effect after "so".
		{"pause will never stop the renewals", "etcd-revision-guard", "ttl-as-safety",
			"The worker writes with a transaction that compares its key's create revision. Also the lease can be long, because the renewer runs on its own goroutine, so a GC pause will never stop the renewals.", true},
		{"nothing stops the stale write", "etcd-revision-guard", "ttl-as-safety",
			"The worker writes with a transaction that compares its key's create revision. A plain put with a long lease was our first version, so nothing stopped the stale write.", false},
		// A check inside a condition, or timed just before the action.
		{"check inside the condition", "redis-wait-safe", "wait-makes-safe",
			"WAIT blocks until replicas acknowledged the write. If you call WAIT for every replica and check the reply, then a failover can't lose the lock.", true},
		{"check after a condition is a debugging step", "redis-wait-safe", "wait-makes-safe",
			"WAIT blocks until replicas acknowledged the write. If the lock went missing, check the failover log, the replica offsets and whether WAIT returned 0.", false},
		{"check right before the call", "unfenceable-resource", "client-side-fencing",
			"The provider cannot check a token. Right before each call, check the remaining lease time is above ten seconds, and then the call is fully safe.", true},
		{"check without a moment is a debugging step", "unfenceable-resource", "client-side-fencing",
			"The provider cannot check a token. After the incident, check the remaining lease time, the GC log and the provider's request ids.", false},
		// An if-clause approved outright.
		{"if you check it, you're covered", "session-suspended", "client-side-fencing",
			"On SUSPENDED I stop the protected work. If you set a flag in the listener and check it before every write, you're covered.", true},
		{"if you check it, a pause still slips past", "session-suspended", "client-side-fencing",
			"On SUSPENDED I stop the protected work. If you set a flag in the listener and check it before every write, a pause after the check still lets a stale write through.", false},
	})
}
