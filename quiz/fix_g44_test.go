package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// writtenAnswer returns the blind corpus's answer of writer w to question
// q of the given kind, as the writer wrote it.
func writtenAnswer(t *testing.T, w, q, kind string) string {
	t.Helper()
	as, err := loadBlind([]string{w})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range as {
		if a.Question == q && a.Kind == kind {
			return a.Text
		}
	}
	t.Fatalf("writer %s has no %s answer to %s", w, kind, q)
	return ""
}

// TestFixG44Misfires: the validation writers FI and FK (g43's fresh
// holdout, released for g44) had three passing answers flagged. Each now
// passes with no flag as written, beside a plain claim of the same mistake
// that still raises one.
func TestFixG44Misfires(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, claim string
	}{
		// "Lock with lease cannot promise only one writer, because holder
		// can stop for long time and lease expires while it still thinks
		// it owns": the pause, not a long lease that stops it
		{"FK", "avoid-the-lock", "refutes-quote", "ttl-as-safety", "A long lease stops two services from writing the same table at once."},
		// "Yes, holder can extend, but safe only with some rules. 1. ..."
		{"FK", "extend-lease", "strong-full", "ttl-as-safety", "Yes: keep renewing the lease every few seconds and it is safe, nobody else can take it while the job runs."},
		// a colleague's claim quoted in a code review, then refuted: the
		// second reader's reading leaned on the quoted sentence
		{"FI", "redis-lock-and-failure", "refutes-quote", "", "Acquire with `SET lock 1 NX EX 30` and release with `DEL lock`. We don't need a token value, because only the holder ever calls DEL."},
	} {
		q, _ := b.ByID(c.question)
		text := writtenAnswer(t, c.writer, c.question, c.kind)
		if r := b.Grade(q, quiz.Answer{Text: text}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", c.writer, c.question, c.kind, r.Passed, r.FlagIDs())
		}
		r := b.Grade(q, quiz.Answer{Text: c.claim})
		if c.flag != "" && !slices.Contains(r.FlagIDs(), c.flag) || len(r.Flags) == 0 {
			t.Errorf("%s: plain claim raised %v, want %q: %q", c.question, r.FlagIDs(), c.flag, c.claim)
		}
	}
}

// TestFixG44Claims: three losing claims of FJ and FK that raised no flag,
// each now flagged in the answer as written, beside the same words in a
// rejection that stays clean.
func TestFixG44Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, flag, rejection string
	}{
		// "after a GC pause the KeepAlive goroutine resumes and etcd
		// extends the lease again, even if its TTL had passed"
		{"FJ", "etcd-revision-guard", "ttl-as-safety", "Guard the Put with a Txn that compares the lock key's create revision. A KeepAlive cannot revive the lease even if its TTL has only just passed: etcd refuses it and the deposed leader must stop."},
		// "with Redis Sentinel, the failover is decided by a quorum of
		// sentinels, so it is also consensus-based and the lock survives"
		{"FK", "redis-vs-consensus", "replication-keeps-lock", "etcd and ZooKeeper commit every write to a quorum and give a revision or zxid to fence with. A Sentinel quorum only elects the new master; the lock key can still be lost, because replication stays async."},
		// "ZooKeeper deletes the ephemeral lock node only after the client
		// has been told LOST"
		{"FK", "session-suspended", "session-expiry-notified-first", "On SUSPENDED I stop the protected work at once and fence the writes anyway. Never assume ZooKeeper deletes the lock node only after the client has been told LOST: the servers expire the session on their own schedule."},
	} {
		q, _ := b.ByID(c.question)
		text := writtenAnswer(t, c.writer, c.question, "mixed-wrong")
		if r := b.Grade(q, quiz.Answer{Text: text}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s mixed-wrong: passed=%v flags %v, want failed by %s", c.writer, c.question, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestFixG44Points: six correct answers of FJ and FK failed for a core
// point they make in their own words; each now earns it and passes.
func TestFixG44Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, point string }{
		// "make one operation out of them: a transaction that compares ...
		// and performs the Put only if equal"
		{"FJ", "etcd-revision-guard", "refutes-quote", "atomic-in-store"},
		// "in a 'letters to send' table, in the very same commit"
		{"FJ", "outbox-pattern", "strong-unusual", "outbox-row"},
		// "that doesnt fix pauses", "ttl is never a guarantee"
		{"FK", "choose-ttl", "strong-casual", "no-safe-value"},
		// "Resource keeps `max_token` seen"
		{"FK", "fencing-token", "strong-full", "resource-rejects"},
		// "it doesnt remember the period already ran"
		{"FK", "run-job-once", "strong-casual", "lock-not-enough"},
		// "the shared thing can protect itself: atomic update, ..."
		{"FK", "avoid-the-lock", "strong-concise", "idempotent"},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s %s %s: passed=%v, %s hit=%v", c.writer, c.question, c.kind, r.Passed, c.point, pointHit(t, r, c.point))
		}
	}
}

// TestOneSentenceCostsOnce: a sentence that raises two red flags is one
// mistake and costs once (QA-43): the answer keeps what its points make
// less one flag's cost, a note says why, and dismissing one of the two
// leaves the other's cost standing; dismissing both clears it.
func TestOneSentenceCostsOnce(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("avoid-the-lock")
	text := "I avoid the lock when the resource gives me compare-and-set: a version column, a conditional put in DynamoDB, a unique constraint. Also when the operation is idempotent, or when I can partition work so one consumer owns each key, like Kafka partitions. If I really need a lock, I use Redlock over five Redis nodes; with majority quorum it is safe on its own, so no fencing is needed there."
	r := b.Grade(q, quiz.Answer{Text: text})
	if len(r.Flags) != 2 || r.Flags[0].Claim != r.Flags[1].Claim {
		t.Fatalf("flags %v (claims %v), want two flags naming the last sentence", r.FlagIDs(), r.Flags)
	}
	ps, _ := quiz.ScorePoints(r.Points)
	want := max(ps.Score-quiz.Penalty(r.Flags[0].Severity), 0)
	if diff := r.Score - want; diff > 0.001 || diff < -0.001 || r.Score == 0 {
		t.Errorf("score %.3f, want %.3f: the points' %.3f less one flag's cost", r.Score, want, ps.Score)
	}
	if r.Passed {
		t.Errorf("passed with a fatal claim standing")
	}
	noted := false
	for _, n := range r.Notes {
		noted = noted || strings.HasPrefix(n, "Counted once: two red flags name the same sentence, \"If I really need a lock")
	}
	if !noted {
		t.Errorf("no note says the sentence costs once: %q", r.Notes)
	}
	one, _, err := quiz.Contest(q, r, r.Flags[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if one.Score != r.Score {
		t.Errorf("one flag dismissed: score %.3f, want %.3f (the other still costs)", one.Score, r.Score)
	}
	both, _, err := quiz.Contest(q, one, r.Flags[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if d := both.Score - ps.Score; both.Score <= r.Score || d > 0.001 || d < -0.001 {
		t.Errorf("both dismissed: score %.3f, want the points' %.3f", both.Score, ps.Score)
	}
}

// TestFixG44FromQA: QA-44's findings on the grader. A debugging answer
// that reads "the acquire and release code for SETNX-then-EXPIRE or an
// unconditional DEL" names suspects and raises nothing (it drew two major
// flags); three dangerous claims that passed as strong answers are now
// flagged, each beside its rejection, which stays clean.
func TestFixG44FromQA(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("two-holders")
	th3 := "Most likely the first holder's lease expired during a GC pause or slow call, so I'd line up its pauses against the TTL, read the acquire and release code for SETNX-then-EXPIRE or an unconditional DEL, and check Redis for a failover or eviction, ordering events by the lock's token rather than wall clocks. The fix is a fencing token checked at the resource, not a longer TTL."
	if r := b.Grade(q, quiz.Answer{Text: th3}); !r.Passed || len(r.Flags) > 0 || !pointHit(t, r, "release-code") || !pointHit(t, r, "acquire-code") {
		t.Errorf("suspects read in the code: passed=%v flags %v, want a pass that credits reading both", r.Passed, r.FlagIDs())
	}
	if r := b.Grade(q, quiz.Answer{Text: "I read the acquire and release code: we do SETNX and then EXPIRE as two calls, and that is fine because the client never crashes between them."}); !slices.Contains(r.FlagIDs(), "two-commands") {
		t.Errorf("two commands vouched for: flags %v, want two-commands", r.FlagIDs())
	}
	for _, c := range []struct{ question, flag, claim, rejection string }{
		{"redis-vs-consensus", "redlock-correctness",
			"And since the lock lives in a consensus system, a client that pauses in a long GC can't end up with a second holder, because the lease can't be granted to anyone else while the session is in doubt.",
			"Consensus doesn't help with a client that pauses in a long GC: its session expires and it can still end up beside a second holder, so the resource checks a token."},
		{"unfenceable-resource", "timing-as-coordination",
			"Beyond that, a lock-delay before re-granting makes the problem go away completely: once the lock service waits a full TTL after expiry before granting again, no paused holder can overlap with the next one.",
			"A lock-delay before re-granting only narrows the window: a holder paused longer than the delay can still overlap with the next one."},
		// (QA-44 said it on holder-id-guard, whose flags do not include
		// check-then-act-safe: adding it there raised the flag on three
		// correct sentences pinned by fix_g25xf, so the claim is caught
		// where the flag is read)
		{"skip-locked-queue", "check-then-act-safe",
			"Apart from that the claim itself is also fine with a plain SELECT to check status = 'queued' and then an UPDATE, since the database serialises the two statements anyway.",
			"A plain SELECT to check status = 'queued' and then an UPDATE is a race: the database serialises each statement, not the pair, so two workers can both see the job queued."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: claim raised %v, want %s", c.question, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestFixG44TicksFromQA: QA-44's ticks. choose-ttl's core point that no
// TTL is safe was ticked from "the TTL trades liveness against safety"
// (which leaves it buying some safety) and from "measure the longest
// pause ... you have ever observed, ... and you do not need anything
// else"; neither ticks it now, while saying the TTL is about liveness,
// not safety, still does. run-job-once's concise answer that calls
// exactly-once impossible makes the point that a lock cannot give it.
func TestFixG44TicksFromQA(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	for _, c := range []struct {
		text string
		want bool
	}{
		{"The TTL trades liveness against safety: too short and a slow holder loses it, too long and a crash blocks everyone.", false},
		{"Measure the longest GC pause and the longest job run you have ever observed, add a factor of two, and use that: once the TTL is above the worst pause you have measured, the lock is safe, and you do not need anything else at the resource.", false},
		{"The TTL is about liveness, not safety: it only decides how long a crashed holder blocks the others.", true},
	} {
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), "no-safe-value"); got != c.want {
			t.Errorf("no-safe-value = %v, want %v: %q", got, c.want, c.text)
		}
	}
	q, _ = b.ByID("run-job-once")
	rj3 := "You don't need a lock: claim the period atomically in the database with a unique constraint on (job, period), so exactly one instance's insert wins and runs it. Since a run can still crash halfway and be retried, exactly-once isn't possible, so make the job body idempotent."
	if r := b.Grade(q, quiz.Answer{Text: rj3}); !r.Passed || !pointHit(t, r, "lock-not-enough") {
		t.Errorf("run-job-once: passed=%v, lock-not-enough %v", r.Passed, pointHit(t, r, "lock-not-enough"))
	}
}
