package web_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

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
