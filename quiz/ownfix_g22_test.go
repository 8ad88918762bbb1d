package quiz_test

import "testing"

// TestOwnFixEffectG22: under a header of causes, an item that prescribes
// its own fix and then goes on, on its line, is read two ways (g22i). A
// present-tense sentence pointing back to the fix ("It ...", "This ...",
// "So ...") is the candidate's claim about what the fix achieves, and a
// wrong one raises its flag; the story of the fault told after the fix
// (another subject, the past tense, a belief reported) is the suspect the
// item refutes, and raises nothing. Sentences of our own, inserted into a
// correct answer.
func TestOwnFixEffectG22(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// fault stories after the fix stay refuted suspects
		{"past-tense release story", "two-holders", "get-then-del", "\nLikely causes:\n- Release: switch to a compare-and-delete script. Our old release fetched the value, compared it in the client and then issued DEL, and the key had expired in between.", false},
		{"past-tense token story", "two-holders", "random-fencing-token", "\nLikely causes:\n- Tokens: use the counter the lock service hands out. The lock service handed out a UUID as the fencing token, and the database cannot order UUIDs.", false},
		{"belief reported after the fix", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Memory: set noeviction on the lock instance. Everyone assumed lock keys were safe from eviction under volatile-lru.", false},
		{"pronoun but past tense", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Memory: configure noeviction. It was volatile-lru before, and lock keys were protected only while memory stayed free.", false},
		{"state of the old setup, present tense, other subject", "redis-early-expiry", "two-commands", "\nLikely causes:\n- Missing expiry: use a single SET with NX and PX. SETNX and then EXPIRE as two separate commands may leave a key without a TTL.", false},
		// a claim about the fix's effect is the candidate's own
		{"pronoun and present tense claim", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Memory pressure: set maxmemory-policy volatile-lru. This evicts only the keys that carry a TTL, so our lock keys are protected.", true},
		{"consequence drawn from the fix", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Eviction: configure volatile-random. It picks only keys with an expiry, so lock keys are safe from eviction.", true},
	})
}
