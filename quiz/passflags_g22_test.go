package quiz_test

import "testing"

// TestPassFlagsG22a: the phenomena behind the 11 flags g22a found on
// passing answers of the readable writers (tuning BR, BV; validation BY,
// BZ), each in sentences of our own put into a correct answer: the
// correct sentence raises no flag of the kind; a claim worded close to it
// still does, so the rule or exclusion is shown not to swallow claims.
func TestPassFlagsG22a(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// A pseudo-cleft of rejection behind an enumerator ("First, what
		// I would not do: X") names X, as it does at the sentence's start.
		{"practice named after 'First, what I would not do:'", "design-lock-service-q", "wall-clock", "First, what I would not do: run the service on a single MySQL box whose lease check compares the timestamps clients send with the expiry.", false},
		{"claim: the lease check compares the clients' timestamps", "design-lock-service-q", "wall-clock", "First, our lease check compares the timestamps clients send with the expiry.", true},

		// An inverted negation ("Nor would I X") denies the verb phrase
		// after its subject.
		{"nor with the subject after the auxiliary", "design-lock-service-q", "random-fencing-token", "Nor would I hand out a random UUID from each grant and call it a fencing token.", false},
		{"claim: each grant hands out a random UUID as the fence", "design-lock-service-q", "random-fencing-token", "And I would hand out a random UUID from each grant and call it a fencing token.", true},

		// The hazard named as a dependence on clock sync, with drift and skew.
		{"client clocks judged by the sync they need", "design-lock-service-q", "wall-clock", "Using the client's clock in the lease expiry makes correctness depend on clock sync across hosts.", false},
		{"claim: expiry by the client's clock", "design-lock-service-q", "wall-clock", "Lease expiry is judged by the client's clock, which each request sends along.", true},

		// "now" as an adverb, with the lock deleted as the harm told.
		{"a stale EXPIRE and DEL told as harm", "extend-lease", "wall-clock", "Once the key belongs to another worker, a bare EXPIRE now stretches their lease and the later plain DEL deletes it.", false},
		{"claim: order writes by wall-clock time", "extend-lease", "wall-clock", "Order the writes by the wall-clock timestamp so the later write wins.", true},

		// The reason given as a transaction's commit, even when negated
		// ("never committed"): the correct counterpart for a row lock.
		{"writes never committed after the lock is gone", "row-lock", "fencing-unneeded", "A stalled client can't write after losing the lock, since its changes were never committed.", false},
		{"claim: a stalled client can't write, so no fencing", "row-lock", "fencing-unneeded", "A stalled client can't write after losing the lock, so no fencing token is needed.", true},

		// A count of replicas as the subject ("one replica has it").
		{"WAIT 1 means one replica has the key", "redis-wait-safe", "replication-keeps-lock", "After WAIT 1 returns, one replica has the key; a failover may promote a different one.", false},
		{"claim: the replicas have the key after WAIT", "redis-wait-safe", "replication-keeps-lock", "Once WAIT returns, the replicas have the key, so a failover keeps the lock.", true},

		// The successor named as the other party: the scenario a fence stops.
		{"the scenario told with a successor", "fencing-token", "work-after-lost-lease", "The case it is for: a holder stalls, its time runs out, a successor takes over, and the stalled one carries on.", false},
		{"claim: carry on when the renewal failed", "fencing-token", "work-after-lost-lease", "If the renewal fails, carry on with the batch and release the lock at the end.", true},

		// An imperative with its harm ("... and you'll be writing next to
		// the new holder"): a condition, not advice.
		{"keep working until LOST, told with its harm", "session-suspended", "work-through-suspended", "Keep processing until LOST and you'll be writing next to the new holder.", false},
		{"claim: keep working until LOST", "session-suspended", "work-through-suspended", "Keep processing until LOST and you'll be fine, since the session usually survives.", true},

		// "rev" is the revision.
		{"a higher create rev as the reason", "etcd-revision-guard", "etcd-refuses-expired", "If my lease lapsed during the pause, my key is gone and the new leader's key has a higher create rev, so etcd refuses the put.", false},
		{"claim: etcd refuses a lapsed lease's put by itself", "etcd-revision-guard", "etcd-refuses-expired", "If my lease lapsed during the pause, etcd simply refuses the put from my expired session.", true},

		// A purpose clause of a design ("partition so each key has one
		// consumer"), not a guarantee of the platform.
		{"partitioning for a single consumer per key", "avoid-the-lock", "single-replica-guarantee", "Or partition the stream so each key only ever has one consumer, and there is nothing to fight over.", false},
		{"claim: the consumer group guarantees one consumer", "avoid-the-lock", "single-replica-guarantee", "The consumer group means each partition only ever has one consumer at a time.", true},

		// A fragment opened by "Likewise" or "Similarly" right after a
		// refusing header's sentence continues its list of refused practices.
		{"likewise after a header of bans", "redlock-operations-q", "redlock-replicas-or-no-persistence", "What I'd forbid: Sentinel replicas behind the masters, since a promoted one may lack the key. Likewise restarting a crashed master right away without an fsync'd log.", false},
		{"claim: restart a crashed master right away", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Likewise, we restart a crashed master right away, since the others still hold the majority.", true},

		// A list of remedies announced as not working ("Fixes that
		// don't work:") names each item, it does not propose it.
		{"item under a heading of fixes that fail", "holder-id-guard", "client-side-fencing", "Fixes that look fine but don't work:\n1. The job reads the owner column before updating and skips if it changed.\n2. A shorter claim timeout.", false},
		{"claim: read the owner before updating", "holder-id-guard", "client-side-fencing", "Fixes that work:\n1. The job reads the owner column before updating and skips if it changed.", true},
	})
}
