package sandbox

import (
	"strconv"
	"strings"
)

// Small helpers for the events' detail sentences.

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// ms is a time or a duration in ms as the event text writes it:
// Millis.
func ms(n int64) string { return Millis(n) }

// Group writes n with a narrow no-break space (U+202F) between
// thousands, sign kept: 12000 is "12 000", 9898 "9 898", 600 "600".
// It is the one grouping of every number lockdrill prints, the pages'
// (timelineview.Group) and the event text's.
func Group(n int64) string {
	var b [48]byte
	return string(AppendGroup(b[:0], n))
}

// Millis is a time or a duration in ms, grouped, with its unit:
// "16 000 ms". Every time in the events' text reads so (except inside
// a protocol's own syntax, such as SET NX PX 10000, which is verbatim).
func Millis(n int64) string {
	var b [48]byte
	return string(AppendMillis(b[:0], n))
}

// AppendMillis appends Millis(n) to dst.
func AppendMillis(dst []byte, n int64) []byte { return appendGrouped(dst, n, " ms") }

// AppendGroup appends Group(n) to dst.
func AppendGroup(dst []byte, n int64) []byte { return appendGrouped(dst, n, "") }

// thinSpace is the narrow no-break space between groups of thousands.
const thinSpace = "\u202f"

// appendGrouped appends n, grouped, and then unit. The text is made
// from the end in a buffer of its own and appended in one piece: the
// pages and the events' text make it for every time they show.
func appendGrouped(dst []byte, n int64, unit string) []byte {
	if n > -1000 && n < 1000 {
		return append(strconv.AppendInt(dst, n, 10), unit...)
	}
	// 19 digits, 6 spaces of 3 bytes, a sign and the unit.
	var b [19 + 6*len(thinSpace) + 1 + 3]byte
	i := len(b) - copy(b[len(b)-len(unit):], unit)
	u := uint64(n)
	if n < 0 {
		u = -u
	}
	for u >= 1000 {
		// A group of three digits and the space before it.
		r := u % 1000
		u /= 1000
		i -= 3 + len(thinSpace)
		b[i], b[i+1], b[i+2] = thinSpace[0], thinSpace[1], thinSpace[2]
		b[i+3], b[i+4], b[i+5] = byte('0'+r/100), byte('0'+r/10%10), byte('0'+r%10)
	}
	for {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if n < 0 {
		i--
		b[i] = '-'
	}
	return append(dst, b[i:]...)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func retriesLeft(n int) string {
	if n == 1 {
		return "1 retry"
	}
	return strconv.Itoa(n) + " retries"
}

func nodeList(nodes []int) string {
	if len(nodes) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(" (")
	for i, n := range nodes {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(strconv.Itoa(n))
	}
	b.WriteString(")")
	return b.String()
}
