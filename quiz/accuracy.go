package quiz

// AccuracyReport is how well the free-text grader agrees with a labelled
// corpus of answers. The quiz tests compute it (go test ./quiz -run
// Accuracy) and write it as JSON with -update; the app publishes it on its
// "about the grader" page.
type AccuracyReport struct {
	// Method explains in a sentence or two how the figures are computed.
	Method string `json:"method"`
	// Threshold is the per-question accuracy below which the tests fail.
	Threshold float64 `json:"threshold"`
	// HoldoutThreshold is the accuracy on the holdout answers (all
	// questions together) below which the tests fail. Per-question
	// accuracy is inflated by the many easy "point not made" agreements;
	// the holdout figure is the one a new answer should expect.
	HoldoutThreshold float64 `json:"holdout_threshold"`
	// VerdictThreshold is the pass/fail agreement, over all answers and
	// over the holdout answers, below which the tests fail: the verdict is
	// what a learner sees first.
	VerdictThreshold float64 `json:"verdict_threshold"`
	// Overall covers every labelled answer.
	Overall AccuracyFigures `json:"overall"`
	// Holdout covers only the answers written aside and never used to tune
	// the matchers: the honest estimate for new answers.
	Holdout AccuracyFigures `json:"holdout"`
	// Questions has one entry per free-text question, in id order.
	Questions []QuestionAccuracy `json:"questions"`
}

// QuestionAccuracy is the agreement on one question's answers.
type QuestionAccuracy struct {
	Question string `json:"question"`
	AccuracyFigures
}

// AccuracyFigures are agreement rates between grader and labels, each from
// 0 to 1.
type AccuracyFigures struct {
	// Answers is the number of labelled answers.
	Answers int `json:"answers"`
	// Accuracy is the mean, over answers, of the share of decisions the
	// grader got right: every key point (hit or missed), every red flag
	// either expected or raised, and the pass/fail verdict.
	Accuracy float64 `json:"accuracy"`
	// Points is the share of key-point decisions that agree.
	Points float64 `json:"points"`
	// FlagPrecision is the share of raised flags that were expected, and
	// FlagRecall the share of expected flags that were raised. Each is nil
	// when there is nothing to count (no flag raised, no flag expected):
	// "no data" must not read as a perfect score.
	FlagPrecision *float64 `json:"flag_precision"`
	FlagRecall    *float64 `json:"flag_recall"`
	// Verdicts is the share of pass/fail verdicts that agree.
	Verdicts float64 `json:"verdicts"`
}
