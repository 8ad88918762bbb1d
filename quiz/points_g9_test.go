package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// Grader g9, points: the general ways of saying a correct idea that the
// matchers did not hear on validation writer P, each as sentences of our
// own over several questions, next to near-misses that must stay
// unmatched (the wrong claim in the same words, or its negation).

// TestWakesUnaware: a paused holder that wakes not knowing how long it was
// gone, or that its lease lapsed, is the holder outliving its lease (the
// concept paused-past-lease), whatever words say the ignorance.
func TestWakesUnaware(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "A container frozen by the hypervisor wakes up with no idea how long it was out.", true},
		{"choose-ttl", "no-safe-value", "A stalled process resumes and doesn't know its lease is gone.", true},
		{"two-holders", "durations-vs-ttl", "The paused worker came back unaware that anyone else had taken over.", true},
		{"extend-lease", "pause-defeats", "After a stop-the-world pause the holder resumes with no way of knowing that its renewal window passed.", true},
		{"run-job-once", "lock-not-enough", "An instance that dozes off wakes without realising its lease ran out and finishes the run.", true},
		// it wakes knowing: nothing outlived
		{"choose-ttl", "no-safe-value", "When it wakes up it knows exactly how long it slept and stops.", false},
		{"two-holders", "durations-vs-ttl", "The paused worker came back and checked that its lease was valid before writing.", false},
	})
}

// TestTimingIsAHintNotTheGuarantee: the TTL, a heartbeat or a waiting
// margin described as a hint, a supplement or a margin and denied the
// name of guarantee or proof is the point that timing is not safety (the
// concept timing-not-safety), cited by every question with that point.
func TestTimingIsAHintNotTheGuarantee(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "Treat whatever TTL you pick as a hint, not a promise.", true},
		{"choose-ttl", "no-safe-value", "The number is an estimate rather than a guarantee.", true},
		{"extend-lease", "not-safety", "I would never take a healthy heartbeat as proof that the lock is still mine.", true},
		{"extend-lease", "not-safety", "A successful renewal is evidence, not proof, that you still hold the lease.", true},
		{"unfenceable-resource", "timing-caveat", "Delays and timeouts are fine as an extra margin on top, never as the guarantee.", true},
		{"unfenceable-resource", "timing-caveat", "I keep the lock-delay only as a backstop.", true},
		{"unfenceable-resource", "timing-caveat", "Never trust the clock to keep the old holder out.", true},
		// the opposite, in the same words
		{"choose-ttl", "no-safe-value", "A long enough TTL is a guarantee, not a hint.", false},
		{"extend-lease", "not-safety", "The heartbeat is proof that the worker still owns the lock.", false},
		{"unfenceable-resource", "timing-caveat", "The waiting period is the guarantee, and it is enough.", false},
		{"unfenceable-resource", "timing-caveat", "I trust the clock to keep the old holder out.", false},
	})
}

// TestResourceSpotsTheStaleHolder: fencing said as what the resource can
// do (spot, recognise, detect an outdated holder; refuse older terms),
// with the resource named as the target or the thing written to.
func TestResourceSpotsTheStaleHolder(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "fencing", "Whatever it writes to must be able to recognise an outdated holder by itself.", true},
		{"two-holders", "fix-fencing", "The target should refuse any write stamped with an older term number.", true},
		{"extend-lease", "not-safety", "Every write carries its term, and the target turns away older terms.", true},
		{"choose-ttl", "fencing", "The database has to detect a stale writer on its own.", true},
		// the relation said by the resource's memory or a verb
		{"redis-early-expiry", "resource-check", "The storage keeps the highest number it has seen and ignores everything below it.", true},
		{"two-holders", "fix-fencing", "The data layer sides with whoever carries the bigger counter.", true},
		{"choose-ttl", "fencing", "The persistence layer remembers the newest generation and refuses anything older.", true},
		// the client spotting it, or a resource that cannot
		{"two-holders", "fix-fencing", "The client spots an outdated token and stops itself.", false},
		{"choose-ttl", "fencing", "The target has no way to detect an outdated holder.", false},
		{"two-holders", "fix-fencing", "The storage keeps the highest number of connections it can.", false},
	})
}

// TestRepeatHarmlessByExample: idempotence shown by an example (N times
// is the same as once) or by the job shrugging off a repeat.
func TestRepeatHarmlessByExample(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "Setting the status to SHIPPED five times is the same as setting it once.", true},
		{"avoid-the-lock", "idempotent", "Marking an invoice paid a hundred times is the same as once.", true},
		{"run-job-once", "idempotent", "The report job must shrug off a second run.", true},
		{"holder-id-guard", "idempotent-job", "Each step is written so that it is immune to running twice.", true},
		// the opposite
		{"avoid-the-lock", "idempotent", "Charging the card five times is not the same as once.", false},
		{"run-job-once", "idempotent", "The job can't shrug off a second run, so it needs the lock.", false},
	})
}

// TestExactlyOnceOverstated: the claim of exactly-once judged as an
// overstatement or a myth, and the lock's failure said as its
// consequence (a second instance let in), make the lock-is-not-enough
// point.
func TestExactlyOnceOverstated(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"run-job-once", "lock-not-enough", "Anyone who sells a lock as exactly-once is selling an illusion.", true},
		{"run-job-once", "lock-not-enough", "Exactly-once from a lock alone is a myth.", true},
		{"run-job-once", "lock-not-enough", "A failover can drop the key and let a second instance in.", true},
		{"run-job-once", "lock-not-enough", "A replica promoted after the key was lost lets another pod start the same slot.", true},
		// the wrong claim in the same words
		{"run-job-once", "lock-not-enough", "The lock never lets a second instance in, so it runs exactly once.", false},
		{"run-job-once", "lock-not-enough", "Exactly once is easy with a lock and no overstatement.", false},
	})
}

// TestDebugStepAfterExpiry: in a post-mortem, whether the holder wrote
// after its lease expired, and finding out why it went quiet (GC,
// throttling), compare the run with the TTL.
func TestDebugStepAfterExpiry(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"two-holders", "durations-vs-ttl", "Establish whether A's last writes landed after its lease had expired on the server.", true},
		{"two-holders", "durations-vs-ttl", "Find out why the first worker went quiet: GC, CPU throttling or a stuck renewal thread.", true},
		{"run-job-once", "lock-not-enough", "The first instance kept writing after its own lease ran out.", true},
		{"two-holders", "durations-vs-ttl", "All of A's writes landed well before the job started.", false},
		{"redis-lock-and-failure", "pause-expiry", "In the past the key got stuck once and someone had to delete it by hand, which happened at 3am, so we set an expiry.", false},
	})
}

// TestCheckOwnershipNeedsOwnership: extending the lease makes the
// check-ownership point only when what is checked is that the lock is
// still the holder's; a check of something else (the job still running,
// the remaining TTL, the worker alive) before extending is the bug the
// point is about, and a script that extends is no check.
func TestCheckOwnershipNeedsOwnership(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"extend-lease", "check-ownership", "A background thread checks that the job is still running and extends the TTL every ten seconds.", false},
		{"extend-lease", "check-ownership", "I use a Lua script that simply calls PEXPIRE on the key every ten seconds.", false},
		{"extend-lease", "check-ownership", "Renewal is conditional on the job not having finished yet, so we extend while work remains.", false},
		{"extend-lease", "check-ownership", "I verify the value of the remaining TTL and reset it to thirty seconds when it gets low.", false},
		{"extend-lease", "check-ownership", "The client does a GET of the TTL, then a PEXPIRE if it is under ten seconds.", false},
		{"extend-lease", "check-ownership", "The heartbeat confirms the worker is still alive and then extends the expiry.", false},
		{"extend-lease", "check-ownership", "The watchdog checks its own clock and renews the lease when a third is left.", false},
		// the ownership test, in several words
		{"extend-lease", "check-ownership", "I only extend the lease if the key still holds my token, in one Lua script.", true},
		{"extend-lease", "check-ownership", "The renewal is a compare-and-extend: it checks the stored value equals my random token and only then calls PEXPIRE.", true},
		{"extend-lease", "check-ownership", "The heartbeat verifies I still own the lock before pushing the deadline out, atomically on the server.", true},
		{"extend-lease", "check-ownership", "A Lua script compares the key's value with my token and only then runs PEXPIRE.", true},
		{"extend-lease", "check-ownership", "The extension is conditional on the lock value still being my token.", true},
	})
}

// TestStaleClaimStillPasses: the owner guard's hole said as its
// consequence (an old run, card or incarnation still passes the check)
// or as two claims that look identical to it.
func TestStaleClaimStillPasses(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"holder-id-guard", "same-owner-twice", "The guard can't see it: yesterday's me and today's me look identical to the database.", true},
		{"holder-id-guard", "same-owner-twice", "A lapsed run wakes up, passes the owner check and writes next to the new one.", true},
		{"holder-id-guard", "same-owner-twice", "The old badge still opens the door once the same name is issued again.", true},
		{"holder-id-guard", "same-owner-twice", "To the check, both incarnations of the worker are indistinguishable.", true},
		// the guard defended, or the difference seen
		{"holder-id-guard", "same-owner-twice", "Once the job is reclaimed, the old run's guard no longer matches and its write touches zero rows.", false},
		{"holder-id-guard", "same-owner-twice", "The old badge no longer opens the door.", false},
		{"holder-id-guard", "same-owner-twice", "The two workers have different ids, so they look different to the database.", false},
	})
}

// TestArrowChainIsAList: a line of short items chained by arrows and
// semicolons ("X -> Y; Z -> W; ...") is a list of terms however many
// function words its items hold, so it earns nothing; a spoken sentence
// that uses arrows between long clauses still makes its points.
func TestArrowChainIsAList(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text string }{
		{"holder-id-guard", "same owner twice -> stale write lands; epoch per claim -> guard writes; restart same id; timeout is a lease; idempotent"},
		{"fencing-token", "token per grant -> only goes up; storage compares -> rejects lower; paused holder -> write rejected; etcd revision as the token"},
		{"extend-lease", "renew if still mine -> lua compare then pexpire; renew at a third of ttl; failed renew -> stop; pause -> fence anyway; cap the extensions"},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed {
			t.Errorf("%s: the arrow chain %q passes (score %.2f)", c.question, c.text, r.Score)
		}
		if !strings.Contains(strings.Join(r.Notes, " "), "list of terms") {
			t.Errorf("%s: %q is not told it reads as a list: %v", c.question, c.text, r.Notes)
		}
	}
	checkPoints(t, b, []pointCase{
		{"two-holders", "fix-fencing", "The holder paused for longer than the TTL -> the key expired and a second worker took the lock -> both wrote, so the lasting fix is a storage layer that rejects the stale token.", true},
		{"two-holders", "durations-vs-ttl", "The holder paused for longer than the TTL -> the key expired and a second worker took the lock -> both wrote, so the lasting fix is a storage layer that rejects the stale token.", true},
	})
}

// TestOneExampleIsNotThePattern: asked for real systems and what they
// have in common, one system's mechanism described alone is an example,
// not the common pattern, however well it is described; the pattern said
// as what the examples share makes it, in several words.
func TestOneExampleIsNotThePattern(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("fencing-in-real-systems")
	if !ok {
		t.Fatal("no question fencing-in-real-systems")
	}
	for _, c := range []struct {
		text string
		pass bool
	}{
		{"Kafka does it: a transactional producer gets an epoch and the broker turns away the old instance.", false},
		{"In Raft a leader from an older term has its messages refused by the followers, so a paused old leader can't commit.", false},
		{"Kafka's producer epochs and Raft's terms both do it. What they have in common: each new owner gets a bigger number, every request carries it, and the receiver refuses anything lower, which is what stops a paused old leader.", true},
		{"HDFS journal nodes refuse a NameNode with an older epoch, and Raft followers ignore a deposed leader's lower term. The shared idea is a number that only climbs with each new owner, checked by the receiver, so a zombie leader is shut out.", true},
		{"HDFS is the clearest: a new active NameNode gets a higher epoch from the JournalNodes, which refuse edits from a lower one, so an old NameNode stuck in GC can't write. Kafka's controller epoch works the same way for brokers.", true},
		{"Raft terms, Kafka controller epochs and ZooKeeper zxids all work the same way: the receiver keeps the highest number it has seen and rejects a stale leader's smaller one.", true},
	} {
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed != c.pass {
			t.Errorf("%q: passed = %v (score %.2f, points %v), want %v", c.text, r.Passed, r.Score, r.Points, c.pass)
		}
	}
}

// TestRuleAsWhatIsRefused: a guard said as what the store refuses or who
// wins, rather than as the condition it checks.
func TestRuleAsWhatIsRefused(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"optimistic-concurrency", "version-column", "Stamp every record with a counter and refuse a save that was based on an older stamp.", true},
		{"optimistic-concurrency", "version-column", "The API turns away an edit made against a stale revision of the document.", true},
		{"idempotency-keys", "unique-table", "Only the first writer of a given key wins; the database turns the duplicate away.", true},
		{"idempotency-keys", "unique-table", "The keys table turns away a second row for the same key.", true},
		// the opposite
		{"optimistic-concurrency", "version-column", "The server never refuses a save based on an older version; the last write wins.", false},
		{"idempotency-keys", "unique-table", "Every request wins; nothing turns a duplicate away.", false},
	})
}

// TestSecondSweep: a second sweep of our own sentences over the core
// points, in casual and figurative words; each class with its opposite.
func TestSecondSweep(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// the condition as its negated opposite
		{"optimistic-concurrency", "version-column", "Every save says which version it started from, and the database only takes it if nobody bumped it meanwhile.", true},
		{"optimistic-concurrency", "version-column", "The write goes through only if no one has touched the row since I read it.", true},
		// zero rows as an idiom, and re-reading in other verbs
		{"optimistic-concurrency", "zero-rows-retry", "When the conditional update comes back empty-handed, I fetch the fresh row and redo my change on top of it.", true},
		{"optimistic-concurrency", "zero-rows-retry", "If the guarded update touches nothing, somebody beat me to it.", true},
		{"optimistic-concurrency", "zero-rows-retry", "The update always succeeds, so I never need to look at anything.", false},
		// watching as listening
		{"zookeeper-lock-recipe", "watch-predecessor", "Each waiter only listens for the deletion of the one in front of it, so no stampede.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Every client subscribes to the node just before its own.", true},
		// eviction as running out of memory and dropping keys
		{"redis-early-expiry", "eviction", "When Redis runs out of memory, the lock key is among the keys it drops.", true},
		{"redis-early-expiry", "eviction", "Under memory pressure Redis may sacrifice the lock key to make room.", true},
		// a refusal until a majority
		{"redis-vs-consensus", "consensus-quorum", "ZooKeeper won't confirm a lock until most of the ensemble has it, so one node dying loses nothing.", true},
		{"redis-vs-consensus", "consensus-quorum", "etcd answers only once a quorum of members has written the key.", true},
		// the key derived from the work; the provider seeing one operation
		{"unfenceable-resource", "idempotency-key", "Derive the request id from the invoice itself, so the provider sees one operation however many holders call.", true},
		{"unfenceable-resource", "idempotency-key", "Each holder makes up its own fresh id for the call.", false},
		// rarer, but still
		{"extend-lease", "not-safety", "Renewing makes the overlap rarer, but a frozen worker can still wake after the lease is gone.", true},
		// nothing stops the late run
		{"run-job-once", "lock-not-enough", "The lock keeps two runs apart in time, but nothing stops a late instance from running the same slot after it's released.", true},
		{"run-job-once", "lock-not-enough", "The lock stops a late instance from running the slot after it's released.", false},
	})
}

// TestLongerTTLIsNoComparison: comparing how long the work ran with the
// TTL is the debugging step; a longer TTL named as a fix is not.
func TestLongerTTLIsNoComparison(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"two-holders", "durations-vs-ttl", "The job ran for 45 seconds against a 30 second TTL.", true},
		{"two-holders", "durations-vs-ttl", "Check whether the critical section took longer than the lease.", true},
		{"two-holders", "durations-vs-ttl", "See how long the work really lasted compared with the TTL.", true},
		{"two-holders", "durations-vs-ttl", "A longer TTL just makes it rarer.", false},
		{"two-holders", "durations-vs-ttl", "Raising the lease to a long one won't fix it.", false},
	})
}

// TestDismissedIsNotMade: a mechanism dismissed ("X doesn't help", "X is
// just a weaker lock"), a failure denied outright ("there's no deadlock
// risk") or a retry that drops the condition makes no point, though the
// same words in a correct claim do.
func TestDismissedIsNotMade(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "Idempotency doesn't help here; two idempotent writes racing still corrupt the row.", false},
		{"avoid-the-lock", "idempotent", "If the handler is idempotent, a second run is harmless and no lock is needed.", true},
		{"avoid-the-lock", "constraint", "A version check is just a weaker lock, so I'd keep the lock.", false},
		{"avoid-the-lock", "constraint", "A version check on the row lets the database refuse the loser by itself.", true},
		{"deadlock-ordering", "deadlock-cycle", "There is no deadlock risk with leases because one always expires.", false},
		{"deadlock-ordering", "deadlock-cycle", "TTLs make deadlocks self-healing.", false},
		{"deadlock-ordering", "deadlock-cycle", "With opposite transfers each holds one lock and waits for the other: a deadlock.", true},
		{"optimistic-concurrency", "zero-rows-retry", "If the update touches zero rows, just run it again without the version check.", false},
		{"optimistic-concurrency", "zero-rows-retry", "If the update touches zero rows, re-read the row and apply the change again.", true},
	})
}

// TestAnalogies: a third sweep, the core points said through an analogy
// (the way strong-unusual answers most often miss), each next to the
// analogy turned the wrong way.
func TestAnalogies(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"run-job-once", "lock-not-enough", "A lock is a 'room occupied' sign, not a logbook: once the first run leaves, a latecomer walks in and does it again.", true},
		{"run-job-once", "idempotent", "The job should be like pressing an elevator button: pressing it twice still calls one elevator.", true},
		{"avoid-the-lock", "idempotent", "When the operation is like flipping a switch to ON, doing it twice leaves it ON, so I skip the lock.", true},
		{"avoid-the-lock", "idempotent", "Charging a card is not like a light switch: doing it twice charges twice.", false},
		{"holder-id-guard", "same-owner-twice", "Checking the owner name is like a coat check that only reads the name: my old ticket and my new ticket both say my name.", true},
		{"holder-id-guard", "same-owner-twice", "My old ticket and my new ticket carry different numbers, so the check tells them apart.", false},
		{"session-suspended", "signals-late", "The news that I lost the lock arrives by snail mail; the servers may already have handed it on.", true},
		{"outbox-pattern", "outbox-row", "Put the letter in the outgoing tray in the same transaction as the paperwork.", true},
		{"optimistic-concurrency", "version-column", "Each record carries an edition number, and a save only goes through if the edition hasn't moved since I read it.", true},
		{"idempotency-keys", "unique-table", "The server files slips by reference number and can't file the same number twice.", true},
		{"unfenceable-resource", "idempotency-key", "Put the invoice number on the request so the provider can tell a repeat from a new charge.", true},
		{"unfenceable-resource", "idempotency-key", "Whatever we send, the provider can't tell a repeat from a new charge.", false},
	})
}

// TestNegatedOpposite: a fourth sweep, the point said as a warning
// against its opposite ("never assume ...", "don't mistake ... for ...").
func TestNegatedOpposite(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"extend-lease", "not-safety", "Don't mistake a successful renewal for ownership at the moment you write.", true},
		{"extend-lease", "not-safety", "A successful renewal is ownership at the moment you write.", false},
		{"fencing-token", "paused-holder", "Never assume a holder notices its lease expired before its next write.", true},
		{"two-holders", "durations-vs-ttl", "The paused worker doesn't realise its lease is gone until it has written.", true},
		{"two-holders", "durations-vs-ttl", "The worker notices its lease expired and stops before writing.", false},
		{"redis-early-expiry", "clock-jump", "Never let anyone step the clock on the Redis host; a jump forward expires keys early.", true},
		{"redis-early-expiry", "clock-jump", "A jump forward in time doesn't expire anything early.", false},
		{"deadlock-ordering", "global-order", "Never take the two locks in whatever order the request names; always sort them.", true},
		{"deadlock-ordering", "global-order", "I never sort them.", false},
	})
}

// TestJottedNotesAreAList: an answer of three or more fragments and terse
// lines with not one sentence of speech (notes, often with code: "guard
// WHERE epoch = $mine.") is a list of terms, whatever its lines tick one
// by one; an answer with sentences among its terse lines still makes its
// points.
func TestJottedNotesAreAList(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text string }{
		{"holder-id-guard", "owner vs claim. $me comes back after restart (same pod name). stale write matches. claim_epoch = claim_epoch + 1 RETURNING. every write WHERE claim_epoch = $e. jobs idempotent."},
		{"fencing-token", "grant -> token++. monotonic. storage keeps max(token), rejects lower. paused holder (GC) -> rejected. etcd mod_revision / zxid."},
		{"extend-lease", "renew only if still mine. lua: GET == token -> PEXPIRE. cadence ttl/3. renew fails -> stop work. GC pause beats renewal. fence writes w/ token."},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed {
			t.Errorf("%s: the notes %q pass (score %.2f)", c.question, c.text, r.Score)
		}
		if !strings.Contains(strings.Join(r.Notes, " "), "list of terms") {
			t.Errorf("%s: %q is not told it reads as a list: %v", c.question, c.text, r.Notes)
		}
	}
	for _, c := range []struct{ question, text string }{
		{"holder-id-guard", "The owner check can't tell two claims by the same worker apart, because a restarted pod keeps its name. claim_epoch = claim_epoch + 1 RETURNING. Every write then says WHERE claim_epoch = $e, so the earlier run's write matches nothing."},
		{"fencing-token", "Each grant gets a number that only goes up. UPDATE ... WHERE token <= $t. The storage rejects a write whose token is lower than one it has seen, so a holder paused by GC past its lease is refused."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !r.Passed {
			t.Errorf("%s: %q fails (score %.2f, notes %v)", c.question, c.text, r.Score, r.Notes)
		}
	}
}

// TestOutboxInOtherWords: the dual write as two independent record
// keepers, and consumers deduplicating as listeners that recognise what
// they have already seen.
func TestOutboxInOtherWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"outbox-pattern", "dual-write", "We are asking two independent record-keepers to agree that something happened.", true},
		{"outbox-pattern", "dual-write", "Postgres and Kafka are two separate ledgers with no shared commit.", true},
		{"outbox-pattern", "dual-write", "A lock wouldn't stop the process from dying between the commit and the publish.", true},
		{"outbox-pattern", "dual-write", "Nothing prevents the clerk fainting halfway between the filing cabinet and the post office.", true},
		{"outbox-pattern", "dual-write", "The lock stops the clerk fainting halfway.", false},
		{"outbox-pattern", "consumer-dedupe", "The listeners need to recognise a note they've already seen by its id and shrug.", true},
		{"outbox-pattern", "consumer-dedupe", "Recipients spot an event already received and skip it.", true},
		{"outbox-pattern", "consumer-dedupe", "The listeners never recognise an event they've already seen.", false},
	})
}

// TestServerMintedKeyIsNotTheClientKey: a key the server mints per request
// is not the client's key for the operation, even when the clients are
// named in the sentence; the client minting it still is.
func TestServerMintedKeyIsNotTheClientKey(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"idempotency-keys", "client-key", "I'd generate the keys on the server so the mobile clients need no change: the API creates a UUID for each request.", false},
		{"idempotency-keys", "client-key", "The backend creates a fresh id for every call, so the app doesn't have to.", false},
		{"idempotency-keys", "client-key", "The mobile app generates a UUID for the payment and sends it with every retry.", true},
		{"idempotency-keys", "client-key", "The client creates the key once and reuses it on every retry.", true},
	})
}
