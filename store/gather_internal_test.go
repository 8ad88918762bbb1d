package store

import (
	"context"
	"math"
	"path/filepath"
	"testing"
	"time"

	"lockdrill/quiz"
)

func openGatherStore(t *testing.T) (*Store, string) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "gather.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	learner, err := s.CreateLearner(ctx, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	// No deadline: only the answers' arrival may end a wait.
	s.attempts.gatherWait = time.Hour
	return s, learner
}

func gatherWrite(t *testing.T, learner string) *attemptWrite {
	t.Helper()
	row, err := newAttemptRow(learner, "fencing-token", quiz.KindFreeText, quiz.Answer{Text: "a lease"},
		quiz.Result{Question: "fencing-token", Kind: quiz.KindFreeText}, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	return &attemptWrite{ctx: context.Background(), row: row, now: time.Unix(0, 0), done: make(chan error, 1)}
}

// TestGroupWaitsForAnswersBeingEncoded: a group does not commit while an
// answer is still being encoded, and that answer joins it when queued.
func TestGroupWaitsForAnswersBeingEncoded(t *testing.T) {
	s, learner := openGatherStore(t)
	first, second := gatherWrite(t, learner), gatherWrite(t, learner)
	second.encoding = true
	s.attempts.startEncoding() // second's, being encoded
	s.attempts.pending = append(s.attempts.pending, first)
	s.writeSlot <- struct{}{}
	go s.commitGroup()
	select {
	case err := <-first.done:
		t.Fatalf("first answer committed alone (err %v) while another was being encoded", err)
	case <-time.After(50 * time.Millisecond):
	}
	stored := make(chan error, 1)
	go func() { stored <- s.storeAttempt(context.Background(), second) }()
	for i, c := range []chan error{first.done, stored} {
		select {
		case err := <-c:
			if err != nil {
				t.Fatalf("answer %d: %v", i, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("answer %d: not stored after the other was queued", i)
		}
	}
	if n := s.attempts.encoding; n != 0 {
		t.Fatalf("%d answers still counted as being encoded, want 0", n)
	}
}

// TestIdleGroupDoesNotWait: with nothing being encoded (an idle store, or
// an answer whose encoding failed) a group commits at once.
func TestIdleGroupDoesNotWait(t *testing.T) {
	s, learner := openGatherStore(t)
	ctx := context.Background()
	q := &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}
	if _, err := s.CreateAttempt(ctx, learner, q, quiz.Answer{Text: "a lease"}, quiz.Result{Score: math.NaN()}, time.Unix(0, 0)); err == nil {
		t.Fatal("a NaN score was stored")
	}
	done := make(chan error, 1)
	go func() {
		_, err := s.CreateAttempt(ctx, learner, q, quiz.Answer{Text: "a lease"}, quiz.Result{Question: q.ID, Kind: q.Kind}, time.Unix(0, 0))
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a lone answer waited for an encoding that failed")
	}
}
