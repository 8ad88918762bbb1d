package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/web"
)

const gradeUsage = `Usage: lockdrill grade ID < answer.txt
       lockdrill grade --json ID < answer.txt

Grades one answer to the practice question ID, read from stdin, and prints
the result as JSON (always: --json, as the other commands take it, changes
nothing):

  {"question": ID, "score": 0..1, "passed": bool, "fatal": bool,
   "points": [{"id", "label", "hit", "core" (core points only),
               "quote", "sentence" (points made only)}],
   "missing": [...],
   "flags": [{"id", "label", "quote", "sentence"}],
   "set_aside": [{"id", "label", "sentence"}],
   "notes": [...], "broken": [{"first", "then", "race"}],
   "misplaced": [{"step", "after", "sentence"}], "grader": VERSION}

Every point has "id", "label" and "hit"; "core": true marks a core point,
and a breadth point has no "core" field at all (read a missing one as
false). A point made quotes the words of the answer that made it
("quote", as the feedback page does) and the sentence that holds them.
"broken", "misplaced" and "set_aside" are absent when empty; "notes",
"points", "missing" and "flags" are always arrays.

"missing" says in words what a free-text answer leaves out, as the
feedback page does: "Missed core point: LABEL." for each core point
missed (why an answer fails), then "A fuller answer would add: LABEL."
for each breadth point missed; it is empty when every point is made.
"notes" does not list them again.

A pass needs every core point (%[2]d %%) and no fatal flag, with one
exception: on a question with two core points, an answer in sentences that
misses one of them but makes at least %[3]d %% of the breadth points passes,
at most %[4]d %% (/about/grader states the rule). Each flag names the
mistake ("label") and quotes the words of the answer that raised it
("quote", as the feedback page does) and the sentence that holds them.
"broken" lists the safety-critical orders an ordering answer breaks, by
the steps' letters (any one fails it); "misplaced" (absent when the
order is right) the steps outside the longest correctly ordered run, each
with the letter of the step it belongs right after ("after" is empty for
the step that comes first) and a sentence quoting both; "set_aside" (absent when empty) the
flags whose patterns matched a sentence the second reader set aside, not
counted (a note says why); "grader" names the grader version, as disputes
record it.

A free-text answer is the text itself, at most %[1]d characters (a longer one
is refused with status 2). For objective questions stdin holds the choice,
named by the letters 'lockdrill questions ID' shows (in either case): the
option's letter for single and predict ("B"), the letters of every option
that applies for multiple ("A,C"), the letters of all the steps in the
order they should happen for ordering ("C A D B"), a line number for
spot-the-bug ("9"). An unknown letter exits with status 2 and lists the
letters there are.

'lockdrill questions' lists the ids with their kinds and titles, and
'lockdrill questions ID' shows one question: its prompt and its lettered
options, steps or numbered lines. An unknown ID exits with status 2 and
lists the known ids.
`

// gradeHelp is gradeUsage with the limits and the pass rule's figures
// from the quiz package, so the help never states another rule than the
// grader applies.
func gradeHelp() string {
	pct := func(x float64) int { return int(math.Round(x * 100)) }
	return fmt.Sprintf(gradeUsage, quiz.MaxAnswerChars, pct(quiz.PassMark), pct(quiz.CoreSpareBreadth), pct(quiz.CoreSpareMax))
}

// gradeOutput is the JSON printed by "lockdrill grade". Points and flags
// are always arrays, empty when there are none, so scripts can iterate
// without a null check.
type gradeOutput struct {
	Question string       `json:"question"`
	Score    float64      `json:"score"`
	Passed   bool         `json:"passed"`
	Fatal    bool         `json:"fatal"`
	Points   []gradePoint `json:"points"`
	// Missing names the core points missed and what a fuller answer
	// would add, as the feedback page does: ids and false alone did not
	// say why an answer failed (QA-38 F1 #1).
	Missing []string    `json:"missing"`
	Flags   []gradeFlag `json:"flags"`
	// SetAside are the flags whose patterns matched a sentence the second
	// reader set aside: not counted, but "flags": [] alone would not say
	// that the answer has a known mistake's wording.
	SetAside []gradeFlag   `json:"set_aside,omitempty"`
	Notes    []string      `json:"notes"`
	Broken   []gradeBroken `json:"broken,omitempty"`
	// Misplaced says where each step out of place belongs: the score
	// alone does not say which steps to move.
	Misplaced []gradeMisplaced `json:"misplaced,omitempty"`
	Grader    string           `json:"grader"`
}

type gradeMisplaced struct {
	Step     string `json:"step"`
	After    string `json:"after"`
	Sentence string `json:"sentence"`
}

type gradePoint struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Hit   bool   `json:"hit"`
	Core  bool   `json:"core,omitempty"`
	// Quote is the words of the answer that made the point, as the
	// feedback page quotes them (web.PointQuote), and Sentence the sentence
	// that holds them: where the grader found the point, to check it by.
	Quote    string `json:"quote,omitempty"`
	Sentence string `json:"sentence,omitempty"`
}

type gradeBroken struct {
	First string `json:"first"`
	Then  string `json:"then"`
	Race  string `json:"race"`
}

// gradeFlag is a red flag as the feedback page shows it: what the
// mistake is and where the answer makes it (QA-34 #3: the id alone said
// neither).
type gradeFlag struct {
	ID string `json:"id"`
	// Label names the mistake.
	Label string `json:"label,omitempty"`
	// Quote is the words of the answer that raised the flag, and Sentence
	// the sentence that holds them (a flag set aside has only the
	// sentence, which the second reader judged whole).
	Quote    string `json:"quote,omitempty"`
	Sentence string `json:"sentence,omitempty"`
}

// runGrade handles "lockdrill grade ID": grade one answer read from stdin
// against the embedded question bank.
func runGrade(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	// The output is JSON either way; the flag is accepted because the
	// other commands print JSON with it.
	fs.Bool("json", true, "print JSON (the only output)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, gradeHelp())
			return nil
		}
		fmt.Fprint(stderr, gradeHelp())
		return exitCode(2, fmt.Errorf("grade: %w", err))
	}
	if fs.NArg() != 1 {
		fmt.Fprint(stderr, gradeHelp())
		return exitCode(2, errors.New("grade: want exactly one question id"))
	}
	id := fs.Arg(0)
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		return fmt.Errorf("grade: load questions: %w", err)
	}
	q, ok := bank.ByID(id)
	if !ok {
		fmt.Fprintln(stderr, "known question ids:")
		for _, known := range content.QuestionIDs(bank) {
			fmt.Fprintln(stderr, "  "+known)
		}
		return exitCode(2, fmt.Errorf("grade: unknown question %q", id))
	}
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	// Read one byte past the limit so an over-long answer is refused, not
	// silently cut.
	raw, err := io.ReadAll(io.LimitReader(stdin, quiz.MaxAnswerBytes+1))
	if err != nil {
		return fmt.Errorf("grade: read answer: %w", err)
	}
	a, err := parseAnswer(q, string(raw))
	if err == nil {
		err = a.Validate(q)
	}
	if err != nil {
		return exitCode(2, fmt.Errorf("grade %s: %w", id, err))
	}
	r := bank.Grade(q, a)
	out := gradeOutput{Question: r.Question, Score: r.Score, Passed: r.Passed, Fatal: r.Fatal, Points: []gradePoint{}, Missing: []string{}, Flags: []gradeFlag{}, Notes: []string{}, Grader: bank.Version()}
	for _, p := range r.Points {
		gp := gradePoint{ID: p.ID, Label: p.Label, Hit: p.Hit, Core: p.Core}
		if p.Hit && len(p.Spans) > 0 {
			gp.Quote = web.PointQuote(a.Text, p.Spans)
			gp.Sentence = sentenceOf(a.Text, p.Spans[0])
		}
		out.Points = append(out.Points, gp)
	}
	out.Missing = append(out.Missing, web.MissingPoints(r)...)
	// "missing" names each breadth point missed; the grader's note
	// listing them again said the same thing twice.
	for _, n := range r.Notes {
		if !quiz.IsFullerNote(n) {
			out.Notes = append(out.Notes, n)
		}
	}
	if cost := web.FlagCost(q, r); cost != "" {
		out.Notes = append(out.Notes, cost)
	}
	for _, b := range r.Broken {
		out.Broken = append(out.Broken, gradeBroken{First: labelOf(q, b.First), Then: labelOf(q, b.Then), Race: b.Race})
	}
	for _, p := range web.MisplacedSteps(q, &r) {
		m := gradeMisplaced{Step: labelOf(q, p.Step), Sentence: p.Sentence(q)}
		if p.After != "" {
			m.After = labelOf(q, p.After)
		}
		out.Misplaced = append(out.Misplaced, m)
	}
	for _, f := range r.Flags {
		if !f.Dismissed {
			out.Flags = append(out.Flags, gradeFlag{ID: f.ID, Label: f.Label, Quote: web.FlagQuote(a.Text, f.Span), Sentence: sentenceOf(a.Text, f.Span)})
		}
	}
	for _, sa := range r.SetAside {
		for i, id := range sa.IDs {
			f := gradeFlag{ID: id, Sentence: spanText(a.Text, sa.Span)}
			if i < len(sa.Labels) {
				f.Label = sa.Labels[i]
			}
			out.SetAside = append(out.SetAside, f)
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// parseAnswer reads stdin as the answer to q's kind.
func parseAnswer(q *quiz.Question, raw string) (quiz.Answer, error) {
	fields := strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' || r == '\r' })
	switch q.Kind {
	case quiz.KindFreeText:
		return quiz.Answer{Text: raw}, nil
	case quiz.KindSingle, quiz.KindMultiple, quiz.KindPredict:
		ids, err := idsOfLabels(q, fields)
		return quiz.Answer{Choices: ids}, err
	case quiz.KindOrdering:
		ids, err := idsOfLabels(q, fields)
		return quiz.Answer{Order: ids}, err
	case quiz.KindSpotTheBug:
		if len(fields) != 1 {
			return quiz.Answer{}, errors.New("want one line number")
		}
		n, err := strconv.Atoi(fields[0])
		if err != nil {
			return quiz.Answer{}, fmt.Errorf("line %q is not a number", fields[0])
		}
		return quiz.Answer{Line: n}, nil
	}
	return quiz.Answer{}, fmt.Errorf("unknown question kind %q", q.Kind)
}

// spanText is the text of answer within sp, trimmed ("" for a span that
// does not fit it), widened to whole characters.
func spanText(answer string, sp quiz.Span) string {
	lo, hi := max(sp.Start, 0), min(sp.End, len(answer))
	if lo >= hi {
		return ""
	}
	for lo > 0 && !utf8.RuneStart(answer[lo]) {
		lo--
	}
	for hi < len(answer) && !utf8.RuneStart(answer[hi]) {
		hi++
	}
	return strings.TrimSpace(answer[lo:hi])
}

// sentenceOf is the sentence of answer that holds sp, cut where the
// grader cuts sentences (quiz.SentenceSpan), so the sentence printed is
// the one the grader read.
func sentenceOf(answer string, sp quiz.Span) string {
	return spanText(answer, quiz.SentenceSpan(answer, sp))
}
