package web

import (
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// chartDays is how many days the activity chart covers: four whole weeks.
const chartDays = 28

// dueListLength caps the "coming up for review" list.
const dueListLength = 8

// progressData is what /progress shows of a learner: every attempt,
// oldest first, their review cards, the guide sections read and the plan
// panel.
type progressData struct {
	Log   []store.AttemptSummary
	Cards []store.CardEntry
	Read  map[string]time.Time
	Plan  views.PlanView
}

// buildProgress is /progress: mastery per topic, answers over time, the
// streak, the reviews coming up and the guide read so far. The figures
// come from quiz's pure functions; this only gathers and formats.
func buildProgress(cat *content.Catalog, d progressData, now time.Time) views.ProgressView {
	bank := cat.Questions
	log := d.Log

	latest := map[string]store.AttemptSummary{}
	times := make([]time.Time, 0, len(log))
	recs := make([]quiz.AttemptRecord, 0, len(log))
	for _, a := range log {
		latest[a.Question] = a // oldest first: the newest wins
		times = append(times, a.Created)
		recs = append(recs, quiz.AttemptRecord{At: a.Created, Score: a.Score, Passed: a.Passed})
	}
	var items []quiz.MasteryInput
	for _, pq := range planQuestions(bank, latest, d.Cards) {
		items = append(items, pq.MasteryInput)
	}
	self := 0
	for id, a := range latest {
		if _, ok := bank.ByID(id); ok && a.SelfAssessed {
			self++
		}
	}
	v := views.ProgressView{
		ChartDays: chartDays, AttemptsTotal: len(log), GuideTotal: len(cat.Guide),
		SelfAssessed: self, UnratedPct: views.Pct(quiz.UnratedRecall), RetentionPct: views.Pct(quiz.DesiredRetention),
		Overall: views.Pct(quiz.OverallMastery(items, now)),
	}
	for _, m := range quiz.Mastery(items, now) {
		title, _ := topicTitle(m.Topic)
		v.Mastery = append(v.Mastery, views.MasteryRow{Topic: m.Topic, Title: title, Pct: views.Pct(m.Mastery), Answered: m.Answered, Total: m.Total})
	}
	v.Streak, v.Longest = quiz.Streak(times, now)
	for _, d := range quiz.DailyActivity(recs, now, chartDays) {
		v.Days = append(v.Days, views.ChartDay{Date: d.Date, Attempts: d.Attempts, Passed: d.Passed, MeanScore: d.MeanScore})
	}
	v.Chart = views.NewActivityChart(v.Days)

	due, upcoming := splitDue(bank, d.Cards, now)
	v.DueCount = len(due)
	for _, e := range append(due, upcoming...) {
		if len(v.DueNext) == dueListLength {
			break
		}
		q, _ := bank.ByID(e.Question)
		v.DueNext = append(v.DueNext, views.DueRow{Title: q.Title, Href: urls.Question(q.ID), When: capitalise(dueWhen(e.Card, now)), Due: quiz.IsDue(e.Card, now)})
	}
	var next *content.Section
	if v.ReadCount, next = cat.ReadingProgress(d.Read); next != nil {
		v.ContinueHref, v.ContinueTitle = urls.LearnSection(next.Slug), next.Title
	}
	v.Plan = d.Plan
	return v
}
