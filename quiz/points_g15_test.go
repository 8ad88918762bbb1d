package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g15, points: core points that correct answers make in words the
// patterns did not know, and partial answers credited with more than they
// said. Sentences are our own unless marked as quoting the blind corpus;
// each family has near-misses that must not make the point.

// TestCrashCostSaidAsOutage: the long side of the TTL trade-off told as
// the outage a crash buys ("every crash costs ten minutes of
// unavailability") or as work left orphaned by a dead owner; an outage
// denied, or one not tied to the lease's length, is not the trade-off.
func TestCrashCostSaidAsOutage(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// AQ choose-ttl refutes-quote
		{"choose-ttl", "tradeoff", "Moreover, the ten-minute TTL makes every crash cost ten minutes of unavailability.", true},
		{"choose-ttl", "tradeoff", "With an hour-long lease, a crashed holder means an hour of downtime for the queue.", true},
		{"choose-ttl", "tradeoff", "The real question is how long I am willing to leave the job orphaned if the owner dies.", true},
		{"choose-ttl", "tradeoff", "A long TTL means a crash is not followed by any downtime.", false},
		{"choose-ttl", "tradeoff", "The service has an outage whenever the worker crashes and restarts.", false},
		{"choose-ttl", "tradeoff", "A crash of the database causes no downtime for us.", false},
	})
}

// TestRenewalConditionalOnToken: the owner check said as a renewal that is
// conditional on the token, even when the same sentence goes on to tie
// renewals to the job's progress; a renewal conditional on the job or the
// worker alone checks no owner.
func TestRenewalConditionalOnToken(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// AQ extend-lease refutes-quote
		{"extend-lease", "check-ownership", "We make it safe by making the renewal an atomic conditional operation on our token, renewing at TTL/3, and tying renewals to actual job progress.", true},
		{"extend-lease", "check-ownership", "Each extension is conditional on the stored value still being my token.", true},
		{"extend-lease", "check-ownership", "The renewal is a conditional operation that runs only while the job is still making progress.", false},
		{"extend-lease", "check-ownership", "The extension is conditional on the worker still being alive, so a dead worker stops renewing.", false},
		{"extend-lease", "check-ownership", "The renewal is conditional on the job running, not on the token.", false},
	})
}

// TestFencingSharedByAllSystems: what the examples share said of "all the
// systems above", and the zombie told from the receiver's side (only the
// owner with the current epoch is accepted); a shared trait that is not
// the check, or a current leader with no number, is not it.
func TestFencingSharedByAllSystems(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// AQ fencing-in-real-systems rejects-antipattern
		{"fencing-in-real-systems", "common-pattern", "In all the systems above, the receiving component holds the last-seen number and rejects lower ones atomically with the write.", true},
		{"fencing-in-real-systems", "common-pattern", "All of these work alike: the server remembers the highest epoch and refuses anything lower.", true},
		{"fencing-in-real-systems", "common-pattern", "In all the systems above, the leader writes to a log.", false},
		{"fencing-in-real-systems", "zombie-leader", "HDFS HA: JournalNodes accept edits only from the NameNode with the current epoch.", true},
		{"fencing-in-real-systems", "zombie-leader", "The brokers only accept requests carrying the latest controller epoch.", true},
		{"fencing-in-real-systems", "zombie-leader", "Followers accept writes only from the current leader, which is chosen by a vote.", false},
		{"fencing-in-real-systems", "zombie-leader", "The NameNode writes its edits to a majority of JournalNodes.", false},
	})
}

// TestTwoLocksBeyondTheOrder: what strong deadlock answers add to the
// order, in the words they use: the lease running out in the middle of
// the transfer, or judged as no cure; letting go of what is held and
// retrying after a random wait; one transaction by its short names (txn,
// tx). Near-misses: a lease that outlives the transfer, a retry with no
// release nor randomness, one lock per transaction.
func TestTwoLocksBeyondTheOrder(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// W and AP deadlock-ordering strong-casual, H strong-unusual
		{"deadlock-ordering", "lease-expiry-trap", "And with TTL locks one lease just runs out mid-transfer, which is worse.", true},
		{"deadlock-ordering", "lease-expiry-trap", "The lease on the first account can run out while it is still half-way through the second.", true},
		{"deadlock-ordering", "lease-expiry-trap", "If the locks are leases, the standoff dissolves because one lease runs out, which is worse.", true},
		{"deadlock-ordering", "lease-expiry-trap", "The lease is long enough that it never runs out mid-transfer.", false},
		{"deadlock-ordering", "lease-expiry-trap", "Give each lease a TTL of thirty seconds and renew it.", false},

		{"deadlock-ordering", "all-or-nothing", "Use tryLock with a timeout and let go of everything if you can't get both.", true},
		{"deadlock-ordering", "all-or-nothing", "Cap the wait for the second lock, hand back the first one, sleep a random bit and try again.", true},
		{"deadlock-ordering", "all-or-nothing", "Release on failure and back off with jitter.", true},
		{"deadlock-ordering", "all-or-nothing", "If the second lock is busy, just try again in a loop.", false},
		{"deadlock-ordering", "all-or-nothing", "Pick a random account to process first.", false},

		{"deadlock-ordering", "single-statement", "I'd just do both legs in one db txn and skip the distributed locks.", true},
		{"deadlock-ordering", "single-statement", "Both rows in one postgres tx, FOR UPDATE in id order.", true},
		{"deadlock-ordering", "single-statement", "Each account gets its own txn and its own lock.", false},
		{"deadlock-ordering", "single-statement", "Two locks are not atomicity: a crash between the debit and the credit loses money without one database transaction.", true},
		{"deadlock-ordering", "single-statement", "Do the debit first and the credit second, each under its lock.", false},
	})
}

// TestOneSystemIsNotThePattern: the prompt asks what the examples have in
// common; one system's rule told of "every leader" (Raft's terms alone) is
// an example, not the pattern, and the partial answer that gives only it
// fails. A rule for every new owner, or the trait said of all the
// systems, still is the pattern.
func TestOneSystemIsNotThePattern(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// AQ fencing-in-real-systems partial (labelled fail)
		{"fencing-in-real-systems", "common-pattern", "Raft is an example: every leader has a term number, and followers reject messages from a leader with an older term.", false},
		{"fencing-in-real-systems", "common-pattern", "In Kafka each controller has an epoch, and brokers ignore a controller with an older one.", false},
		{"fencing-in-real-systems", "common-pattern", "Every new leader gets a bigger number, and the followers reject anything carrying a smaller one.", true},
		{"fencing-in-real-systems", "common-pattern", "They all work the same way: the receiver remembers the highest epoch and refuses lower ones.", true},
	})
	q, _ := b.ByID("fencing-in-real-systems")
	r := b.Grade(q, quiz.Answer{Text: "Raft is an example: every leader has a term number, and followers reject messages from a leader with an older term."})
	if r.Passed {
		t.Errorf("one system's example passes: score %.2f, points missed %v", r.Score, r.Missed())
	}
}

// TestRunsTwiceAsHedgeIsNotTheReason: "make the job idempotent in case it
// runs twice" is the idempotency advice and its hedge, not the claim that
// a lock cannot make the job run once; said as a claim ("a job can still
// run twice"), or with its reason, it is.
func TestRunsTwiceAsHedgeIsNotTheReason(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// T run-job-once partial (labelled fail)
		{"run-job-once", "lock-not-enough", "you could use a lock so only one instance runs it at a time, but make the job idempotent in case it runs twice.", false},
		{"run-job-once", "lock-not-enough", "Take a lock, and just in case the job runs twice, keep it idempotent.", false},
		{"run-job-once", "lock-not-enough", "Even with the lock, the job can still get a second run in the same period.", true},
		{"run-job-once", "lock-not-enough", "The holder can pause past its lease and another instance runs the job again.", true},
	})
	q, _ := b.ByID("run-job-once")
	r := b.Grade(q, quiz.Answer{Text: "you could use a lock so only one instance runs it at a time, but make the job idempotent in case it runs twice."})
	if r.Passed {
		t.Errorf("the idempotency advice alone passes: score %.2f, points missed %v", r.Score, r.Missed())
	}
}

// TestObservedMaxIsNoBound: no safe TTL said as the observed maximum that
// is not the maximum possible ("the max you've seen is not the max that
// can happen"); the worst seen taken as the worst possible, or denied to
// be exceeded, is the opposite.
func TestObservedMaxIsNoBound(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// AM choose-ttl refutes-quote
		{"choose-ttl", "no-safe-value", "The max you've seen is not the max that can happen, a full GC or a stalled disk can outlast it.", true},
		{"choose-ttl", "no-safe-value", "The slowest run measured is not the slowest run the job will ever have.", true},
		{"choose-ttl", "no-safe-value", "The worst run we've seen so far is the worst that can happen, so twice that is safe.", false},
		{"choose-ttl", "no-safe-value", "Nothing worse than the max we've seen can happen.", false},
	})
}

// TestKeyNamedByTheClientAndKept: the idempotency key told as a name the
// client gives the operation and that lasts across retries, the table as
// a ledger kept unique, the same transaction as the same commit; a key
// the server makes, or a fresh one per attempt, is not the client's key.
func TestKeyNamedByTheClientAndKept(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// AO idempotency-keys strong-unusual
		{"idempotency-keys", "client-key", "Give each intended payment a name that's born on the phone the moment the user confirms, and that survives retries and app restarts.", true},
		{"idempotency-keys", "client-key", "The checkout page labels the purchase once, and that label outlasts every resend.", true},
		{"idempotency-keys", "client-key", "The server generates a name for each request on its side and retries it.", false},
		{"idempotency-keys", "client-key", "The id survives nothing: every retry makes a fresh one.", false},

		{"idempotency-keys", "unique-table", "The server keeps a ledger of names it has seen, unique per customer.", true},
		{"idempotency-keys", "unique-table", "The server keeps a ledger of every payment it has seen.", false},

		{"idempotency-keys", "same-transaction", "The key is written in the same commit as the payment itself.", true},
		{"idempotency-keys", "same-transaction", "The key is written in a commit of its own, after the payment.", false},
	})
}
