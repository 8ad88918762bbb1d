package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestGuideNitsQA9 checks the two guide corrections of QA-9 Q9-24 as a
// reader sees them: the seat-hold SQL warns that PostgreSQL's now() is the
// transaction's start, and the dated claim about the Redis page on Redlock
// names the change a reader can look up instead of "since late 2025".
func TestGuideNitsQA9(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)

	rec := cl.get("/learn/lock-you-did-not-need")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /learn/lock-you-did-not-need: %d", rec.Code)
	}
	text := mustDoc(t, rec).Find("main").Text()
	for _, want := range []string{"the time the transaction began", "clock_timestamp()", "its own short transaction"} {
		if !strings.Contains(text, want) {
			t.Errorf("the seat-hold section lacks %q", want)
		}
	}

	rec = cl.get("/learn/redlock-dispute")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /learn/redlock-dispute: %d", rec.Code)
	}
	doc := mustDoc(t, rec)
	if strings.Contains(doc.Find("main").Text(), "since late 2025") {
		t.Errorf("the Redlock section still makes the undated claim 'since late 2025'")
	}
	if doc.Find(`main a[href="https://github.com/redis/docs/pull/2385"]`).Length() != 1 {
		t.Errorf("the Redlock section does not link the Redis docs change it describes")
	}
}
