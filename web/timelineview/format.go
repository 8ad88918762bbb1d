package timelineview

import (
	"strconv"
	"strings"

	"lockdrill/sandbox"
)

// seconds formats a duration in ms as seconds: "0 s", "1.5 s", "12 s".
func seconds(msv int64) string {
	if msv%1000 == 0 {
		return strconv.FormatInt(msv/1000, 10) + " s"
	}
	s := strconv.FormatFloat(float64(msv)/1000, 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + " s"
}

// ms formats a virtual time: "12 000 ms" reads better than "12000".
func ms(t int64) string { return Millis(t) }

// Millis formats a virtual time in ms with thin grouping: "12 000 ms",
// as the engine's event text writes one (sandbox.Millis).
func Millis(t int64) string { return sandbox.Millis(t) }

// Group writes n with a narrow no-break space between thousands, sign
// kept: 12000 is "12 000". Every number the web pages print with more than
// three digits goes through it, so times, limits and counts read alike;
// it is sandbox.Group, the grouping of the events' text too.
func Group(n int64) string { return sandbox.Group(n) }
