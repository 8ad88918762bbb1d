package web

import (
	"errors"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

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
// coming from another site, by Fetch Metadata or by an Origin that is not
// this host, then removes the Fetch Metadata label so that the CSRF
// middleware always checks the form's token as well. Echo would otherwise
// accept a same-origin label instead of the token and hand pages a constant
// placeholder token; keeping every check means no one alone has to hold.
func (s *Server) fetchMetadata(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			switch r.Header.Get("Sec-Fetch-Site") {
			case "cross-site", "same-site":
				return &echo.HTTPError{Code: http.StatusForbidden, Message: csrfMessage}
			}
			// Behind a trusted proxy that rewrites Host, the host the
			// browser used is in X-Forwarded-Host.
			if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) &&
				!(fromTrustedProxy(s.cfg.TrustedProxies, r) && sameOrigin(o, r.Header.Get("X-Forwarded-Host"))) {
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

// sameOrigin reports whether the Origin header origin names host (the
// request's Host, port included). "null", sent from privacy-sensitive
// contexts such as sandboxed frames, is never the same origin.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return strings.EqualFold(u.Host, host)
}

// unknownPathFirst answers a request for a path no route has with 404
// before the rate limit and the CSRF check, which would otherwise answer a
// PUT or POST to a mistyped address with a misleading 429 or 403.
func unknownPathFirst(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Path() == "" {
			return echo.ErrNotFound
		}
		return next(c)
	}
}

// formFirst parses the form of a state-changing request before the CSRF
// check looks for its token in it, so that a body that is not a usable
// form gets the status that says why (400 malformed or not a form, 413 too
// large or too many fields) instead of a CSRF 403 for the token it could
// not find.
func formFirst(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		ct := r.Header.Get(echo.HeaderContentType)
		mt, _, _ := mime.ParseMediaType(ct)
		var err error
		switch mt {
		case echo.MIMEApplicationForm:
			err = r.ParseForm()
		case echo.MIMEMultipartForm:
			err = r.ParseMultipartForm(32 << 20)
		case "":
			if r.ContentLength == 0 {
				return next(c) // a bodyless POST: the CSRF check answers it
			}
			fallthrough
		default:
			return echo.NewHTTPError(http.StatusBadRequest, "This address takes a form (application/x-www-form-urlencoded or multipart/form-data), not "+strconv.Quote(ct)+". Nothing was changed.")
		}
		if err != nil {
			var he *echo.HTTPError
			var mbe *http.MaxBytesError
			switch {
			case errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge, errors.As(err, &mbe):
				return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
			case errors.Is(err, multipart.ErrMessageTooLarge) || strings.Contains(err.Error(), "too many") || strings.Contains(err.Error(), "exceeded limit"):
				return echo.NewHTTPError(http.StatusRequestEntityTooLarge, "The form had more fields than lockdrill reads. Nothing was changed.")
			}
			return &echo.HTTPError{Code: http.StatusBadRequest, Message: "The form could not be read: its body is malformed. Nothing was changed.", Internal: err}
		}
		return next(c)
	}
}
