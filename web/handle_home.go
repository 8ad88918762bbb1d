package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/web/views"
)

// handleHome handles "GET /".
func (s *Server) handleHome(c echo.Context) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	read, err := s.store.ReadSections(c.Request().Context(), learner)
	if err != nil {
		return err
	}
	v := views.HomeView{Total: len(s.cat.Guide), FirstSlug: s.cat.Guide[0].Slug}
	for _, sec := range s.cat.Guide {
		if _, ok := read[sec.Slug]; ok {
			v.ReadCount++
		} else if v.ContinueSlug == "" {
			v.ContinueSlug, v.ContinueTitle = sec.Slug, sec.Title
		}
	}
	p := s.page(c, "", "")
	p.Description = "Interview prep for distributed locking: leases, fencing tokens, Redlock, TTLs and the locks you did not need."
	return render(c, http.StatusOK, views.Home(p, v))
}
