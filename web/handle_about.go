package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/quiz"
	"lockdrill/web/views"
)

// handleAboutGrader handles "GET /about/grader": how free text is graded,
// the red flags, and the grader's measured accuracy.
func (s *Server) handleAboutGrader(c echo.Context) error {
	v := views.AboutGraderView{PassPct: views.Pct(quiz.PassMark), Fatal: views.Pct(quiz.Penalty(quiz.SeverityFatal)), Major: views.Pct(quiz.Penalty(quiz.SeverityMajor)), Minor: views.Pct(quiz.Penalty(quiz.SeverityMinor))}
	for _, f := range s.cat.Questions.Flags() {
		v.Flags = append(v.Flags, views.FlagInfo{Label: f.Label, Severity: string(f.Severity), WhyHTML: f.WhyHTML, Fatal: f.Severity == quiz.SeverityFatal})
	}
	if rep := s.cat.Accuracy; rep != nil {
		v.Published, v.Method = true, rep.Method
		v.ThresholdPct, v.HoldoutThresholdPct, v.VerdictThresholdPct = views.Pct(rep.Threshold), views.Pct(rep.HoldoutThreshold), views.Pct(rep.VerdictThreshold)
		v.Overall = accuracyFigures(rep.Overall)
		v.Holdout, v.HasHoldout = accuracyFigures(rep.Holdout), rep.Holdout.Answers > 0
		for _, qa := range rep.Questions {
			row := views.AccuracyRow{Question: qa.Question, Title: qa.Question, AccuracyFigures: accuracyFigures(qa.AccuracyFigures)}
			if q, ok := s.cat.Questions.ByID(qa.Question); ok {
				row.Title, row.Href = q.Title, "/practice/"+q.ID
			}
			v.Rows = append(v.Rows, row)
		}
	}
	p := s.page(c, "How answers are graded", "")
	p.Description = "How lockdrill grades free-text interview answers without a language model, and how accurate the grader is."
	return render(c, http.StatusOK, views.AboutGrader(p, v))
}

func accuracyFigures(f quiz.AccuracyFigures) views.AccuracyFigures {
	return views.AccuracyFigures{
		Answers: f.Answers, Accuracy: views.PctText(f.Accuracy), Points: views.PctText(f.Points),
		FlagPrecision: views.RateText(f.FlagPrecision), FlagRecall: views.RateText(f.FlagRecall), Verdicts: views.PctText(f.Verdicts),
	}
}
