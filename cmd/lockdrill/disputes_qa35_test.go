package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

// TestDisputesExportFollowUpAndWhatTheGraderSaid: a dispute of a round's
// follow-up (kept under the follow-up's id) is exported with the
// follow-up's prompt, the main question it follows and the contested
// point's label, and every dispute with what the grader said: the text it
// quoted and its own score and verdict (QA-35 #1: prompt and label were
// empty, and the grader's words were not kept).
func TestDisputesExportFollowUpAndWhatTheGraderSaid(t *testing.T) {
	ctx := context.Background()
	st, path, learner, now := learnerDB(t)
	q := &quiz.Question{ID: "design-leader-failover", Kind: quiz.KindFreeText}
	answer := "The new leader keeps the grants, since they were committed on a quorum, and restarts every session timer."
	id, err := st.CreateAttempt(ctx, learner, q, quiz.Answer{Text: answer}, quiz.Result{Question: q.ID, Kind: q.Kind}, now)
	if err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: q.ID, Item: "grants-survive", Was: "hit", Reason: "I never said why", Answer: answer, Grader: "g35-0123",
		Evidence: "committed on a quorum", GraderScore: 0.45, GraderVerdict: "no-pass", Created: now}
	if _, err := st.ContestAttempt(ctx, learner, id, d, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.3}); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 1 {
		t.Fatalf("export %d disputes (%v):\n%s", len(got), err, out.String())
	}
	g := got[0]
	if p, _ := g["prompt"].(string); !strings.Contains(p, "The leader crashes") {
		t.Errorf("prompt %q, want the follow-up's", p)
	}
	if g["item_label"] != "Grants survive because they were committed on a majority" || g["follows"] != "design-lock-service-q" {
		t.Errorf("item_label %q, follows %q: want the follow-up point's label and its main question", g["item_label"], g["follows"])
	}
	if g["evidence"] != d.Evidence || g["grader_score"] != 0.45 || g["grader_verdict"] != "no-pass" {
		t.Errorf("evidence %q, grader_score %v, grader_verdict %q: want what the grader said", g["evidence"], g["grader_score"], g["grader_verdict"])
	}

	out.Reset()
	if err := run(ctx, []string{"disputes", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes (text): %v", err)
	}
	for _, want := range []string{"question: Suppose only the leader times client sessions.", "ticked point: Grants survive because they were committed on a majority",
		"follow-up to: design-lock-service-q", "grader quoted: committed on a quorum", "grader's grade of this answer alone: 45 %, no-pass"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text export lacks %q:\n%s", want, out.String())
		}
	}
}

// TestDisputeOfAnAnyQuestionFollowUpNamesTheRoundsQuestion: a follow-up
// any main question can draw (pause-past-expiry) is disputed under its own
// id; the export names the main question of the round it was asked in,
// not "any" (QA-35 second pass #2).
func TestDisputeOfAnAnyQuestionFollowUpNamesTheRoundsQuestion(t *testing.T) {
	ctx := context.Background()
	st, path, learner, now := learnerDB(t)
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	fus, err := content.LoadFollowUps(content.Embedded(), bank)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := fus.ByID("pause-past-expiry"); !ok || f.Question != quiz.FollowUpAny {
		t.Fatalf("pause-past-expiry is not a follow-up of any question: the test shows nothing")
	}
	rules := quiz.RoundRules{Bank: bank, FollowUps: fus}
	id, err := st.CreateRound(ctx, learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-vs-consensus", "fencing-token", "choose-ttl"}, Started: now})
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
		// (g42: an answer on redis-vs-consensus, whose core points say
		// nothing of pauses: on a question whose own follow-up probes a
		// paused holder, that one is asked in place of pause-past-expiry)
		return r.Answer(rules, 0, "I'd pick etcd. Redis replicates asynchronously, so if the primary fails right after granting the lock, the promoted replica may not have the key and grants it again. etcd commits every write through Raft on a majority, so a granted lock survives a node failure.", now.Add(time.Minute))
	})
	if err != nil {
		t.Fatal(err)
	}
	seq := -1
	for _, tt := range r.Turns {
		if tt.FollowUp == "pause-past-expiry" {
			seq = tt.Seq
		}
	}
	if seq < 0 {
		t.Fatalf("the round asked no pause-past-expiry follow-up: %+v", r.Turns)
	}
	answer := "The client checks that it still holds the lock right before it writes."
	for _, tt := range r.Turns {
		if tt.FollowUp == "" || tt.Seq > seq {
			continue
		}
		text := "I am not sure."
		if tt.Seq == seq {
			text = answer
		}
		if _, _, err := st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
			return r.Answer(rules, tt.Seq, text, now.Add(2*time.Minute))
		}); err != nil {
			t.Fatalf("answer turn %d: %v", tt.Seq, err)
		}
	}
	d := store.Dispute{Question: "pause-past-expiry", Item: "client-side-fencing", Was: "flag", Reason: "I said why it is not enough", Answer: answer, Grader: "g35-0123", Created: now}
	if _, err := st.ContestTurn(ctx, learner, id, seq, d, quiz.Result{Question: "pause-past-expiry", Kind: quiz.KindFreeText}, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 1 {
		t.Fatalf("export %d disputes (%v):\n%s", len(got), err, out.String())
	}
	if got[0]["follows"] != "redis-vs-consensus" {
		t.Errorf("follows %q, want the round's main question redis-vs-consensus", got[0]["follows"])
	}
}
