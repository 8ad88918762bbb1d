package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestEndedRoundTurnSaysWhatHappenedToItsFollowUps ends a coached round
// while the follow-ups the first answer drew are still queued: the first
// turn's page no longer says, in the present tense, that the interviewer
// has follow-ups; it says, in the past tense, that they were not asked
// because the round ended (QA-34 #1).
func TestEndedRoundTurnSaysWhatHappenedToItsFollowUps(t *testing.T) {
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
	// Mid-round the page may promise the follow-up.
	if doc := mustDoc(t, cl.get(roundURL+"/turns/0")); !strings.Contains(doc.Find(`[data-testid=queued]`).Text(), "has") {
		t.Fatalf("mid-round, turn 0 says %q, want the follow-ups to come", doc.Find(`[data-testid=queued]`).Text())
	}
	// The follow-up is shown (asked) but not answered when the round ends.
	rec, _, _, f := current(t, cl, roundURL)
	if f == "" {
		t.Fatal("the partial answer drew no follow-up")
	}
	tok := csrfFromBody(t, rec.Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
	r, err := env.st.Round(context.Background(), learner, id)
	if err != nil {
		t.Fatal(err)
	}
	var queued, shown int
	for _, tu := range r.Turns {
		if quiz.MainNumber(tu.Seq) == 1 && tu.FollowUp != "" && !tu.Done() {
			queued++
			if !tu.Shown.IsZero() {
				shown++
			}
		}
	}
	if queued == 0 || shown != 1 {
		t.Fatalf("follow-ups left after ending: %d, %d of them shown; the test needs one shown", queued, shown)
	}
	rec = cl.get(roundURL + "/turns/0")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET turn 0 of the ended round: status %d", rec.Code)
	}
	doc := mustDoc(t, rec)
	if got := doc.Find(`[data-testid=queued]`); got.Length() != 0 {
		t.Fatalf("the ended round's turn still says %q", strings.TrimSpace(got.Text()))
	}
	said := strings.Join(strings.Fields(doc.Find(`[data-testid=follow-ups-outcome]`).Text()), " ")
	for _, want := range []string{"was asked", "the round ended before you answered it"} {
		if !strings.Contains(said, want) {
			t.Errorf("turn 0 of the ended round says %q, want it to contain %q", said, want)
		}
	}
	if queued > 1 && !strings.Contains(said, "not asked: the round ended first") {
		t.Errorf("turn 0 of the ended round says %q, want the %d follow-ups never shown said not asked", said, queued-1)
	}
}

// TestEndedRoundTurnSaysWhichFollowUpsWereAnswered answers the first
// follow-up a main answer drew and then ends the round: the main turn's
// page says, in the past tense, that it was asked and answered, and that
// the one still queued was not asked (QA-34 #1).
func TestEndedRoundTurnSaysWhichFollowUpsWereAnswered(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
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
	// A weak answer, so the follow-up queued after it is still due.
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "I am not sure what would happen there."); r.Code != http.StatusSeeOther {
		t.Fatalf("follow-up answer: status %d", r.Code)
	}
	rec, _, _, next := current(t, cl, roundURL)
	tok := csrfFromBody(t, rec.Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
	doc := mustDoc(t, cl.get(roundURL+"/turns/0"))
	if got := doc.Find(`[data-testid=queued]`); got.Length() != 0 {
		t.Fatalf("the ended round's turn still says %q", strings.TrimSpace(got.Text()))
	}
	said := strings.Join(strings.Fields(doc.Find(`[data-testid=follow-ups-outcome]`).Text()), " ")
	want := []string{"The interviewer asked 1 follow-up question on what this answer left out, and you answered it."}
	if next != "" {
		// The next follow-up was on screen when the round ended.
		want = append(want, "1 follow-up question was asked, but the round ended before you answered it.")
	}
	for _, w := range want {
		if !strings.Contains(said, w) {
			t.Errorf("turn 0 of the ended round says %q, want it to contain %q", said, w)
		}
	}
}

// TestParallelFirstPostsMakeOneLearner: a new visitor's browser opens two
// tabs (one GET each, sharing the cookies the first GET set) and submits
// both at once, before either response is back. Both answers belong to one
// learner, the one the browser keeps whichever response comes last; none
// is filed under a learner the browser never sees again (QA-34 #2).
func TestParallelFirstPostsMakeOneLearner(t *testing.T) {
	srv, st := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	qs := mustBank(t).ByKind(quiz.KindFreeText)[:2]
	forms := make([]url.Values, len(qs))
	for i, q := range qs {
		forms[i] = url.Values{"answer": {"SET key token NX PX 30000, and a fencing token the storage checks."}}
		forms[i].Set("_csrf", csrfFrom(t, cl.get("/practice/"+q.ID)))
	}
	if _, ok := cl.cookies["lockdrill_learner"]; ok {
		t.Fatal("reading pages made a learner")
	}
	recs := make([]*httptest.ResponseRecorder, len(qs))
	var wg sync.WaitGroup
	for i, q := range qs {
		req := httptest.NewRequest(http.MethodPost, "/practice/"+q.ID, strings.NewReader(forms[i].Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for _, c := range cl.cookies {
			req.AddCookie(c)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			recs[i] = httptest.NewRecorder()
			srv.ServeHTTP(recs[i], req)
		}()
	}
	wg.Wait()
	learners := map[string]bool{}
	for i, rec := range recs {
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("post %d: status %d, want 303", i, rec.Code)
		}
		for _, c := range rec.Result().Cookies() {
			if c.Name == "lockdrill_learner" && c.MaxAge >= 0 {
				learners[c.Value] = true
			}
		}
	}
	if len(learners) != 1 {
		t.Fatalf("two first posts at once named %d learners in their cookies, want 1", len(learners))
	}
	for learner := range learners {
		for _, q := range qs {
			if hist, _ := st.QuestionAttempts(context.Background(), learner, q.ID); len(hist) != 1 {
				t.Errorf("the browser's learner has %d attempts at %s, want 1: the answer went elsewhere", len(hist), q.ID)
			}
		}
	}
}

// refusedPost posts form to path as cl after its CSRF cookie expired, from
// this site's own page (an Origin header), and returns the refusal.
func refusedPost(t *testing.T, cl *client, path string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	delete(cl.cookies, "lockdrill_csrf")
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://example.com")
	rec := cl.do(req)
	if rec.Code != http.StatusForbidden {
		t.Fatalf("POST %s with an expired token: status %d, want 403", path, rec.Code)
	}
	return rec
}

// TestExpiredSandboxFormKeepsTheScenario: the blank-timeline form sent
// after the CSRF cookie expired comes back with the scenario chosen shown
// and a form that sends it again; sending it starts that scenario
// (QA-34 #3).
func TestExpiredSandboxFormKeepsTheScenario(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	form := blankForm(t, cl, url.Values{"model": {"redis"}, "ttl_ms": {"7300"}, "clients": {"3"}, "heartbeat_ms": {"0"}})
	form.Set("_csrf", csrfFrom(t, cl.get("/sandbox")))
	rec := refusedPost(t, cl, "/sandbox", form)
	doc := mustDoc(t, rec)
	kept := map[string]string{}
	doc.Find(`[data-testid=resend-choices] dt`).Each(func(_ int, dt *goquery.Selection) {
		kept[strings.TrimSpace(dt.Text())] = strings.TrimSpace(dt.Next().Text())
	})
	for label, want := range map[string]string{"Lease TTL (ms)": "7300", "Clients": "3", "Lock service": "Redis (one node, async replica)"} {
		if kept[label] != want {
			t.Errorf("the refusal page shows %s = %q, want %q (all shown: %v)", label, kept[label], want, kept)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	sent := cl.resend(t, rec)
	if sent.Code != http.StatusSeeOther || !strings.HasPrefix(sent.Header().Get("Location"), "/sandbox/") {
		t.Fatalf("sending the kept form: status %d to %q, want 303 to the new timeline", sent.Code, sent.Header().Get("Location"))
	}
	export := cl.get(sent.Header().Get("Location") + ".json").Body.String()
	if !strings.Contains(export, `"ttl_ms": 7300`) || strings.Count(export, `"id": "`) < 3 {
		t.Fatalf("the timeline started from the kept form is not the scenario chosen: %.400s", export)
	}
}

// TestExpiredDeleteFormStillAsksForTheWord: the account-deletion form sent
// after the CSRF cookie expired deletes nothing; its refusal page offers
// the deletion again, marked as deleting everything, with the word to type
// asked for afresh, so one click there deletes nothing either (QA-34 #3).
func TestExpiredDeleteFormStillAsksForTheWord(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	practised(t, cl)
	learner := cl.cookies["lockdrill_learner"].Value
	rec := refusedPost(t, cl, "/account/delete", url.Values{"_csrf": {csrfFrom(t, cl.get("/account"))}, "confirm": {"delete"}})
	exists := func() bool {
		ok, err := st.LearnerExists(context.Background(), learner)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !exists() {
		t.Fatal("a refused delete deleted the learner")
	}
	doc := mustDoc(t, rec)
	form := doc.Find(`form[data-testid=resend-form]`)
	if form.Length() != 1 {
		t.Fatal("the refusal page offers no way to send the deletion again")
	}
	if warn := form.Find(`[data-testid=resend-destructive]`).Text(); !strings.Contains(warn, "deletes everything") {
		t.Fatalf("the resend form's warning = %q, want it to say it deletes everything", warn)
	}
	if btn := form.Find(`button[type=submit]`); !strings.Contains(btn.Text(), "Delete everything") || !btn.HasClass("danger") {
		t.Fatalf("the resend button reads %q (class %q), want a danger button saying it deletes", btn.Text(), btn.AttrOr("class", ""))
	}
	confirm := form.Find(`input[name=confirm]`)
	if _, req := confirm.Attr("required"); confirm.Length() != 1 || confirm.AttrOr("value", "") != "" || !req {
		t.Fatalf("the confirmation field on the refusal page: %d found, value %q; want one, empty and required", confirm.Length(), confirm.AttrOr("value", ""))
	}
	// One click, the word not typed again: nothing is deleted.
	if r := cl.resend(t, rec); r.Code != http.StatusUnprocessableEntity || !exists() {
		t.Fatalf("sending it again without the word: status %d, learner kept %v; want 422 and kept", r.Code, exists())
	}
	// The word typed on the refusal page: deleted.
	req := httptest.NewRequest(http.MethodPost, form.AttrOr("action", ""), strings.NewReader(url.Values{
		"_csrf": {form.Find(`input[name=_csrf]`).AttrOr("value", "")}, "confirm": {"delete"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://example.com")
	if r := cl.do(req); r.Code != http.StatusSeeOther || exists() {
		t.Fatalf("sending it with the word typed: status %d, learner kept %v; want 303 and deleted", r.Code, exists())
	}
}

// TestInterviewerToldTheCandidateEndedTheRound: the candidate ends a peer
// round; the interviewer's end, next question or follow-up that comes
// after says the candidate ended it, not "Round ended" as if they had, and
// their screen says so too (QA-34 #4).
func TestInterviewerToldTheCandidateEndedTheRound(t *testing.T) {
	for _, step := range []string{"/finish", "/next", "/ask"} {
		t.Run(step, func(t *testing.T) {
			env := newPeerEnv(t)
			page, seq, _, _ := current(t, env.alice, env.roundURL)
			if r := answerTurn(t, env.alice, env.roundURL, page.Body.String(), seq, roundAnswers["fencing-token"]); r.Code != http.StatusSeeOther {
				t.Fatalf("the candidate's answer: status %d", r.Code)
			}
			interviewerPage := env.bob.get(env.peerURL).Body.String()
			if r := post(t, env.alice, env.roundURL, env.roundURL+"/finish", nil); r.Code != http.StatusSeeOther {
				t.Fatalf("the candidate's end: status %d", r.Code)
			}
			form := url.Values{"_csrf": {csrfFromBody(t, interviewerPage)}, "notes": {"Good on fencing."}, "follow_up": {"custom"}, "asked": {"And if the storage cannot compare tokens?"}}
			rec := env.bob.postForm(env.peerURL+step, form)
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("the interviewer's %s after the candidate ended: status %d", step, rec.Code)
			}
			_, notice := flashAfter(t, env.bob, rec)
			if !strings.Contains(notice, "The candidate had already ended the round") || strings.HasPrefix(notice, "Round ended") {
				t.Fatalf("the interviewer is told %q, want that the candidate ended the round", notice)
			}
			if said := mustDoc(t, env.bob.get(env.peerURL)).Find(`[data-testid=peer-ended-by]`).Text(); said != "The candidate ended the round." {
				t.Fatalf("the interviewer's screen says %q of who ended the round", said)
			}
		})
	}
}

// TestLateNotesAndScoresShownBack: notes and scores sent after the notes
// window closed are refused with the reason and shown back as typed, for
// copying, rather than dropped behind a redirect; nothing is saved
// (QA-34 #4).
func TestLateNotesAndScoresShownBack(t *testing.T) {
	tests := []struct {
		name, step, failureModes string
		// reason is what the refusal must say besides the window closing.
		reason string
	}{
		{"save, scores in range", "/notes", "2", ""},
		{"save, a score out of range", "/notes", "9", "The score for Failure modes: choose 1 to 4."},
		{"next question", "/next", "2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newPeerEnv(t)
			page, seq, _, _ := current(t, env.alice, env.roundURL)
			if r := answerTurn(t, env.alice, env.roundURL, page.Body.String(), seq, roundAnswers["fencing-token"]); r.Code != http.StatusSeeOther {
				t.Fatalf("the candidate's answer: status %d", r.Code)
			}
			if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther {
				t.Fatalf("finish: status %d", r.Code)
			}
			interviewerPage := env.bob.get(env.peerURL).Body.String()
			env.clock.Advance(store.NotesGrace + time.Minute)
			notes := "Strong on <b>fencing</b>;\nweak on what happens at failover."
			rec := env.bob.postForm(env.peerURL+tt.step, url.Values{"_csrf": {csrfFromBody(t, interviewerPage)}, "notes": {notes}, "score-failure-modes": {tt.failureModes}, "score-safety-mechanisms": {"4"}})
			if rec.Code != http.StatusConflict {
				t.Fatalf("late notes: status %d to %q, want 409 with them shown back", rec.Code, rec.Header().Get("Location"))
			}
			doc := mustDoc(t, rec)
			closed := doc.Find(`[data-testid=notes-closed]`)
			if reason := closed.Find(`[data-testid=notes-closed-reason]`).Text(); !strings.Contains(reason, "can no longer change") || !strings.Contains(reason, "Nothing was saved") || !strings.Contains(reason, tt.reason) {
				t.Fatalf("the reason shown = %q", reason)
			}
			if got := strings.TrimPrefix(closed.Find(`textarea[data-testid=notes-typed]`).Text(), "\n"); got != notes {
				t.Fatalf("notes shown back = %q, want %q", got, notes)
			}
			scores := map[string]string{}
			closed.Find(`[data-testid=score-typed]`).Each(func(_ int, s *goquery.Selection) {
				scores[s.AttrOr("data-dimension", "")] = strings.TrimSpace(s.Find(`[data-testid=score-typed-value]`).Text())
			})
			if scores["failure-modes"] != tt.failureModes || scores["safety-mechanisms"] != "4" {
				t.Fatalf("scores shown back = %v, want failure-modes %s and safety-mechanisms 4", scores, tt.failureModes)
			}
			if strings.Contains(env.alice.get(env.roundURL+"/scorecard").Body.String(), "weak on what happens at failover") {
				t.Fatal("late notes reached the candidate's scorecard")
			}
		})
	}
}
