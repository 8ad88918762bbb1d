package web

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
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
	v := buildPracticeIndex(s.cat, practiceIndexData{Latest: latest, Cards: entries, Kind: c.QueryParam("kind"), Topic: c.QueryParam("topic")}, s.now())
	p := s.page(c, "Practice", "practice")
	p.Description = "Every distributed-locking interview question as a graded exercise, with spaced review."
	return render(c, http.StatusOK, views.PracticeIndex(p, v))
}

// handleQuestionShow handles "GET /practice/:id".
func (s *Server) handleQuestionShow(c echo.Context) error {
	q, err := questionOr404(s.cat.Questions, c.Param("id"))
	if err != nil {
		return err
	}
	v, err := s.exercise(c, q, quiz.Answer{}, "")
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.Exercise(s.page(c, q.Title, "practice"), v))
}

// handleAnswer handles "POST /practice/:id": it grades the answer, stores
// the attempt and redirects to its feedback page. An answer that cannot be
// graded is refused with 422 and the form shown again with what was typed.
func (s *Server) handleAnswer(c echo.Context) error {
	q, err := questionOr404(s.cat.Questions, c.Param("id"))
	if err != nil {
		return err
	}
	fromReview := c.FormValue("from") == "review"
	a, perr := parseAnswer(c, q)
	if perr == nil {
		perr = a.Validate(q)
	}
	if perr != nil {
		v, err := s.exercise(c, q, a, capitalise(perr.Error())+".")
		if err != nil {
			return err
		}
		if q.Kind == quiz.KindOrdering {
			keepOrderForm(&v, c.FormValue)
		}
		v.FromReview = fromReview
		if fromReview {
			return s.renderReviewExercise(c, http.StatusUnprocessableEntity, v)
		}
		return render(c, http.StatusUnprocessableEntity, views.Exercise(s.page(c, q.Title, "practice"), v))
	}
	learner, err := s.ensureLearner(c)
	if err != nil {
		return err
	}
	res := s.cat.Questions.Grade(q, a)
	// The same answer again within resubmitWindow is the form sent twice
	// (a double click, a resent post): it leads to the attempt already
	// stored rather than counting twice in history, streak and review.
	id, _, err := s.store.CreateAttemptOnce(c.Request().Context(), learner, q, a, res, s.now(), resubmitWindow)
	if err != nil {
		return err
	}
	return s.seeOther(c, attemptURL(q.ID, id, fromReview), "")
}

// resubmitWindow is how soon after an attempt the same answer to the same
// question counts as the form sent twice rather than a new try (QA-33 #1).
const resubmitWindow = 10 * time.Second

// parseAnswer reads the answer fields of q's kind from the form. Free text
// has its line endings normalised, so the spans the grader returns index
// the text as stored and shown.
func parseAnswer(c echo.Context, q *quiz.Question) (quiz.Answer, error) {
	form, err := c.FormParams()
	if err != nil {
		return quiz.Answer{}, fmt.Errorf("the form could not be read")
	}
	if formRepaired(c) && q.Kind != quiz.KindFreeText {
		return quiz.Answer{}, fmt.Errorf("the form arrived malformed (bytes that are not text, or a broken %% escape), so it was not graded: choose your answer again and submit it")
	}
	var a quiz.Answer
	switch q.Kind {
	case quiz.KindFreeText:
		a.Text = quiz.StripInvisible(strings.ReplaceAll(form.Get("answer"), "\r\n", "\n"))
		// Bytes that are not UTF-8 would be stored as they came and shown
		// as U+FFFD; a body too broken to parse was read leniently. Either
		// way the answer is shown again to check, not graded (QA-35 F4 #2).
		if !utf8.ValidString(a.Text) || formRepaired(c) {
			a.Text = strings.ToValidUTF8(a.Text, "\uFFFD")
			return a, fmt.Errorf("your answer arrived with bytes that are not text (not UTF-8, or a broken %% escape), so it was not graded; what could be read is below, with \uFFFD where the bad bytes were: check it and submit it again")
		}
	case quiz.KindSingle, quiz.KindPredict, quiz.KindMultiple:
		for _, v := range form["choice"] {
			a.Choices = append(a.Choices, optionOf(q, v))
		}
	case quiz.KindOrdering:
		return parseOrder(form.Get, q)
	case quiz.KindSpotTheBug:
		a.Line, _ = strconv.Atoi(form.Get("line"))
	}
	return a, nil
}

// OptionValue is the form value of option optID of choice question qid:
// opaque, like OrderField, so a page's source does not show the authored
// option ids, whose order hinted at the right one (QA-35, second pass: the
// right option had the id "b" on 16 of 35 questions).
func OptionValue(qid, optID string) string {
	h := sha256.Sum256([]byte("lockdrill option value\x00" + qid + "\x00" + optID))
	return "opt-" + hex.EncodeToString(h[:6])
}

// optionOf is the option id a posted choice value names: the option whose
// OptionValue it is, or the value itself (an option id, as forms sent
// before OptionValue and the CLI use; an unknown value is left for the
// grader to refuse).
func optionOf(q *quiz.Question, v string) string {
	for _, o := range q.Options {
		if OptionValue(q.ID, o.ID) == v {
			return o.ID
		}
	}
	return v
}

// OrderField is the name of the position select of step stepID of ordering
// question qid: "pos-" and a hash of the two, so that the names, which a
// page's source shows, do not spell out the right order as the step ids do
// (s1, s2, ...; QA-8 Q8-11).
func OrderField(qid, stepID string) string {
	h := sha256.Sum256([]byte("lockdrill order field\x00" + qid + "\x00" + stepID))
	return "pos-" + hex.EncodeToString(h[:6])
}

// parseOrder turns one position select per step (OrderField) into the
// learner's order. With a missing, out-of-range or shared position the
// error says which, and Order keeps "" at the empty positions so the form
// shown again keeps the positions already chosen.
func parseOrder(get func(string) string, q *quiz.Question) (quiz.Answer, error) {
	n := len(q.Steps)
	slots := make([]string, n) // slots[i] is the step placed at position i+1
	var problem error
	sharers := make([][]string, n) // sharers[i] names every step given position i+1
	for _, st := range q.Steps {
		raw := get(OrderField(q.ID, st.ID))
		pos, err := strconv.Atoi(raw)
		switch {
		case raw == "":
			problem = fmt.Errorf("give every step a position from 1 to %d", n)
		case err != nil || pos < 1 || pos > n:
			problem = fmt.Errorf("positions run from 1 to %d", n)
		default:
			sharers[pos-1] = append(sharers[pos-1], stepName(st.Text))
			if slots[pos-1] == "" {
				slots[pos-1] = st.ID
			}
		}
	}
	// A shared position names every step that shares it, not just two of
	// them (QA-35 #5): the learner has to move all but one.
	var shared []string
	for i, names := range sharers {
		if len(names) > 1 {
			shared = append(shared, fmt.Sprintf("%s share position %d (%s)", countSteps(len(names)), i+1, joinAnd(names)))
		}
	}
	if len(shared) > 0 {
		problem = fmt.Errorf("%s: give every step a different position", strings.Join(shared, "; "))
	}
	return quiz.Answer{Order: slots}, problem
}

// countSteps says how many steps share a position ("two steps", "6 steps"),
// so a learner sees how many to move.
func countSteps(n int) string {
	if n == 2 {
		return "two steps"
	}
	return fmt.Sprintf("%d steps", n)
}

// joinAnd lists names as "a, b and c".
func joinAnd(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// stepName names an ordering step in a message by its first words.
func stepName(text string) string {
	words := strings.Fields(text)
	if len(words) > 6 {
		return "“" + strings.Join(words[:6], " ") + "…”"
	}
	return "“" + strings.Join(words, " ") + "”"
}

// keepOrderForm shows again, on a refused ordering answer, the position
// the learner chose for every step, shared ones included (the answer's
// Order holds one step per position), and marks the steps that share a
// position as invalid (QA-32 #9).
func keepOrderForm(v *views.ExerciseView, get func(string) string) {
	count := map[string]int{}
	for _, st := range v.Steps {
		count[get(st.Field)]++
	}
	for i := range v.Steps {
		raw := get(v.Steps[i].Field)
		pos, err := strconv.Atoi(raw)
		if err != nil || pos < 1 || pos > len(v.Steps) {
			continue
		}
		v.Steps[i].Position = pos
		v.Steps[i].Invalid = count[raw] > 1
	}
}

// exercise reads what the exercise page of q shows of the requesting
// learner and builds it, with a kept answer a and the message msg after a
// refused submission.
func (s *Server) exercise(c echo.Context, q *quiz.Question, a quiz.Answer, msg string) (views.ExerciseView, error) {
	ctx := c.Request().Context()
	learner, err := s.learnerID(c)
	if err != nil {
		return views.ExerciseView{}, err
	}
	d := exerciseData{Question: q, Answer: a, Error: msg}
	if d.Card, d.Rated, err = s.store.Card(ctx, learner, q.ID); err != nil {
		return views.ExerciseView{}, err
	}
	if d.History, err = s.store.QuestionAttempts(ctx, learner, q.ID); err != nil {
		return views.ExerciseView{}, err
	}
	return buildExercise(s.cat, d, s.now()), nil
}

// handleAttemptShow handles "GET /practice/:id/attempts/:attempt", the
// feedback page of one attempt. Another learner's attempt is a 404.
func (s *Server) handleAttemptShow(c echo.Context) error {
	q, at, err := s.attempt(c)
	if err != nil {
		return err
	}
	d := feedbackData{Question: q, Attempt: at, FromReview: c.QueryParam("from") == "review"}
	if at.Rating.Valid() {
		if d.Card, _, err = s.store.Card(c.Request().Context(), at.Learner, q.ID); err != nil {
			return err
		}
		// "Next question" skips what is answered and not yet due.
		entries, err := s.store.Cards(c.Request().Context(), at.Learner)
		if err != nil {
			return err
		}
		d.Cards = store.CardMap(entries)
	}
	v := buildFeedback(s.cat, d, s.now())
	return render(c, http.StatusOK, views.Feedback(s.page(c, v.PageTitle(), "practice"), v))
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
	own := s.cat.Questions.Grade(q, at.Answer)
	// A tick this form set against the grader's decision is a dispute as
	// much as a Contest is, and is kept for the grader's review (QA-35 #2).
	var ds []store.Dispute
	now, version := s.now(), s.cat.Questions.Version()
	for i, pt := range res.Points {
		if pt.SelfAssessed && pt.Hit != at.Result.Points[i].Hit {
			d := store.Dispute{Question: q.ID, Item: pt.ID, Was: pick(pt.Hit, "missed", "hit"), Answer: at.Answer.Text, Grader: version, Created: now}
			ds = append(ds, graderSaid(d, at.Result, own, nil))
		}
	}
	for i, f := range res.Flags {
		if f.Dismissed && !f.Retracted && !at.Result.Flags[i].Dismissed {
			d := store.Dispute{Question: q.ID, Item: f.ID, Was: "flag", Answer: at.Answer.Text, Grader: version, Created: now}
			ds = append(ds, graderSaid(d, at.Result, own, nil))
		}
	}
	if err := s.store.UpdateAttemptResult(c.Request().Context(), at.Learner, at.ID, res, ds...); err != nil {
		return err
	}
	return s.seeOtherOn(c, attemptURL(q.ID, at.ID, c.FormValue("from") == "review"),
		"Re-scored with your ticks: "+views.PctText(res.Score)+", self-assessed (the grader's own score for this answer: "+views.PctText(own.Score)+"). The suggested rating follows the new score. Each mark you changed against the grader's is kept to improve it.")
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
	if c.FormValue("rerate") == "1" {
		return s.rerateAttempt(c, q, at, r)
	}
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
	return s.seeOtherOn(c, attemptURL(q.ID, at.ID, false), msg)
}

// rerateAttempt changes the rating of a rated attempt whose score the
// learner corrected (the feedback page's second form, field rerate=1):
// the card is rescheduled as if the new rating had been given then.
func (s *Server) rerateAttempt(c echo.Context, q *quiz.Question, at store.Attempt, r quiz.Rating) error {
	card, err := s.store.RerateAttempt(c.Request().Context(), at.Learner, at.ID, r)
	switch {
	case errors.Is(err, store.ErrNotRated):
		return echo.NewHTTPError(http.StatusConflict, "This attempt is not rated yet: rate it with the form on its page. Nothing was changed.")
	case errors.Is(err, store.ErrCannotRerate):
		return echo.NewHTTPError(http.StatusConflict, "This attempt's rating can no longer be changed: it was rated before ratings could be changed, or its review was carried over from another device. Answer the question again to rate a new attempt. Nothing was changed.")
	case err != nil:
		return err
	}
	msg := "Rating changed to " + r.String() + ". " + nextDueText(card, s.now())
	if c.FormValue("from") == "review" {
		return s.seeOther(c, urls.Review(), msg)
	}
	return s.seeOtherOn(c, attemptURL(q.ID, at.ID, false), msg)
}

// questionOr404 returns the question id of bank, or a 404.
func questionOr404(bank *quiz.Bank, id string) (*quiz.Question, error) {
	q, ok := bank.ByID(id)
	if !ok {
		return nil, echo.NewHTTPError(http.StatusNotFound, "There is no question with this id. The practice page lists them all.")
	}
	return q, nil
}

// attempt returns the question and the requesting learner's attempt named
// by the path. A visitor, another learner's attempt or an attempt at a
// different question are all the same 404.
func (s *Server) attempt(c echo.Context) (*quiz.Question, store.Attempt, error) {
	q, err := questionOr404(s.cat.Questions, c.Param("id"))
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
