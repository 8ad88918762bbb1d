package quiz_test

import "testing"

// TestStructuredAnswersG17 holds the g17 reading rules written for the
// validation writer BD (answers laid out as headings, numbered lists,
// tables and "Recommendation:" lines) to sentences of our own: for each
// way a passing answer raised a red flag, correct answers in the same
// structure on other questions (no flag), beside the same wording made
// the candidate's own claim (flag). None of these sentences is a corpus
// answer.
func TestStructuredAnswersG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A quotation that runs on over several sentences is one piece of
		// reported speech: its short last sentence is as quoted as the
		// first.
		{"quoted argument ending on keep processing", "session-suspended", "work-through-suspended",
			"An ops lead once put it to me like this: \"Connection blips happen all day. Curator reconnects in a second. Keep processing on SUSPENDED.\" The server may already have expired the session by then, so I pause the writes on SUSPENDED and resume only on RECONNECTED.", false},
		{"near-miss: keep processing on SUSPENDED said as our own", "session-suspended", "work-through-suspended",
			"Connection blips happen all day and Curator reconnects in a second. Just keep processing on SUSPENDED.", true},
		{"quoted pitch ending on jobs run exactly once", "run-job-once", "exactly-once-claim",
			"The vendor's pitch went: \"Our scheduler fails over for you. No job is ever dropped. Jobs run exactly once.\" A host that stalls past the lock's TTL still runs the job late, so I insert one row per period under a unique key.", false},
		{"near-miss: jobs run exactly once said as our own", "run-job-once", "exactly-once-claim",
			"Our scheduler fails over for us, and with the lock held jobs run exactly once.", true},
		{"quoted plan ending on a fresh key", "idempotency-keys", "fresh-idempotency-key",
			"The first draft from the mobile team said: \"Retries are rare and state on the phone is messy. So the app makes a new key on each retry.\" The key has to be made once per payment and sent on every retry, or the server sees each retry as a new charge.", false},
		{"near-miss: a new key per retry as the plan", "idempotency-keys", "fresh-idempotency-key",
			"Retries are rare and state on the phone is messy, so the app makes a new key on each retry.", true},

		// The subject of "fails" or "breaks" before "the moment", "as
		// soon as" or "once" is what is said to fail, not a guarantee
		// claimed.
		{"exactly-once delivery fails the moment the relay crashes", "outbox-pattern", "exactly-once-claim",
			"**Delivery**\n- Exactly-once delivery fails the moment the relay crashes between publishing and marking the row sent, so consumers dedupe on the event id.", false},
		{"exactly-once execution breaks as soon as a host stalls", "run-job-once", "exactly-once-claim",
			"**Why the lock is not enough**\nExactly-once execution breaks as soon as a host stalls past the TTL: a late instance runs the job again. I record each period in a table with a unique key.", false},
		{"exactly-once processing fails once a worker dies mid-job", "skip-locked-queue", "exactly-once-claim",
			"**Guarantees**\n- Exactly-once processing fails the moment a worker dies after the side effect and before marking the job done: the lease runs out and another worker repeats it.\n- Handlers therefore keep a table of finished job ids.", false},
		{"near-miss: exactly-once processing never fails", "skip-locked-queue", "exactly-once-claim",
			"Exactly-once processing never fails once the row is claimed, so handlers don't need to be idempotent.", true},
		{"near-miss: exactly-once delivery only fails when the disk is lost", "outbox-pattern", "exactly-once-claim",
			"Exactly-once delivery only fails when the database itself is lost, so consumers don't need to dedupe.", true},
		{"near-miss: exactly-once delivery claimed outright", "outbox-pattern", "exactly-once-claim",
			"The relay gives exactly-once delivery to the consumers.", true},

		// SET NX named inside a failover told step by step (a primary
		// acknowledges it and is replaced by a replica that never saw it)
		// describes the failure, not a design without a lease.
		{"SET NX acknowledged, primary replaced", "redlock-operations-q", "mutex-no-lease",
			"**Failure mode:** the primary can acknowledge your SET NX and be replaced by a replica that never got it, so a second client takes the same lock.", false},
		{"SETNX on a primary replaced before replication", "redis-lock-and-failure", "mutex-no-lease",
			"Client A's SETNX lands on the primary, which is replaced by a replica that never received it; client B then acquires the same key.", false},
		{"near-miss: SETNX and DEL as the design", "redis-lock-and-failure", "mutex-no-lease",
			"We take the lock with SETNX and delete the key when the job is done.", true},
		// (g41, QA-41: on redis-wait-safe, whose prompt acquires with
		// "SET lock token NX PX 30000", "SET NX" is shorthand for that
		// command, not a lock without a lease: mutex-no-lease is no longer
		// one of its flags; the same words on a question without a TTL in
		// its prompt still raise it, above)
		{"near-miss: SET NX as the acquire step", "redis-wait-safe", "mutex-no-lease",
			"Acquire with SET NX on the primary, do the work, then DEL.", false},

		// What stays safe "which a lease alone can't" is set against the
		// lease: the sentence denies the lease that safety.
		{"fenced write safe where a lease alone is not", "two-holders", "redlock-correctness",
			"**Fix**\n1. The store checks the token on every write.\n2. No timing bound needed: it stays safe under a stop-the-world pause, which a lease alone can't.", false},
		{"checked token safe where a TTL alone is not", "redis-vs-consensus", "redlock-correctness",
			"With the revision checked at the database, it is safe under any failure of timing, which a TTL alone cannot be.", false},
		{"near-miss: Redlock safe under pauses", "redis-vs-consensus", "redlock-correctness",
			"Redlock is safe under GC pauses, so no token is needed.", true},
		{"near-miss: it safe under any failure", "two-holders", "redlock-correctness",
			"We moved to Redlock with five masters; it stays safe under any failure.", true},

		// "now" closing a step of a plan set against another step "later",
		// or "for now", dates the plan; it reads no clock.
		{"recommendation: a token now, Raft later", "design-lock-service-q", "wall-clock",
			"**Recommendation:** a single Redis with a fencing token now; if the lock ever guards money, move to a Raft-backed store later.", false},
		{"plan: the unique index now, a sweep later", "idempotency-keys", "wall-clock",
			"**Plan:** the unique index on the keys table now; if the table grows, add a sweep that ages out old keys later.", false},
		{"for now, order by the version column", "optimistic-concurrency", "wall-clock",
			"For now, order the saves by the version column and return 412 on a mismatch; a merge screen can come later.", false},
		{"near-miss: the later wall-clock time wins", "optimistic-concurrency", "wall-clock",
			"Each save carries the client's clock, and the later timestamp wins.", true},
		{"near-miss: a recommendation to keep the later client time", "optimistic-concurrency", "wall-clock",
			"**Recommendation:** stamp each save with the client's clock now and keep the later timestamp; CRDTs can come later.", true},
		{"near-miss: now() as the token order", "design-lock-service-q", "wall-clock",
			"Use the server's current time now as the token, so a later holder gets a higher number.", true},
	})

	// The items under an "Options" heading are the candidates weighed;
	// what the answer claims is the one its "Recommendation:" or
	// "Decision:" line picks (by number, by place, or in words, which is
	// a claim of its own). Without a decision line the items stand.
	const opts = "**Options**\n1. A TTL longer than any job.\n2. A short TTL renewed by a heartbeat, with a fencing token.\n\n**Trade-offs**\n- Option 1 still fails when a pause outlasts it, and a crash leaves the lock stuck for the whole TTL.\n- Option 2 needs the renewer and the token check at the store.\n\n"
	checkFlagCases(t, []flagCase{
		{"options weighed, the recommendation picks 2", "choose-ttl", "ttl-as-safety", opts + "**Recommendation:** option 2.", false},
		{"options weighed, 2 picked and 1 named as rejected", "choose-ttl", "ttl-as-safety", opts + "**Recommendation:** option 2 (not 1).", false},
		{"near-miss: the recommendation picks 1", "choose-ttl", "ttl-as-safety", opts + "**Recommendation:** option 1.", true},
		{"near-miss: the recommendation says option 1 in words", "choose-ttl", "ttl-as-safety", opts + "**Recommendation:** a TTL longer than any job, so the lock never expires mid-run.", true},
		{"near-miss: options listed with no decision", "choose-ttl", "ttl-as-safety", "**Options**\n1. A TTL longer than any job.\n2. A short TTL renewed by a heartbeat.", true},
		{"alternatives considered, the second decided", "redis-early-expiry", "ttl-as-safety",
			"**Alternatives considered**\n- Set the TTL longer than any job, so the key can never vanish mid-run.\n- Renew from a heartbeat and fence the writes.\n\n**Decision:** the second: renew and fence, since no TTL outlasts every pause.", false},
		{"near-miss: alternatives considered, the first decided", "redis-early-expiry", "ttl-as-safety",
			"**Alternatives considered**\n- Set the TTL longer than any job, so the key can never vanish mid-run.\n- Renew from a heartbeat and fence the writes.\n\n**Decision:** the first, it is simpler.", true},
		{"approaches, 2 recommended and the first rejected after a semicolon", "skip-locked-queue", "exactly-once-claim",
			"**Approaches**\n1. SKIP LOCKED gives exactly-once processing, so handlers skip dedupe.\n2. Leases with an attempt counter, and idempotent handlers.\n\n**Recommendation:** approach 2; the first loses work to a stalled worker's rerun.", false},
		{"near-miss: approaches, 1 recommended", "skip-locked-queue", "exactly-once-claim",
			"**Approaches**\n1. SKIP LOCKED gives exactly-once processing, so handlers skip dedupe.\n2. Leases with an attempt counter, and idempotent handlers.\n\n**Recommendation:** approach 1; it is simpler.", true},
	})
}
