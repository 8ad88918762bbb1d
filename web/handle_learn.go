package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"lockdrill/content"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// handleLearnIndex handles "GET /learn".
func (s *Server) handleLearnIndex(c echo.Context) error {
	read, err := s.readSections(c)
	if err != nil {
		return err
	}
	p := s.page(c, "Study guide", "learn")
	p.Description = "The lockdrill study guide: leases, fencing tokens, the Redlock dispute, TTL choice and when a constraint replaces the lock."
	return render(c, http.StatusOK, views.LearnIndex(p, buildLearnIndex(s.cat, read)))
}

// handleLearnSection handles "GET /learn/:slug".
func (s *Server) handleLearnSection(c echo.Context) error {
	sec, err := sectionOr404(s.cat, c.Param("slug"))
	if err != nil {
		return err
	}
	read, err := s.readSections(c)
	if err != nil {
		return err
	}
	_, isRead := read[sec.Slug]
	body, keyPoints, err := sec.Render()
	if err != nil {
		return err
	}
	p := s.page(c, sec.Title, "learn")
	p.Description = sec.Summary
	// Everything on the page but the CSRF token depends only on the
	// section and whether it is read, so it is rendered once for each.
	key := "learn/" + sec.Slug + "/read=" + strconv.FormatBool(isRead)
	return s.renderShared(c, key, http.StatusOK, p, func(p views.Page) templ.Component {
		return views.LearnSection(p, buildLearnSection(s.cat, sec, s.related[sec.Slug], isRead, body, keyPoints))
	})
}

// handleLearnMarkRead handles "POST /learn/:slug/read". The form field read
// is "1" to mark the section read and "0" to unmark it.
func (s *Server) handleLearnMarkRead(c echo.Context) error {
	sec, err := sectionOr404(s.cat, c.Param("slug"))
	if err != nil {
		return err
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	switch c.FormValue("read") {
	case "0":
		if err := s.store.UnmarkRead(ctx, learner, sec.Slug); err != nil {
			return err
		}
		return s.seeOther(c, urls.LearnSection(sec.Slug), "Marked as unread.")
	case "1", "":
		if err := s.store.MarkRead(ctx, learner, sec.Slug, s.now()); err != nil {
			return err
		}
	default:
		return echo.NewHTTPError(http.StatusBadRequest, `The field "read" must be 1 or 0.`)
	}
	if _, next := s.cat.Neighbours(sec.Slug); next != nil {
		return s.seeOther(c, urls.LearnSection(next.Slug), "“"+sec.Title+"” marked as read. On to the next section.")
	}
	return s.seeOther(c, urls.Learn(), "“"+sec.Title+"” marked as read. That was the last section.")
}

// sectionOr404 returns the guide section slug, or the 404 a learner sees
// for a mistyped address.
func sectionOr404(cat *content.Catalog, slug string) (*content.Section, error) {
	sec, ok := cat.Section(slug)
	if !ok {
		return nil, echo.NewHTTPError(http.StatusNotFound, "There is no guide section at this address. The table of contents lists them all.")
	}
	return sec, nil
}

// readSections returns when the requesting learner read each guide section;
// a visitor who has changed nothing yet has read nothing.
func (s *Server) readSections(c echo.Context) (map[string]time.Time, error) {
	learner, err := s.learnerID(c)
	if err != nil {
		return nil, err
	}
	return s.store.ReadSections(c.Request().Context(), learner)
}
