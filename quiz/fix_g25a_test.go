package quiz_test

import "testing"

// TestFixG25aInserted: the exclusions g25a added (plain-del, wall-clock,
// lock-instead-of-constraint, replication-keeps-lock, dual-write-atomic),
// put into a correct answer: the correct sentences of each family (eviction
// told, a consensus log named, a reflex fix rejected, a lock's cost, a
// negated token, a denial naming the database) raise no flag of it, and
// plain wrong claims in varied wording still do. Sentences written for
// this round, not taken from the corpus.
func TestFixG25aInserted(t *testing.T) {
	checkInserted(t, g24bBase, true, []flagCase{
		{"g25a wrong 1", "redis-lock-and-failure", "plain-del", "When the job is done, release the lock with DEL on the key.", true},
		{"g25a wrong 2", "redis-lock-and-failure", "plain-del", "To unlock, just delete the key.", true},
		{"g25a wrong 3", "redis-lock-and-failure", "plain-del", "Once finished, the worker removes the lock key with DEL.", true},
		{"g25a wrong 4", "redis-lock-and-failure", "plain-del", "Release is simple: DEL lock:job when done.", true},
		{"g25a wrong 6", "redis-lock-and-failure", "plain-del", "Unlock by deleting the key; that frees the lock for others.", true},
		{"g25a wrong 7", "redis-lock-and-failure", "plain-del", "When done, free the lock by deleting the key.", true},
		{"g25a wrong 8", "redis-lock-and-failure", "plain-del", "Release = DEL the key once the task is done.", true},
		{"g25a wrong 9", "redis-lock-and-failure", "plain-del", "On completion the client deletes the lock key to release it.", true},
		{"g25a wrong 11", "two-holders", "wall-clock", "Sort the two workers' logs by timestamp to see which write happened first.", true},
		{"g25a wrong 12", "two-holders", "wall-clock", "Merge the logs by their timestamps and the order of events is clear.", true},
		{"g25a wrong 13", "two-holders", "wall-clock", "Line up both hosts' logs by clock time to find who wrote first.", true},
		{"g25a wrong 14", "two-holders", "wall-clock", "I'd order the log lines by timestamp across the machines to rebuild the sequence.", true},
		{"g25a wrong 15", "two-holders", "wall-clock", "Just match the log timestamps from both servers to see which one wrote first.", true},
		{"g25a wrong 16", "two-holders", "wall-clock", "Merging the logs on their timestamps tells you which holder came first.", true},
		{"g25a wrong 17", "two-holders", "wall-clock", "Put the logs side by side, sort by time, and the first writer is obvious.", true},
		{"g25a wrong 18", "two-holders", "wall-clock", "Lining up the logs by wall-clock time shows the exact order of the two writes.", true},
		{"g25a wrong 19", "two-holders", "wall-clock", "Sync the clocks with NTP and the two holders problem goes away.", true},
		{"g25a wrong 20", "two-holders", "wall-clock", "The fix is NTP on every host; once clocks are synced this disappears.", true},
		{"g25a wrong 21", "two-holders", "wall-clock", "Chrony on all hosts fixes it.", true},
		{"g25a wrong 22", "two-holders", "wall-clock", "Make sure the clocks are synced everywhere with NTP, that solves the double holder.", true},
		{"g25a wrong 23", "two-holders", "wall-clock", "Clock skew caused it, so syncing the clocks with PTP fixes it for good.", true},
		{"g25a wrong 24", "two-holders", "wall-clock", "Install chrony on every host and the issue goes away.", true},
		{"g25a wrong 25", "two-holders", "wall-clock", "NTP sync on the hosts cures this.", true},
		{"g25a wrong 26", "two-holders", "wall-clock", "Root cause is clock skew; the fix is NTP, and then it goes away.", true},
		{"g25a wrong 27", "idempotency-keys", "lock-instead-of-constraint", "Take a lock per customer so the same customer can't pay twice at the same time.", true},
		{"g25a wrong 28", "idempotency-keys", "lock-instead-of-constraint", "A per-customer Redis lock stops double charges from concurrent requests.", true},
		{"g25a wrong 29", "idempotency-keys", "lock-instead-of-constraint", "Lock on the customer's id so two payments can't run at once.", true},
		{"g25a wrong 30", "idempotency-keys", "lock-instead-of-constraint", "Each customer gets a lock, so duplicate payments in parallel are impossible.", true},
		{"g25a wrong 31", "idempotency-keys", "lock-instead-of-constraint", "We use a per-user lock; with it no customer is ever charged twice.", true},
		{"g25a wrong 32", "idempotency-keys", "lock-instead-of-constraint", "Grab a lock per account before charging, so concurrent duplicate charges can't happen.", true},
		{"g25a wrong 33", "idempotency-keys", "lock-instead-of-constraint", "The customer's lock makes sure two requests never charge at the same time.", true},
		{"g25a wrong 34", "idempotency-keys", "lock-instead-of-constraint", "Put a per customer lock around the charge and double charging is solved.", true},
		{"g25a wrong 35", "idempotency-keys", "lock-instead-of-constraint", "A lock per customer prevents two charges landing concurrently, which is what we need.", true},
		{"g25a wrong 36", "idempotency-keys", "lock-instead-of-constraint", "Per-customer locking is how you stop a customer from being charged twice.", true},
		{"g25a wrong 37", "redis-vs-consensus", "replication-keeps-lock", "Redis with Sentinel is failover-safe, so the lock survives a primary crash.", true},
		{"g25a wrong 38", "redis-vs-consensus", "replication-keeps-lock", "Redis INCR gives you a failover-safe token.", true},
		{"g25a wrong 39", "redis-vs-consensus", "replication-keeps-lock", "With AOF on, a Redis lock is failover-safe.", true},
		{"g25a wrong 40", "redis-vs-consensus", "replication-keeps-lock", "Redis replication makes the lock failover-safe, the replica has the key.", true},
		{"g25a wrong 41", "redis-vs-consensus", "replication-keeps-lock", "Our Redis setup is failover-safe: a promoted replica keeps every lock.", true},
		{"g25a wrong 42", "redis-vs-consensus", "replication-keeps-lock", "INCR in Redis is a failover-safe fencing counter.", true},
		{"g25a wrong 43", "redis-vs-consensus", "replication-keeps-lock", "No problem with failover: the Redis lock is failover-safe thanks to replicas.", true},
		{"g25a wrong 44", "redis-vs-consensus", "replication-keeps-lock", "Redis tokens from INCR are monotonic and failover-safe.", true},
		{"g25a wrong 45", "redis-vs-consensus", "replication-keeps-lock", "The Redis counter is a failover-safe token, no extra store needed.", true},
		{"g25a wrong 46", "redis-vs-consensus", "replication-keeps-lock", "Redis gives a failover-safe lock as long as Sentinel is configured.", true},
		{"g25a wrong 47", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the database write too, so both commit together.", true},
		{"g25a wrong 49", "outbox-pattern", "dual-write-atomic", "Kafka's transactions include the DB write, so there's no dual write.", true},
		{"g25a wrong 50", "outbox-pattern", "dual-write-atomic", "Exactly-once transactions cover the database and the topic in one go.", true},
		{"g25a wrong 51", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover both writes, Postgres and Kafka.", true},
		{"g25a wrong 52", "outbox-pattern", "dual-write-atomic", "Wrap it in a Kafka transaction, which covers the database write as well.", true},
		{"g25a wrong 53", "outbox-pattern", "dual-write-atomic", "A Kafka transaction spans the DB commit and the produce, so they're atomic.", true},
		{"g25a wrong 54", "outbox-pattern", "dual-write-atomic", "Kafka transactions include the Postgres write; you don't need an outbox.", true},
		{"g25a wrong 55", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the db update, so the lock isn't needed.", true},
		{"g25a wrong 56", "outbox-pattern", "dual-write-atomic", "Turn on Kafka transactions: they cover the Postgres write and the event, and they don't include any extra latency.", true},
		{"g25a right 57", "redis-early-expiry", "plain-del", "Under maxmemory, Redis frees memory by dropping keys, and lock keys with a TTL go first.", false},
		{"g25a right 58", "redis-early-expiry", "plain-del", "With volatile-lru the server frees memory by deleting keys that have an expiry, locks included.", false},
		{"g25a right 59", "redis-early-expiry", "plain-del", "Eviction: Redis frees up memory by removing keys, so a lock can vanish before its TTL.", false},
		{"g25a right 60", "redis-early-expiry", "plain-del", "An allkeys policy frees memory by evicting any key, lock or not.", false},
		{"g25a right 61", "redis-early-expiry", "plain-del", "When memory runs out, Redis is freeing memory by dropping keys, which can take a lock with it.", false},
		{"g25a right 62", "two-holders", "wall-clock", "Raft gives an ordered log; a consensus store's revision orders grants, clocks do not.", false},
		{"g25a right 63", "redis-vs-consensus", "wall-clock", "ZooKeeper orders every write in its log with a zxid; Redlock counts replies, and its safety depends on clocks.", false},
		{"g25a right 64", "redis-vs-consensus", "wall-clock", "Consensus keeps an ordered log; Redlock relies on the clocks of five nodes.", false},
		{"g25a right 65", "redis-vs-consensus", "wall-clock", "etcd orders writes by consensus in its log, while Redlock's lease math rests on each node's clock.", false},
		{"g25a right 66", "two-holders", "wall-clock", "The temptation is to say \"clock skew, sync NTP and it goes away\"; I wouldn't.", false},
		{"g25a right 67", "two-holders", "wall-clock", "Same with \"sync clocks with chrony, fix done\" as a reflex.", false},
		{"g25a right 68", "two-holders", "wall-clock", "The knee-jerk answer is \"NTP fixes it\"; it doesn't explain a Redis TTL.", false},
		{"g25a right 69", "two-holders", "wall-clock", "It's tempting to say NTP on every host fixes it, but that is a guess.", false},
		{"g25a right 71", "idempotency-keys", "lock-instead-of-constraint", "With a lock per customer, two real purchases in parallel get serialised or refused.", false},
		{"g25a right 72", "idempotency-keys", "lock-instead-of-constraint", "A customer's lock blocks real payments made concurrently, which the business won't accept.", false},
		{"g25a right 73", "idempotency-keys", "lock-instead-of-constraint", "The per-customer lock can't tell a retry from two real charges at once.", false},
		{"g25a right 74", "redis-vs-consensus", "replication-keeps-lock", "Redis offers no monotone, failover-safe token.", false},
		{"g25a right 75", "redis-vs-consensus", "replication-keeps-lock", "There is no monotonic, failover-safe counter in Redis: INCR can go back after failover.", false},
		{"g25a right 76", "redis-vs-consensus", "replication-keeps-lock", "Redis has no failover-safe token to give the resource.", false},
		{"g25a right 77", "redis-vs-consensus", "replication-keeps-lock", "Redis gives you no failover-safe fencing number; etcd's revision is one.", false},
		{"g25a right 78", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover Kafka writes and offsets; they don't include the Postgres commit.", false},
		{"g25a right 81", "outbox-pattern", "dual-write-atomic", "A Kafka transaction covers its own writes and doesn't cover the Postgres update.", false},
		{"g25a right 82", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover writes to Kafka only; they never span a Postgres transaction.", false},
		{"g25a wrong 99", "idempotency-keys", "lock-instead-of-constraint", "A lock per customer ensures a real payment can't go through twice concurrently.", true},
	})
}

// TestFixG25aListItems: after a counted announcement of mistakes whose
// list opened with "First,", a later "Second," names the next mistake
// however many sentences of reason stand between (g25a); an item list of
// the speaker's own, or a "Second," with no announced mistakes before it,
// is still read as a claim.
func TestFixG25aListItems(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"g25a wrong 84", "fencing-token", "random-fencing-token", "Use the lock's UUID value as the fencing token.", true},
		{"g25a wrong 85", "fencing-token", "random-fencing-token", "First, take the lock with SET NX and a UUID. Second, use the UUID as the fencing token.", true},
		{"g25a wrong 86", "fencing-token", "random-fencing-token", "Two steps. First, acquire with a random value. Second, pass that random value as the fencing token on each write.", true},
		{"g25a wrong 87", "fencing-token", "random-fencing-token", "Two things matter. First, set a TTL. Second, the lock value is the fencing token, so send it with the write.", true},
		{"g25a wrong 88", "fencing-token", "random-fencing-token", "Two mistakes people make. First, no TTL at all. That deadlocks on a crash. Here is my design. First, SET NX PX with a UUID. Second, I use the UUID as the fencing token.", true},
		{"g25a wrong 89", "fencing-token", "random-fencing-token", "The random string we store in Redis is our fencing token.", true},
		{"g25a wrong 90", "fencing-token", "random-fencing-token", "Three steps. First, acquire. Second, write using the lock value as a fencing token. Third, release.", true},
		{"g25a wrong 91", "fencing-token", "random-fencing-token", "Two mistakes to avoid. First, skipping the TTL. That deadlocks. Then my approach: I pass the random lock value as the fencing token.", true},
		{"g25a wrong 92", "fencing-token", "random-fencing-token", "We generate a GUID per acquisition and the GUID is the fencing token the storage checks.", true},
		{"g25a right 93", "fencing-token", "random-fencing-token", "Two mistakes I see. First, checking the token in the client. The check races the write. Second, using the lock's UUID as the fencing token.", false},
		{"g25a right 94", "fencing-token", "random-fencing-token", "Two errors to avoid. First, a client-side check. It races. The fix is the storage check. Second, the random lock value as a fencing token. A UUID has no order.", false},
		{"g25a right 95", "fencing-token", "random-fencing-token", "Three traps. First, no TTL. Second, the UUID as the fencing token. Third, a plain DEL.", false},
	})
}
