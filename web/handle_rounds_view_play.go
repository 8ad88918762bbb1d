package web

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// roundPlayData is the round whose current question is on screen, with the
// text and error of an answer the question refused.
type roundPlayData struct {
	Round  *quiz.Round
	Answer string
	Error  string
}

// buildRoundPlay makes the page of the round's current question. A turn
// not yet shown (a page made for a HEAD, or for a refused first answer)
// counts from now.
func buildRoundPlay(cat *content.Catalog, d roundPlayData, now time.Time) (views.RoundPlayView, error) {
	r := d.Round
	cur, ok := r.Current()
	if !ok {
		return views.RoundPlayView{}, errors.New("round play: every turn is answered")
	}
	if cur.Shown.IsZero() {
		cur.Shown = now
	}
	q, err := quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}.Question(cur.Turn)
	if err != nil {
		return views.RoundPlayView{}, err
	}
	deadline := quiz.Deadline(cur.Shown, r.Limit)
	v := views.RoundPlayView{
		RoundID: r.ID, Seq: cur.Seq, QuestionID: cur.Question, FollowUpID: cur.FollowUp, Number: quiz.MainNumber(cur.Seq), Size: r.Size, FollowUp: cur.FollowUp != "",
		Title: q.Title, PromptHTML: q.Prompt.HTML, ModeLabel: roundModeLabel(r),
		Deadline: deadline.UTC().Format("15:04:05") + " UTC", DeadlineISO: deadline.UTC().Format(time.RFC3339),
		RemainingMS: max(deadline.Sub(now).Milliseconds(), 0), GraceMS: quiz.Grace.Milliseconds(), Minutes: int(r.Limit / time.Minute),
		Overdue: quiz.Overtime(cur.Shown, now, r.Limit), Answer: d.Answer, Error: d.Error, MaxChars: quiz.MaxAnswerChars,
		Coached: r.Mode == quiz.ModeCoached, AnswerHref: urls.RoundAnswer(r.ID), FinishHref: urls.RoundFinish(r.ID),
	}
	if v.FollowUp {
		if mq, ok := cat.Questions.ByID(cur.Question); ok {
			v.MainTitle = mq.Title
		}
	}
	return v, nil
}

// roundFeedbackData is an answered turn of a round.
type roundFeedbackData struct {
	Round *quiz.Round
	Seq   int
}

// buildRoundFeedback makes the feedback page of turn Seq, answered.
func buildRoundFeedback(cat *content.Catalog, d roundFeedbackData, _ time.Time) (views.RoundFeedbackView, error) {
	r, seq := d.Round, d.Seq
	t, ok := r.Turn(seq)
	if !ok || !t.Done() {
		return views.RoundFeedbackView{}, fmt.Errorf("round feedback: turn %d has no answer", seq)
	}
	q, err := quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}.Question(t.Turn)
	if err != nil {
		return views.RoundFeedbackView{}, err
	}
	ts := quiz.Score(cat.Questions, cat.FollowUps, []quiz.Turn{t.Turn}, r.Limit).Questions[0].Main
	v := views.RoundFeedbackView{
		RoundID: r.ID, Number: quiz.MainNumber(seq), Size: r.Size, FollowUp: t.FollowUp != "", Title: q.Title,
		ScorePct: views.Pct(ts.Score), Passed: ts.Passed, Fatal: t.Result.Fatal,
		Overtime: ts.Overtime, OvertimePoints: views.Pct(quiz.OvertimePenalty), Used: formatDuration(ts.Used), Answer: t.Text, Graded: buildGraded(cat.Questions, q, t.Text, t.Result),
		ModelAnswerHTML: q.ModelAnswer.HTML, ContestHref: urls.TurnDisputes(r.ID, seq), Corrected: t.Result.SelfAssessed,
	}
	v.Unscored = t.FollowUp == quiz.CustomFollowUp
	v.FlagCost = FlagCost(q, *t.Result)
	v.Breakdown = scoreBreakdown(*t.Result, ts.Overtime)
	if v.Corrected {
		v.GraderPct, v.GraderKnown = graderOwnTurn(cat.Questions, cat.FollowUps, t.Turn, r.Limit)
	}
	if t.FollowUp != "" {
		v.Explain = scoreExplainView(quiz.ExplainTurn(ts, r.Limit), "counted", false)
		// The learner's correction on the main answer, beside this
		// follow-up's own tick for the same words (QA-38 F1 #3).
		var main *quiz.Result
		var follows []quiz.Turn
		at := -1
		for _, o := range r.Turns {
			switch {
			case quiz.MainNumber(o.Seq) != quiz.MainNumber(seq):
			case o.FollowUp == "":
				main = o.Result
			default:
				if o.Seq == seq {
					at = len(follows)
				}
				follows = append(follows, o.Turn)
			}
		}
		v.Graded = markCorrected(v.Graded, followUpCorrections(cat.Questions, t.Question, main, follows)[at])
	} else if n := quiz.MainNumber(seq); n >= 1 {
		sc := quiz.Score(cat.Questions, cat.FollowUps, r.QuizTurns(), r.Limit)
		if n <= len(sc.Questions) {
			// The points its follow-ups made are listed as made, quoting
			// the follow-up, as the scorecard lists them (QA-36 F3 #1: the
			// turn page listed them as missed).
			if res := sc.Questions[n-1].Main.Result; res != nil {
				v.Graded = buildGraded(cat.Questions, q, t.Text, res)
			}
			v.Graded = quoteFollowUps(v.Graded, followUpQuotes(cat.Questions, sc.Questions[n-1]))
			if qs := sc.Questions[n-1]; len(qs.FollowUps) > 0 {
				v.WithFollowUps, v.QuestionPct, v.QuestionPassed = true, views.Pct(qs.Score), qs.Passed
			}
			explain := quiz.ExplainQuestion
			if r.Over() {
				explain = quiz.ExplainEndedQuestion
			}
			v.Explain = scoreExplainView(explain(t.Result, sc.Questions[n-1], r.Limit), "question score", !r.Over())
		}
	}
	rules := quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}
	for _, u := range r.UnprobedCore(rules, seq) {
		v.Unprobed = append(v.Unprobed, unprobedText(u))
	}
	if t.Result != nil {
		for _, n := range t.Result.Notes {
			if strings.HasPrefix(n, quiz.CoveredNotePrefix) {
				v.Covered = append(v.Covered, n)
			}
		}
	}
	v.Ended = r.Over()
	for _, o := range r.Turns {
		if o.Seq > seq && quiz.MainNumber(o.Seq) == quiz.MainNumber(seq) && o.FollowUp != "" && t.FollowUp == "" {
			v.Queued++
			switch {
			case o.Done():
				v.Answered++
				title := o.Asked
				if fq, err := (quiz.RoundRules{Bank: cat.Questions, FollowUps: cat.FollowUps}).Question(o.Turn); err == nil {
					title = fq.Title
				}
				v.FollowUpLinks = append(v.FollowUpLinks, views.NavLink{Href: urls.RoundTurn(r.ID, o.Seq), Title: title})
			case !o.Shown.IsZero():
				v.Unanswered++
			default:
				v.NotAsked++
			}
		}
	}
	// The model answer covers what the question's follow-ups ask, so it
	// waits until they are answered or the round ends (QA-36 F3 #3).
	for _, o := range r.Turns {
		if o.FollowUp != "" && quiz.MainNumber(o.Seq) == quiz.MainNumber(seq) && !o.Done() && !r.Over() {
			v.ModelAnswerHTML, v.ModelAnswerWaits = "", true
		}
	}
	if cur, more := r.Current(); more && !r.Over() {
		v.NextHref = urls.Round(r.ID)
		v.NextLabel = fmt.Sprintf("Next: question %d of %d", quiz.MainNumber(cur.Seq), r.Size)
		if cur.FollowUp != "" {
			v.NextLabel = "Next: the interviewer's follow-up"
		}
	} else {
		v.NextHref, v.NextLabel = urls.Scorecard(r.ID), "See the scorecard"
	}
	return v, nil
}

// unprobedText says why a core point the answer missed drew no follow-up
// (QA-34 #4).
func unprobedText(u quiz.UnprobedPoint) string {
	// No follow-up is aimed at the point, but the answer to one aimed at
	// another can still make it and recover it on the scorecard: saying
	// flatly there is none read as a contradiction (QA-35 F4 #4).
	why := "the interviewer asks no follow-up question on it, though a follow-up answer that makes it still counts for this question"
	switch u.Reason {
	case quiz.FollowUpsSpent:
		// QA-45 M3: the next follow-up, aimed at another gap, may ask the
		// same thing in other words; its answer still counts.
		why = fmt.Sprintf("its follow-up was not asked: a question takes at most %d, and they went to other gaps; an answer to one of them that makes the point still counts for this question", quiz.MaxFollowUps)
	case quiz.AskedEarlier:
		why = "its follow-up was asked after an earlier question, and is not asked twice"
	}
	return fmt.Sprintf("No follow-up on the core point you missed, “%s”: %s.", u.Label, why)
}

// formatDuration prints a duration as minutes and seconds ("3 min 05 s").
func formatDuration(d time.Duration) string { return quiz.DurationText(d) }
