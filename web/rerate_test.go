package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestRerateAfterContest: a learner who rated a weak answer "Again" and
// then contested the point it missed, so the score and the suggestion
// rose, can change the rating; the card is rescheduled as if the new
// rating had been given then (QA-53 M1: the page kept "You rated this
// attempt Again. It is due for review tomorrow", with no way to change
// it). Without a correction, a rated attempt offers no second rating.
func TestRerateAfterContest(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	answer := "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {answer}})
	action, tok := contestFormOf(t, doc, "resource-rejects")
	if r := cl.rate(loc, "Again", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("rating: %d", r.Code)
	}
	if mustDoc(t, cl.get(loc)).Find(`[data-testid=rerate-form]`).Length() != 0 {
		t.Fatal("a rated attempt nobody corrected offers to change its rating")
	}
	learner := learnerOf(t, cl)
	before, _, err := st.Card(context.Background(), learner, "fencing-token")
	if err != nil {
		t.Fatal(err)
	}
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest: %d", r.Code)
	}
	fb := mustDoc(t, cl.get(loc))
	form := fb.Find(`[data-testid=rerate-form]`)
	if form.Length() != 1 {
		t.Fatalf("after the correction the page offers no new rating (rated: %q)", fb.Find(`[data-testid=rated]`).Text())
	}
	suggested, _ := form.Find(`input[name=rating][checked]`).Attr("value")
	if suggested == "" || suggested == "1" {
		t.Fatalf("the new rating pre-selects %q, want the corrected suggestion", suggested)
	}
	// without CSRF: refused
	if r := cl.postForm(loc+"/rating", url.Values{"rating": {"Good"}, "rerate": {"1"}}); r.Code != http.StatusForbidden {
		t.Fatalf("rerate without CSRF: %d, want 403", r.Code)
	}
	r := cl.rate(loc, "Good", url.Values{"rerate": {"1"}})
	if r.Code != http.StatusSeeOther {
		t.Fatalf("rerate: %d %s", r.Code, r.Body.String())
	}
	after := mustDoc(t, cl.get(loc))
	if !strings.Contains(after.Find(`[data-testid=flash]`).Text(), "Rating changed to Good") || !strings.Contains(after.Find(`[data-testid=rated]`).Text(), "Good") {
		t.Fatalf("after rerating: flash %q, rated %q", after.Find(`[data-testid=flash]`).Text(), after.Find(`[data-testid=rated]`).Text())
	}
	card, _, err := st.Card(context.Background(), learner, "fencing-token")
	if err != nil {
		t.Fatal(err)
	}
	if !card.Due.After(before.Due) {
		t.Fatalf("due %v after rating Good, want later than Again's %v", card.Due, before.Due)
	}
	if card.Reps != 1 {
		t.Fatalf("the card counts %d reviews, want 1: a changed rating is not a second review", card.Reps)
	}
	// a bad rating is refused and changes nothing
	if r := cl.rate(loc, "Brilliant", url.Values{"rerate": {"1"}}); r.Code != http.StatusUnprocessableEntity {
		t.Fatalf("bad rerating: %d, want 422", r.Code)
	}
	if again, _, _ := st.Card(context.Background(), learner, "fencing-token"); again != card {
		t.Fatal("a refused rerating changed the card")
	}
}
