package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Limits bound what the store keeps, so that no client, even within the
// web layer's rate limits, can fill the disk: per learner a number of
// attempts, timelines and rounds in any 24 hours and in total, and a
// global number of new learners a minute. Zero in a field means no limit.
type Limits struct {
	AttemptsPerDay, AttemptsTotal   int
	TimelinesPerDay, TimelinesTotal int
	RoundsPerDay, RoundsTotal       int
	NewLearnersPerMinute            int
}

// DefaultLimits are far above what a learner preparing for interviews
// does (a busy day is a few dozen answers, a handful of timelines and
// rounds) and far below what a script could store: an attempt is about
// 21 KB, so 5,000 attempts are ~100 MB per learner at most.
func DefaultLimits() Limits {
	return Limits{
		AttemptsPerDay: 500, AttemptsTotal: 5000,
		TimelinesPerDay: 100, TimelinesTotal: 1000,
		RoundsPerDay: 50, RoundsTotal: 500,
		NewLearnersPerMinute: 120,
	}
}

// SetLimits replaces the store's limits (DefaultLimits after Open).
func (s *Store) SetLimits(l Limits) {
	s.limitsMu.Lock()
	defer s.limitsMu.Unlock()
	s.limits = l
}

func (s *Store) currentLimits() Limits {
	s.limitsMu.Lock()
	defer s.limitsMu.Unlock()
	return s.limits
}

// ErrQuota is matched (errors.Is) by every QuotaError.
var ErrQuota = errors.New("quota reached")

// QuotaError says which limit a write would pass. Nothing was written.
type QuotaError struct {
	// What is counted: "answers", "sandbox timelines", "mock rounds" or
	// "new learners".
	What string
	// Limit is the number allowed in Window: "in 24 hours", "in total" or
	// "a minute".
	Limit  int
	Window string
	// Global is true for a limit shared by everyone (new learners), false
	// for the learner's own.
	Global bool
}

func (e *QuotaError) Error() string {
	return "quota: at most " + strconv.Itoa(e.Limit) + " " + e.What + " " + e.Window
}

// Is makes errors.Is(err, ErrQuota) true.
func (e *QuotaError) Is(target error) bool { return target == ErrQuota }

// checkQuota returns a QuotaError when learner already has perDay rows of
// table created in the 24 hours before now or total rows at all. col is the
// table's creation-time column; the (learner_id, col) index serves both
// counts.
func checkQuota(ctx context.Context, tx *sql.Tx, now time.Time, what, table, col, learner string, perDay, total int) error {
	if total > 0 {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE learner_id = ?", learner).Scan(&n); err != nil {
			return fmt.Errorf("count %s: %w", what, err)
		}
		if n >= total {
			return &QuotaError{What: what, Limit: total, Window: "in total"}
		}
	}
	if perDay > 0 {
		since := now.Add(-24 * time.Hour).UnixMilli()
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE learner_id = ? AND "+col+" >= ?", learner, since).Scan(&n); err != nil {
			return fmt.Errorf("count %s: %w", what, err)
		}
		if n >= perDay {
			return &QuotaError{What: what, Limit: perDay, Window: "in 24 hours"}
		}
	}
	return nil
}

// PruneInactive deletes the anonymous learners with no activity since
// before (no learner was created, answered, rated, read, ran a timeline or
// a round since then), with everything they saved, in batches so that
// other writes are not held up. It returns how many learners it deleted.
// A learner's shared timeline links stop working with them.
func (s *Store) PruneInactive(ctx context.Context, before time.Time) (int64, error) {
	cut := before.UnixMilli()
	var total int64
	for {
		var n int64
		err := s.withTx(ctx, func(tx *sql.Tx) error {
			res, err := tx.ExecContext(ctx, `DELETE FROM learners WHERE id IN (
				SELECT l.id FROM learners l WHERE l.created_ms < ?1
				AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.learner_id = l.id AND (a.created_ms >= ?1 OR a.rated_ms >= ?1))
				AND NOT EXISTS (SELECT 1 FROM timelines t WHERE t.learner_id = l.id AND t.updated_ms >= ?1)
				AND NOT EXISTS (SELECT 1 FROM rounds r WHERE r.learner_id = l.id AND (r.started_ms >= ?1 OR r.finished_ms >= ?1))
				AND NOT EXISTS (SELECT 1 FROM reading_progress p WHERE p.learner_id = l.id AND p.read_ms >= ?1)
				AND NOT EXISTS (SELECT 1 FROM cards c WHERE c.learner_id = l.id AND c.updated_ms >= ?1)
				LIMIT 500)`, cut)
			if err != nil {
				return err
			}
			n, err = res.RowsAffected()
			return err
		})
		if err != nil {
			return total, fmt.Errorf("prune inactive learners: %w", err)
		}
		total += n
		if n < 500 {
			return total, nil
		}
	}
}
