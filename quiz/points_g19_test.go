package quiz_test

import (
	"testing"
)

// Grader g19, points: core points that correct answers of the validation
// writers BE and BF made in deliberately plain words (no "idempotent", no
// "quorum", no "expires"). The sentences are our own, each family with
// near-misses that must not earn the point.

// TestRepeatLeavesTheWorldAsItWas: a repeat said to leave things looking
// as they were, or to hurt nobody; a copy that merely looks the same but
// doubles something, or a repeat that hurts, is not it.
func TestRepeatLeavesTheWorldAsItWas(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "If the sync runs a second time it leaves the catalogue looking the same, so there is nothing to guard.", true},
		{"avoid-the-lock", "idempotent", "Sending the same status update again leaves the record untouched.", true},
		{"avoid-the-lock", "idempotent", "When the export happens twice it hurts no one, because it writes the same file.", true},
		{"avoid-the-lock", "idempotent", "If the billing run happens twice, the second invoice looks the same but doubles what the customer owes.", false},
		{"avoid-the-lock", "idempotent", "Running the billing job twice hurts everybody who gets charged.", false},
		{"run-job-once", "idempotent", "A rerun of the cleanup leaves the bucket exactly as it was.", true},
	})
}

// TestCrashLeavesTheWorkUnattended: the long side of the TTL trade-off
// as the work left with nobody on it after a crash; the work handed on at
// once is not it.
func TestCrashLeavesTheWorkUnattended(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "tradeoff", "If the holder dies, how long can we live with nobody doing the reconciliation?", true},
		{"choose-ttl", "tradeoff", "When the node crashes mid-run, no one is working on the queue until the lease is gone.", true},
		{"choose-ttl", "tradeoff", "If the worker dies, the next one picks up the job right away.", false},
	})
}

// TestTTLAsADialOfTheOdds: the TTL called a setting of the odds set
// against a guarantee; turning the dial for better odds is not it.
func TestTTLAsADialOfTheOdds(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "The lease length is a dial on the odds of an overlap, not a guarantee against it.", true},
		{"choose-ttl", "no-safe-value", "Think of the timeout as a likelihood knob rather than a guarantee of anything.", true},
		{"choose-ttl", "no-safe-value", "Turn the dial up a little so the odds of finishing in time improve.", false},
	})
}

// TestAgreementBeforeTheGrantCounts: the replicas' agreement said to come
// before a grant is real; agreeing on something else beforehand is not it.
func TestAgreementBeforeTheGrantCounts(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"design-lock-service-q", "consensus-log", "Every grant goes into a shared log that the five servers have to agree on before it counts.", true},
		{"design-lock-service-q", "consensus-log", "The replicas vote on the new owner before the client is answered.", true},
		{"design-lock-service-q", "consensus-log", "The teams agree on naming conventions before they start using it.", false},
	})
}

// TestHolderIsTheLastToKnow: the session's holder hearing last, in the
// idiom or as a session declared dead before its callback runs.
func TestHolderIsTheLastToKnow(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "signals-late", "The client is always the last one to find out that its lock moved on.", true},
		{"session-suspended", "signals-late", "The servers can consider the session dead before my listener ever runs.", true},
		{"session-suspended", "signals-late", "The client keeps its own session open while it works.", false},
	})
}

// TestKeyOwnedByTheWorkOrAcceptedOnce: an idempotency key named as
// belonging to the work, or as something the provider takes only once; the
// holder's own id is not it.
func TestKeyOwnedByTheWorkOrAcceptedOnce(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"unfenceable-resource", "idempotency-key", "Send a reference that belongs to the payout itself, so both holders send the same one.", true},
		{"unfenceable-resource", "idempotency-key", "Most providers let you pass an order id that they will process only once.", true},
		{"unfenceable-resource", "idempotency-key", "The lease id belongs to the worker that holds the lock.", false},
	})
}

// TestTheDataKeeper: the protected resource named as the keeper or
// custodian of the data, keeping the highest number; a keeper of the lock
// is the lock service, not the resource.
func TestTheDataKeeper(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "resource-rejects", "The keeper of the data remembers the largest number it has let in and waves off anything lower.", true},
		{"fencing-token", "resource-rejects", "The data custodian writes down the highest ticket it has seen.", true},
		{"fencing-token", "resource-rejects", "The lock service keeps a note of the highest number it has issued.", false},
	})
}

// TestEditCountIsAVersion: a count of edits kept on the record, and the
// save accepted only while it is unchanged; a count with no condition is
// not it.
func TestEditCountIsAVersion(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"optimistic-concurrency", "version-column", "The server takes the save only if the change count it was based on is still the current one.", true},
		{"optimistic-concurrency", "version-column", "We show the edit count in the page footer for the users.", false},
	})
}

// TestRowLockDoesNotReachOutside: the row lock's reach denied over
// effects outside the database; its reach over rows is not it.
func TestRowLockDoesNotReachOutside(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "outside-effects", "Keep in mind that it does not stretch to the external email we send afterwards.", true},
		{"row-lock", "outside-effects", "It extends to every row the statement touches.", false},
	})
}

// TestNegativePronounsGlueAClause: "nobody", "nothing" and "none" are
// closed-class words like "anybody" and "something", so a short sentence
// built on them reads as a claim ("Doing it twice hurts nobody."), while a
// comma list of terms stays a list.
func TestNegativePronounsGlueAClause(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "Reindexing a catalogue twice hurts nobody.", true},
		{"avoid-the-lock", "idempotent", "Reindexing twice, nobody, nothing, harmless, cache.", false},
	})
}

// TestCrashHoldsOthersOffAndTheNumbersPurpose: the same two TTL points as
// tuning writers put them too: a dead owner keeping the lock before anyone
// else may go, and the number's purpose (recovery) set against keeping
// two workers apart; a crash timed against nothing is not it.
func TestCrashHoldsOthersOffAndTheNumbersPurpose(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "tradeoff", "When a node crashes, how long does it hold the key before another one may take over?", true},
		{"choose-ttl", "tradeoff", "If the owner dies before another worker starts, it will be fine in the end.", false},
		{"choose-ttl", "no-safe-value", "That figure is about how fast we recover, not about keeping two holders apart.", true},
		{"choose-ttl", "no-safe-value", "The figure should be small so we recover fast.", false},
		{"avoid-the-lock", "idempotent", "Running the sync again leaves the data the same, so I skip the lock.", true},
		{"row-lock", "outside-effects", "An outgoing call to the bank is never rolled back with the transaction.", true},
	})
}
