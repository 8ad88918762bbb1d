package quiz

import (
	"math"
	"sort"
	"time"
)

// CramWindowDays is how close the interview must be for a cram session to
// be offered: within a week, recall tomorrow matters more than recall in a
// month.
const CramWindowDays = 7

// PlanQuestion is what a study plan needs to know about one question.
type PlanQuestion struct {
	// ID is the question id.
	ID string
	MasteryInput
}

// Plan is a study plan counting down to the interview day.
type Plan struct {
	// DaysLeft is the number of days from today (UTC) to the interview
	// day: 0 on the day itself, negative once it is past.
	DaysLeft int
	// DueBefore lists the rated questions whose review comes due before
	// the interview day (those due now included), soonest first.
	DueBefore []string
	// Unseen lists the questions never answered.
	Unseen []string
	// StudyDays is the number of days left to study, counting today: the
	// days before the interview day, at least 1.
	StudyDays int
	// DailyTarget is how many questions a day clear DueBefore and Unseen
	// by the interview: each counted once, although a reviewed question
	// may come due again before the date.
	DailyTarget int
	// Weakest are up to three topics with the lowest mastery projected to
	// the interview day (recall decays until then), weakest first.
	Weakest []TopicMastery
	// CramOpen reports the interview is today or within CramWindowDays.
	CramOpen bool
}

// NewPlan plans qs against the interview day (any time on that UTC day) at
// now.
func NewPlan(qs []PlanQuestion, interview, now time.Time) Plan {
	day, today := startOfDay(interview), startOfDay(now)
	p := Plan{DaysLeft: int(math.Round(day.Sub(today).Hours() / 24))}
	p.StudyDays = max(p.DaysLeft, 1)
	p.CramOpen = p.DaysLeft >= 0 && p.DaysLeft <= CramWindowDays
	type due struct {
		id  string
		day time.Time
	}
	var dues []due
	items := make([]MasteryInput, 0, len(qs))
	for _, q := range qs {
		items = append(items, q.MasteryInput)
		switch {
		case !q.Answered:
			p.Unseen = append(p.Unseen, q.ID)
		case q.Card.State != StateNew && startOfDay(q.Card.Due).Before(day):
			dues = append(dues, due{q.ID, startOfDay(q.Card.Due)})
		}
	}
	sort.SliceStable(dues, func(i, j int) bool {
		if !dues[i].day.Equal(dues[j].day) {
			return dues[i].day.Before(dues[j].day)
		}
		return dues[i].id < dues[j].id
	})
	for _, d := range dues {
		p.DueBefore = append(p.DueBefore, d.id)
	}
	if p.DaysLeft >= 0 {
		work := len(p.DueBefore) + len(p.Unseen)
		p.DailyTarget = (work + p.StudyDays - 1) / p.StudyDays
	}
	// Mastery is projected to the morning of the interview, when recall
	// is what counts; a past date projects to now.
	at := day
	if p.DaysLeft < 0 {
		at = now
	}
	topics := Mastery(items, at)
	sort.SliceStable(topics, func(i, j int) bool { return topics[i].Mastery < topics[j].Mastery })
	if len(topics) > 3 {
		topics = topics[:3]
	}
	p.Weakest = topics
	return p
}

// CramMark is one cram recall already given, as CramOrder reads it.
type CramMark struct {
	Question string
	Rating   Rating
}

// CramOrder returns the questions of a cram session, in the order to
// recall them: only answered questions (a cram recalls, it does not teach),
// weakest at the interview day first; a question recalled Good or Easy in
// today's cram (its latest mark in today) is done for the day, and one
// recalled Again or Hard comes back after those not yet seen today.
// Nothing here changes a Card: cram recalls ignore the intervals, so they
// must not feed the FSRS schedule.
func CramOrder(qs []PlanQuestion, interview time.Time, today []CramMark) []string {
	seen := map[string]int{}
	last := map[string]Rating{}
	for _, m := range today {
		seen[m.Question]++
		last[m.Question] = m.Rating
	}
	at := startOfDay(interview)
	type entry struct {
		id      string
		seen    int
		mastery float64
	}
	var es []entry
	for _, q := range qs {
		if !q.Answered || last[q.ID] >= Good {
			continue
		}
		es = append(es, entry{q.ID, seen[q.ID], QuestionMastery(q.MasteryInput, at)})
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.seen != b.seen {
			return a.seen < b.seen
		}
		if a.mastery != b.mastery {
			return a.mastery < b.mastery
		}
		return a.id < b.id
	})
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.id
	}
	return out
}
