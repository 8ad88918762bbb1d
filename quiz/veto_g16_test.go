package quiz_test

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// readerVetoExp runs TestReaderVetoExperiment (g16; TestVetoReadingsG17
// logs the readings on the current splits).
var readerVetoExp = flag.Bool("reader.veto", false, "measure candidate rules for the second reader's veto of pattern flags on every split")

// vetoCandidate is one rule tried for the second reader's veto: the
// answer reads below clean, the flagged sentence leans at most lean, and
// the answer has at least minWords words.
type vetoCandidate struct {
	clean, lean float64
	minWords    int
}

func (c vetoCandidate) String() string {
	if c.clean == 0 {
		return "no veto"
	}
	return fmt.Sprintf("pf<%.2f lean<=%+.1f words>=%d", c.clean, c.lean, c.minWords)
}

// vetoCandidates are the rules TestReaderVetoExperiment measures: (a)
// alone, as an earlier attempt shipped it, then (a) with (b) at a few
// thresholds and lengths.
var vetoCandidates = []vetoCandidate{
	{},
	{0.15, 1000, 50},
	{0.15, 1000, 30},
	{0.15, 3, 50},
	{0.15, 1, 50},
	{0.15, 0, 50},
	{0.15, 0, 30},
	{0.15, -2, 50},
	{0.10, 0, 50},
	{0.20, 0, 50},
	{0.25, 0, 50},
}

// TestReaderVetoExperiment measures each candidate veto on every split:
// tuning (which the reader learned from, so optimistic), AS+AU (read,
// unseen by the reader: thresholds are chosen here), and only the totals
// of AT and of Q+R (never read).
func TestReaderVetoExperiment(t *testing.T) {
	if !*readerVetoExp {
		t.Skip("run with -reader.veto")
	}
	b := loadBank(t)
	splits := []struct {
		name    string
		writers []string
	}{{"tuning", tuningWriters}, {"AS+AU", []string{"AS", "AU"}}, {"AT", []string{"AT"}}, {"Q+R", earlierWriters}}
	answers := make([][]blindAnswer, len(splits))
	for i, s := range splits {
		a, err := loadBlind(s.writers)
		if err != nil {
			t.Fatal(err)
		}
		answers[i] = a
	}
	for _, c := range vetoCandidates {
		vb := b.WithReaderVeto(c.clean, c.lean, c.minWords)
		for i, s := range splits {
			f := tallyBank(vb, answers[i])
			t.Logf("%-32s %-6s verdicts %d/%d  pass flagged %d/%d  should-flag flagged %d/%d  salads passing %d/%d",
				c, s.name, f.ok, f.n, f.passFlagged, f.pass, f.flagged, f.should, f.saladPass, f.salads)
		}
	}
}

// strongFencingAnswer is a strong answer of our own to fencing-token
// whose third sentence describes the failure the token guards against (a
// worker that lost its lease yet still owns the lock as far as it
// knows): the pattern of work-after-lost-lease reads that description as
// advice to keep writing. (red16 reads "is still sure it owns the lock"
// as a reported belief, so that wording no longer shows the veto.)
var strongFencingAnswer = fencingAnswerWith("Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows.")

// fencingAnswerWith is a strong answer of our own to fencing-token with
// third as its third sentence, the one a veto test is about.
func fencingAnswerWith(third string) string {
	return "A fencing token is a monotonically increasing number handed out with every lock grant. " +
		"The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one. " +
		third + " The resource does the check, not the client or the lock service."
}

// TestVetoSparesADescribedFailure: a strong answer whose one sentence
// matches a mistake's pattern while describing the failure, not
// recommending it, passes with no red flag, and a note quotes the
// sentence, names the mistake it resembles and says why it was not
// counted.
func TestVetoSparesADescribedFailure(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	before := b.WithReaderVeto(0, 0, 0).Grade(q, quiz.Answer{Text: strongFencingAnswer})
	if before.Passed || !slices.Contains(before.FlagIDs(), "work-after-lost-lease") {
		t.Fatalf("without the veto: passed=%v flags %v, want failed by work-after-lost-lease (else this test shows nothing)", before.Passed, before.FlagIDs())
	}
	checkSparedWithNote(t, b, q, strongFencingAnswer, "a worker that lost its lease during a pause", "Keeps writing after a renewal failed or the lease was lost", "second reader", "loses the round")
}

// TestVetoKeepsAnAppendedPlainClaim: the same strong answer with a
// wrong claim plainly asserted after it still fails on that claim's
// flag, and no note says it was not counted. The answer as a whole
// reads clean to the second reader, so only the lean of the claim's own
// sentence keeps the flag; a flag whose pattern matches the described
// failure first and the plain claim later flags the claim.
func TestVetoKeepsAnAppendedPlainClaim(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	for _, c := range []struct{ name, claim, flag string }{
		{"a lease as the safety", "After its lease expires, a worker can safely finish its writes.", "ttl-as-safety"},
		{"the same flag as the described failure", "A failed renewal is no problem, because the job continues normally.", "work-after-lost-lease"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, text := range []string{strongFencingAnswer + " " + c.claim, strongFencingAnswer + "\n\n" + c.claim} {
				if _, pf, _ := quiz.ReaderProbs(text, q.ID); pf >= 0.15 {
					t.Fatalf("the reader scores the answer %.2f, not clean: this test would not reach the veto", pf)
				}
				r := b.Grade(q, quiz.Answer{Text: text})
				if r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
					t.Errorf("passed=%v flags %v, want failed with %s", r.Passed, r.FlagIDs(), c.flag)
				}
				for _, n := range r.Notes {
					if strings.Contains(n, c.claim) {
						t.Errorf("a note sets the appended claim aside: %q", n)
					}
				}
			}
		})
	}
}

// TestVetoLeavesShortAnswersToThePatterns: in an answer under fifty
// words the reader has too little to go on, so a plain claim keeps its
// flag however clean the answer reads to it.
func TestVetoLeavesShortAnswersToThePatterns(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text string }{
		{"two-holders", "Two workers held the lock because the first one paused longer than the TTL and the lease expired under it. A longer TTL makes the lock safe."},
		{"fencing-token", "The lock service hands out a bigger number on every grant and the storage rejects writes carrying a smaller one than it has seen. A longer TTL makes the lock safe."},
	} {
		q, _ := b.ByID(c.question)
		if _, pf, _ := quiz.ReaderProbs(c.text, q.ID); pf >= 0.15 {
			t.Fatalf("%s: the reader scores the answer %.2f, not clean: this test would not reach the veto", c.question, pf)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed || !slices.Contains(r.FlagIDs(), "ttl-as-safety") {
			t.Errorf("%s: passed=%v flags %v, want failed with ttl-as-safety", c.question, r.Passed, r.FlagIDs())
		}
	}
}

// checkSparedWithNote grades text as an answer to q and wants it passed
// with no red flag and a note setting a flag aside that holds each of
// wants.
func checkSparedWithNote(t *testing.T, b *quiz.Bank, q *quiz.Question, text string, wants ...string) {
	t.Helper()
	r := b.Grade(q, quiz.Answer{Text: text})
	if !r.Passed || len(r.FlagIDs()) > 0 {
		t.Fatalf("passed=%v score %.2f flags %v, want passed with no flag", r.Passed, r.Score, r.FlagIDs())
	}
	var note string
	for _, n := range r.Notes {
		if strings.HasPrefix(n, "Not counted as a red flag") {
			note = n
		}
	}
	for _, want := range wants {
		if !strings.Contains(note, want) {
			t.Errorf("note %q does not contain %q", note, want)
		}
	}
}
