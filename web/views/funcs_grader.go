package views

import (
	"strconv"
	"strings"
)

// joinWords lists words as a sentence does: "a", "a and b", "a, b and c".
func joinWords(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// back is where a dispute posted from the feedback page returns: the
// review variant of the page when the learner came from review.
func (v FeedbackView) back() string {
	if v.FromReview {
		return "review"
	}
	return ""
}

// CountWord writes a small count n in words ("no", "one" ... "nine"), as
// running text does, and a larger one in digits.
func CountWord(n int) string {
	if words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}; n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}

// AllCorePoints names every one of a question's n core points, as made:
// "the one core point", "both core points", "all three core points"
// ("all 2 core points" read as a form letter).
func AllCorePoints(n int) string {
	switch n {
	case 1:
		return "the one core point"
	case 2:
		return "both core points"
	}
	return "all " + CountWord(n) + " core points"
}

// BreadthPoints counts breadth points in words: "one breadth point",
// "two breadth points".
func BreadthPoints(n int) string {
	count := CountWord(n)
	if n == 1 {
		return count + " breadth point"
	}
	return count + " breadth points"
}

// listSep ends item i of n in a sentence's list: a semicolon between
// items, a full stop after the last.
func listSep(i, n int) string {
	if i == n-1 {
		return "."
	}
	return ";"
}

// fatalClause says, after the count of flags on passing answers, how many
// of them were fatal, where that was counted (since g19).
func fatalClause(f BlindFigures) string {
	if !f.FatalMeasured {
		return ""
	}
	if f.PassFatal == 0 {
		return ", none of them fatal"
	}
	if f.PassFatal == 1 {
		return ", one of them fatal"
	}
	return ", " + itoa(f.PassFatal) + " of them fatal"
}
