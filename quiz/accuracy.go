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
	// Blind is the agreement with the blind corpus: the figures to trust.
	Blind *BlindReport `json:"blind,omitempty"`
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

// BlindReport is the grader's agreement with answers written blind: by
// people who saw only the question prompts, labelled pass or fail (and
// whether a red flag should fire) before the grader ran on them.
type BlindReport struct {
	// Method says in plain words how the corpus was made and split;
	// Detail tells the same writer by writer, for the record.
	Method string `json:"method"`
	Detail string `json:"detail"`
	// Targets are the figures the grader is meant to reach on the holdout.
	Targets BlindGate `json:"targets"`
	// Floors are what the tests enforce on the lead holdout today: the
	// honest current figures where a target is not reached yet.
	Floors BlindGate `json:"floors"`
	// LeadName names the split a reader should judge the grader by (the
	// freshest holdout, read by nobody), and Lead is its figures now.
	LeadName string       `json:"lead_name"`
	Lead     BlindFigures `json:"lead"`
	// Rows are every split's figures, now and when it arrived, in the
	// order the page lists them.
	Rows []BlindRow `json:"rows"`
	// Judge is how often a second, independent judge gave the writers'
	// labels; nil when no second judging was done.
	Judge *JudgeFigures `json:"judge,omitempty"`
}

// JudgeFigures compare the writers' labels with a second judge's, who saw
// each question and answer but neither the writer's label nor its kind.
type JudgeFigures struct {
	Answers int `json:"answers"`
	// Verdicts and Flags count the answers where the judge's pass/fail,
	// and the judge's "asserts a claim that loses the round", equal the
	// writer's.
	Verdicts int `json:"verdicts"`
	Flags    int `json:"flags"`
	// Sample says which answers the judge labelled, in words ("500
	// sampled from the tuning writers and all 792 of writers EY, EZ and
	// FA").
	Sample string `json:"sample"`
}

// BlindRow is one line of the blind evaluation: a split of writers,
// measured by a grader generation at a moment the label says.
type BlindRow struct {
	Label   string       `json:"label"`
	Figures BlindFigures `json:"figures"`
	// Unread reports answers nobody read while tuning, measured by the
	// grader as it is now: a holdout's or an unread split's current row.
	Unread bool `json:"unread,omitempty"`
}

// BlindGate is a set of thresholds on BlindFigures.
type BlindGate struct {
	// Verdicts is the least pass/fail agreement.
	Verdicts float64 `json:"verdicts"`
	// MaxPassFlagged is the most answers labelled pass that may raise a
	// red flag.
	MaxPassFlagged int `json:"max_pass_flagged"`
	// Flagged is the least share of should-flag answers flagged.
	Flagged float64 `json:"flagged"`
	// MaxSaladPasses is the most keyword lists that may pass.
	MaxSaladPasses int `json:"max_salad_passes"`
	// MaxPassFatal is the most answers labelled pass that may raise a
	// fatal red flag (held where it was counted, since g19).
	MaxPassFatal int `json:"max_pass_fatal"`
}

// BlindFigures are the grader's agreement with one part of the blind
// corpus.
type BlindFigures struct {
	Writers []string `json:"writers"`
	Answers int      `json:"answers"`
	// Verdicts is the share of pass/fail verdicts that agree; FalsePasses
	// and FalseFails count the others.
	Verdicts    float64 `json:"verdicts"`
	FalsePasses int     `json:"false_passes"`
	FalseFails  int     `json:"false_fails"`
	// PassFlagged of the PassAnswers (labelled pass) raised a red flag,
	// PassFatal a fatal one (since g19; figures measured before it have
	// none recorded).
	PassAnswers int `json:"pass_answers"`
	PassFlagged int `json:"pass_flagged"`
	PassFatal   int `json:"pass_fatal,omitempty"`
	// FatalMeasured reports that PassFatal was counted (figures measured
	// before g19 did not count it).
	FatalMeasured bool `json:"fatal_measured,omitempty"`
	// ShouldFlagged of the ShouldFlag answers (asserting a losing claim)
	// raised one; Flagged is the share.
	ShouldFlag    int     `json:"should_flag"`
	ShouldFlagged int     `json:"should_flagged"`
	Flagged       float64 `json:"flagged"`
	// SaladPasses of the Salads (keyword lists) passed.
	Salads      int `json:"salads"`
	SaladPasses int `json:"salad_passes"`
	// Kinds is the verdict agreement per kind of answer.
	Kinds []KindFigures `json:"kinds"`
}

// KindFigures is the verdict agreement on one kind of blind answer.
type KindFigures struct {
	Kind    string `json:"kind"`
	Answers int    `json:"answers"`
	Agree   int    `json:"agree"`
}

// Meets reports whether f reaches every threshold of g, and which it
// misses.
func (g BlindGate) Meets(f BlindFigures) (bool, []string) {
	var miss []string
	if f.Verdicts < g.Verdicts {
		miss = append(miss, "verdicts")
	}
	if f.PassFlagged > g.MaxPassFlagged {
		miss = append(miss, "red flags on passing answers")
	}
	if f.Flagged < g.Flagged {
		miss = append(miss, "losing claims flagged")
	}
	if f.SaladPasses > g.MaxSaladPasses {
		miss = append(miss, "keyword lists passing")
	}
	if f.FatalMeasured && f.PassFatal > g.MaxPassFatal {
		miss = append(miss, "fatal red flags on passing answers")
	}
	return len(miss) == 0, miss
}
