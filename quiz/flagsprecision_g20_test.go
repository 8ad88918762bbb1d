package quiz_test

import "testing"

// TestCounterpartsG20 holds grader g20's narrower red-flag patterns to
// sentences of our own: a store's own guarantee stated correctly, which
// shares the words of the mistake (no flag), beside the mistake itself
// (flag). None of these sentences is a corpus answer.
func TestCounterpartsG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// The database applies the writes on one row one at a time; what
		// loses an update is the application's read-modify-write.
		{"row writes serialized, the read-modify-write blamed", "avoid-the-lock", "isolation-prevents-race",
			"Our database already serializes writes on a single row; the problem is the read-modify-write the service does around it.", false},
		{"writes on the same row serialized, the app's read and write blamed", "avoid-the-lock", "isolation-prevents-race",
			"The stock count sits in Postgres, and Postgres already serializes writes on the same row. The trouble is reading it in the service and writing a computed value back.", false},
		{"near-miss: the database serializing transactions trusted", "avoid-the-lock", "isolation-prevents-race",
			"No lock is needed here, since Postgres already serializes concurrent transactions and nothing is lost.", true},
		{"near-miss: each write's atomicity trusted for a read-modify-write", "avoid-the-lock", "isolation-prevents-race",
			"The service can read the balance, compute the new one and write it back, because the database serializes every write anyway.", true},

		// A token taken from the consensus log keeps rising through a
		// change of leader: that is why it is chosen.
		{"log index as the token across failovers", "design-lock-service-q", "replication-keeps-lock",
			"The grant is a committed entry, and its log index becomes the token, so the token stays monotonic across failovers.", false},
		{"near-miss: a primary's counter trusted across failovers", "design-lock-service-q", "replication-keeps-lock",
			"The primary hands out tokens with INCR, so the token stays monotonic across failovers.", true},

		// A lock held in the same database as the data: a holder whose
		// session is gone cannot commit there, so writes to that database
		// need no separate token.
		{"no token needed for writes in the same database", "row-lock", "fencing-unneeded",
			"A holder whose connection died can't write after losing the lock, so no extra token is needed for writes in the same database; calls to other systems still need one.", false},
		{"near-miss: a lost lock said to stop every write", "redis-vs-consensus", "fencing-unneeded",
			"With etcd a client can never write after its session expired, so a fencing token adds nothing.", true},
	})
}

// TestDeniedQuotesG20: a short quotation (a slogan, a promise) denied
// where it stands, as the subject of a negated verb right after it or the
// object of a verb of breaking right before it, is the thing refuted:
// words a pattern takes from it and from the rebuttal make no claim
// (no flag). The same words said as the candidate's own raise the flag.
// None of these sentences is a corpus answer.
func TestDeniedQuotesG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"quoted order as the subject of a negated verb", "deadlock-ordering", "lock-order-by-role",
			"The runbook said to lock \"source then target\". But \"source then target\" is not a fixed global order: a transfer from X to Y takes X then Y, one from Y to X takes Y then X.", false},
		{"near-miss: the same order claimed as fixed", "deadlock-ordering", "lock-order-by-role",
			"We always lock the source first and then the target, which is a fixed order, so the transfers cannot deadlock.", true},
		{"quoted promise as the object of a verb of breaking", "run-job-once", "exactly-once-claim",
			"A lease that lapses while the job runs, or a retry after a timeout, breaks \"exactly once\" for the nightly job.", false},
		{"near-miss: the promise claimed", "run-job-once", "exactly-once-claim",
			"With the lock held by one instance, the nightly job runs exactly once.", true},
	})
}

// TestCodePlaceProbesG20: a debugging step that reads a place in the code
// and lists, after a dash or colon, what to look for there names those
// suspects; it does not claim them (no flag). The same practice said as
// the candidate's own design raises the flag. None of these sentences is
// a corpus answer.
func TestCodePlaceProbesG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"suspects after a dash, once the code to read is named", "two-holders", "two-commands",
			"Then I'd read the logs of both workers; check the locking code - SETNX and EXPIRE sent as two calls, or a dropped false return from the acquire; check that both hosts point at the same Redis.", false},
		{"near-miss: the two commands as the candidate's acquire", "two-holders", "two-commands",
			"Our acquire does SETNX and then EXPIRE separately, and that is fine for this job.", true},
	})
}

// TestConsequenceHandledG20: a consequence told and then handled ("the
// claim can be taken over, which means the job may run twice, so its
// effects are made safe to repeat") grants the duplicate the mistake
// denies, and "means" as a verb is no average (no flag). A TTL sized past
// the job and called safe still raises the flag. None of these sentences
// is a corpus answer.
func TestConsequenceHandledG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"duplicate granted, the effects made safe to repeat", "run-job-once", "ttl-as-safety|ttl-below-runtime",
			"When a holder crashes, its row is reclaimed after a timeout, which means the report job might run more than once, so every upload is made safe to repeat.", false},
		{"duplicate said to happen occasionally", "run-job-once", "ttl-as-safety|ttl-below-runtime",
			"Past the timeout another instance takes the claim, so the job occasionally runs more than once, and it stays safe because each write is keyed by period.", false},
		{"near-miss: a timeout longer than the job called safe", "run-job-once", "ttl-as-safety",
			"With the timeout set longer than the job, we are safe: no second run can start.", true},
		{"near-miss: the timeout sized from the mean runtime", "run-job-once", "ttl-below-runtime",
			"I set the lock timeout to the mean runtime plus a little.", true},
	})
}

// TestEventItemsG20: a list of actions keyed by events ("on X do A, on Y
// do B") says what to do on each event; a match joining one item's event
// to the next item's action claims nothing (no flag). The action said of
// its own event still raises the flag. None of these sentences is a
// corpus answer.
func TestEventItemsG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"each event with its own action", "session-suspended", "work-through-suspended",
			"In the listener: on SUSPENDED hold the writes, on RECONNECTED carry on, on LOST give the work up and start over.", false},
		{"near-miss: carrying on through SUSPENDED", "session-suspended", "work-through-suspended",
			"In the listener: on SUSPENDED carry on with the writes, since it is usually a blip.", true},
	})
}

// TestStoppingHeadersG20: a header in which the speaker stops a practice
// ("The first thing I'd stop: ...") names what follows to reject it (no
// flag); the same practice recommended still raises the flag. None of
// these sentences is a corpus answer.
func TestStoppingHeadersG20(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"practice named after a stopping header", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The first thing we'd stop: teams giving each of the five masters a replica under Sentinel for availability.", false},
		{"near-miss: the practice recommended", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"For availability, give each of the five masters a replica under Sentinel.", true},
	})
}
