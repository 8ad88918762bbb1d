package quiz_test

import (
	"testing"
)

// g21Bases are short correct answers of our own, by question, that the
// claims of TestRecallG21 are appended to.
var g21Bases = map[string]string{
	"etcd-revision-guard":     "The worker writes with a transaction whose compare checks that its lock key still has the create revision it got, so a stale holder's put fails.",
	"unfenceable-resource":    "The provider cannot check a token, so every call carries an idempotency key derived from our payment id, and a nightly reconciliation refunds any duplicate.",
	"optimistic-concurrency":  "Each document carries a version number that the edit form sends back; the save updates only where the version is still the one read, and zero rows updated is a conflict shown to the user.",
	"row-lock":                "Yes, in effect: a row lock coordinates every client, but only for data inside that database. It lasts until commit or rollback, so there is no TTL to guess.",
	"outbox-pattern":          "Write the event as an outbox row in the same transaction as the status change, and let a relay publish it to Kafka afterwards; consumers drop repeats by event id.",
	"redlock-operations-q":    "Every node persists the key before it replies, or a crashed node stays out for longer than the longest TTL. A client that misses the majority unlocks all five nodes, and retries wait a random delay.",
	"deadlock-ordering":       "Two transfers in opposite directions can each hold one account and wait for the other. Lock both accounts in one global order, by account id.",
	"fencing-in-real-systems": "Kafka's producer epoch, Raft's term and HDFS's journal epochs all hand a growing number to each new owner, and the receiver refuses a request with an older one.",
	"idempotency-keys":        "The client makes one idempotency key per payment and sends the same key on every retry; the server records it under a unique constraint in the same transaction as the payment and replays the stored response.",
	"redis-vs-consensus":      "Redis replicates after it replies, so a failover can lose a granted lock. etcd commits through a quorum first and its revisions only grow, so the storage can use them as fencing tokens.",
	"fencing-token":           "A fencing token is a number that grows with every grant of the lock. The storage remembers the highest token it accepted and turns away a write with a smaller one.",
	"redis-wait-safe":         "WAIT blocks until the given number of replicas acknowledged the write or the timeout passed, and its return value has to be checked.",
	"session-suspended":       "On SUSPENDED I stop the protected work at once, on LOST I give the lock up and acquire it again, and the writes carry the lock node's sequence number as a fencing token that the store compares.",
}

// TestRecallG21: each wrong claim that g21b's read writers slipped into
// otherwise good answers, in wordings of our own, raises its red flag when
// added to a correct answer; the correct counterpart, in similar words,
// raises none.
func TestRecallG21(t *testing.T) {
	checkInserted(t, func(q string) string { return g21Bases[q] }, false, []flagCase{
		// The data key's own revision taken as proof of holding the lock.
		{"unchanged data revision proves leadership", "etcd-revision-guard", "data-revision-as-lock", "Compare the config key's ModRevision with the one from our last write; if it is unchanged, we are still the leader and the put is safe.", true},
		{"data key untouched means still holder", "etcd-revision-guard", "data-revision-as-lock", "As long as the mod revision of the routes key has not moved since my own write, nobody else has become leader, so I can write.", true},
		{"guard on the value key replaces the lock key", "etcd-revision-guard", "data-revision-as-lock", "The txn only needs to compare the data key's mod_revision with what we last wrote; that proves we still hold the lock.", true},
		{"data revision only detects other writes", "etcd-revision-guard", "data-revision-as-lock", "A compare on the routes key's ModRevision only shows nobody wrote it since; it says nothing about who holds the lock, so the compare is on the lock key's create revision.", false},
		// A fencing token in a field the provider never reads.
		{"token in metadata makes the provider ignore stale", "unfenceable-resource", "unaware-resource-fenced", "Put our fencing token in the request's metadata, and the provider will notice a higher token and ignore the older call.", true},
		{"provider drops the lower token", "unfenceable-resource", "unaware-resource-fenced", "We send the token in the description field, so the payment provider discards any request with a lower token.", true},
		{"provider sees newer token", "unfenceable-resource", "unaware-resource-fenced", "Add the fencing token as a custom header; the provider sees that a later request carries a bigger number and drops the stale one.", true},
		{"metadata passed through", "unfenceable-resource", "unaware-resource-fenced", "A token in the metadata field is passed straight through; the provider never compares it, so it fences nothing.", false},
		// SERIALIZABLE around the save only, the read being an earlier request.
		{"serializable save handler", "optimistic-concurrency", "isolation-prevents-race", "Just run the save handler in a SERIALIZABLE transaction: Postgres sees the two saves conflict and aborts one, so nothing is overwritten.", true},
		{"serializable save aborts second", "optimistic-concurrency", "isolation-prevents-race", "Wrapping each save in a serializable transaction makes the database abort the later one, which fixes the lost update.", true},
		{"serializable isolation on update", "optimistic-concurrency", "isolation-prevents-race", "Set the isolation level of the update to SERIALIZABLE and the database will refuse the second save, so the first edit is never lost.", true},
		{"serializable cannot see the earlier read", "optimistic-concurrency", "isolation-prevents-race", "A serializable transaction around the save alone changes nothing, because the read happened in an earlier request outside it.", false},
		// FOR UPDATE said to lock a row that does not exist yet.
		{"for update locks missing key", "row-lock", "for-update-missing-row", "In Postgres, SELECT ... FOR UPDATE on a key that doesn't exist yet locks that key, so two transactions can't insert the same row.", true},
		{"for update on absent row blocks inserts", "row-lock", "for-update-missing-row", "If the row is not there yet, FOR UPDATE still locks the gap, which stops a second transaction from inserting it.", true},
		{"for update prevents duplicate inserts", "row-lock", "for-update-missing-row", "Locking the id with FOR UPDATE before the insert prevents duplicate inserts, even when the row does not exist yet.", true},
		{"for update locks only existing rows", "row-lock", "for-update-missing-row", "FOR UPDATE only locks rows that exist; for a key that doesn't exist yet, a unique constraint stops the duplicate insert.", false},
		// A client timeout said to keep the provider from getting the call late.
		{"timeout under lease guarantees no late delivery", "unfenceable-resource", "timeout-bounds-call", "Set the HTTP timeout below the remaining lease; that guarantees the provider never receives our call after the lease expired.", true},
		{"timeout means provider cannot get it late", "unfenceable-resource", "timeout-bounds-call", "With a client timeout shorter than the lease, the request cannot reach the provider once the lease is over.", true},
		{"short deadline keeps calls inside lease", "unfenceable-resource", "timeout-bounds-call", "A deadline shorter than what is left of the lease makes sure the provider gets every call while we still hold the lock.", true},
		{"timeout does not stop delivery", "unfenceable-resource", "timeout-bounds-call", "A client timeout only stops us waiting; the request can still reach the provider after the lease is gone.", false},
		// A rollback said to make an external call atomic with the database.
		{"rollback makes api call atomic", "row-lock", "lock-across-network-call", "Call the payment API while holding the row lock and commit only once it succeeds; a failure rolls back, so the API call and the write are atomic.", true},
		{"call stripe under for update", "row-lock", "lock-across-network-call", "Lock the order row, call Stripe, then commit: if anything fails the transaction rolls back and the charge happens only once.", true},
		{"external call inside transaction undone", "row-lock", "lock-across-network-call", "Make the external call inside the transaction that holds the row lock, and a rollback undoes it together with the database write.", true},
		{"rollback cannot undo the call", "row-lock", "lock-across-network-call", "A rollback undoes only the database writes; a charge the provider already made stays, so the call does not belong inside the transaction.", false},
		// Kafka transactions said to span a database write.
		{"kafka transaction wraps postgres", "outbox-pattern", "dual-write-atomic", "Kafka's exactly-once transactions can do it too: open a Kafka transaction, run the Postgres update inside it, and commit both together.", true},
		{"kafka txn commits db and topic", "outbox-pattern", "dual-write-atomic", "With a transactional producer, the database update and the send are committed together in one Kafka transaction.", true},
		{"kafka exactly once covers the db", "outbox-pattern", "dual-write-atomic", "Kafka transactions make the Postgres write and the publish atomic, so no outbox table is needed.", true},
		{"kafka txns cover only kafka", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover only writes to Kafka topics; they cannot include the Postgres update.", false},
		// The validity left checked before the write said to stop a pause overlap.
		{"validity check before write stops overlap", "redlock-operations-q", "client-side-fencing", "Have each client check its remaining validity right before every write and skip it if little is left; then a pause can't cause overlapping writes.", true},
		{"remaining ttl check prevents pause", "redlock-operations-q", "client-side-fencing", "Checking the time left on the lock just before writing prevents a paused client from writing after expiry.", true},
		{"enough validity left means safe", "redlock-operations-q", "client-side-fencing", "If the client confirms enough validity remains immediately before the write, two clients can never write at the same time.", true},
		{"validity check narrows only", "redlock-operations-q", "client-side-fencing", "Checking the remaining validity just before writing only narrows the gap: a pause can still fall between the check and the write.", false},
		// FOR UPDATE said not to block other connections or servers.
		{"for update only current connection", "row-lock", "row-lock-scope-wrong", "SELECT FOR UPDATE only locks the row for the current connection; another app server with its own connection can still update it.", true},
		{"other connections not blocked", "row-lock", "row-lock-scope-wrong", "A row lock taken with FOR UPDATE doesn't block other connections, so a second instance can still write the row.", true},
		{"other pods unaffected", "row-lock", "row-lock-scope-wrong", "FOR UPDATE doesn't stop transactions from other pods; they can change the row at the same time.", true},
		{"for update blocks every connection", "row-lock", "row-lock-scope-wrong", "FOR UPDATE blocks other transactions on any connection from any server until the holder commits.", false},
		// Locks said to make the debit and credit atomic without a transaction.
		{"locks make transfer atomic", "deadlock-ordering", "locks-make-atomic", "Because both locks are held for the whole operation, the debit and credit need no database transaction; the locks already make the transfer atomic.", true},
		{"holding both locks no transaction", "deadlock-ordering", "locks-make-atomic", "With both account locks held, the two updates don't have to be in a transaction.", true},
		{"locks suffice for atomicity", "deadlock-ordering", "locks-make-atomic", "The two locks are enough to keep the debit and credit all-or-nothing, so we can skip the transaction.", true},
		{"transaction makes atomic", "deadlock-ordering", "locks-make-atomic", "The locks only keep other transfers out; a transaction makes the debit and credit atomic.", false},
		// A separate Get before the Put said to be as safe as the txn.
		{"get then put as safe as txn", "etcd-revision-guard", "check-then-act-safe|client-side-fencing", "Doing a Get of the lock key first and issuing the Put only if it is still there is just as safe as a transaction, since reads are linearizable.", true},
		{"linearizable read then put", "etcd-revision-guard", "check-then-act-safe|client-side-fencing", "A linearizable Get of my lock key right before the Put is enough; the answer can't be stale, so no Txn is needed.", true},
		{"check key then write", "etcd-revision-guard", "check-then-act-safe|client-side-fencing", "It is fine to read the lock key and then put the routes if the key still exists; that is as good as the compare.", true},
		{"get then put can race", "etcd-revision-guard", "check-then-act-safe|client-side-fencing", "A Get before the Put can be stale by the time the Put lands, so the check goes into the transaction's compare.", false},
		// The ephemeral node's deletion said to block the stale holder's writes.
		{"ephemeral node blocks writes", "fencing-in-real-systems", "lock-service-fences", "ZooKeeper-based systems get fencing for free: once the old holder's session dies its ephemeral node vanishes, and that blocks its writes.", true},
		{"node gone means no writes", "fencing-in-real-systems", "lock-service-fences", "When the session expires, ZooKeeper deletes the ephemeral node, which stops the old holder from writing to the region data.", true},
		{"ephemeral deletion fences", "fencing-in-real-systems", "lock-service-fences", "The deletion of the ephemeral znode is what fences a deposed holder out of the storage.", true},
		{"ephemeral deletion fences nothing", "fencing-in-real-systems", "lock-service-fences", "The ephemeral node's deletion only frees the lock; the storage must still check an epoch to turn the old holder away.", false},
		// The server minting the key and returning it in the response.
		{"server generates key in response", "idempotency-keys", "fresh-idempotency-key", "Have the server generate an idempotency key for each payment and return it in the response; the client sends it back on a retry.", true},
		{"key handed back by server", "idempotency-keys", "fresh-idempotency-key", "The server creates the key and hands it back with its reply, so retries carry it.", true},
		{"server-issued key in reply", "idempotency-keys", "fresh-idempotency-key", "Let the backend issue the idempotency key in the response, and the client reuses it when it retries.", true},
		{"client-generated key", "idempotency-keys", "fresh-idempotency-key", "The client generates the key before the first attempt, because a response that timed out never reaches it.", false},
		// fsync on the primary said to stop a failover losing the lock.
		{"appendfsync always stops failover loss", "redis-vs-consensus", "replication-keeps-lock", "Enable appendfsync always on the primary and then a failover can't lose an acknowledged lock.", true},
		{"fsync primary fixes failover", "redis-vs-consensus", "replication-keeps-lock", "Turning on fsync on the master fixes the failover problem, since every lock is on disk before the reply.", true},
		{"aof always keeps lock through failover", "redis-vs-consensus", "replication-keeps-lock", "With AOF fsync on every write, the lock survives a failover to the replica.", true},
		{"fsync does not reach replica", "redis-vs-consensus", "replication-keeps-lock", "fsync on the primary protects against its own restart, but the replica that Sentinel promotes may still never have seen the lock.", false},
		// A check of Session.Done before the Put said to be enough.
		{"session done check enough", "etcd-revision-guard", "client-side-fencing", "It's fine to skip the transaction and just check that session.Done() is not closed right before the Put, because then the leader is guaranteed to own the lock.", true},
		{"open done channel means owner", "etcd-revision-guard", "client-side-fencing", "If the Done channel is still open when we write, we still hold the lock, so the write is safe.", true},
		{"select on done before put", "etcd-revision-guard", "client-side-fencing", "A select on Session.Done() just before each Put is enough to stop a deposed leader writing.", true},
		{"done is late", "etcd-revision-guard", "client-side-fencing", "Session.Done() closes late, after the lease is already gone, so the write is still guarded by the transaction's compare.", false},
		// The lock service said to check the token instead of the resource.
		{"lock service checks token", "fencing-token", "client-side-fencing", "On every write the client sends the token to the lock service, which confirms it's current, so the database needs to know nothing about tokens.", true},
		{"ask lock server to validate", "fencing-token", "client-side-fencing", "Before each write the client asks the lock server to validate its token, so the storage never sees it.", true},
		{"lock manager verifies token", "fencing-token", "client-side-fencing", "The lock manager verifies the token for each write; the resource does not need to check anything.", true},
		{"resource checks the token", "fencing-token", "client-side-fencing", "The resource checks the token on every write, because the lock service never sees the writes.", false},
		// GET then SET on the idempotency key.
		{"get then set in redis", "idempotency-keys", "check-then-act-safe", "On the server, first GET idem:key in Redis; if it is missing, process the payment and then SET the key with the response. That's enough to block duplicates.", true},
		{"check key exists then store", "idempotency-keys", "check-then-act-safe", "Look the key up first; when it is missing, charge the card and store the key afterwards, which stops the duplicates.", true},
		{"select key then insert", "idempotency-keys", "check-then-act-safe", "SELECT the key; if no row comes back, charge the card and insert the key with the result, which blocks repeats.", true},
		{"set nx claims the key", "idempotency-keys", "check-then-act-safe", "Claim the key atomically with SET NX or an insert under a unique constraint before charging, so two concurrent retries cannot both pass.", false},
		// ZooKeeper said to tell a holder of its expiry before anyone else acquires.
		{"zk notifies before others acquire", "redis-vs-consensus", "session-expiry-notified-first", "With ZooKeeper the client is always notified of its session expiration before any other client can acquire the lock, so it stops in time.", true},
		{"holder hears first", "redis-vs-consensus", "session-expiry-notified-first", "ZooKeeper tells the holder its session expired before the lock is handed to anyone else, so a holder can never act after losing it.", true},
		{"expired event arrives before next holder", "session-suspended", "session-expiry-notified-first", "The Expired event always reaches the old holder before the next client gets the lock, so there is never an overlap.", true},
		{"client learns late", "redis-vs-consensus", "session-expiry-notified-first", "A ZooKeeper client learns its session expired only when it reconnects, so another client may hold the lock before it knows.", false},
		// A WAIT timeout read as the SET not having happened.
		{"wait 0 means not applied", "redis-wait-safe", "wait-makes-safe", "If WAIT returns 0, the SET was not applied on the primary, so you can just retry the acquire.", true},
		{"wait timeout set undone", "redis-wait-safe", "wait-makes-safe", "When WAIT times out, the write didn't happen, so the lock isn't held and we simply try again.", true},
		{"no acks means no key", "redis-wait-safe", "wait-makes-safe", "A WAIT that gets no acknowledgements means the primary never stored the key.", true},
		{"wait 0 key still there", "redis-wait-safe", "wait-makes-safe", "If WAIT returns 0 the SET is still applied on the primary; nothing is rolled back, so we must delete it ourselves.", false},
		// A restart without persistence said to be safe.
		{"persistence not needed majority", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Persistence is not needed: if a node restarts empty, the other four still hold the majority.", true},
		{"node can come back empty", "redlock-operations-q", "redlock-replicas-or-no-persistence", "A crashed node can restart with no data, since the rest of the nodes keep the lock.", true},
		{"no aof needed", "redlock-operations-q", "redlock-replicas-or-no-persistence", "You can run the masters without AOF; a restarted node that lost its keys is fine because the others still have them.", true},
		{"restart delay needed", "redlock-operations-q", "redlock-replicas-or-no-persistence", "A node that restarts without its keys must stay out longer than the longest TTL, or a second majority can form.", false},
		// The provider's idempotency key said to fence the stale holder.
		{"idempotency key fully fences", "unfenceable-resource", "idempotency-key-fences", "The provider's idempotency key fully fences the stale holder: any request the old holder sends after losing the lease is rejected.", true},
		{"key rejects deposed holder", "unfenceable-resource", "idempotency-key-fences", "With an idempotency key, the provider turns away the old holder's calls once it lost the lock.", true},
		{"key works as fencing token", "unfenceable-resource", "idempotency-key-fences", "The idempotency key acts as a fencing token, so the provider refuses the stale holder's request.", true},
		{"key only dedupes same work", "unfenceable-resource", "idempotency-key-fences", "The idempotency key keeps one effect when both holders send the same payment; it does not order writes or turn anyone away.", false},
	})
}
