package quiz_test

import (
	"testing"
)

// TestEndorsingHeadersG21: a claim after a header ending in a colon is the
// speaker's own when the header vouches for it (a job given to an agent,
// "X gets this from Y", a fix announced, "here's how"), and raises its red
// flag inside an otherwise correct answer; the same claim after a header
// that sets aside, rejects, quotes or lists suspects raises none.
func TestEndorsingHeadersG21(t *testing.T) {
	const tokenViaService = "on each write the client passes its token to the lock service, which confirms it is still the current one, so the database needs to know nothing about tokens."
	const nodeBlocks = "when the old owner's session ends its node disappears, and that by itself blocks its writes to the data it guarded."
	const validityCheck = "have every client check its remaining validity just before each write and skip the write when less than a second is left, and then a pause can't cause overlapping writes."
	checkInserted(t, func(q string) string { return g21Bases[q] }, false, []flagCase{
		// endorsing headers
		{"done by", "fencing-token", "client-side-fencing", "The check is done by our lock service: " + tokenViaService, true},
		{"agent does", "fencing-token", "client-side-fencing", "Our lock service does the check: " + tokenViaService, true},
		{"here's how", "fencing-token", "client-side-fencing", "Here's how: " + tokenViaService, true},
		{"the fix", "fencing-token", "client-side-fencing", "The fix: " + tokenViaService, true},
		{"gets this for free", "fencing-in-real-systems", "lock-service-fences", "Systems built on ZooKeeper get this for free from ephemeral nodes: " + nodeBlocks, true},
		{"cheap to fix after cleft", "redlock-operations-q", "client-side-fencing", "What it can't do is stop a frozen client from writing after its lease ends, but that's easy to fix: " + validityCheck, true},
		// setting aside, rejecting, quoting, listing suspects
		{"usual suspects", "fencing-token", "client-side-fencing", "Check the usual suspects: " + tokenViaService, false},
		{"mistakes I see", "fencing-token", "client-side-fencing", "Mistakes I see: " + tokenViaService, false},
		{"people often say", "fencing-token", "client-side-fencing", "People often say: " + tokenViaService, false},
		{"don't do this", "fencing-token", "client-side-fencing", "Don't do this: " + tokenViaService, false},
		{"mistakes I see, nodes", "fencing-in-real-systems", "lock-service-fences", "Mistakes I see: " + nodeBlocks, false},
		{"people often say, nodes", "fencing-in-real-systems", "lock-service-fences", "People often say: " + nodeBlocks, false},
		{"cleft without a fix", "redlock-operations-q", "client-side-fencing", "What I wouldn't do is have every client check its remaining validity just before each write and trust that a pause can't cause overlapping writes.", false},
		{"mistakes I see, validity", "redlock-operations-q", "client-side-fencing", "Mistakes I see: " + validityCheck, false},
	})
}

// TestBenefitAfterClaimG21: "That way ..." draws a benefit from the
// sentence before it; its own negation ("no client can ...") does not
// reject that sentence, so a server-made key returned in the response is
// still claimed beside the client resending a key.
func TestBenefitAfterClaimG21(t *testing.T) {
	checkInserted(t, func(q string) string { return g21Bases[q] }, false, []flagCase{
		{"that way", "idempotency-keys", "fresh-idempotency-key", "Better: the server creates the idempotency key for each payment and returns it in its response; when retrying, the client sends that key back. That way clients can't make up keys, and every retry is deduplicated.", true},
		{"that's wrong", "idempotency-keys", "fresh-idempotency-key", "Some teams let the server create the idempotency key for each payment and return it in its response; when retrying, the client sends that key back. That doesn't work: the response that carried the key is the one that got lost.", false},
	})
}
