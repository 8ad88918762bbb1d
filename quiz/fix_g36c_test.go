package quiz_test

import "testing"

// Tests for g36c: the client's check and the resource's guard in one
// sentence. A check made before acting (client-side-fencing,
// check-then-act-safe: claim check-before-act) is often named as the
// client's half of a fenced write: "job checks lease.isValid() before each
// DB write, and the writes go in with WHERE schedule_epoch = :token". The
// sentence puts the safety at the resource, so the check in it is an early
// exit, not the safety claimed (quiz/diagnosed.go, fencedAlongside).
// g36cCorrect must stay clean of both flags, alone and inserted into a
// clean answer; two raised client-side-fencing on main. g36cClaims are the
// same check with the guard denied, dropped, replaced, made optional, put
// in the client, with no guard at all, or a WHERE on something that is no
// fence; they must stay flagged. Every sentence is our own.

var g36cCorrect = []flagCase{
	{"correct-01", "extend-lease", "client-side-fencing|check-then-act-safe", "Kotlin coroutine renewing every 10 s on a 30 s TTL, job checks lease.isValid() before each DB write, and the writes go in with WHERE schedule_epoch = :token.", false},
	{"correct-02", "extend-lease", "client-side-fencing|check-then-act-safe", "Concretely: renew every 10 s, the worker checks lease.isValid() before each DB write, and the UPDATE carries WHERE fence_token = :token.", false},
	{"correct-03", "fencing-token", "client-side-fencing|check-then-act-safe", "The worker checks lease.isValid() before each write as an early exit, and the write itself is an UPDATE ... WHERE epoch <= :token.", false},
}

var g36cClaims = []flagCase{
	{"claim-01", "extend-lease", "client-side-fencing|check-then-act-safe", "The job checks lease.isValid() before each DB write, so we can skip the WHERE epoch = :token guard.", true},
	{"claim-02", "extend-lease", "client-side-fencing|check-then-act-safe", "Job checks lease.isValid() before each DB write, and the writes go in plainly without WHERE epoch = :token.", true},
	{"claim-03", "extend-lease", "client-side-fencing|check-then-act-safe", "The worker checks that its lease is still valid right before each write, and the token is checked by the client, not by the database.", true},
	{"claim-04", "extend-lease", "client-side-fencing|check-then-act-safe", "Job checks lease.isValid() before each DB write, which is what keeps a stale holder out; WHERE epoch = :token is optional.", true},
	{"claim-05", "extend-lease", "client-side-fencing|check-then-act-safe", "Kotlin coroutine renewing every 10 s, job checks lease.isValid() before each DB write, and the writes go in plainly, which is safe.", true},
	{"claim-06", "extend-lease", "client-side-fencing|check-then-act-safe", "Before each write the job checks lease.isValid(), and the writes go in with WHERE id = :id, so a stale holder never writes.", true},
	{"claim-07", "extend-lease", "client-side-fencing|check-then-act-safe", "The job checks lease.isValid() before each DB write, so a stale holder never writes.", true},
	{"claim-08", "extend-lease", "client-side-fencing|check-then-act-safe", "The client checks the token before writing and the write goes in plainly, so it is safe.", true},
	{"claim-09", "unfenceable-resource", "client-side-fencing|check-then-act-safe", "Check the lease is still valid just before calling the payment API, so a stale holder never charges twice.", true},
}

// g36cBeliefCorrect: a failure told as it unfolds, a threat beside a party
// that still thinks it holds what it lost (quiz/narrated.go,
// markFalseBelief); the first raised ttl-as-safety on main.
// g36cBeliefClaims: the same narration with the mechanism sold ("so you
// don't need a lock order", "which is simpler", "use short TTLs so ...",
// "no problem", "I'd rely on expiry"), or a wrong claim before the
// narration ("Lock expiry is computed from each client's clock, so if
// ..."), must stay flagged.
var g36cBeliefCorrect = []flagCase{
	{"belief-correct-01", "deadlock-ordering", "ttl-as-safety", "That second part is the nasty one: the deadlock 'heals' itself because a lock expires while its holder still thinks it holds it, so now you have a holder without the lock and maybe a double debit.", false},
	{"belief-correct-02", "deadlock-ordering", "ttl-as-safety", "The standoff does break eventually, because the lease lapses while the transfer still believes it holds account A, and now two transfers debit it.", false},
	{"belief-correct-03", "fencing-token", "ttl-as-safety", "The trouble is a holder that pauses: its lease expires while it still thinks it holds the lock, so its late write lands on top of the new holder's.", false},
}

var g36cBeliefClaims = []flagCase{
	{"belief-claim-01", "deadlock-ordering", "ttl-as-safety", "A deadlock heals itself because the lock expires while the holder still thinks it holds it, so you don't need a lock order.", true},
	{"belief-claim-02", "deadlock-ordering", "ttl-as-safety", "The deadlock heals itself because a lock expires while its holder still thinks it holds it, which is simpler than ordering.", true},
	{"belief-claim-03", "deadlock-ordering", "ttl-as-safety", "I'd rely on expiry: a lock expires while its holder still thinks it holds it, and the deadlock heals itself.", true},
	{"belief-claim-04", "deadlock-ordering", "ttl-as-safety", "The deadlock heals itself because a lock expires while its holder still thinks it holds it, so ordering is unnecessary.", true},
	{"belief-claim-05", "deadlock-ordering", "ttl-as-safety", "The lock expires while its holder still thinks it holds it, so the deadlock heals itself and that's fine.", true},
	{"belief-claim-06", "deadlock-ordering", "ttl-as-safety", "Use short TTLs so the deadlock heals itself, because a lock expires while its holder still thinks it holds it.", true},
	{"belief-claim-07", "deadlock-ordering", "ttl-as-safety", "Two holders can't happen, since the lease expires while the holder still thinks it holds it.", true},
	{"belief-claim-08", "two-holders", "wall-clock", "Lock expiry is computed from each client's clock, so if B's clock runs ahead, B sees the lock as expired while A still thinks it's valid.", true},
}

func TestFixG36cBelief(t *testing.T) {
	checkFlagCases(t, g36cBeliefCorrect)
	checkInserted(t, g24bBase, false, g36cBeliefCorrect)
	checkFlagCases(t, g36cBeliefClaims)
}

// g36cRecipeCorrect: a version announced as the simple or naive one,
// told after a colon and judged by the next sentence with what is wrong
// with it (quiz/narrated.go, markJudgedRecipes); the first raised
// zk-recipe-wrong on main. g36cRecipeClaims: the same version with the
// judgement approving it, waving the flaw off, denying any problem, or
// announced as the candidate's own, must stay flagged.
const g36cRecipe = "everyone tries to create the same ephemeral node /lock; whoever succeeds holds it; the others set a watch on /lock and retry on delete."

var g36cRecipeCorrect = []flagCase{
	{"recipe-correct-01", "zookeeper-lock-recipe", "zk-recipe-wrong", "The simple version people write first: " + g36cRecipe + " That works but has the herd problem: every release notifies all waiters.", false},
	{"recipe-correct-02", "zookeeper-lock-recipe", "zk-recipe-wrong", "The naive version: " + g36cRecipe + " It is correct but has a herd problem, so Curator uses sequential nodes.", false},
}

var g36cRecipeClaims = []flagCase{
	{"recipe-claim-01", "zookeeper-lock-recipe", "zk-recipe-wrong", "The simple version people write first: " + g36cRecipe + " That works but has the herd problem, which is fine for us.", true},
	{"recipe-claim-02", "zookeeper-lock-recipe", "zk-recipe-wrong", "The simple version is what I'd ship: " + g36cRecipe + " That works but has the herd problem.", true},
	{"recipe-claim-03", "zookeeper-lock-recipe", "zk-recipe-wrong", "The simple version people write first: " + g36cRecipe + " That works and has no problem.", true},
	{"recipe-claim-04", "zookeeper-lock-recipe", "zk-recipe-wrong", "The simple version people write first: " + g36cRecipe + " That works but has a herd problem that doesn't matter at our scale.", true},
	{"recipe-claim-05", "zookeeper-lock-recipe", "zk-recipe-wrong", "The simple version people write first: everyone creates the same ephemeral /lock node and the others watch it and retry on delete. That is the recipe I recommend.", true},
}

func TestFixG36cRecipe(t *testing.T) {
	checkFlagCases(t, g36cRecipeCorrect)
	checkFlagCases(t, g36cRecipeClaims)
}

func TestFixG36cCorrect(t *testing.T) {
	checkFlagCases(t, g36cCorrect)
	checkInserted(t, g24bBase, false, g36cCorrect)
}

func TestFixG36cClaims(t *testing.T) {
	checkFlagCases(t, g36cClaims)
}
