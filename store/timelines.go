package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"lockdrill/sandbox"
)

// Timeline is a saved sandbox timeline: a scenario and the engine version
// that ran it. The events are never stored; a page re-runs the scenario.
type Timeline struct {
	ID      string
	Learner string
	// ParentID is the timeline this one was forked from ("" for none).
	ParentID string
	// PresetID is the preset it started from ("" for a blank or imported one).
	PresetID string
	Title    string
	// Scenario is the scenario JSON: what sandbox.Parse reads and
	// `lockdrill sim` runs (rules in sandbox/doc.go).
	Scenario json.RawMessage
	// EngineVersion is the sandbox.EngineVersion that last saved it.
	EngineVersion string
	// NowMS is the virtual time at which the learner's next action goes.
	NowMS int64
	// Undo are the changes undo can still take back, oldest first (see
	// SaveScenarioUndo).
	Undo []UndoStep
	// PredictQuestion is the predict-the-outcome question it was opened
	// from, and Prediction the option id the learner chose ("" for none).
	PredictQuestion string
	Prediction      string
	Created         time.Time
	Updated         time.Time
}

// NewTimeline is what CreateTimeline needs; the store adds id and times.
type NewTimeline struct {
	Learner         string
	ParentID        string
	PresetID        string
	Title           string
	Scenario        json.RawMessage
	EngineVersion   string
	NowMS           int64
	PredictQuestion string
	Prediction      string
}

// MaxTimelineTitle bounds a timeline title, in characters; longer titles
// are cut.
const MaxTimelineTitle = 120

// CreateTimeline saves a new timeline owned by t.Learner and returns its
// unguessable id, created at now. It fails when the scenario is not JSON or
// the learner does not exist, and returns a QuotaError when the learner has
// reached Limits.TimelinesPerDay or TimelinesTotal.
func (s *Store) CreateTimeline(ctx context.Context, t NewTimeline, at time.Time) (string, error) {
	if !ValidID(t.Learner) {
		return "", fmt.Errorf("create timeline: invalid learner id")
	}
	if !json.Valid(t.Scenario) {
		return "", fmt.Errorf("create timeline: scenario is not valid JSON")
	}
	id := NewID()
	now := at.UnixMilli()
	lim := s.currentLimits()
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		if err := checkQuota(ctx, tx, at, "sandbox timelines", "timelines", "created_ms", t.Learner, lim.TimelinesPerDay, lim.TimelinesTotal); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO timelines
			(id, learner_id, parent_id, preset_id, title, scenario, engine_version, now_ms, predict_question, prediction, created_ms, updated_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, t.Learner, t.ParentID, t.PresetID, cutTitle(t.Title, MaxTimelineTitle), string(t.Scenario), t.EngineVersion,
			max(t.NowMS, 0), t.PredictQuestion, t.Prediction, now, now)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("create timeline: %w", err)
	}
	return id, nil
}

// CreateScenarioTimeline is CreateTimeline for a scenario the learner
// just made: the store encodes sc (see EncodeScenario) and records it as
// run by the current sandbox.EngineVersion; t.Scenario and t.EngineVersion
// are ignored.
func (s *Store) CreateScenarioTimeline(ctx context.Context, t NewTimeline, sc sandbox.Scenario, at time.Time) (string, error) {
	raw, err := EncodeScenario(sc)
	if err != nil {
		return "", fmt.Errorf("create timeline: %w", err)
	}
	t.Scenario, t.EngineVersion = raw, sandbox.EngineVersion
	return s.CreateTimeline(ctx, t, at)
}

// SaveScenario is UpdateTimeline for a scenario the learner just changed:
// the store encodes sc and records it as run by the current
// sandbox.EngineVersion.
func (s *Store) SaveScenario(ctx context.Context, learner, id string, sc sandbox.Scenario, nowMS int64, at time.Time) error {
	raw, err := EncodeScenario(sc)
	if err != nil {
		return fmt.Errorf("update timeline %s: %w", id, err)
	}
	return s.UpdateTimeline(ctx, learner, id, raw, sandbox.EngineVersion, nowMS, at)
}

// EncodeScenario returns sc in the form a timeline saves it: JSON that
// sandbox.Parse reads back. The bytes are what a replay runs (the events
// are never stored), so this one encoding is used for every save.
func EncodeScenario(sc sandbox.Scenario) (json.RawMessage, error) {
	b, err := json.Marshal(sc)
	if err != nil {
		return nil, fmt.Errorf("encode scenario: %w", err)
	}
	return b, nil
}

// UndoStep is one change of a timeline that undo can take back (an action
// added, at now or at the replay cursor, or an advance of time), as the
// state before it: now, and how many actions the scenario had. The action
// added, if any, is the last of the list.
type UndoStep struct {
	NowMS   int64 `json:"now_ms"`
	Actions int   `json:"actions"`
}

// MaxUndo bounds the steps a timeline keeps for undo; older ones are
// dropped.
const MaxUndo = 100

// SaveScenarioUndo is SaveScenario that also records undo, the changes
// undo can still take back, oldest first (the last MaxUndo kept).
// SaveScenario and UpdateTimeline clear them: after any other edit, the
// counts of actions no longer say what was added last.
func (s *Store) SaveScenarioUndo(ctx context.Context, learner, id string, sc sandbox.Scenario, nowMS int64, undo []UndoStep, at time.Time) error {
	raw, err := EncodeScenario(sc)
	if err != nil {
		return fmt.Errorf("update timeline %s: %w", id, err)
	}
	if len(undo) > MaxUndo {
		undo = undo[len(undo)-MaxUndo:]
	}
	if undo == nil {
		undo = []UndoStep{}
	}
	steps, err := json.Marshal(undo)
	if err != nil {
		return fmt.Errorf("update timeline %s: %w", id, err)
	}
	return s.updateOwned(ctx, "update timeline "+id, learner, id,
		"UPDATE timelines SET scenario = ?, engine_version = ?, now_ms = ?, undo = ?, updated_ms = ? WHERE id = ? AND learner_id = ?",
		string(raw), sandbox.EngineVersion, max(nowMS, 0), string(steps), at.UnixMilli(), id, learner)
}

// Timeline returns the timeline with the given id, whoever owns it: the id
// is the capability that shares it read-only. It returns ErrNotFound for a
// malformed or unknown id.
func (s *Store) Timeline(ctx context.Context, id string) (Timeline, error) {
	if !ValidID(id) {
		return Timeline{}, ErrNotFound
	}
	var t Timeline
	var scenario string
	var created, updated int64
	var undo string
	err := s.r.QueryRowContext(ctx, `SELECT id, learner_id, parent_id, preset_id, title, scenario, engine_version, now_ms,
		undo, predict_question, prediction, created_ms, updated_ms FROM timelines WHERE id = ?`, id).
		Scan(&t.ID, &t.Learner, &t.ParentID, &t.PresetID, &t.Title, &scenario, &t.EngineVersion, &t.NowMS,
			&undo, &t.PredictQuestion, &t.Prediction, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return Timeline{}, ErrNotFound
	}
	if err != nil {
		return Timeline{}, fmt.Errorf("load timeline %s: %w", id, err)
	}
	t.Scenario = json.RawMessage(scenario)
	// Only undo reads it: a value that does not decode is no record, and
	// undo falls back to its older rule.
	if json.Unmarshal([]byte(undo), &t.Undo) != nil {
		t.Undo = nil
	}
	t.Created, t.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return t, nil
}

// UpdateTimeline replaces the scenario, engine version and virtual now
// (nowMS) of the learner's timeline id, and clears its undo record, as
// updated at the wall-clock time at. It returns ErrNotFound when the timeline does not
// exist or belongs to someone else: only its owner changes a timeline.
func (s *Store) UpdateTimeline(ctx context.Context, learner, id string, scenario json.RawMessage, engineVersion string, nowMS int64, at time.Time) error {
	if !json.Valid(scenario) {
		return fmt.Errorf("update timeline %s: scenario is not valid JSON", id)
	}
	return s.updateOwned(ctx, "update timeline "+id, learner, id,
		"UPDATE timelines SET scenario = ?, engine_version = ?, now_ms = ?, undo = '[]', updated_ms = ? WHERE id = ? AND learner_id = ?",
		string(scenario), engineVersion, max(nowMS, 0), at.UnixMilli(), id, learner)
}

// ErrEmptyTitle is returned by RenameTimeline for a title that is empty
// once trimmed.
var ErrEmptyTitle = errors.New("the title is empty")

// RenameTimeline gives the learner's timeline id a new title, trimmed and
// cut to MaxTimelineTitle characters, as changed at the wall-clock time at. It
// returns ErrEmptyTitle for a blank title and ErrNotFound when the timeline
// does not exist or belongs to someone else.
func (s *Store) RenameTimeline(ctx context.Context, learner, id, title string, at time.Time) error {
	title = strings.TrimSpace(title)
	if title == "" {
		return ErrEmptyTitle
	}
	return s.updateOwned(ctx, "rename timeline "+id, learner, id,
		"UPDATE timelines SET title = ?, updated_ms = ? WHERE id = ? AND learner_id = ?",
		cutTitle(title, MaxTimelineTitle), at.UnixMilli(), id, learner)
}

// DeleteTimeline deletes the learner's timeline id. Its shared link stops
// working; forks of it (the learner's or anyone's) stay, since a fork is a
// copy. It returns ErrNotFound when the timeline does not exist or belongs
// to someone else: only its owner deletes a timeline.
func (s *Store) DeleteTimeline(ctx context.Context, learner, id string) error {
	return s.updateOwned(ctx, "delete timeline "+id, learner, id,
		"DELETE FROM timelines WHERE id = ? AND learner_id = ?", id, learner)
}

func (s *Store) updateOwned(ctx context.Context, what, learner, id, query string, args ...any) error {
	if !ValidID(id) || !ValidID(learner) {
		return ErrNotFound
	}
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// TimelineSummary is one line of a learner's list of timelines.
type TimelineSummary struct {
	ID       string
	Title    string
	PresetID string
	ParentID string
	Updated  time.Time
}

// Timelines lists the learner's own timelines, most recently changed
// first, at most limit of them. An unknown or empty learner has none.
func (s *Store) Timelines(ctx context.Context, learner string, limit int) ([]TimelineSummary, error) {
	if !ValidID(learner) || limit <= 0 {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx,
		"SELECT id, title, preset_id, parent_id, updated_ms FROM timelines WHERE learner_id = ? ORDER BY updated_ms DESC, id LIMIT ?",
		learner, limit)
	if err != nil {
		return nil, fmt.Errorf("list timelines: %w", err)
	}
	defer rows.Close()
	var out []TimelineSummary
	for rows.Next() {
		var t TimelineSummary
		var ms int64
		if err := rows.Scan(&t.ID, &t.Title, &t.PresetID, &t.ParentID, &ms); err != nil {
			return nil, fmt.Errorf("list timelines: %w", err)
		}
		t.Updated = time.UnixMilli(ms).UTC()
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list timelines: %w", err)
	}
	return out, nil
}

// cutTitle shortens s to at most n characters (runes), so a title in any
// script keeps the same length and never ends in half a character.
func cutTitle(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
