package quiz_test

import "testing"

// Grader g14, points: core points that strong answers make in words the
// patterns did not know (an idiom, an analogy, a verb where a noun was
// expected), written as families of sentences of our own, each next to
// near-misses that must not make the point: a weak or partial version, a
// word that looks alike, the mistake itself.

// TestNumberRaisedWithEachGrant: the fencing number's order said by the
// verb that raises it ("the service raises it with each new lease", "each
// claim raises the counter"), in the common set @increase; a raise of
// anything else ("raises an exception for every stale request", "raise
// the TTL value") orders nothing.
func TestNumberRaisedWithEachGrant(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "monotonic", "The coordinator keeps one counter per lock and raises it with each new lease it hands out.", true},
		{"fencing-token", "monotonic", "Each acquisition raises the counter, and the winner gets its value as the token.", true},
		{"fencing-token", "monotonic", "The service keeps a token per lock and raises it by one for each new holder.", true},
		{"fencing-token", "monotonic", "The client raises an exception for every request with a stale token.", false},
		{"fencing-token", "monotonic", "If jobs run long, raise the TTL value for each of them.", false},
		{"fencing-token", "monotonic", "The token is a random value that the holder sends with each write.", false},

		{"holder-id-guard", "epoch-column", "Put a counter column on the row, raised with each claim, and make every update check it.", true},
		{"holder-id-guard", "epoch-column", "Every claim raises the counter in the row, and the update compares the value it got.", true},
		{"holder-id-guard", "epoch-column", "The guard keeps comparing the owner column, which changes on every claim.", false},
	})
}

// TestStopSaidAsAnIdiom: stopping the protected work told by an idiom
// that needs no object ("down tools", "stand down", "drop what it's
// doing", "bail out") or as work neither begun nor finished ("begin
// nothing new, complete nothing", "never start or finish a write"):
// common sets @halt and @downtools. Carrying on, or a write that merely
// "hasn't finished", stops nothing.
func TestStopSaidAsAnIdiom(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "stop-work", "The moment SUSPENDED shows up, my worker puts down its tools.", true},
		{"session-suspended", "stop-work", "On SUSPENDED the worker should stand down until it hears more.", true},
		{"session-suspended", "stop-work", "At SUSPENDED the client drops what it's doing and waits for news.", true},
		{"session-suspended", "stop-work", "From that event on, the job begins nothing and completes nothing.", true},
		{"session-suspended", "stop-work", "While suspended, never start or finish a write against the store.", true},
		{"session-suspended", "stop-work", "At SUSPENDED I keep going and finish the write, since the session is probably fine.", false},
		{"session-suspended", "stop-work", "The worker keeps its tools and carries on with the batch.", false},
		{"session-suspended", "stop-work", "The listener tells the client the connection is gone.", false},

		{"extend-lease", "failed-extension", "Should a renewal fail, the worker downs tools right away.", true},
		{"extend-lease", "failed-extension", "When the renewal is refused, the worker bails out of the job.", true},
		{"extend-lease", "failed-extension", "If the extension fails, the worker walks away from the batch.", true},
		{"extend-lease", "failed-extension", "If a renewal fails, retry it and carry on with the job.", false},
		{"extend-lease", "failed-extension", "Renew every third of the TTL so the lease never runs out.", false},
	})
}

// TestRepeatRefusedByAnyName: the unique table said as a table that
// refuses the repeat, whatever the repeat is called (a second entry for
// one reference, another insert of that receipt number); a refusal that
// is not the table's, or a table that takes the second row, is not it.
func TestRepeatRefusedByAnyName(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"idempotency-keys", "unique-table", "Our payments table bounces a second entry that carries the same reference.", true},
		{"idempotency-keys", "unique-table", "The database rejects another insert with that receipt number.", true},
		{"idempotency-keys", "unique-table", "The ledger table refuses a second record for one tag.", true},
		{"idempotency-keys", "unique-table", "The phone refuses to send a second request while the first is pending.", false},
		{"idempotency-keys", "unique-table", "The table stores every request, a second row with the same tag included.", false},
	})
}

// TestMemoryRunningShort: eviction told as memory running short ("tight
// on memory", "low on memory", "memory runs low") and the keys it throws
// away; memory named without anything dropped is not it.
func TestMemoryRunningShort(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-early-expiry", "eviction", "A Redis that is tight on memory starts discarding keys, and a lock key can be one of them.", true},
		{"redis-early-expiry", "eviction", "Once it is low on memory it sacrifices keys with a TTL first.", true},
		{"redis-early-expiry", "eviction", "If memory runs low, Redis may drop the lock key to make room.", true},
		{"redis-early-expiry", "eviction", "When Redis is low on memory, it answers writes with an error.", false},
		{"redis-early-expiry", "eviction", "The lock key uses very little memory.", false},
	})
}

// TestClockMovedGently: clocks slewed, said of the time source ("the sync
// daemon only ever nudges the time", "time sync corrects gradually"), and
// clocks left alone by people ("no admin fiddles with the clocks"); clocks
// merely synced, or a time daemon named, are not it.
func TestClockMovedGently(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redlock-operations-q", "clocks-slew", "The time daemon is allowed to correct only gently, a little at a time.", true},
		{"redlock-operations-q", "clocks-slew", "Time sync has to correct gradually, smearing the difference.", true},
		{"redlock-operations-q", "clocks-slew", "No admin ever fiddles with the clocks on those five boxes.", true},
		{"redlock-operations-q", "clocks-slew", "Each box runs its own time daemon.", false},
		{"redlock-operations-q", "clocks-slew", "The operators fiddle with the clocks whenever they like.", false},
	})
}

// TestWatchAsAskingToBeTold: watching the predecessor told as asking to be
// told ("gets an alert when the node in front of it is removed",
// "subscribes to its neighbour alone"); a ping on any change in the
// folder is the herd, not the recipe.
func TestWatchAsAskingToBeTold(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"zookeeper-lock-recipe", "watch-predecessor", "A waiter has ZooKeeper ping it once the node one ahead of it is deleted.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Each client subscribes to its neighbour alone, so a release wakes a single waiter.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "The client gets ZooKeeper to alert it when the node just in front of it is deleted.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Every waiter asks ZooKeeper to ping it on any change to the lock folder.", false},
		{"zookeeper-lock-recipe", "watch-predecessor", "Clients listen for changes to the parent node and list the children again.", false},
	})
}

// TestPatternSaidAsRecipe: the common pattern of fencing said as a recipe
// or a rule per handover ("the recipe never changes: a larger number at
// every handoff ..."); one system's mechanism alone is an example.
func TestPatternSaidAsRecipe(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-in-real-systems", "common-pattern", "Underneath, the recipe never changes: a larger number at every handoff, and a receiver that rejects lower ones.", true},
		{"fencing-in-real-systems", "common-pattern", "At every takeover the number goes up, and the storage turns away older numbers.", true},
		{"fencing-in-real-systems", "common-pattern", "Kafka's broker refuses requests from a producer with an older epoch.", false},
	})
}

// TestExpiryNamedAsDeadline: the atomic acquire with its expiry called a
// deadline ("one call sets the key and its deadline together"); a
// deadline set by a second call is the bug.
func TestExpiryNamedAsDeadline(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "One command creates the lock key, refuses if it already exists, and gives it a deadline.", true},
		{"redis-lock-and-failure", "set-nx-px", "One command sets the lock key and its deadline together.", true},
		{"redis-lock-and-failure", "set-nx-px", "I create the key if it is free and then give it a deadline in a second call.", false},
	})
}

// TestStoreThatWritesIsTheJudge: the check and the write inside etcd told
// as one party playing both parts ("one and the same server checks and
// writes") or as a write asked of etcd under its condition; a check in
// the client before the write is not it.
func TestStoreThatWritesIsTheJudge(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "atomic-in-store", "The same cluster is both the guard and the place the put applies, so nothing slips in between.", true},
		{"etcd-revision-guard", "atomic-in-store", "I have etcd put the new routes only if my key's revision is unchanged.", true},
		{"etcd-revision-guard", "atomic-in-store", "The client reads its key, checks the revision, and then writes the routes.", false},
	})
}

// TestCrashCostSaidAsWaiting: the long side of the TTL trade-off said as
// the wait a crash imposes ("after a crash the others sit waiting out the
// lease", "a dead holder keeps everyone locked out"), also in a question
// that frames the choice; a TTL sized to the job alone is not it.
func TestCrashCostSaidAsWaiting(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "tradeoff", "After a crash, the other workers sit waiting for as long as the TTL.", true},
		{"choose-ttl", "tradeoff", "For how long may a dead holder keep everyone locked out?", true},
		{"choose-ttl", "tradeoff", "A dead holder keeps the rest locked out until the lease runs out.", true},
		{"choose-ttl", "tradeoff", "After a crash, everyone else is held up until the lease runs out.", true},
		{"choose-ttl", "tradeoff", "The TTL should be a bit longer than the job usually takes.", false},
	})
}

// TestReplicationNotConsensusInOtherWords: WAIT denied the name of a CP
// system; WAIT said to make one is the mistake. The replicas of a lock
// service agreeing on every entry is consensus; voting on who gets the
// lock is not.
func TestReplicationNotConsensusInOtherWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-wait-safe", "not-consensus", "Adding WAIT does not make Redis a CP system.", true},
		{"redis-wait-safe", "not-consensus", "Even with WAIT, Redis is not a CP store.", true},
		{"redis-wait-safe", "not-consensus", "WAIT turns Redis into a CP system.", false},

		{"design-lock-service-q", "consensus-log", "The nodes hold a vote on each log entry, and it counts once most of them say yes.", true},
		{"design-lock-service-q", "consensus-log", "The servers agree on each change to the lock table before answering.", true},
		{"design-lock-service-q", "consensus-log", "Clients vote on who gets the lock next.", false},
	})
}

// TestRerunLandsTheSameRows: idempotence said without a negation ("each
// run replaces the day's file instead of adding to it", "a second run
// writes the same records"), in the concept %idempotent; the same records
// written twice is the duplicate. A crashed run picked up again is the
// retry a job must survive.
func TestRerunLandsTheSameRows(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"run-job-once", "idempotent", "Each run replaces the day's export instead of adding to it.", true},
		{"run-job-once", "idempotent", "Should it repeat, the repeat writes the same records as the first run.", true},
		{"run-job-once", "idempotent", "The report upserts instead of inserting, keyed by the day.", true},
		{"run-job-once", "idempotent", "If it runs twice, the same rows are appended a second time.", false},
		{"run-job-once", "idempotent", "The job appends its output rather than overwriting the table.", false},

		{"run-job-once", "crash-midway", "A run that crashed halfway is picked up by another instance.", true},
		{"run-job-once", "crash-midway", "A run that died gets re-run from the start.", true},
		{"run-job-once", "crash-midway", "Crashes are rare on these machines.", false},
	})
}

// TestListHeadingLabelsItsItems: a heading alone on its line and ended by
// a colon ("What they have in common:") says what each item of the list
// under it is, so a point that requires the generalisation ("common",
// "share") is made by an item that states the mechanism; the same items
// under a heading that generalises nothing, or after a line of prose that
// ends the list's heading, stay examples.
func TestListHeadingLabelsItsItems(t *testing.T) {
	b := loadBank(t)
	const examples = "Kafka gives a restarted producer a higher epoch and the broker ignores the old one. HDFS journal nodes refuse edits from a NameNode with an older epoch. Raft followers reject appends from an earlier term.\n\n"
	const items = "1. A coordinator hands the next owner a larger number.\n2. The owner sends that number along on its requests.\n3. The receiver keeps the highest number it has seen and rejects lower ones.\n"
	checkPoints(t, b, []pointCase{
		{"fencing-in-real-systems", "common-pattern", examples + "What they have in common:\n" + items, true},
		{"fencing-in-real-systems", "common-pattern", examples + "The shared recipe:\n\n" + items, true},
		{"fencing-in-real-systems", "common-pattern", examples + "How Kafka does it:\n" + items, false},
		{"fencing-in-real-systems", "common-pattern", examples + "What they have in common is worth a list.\nKafka first.\n" + items, false},
	})
}

// TestTTLDeniedAgainstUnboundedPause: no safe TTL said as a TTL that
// cannot outlast, cover or absorb a pause without a bound ("no lease
// length outlives an unbounded stall"); a TTL said to cover the pauses
// measured so far, or a deploy window it does not cover, is not it.
func TestTTLDeniedAgainstUnboundedPause(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "No lease length outlives an unbounded stall, so the writes carry a token.", true},
		{"choose-ttl", "no-safe-value", "No timeout absorbs an arbitrary freeze of the holder.", true},
		{"choose-ttl", "no-safe-value", "A 30 second TTL covers any pause we have ever measured.", false},
		{"choose-ttl", "no-safe-value", "Our TTL does not cover the deploy window, so we pause deploys.", false},
	})
}

// TestCountUpAtTheDataKeeper: the fencing number said to count up
// (@increase) and the resource named as the place that keeps the data
// (@storage), so %fencing hears "the place that keeps the data turns the
// smaller counts away"; a count that goes nowhere near the data is not
// fencing.
func TestCountUpAtTheDataKeeper(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "monotonic", "The lock service counts up one number per lock and hands the new value to each holder.", true},
		{"fencing-token", "resource-rejects", "The place that keeps the data remembers the highest number and refuses anything older.", true},
		{"fencing-token", "resource-rejects", "Wherever the data lives has to reject a write carrying a smaller token than the last.", true},
		{"fencing-token", "resource-rejects", "The client counts up its retries and gives up after five.", false},
		{"fencing-token", "resource-rejects", "The place that keeps the data is a Postgres table.", false},
	})
}
