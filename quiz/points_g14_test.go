package quiz_test

import "testing"

// Grader g14, points: core points that strong answers make in words the
// patterns did not know (an idiom, an analogy, a verb where a noun was
// expected), written as families of sentences of our own, each next to
// near-misses that must not make the point: a weak or partial version, a
// word that looks alike, the mistake itself.

// TestNumberRaisedWithEachGrant: the fencing number's order said by the
// verb that raises it ("the service raises it with each new lease", "each
// claim raises the counter"), in the common set @increase; a raise of
// anything else ("raises an exception for every stale request", "raise
// the TTL value") orders nothing.
func TestNumberRaisedWithEachGrant(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "monotonic", "The coordinator keeps one counter per lock and raises it with each new lease it hands out.", true},
		{"fencing-token", "monotonic", "Each acquisition raises the counter, and the winner gets its value as the token.", true},
		{"fencing-token", "monotonic", "The service keeps a token per lock and raises it by one for each new holder.", true},
		{"fencing-token", "monotonic", "The client raises an exception for every request with a stale token.", false},
		{"fencing-token", "monotonic", "If jobs run long, raise the TTL value for each of them.", false},
		{"fencing-token", "monotonic", "The token is a random value that the holder sends with each write.", false},

		{"holder-id-guard", "epoch-column", "Put a counter column on the row, raised with each claim, and make every update check it.", true},
		{"holder-id-guard", "epoch-column", "Every claim raises the counter in the row, and the update compares the value it got.", true},
		{"holder-id-guard", "epoch-column", "The guard keeps comparing the owner column, which changes on every claim.", false},
	})
}

// TestStopSaidAsAnIdiom: stopping the protected work told by an idiom
// that needs no object ("down tools", "stand down", "drop what it's
// doing", "bail out") or as work neither begun nor finished ("begin
// nothing new, complete nothing", "never start or finish a write"):
// common sets @halt and @downtools. Carrying on, or a write that merely
// "hasn't finished", stops nothing.
func TestStopSaidAsAnIdiom(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "stop-work", "The moment SUSPENDED shows up, my worker puts down its tools.", true},
		{"session-suspended", "stop-work", "On SUSPENDED the worker should stand down until it hears more.", true},
		{"session-suspended", "stop-work", "At SUSPENDED the client drops what it's doing and waits for news.", true},
		{"session-suspended", "stop-work", "From that event on, the job begins nothing and completes nothing.", true},
		{"session-suspended", "stop-work", "While suspended, never start or finish a write against the store.", true},
		{"session-suspended", "stop-work", "At SUSPENDED I keep going and finish the write, since the session is probably fine.", false},
		{"session-suspended", "stop-work", "The worker keeps its tools and carries on with the batch.", false},
		{"session-suspended", "stop-work", "The listener tells the client the connection is gone.", false},

		{"extend-lease", "failed-extension", "Should a renewal fail, the worker downs tools right away.", true},
		{"extend-lease", "failed-extension", "When the renewal is refused, the worker bails out of the job.", true},
		{"extend-lease", "failed-extension", "If the extension fails, the worker walks away from the batch.", true},
		{"extend-lease", "failed-extension", "If a renewal fails, retry it and carry on with the job.", false},
		{"extend-lease", "failed-extension", "Renew every third of the TTL so the lease never runs out.", false},
	})
}

// TestRerunLandsTheSameRows: idempotence said without a negation ("each
// run replaces the day's file instead of adding to it", "a second run
// writes the same records"), in the concept %idempotent; the same records
// written twice is the duplicate. A crashed run picked up again is the
// retry a job must survive.
func TestRerunLandsTheSameRows(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"run-job-once", "idempotent", "Each run replaces the day's export instead of adding to it.", true},
		{"run-job-once", "idempotent", "Should it repeat, the repeat writes the same records as the first run.", true},
		{"run-job-once", "idempotent", "The report upserts instead of inserting, keyed by the day.", true},
		{"run-job-once", "idempotent", "If it runs twice, the same rows are appended a second time.", false},
		{"run-job-once", "idempotent", "The job appends its output rather than overwriting the table.", false},

		{"run-job-once", "crash-midway", "A run that crashed halfway is picked up by another instance.", true},
		{"run-job-once", "crash-midway", "A run that died gets re-run from the start.", true},
		{"run-job-once", "crash-midway", "Crashes are rare on these machines.", false},
	})
}
