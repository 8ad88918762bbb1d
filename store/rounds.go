package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"lockdrill/quiz"
)

// Errors of AnswerTurn. Both leave the round unchanged.
var (
	// ErrTurnAnswered is returned for a turn that already has an answer:
	// a resubmitted form must not count twice.
	ErrTurnAnswered = errors.New("that question has already been answered")
	// ErrTurnNotCurrent is returned for a turn that is not the round's
	// current one (a later question, or one that does not exist).
	ErrTurnNotCurrent = errors.New("that question is not the current one")
	// ErrRoundFinished is returned when the round is already over.
	ErrRoundFinished = errors.New("the round is over")
)

// NewRound is a round about to start.
type NewRound struct {
	Mode  quiz.Mode
	Limit time.Duration
	// Seed drew Questions; it is stored so the draw can be reproduced.
	Seed uint64
	// Questions are the main question ids in the order they are asked;
	// their number is the round's size.
	Questions []string
	// Started is when the round began.
	Started time.Time
}

// Round is a stored round with its turns in order.
type Round struct {
	ID      string
	Learner string
	Mode    quiz.Mode
	Size    int
	Limit   time.Duration
	Seed    uint64
	Started time.Time
	// Finished is zero while the round is in progress; Score and Verdict
	// are set with it.
	Finished time.Time
	Score    float64
	Verdict  quiz.Verdict
	Turns    []RoundTurn
}

// RoundTurn is one turn of a round: a main question or a follow-up.
type RoundTurn struct {
	// Seq orders the turns and names a turn in forms.
	Seq int
	quiz.Turn
}

// Current returns the first turn without an answer, and false when every
// turn is answered.
func (r *Round) Current() (RoundTurn, bool) {
	for _, t := range r.Turns {
		if !t.Done() {
			return t, true
		}
	}
	return RoundTurn{}, false
}

// QuizTurns returns the turns as the quiz package scores them.
func (r *Round) QuizTurns() []quiz.Turn {
	out := make([]quiz.Turn, len(r.Turns))
	for i, t := range r.Turns {
		out[i] = t.Turn
	}
	return out
}

// Turn returns the turn with the given seq.
func (r *Round) Turn(seq int) (RoundTurn, bool) {
	for _, t := range r.Turns {
		if t.Seq == seq {
			return t, true
		}
	}
	return RoundTurn{}, false
}

// MainNumber returns which main question (from 1) the turn seq belongs to.
func MainNumber(seq int) int { return seq/turnStride + 1 }

// turnStride spaces the main questions' seqs so that up to
// quiz.MaxFollowUps follow-ups fit after each.
const turnStride = 10

// RoundSummary is a round as the history lists it.
type RoundSummary struct {
	ID       string
	Mode     quiz.Mode
	Size     int
	Limit    time.Duration
	Started  time.Time
	Finished time.Time
	Score    float64
	Verdict  quiz.Verdict
	// Answered and Turns count the answered turns and all turns so far
	// (follow-ups included); MainsAnswered counts the main questions
	// answered.
	Answered, Turns, MainsAnswered int
}

// CreateRound stores a new round of learner with its main questions and
// returns its id. It returns a QuotaError when the learner has reached
// Limits.RoundsPerDay or RoundsTotal.
func (s *Store) CreateRound(ctx context.Context, learner string, nr NewRound) (string, error) {
	if !ValidID(learner) {
		return "", fmt.Errorf("create round: %w", ErrNotFound)
	}
	if len(nr.Questions) == 0 {
		return "", errors.New("create round: no questions")
	}
	id := NewID()
	lim := s.currentLimits()
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		if err := checkQuota(ctx, tx, nr.Started, "mock rounds", "rounds", "started_ms", learner, lim.RoundsPerDay, lim.RoundsTotal); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO rounds (id, learner_id, mode, size, limit_ms, seed, started_ms) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			id, learner, string(nr.Mode), len(nr.Questions), nr.Limit.Milliseconds(), int64(nr.Seed), nr.Started.UnixMilli()); err != nil {
			return err
		}
		for i, q := range nr.Questions {
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO round_turns (round_id, seq, question_id) VALUES (?, ?, ?)`, id, i*turnStride, q); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("create round: %w", err)
	}
	return id, nil
}

// Round returns the learner's round with the given id and its turns. It
// returns ErrNotFound when there is no such round or it is someone else's.
func (s *Store) Round(ctx context.Context, learner, id string) (*Round, error) {
	if !ValidID(learner) || !ValidID(id) {
		return nil, fmt.Errorf("round %q: %w", id, ErrNotFound)
	}
	return readRound(ctx, s.r, learner, id)
}

// querier is what readRound needs of the read pool or a transaction.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// readRound loads the learner's round id and its turns through q: the read
// pool for a page, the write transaction for FinishRound.
func readRound(ctx context.Context, q querier, learner, id string) (*Round, error) {
	r := &Round{ID: id, Learner: learner}
	var mode, verdict sql.NullString
	var limitMS, seed, started int64
	var finished sql.NullInt64
	var score sql.NullFloat64
	err := q.QueryRowContext(ctx,
		`SELECT mode, size, limit_ms, seed, started_ms, finished_ms, score, verdict FROM rounds WHERE id = ? AND learner_id = ?`, id, learner).
		Scan(&mode, &r.Size, &limitMS, &seed, &started, &finished, &score, &verdict)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("round %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("round %q: %w", id, err)
	}
	r.Mode, r.Limit, r.Seed, r.Started = quiz.Mode(mode.String), time.Duration(limitMS)*time.Millisecond, uint64(seed), msTime(started)
	if finished.Valid {
		r.Finished = msTime(finished.Int64)
	}
	r.Score, r.Verdict = score.Float64, quiz.Verdict(verdict.String)
	rows, err := q.QueryContext(ctx,
		`SELECT t.seq, t.question_id, t.follow_up, t.shown_ms, t.answered_ms, t.answer, t.result
		 FROM round_turns t JOIN rounds r ON r.id = t.round_id
		 WHERE t.round_id = ? AND r.learner_id = ? ORDER BY t.seq`, id, learner)
	if err != nil {
		return nil, fmt.Errorf("round %q turns: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var t RoundTurn
		var shown, answered sql.NullInt64
		var answer, result sql.NullString
		if err := rows.Scan(&t.Seq, &t.Question, &t.FollowUp, &shown, &answered, &answer, &result); err != nil {
			return nil, fmt.Errorf("round %q turns: %w", id, err)
		}
		if shown.Valid {
			t.Shown = msTime(shown.Int64)
		}
		if answered.Valid {
			t.Answered = msTime(answered.Int64)
		}
		t.Text = answer.String
		if result.Valid {
			var res quiz.Result
			if err := json.Unmarshal([]byte(result.String), &res); err != nil {
				return nil, fmt.Errorf("round %q turn %d: decode result: %w", id, t.Seq, err)
			}
			t.Result = &res
		}
		r.Turns = append(r.Turns, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("round %q turns: %w", id, err)
	}
	return r, nil
}

// MarkShown records that the turn seq was shown at at, starting its clock.
// Only the first showing counts, so reloading the page does not reset the
// clock. It returns ErrNotFound for a round that is not the learner's.
func (s *Store) MarkShown(ctx context.Context, learner, id string, seq int, at time.Time) error {
	if !ValidID(learner) || !ValidID(id) {
		return fmt.Errorf("mark shown: %w", ErrNotFound)
	}
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		if err := ownRound(ctx, tx, learner, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx,
			`UPDATE round_turns SET shown_ms = ? WHERE round_id = ? AND seq = ? AND shown_ms IS NULL`, at.UnixMilli(), id, seq)
		return err
	})
	if err != nil {
		return fmt.Errorf("mark shown: %w", err)
	}
	return nil
}

// TurnAnswer is the graded answer to one turn.
type TurnAnswer struct {
	// Seq names the turn the learner answered.
	Seq  int
	Text string
	// Result is the graded answer.
	Result quiz.Result
	// At is when the answer arrived.
	At time.Time
	// FollowUps are the ids of the follow-ups to ask next (for a main
	// question only; at most quiz.MaxFollowUps are kept).
	FollowUps []string
	// Drop are the seqs of follow-ups queued after the same main question,
	// not yet answered, that this answer made redundant (see
	// quiz.FollowUps.StillDue): they are removed in the same transaction.
	Drop []int
	// Replace maps the seqs of main questions not yet shown to the question
	// each is to ask instead (see quiz.Replan), applied in the same
	// transaction; a turn shown or answered meanwhile is left as it is.
	Replace map[int]string
}

// AnswerTurn records the answer to the round's current turn and, in the
// same transaction, inserts its follow-ups after it. A turn never shown is
// taken as shown at a.At. It returns ErrNotFound for a round that is not
// the learner's, ErrRoundFinished when the round is over, ErrTurnAnswered
// when the turn has its answer already and ErrTurnNotCurrent when it is not
// the current turn.
func (s *Store) AnswerTurn(ctx context.Context, learner, id string, a TurnAnswer) error {
	if !ValidID(learner) || !ValidID(id) {
		return fmt.Errorf("answer turn: %w", ErrNotFound)
	}
	res, err := json.Marshal(a.Result)
	if err != nil {
		return fmt.Errorf("answer turn: %w", err)
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		var finished sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT finished_ms FROM rounds WHERE id = ? AND learner_id = ?`, id, learner).Scan(&finished)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if finished.Valid {
			return ErrRoundFinished
		}
		var answered sql.NullInt64
		var question, followUp string
		err = tx.QueryRowContext(ctx, `SELECT answered_ms, question_id, follow_up FROM round_turns WHERE round_id = ? AND seq = ?`, id, a.Seq).
			Scan(&answered, &question, &followUp)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrTurnNotCurrent
		}
		if err != nil {
			return err
		}
		if answered.Valid {
			return ErrTurnAnswered
		}
		var current int
		if err := tx.QueryRowContext(ctx, `SELECT min(seq) FROM round_turns WHERE round_id = ? AND answered_ms IS NULL`, id).Scan(&current); err != nil {
			return err
		}
		if current != a.Seq {
			return ErrTurnNotCurrent
		}
		at := a.At.UnixMilli()
		if _, err := tx.ExecContext(ctx,
			`UPDATE round_turns SET shown_ms = COALESCE(shown_ms, ?), answered_ms = ?, answer = ?, result = ? WHERE round_id = ? AND seq = ?`,
			at, at, a.Text, string(res), id, a.Seq); err != nil {
			return err
		}
		for _, seq := range slices.Sorted(maps.Keys(a.Replace)) {
			if seq <= a.Seq || seq%turnStride != 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx,
				`UPDATE round_turns SET question_id = ? WHERE round_id = ? AND seq = ? AND follow_up = '' AND shown_ms IS NULL AND answered_ms IS NULL`,
				a.Replace[seq], id, seq); err != nil {
				return err
			}
		}
		if followUp != "" {
			for _, seq := range a.Drop {
				if seq <= a.Seq || MainNumber(seq) != MainNumber(a.Seq) {
					continue
				}
				if _, err := tx.ExecContext(ctx,
					`DELETE FROM round_turns WHERE round_id = ? AND seq = ? AND follow_up != '' AND answered_ms IS NULL`, id, seq); err != nil {
					return err
				}
			}
			return nil
		}
		for i, f := range a.FollowUps {
			if i == quiz.MaxFollowUps {
				break
			}
			if _, err := tx.ExecContext(ctx,
				`INSERT INTO round_turns (round_id, seq, question_id, follow_up) VALUES (?, ?, ?, ?)`, id, a.Seq+1+i, question, f); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("answer turn %d: %w", a.Seq, err)
	}
	return nil
}

// RoundFinish is how a round ends: its score and verdict, when, and what
// each main answer feeds to spaced review (see quiz.RoundReview).
type RoundFinish struct {
	Score   float64
	Verdict quiz.Verdict
	At      time.Time
	Review  []quiz.ReviewItem
}

// FinishRound closes the learner's round and, in the same transaction,
// stores each review item as a rated practice attempt and reschedules its
// question's card (quiz.Schedule at the finish's At). The finish record is
// made by finish from the round as read inside that transaction, so an
// answer committed after the caller last read the round is scored too:
// finish must be a pure function of the round. Either all of it happens or
// none does, so a failure cannot leave a closed round whose answers never
// reached review. It is idempotent: it reports whether this call closed the
// round, and a round already closed is left as it is (finish is not
// called), with nothing written twice, even when two requests race. It
// returns ErrNotFound for a round that is not the learner's.
func (s *Store) FinishRound(ctx context.Context, learner, id string, finish func(*Round) RoundFinish) (bool, error) {
	if !ValidID(learner) || !ValidID(id) {
		return false, fmt.Errorf("finish round: %w", ErrNotFound)
	}
	closed := false
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		r, err := readRound(ctx, tx, learner, id)
		if err != nil {
			return err
		}
		if !r.Finished.IsZero() {
			return nil
		}
		f := finish(r)
		res, err := tx.ExecContext(ctx,
			`UPDATE rounds SET finished_ms = ?, score = ?, verdict = ? WHERE id = ? AND learner_id = ? AND finished_ms IS NULL`,
			f.At.UnixMilli(), f.Score, string(f.Verdict), id, learner)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		for i, item := range f.Review {
			if err := insertRatedAttempt(ctx, tx, learner, item, f.At); err != nil {
				return fmt.Errorf("review[%d] %q: %w", i, item.Question, err)
			}
		}
		closed = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("finish round: %w", err)
	}
	return closed, nil
}

// insertRatedAttempt stores item as an attempt already rated item.Rating at
// at, and replaces its question's card with the card scheduled by that
// rating, inside tx: CreateAttempt followed by RateAttempt, through the
// same helpers, in the round's transaction.
func insertRatedAttempt(ctx context.Context, tx *sql.Tx, learner string, item quiz.ReviewItem, at time.Time) error {
	if !item.Rating.Valid() {
		return fmt.Errorf("rating %d is not 1-4", int(item.Rating))
	}
	row, err := newAttemptRow(learner, item.Question, item.Kind, item.Answer, item.Result, at)
	if err != nil {
		return err
	}
	row.rating, row.ratedMS = item.Rating, at.UnixMilli()
	if err := insertAttemptTx(ctx, tx, row); err != nil {
		return err
	}
	_, err = rescheduleCardTx(ctx, tx, learner, item.Question, at, func(c quiz.Card) quiz.Card {
		return quiz.Schedule(c, item.Rating, at)
	})
	return err
}

// Rounds returns the learner's rounds, newest first. An unknown or empty
// learner has none.
func (s *Store) Rounds(ctx context.Context, learner string) ([]RoundSummary, error) {
	if !ValidID(learner) {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx,
		`SELECT r.id, r.mode, r.size, r.limit_ms, r.started_ms, r.finished_ms, r.score, r.verdict,
		        (SELECT count(*) FROM round_turns t WHERE t.round_id = r.id AND t.answered_ms IS NOT NULL),
		        (SELECT count(*) FROM round_turns t WHERE t.round_id = r.id),
		        (SELECT count(*) FROM round_turns t WHERE t.round_id = r.id AND t.answered_ms IS NOT NULL AND t.follow_up = '')
		 FROM rounds r WHERE r.learner_id = ? ORDER BY r.started_ms DESC, r.rowid DESC`, learner)
	if err != nil {
		return nil, fmt.Errorf("list rounds: %w", err)
	}
	defer rows.Close()
	var out []RoundSummary
	for rows.Next() {
		var r RoundSummary
		var mode string
		var limitMS, started int64
		var finished sql.NullInt64
		var score sql.NullFloat64
		var verdict sql.NullString
		if err := rows.Scan(&r.ID, &mode, &r.Size, &limitMS, &started, &finished, &score, &verdict, &r.Answered, &r.Turns, &r.MainsAnswered); err != nil {
			return nil, fmt.Errorf("list rounds: %w", err)
		}
		r.Mode, r.Limit, r.Started = quiz.Mode(mode), time.Duration(limitMS)*time.Millisecond, msTime(started)
		if finished.Valid {
			r.Finished = msTime(finished.Int64)
		}
		r.Score, r.Verdict = score.Float64, quiz.Verdict(verdict.String)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list rounds: %w", err)
	}
	return out, nil
}

func ownRound(ctx context.Context, tx *sql.Tx, learner, id string) error {
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM rounds WHERE id = ? AND learner_id = ?`, id, learner).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

func msTime(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
