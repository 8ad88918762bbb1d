package quiz_test

import "testing"

// g42: the validation writers FB, FC and FD (g41's fresh holdout, read
// while g42 was tuned). g41 flagged seven of their 432 passing answers;
// each sentence that drew the flag is below, in the words the writer
// used, beside a plain claim of the same mistake that must still raise
// it. Every case is graded as a whole answer (checkG40).

// TestFixG42DeniedSubjects: a subject that a negator denies without
// reaching back over it ("would neither ... nor", "deduplicates
// nothing", "which locks alone never give") is not claimed to do what
// it is denied.
func TestFixG42DeniedSubjects(t *testing.T) {
	checkG40(t, []g40Case{
		// FD: "would neither X nor Y" says of the mutex what "would not" says
		{"idempotency-keys", "The phone mints a receipt number when the user taps Pay and resends it on every retry; the server stores it under a unique index with the response. A per-customer mutex would neither recognise a late retry nor let the customer pay for two different things at once.", "lock-instead-of-constraint", false},
		{"idempotency-keys", "A per-customer mutex makes sure two payments can't run at once, so the double charge is gone.", "lock-instead-of-constraint", true},
		// FD: "nothing" as the object of a verb of effect
		{"idempotency-keys", "Retries come after the first request finished. So lock deduplicates nothing, and it blocks customer paying two different orders concurrently. Better: an idempotency key with a unique index.", "lock-instead-of-constraint", false},
		{"idempotency-keys", "A Redis lock per customer deduplicates the retries, so there is no double charge.", "lock-instead-of-constraint", true},
		// FD: an object relative closing the sentence denies its antecedent
		{"deadlock-ordering", "Sort lock acquisition by account id, or put both rows in one DB transaction locked in id order. That also gives atomic debit and credit, which locks alone never give.", "locks-make-atomic", false},
		{"deadlock-ordering", "Take both account locks in id order; while we hold both locks the debit and credit are atomic.", "locks-make-atomic", true},
	})
}

// TestFixG42QualifiedAndRefusedPractices: a practice qualified with the
// condition it needs (", which only works if ...") and the reasons after
// "Why not X:" are weighed, not trusted.
func TestFixG42QualifiedAndRefusedPractices(t *testing.T) {
	checkG40(t, []g40Case{
		// FB
		{"unfenceable-resource", "First choice: hand the provider a reference tied to the payment itself, so it charges once. Third: check our remaining lease before calling, which only works if pauses and clock wander stay small.", "wall-clock", false},
		{"unfenceable-resource", "First choice: hand the provider a reference tied to the payment itself, so it charges once. Third: check our remaining lease before calling, which always works since pauses and clock wander stay small.", "wall-clock", true},
		// FC
		{"optimistic-concurrency", "Add a version column and make the UPDATE conditional on it. Why not a lock: a pessimistic \"checkout\" lock on a document means someone opens it, goes to lunch, and nobody else can edit; with leases, expiry semantics get strange.", "ttl-as-safety", false},
		{"optimistic-concurrency", "Add a version column and make the UPDATE conditional on it. Or use a lock: a pessimistic checkout lock on a document means someone opens it and nobody else can edit; with leases, that is safe.", "ttl-as-safety", true},
	})
}

// TestFixG42ContinuedTopicAndJudgedMutex: a sentence naming no system,
// on the line of one naming only Raft and ZAB, speaks of them; a mutex
// shown letting the harm through is judged, not designed.
func TestFixG42ContinuedTopicAndJudgedMutex(t *testing.T) {
	checkG40(t, []g40Case{
		// FD
		{"redis-vs-consensus", "Correctness: ZooKeeper or etcd.\n1. Replication: ZAB/Raft commit on majority before ack. Leader failover can't lose an acquired lock. Redis primary to replica is asynchronous; acked SET can vanish on failover.", "replication-keeps-lock", false},
		{"redis-vs-consensus", "Redis with Sentinel is enough for correctness. Leader failover can't lose an acquired lock.", "replication-keeps-lock", true},
		{"redis-vs-consensus", "Redis replicates to its replicas before it acks. Leader failover can't lose an acquired lock.", "replication-keeps-lock", true},
		// FD
		{"run-job-once", "Keep a ledger with one row per job per period that can be written only once. A plain mutex forgets everything the moment it's released, so it would happily let that latecomer run a second time.", "mutex-no-lease", false},
		{"run-job-once", "Use a mutex: the instance that acquires it runs the job and releases it when done, and the others wait.", "mutex-no-lease", true},
	})
}

// TestFixG42ClaimsOfTheValidationWriters: losing claims of FC and FD
// that no flag caught, beside a correct sentence in the same words.
func TestFixG42ClaimsOfTheValidationWriters(t *testing.T) {
	checkG40(t, []g40Case{
		// FC
		{"two-holders", "A lock with a TTL cannot give two holders — the lock service guarantees mutual exclusion. So it must be a code bug where one worker skipped the acquire.", "ttl-as-safety", true},
		{"two-holders", "A TTL cannot guarantee there are never two holders: a paused worker wakes up after its lease expired and writes. I'd check the GC logs first.", "ttl-as-safety", false},
		{"avoid-the-lock", "You must make a distributed lock; a transaction or a version column only works inside one process, so between machines the lock is the only thing that guarantees one writer.", "lock-instead-of-constraint", true},
		{"avoid-the-lock", "Some people think a transaction or a version column only works inside one process; that's wrong, the database enforces it for every client, so I'd skip the lock.", "lock-instead-of-constraint", false},
		{"etcd-revision-guard", "I'd put the write in a txn with If(mutex.IsOwner()). But honestly even a plain Put would be rejected: when the old leader's session lease expires, etcd refuses any write from that client, so the txn is just extra safety.", "etcd-refuses-expired", true},
		{"etcd-revision-guard", "I'd put the write in a txn with If(mutex.IsOwner()): a plain Put from the deposed leader is not rejected, etcd applies it, so the txn is required.", "etcd-refuses-expired", false},
		// FD
		{"redis-lock-and-failure", "`SET key token NX PX 30000`, Lua compare-and-delete for release. GC pauses are not a concern as long as TTL is larger than the longest GC pause you have observed in your logs.", "ttl-as-safety", true},
		{"redis-lock-and-failure", "`SET key token NX PX 30000`, Lua compare-and-delete for release. A GC pause longer than the TTL lets a second client in, so the resource must check a fencing token.", "ttl-as-safety", false},
		{"holder-id-guard", "Add claim_epoch incremented at claim and guard writes on it. The window is tiny and it practically never happens, so the other tables need no guard.", "race-odds-dismissed", true},
		{"holder-id-guard", "Add claim_epoch incremented at claim and guard every write on it; the window is tiny, but at our volume it happens every week.", "race-odds-dismissed", false},
	})
}

// TestFixG42ParaphrasesFromQA: ways a new user (QA-41, QA-42) made a point
// in words no pattern knew, each beside words that must still not earn
// it.
func TestFixG42ParaphrasesFromQA(t *testing.T) {
	checkPoints(t, loadBank(t), []pointCase{ // points_g7_test.go
		{"avoid-the-lock", "efficiency-only", "I also skip the lock when duplicate work is harmless, for example recomputing a cache, where an efficiency lock or nothing at all is fine.", true},
		{"avoid-the-lock", "efficiency-only", "I skip the lock when the data can enforce the rule itself, with a unique constraint.", false},
		{"redis-wait-safe", "no-rollback", "WAIT only blocks until the replicas acknowledge, and it can return 0 after a timeout while the key is already on the primary.", true},
		{"redis-wait-safe", "no-rollback", "WAIT blocks until one replica acknowledges the write.", false},
		{"design-lock-service-q", "fifo-queue", "For waiters I use watches on the predecessor key to avoid the herd effect.", true},
		{"design-lock-service-q", "fifo-queue", "Waiters poll the lock key every second until it is free.", false},
		// QA-42: "still holds" said of the key's value is no paused holder
		{"redis-lock-and-failure", "pause-expiry", "Acquire with SET lock:res <uuid> NX PX 30000 in one command so the key always has an expiry, and release with a Lua script that deletes the key only if it still holds my uuid.", false},
		{"redis-lock-and-failure", "pause-expiry", "Acquire with SET lock:res <uuid> NX PX 30000. If the key expires while the holder is still working, another client takes the lock and both write.", true},
	})
}

// TestFixG42ClientSendsIt: "the client sends it along with each write ...
// its lease expires" is a fencing token carried, not an expiry read from
// the client's clock ("client sends its" matched across "sends it ...
// its"); the client's own expiry or clock still raises wall-clock.
func TestFixG42ClientSendsIt(t *testing.T) {
	checkG40(t, []g40Case{
		{"fencing-token", "A fencing token is a number that goes up by one every time the lock is granted. The client sends it along with each write, so when a holder pauses in GC and its lease expires, its late write with the old token is rejected.", "wall-clock", false},
		{"design-lock-service-q", "Each client sends its own expiry timestamp with the lease request, so the server doesn't track time.", "wall-clock", true},
		{"design-lock-service-q", "Clients send their own expiry timestamp in the request so server doesn't need to track time, and since all our nodes run NTP clocks are in sync.", "wall-clock", true},
	})
}

// TestFixG42DifferentServerIsNoNewKey (QA-42): an in-memory store's
// failure, "a retry that lands on a different server finds nothing ...
// and a restart forgets every key", is not a new key per retry; a
// different key for every retry still is.
func TestFixG42DifferentServerIsNoNewKey(t *testing.T) {
	checkG40(t, []g40Case{
		{"idempotency-keys", "With a map per server, a retry that lands on a different server finds nothing and charges again, and a restart forgets every key. So the keys go in a table with a unique constraint.", "fresh-idempotency-key", false},
		{"idempotency-keys", "The client picks a different key for every retry, so the server sees a new payment each time.", "fresh-idempotency-key", true},
	})
}

// TestFixG42EtcdChecksEveryWrite (QA-42): the session check said to be
// etcd's own, on every write, is etcd-refuses-expired; the compare the
// candidate's transaction makes is not.
func TestFixG42EtcdChecksEveryWrite(t *testing.T) {
	checkG40(t, []g40Case{
		{"etcd-revision-guard", "No guard is needed: etcd checks on every write that the session still holds the lock.", "etcd-refuses-expired", true},
		{"etcd-revision-guard", "Write in a txn whose compare checks on every write that my lock key still has my create revision; etcd applies the Put only if it holds.", "etcd-refuses-expired", false},
	})
}
