package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// headAsGet answers HEAD for every GET route, as HTTP requires and uptime
// checks and link checkers expect: the request is routed as a GET and the
// body is discarded, so the headers are exactly those of the GET. Handlers
// whose GET records something (a round question's start time) ask isHead
// and skip it: a HEAD must change nothing.
func headAsGet(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Method == http.MethodHead {
			c.Request().Method = http.MethodGet
			c.Response().Writer = bodyless{c.Response().Writer}
			c.Set(ctxKeyHead, true)
		}
		return next(c)
	}
}

const ctxKeyHead = "lockdrill.head"

// isHead reports whether the request arrived as HEAD (and is being served
// as a GET without a body).
func isHead(c echo.Context) bool {
	v, _ := c.Get(ctxKeyHead).(bool)
	return v
}

// bodyless passes headers and status through and drops the body.
type bodyless struct{ http.ResponseWriter }

func (b bodyless) Write(p []byte) (int, error) { return len(p), nil }

// fetchMetadata refuses state-changing requests that the browser labels as
// coming from another site, then removes the label so that the CSRF
// middleware always checks the form's token as well. Echo would otherwise
// accept a same-origin label instead of the token and hand pages a constant
// placeholder token; keeping both checks means neither alone has to hold.
func fetchMetadata(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			switch r.Header.Get("Sec-Fetch-Site") {
			case "cross-site", "same-site":
				return &echo.HTTPError{Code: http.StatusForbidden, Message: csrfMessage}
			}
		}
		r.Header.Del("Sec-Fetch-Site")
		return next(c)
	}
}

// wrongMethodFirst answers a request for an existing path with the wrong
// method (GET on a form's action, DELETE on a page) with 405 and its Allow
// header before the rate limit and the CSRF check run, which would
// otherwise answer first with a misleading 429 or 403.
func wrongMethodFirst(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		allow, ok := c.Get(echo.ContextKeyHeaderAllow).(string)
		if ok && allow != "" && c.Request().Method != http.MethodOptions {
			c.Response().Header().Set(echo.HeaderAllow, allow)
			return echo.NewHTTPError(http.StatusMethodNotAllowed)
		}
		return next(c)
	}
}
