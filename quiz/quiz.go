// Package quiz is the practice domain: the question bank, one grader per
// question kind, the shared red flags and spaced-review scheduling.
//
// It is pure: no HTTP, no SQL, no wall clock (every time is passed in), no
// package-level state. The content package parses the question files into
// the types below and calls NewBank, which validates every question and
// compiles its matchers once, so grading an answer only reads shared data
// and is safe from many goroutines.
//
// Free-text answers are graded without a language model: the answer is
// normalised, tokenised and stemmed, split into sentences and clauses, and
// negation scopes are marked; each key point's patterns (see Pattern) are
// looked for in sentences that make a claim (prose, or a terse sentence
// held together by a verb or preposition) and are not list items dressed
// as sentences ("It is X. It is Y. It is Z."), so a bare list of keywords
// names points without earning them. Red flags are patterns too, each with
// a severity; a fatal one loses the round whatever the score. A flag is
// raised only by what the answer claims: not by a claim it rejects ("it is
// not true that ...", a quotation it calls wrong), nor by a suspect named
// in a debugging step ("look for ...").
package quiz

import (
	"errors"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Kind is the kind of exercise a question is, and so which grader marks it.
type Kind string

// The question kinds. The string values are what question files use.
const (
	// KindFreeText is an interview question answered in prose and graded
	// against key points and red flags.
	KindFreeText Kind = "free-text"
	// KindSingle is a single-choice question: exactly one option is correct.
	KindSingle Kind = "single"
	// KindMultiple is a multiple-choice question with partial credit.
	KindMultiple Kind = "multiple"
	// KindOrdering asks for steps in order; credit is the longest correctly
	// ordered subsequence.
	KindOrdering Kind = "ordering"
	// KindSpotTheBug shows a snippet and asks for its faulty line.
	KindSpotTheBug Kind = "spot-the-bug"
	// KindPredict asks for the outcome of a sandbox preset, as a single
	// choice.
	KindPredict Kind = "predict"
)

// Kinds lists every kind in the order the practice pages present them.
func Kinds() []Kind {
	return []Kind{KindFreeText, KindSingle, KindMultiple, KindOrdering, KindSpotTheBug, KindPredict}
}

// Valid reports whether k is one of the known kinds.
func (k Kind) Valid() bool {
	for _, v := range Kinds() {
		if k == v {
			return true
		}
	}
	return false
}

// Objective reports whether k is graded by comparing against a key rather
// than by matching prose, that is every kind but free text.
func (k Kind) Objective() bool { return k != KindFreeText && k.Valid() }

// Topic is one of the agreed question topics, used to group questions on
// the practice page and to measure mastery.
type Topic struct {
	// ID is the agreed topic id, such as "fencing".
	ID string `json:"id"`
	// Title is the heading the practice and progress pages show.
	Title string `json:"title"`
}

// Topics returns the agreed topics in display order. A question's topic
// must be one of these ids.
func Topics() []Topic {
	return []Topic{
		{ID: "leases", Title: "Leases, not mutexes"},
		{ID: "fencing", Title: "Fencing tokens"},
		{ID: "redlock", Title: "Redlock and consensus"},
		{ID: "ttl", Title: "Choosing and extending the TTL"},
		{ID: "avoiding-locks", Title: "Doing without a lock"},
		{ID: "implementation", Title: "Implementing a lock"},
		{ID: "operations", Title: "Operating and debugging locks"},
	}
}

// Dimensions returns the agreed interview dimensions in scorecard order.
// Every free-text key point carries one, so a round can report coverage
// per dimension.
func Dimensions() []string {
	return []string{"failure-modes", "safety-mechanisms", "trade-offs", "alternatives"}
}

// Text is a piece of authored markdown together with its HTML rendering.
// The HTML is produced by the content loader in goldmark's safe mode (raw
// HTML in the source is dropped), so the web may mark it as trusted; quiz
// carries it as a plain string so that it stays free of html/template.
type Text struct {
	// Markdown is the source as written in the question file.
	Markdown string `json:"markdown"`
	// HTML is Markdown rendered to HTML.
	HTML string `json:"html"`
}

// Question is one exercise of any kind. Which fields are set depends on
// Kind; NewBank (through Compile) checks that the ones a kind needs are
// present and the others are empty.
type Question struct {
	// ID is the stable id, used in URLs, attempts and review cards.
	ID string
	// Kind selects the grader.
	Kind Kind
	// Topic is one of the ids of Topics.
	Topic string
	// Title is the short question shown in lists.
	Title string
	// Guide is the slug of the guide section that teaches the answer.
	Guide string
	// Preset is the id of the sandbox preset that shows the scenario, or
	// empty when none fits. Predict questions always have one.
	Preset string

	// Prompt is the question as asked.
	Prompt Text
	// ModelAnswer is what a strong candidate would say (free text), or an
	// optional worked answer for objective kinds.
	ModelAnswer Text
	// Explanation is shown after grading: why the answer is what it is.
	Explanation Text

	// Points are the 4–7 key points a free-text answer should make.
	Points []Point
	// Hints are short nudges, shown one at a time before answering.
	Hints []string
	// Flags lists the ids of the shared red flags checked for this
	// free-text question; nil means all of them.
	Flags []string

	// Options are the choices of a single, multiple or predict question.
	Options []Option
	// Steps are the steps of an ordering question, in the correct order.
	// They are presented in Shuffled order.
	Steps []Step
	// Code is the snippet of a spot-the-bug question.
	Code *Code
}

// Point is one key point of a free-text question.
type Point struct {
	// ID is unique within its question (and distinct from every red flag
	// id, so a self-assessment tick names one or the other).
	ID string
	// Label says the point in a few words, as the feedback lists it.
	Label string
	// Dimension is one of Dimensions.
	Dimension string
	// Weight is the point's share of the score relative to the other
	// points; zero means 1.
	Weight float64
	// Match holds patterns in the matcher language (see Pattern); the
	// point is made when any one of them matches a claim (a prose or
	// terse sentence, not a keyword fragment nor a dressed list item).
	Match []string
	// Requires holds patterns that must all match somewhere in the answer
	// as well, for points that need two ideas said in different sentences.
	Requires []string
	// Core marks one of the two or three points an answer must make to
	// pass; the others are breadth and raise the score above the pass line.
	Core bool

	match    []*Pattern
	requires []*Pattern
}

// Option is one choice of a single, multiple or predict question.
type Option struct {
	// ID is unique within the question ("a", "b", ...); answers name it.
	ID string
	// Text is the option as shown, in inline markdown.
	Text string
	// TextHTML is Text rendered as inline HTML (no enclosing paragraph).
	TextHTML string
	// Correct marks the options that belong to the key.
	Correct bool
	// Why explains why the option is right or wrong; every option has one.
	Why string
	// WhyHTML is Why rendered as inline HTML.
	WhyHTML string
	// Dangerous marks a wrong option that is a losing claim in an
	// interview: picking it fails the exercise whatever else is right.
	Dangerous bool
}

// Step is one step of an ordering question.
type Step struct {
	// ID is unique within the question; answers list ids in order.
	ID string
	// Text is the step as shown, in inline markdown.
	Text string
	// TextHTML is Text rendered as inline HTML.
	TextHTML string
	// MustPrecede lists the steps this one must come before whatever the
	// rest of the order: putting one of them first opens a race, and the
	// answer fails however many pairs it has right.
	MustPrecede []Precede
}

// Precede is a safety-critical ordering: the step that owns it must come
// before Step.
type Precede struct {
	// Step is the id of the step that must come later.
	Step string
	// Race says what goes wrong when the order is broken, as the feedback
	// shows it.
	Race string
}

// BrokenOrder is a must-precede rule an ordering answer broke.
type BrokenOrder struct {
	// First must come before Then.
	First, Then string
	// Race is what the broken order lets happen.
	Race string
}

// Code is the snippet of a spot-the-bug question.
type Code struct {
	// Lang names the language for highlighting ("lua", "go", "sql", ...).
	Lang string
	// Lines are the snippet's lines; line numbers count from 1.
	Lines []string
	// Bug is the number of the faulty line.
	Bug int
	// LinesWhy explains, by line number, why a line is or is not the bug.
	// The bug line always has an entry.
	LinesWhy map[int]string
}

// Shuffled returns the steps of an ordering question in the order they are
// presented. It is a deterministic permutation derived from the question
// id, never the identity when there are two or more steps, so the page is
// stable across reloads and tests.
func (q *Question) Shuffled() []Step {
	out := append([]Step(nil), q.Steps...)
	if len(out) < 2 {
		return out
	}
	h := uint64(14695981039346656037)
	for i := 0; i < len(q.ID); i++ {
		h ^= uint64(q.ID[i])
		h *= 1099511628211
	}
	for i := len(out) - 1; i > 0; i-- {
		h ^= h << 13
		h ^= h >> 7
		h ^= h << 17
		j := int(h % uint64(i+1))
		out[i], out[j] = out[j], out[i]
	}
	same := true
	for i := range out {
		if out[i].ID != q.Steps[i].ID {
			same = false
			break
		}
	}
	if same {
		// Rotate by one so the correct order is never the starting order.
		out = append(out[1:], out[0])
	}
	return out
}

// PointByID returns the key point with the given id.
func (q *Question) PointByID(id string) (Point, bool) {
	for _, p := range q.Points {
		if p.ID == id {
			return p, true
		}
	}
	return Point{}, false
}

// Severity ranks a red flag.
type Severity string

// The severities, from worst.
const (
	// SeverityFatal loses the round whatever else the answer says.
	SeverityFatal Severity = "fatal"
	// SeverityMajor costs a large share of the score.
	SeverityMajor Severity = "major"
	// SeverityMinor costs a small share of the score.
	SeverityMinor Severity = "minor"
)

// Valid reports whether s is a known severity.
func (s Severity) Valid() bool {
	return s == SeverityFatal || s == SeverityMajor || s == SeverityMinor
}

// RedFlag is a claim that loses an interview round, shared by the free-text
// questions.
type RedFlag struct {
	// ID is the stable id, such as "plain-del".
	ID string
	// Label names the mistake in a few words.
	Label string
	// Severity ranks it.
	Severity Severity
	// Why explains, in markdown, why it loses the round.
	Why string
	// WhyHTML is Why rendered to HTML.
	WhyHTML string
	// Match holds patterns (see Pattern); the flag is raised when any one
	// matches a sentence that is not a question (only in claims when most
	// of the answer is a list of terms), unless the sentence rejects the
	// match ("it is not true that ...", "some say ..., but", a quotation
	// called wrong, "... is the bug") or only probes it ("look for ...").
	Match []string
	// Unless holds patterns that, when any matches anywhere in the answer,
	// keep the flag down. It expresses absence: "SET NX" raises
	// mutex-no-lease unless a TTL, expiry or lease is mentioned at all.
	Unless []string

	match  []*Pattern
	unless []*Pattern
}

// Bank is a validated, compiled set of questions with the shared red flags.
// It is read-only after NewBank and safe for concurrent use.
type Bank struct {
	questions []*Question
	byID      map[string]*Question
	flags     []*RedFlag
	flagByID  map[string]*RedFlag
	words     *wordCache // stems and lemmas of the words answers use
	lex       *lexicon   // the word sets of all its patterns
	version   string     // see Version
	docs      *sync.Pool // analysed answers' buffers, reused
}

// NewBank validates and compiles the questions against the red flags and
// synonyms. Question ids must be unique. Errors name the question and the
// field, for example `question "fencing-token": points[2].match[0]:
// unknown synonym "@storge"`; a *FieldError carries the parts.
func NewBank(questions []*Question, flags []RedFlag, syn Synonyms) (*Bank, error) {
	b := &Bank{byID: map[string]*Question{}, flagByID: map[string]*RedFlag{}, words: &wordCache{},
		docs: &sync.Pool{New: func() any { return &doc{} }}}
	for i := range flags {
		f := flags[i]
		if err := compileFlag(&f, syn); err != nil {
			fe := &FieldError{Flag: f.ID, Field: fmt.Sprintf("flags[%d]", i), Err: err}
			var inner *FieldError
			if errors.As(err, &inner) {
				fe.Field += "." + inner.Field
				fe.Err = inner.Err
			}
			return nil, fe
		}
		if _, dup := b.flagByID[f.ID]; dup {
			return nil, &FieldError{Flag: f.ID, Field: fmt.Sprintf("flags[%d].id", i), Err: fmt.Errorf("duplicate red flag %q", f.ID)}
		}
		b.flags = append(b.flags, &f)
		b.flagByID[f.ID] = &f
	}
	// Questions compile independently (each writes only its own
	// matchers), and compiling is most of a server's start: spread it over
	// the processors, then take the results in order, so the error is the
	// first question's as before.
	errs := make([]error, len(questions))
	workers := min(runtime.GOMAXPROCS(0), len(questions), 8)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(questions); i += workers {
				if q := questions[i]; q != nil {
					errs[i] = Compile(q, syn, b.flagByID)
				}
			}
		})
	}
	wg.Wait()
	for i, q := range questions {
		if q == nil {
			continue
		}
		if err := errs[i]; err != nil {
			return nil, &FieldError{Question: q.ID, Err: err}
		}
		if _, dup := b.byID[q.ID]; dup {
			return nil, &FieldError{Question: q.ID, Field: "id", Err: fmt.Errorf("duplicate question id")}
		}
		b.questions = append(b.questions, q)
		b.byID[q.ID] = q
	}
	b.lex = newLexicon()
	b.words.lex = b.lex
	for _, f := range b.flags {
		for _, p := range append(append([]*Pattern(nil), f.match...), f.unless...) {
			b.lex.add(p)
		}
	}
	for _, q := range b.questions {
		for _, pt := range q.Points {
			for _, p := range append(append([]*Pattern(nil), pt.match...), pt.requires...) {
				b.lex.add(p)
			}
		}
	}
	b.version = bankVersion(b, syn)
	order := map[string]int{}
	for i, t := range Topics() {
		order[t.ID] = i
	}
	sort.SliceStable(b.questions, func(i, j int) bool {
		a, c := b.questions[i], b.questions[j]
		if order[a.Topic] != order[c.Topic] {
			return order[a.Topic] < order[c.Topic]
		}
		if (a.Kind == KindFreeText) != (c.Kind == KindFreeText) {
			return a.Kind == KindFreeText
		}
		return a.ID < c.ID
	})
	return b, nil
}

// FieldError is a validation error that names where the problem is.
type FieldError struct {
	// Question is the id of the question at fault, if any.
	Question string
	// Flag is the id of the red flag at fault, if any.
	Flag string
	// Field is the path of the field, such as "points[2].match[0]".
	Field string
	// Err is the problem.
	Err error
}

func (e *FieldError) Error() string {
	var b strings.Builder
	switch {
	case e.Question != "":
		fmt.Fprintf(&b, "question %q: ", e.Question)
	case e.Flag != "":
		fmt.Fprintf(&b, "red flag %q: ", e.Flag)
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *FieldError) Unwrap() error { return e.Err }

// ByID returns the question with the given id.
func (b *Bank) ByID(id string) (*Question, bool) {
	q, ok := b.byID[id]
	return q, ok
}

// All returns every question, grouped by topic in Topics order, free-text
// questions first within a topic, then by id.
func (b *Bank) All() []*Question { return append([]*Question(nil), b.questions...) }

// IDs returns every question id in All order.
func (b *Bank) IDs() []string {
	out := make([]string, len(b.questions))
	for i, q := range b.questions {
		out[i] = q.ID
	}
	return out
}

// ByTopic returns the questions of one topic in All order.
func (b *Bank) ByTopic(topic string) []*Question {
	var out []*Question
	for _, q := range b.questions {
		if q.Topic == topic {
			out = append(out, q)
		}
	}
	return out
}

// ByKind returns the questions of one kind in All order.
func (b *Bank) ByKind(k Kind) []*Question {
	var out []*Question
	for _, q := range b.questions {
		if q.Kind == k {
			out = append(out, q)
		}
	}
	return out
}

// Topics returns the agreed topics that have at least one question, in
// display order.
func (b *Bank) Topics() []Topic {
	var out []Topic
	for _, t := range Topics() {
		if len(b.ByTopic(t.ID)) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// Flags returns the shared red flags in file order.
func (b *Bank) Flags() []*RedFlag { return append([]*RedFlag(nil), b.flags...) }

// Flag returns the red flag with the given id.
func (b *Bank) Flag(id string) (*RedFlag, bool) {
	f, ok := b.flagByID[id]
	return f, ok
}

// FlagWhyHTML returns the catalog's HTML explaining the red flag id, or ""
// for an unknown id. Pages showing a stored result look its HTML up here
// rather than trusting HTML read back from storage.
func (b *Bank) FlagWhyHTML(id string) string {
	if f, ok := b.flagByID[id]; ok {
		return f.WhyHTML
	}
	return ""
}

// option returns option optID of question qid.
func (b *Bank) option(qid, optID string) (Option, bool) {
	if q, ok := b.byID[qid]; ok {
		for _, o := range q.Options {
			if o.ID == optID {
				return o, true
			}
		}
	}
	return Option{}, false
}

// OptionTextHTML returns the catalog's HTML of option optID of question
// qid, or "" when either is unknown.
func (b *Bank) OptionTextHTML(qid, optID string) string {
	o, _ := b.option(qid, optID)
	return o.TextHTML
}

// OptionWhyHTML returns the catalog's HTML explaining option optID of
// question qid, or "" when either is unknown.
func (b *Bank) OptionWhyHTML(qid, optID string) string {
	o, _ := b.option(qid, optID)
	return o.WhyHTML
}

// StepTextHTML returns the catalog's HTML of step stepID of ordering
// question qid, or "" when either is unknown.
func (b *Bank) StepTextHTML(qid, stepID string) string {
	if q, ok := b.byID[qid]; ok {
		for _, st := range q.Steps {
			if st.ID == stepID {
				return st.TextHTML
			}
		}
	}
	return ""
}

// FlagsFor returns the red flags checked for q: those q.Flags names, or
// all of them when it names none. Objective questions have none.
func (b *Bank) FlagsFor(q *Question) []*RedFlag {
	if q.Kind != KindFreeText {
		return nil
	}
	if q.Flags == nil {
		return b.Flags()
	}
	var out []*RedFlag
	for _, id := range q.Flags {
		if f, ok := b.flagByID[id]; ok {
			out = append(out, f)
		}
	}
	return out
}

// Grade grades a against q with the red flags that apply to q. It is
// Grade with b.FlagsFor(q).
func (b *Bank) Grade(q *Question, a Answer) Result {
	return grade(q, a, b.FlagsFor(q), b.words, b.lex, b.docs)
}

// MaxAnswerChars is the longest free-text answer accepted, in characters
// (runes, so accented text is not penalised). Longer answers are refused by
// the web with a message (and by Validate); the grader itself never fails on
// length.
const MaxAnswerChars = 5000

// MaxAnswerBytes bounds the bytes of an answer of MaxAnswerChars characters
// (UTF-8 needs at most four bytes a character): what a reader of answers
// needs to read at most.
const MaxAnswerBytes = 4 * MaxAnswerChars

// PassMark is the lowest score that passes a question, provided no fatal
// red flag was raised.
const PassMark = 0.6

// Answer is what a learner submitted. Only the field of the question's kind
// is read.
type Answer struct {
	// Text is a free-text answer.
	Text string `json:"text,omitempty"`
	// Choices are the chosen option ids of a single, multiple or predict
	// question.
	Choices []string `json:"choices,omitempty"`
	// Order is the step ids of an ordering question, in the learner's
	// order.
	Order []string `json:"order,omitempty"`
	// Line is the chosen line (from 1) of a spot-the-bug question.
	Line int `json:"line,omitempty"`
}

// Validate reports an answer that cannot be graded as the learner meant:
// an empty or over-long text, no choice, a choice or step that is not one
// of the question's, a line out of range. The message is fit to show next
// to the form.
func (a Answer) Validate(q *Question) error {
	switch q.Kind {
	case KindFreeText:
		if strings.TrimSpace(a.Text) == "" {
			return fmt.Errorf("the answer is empty")
		}
		if n := utf8.RuneCountInString(a.Text); n > MaxAnswerChars {
			return fmt.Errorf("the answer is %d characters long; the limit is %d", n, MaxAnswerChars)
		}
	case KindSingle, KindPredict, KindMultiple:
		if len(a.Choices) == 0 {
			return fmt.Errorf("choose an option")
		}
		if q.Kind != KindMultiple && len(a.Choices) > 1 {
			return fmt.Errorf("choose exactly one option")
		}
		for _, c := range a.Choices {
			if !hasOption(q, c) {
				return fmt.Errorf("unknown option %q", c)
			}
		}
	case KindOrdering:
		if len(a.Order) != len(q.Steps) {
			return fmt.Errorf("place all %d steps", len(q.Steps))
		}
		seen := map[string]bool{}
		for _, id := range a.Order {
			if seen[id] {
				return fmt.Errorf("step %q is placed twice", id)
			}
			seen[id] = true
			if !hasStep(q, id) {
				return fmt.Errorf("unknown step %q", id)
			}
		}
	case KindSpotTheBug:
		if q.Code == nil || a.Line < 1 || a.Line > len(q.Code.Lines) {
			return fmt.Errorf("pick a line")
		}
	default:
		return fmt.Errorf("unknown question kind %q", q.Kind)
	}
	return nil
}

// Rating is a spaced-review rating. The values match FSRS and are stored.
type Rating int

// The ratings.
const (
	// Again: forgotten or failed; review soon.
	Again Rating = 1
	// Hard: recalled with serious difficulty.
	Hard Rating = 2
	// Good: recalled.
	Good Rating = 3
	// Easy: recalled effortlessly.
	Easy Rating = 4
)

// Ratings lists the ratings in button order.
func Ratings() []Rating { return []Rating{Again, Hard, Good, Easy} }

// Valid reports whether r is one of the four ratings.
func (r Rating) Valid() bool { return r >= Again && r <= Easy }

// String returns "Again", "Hard", "Good" or "Easy".
func (r Rating) String() string {
	switch r {
	case Again:
		return "Again"
	case Hard:
		return "Hard"
	case Good:
		return "Good"
	case Easy:
		return "Easy"
	}
	return fmt.Sprintf("Rating(%d)", int(r))
}

// ParseRating accepts a rating by number ("1".."4") or name, in any case.
func ParseRating(s string) (Rating, error) {
	for _, r := range Ratings() {
		if s == fmt.Sprint(int(r)) || strings.EqualFold(s, r.String()) {
			return r, nil
		}
	}
	return 0, fmt.Errorf("rating %q: want one of Again, Hard, Good, Easy (1-4)", s)
}

// SuggestRating maps a graded result to the rating the feedback page
// preselects: a failed answer (fatal flag or below the pass mark) is Again,
// a pass with gaps Hard, a solid pass Good, a full score without flags Easy.
func SuggestRating(score float64, fatal bool, flags int) Rating {
	switch {
	case fatal || score < PassMark:
		return Again
	case score < 0.8:
		return Hard
	case score >= 0.999 && flags == 0:
		return Easy
	default:
		return Good
	}
}

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
	// Recovered reports a core point the main answer missed and a
	// follow-up answer made (see Recover).
	Recovered bool `json:"recovered,omitempty"`
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
	// Dismissed reports that the learner disputed the flag (see Rescore);
	// a dismissed flag no longer counts.
	Dismissed bool `json:"dismissed,omitempty"`
	// Retracted reports the candidate took the claim back in a follow-up
	// (see Recover); a retracted flag is dismissed too.
	Retracted bool `json:"retracted,omitempty"`
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
}

// ByDimension returns, for each dimension that has points, the weight hit
// and the total, so a scorecard can sum them over a round.
func (r Result) ByDimension() map[string]Coverage {
	out := map[string]Coverage{}
	for _, p := range r.Points {
		c := out[p.Dimension]
		c.Total += p.Weight
		if p.Hit {
			c.Hit += p.Weight
		}
		out[p.Dimension] = c
	}
	return out
}

func hasOption(q *Question, id string) bool {
	for _, o := range q.Options {
		if o.ID == id {
			return true
		}
	}
	return false
}

func hasStep(q *Question, id string) bool {
	for _, s := range q.Steps {
		if s.ID == id {
			return true
		}
	}
	return false
}
