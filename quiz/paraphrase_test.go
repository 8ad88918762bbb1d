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
