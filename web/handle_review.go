package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// handleReview handles "GET /review": the most overdue card's question, to
// answer through the usual flow (the form carries from=review, so rating
// the answer comes back here), or, when nothing is due, when the next
// review is.
func (s *Server) handleReview(c echo.Context) error {
	return s.renderReview(c, http.StatusOK, nil)
}

// renderReview renders /review with status; refused, when set, is the
// plan form's refused date, shown again.
func (s *Server) renderReview(c echo.Context, status int, refused *views.RefusedInput) error {
	learner, due, upcoming, err := s.reviewCards(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d := reviewData{Due: due, Upcoming: upcoming}
	if len(due) > 0 {
		q, _ := s.cat.Questions.ByID(due[0].Question)
		ex, err := s.exercise(c, q, quiz.Answer{}, "")
		if err != nil {
			return err
		}
		d.Exercise = &ex
	} else if d.Latest, err = s.store.LatestAttempts(ctx, learner); err != nil {
		return err
	}
	if d.Plan, err = planView(ctx, s.store, s.cat, learner, urls.Review(), s.now()); err != nil {
		return err
	}
	d.Plan.Refused = refused
	return render(c, status, views.Review(s.page(c, "Review", "practice"), buildReview(s.cat, d, s.now())))
}

// renderReviewExercise shows a refused review answer again on /review's
// frame, so the walk-through is not left for the plain question page.
func (s *Server) renderReviewExercise(c echo.Context, status int, v views.ExerciseView) error {
	_, due, _, err := s.reviewCards(c)
	if err != nil {
		return err
	}
	return render(c, status, views.Review(s.page(c, "Review", "practice"), buildReview(s.cat, reviewData{Due: due, Exercise: &v}, s.now())))
}

// reviewCards returns the requesting learner ("" for a visitor) and their
// review cards split by splitDue.
func (s *Server) reviewCards(c echo.Context) (learner string, due, upcoming []store.CardEntry, err error) {
	learner, err = s.learnerID(c)
	if err != nil {
		return "", nil, nil, err
	}
	cards, err := s.store.Cards(c.Request().Context(), learner)
	if err != nil {
		return "", nil, nil, err
	}
	due, upcoming = splitDue(s.cat.Questions, cards, s.now())
	return learner, due, upcoming, nil
}
