package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

const disputesUsage = `Usage: lockdrill disputes [--json] [--db FILE]

Exports every learner's disputes of the grader (a tick, a missed point or a
red flag they contested), oldest first: the question (its id and prompt),
what was contested (the point's or flag's id and label), the learner's
reason, the answer as graded, what the grader said (the text it quoted for
the item, its own score and verdict) and the grader's version, so a dispute
can become a labelled corpus item. A dispute of a round's follow-up names
the follow-up as its question and the main question it follows. A dispute
of a point a follow-up made for the main answer (the learner says it did
not) names the main question, whose rubric graded the follow-up's answer,
and has "follow_up_answer": true, as has a dispute of a follow-up the
interviewer of a peer round typed (graded against the main question too);
its seq is the follow-up's. Learner ids are left out.

With --json the output is a JSON array; otherwise one block per dispute.
Each element of the array has:

  "id", "created", "surface" ("practice" or "round"), "attempt" or "round"
  and "seq" (the turn), "question", "prompt", "item", "item_label", "was"
  ("hit", "missed" or "flag": what the grader had said of the item;
  "unflagged": a red flag the grader did not raise, which the learner
  reports their answer makes),
  "reason", "answer", "grader" (its version), "evidence" (the text the
  grader quoted for the item, "" for none), and

  only on a dispute about a follow-up: "follows" (the main question, on
  a dispute of a catalog follow-up) and "follow_up_answer": true (on a
  dispute whose answer is a follow-up's graded against the main question,
  as above); both are absent on every other dispute, and


  "grader_score" (0..1) and "grader_verdict" ("pass", "no-pass" or
  "fatal"): the grader's own grade of "answer" alone, as graded before
  any correction. It is not the round's score, nor the score after the
  learner's correction: with "follow_up_answer" it is the follow-up's
  answer alone graded against the main question. Both are absent for
  disputes kept before they were recorded.

The text export says the same of each dispute, in lines: a heading line
(created, question, what was contested, surface, grader version), then
the dispute's id and where it was made, as the JSON export has them:

  id: ID  attempt: ATTEMPT             a practice answer's dispute
  id: ID  round: ROUND  seq: SEQ       a round's, on turn SEQ

then one line each for the rest. The database must exist (env
LOCKDRILL_DB, default ./lockdrill.db).
`

// disputeOut is one dispute as "lockdrill disputes --json" prints it.
type disputeOut struct {
	ID       string    `json:"id"`
	Created  time.Time `json:"created"`
	Surface  string    `json:"surface"`
	Attempt  string    `json:"attempt,omitempty"`
	Round    string    `json:"round,omitempty"`
	Seq      *int      `json:"seq,omitempty"`
	Question string    `json:"question"`
	// Prompt is the question as asked, and ItemLabel the contested
	// point's or flag's label, from the content this binary ships (empty
	// when a later edit removed the question, point or flag).
	Prompt    string `json:"prompt"`
	Item      string `json:"item"`
	ItemLabel string `json:"item_label"`
	Was       string `json:"was"`
	Reason    string `json:"reason"`
	Answer    string `json:"answer"`
	Grader    string `json:"grader"`
	// Follows is, for a follow-up, the main question it follows.
	Follows string `json:"follows,omitempty"`
	// FollowUpAnswer reports that Answer is a follow-up's, graded
	// against the main question Question: the learner contested a point
	// the follow-up made for the main answer, or a tick of a follow-up
	// the interviewer typed.
	FollowUpAnswer bool `json:"follow_up_answer,omitempty"`
	// Evidence is the text the grader quoted for the item ("" when it
	// quoted none); GraderScore and GraderVerdict its own grade of the
	// answer, absent for disputes kept before they were recorded.
	Evidence      string   `json:"evidence"`
	GraderScore   *float64 `json:"grader_score,omitempty"`
	GraderVerdict string   `json:"grader_verdict,omitempty"`
}

// runDisputes handles "lockdrill disputes": export the stored disputes.
func runDisputes(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("disputes", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	asJSON := fs.Bool("json", false, "print a JSON array")
	dbPath := fs.String("db", envOr(getenv, "LOCKDRILL_DB", "./lockdrill.db"), "SQLite database file")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, disputesUsage)
			return nil
		}
		fmt.Fprint(stderr, disputesUsage)
		return exitCode(2, fmt.Errorf("disputes: %w", err))
	}
	if fs.NArg() != 0 {
		fmt.Fprint(stderr, disputesUsage)
		return exitCode(2, fmt.Errorf("disputes: unexpected argument %q", fs.Arg(0)))
	}
	// Opening creates a missing database; an export must not.
	if _, err := os.Stat(*dbPath); err != nil {
		return exitCode(2, fmt.Errorf("disputes: --db %s: %w", *dbPath, err))
	}
	st, err := store.Open(ctx, *dbPath)
	if err != nil {
		return fmt.Errorf("disputes: open %s: %w", *dbPath, err)
	}
	defer st.Close()
	ds, err := st.AllDisputes(ctx)
	if err != nil {
		return fmt.Errorf("disputes: %w", err)
	}
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		return fmt.Errorf("disputes: load questions: %w", err)
	}
	// A round's follow-up is disputed under its own id, which is not a
	// bank question's (QA-35 #1).
	follow, err := content.LoadFollowUps(content.Embedded(), bank)
	if err != nil {
		return fmt.Errorf("disputes: load follow-ups: %w", err)
	}
	out := make([]disputeOut, 0, len(ds))
	for _, d := range ds {
		o := disputeOut{ID: d.ID, Created: d.Created, Surface: d.Surface, Attempt: d.AttemptID, Round: d.RoundID, Question: d.Question,
			Item: d.Item, Was: d.Was, Reason: d.Reason, Answer: d.Answer, Grader: d.Grader, Evidence: d.Evidence, GraderVerdict: d.GraderVerdict}
		if d.GraderVerdict != "" {
			score := d.GraderScore
			o.GraderScore = &score
		}
		q, ok := bank.ByID(d.Question)
		if f, isFollowUp := follow.ByID(d.Question); !ok && isFollowUp {
			q, ok, o.Follows = f.Probe, true, f.Question
			// A follow-up any question can draw names no main question of
			// its own: the round it was asked in does (QA-35 second pass).
			if o.Follows == quiz.FollowUpAny && d.Surface == "round" {
				o.Follows = roundQuestion(ctx, st, d)
			}
		}
		if ok {
			o.Prompt, o.ItemLabel = disputeLabels(bank, q, d.Item, d.Was)
		}
		// A main question disputed on a follow-up's turn: the follow-up's
		// answer as the main question's rubric read it.
		o.FollowUpAnswer = d.Surface == "round" && o.Follows == "" && d.Seq%quiz.TurnStride != 0
		if d.Surface == "round" {
			seq := d.Seq
			o.Seq = &seq
		}
		out = append(out, o)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	if len(out) == 0 {
		fmt.Fprintln(stdout, "No disputes yet.")
		return nil
	}
	for _, o := range out {
		what := map[string]string{"hit": "ticked point", "missed": "missed point", "flag": "red flag", "unflagged": "red flag the grader missed (reported)"}[o.Was]
		fmt.Fprintf(stdout, "%s  %s  %s %s (%s, grader %s)\n", o.Created.Format(time.RFC3339), o.Question, what, o.Item, o.Surface, o.Grader)
		// Without the id and the attempt or turn, two disputes of the same
		// item could not be told apart or matched to the JSON export.
		if o.Seq != nil {
			fmt.Fprintf(stdout, "  id: %s  round: %s  seq: %d\n", o.ID, o.Round, *o.Seq)
		} else {
			fmt.Fprintf(stdout, "  id: %s  attempt: %s\n", o.ID, o.Attempt)
		}
		if o.Follows != "" {
			fmt.Fprintf(stdout, "  follow-up to: %s\n", o.Follows)
		}
		if o.FollowUpAnswer {
			fmt.Fprintf(stdout, "  the answer is a follow-up's (turn %d), graded against this question\n", *o.Seq)
		}
		if o.Prompt != "" {
			fmt.Fprintf(stdout, "  question: %s\n", oneLine(o.Prompt))
		}
		if o.ItemLabel != "" {
			fmt.Fprintf(stdout, "  %s: %s\n", what, o.ItemLabel)
		}
		if o.Evidence != "" {
			fmt.Fprintf(stdout, "  grader quoted: %s\n", oneLine(o.Evidence))
		}
		if o.GraderScore != nil {
			// "grader's grade" beside a round read as the round's score
			// after the correction (QA-38 F1 #2): it is the answer's alone.
			fmt.Fprintf(stdout, "  grader's grade of this answer alone: %.0f %%, %s", *o.GraderScore*100, o.GraderVerdict)
			switch {
			case o.FollowUpAnswer:
				fmt.Fprint(stdout, " (the follow-up's answer against this question; not the round's score)")
			case o.Surface == "round":
				fmt.Fprint(stdout, " (not the round's score)")
			}
			fmt.Fprintln(stdout)
		}
		if o.Reason != "" {
			fmt.Fprintf(stdout, "  reason: %s\n", o.Reason)
		}
		// (trailing line breaks of the answer would print as a line of
		// indentation: QA-39)
		fmt.Fprintf(stdout, "  answer: %s\n\n", strings.ReplaceAll(strings.TrimRight(o.Answer, "\r\n\t "), "\n", "\n          "))
	}
	return nil
}

// disputeLabels returns the prompt of question q (a bank question or a
// follow-up's probe) and the label of the contested item (a point for
// "hit" and "missed", a red flag for "flag"), empty where the shipped
// content no longer has it.
func disputeLabels(bank *quiz.Bank, q *quiz.Question, item, was string) (prompt, label string) {
	prompt = strings.TrimSpace(q.Prompt.Markdown)
	if was == "flag" || was == "unflagged" {
		if f, ok := bank.Flag(item); ok {
			label = f.Label
		} else if item == quiz.ReaderFlagID {
			label = "second reader: reads like claims that lose the round"
		}
		return prompt, label
	}
	for _, p := range q.Points {
		if p.ID == item {
			return prompt, p.Label
		}
	}
	return prompt, ""
}

// oneLine folds a multi-line text onto one line for the text export.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// roundQuestion is the main question the disputed turn of a round follows,
// read from the learner's round; "" when the round is gone.
func roundQuestion(ctx context.Context, st *store.Store, d store.Dispute) string {
	r, err := st.Round(ctx, d.Learner, d.RoundID)
	if err != nil {
		return ""
	}
	for _, t := range r.Turns {
		if t.Seq == d.Seq {
			return t.Question
		}
	}
	return ""
}
