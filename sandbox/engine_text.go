package sandbox

import (
	"strconv"
	"strings"
)

// Small helpers for the events' detail sentences.

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func ms(n int64) string { return strconv.FormatInt(n, 10) + " ms" }

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
