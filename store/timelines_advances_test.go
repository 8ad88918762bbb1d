package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/store"
)

// TestTimelineAdvances: the advances undo may take back are saved with the
// scenario, read back, bounded, cleared by any other save, and only the
// owner saves them.
func TestTimelineAdvances(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	owner, err := s.CreateLearner(ctx, t0)
	if err != nil {
		t.Fatalf("create learner: %v", err)
	}
	other, err := s.CreateLearner(ctx, t0)
	if err != nil {
		t.Fatalf("create learner: %v", err)
	}
	id, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: owner, Title: "T",
		Scenario: json.RawMessage(`{"clients":[{"id":"A"}],"actions":[]}`), EngineVersion: "1"}, t0)
	if err != nil {
		t.Fatalf("create timeline: %v", err)
	}
	sc := sandbox.Scenario{Clients: []sandbox.Client{{ID: "A"}}}.WithDefaults()
	if got, _ := s.Timeline(ctx, id); len(got.Advances) != 0 {
		t.Fatalf("a new timeline has advances %v, want none", got.Advances)
	}
	want := []store.Advance{{FromMS: 0, Actions: 0}, {FromMS: 3000, Actions: 0}}
	if err := s.SaveScenarioAdvances(ctx, owner, id, sc, 7000, want, t0); err != nil {
		t.Fatalf("save: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); got.NowMS != 7000 || !slices.Equal(got.Advances, want) {
		t.Fatalf("now %d, advances %v; want 7000 and %v", got.NowMS, got.Advances, want)
	}
	if err := s.SaveScenarioAdvances(ctx, other, id, sc, 1, nil, t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another learner's save: %v, want ErrNotFound", err)
	}
	many := make([]store.Advance, store.MaxAdvances+5)
	for i := range many {
		many[i].FromMS = int64(i)
	}
	if err := s.SaveScenarioAdvances(ctx, owner, id, sc, 9000, many, t0); err != nil {
		t.Fatalf("save: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); len(got.Advances) != store.MaxAdvances || got.Advances[0].FromMS != 5 {
		t.Fatalf("kept %d advances from %v, want the last %d", len(got.Advances), got.Advances[:1], store.MaxAdvances)
	}
	if err := s.SaveScenario(ctx, owner, id, sc, 9000, t0); err != nil {
		t.Fatalf("save: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); len(got.Advances) != 0 {
		t.Fatalf("after another edit the advances are %v, want none", got.Advances)
	}
}
