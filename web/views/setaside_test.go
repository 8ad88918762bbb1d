package views_test

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/web/views"
)

// TestRoundTurnShowsWhatWasSetAside: a mock round's turn (and so its
// scorecard, which lists a turn through the same GradedPoints) shows a
// sentence the second reader set aside with its note, and its verdict does
// not say a plain "A pass" beside it. The round pages show no other
// notes, so without the list the learner would never hear of it.
func TestRoundTurnShowsWhatWasSetAside(t *testing.T) {
	note := "Not counted as a red flag: the sentence names a mistake."
	tests := []struct {
		name     string
		setAside []views.SetAsideRow
		verdict  string
		items    int
	}{
		{"nothing set aside", nil, "✓ A pass", 0},
		{"one sentence set aside", []views.SetAsideRow{{Labels: []string{"Keeps writing after a renewal failed"}, Note: note}}, "✓ A pass, if you did not mean the sentence set aside below", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := views.RoundFeedbackView{Title: "Q", Number: 1, Size: 1, ScorePct: 85, Passed: true, Graded: views.Graded{SetAside: tt.setAside}}
			var b strings.Builder
			if err := views.RoundFeedback(views.Page{}, v).Render(context.Background(), &b); err != nil {
				t.Fatalf("render: %v", err)
			}
			doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(strings.Fields(doc.Find(`[data-testid=turn-score] h2`).Text()), " "); got != tt.verdict {
				t.Errorf("verdict = %q, want %q", got, tt.verdict)
			}
			items := doc.Find(`[data-testid=set-aside-item]`)
			if items.Length() != tt.items {
				t.Fatalf("%d set-aside items, want %d", items.Length(), tt.items)
			}
			if tt.items > 0 {
				if got := items.Find(`[data-testid=set-aside-note]`).Text(); got != note {
					t.Errorf("note = %q, want %q", got, note)
				}
				if _, ok := items.Attr("id"); ok {
					t.Errorf("a turn's set-aside item has an id: a scorecard lists several turns, so ids would repeat")
				}
			}
		})
	}
}
