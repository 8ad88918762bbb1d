package quiz_test

import "testing"

// TestFlagPrecisionAI12 holds, in sentences of our own, the classes of
// wording that raised red flags on passing answers of validation writer
// AI under g12, each beside near-misses that make the mistake and must
// still flag. None of these sentences is a corpus answer.
func TestFlagPrecisionAI12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// The ownership check made by the store itself, as the compare of
		// a transaction, is a fence, not a check in the client.
		{"store's txn compare checks the revision", "etcd-revision-guard", "client-side-fencing",
			"Put the write in an etcd txn whose compare checks that the lock key's create revision still matches the revision the leader got.", false},
		{"conditional put whose if clause checks ownership", "etcd-revision-guard", "client-side-fencing",
			"Make the put conditional: its if clause verifies that the key's revision is still the one this leader was granted.", false},
		{"transaction that checks the create revision", "etcd-revision-guard", "client-side-fencing",
			"The transaction checks that the mutex key still carries the revision of the leader, and etcd refuses the put otherwise.", false},
		{"near-miss: the leader checks in the client before its put", "etcd-revision-guard", "client-side-fencing",
			"Before each put the process checks that it is still the leader, so it knows it still holds the lock.", true},

		// A check named and then denied to be a fence in the same sentence
		// describes the mistake; it does not make it.
		{"value compared in Redis, then said not to be a fence", "fencing-in-real-systems", "client-side-fencing",
			"The random value the client compares in Redis when it unlocks is called a token sometimes, but it isn't a fence.", false},
		{"value checked in Redis, then said not to count as fencing", "fencing-in-real-systems", "client-side-fencing",
			"A client that checks its value in Redis before deleting the key is being careful, yet that doesn't count as fencing.", false},
		{"value checked in Redis is not a fencing token", "fencing-in-real-systems", "client-side-fencing",
			"The value a client checks in Redis is not a fencing token, because nothing orders it.", false},
		{"near-miss: value checked in Redis before each write", "fencing-in-real-systems", "client-side-fencing",
			"The client checks its token value in Redis before each write, and that is the fence.", true},
		{"near-miss: compare on release called the fence", "fencing-in-real-systems", "client-side-fencing",
			"On release the client compares its token value in Redis, and that comparison is what fences a stale holder.", true},

		// "Ideally" is an adverb and "the protected resource" names the
		// resource: neither praises wrapping side effects in a lock.
		{"ideally aborting before side effects", "extend-lease", "lock-across-network-call",
			"If the renewal fails the job must stop writing to the protected resource, ideally checking a stop flag before each side effect.", false},
		{"ideally checks before side effects on the protected store", "extend-lease", "lock-across-network-call",
			"Ideally the worker re-checks its lease before side effects on the protected store and aborts once it is lost.", false},
		{"near-miss: a lock praised for wrapping external calls", "extend-lease", "lock-across-network-call",
			"A lock is perfect for wrapping external calls like the payment call.", true},

		// The client that generates the key and reuses it on retries, with
		// the server storing it, is the right design.
		{"client generates, reuses it on retries, server stores", "idempotency-keys", "fresh-idempotency-key",
			"The client generates one key per purchase and sends it on each retry, the server keeps it in a unique column.", false},
		{"client creates and resends, server records", "idempotency-keys", "fresh-idempotency-key",
			"Each client creates its key once and resends it on every attempt, and the server records it with the order.", false},
		{"near-miss: keys generated on the server", "idempotency-keys", "fresh-idempotency-key",
			"We generate it on the server when each request arrives.", true},

		// A proposal the candidate says they would reject or call tempting
		// is not advice.
		{"replica per master named as an improvement to reject", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"An addition I'd reject is giving each master a replica with Sentinel failover, since failover can lose the key.", false},
		{"tempting replica per node", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"It's tempting to put a replica behind every node for availability, but a promoted replica may not have the key.", false},
		{"near-miss: a replica per master advised", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Give each master a replica with Sentinel failover so a dead node comes back quickly.", true},

		// Deadlock advice, taking rows in one order and setting a lock
		// timeout, is not "always take a lock".
		{"same order and a lock timeout", "row-lock", "lock-instead-of-constraint",
			"Keep transactions short, always take rows in the same order, and set a lock timeout.", false},
		{"consistent order with a lock_timeout", "row-lock", "lock-instead-of-constraint",
			"I always lock accounts in a consistent order and put a lock_timeout on the session.", false},
		{"near-miss: always take a lock instead of a constraint", "row-lock", "lock-instead-of-constraint",
			"Always take a lock around the insert; there's no need for a unique constraint.", true},
	})
}
