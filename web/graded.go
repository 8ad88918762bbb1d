package web

import (
	"slices"
	"strings"

	"lockdrill/quiz"
	"lockdrill/web/views"
)

// buildGraded lists a graded free-text answer as every feedback page shows
// it (practice, a round's turn, the scorecard): its key points in the
// question's order, each labelled with its dimension in words and quoting
// what earned it, and its red flags, disputed ones included. The flags'
// explanations come from the catalog, never from the stored result; the
// sentences the second reader set aside are listed with their notes, so
// a page that finds no red flag can say that some were not counted. q is
// the question res was graded against; nil looks it up by res.Question,
// which names no bank question for a round's follow-up (graded against
// its probe): its page then offered no form to report a missed losing
// claim (QA-50b #086).
func buildGraded(bank *quiz.Bank, q *quiz.Question, text string, res *quiz.Result) views.Graded {
	var g views.Graded
	if res == nil {
		return g
	}
	for _, pt := range res.Points {
		row := views.PointRow{ID: pt.ID, Label: pt.Label, Dimension: quiz.DimensionLabel(pt.Dimension), Core: pt.Core, Hit: pt.Hit, Named: pt.Named,
			SelfAssessed: (pt.SelfAssessed || pt.Unrecovered) && !pt.Recovered, Recovered: pt.Recovered, Unrecovered: pt.Unrecovered && !pt.Recovered}
		if pt.Hit {
			row.Quote = PointQuote(text, pt.Spans)
		}
		g.Points = append(g.Points, row)
	}
	for i, f := range res.Flags {
		g.Flags = append(g.Flags, views.FlagRow{
			ID: f.ID, Label: f.Label, Severity: string(f.Severity), WhyHTML: bank.FlagWhyHTML(f.ID),
			Fatal: f.Severity == quiz.SeverityFatal, Dismissed: f.Dismissed, Retracted: f.Retracted, Quote: FlagQuote(text, f.Span),
			Demoted: f.Demoted && !f.Dismissed, CountedOnce: quiz.SameClaimAs(res.Flags, i) >= 0, SelfReported: f.SelfReported,
		})
	}
	if q == nil {
		q, _ = bank.ByID(res.Question)
	}
	if q != nil {
		own, other := bank.ReportableFlags(q, *res)
		for _, f := range own {
			g.Reportable = append(g.Reportable, views.FlagChoice{ID: f.ID, Label: f.Label, Severity: string(f.Severity)})
		}
		for _, f := range other {
			g.ReportableOther = append(g.ReportableOther, views.FlagChoice{ID: f.ID, Label: f.Label, Severity: string(f.Severity)})
		}
	}
	for _, sa := range res.SetAside {
		g.SetAside = append(g.SetAside, views.SetAsideRow{Labels: sa.Labels, Note: sa.Note})
	}
	return g
}

// otherNotes are the notes of res that the page does not already show:
// the set-aside list has its notes beside the flags, and the verdict
// lists each breadth point missed ("A fuller answer would add",
// MissingPoints), which the grader's fuller-answer note repeats.
func otherNotes(res *quiz.Result) []string {
	var out []string
	// The note that a fatal flag counted as major says nothing once the
	// learner has dismissed every flag it is about (QA-43: it still told
	// them to contest a flag they had contested).
	demotedStand := !slices.ContainsFunc(res.Flags, func(f quiz.FlagResult) bool { return f.Demoted }) ||
		slices.ContainsFunc(res.Flags, func(f quiz.FlagResult) bool { return f.Demoted && !f.Dismissed })
	for _, n := range res.Notes {
		if quiz.IsFullerNote(n) || !demotedStand && strings.HasPrefix(n, quiz.DemoteNotePrefix) {
			continue
		}
		if !slices.ContainsFunc(res.SetAside, func(sa quiz.SetAsideFlag) bool { return sa.Note == n }) {
			out = append(out, n)
		}
	}
	return out
}

// answerMarks is where the practice feedback highlights a free-text
// answer: what earned each point made, and what raised each flag that
// still stands.
func answerMarks(res *quiz.Result) []views.Mark {
	var marks []views.Mark
	for _, pt := range res.Points {
		if pt.Hit {
			for _, sp := range pt.Spans {
				marks = append(marks, views.Mark{Start: sp.Start, End: sp.End, Label: pt.Label})
			}
		}
	}
	for _, f := range res.Flags {
		if !f.Dismissed && !f.SelfReported {
			marks = append(marks, views.Mark{Start: f.Span.Start, End: f.Span.End, Label: "Red flag: " + f.Label, Flag: true})
		}
	}
	return marks
}

// followUpQuotes returns, for each point of qs's main answer that its
// follow-ups made (quiz.Recover), the phrase that made it in the first
// follow-up answer, in the order asked, that makes the point when graded
// against the main question, the answer Recover credits (followUpPhrase).
// A main answer whose follow-ups recovered nothing gives nil.
func followUpQuotes(bank *quiz.Bank, qs quiz.QuestionScore) map[string]string {
	res := qs.Main.Result
	if res == nil || !slices.ContainsFunc(res.Points, func(p quiz.PointResult) bool { return p.Recovered }) {
		return nil
	}
	q, ok := bank.ByID(qs.ID)
	if !ok || q.Kind != quiz.KindFreeText {
		return nil
	}
	out := map[string]string{}
	for _, f := range qs.FollowUps {
		if !f.Done() || f.Question != qs.ID {
			continue
		}
		fr := bank.Grade(q, quiz.Answer{Text: f.Text})
		for _, p := range res.Points {
			if _, done := out[p.ID]; done || !p.Recovered {
				continue
			}
			for _, fp := range fr.Points {
				if fp.ID == p.ID && fp.Hit {
					if qt := followUpPhrase(f.Text, fp.Spans, f.Result); qt != "" {
						out[p.ID] = qt
					}
				}
			}
		}
	}
	return out
}

// quoteFollowUps sets the quote of each point of g that a follow-up made
// to the follow-up's phrase in quotes (followUpQuotes).
func quoteFollowUps(g views.Graded, quotes map[string]string) views.Graded {
	for i := range g.Points {
		if qt, ok := quotes[g.Points[i].ID]; ok {
			g.Points[i].Quote, g.Points[i].FromFollowUp = qt, true
		}
	}
	return g
}

// followUpPhrase is the phrase of a follow-up answer text to quote for a
// main point found at spans in it: the quote the follow-up's own feedback
// (res) shows for its point found at the same words, so every page quotes
// one phrase (QA-36 F3 #2: the main question's matcher hit a single word,
// "unique", where the follow-up's feedback quoted "unique index on the
// event"); else the words at spans.
func followUpPhrase(text string, spans []quiz.Span, res *quiz.Result) string {
	if res != nil {
		for _, fp := range res.Points {
			if !fp.Hit {
				continue
			}
			for _, a := range fp.Spans {
				if slices.ContainsFunc(spans, func(b quiz.Span) bool { return a.Start < b.End && b.Start < a.End }) {
					if qt := PointQuote(text, fp.Spans); qt != "" {
						return qt
					}
				}
			}
		}
	}
	return PointQuote(text, spans)
}

// followUpCorrections returns, for each follow-up in follows (the
// follow-ups of the main answer to question mainID whose result is main,
// in the order asked) by its index, the points of its own result that
// the learner's correction on the main answer contradicts: a point of the
// main answer marked Unrecovered (quiz.ContestRecovered, "my follow-up
// did not make this") is the correction of the first answered follow-up
// that makes it when graded against the main question (the one Recover
// credits), and that follow-up's own points found at the same words are
// the ones its card ticked for them. Each maps to the label of the main
// point contested. Without it the follow-up's card kept its tick beside
// the main answer's "missed by your correction" (QA-38 F1 #3).
func followUpCorrections(bank *quiz.Bank, mainID string, main *quiz.Result, follows []quiz.Turn) map[int]map[string]string {
	if main == nil || !slices.ContainsFunc(main.Points, func(p quiz.PointResult) bool { return p.Unrecovered }) {
		return nil
	}
	q, ok := bank.ByID(mainID)
	if !ok || q.Kind != quiz.KindFreeText {
		return nil
	}
	out := map[int]map[string]string{}
	for _, p := range main.Points {
		if !p.Unrecovered {
			continue
		}
		for i, f := range follows {
			if !f.Done() || f.Question != mainID || f.FollowUp == "" {
				continue
			}
			fr := bank.Grade(q, quiz.Answer{Text: f.Text})
			j := slices.IndexFunc(fr.Points, func(fp quiz.PointResult) bool { return fp.ID == p.ID && fp.Hit })
			if j < 0 {
				continue
			}
			if f.Result != nil {
				for _, own := range f.Result.Points {
					if own.Hit && spansOverlap(own.Spans, fr.Points[j].Spans) {
						if out[i] == nil {
							out[i] = map[string]string{}
						}
						out[i][own.ID] = p.Label
					}
				}
			}
			break
		}
	}
	return out
}

// spansOverlap reports whether any span of a shares a byte with one of b.
func spansOverlap(a, b []quiz.Span) bool {
	for _, x := range a {
		if slices.ContainsFunc(b, func(y quiz.Span) bool { return x.Start < y.End && y.Start < x.End }) {
			return true
		}
	}
	return false
}

// markCorrected marks each point of g that corrected holds (one
// follow-up's entry of followUpCorrections) with the main point the
// learner's correction said it did not make.
func markCorrected(g views.Graded, corrected map[string]string) views.Graded {
	for i := range g.Points {
		if label, ok := corrected[g.Points[i].ID]; ok && g.Points[i].Hit {
			g.Points[i].ContestedOnMain = label
		}
	}
	return g
}
