package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFixG27vPointGuards: g27v widened five points (choose-ttl
// no-safe-value, the @storage synonym, outbox-row, consensus-log,
// pause-expiry); review rev27v found each crediting wrong or empty
// sentences and the widenings were reverted. The sentences that share the
// words without making the point stay here as guards for the next try,
// with the reviewer's.
func TestFixG27vPointGuards(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"choose-ttl", "no-safe-value", "I believe a well-picked number stops a frozen worker from waking up after the hold is over.", false},
		{"choose-ttl", "no-safe-value", "I don't believe in magic; a large TTL keeps a stalled worker from causing trouble.", false},
		{"choose-ttl", "no-safe-value", "I'm not convinced we need a lock at all.", false},
		{"choose-ttl", "no-safe-value", "never believe, number, stop, frozen, ttl, pause", false},
		{"extend-lease", "not-safety", "The place where you write accepts every generation, so renewing is all you need.", false},
		{"extend-lease", "not-safety", "The place where you write should never refuse an older number, that would lose data.", false},
		{"extend-lease", "not-safety", "Heartbeats make the place where you write safe from stale holders.", false},
		{"outbox-pattern", "outbox-row", "In the same commit we also write a line to Kafka.", false},
		{"outbox-pattern", "outbox-row", "In one transaction we also delete the old record from the table.", false},
		{"outbox-pattern", "outbox-row", "A single transaction also writes a log line to stdout, which is not durable.", false},
		{"outbox-pattern", "outbox-row", "I read each line of the table in one transaction.", false},
		{"outbox-pattern", "outbox-row", "same commit, line, table, mailbox", false},
		{"design-lock-service-q", "consensus-log", "The client hears the answer before anyone agrees.", false},
		{"design-lock-service-q", "consensus-log", "The team agrees on every decision in a design review.", false},
		{"design-lock-service-q", "consensus-log", "Nobody agrees on anything before anyone hears the answer; the primary just replies.", false},
		{"redis-lock-and-failure", "pause-expiry", "A GC pause never lets the TTL pass while I still think I hold it, because the watchdog renews.", false},
		{"redis-lock-and-failure", "pause-expiry", "The next holder uses SET NX PX like everyone else.", false},
		{"redis-lock-and-failure", "pause-expiry", "I still believe the TTL is long enough.", false},
		{"redis-lock-and-failure", "pause-expiry", "gc, ttl passes, still think, next owner", false},
		{"choose-ttl", "no-safe-value", "I don't believe that matters: a long TTL stops a frozen worker.", false},
		{"design-lock-service-q", "consensus-log", "I'd agree it's fine to answer the client before anyone hears from the replicas.", false},
		{"design-lock-service-q", "consensus-log", "We vote on the API design before anybody hears about it.", false},
		{"redis-lock-and-failure", "pause-expiry", "If SET NX fails, the next client sleeps 50 ms and retries.", false},
		{"outbox-pattern", "outbox-row", "Putting it in the same commit is overkill; we also write a record to the db a bit later.", false},
	})
}

// TestFixG27vNotes: g27v reads a short verbless line that has the glue of
// prose ("not for external side effects") as one more item of jotted
// notes, so a list with two such lines no longer passes; a short answer
// said in sentences is not read as notes.
func TestFixG27vNotes(t *testing.T) {
	b := loadBank(t)
	lists := []struct{ q, text string }{
		{"row-lock", "transaction-scoped\nnot for external side effects\nlock + data in same DB\nshort critical sections\nadvisory locks"},
		{"extend-lease", "- owner check in the extension\n- atomic\n- renew at a third of TTL\n- stop on failure\n- still need fencing"},
		{"row-lock", "select for update\nrollback on disconnect\nnot for side effects\nconditional update\nshort transactions"},
		{"two-holders", "GC pause\nTTL expiry\nplain DEL\nSETNX + EXPIRE\nfailover\nfencing"},
	}
	for _, c := range lists {
		q, ok := b.ByID(c.q)
		if !ok {
			t.Fatalf("no question %s", c.q)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.text}); r.Passed || !r.List {
			t.Errorf("%s: %q passed=%v list=%v, want a failing list", c.q, c.text, r.Passed, r.List)
		}
	}
	spoken := []struct{ q, text string }{
		{"row-lock", "It works for data in the same database. The lock ends with the transaction."},
		{"extend-lease", "Renew well before expiry, and stop the work if the renewal fails. Fencing is still required."},
		{"fencing-token", "Each acquisition gets a monotonically increasing token. Every write carries it, and the database refuses writes with an older token."},
		{"two-holders", "Most likely the first worker paused past its TTL. Build the timeline from the lock store, not the hosts' clocks, and add fencing."},
		{"choose-ttl", "I measure the p99.9 of the critical section and add a margin. No TTL is safe, because pauses have no upper bound; fencing at the resource gives safety."},
	}
	for _, c := range spoken {
		q, ok := b.ByID(c.q)
		if !ok {
			t.Fatalf("no question %s", c.q)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.text}); r.List {
			t.Errorf("%s: %q read as a list", c.q, c.text)
		}
	}
}

// TestFixG27vHedgedFencing: g27v stops crediting the common pattern for
// fencing only named with a hedge ("something like fencing"), which says
// nothing of the number, its carrier or its check; fencing said plainly,
// or the mechanism described, still earns it.
func TestFixG27vHedgedFencing(t *testing.T) {
	b := loadBank(t)
	const q, p = "fencing-in-real-systems", "common-pattern"
	checkPoints(t, b, []pointCase{
		{q, p, "I guess they all do something like fencing to keep old nodes quiet.", false},
		{q, p, "All of these systems have some kind of fencing against old leaders.", false},
		{q, p, "Every one of them uses some sort of fencing, I believe.", false},

		{q, p, "They all use fencing: every new leader gets a bigger number and the receivers refuse anything carrying a smaller one.", true},
		{q, p, "What they share is fencing by an epoch that grows with each new owner.", true},
		{q, p, "In every case the receiving side rejects requests stamped with an older epoch.", true},
	})
}
