package timelineview

import (
	"strconv"
	"strings"
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

// Millis formats a virtual time in ms with thin grouping: "12 000 ms".
func Millis(t int64) string { return Group(t) + " ms" }

// Group writes n with a narrow no-break space between thousands, sign
// kept: 12000 is "12 000". Every number the web pages print with more than
// four digits goes through it, so times, limits and counts read alike.
func Group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u202f")
		}
		b.WriteRune(r)
	}
	return b.String()
}
