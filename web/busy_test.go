package web_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"lockdrill/web"
)

// TestHeldWriteLockIsOneRetryableStatus: while another process holds the
// database's write lock, a write gets a 503 with Retry-After and a message
// saying nothing was saved, and /healthz says the database is busy; both
// answer promptly rather than after the request deadline.
func TestHeldWriteLockIsOneRetryableStatus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "busy.db")
	srv, _ := newServerAt(t, path, func() time.Time { return testNow })
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/learn/fencing-tokens"))

	db, err := sql.Open("sqlite3", "file:"+path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatalf("take the write lock: %v", err)
	}
	defer tx.Rollback()

	rec := cl.postForm("/learn/fencing-tokens/read", url.Values{"_csrf": {token}, "read": {"1"}})
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("write under a held lock = %d (Retry-After %q), want 503 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	if !strings.Contains(rec.Body.String(), "was not saved") {
		t.Fatalf("503 page does not say the change was not saved: %.1500s", rec.Body.String())
	}

	rec = cl.get("/healthz")
	var h struct{ Status, Database string }
	if err := json.Unmarshal(rec.Body.Bytes(), &h); err != nil {
		t.Fatalf("healthz body %q: %v", rec.Body.String(), err)
	}
	if rec.Code != http.StatusServiceUnavailable || h.Database != "busy" {
		t.Fatalf("healthz under a held lock = %d %+v, want 503 with database busy", rec.Code, h)
	}
	tx.Rollback()
	if rec := cl.get("/healthz"); rec.Code != http.StatusOK {
		t.Fatalf("healthz after the lock is released = %d %s", rec.Code, rec.Body.String())
	}
}

// TestHealthzClientThatHungUpIsNotAnError: a monitor that gives up before
// /healthz answers is not logged as a failing database.
func TestHealthzClientThatHungUpIsNotAnError(t *testing.T) {
	var logs syncLog
	srv, _ := newTestServer(t, func(c *web.Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil).WithContext(ctx))
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("a client that hung up was logged as an error:\n%s", logs.String())
	}
}

// syncLog is a log buffer safe for concurrent writes.
type syncLog struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
