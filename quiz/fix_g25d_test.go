package quiz_test

import "testing"

// TestFixG25dClaims: the g25d patterns kept by g25xf catch their claim
// families in wordings of our own (a fresh idempotency key for the retry, a
// volatile policy said to protect the lock keys). g25xf reverted the
// ttl-as-safety, client-side-fencing, redlock-correctness and NTP step-mode
// patterns, so their "must" cases are gone; their near misses below stay as
// sentences that must stay clean. (All sentences written for this test,
// none from the corpus.)
func TestFixG25dClaims(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// fresh-idempotency-key: a new key for the retry, told as the rule.
		{"retry brand new key", "unfenceable-resource", "fresh-idempotency-key", "On a timeout the holder must retry with a brand new idempotency key, since the old one may be wedged at the provider.", true},
		{"retry regenerated key", "unfenceable-resource", "fresh-idempotency-key", "When the provider times out, we regenerate the idempotency key and retry, because the first key could be stuck.", true},
		// single-node-keeps-keys: a volatile policy with a reason in between.
		{"volatile protects", "redis-early-expiry", "single-node-keeps-keys", "Use volatile-lru: it evicts only keys with a TTL, which are the ones nearly gone anyway, so the lock keys are protected.", true},
	})
}

// TestFixG25dNearMisses: correct sentences sharing the words of the g25d
// patterns, in a correct answer, raise no flag of the family.
func TestFixG25dNearMisses(t *testing.T) {
	checkInserted(t, g24bBase, true, []flagCase{
		{"never new key", "unfenceable-resource", "fresh-idempotency-key", "Never retry with a new idempotency key after a timeout.", false},
		{"fresh key would charge", "unfenceable-resource", "fresh-idempotency-key", "Retrying with a fresh key would make the provider charge the card twice.", false},
		{"same not new", "unfenceable-resource", "fresh-idempotency-key", "The retry must carry the same key, not a new one.", false},
		{"only new purchase", "unfenceable-resource", "fresh-idempotency-key", "Only a new purchase gets a new key; retries keep the original one.", false},
		{"regenerating is the mistake", "unfenceable-resource", "fresh-idempotency-key", "Keep the key stable across retries; regenerating it is the mistake.", false},
		{"brand new is a new payment", "unfenceable-resource", "fresh-idempotency-key", "A retry with a brand new key is treated by the provider as a new payment.", false},
		{"server key harm told", "idempotency-keys", "fresh-idempotency-key", "Another trap is generating the key on the server, since every retry then gets a new key and nothing is deduplicated.", false},
		{"server key defeats", "idempotency-keys", "fresh-idempotency-key", "Minting the key per request is useless, since each retry comes with a new key.", false},
		{"ttl removes other risk", "unfenceable-resource", "ttl-as-safety", "A longer TTL removes the risk of a stuck lock, not of a paused holder.", false},
		{"ntp never step", "redlock-operations-q", "clocks-irrelevant", "Never run NTP in step mode on the Redis nodes; configure it to slew.", false},
		{"chrony slew not step", "redlock-operations-q", "clocks-irrelevant", "Chrony should slew rather than step the clock.", false},
		{"ntp step harm", "redis-early-expiry", "clocks-irrelevant", "The VM restore jumped the clock, the same harm as NTP in step mode.", false},
		{"step mode is out", "redlock-operations-q", "clocks-irrelevant", "Step mode for NTP is off the table; the nodes slew.", false},
		{"found step mode", "redlock-operations-q", "clocks-irrelevant", "We found chrony in step mode and switched it to slew.", false},
		{"step mode myth", "redis-early-expiry", "clocks-irrelevant", "It is a myth that NTP in step mode is harmless to Redis.", false},
		{"immune no", "redlock-operations-q", "redlock-correctness", "Immune to GC pauses, no: a paused client keeps writing after its validity.", false},
		{"volatile not safe", "redis-early-expiry", "single-node-keeps-keys", "The lock keys are not safe under volatile-ttl.", false},
		{"volatile first victims", "redis-early-expiry", "single-node-keeps-keys", "Under volatile-ttl the lock keys, having the shortest TTLs, are the first victims.", false},
		{"myth volatile", "redis-early-expiry", "single-node-keeps-keys", "It is a myth that volatile eviction leaves the lock keys alone.", false},
		{"margin never eliminates", "unfenceable-resource", "ttl-as-safety", "A bigger TTL than the API timeout makes overlap rarer, but it can't eliminate the risk.", false},
		{"margin claim refuted", "unfenceable-resource", "ttl-as-safety", "People say a 5-second margin fully eliminates the risk; it doesn't, a GC pause can be longer.", false},
		{"gateway removes risk", "unfenceable-resource", "ttl-as-safety", "The gateway that checks fencing tokens removes the risk whatever the lease does.", false},
		{"lock-delay not complete", "unfenceable-resource", "ttl-as-safety", "Lock-delay shrinks the window after a lease expires; it does not remove the risk completely.", false},
		{"expired not dead", "skip-locked-queue", "ttl-as-safety", "Once the lease has expired the old worker is not necessarily dead, so completion checks the attempt number.", false},
		{"expiry proves nothing", "skip-locked-queue", "ttl-as-safety", "Expiry proves nothing: the worker whose lease ran out may still be running the job.", false},
		{"check narrows", "two-holders", "client-side-fencing", "Checking the lock right before every write narrows the window but does not close it.", false},
		{"db checks closes", "two-holders", "client-side-fencing", "The database checks the token before each write, which closes the window for stale holders.", false},
		{"isheld shrinks", "two-holders", "client-side-fencing", "Calling isHeldByCurrentThread before every write shrinks the gap, it never closes the window.", false},
		{"redlock not pauses", "unfenceable-resource", "redlock-correctness", "Redlock does not tolerate GC pauses: a paused holder's keys expire on every node.", false},
		{"majority crashes not pauses", "unfenceable-resource", "redlock-correctness", "The majority tolerates node crashes, not GC pauses.", false},
		{"redlock wont stop pauses", "unfenceable-resource", "redlock-correctness", "Switching to Redlock won't make pauses stop being a problem, since the lease still expires while the holder is frozen.", false},
		{"survives failures not pause", "redlock-operations-q", "redlock-correctness", "With five nodes the lock survives two node failures, but a holder's lease can still expire while it is paused.", false},
	})
}
