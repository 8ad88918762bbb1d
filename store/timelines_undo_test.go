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

// TestTimelineUndo: the changes undo may take back are saved with the
// scenario, read back, bounded, cleared by any other save, and only the
// owner saves them.
func TestTimelineUndo(t *testing.T) {
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
	if got, _ := s.Timeline(ctx, id); len(got.Undo) != 0 {
		t.Fatalf("a new timeline has undo steps %v, want none", got.Undo)
	}
	want := []store.UndoStep{{NowMS: 0, Actions: 0}, {NowMS: 3000, Actions: 0}}
	if err := s.SaveScenarioUndo(ctx, owner, id, sc, 7000, want, t0); err != nil {
		t.Fatalf("save: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); got.NowMS != 7000 || !slices.Equal(got.Undo, want) {
		t.Fatalf("now %d, undo %v; want 7000 and %v", got.NowMS, got.Undo, want)
	}
	if err := s.SaveScenarioUndo(ctx, other, id, sc, 1, nil, t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("another learner's save: %v, want ErrNotFound", err)
	}
	many := make([]store.UndoStep, store.MaxUndo+5)
	for i := range many {
		many[i].NowMS = int64(i)
	}
	if err := s.SaveScenarioUndo(ctx, owner, id, sc, 9000, many, t0); err != nil {
		t.Fatalf("save: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); len(got.Undo) != store.MaxUndo || got.Undo[0].NowMS != 5 {
		t.Fatalf("kept %d undo steps from %v, want the last %d", len(got.Undo), got.Undo[:1], store.MaxUndo)
	}
	if err := s.SaveScenario(ctx, owner, id, sc, 9000, t0); err != nil {
		t.Fatalf("save: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); len(got.Undo) != 0 {
		t.Fatalf("after another edit the undo steps are %v, want none", got.Undo)
	}
}
