package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestScorecardContestMovesReview: contesting, on a finished round's
// scorecard, a point a main answer missed raises its score, and its
// question's spaced review moves with the score: the flash says when it
// now comes back, and the card is due later than the weaker answer's
// next-day review (QA-52b M4: the score changed, the review did not).
func TestScorecardContestMovesReview(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := coachedFencingRound(t, env, cl)
	learner := learnerOf(t, cl)
	rec, seq, q, _ := current(t, cl, roundURL)
	if q != "fencing-token" {
		t.Fatalf("first question %q", q)
	}
	env.clock.Advance(time.Minute)
	weak := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, weak); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: %d", r.Code)
	}
	finishRound(t, env, cl, roundURL)
	ctx := context.Background()
	failed, ok, err := env.st.Card(ctx, learner, "fencing-token")
	if err != nil || !ok {
		t.Fatalf("no review card after the round: %v", err)
	}
	card := mustDoc(t, cl.get(roundURL+"/scorecard"))
	first := card.Find(`[data-testid=scored-question]`).First()
	if first.Find(`[data-testid=points-missed] li[data-point=resource-rejects]`).Length() != 1 {
		t.Fatalf("the first question does not list resource-rejects as missed")
	}
	missed := first.Find(`[data-testid=points-missed] li[data-point=resource-rejects]`)
	action, _ := missed.Find(`[data-testid=contest-form]`).Attr("action")
	tok, _ := missed.Find(`input[name=_csrf]`).Attr("value")
	r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "back": {"scorecard"}})
	if r.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d", r.Code)
	}
	loc, _, _ := strings.Cut(r.Header().Get("Location"), "#")
	after := mustDoc(t, cl.get(loc))
	flash := after.Find(`[data-testid=flash]`).Text()
	moved, ok, err := env.st.Card(ctx, learner, "fencing-token")
	if err != nil || !ok {
		t.Fatal(err)
	}
	if !moved.Due.After(failed.Due) {
		t.Fatalf("the contested pass is due %v, no later than the failed answer's %v", moved.Due, failed.Due)
	}
	if want := moved.Due.Format("Mon 2 Jan"); !strings.Contains(flash, "the question now comes back") || !strings.Contains(flash, want) {
		t.Errorf("flash %q does not say the question now comes back on %s", flash, want)
	}
	// The other questions' reviews are not mentioned or moved.
	if other, _, _ := env.st.Card(ctx, learner, "avoid-the-lock"); !other.Due.Equal(failed.Due) {
		t.Errorf("an uncontested question's review moved to %v", other.Due)
	}
}
