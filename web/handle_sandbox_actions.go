package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// notYours is the message of a change refused on someone else's timeline.
const notYours = "This timeline belongs to someone else, so you cannot change it. Fork it to get your own copy, with the same actions, that you can change."

// ownTimeline loads timeline id for a change by the requesting learner. On
// someone else's timeline it renders the page read-only with a 403 and the
// offer to fork, and returns ok false.
func (s *Server) ownTimeline(c echo.Context) (store.Timeline, bool, error) {
	t, err := s.store.Timeline(c.Request().Context(), c.Param("id"))
	if err != nil {
		return t, false, err
	}
	learner, err := s.learnerID(c)
	if err != nil {
		return t, false, err
	}
	if learner == "" || learner != t.Learner {
		return t, false, s.renderTimeline(c, http.StatusForbidden, t, notYours)
	}
	return t, true, nil
}

// scenarioToChange reads timeline t's stored scenario for a change and
// returns it with the timeline's page path. A stored scenario that no
// longer parses cannot be changed: the learner is sent back with the
// reason, and done reports that the response is written (err is its
// result).
func (s *Server) scenarioToChange(c echo.Context, t store.Timeline, what string) (sc sandbox.Scenario, back string, done bool, err error) {
	back = urls.Timeline(t.ID)
	sc, perr := parseStored(t.Scenario)
	if perr != nil {
		return sc, back, true, s.seeOtherWith(c, back, "bad", "This scenario is invalid, so "+what+" cannot be changed: "+perr.Error())
	}
	return sc, back, false, nil
}

// ownChange is where a change of the requester's own timeline starts:
// the timeline, the form, its scenario and the page to go back to.
type ownChange struct {
	t    store.Timeline
	form url.Values
	sc   sandbox.Scenario
	back string
}

// beginOwnChange reads the timeline of the request, which must be the
// requester's own (else the page is shown read-only with a 403), its form
// and its scenario (one that no longer parses sends the learner back with
// the reason). ok false means the response is decided: err is it.
func (s *Server) beginOwnChange(c echo.Context) (ch ownChange, ok bool, err error) {
	if ch.t, ok, err = s.ownTimeline(c); !ok {
		return ch, false, err
	}
	if ch.form, err = c.FormParams(); err != nil {
		return ch, false, echo.NewHTTPError(http.StatusBadRequest)
	}
	var done bool
	if ch.sc, ch.back, done, err = s.scenarioToChange(c, ch.t, "it"); done {
		return ch, false, err
	}
	return ch, true, nil
}

// handleSandboxAction handles "POST /sandbox/:id/actions": append one
// action at now (or move now), re-simulate, and go back to the page.
func (s *Server) handleSandboxAction(c echo.Context) error {
	ch, ok, err := s.beginOwnChange(c)
	if !ok {
		return err
	}
	before := timelineNow(ch.t, ch.sc)
	sc, now, undo := ch.sc, before, ch.t.Undo
	op := ch.form.Get("op")
	if n := len(undo); op == "undo" && n > 0 && (len(sc.Actions) == undo[n-1].Actions || len(sc.Actions) == undo[n-1].Actions+1) {
		// The record says what came last: take back that change alone,
		// to the state before it (QA-32 #5: every advance since the last
		// action went at once; QA-32 #1: an insert after an advance was
		// left while now went back).
		last := undo[n-1]
		sc.Actions = slices.Clone(sc.Actions[:last.Actions])
		now, undo = last.NowMS, undo[:n-1]
	} else {
		sc, now, err = applyAction(ch.sc, before, ch.form, s.runScenario)
		if err != nil {
			err = budgetError(err, ch.sc, func(q sandbox.Scenario) error {
				_, _, err := applyAction(q, before, ch.form, s.runScenario)
				return err
			})
			msg := "Nothing was changed: " + sandboxFormError(err) + "."
			// A refused value is shown again in its field, as typed and
			// marked, as the blank form does (QA-32 #3: the field came back
			// with its default and the message was only at the top).
			if r := refusedAction(err, ch.sc, ch.form, msg); r != nil {
				return s.renderTimelineRefused(c, http.StatusUnprocessableEntity, ch.t, "", timelineRefusal{input: r})
			}
			return s.seeOtherWith(c, ch.back, "bad", msg)
		}
		switch {
		case op == "undo":
			// The older rule decided; the record no longer matches.
			undo = nil
		case now != before || len(sc.Actions) != len(ch.sc.Actions):
			undo = append(slices.Clone(undo), store.UndoStep{NowMS: before, Actions: len(ch.sc.Actions)})
		}
	}
	if err := s.store.SaveScenarioUndo(c.Request().Context(), ch.t.Learner, ch.t.ID, sc, now, undo, s.now()); err != nil {
		return err
	}
	if ch.form.Get("op") == "undo" {
		// Say what was taken back, as every other edit does.
		msg := "Undid the advance of time: now is back at " + sbSeconds(now) + "."
		if len(sc.Actions) < len(ch.sc.Actions) {
			msg = "Undid “" + describeAction(sc.Lock.Model, ch.sc.Actions[len(ch.sc.Actions)-1]) + "”; now stays at " + sbSeconds(now) + "."
		}
		return s.seeOther(c, ch.back+"#act", msg)
	}
	// Back at the controls, so the next action is a keystroke away rather
	// than a tab through the whole page; a refusal above goes to the top,
	// where its message is.
	return s.seeOther(c, ch.back+"#act", "")
}

// handleSandboxSettings handles "POST /sandbox/:id/settings": a change of
// settings forks the timeline (anyone's), so that both can be compared.
func (s *Server) handleSandboxSettings(c echo.Context) error {
	t, err := s.store.Timeline(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	sc, back, done, err := s.scenarioToChange(c, t, "its settings")
	if done {
		return err
	}
	changed, names, moot, err := applySettings(sc, form)
	if err != nil {
		var bad settingsError
		errors.As(err, &bad)
		fix := "correct this one and fork again"
		if len(bad) > 1 {
			fix = "correct the marked settings and fork again"
		}
		return s.renderTimelineRefused(c, http.StatusUnprocessableEntity, t, "", timelineRefusal{settings: form, settingsErrs: bad.byInput(),
			settingsErr: "Nothing was forked: " + sandboxFormError(err) + ". Your other changes are kept below: " + fix + "."})
	}
	if len(names) == 0 && moot {
		return s.seeOtherWith(c, back, "warn", "Nothing changed, so nothing was forked: with 0 retries no acquire is tried again, so the retry delay and its seed are never used. Set retries above 0 for them to matter.")
	}
	if len(names) == 0 {
		return s.seeOtherWith(c, back, "warn", "Those are the settings this timeline already has: nothing to fork.")
	}
	// The title says what changed, not the parent's title: "The same
	// pause, with fencing tokens (fencing check at the resource off)"
	// promised the very thing the fork removed.
	title := "Fork: " + strings.Join(names, ", ")
	id, err := s.createTimeline(c, store.NewTimeline{ParentID: t.ID, PresetID: t.PresetID, Title: title, NowMS: t.NowMS}, changed)
	if err != nil {
		return err
	}
	msg := "Forked with " + strings.Join(names, ", ") + ". Both runs are below, on one time scale."
	// What the blank form notes of a setting easy to pick unawares, the
	// fork notes too when it brings it (QA-34 #1).
	if notes := forkNotes(sc, changed); notes != "" {
		return s.seeOtherWith(c, urls.TimelineCompare(id), "warn", msg+" Note: "+notes+".")
	}
	return s.seeOther(c, urls.TimelineCompare(id), msg)
}

// handleSandboxFork handles "POST /sandbox/:id/fork": a copy of the
// timeline owned by the requesting learner.
func (s *Server) handleSandboxFork(c echo.Context) error {
	t, err := s.store.Timeline(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	id, err := s.forkTimeline(c, t, learner)
	if err != nil {
		return err
	}
	return s.seeOther(c, urls.Timeline(id), "This fork is yours: change it as you like; the original stays as it was.")
}

// forkTimeline saves a copy of t owned by learner, as it is (the same
// scenario, engine version and now), and returns its id.
func (s *Server) forkTimeline(c echo.Context, t store.Timeline, learner string) (string, error) {
	return s.store.CreateTimeline(c.Request().Context(), store.NewTimeline{
		Learner: learner, ParentID: t.ID, PresetID: t.PresetID, Title: "Fork of " + baseTitle(t.Title),
		Scenario: t.Scenario, EngineVersion: t.EngineVersion, NowMS: t.NowMS,
	}, s.now())
}

func baseTitle(title string) string {
	return strings.TrimPrefix(title, "Fork of ")
}

// handleSandboxImportForm handles "GET /sandbox/import".
func (s *Server) handleSandboxImportForm(c echo.Context) error {
	return render(c, http.StatusOK, views.SandboxImport(s.page(c, "Import a scenario", "sandbox"), views.ImportView{}))
}

// handleSandboxImport handles "POST /sandbox/import": a pasted or
// uploaded scenario becomes a new timeline; an invalid one is shown again
// with the error naming its field.
func (s *Server) handleSandboxImport(c echo.Context) error {
	text := c.FormValue("scenario")
	refuse := func(v views.ImportView) error {
		return render(c, http.StatusUnprocessableEntity, views.SandboxImport(s.page(c, "Import a scenario", "sandbox"), v))
	}
	// QA-32 #10: invalid bytes are neither echoed into the textarea nor
	// parsed, which only said "want a JSON object".
	if !utf8.ValidString(text) {
		return refuse(views.ImportView{JSON: strings.ToValidUTF8(text, "\uFFFD"),
			Error: "Scenario JSON: the text is not UTF-8, so it is not JSON; the bytes that are not UTF-8 are shown as \uFFFD below. Paste the scenario again."})
	}
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		name := strings.ToValidUTF8(fh.Filename, "\uFFFD")
		// Both a paste and a file: importing either one silently would
		// lose the other, so the learner chooses (QA-32 #10).
		if strings.TrimSpace(text) != "" {
			return refuse(views.ImportView{JSON: text,
				Error: "You pasted a scenario and also chose a file (" + name + "): import one of them. Your pasted text is kept below: import again to use it, or clear it and choose the file again to use the file."})
		}
		f, err := fh.Open()
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "The uploaded file could not be read.")
		}
		b, err := io.ReadAll(io.LimitReader(f, sandbox.MaxInputBytes+1))
		f.Close()
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "The uploaded file could not be read.")
		}
		// Over the limit, the cut may split a character: Parse says the
		// file is too big instead.
		if len(b) <= sandbox.MaxInputBytes && !utf8.Valid(b) {
			return refuse(views.ImportView{JSON: text,
				Error: "The file " + name + " is not UTF-8 text, so it is not a scenario's JSON (an export is UTF-8). Save it as UTF-8, or export the timeline again, and upload it."})
		}
		text = string(b)
	}
	v := views.ImportView{JSON: text}
	if strings.TrimSpace(text) == "" {
		v.Error = "Paste a scenario or choose a file: the form was empty."
		return render(c, http.StatusUnprocessableEntity, views.SandboxImport(s.page(c, "Import a scenario", "sandbox"), v))
	}
	sc, meta, err := sandbox.ParseExport([]byte(text))
	if err == nil {
		err = sc.RequireClients()
	}
	if err == nil {
		// Through the cache: the new timeline's page shows this very run.
		err = sc.ValidateRunWith(s.runScenario)
	}
	if err != nil {
		var list sandbox.ValidationErrors
		var one *sandbox.ValidationError
		switch {
		case errors.As(err, &list):
			for _, ve := range list {
				v.Problems = append(v.Problems, views.ImportProblem{Field: ve.Field, Msg: ve.Msg})
			}
		case errors.As(err, &one):
			v.Problems = []views.ImportProblem{{Field: one.Field, Msg: one.Msg}}
		default:
			v.Problems = []views.ImportProblem{{Msg: err.Error()}}
		}
		return render(c, http.StatusUnprocessableEntity, views.SandboxImport(s.page(c, "Import a scenario", "sandbox"), v))
	}
	nt := store.NewTimeline{Title: "Imported " + sc.Lock.Model.String() + " scenario"}
	if t := strings.TrimSpace(meta.Title); t != "" {
		nt.Title = t
	}
	// The preset's lesson is the description an export carries; a preset
	// this build does not know is dropped rather than trusted.
	if p, ok := sandbox.PresetByID(meta.Preset); ok {
		nt.PresetID = p.ID
	}
	id, err := s.createTimeline(c, nt, sc)
	if err != nil {
		return err
	}
	return s.seeOther(c, urls.Timeline(id), "Imported: the scenario ran and is saved as your timeline.")
}

func jsonIndent(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
