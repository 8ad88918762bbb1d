package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/views"

	"lockdrill/web/urls"
)

// maxPlanAhead is how far ahead an interview date may be set.
const maxPlanAhead = 2 * 365 * 24 * time.Hour

// maxDailyTarget caps the plan's questions a day: about two hours of
// practice, past which answers get worse rather than more. When that is not
// enough, the plan says so instead of asking for more.
const maxDailyTarget = 20

// planDueList caps the "due before your interview" list.
const planDueList = 6

// planQuestions gathers, for every question of the bank, what the plan
// needs: topic, whether and how well it was answered, and its card.
func (s *Server) planQuestions(ctx context.Context, learner string) ([]quiz.PlanQuestion, error) {
	latest, err := s.store.LatestAttempts(ctx, learner)
	if err != nil {
		return nil, err
	}
	entries, err := s.store.Cards(ctx, learner)
	if err != nil {
		return nil, err
	}
	cards := store.CardMap(entries)
	var out []quiz.PlanQuestion
	for _, q := range s.cat.Questions.All() {
		a, answered := latest[q.ID]
		card, ok := cards[q.ID]
		if !ok {
			card = quiz.NewCard()
		}
		out = append(out, quiz.PlanQuestion{ID: q.ID, MasteryInput: quiz.MasteryInput{Topic: q.Topic, Answered: answered, Score: a.Score, Card: card}})
	}
	return out, nil
}

// planView builds the study plan panel of /review and /progress for
// learner, back being the page it is shown on.
func (s *Server) planView(ctx context.Context, learner, back string) (views.PlanView, error) {
	now := s.now()
	v := views.PlanView{Back: back, MinDate: now.UTC().Format(store.DayLayout), HasLearner: learner != ""}
	day, ok, err := s.store.InterviewDate(ctx, learner)
	if err != nil || !ok {
		return v, err
	}
	qs, err := s.planQuestions(ctx, learner)
	if err != nil {
		return v, err
	}
	p := quiz.NewPlan(qs, day, now)
	v.Set, v.Date, v.DateText = true, day.Format(store.DayLayout), day.Format("Monday 2 January 2006")
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
		q, _ := s.cat.Questions.ByID(id)
		v.DueBefore = append(v.DueBefore, views.DueRow{Title: q.Title, Href: urls.Question(q.ID)})
	}
	for _, m := range p.Weakest {
		title, _ := topicTitle(m.Topic)
		v.Weakest = append(v.Weakest, views.MasteryRow{Topic: m.Topic, Title: title, Pct: views.Pct(m.Mastery), Answered: m.Answered, Total: m.Total})
	}
	return v, nil
}

// planBack is where a plan form returns: the page it was on, if it is one
// of the two that show the plan.
func planBack(c echo.Context) string {
	if c.FormValue("back") == urls.Review() {
		return urls.Review()
	}
	return urls.Progress()
}

// handlePlanSet handles "POST /plan": the learner's interview date.
func (s *Server) handlePlanSet(c echo.Context) error {
	back := planBack(c)
	raw := strings.TrimSpace(c.FormValue("interview_date"))
	day, err := store.ParseDay(raw)
	if err != nil {
		return s.seeOtherWith(c, back+"#plan", "bad", "Interview date: "+err.Error()+". Nothing was changed.")
	}
	today := time.Date(s.now().UTC().Year(), s.now().UTC().Month(), s.now().UTC().Day(), 0, 0, 0, 0, time.UTC)
	switch {
	case day.Before(today):
		return s.seeOtherWith(c, back+"#plan", "bad", "Interview date: "+raw+" has already passed. Nothing was changed.")
	case day.Sub(today) > maxPlanAhead:
		return s.seeOtherWith(c, back+"#plan", "bad", "Interview date: "+raw+" is more than two years away; set a date within two years. Nothing was changed.")
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	if err := s.store.SetInterviewDate(c.Request().Context(), learner, day, s.now()); err != nil {
		return err
	}
	return s.seeOther(c, back+"#plan", "Your interview is set for "+day.Format("Monday 2 January")+": the plan below counts down to it.")
}

// handlePlanClear handles "POST /plan/clear": forget the interview date.
func (s *Server) handlePlanClear(c echo.Context) error {
	back := planBack(c)
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	if err := s.store.ClearInterviewDate(c.Request().Context(), learner); err != nil {
		return err
	}
	return s.seeOther(c, back+"#plan", "The interview date is cleared; reviews follow their normal intervals.")
}

// cramToday returns the learner's cram recalls of the current UTC day.
func (s *Server) cramToday(ctx context.Context, learner string) ([]quiz.CramMark, error) {
	now := s.now().UTC()
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	revs, err := s.store.CramReviews(ctx, learner, start)
	if err != nil {
		return nil, err
	}
	out := make([]quiz.CramMark, len(revs))
	for i, r := range revs {
		out[i] = quiz.CramMark{Question: r.Question, Rating: r.Rating}
	}
	return out, nil
}

// handleCram handles "GET /review/cram": the next question of a cram
// session, to recall and then check against the model answer. It is open
// only when the interview is within quiz.CramWindowDays.
func (s *Server) handleCram(c echo.Context) error {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	plan, err := s.planView(ctx, learner, urls.Review())
	if err != nil {
		return err
	}
	v := views.CramView{Plan: plan}
	if plan.Set && plan.CramOpen {
		qs, err := s.planQuestions(ctx, learner)
		if err != nil {
			return err
		}
		today, err := s.cramToday(ctx, learner)
		if err != nil {
			return err
		}
		day, _, err := s.store.InterviewDate(ctx, learner)
		if err != nil {
			return err
		}
		order := quiz.CramOrder(qs, day, today)
		v.Remaining, v.DoneToday = len(order), len(today)
		for _, q := range qs {
			if q.Answered {
				v.Answered++
			}
		}
		if len(order) > 0 {
			q, _ := s.cat.Questions.ByID(order[0])
			v.QuestionID, v.Title = q.ID, q.Title
			v.PromptHTML, v.ModelHTML, v.ExplanationHTML = q.Prompt.HTML, q.ModelAnswer.HTML, q.Explanation.HTML
		}
	}
	p := s.page(c, "Cram", "practice")
	p.Description = "A last-days recall drill that ignores the review intervals and leaves your schedule as it is."
	return render(c, http.StatusOK, views.Cram(p, v))
}

// handleCramRate handles "POST /review/cram": how well a cram question was
// recalled. It is stored apart from attempts and cards (store.RecordCram),
// so cramming never changes the FSRS schedule.
func (s *Server) handleCramRate(c echo.Context) error {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	q, ok := s.cat.Questions.ByID(c.FormValue("question"))
	if !ok || learner == "" {
		return s.seeOtherWith(c, urls.Cram(), "bad", "Question: that question is not in your cram session. Nothing was recorded.")
	}
	r, err := quiz.ParseRating(c.FormValue("rating"))
	if err != nil {
		return s.seeOtherWith(c, urls.Cram(), "bad", "Rating: choose Again, Hard, Good or Easy. Nothing was recorded.")
	}
	plan, err := s.planView(ctx, learner, urls.Review())
	if err != nil {
		return err
	}
	if !plan.Set || !plan.CramOpen {
		return s.seeOtherWith(c, urls.Cram(), "warn", "A cram session opens in the last week before your interview date. Nothing was recorded.")
	}
	// The session drills answered questions only (quiz.CramOrder): a
	// rating of any other is not a recall of this session.
	qs, err := s.planQuestions(ctx, learner)
	if err != nil {
		return err
	}
	inSession := false
	for _, pq := range qs {
		inSession = inSession || (pq.ID == q.ID && pq.Answered)
	}
	if !inSession {
		return s.seeOtherWith(c, urls.Cram(), "bad", "Question: that question is not in your cram session, which drills only questions you have answered. Nothing was recorded.")
	}
	if err := s.store.RecordCram(ctx, learner, q.ID, r, s.now()); err != nil {
		return err
	}
	return s.seeOther(c, urls.Cram(), "Recorded "+r.String()+" for "+strconv.Quote(q.Title)+".")
}
