package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

// followUpPointDisputeDB is a database holding one dispute: the learner
// says the follow-up of a round did not make consumer-dedupe for the
// outbox-pattern answer, with the grader's own grade of the follow-up's
// answer (40 %, no-pass) as the web records it.
func followUpPointDisputeDB(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "d.db")
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	learner, err := st.CreateLearner(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	fus, err := content.LoadFollowUps(content.Embedded(), bank)
	if err != nil {
		t.Fatal(err)
	}
	rules := quiz.RoundRules{Bank: bank, FollowUps: fus}
	id, err := st.CreateRound(ctx, learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"outbox-pattern", "fencing-token", "avoid-the-lock"}, Started: now})
	if err != nil {
		t.Fatal(err)
	}
	main := "It's a dual write: the commit and the Kafka publish can't be atomic, and if the process crashes between them one of them is lost. A lock doesn't help with that. I'd insert the event into an outbox table in the same transaction as the status update, and a relay publishes the rows and marks them sent."
	followUp := "The relay publishes the row again after the restart, so delivery is at-least-once. Consumers keep a unique index on the event id."
	r, _, err := st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
		return r.Answer(rules, 0, main, now.Add(time.Minute))
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Turns) < 2 || r.Turns[1].FollowUp == "" {
		t.Fatalf("the main answer drew no follow-up: %+v", r.Turns)
	}
	if r, _, err = st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
		return r.Answer(rules, r.Turns[1].Seq, followUp, now.Add(2*time.Minute))
	}); err != nil {
		t.Fatal(err)
	}
	q, _ := bank.ByID("outbox-pattern")
	res, what, err := quiz.ContestRecovered(q, *r.Turns[0].Result, "consumer-dedupe")
	if err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: q.ID, Seq: r.Turns[1].Seq, Item: what.Item, Was: what.Was, Reason: "my follow-up only named an index", Answer: followUp, Grader: bank.Version(),
		Evidence: "unique index on the event id", GraderScore: 0.4, GraderVerdict: "no-pass", Created: now.Add(3 * time.Minute)}
	if _, err := st.ContestRecovered(ctx, learner, id, 0, d, res, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDisputesSayWhoseGradeTheGraderScoreIs: the export of a contested
// point a follow-up made says that the grader's grade is of that answer
// alone, not the round's (corrected) score, and "disputes --help" says
// what "grader_score" is (QA-38 F1 #2: "grader's grade: 40 %" beside a
// round read as the round's score after the correction).
func TestDisputesSayWhoseGradeTheGraderScoreIs(t *testing.T) {
	path := followUpPointDisputeDB(t)
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"disputes", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v (%s)", err, errOut.String())
	}
	text := out.String()
	if !strings.Contains(text, "grader's grade of this answer alone: 40 %, no-pass") || !strings.Contains(text, "not the round's score") {
		t.Errorf("the text export does not say the grade is of the follow-up's answer alone, not the round's:\n%s", text)
	}
	if strings.Contains(text, "grader's grade: ") {
		t.Errorf("the text export still says a bare \"grader's grade\":\n%s", text)
	}

	var help bytes.Buffer
	if err := run(context.Background(), []string{"disputes", "--help"}, envFrom(nil), nil, &help, &errOut); err != nil {
		t.Fatalf("disputes --help: %v", err)
	}
	h := strings.Join(strings.Fields(help.String()), " ")
	for _, want := range []string{`"grader_score"`, `"grader_verdict"`, "of \"answer\" alone", "not the round's score", `"follow_up_answer"`} {
		if !strings.Contains(h, want) {
			t.Errorf("disputes --help does not document %s:\n%s", want, help.String())
		}
	}
}
