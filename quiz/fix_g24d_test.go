package quiz_test

import "testing"

// TestFixG24dLead: the lead's check of g24d's two patterns found two
// correct sentences they flagged (one of them with the fatal
// ttl-as-safety): a renewer said to keep the lease alive until a
// stop-the-world pause freezes it and the lease runs out, and the lock
// service's part told as issuing tokens while the receiver compares them.
// Both are clean now; the claims in nearby words stay flagged.
func TestFixG24dLead(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"correct d1", "choose-ttl", "ttl-as-safety", "The renewal thread keeps the lease alive, and during a stop-the-world pause the thread is frozen so the lease can run out.", false},
		{"correct d2", "choose-ttl", "ttl-as-safety", "A background thread keeps the lock alive until a full GC freezes it; then the lock may expire under us.", false},
		{"claim d3", "choose-ttl", "ttl-as-safety", "The watchdog is a separate thread, so a stop-the-world GC can't stop it and it keeps the lease alive.", true},
		{"claim d4", "choose-ttl", "ttl-as-safety", "During a GC pause the heartbeat thread keeps renewing, so expiry isn't a concern.", true},
		{"correct d5", "unfenceable-resource", "lock-service-fences", "The check happens at the lock service only in the sense that it issues tokens; the API must compare them.", false},
		{"claim d6", "unfenceable-resource", "lock-service-fences", "The token check is done by the lock service, so the payment API needs nothing.", true},
	})
}
