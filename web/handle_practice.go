package web

import (
	"errors"
	"fmt"
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

// handlePracticeIndex handles "GET /practice". The optional query
// parameters kind and topic filter the list; unknown values are ignored.
func (s *Server) handlePracticeIndex(c echo.Context) error {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return err
	}
	latest, err := s.store.LatestAttempts(ctx, learner)
	if err != nil {
		return err
	}
	entries, err := s.store.Cards(ctx, learner)
	if err != nil {
		return err
	}
	cards := store.CardMap(entries)
	bank := s.cat.Questions
	kind, topic := quiz.Kind(c.QueryParam("kind")), c.QueryParam("topic")
	if !kind.Valid() {
		kind = ""
	}
	if _, ok := topicTitle(topic); !ok {
		topic = ""
	}
	now := s.now()
	v := views.PracticeIndexView{Total: len(bank.All()), Filtered: kind != "" || topic != "", Answered: len(latest)}
	for _, k := range quiz.Kinds() {
		if len(bank.ByKind(k)) > 0 {
			v.Kinds = append(v.Kinds, views.FilterOption{Value: string(k), Label: kindLabel(k), Selected: k == kind})
		}
	}
	for _, t := range bank.Topics() {
		v.Topics = append(v.Topics, views.FilterOption{Value: t.ID, Label: t.Title, Selected: t.ID == topic})
		if topic != "" && t.ID != topic {
			continue
		}
		g := views.TopicGroup{ID: t.ID, Title: t.Title}
		for _, q := range bank.ByTopic(t.ID) {
			if kind != "" && q.Kind != kind {
				continue
			}
			row := views.QuestionRow{ID: q.ID, Title: q.Title, Kind: string(q.Kind), KindLabel: kindLabel(q.Kind)}
			if a, ok := latest[q.ID]; ok {
				row.LastScore, row.LastPassed = views.PctText(a.Score), a.Passed
			}
			card, rated := cards[q.ID]
			row.Due = dueState(card, rated, now)
			g.Rows = append(g.Rows, row)
		}
		if len(g.Rows) > 0 {
			v.Groups = append(v.Groups, g)
			v.Shown += len(g.Rows)
		}
	}
	for id, card := range cards {
		if _, ok := bank.ByID(id); ok && quiz.IsDue(card, now) {
			v.DueCount++
		}
	}
	p := s.page(c, "Practice", "practice")
	p.Description = "Every distributed-locking interview question as a graded exercise, with spaced review."
	return render(c, http.StatusOK, views.PracticeIndex(p, v))
}

// handleQuestionShow handles "GET /practice/:id".
func (s *Server) handleQuestionShow(c echo.Context) error {
	q, err := s.question(c)
	if err != nil {
		return err
	}
	v, err := s.exerciseView(c, q, quiz.Answer{}, "")
	if err != nil {
		return err
	}
	return s.renderExercise(c, http.StatusOK, q, v)
}

// handleAnswer handles "POST /practice/:id": it grades the answer, stores
// the attempt and redirects to its feedback page. An answer that cannot be
// graded is refused with 422 and the form shown again with what was typed.
func (s *Server) handleAnswer(c echo.Context) error {
	q, err := s.question(c)
	if err != nil {
		return err
	}
	fromReview := c.FormValue("from") == "review"
	a, perr := parseAnswer(c, q)
	if perr == nil {
		perr = a.Validate(q)
	}
	if perr != nil {
		v, err := s.exerciseView(c, q, a, capitalise(perr.Error())+".")
		if err != nil {
			return err
		}
		v.FromReview = fromReview
		if fromReview {
			return s.renderReviewExercise(c, http.StatusUnprocessableEntity, v)
		}
		return s.renderExercise(c, http.StatusUnprocessableEntity, q, v)
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	res := s.cat.Questions.Grade(q, a)
	id, err := s.store.CreateAttempt(c.Request().Context(), learner, q, a, res, s.now())
	if err != nil {
		return err
	}
	return s.seeOther(c, attemptURL(q.ID, id, fromReview), "")
}

// parseAnswer reads the answer fields of q's kind from the form. Free text
// has its line endings normalised, so the spans the grader returns index
// the text as stored and shown.
func parseAnswer(c echo.Context, q *quiz.Question) (quiz.Answer, error) {
	form, err := c.FormParams()
	if err != nil {
		return quiz.Answer{}, fmt.Errorf("the form could not be read")
	}
	var a quiz.Answer
	switch q.Kind {
	case quiz.KindFreeText:
		a.Text = strings.ReplaceAll(form.Get("answer"), "\r\n", "\n")
	case quiz.KindSingle, quiz.KindPredict, quiz.KindMultiple:
		a.Choices = form["choice"]
	case quiz.KindOrdering:
		return parseOrder(form.Get, q)
	case quiz.KindSpotTheBug:
		a.Line, _ = strconv.Atoi(form.Get("line"))
	}
	return a, nil
}

// parseOrder turns one position select per step ("pos-<step id>") into the
// learner's order. With a missing, out-of-range or shared position the
// error says which, and Order keeps "" at the empty positions so the form
// shown again keeps the positions already chosen.
func parseOrder(get func(string) string, q *quiz.Question) (quiz.Answer, error) {
	n := len(q.Steps)
	slots := make([]string, n) // slots[i] is the step placed at position i+1
	var problem error
	for _, st := range q.Steps {
		raw := get("pos-" + st.ID)
		pos, err := strconv.Atoi(raw)
		switch {
		case raw == "":
			problem = fmt.Errorf("give every step a position from 1 to %d", n)
		case err != nil || pos < 1 || pos > n:
			problem = fmt.Errorf("positions run from 1 to %d", n)
		case slots[pos-1] != "":
			problem = fmt.Errorf("two steps share position %d: give every step a different position", pos)
		default:
			slots[pos-1] = st.ID
		}
	}
	return quiz.Answer{Order: slots}, problem
}

// exerciseView builds the exercise of q for the requesting learner, with
// a kept answer and an error message after a refused submission.
func (s *Server) exerciseView(c echo.Context, q *quiz.Question, a quiz.Answer, msg string) (views.ExerciseView, error) {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return views.ExerciseView{}, err
	}
	card, rated, err := s.store.Card(ctx, learner, q.ID)
	if err != nil {
		return views.ExerciseView{}, err
	}
	tt, _ := topicTitle(q.Topic)
	v := views.ExerciseView{
		ID: q.ID, Title: q.Title, Kind: string(q.Kind), KindLabel: kindLabel(q.Kind), TopicTitle: tt,
		PromptHTML: q.Prompt.HTML, Hints: q.Hints, Due: dueState(card, rated, s.now()),
		Error: msg, Text: a.Text, MaxChars: quiz.MaxAnswerChars,
	}
	if sec, ok := s.cat.Section(q.Guide); ok {
		v.GuideHref, v.GuideTitle = urls.LearnSection(sec.Slug), sec.Title
	}
	v.PresetHref = presetURL(q)
	chosen := map[string]bool{}
	for _, id := range a.Choices {
		chosen[id] = true
	}
	switch q.Kind {
	case quiz.KindSingle, quiz.KindPredict, quiz.KindMultiple:
		v.Multiple = q.Kind == quiz.KindMultiple
		for _, o := range q.Options {
			v.Options = append(v.Options, views.ChoiceOption{ID: o.ID, HTML: o.TextHTML, Checked: chosen[o.ID]})
		}
	case quiz.KindOrdering:
		pos := map[string]int{}
		for i, id := range a.Order {
			if id != "" {
				pos[id] = i + 1
			}
		}
		for _, st := range q.Shuffled() {
			v.Steps = append(v.Steps, views.OrderStep{ID: st.ID, HTML: st.TextHTML, Position: pos[st.ID]})
		}
	case quiz.KindSpotTheBug:
		if q.Code != nil {
			v.Lang = q.Code.Lang
			for i, l := range q.Code.Lines {
				v.Lines = append(v.Lines, views.CodeLine{N: i + 1, Text: l, Checked: a.Line == i+1})
			}
		}
	}
	hist, err := s.store.QuestionAttempts(ctx, learner, q.ID)
	if err != nil {
		return views.ExerciseView{}, err
	}
	for _, h := range hist {
		row := views.HistoryRow{Href: attemptURL(q.ID, h.ID, false), When: formatWhen(h.Created, s.now()), Score: views.PctText(h.Score), Passed: h.Passed}
		if h.Rating.Valid() {
			row.Rating = h.Rating.String()
		}
		v.History = append(v.History, row)
	}
	return v, nil
}

func (s *Server) renderExercise(c echo.Context, status int, q *quiz.Question, v views.ExerciseView) error {
	p := s.page(c, q.Title, "practice")
	return render(c, status, views.Exercise(p, v))
}

// handleAttemptShow handles "GET /practice/:id/attempts/:attempt", the
// feedback page of one attempt. Another learner's attempt is a 404.
func (s *Server) handleAttemptShow(c echo.Context) error {
	q, at, err := s.attempt(c)
	if err != nil {
		return err
	}
	fromReview := c.QueryParam("from") == "review"
	v := s.feedbackView(q, at, fromReview)
	if at.Rating.Valid() {
		card, _, err := s.store.Card(c.Request().Context(), at.Learner, q.ID)
		if err != nil {
			return err
		}
		v.NextDue = nextDueText(card, s.now())
		v.NextHref, v.NextLabel = s.nextAfter(q, fromReview)
	}
	p := s.page(c, "Feedback: "+q.Title, "practice")
	return render(c, http.StatusOK, views.Feedback(p, v))
}

// handleAttemptTicks handles "POST /practice/:id/attempts/:attempt/ticks":
// the learner's self-assessment. Every key point ticked in the form field
// point is made, every other one missed; every red flag ticked in flag
// stands, every other one is dismissed.
func (s *Server) handleAttemptTicks(c echo.Context) error {
	q, at, err := s.attempt(c)
	if err != nil {
		return err
	}
	if q.Kind != quiz.KindFreeText {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Only free-text answers can be self-assessed: the other kinds are marked against a fixed key.")
	}
	if at.Rating.Valid() {
		return echo.NewHTTPError(http.StatusConflict, "This attempt is already rated and scheduled, so its ticks are final. Answer the question again to try once more.")
	}
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The self-assessment form could not be read.")
	}
	ticks := map[string]bool{}
	for _, pt := range at.Result.Points {
		ticks[pt.ID] = false
	}
	for _, f := range at.Result.Flags {
		ticks[f.ID] = false
	}
	for _, id := range form["point"] {
		if _, ok := q.PointByID(id); ok {
			ticks[id] = true
		}
	}
	for _, id := range form["flag"] {
		if _, ok := ticks[id]; ok {
			ticks[id] = true
		}
	}
	res := quiz.Rescore(q, at.Result, ticks)
	if err := s.store.UpdateAttemptResult(c.Request().Context(), at.Learner, at.ID, res); err != nil {
		return err
	}
	return s.seeOther(c, attemptURL(q.ID, at.ID, c.FormValue("from") == "review"),
		"Re-scored with your ticks: "+views.PctText(res.Score)+". The suggested rating follows the new score.")
}

// handleAttemptRate handles "POST /practice/:id/attempts/:attempt/rating":
// the form field rating (1-4 or Again, Hard, Good, Easy) schedules the
// question's review card. An attempt is rated once.
func (s *Server) handleAttemptRate(c echo.Context) error {
	q, at, err := s.attempt(c)
	if err != nil {
		return err
	}
	r, err := quiz.ParseRating(c.FormValue("rating"))
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "The field rating must be one of Again, Hard, Good or Easy. Nothing was scheduled.")
	}
	now := s.now()
	card, err := s.store.RateAttempt(c.Request().Context(), at.Learner, at.ID, r, func(c quiz.Card) quiz.Card {
		return quiz.Schedule(c, r, now)
	}, now)
	if errors.Is(err, store.ErrAlreadyRated) {
		return echo.NewHTTPError(http.StatusConflict, "This attempt is already rated; its review is scheduled. Answer the question again to rate a new attempt.")
	}
	if err != nil {
		return err
	}
	msg := "Rated " + r.String() + ". " + nextDueText(card, now)
	if c.FormValue("from") == "review" {
		return s.seeOther(c, urls.Review(), msg)
	}
	return s.seeOther(c, attemptURL(q.ID, at.ID, false), msg)
}

// question returns the question named by the :id path parameter, or a 404.
func (s *Server) question(c echo.Context) (*quiz.Question, error) {
	q, ok := s.cat.Questions.ByID(c.Param("id"))
	if !ok {
		return nil, echo.NewHTTPError(http.StatusNotFound, "There is no question with this id. The practice page lists them all.")
	}
	return q, nil
}

// attempt returns the question and the requesting learner's attempt named
// by the path. A visitor, another learner's attempt or an attempt at a
// different question are all the same 404.
func (s *Server) attempt(c echo.Context) (*quiz.Question, store.Attempt, error) {
	q, err := s.question(c)
	if err != nil {
		return nil, store.Attempt{}, err
	}
	learner, err := s.learnerID(c)
	if err != nil {
		return nil, store.Attempt{}, err
	}
	at, err := s.store.Attempt(c.Request().Context(), learner, c.Param("attempt"))
	if err != nil {
		return nil, store.Attempt{}, err
	}
	if at.Question != q.ID {
		return nil, store.Attempt{}, fmt.Errorf("attempt %s is not at %s: %w", at.ID, q.ID, store.ErrNotFound)
	}
	return q, at, nil
}

// feedbackView turns a stored attempt into the feedback page's view model.
// Every piece of HTML on the page comes from the embedded catalog, looked
// up by id: the stored result is data, never trusted as HTML, and an edit
// to the content shows on old attempts too.
func (s *Server) feedbackView(q *quiz.Question, at store.Attempt, fromReview bool) views.FeedbackView {
	res := at.Result
	bank := s.cat.Questions
	v := views.FeedbackView{
		QuestionID: q.ID, Title: q.Title, Kind: string(q.Kind), KindLabel: kindLabel(q.Kind),
		PromptHTML: q.Prompt.HTML, When: formatWhen(at.Created, s.now()),
		ScorePct: views.Pct(res.Score), Passed: res.Passed, Fatal: res.Fatal, SelfAssessed: res.SelfAssessed,
		Notes: res.Notes, ModelAnswerHTML: q.ModelAnswer.HTML, ExplanationHTML: q.Explanation.HTML,
		AttemptID: at.ID, FromReview: fromReview,
	}
	if sec, ok := s.cat.Section(q.Guide); ok {
		v.GuideHref, v.GuideTitle = urls.LearnSection(sec.Slug), sec.Title
	}
	if v.PresetHref = presetURL(q); v.PresetHref != "" {
		v.PresetLabel = "Run the scenario in the sandbox"
		if q.Kind == quiz.KindPredict {
			v.PresetLabel = "Run it in the sandbox and check your prediction"
		}
	}
	text := at.Answer.Text
	var marks []views.Mark
	for _, pt := range res.Points {
		row := views.PointRow{ID: pt.ID, Label: pt.Label, Dimension: quiz.DimensionLabel(pt.Dimension), Hit: pt.Hit, Named: pt.Named, SelfAssessed: pt.SelfAssessed}
		if pt.Hit {
			for _, sp := range pt.Spans {
				marks = append(marks, views.Mark{Start: sp.Start, End: sp.End, Label: pt.Label})
			}
			row.Quote = pointQuote(text, pt.Spans)
		}
		v.Points = append(v.Points, row)
	}
	for _, f := range res.Flags {
		v.Flags = append(v.Flags, views.FlagRow{
			ID: f.ID, Label: f.Label, Severity: string(f.Severity), WhyHTML: bank.FlagWhyHTML(f.ID),
			Fatal: f.Severity == quiz.SeverityFatal, Dismissed: f.Dismissed, Quote: quote(text, f.Span),
		})
		if !f.Dismissed {
			marks = append(marks, views.Mark{Start: f.Span.Start, End: f.Span.End, Label: "Red flag: " + f.Label, Flag: true})
		}
	}
	if q.Kind == quiz.KindFreeText {
		v.Segments = views.Highlight(text, marks)
	}
	for _, o := range res.Options {
		v.Options = append(v.Options, views.OptionRow{HTML: bank.OptionTextHTML(q.ID, o.ID), WhyHTML: bank.OptionWhyHTML(q.ID, o.ID), Chosen: o.Chosen, Correct: o.Correct})
	}
	for _, st := range res.Steps {
		v.Steps = append(v.Steps, views.StepRow{HTML: bank.StepTextHTML(q.ID, st.ID), Position: st.Position, Correct: st.Correct, InOrder: st.InOrder})
	}
	if q.Kind == quiz.KindOrdering {
		for _, st := range q.Steps {
			v.CorrectOrder = append(v.CorrectOrder, st.TextHTML)
		}
	}
	if res.Line != nil && q.Code != nil {
		v.ChosenLine, v.BugLine = res.Line.Chosen, res.Line.Bug
		for i, l := range q.Code.Lines {
			n := i + 1
			v.Lines = append(v.Lines, views.CodeLine{N: n, Text: l, Bug: n == q.Code.Bug, Chosen: n == res.Line.Chosen, Why: q.Code.LinesWhy[n]})
		}
	}
	if at.Rating.Valid() {
		v.Rated = at.Rating.String()
	}
	for _, r := range quiz.Ratings() {
		v.Ratings = append(v.Ratings, views.RatingChoice{Value: int(r), Label: r.String(), Hint: ratingHint(r), Checked: r == res.Suggested})
	}
	return v
}

// nextAfter is where the feedback page sends the learner once the attempt
// is rated: back to /review, or on to the next question of the bank.
func (s *Server) nextAfter(q *quiz.Question, fromReview bool) (href, label string) {
	if fromReview {
		return urls.Review(), "Next review"
	}
	all := s.cat.Questions.All()
	for i, x := range all {
		if x.ID == q.ID && i+1 < len(all) {
			return urls.Question(all[i+1].ID), "Next question: " + all[i+1].Title
		}
	}
	return urls.Practice(), "All questions"
}

func attemptURL(question, attempt string, fromReview bool) string {
	if fromReview {
		return urls.AttemptFromReview(question, attempt)
	}
	return urls.Attempt(question, attempt)
}

// presetURL links the question's sandbox preset; a predict question asks
// the sandbox to show the prediction next to the run.
func presetURL(q *quiz.Question) string {
	if q.Preset == "" {
		return ""
	}
	if q.Kind == quiz.KindPredict {
		return urls.PresetPredict(q.Preset, q.ID)
	}
	return urls.Preset(q.Preset)
}

func topicTitle(id string) (string, bool) {
	for _, t := range quiz.Topics() {
		if t.ID == id {
			return t.Title, true
		}
	}
	return "", false
}

func kindLabel(k quiz.Kind) string {
	switch k {
	case quiz.KindFreeText:
		return "Interview question"
	case quiz.KindSingle:
		return "Single choice"
	case quiz.KindMultiple:
		return "Multiple choice"
	case quiz.KindOrdering:
		return "Put in order"
	case quiz.KindSpotTheBug:
		return "Spot the bug"
	case quiz.KindPredict:
		return "Predict the outcome"
	}
	return string(k)
}

func ratingHint(r quiz.Rating) string {
	switch r {
	case quiz.Again:
		return "I did not know it: bring it back tomorrow."
	case quiz.Hard:
		return "I got there with real effort or big gaps."
	case quiz.Good:
		return "I knew it, with small slips."
	case quiz.Easy:
		return "Effortless: space it out far."
	}
	return ""
}

// dueWhen says when a card is due, in the words every page uses: "today",
// "tomorrow (Tue 1 Dec)" or "in 3 days (Thu 3 Dec)". Callers capitalise
// it or build their sentence around it.
func dueWhen(card quiz.Card, now time.Time) string {
	switch n := quiz.DueIn(card, now); {
	case n <= 0:
		return "today"
	case n == 1:
		return "tomorrow (" + card.Due.Format("Mon 2 Jan") + ")"
	default:
		return "in " + strconv.Itoa(n) + " days (" + card.Due.Format("Mon 2 Jan") + ")"
	}
}

// dueState labels a question's review state. A question without a card has
// never been rated: it is new.
func dueState(card quiz.Card, rated bool, now time.Time) views.DueState {
	if !rated || card.State == quiz.StateNew {
		return views.DueState{Label: "New"}
	}
	st := views.DueState{Label: "Due " + dueWhen(card, now)}
	if quiz.IsDue(card, now) {
		st.Class = "accent"
	}
	return st
}

// nextDueText says when a scheduled card comes back, as a sentence.
func nextDueText(card quiz.Card, now time.Time) string {
	return "It is due for review " + dueWhen(card, now) + "."
}

// formatWhen shows a time relative to today when recent, as a date when not.
func formatWhen(t, now time.Time) string {
	t, now = t.UTC(), now.UTC()
	y1, m1, d1 := t.Date()
	y2, m2, d2 := now.Date()
	switch {
	case y1 == y2 && m1 == m2 && d1 == d2:
		return "today, " + t.Format("15:04") + " UTC"
	case t.AddDate(0, 0, 1).Format("2006-01-02") == now.Format("2006-01-02"):
		return "yesterday, " + t.Format("15:04") + " UTC"
	case y1 == y2:
		return t.Format("Mon 2 Jan, 15:04") + " UTC"
	}
	return t.Format("2 Jan 2006")
}

// maxQuote bounds the excerpt shown under a point: the stretch from its
// first matched word to its last, unless that runs longer than a sentence.
const maxQuote = 160

// pointQuote returns the excerpt of the answer that earned a point: from
// the start of its first span to the end of its last, or just the first
// span when that stretch is too long to read as one phrase.
func pointQuote(text string, spans []quiz.Span) string {
	if len(spans) == 0 {
		return ""
	}
	whole := quiz.Span{Start: spans[0].Start, End: spans[0].End}
	for _, sp := range spans[1:] {
		whole.Start, whole.End = min(whole.Start, sp.Start), max(whole.End, sp.End)
	}
	if whole.End-whole.Start <= maxQuote {
		if q := quote(text, whole); q != "" {
			return q
		}
	}
	return quote(text, spans[0])
}

// quote returns the answer text under sp, or "" when sp does not fit it.
func quote(text string, sp quiz.Span) string {
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return ""
	}
	segs := views.Highlight(text, []views.Mark{{Start: sp.Start, End: sp.End, Label: "q"}})
	for _, s := range segs {
		if s.Marked() {
			return strings.TrimSpace(s.Text)
		}
	}
	return ""
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
