package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestEndedRoundPromisesNoMoreFollowUps ends a coached round early, with a
// follow-up drawn but never answered: the scorecard must not say that more
// follow-ups may still be asked (QA-31 #1).
func TestEndedRoundPromisesNoMoreFollowUps(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	rec, seq, q, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, roundAnswers[q]); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	if _, _, _, f := current(t, cl, roundURL); f == "" {
		t.Fatal("the partial answer drew no follow-up")
	}
	tok := csrfFromBody(t, cl.get(roundURL).Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
	for _, path := range []string{roundURL + "/scorecard", roundURL + "/scorecard.md", roundURL + "/turns/0"} {
		rec := cl.get(path)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d, want 200", path, rec.Code)
		}
		if body := rec.Body.String(); strings.Contains(body, "may still be asked") {
			t.Fatalf("GET %s of a finished round still says follow-ups may still be asked", path)
		}
	}
}
