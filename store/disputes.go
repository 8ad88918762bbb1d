package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
	"unicode/utf8"

	"lockdrill/quiz"
)

// Dispute is a learner contesting one decision of the grader, kept so it
// can be exported and become a labelled corpus item.
type Dispute struct {
	ID      string
	Learner string
	// Surface is "practice" (AttemptID set) or "round" (RoundID and Seq).
	Surface   string
	AttemptID string
	RoundID   string
	Seq       int
	Question  string
	// Item is the point or flag id; Was the grader's decision ("hit",
	// "missed", "flag", or "unflagged": a red flag the grader did not
	// raise, reported by the learner as a losing claim their answer
	// makes). A learner restoring a red flag they dismissed sends Was
	// "dismissed", and one withdrawing their report sends "reported":
	// that only withdraws their earlier dispute and is never kept
	// (QA-32 #4).
	Item string
	Was  string
	// Reason is the learner's optional one-line reason.
	Reason string
	// Answer is the text that was graded; Grader the grader's version.
	Answer string
	Grader string
	// Evidence is the text of the answer the grader quoted for the item
	// (a point's spans, a flag's sentence part), empty when it quoted
	// none. GraderScore and GraderVerdict ("pass", "no-pass" or "fatal")
	// are the grader's own grade of the answer, before any correction;
	// GraderVerdict is empty for disputes kept before they were recorded,
	// and GraderScore is then 0.
	Evidence      string
	GraderScore   float64
	GraderVerdict string
	// Created is when the learner contested: the caller's time, stored
	// as given.
	Created time.Time
}

// onlyWithdraws reports a dispute that undoes the learner's own earlier
// one and is never kept itself: a dismissed flag restored, a report
// withdrawn.
func onlyWithdraws(was string) bool { return was == "dismissed" || was == "reported" }

// ErrBadDispute is returned for a dispute whose fields are out of range.
var ErrBadDispute = errors.New("invalid dispute")

func checkDispute(d Dispute) error {
	switch {
	case d.Was != "hit" && d.Was != "missed" && d.Was != "flag" && d.Was != "dismissed" && d.Was != "unflagged" && d.Was != "reported":
		return fmt.Errorf("%w: was %q", ErrBadDispute, d.Was)
	case utf8.RuneCountInString(d.Reason) > quiz.MaxDisputeReason:
		return fmt.Errorf("%w: reason longer than %d characters", ErrBadDispute, quiz.MaxDisputeReason)
	case d.Item == "" || d.Question == "":
		return fmt.Errorf("%w: no item or question", ErrBadDispute)
	case d.GraderVerdict != "" && d.GraderVerdict != "pass" && d.GraderVerdict != "no-pass" && d.GraderVerdict != "fatal":
		return fmt.Errorf("%w: grader verdict %q", ErrBadDispute, d.GraderVerdict)
	case d.GraderScore < 0 || d.GraderScore > 1:
		return fmt.Errorf("%w: grader score %v", ErrBadDispute, d.GraderScore)
	case d.Created.IsZero():
		// The caller's clock stamps every row (the store has none).
		return fmt.Errorf("%w: no time", ErrBadDispute)
	}
	return nil
}

// ContestAttempt stores the learner's dispute d of their practice attempt
// id and, in the same transaction, replaces the attempt's result with res
// (the result re-scored with the dispute applied). It returns ErrNotFound
// when the attempt is not the learner's and ErrBadDispute for a malformed
// dispute.
//
// A learner's dispute of an item they disputed before on the same attempt
// undoes their own correction rather than the grader's decision: the
// earlier dispute is withdrawn (deleted, so the export never holds it) and
// no new one is kept; withdrawn reports so (QA-31 #2).
func (s *Store) ContestAttempt(ctx context.Context, learner, id string, d Dispute, res quiz.Result) (withdrawn bool, err error) {
	if !ValidID(learner) || !ValidID(id) {
		return false, fmt.Errorf("contest attempt %q: %w", id, ErrNotFound)
	}
	if err := checkDispute(d); err != nil {
		return false, fmt.Errorf("contest attempt %q: %w", id, err)
	}
	rs, err := json.Marshal(res)
	if err != nil {
		return false, fmt.Errorf("contest attempt %q: result: %w", id, err)
	}
	text, z := encodeColumn(rs)
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, updateResultSQL,
			text, blobOrNull(z), boolInt(res.SelfAssessed), res.Score, boolInt(res.Passed), id, learner)
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		withdrawn, err = withdrawOrRecord(ctx, tx, onlyWithdraws(d.Was),
			`DELETE FROM disputes WHERE learner_id = ? AND surface = 'practice' AND attempt_id = ? AND item = ?`,
			[]any{learner, id, d.Item},
			insertPracticeDisputeSQL, practiceDisputeArgs(learner, id, d))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("contest attempt %q: %w", id, err)
	}
	return withdrawn, nil
}

// ContestTurn stores the learner's dispute d of turn seq of their round id
// and, in the same transaction, replaces the turn's result with res. When
// the round is finished, its stored score and verdict are replaced by
// rescore of the round as read after the change (rescore must be a pure
// function of the round), so the history agrees with the scorecard. It
// returns ErrNotFound when the round is not the learner's or the turn has
// no answer, and ErrBadDispute for a malformed dispute. As with
// ContestAttempt, disputing an item the learner disputed before on the same
// turn withdraws the earlier dispute instead, and withdrawn reports so.
func (s *Store) ContestTurn(ctx context.Context, learner, id string, seq int, d Dispute, res quiz.Result, rescore func(*Round) RoundRescore) (withdrawn bool, err error) {
	d.Seq = seq
	withdrawn, err = s.contestTurn(ctx, learner, id, seq, d, res, rescore, onlyWithdraws(d.Was),
		`DELETE FROM disputes WHERE learner_id = ? AND surface = 'round' AND round_id = ? AND seq = ? AND item = ?`,
		[]any{learner, id, seq, d.Item})
	if err != nil {
		return false, fmt.Errorf("contest turn %q/%d: %w", id, seq, err)
	}
	return withdrawn, nil
}

// ContestRecovered stores the learner's dispute d of a point that a
// follow-up made for the main answer seq of their round id (see
// quiz.ContestRecovered) and, in the same transaction, replaces that main
// answer's result with res and, for a finished round, its score and
// verdict with rescore's, as ContestTurn does. The dispute is kept under
// the follow-up that made the point: d.Seq is the follow-up's turn and
// d.Answer its text, graded against the main question d.Question. A
// second dispute of the same point of the same main answer withdraws the
// first (whichever of its follow-ups that one named), and withdrawn
// reports so. It returns ErrNotFound when the round is not the learner's
// or the main answer has none, and ErrBadDispute for a malformed dispute
// or a d.Seq that is not one of seq's follow-ups.
func (s *Store) ContestRecovered(ctx context.Context, learner, id string, seq int, d Dispute, res quiz.Result, rescore func(*Round) RoundRescore) (withdrawn bool, err error) {
	if d.Seq <= seq || d.Seq >= seq+quiz.TurnStride || seq%quiz.TurnStride != 0 {
		return false, fmt.Errorf("contest turn %q/%d: %w: follow-up seq %d", id, seq, ErrBadDispute, d.Seq)
	}
	// res without the point contested undoes the learner's correction:
	// that only withdraws their dispute.
	undo := !slices.ContainsFunc(res.Points, func(p quiz.PointResult) bool { return p.ID == d.Item && p.Unrecovered })
	withdrawn, err = s.contestTurn(ctx, learner, id, seq, d, res, rescore, undo,
		`DELETE FROM disputes WHERE learner_id = ? AND surface = 'round' AND round_id = ? AND seq > ? AND seq < ? AND question_id = ? AND item = ?`,
		[]any{learner, id, seq, seq + quiz.TurnStride, d.Question, d.Item})
	if err != nil {
		return false, fmt.Errorf("contest turn %q/%d: %w", id, seq, err)
	}
	return withdrawn, nil
}

// contestTurn replaces the result of turn seq with res and withdraws the
// learner's earlier dispute (del) or records d (at d.Seq), then rescores
// a finished round: ContestTurn and ContestRecovered. With onlyWithdraw
// nothing is recorded.
func (s *Store) contestTurn(ctx context.Context, learner, id string, seq int, d Dispute, res quiz.Result, rescore func(*Round) RoundRescore, onlyWithdraw bool, del string, delArgs []any) (withdrawn bool, err error) {
	if !ValidID(learner) || !ValidID(id) {
		return false, ErrNotFound
	}
	if err := checkDispute(d); err != nil {
		return false, err
	}
	rs, err := json.Marshal(res)
	if err != nil {
		return false, fmt.Errorf("result: %w", err)
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx,
			`UPDATE round_turns SET result = ? WHERE round_id = ? AND seq = ? AND result IS NOT NULL
			   AND round_id IN (SELECT id FROM rounds WHERE id = ? AND learner_id = ?)`,
			string(rs), id, seq, id, learner)
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return ErrNotFound
		}
		if withdrawn, err = withdrawOrRecord(ctx, tx, onlyWithdraw, del, delArgs,
			`INSERT INTO disputes (id, learner_id, surface, round_id, seq, question_id, item, was, reason, answer, grader, created_ms, evidence, grader_score, grader_verdict)
			 VALUES (?, ?, 'round', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			[]any{NewID(), learner, id, d.Seq, d.Question, d.Item, d.Was, d.Reason, d.Answer, d.Grader, d.Created.UnixMilli(), d.Evidence, graderScore(d), d.GraderVerdict}); err != nil {
			return err
		}
		round, err := readRound(ctx, tx, learner, id)
		if err != nil {
			return err
		}
		if round.Finished.IsZero() || rescore == nil {
			return nil
		}
		re := rescore(round)
		if _, err := tx.ExecContext(ctx, "UPDATE rounds SET score = ?, verdict = ? WHERE id = ? AND learner_id = ?", re.Score, string(re.Verdict), id, learner); err != nil {
			return err
		}
		for _, item := range re.Review {
			if err := rereviewTx(ctx, tx, learner, id, item); err != nil {
				return fmt.Errorf("review of %q: %w", item.Question, err)
			}
		}
		return nil
	})
	return withdrawn, err
}

// RoundRescore is a finished round as a contest leaves it: its score and
// verdict, and what each main answer now feeds to spaced review
// (quiz.RoundReview).
type RoundRescore struct {
	Score   float64
	Verdict quiz.Verdict
	Review  []quiz.ReviewItem
}

// rereviewTx files item, a main answer of the learner's finished round as
// a contest leaves it, over the attempt the round's end filed for it: the
// attempt's result becomes item's, and when item's rating differs from the
// one the round's end gave, the question's card is rescheduled as if the
// round had ended with this rating: replayed from the card before that
// rating through it and every later rating of the question (QA-52b M4:
// a contest changed the verdict but not when the question came back).
// The card is left as it is when the attempt predates the columns a replay
// needs, or when the card was last written by something other than the
// question's latest rating (a merge of accounts or an import).
func rereviewTx(ctx context.Context, tx *sql.Tx, learner, round string, item quiz.ReviewItem) error {
	var (
		attempt string
		rowid   int64
		rating  sql.NullInt64
		before  sql.NullString
	)
	err := tx.QueryRowContext(ctx,
		`SELECT id, rowid, rating, card_before FROM attempts WHERE learner_id = ? AND round_id = ? AND question_id = ?`,
		learner, round, item.Question).Scan(&attempt, &rowid, &rating, &before)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	rs, err := json.Marshal(item.Result)
	if err != nil {
		return err
	}
	text, z := encodeColumn(rs)
	if _, err := tx.ExecContext(ctx, updateResultSQL,
		text, blobOrNull(z), boolInt(item.Result.SelfAssessed), item.Result.Score, boolInt(item.Result.Passed), attempt, learner); err != nil {
		return err
	}
	if !rating.Valid || quiz.Rating(rating.Int64) == item.Rating || !before.Valid || !item.Rating.Valid() {
		return nil
	}
	_, err = replayRatingTx(ctx, tx, learner, item.Question, attempt, rowid, before.String, item.Rating)
	return err
}

// replayRatingTx gives attempt (at rowid, rated, whose card before its
// rating was before) the rating r instead, and replays the question's card
// from before through r and every later rating of the question, in the
// order given; each later attempt's card_before becomes the replayed card
// it started from. It reports false, changing nothing, when the card was
// last written by something other than the question's latest rating (a
// merge of accounts or an import), which a replay would undo.
func replayRatingTx(ctx context.Context, tx *sql.Tx, learner, question, attempt string, rowid int64, before string, r quiz.Rating) (bool, error) {
	card := quiz.NewCard()
	if before != "" {
		if err := json.Unmarshal([]byte(before), &card); err != nil {
			return false, fmt.Errorf("decode card before %q: %w", attempt, err)
		}
	}
	// This rating and every later one of the question, in the order given.
	rows, err := tx.QueryContext(ctx,
		`SELECT id, rating, rated_ms FROM attempts
		 WHERE learner_id = ? AND question_id = ? AND rating IS NOT NULL
		   AND (rated_ms > (SELECT rated_ms FROM attempts WHERE rowid = ?) OR rowid = ?)
		 ORDER BY rated_ms, rowid`, learner, question, rowid, rowid)
	if err != nil {
		return false, err
	}
	type rated struct {
		id     string
		rating quiz.Rating
		at     int64
	}
	var later []rated
	for rows.Next() {
		var x rated
		if err := rows.Scan(&x.id, &x.rating, &x.at); err != nil {
			rows.Close()
			return false, err
		}
		later = append(later, x)
	}
	if err := rows.Close(); err != nil {
		return false, err
	}
	if len(later) == 0 || later[0].id != attempt {
		return false, nil
	}
	var updated int64
	err = tx.QueryRowContext(ctx, "SELECT updated_ms FROM cards WHERE learner_id = ? AND question_id = ?", learner, question).Scan(&updated)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	last := later[len(later)-1].at
	if updated != last {
		return false, nil
	}
	later[0].rating = r
	for i, x := range later {
		if i > 0 {
			// a later rating now starts from the replayed card
			enc, err := json.Marshal(card)
			if err != nil {
				return false, err
			}
			if _, err := tx.ExecContext(ctx, "UPDATE attempts SET card_before = ? WHERE id = ? AND learner_id = ? AND card_before IS NOT NULL", string(enc), x.id, learner); err != nil {
				return false, err
			}
		}
		card = quiz.Schedule(card, x.rating, time.UnixMilli(x.at).UTC())
	}
	if _, err := tx.ExecContext(ctx, "UPDATE attempts SET rating = ? WHERE id = ? AND learner_id = ?", int(r), attempt, learner); err != nil {
		return false, err
	}
	return true, putCardTx(ctx, tx, learner, question, card, time.UnixMilli(last).UTC())
}

// LearnerDisputes returns the learner's disputes, oldest first.
func (s *Store) LearnerDisputes(ctx context.Context, learner string) ([]Dispute, error) {
	if !ValidID(learner) {
		return nil, nil
	}
	return s.disputes(ctx, "WHERE learner_id = ?", learner)
}

// AllDisputes returns every learner's disputes, oldest first: the export
// of "lockdrill disputes", run by whoever holds the database file.
func (s *Store) AllDisputes(ctx context.Context) ([]Dispute, error) {
	return s.disputes(ctx, "")
}

func (s *Store) disputes(ctx context.Context, where string, args ...any) ([]Dispute, error) {
	rows, err := s.r.QueryContext(ctx,
		`SELECT id, learner_id, surface, coalesce(attempt_id, ''), coalesce(round_id, ''), coalesce(seq, 0), question_id, item, was, reason, answer, grader, created_ms,
		        evidence, coalesce(grader_score, 0), grader_verdict
		 FROM disputes `+where+` ORDER BY created_ms, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("disputes: %w", err)
	}
	defer rows.Close()
	var out []Dispute
	for rows.Next() {
		var d Dispute
		var ms int64
		if err := rows.Scan(&d.ID, &d.Learner, &d.Surface, &d.AttemptID, &d.RoundID, &d.Seq, &d.Question, &d.Item, &d.Was, &d.Reason, &d.Answer, &d.Grader, &ms, &d.Evidence, &d.GraderScore, &d.GraderVerdict); err != nil {
			return nil, fmt.Errorf("disputes: %w", err)
		}
		d.Created = time.UnixMilli(ms).UTC()
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("disputes: %w", err)
	}
	return out, nil
}

// withdrawOrRecord runs del, which deletes the learner's earlier dispute of
// the same item, and when it deleted nothing runs ins, which records the
// new one: contesting an item twice withdraws the first dispute instead of
// recording a second. withdrawn reports which happened. With onlyWithdraw
// (a dismissed flag restored) ins is never run.
func withdrawOrRecord(ctx context.Context, tx *sql.Tx, onlyWithdraw bool, del string, delArgs []any, ins string, insArgs []any) (withdrawn bool, err error) {
	r, err := tx.ExecContext(ctx, del, delArgs...)
	if err != nil {
		return false, err
	}
	n, err := r.RowsAffected()
	if err != nil || n > 0 || onlyWithdraw {
		return n > 0, err
	}
	_, err = tx.ExecContext(ctx, ins, insArgs...)
	return false, err
}

// insertPracticeDisputeSQL records a dispute of a practice attempt; its
// arguments are practiceDisputeArgs.
const insertPracticeDisputeSQL = `INSERT INTO disputes (id, learner_id, surface, attempt_id, question_id, item, was, reason, answer, grader, created_ms, evidence, grader_score, grader_verdict)
	VALUES (?, ?, 'practice', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`

func practiceDisputeArgs(learner, attempt string, d Dispute) []any {
	return []any{NewID(), learner, attempt, d.Question, d.Item, d.Was, d.Reason, d.Answer, d.Grader, d.Created.UnixMilli(), d.Evidence, graderScore(d), d.GraderVerdict}
}

// graderScore is the grader_score column of d: NULL when d does not say
// what the grader gave (no verdict), so an unknown score never reads as 0.
func graderScore(d Dispute) any {
	if d.GraderVerdict == "" {
		return nil
	}
	return d.GraderScore
}
