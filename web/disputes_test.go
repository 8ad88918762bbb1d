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

// contestForm finds the contest form of item on a page and returns its
// action and CSRF token.
func contestFormOf(t *testing.T, doc *goquery.Document, item string) (action, csrf string) {
	t.Helper()
	f := doc.Find(`[data-testid=contest-form][data-item="` + item + `"]`).First()
	if f.Length() == 0 {
		t.Fatalf("no contest form for %q", item)
	}
	action, _ = f.Attr("action")
	csrf, _ = f.Find(`input[name=_csrf]`).Attr("value")
	return action, csrf
}

// TestContestOnPracticeFeedback: a learner contests a missed core point
// on the practice feedback page, without JavaScript: the attempt is
// re-scored, the page says it was corrected, and the dispute is kept with
// the answer and the grader's version; nobody else can contest it.
func TestContestOnPracticeFeedback(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	answer := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {answer}})
	if doc.Find(`[data-testid=point-missed][data-point=resource-rejects]`).Length() != 1 {
		t.Fatalf("the answer was meant to miss resource-rejects")
	}
	action, tok := contestFormOf(t, doc, "resource-rejects")
	if action != loc+"/disputes" {
		t.Fatalf("form posts to %q, want %q", action, loc+"/disputes")
	}

	t.Run("without CSRF", func(t *testing.T) {
		if r := cl.postForm(action, url.Values{"item": {"resource-rejects"}}); r.Code != http.StatusForbidden {
			t.Fatalf("status %d, want 403", r.Code)
		}
	})
	t.Run("another learner", func(t *testing.T) {
		other := newClient(t, srv)
		otherTok := csrfFrom(t, other.get("/practice/fencing-token"))
		if r := other.postForm(action, url.Values{"_csrf": {otherTok}, "item": {"resource-rejects"}}); r.Code != http.StatusNotFound {
			t.Fatalf("status %d, want 404", r.Code)
		}
	})
	t.Run("a reason longer than a line", func(t *testing.T) {
		r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "reason": {strings.Repeat("x", quiz.MaxDisputeReason+1)}})
		if r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "reason") {
			t.Fatalf("status %d, want 422 naming the reason", r.Code)
		}
	})
	t.Run("an item the answer does not hold", func(t *testing.T) {
		r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"no-such-point"}})
		if r.Code != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", r.Code)
		}
	})
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
		t.Fatalf("refused disputes were stored: %+v", ds)
	}

	// The redirect brings the learner back to the point they contested,
	// not to the top of the page (QA-40 F2 #1).
	rec := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "reason": {"I said the storage refuses older tokens"}})
	if want := loc + "#point-resource-rejects"; rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
		t.Fatalf("contest: status %d to %q, want 303 to %s", rec.Code, rec.Header().Get("Location"), want)
	}
	after := mustDoc(t, cl.get(loc))
	flash := after.Find(`[data-testid=flash]`).Text()
	if !strings.Contains(flash, "Corrected") {
		t.Fatalf("flash %q, want it to say the answer was corrected", flash)
	}
	if after.Find(`[data-testid=point-hit][data-point=resource-rejects]`).Length() != 1 {
		t.Fatalf("resource-rejects is not ticked after the dispute")
	}
	ds, err := st.AllDisputes(context.Background())
	if err != nil || len(ds) != 1 {
		t.Fatalf("disputes = %+v, %v; want 1", ds, err)
	}
	d := ds[0]
	if d.Surface != "practice" || d.Question != "fencing-token" || d.Item != "resource-rejects" || d.Was != "missed" || d.Answer != answer || d.Reason != "I said the storage refuses older tokens" || !strings.HasPrefix(d.Grader, "g") {
		t.Fatalf("dispute = %+v", d)
	}

	// The page's form says which decision it contests; sent twice (a
	// double click, Back and resend) it corrects once and does not undo
	// itself (QA-4 E9: the second post marked the point missed again).
	was := url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "was": {"missed"}}
	if r := cl.postForm(action, was); r.Code != http.StatusSeeOther {
		t.Fatalf("contest sent again: status %d", r.Code)
	}
	again := mustDoc(t, cl.get(loc))
	if !strings.Contains(again.Find(`[data-testid=flash]`).Text(), "Already corrected") || again.Find(`[data-testid=point-hit][data-point=resource-rejects]`).Length() != 1 {
		t.Fatalf("the same dispute sent again undid the correction (flash %q)", again.Find(`[data-testid=flash]`).Text())
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 1 {
		t.Fatalf("the repeated dispute was stored again: %d disputes", len(ds))
	}
	if v, _ := again.Find(`[data-testid=contest-form][data-item=resource-rejects] input[name=was]`).Attr("value"); v != "hit" {
		t.Fatalf("the form of the corrected point contests %q, want hit (it is now marked made)", v)
	}
}

// contestFirstFlag contests the first red flag shown on practice feedback
// doc, through its form, and returns the feedback page as it reads after:
// the flag must be shown there as dismissed.
func contestFirstFlag(t *testing.T, cl *client, doc *goquery.Document) *goquery.Document {
	t.Helper()
	flag, ok := doc.Find(`[data-testid=flag]`).First().Attr("data-flag")
	if !ok {
		t.Fatal("the answer was meant to raise a red flag")
	}
	action, tok := contestFormOf(t, doc, flag)
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {flag}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest flag: status %d", r.Code)
	}
	after := mustDoc(t, cl.get(strings.TrimSuffix(action, "/disputes")))
	if after.Find(`[data-testid=flag][data-flag=`+flag+`].dismissed`).Length() != 1 {
		t.Fatalf("flag %s is not shown as dismissed", flag)
	}
	return after
}

// TestContestAFlagOnPractice: contesting a raised red flag dismisses it
// and re-scores.
func TestContestAFlagOnPractice(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("redis-vs-consensus", url.Values{"answer": {"Redlock uses a majority of five Redis nodes, so it is safe for correctness and no fencing is needed."}})
	contestFirstFlag(t, cl, doc)
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 1 || ds[0].Was != "flag" {
		t.Fatalf("disputes = %+v", ds)
	}
}

// TestContestOnRoundTurnAndScorecard: in a coached round the turn
// feedback and, once the round is over, the scorecard offer the same
// contest forms; a dispute re-scores the turn, the scorecard and the
// round's stored score.
func TestContestOnRoundTurnAndScorecard(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := coachedFencingRound(t, env, cl)
	learner, id := learnerOf(t, cl), strings.TrimPrefix(roundURL, "/rounds/")
	rec, seq, q, _ := current(t, cl, roundURL)
	if q != "fencing-token" {
		t.Fatalf("first question %q", q)
	}
	env.clock.Advance(time.Minute)
	weak := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, weak); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: %d", r.Code)
	}
	turn := mustDoc(t, cl.get(roundURL+"/turns/"+seq))
	action, tok := contestFormOf(t, turn, "resource-rejects")
	other := newClient(t, env.srv)
	learnerOf(t, other)
	if r := other.postForm(action, url.Values{"_csrf": {csrfFromBody(t, other.get("/rounds").Body.String())}, "item": {"resource-rejects"}}); r.Code != http.StatusNotFound {
		t.Fatalf("another learner's dispute: status %d, want 404", r.Code)
	}
	r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "back": {"turn"}})
	if want := roundURL + "/turns/" + seq + "#point-resource-rejects"; r.Code != http.StatusSeeOther || r.Header().Get("Location") != want {
		t.Fatalf("contest turn: status %d to %q, want 303 to %s", r.Code, r.Header().Get("Location"), want)
	}
	turn = mustDoc(t, cl.get(roundURL+"/turns/"+seq))
	if turn.Find(`[data-testid=corrected]`).Length() != 1 {
		t.Fatalf("the turn does not say it was corrected")
	}
	if turn.Find(`[data-testid=turn-score].pass`).Length() != 1 {
		t.Fatalf("the contested turn is not a pass now")
	}
	// Finish the round with two more answers (no follow-up needed for the test).
	finishRound(t, env, cl, roundURL)
	card := mustDoc(t, cl.get(roundURL+"/scorecard"))
	rd, err := env.st.Round(context.Background(), learner, id)
	if err != nil || rd.Finished.IsZero() {
		t.Fatalf("round not finished: %v", err)
	}
	before := rd.Score
	// A missed point of the second question: another turn than the one
	// already corrected.
	missed := card.Find(`[data-testid=scored-question]`).Eq(1).Find(`[data-testid=points-missed] li[data-point]`).First()
	item, _ := missed.Attr("data-point")
	action, _ = missed.Find(`[data-testid=contest-form]`).Attr("action")
	tok, _ = missed.Find(`input[name=_csrf]`).Attr("value")
	second := strings.TrimSuffix(strings.TrimPrefix(action, roundURL+"/turns/"), "/disputes")
	r = cl.postForm(action, url.Values{"_csrf": {tok}, "item": {item}, "back": {"scorecard"}})
	if want := roundURL + "/scorecard#turn-" + second + "-point-" + item; r.Code != http.StatusSeeOther || r.Header().Get("Location") != want {
		t.Fatalf("contest on scorecard: status %d to %q, want 303 to %s", r.Code, r.Header().Get("Location"), want)
	}
	rd, _ = env.st.Round(context.Background(), learner, id)
	if rd.Score <= before {
		t.Fatalf("round score %v after the dispute, want more than %v", rd.Score, before)
	}
	if n := mustDoc(t, cl.get(roundURL+"/scorecard")).Find(`[data-testid=corrected]`).Length(); n < 2 {
		t.Fatalf("the scorecard does not mark both corrected turns")
	}
	if ds, _ := env.st.LearnerDisputes(context.Background(), learner); len(ds) != 2 {
		t.Fatalf("disputes = %d, want 2", len(ds))
	}
}

// coachedFencingRound starts, for cl's learner, a four-minute coached
// round on fencing-token, avoid-the-lock and row-lock, and returns its
// path.
func coachedFencingRound(t *testing.T, env *roundEnv, cl *client) string {
	t.Helper()
	return coachedRound(t, env, cl, 3, "fencing-token", "avoid-the-lock", "row-lock")
}

// coachedRound starts, for cl's learner, a four-minute coached round on
// questions, drawn with seed, and returns its path.
func coachedRound(t *testing.T, env *roundEnv, cl *client, seed uint64, questions ...string) string {
	t.Helper()
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: seed, Questions: questions, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	return "/rounds/" + id
}

// TestContestTheSecondReaderFlag: the second reader's flag (raised where
// no pattern flag fires) shows its explanation and can be contested like
// any other, with the dispute kept.
func TestContestTheSecondReaderFlag(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("avoid-the-lock", url.Values{"answer": {"For a counter you can skip the lock: each worker reads the current value into the app, adds its amount and writes the sum back, and Postgres guarantees no increment is lost because every statement runs in its own transaction."}})
	row := doc.Find(`[data-testid=flag][data-flag=` + quiz.ReaderFlagID + `]`)
	if row.Length() != 1 {
		t.Fatalf("the second reader's flag is not shown")
	}
	if !strings.Contains(row.Text(), "second reader") {
		t.Fatalf("the flag does not say it comes from the second reader: %q", row.Text())
	}
	action, tok := contestFormOf(t, doc, quiz.ReaderFlagID)
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {quiz.ReaderFlagID}, "reason": {"reading back is fine here"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest the reader flag: status %d", r.Code)
	}
	after := mustDoc(t, cl.get(strings.TrimSuffix(action, "/disputes")))
	if after.Find(`[data-testid=flag][data-flag=`+quiz.ReaderFlagID+`].dismissed`).Length() != 1 {
		t.Fatalf("the reader flag is not shown as disputed")
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 1 || ds[0].Item != quiz.ReaderFlagID || ds[0].Was != "flag" {
		t.Fatalf("disputes = %+v", ds)
	}
}
