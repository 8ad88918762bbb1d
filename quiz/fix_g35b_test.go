package quiz_test

import "testing"

// Grader g35b: a mistake named in the candidate's voice as a mistake. A
// count of mistakes may open the last clause of a sentence that first
// gives the speaker's own verdict ("Extending is fine, but two mistakes are
// common. First, X. (Why.) Second, Y."): the items it numbers are the
// mistakes, however many sentences of reason stand between them. And a
// short quoted slogan denied the cure it is offered as ('"Source first"
// does not break the circle') is the thing refuted, as one denied its
// truth is. The wrong claims beside them must still flag: a count of
// something else than mistakes, a count that dismisses what it counts,
// the speaker's own steps, the claim said after the list, the slogan
// affirmed, and the cure denied to the right practice.
func TestNamedMistakeG35b(t *testing.T) {
	const twoMistakes = "Extending is fine, but two mistakes are common. First, doing a plain `EXPIRE lock 30` from a heartbeat without checking the value. The extend must compare the token and extend atomically, in a Lua script. "
	checkFlagCasesBothWays(t, []flagCase{
		// a count of mistakes after the speaker's verdict
		{"but two mistakes, reason between", "extend-lease", "work-after-lost-lease", twoMistakes + "Second, treating a failed renewal as a transient error and carrying on. Once a renewal fails you must assume you lost the lock, and stop.", false},
		{"yet three mistakes, reason between", "extend-lease", "work-after-lost-lease", "Renewal itself is fine, yet three mistakes are common. First, extending without comparing the owner value. That can extend another worker's lock. Second, carrying on after a failed renewal because it is probably transient. Once a renewal fails, stop writing.", false},
		{"but two mistakes, the claim after the list", "extend-lease", "work-after-lost-lease", twoMistakes + "Second, stopping too early. A failed renewal is just a transient error, so carry on working.", true},
		{"but two mistakes, own design after", "extend-lease", "work-after-lost-lease", twoMistakes + "Second, stopping on a failed renewal. In my design we treat a failed renewal as transient and carry on.", true},
		{"but two mistakes, a later item sold after all", "extend-lease", "work-after-lost-lease", "Extending is fine, but two mistakes are common. First, a blind EXPIRE. The extend must compare the token. Second, stopping too early. Third, carrying on after a failed renewal is fine, it is transient.", true},
		{"but two bugs, reason between", "extend-lease", "work-after-lost-lease", "Extending is fine, but two bugs are classic. First, a blind EXPIRE from the heartbeat thread. It can extend another worker's lock. Second, treating a failed renewal as transient and carrying on. Once a renewal fails, stop.", false},
		{"but two bugs, an item in the speaker's voice", "extend-lease", "work-after-lost-lease", "Extending is fine, but two bugs are classic. First, a blind EXPIRE from the heartbeat thread. Second, we carry on after a failed renewal, it is transient.", true},
		{"but two bugs, first item sold", "extend-lease", "work-after-lost-lease", "Extending is fine, but two bugs are rare. First, carrying on after a failed renewal is fine, it is transient.", true},
		{"but two tips", "extend-lease", "work-after-lost-lease", "Extending is fine, but two tips are useful. First, renew at a third of the TTL. It keeps the lease alive. Second, treat a failed renewal as transient and carry on.", true},
		{"but two steps", "extend-lease", "work-after-lost-lease", "Mistakes are rare here, but two steps are common. First, renew at a third of the TTL. Renewal keeps the lease alive. Second, carry on after a failed renewal, it is transient.", true},
		{"but two mistakes people fear are harmless", "extend-lease", "work-after-lost-lease", "Extending is fine, but two mistakes people fear are harmless. First, a blind EXPIRE from the heartbeat. It is fine in practice. Second, carrying on after a failed renewal.", true},
		{"and two habits", "extend-lease", "work-after-lost-lease", "Extending is fine, and two habits are common. First, renewing at a third of the TTL. Second, treating a failed renewal as a transient error and carrying on.", true},
		{"common and fine", "extend-lease", "work-after-lost-lease", "Two things are common and fine. First, renewing at a third of the TTL. Second, carrying on after a failed renewal.", true},
		{"two steps", "extend-lease", "work-after-lost-lease", "Two steps. First, renew at a third of the TTL. Second, treat a failed renewal as transient and carry on.", true},
		{"mistake is overthinking", "extend-lease", "work-after-lost-lease", "The mistake is overthinking it: carry on after a failed renewal, it is usually transient.", true},
		{"mistakes heading, then own", "extend-lease", "work-after-lost-lease", "Common mistakes: long TTLs. What I do: keep working after a failed renewal, it's transient.", true},
		{"plain, after but", "extend-lease", "work-after-lost-lease", "Renew with a Lua script that checks the value, but a failed renewal is a transient error, so keep working and retry.", true},
		// a quoted slogan denied its cure
		{"slogan does not break the circle", "deadlock-ordering", "lock-order-by-role", `The danger is a circle: one transfer holds A and waits for B, another holds B and waits for A. "Source first" does not break the circle, because one person's source is the other's destination. The cure is to agree on one order for all locks, like sorting by account number.`, false},
		{"slogan does not fix it", "extend-lease", "work-after-lost-lease", `"Just retry the renewal" does not fix it: once a renewal fails, the lease may be gone, so stop working and reacquire.`, false},
		{"slogan does break the circle", "deadlock-ordering", "lock-order-by-role", `"Source first" does break the circle: every transfer locks the source first, then the destination.`, true},
		{"cure denied to the right practice", "extend-lease", "work-after-lost-lease", `"Stop on a failed renewal" does not fix the problem; treat a failed renewal as transient and carry on.`, true},
		{"plain order by role", "deadlock-ordering", "lock-order-by-role", "Always lock the source account first, then the destination; that way the cycle goes away.", true},
	})
}
