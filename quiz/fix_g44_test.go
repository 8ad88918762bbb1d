package quiz_test

import (
	"slices"
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
