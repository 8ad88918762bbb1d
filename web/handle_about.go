package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/web/views"
)

// handleAboutGrader handles "GET /about/grader": how free text is graded,
// the red flags, and the grader's measured accuracy.
func (s *Server) handleAboutGrader(c echo.Context) error {
	p := s.page(c, "How answers are graded", "")
	p.Description = "How lockdrill grades free-text interview answers without a language model, and how accurate the grader is."
	return render(c, http.StatusOK, views.AboutGrader(p, buildAboutGrader(s.cat)))
}
