package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"html"
	"strconv"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"lockdrill/web/views"
)

// sharedPages keeps pages that are the same for every visitor in the same
// state (a guide section, read or not), rendered once with a placeholder
// where the visitor's CSRF token goes. Serving one is writing its pieces
// with the token between them: no template runs per request.
type sharedPages struct {
	placeholder string
	pages       *onceCache[string, [][]byte]
}

func newSharedPages() *sharedPages {
	// A random placeholder cannot occur in the content by accident, nor be
	// planted there on purpose.
	var b [16]byte
	rand.Read(b[:])
	return &sharedPages{placeholder: "csrf" + hex.EncodeToString(b[:]), pages: newOnceCache[string, [][]byte](64)}
}

// pageBufs holds the buffers renderShared assembles pages in.
var pageBufs = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

// maxPooledPage is the largest buffer pageBufs keeps: a rare huge page
// does not stay in memory for every later small one.
const maxPooledPage = 256 << 10

// renderShared renders the page build(p) with status like render, through
// the shared-page cache under key, which must name everything the page
// shows apart from p's CSRF token. A page with a one-time notice (flash)
// is rendered for this request alone.
func (s *Server) renderShared(c echo.Context, key string, status int, p views.Page, build func(views.Page) templ.Component) error {
	if p.Flash != "" {
		return render(c, status, build(p))
	}
	token := p.CSRF
	parts := s.shared.pages.get(key, func() [][]byte {
		q := p
		q.CSRF = s.shared.placeholder
		var buf bytes.Buffer
		if err := build(q).Render(context.Background(), &buf); err != nil {
			return nil // rendered per request below, where the error is reported
		}
		return bytes.Split(buf.Bytes(), []byte(s.shared.placeholder))
	})
	if parts == nil {
		return render(c, status, build(p))
	}
	tok := html.EscapeString(token)
	// The page goes out in one write: written piece by piece, each piece
	// past the connection's buffer was a system call of its own.
	buf := pageBufs.Get().(*[]byte)
	page := (*buf)[:0]
	for i, part := range parts {
		if i > 0 {
			page = append(page, tok...)
		}
		page = append(page, part...)
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "no-store")
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	h.Set(echo.HeaderContentLength, strconv.Itoa(len(page)))
	c.Response().WriteHeader(status)
	c.Response().Write(page) // an error is the client gone away: nothing more to send
	if cap(page) <= maxPooledPage {
		*buf = page
		pageBufs.Put(buf)
	}
	return nil
}
