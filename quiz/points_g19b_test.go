package quiz_test

import (
	"testing"
)

// Grader g19, points, round two: core and pass-carrying points that the
// strong-unusual and strong-concise answers of the tuning writers released
// this session make in plain words. The sentences are our own, each family
// with near-misses that must not earn the point.

// TestTransferCommittedAsOne: the debit and the credit committed
// together (one commit, one unit, inside a transaction); two commits or a
// transaction named for something else is not it.
func TestTransferCommittedAsOne(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"deadlock-ordering", "single-statement", "Whatever the locks do, the withdrawal and the deposit, debit and credit, have to land in a single commit.", true},
		{"deadlock-ordering", "single-statement", "Put the transfer inside a transaction so a crash cannot leave half of it behind.", true},
		{"deadlock-ordering", "single-statement", "The debit and the credit should be committed together or not at all.", true},
		{"deadlock-ordering", "single-statement", "The debit and the credit go out as separate commits on each side.", false},
		{"deadlock-ordering", "single-statement", "Each service keeps its own audit log of what it did.", false},
	})
}

// TestCheckAndWriteInOneAllOrNothingRequest: etcd judging the condition
// and the write as one all-or-nothing request; an all-or-nothing rule
// about something else is not it.
func TestCheckAndWriteInOneAllOrNothingRequest(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "atomic-in-store", "I send etcd an all-or-nothing transaction: write the config only if my key is still at the revision I got.", true},
		{"etcd-revision-guard", "atomic-in-store", "The deploy policy is all or nothing: every region updates or none does.", false},
	})
}

// TestSecondSaverToldAnotherGotThereFirst: the stale saver is shown that
// someone saved in between (and what changed); the first save simply
// winning, or the second silently overwriting, is not it.
func TestSecondSaverToldAnotherGotThereFirst(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"optimistic-concurrency", "zero-rows-retry", "The late editor gets a message that somebody saved in the meantime, with a view of what changed.", true},
		{"optimistic-concurrency", "zero-rows-retry", "We tell the user that a colleague got there first and let them look again.", true},
		{"optimistic-concurrency", "zero-rows-retry", "Whoever got there first wins, and the other save silently overwrites it.", false},
		{"optimistic-concurrency", "zero-rows-retry", "The editor shows who is currently viewing the page.", false},
	})
}

// TestMemoryShortagePicksKeys: the eviction told as what a full Redis
// picks or cleans up to make room; memory named without a key dropped is
// not it.
func TestMemoryShortagePicksKeys(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-early-expiry", "eviction", "When the instance is low on memory it picks keys that have a timeout and frees up space.", true},
		{"redis-early-expiry", "eviction", "Under memory pressure its clean-up can take our lock key with it.", true},
		{"redis-early-expiry", "eviction", "We sized the instance with plenty of memory for the sessions.", false},
	})
}

// TestOutstayedTheTenancy: the holder stalled past its lease told as a
// tenancy or tenure; a tenancy with no overrun is not it.
func TestOutstayedTheTenancy(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"two-holders", "durations-vs-ttl", "My first suspect is that A stalled for longer than its tenancy, say in a long collection.", true},
		{"two-holders", "durations-vs-ttl", "The first worker froze past its tenure and never noticed.", true},
		{"two-holders", "durations-vs-ttl", "Each worker's tenancy is recorded in the lock server's log.", false},
	})
}

// TestBlindExtensionLengthensAnothersLease: an extension that checks no
// owner named by its harm, stretching someone else's lease; extending
// one's own lease is not it.
func TestBlindExtensionLengthensAnothersLease(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"extend-lease", "check-ownership", "Without the owner check, a late renewal can end up extending someone else's lock.", true},
		{"extend-lease", "check-ownership", "A blind refresh might push out the new holder's TTL instead of mine.", true},
		{"extend-lease", "check-ownership", "The worker extends its own lease every ten seconds.", false},
		{"extend-lease", "check-ownership", "Someone else's job holds the lock for an hour.", false},
	})
}

// TestWakesAfterTheFuseBesideTheNextOwner: the paused holder waking after
// its time ran out, beside the next owner; waking before the fuse, or a
// next owner with no pause, is not it.
func TestWakesAfterTheFuseBesideTheNextOwner(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "A stop-the-world collection can freeze me, and I resume after the fuse has burnt while the next owner is already writing.", true},
		{"redis-lock-and-failure", "pause-expiry", "The holder may be suspended and wake up later, next to its successor.", true},
		{"redis-lock-and-failure", "pause-expiry", "When the lock is released, the next owner takes it right away.", false},
	})
}

// TestAllOrNothingDeniesNothing: "all-or-nothing" names an atomic whole;
// its "nothing" negates none of the words after it, while a "nothing"
// that is a subject still does.
func TestAllOrNothingDeniesNothing(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "txn-compare", "The leader sends one all-or-nothing request that says: write the routes only if my key is still there.", true},
		{"etcd-revision-guard", "txn-compare", "Nothing makes the write happen only if my key is still there.", false},
	})
}

// TestThePutItselfConditional: the write made conditional, not checked
// first; a condition kept in the client's own code is not it.
func TestThePutItselfConditional(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "atomic-in-store", "Skip the separate ownership read and make every write conditional on the lock key's revision.", true},
		{"etcd-revision-guard", "atomic-in-store", "We keep the write conditional in the app by reading the key first.", false},
	})
}
