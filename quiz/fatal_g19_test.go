package quiz_test

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// fatalG19 runs TestFatalReadingG19.
var fatalG19 = flag.Bool("fatal.g19", false, "count fatal flags on passing and on should-flag answers by the second reader's reading of the answer")

// TestFatalReadingG19 counts, per split, the fatal pattern flags raised on
// answers labelled pass and on answers labelled should-flag, by the
// answer's losing-claim reading (tuning writers read out of fold; the
// others by the shipped reader): how many a rule "fatal only when the
// reading is at least c" would keep fatal.
func TestFatalReadingG19(t *testing.T) {
	if !*fatalG19 {
		t.Skip("run with -fatal.g19")
	}
	b := loadBank(t)
	readers, tun := foldReaders(t)
	load := func(ws []string) []blindAnswer { return mustLoadBlind(t, ws) }
	type split struct {
		name string
		as   []blindAnswer
		fold bool
	}
	cs := []float64{0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5}
	var out strings.Builder
	for _, s := range []split{{"tuning out of fold", tun, true}, {"BE+BF", load([]string{"BE", "BF"}), false}, {"BG (totals)", load([]string{"BG"}), false}, {"BN+BO (totals)", load([]string{"BN", "BO"}), false}, {"Q+R (totals)", load(earlierWriters), false}} {
		pass := make([]int, len(cs))
		should := make([]int, len(cs))
		np, ns := 0, 0
		for _, a := range s.as {
			var fr *quiz.RaiseReaderG18
			if s.fold {
				fr = readers[raiseFoldOf(a.Writer)]
			}
			q, _ := b.ByID(a.Question)
			r := b.WithVetoG18(fr, quiz.VetoRuleG18{}).Grade(q, quiz.Answer{Text: a.Text})
			var fatal *quiz.FlagResult
			for i, f := range r.Flags {
				if f.Severity == quiz.SeverityFatal && f.ID != quiz.ReaderFlagID && !f.Dismissed {
					fatal = &r.Flags[i]
					break
				}
			}
			if fatal == nil {
				continue
			}
			rd, ok := quiz.SpanReadingG18(fr, a.Question, a.Text, fatal.Span)
			if !ok {
				continue
			}
			for i, c := range cs {
				if rd.Clean >= c {
					if a.Label == "pass" {
						pass[i]++
					} else if a.ShouldFlag {
						should[i]++
					}
				}
			}
			if a.Label == "pass" {
				np++
			} else if a.ShouldFlag {
				ns++
			}
		}
		fmt.Fprintf(&out, "%-20s fatal on pass %d, on should-flag %d; kept fatal at reading >= c:", s.name, np, ns)
		for i, c := range cs {
			fmt.Fprintf(&out, "  c=%.2f %d/%d", c, pass[i], should[i])
		}
		out.WriteString("\n")
	}
	t.Log("\n" + out.String())
}

// cleanAvoidAnswer is a correct answer of our own to avoid-the-lock whose
// middle sentence, about an idempotent consumer, has the wording of a
// check made by the client instead of the resource.
const cleanAvoidAnswer = "I skip the lock whenever the database can make the change atomic by itself: a conditional UPDATE, a unique constraint with ON CONFLICT DO NOTHING, or a version column checked in the WHERE clause. I also skip it when the work is idempotent. A consumer that may see a message twice is written so it checks the order's status before acting and does nothing the second time. Partitioning helps too: if every event for one account goes to one partition, there is a single writer per key and nothing to coordinate. And when a duplicate is harmless, like warming a cache, a lock only adds latency and a dependency on Redis. Where correctness matters, a TTL lock would not protect the data anyway, because a paused worker can write after its lease ran out, so the store has to reject stale writes with a conditional write or a fencing token; the lock is then only an optimisation."

// TestFatalFlagInACleanAnswerCountsAsMajorG19: a correct answer that reads
// clean keeps the flag its one sentence raises, but as a major flag: the
// answer still fails until the flag is contested, the round is not lost
// by it, and a note says why the flag is not fatal. Since g43 the wide
// veto sets this sentence aside altogether (TestWideVetoG43), so the
// demotion is checked with the veto as g42 shipped it.
func TestFatalFlagInACleanAnswerCountsAsMajorG19(t *testing.T) {
	b := loadBank(t).WithoutWideVeto()
	q, _ := b.ByID("avoid-the-lock")
	r := b.Grade(q, quiz.Answer{Text: cleanAvoidAnswer})
	if len(r.Flags) != 1 || r.Flags[0].ID != "client-side-fencing" {
		t.Fatalf("flags %v, want client-side-fencing alone", r.FlagIDs())
	}
	f := r.Flags[0]
	if f.Severity != quiz.SeverityMajor || !f.Demoted || r.Fatal {
		t.Fatalf("severity %s, demoted %v, fatal %v: want a major flag, demoted, and the answer not fatal", f.Severity, f.Demoted, r.Fatal)
	}
	if r.Passed {
		t.Fatalf("passed with a major flag (score %.2f): a major flag must still fail the answer", r.Score)
	}
	found := false
	for _, n := range r.Notes {
		found = found || strings.HasPrefix(n, "Counted as major, not fatal: the flag for a known mistake (Checks the fencing token") &&
			strings.Contains(n, `raised by "it checks the order's status before acting"`)
	}
	if !found {
		t.Fatalf("no note quotes the sentence and says why the flag is not fatal: %q", r.Notes)
	}
	// Contested, the flag goes and the answer passes.
	c := quiz.Rescore(q, r, map[string]bool{"client-side-fencing": false})
	if !c.Passed || c.Fatal {
		t.Fatalf("contested: passed %v fatal %v, want a pass", c.Passed, c.Fatal)
	}
}

// TestFatalClaimInAWrongAnswerStaysFatalG19: the same mistake asserted
// in an answer that argues for it stays fatal: the round is lost.
func TestFatalClaimInAWrongAnswerStaysFatalG19(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := "Before each write the worker checks in Redis that it still holds the lock, and that check is all you need: if the key is still ours, nothing else can be writing, so a fencing token would add nothing. A long TTL covers slow jobs."
	r := b.Grade(q, quiz.Answer{Text: text})
	if !r.Fatal || r.Passed {
		t.Fatalf("fatal %v passed %v flags %v: want the round lost", r.Fatal, r.Passed, r.FlagIDs())
	}
	for _, f := range r.Flags {
		if f.Demoted {
			t.Fatalf("flag %s demoted in an answer that argues for the mistake", f.ID)
		}
	}
}
