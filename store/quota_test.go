package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// movingClock is a wall clock a test can move forward.
type movingClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movingClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *movingClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func openWithClock(t *testing.T) (*store.Store, *movingClock) {
	t.Helper()
	clk := &movingClock{t: day}
	s, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "quota.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, clk
}

// TestQuotasPerLearner: each kind of saved work stops at its limit per 24
// hours and in total, with a QuotaError naming the limit, and keeps what
// was saved before.
func TestQuotasPerLearner(t *testing.T) {
	ctx := context.Background()
	kinds := []struct {
		name   string
		limits store.Limits
		create func(s *store.Store, learner string, clk *movingClock) error
		count  func(s *store.Store, learner string) int
	}{
		{"attempts", store.Limits{AttemptsPerDay: 3, AttemptsTotal: 5},
			func(s *store.Store, learner string, clk *movingClock) error {
				_, err := s.CreateAttempt(ctx, learner, freeQ, quiz.Answer{Text: "a lease"}, quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind}, clk.now())
				return err
			},
			func(s *store.Store, learner string) int {
				l, err := s.AttemptLog(ctx, learner)
				if err != nil {
					t.Fatalf("attempt log: %v", err)
				}
				return len(l)
			}},
		{"timelines", store.Limits{TimelinesPerDay: 3, TimelinesTotal: 5},
			func(s *store.Store, learner string, clk *movingClock) error {
				_, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: learner, Title: "t", Scenario: json.RawMessage(`{}`), EngineVersion: "1"}, clk.now())
				return err
			},
			func(s *store.Store, learner string) int {
				l, err := s.Timelines(ctx, learner, 100)
				if err != nil {
					t.Fatalf("timelines: %v", err)
				}
				return len(l)
			}},
		{"rounds", store.Limits{RoundsPerDay: 3, RoundsTotal: 5},
			func(s *store.Store, learner string, clk *movingClock) error {
				_, err := s.CreateRound(ctx, learner, store.NewRound{Mode: quiz.ModeInterview, Questions: []string{"a", "b", "c"}, Limit: time.Minute, Started: clk.now()})
				return err
			},
			func(s *store.Store, learner string) int {
				l, err := s.Rounds(ctx, learner)
				if err != nil {
					t.Fatalf("rounds: %v", err)
				}
				return len(l)
			}},
	}
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			s, clk := openWithClock(t)
			s.SetLimits(k.limits)
			me, other := mustLearner(t, s), mustLearner(t, s)
			for i := range 3 {
				if err := k.create(s, me, clk); err != nil {
					t.Fatalf("create %d: %v", i+1, err)
				}
			}
			err := k.create(s, me, clk)
			var qe *store.QuotaError
			if !errors.As(err, &qe) || !errors.Is(err, store.ErrQuota) || qe.Limit != 3 || qe.Window != "in 24 hours" || qe.Global {
				t.Fatalf("4th in a day: err = %v, want the 3-in-24-hours quota", err)
			}
			if err := k.create(s, other, clk); err != nil {
				t.Fatalf("another learner was refused by my quota: %v", err)
			}
			clk.add(25 * time.Hour)
			for i := range 2 {
				if err := k.create(s, me, clk); err != nil {
					t.Fatalf("create %d the next day: %v", i+4, err)
				}
			}
			err = k.create(s, me, clk)
			if !errors.As(err, &qe) || qe.Limit != 5 || qe.Window != "in total" {
				t.Fatalf("6th in total: err = %v, want the 5-in-total quota", err)
			}
			if n := k.count(s, me); n != 5 {
				t.Fatalf("after the quota: %d kept, want the 5 saved before", n)
			}
		})
	}
}

func TestNewLearnersPerMinute(t *testing.T) {
	ctx := context.Background()
	s, clk := openWithClock(t)
	s.SetLimits(store.Limits{NewLearnersPerMinute: 2})
	mustLearner(t, s)
	mustLearner(t, s)
	_, err := s.CreateLearner(ctx, clk.now())
	var qe *store.QuotaError
	if !errors.As(err, &qe) || !qe.Global || qe.Limit != 2 {
		t.Fatalf("3rd learner in a minute: err = %v, want the global quota of 2", err)
	}
	clk.add(61 * time.Second)
	if _, err := s.CreateLearner(ctx, clk.now()); err != nil {
		t.Fatalf("a learner a minute later: %v", err)
	}
}

// TestPruneInactive: learners with no activity since the cut are deleted
// with their data; any recent activity keeps a learner whole.
func TestPruneInactive(t *testing.T) {
	ctx := context.Background()
	s, clk := openWithClock(t)
	idle, answered, reading, idleTimeline := mustLearner(t, s), mustLearner(t, s), mustLearner(t, s), mustLearner(t, s)
	tl, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: idleTimeline, Title: "t", Scenario: json.RawMessage(`{}`), EngineVersion: "1"}, clk.now())
	if err != nil {
		t.Fatal(err)
	}
	clk.add(200 * 24 * time.Hour)
	if _, err := s.CreateAttempt(ctx, answered, freeQ, quiz.Answer{Text: "x"}, quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind}, clk.now()); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkRead(ctx, reading, "fencing-tokens", clk.now()); err != nil {
		t.Fatal(err)
	}
	fresh := mustLearnerAt(t, s, clk.now())
	n, err := s.PruneInactive(ctx, clk.now().Add(-180*24*time.Hour))
	if err != nil {
		t.Fatalf("prune: %v", err)
	}
	if n != 2 {
		t.Fatalf("pruned %d learners, want 2 (the idle one and the one with an old timeline)", n)
	}
	for id, want := range map[string]bool{idle: false, idleTimeline: false, answered: true, reading: true, fresh: true} {
		got, err := s.LearnerExists(ctx, id)
		if err != nil || got != want {
			t.Fatalf("learner exists = %v (%v), want %v", got, err, want)
		}
	}
	if _, err := s.Timeline(ctx, tl); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the pruned learner's timeline: err = %v, want ErrNotFound", err)
	}
}
