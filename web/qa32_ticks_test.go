package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestTicksRevertingACorrectionWithdrawTheDispute: a learner contests a
// red flag and a missed point, then puts every tick back as the grader had
// it through "Correct all the ticks": both disputes are withdrawn, as the
// per-item undo withdraws its own (QA-32 #3).
func TestTicksRevertingACorrectionWithdrawTheDispute(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	loc, doc := cl.answerOK("redis-vs-consensus", url.Values{"answer": {"Redlock uses a majority of five Redis nodes, so it is safe for correctness and no fencing is needed."}})
	var hit, flags []string
	doc.Find(`[data-testid=point-hit]`).Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-point")
		hit = append(hit, id)
	})
	doc.Find(`[data-testid=flag]`).Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-flag")
		flags = append(flags, id)
	})
	missed, _ := doc.Find(`[data-testid=point-missed]`).First().Attr("data-point")
	if len(flags) == 0 || missed == "" {
		t.Fatalf("the answer was meant to raise a flag and miss a point (flags %v, missed %q)", flags, missed)
	}
	action, tok := contestFormOf(t, doc, flags[0])
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {flags[0]}, "was": {"flag"}, "reason": {"not what I said"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest flag: status %d", r.Code)
	}
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {missed}, "was": {"missed"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest point: status %d", r.Code)
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 2 {
		t.Fatalf("disputes after two contests = %d, want 2", len(ds))
	}
	if r := cl.postForm(loc+"/ticks", url.Values{"_csrf": {tok}, "point": hit, "flag": flags}); r.Code != http.StatusSeeOther {
		t.Fatalf("ticks: status %d: %s", r.Code, r.Body.String())
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
		t.Fatalf("disputes after the ticks put everything back = %+v, want none", ds)
	}
	after := mustDoc(t, cl.get(loc))
	if strings.Contains(after.Text(), "your correction") {
		t.Fatal("with every tick back as the grader had it the page still shows a correction")
	}
}

// TestDismissedFlagCanBeRestoredInPlace: a red flag the learner contested
// stays in the list, marked as dismissed by their correction, with a form
// (no JavaScript) that restores it and withdraws the dispute (QA-32 #4).
func TestDismissedFlagCanBeRestoredInPlace(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	loc, doc := cl.answerOK("redis-vs-consensus", url.Values{"answer": {"Redlock uses a majority of five Redis nodes, so it is safe for correctness and no fencing is needed."}})
	flag, ok := doc.Find(`[data-testid=flag]`).First().Attr("data-flag")
	if !ok {
		t.Fatal("the answer was meant to raise a red flag")
	}
	action, tok := contestFormOf(t, doc, flag)
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {flag}, "was": {"flag"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest flag: status %d", r.Code)
	}
	doc = mustDoc(t, cl.get(loc))
	li := doc.Find(`[data-testid=flag][data-flag=` + flag + `]`)
	if li.Length() != 1 || !strings.Contains(li.Find(`[data-testid=flag-dismissed]`).Text(), "your correction") {
		t.Fatalf("the dismissed flag is not listed as dismissed by your correction: %q", li.Text())
	}
	form := li.Find(`[data-testid=contest-form]`)
	if was, _ := form.Find(`input[name=was]`).Attr("value"); was != "dismissed" || !strings.Contains(form.Find(`button`).Text(), "Restore") {
		t.Fatalf("the dismissed flag has no restore form (was %q, button %q)", was, form.Find(`button`).Text())
	}
	action, tok = contestFormOf(t, doc, flag)
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {flag}, "was": {"dismissed"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("restore flag: status %d", r.Code)
	}
	doc = mustDoc(t, cl.get(loc))
	if doc.Find(`[data-testid=flag][data-flag=`+flag+`]:not(.dismissed)`).Length() != 1 {
		t.Fatal("the restored flag still shows as dismissed")
	}
	if flash := doc.Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "counts again") || !strings.Contains(flash, "withdrawn") {
		t.Fatalf("flash after restoring = %q", flash)
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
		t.Fatalf("disputes after restoring the flag = %+v, want none", ds)
	}
	// Sent twice, the restore changes nothing more and records nothing.
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {flag}, "was": {"dismissed"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("restore sent again: status %d", r.Code)
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
		t.Fatalf("disputes after a second restore = %+v, want none", ds)
	}
}
