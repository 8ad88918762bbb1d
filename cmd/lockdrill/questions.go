package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"lockdrill/content"
	"lockdrill/quiz"
)

const questionsUsage = `Usage: lockdrill questions [--json] [ID]

Without ID, lists the practice questions, the ids "lockdrill grade ID"
takes: each id with its kind (what stdin holds for grade) and its title,
sorted by id.

With ID, shows that question as the practice page does: its prompt, then
its options or steps lettered A, B, C ... (the steps in a shuffled order,
never the right one) or its code with numbered lines, and how to answer
it with "lockdrill grade ID".

  --json   print [{"id", "kind", "title"}], or for one question
           {"id", "kind", "title", "prompt", "answer",
            "options" or "steps": [{"label", "text"}], "lines": [{"n", "text"}]}
`

// questionLine is one question of "lockdrill questions --json".
type questionLine struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
}

// questionShown is one question of "lockdrill questions --json ID": what
// a learner needs to answer it, and nothing of the key.
type questionShown struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
	// Prompt is the question as asked, in markdown.
	Prompt string `json:"prompt"`
	// Answer says what stdin of "lockdrill grade ID" holds.
	Answer  string        `json:"answer"`
	Options []choiceShown `json:"options,omitempty"`
	Steps   []choiceShown `json:"steps,omitempty"`
	Lines   []lineShown   `json:"lines,omitempty"`
}

type choiceShown struct {
	Label string `json:"label"`
	Text  string `json:"text"`
}

type lineShown struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

// runQuestions handles "lockdrill questions [ID]": the ids grade takes,
// with what each question is (QA-34 #2: the help named no id, and only a
// wrong one listed them), or one question with the letters grade takes
// (QA-35: the steps of an ordering question were shown nowhere).
func runQuestions(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("questions", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	fs.Usage = func() { fmt.Fprint(fs.Output(), questionsUsage) }
	if done, err := parseFlags(fs, args, stdout, stderr); done {
		return err
	}
	if fs.NArg() > 1 {
		fmt.Fprint(stderr, questionsUsage)
		return exitCode(2, fmt.Errorf("questions: unexpected argument %q", fs.Arg(1)))
	}
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		return fmt.Errorf("questions: load questions: %w", err)
	}
	if fs.NArg() == 1 {
		q, ok := bank.ByID(fs.Arg(0))
		if !ok {
			fmt.Fprintln(stderr, "known question ids:")
			for _, known := range content.QuestionIDs(bank) {
				fmt.Fprintln(stderr, "  "+known)
			}
			return exitCode(2, fmt.Errorf("questions: unknown question %q", fs.Arg(0)))
		}
		return showQuestion(stdout, q, *asJSON)
	}
	var qs []questionLine
	for _, id := range content.QuestionIDs(bank) {
		q, _ := bank.ByID(id)
		qs = append(qs, questionLine{ID: q.ID, Kind: string(q.Kind), Title: q.Title})
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(qs)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tTITLE")
	for _, q := range qs {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", q.ID, q.Kind, q.Title)
	}
	return tw.Flush()
}

// showQuestion prints q as a learner answers it from the terminal.
func showQuestion(w io.Writer, q *quiz.Question, asJSON bool) error {
	v := questionShown{ID: q.ID, Kind: string(q.Kind), Title: q.Title, Prompt: strings.TrimSpace(q.Prompt.Markdown), Answer: howToAnswer(q)}
	for _, c := range shownChoices(q) {
		if q.Kind == quiz.KindOrdering {
			v.Steps = append(v.Steps, choiceShown{Label: c.Label, Text: c.Text})
		} else {
			v.Options = append(v.Options, choiceShown{Label: c.Label, Text: c.Text})
		}
	}
	if q.Kind == quiz.KindSpotTheBug && q.Code != nil {
		for i, l := range q.Code.Lines {
			v.Lines = append(v.Lines, lineShown{N: i + 1, Text: l})
		}
	}
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n\n%s\n\n", v.Title, v.Kind, v.Prompt)
	for _, c := range append(v.Options, v.Steps...) {
		fmt.Fprintf(&b, "  %s. %s\n", c.Label, c.Text)
	}
	for _, l := range v.Lines {
		fmt.Fprintf(&b, "  %3d  %s\n", l.N, l.Text)
	}
	if len(v.Options)+len(v.Steps)+len(v.Lines) > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "Answer: %s\n", v.Answer)
	_, err := io.WriteString(w, b.String())
	return err
}

// howToAnswer says what "lockdrill grade ID" reads on stdin for q, in
// the labels the listing shows.
func howToAnswer(q *quiz.Question) string {
	cmd := "lockdrill grade " + q.ID
	switch q.Kind {
	case quiz.KindSingle, quiz.KindPredict:
		return fmt.Sprintf("the letter of one option on the stdin of '%s'", cmd)
	case quiz.KindMultiple:
		return fmt.Sprintf("the letters of every option that applies, separated by commas or spaces, on the stdin of '%s'", cmd)
	case quiz.KindOrdering:
		return fmt.Sprintf("the letters of all %d steps, in the order they should happen, on the stdin of '%s'", len(q.Steps), cmd)
	case quiz.KindSpotTheBug:
		return fmt.Sprintf("the number of the faulty line on the stdin of '%s'", cmd)
	}
	return fmt.Sprintf("your answer in prose, at most %d characters, on the stdin of '%s'", quiz.MaxAnswerChars, cmd)
}
