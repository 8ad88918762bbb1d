package quiz_test

import "testing"

// fixG24zSentences: the probes of review24 adversarial-z that g24zf fixes
// (a lost claim flagged again, a new false flag gone) and a correct or
// wrong counterpart of each written for this test.
var fixG24zSentences = []fixG24aCase{
	// lost FATAL claims: an aside elsewhere in the sentence no longer clears them
	{"T12", "choose-ttl", "ttl-as-safety", "The only risk is a lease shorter than the job; raise it, and the service can stay down longer during restarts too.", true},
	{"T13", "choose-ttl", "ttl-as-safety", "Only a TTL below the run time causes two holders, so double it; keep a crashed node down for longer than that as well.", true},
	{"T12-C", "choose-ttl", "ttl-as-safety", "A longer TTL only makes the overlap rarer, and a crashed node then keeps the lock down longer.", false},
	{"T79", "redis-lock-and-failure", "ttl-as-safety", "Two mistakes people worry about don't apply here. One is a TTL shorter than the job: the watchdog renewal guarantees nobody else gets the lock.", true},
	{"T80", "redis-lock-and-failure", "plain-del", "Two mistakes are common but harmless in practice. One is using a plain DEL to release, which is fine because the key is ours.", true},
	{"T18", "fencing-token", "client-side-fencing", "Before writing, the worker checks whether its token is stale and drops the write itself, just like clients reject old leaders.", true},
	{"T18-C", "fencing-token", "client-side-fencing", "The storage refuses any write whose token is lower than the highest it has accepted.", false},
	// the other lost claims
	{"T16", "extend-lease", "ttl-as-safety", "The rules for doing it safely are simple: renew every 10s and the heartbeat guarantees nobody else gets the lock.", true},
	{"T23", "unfenceable-resource", "lock-service-fences", "The lock server fences stale callers because it compares their token on every renewal.", true},
	{"T23-C", "unfenceable-resource", "lock-service-fences", "The lock server only hands out the token; the resource compares it on every write.", false},
	{"T26", "etcd-revision-guard", "etcd-refuses-expired", "A normal put is fine, etcd makes sure it goes through only for the current lease holder.", true},
	{"T34", "two-holders", "single-threaded-lock", "Since Redis runs one command at a time, two holders are impossible at the same instant.", true},
	{"T34-C", "two-holders", "single-threaded-lock", "Redis runs one command at a time, but a lease that expires still lets two holders in.", false},
	{"T46", "idempotency-keys", "lock-across-network-call", "The API call is guaranteed to happen only once since it sits inside a lock, and the outcome is deduped in the log later.", true},
	{"T48", "extend-lease", "work-after-lost-lease", "If a renewal fails, keep the job going; the hazard is theoretical.", true},
	{"T49", "extend-lease", "work-after-lost-lease", "A worker whose lease renewal failed should just carry on and finish the batch.", true},
	{"T50", "extend-lease", "work-after-lost-lease", "When the heartbeat fails, keep running - a paused worker is rare anyway.", true},
	{"T48-C", "extend-lease", "work-after-lost-lease", "A worker whose renewal failed that keeps going would clobber the next holder's writes.", false},
	{"T55", "idempotency-keys", "fresh-idempotency-key", "When the request arrives, the server generates a new key by hashing the client IP and the timestamp.", true},
	{"T56", "idempotency-keys", "fresh-idempotency-key", "The server creates the key on arrival, keyed by the client's session id.", true},
	{"T57", "idempotency-keys", "fresh-idempotency-key", "The server generates the key itself, hashing the client timestamp and the body.", true},
	{"T59", "idempotency-keys", "fresh-idempotency-key", "The API mints a key per request, keyed by the client's address.", true},
	{"T59-C", "idempotency-keys", "fresh-idempotency-key", "The server creates the row on arrival, keyed by the client's idempotency key.", false},
	{"T68", "deadlock-ordering", "one-lock-per-transfer", "You only need to lock the debited account; the credit can't overdraw, and expiry just frees it.", true},
	{"T69", "deadlock-ordering", "one-lock-per-transfer", "Just lock the source account, and if that fails it only frees the lock, nothing compensates anything.", true},
	// new false flags gone: timestamps judged worthless for ordering
	{"T40", "two-holders", "wall-clock", "Both hosts run NTP, yet their timestamps are worthless for telling which write came first.", false},
	{"T41", "two-holders", "wall-clock", "NTP-synced log timestamps are meaningless for which write happened first.", false},
	{"T40-W", "two-holders", "wall-clock", "Both hosts run NTP, so their timestamps tell us which write came first.", true},
}

// TestFixG24zAlone: each probe graded on its own raises its family's flag
// exactly when it is a wrong claim.
func TestFixG24zAlone(t *testing.T) {
	checkFlagCases(t, asFlagCases(fixG24zSentences))
}

// TestFixG24zCredits: an expiry waved away does not earn pause-expiry, nor
// a highest token kept for display or compared by the worker itself earn
// resource-rejects; the told failure and the resource's check still do.
func TestFixG24zCredits(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "If the lease expired while I'm working both would write, but that doesn't happen with Redis.", false},
		{"redis-lock-and-failure", "pause-expiry", "the lock could expire while it works -> both write, we accept that, it's rare.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lease can expire while I'm still working, and then both of us write.", true},
		{"fencing-token", "resource-rejects", "The store tracks highest_token; the worker compares its own token against it and skips the write if lower.", false},
		{"fencing-token", "resource-rejects", "The database keeps max_token_seen for the dashboard.", false},
		{"fencing-token", "resource-rejects", "The storage keeps max_token_seen in a Prometheus gauge.", false},
		{"fencing-token", "resource-rejects", "The storage records max_token_seen, the app checks it against its token before sending.", false},
		{"fencing-token", "resource-rejects", "The storage keeps max_token_seen and rejects any write whose token is lower.", true},
		{"fencing-token", "resource-rejects", "When a write arrives, the database accepts it if its token is at least the stored one and rejects it if the token is smaller.", true},
		{"fencing-token", "resource-rejects", "The worker accepts the job if its token is current and rejects its own write if the token is smaller.", false},
	})
}
