package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// handleProgress handles "GET /progress": mastery per topic, answers over
// time, the streak, the reviews coming up and the guide read so far. The
// figures come from quiz's pure functions; this only gathers and formats.
func (s *Server) handleProgress(c echo.Context) error {
	return s.renderProgress(c, http.StatusOK, nil)
}

// renderProgress renders /progress with status; refused, when set, is the
// plan form's refused date, shown again.
func (s *Server) renderProgress(c echo.Context, status int, refused *views.RefusedInput) error {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	log, err := s.store.AttemptLog(ctx, learner)
	if err != nil {
		return err
	}
	entries, err := s.store.Cards(ctx, learner)
	if err != nil {
		return err
	}
	read, err := s.store.ReadSections(ctx, learner)
	if err != nil {
		return err
	}
	d := progressData{Log: log, Cards: entries, Read: read}
	if d.Plan, err = planView(ctx, s.store, s.cat, learner, urls.Progress(), s.now()); err != nil {
		return err
	}
	d.Plan.Refused = refused
	p := s.page(c, "Progress", "progress")
	p.Description = "Your mastery per topic, your streak and what is due for review."
	return render(c, status, views.Progress(p, buildProgress(s.cat, d, s.now())))
}
