package quiz_test

import "testing"

// TestQAG38FlagsOnSafeWording: two red flags the session-38 QA run raised on
// correct answers. "No distributed lock is needed because the unique
// constraint ... is the single arbiter" matched lock-instead-of-constraint's
// "need ... unique" as a denied need for the constraint, though the need
// ends at "because": its object is the lock before it. "extends only when it
// is sure it still holds the lock" and "to make sure it still holds the
// lock" matched work-after-lost-lease's wishful "surely still holds" line,
// though verifying ownership is the safe behaviour. The wrong claims in the
// same words keep their flags.
func TestQAG38FlagsOnSafeWording(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"lock not needed, the constraint arbitrates", "idempotency-keys", "lock-instead-of-constraint",
			"The key is stored under a unique constraint in the same transaction as the payment, and a repeat gets the stored response. No distributed lock is needed because the unique constraint in the database is the single arbiter.", false},
		{"no need for idempotency, the lock is enough", "idempotency-keys", "lock-instead-of-constraint",
			"No need for idempotency, the lock is enough.", true},
		{"we don't need a unique constraint because of the lock", "idempotency-keys", "lock-instead-of-constraint",
			"We don't need a unique constraint because the lock serialises the writes.", true},
		{"extend only when sure it still holds", "extend-lease", "work-after-lost-lease",
			"A Lua script extends the TTL only if the key still holds my token, so the worker only extends when it is sure it still holds the lock.", false},
		{"check to make sure it still holds", "fencing-token", "work-after-lost-lease",
			"The holder checks its token first to make sure it still holds the lock, and the storage still compares the token on every write.", false},
		{"probably still held, so write", "extend-lease", "work-after-lost-lease",
			"The lock is probably still held by us, so we write.", true},
	})
}
