package web

import (
	"fmt"
	"math"
	"slices"

	"lockdrill/quiz"
	"lockdrill/web/views"
)

// scoreBreakdown walks a free-text answer's score from its points to the
// figure the page shows, for the score card: "Core 1 of 2 27 % · breadth
// 1 of 6 +1 % → 28 %". A learner saw 27 % become 28 % and could not tell
// why (QA-41 F4 #3): with a core point missed the breadth points share
// only a tenth of the pass mark, and the card never said so.
//
// The figures come from the result as shown (the learner's corrections
// included), taken apart by the quiz package's own reckoning:
// quiz.ScorePoints for the points (the rule freeTextScore applies),
// Penalty for each red flag still standing, quiz.CapOf for the cap that
// holds an answer just under the pass mark, and OvertimePenalty when
// overtime (a round's turn). The walk is checked
// against res.Score, to the grader's own rounding: if it does not arrive
// there (a result stored under an earlier rule), scoreBreakdown returns
// nil and the page shows no sum rather than a wrong one.
//
// The whole percents shown add up to the score shown: the breadth part is
// the rest of the points' total once the core part is taken, and each
// total is reckoned back from the score shown through the flags' and the
// overtime's whole costs, so no part is more than a point off its exact
// share.
func scoreBreakdown(res quiz.Result, overtime bool) *views.ScoreBreakdown {
	if res.Kind != quiz.KindFreeText || len(res.Points) == 0 {
		return nil
	}
	ps, ok := quiz.ScorePoints(res.Points)
	if !ok {
		return nil
	}
	core, coreHit, breadth, breadthHit := ps.Core, ps.CoreHit, ps.Breadth, ps.BreadthHit
	// to the grader's own rounding (finish keeps three decimals), or a
	// points' score of 0.285 shows as 29 % here and as 28 % where the
	// flags' cost is told (FlagCost, from the rescored result): QA-41
	points, corePart := round3(ps.Score), round3(ps.CorePart)
	// A sentence on how the points count, by the rule quiz reckoned them.
	pass := views.PctText(quiz.PassMark)
	var how string
	switch ps.Rule {
	case quiz.RuleAllCore:
		how = fmt.Sprintf("Making all the core points scores %s; the breadth points share the other %s.", pass, views.PctText(1-quiz.PassMark))
	case quiz.RuleCoreSpare:
		how = fmt.Sprintf("One of the two core points missed, with at least %s of the breadth: the grader's exception scores %s, and the breadth points share %s more.", views.PctText(quiz.CoreSpareBreadth), pass, views.PctText(quiz.CoreSpareMax-quiz.PassMark))
	case quiz.RuleCoreMissing:
		// "share 54 % …; every core point made scores 60 %" read as a
		// contradiction (QA-41 F5 #1): say the ceiling first, then
		// what lifts the score past it.
		how = fmt.Sprintf("While a core point is missing, the points can make at most %s: up to %s from the core points and %s from the breadth, so a breadth point adds little. Make every core point and the score is %s outright.", pass, views.PctText(quiz.PassMark*0.9), views.PctText(quiz.PassMark*0.1), pass)
	default:
		how = "This question has no core points: the score is the share of its key points made."
		// (QA-54 L1: "Key points 3 of 4 83 %" beside "the share of its
		// key points" read as wrong arithmetic; the points weigh
		// differently)
		for _, p := range res.Points[1:] {
			if p.Weight != res.Points[0].Weight {
				how = "This question has no core points: the score is the share of its key points made, by weight (some points count double), so it need not be the count's share."
				break
			}
		}
	}
	afterFlags := points
	type cost struct {
		sev  quiz.Severity
		n    int
		each int
	}
	var costs []cost
	flagCost := 0
	// A flag that names the same sentence as another costs nothing of its
	// own (quiz.FlagCharges): it is not counted here either.
	charges := quiz.FlagCharges(res.Flags)
	for i, f := range res.Flags {
		if f.Dismissed || charges[i] == 0 {
			continue
		}
		afterFlags -= charges[i]
		each := views.Pct(charges[i])
		flagCost += each
		if i := slices.IndexFunc(costs, func(c cost) bool { return c.sev == f.Severity }); i >= 0 {
			costs[i].n++
		} else {
			costs = append(costs, cost{f.Severity, 1, each})
		}
	}
	afterFlags = clamp01(afterFlags)
	graded, reason := afterFlags, capReason(res)
	capped := reason != "" && graded > quiz.PassMark-0.01
	if capped {
		graded = quiz.PassMark - 0.01
	}
	if round3(graded) != round3(res.Score) {
		return nil
	}
	shown := quiz.Penalised(res.Score, overtime)
	overtimePct := views.Pct(quiz.OvertimePenalty)

	// Back from the score shown, in whole percents: the score as graded,
	// after the flags, the points' total.
	totalPct := views.Pct(shown)
	gradedPct := views.Pct(res.Score)
	if overtime && shown > 0 {
		gradedPct = totalPct + overtimePct
	}
	afterPct := gradedPct
	if capped {
		afterPct = views.Pct(afterFlags)
	}
	pointsPct := afterPct + flagCost
	if afterFlags == 0 {
		pointsPct = views.Pct(points)
	}
	corePct := views.Pct(corePart)
	breadthPct := max(pointsPct-corePct, 0)
	corePct = pointsPct - breadthPct

	b := &views.ScoreBreakdown{Total: totalPct, How: how}
	if core > 0 {
		b.Steps = append(b.Steps, views.BreakdownStep{Kind: "core", Label: fmt.Sprintf("Core %d of %d", coreHit, core), Delta: corePct})
		if breadth > 0 {
			b.Steps = append(b.Steps, views.BreakdownStep{Kind: "breadth", Label: fmt.Sprintf("breadth %d of %d", breadthHit, breadth), Delta: breadthPct})
		}
	} else {
		b.Steps = append(b.Steps, views.BreakdownStep{Kind: "points", Label: fmt.Sprintf("Key points %d of %d", breadthHit, breadth), Delta: pointsPct})
	}
	left := pointsPct
	for i, c := range costs {
		what := views.CountWord(c.n) + " " + string(c.sev) + " red flag"
		if c.n > 1 {
			what += "s"
		}
		d := c.n * c.each
		st := views.BreakdownStep{Kind: "flag", Label: what, Delta: -min(d, left)}
		if i == len(costs)-1 && afterFlags == 0 {
			// The score stops at 0: the flags take what is left, not
			// their whole cost (as FlagCost says it).
			st.Delta = -left
		}
		// A flag that took less than its cost says what one costs, not
		// the sum ("they cost 225 %"), and one that found nothing left
		// says so rather than reading as a cost of "+0 %" (QA-41 F5 #1).
		each := fmt.Sprintf("%s %d %%", pick(c.n > 1, "each costs", "it costs"), c.each)
		switch {
		case st.Delta == 0:
			st.Note = "nothing left to take: " + each
		case -st.Delta < d:
			st.Note = each + "; the score stops at 0"
		}
		left += st.Delta
		b.Steps = append(b.Steps, st)
	}
	if capped {
		b.Steps = append(b.Steps, views.BreakdownStep{Kind: "cap", Label: "held under the pass mark", Note: reason, Delta: gradedPct - afterPct})
	}
	if overtime && gradedPct > 0 {
		st := views.BreakdownStep{Kind: "overtime", Label: "overtime", Delta: totalPct - gradedPct}
		switch {
		case st.Delta == 0:
			st.Note = fmt.Sprintf("nothing left to take: it costs %d %%", overtimePct)
		case -st.Delta < overtimePct:
			st.Note = fmt.Sprintf("it costs %d %%; the score stops at 0", overtimePct)
		}
		b.Steps = append(b.Steps, st)
	}
	return b
}

// capReason says which cap of the grader's holds res just under the pass
// mark (quiz.CapOf), in the words of its note, or "" if none does.
func capReason(res quiz.Result) string {
	switch quiz.CapOf(res) {
	case quiz.CapList:
		return "a list of terms cannot pass"
	case quiz.CapNotProse:
		return "the exception is for answers in sentences"
	case quiz.CapOutline:
		return "an outline cannot pass"
	case quiz.CapBreadth:
		return "this question's pass also needs " + views.BreadthPoints(res.MinBreadth)
	}
	return ""
}

func clamp01(x float64) float64 { return min(max(x, 0), 1) }

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
