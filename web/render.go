package web

import (
	"bytes"
	"net/http"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"lockdrill/web/views"
)

// render writes component with status. It renders into a buffer first, so a
// failure halfway never sends half a page.
func render(c echo.Context, status int, component templ.Component) error {
	var buf bytes.Buffer
	if err := component.Render(c.Request().Context(), &buf); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.HTMLBlob(status, buf.Bytes())
}

// page returns the layout data for a page titled title under nav entry nav.
func (s *Server) page(c echo.Context, title, nav string) views.Page {
	token, _ := c.Get(middleware.DefaultCSRFConfig.ContextKey).(string)
	p := views.Page{Title: title, Nav: nav, CSRF: token, Asset: s.assets.URL}
	// A HEAD request must not consume the notice meant for the next page.
	if f, err := c.Cookie(flashCookie); err == nil && f.Value != "" && !isHead(c) {
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

// seeOtherWith is seeOther with a notice of kind "ok", "bad" or "warn": a
// refused change goes back to its page with the reason shown there.
func (s *Server) seeOtherWith(c echo.Context, url, kind, flash string) error {
	if flash != "" {
		setFlash(c, kind, flash)
	}
	return c.Redirect(http.StatusSeeOther, url)
}
