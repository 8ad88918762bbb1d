package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestPassRuleSaysTheRedFlagFailsIt: an answer that makes both core
// points and fails only on a major red flag hears, in the pass rule, that
// the flag's cost takes it below the pass mark; "A pass needs every core
// point … This answer makes both core points" above "Not yet a pass" read
// as a contradiction (QA-40 F3 #1). An answer that passes, or fails for
// want of a core point, hears nothing of it.
func TestPassRuleSaysTheRedFlagFailsIt(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	rule := func(answer string) (string, string) {
		t.Helper()
		_, doc := cl.answerOK("optimistic-concurrency", url.Values{"answer": {answer}})
		return spaced(doc.Find(`[data-testid=score-card] [data-testid=pass-rule]`).Text()), spaced(doc.Find(`[data-testid=verdict]`).Text())
	}
	const because = "its major red flag costs 45 %, which takes it below the pass mark."
	got, verdict := rule(flaggedOptimistic)
	if !strings.Contains(verdict, "Not yet a pass") {
		t.Fatalf("the flagged answer's verdict is %q; the test needs a fail", verdict)
	}
	if !strings.Contains(got, "This answer makes both core points") || !strings.Contains(got, because) {
		t.Errorf("the flagged answer's pass rule says %q; want it to say %q", got, because)
	}
	got, verdict = rule("Add a version column to the row. The UPDATE says WHERE version = the one read and sets version + 1; if zero rows changed, someone else saved first, so reload and retry.")
	if !strings.Contains(verdict, "A pass") || strings.Contains(got, "red flag costs") {
		t.Errorf("the clean answer (%q) has the pass rule %q; want no flag's cost", verdict, got)
	}
}
