package quiz_test

import "testing"

// TestFalseFlagsG22g: correct sentences that g22b's recall patterns
// flagged because a word of the claim sat in another clause (a wait that
// is denied, a gatekeeper that does the fencing, a "then" that orders
// other events, a renewal that outlives a hung worker) raise nothing
// inside an otherwise correct answer; the close losing claim, said in its
// own clause, is still flagged. Sentences are our own rewordings of a
// non-author review's probes (review22, adversarial-a), on the bases of
// TestRecallG22b.
func TestFalseFlagsG22g(t *testing.T) {
	checkInserted(t, func(q string) string { return g22bBases[q] }, false, []flagCase{
		// for-update-missing-row: the wait denied ("never waits",
		// "neither ... has to wait"), or the would-be row said impossible
		// to lock
		{"for update missing row never waits", "row-lock", "for-update-missing-row", "FOR UPDATE on a key with no row yet holds nobody up; the second transaction never waits and both rows get inserted.", false},
		{"for update missing row neither has to wait", "row-lock", "for-update-missing-row", "With FOR UPDATE on a row that is not there yet, neither transaction has to wait, and both inserts land.", false},
		{"for update would-be row impossible", "row-lock", "for-update-missing-row", "Taking FOR UPDATE on the would-be row is impossible, because that row does not exist until somebody inserts it.", false},
		{"for update missing row has to wait", "row-lock", "for-update-missing-row", "With FOR UPDATE on a row that is not there yet, the second transaction has to wait for the first.", true},
		{"for update would-be row then waits", "row-lock", "for-update-missing-row", "Take FOR UPDATE on the would-be row first; a second session then waits on it.", true},
		// the same wait said with other verbs, and the row to come named
		// another way
		{"for update before row exists lines up", "row-lock", "for-update-missing-row", "Run SELECT FOR UPDATE on the key before the row exists, and competing inserts line up behind it.", true},
		{"for update not yet inserted held back", "row-lock", "for-update-missing-row", "Select the not-yet-inserted row FOR UPDATE and a competing session is held back until we commit.", true},
		{"for update absent row sits there", "row-lock", "for-update-missing-row", "FOR UPDATE on the absent row makes the rival transaction sit there until the first one commits.", true},
		{"for update row we are going to insert", "row-lock", "for-update-missing-row", "Lock the row we are going to insert with FOR UPDATE, so the other session pauses until we finish.", true},
		{"for update no row matches yet waits", "row-lock", "for-update-missing-row", "Even when no row matches yet, SELECT FOR UPDATE makes the second transaction wait for the first.", true},
		// idempotency-key-fences: the fencing done by another subject in
		// another clause
		{"key dedupes gatekeeper fences", "unfenceable-resource", "idempotency-key-fences", "The idempotency key drops repeated calls, and the gatekeeper in front does the fencing.", false},
		{"key handles retries stonith fences", "unfenceable-resource", "idempotency-key-fences", "The idempotency key takes care of retries; STONITH provides the fencing.", false},
		{"key no substitute proxy fences", "unfenceable-resource", "idempotency-key-fences", "An idempotency key is no substitute for a fence: the proxy in front handles the fencing.", false},
		{"key does the fencing no gatekeeper", "unfenceable-resource", "idempotency-key-fences", "The idempotency key does the fencing, so a gatekeeper is not needed.", true},
		{"key fences off stale worker", "unfenceable-resource", "idempotency-key-fences", "The idempotency key fences off the stale worker, and nothing more is needed.", true},
		{"key replaces fencing token", "unfenceable-resource", "idempotency-key-fences", "The idempotency key fully replaces the fencing token.", true},
		// session-expiry-notified-first: "then" ordering the next client
		// after the expiry, and the holder told late
		{"next client then holder told on reconnect", "session-suspended", "session-expiry-notified-first", "The servers end the session and remove its node, and then the next client takes the lock; the holder is told whenever it reconnects.", false},
		{"client told only once it reconnects", "session-suspended", "session-expiry-notified-first", "ZooKeeper tells the client its session has expired only once it reconnects, and then it finds another client already holds the lock.", false},
		{"lease revoked then another client", "session-suspended", "session-expiry-notified-first", "etcd revokes the lease and then another client can acquire; it informs the client only when a later keep-alive fails.", false},
		{"client told and only then another", "session-suspended", "session-expiry-notified-first", "ZooKeeper tells the client its session has expired, and only then can another client take the lock.", true},
		{"waits until holder told only then", "session-suspended", "session-expiry-notified-first", "ZooKeeper holds the lock back until the holder has been notified, and only then does another client get it.", true},
		// ttl-as-safety: a renewal that outlives a hung worker is a hazard
		// told, not safety sold
		{"renewal outlives hung worker", "extend-lease", "ttl-as-safety", "The renewal thread keeps extending the key even when the worker hangs, so it never expires and a stuck job keeps the lock forever; put a cap on extensions.", false},
		{"heartbeat outlives deadlocked worker", "extend-lease", "ttl-as-safety", "A heartbeat on its own thread means the lease never expires while the worker is deadlocked, so bound how long one holder may keep it.", false},
		{"renewal never expires job safe", "extend-lease", "ttl-as-safety", "The renewal thread keeps extending the key, so it never expires and the job is safe.", true},
		{"heartbeat no expiry even in gc pause", "extend-lease", "ttl-as-safety", "Because of the heartbeat, expiry never happens, even in a long GC pause.", true},
		{"renewal never times out", "extend-lease", "ttl-as-safety", "Our renewal goroutine ensures the lease never times out while the batch runs.", true},
	})
}
