package web_test

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestScorecardMarkdownQuotesWhatThePageQuotes: scorecard.md quotes the
// learner's words under every point the page quotes them for, the main
// answer's and the follow-up's own as well as a point a follow-up made for
// the main answer (QA-37 F1 #2: the export quoted only the last).
func TestScorecardMarkdownQuotesWhatThePageQuotes(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	me := newClient(t, env.srv)
	roundURL := outboxCoachedRound(t, env, me)
	answerOutboxFollowUp(t, env, me, roundURL, true)
	card := mustDoc(t, me.get(roundURL+"/scorecard"))
	md := me.get(roundURL + "/scorecard.md").Body.String()
	lines := strings.Split(md, "\n")
	checked := 0
	card.Find(`[data-testid=point-hit]`).Each(func(_ int, li *goquery.Selection) {
		q := li.Find("q").First()
		if q.Length() == 0 {
			return
		}
		if _, fromFollowUp := q.Attr("data-testid"); fromFollowUp {
			return // TestFollowUpPointQuotesTheFollowUpsPhrase
		}
		label := strings.TrimSpace(li.Find("strong").First().Text())
		want := "(you wrote: “" + strings.TrimSpace(q.Text()) + "”)"
		found := false
		for _, l := range lines {
			if strings.HasPrefix(l, "- [x] "+label) && strings.Contains(l, want) {
				found = true
			}
		}
		if !found {
			t.Errorf("scorecard.md has no line for %q quoting %s, which the page quotes:\n%.4000s", label, want, md)
		}
		checked++
	})
	if checked < 4 {
		t.Fatalf("the scorecard quotes %d points of the answers; the test needs the main answer's and the follow-up's", checked)
	}
}
