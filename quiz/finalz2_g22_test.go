package quiz_test

import "testing"

// TestFinalZ2DisplacedPracticeG22: under a header of causes, a sentence
// after an item's own fix that says the fix replaces, removes or does
// away with a practice names the practice the item rejects; it is no
// claim that the practice is good (g22l). A fix-effect claim with no such
// word is still read as the candidate's own. Sentences of our own,
// inserted into a correct answer.
func TestFinalZ2DisplacedPracticeG22(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		{"fix replaces a fetch-then-delete release", "two-holders", "get-then-del", "\nLikely causes:\n- Release: run the compare-and-delete as one script. It replaces reading the value and then sending DEL, which can remove a lock someone else took.", false},
		{"fix means a policy no longer picks lock keys", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Eviction: switch the lock instance to noeviction. It means an LRU policy can no longer choose our lock keys, so they survive memory pressure.", false},
		{"fix used instead of the policy", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Eviction: set noeviction. It is used instead of volatile-ttl, under which the lock keys were never protected.", false},
		// still a claim: the fix's effect, no practice displaced
		{"fix-effect claim still read", "redis-early-expiry", "single-node-keeps-keys", "\nLikely causes:\n- Eviction: configure volatile-random. It picks only keys with an expiry, so lock keys are safe from eviction.", true},
	})
}

// TestFinalZ2ClockSyncPolarityG22: an expiry taken from the client's
// clock is excused by clock sync only where the dependence is named as a
// hazard or a reason against the design; accepted as met ("which we
// have", "the NTP daemon takes care of it", a first-person "we rely on")
// it is the wall-clock claim with its justification (g22l).
func TestFinalZ2ClockSyncPolarityG22(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		{"dependence accepted as provided", "extend-lease", "wall-clock", "Each renewal sets the expiry from the client's timestamp, which requires clock sync, and our NTP daemon takes care of it.", true},
		{"first-person reliance", "two-holders", "wall-clock", "The lease runs out by the client's clock, and we rely on clock sync between the hosts.", true},
		{"assumption said to be met", "design-lock-service-q", "wall-clock", "Each lease expires at the client's current time plus the TTL; that assumes synchronized hosts, which we have.", true},
		// named as a hazard: still excused
		{"dependence as the reason against", "design-lock-service-q", "wall-clock", "Letting the client-supplied time set the expiry would depend on clock sync, so the leader counts each lease down itself.", false},
		{"dependence named as fragile", "extend-lease", "wall-clock", "Taking the expiry from the client's clock relies on clock sync, which is fragile, so the server measures the lease.", false},
	})
}
