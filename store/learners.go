package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ErrInvalidID is returned for an id that NewID cannot have made.
var ErrInvalidID = errors.New("malformed id")

// CreateLearner records a new anonymous learner and returns its id. It
// returns a QuotaError (Global) when Limits.NewLearnersPerMinute learners
// were created in the minute before now.
func (s *Store) CreateLearner(ctx context.Context, now time.Time) (string, error) {
	id := NewID()
	if err := s.createLearner(ctx, id, now, false); err != nil {
		return "", err
	}
	return id, nil
}

// CreateLearnerAs records the anonymous learner id, an id from NewID that
// the browser was given before its first write, unless it is recorded
// already: a browser's first writes sent at once all land on one learner.
// It returns ErrInvalidID for an id NewID cannot have made, and a
// QuotaError (Global) as CreateLearner does when the learner is new.
func (s *Store) CreateLearnerAs(ctx context.Context, id string, now time.Time) error {
	if !ValidID(id) {
		return fmt.Errorf("create learner: %w", ErrInvalidID)
	}
	return s.createLearner(ctx, id, now, true)
}

// createLearner inserts learner id at now; when existing is set, an id
// already recorded is left as it is.
func (s *Store) createLearner(ctx context.Context, id string, now time.Time, existing bool) error {
	nowMS := now.UnixMilli()
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		if existing {
			var one int
			err := tx.QueryRowContext(ctx, "SELECT 1 FROM learners WHERE id = ?", id).Scan(&one)
			if err == nil {
				return nil
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
		}
		if limit := s.currentLimits().NewLearnersPerMinute; limit > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM learners WHERE created_ms > ?", nowMS-60_000).Scan(&n); err != nil {
				return err
			}
			if n >= limit {
				return &QuotaError{What: "new learners", Limit: limit, Window: "a minute", Global: true}
			}
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO learners (id, created_ms) VALUES (?, ?)", id, nowMS)
		return err
	})
	if err != nil {
		return fmt.Errorf("create learner: %w", err)
	}
	return nil
}

// LearnerExists reports whether id names a learner. A malformed id is simply
// not a learner.
func (s *Store) LearnerExists(ctx context.Context, id string) (bool, error) {
	if !ValidID(id) {
		return false, nil
	}
	var one int
	err := s.r.QueryRowContext(ctx, "SELECT 1 FROM learners WHERE id = ?", id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("look up learner: %w", err)
	}
	return true, nil
}

// MarkRead records that the learner has read the guide section slug at
// now. Marking a section twice keeps the first time.
func (s *Store) MarkRead(ctx context.Context, learner, slug string, now time.Time) error {
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			"INSERT INTO reading_progress (learner_id, slug, read_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
			learner, slug, now.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("mark %q read: %w", slug, err)
	}
	return nil
}

// UnmarkRead forgets that the learner read slug.
func (s *Store) UnmarkRead(ctx context.Context, learner, slug string) error {
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM reading_progress WHERE learner_id = ? AND slug = ?", learner, slug)
		return err
	})
	if err != nil {
		return fmt.Errorf("unmark %q read: %w", slug, err)
	}
	return nil
}

// ReadSections returns when the learner read each section they have marked,
// keyed by slug. An unknown or empty learner has read nothing.
func (s *Store) ReadSections(ctx context.Context, learner string) (map[string]time.Time, error) {
	read := map[string]time.Time{}
	if learner == "" {
		return read, nil
	}
	rows, err := s.r.QueryContext(ctx, "SELECT slug, read_ms FROM reading_progress WHERE learner_id = ?", learner)
	if err != nil {
		return nil, fmt.Errorf("list read sections: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug string
		var ms int64
		if err := rows.Scan(&slug, &ms); err != nil {
			return nil, fmt.Errorf("list read sections: %w", err)
		}
		read[slug] = time.UnixMilli(ms).UTC()
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list read sections: %w", err)
	}
	return read, nil
}
