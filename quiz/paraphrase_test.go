package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// These answers are our own paraphrases, written while tuning, of what the
// blind writers' tuning answers taught us to expect: the same claims and
// the same right answers in other words. They keep the generalisation
// honest without touching the holdout.

// TestParaphrasedLosingClaimsAreFlagged: each asserts a claim that loses
// the round.
func TestParaphrasedLosingClaimsAreFlagged(t *testing.T) {
	b := loadBank(t)
	wrong := [][2]string{
		{"choose-ttl", "Set the TTL well above the longest run and the lock can never be held by two workers."},
		{"choose-ttl", "If the TTL is longer than the job, the lock is safe."},
		{"choose-ttl", "A generous timeout is what keeps two holders apart, so make it big."},
		{"choose-ttl", "Pick a TTL of ten times the p99 and you will never see two holders."},
		{"two-holders", "The TTL was too short. Raise it to an hour and the problem goes away."},
		{"two-holders", "Increase the lock timeout; that fixes two holders for good."},
		{"extend-lease", "A heartbeat thread renews the lease every few seconds, so the lock can never expire while the job runs and it is completely safe."},
		{"extend-lease", "Just call EXPIRE again from a background thread every 10 seconds."},
		{"extend-lease", "With renewal in place you don't need fencing tokens."},
		{"fencing-token", "The client checks that its token is still the current one before it writes."},
		{"fencing-token", "Before each write the worker asks the lock service whether its token is still valid."},
		{"fencing-token", "The lock service validates the token, the database doesn't need to know about it."},
		{"fencing-token", "A UUID works fine as the fencing token."},
		{"fencing-token", "Each client can use its own timestamp as the token since time always moves forward."},
		{"redis-vs-consensus", "Redlock is as safe as etcd because it uses a majority of nodes."},
		{"redis-vs-consensus", "Use Redlock: with a quorum of five masters it's correct, no fencing needed."},
		{"redis-vs-consensus", "With etcd you don't need fencing because the lease guarantees the old holder is gone."},
		{"redis-lock-and-failure", "Release with DEL lock when done."},
		{"redis-lock-and-failure", "Redis replicates the key to the replica, so the lock survives a failover."},
		{"redis-lock-and-failure", "If the master dies, Sentinel promotes the replica, which has the lock too, so nothing is lost."},
		{"redis-lock-and-failure", "SETNX the key, then EXPIRE it."},
		{"redis-lock-and-failure", "Deleting the key with a plain DEL is fine since only the owner releases."},
		{"run-job-once", "Take a Redis lock with a TTL of one hour; that guarantees the job runs exactly once per hour."},
		{"run-job-once", "Wrap it in a distributed lock and it can only run once."},
		{"avoid-the-lock", "I always use a distributed lock whenever two processes touch the same data."},
		{"avoid-the-lock", "Last write wins by timestamp is good enough, clocks are synced by NTP."},
		{"row-lock", "Hold the row lock while calling the payment API; the database guarantees only one process calls it."},
		{"row-lock", "It's fine to keep the transaction open while we call the external service."},
		// Variants of the QA report's D16 and D11 claims.
		{"etcd-revision-guard", "Make the lease longer than the worst GC pause and two leaders are impossible."},
		{"idempotency-keys", "Take a lock per customer so two payments for the same customer never run at the same time."},
		// Claims the writers G and H (tuning) taught us, in our words,
		// on the questions added without blind answers.
		{"outbox-pattern", "The relay marks each row as sent, so every event reaches Kafka exactly once and the consumers never need to deduplicate."},
		{"skip-locked-queue", "Under READ COMMITTED two workers cannot pick the same row, so a plain SELECT and then an UPDATE is enough."},
		{"optimistic-concurrency", "There is no need to put the version in the WHERE clause because we already checked it."},
		{"idempotency-keys", "The server generates a fresh idempotency key for every request it receives."},
		{"session-suspended", "SUSPENDED is only a blip, so keep working as usual until LOST arrives."},
		{"redis-wait-safe", "After WAIT returns, replication is synchronous, so a failover cannot lose the lock."},
		{"deadlock-ordering", "Always lock the source account first and then the destination; that consistent order prevents the deadlock."},
		{"deadlock-ordering", "Once both locks are held the debit and the credit are atomic, so two separate updates are fine."},
		{"holder-id-guard", "WHERE owner = $me is already a fence, nothing needs to change."},
		{"unfenceable-resource", "Check that the lock is still held right before calling the API, then no stale holder can call it."},
		{"etcd-revision-guard", "Once the session is gone etcd rejects any write from that client, so a plain Put is safe."},
		{"redis-early-expiry", "Use volatile-lru, it never evicts keys that have a TTL, so the lock keys are safe."},
		{"redlock-operations-q", "Give every node a Sentinel-managed replica so a crash never loses a vote."},
		{"row-lock", "FOR UPDATE only locks the row for the same connection, so other app servers are not blocked."},
		{"zookeeper-lock-recipe", "Everyone else sets a watch on the lock node and retries when it goes away."},
		{"two-holders", "Sync the worker clocks with NTP; once they agree, two holders can't happen."},
		{"outbox-pattern", "Commit the row only after Kafka acknowledged the event, so the two are effectively atomic."},
		{"outbox-pattern", "Kafka transactions cover the Postgres write as well, so both happen or neither does."},
		{"holder-id-guard", "Writes to other tables don't need any guard, the jobs row is protected already."},
		{"design-lock-service-q", "The state is linearizable, so resources don't need to check the token."},
		{"run-job-once", "A lock held for the whole job is enough to stop a second run."},
		{"row-lock", "Session advisory locks work fine through PgBouncer in transaction pooling mode."},
		// Grader g5: claims writer L (validation) taught us, in our words,
		// as the one wrong sentence of an otherwise sound answer.
		{"choose-ttl", "The renewal thread is separate, so even through a long GC pause it keeps renewing and the lock stays ours."},
		{"avoid-the-lock", "With a majority of Redis masters, even if the holder stalls in a GC pause nobody else can get the lock."},
		{"unfenceable-resource", "Read the remaining TTL just before the call; if it exceeds the call's timeout, that is just as safe as a fence."},
		{"etcd-revision-guard", "Asking etcd for the lease's time to live before each Put is equally safe, because the server answers."},
		{"redis-lock-and-failure", "The primary copies the key to its replicas before it acknowledges the SET, so failover keeps the lock."},
		{"extend-lease", "When a renewal times out I keep the job running and retry the renewal on the next tick."},
		{"redlock-operations-q", "Hand the lock's random value to the database as the fencing token and let it refuse mismatches."},
		{"optimistic-concurrency", "Reading the version and then updating in two separate queries is fine because the server does it."},
		{"idempotency-keys", "Every request gets its own fresh key from the server, and a unique index stops the duplicate."},
		{"zookeeper-lock-recipe", "Create the lock nodes as PERSISTENT_SEQUENTIAL so a short disconnect never costs you your place."},
		{"holder-id-guard", "Check the epoch once when the job starts; after that the writes don't need the guard."},
		{"design-lock-service-q", "To scale reads, any follower can grant a lock from its local copy of the state."},
		{"run-job-once", "Set lockAtMostFor shorter than the typical runtime so a crashed node frees the lock sooner."},
		{"unfenceable-resource", "Send our fencing token in a custom header, and the provider's gateway will reject the older one."},
		// Grader g5: claims writer K taught us, in our words.
		{"holder-id-guard", "Compare the claim counter once up front; the rest of the writes can then go without a guard."},
		{"design-lock-service-q", "For fencing each grant gets a random UUID and the resource compares it; uniqueness is all you need."},
		{"two-holders", "Clock problems can't cause this: a TTL is a relative duration, so skip the clocks."},
		{"redlock-operations-q", "Clock jumps on one node don't matter, the majority averages them out."},
		{"deadlock-ordering", "If the worker dies mid-transfer, releasing the locks rolls back the debit."},
		{"run-job-once", "When the run is finished, delete the job_runs row so the table stays small."},
	}
	for _, w := range wrong {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); len(r.FlagIDs()) == 0 {
			t.Errorf("%s: no red flag for %q", w[0], w[1])
		}
	}
}

// TestParaphrasedConciseAnswersPass: each makes the question's core
// points in plain words, and raises no flag.
func TestParaphrasedConciseAnswersPass(t *testing.T) {
	b := loadBank(t)
	good := [][2]string{
		{"avoid-the-lock", "When the database can decide it for me, with a unique index or an UPDATE guarded by a version check, or when running the operation twice is harmless because it is idempotent, I skip the lock."},
		{"avoid-the-lock", "If a conditional write can arbitrate, or the work is safe to repeat, a lock only adds a failure mode."},
		{"choose-ttl", "It's a trade-off between how long everyone waits after the holder crashes and how often the lease expires under a slow but healthy holder. No TTL is safe on its own, because a pause can outlast any value, so I rely on fencing."},
		{"choose-ttl", "Short TTL means fast recovery when the owner dies but more false expiries; long TTL means the opposite. Whatever I pick, a GC pause can exceed it, so the TTL is about liveness, not safety."},
		{"extend-lease", "Yes, with a conditional renewal: a Lua script that extends the expiry only if the key still holds my token. It doesn't make it safe though, a paused holder can still lose the lease, so fencing is still needed."},
		{"extend-lease", "Renew periodically with compare-and-extend on my owner value, and stop if a renewal fails. Renewal reduces the odds of two holders but doesn't remove them; the resource must still check a fencing token."},
		{"fencing-token", "It's a counter the lock service bumps on every grant. The client includes it in each write and the database refuses writes carrying a token lower than the highest it has seen, which stops a client that was paused past its lease from clobbering newer data."},
		{"fencing-token", "Every lock grant comes with a strictly increasing number. The storage compares it with the last one it accepted and rejects older ones, so a zombie holder that woke up after a GC pause can't overwrite the new holder's writes."},
		{"redis-lock-and-failure", "Acquire with SET key <random> NX PX 30000 in one command, release with a Lua script that deletes the key only if the value matches. It fails when the holder pauses longer than the TTL and another client takes the lock, and when a failover loses the key because replication is asynchronous."},
		{"redis-lock-and-failure", "SET lock uuid NX PX 10000 to acquire atomically; a compare-and-delete script to release. Failure modes: a GC pause past the expiry gives two holders, and async replication can drop the key on failover."},
		{"redis-vs-consensus", "etcd and ZooKeeper commit the lock through a quorum, so it survives a node failure, and they give a monotonic revision or zxid to use as a fencing token. Redis replicates asynchronously and can lose the lock on failover."},
		{"redis-vs-consensus", "Consensus systems only acknowledge once a majority has the write, and their revision numbers make natural fencing tokens; Redis can't offer either, so it's fine only for efficiency locks."},
		{"row-lock", "Effectively yes, it coordinates every client of that database, but only for data inside it. I'd use it when the state lives in the same database; it can't protect an email or an API call made while holding it."},
		{"row-lock", "It's a lock shared by all connections to the database, scoped to the transaction. Great for rows in the same DB, useless for side effects outside the database."},
		{"run-job-once", "A lock alone won't do it: it only prevents overlapping runs, and another instance can run the job again after the first releases. I'd insert a row per job and period under a unique constraint and make the job idempotent."},
		{"run-job-once", "Not really. The lock can expire during a GC pause and a second instance runs it too, so I make the job idempotent with a key per period."},
		{"two-holders", "I'd compare how long the critical section ran with the TTL and look for GC pauses around the incident. The real fix is a fencing token checked by the storage, not a longer TTL."},
		{"two-holders", "Check the GC logs and the job durations against the lease: most likely a pause outlasted it. Then add fencing so the storage rejects the stale holder's writes."},
	}
	for _, w := range good {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); !r.Passed || len(r.FlagIDs()) > 0 {
			t.Errorf("%s: passed=%v (missed %v) flags %v for %q", w[0], r.Passed, r.Missed(), r.FlagIDs(), w[1])
		}
	}
}

// TestReportedAndRebuttedClaimsRaiseNoFlag: a losing claim put in someone
// else's mouth and rejected, in many frames, is not the candidate's.
func TestReportedAndRebuttedClaimsRaiseNoFlag(t *testing.T) {
	b := loadBank(t)
	claims := [][2]string{
		{"choose-ttl", "a longer TTL makes the lock safe"},
		{"fencing-token", "the client can check its own token before writing"},
		{"redis-vs-consensus", "Redlock is safe so you don't need fencing"},
		{"redis-lock-and-failure", "the replica keeps the lock across a failover"},
		{"run-job-once", "a distributed lock guarantees the job runs exactly once"},
		{"extend-lease", "a heartbeat makes the lock completely safe"},
	}
	frames := []string{
		"I once heard someone claim that X. That's not right.",
		"My manager's take was that X — wrong, because a pause can outlast anything.",
		"People often say X. It isn't true.",
		"There's a common belief that X; in reality it doesn't hold.",
		"X — that's what a colleague told me, and it's false.",
		"The docs suggest X, but I disagree.",
		"According to a blog post, X. I disagree.",
		"A previous team believed X. They were wrong.",
		"An interviewer once asked me whether X; the answer is no.",
		"\"X,\" said my colleague. Not so.",
		"Some would argue X. I wouldn't.",
		"You'll hear that X. Don't believe it.",
		"The naive view is that X. That breaks under GC pauses.",
		"It's tempting to think X, but it's wrong.",
		"Our old runbook said X, which turned out to be false.",
	}
	for _, c := range claims {
		q, _ := b.ByID(c[0])
		for _, f := range frames {
			text := strings.ReplaceAll(f, "X", c[1])
			if r := b.Grade(q, quiz.Answer{Text: text}); len(r.FlagIDs()) > 0 {
				t.Errorf("flags %v for %q", r.FlagIDs(), text)
			}
		}
	}
}

// TestCounterClaimsAfterARebuttalAreFlagged: rejecting someone else's view
// does not hide the candidate's own losing claim that follows, nor does
// "I think".
func TestCounterClaimsAfterARebuttalAreFlagged(t *testing.T) {
	b := loadBank(t)
	for _, w := range [][2]string{
		{"choose-ttl", "People say the TTL cannot protect you, but that's wrong: a TTL longer than the job makes the lock safe."},
		{"redis-vs-consensus", "Some claim Redlock is broken. That's false, Redlock is safe for correctness."},
		{"fencing-token", "I think the client should check whether its token is current before each write."},
		{"redis-lock-and-failure", "I believe the replica already has the key, so the lock survives failover."},
	} {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); len(r.FlagIDs()) == 0 {
			t.Errorf("no red flag for %q", w[1])
		}
	}
}

// TestParaphrasedCasualAndPlainAnswersPass: right answers written the way
// candidates type in a hurry (lowercase, "u", "tbh") or in plain words
// without the textbook terms.
func TestParaphrasedCasualAndPlainAnswersPass(t *testing.T) {
	b := loadBank(t)
	good := [][2]string{
		{"avoid-the-lock", "honestly if the db can enforce it (unique key, conditional update w/ a version col) i just skip the lock. same if the op is idempotent, doing it twice is harmless. locks add a moving part and w/o fencing they're not even correct."},
		{"avoid-the-lock", "I wouldn't bother with a lock when the store itself can referee the writes: compare-and-swap on a version, an insert that fails on a duplicate key. Or when the work is naturally idempotent so a rerun is a no-op. Partitioning so each key has one owner also removes the need."},
		{"choose-ttl", "ttl is basically how long ppl wait if the holder dies vs how often it expires under a slow holder. measure the job (p99) and add margin. but no ttl is ever safe, gc pauses can be longer than anything, so fencing at the storage is what actually protects you."},
		{"choose-ttl", "Too short and healthy workers lose the lease mid-job; too long and a crashed worker blocks everyone for the whole TTL. I size it from observed job duration plus headroom and renew for long jobs. It's a liveness knob, not a safety mechanism: a stop-the-world pause can exceed any value, so the datastore must reject stale tokens."},
		{"extend-lease", "yep, renew before it expires but only if the key still has ur value, lua script or etcd keepalive. if the renew fails stop working right away. still not safe tho, a paused process can't renew, so fencing tokens at the db are still needed."},
		{"extend-lease", "The holder can refresh the lease with a compare-and-set that succeeds only while the lock still carries its own id, and it must abandon the work if a refresh is rejected. Refreshing makes overlap less likely but cannot prevent it: a frozen process stops refreshing too. Fencing at the resource remains necessary."},
		{"fencing-token", "its a number that goes up every time someone gets the lock. u send it with every write and the storage keeps the biggest one it saw and rejects anything smaller, so a client that got paused (gc etc) and lost its lease can't write stale data. the storage checks it, not the client."},
		{"fencing-token", "Think of it as an epoch: each acquisition gets a higher one. Writes carry the epoch, and the database refuses a write whose epoch is older than the newest it has accepted. That defeats the zombie holder that wakes up after its lease ran out. The check lives in the database, because only it sees every write."},
		{"redis-lock-and-failure", "acquire: SET k <random> NX PX 30000, one cmd. release: lua script that dels only if value == mine. fails when: the holder pauses past the ttl and another client grabs it, failover loses the key cuz replication is async, no fencing token so storage can't reject the old guy."},
		{"redis-lock-and-failure", "I'd take it with a single SET using NX and an expiry in milliseconds and a random owner string, and give it back with a small server-side script that deletes the key only if the string is still mine. Where it breaks: a long GC pause lets the key expire while I'm still working and a second client takes it; the primary can die before replicating the key; and Redis offers no fencing."},
		{"redis-vs-consensus", "for correctness id go etcd/zk: writes go through raft/zab so they survive node loss, and u get a revision/zxid to use as a fencing token. redis replication is async so a failover can just lose ur lock. redis is fine for efficiency-only locks tho."},
		{"redis-vs-consensus", "The difference that matters: etcd and ZooKeeper commit a grant to a majority before acknowledging it and hand out ever-increasing revisions usable as fencing tokens, while Redis acknowledges from the primary and copies asynchronously, so a failover can forget the lock. Pick Redis when a rare double run is acceptable."},
		{"row-lock", "kinda yes, every app instance talking to that db respects it, but it only covers data in that db. use it for short stuff on rows in the same db. it does nothing for an http call or email you make while holding it."},
		{"row-lock", "In effect it is a lock every client of the database honours, scoped to your transaction and released on commit or rollback. I'd use it when the state being protected lives in that same database. It does not protect side effects outside the database, like calling a payment API."},
		{"run-job-once", "not really, a lock just stops two runs overlapping, another instance can run it again later in the same period after the first one releases. better: insert a row per (job, period) with a unique key and only the winner runs, and make the job idempotent anyway."},
		{"run-job-once", "A lock alone doesn't give once-per-period: once the first instance releases, a late instance can take it and run the job again. Record the run in the database with a unique constraint on job and period so only one instance wins, and keep the job idempotent so a retry after a crash is harmless."},
		{"two-holders", "first id line up the job durations vs the ttl and check gc logs for pauses around the incident, most likely one worker paused past its lease. fix = fencing token checked by the storage, not a bigger ttl."},
		{"two-holders", "I'd start by comparing how long each critical section took with the lease TTL and looking for stalls, GC or CPU throttling, in that window. Then check the release path and whether the lock store failed over. The durable fix is fencing at the resource, since a longer TTL only makes it rarer."},
	}
	for _, w := range good {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); !r.Passed || len(r.FlagIDs()) > 0 {
			t.Errorf("%s: passed=%v (missed %v) flags %v for %q", w[0], r.Passed, r.Missed(), r.FlagIDs(), w[1])
		}
	}
}

// TestNamedAntiPatternsRaiseNoFlag: sentences that name a mistake to warn
// against it, on every question.
func TestNamedAntiPatternsRaiseNoFlag(t *testing.T) {
	b := loadBank(t)
	qs := []string{"redis-lock-and-failure", "two-holders", "choose-ttl", "extend-lease", "fencing-token", "redis-vs-consensus", "row-lock", "run-job-once", "avoid-the-lock"}
	lines := []string{
		"Using SETNX followed by a separate EXPIRE is asking for trouble.",
		"A plain DEL on release is a classic footgun.",
		"Relying on the TTL alone for safety is a mistake people make.",
		"Comparing wall-clock timestamps across hosts won't tell you the order.",
		"Checking the token in the client would still race with a pause.",
		"Redlock gets mentioned a lot, but it doesn't give you correctness.",
		"Whatever you do, avoid holding the lock across the HTTP call.",
		"The temptation is to extend with a bare EXPIRE; resist it.",
		"I've seen teams bump the TTL after an incident, which only hides the bug.",
		"Heartbeats sound like a fix, yet a frozen process can't send them.",
		"A random UUID is fine for ownership on release, but it can't be a fencing token because it has no order.",
		"The replica may not have the key yet, since replication is asynchronous.",
		"You can't just trust that the TTL is long enough.",
		"Two commands, SETNX then EXPIRE, leave a window where a crash makes the lock permanent.",
		"Never assume the lease is still yours just because your heartbeat thread is running.",
		"Skipping fencing because the lock is in etcd is a trap: a paused client still writes late.",
		"Don't rely on Redlock for correctness.",
		"The client checking its own token is not enough; only the storage can do it atomically.",
		"Holding a row lock while calling an external API is a bad idea.",
		"Wrapping the job in a lock is tempting but it doesn't stop a second run later in the period.",
	}
	for _, l := range lines {
		for _, id := range qs {
			q, _ := b.ByID(id)
			if r := b.Grade(q, quiz.Answer{Text: l}); len(r.FlagIDs()) > 0 {
				t.Errorf("%s: flags %v for %q", id, r.FlagIDs(), l)
			}
		}
	}
}

// TestParaphrasedRightStancesRaiseNoFlag: our variants of the QA report's
// sentences that take the right side of the same claims (D10, D16, D11,
// D23) name the words the new patterns look for without making the claim.
func TestParaphrasedRightStancesRaiseNoFlag(t *testing.T) {
	b := loadBank(t)
	for _, w := range [][2]string{
		{"session-suspended", "The session may still be alive, but I am not sure I hold the lock any more, so I halt the protected writes until RECONNECTED."},
		// Grader g5: right stances near the new wordings must stay quiet.
		{"run-job-once", "Mark the claim row done when the run finishes, and prune rows older than a month."},
		{"session-suspended", "On SUSPENDED I stop the protected work immediately and only carry on if RECONNECTED comes back on the same session; on LOST the lock is gone."},
		{"two-holders", "Afterwards, add an alert for when a holder's work exceeds its lease."},
		{"design-lock-service-q", "Leases are timed on the leader with a monotonic clock, never from timestamps the clients send."},
		{"redlock-operations-q", "Clock jumps on a node matter: a stepped clock expires keys early, so slew the clocks and never step them."},
		{"deadlock-ordering", "Releasing a lock undoes nothing; only a transaction makes the debit and the credit all or nothing."},
		{"design-lock-service-q", "Leases are timed on the leader with a monotonic clock, so a wall-clock jump doesn't matter to them."},
		{"redis-vs-consensus", "etcd and ZooKeeper replicate every write to a majority through Raft or ZAB before acknowledging it, which is why a failover cannot lose a grant."},
		{"unfenceable-resource", "Checking the remaining TTL just before the call narrows the window but is not safe: the pause can come right after the check."},
		{"extend-lease", "If a renewal fails, stop the job and don't keep running on a lease you may have lost."},
		{"zookeeper-lock-recipe", "The nodes must be ephemeral sequential, not persistent nodes, or a crashed holder's node stays forever."},
		{"design-lock-service-q", "Followers must not grant locks from their local state; every grant goes through the leader and the log."},
		{"run-job-once", "If the run outlasts lockAtMostFor, a second node can start it; that is why the per-period claim row, not the lease, is the guarantee."},
		{"etcd-revision-guard", "A GC pause can last longer than any TTL, so a longer TTL does not prevent two leaders."},
		{"etcd-revision-guard", "I would set the TTL above normal GC pauses so healthy leaders keep it, but that is liveness; the write still goes through a transaction comparing my create revision."},
		{"choose-ttl", "A long TTL so that a GC pause does not lose the lease only makes it rarer; fencing is what stops the stale write."},
		{"idempotency-keys", "A per-customer Redis lock is the wrong tool: it only makes duplicates rarer, since its lease can run out before the provider answers."},
		{"deadlock-ordering", "With leases the deadlock ends when a lease expires under a holder that is still alive, which is a safety problem, not a recovery."},
		{"holder-id-guard", "The owner id is not a fencing token: it repeats when the same worker claims again."},
		{"redis-vs-consensus", "Redlock adds safety against a node failure compared with one Redis, but it still needs fencing."},
		// The flags redis-wait-safe and holder-id-guard now check, on
		// right answers: "and fencing is still needed" is a clause of its
		// own, not under the "not" before it.
		{"redis-wait-safe", "WAIT 1 returns once one replica has the key, but failover can promote a different replica that lagged, so the lock is lost anyway. It's not consensus and fencing is still needed."},
		{"redis-wait-safe", "The lock survives a failover only if the promoted replica has it, and WAIT cannot promise that, so fencing is still required."},
		{"redis-wait-safe", "Even when the replica has the key, Sentinel can pick another replica that never got it, so the lock does not survive failover; only fencing at the resource makes it safe."},
		{"holder-id-guard", "Add a claim_epoch and use it as the fencing token: the owner as the fencing token fails when the same worker claims twice."},
		{"two-holders", "Redlock is not consensus and fencing is still needed."},
		// The right side of the claims above.
		{"outbox-pattern", "The relay can publish a row twice if it crashes before marking it sent, so consumers must deduplicate; exactly-once is a myth here."},
		{"skip-locked-queue", "READ COMMITTED does not stop two workers from reading the same row, so claim with FOR UPDATE SKIP LOCKED."},
		{"deadlock-ordering", "Locking the source first and then the destination deadlocks when two transfers go in opposite directions; sort by account id instead."},
		{"session-suspended", "Reacting only to LOST is too late: the session may have expired and another client may already hold the lock."},
		{"redis-wait-safe", "WAIT does not make replication synchronous and does not roll back the SET when it times out."},
		// Named, not claimed: a negated subject, a list of mistakes,
		// passive reported speech, a diagnosis step.
		{"redis-lock-and-failure", "Set ACLs so nobody can run DEL on the lock keys."},
		{"redis-lock-and-failure", "Two mistakes to avoid. First, a plain DEL on release. Second, SETNX and then EXPIRE as two calls."},
		{"fencing-token", "I was once told the fencing token is just the lock's UUID. That's a different thing: a UUID has no order."},
		{"two-holders", "Grep the code for SETNX followed by EXPIRE and for a plain DEL."},
		{"unfenceable-resource", "Assumes the provider keeps the key for longer than any stale holder can be delayed."},
		{"redis-early-expiry", "volatile-lru evicts exactly the keys with a TTL, so lock keys are the first to go; use noeviction."},
		{"zookeeper-lock-recipe", "If everyone watched the lock node, each release would wake every waiter: that is the herd effect."},
		{"row-lock", "FOR UPDATE blocks every other transaction on that row, whichever server its connection comes from."},
		{"outbox-pattern", "Kafka transactions cover Kafka topics, not Postgres, so they cannot make the commit and the publish atomic."},
		{"outbox-pattern", "The status change and the outbox row are atomic because they share one transaction."},
	} {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); len(r.FlagIDs()) > 0 {
			t.Errorf("%s: flags %v for %q", w[0], r.FlagIDs(), w[1])
		}
	}
}

// These answers were written while tuning on the blind writers G and H,
// without copying them, for the free-text questions: a concise right
// answer (which must pass with no flag), a losing claim (which must be
// flagged) and a sentence that names a losing claim to reject it (which must
// raise no flag).
var (
	ownConcise = [][2]string{
		{"avoid-the-lock", "If the database can enforce the rule itself, with a unique constraint or an UPDATE ... WHERE version = $v, I skip the lock: the store rejects the loser even when a worker pauses. Same if the operation is idempotent, so running it twice leaves the same result. A lock I keep only to save duplicate work, never for correctness."},
		{"avoid-the-lock", "I avoid a distributed lock when the data can referee the race: a conditional write or an insert against a unique key. And when the handler is idempotent, a duplicate run does no harm, so there is nothing to exclude."},
		{"choose-ttl", "The TTL trades recovery time against false expiry: too short and a slow but healthy holder loses the lease mid-job, too long and a crashed holder blocks everyone for the whole TTL. No value makes it safe, because a GC pause can outlast any TTL, so I size it from the p99 of the work plus a margin, renew it, and fence the writes."},
		{"deadlock-ordering", "Two opposite transfers can deadlock: one holds account A and waits for B while the other holds B and waits for A. Fix it by always locking the lower account id first, whatever the direction, and keep the debit and credit in one database transaction."},
		{"design-lock-service-q", "I'd build it on a Raft group of five: every acquire is committed by a majority before we answer. Clients hold sessions kept alive by heartbeats, the leader times leases on a monotonic clock and a new leader gives every lease a fresh full term. Each grant returns a fencing token, the Raft index, which only grows, and resources must reject writes carrying an older token because a paused client can still write. Scale by sharding lock names across groups."},
		{"etcd-revision-guard", "Write /config/routes in a transaction: Txn().If(mutex.IsOwner()).Then(Put). The compare on the lock key's create revision and the put happen atomically inside etcd, so if my lease lapsed during the pause the condition fails and nothing is written."},
		{"extend-lease", "Yes, with a heartbeat that renews the lease well before it expires, using a compare-and-extend script so it only extends a key that still holds my token. If a renewal fails the worker stops at once. Renewal doesn't make it safe though: a pause freezes the heartbeat too, so the resource still has to check a fencing token."},
		{"fencing-in-real-systems", "Kafka fences zombie producers with a producer epoch, HDFS journal nodes refuse a NameNode with an older epoch, and Raft followers ignore a leader with an older term. The common idea: an authority hands out a number that grows with each new leader, it travels with every request, and the receiver rejects anything older, so a paused old leader can't do damage."},
		{"fencing-token", "A fencing token is a counter the lock service increments on every grant. The holder sends it with each write, and the storage remembers the highest one and rejects a write carrying a lower token, so a client that paused past its lease can't clobber the new holder's data."},
		{"holder-id-guard", "The guard can't tell one claim by worker 7 from a later claim by worker 7: the same owner can claim the job again after its claim lapsed, and a delayed write from the first claim still matches owner = 7. Add a claim_epoch that the claim increments and returns, and guard every write with WHERE claim_epoch = $mine."},
		{"idempotency-keys", "The client creates an idempotency key for each payment and sends the same key on every retry. The server inserts the key into a table with a unique constraint in the same transaction as the charge record, and a retry with a known key gets the stored response back instead of a second charge."},
		{"optimistic-concurrency", "Give the document a version number. Save with UPDATE docs SET body = $1, version = version + 1 WHERE id = $2 AND version = $3; if zero rows changed, someone saved in between, so return a conflict and let the user merge."},
		{"outbox-pattern", "You can't make a Postgres commit and a Kafka publish atomic, and a lock doesn't change that: a crash between them loses one. Insert the OrderShipped event into an outbox table in the same transaction as the status update, and have a relay publish the outbox rows to Kafka. The relay may publish twice, so consumers deduplicate by event id."},
		{"redis-early-expiry", "Memory eviction: under maxmemory a volatile-* policy evicts keys with a TTL, which is every lock, so set noeviction. A restart loses keys written since the last fsync or snapshot, so use appendfsync always or keep the node down past the longest TTL. And a forward clock jump expires keys early, so slew the clock instead of stepping it."},
		{"redis-lock-and-failure", "Acquire with SET lock <random token> NX PX 30000 in one command. Release with a Lua script that deletes the key only if it still holds my token. It fails when the holder pauses longer than the TTL and a second client takes the lock, and on failover, since replication is asynchronous the replica may never have seen the key. Fencing tokens at the resource cover the pause."},
		{"redis-vs-consensus", "etcd or ZooKeeper, if the lock guards correctness: they commit the grant through a consensus quorum, so a failover never forgets it, and they hand out a revision or zxid you can use as a fencing token. Redis replicates asynchronously and gives no token; it's fine for efficiency locks."},
		{"redis-wait-safe", "No. WAIT is not consensus: it only waits until one replica has acknowledged and returns the count. Failover can promote a different replica that never got the key, so the acknowledged lock can still be lost, and a WAIT that times out rolls nothing back."},
		{"redlock-operations-q", "Five independent masters, no replicas. Turn on appendfsync always or keep a crashed node down longer than the longest TTL, because a node that restarts empty lets a second client win a majority. Clocks must be slewed, never stepped, since expiry is timed by each node's clock. And I'd tell them it still can't stop a paused client or give a fencing token."},
		{"row-lock", "Within one database, yes: FOR UPDATE makes every other transaction from any server wait for that row, and it's released at commit or when the connection dies. It does nothing for effects outside the database, like an API call made while holding it. Use it for short read-modify-write on rows in that same database."},
		{"run-job-once", "A lock alone doesn't give once per period: it stops overlap, but an instance whose lease ran out, or one that fires late after the first released, runs the job again. Insert a row keyed by (job, period) with a unique constraint and let only the winner run it, and make the job idempotent in case the winner crashes halfway."},
		{"session-suspended", "On SUSPENDED I stop the protected work immediately, because I can no longer be sure I hold the lock; I resume on RECONNECTED and re-acquire on LOST. The listener alone isn't enough: it is asynchronous and runs late, the servers can expire my session before the client notices, so the resource still needs a fencing token."},
		{"skip-locked-queue", "Claim with UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id. SKIP LOCKED lets workers take different rows without blocking, and a job whose locked_until passed is picked up again, so a dead worker's job is not lost; since that means a job can run twice, handlers must be idempotent."},
		{"two-holders", "First collect the lock service's log of grants, expiries and failovers, and both workers' GC and pause logs, and put them on one timeline ordered by the lock service rather than by host clocks. Typical causes: a holder paused past its TTL, a Redis failover that lost the key, or a release without an owner check. Then fix the cause and add fencing at the resource."},
		{"unfenceable-resource", "Use the provider's idempotency key, derived from our payment id so every holder sends the same one; that assumes they keep keys long enough. Or route every call through one proxy we own that does check fencing tokens, which assumes nothing bypasses it. Checking the lease right before the call only narrows the window: it assumes no pause longer than the margin."},
		{"zookeeper-lock-recipe", "Each client creates an ephemeral sequential znode under /lock. The one with the lowest sequence number holds the lock; every other client watches only the node just before its own and re-checks when it disappears. The herd effect is every waiter watching the same node and all waking on each release; watching the predecessor wakes just one."},
		// The same in casual, lower-case wording.
		{"avoid-the-lock", "when the table can police itself i skip it: a unique index or an update guarded on the row's version means the loser just gets told no. also if redoing the op leaves things the same (idempotent), a dupe costs nothing. lock only to save wasted work tbh."},
		// (g15: on deadlock-ordering the cycle and the order alone are the
		// partial answer, min_breadth: these go on to one more point)
		{"deadlock-ordering", "classic deadlock: transfer 1 grabs A and waits on B, transfer 2 grabs B and waits on A, both stuck forever. fix = everyone locks accounts in the same global order, e.g. smallest account id first, no matter who's paying whom. and if both rows live in one db i'd just do it in one txn."},
		{"deadlock-ordering", "Two transfers going opposite ways can each end up holding one lock while waiting for the other's, so neither ever proceeds. I'd make every transfer acquire the two locks sorted by account number, so no cycle can form. With leases, a deadlock would only end by a lease running out mid-transfer, which is no recovery."},
		{"design-lock-service-q", "core is a small quorum-replicated state machine (raft), grants only acked once a majority has logged them. api: acquire/renew/release/watch on sessions with keepalives. every grant comes with a token that only increases (the log index) and clients have to pass it to whatever they protect so stale holders get rejected there. shard names across clusters to scale."},
		{"etcd-revision-guard", "don't just Put. do a txn that compares the lock key's create revision (IsOwner) and only then puts, all in one atomic op on the etcd side. if the old leader's lease expired during its gc pause its key is gone, the compare fails, and the write doesn't happen."},
		{"fencing-in-real-systems", "Sure: Kafka's controller epoch, HDFS's journal-node epochs, Raft terms, Elasticsearch primary terms. In each, whoever takes over gets a higher number than any before, every request carries it, and the receiving side refuses requests stamped with an older number, which is how a leader that was paused and came back gets shut out."},
		{"holder-id-guard", "owner = $me says who, not which claim. if the same worker picks the job up again after its claim timed out, a write left over from its first claim still matches owner = me and lands. fix: bump a claim counter in the claiming UPDATE, return it, and make every write check WHERE claim_no = $mine."},
		{"idempotency-keys", "app makes a uuid per payment and resends the same one on every retry as Idempotency-Key. server stores it in a table with a unique index, in the same txn as the charge, and on a repeat key just returns the saved response. the per-customer lock doesn't help since the retry usually arrives after the first request finished."},
		{"optimistic-concurrency", "add a version col, editor keeps the version it loaded, save does UPDATE ... WHERE id = $1 AND version = $2 and bumps it. if 0 rows updated someone else saved first -> show a conflict and let them merge. no lock needed."},
		{"outbox-pattern", "lock doesn't help, the db commit and the kafka send can't be made atomic, a crash in between loses one of them. write the event into an outbox table in the same transaction as the status change, then a relay (debezium or a poller) ships outbox rows to kafka. at-least-once, so consumers dedupe."},
		{"redis-early-expiry", "three things: eviction under maxmemory (volatile-* policies go after keys with a ttl, i.e. your locks) so use noeviction; restart losing keys that weren't fsynced, so appendfsync always or wait out the max ttl before serving; and clock jumps on the host since expiry compares against wall time, so slew ntp."},
		{"redis-wait-safe", "nope. WAIT just blocks until n replicas ack and tells you the count, it isn't consensus. sentinel can still promote a replica that didn't get the key, and if WAIT times out the SET isn't undone. plus a paused holder still outlives the ttl, so fence."},
		{"redlock-operations-q", "five independent masters, no replicas. fsync always or keep a crashed node out longer than the max ttl, since a node that restarts empty lets someone else grab a majority. slew the clocks, never step them. and tell them straight: no fencing token, and a paused client still overlaps the next holder."},
		{"row-lock", "kinda yes within postgres: every other transaction that touches that row waits, from any server. but it only covers data in that db, an http call made while holding it isn't protected. great for short read-modify-write on rows in the same database."},
		{"run-job-once", "a lock only stops overlapping runs; a late instance can still run it again after the first one finished, or after a lease expires mid-run. better: insert (job, period) with a unique constraint, only the inserter runs it, and make the job idempotent so a crash-and-rerun is harmless."},
		{"session-suspended", "stop the protected work right away, i can't be sure i still own the lock. RECONNECTED -> resume, LOST -> lock gone, reacquire. listener alone isn't enough cos it's async: the session can expire on the server before my client hears about it, and a gc pause delays the callback, so the resource should still check a fencing token."},
		{"skip-locked-queue", "claim with FOR UPDATE SKIP LOCKED so workers grab different rows without waiting, set a locked_until lease on the claimed row and have a sweeper requeue jobs whose lease ran out, so a dead worker's job comes back. jobs can run twice then, so keep handlers idempotent."},
		{"unfenceable-resource", "best bet is the provider's idempotency key derived from our own payment id, assuming they honour it long enough. a proxy we own that checks tokens helps if nothing bypasses it. checking the lease just before the call assumes the pause won't land right after the check, which we can't promise."},
		{"zookeeper-lock-recipe", "everyone creates an ephemeral sequential node under the lock dir; lowest number holds it. each waiter watches only the node right before its own, re-checks when it goes. herd effect = everyone watching the same node and all waking on every release; watching your predecessor wakes just one."},
		// Quoting or reporting the losing claim to refute it.
		{"outbox-pattern", "My lead argued that Kafka transactions would cover the Postgres update too. They don't: Kafka's transactions only span Kafka, so the commit and the publish still can't be atomic and a crash between them loses one. Use an outbox table written in the same transaction as the status change, with a relay publishing it; consumers dedupe because the relay can resend."},
		{"skip-locked-queue", "There's a common belief that READ COMMITTED stops two workers from grabbing the same row. Not true: both can read it before either updates. Claim with FOR UPDATE SKIP LOCKED instead, give each claim a lease (locked_until) that a sweeper resets so a dead worker's job returns, and keep handlers idempotent since a job may run twice."},
		{"session-suspended", "You'll hear that SUSPENDED is harmless and you should keep working until LOST. Wrong: by the time LOST arrives the servers may have expired the session and handed the lock on. So I stop protected work on SUSPENDED, resume on RECONNECTED. And the listener isn't enough since it's asynchronous and fires late; the resource must check a fencing token."},
		{"redis-wait-safe", "The colleague believes WAIT makes the lock replicated and therefore safe. It isn't: WAIT is not consensus, it only reports how many replicas acknowledged, and Sentinel may promote a replica that never received the key. A timed-out WAIT rolls nothing back either. Fence the resource or use etcd."},
		{"deadlock-ordering", "Someone on my team once proposed locking the source first and the destination second. That still deadlocks, because A-to-B and B-to-A transfers take the same two locks in opposite orders and each waits for the other. Order by account id instead, lowest first, and do the debit and credit in one database transaction."},
		{"holder-id-guard", "The reviewer is right. The owner guard compares identities, and the same worker can hold two different claims over time: after its claim lapses and it reclaims the job, a delayed write from the first claim still matches owner = me. Give every claim its own epoch, incremented by the claiming UPDATE, and require it in every write's WHERE."},
		{"etcd-revision-guard", "A teammate assumed etcd refuses writes from a client whose session expired. It doesn't; a plain Put from the old leader is applied. The fix is a transaction that compares the lock key's create revision and puts in one atomic step: Txn().If(IsOwner()).Then(Put). If the lease lapsed, the compare fails and nothing is written."},
		{"redis-early-expiry", "People think volatile-lru protects lock keys because they have a TTL. It's the reverse: volatile policies evict exactly the keys with a TTL, so use noeviction. Also a restart without appendfsync always loses recent keys, so fsync or delay the restart past the longest TTL, and a forward clock jump expires keys early, so slew the clock."},
		{"idempotency-keys", "I've seen teams let the server generate the idempotency key, which defeats it: every retry arrives with a fresh key. The client has to mint one key per payment and reuse it on every retry. The server records it under a unique constraint in the same transaction as the payment and replays the stored response for a repeated key."},
		{"unfenceable-resource", "A colleague said checking the lock right before the call makes it safe. It narrows the window but a pause right after the check still lets a stale call through, so that option assumes pauses are shorter than the margin. Better: the provider's idempotency key derived from our payment id, which assumes they keep keys long enough."},
		{"zookeeper-lock-recipe", "A junior once described the herd effect as two clients holding the lock at once. It isn't that: it's every waiter watching the one lock node, so each release wakes all of them to race. The recipe avoids it: each client creates an ephemeral sequential node and watches only the node just before its own; the lowest number holds the lock."},
		{"row-lock", "A colleague claimed FOR UPDATE only blocks statements on the same connection. Not so: it blocks every transaction in the database that wants that row, from any server, so within that database it works as a distributed lock. It doesn't protect anything outside the database, such as an API call made while holding it."},
		{"run-job-once", "The usual pitch is that a unique row per period gives exactly-once execution. It gives at most one claim, not one completed run: if the winner crashes halfway someone has to rerun it. So: insert (job, period) under a unique constraint, let only the inserter run, and make the job idempotent. A lock alone only prevents overlap, not a second run later in the period."},
		{"redlock-operations-q", "Some teams add a Sentinel replica behind every Redlock node for availability. I'd forbid that: a promoted replica that missed the key lets a second client win a majority. Rules: independent masters, appendfsync always or a delayed restart past the max TTL, slewed clocks. It still can't fence a paused client or give a token."},
		{"design-lock-service-q", "People sometimes say a linearizable lock service makes fencing unnecessary. It doesn't, a paused client can still write after its lease ended. So: Raft replication with grants committed by a majority, sessions kept alive by heartbeats, and every grant returns a monotonically increasing token that resources must check, rejecting older ones."},
		// Naming the anti-pattern to reject it.
		{"outbox-pattern", "Don't publish to Kafka inside the database transaction and hope the commit succeeds; the two still aren't atomic, and a crash between them loses one side. Write an outbox row in the same transaction as the status update and have a relay publish outbox rows. Consumers must deduplicate, because the relay delivers at least once."},
		{"skip-locked-queue", "Avoid the plain SELECT-then-UPDATE claim: two workers can read the same row before either updates it. Claim with FOR UPDATE SKIP LOCKED and stamp a lease expiry on the row; a reaper returns expired jobs to the queue, so a dead worker's job is retried. Make handlers idempotent, since a slow worker and its replacement can both finish."},
		{"optimistic-concurrency", "The trap is checking the version in a separate SELECT and then doing an unconditional UPDATE; two saves can pass the check together. Put the version in the UPDATE's WHERE clause and bump it in the same statement. If no row is updated, report a conflict so the user can reload and merge."},
		{"idempotency-keys", "Never mint the key on the server per request, or every retry looks new. The client generates an idempotency key once per payment and sends it on each retry; the server inserts it into a table with a unique constraint and returns the stored result for a key it has already seen."},
		{"deadlock-ordering", "Locking source then destination is the mistake: opposite transfers then hold one lock each and wait for the other forever. Always take the lower account id first. And don't treat holding both locks as atomicity; a crash between debit and credit still loses money without one database transaction."},
		{"session-suspended", "Treating SUSPENDED as a blip and waiting for LOST is the classic error. I stop the protected work on SUSPENDED, since the session may already be gone, resume on RECONNECTED and re-acquire on LOST. The listener runs asynchronously and can fire after the server expired the session, so the resource must reject stale tokens as well."},
		{"redis-wait-safe", "Don't read WAIT as synchronous replication: it blocks until n replicas acknowledge and returns the count, nothing more, and it is not consensus. A failover can still promote a replica that missed the key, and a timed-out WAIT doesn't undo the SET. For safety, fence the resource."},
		{"etcd-revision-guard", "Checking the session locally and then calling Put is check-then-act and leaves a gap. Do the compare and the write in one etcd transaction on the lock key's create revision, If(IsOwner()).Then(Put): if the lease expired, the compare fails atomically and the stale leader writes nothing."},
		{"redis-early-expiry", "Don't pick volatile-lru for a lock instance: it evicts keys that carry a TTL, which is every lock key; use noeviction. Don't rely on RDB snapshots either: a restart loses keys written since the last one, so use appendfsync always or keep the node down longer than the longest TTL. And a clock jump forward expires keys early, so slew NTP."},
		{"zookeeper-lock-recipe", "Avoid having every waiter watch the lock node: each release would wake them all, which is the herd effect. Each client creates an ephemeral sequential node, the lowest sequence holds the lock, and every other client watches only its predecessor, re-checking when it disappears."},
		{"row-lock", "Within the database, yes: FOR UPDATE serialises every client that touches the row. Never hold it across an HTTP call, though: if the connection dies the database rolls back, but the external call already happened. Use it for short read-modify-write on data in that same database."},
		{"redlock-operations-q", "No replicas behind the Redlock nodes, ever: a promoted replica without the key hands a second client a majority. Fsync every write or keep a crashed node down longer than the longest TTL. Slew clocks, never step them. And it still cannot stop a paused client or produce a fencing token."},
		{"holder-id-guard", "Don't treat WHERE owner = $me as a fence: the same owner can claim the job again after its claim lapsed, and a stale write from its earlier claim still matches. Add a claim epoch that the claim increments and returns, and guard every write on it."},
		// Thorough answers that discuss the losing claims in their right context.
		{"outbox-pattern", "This is the dual-write problem: the Postgres commit and the Kafka publish are two systems, and no lock makes them atomic, since a crash between them loses one. I'd write the OrderShipped event into an outbox table in the same transaction as the status update. Debezium tails the WAL and publishes outbox rows in commit order. Delivery is at least once: if the relay crashes after publishing but before recording its offset, the event goes out again, so consumers keep a processed-event table keyed by event id. Kafka's own exactly-once transactions help only between Kafka topics. Retention: delete published outbox rows after a day."},
		{"skip-locked-queue", "Table jobs(id, status, locked_until, attempts). Claim: UPDATE jobs SET status='running', locked_until=now()+'2 min', attempts=attempts+1 WHERE id = (SELECT id FROM jobs WHERE status='queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id, attempts. Under READ COMMITTED a plain SELECT would let two workers pick the same row, which is why the row lock with SKIP LOCKED matters. Workers extend locked_until while running; a sweeper requeues rows whose locked_until passed. Completion is guarded by WHERE attempts = $mine. This is at-least-once, never exactly-once, so handlers are idempotent."},
		{"redis-wait-safe", "Safer, not safe. WAIT 1 100 blocks until one replica acknowledged the SET or 100 ms pass, then returns the count; it doesn't make replication synchronous and it is not consensus. If it returns 0 the key is still on the primary, nothing is rolled back. Even with an ack, Sentinel may promote a different replica that lagged, so the acknowledged lock can be lost. And a holder pausing past the TTL gives two holders anyway. For correctness: fencing tokens checked by the resource, or etcd."},
		{"redis-early-expiry", "Eviction: with maxmemory set, volatile-lru, volatile-ttl and allkeys-* can all drop lock keys, and volatile-ttl prefers the keys closest to expiry; run locks with noeviction. Persistence: RDB snapshots and AOF everysec both lose recent writes on a crash, so a restart forgets held locks; use appendfsync always or keep the node out for longer than the longest TTL. Clocks: Redis compares the stored expiry with the wall clock, so a forward jump expires keys early; slew with NTP. Also restrict FLUSHALL and DEL with ACLs."},
		{"session-suspended", "SUSPENDED means Curator lost its connection; the session may still be alive on the ensemble or already expired, and the client can't know which. So I stop protected work immediately and wait: RECONNECTED means the same session survived and I can resume, LOST means the lock is gone and I re-acquire. Keeping on working until LOST would be wrong, as LOST comes after the servers already expired the session. The listener alone isn't enough: it runs on its own thread and fires late, and a GC pause freezes it too, so writes carry a fencing token (the lock node's czxid) that the store checks."},
		{"deadlock-ordering", "With two locks, A-to-B and B-to-A transfers can deadlock: each holds its first lock and waits for the second. Prevent it with a global order: lock the lower account id first, regardless of which is the source or destination. Add an acquire timeout with release and jittered retry as a backstop. Also, holding both locks doesn't make the debit and the credit atomic: if the process dies between the two updates, money disappears, so both go in one database transaction, with the locks only reducing contention."},
		{"holder-id-guard", "The guard tells owners apart, not claims. The reclaim condition is a ten-minute lease, and the same worker can reclaim the job after its own claim lapsed; a write delayed from its first claim still says owner = me and lands inside the new claim. Shortening the interval would not fix that. I'd add a claim_seq incremented by the claiming UPDATE and returned to the worker, guard every write with claim_seq = $mine, and pass it to other stores as a fencing token."},
		{"etcd-revision-guard", "The etcd lock is a lease, so after a long GC pause the old leader's lease can expire while it still believes it leads. etcd will not stop its plain Put on its own. So the write goes through a transaction: If the lock key's create revision matches (mutex.IsOwner()), Then Put /config/routes. The compare and the put are atomic inside etcd, so a deposed leader's transaction fails and writes nothing. Watch session.Done() to stop early as well, knowing it arrives late."},
		{"idempotency-keys", "A lock per customer only serialises requests; the duplicate usually arrives after the first request finished, so it charges again. Instead the client generates an idempotency key per payment and reuses it on every retry. The server inserts (customer, key) into a table with a unique constraint in the same transaction as the payment; a retry with a known key returns the stored response, and a key reused with a different body is rejected. Keys generated per request on the server would defeat this. Pass a derived key to the PSP too."},
		{"zookeeper-lock-recipe", "Each client creates an ephemeral sequential znode under /locks/name, then lists the children. If its node has the lowest sequence number it holds the lock. Otherwise it sets a watch on the node just before its own and checks again when that node is deleted, since the predecessor may have given up rather than released. The herd effect is what happens when every waiter watches the same node: each release wakes all of them to re-check. Ephemeral nodes also mean a crashed holder's session expiry releases the lock."},
		// The nine older questions, in unusual or casual wording.
		{"fencing-token", "It's a generation number the lock hands out, one higher each time ownership changes. Whoever holds the lock stamps it on every request to the datastore, and the datastore turns away anything stamped lower than the highest it has accepted, so an owner that froze past its lease and wakes up late can't overwrite the newer owner's work."},
		{"fencing-token", "basically a counter from the lock service that only goes up per grant. client sends it with each write, storage remembers the max and rejects older ones. that's what stops a zombie client (gc pause, lease ran out) from clobbering data. the check has to be at the storage, not the client."},
		{"choose-ttl", "ttl is a tradeoff: short means a crashed holder frees the lock fast but a slow healthy one can lose it mid-work; long means everyone waits ages after a crash. no ttl is actually safe since a pause can outlast any of them, so measure p99 of the work, add margin, renew, and fence."},
		{"extend-lease", "yep, renew it from a background heartbeat well before it runs out, but only through a check-and-extend (lua: if value == my token then pexpire) so you never extend someone else's lock. if a renewal fails, stop work immediately. renewals don't save you from a stop-the-world pause though, the heartbeat freezes too, so fence at the resource."},
		{"redis-lock-and-failure", "grab it with SET key <random> NX PX 30000, one shot. give it back with a lua script that only deletes if the value is still mine. breaks if i stall past the ttl and someone else grabs it while i keep writing, or if the primary dies before the replica got the key (async replication) and the replica gets promoted. fence the writes to survive the pause case."},
		{"redis-vs-consensus", "for correctness i'd use etcd or zookeeper. they only acknowledge a grant once a majority has it on disk, so a leader failover doesn't lose it, and they give you a revision/zxid to use as a fencing token. redis replication is async and a failover can forget the lock, fine for efficiency only."},
		{"two-holders", "pull the lock service's own record of grants and expiries plus both workers' gc/pause logs, and line them up using the lock's ordering, not the hosts' clocks. usual suspects: a holder paused longer than the ttl, a failover that dropped the key, a release that deleted someone else's lock. then fix it and put fencing tokens on the resource."},
		{"run-job-once", "Not really. A lock just keeps two runs from overlapping; an instance that fires late, or one whose lease ran out during a pause, still runs it a second time. I'd record the run in a table with a unique key on (job, period) so only one instance wins, and make the job idempotent."},
		{"row-lock", "Sort of: every session hitting that row waits for it, whichever app server it comes from, so within the database it acts as a distributed lock. It covers nothing outside the database though, like a call to a payment API. I reach for it when the state I'm protecting lives in that same database and the transaction is short."},
		{"avoid-the-lock", "Whenever the store can arbitrate: a unique index, or an update that only applies if the version still matches. And whenever the operation is idempotent so a second run changes nothing. I only keep a lock as an optimisation against wasted work."},
	}
	ownLosing = [][2]string{
		{"avoid-the-lock", "You always need a distributed lock when several processes write the same data; a Redis lock with a TTL guarantees only one writer at a time."},
		{"choose-ttl", "Pick a TTL longer than the longest job you have ever seen and two holders cannot happen."},
		{"deadlock-ordering", "Deadlock is the risk; lock the source first and the destination second in every transfer and that fixed order prevents it."},
		{"design-lock-service-q", "Raft replication with leases and a monotonic token per grant; since the service is linearizable, clients holding a lease are the only ones acting, so the protected resources do not need fencing."},
		{"etcd-revision-guard", "Check that the session is still alive just before the Put; if it is, a plain Put is safe."},
		{"holder-id-guard", "The owner guard already works as a fence, the reviewer is wrong and nothing needs to change."},
		{"idempotency-keys", "Have the server generate a new idempotency key for each incoming request and store it with the payment."},
		{"optimistic-concurrency", "Read the current version with a SELECT, compare it in the application, and then run a normal UPDATE; doing the check separately is fine."},
		{"outbox-pattern", "Use the transactional outbox; the relay then delivers every event exactly once, so consumers never have to deduplicate."},
		{"redis-early-expiry", "Set maxmemory-policy to volatile-lru, which is safe for locks because it only evicts keys without a TTL."},
		{"redis-wait-safe", "Yes, WAIT turns Redis replication synchronous for that key, so the lock survives any failover."},
		{"redlock-operations-q", "With five nodes and a majority, Redlock stays safe even through GC pauses and clock jumps, so you can use it for payments."},
		{"row-lock", "A plain SELECT and then an UPDATE in the same transaction is just as safe as FOR UPDATE under READ COMMITTED."},
		{"run-job-once", "The unique row per period gives exactly-once execution, even if the instance crashes, so the job doesn't need to be idempotent."},
		{"session-suspended", "SUSPENDED is just a network blip, so I carry on working and only stop when LOST arrives."},
		{"skip-locked-queue", "FOR UPDATE SKIP LOCKED hands each job to exactly one worker, so every job is processed exactly once and handlers don't need to be idempotent."},
		{"unfenceable-resource", "Generate a new idempotency key for every attempt so the provider can tell the calls apart."},
		{"zookeeper-lock-recipe", "Every client creates /lock as an ephemeral node; the others watch /lock and retry when it is deleted. The herd effect is two clients holding the lock at once."},
		// The same claims inside otherwise sound answers, and in other words.
		{"outbox-pattern", "Write the event to an outbox table in the same transaction as the status change and let Debezium publish it. Because of that, each event reaches Kafka exactly once and consumers can skip deduplication."},
		{"outbox-pattern", "Just publish to Kafka inside the database transaction and commit only after the broker acks; then the update and the event either both happen or neither does."},
		{"skip-locked-queue", "Use SELECT ... FOR UPDATE SKIP LOCKED with a locked_until lease and a reaper. Since a job is only ever claimed by one worker, it runs exactly once, and idempotent handlers are unnecessary."},
		{"skip-locked-queue", "Each worker selects the oldest queued job and then updates it to running; MVCC guarantees two workers never see the same queued row."},
		{"run-job-once", "Insert a row per job and period with a unique constraint so only one instance runs it. That makes the job run exactly once even if the instance crashes, so idempotency isn't needed."},
		{"idempotency-keys", "Generate a fresh UUID as the idempotency key on every retry, and store keys under a unique constraint."},
		{"idempotency-keys", "The client sends an idempotency key. On the server I GET the key from Redis and, if it is missing, charge and then SET it; that check-then-set is enough."},
		{"session-suspended", "SUSPENDED is temporary, Curator reconnects, so I keep processing and only react when the state becomes LOST."},
		{"redis-wait-safe", "It's safe: WAIT makes the replication synchronous for that write, so a promoted replica always has the lock."},
		{"redis-wait-safe", "Mostly safe. And if WAIT times out, Redis rolls back the SET, so you never hold an unreplicated lock."},
		{"deadlock-ordering", "Prevent the deadlock with a consistent order: every transfer locks its source account first, then its destination."},
		{"deadlock-ordering", "Lock both accounts in id order. With both locks held, the debit and the credit are safely atomic, so two separate UPDATEs are fine."},
		{"holder-id-guard", "I disagree with the reviewer: WHERE owner = $me is a proper fence, because another claim changes the owner."},
		{"etcd-revision-guard", "You don't need a transaction: etcd rejects writes from a client whose session has expired, so the deposed leader's Put just fails."},
		{"redis-early-expiry", "On one node the key can't expire early; and with volatile-lru the lock keys are protected since only keys without an expiry get evicted."},
		{"redlock-operations-q", "Give each of the five masters a replica with Sentinel so a node failure never costs a vote."},
		{"row-lock", "No. SELECT FOR UPDATE only blocks statements on the same connection, so it can't coordinate separate servers."},
		{"zookeeper-lock-recipe", "All clients try to create /lock as an ephemeral node and the others set a watch on /lock. The herd effect is two clients both holding the lock."},
		{"unfenceable-resource", "Right before calling the API, verify that the lock is still ours; since we checked immediately before, no stale holder can call it."},
		{"design-lock-service-q", "Raft underneath, sessions with keepalives, a monotonic token per grant. Because the service is linearizable, resources don't need to check the token."},
		{"optimistic-concurrency", "Let the client send its timestamp and keep the save with the newest timestamp: last write wins by time, so nothing is lost."},
		{"fencing-in-real-systems", "Real systems just use session timeouts and NTP; that is sufficient, so fencing tokens are mostly academic."},
		{"avoid-the-lock", "If you take a Redis lock you can drop the unique constraint, since only one writer can reach the table."},
		{"two-holders", "The workers' clocks disagreed; sync them with NTP and two holders can't happen again."},
		// The older questions' losing claims in other words.
		{"fencing-token", "The lock service issues a token with each grant and the client sends it with its writes. Any unique value works for this, a UUID is fine since the store only needs to tell holders apart."},
		{"choose-ttl", "Measure the p99 of the job and set the TTL to three times that; with that margin the lease never runs out while the job is still running, so two holders are impossible."},
		{"extend-lease", "Renew with a compare-and-extend script every third of the TTL. If a renewal fails, it's fine to finish the current batch before stopping, since the new holder won't have started yet."},
		{"redis-lock-and-failure", "Acquire with SET NX PX and a random value. To release, GET the value, compare it in the client and then DEL; the gap is microseconds, so that's fine in practice."},
		{"redis-vs-consensus", "Redlock across five Redis masters is as safe as etcd, since both rely on a majority, and it's much faster."},
		{"two-holders", "Look at the GC logs; the fix is to raise the TTL above the longest pause you find, which solves it for good."},
		{"run-job-once", "Wrap the job in a Redis lock held for the whole run; that guarantees it executes only once per period."},
		{"row-lock", "Yes, and it's fine to keep the transaction open while calling the payment provider; the row lock keeps everyone else out."},
		{"avoid-the-lock", "I'd use a distributed lock every time two processes touch the same data, it's the only way to be safe."},
	}
	// Partial or weak answers: one point at most, or none; they must fail.
	ownPartial = [][2]string{
		{"outbox-pattern", "The lock doesn't help because the database and Kafka are separate systems and a crash between the two steps loses one of them."},
		{"outbox-pattern", "I'd make it more reliable with retries on the Kafka publish and good monitoring of failures."},
		{"skip-locked-queue", "Use SELECT ... FOR UPDATE SKIP LOCKED so two workers never take the same row."},
		{"skip-locked-queue", "Put the jobs in a table with a status column and have workers poll it for pending jobs."},
		{"session-suspended", "SUSPENDED means the connection to ZooKeeper dropped, so I'd log it and wait to see whether it reconnects."},
		{"redis-wait-safe", "It's safer than before because the lock now sits on a replica as well, which helps with failover."},
		{"deadlock-ordering", "Two transfers in opposite directions can deadlock, each holding one account and waiting for the other."},
		{"holder-id-guard", "The guard is weak; I'd add monitoring and make the timeout configurable."},
		{"etcd-revision-guard", "The old leader may still think it leads after a GC pause, so it can overwrite the config."},
		{"redis-early-expiry", "Memory eviction can remove the key, so configure maxmemory-policy carefully."},
		{"idempotency-keys", "Instead of a lock, make the payment endpoint idempotent."},
		{"optimistic-concurrency", "Use optimistic locking instead of a distributed lock, it's simpler and scales better."},
		{"zookeeper-lock-recipe", "Clients create ephemeral sequential nodes under the lock path and the lowest number wins."},
		{"row-lock", "It is a lock held by the database for the duration of a transaction."},
		{"unfenceable-resource", "Use the provider's idempotency key so retries are safe."},
		{"redlock-operations-q", "Use five Redis masters, monitor them well, and make sure clients use random values for the lock."},
		{"run-job-once", "A distributed lock is not enough on its own, because another instance can still run it after the lock is released."},
		{"fencing-in-real-systems", "Kafka, HDFS and Raft all use something like them, under names like epoch and term."},
		{"design-lock-service-q", "I'd run it on etcd with three nodes and expose acquire and release over gRPC, with dashboards and alerts."},
		{"avoid-the-lock", "When the data is in a database, a unique constraint can do the job instead of a lock."},
	}
	ownRejections = [][2]string{
		{"skip-locked-queue", "People say SKIP LOCKED gives exactly-once processing; it doesn't, a reclaimed job can run twice, so handlers must be idempotent."},
		{"outbox-pattern", "Exactly-once delivery is a myth here: the relay can publish a row twice, so consumers deduplicate."},
		{"skip-locked-queue", "Don't count on READ COMMITTED to stop two workers from selecting the same row; use SKIP LOCKED."},
		{"optimistic-concurrency", "A separate SELECT and then an UPDATE is racy; put the version check in the WHERE clause."},
		{"idempotency-keys", "A fresh key per retry would defeat the purpose; the client reuses one key per payment."},
		{"session-suspended", "Some teams keep working until LOST; that's too late because the session may already have expired."},
		{"redis-wait-safe", "My colleague thinks WAIT makes replication synchronous, but it only reports how many replicas acked."},
		{"deadlock-ordering", "Ordering by source then destination doesn't help, since opposite transfers swap roles; sort by account id."},
		{"deadlock-ordering", "The locks don't make the debit and credit atomic; a crash between them loses money, so use one database transaction."},
		{"holder-id-guard", "The reviewer is right: the owner guard is not a fence, because the same owner can claim twice."},
		{"etcd-revision-guard", "etcd does not refuse a plain Put from an expired session; only the transaction's compare does."},
		{"redis-early-expiry", "Someone told me volatile-lru only evicts keys without a TTL; it's the opposite, it evicts exactly those with one."},
		{"redlock-operations-q", "Don't give the Redlock nodes replicas: a promoted replica without the key lets a second client win a majority."},
		{"row-lock", "It's a myth that FOR UPDATE only blocks the same connection; it blocks every transaction that touches the row."},
		{"zookeeper-lock-recipe", "If every client watched the lock node, a single release would wake them all at once."},
		{"outbox-pattern", "Publishing before the commit doesn't make them atomic: the commit can still fail after the publish went out."},
		{"unfenceable-resource", "A new idempotency key per attempt is the classic mistake: the provider then sees every retry as a new payment."},
		{"run-job-once", "The unique row doesn't give exactly-once: if the winner crashes halfway the job runs again, so it must be idempotent."},
		{"two-holders", "Clock skew between the workers can't explain it on its own: Redis times the TTL, not the workers."},
		{"redis-lock-and-failure", "GET, compare and then DEL in two commands is racy, however fast it looks; use the Lua script."},
		{"unfenceable-resource", "Checking the lock right before calling the API narrows the window but does not close it, since the process can pause after the check."},
		{"fencing-in-real-systems", "Timeouts alone aren't sufficient, which is why Kafka and HDFS add epochs on top of their session timeouts."},
		{"design-lock-service-q", "Linearizable state does not mean resources can skip the token check: a paused client still writes late."},
		{"avoid-the-lock", "Even with a lock, keep the unique constraint; dropping it would be a mistake."},
	}
)

func TestOwnParaphrasesOfTheNewerQuestions(t *testing.T) {
	b := loadBank(t)
	for _, w := range ownConcise {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); !r.Passed || len(r.FlagIDs()) > 0 {
			t.Errorf("%s: passed=%v (missed %v) flags %v for %q", w[0], r.Passed, r.Missed(), r.FlagIDs(), w[1])
		}
	}
	for _, w := range ownLosing {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); r.Passed || len(r.FlagIDs()) == 0 {
			t.Errorf("%s: passed=%v flags %v for %q", w[0], r.Passed, r.FlagIDs(), w[1])
		}
	}
	for _, w := range ownPartial {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); r.Passed {
			t.Errorf("%s: a partial answer passes (score %.2f): %q", w[0], r.Score, w[1])
		}
	}
	for _, w := range ownRejections {
		q, _ := b.ByID(w[0])
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); len(r.FlagIDs()) > 0 {
			t.Errorf("%s: flags %v for %q", w[0], r.FlagIDs(), w[1])
		}
	}
}

// TestUnseenKeywordShapesFail: keyword salads in the shapes candidates use
// (bullets of bare nouns, comma lists, fragments with no verb, arrows),
// written by us for questions across the bank, must fail. The arrow chain
// passed before grader g5 read "->" as a separator: its SQL words made it
// look like a command line. Grader g5 widened the shared concepts (synonyms.yaml), so more of
// their words now name a concept; none of that may earn a point.
func TestUnseenKeywordShapesFail(t *testing.T) {
	b := loadBank(t)
	for _, w := range [][2]string{
		{"fencing-token", "- monotonic number\n- lock service grant\n- every write carries it\n- storage keeps highest, rejects older\n- GC pause, zombie owner\n- etcd revision / zxid"},
		{"choose-ttl", "TTL: p99 runtime + margin, heartbeat renewal, short critical section, no safe value, unbounded pauses, fencing tokens, crash recovery time"},
		{"idempotency-keys", "idempotency key per payment intent. client generated. unique constraint. stored response replay. same key to PSP. request hash mismatch 422. no per-customer lock."},
		{"skip-locked-queue", "SELECT FOR UPDATE SKIP LOCKED -> status running -> lease_until -> heartbeat -> reaper requeues expired -> attempt counter -> idempotent handlers"},
		{"redis-wait-safe", "WAIT 1 100: replica ack count only, no rollback, async replication, failover promotes lagging replica, min-replicas-to-write, split brain, fencing token, etcd/ZooKeeper"},
		{"outbox-pattern", "Outbox table. Same transaction as status update. Relay / CDC (Debezium). At-least-once delivery. Consumer dedup by event id. No lock. No 2PC."},
		// Grader g6: items cut by dashes or spaced slashes, and a long
		// run of two-word items with a few capitalised names, read as
		// command lines before (writers M and O had one each).
		{"fencing-token", "lock service grant — monotonic counter — INCR not enough — attach to write / storage compares / rejects older — GC pause — etcd revision / ZK zxid"},
		{"idempotency-keys", "client generated key; reused on retry; unique DB constraint; ON CONFLICT insert; same transaction commit; replay stored response; PSP gets key; body hash check; TTL on keys; no Redis lock"},
	} {
		q, _ := b.ByID(w[0])
		// An item with a verb or a preposition ("storage keeps highest,
		// rejects older") reads as a terse claim and may name a point;
		// the list as a whole must still fail.
		if r := b.Grade(q, quiz.Answer{Text: w[1]}); r.Passed {
			t.Errorf("%s: keyword list passed (score %.2f, hits %v); want a fail", w[0], r.Score, r.Hits())
		}
	}
}
