package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

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

func TestTimelineRenameAndDelete(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	owner, other := mustLearner(t, s), mustLearner(t, s)
	scenario := json.RawMessage(`{"clients":[{"id":"A"}],"actions":[]}`)
	id, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: owner, Title: "Blank redis timeline", Scenario: scenario, EngineVersion: "4"}, t0)
	if err != nil {
		t.Fatalf("create timeline: %v", err)
	}
	fork, err := s.CreateTimeline(ctx, store.NewTimeline{Learner: other, ParentID: id, Title: "Fork", Scenario: scenario, EngineVersion: "4"}, t0)
	if err != nil {
		t.Fatalf("create fork: %v", err)
	}

	if err := s.RenameTimeline(ctx, other, id, "Mine now", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("rename by another learner: err = %v, want ErrNotFound", err)
	}
	if err := s.RenameTimeline(ctx, owner, id, "  \t ", t0); !errors.Is(err, store.ErrEmptyTitle) {
		t.Fatalf("blank rename: err = %v, want ErrEmptyTitle", err)
	}
	if err := s.RenameTimeline(ctx, owner, id, "  GC pause, fenced  ", t0.Add(time.Minute)); err != nil {
		t.Fatalf("rename: %v", err)
	}
	got, err := s.Timeline(ctx, id)
	if err != nil || got.Title != "GC pause, fenced" || !got.Updated.Equal(t0.Add(time.Minute)) || string(got.Scenario) != string(scenario) {
		t.Fatalf("after rename: %+v, %v; want the trimmed title, the new time and the scenario unchanged", got, err)
	}
	long := strings.Repeat("é", store.MaxTimelineTitle+5)
	if err := s.RenameTimeline(ctx, owner, id, long, t0); err != nil {
		t.Fatalf("long rename: %v", err)
	}
	if got, _ := s.Timeline(ctx, id); got.Title != long[:2*store.MaxTimelineTitle] || !utf8.ValidString(got.Title) {
		t.Fatalf("long title stored as %d characters (valid UTF-8 %v), want the first %d", utf8.RuneCountInString(got.Title), utf8.ValidString(got.Title), store.MaxTimelineTitle)
	}

	if err := s.DeleteTimeline(ctx, other, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("delete by another learner: err = %v, want ErrNotFound", err)
	}
	if _, err := s.Timeline(ctx, id); err != nil {
		t.Fatalf("a refused delete lost the timeline: %v", err)
	}
	if err := s.DeleteTimeline(ctx, owner, id); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := s.Timeline(ctx, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted timeline: err = %v, want ErrNotFound", err)
	}
	if mine, _ := s.Timelines(ctx, owner, 10); len(mine) != 0 {
		t.Fatalf("deleted timeline still listed: %+v", mine)
	}
	if err := s.DeleteTimeline(ctx, owner, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("second delete: err = %v, want ErrNotFound", err)
	}
	if f, err := s.Timeline(ctx, fork); err != nil || f.ParentID != id {
		t.Fatalf("the other learner's fork after its parent was deleted: %+v, %v; want it kept", f, err)
	}
}
