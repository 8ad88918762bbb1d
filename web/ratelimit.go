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
)

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
