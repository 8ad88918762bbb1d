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

// TestEvictionSparesLocksAI12 holds the family of saying an LRU or
// volatile eviction policy leaves the lock keys alone, which missed a
// losing answer of validation writer AI under g12, in sentences of our
// own: the verb (leaves, spares, keeps) and its object are split by the
// lock keys' description, so no phrase reaches across. Near-misses that
// deny it or name noeviction must not flag.
func TestEvictionSparesLocksAI12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"volatile-lru leaves the busy lock keys alone", "redis-early-expiry", "single-node-keeps-keys",
			"Set volatile-lru, so Redis leaves the busy lock keys alone and evicts cache entries.", true},
		{"allkeys-lfu keeps the hot locks in place", "redis-early-expiry", "single-node-keeps-keys",
			"With allkeys-lfu, eviction keeps the hot locks in place.", true},
		{"an LRU policy spares the locks, untouched", "redis-early-expiry", "single-node-keeps-keys",
			"An LRU policy spares the renewed lock keys and leaves them untouched.", true},
		{"near-miss: volatile-lru denied to leave lock keys alone", "redis-early-expiry", "single-node-keeps-keys",
			"volatile-lru does not leave the lock keys alone; it evicts exactly the keys with a TTL.", false},
		{"near-miss: noeviction leaves the locks alone", "redis-early-expiry", "single-node-keeps-keys",
			"Set noeviction so Redis leaves the lock keys alone under memory pressure.", false},
	})
}

// TestClaimNeedsNoRecoveryAI12 holds, in sentences of our own, the claim
// that a committed claim needs no lease or reaper because the row
// survives its worker's death: the job stays "running" forever. It missed
// a losing answer of validation writer AI under g12. Near-misses: the
// transaction held open for the whole job (a dead worker's lock is then
// released), and a sentence that asks for the lease.
func TestClaimNeedsNoRecoveryAI12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"crashed worker's job stays running, no need for a lease", "skip-locked-queue", "claim-lock-outlives-commit",
			"Because the table is durable, a crashed worker's job just stays running, so there's no need for a lease or a reaper.", true},
		{"worker dies, row remains, no timeout needed", "skip-locked-queue", "claim-lock-outlives-commit",
			"Nothing is lost if a worker dies, since the row remains in the table; you don't need a timeout or a sweeper.", true},
		{"near-miss: transaction held open for the whole job", "skip-locked-queue", "claim-lock-outlives-commit",
			"If you keep the transaction open for the whole job, you don't need a lease or a reaper: when a worker dies its lock is released.", false},
		{"near-miss: a lease asked for", "skip-locked-queue", "claim-lock-outlives-commit",
			"If a worker dies its job stays running forever unless you add a lease and a reaper, so you need both.", false},
	})
}

// TestOneLockPerTransferAI12 holds, in sentences of our own, the claim
// that one of the two account locks is enough, which no red flag
// described and which passed a losing answer of validation writer AI
// under g12: a transfer that locks only one account leaves the other
// account open to a third transfer. Near-misses: the lower id locked
// first and the higher after it, and the shortcut rejected.
func TestOneLockPerTransferAI12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"lock only the smaller id and skip the second lock", "deadlock-ordering", "one-lock-per-transfer",
			"Simpler still, lock only the account with the smaller id and skip the second lock.", true},
		{"the second lock not needed, one lock on the lower account", "deadlock-ordering", "one-lock-per-transfer",
			"You don't need the second lock at all: just one lock on the lower account is enough.", true},
		{"a single lock on one of the accounts suffices", "deadlock-ordering", "one-lock-per-transfer",
			"A single lock on one of the accounts suffices to keep the transfers apart.", true},
		{"near-miss: lower first, then higher, a lock per account", "deadlock-ordering", "one-lock-per-transfer",
			"Take a single lock per account: the lower id first, then the higher one.", false},
		{"near-miss: a transfer to the same account takes a single lock", "deadlock-ordering", "one-lock-per-transfer",
			"A transfer from an account to itself takes a single lock on that account.", false},
		{"near-miss: the shortcut called wrong", "deadlock-ordering", "one-lock-per-transfer",
			"Locking only the lower account and skipping the second lock is wrong: lock both.", false},
	})
}
