package quiz_test

import "testing"

// g24bBases are correct answers of our own where the earlier bases no
// longer pass clean.
var g24bBases = map[string]string{
	"redlock-operations-q": "Run five independent Redis masters with no replicas, and have each persist the key with fsync before it replies, or keep a crashed node down longer than the longest TTL. Clocks must be slewed, never stepped, since a node whose clock jumps forward expires its keys early. A client that fails to reach a majority in time unlocks every node, including those that timed out. Redlock gives no fencing token and cannot stop a paused client, so use it for efficiency, and fence at the storage when correctness matters.",
}

// g24bBase is a correct answer of our own for question q, a clean pass,
// taken from the bases of earlier sessions.
func g24bBase(q string) string {
	for _, m := range []map[string]string{g24bBases, fixG23zBases, fixG23bBases, g22dBases, g21Bases, g20Bases, precisionG21Bases, g20cBases, g20bBases, regressG21bBases} {
		if s, ok := m[q]; ok {
			return s
		}
	}
	return ""
}

// TestRecallG24Inserted: wrong claims asserted as the candidate's own that
// raised no flag on main (g24b), each put into a correct answer, now raise
// their flag; the refuted or negated form and the correct counterpart in
// nearby wording stay clean. Sentences are our own.
func TestRecallG24Inserted(t *testing.T) {
	checkInserted(t, g24bBase, true, []flagCase{
		// wall-clock: two hosts' log timestamps trusted to say which write
		// came first because the clocks are synced.
		{"claim w1", "two-holders", "wall-clock", "Our servers keep their clocks in sync with chrony, so the log timestamps show which write happened first.", true},
		{"claim w2", "two-holders", "wall-clock", "The hosts are synced with NTP, so their log timestamps tell us which write came first.", true},
		{"negated w3", "two-holders", "wall-clock", "Even with both hosts synced by NTP, their log timestamps cannot tell which write came first.", false},
		{"correct w4", "two-holders", "wall-clock", "The hosts run NTP, but to learn which write came first I read the revision the lock store recorded.", false},
		{"hypothetical w5", "two-holders", "wall-clock", "If the clocks were synced perfectly, the timestamps would say which write came first; they are not.", false},
		// content-derived-key: a named hash function (SHA-256, MD5) of the
		// body taken as the key.
		{"claim k1", "idempotency-keys", "content-derived-key", "Take the SHA-256 of the JSON payload and use it as the idempotency key.", true},
		{"claim k2", "idempotency-keys", "content-derived-key", "We take the MD5 of the payload as the key, so a retry finds the stored result.", true},
		{"negated k3", "idempotency-keys", "content-derived-key", "Never use the SHA-256 of the body as the key; the client makes a random key per payment.", false},
		{"correct k4", "idempotency-keys", "content-derived-key", "The client sends a random key per payment, and we store the SHA-256 of the body beside the key to catch a reused key with a different body.", false},
		// release-rolls-back: the state said to go back, or be put back, by
		// itself when the lock expires.
		{"claim r1", "deadlock-ordering", "release-rolls-back", "Once the lease runs out, the data simply goes back as it was.", true},
		{"claim r2", "deadlock-ordering", "release-rolls-back", "After the lease times out, the account balances go back to what they were before the transfer, so a crash costs nothing.", true},
		{"negated r3", "deadlock-ordering", "release-rolls-back", "When the lock expires, the balances do not go back to their original values; the debit stays.", false},
		{"correct r4", "deadlock-ordering", "release-rolls-back", "If both moves run in one database transaction, a crash puts the balance back as it was.", false},
		{"correct r5", "deadlock-ordering", "release-rolls-back", "Lock expiry only frees the lock; nothing puts the balance back as it was.", false},
		// work-through-suspended: the job left running through SUSPENDED,
		// waved away as a blip.
		{"claim s1", "session-suspended", "work-through-suspended", "On SUSPENDED we leave the job running, since it is only a brief network hiccup.", true},
		{"claim s2", "session-suspended", "work-through-suspended", "When SUSPENDED fires, keep it running; it is just a blip in the network.", true},
		{"negated s3", "session-suspended", "work-through-suspended", "On SUSPENDED never keep the job running as if it were just a blip; stop at once.", false},
		{"correct s4", "session-suspended", "work-through-suspended", "SUSPENDED may be just a short blip, but the job must not keep running: we halt it until RECONNECTED.", false},
		// work-after-lost-lease: stopping after a failed renewal dismissed
		// as an overreaction.
		{"claim l1", "extend-lease", "work-after-lost-lease", "When the heartbeat misses once, carry on; halting the job over a single failed renewal is overkill.", true},
		{"claim l2", "extend-lease", "work-after-lost-lease", "After one missed heartbeat, keep processing; aborting the batch over a single failed renewal is paranoid.", true},
		{"negated l3", "extend-lease", "work-after-lost-lease", "When a renewal fails, stopping the job is not overreacting: the lease may already belong to someone else.", false},
		{"correct l4", "extend-lease", "work-after-lost-lease", "Halting on the first failed renewal can feel paranoid, but the lease might already be lost, so the job stops.", false},
		{"correct l5", "extend-lease", "work-after-lost-lease", "If a renewal fails, the job stops at once; retrying the renewal is fine, but the work waits until it succeeds.", false},
		// clocks-irrelevant: a clock step or NTP change on the lock's nodes
		// called harmless, or the TTL immune to it.
		{"claim c1", "redlock-operations-q", "clocks-irrelevant", "A clock jump on one Redis node is harmless to Redlock, since the majority outvotes it.", true},
		{"claim c2", "redlock-operations-q", "clocks-irrelevant", "Every node only counts down its own TTL, so a clock step there is no problem for the lock.", true},
		{"claim c3", "redis-early-expiry", "clocks-irrelevant", "The key's TTL in Redis is immune to NTP corrections on the host.", true},
		{"negated c4", "redlock-operations-q", "clocks-irrelevant", "A clock step on a Redis node is not harmless: its keys expire early.", false},
		{"correct c5", "redlock-operations-q", "clocks-irrelevant", "NTP slewing is harmless for the Redis TTLs; a step is what expires keys early.", false},
		{"negated c6", "redis-early-expiry", "clocks-irrelevant", "Redis expiry is not immune to NTP adjustments: a step forward on the node expires the key early.", false},
		// fresh-idempotency-key: the server making the key upon receiving
		// the request.
		{"claim f1", "idempotency-keys", "fresh-idempotency-key", "The server mints a fresh key upon receiving each POST, so the client never has to.", true},
		{"claim f2", "idempotency-keys", "fresh-idempotency-key", "Our API creates the idempotency key on receiving the payment call and keeps it with the charge.", true},
		{"correct f3", "idempotency-keys", "fresh-idempotency-key", "The client makes the key once; upon receiving the request, the server stores it with the response.", false},
		{"negated f4", "idempotency-keys", "fresh-idempotency-key", "The backend never generates the key upon receiving the request: the client makes it once per payment.", false},
		// ttl-as-safety: a TTL, lease or renewal said to remove the pause
		// (timing) risk outright.
		{"claim t1", "choose-ttl", "ttl-as-safety", "Setting the TTL at ten times the p99 gets rid of the pause risk for good.", true},
		{"claim t2", "extend-lease", "ttl-as-safety", "With renewal there is no timing problem left.", true},
		{"negated t3", "choose-ttl", "ttl-as-safety", "No TTL removes the pause risk: a holder can stall for longer than any lease.", false},
		{"correct t4", "choose-ttl", "ttl-as-safety", "A longer TTL only makes the pause risk rarer; fencing at the storage is what removes it.", false},
		{"negated t5", "extend-lease", "ttl-as-safety", "Renewal does not remove the timing problem, because a paused holder cannot renew.", false},
	})
}
