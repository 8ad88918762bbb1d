package web

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/timelineview"
	"lockdrill/web/views"
)

// handleSandboxInsert handles "POST /sandbox/:id/insert": one action at
// the moment of the replay step the learner is looking at (at_ms), not at
// now. The timeline re-runs, and the page opens on the first event that
// changed, with a notice of what went where; now stays where it was.
//
// On someone else's (shared) timeline the insert goes into a fork made for
// the requester first: the shared one never changes, and "what if B paused
// here?" needs no separate fork step.
func (s *Server) handleSandboxInsert(c echo.Context) error {
	t, err := s.store.Timeline(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	forked := ""
	if learner != t.Learner {
		id, err := s.store.CreateTimeline(c.Request().Context(), store.NewTimeline{
			Learner: learner, ParentID: t.ID, PresetID: t.PresetID, Title: "Fork of " + baseTitle(t.Title),
			Scenario: t.Scenario, EngineVersion: t.EngineVersion, NowMS: t.NowMS,
		}, s.now())
		if err != nil {
			return err
		}
		if t, err = s.store.Timeline(c.Request().Context(), id); err != nil {
			return err
		}
		forked = "This is your own fork of the shared timeline, which stays as it was. "
	}
	sc, back, done, err := s.scenarioToChange(c, t, "it")
	if done {
		return err
	}
	at, err := sbFormInt(form, "at_ms", "replay time", 0, sandbox.MaxTimeMS)
	if err != nil {
		return s.seeOtherWith(c, back, "bad", "Nothing was inserted: "+err.Error()+".")
	}
	switch form.Get("op") {
	case "undo", "advance", "advance_end":
		return s.seeOtherWith(c, back, "bad", "Nothing was inserted: only an action can go at the replay cursor.")
	}
	now := timelineNow(t, sc)
	before := s.runScenario(sc)
	out, _, err := applyAction(sc, at, form)
	if err != nil {
		return s.seeOtherWith(c, back, "bad", "Nothing was inserted: "+err.Error()+".")
	}
	if err := s.saveScenario(c, t.Learner, t.ID, out, now); err != nil {
		return err
	}
	after := s.runScenario(out)
	step := firstChange(before, after, at)
	// describeAction starts with the time ("12 s: B pauses for 5 s").
	what := describeAction(out.Lock.Model, out.Actions[len(out.Actions)-1])
	if _, rest, ok := strings.Cut(what, ": "); ok {
		what = rest
	}
	return s.seeOther(c, back+"?step="+strconv.Itoa(step)+"#picture",
		forked+"Inserted “"+what+"” at "+timelineview.Millis(at)+", and the run re-ran from there: replay step "+strconv.Itoa(step)+" is its first effect.")
}

// handleSandboxEditAction handles "POST /sandbox/:id/actions/edit": remove
// the action at index, or move it to at_s seconds. The form names the
// action it saw (action), so a list changed meanwhile (another tab) is
// refused rather than the wrong action removed.
func (s *Server) handleSandboxEditAction(c echo.Context) error {
	t, ok, err := s.ownTimeline(c)
	if !ok {
		return err
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	sc, back, done, err := s.scenarioToChange(c, t, "it")
	if done {
		return err
	}
	i, err := strconv.Atoi(form.Get("index"))
	if err != nil || i < 0 || i >= len(sc.Actions) || form.Get("action") != actionKey(sc.Actions[i]) {
		return s.seeOtherWith(c, back+"#actions", "bad", "Nothing was changed: the list of actions changed meanwhile (in another tab?). Here it is as it is now.")
	}
	now := timelineNow(t, sc)
	old := sc.Actions[i]
	out := sc
	var msg string
	switch form.Get("op") {
	case "remove":
		out.Actions = slices.Delete(slices.Clone(sc.Actions), i, i+1)
		msg = "Removed " + describeAction(sc.Lock.Model, old) + "; the run re-ran without it."
	case "move", "save":
		a, err := editedAction(old, form)
		if err != nil {
			return s.seeOtherWith(c, back+"#actions", "bad", "Nothing was changed: "+err.Error()+".")
		}
		out.Actions = slices.Clone(sc.Actions)
		out.Actions[i] = a
		msg = "Changed " + describeAction(sc.Lock.Model, old) + " to " + describeAction(sc.Lock.Model, a) + "; the run re-ran."
		if reflect.DeepEqual(a, old) {
			msg = "That is the action as it was: nothing changed."
		}
	default:
		return s.seeOtherWith(c, back+"#actions", "bad", "Nothing was changed: op: choose remove or move.")
	}
	if err := out.ValidateRun(); err != nil {
		return s.seeOtherWith(c, back+"#actions", "bad", "Nothing was changed: "+err.Error()+".")
	}
	if err := s.saveScenario(c, t.Learner, t.ID, out, now); err != nil {
		return err
	}
	return s.seeOther(c, back+"#actions", msg)
}

// editedAction is a with the edit form's time (at_s) and, where the form
// has it, its length or value.
func editedAction(a sandbox.Action, form url.Values) (sandbox.Action, error) {
	at, err := sbFormSeconds(form, "at_s", "time")
	if err != nil {
		return a, err
	}
	if at > sandbox.MaxTimeMS {
		return a, errors.New("time: past " + maxTimeWords() + ", the longest a timeline may run")
	}
	a.AtMS = at
	switch {
	case a.Op == sandbox.OpPause && form.Has("pause_s"):
		if a.MS, err = sbFormSeconds(form, "pause_s", "pause"); err != nil {
			return a, err
		}
	case a.Op == sandbox.OpDelay && form.Has("delay_ms"):
		if a.MS, err = sbFormInt(form, "delay_ms", "delay", 1, sandbox.MaxTimeMS); err != nil {
			return a, err
		}
	case a.Op == sandbox.OpWrite && form.Has("value"):
		v := strings.TrimSpace(form.Get("value"))
		if v == "" {
			return a, errors.New("value: type the value to write")
		}
		if len(v) > sandbox.MaxValueLen {
			return a, fmt.Errorf("value: longer than %d bytes", sandbox.MaxValueLen)
		}
		a.Value = v
	}
	return a, nil
}

// saveScenario stores sc as timeline id's scenario, keeping now.
func (s *Server) saveScenario(c echo.Context, learner, id string, sc sandbox.Scenario, now int64) error {
	return s.store.SaveScenario(c.Request().Context(), learner, id, sc, now, s.now())
}

// firstChange is the replay step of the first event in which after differs
// from before: where an inserted action first shows. If none differs (the
// action changed nothing), it is the first step at or after at.
func firstChange(before, after sandbox.Timeline, at int64) int {
	for i, e := range after.Events {
		if i >= len(before.Events) || !reflect.DeepEqual(e, before.Events[i]) {
			return i + 1
		}
	}
	for i, e := range after.Events {
		if e.T >= at {
			return i + 1
		}
	}
	return len(after.Events)
}

// actionKey identifies an action in the edit forms.
func actionKey(a sandbox.Action) string {
	return fmt.Sprintf("%d|%s|%s|%d|%d|%s", a.AtMS, a.Op, a.Client, a.MS, a.Node, a.Value)
}

// actionItems is the timeline's list of actions, by time, for the edit
// forms; Index is the action's place in the scenario.
func actionItems(sc sandbox.Scenario) []views.ActionItem {
	out := make([]views.ActionItem, len(sc.Actions))
	for i, a := range sc.Actions {
		out[i] = views.ActionItem{Index: i, Text: describeAction(sc.Lock.Model, a), Key: actionKey(a), AtS: strings.TrimSuffix(sbSeconds(a.AtMS), " s"), AtMS: a.AtMS, Op: a.Op.String(), Value: a.Value}
		switch a.Op {
		case sandbox.OpPause:
			out[i].PauseS = strings.TrimSuffix(sbSeconds(a.MS), " s")
		case sandbox.OpDelay:
			out[i].DelayMS = strconv.FormatInt(a.MS, 10)
		}
	}
	slices.SortStableFunc(out, func(a, b views.ActionItem) int { return int(a.AtMS - b.AtMS) })
	return out
}

// MaxListedActions is how many actions the timeline page lists with
// their edit forms; a longer list is a window around the replay step, so
// that a 500-action timeline does not weigh a megabyte of forms.
const MaxListedActions = 40

// actionWindow keeps the MaxListedActions items (sorted by time) nearest
// the time at, and says what it left out.
func actionWindow(items []views.ActionItem, at int64) ([]views.ActionItem, string) {
	if len(items) <= MaxListedActions {
		return items, ""
	}
	i, _ := slices.BinarySearchFunc(items, at, func(a views.ActionItem, t int64) int { return cmp.Compare(a.AtMS, t) })
	first := min(max(i-MaxListedActions/2, 0), len(items)-MaxListedActions)
	w := items[first : first+MaxListedActions]
	note := fmt.Sprintf("Showing actions %d–%d of %d by time, those nearest the replay step (%s to %s); move the replay step to reach the others.",
		first+1, first+MaxListedActions, len(items), timelineview.Millis(w[0].AtMS), timelineview.Millis(w[len(w)-1].AtMS))
	return w, note
}

// cursorPanel is what the "act at the cursor" forms need at step.
func cursorPanel(tl sandbox.Timeline, step int, acquireOp string) views.CursorPanel {
	var at int64
	if step > 0 && step <= len(tl.Events) {
		at = tl.Events[step-1].T
	}
	return views.CursorPanel{AtMS: at, At: timelineview.Millis(at), Step: step, Clients: tl.Clients, AcquireOp: acquireOp}
}
