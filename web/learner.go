package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

const (
	learnerCookie = "lockdrill_learner"
	ctxKeyLearner = "lockdrill.learner"
	ctxKeyTLS     = "lockdrill.tls"
)

func isTLS(c echo.Context) bool {
	v, _ := c.Get(ctxKeyTLS).(bool)
	return v
}

// learnerID returns the id of the learner making the request, or "" for a
// visitor who has not changed anything yet. Reading never creates a learner.
func (s *Server) learnerID(c echo.Context) (string, error) {
	if id, ok := c.Get(ctxKeyLearner).(string); ok {
		return id, nil
	}
	ck, err := c.Cookie(learnerCookie)
	if err != nil {
		return "", nil
	}
	ok, err := s.store.LearnerExists(c.Request().Context(), ck.Value)
	if err != nil {
		return "", err
	}
	id := ""
	if ok {
		id = ck.Value
	}
	c.Set(ctxKeyLearner, id)
	return id, nil
}

// ensureLearner returns the requesting learner's id, creating the learner
// and its cookie on the first state-changing request.
func (s *Server) ensureLearner(c echo.Context) (string, error) {
	id, err := s.learnerID(c)
	if err != nil || id != "" {
		return id, err
	}
	id, err = s.store.CreateLearner(c.Request().Context(), s.now())
	if err != nil {
		return "", err
	}
	s.setLearnerCookie(c, id)
	return id, nil
}

// setLearnerCookie makes this browser the learner id from now on.
func (s *Server) setLearnerCookie(c echo.Context, id string) {
	c.SetCookie(&http.Cookie{
		Name:     learnerCookie,
		Value:    id,
		Path:     "/",
		Expires:  s.now().Add(400 * 24 * time.Hour),
		MaxAge:   400 * 24 * 3600,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   isTLS(c),
	})
	c.Set(ctxKeyLearner, id)
}
