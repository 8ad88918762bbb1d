package web

import (
	"fmt"
	"time"

	"lockdrill/quiz"
	"lockdrill/web/views"
)

// passRule states the pass rule that decided a free-text result, in the
// terms /about/grader uses, with this answer's figures: every core point
// made (and, on a question with a MinBreadth, that many breadth points),
// the one exception for a question with two core points (one missed,
// enough breadth: a pass capped at CoreSpareMax), or the core points still
// missing. The feedback banner shows it, so it never contradicts the
// grader page (QA-9 Q9-12). The figures come from the result's own ticks
// (as corrected, when the learner corrected them) and the quiz package's
// constants, so the text follows the grader's numbers.
//
// When the answer makes what the rule asks and fails only because of its
// red flags, the rule says so, with the flags' severity and cost: "makes
// both core points" above "Not yet a pass" read as a contradiction
// (QA-40 F3 #1). q may be nil, and then that clause is left out.
func passRule(q *quiz.Question, res quiz.Result) string {
	pass, spare, spareMax := views.PctText(quiz.PassMark), views.PctText(quiz.CoreSpareBreadth), views.PctText(quiz.CoreSpareMax)
	var hit, total float64
	core, coreMissed, breadthMade := 0, 0, 0
	for _, p := range res.Points {
		if p.Core {
			core++
			if !p.Hit {
				coreMissed++
			}
			continue
		}
		total += p.Weight
		if p.Hit {
			hit += p.Weight
			breadthMade++
		}
	}
	breadth := 0.0
	if total > 0 {
		breadth = hit / total
	}
	flagged := false
	for _, f := range res.Flags {
		if !f.Dismissed {
			flagged = true
		}
	}
	var rule string
	switch {
	case core == 0:
		rule = fmt.Sprintf("A pass needs %s of the key points' weight and no red flag that loses the round.", pass)
		if why := flagsFail(q, res); why != "" {
			rule += " I" + why[1:] + "."
		}
	case coreMissed == 0 && breadthMade < res.MinBreadth:
		rule = fmt.Sprintf("On this question the core points alone do not pass: an answer that makes every core point and nothing more scores %s, just under the %s pass mark, and a pass also needs at least %s. This answer makes %s but %s.", views.PctText(quiz.PassMark-0.01), pass, views.BreadthPoints(res.MinBreadth), views.AllCorePoints(core), views.BreadthPoints(breadthMade))
	case coreMissed == 0 && res.MinBreadth > 0:
		rule = fmt.Sprintf("On this question a pass needs every core point (that is %s), at least %s besides and no red flag that loses the round. This answer makes %s and %s; the breadth points add to the %s and red flags take away", pass, views.BreadthPoints(res.MinBreadth), views.AllCorePoints(core), views.BreadthPoints(breadthMade), pass)
		rule += flagsFailClause(q, res)
	case coreMissed == 0:
		rule = fmt.Sprintf("A pass needs every core point (that is %s) and no red flag that loses the round. This answer makes %s; the breadth points add to the %s and red flags take away", pass, views.AllCorePoints(core), pass)
		rule += flagsFailClause(q, res)
	case core == 2 && coreMissed == 1 && res.Passed:
		rule = fmt.Sprintf("This answer passes under the grader's one exception: on a question with two core points, an answer in sentences that misses one of them but makes at least %s of the breadth points (this one makes %s) passes, scoring at most %s.", spare, views.PctText(breadth), spareMax)
	case core == 2 && coreMissed == 1:
		rule = fmt.Sprintf("A pass needs every core point (that is %s). The one exception: on a question with two core points like this one, an answer in sentences that misses one of them passes, at most %s, when it makes at least %s of the breadth points; this answer makes %s", pass, spareMax, spare, views.PctText(breadth))
		switch {
		case breadth < quiz.CoreSpareBreadth:
			rule += "."
		case flagged:
			rule += ", but its red flags take it below the pass mark."
		default:
			rule += ", but it reads as a list rather than sentences, which never gets the exception."
		}
	case core == 2:
		rule = fmt.Sprintf("A pass needs every core point (that is %s); this answer misses both of the question's two.", pass)
	case core == 1:
		rule = fmt.Sprintf("A pass needs every core point (that is %s); this answer misses the question's one core point.", pass)
	default:
		rule = fmt.Sprintf("A pass needs every core point (that is %s): this question has %s and this answer misses %s. A question with three or more core points gets no exception.", pass, views.CountWord(core), views.CountWord(coreMissed))
	}
	if res.Fatal {
		rule += " Whatever else it makes, a red flag that loses the round fails the answer."
	}
	return rule
}

// flagsFailClause ends a sentence of the pass rule: with ": its major red
// flag costs 45 %, which takes it below the pass mark." when the standing
// red flags are why the answer fails, else with ".".
func flagsFailClause(q *quiz.Question, res quiz.Result) string {
	if why := flagsFail(q, res); why != "" {
		return ": " + why + "."
	}
	return "."
}

// flagsFail says that res's standing red flags are what take it below the
// pass mark ("major red flag costs 45 %, which takes it below the pass
// mark"), or "" when the answer passes, when a fatal flag fails it (the
// rule says that in its own words), when no flag stands, or when the
// answer would fail without its flags too (the rule's other clauses then
// say why). Whether it would pass without them is the grader's own
// figure: the flags dismissed, as a contest would (quiz.Rescore).
func flagsFail(q *quiz.Question, res quiz.Result) string {
	if q == nil || res.Passed || res.Fatal {
		return ""
	}
	ticks := map[string]bool{}
	cost := 0.0
	sevs := map[quiz.Severity]int{}
	charges := quiz.FlagCharges(res.Flags)
	for i, f := range res.Flags {
		if !f.Dismissed {
			ticks[f.ID] = false
			cost += charges[i]
			if charges[i] > 0 {
				sevs[f.Severity]++
			}
		}
	}
	if len(ticks) == 0 || !quiz.Rescore(q, res, ticks).Passed {
		return ""
	}
	// (flags that name one sentence count as one mistake, as they cost)
	charged := 0
	for _, n := range sevs {
		charged += n
	}
	what := "red flags"
	switch {
	case charged == 1:
		for s := range sevs {
			what = string(s) + " red flag"
		}
		return fmt.Sprintf("its %s costs %s, which takes it below the pass mark", what, views.PctText(cost))
	case len(sevs) == 1:
		for s := range sevs {
			what = fmt.Sprintf("%s %s red flags", views.CountWord(charged), s)
		}
	default:
		what = views.CountWord(charged) + " red flags"
	}
	return fmt.Sprintf("its %s cost %s together, which takes it below the pass mark", what, views.PctText(cost))
}

// graderOwnTurn is the score the grader alone gives a round turn the
// learner corrected: its text graded afresh, with the same overtime
// penalty as the corrected score beside it (QA-9 Q9-2). ok is false when
// the turn's question is gone from the catalog.
func graderOwnTurn(bank *quiz.Bank, fu *quiz.FollowUps, t quiz.Turn, limit time.Duration) (pct int, ok bool) {
	q, err := quiz.RoundRules{Bank: bank, FollowUps: fu}.Question(t)
	if err != nil || !t.Done() {
		return 0, false
	}
	own := bank.Grade(q, quiz.Answer{Text: t.Text})
	t.Result = &own
	sc := quiz.Score(bank, fu, []quiz.Turn{t}, limit)
	if len(sc.Questions) == 0 {
		return 0, false
	}
	return views.Pct(sc.Questions[0].Main.Score), true
}

// FlagCost says what the red flags still standing in free-text result res
// took off its score, with the grader's own figures: the score with those
// flags dismissed (quiz.Rescore, as a correction would) and the score as
// graded. Without it a "0 %" beside ticked points had no explanation
// (QA-34 #1). When the flags would take more than the answer had, it says
// they took the whole score and that the score stops at 0, rather than
// quoting a cost larger than the drop. It is "" when no flag stands. The practice feedback page,
// the round turn pages and "lockdrill grade" all say it, in these words.
func FlagCost(q *quiz.Question, res quiz.Result) string {
	if q == nil || q.Kind != quiz.KindFreeText {
		return ""
	}
	ticks := map[string]bool{}
	cost := 0.0
	charges := quiz.FlagCharges(res.Flags)
	for i, f := range res.Flags {
		if !f.Dismissed {
			ticks[f.ID] = false
			cost += charges[i]
		}
	}
	if len(ticks) == 0 {
		return ""
	}
	before := quiz.Rescore(q, res, ticks).Score
	what, it := "The red flag", "it"
	if len(ticks) > 1 {
		what, it = "The red flags", "them"
	}
	if views.Pct(before) <= views.Pct(res.Score) {
		return fmt.Sprintf("%s would cost %s, but the answer scores %s without %s.", what, views.PctText(cost), views.PctText(before), it)
	}
	if views.Pct(cost) > views.Pct(before) && views.Pct(res.Score) == 0 {
		// The penalty is more than the answer had: "cost 90 % (30 % →
		// 0 %)" read as a sum that does not add up (the score is floored
		// at 0, not taken below it).
		return fmt.Sprintf("%s cost the whole %s (%s → 0 %%); the score stops at 0.", what, views.PctText(before), views.PctText(before))
	}
	if views.Pct(before)-views.Pct(cost) != views.Pct(res.Score) {
		// A cap holds the answer under the pass mark (quiz.CapOf): without
		// the flags it stops at the cap, and the flags take their cost
		// from what the points make, so "cost 45 % (59 % → 55 %)" would
		// not add up. Say the sum that does.
		if pts, ok := quiz.ScorePoints(res.Points); ok && quiz.CapOf(res) != quiz.CapNone && views.Pct(pts.Score)-views.Pct(cost) == views.Pct(res.Score) {
			return fmt.Sprintf("%s cost %s of what the points make (%s → %s); without %s the answer would be held at %s, under the pass mark.", what, views.PctText(cost), views.PctText(pts.Score), views.PctText(res.Score), it, views.PctText(before))
		}
	}
	return fmt.Sprintf("%s cost %s (%s → %s).", what, views.PctText(cost), views.PctText(before), views.PctText(res.Score))
}

// MissingPoints says what free-text result res leaves out, a line per key
// point, in the question's order: "Missed core point: …" for each core
// point missed (why a fail fails, which the pass rule counts but does not
// name), then "A fuller answer would add: …" for each breadth point
// missed. A point named in a list but not explained says so. It is empty
// when every point is made. The practice feedback page and "lockdrill
// grade" both say it, in these words (QA-38 F1 #1).
func MissingPoints(res quiz.Result) []string {
	var core, breadth []string
	for _, p := range res.Points {
		if p.Hit {
			continue
		}
		line := p.Label
		if p.Named {
			line += " (named in a list, not explained)"
		}
		if p.Core {
			core = append(core, "Missed core point: "+line+".")
		} else {
			breadth = append(breadth, "A fuller answer would add: "+line+".")
		}
	}
	return append(core, breadth...)
}
