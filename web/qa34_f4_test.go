package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
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
	if text := mustDoc(t, env.alice.get(env.roundURL+"/scorecard")).Find(`[data-testid=peer-card]`).Text(); !strings.Contains(text, gone) || strings.Contains(text, notes) {
		t.Errorf("after the interviewer deleted their data the scorecard says %q", strings.Join(strings.Fields(text), " "))
	}
}

// endedWithFollowUpShowing starts a coached round for cl's learner,
// answers question 1 so that it draws follow-ups, answers the first of
// them when answerFirst, and ends the round with the next one on screen.
// It returns the round's path and its turns after the end.
func endedWithFollowUpShowing(t *testing.T, env *roundEnv, cl *client, answerFirst bool) (string, []quiz.RoundTurn) {
	t.Helper()
	learner := learnerOf(t, cl)
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	rec, seq, q, _ := current(t, cl, roundURL)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, roundAnswers[q]); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	rec, seq, _, f := current(t, cl, roundURL)
	if f == "" {
		t.Fatal("the partial answer drew no follow-up")
	}
	if answerFirst {
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "I am not sure what would happen there."); r.Code != http.StatusSeeOther {
			t.Fatalf("follow-up answer: status %d", r.Code)
		}
		rec, _, _, _ = current(t, cl, roundURL)
	}
	if r := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}}); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	r, err := env.st.Round(context.Background(), learner, id)
	if err != nil {
		t.Fatal(err)
	}
	return roundURL, r.Turns
}

// TestEndedRoundFollowUpsAskedAndNot: a coached round ended while a
// follow-up of question 1 was on screen, with another still queued. The
// asked follow-up's address answers in the past tense, on the scorecard
// where it is listed; the one never asked is neither listed nor scored,
// and the verdict's reasons name each unanswered item once; a main
// question's feedback page links to its answered follow-ups' pages
// (QA-34 F4 #3).
func TestEndedRoundFollowUpsAskedAndNot(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL, turns := endedWithFollowUpShowing(t, env, cl, false)
	var shown, never []quiz.RoundTurn
	for _, tu := range turns {
		if quiz.MainNumber(tu.Seq) == 1 && tu.FollowUp != "" && !tu.Done() {
			if tu.Shown.IsZero() {
				never = append(never, tu)
			} else {
				shown = append(shown, tu)
			}
		}
	}
	if len(shown) != 1 || len(never) == 0 {
		t.Fatalf("follow-ups left after ending: %d shown, %d never shown; the test needs one and some", len(shown), len(never))
	}

	t.Run("the asked follow-up's address", func(t *testing.T) {
		rec := cl.get(roundURL + "/turns/" + itoaTest(shown[0].Seq))
		if rec.Code == http.StatusNotFound || strings.Contains(rec.Body.String(), "no answer yet") {
			t.Fatalf("GET the asked follow-up's page = %d %q", rec.Code, mustDoc(t, rec).Find(`main`).Text())
		}
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != roundURL+"/scorecard" {
			t.Fatalf("GET the asked follow-up's page = %d to %q, want 303 to the scorecard", rec.Code, rec.Header().Get("Location"))
		}
		flash := strings.Join(strings.Fields(mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[data-testid=flash]`).Text()), " ")
		if !strings.Contains(flash, "was asked, but the round ended before you answered it") || strings.Contains(flash, "yet") {
			t.Errorf("the scorecard's notice = %q, want it to say the follow-up was asked and the round ended before the answer", flash)
		}
		rec = cl.get(roundURL + "/turns/" + itoaTest(never[0].Seq))
		flash = strings.Join(strings.Fields(mustDoc(t, cl.get(rec.Header().Get("Location"))).Find(`[data-testid=flash]`).Text()), " ")
		if rec.Code != http.StatusSeeOther || !strings.Contains(flash, "was not asked: the round ended first") {
			t.Errorf("GET a never-asked follow-up's page = %d, notice %q; want it said not asked", rec.Code, flash)
		}
	})

	t.Run("the scorecard", func(t *testing.T) {
		doc := mustDoc(t, cl.get(roundURL+"/scorecard"))
		q1 := doc.Find(`[data-testid=scored-question]`).First()
		if n := q1.Find(`[data-testid=scored-followup]`).Length(); n != len(shown) {
			t.Errorf("question 1 lists %d follow-ups, want the %d asked: %q", n, len(shown), strings.Join(strings.Fields(q1.Text()), " "))
		}
		for _, f := range never {
			title := f.FollowUp
			if fu, ok := env.cat.FollowUps.ByID(f.FollowUp); ok {
				title = fu.Probe.Title
			}
			if strings.Contains(q1.Text(), title) {
				t.Errorf("the never-asked follow-up %q is on the scorecard", title)
			}
		}
		reasons := doc.Find(`[data-testid=reasons]`).Text()
		if n := strings.Count(reasons, "question 1 (follow-up"); n != len(shown) {
			t.Errorf("the reasons name question 1's follow-ups %d times, want %d: %q", n, len(shown), strings.Join(strings.Fields(reasons), " "))
		}
	})

	t.Run("a main question links its follow-ups", func(t *testing.T) {
		env := newRoundEnv(t, "", nil)
		cl := newClient(t, env.srv)
		roundURL, turns := endedWithFollowUpShowing(t, env, cl, true)
		var answered quiz.RoundTurn
		for _, tu := range turns {
			if tu.FollowUp != "" && tu.Done() {
				answered = tu
			}
		}
		if answered.Seq == 0 {
			t.Fatal("no follow-up was answered")
		}
		want := roundURL + "/turns/" + itoaTest(answered.Seq)
		links := mustDoc(t, cl.get(roundURL+"/turns/0")).Find(`[data-testid=follow-up-link]`)
		href, _ := links.Attr("href")
		if links.Length() != 1 || href != want {
			t.Fatalf("question 1's page links %d follow-ups, first %q; want one, %q", links.Length(), href, want)
		}
		if rec := cl.get(href); rec.Code != http.StatusOK {
			t.Errorf("the follow-up's page = %d", rec.Code)
		}
	})
}

func itoaTest(n int) string { return strconv.Itoa(n) }
