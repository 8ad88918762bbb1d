package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// creditCase is an answer, and a point it must or must not be credited
// with.
type creditCase struct {
	name, question, text, point string
	credited                    bool
	// flag, when set, must be raised (for a wrong answer) and quote.
	flag, flagQuote string
	// quote, when set, must be inside the point's evidence; with bare
	// set, only where the evidence quotes bare.
	quote, bare string
}

// The answers below are our own phrasings of the classes QA-8 Q8-9
// found, each beside a close correct one that must still be credited.
var creditCases = []creditCase{
	// A confidently wrong heartbeat: it claims the renewal goes on during
	// the pause, the opposite of the point.
	{name: "renewal claimed through a pause", question: "extend-lease", point: "pause-defeats",
		text: "Extending is fine as long as it is done atomically with a Lua script that checks my token. A GC pause is harmless here, because the heartbeat runs on a separate thread and keeps renewing the lease during the pause."},
	{name: "paused process cannot renew", question: "extend-lease", point: "pause-defeats", credited: true,
		text: "Renew through a Lua script that checks my token first. But a frozen process cannot renew anything, so its lease still runs out under it, and fencing is still needed."},
	// A blind PEXPIRE on a timer: the flag's absence test says the
	// answer never checks ownership, so it cannot make that point.
	{name: "timer PEXPIRE without a check", question: "extend-lease", point: "check-ownership", flag: "extend-without-owner",
		text: "Yes: a watchdog thread calls PEXPIRE on the key every ten seconds. If the worker crashes the watchdog dies with it and the key expires, so if you get the lock back later you start fresh."},
	{name: "checked extension", question: "extend-lease", point: "check-ownership", credited: true,
		text: "Yes, with a small Lua script that compares the key's value with my token and only then calls PEXPIRE; it returns 0 if the lock is no longer mine and I stop."},
	// A benefit claimed for a scheme that does not deliver it, in the
	// clause that draws it from the flagged claim.
	{name: "client-side check claims to stop a paused holder", question: "fencing-token", point: "paused-holder", flag: "client-side-fencing",
		text: "Each client gets a number when it locks. Right before it writes, the client reads the current number from the lock service and compares it with its own, so this keeps a paused client from writing stale data."},
	{name: "storage check stops a paused holder", question: "fencing-token", point: "paused-holder", credited: true,
		text: "The lock service hands out a number that only grows, and the client sends it with every write. The storage remembers the highest number it has seen and rejects anything lower, so a holder that was paused past its lease cannot write late."},
	// "does not lose", said of consensus, is no evidence that Redis can lose.
	{name: "consensus does not lose", question: "redis-vs-consensus", point: "redis-async",
		text: "I'd pick etcd for anything that must be correct: its writes are committed by a majority, so a leader failover does not lose a lock that was granted. Redis is fine when the lock only saves duplicate work."},
	{name: "Redis failover can lose", question: "redis-vs-consensus", point: "redis-async", credited: true,
		text: "Redis copies writes to replicas asynchronously, so a failover can lose a lock that was just granted and hand it out again. etcd commits through a majority before it answers."},
	// A claim the answer rejects is quoted with its rejection.
	{name: "rejected claim quoted with its rejection", question: "choose-ttl", point: "no-safe-value", credited: true, quote: "trap", bare: "safe",
		text: "Size it from the p99 of the job plus a margin. A common trap is to assume that a long enough TTL makes the lock safe. That is wrong, and I'd add fencing tokens checked by the storage."},
	{name: "no TTL is safe", question: "choose-ttl", point: "no-safe-value", credited: true, quote: "No",
		text: "No TTL value is safe, because a pause has no upper bound; the TTL only decides how long a crashed holder blocks the others, so I size it from the p99 and add fencing."},
	// A flag's quote keeps the negator that makes the claim.
	{name: "flag quote keeps don't", question: "extend-lease", point: "not-safety", flag: "fencing-unneeded", flagQuote: "don't",
		text: "Renew with a Lua script that checks my token before PEXPIRE, well before expiry. With renewal in place we don't need fencing tokens on the storage."},
}

func TestCreditAsserted(t *testing.T) {
	b := loadBank(t)

	for _, c := range creditCases {
		t.Run(c.name, func(t *testing.T) {
			q, ok := b.ByID(c.question)
			if !ok {
				t.Fatalf("no question %q", c.question)
			}
			r := b.Grade(q, quiz.Answer{Text: c.text})
			var pr *quiz.PointResult
			for i := range r.Points {
				if r.Points[i].ID == c.point {
					pr = &r.Points[i]
				}
			}
			if pr == nil {
				t.Fatalf("no point %q", c.point)
			}
			if pr.Hit != c.credited {
				t.Errorf("point %s credited %v, want %v (evidence %q; flags %v)", c.point, pr.Hit, c.credited, quotes(c.text, pr.Spans), r.FlagIDs())
			}
			ev := strings.Join(quotes(c.text, pr.Spans), " ")
			if c.quote != "" && (c.bare == "" || strings.Contains(ev, c.bare)) && !strings.Contains(ev, c.quote) {
				t.Errorf("evidence %q does not hold %q", quotes(c.text, pr.Spans), c.quote)
			}
			if c.flag == "" {
				return
			}
			found := false
			for _, f := range r.Flags {
				if f.ID != c.flag {
					continue
				}
				found = true
				if q := c.text[f.Span.Start:f.Span.End]; c.flagQuote != "" && !strings.Contains(q, c.flagQuote) {
					t.Errorf("flag %s quotes %q, want it to hold %q", c.flag, q, c.flagQuote)
				}
			}
			if !found {
				t.Errorf("flag %s not raised (flags %v)", c.flag, r.FlagIDs())
			}
		})
	}
}

func quotes(text string, spans []quiz.Span) []string {
	var out []string
	for _, s := range spans {
		out = append(out, text[s.Start:s.End])
	}
	return out
}

// TestCreditTicksTuning counts the ticks the crediting rules take back
// on the blind corpus's tuning writers (never a holdout's), and checks
// that they turn no answer a writer labelled pass into a fail. With -v it
// logs each tick taken back.
func TestCreditTicksTuning(t *testing.T) {
	b := loadBank(t)
	answers, err := loadBlind(tuningWriters)
	if err != nil {
		t.Fatal(err)
	}
	defer quiz.SetAssertedCredit(true)
	ticks, removed := 0, 0
	for _, a := range answers {
		q, _ := b.ByID(a.Question)
		quiz.SetAssertedCredit(false)
		before := b.Grade(q, quiz.Answer{Text: a.Text})
		quiz.SetAssertedCredit(true)
		after := b.Grade(q, quiz.Answer{Text: a.Text})
		for i, p := range before.Points {
			if !p.Hit {
				continue
			}
			ticks++
			if !after.Points[i].Hit {
				removed++
				if testing.Verbose() {
					t.Logf("%s %s %s (%s): %s on %q, flags %v", a.Writer, a.Question, a.Kind, a.Label, p.ID, quotes(a.Text, p.Spans), after.FlagIDs())
				}
			}
		}
		if a.Label == "pass" && before.Passed && !after.Passed {
			t.Errorf("%s %s %s: a passing answer fails once points need asserting (score %.2f → %.2f)", a.Writer, a.Question, a.Kind, before.Score, after.Score)
		}
	}
	t.Logf("tuning writers: %d ticks, %d taken back", ticks, removed)
}
