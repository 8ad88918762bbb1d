package quiz_test

import "testing"

// Texts g16: a lock on etcd or ZooKeeper said to keep mutual exclusion
// through a long pause of its holder. Such a lock is a lease (an etcd
// lease, a ZooKeeper session), and it expires under a holder that is
// paused, as a Redis key's TTL does; consensus keeps the service's own
// state safe, not the holder's belief that it still owns the lock. The
// pattern for Redis locks (g15) left etcd and ZooKeeper out, so the claim
// went unflagged. A member of the ensemble pausing, which consensus does
// survive, and a lock kept safe through the pause by a check at the
// resource are not the claim.
func TestConsensusLockThroughPauseG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"etcd lock keeps exclusion through a long collection", "redis-vs-consensus", "redlock-correctness",
			"I'd pick etcd here. Its lock keeps mutual exclusion even through a long garbage-collection pause, since Raft backs it.", true},
		{"ZooKeeper guarantees it even when the owner freezes", "design-lock-service-q", "redlock-correctness",
			"With ZooKeeper the lock guarantees mutual exclusion even when its owner freezes for a minute, because the ephemeral znode lives in a replicated ensemble.", true},
		{"stays exclusive despite a stop-the-world stall", "etcd-revision-guard", "redlock-correctness",
			"Because etcd is consensus-based, our job lock stays exclusive despite a stop-the-world stall in the client.", true},

		{"near-miss: a member of the ensemble pauses", "redis-vs-consensus", "redlock-correctness",
			"Raft keeps mutual exclusion even if one member pauses, because the others elect a new leader.", false},
		{"near-miss: denied for etcd too", "redis-vs-consensus", "redlock-correctness",
			"An etcd lock does not keep mutual exclusion through a long GC pause either: the lease runs out and someone else gets it.", false},
		{"near-miss: kept by the revision check", "etcd-revision-guard", "redlock-correctness",
			"The etcd lock keeps mutual exclusion even through a long pause only because every write is a transaction on the lock key's revision.", false},
	})
}
