package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g7, points: sentences of our own for each general way a correct
// idea is said that the matchers did not hear, next to close phrasings
// that must stay unmatched (the wrong counterpart, a negation).

// TestAvoidByAssertsTheMeans: in "avoid X by doing Y" only X is avoided;
// the means after "by" is asserted. Without a gerund after "by" (the
// agent of a passive), the negation still reaches it.
func TestAvoidByAssertsTheMeans(t *testing.T) {
	q := conceptQuestion("ephemeral & sequential")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"The recipe avoids the herd by each client creating an ephemeral sequential node.": true,
		"You avoid the stampede by having every waiter make an ephemeral sequential node.": true,
		"We avoided two holders by using ephemeral sequential nodes per client.":           true,
		"Avoid creating ephemeral sequential nodes for this.":                              false,
		"Avoid being blocked by an ephemeral sequential node.":                             false,
	} {
		if got := quiz.Grade(q, quiz.Answer{Text: text}, nil).Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v, want %v", text, got, want)
		}
	}
}

// TestIdempotencyKeyInOtherWords: the caller makes up a name for one
// operation and attaches it to every resend, or the receiver treats the
// repeats as one; a key the server makes up per request is not it.
func TestIdempotencyKeyInOtherWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"idempotency-keys", "client-key", "The phone makes up a reference for the purchase and includes it on each retry.", true},
		{"idempotency-keys", "client-key", "Each checkout gets a label the browser chooses, and that label rides along on all resends.", true},
		{"idempotency-keys", "client-key", "The client attaches the same request identifier to every attempt.", true},
		{"idempotency-keys", "client-key", "The server makes up a new id for each request it receives.", false},
		{"idempotency-keys", "replay-response", "A duplicate just receives the reply we gave the first time.", true},
		{"idempotency-keys", "replay-response", "A repeat is handed back the original outcome instead of a new charge.", true},
		{"idempotency-keys", "replay-response", "A repeat is charged again.", false},
		{"idempotency-keys", "external-progress", "The same reference goes on to the card processor, which recognises it.", true},
		{"unfenceable-resource", "idempotency-key", "Then the bank counts the old holder's call and the new holder's call as one payment.", true},
		{"unfenceable-resource", "idempotency-key", "Give the transfer a reference that comes from the invoice, not from the lock holder.", true},
		{"unfenceable-resource", "idempotency-key", "The bank counts every call it gets.", false},
	})
}

// TestStaleSaveToldAndReconciled: the stale save is told it is out of
// date and its author reloads, merges or redoes it.
func TestStaleSaveToldAndReconciled(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"optimistic-concurrency", "zero-rows-retry", "The server replies that your copy is out of date, so you fetch it again.", true},
		{"optimistic-concurrency", "zero-rows-retry", "Show both versions and let the user merge the changes.", true},
		{"optimistic-concurrency", "zero-rows-retry", "The app reloads the newest version and reapplies the edit.", true},
		{"optimistic-concurrency", "zero-rows-retry", "The server returns the document to the user.", false},
		{"optimistic-concurrency", "zero-rows-retry", "We never merge the changes.", false},
		{"optimistic-concurrency", "no-lease", "Nobody holds anything while the user is typing.", true},
		{"optimistic-concurrency", "contention", "It is cheap as long as collisions are rare.", true},
		{"optimistic-concurrency", "lost-update", "The second save would silently replace the first person's edits.", true},
		{"optimistic-concurrency", "lost-update", "The second save is refused instead of wiping the first person's edits.", false},
	})
}

// TestAListOfTermsDoesNotPass: an answer that is mostly a list of terms
// is told a list earns no points; the terse lines among its items
// ("fencing token (monotonic, from the raft index).") may tick core
// points but cannot carry it over the pass mark. The same content said
// in sentences passes.
func TestAListOfTermsDoesNotPass(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("design-lock-service-q")
	for text, want := range map[string]bool{
		"Raft, 3/5 nodes, fsync, linearizable. fencing token (monotonic, from the raft index). sessions, leases, keepalive. watches, FIFO waiters, herd. sharding, namespaces, quotas, coarse-grained.": false,
		"Fencing: tokens from the raft index, monotonic. Sessions, leases, keepalives, heartbeats. Watches, FIFO waiters, herd effect. Sharding, quotas, namespaces, admin API.":                        false,
		"The lock state lives in a Raft group, and every grant returns a fencing token taken from the raft index, which only grows. Sessions hold leases kept alive by heartbeats.":                     true,
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if r.Passed != want {
			t.Errorf("%q: passed=%v (score %.2f), want %v", text, r.Passed, r.Score, want)
		}
		if !want && r.Score >= quiz.PassMark {
			t.Errorf("%q: score %.2f at or above the pass mark", text, r.Score)
		}
	}
}

// TestMorePlainParaphrasesOfCorePoints: the set-if-absent acquire said
// as "only if nothing is there", a random ticket, asynchronous
// replication said as fire-and-forget or as a promotion that erases
// the claim (concept %async-loss), a transaction's precondition, a
// repeat that overwrites instead of duplicating (concept %idempotent),
// a late instance repeating the run after the release, and a run dying
// half-way.
func TestMorePlainParaphrasesOfCorePoints(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "Write a random nonce under the key only if nothing is there, and let it expire after 30 seconds.", true},
		{"redis-lock-and-failure", "set-nx-px", "One SET that only succeeds when the name is unclaimed and carries a 10 second timer.", true},
		{"redis-lock-and-failure", "set-nx-px", "Create the key, then give it a TTL in a second call.", false},
		{"redis-lock-and-failure", "unique-value", "The value is a random ticket that only this holder knows.", true},
		{"redis-lock-and-failure", "failover", "After the master crashes and a replica is promoted, the lock can vanish.", true},
		{"redis-lock-and-failure", "failover", "Replication to the standby is fire-and-forget.", true},
		{"redis-vs-consensus", "redis-async", "A crash right after the write followed by a promotion can erase the claim.", true},
		{"redis-lock-and-failure", "fencing", "Redis hands out nothing numbered that the database could check.", true},
		{"etcd-revision-guard", "txn-compare", "Each write goes in a transaction whose precondition is that my key still exists.", true},
		{"etcd-revision-guard", "txn-compare", "Each write goes in its own transaction.", false},
		{"run-job-once", "idempotent", "A second attempt overwrites instead of duplicating.", true},
		{"run-job-once", "idempotent", "The retry upserts the same rows, so nothing is doubled.", true},
		{"run-job-once", "idempotent", "The job's writes are keyed by the period.", true},
		{"run-job-once", "idempotent", "A second attempt duplicates the rows.", false},
		{"skip-locked-queue", "idempotent-handler", "A redelivered job overwrites its rows instead of duplicating them.", true},
		{"run-job-once", "lock-not-enough", "A lock stops overlapping runs, but once the first instance releases, a late one can take it and repeat the work.", true},
		{"run-job-once", "lock-not-enough", "The late instance waits until the lock is released and then runs the next period.", false},
		{"run-job-once", "crash-midway", "If it dies half-way, another instance retries the run.", true},
	})
}

// TestParaphrasesFromTheThirdRead: the same result however many times it
// runs (%idempotent), a lease that can always run out under a frozen
// holder (%paused-past-lease), the row protecting itself, a duplicate
// that only wastes cycles, how long the work really takes, topping the
// lease up, no voting on a shared log, and a save accepted only while
// the document is still at the version read.
func TestParaphrasesFromTheThirdRead(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "Running it any number of times leaves the same end state.", true},
		{"run-job-once", "idempotent", "The report gives the same result however many times it runs.", true},
		{"avoid-the-lock", "idempotent", "It gives a different result each time it runs.", false},
		{"choose-ttl", "no-safe-value", "The lease can always run out while the process is stalled.", true},
		{"redis-lock-and-failure", "pause-expiry", "At any point the TTL can expire under a worker frozen by GC.", true},
		{"choose-ttl", "no-safe-value", "The lease runs out after thirty seconds.", false},
		{"avoid-the-lock", "constraint", "Let the table protect itself with a version check on the update.", true},
		{"avoid-the-lock", "constraint", "The database can do it in a single statement.", true},
		{"avoid-the-lock", "efficiency-only", "A second copy running is merely wasted compute, no damage.", true},
		{"avoid-the-lock", "efficiency-only", "A second copy running double-charges the customer.", false},
		{"choose-ttl", "measure", "Look at how long the job and its worst stalls really take in production.", true},
		{"choose-ttl", "heartbeat", "The owner keeps topping up the lease every ten seconds.", true},
		{"redis-wait-safe", "not-consensus", "There is no voting on a shared log as in etcd.", true},
		{"redis-wait-safe", "not-consensus", "The replicas vote on a shared log.", false},
		{"optimistic-concurrency", "version-column", "The server only takes the save when the row is still at the revision the editor loaded.", true},
		{"optimistic-concurrency", "version-column", "The server takes every save.", false},
	})
}

// TestRowLockAndLockCostInOtherWords: a row lock serialising every app
// server ("the others wait"), a dead holder's changes thrown out, a lock
// kept only to spare redundant work, a lock as a second source of truth.
func TestRowLockAndLockCostInOtherWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "yes-within-db", "Whichever pod gets there first wins and the others wait on the row.", true},
		{"row-lock", "yes-within-db", "All the app servers queue up on that row.", true},
		{"row-lock", "yes-within-db", "Only the first pod ever reads the row.", false},
		{"row-lock", "connection-death", "If the process is killed mid-transaction, its changes are thrown out.", true},
		{"row-lock", "connection-death", "A stale holder's writes can never commit.", true},
		{"row-lock", "connection-death", "If the process is killed, its changes stay in the table.", false},
		{"avoid-the-lock", "efficiency-only", "Keep a lock only to spare redundant processing.", true},
		{"avoid-the-lock", "lock-cost", "The lock is one more source of truth that can drift from the data.", true},
		{"avoid-the-lock", "lock-cost", "The lock is the source of truth.", false},
	})
}

// TestCorePointsInOurOwnWords: every core point of the free-text
// questions said two or three ways of our own, in the words candidates
// reach for when they do not use the textbook term (written before
// looking at which the grader missed; the misses were then fixed as
// classes: "conditional on" as an only-if, a replay that is a no-op,
// "neither ever gets its second lock", a row committed together with
// the change, a set-if-absent with its expiry, "don't let NTP jump the
// clock", "by the time the client hears about it", a runtime that
// outlasted the lease, a lock-delay that only helps if no pause is
// longer). The near misses must stay unmatched: the wrong counterpart,
// or the same words negated.
func TestCorePointsInOurOwnWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "constraint", "If the table itself can say no to the second writer, say with a uniqueness rule, I skip the lock.", true},
		{"avoid-the-lock", "constraint", "Let the database be the referee: an insert that collides with an existing key just fails.", true},
		{"avoid-the-lock", "constraint", "An UPDATE that only fires when the row still looks the way I read it settles the race without any lock.", true},
		{"avoid-the-lock", "idempotent", "When doing the work a second time leaves everything exactly as it was, a duplicate costs nothing.", true},
		{"avoid-the-lock", "idempotent", "If replaying the operation is a no-op, let two copies run.", true},
		{"avoid-the-lock", "idempotent", "When the write is an upsert keyed by the request, a repeat lands on the same row and changes nothing.", true},
		{"choose-ttl", "tradeoff", "Short leases free a dead owner's work quickly but risk expiring under a slow one; long leases are the reverse.", true},
		{"choose-ttl", "tradeoff", "Every second I add to the TTL is a second everyone waits after a crash, and every second I cut raises the odds of a false expiry.", true},
		{"choose-ttl", "tradeoff", "Pick it too tight and a healthy but slow worker loses it mid-job; too loose and a crashed worker stalls the queue for ages.", true},
		{"choose-ttl", "no-safe-value", "There is no number that makes it safe, because a pause has no upper bound.", true},
		{"choose-ttl", "no-safe-value", "Whatever TTL I choose, some GC pause or VM stall will one day be longer.", true},
		{"choose-ttl", "no-safe-value", "The TTL decides how fast we recover from a crash; it can never promise that only one worker is active.", true},
		{"deadlock-ordering", "deadlock-cycle", "Transfer one grabs A and waits for B while transfer two grabs B and waits for A, and neither ever gets its second lock.", true},
		{"deadlock-ordering", "deadlock-cycle", "Two opposite transfers can end up stuck forever, each holding what the other needs.", true},
		{"deadlock-ordering", "global-order", "Always take the lock on the account with the smaller id first, whichever way the money flows.", true},
		{"deadlock-ordering", "global-order", "Sort the two account ids and acquire in that order so a cycle cannot form.", true},
		{"design-lock-service-q", "consensus-log", "Every grant goes through a Raft log and is acknowledged only once a majority has written it.", true},
		{"design-lock-service-q", "consensus-log", "The lock state lives in a replicated state machine run by a five-node quorum.", true},
		{"design-lock-service-q", "fencing-token", "Each grant hands back a number that only grows, taken from the log index, and servers refuse lower numbers.", true},
		{"design-lock-service-q", "fencing-token", "The acquire call returns an ever-increasing sequencer that clients pass to the storage, which checks it.", true},
		{"etcd-revision-guard", "txn-compare", "Wrap every Put in a Txn that compares the lock key's create revision with mine.", true},
		{"etcd-revision-guard", "txn-compare", "Make each write conditional on my lock key still being there with the revision I got when I acquired it.", true},
		{"etcd-revision-guard", "atomic-in-store", "etcd evaluates the condition and the write together, so a holder whose lease lapsed writes nothing.", true},
		{"etcd-revision-guard", "atomic-in-store", "The check happens inside etcd at commit time, so there is no gap between checking and writing.", true},
		{"extend-lease", "check-ownership", "Renew with a small Lua script that bumps the expiry only if the key still holds my token.", true},
		{"extend-lease", "check-ownership", "The extension must verify it is still my lock and extend it in the same atomic step.", true},
		{"extend-lease", "not-safety", "Renewing makes two holders less likely but it is not a guarantee, so fencing is still needed.", true},
		{"extend-lease", "not-safety", "A heartbeat cannot save you from a pause long enough to miss the renewal; it lowers the odds, nothing more.", true},
		{"fencing-in-real-systems", "common-pattern", "Every new leader gets a bigger number, it sends the number with each request, and the receiver drops anything with a smaller one.", true},
		{"fencing-in-real-systems", "common-pattern", "The shape is always the same: an epoch that grows, attached to each write, checked by whoever receives it.", true},
		{"fencing-in-real-systems", "zombie-leader", "It exists for the old leader that was frozen or cut off and still thinks it is in charge.", true},
		{"fencing-in-real-systems", "zombie-leader", "The whole point is a deposed leader that wakes up and keeps issuing commands.", true},
		{"fencing-token", "monotonic", "The lock service hands out a counter that goes up by one with every grant.", true},
		{"fencing-token", "monotonic", "Every acquisition gets a strictly increasing number from the lock service.", true},
		{"fencing-token", "resource-rejects", "The storage remembers the highest token it has seen and refuses any write carrying a smaller one.", true},
		{"fencing-token", "resource-rejects", "The database compares the token on each write with the last one and turns away older ones.", true},
		{"fencing-token", "paused-holder", "It stops a client that was frozen past its lease from writing after someone else took over.", true},
		{"fencing-token", "paused-holder", "A process that stalled in GC wakes up after its lease lapsed and would otherwise write late.", true},
		{"holder-id-guard", "same-owner-twice", "If the same worker claims the job again later, an old delayed write from its first claim still passes the owner check.", true},
		{"holder-id-guard", "same-owner-twice", "The owner name repeats across claims, so the guard cannot tell the first claim from the second.", true},
		{"holder-id-guard", "epoch-column", "Add a claim counter that bumps on every claim and make each write check it.", true},
		{"holder-id-guard", "epoch-column", "Store a fresh random claim id per claim and guard writes with that instead of the worker name.", true},
		{"idempotency-keys", "client-key", "The client generates a key per payment and sends the same key on every retry.", true},
		{"idempotency-keys", "client-key", "The app attaches an idempotency key to the request and reuses it on retries.", true},
		{"idempotency-keys", "unique-table", "Keep the keys in a table with a unique constraint so only the first insert succeeds.", true},
		{"idempotency-keys", "unique-table", "The key column is unique, so a second insert with the same key fails.", true},
		{"optimistic-concurrency", "version-column", "Keep a version column and update only WHERE version equals the one I read.", true},
		{"optimistic-concurrency", "version-column", "Every row carries a version number, and the save only goes through if it is unchanged since the read.", true},
		{"optimistic-concurrency", "zero-rows-retry", "If the update touches no rows, someone else saved first, so reload and try again.", true},
		{"optimistic-concurrency", "zero-rows-retry", "When the conditional write fails, tell the user there is a conflict and let them merge.", true},
		{"outbox-pattern", "dual-write", "You cannot commit to Postgres and publish to Kafka atomically; a crash between the two loses one of them.", true},
		{"outbox-pattern", "dual-write", "If the service dies after the commit but before the publish, the event is gone.", true},
		{"outbox-pattern", "outbox-row", "Insert the event into an outbox table in the same transaction as the order update.", true},
		{"outbox-pattern", "outbox-row", "Write the message as a row alongside the business change, committed together.", true},
		{"redis-early-expiry", "eviction", "Under memory pressure Redis can evict the lock key if the policy is volatile-lru; set noeviction.", true},
		{"redis-early-expiry", "eviction", "When maxmemory is hit, an eviction policy may throw the lock out before its TTL.", true},
		{"redis-early-expiry", "clock-jump", "If the server clock jumps forward, Redis expires the key early.", true},
		{"redis-early-expiry", "clock-jump", "Expiry is computed against wall-clock time, so an NTP step can end the lock too soon.", true},
		{"redis-lock-and-failure", "set-nx-px", "Acquire with SET key token NX PX 30000, one command.", true},
		{"redis-lock-and-failure", "set-nx-px", "Take it with a single set-if-absent that also sets the expiry.", true},
		{"redis-lock-and-failure", "compare-delete", "Release with a Lua script that deletes the key only if it still holds my token.", true},
		{"redis-lock-and-failure", "compare-delete", "Unlock by checking the value and deleting in one atomic script.", true},
		{"redis-lock-and-failure", "pause-expiry", "A client stuck in a GC pause past the TTL keeps working after another client got the lock.", true},
		{"redis-lock-and-failure", "pause-expiry", "The holder freezes, the key expires, someone else acquires, and the first one wakes up and writes.", true},
		{"redis-vs-consensus", "consensus-quorum", "etcd commits each write through Raft to a majority before acknowledging, so a leader crash loses nothing.", true},
		{"redis-vs-consensus", "consensus-quorum", "ZooKeeper only confirms a write once most of the ensemble has it.", true},
		{"redis-vs-consensus", "tokens", "etcd gives you a revision that only grows, which works as a fencing token; Redis has nothing like it.", true},
		{"redis-vs-consensus", "tokens", "ZooKeeper's zxid can serve as the fencing number, while Redlock gives no such counter.", true},
		{"redis-wait-safe", "not-consensus", "WAIT only tells you how many replicas got the write; it is not consensus.", true},
		{"redis-wait-safe", "not-consensus", "All WAIT does is count the replicas that acknowledged, nothing is agreed.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel may promote a replica that never received the write, not the one that acknowledged.", true},
		{"redis-wait-safe", "promoted-replica", "The failover can crown a different copy, so the acknowledged lock is still lost.", true},
		{"redlock-operations-q", "restart-forgets", "A node that restarts without the key lets another client win a second majority; fsync or delay restarts past the max TTL.", true},
		{"redlock-operations-q", "restart-forgets", "If a master comes back empty after a crash, two clients can both count three votes.", true},
		{"redlock-operations-q", "clocks-slew", "Clocks must only be slewed, never stepped, so expiry runs at the same rate everywhere.", true},
		{"redlock-operations-q", "clocks-slew", "Do not let NTP jump the clock; drift has to be gradual.", true},
		{"row-lock", "yes-within-db", "Yes, a FOR UPDATE row lock coordinates all the app servers, as long as the data lives in that database.", true},
		{"row-lock", "yes-within-db", "Within the one database it serializes every client that touches the row.", true},
		{"row-lock", "outside-effects", "It does nothing for an email or an API call made while holding it.", true},
		{"row-lock", "outside-effects", "Anything outside the database, like a payment API, is not covered by the rollback.", true},
		{"run-job-once", "lock-not-enough", "A lock cannot guarantee exactly once: if the holder pauses past its lease, another instance runs the job too.", true},
		{"run-job-once", "lock-not-enough", "The lock only prevents overlap; a late instance can still run the same period after the first released it.", true},
		{"run-job-once", "idempotent", "Make the job idempotent so a second run changes nothing.", true},
		{"run-job-once", "idempotent", "Key every effect by the period so running it twice leaves the same result.", true},
		{"session-suspended", "stop-work", "On SUSPENDED, stop touching the protected resource immediately.", true},
		{"session-suspended", "stop-work", "Pause the work at once, because you can no longer be sure you still hold the lock.", true},
		{"session-suspended", "signals-late", "The event arrives late, and the session may already have expired on the servers.", true},
		{"session-suspended", "signals-late", "By the time the client hears about it the ensemble may have given the lock to someone else.", true},
		{"skip-locked-queue", "skip-locked", "Claim rows with SELECT ... FOR UPDATE SKIP LOCKED so workers don't wait on each other.", true},
		{"skip-locked-queue", "skip-locked", "Each worker skips rows that another worker has locked and takes the next free one.", true},
		{"skip-locked-queue", "visibility-timeout", "Set a locked_until column so a dead worker's job becomes visible again after a while; that is a lease.", true},
		{"skip-locked-queue", "visibility-timeout", "If the worker doesn't finish in time, the job reappears for someone else.", true},
		{"two-holders", "durations-vs-ttl", "Compare how long the critical section actually took against the TTL, and check for GC pauses.", true},
		{"two-holders", "durations-vs-ttl", "Look at the job's runtime in the logs and see whether it outlasted the lease.", true},
		{"two-holders", "fix-fencing", "The real fix is a fencing token checked by the storage; a longer TTL only makes it rarer.", true},
		{"two-holders", "fix-fencing", "Have the database reject writes with an older token, because raising the TTL just hides it.", true},
		{"unfenceable-resource", "idempotency-key", "Send the provider an idempotency key derived from the job so repeated calls have one effect.", true},
		{"unfenceable-resource", "idempotency-key", "Use a request id made from the order id, and the provider deduplicates on it.", true},
		{"unfenceable-resource", "timing-caveat", "All of these are timing assumptions; a pause longer than the delay still gets through.", true},
		{"unfenceable-resource", "timing-caveat", "A lock-delay only helps if no pause is longer than the delay.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Each client creates an ephemeral sequential znode under the lock path.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Every contender makes a numbered node that disappears when its session dies.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Each waiter watches only the node just before its own.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "You set a watch on the next lower node, not on the lock holder.", true},
		{"avoid-the-lock", "constraint", "The update only runs at night.", false},
		{"avoid-the-lock", "idempotent", "A second charge makes a big difference to the customer.", false},
		{"choose-ttl", "no-safe-value", "A long TTL promises that only one worker runs.", false},
		{"deadlock-ordering", "deadlock-cycle", "Neither transfer gets blocked, because both use the same order.", false},
		{"outbox-pattern", "outbox-row", "The row and the Kafka publish are committed together.", false},
		{"redlock-operations-q", "clocks-slew", "Clock jumps don't matter for Redlock.", false},
		{"etcd-revision-guard", "txn-compare", "The write is not conditional on anything.", false},
		{"two-holders", "durations-vs-ttl", "The job never outlasts the TTL.", false},
		{"session-suspended", "signals-late", "By the time you read this you will know the answer.", false},
		{"unfenceable-resource", "timing-caveat", "No pause can outlast the lease, so we don't need anything from the provider.", false},
		{"redis-lock-and-failure", "set-nx-px", "Set if absent, then set the expiry in a second call.", false},
	})
}

// TestCorePointsInOurOwnWordsSecondRound: a second set of our own
// sentences, in plainer and more casual words; its six misses fixed as
// classes (what "we" write to as the storage, a renewal that narrows the
// window, treating SUSPENDED as losing the lock, a pause that beats any
// TTL, a deadline after which the job goes back to the pool). Written
// while checking it, "gone" was left out of stop-work's pattern: the
// lemmatizer reads "going" as "go" too ("treat the lock as fine and
// keep going" is the opposite of stopping).
func TestCorePointsInOurOwnWordsSecondRound(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "paused-holder", "A worker that dozes off mid-job comes back after its lease is gone and scribbles over the new owner's work.", true},
		{"fencing-token", "paused-holder", "Without it, a node that was stuck in a long GC pause resumes and writes as if it still had the lock.", true},
		{"fencing-token", "paused-holder", "It protects against the holder that blacked out for a minute and then carries on with its stale lease.", true},
		{"fencing-token", "resource-rejects", "The database refuses any request stamped with a smaller number than the largest it has already accepted.", true},
		{"fencing-token", "resource-rejects", "The storage tracks the newest token and bounces writes that carry an older one.", true},
		{"fencing-token", "resource-rejects", "Whatever we write to checks the number and says no to anything below the high-water mark.", true},
		{"fencing-token", "monotonic", "Each time the lock is granted, the service hands out the next number in a sequence that never goes backwards.", true},
		{"fencing-token", "monotonic", "The lock server stamps every grant with an ever-growing counter.", true},
		{"redis-lock-and-failure", "pause-expiry", "If the client freezes for longer than the TTL, the key vanishes, another client grabs it, and now two of them think they own it.", true},
		{"redis-lock-and-failure", "pause-expiry", "A stop-the-world pause can outlast the lease, and the old holder keeps going without knowing.", true},
		{"redis-lock-and-failure", "pause-expiry", "The holder can nap through its 30 seconds, and by the time it wakes up someone else has the lock.", true},
		{"two-holders", "fix-fencing", "Make the storage reject stale writers with a token; stretching the timeout only makes the overlap less frequent.", true},
		{"two-holders", "fix-fencing", "Give every acquisition a rising number and have the database ignore writes with an old one.", true},
		{"two-holders", "durations-vs-ttl", "Check whether the job ran longer than the lock's expiry, maybe because of a GC pause or CPU throttling.", true},
		{"two-holders", "durations-vs-ttl", "Line up the job's start and end times against the 30 second lease and look for stalls.", true},
		{"extend-lease", "not-safety", "Renewal shrinks the window but does not close it; a pause longer than the renewal interval still gives two owners.", true},
		{"extend-lease", "not-safety", "Extending is a liveness tool, not a correctness one, so keep fencing.", true},
		{"extend-lease", "check-ownership", "The renewal only pushes the expiry out if the value is still my token, done atomically in a script.", true},
		{"run-job-once", "lock-not-enough", "The lock can't make it exactly once, because a stalled holder loses the lease and a second instance starts the job.", true},
		{"run-job-once", "lock-not-enough", "A lock keeps two runs from overlapping, not a second run later in the period.", true},
		{"session-suspended", "stop-work", "When SUSPENDED fires, halt all writes to the shared resource right away.", true},
		{"session-suspended", "stop-work", "Treat SUSPENDED as losing the lock: drop what you're doing with the resource until you know more.", true},
		{"session-suspended", "signals-late", "The notification is asynchronous and can arrive after the session has already expired on the servers.", true},
		{"fencing-in-real-systems", "zombie-leader", "Fencing is there for the deposed leader that was partitioned away and still thinks it leads.", true},
		{"fencing-in-real-systems", "zombie-leader", "Its job is stopping an ex-leader who comes back from a long pause and keeps sending writes.", true},
		{"fencing-in-real-systems", "common-pattern", "Each new leader or lock holder gets a larger epoch, attaches it to its requests, and the receivers drop anything smaller.", true},
		{"choose-ttl", "no-safe-value", "No matter how big I make it, a long enough pause beats it.", true},
		{"choose-ttl", "no-safe-value", "The TTL is about recovering from crashes, not about correctness.", true},
		{"choose-ttl", "tradeoff", "A short TTL means quick recovery but false expiries; a long one means fewer false expiries but a long wait after a crash.", true},
		{"redis-vs-consensus", "tokens", "etcd's revision numbers only go up, so the resource can use them to fence; Redis offers nothing like that.", true},
		{"redis-vs-consensus", "consensus-quorum", "In etcd a lock write is durable once a majority of members have it, so losing the leader doesn't lose the lock.", true},
		{"design-lock-service-q", "fencing-token", "Each grant includes a strictly increasing number, and the resources reject anything lower.", true},
		{"skip-locked-queue", "visibility-timeout", "Each claimed row gets a deadline, and if the worker hasn't finished by then, the job goes back to the pool.", true},
		{"skip-locked-queue", "skip-locked", "Workers lock the rows they claim and skip over the ones already locked by others.", true},
		{"holder-id-guard", "same-owner-twice", "The same worker can claim the job twice, so a stale write from its first claim still matches owner = me.", true},
		{"holder-id-guard", "epoch-column", "Put a claim number on the row that goes up with every claim and require it on every update.", true},
		{"optimistic-concurrency", "zero-rows-retry", "When the update affects zero rows, someone changed it first; reload, reapply and try again.", true},
		{"optimistic-concurrency", "version-column", "Every update says WHERE id = ? AND version = the one I read, and bumps the version.", true},
		{"outbox-pattern", "dual-write", "Writing to the database and to Kafka are two separate actions, and a crash in between leaves them out of sync.", true},
		{"outbox-pattern", "outbox-row", "Put the event in an outbox table within the same database transaction as the state change.", true},
		{"row-lock", "outside-effects", "If the transaction rolls back, the email you sent while holding the lock is still sent.", true},
		{"row-lock", "yes-within-db", "It does serialize every app server touching that row, but only for data that lives in that database.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Each client only watches the node right ahead of it in line.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Each client creates a sequential node that is ephemeral, so it goes away with the session.", true},
		{"unfenceable-resource", "idempotency-key", "Send an idempotency key with every call so the provider performs the action only once no matter who calls.", true},
		{"unfenceable-resource", "timing-caveat", "This relies on pauses being shorter than the lease margin, which nobody can guarantee.", true},
		{"idempotency-keys", "client-key", "The mobile app generates a UUID for each payment attempt and resends the same UUID when retrying.", true},
		{"idempotency-keys", "unique-table", "A unique index on the key column means a duplicate insert fails.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel might promote a replica other than the one that acknowledged, and the lock is gone.", true},
		{"redis-wait-safe", "not-consensus", "WAIT only counts acknowledgements; it isn't a consensus commit.", true},
		{"redlock-operations-q", "restart-forgets", "If a node crashes and restarts without persisting the key, another client can get a majority; use fsync always or delay the restart beyond the TTL.", true},
		{"redlock-operations-q", "clocks-slew", "Configure NTP to slew the clock instead of stepping it.", true},
		{"redis-early-expiry", "eviction", "With an allkeys-lru policy Redis may evict the lock key under memory pressure; use noeviction.", true},
		{"redis-early-expiry", "clock-jump", "A jump of the server's wall clock makes Redis expire keys early.", true},
		{"deadlock-ordering", "global-order", "Acquire both locks in a fixed order, lowest account id first.", true},
		{"deadlock-ordering", "deadlock-cycle", "Each transfer holds one lock and waits for the other, so both wait forever.", true},
		{"etcd-revision-guard", "txn-compare", "Use a transaction that compares the key's create revision before the Put.", true},
		{"etcd-revision-guard", "atomic-in-store", "The comparison and the write happen atomically in etcd, so a leader whose lease lapsed writes nothing.", true},
		{"avoid-the-lock", "constraint", "Let a unique constraint reject the duplicate instead of a lock.", true},
		{"avoid-the-lock", "idempotent", "If running it twice gives the same result, you don't need a lock.", true},
		{"session-suspended", "stop-work", "Treat the lock as fine and keep going.", false},
		{"session-suspended", "stop-work", "Treat SUSPENDED as a blip; you haven't lost the lock.", false},
		{"choose-ttl", "no-safe-value", "Nothing beats a lock for simplicity.", false},
		{"skip-locked-queue", "visibility-timeout", "The worker has a deadline to meet.", false},
		{"extend-lease", "not-safety", "Renewal closes the window completely, so no fencing is needed.", false},
		{"fencing-token", "resource-rejects", "Whatever we write to accepts every request.", false},
	})
}

// TestGoneIsNotAFormOfGo: "gone" in a pattern means absent ("the lease
// is gone"); the lemma table no longer lists it under "go", so it does
// not match "keeps going" or "goes on". "went" still matches "go".
func TestGoneIsNotAFormOfGo(t *testing.T) {
	for _, c := range []struct {
		match, text string
		want        bool
	}{
		{"gone", "By then the lease is gone.", true},
		{"gone", "The worker just keeps going with the job.", false},
		{"gone", "It goes on writing.", false},
		{"go & ahead", "It went ahead with the write.", true},
	} {
		q := conceptQuestion(c.match)
		if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
			t.Fatalf("Compile %q: %v", c.match, err)
		}
		if got := quiz.Grade(q, quiz.Answer{Text: c.text}, nil).Points[0].Hit; got != c.want {
			t.Errorf("%q on %q: hit=%v, want %v", c.match, c.text, got, c.want)
		}
	}
}

// TestParaphrasesFromWritersXAndY: classes heard from the tuning writers X
// and Y, each in sentences of our own with a near miss: the TTL as a
// knob for recovery, not a safety guarantee; how long a healthy holder
// can go quiet; a token that has to be ordered; the storage writing down
// the biggest number and shutting the door on smaller ones; the token
// shown each time the holder touches the resource; a lock that says who
// runs now, not whether it ran; an owner that becomes "me" again; a crash
// set (OOM-killed, falls over) between the commit and the publish; a
// restarted node sitting out; a ticket that evaporates with the session;
// consumers skipping ids already processed; a lock that changes nothing.
func TestParaphrasesFromWritersXAndY(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "Treat the number as a dial for how quickly we recover, nothing more.", true},
		{"choose-ttl", "no-safe-value", "The lease length is not a safety guarantee.", true},
		{"choose-ttl", "no-safe-value", "The lease length is our safety guarantee.", false},
		{"choose-ttl", "measure", "Find out how long a healthy worker can stall at worst, GC included.", true},
		{"fencing-token", "monotonic", "The tokens have to be ordered, or the database cannot tell old from new.", true},
		{"fencing-token", "monotonic", "The token can be any string you like.", false},
		{"fencing-token", "resource-rejects", "The protected thing notes down the biggest number so far and shuts the door on smaller ones.", true},
		{"fencing-token", "resource-rejects", "The client notes down the biggest number it was given.", false},
		{"fencing-token", "sent-with-write", "The holder presents its ticket every time it touches the table.", true},
		{"run-job-once", "lock-not-enough", "A lock tells you who is running it right now, not whether this period was already done.", true},
		{"run-job-once", "lock-not-enough", "The lock forgets the run the moment it is handed back.", true},
		{"run-job-once", "lock-not-enough", "Hold the lock while the job runs right now.", false},
		{"holder-id-guard", "same-owner-twice", "Owned by me can become true again when the job comes back round to me.", true},
		{"holder-id-guard", "same-owner-twice", "Leftovers from my previous turn would look perfectly legitimate.", true},
		{"holder-id-guard", "same-owner-twice", "Only the current owner can write.", false},
		{"outbox-pattern", "dual-write", "If the pod is OOM-killed after the commit, the publish never happens.", true},
		{"outbox-pattern", "dual-write", "The pod is OOM-killed now and then.", false},
		{"redlock-operations-q", "restart-forgets", "A node that crashed sits out longer than any lease before it rejoins.", true},
		{"redlock-operations-q", "restart-forgets", "Each node writes every change to disk before replying.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Each client takes a numbered ticket that evaporates when its session dies.", true},
		{"zookeeper-lock-recipe", "lowest-holds", "The smallest ticket holds the lock.", true},
		{"outbox-pattern", "consumer-dedupe", "Consumers ignore event ids they have already processed.", true},
		{"outbox-pattern", "consumer-dedupe", "The relay skips rows it has already seen.", false},
		{"outbox-pattern", "no-lock-helps", "Holding a lock across both writes changes nothing.", true},
	})
}

// TestCorePointsInAnalogies: a third set of our own, in the analogies and
// picture words candidates explain with (a sleepwalker, a deli ticket, a
// bouncer's wristband, an occupied sign); its misses fixed as classes (a
// holder napping past its slot or losing its turn and carrying on, a
// higher serial, a door that only lets in numbers at least as high, one
// SET that refuses and sets a timer, a lock that is no record of the work
// done, a serial number per claim, renewal that only makes trouble
// rarer). The near misses include "not just rarer": "not just" is
// emphasis to the negation rules, so the pattern excludes "impossible".
func TestCorePointsInAnalogies(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "paused-holder", "It's for the sleepwalker: a worker that lost its turn while frozen and keeps writing as if nothing happened.", true},
		{"fencing-token", "paused-holder", "Picture a courier who naps in the van past his delivery slot and then barges in anyway.", true},
		{"fencing-token", "resource-rejects", "The bouncer at the door only lets in wristbands with a number at least as high as the last one it saw.", true},
		{"fencing-token", "monotonic", "Like a deli counter: every new holder pulls the next ticket, and tickets only go up.", true},
		{"fencing-token", "monotonic", "Each grant comes with a higher serial than the one before.", true},
		{"fencing-token", "paused-holder", "Think of a client that zones out for a minute, its lease quietly expires, and then it wakes up and carries on.", true},
		{"redis-lock-and-failure", "pause-expiry", "It's like a parking meter running out while you're stuck in a queue inside; someone else takes the spot and you come back and drive into them.", true},
		{"redis-lock-and-failure", "pause-expiry", "The lease timer doesn't stop just because my process stopped, so a long GC pause means I wake up without the lock but still acting.", true},
		{"redis-lock-and-failure", "compare-delete", "When giving it back, I only remove the key if it still has my name on it, checked and removed in one script.", true},
		{"redis-lock-and-failure", "set-nx-px", "Grab the key with one SET that refuses if someone already has it and sets a timer at the same time.", true},
		{"two-holders", "fix-fencing", "The database should be the one saying no to the old holder, using a number that grows with every grant.", true},
		{"two-holders", "durations-vs-ttl", "First find out whether the first worker simply took longer than the lock's lifetime, say because of a GC pause.", true},
		{"run-job-once", "lock-not-enough", "A lock is a \"someone's in the bathroom\" sign, not a record that the cleaning was done today.", true},
		{"run-job-once", "idempotent", "Design the job so doing it twice is harmless, like setting a value rather than adding to it.", true},
		{"avoid-the-lock", "idempotent", "If the operation is like pressing a lift button that's already lit, pressing again does nothing.", true},
		{"avoid-the-lock", "constraint", "If the table has a rule that only one row per order may exist, the database turns away the second insert by itself.", true},
		{"choose-ttl", "no-safe-value", "A TTL is a bet on how long pauses last, and pauses don't sign contracts.", true},
		{"choose-ttl", "tradeoff", "It's a balance between how long everyone waits after a crash and how often a slow but healthy holder gets kicked out.", true},
		{"idempotency-keys", "client-key", "The phone writes a receipt number on the payment before the first try and keeps using that same number on every resend.", true},
		{"idempotency-keys", "unique-table", "On the server that number goes into a column that refuses duplicates, so only the first attempt gets in.", true},
		{"optimistic-concurrency", "version-column", "Every document carries an edit counter, and a save only lands if the counter still matches what the editor loaded.", true},
		{"optimistic-concurrency", "zero-rows-retry", "If the save lands on nothing because the counter moved, the editor shows a conflict and asks the user to merge.", true},
		{"holder-id-guard", "epoch-column", "Give every claim its own serial number, stored on the row and checked by each write, instead of the worker's name.", true},
		{"holder-id-guard", "same-owner-twice", "A worker's name stays the same across restarts, so a write from its previous life still passes the name check.", true},
		{"session-suspended", "stop-work", "On SUSPENDED, down tools right away, because you may already have lost the lock without knowing.", true},
		{"session-suspended", "signals-late", "The SUSPENDED event is just your client noticing late; the servers may have expired the session already.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Each waiter only keeps an eye on the person directly in front of them in the queue.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Every client drops a numbered, temporary marker under the lock folder, and the marker dies with its session.", true},
		{"unfenceable-resource", "idempotency-key", "Hand the payment provider a request id built from the order, so a duplicate call from a stale holder is recognised and ignored.", true},
		{"unfenceable-resource", "timing-caveat", "Any of these delays is a bet that pauses are shorter than the wait, and a long enough freeze still gets through.", true},
		{"deadlock-ordering", "global-order", "Both transfers grab the account with the lower number first, so they can't end up in a circle.", true},
		{"deadlock-ordering", "deadlock-cycle", "Two transfers in opposite directions can each grab one account and then sit waiting on the other forever.", true},
		{"outbox-pattern", "dual-write", "Writing to Postgres and Kafka is two promises; if the process dies between them, one is kept and one is broken.", true},
		{"outbox-pattern", "outbox-row", "Put the outgoing message in an outbox table, written in the same transaction as the order change.", true},
		{"row-lock", "outside-effects", "The row lock can't take back an email or an HTTP call; rollback only undoes rows.", true},
		{"row-lock", "yes-within-db", "Inside the database it works like a lock for every app server, since they all wait on the same row.", true},
		{"extend-lease", "check-ownership", "The extend call must first confirm the key still carries my token and only then push the expiry, atomically.", true},
		{"extend-lease", "not-safety", "Renewing only makes trouble rarer; a pause longer than the gap between renewals still lets two holders overlap.", true},
		{"redis-wait-safe", "not-consensus", "WAIT just counts how many replicas got it; that's a tally, not an agreement.", true},
		{"redis-wait-safe", "promoted-replica", "The replica that said yes to WAIT isn't necessarily the one that gets promoted.", true},
		{"redis-vs-consensus", "consensus-quorum", "etcd only says yes once a majority has written the grant down, so a node dying doesn't lose it.", true},
		{"redis-vs-consensus", "tokens", "etcd and ZooKeeper give you an ever-growing revision for fencing; Redis gives you nothing to fence with.", true},
		{"redlock-operations-q", "clocks-slew", "The clocks on the five nodes must never jump; let NTP slew them gently.", true},
		{"redlock-operations-q", "restart-forgets", "A node that comes back from a crash with an empty memory can hand the same lock to a second client, so delay its return or fsync every write.", true},
		{"redis-early-expiry", "eviction", "If Redis runs out of memory and its policy allows evicting keys, it may throw the lock away early; use noeviction.", true},
		{"redis-early-expiry", "clock-jump", "If someone moves the Redis server's clock forward, keys with a TTL expire early.", true},
		{"etcd-revision-guard", "txn-compare", "Put the write inside a transaction that checks my lock key still has the create revision I got.", true},
		{"etcd-revision-guard", "atomic-in-store", "etcd runs the check and the write as one step, so a leader whose lease ran out simply writes nothing.", true},
		{"skip-locked-queue", "skip-locked", "Use SKIP LOCKED so each worker passes over rows another worker holds and takes the next one.", true},
		{"skip-locked-queue", "visibility-timeout", "A claimed job carries a lease; if the worker doesn't finish in time, it becomes visible to others again.", true},
		{"design-lock-service-q", "consensus-log", "I'd build it on a Raft group, so a grant is only confirmed once a majority has it in its log.", true},
		{"design-lock-service-q", "fencing-token", "Every grant returns a fencing token, the log index, which resources use to reject stale holders.", true},
		{"fencing-in-real-systems", "common-pattern", "Everywhere it's the same recipe: a number that grows with each new leader, sent along with each request and checked by the receiver.", true},
		{"fencing-in-real-systems", "zombie-leader", "It exists because an old leader can come back from a long pause still believing it is the leader.", true},
		{"fencing-token", "paused-holder", "The job never pauses past its slot.", false},
		{"holder-id-guard", "epoch-column", "Each claim uses the worker's own id.", false},
		{"run-job-once", "lock-not-enough", "There is no record of the lock in the database.", false},
		{"redis-lock-and-failure", "set-nx-px", "One SET to take it, then a separate EXPIRE call for the timer.", false},
		{"fencing-token", "monotonic", "The card number is random.", false},
		{"extend-lease", "not-safety", "Renewing makes two holders impossible, not just rarer.", false},
	})
}

// TestParaphrasesFromWriterJ: classes heard from writer J (the earlier
// holdout until this round, read after its figures were recorded), in
// sentences of our own with near misses: a healthy but sluggish owner
// evicted; not pretending the number makes two owners impossible;
// locking in the same sequence; a shelf life (@ttl); WAIT telling you a
// copy has heard; the row lock only protecting what is inside the
// transaction, and outside calls that keep happening; a run that comes
// out the same twice (%idempotent); a uniqueness rule on a table; a
// write finished before the bell rings.
func TestParaphrasesFromWriterJ(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "tradeoff", "Too tight and a healthy but sluggish worker gets kicked out.", true},
		{"choose-ttl", "no-safe-value", "I don't pretend any TTL makes two holders impossible.", true},
		{"choose-ttl", "no-safe-value", "A long enough TTL makes two holders impossible.", false},
		{"deadlock-ordering", "global-order", "Everyone takes the accounts in ascending number, whatever the direction.", true},
		{"deadlock-ordering", "global-order", "Each transfer takes its source account first.", false},
		{"redis-lock-and-failure", "set-nx-px", "Create the key only if it does not exist, with a shelf life, in one command.", true},
		{"redis-wait-safe", "not-consensus", "It tells you that one replica has heard about the key, nothing more.", true},
		{"redis-wait-safe", "not-consensus", "WAIT makes the replicas agree on the lock.", false},
		{"row-lock", "outside-effects", "The row lock only protects what is inside the transaction.", true},
		{"row-lock", "outside-effects", "The first worker's remote calls keep happening after the rollback.", true},
		{"row-lock", "outside-effects", "It only protects you from other threads inside one database.", false},
		{"run-job-once", "idempotent", "The report has to come out the same if it's run twice.", true},
		{"run-job-once", "claim-row", "The first instance to write the period's name into a table with a uniqueness rule runs it.", true},
		{"session-suspended", "signals-late", "A frozen client can finish its write before the warning bell ever rings.", true},
		{"session-suspended", "signals-late", "Ring the bell before lunch.", false},
	})
}

// TestCorePointsInAGameBackendsWords: a fourth set of our own, in the
// words of a game-backend engineer (ticks, lobbies, lag spikes, payouts,
// inventories); two misses fixed as classes: @pause hears a hitch, a
// hiccup, a lag spike, a stutter; resource-rejects hears a service that
// keeps the last accepted epoch and refuses lower ones (not the client).
func TestCorePointsInAGameBackendsWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "resource-rejects", "Like an authoritative game server dropping packets with an old tick number, the store drops writes whose token is behind the newest it has seen.", true},
		{"fencing-token", "monotonic", "The lock service hands each new owner the next generation id, strictly above the previous owner's.", true},
		{"fencing-token", "paused-holder", "It's the lag-spike problem: a client that froze for a few seconds comes back still convinced it owns the lobby, long after its lease timed out.", true},
		{"fencing-token", "resource-rejects", "The inventory service keeps the last accepted epoch per item and refuses any update stamped with a lower one.", true},
		{"redis-lock-and-failure", "pause-expiry", "A hitch in the process, a long GC or the VM being descheduled, can last longer than the lock's TTL, and meanwhile another worker takes the lock.", true},
		{"redis-lock-and-failure", "compare-delete", "Only delete the lock if it's still holding your value, and do the compare and the delete atomically on the server with a script.", true},
		{"two-holders", "fix-fencing", "Put a generation check at the storage so the older holder's writes get dropped; tuning the TTL won't fix it.", true},
		{"two-holders", "durations-vs-ttl", "Check the metrics for how long the worker actually held it compared to the TTL, and for stop-the-world pauses.", true},
		{"run-job-once", "lock-not-enough", "Even with a lock, a server that hitches past the lease lets a second server start the same reward payout.", true},
		{"run-job-once", "idempotent", "Make the payout idempotent, keyed by player and season, so a duplicate run doesn't double-grant anything.", true},
		{"avoid-the-lock", "constraint", "For claiming a unique username, a unique index in the database does the job; no lock needed.", true},
		{"avoid-the-lock", "idempotent", "If granting the daily reward is idempotent per player and day, two servers racing is harmless.", true},
		{"idempotency-keys", "client-key", "The game client attaches a purchase id it generated to the request, and sends the same id on every retry.", true},
		{"idempotency-keys", "unique-table", "The purchases table has a unique constraint on that id, so only the first insert wins.", true},
		{"optimistic-concurrency", "version-column", "Each save carries the version it was based on, and the update only applies where the version still matches.", true},
		{"optimistic-concurrency", "zero-rows-retry", "If nothing was updated, another edit got there first, so we reload and reapply the change.", true},
		{"holder-id-guard", "epoch-column", "Add a claim generation to the row, increment it on every claim, and make every write check it.", true},
		{"holder-id-guard", "same-owner-twice", "The same server can reclaim the match after a restart, and its stale write from the first claim will still match owner = me.", true},
		{"outbox-pattern", "dual-write", "The DB commit and the Kafka send can't be atomic; if the server crashes in between, one of them is lost.", true},
		{"outbox-pattern", "outbox-row", "Write the event to an outbox table in the same DB transaction as the match result.", true},
		{"choose-ttl", "tradeoff", "Shorter TTLs recover faster from a crashed holder but risk expiring on a slow one; longer TTLs do the opposite.", true},
		{"choose-ttl", "no-safe-value", "No TTL is safe, because pauses have no upper bound.", true},
		{"session-suspended", "stop-work", "On SUSPENDED I stop all writes to the shared state immediately.", true},
		{"session-suspended", "signals-late", "The callback fires on our side only after the fact, and the session may already be gone on the ensemble.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Each contender creates an ephemeral sequential node under the lock's path.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Each contender watches just the node immediately before its own, not the lowest one.", true},
		{"deadlock-ordering", "deadlock-cycle", "Two trades between the same two players in opposite directions can deadlock, each holding one lock and waiting for the other.", true},
		{"deadlock-ordering", "global-order", "Always lock the player with the lower id first, whichever side initiated the trade.", true},
		{"row-lock", "yes-within-db", "For rows in that database it really does act as a lock across all game servers.", true},
		{"row-lock", "outside-effects", "It can't protect anything outside the database, like a call to the payments API.", true},
		{"redis-wait-safe", "not-consensus", "WAIT isn't consensus; it just reports how many replicas acknowledged.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel can still promote a replica that never got the write.", true},
		{"redis-vs-consensus", "consensus-quorum", "etcd replicates through Raft and commits on a majority, so the lock survives a node failure.", true},
		{"redis-vs-consensus", "tokens", "etcd gives you a revision you can use as a fencing token; Redis doesn't.", true},
		{"extend-lease", "check-ownership", "The renew must check that the key still holds my token and extend it in one atomic step.", true},
		{"extend-lease", "not-safety", "Extending the lease isn't a safety mechanism; a long pause still defeats it, so fence.", true},
		{"unfenceable-resource", "idempotency-key", "Give the call an idempotency key derived from the order so the provider applies it once.", true},
		{"unfenceable-resource", "timing-caveat", "A lock-delay is still a timing assumption; a longer pause gets through.", true},
		{"skip-locked-queue", "skip-locked", "Workers claim rows with FOR UPDATE SKIP LOCKED.", true},
		{"skip-locked-queue", "visibility-timeout", "Each claim sets locked_until; after it passes, the job is up for grabs again.", true},
		{"etcd-revision-guard", "txn-compare", "Guard the Put with a Txn comparing the lock key's create revision.", true},
		{"etcd-revision-guard", "atomic-in-store", "etcd evaluates the compare and the Put atomically, so a stale leader writes nothing.", true},
		{"redlock-operations-q", "restart-forgets", "A crashed node must stay down longer than the max TTL, or persist every write with fsync.", true},
		{"redlock-operations-q", "clocks-slew", "NTP must slew, never step, the clocks on the lock nodes.", true},
		{"redis-early-expiry", "eviction", "With a volatile-lru policy, Redis can evict the lock key under memory pressure.", true},
		{"redis-early-expiry", "clock-jump", "A forward jump of the server clock expires keys early.", true},
		{"design-lock-service-q", "consensus-log", "Replicate the lock table through Raft so a grant is committed on a majority.", true},
		{"design-lock-service-q", "fencing-token", "Each grant returns a monotonically increasing token that resources check.", true},
		{"fencing-in-real-systems", "common-pattern", "Each system gives the new leader a higher epoch and makes receivers reject lower ones.", true},
		{"fencing-in-real-systems", "zombie-leader", "It guards against a zombie leader that doesn't know it was replaced.", true},
		{"fencing-token", "resource-rejects", "The client keeps the highest token it got and rejects lower ones.", false},
		{"run-job-once", "lock-not-enough", "The server hitches now and then, but the lock holds.", false},
	})
}

// TestAPausedHolderThatCarriesOn: a holder stuck in a pause that wakes
// and carries on as if nothing happened is the zombie
// (%paused-past-lease), whatever the lease is called or if it is not
// named; one that wakes and stops is not.
func TestAPausedHolderThatCarriesOn(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "paused-holder", "It freezes in a GC pause, then it wakes and keeps writing as if nothing happened.", true},
		{"two-holders", "durations-vs-ttl", "The process stalls, resumes none the wiser and carries on with the job.", true},
		{"fencing-token", "paused-holder", "The worker pauses for a moment, then wakes up and stops for good.", false},
	})
}

// pointCase is one sentence of our own and whether, graded alone as an
// answer to question, it makes the point.
type pointCase struct {
	question, point, text string
	want                  bool
}

// checkPoints grades each case's sentence against its question.
func checkPoints(t *testing.T, b *quiz.Bank, cases []pointCase) {
	t.Helper()
	for _, c := range cases {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}
