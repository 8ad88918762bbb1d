package web

import (
	"net/http"
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
// Addresses come from the connection itself (the server sets
// ExtractIPDirect), never from headers a client can forge, and the cookie is
// not used: a made-up learner cookie per request would get a fresh allowance.
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
		IdentifierExtractor: func(c echo.Context) (string, error) { return c.RealIP(), nil },
		DenyHandler: func(c echo.Context, id string, err error) error {
			c.Response().Header().Set("Retry-After", "2")
			return echo.NewHTTPError(http.StatusTooManyRequests, "You are sending changes faster than lockdrill accepts (about five a second). Wait a moment and try again; nothing was changed.")
		},
	})
}
