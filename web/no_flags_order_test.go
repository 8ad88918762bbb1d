package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestNoFlagsNoticeBeforeReportForm: on the practice feedback of an answer
// that raised no red flag, "No red flag found" comes where the flags would
// be, before the form that asks whether the grader missed one (it used to
// follow the form, so the learner was asked to report a missed mistake
// before being told none was found).
func TestNoFlagsNoticeBeforeReportForm(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("fencing-token", url.Values{"answer": {missedClaim}})
	html, err := doc.Html()
	if err != nil {
		t.Fatal(err)
	}
	notice := strings.Index(html, `data-testid="no-flags"`)
	form := strings.Index(html, `data-testid="report-flag"`)
	if notice < 0 || form < 0 {
		t.Fatalf("notice at %d, report form at %d: want both on the page", notice, form)
	}
	if notice > form {
		t.Errorf("the no-flags notice (at %d) follows the report form (at %d)", notice, form)
	}
	if n := doc.Find(`[data-testid=no-flags]`).Length(); n != 1 {
		t.Errorf("%d no-flags notices, want 1", n)
	}
}
