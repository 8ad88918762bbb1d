package quiz_test

import "testing"

// TestReadingRulesG16 holds grader g16's red-flag precision rules to
// sentences of our own: for each class of wording the grader took for a
// claim on a passing answer of the validation writers AS and AU (and the
// four left on the tuning writers), a phrasing that names, reports or
// qualifies the mistake (no flag) beside a near-miss that makes it (flag).
// None of these sentences is a corpus answer.
func TestReadingRulesG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A negator inside a quotation negates the words quoted, not the
		// sentence that quotes them.
		{"quoted negator stays in its quotation", "extend-lease", "extend-without-owner",
			`Renew with a compare-and-extend script, but "no overlap ever" has to be checked by the database through a token, not by the renewer.`, false},
		{"near-miss: the need denied outside any quotation", "extend-lease", "extend-without-owner",
			"The renewer doesn't need to check the value; it can just extend the key every few seconds.", true},

		// A belief verb in the third person reports what someone else
		// believes.
		{"third-person belief reported", "fencing-token", "work-after-lost-lease",
			"Fencing covers a worker that was descheduled and lost its lease but still believes it holds the lock.", false},
		{"near-miss: the candidate's own claim", "fencing-token", "work-after-lost-lease",
			"A worker that lost its lease still holds the lock until it notices, so it can resume its writes.", true},

		// A proposal reported in the passive names it, it does not
		// propose it.
		{"passive proposal reported", "idempotency-keys", "lock-instead-of-constraint",
			"Use a stored idempotency key with a unique index. A lock per customer to stop double charges was suggested at the time too.", false},
		{"near-miss: the lock proposed by the candidate", "idempotency-keys", "lock-instead-of-constraint",
			"Take a lock per customer so two payments can't run at once, and double charges go away.", true},
		{"near-miss: the reported proposal endorsed in the next clause", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer was suggested and it stops double charges for good.", true},

		// "Someone suggested X. That keeps today's behaviour: ..." refutes
		// X; what follows the verdict is why X fails.
		{"verdict that a suggestion changes nothing", "optimistic-concurrency", "wall-clock",
			"A colleague suggested letting the newest timestamp win. That keeps the current behaviour: the later save still replaces the earlier one, now with a timestamp on it. Use a version column instead.", false},
		{"near-miss: the timestamp offered as the order", "optimistic-concurrency", "wall-clock",
			"Put a timestamp on every save and let the later one win, so the newest edit is kept.", true},

		// The items under "What can go wrong:" name failure modes.
		{"item of a failure list", "deadlock-ordering", "ttl-as-safety",
			"What can go wrong:\n- **Expiry while waiting.** If the first transfer waits for the second lock long enough, the lease on the first account runs out.\n- Two holders after that.\n\nFix: lock accounts in id order.", false},
		{"near-miss: a remedy list is the candidate's design", "deadlock-ordering", "ttl-as-safety",
			"How to avoid what goes wrong:\n- Make the TTL longer than any job, so the lease never expires while we wait.\n- Lock in id order.", true},

		// A sentence opened by "Or" adds an item to the list of what the
		// sentence before rejects.
		{"Or continues what doesn't work", "etcd-revision-guard", "client-side-fencing",
			"What doesn't work: reading the lock key and then writing. Or checking session.Done() before writing. The write must be a transaction comparing the revision.", false},
		{"near-miss: Or after a sentence of the candidate's own", "etcd-revision-guard", "client-side-fencing",
			"I read the lock key first. Or checking session.Done() before writing.", true},

		// An operator deleting a key by hand is not a release that reads
		// then deletes.
		{"key deleted by hand", "choose-ttl", "get-then-del",
			"An hour-long TTL means a crashed worker holds the job for an hour and someone gets woken to delete the key by hand.", false},
		{"near-miss: the release reads then deletes", "choose-ttl", "get-then-del",
			"To release, get the value and then delete the key if it matches.", true},

		// "drop" must take the fence as its object: a receiver that drops
		// old requests is the fence.
		{"receiver drops old requests", "fencing-in-real-systems", "fencing-unneeded",
			"A new leader gets a higher epoch and followers drop requests from the old one; producers are fenced the same way.", false},
		{"near-miss: the fence dropped", "fencing-in-real-systems", "fencing-unneeded",
			"With a long enough lease you can drop fencing tokens altogether.", true},

		// Writes to a single row are serialised by its row lock: the
		// counterpart, not a claim that isolation prevents the race.
		{"row writes serialised", "avoid-the-lock", "isolation-prevents-race",
			"Postgres already serializes writes to the same row, so an increment done in one UPDATE is safe without a lock.", false},
		{"near-miss: transactions said to lose nothing", "avoid-the-lock", "isolation-prevents-race",
			"Postgres already serializes concurrent transactions, so a read then a write from two pods is safe.", true},

		// A key repeated on, or persisted for, every retry is the same key.
		{"key repeated on every retry", "idempotency-keys", "fresh-idempotency-key",
			"The app generates an idempotency key when the user confirms, and it is repeated on every retry of that purchase.", false},
		{"key persisted for every retry", "idempotency-keys", "fresh-idempotency-key",
			"On tap, the app generates a UUID, persists it, and sends it as the idempotency key on the request and every retry.", false},
		{"near-miss: a new key per retry", "idempotency-keys", "fresh-idempotency-key",
			"Generate a new idempotency key for each retry, so every request is unique.", true},

		// A pre-call check named with the assumption it bets on is
		// qualified, not offered as the fence.
		{"pre-call check with the assumption it leans on", "unfenceable-resource", "client-side-fencing",
			"The worker checking its lease right before calling the provider helps, but it relies on pauses being short.", false},
		{"near-miss: the pre-call check as the fence", "unfenceable-resource", "client-side-fencing",
			"The worker checks that it still holds the lease right before calling the provider, so no second worker can charge.", true},

		// Drift budgeted in a TTL is accounted for, not trusted away.
		{"drift budgeted in the TTL", "choose-ttl", "wall-clock",
			"The TTL then only covers one renewal interval plus latency and drift between the client's clock and the server's.", false},
		{"near-miss: the client's clock sets the expiry", "choose-ttl", "wall-clock",
			"The lease expiry is computed from the client's clock and sent to the server.", true},

		// A late call that becomes a harmless repeat is deduplicated, not
		// a stale holder called harmless.
		{"late call deduplicated as a repeat", "unfenceable-resource", "fencing-unneeded",
			"If the provider refuses the same payment reference twice, the stale holder's late call becomes a harmless repeat.", false},
		{"near-miss: stale holder harmless by its release", "unfenceable-resource", "fencing-unneeded",
			"The stale holder is harmless because its release script fails.", true},

		// A grant committed by a majority survives failover: consensus,
		// the counterpart.
		{"new leader holds every majority write", "redis-vs-consensus", "replication-keeps-lock",
			"A grant is acknowledged once a majority stored it. Any new leader has it, so failover can't lose a lock.", false},
		{"near-miss: Redis failover said to keep the lock", "redis-vs-consensus", "replication-keeps-lock",
			"The replica is promoted with the key on it, so failover can't lose a lock.", true},
	})
}
