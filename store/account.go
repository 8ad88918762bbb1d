package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Errors of the transfer codes.
var (
	// ErrCodeInvalid is returned by RedeemTransferCode for a code that is
	// unknown, already used or expired. The three are one error on purpose:
	// telling them apart would help someone guessing codes.
	ErrCodeInvalid = errors.New("that transfer code is not valid: it may be mistyped, used already or expired")
	// ErrTooManyCodes is returned by IssueTransferCode when the learner has
	// asked for MaxTransferCodesPerHour codes in the last hour.
	ErrTooManyCodes = errors.New("too many transfer codes asked for in the last hour")
)

// TransferCodeTTL is how long a transfer code works after it is issued:
// long enough to pick up the other device and type it, short enough that a
// code seen over a shoulder is soon worthless.
const TransferCodeTTL = 10 * time.Minute

// MaxTransferCodesPerHour bounds how many codes one learner may ask for in
// an hour.
const MaxTransferCodesPerHour = 5

// transferAlphabet is 32 characters without the look-alikes 0/O and 1/I, so
// a code read off one screen is typed right on another; each character
// carries 5 bits.
const transferAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// transferCodeLen is the number of characters of a code: 60 bits, far out
// of reach of guessing at the redeem rate limit within TransferCodeTTL.
const transferCodeLen = 12

// IssueTransferCode creates a one-time code that moves learner to another
// browser, and returns it formatted in groups of four ("ABCD-EFGH-JKLM")
// with the time it expires. Issuing a code cancels the learner's earlier
// unused ones, so at most one works at a time. Only a hash of the code is
// stored. The code is issued at now and expires TransferCodeTTL later. It
// returns ErrNotFound for an unknown learner and ErrTooManyCodes past
// MaxTransferCodesPerHour.
func (s *Store) IssueTransferCode(ctx context.Context, learner string, at time.Time) (string, time.Time, error) {
	if !ValidID(learner) {
		return "", time.Time{}, fmt.Errorf("issue transfer code: %w", ErrNotFound)
	}
	raw := make([]byte, transferCodeLen)
	if _, err := rand.Read(raw); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	code := make([]byte, transferCodeLen)
	for i, b := range raw {
		// 256 is a multiple of 32, so b%32 is uniform.
		code[i] = transferAlphabet[int(b)%len(transferAlphabet)]
	}
	now := at.UnixMilli()
	expires := at.Add(TransferCodeTTL)
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM learners WHERE id = ?", learner).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return ErrNotFound
		}
		if err := tx.QueryRowContext(ctx,
			"SELECT count(*) FROM transfer_codes WHERE learner_id = ? AND created_ms > ?",
			learner, now-time.Hour.Milliseconds()).Scan(&n); err != nil {
			return err
		}
		if n >= MaxTransferCodesPerHour {
			return ErrTooManyCodes
		}
		if _, err := tx.ExecContext(ctx,
			"UPDATE transfer_codes SET expires_ms = min(expires_ms, ?) WHERE learner_id = ? AND used_ms IS NULL",
			now, learner); err != nil {
			return err
		}
		// Spent and expired codes are only kept for the hourly count.
		if _, err := tx.ExecContext(ctx,
			"DELETE FROM transfer_codes WHERE learner_id = ? AND created_ms <= ?",
			learner, now-time.Hour.Milliseconds()); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx,
			"INSERT INTO transfer_codes (code_hash, learner_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)",
			hashCode(string(code)), learner, now, expires.UnixMilli())
		return err
	})
	if err != nil {
		return "", time.Time{}, fmt.Errorf("issue transfer code: %w", err)
	}
	c := string(code)
	return c[0:4] + "-" + c[4:8] + "-" + c[8:12], expires.UTC(), nil
}

// NormalizeTransferCode turns a code as typed (any case, with or without
// spaces and dashes) into its canonical form, or explains what is wrong
// with it.
func NormalizeTransferCode(typed string) (string, error) {
	var b strings.Builder
	n := 0 // every code character typed, kept or not, for the message
	for _, r := range strings.ToUpper(typed) {
		switch {
		case r == '-' || r == ' ' || r == '\t':
			continue
		case r < 128 && strings.IndexByte(transferAlphabet, byte(r)) >= 0:
			n++
			if b.Len() <= transferCodeLen {
				b.WriteRune(r)
			}
		case r == '0' || r == 'O' || r == '1' || r == 'I':
			return "", fmt.Errorf("codes never contain %q (they avoid 0, O, 1 and I); check the code on the other device", r)
		default:
			return "", fmt.Errorf("%q is not a character a code contains (letters and digits only)", r)
		}
	}
	if n != transferCodeLen {
		return "", fmt.Errorf("a code has %d letters and digits, this has %d", transferCodeLen, n)
	}
	return b.String(), nil
}

// TransferCodeLearner returns the learner code would move to this browser,
// without spending it, so a browser can be told at once that a code does
// not work before it is asked anything else. It returns ErrCodeInvalid for
// a malformed, unknown, used or expired code.
func (s *Store) TransferCodeLearner(ctx context.Context, code string, now time.Time) (string, error) {
	canon, err := NormalizeTransferCode(code)
	if err != nil {
		return "", ErrCodeInvalid
	}
	var learner string
	err = s.r.QueryRowContext(ctx,
		"SELECT learner_id FROM transfer_codes WHERE code_hash = ? AND used_ms IS NULL AND expires_ms > ?",
		hashCode(canon), now.UnixMilli()).Scan(&learner)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrCodeInvalid
	}
	if err != nil {
		return "", fmt.Errorf("check transfer code: %w", err)
	}
	return learner, nil
}

// RedeemTransferCode spends code and returns the learner it moves to this
// browser. current is the learner the browser is now ("" for none): their
// data is merged into the code's learner and they are then deleted, so
// nothing this browser had is lost and no stray learner remains. Redeeming
// one's own code changes nothing but spends it. It returns ErrCodeInvalid
// for a malformed, unknown, used or expired (at the time at) code, and
// changes nothing then.
func (s *Store) RedeemTransferCode(ctx context.Context, code, current string, at time.Time) (string, error) {
	canon, err := NormalizeTransferCode(code)
	if err != nil {
		return "", ErrCodeInvalid
	}
	now := at.UnixMilli()
	var learner string
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx,
			`UPDATE transfer_codes SET used_ms = ?
			 WHERE code_hash = ? AND used_ms IS NULL AND expires_ms > ?
			 RETURNING learner_id`, now, hashCode(canon), now).Scan(&learner)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCodeInvalid
		}
		if err != nil {
			return err
		}
		if current == "" || current == learner || !ValidID(current) {
			return nil
		}
		if err := mergeLearnerTx(ctx, tx, current, learner); err != nil {
			return fmt.Errorf("merge this browser's data: %w", err)
		}
		return deleteLearnerTx(ctx, tx, current)
	})
	if errors.Is(err, ErrCodeInvalid) {
		return "", ErrCodeInvalid
	}
	if err != nil {
		return "", fmt.Errorf("redeem transfer code: %w", err)
	}
	return learner, nil
}

// mergeLearnerTx gives everything of from to into, keeping ids, so links to
// from's attempts, rounds and shared timelines keep working. Where both have
// something for the same key, into keeps its own: its first reading of a
// section, its plan, and of two cards the more recently updated one.
func mergeLearnerTx(ctx context.Context, tx *sql.Tx, from, into string) error {
	for _, q := range []string{
		"UPDATE attempts SET learner_id = ?2 WHERE learner_id = ?1",
		"UPDATE rounds SET learner_id = ?2 WHERE learner_id = ?1",
		"UPDATE timelines SET learner_id = ?2 WHERE learner_id = ?1",
		"UPDATE cram_reviews SET learner_id = ?2 WHERE learner_id = ?1",
		// The peer rounds from interviewed go with them: left on from,
		// deleting from would blank their notes and scores as if they
		// had deleted their data. A round of into's own is left: a
		// learner cannot be their own interviewer.
		`UPDATE peer_rounds SET interviewer_id = ?2 WHERE interviewer_id = ?1
		 AND round_id NOT IN (SELECT id FROM rounds WHERE learner_id = ?2)`,
		`INSERT INTO reading_progress (learner_id, slug, read_ms)
		 SELECT ?2, slug, read_ms FROM reading_progress WHERE learner_id = ?1 AND true
		 ON CONFLICT (learner_id, slug) DO UPDATE SET read_ms = min(read_ms, excluded.read_ms)`,
		`INSERT INTO cards (learner_id, question_id, card, due_ms, updated_ms)
		 SELECT ?2, question_id, card, due_ms, updated_ms FROM cards WHERE learner_id = ?1 AND true
		 ON CONFLICT (learner_id, question_id) DO UPDATE SET card = excluded.card, due_ms = excluded.due_ms, updated_ms = excluded.updated_ms
		 WHERE excluded.updated_ms > cards.updated_ms`,
		`INSERT INTO study_plans (learner_id, interview_day, updated_ms)
		 SELECT ?2, interview_day, updated_ms FROM study_plans WHERE learner_id = ?1 AND true
		 ON CONFLICT (learner_id) DO NOTHING`,
	} {
		if _, err := tx.ExecContext(ctx, q, from, into); err != nil {
			return err
		}
	}
	return nil
}

func hashCode(canon string) string {
	sum := sha256.Sum256([]byte("lockdrill transfer code\x00" + canon))
	return hex.EncodeToString(sum[:])
}

// DeleteLearner deletes the learner and everything recorded about them:
// reading progress, attempts, cards, rounds with their turns, timelines
// (shared links to them stop working; forks others made are theirs and
// stay), transfer codes, the study plan and cram reviews. Deleting an
// unknown learner is not an error: there is nothing left either way.
func (s *Store) DeleteLearner(ctx context.Context, learner string) error {
	if !ValidID(learner) {
		return nil
	}
	if err := s.withTx(ctx, func(tx *sql.Tx) error { return deleteLearnerTx(ctx, tx, learner) }); err != nil {
		return fmt.Errorf("delete learner: %w", err)
	}
	return nil
}

// deleteLearnerTx deletes every row of learner. The foreign keys cascade
// from learners, but each table is named too so a table added later
// without ON DELETE CASCADE fails loudly here instead of keeping data.
func deleteLearnerTx(ctx context.Context, tx *sql.Tx, learner string) error {
	for _, q := range []string{
		"DELETE FROM round_turns WHERE round_id IN (SELECT id FROM rounds WHERE learner_id = ?)",
		"DELETE FROM rounds WHERE learner_id = ?",
		"DELETE FROM attempts WHERE learner_id = ?",
		"DELETE FROM cards WHERE learner_id = ?",
		"DELETE FROM timelines WHERE learner_id = ?",
		"DELETE FROM reading_progress WHERE learner_id = ?",
		"DELETE FROM transfer_codes WHERE learner_id = ?",
		"DELETE FROM study_plans WHERE learner_id = ?",
		"DELETE FROM cram_reviews WHERE learner_id = ?",
		"DELETE FROM learners WHERE id = ?",
	} {
		if _, err := tx.ExecContext(ctx, q, learner); err != nil {
			return err
		}
	}
	return nil
}

// HasData reports whether the learner has recorded anything at all: an
// attempt, a card, a round, a timeline, a section read or a plan.
func (s *Store) HasData(ctx context.Context, learner string) (bool, error) {
	if !ValidID(learner) {
		return false, nil
	}
	var any int
	err := s.r.QueryRowContext(ctx, `SELECT
		EXISTS (SELECT 1 FROM attempts WHERE learner_id = ?1) OR
		EXISTS (SELECT 1 FROM cards WHERE learner_id = ?1) OR
		EXISTS (SELECT 1 FROM rounds WHERE learner_id = ?1) OR
		EXISTS (SELECT 1 FROM timelines WHERE learner_id = ?1) OR
		EXISTS (SELECT 1 FROM reading_progress WHERE learner_id = ?1) OR
		EXISTS (SELECT 1 FROM study_plans WHERE learner_id = ?1)`, learner).Scan(&any)
	if err != nil {
		return false, fmt.Errorf("has data: %w", err)
	}
	return any == 1, nil
}
