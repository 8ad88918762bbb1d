package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestQA45Misfires: correct sentences a new user (QA-45) wrote that drew
// a red flag, each now clean in a correct answer, beside a plain claim of
// the same mistake that still raises the flag.
func TestQA45Misfires(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, flag, answer, claim string
	}{
		// the efficiency lock's caveat, which the guide teaches
		{"two-holders", "ttl-as-safety",
			"I'd line up a timeline from the lock store and both workers' logs: a 40 s GC pause against a 30 s TTL, then the stale holder's plain DEL. The real fix is a fencing token checked by the database on each write; raising the TTL only makes this rarer. That said, if the protected operation is only an efficiency optimisation, a longer TTL and the atomic release may be enough.",
			"Raise the TTL to ten minutes; a longer TTL is fine and fixes it."},
		// a debugging step that lists in parentheses what to read the
		// acquire for
		{"two-holders", "two-commands",
			"First a timeline of both workers from the lock server's log and their own, with GC logs beside it: a pause longer than the TTL is the usual cause. Next I'd read the acquire (one SET NX PX or SETNX then EXPIRE, and is the value unique per worker) and the release (a plain DEL deletes the next holder's lock). Whatever the cause, the fix is a fencing token the database checks.",
			"We acquire with SETNX then EXPIRE, which is fine."},
		// two branches: carry on after RECONNECTED, start over after LOST
		{"session-suspended", "work-after-lost-lease",
			"SUSPENDED means the connection to the ensemble dropped; the session may or may not still be alive on the servers, and the client can't tell. So I stop the protected work at once. If I get RECONNECTED in the same session, the ephemeral lock node survived and I carry on; if I get LOST, the session expired, the lock is gone, and I re-acquire from scratch. Reacting to the listener alone isn't enough, because the notification is local and late, and a callback can't stop a thread that is paused in GC or already mid-write. So the resource still checks a fencing token, such as the lock node's czxid.",
			"When the lease expired I re-acquire it and carry on with the writes."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the correct answer raised %s: %q", c.question, c.flag, c.answer)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the plain claim raised %v, want %s: %q", c.question, r.FlagIDs(), c.flag, c.claim)
		}
	}
}

// TestQA45Claims: confident wrong claims in good prose that QA-45 saw pass
// as strong answers now fail with their flag, and a rejection in the same
// words stays clean.
func TestQA45Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, flag, answer, rejection string
	}{
		{"fencing-token", "volatile-token-counter",
			"Each lock grant carries a token that only goes up, the client sends it with every write, and the storage rejects any token lower than the highest it has seen, so a paused old holder's write bounces. The simplest source for the counter is INCR on the same Redis primary that holds the lock; with a replica behind it the counter survives a failover, so it never goes backwards.",
			"Not INCR on one Redis node: even with a replica behind it, the counter can go backwards after a failover, since replication is async."},
		{"choose-ttl", "ttl-as-safety",
			"Too short and a slow run outlives it; too long and a crashed holder blocks everyone for that long. If the TTL is set above the worst pause you have ever measured, the lock is safe and you don't need anything else.",
			"Even a TTL above the worst pause you have measured is not safe: pauses are unbounded."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: passed=%v flags %v, want failed by %s", c.question, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestQA45SortsItselfOut: "it sorts itself out, because both locks have a
// TTL" is no global lock order: the core point is not ticked from it, and
// the answer that leans on expiry to end a deadlock fails (QA-45: it
// passed at 70 %, the point highlighted on "sorts ... locks").
func TestQA45SortsItselfOut(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("deadlock-ordering")
	r := b.Grade(q, quiz.Answer{Text: "The main risk is that the second lock isn't available, so I'd retry acquiring it with a backoff until I get both. If two transfers get stuck waiting on each other, it sorts itself out, because both locks have a TTL, so one of them expires and the other transfer proceeds."})
	if r.Passed || pointHit(t, r, "global-order") {
		t.Errorf("passed=%v, global-order hit=%v; want a fail without the ordering point", r.Passed, pointHit(t, r, "global-order"))
	}
	r = b.Grade(q, quiz.Answer{Text: "Two transfers in opposite directions can deadlock. Always lock the two accounts in sorted account-id order, whichever way the money moves, so no cycle can form."})
	if !pointHit(t, r, "global-order") {
		t.Errorf("the sorted order is not credited")
	}
}

// TestSQLLineIsNoNoteItemG45: notes that claim the run with an SQL
// statement and explain each step in clauses are no list of terms (QA-45
// H5: 0 %, while the same notes without the SQL line scored 70 %); a
// keyword list with one statement among bare terms is still a list.
func TestSQLLineIsNoNoteItemG45(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("run-job-once")
	notes := "no lock needed:\nINSERT INTO job_runs(job, period) VALUES ('report','2026-12-06') -- unique(job, period)\n-> 1 instance wins, rest get conflict -> skip\njob writes idempotent (upsert keyed by period) so a retry / overlap is harmless\nlock alone: holder pauses mid-job -> lease expires -> 2nd instance runs it too"
	if r := b.Grade(q, quiz.Answer{Text: notes}); r.List || !r.Passed {
		t.Errorf("the notes: list=%v passed=%v score %.2f, want a pass read as sentences", r.List, r.Passed, r.Score)
	}
	qs, _ := b.ByID("skip-locked-queue")
	salad := "SELECT id FROM jobs WHERE status = 'queued' FOR UPDATE SKIP LOCKED LIMIT 1\nlease column\nheartbeat\nreaper\nattempt guard\nidempotent handlers"
	if r := b.Grade(qs, quiz.Answer{Text: salad}); !r.List || r.Passed {
		t.Errorf("a statement among bare terms: list=%v passed=%v, want a list that fails", r.List, r.Passed)
	}
}
