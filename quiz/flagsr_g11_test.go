package quiz_test

import "testing"

// TestLosingClaimShapesG11 holds grader g11's red-flag recall to sentences
// of our own. Each class is a misconception behind losing claims the
// grader missed on the validation writers AD and AE, stated as a general
// relation and written in several wordings and structures (none is a
// corpus answer), beside near misses that must stay quiet: the correct
// counterpart, a negation, a refutation.
func TestLosingClaimShapesG11(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A negated consequence drawn after the claim ("..., so keys
		// never collide", "— that way no two attempts share a key") is the
		// benefit the claim sells, not a denial of it: a flag's negator
		// exclusions do not reach into it (see flagMatchSources).
		{"fresh key per attempt, so keys never collide", "unfenceable-resource", "fresh-idempotency-key",
			"Each call attempt gets a brand-new uuid4 as its idempotency key, so the keys never collide.", true},
		{"fresh key per retry, that way no two share one", "unfenceable-resource", "fresh-idempotency-key",
			"Generate a fresh idempotency key for every retry — that way no two attempts share a key.", true},
		{"new key per attempt, which means no duplicate", "idempotency-keys", "fresh-idempotency-key",
			"I'd create a new idempotency key per attempt, which means the provider never sees a duplicate key.", true},
		{"exactly one run, so no dedupe table needed", "run-job-once", "exactly-once-claim",
			"The lock guarantees exactly one run per period, so we never need a dedupe table.", true},
		{"near miss: never a fresh key per retry", "unfenceable-resource", "fresh-idempotency-key",
			"Never generate a fresh idempotency key per retry: the provider would treat the retry as a new payment.", false},
		{"near miss: a fresh key per retry is not what you want", "idempotency-keys", "fresh-idempotency-key",
			"A fresh key per retry is not what you want, so reuse the one from the first attempt.", false},
		{"near miss: judged wrong before the consequence", "unfenceable-resource", "fresh-idempotency-key",
			"Generating a new key for every attempt is wrong, so the provider never dedupes anything.", false},
		{"near miss: the same key on every retry", "idempotency-keys", "fresh-idempotency-key",
			"The client makes one key per payment and sends the same key on every retry, so the provider never charges twice.", false},
		{"near miss: no guarantee of one run", "run-job-once", "exactly-once-claim",
			"Kubernetes does not guarantee exactly one run per schedule, so the job still has to be idempotent.", false},
	})
}
