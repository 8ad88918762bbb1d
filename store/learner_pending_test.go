package store_test

import (
	"context"
	"errors"
	"testing"

	"lockdrill/store"
)

// TestCreateLearnerAsIsIdempotent: the id a browser was given before its
// first write is recorded once however many first writes bring it, and an
// id NewID cannot have made is refused.
func TestCreateLearnerAsIsIdempotent(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	id := store.NewID()
	for i := range 2 {
		if err := s.CreateLearnerAs(ctx, id, t0); err != nil {
			t.Fatalf("CreateLearnerAs, call %d: %v", i+1, err)
		}
	}
	if ok, err := s.LearnerExists(ctx, id); err != nil || !ok {
		t.Fatalf("LearnerExists(%s)=%v, %v, want true", id, ok, err)
	}
	if err := s.CreateLearnerAs(ctx, "../not-an-id", t0); !errors.Is(err, store.ErrInvalidID) {
		t.Fatalf("CreateLearnerAs(malformed) error=%v, want ErrInvalidID", err)
	}
}
