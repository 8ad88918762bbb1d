package views

import (
	"context"
	"strings"
	"testing"
)

// TestScoreExplainAsksWhyOnlyWhenTheScoresDiffer: the note under an answer
// walks from the graded score to the question's score; with the two equal
// (an interviewer's own follow-up, which changes nothing) it must not ask
// why they differ (QA-8 Q8-8).
func TestScoreExplainAsksWhyOnlyWhenTheScoresDiffer(t *testing.T) {
	render := func(e ScoreExplain) string {
		var b strings.Builder
		if err := scoreExplain(e).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	step := []ScoreExplainStep{{Kind: "follow-ups", Text: "The interviewer's own follow-ups are not scored against this question's rubric."}}
	if got := render(ScoreExplain{Graded: 100, Final: 100, FinalLabel: "question score", Steps: step}); strings.Contains(got, "Why they differ") || !strings.Contains(got, "Worth knowing") {
		t.Errorf("equal scores: %s", got)
	}
	if got := render(ScoreExplain{Graded: 70, Final: 50, FinalLabel: "question score", Steps: step}); !strings.Contains(got, "Why they differ") {
		t.Errorf("different scores: %s", got)
	}
}
