package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g11, points: core points the matchers missed on validation
// writers AD and AE, by class, each as sentences of our own over the
// question, next to near-misses that must not make the point.

// TestClaimDeadlineByAnalogy: a queue claim's lease told as a due time
// stamped on the row ("a due date", "back by 10:05", "its return time",
// "a cutoff") that passes, after which the job goes to the next worker;
// the per-claim number named by the analogy ("the try number", "the
// checkout count") guarding the write; and the stalled worker as one the
// sweeper cannot tell from a dead one, or named by what it lost ("a
// worker that lost its claim"). Common set @deadline.
func TestClaimDeadlineByAnalogy(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"skip-locked-queue", "visibility-timeout", "Each row gets a due time a few minutes out; once it passes, the next worker picks it up again.", true},
		{"skip-locked-queue", "visibility-timeout", "Like a library book: when the return date has gone by, someone else can check it out.", true},
		{"skip-locked-queue", "visibility-timeout", "The claim has a cutoff, and after the cutoff elapses the job is available to another worker.", true},
		{"skip-locked-queue", "visibility-timeout", "Anything still in progress past its back-by time goes back to waiting.", true},
		{"skip-locked-queue", "visibility-timeout", "Overdue jobs get picked up by the next worker that polls.", true},
		// a due time set, never passing, or nobody taking the job
		{"skip-locked-queue", "visibility-timeout", "Each row gets a due date when it is claimed.", false},
		{"skip-locked-queue", "visibility-timeout", "The due date passes but nobody else takes it while the worker is alive.", false},
		{"skip-locked-queue", "visibility-timeout", "The deadline never passes for a claimed row, so no other worker takes it.", false},
		{"skip-locked-queue", "visibility-timeout", "Overdue, queue, worker, retry.", false},

		{"skip-locked-queue", "attempt-guard", "The finish is written only if the claim counter still matches the one the worker read.", true},
		{"skip-locked-queue", "attempt-guard", "The ticket carries the try number, and marking it done says only if this is still try 3.", true},
		{"skip-locked-queue", "attempt-guard", "Every retry bumps the try count by one.", false},
		{"skip-locked-queue", "attempt-guard", "We cap the checkout count at five and then park the job.", false},

		{"skip-locked-queue", "stalled-worker", "Because the sweeper can't tell \"dead\" from \"very slow\", a job can end up with two workers, the original and a new one.", true},
		{"skip-locked-queue", "stalled-worker", "The reaper cannot tell a crashed worker from a stalled one, so the row may get a second worker while the first still runs.", true},
		{"skip-locked-queue", "stalled-worker", "A worker that lost its lease cannot mark the job complete.", true},
		{"skip-locked-queue", "stalled-worker", "A worker that lost its claim can't close someone else's run.", true},
		{"skip-locked-queue", "stalled-worker", "The reaper can tell a dead worker from a slow one, so a job never gets two workers.", false},
		{"skip-locked-queue", "stalled-worker", "If the worker died, the job goes to another worker.", false},
		{"skip-locked-queue", "stalled-worker", "A worker that lost its lease can still mark the job complete.", false},
	})
}

// TestStorageNamedByTheWrite: the protected resource named by the write
// that lands on it ("the place I write to", "the system we write to",
// "the service it writes to"), in the common set @storage, so %fencing
// hears it on every question that cites it.
func TestStorageNamedByTheWrite(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"extend-lease", "not-safety", "For the zombie case, the place I write to has to compare generation numbers and turn the old one away.", true},
		{"extend-lease", "not-safety", "The system we write to must check the token and refuse the stale one.", true},
		{"redis-lock-and-failure", "fencing", "The service it writes to keeps the highest token it has seen and rejects anything lower.", true},
		{"two-holders", "fix-fencing", "The place we write to should turn away any write carrying an older token.", true},
		// named, but not doing the check
		{"extend-lease", "not-safety", "The place I write to has no idea about tokens, so nothing turns the old one away.", false},
		{"extend-lease", "not-safety", "The place I write to is a plain bucket.", false},
		{"redis-lock-and-failure", "fencing", "The service it writes to never looks at tokens.", false},
	})
}

// TestSetIfAbsentInPlainWords: the atomic acquire told in words, with the
// absence said as a negation ("only if it's not already there", "if it's
// not there yet") beside the expiry in the same command.
func TestSetIfAbsentInPlainWords(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "Getting the lock is one command that does three things at once: create this key, only if it's not already there, and let it die in N milliseconds.", true},
		{"redis-lock-and-failure", "set-nx-px", "Getting the lock is one command: create this key only if it is not already there and let it expire in 30 milliseconds.", true},
		{"redis-lock-and-failure", "set-nx-px", "One call sets the key if it's not there yet and gives it a timer of thirty seconds.", true},
		// two calls, or no acquire at all
		{"redis-lock-and-failure", "set-nx-px", "First create the key if it is not already there, then in a second call set the expiry.", false},
		{"redis-lock-and-failure", "set-nx-px", "The key is not already there when the expiry fires.", false},
	})
}

// TestTimelineInNotes: a timeline told in telegraphic notes, a chain of
// short comma-separated clauses each a subject and an event verb ("Key
// expires, B acquires, A wakes and writes."), is a claim and makes its
// point; a comma run of terms that look alike ("GC pauses, stale writes,
// lock expiry", "Lease expiry, B acquisition, A wakeup") stays a list, and
// a chain with the event denied makes nothing.
func TestTimelineInNotes(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "Key expires, B acquires, A wakes and writes.", true},
		{"redis-lock-and-failure", "pause-expiry", "A pauses, the lease lapses, B acquires, A resumes and writes.", true},
		{"redis-lock-and-failure", "pause-expiry", "Holder stalls, key expired, client B took the lock.", true},
		{"fencing-token", "paused-holder", "A froze, lease expired, B got the lock, A woke and wrote.", true},
		{"two-holders", "durations-vs-ttl", "Worker A stalled, its key expired, worker B took it, A came back.", true},
		// lists of terms, and a denied event
		{"redis-lock-and-failure", "pause-expiry", "GC pauses, stale writes, lock expiry, second holder.", false},
		{"redis-lock-and-failure", "pause-expiry", "Lease expiry, B acquisition, A wakeup, stale write.", false},
		{"redis-lock-and-failure", "pause-expiry", "GC pause, key expires, fencing token, Redlock.", false},
		{"redis-lock-and-failure", "pause-expiry", "A pauses, B never acquires, A writes.", false},
	})
	// a keyword list holding one such chain still earns nothing
	q, _ := b.ByID("redis-lock-and-failure")
	r := b.Grade(q, quiz.Answer{Text: "SET NX PX, random value, Lua compare-and-delete. GC pause, TTL, fencing token. Key expires, B acquires, A wakes and writes. Failover, async replication, Redlock."})
	if r.Passed || r.Score > 0 {
		t.Errorf("a keyword list with one timeline chain scored %.2f (passed %v), want 0", r.Score, r.Passed)
	}
}

// TestSweepG11: a sweep of our own phrasings over every question's core
// points (about a hundred sentences: casual, by example, by numbers, as
// code; 90 made), the misses by class: an overrun said with the shared
// @outlast words, pause first ("a 90 s stall beats a 60 s delay"); the
// extension's help denied to a frozen holder or limited ("does nothing
// for a holder that is frozen", "protects a healthy owner, nothing
// more"); the predecessor as the node below ("the next lowest one"); an
// overlap made harmless said as clobbering denied ("two writers can't
// clobber each other"); the run recorded once per period in SQL ("ON
// CONFLICT DO NOTHING" on the day); the deadlock in notation ("T1 holds
// lock(A) and wants lock(B); ...: stuck forever"). Each beside
// near-misses: the order reversed, the help granted, the lowest node, the
// clobbering asserted, a conflict clause on no period, a wait that ends.
func TestSweepG11(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"unfenceable-resource", "timing-caveat", "A 90 s stall beats a 60 s delay.", true},
		{"unfenceable-resource", "timing-caveat", "The delay beats most network hiccups.", false},
		{"unfenceable-resource", "timing-caveat", "No pause beats the delay in our tests.", false},

		{"extend-lease", "not-safety", "Renewing does nothing for a holder that is frozen.", true},
		{"extend-lease", "not-safety", "Renewal can't help a frozen holder.", true},
		{"extend-lease", "not-safety", "So topping up protects a healthy owner from being evicted, nothing more.", true},
		{"extend-lease", "not-safety", "Renewing helps a frozen holder keep the lease.", false},
		// "safety" is not stemmed to "safe": the noun denied too
		{"extend-lease", "not-safety", "Extending is not safety.", true},
		{"extend-lease", "not-safety", "Extending is not a safety mechanism, just an optimisation.", true},
		{"extend-lease", "not-safety", "Extending is a safety mechanism.", false},
		{"extend-lease", "not-safety", "Renewal gives you safety.", false},
		{"extend-lease", "not-safety", "Renew at a third of the TTL, nothing more is needed.", false},

		{"zookeeper-lock-recipe", "watch-predecessor", "Each waiter watches the one just below it.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Every node sets a watch on the next lowest one.", true},
		{"zookeeper-lock-recipe", "watch-predecessor", "Each waiter watches the lowest node.", false},
		{"zookeeper-lock-recipe", "watch-predecessor", "Nobody watches the one just below; everyone watches the parent.", false},

		{"avoid-the-lock", "idempotent", "UPDATE stats SET views = views + 1 is atomic on its own, so two writers can't clobber each other.", true},
		{"avoid-the-lock", "idempotent", "Concurrent bumps never overwrite one another when the database applies them.", true},
		{"avoid-the-lock", "idempotent", "Without a lock, two writers clobber each other.", false},
		{"avoid-the-lock", "idempotent", "Two writers overwrite each other's changes all the time.", false},

		{"run-job-once", "idempotent", "INSERT INTO runs(day) VALUES (today) ON CONFLICT DO NOTHING, and skip if nothing was inserted.", true},
		{"run-job-once", "idempotent", "We insert the job row on conflict do nothing before taking the lock.", false},

		{"deadlock-ordering", "deadlock-cycle", "T1 holds lock(A) and wants lock(B); T2 holds lock(B) and wants lock(A): stuck forever.", true},
		{"deadlock-ordering", "deadlock-cycle", "T1 holds lock A and wants lock B, then gets it and finishes.", false},
		{"deadlock-ordering", "deadlock-cycle", "T1 holds A and wants B; it is never stuck because B is free.", false},
	})
}

// TestCorePointsByAnalogyG11: a sweep of 50 analogies of ours, one per
// core point (a coat check, a parking meter, a deli counter, a committee,
// a radio): 30 made. The misses with a general shape, now heard: the
// shared sets' analogy words (@atomic "in the same motion", "one move";
// @ttl "a 30 second fuse", "a use-by date"; @pause "knocked out", "passed
// out"), an empty slot called blank, stepping over rows being grabbed,
// the one that got it hedged as the one promoted, the servers acting
// "already ... before I notice", an old captain as the old leader, feeding
// the meter as the extension. Each beside a near-miss in the same
// analogy that must not make the point.
func TestCorePointsByAnalogyG11(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "atomic-in-store", "The clerk checks the condition and files the paper in the same motion, so a deposed leader's form just bounces.", true},
		{"etcd-revision-guard", "atomic-in-store", "The clerk checks the condition, and later, in a separate trip, files the paper.", false},
		{"redis-lock-and-failure", "set-nx-px", "Grabbing the lock is one move: put my name on the board only if it's blank, with a 30 second fuse attached.", true},
		{"redis-lock-and-failure", "set-nx-px", "Put my name on the board if it's blank, then in a second move attach a 30 second fuse.", false},
		{"skip-locked-queue", "skip-locked", "Each worker grabs the first ticket nobody else has their hand on, stepping over the ones being grabbed.", true},
		{"skip-locked-queue", "skip-locked", "Each worker steps over to the rack and waits for the ticket.", false},
		{"redis-wait-safe", "promoted-replica", "The deputy who got the memo might not be the one who gets promoted when the boss disappears.", true},
		{"redis-wait-safe", "promoted-replica", "The replica that got the write is the one Sentinel promotes.", false},
		{"session-suspended", "signals-late", "The radio silence is only what my headset hears; the control room may have already given my slot to someone else before I notice.", true},
		{"session-suspended", "signals-late", "I notice the radio silence before anything else happens.", false},
		{"fencing-in-real-systems", "zombie-leader", "It's for the old captain who was knocked out, wakes up, and still thinks he's commanding the ship.", true},
		{"fencing-in-real-systems", "zombie-leader", "The captain gives orders to the crew.", false},
		{"extend-lease", "check-ownership", "Before feeding the meter, the machine checks the plate on the spot is still mine, and does both in one go.", true},
		{"extend-lease", "check-ownership", "I feed the meter every few minutes without checking anything.", false},
		// the noun "extension" is no "extend*" prefix match
		{"extend-lease", "check-ownership", "A blind PEXPIRE is the mistake; the extension must check the token first, atomically in a Lua script.", true},
		{"extend-lease", "check-ownership", "The extension checks that the value is still my token.", true},
		{"extend-lease", "check-ownership", "The extension doesn't check the token.", false},
		{"extend-lease", "check-ownership", "The extension checks how much time is remaining.", false},
	})
}

// TestClockDaemonForProtocol: the clock rule told with the daemon named
// for the protocol ("chrony", "ntpd", "timesyncd") instead of NTP or the
// clock; a daemon merely installed or used makes no point.
func TestClockDaemonForProtocol(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redlock-operations-q", "clocks-slew", "Run chrony in slew mode on every node, never stepping.", true},
		{"redlock-operations-q", "clocks-slew", "Configure ntpd so it only slews and never jumps.", true},
		{"redlock-operations-q", "clocks-slew", "Install chrony on every node.", false},
		{"redlock-operations-q", "clocks-slew", "We use chronyd for monitoring.", false},
	})
}

// TestOutsideEffectDeniedItsTransaction: the external call said to be
// no part of the transaction ("the Stripe call isn't part of the
// transaction"), or repeated once the row lock is gone ("another worker
// grabs the row and calls Stripe again"), makes row-lock outside-effects;
// the call said to be in it, a repeat denied, or a database write left out
// of it do not.
func TestOutsideEffectDeniedItsTransaction(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "outside-effects", "If the connection drops mid-call, the lock is gone, another worker grabs the row and calls Stripe again.", true},
		{"row-lock", "outside-effects", "It feels safe, but the Stripe call isn't part of the transaction.", true},
		{"row-lock", "outside-effects", "The payment request is not inside the transaction, so a rollback can't take it back.", true},
		{"row-lock", "outside-effects", "The Stripe call is part of the transaction.", false},
		{"row-lock", "outside-effects", "The row lock makes sure we never call Stripe twice.", false},
		{"row-lock", "outside-effects", "The update isn't part of the transaction yet.", false},
		{"row-lock", "outside-effects", "Workers call the API and then commit.", false},
	})
}

// TestGatekeeperKeepsTheTop: the resource as an analogy's gatekeeper (a
// vault, a bouncer, a doorman, in @storage) checking the ticket, and the
// rejection said as acceptance kept for the top ("only opens for the
// highest ticket it has seen", in %fencing and fencing-token
// resource-rejects); a gatekeeper named without the check, an acceptance
// not kept for the top, or one that takes every token, make nothing.
func TestGatekeeperKeepsTheTop(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"design-lock-service-q", "fencing-token", "Every lock handed out comes with a ticket number that keeps going up, and the vault door only opens for the highest ticket it has seen.", true},
		{"two-holders", "fix-fencing", "Making the lease longer just makes the collision rarer; the real fix is the vault checking a ticket number.", true},
		{"fencing-token", "resource-rejects", "The database only accepts writes carrying the highest token it has seen.", true},
		{"fencing-token", "resource-rejects", "The vault opens for anyone with a ticket.", false},
		{"fencing-token", "resource-rejects", "The bouncer lets in the highest bidder.", false},
		{"two-holders", "fix-fencing", "The vault is where the money is kept.", false},
		{"fencing-token", "resource-rejects", "The database accepts the highest token and every other one too.", false},
	})
}
