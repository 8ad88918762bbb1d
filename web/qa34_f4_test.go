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

// TestImportedPeerScorecardSaysNothingDeleted: an imported peer round
// keeps the interviewer's notes and scores, but not who they were. Its
// scorecard shows them and does not say they were deleted; the line
// stays for a round whose interviewer did delete their data, since then
// the notes and scores are gone (QA-34 F4 #2).
func TestImportedPeerScorecardSaysNothingDeleted(t *testing.T) {
	env := newPeerEnv(t)
	notes := "Clear on the lease, vague on what happens when the service fails."
	form := url.Values{"notes": {notes}, "score-failure-modes": {"1"}, "score-safety-mechanisms": {"3"}}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/notes", form); r.Code != http.StatusSeeOther {
		t.Fatalf("notes: status %d", r.Code)
	}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	const gone = "deleted with their data"
	if body := env.alice.get(env.roundURL + "/scorecard").Body.String(); strings.Contains(body, gone) || !strings.Contains(body, notes) {
		t.Fatalf("before the export the scorecard says the notes were deleted, or does not show them")
	}
	_, raw := exportOf(t, env.alice)
	fresh := newClient(t, env.srv)
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	link, ok := mustDoc(t, fresh.get("/rounds")).Find(`a[href$="/scorecard"]`).First().Attr("href")
	if !ok {
		t.Fatal("the imported round has no scorecard link on /rounds")
	}
	card := mustDoc(t, fresh.get(link)).Find(`[data-testid=peer-card]`)
	text := strings.Join(strings.Fields(card.Text()), " ")
	if !strings.Contains(text, notes) || card.Find(`[data-testid=peer-dimension][data-dimension=safety-mechanisms]`).Text() == "" || !strings.Contains(card.Find(`[data-testid=peer-dimension][data-dimension=safety-mechanisms]`).Text(), "3 of 4") {
		t.Fatalf("the imported scorecard lost the interviewer's notes or scores: %q", text)
	}
	if strings.Contains(text, gone) {
		t.Errorf("the imported scorecard shows the interviewer's notes and scores and says %q", text)
	}

	// The interviewer deletes their data: their notes and scores go, and
	// the candidate's scorecard says why.
	if r := post(t, env.bob, "/account", "/account/delete", url.Values{"confirm": {"delete"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("delete: status %d", r.Code)
	}
	if text := mustDoc(t, env.alice.get(env.roundURL + "/scorecard")).Find(`[data-testid=peer-card]`).Text(); !strings.Contains(text, gone) || strings.Contains(text, notes) {
		t.Errorf("after the interviewer deleted their data the scorecard says %q", strings.Join(strings.Fields(text), " "))
	}
}
