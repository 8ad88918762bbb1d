package quiz_test

import (
	"testing"
)

// TestVerblessListsG17 holds the rule an interviewer states of an answer
// that never says what anything does: however many prepositions and
// quantifiers hold its items together ("token per grant", "check at the
// resource with every write"), and whatever joins them (filler, spaced
// slashes, "=" or ":" labels, symbols, articles), a run of noun phrases
// with no finite verb is a list and earns nothing. A terse answer with
// verbs ("Lease expires. Holder paused.") is speech and still passes. The
// texts were written for this test.
func TestVerblessListsG17(t *testing.T) {
	b := loadBank(t)
	lists := []struct{ form, question, text string }{
		{"filler before each item", "fencing-token", "the monotonic number from the lock service with every grant, and you know the token with every write to the protected resource, and you know the highest token at the resource with rejection of lower ones, and you know the stall of a holder past its lease from GC."},
		{"slashes between phrases with prepositions", "outbox-pattern", "no atomic commit across database and broker / outbox row in the same transaction as the business change / relay with poller or change-data capture for publish / delivery at least once with duplicates / consumer deduplication on the message id"},
		{"items opened by articles", "idempotency-keys", "- the idempotency key per logical operation from the client on every retry\n- a table of keys with a unique constraint\n- the key insert in the same transaction as the work\n- a stored response for a repeat\n- the rejection of a reused key with a different body"},
		{"label = value pairs", "zookeeper-lock-recipe", "mechanism = ephemeral sequential node under the lock path for each client, check = lowest sequence number for the holder, guard = watch on the node just before its own, risk = herd effect from a watch on the holder's node, fix = czxid of the lock node as fencing token"},
		{"label: value lines", "optimistic-concurrency", "state: version on the record\nwrite: conditional write on the version read\nconflict: zero rows updated for a conflict\nrecovery: retry after re-read or merge\nhttp: ETag with If-Match"},
		{"math notation", "redis-lock-and-failure", "(one atomic SET NX PX with the TTL) ∧ (random token value per holder) ⇒ (release with compare and delete in a Lua script); (async replication with lost key on failover) ≥ (fencing tokens at the resource against the older holder)"},
		{"operators between phrases", "skip-locked-queue", "claim with FOR UPDATE SKIP LOCKED for different rows => visibility timeout with locked_until as a lease && attempt number per claim for completion + idempotent handlers for a second run"},
		{"phrases chained by and", "row-lock", "The coordination of every client for data inside the database and a lock for the length of the transaction until commit or rollback and the abort of the transaction on client death and no protection for effects outside the database like an API call."},
	}
	checkPassCases(t, b, "list", lists, false)
	answers := []struct{ form, question, text string }{
		{"telegraphic notes", "fencing-token", "Lock service bumps a counter on every grant. Holder attaches it to its writes. Lease expires. Holder paused by GC, wakes, writes late. Storage keeps the max and rejects token 33 < 34."},
		{"mostly items, one clause", "redis-early-expiry", "ways it vanishes: eviction under maxmemory (allkeys or volatile policies pick lock keys too), a forward clock step, restart without AOF always, a stray DEL. so: own instance, noeviction, and the resource still checks a token."},
		{"orders", "optimistic-concurrency", "Keep a version column. Update with WHERE version = the one read, bumping it. Zero rows means a concurrent write: re-read and retry. Over HTTP send the ETag back in If-Match."},
		{"pronoun subjects", "outbox-pattern", "You can't commit to the database and publish to the broker atomically. So you insert an outbox row in the same transaction, a relay publishes it later and marks it sent, and consumers dedupe on the event id since it can arrive twice."},
	}
	checkPassCases(t, b, "answer", answers, true)
}
