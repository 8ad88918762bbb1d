package web

import (
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
	return v
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
