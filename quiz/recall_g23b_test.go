package quiz_test

import "testing"

// TestRecallG23b: wrong claims that g23's validation writers (CC, CD) and a
// reviewer asserted without a flag, by claim family, each in sentences of
// our own graded alone; next to each family, at least three correct
// sentences in the same words (the claim negated, rejected, the hazard told
// as a hazard, or the fix stated) that must stay clean.
func TestRecallG23b(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// sequence-commit-order: the sequence (its values, numbers) as the
		// subject of a handing-out verb "in commit order", without "ids".
		{"claim: sequence values assigned in commit order", "outbox-pattern", "sequence-commit-order", "Sequence values are assigned in commit order, so a WHERE id > $last cursor never misses a row.", true},
		{"claim: nextval numbers issued in commit order", "outbox-pattern", "sequence-commit-order", "Nextval numbers are issued in commit order, so the relay's cursor is safe.", true},
		{"claim: identity column allocates in commit order", "outbox-pattern", "sequence-commit-order", "The identity column allocates values in commit order, so no lower id appears later.", true},
		{"correct: not assigned in commit order", "outbox-pattern", "sequence-commit-order", "Sequence values are not assigned in commit order, so a WHERE id > $last cursor can skip a row.", false},
		{"correct: the belief reported as the cause", "outbox-pattern", "sequence-commit-order", "People assume sequence values are assigned in commit order, which is how a cursor relay loses events.", false},
		{"correct: assigned at insert, not in commit order", "outbox-pattern", "sequence-commit-order", "A sequence value is assigned when the insert runs, not in commit order, so mark rows as sent instead of keeping a cursor.", false},
		{"correct: called a myth", "outbox-pattern", "sequence-commit-order", "It is a myth that sequence values are assigned in commit order.", false},

		// work-after-lost-lease: carrying on after a failed heartbeat with
		// the successor waved away by "anyway".
		{"claim: keep running, the next holder waits the TTL anyway", "choose-ttl", "work-after-lost-lease", "If a heartbeat times out, keep running; the next holder takes the lock only after the full TTL anyway.", true},
		{"claim: keep working, the successor waits anyway", "choose-ttl", "work-after-lost-lease", "When the renewal fails, keep working: the successor has to wait out the TTL anyway.", true},
		{"correct: don't keep running for that reason", "choose-ttl", "work-after-lost-lease", "If a heartbeat times out, stop at once; don't keep running because the next holder waits the full TTL anyway.", false},
		{"correct: the reason named as the classic mistake", "choose-ttl", "work-after-lost-lease", "Keeping running after a heartbeat times out, since the next holder waits anyway, is the classic mistake.", false},
		{"correct: the harm of running on anyway", "choose-ttl", "work-after-lost-lease", "If the heartbeat times out and you keep running anyway, two workers can write at once.", false},
		{"correct: stop, the successor may come anyway", "choose-ttl", "work-after-lost-lease", "A worker whose heartbeat failed must stop, because the next holder can take the lock before it notices anyway.", false},

		// fencing-unneeded: a lock service said to undo a stale holder's
		// work, so it cannot write.
		{"claim: the lock service rolls back its work", "fencing-token", "fencing-unneeded", "An expired holder can never write, because the lock service rolls back its uncommitted work.", true},
		{"claim: etcd discards it", "fencing-token", "fencing-unneeded", "A lost holder cannot write, since etcd discards whatever it had not committed.", true},
		{"claim: ZooKeeper undoes it", "fencing-token", "fencing-unneeded", "A stale holder can't write after expiry: ZooKeeper undoes its pending work.", true},
		{"correct: no lock service rolls back", "fencing-token", "fencing-unneeded", "An expired holder can still write, because no lock service rolls back its uncommitted work.", false},
		{"correct: the lock service cannot roll back", "fencing-token", "fencing-unneeded", "The lock service cannot roll back an expired holder's work, so the holder can still write and the storage must check a token.", false},
		{"correct: the belief reported and denied", "fencing-token", "fencing-unneeded", "People think an expired holder can never write because the lock service rolls back its work; it does not.", false},
		{"correct: the database rolls back, in row-lock", "row-lock", "fencing-unneeded", "A stalled client can't write after losing the lock, because the database rolls back its transaction.", false},
		{"correct: etcd does not roll back (negator inside the phrase)", "fencing-token", "fencing-unneeded", "Etcd does not roll back a stale holder's writes elsewhere, so a lost holder that can't write to etcd can still write to the storage.", false},
		{"correct: etcd never rolls back", "fencing-token", "fencing-unneeded", "A lost holder can't write through its old lease, but etcd never rolls back what it already wrote to the storage.", false},
		{"correct: the lock service aborts nothing", "fencing-token", "fencing-unneeded", "Can the old holder not write once the lock service aborts its transaction? It can, since the lock service aborts nothing.", false},

		// extend-without-owner: a bare EXPIRE judged fine for renewal, even
		// beside a fencing token named elsewhere.
		{"claim: a plain EXPIRE is fine", "extend-lease", "extend-without-owner", "For the renewal a plain EXPIRE on the key is fine, since only the holder knows the key name.", true},
		{"claim: a bare PEXPIRE is enough, beside a token", "extend-lease", "extend-without-owner", "Keep a fencing token. For renewal a bare PEXPIRE is enough.", true},
		{"correct: a plain EXPIRE is not fine", "extend-lease", "extend-without-owner", "A plain EXPIRE is not fine: if the lease lapsed, it extends someone else's lock.", false},
		{"correct: the belief reported and denied", "extend-lease", "extend-without-owner", "Teams think a plain EXPIRE is fine for renewal; it is not, since the key may belong to another client by then.", false},
		{"correct: a plain EXPIRE is unsafe", "extend-lease", "extend-without-owner", "A plain EXPIRE is unsafe for renewal, because the key may be another client's by then.", false},
		{"correct: safe only in a script that compares", "extend-lease", "extend-without-owner", "A bare EXPIRE is only safe inside a Lua script that first compares the value.", false},

		// release-rolls-back: the expiry said to put the state back.
		{"claim: expiry returns the state to what it was", "deadlock-ordering", "release-rolls-back", "If we die after the debit, the lock expiry returns the state to what it was, so the transfer is effectively atomic.", true},
		{"claim: the lease expiry restores the balances", "deadlock-ordering", "release-rolls-back", "A crash mid-transfer is fine: the lease expiry restores the balances to what they were.", true},
		{"correct: expiry does not return the state", "deadlock-ordering", "release-rolls-back", "The lock expiry does not return the state to what it was; the debit stays unless a transaction covers both writes.", false},
		{"correct: a database transaction does it", "deadlock-ordering", "release-rolls-back", "A database transaction returns the balances to what they were if we crash mid-transfer; a lease expiry does nothing of the kind.", false},
		{"correct: nothing restores it", "deadlock-ordering", "release-rolls-back", "When the lease expires, nothing restores the balance, and the half-done transfer stays.", false},
		{"correct: relying on it is a mistake", "deadlock-ordering", "release-rolls-back", "Relying on the lease expiry to restore the previous state is a mistake.", false},

		// fresh-idempotency-key: the server makes the key as the request
		// arrives, with a client named only in another clause.
		{"claim: the backend creates it on arrival", "idempotency-keys", "fresh-idempotency-key", "For simplicity, the backend creates a UUID key when the request arrives.", true},
		{"claim: client named in a purpose clause", "idempotency-keys", "fresh-idempotency-key", "To keep the mobile client simple, the server generates the key itself when the request arrives.", true},
		{"correct: the client makes it, the server stores it", "idempotency-keys", "fresh-idempotency-key", "The client generates the key once, and the server stores it when the request arrives.", false},
		{"correct: the counterfactual's harm", "idempotency-keys", "fresh-idempotency-key", "If the server generated the key when the request arrives, a retry would get a new key and charge twice.", false},
		{"correct: must not", "idempotency-keys", "fresh-idempotency-key", "The server must not generate the key when the request arrives; the client makes it once per payment.", false},
		{"correct: useless for retries", "idempotency-keys", "fresh-idempotency-key", "A key the server generates when the request arrives is useless for retries, since each retry is a new request.", false},

		// ttl-as-safety: a timer said to guarantee the old holder stopped.
		{"claim: the interval guarantees the worker gave up", "holder-id-guard", "ttl-as-safety", "That is belt and braces: the 10-minute reclaim interval already guarantees the original worker has given up before anyone else can claim.", true},
		{"claim: the timeout makes sure the owner stopped", "holder-id-guard", "ttl-as-safety", "The timeout makes sure the previous owner has stopped before the job moves on.", true},
		{"correct: no timeout guarantees it", "holder-id-guard", "ttl-as-safety", "No timeout guarantees the original worker has given up; a paused worker can wake after the interval.", false},
		{"correct: does not guarantee", "holder-id-guard", "ttl-as-safety", "The 10-minute interval does not guarantee the old worker has stopped.", false},
		{"correct: assuming it is the bug", "holder-id-guard", "ttl-as-safety", "Assuming the interval guarantees the old worker has stopped is the bug.", false},
		{"correct: only that the claim is old", "holder-id-guard", "ttl-as-safety", "The reclaim interval only guarantees that the old worker's claim is old, not that the old worker has stopped.", false},

		// wall-clock: two hosts' timestamps compared with sync as the reason.
		{"claim: compare, NTP keeps them in sync", "two-holders", "wall-clock", "Compare the two hosts' wall-clock timestamps; NTP keeps them in sync.", true},
		{"claim: sync we guarantee with PTP", "two-holders", "wall-clock", "Ordering the writes depends on clock sync, which we guarantee with PTP.", true},
		{"claim: order by timestamps, chrony syncs them", "two-holders", "wall-clock", "Order the two writes by their timestamps, since our clocks are synced by chrony.", true},
		{"correct: don't compare, even with NTP", "two-holders", "wall-clock", "Don't compare the two hosts' timestamps to order the writes, even with NTP; clocks drift.", false},
		{"correct: only as good as NTP", "two-holders", "wall-clock", "Comparing timestamps across hosts only works as well as NTP keeps them in sync, which is not exact.", false},
		{"correct: skew can reorder", "two-holders", "wall-clock", "I'd line up the logs by timestamp, knowing NTP skew can reorder events by milliseconds.", false},
		{"correct: a rough order, the token is the real one", "two-holders", "wall-clock", "NTP keeps the clocks roughly in sync, so the logs give a rough order, but a fencing token is the real order.", false},
	})
}

// TestRecallG23bReviewer: the rest of the families, from a reviewer's
// wrong claims and the tuning writers CG and CF, each with correct
// sentences of our own in the same words that stay clean.
func TestRecallG23bReviewer(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// clocks-irrelevant: Redis said to count a TTL down apart from the
		// node's clock.
		{"claim: a countdown that doesn't look at the clock", "redis-early-expiry", "clocks-irrelevant", "Redis keeps the TTL as a countdown that doesn't look at the system clock, so NTP changes can be ignored.", true},
		{"claim: each node independently of its time", "redlock-operations-q", "clocks-irrelevant", "Each node counts the TTL down independently of its system time, so no NTP rules are needed.", true},
		{"claim: a countdown that never reads the clock", "redis-early-expiry", "clocks-irrelevant", "Redis keeps a countdown that never reads the system clock.", true},
		{"correct: not independent", "redis-early-expiry", "clocks-irrelevant", "Redis does not count the TTL down independently of the system clock; a jump in the node's clock can expire keys early.", false},
		{"correct: the belief reported and answered", "redis-early-expiry", "clocks-irrelevant", "People assume Redis counts TTLs down independently of the system clock, yet key expiry follows the node's clock.", false},
		{"correct: the client's monotonic clock is independent", "redis-early-expiry", "clocks-irrelevant", "The client measures its validity on a monotonic clock, independent of the system clock, while Redis's expiry still follows the node's wall clock.", false},
		{"correct: not immune", "redis-early-expiry", "clocks-irrelevant", "Redis expiry is not immune to changes of the system clock on the node.", false},
		{"correct: the node's TTL is not independent", "redlock-operations-q", "clocks-irrelevant", "A node's TTL is not independent of its system time, so forbid NTP steps on the Redis hosts.", false},
		{"correct: a client timer doesn't look, Redis does", "redis-early-expiry", "clocks-irrelevant", "A client-side monotonic timer doesn't look at the system clock, but Redis's key expiry does, so a jump on the node expires the key early.", false},
		{"correct: Redis keeps no such countdown", "redis-early-expiry", "clocks-irrelevant", "Redis does not keep a countdown that ignores the system clock; a clock jump on the node expires keys early.", false},

		// client-side-fencing: a "still held" check right before the call
		// said to remove the race.
		{"claim: check still held, the race is gone", "unfenceable-resource", "client-side-fencing", "Check that the lease is still held right before each call, and the race is gone.", true},
		{"correct: does not make the race go away", "unfenceable-resource", "client-side-fencing", "Checking that the lease is still held right before each call does not make the race go away.", false},
		{"correct: a pause between check and call", "unfenceable-resource", "client-side-fencing", "Even if you check that the lease is still held right before each call, a pause between the check and the call leaves the race.", false},
		{"correct: only narrows it", "unfenceable-resource", "client-side-fencing", "Checking that the lease is still held right before each call only narrows the race.", false},
		{"correct: the belief reported", "two-holders", "client-side-fencing", "People believe a check that the lock is still held just before every write makes overlap impossible.", false},

		// ttl-as-safety: renewal said to make two holders impossible.
		{"claim: extending makes two holders impossible", "extend-lease", "ttl-as-safety", "Extending the lease every few seconds makes two holders impossible, even across a GC pause.", true},
		{"claim: a watchdog, so it can never happen", "extend-lease", "ttl-as-safety", "With a watchdog renewing every second, two clients holding it at once can never happen.", true},
		{"correct: does not make it impossible", "extend-lease", "ttl-as-safety", "Extending the lease every few seconds does not make two holders impossible: a GC pause stops the renewer too.", false},
		{"correct: no renewal schedule", "extend-lease", "ttl-as-safety", "No renewal schedule makes two holders impossible across a GC pause.", false},
		{"correct: a pause makes them possible", "extend-lease", "ttl-as-safety", "A GC pause makes two holders possible even when you extend the lease every few seconds.", false},
		{"correct: still possible after a pause", "extend-lease", "ttl-as-safety", "Renewal keeps a live holder's lease, but two holders are still possible after a pause, so fence the writes.", false},

		// lock-service-fences: the coordination service said to check the
		// writes, so the store needs no check.
		{"claim: the service checks every write", "unfenceable-resource", "lock-service-fences", "The coordination service checks every write against the current lease holder, so the data store needs no check.", true},
		{"claim: the coordinator validates each write", "unfenceable-resource", "lock-service-fences", "The coordinator validates each write, rejecting the deposed leader's, so followers need no epoch check.", true},
		{"correct: the service does not check writes", "unfenceable-resource", "lock-service-fences", "The coordination service does not check writes against the lease holder, so the data store must check the token.", false},
		{"correct: it never sees the writes", "unfenceable-resource", "lock-service-fences", "The coordination service never sees the writes, so only the data store can check them.", false},
		{"correct: the counterfactual", "unfenceable-resource", "lock-service-fences", "If the coordination service checked every write, the data store would need no check, but it never sees the writes.", false},
		{"correct: the belief reported and answered", "unfenceable-resource", "lock-service-fences", "People believe the coordinator validates each write, so followers need no epoch check; in fact followers must compare epochs.", false},

		// etcd-refuses-expired: the revision waved away, or a dead lease
		// holder's puts refused outright.
		{"claim: whatever the key's revision", "etcd-revision-guard", "etcd-refuses-expired", "etcd rejects a put from an expired lease, whatever the key's revision.", true},
		{"claim: a dead lease holder's puts turned down", "etcd-revision-guard", "etcd-refuses-expired", "The etcd server turns down puts from a dead lease holder because the lease id is gone.", true},
		{"correct: etcd does not reject them", "etcd-revision-guard", "etcd-refuses-expired", "etcd does not reject puts from a dead lease holder; a plain put succeeds.", false},
		{"correct: the belief reported", "etcd-revision-guard", "etcd-refuses-expired", "People think the etcd server turns down puts from a dead lease holder, but only a txn comparing the revision does.", false},
		{"correct: an attached lease id is not found", "etcd-revision-guard", "etcd-refuses-expired", "A put that attaches the dead holder's lease id is rejected with lease not found, but its plain put succeeds.", false},
		{"correct: accepted whatever the revision", "etcd-revision-guard", "etcd-refuses-expired", "etcd accepts a plain put from the old holder whatever the key's revision, unless a txn compares it.", false},
		{"correct: never rejects without a txn", "etcd-revision-guard", "etcd-refuses-expired", "Without a txn, etcd never rejects a stale put, whatever the key's revision.", false},
	})
}

// TestConsequenceGuaranteesG23b: "which guarantees" opens a consequence
// like "which ensures", so a negator in the benefit a claim sells ("...,
// which guarantees the call is not made twice") no longer rules the claim
// out, while a negator in the claim itself, or a judgement pointing back,
// still does.
func TestConsequenceGuaranteesG23b(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"claim: a good way, which guarantees it never runs twice", "row-lock", "lock-across-network-call", "A row lock is a good way to protect calls to external APIs, which guarantees a call is never made twice.", true},
		{"claim: keep FOR UPDATE across the call, with the benefit", "row-lock", "lock-across-network-call", "It is a good way to protect calls to external systems: keep FOR UPDATE while calling the API, which guarantees the call is not executed twice.", true},
		{"correct: not a good way, which guarantees nothing", "row-lock", "lock-across-network-call", "A row lock is not a good way to protect calls to external APIs, which guarantees nothing about the call.", false},
		{"correct: no good way, a crash repeats it", "row-lock", "lock-across-network-call", "Holding a row lock is no good way to protect calls to external systems, since a crash after the call still repeats it.", false},
		{"correct: the row, not the calls", "row-lock", "lock-across-network-call", "It is a good way to protect the row, not calls to external APIs, which guarantees only that the database write happens once.", false},
		{"correct: the call after the commit", "row-lock", "lock-across-network-call", "Keep the transaction short and make the API call after the commit, which guarantees no lock is held across the network call.", false},
		{"correct: a TTL is not it, which guarantees nothing", "fencing-token", "ttl-as-safety", "A TTL is not what keeps two holders apart, which guarantees nothing once a holder pauses.", false},
	})
}
