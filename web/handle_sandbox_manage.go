package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// handleSandboxRename handles "POST /sandbox/:id/rename": the owner gives
// the timeline a new title. A blank or too long title changes nothing and
// says why; someone else's timeline is shown read-only with a 403.
func (s *Server) handleSandboxRename(c echo.Context) error {
	t, ok, err := s.ownTimeline(c)
	if !ok {
		return err
	}
	typed := c.FormValue("title")
	// A refused title is shown again in its field, as typed and marked
	// (QA-32 #3: the field came back with the old title).
	refuse := func(msg string) error {
		return s.renderTimelineRefused(c, http.StatusUnprocessableEntity, t, "", timelineRefusal{input: &views.RefusedInput{ID: "timeline-title", Value: typed, Msg: msg}})
	}
	title := cleanTitle(typed)
	if n := utf8.RuneCountInString(title); n > store.MaxTimelineTitle {
		return refuse("Title: at most " + strconv.Itoa(store.MaxTimelineTitle) + " characters (this one has " + strconv.Itoa(n) + "). The title was not changed.")
	}
	err = s.store.RenameTimeline(c.Request().Context(), t.Learner, t.ID, title, s.now())
	if errors.Is(err, store.ErrEmptyTitle) {
		return refuse("Title: write at least one character. The title was not changed.")
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

// cleanTitle is a title as typed, made fit to show on one line (Q8-5):
// line breaks, tabs and other control characters become spaces, runs of
// spaces one, and the ends are trimmed. A title with nothing visible in
// it (only spaces, zero-width spaces, joiners and other format
// characters) comes back empty, so it is refused like a blank one.
func cleanTitle(raw string) string {
	var b strings.Builder
	visible, space := false, false
	for _, r := range raw {
		if unicode.IsControl(r) || unicode.IsSpace(r) || unicode.In(r, unicode.Zl, unicode.Zp) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
		if !invisible(r) {
			visible = true
		}
	}
	if !visible {
		return ""
	}
	return b.String()
}

// invisible reports whether r draws nothing on its own: a format
// character (zero-width space, joiners, direction marks, the BOM), a
// combining mark, or one of the blank letters fonts draw as nothing.
func invisible(r rune) bool {
	switch r {
	case '\u115F', '\u1160', '\u3164', '\uFFA0', '\u2800', '\u200B':
		return true
	}
	return unicode.In(r, unicode.Cf, unicode.Mn, unicode.Me, unicode.Zs)
}
