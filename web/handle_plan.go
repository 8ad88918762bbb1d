package web

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// maxPlanAhead is how far ahead an interview date may be set.
const maxPlanAhead = 2 * 365 * 24 * time.Hour

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
	typed := c.FormValue("interview_date")
	raw := strings.TrimSpace(typed)
	// A refused date is shown again in its field, as typed and marked, on
	// the page the form was on (QA-32 #3: the field came back empty).
	refuse := func(msg string) error {
		r := &views.RefusedInput{ID: "interview_date", Value: typed, Msg: msg}
		if back == urls.Review() {
			return s.renderReview(c, http.StatusUnprocessableEntity, r)
		}
		return s.renderProgress(c, http.StatusUnprocessableEntity, r)
	}
	day, err := store.ParseDay(raw)
	if err != nil {
		return refuse("Interview date: " + err.Error() + ". Nothing was changed.")
	}
	today := time.Date(s.now().UTC().Year(), s.now().UTC().Month(), s.now().UTC().Day(), 0, 0, 0, 0, time.UTC)
	switch {
	case day.Before(today):
		return refuse("Interview date: " + raw + " has already passed. Nothing was changed.")
	case day.Sub(today) > maxPlanAhead:
		return refuse("Interview date: " + raw + " is more than two years away; set a date within two years. Nothing was changed.")
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	if err := s.store.SetInterviewDate(c.Request().Context(), learner, day, s.now()); err != nil {
		return err
	}
	when := day.Format("Monday 2 January")
	if day.Year() != today.Year() {
		when = day.Format("Monday 2 January 2006") // QA-5 F3: next year's date read as this year's
	}
	return s.seeOther(c, back+"#plan", "Your interview is set for "+when+": the plan below counts down to it.")
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

// handleCram handles "GET /review/cram": the next question of a cram
// session, to recall and then check against the model answer. It is open
// only when the interview is within quiz.CramWindowDays.
func (s *Server) handleCram(c echo.Context) error {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	pd, err := loadPlan(ctx, s.store, s.cat.Questions, learner)
	if err != nil {
		return err
	}
	d := cramData{Plan: buildPlan(s.cat, pd, urls.Review(), s.now()), Day: pd.Day, Questions: pd.Questions}
	if d.Plan.Set && d.Plan.CramOpen {
		if d.Today, err = cramToday(ctx, s.store, learner, s.now()); err != nil {
			return err
		}
	}
	p := s.page(c, "Cram", "practice")
	p.Description = "A last-days recall drill that ignores the review intervals and leaves your schedule as it is."
	return render(c, http.StatusOK, views.Cram(p, buildCram(s.cat, d)))
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
	pd, err := loadPlan(ctx, s.store, s.cat.Questions, learner)
	if err != nil {
		return err
	}
	if plan := buildPlan(s.cat, pd, urls.Review(), s.now()); !plan.Set || !plan.CramOpen {
		return s.seeOtherWith(c, urls.Cram(), "warn", "A cram session opens in the last week before your interview date. Nothing was recorded.")
	}
	// The session drills answered questions only (quiz.CramOrder): a
	// rating of any other is not a recall of this session.
	inSession := false
	for _, pq := range pd.Questions {
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
