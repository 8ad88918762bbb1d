package web

import (
	"cmp"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/timelineview"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// timelineData is what the timeline page shows: the saved timeline, its
// scenario as parsed (with the parse error of one that no longer passes),
// its run, the replay step, whether the viewer owns it, the picture, panel
// and event list built for that step (cached by the server), the preset
// it came from while its settings still teach that preset's lesson, the
// owner's predict question, and why a change was refused.
type timelineData struct {
	T         store.Timeline
	Scenario  sandbox.Scenario
	Invalid   error
	Run       sandbox.Timeline
	Step      int
	Owner     bool
	Built     stepView
	Preset    *sandbox.Preset
	Predict   *quiz.Question
	Forbidden string
	// SettingsTyped is a refused settings form as sent, shown again with
	// SettingsError.
	SettingsTyped url.Values
	SettingsError string
	// SettingsErrors holds why each refused setting was refused, by input
	// id; Refused is the refused input of another form, shown again.
	SettingsErrors map[string]string
	Refused        *views.RefusedInput
	// ParentGone: the timeline this one was forked from was deleted.
	ParentGone bool
}

// buildTimeline makes /sandbox/{id} at now, the virtual time where the
// owner's next action lands.
func buildTimeline(cat *content.Catalog, d timelineData, now int64) views.TimelineView {
	t, sc, tl, step := d.T, d.Scenario, d.Run, d.Step
	base := urls.Timeline(t.ID)
	total := tl.Events.Len()
	v := views.TimelineView{
		ID: t.ID, Title: t.Title, Base: base, Owner: d.Owner, Forbidden: d.Forbidden,
		ExportHref: urls.TimelineExport(t.ID), Config: configLines(sc),
		EventsTable: views.Prerendered(d.Built.events), Panel: d.Built.panel, Picture: views.Prerendered(d.Built.picture),
		Story: storyOf(t, sc, tl, step),
		Step:  step, Total: total, FirstHref: urls.TimelineStep(t.ID, 0), LastHref: base, StateHref: urls.TimelineState(t.ID),
		PrevHref: urls.TimelineStep(t.ID, max(step-1, 0)), NextHref: urls.TimelineStep(t.ID, min(step+1, total)),
		WritesAccepted: tl.Summary.WritesAccepted, WritesRejected: tl.Summary.WritesRejected,
		FinalValue: "(never written)", Stopped: stoppedText(tl.Summary),
	}
	if tl.Summary.FinalValue != "" {
		v.FinalValue = strconv.Quote(tl.Summary.FinalValue)
	}
	if d.Invalid != nil {
		v.Invalid = d.Invalid.Error()
	}
	if t.EngineVersion != sandbox.EngineVersion {
		v.EngineNote = "This timeline was saved by sandbox engine version " + t.EngineVersion + " and is re-run by version " +
			sandbox.EngineVersion + ": the events may differ a little from what was saved."
	}
	if t.ParentID != "" && !d.ParentGone {
		v.ParentHref = urls.Timeline(t.ParentID)
	}
	v.ParentGone = t.ParentID != "" && d.ParentGone
	if d.Preset != nil {
		card := presetCard(cat, *d.Preset)
		v.Preset = &card
	}
	for _, vl := range tl.Summary.Violations {
		v.Violations = append(v.Violations, violationLink(vl, base))
	}
	v.Settings = settingsForm(sc)
	if d.SettingsTyped != nil {
		v.Settings = typedSettings(v.Settings, d.SettingsTyped)
		v.SettingsError = d.SettingsError
		v.SettingsErrors = d.SettingsErrors
	}
	v.Refused = d.Refused
	m := sc.Lock.Model
	v.Act = views.ActionPanel{Now: timelineview.Millis(now), NowMS: now, Clients: tl.Clients, AcquireOp: m.AcquireOp().String(),
		Extend: m.AcquireOp() == sandbox.OpAcquire, MaxValueLen: sandbox.MaxValueLen, MaxKeyLen: sandbox.MaxKeyLen,
		Failover: m.CanFailOver(), Actions: len(sc.Actions), Max: sandbox.MaxActions, EndMS: tl.Summary.EndMS,
		NodeSplit: m == sandbox.ModelConsensus, NodeWord: m.NodeWord(), Ledger: sc.Resource.Kind == sandbox.ResourceLedger}
	v.Act.PauseOutcome = pauseTipOutcome(sc)
	for n := 1; n <= max(sc.Lock.Nodes, 1); n++ {
		v.Act.Nodes = append(v.Act.Nodes, n)
	}
	v.Act.FaultNodes, v.Act.FaultLabels = faultNodes(sc)
	v.Act.RestartNodes, v.Act.RestartLabels = opNodes(sc, sandbox.OpRestart)
	v.Act.RestartNote = restartNote(sc, len(v.Act.RestartNodes), len(v.Act.FaultNodes))
	v.Act.CutNodes, v.Act.CutLabels = opNodes(sc, sandbox.OpPartition)
	v.Cursor = cursorPanel(tl, step, v.Act.AcquireOp)
	v.Actions, v.ActionsNote = actionWindow(actionItems(sc), v.Cursor.AtMS)
	// The prediction is the owner's answer to an exercise: someone opening
	// a shared link sees the run, never what its owner predicted.
	if d.Predict != nil && t.Prediction != "" && d.Owner {
		v.Predict = predictView(d.Predict, t.Prediction)
	}
	return v
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
	if step > 0 && step <= tl.Events.Len() {
		at = tl.Events.At(step - 1).T
	}
	return views.CursorPanel{AtMS: at, At: timelineview.Millis(at), Step: step, Clients: tl.Clients, AcquireOp: acquireOp}
}

// typedSettings is f with the values of a sent settings form: what the
// learner typed, valid or not, comes back as typed.
func typedSettings(f views.SettingsForm, form url.Values) views.SettingsForm {
	for key, dst := range map[string]*string{
		"token_source": &f.TokenSource, "acquire": &f.Acquire, "release": &f.Release, "ttl_ms": &f.TTL, "lag_ms": &f.Lag,
		"persistence": &f.Persistence, "resource_kind": &f.ResourceKind, "retries": &f.Retries, "retry_delay_ms": &f.RetryDelay, "seed": &f.Seed,
	} {
		if vs, ok := form[key]; ok && len(vs) > 0 {
			*dst = vs[len(vs)-1]
		}
	}
	f.Heartbeats = slices.Clone(f.Heartbeats)
	for i, h := range f.Heartbeats {
		if vs, ok := form[views.HeartbeatField(h.Client)]; ok && len(vs) > 0 {
			f.Heartbeats[i].Value = vs[len(vs)-1]
		}
	}
	f.CheckFencing = form.Get("check_fencing") != ""
	f.IdempotencyKeys = form.Get("idempotency_keys") != ""
	return f
}

// pauseTipOutcome is the last step of the "Try the classic pause" box:
// what the late write does under this timeline's settings, and which
// setting to change to see the other outcome (Q8-20: the box promised a
// rejection that the default, unfenced blank timeline never produces).
func pauseTipOutcome(sc sandbox.Scenario) string {
	src := sc.Lock.TokenSource
	canIssue := len(sc.Lock.Model.TokenSources()) > 1
	switch {
	case sc.Resource.Fenced() && src != sandbox.TokenNone:
		return "here fencing is on (tokens from " + src.Label() + ", checked by the resource), so it is rejected; fork with the check off (Change a setting: untick “Resource checks fencing tokens”) to see it corrupt the value."
	case sc.Resource.Fenced():
		return "here the resource checks tokens but the lock issues none, so it refuses every write, the late one and the other client's alike; fork with a token source (Change a setting: Fencing tokens) to see only the late write refused."
	case !canIssue:
		return "here it is accepted and corrupts the value: " + sc.Lock.Model.String() + " issues no fencing tokens, so the resource cannot tell the late write apart. Start a redis timeline with INCR tokens and the check on to see it refused."
	case src == sandbox.TokenNone:
		return "here it is accepted and corrupts the value: no fencing tokens are issued and the resource checks none. Fork with fencing on (Change a setting: Fencing tokens " + sc.Lock.Model.TokenSources()[1].Label() + ", and tick “Resource checks fencing tokens”) to see it refused."
	}
	return "here it is accepted and corrupts the value: tokens are issued but the resource does not check them. Fork with the check on (Change a setting: tick “Resource checks fencing tokens”) to see it refused."
}
