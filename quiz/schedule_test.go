package quiz_test

import (
	"encoding/json"
	"testing"
	"time"

	"lockdrill/quiz"
)

func TestScheduleWholeDays(t *testing.T) {
	now := time.Date(2026, 3, 10, 15, 30, 0, 0, time.UTC)
	tests := []struct {
		name    string
		rating  quiz.Rating
		minDays int
	}{
		{"again", quiz.Again, 1},
		{"hard", quiz.Hard, 1},
		{"good", quiz.Good, 1},
		{"easy", quiz.Easy, 2},
	}
	prev := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := quiz.Schedule(quiz.NewCard(), tt.rating, now)
			if c.Due.Hour() != 0 || c.Due.Minute() != 0 || c.Due.Location() != time.UTC {
				t.Fatalf("due %v: want the start of a UTC day", c.Due)
			}
			days := int(c.Due.Sub(time.Date(2026, 3, 10, 0, 0, 0, 0, time.UTC)).Hours() / 24)
			if days < tt.minDays || days < prev {
				t.Fatalf("interval: got %d days, want at least %d and no shorter than the lower rating's %d", days, tt.minDays, prev)
			}
			prev = days
			if quiz.IsDue(c, now) {
				t.Fatalf("a card just reviewed is due again at once")
			}
			if !quiz.IsDue(c, c.Due) {
				t.Fatalf("not due on its due day")
			}
		})
	}
}

func TestScheduleGrowsWithGoodReviews(t *testing.T) {
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	c := quiz.NewCard()
	last := 0.0
	for i := 0; i < 4; i++ {
		c = quiz.Schedule(c, quiz.Good, now)
		if float64(c.ScheduledDays) < last {
			t.Fatalf("review %d: interval shrank from %v to %v", i, last, c.ScheduledDays)
		}
		last = float64(c.ScheduledDays)
		now = c.Due.Add(10 * time.Hour)
	}
	if last < 10 {
		t.Fatalf("after four good reviews the interval is %v days, want at least 10", last)
	}
	lapsed := quiz.Schedule(c, quiz.Again, now)
	if lapsed.Lapses != 1 || lapsed.ScheduledDays >= c.ScheduledDays {
		t.Fatalf("again: got lapses %d interval %d, want a lapse and a shorter interval than %d", lapsed.Lapses, lapsed.ScheduledDays, c.ScheduledDays)
	}
}

func TestRetrievabilityFalls(t *testing.T) {
	now := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	if r := quiz.Retrievability(quiz.NewCard(), now); r != 0 {
		t.Fatalf("new card: got %v, want 0", r)
	}
	c := quiz.Schedule(quiz.NewCard(), quiz.Good, now)
	soon, at, later := quiz.Retrievability(c, now.Add(time.Hour)), quiz.Retrievability(c, c.Due), quiz.Retrievability(c, c.Due.AddDate(0, 0, 30))
	if !(soon > at && at > later) || soon > 1 || later < 0 {
		t.Fatalf("got %v, %v, %v: want falling values within 0..1", soon, at, later)
	}
	if at < 0.8 || at > 0.97 {
		t.Fatalf("retrievability on the due day: got %v, want near the 0.9 target", at)
	}
}

func TestCardJSONRoundTrip(t *testing.T) {
	c := quiz.Schedule(quiz.NewCard(), quiz.Hard, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back quiz.Card
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Due.Equal(c.Due) || back.Stability != c.Stability || back.State != c.State || back.Reps != c.Reps {
		t.Fatalf("got %+v, want %+v", back, c)
	}
}

func TestParseRating(t *testing.T) {
	for _, s := range []string{"3", "good", "Good"} {
		if r, err := quiz.ParseRating(s); err != nil || r != quiz.Good {
			t.Fatalf("ParseRating(%q): got %v %v, want Good", s, r, err)
		}
	}
	if _, err := quiz.ParseRating("5"); err == nil {
		t.Fatalf("ParseRating(5): got nil error")
	}
}
