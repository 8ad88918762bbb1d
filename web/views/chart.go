package views

import (
	"fmt"
	"strconv"
	"strings"
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
	// chartLeft leaves room, left of the axis, for the widest y label
	// ("100 %" at 13 px) inside the SVG, which clips what lies outside.
	chartLeft   = 52
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
		c.YTicks = append(c.YTicks, ChartTick{Pos: plotY(c.Top, c.Bottom, float64(v)/float64(c.Max)), Label: strconv.Itoa(v)})
	}
	return c
}

// plotY returns the y of a point share (0 at the axis, 1 at the top) of the
// way up a plot area from bottom to top.
func plotY(top, bottom, share float64) float64 { return round1(bottom - (bottom-top)*share) }

// TrendDot is one finished round on the trend chart.
type TrendDot struct {
	X, Y  float64
	Title string
	Class string
}

// RoundTrend is the geometry of the score-trend chart of the rounds page,
// in the SVG's user units, in the same frame as ActivityChart.
type RoundTrend struct {
	Width, Height            float64
	Left, Right, Top, Bottom float64
	// Line is the polyline's points attribute.
	Line string
	Dots []TrendDot
	// YTicks label the score axis; HireY is the y of the hire mark.
	YTicks []ChartTick
	HireY  float64
	// Summary says the trend in words, for the text equivalent.
	Summary string
}

// TrendRound is one finished round as the trend plots it.
type TrendRound struct {
	Started time.Time
	// Score is the round score from 0 to 1.
	Score float64
	// Verdict is the verdict as printed and Class its badge class.
	Verdict, Class string
	// SelfAssessed reports that the score rests on the learner's own
	// corrections of the grader.
	SelfAssessed bool
}

// NewRoundTrend lays out the finished rounds' scores, oldest on the left,
// with a line at hireMark (0..1); nil when there is no round. The y axis
// always runs from 0 to 100 %, so trends of different learners compare.
func NewRoundTrend(rounds []TrendRound, hireMark float64) *RoundTrend {
	if len(rounds) == 0 {
		return nil
	}
	t := &RoundTrend{Width: chartWidth, Height: chartHeight, Left: chartLeft, Right: chartRight, Top: chartTop, Bottom: chartBottom}
	for _, v := range []float64{0, 0.25, 0.5, 0.75, 1} {
		t.YTicks = append(t.YTicks, ChartTick{Pos: plotY(t.Top, t.Bottom, v), Label: PctText(v)})
	}
	t.HireY = plotY(t.Top, t.Bottom, hireMark)
	// A margin inside the plot keeps the end dots off the axis.
	const inset = 10
	step := 0.0
	if len(rounds) > 1 {
		step = (t.Right - t.Left - 2*inset) / float64(len(rounds)-1)
	}
	var pts, parts []string
	for i, r := range rounds {
		x := round1(t.Left + inset + step*float64(i))
		if len(rounds) == 1 {
			x = round1((t.Left + t.Right) / 2)
		}
		verdict := r.Verdict
		if r.SelfAssessed {
			verdict += ", self-assessed"
		}
		d := TrendDot{X: x, Y: plotY(t.Top, t.Bottom, r.Score), Class: r.Class,
			Title: fmt.Sprintf("%s: %d %%, %s", r.Started.UTC().Format("2 Jan 15:04"), Pct(r.Score), verdict)}
		t.Dots = append(t.Dots, d)
		pts = append(pts, num(d.X)+","+num(d.Y))
		parts = append(parts, fmt.Sprintf("%d %% (%s)", Pct(r.Score), verdict))
	}
	t.Line = strings.Join(pts, " ")
	t.Summary = fmt.Sprintf("%s, oldest first: %s.", plural(len(rounds), "finished round", "finished rounds"), strings.Join(parts, ", "))
	if len(rounds) > 1 {
		first, last := Pct(rounds[0].Score), Pct(rounds[len(rounds)-1].Score)
		switch {
		case last > first:
			t.Summary += fmt.Sprintf(" Up %d points since the first.", last-first)
		case last < first:
			t.Summary += fmt.Sprintf(" Down %d points since the first.", first-last)
		default:
			t.Summary += " Level with the first."
		}
	}
	return t
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
