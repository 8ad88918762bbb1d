package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestLosingClaimShapesG8 holds the claim patterns added for grader g8's
// recall to paraphrases of our own: for each misconception, several ways
// a candidate asserts it (the flag must be raised) and a correct answer in
// the same words that names or denies it (no flag). The misconceptions
// were grouped from the misses on blind writers (flag notes of answers
// the grader let through); none of these sentences is a corpus answer.
func TestLosingClaimShapesG8(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, flag, text string
		want                 bool
	}{
		{"redis-lock-and-failure", "replication-keeps-lock", `With Sentinel a failover cannot lose the lock, because the replica is always in sync.`, true},
		{"redis-lock-and-failure", "replication-keeps-lock", `The primary does not acknowledge the SET until a replica has received it, so promotion is safe.`, true},
		{"design-lock-service-q", "replication-keeps-lock", `Only one client can hold a key at a time, so exclusion is preserved even across a failover.`, true},
		{"redis-lock-and-failure", "replication-keeps-lock", `Replication is asynchronous, so a failover can lose the lock: the master acknowledges before the replica has it.`, false},
		{"design-lock-service-q", "replication-keeps-lock", `With etcd, leases are preserved across a leader failover because every grant goes through the Raft quorum.`, false},
		{"avoid-the-lock", "wall-clock", `Last-writer-wins on wall-clock timestamps is fine, because NTP keeps the servers within a few milliseconds.`, true},
		{"design-lock-service-q", "wall-clock", `The server trusts the client's expiry time; chrony keeps every host in sync to a millisecond, so that's safe.`, true},
		{"avoid-the-lock", "wall-clock", `Run NTP with slew-only corrections and alert on offset, but never let a lease depend on two machines' clocks.`, false},
		{"redlock-operations-q", "clocks-irrelevant", `Keep the clocks in sync with NTP.`, false},
		{"two-holders", "fencing-unneeded", `Raise the TTL above the longest GC pause; fencing tokens only matter if you can't bound the pauses.`, true},
		{"fencing-in-real-systems", "fencing-unneeded", `Fencing tokens need every storage system to cooperate, so they mostly stay in papers.`, true},
		{"fencing-in-real-systems", "fencing-unneeded", `Fencing is only needed for the truly paranoid case; leases and timeouts are what production systems use.`, true},
		{"fencing-in-real-systems", "fencing-unneeded", `Kafka, HDFS and Raft all fence in production; it is not something that only matters in unbounded cases.`, false},
		{"optimistic-concurrency", "check-then-act-safe", `The handler selects the version and updates in the same request handler, so nobody can sneak in between them.`, true},
		{"optimistic-concurrency", "check-then-act-safe", `Since the SELECT and the UPDATE run in the same function, a concurrent save can't slip in between.`, true},
		{"optimistic-concurrency", "check-then-act-safe", `A SELECT followed by an UPDATE in the same handler still races; put the version in the UPDATE's WHERE.`, false},
		{"run-job-once", "exactly-once-claim", `Claim row and work commit together, which gives exactly-once execution, including the calls to the payment provider.`, true},
		{"skip-locked-queue", "exactly-once-claim", `The queue delivers each job exactly once, even the emails it sends.`, true},
		{"run-job-once", "exactly-once-claim", `Exactly once is only possible inside the database; external calls still need idempotency.`, false},
		{"row-lock", "lock-across-network-call", `Take FOR UPDATE on the resource row, call the API, then commit: the row stays locked, so nobody else can call the API meanwhile.`, true},
		{"row-lock", "lock-across-network-call", `A row lock is a good way to guard external API calls across instances.`, true},
		{"row-lock", "lock-across-network-call", `A row lock is never a good way to guard external API calls: a rollback cannot undo them.`, false},
		{"redis-vs-consensus", "redlock-correctness", `Redlock uses the same quorum intersection as Raft, so it is as safe.`, true},
		{"redlock-operations-q", "redlock-correctness", `With three of five masters, mutual exclusion is guaranteed.`, true},
		{"redis-vs-consensus", "redlock-correctness", `Redlock's majority is not the same quorum argument as Raft: it relies on timing.`, false},
		{"zookeeper-lock-recipe", "zk-recipe-wrong", `When the watch on its predecessor fires, the waiter has the lock, since the deletion means everyone ahead is gone.`, true},
		{"zookeeper-lock-recipe", "zk-recipe-wrong", `Once the predecessor is deleted, it holds the lock and can go ahead.`, true},
		{"zookeeper-lock-recipe", "zk-recipe-wrong", `When the predecessor is deleted, the waiter lists the children again to see whether it is now the lowest.`, false},
		{"etcd-revision-guard", "etcd-refuses-expired", `After its lease expires, etcd rejects any request from the deposed leader.`, true},
		{"etcd-revision-guard", "etcd-refuses-expired", `The new leader's value can't be overwritten by the deposed leader, so a plain Put is enough.`, true},
		{"etcd-revision-guard", "etcd-refuses-expired", `The new leader's value can't be overwritten by the deposed leader only if the Put is a Txn comparing the revision.`, false},
		{"optimistic-concurrency", "retry-overwrites", `On a conflict the server re-reads the current version and runs the update again with it.`, true},
		{"optimistic-concurrency", "retry-overwrites", `Conflicts are resolved transparently: the server reloads and retries with the latest version.`, true},
		{"optimistic-concurrency", "retry-overwrites", `On a conflict, re-read the document and show the user both versions to merge; never just retry, that would overwrite the other edit.`, false},
		{"skip-locked-queue", "claim-lock-outlives-commit", `After COMMIT the FOR UPDATE lock stays on the row while the worker processes it.`, true},
		{"skip-locked-queue", "claim-lock-outlives-commit", `The row lock is held while processing, so other workers skip it.`, true},
		{"skip-locked-queue", "claim-lock-outlives-commit", `The row lock is held while processing only if you keep the transaction open, which pins a connection.`, false},
		{"holder-id-guard", "owner-guard-is-fence", `Run everything at SERIALIZABLE and the owner guard becomes a proper fence.`, true},
		{"holder-id-guard", "owner-guard-is-fence", `The owner check is a fence on its own once the claim is transactional.`, true},
		{"holder-id-guard", "owner-guard-is-fence", `The owner guard is not a proper fence, whatever the isolation level.`, false},
		{"redlock-operations-q", "random-fencing-token", `The fencing story is better than people think: the random value can serve as the fencing token.`, true},
		{"etcd-revision-guard", "etcd-refuses-expired", `Once the old leader's session lease expires, etcd revokes its lock key, and any later request from that client is tied to the dead lease and gets rejected.`, true},
		{"etcd-revision-guard", "etcd-refuses-expired", `Any later request from that client is tied to the dead lease and etcd rejects it.`, true},
		{"etcd-revision-guard", "etcd-refuses-expired", `etcd rejects every request from a client whose session expired.`, true},
		{"redis-wait-safe", "replication-keeps-lock", `Use INCR on the master as the token: it is atomic, so the counter is strictly increasing across all acquisitions, even after a failover.`, true},
		{"redis-wait-safe", "replication-keeps-lock", `An INCR counter on the primary is not monotonic across a failover: the promoted replica may not have the last increments.`, false},
		{"skip-locked-queue", "claim-lock-outlives-commit", `The FOR UPDATE lock stays on the row while the worker processes it, so other workers skip it, and if the worker dies Postgres releases the lock automatically.`, true},
		{"redis-early-expiry", "single-node-keeps-keys", "For locks, RDB snapshots every minute are enough, since lock keys are short-lived anyway.", true},
		{"redis-early-expiry", "single-node-keeps-keys", "AOF with everysec is plenty: at most a second is lost and no lock that matters can disappear.", true},
		{"redis-early-expiry", "single-node-keeps-keys", "With appendfsync everysec a lock key is guaranteed to survive a restart.", true},
		{"redis-early-expiry", "single-node-keeps-keys", "RDB snapshots are not enough for locks: a key granted after the last snapshot is gone after a restart.", false},
		{"redis-early-expiry", "single-node-keeps-keys", "Use appendfsync always; everysec can lose the last second of grants.", false},
		{"redis-early-expiry", "single-node-keeps-keys", "We run allkeys-lru and it's fine for locks, since a fresh lock key is recently used.", true},
		{"redis-early-expiry", "single-node-keeps-keys", "volatile-lru protects the locks, because only keys with a TTL get evicted and our cache keys have none.", true},
		{"redis-early-expiry", "single-node-keeps-keys", "volatile-lru is the worst choice for locks: keys with a TTL are the first candidates. Use noeviction.", false},
		{"redis-early-expiry", "single-node-keeps-keys", "Under allkeys-lru a lock key is not safe either; set noeviction on the lock instance.", false},
		{"redis-early-expiry", "single-node-keeps-keys", "Causes I have seen:\n- Restart: a restart without persistence empties everything. With AOF everysec the lock key is guaranteed to survive a restart, so that is what I'd configure.", true},
		{"redis-early-expiry", "single-node-keeps-keys", "Things that can kill the key:\n- Restart: a restart without persistence empties everything. AOF everysec is enough for locks, a team I joined believed.", false},
		{"extend-lease", "work-after-lost-lease", "If the renewal call times out, keep working: it most likely went through.", true},
		{"extend-lease", "work-after-lost-lease", "If a renewal call times out, that's not a reason to stop: a timeout just means we didn't hear back, not that the lock was lost.", true},
		{"extend-lease", "work-after-lost-lease", "A renewal timing out is not a reason to stop; the job keeps going.", true},
		{"extend-lease", "work-after-lost-lease", "If the renewal times out, don't keep working: stop and re-acquire.", false},
		{"extend-lease", "work-after-lost-lease", "If the renewal fails, someone else may hold the lock while I keep working, so I stop.", false},
		{"idempotency-keys", "fresh-idempotency-key", "To keep the apps simple, the server generates the idempotency key when the request arrives and returns it.", true},
		{"idempotency-keys", "fresh-idempotency-key", "Generate the idempotency key on the server as soon as the POST arrives, then store it under a unique constraint.", true},
		{"idempotency-keys", "fresh-idempotency-key", "Compute the key server-side from the customer and a timestamp, so the apps need no change.", true},
		{"idempotency-keys", "fresh-idempotency-key", "The app generates the key once per payment and reuses it on every retry; the server stores it server-side under a unique index.", false},
		{"idempotency-keys", "fresh-idempotency-key", "If the server generated the key, each retry would get a new one and nothing would be deduplicated.", false},
		{"row-lock", "lock-across-network-call", "Hold FOR UPDATE while calling the payment API: if the process dies, the rollback also cancels the call, so it is never done twice.", true},
		{"row-lock", "lock-across-network-call", "Lock the row, call the payment API, record the result, commit; if anything fails the transaction rolls back, so the whole operation is all-or-nothing.", true},
		{"row-lock", "lock-across-network-call", "A row lock is also a good way to serialise calls to Stripe across instances.", true},
		{"row-lock", "lock-across-network-call", "A rollback never undoes the call to the payment API: it already happened.", false},
		{"row-lock", "lock-across-network-call", "If the transaction rolls back, the charge at the provider still stands.", false},
		{"holder-id-guard", "fence-checked-once", "Once the guarded UPDATE succeeds, the writes to S3 and Kafka that follow are covered too.", true},
		{"holder-id-guard", "fence-checked-once", "The S3 uploads are not covered by the guard; they need their own idempotency key.", false},
		{"holder-id-guard", "fence-checked-once", "The row lock keeps a reclaim from committing until our transaction ends, so all writes in it are covered.", false},
		{"design-lock-service-q", "wall-clock", "Clients send the absolute expiry timestamp with each keepalive, and with chrony on every host skew is sub-millisecond, so that's safe.", true},
		{"design-lock-service-q", "wall-clock", "Since all nodes are NTP-synced, a new leader can just keep expiring leases at the recorded wall-clock times.", true},
		{"design-lock-service-q", "wall-clock", "Store the client's wall-clock timestamp in the value and treat the lock as free once that timestamp plus the TTL has passed.", true},
		{"design-lock-service-q", "wall-clock", "Even with chrony, skew is only sub-millisecond until a step, so the leader times leases with durations on its monotonic clock.", false},
		{"design-lock-service-q", "wall-clock", "The client's deadline is its send time plus the TTL minus a margin, measured on its monotonic clock.", false},
		{"design-lock-service-q", "wall-clock", "Clocks are NTP-synced, but the leader still counts lease durations on its own monotonic clock.", false},
		{"unfenceable-resource", "fresh-idempotency-key", "For the idempotency key I'd use the lock's fencing token itself: it's unique and monotonic, so it's the perfect key.", true},
		{"unfenceable-resource", "fresh-idempotency-key", "The natural choice for the key is the fencing token the lock service gave us: it's unique per acquisition.", true},
		{"unfenceable-resource", "fresh-idempotency-key", "Don't use the fencing token as the idempotency key: it differs per holder, so the provider can't tell the stale call is a repeat.", false},
		{"unfenceable-resource", "fresh-idempotency-key", "I'd generate a fresh UUID for each call we make, and the provider then rejects duplicates. Assumes the provider stores keys long enough.", true},
		{"avoid-the-lock", "isolation-prevents-race", "With @Transactional at READ COMMITTED the second transaction sees the change of the first, so you cannot oversell.", true},
		{"avoid-the-lock", "isolation-prevents-race", "READ COMMITTED alone does not stop two read-modify-writes from both passing the check; use a conditional UPDATE.", false},
		{"deadlock-ordering", "locks-make-atomic", "Once both locks are held in the right order, the transfer is safe and atomic.", true},
		{"deadlock-ordering", "locks-make-atomic", "Take both locks in one global order, and separately make the transfer atomic in one transaction.", false},
		{"extend-lease", "work-after-lost-lease", "If the renewal returns 0, I acquire the lock again and continue the job from where I was.", true},
		{"extend-lease", "work-after-lost-lease", "If the renewal returns 0, I acquire the lock again with a new token and restart the job from scratch.", false},
		{"fencing-in-real-systems", "fencing-unneeded", "Fencing would require every database to support it, which is not realistic.", true},
		{"fencing-in-real-systems", "fencing-unneeded", "Fencing is realistic: Kafka, HDFS and etcd-backed systems all do it in production.", false},
		{"holder-id-guard", "owner-guard-is-fence", "I don't agree with the reviewer: the guard stops the old worker's writes.", true},
		{"holder-id-guard", "owner-guard-is-fence", "Stale writes update zero rows, that's exactly what a fencing token does.", true},
		{"holder-id-guard", "owner-guard-is-fence", "Unlike a fencing token, the owner guard cannot tell two claims by the same worker apart.", false},
		{"idempotency-keys", "check-then-act-safe", "Because the key is checked before charging, a retry can never produce a second charge.", true},
		{"idempotency-keys", "check-then-act-safe", "The key is inserted with ON CONFLICT before charging, so the unique constraint stops a second charge.", false},
		{"redlock-operations-q", "redlock-correctness", "Redlock is safe for correctness even if a client has a long GC pause.", true},
		{"redlock-operations-q", "redlock-correctness", "Redlock is not safe for correctness when a client has a long GC pause.", false},
		{"row-lock", "row-lock-scope-wrong", "SELECT ... FOR UPDATE locks the row only for the current connection, so another instance can still update the row.", true},
		{"row-lock", "row-lock-scope-wrong", "FOR UPDATE blocks every other transaction on that row, whichever server it comes from.", false},
		{"run-job-once", "ttl-below-runtime", "Set lockAtMostFor shorter than the job's normal duration so a crashed pod frees it quickly.", true},
		{"run-job-once", "ttl-below-runtime", "lockAtMostFor must be longer than the job's normal duration, or a second node starts it.", false},
		{"unfenceable-resource", "client-side-fencing", "Check the lock right before the call; since the check is immediately before the call, there is no gap.", true},
		{"unfenceable-resource", "client-side-fencing", "Checking right before the call still leaves a gap: a pause between the check and the call.", false},
		{"zookeeper-lock-recipe", "zk-recipe-wrong", "ZooKeeper fires the children watch on the parent but delivers the notification only to the next client in sequence.", true},
		{"zookeeper-lock-recipe", "zk-recipe-wrong", "A children watch on the parent notifies every watcher, which is the herd; each client watches its predecessor instead.", false},
		{"extend-lease", "work-after-lost-lease", "I carry on only after RECONNECTED in the same session; on LOST I acquire the lock again.", false},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %q", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), c.flag); got != c.want {
			t.Errorf("%s: %s raised = %v, want %v (flags %v)\n  %s", c.question, c.flag, got, c.want, r.FlagIDs(), c.text)
		}
	}
}
