package views_test

import (
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
