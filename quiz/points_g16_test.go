package quiz_test

import (
	"testing"
)

// Grader g16, points: core points that correct answers of AS and AU (and
// of the tuning writers) made in words the patterns did not know. The
// sentences are our own, each family with near-misses that must not earn
// the point.

// TestSkipLockedInOtherWords: SKIP LOCKED told as stepping around rows
// another worker holds, and the visibility timeout as a claim gone stale
// that goes back to the queue; stepping around a problem, or a stale
// claim that is only deleted, is neither.
func TestSkipLockedInOtherWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"skip-locked-queue", "skip-locked", "Each worker reads the next rows and steps around any row that another worker has already locked.", true},
		{"skip-locked-queue", "skip-locked", "We step around the problem by retrying later.", false},
		{"skip-locked-queue", "visibility-timeout", "A janitor puts every job whose claim has gone stale back into the queue.", true},
		{"skip-locked-queue", "visibility-timeout", "Once a reservation has gone stale, another worker may pick it up.", true},
		{"skip-locked-queue", "visibility-timeout", "The README has gone stale since the migration.", false},
		{"skip-locked-queue", "visibility-timeout", "A claim that has gone stale is simply deleted.", false},
	})
}

// TestDeadlockCycleAsCircle: the cycle drawn as a circle of transfers
// waiting on each other, or as two sides where neither gives up; a circle
// denied, or one that nobody waits in, is not it.
func TestDeadlockCycleAsCircle(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"deadlock-ordering", "deadlock-cycle", "The two transfers form a circle in which every one is waiting.", true},
		{"deadlock-ordering", "deadlock-cycle", "Both sides sit tight and neither gives up.", true},
		{"deadlock-ordering", "deadlock-cycle", "Draw a circle around the accounts table in the diagram.", false},
		{"deadlock-ordering", "deadlock-cycle", "The transfers never wait in a circle, because each locks the lower id first.", false},
	})
}

// TestConsensusNumberTheStoreChecks: the number a consensus store hands
// each owner, told by its use (the storage checks it); a random value, or
// a counter from Redis, is not the point.
func TestConsensusNumberTheStoreChecks(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-vs-consensus", "tokens", "Every new owner is handed a counter that the database can check before it accepts a write.", true},
		{"redis-vs-consensus", "tokens", "A random token that the database can check is all you need.", false},
		{"redis-vs-consensus", "tokens", "Redis can hand out a counter the database checks, too.", false},
	})
}

// TestClaimCounterTicksUp: a counter that "ticks up" on each claim is a
// value that changes with every claim; the owner column ticking up is not.
func TestClaimCounterTicksUp(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"holder-id-guard", "epoch-column", "Keep a counter on the job row that ticks up on every claim, and make each write name it.", true},
		{"holder-id-guard", "epoch-column", "The owner column ticks up on every claim.", false},
	})
}

// TestOlderRunSameName: the stale claim said with the comparative ("an
// older run of the same worker passes the check"); a run that stops
// matching is the fix, not the fault.
func TestOlderRunSameName(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"holder-id-guard", "same-owner-twice", "An older run of that worker passes the guard after it wakes up.", true},
		{"holder-id-guard", "same-owner-twice", "With the counter, an older run stops matching as soon as the job is claimed again.", false},
	})
}

// TestProviderKeyAsTag: the idempotency key called a tag that marks the
// same payment; a tag naming the worker is no such key.
func TestProviderKeyAsTag(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"unfenceable-resource", "idempotency-key", "The request carries a tag saying it is the same purchase as before.", true},
		{"unfenceable-resource", "idempotency-key", "Tag each request with the worker's hostname.", false},
	})
}

// TestTimingCaveatRestsOn: the waits "rest on" pauses staying short, said
// of pauses; resting on something else is not the caveat.
func TestTimingCaveatRestsOn(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"unfenceable-resource", "timing-caveat", "All of this rests on pauses being shorter than our safety margin.", true},
		{"unfenceable-resource", "timing-caveat", "This rests on the provider keeping its keys for a day.", false},
	})
}

// TestOutsideCallStillLands: the outside call that still completes once
// the row lock is gone; one that completes before the commit is not the
// fault.
func TestOutsideCallStillLands(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "outside-effects", "After the connection drops, the lock is released while the remote call can still succeed.", true},
		{"row-lock", "outside-effects", "The HTTP call still finishes before we commit.", false},
	})
}

// TestPauseTTLPasses: the lease running out told as the TTL passing, a
// second client taking the lock and the first one resuming; a TTL that
// passes with no one else around is not the failure.
func TestPauseTTLPasses(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "The TTL passes, a second worker acquires the key, and the first one resumes.", true},
		{"redis-lock-and-failure", "pause-expiry", "The TTL passes without incident and the holder deletes its key.", false},
	})
}

// TestSetIfNobodysThere: the acquire as one command that creates the key
// only if nobody's there, with its expiry; a GET that checks first is the
// two-step bug, not the point.
func TestSetIfNobodysThere(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "One command creates the key only if nobody's there and makes it vanish after thirty seconds.", true},
		{"redis-lock-and-failure", "set-nx-px", "Check with GET that nobody's there, then write the key.", false},
	})
}

// TestPausesAsUsualSuspects: pauses named as the usual suspects to look
// for; other suspects are not a look for pauses.
func TestPausesAsUsualSuspects(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"two-holders", "durations-vs-ttl", "On a busy node, CPU throttling is the usual suspect.", true},
		{"two-holders", "durations-vs-ttl", "The usual suspects are bad config and typos.", false},
	})
}

// TestEtcdAppliesConditionally: etcd itself applying the put on a
// condition; a client that writes only after its own check is the
// check-then-act it replaces.
func TestEtcdAppliesConditionally(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "atomic-in-store", "etcd applies the put only while our lease is still alive.", true},
		{"etcd-revision-guard", "atomic-in-store", "The client writes to etcd only if its own lease check passed.", false},
	})
}

// TestExtendOnCondition: the extension "on condition" that the key still
// carries my token; a condition on the job alone checks no owner.
func TestExtendOnCondition(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"extend-lease", "check-ownership", "Push the deadline out, on condition the key still carries my name.", true},
		{"extend-lease", "check-ownership", "Push the deadline out, on condition the job is still running.", false},
	})
}

// TestLongItSentencesAreProse: sentences that open "It's ..." or "There's
// ..." but run on with clauses of their own are prose and earn their
// points (short "It is <term>." items still read as a list:
// TestDressedListEarnsNothing).
func TestLongItSentencesAreProse(t *testing.T) {
	b := loadBank(t)
	text := "It's a lock that every instance sharing the database can take, although it only lives inside one transaction. " +
		"There's no timer on it, and if the connection dies the database rolls the transaction back and frees the row. " +
		"It's a poor fit when the work under it calls out to a payment API, because a rollback cannot undo a request that already went out."
	checkPoints(t, b, []pointCase{
		{"row-lock", "outside-effects", text, true},
		{"row-lock", "connection-death", text, true},
	})
}

// TestNumberedItemIsNotAnAside: "(1)" after a negated lead-in numbers the
// item that follows, which is asserted; a real aside right after a
// negator still carries the negation on.
func TestNumberedItemIsNotAnAside(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "Things one thread does nothing about: (1) a worker pauses beyond its TTL and writes after a new owner; (2) a failover.", true},
		{"redis-lock-and-failure", "pause-expiry", "What it does nothing about: (a) a worker pauses beyond its TTL and writes after a new owner.", true},
		{"redis-lock-and-failure", "pause-expiry", "A worker never (in our setup) pauses beyond its TTL and writes after a new owner.", false},
	})
}
