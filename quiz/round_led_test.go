package quiz_test

import (
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// ledMain is a main turn as Recover leaves it: its two core points made
// (own marks those the main answer made itself; the others were made in a
// follow-up), scoring score, with the given flags.
func ledMain(q string, score float64, own int, flags ...quiz.FlagResult) quiz.Turn {
	r := &quiz.Result{Question: q, Kind: quiz.KindFreeText, Score: score, Flags: flags}
	for i, id := range []string{"a", "b"} {
		r.Points = append(r.Points, quiz.PointResult{ID: id, Label: "Point " + id, Dimension: "failure-modes", Weight: 1, Core: true, Hit: true, Recovered: i >= own})
	}
	r.Passed = score >= quiz.PassMark
	return quiz.Turn{Question: q, Shown: t0, Answered: t0.Add(time.Minute), Text: "answer", Result: r}
}

func followUpTurn(q string, score float64) quiz.Turn {
	r := &quiz.Result{Question: q, Kind: quiz.KindFreeText, Score: score, Passed: score >= quiz.PassMark}
	return quiz.Turn{Question: q, FollowUp: "probe", Shown: t0, Answered: t0.Add(time.Minute), Text: "follow-up", Result: r}
}

// TestLedQuestionsDoNotPass: QA-44 sat a round whose three main answers
// were graded 0 %, each lifted past the pass mark by what its follow-ups
// drew out; the scorecard said "3 of 3 main questions passed" and Hire. A
// main answer that took a losing claim back only when asked, or made none
// of its core points until the follow-ups led to them, now holds its
// question just under the pass mark, says why, and the round follows; a
// main answer that made a core point of its own and was nudged to the
// other still passes.
func TestLedQuestionsDoNotPass(t *testing.T) {
	limit := 4 * time.Minute
	retracted := quiz.FlagResult{ID: "client-side-fencing", Label: "Checks the token in the client", Severity: quiz.SeverityMajor, Dismissed: true, Retracted: true}
	turns := []quiz.Turn{
		ledMain("q1", 0.8, 1, retracted), followUpTurn("q1", 1),
		ledMain("q2", 0.8, 0), followUpTurn("q2", 1),
		ledMain("q3", 0.8, 1), followUpTurn("q3", 1),
	}
	sc := quiz.Score(nil, nil, turns, limit)
	if len(sc.Questions) != 3 {
		t.Fatalf("%d questions, want 3", len(sc.Questions))
	}
	for i, want := range []string{"took it back only when a follow-up asked", "made none of the core points until the follow-ups led to them", ""} {
		q := sc.Questions[i]
		if want == "" {
			if !q.Passed || q.Led != "" {
				t.Errorf("question %d: passed=%v led=%q, want a pass: its main answer made a core point itself", i+1, q.Passed, q.Led)
			}
			continue
		}
		if q.Passed || !strings.Contains(q.Led, want) || q.Score >= quiz.PassMark {
			t.Errorf("question %d: passed=%v score %.2f led=%q, want held under the pass mark because %s", i+1, q.Passed, q.Score, q.Led, want)
		}
		ex := quiz.ExplainQuestion(q.Main.Result, q, limit)
		found := false
		for _, st := range ex.Steps {
			found = found || st.Kind == "led" && strings.Contains(st.Text, "Held just under the pass mark, 86 % → 59 %") && strings.Contains(st.Text, want)
		}
		if !found {
			t.Errorf("question %d: no step explains the cap: %+v", i+1, ex.Steps)
		}
	}
	reasons := strings.Join(sc.Reasons, " ")
	if !strings.Contains(reasons, "1 of 3 main questions passed") || !strings.Contains(reasons, "Held just under the pass mark, whatever the follow-ups added: question 1 (") || sc.Verdict == quiz.Hire || sc.Verdict == quiz.StrongHire {
		t.Errorf("verdict %s, reasons %q: want two questions failed and named, and no hire", sc.Verdict, sc.Reasons)
	}
}

// TestStandingLosingClaimHoldsTheQuestion: QA-51b H1. A main answer with a
// major red flag that still stands was graded 55 %; a perfect follow-up
// lifted its question to 69 %, "passed", and the round to Hire with the
// flag listed. A follow-up with a standing major flag did the same. Each
// question is now held just under the pass mark and says why; dismissed
// by the learner, the flag no longer holds it.
func TestStandingLosingClaimHoldsTheQuestion(t *testing.T) {
	limit := 4 * time.Minute
	major := quiz.FlagResult{ID: "clocks-irrelevant", Label: "Dismisses clock jumps", Severity: quiz.SeverityMajor}
	dismissed := major
	dismissed.Dismissed = true
	flaggedFollowUp := followUpTurn("q2", 1)
	flaggedFollowUp.Result.Flags = []quiz.FlagResult{major}
	turns := []quiz.Turn{
		ledMain("q1", 0.55, 2, major), followUpTurn("q1", 1),
		ledMain("q2", 0.8, 2), flaggedFollowUp,
		ledMain("q3", 0.55, 2, dismissed), followUpTurn("q3", 1),
	}
	sc := quiz.Score(nil, nil, turns, limit)
	for i, want := range []string{"which still stands (Dismisses clock jumps)", "a follow-up answer asserted a claim that loses the round (Dismisses clock jumps)"} {
		q := sc.Questions[i]
		if q.Passed || q.Score >= quiz.PassMark || !strings.Contains(q.Led, want) {
			t.Errorf("question %d: passed=%v score %.3f led=%q; want held under the pass mark because %s", i+1, q.Passed, q.Score, q.Led, want)
		}
	}
	if q := sc.Questions[2]; !q.Passed || q.Led != "" {
		t.Errorf("question 3 (flag dismissed): passed=%v led=%q; want a pass", q.Passed, q.Led)
	}
	if sc.Verdict == quiz.Hire || sc.Verdict == quiz.StrongHire {
		t.Errorf("verdict %s with two questions held under the pass mark; reasons %q", sc.Verdict, sc.Reasons)
	}
}
