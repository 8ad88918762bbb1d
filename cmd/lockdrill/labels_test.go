package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"lockdrill/content"
	"lockdrill/quiz"
)

// shownQuestion is "lockdrill questions --json ID" as a learner reads it.
type shownQuestion struct {
	ID      string
	Kind    string
	Title   string
	Prompt  string
	Answer  string
	Options []struct{ Label, Text string }
	Steps   []struct{ Label, Text string }
	Lines   []struct {
		N    int
		Text string
	}
}

func questionJSON(t *testing.T, id string) shownQuestion {
	t.Helper()
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"questions", "--json", id}, envFrom(nil), strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("questions --json %s: %v\n%s", id, err, errOut.String())
	}
	var q shownQuestion
	if err := json.Unmarshal(out.Bytes(), &q); err != nil {
		t.Fatalf("questions --json %s is not JSON: %v\n%s", id, err, out.String())
	}
	return q
}

func questionsOfKind(t *testing.T, kinds ...quiz.Kind) (*quiz.Bank, []*quiz.Question) {
	t.Helper()
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	var qs []*quiz.Question
	for _, id := range content.QuestionIDs(bank) {
		q, _ := bank.ByID(id)
		for _, k := range kinds {
			if q.Kind == k {
				qs = append(qs, q)
			}
		}
	}
	if len(qs) == 0 {
		t.Fatalf("the bank has no %v question: the test proves nothing", kinds)
	}
	return bank, qs
}

// TestOrderingFromTheCLI: a learner at the terminal sees the steps of an
// ordering question, labelled A, B, C ... in the shuffled order the web
// page shows, and answers with those labels (QA-35: the step ids were
// shown nowhere, and the only guessable ones, s1 s2 ... sN, were the
// right order and scored 1.0).
func TestOrderingFromTheCLI(t *testing.T) {
	_, qs := questionsOfKind(t, quiz.KindOrdering)
	for _, q := range qs {
		t.Run(q.ID, func(t *testing.T) {
			shown := questionJSON(t, q.ID)
			if len(shown.Steps) != len(q.Steps) {
				t.Fatalf("listed %d steps, want %d", len(shown.Steps), len(q.Steps))
			}
			if shown.Prompt == "" {
				t.Errorf("the listing has no prompt")
			}
			// The label of each step, by its text; the key is the bank's.
			labelOf := map[string]string{}
			var listed []string
			for i, s := range shown.Steps {
				if want := string(rune('A' + i)); s.Label != want {
					t.Errorf("step %d labelled %q, want %q", i+1, s.Label, want)
				}
				labelOf[s.Text] = s.Label
				listed = append(listed, s.Text)
			}
			var right []string
			inOrder := true
			for i, st := range q.Steps {
				l, ok := labelOf[st.Text]
				if !ok {
					t.Fatalf("step %q is not listed", st.Text)
				}
				right = append(right, l)
				inOrder = inOrder && listed[i] == st.Text
			}
			if inOrder {
				t.Fatalf("the steps are listed in the right order: the listing gives the answer away")
			}
			for _, s := range q.Steps {
				if strings.Contains(shown.Answer, s.ID) {
					t.Errorf("how to answer names the internal step id %q: %q", s.ID, shown.Answer)
				}
			}
			g, _, err := grade(t, []string{q.ID}, strings.Join(right, " "))
			if err != nil || g.Score != 1 || !g.Passed {
				t.Fatalf("grade %q (the right order, in labels) = score %v passed %v err %v; want 1.0", strings.Join(right, " "), g.Score, g.Passed, err)
			}
			// The internal ids in a row are the right order: they must not
			// be a way to score without reading the steps.
			var ids []string
			for _, s := range q.Steps {
				ids = append(ids, s.ID)
			}
			g, _, err = grade(t, []string{q.ID}, strings.Join(ids, " "))
			if exitStatus(err) != 2 {
				t.Fatalf("grade %q = score %v, err %v; want refused with status 2", strings.Join(ids, " "), g.Score, err)
			}
		})
	}
}

// TestGradeUnknownStepListsTheLabels: an unknown step names the labels
// there are, and never the internal ids (which would give the order).
func TestGradeUnknownStepListsTheLabels(t *testing.T) {
	for _, tt := range []struct{ name, stdin, want string }{
		{"a number", "1 2 3 4 5", `unknown step "1"`},
		{"an internal id", "s2 s1 s3 s4 s5", `unknown step "s2"`},
		{"a letter past the last", "A B C D F", `unknown step "F"`},
		{"too few", "A B", "place all 5 steps"},
		{"twice", "A A B C D", `step "A" is placed twice`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := grade(t, []string{"obj-order-choose-ttl"}, tt.stdin)
			if exitStatus(err) != 2 {
				t.Fatalf("exit status: got %d (%v), want 2", exitStatus(err), err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "A, B, C, D, E") {
				t.Fatalf("error = %q, want %q and the labels A, B, C, D, E", msg, tt.want)
			}
			if strings.Contains(strings.ReplaceAll(msg, `"s2"`, ""), "s1") {
				t.Fatalf("error = %q names an internal step id", msg)
			}
		})
	}
}

// TestChoicesFromTheCLI: the options of single, multiple and predict
// questions are listed labelled A, B, C ... in the web page's order, and
// grade takes those labels (in either case).
func TestChoicesFromTheCLI(t *testing.T) {
	_, qs := questionsOfKind(t, quiz.KindSingle, quiz.KindMultiple, quiz.KindPredict)
	for _, q := range qs {
		t.Run(q.ID, func(t *testing.T) {
			shown := questionJSON(t, q.ID)
			if len(shown.Options) != len(q.Options) {
				t.Fatalf("listed %d options, want %d", len(shown.Options), len(q.Options))
			}
			var right []string
			page := q.ShownOptions()
			for i, o := range shown.Options {
				if want := string(rune('A' + i)); o.Label != want || o.Text != page[i].Text {
					t.Fatalf("option %d = %q %q, want %q %q (the web's order)", i+1, o.Label, o.Text, want, page[i].Text)
				}
				if page[i].Correct {
					right = append(right, strings.ToLower(o.Label))
				}
			}
			g, _, err := grade(t, []string{q.ID}, strings.Join(right, ","))
			if err != nil || g.Score != 1 {
				t.Fatalf("grade %q (the key, in labels) = score %v err %v; want 1.0", strings.Join(right, ","), g.Score, err)
			}
		})
	}
	_, _, err := grade(t, []string{"obj-single-stonith"}, "E")
	if exitStatus(err) != 2 || !strings.Contains(err.Error(), `unknown option "E"`) || !strings.Contains(err.Error(), "A, B, C, D") {
		t.Fatalf("grade with option E of four = %v; want status 2 naming the labels A, B, C, D", err)
	}
}

// TestQuestionsShowsSpotTheBugAndFreeText: the other kinds are listed
// too, so every question can be answered from the terminal.
func TestQuestionsShowsSpotTheBugAndFreeText(t *testing.T) {
	bug := questionJSON(t, "obj-bug-get-then-del")
	if len(bug.Lines) == 0 || bug.Lines[0].N != 1 || bug.Prompt == "" {
		t.Fatalf("spot-the-bug listing = %+v, want its numbered lines and prompt", bug)
	}
	free := questionJSON(t, "fencing-token")
	if free.Prompt == "" || free.Kind != "free-text" {
		t.Fatalf("free-text listing = %+v, want its prompt", free)
	}
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"questions", "obj-order-choose-ttl"}, envFrom(nil), strings.NewReader(""), &out, &errOut)
	if err != nil {
		t.Fatalf("questions obj-order-choose-ttl: %v", err)
	}
	text := out.String()
	for _, want := range []string{"A. ", "E. ", "lockdrill grade obj-order-choose-ttl"} {
		if !strings.Contains(text, want) {
			t.Errorf("questions obj-order-choose-ttl lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "s1") {
		t.Errorf("questions obj-order-choose-ttl names an internal step id:\n%s", text)
	}
	err = run(context.Background(), []string{"questions", "no-such-question"}, envFrom(nil), strings.NewReader(""), &out, &errOut)
	if exitStatus(err) != 2 {
		t.Fatalf("questions no-such-question: exit status %d (%v), want 2", exitStatus(err), err)
	}
}

// TestGradeBrokenOrderNamesLetters: a broken safety-critical order is
// reported in the letters the learner answered with, not in internal ids
// the learner never saw.
func TestGradeBrokenOrderNamesLetters(t *testing.T) {
	// The listing of obj-order-redlock-acquire letters "count the grants"
	// D and "consider the lock held" A, which must come after it.
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"grade", "obj-order-redlock-acquire"}, envFrom(nil), strings.NewReader("E B A D C"), &out, &errOut); err != nil {
		t.Fatalf("grade: %v\n%s", err, errOut.String())
	}
	var g struct {
		Passed bool
		Broken []struct{ First, Then string }
	}
	if err := json.Unmarshal(out.Bytes(), &g); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}
	if g.Passed || len(g.Broken) != 1 || g.Broken[0].First != "D" || g.Broken[0].Then != "A" {
		t.Fatalf("passed=%v broken=%+v, want a fail with D before A broken", g.Passed, g.Broken)
	}
}

// TestHelpSuggestsNoStepIDs: the help of grade and questions names the
// letters, never internal step ids like "s2 s1 s3", which are numbered in
// the right order.
func TestHelpSuggestsNoStepIDs(t *testing.T) {
	stepID := regexp.MustCompile(`\bs[0-9]+\b`)
	for _, args := range [][]string{{"grade", "--help"}, {"questions", "--help"}, {"--help"}} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), args, envFrom(nil), strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if id := stepID.FindString(out.String()); id != "" {
			t.Errorf("%v suggests the step id %q:\n%s", args, id, out.String())
		}
		if args[0] == "grade" && !strings.Contains(out.String(), "lockdrill questions ID") {
			t.Errorf("grade --help does not say where the letters are shown:\n%s", out.String())
		}
	}
}
