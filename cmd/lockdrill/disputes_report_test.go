package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestDisputesExportReportedFlag: a losing claim the learner reported
// (QA-47 M8) is exported as was "unflagged" with the red flag's label, so
// it becomes a corpus item that should raise that flag; the text export
// says the grader missed it.
func TestDisputesExportReportedFlag(t *testing.T) {
	ctx := context.Background()
	st, path, learner, now := learnerDB(t)
	q := &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}
	answer := "Make the TTL longer than any GC pause and fencing is unnecessary."
	id, err := st.CreateAttempt(ctx, learner, q, quiz.Answer{Text: answer}, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.7, Passed: true}, now)
	if err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: q.ID, Item: "ttl-as-safety", Was: "unflagged", Reason: "I said the TTL makes it safe", Answer: answer, Grader: "g48-0123", Created: now, GraderVerdict: "pass", GraderScore: 0.7}
	if _, err := st.ContestAttempt(ctx, learner, id, d, quiz.Result{Question: q.ID, Kind: q.Kind, Fatal: true, SelfAssessed: true}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []disputeOut
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 1 {
		t.Fatalf("export: %v, %d disputes\n%s", err, len(got), out.String())
	}
	if g := got[0]; g.Item != "ttl-as-safety" || g.Was != "unflagged" || g.Answer != answer || g.GraderVerdict != "pass" || !strings.Contains(strings.ToLower(g.ItemLabel), "ttl") {
		t.Fatalf("dispute = %+v", g)
	}
	out.Reset()
	if err := run(ctx, []string{"disputes", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "red flag the grader missed (reported) ttl-as-safety") {
		t.Fatalf("text export:\n%s", out.String())
	}
}
