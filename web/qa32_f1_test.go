package web_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestRefusedStartKeepsPeerMode: a peer start refused because a round is
// in progress comes back with peer still chosen, not interview (QA-32 #6).
func TestRefusedStartKeepsPeerMode(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	startRound(t, cl, "5", "8", "coached")
	tok := csrfFrom(t, cl.get("/rounds"))
	rec := cl.postForm("/rounds", url.Values{"_csrf": {tok}, "questions": {"3"}, "minutes": {"4"}, "mode": {"peer"}})
	if rec.Code != http.StatusConflict {
		t.Fatalf("status %d, want 409", rec.Code)
	}
	doc := mustDoc(t, rec)
	for name, want := range map[string]string{"mode": "peer", "questions": "3", "minutes": "4"} {
		if got, _ := doc.Find(`input[name=` + name + `][checked]`).Attr("value"); got != want {
			t.Errorf("%s checked = %q, want %q", name, got, want)
		}
	}
}

// TestSelfAssessedVerdictSaysSo: a round whose score rests on a contested
// turn says so wherever its verdict headline is shown, with the grader's
// own score beside it (QA-32 #5: "90 % Hire" on self-assessed ticks).
func TestSelfAssessedVerdictSaysSo(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := weakFencingRound(t, env, cl)
	card := mustDoc(t, cl.get(roundURL+"/scorecard"))
	if n := card.Find(`[data-testid=verdict-self-assessed]`).Length(); n != 0 {
		t.Fatalf("an uncontested round says its verdict is self-assessed")
	}
	graderPct := card.Find(`[data-testid=round-score]`).Text()
	missed := card.Find(`[data-testid=scored-question]`).Eq(0).Find(`[data-testid=points-missed] li[data-point]`).First()
	item, _ := missed.Attr("data-point")
	action, _ := missed.Find(`[data-testid=contest-form]`).Attr("action")
	tok, _ := missed.Find(`input[name=_csrf]`).Attr("value")
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {item}, "back": {"scorecard"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d", r.Code)
	}
	card = mustDoc(t, cl.get(roundURL+"/scorecard"))
	got := strings.Join(strings.Fields(card.Find(`[data-testid=verdict-card] [data-testid=verdict-self-assessed]`).Text()), " ")
	if !strings.Contains(got, "Self-assessed") || !strings.Contains(got, "grader's own: "+graderPct) {
		t.Fatalf("scorecard verdict note = %q, want self-assessed with the grader's own %s", got, graderPct)
	}
	if card.Find(`[data-testid=round-score]`).Text() == graderPct {
		t.Fatalf("the contest did not change the round score (%s): the test proves nothing", graderPct)
	}
	md := cl.get(roundURL + "/scorecard.md").Body.String()
	if head, _, _ := strings.Cut(md, "\n"); !strings.Contains(head, "self-assessed") || !strings.Contains(head, graderPct) {
		t.Fatalf("markdown headline = %q, want self-assessed with the grader's own %s", head, graderPct)
	}
	list := mustDoc(t, cl.get("/rounds"))
	row := strings.Join(strings.Fields(list.Find(`a[href="`+roundURL+`/scorecard"]`).Closest("tr").Text()), " ")
	if !strings.Contains(row, "self-assessed") || !strings.Contains(row, graderPct) {
		t.Fatalf("rounds list row = %q, want self-assessed with the grader's own %s", row, graderPct)
	}
}

// weakFencingRound plays a coached fencing round to its end: a weak first
// answer (the token, its grant and the paused holder, no check at the
// resource), then "not sure" to every follow-up. It returns the round's URL.
func weakFencingRound(t *testing.T, env *roundEnv, cl *client) string {
	t.Helper()
	roundURL := coachedFencingRound(t, env, cl)
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	weak := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, weak); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: %d", r.Code)
	}
	finishRound(t, env, cl, roundURL)
	return roundURL
}

// finishRound answers "not sure" to every turn left in the round at
// roundURL (at most six) until it reaches its scorecard.
func finishRound(t *testing.T, env *roundEnv, cl *client, roundURL string) {
	t.Helper()
	// every turn a round can have: each main question and its follow-ups
	for i := 0; i < slices.Max(quiz.RoundSizes())*(1+quiz.MaxFollowUps); i++ {
		if r := cl.get(roundURL); r.Code != http.StatusOK {
			break
		}
		rec, seq, _, _ := current(t, cl, roundURL)
		env.clock.Advance(time.Minute)
		res := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "I am not sure; a lock around it, I guess.")
		if strings.HasSuffix(res.Header().Get("Location"), "/scorecard") {
			break
		}
	}
}
