package quiz_test

import (
	"slices"
	"testing"
)

// TestLimitsAreNotTheClaimsTheyLimit: a measure whose own sentence goes
// on to judge it too weak ("— each of which only narrows the window
// under assumptions about pauses, clocks ..."), "time left" (the
// participle, not the verb "leave"), and a retry that repeats a key of
// our own beside its body are the correct practice told with its limit,
// not the mistake (g37c; blind answers of EM, DK and DQ). The same words
// asserted plainly, with the window closed or the measure approved after
// its limit, in another clause of a mixed answer, or with the key derived
// from the body, still raise the flag; so does a provider's dedup
// trusted on content, which this change leaves as it was. Two plain
// claims no pattern caught before are flagged: a single Redis keeping
// the key "exactly until its TTL ends", and wall-clock times compared
// to determine the rightful holder.
func TestLimitsAreNotTheClaimsTheyLimit(t *testing.T) {
	b := loadBank(t)
	flags := func(t *testing.T, qid, text string) []string { return raisedFlags(t, b, qid, text) }
	for _, c := range []struct{ q, text, flag string }{
		{"unfenceable-resource", "Around that: record intent in my own fenced DB before calling, reconcile by querying the provider with our reference, and check remaining lease with a margin before calling — each of which only narrows the window under assumptions about pauses, clocks and the provider's consistency.", "wall-clock"},
		{"unfenceable-resource", "Check the remaining lease against the local clock before calling, which only narrows the window under assumptions about pauses and clocks.", "wall-clock"},
		{"unfenceable-resource", "I would also check the lease expiry against my own clock right before the call — that only shrinks the window, since it assumes no pause and no clock jump.", "wall-clock"},
		{"unfenceable-resource", "Check the lease against the local clock before calling and renew early, both of which assume bounded pauses and no clock jumps.", "wall-clock"},
		{"unfenceable-resource", "Route calls through a proxy you own that checks fencing tokens (assumes nothing bypasses it and the proxy itself doesn't stall), check lease validity just before calling (assumes bounded pauses and drift), and reconcile afterwards against the provider's records.", "client-side-fencing"},
		{"redis-early-expiry", "An ops lead once told me \"on a single Redis a TTL is a TTL.\" Not so. If maxmemory is hit with a volatile-* or allkeys-* eviction policy, the lock key can be evicted, and volatile-ttl prefers keys with the least time left.", "single-node-keeps-keys"},
		{"redis-early-expiry", "volatile-ttl evicts keys with an expiry, preferring the ones with the shortest time left.", "single-node-keeps-keys"},
		{"redis-early-expiry", "A single Redis does not keep the key exactly until its TTL ends: eviction, restarts and clock jumps remove it early.", "single-node-keeps-keys"},
		{"redis-early-expiry", "People assume a single Redis keeps the key exactly until its TTL ends; it doesn't.", "single-node-keeps-keys"},
		{"two-holders", "You can't compare wall-clock timestamps to decide who holds the lock, because clocks drift and step.", "wall-clock"},
		{"two-holders", "I'd compare the hosts' timestamps with the lock server's log to see who held the lock when, knowing the clocks may be skewed.", "wall-clock"},
		{"idempotency-keys", "Every retry of that payment sends the same key and the same body.", "content-derived-key"},
		{"idempotency-keys", "Each retry carries the same idempotency key and the same payload.", "content-derived-key"},
		{"idempotency-keys", "Every retry sends the same key and the same body, and the server keeps a hash of the body to reject a reused key with a different body.", "content-derived-key"},
	} {
		t.Run("clean/"+c.text[:40], func(t *testing.T) {
			if ids := flags(t, c.q, c.text); slices.Contains(ids, c.flag) {
				t.Errorf("%s: flags=%v, want no %s", c.text, ids, c.flag)
			}
		})
	}
	for _, c := range []struct{ q, text, want string }{
		{"unfenceable-resource", "Check the remaining lease against the local clock before calling and you are safe.", "wall-clock"},
		{"unfenceable-resource", "Before calling, compare the lease expiry with the local clock; that closes the window.", "wall-clock"},
		{"unfenceable-resource", "Check the remaining lease against the local clock before calling, which closes the window entirely.", "wall-clock"},
		{"unfenceable-resource", "Check remaining lease against the clock before calling, which narrows the window to zero.", "wall-clock"},
		{"unfenceable-resource", "Check the lease expiry against the local clock before calling, which only narrows the window, but with NTP the clocks are synced so that is enough.", "wall-clock"},
		{"unfenceable-resource", "Check the lease against the local clock before calling, which assumes nothing about pauses, so it is always safe.", "wall-clock"},
		{"unfenceable-resource", "Check the lease expiry against the local clock before calling, which assumes synced clocks, and NTP gives us that.", "wall-clock"},
		{"unfenceable-resource", "Use a fresh idempotency key for every retry, and check the remaining lease against the local clock before calling, which only narrows the window under assumptions about pauses.", "fresh-idempotency-key"},
		{"unfenceable-resource", "- record intent first\n- check the remaining lease against the local clock before calling, so the call is always safe", "wall-clock"},
		{"redis-early-expiry", "Eviction leaves keys with a TTL alone, so the lock keys with time left are safe.", "single-node-keeps-keys"},
		{"redis-early-expiry", "Redis never evicts keys with a TTL, so a lock key with seconds left is safe.", "single-node-keeps-keys"},
		{"redis-early-expiry", "On a single Redis the key lives exactly as long as the TTL, however little time is left.", "single-node-keeps-keys"},
		{"redis-early-expiry", "Use volatile-ttl for lock keys; it leaves keys with a TTL alone.", "single-node-keeps-keys"},
		{"redis-early-expiry", "A single Redis keeps the key exactly until its TTL ends.", "single-node-keeps-keys"},
		{"two-holders", "Just compare the wall-clock times of the two acquisitions to determine the rightful holder.", "wall-clock"},
		{"idempotency-keys", "Use a hash of the body as the key, so every retry with the same body gets the same key.", "content-derived-key"},
		{"idempotency-keys", "Key = hash(body), so every retry sends the same key and the same body.", "content-derived-key"},
		{"idempotency-keys", "Key = sha256(body); every retry sends the same body and therefore the same key.", "content-derived-key"},
		{"idempotency-keys", "The key is derived from the body, so a retry has the same body and the same key.", "content-derived-key"},
		{"idempotency-keys", "The server treats a retry with the same body as the same payment, even without the same key.", "content-derived-key"},
		{"idempotency-keys", "Our gateway already drops duplicate charges of the same amount on the same card.", "network-drops-duplicates"},
		{"idempotency-keys", "The gateway already drops duplicates for us, so no reference number is needed.", "network-drops-duplicates"},
		{"idempotency-keys", "Visa already blocks a repeat of the same amount for us, and we log the reference number.", "network-drops-duplicates"},
		{"idempotency-keys", "The gateway already declines duplicates of the same amount, and a retry with the same reference number is declined too.", "network-drops-duplicates"},
	} {
		t.Run("flag/"+c.text[:40], func(t *testing.T) {
			if ids := flags(t, c.q, c.text); !slices.Contains(ids, c.want) {
				t.Errorf("%s: flags=%v, want %s", c.text, ids, c.want)
			}
		})
	}
}
