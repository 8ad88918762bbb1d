package views_test

import (
	"strings"
	"testing"
	"time"

	"lockdrill/web/views"
)

func TestActivityChart(t *testing.T) {
	start := time.Date(2026, 11, 3, 0, 0, 0, 0, time.UTC)
	days := make([]views.ChartDay, 28)
	for i := range days {
		days[i].Date = start.AddDate(0, 0, i)
	}
	days[27] = views.ChartDay{Date: days[27].Date, Attempts: 5, Passed: 3}
	days[10] = views.ChartDay{Date: days[10].Date, Attempts: 1, Passed: 0}
	c := views.NewActivityChart(days)

	if len(c.Bars) != 28 || c.Total != 6 {
		t.Fatalf("bars = %d, total = %d; want 28 and 6", len(c.Bars), c.Total)
	}
	if c.Max != 6 {
		t.Fatalf("y max = %d for a busiest day of 5, want 6", c.Max)
	}
	for i, b := range c.Bars {
		if b.X < c.Left || b.X+b.W > c.Right+0.1 {
			t.Fatalf("bar %d spans %v..%v, outside the plot %v..%v", i, b.X, b.X+b.W, c.Left, c.Right)
		}
		if i > 0 && b.X <= c.Bars[i-1].X {
			t.Fatalf("bar %d is not right of bar %d: days must run left to right", i, i-1)
		}
	}
	last := c.Bars[27]
	plot := c.Bottom - c.Top
	if want := plot * 3 / 6; abs(last.PassH-want) > 0.11 {
		t.Fatalf("passed stack height = %v, want %v (3 of 6)", last.PassH, want)
	}
	if abs(last.PassY+last.PassH-c.Bottom) > 0.11 || abs(last.FailY+last.FailH-last.PassY) > 0.11 {
		t.Fatalf("stacks do not sit on the axis and on each other: %+v", last)
	}
	if b := c.Bars[10]; b.PassH != 0 || b.FailH == 0 {
		t.Fatalf("a day with one failed attempt = %+v, want only a not-passed stack", b)
	}
	if c.Bars[0].PassH != 0 || c.Bars[0].FailH != 0 {
		t.Fatalf("an empty day has a bar: %+v", c.Bars[0])
	}
	if len(c.YTicks) != 3 || c.YTicks[2].Label != "6" || c.YTicks[0].Pos != c.Bottom {
		t.Fatalf("y ticks = %+v, want 0, 3, 6 from the axis up", c.YTicks)
	}
	if got := c.Bars[27].Title; got != "Mon 30 Nov: 5 attempts, 3 passed" {
		t.Fatalf("bar title = %q", got)
	}
}

func TestActivityChartEmpty(t *testing.T) {
	c := views.NewActivityChart(nil)
	if len(c.Bars) != 0 || c.Max != 4 || c.Total != 0 {
		t.Fatalf("empty chart = %+v, want no bars and a y max of 4", c)
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func TestRoundTrend(t *testing.T) {
	day := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	rounds := []views.TrendRound{
		{Started: day, Score: 0.4, Verdict: "No hire", Class: "bad"},
		{Started: day.AddDate(0, 0, 1), Score: 0.655, Verdict: "Hire", Class: "ok"},
		{Started: day.AddDate(0, 0, 2), Score: 1, Verdict: "Strong hire", Class: "ok"},
	}
	tr := views.NewRoundTrend(rounds, 0.65)
	activity := views.NewActivityChart(nil)
	if tr.Width != activity.Width || tr.Left != activity.Left || tr.Bottom != activity.Bottom || tr.Top != activity.Top {
		t.Fatalf("trend frame = %+v, want the activity chart's frame", tr)
	}
	if len(tr.Dots) != 3 || tr.Dots[0].X <= tr.Left || tr.Dots[2].X >= tr.Right || tr.Dots[1].X <= tr.Dots[0].X {
		t.Fatalf("dots = %+v, want three, oldest on the left, inside the plot", tr.Dots)
	}
	if tr.Dots[2].Y != tr.Top || tr.YTicks[0].Pos != tr.Bottom || tr.YTicks[4].Label != "100 %" {
		t.Fatalf("a full score sits at y %v (top %v), ticks %+v; want 100%% at the top, 0%% on the axis", tr.Dots[2].Y, tr.Top, tr.YTicks)
	}
	if want := tr.Bottom - (tr.Bottom-tr.Top)*0.65; abs(tr.HireY-want) > 0.051 {
		t.Fatalf("hire line at %v, want %v", tr.HireY, want)
	}
	if tr.Dots[1].Title != "29 Nov 09:00: 66 %, Hire" {
		t.Fatalf("dot title = %q: 0.655 rounds to 66 %%", tr.Dots[1].Title)
	}
	if want := "3 finished rounds, oldest first: 40 % (No hire), 66 % (Hire), 100 % (Strong hire). Up 60 points since the first."; tr.Summary != want {
		t.Fatalf("summary = %q, want %q", tr.Summary, want)
	}
	// QA-52 L5: a score that rests on the learner's corrections says so,
	// as the table beneath the chart does.
	rounds[1].SelfAssessed = true
	if got := views.NewRoundTrend(rounds, 0.65); !strings.Contains(got.Summary, "66 % (Hire, self-assessed)") || got.Dots[1].Title != "29 Nov 09:00: 66 %, Hire, self-assessed" {
		t.Fatalf("self-assessed round: summary %q, title %q; want it marked", got.Summary, got.Dots[1].Title)
	}
	rounds[1].SelfAssessed = false
	if one := views.NewRoundTrend(rounds[:1], 0.65); len(one.Dots) != 1 || one.Dots[0].X != (one.Left+one.Right)/2 || one.Line == "" {
		t.Fatalf("a single round = %+v, want one dot in the middle", one)
	}
	if none := views.NewRoundTrend(nil, 0.65); none != nil {
		t.Fatalf("no rounds = %+v, want no chart", none)
	}
}

// labelWidth over-estimates a tick label's width at the charts' 13 px:
// digits about 7.5 px, a space 3.7 px, the percent sign 11.5 px.
func labelWidth(s string) float64 {
	w := 0.0
	for _, r := range s {
		switch r {
		case ' ':
			w += 3.7
		case '%':
			w += 11.5
		default:
			w += 7.5
		}
	}
	return w
}

func TestChartYLabelsFitInsideTheSVG(t *testing.T) {
	day := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	trend := views.NewRoundTrend([]views.TrendRound{{Started: day, Score: 1, Verdict: "Strong hire", Class: "ok"}}, 0.65)
	busy := views.NewActivityChart([]views.ChartDay{{Date: day, Attempts: 999, Passed: 500}})
	tests := []struct {
		name  string
		left  float64
		ticks []views.ChartTick
	}{
		{"round trend", trend.Left, trend.YTicks},
		{"activity chart", busy.Left, busy.YTicks},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, tk := range tt.ticks {
				// The label ends 6 units left of the axis and must start at x >= 0.
				if start := tt.left - 6 - labelWidth(tk.Label); start < 0 {
					t.Fatalf("label %q starts at x %.1f, want >= 0: the SVG clips it", tk.Label, start)
				}
			}
		})
	}
}
