package quiz_test

import "testing"

// Tests for g33a: a red flag's words said of another party. A flag that
// declares the party its mistake is about (about:) and the parties its
// words are true of (true-of:) is not raised by a sentence that names
// none of the first and gives the statement to one of the second: in the
// match's own clauses ("etcd revisions stay monotonic across failover"),
// by an anaphor ("Those stay monotonic ...", after "etcd gives a
// revision"), or in the clause answering a condition ("if you need a lock
// that survives failover, get it from etcd"). g33aCorrect raise their
// flag on main and must stay clean. g33aClaims say the same words of the
// mistaken party, name it beside the other ("..., like etcd does"),
// compare it with the other ("as safe as etcd"), or refer to it by an
// anaphor ("We run Redis with Sentinel. It keeps ..."), and must stay
// flagged. Two systems set apart by a "while" that opens a clause on a
// system's name ("Redlock has no fencing token, while etcd doesn't need
// timing assumptions") join no claim across it, as with "whereas"; a
// "while" that tells a time, a claim drawn after the while-clause, or one
// the while-clause says again on its own still raises the flag. Every
// sentence is our own.

var g33aCorrect = []flagCase{
	{"correct-01", "redis-vs-consensus", "replication-keeps-lock", "ZooKeeper gives sequential znodes and zxids; etcd gives a global revision and a per-key create revision. Those stay monotonic across failover, so they work as fencing tokens.", false},
	{"correct-02", "redis-wait-safe", "replication-keeps-lock", "If you need a lock that survives failover, get it from etcd or ZooKeeper, where writes are majority-committed and fsync'd.", false},
	{"correct-03", "redis-early-expiry", "plain-del", "allkeys-* policies drop any key and volatile-* policies drop keys with a TTL.", false},
	{"correct-05", "redis-vs-consensus", "fencing-unneeded", "Redlock has no fencing token, and its safety depends on bounded clock drift and bounded pauses, while etcd and ZooKeeper don't need timing assumptions for the grant itself to be safe.", false},
	{"correct-04", "redis-early-expiry", "plain-del", "Eviction: when maxmemory is reached, allkeys-* policies can drop any key and volatile-* policies drop keys with a TTL, the lock keys included.", false},
}

var g33aClaims = []flagCase{
	{"claim-01", "redis-lock-and-failure", "replication-keeps-lock", "The lock survives failover because Redis replicates it.", true},
	{"claim-02", "redis-lock-and-failure", "replication-keeps-lock", "If you need a lock that survives failover, a Redis replica with AOF is enough.", true},
	{"claim-03", "redis-lock-and-failure", "replication-keeps-lock", "The replica already has the lock key, so the lock survives failover.", true},
	{"claim-04", "redis-lock-and-failure", "replication-keeps-lock", "Use Sentinel: the replica has every key, so nothing is lost when the primary fails over, like etcd.", true},
	{"claim-05", "redis-lock-and-failure", "replication-keeps-lock", "The trade-off is small, but Redis replication keeps the lock across a failover.", true},
	{"claim-06", "redis-vs-consensus", "replication-keeps-lock", "Redis INCR counters are monotonic across failover, so they work as fencing tokens.", true},
	{"claim-07", "redis-vs-consensus", "replication-keeps-lock", "The INCR token is monotonic across failover of the lock service, so fencing works on Redis.", true},
	{"claim-08", "redis-vs-consensus", "replication-keeps-lock", "Redis replicas receive every write before the primary acknowledges it, just like a Raft quorum, so the lock survives failover.", true},
	{"claim-09", "redis-lock-and-failure", "replication-keeps-lock", "The lock key survives failover because the replica got it before the primary died.", true},
	{"claim-13", "fencing-token", "fencing-unneeded", "Redlock has no fencing token, while etcd doesn't need fencing tokens at all.", true},
	{"claim-14", "fencing-token", "fencing-unneeded", "Redlock hands out no fencing token while etcd is down, so you don't need one.", true},
	{"claim-15", "fencing-token", "fencing-unneeded", "While etcd holds the lease, you don't need fencing tokens.", true},
	{"claim-16", "fencing-token", "fencing-unneeded", "Fencing tokens are unnecessary while etcd holds the lease.", true},
	{"claim-17", "fencing-token", "fencing-unneeded", "Redlock has a majority, while etcd has consensus, so neither needs a fencing token.", true},
	{"claim-18", "redis-vs-consensus", "redlock-correctness", "Redlock is as safe as etcd because it uses a quorum.", true},
	{"claim-19", "fencing-token", "fencing-unneeded", "With etcd or Redlock you don't need fencing tokens.", true},
	{"claim-10", "redis-early-expiry", "plain-del", "Eviction policies aside, on release we just drop the key.", true},
	{"claim-11", "redis-early-expiry", "plain-del", "When the worker is done it deletes the lock key, which is safe because the eviction policy is noeviction.", true},
	{"claim-12", "redis-early-expiry", "plain-del", "Eviction policies never remove keys that have a TTL. Only an explicit DEL can remove it, so releasing with DEL is fine.", true},
}

func TestFixG33aCorrect(t *testing.T) {
	checkFlagCases(t, g33aCorrect)
	checkInserted(t, g24bBase, false, g33aCorrect)
}

func TestFixG33aClaims(t *testing.T) {
	checkFlagCases(t, g33aClaims)
}
