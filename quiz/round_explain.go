package quiz

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// ScoreStep is one reason a question's score on the scorecard differs from
// its answer's graded score, in the order the scoring applies them.
type ScoreStep struct {
	// Kind is "recovered", "retracted", "probed", "overtime", "typed",
	// "follow-ups" or "led".
	Kind string
	// Text says what happened, with the numbers, as one sentence.
	Text string
}

// ScoreExplanation walks from a main answer's graded score to its
// question's score: points made in the follow-ups, red flags retracted
// there, the overtime penalty, and the share the follow-ups carry.
type ScoreExplanation struct {
	// Graded is the main answer as the grader scored it, before anything
	// the round adds; Final is the question's score on the scorecard.
	Graded, Final float64
	Steps         []ScoreStep
	// Pending counts the question's follow-ups still unanswered; while the
	// round goes on they can still move Final.
	Pending int
}

// Differs reports whether there is anything to explain.
func (e ScoreExplanation) Differs() bool { return len(e.Steps) > 0 }

func pctOf(x float64) int { return int(math.Round(x * 100)) }

// ExplainQuestion explains qs, a question of a Scorecard, against graded,
// its main answer's result as stored (before the round's scoring corrected
// it with the follow-ups). limit is the round's time per answer.
func ExplainQuestion(graded *Result, qs QuestionScore, limit time.Duration) ScoreExplanation {
	return explainQuestion(graded, qs, limit, false)
}

// ExplainEndedQuestion is ExplainQuestion for a round that is over: no
// follow-up can still be asked, so one left unanswered is said to count 0
// rather than promised (QA-31: "Up to 1 more follow-up may still be asked"
// on the scorecard of a round ended early).
func ExplainEndedQuestion(graded *Result, qs QuestionScore, limit time.Duration) ScoreExplanation {
	return explainQuestion(graded, qs, limit, true)
}

func explainQuestion(graded *Result, qs QuestionScore, limit time.Duration, ended bool) ScoreExplanation {
	e := ScoreExplanation{Final: qs.Score}
	for _, f := range qs.FollowUps {
		if !f.Done() {
			e.Pending++
		}
	}
	main := qs.Main
	if graded == nil || !main.Done() || main.Result == nil {
		return e
	}
	e.Graded = graded.Score
	now := graded.Score
	var made, retracted []string
	for _, p := range main.Result.Points {
		if p.Recovered {
			made = append(made, p.Label)
		}
	}
	for _, f := range main.Result.Flags {
		if f.Retracted {
			retracted = append(retracted, f.Label)
		}
	}
	if len(made) > 0 || len(retracted) > 0 {
		// Neither "you" nor "the candidate": the candidate and the
		// interviewer of a peer round read the same sentence (QA-7 P5).
		var what []string
		if len(made) > 0 {
			what = append(what, "made what this answer missed ("+strings.Join(made, "; ")+")")
		}
		if len(retracted) > 0 {
			what = append(what, "took back the red flag ("+strings.Join(retracted, "; ")+")")
		}
		kind := "recovered"
		if len(made) == 0 {
			kind = "retracted"
		}
		rec := main.Result.Score
		text := fmt.Sprintf("The follow-up answers %s, so this answer counts %d %% instead of the %d %% it was graded.",
			strings.Join(what, " and "), pctOf(rec), pctOf(now))
		if pctOf(rec) == pctOf(now) {
			// Points made, but the red flags still standing keep the
			// score where it was (QA-46: "counts 0 % instead of the 0 %
			// it was graded").
			text = fmt.Sprintf("The follow-up answers %s, but this answer still counts %d %%: its red flags still cost what they did.",
				strings.Join(what, " and "), pctOf(rec))
			if len(retracted) > 0 || !hasStandingFlag(main.Result.Flags) {
				text = fmt.Sprintf("The follow-up answers %s; this answer still counts %d %%.", strings.Join(what, " and "), pctOf(rec))
			}
		}
		e.Steps = append(e.Steps, ScoreStep{Kind: kind, Text: text})
		now = rec
	}
	var probed []string
	for _, p := range main.Result.Points {
		if p.Probed && !p.Hit {
			probed = append(probed, p.Label)
		}
	}
	if len(probed) > 0 {
		// (QA-51 H3: the question passed on that lenience after the
		// follow-up on the very point drew a losing claim)
		e.Steps = append(e.Steps, ScoreStep{Kind: "probed", Text: "A follow-up asked about a core point this answer missed (" + strings.Join(probed, "; ") +
			"), and its answer did not make it, or made a losing claim: the lenience for one missed core point no longer applies."})
	}
	if main.Overtime {
		e.Steps = append(e.Steps, ScoreStep{Kind: "overtime", Text: fmt.Sprintf(
			"It came in after %s, over the %s allowed and the grace: −%d points, %d %% → %d %%.",
			DurationText(main.Used), DurationText(limit), pctOf(OvertimePenalty), pctOf(now), pctOf(main.Score))})
	}
	now = main.Score
	if typed := len(qs.FollowUps) - len(ScoredFollowUps(qs.FollowUps)); typed > 0 {
		e.Steps = append(e.Steps, ScoreStep{Kind: "typed", Text: fmt.Sprintf(
			"The interviewer's own follow-ups (%d) are not scored against this question's rubric: what they make that this answer missed counts above, and the interviewer scores them in their notes.", typed)})
	}
	mixed := now // the question's score before a cap for a led answer
	if scored := ScoredFollowUps(qs.FollowUps); len(scored) > 0 {
		sum, late, pending := 0.0, 0, 0
		for _, f := range scored {
			sum += f.Score
			if f.Overtime {
				late++
			}
			if !f.Done() {
				pending++
			}
		}
		mean := sum / float64(len(scored))
		mixed = qs.Score
		if qs.Led != "" {
			mixed = math.Round(((1-FollowUpShare)*now+FollowUpShare*mean)*1000) / 1000
		}
		text := fmt.Sprintf("The follow-ups carry %d %% of the question's score: %d %% of %d %% (this answer) plus %d %% of %d %% (the follow-ups' mean) is %d %%.",
			pctOf(FollowUpShare), pctOf(1-FollowUpShare), pctOf(now), pctOf(FollowUpShare), pctOf(mean), pctOf(mixed))
		if late > 0 {
			text += fmt.Sprintf(" %s came in over time and lost %d points of its own score.", countOf(late, "follow-up"), pctOf(OvertimePenalty))
		}
		if pending > 0 && ended {
			text += fmt.Sprintf(" %s %s never answered and %s 0.",
				countOf(pending, "follow-up"), map[bool]string{true: "was", false: "were"}[pending == 1], map[bool]string{true: "counts", false: "each counts"}[pending == 1])
		} else if pending > 0 {
			// Queued is not asked: a follow-up that the answers so far
			// already cover is dropped before it comes up (QA-4 E10: "2
			// follow-ups not answered yet" when only one was ever asked).
			text += fmt.Sprintf(" Up to %s may still be asked: %s 0 until answered, and one your answers already cover is dropped without being asked.",
				countOf(pending, "more follow-up"), map[bool]string{true: "it counts", false: "each counts"}[pending == 1])
		}
		e.Steps = append(e.Steps, ScoreStep{Kind: "follow-ups", Text: text})
	}
	if qs.Led != "" {
		e.Steps = append(e.Steps, ScoreStep{Kind: "led", Text: fmt.Sprintf("Held just under the pass mark, %d %% → %d %%, whatever the follow-ups added: %s. An interviewer credits what a nudge draws out, but does not pass the question on it.", pctOf(mixed), pctOf(qs.Score), qs.Led)})
	}
	return e
}

// ExplainTurn explains a follow-up's own score against its graded result:
// only the overtime penalty lies between them.
func ExplainTurn(ts TurnScore, limit time.Duration) ScoreExplanation {
	e := ScoreExplanation{Final: ts.Score}
	if !ts.Done() || ts.Result == nil {
		return e
	}
	e.Graded = ts.Result.Score
	if ts.Overtime {
		e.Steps = append(e.Steps, ScoreStep{Kind: "overtime", Text: fmt.Sprintf(
			"It came in after %s, over the %s allowed and the grace: −%d points, %d %% → %d %%.",
			DurationText(ts.Used), DurationText(limit), pctOf(OvertimePenalty), pctOf(ts.Result.Score), pctOf(ts.Score))})
	}
	return e
}

// DurationText prints a duration as minutes and seconds ("3 min 05 s").
func DurationText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	sec := int(d.Round(time.Second) / time.Second)
	if sec < 60 {
		return fmt.Sprintf("%d s", sec)
	}
	return fmt.Sprintf("%d min %02d s", sec/60, sec%60)
}

// countOf writes n things: "1 follow-up", "2 follow-ups".
func countOf(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// hasStandingFlag reports whether any of fs still counts: not dismissed,
// retracted or contested away.
func hasStandingFlag(fs []FlagResult) bool {
	for _, f := range fs {
		if !f.Dismissed {
			return true
		}
	}
	return false
}
