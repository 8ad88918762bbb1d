package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Q8-16: the compare page's sentence about the actions is computed from
// both timelines as they are now: acting on the original, or on the fork,
// after the fork shows up in it.
func TestCompareActionsFollowBothTimelines(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	path := openPreset(t, cl, "paused-holder-fenced")
	token := csrfFrom(t, cl.get(path))
	rec := cl.postForm(path+"/settings", url.Values{"_csrf": {token}, "fencing_tokens": {"1"}, "ttl_ms": {"10000"}, "release": {"compare-and-delete"}, "acquire": {"atomic"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("settings: status %d, want 303", rec.Code)
	}
	cmpPath := rec.Header().Get("Location")
	fork := strings.TrimSuffix(cmpPath, "/compare")
	summary := func() string {
		return spaces(mustDoc(t, cl.get(cmpPath)).Find(`[data-testid=compare-changed]`).Text())
	}
	if got := summary(); !strings.HasSuffix(got, "The actions are the same.") {
		t.Fatalf("right after the fork: %q, want the actions the same", got)
	}
	if rec := act(t, cl, path, url.Values{"op": {"write"}, "client": {"B"}, "value": {"late-B"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("write on the original: status %d", rec.Code)
	}
	got := summary()
	if strings.Contains(got, "The actions are the same") || !strings.Contains(got, `The original has 1 action the fork does not: 22 s: B writes "late-B".`) {
		t.Fatalf("after a write on the original: %q, want that write named as the original's own", got)
	}
	if rec := act(t, cl, fork, url.Values{"op": {"crash"}, "client": {"A"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("crash on the fork: status %d", rec.Code)
	}
	got = summary()
	if !strings.Contains(got, `The original has 1 action the fork does not: 22 s: B writes "late-B".`) || !strings.Contains(got, "The fork has 1 action the original does not: 22 s: A crashes.") {
		t.Fatalf("after a crash on the fork: %q, want both differences", got)
	}
}
