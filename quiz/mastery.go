package quiz

import (
	"math"
	"time"
)

// UnratedRecall is the recall credited to a question that has been answered
// but never rated: without a rating there is no memory model, so the score
// counts half until the learner rates it.
const UnratedRecall = 0.5

// MasteryInput is what mastery needs to know about one question.
type MasteryInput struct {
	// Topic is the question's topic id.
	Topic string
	// Answered reports that the learner has at least one attempt.
	Answered bool
	// Score is the score of the latest attempt, from 0 to 1.
	Score float64
	// Card is the question's review card; a StateNew card means never
	// rated.
	Card Card
}

// QuestionMastery estimates how well the learner holds one question at now:
// the latest score times the probability of recalling it today. Recall is
// FSRS retrievability for a rated card, UnratedRecall for an answered
// question never rated, and a question never answered has no mastery.
func QuestionMastery(in MasteryInput, now time.Time) float64 {
	if !in.Answered {
		return 0
	}
	recall := UnratedRecall
	if in.Card.State != StateNew {
		recall = Retrievability(in.Card, now)
	}
	return clamp01(clamp01(in.Score) * recall)
}

// OverallMastery is the mastery of the whole bank: the mean of
// QuestionMastery over items, from 0 to 1, and 0 when there are none.
func OverallMastery(items []MasteryInput, now time.Time) float64 {
	if len(items) == 0 {
		return 0
	}
	sum := 0.0
	for _, in := range items {
		sum += QuestionMastery(in, now)
	}
	return sum / float64(len(items))
}

// TopicMastery is the mastery of one topic.
type TopicMastery struct {
	// Topic is the topic id.
	Topic string
	// Mastery is the mean QuestionMastery over all the topic's questions,
	// unanswered ones counting 0, from 0 to 1.
	Mastery float64
	// Answered and Total count the topic's questions answered and in all.
	Answered, Total int
}

// Mastery returns the mastery of each topic in Topics order, for the topics
// that have questions in items.
func Mastery(items []MasteryInput, now time.Time) []TopicMastery {
	sums := map[string]*TopicMastery{}
	for _, in := range items {
		t := sums[in.Topic]
		if t == nil {
			t = &TopicMastery{Topic: in.Topic}
			sums[in.Topic] = t
		}
		t.Total++
		if in.Answered {
			t.Answered++
		}
		t.Mastery += QuestionMastery(in, now)
	}
	var out []TopicMastery
	for _, topic := range Topics() {
		t := sums[topic.ID]
		if t == nil {
			continue
		}
		t.Mastery = math.Round(t.Mastery/float64(t.Total)*1000) / 1000
		out = append(out, *t)
	}
	return out
}

// Streak counts consecutive UTC days with at least one attempt. current is
// the run that ends today, or yesterday when nothing has been answered yet
// today (the streak is still alive until the day is over); longest is the
// longest run ever. Attempts after now are ignored.
func Streak(attempts []time.Time, now time.Time) (current, longest int) {
	today := startOfDay(now)
	days := map[time.Time]bool{}
	for _, at := range attempts {
		d := startOfDay(at)
		if d.After(today) {
			continue
		}
		days[d] = true
	}
	for d := range days {
		if days[d.AddDate(0, 0, -1)] {
			continue // not the first day of a run
		}
		n := 0
		for days[d.AddDate(0, 0, n)] {
			n++
		}
		if n > longest {
			longest = n
		}
	}
	end := today
	if !days[end] {
		end = today.AddDate(0, 0, -1)
	}
	for days[end.AddDate(0, 0, -current)] {
		current++
	}
	return current, longest
}

// AttemptRecord is one attempt as activity statistics see it.
type AttemptRecord struct {
	At     time.Time
	Score  float64
	Passed bool
}

// Day is the activity of one UTC day.
type Day struct {
	// Date is the start of the day (00:00 UTC).
	Date time.Time
	// Attempts counts the answers given that day and Passed those that
	// passed.
	Attempts, Passed int
	// MeanScore is the mean score of the day's attempts, 0 when none.
	MeanScore float64
}

// DailyActivity buckets attempts into the n UTC days that end with the day
// of now, oldest first. Attempts outside those days are ignored.
func DailyActivity(attempts []AttemptRecord, now time.Time, n int) []Day {
	if n <= 0 {
		return nil
	}
	first := startOfDay(now).AddDate(0, 0, -(n - 1))
	out := make([]Day, n)
	for i := range out {
		out[i].Date = first.AddDate(0, 0, i)
	}
	sums := make([]float64, n)
	for _, a := range attempts {
		d := startOfDay(a.At)
		if d.Before(first) {
			continue
		}
		// Calendar days, not 24-hour spans: both ends are UTC midnights.
		i := int(d.Sub(first).Hours() / 24)
		if i >= n {
			continue
		}
		out[i].Attempts++
		if a.Passed {
			out[i].Passed++
		}
		sums[i] += clamp01(a.Score)
	}
	for i := range out {
		if out[i].Attempts > 0 {
			out[i].MeanScore = math.Round(sums[i]/float64(out[i].Attempts)*1000) / 1000
		}
	}
	return out
}

// DueIn returns how many whole UTC days from the day of now until card is
// due: 0 or less means due today (negative: overdue by that many days). A
// new card is due now, 0.
func DueIn(card Card, now time.Time) int {
	if card.State == StateNew || card.Due.IsZero() {
		return 0
	}
	return int(startOfDay(card.Due).Sub(startOfDay(now)).Hours() / 24)
}
