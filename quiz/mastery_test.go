package quiz_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lockdrill/quiz"
)

var masteryNow = time.Date(2026, 11, 30, 18, 30, 0, 0, time.UTC)

func daysAgo(n int, hour int) time.Time {
	d := masteryNow.AddDate(0, 0, -n)
	return time.Date(d.Year(), d.Month(), d.Day(), hour, 0, 0, 0, time.UTC)
}

func TestStreak(t *testing.T) {
	tests := []struct {
		name             string
		attempts         []time.Time
		current, longest int
	}{
		{"nothing answered", nil, 0, 0},
		{"today only", []time.Time{daysAgo(0, 8)}, 1, 1},
		{"three days to today, several a day", []time.Time{daysAgo(2, 23), daysAgo(1, 0), daysAgo(1, 12), daysAgo(0, 1)}, 3, 3},
		{"run ending yesterday is still alive", []time.Time{daysAgo(2, 9), daysAgo(1, 9)}, 2, 2},
		{"a missed day breaks it", []time.Time{daysAgo(3, 9), daysAgo(2, 9), daysAgo(0, 9)}, 1, 2},
		{"run ended two days ago", []time.Time{daysAgo(5, 9), daysAgo(4, 9), daysAgo(3, 9), daysAgo(2, 9)}, 0, 4},
		{"unordered input", []time.Time{daysAgo(0, 9), daysAgo(2, 9), daysAgo(1, 9)}, 3, 3},
		{"future attempts ignored", []time.Time{daysAgo(-1, 9), daysAgo(0, 9)}, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cur, long := quiz.Streak(tt.attempts, masteryNow)
			if cur != tt.current || long != tt.longest {
				t.Fatalf("Streak = %d, %d; want %d, %d", cur, long, tt.current, tt.longest)
			}
		})
	}
}

func TestQuestionMastery(t *testing.T) {
	rated := quiz.Schedule(quiz.NewCard(), quiz.Good, daysAgo(1, 9))
	tests := []struct {
		name     string
		in       quiz.MasteryInput
		min, max float64
	}{
		{"never answered", quiz.MasteryInput{Score: 1}, 0, 0},
		{"answered, unrated, counts half", quiz.MasteryInput{Answered: true, Score: 0.8, Card: quiz.NewCard()}, 0.4, 0.4},
		{"rated yesterday, recall near 1", quiz.MasteryInput{Answered: true, Score: 1, Card: rated}, 0.9, 1},
		{"rated long ago, recall decays", quiz.MasteryInput{Answered: true, Score: 1, Card: quiz.Schedule(quiz.NewCard(), quiz.Again, daysAgo(200, 9))}, 0, 0.5},
		{"score bounds it", quiz.MasteryInput{Answered: true, Score: 0.25, Card: rated}, 0.2, 0.25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := quiz.QuestionMastery(tt.in, masteryNow)
			if got < tt.min || got > tt.max {
				t.Fatalf("QuestionMastery = %v, want in [%v, %v]", got, tt.min, tt.max)
			}
		})
	}
}

func TestMasteryAveragesOverTheTopic(t *testing.T) {
	items := []quiz.MasteryInput{
		{Topic: "fencing", Answered: true, Score: 1, Card: quiz.NewCard()}, // 0.5
		{Topic: "fencing"}, // 0
		{Topic: "leases", Answered: true, Score: 0.6, Card: quiz.NewCard()}, // 0.3
	}
	got := quiz.Mastery(items, masteryNow)
	want := []quiz.TopicMastery{
		{Topic: "leases", Mastery: 0.3, Answered: 1, Total: 1},
		{Topic: "fencing", Mastery: 0.25, Answered: 1, Total: 2},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("Mastery in topic order (-want +got):\n%s", diff)
	}
}

func TestDailyActivity(t *testing.T) {
	attempts := []quiz.AttemptRecord{
		{At: daysAgo(10, 9), Score: 1, Passed: true}, // outside the window
		{At: daysAgo(2, 23), Score: 0.5},
		{At: daysAgo(0, 0), Score: 1, Passed: true},
		{At: daysAgo(0, 18), Score: 0.5},
	}
	got := quiz.DailyActivity(attempts, masteryNow, 3)
	want := []quiz.Day{
		{Date: daysAgo(2, 0), Attempts: 1, MeanScore: 0.5},
		{Date: daysAgo(1, 0)},
		{Date: daysAgo(0, 0), Attempts: 2, Passed: 1, MeanScore: 0.75},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("DailyActivity (-want +got):\n%s", diff)
	}
}

func TestDueIn(t *testing.T) {
	good := quiz.Schedule(quiz.NewCard(), quiz.Good, masteryNow)
	tests := []struct {
		name string
		card quiz.Card
		now  time.Time
		want int
	}{
		{"new card is due now", quiz.NewCard(), masteryNow, 0},
		{"scheduled card on review day", good, masteryNow, int(good.ScheduledDays)},
		{"on its due day", good, good.Due.Add(23 * time.Hour), 0},
		{"overdue by two days", good, good.Due.AddDate(0, 0, 2), -2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := quiz.DueIn(tt.card, tt.now); got != tt.want {
				t.Fatalf("DueIn = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestOverallMastery(t *testing.T) {
	unrated := quiz.MasteryInput{Topic: "leases", Answered: true, Score: 1, Card: quiz.NewCard()}
	never := quiz.MasteryInput{Topic: "fencing", Card: quiz.NewCard()}
	tests := []struct {
		name  string
		items []quiz.MasteryInput
		want  float64
	}{
		{"no questions", nil, 0},
		{"nothing answered", []quiz.MasteryInput{never, never}, 0},
		{"mean over every question, answered or not", []quiz.MasteryInput{unrated, never}, quiz.QuestionMastery(unrated, masteryNow) / 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := quiz.OverallMastery(tt.items, masteryNow); got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDimensionLabelsAreHuman(t *testing.T) {
	for _, d := range quiz.Dimensions() {
		if got := quiz.DimensionLabel(d); got == d || got == "" {
			t.Fatalf("got label %q for dimension %q, want a human title", got, d)
		}
	}
}
