package quiz_test

import "testing"

// TestFixG25cZombieLeader: g25c widens zombie-leader by a replaced owner
// whose own requests are turned away, and narrows it (and common-pattern)
// where the old owner is said to time out or stop before the new one
// starts, which denies the zombie the point is about.
func TestFixG25cZombieLeader(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// the replaced owner's own requests refused earns it
		// a replacement beside some other rejection, a hedge, a condition,
		// a question, the replaced one refusing others: not it
		{"fencing-in-real-systems", "zombie-leader", "Controllers get replaced and requests get rejected sometimes.", false},
		{"fencing-in-real-systems", "zombie-leader", "If a holder is replaced, the client should reject the lock and retry.", false},
		{"fencing-in-real-systems", "zombie-leader", "The writer that got replaced can ignore errors, it's harmless.", false},
		{"fencing-in-real-systems", "zombie-leader", "Maybe a replaced leader is rejected, maybe not.", false},
		{"fencing-in-real-systems", "zombie-leader", "A replaced controller rejects the new controller's requests because its epoch is older.", false},
		{"fencing-in-real-systems", "zombie-leader", "The producer that got replaced refuses to send more data, which is all fencing means.", false},
		{"fencing-in-real-systems", "zombie-leader", "When the leader is demoted it ignores clients until it is re-elected.", false},
		{"fencing-in-real-systems", "zombie-leader", "The replaced primary turns away the reads so clients go to the new one.", false},
		{"fencing-in-real-systems", "zombie-leader", "Does a replaced controller get its requests turned away?", false},
		{"fencing-in-real-systems", "zombie-leader", "The replaced leader might get its writes rejected, not sure.", false},
		{"fencing-in-real-systems", "zombie-leader", "A replaced producer never has its requests rejected; brokers take whatever arrives.", false},
		{"fencing-in-real-systems", "zombie-leader", "When the leader is replaced, its requests are still accepted until the TTL runs out.", false},
		{"fencing-in-real-systems", "zombie-leader", "The primary gets replaced and then rejects its own clients' requests to force a reconnect.", false},
		{"fencing-in-real-systems", "zombie-leader", "Brokers reject requests from a replaced controller only if it is also slow, otherwise they are fine.", false},
		{"fencing-in-real-systems", "zombie-leader", "replaced, controller, rejected, epoch", false},
		// the old owner said to stop first denies the zombie ...
		{"fencing-in-real-systems", "zombie-leader", "Kafka just lets the old owner time out before the new controller takes over.", false},
		{"fencing-in-real-systems", "zombie-leader", "The stale leader has always stopped before the new one starts.", false},
		{"fencing-in-real-systems", "zombie-leader", "A paused leader always times out before the new one takes over.", false},
		{"fencing-in-real-systems", "zombie-leader", "Make the lease shorter than any pause and the old owner has stopped before anyone else starts.", false},
		// ... but a pause or partition told apart from that keeps it
		{"fencing-in-real-systems", "zombie-leader", "A leader paused by a long GC still believes it leads when it wakes up.", true},
		{"fencing-in-real-systems", "zombie-leader", "The old leader's lease timed out, but it was partitioned and still sends writes.", true},
		{"fencing-in-real-systems", "zombie-leader", "The previous owner was paused by the VM and still holds a stale view of the world.", true},

		// common-pattern: the parts named to say the number adds nothing
		{"fencing-in-real-systems", "common-pattern", "The new owner always gets a token, but the token is unnecessary because the old one has stopped.", false},
		{"fencing-in-real-systems", "common-pattern", "A new owner always starts after the old one has stopped, so the epoch number is pointless.", false},
		{"fencing-in-real-systems", "common-pattern", "Each new leader in every system gets a number, which is not needed as the previous one stopped before.", false},
		{"fencing-in-real-systems", "common-pattern", "Every time there is a new leader the term number goes up, and followers reject smaller terms.", true},
		{"fencing-in-real-systems", "common-pattern", "In every case each new owner gets a bigger number and the receiver compares it.", true},
	})
}

// TestFixG25cRowLock: g25c widens yes-within-db by every server waiting on
// the row and by the database's own rows as where the lock works, and
// outside-effects by the lock gone while an outside call is in flight.
func TestFixG25cRowLock(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "yes-within-db", "Every app server that touches the row blocks until the first transaction commits.", true},
		{"row-lock", "yes-within-db", "All the servers wait for a network reply before touching rows.", false},
		{"row-lock", "yes-within-db", "Every app server polls the table and waits a second between scans of the rows it reads.", false},
		{"row-lock", "yes-within-db", "Every worker waits for the HTTP response and then updates the row.", false},
		{"row-lock", "yes-within-db", "Every node blocks the row for ten minutes while calling Stripe, which is how it protects Stripe.", false},
		{"row-lock", "yes-within-db", "Every client blocks until the HTTP call returns, then writes the rows.", false},
		{"row-lock", "yes-within-db", "No app server ever waits on a locked row, they all read through it.", false},
		{"row-lock", "yes-within-db", "any server, row, waits, blocks", false},
		{"row-lock", "yes-within-db", "FOR UPDATE protects the database's own rows and the Stripe call too.", false},
		{"row-lock", "yes-within-db", "It covers the database's own rows as well as anything outside.", false},
		{"row-lock", "yes-within-db", "FOR UPDATE doesn't protect the database's own rows at all.", false},
		{"row-lock", "yes-within-db", "Maybe it protects the database's own rows, perhaps.", false},
		{"row-lock", "yes-within-db", "The database's own rows are stored on disk in pages.", false},
		{"row-lock", "yes-within-db", "The database's own rows work best with a Redis lock on top.", false},
		{"row-lock", "yes-within-db", "The database's own rows are a great place to store the Redis lock key.", false},
		{"row-lock", "yes-within-db", "database's own rows, protect, excellent", false},

		{"row-lock", "outside-effects", "The row unlocks while the Stripe call is in flight, which is fine.", false},
		{"row-lock", "outside-effects", "The lock is released while the API request is in flight, but the call is covered by the transaction.", false},
		{"row-lock", "outside-effects", "The row never unlocks while the payment call is in flight.", false},
		{"row-lock", "outside-effects", "unlocks, Stripe call, in flight", false},
		{"row-lock", "outside-effects", "Maybe the lock is released while the HTTP call is running, not sure.", false},
		{"row-lock", "outside-effects", "The SQL query is in flight when the row unlocks.", false},
		{"row-lock", "outside-effects", "The lock releases while the API call is pending, no problem since Postgres protects it.", false},
		{"row-lock", "outside-effects", "Releasing it while the webhook request is running doesn't matter.", false},
		{"row-lock", "outside-effects", "Is the lock released while the Stripe call is in flight?", false},
		{"row-lock", "outside-effects", "The provider request is in flight and the lock is released, so Postgres rolls the charge back.", false},
		{"row-lock", "outside-effects", "The lock is released while the Stripe charge is in progress, which Postgres handles safely.", false},
	})
}

// TestFixG25cSessionFence: g25c keeps a dropped connection from reading
// as the resource dropping a stale write (fence-anyway).
func TestFixG25cSessionFence(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "fence-anyway", "The connection dropped, and the storage rejects any write whose token is older.", true},
		{"session-suspended", "fence-anyway", "The protected resource drops writes that carry an older czxid.", true},
		{"session-suspended", "fence-anyway", "The connection to ZooKeeper dropped so the resource is safe.", false},
		{"session-suspended", "fence-anyway", "When the connection drops I stop touching the protected resource.", false},
		{"session-suspended", "fence-anyway", "The link dropped and the database is fine.", false},
	})
}
