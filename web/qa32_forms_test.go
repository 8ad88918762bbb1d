package web_test

import (
	"net/http"
	"strings"
	"testing"

	"lockdrill/quiz"
	"lockdrill/web"
)

// TestOrderingSharedPositionKeepsEveryChoice: two steps given position 1
// are refused with both selections kept, both selects marked invalid and
// both steps named in the message (QA-32 #9).
func TestOrderingSharedPositionKeepsEveryChoice(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindOrdering)[0]
	form, _ := objectiveForms(q)
	form.Set(web.OrderField(q.ID, q.Steps[1].ID), "1")
	rec := cl.answer(q.ID, form)
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status = %d, want 422", rec.Code)
	}
	doc := mustDoc(t, rec)
	for _, i := range []int{0, 1} {
		sel := doc.Find(`select[name="` + web.OrderField(q.ID, q.Steps[i].ID) + `"]`)
		if v, _ := sel.Find(`option[selected]`).Attr("value"); v != "1" {
			t.Errorf("step %d position kept = %q, want 1", i+1, v)
		}
		if v, _ := sel.Attr("aria-invalid"); v != "true" {
			t.Errorf("step %d select aria-invalid = %q, want true", i+1, v)
		}
		if first := strings.Fields(q.Steps[i].Text)[0]; !strings.Contains(doc.Find(`[data-testid=field-error]`).Text(), "“"+first) {
			t.Errorf("error = %q, want it to name step %d", doc.Find(`[data-testid=field-error]`).Text(), i+1)
		}
	}
	if v, ok := doc.Find(`select[name="` + web.OrderField(q.ID, q.Steps[2].ID) + `"]`).Attr("aria-invalid"); ok {
		t.Errorf("step 3, which shares nothing, is marked aria-invalid=%q", v)
	}
}

// TestSpotTheBugRadiosAreNamedByTheirCode: a line's radio is named with
// its code, not only its number, so a screen reader reads what is picked
// (QA-32 #10).
func TestSpotTheBugRadiosAreNamedByTheirCode(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindSpotTheBug)[0]
	doc := mustDoc(t, cl.get("/practice/"+q.ID))
	for i, line := range q.Code.Lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		radio := doc.Find(`input[type=radio][name=line]`).Eq(i)
		name, ok := radio.Attr("aria-label")
		if ok && !strings.Contains(name, strings.TrimSpace(line)) {
			t.Errorf("line %d radio is named %q, want its code %q in the name", i+1, name, line)
		}
		if !ok && !strings.Contains(radio.Parent().Find("code").Text(), strings.TrimSpace(line)) {
			t.Errorf("line %d radio has no label holding its code", i+1)
		}
	}
}
