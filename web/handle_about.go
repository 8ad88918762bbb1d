package web

import (
	"errors"
	"io/fs"
	"math"
	"net/http"

	"github.com/labstack/echo/v4"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/web/views"
)

// handleAboutGrader handles "GET /about/grader": how free text is graded,
// the red flags, and the grader's measured accuracy.
func (s *Server) handleAboutGrader(c echo.Context) error {
	v := views.AboutGraderView{PassPct: int(quiz.PassMark * 100), Fatal: penaltyPct(quiz.SeverityFatal), Major: penaltyPct(quiz.SeverityMajor), Minor: penaltyPct(quiz.SeverityMinor)}
	for _, f := range s.cat.Questions.Flags() {
		v.Flags = append(v.Flags, views.FlagInfo{Label: f.Label, Severity: string(f.Severity), WhyHTML: f.WhyHTML, Fatal: f.Severity == quiz.SeverityFatal})
	}
	rep, err := loadAccuracy(content.Embedded())
	if err != nil {
		return err
	}
	if rep != nil {
		v.Published, v.Method = true, rep.Method
		v.ThresholdPct = int(math.Round(rep.Threshold * 100))
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

// loadAccuracy reads the published accuracy report, or nil when none has
// been published yet.
func loadAccuracy(fsys fs.FS) (*quiz.AccuracyReport, error) {
	rep, err := content.LoadAccuracy(fsys)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return rep, err
}

// penaltyPct is a severity's penalty in whole percent, for the page.
func penaltyPct(sev quiz.Severity) int { return int(math.Round(quiz.Penalty(sev) * 100)) }

func accuracyFigures(f quiz.AccuracyFigures) views.AccuracyFigures {
	return views.AccuracyFigures{
		Answers: f.Answers, Accuracy: percent(f.Accuracy), Points: percent(f.Points),
		FlagPrecision: percent(f.FlagPrecision), FlagRecall: percent(f.FlagRecall), Verdicts: percent(f.Verdicts),
	}
}
