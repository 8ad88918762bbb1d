package quiz_test

import "testing"

// precisionG21Bases are short correct answers of our own for the questions
// g21a's cases need and earlier sessions' bases do not cover (or cover with
// a word that would keep a flag down anyway: the run-once base names no
// TTL, so mutex-no-lease's unless does not hide its cases; the TTL base is
// short, as a longer correct answer lets the second reader set a nearby
// claim aside).
var precisionG21Bases = map[string]string{
	"choose-ttl":             "Measure the critical section and the pauses you have seen, keep the TTL short with renewal, and have the resource check a fencing token.",
	"skip-locked-queue":      "Each worker claims the oldest queued row with SELECT ... FOR UPDATE SKIP LOCKED in a short transaction that marks it running, stamps a deadline and bumps an attempt counter, then commits. While it works it pushes the deadline forward, and a sweeper requeues rows whose deadline passed. Completion is an update that matches the attempt counter, so a stalled worker's late finish changes nothing, and handlers are idempotent because a job can run twice.",
	"run-job-once":           "A lock is not enough here: an instance whose cron fires after the winner finished would run the job again. I record a claim per period in a table with a unique key on the job and the date; the instance whose insert succeeds runs the job, the others skip it. A status column lets a retry pick up a crashed run, and the job itself is idempotent for its period.",
	"redis-lock-and-failure": "The client acquires with SET key token NX PX 30000, a random token per acquisition, and releases with a Lua script that deletes only if the value is still its token. It breaks when the holder pauses past the TTL and keeps writing, when the primary fails over before the replica has the key, and when a restart without persistence or eviction drops the key early. The token is random, not increasing, so the resource cannot order holders: that needs a fencing token checked by the resource.",
	"redis-early-expiry":     "A key can vanish before its TTL: eviction under memory pressure with a volatile policy, a restart that loses writes not yet fsynced, a clock jump on the server, or another client deleting it. I run a lock-only instance with noeviction, fsync always, slewed NTP, and release with a compare-and-delete script; the resource still rejects stale writes with a fencing token.",
}

// precisionG21Base is the base answer for a question: ours, or an earlier
// session's.
func precisionG21Base(id string) string {
	for _, m := range []map[string]string{precisionG21Bases, regressG20cBases, regressG20Bases, g20Bases, g20bBases, g20cBases} {
		if s, ok := m[id]; ok {
			return s
		}
	}
	return ""
}

// TestPrecisionG21: the phenomena behind the 22 flags g21a found on
// passing answers of the writers just made readable (BM, BS, BT, BV, BW,
// BP, BQ), each in sentences of our own put into a correct answer: the
// correct sentence raises no flag of the kind; a claim worded close to it
// still does, so the rule or exclusion is shown not to swallow claims.
func TestPrecisionG21(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// A negation whose scope covers a gerund or clause complement.
		{"denied prevention names the threat", "redis-vs-consensus", "work-after-lost-lease", "A quorum never stops a worker from stalling for a minute, losing its session, then acting as though it still holds the lock.", false},
		{"claim: a holder that lost its lease still holds it", "redis-vs-consensus", "work-after-lost-lease", "A worker that lost its lease can still hold the lock until it notices, so it can resume writing safely.", true},
		{"denied meaning over a negated complement", "two-holders", "ttl-as-safety", "Being single-threaded does not imply the key can't expire while the first worker is still busy.", false},
		{"claim: the key can't expire while the worker is busy", "two-holders", "ttl-as-safety", "With a single-threaded server the key can't expire while the first worker is still busy.", true},

		// A rejection header or list label that scopes the items after it.
		{"numbered item after a header of bans", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Two habits I'd ban: a Sentinel replica behind each master, since a promoted replica may lack the key and two clients each count 3 of 5. Second: bringing a crashed master back immediately with no fsync.", false},
		{"claim: restart a crashed node at once", "redlock-operations-q", "redlock-replicas-or-no-persistence", "After a crash, restart the node immediately; the other masters cover for it.", true},
		{"harm told after a named mistake", "session-suspended", "work-through-suspended", "Mistake: reading SUSPENDED as a hiccup. While SUSPENDED the server may expire the session, and another client can get the lock while you keep processing.", false},
		{"claim: keep working during SUSPENDED", "session-suspended", "work-through-suspended", "During SUSPENDED I keep working until the connection comes back.", true},
		{"a way of using it set aside before a colon", "row-lock", "lock-across-network-call", "FOR UPDATE is a fine tool, only not the way some services use it: keeping the row locked while calling a payment API.", false},
		{"claim: hold the row lock across the API call", "row-lock", "lock-across-network-call", "I keep the row locked with FOR UPDATE while calling the payment API, then commit.", true},

		// Claims given to the right subject.
		{"quorum safety told for etcd, lag for Redis", "redis-vs-consensus", "replication-keeps-lock", "In etcd a grant is committed by a majority first, so a failover can't lose it; in Redis the primary acks before the replicas have the key.", false},
		{"claim: WAIT makes failover lossless", "redis-vs-consensus", "replication-keeps-lock", "With WAIT the replicas confirm the key, so a failover can't lose it.", true},
		{"efficiency for Redis, correctness for etcd", "redis-vs-consensus", "redlock-correctness", "Pick Redis for efficiency locks where an occasional overlap is fine, and etcd for correctness.", false},
		{"claim: Redlock is fine for correctness", "redis-vs-consensus", "redlock-correctness", "Redlock with five masters is good enough for correctness.", true},
		{"random values judged fine for efficiency", "redis-vs-consensus", "random-fencing-token", "Redis lock values are random, so no fencing; fine for skipping duplicate work.", false},
		{"claim: a random UUID as fencing token", "redis-vs-consensus", "random-fencing-token", "A random UUID works fine as the fencing token.", true},
		{"the guarantee given to the transaction", "etcd-revision-guard", "ttl-as-safety", "I also stop work when the session ends, but that is hygiene: the txn is the guarantee.", false},
		{"claim: session expiry proves the leader stopped", "etcd-revision-guard", "ttl-as-safety", "Session expiry guarantees the old leader has stopped, so its writes are harmless.", true},

		// A TTL sized for liveness or by a rule, or a trade-off, not sold as safety.
		{"expiry frees a crashed holder", "zookeeper-lock-recipe", "ttl-as-safety", "The node is ephemeral, so once the session expires a crashed holder can't block the others forever.", false},
		{"claim: a lease means no deadlock", "deadlock-ordering", "ttl-as-safety", "With a lease TTL on each lock, two transfers can never deadlock.", true},
		{"what a long TTL costs after a crash", "choose-ttl", "ttl-as-safety", "A long TTL is kinder to slow holders, but after a crash the work is stopped for the whole TTL.", false},
		{"claim: a long TTL prevents a second holder", "choose-ttl", "ttl-as-safety", "A longer TTL prevents a second holder, but after a crash the work waits.", true},
		{"lease sized above the platform's cap", "skip-locked-queue", "ttl-as-safety", "Keep the claim's lease above the function timeout, since the platform kills the worker there.", false},
		{"claim: a lease past the longest job keeps workers apart", "skip-locked-queue", "ttl-as-safety", "Make the lease longer than the longest job and two workers never hold the same row.", true},
		{"extension conditioned on proving ownership", "extend-lease", "ttl-as-safety", "Renewal is only safe if the script proves you still own the key when it extends.", false},
		{"claim: the watchdog makes the lease safe", "extend-lease", "ttl-as-safety", "With a watchdog renewing it, the lease is safe and nobody else can take it.", true},
		{"a longer TTL judged as masking", "two-holders", "ttl-as-safety", "The real fix is fencing at the database; raising the TTL only masks it.", false},
		{"claim: raising the TTL fixed it", "two-holders", "ttl-as-safety", "Raise the TTL and the problem is fixed for good.", true},

		// A run-once marker, never released.
		{"a per-period marker never deleted", "run-job-once", "mutex-no-lease", "The winner claims the day with SET NX on report:2025-01-31, and that key is never deleted afterwards.", false},
		{"claim: a SET NX lock with no lease", "run-job-once", "mutex-no-lease", "Each instance takes a SET NX lock on job:daily and deletes it when done.", true},
		{"deduplication asked for instead of exclusion", "run-job-once", "exactly-once-claim", "We don't need mutual exclusion here, we need deduplication per day: one unique claim row.", false},
		{"claim: idempotent work needs no exclusion", "run-job-once", "exactly-once-claim", "Idempotent steps don't need exclusion at all; the unique claim row runs them exactly once.", true},

		// Tests described, "now" as an adverb, a lock pulled out for a
		// constraint, the data in etcd so etcd's transaction is the fence,
		// acquiring, a crash window, and a measure's purpose.
		{"a test described", "etcd-revision-guard", "etcd-refuses-expired", "Our suite has a test that pauses the old leader past its lease and asserts its write is rejected.", false},
		{"claim: etcd rejects a deposed leader's writes", "etcd-revision-guard", "etcd-refuses-expired", "Writes from a deposed leader are simply rejected by etcd.", true},
		{"now between subject and verb", "extend-lease", "wall-clock", "Never extend with a bare EXPIRE, which could stretch a key another client now owns.", false},
		{"claim: the timestamp as token", "extend-lease", "wall-clock", "Use the current timestamp as the token so later holders have a larger one.", true},
		{"a lock pulled out for a constraint", "avoid-the-lock", "lock-instead-of-constraint", "We ripped the Redis lock out of the billing job and put a unique constraint on (customer, month); duplicate bills stopped.", false},
		{"claim: a per-customer lock stops duplicates", "avoid-the-lock", "lock-instead-of-constraint", "A Redis lock per customer stops duplicate charges at the same time.", true},
		{"etcd does the fencing itself", "etcd-revision-guard", "fencing-unneeded", "Because the routes live in the same etcd as the lock, etcd can do the fencing in the txn; no separate token needed.", false},
		{"claim: etcd needs no fencing", "etcd-revision-guard", "fencing-unneeded", "With etcd you don't need fencing tokens at all.", true},
		{"acquiring asks Redis to create the key", "redis-lock-and-failure", "client-side-fencing", "The client sets the key with its random token, asking Redis to create it only if it is absent.", false},
		{"claim: the holder asks Redis before each write", "redis-lock-and-failure", "client-side-fencing", "Before each write the holder asks Redis whether its token is still the value of the lock key.", true},
		{"a crash window told", "skip-locked-queue", "client-side-fencing", "A worker may finish a job and crash before writing done, so jobs must be safe to repeat.", false},
		{"claim: check the lock key before writing", "skip-locked-queue", "client-side-fencing", "The worker checks it still holds the lock key right before writing the result.", true},
		{"ACLs so other clients cannot delete", "redis-early-expiry", "single-node-keeps-keys", "Give the lock service its own ACL user and key prefix so nothing else deletes the lock keys.", false},
		{"claim: nothing removes a key early", "redis-early-expiry", "single-node-keeps-keys", "On one node nothing removes a key early, so the TTL is exact.", true},
	})
}
