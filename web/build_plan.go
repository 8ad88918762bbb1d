package web

import (
	"context"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// maxDailyTarget caps the plan's questions a day: about two hours of
// practice, past which answers get worse rather than more. When that is not
// enough, the plan says so instead of asking for more.
const maxDailyTarget = 20

// planDueList caps the "due before your interview" list.
const planDueList = 6

// planData is what the study plan panel shows of a learner: whether there
// is one, their interview date if set, and every question as the plan
// sees it (read only when the date is set).
type planData struct {
	HasLearner bool
	Set        bool
	Day        time.Time
	Questions  []quiz.PlanQuestion
}

// loadPlan reads learner's planData from st.
func loadPlan(ctx context.Context, st *store.Store, bank *quiz.Bank, learner string) (planData, error) {
	d := planData{HasLearner: learner != ""}
	var err error
	if d.Day, d.Set, err = st.InterviewDate(ctx, learner); err != nil || !d.Set {
		return d, err
	}
	d.Questions, err = loadPlanQuestions(ctx, st, bank, learner)
	return d, err
}

// planView reads the study plan panel of learner and builds it, back
// being the page it is shown on.
func planView(ctx context.Context, st *store.Store, cat *content.Catalog, learner, back string, now time.Time) (views.PlanView, error) {
	d, err := loadPlan(ctx, st, cat.Questions, learner)
	if err != nil {
		return views.PlanView{}, err
	}
	return buildPlan(cat, d, back, now), nil
}

// loadPlanQuestions reads learner's answers and cards and gives, for every
// question of the bank, what the plan needs (see planQuestions).
func loadPlanQuestions(ctx context.Context, st *store.Store, bank *quiz.Bank, learner string) ([]quiz.PlanQuestion, error) {
	latest, err := st.LatestAttempts(ctx, learner)
	if err != nil {
		return nil, err
	}
	entries, err := st.Cards(ctx, learner)
	if err != nil {
		return nil, err
	}
	return planQuestions(bank, latest, entries), nil
}

// planQuestions gives, for every question of the bank, what the plan
// needs: topic, whether and how well it was answered, and its card (a new
// one for a question never rated).
func planQuestions(bank *quiz.Bank, latest map[string]store.AttemptSummary, entries []store.CardEntry) []quiz.PlanQuestion {
	cards := store.CardMap(entries)
	var out []quiz.PlanQuestion
	for _, q := range bank.All() {
		a, answered := latest[q.ID]
		card, ok := cards[q.ID]
		if !ok {
			card = quiz.NewCard()
		}
		out = append(out, quiz.PlanQuestion{ID: q.ID, MasteryInput: quiz.MasteryInput{Topic: q.Topic, Answered: answered, Score: a.Score, Card: card}})
	}
	return out
}

// buildPlan is the study plan panel of /review and /progress, back being
// the page it is shown on. The daily target is capped at maxDailyTarget,
// and what the capped plan cannot cover is counted instead.
func buildPlan(cat *content.Catalog, d planData, back string, now time.Time) views.PlanView {
	v := views.PlanView{Back: back, MinDate: now.UTC().Format(store.DayLayout), HasLearner: d.HasLearner}
	if !d.Set {
		return v
	}
	p := quiz.NewPlan(d.Questions, d.Day, now)
	v.Set, v.Date, v.DateText = true, d.Day.Format(store.DayLayout), d.Day.Format("Monday 2 January 2006")
	v.DaysLeft, v.StudyDays, v.DailyTarget, v.CramOpen = p.DaysLeft, p.StudyDays, p.DailyTarget, p.CramOpen
	v.DueCount, v.UnseenCount, v.CramWindow = len(p.DueBefore), len(p.Unseen), quiz.CramWindowDays
	if v.DailyTarget > maxDailyTarget {
		v.DailyTarget = maxDailyTarget
		v.Uncovered = max(v.DueCount+v.UnseenCount-maxDailyTarget*v.StudyDays, 0)
	}
	for _, id := range p.DueBefore {
		if len(v.DueBefore) == planDueList {
			break
		}
		q, _ := cat.Questions.ByID(id)
		v.DueBefore = append(v.DueBefore, views.DueRow{Title: q.Title, Href: urls.Question(q.ID)})
	}
	for _, m := range p.Weakest {
		title, _ := topicTitle(m.Topic)
		v.Weakest = append(v.Weakest, views.MasteryRow{Topic: m.Topic, Title: title, Pct: views.Pct(m.Mastery), Answered: m.Answered, Total: m.Total})
	}
	return v
}

// cramData is a cram session's state: the plan panel, every question as
// the plan sees it, and the recalls rated today.
type cramData struct {
	Plan      views.PlanView
	Day       time.Time
	Questions []quiz.PlanQuestion
	Today     []quiz.CramMark
}

// buildCram is /review/cram: while the session is open, the next question
// to recall (answered questions only, in quiz.CramOrder) with its model
// answer.
func buildCram(cat *content.Catalog, d cramData) views.CramView {
	v := views.CramView{Plan: d.Plan}
	if !d.Plan.Set || !d.Plan.CramOpen {
		return v
	}
	order := quiz.CramOrder(d.Questions, d.Day, d.Today)
	v.Remaining, v.DoneToday = len(order), len(d.Today)
	for _, q := range d.Questions {
		if q.Answered {
			v.Answered++
		}
	}
	if len(order) > 0 {
		q, _ := cat.Questions.ByID(order[0])
		v.QuestionID, v.Title = q.ID, q.Title
		v.PromptHTML, v.ModelHTML, v.ExplanationHTML = q.Prompt.HTML, q.ModelAnswer.HTML, q.Explanation.HTML
	}
	return v
}

// cramToday reads learner's cram recalls of the current UTC day.
func cramToday(ctx context.Context, st *store.Store, learner string, now time.Time) ([]quiz.CramMark, error) {
	now = now.UTC()
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	revs, err := st.CramReviews(ctx, learner, start)
	if err != nil {
		return nil, err
	}
	out := make([]quiz.CramMark, len(revs))
	for i, r := range revs {
		out[i] = quiz.CramMark{Question: r.Question, Rating: r.Rating}
	}
	return out, nil
}
