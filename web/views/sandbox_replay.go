package views

import (
	"unicode/utf8"

	"lockdrill/web/timelineview"
)

// At replay step N the picture draws only what has happened by then: a
// lease or pause bar that began before the cursor is cut at the cursor's
// time and grows as the cursor moves (sandbox.js does the same in place,
// from data-x, data-w and data-tw). At the last step every bar is whole.

// sbAtEnd reports whether the picture shows the end of the run.
func sbAtEnd(d timelineview.Diagram) bool {
	return d.Step >= len(d.StepX)-1
}

// sbBarW is the drawn width of bar b: its part up to the cursor.
func sbBarW(d timelineview.Diagram, b timelineview.Bar) int {
	if sbAtEnd(d) || b.Step > d.Step {
		return b.W
	}
	return min(max(d.CursorX-b.X, 0), b.W)
}

// sbBarClass fades a bar of the future and hides one not begun yet.
func sbBarClass(d timelineview.Diagram, b timelineview.Bar) string {
	if b.Step > d.Step || sbBarW(d, b) == 0 {
		return " tl-future"
	}
	return ""
}

// sbTextW is how much of the bar its label needs, in SVG units.
func sbTextW(b timelineview.Bar) int {
	return b.TextX - b.X + utf8.RuneCountInString(b.Text)*66/10 + 4
}

// sbBarTextClass hides a bar's label while the cut bar is too short for it.
func sbBarTextClass(d timelineview.Diagram, b timelineview.Bar) string {
	if sbBarW(d, b) < b.W && sbBarW(d, b) < sbTextW(b) {
		return "tl-cut"
	}
	return ""
}
