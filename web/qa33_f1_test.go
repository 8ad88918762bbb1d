package web_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
)

// TestDoubleSubmitStoresOneAttempt: the same answer to the same question
// sent twice in a row (a double click) is answered with the first
// attempt's feedback and stored once; a different answer is a new attempt
// (QA-33 #1).
func TestDoubleSubmitStoresOneAttempt(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindMultiple)[0]
	right, wrong := objectiveForms(q)
	first := cl.answer(q.ID, right)
	second := cl.answer(q.ID, right)
	if first.Code != http.StatusSeeOther || second.Code != http.StatusSeeOther {
		t.Fatalf("status %d then %d, want 303 twice", first.Code, second.Code)
	}
	if a, b := first.Header().Get("Location"), second.Header().Get("Location"); a != b {
		t.Fatalf("the resubmission went to %q, want the first attempt's feedback %q", b, a)
	}
	learner := cl.cookies["lockdrill_learner"].Value
	if hist, _ := st.QuestionAttempts(context.Background(), learner, q.ID); len(hist) != 1 {
		t.Fatalf("attempts after a double submit = %d, want 1", len(hist))
	}
	if r := cl.answer(q.ID, wrong); r.Code != http.StatusSeeOther || r.Header().Get("Location") == first.Header().Get("Location") {
		t.Fatalf("a different answer: status %d to %q, want a new attempt", r.Code, r.Header().Get("Location"))
	}
	if hist, _ := st.QuestionAttempts(context.Background(), learner, q.ID); len(hist) != 2 {
		t.Fatalf("attempts after a different answer = %d, want 2", len(hist))
	}
}

// TestDoubleClickAtOnceStoresOneAttempt: a double click sends the two
// posts together, before either is stored; they still make one attempt
// and both lead to its feedback (QA-33 #1).
func TestDoubleClickAtOnceStoresOneAttempt(t *testing.T) {
	srv, st := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindFreeText)[0]
	cl.answerOK(q.ID, url.Values{"answer": {"a warm-up answer so the learner exists"}})
	form := url.Values{"answer": {"SET key token NX PX 30000, and a fencing token checked by the storage"}}
	form.Set("_csrf", csrfFrom(t, cl.get("/practice/"+q.ID)))
	const n = 4
	recs := make([]*httptest.ResponseRecorder, n)
	var wg sync.WaitGroup
	for i := range recs {
		req := httptest.NewRequest(http.MethodPost, "/practice/"+q.ID, strings.NewReader(form.Encode()))
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
	for i, rec := range recs {
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != recs[0].Header().Get("Location") {
			t.Fatalf("post %d: status %d to %q, want 303 to %q like the first", i, rec.Code, rec.Header().Get("Location"), recs[0].Header().Get("Location"))
		}
	}
	learner := cl.cookies["lockdrill_learner"].Value
	if hist, _ := st.QuestionAttempts(context.Background(), learner, q.ID); len(hist) != 2 {
		t.Fatalf("attempts after the warm-up and %d posts at once = %d, want 2", n, len(hist))
	}
}

// resend posts the form a CSRF refusal page offers, as a browser would.
func (cl *client) resend(t *testing.T, rec *httptest.ResponseRecorder) *httptest.ResponseRecorder {
	t.Helper()
	doc := mustDoc(t, rec)
	form := doc.Find(`form[data-testid=resend-form]`)
	if form.Length() != 1 {
		t.Fatalf("the refusal page has no form to send again")
	}
	vals := url.Values{}
	form.Find(`input[name], textarea[name]`).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		if goquery.NodeName(s) == "textarea" {
			vals.Add(name, strings.TrimPrefix(s.Text(), "\n"))
		} else {
			vals.Add(name, s.AttrOr("value", ""))
		}
	})
	req := httptest.NewRequest(http.MethodPost, form.AttrOr("action", ""), strings.NewReader(vals.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://example.com")
	return cl.do(req)
}

// TestExpiredFormKeepsWhatWasTyped: an answer posted after the session's
// CSRF cookie expired is refused (nothing stored) with a page that shows
// the typed answer, escaped, in a form with a fresh token; sending that
// form stores the answer. Without an Origin the answer is still shown, for
// copying (QA-33 #2).
func TestExpiredFormKeepsWhatWasTyped(t *testing.T) {
	typed := "SET key token NX PX 30000 </textarea><script>alert(1)</script>\nand a fencing token the storage checks."
	tests := []struct {
		name string
		post func(t *testing.T, cl *client) (path string, form url.Values)
		// after checks what sending the kept form again did.
		after func(t *testing.T, env *roundEnv, cl *client, rec *httptest.ResponseRecorder)
	}{
		{"practice answer", func(t *testing.T, cl *client) (string, url.Values) {
			return "/practice/fencing-token", url.Values{"_csrf": {csrfFrom(t, cl.get("/practice/fencing-token"))}, "answer": {typed}}
		}, func(t *testing.T, env *roundEnv, cl *client, rec *httptest.ResponseRecorder) {
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("sending the kept answer: status %d, want 303", rec.Code)
			}
			at, err := env.st.Attempt(context.Background(), learnerOf(t, cl), strings.TrimPrefix(rec.Header().Get("Location"), "/practice/fencing-token/attempts/"))
			if err != nil || at.Answer.Text != typed {
				t.Fatalf("stored answer = %q (%v), want what was typed", at.Answer.Text, err)
			}
		}},
		{"round answer", func(t *testing.T, cl *client) (string, url.Values) {
			round := startRound(t, cl, "3", "4", "interview")
			page, seq, _, _ := current(t, cl, round)
			return round + "/answer", url.Values{"_csrf": {csrfFromBody(t, page.Body.String())}, "seq": {seq}, "answer": {typed}}
		}, func(t *testing.T, env *roundEnv, cl *client, rec *httptest.ResponseRecorder) {
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("sending the kept answer: status %d, want 303; body %.300s", rec.Code, rec.Body.String())
			}
			rounds, _ := env.st.Rounds(context.Background(), learnerOf(t, cl))
			r, err := env.st.Round(context.Background(), learnerOf(t, cl), rounds[0].ID)
			if err != nil || len(r.Turns) == 0 || r.Turns[0].Text != typed {
				t.Fatalf("the round's first answer is not what was typed (err %v)", err)
			}
		}},
	}
	for _, tt := range tests {
		for _, origin := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s, origin %v", tt.name, origin), func(t *testing.T) {
				env := newRoundEnv(t, "", nil)
				cl := newClient(t, env.srv)
				path, form := tt.post(t, cl)
				delete(cl.cookies, "lockdrill_csrf") // the cookie expired while the learner typed
				req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				if origin {
					req.Header.Set("Origin", "http://example.com")
				}
				rec := cl.do(req)
				if rec.Code != http.StatusForbidden {
					t.Fatalf("status = %d, want 403", rec.Code)
				}
				if strings.Contains(rec.Body.String(), "<script>alert") {
					t.Fatalf("the refusal page echoes the answer unescaped")
				}
				doc := mustDoc(t, rec)
				if got := strings.TrimPrefix(doc.Find(`[data-testid=resend-field]`).Text(), "\n"); got != typed {
					t.Fatalf("refusal page shows %q, want what was typed %q", got, typed)
				}
				if !origin {
					if doc.Find(`form[data-testid=resend-form]`).Length() != 0 {
						t.Fatalf("a post of unknown origin is offered to be sent again")
					}
					return
				}
				if tok := doc.Find(`form[data-testid=resend-form] input[name=_csrf]`).AttrOr("value", ""); tok == "" || cl.cookies["lockdrill_csrf"] == nil || tok != cl.cookies["lockdrill_csrf"].Value {
					t.Fatalf("the kept form's token %q is not the fresh cookie's", tok)
				}
				tt.after(t, env, cl, cl.resend(t, rec))
			})
		}
	}
}

// TestPeerNotesKeptWhenAScoreIsRefused: a crafted or out-of-range score
// sent with the interviewer's notes (by the save button or any step) is
// refused with 422 on their page, the error at the score's field, and the
// notes, the other scores and an own follow-up as typed; nothing is saved
// and the step is not taken (QA-33 #3).
func TestPeerNotesKeptWhenAScoreIsRefused(t *testing.T) {
	notes := "Solid on the lease; <b>unsure</b> what the storage does with a stale token.\nAsk about fencing next."
	tests := []struct {
		name, path, score string
		extra             url.Values
	}{
		{"save, score 9", "/notes", "9", nil},
		{"save, score 0", "/notes", "0", nil},
		{"save, score not a number", "/notes", "four", nil},
		{"save, score 2.5", "/notes", "2.5", nil},
		{"next question, score -1", "/next", "-1", nil},
		{"own follow-up, score 5", "/ask", "5", url.Values{"follow_up": {"custom"}, "asked": {"What if the lock service itself fails over?"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newPeerEnv(t)
			page, seq, _, _ := current(t, env.alice, env.roundURL)
			if r := answerTurn(t, env.alice, env.roundURL, page.Body.String(), seq, roundAnswers["fencing-token"]); r.Code != http.StatusSeeOther {
				t.Fatalf("the candidate's answer: status %d", r.Code)
			}
			bob, id := learnerOf(t, env.bob), strings.TrimPrefix(env.peerURL, "/peer/")
			before, err := env.st.PeerRound(context.Background(), bob, id)
			if err != nil {
				t.Fatal(err)
			}
			form := url.Values{"notes": {notes}, "score-failure-modes": {tt.score}, "score-safety-mechanisms": {"3"}}
			for k, v := range tt.extra {
				form[k] = v
			}
			rec := post(t, env.bob, env.peerURL, env.peerURL+tt.path, form)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status = %d (to %q), want 422 with the page shown again", rec.Code, rec.Header().Get("Location"))
			}
			doc := mustDoc(t, rec)
			if got := strings.TrimPrefix(doc.Find(`[data-testid=notes]`).Text(), "\n"); got != notes {
				t.Fatalf("notes shown again = %q, want %q", got, notes)
			}
			fs := doc.Find(`[data-testid=score-dimension][data-dimension=failure-modes]`)
			if fs.AttrOr("aria-invalid", "") != "true" || !strings.Contains(fs.Find(`[data-testid=field-error]`).Text(), "The score for Failure modes: choose 1 to 4") {
				t.Fatalf("the refused score's field is not marked with an error naming it: %q", fs.Text())
			}
			if v := doc.Find(`input[name=score-safety-mechanisms][checked]`).AttrOr("value", ""); v != "3" {
				t.Fatalf("the valid score kept = %q, want 3", v)
			}
			if asked := tt.extra.Get("asked"); asked != "" && strings.TrimPrefix(doc.Find(`textarea[name=asked]`).Text(), "\n") != asked {
				t.Fatalf("own follow-up shown again = %q, want %q", doc.Find(`textarea[name=asked]`).Text(), asked)
			}
			p, err := env.st.PeerRound(context.Background(), bob, id)
			if err != nil || p.Notes != "" || len(p.Scores) != 0 || len(p.Round.Turns) != len(before.Round.Turns) {
				t.Fatalf("after the refusal: notes %q, scores %v, %d turns (err %v), want nothing saved and still %d turns", p.Notes, p.Scores, len(p.Round.Turns), err, len(before.Round.Turns))
			}
		})
	}
}

// flashAfter follows rec's redirect as cl and returns the page and the
// notice it shows.
func flashAfter(t *testing.T, cl *client, rec *httptest.ResponseRecorder) (*goquery.Document, string) {
	t.Helper()
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("status %d, want 303", rec.Code)
	}
	page := cl.get(rec.Header().Get("Location"))
	for page.Code == http.StatusSeeOther {
		page = cl.get(page.Header().Get("Location"))
	}
	doc := mustDoc(t, page)
	return doc, strings.Join(strings.Fields(doc.Find(`[data-testid=flash]`).Text()), " ")
}

// TestRoundEndNoticesFitTheirPage: the notice after the last answer of a
// coached round sits on that answer's feedback, so it points to the
// scorecard button there rather than saying the scorecard is shown; and a
// candidate whose interviewer ended the round while their answer was on
// its way sees on the scorecard that the round ended, not that the
// interviewer chooses what comes next (QA-33 #4).
func TestRoundEndNoticesFitTheirPage(t *testing.T) {
	t.Run("last follow-up of a coached round", func(t *testing.T) {
		env := newRoundEnv(t, "", nil)
		cl := newClient(t, env.srv)
		round := startRound(t, cl, "3", "4", "coached")
		for i := 0; ; i++ {
			if i > 20 {
				t.Fatal("the round did not end after 20 answers")
			}
			page, seq, _, _ := current(t, cl, round)
			doc, flash := flashAfter(t, cl, answerTurn(t, cl, round, page.Body.String(), seq, "I would take a lock with SET NX and an expiry."))
			if flash == "" {
				continue
			}
			next := doc.Find(`a[href="` + round + `/scorecard"]`)
			if strings.Contains(flash, "Here is your scorecard") || next.Length() == 0 || !strings.Contains(flash, "last question") {
				t.Fatalf("after the last answer the page (%q) says %q and links the scorecard %d times; want a notice that the round is complete pointing to the scorecard link on this page",
					doc.Find("h1").Text(), flash, next.Length())
			}
			return
		}
	})
	t.Run("peer round ended while the answer was on its way", func(t *testing.T) {
		env := newPeerEnv(t)
		page, seq, _, _ := current(t, env.alice, env.roundURL)
		answer := answerTurn(t, env.alice, env.roundURL, page.Body.String(), seq, roundAnswers["fencing-token"])
		if r := post(t, env.bob, env.peerURL, env.peerURL+"/finish", nil); r.Code != http.StatusSeeOther {
			t.Fatalf("the interviewer's end: status %d", r.Code)
		}
		doc, flash := flashAfter(t, env.alice, answer)
		if doc.Find(`h1`).First().Text() != "Scorecard" || strings.Contains(flash, "chooses what comes next") || !strings.Contains(flash, "ended") {
			t.Fatalf("the candidate lands on %q with the notice %q, want the scorecard saying the round ended", doc.Find(`h1`).First().Text(), flash)
		}
	})
}

// TestImportOfARoundInProgressAndCorrections: a file exported while a
// round was in progress brings the round back resumable (its current
// question not overdue, answerable without an overtime mark), and the
// import's notice says, in full, that the hand corrections of an answer
// were not carried over and that the round resumes (QA-33 #5).
func TestImportOfARoundInProgressAndCorrections(t *testing.T) {
	clock := &testClock{t: testNow}
	srv, st := newServerAt(t, "", clock.Now, unlimitedWrites)
	me := newClient(t, srv)
	// A full export: every part of the import's notice is there.
	for _, sec := range mustCatalog(t).Guide {
		me.postForm("/learn/"+sec.Slug+"/read", url.Values{"_csrf": {csrfFrom(t, me.get("/learn/"+sec.Slug))}, "read": {"1"}})
	}
	me.postForm("/plan", url.Values{"_csrf": {csrfFrom(t, me.get("/account"))}, "interview_date": {"2026-12-20"}})
	blankTimeline(t, me)
	loc, doc := me.answerOK("fencing-token", url.Values{"answer": {partialFencing}})
	ticks := url.Values{"_csrf": {csrfFrom(t, me.get(loc))}}
	doc.Find(`input[name=point]`).Each(func(_ int, s *goquery.Selection) { ticks.Add("point", s.AttrOr("value", "")) })
	if r := me.postForm(loc+"/ticks", ticks); r.Code != http.StatusSeeOther {
		t.Fatalf("ticks: status %d", r.Code)
	}
	if r := me.rate(loc, "Good", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("rating: status %d", r.Code)
	}
	round := startRound(t, me, "3", "4", "interview")
	page, seq, _, _ := current(t, me, round)
	answerTurn(t, me, round, page.Body.String(), seq, "A lease with SET NX PX and a fencing token the storage checks.")
	current(t, me, round) // the next question is on screen when the file is exported
	_, raw := exportOf(t, me)

	clock.Advance(3 * 24 * time.Hour)
	fresh := newClient(t, srv)
	fresh.postForm("/learn/fencing-tokens/read", url.Values{"_csrf": {csrfFrom(t, fresh.get("/learn/fencing-tokens"))}, "read": {"1"}})
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	flash := strings.Join(strings.Fields(mustDoc(t, fresh.get("/account")).Find(`[data-testid=flash]`).Text()), " ")
	for _, want := range []string{"hand corrections in it (1 answer) were applied again", "in progress when the file was exported resumes at its current question"} {
		if !strings.Contains(flash, want) || strings.HasSuffix(flash, "…") {
			t.Errorf("the import's notice %q does not say in full %q", flash, want)
		}
	}
	href := mustDoc(t, fresh.get("/rounds")).Find(`[data-testid=resume-round], a[href^="/rounds/"]`).First().AttrOr("href", "")
	play, seq, _, _ := current(t, fresh, href)
	if body := play.Body.String(); strings.Contains(body, "The time is up") || seq == "" {
		t.Fatalf("the imported round's current question (seq %q) is shown as overdue or is missing", seq)
	}
	if r := answerTurn(t, fresh, href, play.Body.String(), seq, "The holder's lease expires during the pause, so another client takes the lock; the storage must reject the late write by its fencing token."); r.Code != http.StatusSeeOther {
		t.Fatalf("answering the imported round: status %d", r.Code)
	}
	rounds, _ := st.Rounds(context.Background(), learnerOf(t, fresh))
	r, err := st.Round(context.Background(), learnerOf(t, fresh), rounds[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, tn := range r.Turns {
		if tn.Done() && tn.Answered.Sub(tn.Shown) > time.Duration(r.Limit) {
			t.Fatalf("turn %d of the imported round was answered %v after it was shown, over its %v: overtime", tn.Seq, tn.Answered.Sub(tn.Shown), r.Limit)
		}
	}
}

// TestExpiredImportFormKeepsThePastedText: the import form is multipart;
// its pasted text is kept on the refusal page like any typed field
// (QA-33 #2).
func TestExpiredImportFormKeepsThePastedText(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/account"))
	delete(cl.cookies, "lockdrill_csrf")
	pasted := `{"format": "lockdrill-export", "version": 1, "reading": []}`
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("_csrf", token)
	w.WriteField("data", pasted)
	w.Close()
	req := httptest.NewRequest(http.MethodPost, "/account/import", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Origin", "http://example.com")
	rec := cl.do(req)
	if rec.Code != http.StatusForbidden {
		t.Fatalf("status = %d, want 403", rec.Code)
	}
	doc := mustDoc(t, rec)
	if got := strings.TrimPrefix(doc.Find(`form[data-testid=resend-form] textarea[name=data]`).Text(), "\n"); got != pasted {
		t.Fatalf("the refusal page keeps %q, want the pasted export %q", got, pasted)
	}
}
