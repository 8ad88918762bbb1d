package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// routes registers every route of the app, in one place.
func (s *Server) routes() {
	e := s.e
	e.GET("/", s.handleHome)
	e.GET("/healthz", s.handleHealth)
	e.GET("/static/*", s.handleStatic)

	e.GET("/learn", s.handleLearnIndex)
	e.GET("/learn/:slug", s.handleLearnSection)
	e.POST("/learn/:slug/read", s.handleLearnMarkRead)

	e.GET("/practice", s.comingSoon("Practice", "practice", "Every interview question of the guide as a graded exercise, with honest feedback and spaced review."))
	e.GET("/rounds", s.comingSoon("Mock round", "rounds", "Timed interview rounds with follow-ups that probe what you left out, and a scorecard at the end."))
	e.GET("/sandbox", s.comingSoon("Sandbox", "sandbox", "A deterministic lock service where you pause a client past its lease and watch fencing reject its stale write."))
	e.GET("/progress", s.comingSoon("Progress", "progress", "Your mastery per topic, your streak and what is due for review."))

	e.RouteNotFound("/*", func(c echo.Context) error { return echo.NewHTTPError(http.StatusNotFound) })
}
