package views

import (
	"fmt"
	"strconv"
)

func statusText(code int) string { return strconv.Itoa(code) }

func itoa(n int) string { return strconv.Itoa(n) }

func minutes(n int) string {
	if n == 1 {
		return "1 min read"
	}
	return fmt.Sprintf("%d min read", n)
}
