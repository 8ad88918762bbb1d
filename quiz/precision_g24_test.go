package quiz_test

import "testing"

// precisionG24Base gives a correct answer of our own, a clean pass, for
// each question these cases use (bases written by earlier sessions).
func precisionG24Base(q string) string {
	for _, m := range []map[string]string{fixG23zBases, fixG23bBases, precisionG21Bases, g21Bases, g22dBases, g20bBases} {
		if s, ok := m[q]; ok {
			return s
		}
	}
	return ""
}

// TestPrecisionG24Inserted: correct sentences of our own, of the kinds
// that drew a red flag on passing answers (tuning writers CC, CE, CK, CL,
// validation CH, CJ, adversarial review 23), put into a correct answer,
// raise no flag of the family; a plainly asserted wrong claim of each
// narrowed family still does.
func TestPrecisionG24Inserted(t *testing.T) {
	checkInserted(t, precisionG24Base, true, []flagCase{
		// wall-clock: timestamps each host records are evidence to gather.
		{"host timestamps as evidence", "two-holders", "wall-clock", "From each worker I gather every acquire and write with its fencing token and host timestamps.", false},
		{"claim timestamps order", "two-holders", "wall-clock", "We decide which write is later by the timestamp each worker attached, so no token is needed.", true},
		// etcd-refuses-expired: the stale put "goes through fine" is the hazard.
		{"plain put accepted", "etcd-revision-guard", "etcd-refuses-expired", "An ordinary Put from the deposed leader goes through just fine, since the lease only governs its own keys.", false},
		{"claim plain put fine", "etcd-revision-guard", "etcd-refuses-expired", "A plain put is fine here, because etcd drops writes from clients whose lease ran out.", true},
		// single-node-keeps-keys: "so nothing deletes" as the aim of a measure.
		{"lock down deletes", "redis-early-expiry", "single-node-keeps-keys", "Rename FLUSHALL and lock down raw DEL for the app user so nothing else deletes the lock key.", false},
		{"claim nothing deletes", "redis-early-expiry", "single-node-keeps-keys", "With a single Redis node nothing deletes the key early, so the lock holds until its TTL.", true},
		// single-threaded-lock: the one command's atomicity conceded.
		{"command atomic", "redis-lock-and-failure", "single-threaded-lock", "Being single-threaded makes the SET NX command itself atomic: two clients never both create the key at the same instant.", false},
		{"claim single-threaded safe", "redis-lock-and-failure", "single-threaded-lock", "Redis is single-threaded, so two clients can never hold the lock at the same time.", true},
		// work-after-lost-lease: carrying on framed as a mistake.
		{"zombie framing", "extend-lease", "work-after-lost-lease", "A job that keeps going regardless after its heartbeat failed is exactly what a zombie writer is.", false},
		{"as if nothing happened", "extend-lease", "work-after-lost-lease", "The bad version grabs the key again after the renewal fails and carries on as if nothing happened.", false},
		{"claim carry on", "extend-lease", "work-after-lost-lease", "When the renewal fails, the worker just carries on and finishes the batch.", true},
		{"claim keep going regardless", "extend-lease", "work-after-lost-lease", "If the renewal fails, keep going regardless, the batch is nearly done.", true},
		// ttl-as-safety: "doing it safely" names a requirement.
		{"renew safely", "extend-lease", "ttl-as-safety", "Extending is routine, but there are rules for doing it safely.", false},
		{"claim renew safe", "extend-lease", "ttl-as-safety", "With a watchdog renewing the key every ten seconds, the lock is safe and nobody else can take it.", true},
	})
}

// TestPrecisionG24Answers: whole answers of our own for the phenomena the
// reading rules cover (a list of mistakes opened by "One is", a header
// declining what it lists with "not do", a claim held in one open
// transaction), with wrong-claim controls.
func TestPrecisionG24Answers(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"one-is mistake list", "session-suspended", "work-through-suspended",
			"On SUSPENDED I pause the protected work at once, because the lock may already be gone. RECONNECTED with the same session lets me resume, and LOST means the session expired, so I drop the work and reacquire. Two mistakes I'd steer clear of. One is shrugging off SUSPENDED as noise and only acting once LOST arrives. The other is trusting the listener for safety, since a GC pause can let a write through before it fires, so the store checks the lock node's zxid as a fencing token.", false},
		{"control: asserted", "session-suspended", "work-through-suspended",
			"SUSPENDED is just a blip, so I keep working and only react to LOST. RECONNECTED with the same session lets me resume. The store checks the lock node's zxid as a fencing token.", true},
		{"declined list header", "idempotency-keys", "fresh-idempotency-key",
			"The client creates one idempotency key per payment attempt and sends the same key on every retry. The server inserts the key under a unique constraint in the same transaction as the payment and returns the stored response for a repeat.\n\nThings we would not do:\n- Minting the key on the server for each request. A retry is then a new request with a new key, and nothing is deduplicated.", false},
		{"control: server mints per request", "idempotency-keys", "fresh-idempotency-key",
			"The server mints the idempotency key for each request and stores it under a unique constraint, returning the stored response for a repeat.", true},
	})
}

// TestPrecisionG24Review: correct sentences of the kinds adversarial review
// 23 (Z) found flagged, in our own words, with wrong-claim controls.
func TestPrecisionG24Review(t *testing.T) {
	checkInserted(t, precisionG24Base, true, []flagCase{
		// one-lock-per-transfer: what expiry does to a half-done transfer.
		{"expiry frees", "deadlock-ordering", "one-lock-per-transfer", "When the lease expires it only frees the lock, and the half-finished debit still needs compensating.", false},
		{"claim only source", "deadlock-ordering", "one-lock-per-transfer", "You only need to lock the source account, since the debit is the risky side.", true},
		// work-through-suspended: the overlap told as the result.
		{"window both think", "session-suspended", "work-through-suspended", "Carrying on with writes through SUSPENDED opens a window where two workers both believe they own the lock.", false},
		{"claim keep working", "session-suspended", "work-through-suspended", "On SUSPENDED just keep working as normal, it is only a transient blip.", true},
		// work-after-lost-lease: a paused process unaware of its lapse.
		{"paused unaware", "extend-lease", "work-after-lost-lease", "A frozen worker whose renewal failed keeps going anyway once it wakes up, since it is unaware the lease ran out.", false},
		{"claim keep running anyway", "extend-lease", "work-after-lost-lease", "If the renewal failed we keep running anyway, the lease still has a few seconds left.", true},
		// fresh-idempotency-key: the server's row keyed by the client's key.
		{"row keyed by client's key", "idempotency-keys", "fresh-idempotency-key", "On arrival the server creates the dedup row keyed by the Idempotency-Key header that the client sent.", false},
		{"hash of client key", "idempotency-keys", "fresh-idempotency-key", "The server derives its lookup key by hashing the client idempotency key with the tenant id.", false},
		{"claim server creates", "idempotency-keys", "fresh-idempotency-key", "The server creates a new idempotency key for each request when it arrives.", true},
		{"claim server generates", "idempotency-keys", "fresh-idempotency-key", "The server generates the idempotency key and stores it with the payment.", true},
	})
}

// TestPrecisionG24Consensus: a node kept down past the TTL and a consensus
// log written before the ack, in our own words, with wrong-claim controls.
func TestPrecisionG24Consensus(t *testing.T) {
	checkInserted(t, precisionG24Base, true, []flagCase{
		{"node kept down", "redis-early-expiry", "ttl-as-safety", "Only let a crashed node rejoin after it stays down longer than the max TTL, and keep per-node timeouts far below the TTL.", false},
		{"claim only raise ttl", "redis-early-expiry", "ttl-as-safety", "Two holders only happen when the TTL is shorter than the job, so double it.", true},
		{"quorum log before ack", "redis-lock-and-failure", "replication-keeps-lock", "The lock state lives in a replicated log that a majority persists before acknowledging.", false},
		{"claim redis replicates", "redis-lock-and-failure", "replication-keeps-lock", "Redis replicates the lock key to its replica before acknowledging, so a failover keeps it.", true},
	})
}
