package quiz_test

import "testing"

// TestRedTeamG16 holds the red16 reading rules to sentences written to
// probe them: correct answers that describe, report, list or refute a
// losing claim in wordings the earlier rules did not read (no flag),
// each beside the same words said as the candidate's own claim (flag).
// None of these sentences is a corpus answer.
func TestRedTeamG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A belief verb in its plain form after a reporter reports
		// what they believe.
		{"reporter believes", "optimistic-concurrency", "isolation-prevents-race",
			"Plenty of developers believe the default isolation level already prevents this lost update. It does not: the read and the save are separate requests.", false},
		{"reporter assumes, with an adverb between", "outbox-pattern", "exactly-once-claim",
			"Some teammates often assume the relay gives exactly-once delivery; it is at least once, so consumers dedupe.", false},
		{"near-miss: the candidate believes it", "optimistic-concurrency", "isolation-prevents-race",
			"I believe the default isolation level already prevents this lost update.", true},

		// A belief adjective after a copula whose subject is someone
		// else reports that belief.
		{"the zombie is pretty sure", "fencing-token", "work-after-lost-lease",
			"The paused process is pretty sure it still owns the lock and has no way to learn otherwise.", false},
		{"people are convinced", "redis-vs-consensus", "redlock-correctness",
			"People are convinced Redlock across five masters is as safe as consensus. It relies on timing and hands out no token.", false},
		{"near-miss: the candidate is sure", "fencing-token", "work-after-lost-lease",
			"I'm pretty sure a process that lost its lease still owns the lock until it notices, so it can resume its writes.", true},
		{"near-miss: we are convinced", "redis-vs-consensus", "redlock-correctness",
			"We are convinced Redlock across five masters is as safe as consensus.", true},

		// "someone's mental model is that X" names a belief.
		{"mental model reported", "redis-wait-safe", "wait-makes-safe",
			"The proposer's mental model is that WAIT turns replication synchronous. It only counts acknowledgements.", false},
		{"near-miss: the claim made outright", "redis-wait-safe", "wait-makes-safe",
			"WAIT turns replication synchronous, so the lock survives failover.", true},

		// An inline heading that announces failures names what follows
		// its colon; one with a copula judges instead.
		{"inline failure heading", "redis-lock-and-failure", "two-commands",
			"Where people usually go wrong: SETNX first and EXPIRE in a second call.", false},
		{"near-miss: a heading of the candidate's steps", "redis-lock-and-failure", "two-commands",
			"What I do: SETNX first and EXPIRE in a second call.", true},

		// A heading naming non-solutions announces failures, though
		// "solutions" alone would announce remedies.
		{"list under non-solutions", "run-job-once", "ttl-below-runtime",
			"Non-solutions I keep seeing:\n- a random sleep before starting\n- a lease shorter than the job itself\n\nUse a claim row per period instead.", false},
		{"near-miss: the same item under solutions", "run-job-once", "ttl-below-runtime",
			"Solutions:\n- a lease shorter than the job itself", true},

		// A first attempt told in the past was replaced.
		{"first fix told in the past", "deadlock-ordering", "lock-order-by-role",
			"The team's initial fix was to order the locks source first, then destination, which is the same cycle in disguise.", false},
		{"near-miss: the order by role proposed", "deadlock-ordering", "lock-order-by-role",
			"My fix is to order the locks source first, then destination.", true},

		// "a bad habit" names a mistake, and its infinitive goes on
		// through "and".
		{"bad habit with a coordinated verb", "session-suspended", "work-through-suspended",
			"A bad habit is to keep processing through SUSPENDED and just react on LOST.", false},
		{"near-miss: the good habit", "session-suspended", "work-through-suspended",
			"The right habit is to keep processing through SUSPENDED and just react on LOST.", true},

		// An appearance denied after "and" turns it as "but" does, and
		// an appearance verb opening its clause has its subject before.
		{"looks harmless and isn't", "redis-lock-and-failure", "two-commands",
			"The two-step version, SETNX followed by EXPIRE, looks harmless and isn't.", false},
		{"near-miss: looks harmless and is used", "redis-lock-and-failure", "two-commands",
			"SETNX followed by EXPIRE looks harmless and is what we run.", true},

		// The external effect already out when the transaction aborts is
		// the harm of a call inside the lock.
		{"the email already sent", "row-lock", "lock-across-network-call",
			"If you call the mail API while holding the row lock, the transaction may abort but the email was already sent.", false},
		{"near-miss: the call kept inside the lock", "row-lock", "lock-across-network-call",
			"Hold the row lock while you call the mail API, so the email goes out once.", true},

		// The first column of a table headed as claims holds claims the
		// table answers; a table of the candidate's own steps does not.
		{"claim column of a table", "fencing-token", "random-fencing-token",
			"| Claim | Reality |\n|---|---|\n| The random value in the lock key serves as the token | It has no order |\n", false},
		{"near-miss: a table of the candidate's design", "fencing-token", "random-fencing-token",
			"| Step | Why |\n|---|---|\n| The random value in the lock key serves as the token | It is unique |\n", true},

		// What gives an illusion or a false sense of something is judged
		// deceptive, with what it is said to do.
		{"gives the illusion of safety", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer gives a false sense of safety: it stops two payments running at once, not a retry that comes later.", false},
		{"near-miss: the lock offered for its effect", "idempotency-keys", "lock-instead-of-constraint",
			"Take a lock per customer: it stops two payments running at once, so double charges go away.", true},

		// "One could argue X" concedes X to answer it.
		{"one could argue", "idempotency-keys", "lock-instead-of-constraint",
			"One could argue that a lock per customer fixes double charges, but a retry after the lock is released still goes through.", false},
		{"near-miss: the candidate argues it", "idempotency-keys", "lock-instead-of-constraint",
			"I'd argue that a lock per customer fixes double charges.", true},

		// An assumption judged hidden or naive is someone's view; the
		// candidate's own assumption, or a plain "the assumption is", is
		// not read as one.
		{"hidden assumption reported", "skip-locked-queue", "exactly-once-claim",
			"The hidden assumption behind many job tables is that a claimed job runs exactly once. It can run twice.", false},
		{"near-miss: the candidate's own assumption", "skip-locked-queue", "exactly-once-claim",
			"My assumption is that a claimed job runs exactly once.", true},
		{"near-miss: an assumption not judged", "skip-locked-queue", "exactly-once-claim",
			"The assumption is that a claimed job runs exactly once.", true},
	})
}
