package quiz_test

import (
	"slices"
	"testing"
)

// TestG38cAssertedClaimsFlagged: losing claims the validation writers
// asserted with no flag (g38c), each caught by its core shape and tested
// on wordings that share the shape but not the words: eviction said to
// spare the keys that carry a TTL, a row lock said to be replicated to the
// other nodes of a cluster, fencing called optional beside a reason that
// holds its own negator, the client's own timer said to make its write
// safe, voters added to raise write throughput, clock sync said to make
// the expiry comparison exact, a payment matched on its content inside a
// window taken for a retry, a transaction held open across the user's
// edit, and a transaction said to protect only its own connection. A
// "check" that is a noun in a prepositional phrase ("for the expiry check
// on the client, ...") no longer opens a diagnosis probe, so the claim
// after it is read. The correct counterparts (the refutation, the harm
// named, a question, a "don't", the list of suspects after a colon) stay
// clean of these flags.
func TestG38cAssertedClaimsFlagged(t *testing.T) {
	b := loadBank(t)
	mine := map[string][]string{
		"two-holders":            {"no-failover-keeps-keys", "plain-del"},
		"choose-ttl":             {"wall-clock"},
		"design-lock-service-q":  {"fencing-unneeded", "client-side-fencing", "voters-scale-writes"},
		"row-lock":               {"row-lock-survives-failover"},
		"idempotency-keys":       {"content-derived-key"},
		"optimistic-concurrency": {"lock-across-network-call"},
		"avoid-the-lock":         {"row-lock-scope-wrong"},
	}
	for _, c := range []struct{ q, text string }{
		{"two-holders", "Check eviction: under volatile-lru Redis evicts exactly the keys with a TTL, so lock keys are prime candidates; use noeviction."},
		{"two-holders", "Keys that have a TTL are not safe from eviction: the volatile-* policies pick only among them."},
		{"two-holders", "Only with noeviction does Redis never evict keys, TTL or not."},
		{"two-holders", "Is it true that Redis never evicts keys with a TTL? No, volatile-ttl evicts the ones closest to expiry first."},
		{"two-holders", "People assume keys with an expiry can't be evicted; that's a myth."},
		{"two-holders", "Don't assume a key with a TTL is safe from eviction; check maxmemory-policy."},
		{"two-holders", "With allkeys-lru any key can go, with or without a TTL."},
		{"row-lock", "Galera does not replicate row locks: a FOR UPDATE on one node doesn't block writers on another, and conflicts surface as a certification failure at commit."},
		{"row-lock", "Row locks are not replicated to the replicas; only the committed changes are."},
		{"row-lock", "In a multi-primary cluster the lock is local to the node that took it, so route all writers to one node."},
		{"row-lock", "The data is replicated to all nodes, but the lock is not."},
		{"row-lock", "Committed rows are replicated to every node; the row lock stays on the primary."},
		{"row-lock", "Don't expect the row lock to be propagated to other Galera nodes."},
		{"row-lock", "Is the row lock replicated to other nodes? No, it's held in that server's memory."},
		{"design-lock-service-q", "A client's own timer is not enough: a pause can come after the check, so the resource must check a fencing token."},
		{"design-lock-service-q", "Even if the lease is still valid by its own timer, a client cannot safely write without a fence."},
		{"design-lock-service-q", "Fencing is not optional, since the service never knows when a client pauses."},
		{"design-lock-service-q", "The client tracks its lease with a monotonic timer to stop early, but the storage still rejects stale tokens."},
		{"design-lock-service-q", "Don't let a client write just because its lease looks valid by its own clock; fence at the resource."},
		{"design-lock-service-q", "A timer on the client only reduces the window; fencing is what makes it safe."},
		{"design-lock-service-q", "Is a client whose lease is valid by its own timer safe to write? No, it can pause right after checking."},
		{"design-lock-service-q", "Adding voters does not increase write throughput: every write still goes through the leader and needs a larger majority."},
		{"design-lock-service-q", "More voting members make writes slower, since each commit waits for more acks; to scale, shard the namespace over several Raft groups."},
		{"design-lock-service-q", "Scale writes by partitioning lock names over several independent consensus groups, which increases throughput."},
		{"design-lock-service-q", "Adding learners or read replicas helps reads, not write throughput."},
		{"design-lock-service-q", "Add more voters only for fault tolerance: 5 survives two failures; it won't raise write throughput."},
		{"design-lock-service-q", "Don't scale by adding voting members; throughput is bounded by the leader's log."},
		{"design-lock-service-q", "Would 9 nodes increase write throughput? No, it lowers it."},
		{"design-lock-service-q", "Throughput is bounded by one group, so add more groups, not more nodes per group."},
		{"choose-ttl", "NTP does not make clocks exact; they drift and can be stepped, so keep a margin."},
		{"choose-ttl", "Even with NTP, subtract a safety margin from the lease on the client."},
		{"choose-ttl", "Don't trust NTP-synced clocks to agree exactly; use a monotonic timer from when you sent the request, minus a margin."},
		{"choose-ttl", "The clocks are NTP-synced, but that gives milliseconds of error at best, so I stop well before expiry."},
		{"choose-ttl", "Is the comparison exact because the servers run NTP? No, NTP can step the clock by seconds."},
		{"choose-ttl", "I stop the work at two thirds of the TTL, a margin that covers drift and GC pauses."},
		{"choose-ttl", "NTP keeps clocks close, not identical, so a margin is still needed."},
		{"idempotency-keys", "Don't deduplicate by customer and amount in a time window: two real payments of the same amount would be merged; use a client-generated idempotency key."},
		{"idempotency-keys", "A customer can legitimately pay the same merchant the same amount twice in ten minutes, so content matching is wrong."},
		{"idempotency-keys", "The client generates one idempotency key per payment and reuses it on every retry."},
		{"idempotency-keys", "Heuristics like same amount and same merchant may flag fraud, but they must not decide that a payment is a retry."},
		{"idempotency-keys", "Matching on amount and a time window drops legitimate payments; the key must identify the intent, not the content."},
		{"idempotency-keys", "Is the same amount to the same merchant within ten minutes a retry? Not necessarily."},
		{"idempotency-keys", "The server stores the key under a unique constraint in the same transaction as the payment row."},
		{"optimistic-concurrency", "Don't hold the transaction open across the user's edit: it can last minutes and block everyone; use a version column."},
		{"optimistic-concurrency", "A SELECT FOR UPDATE held while the user thinks would lock the row for minutes, so use optimistic concurrency instead."},
		{"optimistic-concurrency", "Read the row and its version when the editor opens, with no transaction held, and at save do UPDATE ... WHERE version = ?."},
		{"optimistic-concurrency", "Pessimistic locking across user think time is a mistake."},
		{"optimistic-concurrency", "Take FOR UPDATE only inside the short save transaction, never while the user is typing."},
		{"optimistic-concurrency", "Should we lock the row when the user opens the editor and keep it until save? No."},
		{"optimistic-concurrency", "The save runs in one short transaction: read, compare, write, commit."},
		{"avoid-the-lock", "A transaction runs on a single connection, and its row locks block every other connection."},
		{"avoid-the-lock", "A transaction does not only protect its own connection: a conditional UPDATE in it is atomic against all writers."},
		{"avoid-the-lock", "Session advisory locks belong to a single connection, so a transaction pooler breaks them."},
		{"avoid-the-lock", "Is a transaction limited to one connection? Its statements are, but its locks bind every other session."},
		{"avoid-the-lock", "A guarded UPDATE protects against writers on every app server, not just inside one connection."},
		{"two-holders", "For the code check: a plain DEL on release, SETNX then EXPIRE, an unguarded renewal."},
		{"two-holders", "In the second check, look for a plain DEL in the release path and SETNX followed by EXPIRE."},
		{"two-holders", "During the release check, a plain DEL would have removed the other worker's key, so we replaced it with a compare-and-delete script."},
		{"two-holders", "Eviction leaves keys with a TTL alone only under noeviction, so set that."},
		{"two-holders", "Under volatile-lru, keys without a TTL are never evicted, and lock keys, which have one, are the victims."},
		{"choose-ttl", "For the expiry check on the client, I use a monotonic timer started before the request and subtract a margin for clock drift."},
		{"choose-ttl", "For the renewal check on the worker, renew at a third of the TTL with a script that compares the token."},
		{"choose-ttl", "Even with all servers NTP-synced, the comparison is not exact, so I keep a margin of a few hundred milliseconds."},
		{"design-lock-service-q", "Growing the cluster from 5 to 7 voters improves fault tolerance but makes each write wait for one more ack."},
		{"design-lock-service-q", "A bigger quorum means slower writes, not faster ones."},
		{"design-lock-service-q", "Fencing is optional only when the lock is an efficiency optimisation, where a duplicate run is harmless."},
		{"design-lock-service-q", "Renewals are optional, but the fencing check at the resource is not."},
		{"row-lock", "Galera replicates the writes of a committed transaction to all nodes; the lock itself is never shipped."},
		{"row-lock", "Replicating the row lock to other nodes would require consensus, which MySQL replication does not do."},
		{"idempotency-keys", "The server matches the amount and the customer within a minute only to alert on possible fraud, never to decide a retry."},
		{"idempotency-keys", "Two genuine payments of the same amount by the same customer within ten minutes must both go through."},
		{"optimistic-concurrency", "Holding a transaction open while the user edits blocks other writers for minutes, so we don't."},
		{"optimistic-concurrency", "The editor opens with the version number, and the save checks it in a short transaction."},
		{"avoid-the-lock", "A transaction's statements run on one connection, but its row locks and guarded updates bind every other connection too."},
		{"row-lock", "A row lock lasts one transaction on one connection and guards only rows in that database."},
		{"row-lock", "It is scoped to a single transaction and connection, and it only protects data stored in that same database."},
		{"avoid-the-lock", "The lock held by a transaction lives on one connection, yet it only protects rows of that one database."},
		{"optimistic-concurrency", "The obvious reflex, locking the record while the form is open, fails because people leave tabs open for hours."},
		{"optimistic-concurrency", "Some teams reach for FOR UPDATE held until save; it blocks everyone else for minutes."},
		{"optimistic-concurrency", "A transaction kept open until the user saves is unworkable once a tab is abandoned."},
		{"design-lock-service-q", "Tokens are optional for the efficiency locks, where a duplicate run only wastes work, and required wherever correctness matters."},
		{"design-lock-service-q", "Is fencing optional? Not for anything that writes to shared storage."},
		{"design-lock-service-q", "No lock service makes fencing optional: the holder can always stall after its grant."},
		{"design-lock-service-q", "The watch API is optional, but every resource must check the token."},
		{"design-lock-service-q", "Because a paused client never knows its lease ended, its own timer is never enough to make a write safe."},
		{"two-holders", "In the first check on the release path, we found a compare-and-delete script, so plain DEL was not the cause."},
		{"two-holders", "For the second check: GC pauses, clock jumps, a failover that lost the key."},
		{"two-holders", "In the first pass check for a plain DEL in the release path."},
		{"two-holders", "At the final check before release, the worker compares its token with the stored value in a Lua script."},
		{"choose-ttl", "In the lease check on each worker, I read a monotonic clock and stop one margin before the TTL."},
		{"choose-ttl", "For the deadline check, clocks drift and NTP can step them, so I keep a safety margin."},
	} {
		t.Run("clean/"+c.text[:40], func(t *testing.T) {
			ids := raisedFlags(t, b, c.q, c.text)
			for _, id := range mine[c.q] {
				if slices.Contains(ids, id) {
					t.Errorf("%s: flags=%v, want no %s", c.text, ids, id)
				}
			}
		})
	}
	for _, c := range []struct{ q, text, want string }{
		{"two-holders", "Eviction can't be the cause here, because keys carrying an expiry are never evicted by Redis.", "no-failover-keeps-keys"},
		{"two-holders", "I would rule out eviction: Redis leaves keys with an expiry alone and only drops keys without one.", "no-failover-keeps-keys"},
		{"two-holders", "Memory pressure is not a suspect, but keys that have a TTL are never evicted, so the lock key could not go.", "no-failover-keeps-keys"},
		{"two-holders", "Things to check: the release code and the renewals. Not eviction, since Redis won't evict a key with an expiry.", "no-failover-keeps-keys"},
		{"two-holders", "My recommendation: don't bother with maxmemory settings, keys with a TTL cannot be evicted.", "no-failover-keeps-keys"},
		{"two-holders", "Redis never evicts keys that have a TTL set, only persistent ones, so lock keys are safe from that.", "no-failover-keeps-keys"},
		{"row-lock", "On a Galera cluster the row lock is replicated to all nodes, so writers on different nodes block each other.", "row-lock-survives-failover"},
		{"row-lock", "Row locks get shipped to every node in the cluster, so a writer on node B waits for the lock held on node A.", "row-lock-survives-failover"},
		{"row-lock", "It works across a multi-primary cluster too, because the lock is copied to every replica.", "row-lock-survives-failover"},
		{"row-lock", "I'd run it on Galera: the locks are replicated synchronously, so another node's transaction blocks until we commit.", "row-lock-survives-failover"},
		{"design-lock-service-q", "Since the service never hands the lock to two clients, fencing is optional.", "fencing-unneeded"},
		{"design-lock-service-q", "A worker that checks its lease against its own timer before writing is safe, and that's enough.", "client-side-fencing"},
		{"design-lock-service-q", "Fencing is optional here, since no two clients ever get the lock at once.", "fencing-unneeded"},
		{"design-lock-service-q", "The holder tracks its lease with a local timer and, while it is still valid, writes freely; that is sufficient.", "client-side-fencing"},
		{"design-lock-service-q", "For the resources fencing is optional: since the service never grants the same lock twice, a client whose lease is still valid by its own timer can safely write.", "fencing-unneeded"},
		{"design-lock-service-q", "To scale, add more voting members, say 9 or 11, which increases write throughput because the load is shared.", "voters-scale-writes"},
		{"design-lock-service-q", "More Raft voters means more write capacity, since each node handles part of the writes.", "voters-scale-writes"},
		{"design-lock-service-q", "If we need more acquisitions per second, we grow the etcd cluster from 5 to 9 members to raise write throughput.", "voters-scale-writes"},
		{"design-lock-service-q", "Scaling is easy: add nodes to the consensus group and writes get faster.", "voters-scale-writes"},
		{"design-lock-service-q", "I'd recommend a larger quorum, like 7 nodes, for higher write throughput.", "voters-scale-writes"},
		{"choose-ttl", "Our servers are NTP-synced, so comparing the client clock with the server's expiry is exact and needs no margin.", "wall-clock"},
		{"choose-ttl", "Because every host runs NTP, the clocks agree exactly, so the client can use the full TTL.", "wall-clock"},
		{"choose-ttl", "With chrony keeping the machines in sync, there is no need for a safety margin on the expiry check.", "wall-clock"},
		{"choose-ttl", "NTP makes the clocks identical, so I check time.Now() against the server's expiry timestamp with no slack.", "wall-clock"},
		{"choose-ttl", "Since the clocks are synchronised, the lease ends at exactly the same moment on both sides, so no buffer is needed.", "wall-clock"},
		{"idempotency-keys", "Deduplicate on the server: if the same customer pays the same amount to the same merchant within ten minutes, treat it as a retry.", "content-derived-key"},
		{"idempotency-keys", "Two payments with the same card, amount and payee within five minutes are the same payment; return the first result.", "content-derived-key"},
		{"idempotency-keys", "Treat any charge identical in amount and customer to one in the last few minutes as a retry, which is strictly better than idempotency keys.", "content-derived-key"},
		{"optimistic-concurrency", "Open a transaction with SELECT FOR UPDATE when the user starts editing and commit when they hit save.", "lock-across-network-call"},
		{"optimistic-concurrency", "Lock the document row when the editor opens and hold the transaction until the user saves.", "lock-across-network-call"},
		{"optimistic-concurrency", "Keep the row locked with FOR UPDATE for as long as the user has the form open, so the second user waits.", "lock-across-network-call"},
		{"optimistic-concurrency", "Hold a database transaction open while the user types, and commit on save.", "lock-across-network-call"},
		{"avoid-the-lock", "Database transactions are not enough, because a transaction only protects work inside a single connection.", "row-lock-scope-wrong"},
		{"avoid-the-lock", "A transaction only isolates statements on its own connection, so two app servers can still both update the row.", "row-lock-scope-wrong"},
		{"avoid-the-lock", "It's simple, but a transaction only guards what happens on one connection, so we need a Redis lock.", "row-lock-scope-wrong"},
		{"choose-ttl", "For the lease check on the worker, the clocks are NTP-synced, so comparing wall-clock times is exact and no margin is needed.", "wall-clock"},
		{"two-holders", "For the release check on the worker, we simply DEL the key when done, which is safe.", "plain-del"},
		{"design-lock-service-q", "Tokens are optional because leases never overlap in our design.", "fencing-unneeded"},
		{"choose-ttl", "In the deadline check on each worker, NTP keeps the clocks identical, so there is no need for a margin.", "wall-clock"},
	} {
		t.Run("flag/"+c.text[:40], func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); !slices.Contains(ids, c.want) {
				t.Errorf("%s: flags=%v, want %s", c.text, ids, c.want)
			}
		})
	}
}
