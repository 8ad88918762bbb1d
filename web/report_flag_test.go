package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// reportFormOf returns the action and CSRF token of the form, inside
// scope, that reports a losing claim the grader missed.
func reportFormOf(t *testing.T, scope *goquery.Selection) (action, csrf string) {
	t.Helper()
	f := scope.Find(`[data-testid=report-flag-form]`).First()
	if f.Length() == 0 {
		t.Fatal("no form to report a missed losing claim")
	}
	action, _ = f.Attr("action")
	csrf, _ = f.Find(`input[name=_csrf]`).Attr("value")
	return action, csrf
}

// missedClaim is a textbook fencing answer that also claims a longer TTL
// removes the need for fencing in production, in words the grader reads
// as clean: the learner knows better and reports it.
const missedClaim = "A fencing token is a number the lock service hands out with every grant, and it only goes up. The client sends it with every write and the storage rejects any write carrying a lower token than the highest it has seen, so a holder that paused in GC past its lease cannot overwrite the new holder."

// TestReportMissedFlagOnPractice: on the practice feedback, without
// JavaScript, a learner reports a losing claim the grader did not flag
// (QA-47 M8): the flag then counts (a fatal one fails the answer), the
// page says it was reported and offers to withdraw it, the dispute is
// kept as "unflagged" and exported; withdrawing it restores the grade
// and deletes the dispute; nobody else can report on the attempt, and
// a flag the question does not check is refused.
func TestReportMissedFlagOnPractice(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {missedClaim}})
	at, err := st.Attempt(context.Background(), learnerOf(t, cl), strings.TrimPrefix(loc, "/practice/fencing-token/attempts/"))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Find(`[data-testid=flag]`).Length() != 0 || !at.Result.Passed {
		t.Fatalf("the answer was meant to pass with no flag (passed=%v)", at.Result.Passed)
	}
	sel := doc.Find(`[data-testid=report-flag-form] select[name=item] option[value=client-side-fencing]`)
	if sel.Length() != 1 {
		t.Fatalf("client-side-fencing is not offered to report")
	}
	action, tok := reportFormOf(t, doc.Selection)
	if action != loc+"/disputes" {
		t.Fatalf("report posts to %q, want %q", action, loc+"/disputes")
	}
	t.Run("another learner", func(t *testing.T) {
		other := newClient(t, srv)
		otherTok := csrfFrom(t, other.get("/practice/fencing-token"))
		if r := other.postForm(action, url.Values{"_csrf": {otherTok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}}); r.Code != http.StatusNotFound {
			t.Fatalf("status %d, want 404", r.Code)
		}
	})
	t.Run("a flag the question does not check", func(t *testing.T) {
		r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"no-such-flag"}, "was": {"unflagged"}})
		if r.Code != http.StatusUnprocessableEntity || !strings.Contains(r.Body.String(), "item") {
			t.Fatalf("status %d, want 422 naming the item", r.Code)
		}
	})
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
		t.Fatalf("refused reports were stored: %+v", ds)
	}

	r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}, "reason": {"I meant the TTL makes it safe"}})
	if want := loc + "#flag-ttl-as-safety"; r.Code != http.StatusSeeOther || r.Header().Get("Location") != want {
		t.Fatalf("report: status %d to %q, want 303 to %s", r.Code, r.Header().Get("Location"), want)
	}
	after := mustDoc(t, cl.get(loc))
	if flash := after.Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "Reported") || !strings.Contains(flash, "counts against the answer") {
		t.Fatalf("flash %q, want it to say the flag was reported and counts", flash)
	}
	row := after.Find(`[data-testid=flag][data-flag=ttl-as-safety]`)
	if row.Length() != 1 || row.Find(`[data-testid=flag-reported]`).Length() != 1 || row.HasClass("dismissed") {
		t.Fatalf("the reported flag is not listed as reported and standing")
	}
	if after.Find(`[data-testid=self-assessed]`).Length() == 0 {
		t.Fatalf("the feedback does not say the grade rests on the learner's correction")
	}
	if after.Find(`[data-testid=report-flag-form] option[value=ttl-as-safety]`).Length() != 0 {
		t.Fatalf("a reported flag is still offered to report")
	}
	ds, err := st.AllDisputes(context.Background())
	if err != nil || len(ds) != 1 || ds[0].Item != "ttl-as-safety" || ds[0].Was != "unflagged" || ds[0].Answer != missedClaim || ds[0].Reason != "I meant the TTL makes it safe" || ds[0].GraderVerdict != "pass" {
		t.Fatalf("disputes = %+v, %v; want the report kept with the grader's pass", ds, err)
	}
	// The grade: a fatal flag reported fails the answer.
	at, _ = st.Attempt(context.Background(), learnerOf(t, cl), at.ID)
	if at.Result.Passed || !at.Result.Fatal || !at.Result.SelfAssessed {
		t.Fatalf("stored result passed=%v fatal=%v self-assessed=%v, want a self-assessed fatal fail", at.Result.Passed, at.Result.Fatal, at.Result.SelfAssessed)
	}
	// Sent twice, the report is not applied twice.
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("report sent again: status %d", r.Code)
	}
	if f := mustDoc(t, cl.get(loc)).Find(`[data-testid=flash]`).Text(); !strings.Contains(f, "Already reported") {
		t.Fatalf("flash %q, want Already reported", f)
	}
	// Withdrawn through the flag's own form.
	waction, wtok := contestFormOf(t, after, "ttl-as-safety")
	if v, _ := after.Find(`[data-testid=contest-form][data-item=ttl-as-safety] input[name=was]`).Attr("value"); v != "reported" {
		t.Fatalf("the reported flag's form sends was=%q, want reported", v)
	}
	if r := cl.postForm(waction, url.Values{"_csrf": {wtok}, "item": {"ttl-as-safety"}, "was": {"reported"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("withdraw: status %d", r.Code)
	}
	back := mustDoc(t, cl.get(loc))
	if f := back.Find(`[data-testid=flash]`).Text(); !strings.Contains(f, "Report withdrawn") {
		t.Fatalf("flash %q, want Report withdrawn", f)
	}
	if back.Find(`[data-testid=flag]`).Length() != 0 || back.Find(`[data-testid=self-assessed]`).Length() != 0 {
		t.Fatalf("after the withdrawal the answer still shows a flag or a correction")
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
		t.Fatalf("the withdrawn report is still kept: %+v", ds)
	}
	at, _ = st.Attempt(context.Background(), learnerOf(t, cl), at.ID)
	if !at.Result.Passed || at.Result.SelfAssessed {
		t.Fatalf("after the withdrawal passed=%v self-assessed=%v, want the grader's pass back", at.Result.Passed, at.Result.SelfAssessed)
	}
}

// TestReportMissedFlagOnTurnAndScorecard: a coached round's turn and, once
// it is over, its scorecard offer the same report form; a report there
// re-scores the turn and the round's stored score.
func TestReportMissedFlagOnTurnAndScorecard(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := coachedFencingRound(t, env, cl)
	learner, id := learnerOf(t, cl), strings.TrimPrefix(roundURL, "/rounds/")
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, missedClaim); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: %d", r.Code)
	}
	turn := mustDoc(t, cl.get(roundURL+"/turns/"+seq))
	action, tok := reportFormOf(t, turn.Selection)
	other := newClient(t, env.srv)
	learnerOf(t, other)
	if r := other.postForm(action, url.Values{"_csrf": {csrfFromBody(t, other.get("/rounds").Body.String())}, "item": {"ttl-as-safety"}, "was": {"unflagged"}}); r.Code != http.StatusNotFound {
		t.Fatalf("another learner's report: status %d, want 404", r.Code)
	}
	r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}, "back": {"turn"}})
	if want := roundURL + "/turns/" + seq + "#flag-ttl-as-safety"; r.Code != http.StatusSeeOther || r.Header().Get("Location") != want {
		t.Fatalf("report on turn: status %d to %q, want 303 to %s", r.Code, r.Header().Get("Location"), want)
	}
	turn = mustDoc(t, cl.get(roundURL+"/turns/"+seq))
	if turn.Find(`[data-testid=flag][data-flag=ttl-as-safety] [data-testid=flag-reported]`).Length() != 1 {
		t.Fatalf("the turn does not list the reported flag")
	}
	finishRound(t, env, cl, roundURL)
	rd, err := env.st.Round(context.Background(), learner, id)
	if err != nil || rd.Finished.IsZero() {
		t.Fatalf("round not finished: %v", err)
	}
	before := rd.Score
	card := mustDoc(t, cl.get(roundURL+"/scorecard"))
	second := card.Find(`[data-testid=scored-question]`).Eq(1)
	action, tok = reportFormOf(t, second)
	opt, ok := second.Find(`[data-testid=report-flag-form] select[name=item] option`).First().Attr("value")
	if !ok {
		t.Fatal("the scorecard offers no flag to report on the second question")
	}
	r = cl.postForm(action, url.Values{"_csrf": {tok}, "item": {opt}, "was": {"unflagged"}, "back": {"scorecard"}})
	if r.Code != http.StatusSeeOther || !strings.HasPrefix(r.Header().Get("Location"), roundURL+"/scorecard#") {
		t.Fatalf("report on scorecard: status %d to %q", r.Code, r.Header().Get("Location"))
	}
	// The second answer of finishRound scores nothing already: the round's
	// score cannot fall, but the flag is listed where it was reported.
	rd, _ = env.st.Round(context.Background(), learner, id)
	if rd.Score > before {
		t.Fatalf("round score %v after reporting a flag, want at most %v", rd.Score, before)
	}
	card = mustDoc(t, cl.get(roundURL+"/scorecard"))
	if card.Find(`[data-testid=scored-question]`).Eq(1).Find(`[data-testid=flag][data-flag=`+opt+`] [data-testid=flag-reported]`).Length() != 1 {
		t.Fatalf("the scorecard does not list the flag reported on the second question")
	}
	if ds, _ := env.st.LearnerDisputes(context.Background(), learner); len(ds) != 2 || ds[0].Was != "unflagged" || ds[1].Was != "unflagged" {
		t.Fatalf("disputes = %+v, want 2 reports", ds)
	}
	// Withdrawn on the scorecard, the fatal report on the first answer
	// stops counting, and the round's stored score rises with it.
	before = rd.Score
	first := card.Find(`[data-testid=scored-question]`).Eq(0)
	f := first.Find(`[data-testid=contest-form][data-item=ttl-as-safety]`)
	waction, _ := f.Attr("action")
	wtok, _ := f.Find(`input[name=_csrf]`).Attr("value")
	if v, _ := f.Find(`input[name=was]`).Attr("value"); v != "reported" {
		t.Fatalf("the reported flag's form on the scorecard sends was=%q, want reported", v)
	}
	if r := cl.postForm(waction, url.Values{"_csrf": {wtok}, "item": {"ttl-as-safety"}, "was": {"reported"}, "back": {"scorecard"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("withdraw on scorecard: status %d", r.Code)
	}
	rd, _ = env.st.Round(context.Background(), learner, id)
	if rd.Score <= before {
		t.Fatalf("round score %v after withdrawing a fatal report, want more than %v", rd.Score, before)
	}
	if ds, _ := env.st.LearnerDisputes(context.Background(), learner); len(ds) != 1 {
		t.Fatalf("disputes = %d after the withdrawal, want 1", len(ds))
	}
}

// TestReportedFlagSurvivesExportImport: a reported flag is the learner's
// work: exported and imported into a fresh account, the answer is graded
// again and the report re-applied, so it still counts and the answer
// stays self-assessed.
func TestReportedFlagSurvivesExportImport(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	me := newClient(t, srv)
	_, doc := me.answerOK("fencing-token", url.Values{"answer": {missedClaim}})
	action, tok := reportFormOf(t, doc.Selection)
	if r := me.postForm(action, url.Values{"_csrf": {tok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("report: %d", r.Code)
	}
	_, raw := exportOf(t, me)
	fresh := newClient(t, srv)
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	after, _ := exportOf(t, fresh)
	found := false
	for _, a := range after["attempts"].([]any) {
		res := a.(map[string]any)["result"].(map[string]any)
		flags, _ := res["flags"].([]any)
		for _, f := range flags {
			f := f.(map[string]any)
			if f["id"] == "ttl-as-safety" && f["self_reported"] == true {
				found = true
				if res["passed"] != false || res["fatal"] != true || res["self_assessed"] != true {
					t.Errorf("imported: passed %v fatal %v self-assessed %v, want the report's fatal fail, self-assessed", res["passed"], res["fatal"], res["self_assessed"])
				}
			}
		}
	}
	if !found {
		t.Fatalf("the reported flag did not survive export and import")
	}
}

// TestReportAMistakeOutsideTheQuestionsList: the report form offers the
// question's own red flags first and, in a group of their own, the rest
// of the catalog, so a mistake the question's list does not expect can be
// reported too (QA-48b M3); the confirmation of a fatal report says "a
// fatal red flag", not "still" one (QA-48b L1).
func TestReportAMistakeOutsideTheQuestionsList(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("fencing-token", url.Values{"answer": {missedClaim}})
	form := doc.Find(`[data-testid=report-flag-form]`)
	if form.Find(`optgroup[label="Other mistakes"] option[value=network-drops-duplicates]`).Length() != 1 || form.Find(`optgroup[label="Mistakes this question is known for"] option[value=ttl-as-safety]`).Length() != 1 {
		t.Fatalf("the report form does not group the question's flags and the others")
	}
	action, tok := reportFormOf(t, doc.Selection)
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"network-drops-duplicates"}, "was": {"unflagged"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("report: status %d", r.Code)
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 1 || ds[0].Item != "network-drops-duplicates" {
		t.Fatalf("disputes = %+v", ds)
	}
	_, doc = cl.answerOK("fencing-token", url.Values{"answer": {missedClaim}})
	action, tok = reportFormOf(t, doc.Selection)
	cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}})
	flash := mustDoc(t, cl.get(strings.TrimSuffix(action, "/disputes"))).Find(`[data-testid=flash]`).Text()
	if !strings.Contains(flash, "a fatal red flag") || strings.Contains(flash, "still a fatal") {
		t.Fatalf("flash %q, want 'a fatal red flag' without 'still'", flash)
	}
}
