package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/views"

	"lockdrill/web/urls"
)

// chartDays is how many days the activity chart covers: four whole weeks.
const chartDays = 28

// dueListLength caps the "coming up for review" list.
const dueListLength = 8

// handleProgress handles "GET /progress": mastery per topic, answers over
// time, the streak, the reviews coming up and the guide read so far. The
// figures come from quiz's pure functions; this only gathers and formats.
func (s *Server) handleProgress(c echo.Context) error {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	log, err := s.store.AttemptLog(ctx, learner)
	if err != nil {
		return err
	}
	entries, err := s.store.Cards(ctx, learner)
	if err != nil {
		return err
	}
	read, err := s.store.ReadSections(ctx, learner)
	if err != nil {
		return err
	}
	now := s.now()
	bank := s.cat.Questions

	latest := map[string]float64{}
	times := make([]time.Time, 0, len(log))
	recs := make([]quiz.AttemptRecord, 0, len(log))
	for _, a := range log {
		latest[a.Question] = a.Score // oldest first: the newest wins
		times = append(times, a.Created)
		recs = append(recs, quiz.AttemptRecord{At: a.Created, Score: a.Score, Passed: a.Passed})
	}
	cards := store.CardMap(entries)
	var items []quiz.MasteryInput
	for _, q := range bank.All() {
		score, answered := latest[q.ID]
		card, ok := cards[q.ID]
		if !ok {
			card = quiz.NewCard()
		}
		in := quiz.MasteryInput{Topic: q.Topic, Answered: answered, Score: score, Card: card}
		items = append(items, in)
	}
	v := views.ProgressView{
		ChartDays: chartDays, AttemptsTotal: len(log), GuideTotal: len(s.cat.Guide),
		UnratedPct: views.Pct(quiz.UnratedRecall), RetentionPct: views.Pct(quiz.DesiredRetention),
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

	due, upcoming := s.splitDue(entries)
	v.DueCount = len(due)
	for _, e := range append(due, upcoming...) {
		if len(v.DueNext) == dueListLength {
			break
		}
		q, _ := bank.ByID(e.Question)
		v.DueNext = append(v.DueNext, views.DueRow{Title: q.Title, Href: urls.Question(q.ID), When: capitalise(dueWhen(e.Card, now)), Due: quiz.IsDue(e.Card, now)})
	}
	var next *content.Section
	if v.ReadCount, next = s.cat.ReadingProgress(read); next != nil {
		v.ContinueHref, v.ContinueTitle = urls.LearnSection(next.Slug), next.Title
	}
	if v.Plan, err = s.planView(ctx, learner, urls.Progress()); err != nil {
		return err
	}
	p := s.page(c, "Progress", "progress")
	p.Description = "Your mastery per topic, your streak and what is due for review."
	return render(c, http.StatusOK, views.Progress(p, v))
}
