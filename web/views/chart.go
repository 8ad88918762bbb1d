package views

import (
	"strconv"
	"time"
)

// ChartDay is one day of practice activity.
type ChartDay struct {
	Date      time.Time
	Attempts  int
	Passed    int
	MeanScore float64
}

// ChartBar is one day's bar: the passed attempts stacked under the others.
type ChartBar struct {
	// X and W place the bar; PassY/PassH and FailY/FailH the two stacks
	// (a zero height stack is not drawn).
	X, W         float64
	PassY, PassH float64
	FailY, FailH float64
	// Title is the bar's text for a tooltip and screen readers.
	Title string
}

// ChartTick is an axis label at a position.
type ChartTick struct {
	Pos   float64
	Label string
}

// ActivityChart is the geometry of the attempts-over-time bar chart, in the
// SVG's user units. It is computed here, not in the template, so it can be
// tested as plain data.
type ActivityChart struct {
	Width, Height float64
	// Left, Right, Top, Bottom bound the plot area.
	Left, Right, Top, Bottom float64
	Bars                     []ChartBar
	YTicks, XTicks           []ChartTick
	// Max is the attempt count at the top of the y axis.
	Max int
	// Total counts the attempts shown.
	Total int
}

// The chart's fixed frame: wide enough for four weeks of bars, scaled down
// by CSS on a phone (the SVG has a viewBox).
const (
	chartWidth  = 640
	chartHeight = 220
	chartLeft   = 34
	chartRight  = chartWidth - 24
	chartTop    = 12
	chartBottom = chartHeight - 30
)

// NewActivityChart lays out one bar per day, oldest on the left. The y axis
// runs from 0 to a round maximum of at least 4, so a day with one attempt
// does not fill the chart.
func NewActivityChart(days []ChartDay) ActivityChart {
	c := ActivityChart{Width: chartWidth, Height: chartHeight, Left: chartLeft, Right: chartRight, Top: chartTop, Bottom: chartBottom}
	most := 0
	for _, d := range days {
		most = max(most, d.Attempts)
		c.Total += d.Attempts
	}
	c.Max = roundUp(most)
	if len(days) == 0 {
		return c
	}
	slot := (c.Right - c.Left) / float64(len(days))
	w := slot * 0.7
	scale := (c.Bottom - c.Top) / float64(c.Max)
	for i, d := range days {
		x := c.Left + float64(i)*slot + (slot-w)/2
		passed := min(max(d.Passed, 0), d.Attempts)
		ph := float64(passed) * scale
		fh := float64(d.Attempts-passed) * scale
		c.Bars = append(c.Bars, ChartBar{
			X: round1(x), W: round1(w),
			PassY: round1(c.Bottom - ph), PassH: round1(ph),
			FailY: round1(c.Bottom - ph - fh), FailH: round1(fh),
			Title: d.Date.Format("Mon 2 Jan") + ": " + plural(d.Attempts, "attempt", "attempts") + ", " + strconv.Itoa(passed) + " passed",
		})
		if i%7 == 0 || i == len(days)-1 {
			c.XTicks = append(c.XTicks, ChartTick{Pos: round1(x + w/2), Label: d.Date.Format("2 Jan")})
		}
	}
	for _, v := range []int{0, c.Max / 2, c.Max} {
		c.YTicks = append(c.YTicks, ChartTick{Pos: round1(c.Bottom - float64(v)*scale), Label: strconv.Itoa(v)})
	}
	return c
}

// roundUp returns the smallest of 4, 6, 8, 10, 20, 30, ... that is at least
// n, so the halfway tick is a whole number.
func roundUp(n int) int {
	for _, v := range []int{4, 6, 8, 10} {
		if n <= v {
			return v
		}
	}
	return (n + 9) / 10 * 10
}

func round1(f float64) float64 {
	return float64(int(f*10+0.5)) / 10
}

// num formats a coordinate for an SVG attribute.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
