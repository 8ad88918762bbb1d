package web_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
	"lockdrill/web"
)

// TestFlagCostAddsUpUnderACap: a list of terms is held at 59 % by its cap,
// so a major flag on it takes its 45 % from what the points make (100 %
// → 55 %), not from 59 %; "cost 45 % (59 % → 55 %)" read as a sum that
// does not add up (reported by F4, session 41). The sentence now gives
// the sum that does, and an answer under no cap keeps the plain one.
func TestFlagCostAddsUpUnderACap(t *testing.T) {
	bank := mustCatalog(t).Questions
	q, ok := bank.ByID("optimistic-concurrency")
	if !ok {
		t.Fatal("no optimistic-concurrency question")
	}
	// every point made, no flag: a grading whose ticks are all corrected
	good := bank.Grade(q, quiz.Answer{Text: "Add a version column to the row. The UPDATE says WHERE version = the one read and sets version + 1; if zero rows changed, someone else saved first, so reload and retry."})
	ticks := map[string]bool{}
	for _, p := range good.Points {
		ticks[p.ID] = true
	}
	good = quiz.Rescore(q, good, ticks)
	if good.Score < 0.999 || len(good.Flags) != 0 {
		t.Fatalf("with every point ticked the answer scores %.3f with flags %v; the test needs 100 %% and no flag", good.Score, good.FlagIDs())
	}
	flagged := good
	flagged.Flags = []quiz.FlagResult{{ID: "wall-clock", Label: "Newest timestamp wins", Severity: quiz.SeverityMajor}}
	plain := quiz.Rescore(q, flagged, map[string]bool{"wall-clock": true})
	if got, want := web.FlagCost(q, plain), "The red flag cost 45 % (100 % → 55 %)."; got != want {
		t.Fatalf("without a cap: %q, want %q", got, want)
	}
	listed := flagged
	listed.List = true
	listed = quiz.Rescore(q, listed, map[string]bool{"wall-clock": true})
	if quiz.CapOf(listed) != quiz.CapList || listed.Score != 0.55 {
		t.Fatalf("the listed answer has cap %q and scores %.3f; want the list cap and 0.55", quiz.CapOf(listed), listed.Score)
	}
	got := web.FlagCost(q, listed)
	if strings.Contains(got, "(59 % → 55 %)") {
		t.Fatalf("under the list cap the flag's cost reads %q, a sum that does not add up", got)
	}
	if want := "The red flag cost 45 % of what the points make (100 % → 55 %); without it the answer would be held at 59 %, under the pass mark."; got != want {
		t.Fatalf("under the list cap: %q, want %q", got, want)
	}
}
