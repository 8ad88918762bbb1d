package quiz_test

import "testing"

// g22dBases are short correct answers of our own, by question, that the
// claims of TestRecallG22d are appended to.
var g22dBases = map[string]string{
	"deadlock-ordering":       "Two transfers in opposite directions each hold one account and wait for the other: a cycle. Lock the accounts in one global order, the lower id first, and do the debit and the credit in one database transaction.",
	"outbox-pattern":          "Write the event to an outbox table in the same transaction as the status change; a relay publishes the rows and marks them sent, so delivery is at least once and consumers deduplicate by event id.",
	"row-lock":                "Yes, within that database: a row lock coordinates every client that touches the row, until commit or rollback, so there is no TTL to guess.",
	"design-lock-service-q":   "A Raft group commits every grant on a quorum; sessions carry a TTL kept alive by the client; each grant returns a token that only grows, and the resources check that token.",
	"redis-early-expiry":      "A single node can drop a lock early: a restart loses keys written since the last fsync, a forward clock jump expires keys, and someone can delete the key by hand.",
	"unfenceable-resource":    "The provider cannot check a token, so every call carries an idempotency key derived from our payment id, and a nightly reconciliation refunds any duplicate.",
	"choose-ttl":              "Size the TTL from the measured p99 of the job plus margin, renew well before it runs out, and let the resource check a fencing token.",
	"idempotency-keys":        "The client makes one key when the user taps pay and sends it with every retry; a unique constraint on the key stores the first response, and a retry gets that response back.",
	"optimistic-concurrency":  "Give the row a version column: the save runs UPDATE ... WHERE id = $1 AND version = $2, and zero rows updated means someone else saved first, so the user reloads and retries.",
	"fencing-in-real-systems": "Yes: Kafka controller epochs, HDFS JournalNode epochs and Raft terms all hand the new owner a bigger number, and the receiver refuses requests that carry a smaller one.",
	"session-suspended":       "On SUSPENDED I stop the work; the store checks a fencing token.",
	"skip-locked-queue":       "Claim a job in a short transaction with FOR UPDATE SKIP LOCKED, set it running with a lease and an attempt number, and let a reaper hand back jobs whose lease ran out; handlers are idempotent.",
}

// TestRecallG22d: losing claims that raised no red flag, in wordings of
// our own, raise their flag inside an otherwise correct answer; a correct
// sentence worded close to each (its denial, the right subject) raises
// none.
func TestRecallG22d(t *testing.T) {
	checkInserted(t, func(q string) string { return g22dBases[q] }, false, []flagCase{
		// locks-make-atomic: the locks said to guarantee all-or-nothing
		{"locks ensure all or nothing", "deadlock-ordering", "locks-make-atomic", "While we hold both, the locks ensure the two updates are all or nothing.", true},
		{"transaction ensures all or nothing", "deadlock-ordering", "locks-make-atomic", "The locks only keep other transfers out; the transaction is what makes the two updates all or nothing.", false},
		// sequence-commit-order
		{"serial ids arrive in commit order", "outbox-pattern", "sequence-commit-order", "The relay keeps the last id it sent and reads rows above it, since serial ids are assigned in commit order.", true},
		{"serial ids not in commit order", "outbox-pattern", "sequence-commit-order", "Serial ids are not handed out in commit order, so a cursor on the id can skip a row that commits late.", false},
		// row-lock-survives-failover
		{"lock carries over to new primary", "row-lock", "row-lock-survives-failover", "When the primary fails over, the row lock carries over to the promoted replica and the worker keeps it.", true},
		{"lock lost on failover", "row-lock", "row-lock-survives-failover", "When the primary fails over, the open transaction is aborted and its row lock is lost, so the worker must reconnect and lock again.", false},
		// row-lock-scope-wrong: other writers said to go on writing under FOR UPDATE
		{"other transactions still update", "row-lock", "row-lock-scope-wrong", "Other transactions can still update the row while we hold FOR UPDATE, since MVCC lets writers through.", true},
		{"other transactions wait", "row-lock", "row-lock-scope-wrong", "Other transactions that try to update the row wait until we commit.", false},
		// isolation-prevents-race: a plain SELECT said to lock the row
		{"plain select takes a row lock", "row-lock", "isolation-prevents-race", "Even a plain select takes a share lock on the row until the transaction ends.", true},
		{"plain select takes no lock", "row-lock", "isolation-prevents-race", "A plain select takes no row lock at all; only FOR UPDATE or FOR SHARE does.", false},
		// fencing-unneeded: the fence called optional
		{"fencing optional", "design-lock-service-q", "fencing-unneeded", "With the revoke callback in the client library, fencing tokens are optional for most teams.", true},
		{"fencing not optional", "design-lock-service-q", "fencing-unneeded", "Whatever the client library does on revoke, fencing at the resource is not optional for a lock that guards correctness.", false},
		// single-node-keeps-keys: an eviction policy said to protect the locks
		{"eviction leaves lock keys protected", "redis-early-expiry", "single-node-keeps-keys", "Eviction then picks only the keys with an expiry, so our lock keys are protected.", true},
		{"noeviction protects lock keys", "redis-early-expiry", "single-node-keeps-keys", "Under memory pressure the lock keys are protected only with noeviction.", false},
		// the reason given for a fix the candidate prescribes under a
		// header of causes is their own claim
		{"reason after own fix under causes", "redis-early-expiry", "single-node-keeps-keys", "Causes on one node:\n1. Memory: set maxmemory-policy volatile-ttl. It evicts only keys with an expiry, so lock keys are safe.", true},
		// client-side-fencing: a check just before the call sold as safe
		{"status check removes the race", "unfenceable-resource", "client-side-fencing", "Ask the provider whether the payment exists right before the call; that eliminates the race.", true},
		{"valid lease makes the call safe", "unfenceable-resource", "client-side-fencing", "Just before the charge the worker reads its lease; if the lock is still valid, the charge is safe.", true},
		{"check narrows the race", "unfenceable-resource", "client-side-fencing", "Checking the lease right before the call narrows the race but a pause after the check still lets two calls through.", false},
		// ttl-as-safety: renewal said to stop a pause from making two holders
		{"heartbeat stops pause overlap", "choose-ttl", "ttl-as-safety", "With a heartbeat every few seconds, a long GC stall can no longer give us two holders.", true},
		{"heartbeat does not stop pause overlap", "choose-ttl", "ttl-as-safety", "A heartbeat does not stop a long GC stall from giving us two holders, because the paused process renews nothing.", false},
		// content-derived-key: the key computed from customer and amount
		{"server derives key from customer and amount", "idempotency-keys", "content-derived-key", "To spare the app a release, the server can build the key by hashing the user id with the amount.", true},
		{"key from client, amount checked", "idempotency-keys", "content-derived-key", "The key comes from the client; the server stores the amount beside it only to refuse a reused key with a different body.", false},
		// isolation-prevents-race: a transaction said to stop lost updates
		{"transaction ensures no overwrite", "optimistic-concurrency", "isolation-prevents-race", "A transaction around the save makes sure two editors never overwrite each other.", true},
		{"transaction does not ensure", "optimistic-concurrency", "isolation-prevents-race", "A transaction per save does not ensure two editors cannot overwrite each other; the version check does.", false},
		// lock-service-fences: the token checked by the coordination service
		{"coordinator checks the token", "fencing-in-real-systems", "lock-service-fences", "The check happens in the coordination service, when the deposed leader tries to write.", true},
		{"resource checks, service issues", "fencing-in-real-systems", "lock-service-fences", "The coordination service issues the epoch, and the storage compares it on every write.", false},
		// work-through-suspended: a full session timeout after SUSPENDED
		{"full timeout after suspended", "session-suspended", "work-through-suspended", "After SUSPENDED you still have the whole session timeout to finish safely.", true},
		{"timeout may be used up", "session-suspended", "work-through-suspended", "By the time SUSPENDED fires, the servers may have used up most of the session timeout already, so stop at once.", false},
		// claim-lock-outlives-commit: the database said to requeue a dead worker's claims
		{"database requeues claims itself", "skip-locked-queue", "claim-lock-outlives-commit", "When a worker crashes, the database by itself puts its running jobs back in the queue.", true},
		{"reaper requeues claims", "skip-locked-queue", "claim-lock-outlives-commit", "When a worker crashes, the database does not put its running jobs back by itself; the reaper does once the lease runs out.", false},
	})
}
