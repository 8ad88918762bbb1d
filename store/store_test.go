package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"lockdrill/store"
)

// t0 is the time the tests' writes happen at, unless a test moves a clock.
var t0 = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// mustOpen opens a store on a fresh file in the test's temporary directory and
// closes it when the test ends.
func mustOpen(tb testing.TB, path string) *store.Store {
	tb.Helper()
	if path == "" {
		path = filepath.Join(tb.TempDir(), "test.db")
	}
	s, err := store.Open(context.Background(), path)
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func TestMigrationsApplyOnFreshFileAndAgain(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lockdrill.db")
	s := mustOpen(t, path)
	v1, err := s.SchemaVersion(ctx)
	if err != nil {
		t.Fatalf("schema version: %v", err)
	}
	if v1 < 1 {
		t.Fatalf("schema version = %d after first open, want >= 1", v1)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	s2 := mustOpen(t, path)
	v2, err := s2.SchemaVersion(ctx)
	if err != nil {
		t.Fatalf("schema version: %v", err)
	}
	if v2 != v1 {
		t.Fatalf("schema version = %d on reopen, want %d", v2, v1)
	}
	if err := s2.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
}

func TestReadingProgressSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lockdrill.db")
	s := mustOpen(t, path)
	id, err := s.CreateLearner(ctx, t0)
	if err != nil {
		t.Fatalf("create learner: %v", err)
	}
	for _, slug := range []string{"fencing-tokens", "lease-not-mutex", "fencing-tokens"} {
		if err := s.MarkRead(ctx, id, slug, t0); err != nil {
			t.Fatalf("mark read %s: %v", slug, err)
		}
	}
	other, err := s.CreateLearner(ctx, t0)
	if err != nil {
		t.Fatalf("create learner: %v", err)
	}
	if err := s.MarkRead(ctx, other, "redlock-dispute", t0); err != nil {
		t.Fatalf("mark read: %v", err)
	}
	s.Close()

	s = mustOpen(t, path)
	read, err := s.ReadSections(ctx, id)
	if err != nil {
		t.Fatalf("read sections: %v", err)
	}
	if len(read) != 2 {
		t.Fatalf("read = %v, want fencing-tokens and lease-not-mutex only", read)
	}
	for _, slug := range []string{"fencing-tokens", "lease-not-mutex"} {
		if _, ok := read[slug]; !ok {
			t.Fatalf("read = %v, missing %s", read, slug)
		}
	}
	if err := s.UnmarkRead(ctx, id, "fencing-tokens"); err != nil {
		t.Fatalf("unmark: %v", err)
	}
	read, _ = s.ReadSections(ctx, id)
	if _, ok := read["fencing-tokens"]; ok || len(read) != 1 {
		t.Fatalf("after unmark read = %v, want only lease-not-mutex", read)
	}
}

func TestLearnerExists(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	id, err := s.CreateLearner(ctx, t0)
	if err != nil {
		t.Fatalf("create learner: %v", err)
	}
	tests := []struct {
		name string
		id   string
		want bool
	}{
		{"created", id, true},
		{"well formed but unknown", store.NewID(), false},
		{"malformed", "' OR 1=1 --", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.LearnerExists(ctx, tt.id)
			if err != nil {
				t.Fatalf("exists: %v", err)
			}
			if got != tt.want {
				t.Fatalf("LearnerExists(%q) = %v, want %v", tt.id, got, tt.want)
			}
		})
	}
}
