package quiz_test

import "testing"

// TestPrecisionG23d: the flags left on passing answers after g23a (tuning
// BX, CG) and the correct sentences a reviewer found flagged, each in
// sentences of our own put into a correct answer: the correct sentence
// raises no flag of the kind; claims worded close to it still do.
func TestPrecisionG23d(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// content-derived-key: a hash of the body kept to reject a reused
		// key whose body differs is the body-mismatch check, not a key
		// made from the content. A key said to be the hash itself stays
		// flagged, whatever the sentence adds about a reused key.
		{"body hash rejects a reused key with another amount", "idempotency-keys", "content-derived-key", "We also store a hash of the body, so a reused key with a different amount is rejected.", false},
		{"request hash refuses the same key with another body", "idempotency-keys", "content-derived-key", "Store the request hash next to the key so the same key with a different body gets refused.", false},
		{"hash stored as well as the key", "idempotency-keys", "content-derived-key", "Store a hash of the body as well as the key, so a reused key with a different body is refused.", false},
		{"key checked against a stored hash", "idempotency-keys", "content-derived-key", "On a retry the key is checked against a stored hash of the body, and a mismatch gets a 422.", false},
		{"claim: key derived from the body hash", "idempotency-keys", "content-derived-key", "Derive the key from the body hash and the duplicate charge is impossible.", true},
		{"claim: hash as the key, reused key a new payment", "idempotency-keys", "content-derived-key", "Use a hash of the body and amount as the key, so a reused key with a different amount is a new payment.", true},
		{"claim: hash into the key, reused key goes through", "idempotency-keys", "content-derived-key", "Hash the body and amount into the key, so a reused key with a different amount simply gets a new key and goes through.", true},
		{"claim: key by hashing, reused key rejected", "idempotency-keys", "content-derived-key", "Derive the key by hashing the amount and customer, so a reused key with a different amount is rejected and a retry is caught.", true},
		{"claim: amount into the key, reused key rejected too", "idempotency-keys", "content-derived-key", "Hash the amount into the key so a duplicate is rejected, and a reused key with a different amount is rejected too.", true},
		{"claim: hash as the retry key, same key rejected", "idempotency-keys", "content-derived-key", "Keep a hash of the body and amount as the retry key, so the same key with a different amount is rejected as well.", true},
		{"claim: hash as the dedup key", "idempotency-keys", "content-derived-key", "Keep a hash of the body and amount as the dedup key, so a reused key with a different amount is a fresh payment.", true},

		// work-through-suspended: working through SUSPENDED named as the
		// window where two holders run is the hazard, not the advice.
		{"carrying on while SUSPENDED is the two-holder window", "session-suspended", "work-through-suspended", "Carrying on while SUSPENDED is precisely the window where two holders can both write.", false},
		{"claim: keep working, two holders can't happen", "session-suspended", "work-through-suspended", "Keep working during SUSPENDED; two holders can't happen.", true},
		{"claim: keep working, the two-holder window is closed", "session-suspended", "work-through-suspended", "Keep working during SUSPENDED; the window where two holders could overlap is closed by Curator.", true},
		{"claim: keep processing, the window where Curator reconnects", "session-suspended", "work-through-suspended", "Keep processing during SUSPENDED: the session is still alive, and that is the window where Curator reconnects.", true},

		// replication-keeps-lock: survival said only if the replica with the
		// key is promoted, and that promotion then denied.
		{"survives only if promoted, nothing forces Sentinel", "redis-wait-safe", "replication-keeps-lock", "If WAIT reports one replica has the key and that replica is promoted, the lock survives; nothing forces Sentinel to pick it.", false},
		{"claim: Sentinel always picks it", "redis-wait-safe", "replication-keeps-lock", "If WAIT reports one replica has the key and that replica is promoted, the lock survives; Sentinel always picks it.", true},
		{"claim: nothing forces Sentinel to pick another", "redis-wait-safe", "replication-keeps-lock", "If WAIT reports one replica has the key and that replica is promoted, the lock survives; nothing forces Sentinel to pick another.", true},
		{"claim: survives, nothing forces us off Redis", "redis-wait-safe", "replication-keeps-lock", "If WAIT reports one replica has the key and that replica is promoted, the lock survives; nothing forces us to move off Redis.", true},
		{"claim: survives failover, nothing forces a rewrite", "redis-wait-safe", "replication-keeps-lock", "Once WAIT confirms a replica has the key, the lock survives the failover, and nothing forces a rewrite of the client.", true},

		// idempotency-key-fences: the repeat of the same work blocked
		// whoever sends it is the dedupe the key gives.
		{"key blocks the second charge whoever sends it", "unfenceable-resource", "idempotency-key-fences", "An idempotency key derived from the work blocks the second charge whoever sends it, including a stale holder.", false},
		{"claim: key blocks the stale holder's calls", "unfenceable-resource", "idempotency-key-fences", "The idempotency key blocks the stale holder's calls, so a second charge can't happen.", true},
		{"claim: second charge and any other write", "unfenceable-resource", "idempotency-key-fences", "An idempotency key blocks the second charge and any other write from a stale holder.", true},
		{"claim: every call the stale holder sends", "unfenceable-resource", "idempotency-key-fences", "An idempotency key derived from the work blocks every call the stale holder sends.", true},
		{"claim: any request from the stale holder", "unfenceable-resource", "idempotency-key-fences", "The idempotency key rejects any request from the stale holder, whoever sends the second charge.", true},

		// client-side-fencing: the server asking before it accepts a write
		// is the resource checking.
		{"server asks before accepting a write", "fencing-in-real-systems", "client-side-fencing", "Chubby lets a server ask the lock service whether a sequencer is still valid before accepting a write.", false},
		{"claim: worker asks before writing, store accepts", "fencing-in-real-systems", "client-side-fencing", "The worker asks the lock service whether its sequencer is still valid before writing, so the store accepts the write.", true},
		{"claim: before accepting a job, asks before writing", "fencing-in-real-systems", "client-side-fencing", "Before accepting a job, the worker asks the lock service whether its lock is still valid before writing.", true},
		{"claim: client asks before applying its update", "fencing-in-real-systems", "client-side-fencing", "The client asks the lock service whether its lease is still valid before applying its update, which makes stale writes impossible.", true},
	})
}
