package quiz_test

import "testing"

// TestLostClaimsG22f: a non-author review of g22a found losing claims that
// g22a's reading rules and exclusions stopped flagging, because each rule
// reached past its phenomenon. Each case pair, in sentences of our own put
// into a correct answer: the claim is flagged again, and the correct
// sentence the rule was made for (or one like it) stays clean.
func TestLostClaimsG22f(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// wall-clock: clock sync rules the flag out only where the design
		// is said to depend on it, not where sync is the reason given.
		{"claim: expiry from the client's reading, clocks synchronised", "extend-lease", "wall-clock", "Each renewal sends the client's clock reading, and the new expiry is computed from it; all our hosts are synchronised.", true},
		{"claim: the client's clock tells expiry, sync is tight", "two-holders", "wall-clock", "We read lease expiry off the client's wall-clock, because our clock sync is within a millisecond.", true},
		{"claim: client time decides expiry, fine with sync", "redis-vs-consensus", "wall-clock", "Every request carries the client's current time and the lease runs out by it, which is fine since we run PTP clock sync.", true},
		{"correct: client clocks make safety depend on sync", "design-lock-service-q", "wall-clock", "Putting the client's clock into the lease expiry makes safety depend on wall-clock sync between hosts.", false},

		// wall-clock 'now': a delete rules it out only as the harm done
		// to another's lock, not any mention of deleting.
		{"claim: delete only if the release's timestamp is later", "extend-lease", "wall-clock", "A release sends the client's wall-clock timestamp and the key is deleted only when that timestamp is newer than the stored one.", true},
		{"claim: latest timestamp wins, old rows deleted", "two-holders", "wall-clock", "Writes are ordered by their wall-clock timestamps so the latest one wins, and stale rows are deleted.", true},
		{"claim: system time as token, compared on delete", "redis-lock-and-failure", "wall-clock", "The token is just the system time: a later timestamp wins, and the delete checks it against what is stored.", true},
		{"claim: the grant's wall-clock time as token", "fencing-token", "wall-clock", "A token can simply be the wall-clock timestamp of each grant, as later grants are newer; the resource deletes older entries.", true},
		{"correct: a stale EXPIRE and DEL hit their lock", "extend-lease", "wall-clock", "If another worker holds the key by then, a bare EXPIRE now prolongs their lock and a plain DEL afterwards deletes it.", false},

		// The rejecting cleft behind an enumerator: a denied verb of
		// giving up endorses; what it rejects ends at ";" and at a clause
		// of reason.
		{"claim: what I'd keep is expiry by client timestamps", "extend-lease", "wall-clock", "First, what I would not change is this: the expiry check compares the timestamps that clients send.", true},
		{"claim after ';' behind a rejected practice", "extend-lease", "ttl-as-safety", "First, what I wouldn't do is add a fencing token; the TTL by itself guarantees a single holder at any time.", true},
		{"claim: the reason for rejecting fencing", "extend-lease", "fencing-unneeded", "Second, what I would reject is fencing, because a generous TTL means no fencing token is needed.", true},
		{"claim: what I never skip is lining up log timestamps", "two-holders", "wall-clock", "Finally, what I never skip is lining up the two machines' log timestamps to see which write was later.", true},
		{"correct: a rejected practice after the enumerator", "design-lock-service-q", "wall-clock", "First, what I would not do: compare the timestamps clients send with the lease expiry.", false},

		// "Nor do we X": the denial stops at a clause of reason.
		{"claim in the because-clause after 'nor'", "extend-lease", "ttl-as-safety", "We have never had two holders, nor do we expect them, because the TTL guarantees a single holder at any time.", true},
		{"claim: replicas keep the key after WAIT", "redis-wait-safe", "replication-keeps-lock", "Nor do we ever lose the lock in a failover, because the replicas have the key once WAIT returns.", true},
		{"claim: wall-clock token in the since-clause", "fencing-token", "wall-clock", "Nor do I believe clocks are an issue, since our token is the wall-clock timestamp and later writes win.", true},
		{"claim: TTL guarantees, after 'nor need'", "fencing-token", "ttl-as-safety", "Nor do we need anything more because the TTL guarantees a single holder at any time.", true},
		{"correct: 'nor would I' over the practice itself", "two-holders", "wall-clock", "Nor would I order the events by the wall-clock timestamps of the two hosts.", false},

		// "Likewise X" is one more mistake only after a sentence that
		// names the practice it rejects, and never over the candidate's
		// own practice.
		{"claim: we keep working after a failed renewal", "extend-lease", "work-after-lost-lease", "I steer clear of the classic mistake of SETNX followed by EXPIRE. Similarly, when a renewal fails we keep working and retry it afterwards.", true},
		{"claim: a random UUID after a verdict on 'that'", "fencing-token", "random-fencing-token", "That would be a mistake. Similarly, a random UUID for each grant serves as our fencing token here.", true},
		{"claim: we keep processing through SUSPENDED", "session-suspended", "work-through-suspended", "Restarting everything on SUSPENDED is a mistake. Similarly, we carry on processing until LOST, because suspensions are brief.", true},
		{"claim: I line up the wall-clock timestamps", "two-holders", "wall-clock", "Forgetting the release script would be a mistake. Similarly, I line up the wall-clock timestamps of both hosts in the logs to see which write was later.", true},
		{"correct: a fragment after a named trap", "design-lock-service-q", "random-fencing-token", "A common trap is trusting the client's clock. Similarly, a random UUID per grant handed out as a fencing token.", false},

		// A heading of failed remedies: the failing must be said of the
		// remedies, not of something in a clause of reason.
		{"claim: proposals under 'Solutions, because ... won't help:'", "fencing-token", "random-fencing-token", "Solutions, since the old lock server won't help:\n- Every grant hands out a random UUID as its fencing token.\n- The resource keeps it.", true},
		{"correct: remedies that won't help", "holder-id-guard", "client-side-fencing", "Solutions that won't help:\n- Checking the owner column in the worker before it writes.\n- A longer timeout.", false},

		// fencing-unneeded: with a lock service, work not committed is
		// the wrong reason itself; inside the database it is the right one.
		{"claim: a lease service drops uncommitted work", "fencing-token", "fencing-unneeded", "A holder with an expired lock can never write, since the lease service just throws its uncommitted work away.", true},
		{"correct: a row lock's writes never committed", "row-lock", "fencing-unneeded", "A stalled client can't write after losing the lock, because its work was never committed.", false},

		// work-after-lost-lease: the successor rules it out only as the
		// harm (it got the lock), not as the reason to carry on.
		{"claim: carry on, a new owner is blocked anyway", "choose-ttl", "work-after-lost-lease", "If a heartbeat times out, keep working; a new owner would be held off by the TTL anyway.", true},

		// work-through-suspended: only a successor writing beside us is the harm.
		{"claim: keep writing, the next holder waits", "session-suspended", "work-through-suspended", "Keep writing until LOST, and the next holder will simply wait for us.", true},
		{"claim: keep going alongside the reconnects", "session-suspended", "work-through-suspended", "Keep going alongside the reconnect attempts until the session is lost; it is only a transient hiccup.", true},
		{"correct: keep working and write alongside the new holder", "session-suspended", "work-through-suspended", "Keep processing until LOST and you will be writing alongside the new holder.", false},

		// etcd-refuses-expired: a revision rules it out when it is the
		// reason, not when it is waved away.
		{"claim: etcd refuses whatever the rev", "etcd-revision-guard", "etcd-refuses-expired", "etcd rejects the put from an expired lease, whatever rev the key has.", true},
		{"correct: a higher create rev as the reason", "etcd-revision-guard", "etcd-refuses-expired", "After my lease lapsed, the new leader's key has a higher create rev, so etcd refuses the put.", false},

		// replication-keeps-lock: "one replica has it" is correct only
		// with its hedge (a different replica may be promoted).
		{"claim: one replica having it keeps it over failover", "redis-lock-and-failure", "replication-keeps-lock", "As long as one replica has the lock, Sentinel keeps it through a failover.", true},
		{"claim: WAIT 1 makes sure nothing is lost", "redis-wait-safe", "replication-keeps-lock", "WAIT 1 makes sure one of the replicas has the key, so nothing is lost if the primary dies.", true},
		{"correct: a count of replicas stated, hedge in the next sentence", "redis-wait-safe", "replication-keeps-lock", "Once WAIT 1 returns, one replica has the key. With several replicas, a failover may still promote one that lacks it.", false},
		{"correct: one replica has it, another may be promoted", "redis-wait-safe", "replication-keeps-lock", "When WAIT 1 returns, one replica has the key; a failover may promote a different one.", false},
	})
}
