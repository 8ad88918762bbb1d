package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/content"
	"lockdrill/web/views"
)

// handleHome handles "GET /".
func (s *Server) handleHome(c echo.Context) error {
	read, err := s.readSections(c)
	if err != nil {
		return err
	}
	v := views.HomeView{Total: len(s.cat.Guide), FirstSlug: s.cat.Guide[0].Slug}
	var next *content.Section
	if v.ReadCount, next = s.cat.ReadingProgress(read); next != nil {
		v.ContinueSlug, v.ContinueTitle = next.Slug, next.Title
	}
	p := s.page(c, "", "")
	p.Description = "Interview prep for distributed locking: leases, fencing tokens, Redlock, TTLs and the locks you did not need."
	return render(c, http.StatusOK, views.Home(p, v))
}
