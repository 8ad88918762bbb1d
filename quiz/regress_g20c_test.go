package quiz_test

import (
	"testing"
)

// twoHoldersClaim is the claim the guessed-cause cases of
// TestRegressedG20c follow: SET NX said to rule out two holders.
const twoHoldersClaim = "SET NX is atomic, so two workers can never both hold the lock. "

// regressG20cBases are short correct answers of our own, by question,
// that the sentences of TestRegressedG20c are added to; each passes with
// no red flag on its own.
var regressG20cBases = map[string]string{
	"zookeeper-lock-recipe": "Each client creates an ephemeral sequential node under the lock path, and the client whose node has the lowest sequence number holds the lock. Every other client watches only the node just before its own, so one release wakes one client. If the holder's session ends, its ephemeral node is deleted and the next waiter gets the lock. The session is still a lease, so the resource should check the lock node's czxid as a fencing token.",
	"two-holders":           "I'd compare how long the critical section took with the TTL and look for GC pauses, read the release for a plain DEL, and read the acquire for SETNX then EXPIRE. I'd check whether Redis failed over, and build the timeline from the lock store's records rather than the workers' clocks. The lasting fix is a fencing token that the storage checks.",
	"run-job-once":          "A lock alone cannot make it run exactly once: a paused holder loses its lease and another instance runs the job. A run can also die halfway, so plan for retries: at-least-once plus idempotence. Each run claims its period with an insert into a table with a unique key on job and period, and the loser's insert fails so it skips; the job's effects are keyed by the run so a second run changes nothing.",
	"redis-wait-safe":       "No. WAIT is not consensus: it only reports how many replicas got the write, and a short count undoes nothing. Sentinel can promote a replica that never acknowledged, so the lock can still be lost, and a split brain can run two primaries that both grant it. For correctness the resource must still check a fencing token, or the lock moves to etcd.",
	"outbox-pattern":        "A lock around the two writes does not make them atomic: the commit and the Kafka publish are two systems, and a crash between them loses one. Write the event as an outbox row in the same transaction as the status change; a relay publishes outbox rows and marks them sent. Delivery is at least once, so consumers deduplicate on the event id.",
}

// TestRegressedG20c holds the second adversarial review of g20g (review20
// adversarial-2, items 1-5, 7, 8) on the regressG20cBases answers: a correct
// sentence raises no flag (a herd effect defined by the crowd that hits
// the ensemble, a verdict that rejects the claim before it, a row written
// at the end that does not stop a second run, an "only if" that
// conditions a failover's safety), and a wrong one raises it (a guessed
// cause with an article, a producer exception said to roll the row back,
// the marker written once the job finishes said to stop a second run).
// The first sentences of each group are the reviewer's, the last ones our
// own; none is a corpus answer.
func TestRegressedG20c(t *testing.T) {
	checkInserted(t, func(q string) string { return regressG20cBases[q] }, true, []flagCase{
		// 1. A definition of the herd effect claims something only when
		// its content is wrong, not because it names the ensemble.
		{"1a single release sends every client to the ensemble", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is when a single release sends every waiting client to the ensemble at once.", false},
		{"1b hundreds hammer the ensemble", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect means hundreds of clients hammer the ensemble with getChildren calls after the holder's node disappears.", false},
		{"1c the crowd queries the ensemble", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is what happens when the holder's node goes away and the whole crowd of clients queries the ensemble together.", false},
		{"1d every waiter queries the ensemble", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is when every waiting client queries the ensemble at once after a release.", false},
		{"1e the ensemble flooded", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect means the ensemble is flooded by all the clients at once whenever the lock is released.", false},
		{"1f two clients both hold", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect means two clients both hold the lock after a session expires.", true},
		{"1g so many servers", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is when the ensemble has so many servers that leader elections get slow.", true},
		{"1h a deadlock", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is a deadlock between the clients waiting.", true},
		{"1i no herd, all watch the same node", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"No herd forms because all the waiters watch the same node.", true},
		{"own: waiters hit the ensemble together", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is when all the waiting clients hit the ensemble at the same moment after one release.", false},
		{"own: herd effect as an ensemble election", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect means the ensemble keeps holding leader elections because it has too many nodes.", true},

		// 2. A verdict word after a guess still rejects the claim before
		// it; only a fault noun names a suspect.
		{"2a probably wrong", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "That's probably wrong, since the key can expire under a paused holder.", false},
		{"2b likely wrong", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "That's likely wrong: the key can expire under a paused holder.", false},
		{"own: surely a misconception", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "That is surely a misconception, because a paused holder can outlive its key.", false},
		{"own: probably false", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "That's probably false: the key can expire while the holder is paused.", false},

		// 5. A guessed cause with an article names a suspect.
		{"5a must be a bug in our logging", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "It must be a bug in our logging.", true},
		{"5b has to be a race in the client library", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "It has to be a race in the client library.", true},
		{"5c probably a bug in the logging", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "It's probably a bug in the logging.", true},
		{"own: must be a glitch in the network", "two-holders", "single-threaded-lock",
			twoHoldersClaim + "It must be a glitch in the network between the workers.", true},

		// 3. A row written at the end is the claim only when it is what
		// stops the second run.
		{"3a records the duration", "run-job-once", "run-recorded-after",
			"Only the instance whose insert succeeds runs the job; once the job is done it records the duration in the same row.", false},
		{"3b completion record for auditing", "run-job-once", "run-recorded-after",
			"A completion record written after the job is still useful for auditing.", false},
		{"3c log entry at the end", "run-job-once", "run-recorded-after",
			"Each run also writes a log entry at the end, which is fine for auditing.", false},
		{"own: end time for the dashboard", "run-job-once", "run-recorded-after",
			"When the job finishes, the winner adds its end time to the row so the dashboard can show it.", false},

		// 8. The marker written once the job finishes, said to stop a
		// second run.
		{"8a marker once the job finishes", "run-job-once", "run-recorded-after",
			"We write the marker once the job finishes, so it never runs twice.", true},
		{"own: row after the job, never twice", "run-job-once", "run-recorded-after",
			"Each instance inserts the period row after the job finishes, so the job never runs twice.", true},

		// 4. An "only if" conditions the safety; it does not claim it.
		{"4a only if the acked replica is promoted", "redis-wait-safe", "wait-makes-safe|replication-keeps-lock",
			"A failover won't lose the lock only if the promoted replica is the one that acked.", false},
		{"own: survives only if", "redis-wait-safe", "wait-makes-safe|replication-keeps-lock",
			"The lock can't be lost in a failover only if Sentinel promotes the replica that acknowledged it.", false},

		// 7. A producer exception said to roll the row back.
		{"7a producer exception rolls back", "outbox-pattern", "dual-write-atomic",
			"Send first, then commit; a producer exception rolls back the row, so the row and the event stay in sync.", true},
		{"own: exception aborts, always agree", "outbox-pattern", "dual-write-atomic",
			"Publish inside the transaction; any exception from Kafka rolls it back, so the table and the topic always agree.", true},
	})
}
