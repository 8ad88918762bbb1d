package sandbox

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteTable writes t as the readable table of lockdrill sim: a header, one
// line per event (time, lane, event, detail) and the summary.
func (t Timeline) WriteTable(w io.Writer) error {
	bw := bufio.NewWriter(w)
	lane := len("LANE")
	for _, e := range t.Events.All() {
		lane = max(lane, len(e.LaneIn(t.Model)))
	}
	fmt.Fprintf(bw, "lockdrill sim · engine %s · model %s · clients %s\n\n", t.EngineVersion, t.Model, strings.Join(t.Clients, ", "))
	fmt.Fprintf(bw, "%8s  %-*s  %-16s  %s\n", "T (ms)", lane, "LANE", "EVENT", "DETAIL")
	for _, e := range t.Events.All() {
		kind := e.Kind
		if e.Kind == KindViolation {
			kind = "VIOLATION"
		}
		fmt.Fprintf(bw, "%8d  %-*s  %-16s  %s\n", e.T, lane, e.LaneIn(t.Model), kind, e.Detail)
	}
	s := t.Summary
	fmt.Fprintf(bw, "\nwrites accepted %d, rejected %d · grants %d · final value %q · highest token %d · ended at %s (%s)\n",
		s.WritesAccepted, s.WritesRejected, s.Grants, s.FinalValue, s.HighestToken, Millis(s.EndMS), s.Stopped)
	if len(s.Violations) == 0 {
		fmt.Fprintln(bw, "violations: none")
	} else {
		fmt.Fprintf(bw, "violations: %d\n", len(s.Violations))
		for _, v := range s.Violations {
			fmt.Fprintf(bw, "  %8d  %-15s  %s\n", v.T, v.Kind, v.Detail)
		}
	}
	return bw.Flush()
}
