package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"lockdrill/quiz"
	"lockdrill/store"
)

func TestContestAttemptKeepsDisputeAndResult(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me, other := mustLearner(t, s), mustLearner(t, s)
	res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.3}
	id, err := s.CreateAttempt(ctx, me, freeQ, quiz.Answer{Text: "the datastore turns away old generations"}, res, roundStart)
	if err != nil {
		t.Fatal(err)
	}
	fixed := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.6, Passed: true, SelfAssessed: true}
	d := store.Dispute{Question: freeQ.ID, Item: "resource-rejects", Was: "missed", Reason: "turns away = rejects", Answer: "the datastore turns away old generations", Grader: "g2-abc", Created: day}
	if _, err := s.ContestAttempt(ctx, other, id, d, fixed); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another learner's dispute: err = %v, want ErrNotFound", err)
	}
	if got, _ := s.AllDisputes(ctx); len(got) != 0 {
		t.Fatalf("a refused dispute was stored: %+v", got)
	}
	if _, err := s.ContestAttempt(ctx, me, id, d, fixed); err != nil {
		t.Fatalf("contest: %v", err)
	}
	at, err := s.Attempt(ctx, me, id)
	if err != nil {
		t.Fatal(err)
	}
	if !at.Result.Passed || at.Result.Score != 0.6 {
		t.Fatalf("attempt result = %+v, want the corrected pass", at.Result)
	}
	mine, err := s.LearnerDisputes(ctx, me)
	if err != nil || len(mine) != 1 {
		t.Fatalf("learner disputes = %v, %v; want 1", mine, err)
	}
	if g := mine[0]; g.Surface != "practice" || g.AttemptID != id || g.Item != d.Item || g.Was != "missed" || g.Reason != d.Reason || g.Answer != d.Answer || g.Grader != d.Grader || !g.Created.Equal(day) {
		t.Fatalf("dispute = %+v", g)
	}
	if theirs, _ := s.LearnerDisputes(ctx, other); len(theirs) != 0 {
		t.Fatalf("other learner sees %d disputes, want 0", len(theirs))
	}
	long := d
	long.Reason = strings.Repeat("x", quiz.MaxDisputeReason+1)
	if _, err := s.ContestAttempt(ctx, me, id, long, fixed); !errors.Is(err, store.ErrBadDispute) {
		t.Fatalf("long reason: err = %v, want ErrBadDispute", err)
	}
}

func TestContestTurnRescoresFinishedRound(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me, other := mustLearner(t, s), mustLearner(t, s)
	id := mustRound(t, s, me)
	for _, seq := range []int{0, 10, 20} {
		if err := s.AnswerTurn(ctx, me, id, store.TurnAnswer{Seq: seq, Text: "x", Result: quiz.Result{Score: 0.2}, At: roundStart}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.FinishRound(ctx, me, id, fixed(store.RoundFinish{Score: 0.2, Verdict: quiz.NoHire, At: roundStart})); err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: "fencing-token", Item: "ttl-as-safety", Was: "flag", Answer: "x", Grader: "g2", Created: day}
	rescore := func(r *store.Round) store.RoundRescore {
		if r.Turns[0].Result.Score != 0.9 {
			t.Fatalf("rescore read turn 0 with score %v, want the corrected 0.9", r.Turns[0].Result.Score)
		}
		return store.RoundRescore{Score: 0.5, Verdict: quiz.LeanNo}
	}
	if _, err := s.ContestTurn(ctx, other, id, 0, d, quiz.Result{Score: 0.9}, rescore); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another learner: err = %v, want ErrNotFound", err)
	}
	if _, err := s.ContestTurn(ctx, me, id, 5, d, quiz.Result{Score: 0.9}, rescore); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown turn: err = %v, want ErrNotFound", err)
	}
	if _, err := s.ContestTurn(ctx, me, id, 0, d, quiz.Result{Score: 0.9}, rescore); err != nil {
		t.Fatalf("contest: %v", err)
	}
	r, err := s.Round(ctx, me, id)
	if err != nil {
		t.Fatal(err)
	}
	if r.Score != 0.5 || r.Verdict != quiz.LeanNo || r.Turns[0].Result.Score != 0.9 {
		t.Fatalf("round score %v verdict %v turn 0 %v; want 0.5, lean no, 0.9", r.Score, r.Verdict, r.Turns[0].Result.Score)
	}
	all, _ := s.AllDisputes(ctx)
	if len(all) != 1 || all[0].Surface != "round" || all[0].RoundID != id || all[0].Seq != 0 {
		t.Fatalf("disputes = %+v", all)
	}
}
