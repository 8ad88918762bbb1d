package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestLosingClaimShapesG10 holds grader g10's red-flag recall to sentences
// of our own. The classes are the misconceptions behind the losing claims
// the grader missed on the validation writers AA and AB (read for g10),
// grouped across writers and questions and written as general claims
// (subject, relation, consequence): each class has phrasings in other
// words and structures, on more than one question where the mistake can
// be made, beside near misses that must stay quiet (the correct
// counterpart, a negation, a refutation, a quoted claim). None of these
// sentences is a corpus answer.
func TestLosingClaimShapesG10(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A random or merely unique value (a UUID, a lease id) said to
		// serve as the fencing token because it is unique.
		{"a UUID token only needs to be unique", "fencing-token", "random-fencing-token",
			"The token can be a random UUID per grant; it only has to be unique so the database can tell the holders apart.", true},
		{"unique values never collide, so a safe token", "design-lock-service-q", "random-fencing-token",
			"Each grant returns its lease id, a random 128-bit value, and because those never collide it is a safe fencing token with no extra coordination.", true},
		{"each value unique per acquisition, so it fences", "fencing-in-real-systems", "random-fencing-token",
			"Redisson hands every acquisition its own random id, and since that id is unique per acquisition it works as a fencing token.", true},
		{"a GUID per holder is enough for fencing", "holder-id-guard", "random-fencing-token",
			"Give every claim a fresh GUID and pass it with each write; uniqueness is all the fence needs.", true},
		{"near miss: a UUID is never a safe token", "fencing-token", "random-fencing-token",
			"A UUID is never a safe fencing token, however unique it is: it says nothing about which holder is newer.", false},
		{"near miss: unique says different, not older", "fencing-token", "random-fencing-token",
			"A random UUID is unique, but it can't serve as a fencing token: the storage can tell that two values differ, not which one is newer.", false},
		{"near miss: random value for release, counter for the fence", "design-lock-service-q", "random-fencing-token",
			"The lease id is a random value that is unique per grant and only guards the release; the fencing token is a separate counter that grows with every grant.", false},
		{"rejects older ones, and unique values make a safe token", "design-lock-service-q", "random-fencing-token",
			"Resources remember the last lease id and turn away an older one; since the ids are random and never collide, that's a safe fencing token.", true},

		// A GC pause target (MaxGCPauseMillis, a low-pause collector) read
		// as a bound on pauses, so a TTL above it cannot be outlived.
		{"MaxGCPauseMillis caps pauses", "choose-ttl", "ttl-as-safety",
			"We run G1 with MaxGCPauseMillis=100, so pauses are capped at 100 ms and a couple of seconds of margin covers them.", true},
		{"pause goal as a hard limit", "unfenceable-resource", "ttl-as-safety",
			"The JVM's pause-time goal limits every collection to 200 ms, so a ten-second lease can't be outlived by a GC pause.", true},
		{"ZGC pauses never exceed a millisecond", "extend-lease", "ttl-as-safety",
			"With ZGC, pauses never exceed a millisecond, so GC isn't a concern for the lease.", true},
		{"near miss: a goal, not a bound", "choose-ttl", "ttl-as-safety",
			"MaxGCPauseMillis is only a goal the collector aims for, not a bound: a full GC or a stalled VM can still pause the process for seconds.", false},
		{"near miss: even with a pause target the lease can lapse", "unfenceable-resource", "ttl-as-safety",
			"Even with a 200 ms pause target, a stop-the-world can outlast the lease, so the provider still needs the idempotency key.", false},

		// A renewal thread said to keep the lease alive through the
		// worker's pause.
		{"own thread keeps renewing through a GC pause", "extend-lease", "ttl-as-safety",
			"Because the renewal runs on its own dedicated thread, a GC pause in the worker doesn't stop it, so the lease stays alive through pauses.", true},
		{"sidecar renews, so a pause can't lose the lock", "extend-lease", "ttl-as-safety",
			"A sidecar process does the heartbeats, so even a long pause in the application can't cost us the lock.", true},
		{"heartbeat thread is unaffected by pauses", "redis-lock-and-failure", "ttl-as-safety",
			"The watchdog lives in a separate thread that pauses don't affect, so the lease never lapses while the job runs.", true},
		{"near miss: stop-the-world stops the renewal too", "extend-lease", "ttl-as-safety",
			"Putting the renewal on its own thread doesn't help: a stop-the-world GC pauses every thread, the renewal included, and the lease lapses.", false},
		{"near miss: the thread renews while the worker is stuck", "extend-lease", "ttl-as-safety",
			"A separate heartbeat thread can keep renewing while the worker itself is stuck, which is why a live lease proves nothing about the work.", false},

		// The TTL said to make a deadlock impossible or lock ordering
		// irrelevant for distributed locks.
		{"one lease expires and the other goes through", "deadlock-ordering", "ttl-as-safety",
			"If two transfers end up waiting on each other, one lease just expires and the other transfer proceeds.", true},
		{"ordering only matters in-process", "deadlock-ordering", "ttl-as-safety",
			"Lock ordering matters for threads in one process, not for Redis locks with a TTL.", true},
		{"near miss: expiry ends the wait, unsafely", "deadlock-ordering", "ttl-as-safety",
			"If two transfers wait on each other, one lease eventually expires and the other proceeds, but the first transfer is still running, so that is two holders, not a fix.", false},

		// An AP or backed-up store said to keep mutual exclusion through a
		// partition or a member failure.
		{"AP map gives exclusion under partition", "design-lock-service-q", "replication-keeps-lock",
			"putIfAbsent on the Hazelcast map is atomic across the cluster, so it gives real mutual exclusion even when the network partitions.", true},
		{"a backup means a member failure loses nothing", "design-lock-service-q", "replication-keeps-lock",
			"Every entry has a backup on another member, so a member failure loses no locks.", true},
		{"near miss: only a quorum keeps exclusion under partition", "design-lock-service-q", "replication-keeps-lock",
			"A Raft majority keeps mutual exclusion even when the network partitions: the minority side cannot commit a grant.", false},
		{"near miss: async backups lose locks", "design-lock-service-q", "replication-keeps-lock",
			"Hazelcast's backups are asynchronous, so a member failure can lose a lock that was just granted.", false},

		// A fence on one store said to cover the writes the job makes
		// elsewhere (an external API, S3, a downstream database).
		{"the epoch check fences the external calls too", "holder-id-guard", "fence-covers-elsewhere",
			"Once the epoch guard is in place the whole job is fenced, including its uploads to S3 and the calls to the billing API.", true},
		{"the token on one table protects the provider calls", "fencing-token", "fence-covers-elsewhere",
			"The fencing token checked on the orders table also protects our calls to the payment provider.", true},
		{"a generation fence reaches downstream writes", "fencing-in-real-systems", "fence-covers-elsewhere",
			"Once the group generation moves on, the zombie consumer's commits are refused, which also means it can't write duplicate rows to our database downstream.", true},
		{"the first rejected write stops the external calls", "etcd-revision-guard", "fence-covers-elsewhere",
			"The stale worker learns from its first rejected write that it lost the lock and never gets to the external calls, so those are fenced as well.", true},
		{"near miss: the fence covers only its own store", "holder-id-guard", "fence-covers-elsewhere",
			"The epoch guards only the rows in this database; the S3 upload and the billing call are not fenced and need idempotency keys of their own.", false},
		{"near miss: a consumer's downstream writes need their own guard", "fencing-in-real-systems", "fence-covers-elsewhere",
			"The generation fences offset commits inside Kafka; it doesn't stop a zombie consumer's writes to an external database, which need their own check.", false},

		// A lookup of the key, then the work, then the record written:
		// the check and the write are separate, so two retries both pass.
		{"GET the key, process, then SET it", "idempotency-keys", "check-then-act-safe",
			"Look the key up in Redis; if it isn't there, charge the card and then SET the key with the response.", true},
		{"no row found, call the provider, insert after", "idempotency-keys", "check-then-act-safe",
			"On each request we query the table; if there is no row, we call the provider and insert the key afterwards.", true},
		{"near miss: insert first, then call", "idempotency-keys", "check-then-act-safe",
			"Insert the key first with a pending status under a unique constraint; only the request whose insert wins calls the provider.", false},
		{"near miss: GET then SET called racy", "idempotency-keys", "check-then-act-safe",
			"A GET, then the charge, then a SET is racy: two concurrent retries can both miss the key and both charge.", false},

		// A tiny gap between a separate check and a write said to make the
		// race negligible.
		{"microseconds apart, so no practical race", "optimistic-concurrency", "check-then-act-safe",
			"The SELECT and the UPDATE are only milliseconds apart, so a race between two saves isn't a real concern.", true},
		{"a window so small they never collide", "optimistic-concurrency", "check-then-act-safe",
			"The window between reading the version and writing it back is so small that two saves practically never collide.", true},
		{"back to back, the race is theoretical", "idempotency-keys", "check-then-act-safe",
			"Since the lookup and the insert run back to back, the race between two retries is purely theoretical.", true},
		{"near miss: however short, two saves fit", "optimistic-concurrency", "check-then-act-safe",
			"However short the gap between the SELECT and the UPDATE, two saves can both land in it, so the version goes in the WHERE.", false},
		{"near miss: only microseconds, but it happens", "optimistic-concurrency", "check-then-act-safe",
			"The gap is only microseconds, but at our traffic that race does happen, so the check has to be part of the write.", false},

		// A FOR UPDATE row lock said to outlive its transaction (held for
		// the session, until the next statement, under autocommit).
		{"autocommit lock held for the session", "row-lock", "row-lock-scope-wrong",
			"In autocommit mode the lock from SELECT ... FOR UPDATE is held until you close the connection, so no BEGIN is needed.", true},
		{"the lock belongs to the row, not the transaction", "row-lock", "row-lock-scope-wrong",
			"No transaction needed: the row lock belongs to the session, not the transaction.", true},
		{"the row stays locked until your UPDATE", "row-lock", "row-lock-scope-wrong",
			"Run the SELECT FOR UPDATE on its own and the row stays locked until you issue the UPDATE as a separate statement.", true},
		{"near miss: autocommit releases it at once", "row-lock", "row-lock-scope-wrong",
			"Under autocommit the FOR UPDATE lock is released as soon as the SELECT finishes, so the select and the update need an explicit transaction.", false},
		{"near miss: the lock belongs to the transaction", "row-lock", "row-lock-scope-wrong",
			"The row lock belongs to the transaction, not the session, and it ends at commit or rollback.", false},
		{"near miss: tied to the transaction and its connection", "row-lock", "row-lock-scope-wrong",
			"It's a lock the database holds for every instance, tied to the transaction and its connection, not a lease.", false},

		// A row lock said to block plain reads.
		{"plain SELECTs wait for the commit", "row-lock", "row-lock-scope-wrong",
			"Other services' plain SELECTs also wait until we commit, so they never read the balance mid-change.", true},
		{"FOR UPDATE blocks ordinary readers", "row-lock", "row-lock-scope-wrong",
			"FOR UPDATE blocks ordinary readers too, so nobody sees the half-done update.", true},
		{"near miss: plain reads don't wait", "row-lock", "row-lock-scope-wrong",
			"Plain SELECTs don't wait for a FOR UPDATE lock: under MVCC they read the last committed version.", false},

		// A lock said to give exactly one run per period.
		{"tryLock gives exactly once per tick", "run-job-once", "exactly-once-claim|lock-instead-of-constraint",
			"Wrap the scheduled method in a Redis tryLock and you get exactly-once execution per tick.", true},
		{"only one wins the SETNX, so exactly once", "run-job-once", "exactly-once-claim|lock-instead-of-constraint",
			"Every instance fires at the same moment and only one wins the SETNX, so the job runs exactly once each period.", true},
		{"ShedLock guarantees exactly once per schedule", "run-job-once", "exactly-once-claim|lock-instead-of-constraint",
			"ShedLock makes sure the task is executed exactly once per schedule across the cluster.", true},
		{"near miss: a lock stops overlap, not reruns", "run-job-once", "exactly-once-claim|lock-instead-of-constraint",
			"A lock stops overlap but not a second run: an instance that fires late finds it free and runs the period again, so it isn't exactly once.", false},
		{"near miss: exactly once per period needs a claim row", "run-job-once", "exactly-once-claim|lock-instead-of-constraint",
			"Exactly one run per period takes a claim row with a unique key on (job, period), not a lock.", false},
		{"the others find it taken, so exactly once", "run-job-once", "exactly-once-claim",
			"The job runs exactly once per night because every other pod finds the lock already taken and skips.", true},
		{"exactly-once per period, the losers see the key set", "run-job-once", "exactly-once-claim",
			"That's exactly-once per period, since the losers find the key already set.", true},
		{"near miss: found taken now, free after the release", "run-job-once", "exactly-once-claim",
			"The others find it taken at that moment, but a pod that fires after the release runs the job again, so it isn't exactly once.", false},

		// The client said always to see SUSPENDED before the server can
		// expire the session, so stopping there is enough.
		{"SUSPENDED always comes before expiry", "session-suspended", "work-through-suspended",
			"The client always sees SUSPENDED before the servers can expire its session, so stopping there is enough.", true},
		{"the client library declares expiry", "session-suspended", "work-through-suspended",
			"Session expiry is decided by the client library, so SUSPENDED always comes first and gives us time to stop.", true},
		{"stop on SUSPENDED and you never overlap", "session-suspended", "work-through-suspended",
			"As long as you stop on SUSPENDED, you can never be working while another client holds the lock.", true},
		{"the disconnect is noticed first", "session-suspended", "work-through-suspended",
			"The disconnect is always noticed on our side well before ZooKeeper could expire the session.", true},
		{"near miss: usually first, but a paused client notices nothing", "session-suspended", "work-through-suspended",
			"SUSPENDED usually arrives before the session expires, but a client frozen in a GC pause notices nothing, so fence anyway.", false},
		{"near miss: the server decides expiry", "session-suspended", "work-through-suspended",
			"The servers, not the client, decide when the session expires, and they can do so before the client has seen SUSPENDED.", false},
		{"near miss: expiry decided by the servers, the client learns later", "session-suspended", "work-through-suspended",
			"Expiry is decided by the servers when they stop hearing heartbeats; the client only learns about it once it reconnects.", false},

		// Working through SUSPENDED, stopping only on LOST.
		{"carry on through SUSPENDED, stop on LOST", "session-suspended", "work-through-suspended",
			"Keep working on SUSPENDED; the lock is safe until LOST.", true},
		{"stopping on SUSPENDED is needless churn", "session-suspended", "work-through-suspended",
			"Stopping on SUSPENDED only causes needless churn on a flaky network.", true},
		{"near miss: stop on SUSPENDED, LOST is late", "session-suspended", "work-through-suspended",
			"Stop on SUSPENDED: waiting for LOST is too late, because the session may already have expired on the server.", false},

		// A committed claim's row lock said to hand the job back when the
		// worker dies.
		{"a dead worker's locks are freed, the job requeued", "skip-locked-queue", "claim-lock-outlives-commit",
			"If a worker dies, Postgres drops its row locks and the running job goes back to the other workers by itself.", true},
		{"the session ends and the job is claimable again", "skip-locked-queue", "claim-lock-outlives-commit",
			"When a crashed worker's session ends, its lock is freed and the job becomes claimable again automatically.", true},
		{"near miss: a committed claim holds no lock", "skip-locked-queue", "claim-lock-outlives-commit",
			"Once the claim is committed the row holds no lock, so if the worker dies the job stays running until a lease lets the reaper reclaim it.", false},
		{"near miss: an uncommitted claim rolls back", "skip-locked-queue", "claim-lock-outlives-commit",
			"If we keep the transaction open for the whole job and the worker dies, the transaction rolls back and the row becomes available again.", false},

		// SKIP LOCKED said to keep a job on one worker for good, so the
		// completion needs no guard.
		{"SKIP LOCKED guarantees one worker at a time", "skip-locked-queue", "claim-lock-outlives-commit",
			"The completion needs no attempt check, because SKIP LOCKED already guarantees a job only ever runs on one worker.", true},
		{"two workers can never run the same job", "skip-locked-queue", "claim-lock-outlives-commit",
			"With FOR UPDATE SKIP LOCKED two workers can never run the same job, even if one of them stalls.", true},
		{"near miss: SKIP LOCKED only separates claims", "skip-locked-queue", "claim-lock-outlives-commit",
			"SKIP LOCKED only keeps two workers from claiming the same row at the same moment; after the lease expires a second worker can run it, so the completion checks the attempt.", false},
		{"near miss: SKIP LOCKED only ensures one claim", "skip-locked-queue", "claim-lock-outlives-commit",
			"SKIP LOCKED only ensures that two workers don't *claim* the same row at once; it says nothing about a worker that stalls later.", false},
		{"a check isn't needed, because SKIP LOCKED guarantees it", "skip-locked-queue", "claim-lock-outlives-commit",
			"The completion's epoch check isn't needed, because SKIP LOCKED already guarantees the job only ever runs on one worker at a time.", true},

		// A single Redis node said to keep its keys for the full TTL.
		{"one node, no failover, nothing lost early", "two-holders", "no-failover-keeps-keys",
			"We run one Redis node with no replica, so without failover it can't lose a key before the TTL.", true},
		{"only a DEL removes a key early", "redis-early-expiry", "single-node-keeps-keys",
			"On a standalone instance the only way a lock key vanishes before its TTL is if somebody deletes it.", true},
		{"eviction leaves TTL keys alone", "redis-early-expiry", "single-node-keeps-keys",
			"Eviction leaves keys that already have a TTL alone, since they will clean themselves up.", true},
		{"snapshots make restarts safe", "redis-early-expiry", "single-node-keeps-keys",
			"Restarts aren't a problem as long as RDB snapshots are enabled.", true},
		{"near miss: a single node still loses keys", "redis-early-expiry", "single-node-keeps-keys",
			"Even a single node can lose a key early: volatile-lru evicts keys with a TTL, and a restart loses whatever the last snapshot missed.", false},
		{"near miss: no failover, but eviction and restarts", "two-holders", "no-failover-keeps-keys",
			"Without failover we can rule out a promotion, but eviction and a restart can still drop the key early.", false},

		// Clock trouble dismissed for Redis because the TTL is relative or
		// kept on a monotonic clock.
		{"drift is no issue because Redis uses TTLs", "redis-early-expiry", "clocks-irrelevant|single-node-keeps-keys",
			"Clock drift is not an issue because Redis uses TTLs rather than timestamps.", true},
		{"ignore clocks: monotonic expiry", "redis-early-expiry", "clocks-irrelevant|single-node-keeps-keys",
			"You can ignore clock problems here, since Redis counts expiry on a monotonic clock and an NTP step changes nothing.", true},
		{"a relative TTL can't expire early on a clock change", "two-holders", "clocks-irrelevant|single-node-keeps-keys",
			"Since the TTL is relative, a change of the system clock can't make the key expire early.", true},
		{"near miss: a jump on the Redis host expires keys early", "redis-early-expiry", "clocks-irrelevant|single-node-keeps-keys",
			"Drift between the clients doesn't matter because Redis keeps the TTL, but a jump of the Redis host's clock can still expire keys early.", false},

		// Clock sync sold as the fix for two holders.
		{"PTP and the double holding goes away", "two-holders", "wall-clock|clocks-irrelevant",
			"Sync the hosts tightly with PTP and the double holding goes away.", true},
		{"the fix is chrony everywhere", "two-holders", "wall-clock|clocks-irrelevant",
			"The root cause is clock drift, and the fix is to run chrony on every host so the clocks agree.", true},
		{"near miss: syncing won't fix it", "two-holders", "wall-clock|clocks-irrelevant",
			"Syncing the clocks with NTP won't make the double holding go away; a paused holder still writes, so the fix is fencing.", false},
		{"a check, then the fix concluded in the same run", "two-holders", "wall-clock|clocks-irrelevant",
			"I'd check NTP on both hosts, compare the offsets, and the fix is to sync the clocks with PTP so the double holding goes away.", true},
		{"near miss: a checklist of suspects names them", "two-holders", "wall-clock|clocks-irrelevant",
			"I'd check NTP on both hosts, the GC logs, and whether syncing the clocks makes the double holding go away.", false},

		// A timed-out call read as one that did not happen.
		{"a timed-out payment never happened", "unfenceable-resource", "timeout-bounds-call",
			"If the HTTP call times out, the charge didn't go through, so the next holder can safely retry it.", true},
		{"a timeout means the provider never processed it", "unfenceable-resource", "timeout-bounds-call",
			"A timed-out request means the provider never processed it, so repeating it is safe.", true},
		{"near miss: a timeout says nothing about the charge", "unfenceable-resource", "timeout-bounds-call",
			"A timeout doesn't mean the payment didn't happen: the provider may have charged after we gave up, so retry with the same key.", false},

		// The holder asking the lock service before each write, so the
		// storage needs no change.
		{"ask the lock service whether the token is current", "fencing-token", "client-side-fencing",
			"Before each write the client asks the lock service whether its token is still the latest and writes only if it is.", true},
		{"so the storage needs no changes", "fencing-token", "client-side-fencing",
			"That way the storage itself needs no changes, which is why it works with any database.", true},
		{"near miss: asking first is not enough", "fencing-token", "client-side-fencing",
			"Asking the lock service before each write is not enough: the holder can pause after the answer, so the storage must compare the token itself.", false},

		// The idempotency key made by the server and returned to the
		// client (whatever the id is called).
		{"the server assigns an id and returns it", "idempotency-keys", "fresh-idempotency-key",
			"When the POST arrives the server generates a payment id, stores it and returns it in the response; the client sends that id on any retry.", true},
		{"the API mints a request token per call", "idempotency-keys", "fresh-idempotency-key",
			"The API creates a request id for every call and hands it back, and retries carry it.", true},
		{"a new key for every retry", "idempotency-keys", "fresh-idempotency-key",
			"Each retry gets a brand-new UUID as its idempotency key so the provider sees a clean request.", true},
		{"the server's id handed back, the client keeps it", "idempotency-keys", "fresh-idempotency-key",
			"The server generates a request ID and returns it in the response; the client keeps it for its retries.", true},
		{"near miss: the client's key, the server's payment id", "idempotency-keys", "fresh-idempotency-key",
			"The client creates the idempotency key once; the server creates the payment and returns its payment id in the response.", false},
		{"near miss: a server-made key is what the timeout loses", "idempotency-keys", "fresh-idempotency-key",
			"A key the server creates comes back in the response, which is exactly what a timeout loses, so the client must make the key itself.", false},
		{"near miss: the server returns a payment id, the client makes the key", "idempotency-keys", "fresh-idempotency-key",
			"The server may return its own payment id, but the idempotency key comes from the client, which makes it once and resends it on every retry.", false},
		{"the server's id, and the repeat returns the result instead of charging", "idempotency-keys", "fresh-idempotency-key",
			"The server creates a payment id when the POST arrives and returns it in the response; a retry carrying it gets the stored result instead of a second charge.", true},

		// SET NX said to make two holders impossible.
		{"SET NX means never two holders", "two-holders", "single-threaded-lock",
			"SET NX is atomic, so the lock can never be held by two clients.", true},
		{"only one caller wins SET NX, so no two owners", "redis-lock-and-failure", "single-threaded-lock",
			"Because SET NX only succeeds for one caller, two workers can't both own the lock.", true},
		{"SETNX guarantees mutual exclusion", "redis-vs-consensus", "single-threaded-lock",
			"SETNX with a TTL guarantees mutual exclusion on its own.", true},
		{"near miss: SET NX only settles the moment of acquiring", "two-holders", "single-threaded-lock",
			"SET NX guarantees that two clients can't both create the key at the same moment; it says nothing once the key expires under a paused holder.", false},
		{"near miss: SET NX alone doesn't stop two holders", "redis-lock-and-failure", "single-threaded-lock",
			"SET NX alone doesn't stop two holders: expiry during a pause or a failover hands the lock to a second client.", false},

		// READ COMMITTED said to serialise a read and a later update.
		{"read committed serialises read then update", "avoid-the-lock", "isolation-prevents-race",
			"Postgres runs at READ COMMITTED by default, which already serialises a read followed by an update across sessions.", true},
		{"two sessions can't lose each other's changes", "row-lock", "isolation-prevents-race",
			"Under the default isolation level two services that load the row, change it in code and save it cannot lose each other's changes.", true},
		{"near miss: read committed lets one change be lost", "avoid-the-lock", "isolation-prevents-race",
			"READ COMMITTED does not serialise a read followed by an update: both sessions read the old balance and one change is lost.", false},

		// A broker's exactly-once said to reach the consumer's effects.
		{"Kafka exactly-once, so no dedupe table", "avoid-the-lock", "exactly-once-claim",
			"Kafka delivers each message exactly once to the consumer, so it can write to the database without any dedupe table.", true},
		{"the broker guarantees exactly-once delivery", "outbox-pattern", "exactly-once-claim",
			"The broker guarantees exactly-once delivery to consumers, which makes a dedupe table on our side unnecessary.", true},
		{"near miss: EOS covers only Kafka", "avoid-the-lock", "exactly-once-claim",
			"Kafka's exactly-once covers only writes back into Kafka; a consumer writing to a database still has to dedupe.", false},

		// The rollback said to make the work (external effects included)
		// all or nothing.
		{"crash and the rollback means it never happened", "row-lock", "lock-across-network-call|exactly-once-claim",
			"If the worker crashes at any point, the transaction rolls back, so the job, email and charge included, is either done completely or not at all.", true},
		{"near miss: the rollback undoes only the rows", "row-lock", "lock-across-network-call|exactly-once-claim",
			"The rows are rolled back if the worker crashes, but the API call it already made stays made.", false},

		// The claim row deleted after the run.
		{"delete the claim row once done", "run-job-once", "claim-row-deleted",
			"When the job finishes, delete the claim row so the table doesn't grow forever.", true},
		{"near miss: keep the rows, prune old periods", "run-job-once", "claim-row-deleted",
			"Keep the claim rows, marked done, and prune only periods far in the past so a late instance can't claim the period again.", false},

		// ZooKeeper said to wake one watcher per change, or the
		// predecessor's deletion read as ownership.
		{"ZooKeeper notifies just one waiter", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Everyone can watch the lock node, because ZooKeeper delivers the notification to just one of the waiting clients.", true},
		{"near miss: everyone watching wakes everyone", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"If everyone watches the lock node, a delete notifies every watcher at once: that is the herd effect, so each waiter watches only its predecessor.", false},
		{"predecessor gone, you're the holder", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"When your predecessor's node is deleted you are now the lowest, so you can proceed as the holder straight from the watch callback.", true},
		{"near miss: list again when the predecessor goes", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"When the predecessor's node goes, list the children again: it may have died while still waiting, and someone can still be ahead of you.", false},
	})
}

// TestClaimLogicG10 holds three corrections to what the grader read as not
// claimed, each found on a losing claim of AA or AB that the misconception
// patterns matched on its own but missed in the answer: sentences of our
// own, with the reading kept beside each.
func TestClaimLogicG10(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A negated verb's own subject pronoun ends its reach back: "as
		// long as you stop on SUSPENDED you can never be working" does not
		// negate "SUSPENDED".
		{"no comma: you stop ... you can never", "session-suspended", "work-through-suspended",
			"As long as you stop on SUSPENDED you can never be working while another client holds the lock.", true},
		{"no comma: we stop ... we can never", "session-suspended", "work-through-suspended",
			"Once we stop on SUSPENDED we can never overlap with the next holder.", true},
		{"a noun subject is still reached: fencing isn't needed", "fencing-token", "fencing-unneeded",
			"With a long enough lease, fencing isn't needed.", true},
		{"near miss: the negation still covers its own clause", "session-suspended", "work-through-suspended",
			"If you stop on SUSPENDED you still can't be sure another client isn't working, because a paused client never sees the event.", false},

		// A header that sets its problems aside ("... you can ignore:")
		// announces no list of mistakes: what follows is the candidate's.
		{"problems you can ignore: the reason is claimed", "redis-early-expiry", "clocks-irrelevant|single-node-keeps-keys",
			"Clock problems you can ignore here: Redis counts TTLs on a monotonic clock, so an NTP step changes nothing.", true},
		{"risks you can ignore: eviction", "redis-early-expiry", "single-node-keeps-keys",
			"Eviction risks you can ignore: the eviction policies skip keys that have a TTL.", true},
		{"near miss: myths you can ignore are still named", "redis-vs-consensus", "redlock-correctness",
			"Myths you can ignore: Redlock makes the lock safe.", false},
		{"near miss: a header of suspects still names them", "redis-early-expiry", "single-node-keeps-keys",
			"Problems to look at: eviction skipping keys that have a TTL, restarts without AOF.", false},

		// "claim" naming a job's claim (the claim row) reports nothing, so
		// a sentence after it that mentions a failure rebuts nothing.
		{"drop the claim record, then a failure case", "run-job-once", "claim-row-deleted",
			"Once the run is done, drop the claim record to save space. If the job fails, we retry.", true},
		{"delete the claim row, then 'breaks'", "run-job-once", "claim-row-deleted",
			"After the job completes we delete its claim row. If the job breaks, an alert fires.", true},
		{"near miss: a claim reported and rebutted", "redis-vs-consensus", "redlock-correctness",
			"Some vendors claim Redlock makes the lock safe. That fails under a long pause.", false},
	})
}

// TestLosingClaimShapesG10Wider widens the g10 classes on phrasings of our
// own after the tuning writers' missed losing claims showed the same
// misconceptions in other words (the SET NX lock "written correctly", a
// key "only removed early by a DEL", the key made for each request, the
// record written after the charge, the lock "valid until LOST", the lease
// that "takes care of" a deadlock, tuned GC below the TTL, the check that
// "covers" the side effects, the lock that gives exactly-once, the random
// value called "the token", the storage "unchanged").
func TestLosingClaimShapesG10Wider(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a lock written correctly never has two holders", "two-holders", "single-threaded-lock",
			"A lock built on SET NX and written correctly never has two holders, so look for a bug in the acquire path, not for pauses.", true},
		{"near miss: a correct SET NX lock still expires", "two-holders", "single-threaded-lock",
			"Even a correct SET NX lock can have two holders once the key expires under a paused client.", false},
		{"only a DEL removes a key early", "redis-early-expiry", "single-node-keeps-keys",
			"A lock key is only removed early when some client deletes it.", true},
		{"near miss: eviction removes it early too", "redis-early-expiry", "single-node-keeps-keys",
			"A key is not only removed early by a DEL: eviction and a restart remove it too.", false},
		{"the handler mints a key for each request", "idempotency-keys", "fresh-idempotency-key",
			"The handler generates a UUID for each request and passes it to the provider as the idempotency key.", true},
		{"keys generated server-side, sparing the clients", "idempotency-keys", "fresh-idempotency-key",
			"I'd mint the keys server-side so we don't have to update the mobile apps.", true},
		{"near miss: the client mints it", "idempotency-keys", "fresh-idempotency-key",
			"Minting the key server-side would break it: a retry is a new request and would get a new key, so the client mints it.", false},
		{"not in the table, charge, then insert", "idempotency-keys", "check-then-act-safe",
			"If the key is not in the table, we charge the card and then insert the key with the result.", true},
		{"the record written only once the charge succeeds", "idempotency-keys", "check-then-act-safe",
			"We persist the idempotency record only after the provider confirms the charge, so failed attempts leave nothing behind.", true},
		{"near miss: the record written first, pending", "idempotency-keys", "check-then-act-safe",
			"We persist the idempotency record first, as pending, and only after the provider confirms the charge do we mark it done.", false},
		{"a timeout means the charge didn't complete", "idempotency-keys", "timeout-bounds-call",
			"If the call to the provider times out, the charge didn't complete, so retrying it with a new key is safe.", true},
		{"the committed claim's row lock keeps the others off", "skip-locked-queue", "claim-lock-outlives-commit",
			"After the COMMIT the row lock keeps the others off the job until our worker finishes it.", true},
		{"near miss: the transaction stays open", "skip-locked-queue", "claim-lock-outlives-commit",
			"If we keep the transaction open, the row lock keeps the others off the job until our worker finishes it.", false},
		{"the lock is good until LOST", "session-suspended", "work-through-suspended",
			"The lock is good until LOST arrives, so SUSPENDED is no reason to stop.", true},
		{"keep the job running through SUSPENDED", "session-suspended", "work-through-suspended",
			"I keep the job running through SUSPENDED and only stop on LOST.", true},
		{"near miss: stop on SUSPENDED, continue on RECONNECTED", "session-suspended", "work-through-suspended",
			"On SUSPENDED, stop the protected work; continue working on RECONNECTED if our node is still there, and abort on LOST.", false},
		{"near miss: too late to wait for LOST", "session-suspended", "work-through-suspended",
			"Waiting until LOST is too late: the lock may have been handed on while we were SUSPENDED.", false},
		{"leases take care of deadlock", "deadlock-ordering", "ttl-as-safety",
			"With leases a deadlock takes care of itself.", true},
		{"deadlock no concern with distributed locks", "deadlock-ordering", "ttl-as-safety",
			"With TTL-based locks, deadlock isn't really a concern.", true},
		{"near miss: deadlock is a concern, sort the ids", "deadlock-ordering", "ttl-as-safety",
			"Deadlock is a real concern even with TTLs, so lock the accounts in id order.", false},
		{"a low-pause collector keeps pauses under the TTL", "two-holders", "ttl-as-safety",
			"Switch to a low-pause collector so the pauses stay well under the TTL, and the race is closed.", true},
		{"near miss: pauses usually under the TTL, fence anyway", "two-holders", "ttl-as-safety",
			"Tuning GC keeps most pauses well under the TTL, but not all of them, so the storage still has to fence.", false},
		{"a deposed holder can't occur with a long TTL", "etcd-revision-guard", "ttl-as-safety",
			"With a session TTL of a minute, far above any pause we have measured, a deposed leader can't really happen.", true},
		{"the same check covers the emails", "holder-id-guard", "fence-covers-elsewhere",
			"The uploads happen in the same handler as the guarded writes, so they are covered by the same check.", true},
		{"a stale claim fails its first write and never reaches them", "holder-id-guard", "fence-covers-elsewhere",
			"A stale claim fails its first write and never gets to the emails.", true},
		{"near miss: the emails need their own guard", "holder-id-guard", "fence-covers-elsewhere",
			"The emails are not covered by the same check; they need their own idempotency key.", false},
		{"with the lock in place the job runs exactly once", "run-job-once", "exactly-once-claim",
			"With the lock in place the job runs exactly once each night, so nothing else is needed.", true},
		{"near miss: a lock sold as exactly-once is an illusion", "run-job-once", "exactly-once-claim",
			"Whoever sells you a lock as exactly-once execution is overselling it.", false},
		{"near miss: the lock is not exactly once", "run-job-once", "exactly-once-claim",
			"With the lock in place two runs can't overlap, but a late instance still runs it again, so the job runs at least once, not exactly once.", false},
		{"the random value is the token", "fencing-in-real-systems", "random-fencing-token",
			"Redlock has one as well: the random value you store in the key is the token the downstream service compares.", true},
		{"near miss: the random value as the token, named as a mistake", "fencing-token", "random-fencing-token",
			"The second mistake is using the random UUID from the SET NX lock as the token: it identifies the owner, it isn't ordered.", false},
		{"near miss: the random value is no token", "fencing-in-real-systems", "random-fencing-token",
			"Redlock has none: the random value stored in the key only guards the release and has no order.", false},
		{"the storage layer stays unchanged", "fencing-token", "client-side-fencing",
			"The client asks the lock service for the current token before writing, which leaves the storage layer unchanged.", true},
		{"no schema change needed", "fencing-token", "client-side-fencing",
			"Checking with the lock service first means the database needs no schema change.", true},
		// Claims beside a negator or a condition in another clause of the
		// sentence (the clause-local exclusions "-,").
		{"aborts if old, which keeps the database unchanged", "fencing-token", "client-side-fencing",
			"Before each write the client checks with the lock service and aborts if its token is old, which keeps the database unchanged.", true},
		{"near miss: the database unchanged only if it compares", "fencing-token", "client-side-fencing",
			"The database stays unchanged only if it already compares versions in its writes.", false},
		{"looked up first; if not there, charge then insert", "idempotency-keys", "check-then-act-safe",
			"We look the key up first; if it's not in the table, we charge and then insert it.", true},
		{"a timeout means no charge; the old key could repeat the timeout", "idempotency-keys", "timeout-bounds-call",
			"If the provider call times out, the charge did not complete; retrying with the old key could return the same timeout.", true},
		{"near miss: the charge could have completed", "idempotency-keys", "timeout-bounds-call",
			"If the provider call times out, the charge may or may not have completed, so we retry with the same key.", false},
		{"the row lock keeps them off, and the job isn't lost", "skip-locked-queue", "claim-lock-outlives-commit",
			"The row lock keeps other workers off the job until it finishes, and if the worker dies the job isn't lost.", true},
		{"an updated_at compared in the app, then a plain update", "optimistic-concurrency", "check-then-act-safe",
			"On save we select updated_at, compare it with the client's copy, and if they match we run the UPDATE by id.", true},
	})
}

// TestPatternClauseExclusion holds the clause-local exclusion ("-,"): it
// rules a match out only from the start of the match's clause to the next
// strong break (; : — or a bracket), so a negator or a condition in an
// earlier clause of a long sentence leaves the claim standing, while one
// in the claim's own clause, or qualifying it after it, still rules it out.
func TestPatternClauseExclusion(t *testing.T) {
	local, err := quiz.ParsePattern("database & needs no changes & -,not|if|but", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	wide, err := quiz.ParsePattern("database & needs no changes & -not|if|but", nil, "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		text                string
		wantLocal, wantWide bool
	}{
		{"The database needs no changes.", true, true},
		{"Skip the write if not, which means the database needs no changes.", true, false},
		{"Ask first and abort if the token is old, so the database needs no changes.", true, false},
		{"The database needs no changes if it already compares versions.", false, false},
		{"The database needs no changes, but only for reads.", false, false},
		{"Abort if the token is old; the database needs no changes.", true, false},
		{"It is not true that the database needs no changes.", false, false},
	}
	for _, tt := range tests {
		if got, _ := local.Matches(tt.text); got != tt.wantLocal {
			t.Errorf("-, %q: got %v, want %v", tt.text, got, tt.wantLocal)
		}
		if got, _ := wide.Matches(tt.text); got != tt.wantWide {
			t.Errorf("- %q: got %v, want %v", tt.text, got, tt.wantWide)
		}
	}
}

// TestLosingClaimShapesG10Context holds misconceptions the tuning writers
// stated beside a negator of another clause, in words of our own.
func TestLosingClaimShapesG10Context(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"replication near-instant, the key carried over", "redis-lock-and-failure", "replication-keeps-lock",
			"Replication is near-instant and Sentinel promotes the replica, so the lock key is carried over to it.", true},
		{"failover no worry with a replica", "redis-lock-and-failure", "replication-keeps-lock",
			"I'm not worried about failover as long as there is a replica behind Sentinel.", true},
		{"near miss: failover no worry on etcd", "redis-lock-and-failure", "replication-keeps-lock",
			"I'm not worried about failover on etcd, since a grant is committed on a quorum.", false},
		{"near miss: the key may not be carried over", "redis-lock-and-failure", "replication-keeps-lock",
			"The key may not be carried over: replication is async, so the promoted replica can lack it.", false},
		{"skip fencing once on etcd", "redis-vs-consensus", "fencing-unneeded",
			"Once we move to ZooKeeper we can drop the fencing tokens downstream, because consensus already guarantees only one holder.", true},
		{"near miss: consensus doesn't let you skip fencing", "redis-vs-consensus", "fencing-unneeded",
			"Even on etcd you can't drop the fencing tokens: a paused holder still writes after its session expired.", false},
		{"near miss: etcd with fencing; skip something else", "redis-wait-safe", "fencing-unneeded",
			"For correctness use ZooKeeper with fencing tokens; for efficiency-only locks, skip the replication check.", false},
		{"MULTI/EXEC one isolated transaction, beside a negated example", "avoid-the-lock", "isolation-prevents-race",
			"To check that a room isn't full and then add a player, wrap the GET and the SADD in MULTI/EXEC, which makes them one isolated transaction.", true},
		{"near miss: MULTI/EXEC needs WATCH", "avoid-the-lock", "isolation-prevents-race",
			"MULTI/EXEC alone isn't an isolated read-then-write; use WATCH or a Lua script.", false},
		{"SERIALIZABLE throws for the second save, so nothing is overwritten", "optimistic-concurrency", "isolation-prevents-race",
			"At SERIALIZABLE the database will detect the conflict and throw for the second save, so the first edit is not overwritten.", true},
		{"the row lock at save time: the saves never interleave", "optimistic-concurrency", "isolation-prevents-race",
			"With the row lock the second save waits for the first to commit, so the two saves never interleave and the problem is gone.", true},
		{"near miss: the saves are separate requests", "optimistic-concurrency", "isolation-prevents-race",
			"A row lock at save time makes the two saves wait for each other, but they are separate requests, so the second still overwrites the first.", false},
		// A lease or interval above the longest run said to rule out a
		// takeover; a single clock said to prove the worker stopped;
		// partition ownership said never to overlap; clock drift waved off
		// for a Redis TTL (not on choose-ttl: there the flag's older
		// "averag*" read "its p99.9 rather than its average ... drift").
		{"an hour-long interval: the claim can't be taken over", "holder-id-guard", "ttl-as-safety",
			"Our longest job takes 25 minutes, so with a two-hour reclaim interval a live worker's claim can't be taken over.", true},
		{"a TTL above the worst runtime guarantees only one", "avoid-the-lock", "ttl-as-safety",
			"I take a lock whose TTL is well above the worst runtime, which guarantees only one process is ever inside.", true},
		{"near miss: a TTL can't guarantee only one", "avoid-the-lock", "ttl-as-safety",
			"No TTL, however far above the worst runtime, can guarantee only one process is ever inside.", false},
		{"near miss: a longer interval only makes it rarer", "holder-id-guard", "ttl-as-safety",
			"A longer reclaim interval makes a takeover rarer, but a paused worker can still be overtaken, so the claim needs an epoch.", false},
		{"one database clock: the worker can't still be running", "holder-id-guard", "ttl-as-safety",
			"The expiry uses the database's clock, so after ten minutes the first worker can't still be running the job.", true},
		{"near miss: it can still be running after a pause", "holder-id-guard", "ttl-as-safety",
			"One clock decides the expiry, but a paused worker may still be running the job after ten minutes.", false},
		{"the rebalance never overlaps consumers", "avoid-the-lock", "single-replica-guarantee",
			"During a rebalance Kafka makes sure the old consumer has fully stopped before the new one gets the partition.", true},
		{"near miss: a rebalance can overlap briefly", "avoid-the-lock", "single-replica-guarantee",
			"A rebalance can overlap briefly: a zombie consumer may still process a key, so the writes stay idempotent.", false},
		{"drift is no concern with Redis TTLs", "redis-early-expiry", "clocks-irrelevant",
			"Clock drift isn't a concern with Redis TTLs, so the client can use the whole TTL.", true},
		{"near miss: subtract the drift", "redis-early-expiry", "clocks-irrelevant",
			"Redis keeps the TTL on its own clock, but the client still subtracts the elapsed time and a drift margin before trusting it.", false},

		// After AC was read (07:05): the same misconceptions in the words of
		// a writer nobody had tuned on, each written again in our own.
		{"a transaction at read committed: no update lost", "avoid-the-lock", "isolation-prevents-race",
			"Inside BEGIN and COMMIT at the default isolation level, no other transaction can interfere in the middle, so two services can't lose an update.", true},
		{"a strongly consistent store serialises the replaces", "avoid-the-lock", "isolation-prevents-race",
			"With a strongly consistent store, two read-modify-replace cycles at once cannot lose an update.", true},
		{"near miss: lost updates happen without a condition", "avoid-the-lock", "isolation-prevents-race",
			"Inside a transaction at READ COMMITTED two services can still lose an update unless the write is conditional on the version.", false},
		{"the two saves behave as if run one after the other", "optimistic-concurrency", "isolation-prevents-race",
			"Under SERIALIZABLE the two saves behave as if executed one after the other, so no edit is lost.", true},
		{"near miss: serial transactions, separate requests", "optimistic-concurrency", "isolation-prevents-race",
			"Each transaction behaves as if executed one after the other, but the two saves are separate requests, so an edit is still lost.", false},
		{"the promoted replica has the key", "redis-lock-and-failure", "replication-keeps-lock",
			"The replica receives every write, so when Sentinel promotes it the lock key is there.", true},
		{"a failover will not lose a granted lock", "design-lock-service-q", "replication-keeps-lock",
			"Replication to the replica takes under a millisecond, so a failover will not lose a granted lock in practice.", true},
		{"near miss: a failover can lose a granted lock", "design-lock-service-q", "replication-keeps-lock",
			"Replication is async, so a failover may lose a granted lock; etcd will not lose one because it commits on a quorum.", false},
		{"read then write, milliseconds apart, is safe", "etcd-revision-guard", "check-then-act-safe|client-side-fencing",
			"We read the key and then do the write right after, a few milliseconds apart, so this is safe.", true},
		{"no unique constraint needed for the key", "idempotency-keys", "check-then-act-safe",
			"There's no need for a unique constraint on the key; a select first works the same.", true},
		{"near miss: without a unique constraint two retries race", "idempotency-keys", "check-then-act-safe",
			"Without a unique constraint on the key, two concurrent retries both pass the select and both charge.", false},
		{"a check per step is enough because a step is short", "holder-id-guard", "fence-checked-once",
			"Checking the claim number at the start of each step is enough because a step is short.", true},
		{"if the node still exists the write is safe", "session-suspended", "client-side-fencing",
			"Before each write we check that our lock node still exists; if it does, the write is safe.", true},
		{"a check before the write gives the same protection", "fencing-token", "client-side-fencing",
			"Comparing the token with the lock service right before each write gives the same protection as a fencing token.", true},
		{"no time for the lease to expire between check and call", "unfenceable-resource", "client-side-fencing",
			"The check and the call are microseconds apart, so there's no time for the lease to expire in between; it works like a fencing token.", true},
		{"near miss: there is time, the storage must check", "unfenceable-resource", "client-side-fencing",
			"However close the check and the call, a pause can fall in between, so it is not the same as a fencing token.", false},
		{"the old owner stops by itself", "fencing-in-real-systems", "client-side-fencing",
			"Before each request the old owner compares its number with the coordination service and stops by itself if it is lower.", true},
		{"TTL five times the worst pause: two holders can't happen again", "two-holders", "ttl-as-safety",
			"The fix is a TTL five times longer than the worst pause we recorded in the GC logs last month, and then two holders can't happen again.", true},
		{"a short transfer: the lock cannot expire while we write", "deadlock-ordering", "ttl-as-safety",
			"The transfer takes milliseconds against a 30-second TTL, so the lock cannot expire while we are writing.", true},
		{"a lease only expires when the process dies", "extend-lease", "ttl-as-safety",
			"With the renewal thread the lease only expires if the process dies, and a dead process writes nothing.", true},
		{"near miss: the lease also expires under a pause", "extend-lease", "ttl-as-safety",
			"The lease expires not only when the process dies but also when a GC pause stops the renewal.", false},
		{"the renewal is paused too, so the holder is harmless", "choose-ttl", "ttl-as-safety",
			"If the process stalls, the renewal is paused too, so the lease lapses and the stalled process does nothing harmful.", true},
		{"a check per step, still its number: enough because short", "holder-id-guard", "fence-checked-once",
			"Each step selects the claim number first and, if it's still ours, writes normally; that is enough because a step is quick.", true},
		{"the predecessor's deletion: I'm now the lowest", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"I watch the node just before mine, and its deletion means I'm now the lowest, so I take the lock without asking again.", true},
		{"near miss: the deletion means list again", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Its deletion doesn't mean I'm now the lowest: it may have died while waiting, so I list the children again.", false},
		{"everysec is enough for locks", "redis-early-expiry", "single-node-keeps-keys",
			"For restarts, AOF everysec is enough for locks: losing one second of grants is no real risk.", true},
		{"near miss: everysec isn't enough", "redis-early-expiry", "single-node-keeps-keys",
			"AOF everysec isn't enough: a lock granted in the last second vanishes, so delay the restart.", false},
		{"the newest save wins automatically", "optimistic-concurrency", "retry-overwrites",
			"On a conflict the server resolves it automatically: the latest save wins, so nobody sees a dialog.", true},
		{"near miss: last writer wins loses an edit", "optimistic-concurrency", "retry-overwrites",
			"Letting the last writer win would silently lose the other edit, so the conflict goes to the user.", false},
		{"last writer wins, so the users are not interrupted", "optimistic-concurrency", "retry-overwrites",
			"On a conflict the server keeps the newest save automatically, last writer wins, so the users are not interrupted.", true},
		{"near miss: still last writer wins, the edit vanishes", "optimistic-concurrency", "retry-overwrites",
			"Comparing timestamps is still last-writer-wins; the older edit vanishes silently.", false},
		{"the max of the nodes' counters as the token", "redlock-operations-q", "random-fencing-token",
			"Each node increments its own counter on a grant, and the client takes the max of the counters as its fencing token.", true},
		{"Redlock's majority is effectively a quorum", "redis-vs-consensus", "redlock-correctness",
			"Redlock needs three of five, so it's effectively a quorum system and its safety is equivalent to etcd's.", true},
		{"the only difference is cost", "redis-vs-consensus", "redlock-correctness",
			"Between Redlock and etcd the only difference is operational cost, not correctness.", true},
		{"near miss: not only cost", "redis-vs-consensus", "redlock-correctness",
			"The difference is not only cost: Redlock's safety rests on timing that etcd's consensus does not need.", false},
		{"the cancelled context stops the deposed leader", "etcd-revision-guard", "etcd-refuses-expired",
			"When the session ends the client cancels the context, so the deposed leader cannot send anything anymore.", true},
		{"near miss: a paused leader still sends", "etcd-revision-guard", "etcd-refuses-expired",
			"Cancelling the context is not enough: a paused leader wakes up and still sends its Put, so the txn must compare the revision.", false},
		{"a row lock is perfect to wrap the payment call", "row-lock", "lock-across-network-call",
			"The row lock is perfect to wrap external side effects like the payment call.", true},
	})
}
