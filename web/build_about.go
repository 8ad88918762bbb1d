package web

import (
	"slices"
	"strings"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// buildAboutGrader is /about/grader: the pass mark and penalties, the
// questions that also ask for breadth points, every red flag, and the
// grader's published accuracy when the catalog has it.
func buildAboutGrader(cat *content.Catalog) views.AboutGraderView {
	v := views.AboutGraderView{PassPct: views.Pct(quiz.PassMark), SparePct: views.Pct(quiz.CoreSpareBreadth), SpareMaxPct: views.Pct(quiz.CoreSpareMax), Fatal: views.Pct(quiz.Penalty(quiz.SeverityFatal)), Major: views.Pct(quiz.Penalty(quiz.SeverityMajor)), Minor: views.Pct(quiz.Penalty(quiz.SeverityMinor)),
		Round: views.RoundRules{MaxFollowUps: quiz.MaxFollowUps, FollowUpPct: views.Pct(quiz.FollowUpShare), MainPct: views.Pct(1 - quiz.FollowUpShare), OvertimePoints: views.Pct(quiz.OvertimePenalty),
			StrongHirePct: views.Pct(quiz.StrongHireMark), HirePct: views.Pct(quiz.HireMark), LeanPct: views.Pct(quiz.LeanNoMark)}}
	for _, q := range cat.Questions.All() {
		if q.MinBreadth > 0 {
			v.BreadthMinimums = append(v.BreadthMinimums, views.BreadthMinimum{Title: q.Title, Href: urls.Question(q.ID), Points: q.MinBreadth})
		}
	}
	for _, f := range cat.Questions.Flags() {
		v.Flags = append(v.Flags, views.FlagInfo{Label: f.Label, Severity: string(f.Severity), WhyHTML: f.WhyHTML, Fatal: f.Severity == quiz.SeverityFatal})
	}
	rep := cat.Accuracy
	if rep != nil && rep.Blind != nil {
		v.Blind = blindView(rep.Blind)
	}
	if rep != nil {
		v.Published, v.Method = true, rep.Method
		v.ThresholdPct, v.HoldoutThresholdPct, v.VerdictThresholdPct = views.Pct(rep.Threshold), views.Pct(rep.HoldoutThreshold), views.Pct(rep.VerdictThreshold)
		v.Overall = accuracyFigures(rep.Overall)
		v.Holdout, v.HasHoldout = accuracyFigures(rep.Holdout), rep.Holdout.Answers > 0
		for _, qa := range rep.Questions {
			row := views.AccuracyRow{Question: qa.Question, Title: qa.Question, AccuracyFigures: accuracyFigures(qa.AccuracyFigures)}
			if q, ok := cat.Questions.ByID(qa.Question); ok {
				row.Title, row.Href = q.Title, urls.Question(q.ID)
			}
			v.Rows = append(v.Rows, row)
		}
	}
	return v
}

func accuracyFigures(f quiz.AccuracyFigures) views.AccuracyFigures {
	return views.AccuracyFigures{
		Answers: f.Answers, Accuracy: views.PctText(f.Accuracy), Points: views.PctText(f.Points),
		FlagPrecision: views.RateText(f.FlagPrecision), FlagRecall: views.RateText(f.FlagRecall), Verdicts: views.PctText(f.Verdicts),
	}
}

func blindView(b *quiz.BlindReport) *views.BlindView {
	fig := func(f quiz.BlindFigures) views.BlindFigures {
		return views.BlindFigures{Writers: strings.Join(f.Writers, ", "), Answers: f.Answers, Verdicts: views.PctTenthText(f.Verdicts),
			FalsePasses: f.FalsePasses, FalseFails: f.FalseFails, PassFlagged: f.PassFlagged, PassAnswers: f.PassAnswers,
			PassFatal: f.PassFatal, FatalMeasured: f.FatalMeasured, ShouldFlagged: f.ShouldFlagged, ShouldFlag: f.ShouldFlag, Flagged: views.PctTenthText(f.Flagged), SaladPasses: f.SaladPasses, Salads: f.Salads}
	}
	v := &views.BlindView{Method: b.Method, Detail: b.Detail, DetailParts: detailParts(b.Detail), TargetVerdicts: views.PctTenthText(b.Targets.Verdicts), FloorVerdicts: views.PctTenthText(b.Floors.Verdicts),
		TargetFlagged: views.PctTenthText(b.Targets.Flagged), FloorFlagged: views.PctTenthText(b.Floors.Flagged), FloorPassFlagged: b.Floors.MaxPassFlagged,
		Lead: fig(b.Lead), LeadName: b.LeadName}
	for _, r := range b.Rows {
		v.Rows = append(v.Rows, views.BlindRow{Label: r.Label, Figures: fig(r.Figures)})
	}
	lead := b.Lead
	for _, k := range lead.Kinds {
		v.Kinds = append(v.Kinds, views.BlindKind{Kind: k.Kind, Agree: k.Agree, Answers: k.Answers, Short: k.Answers > 0 && float64(k.Agree) < b.Targets.Verdicts*float64(k.Answers)})
	}
	if ok, miss := b.Targets.Meets(lead); !ok {
		v.Missed = miss
	}
	for _, r := range b.Rows {
		if !r.Unread || slices.Equal(r.Figures.Writers, lead.Writers) {
			continue
		}
		if ok, miss := b.Targets.Meets(r.Figures); !ok {
			// "Earlier holdout, now (grader g31)" reads "earlier holdout (Q,
			// R)"; "Validation writers DS, DY, kept unread, now" reads
			// "validation writers kept unread (DS, DY)".
			name, _, _ := strings.Cut(r.Label, ", now")
			w := strings.Join(r.Figures.Writers, ", ")
			name = strings.Replace(name, " "+w+",", "", 1)
			name = strings.ToLower(name[:1]) + name[1:] + " (" + w + ")"
			v.AlsoMissed = append(v.AlsoMissed, views.SplitMiss{Label: name, Missed: miss})
		}
	}
	if j := b.Judge; j != nil && j.Answers > 0 {
		v.JudgeAnswers, v.JudgeVerdicts, v.JudgeFlags = j.Answers, j.Verdicts, j.Flags
		v.JudgePct = views.PctText(float64(j.Verdicts) / float64(j.Answers))
		v.JudgeSample = j.Sample
	}
	return v
}

// detailParts cuts the blind corpus's history into one paragraph per
// grader version: a part starts at each sentence that opens "For g" and a
// number ("For g6, C to F were released ...").
func detailParts(detail string) []string {
	var parts []string
	rest := detail
	for {
		i := nextVersionSentence(rest)
		if i < 0 {
			break
		}
		if head := strings.TrimSpace(rest[:i]); head != "" {
			parts = append(parts, head)
		}
		rest = rest[i:]
		j := nextVersionSentence(rest[1:])
		if j < 0 {
			break
		}
		parts = append(parts, strings.TrimSpace(rest[:j+1]))
		rest = rest[j+1:]
	}
	if tail := strings.TrimSpace(rest); tail != "" {
		parts = append(parts, tail)
	}
	return parts
}

// nextVersionSentence is the index in s of the next sentence that opens
// "For g" and a digit, or -1.
func nextVersionSentence(s string) int {
	for off := 0; ; {
		i := strings.Index(s[off:], "For g")
		if i < 0 {
			return -1
		}
		i += off
		if at := i + len("For g"); at < len(s) && s[at] >= '0' && s[at] <= '9' && (i == 0 || strings.HasSuffix(s[:i], ". ")) {
			return i
		}
		off = i + 1
	}
}
