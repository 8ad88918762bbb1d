package web

import (
	"fmt"
	"strconv"
	"strings"

	"lockdrill/sandbox"
	"lockdrill/store"
	"lockdrill/web/timelineview"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// compareData is what /sandbox/{id}/compare shows: a fork and the
// timeline it was forked from, each with its scenario and run.
type compareData struct {
	Parent, Fork       store.Timeline
	ParentSc, ForkSc   sandbox.Scenario
	ParentRun, ForkRun sandbox.Timeline
}

// buildCompare makes /sandbox/{id}/compare: both runs whole, in one frame
// so that they line up time for time, and the settings that changed.
func buildCompare(d compareData) views.CompareView {
	frame := timelineview.FrameFor(d.ParentRun, d.ForkRun)
	left, lc := compareSide(d.Parent, d.ParentSc, d.ParentRun, frame, sideHeading("Original: ", d.Parent.Title))
	right, rc := compareSide(d.Fork, d.ForkSc, d.ForkRun, frame, sideHeading("Fork: ", d.Fork.Title))
	v := views.CompareView{Left: left, Right: right}
	for i := range min(len(lc), len(rc)) {
		if lc[i] != rc[i] {
			v.Changed = append(v.Changed, rc[i].Name+": "+lc[i].Value+" → "+rc[i].Value)
		}
	}
	// Q8-16: the actions are compared as both timelines are now (either
	// may have been acted on since the fork), not as they were at the fork.
	onlyParent, onlyFork := actionsDiff(d.ParentSc, d.ForkSc)
	parts := []string{"The settings are the same."}
	if len(v.Changed) > 0 {
		parts[0] = "Changed in the fork: " + strings.Join(v.Changed, "; ") + "."
	}
	if len(onlyParent) == 0 && len(onlyFork) == 0 {
		parts = append(parts, "The actions are the same.")
	}
	for _, p := range []string{actionsSentence("The original has", "the fork does not", onlyParent), actionsSentence("The fork has", "the original does not", onlyFork)} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	v.Summary = strings.Join(parts, " ")
	return v
}

// actionsDiff returns the actions of a that b lacks and those of b that a
// lacks, each described as its own timeline's action list does. Equal
// actions pair off one to one, so a repeated action counts each time.
func actionsDiff(a, b sandbox.Scenario) (onlyA, onlyB []string) {
	return actionsLacking(a, b), actionsLacking(b, a)
}

// actionsLacking describes the actions of a that b lacks, pairing equal
// actions off one to one.
func actionsLacking(a, b sandbox.Scenario) []string {
	key := func(x sandbox.Action) string { return fmt.Sprintf("%#v", x) }
	left := map[string]int{}
	for _, x := range b.Actions {
		left[key(x)]++
	}
	var out []string
	for _, x := range a.Actions {
		if k := key(x); left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, describeAction(a.Lock.Model, x))
	}
	return out
}

// maxDiffLines is how many differing actions a compare sentence lists
// before it says how many more there are.
const maxDiffLines = 5

// actionsSentence is "The original has 1 action the fork does not: 22 s:
// B writes "late-B"." ("" for no actions).
func actionsSentence(subject, object string, lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	noun := "actions"
	if len(lines) == 1 {
		noun = "action"
	}
	shown := lines[:min(len(lines), maxDiffLines)]
	s := subject + " " + strconv.Itoa(len(lines)) + " " + noun + " " + object + ": " + strings.Join(shown, "; ")
	if more := len(lines) - len(shown); more > 0 {
		s += "; and " + strconv.Itoa(more) + " more"
	}
	return s + "."
}

// sideHeading is a side's heading: its role, then its title, unless the
// title already starts with the role (a fork's own title is "Fork: …";
// QA-4: the heading read "Fork: Fork: …").
func sideHeading(role, title string) string {
	if strings.HasPrefix(title, role) {
		return title
	}
	return role + title
}

func compareSide(t store.Timeline, sc sandbox.Scenario, tl sandbox.Timeline, frame timelineview.Frame, heading string) (views.CompareSide, []views.ConfigLine) {
	base := urls.Timeline(t.ID)
	cfg := configLines(sc)
	side := views.CompareSide{Heading: heading, Href: base, Config: cfg, Diagram: timelineview.BuildIn(tl, tl.Events.Len(), frame, base),
		WritesAccepted: tl.Summary.WritesAccepted, WritesRejected: tl.Summary.WritesRejected, FinalValue: strconv.Quote(tl.Summary.FinalValue)}
	for _, vl := range tl.Summary.Violations {
		side.Violations = append(side.Violations, violationLink(vl, base))
	}
	return side, cfg
}
