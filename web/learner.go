package web

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/store"
)

const (
	learnerCookie = "lockdrill_learner"
	// pendingCookie holds the id a visitor's learner will have: given on
	// the first page read, recorded only on the first write.
	pendingCookie = "lockdrill_pending"
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
// and its cookie on the first state-changing request. A browser that read
// a page first brings the id its learner is to have (pendingCookie), so
// two first writes sent at once (two tabs) make one learner, the one its
// cookie names whichever answer arrives last (QA-34 #2).
func (s *Server) ensureLearner(c echo.Context) (string, error) {
	id, err := s.learnerID(c)
	if err != nil || id != "" {
		return id, err
	}
	if ck, cerr := c.Cookie(pendingCookie); cerr == nil && store.ValidID(ck.Value) {
		id = ck.Value
		err = s.store.CreateLearnerAs(c.Request().Context(), id, s.now())
	} else {
		id, err = s.store.CreateLearner(c.Request().Context(), s.now())
	}
	if err != nil {
		return "", err
	}
	s.setLearnerCookie(c, id)
	return id, nil
}

// givePendingLearner gives a visitor with no learner cookie, on a page
// read, the id its learner will have (pendingCookie). Nothing is stored:
// reading still creates no learner.
func givePendingLearner(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Method == http.MethodGet && !strings.HasPrefix(c.Request().URL.Path, "/static/") {
			_, noLearner := c.Cookie(learnerCookie)
			ck, noPending := c.Cookie(pendingCookie)
			if noLearner != nil && (noPending != nil || !store.ValidID(ck.Value)) {
				c.SetCookie(&http.Cookie{
					Name: pendingCookie, Value: store.NewID(), Path: "/", MaxAge: csrfCookieMaxAge,
					HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c),
				})
			}
		}
		return next(c)
	}
}

// clearPendingLearner forgets the pending id of a browser that has a
// learner cookie now (or, after deleting everything, must start afresh).
func clearPendingLearner(c echo.Context) {
	if _, err := c.Cookie(pendingCookie); err == nil {
		c.SetCookie(&http.Cookie{Name: pendingCookie, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(1, 0),
			HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: isTLS(c)})
	}
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
	clearPendingLearner(c)
}
