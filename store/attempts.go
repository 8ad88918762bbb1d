package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
	"unsafe"

	"lockdrill/quiz"
)

// ErrAlreadyRated is returned by RateAttempt for an attempt that has been
// rated before: a rating schedules the card, so giving a second one would
// count the same answer twice.
var ErrAlreadyRated = errors.New("attempt already rated")

// Attempt is one answer a learner submitted, with its graded result.
type Attempt struct {
	// ID is the attempt's random id, used in its feedback URL.
	ID string
	// Learner owns the attempt; only they can see or change it.
	Learner string
	// Question is the question id and Kind its kind when answered.
	Question string
	Kind     quiz.Kind
	// Answer is what the learner submitted.
	Answer quiz.Answer
	// Result is the graded answer, after any self-assessment.
	Result quiz.Result
	// Created is when the attempt was stored.
	Created time.Time
	// Rating is the learner's rating, or 0 while unrated; Rated is when it
	// was given.
	Rating quiz.Rating
	Rated  time.Time
}

// AttemptSummary is the part of an attempt that lists and statistics need.
type AttemptSummary struct {
	ID       string
	Question string
	Score    float64
	Passed   bool
	Created  time.Time
	// Rating is 0 while unrated.
	Rating quiz.Rating
	// SelfAssessed reports a score the learner corrected (ticks or a
	// dispute), not the grader's own.
	SelfAssessed bool
}

// CardEntry is one question's review card.
type CardEntry struct {
	Question string
	Card     quiz.Card
}

// CardMap keys review cards by question id, for pages that look a
// question's card up while walking the bank.
func CardMap(entries []CardEntry) map[string]quiz.Card {
	out := make(map[string]quiz.Card, len(entries))
	for _, e := range entries {
		out[e.Question] = e.Card
	}
	return out
}

// CreateAttempt stores a graded answer of learner to question, given at
// now, and returns the new attempt's id. It returns a QuotaError when the
// learner has reached Limits.AttemptsPerDay or AttemptsTotal.
func (s *Store) CreateAttempt(ctx context.Context, learner string, q *quiz.Question, a quiz.Answer, res quiz.Result, now time.Time) (string, error) {
	id, _, err := s.createAttempt(ctx, learner, q, a, res, now, 0)
	return id, err
}

// CreateAttemptOnce is CreateAttempt for an answer that may be the same
// form sent twice (a double click, a resent post): when learner's latest
// attempt at q was stored less than window before now with the same
// answer, it stores nothing and returns that attempt's id with again set.
// The check and the insert are one transaction, so posts that arrive
// together still store one attempt. It returns the errors of
// CreateAttempt.
func (s *Store) CreateAttemptOnce(ctx context.Context, learner string, q *quiz.Question, a quiz.Answer, res quiz.Result, now time.Time, window time.Duration) (id string, again bool, err error) {
	return s.createAttempt(ctx, learner, q, a, res, now, window)
}

func (s *Store) createAttempt(ctx context.Context, learner string, q *quiz.Question, a quiz.Answer, res quiz.Result, now time.Time, window time.Duration) (string, bool, error) {
	if !ValidID(learner) {
		return "", false, fmt.Errorf("create attempt: learner: %w", ErrNotFound)
	}
	// A group being committed waits for answers being encoded (gather).
	s.attempts.startEncoding()
	row, err := newAttemptRow(learner, q.ID, q.Kind, a, res, now)
	if err != nil {
		s.attempts.stopEncoding()
		return "", false, fmt.Errorf("create attempt: %w", err)
	}
	// storeAttempt returns only once no group will read the row again.
	defer row.release()
	// Answers are stored in groups (groupcommit.go): this returns once
	// the group holding this one has committed.
	w := &attemptWrite{row: row, lim: s.currentLimits(), now: now, encoding: true, once: window}
	if err := s.storeAttempt(ctx, w); err != nil {
		return "", false, fmt.Errorf("create attempt at %q: %w", q.ID, err)
	}
	if w.existing != "" {
		return w.existing, true, nil
	}
	return row.id, false, nil
}

// sameRecentAttemptTx returns the id of the latest practice attempt of
// row's learner at row's question when it was created at or after sinceMS
// with the same answer as row, or "". Answers are encoded alike every time
// (newAttemptRow), so the same answer is the same stored bytes. An answer
// a mock round stored (insertRatedAttempt: rated as it was created) is no
// earlier submission of the practice form: the same text pasted into
// practice just after a round is graded as practice (QA-45 H6: it was
// answered with the round's attempt, its follow-up credit and a rating the
// learner never gave).
func sameRecentAttemptTx(ctx context.Context, tx *sql.Tx, row attemptRow, sinceMS int64) (string, error) {
	var id, answer string
	var answerZ []byte
	err := tx.QueryRowContext(ctx,
		`SELECT id, answer, answer_z FROM attempts WHERE learner_id = ? AND question_id = ? AND created_ms >= ?
		   AND NOT (coalesce(rating, 0) > 0 AND rated_ms = created_ms)
		 ORDER BY created_ms DESC, rowid DESC LIMIT 1`, row.learner, row.question, sinceMS).Scan(&id, &answer, &answerZ)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if answer != row.answer || !bytes.Equal(answerZ, row.answerZ) {
		return "", nil
	}
	return id, nil
}

// attemptRow is an attempt as its row stores it, encoded before the
// transaction starts so the single writer is held for the writes only.
type attemptRow struct {
	id, learner, question string
	kind                  quiz.Kind
	// answer and result are the JSON of the answer and its result, or ''
	// where answerZ and resultZ hold it compressed (compress.go). They may
	// be views of buf and zbuf: see release.
	answer, result   string
	answerZ, resultZ []byte
	selfAssessed     bool
	score            float64
	passed           bool
	createdMS        int64
	// rating is 0 for an unrated attempt; ratedMS is then unused.
	rating  quiz.Rating
	ratedMS int64
	// buf holds the JSON and zbuf the compressed values until release
	// hands them back to encBufs and zBufs.
	buf  *bytes.Buffer
	zbuf *[]byte
}

// encBufs are the buffers attempts are encoded into. An answer and its
// result are ~21 KB at most; allocating them anew for every write made the
// garbage collector run (and return memory to the system, and fault it
// back in) dozens of times a second under a stream of answers.
var encBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// zBufs are the buffers attempts are compressed into, for the same reason.
var zBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBuf is the largest buffer kept for reuse, so that one huge
// answer does not stay in memory for good.
const maxPooledBuf = 256 << 10

// newAttemptRow encodes an attempt. The row's JSON is byte for byte what
// json.Marshal writes, so every reader of the column (scanAttempt, the
// export) and every row stored before reads alike; it is compressed here,
// by the caller's goroutine, so that the single writer only copies the
// bytes. The caller calls release once the row's INSERT has run (SQLite
// copies what it binds) or will never run.
func newAttemptRow(learner, question string, kind quiz.Kind, a quiz.Answer, res quiz.Result, at time.Time) (attemptRow, error) {
	buf := encBufs.Get().(*bytes.Buffer)
	buf.Reset()
	// An Encoder writes into buf with the same escaping as Marshal, and
	// a newline after each value, which is cut off.
	enc := json.NewEncoder(buf)
	if err := enc.Encode(a); err != nil {
		encBufs.Put(buf)
		return attemptRow{}, fmt.Errorf("answer: %w", err)
	}
	na := buf.Len() - 1
	if err := enc.Encode(res); err != nil {
		encBufs.Put(buf)
		return attemptRow{}, fmt.Errorf("result: %w", err)
	}
	b := buf.Bytes()
	aj, rj := b[:na], b[na+1:len(b)-1]
	row := attemptRow{id: NewID(), learner: learner, question: question, kind: kind,
		selfAssessed: res.SelfAssessed, score: res.Score, passed: res.Passed, createdMS: at.UnixMilli(),
		buf: buf, zbuf: zBufs.Get().(*[]byte)}
	z, aok := compressJSON((*row.zbuf)[:0], aj)
	nz := len(z)
	z, rok := compressJSON(z, rj)
	// z may have moved when the result was appended: slice it only now.
	if aok {
		row.answerZ = z[:nz:nz]
	} else {
		row.answer = bytesString(aj)
	}
	if rok {
		row.resultZ = z[nz:]
	} else {
		row.result = bytesString(rj)
	}
	*row.zbuf = z
	return row, nil
}

// release hands the row's buffer back for reuse. The row's answer and
// result are then gone: release is called once nothing will read them.
func (r *attemptRow) release() {
	if r.buf == nil {
		return
	}
	if r.buf.Cap() <= maxPooledBuf {
		encBufs.Put(r.buf)
	}
	if cap(*r.zbuf) <= maxPooledBuf {
		zBufs.Put(r.zbuf)
	}
	r.buf, r.zbuf, r.answer, r.result, r.answerZ, r.resultZ = nil, nil, "", "", nil, nil
}

// insertAttemptTx inserts row inside tx.
func insertAttemptTx(ctx context.Context, tx *sql.Tx, row attemptRow) error {
	var rating, rated any // NULL while unrated
	if row.rating != 0 {
		rating, rated = int(row.rating), row.ratedMS
	}
	_, err := tx.ExecContext(ctx,
		`INSERT INTO attempts (id, learner_id, question_id, kind, answer, answer_z, result, result_z, self_assessed, score, passed, created_ms, rating, rated_ms)
		 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		row.id, row.learner, row.question, string(row.kind), row.answer, blobOrNull(row.answerZ), row.result, blobOrNull(row.resultZ),
		boolInt(row.selfAssessed), row.score, boolInt(row.passed), row.createdMS, rating, rated)
	return err
}

// blobOrNull binds b as a BLOB, or NULL when b is nil.
func blobOrNull(b []byte) any {
	if b == nil {
		return nil
	}
	return b
}

// rescheduleCardTx replaces learner's card of question with schedule(current
// card), updated at now, inside tx, and returns the new card and the JSON
// of the card it replaced (empty for a question never rated, whose
// current card is quiz.NewCard()).
func rescheduleCardTx(ctx context.Context, tx *sql.Tx, learner, question string, now time.Time, schedule func(quiz.Card) quiz.Card) (quiz.Card, string, error) {
	card := quiz.NewCard()
	var raw string
	err := tx.QueryRowContext(ctx, "SELECT card FROM cards WHERE learner_id = ? AND question_id = ?", learner, question).Scan(&raw)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return quiz.Card{}, "", err
	default:
		if err := json.Unmarshal([]byte(raw), &card); err != nil {
			return quiz.Card{}, "", fmt.Errorf("decode card of %q: %w", question, err)
		}
	}
	next := schedule(card)
	if err := putCardTx(ctx, tx, learner, question, next, now); err != nil {
		return quiz.Card{}, "", err
	}
	return next, raw, nil
}

// putCardTx stores card as learner's card of question, updated at now.
func putCardTx(ctx context.Context, tx *sql.Tx, learner, question string, card quiz.Card, now time.Time) error {
	enc, err := json.Marshal(card)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx,
		`INSERT INTO cards (learner_id, question_id, card, due_ms, updated_ms) VALUES (?, ?, ?, ?, ?)
		 ON CONFLICT (learner_id, question_id) DO UPDATE SET card = excluded.card, due_ms = excluded.due_ms, updated_ms = excluded.updated_ms`,
		learner, question, string(enc), card.Due.UnixMilli(), now.UnixMilli())
	return err
}

// Attempt returns the learner's attempt with the given id. It returns
// ErrNotFound when there is no such attempt or it belongs to someone else.
func (s *Store) Attempt(ctx context.Context, learner, id string) (Attempt, error) {
	if !ValidID(learner) || !ValidID(id) {
		return Attempt{}, fmt.Errorf("attempt %q: %w", id, ErrNotFound)
	}
	row := s.r.QueryRowContext(ctx,
		`SELECT id, learner_id, question_id, kind, answer, answer_z, result, result_z, created_ms, rating, rated_ms
		 FROM attempts WHERE id = ? AND learner_id = ?`, id, learner)
	a, err := scanAttempt(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Attempt{}, fmt.Errorf("attempt %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return Attempt{}, fmt.Errorf("attempt %q: %w", id, err)
	}
	return a, nil
}

func scanAttempt(row *sql.Row) (Attempt, error) {
	var a Attempt
	var kind, ans, res string
	var ansZ, resZ []byte
	var created int64
	var rating, rated sql.NullInt64
	if err := row.Scan(&a.ID, &a.Learner, &a.Question, &kind, &ans, &ansZ, &res, &resZ, &created, &rating, &rated); err != nil {
		return Attempt{}, err
	}
	a.Kind = quiz.Kind(kind)
	if err := decodeAttemptJSON(ans, ansZ, res, resZ, &a.Answer, &a.Result); err != nil {
		return Attempt{}, err
	}
	a.Created = time.UnixMilli(created).UTC()
	if rating.Valid {
		a.Rating = quiz.Rating(rating.Int64)
		a.Rated = time.UnixMilli(rated.Int64).UTC()
	}
	return a, nil
}

// decodeAttemptJSON decodes an attempt row's answer and result columns
// (text or compressed: see columnJSON) into a and res.
func decodeAttemptJSON(ans string, ansZ []byte, res string, resZ []byte, a *quiz.Answer, r *quiz.Result) error {
	if err := columnJSON(ans, ansZ, func(js []byte) error { return json.Unmarshal(js, a) }); err != nil {
		return fmt.Errorf("decode answer: %w", err)
	}
	if err := columnJSON(res, resZ, func(js []byte) error { return json.Unmarshal(js, r) }); err != nil {
		return fmt.Errorf("decode result: %w", err)
	}
	return nil
}

// UpdateAttemptResult replaces the graded result of the learner's attempt,
// after a self-assessment. It returns ErrNotFound when the attempt is not
// the learner's.
//
// A dispute the learner made of an item that res puts back as the grader
// had it is withdrawn in the same transaction: a correction reverted
// through the ticks form is undone as surely as one contested again, so
// the export never holds it (QA-32 #3).
//
// Each of ds, a correction the self-assessment made, is recorded as a
// dispute of the attempt unless the learner already disputes the same
// item there: the earlier dispute, with its reason, is kept (QA-35 #2). It
// returns ErrBadDispute for a malformed one.
func (s *Store) UpdateAttemptResult(ctx context.Context, learner, id string, res quiz.Result, ds ...Dispute) error {
	if !ValidID(learner) || !ValidID(id) {
		return fmt.Errorf("update attempt %q: %w", id, ErrNotFound)
	}
	for _, d := range ds {
		if onlyWithdraws(d.Was) {
			return fmt.Errorf("update attempt %q: %w: was %q", id, ErrBadDispute, d.Was)
		}
		if err := checkDispute(d); err != nil {
			return fmt.Errorf("update attempt %q: %w", id, err)
		}
	}
	rs, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("update attempt %q: result: %w", id, err)
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
		for _, item := range graderItems(res) {
			if _, err := tx.ExecContext(ctx,
				`DELETE FROM disputes WHERE learner_id = ? AND surface = 'practice' AND attempt_id = ? AND item = ?`,
				learner, id, item); err != nil {
				return err
			}
		}
		for _, d := range ds {
			var n int
			if err := tx.QueryRowContext(ctx,
				`SELECT count(*) FROM disputes WHERE learner_id = ? AND surface = 'practice' AND attempt_id = ? AND item = ?`,
				learner, id, d.Item).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, insertPracticeDisputeSQL, practiceDisputeArgs(learner, id, d)...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("update attempt %q: %w", id, err)
	}
	return nil
}

// RateAttempt records the learner's rating of an attempt, given at now,
// and, in the same transaction, replaces the review card of its question
// with schedule(current card), where the current card is quiz.NewCard() for
// a question never rated. Passing the scheduling in keeps FSRS in the quiz
// package while the read-modify-write of the card stays atomic. It returns
// the new card, ErrNotFound when the attempt is not the learner's, and
// ErrAlreadyRated when it was rated before.
func (s *Store) RateAttempt(ctx context.Context, learner, id string, r quiz.Rating, schedule func(quiz.Card) quiz.Card, now time.Time) (quiz.Card, error) {
	if !ValidID(learner) || !ValidID(id) {
		return quiz.Card{}, fmt.Errorf("rate attempt %q: %w", id, ErrNotFound)
	}
	if !r.Valid() {
		return quiz.Card{}, fmt.Errorf("rate attempt %q: rating %d is not 1-4", id, int(r))
	}
	var next quiz.Card
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var question string
		var rating sql.NullInt64
		err := tx.QueryRowContext(ctx, "SELECT question_id, rating FROM attempts WHERE id = ? AND learner_id = ?", id, learner).
			Scan(&question, &rating)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if rating.Valid {
			return ErrAlreadyRated
		}
		var before string
		if next, before, err = rescheduleCardTx(ctx, tx, learner, question, now, schedule); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "UPDATE attempts SET rating = ?, rated_ms = ?, card_before = ? WHERE id = ? AND learner_id = ?", int(r), now.UnixMilli(), before, id, learner)
		return err
	})
	if err != nil {
		return quiz.Card{}, fmt.Errorf("rate attempt %q: %w", id, err)
	}
	return next, nil
}

// ErrCannotRerate is returned by RerateAttempt for an attempt whose card
// cannot be replayed: rated before ratings kept the card they replaced, or
// a card last written by a merge of accounts or an import.
var ErrCannotRerate = errors.New("attempt's rating cannot be changed")

// RerateAttempt changes the rating the learner gave attempt id to r and
// reschedules the question's card as if r had been given then: replayed
// from the card before that rating through r and every later rating of
// the question (QA-53 M1: a contest that turned a failed answer into a
// pass left its "Again" rating, and its next-day review, in place). It
// returns the new card, ErrNotFound when the attempt is not the learner's,
// ErrNotRated when it was never rated and ErrCannotRerate when its card
// cannot be replayed.
func (s *Store) RerateAttempt(ctx context.Context, learner, id string, r quiz.Rating) (quiz.Card, error) {
	if !ValidID(learner) || !ValidID(id) {
		return quiz.Card{}, fmt.Errorf("rerate attempt %q: %w", id, ErrNotFound)
	}
	if !r.Valid() {
		return quiz.Card{}, fmt.Errorf("rerate attempt %q: rating %d is not 1-4", id, int(r))
	}
	var card quiz.Card
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var (
			question string
			rowid    int64
			rating   sql.NullInt64
			before   sql.NullString
		)
		err := tx.QueryRowContext(ctx, "SELECT question_id, rowid, rating, card_before FROM attempts WHERE id = ? AND learner_id = ?", id, learner).
			Scan(&question, &rowid, &rating, &before)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if !rating.Valid {
			return ErrNotRated
		}
		if !before.Valid {
			return ErrCannotRerate
		}
		ok, err := replayRatingTx(ctx, tx, learner, question, id, rowid, before.String, r)
		if err != nil {
			return err
		}
		if !ok {
			return ErrCannotRerate
		}
		var raw string
		if err := tx.QueryRowContext(ctx, "SELECT card FROM cards WHERE learner_id = ? AND question_id = ?", learner, question).Scan(&raw); err != nil {
			return err
		}
		return json.Unmarshal([]byte(raw), &card)
	})
	if err != nil {
		return quiz.Card{}, fmt.Errorf("rerate attempt %q: %w", id, err)
	}
	return card, nil
}

// ErrNotRated is returned by RerateAttempt for an attempt never rated.
var ErrNotRated = errors.New("attempt not rated")

// QuestionAttempts returns the learner's attempts at one question, newest
// first.
func (s *Store) QuestionAttempts(ctx context.Context, learner, question string) ([]AttemptSummary, error) {
	if learner == "" {
		return nil, nil
	}
	return s.summaries(ctx, "question attempts",
		`SELECT id, question_id, score, passed, created_ms, rating, `+selfAssessedCol+` FROM attempts
		 WHERE learner_id = ? AND question_id = ? ORDER BY created_ms DESC, rowid DESC`, learner, question)
}

// AttemptLog returns all the learner's attempts, oldest first, for progress
// statistics. An unknown or empty learner has none.
func (s *Store) AttemptLog(ctx context.Context, learner string) ([]AttemptSummary, error) {
	if learner == "" {
		return nil, nil
	}
	return s.summaries(ctx, "attempt log",
		`SELECT id, question_id, score, passed, created_ms, rating, `+selfAssessedCol+` FROM attempts
		 WHERE learner_id = ? ORDER BY created_ms, rowid`, learner)
}

// LatestAttempts returns the learner's most recent attempt at each question
// they have answered, keyed by question id.
func (s *Store) LatestAttempts(ctx context.Context, learner string) (map[string]AttemptSummary, error) {
	log, err := s.AttemptLog(ctx, learner)
	if err != nil {
		return nil, err
	}
	out := make(map[string]AttemptSummary, len(log))
	for _, a := range log {
		out[a.Question] = a // oldest first, so the newest wins
	}
	return out, nil
}

// selfAssessedCol reads an attempt's top-level self_assessed as 0 or 1.
// A compressed result (result = ”) has it in its own column. Of a text
// result only one that mentions it at all is parsed (few are), and one
// that is not valid JSON reads as 0 rather than failing the whole list.
const selfAssessedCol = `CASE WHEN result = '' THEN self_assessed
	WHEN instr(result, '"self_assessed":true') > 0 AND json_valid(result)
	THEN coalesce(json_extract(result, '$.self_assessed'), 0) ELSE 0 END`

// updateResultSQL replaces an attempt's result (text, compressed,
// self_assessed, score, passed) given its id and learner.
const updateResultSQL = `UPDATE attempts SET result = ?, result_z = ?, self_assessed = ?, score = ?, passed = ?
	WHERE id = ? AND learner_id = ?`

func (s *Store) summaries(ctx context.Context, what, query string, args ...any) ([]AttemptSummary, error) {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []AttemptSummary
	for rows.Next() {
		var a AttemptSummary
		var passed int
		var created int64
		var rating sql.NullInt64
		var self int
		if err := rows.Scan(&a.ID, &a.Question, &a.Score, &passed, &created, &rating, &self); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		a.Passed, a.SelfAssessed = passed == 1, self == 1
		a.Created = time.UnixMilli(created).UTC()
		if rating.Valid {
			a.Rating = quiz.Rating(rating.Int64)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// Card returns the learner's review card for question, and false when the
// question has never been rated (the caller then uses quiz.NewCard).
func (s *Store) Card(ctx context.Context, learner, question string) (quiz.Card, bool, error) {
	if learner == "" {
		return quiz.NewCard(), false, nil
	}
	var raw string
	err := s.r.QueryRowContext(ctx, "SELECT card FROM cards WHERE learner_id = ? AND question_id = ?", learner, question).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return quiz.NewCard(), false, nil
	}
	if err != nil {
		return quiz.Card{}, false, fmt.Errorf("card of %q: %w", question, err)
	}
	var c quiz.Card
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		return quiz.Card{}, false, fmt.Errorf("card of %q: decode: %w", question, err)
	}
	return c, true, nil
}

// Cards returns every review card of the learner, soonest due first (ties
// by question id). Questions never rated have no card.
func (s *Store) Cards(ctx context.Context, learner string) ([]CardEntry, error) {
	if learner == "" {
		return nil, nil
	}
	rows, err := s.r.QueryContext(ctx,
		"SELECT question_id, card FROM cards WHERE learner_id = ? ORDER BY due_ms, question_id", learner)
	if err != nil {
		return nil, fmt.Errorf("list cards: %w", err)
	}
	defer rows.Close()
	var out []CardEntry
	for rows.Next() {
		var e CardEntry
		var raw string
		if err := rows.Scan(&e.Question, &raw); err != nil {
			return nil, fmt.Errorf("list cards: %w", err)
		}
		if err := json.Unmarshal([]byte(raw), &e.Card); err != nil {
			return nil, fmt.Errorf("list cards: decode %q: %w", e.Question, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list cards: %w", err)
	}
	return out, nil
}

// bytesString returns b as a string without copying it. b must not change
// while the string is in use: it is used for the JSON of an attempt row,
// whose buffer is reused only after release, to spare a copy of an
// answer's ~21 KB on every write.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// graderItems returns the ids of res's key points and red flags that stand
// as the grader decided them: a point not self-assessed, a flag dismissed
// exactly when a follow-up retracted it (see quiz.Rescore).
func graderItems(res quiz.Result) []string {
	var ids []string
	for _, p := range res.Points {
		if !p.SelfAssessed {
			ids = append(ids, p.ID)
		}
	}
	for _, f := range res.Flags {
		if f.Dismissed == f.Retracted {
			ids = append(ids, f.ID)
		}
	}
	return ids
}
