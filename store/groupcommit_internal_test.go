package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestGroupCommitKeepsEachAnswerToItself: answers stored in one group
// succeed or fail each on its own: a learner over quota, an unknown
// learner and a waiter that gave up lose their own answer only, and the
// others are stored.
func TestGroupCommitKeepsEachAnswerToItself(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "group.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, err := s.CreateLearner(ctx, at)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.CreateLearner(ctx, at)
	if err != nil {
		t.Fatal(err)
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	oneEach := Limits{AttemptsTotal: 1}
	row := func(learner string) attemptRow {
		r, err := newAttemptRow(learner, "fencing-token", quiz.KindFreeText, quiz.Answer{Text: "a lease"}, quiz.Result{Question: "fencing-token", Kind: quiz.KindFreeText}, at)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	writes := []*attemptWrite{
		{ctx: ctx, row: row(a), lim: oneEach, now: at},
		{ctx: ctx, row: row(a), lim: oneEach, now: at},                                  // a's second: over quota
		{ctx: ctx, row: row("0123456789abcdef0123456789abcdef"), lim: oneEach, now: at}, // no such learner
		{ctx: gone, row: row(b), lim: oneEach, now: at},                                 // its waiter gave up
		{ctx: ctx, row: row(b), lim: oneEach, now: at},
	}
	for _, w := range writes {
		w.done = make(chan error, 1)
	}
	s.attempts.pending = append(s.attempts.pending, writes...)
	s.writeSlot <- struct{}{}
	s.commitGroup()
	got := make([]error, len(writes))
	for i, w := range writes {
		got[i] = <-w.done
	}
	if got[0] != nil || got[4] != nil {
		t.Fatalf("the two answers within quota: errs = %v, %v, want nil", got[0], got[4])
	}
	if !errors.Is(got[1], ErrQuota) {
		t.Fatalf("answer over quota: err = %v, want ErrQuota", got[1])
	}
	if got[2] == nil {
		t.Fatal("answer of an unknown learner was stored")
	}
	if !errors.Is(got[3], context.Canceled) {
		t.Fatalf("answer whose waiter gave up: err = %v, want context.Canceled", got[3])
	}
	for _, w := range []*attemptWrite{writes[0], writes[4]} {
		if _, err := s.Attempt(ctx, w.row.learner, w.row.id); err != nil {
			t.Fatalf("acknowledged answer %s: %v", w.row.id, err)
		}
	}
	for _, w := range writes[1:4] {
		if _, err := s.Attempt(ctx, w.row.learner, w.row.id); !errors.Is(err, ErrNotFound) {
			t.Fatalf("failed answer %s: Attempt err = %v, want ErrNotFound", w.row.id, err)
		}
	}
	if len(s.attempts.pending) != 0 {
		t.Fatalf("%d answers left in the queue, want 0", len(s.attempts.pending))
	}
}
