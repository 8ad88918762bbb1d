package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/content"
	"lockdrill/static"
	"lockdrill/store"
	"lockdrill/web"
)

// testNow is the fixed wall clock of web tests.
var testNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// newTestServer builds the real server over the embedded content and a fresh
// database file, with the wall clock fixed at testNow.
func newTestServer(tb testing.TB, opts ...func(*web.Config)) (*web.Server, *store.Store) {
	tb.Helper()
	return newServerAt(tb, "", func() time.Time { return testNow }, opts...)
}

// newServerAt builds the real server over the database file at path (a
// fresh one when empty) with the clock now, for tests that move time or
// reopen a database.
func newServerAt(tb testing.TB, path string, now func() time.Time, opts ...func(*web.Config)) (*web.Server, *store.Store) {
	tb.Helper()
	if path == "" {
		path = filepath.Join(tb.TempDir(), "web.db")
	}
	st, err := store.Open(context.Background(), path)
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { st.Close() })
	assets, err := static.New()
	if err != nil {
		tb.Fatalf("static: %v", err)
	}
	cfg := web.Config{Store: st, Catalog: mustCatalog(tb), Assets: assets, Logger: slog.New(slog.DiscardHandler), Now: now}
	for _, o := range opts {
		o(&cfg)
	}
	srv, err := web.NewServer(cfg)
	if err != nil {
		tb.Fatalf("new server: %v", err)
	}
	return srv, st
}

// mustCatalog loads the embedded content.
func mustCatalog(tb testing.TB) *content.Catalog {
	tb.Helper()
	cat, err := content.Load(content.Embedded())
	if err != nil {
		tb.Fatalf("load content: %v", err)
	}
	return cat
}

// client is a tiny cookie-keeping browser over the router.
type client struct {
	tb      testing.TB
	h       http.Handler
	cookies map[string]*http.Cookie
}

func newClient(tb testing.TB, h http.Handler) *client {
	return &client{tb: tb, h: h, cookies: map[string]*http.Cookie{}}
}

func (cl *client) do(req *http.Request) *httptest.ResponseRecorder {
	cl.tb.Helper()
	for _, c := range cl.cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	cl.h.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.MaxAge < 0 {
			delete(cl.cookies, c.Name)
			continue
		}
		cl.cookies[c.Name] = c
	}
	return rec
}

func (cl *client) get(path string) *httptest.ResponseRecorder {
	cl.tb.Helper()
	return cl.do(httptest.NewRequest(http.MethodGet, path, nil))
}

// postForm posts form values; it does not add a CSRF token by itself.
func (cl *client) postForm(path string, form url.Values) *httptest.ResponseRecorder {
	cl.tb.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return cl.do(req)
}

// csrfFrom returns the _csrf value of the first form of a page.
func csrfFrom(tb testing.TB, rec *httptest.ResponseRecorder) string {
	tb.Helper()
	doc := mustDoc(tb, rec)
	v, ok := doc.Find(`input[name="_csrf"]`).First().Attr("value")
	if !ok || v == "" {
		tb.Fatalf("page has no _csrf field")
	}
	return v
}

func mustDoc(tb testing.TB, rec *httptest.ResponseRecorder) *goquery.Document {
	tb.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		tb.Fatalf("parse html: %v", err)
	}
	return doc
}

func TestGuideSectionsRender(t *testing.T) {
	srv, _ := newTestServer(t)
	cat, _ := content.Load(content.Embedded())
	cl := newClient(t, srv)
	for _, sec := range cat.Guide {
		t.Run(sec.Slug, func(t *testing.T) {
			rec := cl.get("/learn/" + sec.Slug)
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", rec.Code)
			}
			doc := mustDoc(t, rec)
			if got := strings.TrimSpace(doc.Find(`[data-testid=section-title]`).Text()); got != sec.Title {
				t.Fatalf("heading = %q, want %q", got, sec.Title)
			}
			if n := doc.Find(`[data-testid=key-points] li`).Length(); n < 3 {
				t.Fatalf("key points = %d items, want at least 3", n)
			}
			if doc.Find(`[data-testid=section-body] p`).Length() == 0 {
				t.Fatalf("section body has no paragraphs")
			}
			if doc.Find(`[data-testid=mark-read-form] input[name=_csrf]`).Length() != 1 {
				t.Fatalf("mark-as-read form lacks its CSRF field")
			}
		})
	}
	t.Run("index lists every section", func(t *testing.T) {
		doc := mustDoc(t, cl.get("/learn"))
		if n := doc.Find(`[data-testid=toc-entry]`).Length(); n != len(cat.Guide) {
			t.Fatalf("toc entries = %d, want %d", n, len(cat.Guide))
		}
	})
}

func TestUnknownPathsGiveHTML404(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, path := range []string{"/nope", "/learn/no-such-section", "/static/css/missing.css", "/%3Cem%3Ex%3C/em%3E"} {
		t.Run(path, func(t *testing.T) {
			rec := cl.get(path)
			if rec.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", rec.Code)
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
				t.Fatalf("content type = %q, want text/html", ct)
			}
			doc := mustDoc(t, rec)
			if doc.Find(`[data-testid=error-heading]`).Text() != "Page not found" {
				t.Fatalf("404 page heading = %q", doc.Find(`[data-testid=error-heading]`).Text())
			}
			if doc.Find(`nav[aria-label=Main]`).Length() != 1 {
				t.Fatalf("404 page is not in the site layout")
			}
			if strings.Contains(rec.Body.String(), "<em>x</em>") {
				t.Fatalf("404 page reflects markup unescaped")
			}
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	srv, _ := newTestServer(t)
	rec := newClient(t, srv).get("/")
	csp := rec.Header().Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Fatalf("CSP = %q, missing %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-inline") {
		t.Fatalf("CSP allows inline code: %q", csp)
	}
	if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
		t.Fatalf("X-Content-Type-Options = %q, want nosniff", got)
	}
	if strings.Contains(rec.Body.String(), " style=") || strings.Contains(rec.Body.String(), "<script>") {
		t.Fatalf("home page has inline style or script, which the CSP would block")
	}
}

func TestPostWithoutCSRFIsRefused(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	cl.get("/learn/fencing-tokens") // gets the CSRF cookie, but the form token is left out
	tests := []struct {
		name string
		form url.Values
	}{
		{"missing token", url.Values{"read": {"1"}}},
		{"wrong token", url.Values{"read": {"1"}, "_csrf": {"forged"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := cl.postForm("/learn/fencing-tokens/read", tt.form)
			if rec.Code != http.StatusForbidden {
				t.Fatalf("status = %d, want 403", rec.Code)
			}
			doc := mustDoc(t, rec)
			if msg := doc.Find(`[data-testid=error-message]`).Text(); !strings.Contains(msg, "nothing was changed") {
				t.Fatalf("403 page message = %q, want a readable explanation", msg)
			}
			if _, ok := cl.cookies["lockdrill_learner"]; ok {
				t.Fatalf("a refused POST created a learner")
			}
		})
	}
}

func TestMarkAsReadFlow(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
	rec := cl.postForm("/learn/fencing-tokens/read", url.Values{"_csrf": {token}, "read": {"1"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("status = %d, want 303", rec.Code)
	}
	lc, ok := cl.cookies["lockdrill_learner"]
	if !ok {
		t.Fatalf("no learner cookie after the first write")
	}
	if !lc.HttpOnly || lc.SameSite != http.SameSiteLaxMode {
		t.Fatalf("learner cookie HttpOnly=%v SameSite=%v, want HttpOnly and Lax", lc.HttpOnly, lc.SameSite)
	}
	if loc := rec.Header().Get("Location"); !strings.HasPrefix(loc, "/learn/") {
		t.Fatalf("redirect to %q, want the next section", loc)
	}
	doc := mustDoc(t, cl.get("/learn"))
	if got := doc.Find(`[data-testid=read-badge]`).Length(); got != 1 {
		t.Fatalf("read badges on /learn = %d, want 1", got)
	}
	if !strings.Contains(doc.Find(`[data-testid=reading-progress]`).Text(), "1 of") {
		t.Fatalf("reading progress = %q, want 1 of N", doc.Find(`[data-testid=reading-progress]`).Text())
	}
	// Another browser has its own, empty progress.
	other := newClient(t, srv)
	if n := mustDoc(t, other.get("/learn")).Find(`[data-testid=read-badge]`).Length(); n != 0 {
		t.Fatalf("a new visitor sees %d read badges, want 0", n)
	}
}

func TestHealthz(t *testing.T) {
	srv, _ := newTestServer(t)
	rec := newClient(t, srv).get("/healthz")
	if rec.Code != http.StatusOK {
		t.Fatalf("status = %d, want 200", rec.Code)
	}
	body, _ := io.ReadAll(rec.Body)
	if !strings.Contains(string(body), `"database":"ok"`) {
		t.Fatalf("body = %s, want database ok", body)
	}
	// The footer links it: a browser gets a page in words (QA-8 Q8-15).
	req := httptest.NewRequest(http.MethodGet, "/healthz", nil)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")
	page := newClient(t, srv).do(req)
	if page.Code != http.StatusOK || !strings.HasPrefix(page.Header().Get("Content-Type"), "text/html") ||
		mustDoc(t, page).Find(`[data-testid=status-ok]`).Text() != "lockdrill is working" {
		t.Fatalf("a browser's /healthz: status %d, %s", page.Code, page.Header().Get("Content-Type"))
	}
}

func TestStaticFilesAreHashedAndImmutable(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	doc := mustDoc(t, cl.get("/"))
	href, _ := doc.Find(`link[rel=stylesheet]`).First().Attr("href")
	if !strings.HasPrefix(href, "/static/css/app.") || href == "/static/css/app.css" {
		t.Fatalf("stylesheet href = %q, want a content-hashed name", href)
	}
	rec := cl.get(href)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s = %d", href, rec.Code)
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "immutable") || !strings.Contains(cc, "max-age=31536000") {
		t.Fatalf("Cache-Control = %q, want a year, immutable", cc)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/css") {
		t.Fatalf("Content-Type = %q", ct)
	}
}

// unlimitedWrites lifts the write rate limit for tests that post a lot.
func unlimitedWrites(c *web.Config) { c.WriteBurst = 1 << 20 }

// noRefill makes the write limit a fixed allowance (the burst), so a rate
// test does not depend on how fast the machine sends its requests.
func noRefill(c *web.Config) { c.WriteRate = 1e-9 }

func TestWritesAreRateLimitedPerAddressWhateverTheCookie(t *testing.T) {
	srv, _ := newTestServer(t, noRefill)
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
	limited := 0
	for i := range 60 {
		// A fresh, made-up learner cookie and a forged forwarding header on
		// every request must not buy a fresh allowance.
		delete(cl.cookies, "lockdrill_learner")
		req := httptest.NewRequest(http.MethodPost, "/learn/fencing-tokens/read", strings.NewReader(url.Values{"_csrf": {token}, "read": {"1"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.0.0.%d", i))
		req.AddCookie(&http.Cookie{Name: "lockdrill_learner", Value: store.NewID()})
		rec := cl.do(req)
		if rec.Code == http.StatusTooManyRequests {
			limited++
			if !strings.Contains(mustDoc(t, rec).Find(`[data-testid=error-message]`).Text(), "nothing was changed") {
				t.Fatalf("429 page does not explain itself")
			}
		}
	}
	if limited == 0 {
		t.Fatalf("60 writes in a row with fresh cookies and forged addresses were all accepted")
	}
	// Reading is never limited.
	if rec := cl.get("/learn"); rec.Code != http.StatusOK {
		t.Fatalf("GET /learn after the limit = %d, want 200", rec.Code)
	}
}

func TestCookiesAreSecureOverTLS(t *testing.T) {
	// httptest's requests come from 192.0.2.1: the proxy in this test.
	srv, _ := newTestServer(t, func(c *web.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")} })
	cl := newClient(t, srv)
	req := httptest.NewRequest(http.MethodGet, "/learn/fencing-tokens", nil)
	req.Header.Set("X-Forwarded-Proto", "HTTPS") // proxies differ in case
	rec := cl.do(req)
	token := csrfFrom(t, rec)
	if c := cl.cookies["lockdrill_csrf"]; c == nil || !c.Secure {
		t.Fatalf("CSRF cookie over TLS = %+v, want Secure", c)
	}
	req = httptest.NewRequest(http.MethodPost, "/learn/fencing-tokens/read", strings.NewReader(url.Values{"_csrf": {token}, "read": {"1"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-Proto", "https")
	cl.do(req)
	if c := cl.cookies["lockdrill_learner"]; c == nil || !c.Secure {
		t.Fatalf("learner cookie over TLS = %+v, want Secure", c)
	}
	// Over plain HTTP the cookies must stay usable.
	plain := newClient(t, srv)
	plain.get("/learn")
	if c := plain.cookies["lockdrill_csrf"]; c == nil || c.Secure {
		t.Fatalf("CSRF cookie over plain HTTP = %+v, want not Secure", c)
	}
}

// TestForwardedProtoFromAnyoneIsIgnored: without trusted proxies (or from
// an address that is not one), a client claiming X-Forwarded-Proto: https
// does not get Secure cookies, which its plain-HTTP browser would drop.
func TestForwardedProtoFromAnyoneIsIgnored(t *testing.T) {
	for name, opt := range map[string]func(*web.Config){
		"no trusted proxies":       func(*web.Config) {},
		"not from a trusted proxy": func(c *web.Config) { c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")} },
	} {
		t.Run(name, func(t *testing.T) {
			srv, _ := newTestServer(t, opt)
			cl := newClient(t, srv)
			req := httptest.NewRequest(http.MethodGet, "/learn/fencing-tokens", nil)
			req.Header.Set("X-Forwarded-Proto", "https")
			cl.do(req)
			if c := cl.cookies["lockdrill_csrf"]; c == nil || c.Secure {
				t.Fatalf("CSRF cookie after a forged X-Forwarded-Proto = %+v, want not Secure", c)
			}
		})
	}
}

func TestNoInlineScriptOrStyleOnAnyPage(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	// Crawl from the home page through every internal link, two levels deep
	// plus every guide and practice page, so new pages are covered as they
	// are linked.
	seen := map[string]bool{}
	queue := []string{"/", "/learn", "/practice", "/rounds", "/sandbox", "/progress", "/review", "/about/grader", "/sandbox/import"}
	for len(queue) > 0 && len(seen) < 400 {
		path := queue[0]
		queue = queue[1:]
		if seen[path] {
			continue
		}
		seen[path] = true
		rec := cl.get(path)
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s = %d, want 200 (linked from the app)", path, rec.Code)
			continue
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			continue
		}
		doc := mustDoc(t, rec)
		if n := doc.Find("[style]").Length(); n > 0 {
			t.Errorf("%s: %d elements carry a style attribute, which the CSP blocks", path, n)
		}
		doc.Find("script").Each(func(_ int, sel *goquery.Selection) {
			if _, ok := sel.Attr("src"); !ok {
				t.Errorf("%s: inline <script>, which the CSP blocks", path)
			}
		})
		doc.Find("*").Each(func(_ int, sel *goquery.Selection) {
			for _, a := range sel.Nodes[0].Attr {
				if strings.HasPrefix(a.Key, "on") {
					t.Errorf("%s: inline event handler %s=, which the CSP blocks", path, a.Key)
				}
			}
		})
		doc.Find("a[href]").Each(func(_ int, sel *goquery.Selection) {
			href, _ := sel.Attr("href")
			if !strings.HasPrefix(href, "/") || strings.HasPrefix(href, "//") {
				return
			}
			href, _, _ = strings.Cut(href, "#")
			if href == "" || strings.HasSuffix(href, ".json") || strings.HasSuffix(href, ".md") {
				return
			}
			if !seen[href] {
				queue = append(queue, href)
			}
		})
	}
	if len(seen) < 60 {
		t.Fatalf("crawled only %d pages; the crawl is not reaching the app", len(seen))
	}
	t.Logf("checked %d pages", len(seen))
}

func TestHeadAnswersLikeGet(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, path := range []string{"/", "/learn", "/learn/fencing-tokens", "/healthz", "/sandbox"} {
		t.Run(path, func(t *testing.T) {
			rec := cl.do(httptest.NewRequest(http.MethodHead, path, nil))
			if rec.Code != http.StatusOK {
				t.Fatalf("HEAD %s = %d, want 200", path, rec.Code)
			}
			if rec.Body.Len() != 0 {
				t.Fatalf("HEAD %s sent a body of %d bytes", path, rec.Body.Len())
			}
			if rec.Header().Get("Content-Type") == "" {
				t.Fatalf("HEAD %s has no Content-Type", path)
			}
		})
	}
	if rec := cl.do(httptest.NewRequest(http.MethodHead, "/nope", nil)); rec.Code != http.StatusNotFound {
		t.Fatalf("HEAD /nope = %d, want 404", rec.Code)
	}
}

func TestFormsCarryARealTokenAndFetchMetadataIsChecked(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	req := httptest.NewRequest(http.MethodGet, "/learn/fencing-tokens", nil)
	req.Header.Set("Sec-Fetch-Site", "none")
	token := csrfFrom(t, cl.do(req))
	if token != cl.cookies["lockdrill_csrf"].Value {
		t.Fatalf("form token %q is not the session's token; a browser sending Sec-Fetch-Site got a placeholder", token)
	}
	post := func(site, tok string) int {
		req := httptest.NewRequest(http.MethodPost, "/learn/fencing-tokens/read", strings.NewReader(url.Values{"_csrf": {tok}, "read": {"1"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if site != "" {
			req.Header.Set("Sec-Fetch-Site", site)
		}
		return cl.do(req).Code
	}
	tests := []struct {
		name, site, token string
		want              int
	}{
		{"same origin without the token", "same-origin", "", http.StatusForbidden},
		{"cross site with the token", "cross-site", token, http.StatusForbidden},
		{"same site with the token", "same-site", token, http.StatusForbidden},
		{"same origin with the token", "same-origin", token, http.StatusSeeOther},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := post(tt.site, tt.token); got != tt.want {
				t.Fatalf("POST = %d, want %d", got, tt.want)
			}
		})
	}
}

// writeFrom posts a mark-as-read from the client address remote, with
// X-Forwarded-For set to xff when not empty, and returns the status.
func writeFrom(t *testing.T, cl *client, token, remote, xff string) int {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/learn/fencing-tokens/read", strings.NewReader(url.Values{"_csrf": {token}, "read": {"1"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = remote
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	return cl.do(req).Code
}

func TestWriteLimitBuckets(t *testing.T) {
	tests := []struct {
		name    string
		trusted string
		// remote and xff give the i-th request's connection address and
		// forwarded-for header.
		remote, xff func(i int) string
		limited     bool
	}{
		{"one IPv6 /64 is one client", "",
			func(i int) string { return fmt.Sprintf("[2001:db8:1:2::%x]:4000", i+1) }, func(int) string { return "" }, true},
		{"different IPv6 /64s are different clients", "",
			func(i int) string { return fmt.Sprintf("[2001:db8:%x::1]:4000", i+1) }, func(int) string { return "" }, false},
		{"a trusted proxy's forwarded-for names the client", "10.0.0.0/8",
			func(int) string { return "10.1.2.3:4000" }, func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, false},
		{"everyone behind a trusted proxy is not one client, but one client is", "10.0.0.0/8",
			func(int) string { return "10.1.2.3:4000" }, func(int) string { return "203.0.113.7" }, true},
		{"an untrusted sender's forwarded-for is ignored", "10.0.0.0/8",
			func(int) string { return "198.51.100.9:4000" }, func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, _ := newTestServer(t, noRefill, func(c *web.Config) {
				if tt.trusted != "" {
					c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix(tt.trusted)}
				}
			})
			cl := newClient(t, srv)
			token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
			limited := false
			for i := range 45 {
				if writeFrom(t, cl, token, tt.remote(i), tt.xff(i)) == http.StatusTooManyRequests {
					limited = true
				}
			}
			if limited != tt.limited {
				t.Fatalf("45 writes: limited = %v, want %v", limited, tt.limited)
			}
		})
	}
}

func TestWrongMethodIs405(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	tests := []struct{ method, path, allow string }{
		{http.MethodGet, "/learn/fencing-tokens/read", "POST"},
		{http.MethodDelete, "/practice", "GET"},
		{http.MethodPut, "/learn", "GET"},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			rec := cl.do(httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != http.StatusMethodNotAllowed {
				t.Fatalf("status = %d, want 405", rec.Code)
			}
			if !strings.Contains(rec.Header().Get("Allow"), tt.allow) {
				t.Fatalf("Allow = %q, want it to list %s", rec.Header().Get("Allow"), tt.allow)
			}
			if h := mustDoc(t, rec).Find(`[data-testid=error-heading]`).Text(); h == "" {
				t.Fatalf("405 is not an HTML page in the layout")
			}
		})
	}
}

func TestClientGoneIsNotAServerError(t *testing.T) {
	srv, _ := newTestServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the browser closed the connection before the page was ready
	req := httptest.NewRequest(http.MethodGet, "/learn/fencing-tokens", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	if rec.Code >= 500 && rec.Code != 499 {
		t.Fatalf("status = %d for a request whose client went away, want 499 (not a server error)", rec.Code)
	}
}

// TestCodeExamplesHaveNoLexerErrors: every guide page's code is
// highlighted by a lexer that knows it: no token is marked as an error
// (the SQL placeholders $1, $2 once showed as red error blocks).
func TestCodeExamplesHaveNoLexerErrors(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	cat := mustCatalog(t)
	for _, sec := range cat.Guide {
		doc := mustDoc(t, cl.get("/learn/"+sec.Slug))
		doc.Find(`pre .err`).Each(func(_ int, s *goquery.Selection) {
			t.Errorf("/learn/%s: code token %q is highlighted as an error", sec.Slug, s.Text())
		})
	}
	for _, q := range cat.Questions.All() {
		doc := mustDoc(t, cl.get("/practice/"+q.ID))
		doc.Find(`pre .err`).Each(func(_ int, s *goquery.Selection) {
			t.Errorf("/practice/%s: code token %q is highlighted as an error", q.ID, s.Text())
		})
	}
}

// TestGuidePageRenderedOncePerState: a guide section is rendered once for
// visitors who have not read it and once for those who have; each visitor
// still gets their own CSRF token in its form, gzip or not.
func TestGuidePageRenderedOncePerState(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	seen := map[string]bool{}
	for i := range 5 {
		cl := newClient(t, srv)
		req := httptest.NewRequest(http.MethodGet, "/learn/fencing-tokens", nil)
		if i%2 == 1 {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		rec := cl.do(req)
		body := rec.Body.Bytes()
		if rec.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		rec2 := httptest.NewRecorder()
		rec2.Body.Write(body)
		token := csrfFrom(t, rec2)
		if ck := cl.cookies["lockdrill_csrf"]; ck == nil || ck.Value != token {
			t.Fatalf("visitor %d: form token %q is not their cookie's", i, token)
		}
		if seen[token] {
			t.Fatalf("visitor %d got another visitor's token", i)
		}
		seen[token] = true
	}
	if n := srv.SharedPagesBuilt(); n != 1 {
		t.Fatalf("guide page rendered %d times for 5 visitors in one state, want 1", n)
	}
	// A learner who marks it read sees it read: the other state.
	cl := newClient(t, srv)
	token := csrfFrom(t, cl.get("/learn/fencing-tokens"))
	if rec := cl.postForm("/learn/fencing-tokens/read", url.Values{"_csrf": {token}, "read": {"1"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("mark read: %d", rec.Code)
	}
	cl.get("/learn/lease-not-mutex") // the redirect target takes the flash
	first := mustDoc(t, cl.get("/learn/fencing-tokens"))
	again := mustDoc(t, cl.get("/learn/fencing-tokens"))
	if first.Find(`input[name=read][value="0"]`).Length() != 1 || again.Find(`input[name=read][value="0"]`).Length() != 1 {
		t.Fatalf("a read section does not offer to mark it unread")
	}
}
