package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"lockdrill/quiz"
)

// DayLayout is how a calendar day is written: in forms, in the database and
// in export files.
const DayLayout = "2006-01-02"

// ParseDay reads a calendar day written YYYY-MM-DD as midnight UTC of that
// day, with an error fit to show next to the field.
func ParseDay(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, errors.New("is empty; give a date as YYYY-MM-DD")
	}
	d, err := time.Parse(DayLayout, s)
	if err != nil {
		// Written right but not on the calendar (2026-02-30): say so,
		// rather than that the format is wrong (QA-5 F4).
		var y, m, dd int
		if n, _ := fmt.Sscanf(s, "%4d-%2d-%2d", &y, &m, &dd); n == 3 && len(s) == len(DayLayout) {
			return time.Time{}, fmt.Errorf("%s is not a day on the calendar", s)
		}
		return time.Time{}, fmt.Errorf("%q is not a date written YYYY-MM-DD", s)
	}
	if d.Year() < 2000 || d.Year() > 2199 {
		return time.Time{}, fmt.Errorf("%s is not a plausible interview date", s)
	}
	return d, nil
}

// SetInterviewDate records the day of learner's interview, replacing any
// earlier one, as updated at now. It returns ErrNotFound for an unknown
// learner.
func (s *Store) SetInterviewDate(ctx context.Context, learner string, day, now time.Time) error {
	if !ValidID(learner) {
		return fmt.Errorf("set interview date: %w", ErrNotFound)
	}
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			`INSERT INTO study_plans (learner_id, interview_day, updated_ms) VALUES (?, ?, ?)
			 ON CONFLICT (learner_id) DO UPDATE SET interview_day = excluded.interview_day, updated_ms = excluded.updated_ms`,
			learner, day.UTC().Format(DayLayout), now.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("set interview date: %w", err)
	}
	return nil
}

// ClearInterviewDate forgets learner's interview date.
func (s *Store) ClearInterviewDate(ctx context.Context, learner string) error {
	if !ValidID(learner) {
		return nil
	}
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM study_plans WHERE learner_id = ?", learner)
		return err
	})
	if err != nil {
		return fmt.Errorf("clear interview date: %w", err)
	}
	return nil
}

// InterviewDate returns learner's interview day (midnight UTC) and true, or
// false when they have not set one.
func (s *Store) InterviewDate(ctx context.Context, learner string) (time.Time, bool, error) {
	if !ValidID(learner) {
		return time.Time{}, false, nil
	}
	var day string
	err := s.r.QueryRowContext(ctx, "SELECT interview_day FROM study_plans WHERE learner_id = ?", learner).Scan(&day)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, fmt.Errorf("interview date: %w", err)
	}
	d, err := time.Parse(DayLayout, day)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("interview date %q: %w", day, err)
	}
	return d, true, nil
}

// CramReview is one self-rated recall from a cram session.
type CramReview struct {
	Question string
	Rating   quiz.Rating
	At       time.Time
}

// RecordCram stores a cram recall of question rated r at now. It touches no card:
// cram ratings are kept apart so the FSRS schedule stays what the spaced
// reviews made it. It returns ErrNotFound for an unknown learner.
func (s *Store) RecordCram(ctx context.Context, learner, question string, r quiz.Rating, now time.Time) error {
	if !ValidID(learner) {
		return fmt.Errorf("record cram: %w", ErrNotFound)
	}
	if !r.Valid() {
		return fmt.Errorf("record cram: rating %d is not 1-4", int(r))
	}
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx,
			"INSERT INTO cram_reviews (learner_id, question_id, rating, reviewed_ms) VALUES (?, ?, ?, ?)",
			learner, question, int(r), now.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("record cram of %q: %w", question, err)
	}
	return nil
}

// CramReviews returns learner's cram recalls since since, oldest first.
func (s *Store) CramReviews(ctx context.Context, learner string, since time.Time) ([]CramReview, error) {
	if !ValidID(learner) {
		return nil, nil
	}
	var out []CramReview
	err := eachRow(ctx, s.r,
		"SELECT question_id, rating, reviewed_ms FROM cram_reviews WHERE learner_id = ? AND reviewed_ms >= ? ORDER BY reviewed_ms, rowid",
		[]any{learner, since.UnixMilli()},
		func(rows *sql.Rows) error {
			var c CramReview
			var ms int64
			if err := rows.Scan(&c.Question, &c.Rating, &ms); err != nil {
				return err
			}
			c.At = msTime(ms)
			out = append(out, c)
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("cram reviews: %w", err)
	}
	return out, nil
}
