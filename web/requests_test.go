package web_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockdrill/sandbox"
	"lockdrill/web"
)

// TestBadRequestsGetTheirOwnStatus: bodies that are not a usable form, and
// unknown paths, are answered for what they are, not with the CSRF 403.
func TestBadRequestsGetTheirOwnStatus(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
	many := url.Values{"_csrf": {token}}
	for i := range 10_001 {
		many.Set(fmt.Sprintf("f%d", i), "x")
	}
	tests := []struct {
		name, method, path, ctype, body string
		want                            int
	}{
		{"malformed multipart", http.MethodPost, "/learn/fencing-tokens/read", "multipart/form-data; boundary=xyz", "--xyz\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n" + token + "\r\n--xy", http.StatusBadRequest},
		{"multipart without a boundary", http.MethodPost, "/learn/fencing-tokens/read", "multipart/form-data", "_csrf=" + token, http.StatusBadRequest},
		{"more than 10,000 fields", http.MethodPost, "/learn/fencing-tokens/read", "application/x-www-form-urlencoded", many.Encode(), http.StatusRequestEntityTooLarge},
		{"JSON to a form route", http.MethodPost, "/practice/fencing-token", "application/json", `{"_csrf":"` + token + `","text":"a lease"}`, http.StatusBadRequest},
		{"PUT to an unknown path", http.MethodPut, "/nope", "application/x-www-form-urlencoded", "a=1", http.StatusNotFound},
		{"POST to an unknown path", http.MethodPost, "/sandbox/import/nope/x", "application/x-www-form-urlencoded", "a=1", http.StatusNotFound},
		{"a good form still works", http.MethodPost, "/learn/fencing-tokens/read", "application/x-www-form-urlencoded", url.Values{"_csrf": {token}, "read": {"1"}}.Encode(), http.StatusSeeOther},
		{"no token is still a 403", http.MethodPost, "/learn/fencing-tokens/read", "application/x-www-form-urlencoded", "read=1", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			req.Header.Set("Content-Type", tt.ctype)
			if rec := cl.do(req); rec.Code != tt.want {
				t.Fatalf("%s %s = %d, want %d; body %.300s", tt.method, tt.path, rec.Code, tt.want, rec.Body.String())
			}
		})
	}
}

// TestOriginIsChecked: a write whose Origin is another site is refused
// even with the right token; the page's own origin passes.
func TestOriginIsChecked(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
	for _, tt := range []struct {
		origin string
		want   int
	}{
		{"https://evil.example", http.StatusForbidden},
		{"null", http.StatusForbidden},
		{"http://example.com.evil.example", http.StatusForbidden},
		{"http://example.com", http.StatusSeeOther}, // httptest's Host
		{"", http.StatusSeeOther},                   // old browsers send none
	} {
		t.Run(tt.origin, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/learn/fencing-tokens/read", strings.NewReader(url.Values{"_csrf": {token}, "read": {"1"}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			if got := cl.do(req).Code; got != tt.want {
				t.Fatalf("POST with Origin %q = %d, want %d", tt.origin, got, tt.want)
			}
		})
	}
}

// uploadImport posts a scenario file of the given text to the import page.
func uploadImport(t *testing.T, cl *client, text string) *httptest.ResponseRecorder {
	t.Helper()
	return postImport(t, cl, text, true)
}

// TestBodyLimitAgreesWithTheEngine: a scenario file the engine accepts
// (up to sandbox.MaxInputBytes) can be uploaded; a larger one is refused
// by the engine with its limit named, and a body far beyond is a 413 that
// says the limit.
func TestBodyLimitAgreesWithTheEngine(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	small := `{"clients":[{"id":"A"}],"actions":[{"at_ms":0,"client":"A","op":"acquire"}]}`
	pad := func(n int) string { return small[:len(small)-1] + strings.Repeat(" ", n-len(small)) + "}" }

	if rec := uploadImport(t, cl, pad(sandbox.MaxInputBytes)); rec.Code != http.StatusSeeOther {
		t.Fatalf("upload of a %d-byte scenario = %d, want 303 (the engine accepts it); body %.300s", sandbox.MaxInputBytes, rec.Code, rec.Body.String())
	}
	rec := uploadImport(t, cl, pad(sandbox.MaxInputBytes+1))
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), fmt.Sprint(sandbox.MaxInputBytes)) {
		t.Fatalf("upload one byte over = %d, want 422 naming the limit %d; body %.500s", rec.Code, sandbox.MaxInputBytes, rec.Body.String())
	}
	rec = uploadImport(t, cl, pad(web.MaxBodyBytes+1))
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), "1 MiB (1,048,576 bytes)") {
		t.Fatalf("upload beyond the body limit = %d, want 413 naming the limit; body %.500s", rec.Code, rec.Body.String())
	}
}

// TestSlowBodyIsCutOff: a client that sends headers and then never
// finishes its body has its connection closed after ReadTimeout.
func TestSlowBodyIsCutOff(t *testing.T) {
	srv, _ := newTestServer(t, func(c *web.Config) { c.ReadTimeout = 300 * time.Millisecond })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, "127.0.0.1:0", func(a string) { addrc <- a }) }()
	addr := <-addrc
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /learn/fencing-tokens/read HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nread=1", addr)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	var buf bytes.Buffer
	_, err = buf.ReadFrom(conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("connection still open after 5 s with an unfinished body, want it closed after the 300 ms read timeout")
	}
	t.Logf("closed after %v with %q", time.Since(start).Round(time.Millisecond), strings.SplitN(buf.String(), "\r\n", 2)[0])
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
}

// TestOriginBehindAProxyThatRewritesHost: a trusted proxy that sends the
// backend's address as Host passes the browser's host in
// X-Forwarded-Host, which the Origin check then accepts; the same header
// from anyone else is ignored.
func TestOriginBehindAProxyThatRewritesHost(t *testing.T) {
	for _, tt := range []struct {
		name    string
		trusted string
		want    int
	}{
		{"from the trusted proxy", "192.0.2.0/24", http.StatusSeeOther},
		{"from anyone else", "10.0.0.0/8", http.StatusForbidden},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := newTestServer(t, unlimitedWrites, func(c *web.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix(tt.trusted)} })
			cl := newClient(t, srv)
			token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
			req := httptest.NewRequest(http.MethodPost, "/learn/fencing-tokens/read", strings.NewReader(url.Values{"_csrf": {token}, "read": {"1"}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Host = "127.0.0.1:8080"
			req.Header.Set("Origin", "https://lockdrill.example")
			req.Header.Set("X-Forwarded-Host", "lockdrill.example")
			if got := cl.do(req).Code; got != tt.want {
				t.Fatalf("POST = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestTooLargeSaysTheLimitOfTheFormSent: a 413 explains the limit of what
// was being sent (an answer, an import file), not the sandbox's.
func TestTooLargeSaysTheLimitOfTheFormSent(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	huge := strings.Repeat("a", web.MaxBodyBytes+1)
	text := func(rec *httptest.ResponseRecorder) string {
		return strings.Join(strings.Fields(mustDoc(t, rec).Find("main").Text()), " ")
	}
	t.Run("a practice answer", func(t *testing.T) {
		rec := cl.answer("fencing-token", url.Values{"answer": {huge}})
		got := text(rec)
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(got, "An answer can be at most 5 000 characters") || strings.Contains(got, "scenario") {
			t.Errorf("huge answer = %d, %q; want 413 about the answer limit and nothing about scenarios", rec.Code, got)
		}
	})
	t.Run("an import file", func(t *testing.T) {
		rec := postFile(t, cl, []byte(huge))
		got := text(rec)
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(got, "compressed export (.json.gz)") || strings.Contains(got, "scenario") {
			t.Errorf("huge import = %d, %q; want 413 pointing to the compressed export", rec.Code, got)
		}
	})
}
