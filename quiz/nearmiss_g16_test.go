package quiz_test

import (
	"testing"
)

// TestNearMissesG16 holds three reading rules to sentences of our own: a
// correct statement that names a red flag's correct counterpart (a row
// lock taken with FOR UPDATE, a monotonic claim number added to the
// owner guard) or that sets a belief aside ("it is tempting to think X,
// but ...") raises no flag, and beside each the near-miss that asserts
// the claim still does. Each case is graded with and without the second
// reader's veto, since the veto can hide a pattern's misfire.
func TestNearMissesG16(t *testing.T) {
	cases := []flagCase{
		// An explicit row lock is the counterpart of trusting the
		// isolation level: crediting FOR UPDATE with preventing lost
		// updates is correct.
		{"row lock credited at the default level", "optimistic-concurrency", "isolation-prevents-race",
			"Under the default isolation level it is SELECT ... FOR UPDATE that prevents the lost update, because the second reader waits for the row lock.", false},
		{"row lock credited, paraphrase", "row-lock", "isolation-prevents-race",
			"At read committed, locking the row with FOR UPDATE is what ensures the second transaction cannot read the old balance.", false},
		{"row lock credited, another paraphrase", "optimistic-concurrency", "isolation-prevents-race",
			"With the default isolation level you prevent lost updates by taking a row lock: select the row FOR UPDATE, then write.", false},
		{"near-miss: the isolation level credited, FOR UPDATE waved away", "optimistic-concurrency", "isolation-prevents-race",
			"The default isolation level already prevents lost updates, so FOR UPDATE is unnecessary.", true},
		{"row lock credited first, level after", "row-lock", "isolation-prevents-race",
			"Even at the default isolation level, SELECT FOR UPDATE prevents two workers from taking the same row: the second one waits.", false},
		{"near-miss: the isolation level credited without a lock", "row-lock", "isolation-prevents-race",
			"At read committed the isolation level ensures nobody else can change the row, no FOR UPDATE needed.", true},

		// A monotonic claim number added to the owner guard is the fix
		// the flag asks for: the guard then is a fence.
		{"claim sequence added to the guard", "holder-id-guard", "owner-guard-is-fence",
			"Add a claim sequence to the WHERE and the guard becomes a real fence.", false},
		{"claim counter added, paraphrase", "holder-id-guard", "owner-guard-is-fence",
			"Once the UPDATE also checks a claim counter that grows with every claim, the owner check becomes a proper fence.", false},
		{"epoch added, paraphrase", "holder-id-guard", "owner-guard-is-fence",
			"With an epoch column bumped on each reclaim and compared in the WHERE clause, the guard becomes a fence.", false},
		{"near-miss: the claim number denied", "holder-id-guard", "owner-guard-is-fence",
			"The owner guard becomes a real fence even without an epoch column.", true},
		{"near-miss: the guard alone called a fence", "holder-id-guard", "owner-guard-is-fence",
			"The owner guard becomes a real fence as soon as the worker id is in the WHERE.", true},

		// "It is tempting to think X, but Y" sets X aside; Y is the
		// candidate's own claim.
		{"tempting to think, then but", "extend-lease", "extend-without-owner",
			"It is tempting to think there's no need to compare the value before extending, but the renewer must check it in a script, or it extends a lock another client now holds.", false},
		{"tempting to assume, paraphrase", "extend-lease", "extend-without-owner",
			"It's tempting to assume the renewer doesn't need to check the token when it extends, but a paused renewer would then prolong someone else's lock; compare and extend atomically.", false},
		{"easy to assume, then but", "extend-lease", "extend-without-owner",
			"It's easy to assume there's no need to verify the value on renewal, but only a compare-and-extend script is safe.", false},
		{"tempting to think, reason given, then but", "extend-lease", "extend-without-owner",
			"It is tempting to think there's no need to compare the value, since only the holder renews, but the holder may have lost the lock during a pause.", false},
		{"near-miss: the belief asserted", "extend-lease", "extend-without-owner",
			"There's no need to compare the value before extending; just call PEXPIRE from the renewer.", true},
		{"near-miss: the claim made after but", "extend-lease", "extend-without-owner",
			"It is tempting to reach for a Lua script, but there's no need to compare the value before extending.", true},
		{"near-miss: the claim made after an easy-to-assume but", "extend-lease", "extend-without-owner",
			"It's easy to assume a script is needed, but the renewer doesn't need to check the value; it can just extend the key.", true},
	}
	checkFlagCasesBothWays(t, cases)
}
