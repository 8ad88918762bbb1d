package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// QA-32 #12: the token source of the database model is not said to come
// with a lock service: the model has none.
func TestEpochTokenSourceIsNotALockService(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	rec := cl.postForm("/sandbox", blankForm(t, cl, url.Values{"model": {"redis"}, "token_source": {"epoch"}}))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422", rec.Code)
	}
	got := strings.Join(strings.Fields(mustDoc(t, rec).Find(`#error-token_source`).Text()), " ")
	if !strings.Contains(got, "database model, which has no lock service") || strings.Contains(got, "database lock service") {
		t.Fatalf("message = %q, want the database model said to have no lock service", got)
	}
}
