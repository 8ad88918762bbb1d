package quiz_test

import "testing"

// Tests for g35c: a claim said of another party, or a failure narrated.
// A red flag's words are often true of a party other than the one its
// mistake is about: a revision or zxid works as a fencing token where
// Redis's random value does not, etcd's and ZooKeeper's writes are
// committed through consensus to a quorum where Redlock's are not, and
// the old master of a partition may keep accepting SET NX without anyone
// designing it so. Three readings clear them: a semicolon clause opened
// on a system, after clauses about another ("They expose revisions ...;
// Redis gives you a random value"), sets the two apart (acrossContrast);
// a pattern that names Redis is not raised by a match owned by a
// consensus system (saidOfOtherSystem); a stale agent said to possibly
// go on with its work ("the old master may keep accepting") is a failure
// told (markStaleAgentGoesOn); a role any replicated system has ("5
// replicas") beside a consensus system named as its owner is that
// system's member, not Redis's (namesAbout). g35cCorrect raise their flag on main and
// must stay clean alone and inserted into a clean answer; g35cClaims are
// the same words asserted of Redis, across a semicolon with "too" or the
// word said again, or approved, and must stay flagged. Every sentence is
// our own.

var g35cCorrect = []flagCase{
	{"correct-01", "redis-vs-consensus", "random-fencing-token", "etcd and ZooKeeper use consensus, so a granted lock is on a majority before you're told you have it. They also expose monotonic revisions/zxids that work as fencing tokens, plus sessions and watches; Redis gives you a random value with no ordering.", false},
	{"correct-02", "redis-vs-consensus", "random-fencing-token", "etcd and ZooKeeper give you a monotonic revision or zxid that works as a fencing token; a Redis lock only carries a random value with no ordering.", false},
	{"correct-03", "redis-vs-consensus", "redlock-correctness", "Writes in etcd and ZooKeeper are committed through a consensus protocol to a quorum before they are acknowledged.", false},
	{"correct-04", "redis-lock-and-failure", "mutex-no-lease", "During a partition the old master may keep accepting `SET NX` from clients on its side until `min-replicas-to-write` stops it.", false},
	{"correct-05", "redis-vs-consensus", "random-fencing-token", "ZooKeeper's zxid is ordered, so it works as a fencing token; the value Redis hands you is random.", false},
	{"correct-06", "redis-vs-consensus", "redlock-correctness", "For anything where correctness matters I'd use etcd or ZooKeeper: their writes are committed through a consensus protocol to a quorum, so an acknowledged lock survives leader failover.", false},
	{"correct-07", "redis-lock-and-failure", "mutex-no-lease", "During a partition the old master can keep serving SET NX to clients on its side, so two clients may hold the lock.", false},
	{"correct-08", "design-lock-service-q", "replication-keeps-lock", "State: a replicated state machine on Raft, 5 replicas across 3 AZs. Locks, sessions and waiter queues live there, so a failover never loses an acknowledged grant.", false},
}

var g35cClaims = []flagCase{
	{"claim-01", "redis-vs-consensus", "random-fencing-token", "Redis gives you a random value, which works fine as the fencing token.", true},
	{"claim-02", "redis-vs-consensus", "mutex-no-lease", "The random value from SET NX works as a fencing token, so the storage can reject stale writes.", true},
	{"claim-03", "fencing-token", "random-fencing-token", "Use the lock's random UUID as the fencing token and have the storage compare it.", true},
	{"claim-04", "fencing-token", "random-fencing-token", "Our approach: a random value per lock, and we pass that random value to the database as a fencing token.", true},
	{"claim-05", "redis-vs-consensus", "random-fencing-token", "etcd has revisions, but Redis's random value works just as well as a fencing token.", true},
	{"claim-06", "redis-lock-and-failure", "replication-keeps-lock", "Use SET NX; a failover keeps the lock because the replica has it.", true},
	{"claim-07", "redis-lock-and-failure", "plain-del", "Just use SET NX with no expiry; the holder deletes the key when it is done.", true},
	{"claim-08", "redis-vs-consensus", "replication-keeps-lock", "Replicas hold the lock too, so a failover never loses an acknowledged lock.", true},
	{"claim-09", "redis-lock-and-failure", "replication-keeps-lock", "Redis replication copies the key to the replica, so a failover never loses the lock.", true},
	{"claim-10", "redis-vs-consensus", "replication-keeps-lock", "With Sentinel, locks live on every replica, so a failover never loses an acknowledged lock.", true},
	{"claim-11", "design-lock-service-q", "replication-keeps-lock", "Locks live in Redis with a replica, so a failover never loses an acknowledged lock.", true},
	{"claim-12", "fencing-token", "fencing-unneeded", "Raft replicates the lock, so no fencing is needed: a paused client can't write after expiry.", true},
	{"claim-13", "fencing-token", "fencing-unneeded", "Since etcd is consensus-backed, you don't need fencing tokens at all.", true},
	{"claim-14", "etcd-revision-guard", "etcd-refuses-expired", "etcd refuses any Put from a client whose lease expired.", true},
	{"claim-15", "etcd-revision-guard", "etcd-refuses-expired", "Once the lease expires, etcd rejects every write the zombie leader sends, so the Put is refused.", true},
	{"claim-16", "redis-vs-consensus", "redlock-correctness", "Redlock's majority is committed through a quorum, so it is as safe as consensus.", true},
	{"claim-17", "redis-vs-consensus", "redlock-correctness", "Redlock writes the lock to a majority of masters, which is a quorum, so it gives the same guarantees as Raft.", true},
	{"claim-18", "redis-vs-consensus", "redlock-correctness", "Redlock is safe for correctness: each lock is committed to a quorum of five independent masters.", true},
	{"claim-19", "zookeeper-lock-recipe", "client-side-fencing", "The client drops its token and checks it itself before writing.", true},
	{"claim-20", "fencing-token", "client-side-fencing", "Each client checks its own token before writing, and skips the write if a newer token exists.", true},
	{"claim-21", "fencing-token", "replication-keeps-lock", "Redis replicas copy the counter, so the INCR token stays monotonic across failover of the lock.", true},
	{"claim-22", "fencing-token", "replication-keeps-lock", "An INCR counter in Redis gives tokens that stay monotonic across failover.", true},
	{"claim-23", "redis-vs-consensus", "random-fencing-token", "etcd has revisions; Redis's random value works just as well as a fencing token.", true},
	{"claim-24", "redis-vs-consensus", "random-fencing-token", "Redis gives you a random value; etcd gives you a revision, and both work as fencing tokens.", true},
	{"claim-25", "redis-vs-consensus", "random-fencing-token", "etcd gives you revisions that work as fencing tokens; Redis gives you a random value that works the same way as a fencing token.", true},
	{"claim-26", "fencing-token", "random-fencing-token", "Store the lock value in Redis; the random value works as the fencing token the database checks.", true},
	{"claim-27", "redis-vs-consensus", "redlock-correctness", "An etcd lock keeps mutual exclusion even through a long GC pause, thanks to Raft.", true},
	{"claim-28", "redis-vs-consensus", "random-fencing-token", "They give you revisions that work as fencing tokens; ZooKeeper's random session id does too, so any of them is a fencing token.", true},
	{"claim-29", "redis-vs-consensus", "random-fencing-token", "etcd's revision works as a fencing token; Redis's random value works as a fencing token as well.", true},
	{"claim-30", "fencing-token", "random-fencing-token", "With etcd you would use the revision; with Redis, the random value is the fencing token and the database compares it.", true},
	{"claim-31", "redis-vs-consensus", "redlock-correctness", "A majority of the five nodes has to agree, which is effectively a consensus protocol.", true},
	{"claim-32", "redis-vs-consensus", "redlock-correctness", "Redlock's majority works like etcd: each grant is committed through a consensus protocol to a quorum.", true},
	{"claim-33", "redis-vs-consensus", "redlock-correctness", "We tried etcd, but Redlock is simpler: a quorum of masters is effectively a consensus protocol.", true},
	{"claim-34", "redis-vs-consensus", "redlock-correctness", "I'd skip etcd: a majority quorum of independent nodes is effectively consensus, so it is just as safe.", true},
	{"claim-35", "redis-lock-and-failure", "mutex-no-lease", "Use etcd for config; for the job lock, plain SET NX is enough and we DEL the key when finished.", true},
	{"claim-36", "redis-lock-and-failure", "mutex-no-lease", "During a partition the old master may keep accepting SET NX, which is fine because the lock lives there.", true},
	{"claim-37", "redis-lock-and-failure", "mutex-no-lease", "The old master will keep accepting SET NX during a partition, so the lock stays safe.", true},
	{"claim-38", "redis-lock-and-failure", "mutex-no-lease", "We take the lock with SET NX on the master and release it with DEL; the old master may keep accepting requests for a while after a partition.", true},
	{"claim-39", "design-lock-service-q", "replication-keeps-lock", "Locks live on the primary and its replicas, so a failover never loses an acknowledged lock.", true},
	{"claim-40", "design-lock-service-q", "replication-keeps-lock", "State: Raft for config, but the locks sit on a Redis primary with 5 replicas. Locks live there, so a failover never loses an acknowledged grant.", true},
	{"claim-41", "design-lock-service-q", "replication-keeps-lock", "State: a primary with 5 replicas, no Raft. Locks live there, so a failover never loses an acknowledged grant.", true},
}

func TestFixG35cCorrect(t *testing.T) {
	checkFlagCases(t, g35cCorrect)
	checkInserted(t, g24bBase, false, g35cCorrect)
}

func TestFixG35cClaims(t *testing.T) {
	checkFlagCases(t, g35cClaims)
}
