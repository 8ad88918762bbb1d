package quiz_test

import "testing"

// g22bBases are short correct answers of our own, by question, that the
// claims of TestRecallG22b are appended to.
var g22bBases = map[string]string{
	"row-lock":             "Yes, within that database: a row lock coordinates every client that touches the row, until commit or rollback, so there is no TTL to guess.",
	"unfenceable-resource": "The provider cannot check a token, so every call carries an idempotency key derived from our payment id, and a nightly reconciliation refunds any duplicate.",
	"extend-lease":         "Extend only while the key still holds my token, with a Lua script that compares the value and then sets the new expiry, and renew well before the lease runs out. If an extension fails, stop the work. The storage still checks a fencing token.",
	"session-suspended":    "On SUSPENDED I stop the work; the store checks a fencing token.",
}

// TestRecallG22b: losing claims a non-author review found unflagged, in
// wordings of our own, raise their red flag inside an otherwise correct
// answer; a correct sentence worded close to each (its denial, the right
// subject) raises none.
func TestRecallG22b(t *testing.T) {
	checkInserted(t, func(q string) string { return g22bBases[q] }, false, []flagCase{
		// for-update-missing-row: the missing row said to make others wait,
		// or named as the row to come
		{"for update on absent key queues the other", "row-lock", "for-update-missing-row", "Run FOR UPDATE on the key before it exists, and the second transaction waits until the first has inserted the row.", true},
		{"for update on row to be inserted", "row-lock", "for-update-missing-row", "Take FOR UPDATE on the row to be inserted first; anyone else who tries waits on that lock and then finds the row.", true},
		{"for update would-be row", "row-lock", "for-update-missing-row", "Select the would-be row FOR UPDATE and insert it; a rival transaction blocks on that lock.", true},
		{"for update absent key makes nobody wait", "row-lock", "for-update-missing-row", "FOR UPDATE on a key that does not exist yet locks nothing, so nobody waits and both can insert.", false},
		{"for update on existing row waits", "row-lock", "for-update-missing-row", "FOR UPDATE on a row that exists makes the second transaction wait until the first commits.", false},
		// idempotency-key-fences: the key said to be the fencing itself
		{"key does our fencing", "unfenceable-resource", "idempotency-key-fences", "The idempotency key does the fencing for us, so a deposed worker's charge is simply dropped.", true},
		{"key is the fencing token", "unfenceable-resource", "idempotency-key-fences", "Our idempotency key is the fencing token here, and the provider takes care of the rest.", true},
		{"key is not our fencing", "unfenceable-resource", "idempotency-key-fences", "The idempotency key is not our fencing: it only keeps a repeat of the same charge from running twice.", false},
		// ttl-as-safety: renewal said to make expiry impossible
		{"watchdog means no expiry", "extend-lease", "ttl-as-safety", "A watchdog renews the key every ten seconds, so it never expires while the job is running.", true},
		{"heartbeat means expiry never happens", "extend-lease", "ttl-as-safety", "With a heartbeat every second, expiry never happens during the job.", true},
		{"renewal cannot stop a pause", "extend-lease", "ttl-as-safety", "A paused holder misses its renewals, so the key can expire under it even with a watchdog.", false},
		{"renewal would prevent expiry only if", "extend-lease", "ttl-as-safety", "Renewal would keep the key from expiring only if the holder never paused, which nobody can promise.", false},
		// session-expiry-notified-first: the next holder let in only after
		// the old one is told
		{"holder told then someone else", "session-suspended", "session-expiry-notified-first", "When the session ends, ZooKeeper notifies the client, and only after that can another client take the lock.", true},
		{"nothing guarantees told first", "session-suspended", "session-expiry-notified-first", "Nothing guarantees the servers tell the holder first; another client may take the lock while the holder still hears nothing.", false},
	})
}
