package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/timelineview"
	"lockdrill/web/views"
)

// handleSandboxIndex handles "GET /sandbox".
func (s *Server) handleSandboxIndex(c echo.Context) error {
	v := views.SandboxIndexView{Presets: s.presetCards(), Blank: blankDefaults()}
	if err := s.fillMine(c, &v); err != nil {
		return err
	}
	return s.renderSandboxIndex(c, http.StatusOK, v)
}

func (s *Server) renderSandboxIndex(c echo.Context, status int, v views.SandboxIndexView) error {
	p := s.page(c, "Sandbox", "sandbox")
	p.Description = "A deterministic lock service in the browser: pause a client past its lease and watch fencing reject its stale write."
	return render(c, status, views.SandboxIndex(p, v))
}

func (s *Server) fillMine(c echo.Context, v *views.SandboxIndexView) error {
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	mine, err := s.store.Timelines(c.Request().Context(), learner, 20)
	if err != nil {
		return err
	}
	for _, t := range mine {
		v.Mine = append(v.Mine, views.TimelineLink{Href: "/sandbox/" + t.ID, Title: t.Title, Updated: t.Updated.Format("2 Jan 15:04"), Forked: t.ParentID != ""})
	}
	return nil
}

// handleSandboxStart handles "POST /sandbox": start a blank timeline.
func (s *Server) handleSandboxStart(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	sc, f := blankScenario(form)
	if len(f.Errors) > 0 {
		v := views.SandboxIndexView{Presets: s.presetCards(), Blank: f}
		if err := s.fillMine(c, &v); err != nil {
			return err
		}
		return s.renderSandboxIndex(c, http.StatusUnprocessableEntity, v)
	}
	id, err := s.createTimeline(c, store.NewTimeline{Title: "Blank " + sc.Lock.Model.String() + " timeline"}, sc)
	if err != nil {
		return err
	}
	return s.seeOther(c, "/sandbox/"+id, "A blank timeline: act on the clients below, at now.")
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

func (s *Server) presetCards() []views.PresetCard {
	ps := s.presets
	out := make([]views.PresetCard, len(ps))
	for i, p := range ps {
		out[i] = s.presetCard(p)
	}
	return out
}

func (s *Server) presetCard(p sandbox.Preset) views.PresetCard {
	c := views.PresetCard{ID: p.ID, Title: p.Title, Lesson: p.Lesson, Model: p.Scenario.Lock.Model.String(),
		Fencing: p.Scenario.Resource.Fenced(), ByHolder: p.Scenario.Lock.Model.GuardsByHolder(), GuideSlug: p.Guide}
	if sec, ok := s.cat.Section(p.Guide); ok {
		c.GuideTitle = sec.Title
	}
	return c
}

func presetOr404(id string) (sandbox.Preset, error) {
	p, ok := sandbox.PresetByID(id)
	if !ok {
		return p, echo.NewHTTPError(http.StatusNotFound, "There is no sandbox scenario with this name. The sandbox page lists them all.")
	}
	return p, nil
}

// predictQuestion returns the predict-the-outcome question qid when it is
// about preset, or nil.
func (s *Server) predictQuestion(qid, preset string) *quiz.Question {
	if qid == "" || s.cat.Questions == nil {
		return nil
	}
	q, ok := s.cat.Questions.ByID(qid)
	if !ok || q.Kind != quiz.KindPredict || q.Preset != preset {
		return nil
	}
	return q
}

func predictView(q *quiz.Question, chosen string) *views.PredictView {
	v := &views.PredictView{QuestionID: q.ID, Title: q.Title, PromptHTML: q.Prompt.HTML, ExplanationHTML: q.Explanation.HTML}
	for _, o := range q.Options {
		v.Options = append(v.Options, views.PredictOption{ID: o.ID, HTML: o.TextHTML})
	}
	if chosen == "" {
		return v
	}
	v.Revealed = true
	for i, o := range q.Options {
		v.Options[i].Correct, v.Options[i].Chosen, v.Options[i].WhyHTML = o.Correct, o.ID == chosen, o.WhyHTML
		if o.ID == chosen {
			v.Right = o.Correct
		}
	}
	return v
}

// handleSandboxPreset handles "GET /sandbox/presets/:preset": the preset
// and its run, or, with ?predict=QUESTION, the prediction asked first.
func (s *Server) handleSandboxPreset(c echo.Context) error {
	p, err := presetOr404(c.Param("preset"))
	if err != nil {
		return err
	}
	v := views.PresetView{Card: s.presetCard(p), Actions: describeActions(p.Scenario, s.runScenario(p.Scenario)), Conformance: conformanceLine(p.ID)}
	if qid := c.QueryParam("predict"); qid != "" {
		q := s.predictQuestion(qid, p.ID)
		if q == nil {
			return echo.NewHTTPError(http.StatusNotFound, "There is no prediction exercise "+strconv.Quote(qid)+" about this scenario.")
		}
		v.Predict = predictView(q, "")
	} else {
		d := timelineview.BuildView(s.runScenario(p.Scenario), 1<<30, "/sandbox/presets/"+p.ID)
		v.Diagram = &d
	}
	pg := s.page(c, p.Title, "sandbox")
	pg.Description = p.Lesson
	return render(c, http.StatusOK, views.SandboxPreset(pg, v))
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
		q := s.predictQuestion(qid, p.ID)
		if q == nil {
			return echo.NewHTTPError(http.StatusNotFound, "There is no prediction exercise "+strconv.Quote(qid)+" about this scenario.")
		}
		choice := c.FormValue("choice")
		valid := false
		for _, o := range q.Options {
			valid = valid || o.ID == choice
		}
		if !valid {
			v := views.PresetView{Card: s.presetCard(p), Predict: predictView(q, "")}
			v.Predict.Error = "Choose one of the options: the run is shown once you have predicted."
			v.Actions = describeActions(p.Scenario, s.runScenario(p.Scenario))
			return render(c, http.StatusUnprocessableEntity, views.SandboxPreset(s.page(c, p.Title, "sandbox"), v))
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
	return s.seeOther(c, "/sandbox/"+id, "")
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
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	parsed, tl := s.viewRun(t.Scenario)
	sc, perr, key := parsed.sc, parsed.err, parsed.key
	base := "/sandbox/" + t.ID
	total := len(tl.Events)
	step := stepParam(c, total)
	now := timelineNow(t, sc)
	owner := learner != "" && learner == t.Learner
	// Only the owner can act, so only the owner has a now to see.
	built := s.stepViewOf(tl, key, step, now, owner, base)
	v := views.TimelineView{
		ID: t.ID, Title: t.Title, Base: base, Owner: owner, Forbidden: forbidden,
		ExportHref: base + ".json", Config: configLines(sc),
		EventsTable: views.Prerendered(built.events), Panel: built.panel, Picture: views.Prerendered(built.picture),
		Story: storyOf(t, sc, tl, step),
		Step:  step, Total: total, FirstHref: base + "?step=0", LastHref: base, StateHref: base + "/state",
		WritesAccepted: tl.Summary.WritesAccepted, WritesRejected: tl.Summary.WritesRejected,
		FinalValue: "(never written)", Stopped: stoppedText(tl.Summary),
	}
	if tl.Summary.FinalValue != "" {
		v.FinalValue = strconv.Quote(tl.Summary.FinalValue)
	}
	v.PrevHref = base + "?step=" + strconv.Itoa(max(step-1, 0))
	v.NextHref = base + "?step=" + strconv.Itoa(min(step+1, total))
	if perr != nil {
		v.Invalid = perr.Error()
	}
	if t.EngineVersion != sandbox.EngineVersion {
		v.EngineNote = "This timeline was saved by sandbox engine version " + t.EngineVersion + " and is re-run by version " +
			sandbox.EngineVersion + ": the events may differ a little from what was saved."
	}
	if t.ParentID != "" {
		v.ParentHref = "/sandbox/" + t.ParentID
	}
	// The preset's lesson holds only while its settings do: a fork with
	// fencing turned off teaches the opposite.
	if p, ok := s.presetByID(t.PresetID); ok && sameSettings(p.Scenario, sc) {
		card := s.presetCard(p)
		v.Preset = &card
	}
	for _, vl := range tl.Summary.Violations {
		v.Violations = append(v.Violations, violationLink(vl, base))
	}
	v.Settings = settingsForm(sc)
	m := sc.Lock.Model
	v.Act = views.ActionPanel{Now: timelineview.Millis(now), NowMS: now, Clients: tl.Clients, AcquireOp: m.AcquireOp().String(),
		Extend: m.AcquireOp() == sandbox.OpAcquire, MaxValueLen: sandbox.MaxValueLen, MaxKeyLen: sandbox.MaxKeyLen,
		Failover: m.CanFailOver(), Actions: len(sc.Actions), Max: sandbox.MaxActions, EndMS: tl.Summary.EndMS}
	v.Cursor = cursorPanel(tl, step, v.Act.AcquireOp)
	v.Actions, v.ActionsNote = actionWindow(actionItems(sc), v.Cursor.AtMS)
	for n := 1; n <= max(sc.Lock.Nodes, 1); n++ {
		v.Act.Nodes = append(v.Act.Nodes, n)
	}
	v.Act.FaultNodes, v.Act.FaultLabels = faultNodes(sc)
	v.Act.NodeSplit = m == sandbox.ModelConsensus
	v.Act.NodeWord = m.NodeWord()
	v.Act.Ledger = sc.Resource.Kind == sandbox.ResourceLedger
	// The prediction is the owner's answer to an exercise: someone opening
	// a shared link sees the run, never what its owner predicted.
	if q := s.predictQuestion(t.PredictQuestion, t.PresetID); q != nil && t.Prediction != "" && v.Owner {
		v.Predict = predictView(q, t.Prediction)
	}
	p := s.page(c, t.Title, "sandbox")
	p.Scripts = []string{"js/sandbox.js"}
	return render(c, status, views.SandboxTimeline(p, v))
}

func violationLink(vl sandbox.Violation, base string) views.ViolationLink {
	return views.ViolationLink{Kind: vl.Kind, T: timelineview.Millis(vl.T), Detail: vl.Detail, Href: timelineview.StepHref(base, vl.Event+2), Event: vl.Event}
}

func stoppedText(s sandbox.Summary) string {
	switch s.Stopped {
	case sandbox.StoppedIdle:
		return "the run ended at " + timelineview.Millis(s.EndMS) + " with nothing left to happen"
	case sandbox.StoppedUntil:
		return "the run was cut at " + timelineview.Millis(s.EndMS)
	case sandbox.StoppedTimeLimit:
		return "the run reached the " + strconv.Itoa(sandbox.MaxTimeMinutes) + "-minute limit"
	case sandbox.StoppedEventBudget, sandbox.StoppedLimit:
		return "the run stopped at " + timelineview.Millis(s.EndMS) + ": it reached the events budget of " + strconv.Itoa(sandbox.MaxEvents) + " events (heartbeats count)"
	case sandbox.StoppedInvalid:
		return "the scenario is invalid"
	}
	return s.Stopped.String()
}

// handleSandboxState handles "GET /sandbox/:id/state?step=N": the state
// panel alone, for the scrubber of sandbox.js.
func (s *Server) handleSandboxState(c echo.Context) error {
	t, err := s.store.Timeline(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	parsed, tl := s.viewRun(t.Scenario)
	step := stepParam(c, len(tl.Events))
	return render(c, http.StatusOK, views.SandboxStatePanel(s.panelOf(tl, parsed.key, step, "/sandbox/"+t.ID)))
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
	psc, _ := parseStored(parent.Scenario)
	tsc, _ := parseStored(t.Scenario)
	ptl, ttl := s.runScenario(psc), s.runScenario(tsc)
	// One frame for both pictures: each run shown whole, on the same time
	// scale, so the two line up time for time.
	frame := timelineview.FrameFor(ptl, ttl)
	left, lc := compareSide(parent, psc, ptl, frame, "Original: "+parent.Title)
	right, rc := compareSide(t, tsc, ttl, frame, "Fork: "+t.Title)
	v := views.CompareView{Left: left, Right: right}
	for i := range min(len(lc), len(rc)) {
		if lc[i] != rc[i] {
			v.Changed = append(v.Changed, rc[i].Name+": "+lc[i].Value+" → "+rc[i].Value)
		}
	}
	return render(c, http.StatusOK, views.SandboxCompare(s.page(c, "Compare timelines", "sandbox"), v))
}

func compareSide(t store.Timeline, sc sandbox.Scenario, tl sandbox.Timeline, frame timelineview.Frame, heading string) (views.CompareSide, []views.ConfigLine) {
	base := "/sandbox/" + t.ID
	cfg := configLines(sc)
	side := views.CompareSide{Heading: heading, Href: base, Config: cfg, Diagram: timelineview.BuildIn(tl, len(tl.Events), frame, base),
		WritesAccepted: tl.Summary.WritesAccepted, WritesRejected: tl.Summary.WritesRejected, FinalValue: strconv.Quote(tl.Summary.FinalValue)}
	for _, vl := range tl.Summary.Violations {
		side.Violations = append(side.Violations, violationLink(vl, base))
	}
	return side, cfg
}
