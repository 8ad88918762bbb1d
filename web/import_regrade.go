package web

import (
	"slices"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

// importRegrade says what regradeImport did: how many answers it graded
// afresh, and how many of them the file had marked as corrected by hand
// (their corrections re-applied to the new grading).
type importRegrade struct {
	Answers, Corrected int
	// Resumed counts the rounds in progress when the file was exported,
	// whose unanswered questions start afresh (see regradeImport).
	Resumed int
}

// regradeImport replaces every result an import file carries with this
// lockdrill's own: each practice answer is graded again (a free-text one
// by the current grader, an objective one against its key) and so is each
// answered round turn, and a finished round's score and verdict are worked
// out again from those turns, as are the answers its end filed in practice
// history (with what its follow-ups recovered). The file's scores and
// passes are never stored, so an edited file cannot raise progress or
// mastery (QA-9 Q9-23); the answers' text is kept as it is. The learner's
// own corrections (points ticked or unticked, red flags dismissed or
// restored, by ticks or a contest) are their work, not the grader's: they
// are re-applied to the new grading with quiz.Rescore, as the ticks form
// would apply them, and stay marked self-assessed (QA-35 F4 #1: an export
// and import undid them). They give an edited file no more than the ticks
// form gives the learner. e must have passed
// Validate, which names any item whose question, kind or answer this
// lockdrill would refuse.
func regradeImport(cat *content.Catalog, e *store.Export) importRegrade {
	var sum importRegrade
	bank := cat.Questions
	ticks := make([]map[string]bool, len(e.Attempts)) // each attempt's corrections in the file
	reported := make([][]string, len(e.Attempts))     // and the red flags it reported
	for i := range e.Attempts {
		a := &e.Attempts[i]
		q, ok := bank.ByID(a.Question)
		if !ok {
			continue
		}
		ticks[i], reported[i] = corrections(a.Result), reports(a.Result)
		if len(ticks[i]) > 0 || len(reported[i]) > 0 {
			sum.Corrected++
		}
		a.Result = withReports(bank, q, quiz.Rescore(q, bank.Grade(q, a.Answer), ticks[i]), reported[i])
		sum.Answers++
	}
	rules := quiz.RoundRules{Bank: bank, FollowUps: cat.FollowUps}
	taken := map[int]bool{}
	for i := range e.Rounds {
		r := &e.Rounds[i]
		for j := range r.Turns {
			t := &r.Turns[j]
			if t.Result == nil {
				continue
			}
			qt := quiz.Turn{Question: t.Question, FollowUp: t.FollowUp, Asked: t.Asked}
			q, err := rules.Question(qt)
			if err != nil {
				continue
			}
			fixed, flagged := corrections(*t.Result), reports(*t.Result)
			unrecovered := slices.ContainsFunc(t.Result.Points, func(p quiz.PointResult) bool { return p.Unrecovered })
			if len(fixed) > 0 || len(flagged) > 0 || unrecovered {
				sum.Corrected++
			}
			text := ""
			if t.Answer != nil {
				text = *t.Answer
			}
			res := withReports(bank, q, quiz.Rescore(q, bank.Grade(q, quiz.Answer{Text: text}), fixed), flagged)
			// A follow-up's point the learner contested stays contested
			// where the main answer still misses it (ContestRecovered).
			for _, p := range t.Result.Points {
				if p.Unrecovered {
					if again, _, err := quiz.ContestRecovered(q, res, p.ID); err == nil {
						res = again
					}
				}
			}
			t.Result = &res
			sum.Answers++
		}
		if r.FinishedAt == nil {
			// A round in progress when the file was exported would come
			// back with its current question's clock run out long ago:
			// every answer to it overtime. Its unanswered questions are
			// imported as not yet shown, so the round resumes at its
			// current question with a full clock (QA-33 #5).
			for j := range r.Turns {
				if r.Turns[j].AnsweredAt == nil {
					r.Turns[j].ShownAt = nil
				}
			}
			sum.Resumed++
			continue
		}
		// The round's score from its turns graded afresh, in the order
		// asked, as the scorecard scores them.
		order := slices.Clone(r.Turns)
		slices.SortStableFunc(order, func(a, b store.ExportTurn) int { return a.Seq - b.Seq })
		turns := make([]quiz.Turn, 0, len(order))
		for _, t := range order {
			if t.FollowUp != "" && t.ShownAt == nil && t.AnsweredAt == nil {
				// Never asked: not scored once the round is over, as
				// quiz.Round.ScoredTurns leaves it out.
				continue
			}
			qt := quiz.Turn{Question: t.Question, FollowUp: t.FollowUp, Asked: t.Asked, Result: t.Result}
			if t.ShownAt != nil {
				qt.Shown = *t.ShownAt
			}
			if t.AnsweredAt != nil {
				qt.Answered = *t.AnsweredAt
			}
			if t.Answer != nil {
				qt.Text = *t.Answer
			}
			turns = append(turns, qt)
		}
		sc := quiz.Score(bank, cat.FollowUps, turns, time.Duration(r.LimitMS)*time.Millisecond)
		score := sc.Score
		r.Score, r.Verdict = &score, string(sc.Verdict)
		// Ending the round filed each main answer in practice history as
		// the round scored it: with what its follow-ups recovered and any
		// overtime taken off. Graded alone above, that answer would lose
		// both, and with them mastery (QA-34 F4 #1); it gets the round's
		// result again, as the round's end gives it.
		for _, item := range quiz.RoundReview(bank, sc) {
			if i := roundAttempt(e.Attempts, taken, item, *r.FinishedAt); i >= 0 {
				res := item.Result
				if q, ok := bank.ByID(item.Question); ok {
					res = withReports(bank, q, quiz.Rescore(q, res, ticks[i]), reported[i])
				}
				e.Attempts[i].Result = res
				taken[i] = true
			}
		}
	}
	return sum
}

// roundAttempt returns the index in attempts of the answer the end of a
// round at finished filed for item (the same question and text, made when
// the round finished) that taken does not hold, or -1.
func roundAttempt(attempts []store.ExportAttempt, taken map[int]bool, item quiz.ReviewItem, finished time.Time) int {
	for i, a := range attempts {
		if !taken[i] && a.Question == item.Question && a.CreatedAt.Equal(finished) && a.Answer.Text == item.Answer.Text {
			return i
		}
	}
	return -1
}

// corrections are the learner's own corrections in a result, as the ticks
// that quiz.Rescore applies: each point whose tick they set, and each red
// flag they dismissed or restored (one dismissed other than by a
// follow-up's retraction). A result with none gives an empty map.
// reports returns the red flags the learner reported on res, a losing
// claim the grader missed (quiz.Bank.ReportFlag): their work as much as a
// tick, re-applied to the new grading by withReports.
func reports(res quiz.Result) []string {
	var out []string
	for _, f := range res.Flags {
		if f.SelfReported {
			out = append(out, f.ID)
		}
	}
	return out
}

// withReports reports on res each red flag of ids that the new grading
// does not already raise (it then stands as the grader's own).
func withReports(bank *quiz.Bank, q *quiz.Question, res quiz.Result, ids []string) quiz.Result {
	for _, id := range ids {
		if again, _, err := bank.ReportFlag(q, res, id); err == nil {
			res = again
		}
	}
	return res
}

func corrections(res quiz.Result) map[string]bool {
	ticks := map[string]bool{}
	for _, p := range res.Points {
		if p.SelfAssessed {
			ticks[p.ID] = p.Hit
		}
	}
	for _, f := range res.Flags {
		if f.Dismissed != f.Retracted {
			ticks[f.ID] = !f.Dismissed
		}
	}
	return ticks
}
