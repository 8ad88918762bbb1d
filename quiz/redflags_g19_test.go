package quiz_test

import "testing"

// TestRedFlagPrecisionG19 holds grader g19's precision fixes to sentences
// of our own: for each way a pattern took a correct statement for a
// losing claim (on the validation writers BE and BF), a sentence in that
// shape that must stay quiet beside the losing claim itself, which must
// still raise its flag. None of these sentences is a corpus answer.
func TestRedFlagPrecisionG19(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// An idempotent task that looks at its own work before doing it is
		// not a holder checking its lock.
		{"client-side-fencing: idempotent task checks its own work", "avoid-the-lock", "client-side-fencing",
			"The consumer can see a message twice, so I write it so that a repeat is a no-op: it looks the order up and checks it before writing, and an upsert keyed by the order id does the rest.", false},
		{"client-side-fencing: the claim", "avoid-the-lock", "client-side-fencing",
			"To stay safe the worker checks that it still holds the lock before writing to the database, and that is enough.", true},

		// A compare in the sentence, negated or not ("the compare fails"),
		// is the transaction that turns the write away.
		{"etcd-refuses-expired: the compare is false", "etcd-revision-guard", "etcd-refuses-expired",
			"The put goes in a Txn guarded by the mutex key. If the session expired, the mutex key was removed, the compare is false and etcd rejects the write.", false},
		{"etcd-refuses-expired: the claim", "etcd-revision-guard", "etcd-refuses-expired",
			"There is no need for anything special on the write path: etcd rejects every put from a client whose session has expired.", true},

		// "wakes up sure it still holds the lock": the belief a paused
		// holder resumes with, not the candidate's claim.
		{"work-after-lost-lease: the belief a holder wakes up with", "fencing-token", "work-after-lost-lease",
			"A process that was frozen for a minute knows nothing of the expiry: it wakes up sure it still holds the lock and carries on with its write.", false},
		{"work-after-lost-lease: the belief, comes back convinced", "fencing-token", "work-after-lost-lease",
			"After the stall the worker comes back sure it still holds the lock and goes on writing.", false},

		// The items of a list headed "Where I don't:" are uses rejected.
		{"lock-across-network-call: under \"Where I don't:\"", "row-lock", "lock-across-network-call",
			"Where I use a row lock: short read-modify-write on one row, inside one transaction.\n\nWhere I don't:\n- Around a call to another service: the transaction is held open during the HTTP request, and the call can still go through after a rollback.\n- Across shards.", false},
		{"lock-across-network-call: under \"Don't:\"", "row-lock", "lock-across-network-call",
			"Do: keep the transaction to a few statements on one row.\n\nDon't:\n- Keep the transaction open while the HTTP call to the payment provider runs.\n- Hold it for minutes.", false},
		{"lock-across-network-call: the same bullet under a neutral header", "row-lock", "lock-across-network-call",
			"How I use it:\n- I keep the transaction open while the HTTP call to the payment provider runs, so the row stays locked for the whole call.\n- I commit at the end.", true},

		// An API listing whose items are cut by semicolons before
		// backticked code joins no claim across its items.
		{"random-fencing-token: API items cut by semicolons before code", "design-lock-service-q", "random-fencing-token",
			"API:\n- `open(ttl)` → sessionId; `lock(name, sessionId)` → `{ok, fencingToken}`; `ping(sessionId)` renews; `unlock(name, token)`.\n- Tokens come from the log index of the grant.", false},
		{"random-fencing-token: the claim", "design-lock-service-q", "random-fencing-token",
			"For fencing, the storage compares the session id of the writer, which works as the fencing token since each session id is unique.", true},

		// A sentence in which the stale token arrives after the newer one
		// and is refused is fencing at work, not fencing called needless.
		{"fencing-unneeded: the stale token refused", "fencing-token", "fencing-unneeded",
			"So a worker that was paused through its expiry is harmless: its token 7 arrives after 8 and the write is refused.", false},
		{"fencing-unneeded: the claim", "fencing-token", "fencing-unneeded",
			"A paused client is harmless anyway, because its renewal fails and it stops, so I would not bother with tokens.", true},

		// A TTL sized past the schedule's period is the lifetime of a
		// run-once marker, and "never deleted" is that marker's, not a
		// promise that two holders never meet.
		{"ttl-as-safety: a per-period marker", "run-job-once", "ttl-as-safety",
			"Claim the run with SET job:2024-06-01 NX and a TTL longer than the period, never deleted, so a late instance finds the marker.", false},
		{"ttl-as-safety: the claim", "choose-ttl", "ttl-as-safety",
			"Set the TTL to three times the longest job we have seen and two holders can never happen.", true},

		// A term list of what to gather per worker relates none of its
		// items to another, even with a gloss in brackets or a term of
		// six words with its determiners.
		{"wall-clock: fields to gather for both workers", "two-holders", "wall-clock",
			"For both workers: the timestamps of acquire (with the returned flag), the lock token, the lease time, each renewal and its outcome, each write to the store.", false},
		{"wall-clock: the claim", "two-holders", "wall-clock",
			"The fix is to attach the timestamp of each write as its token, and the storage keeps the later one.", true},
	})
}

// TestRedFlagRecallG19 holds grader g19's new patterns to sentences of our
// own: each losing claim in the shape the validation writers BE used
// (flag), beside the same words negated, set right or rejected (no flag).
func TestRedFlagRecallG19(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// An order by role said to make the deadlock's cycle go away.
		{"lock-order-by-role: the cycle said to go away", "deadlock-ordering", "lock-order-by-role",
			"If every transfer locks the target account first and then the source, the cycle goes away.", true},
		{"lock-order-by-role: a global order", "deadlock-ordering", "lock-order-by-role",
			"If every transfer locks the account with the lower id first and then the other, the cycle goes away.", false},
		{"lock-order-by-role: still deadlocks", "deadlock-ordering", "lock-order-by-role",
			"Locking the target first and then the source does not make the cycle go away: two opposite transfers still wait for each other.", false},

		// A wall-clock reading used as a token that only grows.
		{"wall-clock: time.time() as a growing token", "holder-id-guard", "wall-clock",
			"For the claim token I'd store the worker's `time.time()` when it claims — it only goes up, so newer claims always carry bigger tokens.", true},
		{"wall-clock: a clock that steps back", "holder-id-guard", "wall-clock",
			"Taking `time.Now()` as the claim token looks like it only goes up, but clocks step back and two hosts disagree, so I use a counter in the row.", false},

		// A scheduler on every instance said to deduplicate through the broker.
		{"exactly-once-claim: beat on every instance dedupes", "run-job-once", "exactly-once-claim",
			"The easy way is to start the beat scheduler on every instance, since the schedulers deduplicate through the broker and each tick is only sent once.", true},
		{"exactly-once-claim: beat on every instance sends twice", "run-job-once", "exactly-once-claim",
			"Starting the beat scheduler on every instance does not deduplicate anything: each beat sends its own copy, so the task runs twice.", false},
	})
}
