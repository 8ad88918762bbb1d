package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/web/views"
)

// handleHome handles "GET /".
func (s *Server) handleHome(c echo.Context) error {
	read, err := s.readSections(c)
	if err != nil {
		return err
	}
	p := s.page(c, "", "")
	p.Description = "Interview prep for distributed locking: leases, fencing tokens, Redlock, TTLs and the locks you did not need."
	return render(c, http.StatusOK, views.Home(p, buildHome(s.cat, read)))
}
