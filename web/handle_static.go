package web

import (
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/labstack/echo/v4"
)

// handleStatic handles "GET /static/*". Hashed names are cached for a year as
// immutable; plain names (used by diagrams referenced from markdown) are
// revalidated.
func (s *Server) handleStatic(c echo.Context) error {
	p := strings.TrimPrefix(c.Param("*"), "/")
	b, name, immutable, ok := s.assets.Lookup(p)
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	h := c.Response().Header()
	if immutable {
		h.Set(echo.HeaderCacheControl, "public, max-age=31536000, immutable")
	} else {
		h.Set(echo.HeaderCacheControl, "public, max-age=300")
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = http.DetectContentType(b)
	}
	if strings.HasSuffix(name, ".svg") {
		// A picture never needs to run script, even if opened on its own.
		h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
	}
	return c.Blob(http.StatusOK, ctype, b)
}
