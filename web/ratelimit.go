package web

import (
	"net"
	"net/http"
	"net/netip"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// Default write limits per client address: enough for a learner clicking
// through the sandbox or answering questions quickly, far below what it takes
// to fill the database or hog the grader and the simulator.
const (
	defaultWriteRate  = 5.0 // requests a second, sustained
	defaultWriteBurst = 30
	// Expensive reads (pages that re-run or lay out a simulation) get
	// their own budget: the replay player fetches at most ten states a
	// second, so a learner never meets it, and a loop of heavy GETs from
	// one address cannot take the server's CPU from everyone else.
	defaultExpensiveRate  = 10.0
	defaultExpensiveBurst = 60
)

// expensiveRoutes are the GET routes whose work grows with a simulation:
// each runs or lays out a timeline.
var expensiveRoutes = map[string]bool{
	"/sandbox/:id":             true,
	"/sandbox/:id/state":       true,
	"/sandbox/:id/compare":     true,
	"/sandbox/presets/:preset": true,
}

// expensiveReadLimiter gives the expensive GET routes a per-address budget,
// counted apart from writes so that reading never uses up a learner's
// allowance for saving.
func (s *Server) expensiveReadLimiter() echo.MiddlewareFunc {
	st := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate: rate.Limit(s.cfg.ExpensiveRate), Burst: s.cfg.ExpensiveBurst, ExpiresIn: 3 * time.Minute,
	})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: func(c echo.Context) bool {
			m := c.Request().Method
			return (m != http.MethodGet && m != http.MethodHead) || !expensiveRoutes[c.Path()]
		},
		Store:               st,
		IdentifierExtractor: func(c echo.Context) (string, error) { return clientKey(c.RealIP()), nil },
		DenyHandler: func(c echo.Context, id string, err error) error {
			c.Response().Header().Set("Retry-After", "2")
			return echo.NewHTTPError(http.StatusTooManyRequests, "You are opening sandbox pages faster than lockdrill serves them to one address (about ten a second). Wait a moment and reload.")
		},
	})
}

// writeLimiter rate-limits every state-changing request by client address.
// Each one may create a learner, run the grader or re-run a simulation and
// write the database, so a loop of them must not starve other learners.
// Addresses come from the connection itself, or from X-Forwarded-For only
// when the connection is from a configured trusted proxy, never from headers
// a client can forge; the cookie is not used either: a made-up learner
// cookie per request would get a fresh allowance.
func (s *Server) writeLimiter() echo.MiddlewareFunc {
	st := middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
		Rate: rate.Limit(s.cfg.WriteRate), Burst: s.cfg.WriteBurst, ExpiresIn: 3 * time.Minute,
	})
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Skipper: func(c echo.Context) bool {
			switch c.Request().Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions:
				return true
			}
			return false
		},
		Store:               st,
		IdentifierExtractor: func(c echo.Context) (string, error) { return clientKey(c.RealIP()), nil },
		DenyHandler: func(c echo.Context, id string, err error) error {
			c.Response().Header().Set("Retry-After", "2")
			return echo.NewHTTPError(http.StatusTooManyRequests, "You are sending changes faster than lockdrill accepts (about five a second). Wait a moment and try again; nothing was changed.")
		},
	})
}

// clientKey is the rate-limit bucket of an address: an IPv4 address as it
// is, an IPv6 address by its /64, since one client usually owns a whole /64
// and could otherwise rotate through it for fresh allowances.
func clientKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}

// ipExtractor returns how the server learns a client's address: from the
// connection, unless trusted proxies are configured, in which case the
// X-Forwarded-For header is believed only as far as it was written by them.
func ipExtractor(trusted []netip.Prefix) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range trusted {
		n := &net.IPNet{IP: p.Addr().AsSlice(), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}
