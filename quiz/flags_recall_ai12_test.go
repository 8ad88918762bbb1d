package quiz_test

import "testing"

// TestFencingUnneededAI12 holds two families of saying a lock makes the
// resource's own check unnecessary, which missed losing answers of
// validation writer AI under g12, in sentences of our own: the resource's
// checks skipped, and the write called safe without fencing. Beside them,
// near-misses that say the opposite or limit the claim to efficiency must
// not flag. None of these sentences is a corpus answer.
func TestFencingUnneededAI12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// The resource's checks skipped.
		{"skip any checks at the resource", "avoid-the-lock", "fencing-unneeded",
			"With SET NX and a TTL you have real mutual exclusion, so you can skip any checks at the resource.", true},
		{"omit the validation in the database", "avoid-the-lock", "fencing-unneeded",
			"Once the Redis lock is held we omit the validation in the database entirely.", true},
		{"leave out the guard on the datastore", "avoid-the-lock", "fencing-unneeded",
			"The lock is exclusive, so leave out the version guard at the datastore.", true},
		{"near-miss: never skip the checks at the resource", "avoid-the-lock", "fencing-unneeded",
			"Even with the lock, never skip the checks at the resource, because a paused holder can still write.", false},
		{"near-miss: SQL's SKIP LOCKED beside checks in the database", "avoid-the-lock", "fencing-unneeded",
			"Row locks suit work that stays in the database, like balance checks and queues read with SKIP LOCKED.", false},
		{"near-miss: the resource's check drops the stale writes", "avoid-the-lock", "fencing-unneeded",
			"A version check in the database means a late holder's writes are dropped.", false},
		{"near-miss: skipping the resource's check only for efficiency", "avoid-the-lock", "fencing-unneeded",
			"For an efficiency-only lock you may skip the checks at the resource, since a rare duplicate is harmless.", false},

		// A write called safe without fencing.
		{"safely write without any fencing tokens", "redis-vs-consensus", "fencing-unneeded",
			"Since consensus keeps a single holder, an etcd lock holder can safely write to the database without any fencing tokens.", true},
		{"safe to update with no tokens", "redis-vs-consensus", "fencing-unneeded",
			"With a ZooKeeper lock it is safe to update the store with no tokens at all.", true},
		{"writes safely without a fencing token", "redis-vs-consensus", "fencing-unneeded",
			"The holder of a Raft-backed lock writes safely without a fencing token.", true},
		{"near-miss: not safe to write without fencing", "redis-vs-consensus", "fencing-unneeded",
			"Even with etcd it is not safe to write without fencing tokens, because the holder can pause.", false},
		{"near-miss: a lock only safe with tokens", "redis-vs-consensus", "fencing-unneeded",
			"No lock, consensus or not, lets you write safely without fencing: a paused holder wakes up late.", false},
	})
}
