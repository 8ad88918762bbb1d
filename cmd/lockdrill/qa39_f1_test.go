package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// twoPracticeDisputesDB is a database holding two disputes of the same
// missed point of fencing-token, on two attempts with the same answer:
// told apart only by their ids and attempts.
func twoPracticeDisputesDB(t *testing.T) string {
	t.Helper()
	return practiceDisputesDB(t, "The datastore turns away older generation numbers.", 2)
}

// practiceDisputesDB is a database with n practice attempts of answer to
// fencing-token, each with the missed point resource-rejects contested.
func practiceDisputesDB(t *testing.T, answer string, n int) string {
	t.Helper()
	ctx := context.Background()
	st, path, learner, now := learnerDB(t)
	defer st.Close()
	q := &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}
	for i := range n {
		at := now.Add(time.Duration(i) * time.Minute)
		id, err := st.CreateAttempt(ctx, learner, q, quiz.Answer{Text: answer}, quiz.Result{Question: q.ID, Kind: q.Kind}, at)
		if err != nil {
			t.Fatal(err)
		}
		d := store.Dispute{Question: q.ID, Item: "resource-rejects", Was: "missed", Answer: answer, Grader: "g2-0123", Created: at}
		if _, err := st.ContestAttempt(ctx, learner, id, d, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.6, Passed: true}); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestDisputesTextNamesTheDisputeAndWhereItWasMade: every block of the
// text export carries the dispute's id and the attempt, or the round and
// turn (seq), it was made on, as the JSON export has them, so two
// disputes of one item can be told apart and matched to the JSON; and
// "disputes --help" says so (QA-39 F1 #2: the text left them out).
func TestDisputesTextNamesTheDisputeAndWhereItWasMade(t *testing.T) {
	for _, tc := range []struct{ name, path string }{
		{"practice", twoPracticeDisputesDB(t)},
		{"round", followUpPointDisputeDB(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			var js, text, errOut bytes.Buffer
			if err := run(ctx, []string{"disputes", "--json", "--db", tc.path}, envFrom(nil), nil, &js, &errOut); err != nil {
				t.Fatalf("disputes --json: %v (%s)", err, errOut.String())
			}
			var ds []disputeOut
			if err := json.Unmarshal(js.Bytes(), &ds); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, js.String())
			}
			if err := run(ctx, []string{"disputes", "--db", tc.path}, envFrom(nil), nil, &text, &errOut); err != nil {
				t.Fatalf("disputes: %v (%s)", err, errOut.String())
			}
			blocks := strings.Split(strings.TrimSpace(text.String()), "\n\n")
			if len(blocks) != len(ds) || len(ds) == 0 {
				t.Fatalf("%d text blocks for %d disputes:\n%s", len(blocks), len(ds), text.String())
			}
			for i, d := range ds {
				want := fmt.Sprintf("  id: %s  attempt: %s\n", d.ID, d.Attempt)
				if d.Surface == "round" {
					want = fmt.Sprintf("  id: %s  round: %s  seq: %d\n", d.ID, d.Round, *d.Seq)
				}
				if d.ID == "" || d.Attempt == "" && d.Round == "" {
					t.Fatalf("the JSON export names no id or attempt/round: %+v", d)
				}
				if !strings.Contains(blocks[i]+"\n", want) {
					t.Errorf("block %d does not say %q:\n%s", i, want, blocks[i])
				}
			}
		})
	}

	var help, errOut bytes.Buffer
	if err := run(context.Background(), []string{"disputes", "--help"}, envFrom(nil), nil, &help, &errOut); err != nil {
		t.Fatalf("disputes --help: %v", err)
	}
	h := strings.Join(strings.Fields(help.String()), " ")
	for _, want := range []string{"id: ID attempt: ATTEMPT", "id: ID round: ROUND seq: SEQ"} {
		if !strings.Contains(h, want) {
			t.Errorf("disputes --help does not document the text line %s:\n%s", want, help.String())
		}
	}
}

// TestGradeSaysWhatAFullerAnswerWouldAddOnce: a passing "lockdrill grade"
// that misses breadth points names each of them once, in "missing"
// ("A fuller answer would add: …"), and no note lists them again ("You
// made the core points. A fuller answer would also cover: …"), as the
// feedback page does (QA-39 F1 #3).
func TestGradeSaysWhatAFullerAnswerWouldAddOnce(t *testing.T) {
	var g struct {
		Passed bool `json:"passed"`
		Points []struct {
			Label     string
			Hit, Core bool
		} `json:"points"`
		Missing []string `json:"missing"`
		Notes   []string `json:"notes"`
	}
	gradeInto(t, "It's a monotonically increasing number you get when you acquire the lock. You pass it with each request to the database, and the database rejects requests whose token is older than the newest one it has seen. That protects you from a client that had a long pause and doesn't know its lock expired.", &g, "fencing-token")
	said := strings.Join(append(slices.Clone(g.Missing), g.Notes...), "\n")
	missed := 0
	for _, p := range g.Points {
		if p.Hit || p.Core {
			continue
		}
		missed++
		if n := strings.Count(said, p.Label); n != 1 {
			t.Errorf("\"missing\" and \"notes\" name the missed breadth point %q %d times, want once:\n%s", p.Label, n, said)
		}
	}
	if !g.Passed || missed < 2 {
		t.Fatalf("passed %v with %d breadth points missed; the test needs a pass that misses two", g.Passed, missed)
	}
	for _, n := range g.Notes {
		if strings.Contains(n, "fuller answer") {
			t.Errorf("a note repeats what \"missing\" says: %q", n)
		}
	}
}

// TestDisputesTextHasNoBlankIndentedLine: an answer saved with a trailing
// line break (as a textarea sends it) printed a line of ten spaces after
// "answer:" in the text export (QA-39).
func TestDisputesTextHasNoBlankIndentedLine(t *testing.T) {
	ctx := context.Background()
	path := practiceDisputesDB(t, "The datastore turns away older generation numbers.\r\nThat is the fence.\r\n", 1)
	var text, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--db", path}, envFrom(nil), nil, &text, &errOut); err != nil {
		t.Fatalf("disputes: %v (%s)", err, errOut.String())
	}
	if !strings.Contains(text.String(), "That is the fence.") {
		t.Fatalf("the answer's second line is missing:\n%s", text.String())
	}
	for _, line := range strings.Split(text.String(), "\n") {
		if line != "" && strings.TrimSpace(line) == "" {
			t.Fatalf("a line of only spaces in the text export:\n%q", text.String())
		}
	}
}
