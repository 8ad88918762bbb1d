package quiz_test

import "testing"

// Regressions from the non-author adversarial review 21-1 (MUST FIX items
// 1-15) and the g21 fact check: correct sentences that a g21 pattern read
// as a claim, inserted into the reviewer's correct base answers (Appendix A),
// and, for each narrowed pattern, claims in similar words that must still
// raise the flag.
var reviewG21Bases = map[string]string{
	"row-lock":               "Yes, within one database: a row lock taken with SELECT ... FOR UPDATE blocks every other transaction that wants the same row, whichever client it comes from. The lock lasts until the transaction commits or rolls back, and if the client's connection dies the server aborts the transaction and releases it. It only covers data inside that database, so it cannot protect a call to an outside service. Keep the transactions short, and for a simple claim use a conditional UPDATE that checks the row count.",
	"session-suspended":      "SUSPENDED means the client lost its connection and does not know whether its session is still alive. I stop the protected work at once and wait: on RECONNECTED I check the lock node still exists and resume, and on LOST I treat the lock as gone and acquire it again. Because the client can learn of expiry late, every write carries the lock node's sequence number as a fencing token that the store checks.",
	"redis-wait-safe":        "No. WAIT blocks until the given number of replicas acknowledge the write or the timeout passes, and returns how many did. It does not make the write synchronous: the key stays on the primary either way, and a failover can still promote a replica that never got it. For a lock that must survive failover, use etcd or ZooKeeper, and fence the writes with a token the resource checks.",
	"redis-vs-consensus":     "Redis replicates asynchronously, so a failover can lose a granted lock, and its TTLs depend on timing. etcd and ZooKeeper commit the lock through a quorum and give it a number that only grows, which the storage can use as a fencing token. So I use Redis for efficiency locks where a rare double run is harmless, and etcd or ZooKeeper with fencing when correctness depends on the lock.",
	"redis-lock-and-failure": "Acquire with SET key token NX PX 30000 where the token is random per acquisition, and release with a Lua script that deletes the key only if it still holds that token. It fails when the holder pauses past the TTL and keeps writing, when the primary fails over before the key reached a replica, and when the key is evicted or expires early. So for correctness the resource must check a fencing token.",
	"etcd-revision-guard":    "The leader writes with an etcd transaction whose compare checks that its lock key still exists with the create revision it got when it acquired the lock, and the Put is in the same transaction. A deposed leader's lock key is gone or has a different create revision, so its transaction fails and the write does not happen. Checking leadership before the write in a separate call leaves a gap, so the check must be inside the transaction.",
	"unfenceable-resource":   "If the resource cannot check a token, the lock alone cannot stop a stale holder's late call. I make the operation idempotent: every call carries an idempotency key derived from our own payment id, so a repeat of the same payment is applied once. I also put a gateway we own in front of the resource that checks the fencing token, and reconcile afterwards to catch and refund duplicates. A client timeout or a lease check before the call only narrows the window, because a paused call can still reach the provider late.",
	"zookeeper-lock-recipe":  "Each client creates an ephemeral sequential node under the lock path; the one with the lowest number holds the lock. Every other client watches only the node just before its own, so when a holder leaves only one waiter wakes up: watching the lock node itself would wake all of them at once, which is the herd effect. The ephemeral node goes away when the session expires, so a crashed holder does not block the lock forever. The node's sequence number can serve as a fencing token checked by the resource.",
}

func TestReviewG21FalseFlags(t *testing.T) {
	checkInserted(t, func(q string) string { return reviewG21Bases[q] }, true, []flagCase{
		// 1-5: the limits of FOR UPDATE (it ends at commit, it does not lock
		// rows that do not exist yet, plain reads are not blocked) are no
		// claim that it fails across app instances.
		{"A3 ends at commit", "row-lock", "row-lock-scope-wrong", "FOR UPDATE won't stop other app servers once the first transaction commits, because the lock ends at commit.", false},
		{"A4 new rows", "row-lock", "row-lock-scope-wrong", "FOR UPDATE doesn't stop transactions from other pods from inserting brand-new rows; it locks only the rows it returned.", false},
		{"A5 plain select", "row-lock", "row-lock-scope-wrong", "A plain SELECT without FOR UPDATE doesn't block other sessions at all.", false},
		{"B7 later request", "row-lock", "row-lock-scope-wrong", "A FOR UPDATE taken in one request ends when that request's transaction commits, so it doesn't block another instance's later request.", false},
		{"B8 unlocked readers", "row-lock", "row-lock-scope-wrong", "Other connections that merely SELECT the row without locking it are not blocked by FOR UPDATE.", false},
		{"own: after rollback", "row-lock", "row-lock-scope-wrong", "After a rollback the row lock doesn't block other instances any more.", false},
		{"own: phantom", "row-lock", "row-lock-scope-wrong", "A row lock won't stop another server from adding a new row that matches the same WHERE clause.", false},
		// 6-7: denials by "nothing guarantees" / "no promise".
		{"A23 nothing guarantees", "session-suspended", "session-expiry-notified-first", "Nothing guarantees the holder is notified of the expiry before another client gets the lock.", false},
		{"A24 no promise", "session-suspended", "session-expiry-notified-first", "There is no promise that the client hears of its session expiry before anyone else acquires the lock.", false},
		{"own: nothing ensures", "session-suspended", "session-expiry-notified-first", "Nothing ensures the old holder learns of its expiry before the next client takes the lock.", false},
		{"own: not promised", "zookeeper-lock-recipe", "session-expiry-notified-first", "It is not promised that the session owner is told of the expiry before anyone else locks.", false},
		// 8-11: fsync on the primary said to protect the primary's own
		// power loss or reboot, with the failover left open.
		{"A27 power loss", "redis-wait-safe", "replication-keeps-lock", "appendfsync always on the primary closes the power-loss gap on that machine, and does nothing for a failover.", false},
		{"A28 power cut", "redis-vs-consensus", "replication-keeps-lock", "With fsync on every write, the primary survives a power cut with the key intact, and a failover is the problem that remains.", false},
		{"A29 one node", "redis-lock-and-failure", "replication-keeps-lock", "Turning on fsync to disk for the primary fixes durability for that one node and leaves the failover hole open.", false},
		{"B4 reboot", "redis-wait-safe", "replication-keeps-lock", "fsync on the primary survives a reboot of that box; the replica that gets picked at failover is another story.", false},
		{"own: power failure", "redis-lock-and-failure", "replication-keeps-lock", "AOF with fsync on the master survives a power failure of that server, but it is no help when Sentinel fails over.", false},
		{"own: separate problem", "redis-wait-safe", "replication-keeps-lock", "fsync on the primary fixes a reboot of the primary; failover is a separate problem.", false},
		// 12: a ModRevision compare said to show only that nobody wrote the key.
		{"B18 separate question", "etcd-revision-guard", "data-revision-as-lock", "If the config key's mod revision still matches our last write, nobody else has written it; leadership is a separate question.", false},
		{"own: no one else changed", "etcd-revision-guard", "data-revision-as-lock", "An unchanged ModRevision on the config key since our last write means no one else has changed that key.", false},
		// 13: atomicity said of the database write alone.
		{"A56 retried later", "row-lock", "lock-across-network-call", "The database write is atomic; the charge to the provider is retried by a worker later.", false},
		{"own: db write atomic alone", "row-lock", "lock-across-network-call", "Only the database write is atomic, and the API call happens separately afterwards.", false},
		// 14-15: a Get then Put allowed only outside production.
		{"A59 for logging", "etcd-revision-guard", "check-then-act-safe", "Reading the lock key and then doing a Put is fine for logging, but the write itself must be in a txn.", false},
		{"B12 test only", "etcd-revision-guard", "check-then-act-safe", "A Get of the lock key followed by a Put is fine in a single-writer test, never in production.", false},
		{"own: in a transaction", "etcd-revision-guard", "check-then-act-safe", "A get and then a put is fine for a debug tool, but the real write has to go in a transaction.", false},
		// fact check: MySQL/InnoDB gap locks, and the key's true effect.
		{"innodb gap lock", "row-lock", "for-update-missing-row", "In MySQL, InnoDB's FOR UPDATE at REPEATABLE READ locks the gap, so it can block an insert of a row that does not exist yet.", false},
		{"gap locks named", "row-lock", "for-update-missing-row", "With gap locks, FOR UPDATE on a missing row blocks a duplicate insert.", false},
		{"identical repeat", "unfenceable-resource", "idempotency-key-fences", "With the key, the stale holder's identical repeat is not charged again.", false},
		{"own: same request", "unfenceable-resource", "idempotency-key-fences", "With the idempotency key, the provider refuses the stale holder's identical repeat of the same charge.", false},
	})
}

// Claims in words close to the narrowed patterns still raise the flag.
func TestReviewG21ClaimsStillFlagged(t *testing.T) {
	checkInserted(t, func(q string) string { return reviewG21Bases[q] }, true, []flagCase{
		{"row lock other pods", "row-lock", "row-lock-scope-wrong", "FOR UPDATE doesn't block other pods, only threads in the same process.", true},
		{"row lock other app servers", "row-lock", "row-lock-scope-wrong", "A row lock won't stop other app servers from updating the row.", true},
		{"notified first always", "session-suspended", "session-expiry-notified-first", "ZooKeeper guarantees the holder is notified of the expiry before anyone else gets the lock.", true},
		{"notified first told", "session-suspended", "session-expiry-notified-first", "ZooKeeper always tells the client its session expired before any other client can acquire the lock.", true},
		{"fsync failover fixed", "redis-wait-safe", "replication-keeps-lock", "appendfsync always on the primary fixes the failover problem for the lock.", true},
		{"fsync survives failover", "redis-lock-and-failure", "replication-keeps-lock", "With fsync on the master, the lock survives a failover.", true},
		{"modrev nobody else holds", "etcd-revision-guard", "data-revision-as-lock", "If the config key's mod revision still matches our last write, we are still the leader.", true},
		{"modrev proves", "etcd-revision-guard", "data-revision-as-lock", "The data key's ModRevision unchanged since our last write proves we still hold the lock.", true},
		{"call and write atomic", "row-lock", "lock-across-network-call", "Inside the transaction the API call and the DB write are effectively atomic.", true},
		{"charge and db atomic", "row-lock", "lock-across-network-call", "Because it all runs in one transaction, the charge and the database write succeed or fail together.", true},
		{"get put fine", "etcd-revision-guard", "check-then-act-safe", "Reading the lock key and then doing a Put is fine, a txn isn't needed.", true},
		{"get put as safe", "etcd-revision-guard", "check-then-act-safe", "A Get of the lock key followed by a Put is just as safe as a txn.", true},
		{"for update missing row pg", "row-lock", "for-update-missing-row", "SELECT ... FOR UPDATE on a row that doesn't exist yet locks it, so a second transaction can't insert the same key.", true},
		{"idem key fences", "unfenceable-resource", "idempotency-key-fences", "The idempotency key fences the stale holder out at the provider.", true},
		{"idem key is fencing token", "unfenceable-resource", "idempotency-key-fences", "The idempotency key acts as a fencing token for the provider.", true},
	})
}

// SHOULD FIX items of review 21-1 read as general families: "acks" for
// acknowledgements and "comes back with 0" for a 0 returned (wait-makes-safe),
// fsync said to keep a failover from dropping the lock, a row lock "per
// connection", a row "not yet inserted" reserved, the expiry event
// "delivered" or "arriving" before the lock goes on, and the key that makes
// a zombie's call "bounce" or "gives fencing for free". Items 39, 45, 46, 49
// and 51 are not covered (see the g21f report).
func TestReviewG21ShouldFix(t *testing.T) {
	wait := func(string) string {
		return "WAIT blocks until the given replicas acknowledge the write or the timeout passes."
	}
	checkInserted(t, wait, false, []flagCase{
		{"38 no acks", "redis-wait-safe", "wait-makes-safe", "A WAIT that gets no acks means the SET was not applied, so I simply retry it.", true},
		{"own zero acks", "redis-wait-safe", "wait-makes-safe", "If WAIT sees zero acks, the write was never stored and I can take the lock again.", true},
		{"55 comes back with 0", "redis-wait-safe", "wait-makes-safe", "When WAIT comes back with 0, the write is discarded by the primary, so nobody holds the lock.", true},
		{"own no acks correct", "redis-wait-safe", "wait-makes-safe", "A WAIT that gets no acks does not mean the SET was undone: the key stays on the primary.", false},
	})
	checkInserted(t, func(q string) string { return reviewG21Bases[q] }, true, []flagCase{
		{"54 fsync no longer drop", "redis-wait-safe", "replication-keeps-lock", "With appendfsync always on the master, a failover can no longer drop the lock.", true},
		{"56 per connection", "row-lock", "row-lock-scope-wrong", "A row lock is per connection, so a second pod's connection can still update the row freely.", true},
		{"own per session", "row-lock", "row-lock-scope-wrong", "FOR UPDATE is per session, so other servers never see it.", true},
		{"own per transaction", "row-lock", "row-lock-scope-wrong", "A row lock belongs to the transaction, not per connection.", false},
		{"44 reserves id", "row-lock", "for-update-missing-row", "SELECT ... FOR UPDATE WHERE id = 42 reserves that id even before the row is inserted.", true},
		{"47 delivers", "zookeeper-lock-recipe", "session-expiry-notified-first", "ZooKeeper delivers the Expired event to the holder before it lets another client acquire the lock.", true},
		{"48 notification first", "session-suspended", "session-expiry-notified-first", "The old holder always gets the session-expired notification first, so it stops before the next client takes over.", true},
		{"50 arrives", "session-suspended", "session-expiry-notified-first", "The session-expired event always arrives before the lock can be granted to anyone else.", true},
		{"own not delivered first", "session-suspended", "session-expiry-notified-first", "Nothing guarantees the expired event is delivered before another client gets the lock.", false},
		{"52 fencing for free", "unfenceable-resource", "idempotency-key-fences", "Idempotency keys give us fencing for free at the provider.", true},
		{"53 bounces", "unfenceable-resource", "idempotency-key-fences", "With an idempotency key on each request, a zombie worker's late charge bounces.", true},
	})
}

// TestLeaseRenewedThroughBatchG21: a lease held through a long batch and
// renewed by a heartbeat is the design extend-lease asks for, not the
// lock-across-network-call claim (found by the second fact check of g21);
// a lock held across a payment call, or a row locked across one, still is.
func TestLeaseRenewedThroughBatchG21(t *testing.T) {
	bases := map[string]string{
		"extend-lease": "Yes, if the renewal is atomic and checks ownership: a Lua script that extends the key only if it still holds my token, run every third of the TTL. If a renewal fails or its reply comes too late, I assume the lock is lost and stop. Extension does not protect against a pause of the whole process, so the resource still needs a fencing token.",
		"row-lock":     reviewG21Bases["row-lock"],
	}
	checkInserted(t, func(q string) string { return bases[q] }, true, []flagCase{
		{"renewed through the batch", "extend-lease", "lock-across-network-call", "For a long batch I hold the lock during the whole batch and renew it every 3 seconds from a heartbeat, stopping the batch if a renewal fails.", false},
		{"keepalive through the batch", "extend-lease", "lock-across-network-call", "During the nightly batch we hold the lock and a keepalive goroutine extends it, aborting the batch as soon as one extension fails.", false},
		{"row locked across the payment call", "row-lock", "lock-across-network-call", "I keep the row locked with FOR UPDATE while calling the payment API, then commit.", true},
	})
}
