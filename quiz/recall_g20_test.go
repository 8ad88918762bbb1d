package quiz_test

import (
	"testing"
)

// g20Bases are short correct answers of our own, by question, that the
// claims of TestRecallG20 are appended to.
var g20Bases = map[string]string{
	"redlock-operations-q":  "Every node persists the key before it replies, or a crashed node stays out for longer than the longest TTL. A client that misses the majority unlocks all five nodes, and retries wait a random delay.",
	"redis-vs-consensus":    "Redis replicates after it replies, so a failover can lose a granted lock. etcd commits through a quorum first and its revisions only grow, so the storage can use them as fencing tokens.",
	"design-lock-service-q": "I would keep the lock state in a small Raft group, grant through the leader with server-side leases, and hand out the log index as a fencing token that the storage checks.",
	"etcd-revision-guard":   "The worker writes with a transaction whose compare checks that its lock key still has the create revision it got, so a stale holder's put fails.",
	"extend-lease":          "A background renewer extends the lease well before it runs out, and the write carries a fencing token that the storage compares.",
}

// TestRecallG20: a plainly asserted claim of each kind g20 covers raises
// its red flag when added to a correct answer, and its correct
// counterpart, or the claim rejected, raises none.
func TestRecallG20(t *testing.T) {
	checkInserted(t, func(q string) string { return g20Bases[q] }, false, []flagCase{
		// Redlock said to tolerate pauses because a majority must agree.
		{"redlock tolerates pauses", "redlock-operations-q", "redlock-correctness", "Redlock rides out process pauses, because a majority of the masters has to agree.", true},
		{"majority survives gc", "redis-vs-consensus", "redlock-correctness", "Since a majority must agree, Redlock survives long GC pauses.", true},
		{"node failures tolerated, pauses not", "redis-vs-consensus", "redlock-correctness", "Redlock tolerates the loss of two masters, but it does not survive a GC pause.", false},
		{"pause still breaks it", "redis-vs-consensus", "redlock-correctness", "Redlock survives a crashed node, yet a long stall still leaves two holders.", false},
		{"quoted and refuted", "redlock-operations-q", "redlock-correctness", "Immune to pauses, no: the majority is only counted when the lock is taken.", false},
		// The fencing token dropped because Redlock runs the lock.
		{"redlock skips fencing", "redlock-operations-q", "redlock-correctness", "Once Redlock runs on five masters, we can drop the fencing token altogether.", true},
		{"redlock cannot skip fencing", "redlock-operations-q", "redlock-correctness", "Even on five masters Redlock cannot let us drop the fencing token.", false},
		// Reads from any follower said to be current.
		{"follower reads current", "design-lock-service-q", "follower-grants-locally", "Any follower can answer who holds a lock, since reads from every follower are up to date.", true},
		{"follower reads current, etcd", "etcd-revision-guard", "follower-grants-locally", "Reads served by any follower are current, so the worker can check there.", true},
		{"follower reads can lag", "etcd-revision-guard", "follower-grants-locally", "Reads served by a follower can lag behind the leader unless they go through ReadIndex.", false},
		{"linearizable reads through the leader", "design-lock-service-q", "follower-grants-locally", "Lock queries use linearizable reads that go through the leader, so they are current.", false},
		// The lease left checked just before the write said to end the race.
		{"lease left check ends the race", "extend-lease", "client-side-fencing", "If the worker checks there is enough lease left just before it writes, the race is gone.", true},
		{"lease left check narrows it", "extend-lease", "client-side-fencing", "Checking the lease left just before writing only narrows the gap, so the token check stays.", false},
	})
}
