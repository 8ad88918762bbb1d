package quiz_test

import (
	"testing"
)

// TestNegScopeG17 holds the scope of a negation over two noun phrases
// joined by "and the" to sentences written for it. "and" before a
// determiner and a noun phrase with no finite verb of its own, up to the
// next clause break, joins a second object (or complement) to the negated
// verb, so the negation covers it ("I wouldn't expect the row write and
// the broker send to be atomic": no flag). A new clause needs its own verb:
// "and the lease expires", "and the client then writes", "and the debit
// and the credit stay atomic" assert what follows, and the flag holds.
// They hold with the reader's veto and without it. None of these
// sentences is a corpus answer.
func TestNegScopeG17(t *testing.T) {
	cases := []flagCase{
		// Two noun phrases joined inside a negated clause: no flag.
		{"wouldn't count on it to make the insert and the send atomic", "outbox-pattern", "dual-write-atomic",
			"I wouldn't count on Kafka's transactions to make the row insert and the event send atomic.", false},
		{"never expect the write and the publish to be atomic", "outbox-pattern", "dual-write-atomic",
			"I'd never expect the Postgres write and the Kafka publish to be atomic.", false},
		{"nobody should count on it, the update and the publish", "outbox-pattern", "dual-write-atomic",
			"Nobody should count on exactly-once Kafka to make the order update and the message publish atomic.", false},
		{"wouldn't promise the row and the event atomically", "outbox-pattern", "dual-write-atomic",
			"I wouldn't promise the order row and the Kafka event atomically, whatever the producer settings.", false},
		{"don't treat the commit and the send as atomic", "outbox-pattern", "dual-write-atomic",
			"We don't treat the database commit and the broker send as atomic.", false},
		{"doesn't make the debit and the credit safe", "deadlock-ordering", "locks-make-atomic",
			"Holding both locks doesn't make the debit and the credit safe without a transaction.", false},
		{"never makes the debit and the credit atomic", "deadlock-ordering", "locks-make-atomic",
			"Holding both locks never makes the debit and the credit atomic.", false},
		{"doesn't make the withdrawal and the deposit atomic", "deadlock-ordering", "locks-make-atomic",
			"Taking both locks in order doesn't make the withdrawal and the deposit atomic.", false},
		{"wouldn't call the claim and the delete exactly once", "skip-locked-queue", "exactly-once-claim",
			"I wouldn't call the claim and the delete exactly-once processing.", false},
		{"wouldn't sell the claim and the relay as exactly once", "skip-locked-queue", "exactly-once-claim",
			"I wouldn't sell the claim and the relay as exactly-once processing.", false},
		{"wouldn't use the value and the timestamp as a token", "fencing-token", "wall-clock|random-fencing-token",
			"I wouldn't use the random value and the timestamp as a fencing token.", false},
		{"wouldn't count on the replica and the failover", "redis-lock-and-failure", "replication-keeps-lock",
			"I wouldn't count on the replica and the Sentinel failover to keep the lock safe.", false},
		{"wouldn't assume the replica and the new primary have it", "redis-lock-and-failure", "replication-keeps-lock",
			"I wouldn't assume the replica and the new primary already have the key.", false},
		{"don't hold the lock across the call and the commit", "row-lock", "lock-across-network-call",
			"We don't hold the row lock across the payment call and the commit.", false},
		{"never keep it open across the request and the update", "row-lock", "lock-across-network-call",
			"We never keep the transaction open across the HTTP request and the final update.", false},
		{"wouldn't call the gap between the read and the write small", "optimistic-concurrency", "check-then-act-safe",
			"I wouldn't call the gap between the read and the write too small to matter.", false},
		{"never rely on a longer TTL and the watchdog", "choose-ttl", "ttl-as-safety",
			"I'd never rely on a longer TTL and the watchdog to keep two holders apart.", false},
		{"don't trust WAIT and the replica count", "redis-wait-safe", "wait-makes-safe",
			"I don't trust WAIT and the replica count to make replication synchronous.", false},

		// The same words asserted: flag.
		{"asserted: the insert and the send made atomic", "outbox-pattern", "dual-write-atomic",
			"Kafka transactions make the row insert and the event send atomic.", true},
		{"asserted: the debit and the credit made atomic", "deadlock-ordering", "locks-make-atomic",
			"Holding both locks makes the debit and the credit atomic, no transaction needed.", true},

		// "and" that starts a clause of its own, with its own verb,
		// after a negated one: flag.
		{"comma, and a subject with its verb", "outbox-pattern", "dual-write-atomic",
			"I wouldn't rely on ordering, and Kafka transactions make the row insert and the event send atomic.", true},
		{"comma, and the commit and the publish are", "outbox-pattern", "dual-write-atomic",
			"I wouldn't worry, and the commit and the publish are atomic with Kafka transactions.", true},
		{"and the publish then becomes", "outbox-pattern", "dual-write-atomic",
			"I wouldn't order the steps and the publish then becomes atomic with the commit.", true},
		{"and the transaction makes (verb in -s)", "outbox-pattern", "dual-write-atomic",
			"I wouldn't add a relay and the Kafka transaction makes the commit and the publish atomic.", true},
		{"and the producer's transaction made", "outbox-pattern", "dual-write-atomic",
			"We don't use an outbox and the producer's transaction made the commit and the publish atomic.", true},
		{"and the debit and the credit are safe", "deadlock-ordering", "locks-make-atomic",
			"I never take the locks in random order and the debit and the credit are safe once both locks are held.", true},
		{"and the debit and the credit stay (plural verb, no -s)", "deadlock-ordering", "locks-make-atomic",
			"I don't open a transaction and the debit and the credit stay atomic while both locks are held.", true},
		{"and the two updates stay (plural subject)", "deadlock-ordering", "locks-make-atomic",
			"I don't open a transaction and the two updates stay atomic while both locks are held.", true},
		{"comma, and the replica has", "redis-lock-and-failure", "replication-keeps-lock",
			"I don't fear failover, and the replica already has the key.", true},
		{"and the promoted replica already has", "redis-lock-and-failure", "replication-keeps-lock",
			"I wouldn't worry about failover and the promoted replica already has the key.", true},
		{"and the replica kept (irregular past)", "redis-lock-and-failure", "replication-keeps-lock",
			"I don't use Redlock and the replica kept the key through the failover.", true},
		{"and the claim row guarantees", "skip-locked-queue", "exactly-once-claim",
			"I don't worry about retries and the claim row guarantees exactly-once processing.", true},
		{"and the claim row will guarantee (modal)", "skip-locked-queue", "exactly-once-claim",
			"I don't need dedup and the claim row will guarantee exactly-once processing.", true},
		{"and the claim guaranteed (past in -ed)", "skip-locked-queue", "exactly-once-claim",
			"I wouldn't add idempotency and the claim guaranteed exactly-once processing.", true},
		{"and the check at the start covers", "holder-id-guard", "fence-checked-once",
			"I don't check the token on each statement and the check at the start covers every write in the job.", true},
		{"and the window between the read and the write is", "optimistic-concurrency", "check-then-act-safe",
			"I don't lock the row and the window between the read and the write is too small to matter.", true},
		{"and the gap between the read and the write stays", "optimistic-concurrency", "check-then-act-safe",
			"I don't lock the row and the gap between the read and the write stays too small to matter.", true},
		{"and the client compares", "fencing-token", "wall-clock",
			"I don't trust NTP and the client compares its local clock with the lease expiry.", true},
		{"and the random value works", "fencing-token", "random-fencing-token",
			"We didn't add a counter and the random value works as a fencing token.", true},
	}
	checkFlagCasesBothWays(t, cases)
}
