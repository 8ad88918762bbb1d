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
