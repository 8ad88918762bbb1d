package quiz_test

import (
	"testing"
)

// TestRedTeam3G17 holds the red17 reading rules to sentences written to
// probe them: correct answers that name a losing claim as a condition the
// sentence denies, as the necessary condition of a hypothesis, behind a
// concession set off by commas after a negator, or as a library default
// the candidate then overrides (no flag), each beside the same words said
// as the candidate's own claim (flag). They hold with the reader's veto
// and without it. None of these sentences is a corpus answer.
func TestRedTeam3G17(t *testing.T) {
	cases := []flagCase{
		// A condition after "only if" that the sentence then denies is
		// named, not claimed: denied after a semicolon by a clause that
		// answers it, or, when the condition is negative, by an
		// affirmative echo ("and one can").
		{"only if, denied after a semicolon", "redis-wait-safe", "wait-makes-safe",
			"It would be safe only if WAIT made replication synchronous and undid the SET on timeout; it does neither.", false},
		{"only if a negative condition, then its affirmative echo", "run-job-once", "claim-row-deleted",
			"Deleting the row after the run is safe only if no instance could start late, and one can, so the row stays.", false},
		{"only if cannot, and it can", "session-suspended", "ttl-as-safety|work-through-suspended",
			"Continuing until LOST is safe only if the session cannot expire while you're disconnected, and it can: the server expires it after the session timeout.", false},
		{"near-miss: the condition affirmed", "redis-wait-safe", "wait-makes-safe",
			"The lock is safe only if WAIT makes replication synchronous, and it does.", true},
		{"near-miss: the condition affirmed after a semicolon", "redis-wait-safe", "wait-makes-safe",
			"The lock is safe only if WAIT makes replication synchronous; it does.", true},
		{"near-miss: a positive condition, then its echo", "run-job-once", "claim-row-deleted",
			"Deleting the row after the run is safe only if the job has finished, and it has.", true},
		{"near-miss: the condition not denied", "redis-wait-safe", "wait-makes-safe",
			"The lock is safe only if WAIT makes replication synchronous.", true},

		// "X would be P only if C" states a necessary condition of a
		// hypothesis: X is not said to be P.
		{"would be atomic only if", "outbox-pattern", "dual-write-atomic",
			"Ordering the commit before the publish would be atomic only if nothing could crash between them.", false},
		{"near-miss: is atomic only if", "outbox-pattern", "dual-write-atomic",
			"Ordering the commit before the publish is atomic only if the broker is reachable.", true},
		{"near-miss: would be atomic, no condition", "outbox-pattern", "dual-write-atomic",
			"Ordering the commit before the publish would make the two steps atomic.", true},

		// A concession or a phrase of "any", "every" or "no" set off by
		// commas right after the negator interrupts its clause without
		// ending it.
		{"wouldn't, in any version of this, rely on", "outbox-pattern", "dual-write-atomic",
			"I wouldn't, in any version of this, rely on Kafka transactions to make both writes atomic.", false},
		{"would not, even with five masters, call it correct", "redis-lock-and-failure", "redlock-correctness",
			"I would not, even with five independent masters, call Redlock correct under pauses.", false},
		{"near-miss: no negator before the aside", "outbox-pattern", "dual-write-atomic",
			"I would, in any version of this, rely on Kafka transactions to make both writes atomic.", true},
		{"near-miss: the claim after the negated clause", "outbox-pattern", "dual-write-atomic",
			"I wouldn't, in any version of this, skip the relay: Kafka transactions make both writes atomic.", true},

		// Elliptical denials and named consequences, added to word lists.
		{"which a random value can't", "redis-vs-consensus", "random-fencing-token",
			"The revision grows with every grant, so it works as a fencing token, which a random lock value can't, since random values have no order.", false},
		{"near-miss: the random value works as the token", "redis-vs-consensus", "random-fencing-token",
			"The random lock value works as a fencing token, so the storage can check it.", true},
		{"a renewal safe only if it checks my token", "extend-lease", "ttl-as-safety",
			"A renewal is safe only if it checks the key still holds my token in the same script as the PEXPIRE.", false},
		{"near-miss: renewal sold as safety", "extend-lease", "ttl-as-safety",
			"The renewal is safe: the watchdog keeps extending the key every ten seconds.", true},
		{"what a check at the start would leave", "holder-id-guard", "fence-checked-once",
			"Checking the epoch only when the job starts would leave later writes unguarded.", false},
		{"near-miss: the later writes left unguarded", "holder-id-guard", "fence-checked-once",
			"Check the epoch when the job starts; the later writes can go unguarded.", true},

		// A prohibition opening a clause after a semicolon or a "so"
		// forbids what it names, as one opening the sentence does.
		{"so don't write it off as irrelevant", "two-holders", "clocks-irrelevant",
			"A clock step on the lock host expires keys early, so don't write clocks off as irrelevant.", false},
		{"near-miss: so, then the claim", "two-holders", "clocks-irrelevant",
			"A clock step on the lock host expires keys early, so clock jumps are irrelevant.", true},
		{"near-miss: never mind waves it off", "two-holders", "clocks-irrelevant",
			"The TTL is relative, so never mind clocks; they are irrelevant.", true},

		// "provided", like "unless" and "only if", makes a condition of
		// what it opens.
		{"would be irrelevant provided", "two-holders", "clocks-irrelevant",
			"The Redis server's clock would be irrelevant provided expiry used a monotonic clock, and it uses wall-clock time.", false},
		{"near-miss: the server's clock called irrelevant", "two-holders", "clocks-irrelevant",
			"The Redis server's clock is irrelevant to the lock.", true},

		// A clock jump or step named is a hazard, not a comparison of
		// clocks.
		{"clock jumps named, then the db checks", "redis-lock-and-failure", "wall-clock",
			"It fails on pauses past the TTL, failover and clock jumps, so the db should check a token.", false},
		{"near-miss: the client compares clocks", "redis-lock-and-failure", "wall-clock",
			"Before each write the client compares its local clock with the lease expiry.", true},

		// A default described, then overridden by the candidate.
		{"a library default, then I'd override it", "redis-lock-and-failure", "plain-del",
			"Many client libraries' unlock() just issues DEL by default. I'd override it with a Lua script that compares the stored value with my token.", false},
		{"out of the box, then I override that", "session-suspended", "work-through-suspended",
			"Out of the box the listener just logs SUSPENDED and keeps going until LOST; I override that and stop the work on SUSPENDED.", false},
		{"near-miss: the default kept", "redis-lock-and-failure", "plain-del",
			"Our unlock() just issues DEL by default, and that is what we ship.", true},
		{"near-miss: the default, then something else overridden", "session-suspended", "work-through-suspended",
			"Out of the box the listener just logs SUSPENDED and keeps going until LOST. I override the session timeout to 30 seconds.", true},
	}
	checkFlagCasesBothWays(t, cases)
}
