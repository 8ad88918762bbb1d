package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Grader g17, points: core points that correct answers of AV and AW (and
// of the tuning writers AF and AL) made in words the patterns did not
// know. The sentences are our own, each family with near-misses that must
// not earn the point.

// TestTTLNotASafetySetting: the TTL called a recovery setting and denied
// as a safety one, in the casual words for a control ("knob", "dial",
// "setting"); calling it the safety setting is the mistake, not the point.
func TestTTLNotASafetySetting(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "Think of the TTL as a setting for how long the others wait after a crash, not as a safety setting.", true},
		{"choose-ttl", "no-safe-value", "The lease length is a recovery dial; it was never a safety feature.", true},
		{"choose-ttl", "no-safe-value", "The TTL is our main safety feature, so make it generous.", false},
	})
}

// TestNothingOutlastsThePause: no setting at all said to survive the
// pause ("nothing survives a long freeze", "no lease length handles a
// frozen VM"); something that does fix the pause, or a universal word
// about something else, is not it.
func TestNothingOutlastsThePause(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "No lease length handles a VM that is frozen for a minute.", true},
		{"choose-ttl", "no-safe-value", "Nothing you pick survives a long enough GC pause.", true},
		{"choose-ttl", "no-safe-value", "A heartbeat fixes the problem of a long GC pause.", false},
		{"choose-ttl", "no-safe-value", "Nothing else matters as much as the GC pause length.", false},
	})
}

// TestNeverExpiresIsAMyth: the belief that a long lease cannot run out
// under a running job, rejected ("that is not true", "a myth"); the same
// belief endorsed is the mistake.
func TestNeverExpiresIsAMyth(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "People assume a generous lease can never expire under a running job, and that is simply not true.", true},
		{"choose-ttl", "no-safe-value", "The idea that a long lease never runs out mid-job is a myth.", true},
		{"choose-ttl", "no-safe-value", "It is true that a renewed lease can't expire under you.", false},
	})
}

// TestTakeoverTimedAfterACrash: the cost of a long TTL told as how soon
// another worker takes over after a crash; a takeover with no time, or
// "takes over ten minutes" meaning "takes more than", is not it.
func TestTakeoverTimedAfterACrash(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "tradeoff", "If the holder crashes, a standby takes over after a few seconds instead of after ten minutes.", true},
		{"choose-ttl", "tradeoff", "When the process dies, the next one takes over in under a minute.", true},
		{"choose-ttl", "tradeoff", "A crashed job is taken over by the next run.", false},
		{"choose-ttl", "tradeoff", "The job takes over ten minutes when it crashes.", false},
	})
}

// TestShortButAboveTheStalls: both bounds of the trade-off in one breath,
// short yet longer than the ordinary pauses; only the lower bound, or
// "in short", is not it.
func TestShortButAboveTheStalls(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "tradeoff", "Keep it fairly short, but longer than the hiccups you see on those hosts.", true},
		{"choose-ttl", "tradeoff", "Set it longer than the GC pauses you see.", false},
		{"choose-ttl", "tradeoff", "In short, set it above the longest GC pause.", false},
	})
}

// TestWaitIsNoBarrierNorQuorum: WAIT as a report rather than a barrier,
// and the quorum property it lacks (no overlapping majorities, nothing
// agreed by a majority); WAIT called a barrier, or disagreement with a
// colleague, is not it.
func TestWaitIsNoBarrierNorQuorum(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-wait-safe", "not-consensus", "WAIT only reads back a tally; it is a report, not a barrier in front of the lock.", true},
		{"redis-wait-safe", "not-consensus", "Nothing in Redis replication gives you overlapping quorums, which is what makes a Raft commit survive an election.", true},
		{"redis-wait-safe", "not-consensus", "The replica has the key in RAM, but the write was never agreed on by a majority.", true},
		{"redis-wait-safe", "not-consensus", "WAIT acts as a barrier: no client sees the lock until a replica has it.", false},
		{"redis-wait-safe", "not-consensus", "I don't agree with my colleague here.", false},
	})
}

// TestReplicaElevated: "elevate" for the promotion, hedged as not
// necessarily the replica that has the key; the same replica said to be
// elevated always, or latency "elevated" on a replica, is not it.
func TestReplicaElevated(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-wait-safe", "promoted-replica", "The copy that holds the key is not necessarily the one that gets elevated to primary.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel may elevate a replica other than the one that acknowledged.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel always elevates the replica that holds the key.", false},
		{"redis-wait-safe", "promoted-replica", "Latency was elevated on a different replica.", false},
	})
}

// TestKeyInPlaceWhateverWaitSays: the key is set before WAIT answers and
// stays whatever it returns; "already set" with no word of WAIT's answer
// is not it.
func TestKeyInPlaceWhateverWaitSays(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-wait-safe", "no-rollback", "By the time WAIT answers, the key is already set on the primary, whatever the count.", true},
		{"redis-wait-safe", "no-rollback", "The lock is already in place no matter what WAIT returns.", true},
		{"redis-wait-safe", "no-rollback", "The lock is already set before anyone asks.", false},
	})
}

// TestHeldUntilIsADeadline: a claim's "held until" / "reserved until"
// time is the visibility deadline (the deadline synonyms), and a job
// past it goes to another worker; "busy until the job finishes" or a row
// claimed until commit is no such deadline.
func TestHeldUntilIsADeadline(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"skip-locked-queue", "visibility-timeout", "Each claimed job carries a held-until timestamp, and a janitor hands jobs whose held-until time has passed to another worker.", true},
		{"skip-locked-queue", "visibility-timeout", "Once a row's reserved until time is in the past, the next poll picks it up again.", true},
		{"skip-locked-queue", "visibility-timeout", "When the leased-until stamp has gone by, the row is available again.", true},
		{"skip-locked-queue", "visibility-timeout", "The worker is busy until the job finishes, then it picks up the next one.", false},
		{"skip-locked-queue", "visibility-timeout", "A row stays claimed until the worker commits.", false},
	})
}

// TestUpsertOnTheNaturalKey: an upsert or MERGE keyed on the business key
// lets the data settle two writers; merging branches is not it.
func TestUpsertOnTheNaturalKey(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "constraint", "Have the warehouse upsert on the natural key, so a second load just updates the same row.", true},
		{"avoid-the-lock", "constraint", "A MERGE keyed on the order id lets two loaders collide harmlessly.", true},
		{"avoid-the-lock", "constraint", "We merge the two branches before the release.", false},
	})
}

// TestTwoRunsSameOutput: idempotence told as two runs that end with the
// same output; runs that differ are the opposite.
func TestTwoRunsSameOutput(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "Two runs of the backfill produce the same output, so overlap is harmless.", true},
		{"avoid-the-lock", "idempotent", "If it reruns, the table ends with the same data.", true},
		{"avoid-the-lock", "idempotent", "Two runs produce different output, so we need the lock.", false},
	})
}

// TestLockOnlyToSpareWorkTwice: a lock kept only to spare doing the work
// twice is the efficiency case; avoiding the lock for a pure computation
// is not.
func TestLockOnlyToSpareWorkTwice(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "efficiency-only", "The only reason I'd take a lock there is to avoid doing the processing twice.", true},
		{"avoid-the-lock", "efficiency-only", "I'd lock to spare the cluster from running the work twice.", true},
		{"avoid-the-lock", "efficiency-only", "I'd avoid the lock for pure computations.", false},
	})
}

// TestLockAloneIsNotCorrect: the lock denied correctness by itself, or
// its lease said to run out under a paused holder even so; correctness
// denied for want of a lock, or the lock said to keep things correct, is
// the opposite.
func TestLockAloneIsNotCorrect(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "lock-cost", "A lease by itself never makes the write correct.", true},
		{"avoid-the-lock", "lock-cost", "Holding the lock doesn't make the update safe on its own.", true},
		{"avoid-the-lock", "lock-cost", "Even with a lock, the lease can expire while the holder is frozen in a GC pause.", true},
		{"avoid-the-lock", "lock-cost", "A worker can freeze past its lease and then write anyway.", true},
		{"avoid-the-lock", "lock-cost", "Without a lock the update isn't correct on its own.", false},
		{"avoid-the-lock", "lock-cost", "The lock keeps things correct, even if a process stalls.", false},
	})
}

// TestG17AnswersInOtherWords: whole answers of our own that make the
// core points only in the wordings above pass; weak answers to the same
// questions still fail.
func TestG17AnswersInOtherWords(t *testing.T) {
	b := loadBank(t)
	cases := []struct {
		name, question, text string
		pass                 bool
	}{
		{"ttl as a dial", "choose-ttl", "I treat the TTL as a dial for how long everyone waits when a holder vanishes, not as a safety setting. I keep it fairly short, but longer than the hiccups we see on those hosts, and renew it from a heartbeat that checks the lock is still ours. Nothing I pick there survives a long enough GC pause, so the database checks a fencing token on every write.", true},
		{"ttl myth", "choose-ttl", "A common belief is that a generous lease can never expire under a running job; that is simply not true, a frozen VM keeps the job still while the lease clock runs on. So I size it for recovery: if the holder dies, a standby takes over within seconds rather than after an hour. The job renews the lease every few seconds and stops when a renewal fails, and writes carry a fencing token that the store checks.", true},
		{"ttl terse", "choose-ttl", "Short, around twenty seconds, with a renewal every seven. When the process crashes, the next worker takes over in under a minute. No lease length handles a VM that is frozen for longer than that, so the writes are fenced at the database as well.", true},
		{"ttl weak", "choose-ttl", "I set it to ten times the job's average runtime so it never expires while the job is running, and renew it every minute to be safe.", false},
		{"ttl partial", "choose-ttl", "Keep it short so recovery is quick, and make sure the job is done before it expires.", false},
		{"wait as a reading", "redis-wait-safe", "It lowers the odds but does not close the hole. WAIT only reports how far replication got; it is a status reading, not a barrier in front of the lock, and the key is already set on the primary whatever the count says. The copy that holds the key is not necessarily the one that gets elevated when Sentinel fails over, and nothing in Redis gives you overlapping quorums the way Raft does. For a lock that protects money I would use etcd and have the database reject writes with an old token.", true},
		{"wait no majority", "redis-wait-safe", "No. A replica acknowledging means it has the key in memory, not that a majority agreed on it, so this is not consensus. Sentinel may elevate a replica other than the one that acknowledged, and then the lock is simply gone while the old holder keeps working. The storage still has to check a fencing token.", true},
		{"queue held until", "skip-locked-queue", "Workers claim with SELECT ... FOR UPDATE SKIP LOCKED in a short transaction that marks the row running and stamps a held-until time about a minute ahead, which the worker keeps pushing forward while it is alive. A janitor hands any job whose held-until time has passed to another worker. Every claim bumps an attempt counter, and the final update only succeeds if the attempt is still ours, because a slow worker can come back after its job was handed on; handlers are idempotent in any case.", true},
		{"queue row lock only", "skip-locked-queue", "Use SKIP LOCKED so workers step past rows someone else holds. A row stays claimed until the worker commits, so a dead worker's row lock goes away with its connection.", false},
		{"avoid upsert", "avoid-the-lock", "Most of our loads need no lock at all. The warehouse upserts on the natural key, so two runs of the backfill produce the same output and overlapping is harmless. Where one writer per key is possible we route each customer to one consumer. A lease by itself never makes the write correct, because the holder can stall past it, so I only take a lock to spare the cluster from doing the processing twice.", true},
		{"avoid merge", "avoid-the-lock", "When the table can decide for itself: a MERGE keyed on the order id lets two loaders collide harmlessly, and if a job reruns the table ends with the same data. Even with a lock, the lease can expire while the holder is frozen in a GC pause, so the lock would not have made it correct anyway.", true},
		{"avoid weak", "avoid-the-lock", "I'd avoid the lock for pure computations and read-only endpoints; anything that writes shared data should take a Redis lock.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, ok := b.ByID(c.question)
			if !ok {
				t.Fatalf("no question %s", c.question)
			}
			r := b.Grade(q, quiz.Answer{Text: c.text})
			if r.Passed != c.pass {
				t.Errorf("passed=%v (score %.2f), want %v", r.Passed, r.Score, c.pass)
			}
		})
	}
}
