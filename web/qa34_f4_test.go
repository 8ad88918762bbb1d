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

// recoveredCoachedRound plays, for cl's learner, a coached round whose
// first answer misses points its follow-ups then make, answers every
// follow-up and ends the round; it returns the round's path.
func recoveredCoachedRound(t *testing.T, env *roundEnv, cl *client) string {
	t.Helper()
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	rec, seq, q, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, roundAnswers[q]); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	answered := 0
	for {
		rec, seq, _, f := current(t, cl, roundURL)
		if f == "" {
			break
		}
		text, ok := followUpAnswers[f]
		if !ok {
			t.Fatalf("no answer written for follow-up %q", f)
		}
		env.clock.Advance(time.Minute)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
			t.Fatalf("follow-up %s: status %d", f, r.Code)
		}
		answered++
	}
	if answered == 0 {
		t.Fatal("the partial answer drew no follow-up")
	}
	tok := csrfFromBody(t, cl.get(roundURL).Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
	return roundURL
}

// TestImportKeepsWhatAFollowUpRecovered: a round's follow-up made a
// point its main answer missed, so the answer filed in practice history
// scored the point. Exported and imported into a new learner, the same
// answer scores the same, and so do mastery and the overall figure
// (QA-34 F4 #1: they dropped, the recovery lost in the re-grade).
func TestImportKeepsWhatAFollowUpRecovered(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	me := newClient(t, env.srv)
	roundURL := recoveredCoachedRound(t, env, me)
	if card := mustDoc(t, me.get(roundURL+"/scorecard")); !strings.Contains(card.Text(), "made in the follow-up") {
		t.Fatalf("the test's follow-ups recovered nothing: %s", strings.Join(strings.Fields(card.Text()), " "))
	}
	_, raw := exportOf(t, me)
	fresh := newClient(t, env.srv)
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	for _, q := range []string{"redis-lock-and-failure"} {
		if got, want := lastScore(t, fresh, q), lastScore(t, me, q); got != want {
			t.Errorf("%s after import scores %q, want %q as before", q, got, want)
		}
	}
	was, now := mustDoc(t, me.get("/progress")), mustDoc(t, fresh.get("/progress"))
	for _, sel := range []string{`[data-testid=mastery-pct]`, `[data-testid=overall]`, `[data-testid=mastery-scores]`} {
		w := strings.Join(strings.Fields(was.Find(sel).Text()), " ")
		g := strings.Join(strings.Fields(now.Find(sel).Text()), " ")
		if w != g {
			t.Errorf("progress %s after import = %q, want %q as before", sel, g, w)
		}
	}
	before, _ := exportOf(t, me)
	after, _ := exportOf(t, fresh)
	if got, want := after["rounds"].([]any)[0].(map[string]any)["score"], before["rounds"].([]any)[0].(map[string]any)["score"]; got != want {
		t.Errorf("the round's score after import = %v, want %v", got, want)
	}
}
