package quiz_test

import "testing"

// Tests for g28qf (review rev28q: g28q's war-story rule hid wrong claims).
// Every sentence is our own. g28qfClaims are wrong claims told in a
// war story's shape whose later clause confirms the belief (a "still",
// "didn't let anyone down", a non-harm, an "until" with no failure, a
// now-clause pointing back) and must still flag, alone and inserted;
// g28qfStories are correct stories whose later clause really disproves
// the belief and must stay clean.

var g28qfClaims = []flagCase{
	{"qf-claim-01", "redis-wait-safe", "wait-makes-safe", "Our team figured WAIT kept the lock failover safe, and it still keeps it safe today.", true},
	{"qf-claim-02", "redis-wait-safe", "wait-makes-safe", "We assumed WAIT made the lock failover safe and it didn't let anyone down.", true},
	{"qf-claim-03", "redis-wait-safe", "wait-makes-safe", "We believed WAIT made the lock failover safe, and that wasn't a mistake.", true},
	{"qf-claim-04", "redis-wait-safe", "wait-makes-safe", "We thought WAIT made the lock failover safe, and so far it hasn't been wrong.", true},
	{"qf-claim-05", "redis-wait-safe", "wait-makes-safe", "We presumed WAIT made the lock failover safe, so we deleted the token checks.", true},
	{"qf-claim-06", "redis-wait-safe", "wait-makes-safe", "We assumed WAIT made the lock failover safe, and two replicas got the key each time.", true},
	{"qf-claim-07", "redis-wait-safe", "wait-makes-safe", "We trusted WAIT to keep the lock failover safe and it seemed fine until we upgraded Redis.", true},
	{"qf-claim-08", "redis-wait-safe", "wait-makes-safe", "We used SET plus WAIT and it was failover safe, so now we use it on every lock.", true},
	{"qf-claim-09", "redis-wait-safe", "wait-makes-safe", "We expected WAIT to make the lock failover safe and it didn't shock anybody.", true},
	{"qf-claim-10", "redis-lock-and-failure", "plain-del", "We released with DEL and it worked, and now every team releases that way.", true},
	{"qf-claim-11", "redis-lock-and-failure", "plain-del", "A plain DEL looked fine until we moved to Kubernetes.", true},
	{"qf-claim-12", "extend-lease", "work-after-lost-lease", "We kept working after a failed renewal since we had two workers idle anyway.", true},
	{"qf-claim-13", "session-suspended", "work-through-suspended", "We kept writing during SUSPENDED and nothing broke, so now all consumers keep writing.", true},
	{"qf-claim-14", "etcd-revision-guard", "etcd-refuses-expired", "We believed etcd rejects a Put from an expired lease, and it still rejects it.", true},
	{"qf-claim-15", "avoid-the-lock", "mutex-no-lease", "We replaced the unique constraint: now a distributed mutex is held across each write.", true},
	{"qf-claim-16", "avoid-the-lock", "mutex-no-lease", "The queue was too costly, so we hold a Redis mutex around every update instead.", true},
	{"qf-claim-17", "avoid-the-lock", "mutex-no-lease", "We ripped out the constraint and hold a shared mutex while updating.", true},
	{"qf-claim-18", "redis-vs-consensus", "fencing-unneeded", "With ZooKeeper skip the fencing only if you want to optimise throughput.", true},
	{"qf-claim-19", "redis-vs-consensus", "fencing-unneeded", "On Raft you can skip fencing only for jobs that did no long pauses.", true},
	{"qf-claim-20", "two-holders", "replication-keeps-lock", "We believed the replica had the key after SET, and it was promoted with the key intact.", true},
}

var g28qfStories = []flagCase{
	{"qf-story-01", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "We thought WAIT made the lock failover safe; it didn't, a replica without the key got promoted.", false},
	{"qf-story-02", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "We believed WAIT made the lock failover safe, and it didn't make it safe at all.", false},
	{"qf-story-03", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "We assumed a failover would never lose the lock, and it did.", false},
	{"qf-story-04", "redis-lock-and-failure", "plain-del", "A plain DEL looked fine until a paused worker's lease expired.", false},
	{"qf-story-05", "redis-lock-and-failure", "plain-del", "Our DEL release seemed fine until it deleted another client's lock.", false},
	{"qf-story-06", "two-holders", "replication-keeps-lock", "We thought failover kept the key, but the promoted replica never had it.", false},
	{"qf-story-07", "extend-lease", "work-after-lost-lease", "The renewal failed and the worker carried on; we had two writers on the same row.", false},
	{"qf-story-08", "avoid-the-lock", "mutex-no-lease", "A shared mutex was our single point of failure, so now each key has its own partition.", false},
	{"qf-story-09", "redis-vs-consensus", "fencing-unneeded", "With etcd you can skip fencing only where a duplicate is harmless.", false},
	{"qf-story-10", "redis-vs-consensus", "fencing-unneeded", "With ZooKeeper, skip fencing only for a lock that is purely an optimisation.", false},
	{"qf-story-11", "etcd-revision-guard", "etcd-refuses-expired", "We thought etcd refused a Put from an expired lease; it doesn't, only the revision compare does.", false},
}

func TestFixG28qfClaims(t *testing.T) {
	checkFlagCases(t, g28qfClaims)
	checkInserted(t, g24bBase, false, g28qfClaims)
}

func TestFixG28qfStories(t *testing.T) {
	checkFlagCases(t, g28qfStories)
	checkInserted(t, g24bBase, false, g28qfStories)
}
