package quiz

// PassMark is the lowest score that passes a question, provided no fatal
// red flag was raised.
const PassMark = 0.6

// Span is a byte range [Start, End) of the learner's answer text.
type Span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Result is a graded answer. It is plain data (JSON-serialisable) so an
// attempt can store it and a later page (feedback, scorecard) can show it
// without grading again.
type Result struct {
	// Question is the question id.
	Question string `json:"question"`
	// Kind is the question kind.
	Kind Kind `json:"kind"`
	// Score is the credit from 0 to 1, after red-flag penalties.
	Score float64 `json:"score"`
	// Passed is Score >= PassMark with no fatal red flag.
	Passed bool `json:"passed"`
	// Fatal reports that a fatal red flag was raised: the round is lost.
	Fatal bool `json:"fatal"`
	// Suggested is the rating the feedback page preselects.
	Suggested Rating `json:"suggested"`
	// SelfAssessed reports that the learner corrected ticks (see Rescore).
	SelfAssessed bool `json:"self_assessed,omitempty"`

	// Points are the key points of a free-text question, hit or missed, in
	// question order.
	Points []PointResult `json:"points,omitempty"`
	// Flags are the red flags raised, worst first.
	Flags []FlagResult `json:"flags,omitempty"`
	// Notes are general remarks on the answer's form, for example that
	// most of it is a list of keywords.
	Notes []string `json:"notes,omitempty"`
	// SetAside are the sentences that have the wording of a known mistake
	// but raised no red flag because the second reader set them aside,
	// each with the note (one of Notes) that says why: "no red flag" is
	// not all a page should say of such an answer.
	SetAside []SetAsideFlag `json:"set_aside,omitempty"`
	// List reports a free-text answer that is mostly a list of terms, and
	// NotProse one under half of whose words are in prose sentences: the
	// caps on their score hold when ticks are corrected (Rescore).
	List     bool `json:"list,omitempty"`
	NotProse bool `json:"not_prose,omitempty"`
	// Outline reports an answer too short, or a one-line outline, that
	// cannot pass (capOutline): a correction of its ticks or flags keeps
	// it below the pass mark too.
	Outline bool `json:"outline,omitempty"`
	// MinBreadth is the question's MinBreadth when the answer was graded:
	// a correction of its ticks (Rescore) is held to it too.
	MinBreadth int `json:"min_breadth,omitempty"`

	// Options is per-option feedback for single, multiple and predict
	// questions, in question order.
	Options []OptionResult `json:"options,omitempty"`
	// Steps is per-step feedback for an ordering question, in the
	// learner's order.
	Steps []StepResult `json:"steps,omitempty"`
	// Misplaced are the ids of the steps outside the longest correctly
	// ordered subsequence: moving them fixes the order.
	Misplaced []string `json:"misplaced,omitempty"`
	// Broken are the must-precede rules the order breaks; any one fails
	// the answer.
	Broken []BrokenOrder `json:"broken,omitempty"`
	// Line is the feedback for a spot-the-bug question.
	Line *LineResult `json:"line,omitempty"`
}

// SetAsideFlag is one sentence of a free-text answer whose wording matched
// the patterns of one or more red flags that were not counted, because
// the second reader reads the sentence as naming the mistakes rather than
// making them (readerVeto).
type SetAsideFlag struct {
	// IDs and Labels name the red flags whose patterns matched the
	// sentence, in the order the grader checks them.
	IDs    []string `json:"ids"`
	Labels []string `json:"labels"`
	// Span is the sentence.
	Span Span `json:"span"`
	// Note says why the flags were not counted; it is also in the
	// result's Notes.
	Note string `json:"note"`
}

// PointResult is one key point of a free-text answer.
type PointResult struct {
	// ID is the point id.
	ID string `json:"id"`
	// Label is the point as the feedback lists it.
	Label string `json:"label"`
	// Dimension is the interview dimension it counts towards.
	Dimension string `json:"dimension"`
	// Weight is its share of the score (1 unless the question says
	// otherwise).
	Weight float64 `json:"weight"`
	// Core reports one of the points an answer must make to pass.
	Core bool `json:"core,omitempty"`
	// Hit reports the point as made.
	Hit bool `json:"hit"`
	// Named reports that the point's terms appear only in a keyword list
	// or fragment: named, not explained, so not credited.
	Named bool `json:"named,omitempty"`
	// Spans are where in the answer the point was found (or named). Every
	// tick the grader gives has at least one.
	Spans []Span `json:"spans,omitempty"`
	// SelfAssessed reports the learner set Hit, overriding the grader.
	SelfAssessed bool `json:"self_assessed,omitempty"`
	// Recovered reports a key point the main answer missed and a
	// follow-up answer made (see Recover).
	Recovered bool `json:"recovered,omitempty"`
	// Unrecovered reports, on a main answer of a round that missed the
	// point, that the learner contested the follow-up's making it (see
	// ContestRecovered): Recover leaves it missed, and the result is
	// self-assessed.
	Unrecovered bool `json:"unrecovered,omitempty"`
	// Probed reports, on a main answer of a round, a core point a
	// follow-up asked about that its answer did not make, or made beside a
	// losing claim (see Recover): the gap is shown, so the lenience for
	// one missed core point (RuleCoreSpare) no longer applies.
	Probed bool `json:"probed,omitempty"`
}

// FlagResult is a red flag raised by a free-text answer.
type FlagResult struct {
	// ID is the red flag id.
	ID string `json:"id"`
	// Label names the mistake.
	Label string `json:"label"`
	// Why explains why it loses the round (markdown).
	Why string `json:"why"`
	// WhyHTML is Why rendered to HTML, set by Grade for callers holding
	// the result in memory. It is never stored (a stored result must not
	// be trusted as HTML, and would go stale when the content is edited):
	// pages look it up with Bank.FlagWhyHTML.
	WhyHTML string `json:"-"`
	// Severity ranks it.
	Severity Severity `json:"severity"`
	// Span is the sentence part that raised it.
	Span Span `json:"span"`
	// Claim is the whole sentence Span stands in, set by Grade: flags
	// whose Claim is the same name one mistake, which costs once (see
	// FlagCharges). Results stored before g44 have none, and each of
	// their flags costs on its own, as it did then.
	Claim Span `json:"claim,omitzero"`
	// Dismissed reports that the learner disputed the flag (see Rescore);
	// a dismissed flag no longer counts.
	Dismissed bool `json:"dismissed,omitempty"`
	// Retracted reports the candidate took the claim back in a follow-up
	// (see Recover); a retracted flag is dismissed too.
	Retracted bool `json:"retracted,omitempty"`
	// Demoted reports a fatal flag counted as major because the rest of
	// the answer reads clean (see demoteFatal); Severity is then major.
	Demoted bool `json:"demoted,omitempty"`
	// SelfReported reports a flag the grader did not raise and the
	// learner reported: they say the answer makes this losing claim
	// (Bank.ReportFlag). It counts like a raised flag; it has no Span.
	SelfReported bool `json:"self_reported,omitempty"`
}

// OptionResult is the feedback on one option of a choice question.
type OptionResult struct {
	// ID is the option id.
	ID string `json:"id"`
	// Text is the option text (inline markdown) and TextHTML its
	// rendering. The HTML fields are never stored; pages look them up with
	// Bank.OptionTextHTML and Bank.OptionWhyHTML.
	Text     string `json:"text"`
	TextHTML string `json:"-"`
	// Chosen reports the learner picked it.
	Chosen bool `json:"chosen"`
	// Correct reports it belongs to the key.
	Correct bool `json:"correct"`
	// Why explains the option (markdown) and WhyHTML is its rendering.
	Why     string `json:"why"`
	WhyHTML string `json:"-"`
}

// StepResult is one step of an ordering answer, at the learner's position.
type StepResult struct {
	// ID is the step id.
	ID string `json:"id"`
	// Text is the step text and TextHTML its rendering, which is never
	// stored; pages look it up with Bank.StepTextHTML.
	Text     string `json:"text"`
	TextHTML string `json:"-"`
	// Position is where the learner put it, from 1.
	Position int `json:"position"`
	// Correct is where it belongs, from 1.
	Correct int `json:"correct"`
	// InOrder reports the step belongs to the longest correctly ordered
	// subsequence; the others are the misplaced ones.
	InOrder bool `json:"in_order"`
}

// LineResult is the feedback on a spot-the-bug answer.
type LineResult struct {
	// Chosen is the line the learner picked and ChosenWhy its explanation
	// (empty when the file has none for that line).
	Chosen    int    `json:"chosen"`
	ChosenWhy string `json:"chosen_why,omitempty"`
	// Bug is the faulty line and BugWhy why it is the bug.
	Bug    int    `json:"bug"`
	BugWhy string `json:"bug_why"`
}

// Hits returns the ids of the points hit.
func (r Result) Hits() []string {
	var out []string
	for _, p := range r.Points {
		if p.Hit {
			out = append(out, p.ID)
		}
	}
	return out
}

// Missed returns the ids of the points missed. Follow-up questions are
// chosen from these and from FlagIDs.
func (r Result) Missed() []string {
	var out []string
	for _, p := range r.Points {
		if !p.Hit {
			out = append(out, p.ID)
		}
	}
	return out
}

// FlagIDs returns the ids of the red flags raised and not dismissed.
func (r Result) FlagIDs() []string {
	var out []string
	for _, f := range r.Flags {
		if !f.Dismissed {
			out = append(out, f.ID)
		}
	}
	return out
}

// Coverage is the share of a dimension's key points an answer made.
type Coverage struct {
	// Hit is the weight of the points made, Total the weight of all.
	Hit   float64 `json:"hit"`
	Total float64 `json:"total"`
	// Made and Points count the points themselves, as a page lists them
	// (core points weigh more, so Hit/Total is not Made/Points).
	Made   int `json:"made"`
	Points int `json:"points"`
}

// ByDimension returns, for each dimension that has points, the weight hit
// and the total, so a scorecard can sum them over a round.
func (r Result) ByDimension() map[string]Coverage {
	out := map[string]Coverage{}
	for _, p := range r.Points {
		c := out[p.Dimension]
		c.Total += p.Weight
		c.Points++
		if p.Hit {
			c.Hit += p.Weight
			c.Made++
		}
		out[p.Dimension] = c
	}
	return out
}
