package web

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lockdrill/web/views"
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
		var raw []byte
		switch mt {
		case echo.MIMEApplicationForm:
			// The body is kept, so that one Go refuses to parse (a stray
			// "%", a ";", raw binary) can still be read leniently below.
			if raw, err = io.ReadAll(r.Body); err != nil {
				raw = nil
				break
			}
			r.Body = io.NopCloser(bytes.NewReader(raw))
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
			if raw == nil {
				return &echo.HTTPError{Code: http.StatusBadRequest, Message: "The form could not be read: its body is malformed. Nothing was changed.", Internal: err}
			}
			// What can be read is kept rather than lost with a bare 400
			// (QA-35 F4 #2): a practice answer goes on to its handler,
			// past the CSRF check, marked repaired so that it is shown
			// again to check rather than graded; any other form comes
			// back on the error page for copying.
			r.PostForm = lenientForm(raw)
			r.Form = url.Values{}
			for k, vs := range r.URL.Query() {
				r.Form[k] = vs
			}
			for k, vs := range r.PostForm {
				r.Form[k] = append(r.Form[k], vs...)
			}
			c.Set(ctxKeyFormRepaired, true)
			if c.Path() != answerRoute {
				// The CSRF check has not run: the form is shown for
				// copying, never sent again from the error page.
				f := resendForm(c)
				if f != nil && f.Destructive {
					f = nil
				} else if f != nil {
					f.CanSend = false
				}
				return &malformedForm{form: f, err: err}
			}
		}
		return next(c)
	}
}

// answerRoute is the route of a practice answer, whose handler shows a
// repaired form again with a note rather than refuse it.
const answerRoute = "/practice/:id"

// ctxKeyFormRepaired marks a request whose form body was malformed and was
// read leniently (lenientForm): its handler must not act on it unchecked.
const ctxKeyFormRepaired = "lockdrill.formRepaired"

// formRepaired reports whether the request's form was read leniently.
func formRepaired(c echo.Context) bool {
	v, _ := c.Get(ctxKeyFormRepaired).(bool)
	return v
}

// malformedForm is a post whose body Go could not parse as a form; it
// carries what could be read of it, for its error page to show.
type malformedForm struct {
	form *views.ResendForm
	err  error
}

func (e *malformedForm) Error() string { return "malformed form: " + e.err.Error() }
func (e *malformedForm) Unwrap() error { return e.err }

// lenientForm reads a urlencoded body as well as it can: fields split at
// "&" only (a ";" is text), "+" is a space, a "%" not followed by two hex
// digits is itself, and bytes that are not UTF-8 become U+FFFD.
func lenientForm(body []byte) url.Values {
	v := url.Values{}
	for _, pair := range strings.Split(string(body), "&") {
		if pair == "" {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		v.Add(lenientUnescape(key), lenientUnescape(value))
	}
	return v
}

// lenientUnescape decodes one urlencoded key or value, keeping what it
// cannot decode, and makes it valid UTF-8.
func lenientUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			b.WriteByte(' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			n, _ := strconv.ParseUint(s[i+1:i+3], 16, 8)
			b.WriteByte(byte(n))
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return strings.ToValidUTF8(b.String(), "\uFFFD")
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
