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
func AppendMillis(dst []byte, n int64) []byte {
	return append(AppendGroup(dst, n), " ms"...)
}

// thinSpace is the narrow no-break space between groups of thousands.
const thinSpace = "\u202f"

// AppendGroup appends Group(n) to dst.
func AppendGroup(dst []byte, n int64) []byte {
	var d [20]byte
	digits := strconv.AppendInt(d[:0], n, 10)
	if digits[0] == '-' {
		dst = append(dst, '-')
		digits = digits[1:]
	}
	first := len(digits) % 3
	if first == 0 {
		first = 3
	}
	dst = append(dst, digits[:first]...)
	for i := first; i < len(digits); i += 3 {
		dst = append(dst, thinSpace...)
		dst = append(dst, digits[i:i+3]...)
	}
	return dst
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
