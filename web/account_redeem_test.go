package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lockdrill/quiz"
)

func TestWrongTransferCodeIsRefusedBeforeAskingToMerge(t *testing.T) {
	srv, _ := newTestServer(t)
	laptop, phone := newClient(t, srv), newClient(t, srv)
	practised(t, laptop)
	pq := mustBank(t).ByKind(quiz.KindSingle)[1]
	right, _ := objectiveForms(pq)
	phone.answerOK(pq.ID, right)
	phoneLearner := phone.cookies["lockdrill_learner"].Value

	used := issueCode(t, laptop)
	other := newClient(t, srv)
	if rec := redeem(t, other, used); rec.Code != http.StatusSeeOther {
		t.Fatalf("redeem on a fresh browser = %d, want 303", rec.Code)
	}
	for name, code := range map[string]string{"a mistyped code": "AAAA-BBBB-CCCC", "a used code": used} {
		t.Run(name, func(t *testing.T) {
			rec := redeem(t, phone, code)
			doc := mustDoc(t, rec)
			if rec.Code != http.StatusUnprocessableEntity || doc.Find(`[data-testid=merge-confirm]`).Length() != 0 {
				t.Fatalf("redeem = %d, merge asked %d times; want 422 without asking", rec.Code, doc.Find(`[data-testid=merge-confirm]`).Length())
			}
			if msg := doc.Find(`[data-testid=redeem-error]`).Text(); !strings.Contains(msg, "that code does not work") {
				t.Errorf("redeem error = %q", msg)
			}
			if got := phone.cookies["lockdrill_learner"].Value; got != phoneLearner {
				t.Errorf("the phone changed learner on a bad code")
			}
		})
	}
	t.Run("a good code is asked about and not spent by asking", func(t *testing.T) {
		code := issueCode(t, laptop)
		rec := redeem(t, phone, code)
		if rec.Code != http.StatusOK || mustDoc(t, rec).Find(`[data-testid=merge-confirm]`).Length() != 1 {
			t.Fatalf("redeem of a good code = %d without asking to merge", rec.Code)
		}
		rec = phone.postForm("/account/transfer/redeem", url.Values{"_csrf": {csrfFrom(t, phone.get("/account"))}, "code": {code}, "merge": {"yes"}})
		if rec.Code != http.StatusSeeOther || phone.cookies["lockdrill_learner"].Value != laptop.cookies["lockdrill_learner"].Value {
			t.Fatalf("confirmed redeem = %d; the phone is not the laptop's learner", rec.Code)
		}
	})
	t.Run("a browser's own code is not taken for a merge", func(t *testing.T) {
		code := issueCode(t, laptop)
		rec := redeem(t, laptop, code)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/account" {
			t.Fatalf("own code = %d to %q, want 303 to /account", rec.Code, rec.Header().Get("Location"))
		}
		if flash := mustDoc(t, laptop.get("/account")).Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "this browser's own") {
			t.Errorf("flash = %q", flash)
		}
		if rec := redeem(t, newClient(t, srv), code); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/progress" {
			t.Errorf("the code was spent by entering it on its own browser: redeem elsewhere = %d to %q", rec.Code, rec.Header().Get("Location"))
		}
	})
}
