package quiz

import (
	"time"

	fsrs "github.com/open-spaced-repetition/go-fsrs/v3"
)

// DesiredRetention is the probability of recall the scheduler aims for
// when a card comes due.
const DesiredRetention = 0.9

// CardState is where a card is in the FSRS life cycle.
type CardState int

// The card states; the values match FSRS and are stored.
const (
	// StateNew is a card never reviewed.
	StateNew CardState = 0
	// StateLearning is a card in its first reviews.
	StateLearning CardState = 1
	// StateReview is a card recalled at least once and spaced out.
	StateReview CardState = 2
	// StateRelearning is a card forgotten after being learnt.
	StateRelearning CardState = 3
)

// Card is the spaced-review state of one question for one learner. It is
// plain data with stable JSON names so the store can keep it as a JSON
// column (or in columns of its own) and hand it back unchanged.
type Card struct {
	// Due is the start (00:00 UTC) of the day the card is next due; the
	// zero time for a new card, which is due at once.
	Due time.Time `json:"due"`
	// Stability is the FSRS memory stability in days.
	Stability float64 `json:"stability"`
	// Difficulty is the FSRS difficulty, from 1 to 10.
	Difficulty float64 `json:"difficulty"`
	// ElapsedDays is the number of days between the last two reviews.
	ElapsedDays uint64 `json:"elapsed_days"`
	// ScheduledDays is the interval the last review chose.
	ScheduledDays uint64 `json:"scheduled_days"`
	// Reps counts reviews and Lapses the times it was forgotten.
	Reps   uint64 `json:"reps"`
	Lapses uint64 `json:"lapses"`
	// State is the life-cycle state.
	State CardState `json:"state"`
	// LastReview is the start (00:00 UTC) of the day the card was last
	// reviewed (the zero time if never).
	LastReview time.Time `json:"last_review"`
}

// NewCard returns the card of a question never reviewed.
func NewCard() Card { return Card{State: StateNew} }

// params returns the FSRS parameters the app schedules with: desired
// retention 0.9, whole-day intervals (the long-term scheduler, without the
// minute-scale learning steps) and no fuzz, so a schedule is reproducible.
func params() fsrs.Parameters {
	p := fsrs.DefaultParam()
	p.RequestRetention = DesiredRetention
	p.EnableShortTerm = false
	p.EnableFuzz = false
	return p
}

// Schedule records a review of card rated r at now and returns the updated
// card. Intervals are whole days: the next due date is the start of a
// later UTC day, at least the day after now. An invalid rating is treated
// as Again, the safe choice for a learner who may not know the answer.
func Schedule(card Card, r Rating, now time.Time) Card {
	if !r.Valid() {
		r = Again
	}
	// Review at the start of the day so that elapsed days count calendar
	// days: a card reviewed in the evening and again the next morning was
	// seen one day later, as the learner experiences it.
	now = startOfDay(now)
	f := fsrs.NewFSRS(params())
	next := f.Next(toFSRS(card), now, fsrs.Rating(r)).Card
	out := fromFSRS(next)
	days := int(out.ScheduledDays)
	if days < 1 {
		days = 1
	}
	out.ScheduledDays = uint64(days)
	out.Due = now.AddDate(0, 0, days)
	out.LastReview = now
	return out
}

// Retrievability is the estimated probability, from 0 to 1, that the
// learner recalls the card at now. A new card has 0.
func Retrievability(card Card, now time.Time) float64 {
	if card.State == StateNew || card.Stability <= 0 {
		return 0
	}
	f := fsrs.NewFSRS(params())
	r := f.GetRetrievability(toFSRS(card), now.UTC())
	switch {
	case r < 0:
		return 0
	case r > 1:
		return 1
	}
	return r
}

// IsDue reports whether card should be reviewed at now: a new card is
// always due, any other from the start of its due day (UTC).
func IsDue(card Card, now time.Time) bool {
	if card.State == StateNew || card.Due.IsZero() {
		return true
	}
	return !now.UTC().Before(startOfDay(card.Due))
}

func startOfDay(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

func toFSRS(c Card) fsrs.Card {
	return fsrs.Card{
		Due:           c.Due,
		Stability:     c.Stability,
		Difficulty:    c.Difficulty,
		ElapsedDays:   c.ElapsedDays,
		ScheduledDays: c.ScheduledDays,
		Reps:          c.Reps,
		Lapses:        c.Lapses,
		State:         fsrs.State(c.State),
		LastReview:    c.LastReview,
	}
}

func fromFSRS(c fsrs.Card) Card {
	return Card{
		Due:           c.Due,
		Stability:     c.Stability,
		Difficulty:    c.Difficulty,
		ElapsedDays:   c.ElapsedDays,
		ScheduledDays: c.ScheduledDays,
		Reps:          c.Reps,
		Lapses:        c.Lapses,
		State:         CardState(c.State),
		LastReview:    c.LastReview,
	}
}
