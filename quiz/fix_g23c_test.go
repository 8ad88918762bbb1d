package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestPointWordingsFixG23c: a non-author review of g23c (review23,
// adversarial-c) found its widenings crediting sentences that do not make
// the point, and its narrowing taking credit from sentences that do. g23cf
// binds each widened pattern to its point: the hedge said of the timeout
// itself, a future time right after "until", the rental as what lapses,
// the transaction's own check on the lock key, the hosts' time named with
// no word between and its step denied, the chooser bound to the period, and
// "how long" the pause's own length, each not dismissed. The review's
// probes (MUST FIX 1-7) do not hit; the sentences it lost hit again; the
// paraphrases g23c was made for still hit.
func TestPointWordingsFixG23c(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// 1. The hedge cancels only the hedged timeout/lease, not a named
		// mechanism elsewhere in the sentence (lost credits, hit again).
		{"skip-locked-queue", "visibility-timeout", "Set visible_at to now plus five minutes on claim; this is some kind of lease, so a crashed worker's job reappears afterwards.", true},
		{"skip-locked-queue", "visibility-timeout", "Every claim stamps a visibility timeout on the row, and when the worker hits some kind of error and dies the row becomes claimable again after five minutes.", true},
		{"skip-locked-queue", "visibility-timeout", "We keep a locked_until column for some sort of safety net: a dead worker's row reappears once that time is past.", true},
		{"skip-locked-queue", "visibility-timeout", "The worker may die of some sort of bug; its locked_until time then passes and another worker claims the job.", true},
		// ... while the hedged mechanism itself, said other ways, is not.
		{"skip-locked-queue", "visibility-timeout", "Some form of lease would bring the job back, I guess.", false},
		{"skip-locked-queue", "visibility-timeout", "A timeout of some kind gives the job to another worker.", false},
		{"skip-locked-queue", "visibility-timeout", "There is kind of a timeout that hands the job back.", false},

		// 2. "taken/marked/busy until" only with a future time right after
		// the "until", not an event with a time after it.
		{"skip-locked-queue", "visibility-timeout", "The job is marked busy until done, usually minutes later.", false},
		{"skip-locked-queue", "visibility-timeout", "The row stays taken until the commit seconds later, because the row lock is held by the transaction.", false},
		{"skip-locked-queue", "visibility-timeout", "The row lock keeps the job busy until minutes after the worker dies, when Postgres notices the dead connection and rolls back.", false},
		{"skip-locked-queue", "visibility-timeout", "The job is marked taken until now; plus, the worker commits when it is done.", false},
		{"skip-locked-queue", "visibility-timeout", "Rows are marked busy until now, and the poll interval is two seconds.", false},
		{"skip-locked-queue", "visibility-timeout", "Workers are kept busy until hours of backlog drain, which is fine with SKIP LOCKED.", false},
		{"skip-locked-queue", "visibility-timeout", "The worker is busy until seconds before the deadline of the batch, then commits everything in one transaction.", false},
		{"skip-locked-queue", "visibility-timeout", "A row is marked taken until it commits, ten minutes from now at most.", false},
		{"skip-locked-queue", "visibility-timeout", "Our workers stay busy until minutes from now, then they idle.", false},
		{"skip-locked-queue", "visibility-timeout", "When it claims a row the worker marks it taken until ten minutes from now, so if it dies another worker can pick the job up after that.", true},
		{"skip-locked-queue", "visibility-timeout", "the claim sets the row busy until now() + interval '5 minutes' and commits straight away", true},
		{"skip-locked-queue", "visibility-timeout", "Claimed rows are marked as taken until 30 seconds in the future; a crashed worker's rows become free once that moment has passed.", true},

		// 3. The rental or loan itself lapses; not a worker that borrows
		// a job and dies, runs out of memory, or a session that ends.
		{"skip-locked-queue", "visibility-timeout", "The worker borrows the job and dies after a minute, and then the job is back in the queue because its session is gone.", false},
		{"skip-locked-queue", "visibility-timeout", "Rentals expire in SQS, but in Postgres a dead worker's job comes back again when its session closes.", false},
		{"skip-locked-queue", "visibility-timeout", "A worker that borrows a job runs out of memory sometimes, and then we restart it and it picks the job up again.", false},
		{"skip-locked-queue", "visibility-timeout", "The worker's session is a loan from the pool; once the loan lapses, Postgres puts the job back.", false},
		{"skip-locked-queue", "visibility-timeout", "A claim is like renting the job for five minutes: if the rental runs out before the worker finishes, the job goes back on the shelf for someone else.", true},
		{"skip-locked-queue", "visibility-timeout", "The job is on loan to one worker, and once the loan lapses any other worker can claim it again.", true},

		// 4. The transaction's own check on the lock key, not a "still
		// there" said of something else, and not a dismissed transaction.
		{"etcd-revision-guard", "txn-compare", "I do a Get to see the lock key is still there, and then write in a transaction that checks the config version.", false},
		{"etcd-revision-guard", "txn-compare", "Use a transaction that checks the routes still exist before overwriting them.", false},
		{"etcd-revision-guard", "txn-compare", "Wrap the write in a txn which confirms the leader process is still there by pinging its health endpoint.", false},
		{"etcd-revision-guard", "txn-compare", "A transaction that checks the key still exists is overkill, so the leader simply puts the routes while it holds the mutex.", false},
		{"etcd-revision-guard", "txn-compare", "The leader opens a transaction that checks out the latest config, and the lock key is still there anyway because of keepalives.", false},
		{"etcd-revision-guard", "txn-compare", "etcd has a transaction that verifies things, but the lease still exists during a GC pause so a plain Put is fine.", false},
		{"etcd-revision-guard", "txn-compare", "Each write is a transaction which checks the config value is still ours from our last read, then puts the new routes.", false},
		{"etcd-revision-guard", "txn-compare", "A transaction that confirms our lock key is still there is overkill; just put the value.", false},
		{"etcd-revision-guard", "txn-compare", "The leader's write is a transaction that verifies its lock key still exists with the create revision it got, and only then puts the routes.", true},
		{"etcd-revision-guard", "txn-compare", "Put the routes inside a transaction that confirms the mutex key is still there, so a deposed leader's write does nothing.", true},
		{"etcd-revision-guard", "txn-compare", "The config goes in with a txn that checks our lock key still exists, and nothing is written otherwise.", true},

		// 5. The hosts' time, named with no word between, its step denied
		// or a gentle movement made the rule; not a duration, an instant,
		// or the hazard stated as practice or tolerated.
		{"redlock-operations-q", "clocks-slew", "Every time one of the servers steps down as master, Redlock can lose the lock.", false},
		{"redlock-operations-q", "clocks-slew", "It takes time on the nodes to step through the recovery after a crash.", false},
		{"redlock-operations-q", "clocks-slew", "At the time of the node restart, the replica jumps ahead of the master.", false},
		{"redlock-operations-q", "clocks-slew", "Time on the nodes is stepped by ntpdate every hour, which is how we run it today.", false},
		{"redlock-operations-q", "clocks-slew", "Redlock tolerates time on the hosts jumping, since the TTL has a drift factor.", false},
		{"redlock-operations-q", "clocks-slew", "We allow the time on those hosts to be stepped whenever an admin wants.", false},
		{"redlock-operations-q", "clocks-slew", "There's not much time on the servers to step in when a node fails.", false},
		{"redlock-operations-q", "clocks-slew", "Redlock does not care whether time on the servers never jumps or jumps daily.", false},
		{"redlock-operations-q", "clocks-slew", "At the time of the node failover, the new master never jumps ahead.", false},
		{"redlock-operations-q", "clocks-slew", "make sure time across the nodes is never stepped by hand or by ntpdate, only gradually nudged", true},
		{"redlock-operations-q", "clocks-slew", "Time on the servers must never be jumped by an admin.", true},

		// 6. The chooser bound to the period, and no conclusion that the
		// TTL makes it safe.
		{"choose-ttl", "no-safe-value", "A stuck worker is restarted by the supervisor and comes back after any timeout we configure.", false},
		{"choose-ttl", "no-safe-value", "A paused process resumes after any period you set, so just set the TTL above the pause and you are safe.", false},
		{"choose-ttl", "no-safe-value", "Pick a TTL; a stalled job carries on after any timeout configured in the retry library.", false},
		{"choose-ttl", "no-safe-value", "A stalled worker comes back after any timeout you configure, because a supervisor restarts it.", false},
		{"choose-ttl", "no-safe-value", "A frozen worker may resume after any lease we set.", true},

		// 7. "how long" the pause's own length, the pause not dismissed
		// (one concept, heard by three questions).
		{"unfenceable-resource", "timing-caveat", "A longer TTL just changes how long the lock is held after a crash, and GC pauses are rare anyway.", false},
		{"unfenceable-resource", "timing-caveat", "Raising the delay only shifts how long a pause has to be, so with 60 seconds we are safe.", false},
		{"unfenceable-resource", "timing-caveat", "Increasing the heap only changes how large the GC pauses get.", false},
		{"unfenceable-resource", "timing-caveat", "The lock-delay only raises how long a stall has to be, which never happens in practice.", false},
		{"unfenceable-resource", "timing-caveat", "Tuning the GC just shifts how long pauses are, so a bigger lock-delay covers them.", false},
		{"unfenceable-resource", "timing-caveat", "The wait just lengthens how long the payment call takes after a pause.", false},
		{"unfenceable-resource", "timing-caveat", "A longer lock-delay merely moves how long a freeze must last, and that is rare enough to ignore.", false},
		{"extend-lease", "not-safety", "Extending only changes how long the job can run, and pauses are rare enough to ignore.", false},
		{"choose-ttl", "no-safe-value", "A bigger TTL just changes how long others wait, and a GC pause will fit inside it.", false},
		{"unfenceable-resource", "timing-caveat", "The lock-delay only changes how long a pause has to be before a stale call gets through.", true},
		{"unfenceable-resource", "timing-caveat", "Waiting longer just raises how long the freeze must last; a long enough pause still gets a duplicate charge through.", true},
		{"unfenceable-resource", "timing-caveat", "A longer wait only changes how long a pause must be, it never makes a double charge impossible.", true},
		{"extend-lease", "not-safety", "Renewing just changes how long a pause has to be to cause two holders, so fencing is still needed.", true},
		{"choose-ttl", "no-safe-value", "A bigger TTL only moves how long a pause has to be to cause two holders.", true},
	})
}

// TestAnswersFixG23c: the review's weak answers, each built on one g23c
// widening, fail; its correct answers that g23c's narrowing failed pass
// again, and the correct answers g23c gained still pass.
func TestAnswersFixG23c(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, text string
		pass           bool
	}{
		{"skip-locked-queue", "Workers grab jobs with SELECT ... FOR UPDATE SKIP LOCKED so they never wait on each other. The job row is marked busy until done, usually minutes later, and then the worker commits.", false},
		{"skip-locked-queue", "Use FOR UPDATE SKIP LOCKED, so each worker takes a different row. A worker borrows the job and if it dies after a while, the job is back in the queue because its session is gone.", false},
		{"skip-locked-queue", "SKIP LOCKED lets many workers poll the same jobs table without blocking. Rows are marked taken until now, plus the transaction holds the row lock until the worker commits, so a dead worker's job comes back when Postgres rolls back.", false},
		{"etcd-revision-guard", "The leader should use a transaction that checks the routes still exist before overwriting them. etcd does the compare and the put atomically, so it is safe.", false},
		{"etcd-revision-guard", "First I do a Get to see that the lock key is still there, and then I write in a transaction that checks the config version. etcd applies a transaction atomically in one step, so nobody else can interleave.", false},
		{"redlock-operations-q", "Redis nodes should fsync every write so a restart does not forget the key, or stay down longer than the TTL. Time on the nodes is stepped by ntpdate every hour, which is how we run it today.", false},
		{"redlock-operations-q", "Turn on appendfsync always so a restarted node still has the lock key. Redlock tolerates time on the hosts jumping, since the TTL has a drift factor.", false},
		{"redlock-operations-q", "Every node must fsync on each write, otherwise a restarted node lets a second client win a majority. Every time one of the servers steps down as master, Redlock can lose the lock, so watch failovers.", false},
		{"choose-ttl", "The trade-off is a short TTL expires under slow work while a long TTL blocks others after a crash. A bigger TTL just changes how long others wait, and a GC pause will fit inside it.", false},
		{"choose-ttl", "If it is too short the lock expires while the job still runs, if too long a crashed holder blocks the others for ages. A stuck worker is restarted by the supervisor and comes back after any timeout we configure, so I pick about 30 seconds.", false},
		{"unfenceable-resource", "Send an idempotency key derived from the job, so the provider charges once. Raising the lock-delay only shifts how long a pause has to be, so with 60 seconds we are safe.", false},
		{"unfenceable-resource", "Pass the payment provider an idempotency key built from the order id, so retries do not double charge. Tuning the GC just shifts how long pauses are, so a bigger lock-delay covers them.", false},
		{"unfenceable-resource", "Use an idempotency key from the order so the provider dedupes. The lock-delay only raises how long a stall has to be, which never happens in practice.", false},
		{"extend-lease", "Yes, extend with a Lua script that extends only if the key still holds my token. Extending only changes how long the job can run, and pauses are rare enough to ignore.", false},
		// correct answers the g23c narrowing failed, passing again
		{"skip-locked-queue", "Workers claim jobs with FOR UPDATE SKIP LOCKED so they never block on each other. The visible_at column is some kind of lease: the claim sets it to now plus five minutes, and a dead worker's job reappears once it passes.", true},
		{"skip-locked-queue", "SKIP LOCKED stops two workers taking the same row. Each claim also writes a visibility timeout, which is basically some sort of lease, so if the worker crashes the row is reclaimed after that time.", true},
		// correct answers g23c gained, still passing (our own wording)
		{"etcd-revision-guard", "Each write of the routes is a transaction that checks our lock key still exists with its create revision, and only then puts. etcd applies the compare and the put atomically, so a leader whose lease expired during a pause writes nothing.", true},
		{"choose-ttl", "It's a trade-off: too short and the lease lapses under a slow holder, too long and a crashed holder blocks everyone for that long. A bigger TTL only moves how long a pause has to be to cause two holders, so I fence at the resource.", true},
		{"unfenceable-resource", "Send an idempotency key derived from the job on every call, so the provider applies one charge. Waiting longer after a failure just raises how long the freeze must last; a long enough pause still gets a duplicate through.", true},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed != c.pass {
			t.Errorf("%s: %q passed=%v, want %v (flags %v)", c.question, c.text, r.Passed, c.pass, r.FlagIDs())
		}
	}
}
