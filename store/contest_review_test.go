package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// finishedRound is a learner's round whose three main answers failed and
// whose end filed each for review rated Again, as quiz.RoundReview does.
func finishedRound(t *testing.T, s *store.Store, me string) string {
	t.Helper()
	ctx := context.Background()
	id := mustRound(t, s, me)
	for _, seq := range []int{0, 10, 20} {
		if err := s.AnswerTurn(ctx, me, id, store.TurnAnswer{Seq: seq, Text: "x", Result: quiz.Result{Score: 0.2}, At: roundStart}); err != nil {
			t.Fatal(err)
		}
	}
	review := []quiz.ReviewItem{reviewItem("fencing-token", 0.2, quiz.Again), reviewItem("choose-ttl", 0.2, quiz.Again), reviewItem("avoid-the-lock", 0.2, quiz.Again)}
	if _, err := s.FinishRound(ctx, me, id, fixed(store.RoundFinish{Score: 0.2, Verdict: quiz.NoHire, At: roundStart, Review: review})); err != nil {
		t.Fatal(err)
	}
	return id
}

// contestTo contests turn 0 of round id so that its review item becomes
// item.
func contestTo(t *testing.T, s *store.Store, me, id string, item quiz.ReviewItem) {
	t.Helper()
	d := store.Dispute{Question: "fencing-token", Item: "ttl-as-safety", Was: "flag", Answer: "x", Grader: "g2", Created: roundStart.Add(time.Hour)}
	rescore := func(*store.Round) store.RoundRescore {
		return store.RoundRescore{Score: 0.7, Verdict: quiz.Hire, Review: []quiz.ReviewItem{item}}
	}
	if _, err := s.ContestTurn(context.Background(), me, id, 0, d, item.Result, rescore); err != nil {
		t.Fatal(err)
	}
}

// TestContestedRoundReschedulesReview: a contest that turns a round's
// failed answer into a pass moves the question's review as if the round
// had ended with the new rating, and files the corrected result in the
// practice history (QA-52b M4: the card kept the failing answer's
// next-day review).
func TestContestedRoundReschedulesReview(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me := mustLearner(t, s)
	id := finishedRound(t, s, me)
	failed, ok, err := s.Card(ctx, me, "fencing-token")
	if err != nil || !ok {
		t.Fatalf("card after the round: %v, %v", ok, err)
	}
	contestTo(t, s, me, id, reviewItem("fencing-token", 0.8, quiz.Good))
	got, _, err := s.Card(ctx, me, "fencing-token")
	if err != nil {
		t.Fatal(err)
	}
	want := quiz.Schedule(quiz.NewCard(), quiz.Good, roundStart)
	if !got.Due.Equal(want.Due) || got.Reps != want.Reps || got.Stability != want.Stability {
		t.Errorf("card after the contest due %v (stability %v), want %v (%v) as if the round had rated it Good; before the contest due %v",
			got.Due, got.Stability, want.Due, want.Stability, failed.Due)
	}
	if !got.Due.After(failed.Due) {
		t.Errorf("a pass is due %v, no later than the failed answer's %v", got.Due, failed.Due)
	}
	// the other questions of the round keep their cards
	if other, _, _ := s.Card(ctx, me, "choose-ttl"); !other.Due.Equal(failed.Due) {
		t.Errorf("an uncontested question moved to %v", other.Due)
	}
	hist, err := s.QuestionAttempts(ctx, me, "fencing-token")
	if err != nil || len(hist) != 1 {
		t.Fatalf("history %v, %v", hist, err)
	}
	if h := hist[0]; !h.Passed || h.Score != 0.8 || h.Rating != quiz.Good {
		t.Errorf("the round's attempt in history: passed=%v score=%v rating=%v, want the contested pass rated Good", h.Passed, h.Score, h.Rating)
	}
	// Contesting back restores the card the round's end gave.
	contestTo(t, s, me, id, reviewItem("fencing-token", 0.2, quiz.Again))
	if back, _, _ := s.Card(ctx, me, "fencing-token"); !back.Due.Equal(failed.Due) || back.Stability != failed.Stability {
		t.Errorf("contested back: due %v, want the round's own %v", back.Due, failed.Due)
	}
}

// TestContestedRoundReplaysLaterReviews: a rating given after the round
// stays, replayed on top of the corrected one.
func TestContestedRoundReplaysLaterReviews(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me := mustLearner(t, s)
	id := finishedRound(t, s, me)
	later := roundStart.Add(36 * time.Hour)
	at, err := s.CreateAttempt(ctx, me, &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}, quiz.Answer{Text: "again"}, quiz.Result{Score: 0.9, Passed: true}, later)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RateAttempt(ctx, me, at, quiz.Hard, func(c quiz.Card) quiz.Card { return quiz.Schedule(c, quiz.Hard, later) }, later); err != nil {
		t.Fatal(err)
	}
	contestTo(t, s, me, id, reviewItem("fencing-token", 0.8, quiz.Easy))
	got, _, _ := s.Card(ctx, me, "fencing-token")
	want := quiz.Schedule(quiz.Schedule(quiz.NewCard(), quiz.Easy, roundStart), quiz.Hard, later)
	if !got.Due.Equal(want.Due) || got.Stability != want.Stability || got.Reps != 2 {
		t.Errorf("card due %v (stability %v, reps %d), want %v (%v, 2): the round's Easy, then the later Hard", got.Due, got.Stability, got.Reps, want.Due, want.Stability)
	}
}

// TestContestedRoundLeavesReviewWithSameRating: a contest that changes the
// score but not the rating leaves the card as it was.
func TestContestedRoundLeavesReviewWithSameRating(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me := mustLearner(t, s)
	id := finishedRound(t, s, me)
	before, _, _ := s.Card(ctx, me, "fencing-token")
	contestTo(t, s, me, id, reviewItem("fencing-token", 0.3, quiz.Again))
	after, _, _ := s.Card(ctx, me, "fencing-token")
	if after != before {
		t.Errorf("card changed from %+v to %+v with the same rating", before, after)
	}
}

// TestRerateAttemptRefusals: only the learner's own rated attempt can be
// rated again.
func TestRerateAttemptRefusals(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me, other := mustLearner(t, s), mustLearner(t, s)
	at, err := s.CreateAttempt(ctx, me, &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}, quiz.Answer{Text: "x"}, quiz.Result{Score: 0.2}, roundStart)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.RerateAttempt(ctx, me, at, quiz.Good); !errors.Is(err, store.ErrNotRated) {
		t.Fatalf("unrated: err = %v, want ErrNotRated", err)
	}
	if _, err := s.RateAttempt(ctx, me, at, quiz.Again, func(c quiz.Card) quiz.Card { return quiz.Schedule(c, quiz.Again, roundStart) }, roundStart); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RerateAttempt(ctx, other, at, quiz.Good); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another learner: err = %v, want ErrNotFound", err)
	}
	card, err := s.RerateAttempt(ctx, me, at, quiz.Good)
	if err != nil {
		t.Fatal(err)
	}
	if want := quiz.Schedule(quiz.NewCard(), quiz.Good, roundStart); !card.Due.Equal(want.Due) {
		t.Fatalf("rerated card due %v, want %v", card.Due, want.Due)
	}
}
