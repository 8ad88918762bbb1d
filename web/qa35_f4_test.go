package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/web"
)

// TestOrderingNamesEveryStepThatSharesAPosition: with every step put at
// position 1, the error says how many share it and names them all, not
// two of them (QA-35 F4 #5).
func TestOrderingNamesEveryStepThatSharesAPosition(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindOrdering)[0]
	form, _ := objectiveForms(q)
	for _, st := range q.Steps {
		form.Set(web.OrderField(q.ID, st.ID), "1")
	}
	rec := cl.answer(q.ID, form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d, want 422", rec.Code)
	}
	msg := strings.Join(strings.Fields(mustDoc(t, rec).Find(`[data-testid=field-error]`).Text()), " ")
	if want := strconv.Itoa(len(q.Steps)) + " steps share position 1"; !strings.Contains(msg, want) {
		t.Errorf("error = %q, want it to say %q", msg, want)
	}
	for _, st := range q.Steps {
		first := strings.Fields(st.Text)[0]
		if !strings.Contains(msg, "“"+first) {
			t.Errorf("error = %q, does not name the step %q", msg, st.Text)
		}
	}
}

// TestRawNonUTF8AnswerIsKept: a practice answer posted as a raw body with
// bytes that are not UTF-8 (alone, or with a stray "%" that makes the body
// unparseable) comes back in the form, the bad bytes replaced and a note
// saying so, rather than stored garbled or lost with a 400 (QA-35 F4 #2).
// Another form that cannot be parsed keeps what could be read on its
// error page.
func TestRawNonUTF8AnswerIsKept(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindFreeText)[0]
	tok := csrfFrom(t, cl.get("/practice/"+q.ID))
	post := func(path, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return cl.do(req)
	}
	for name, body := range map[string]string{
		"raw bytes":            "_csrf=" + tok + "&answer=Use+a+fencing+token+caf\xe9+and+a+lease",
		"raw bytes and a %":    "_csrf=" + tok + "&answer=Use+a+fencing+token+caf\xe9+at+100%+and+a+lease",
		"escaped bytes; and ;": "_csrf=" + tok + "&answer=Use+a+fencing+token+caf%E9;+and+a+lease",
	} {
		t.Run(name, func(t *testing.T) {
			rec := post("/practice/"+q.ID, body)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status = %d (%s), want 422 with the answer kept", rec.Code, rec.Header().Get("Location"))
			}
			doc := mustDoc(t, rec)
			kept := doc.Find(`textarea[name=answer]`).Text()
			if !strings.Contains(kept, "Use a fencing token caf\uFFFD") || !strings.Contains(kept, "and a lease") {
				t.Errorf("answer kept = %q, want the typed text with \uFFFD for the bad byte", kept)
			}
			if msg := doc.Find(`[data-testid=field-error]`).Text(); !strings.Contains(msg, "not text") {
				t.Errorf("note = %q, want it to say bytes were replaced", msg)
			}
		})
	}
	t.Run("another form keeps what could be read", func(t *testing.T) {
		rec := post("/account/import", "_csrf="+tok+"&data=%7B+caf\xe9+100%+done")
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("status = %d, want 400", rec.Code)
		}
		doc := mustDoc(t, rec)
		if got := doc.Find(`[data-testid=resend-field]`).Text(); !strings.Contains(got, "{ caf\uFFFD 100% done") {
			t.Errorf("error page keeps %q, want what could be read; page: %.300s", got, strings.Join(strings.Fields(doc.Text()), " "))
		}
	})
}

// TestImportKeepsTheLearnersCorrections: a learner's ticks on an answer
// survive export and import: the imported answer, graded afresh, has the
// same corrections applied, shows the same score, is still marked
// self-assessed, and the import notice says the corrections were applied
// again (QA-35 F4 #1: they came back as the grader's own scores).
func TestImportKeepsTheLearnersCorrections(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	me := newClient(t, srv)
	loc, doc := me.answerOK("fencing-token", url.Values{"answer": {partialFencing}})
	graders := lastScore(t, me, "fencing-token")
	ticks := url.Values{"_csrf": {csrfFrom(t, me.get(loc))}}
	doc.Find(`input[name=point]`).Each(func(_ int, s *goquery.Selection) { ticks.Add("point", s.AttrOr("value", "")) })
	if r := me.postForm(loc+"/ticks", ticks); r.Code != http.StatusSeeOther {
		t.Fatalf("ticks: status %d", r.Code)
	}
	corrected := lastScore(t, me, "fencing-token")
	if corrected == graders {
		t.Fatalf("ticking every point left the score at %q: the test corrects nothing", graders)
	}
	_, raw := exportOf(t, me)
	fresh := newClient(t, srv)
	if rec := postFile(t, fresh, raw); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	flash := strings.Join(strings.Fields(mustDoc(t, fresh.get("/account")).Find(`[data-testid=flash]`).Text()), " ")
	if !strings.Contains(flash, "hand corrections in it (1 answer) were applied again") {
		t.Errorf("import notice = %q, want it to say the corrections were applied again", flash)
	}
	if got := lastScore(t, fresh, "fencing-token"); got != corrected {
		t.Errorf("after import the answer scores %q, want the learner's corrected %q (the grader's own is %q)", got, corrected, graders)
	}
	after, _ := exportOf(t, fresh)
	for _, a := range after["attempts"].([]any) {
		res := a.(map[string]any)["result"].(map[string]any)
		if res["self_assessed"] != true {
			t.Errorf("the imported answer's result is not marked self-assessed: %v", res["self_assessed"])
		}
	}
}

// TestTurnAndScorecardLabelTheirScores: a main answer whose follow-ups
// recovered points shows, on its turn page, its own score labelled as the
// main answer's beside the question's score with follow-ups, the figure
// the scorecard shows; scorecard.md labels the heading's figure as the
// question's and the one below it as the main answer's with what its
// follow-ups recovered (QA-35 F4 #3).
func TestTurnAndScorecardLabelTheirScores(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	me := newClient(t, env.srv)
	roundURL := recoveredCoachedRound(t, env, me)
	card := mustDoc(t, me.get(roundURL+"/scorecard"))
	scores := map[string]string{} // question title -> its score on the scorecard
	card.Find(`[data-testid=scored-question] h3`).Each(func(_ int, h *goquery.Selection) {
		scores[strings.Join(strings.Fields(h.Find("a").Text()), " ")] = strings.TrimSpace(h.Find(".badge").First().Text())
	})
	var turn *goquery.Document
	var main, question string
	for seq := 0; seq < 20 && turn == nil; seq++ {
		rec := me.get(roundURL + "/turns/" + strconv.Itoa(seq))
		if rec.Code != http.StatusOK {
			continue
		}
		doc := mustDoc(t, rec)
		title, ok := strings.CutPrefix(strings.Join(strings.Fields(doc.Find("h1").Text()), " "), "Feedback: ")
		got := strings.TrimSpace(doc.Find(`[data-testid=turn-score] .score-big`).Text())
		if !ok {
			continue
		}
		if q, ok := scores[title]; ok && q != got {
			turn, main, question = doc, got, q
		}
	}
	if turn == nil {
		t.Fatalf("no main answer scores other than its question on the scorecard %v: the test's follow-ups changed nothing", scores)
	}
	got := strings.Join(strings.Fields(turn.Find(`[data-testid=question-score]`).Text()), " ")
	if want := "Main answer " + main + "; with follow-ups " + question; !strings.Contains(got, want) {
		t.Errorf("turn page says %q, want it to label both scores: %q", got, want)
	}
	md := me.get(roundURL + "/scorecard.md").Body.String()
	for _, want := range []string{"(question score " + question + ", with its follow-ups)", "Main answer score ", "(with the points its follow-ups made)"} {
		if !strings.Contains(md, want) {
			t.Errorf("scorecard.md does not say %q:\n%.1500s", want, md)
		}
	}
}
