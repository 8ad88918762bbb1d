package views

import (
	"math"
	"strconv"
)

// Pct turns a share from 0 to 1 into a whole percent, rounded to the
// nearest (0.675 is 68). Every page formats scores, mastery and accuracy
// through it, so the same share never shows as two different numbers.
func Pct(x float64) int { return int(math.Round(x * 100)) }

// PctText is Pct with its unit, such as "68 %".
func PctText(x float64) string { return strconv.Itoa(Pct(x)) + " %" }

// RateText is PctText for a rate that may have nothing to count (nil):
// that shows as "n/a", since an empty count is not a perfect score.
func RateText(r *float64) string {
	if r == nil {
		return "n/a"
	}
	return PctText(*r)
}
