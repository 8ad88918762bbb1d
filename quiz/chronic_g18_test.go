package quiz_test

import "testing"

// Grader g18: the red flags that misfired on passing answers group after
// group of unseen writers (client-side-fencing, ttl-as-safety,
// lock-instead-of-constraint, wall-clock, lock-across-network-call,
// fresh-idempotency-key, redlock-replicas-or-no-persistence), read at the
// level of what the claim is. Each class holds correct sentences that
// share the mistake's words (no flag) beside the mistake itself (flag).
// None of these sentences is a corpus answer.

// TestTimeBudgetGuardG18: client-side-fencing claims that the client
// decides staleness (compares the token, checks ownership) in place of the
// storage. A holder reading its own time budget before a write (a local
// deadline on a monotonic clock, the validity or margin left) is a guard
// that makes it stop early, recommended beside fencing; it is flagged only
// when sold as enough.
func TestTimeBudgetGuardG18(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		{"deadline checked before each write", "extend-lease", "client-side-fencing",
			"Give the job its own deadline from a monotonic clock and look at it before every write that matters.", false},
		{"deadline kept and checked, terse", "extend-lease", "client-side-fencing",
			"The job holds a local deadline and checks it before writing anything.", false},
		{"validity left, beside the token", "choose-ttl", "client-side-fencing",
			"On top of the fencing token, the holder checks how much validity it has left on a monotonic clock before each write.", false},
		{"margin of lease before a call", "unfenceable-resource", "client-side-fencing",
			"Before each call to the provider, the worker checks that a good margin of its lease is left and skips the call if not.", false},
		{"own deadline, early exit", "redis-early-expiry", "client-side-fencing",
			"Each worker should check its own deadline before a write and bow out once it gets close.", false},
		{"near-miss: ownership checked by the client before the write", "extend-lease", "client-side-fencing",
			"The job checks that it still owns the lock right before every write, so a stale write can't get through.", true},
		{"near-miss: the client compares the token", "fencing-token", "client-side-fencing",
			"Right before writing, the client compares its token with the newest one from the lock service and drops stale writes, so the database needs no changes.", true},
		{"near-miss: the time-budget check sold as a guarantee", "choose-ttl", "client-side-fencing",
			"Before every write, check that less than the TTL minus a margin has passed; then you are guaranteed to still hold it and the writes are safe.", true},
	})
}

// TestRejectingPredicatesG18: a practice named as the object of a
// rejecting verb the candidate says ("I'd forbid X", "we'd push back on
// X") or as the subject of a rejecting predicate ("X is an anti-pattern",
// "X is a design I'd throw out") is named, not asserted.
func TestRejectingPredicatesG18(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		{"I'd forbid replicas behind the nodes", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"I would forbid putting an automatically promoted replica behind each of the Redlock masters.", false},
		{"I'd ban replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"We'd ban giving every Redlock node its own replica, since a promotion can drop a key.", false},
		{"push back on replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"So I'd push back on any plan that gives each node a Sentinel replica.", false},
		{"argue against replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"I would argue against each Redlock node getting a replica with failover.", false},
		{"replicas called something I'd forbid", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A failover replica behind every Redlock node is something I would forbid.", false},
		{"near-miss: pushing back on a person, the claim after the colon", "fencing-token", "ttl-as-safety",
			"I would push back on my teammate here: a long enough TTL guarantees only one worker writes at a time.", true},
		{"replicas get a hard no", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A replica behind every Redlock node gets a hard no from me.", false},
		{"near-miss: each node gets a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Every Redlock node gets a replica with Sentinel failover.", true},
		{"talk the team out of it", "row-lock", "lock-across-network-call",
			"I'd talk the team out of keeping the row lock during the payment provider call.", false},
		{"near-miss: talking to the provider with the lock held", "row-lock", "lock-across-network-call",
			"I would talk to the payment provider while holding the row lock.", true},
		{"near-miss: replicas proposed", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"For availability, I'd give each Redlock node a replica with Sentinel failover.", true},
		{"near-miss: replicas proposed by the team", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"We'd keep it simple and give each Redlock node a replica with Sentinel failover.", true},

		{"row lock across the call called an anti-pattern", "row-lock", "lock-across-network-call",
			"Keeping a row lock while we wait on the card network is an anti-pattern.", false},
		{"row lock across the call forbidden", "row-lock", "lock-across-network-call",
			"I'd forbid holding a row lock while calling the payment provider.", false},
		{"row lock across the call: push back", "row-lock", "lock-across-network-call",
			"I'd push back on holding a row lock while calling the payment provider.", false},
		{"row lock across the call: recipe for trouble", "row-lock", "lock-across-network-call",
			"Holding a row lock while calling the payment provider is a recipe for trouble.", false},
		{"near-miss: row lock across the call proposed", "row-lock", "lock-across-network-call",
			"Hold the row lock while calling the payment provider so nobody else charges the order.", true},
		{"near-miss: row lock across the call praised", "row-lock", "lock-across-network-call",
			"Holding a row lock while calling the payment provider is the simplest way to keep it safe.", true},

		{"client clocks against expires_at: a design I'd throw out", "design-lock-service-q", "wall-clock",
			"Letting each client judge expiry by holding expires_at up against its own clock is a design I'd throw out.", false},
		{"client clocks against expires_at: a non-starter", "design-lock-service-q", "wall-clock",
			"Letting each client judge expiry by comparing expires_at with its own clock is a non-starter.", false},
		{"client clocks against expires_at: forbid", "design-lock-service-q", "wall-clock",
			"I'd forbid clients deciding expiry by comparing expires_at with their own clocks.", false},
		{"near-miss: the client compares its own clock", "design-lock-service-q", "wall-clock",
			"A client decides the lock has lapsed by comparing expires_at with its own wall clock.", true},

		{"lock per customer: push back", "idempotency-keys", "lock-instead-of-constraint",
			"I'd push back on a Redis lock per customer as the cure for double charges.", false},
		{"lock per customer: anti-pattern", "idempotency-keys", "lock-instead-of-constraint",
			"A Redis lock per customer as the cure for double charges is an anti-pattern.", false},
		{"push back on a huge TTL, with its purpose", "choose-ttl", "ttl-as-safety",
			"I'd push back on stretching the TTL past every job so two holders can never overlap.", false},
		{"near-miss: a huge TTL adopted for its purpose", "choose-ttl", "ttl-as-safety",
			"Stretch the TTL past every job so two holders can never overlap.", true},
		{"bare DEL release banned", "redis-lock-and-failure", "plain-del",
			"I'd ban releasing the lock with a bare DEL in code review.", false},
		{"near-miss: bare DEL release", "redis-lock-and-failure", "plain-del",
			"Release the lock with a bare DEL when the work is done.", true},
		{"near-miss: lock per customer adopted", "idempotency-keys", "lock-instead-of-constraint",
			"Take a Redis lock per customer so two payment requests can never run at once; that ends the double charges.", true},
		{"near-miss: the constraint banned and the lock taken", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock is exactly the tool here for stopping double charges.", true},
	})
}

// TestHarmsToldG18: a sentence that tells what a practice leads to names
// it; it does not adopt it.
func TestHarmsToldG18(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// A lock said to line requests up (in turn, one behind the other)
		// is why it does not stop a later duplicate.
		{"lock lines requests up", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer only puts the retry in line behind the first request, one behind the other, and then it charges again.", false},
		{"lock makes them go in turn", "idempotency-keys", "lock-instead-of-constraint",
			"The per-customer lock just makes the original and the retry run in turn.", false},
		{"near-miss: lock per customer approved", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock is spot on here: it stops the double charges.", true},
		// A lock said to throttle or serialise payments is a harm told.
		{"lock throttles payments", "idempotency-keys", "lock-across-network-call",
			"Worse, a lock held per customer throttles each customer to one payment at a time.", false},
		{"near-miss: lock kept through the provider call", "idempotency-keys", "lock-across-network-call",
			"Take the lock, call the payment provider and wait for it, then release.", true},
		// A timestamp said to let the later save wipe the earlier is the
		// harm of ordering by clocks.
		{"timestamp lets the later save wipe edits", "optimistic-concurrency", "wall-clock",
			"Putting a timestamp on each save still lets the later save wipe out the earlier edits.", false},
		{"near-miss: the later client timestamp wins", "optimistic-concurrency", "wall-clock",
			"Keep whichever save has the later client clock; the newest timestamp wins.", true},
		// An immediate restart told with the double grant it leads to.
		{"restart empty at once: grants again", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A node restarting immediately with no data can grant a held lock again to another client.", false},
		{"restart at once: forgets the grant", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"When a node comes back straight away after a crash it forgets what it granted, and two clients each see a majority.", false},
		{"near-miss: restart at once advised", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"When a node crashes, restart it right away so all five are back.", true},
	})
}

// TestRestrictedAndListedG18: a guarantee restricted to one party's view
// says what is not guaranteed, and a comma list of bare terms under a
// header that announces fields to gather relates none of its items to
// another (steps in turn still claim).
func TestRestrictedAndListedG18(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		{"guarantee only in the service's view", "fencing-token", "ttl-as-safety",
			"Here is the catch: a lease only guarantees a single holder in the lock server's view of time.", false},
		{"guarantee only by the server's clock", "fencing-token", "ttl-as-safety",
			"A lease can only promise exclusivity by the lock server's clock, never by the paused worker's.", false},
		{"near-miss: the lease guarantees one holder", "fencing-token", "ttl-as-safety",
			"The lease guarantees that only one worker writes at a time.", true},
		{"near-miss: only guarantees, restricted by a condition", "fencing-token", "ttl-as-safety",
			"A TTL only guarantees exclusivity if it is long enough, so make it long.", true},

		{"fields to collect, timestamps among them", "two-holders", "wall-clock",
			"For each holder: grant time, fencing token, lease length, every renewal, the write timestamps.", false},
		{"near-miss: host timestamps ordered", "two-holders", "wall-clock",
			"Merge the two hosts' logs and order them by their timestamps; the clocks are synced.", true},
		{"near-miss: steps in turn, no header", "row-lock", "lock-across-network-call",
			"Lock the row with FOR UPDATE, call the payment API, then commit.", true},
		{"near-miss: a clause among the items under a gather header", "two-holders", "wall-clock",
			"Per worker: merge the logs, order the events by host timestamps, the clocks are synced.", true},
		{"near-miss: a list with the release in it", "redis-lock-and-failure", "plain-del",
			"Acquire with SET NX, a TTL of 30 seconds, release with DEL.", true},
	})
}

// TestKeyFromLockTokenG18: an idempotency key built from the lock's token
// differs for each holder, so a stale holder's call is no repeat.
func TestKeyFromLockTokenG18(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		{"key combined with the fencing token", "unfenceable-resource", "fresh-idempotency-key",
			"For the idempotency key we combine the order id with the current fencing token.", true},
		{"key derived from the lock token", "idempotency-keys", "fresh-idempotency-key",
			"The idempotency key is built from the lock token and the payment id.", true},
		{"key of the payment, token apart", "unfenceable-resource", "fresh-idempotency-key",
			"The payment id is the idempotency key; the fencing token goes in a header of its own for our logs.", false},
		{"building the key from the token rejected", "idempotency-keys", "fresh-idempotency-key",
			"Never build the key from the lock token: each holder would send a different one.", false},
	})
}

// TestCounterpartWordsG18: correct sentences that share a flag's words
// (a session id beside a token said to increase; a property a fence needs;
// another client acquiring after a lease ran out; a rejection made by an
// atomic transaction; how two holders arise; row locks behind a pooler)
// beside the claims.
func TestCounterpartWordsG18(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		{"session id beside an increasing token", "design-lock-service-q", "random-fencing-token",
			"openSession(ttl) hands back a session id with a lease, and lock(name, session) hands back a token that increases for each grant of that name.", false},
		{"near-miss: the session id as the token", "design-lock-service-q", "random-fencing-token",
			"The session id can serve as the fencing token, so the resource compares session ids.", true},
		{"not the property a fence needs", "holder-id-guard", "fencing-unneeded",
			"One owner on the row at a time holds, but that is not the property a fence needs; a fence has to tell claims apart.", false},
		{"near-miss: the fence said not to be needed", "holder-id-guard", "fencing-unneeded",
			"With the owner guard in the WHERE clause, a fence is not needed.", true},
		{"lease ran out, another client acquires", "extend-lease", "extend-without-owner",
			"A freeze longer than the TTL leaves no chance to renew: the lease lapses, another client acquires it, and the old holder wakes up mid-task.", false},
		{"near-miss: no risk of extending another's lock", "extend-lease", "extend-without-owner",
			"Only our own process renews it, so there's no risk of extending another client's lock.", true},

		// A write rejected because the check runs atomically with it is the
		// guarded transaction's doing, not etcd refusing expired sessions.
		{"rejected because the transaction is atomic", "etcd-revision-guard", "etcd-refuses-expired",
			"Fold the ownership compare and the Put into one Txn; etcd evaluates it atomically, so the old leader's write is rejected.", false},
		{"near-miss: etcd rejects the deposed leader on its own", "etcd-revision-guard", "etcd-refuses-expired",
			"The deposed leader's writes are rejected by etcd once its session is gone, so a plain Put is enough.", true},
		// Two holders as the subject of "don't need" tell how two holders
		// arise.
		{"two holders don't need simultaneous acquires", "two-holders", "single-threaded-lock",
			"Two holders don't need two SET NX calls in the same instant: A takes it, stalls, the key lapses, and B takes it.", false},
		{"near-miss: single thread, never two holders", "two-holders", "single-threaded-lock",
			"Redis runs one command at a time, so SET NX can never give the lock to two holders.", true},
		// Row locks said to be fine behind a transaction pooler are the
		// counterpart of session locks said to be.
		{"row locks fine behind the pooler", "row-lock", "row-lock-scope-wrong",
			"Behind PgBouncer in transaction mode, row locks work fine; session-level advisory locks do not.", false},
		{"near-miss: session locks fine behind the pooler", "row-lock", "row-lock-scope-wrong",
			"Session advisory locks are fine behind PgBouncer in transaction mode.", true},
	})
}
