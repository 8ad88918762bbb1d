package quiz_test

import "testing"

// Tests for g28q (audit aud28: false flags on correct sentences). Every
// sentence is our own. g28qStories are correct war stories and scoped
// rejections that must stay clean of the flag named (alone, and inserted
// into a clean answer); g28qClaims are wrong claims, told as the
// candidate's own practice now or as a past belief with no failure after
// it, that must still raise it.

var g28qStories = []flagCase{
	{"story-01", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "Back then we believed WAIT 1 closed the failover gap; it didn't, a lagging replica got promoted.", false},
	{"story-02", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "My team trusted that WAIT made the lock failover safe, and we lost the lock in the first failover.", false},
	{"story-03", "two-holders", "plain-del", "The release looked fine in review until a paused worker deleted the next holder's key.", false},
	{"story-04", "two-holders", "replication-keeps-lock", "We thought the replica had the key, but the failover promoted one that never got it.", false},
	{"story-05", "redis-lock-and-failure", "plain-del", "A plain DEL seemed okay for a year, but then it removed another client's lock after an expiry.", false},
	{"story-06", "extend-lease", "work-after-lost-lease", "When the heartbeat failed our worker carried on anyway, and that was the second holder we saw in the logs.", false},
	{"story-07", "session-suspended", "work-through-suspended", "The consumer kept writing after SUSPENDED, and we had two writers once the session expired.", false},
	{"story-08", "design-lock-service-q", "follower-grants-locally", "Our v0 let followers grant locks from local state and it broke mutual exclusion during a partition.", false},
	{"story-09", "etcd-revision-guard", "etcd-refuses-expired", "The team believed etcd would block a Put from an expired session; it doesn't, only a Txn comparison does.", false},
	{"story-10", "redis-vs-consensus", "replication-keeps-lock", "The ops team thought failover was lossless; it lost our lock keys during a failover drill.", false},
	{"story-11", "avoid-the-lock", "mutex-no-lease", "A distributed mutex was our single point of failure, so we removed it.", false},
	{"story-13", "avoid-the-lock", "mutex-no-lease", "Our team ran every write under a Redis mutex, so now each account has one owner partition.", false},
	{"story-14", "redis-vs-consensus", "fencing-unneeded", "You can skip fencing with etcd only where a duplicate write costs nothing.", false},
	{"story-15", "holder-id-guard", "owner-guard-is-fence", "A claim_epoch column works like a fencing token because it increases on every claim.", false},
	{"story-16", "holder-id-guard", "owner-guard-is-fence", "The generation number works like a fencing token since it goes up with each claim.", false},
	{"story-17", "design-lock-service-q", "follower-grants-locally", "Followers serving acquires from their own local state is how you get two holders.", false},
	{"story-18", "design-lock-service-q", "follower-grants-locally", "Letting a follower handle grants from its local copy is quick but unsafe.", false},
	{"story-19", "extend-lease", "work-after-lost-lease", "The renew failed at 3am and the worker kept going; two workers wrote the same file.", false},
	{"story-20", "unfenceable-resource", "timeout-bounds-call|ttl-as-safety", "We thought the timeout meant the request could never outlive the lease; it did.", false},
	{"story-21", "two-holders", "replication-keeps-lock", "The on-call figured the replica had the lock; after the failover it didn't.", false},
	{"story-22", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "We expected WAIT to make the lock failover safe, and it didn't.", false},
	{"story-23", "redis-lock-and-failure", "plain-del", "Plain DEL seemed fine until a slow worker's lease expired.", false},
	{"story-24", "two-holders", "plain-del", "Our unlock with DEL looked fine in staging, because no job there ever outlived its lease.", false},
	{"story-25", "session-suspended", "work-through-suspended", "We kept writing through SUSPENDED, and both nodes wrote when the session expired.", false},
	{"story-26", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe", "Everyone assumed WAIT made it failover safe; that wasn't true.", false},
	{"story-27", "fencing-token", "fencing-unneeded", "With ZooKeeper you may skip fencing only for a lock that is purely an optimisation.", false},
}

var g28qClaims = []flagCase{
	{"claim-01", "redis-wait-safe", "wait-makes-safe", "We use WAIT 1 after the SET, so the lock is failover safe.", true},
	{"claim-02", "redis-wait-safe", "wait-makes-safe", "We thought about it and WAIT makes the lock failover safe.", true},
	{"claim-03", "redis-wait-safe", "wait-makes-safe", "We assumed WAIT made the lock failover safe, and it has held up fine for two years.", true},
	{"claim-04", "redis-wait-safe", "wait-makes-safe", "We trusted WAIT to make the lock failover safe and we still do.", true},
	{"claim-05", "two-holders", "replication-keeps-lock", "The replica has the key by the time SET returns, so failover can't cause this.", true},
	{"claim-06", "redis-wait-safe", "wait-makes-safe", "I believed WAIT made the lock failover safe, and I was right.", true},
	{"claim-07", "extend-lease", "work-after-lost-lease", "If the renewal fails, we keep working anyway and finish the job.", true},
	{"claim-08", "extend-lease", "work-after-lost-lease", "When the renewal failed, the worker kept going, and it was fine.", true},
	{"claim-09", "two-holders", "work-after-lost-lease", "Our worker keeps processing anyway when the renew times out; that is by design.", true},
	{"claim-10", "extend-lease", "work-after-lost-lease", "When a renewal fails we carry on regardless, since the job is almost done.", true},
	{"claim-11", "extend-lease", "work-after-lost-lease", "The renewal failed and the job carried on anyway, which is what we want.", true},
	{"claim-12", "redis-lock-and-failure", "plain-del", "We release with a plain DEL, it's fine.", true},
	{"claim-13", "redis-lock-and-failure", "plain-del", "Release is just DEL lock:orders when the job is done.", true},
	{"claim-14", "two-holders", "plain-del", "Our release was a plain DEL, and it looked fine to us, so we kept it.", true},
	{"claim-16", "redis-lock-and-failure", "plain-del", "DEL is enough for release since only the owner calls it.", true},
	{"claim-17", "design-lock-service-q", "follower-grants-locally", "Followers grant locks from their local state to cut latency.", true},
	{"claim-18", "design-lock-service-q", "follower-grants-locally", "Any node can answer acquire from its local copy, which keeps it fast.", true},
	{"claim-19", "session-suspended", "work-through-suspended", "We keep processing through SUSPENDED and only stop on LOST.", true},
	{"claim-20", "session-suspended", "work-through-suspended", "We only stopped on LOST, and that worked fine.", true},
	{"claim-21", "etcd-revision-guard", "etcd-refuses-expired", "etcd refuses writes from a client whose lease expired, so Put is safe.", true},
	{"claim-22", "etcd-revision-guard", "etcd-refuses-expired", "We believed etcd would refuse writes from an expired session, and it does.", true},
	{"claim-23", "avoid-the-lock", "mutex-no-lease", "We put a distributed mutex around the counter and hold it while we update.", true},
	{"claim-24", "avoid-the-lock", "mutex-no-lease", "I'd use a Redis mutex around the update; it's simple.", true},
	{"claim-26", "avoid-the-lock", "mutex-no-lease", "We removed the unique constraint and held a Redis mutex instead.", true},
	{"claim-27", "avoid-the-lock", "mutex-no-lease", "The team held a Redis mutex while calling the pricing service, and now we still do.", true},
	{"claim-29", "redis-vs-consensus", "fencing-unneeded", "With etcd you can skip fencing, consensus already guarantees one holder.", true},
	{"claim-30", "redis-vs-consensus", "fencing-unneeded", "With etcd you can skip fencing only when the lock comes from etcd.", true},
	{"claim-31", "redis-vs-consensus", "fencing-unneeded", "On ZooKeeper, skip fencing only if the session is healthy.", true},
	{"claim-32", "fencing-token", "fencing-unneeded", "We can skip fencing only for locks held by etcd.", true},
	{"claim-33", "holder-id-guard", "owner-guard-is-fence", "The owner = $me check works like a fencing token.", true},
	{"claim-34", "holder-id-guard", "owner-guard-is-fence", "WHERE owner = $me is exactly what a fencing token does, so we don't need the epoch.", true},
	{"claim-35", "holder-id-guard", "owner-guard-is-fence", "The instance id guard works like a fencing token, there's no need for a claim counter.", true},
	{"claim-36", "holder-id-guard", "owner-guard-is-fence", "Our owner column works just like a fencing token; an epoch would add nothing.", true},
	{"claim-37", "redis-wait-safe", "replication-keeps-lock", "We thought WAIT was slow; it wasn't, and it makes the lock failover safe.", true},
	{"claim-38", "two-holders", "plain-del", "We assumed the lease expired, but it didn't; our release is a plain DEL and that is fine.", true},
	{"claim-39", "unfenceable-resource", "timeout-bounds-call", "Our 5 s timeout means the call can never outlive the lease.", true},
	{"claim-42", "redis-lock-and-failure", "plain-del", "Our release was just DEL, and it looked fine for months and still does.", true},
	{"claim-43", "design-lock-service-q", "follower-grants-locally", "Followers granting locally was our first design and it is still how we grant.", true},
}

// g28qClaimsAlone are wrong claims that must flag alone; inserted into
// the clean answers of g24bBase they were already clean before g28q (the
// answer's own lease words keep mutex-no-lease down, and the inserted
// sentence's plain-del and work-after-lost-lease matches are read with
// the answer around them), so only the alone grading tests the rule.
var g28qClaimsAlone = []flagCase{
	{"claim-15", "redis-lock-and-failure", "plain-del", "A plain DEL looked fine, and it still is fine.", true},
	{"claim-25", "run-job-once", "mutex-no-lease", "A shared mutex across instances is what I'd use; one holds it and the others wait until it's released.", true},
	{"claim-28", "deadlock-ordering", "mutex-no-lease", "Each transfer holds one account mutex until it is released.", true},
	{"claim-40", "unfenceable-resource", "ttl-as-safety|timeout-bounds-call", "We assumed the call could never outlive the lease, and it never did.", true},
	{"claim-41", "extend-lease", "work-after-lost-lease", "When renewal failed we kept going; that is still how our workers run.", true},
}

func TestFixG28qStories(t *testing.T) {
	checkFlagCases(t, g28qStories)
	checkInserted(t, g24bBase, false, g28qStories)
}

func TestFixG28qClaims(t *testing.T) {
	checkFlagCases(t, g28qClaims)
	checkInserted(t, g24bBase, false, g28qClaims)
	checkFlagCases(t, g28qClaimsAlone)
}
