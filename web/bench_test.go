package web_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkGuideSection measures serving one guide section through the whole
// middleware stack, without gzip.
func BenchmarkGuideSection(b *testing.B) {
	srv, _ := newTestServer(b)
	for b.Loop() {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/learn/fencing-tokens", nil))
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
