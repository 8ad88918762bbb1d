package web

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"lockdrill/store"
	"lockdrill/web/urls"
)

// handleSandboxRename handles "POST /sandbox/:id/rename": the owner gives
// the timeline a new title. A blank or too long title changes nothing and
// says why; someone else's timeline is shown read-only with a 403.
func (s *Server) handleSandboxRename(c echo.Context) error {
	t, ok, err := s.ownTimeline(c)
	if !ok {
		return err
	}
	back := urls.Timeline(t.ID) + "#manage"
	title := strings.TrimSpace(c.FormValue("title"))
	if n := utf8.RuneCountInString(title); n > store.MaxTimelineTitle {
		return s.seeOtherWith(c, back, "bad", "Title: at most "+strconv.Itoa(store.MaxTimelineTitle)+" characters (this one has "+strconv.Itoa(n)+"). The title was not changed.")
	}
	err = s.store.RenameTimeline(c.Request().Context(), t.Learner, t.ID, title, s.now())
	if errors.Is(err, store.ErrEmptyTitle) {
		return s.seeOtherWith(c, back, "bad", "Title: write at least one character. The title was not changed.")
	}
	if err != nil {
		return err
	}
	return s.seeOther(c, urls.Timeline(t.ID), "Renamed to “"+title+"”.")
}

// handleSandboxDelete handles "POST /sandbox/:id/delete": the owner
// deletes the timeline and lands on the sandbox page. Forks of it stay.
func (s *Server) handleSandboxDelete(c echo.Context) error {
	t, ok, err := s.ownTimeline(c)
	if !ok {
		return err
	}
	if err := s.store.DeleteTimeline(c.Request().Context(), t.Learner, t.ID); err != nil {
		return err
	}
	return s.seeOther(c, urls.Sandbox(), "Deleted “"+t.Title+"”. Links you shared to it no longer open it; forks of it are kept.")
}
