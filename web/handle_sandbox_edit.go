package web

import (
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
	"lockdrill/web/urls"
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
	// The insert is made and checked on the timeline as it is before any
	// fork: a refused one goes back to the page the learner was on and
	// leaves no unchanged fork behind (QA-32 #2).
	sc, back, done, err := s.scenarioToChange(c, t, "it")
	if done {
		return err
	}
	at, err := sbFormInt(form, "at_ms", "replay time", "ms", 0, sandbox.MaxTimeMS)
	if err != nil {
		return s.seeOtherWith(c, back, "bad", "Nothing was inserted: "+err.Error()+".")
	}
	switch form.Get("op") {
	case "undo", "advance", "advance_end":
		return s.seeOtherWith(c, back, "bad", "Nothing was inserted: only an action can go at the replay cursor.")
	}
	now := timelineNow(t, sc)
	before := s.runScenario(sc)
	out, _, err := applyAction(sc, at, form, s.runScenario)
	if err != nil {
		return s.seeOtherWith(c, back, "bad", "Nothing was inserted: "+err.Error()+".")
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	forked := ""
	if learner != t.Learner {
		id, err := s.forkTimeline(c, t, learner)
		if err != nil {
			return err
		}
		if t, err = s.store.Timeline(c.Request().Context(), id); err != nil {
			return err
		}
		forked = "This is your own fork of the shared timeline, which stays as it was. "
	}
	// Undo takes the insert back like any action added (QA-32 #1).
	undo := append(slices.Clone(t.Undo), store.UndoStep{NowMS: now, Actions: len(sc.Actions)})
	if err := s.store.SaveScenarioUndo(c.Request().Context(), t.Learner, t.ID, out, now, undo, s.now()); err != nil {
		return err
	}
	after := s.runScenario(out)
	step := firstChange(before, after, at)
	// describeAction starts with the time ("12 s: B pauses for 5 s").
	what := describeAction(out.Lock.Model, out.Actions[len(out.Actions)-1])
	if _, rest, ok := strings.Cut(what, ": "); ok {
		what = rest
	}
	return s.seeOther(c, urls.TimelineStep(t.ID, step)+"#picture",
		forked+"Inserted “"+what+"” at "+timelineview.Millis(at)+", and the run re-ran from there: replay step "+strconv.Itoa(step)+" is its first effect.")
}

// handleSandboxEditAction handles "POST /sandbox/:id/actions/edit": remove
// the action at index, or move it to at_s seconds. The form names the
// action it saw (action), so a list changed meanwhile (another tab) is
// refused rather than the wrong action removed.
func (s *Server) handleSandboxEditAction(c echo.Context) error {
	ch, ok, err := s.beginOwnChange(c)
	if !ok {
		return err
	}
	t, form, sc, back := ch.t, ch.form, ch.sc, ch.back
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
		msg = "Removed " + describeAction(sc.Lock.Model, old) + "; the run re-ran without it. Undo does not bring a removed action back: add it again at its time if you need it."
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
		return s.seeOtherWith(c, back+"#actions", "bad", "Nothing was changed: press save or remove beside the action to change.")
	}
	if err := out.ValidateRunWith(s.runScenario); err != nil {
		return s.seeOtherWith(c, back+"#actions", "bad", "Nothing was changed: "+sandboxFormError(err)+".")
	}
	if err := s.saveScenario(c, t.Learner, t.ID, out, now); err != nil {
		return err
	}
	return s.seeOther(c, back+"#actions", msg)
}

// editedAction is a with the edit form's time (at_s) and, where the form
// has it, its length or value.
func editedAction(a sandbox.Action, form url.Values) (sandbox.Action, error) {
	at, err := sbFormInstant(form, "at_s", "time")
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
		if a.MS, err = sbFormInt(form, "delay_ms", "delay", "ms", 1, sandbox.MaxTimeMS); err != nil {
			return a, err
		}
	case a.Op == sandbox.OpWrite && form.Has("value"):
		v := strings.TrimSpace(form.Get("value"))
		if v == "" {
			return a, errors.New("value: type the value to write")
		}
		if err := valueFits(v); err != nil {
			return a, err
		}
		a.Value = v
	}
	// Q8-4: a pause or delay must end within the run; said in seconds
	// and the form's words, not "actions[1].ms: … 614990 ms".
	if a.Op == sandbox.OpPause || a.Op == sandbox.OpDelay {
		if end := a.AtMS + a.MS; end > sandbox.MaxTimeMS {
			what := "pause"
			if a.Op == sandbox.OpDelay {
				what = "delay"
			}
			return a, fmt.Errorf("for: a %s of %s at %s would end at %s, after %s, the %s a timeline may last",
				what, sbSeconds(a.MS), sbSeconds(a.AtMS), sbSeconds(end), sbSeconds(sandbox.MaxTimeMS), maxTimeWords())
		}
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
	for i, e := range after.Events.All() {
		if i >= before.Events.Len() || !reflect.DeepEqual(e, before.Events.At(i)) {
			return i + 1
		}
	}
	for i, e := range after.Events.All() {
		if e.T >= at {
			return i + 1
		}
	}
	return after.Events.Len()
}

// actionKey identifies an action in the edit forms.
func actionKey(a sandbox.Action) string {
	return fmt.Sprintf("%d|%s|%s|%d|%d|%s", a.AtMS, a.Op, a.Client, a.MS, a.Node, a.Value)
}
