package web_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"lockdrill/web"
)

// TestOrderingVerdictSaysWhereAStepBelongs: a partly right order used to
// show the score and "it belongs at position 4", which made the learner
// count; the verdict now names the step it belongs right after, and the
// question page, before submitting, says nothing of the kind.
func TestOrderingVerdictSaysWhereAStepBelongs(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	q, ok := mustBank(t).ByID("obj-order-choose-ttl")
	if !ok {
		t.Fatal("obj-order-choose-ttl is not in the bank")
	}
	// The heartbeat step (4th) moved to the front; the rest keep their order.
	order := []int{3, 0, 1, 2, 4}
	form := url.Values{}
	for pos, i := range order {
		form.Set(web.OrderField(q.ID, q.Steps[i].ID), strconv.Itoa(pos+1))
	}
	if before := cl.get("/practice/" + q.ID).Body.String(); strings.Contains(before, "belongs") {
		t.Fatalf("the question page says where a step belongs before any answer")
	}
	_, doc := cl.answerOK(q.ID, form)
	if got := score(t, doc); got != 80 {
		t.Fatalf("score = %d, want 80", got)
	}
	mis := doc.Find(`[data-testid=misplaced]`)
	if mis.Length() != 1 {
		t.Fatalf("misplaced notes = %d, want 1 (only the moved step)", mis.Length())
	}
	text := strings.Join(strings.Fields(mis.Text()), " ")
	after := strings.TrimSuffix(q.Steps[2].Text, ".")
	if !strings.Contains(text, "right after") || !strings.Contains(text, after) {
		t.Fatalf("misplaced note = %q, want it to say the step belongs right after %q", text, after)
	}
	if row := mis.Closest(`[data-testid=step-feedback]`).Text(); !strings.Contains(row, "heartbeat") {
		t.Fatalf("the note is on step %q, want the heartbeat step", strings.TrimSpace(row))
	}
}
