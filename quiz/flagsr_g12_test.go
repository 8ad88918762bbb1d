package quiz_test

import "testing"

// TestLosingClaimShapesG12 holds grader g12's red-flag recall to sentences
// of our own. The classes come from a misconception inventory: every
// should-flag answer of the tuning writers and of the validation writers
// AG and AH, clustered by the wrong claim its writer noted, then checked
// against the red flag that describes it. Each class is written in several
// wordings (none is a corpus answer), beside near misses that must stay
// quiet: the correct counterpart, a negation, a refutation.
func TestLosingClaimShapesG12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A replica with failover behind each Redlock node, however the
		// "each" is said, and with "without that ..." or "instead of ..."
		// in another clause (those words exclude only in the claim's own
		// clauses).
		{"every one of the five gets a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Every one of the five nodes gets a replica under Sentinel so a dead node is replaced at once.", true},
		{"replica per master; without that, in another clause", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Give each of the five masters a replica managed by Sentinel; without that, two crashes make the lock unavailable.", true},
		{"replica per master; instead of, in the consequence", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"To keep it available, give each master a replica under Sentinel so a dead node fails over automatically instead of shrinking the pool.", true},
		{"a hot standby per node", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Each node should have its own hot standby that takes over automatically if it crashes.", true},
		{"every master backed by a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Back every master with a replica and failover so the quorum stays at five.", true},
		{"near miss: never a replica with failover", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Never give a node a replica with failover: a promoted replica may not have the key.", false},
		{"near miss: independent masters, no replicas", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The nodes must be independent masters, no replicas and no Sentinel, because a promoted replica can miss the key.", false},
		{"near miss: a replica per node would break it", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Five independent masters; adding a replica per node would break the guarantee since a promoted replica can lack the key.", false},
		{"near miss: every node without a replica", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Run every node without a replica and without Sentinel.", false},
		{"near miss: no standby, kept out", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Each master stays on its own with no standby; a crashed one is kept out longer than the longest TTL.", false},

		// The lock's random value said to act, serve or work as the
		// fencing token, wherever "random" stands in the sentence.
		{"random and unique, so it functions as a token", "fencing-token", "random-fencing-token",
			"Since the value is random and unique per lock, it functions as a fencing token for the writes.", true},
		{"reuse the UUID as the token, since no two share it", "redlock-operations-q", "random-fencing-token",
			"We can reuse the UUID from the lock as the fencing token, since no two clients share it.", true},
		{"near miss: cannot act as a token, not ordered", "redlock-operations-q", "random-fencing-token",
			"The random value is for a safe release only; it cannot act as a fencing token because it is not ordered.", false},
		{"near miss: a UUID can't serve", "fencing-token", "random-fencing-token",
			"A UUID can't serve as the fencing token since the resource cannot tell which is newer.", false},
		{"near miss: the token from a counter", "fencing-token", "random-fencing-token",
			"The random value serves the release; the token the database checks comes from an increasing counter.", false},

		// Sentinel's choice of the most caught-up replica sold as keeping
		// the lock through a failover.
		{"highest offset, so the promoted node holds the key", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel always picks the replica with the highest replication offset, so the promoted node already holds the lock key.", true},
		{"most up-to-date replica: never lost", "redis-wait-safe", "replication-keeps-lock",
			"Sentinel elects the most up-to-date replica, which means the lock key is never lost on failover.", true},
		{"the acknowledging replica is always promoted", "redis-wait-safe", "replication-keeps-lock",
			"Once WAIT is checked the failover gap is closed, because the promoted replica is always the one that acknowledged the write.", true},
		{"near miss: highest offset, but async", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel promotes the replica with the highest offset, but replication is asynchronous, so even that one may not have the key.", false},
		{"near miss: prefers, yet may lack", "redis-lock-and-failure", "replication-keeps-lock",
			"Sentinel prefers the replica with the highest offset, yet async replication means the promoted node may lack the key.", false},
		{"near miss: tries to promote the freshest", "redis-wait-safe", "replication-keeps-lock",
			"Sentinel tries to promote the most up-to-date replica; that still doesn't mean it received the lock key.", false},

		// A header that waves a concern away and ends in a colon ("X is no
		// concern:", "X isn't one of the risks:"): its negator is about its
		// own subject, so it neither denies the reason given after the colon
		// nor heads a list of suspects.
		{"dismissing header, then the reason", "redis-lock-and-failure", "replication-keeps-lock",
			"Failover isn't a worry with Sentinel: the master copies the SET to the replicas before it answers, so the promoted one has the key.", true},
		{"not one of the risks, then the reason", "redis-lock-and-failure", "replication-keeps-lock",
			"Failover isn't one of the risks: Sentinel only picks a replica that is fully synced, so the lock survives.", true},
		{"near miss: a dismissing header, then the correct account", "redis-lock-and-failure", "replication-keeps-lock",
			"Failover isn't a risk I'd ignore: the lock is lost when the master dies before replicating.", false},

		// One ownership check at the start said to cover the run's later
		// writes (a check timed in the run is a design step, not a
		// diagnosis).
		{"check at the start, then the guard dropped", "holder-id-guard", "fence-checked-once",
			"Then check at the start of the job that the number matches — once that passes, the job's other statements can drop the guard.", true},
		{"a single check covers every write", "holder-id-guard", "fence-checked-once",
			"A single epoch check when the job starts covers every write after it.", true},
		{"the early check is enough for the whole job", "holder-id-guard", "fence-checked-once",
			"Validate the token at the beginning of the run and then write without it; the early check is enough for the whole job.", true},
		{"subsequent updates needn't compare", "holder-id-guard", "fence-checked-once",
			"If the counter matches at startup, the worker owns the run, so subsequent updates don't have to compare it.", true},
		{"from then on without the condition", "holder-id-guard", "fence-checked-once",
			"Confirm the claim when the job begins; from then on the statements can go without the epoch condition.", true},
		{"near miss: every write, not once", "holder-id-guard", "fence-checked-once",
			"Check the claim number on every write, not only once at the start: a check at the start says nothing about a write ten minutes later.", false},
		{"near miss: later writes still guarded", "holder-id-guard", "fence-checked-once",
			"After the first check passes, later writes still go through the guard, since the lease can lapse at any moment.", false},
		{"near miss: subsequent writes must carry it", "holder-id-guard", "fence-checked-once",
			"Subsequent writes must carry the epoch condition too; a check at the start does not protect them.", false},

		// The session's signal checked before a plain write, sold as
		// enough.
		{"Done not fired: the Put can go ahead", "etcd-revision-guard", "check-then-act-safe",
			"If Done() hasn't fired, the lease is still valid and the Put can go ahead safely.", true},
		{"Done already closed after a pause: the check catches it", "etcd-revision-guard", "check-then-act-safe",
			"That covers the GC case: after a long pause the keepalive has failed and Done() is already closed, so the check catches it.", true},
		{"the stale leader bails instead of writing", "etcd-revision-guard", "check-then-act-safe",
			"Check the session first and only then call Put: if the session were gone you'd see it on Done, so a stale leader bails out instead of writing.", true},
		{"near miss: an open channel doesn't make it safe", "etcd-revision-guard", "check-then-act-safe",
			"An open Done channel doesn't make the Put safe: the lease can expire right after the check.", false},
		{"near miss: stop early, guard with a Txn", "etcd-revision-guard", "check-then-act-safe",
			"When Done() is closed the stale leader stops; the Txn on the create revision is what rejects its late Put.", false},
		{"near miss: carry on, but each Put a Txn", "etcd-revision-guard", "check-then-act-safe",
			"If the session is still alive, carry on, but make each Put a Txn guarded by the key's revision.", false},

		// A stale holder called harmless because its release or renewal
		// checks the token: that check keeps it from deleting the new
		// lock, not from writing.
		{"dismissed pause: the release fails, no damage", "redis-lock-and-failure", "fencing-unneeded",
			"A paused client isn't a problem: when it wakes up its compare-and-delete release simply fails, so it can't do any damage.", true},
		{"checked release and renewal: harmless", "redis-lock-and-failure", "fencing-unneeded",
			"Because release and renewal both check the token, a client that resumes after expiry finds its token gone and is harmless.", true},
		{"the release script: a late holder cannot hurt", "redis-lock-and-failure", "fencing-unneeded",
			"Since the release script compares values, a late holder cannot hurt anyone.", true},
		{"token-checked release: the pause problem goes away", "extend-lease", "fencing-unneeded",
			"With a token-checked release and renewal, the pause problem goes away.", true},
		{"near miss: protects the lock, not the data", "redis-lock-and-failure", "fencing-unneeded",
			"Compare-and-delete protects the lock, not the data: a paused holder can still write after expiry.", false},
		{"near miss: harmless because of the fencing token", "redis-lock-and-failure", "fencing-unneeded",
			"With a fencing token the paused client's late write is rejected, so it can't do any damage.", false},
		{"near miss: the storage rejects lower tokens", "redis-lock-and-failure", "fencing-unneeded",
			"Because the storage rejects tokens lower than the highest it has seen, a stale holder is harmless.", false},
		{"near miss: not true that it is harmless", "redis-lock-and-failure", "fencing-unneeded",
			"It is not true that a stale holder is harmless once the release checks the token.", false},

		// A failed renewal waved away; and an if-sentence whose "would"
		// sits in a clause joined after its main clause ("..., and
		// stopping would throw the work away") still claims its main
		// clause (markCounterfactuals).
		{"no reason to stop", "extend-lease", "work-after-lost-lease",
			"A single failed renewal is no reason to stop; the job usually finishes before the lease runs out anyway.", true},
		{"keep working, renew on the next tick", "extend-lease", "work-after-lost-lease",
			"A failed extension isn't fatal: keep working and renew on the next tick.", true},
		{"continue; stopping would waste the work", "extend-lease", "work-after-lost-lease",
			"If one renewal fails, for instance on a network timeout, the job should just continue and try again at the next interval, and stopping would throw the work away.", true},
		{"near miss: stop at once", "extend-lease", "work-after-lost-lease",
			"If a renewal fails, stop the work at once: the lease may already be gone.", false},
		{"near miss: keep the job, stop writing until renewed", "extend-lease", "work-after-lost-lease",
			"Keep working and renew on the next tick, but stop writing until the renewal succeeds.", false},
		{"near miss: one lost heartbeat is what TTL/3 is for", "extend-lease", "work-after-lost-lease",
			"Renew every third of the TTL, so one lost heartbeat isn't fatal; a failed renewal stops the work.", false},
		{"near miss: a real counterfactual", "extend-lease", "work-after-lost-lease",
			"If the job simply carried on after a failed renewal, it would write under someone else's lock.", false},
		// RECONNECTED said to prove the lock still held: after LOST it
		// comes with a new session, and the node is gone.
		{"RECONNECTED guarantees the node is mine", "session-suspended", "work-through-suspended",
			"When RECONNECTED arrives I can always just continue, because RECONNECTED guarantees the lock node is still mine.", true},
		{"RECONNECTED always means the session survived", "session-suspended", "work-through-suspended",
			"RECONNECTED always means the session survived, so the lock is still ours.", true},
		{"any RECONNECTED proves the node is there", "session-suspended", "work-through-suspended",
			"Any RECONNECTED event proves the ephemeral node is still there.", true},
		{"near miss: same session, no LOST before", "session-suspended", "work-through-suspended",
			"If RECONNECTED arrives in the same session with no LOST before it, resume; after LOST, re-acquire.", false},
		{"near miss: RECONNECTED guarantees nothing after LOST", "session-suspended", "work-through-suspended",
			"RECONNECTED doesn't guarantee the lock is still yours: after LOST it comes with a new session.", false},
		{"near miss: only the connection is back", "session-suspended", "work-through-suspended",
			"RECONNECTED only means the connection is back; check the lock node still exists before resuming.", false},

		// A longer TTL as the whole fix for two holders, and the lease
		// sized from the average run.
		{"double the TTL and you're done", "two-holders", "ttl-as-safety",
			"Two holders only happen when the TTL is shorter than the job, so double the TTL and you're done.", true},
		{"the only cause; raise it", "two-holders", "ttl-as-safety",
			"The only cause is a TTL below the job's runtime; raise it and the problem is gone.", true},
		{"the service never hands it out twice, so the TTL", "two-holders", "ttl-as-safety",
			"Lock services don't hand out one lock to two clients, so the TTL must have been too short; lengthen it.", true},
		{"near miss: doubling makes it rarer", "two-holders", "ttl-as-safety",
			"Doubling the TTL makes two holders rarer, but a GC pause can still outlast it, so fence the writes.", false},
		{"near miss: never twice at once, but after expiry", "two-holders", "ttl-as-safety",
			"A lock service never hands out the same lock twice at once; after expiry it hands it to the next client while the old one may still run.", false},
		{"near miss: the point of a lock service", "design-lock-service-q", "ttl-as-safety",
			"The whole point of a lock service is that it never grants the same lock twice, which async failover breaks.", false},
		{"average run time times 1.5", "choose-ttl", "ttl-below-runtime",
			"Measure the average run time and set the TTL to about 1.5x that.", true},
		{"the median job duration with headroom", "choose-ttl", "ttl-below-runtime",
			"Set the TTL to the median job duration with some headroom.", true},
		{"the typical runtime, outliers ignored", "choose-ttl", "ttl-below-runtime",
			"Take the typical runtime, add a little, and that's your TTL; outliers shouldn't drive it up.", true},
		{"near miss: not from the average", "choose-ttl", "ttl-below-runtime",
			"Don't size it from the average run time: the runs that matter are the slow tail.", false},
		{"near miss: the tail, not the average", "choose-ttl", "ttl-below-runtime",
			"The average run is 2s but the tail is 40s, so the TTL comes from the tail.", false},
		{"near miss: the verb 'means'", "choose-ttl", "ttl-below-runtime",
			"A long TTL means a crashed holder blocks the job for that long, so keep the lease short and renew it.", false},

		// Last write wins by the client's clock; RDB snapshots said to
		// restore the lock; a transaction said to keep a plain SELECT and
		// UPDATE apart; Redlock said to hold up through pauses; a crash
		// between two writes called harmless under locks; ownership
		// checked in etcd before a write to another store.
		{"keep the newer client timestamp", "optimistic-concurrency", "wall-clock",
			"Stamp each save with the client's clock and keep the newer one.", true},
		{"the latest timestamp the clients send wins", "optimistic-concurrency", "wall-clock",
			"Each client sends the time of its edit, and the latest timestamp wins.", true},
		{"near miss: clocks disagree", "optimistic-concurrency", "wall-clock",
			"Don't let the last write win by client timestamps: browser clocks disagree.", false},
		{"near miss: a version, not the clock", "optimistic-concurrency", "wall-clock",
			"Use a version number, not the client's clock, to detect a conflicting save.", false},
		{"snapshots bring the keys back", "redis-early-expiry", "single-node-keeps-keys",
			"RDB snapshots bring the lock keys back after a restart, so the default persistence is fine.", true},
		{"the last snapshot loaded: still there", "redis-early-expiry", "single-node-keeps-keys",
			"After a restart Redis loads the last snapshot, so the lock is still there.", true},
		{"near miss: a snapshot may predate the lock", "redis-early-expiry", "single-node-keeps-keys",
			"A restart restores an RDB snapshot that may predate the lock, so the key can be gone.", false},
		{"near miss: keys since the last snapshot are lost", "redis-early-expiry", "single-node-keeps-keys",
			"Use AOF with appendfsync always; RDB alone loses keys set since the last snapshot.", false},
		{"transactional, so SELECT then UPDATE can't", "skip-locked-queue", "isolation-prevents-race",
			"Because the database is transactional, a plain SELECT followed by an UPDATE can't hand the same row to two workers.", true},
		{"near miss: a transaction alone doesn't stop it", "skip-locked-queue", "isolation-prevents-race",
			"A transaction alone doesn't stop two workers from selecting the same job; use SKIP LOCKED or a conditional UPDATE.", false},
		{"Redlock holds up under stop-the-world pauses", "avoid-the-lock", "redlock-correctness",
			"For correctness-critical work I'd use Redlock over five masters; it holds up even under stop-the-world pauses.", true},
		{"near miss: does not stay safe", "avoid-the-lock", "redlock-correctness",
			"Redlock does not stay safe even with a majority when a client has a long GC pause.", false},
		{"a crash between debit and credit is harmless", "deadlock-ordering", "locks-make-atomic",
			"With the two locks taken, a crash between debit and credit is harmless; the next transfer continues from the current balances.", true},
		{"near miss: a crash loses money without a transaction", "deadlock-ordering", "locks-make-atomic",
			"A crash between debit and credit loses money unless both run in one transaction.", false},
		{"the etcd check, then the SQL update", "etcd-revision-guard", "check-then-act-safe",
			"For the Postgres copy it's enough to run the IsOwner txn in etcd first and do the SQL update right after.", true},
		{"near miss: the database needs its own check", "etcd-revision-guard", "check-then-act-safe",
			"The ownership Txn isn't enough for Postgres: the database has to compare the fencing token itself.", false},
		// Wordings of our own for the commonest misconceptions of the
		// inventory that their flags missed, each beside its correct
		// counterpart.
		{"the key deleted in finally, called safe", "redis-lock-and-failure", "plain-del",
			"In the finally block we delete the lock key, which is safe because nobody else runs that code path.", true},
		{"near miss: deleting only if the value matches", "redis-lock-and-failure", "plain-del",
			"Deleting the lock key is only safe if the value still matches your token, so do it in a Lua script.", false},
		{"single-threaded: never two holders", "redis-lock-and-failure", "single-threaded-lock",
			"Because Redis is single-threaded, two clients can never hold the lock at the same time.", true},
		{"near miss: single-threaded, still two believers", "redis-lock-and-failure", "single-threaded-lock",
			"Redis being single-threaded makes SET NX atomic, but two clients can still both believe they hold the lock after a pause.", false},
		{"a crashed node straight back without its data", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A node that crashes can come straight back without its data; the other nodes still hold the majority.", true},
		{"near miss: must not come straight back", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A crashed node must not come straight back without its data: another client could then build a second majority.", false},
		{"server clock jumps can't hurt Redlock", "redlock-operations-q", "clocks-irrelevant",
			"Clock jumps on the Redis servers can't hurt Redlock because the client measures elapsed time itself.", true},
		{"near miss: jumps expire the key early", "redlock-operations-q", "clocks-irrelevant",
			"Clock jumps on a node can expire the key early, so slew the clocks and never step them.", false},
		{"the window is too small to matter", "optimistic-concurrency", "check-then-act-safe",
			"Read the version, compare it in the service, and then UPDATE; the window is too small to matter.", true},
		{"two workers won't pick the same one in practice", "skip-locked-queue", "check-then-act-safe",
			"A worker can select the oldest queued job and then mark it running; two workers won't pick the same one in practice.", true},
		{"near miss: in practice they will, unless conditional", "skip-locked-queue", "check-then-act-safe",
			"In practice two workers will pick the same job unless the UPDATE is conditional or uses SKIP LOCKED.", false},
		{"publish first, then commit", "outbox-pattern", "dual-write-atomic",
			"Publish to Kafka first and then commit the transaction; if the commit fails we just log it.", true},
		{"retries: nothing is ever lost", "outbox-pattern", "dual-write-atomic",
			"Commit, then publish with retries; with enough retries nothing is ever lost.", true},
		{"near miss: events for rows that roll back", "outbox-pattern", "dual-write-atomic",
			"Publishing before the commit sends events for rows that may roll back.", false},
		{"near miss: a crash between, nothing retried", "outbox-pattern", "dual-write-atomic",
			"Retries don't help when the service crashes between the commit and the publish: nothing is ever retried.", false},
		{"the ephemeral node vanishes when the process stalls", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"An ephemeral node disappears the moment the process stalls, so two holders can't happen.", true},
		{"near miss: only when the session expires", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The ephemeral node goes away only when the session expires, not the moment the process stalls.", false},
		{"a client timeout stops the provider", "unfenceable-resource", "timeout-bounds-call",
			"Set a client timeout shorter than the lease, so the provider stops processing when the lease ends.", true},
		{"near miss: a timeout stops only our side", "unfenceable-resource", "timeout-bounds-call",
			"A client timeout only stops our side; the provider may still process the call.", false},
		{"Redlock safe even when a JVM pauses", "avoid-the-lock", "redlock-correctness",
			"With a majority it is safe even when a JVM has a long GC pause, so I need no fencing.", true},
		{"repeats the update with the current version", "optimistic-concurrency", "retry-overwrites",
			"When the version check fails, fetch the latest version and re-send the same update with it.", true},
		{"near miss: reload and ask the user", "optimistic-concurrency", "retry-overwrites",
			"If zero rows are updated, reload the current version and ask the user to merge before repeating the save.", false},
		// Claims no flag described: the resource forgetting the highest
		// token it accepted (a new flag, fence-forgets-highest), and the
		// lock service or leader election said to fence writes it never
		// sees.
		{"forgets the highest token, accepts the next", "fencing-in-real-systems", "fence-forgets-highest",
			"If the storage restarts and forgets the highest token, it just accepts the next one it sees, which is fine.", true},
		{"in memory; adopts whatever arrives first", "fencing-in-real-systems", "fence-forgets-highest",
			"The highest token can live in memory; after a restart the resource adopts whatever token arrives first.", true},
		{"losing the max token is harmless", "fencing-token", "fence-forgets-highest",
			"Losing the max token on a reboot is harmless: the next writer's token becomes the new baseline.", true},
		{"near miss: persist the highest token", "fencing-in-real-systems", "fence-forgets-highest",
			"The resource must persist the highest token it accepted; after a restart that forgot it, a stale holder's older token would be accepted.", false},
		{"near miss: same row as the data", "fencing-token", "fence-forgets-highest",
			"Store the highest token in the same row as the data so a restart cannot forget it.", false},
		{"client-go leader election fences the writes", "fencing-in-real-systems", "lock-service-fences",
			"Kubernetes leader election with client-go fences the controller's writes, so a deposed leader can't write.", true},
		{"the lock service fences the API", "unfenceable-resource", "lock-service-fences",
			"The lock service itself fences the payment API, so the zombie's call gets rejected.", true},
		{"near miss: election fences nothing", "fencing-in-real-systems", "lock-service-fences",
			"Leader election in client-go doesn't fence anything; the API server's resourceVersion check does.", false},
		{"near miss: can't fence an API without the token", "unfenceable-resource", "lock-service-fences",
			"The lock service can't fence an API that never sees the token.", false},
		// A single Redis made durable said to match consensus;
		// WithRequireLeader read as the application's leadership; a
		// heartbeat said to turn an identity guard into a fence.
		{"AOF fsync always, as safe as etcd", "redis-vs-consensus", "replication-keeps-lock",
			"Redis with AOF fsync always is as safe as etcd for locks.", true},
		{"near miss: not as safe even with fsync", "redis-vs-consensus", "replication-keeps-lock",
			"Even with AOF fsync always, a single Redis is not as safe as etcd: a failover or a lost disk loses the lock.", false},
		{"WithRequireLeader means we are still the leader", "etcd-revision-guard", "etcd-refuses-expired",
			"WithRequireLeader on the client means our instance is still the app leader when it writes.", true},
		{"a heartbeat turns the owner check into a fence", "holder-id-guard", "owner-guard-is-fence",
			"A heartbeat on the row turns the owner check into a real fence.", true},
		{"near miss: a heartbeat, still not a fence", "holder-id-guard", "owner-guard-is-fence",
			"A heartbeat keeps the claim alive, but the owner check is still not a fence.", false},
	})
}
