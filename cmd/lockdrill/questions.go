package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"lockdrill/content"
)

const questionsUsage = `Usage: lockdrill questions [--json]

Lists the practice questions, the ids "lockdrill grade ID" takes: each id
with its kind (what stdin holds for grade) and its title, sorted by id.

  --json   print [{"id", "kind", "title"}] instead
`

// questionLine is one question of "lockdrill questions --json".
type questionLine struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
}

// runQuestions handles "lockdrill questions": the ids grade takes, with
// what each question is (QA-34 #2: the help named no id, and only a wrong
// one listed them).
func runQuestions(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("questions", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	fs.Usage = func() { fmt.Fprint(fs.Output(), questionsUsage) }
	if done, err := parseFlags(fs, args, stdout, stderr); done {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprint(stderr, questionsUsage)
		return exitCode(2, fmt.Errorf("questions: unexpected argument %q", fs.Arg(0)))
	}
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		return fmt.Errorf("questions: load questions: %w", err)
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
