package quiz_test

import "testing"

// Grader g22, points: core points that correct answers of the validation
// writers BY and BZ (and the tuning writers BP, BQ, BR, CA, CB, read for
// the first time) made in wordings the points did not hear. Each family
// is written once in the question's point and tested here with sentences
// of our own, beside near-misses and name-drops that must not earn it.

// TestDenialsAndDelaysInOtherWordsG22: a universal denial said with "rule
// out"; the notification called a warning or an alert; the store's total
// order as a generation number; the expiry "under a live holder"; a
// failover "not bound" to the replica that acknowledged.
func TestDenialsAndDelaysInOtherWordsG22(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "No TTL we could pick rules out a long pause.", true},
		{"choose-ttl", "no-safe-value", "Whatever we set, no lease length prevents a long GC pause from outliving it.", true},
		{"choose-ttl", "no-safe-value", "With a heartbeat in place, a stall can no longer produce two holders.", false},
		{"session-suspended", "signals-late", "The alert about the lost session may reach the client too late to stop it.", true},
		{"session-suspended", "signals-late", "A worker thread can finish one more write before the warning is even handled.", true},
		{"session-suspended", "signals-late", "The warning comes from the same listener that reports RECONNECTED.", false},
		{"redis-vs-consensus", "tokens", "Every write in etcd gets a place in one total order, so you get a generation number to attach to your writes.", true},
		{"redis-vs-consensus", "tokens", "Redis answers faster than etcd because it keeps everything in memory.", false},
		{"redis-lock-and-failure", "pause-expiry", "The worst case is expiry under a live holder, which is stuck in a GC pause and resumes after the key is gone.", true},
		{"redis-lock-and-failure", "pause-expiry", "The old holder keeps writing after another client acquired the key.", true},
		{"redis-lock-and-failure", "pause-expiry", "Set a TTL so the lock expires if the holder crashes.", false},
		{"redis-wait-safe", "promoted-replica", "One acknowledgement does not bind Sentinel to promote that replica.", true},
		{"redis-wait-safe", "promoted-replica", "WAIT blocks until a replica acknowledges the write or the timeout passes.", false},
	})
}

// TestStoreRulesInOtherWordsG22: a store's rule that an entry is made only
// once; a lock said unsafe without fencing; the idempotency key's holder
// exclusion kept to its own clause; the check carried in the write
// itself; a claim stamped "reserved until".
func TestStoreRulesInOtherWordsG22(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"idempotency-keys", "unique-table", "Each request number can only be recorded once, in the same transaction as the charge.", true},
		{"idempotency-keys", "unique-table", "Each key is unique to the request that carries it.", false},
		{"design-lock-service-q", "fencing-token", "A lock without a fencing check at the protected store is unsafe.", true},
		{"design-lock-service-q", "fencing-token", "Clients renew their sessions with keepalives every few seconds.", false},
		{"unfenceable-resource", "idempotency-key", "Send an idempotency key per payment to the provider; our own database keeps the fencing token.", true},
		{"unfenceable-resource", "idempotency-key", "Use the lock's fencing token as the idempotency key.", false},
		{"etcd-revision-guard", "atomic-in-store", "If the lease is gone, the compare fails and Succeeded is false, so I step down.", true},
		{"etcd-revision-guard", "atomic-in-store", "The guard has to be part of the put, not a read before it.", true},
		{"etcd-revision-guard", "atomic-in-store", "I call IsOwner first and then send a plain Put.", false},
		{"skip-locked-queue", "visibility-timeout", "The pick stamps the row reserved until five minutes from now.", true},
		{"skip-locked-queue", "visibility-timeout", "SKIP LOCKED lets each worker take a different row.", false},
	})
}

// TestOtherPlainWordsG22: the clock's leap making deadlines pass at once;
// a full box tossing entries; the outside world kept away from the
// transaction; a lock silent on runs in sequence; zero rows shown for a
// merge beside a deliberate overwrite; the same "$me" claiming again; and
// "share" said of one system's instances sharing an id, not of the
// examples sharing a pattern.
func TestOtherPlainWordsG22(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-early-expiry", "clock-jump", "If the server's time leaps forward, stored deadlines pass instantly.", true},
		{"redis-early-expiry", "clock-jump", "Every key is given a deadline when SET is called with PX.", false},
		{"redis-early-expiry", "eviction", "When the box fills up, Redis starts tossing entries to make room.", true},
		{"redis-early-expiry", "eviction", "When the disk fills up, the AOF cannot be written.", false},
		{"row-lock", "outside-effects", "Keep it well clear of anything that calls an external API mid-transaction.", true},
		{"row-lock", "outside-effects", "It keeps other workers away from the row until commit.", false},
		{"run-job-once", "lock-not-enough", "The lock says nothing about two runs one after another.", true},
		{"run-job-once", "lock-not-enough", "A lock doesn't prevent back-to-back runs of the same slot.", true},
		{"run-job-once", "lock-not-enough", "With the lock, the instances run one after another.", false},
		{"optimistic-concurrency", "zero-rows-retry", "Zero rows back means a conflict: show the user a diff so they can merge, or overwrite deliberately.", true},
		{"optimistic-concurrency", "zero-rows-retry", "On zero rows we overwrite their changes silently.", false},
		{"holder-id-guard", "same-owner-twice", "The hung thread resumes and its writes pass the owner check.", true},
		{"holder-id-guard", "same-owner-twice", "The owner column blocks writes from a different worker.", false},
		{"fencing-in-real-systems", "common-pattern", "What they all share: a number that grows with each new owner, sent with every request and compared by the receiver.", true},
		{"fencing-in-real-systems", "common-pattern", "Kafka fences zombie producers that share a transactional id by their epoch.", false},
	})
}

// TestPlainWordAnswersPassG22: concise correct answers in these wordings
// pass; a keyword list of the same words, or a one-line example, does not.
func TestPlainWordAnswersPassG22(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		{"redis-early-expiry", "On one node a lock key can vanish early for two reasons. When the box fills up, Redis starts tossing entries to make room, and the policies that prefer keys with a TTL pick locks first, so locks get their own instance set to noeviction. And if the server's time leaps forward, every stored deadline passes instantly, so time sync should slew, never step.", true},
		{"redis-early-expiry", "eviction, fills up, tossing, TTL, leaps forward, deadline, instantly, noeviction, slew", false},
		{"run-job-once", "The lock says nothing about two runs one after another. So I record each slot in a table with a unique key and make the job idempotent, so a repeat changes nothing.", true},
		{"run-job-once", "lock, one after another, says nothing about, unique key, idempotent, slot", false},
		{"skip-locked-queue", "Workers pick rows with FOR UPDATE SKIP LOCKED, so they never wait on a row a neighbour is taking. The pick marks the row reserved until a few minutes from now; if the worker vanishes, nobody extends it, and the next poll takes the row again.", true},
		{"skip-locked-queue", "SKIP LOCKED, reserved until, vanishes, extends, next poll, row", false},
		{"session-suspended", "On SUSPENDED I pause all writes to the shared resource at once and wait for RECONNECTED or LOST. The alert can reach me too late, though: the servers may already have expired the session, so the resource must also check a fencing token.", true},
		{"session-suspended", "SUSPENDED, pause, writes, alert, too late, fencing token", false},
		{"optimistic-concurrency", "Add a version column and save with UPDATE ... WHERE id = $1 AND version = $2. Zero rows back means a conflict: show the user a diff so they can merge their edit, or overwrite deliberately.", true},
		{"optimistic-concurrency", "version column, zero rows, conflict, diff, merge, overwrite", false},
		{"choose-ttl", "It is a trade-off: a short TTL frees a crashed holder's lock quickly, a long one makes expiry under a slow holder rarer. No TTL rules out a long GC pause, so the resource still checks a fencing token.", true},
		{"choose-ttl", "trade-off, short TTL, long TTL, no TTL rules out, GC pause, fencing token", false},
		{"fencing-in-real-systems", "Kafka gives each producer an epoch to fence zombie instances that share a transactional id.", false},
	})
}
