package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"lockdrill/web/views"
)

// MaxPageBytes is a hard cap on one rendered page. The heaviest legal
// page (a timeline of thousands of events) is windowed and summarised far
// below it; the cap is the backstop, so no page, whatever it holds, makes
// the server buffer or send more.
const MaxPageBytes = 2 << 20

// errPageTooLarge is returned by render for a page beyond MaxPageBytes.
var errPageTooLarge = errors.New("page larger than MaxPageBytes")

// render writes component with status. It renders into a buffer first, so a
// failure halfway never sends half a page; the buffer stops at
// MaxPageBytes, and rendering stops when the request's deadline passes.
func render(c echo.Context, status int, component templ.Component) error {
	ctx := c.Request().Context()
	w := pagePool.Get().(*pageWriter)
	w.ctx, w.max, w.lastCheck = ctx, MaxPageBytes, 0
	w.buf.Reset()
	defer func() {
		w.ctx = nil
		// Buffers are never larger than a page may be (MaxPageBytes), and
		// the pool lets go of what it holds at each garbage collection.
		pagePool.Put(w)
	}()
	if err := component.Render(ctx, w); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	// HTMLBlob writes the bytes out before it returns, so the buffer can
	// go back to the pool afterwards.
	return c.HTMLBlob(status, w.buf.Bytes())
}

// pagePool recycles page buffers: a page is tens of KB, and growing a
// fresh buffer for each was a large share of a page's allocations.
var pagePool = sync.Pool{New: func() any { return &pageWriter{} }}

// pageWriter is the buffer a page renders into: it refuses to grow past
// max and, every few kilobytes, checks whether the request is still wanted.
type pageWriter struct {
	ctx       context.Context
	buf       bytes.Buffer
	max       int
	lastCheck int
}

func (w *pageWriter) Write(p []byte) (int, error) {
	if w.buf.Len()+len(p) > w.max {
		return 0, errPageTooLarge
	}
	if w.buf.Len()-w.lastCheck >= 16<<10 {
		w.lastCheck = w.buf.Len()
		if err := w.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return w.buf.Write(p)
}

// WriteString lets templ's string writes skip a conversion.
func (w *pageWriter) WriteString(s string) (int, error) {
	if w.buf.Len()+len(s) > w.max {
		return 0, errPageTooLarge
	}
	if w.buf.Len()-w.lastCheck >= 16<<10 {
		w.lastCheck = w.buf.Len()
		if err := w.ctx.Err(); err != nil {
			return 0, err
		}
	}
	return w.buf.WriteString(s)
}

// page returns the layout data for a page titled title under nav entry nav.
func (s *Server) page(c echo.Context, title, nav string) views.Page {
	token, _ := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string)
	p := views.Page{Title: title, Nav: nav, CSRF: token, Asset: s.assets.URL}
	// A HEAD request must not consume the notice meant for the next page.
	if isHead(c) {
		return p
	}
	if n, ok := s.takePageFlash(c); ok {
		p.FlashKind, p.Flash, p.FlashFor = n.kind, n.msg, n.about
		return p
	}
	if f, err := c.Cookie(flashCookie); err == nil && f.Value != "" {
		p.FlashKind, p.Flash = decodeFlash(f.Value)
		c.SetCookie(&http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	}
	return p
}

// seeOther ends a successful POST by redirecting to the page that shows its
// result (post/redirect/get), optionally with a one-time notice.
func (s *Server) seeOther(c echo.Context, url, flash string) error {
	return s.seeOtherWith(c, url, "ok", flash)
}

// takePageFlash returns, and clears, the notice left for this page by
// seeOtherOn, if the request carries one for this page and learner.
func (s *Server) takePageFlash(c echo.Context) (n pageNotice, ok bool) {
	path := c.Request().URL.EscapedPath()
	for _, f := range c.Cookies() {
		if f.Name != pageFlashCookie || f.Value == "" {
			continue
		}
		learner, err := s.learnerID(c)
		if err != nil {
			return pageNotice{}, false
		}
		if n, ok = pageFlash(f.Value, path, learner); ok {
			c.SetCookie(&http.Cookie{Name: pageFlashCookie, Value: "", Path: path, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteLaxMode})
			return n, true
		}
	}
	return pageNotice{}, false
}

// seeOtherOn is seeOther for a notice that belongs to the page at url
// alone, such as the confirmation of a change to one attempt or turn:
// a page of another attempt, open in another tab, neither shows it nor
// takes it away (setPageFlash).
func (s *Server) seeOtherOn(c echo.Context, url, flash string) error {
	if flash != "" {
		learner, err := s.learnerID(c)
		if err != nil {
			return err
		}
		setPageFlash(c, learner, url, "ok", flash)
	}
	return c.Redirect(http.StatusSeeOther, url)
}

// seeOtherWith is seeOther with a notice of kind "ok", "bad" or "warn": a
// refused change goes back to its page with the reason shown there.
func (s *Server) seeOtherWith(c echo.Context, url, kind, flash string) error {
	if flash != "" {
		setFlash(c, kind, flash)
	}
	return c.Redirect(http.StatusSeeOther, url)
}
