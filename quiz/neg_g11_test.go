package quiz_test

import "testing"

// TestHeaderProhibitionG11: a prohibition opening the clause after a short
// header's colon ("We had this in prod: never A; do B", "Lesson learned:
// don't A; B") forbids A as one opening the sentence does (see
// headerProhibition), so the recommendation after the semicolon cannot lend
// a flag the words it lacks. Only the prohibition's clause, up to its
// semicolon, is forbidden. The same shapes asserted plainly, and a plain
// claim appended in its own sentence, still flag.
func TestHeaderProhibitionG11(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"header, don't two-call acquire; SET NX EX", "two-holders", "two-commands",
			"From our postmortem: don't SETNX and then EXPIRE as two commands; write the key with SET NX EX 30 and a token.", false},
		{"header, never two calls; one SET", "redis-lock-and-failure", "two-commands",
			"Lesson learned: never SETNX and then EXPIRE in two calls; just use one SET key value NX PX 30000.", false},
		{"header, avoid two calls; key and TTL in one SET", "redis-early-expiry", "two-commands",
			"Postmortem note: avoid SETNX and then EXPIRE as two calls; the key gets its TTL in the same SET.", false},
		{"header, never plain DEL; Lua compare", "redis-lock-and-failure", "plain-del",
			"Lesson learned: never release with a plain DEL of the key; run a Lua script comparing the value before the delete.", false},
		{"near miss: header, two-call acquire asserted", "redis-lock-and-failure", "two-commands",
			"From our postmortem: we did SETNX and then EXPIRE as two commands; the key was written with a token.", true},
		{"near miss: header, plain DEL asserted", "redis-lock-and-failure", "plain-del",
			"Our rule at work: we just release the lock with DEL key when done; that is enough.", true},
		{"near miss: header prohibition, then a plain claim appended", "redis-lock-and-failure", "two-commands",
			"Lesson learned: never skip the TTL; use one SET key value NX PX 30000. Then again we still call SETNX and then EXPIRE as two calls, which has never bitten us.", true},
		{"near miss: header prohibition, the claim after its semicolon", "redis-lock-and-failure", "two-commands",
			"Lesson learned: never skip the TTL; we call SETNX and then EXPIRE as two calls and it has been fine.", true},
	})
}
