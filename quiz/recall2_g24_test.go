package quiz_test

import "testing"

// TestRecall2G24Inserted (g24d): wrong claims asserted as the candidate's
// own that raised no flag after g24b, each put into a correct answer, now
// raise their flag; the negated or refuted form and the correct
// counterpart in nearby wording stay clean. Sentences are our own.
func TestRecall2G24Inserted(t *testing.T) {
	checkInserted(t, g24bBase, true, []flagCase{
		// ttl-as-safety: a renewer on its own thread said to keep the lease
		// alive through a stop-the-world pause.
		{"claim g1", "choose-ttl", "ttl-as-safety", "Our watchdog renews from a background thread, so even during a stop-the-world GC it keeps the lease alive.", true},
		{"claim g2", "choose-ttl", "ttl-as-safety", "Because the renewer has its own thread, a garbage collection that freezes the workers still leaves it to keep renewing.", true},
		{"negated g3", "choose-ttl", "ttl-as-safety", "A renewer on its own thread does not keep the lease alive during a stop-the-world GC, because every thread is frozen.", false},
		{"correct g4", "choose-ttl", "ttl-as-safety", "The watchdog renews from a background thread, but a stop-the-world pause freezes it as well, so the lease can still run out.", false},
		// lock-service-fences: the token check placed in the lock service.
		{"claim s1", "unfenceable-resource", "lock-service-fences", "The token check belongs in the lock service, which compares it with the current holder's before passing the write on.", true},
		{"claim s2", "unfenceable-resource", "lock-service-fences", "In our design the token check is done by the lock server before the write goes on.", true},
		{"negated s3", "unfenceable-resource", "lock-service-fences", "The token check never belongs in the lock service: it does not see the writes, so the storage checks each one.", false},
		{"correct s4", "unfenceable-resource", "lock-service-fences", "The lock service hands out the token, and the check belongs in the storage that receives the write.", false},
	})
}
