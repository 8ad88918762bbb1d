package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestRoundAnswerIsNoPracticeResubmission: an answer a mock round stored
// (rated as it was created) is not taken for the practice form sent
// twice: the same text submitted in practice a second later is a new
// attempt of its own, while the same practice answer sent again within the
// window still is not (QA-45 H6).
func TestRoundAnswerIsNoPracticeResubmission(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 12, 6, 23, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "resubmit.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	learner, err := s.CreateLearner(ctx, at)
	if err != nil {
		t.Fatal(err)
	}
	q := &quiz.Question{ID: "deadlock-ordering", Kind: quiz.KindFreeText}
	a := quiz.Answer{Text: "Sort the two account ids and lock the lower one first."}
	res := quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.7, Passed: true}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := insertRatedAttempt(ctx, tx, learner, "", quiz.ReviewItem{Question: q.ID, Kind: q.Kind, Answer: a, Result: res, Rating: quiz.Easy}, at); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	id, again, err := s.CreateAttemptOnce(ctx, learner, q, a, res, at.Add(time.Second), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if again {
		t.Fatalf("the practice answer was taken for the round's attempt %s", id)
	}
	id2, again, err := s.CreateAttemptOnce(ctx, learner, q, a, res, at.Add(2*time.Second), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !again || id2 != id {
		t.Fatalf("the practice form sent twice: again=%v id %s, want the first practice attempt %s", again, id2, id)
	}
	hist, err := s.QuestionAttempts(ctx, learner, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(hist) != 2 {
		t.Fatalf("%d attempts, want the round's and one practice attempt", len(hist))
	}
}
