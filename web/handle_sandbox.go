package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// handleSandboxIndex handles "GET /sandbox".
func (s *Server) handleSandboxIndex(c echo.Context) error {
	return s.renderSandboxIndex(c, http.StatusOK, blankDefaults())
}

// renderSandboxIndex renders /sandbox with the blank form as given.
func (s *Server) renderSandboxIndex(c echo.Context, status int, blank views.BlankForm) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	mine, err := s.store.Timelines(c.Request().Context(), learner, 20)
	if err != nil {
		return err
	}
	p := s.page(c, "Sandbox", "sandbox")
	p.Description = "A deterministic lock service in the browser: pause a client past its lease and watch fencing reject its stale write."
	return render(c, status, views.SandboxIndex(p, buildSandboxIndex(s.cat, sandboxIndexData{Presets: s.presets, Mine: mine, Blank: blank, Now: s.now()})))
}

// handleSandboxStart handles "POST /sandbox": start a blank timeline.
func (s *Server) handleSandboxStart(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	sc, f := blankScenario(form)
	if len(f.Errors) > 0 {
		// The form comes back with its options and limits and the
		// learner's choices kept (QA-7 P2: it came back with empty
		// selects, and a resubmission started a different service).
		return s.renderSandboxIndex(c, http.StatusUnprocessableEntity, withBlankOptions(f))
	}
	id, err := s.createTimeline(c, store.NewTimeline{Title: "Blank " + sc.Lock.Model.String() + " timeline"}, sc)
	if err != nil {
		return err
	}
	if notes := blankNotes(sc); notes != "" {
		return s.seeOtherWith(c, urls.Timeline(id), "warn", "A blank timeline: act on the clients below, at now. Note: "+notes+".")
	}
	return s.seeOther(c, urls.Timeline(id), "A blank timeline: act on the clients below, at now.")
}

// createTimeline saves sc as a new timeline of the requesting learner.
func (s *Server) createTimeline(c echo.Context, t store.NewTimeline, sc sandbox.Scenario) (string, error) {
	learner, err := s.ensureLearner(c)
	if err != nil {
		return "", err
	}
	t.Learner = learner
	if t.NowMS == 0 {
		t.NowMS = startNow(s.runScenario(sc))
	}
	return s.store.CreateScenarioTimeline(c.Request().Context(), t, sc, s.now())
}

func presetOr404(id string) (sandbox.Preset, error) {
	p, ok := sandbox.PresetByID(id)
	if !ok {
		return p, echo.NewHTTPError(http.StatusNotFound, "There is no sandbox scenario with this name. The sandbox page lists them all.")
	}
	return p, nil
}

// predictOr404 is the predict question qid about preset, or a 404.
func (s *Server) predictOr404(qid, preset string) (*quiz.Question, error) {
	q := predictQuestion(s.cat, qid, preset)
	if q == nil {
		return nil, echo.NewHTTPError(http.StatusNotFound, "There is no prediction exercise "+strconv.Quote(qid)+" about this scenario.")
	}
	return q, nil
}

// renderPreset renders a preset's page with status.
func (s *Server) renderPreset(c echo.Context, status int, d presetData) error {
	pg := s.page(c, d.Preset.Title, "sandbox")
	pg.Description = d.Preset.Lesson
	return render(c, status, views.SandboxPreset(pg, buildPreset(s.cat, d)))
}

// handleSandboxPreset handles "GET /sandbox/presets/:preset": the preset
// and its run, or, with ?predict=QUESTION, the prediction asked first.
func (s *Server) handleSandboxPreset(c echo.Context) error {
	p, err := presetOr404(c.Param("preset"))
	if err != nil {
		return err
	}
	d := presetData{Preset: p, Run: s.runScenario(p.Scenario)}
	if qid := c.QueryParam("predict"); qid != "" {
		if d.Predict, err = s.predictOr404(qid, p.ID); err != nil {
			return err
		}
	}
	return s.renderPreset(c, http.StatusOK, d)
}

// handleSandboxPresetOpen handles "POST /sandbox/presets/:preset": it
// creates the learner's own timeline of the preset, recording the
// prediction first when the form carries one.
func (s *Server) handleSandboxPresetOpen(c echo.Context) error {
	p, err := presetOr404(c.Param("preset"))
	if err != nil {
		return err
	}
	t := store.NewTimeline{PresetID: p.ID, Title: p.Title}
	if qid := c.FormValue("predict"); qid != "" {
		q, err := s.predictOr404(qid, p.ID)
		if err != nil {
			return err
		}
		choice := optionOf(q, c.FormValue("choice"))
		valid := false
		for _, o := range q.Options {
			valid = valid || o.ID == choice
		}
		if !valid {
			return s.renderPreset(c, http.StatusUnprocessableEntity, presetData{Preset: p, Run: s.runScenario(p.Scenario), Predict: q,
				Error: "Choose one of the options: the run is shown once you have predicted."})
		}
		t.PredictQuestion, t.Prediction = q.ID, choice
		// The prediction is an answer to the exercise like any other, so it
		// counts on /practice and /progress and can be rated for review.
		learner, err := s.ensureLearner(c)
		if err != nil {
			return err
		}
		a := quiz.Answer{Choices: []string{choice}}
		if _, err := s.store.CreateAttempt(c.Request().Context(), learner, q, a, s.cat.Questions.Grade(q, a), s.now()); err != nil {
			return err
		}
	}
	id, err := s.createTimeline(c, t, p.Scenario)
	if err != nil {
		return err
	}
	return s.seeOther(c, urls.Timeline(id), "")
}

// handleSandboxTimeline handles "GET /sandbox/:id" and, for an id ending
// in .json, the export "GET /sandbox/:id.json" (one route, because the
// :id parameter would take the suffix anyway).
func (s *Server) handleSandboxTimeline(c echo.Context) error {
	id := c.Param("id")
	if base, ok := strings.CutSuffix(id, ".json"); ok {
		return s.exportTimeline(c, base)
	}
	t, err := s.store.Timeline(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return s.renderTimeline(c, http.StatusOK, t, "")
}

func (s *Server) exportTimeline(c echo.Context, id string) error {
	t, err := s.store.Timeline(c.Request().Context(), id)
	if err != nil {
		return err
	}
	sc, err := parseStored(t.Scenario)
	body := []byte(t.Scenario)
	if err == nil {
		// The title and the preset's lesson travel with the scenario, so
		// a re-import is the same timeline, not "Imported redis scenario".
		meta := sandbox.ExportMeta{Title: t.Title}
		if p, ok := sandbox.PresetByID(t.PresetID); ok {
			meta.Preset, meta.Description = p.ID, p.Lesson
		}
		if body, err = sandbox.MarshalExport(sc, meta); err != nil {
			return err
		}
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="lockdrill-`+id[:8]+`.json"`)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSONCharsetUTF8, append(body, '\n'))
}

// stepParam reads ?step=N; anything else means the end.
func stepParam(c echo.Context, total int) int {
	n, err := strconv.Atoi(c.QueryParam("step"))
	if err != nil {
		return total
	}
	return min(max(n, 0), total)
}

// renderTimeline renders the timeline page with status; forbidden, when
// set, explains a refused change and offers the fork.
func (s *Server) renderTimeline(c echo.Context, status int, t store.Timeline, forbidden string) error {
	return s.renderTimelineRefused(c, status, t, forbidden, timelineRefusal{})
}

// timelineRefusal is a form of the timeline page that was refused, to show
// again as the learner typed it: the settings form (settings) with why
// (settingsErr) and, by input id, each refused setting (settingsErrs), so
// one bad value does not cost the other changes (QA-7 P14); or one input
// of an action or the rename form (input).
type timelineRefusal struct {
	settings     url.Values
	settingsErr  string
	settingsErrs map[string]string
	input        *views.RefusedInput
}

// renderTimelineRefused renders the timeline page with the refused form r
// shown again.
func (s *Server) renderTimelineRefused(c echo.Context, status int, t store.Timeline, forbidden string, r timelineRefusal) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	parsed, tl := s.viewRun(t.Scenario)
	step := stepParam(c, tl.Events.Len())
	now := timelineNow(t, parsed.sc)
	owner := learner != "" && learner == t.Learner
	d := timelineData{T: t, Scenario: parsed.sc, Invalid: parsed.err, Run: tl, Step: step, Owner: owner, Forbidden: forbidden,
		SettingsTyped: r.settings, SettingsError: r.settingsErr, SettingsErrors: r.settingsErrs, Refused: r.input,
		Built:   s.stepViewOf(tl, parsed.key, step, now, owner, urls.Timeline(t.ID)),
		Predict: predictQuestion(s.cat, t.PredictQuestion, t.PresetID)}
	// Q8-2: a fork whose original was deleted has nothing to compare with.
	if t.ParentID != "" {
		if _, perr := s.store.Timeline(c.Request().Context(), t.ParentID); errors.Is(perr, store.ErrNotFound) {
			d.ParentGone = true
		} else if perr != nil {
			return perr
		}
	}
	// The preset's lesson holds only while its settings do: a fork with
	// fencing turned off teaches the opposite.
	if p, ok := s.presetByID(t.PresetID); ok && sameSettings(p.Scenario, parsed.sc) {
		d.Preset = &p
	}
	p := s.page(c, t.Title, "sandbox")
	p.Scripts = []string{"js/sandbox.js"}
	return render(c, status, views.SandboxTimeline(p, buildTimeline(s.cat, d, now)))
}

// handleSandboxState handles "GET /sandbox/:id/state?step=N": the state
// panel alone, for the scrubber of sandbox.js.
func (s *Server) handleSandboxState(c echo.Context) error {
	t, err := s.store.Timeline(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	parsed, tl := s.viewRun(t.Scenario)
	step := stepParam(c, tl.Events.Len())
	return render(c, http.StatusOK, views.SandboxStatePanel(s.panelOf(tl, parsed.key, step, urls.Timeline(t.ID))))
}

// handleSandboxCompare handles "GET /sandbox/:id/compare": the timeline
// beside the one it was forked from.
func (s *Server) handleSandboxCompare(c echo.Context) error {
	ctx := c.Request().Context()
	t, err := s.store.Timeline(ctx, c.Param("id"))
	if err != nil {
		return err
	}
	if t.ParentID == "" {
		return echo.NewHTTPError(http.StatusNotFound, "This timeline was not forked from another, so there is nothing to compare it with.")
	}
	parent, err := s.store.Timeline(ctx, t.ParentID)
	if errors.Is(err, store.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "The timeline this one was forked from no longer exists.")
	}
	if err != nil {
		return err
	}
	// A scenario that no longer parses still shows what could be read.
	psc, _ := parseStored(parent.Scenario)
	tsc, _ := parseStored(t.Scenario)
	v := buildCompare(compareData{Parent: parent, Fork: t, ParentSc: psc, ForkSc: tsc, ParentRun: s.runScenario(psc), ForkRun: s.runScenario(tsc)})
	return render(c, http.StatusOK, views.SandboxCompare(s.page(c, "Compare timelines", "sandbox"), v))
}
