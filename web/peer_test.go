package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockdrill/store"
	"lockdrill/web/urls"

	"github.com/PuerkitoBio/goquery"
)

// peerEnv is a peer round under way between alice (the candidate) and bob
// (the interviewer), with carol, a third learner, looking on.
type peerEnv struct {
	*roundEnv
	alice, bob, carol *client
	roundURL, peerURL string
	invite            string
}

// startPeerRound starts a peer round as alice through the start form and
// returns its URL.
func startPeerRound(t *testing.T, env *roundEnv, cl *client) string {
	t.Helper()
	return startRound(t, cl, "3", "4", "peer")
}

// issueInvite asks for an invitation on the candidate's lobby page and
// returns the link's path.
func issueInvite(t *testing.T, cl *client, roundURL string) string {
	t.Helper()
	lobby := cl.get(roundURL)
	if lobby.Code != http.StatusOK || mustDoc(t, lobby).Find(`[data-testid=peer-lobby]`).Length() != 1 {
		t.Fatalf("GET %s: status %d, want the lobby", roundURL, lobby.Code)
	}
	rec := cl.postForm(roundURL+"/invite", url.Values{"_csrf": {csrfFrom(t, lobby)}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != roundURL {
		t.Fatalf("invite: status %d to %q, want 303 back to the lobby; %s", rec.Code, rec.Header().Get("Location"), rec.Body.String())
	}
	link, _ := mustDoc(t, cl.get(roundURL)).Find(`[data-testid=invite-link]`).Attr("value")
	u, err := url.Parse(link)
	if err != nil || !strings.HasPrefix(u.Path, "/peer/join/") || len(u.Path) < len("/peer/join/")+40 {
		t.Fatalf("invitation link = %q, want an absolute /peer/join/<token> with a long token", link)
	}
	return u.Path
}

// join opens the invitation link as cl and presses the join button.
func join(t *testing.T, cl *client, link string) *httptest.ResponseRecorder {
	t.Helper()
	page := cl.get(link)
	tok, ok := mustDoc(t, page).Find(`input[name="_csrf"]`).First().Attr("value")
	if !ok {
		// A refused link has no form; post with a token from another page.
		tok = csrfFrom(t, cl.get("/rounds"))
	}
	return cl.postForm(link, url.Values{"_csrf": {tok}})
}

func newPeerEnv(t *testing.T) *peerEnv {
	t.Helper()
	env := &peerEnv{roundEnv: newRoundEnv(t, "", nil)}
	env.alice, env.bob, env.carol = newClient(t, env.srv), newClient(t, env.srv), newClient(t, env.srv)
	learnerOf(t, env.carol)
	env.roundURL = startPeerRound(t, env.roundEnv, env.alice)
	env.invite = issueInvite(t, env.alice, env.roundURL)
	rec := join(t, env.bob, env.invite)
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/peer/") {
		t.Fatalf("join: status %d to %q, want 303 to the interviewer's screen", rec.Code, rec.Header().Get("Location"))
	}
	env.peerURL = rec.Header().Get("Location")
	return env
}

// post posts form to path as cl with a CSRF token from page.
func post(t *testing.T, cl *client, page, path string, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	if form == nil {
		form = url.Values{}
	}
	form.Set("_csrf", csrfFrom(t, cl.get(page)))
	return cl.postForm(path, form)
}

func TestPeerRoundRolesAndInvitation(t *testing.T) {
	env := newPeerEnv(t)
	rec, seq, q, _ := current(t, env.alice, env.roundURL)
	alicePage := rec.Body.String()

	t.Run("the interviewer reopening the used link is offered their round", func(t *testing.T) {
		r := env.bob.get(env.invite)
		if r.Code != http.StatusGone {
			t.Fatalf("reopened link: status %d, want 410 (the link is used up)", r.Code)
		}
		doc := mustDoc(t, r)
		href, _ := doc.Find(`[data-testid=join-yours]`).Attr("href")
		if href != env.peerURL || !strings.Contains(doc.Find(`[data-testid=join-error]`).Text(), "You joined this round with this link already") {
			t.Fatalf("reopened link offers %q, want the interviewer's round %q", href, env.peerURL)
		}
		// The candidate opening their own used link is sent to their round
		// (QA-8 Q8-6: they were told to ask the candidate for a new one).
		doc = mustDoc(t, env.alice.get(env.invite))
		if href, _ := doc.Find(`[data-testid=join-yours]`).Attr("href"); href != env.roundURL || !strings.Contains(doc.Find(`[data-testid=join-error]`).Text(), "your interviewer joined with it") {
			t.Fatalf("the candidate's own used link offers %q (%q), want their round %q", href, doc.Find(`[data-testid=join-error]`).Text(), env.roundURL)
		}
		// Someone else gets no such offer: the round is not theirs.
		if d := mustDoc(t, env.carol.get(env.invite)); d.Find(`[data-testid=join-interviewing], [data-testid=join-yours]`).Length() != 0 {
			t.Fatal("a third learner opening the used link is offered a round")
		}
	})

	t.Run("the invitation is single use: a third learner cannot join", func(t *testing.T) {
		if r := join(t, env.carol, env.invite); r.Code != http.StatusGone || !strings.Contains(r.Body.String(), "was used already: someone joined the round as its interviewer") {
			t.Fatalf("second join: status %d, want 410 saying the link was used", r.Code)
		}
		if r := env.carol.get(env.invite); r.Code != http.StatusGone {
			t.Fatalf("GET of a used link: status %d, want 410", r.Code)
		}
	})
	t.Run("a third learner sees nothing of the round", func(t *testing.T) {
		for _, path := range []string{env.roundURL, env.roundURL + "/live", env.roundURL + "/scorecard", env.peerURL, env.peerURL + "/live", env.peerURL + "/scorecard"} {
			if r := env.carol.get(path); r.Code != http.StatusNotFound {
				t.Errorf("GET %s as a third learner: status %d, want 404", path, r.Code)
			}
		}
		carolPage := env.carol.get("/rounds").Body.String()
		tok := csrfFromBody(t, carolPage)
		for _, path := range []string{env.roundURL + "/answer", env.roundURL + "/draft", env.roundURL + "/finish", env.roundURL + "/invite", env.peerURL + "/ask", env.peerURL + "/next", env.peerURL + "/notes", env.peerURL + "/finish"} {
			if r := env.carol.postForm(path, url.Values{"_csrf": {tok}, "seq": {seq}, "answer": {"x"}, "follow_up": {"custom"}, "asked": {"x"}}); r.Code != http.StatusNotFound {
				t.Errorf("POST %s as a third learner: status %d, want 404", path, r.Code)
			}
		}
	})
	t.Run("the interviewer cannot answer or type for the candidate", func(t *testing.T) {
		tok := csrfFrom(t, env.bob.get(env.peerURL))
		for _, path := range []string{env.roundURL + "/answer", env.roundURL + "/draft"} {
			if r := env.bob.postForm(path, url.Values{"_csrf": {tok}, "seq": {seq}, "answer": {"The interviewer's answer."}}); r.Code != http.StatusNotFound {
				t.Errorf("POST %s as the interviewer: status %d, want 404", path, r.Code)
			}
		}
		if r := env.bob.get(env.roundURL); r.Code != http.StatusNotFound {
			t.Errorf("GET the candidate's page as the interviewer: status %d, want 404", r.Code)
		}
	})
	t.Run("the candidate cannot see the rubric before the end", func(t *testing.T) {
		for _, path := range []string{env.peerURL, env.peerURL + "/live", env.peerURL + "/scorecard"} {
			if r := env.alice.get(path); r.Code != http.StatusNotFound {
				t.Errorf("GET %s as the candidate: status %d, want 404", path, r.Code)
			}
		}
		if strings.Contains(alicePage, "peer-rubric") || strings.Contains(alicePage, "Points made") {
			t.Errorf("the candidate's question page shows the rubric")
		}
		tok := csrfFromBody(t, alicePage)
		if r := env.alice.postForm(env.peerURL+"/ask", url.Values{"_csrf": {tok}, "follow_up": {"custom"}, "asked": {"x"}}); r.Code != http.StatusNotFound {
			t.Errorf("the candidate asking a follow-up: status %d, want 404", r.Code)
		}
	})
	t.Run("forms without a CSRF token change nothing", func(t *testing.T) {
		if r := env.bob.postForm(env.peerURL+"/next", url.Values{}); r.Code != http.StatusForbidden {
			t.Errorf("POST next without a token: status %d, want 403", r.Code)
		}
		if r := env.alice.postForm(env.roundURL+"/draft", url.Values{"seq": {seq}, "answer": {"x"}}); r.Code != http.StatusForbidden {
			t.Errorf("POST draft without a token: status %d, want 403", r.Code)
		}
	})

	// The candidate's draft reaches the interviewer's live panel, graded.
	tok := csrfFromBody(t, alicePage)
	// The round draws its questions at random, and some canned answers make
	// no point at all: the model answer is a draft that certainly does.
	mq, ok := env.cat.Questions.ByID(q)
	if !ok {
		t.Fatalf("question %q is not in the bank", q)
	}
	draft := mq.ModelAnswer.Markdown
	if r := env.alice.postForm(env.roundURL+"/draft", url.Values{"_csrf": {tok}, "seq": {seq}, "answer": {draft}}); r.Code != http.StatusNoContent {
		t.Fatalf("draft: status %d, want 204", r.Code)
	}
	live := env.bob.get(env.peerURL + "/live")
	if live.Code != http.StatusOK {
		t.Fatalf("live: status %d", live.Code)
	}
	doc := mustDoc(t, live)
	shown := doc.Find(`[data-testid=peer-answer]`).Clone()
	shown.Find(".visually-hidden").Remove() // each highlight's point, for screen readers
	if doc.Find(`[data-testid=peer-point][data-hit=true]`).Length() == 0 || !strings.Contains(shown.Text(), draft[:30]) {
		t.Fatalf("the live panel does not show the draft with its ticks: %s", doc.Text())
	}
	state := live.Header().Get("X-Peer-State")
	req := httptest.NewRequest(http.MethodGet, env.peerURL+"/live", nil)
	req.Header.Set("X-Peer-State", state)
	if r := env.bob.do(req); r.Code != http.StatusNoContent {
		t.Fatalf("an unchanged poll: status %d, want 204", r.Code)
	}
	t.Run("a draft over the limit is refused", func(t *testing.T) {
		if r := env.alice.postForm(env.roundURL+"/draft", url.Values{"_csrf": {tok}, "seq": {seq}, "answer": {strings.Repeat("a", 6000)}}); r.Code != http.StatusRequestEntityTooLarge {
			t.Fatalf("long draft: status %d, want 413", r.Code)
		}
	})
	t.Run("a draft with a text-direction character is refused", func(t *testing.T) {
		// The draft is shown on the interviewer's screen, where a bidi
		// override would reorder the text around it (QA-31).
		r := env.alice.postForm(env.roundURL+"/draft", url.Values{"_csrf": {tok}, "seq": {seq}, "answer": {"the storage \u202erejects\u202c lower tokens"}})
		if r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "U+202E") {
			t.Fatalf("bidi draft: status %d %q, want 422 naming U+202E", r.Code, r.Body.String())
		}
		live := mustDoc(t, env.bob.get(env.peerURL+"/live")).Find(`[data-testid=peer-answer]`).Text()
		if strings.ContainsRune(live, '\u202e') {
			t.Fatalf("the interviewer's screen shows the refused draft")
		}
	})
	t.Run("the interviewer cannot move on before the answer", func(t *testing.T) {
		r := post(t, env.bob, env.peerURL, env.peerURL+"/next", nil)
		if r.Code != http.StatusSeeOther {
			t.Fatalf("early next: status %d, want 303 back with why", r.Code)
		}
		if cur, _, _, _ := current(t, env.alice, env.roundURL); mustDoc(t, cur).Find(`input[name=seq]`).AttrOr("value", "") != seq {
			t.Fatalf("an early next moved the round on")
		}
	})
}

func TestPeerInvitationLimits(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	alice, bob := newClient(t, env.srv), newClient(t, env.srv)
	roundURL := startPeerRound(t, env, alice)
	t.Run("the candidate cannot join their own round", func(t *testing.T) {
		link := issueInvite(t, alice, roundURL)
		if r := join(t, alice, link); r.Code != http.StatusConflict {
			t.Fatalf("own join: status %d, want 409", r.Code)
		}
	})
	t.Run("a replaced link no longer works", func(t *testing.T) {
		old := issueInvite(t, alice, roundURL)
		issueInvite(t, alice, roundURL)
		if r := join(t, bob, old); r.Code != http.StatusGone || !strings.Contains(mustDoc(t, r).Find("main").Text(), "replaced by a newer one") {
			t.Fatalf("replaced link: status %d, want 410 saying it was replaced", r.Code)
		}
	})
	t.Run("an expired link does nothing", func(t *testing.T) {
		link := issueInvite(t, alice, roundURL)
		env.clock.Advance(store.InviteTTL + time.Second)
		if r := bob.get(link); r.Code != http.StatusGone {
			t.Fatalf("GET expired link: status %d, want 410", r.Code)
		}
		if r := join(t, bob, link); r.Code != http.StatusGone || !strings.Contains(r.Body.String(), "expired") {
			t.Fatalf("join with an expired link: status %d, want 410 saying it expired", r.Code)
		}
		if r := alice.get(roundURL); mustDoc(t, r).Find(`[data-testid=peer-lobby]`).Length() != 1 {
			t.Fatalf("after an expired join the round is not waiting for its interviewer")
		}
	})
	t.Run("a made-up token is not valid", func(t *testing.T) {
		if r := join(t, bob, "/peer/join/"+strings.Repeat("A", 43)); r.Code != http.StatusNotFound || !strings.Contains(mustDoc(t, r).Find("main").Text(), "Check that you copied all of it, or ask the candidate for a new one") {
			t.Fatalf("made-up token: status %d, want 404 saying what to do", r.Code)
		}
	})
	t.Run("polling is rate limited", func(t *testing.T) {
		limited := false
		for i := 0; i < 60 && !limited; i++ {
			limited = alice.get(roundURL+"/live").Code == http.StatusTooManyRequests
		}
		if !limited {
			t.Fatalf("60 polls at once were all served, want 429 past the burst")
		}
	})
}

// TestPeerRoundToTheScorecards plays a whole peer round through the router:
// the interviewer asks a suggested follow-up and one of their own, moves
// on, scores and ends the round; both sides get the scorecard with both
// views, and each keeps it in their history.
func TestPeerRoundToTheScorecards(t *testing.T) {
	env := newPeerEnv(t)
	rec, seq, q, _ := current(t, env.alice, env.roundURL)
	// The model answer, so that the main answer makes points whichever
	// question comes first (some canned round answers are wrong on purpose).
	mq, ok := mustBank(t).ByID(q)
	if !ok {
		t.Fatalf("the round asks %q, which the bank does not have", q)
	}
	text := mq.ModelAnswer.Markdown
	if r := answerTurn(t, env.alice, env.roundURL, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	wait := env.alice.get(env.roundURL)
	if mustDoc(t, wait).Find(`[data-testid=peer-wait]`).Length() != 1 {
		t.Fatalf("after the answer the candidate does not wait for the interviewer")
	}
	if r := answerTurn(t, env.alice, env.roundURL, wait.Body.String(), "10", "Jumping ahead to the next question."); r.Code != http.StatusConflict || !strings.Contains(r.Body.String(), "has not asked the next question") {
		t.Fatalf("an answer while the round waits: status %d, want 409 saying why", r.Code)
	}
	screen := mustDoc(t, env.bob.get(env.peerURL))
	if screen.Find(`[data-testid=peer-question][data-status=waiting]`).Length() != 1 {
		t.Fatalf("the interviewer's screen does not show the answer as submitted")
	}
	// The interviewer types their own follow-up; it reaches the candidate.
	own := "What would you do if the lock service itself became unavailable?"
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/ask", url.Values{"follow_up": {"custom"}, "asked": {own}}); r.Code != http.StatusSeeOther {
		t.Fatalf("ask: status %d", r.Code)
	}
	rec, seq2, _, f := current(t, env.alice, env.roundURL)
	if f != "custom" || !strings.Contains(mustDoc(t, rec).Find(`[data-testid=round-title]`).Text(), own) {
		t.Fatalf("the candidate's page shows %q, want the interviewer's own follow-up", mustDoc(t, rec).Find(`[data-testid=round-title]`).Text())
	}
	if r := answerTurn(t, env.alice, env.roundURL, rec.Body.String(), seq2, "I would fail closed and stop writing, and alert."); r.Code != http.StatusSeeOther {
		t.Fatalf("follow-up answer: status %d", r.Code)
	}
	// During the follow-up the rubric keeps what the main answer made,
	// marked as made earlier, instead of "not yet" (QA-8 Q8-7).
	madeMain := map[string]bool{}
	screen.Find(`[data-testid=peer-point][data-hit=true]`).Each(func(_ int, s *goquery.Selection) { madeMain[s.AttrOr("data-point", "")] = true })
	if len(madeMain) == 0 {
		t.Fatalf("the main answer made no point: the test answer %q is too weak to check the follow-up's rubric", text)
	}
	during := mustDoc(t, env.bob.get(env.peerURL))
	for id := range madeMain {
		pt := during.Find(`[data-testid=peer-point][data-point="` + id + `"]`)
		if pt.AttrOr("data-hit", "") != "true" {
			t.Errorf("during the follow-up, point %s made in the main answer reads %q", id, strings.Join(strings.Fields(pt.Text()), " "))
		}
	}
	if during.Find(`[data-testid=peer-point-earlier]`).Length() == 0 {
		t.Errorf("during the follow-up no point is marked as made in an earlier answer, though the main answer made %d", len(madeMain))
	}
	// Every button of the interviewer's page submits the notes form, so
	// notes typed before "Next question" are kept (QA: they were lost).
	early := "Typed before moving on."
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/next", url.Values{"notes": {early}, "score-trade-offs": {"2"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("next: status %d", r.Code)
	}
	if got := mustDoc(t, env.bob.get(env.peerURL)).Find(`[data-testid=notes]`).Text(); got != early {
		t.Fatalf("notes sent with next = %q, want %q kept", got, early)
	}
	if _, seq3, _, f3 := current(t, env.alice, env.roundURL); seq3 != "10" || f3 != "" {
		t.Fatalf("after next the candidate is on %s/%s, want the second main question", seq3, f3)
	}
	notes := "Clear on the lease, vague on what happens when the service fails."
	form := url.Values{"notes": {notes}, "score-failure-modes": {"1"}, "score-safety-mechanisms": {"3"}}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/notes", form); r.Code != http.StatusSeeOther {
		t.Fatalf("notes: status %d", r.Code)
	}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/notes", url.Values{"notes": {"fine\x00"}}); r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "U+0000") {
		t.Fatalf("notes with a NUL: status %d, want 422 naming U+0000", r.Code)
	}
	bad := url.Values{"notes": {"x"}, "score-failure-modes": {"9"}}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/notes", bad); r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "The score for Failure modes: choose 1 to 4") {
		t.Fatalf("a score of 9 was not refused with the field named")
	}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther || r.Header().Get("Location") != env.peerURL+"/scorecard" {
		t.Fatalf("finish: status %d to %q", r.Code, r.Header().Get("Location"))
	}

	// After the end the interviewer can still write notes and scores for
	// a while (the candidate may be the one who ends the round; QA-4
	// E10), and the candidate's scorecard shows them; then they are final.
	if after := mustDoc(t, env.bob.get(env.peerURL)); after.Find(`[data-testid=notes-after-end]`).Length() != 1 || after.Find(`[data-testid=save-notes]`).Length() != 1 || after.Find(`[data-testid=interviewer-end]`).Length() != 0 {
		t.Fatalf("after the end the interviewer's page offers no notes form (or still offers to end the round)")
	}
	late := notes + " Added after the end."
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/notes", url.Values{"notes": {late}, "score-failure-modes": {"1"}, "score-safety-mechanisms": {"3"}}); r.Code != http.StatusSeeOther || r.Header().Get("Location") != env.peerURL {
		t.Fatalf("notes just after the end: status %d to %q, want them saved", r.Code, r.Header().Get("Location"))
	}
	if !strings.Contains(env.alice.get(env.roundURL+"/scorecard").Body.String(), "Added after the end.") {
		t.Fatal("the candidate's scorecard does not show the notes written after the end")
	}
	notes = late
	env.clock.Advance(store.NotesGrace + time.Minute)
	// Refused with what was typed shown back (QA-34 #4).
	if r := post(t, env.bob, "/account", env.peerURL+"/notes", url.Values{"notes": {"changed much later"}}); r.Code != http.StatusConflict || !strings.Contains(r.Body.String(), "changed much later") {
		t.Fatalf("notes after the grace: status %d, want 409 showing them back", r.Code)
	}
	if strings.Contains(env.alice.get(env.roundURL+"/scorecard").Body.String(), "changed much later") {
		t.Fatal("notes posted after the grace changed the candidate's scorecard")
	}
	for name, page := range map[string]*httptest.ResponseRecorder{
		"candidate":   env.alice.get(env.roundURL + "/scorecard"),
		"interviewer": env.bob.get(env.peerURL + "/scorecard"),
	} {
		t.Run(name+"'s scorecard", func(t *testing.T) {
			if page.Code != http.StatusOK {
				t.Fatalf("status %d", page.Code)
			}
			doc := mustDoc(t, page)
			card := doc.Find(`[data-testid=peer-card]`)
			if card.Length() != 1 || !strings.Contains(card.Find(`[data-testid=peer-notes-text]`).Text(), notes) {
				t.Fatalf("no peer card with the interviewer's notes")
			}
			// A note under an answer whose two scores are equal does not
			// ask why they differ (QA-8 Q8-8).
			doc.Find(`[data-testid=score-explain]`).Each(func(_ int, e *goquery.Selection) {
				g, f := e.Find(`[data-testid=explain-graded]`).Text(), e.Find(`[data-testid=explain-final]`).Text()
				if g == f && strings.Contains(e.Text(), "Why they differ") {
					t.Errorf("the note under an answer graded %s and scored %s asks why they differ", g, f)
				}
			})
			if doc.Find(`[data-testid=peer-dimension]`).Length() != 4 {
				t.Fatalf("peer card rows = %d, want the four dimensions", doc.Find(`[data-testid=peer-dimension]`).Length())
			}
			if doc.Find(`[data-testid=scored-question]`).Length() != 3 || doc.Find(`[data-testid=verdict]`).Length() != 1 {
				t.Fatalf("the grader's scorecard is missing beside the interviewer's")
			}
			// The interviewer's own follow-up shows no rubric score and no
			// points missed, only what it made (QA-4 E13: "2 %" and five
			// points "missed" that the main answer had made).
			var typed *goquery.Selection
			doc.Find(`[data-testid=scored-followup]`).Each(func(_ int, f *goquery.Selection) {
				if strings.Contains(f.Find("h4").Text(), own) {
					typed = f
				}
			})
			if typed == nil || typed.Find(`[data-testid=unscored-followup]`).Length() != 1 || typed.Find(".badge.ok, .badge.bad").Length() != 0 || typed.Find(`[data-testid=points-missed]`).Length() != 0 {
				t.Fatalf("the typed follow-up is shown with a score or points missed")
			}
			// The interviewer's copy speaks of the candidate, not to them.
			speaks := strings.Contains(doc.Text(), "Points you made")
			if name == "interviewer" && (speaks || !strings.Contains(doc.Text(), "Points the candidate made")) {
				t.Fatalf("the interviewer's scorecard addresses the candidate as 'you'")
			}
			if name == "candidate" && !speaks {
				t.Fatalf("the candidate's scorecard does not say 'Points you made'")
			}
			contest := doc.Find(`form[action$="/disputes"]`).Length()
			if name == "interviewer" && contest != 0 {
				t.Fatalf("the interviewer's copy has %d dispute forms, want none", contest)
			}
			if name == "candidate" && contest == 0 {
				t.Fatalf("the candidate's scorecard has no dispute forms")
			}
		})
	}
	// The typed follow-up's own page shows no score or verdict either, and
	// no points missed (QA-54 M4: "Not yet a pass, 2 %" for a correct
	// answer to the interviewer's question, graded against the rubric).
	page := env.alice.get(env.roundURL + "/turns/" + seq2)
	if page.Code != http.StatusOK {
		t.Fatalf("the typed follow-up's page: status %d", page.Code)
	}
	if doc := mustDoc(t, page); doc.Find(`[data-testid=unscored-followup]`).Length() != 1 || doc.Find(`[data-testid=turn-score]`).Length() != 0 || doc.Find(`[data-testid=points-missed]`).Length() != 0 || strings.Contains(doc.Text(), "Not yet a pass") {
		t.Fatalf("the typed follow-up's page shows a score, a verdict or points missed")
	}
	// Each side's export carries its part: the candidate's round with the
	// typed follow-up and the interviewer's notes, the interviewer's notes
	// in their own file. A second browser that imports the candidate's file
	// gets the round back with both.
	_, aliceRaw := exportOf(t, env.alice)
	if !strings.Contains(string(aliceRaw), own) || !strings.Contains(string(aliceRaw), notes) {
		t.Fatalf("the candidate's export lacks the typed follow-up or the interviewer's notes")
	}
	if _, bobRaw := exportOf(t, env.bob); !strings.Contains(string(bobRaw), notes) {
		t.Fatalf("the interviewer's export lacks their own notes")
	}
	laptop := newClient(t, env.srv)
	if rec := postNamedFile(t, laptop, "lockdrill-export.json", aliceRaw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import of the candidate's export = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	var imported string
	mustDoc(t, laptop.get(urls.Rounds())).Find(`a[href$="/scorecard"]`).Each(func(_ int, a *goquery.Selection) {
		imported, _ = a.Attr("href")
	})
	if imported == "" {
		t.Fatalf("the imported round is not listed on the second browser's rounds page")
	}
	card := mustDoc(t, laptop.get(imported))
	if !strings.Contains(card.Find(`[data-testid=peer-notes-text]`).Text(), notes) || !strings.Contains(card.Text(), own) {
		t.Fatalf("the imported round's scorecard lacks the interviewer's notes or the typed follow-up")
	}

	// The round feeds the candidate's review as a solo round does, and
	// nothing of it reaches the interviewer's.
	alice := env.alice.cookies["lockdrill_learner"].Value
	bob := env.bob.cookies["lockdrill_learner"].Value
	if log, err := env.st.AttemptLog(context.Background(), alice); err != nil || len(log) != 1 || log[0].Question != q {
		t.Fatalf("candidate's review after the round = %+v, %v; want the one main answer", log, err)
	}
	if log, _ := env.st.AttemptLog(context.Background(), bob); len(log) != 0 {
		t.Fatalf("the interviewer's review got %d attempts from the candidate's round", len(log))
	}
	md := env.alice.get(env.roundURL + "/scorecard.md").Body.String()
	if !strings.Contains(md, "The interviewer's notes") || !strings.Contains(md, "Clear on the lease") {
		t.Fatalf("the Markdown export lacks the interviewer's view:\n%s", md)
	}
	// A peer round is called one wherever it is shown (QA-3 D6).
	if !strings.Contains(md, "· Peer interview") {
		t.Fatalf("the Markdown export does not call the round a peer interview:\n%s", md)
	}
	if card := env.alice.get(env.roundURL + "/scorecard").Body.String(); !strings.Contains(card, "Peer interview") {
		t.Fatal("the candidate's scorecard does not call the round a peer interview")
	}
	if n := mustDoc(t, env.alice.get("/rounds")).Find(`[data-testid=history-row]`).Length(); n != 1 {
		t.Fatalf("the candidate's history has %d rows, want the round", n)
	}
	if n := mustDoc(t, env.bob.get("/rounds")).Find(`[data-testid=interviewed-row]`).Length(); n != 1 {
		t.Fatalf("the interviewer's history lists %d interviewed rounds, want 1", n)
	}
	if n := mustDoc(t, env.carol.get("/rounds")).Find(`[data-testid=interviewed-row]`).Length(); n != 0 {
		t.Fatalf("a third learner's history lists %d interviewed rounds", n)
	}
	if r := env.alice.get(env.peerURL + "/scorecard"); r.Code != http.StatusNotFound {
		t.Fatalf("the candidate on the interviewer's copy: status %d, want 404 (theirs is /rounds/…/scorecard)", r.Code)
	}
}

// TestPeerRoundNobodyJoinedIsCancelledNotScored: cancelling a peer round
// from the lobby before anyone joined deletes it; it does not appear as a
// 0 % "No hire" in the history (QA-3 D20). A joined round still finishes.
func TestPeerRoundNobodyJoinedIsCancelledNotScored(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	alice := newClient(t, env.srv)
	roundURL := startPeerRound(t, env, alice)
	invite := issueInvite(t, alice, roundURL)
	rec := post(t, alice, roundURL, roundURL+"/finish", nil)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != urls.Rounds() {
		t.Fatalf("cancel: status %d to %q, want 303 to the rounds page", rec.Code, rec.Header().Get("Location"))
	}
	// The link of a cancelled round says that is why it is dead (QA-7
	// P9: it listed only used, replaced or never issued, then all four).
	if r := newClient(t, env.srv).get(invite); r.Code != http.StatusGone || !strings.Contains(mustDoc(t, r).Find("main").Text(), "The candidate cancelled this round before anyone joined it") {
		t.Fatalf("the cancelled round's invite: status %d (%s), want 410 saying the round was cancelled", r.Code, mustDoc(t, r).Find("main").Text())
	}
	if r := alice.get(roundURL); r.Code != http.StatusNotFound {
		t.Fatalf("the cancelled round: status %d, want 404", r.Code)
	}
	if n := mustDoc(t, alice.get(urls.Rounds())).Find(`a[href$="/scorecard"]`).Length(); n != 0 {
		t.Fatalf("the rounds page lists %d scorecards after a cancelled, never-joined round; want none", n)
	}

	env2 := newPeerEnv(t)
	if r := post(t, env2.alice, env2.roundURL, env2.roundURL+"/finish", nil); r.Code != http.StatusSeeOther || !strings.HasSuffix(r.Header().Get("Location"), "/scorecard") {
		t.Fatalf("ending a joined peer round: status %d to %q, want its scorecard", r.Code, r.Header().Get("Location"))
	}
}

// TestPeerInvitationSurvivesAReload: making a link redirects to the lobby,
// which shows it again on a reload instead of re-posting and replacing the
// link just sent (QA-3 D21); the link's cookie is the candidate's alone
// (HttpOnly, the round's path, the invitation's lifetime), and a link
// that was replaced or expired is not shown.
func TestPeerInvitationSurvivesAReload(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	alice := newClient(t, env.srv)
	roundURL := startPeerRound(t, env, alice)
	link := issueInvite(t, alice, roundURL)
	ck := alice.cookies["lockdrill_invite"]
	if ck == nil || !ck.HttpOnly || ck.Path != roundURL || ck.MaxAge != int(store.InviteTTL/time.Second) {
		t.Fatalf("invitation cookie = %+v, want HttpOnly on %s for %s", ck, roundURL, store.InviteTTL)
	}
	shown := func() string {
		v, _ := mustDoc(t, alice.get(roundURL)).Find(`[data-testid=invite-link]`).Attr("value")
		return v
	}
	if got := shown(); !strings.HasSuffix(got, link) {
		t.Fatalf("after a reload the lobby shows %q, want the link just made %q", got, link)
	}
	if terms := spaces(mustDoc(t, alice.get(roundURL)).Find(`[data-testid=invite-terms]`).Text()); strings.Contains(terms, "only once") || !strings.Contains(terms, "stays on this page") {
		t.Fatalf("the lobby says %q of a link it shows on every reload", terms)
	}
	second := issueInvite(t, alice, roundURL)
	if second == link || !strings.HasSuffix(shown(), second) {
		t.Fatalf("a new link %q did not replace %q on the lobby", second, link)
	}
	// A stale cookie (a link replaced since) shows nothing.
	alice.cookies["lockdrill_invite"].Value = strings.TrimPrefix(link, "/peer/join/")
	if got := shown(); got != "" {
		t.Fatalf("the lobby shows a replaced link %q", got)
	}
	alice.cookies["lockdrill_invite"].Value = strings.TrimPrefix(second, "/peer/join/")
	env.clock.Advance(store.InviteTTL + time.Second)
	if got := shown(); got != "" {
		t.Fatalf("the lobby shows an expired link %q", got)
	}
}
