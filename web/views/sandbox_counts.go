package views

import "strings"

// violationGroup is the violations about one event: one bad write can
// break two rules at once (its writer had lost the lease, and a newer
// holder had already written), so the checker reports it twice.
type violationGroup struct {
	Event int
	T     string
	Kinds []string
	Write bool
}

func violationGroups(vs []ViolationLink) []violationGroup {
	var gs []violationGroup
	at := map[int]int{}
	for _, v := range vs {
		i, ok := at[v.Event]
		if !ok {
			i = len(gs)
			at[v.Event] = i
			gs = append(gs, violationGroup{Event: v.Event, T: v.T, Write: true})
		}
		gs[i].Kinds = append(gs[i].Kinds, v.Kind)
		if v.Kind != "stale-write" && v.Kind != "unsafe-write" {
			gs[i].Write = false
		}
	}
	return gs
}

// sbViolationCount says how many violations there are so that a reader can
// reconcile them with the picture: "1 bad write, 2 violations" rather than
// a bare "2 violations" beside a single ✓ in the wrong place.
func sbViolationCount(vs []ViolationLink) string {
	n := len(vs)
	gs := violationGroups(vs)
	count := itoa(n) + " violation" + sbPlural(n)
	if len(gs) == n {
		return count
	}
	writes := true
	for _, g := range gs {
		writes = writes && g.Write
	}
	if writes {
		return itoa(len(gs)) + " bad write" + sbPlural(len(gs)) + ", " + count
	}
	return count + " in " + itoa(len(gs)) + " event" + sbPlural(len(gs))
}

// sbViolationNote explains a count where one event broke more than one
// rule, event by event; it is empty when each violation is its own event.
func sbViolationNote(vs []ViolationLink) string {
	gs := violationGroups(vs)
	if len(gs) == len(vs) {
		return ""
	}
	parts := make([]string, len(gs))
	for i, g := range gs {
		what := "the event"
		if g.Write {
			what = "the write"
		}
		parts[i] = what + " at " + g.T + ": " + strings.Join(g.Kinds, " and ")
	}
	return "One event can break more than one rule, and each broken rule counts: " + strings.Join(parts, "; ") + "."
}
