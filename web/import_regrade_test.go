package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestImportRegradesTheFilesScores: an import does not take scores from
// the file. A free-text answer edited from 0 % with a fatal flag to "100 %,
// passed, every point made" comes back as the grader scores its text, an
// objective answer is marked against its key, and a finished round's
// score is worked out again from its turns; the answers' text is kept,
// and the message says the answers were re-graded and by which grader
// (QA-9 Q9-23).
func TestImportRegradesTheFilesScores(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	me := newClient(t, srv)
	wrongText := "Redis, every time. With Redlock across five masters the lock is fully safe for correctness, and fencing tokens are unnecessary once you have Redlock."
	_, doc := me.answerOK("redis-vs-consensus", url.Values{"answer": {wrongText}})
	if doc.Find(`[data-testid=fatal-flag]`).Length() == 0 {
		t.Fatalf("the test answer was meant to lose the round (score %d)", score(t, doc))
	}
	sq := mustBank(t).ByKind(quiz.KindSingle)[0]
	_, wrong := objectiveForms(sq)
	me.answerOK(sq.ID, wrong)
	round := startRound(t, me, "3", "8", "interview")
	for i := 0; i < 20; i++ {
		if me.get(round).Code != http.StatusOK {
			break
		}
		rec, seq, _, _ := current(t, me, round)
		if seq == "" {
			break
		}
		if r := answerTurn(t, me, round, rec.Body.String(), seq, "I would take a lock in Redis with SET NX and hope for the best."); r.Code != http.StatusSeeOther {
			t.Fatalf("answer turn %s = %d", seq, r.Code)
		}
	}
	orig, raw := exportOf(t, me)
	origRound := orig["rounds"].([]any)[0].(map[string]any)
	if origRound["finished_at"] == nil {
		t.Fatalf("the round did not finish")
	}

	// Edit every score in the file to a perfect one.
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	perfect := func(res map[string]any) {
		res["score"], res["passed"], res["fatal"], res["flags"], res["self_assessed"] = 1.0, true, false, []any{}, true
		if pts, ok := res["points"].([]any); ok {
			for _, p := range pts {
				p.(map[string]any)["hit"] = true
			}
		}
		if opts, ok := res["options"].([]any); ok {
			for _, o := range opts {
				o.(map[string]any)["correct"] = true
			}
		}
	}
	for _, a := range m["attempts"].([]any) {
		perfect(a.(map[string]any)["result"].(map[string]any))
	}
	r0 := m["rounds"].([]any)[0].(map[string]any)
	r0["score"], r0["verdict"] = 1.0, string(quiz.StrongHire)
	for _, tn := range r0["turns"].([]any) {
		if res, ok := tn.(map[string]any)["result"].(map[string]any); ok {
			perfect(res)
		}
	}
	edited, _ := json.Marshal(m)

	fresh := newClient(t, srv)
	if rec := postFile(t, fresh, edited); rec.Code != http.StatusSeeOther {
		t.Fatalf("import = %d; problems %v", rec.Code, importProblems(t, rec))
	}
	flash := mustDoc(t, fresh.get("/account")).Find(`[data-testid=flash]`).Text()
	if !strings.Contains(flash, "re-graded by grader "+quiz.GraderGeneration()) || strings.HasSuffix(flash, "…") {
		t.Errorf("the import message does not say the answers were re-graded: %q", flash)
	}
	if got := lastScore(t, fresh, "redis-vs-consensus"); !strings.Contains(got, "0 %") || strings.Contains(got, "100 %") {
		t.Errorf("the edited free-text answer shows %q, want the grader's 0 %%", got)
	}
	if got := lastScore(t, fresh, sq.ID); !strings.Contains(got, "✗") {
		t.Errorf("the edited wrong objective answer shows %q, want it marked wrong", got)
	}
	after, _ := exportOf(t, fresh)
	var text string
	for _, a := range after["attempts"].([]any) {
		a := a.(map[string]any)
		if a["question"] == "redis-vs-consensus" {
			text, _ = a["answer"].(map[string]any)["text"].(string)
			if res := a["result"].(map[string]any); res["fatal"] != true || res["score"].(float64) != 0 {
				t.Errorf("the stored result is score %v, fatal %v; want the grader's 0 and fatal", res["score"], res["fatal"])
			}
		}
	}
	if text != wrongText {
		t.Errorf("the imported answer's text is %q, want it kept as written", text)
	}
	ar := after["rounds"].([]any)[0].(map[string]any)
	if ar["score"] != origRound["score"] || ar["verdict"] != origRound["verdict"] {
		t.Errorf("the imported round scores %v (%v), want %v (%v) as its turns grade, not the file's 1 (strong-hire)", ar["score"], ar["verdict"], origRound["score"], origRound["verdict"])
	}

	// A bad item is still named, field and all, and nothing is imported.
	bad := map[string]any{}
	json.Unmarshal(edited, &bad)
	bad["attempts"].([]any)[1].(map[string]any)["answer"] = map[string]any{"choices": []any{"no-such-option"}}
	data, _ := json.Marshal(bad)
	other := newClient(t, srv)
	rec := postFile(t, other, data)
	if got := strings.Join(importProblems(t, rec), "\n"); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, "attempts[1].answer") {
		t.Errorf("an answer naming no option = %d, %q; want 422 naming attempts[1].answer", rec.Code, got)
	}
}
