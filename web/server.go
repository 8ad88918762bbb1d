// Package web is lockdrill's HTTP face: routes, thin handlers, middleware and
// the templ views under views/. Handlers parse and validate input, call the
// domain packages and the store, and render; nothing here grades an answer or
// simulates a lock.
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"lockdrill/content"
	"lockdrill/sandbox"
	"lockdrill/static"
	"lockdrill/store"
	"lockdrill/web/timelineview"
)

// Config is everything the server needs, wired by cmd/lockdrill.
type Config struct {
	Store   *store.Store
	Catalog *content.Catalog
	Assets  *static.Assets
	Logger  *slog.Logger
	// Now is the wall clock; tests pass a fixed one.
	Now func() time.Time
	// RequestTimeout bounds the work of one request. Zero means 10 s.
	RequestTimeout time.Duration
	// ReadHeaderTimeout and ReadTimeout bound how long a client may take
	// to send a request's headers and the whole request: a body that never
	// finishes holds a connection no longer. Zero means 5 s and 10 s.
	ReadHeaderTimeout, ReadTimeout time.Duration
	// WriteRate and WriteBurst limit state-changing requests per client
	// address: a sustained rate a second and a burst. Zero means 5 and 30.
	WriteRate  float64
	WriteBurst int
	// ExpensiveRate and ExpensiveBurst limit, per client address, the GET
	// pages that run or lay out a simulation. Zero means 10 and 60.
	ExpensiveRate  float64
	ExpensiveBurst int
	// TrustedProxies are the networks of reverse proxies whose
	// X-Forwarded-For header gives the client's address, X-Forwarded-Proto
	// whether it used TLS and X-Forwarded-Host the host it asked for.
	// Empty means the connection's own address is the client's and those
	// headers are ignored.
	TrustedProxies []netip.Prefix
}

// Server is the HTTP application.
type Server struct {
	cfg    Config
	store  *store.Store
	cat    *content.Catalog
	assets *static.Assets
	log    *slog.Logger
	now    func() time.Time
	e      *echo.Echo
	runs   *runCache
	steps  *onceCache[stepKey, stepView]
	panels *onceCache[stepKey, timelineview.Panel]
	parsed *onceCache[[32]byte, storedScenario]
	// presets and related are fixed for the server's life, built once.
	presets []sandbox.Preset
	related map[string]related
	shared  *sharedPages
}

// MaxBodyBytes caps every request body. The largest legitimate one is a
// scenario file uploaded to the import page, which the engine accepts up to
// sandbox.MaxInputBytes (1 MiB); the rest is room for the form around it.
const MaxBodyBytes = sandbox.MaxInputBytes + 64<<10

// NewServer builds the router with its middleware and routes.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Catalog == nil || cfg.Assets == nil {
		return nil, errors.New("new server: store, catalog and assets are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 10 * time.Second
	}
	if cfg.ReadHeaderTimeout == 0 {
		cfg.ReadHeaderTimeout = 5 * time.Second
	}
	if cfg.ReadTimeout == 0 {
		cfg.ReadTimeout = 10 * time.Second
	}
	if cfg.WriteRate == 0 {
		cfg.WriteRate = defaultWriteRate
	}
	if cfg.WriteBurst == 0 {
		cfg.WriteBurst = defaultWriteBurst
	}
	if cfg.ExpensiveRate == 0 {
		cfg.ExpensiveRate = defaultExpensiveRate
	}
	if cfg.ExpensiveBurst == 0 {
		cfg.ExpensiveBurst = defaultExpensiveBurst
	}
	s := &Server{cfg: cfg, store: cfg.Store, cat: cfg.Catalog, assets: cfg.Assets, log: cfg.Logger, now: cfg.Now, runs: newRunCache(runCacheSize),
		steps: newOnceCache[stepKey, stepView](stepViewCacheSize), panels: newOnceCache[stepKey, timelineview.Panel](4 * stepViewCacheSize),
		parsed: newOnceCache[[32]byte, storedScenario](storedScenarioCacheSize)}
	s.presets = sandbox.Presets()
	s.related = buildRelated(cfg.Catalog, s.presets)
	s.shared = newSharedPages()
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	// Forwarded-for headers are believed only from configured proxies.
	e.IPExtractor = ipExtractor(cfg.TrustedProxies)
	e.Pre(headAsGet)
	e.Use(
		middleware.Recover(),
		middleware.RequestID(),
		requestLogger(cfg.Logger),
		middleware.SecureWithConfig(middleware.SecureConfig{
			XSSProtection:         "0",
			ContentTypeNosniff:    "nosniff",
			XFrameOptions:         "DENY",
			ReferrerPolicy:        "same-origin",
			ContentSecurityPolicy: ContentSecurityPolicy,
		}),
		secureCookies(cfg.TrustedProxies),
		middleware.BodyLimit(strconv.Itoa(MaxBodyBytes)),
		middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: cfg.RequestTimeout}),
		wrongMethodFirst,
		unknownPathFirst,
		s.writeLimiter(),
		s.expensiveReadLimiter(),
		s.fetchMetadata,
		formFirst,
		middleware.CSRFWithConfig(middleware.CSRFConfig{
			TokenLookup:    "form:_csrf,header:X-CSRF-Token",
			CookieName:     csrfCookie,
			CookiePath:     "/",
			CookieHTTPOnly: true,
			CookieSameSite: http.SameSiteLaxMode,
			CookieMaxAge:   csrfCookieMaxAge,
			ErrorHandler:   refuseCSRF,
		}),
		givePendingLearner,
		middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024}),
	)
	s.e = e
	s.routes()
	return s, nil
}

// ContentSecurityPolicy allows scripts, styles and pictures from this origin
// only: no inline script or style anywhere in the app.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

const csrfCookie = "lockdrill_csrf"

// csrfCookieMaxAge is how long, in seconds, a CSRF cookie lasts.
const csrfCookieMaxAge = 30 * 24 * 3600

const csrfMessage = "This form had expired or did not come from lockdrill, so nothing was changed. Go back, reload the page and submit it again."

// ServeHTTP makes the server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.e.ServeHTTP(w, r) }

// requestLogger logs one line per request to log.
func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURI: true, LogMethod: true, LogLatency: true, LogRequestID: true, LogError: true,
		HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			level := slog.LevelInfo
			switch {
			case v.Status == http.StatusServiceUnavailable:
				level = slog.LevelWarn // busy or over a cap: retryable, said so to the client
			case v.Status >= 500:
				level = slog.LevelError
			}
			attrs := []slog.Attr{
				slog.String("method", v.Method), slog.String("uri", v.URI), slog.Int("status", v.Status),
				slog.Duration("latency", v.Latency), slog.String("request_id", v.RequestID),
			}
			if v.Error != nil && v.Status >= 500 {
				attrs = append(attrs, slog.String("error", v.Error.Error()))
			}
			log.LogAttrs(c.Request().Context(), level, "request", attrs...)
			return nil
		},
	})
}

// secureCookies marks cookies Secure when the request came over TLS: ours
// read the flag (isTLS), and the CSRF middleware's cookie, whose options are
// fixed at start, gets it added as the response is written. A TLS proxy's
// X-Forwarded-Proto is believed only from one of the trusted proxies.
func secureCookies(proxies []netip.Prefix) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if c.IsTLS() || (strings.EqualFold(strings.TrimSpace(c.Request().Header.Get("X-Forwarded-Proto")), "https") && fromTrustedProxy(proxies, c.Request())) {
				c.Set(ctxKeyTLS, true)
				res := c.Response()
				res.Before(func() {
					cookies := res.Header()["Set-Cookie"]
					for i, v := range cookies {
						if strings.HasPrefix(v, csrfCookie+"=") && !strings.Contains(v, "; Secure") {
							cookies[i] = v + "; Secure"
						}
					}
				})
			}
			return next(c)
		}
	}
}

// fromTrustedProxy reports whether the connection of r comes from one of
// the trusted proxies.
func fromTrustedProxy(proxies []netip.Prefix, r *http.Request) bool {
	if len(proxies) == 0 {
		return false
	}
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := ap.Addr().Unmap()
	for _, p := range proxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// Serve listens on addr and serves until ctx is done, then shuts down
// gracefully, giving in-flight requests up to five seconds. ready, if not
// nil, is called with the bound address once listening.
func (s *Server) Serve(ctx context.Context, addr string, ready func(addr string)) error {
	srv := &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.RequestTimeout + 5*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	ln, err := listen(addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shut down: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
