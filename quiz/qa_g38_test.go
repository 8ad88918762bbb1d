package quiz_test

import "testing"

// TestPausedHolderNeedsAStaleHolder: the fencing-token point "it stops a
// holder that paused past its lease" had a line written as "@stale
// @holder|owner|writer|client & ...", which reads as "a stale holder, or
// owner, or writer, or client" and so credited any sentence naming a
// client and a write: "The client sends its token along with every write"
// ticked the core point with no pause or late holder in it (F1's QA find,
// session 38). The line now asks for the stale holder it meant; the stale
// holder's refused write keeps the point.
func TestPausedHolderNeedsAStaleHolder(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "paused-holder", "The client sends its token along with every write.", false},
		{"fencing-token", "paused-holder", "Every writer attaches the number to each write it makes.", false},
		{"fencing-token", "paused-holder", "The owner includes the token when it writes.", false},
		{"fencing-token", "paused-holder", "An old client's write is rejected by the storage.", true},
		{"fencing-token", "paused-holder", "The zombie holder's late write is refused.", true},
		{"fencing-token", "paused-holder", "A stale writer that comes back late has its writes rejected.", true},
	})
}

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
