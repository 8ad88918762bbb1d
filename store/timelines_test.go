package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"lockdrill/store"
)

func TestTimelineOwnership(t *testing.T) {
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
	id, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: owner, PresetID: "paused-holder-fenced", Title: "Paused holder",
		Scenario: json.RawMessage(`{"clients":[{"id":"A"}],"actions":[]}`), EngineVersion: "1", NowMS: 14000, PredictQuestion: "q1", Prediction: "a"}, t0)
	if err != nil {
		t.Fatalf("create timeline: %v", err)
	}
	if !store.ValidID(id) {
		t.Fatalf("id = %q, want 32 hex digits", id)
	}

	t.Run("anyone with the id reads it", func(t *testing.T) {
		got, err := s.Timeline(ctx, id)
		if err != nil {
			t.Fatalf("timeline: %v", err)
		}
		if got.Learner != owner || got.PresetID != "paused-holder-fenced" || got.NowMS != 14000 || got.EngineVersion != "1" ||
			got.PredictQuestion != "q1" || got.Prediction != "a" {
			t.Fatalf("got %+v, want the saved fields", got)
		}
	})
	t.Run("only the owner updates it", func(t *testing.T) {
		err := s.UpdateTimeline(ctx, other, id, json.RawMessage(`{"clients":[]}`), "1", 0, t0)
		if !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("update by another learner: err = %v, want ErrNotFound", err)
		}
		if err := s.UpdateTimeline(ctx, owner, id, json.RawMessage(`{"clients":[{"id":"B"}]}`), "2", 20000, t0); err != nil {
			t.Fatalf("update by owner: %v", err)
		}
		got, _ := s.Timeline(ctx, id)
		if string(got.Scenario) != `{"clients":[{"id":"B"}]}` || got.EngineVersion != "2" || got.NowMS != 20000 {
			t.Fatalf("after update got scenario %s version %s now %d", got.Scenario, got.EngineVersion, got.NowMS)
		}
	})
	t.Run("listed for the owner only", func(t *testing.T) {
		mine, err := s.Timelines(ctx, owner, 10)
		if err != nil {
			t.Fatalf("list: %v", err)
		}
		if len(mine) != 1 || mine[0].ID != id {
			t.Fatalf("owner's list = %+v, want the one timeline", mine)
		}
		theirs, _ := s.Timelines(ctx, other, 10)
		if len(theirs) != 0 {
			t.Fatalf("other's list = %+v, want none", theirs)
		}
	})
}

func TestTimelineRefusesBadInput(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	learner, _ := s.CreateLearner(ctx, t0)
	tests := []struct {
		name string
		id   string
	}{
		{"malformed id", "../etc/passwd"},
		{"unknown id", store.NewID()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.Timeline(ctx, tt.id); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("Timeline(%q) err = %v, want ErrNotFound", tt.id, err)
			}
		})
	}
	t.Run("scenario that is not JSON", func(t *testing.T) {
		if _, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: learner, Title: "x", Scenario: json.RawMessage(`{`), EngineVersion: "1"}, t0); err == nil {
			t.Fatalf("created a timeline from invalid JSON")
		}
	})
}
