package quiz_test

import "testing"

// TestRedRecallG17 holds the redrecall17 widenings to sentences written
// for them: each losing claim in a wording the flags did not hear before
// (flag), beside the same words negated, refuted, asked, or said of the
// right component (no flag). None of these sentences is a corpus answer.
func TestRedRecallG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// An overlap said to come up next to never, or its odds called too small to matter.
		{"race-odds-dismissed: the claim", "avoid-the-lock", "race-odds-dismissed",
			"Honestly for our inventory sync the two cron hosts fire at slightly different seconds anyway, so them overlapping basically never happens and I wouldn't bother coordinating it at all.", true},
		{"race-odds-dismissed: the claim (2)", "avoid-the-lock", "race-odds-dismissed",
			"For the nightly report we run it on two hosts and skip coordination: the odds of both picking the same row within the same second are tiny enough to ignore.", true},
		{"race-odds-dismissed: negated", "avoid-the-lock", "race-odds-dismissed",
			"Don't assume that an overlap basically never happens: over a year of runs it will.", false},
		{"race-odds-dismissed: quoted", "avoid-the-lock", "race-odds-dismissed",
			"The usual excuse, \"the overlap basically never happens\", is how corrupted rows appear.", false},
		{"race-odds-dismissed: question", "avoid-the-lock", "race-odds-dismissed",
			"Can you really say an overlap basically never happens?", false},
		{"race-odds-dismissed: negated (2)", "avoid-the-lock", "race-odds-dismissed",
			"Don't treat the odds of two workers picking the same row as small enough to ignore: at a million runs a year it happens.", false},
		{"race-odds-dismissed: right component", "avoid-the-lock", "race-odds-dismissed",
			"With a unique constraint the odds of a duplicate don't matter: the second insert fails.", false},

		// Read committed said to keep two read-modify-writes from stepping on each other.
		{"isolation-prevents-race: the claim", "avoid-the-lock", "isolation-prevents-race",
			"Counter increments: read the row, add one, write it back; Postgres runs every statement in a transaction at read committed, which already keeps two of those from stepping on each other.", true},
		{"isolation-prevents-race: negated", "avoid-the-lock", "isolation-prevents-race",
			"Read committed does not keep two increments from stepping on each other: both read 5 and both write 6.", false},
		{"isolation-prevents-race: question", "avoid-the-lock", "isolation-prevents-race",
			"Does read committed keep two read-modify-write increments from stepping on each other?", false},
		{"isolation-prevents-race: right component", "avoid-the-lock", "isolation-prevents-race",
			"A single UPDATE counters SET n = n + 1 keeps two increments from stepping on each other, because the row lock serialises them.", false},

		// One replica, or a CronJob that forbids concurrency, taken as a guarantee.
		{"single-replica-guarantee: the claim", "avoid-the-lock", "single-replica-guarantee",
			"Another simple way: we deploy the worker as Kubernetes Deployment with replicas: 1, then there is only ever one pod running it and there is nothing to coordinate.", true},
		{"single-replica-guarantee: the claim (2)", "run-job-once", "single-replica-guarantee",
			"Alternative: a dedicated CronJob with concurrencyPolicy Forbid, which Kubernetes guarantees never runs two copies.", true},
		{"single-replica-guarantee: negated", "avoid-the-lock", "single-replica-guarantee",
			"Running the worker as a Deployment with replicas: 1 does not mean there is only ever one pod running it, so there is still something to coordinate.", false},
		{"single-replica-guarantee: question", "avoid-the-lock", "single-replica-guarantee",
			"Does a Deployment with replicas: 1 mean there is nothing to coordinate?", false},
		{"single-replica-guarantee: quoted", "avoid-the-lock", "single-replica-guarantee",
			"People say \"with replicas: 1 there is nothing to coordinate\"; a rolling update briefly runs two pods.", false},
		{"single-replica-guarantee: negated (2)", "run-job-once", "single-replica-guarantee",
			"A CronJob with concurrencyPolicy Forbid does not guarantee only one copy: a node that lost contact can still be running the old pod.", false},

		// A TTL many times the worst run, or leases that make a deadlock self-correcting, sold as keeping holders apart.
		{"ttl-as-safety: the claim", "choose-ttl", "ttl-as-safety",
			"Put the TTL at ten times the worst duration we've ever seen and two holders are off the table.", true},
		{"ttl-as-safety: the claim (2)", "deadlock-ordering", "ttl-as-safety",
			"Also honestly with leased locks it's kind of self-correcting: one lease runs out and the other transfer just goes through, so a deadlock can't last.", true},
		{"ttl-as-safety: negated", "choose-ttl", "ttl-as-safety",
			"Even a TTL ten times the worst duration we've seen does not take two holders off the table; a longer pause still gets through.", false},
		{"ttl-as-safety: question", "choose-ttl", "ttl-as-safety",
			"Does a TTL at ten times the worst run really take two holders off the table?", false},
		{"ttl-as-safety: right component", "choose-ttl", "ttl-as-safety",
			"A fencing token checked by the storage takes two writers off the table, whatever the TTL.", false},
		{"ttl-as-safety: negated (2)", "deadlock-ordering", "ttl-as-safety",
			"Leases do not make a deadlock self-correcting: when one lease runs out, its holder keeps working without the lock.", false},

		// The work in hand let run to its end after the renewal failed or the lease was lost.
		{"work-after-lost-lease: the claim", "choose-ttl", "work-after-lost-lease",
			"If a renewal comes back saying we no longer hold it, I think it's reasonable to let the current unit of work complete before stepping down, since it's nearly done anyway.", true},
		{"work-after-lost-lease: the claim (2)", "session-suspended", "work-after-lost-lease",
			"LOST: session expired, lock gone; let the in-flight batch complete, then reacquire before starting anything new.", true},
		{"work-after-lost-lease: the claim (3)", "extend-lease", "work-after-lost-lease",
			"When the renewal fails, the worker can still finish the record it is writing and stop after, this is ok because one record is small.", true},
		{"work-after-lost-lease: negated", "choose-ttl", "work-after-lost-lease",
			"If a renewal says we no longer hold it, it is not reasonable to let the current unit of work complete; stop at once.", false},
		{"work-after-lost-lease: quoted", "choose-ttl", "work-after-lost-lease",
			"Teams often think \"it's reasonable to let the current batch complete after a failed renewal\", and that is how two writers overlap.", false},
		{"work-after-lost-lease: negated (2)", "session-suspended", "work-after-lost-lease",
			"On LOST, never let the in-flight batch complete: abort it, then reacquire and start over.", false},
		{"work-after-lost-lease: right component", "session-suspended", "work-after-lost-lease",
			"When the lease is lost, the new holder lets its own running batch complete, and the old holder's writes are refused by the fence.", false},
		{"work-after-lost-lease: negated (3)", "extend-lease", "work-after-lost-lease",
			"When the renewal fails, the worker must not finish the record it is writing; it stops at once and the fence rejects anything late.", false},

		// The order by role told in payer and payee, or debit and credit, words.
		{"lock-order-by-role: the claim", "deadlock-ordering", "lock-order-by-role",
			"Fix: a consistent order. Every transfer takes the paying account's lock first and the receiving account's second, so everyone acquires in the same sequence.", true},
		{"lock-order-by-role: the claim (2)", "deadlock-ordering", "lock-order-by-role",
			"Fix by making every transfer lock in the same direction: debit side, then credit side.", true},
		{"lock-order-by-role: refuted", "deadlock-ordering", "lock-order-by-role",
			"Taking the paying account's lock first and the receiving account's second is not a global order: opposite transfers still deadlock.", false},
		{"lock-order-by-role: question", "deadlock-ordering", "lock-order-by-role",
			"Is it enough that every transfer locks the payer first and then the payee?", false},
		{"lock-order-by-role: right component", "deadlock-ordering", "lock-order-by-role",
			"Every transfer takes the lock of the lower account id first and the higher one second, whichever is the payer.", false},
		{"lock-order-by-role: refuted (2)", "deadlock-ordering", "lock-order-by-role",
			"Locking the debit side first and then the credit side is not a global order: two transfers in opposite directions still deadlock.", false},
		{"lock-order-by-role: right component (2)", "deadlock-ordering", "lock-order-by-role",
			"Every transfer locks the lower account id first and the higher second, whether it is the debit side or the credit side.", false},

		// Only the debited account locked.
		{"one-lock-per-transfer: the claim", "deadlock-ordering", "one-lock-per-transfer",
			"But actually I think the simpler thing is to only lock the account being debited, because a credit can't overdraw anything so the destination doesn't need protecting.", true},
		{"one-lock-per-transfer: negated", "deadlock-ordering", "one-lock-per-transfer",
			"Don't just lock the account being debited; the credit side is written too, so both need locks in id order.", false},
		{"one-lock-per-transfer: quoted", "deadlock-ordering", "one-lock-per-transfer",
			"A tempting shortcut is \"only lock the source account\", which leaves the destination's balance update racing.", false},
		{"one-lock-per-transfer: right component", "deadlock-ordering", "one-lock-per-transfer",
			"For a transfer from an account to itself you only lock the source account, since it is the same account.", false},

		// The two writes said to happen as one unit under the two locks.
		{"locks-make-atomic: the claim", "deadlock-ordering", "locks-make-atomic",
			"When we hold the two locks, the debit and the credit happen together as one unit, so we do not need a database transaction around them.", true},
		{"locks-make-atomic: negated", "deadlock-ordering", "locks-make-atomic",
			"Holding both locks does not make the debit and the credit happen together as one unit; a crash between them still loses money without a transaction.", false},
		{"locks-make-atomic: question", "deadlock-ordering", "locks-make-atomic",
			"Do the two locks make the debit and the credit happen as one unit?", false},
		{"locks-make-atomic: right component", "deadlock-ordering", "locks-make-atomic",
			"Inside one database transaction the debit and the credit commit together as one unit.", false},

		// Sentinel and AOF called just as good in practice; an asynchronous standby taking over with every lock; Sentinel said to promote the replica that acked.
		{"replication-keeps-lock: the claim", "design-lock-service-q", "replication-keeps-lock",
			"For storage, one primary holds the lock table and streams changes to two standbys asynchronously, and if the primary dies a standby takes over with the locks intact.", true},
		{"replication-keeps-lock: the claim (2)", "redis-vs-consensus", "replication-keeps-lock",
			"Redis replication is async, but honestly if you run Sentinel with three replicas and AOF turned on, a promoted replica will have your key, so in practice Redis is just as good for this.", true},
		{"replication-keeps-lock: the claim (3)", "redis-wait-safe", "replication-keeps-lock",
			"I'm fairly sure though that once WAIT reports one ack, Sentinel will pick that replica at failover, because it always promotes the one with the most data.", true},
		{"replication-keeps-lock: negated", "redis-vs-consensus", "replication-keeps-lock",
			"With Sentinel and AOF Redis is not just as good for locks in practice: a failover can still lose a fresh lock.", false},
		{"replication-keeps-lock: quoted", "redis-vs-consensus", "replication-keeps-lock",
			"People claim \"with Sentinel and AOF, Redis is just as good for locking in practice\", but replication stays asynchronous.", false},
		{"replication-keeps-lock: right component", "design-lock-service-q", "replication-keeps-lock",
			"Grants are committed on a Raft majority, so if the leader dies a follower takes over with every lock the clients were told about.", false},
		{"replication-keeps-lock: negated (2)", "design-lock-service-q", "replication-keeps-lock",
			"An asynchronous standby does not take over with the locks intact: grants made just before the crash are lost.", false},
		{"replication-keeps-lock: negated (3)", "redis-wait-safe", "replication-keeps-lock",
			"Sentinel does not always promote the replica that acked; it looks at replica priority first.", false},

		// etcd said to turn down a plain Put once the lease is gone.
		{"etcd-refuses-expired: the claim", "etcd-revision-guard", "etcd-refuses-expired",
			"The good news is etcd handles this for us: once the old leader's lease is gone, the server turns down any Put coming from that client, so the stale write just fails.", true},
		{"etcd-refuses-expired: negated", "etcd-revision-guard", "etcd-refuses-expired",
			"Once the old leader's lease is gone, etcd does not turn down a plain Put from that client; only a transaction comparing the lock key's revision does.", false},
		{"etcd-refuses-expired: right component", "etcd-revision-guard", "etcd-refuses-expired",
			"A transaction whose If compares the lock key's revision turns down the write once the lease is gone.", false},

		// The renewal told as a bare EXPIRE sent again on a timer, raised whatever else the answer says of tokens.
		{"extend-without-owner: the claim", "extend-lease", "extend-without-owner",
			"Renewal is just PEXPIRE lock:job 30000 every ten seconds from the holder.", true},
		{"extend-without-owner: the claim (2)", "extend-lease", "extend-without-owner",
			"To extend I'd just run EXPIRE lock:job 30 again from a background goroutine, that bumps the deadline back up.", true},
		{"extend-without-owner: right component", "extend-lease", "extend-without-owner",
			"To extend I'd just run a Lua script every ten seconds that checks the token and then calls PEXPIRE.", false},
		{"extend-without-owner: refuted", "extend-lease", "extend-without-owner",
			"A renewal that is just PEXPIRE every ten seconds can extend someone else's lock; it must compare the token first.", false},

		// The value Redlock sets said to serve as the fencing number.
		{"redlock-issues-token: the claim", "fencing-in-real-systems", "redlock-issues-token",
			"I believe you can get the same from Redlock too, since the value it returns once it wins a majority works as the fencing number for the resource.", true},
		{"redlock-issues-token: negated", "fencing-in-real-systems", "redlock-issues-token",
			"The random value Redlock sets does not work as a fencing number: it has no order.", false},
		{"redlock-issues-token: question", "fencing-in-real-systems", "redlock-issues-token",
			"Can the value Redlock returns serve as a fencing token?", false},

		// The token defined as whatever value the lock key holds.
		{"token-is-lock-value: the claim", "fencing-token", "token-is-lock-value",
			"The token is just the value we SET into the lock key when acquiring (the random string), passed along with every write.", true},
		{"token-is-lock-value: negated", "fencing-token", "token-is-lock-value",
			"The token is not the value we write into the lock key; that random value only proves ownership at release.", false},
		{"token-is-lock-value: right component", "fencing-token", "token-is-lock-value",
			"The fencing token is the value of a counter stored next to the lock key, incremented on every grant.", false},

		// The token shown once, the rest of the writes sent without it.
		{"fence-checked-once: the claim", "fencing-token", "fence-checked-once",
			"In my design the worker presents its token to the storage at the beginning of the job, and after the storage accepted it, the rest of the writes in that job go through without the token.", true},
		{"fence-checked-once: the claim (2)", "fencing-token", "fence-checked-once",
			"In practice I check the token when the job opens its database session, and that session's writes are then trusted for the rest of the job.", true},
		{"fence-checked-once: negated", "fencing-token", "fence-checked-once",
			"Every write carries the token; the rest of the writes never go through without the token, or a paused holder slips in between.", false},
		{"fence-checked-once: quoted", "fencing-token", "fence-checked-once",
			"\"Check the token at the start and let the rest of the writes go through without the token\" is the mistake: the pause can come after the check.", false},
		{"fence-checked-once: right component", "fencing-token", "fence-checked-once",
			"The stale worker's first database write is rejected, and it never gets as far as its emails only if the job checks that result before sending; otherwise the emails need their own key.", false},
		{"fence-checked-once: negated (2)", "fencing-token", "fence-checked-once",
			"A session's writes are never trusted for the rest of the job after one check; every write carries the token.", false},

		// The storage trusting whatever token comes after it forgot the highest.
		{"fence-forgets-highest: the claim", "fencing-token", "fence-forgets-highest",
			"The highest token seen lives in a process-local dict; after a restart it is empty again and we just accept the next token that arrives.", true},
		{"fence-forgets-highest: the claim (2)", "fencing-in-real-systems", "fence-forgets-highest",
			"After a restart the storage trusts whatever token it sees.", true},
		{"fence-forgets-highest: negated", "fencing-in-real-systems", "fence-forgets-highest",
			"After a restart the storage must not trust whatever token arrives first; it reloads the highest token from disk.", false},

		// The reclaim window cut down, and the owner guard then called a fence.
		{"owner-guard-is-fence: the claim", "holder-id-guard", "owner-guard-is-fence",
			"Alternatively just cut the reclaim window down to 30 seconds, and then owner=$me is good enough as a fence.", true},
		{"owner-guard-is-fence: negated", "holder-id-guard", "owner-guard-is-fence",
			"Cutting the reclaim window down to 30 seconds does not make owner=$me a fence; it only makes the overlap rarer.", false},
		{"owner-guard-is-fence: question", "holder-id-guard", "owner-guard-is-fence",
			"Would cutting the reclaim interval to 30 seconds turn the guard into a fence?", false},

		// A SELECT for the key, then an insert and the charge if it is not there.
		{"check-then-act-safe: the claim", "idempotency-keys", "check-then-act-safe",
			"The server first does SELECT on the keys table; if the key is not there, it inserts it and does the charge, and if it is there it returns the saved response.", true},
		{"check-then-act-safe: right component", "idempotency-keys", "check-then-act-safe",
			"The server inserts the key first under a unique constraint; if the insert conflicts, it returns the saved response, and only the winner does the charge.", false},
		{"check-then-act-safe: refuted", "idempotency-keys", "check-then-act-safe",
			"Selecting first and, if the key is not there, inserting it and charging is a race: two retries both find nothing.", false},

		// A client timeout below the lease said to keep every call inside it.
		{"timeout-bounds-call: the claim", "idempotency-keys", "timeout-bounds-call",
			"I'm fairly sure giving the provider call a 5 second timeout with a 30 second lease means the call can never run past the lock, so that layer would be sound.", true},
		{"timeout-bounds-call: the claim (2)", "unfenceable-resource", "timeout-bounds-call",
			"Give the HTTP client a timeout shorter than the lease: then no call can outlive the lock.", true},
		{"timeout-bounds-call: negated", "idempotency-keys", "timeout-bounds-call",
			"A 5 second timeout under a 30 second lease does not mean the call can never run past the lock: the provider keeps processing after we give up.", false},
		{"timeout-bounds-call: question", "unfenceable-resource", "timeout-bounds-call",
			"Does a client timeout shorter than the lease mean no call can outlive the lock?", false},
		{"timeout-bounds-call: refuted", "unfenceable-resource", "timeout-bounds-call",
			"A timeout shorter than the lease sounds as if no call can outlive the lock, but the request may still be in flight when we give up.", false},

		// Kafka's transactions, or publishing after the commit, sold as keeping the two writes together.
		{"dual-write-atomic: the claim", "outbox-pattern", "dual-write-atomic",
			"Another option that works just as well: enable Kafka transactions on the producer and commit the DB transaction inside the Kafka transaction, which makes the two writes all-or-nothing.", true},
		{"dual-write-atomic: the claim (2)", "outbox-pattern", "dual-write-atomic",
			"I'm fairly sure a simpler fix would also work: publish to Kafka only after the database commit returns, and then the two can't disagree.", true},
		{"dual-write-atomic: negated", "outbox-pattern", "dual-write-atomic",
			"Kafka transactions do not make the database write and the publish all-or-nothing; they only cover Kafka's own topics.", false},
		{"dual-write-atomic: question", "outbox-pattern", "dual-write-atomic",
			"Could Kafka transactions make the two writes all-or-nothing?", false},
		{"dual-write-atomic: refuted", "outbox-pattern", "dual-write-atomic",
			"Publishing only after the database commit does not keep the two in sync: a crash right after the commit loses the event.", false},

		// Delivery "once and only once", and a handler spared idempotence because of SKIP LOCKED.
		{"exactly-once-claim: the claim", "outbox-pattern", "exactly-once-claim",
			"Because the relay marks each row sent, every event reaches Kafka once and only once, so consumers can just apply it.", true},
		{"exactly-once-claim: the claim (2)", "skip-locked-queue", "exactly-once-claim",
			"I'm fairly sure that with SKIP LOCKED a job can never be picked by two workers, so the handler doesn't have to be idempotent.", true},
		{"exactly-once-claim: negated", "outbox-pattern", "exactly-once-claim",
			"The relay does not deliver each event once and only once; a crash after publishing and before marking sends it again, so consumers dedupe.", false},
		{"exactly-once-claim: negated (2)", "skip-locked-queue", "exactly-once-claim",
			"SKIP LOCKED keeps two workers off one row while they claim it, but the handler still has to be idempotent: a stalled worker's job is claimed again.", false},
		{"exactly-once-claim: quoted", "skip-locked-queue", "exactly-once-claim",
			"The idea that \"with SKIP LOCKED the handler doesn't have to be idempotent\" is wrong once a visibility timeout hands the job out again.", false},

		// GET, then DEL if the reply is my token, told without a "then".
		{"get-then-del: the claim", "redis-lock-and-failure", "get-then-del",
			"Release: `GET lock:{r}`; if the reply equals my token, `DEL lock:{r}`. That way I never remove someone else's key.", true},
		{"get-then-del: right component", "redis-lock-and-failure", "get-then-del",
			"Release with a Lua script: if redis.call('get', KEYS[1]) equals ARGV[1], call DEL, all in one step on the server.", false},
		{"get-then-del: refuted", "redis-lock-and-failure", "get-then-del",
			"A GET and then, if it equals my token, a DEL is two commands, and another client can take the lock in between.", false},

		// A consensus store said to spare the resource its check.
		{"fencing-unneeded: the claim", "redis-vs-consensus", "fencing-unneeded",
			"With etcd the lease is managed by a consensus cluster, so a second holder can't appear and the resource doesn't have to check anything.", true},
		{"fencing-unneeded: the claim (2)", "session-suspended", "fencing-unneeded",
			"Still, I'm fairly sure ZooKeeper being a consensus system means the ephemeral node and the session are handled correctly on the server, so I wouldn't add tokens at the resource on top.", true},
		{"fencing-unneeded: the claim (3)", "choose-ttl", "fencing-unneeded",
			"With renewals sized that way there's no reason to also put tokens on the storage side.", true},
		{"fencing-unneeded: negated", "redis-vs-consensus", "fencing-unneeded",
			"Even with etcd, the resource does have to check the revision: a paused client outlives its lease under consensus too.", false},
		{"fencing-unneeded: quoted", "redis-vs-consensus", "fencing-unneeded",
			"A common belief is that \"with etcd the resource doesn't have to check anything\", but the lease still expires under a paused client.", false},
		{"fencing-unneeded: negated (2)", "session-suspended", "fencing-unneeded",
			"ZooKeeper being a consensus system does not mean I wouldn't add tokens at the resource; the session can still expire under a paused client.", false},
		{"fencing-unneeded: negated (3)", "choose-ttl", "fencing-unneeded",
			"However well the renewals are sized, there is every reason to put tokens on the storage side, because a frozen process cannot renew.", false},
		{"fencing-unneeded: question", "choose-ttl", "fencing-unneeded",
			"Is there any reason to put tokens on the storage side if the renewals are sized well?", false},

		// The claim row deleted to keep the table small.
		{"claim-row-deleted: the claim", "run-job-once", "claim-row-deleted",
			"When the run finishes, delete its job_runs row to keep the table small.", true},
		{"claim-row-deleted: negated", "run-job-once", "claim-row-deleted",
			"When the run finishes, never delete its job_runs row to keep the table small; keep it, or a late instance claims the period again.", false},
		{"claim-row-deleted: right component", "run-job-once", "claim-row-deleted",
			"Delete job_runs rows older than the retention window in a cleanup job, once no instance can still be running those periods.", false},

		// A lease called fine though the job outlasts it.
		{"ttl-below-runtime: the claim", "run-job-once", "ttl-below-runtime",
			"If we keep a lock as an efficiency layer, I think a 1 minute lease is fine even though the job takes around 10 minutes, since the lock only has to stop the other instances at start-up.", true},
		{"ttl-below-runtime: negated", "run-job-once", "ttl-below-runtime",
			"A one-minute lease is not fine even though the job takes ten minutes; it lapses mid-run unless it is renewed.", false},
		{"ttl-below-runtime: right component", "run-job-once", "ttl-below-runtime",
			"A short lease is fine even though the job takes ten minutes, as long as a watchdog renews it every twenty seconds.", false},

		// A random sleep said to make one instance always start first.
		{"timing-as-coordination: the claim", "run-job-once", "timing-as-coordination",
			"Another simple option: each instance sleeps a random time between 0 and 30 seconds before starting, so one instance always starts first and the others see it is running.", true},
		{"timing-as-coordination: negated", "run-job-once", "timing-as-coordination",
			"A random sleep before starting does not mean one instance always starts first: a slow instance can still overlap.", false},
		{"timing-as-coordination: question", "run-job-once", "timing-as-coordination",
			"Does a random sleep make sure one instance always starts first?", false},

		// The workers' logs merged by their own timestamps.
		{"wall-clock: the claim", "two-holders", "wall-clock",
			"Timeline: merge both workers' logs by their timestamps and see whose write came first.", true},
		{"wall-clock: negated", "two-holders", "wall-clock",
			"Don't merge both workers' logs by their timestamps: their clocks disagree; use the lock store's records.", false},
		{"wall-clock: right component", "two-holders", "wall-clock",
			"Merge both workers' logs by the fencing tokens the lock store recorded, not by their own clocks.", false},

		// A payment API expected to turn away requests by a header it does not know.
		{"unaware-resource-fenced: the claim", "unfenceable-resource", "unaware-resource-fenced",
			"And we can add the fencing token as an X-Fencing-Token header on every call, so the payment API turns away requests from an older holder.", true},
		{"unaware-resource-fenced: negated", "unfenceable-resource", "unaware-resource-fenced",
			"Adding the token as a custom header won't make the payment API turn away requests from an older holder: it ignores headers it doesn't know.", false},
		{"unaware-resource-fenced: right component", "unfenceable-resource", "unaware-resource-fenced",
			"Our own gatekeeper reads the token header and turns away requests from an older holder before they reach the payment API.", false},

		// Every waiting client watching the lowest node.
		{"zk-recipe-wrong: the claim", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Otherwise every waiting client sets a watch on the lowest node, the current holder, and when it goes away they check again.", true},
		{"zk-recipe-wrong: right component", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Each waiting client sets a watch on the node just before its own, not on the lowest node.", false},
		{"zk-recipe-wrong: refuted", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"If every waiting client watched the lowest node, each release would wake all of them: that is the herd effect the recipe avoids.", false},

		// A restart said to bring the lock back as it was.
		{"single-node-keeps-keys: the claim", "redis-early-expiry", "single-node-keeps-keys",
			"Persistence: with RDB snapshots a restart brings the lock back exactly as it was, TTL included.", true},
		{"single-node-keeps-keys: negated", "redis-early-expiry", "single-node-keeps-keys",
			"With RDB snapshots a restart does not bring the lock back as it was: the key may be missing from the last snapshot.", false},

		// The token called a debugging aid beside a DEL.
		{"plain-del: the claim", "redis-lock-and-failure", "plain-del",
			"Release: DEL lock:x in a finally block; the token is only there for debugging who held it.", true},
		{"plain-del: refuted", "redis-lock-and-failure", "plain-del",
			"The token is not only there for debugging: release must compare it before DEL, in a Lua script.", false},

		// Redlock said to keep two clients from both holding it, with nothing assumed.
		{"redlock-correctness: the claim", "redis-vs-consensus", "redlock-correctness",
			"If you really want Redis, Redlock fixes this: with five independent masters and a majority vote, two clients can't both hold it, pauses or not.", true},
		{"redlock-correctness: the claim (2)", "redis-vs-consensus", "redlock-correctness",
			"If you really want Redis, Redlock fixes this: with five independent masters and a majority vote, two clients can't both hold it, pauses or not.", true},
		{"redlock-correctness: refuted", "redis-vs-consensus", "redlock-correctness",
			"Redlock is meant to keep two clients from both holding the lock, but only if pauses and clock drift stay bounded.", false},
		{"redlock-correctness: question", "redis-vs-consensus", "redlock-correctness",
			"Can Redlock really guarantee that two clients can't both hold it?", false},

		// A new idempotency key made up each time the lock is taken.
		{"fresh-idempotency-key: the claim", "unfenceable-resource", "fresh-idempotency-key",
			"The worker makes up a brand-new key every time it takes the lock and sends it with the charge.", true},
		{"fresh-idempotency-key: negated", "unfenceable-resource", "fresh-idempotency-key",
			"Never make up a new key every time the worker takes the lock: the stale and the new holder must send the same key.", false},
		{"fresh-idempotency-key: right component", "unfenceable-resource", "fresh-idempotency-key",
			"The lock service hands out a new fencing token every time a worker takes the lock; the idempotency key stays the order's.", false},

		// A clock jump waved away in other words.
		{"clocks-irrelevant: the claim", "redlock-operations-q", "clocks-irrelevant",
			"Clock jumps don't really matter for Redlock since each node only looks at its own TTL countdown.", true},
		{"clocks-irrelevant: the claim (2)", "redis-early-expiry", "clocks-irrelevant",
			"Clock jumps are a red herring honestly, since Redis counts TTLs down relative to when they were set, so NTP can't touch them.", true},
		{"clocks-irrelevant: the claim (3)", "two-holders", "clocks-irrelevant",
			"A clock jump on the Redis server wouldn't matter, since TTLs are relative countdowns, so I'd not look there.", true},
		{"clocks-irrelevant: negated", "redlock-operations-q", "clocks-irrelevant",
			"Clock jumps do matter for Redlock: a node whose clock steps forward expires the key early and can grant it again.", false},
		{"clocks-irrelevant: quoted", "redlock-operations-q", "clocks-irrelevant",
			"Some say \"clock jumps don't really matter for Redlock\", but a stepped clock on one node is enough to create a second majority.", false},
		{"clocks-irrelevant: right component", "two-holders", "clocks-irrelevant",
			"A clock jump on a worker wouldn't matter for the Redis TTL, but a jump on the Redis server expires keys early, so I'd check the server's NTP log.", false},

		// A UUID per acquisition used as the token the storage compares.
		{"random-fencing-token: the claim", "fencing-token", "random-fencing-token",
			"I'd just use a fresh UUID per acquisition as the token, and the storage rejects any write whose token isn't the current one.", true},
		{"random-fencing-token: right component", "fencing-token", "random-fencing-token",
			"Store a UUID as the token in the lock key so that release can check ownership before it deletes.", false},
		{"random-fencing-token: negated", "fencing-token", "random-fencing-token",
			"A UUID as the token cannot be compared for order, so the storage cannot reject an older holder with it.", false},

		// The stale worker's other effects said to be covered because its first write fails.
		{"fence-covers-elsewhere: the claim", "holder-id-guard", "fence-covers-elsewhere",
			"Because the epoch guard rejects the stale worker's first database write, it never gets as far as sending its emails or uploads, so those are covered too.", true},

		// The conflicting save applied anyway.
		{"retry-overwrites: the claim", "optimistic-concurrency", "retry-overwrites",
			"On a conflict the server bumps to the current version and applies the save anyway, so no user ever sees an error.", true},
		{"retry-overwrites: negated", "optimistic-concurrency", "retry-overwrites",
			"On a conflict we never apply the save anyway; the user sees both versions and merges.", false},
		{"retry-overwrites: quoted", "optimistic-concurrency", "retry-overwrites",
			"Applying the save anyway on a 412 would silently overwrite the other edit.", false},

		// A lock called the cleanest way to keep a value unique.
		{"lock-instead-of-constraint: the claim", "avoid-the-lock", "lock-instead-of-constraint",
			"For signups, to stop two accounts with the same email, I'd grab a Redis lock on the email address before inserting, that's the cleanest way to keep them unique.", true},
		{"lock-instead-of-constraint: right component", "avoid-the-lock", "lock-instead-of-constraint",
			"A unique index on the email column is the cleanest way to keep them unique; a lock would only make duplicates rarer.", false},
		{"lock-instead-of-constraint: quoted", "avoid-the-lock", "lock-instead-of-constraint",
			"Some teams think \"a Redis lock on the email is the simplest way to keep it unique\", but a paused holder lets the second insert through.", false},

		// The provider's call told between taking the lock and releasing it.
		{"lock-across-network-call: the claim", "idempotency-keys", "lock-across-network-call",
			"I take the lock, then I call the payment provider and wait for it, and then release.", true},
		{"lock-across-network-call: negated", "idempotency-keys", "lock-across-network-call",
			"Don't take the lock, then call the payment provider and wait for it, and then release: the lease can run out during the call.", false},
		{"lock-across-network-call: right component", "idempotency-keys", "lock-across-network-call",
			"I take the lock, record the attempt and release it before I call the payment provider.", false},

		// SUSPENDED logged and the work continued, with a stop only on LOST.
		{"work-through-suspended: the claim", "session-suspended", "work-through-suspended",
			"In my opinion it is enough to log a warning on SUSPENDED and continue, because the session timeout has not passed yet, and stop only when LOST comes.", true},
		{"work-through-suspended: negated", "session-suspended", "work-through-suspended",
			"Never just log a warning on SUSPENDED and continue until LOST; stop the protected work at once.", false},
		{"work-through-suspended: right component", "session-suspended", "work-through-suspended",
			"On SUSPENDED I stop at once; the session may already be gone on the servers.", false},

		// The writes made under an expired lock said to be discarded with it.
		{"release-rolls-back: the claim", "deadlock-ordering", "release-rolls-back",
			"Lease expiry mid-transfer is fine: the expired lock's writes are discarded along with it, so nothing half-done remains.", true},
		{"release-rolls-back: negated", "deadlock-ordering", "release-rolls-back",
			"When a lease expires mid-transfer, the writes made under it are not rolled back; they stay in the database.", false},
		{"release-rolls-back: right component", "deadlock-ordering", "release-rolls-back",
			"If the transaction aborts, its writes are rolled back by the database, whatever happens to the lock.", false},

		// The row said to stay locked after the claim committed.
		{"claim-lock-outlives-commit: the claim", "skip-locked-queue", "claim-lock-outlives-commit",
			"After the commit the row stays locked by our worker until it finishes, so no one else can grab it.", true},
		{"claim-lock-outlives-commit: negated", "skip-locked-queue", "claim-lock-outlives-commit",
			"After the commit the row is no longer locked: the row lock ends with the transaction, so the state column has to keep others away.", false},
		{"claim-lock-outlives-commit: quoted", "skip-locked-queue", "claim-lock-outlives-commit",
			"A common mistake is to think the row stays locked after the commit.", false},

		// Both halves of a partition serving acquires from what they have.
		{"follower-grants-locally: the claim", "design-lock-service-q", "follower-grants-locally",
			"During a network partition both halves keep serving acquires from what they have, and we reconcile when the partition heals.", true},
		{"follower-grants-locally: negated", "design-lock-service-q", "follower-grants-locally",
			"During a partition the minority half must not keep serving acquires; only the side with a majority grants.", false},

		// Commands run one at a time said to be what makes SET NX a correct lock.
		{"single-threaded-lock: the claim", "redis-vs-consensus", "single-threaded-lock",
			"Within one Redis node there's nothing to worry about, since commands run one at a time and that's what makes SET NX a correct lock.", true},
		{"single-threaded-lock: negated", "redis-vs-consensus", "single-threaded-lock",
			"Commands running one at a time is not what makes SET NX a correct lock; a pause past the TTL still yields two holders.", false},
	})
}

// TestRedRecallG17WholeAnswers holds the same widenings to whole answers
// of our own: a good answer carrying one losing sentence still raises the
// flag, though the rest of the answer states the correct counterpart.
func TestRedRecallG17WholeAnswers(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"race-odds-dismissed in a chatty junior answer", "avoid-the-lock", "race-odds-dismissed",
			"So first I'd ask what the lock even protects! If two workers doing the same thing only burns some CPU, I'd skip the lock entirely, a duplicate is fine. If it has to be correct, I'd push it into the database: a unique constraint, or an UPDATE ... WHERE state = 'pending' and check the row count. Idempotency keys also make a second run harmless. Honestly for our inventory sync the two cron hosts fire at slightly different seconds anyway, so them overlapping basically never happens and I wouldn't bother coordinating it at all.", true},
		{"locks-make-atomic in a non-native answer", "deadlock-ordering", "locks-make-atomic",
			"Two transfers in opposite direction can make a cycle: each one hold one account and wait for the other, so deadlock. Solution is global order: always lock the smaller account id first, then the bigger. With leases also attention, an expired lease means we lost the first lock in the middle. When we hold the two locks, the debit and the credit happen together as one unit, so we do not need a database transaction around them.", true},
		{"extend-without-owner in a terse SRE answer", "extend-lease", "extend-without-owner",
			"Yes, but extension isn't what makes it safe. Renew at ~1/3 TTL from a background thread; stop work if renewal fails or can't be confirmed before the local deadline. Renewal is just PEXPIRE lock:job 30000 every ten seconds from the holder. Writes still need a fencing token checked by storage, since a frozen process can't send heartbeats and won't notice the lapse.", true},
		{"dual-write-atomic in a chatty answer", "outbox-pattern", "dual-write-atomic",
			"The problem is a dual write: Postgres and Kafka are two systems and a crash between the two leaves them out of sync. A lock doesn't help with that. I'd use an outbox: insert the event into an outbox table in the same transaction as the status update, and a relay publishes it and marks it sent. Another option that works just as well: enable Kafka transactions on the producer and commit the DB transaction inside the Kafka transaction, which makes the two writes all-or-nothing. Consumers dedupe on the event id since the relay can publish twice.", true},
		{"replication-keeps-lock in a chatty answer", "redis-vs-consensus", "replication-keeps-lock",
			"The big difference is how the lock is replicated. etcd and ZooKeeper commit a write on a majority before acknowledging, so a leader failover keeps the lock, and they give you a revision or zxid to use as a fencing token. Redis replication is async, but honestly if you run Sentinel with three replicas and AOF turned on, a promoted replica will have your key, so in practice Redis is just as good for this. Neither protects against a client that freezes past its lease; only the resource checking a token does.", true},
		{"work-after-lost-lease in a terse SRE answer", "session-suspended", "work-after-lost-lease",
			"SUSPENDED: stop protected work, lock state unknown. RECONNECTED in same session: resume. LOST: session expired, lock gone; let the in-flight batch complete, then reacquire before starting anything new. Listener alone isn't enough: local inference, late, can't interrupt a paused thread; resource must check a fencing token (czxid).", true},
	})
}
