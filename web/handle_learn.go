package web

import (
	"net/http"
	"strconv"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"lockdrill/content"
	"lockdrill/web/views"

	"lockdrill/web/urls"
)

// handleLearnIndex handles "GET /learn".
func (s *Server) handleLearnIndex(c echo.Context) error {
	read, err := s.readSections(c)
	if err != nil {
		return err
	}
	v := views.LearnIndexView{Total: len(s.cat.Guide)}
	for _, sec := range s.cat.Guide {
		_, isRead := read[sec.Slug]
		v.Entries = append(v.Entries, views.GuideEntry{Slug: sec.Slug, Title: sec.Title, Summary: sec.Summary, Minutes: sec.Minutes, Read: isRead})
	}
	var next *content.Section
	if v.ReadCount, next = s.cat.ReadingProgress(read); next != nil {
		v.NextSlug = next.Slug
	}
	p := s.page(c, "Study guide", "learn")
	p.Description = "The lockdrill study guide: leases, fencing tokens, the Redlock dispute, TTL choice and when a constraint replaces the lock."
	return render(c, http.StatusOK, views.LearnIndex(p, v))
}

// handleLearnSection handles "GET /learn/:slug".
func (s *Server) handleLearnSection(c echo.Context) error {
	sec, err := s.sectionOr404(c)
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
		return views.LearnSection(p, s.sectionView(sec, isRead, body, keyPoints))
	})
}

// sectionView is the view of the guide section sec, whose rendered body
// and key points are given.
func (s *Server) sectionView(sec *content.Section, isRead bool, body, keyPoints string) views.LearnSectionView {
	v := views.LearnSectionView{
		Slug: sec.Slug, Title: sec.Title, Summary: sec.Summary, Minutes: sec.Minutes,
		Order: indexOf(s.cat.Guide, sec) + 1, Total: len(s.cat.Guide),
		HTML: body, KeyPointsHTML: keyPoints, Read: isRead,
	}
	for _, h := range sec.TOC {
		v.TOC = append(v.TOC, views.NavLink{Href: "#" + h.ID, Title: h.Text})
	}
	prev, next := s.cat.Neighbours(sec.Slug)
	if prev != nil {
		v.Prev = &views.NavLink{Href: urls.LearnSection(prev.Slug), Title: prev.Title}
	}
	if next != nil {
		v.Next = &views.NavLink{Href: urls.LearnSection(next.Slug), Title: next.Title}
	}
	v.Practice, v.Presets = s.relatedToSection(sec.Slug)
	return v
}

// handleLearnMarkRead handles "POST /learn/:slug/read". The form field read
// is "1" to mark the section read and "0" to unmark it.
func (s *Server) handleLearnMarkRead(c echo.Context) error {
	sec, err := s.sectionOr404(c)
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

func indexOf(sections []*content.Section, sec *content.Section) int {
	for i, x := range sections {
		if x == sec {
			return i
		}
	}
	return -1
}

// sectionOr404 returns the guide section named by the :slug parameter, or
// the 404 a learner sees for a mistyped address.
func (s *Server) sectionOr404(c echo.Context) (*content.Section, error) {
	sec, ok := s.cat.Section(c.Param("slug"))
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
