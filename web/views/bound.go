package views

import "github.com/a-h/templ"

// atBound marks a replay link that would go nowhere (previous at the
// first step, next at the last) as disabled and out of the tab order; the
// replay script lifts the marks when the step moves (QA-7 P7).
func atBound(at bool) templ.Attributes {
	if !at {
		return templ.Attributes{}
	}
	return templ.Attributes{"aria-disabled": "true", "tabindex": "-1"}
}
