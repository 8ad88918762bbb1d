package quiz_test

import "testing"

// The tests in this file hold the losing claims that the tuning writers
// made under g16 without raising a red flag (recall16b), grouped by the
// claim: each widened pattern is written in wordings of our own, beside
// near-misses that must not flag (the correct counterpart, the claim
// denied, narrowed or set aside). None of the sentences is a corpus answer.

// TestRaceOddsDismissedG16 holds the new flag race-odds-dismissed: a race
// waved off as too unlikely, for a short gap or little traffic.
func TestRaceOddsDismissedG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"few calls a minute, the chance of a race essentially zero", "avoid-the-lock", "race-odds-dismissed",
			"The endpoint sees a few calls a minute, so the chance of a race is essentially zero and no coordination is needed.", true},
		{"the gap lasts microseconds, two workers never overlap in practice", "avoid-the-lock", "race-odds-dismissed",
			"Read the stock, test it in the service, then write it back: the gap lasts microseconds, so in practice two workers never overlap there.", true},
		{"the steps are so quick that a collision is practically impossible", "avoid-the-lock", "race-odds-dismissed",
			"The two statements run so quickly that a collision in between is practically impossible.", true},

		{"near-miss: a tiny window is not zero odds", "avoid-the-lock", "race-odds-dismissed",
			"The window is a few microseconds, but the chance of a race is not zero: at scale it happens every day.", false},
		{"near-miss: partitioned keys never overlap", "avoid-the-lock", "race-odds-dismissed",
			"Partition the stream so each key has one consumer; in practice two workers never overlap on a key.", false},
		{"near-miss: an atomic increment leaves nothing to race", "avoid-the-lock", "race-odds-dismissed",
			"An atomic increment runs in one statement, so in practice two clients never interleave inside it.", false},
		{"near-miss: a conditional update closes the gap", "avoid-the-lock", "race-odds-dismissed",
			"With a conditional update the race is practically impossible to lose, even with microseconds between calls.", false},
	})
}

// TestRaceImpossibleInPracticeG16 holds check-then-act-safe for a compare
// in code followed by a plain write, the gap called too short to matter.
func TestRaceImpossibleInPracticeG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the steps are fast enough that a conflict is impossible in practice", "optimistic-concurrency", "check-then-act-safe",
			"The service compares the versions and then saves; both steps are fast enough that a conflict in between is impossible in practice.", true},

		{"near-miss: the version in the WHERE", "optimistic-concurrency", "check-then-act-safe",
			"Put the version in the WHERE clause: with a conditional write the conflict in between is impossible in practice to miss.", false},
		{"near-miss: fast is not impossible", "optimistic-concurrency", "check-then-act-safe",
			"The steps are fast, but a conflict in between is still possible, so the check belongs in the UPDATE.", false},
	})
}

// TestIsolationStopsLostUpdatesG16 holds the default isolation level
// credited with stopping a read-modify-write race.
func TestIsolationStopsLostUpdatesG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"READ COMMITTED stops lost updates for you", "avoid-the-lock", "isolation-prevents-race",
			"Put the read and the write in one transaction at READ COMMITTED and the database prevents lost updates on its own.", true},
		{"isolation makes the second one see the first's change", "avoid-the-lock", "isolation-prevents-race",
			"Isolation makes sure the second transaction sees the change of the first, so stock can't be sold twice.", true},

		{"near-miss: READ COMMITTED does not prevent them", "avoid-the-lock", "isolation-prevents-race",
			"READ COMMITTED does not prevent lost updates on a read-modify-write; lock the row or use a conditional update.", false},
		{"near-miss: the second one sees the change only through FOR UPDATE", "avoid-the-lock", "isolation-prevents-race",
			"Isolation alone is not it: the second transaction sees the change of the first only when its read takes the row with FOR UPDATE.", false},
		{"near-miss: SERIALIZABLE, not the default", "avoid-the-lock", "isolation-prevents-race",
			"Only SERIALIZABLE isolation prevents lost updates here, and you must retry on serialization failures.", false},
	})
}

// TestOwnerGuardCalledAFenceG16 holds the owner guard said to be, or to
// become, a fence with a word of degree.
func TestOwnerGuardCalledAFenceG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the atomic claim makes the owner check exactly a fence", "holder-id-guard", "owner-guard-is-fence",
			"Only one worker can be in the owner column at once, which makes the owner check exactly a fence.", true},
		{"with a heartbeat the owner guard becomes a proper fence", "holder-id-guard", "owner-guard-is-fence",
			"Keep a heartbeat going, so no other worker can take the job over and the owner guard becomes a proper fence.", true},

		{"near-miss: the owner guard is not a proper fence", "holder-id-guard", "owner-guard-is-fence",
			"The owner guard is not a proper fence: the same worker can claim twice.", false},
		{"near-miss: never a real fence without a sequence", "holder-id-guard", "owner-guard-is-fence",
			"Without a claim sequence, the owner check is never a real fence.", false},
	})
}

// TestHashAloneAsRetryIdentityG16 holds the dedupe told by a hash of the
// request alone, its fields left in an aside.
func TestHashAloneAsRetryIdentityG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"refuse a request with a matching hash inside a minute", "idempotency-keys", "content-derived-key",
			"Hash the payment's fields (who, how much, which currency) and refuse any request with a matching hash within a minute.", true},
		{"a stored hash of the body answers as a retry", "idempotency-keys", "content-derived-key",
			"Take a hash of the payload (customer, sum, item) and when that hash is already stored, send back the previous result as for a retry.", true},

		{"near-miss: the hash checks a reused key", "idempotency-keys", "content-derived-key",
			"Store a hash of the body with the key; the same key with a different hash within the day gets a 422.", false},
		{"near-miss: a hash cannot tell a genuine second payment", "idempotency-keys", "content-derived-key",
			"A matching hash within a minute may be a genuine second payment, so the hash alone is the wrong identity.", false},
	})
}

// TestTransferOnSourceLockAloneG16 holds the transfer carried on with only
// the source account locked when the second lock does not come.
func TestTransferOnSourceLockAloneG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"go ahead holding only the source", "deadlock-ordering", "one-lock-per-transfer",
			"Should the second lock time out, it is fine to go ahead holding only the source account, since the debit is where money can vanish.", true},
		{"the destination lock called unnecessary", "deadlock-ordering", "one-lock-per-transfer",
			"Only the debit side can go negative, so the destination lock is not really needed.", true},

		{"near-miss: release and retry instead", "deadlock-ordering", "one-lock-per-transfer",
			"If the second lock times out, release the source lock, back off and retry; never proceed with only the source locked.", false},
		{"near-miss: a transfer to the same account", "deadlock-ordering", "one-lock-per-transfer",
			"When the source and the destination are the same account, the second lock is not needed.", false},
		{"near-miss: one database transaction locks both rows", "deadlock-ordering", "one-lock-per-transfer",
			"If both rows live in one database, a distributed destination lock is unnecessary: one transaction locks both rows in id order.", false},
	})
}

// TestRenewalDropsFencingG16 holds renewal said to let the fencing check
// go.
func TestRenewalDropsFencingG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"with renewal in place, drop the token check", "extend-lease", "fencing-unneeded",
			"Now that the lease is renewed on time, we can drop the token check in the database.", true},

		{"near-miss: renewal does not let you drop fencing", "extend-lease", "fencing-unneeded",
			"Renewal does not mean we can drop the token check: a pause can still outlast the lease.", false},
		{"near-miss: cannot remove the fencing check", "extend-lease", "fencing-unneeded",
			"Even with renewal you cannot remove the fencing check, because a renewal can arrive late.", false},
	})
}

// TestExtendOnlyTheHolderG16 holds the value check before an extension
// waved off because only the holder extends.
func TestExtendOnlyTheHolderG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"no need to compare the value, only the owner renews", "extend-lease", "extend-without-owner",
			"There's no need to compare the value, since only the owner renews the key.", true},

		{"near-miss: compare in a script", "extend-lease", "extend-without-owner",
			"Compare the value in a Lua script before the PEXPIRE; an expired holder is no longer the only owner.", false},
		{"near-miss: the belief called a mistake", "extend-lease", "extend-without-owner",
			"Assuming there's no need to compare the value since only the owner renews is a mistake once the lease has lapsed.", false},
	})
}

// TestUniqueValueAsFenceG16 holds a unique random value offered as the
// fencing token, uniqueness in place of order.
func TestUniqueValueAsFenceG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a fresh UUID per grant is enough", "fencing-token", "random-fencing-token",
			"A fresh UUID per grant is enough as the token, being unique is all that counts.", true},
		{"the random value doubles as our fencing token", "redlock-operations-q", "random-fencing-token",
			"The random string is different for every acquire — it acts as our fencing token.", true},

		{"near-miss: a UUID is not enough, it has no order", "fencing-token", "random-fencing-token",
			"A UUID per grant is not enough as the token: it has no order, so the resource cannot tell newer from older.", false},
		{"near-miss: uniqueness is not what matters", "fencing-token", "random-fencing-token",
			"Uniqueness is not what matters for the token; it must increase with every grant.", false},
		{"near-miss: a counter acts as our fencing token", "redlock-operations-q", "random-fencing-token",
			"An increasing counter kept in Postgres acts as our fencing token, not the random value.", false},
	})
}

// TestOnceByGuardOrProducerG16 holds an attempt guard or the idempotent
// producer said to make effects happen once.
func TestOnceByGuardOrProducerG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"handlers need not be idempotent", "skip-locked-queue", "exactly-once-claim",
			"With the attempt column checked on completion, handlers don't need to be idempotent.", true},
		{"the idempotent producer dedupes the client's retries", "idempotency-keys", "exactly-once-claim",
			"Send the charge through an idempotent producer: it dedupes the app's retries, so each payment is processed once.", true},

		{"near-miss: handlers still must be idempotent", "skip-locked-queue", "exactly-once-claim",
			"The attempt check keeps a stale worker from marking the job done, but handlers still have to be idempotent.", false},
		{"near-miss: the producer only dedupes its own retries to the broker", "idempotency-keys", "exactly-once-claim",
			"The idempotent producer only dedupes its own retries to the broker, not a retried POST from the app.", false},
	})
}

// TestPublishInsideTransactionG16 holds the publish made inside the
// database transaction, or under a lock over both steps, said to keep the
// two stores together.
func TestPublishInsideTransactionG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"sending before the commit keeps the stores consistent", "outbox-pattern", "dual-write-atomic",
			"Sending the event inside the transaction keeps Postgres and Kafka consistent: a failed send rolls the update back.", true},
		{"a lock over both steps makes them all-or-nothing", "outbox-pattern", "dual-write-atomic",
			"We hold the lock across both steps, so they are all-or-nothing.", true},

		{"near-miss: sending inside the transaction still diverges", "outbox-pattern", "dual-write-atomic",
			"Sending the event inside the transaction looks consistent, but a crash after the send and before the commit still leaves an event for a rolled-back update.", false},
		{"near-miss: a lock is no atomicity", "outbox-pattern", "dual-write-atomic",
			"A lock around both steps is a concurrency tool, not atomicity: use an outbox row in the same transaction.", false},
	})
}

// TestRedisCalledCorrectG16 holds Redlock, or Redis with Sentinel, called
// fit for correctness or as sound as consensus.
func TestRedisCalledCorrectG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"Redlock safe for correctness-critical work", "redlock-operations-q", "redlock-correctness",
			"With five masters and a quorum it's safe for correctness-critical jobs, pauses included.", true},
		{"Redis with Sentinel as sound as ZooKeeper", "redis-vs-consensus", "redlock-correctness|replication-keeps-lock",
			"Put Sentinel in front and a Redis lock is as sound as ZooKeeper's.", true},

		{"near-miss: safe for efficiency, not for correctness", "redlock-operations-q", "redlock-correctness",
			"Redlock is fine for efficiency; it is not safe for correctness without a fence.", false},
		{"near-miss: not as safe as consensus", "redis-vs-consensus", "redlock-correctness|replication-keeps-lock",
			"A Redis lock is not as safe as ZooKeeper, because failover can lose the key.", false},
	})
}

// TestSyncedClocksTrustedG16 holds NTP trusted to order events across
// hosts, or named as the fix for two holders.
func TestSyncedClocksTrustedG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"NTP keeps hosts within microseconds, so the merged order is the truth", "two-holders", "wall-clock",
			"Sort both hosts' logs by timestamp; NTP keeps them within a few microseconds, so that order is the ground truth.", true},
		{"fix NTP and the two-holder problem goes away", "two-holders", "wall-clock",
			"Correct the NTP setup on the workers and the two-holder problem goes away.", true},

		{"near-miss: NTP does not make it the truth", "two-holders", "wall-clock",
			"NTP keeps hosts close, but not within microseconds, so merged logs are not the ground truth; use the store's revisions.", false},
		{"near-miss: fixing NTP does not make it go away", "two-holders", "wall-clock",
			"Fixing NTP won't make the two-holder problem go away; fence the writes.", false},
	})
}

// TestTimeWindowDedupeEndsDoublesG16 holds a time-window dedupe said to
// rule out double charges.
func TestTimeWindowDedupeEndsDoublesG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"retries inside the minute bounce, which rules out double charges", "idempotency-keys", "lock-instead-of-constraint",
			"Any retry inside the minute bounces off the NX key, which rules out double charges.", true},

		{"near-miss: a client key rules them out", "idempotency-keys", "lock-instead-of-constraint",
			"A client idempotency key under a unique constraint is what rules out double charges on retry.", false},
		{"near-miss: the window does not rule them out", "idempotency-keys", "lock-instead-of-constraint",
			"A one-minute window does not rule out double charges: a retry after it charges again.", false},
	})
}

// TestRowLockScopeMisstatedG16 holds a row lock said to outlive its
// transaction, or to bind only the connection or process that took it.
func TestRowLockScopeMisstatedG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"in autocommit the row stays locked until you release it", "row-lock", "row-lock-scope-wrong",
			"Autocommit is fine here: the row stays locked for the rest of the session until you release it.", true},
		{"a row lock only applies to the process that took it", "row-lock", "row-lock-scope-wrong",
			"A FOR UPDATE lock only applies to the process that took it, so the other app servers need Redis.", true},
		{"other instances don't see the row lock", "row-lock", "row-lock-scope-wrong",
			"A FOR UPDATE lock stays local to its box — other instances don't see it, so a second server needs Redis.", true},

		{"near-miss: the row stays locked only until commit", "row-lock", "row-lock-scope-wrong",
			"In autocommit the row does not stay locked: the lock ends with the statement's transaction.", false},
		{"near-miss: an advisory lock stays held until released", "row-lock", "row-lock-scope-wrong",
			"A session-level advisory lock stays held until you release it, unlike a row lock.", false},
		{"near-miss: a row lock only applies within its transaction", "row-lock", "row-lock-scope-wrong",
			"A row lock only applies to the transaction that took it, and every connection to that database honours it.", false},
		{"near-miss: other instances do see it", "row-lock", "row-lock-scope-wrong",
			"The row lock lives in the database, so other instances do see it and wait.", false},
		{"near-miss: it isn't true that others can't see it", "row-lock", "row-lock-scope-wrong",
			"It is a myth that other servers can't see a row lock; every connection to the database honours it.", false},
		{"near-miss: other processes don't see an in-process mutex", "row-lock", "row-lock-scope-wrong",
			"Other processes don't see an in-process mutex, which is why the row lock in the database is the better tool.", false},
	})
}

// TestSessionWaitsForClientG16 holds the coordination service said to
// keep a session until its client has heard of the disconnection.
func TestSessionWaitsForClientG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the session doesn't expire until the client is told", "session-suspended", "fencing-unneeded",
			"Stopping on SUSPENDED is enough, because the ensemble doesn't expire the session until the client has been told.", true},

		{"near-miss: the ensemble does not wait for the client", "session-suspended", "fencing-unneeded",
			"The ensemble does not wait until the client is told: the session expires on the server's timer.", false},
		{"near-miss: the belief called a mistake", "session-suspended", "fencing-unneeded",
			"Thinking the session won't expire until the client has been told is a mistake; a partitioned client hears nothing.", false},
	})
}

// TestReadFirstMakesDeleteSafeG16 holds a read of the value first sold as
// making a separate delete safe.
func TestReadFirstMakesDeleteSafeG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"reading the value first means you only delete your own lock", "redis-lock-and-failure", "get-then-del",
			"Reading the value first means you only ever delete your own lock.", true},

		{"near-miss: compare and delete in one script", "redis-lock-and-failure", "get-then-del",
			"Compare the value first and delete in the same Lua script, so you only delete your own lock.", false},
		{"near-miss: a read first still races", "redis-lock-and-failure", "get-then-del",
			"Checking the value first does not mean you only delete your own lock: the key can change hands between the two commands.", false},
	})
}

// TestHerdEffectAsLeaderLoadG16 holds the herd effect defined as load on
// the ensemble's leader.
func TestHerdEffectAsLeaderLoadG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the herd effect as every request swamping the leader", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is every lock request hitting the leader and swamping it.", true},

		{"near-miss: every waiter woken at once", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The herd effect is every waiter woken at once by one release, which can overload the leader with reads.", false},
	})
}

// TestVolatileEvictionSparesLocksG16 holds a volatile-* eviction policy
// said to protect lock keys, which carry a TTL and so are its candidates.
func TestVolatileEvictionSparesLocksG16(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"volatile-lru protects the lock keys", "redis-early-expiry", "single-node-keeps-keys",
			"Set volatile-lru and the lock keys are protected from eviction.", true},

		{"near-miss: volatile-lru evicts exactly the lock keys", "redis-early-expiry", "single-node-keeps-keys",
			"Volatile-lru does not protect the locks: keys with a TTL are exactly its candidates, so use noeviction.", false},
	})
}
