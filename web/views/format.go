package views

import (
	"math"
	"strconv"
)

// Pct turns a share from 0 to 1 into a whole percent, rounded to the
// nearest (0.675 is 68). Every page formats scores, mastery and accuracy
// through it, so the same share never shows as two different numbers.
func Pct(x float64) int { return int(math.Round(x * 100)) }

// PctText is Pct with its unit, such as "68 %". A share short of all
// that would round to "100 %" keeps a tenth (PctTenthText: 1287 of 1292
// is "99.6 %"), so a figure below 1 never reads as all of it (QA-40 F3
// #4).
func PctText(x float64) string {
	if x < 1 && Pct(x) >= 100 {
		return PctTenthText(x)
	}
	return strconv.Itoa(Pct(x)) + " %"
}

// RateText is PctText for a rate that may have nothing to count (nil):
// that shows as "n/a", since an empty count is not a perfect score.
func RateText(r *float64) string {
	if r == nil {
		return "n/a"
	}
	return PctText(*r)
}

// PctTenthText is a share as a percent to a tenth, such as "93.6 %", for
// figures where a whole percent would hide the difference that matters: a
// grader at 93.6 % and one at 94.4 % are not the same, and a share short of
// all never shows as "100 %" (0.9996 is "99.9 %").
func PctTenthText(x float64) string {
	t := math.Round(x * 1000)
	if t >= 1000 && x < 1 {
		t = 999
	}
	return strconv.FormatFloat(t/10, 'f', 1, 64) + " %"
}
