package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// disputeForm reads the fields of a contest form: item (a point or flag
// id of the graded answer) and reason (optional, one line).
func disputeForm(c echo.Context) (item, reason string, err error) {
	item = strings.TrimSpace(c.FormValue("item"))
	if item == "" {
		return "", "", echo.NewHTTPError(http.StatusUnprocessableEntity, "item: say which tick, missed point or red flag you contest.")
	}
	reason = strings.Join(strings.Fields(c.FormValue("reason")), " ")
	if n := utf8.RuneCountInString(reason); n > quiz.MaxDisputeReason {
		return "", "", echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf("reason: at most %d characters (one line); yours has %d.", quiz.MaxDisputeReason, n))
	}
	return item, reason, nil
}

// errAlreadyCorrected is a dispute sent again after it took effect: the
// form says which decision it contests (was), and the answer no longer
// holds it. Nothing changes; the learner is told so.
type errAlreadyCorrected struct{ msg string }

func (e errAlreadyCorrected) Error() string { return e.msg }

// contest applies the dispute of item to res, or explains why it cannot.
// was, when the form gives it, is the decision contested: a dispute whose
// decision the answer no longer holds was applied already (the form sent
// twice) and is not applied again, which would undo it.
func contest(bank *quiz.Bank, q *quiz.Question, res quiz.Result, item, was string) (quiz.Result, quiz.Contested, error) {
	// A losing claim the grader missed, reported by the learner
	// (QA-47 M8): the flag is added and counts.
	if was == "unflagged" {
		for _, f := range res.Flags {
			if f.ID == item && f.SelfReported {
				return res, quiz.Contested{}, errAlreadyCorrected{fmt.Sprintf("Already reported: the red flag “%s” counts against this answer. Nothing changed.", f.Label)}
			}
			if f.ID == item {
				return res, quiz.Contested{}, errAlreadyCorrected{fmt.Sprintf("The grader raised “%s” on this answer already. Nothing changed.", f.Label)}
			}
		}
		out, what, err := bank.ReportFlag(q, res, item)
		if errors.Is(err, quiz.ErrNotContestable) {
			return res, what, echo.NewHTTPError(http.StatusUnprocessableEntity, "item: that is not a red flag this question checks, so it cannot be reported.")
		}
		return out, what, err
	}
	if was == "reported" && !slices.ContainsFunc(res.Flags, func(f quiz.FlagResult) bool { return f.ID == item && f.SelfReported }) {
		return res, quiz.Contested{}, errAlreadyCorrected{"Already withdrawn: you no longer report that red flag on this answer. Nothing changed."}
	}
	if was != "" {
		for _, p := range res.Points {
			if p.ID == item && was != pick(p.Hit, "hit", "missed") {
				// Only the learner's own correction was "already" made: a
				// form that names a decision the grader never took is
				// stale, not a correction (QA-35 #4).
				if p.SelfAssessed && !p.Recovered && was != "flag" {
					return res, quiz.Contested{}, errAlreadyCorrected{fmt.Sprintf("Already corrected: “%s” is marked as %s. Nothing changed.", p.Label, pick(p.Hit, "made", "missed"))}
				}
				return res, quiz.Contested{}, errAlreadyCorrected{fmt.Sprintf("This form no longer matches the grade: “%s” is marked as %s, as the grader has it. Nothing changed.", p.Label, pick(p.Hit, "made", "missed"))}
			}
		}
		if was == "flag" && !slices.ContainsFunc(res.Flags, func(f quiz.FlagResult) bool { return f.ID == item }) {
			return res, quiz.Contested{}, errAlreadyCorrected{"This form no longer matches the grade: that red flag is not raised on this answer. Nothing changed."}
		}
		for _, f := range res.Flags {
			if f.ID == item && was == "flag" && f.Dismissed {
				return res, quiz.Contested{}, errAlreadyCorrected{fmt.Sprintf("Already corrected: the red flag “%s” is dismissed. Nothing changed.", f.Label)}
			}
			if f.ID == item && was == "dismissed" && !f.Dismissed {
				return res, quiz.Contested{}, errAlreadyCorrected{fmt.Sprintf("Already restored: the red flag “%s” counts. Nothing changed.", f.Label)}
			}
		}
	}
	// A red flag the learner dismissed (not one a follow-up took back) is
	// restored: it counts again and their dispute of it is withdrawn
	// (QA-32 #4). quiz.Contest only dismisses flags.
	for _, f := range res.Flags {
		if f.ID == item && f.Dismissed && !f.Retracted {
			ticks := map[string]bool{item: true}
			for _, p := range res.Points {
				ticks[p.ID] = p.Hit
			}
			for _, g := range res.Flags {
				if g.ID != item {
					ticks[g.ID] = !g.Dismissed
				}
			}
			return quiz.Rescore(q, res, ticks), quiz.Contested{Item: item, Label: f.Label, Was: "dismissed"}, nil
		}
	}
	out, what, err := quiz.Contest(q, res, item)
	if errors.Is(err, quiz.ErrNotContestable) {
		return res, what, echo.NewHTTPError(http.StatusUnprocessableEntity, "item: that is not a key point or a raised red flag of this answer, so there is nothing to contest.")
	}
	return out, what, err
}

// pick is a when cond holds, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}

// correctedFlash tells the learner what their dispute changed: the score
// is now self-assessed, and own, the grader's verdict on the same text,
// stays beside it (QA-9 Q9-2).
//
// card, when not "", stands for the answer's own score: the scorecard
// shows the question's score and the round's (scorecardChange), and
// "Score now 70 %" there, beside a question at 93 %, named a figure the
// page does not show (QA-40 F3 #2).
func correctedFlash(what quiz.Contested, res, own quiz.Result, card string) string {
	verdict := "not yet a pass"
	switch {
	case res.Passed:
		verdict = "a pass"
	case res.Fatal && what.Was == "unflagged":
		// (the fatal flag is the one just reported: nothing was "still")
		verdict = "a fatal red flag"
	case res.Fatal:
		verdict = "still a fatal red flag"
	}
	var did string
	switch what.Was {
	case "hit":
		did = "the point is now marked as missed"
	case "missed":
		did = "the point is now marked as made"
	case "unflagged":
		did = "the red flag now counts against the answer"
	default:
		did = "the red flag is dismissed"
	}
	score := fmt.Sprintf("Score now %s, self-assessed: %s (the grader's own: %s).", views.PctText(res.Score), verdict, views.PctText(own.Score))
	if card != "" {
		score = card + " Self-assessed: the scores rest on your correction."
	}
	if what.Was == "unflagged" {
		return fmt.Sprintf("Reported: you say your answer makes the losing claim “%s”, so %s. %s Your report is kept to improve the grader.", what.Label, did, score)
	}
	return fmt.Sprintf("Corrected: you contested “%s”, so %s. %s Your dispute is kept to improve the grader.", what.Label, did, score)
}

// scorecardChange says, in the scorecard's own figures, what a contest of
// an answer to main question n changed: that question's score, and the
// round's score and verdict, before → after when the verdict changed.
func scorecardChange(n int, before, after quiz.Scorecard) string {
	if n < 1 || n > len(before.Questions) || n > len(after.Questions) {
		return ""
	}
	q0, q1 := views.PctText(before.Questions[n-1].Score), views.PctText(after.Questions[n-1].Score)
	msg := fmt.Sprintf("Question %d now scores %s on the scorecard (was %s)", n, q1, q0)
	if q0 == q1 {
		msg = fmt.Sprintf("Question %d still scores %s on the scorecard", n, q1)
	}
	r0, r1 := fmt.Sprintf("%d %%", quiz.RoundPct(before.Score)), fmt.Sprintf("%d %%", quiz.RoundPct(after.Score))
	switch {
	case before.Verdict != after.Verdict:
		msg += fmt.Sprintf("; the round goes from %s, “%s”, to %s, “%s”.", r0, before.Verdict.Label(), r1, after.Verdict.Label())
	case r0 != r1:
		msg += fmt.Sprintf("; the round now scores %s (was %s), still “%s”.", r1, r0, after.Verdict.Label())
	default:
		msg += fmt.Sprintf("; the round still scores %s, “%s”.", r1, after.Verdict.Label())
	}
	return msg
}

// undoneFlash tells the learner that contesting their own correction
// undid it: the item is back to the grader's decision and the earlier
// dispute is withdrawn, not kept against the grader (QA-31 #2).
//
// card, when not "", stands for the answer's own score, as in
// correctedFlash.
func undoneFlash(what quiz.Contested, res quiz.Result, card string) string {
	var now string
	switch what.Was {
	case "hit":
		now = "the point is marked as missed again"
	case "missed":
		now = "the point is marked as made again"
	case "reported":
		now = "the red flag you reported no longer counts"
	default:
		now = "the red flag counts again"
	}
	score := fmt.Sprintf("Score now %s.", views.PctText(res.Score))
	if card != "" {
		score = card
	}
	if what.Was == "reported" {
		return fmt.Sprintf("Report withdrawn: “%s” is back to the grader's decision, so %s. %s Your earlier report is withdrawn.", what.Label, now, score)
	}
	return fmt.Sprintf("Correction undone: “%s” is back to the grader's decision, so %s. %s Your earlier dispute is withdrawn.", what.Label, now, score)
}

// handleAttemptDispute handles "POST /practice/:id/attempts/:attempt/disputes":
// the learner contests one decision of the grader on their attempt; the
// attempt is re-scored and the dispute kept.
func (s *Server) handleAttemptDispute(c echo.Context) error {
	q, at, err := s.attempt(c)
	if err != nil {
		return err
	}
	if q.Kind != quiz.KindFreeText {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Only free-text answers can be contested: the other kinds are marked against a fixed key.")
	}
	item, reason, err := disputeForm(c)
	if err != nil {
		return err
	}
	back := contestReturn{url: attemptURL(q.ID, at.ID, c.FormValue("back") == "review")}
	res, what, err := contest(s.cat.Questions, q, at.Result, item, c.FormValue("was"))
	var again errAlreadyCorrected
	if errors.As(err, &again) {
		return s.seeOtherOn(c, back.to(at.Result, item), again.msg)
	}
	if err != nil {
		return err
	}
	own := s.cat.Questions.Grade(q, at.Answer)
	d := graderSaid(store.Dispute{Question: q.ID, Item: item, Was: what.Was, Reason: reason, Answer: at.Answer.Text, Grader: s.cat.Questions.Version(), Created: s.now()}, at.Result, own, nil)
	withdrawn, err := s.store.ContestAttempt(c.Request().Context(), at.Learner, at.ID, d, res)
	if err != nil {
		return err
	}
	if withdrawn || what.Was == "dismissed" || what.Was == "reported" {
		return s.seeOtherOn(c, back.to(res, item), undoneFlash(what, res, ""))
	}
	return s.seeOtherOn(c, back.to(res, item), correctedFlash(what, res, own, ""))
}

// handleTurnDispute handles "POST /rounds/:id/turns/:seq/disputes": the
// learner contests one decision of the grader on an answered turn of their
// round; the turn is re-scored, and a finished round's score and verdict
// follow. The form field back ("turn" or "scorecard") says where to return.
func (s *Server) handleTurnDispute(c echo.Context) error {
	learner, r, err := s.round(c)
	if err != nil {
		return err
	}
	t, err := answeredTurn(c, r)
	if err != nil {
		return err
	}
	if r.Mode == quiz.ModeInterview && r.Finished.IsZero() {
		return echo.NewHTTPError(http.StatusForbidden, "In interview mode the feedback, and so the disputes, wait for the scorecard at the end of the round.")
	}
	q, err := s.turnQuestion(t.Turn)
	if err != nil {
		return err
	}
	item, reason, err := disputeForm(c)
	if err != nil {
		return err
	}
	back := contestReturn{url: urls.RoundTurn(r.ID, t.Seq)}
	if c.FormValue("back") == "scorecard" && !r.Finished.IsZero() {
		// The scorecard shows every answer of the round, and of an
		// interviewer's own follow-up only the points it made.
		back = contestReturn{url: urls.Scorecard(r.ID), prefix: views.TurnIDPrefix(t.Seq), madeOnly: t.FollowUp == quiz.CustomFollowUp, scorecard: true}
	}
	// A point a follow-up made counts through the follow-up's answer, not
	// through a tick stored on this one: its dispute says the follow-up
	// did not make it (QA-37 F1 #5: it was refused, so a wrong credit
	// could not be recorded).
	if _, ok := s.recoveredPoint(r, t, item); ok || unrecovered(*t.Result, item) {
		return s.contestRecoveredPoint(c, learner, r, t, q, item, reason, back)
	}
	res, what, err := contest(s.cat.Questions, q, *t.Result, item, c.FormValue("was"))
	var again errAlreadyCorrected
	if errors.As(err, &again) {
		return s.seeOtherOn(c, back.to(*t.Result, item), again.msg)
	}
	if err != nil {
		return err
	}
	own := s.cat.Questions.Grade(q, quiz.Answer{Text: t.Text})
	d := graderSaid(store.Dispute{Question: q.ID, Item: item, Was: what.Was, Reason: reason, Answer: t.Text, Grader: s.cat.Questions.Version(), Created: s.now()}, *t.Result, own, s.turnFollowUpQuotes(r, t))
	rescore := s.roundRescore
	ctx := c.Request().Context()
	due := s.reviewDue(ctx, learner, r, q.ID)
	withdrawn, err := s.store.ContestTurn(ctx, learner, r.ID, t.Seq, d, res, rescore)
	if err != nil {
		return err
	}
	moved := s.reviewMoved(ctx, learner, r, q.ID, due)
	var card string
	if back.scorecard {
		// Returning to the scorecard: say what it now shows.
		after, err := s.store.Round(ctx, learner, r.ID)
		if err != nil {
			return err
		}
		card = scorecardChange(quiz.MainNumber(t.Seq),
			quiz.Score(s.cat.Questions, s.cat.FollowUps, r.QuizTurns(), r.Limit),
			quiz.Score(s.cat.Questions, s.cat.FollowUps, after.QuizTurns(), after.Limit))
	}
	if withdrawn || what.Was == "dismissed" || what.Was == "reported" {
		return s.seeOtherOn(c, back.to(res, item), undoneFlash(what, res, card)+moved)
	}
	return s.seeOtherOn(c, back.to(res, item), correctedFlash(what, res, own, card)+moved)
}

// reviewDue is when the review card of question is due before a contest
// of the finished round r (zero when r is not finished or there is no
// card): a contest of a finished round can move it (store.RoundRescore).
func (s *Server) reviewDue(ctx context.Context, learner string, r *store.Round, question string) time.Time {
	if r.Finished.IsZero() {
		return time.Time{}
	}
	card, ok, err := s.store.Card(ctx, learner, question)
	if err != nil || !ok {
		return time.Time{}
	}
	return card.Due
}

// reviewMoved says, after a contest of the finished round r, when
// question now comes back for review if the contest moved its card from
// due, and nothing otherwise.
func (s *Server) reviewMoved(ctx context.Context, learner string, r *store.Round, question string, due time.Time) string {
	if r.Finished.IsZero() {
		return ""
	}
	card, ok, err := s.store.Card(ctx, learner, question)
	if err != nil || !ok || card.Due.Equal(due) {
		return ""
	}
	return " Its spaced review moved with the new score: the question now comes back " + dueWhen(card, s.now()) + "."
}

// contestReturn is the page a dispute returns to: its url, the prefix
// of the ids it gives the answer's points and flags (views.GradedOn's
// IDPrefix), whether it lists the points made only (madeOnly), and
// whether it is the round's scorecard, whose confirmation gives the
// scorecard's figures (scorecardChange).
type contestReturn struct {
	url, prefix         string
	madeOnly, scorecard bool
}

// to is the page's url with the fragment of item's element there
// (views.PointID, views.FlagID), res being the answer's result as the
// page shows it: the browser scrolls to the item the learner contested
// and, as the element is focusable, moves the keyboard focus there,
// where it used to land them at the top of the page (QA-40 F2 #1). An
// item the page does not show (a flag the answer no longer raises, a
// point gone from a made-only list) leads to the confirmation instead.
// The fragment is made of the question's own ids, never of the form's
// text, so a URL never carries what the learner typed.
func (b contestReturn) to(res quiz.Result, item string) string {
	for _, p := range res.Points {
		if p.ID == item && (p.Hit || !b.madeOnly) {
			return b.url + "#" + views.PointID(b.prefix, p.ID)
		}
	}
	for _, f := range res.Flags {
		if f.ID == item {
			return b.url + "#" + views.FlagID(b.prefix, f.ID)
		}
	}
	return b.url + "#" + views.FlashID
}

// graderSaid completes d, a dispute of an answer whose result the learner
// saw as shown and the grader graded as own, with what the grader said:
// the text it quoted for the item in shown, and its own score and verdict
// (QA-35 #1), so the export can become a corpus item without re-grading.
// The quote is the one the page showed (PointQuote, FlagQuote), or, for a
// point a follow-up made, the follow-up's phrase in recovered
// (followUpQuotes), saying it is from the follow-up.
func graderSaid(d store.Dispute, shown, own quiz.Result, recovered map[string]string) store.Dispute {
	for _, p := range shown.Points {
		if p.ID != d.Item {
			continue
		}
		if qt := recovered[p.ID]; qt != "" {
			d.Evidence = views.FollowUpQuote(qt, false)
		} else {
			d.Evidence = PointQuote(d.Answer, p.Spans)
		}
	}
	for _, f := range shown.Flags {
		if f.ID == d.Item {
			d.Evidence = FlagQuote(d.Answer, f.Span)
		}
	}
	d.GraderScore = min(max(own.Score, 0), 1)
	switch {
	case own.Fatal:
		d.GraderVerdict = "fatal"
	case own.Passed:
		d.GraderVerdict = "pass"
	default:
		d.GraderVerdict = "no-pass"
	}
	return d
}

// turnFollowUpQuotes returns, for the main answer t of r, the phrase of
// each point its follow-ups made (followUpQuotes); nil for a follow-up.
func (s *Server) turnFollowUpQuotes(r *store.Round, t quiz.RoundTurn) map[string]string {
	n := quiz.MainNumber(t.Seq)
	if t.FollowUp != "" || n < 1 {
		return nil
	}
	sc := quiz.Score(s.cat.Questions, s.cat.FollowUps, r.QuizTurns(), r.Limit)
	if n > len(sc.Questions) {
		return nil
	}
	return followUpQuotes(s.cat.Questions, sc.Questions[n-1])
}

// recoveredPoint returns the point item of the main answer t of r when
// its follow-ups made it (quiz.Recover).
func (s *Server) recoveredPoint(r *store.Round, t quiz.RoundTurn, item string) (quiz.PointResult, bool) {
	n := quiz.MainNumber(t.Seq)
	if t.FollowUp != "" || n < 1 {
		return quiz.PointResult{}, false
	}
	sc := quiz.Score(s.cat.Questions, s.cat.FollowUps, r.QuizTurns(), r.Limit)
	if n > len(sc.Questions) || sc.Questions[n-1].Main.Result == nil {
		return quiz.PointResult{}, false
	}
	for _, p := range sc.Questions[n-1].Main.Result.Points {
		if p.ID == item && p.Recovered {
			return p, true
		}
	}
	return quiz.PointResult{}, false
}

// unrecovered reports whether the learner contested that a follow-up made
// point item of the main answer res (quiz.ContestRecovered).
func unrecovered(res quiz.Result, item string) bool {
	return slices.ContainsFunc(res.Points, func(p quiz.PointResult) bool { return p.ID == item && p.Unrecovered })
}

// contestRecoveredPoint applies the learner's dispute of point item, which
// a follow-up of the main answer t of r made (or, contested before, would
// make): the point is marked as not made by the follow-ups, or, contested
// again, back to the grader's credit (quiz.ContestRecovered). The dispute
// is kept as the grader's reading of the follow-up's answer against the
// main question q, so it can become a corpus item like any other; the
// round's score and verdict follow.
func (s *Server) contestRecoveredPoint(c echo.Context, learner string, r *store.Round, t quiz.RoundTurn, q *quiz.Question, item, reason string, back contestReturn) error {
	undo := unrecovered(*t.Result, item)
	was := c.FormValue("was")
	var label string
	for _, p := range t.Result.Points {
		if p.ID == item {
			label = p.Label
		}
	}
	// The form names the decision it contests: the same form sent twice
	// corrects once instead of undoing itself.
	switch {
	case undo && was == "hit":
		return s.seeOtherOn(c, back.to(*t.Result, item), fmt.Sprintf("Already corrected: “%s” is marked as not made in your follow-up. Nothing changed.", label))
	case !undo && was == "missed":
		return s.seeOtherOn(c, back.to(*t.Result, item), fmt.Sprintf("Already restored: “%s” counts as made in your follow-up, as the grader has it. Nothing changed.", label))
	}
	f, evidence, ok := s.followUpThatMade(r, t, q, item)
	if !ok {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "item: no follow-up of this answer makes that point, so there is nothing to contest.")
	}
	res, _, err := quiz.ContestRecovered(q, *t.Result, item)
	if errors.Is(err, quiz.ErrNotContestable) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "item: that is not a key point of this answer that a follow-up made, so there is nothing to contest.")
	}
	if err != nil {
		return err
	}
	own := s.cat.Questions.Grade(q, quiz.Answer{Text: f.Text})
	d := graderSaid(store.Dispute{Question: q.ID, Seq: f.Seq, Item: item, Was: "hit", Reason: reason, Answer: f.Text, Grader: s.cat.Questions.Version(), Created: s.now()}, own, own, nil)
	d.Evidence = evidence
	rescore := s.roundRescore
	before := quiz.Score(s.cat.Questions, s.cat.FollowUps, r.QuizTurns(), r.Limit)
	ctx := c.Request().Context()
	due := s.reviewDue(ctx, learner, r, q.ID)
	if _, err := s.store.ContestRecovered(ctx, learner, r.ID, t.Seq, d, res, rescore); err != nil {
		return err
	}
	moved := s.reviewMoved(ctx, learner, r, q.ID, due)
	after, err := s.store.Round(ctx, learner, r.ID)
	if err != nil {
		return err
	}
	sc := quiz.Score(s.cat.Questions, s.cat.FollowUps, after.QuizTurns(), after.Limit)
	score := fmt.Sprintf("Round score now %d %%", quiz.RoundPct(sc.Score))
	if back.scorecard {
		score = strings.TrimSuffix(scorecardChange(quiz.MainNumber(t.Seq), before, sc), ".")
	}
	if undo {
		return s.seeOtherOn(c, back.to(res, item), fmt.Sprintf("Correction undone: “%s” counts as made in your follow-up again, as the grader has it. %s. Your earlier dispute is withdrawn.", label, score)+moved)
	}
	msg := fmt.Sprintf("Corrected: you contested that your follow-up made “%s”, so it is now marked as missed. %s, self-assessed", label, score)
	if own, ok := graderOwnRound(s.cat, after.QuizTurns(), after.Limit); ok {
		msg += fmt.Sprintf(" (the grader's own: %s)", views.PctText(own.Score))
	}
	return s.seeOtherOn(c, back.to(res, item), msg+". Your dispute is kept to improve the grader."+moved)
}

// followUpThatMade returns the first answered follow-up of the main
// answer t of r whose answer, graded against the main question q, makes
// point item (the one quiz.Recover credits first), and the phrase of it
// the pages quote for the point (followUpPhrase).
func (s *Server) followUpThatMade(r *store.Round, t quiz.RoundTurn, q *quiz.Question, item string) (quiz.RoundTurn, string, bool) {
	for _, f := range r.Turns {
		if f.Seq <= t.Seq || quiz.MainNumber(f.Seq) != quiz.MainNumber(t.Seq) || f.FollowUp == "" || !f.Done() || f.Question != q.ID {
			continue
		}
		fr := s.cat.Questions.Grade(q, quiz.Answer{Text: f.Text})
		for _, p := range fr.Points {
			if p.ID == item && p.Hit {
				return f, followUpPhrase(f.Text, p.Spans, f.Result), true
			}
		}
	}
	return quiz.RoundTurn{}, "", false
}

// roundRescore scores a round as a contest leaves it, with what each main
// answer now feeds to spaced review: the store files it and reschedules a
// question whose rating changed.
func (s *Server) roundRescore(r *store.Round) store.RoundRescore {
	sc := quiz.Score(s.cat.Questions, s.cat.FollowUps, r.QuizTurns(), r.Limit)
	return store.RoundRescore{Score: sc.Score, Verdict: sc.Verdict, Review: quiz.RoundReview(s.cat.Questions, sc)}
}
