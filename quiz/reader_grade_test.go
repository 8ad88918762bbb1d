package quiz_test

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestSecondReaderFlagsWhatNoPatternCatches: an answer asserting a losing
// claim no pattern knows (an application-side read-modify-write is safe
// because each statement is atomic) gets the second reader's flag, minor,
// on one of its sentences, with a note that says where it comes from; the
// flag can be contested like any other.
func TestSecondReaderFlagsWhatNoPatternCatches(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("avoid-the-lock")
	for _, text := range []string{
		"For a counter you can skip the lock: each worker reads the current value into the app, adds its amount and writes the sum back, and Postgres guarantees no increment is lost because every statement runs in its own transaction.",
		"If the store can decide who wins, with a unique constraint or a version check in the UPDATE, there is no need for a lock. For a counter you can skip the lock too: each worker reads the current value into the app, adds its amount and writes the sum back, and Postgres guarantees no increment is lost because every statement runs in its own transaction.",
	} {
		if got := b.PatternsOnly().Grade(q, quiz.Answer{Text: text}).FlagIDs(); len(got) != 0 {
			t.Fatalf("the patterns raise %v: this case is about a claim they miss", got)
		}
		r := b.Grade(q, quiz.Answer{Text: text})
		if got := r.FlagIDs(); !reflect.DeepEqual(got, []string{quiz.ReaderFlagID}) {
			t.Fatalf("flags %v, want [%s] for %q", got, quiz.ReaderFlagID, text)
		}
		f := r.Flags[0]
		if f.Severity != quiz.SeverityMajor || !strings.Contains(text[f.Span.Start:f.Span.End], "reads the current value into the app") {
			t.Errorf("reader flag %+v on %q, want a major flag on the read-modify-write sentence", f, text[f.Span.Start:f.Span.End])
		}
		if r.Passed {
			t.Errorf("score %.2f passes: the reader's flag must fail an answer asserting a losing claim, as a major flag does", r.Score)
		}
		if b.FlagWhyHTML(quiz.ReaderFlagID) == "" {
			t.Error("the reader flag has no explanation for the feedback pages")
		}
		if !hasNote(r, "Second reader: no pattern of a known mistake matched") {
			t.Errorf("notes %q do not say the second reader raised the flag", r.Notes)
		}
		out, what, err := quiz.Contest(q, r, quiz.ReaderFlagID)
		if err != nil {
			t.Fatalf("contest the reader flag: %v", err)
		}
		if what.Was != "flag" || len(out.FlagIDs()) != 0 || !out.SelfAssessed {
			t.Errorf("after contesting: was %q, flags %v, self-assessed %v; want the flag dismissed", what.Was, out.FlagIDs(), out.SelfAssessed)
		}
	}
}

// TestSecondReaderSaysWhenItsFlagDecidesTheVerdict: an answer the patterns
// pass just at the mark, whose reader flag costs it the pass, is told so,
// and passes again once the flag is contested. (The threshold is lowered
// to 0.55 (0.6 before the retrain for g22) to reach such an answer; the note does not depend on it.)
func TestSecondReaderSaysWhenItsFlagDecidesTheVerdict(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("avoid-the-lock")
	text := "When the database can arbitrate, I don't take a lock: a conditional UPDATE guarded by a version column decides who wins, and an idempotent job can simply run twice. For a counter you can skip the lock too: each worker reads the current value into the app, adds its amount and writes the sum back, and Postgres guarantees no increment is lost because every statement runs in its own transaction."
	if r := b.PatternsOnly().Grade(q, quiz.Answer{Text: text}); !r.Passed {
		t.Fatalf("the patterns fail it (score %.2f): this case is about a pass the reader's flag takes away", r.Score)
	}
	r := b.WithReaderRule(0.55).Grade(q, quiz.Answer{Text: text})
	if r.Passed || !reflect.DeepEqual(r.FlagIDs(), []string{quiz.ReaderFlagID}) {
		t.Fatalf("passed=%v flags %v, want a fail from the reader's flag", r.Passed, r.FlagIDs())
	}
	if !hasNote(r, "Second reader: without its flag this answer would pass") {
		t.Errorf("notes %q do not say the reader's flag decided the verdict", r.Notes)
	}
	if out, _, err := quiz.Contest(q, r, quiz.ReaderFlagID); err != nil || !out.Passed {
		t.Errorf("contested: passed=%v, err %v; want a pass", out.Passed, err)
	}
	// Where the patterns fail the answer anyway, the note is not given.
	weak := "For a counter you can skip the lock: each worker reads the current value into the app, adds its amount and writes the sum back, and Postgres guarantees no increment is lost because every statement runs in its own transaction."
	if r := b.WithReaderRule(0.55).Grade(q, quiz.Answer{Text: weak}); hasNote(r, "Second reader: without its flag") {
		t.Errorf("a failing answer is told the reader's flag decided it: %q", r.Notes)
	}
}

// TestSecondReaderLeavesOtherAnswersAlone: a correct answer, the correct
// counterpart of the claim above, and an answer a pattern flags grade
// exactly as the patterns alone grade them.
func TestSecondReaderLeavesOtherAnswersAlone(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ name, question, text string }{
		{"correct fencing answer", "fencing-token", "Each grant carries a number from the lock service that only increases. The client attaches it to every write, and the storage keeps the highest number it has seen and refuses anything lower, so a paused former holder cannot overwrite newer data."},
		{"the atomic statement is the correct counterpart", "avoid-the-lock", "For a counter I skip the lock and let the database do the arithmetic: UPDATE counters SET n = n + 1 WHERE id = 7 is a single atomic statement, so concurrent increments can't be lost."},
		{"a pattern flag stands alone", "etcd-revision-guard", "The leader watches its session's Done channel and checks it immediately before each Put. A deposed leader always sees that channel close first, so checking it right before writing means it can never clobber the new leader."},
	} {
		t.Run(c.name, func(t *testing.T) {
			q, _ := b.ByID(c.question)
			got := b.Grade(q, quiz.Answer{Text: c.text})
			want := b.PatternsOnly().Grade(q, quiz.Answer{Text: c.text})
			if !reflect.DeepEqual(got, want) {
				t.Errorf("with the second reader: passed=%v flags %v notes %q; patterns alone: passed=%v flags %v", got.Passed, got.FlagIDs(), got.Notes, want.Passed, want.FlagIDs())
			}
		})
	}
}

// TestSecondReaderReadsOnlyQuestionsItLearned: the reader has weights for
// every free-text question and none for a question it was not trained on.
func TestSecondReaderReadsOnlyQuestionsItLearned(t *testing.T) {
	b := loadBank(t)
	for _, q := range b.ByKind(quiz.KindFreeText) {
		if _, _, ok := quiz.ReaderProbs("A lease expires and a paused holder keeps writing.", q.ID); !ok {
			t.Errorf("%s: the second reader has no weights for it", q.ID)
		}
	}
	if _, _, ok := quiz.ReaderProbs("A lease expires.", "no-such-question"); ok {
		t.Error("the second reader reads a question it was never trained on")
	}
}

func hasNote(r quiz.Result, prefix string) bool {
	for _, n := range r.Notes {
		if strings.HasPrefix(n, prefix) {
			return true
		}
	}
	return false
}

// TestSecondReaderFlagsNoQuestionOrRejection: the reader's flag points at a
// sentence the candidate asserts, never at a question they ask or a claim
// they reject ("Don't assume ..."), which the patterns never flag either;
// the same claim asserted is still flagged. (The threshold is lowered so
// the reader would raise a flag on each answer.)
func TestSecondReaderFlagsNoQuestionOrRejection(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("avoid-the-lock")
	low := b.WithReaderRule(0.05)
	for _, c := range []struct{ name, text, rejected string }{
		{"asked, then answered", "Can you skip the lock for a counter when each worker reads the current value into the app, adds its amount and writes the sum back, because Postgres guarantees no increment is lost since every statement runs in its own transaction? No. Do the arithmetic in one UPDATE instead.", "Can you skip the lock"},
		{"rejected up front", "Don't assume you can skip the lock for a counter when each worker reads the current value into the app, adds its amount and writes the sum back, believing Postgres guarantees no increment is lost because every statement runs in its own transaction. Do the arithmetic in one UPDATE instead.", "Don't assume"},
		{"never believe it", "Never believe that Postgres keeps an increment done in the app safe because every statement runs in its own transaction. Do the arithmetic in one UPDATE instead.", "Never believe"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := low.Grade(q, quiz.Answer{Text: c.text})
			for _, f := range r.Flags {
				if f.ID == quiz.ReaderFlagID && strings.HasPrefix(c.text[f.Span.Start:f.Span.End], c.rejected) {
					t.Errorf("the reader flags the sentence the candidate rejects: %q", c.text[f.Span.Start:f.Span.End])
				}
			}
		})
	}
	claim := "For a counter you can skip the lock: each worker reads the current value into the app, adds its amount and writes the sum back, and Postgres guarantees no increment is lost because every statement runs in its own transaction."
	if got := low.Grade(q, quiz.Answer{Text: claim}).FlagIDs(); !reflect.DeepEqual(got, []string{quiz.ReaderFlagID}) {
		t.Errorf("the asserted claim: flags %v, want the reader's", got)
	}
}

// TestSecondReaderFlagFailsTheAnswer: on the tuning writers' answers
// (the only ones the reader learned from), wherever the patterns alone
// would pass an answer and the reader raises its flag, the answer fails:
// the flag costs what a major flag costs. Such answers exist (the writers
// labelled them as asserting a losing claim), so the rule is exercised.
func TestSecondReaderFlagFailsTheAnswer(t *testing.T) {
	b := loadBank(t)
	as, err := loadBlind(tuningWriters)
	if err != nil {
		t.Fatal(err)
	}
	failed, losing := 0, 0
	for _, a := range as {
		q, ok := b.ByID(a.Question)
		if !ok || q.Kind != quiz.KindFreeText {
			continue
		}
		if !b.PatternsOnly().Grade(q, quiz.Answer{Text: a.Text}).Passed {
			continue
		}
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		if !slices.Contains(r.FlagIDs(), quiz.ReaderFlagID) {
			continue
		}
		if r.Passed {
			t.Errorf("%s %s %s: the reader flagged it and it still passes (score %.2f)", a.Writer, a.Question, a.Kind, r.Score)
			continue
		}
		failed++
		if a.ShouldFlag {
			losing++
		}
	}
	if failed == 0 || losing == 0 {
		t.Fatalf("%d answers failed by the reader's flag, %d of them labelled as asserting a losing claim: the case is not exercised", failed, losing)
	}
	t.Logf("%d answers the patterns pass are failed by the reader's flag, %d of them labelled as asserting a losing claim", failed, losing)
}

// TestSecondReaderQuotesTheClaim: an answer whose correct opening sentence
// is followed by a claim of impossibility ("no two clients can ever hold
// the lock") is flagged by the reader on the claim, not on the opening
// sentence: the flag and its note quote what the candidate got wrong.
func TestSecondReaderQuotesTheClaim(t *testing.T) {
	b := loadBank(t)
	const (
		text  = "Acquire with SET key value NX PX 30000 and release with a Lua compare-and-delete. Because Redis is single-threaded, no two clients can ever hold the lock at once."
		claim = "Because Redis is single-threaded, no two clients can ever hold the lock at once"
	)
	for _, id := range []string{"redis-lock-and-failure", "fencing-token"} {
		t.Run(id, func(t *testing.T) {
			q, ok := b.ByID(id)
			if !ok {
				t.Fatalf("no question %s", id)
			}
			r := b.Grade(q, quiz.Answer{Text: text})
			found := false
			for _, f := range r.Flags {
				if f.ID != quiz.ReaderFlagID {
					continue
				}
				found = true
				if got := text[f.Span.Start:f.Span.End]; got != claim {
					t.Errorf("the reader's flag quotes %q, want the claim %q", got, claim)
				}
				if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, strconv.Quote(claim)) }) {
					t.Errorf("no note quotes the claim: %q", r.Notes)
				}
			}
			if !found {
				t.Fatalf("flags %v, want the reader's", r.FlagIDs())
			}
		})
	}
}
