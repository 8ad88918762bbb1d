package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"lockdrill/quiz"
)

// The round's types are quiz's: the rules of a round live there (see
// quiz.Round), and the store only loads a round and applies the change its
// rules return (UpdateRound).
type (
	Round       = quiz.Round
	RoundTurn   = quiz.RoundTurn
	TurnAnswer  = quiz.TurnAnswer
	RoundFinish = quiz.RoundFinish
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
	// FromForm marks a start the learner asked for with the start form: a
	// second one with the same settings within RestartWindow lands on the
	// first round (see createRoundTx) instead of starting another.
	FromForm bool
}

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
	// Peer reports a peer round (another learner interviewed).
	Peer bool
	// SelfAssessed reports that a turn's score was corrected by the
	// learner, so Score and Verdict rest on their own ticks.
	SelfAssessed bool
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
		var err error
		id, _, err = createRoundTx(ctx, tx, id, learner, nr, false, lim)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("create round: %w", err)
	}
	return id, nil
}

// RestartWindow is how recently a round must have started for a second
// start with the same settings to land on it instead (a double click on
// "Start the round" sends the form twice).
const RestartWindow = 10 * time.Second

// createRoundTx inserts round id of learner with its main questions in tx,
// after checking the learner's quota, and returns its id. For a start from
// the form (nr.FromForm), when the learner started a round with the same
// settings (mode, size, time, peer or not) less than RestartWindow ago and
// has answered nothing in it, it returns that round's id instead, with existing true, and inserts nothing: the
// writer's transactions are serial, so of two starts sent at once the
// second finds the first.
func createRoundTx(ctx context.Context, tx *sql.Tx, id, learner string, nr NewRound, peer bool, lim Limits) (string, bool, error) {
	if !nr.FromForm {
		return id, false, insertRoundTx(ctx, tx, id, learner, nr, lim)
	}
	var prev string
	err := tx.QueryRowContext(ctx,
		`SELECT r.id FROM rounds r LEFT JOIN peer_rounds p ON p.round_id = r.id
		 WHERE r.learner_id = ? AND r.finished_ms IS NULL AND r.mode = ? AND r.size = ? AND r.limit_ms = ?
		   AND r.started_ms >= ? AND r.started_ms <= ? AND (p.round_id IS NOT NULL) = ?
		   AND NOT EXISTS (SELECT 1 FROM round_turns t WHERE t.round_id = r.id AND t.answered_ms IS NOT NULL)
		 ORDER BY r.started_ms DESC LIMIT 1`,
		learner, string(nr.Mode), len(nr.Questions), nr.Limit.Milliseconds(),
		nr.Started.Add(-RestartWindow).UnixMilli(), nr.Started.UnixMilli(), peer).Scan(&prev)
	switch {
	case err == nil:
		return prev, true, nil
	case !errors.Is(err, sql.ErrNoRows):
		return "", false, err
	}
	return id, false, insertRoundTx(ctx, tx, id, learner, nr, lim)
}

func insertRoundTx(ctx context.Context, tx *sql.Tx, id, learner string, nr NewRound, lim Limits) error {
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
			`INSERT INTO round_turns (round_id, seq, question_id) VALUES (?, ?, ?)`, id, i*quiz.TurnStride, q); err != nil {
			return err
		}
	}
	return nil
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
	var finished, waiting sql.NullInt64
	var score sql.NullFloat64
	err := q.QueryRowContext(ctx,
		`SELECT r.mode, r.size, r.limit_ms, r.seed, r.started_ms, r.finished_ms, r.score, r.verdict, p.waiting
		 FROM rounds r LEFT JOIN peer_rounds p ON p.round_id = r.id WHERE r.id = ? AND r.learner_id = ?`, id, learner).
		Scan(&mode, &r.Size, &limitMS, &seed, &started, &finished, &score, &verdict, &waiting)
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
	if waiting.Valid {
		r.Peer = &quiz.PeerState{Waiting: waiting.Int64 == 1}
	}
	rows, err := q.QueryContext(ctx,
		`SELECT t.seq, t.question_id, t.follow_up, t.asked, t.shown_ms, t.answered_ms, t.answer, t.result
		 FROM round_turns t JOIN rounds r ON r.id = t.round_id
		 WHERE t.round_id = ? AND r.learner_id = ? ORDER BY t.seq`, id, learner)
	if err != nil {
		return nil, fmt.Errorf("round %q turns: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		t, err := scanRoundTurn(rows)
		if err != nil {
			return nil, fmt.Errorf("round %q %w", id, err)
		}
		r.Turns = append(r.Turns, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("round %q turns: %w", id, err)
	}
	return r, nil
}

// scanRoundTurn reads a turn from a row whose last columns are round_turns'
// seq, question_id, follow_up, asked, shown_ms, answered_ms, answer and
// result; lead are where the columns before them go.
func scanRoundTurn(rows *sql.Rows, lead ...any) (RoundTurn, error) {
	var t RoundTurn
	var shown, answered sql.NullInt64
	var answer, result sql.NullString
	if err := rows.Scan(append(lead, &t.Seq, &t.Question, &t.FollowUp, &t.Asked, &shown, &answered, &answer, &result)...); err != nil {
		return t, fmt.Errorf("turns: %w", err)
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
			return t, fmt.Errorf("turn %d: decode result: %w", t.Seq, err)
		}
		t.Result = &res
	}
	return t, nil
}

// FinishedRounds returns, by id, the learner's finished rounds and the
// finished peer rounds they interviewed, each with its turns, so that a
// page listing rounds can score each as its scorecard does instead of
// trusting the score stored when it ended: a round ended before session
// 34 stored a score that counted a follow-up never asked as 0, which its
// scorecard leaves out. It reads them all in one snapshot with two
// queries, however many rounds there are. An unknown or empty learner has
// none.
func (s *Store) FinishedRounds(ctx context.Context, learner string) (map[string]*Round, error) {
	out := map[string]*Round{}
	if !ValidID(learner) {
		return out, nil
	}
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("finished rounds: %w", err)
	}
	defer tx.Rollback()
	const which = `FROM rounds r LEFT JOIN peer_rounds p ON p.round_id = r.id
		WHERE r.finished_ms IS NOT NULL AND (r.learner_id = ? OR p.interviewer_id = ?)`
	err = eachRow(ctx, tx, `SELECT r.id, r.learner_id, r.mode, r.size, r.limit_ms, r.seed, r.started_ms, r.finished_ms, r.score, r.verdict, p.waiting `+which,
		[]any{learner, learner}, func(rows *sql.Rows) error {
			r := &Round{}
			var mode, verdict sql.NullString
			var limitMS, seed, started, finished int64
			var waiting sql.NullInt64
			var score sql.NullFloat64
			if err := rows.Scan(&r.ID, &r.Learner, &mode, &r.Size, &limitMS, &seed, &started, &finished, &score, &verdict, &waiting); err != nil {
				return err
			}
			r.Mode, r.Limit, r.Seed, r.Started, r.Finished = quiz.Mode(mode.String), time.Duration(limitMS)*time.Millisecond, uint64(seed), msTime(started), msTime(finished)
			r.Score, r.Verdict = score.Float64, quiz.Verdict(verdict.String)
			if waiting.Valid {
				r.Peer = &quiz.PeerState{Waiting: waiting.Int64 == 1}
			}
			out[r.ID] = r
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("finished rounds: %w", err)
	}
	err = eachRow(ctx, tx, `SELECT t.round_id, t.seq, t.question_id, t.follow_up, t.asked, t.shown_ms, t.answered_ms, t.answer, t.result
		FROM round_turns t JOIN rounds r ON r.id = t.round_id LEFT JOIN peer_rounds p ON p.round_id = r.id
		WHERE r.finished_ms IS NOT NULL AND (r.learner_id = ? OR p.interviewer_id = ?) ORDER BY t.round_id, t.seq`,
		[]any{learner, learner}, func(rows *sql.Rows) error {
			var id string
			t, err := scanRoundTurn(rows, &id)
			if err != nil {
				return fmt.Errorf("round %q %w", id, err)
			}
			if r, ok := out[id]; ok {
				r.Turns = append(r.Turns, t)
			}
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("finished rounds: %w", err)
	}
	return out, nil
}

// UpdateRound runs one step of the learner's round: inside one write
// transaction it reads the round, asks decide what changes (decide is one
// of quiz.Round's rules, or a caller's choice of them, and must be a pure
// function of the round it is given) and writes that change: the turn
// shown, the answer, replaced questions, dropped and added follow-ups, and
// the finish with each of its review items stored as a rated practice
// attempt that reschedules its question's card. Either all of it happens
// or none does, and two requests racing on one round see each other's
// writes, since the rules are checked against the round as it is inside
// the transaction.
//
// It returns the round as it is after the change and the change itself.
// When decide returns an error nothing is written, and the round as read is
// returned with that error (for a page that shows why). It returns
// ErrNotFound for a round that is not the learner's.
func (s *Store) UpdateRound(ctx context.Context, learner, id string, decide func(*Round) (quiz.RoundChange, error)) (*Round, quiz.RoundChange, error) {
	if !ValidID(learner) || !ValidID(id) {
		return nil, quiz.RoundChange{}, fmt.Errorf("update round: %w", ErrNotFound)
	}
	var read, after *Round
	var change quiz.RoundChange
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		r, err := readRound(ctx, tx, learner, id)
		if err != nil {
			return err
		}
		read = r
		c, err := decide(r)
		if err != nil {
			return err
		}
		if err := applyRoundChange(ctx, tx, r, c); err != nil {
			return err
		}
		// Only a round's candidate updates it here (its interviewer goes
		// through UpdatePeerRound).
		if err := noteEnder(ctx, tx, r, c, RoleCandidate); err != nil {
			return err
		}
		change, after = c, r.Apply(c)
		return nil
	})
	if err != nil {
		return read, quiz.RoundChange{}, fmt.Errorf("update round %q: %w", id, err)
	}
	return after, change, nil
}

// applyRoundChange writes c, decided on r as read in tx.
func applyRoundChange(ctx context.Context, tx *sql.Tx, r *Round, c quiz.RoundChange) error {
	if c.Show != nil {
		if _, err := tx.ExecContext(ctx,
			`UPDATE round_turns SET shown_ms = ? WHERE round_id = ? AND seq = ? AND shown_ms IS NULL`, c.Show.At.UnixMilli(), r.ID, c.Show.Seq); err != nil {
			return err
		}
	}
	if a := c.Answer; a != nil {
		res, err := json.Marshal(a.Result)
		if err != nil {
			return fmt.Errorf("answer turn %d: %w", a.Seq, err)
		}
		at := a.At.UnixMilli()
		out, err := tx.ExecContext(ctx,
			`UPDATE round_turns SET shown_ms = COALESCE(shown_ms, ?), answered_ms = ?, answer = ?, result = ? WHERE round_id = ? AND seq = ? AND answered_ms IS NULL`,
			at, at, a.Text, string(res), r.ID, a.Seq)
		if err != nil {
			return fmt.Errorf("answer turn %d: %w", a.Seq, err)
		}
		if n, err := out.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("answer turn %d: %w", a.Seq, quiz.ErrTurnAnswered)
		}
	}
	for _, rp := range c.Replace {
		if _, err := tx.ExecContext(ctx,
			`UPDATE round_turns SET question_id = ? WHERE round_id = ? AND seq = ? AND follow_up = '' AND shown_ms IS NULL AND answered_ms IS NULL`,
			rp.Question, r.ID, rp.Seq); err != nil {
			return err
		}
	}
	for _, seq := range c.Drop {
		if _, err := tx.ExecContext(ctx,
			`DELETE FROM round_turns WHERE round_id = ? AND seq = ? AND follow_up != '' AND answered_ms IS NULL`, r.ID, seq); err != nil {
			return err
		}
	}
	for _, t := range c.Ask {
		if _, err := tx.ExecContext(ctx,
			`INSERT INTO round_turns (round_id, seq, question_id, follow_up, asked) VALUES (?, ?, ?, ?, ?)`, r.ID, t.Seq, t.Question, t.FollowUp, t.Asked); err != nil {
			return err
		}
	}
	if c.Wait != nil {
		if _, err := tx.ExecContext(ctx, `UPDATE peer_rounds SET waiting = ? WHERE round_id = ?`, boolInt(*c.Wait), r.ID); err != nil {
			return err
		}
	}
	if f := c.Finish; f != nil {
		res, err := tx.ExecContext(ctx,
			`UPDATE rounds SET finished_ms = ?, score = ?, verdict = ? WHERE id = ? AND learner_id = ? AND finished_ms IS NULL`,
			f.At.UnixMilli(), f.Score, string(f.Verdict), r.ID, r.Learner)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		for i, item := range f.Review {
			if err := insertRatedAttempt(ctx, tx, r.Learner, r.ID, item, f.At); err != nil {
				return fmt.Errorf("review[%d] %q: %w", i, item.Question, err)
			}
		}
	}
	return nil
}

// AnswerTurn records an answer already graded, with what it sets in
// motion, through quiz.Round.Record (see UpdateRound): a test's or a
// tool's shortcut past the grader. It returns Record's errors.
func (s *Store) AnswerTurn(ctx context.Context, learner, id string, a TurnAnswer) error {
	_, _, err := s.UpdateRound(ctx, learner, id, func(r *Round) (quiz.RoundChange, error) { return r.Record(a) })
	return err
}

// FinishRound closes the learner's round with the finish record finish
// makes of the round as read inside the transaction (see UpdateRound). It
// reports whether this call closed the round; a round closed already is
// left as it is, and finish is not called.
func (s *Store) FinishRound(ctx context.Context, learner, id string, finish func(*Round) RoundFinish) (bool, error) {
	_, c, err := s.UpdateRound(ctx, learner, id, func(r *Round) (quiz.RoundChange, error) {
		if r.Over() {
			return quiz.RoundChange{}, nil
		}
		f := finish(r)
		return quiz.RoundChange{Finish: &f}, nil
	})
	return c.Finish != nil, err
}

// insertRatedAttempt stores item as an attempt of round, already rated
// item.Rating at at, and replaces its question's card with the card
// scheduled by that rating, inside tx: CreateAttempt followed by
// RateAttempt, through the same helpers, in the round's transaction. The
// attempt keeps the round and the card it replaced, so a later contest of
// the round can reschedule the card (rereviewTx).
func insertRatedAttempt(ctx context.Context, tx *sql.Tx, learner, round string, item quiz.ReviewItem, at time.Time) error {
	if !item.Rating.Valid() {
		return fmt.Errorf("rating %d is not 1-4", int(item.Rating))
	}
	row, err := newAttemptRow(learner, item.Question, item.Kind, item.Answer, item.Result, at)
	if err != nil {
		return err
	}
	defer row.release()
	row.rating, row.ratedMS = item.Rating, at.UnixMilli()
	if err := insertAttemptTx(ctx, tx, row); err != nil {
		return err
	}
	_, before, err := rescheduleCardTx(ctx, tx, learner, item.Question, at, func(c quiz.Card) quiz.Card {
		return quiz.Schedule(c, item.Rating, at)
	})
	if err != nil {
		return err
	}
	var roundID any // NULL for an attempt filed by no round
	if round != "" {
		roundID = round
	}
	_, err = tx.ExecContext(ctx, "UPDATE attempts SET round_id = ?, card_before = ? WHERE id = ? AND learner_id = ?", roundID, before, row.id, learner)
	return err
}

// Rounds returns the learner's rounds, newest first. An unknown or empty
// learner has none.
func (s *Store) Rounds(ctx context.Context, learner string) ([]RoundSummary, error) {
	if !ValidID(learner) {
		return nil, nil
	}
	return s.roundSummaries(ctx, `WHERE r.learner_id = ?`, learner)
}

// roundSummaries lists the rounds that where (a clause on rounds r) picks,
// newest first.
func (s *Store) roundSummaries(ctx context.Context, where string, args ...any) ([]RoundSummary, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT r.id, r.mode, r.size, r.limit_ms, r.started_ms, r.finished_ms, r.score, r.verdict,
		        (SELECT count(*) FROM round_turns t WHERE t.round_id = r.id AND t.answered_ms IS NOT NULL),
		        (SELECT count(*) FROM round_turns t WHERE t.round_id = r.id),
		        (SELECT count(*) FROM round_turns t WHERE t.round_id = r.id AND t.answered_ms IS NOT NULL AND t.follow_up = ''),
		        EXISTS (SELECT 1 FROM peer_rounds pr WHERE pr.round_id = r.id),
		        EXISTS (SELECT 1 FROM round_turns t WHERE t.round_id = r.id AND json_valid(t.result) AND json_extract(t.result, '$.self_assessed') = 1)
		 FROM rounds r `+where+` ORDER BY r.started_ms DESC, r.rowid DESC`, args...)
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
		if err := rows.Scan(&r.ID, &mode, &r.Size, &limitMS, &started, &finished, &score, &verdict, &r.Answered, &r.Turns, &r.MainsAnswered, &r.Peer, &r.SelfAssessed); err != nil {
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

func msTime(ms int64) time.Time { return time.UnixMilli(ms).UTC() }
