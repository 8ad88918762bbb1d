package quiz_test

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"lockdrill/quiz"
)

var raiseG18 = flag.Bool("raise.g18", false, "measure the second reader's own flag at thresholds 0.40-0.80 with out-of-fold readings of the tuning writers and the shipped reader on AZ and BA")

var raiseG18Dump = flag.String("raise.g18.dump", "", "file for TestRaiseThresholdsG18's per-answer readings (tuning writers and AZ, BA only)")

var raiseG18Check = flag.String("raise.g18.check", "", "thresholds (comma-separated) at which TestRaiseThresholdsG18 also logs the totals of the tuning writers, AZ+BA, AY and Q+R")

// raiseFolds is how many groups of tuning writers the out-of-fold readers
// leave out, one group each: writers in tuningWriters' order dealt out in
// turn, so each group mixes early and late writers. As many folds as
// writers leaves one writer out at a time.
var raiseFolds = flag.Int("raise.g18.folds", 10, "how many groups of tuning writers TestRaiseThresholdsG18 leaves out in turn")

func raiseFoldOf(w string) int {
	for i, x := range tuningWriters {
		if x == w {
			return i % *raiseFolds
		}
	}
	return -1
}

// raiseRead is one answer with what the reader's own flag sees of it.
type raiseRead struct {
	a  blindAnswer
	rd quiz.RaiseReadingG18
}

// raiseOutOfFold reads every tuning answer with a reader trained on the
// tuning writers outside its fold, as TestReaderModel trains the shipped
// one: what an unseen writer looks like to the reader.
func raiseOutOfFold(t *testing.T, b *quiz.Bank) []raiseRead {
	t.Helper()
	o := quiz.DefaultReaderOpts()
	v := quiz.NewReaderVocab()
	tun := readerLoad(t, v, readerWriters, true)
	var out []raiseRead
	for k := range *raiseFolds {
		var train []quiz.ReaderExample
		for i, a := range tun.answers {
			if raiseFoldOf(a.Writer) != k {
				train = append(train, tun.ex[i])
			}
		}
		rr, err := quiz.TrainRaiseReaderG18(train, v, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range tun.answers {
			if raiseFoldOf(a.Writer) == k {
				out = append(out, raiseReadOne(t, b, rr, a))
			}
		}
	}
	return out
}

func raiseReadOne(t *testing.T, b *quiz.Bank, rr *quiz.RaiseReaderG18, a blindAnswer) raiseRead {
	t.Helper()
	q, ok := b.ByID(a.Question)
	if !ok {
		t.Fatalf("writer %s: unknown question %q", a.Writer, a.Question)
	}
	rd := b.RaiseReadingG18(rr, q, a.Text)
	if !rd.Patterned && rd.Pointable && !rd.Raised {
		t.Fatalf("writer %s %s %s: the reader could raise its flag but did not", a.Writer, a.Question, a.Kind)
	}
	return raiseRead{a, rd}
}

// raiseRule is a candidate for when the reader raises its own flag: the
// answer reads at least raise on the losing-claim scale, and the sentence
// it points at leans at least lean.
type raiseRule struct {
	raise, lean float64
}

func (r raiseRule) fires(rd quiz.RaiseReadingG18) bool {
	return !rd.Patterned && rd.Pointable && rd.Flag >= r.raise && rd.Lean >= r.lean
}

// raiseFigs are the raise's effect on a split: passing answers it flags,
// should-flag answers without a pattern flag and, of them, those it flags,
// verdicts with it and without it, and verdicts it changes.
type raiseFigs struct {
	n, pass, passFlagged, should, shouldBare, newlyFlagged int
	okWith, okWithout, fixed, broken                       int
}

func raiseTally(rs []raiseRead, r raiseRule) raiseFigs {
	var f raiseFigs
	for _, x := range rs {
		pass := x.a.Label == "pass"
		fires := r.fires(x.rd)
		passed := x.rd.PassedWithout
		if fires {
			passed = x.rd.PassedWith
		}
		f.n++
		if pass {
			f.pass++
			if fires {
				f.passFlagged++
			}
		}
		if x.a.ShouldFlag {
			f.should++
			if !x.rd.Patterned {
				f.shouldBare++
				if fires {
					f.newlyFlagged++
				}
			}
		}
		okWith, okWithout := passed == pass, x.rd.PassedWithout == pass
		if okWith {
			f.okWith++
		}
		if okWithout {
			f.okWithout++
		}
		if okWith && !okWithout {
			f.fixed++
		}
		if !okWith && okWithout {
			f.broken++
		}
	}
	return f
}

func (f raiseFigs) String() string {
	return fmt.Sprintf("passing flagged %d/%d | should-flag newly flagged %d/%d (no pattern flag; %d should-flag in all) | verdicts %d/%d (%.2f%%; +%d -%d)",
		f.passFlagged, f.pass, f.newlyFlagged, f.shouldBare, f.should, f.okWith, f.n, pct(f.okWith, f.n), f.fixed, f.broken)
}

// raiseThresholds are the thresholds measured.
func raiseThresholds() []float64 {
	var out []float64
	for r := 40; r <= 80; r += 5 {
		out = append(out, float64(r)/100)
	}
	return out
}

// TestRaiseThresholdsG18 measures the reader's own flag at thresholds
// 0.40-0.80 (with no lean condition and with the pointed sentence leaning
// at least 1 or 2) on the tuning writers read out of fold and on AZ and BA
// read by the shipped reader, which never learned from them. With
// -raise.g18.check it also logs, at the thresholds named there, the totals
// of the tuning writers, AZ+BA, AY and Q+R graded as the product grades.
func TestRaiseThresholdsG18(t *testing.T) {
	if !*raiseG18 {
		t.Skip("run with -raise.g18")
	}
	b := loadBank(t)
	tun := raiseOutOfFold(t, b)
	val, err := loadBlind([]string{"AZ", "BA"})
	if err != nil {
		t.Fatal(err)
	}
	var azba []raiseRead
	for _, a := range val {
		azba = append(azba, raiseReadOne(t, b, nil, a))
	}
	for _, lean := range []float64{0, 1, 2} {
		for _, raise := range raiseThresholds() {
			r := raiseRule{raise, lean}
			t.Logf("raise %.2f lean>=%.0f | tuning out of fold: %s", raise, lean, raiseTally(tun, r))
			t.Logf("raise %.2f lean>=%.0f | AZ+BA (shipped):   %s", raise, lean, raiseTally(azba, r))
		}
	}
	if *raiseG18Dump != "" {
		var sb strings.Builder
		sb.WriteString("split\twriter\tquestion\tkind\tlabel\tshould_flag\tpatterned\tpointable\tpf\tlean\twords\tpassed_without\tpassed_with\n")
		for _, s := range []struct {
			name string
			rs   []raiseRead
		}{{"tuning", tun}, {"azba", azba}} {
			for _, x := range s.rs {
				fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\t%s\t%v\t%v\t%v\t%.4f\t%.3f\t%d\t%v\t%v\n", s.name, x.a.Writer, x.a.Question, x.a.Kind, x.a.Label, x.a.ShouldFlag,
					x.rd.Patterned, x.rd.Pointable, x.rd.Flag, x.rd.Lean, x.rd.Words, x.rd.PassedWithout, x.rd.PassedWith)
			}
		}
		if err := os.WriteFile(*raiseG18Dump, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range strings.Split(*raiseG18Check, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		raise, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("-raise.g18.check: %v", err)
		}
		for _, ws := range [][]string{tuningWriters, {"AZ", "BA"}, {"AY"}, earlierWriters} {
			as, err := loadBlind(ws)
			if err != nil {
				t.Fatal(err)
			}
			name := strings.Join(ws, "+")
			if len(ws) == len(tuningWriters) {
				name = "tuning (shipped reader, trained on them)"
			}
			t.Logf("raise %.2f | %s totals: %s", raise, name, tallyBank(b.WithRaiseG18(raise), as))
		}
	}
}

// TestReaderFlagsAClaimReadingBelowSevenTenthsG18: an answer that tells a
// ZooKeeper client to keep working while SUSPENDED, because it still owns
// the lock until the session expires, matches no pattern and reads 0.60 to
// 0.70 on the reader's losing-claim scale. Since g18 the reader flags from
// 0.60, so the learner is told to check the claim, and the answer fails.
func TestReaderFlagsAClaimReadingBelowSevenTenthsG18(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("session-suspended")
	for _, text := range []string{
		"Carry on with the work. Suspended only means the connection hiccupped; the session and its ephemeral node are still there, so this client still owns the lock until ZooKeeper reports the session expired.",
		"Carry on with the work; suspended only means the connection hiccupped. The session and its ephemeral node are still there, so this client still owns the lock until ZooKeeper says the session expired.",
	} {
		if got := b.PatternsOnly().Grade(q, quiz.Answer{Text: text}).FlagIDs(); len(got) != 0 {
			t.Fatalf("the patterns raise %v: this case is about a claim they miss", got)
		}
		if _, pf, _ := quiz.ReaderProbs(text, q.ID); pf < 0.6 || pf >= 0.7 {
			t.Fatalf("the reader scores %.3f: this case is about answers it reads from 0.60 to 0.70", pf)
		}
		r := b.Grade(q, quiz.Answer{Text: text})
		if got := r.FlagIDs(); len(got) != 1 || got[0] != quiz.ReaderFlagID {
			t.Fatalf("flags %v, want [%s] for %q", got, quiz.ReaderFlagID, text)
		}
		if r.Passed {
			t.Errorf("score %.2f passes an answer that keeps working on a lock it may have lost", r.Score)
		}
		if f := r.Flags[0]; f.Severity != quiz.SeverityMajor || !strings.Contains(text[f.Span.Start:f.Span.End], "still owns the lock") {
			t.Errorf("reader flag %+v on %q, want a major flag on the sentence that claims the lock is still held", f, text[f.Span.Start:f.Span.End])
		}
	}
}

// TestReaderLeavesStrongSuspendedAnswersAloneG18: answers that pause the
// work on SUSPENDED, wait for RECONNECTED, treat LOST as a lost lock and
// fence the storage pass without any flag at the g18 threshold.
func TestReaderLeavesStrongSuspendedAnswersAloneG18(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("session-suspended")
	for _, text := range []string{
		"Stop writing at once. SUSPENDED means the client can no longer tell whether its session, and with it the ephemeral lock node, still exists, so I treat the lock as possibly lost and pause the critical section. If the connection comes back as RECONNECTED within the session timeout, the node is still ours and work can resume; if the state turns to LOST, the lock is gone and another client may already hold it. A pause can come too late, so the resource should also check a fencing token, such as the lock node's zxid, and reject writes that carry an older one.",
		"Pause all work that depends on the lock as soon as the listener reports SUSPENDED: from that moment the client cannot prove it still holds the session. Wait for RECONNECTED before continuing, and treat LOST as losing the lock, releasing nothing and starting over. Since a GC pause can delay even the listener, the storage must reject stale writes by a fencing token taken from the znode's creation zxid.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if got := r.FlagIDs(); len(got) != 0 || !r.Passed {
			t.Errorf("flags %v, passed=%v (score %.2f), want a pass without flags for %q", got, r.Passed, r.Score, text)
		}
	}
}
