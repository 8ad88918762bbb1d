package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG48Misfires: seven correct answers of FU, FV and FW (g47's fresh
// holdout, read as validation writers for g48) failed on a red flag for a
// mistake they do not make. Each now passes with no flag as written,
// beside the plain claim in nearby words, which still raises it.
func TestFixG48Misfires(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, flag, claim string }{
		// "the usual 'fix' people try — ... adding a `SELECT owner FROM
		// jobs` check before each write — makes it no better"
		{"FV", "holder-id-guard", "rejects-antipattern", "client-side-fencing", "Add a SELECT owner check before each write; that makes the guard safe."},
		// "Must not: - Restart a crashed node immediately from a stale
		// RDB.": the items under a denied duty are forbidden
		{"FV", "redlock-operations-q", "strong-full", "redlock-replicas-or-no-persistence", "When a node crashes, restart it immediately so the majority is back; the locks are fine."},
		// "the distributed lock is not even needed; database detects
		// deadlocks and aborts one side if ordering is ever violated"
		{"FW", "deadlock-ordering", "strong-full", "lock-order-by-role", "Lock the source and then the destination; a global lock order is not needed."},
		// "Worse, 'breaking' the deadlock by expiry means a lock you
		// thought you held is gone"
		{"FW", "deadlock-ordering", "refutes-quote", "ttl-as-safety", "The lease TTL breaks any deadlock, so order doesn't matter."},
		// "A crash with RDB only loses all locks taken since the last
		// snapshot": persistence losing locks, a harm
		{"FW", "redis-early-expiry", "refutes-quote", "ttl-as-safety", "A crash only loses the lock, and the TTL frees it; nothing else can happen."},
		// "lock and data commit atomically, so no fencing needed"
		{"FW", "row-lock", "rejects-antipattern", "fencing-unneeded", "The lock is held by the process, so no fencing needed."},
		// "another client has the lock while you keep working"
		{"FW", "session-suspended", "rejects-antipattern", "work-through-suspended", "Keep working through SUSPENDED and only stop on LOST."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", c.writer, c.question, c.kind, r.Passed, r.FlagIDs())
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the plain claim %q raised %v, want %s", c.question, c.claim, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG48Claims: three losing claims of FU and FV raised no flag (two
// of them passed); each now fails on the flag that names it, beside a
// rejection in the same words that stays clean.
func TestFixG48Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, rejection string
	}{
		// "in industry nobody really uses fencing tokens"
		{"FU", "fencing-in-real-systems", "confidently-wrong", "fencing-unneeded", "People say nobody really uses fencing tokens in industry; that's a myth: Kafka and HDFS reject a lower epoch every day."},
		// "we expire keys after 30 seconds — retries later than that are
		// rare enough to treat as new payments"
		{"FU", "idempotency-keys", "mixed-wrong", "volatile-idempotency-keys", "Never expire keys after 30 seconds and treat later retries as new payments: a client may retry for a day, so keep them that long."},
		// "if a deadlock did slip through, it's harmless anyway b/c the
		// lease TTL expires"
		{"FV", "deadlock-ordering", "mixed-wrong", "ttl-as-safety", "A deadlock is not harmless just because the lease TTL expires: the side that loses its lease may be mid-transfer."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want failed by %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestFixG48Points: seven correct answers of FU, FV and FW failed for a
// core point they make in their own words; each now earns it and passes.
func TestFixG48Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, point string }{
		// "a sweeper regularly looks for rows 'in hand' whose time has
		// lapsed and throws them back on the pile"
		{"FU", "skip-locked-queue", "strong-unusual", "visibility-timeout"},
		// "if the session died during the gc pause the key is gone and the
		// txn just doesn't apply"
		{"FV", "etcd-revision-guard", "strong-casual", "atomic-in-store"},
		{"FW", "etcd-revision-guard", "strong-casual", "atomic-in-store"},
		// "a transactional producer that comes back from the dead finds its
		// generation number bumped and gets kicked out"
		{"FV", "fencing-in-real-systems", "strong-unusual", "zombie-leader"},
		{"FV", "fencing-in-real-systems", "strong-unusual", "kafka-epoch"},
		// "a ticket number that moves forward on every hand-out"
		{"FW", "holder-id-guard", "strong-unusual", "epoch-column"},
		// "it can't undo a commit when Kafka fails"
		{"FW", "outbox-pattern", "strong-unusual", "dual-write"},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s %s %s: passed=%v, %s hit=%v, missed %v", c.writer, c.question, c.kind, r.Passed, c.point, pointHit(t, r, c.point), r.Missed())
		}
	}
}

// TestFixG48NoSafeValueNotKept: "I'd keep it short enough ... after the
// holder crashes" passed on the no-safe-value point, read from a pattern
// for a holder that "kept" writing after its lease (the lemmatizer reads
// "keep" as "kept"); the partial answer fails now, and the late write the
// pattern is for is still read.
func TestFixG48NoSafeValueNotKept(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "FU", "choose-ttl", "partial")}); r.Passed || pointHit(t, r, "no-safe-value") {
		t.Errorf("FU's partial TTL answer: passed=%v, no-safe-value hit=%v; want a fail without it", r.Passed, pointHit(t, r, "no-safe-value"))
	}
	q, _ = b.ByID("redis-lock-and-failure")
	if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "BA", "redis-lock-and-failure", "refutes-quote")}); !r.Passed || !pointHit(t, r, "pause-expiry") {
		t.Errorf("BA's 'a client can keep holding after its TTL because it paused': passed=%v, pause-expiry hit=%v", r.Passed, pointHit(t, r, "pause-expiry"))
	}
}

// TestFixG48DeniedDutyHeader: the items under "Must not:" are practices
// the candidate forbids; the same item under "Must:" is the candidate's
// own rule, and still raises the flag.
func TestFixG48DeniedDutyHeader(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redlock-operations-q")
	item := "\n- Restart a crashed node immediately from its last snapshot.\n"
	for _, c := range []struct {
		header string
		flag   bool
	}{{"Must not:", false}, {"Should never:", false}, {"Do not:", false}, {"Must:", true}} {
		r := b.Grade(q, quiz.Answer{Text: c.header + item})
		if got := slices.Contains(r.FlagIDs(), "redlock-replicas-or-no-persistence"); got != c.flag {
			t.Errorf("%q: flag raised = %v, want %v (flags %v)", c.header+item, got, c.flag, r.FlagIDs())
		}
	}
}

// TestFixG48OwnTeamRule: "the rule in my team is simple: X" gives the
// candidate's own rule, which raises its flag as "our team's rule" did;
// "my manager's take: X" still reports someone else's view.
func TestFixG48OwnTeamRule(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	claim := " a longer TTL makes the lock safe, so we set it to an hour."
	for _, c := range []struct {
		head string
		flag bool
	}{{"The rule in my team is simple:", true}, {"The rule in our team is simple:", true}, {"My manager's take:", false}} {
		r := b.Grade(q, quiz.Answer{Text: c.head + claim})
		if got := slices.Contains(r.FlagIDs(), "ttl-as-safety"); got != c.flag {
			t.Errorf("%q: ttl-as-safety raised = %v, want %v", c.head+claim, got, c.flag)
		}
	}
}
