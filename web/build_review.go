package web

import (
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// reviewData is what /review shows of a learner: their cards split by
// splitDue, the plan panel, and either the exercise of the most overdue
// card or, when nothing is due, their latest attempts.
type reviewData struct {
	Due, Upcoming []store.CardEntry
	Plan          views.PlanView
	Exercise      *views.ExerciseView
	Latest        map[string]store.AttemptSummary
}

// buildReview is /review: the most overdue question to answer (its
// feedback's rating comes back here), or, when nothing is due, when the
// next review is and a question never answered.
func buildReview(cat *content.Catalog, d reviewData, now time.Time) views.ReviewView {
	if d.Exercise != nil {
		ex := *d.Exercise
		ex.FromReview = true
		return views.ReviewView{Exercise: &ex, DueCount: max(len(d.Due), 1), Plan: d.Plan}
	}
	v := views.ReviewView{HasCards: len(d.Upcoming) > 0, Plan: d.Plan}
	if len(d.Upcoming) > 0 {
		next := d.Upcoming[0]
		q, _ := cat.Questions.ByID(next.Question)
		v.NextTitle, v.NextHref = q.Title, urls.Question(q.ID)
		v.NextDue = dueWhen(next.Card, now)
	}
	for _, q := range cat.Questions.All() {
		if _, done := d.Latest[q.ID]; !done {
			v.NewHref, v.NewTitle = urls.Question(q.ID), q.Title
			break
		}
	}
	return v
}

// splitDue separates the cards due now from the later ones, both in due
// order, dropping cards of questions no longer in the bank.
func splitDue(bank *quiz.Bank, cards []store.CardEntry, now time.Time) (due, upcoming []store.CardEntry) {
	for _, e := range cards {
		if _, ok := bank.ByID(e.Question); !ok {
			continue
		}
		if quiz.IsDue(e.Card, now) {
			due = append(due, e)
		} else {
			upcoming = append(upcoming, e)
		}
	}
	return due, upcoming
}
