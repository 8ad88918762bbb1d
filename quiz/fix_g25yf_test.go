package quiz_test

import "testing"

// TestFixG25yfInserted: the g25a exclusions that review 25y found hiding
// wrong claims (zxid/consensus and reflex/temptation for wall-clock, "two
// real|genuine|actual" for lock-instead-of-constraint, any db denial for
// dual-write-atomic) are reverted: the review's sentences and our own
// variants, put into a correct answer, flag again; the exclusions g25a kept
// (eviction, a negated failover-safe token) still hold.
func TestFixG25yfInserted(t *testing.T) {
	checkInserted(t, g24bBase, true, []flagCase{
		{"g25yf review 1", "fencing-token", "wall-clock", "We order the logs by timestamp to see who held the lock, just as ZooKeeper's zxid orders them.", true},
		{"g25yf review 2", "fencing-token", "wall-clock", "Sorting the logs by timestamp works as well as a consensus log for ordering lock holders.", true},
		{"g25yf review 3", "fencing-token", "wall-clock", "Just merge the logs by time; a zxid is basically a timestamp anyway.", true},
		{"g25yf own 1", "fencing-token", "wall-clock", "Line the logs up by clock time, the same way a consensus system would order them.", true},
		{"g25yf own 2", "fencing-token", "wall-clock", "Merging both logs by timestamp gives you the order a zxid would give.", true},
		{"g25yf own 3", "two-holders", "wall-clock", "A consensus log is overkill here: sort the logs by timestamp to find the first writer.", true},
		{"g25yf review 4", "fencing-token", "wall-clock", "Tempting as Redlock is, the simple fix is NTP sync on every host.", true},
		{"g25yf own 4", "two-holders", "wall-clock", "Skip the tempting rewrite; sync the clocks with chrony on every host and the double holding goes away.", true},
		{"g25yf own 5", "two-holders", "wall-clock", "Retries are the knee-jerk answer; the real fix is NTP sync on every host.", true},
		{"g25yf review 5", "idempotency-keys", "lock-instead-of-constraint", "With a lock per customer, two genuine-looking retries can't both charge at the same time, so duplicates are gone.", true},
		{"g25yf review 6", "idempotency-keys", "lock-instead-of-constraint", "A per-customer lock means two real charges for the same order can never happen at the same time.", true},
		{"g25yf own 6", "idempotency-keys", "lock-instead-of-constraint", "A lock per customer makes sure two actual retries never charge twice at once.", true},
		{"g25yf own 7", "idempotency-keys", "lock-instead-of-constraint", "Take a per-customer lock so two real-looking requests can't double charge concurrently.", true},
		{"g25yf review 7", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the database write, and they don't cover the db reads, which we don't need anyway.", true},
		{"g25yf review 8", "outbox-pattern", "dual-write-atomic", "Kafka's transactions span Postgres and Kafka, they never span the DB of another team though.", true},
		{"g25yf own 8", "outbox-pattern", "dual-write-atomic", "Kafka transactions include the Postgres write; they don't include the database's read replicas.", true},
		{"g25yf own 9", "outbox-pattern", "dual-write-atomic", "Kafka's transactions cover the db commit too, though they never cover db schema changes.", true},
		// kept from g25a: still clean
		{"g25yf right 1", "redis-lock-and-failure", "plain-del", "Under maxmemory Redis frees memory by dropping keys, so a lock key can vanish before its TTL.", false},
		{"g25yf right 3", "two-holders", "wall-clock", "ZooKeeper orders each grant by its zxid in its log; clocks play no part.", false},
		{"g25yf right 4", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the produce side only; they don't span the Postgres commit.", false},
		{"g25yf right 6", "redis-vs-consensus", "wall-clock", "etcd is a consensus store with an ordered log and zxid-like revisions; Redlock leans on clocks.", false},
		{"g25yf right 5", "two-holders", "wall-clock", "Syncing clocks with NTP is the knee-jerk fix, and it fixes nothing.", false},
		{"g25yf right 2", "redis-vs-consensus", "replication-keeps-lock", "Redis has no monotonic, failover-safe token to hand out.", false},
	})
}

// TestFixG25yfListItems: a counted mistakes list that opened with "First,"
// ends when the speaker turns to their own design in between ("So my
// design: ...", "Right approach: ...", "Instead, I ..."): a "Second," after
// it is read as the speaker's own step again. Without such a turn, g25a's
// reading (the next mistake) stands. Put into a correct answer.
func TestFixG25yfListItems(t *testing.T) {
	checkInserted(t, g24bBase, true, []flagCase{
		{"g25yf review 9", "redis-lock-and-failure", "plain-del", "Two common mistakes. First, no TTL at all. A crashed client then holds it forever. So my design: SET key token NX PX 30000. Second, once finished, just DEL the key.", true},
		{"g25yf review 10", "fencing-token", "wall-clock", "Three mistakes people make. First, using the lock as a mutex. It is a lease. Right approach: fencing tokens. Second, to know who wrote first, sort the logs by timestamp.", true},
		{"g25yf own 10", "redis-lock-and-failure", "plain-del", "Two mistakes I keep seeing. First, no expiry on the key. The lock then lives forever. Instead, I set a TTL of thirty seconds. Second, once finished, just DEL the key.", true},
		{"g25yf own 11", "redis-lock-and-failure", "plain-del", "Two traps. First, a lock with no TTL. It never frees itself. So I would use SET NX PX with a random value. Second, once it finishes, just DEL the key.", true},
		{"g25yf own 12", "fencing-token", "wall-clock", "Two classic errors. First, trusting the lease alone. Pauses break it. Our approach is a token from etcd. Second, we sort the logs by timestamp to audit the holders.", true},
		// near misses: no turn to the speaker's own design in between
		{"g25yf near 1", "redis-lock-and-failure", "plain-del", "Two mistakes I keep seeing. First, no expiry on the key. The lock then lives forever. Second, once finished, just DEL the key.", false},
		{"g25yf near 2", "fencing-token", "wall-clock", "Three mistakes people make. First, using the lock as a mutex. It is really a lease. Second, to know who wrote first, sort the logs by timestamp.", false},
		{"g25yf near 3", "redis-lock-and-failure", "plain-del", "Two traps. First, a lock with no TTL. It never frees itself after a crash. Second, when the job is done, delete the key.", false},
	})
}

// TestFixG25yfPoints: g25c's widenings that credited wrong sentences are
// reverted (zombie-leader by "replaced ... requests rejected", yes-within-db
// by "the database's own rows", outside-effects by "unlock ... call ... in
// flight"); its narrowings that removed correct credit are scoped (a
// time-out only when let happen or told as first; "unnecessary" only in the
// match's own clauses).
func TestFixG25yfPoints(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-in-real-systems", "zombie-leader", "The replaced leader rejects requests from the new leader.", false},
		{"fencing-in-real-systems", "zombie-leader", "A superseded producer ignores requests from the broker until it restarts.", false},
		{"fencing-in-real-systems", "zombie-leader", "Is it true that a replaced controller finds its requests rejected?", false},
		{"fencing-in-real-systems", "zombie-leader", "The demoted primary had its writes rejected by the load balancer for being too large.", false},
		{"fencing-in-real-systems", "zombie-leader", "A displaced writer refuses requests from clients while it restarts.", false},
		{"fencing-in-real-systems", "zombie-leader", "Kafka just lets the old owner time out before the new controller takes over.", false},
		{"fencing-in-real-systems", "zombie-leader", "The stale leader times out first, so nobody overlaps.", false},
		{"fencing-in-real-systems", "zombie-leader", "The old leader's lease timed out during a long GC pause, but it still believes it leads and keeps writing.", true},
		{"fencing-in-real-systems", "zombie-leader", "The previous controller's session timed out while it was frozen, yet it still sends commands.", true},
		{"fencing-in-real-systems", "zombie-leader", "A leader paused by a long GC still believes it leads when it wakes up.", true},

		{"fencing-in-real-systems", "common-pattern", "Each new owner gets a bigger token number, so waiting for the old owner to stop is unnecessary.", true},
		{"fencing-in-real-systems", "common-pattern", "Each new leader gets a higher term, so it never matters whether the old one has stopped.", true},
		{"fencing-in-real-systems", "common-pattern", "Every new holder gets a larger epoch, so a sleep before taking over is pointless.", true},
		{"fencing-in-real-systems", "common-pattern", "A new owner always starts after the old one has stopped, so the epoch number is pointless.", false},

		{"row-lock", "yes-within-db", "It protects the database's own rows and the files we write next to them.", false},
		{"row-lock", "yes-within-db", "The lock guards the db's own rows plus the Kafka message we publish afterwards.", false},
		{"row-lock", "yes-within-db", "It covers the database's own rows and the S3 upload we do in the same request.", false},
		{"row-lock", "yes-within-db", "It protects the db's own rows along with the cache entries in Redis.", false},

		{"row-lock", "outside-effects", "The row is released while the Stripe call is still in flight, which is not a problem since the commit waits for the call.", false},
		{"row-lock", "outside-effects", "Releasing while the HTTP request is pending is prevented by the database.", false},
		{"row-lock", "outside-effects", "When the lock drops while the external call is pending, the database just retries the call, so it is all consistent.", false},
		{"row-lock", "outside-effects", "The lock is released while the payment call is in progress, but Postgres keeps the charge atomic with the row.", false},
		{"row-lock", "outside-effects", "unlock, stripe call, in flight.", false},
		{"row-lock", "outside-effects", "The lock is released with the API request pending, which is never an issue.", false},
	})
}
