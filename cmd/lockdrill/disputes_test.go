package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// learnerDB opens a new database in a temporary directory and creates one
// learner in it at now (10:00 UTC on 2026-12-01); the caller closes st.
func learnerDB(t *testing.T) (st *store.Store, path, learner string, now time.Time) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "d.db")
	now = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if learner, err = st.CreateLearner(context.Background(), now); err != nil {
		t.Fatal(err)
	}
	return st, path, learner, now
}

// disputeFixture is a database with one learner, one practice attempt at
// fencing-token and one dispute of a missed point on it.
type disputeFixture struct {
	path, learner, answer string
	question              string
	attempt               string
	dispute               store.Dispute
	now                   time.Time
}

// oneDisputeDB makes a disputeFixture.
func oneDisputeDB(t *testing.T) disputeFixture {
	t.Helper()
	ctx := context.Background()
	st, path, learner, now := learnerDB(t)
	q := &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}
	answer := "The datastore turns away older generation numbers."
	id, err := st.CreateAttempt(ctx, learner, q, quiz.Answer{Text: answer}, quiz.Result{Question: q.ID, Kind: q.Kind}, now)
	if err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: q.ID, Item: "resource-rejects", Was: "missed", Reason: "turns away = rejects", Answer: answer, Grader: "g2-0123", Created: now}
	if _, err := st.ContestAttempt(ctx, learner, id, d, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.6, Passed: true}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	return disputeFixture{path: path, learner: learner, answer: answer, question: q.ID, attempt: id, dispute: d, now: now}
}

func TestDisputesExport(t *testing.T) {
	ctx := context.Background()
	fx := oneDisputeDB(t)
	path, answer, learner, id, d, now := fx.path, fx.answer, fx.learner, fx.attempt, fx.dispute, fx.now

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []disputeOut
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if len(got) != 1 {
		t.Fatalf("got %d disputes, want 1", len(got))
	}
	g := got[0]
	if g.Question != fx.question || g.Item != d.Item || g.Was != "missed" || g.Reason != d.Reason || g.Answer != answer || g.Grader != d.Grader || g.Attempt != id || g.Surface != "practice" || !g.Created.Equal(now) {
		t.Fatalf("dispute = %+v", g)
	}
	if strings.Contains(out.String(), learner) {
		t.Fatalf("the export names the learner")
	}
	// A dispute is only a corpus item if a reader knows what was asked and
	// what was contested without the app: the prompt and the point's label.
	if !strings.Contains(g.Prompt, "fencing token") || g.ItemLabel != "The resource keeps the highest token it has seen and rejects writes with a lower one" {
		t.Fatalf("prompt %q, item label %q: want the question's prompt and the point's label", g.Prompt, g.ItemLabel)
	}

	out.Reset()
	if err := run(ctx, []string{"disputes", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes (text): %v", err)
	}
	if !strings.Contains(out.String(), "missed point resource-rejects") || !strings.Contains(out.String(), answer) ||
		!strings.Contains(out.String(), "question: What is a fencing token?") || !strings.Contains(out.String(), "missed point: The resource keeps the highest token") {
		t.Fatalf("text export:\n%s", out.String())
	}

	missing := filepath.Join(t.TempDir(), "none.db")
	err := run(ctx, []string{"disputes", "--db", missing}, envFrom(nil), nil, &out, &errOut)
	if exitStatus(err) != 2 || !strings.Contains(err.Error(), "--db") {
		t.Fatalf("missing database: err %v, want status 2 naming --db", err)
	}
	if _, statErr := os.Stat(missing); statErr == nil {
		t.Fatalf("the export created %s", missing)
	}
}
