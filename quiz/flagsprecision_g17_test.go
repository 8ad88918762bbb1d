package quiz_test

import "testing"

// TestReadingRulesG17 holds grader g17's red-flag precision rules to
// sentences of our own: for each class of wording the grader took for a
// losing claim on a passing answer of the validation writers AV and AW
// and of the tuning writer AT, correct answers that show the same thing in
// other words and on other questions (no flag), beside the same wording
// made the candidate's own claim (flag). None of these sentences is a
// corpus answer.
func TestReadingRulesG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A subject called "a different claim", "a separate question" or
		// "another matter" is set apart from what was just said; nothing
		// is asserted of it.
		{"subject called a separate question", "outbox-pattern", "exactly-once-claim",
			"Kafka's exactly-once delivery is a separate question: the relay can still crash between publishing and marking the row sent, so consumers dedupe on the event id.", false},
		{"near-miss: the same subject claimed", "outbox-pattern", "exactly-once-claim",
			"Exactly-once delivery to the consumer is what Kafka gives us, so consumers don't need to dedupe.", true},
		{"subject called another matter", "run-job-once", "exactly-once-claim",
			"Running the job exactly once is another matter entirely. The lock only keeps two runs from overlapping; a late instance can still run it after the release, so I insert a row per period with a unique key.", false},
		{"near-miss: running once credited to the lock", "run-job-once", "exactly-once-claim",
			"Running the job exactly once is what the lock gives us.", true},
		{"subject called a whole different claim after a semicolon", "run-job-once", "exactly-once-claim",
			"The lock stops two copies overlapping; exactly-once execution of the job is a whole different claim, since a late instance can still run it after the release.", false},
		{"near-miss: exactly-once execution credited to the lock", "run-job-once", "exactly-once-claim",
			"The lock guarantees exactly-once execution of the job.", true},
		{"subject said not to be the same claim", "skip-locked-queue", "exactly-once-claim",
			"Exactly-once processing is not the same claim as a row claimed by one transaction: a worker can stall past its lease and the job is handed out again, so handlers must be idempotent.", false},
		{"near-miss: exactly-once processing credited to SKIP LOCKED", "skip-locked-queue", "exactly-once-claim",
			"Exactly-once processing is what SKIP LOCKED gives us, so handlers need no dedupe.", true},
		{"subject called a separate guarantee", "redis-wait-safe", "wait-makes-safe|replication-keeps-lock",
			"Surviving a failover is a separate guarantee: WAIT only says how many replicas acknowledged, and Sentinel may still promote one that never got the key.", false},
		{"near-miss: surviving a failover credited to WAIT", "redis-wait-safe", "wait-makes-safe|replication-keeps-lock",
			"WAIT guarantees the lock survives a failover, since a replica acknowledged it.", true},
		{"subject called another matter, on payments", "idempotency-keys", "exactly-once-claim|lock-instead-of-constraint",
			"Charging the customer exactly once is another matter. The per-customer lock only stops two requests running at the same moment; a retry that arrives later gets straight through, so I keep the idempotency key in a table with a unique index.", false},
		{"near-miss: charging once credited to the lock", "idempotency-keys", "exactly-once-claim|lock-instead-of-constraint",
			"The per-customer lock guarantees the customer is charged exactly once.", true},

		// The job as the subject of a comparison with the lease ("the
		// batch is longer than the lease") says the job outlasts it: the
		// case for renewing, not a TTL sized past the job.
		{"job longer than the budget: a heartbeat keeps pushing it out", "choose-ttl", "ttl-as-safety",
			"If the job is longer than that budget, I have a heartbeat keep pushing it out, and the job quits when a push fails.", false},
		{"job longer than the window: renew", "choose-ttl", "ttl-as-safety",
			"If an export is longer than that window, I don't raise the TTL; the owner keeps extending it from a heartbeat and gives up when an extension fails.", false},
		{"batch longer than the lease: renew and stop", "extend-lease", "ttl-as-safety",
			"When a batch is longer than the lease, the holder renews it every few seconds with a compare-and-extend and stops as soon as a renewal fails.", false},
		{"job longer than the TTL: the key vanishes", "redis-early-expiry", "ttl-as-safety",
			"If the job is longer than the TTL, the key vanishes mid-run and a second worker takes it, so I renew it from a heartbeat and fence the writes.", false},
		{"near-miss: the lease kept longer than the job", "extend-lease", "ttl-as-safety",
			"Keep it longer than the longest job, so the lock never expires mid-run.", true},
		{"near-miss: the TTL set longer than any job", "redis-early-expiry", "ttl-as-safety",
			"Set the TTL longer than any job, so the key can never vanish mid-run.", true},
		{"near-miss: a longer lease stops overlap", "extend-lease", "ttl-as-safety",
			"A longer lease stops two holders from overlapping.", true},

		// A lock kept by a worker stuck on a hung call is the harm told,
		// as a stalled one is.
		{"lock held forever by a hung worker", "extend-lease", "lock-across-network-call",
			"With the renewer alive and the worker hung on a slow provider call, the lock is held forever and the queue stalls behind it.", false},
		{"lock held by a worker stuck on the API", "extend-lease", "lock-across-network-call",
			"If the worker is stuck waiting on the payment API, the renewal goes on and the lock is held by a worker doing nothing.", false},
		{"lock kept by a worker stuck on an HTTP request", "two-holders", "lock-across-network-call",
			"A worker stuck in a hung HTTP request keeps its lock until the TTL ends, and nothing else makes progress meanwhile.", false},
		{"near-miss: the lock held during the call as the design", "extend-lease", "lock-across-network-call",
			"We hold the lock during the HTTP call to the provider, which keeps other workers out.", true},
		{"near-miss: the row lock held across the call", "row-lock", "lock-across-network-call",
			"Hold the row lock across the payment API call so no one else can charge at the same time.", true},

		// A write refused atomically is what the guarded transaction does.
		{"conditional Put refused atomically", "etcd-revision-guard", "etcd-refuses-expired",
			"Wrap the Put in a Txn that compares the lock key's CreateRevision; once the session lapses the key is gone, and etcd refuses the write atomically, in the same step as the compare.", false},
		{"write refused atomically after the guarded Txn", "etcd-revision-guard", "etcd-refuses-expired",
			"Put the write in a Txn conditioned on IsOwner(). Once the lease has expired the leader's key is deleted, so etcd rejects that write atomically.", false},
		{"near-miss: etcd said to refuse every write of an expired session", "etcd-revision-guard", "etcd-refuses-expired",
			"etcd refuses any write from a client whose session expired, so a plain Put is enough.", true},

		// RECONNECTED defined as the session kept, the state waited for
		// after SUSPENDED, is the counterpart; the claim is that every
		// RECONNECTED proves it.
		{"RECONNECTED defined as the session kept", "session-suspended", "work-through-suspended|work-after-lost-lease",
			"On SUSPENDED I pause writes and wait. RECONNECTED means the session lived through the blip, my node is still there and no one else could have taken it, so I continue. If LOST comes instead, I drop the work and re-acquire.", false},
		{"near-miss: any RECONNECTED said to prove it", "session-suspended", "work-through-suspended",
			"Any RECONNECTED proves the lock node is still mine, so I keep working.", true},
		{"near-miss: RECONNECTED said to guarantee it", "session-suspended", "work-through-suspended",
			"RECONNECTED guarantees the node is still mine, so I carry on where I was.", true},

		// "always" is an adverb of the verb beside it: "a VM can always
		// freeze" says how often a freeze comes, not that the candidate
		// always takes a lock.
		{"always of a freeze, then a check in the write", "choose-ttl", "lock-instead-of-constraint",
			"A VM can always freeze for longer than the lease, so I'd put the epoch check in the UPDATE itself.", false},
		{"always of a retry, then a unique key", "idempotency-keys", "lock-instead-of-constraint",
			"Retries can always arrive after the lock is released, so I put the key in a table with a unique index and return the stored response.", false},
		{"always of a slow host, then a unique row", "run-job-once", "lock-instead-of-constraint",
			"A cron host can always be slower than the lock's TTL, so I insert a row per period under a unique constraint instead.", false},
		{"near-miss: always take a lock", "choose-ttl", "lock-instead-of-constraint",
			"I always take a Redis lock around the job, whatever it does.", true},
		{"near-miss: always wrap the charge in a lock", "idempotency-keys", "lock-instead-of-constraint",
			"Always wrap the charge in a per-customer lock.", true},
		{"near-miss: always use a distributed lock", "run-job-once", "lock-instead-of-constraint",
			"We always use a distributed lock for the nightly job.", true},
	})
}
