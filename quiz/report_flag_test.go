package quiz_test

import (
	"errors"
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestReportFlag: a learner reports a losing claim the grader missed
// (QA-47 M8): the flag counts at its severity (a fatal one fails the
// answer), the result is self-assessed, and contesting the reported flag
// withdraws it, back to the grader's own grade. A flag the question does
// not check, one already raised, the second reader's and an objective
// question are refused.
func TestReportFlag(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := "A fencing token is a number the lock service hands out with every grant, and it only goes up. The client sends it with every write and the storage rejects any write carrying a lower token than the highest it has seen, so a holder that paused in GC past its lease cannot overwrite the new holder."
	own := b.Grade(q, quiz.Answer{Text: text})
	if !own.Passed || len(own.Flags) != 0 {
		t.Fatalf("the answer was meant to pass clean: passed=%v flags %v", own.Passed, own.FlagIDs())
	}
	mine, others := b.ReportableFlags(q, own)
	if !slices.ContainsFunc(mine, func(f *quiz.RedFlag) bool { return f.ID == "ttl-as-safety" }) {
		t.Fatalf("ttl-as-safety is not reportable on a clean answer")
	}
	if slices.ContainsFunc(slices.Concat(mine, others), func(f *quiz.RedFlag) bool { return f.ID == quiz.ReaderFlagID }) {
		t.Fatalf("the second reader's flag is offered to report")
	}
	// A mistake outside the question's own list can be reported too
	// (QA-48b M3: "the race is too rare" on run-job-once).
	if !slices.ContainsFunc(others, func(f *quiz.RedFlag) bool { return f.ID == "network-drops-duplicates" }) || slices.ContainsFunc(mine, func(f *quiz.RedFlag) bool { return f.ID == "network-drops-duplicates" }) {
		t.Fatalf("network-drops-duplicates, not one of fencing-token's flags, is not offered among the others")
	}
	if _, _, err := b.ReportFlag(q, own, "network-drops-duplicates"); err != nil {
		t.Fatalf("reporting a catalog flag outside the question's list: %v", err)
	}
	rep, what, err := b.ReportFlag(q, own, "ttl-as-safety")
	if err != nil || what.Was != "unflagged" || what.Item != "ttl-as-safety" {
		t.Fatalf("report: %+v, %v", what, err)
	}
	if rep.Passed || !rep.Fatal || !rep.SelfAssessed || rep.Score >= own.Score || !slices.Contains(rep.FlagIDs(), "ttl-as-safety") {
		t.Fatalf("reported: passed=%v fatal=%v self=%v score %v (own %v) flags %v", rep.Passed, rep.Fatal, rep.SelfAssessed, rep.Score, own.Score, rep.FlagIDs())
	}
	if mine, others := b.ReportableFlags(q, rep); slices.ContainsFunc(slices.Concat(mine, others), func(f *quiz.RedFlag) bool { return f.ID == "ttl-as-safety" }) {
		t.Fatalf("a reported flag is still reportable")
	}
	for _, id := range []string{"ttl-as-safety", "no-such-flag", quiz.ReaderFlagID} {
		if _, _, err := b.ReportFlag(q, rep, id); !errors.Is(err, quiz.ErrNotContestable) {
			t.Errorf("report %q on %v: err %v, want ErrNotContestable", id, rep.FlagIDs(), err)
		}
	}
	back, what, err := quiz.Contest(q, rep, "ttl-as-safety")
	if err != nil || what.Was != "reported" {
		t.Fatalf("withdraw: %+v, %v", what, err)
	}
	if !back.Passed || back.SelfAssessed || len(back.Flags) != 0 || back.Score != own.Score {
		t.Fatalf("withdrawn: passed=%v self=%v flags %v score %v, want the grader's own %v", back.Passed, back.SelfAssessed, back.FlagIDs(), back.Score, own.Score)
	}
	// A major flag costs its penalty and leaves a pass standing if the
	// score allows.
	maj, _, err := b.ReportFlag(q, own, "client-side-fencing")
	if err != nil {
		t.Fatal(err)
	}
	if maj.Score >= own.Score {
		t.Fatalf("a reported %s flag cost nothing: %v vs %v", maj.Flags[0].Severity, maj.Score, own.Score)
	}
	obj, ok := b.ByID("obj-order-fenced-critical-section")
	if ok {
		if _, _, err := b.ReportFlag(obj, quiz.Result{}, "ttl-as-safety"); !errors.Is(err, quiz.ErrNotContestable) {
			t.Errorf("report on an objective question: err %v", err)
		}
	}
}

// TestReportedFlagSurvivesCleanFollowUp: a follow-up that passes clean
// retracts the flags the grader raised on the main answer, not one the
// learner reported: that is their own word on the main answer.
func TestReportedFlagSurvivesCleanFollowUp(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	main := b.Grade(q, quiz.Answer{Text: "A fencing token is a number from the lock service. The client checks it before writing."})
	rep, _, err := b.ReportFlag(q, main, "ttl-as-safety")
	if err != nil {
		t.Fatal(err)
	}
	clean := "A fencing token is a number the lock service hands out with every grant, and it only goes up. The client sends it with every write and the storage rejects any write carrying a lower token than the highest it has seen, so a holder that paused in GC past its lease cannot overwrite the new holder."
	if r := b.Grade(q, quiz.Answer{Text: clean}); !r.Passed || len(r.Flags) != 0 {
		t.Fatalf("the follow-up was meant to pass clean: %v %v", r.Passed, r.FlagIDs())
	}
	out, _ := quiz.Recover(b, q, rep, []quiz.FollowUpAnswer{{Text: clean}})
	for _, f := range out.Flags {
		if f.SelfReported && f.Dismissed {
			t.Fatalf("the clean follow-up retracted the reported flag %s", f.ID)
		}
	}
	if !slices.Contains(out.FlagIDs(), "ttl-as-safety") || out.Passed {
		t.Fatalf("after the follow-up: flags %v passed=%v, want the reported fatal flag standing", out.FlagIDs(), out.Passed)
	}
}
