package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestReportMissedFlagOnFollowUp: a follow-up's turn page offers the form
// that reports a losing claim the grader missed, as a main answer's does
// (QA-50b #086: it had none, so two catalogued mistakes in a follow-up
// answer could not be reported at all). A report there counts on the
// follow-up and is kept as a dispute.
func TestReportMissedFlagOnFollowUp(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	roundURL := coachedRound(t, env, cl, 5, "etcd-revision-guard", "fencing-token", "avoid-the-lock")
	// The etcd answer of TestPointMadeInAFollowUpIsNotCalledUnprobed:
	// a check in the client before each write draws a follow-up.
	main := "The mutex is backed by a lease in an etcd session, so after a long GC pause the lease can expire, the lock key is deleted and another instance becomes leader while the old one still thinks it leads. To stop it, before each write the leader reads its lock key and checks that it still exists and still belongs to its own lease; if not, it steps down instead of writing. I would also keep the session TTL comfortably above the longest GC pause we have seen and watch session.Done() so the old leader notices that it lost the lease."
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, main); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	rec, seq, _, f := current(t, cl, roundURL)
	if f == "" {
		t.Fatal("the answer drew no follow-up; the test shows nothing")
	}
	// A follow-up answer with a losing claim in words the grader reads as
	// clean, so the learner reports it.
	env.clock.Advance(30 * time.Second)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "Because the read and the write are separate steps, the leader can pause in between. I would put the compare and the put in one etcd transaction on the lock key's create revision."); r.Code != http.StatusSeeOther {
		t.Fatalf("answer follow-up %s: status %d", f, r.Code)
	}
	page := mustDoc(t, cl.get(roundURL+"/turns/"+seq))
	action, tok := reportFormOf(t, page.Selection)
	if action != roundURL+"/turns/"+seq+"/disputes" {
		t.Fatalf("report posts to %q, want the follow-up's disputes", action)
	}
	if page.Find(`[data-testid=report-flag-form] option[value=ttl-as-safety]`).Length() != 1 {
		t.Fatalf("ttl-as-safety is not offered to report on the follow-up")
	}
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"ttl-as-safety"}, "was": {"unflagged"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("report: status %d: %s", r.Code, r.Body.String())
	}
	after := mustDoc(t, cl.get(roundURL+"/turns/"+seq))
	if after.Find(`[data-testid=flag][data-flag=ttl-as-safety] [data-testid=flag-reported]`).Length() != 1 {
		t.Fatalf("the reported flag is not listed on the follow-up")
	}
	ds, err := env.st.LearnerDisputes(context.Background(), learner)
	if err != nil || len(ds) != 1 || ds[0].Item != "ttl-as-safety" || ds[0].Was != "unflagged" || !strings.Contains(ds[0].Answer, "one etcd transaction") {
		t.Fatalf("disputes = %+v, %v; want the follow-up's report kept", ds, err)
	}
}
