package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/views"

	"lockdrill/web/urls"
)

// handleReview handles "GET /review": the most overdue card's question, to
// answer through the usual flow (the form carries from=review, so rating
// the answer comes back here), or, when nothing is due, when the next
// review is.
func (s *Server) handleReview(c echo.Context) error {
	learner, due, upcoming, err := s.reviewCards(c)
	if err != nil {
		return err
	}
	p := s.page(c, "Review", "practice")
	if len(due) > 0 {
		q, _ := s.cat.Questions.ByID(due[0].Question)
		v, err := s.exerciseView(c, q, quiz.Answer{}, "")
		if err != nil {
			return err
		}
		v.FromReview = true
		rv := views.ReviewView{Exercise: &v, DueCount: len(due)}
		if rv.Plan, err = s.planView(c.Request().Context(), learner, urls.Review()); err != nil {
			return err
		}
		return render(c, http.StatusOK, views.Review(p, rv))
	}
	v := views.ReviewView{HasCards: len(upcoming) > 0}
	if v.Plan, err = s.planView(c.Request().Context(), learner, urls.Review()); err != nil {
		return err
	}
	if len(upcoming) > 0 {
		next := upcoming[0]
		q, _ := s.cat.Questions.ByID(next.Question)
		v.NextTitle, v.NextHref = q.Title, urls.Question(q.ID)
		v.NextDue = dueWhen(next.Card, s.now())
	}
	latest, err := s.store.LatestAttempts(c.Request().Context(), learner)
	if err != nil {
		return err
	}
	for _, q := range s.cat.Questions.All() {
		if _, done := latest[q.ID]; !done {
			v.NewHref, v.NewTitle = urls.Question(q.ID), q.Title
			break
		}
	}
	return render(c, http.StatusOK, views.Review(p, v))
}

// renderReviewExercise shows a refused review answer again on /review's
// frame, so the walk-through is not left for the plain question page.
func (s *Server) renderReviewExercise(c echo.Context, status int, v views.ExerciseView) error {
	_, due, _, err := s.reviewCards(c)
	if err != nil {
		return err
	}
	p := s.page(c, "Review", "practice")
	return render(c, status, views.Review(p, views.ReviewView{Exercise: &v, DueCount: max(len(due), 1)}))
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
	due, upcoming = s.splitDue(cards)
	return learner, due, upcoming, nil
}

// splitDue separates the cards due now from the later ones, both in due
// order, dropping cards of questions no longer in the bank.
func (s *Server) splitDue(cards []store.CardEntry) (due, upcoming []store.CardEntry) {
	now := s.now()
	for _, e := range cards {
		if _, ok := s.cat.Questions.ByID(e.Question); !ok {
			continue
		}
		if quiz.IsDue(e.Card, now) {
			due = append(due, e)
		} else {
			upcoming = append(upcoming, e)
		}
	}
	return due, upcoming
}
