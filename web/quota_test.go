package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"lockdrill/store"
)

// TestQuotaIsExplained: past a per-learner quota the learner gets a 429
// page saying which limit and that what they saved is kept; it is.
func TestQuotaIsExplained(t *testing.T) {
	srv, st := newTestServer(t)
	st.SetLimits(store.Limits{TimelinesPerDay: 2, TimelinesTotal: 10})
	cl := newClient(t, srv)
	first := openPreset(t, cl, "paused-holder-fenced")
	openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get("/sandbox"))
	rec := cl.postForm("/sandbox/presets/paused-holder-fenced", url.Values{"_csrf": {token}})
	if rec.Code != http.StatusTooManyRequests {
		t.Fatalf("3rd timeline in a day: status %d, want 429", rec.Code)
	}
	body := rec.Body.String()
	for _, want := range []string{"at most 2 sandbox timelines per learner in 24 hours", "Everything you saved before is kept"} {
		if !strings.Contains(body, want) {
			t.Fatalf("quota page does not say %q:\n%.2000s", want, body)
		}
	}
	if rec := cl.get(first); rec.Code != http.StatusOK {
		t.Fatalf("a timeline saved before the quota: status %d, want 200", rec.Code)
	}
}

// TestNewLearnerCapIsA503: when the global cap on new learners is reached
// a first write gets a 503 with Retry-After, not a 500.
func TestNewLearnerCapIsA503(t *testing.T) {
	srv, st := newTestServer(t)
	st.SetLimits(store.Limits{NewLearnersPerMinute: 1})
	openPreset(t, newClient(t, srv), "paused-holder-fenced")
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/sandbox"))
	rec := cl.postForm("/sandbox/presets/paused-holder-fenced", url.Values{"_csrf": {token}})
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("a new learner past the cap: status %d, Retry-After %q, want 503 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	if !strings.Contains(rec.Body.String(), "new learners a minute") {
		t.Fatalf("503 page does not explain the cap:\n%.2000s", rec.Body.String())
	}
}
