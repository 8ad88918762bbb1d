package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

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

// TestUndoingOwnCorrectionWithdrawsTheDispute: a learner contests a missed
// point and then clicks "I did not make this point" to undo it. The undo
// withdraws their earlier dispute and records none claiming the grader
// ticked the point; the reply says the correction was undone; another
// learner's dispute of the same point is untouched (QA-31 #2).
func TestUndoingOwnCorrectionWithdrawsTheDispute(t *testing.T) {
	srv, st := newTestServer(t)
	answer := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	contestAs := func(cl *client, loc string, doc *goquery.Document, was string) *goquery.Document {
		t.Helper()
		action, tok := contestFormOf(t, doc, "resource-rejects")
		if v, _ := doc.Find(`[data-testid=contest-form][data-item=resource-rejects] input[name=was]`).Attr("value"); v != was {
			t.Fatalf("the form contests %q, want %q", v, was)
		}
		if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "was": {was}}); r.Code != http.StatusSeeOther {
			t.Fatalf("contest %s: status %d", was, r.Code)
		}
		return mustDoc(t, cl.get(loc))
	}
	other := newClient(t, srv)
	oloc, odoc := other.answerOK("fencing-token", url.Values{"answer": {answer}})
	contestAs(other, oloc, odoc, "missed")

	cl := newClient(t, srv)
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {answer}})
	doc = contestAs(cl, loc, doc, "missed")
	if doc.Find(`[data-testid=point-hit][data-point=resource-rejects]`).Length() != 1 {
		t.Fatal("resource-rejects is not ticked after the dispute")
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 2 {
		t.Fatalf("disputes after two learners' contests = %d, want 2", len(ds))
	}
	doc = contestAs(cl, loc, doc, "hit")
	flash := doc.Find(`[data-testid=flash]`).Text()
	if !strings.Contains(flash, "undone") || strings.Contains(flash, "Nothing changed") {
		t.Fatalf("flash after the undo = %q, want it to say the correction was undone", flash)
	}
	if doc.Find(`[data-testid=point-missed][data-point=resource-rejects]`).Length() != 1 {
		t.Fatal("resource-rejects is still ticked after the undo")
	}
	// With the only correction undone the score is the grader's again:
	// no self-assessed notice, no "your correction" badge (QA-31).
	if doc.Find(`[data-testid=self-assessed]`).Length() != 0 || strings.Contains(doc.Text(), "your correction") {
		t.Fatal("after undoing the only correction the page still calls the score self-assessed")
	}
	ds, err := st.AllDisputes(context.Background())
	if err != nil || len(ds) != 1 {
		t.Fatalf("disputes after the undo = %+v, %v; want only the other learner's", ds, err)
	}
	if ds[0].Learner != other.cookies["lockdrill_learner"].Value || ds[0].Was != "missed" {
		t.Fatalf("dispute left = %+v, want the other learner's contest of a missed point", ds[0])
	}
}

// TestAnswerWithHiddenCharactersIsRefused: an answer holding a NUL or a
// bidi override is refused with 422 naming the answer, on practice and in
// a round, with the typed text kept in the form and nothing stored (QA-31 #3).
func TestAnswerWithHiddenCharactersIsRefused(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	for _, tc := range []struct{ name, text, code string }{
		{"NUL", "A fencing token\x00 goes up with every grant.", "U+0000"},
		{"bidi override", "A fencing token \u202Egoes up\u202C with every grant.", "U+202E"},
		{"bidi isolate", "A fencing token \u2066goes up\u2069 with every grant.", "U+2066"},
		{"escape", "A fencing token \x1b[31m goes up with every grant.", "U+001B"},
	} {
		t.Run("practice "+tc.name, func(t *testing.T) {
			cl := newClient(t, env.srv)
			rec := cl.answer("fencing-token", url.Values{"answer": {tc.text}})
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", rec.Code)
			}
			doc := mustDoc(t, rec)
			if msg := doc.Text(); !strings.Contains(msg, "answer") || !strings.Contains(msg, tc.code) {
				t.Fatalf("the page does not name the answer and %s", tc.code)
			}
			if got := doc.Find(`textarea[name=answer]`).Text(); !strings.Contains(got, "with every grant.") {
				t.Fatalf("textarea = %q, want the typed text kept", got)
			}
		})
		t.Run("round "+tc.name, func(t *testing.T) {
			cl := newClient(t, env.srv)
			roundURL := startRound(t, cl, "3", "4", "coached")
			rec, seq, _, _ := current(t, cl, roundURL)
			r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, tc.text)
			if r.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422", r.Code)
			}
			doc := mustDoc(t, r)
			if msg := doc.Text(); !strings.Contains(msg, "answer") || !strings.Contains(msg, tc.code) {
				t.Fatalf("the page does not name the answer and %s", tc.code)
			}
			if got := doc.Find(`textarea[name=answer]`).Text(); !strings.Contains(got, "with every grant.") {
				t.Fatalf("textarea = %q, want the typed text kept", got)
			}
			if _, seq2, _, _ := current(t, cl, roundURL); seq2 != seq {
				t.Fatalf("the refused answer moved the round on: seq %s, want %s", seq2, seq)
			}
		})
	}
}

// TestScorecardLinksEachAnswersFeedback: the scorecard links every
// answered turn to its own feedback page, which answers 200 (QA-31 #4).
func TestScorecardLinksEachAnswersFeedback(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "4", "coached")
	rec, seq, _, _ := current(t, cl, roundURL)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "The lease can expire while the holder is paused, and then another client takes the lock."); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	tok := csrfFromBody(t, cl.get(roundURL).Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
	doc := mustDoc(t, cl.get(roundURL+"/scorecard"))
	links := doc.Find(`[data-testid=turn-link]`)
	if links.Length() == 0 {
		t.Fatal("the scorecard links no answer to its feedback page")
	}
	href, _ := links.First().Attr("href")
	if href != roundURL+"/turns/"+seq {
		t.Fatalf("first answer links to %q, want %q", href, roundURL+"/turns/"+seq)
	}
	if r := cl.get(href); r.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200", href, r.Code)
	}
}

// TestStaleSeqKeepsTheTypedAnswer: an answer sent with an earlier turn's
// seq is refused with 409 and the current question shown with the typed
// text in its textarea and a message (QA-31 #5).
func TestStaleSeqKeepsTheTypedAnswer(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "4", "interview")
	rec, seq, _, _ := current(t, cl, roundURL)
	page := rec.Body.String()
	if r := answerTurn(t, cl, roundURL, page, seq, "The lease can expire while the holder is paused, and then another client takes the lock."); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	typed := "A second answer typed into the old form, which must not be lost."
	r := answerTurn(t, cl, roundURL, page, seq, typed)
	if r.Code != http.StatusConflict {
		t.Fatalf("stale seq: status %d, want 409", r.Code)
	}
	doc := mustDoc(t, r)
	if got := doc.Find(`textarea[name=answer]`).Text(); !strings.Contains(got, typed) {
		t.Fatalf("textarea = %q, want the typed text kept", got)
	}
	if !strings.Contains(doc.Text(), "not recorded") {
		t.Fatal("no message saying the answer was not recorded")
	}
}
