package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"lockdrill/quiz"
)

// A peer round is the candidate's round (rounds, round_turns) plus a
// peer_rounds row: the invitation, the interviewer, the live draft and the
// interviewer's notes and scores. The candidate reaches it through the
// round's own methods; the interviewer only through the ones here, each of
// which checks who is asking.

// Role is who a learner is in a peer round.
type Role string

// The roles.
const (
	RoleCandidate   Role = "candidate"
	RoleInterviewer Role = "interviewer"
)

// Peer round limits.
const (
	// InviteTTL is how long an invitation link can be used.
	InviteTTL = 30 * time.Minute
	// MaxNotesChars bounds the interviewer's notes.
	MaxNotesChars = 5000
)

// Errors of the invitation.
var (
	// ErrInviteInvalid is matched (errors.Is) by every link that does not
	// open a round: one never issued is ErrInviteInvalid itself; a link that
	// was used, replaced or cancelled within the last DeadInviteMemory is a
	// DeadInviteError saying which.
	ErrInviteInvalid = errors.New("this invitation link is not valid: it was never issued, or it stopped working more than a week ago. Check that you copied all of it, or ask the candidate for a new one")
	// ErrInviteExpired is a link past InviteTTL.
	ErrInviteExpired = errors.New("this invitation link has expired; ask the candidate for a new one")
	// ErrOwnInvite is the candidate opening their own link.
	ErrOwnInvite = errors.New("this is your own round: send the link to the person who will interview you")
	// ErrHasInterviewer is an invitation asked for once someone joined.
	ErrHasInterviewer = errors.New("this round has its interviewer already")
	// ErrBadPeerInput is notes or scores out of their limits.
	ErrBadPeerInput = errors.New("bad notes or scores")
)

// PeerDraft is the candidate's answer as it is being typed.
type PeerDraft struct {
	Seq  int
	Text string
	At   time.Time
}

// PeerRound is a peer round as one of its two sides sees it.
type PeerRound struct {
	Round *Round
	// Role is the asking learner's.
	Role                   Role
	Candidate, Interviewer string
	// InviteExpires is when the outstanding invitation lapses (zero when
	// none is outstanding); Joined is when the interviewer joined.
	InviteExpires, Joined time.Time
	Draft                 PeerDraft
	Notes                 string
	// Scores are the interviewer's 1-4 per dimension id.
	Scores map[string]int
	// EndedBy is the side that ended a round that is over; empty when
	// not known (a round ended before it was recorded, or imported).
	EndedBy Role
	// NotesFate is what became of the interviewer's notes and scores.
	NotesFate NotesFate
}

// NotesFate is what became of the interviewer's notes and scores on a
// peer round: a round whose interviewer is not known and has neither
// may have had nothing written on it or lost it all to a deletion.
type NotesFate int

const (
	// NotesKept: what the interviewer left is on the round, which is
	// nothing when they wrote nothing.
	NotesKept NotesFate = iota
	// NotesDeleted: the interviewer deleted their data, and their notes
	// and scores with it.
	NotesDeleted
	// NotesFateUnknown: the round is older than lockdrill's record of
	// it, or came in a file without it, and either may have happened.
	NotesFateUnknown
)

// CreatePeerRound stores a new round of learner as a peer round, waiting
// for its interviewer. Quotas are those of CreateRound.
func (s *Store) CreatePeerRound(ctx context.Context, learner string, nr NewRound) (string, error) {
	if !ValidID(learner) {
		return "", fmt.Errorf("create peer round: %w", ErrNotFound)
	}
	if len(nr.Questions) == 0 {
		return "", errors.New("create peer round: no questions")
	}
	id := NewID()
	lim := s.currentLimits()
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var existing bool
		var err error
		if id, existing, err = createRoundTx(ctx, tx, id, learner, nr, true, lim); err != nil || existing {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO peer_rounds (round_id) VALUES (?)`, id)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("create peer round: %w", err)
	}
	return id, nil
}

// NotesGrace is how long after a peer round ends its interviewer may still
// write their notes and scores: feedback is written after the last answer,
// and the candidate may be the one who ends the round (QA-4 E10).
const NotesGrace = 30 * time.Minute

// DeadInviteMemory is how long a dead link still says why it died; after
// that it reads as never issued.
const DeadInviteMemory = 7 * 24 * time.Hour

// DeadInviteError is a link that worked once and no longer does, with the
// reason: "used", "replaced" or "cancelled", and the round it was for (for
// its candidate and interviewer, who are sent there; a cancelled round no
// longer exists). It matches ErrInviteInvalid.
type DeadInviteError struct{ Reason, RoundID string }

func (e *DeadInviteError) Error() string {
	switch e.Reason {
	case "used":
		return "this invitation link was used already: someone joined the round as its interviewer, and a link lets in only one. If that was not you, ask the candidate to start a new peer round"
	case "replaced":
		return "this invitation link was replaced by a newer one: ask the candidate for the link they sent last"
	case "cancelled":
		return "the candidate cancelled this round before anyone joined it: ask them for a new link if you still want to interview them"
	}
	return ErrInviteInvalid.Error()
}

// Is makes errors.Is(err, ErrInviteInvalid) true.
func (e *DeadInviteError) Is(target error) bool { return target == ErrInviteInvalid }

// buryInvite records that the link with hash, to round id, died for reason
// at now, and forgets links dead for longer than DeadInviteMemory.
func buryInvite(ctx context.Context, tx *sql.Tx, hash, id, reason string, now time.Time) error {
	if len(hash) != 64 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM dead_invites WHERE dead_ms < ?`, now.Add(-DeadInviteMemory).UnixMilli()); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO dead_invites (invite_hash, reason, round_id, dead_ms) VALUES (?, ?, ?, ?)
		ON CONFLICT (invite_hash) DO UPDATE SET reason = excluded.reason, round_id = excluded.round_id, dead_ms = excluded.dead_ms`, hash, reason, id, now.UnixMilli())
	return err
}

// liveInviteHash is the hash of round id's live link ("" for none).
func liveInviteHash(ctx context.Context, tx *sql.Tx, id string) (string, error) {
	var hash sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT invite_hash FROM peer_rounds WHERE round_id = ?`, id).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return hash.String, err
}

// hashToken is what is stored of an invitation token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// IssueInvite makes a new invitation to the candidate's peer round id,
// valid for InviteTTL from now, and returns its token (256 random bits,
// URL-safe). Only the token's hash is stored, and a new invitation
// replaces the one before. It returns ErrNotFound unless the round is the
// candidate's peer round, ErrHasInterviewer once someone joined and
// quiz.ErrRoundFinished for a round that is over.
func (s *Store) IssueInvite(ctx context.Context, candidate, id string, now time.Time) (string, time.Time, error) {
	if !ValidID(candidate) || !ValidID(id) {
		return "", time.Time{}, fmt.Errorf("invite: %w", ErrNotFound)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", time.Time{}, fmt.Errorf("invite: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b[:])
	expires := now.Add(InviteTTL)
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var interviewer sql.NullString
		var finished sql.NullInt64
		err := tx.QueryRowContext(ctx,
			`SELECT p.interviewer_id, r.finished_ms FROM peer_rounds p JOIN rounds r ON r.id = p.round_id WHERE p.round_id = ? AND r.learner_id = ?`, id, candidate).
			Scan(&interviewer, &finished)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case finished.Valid:
			return quiz.ErrRoundFinished
		case interviewer.Valid:
			return ErrHasInterviewer
		}
		old, err := liveInviteHash(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := buryInvite(ctx, tx, old, id, "replaced", now); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE peer_rounds SET invite_hash = ?, invite_expires_ms = ? WHERE round_id = ?`, hashToken(token), expires.UnixMilli(), id)
		return err
	})
	if err != nil {
		return "", time.Time{}, fmt.Errorf("invite: %w", err)
	}
	return token, expires, nil
}

// checkInvite finds the round an invitation token opens for learner at now.
func checkInvite(ctx context.Context, q querier, learner, token string, now time.Time) (string, error) {
	if token == "" || len(token) > 100 {
		return "", ErrInviteInvalid
	}
	var id, candidate string
	var expires sql.NullInt64
	var interviewer sql.NullString
	var finished sql.NullInt64
	err := q.QueryRowContext(ctx,
		`SELECT p.round_id, r.learner_id, p.invite_expires_ms, p.interviewer_id, r.finished_ms
		 FROM peer_rounds p JOIN rounds r ON r.id = p.round_id WHERE p.invite_hash = ?`, hashToken(token)).
		Scan(&id, &candidate, &expires, &interviewer, &finished)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		dead := &DeadInviteError{}
		err := q.QueryRowContext(ctx, `SELECT reason, round_id FROM dead_invites WHERE invite_hash = ? AND dead_ms >= ?`,
			hashToken(token), now.Add(-DeadInviteMemory).UnixMilli()).Scan(&dead.Reason, &dead.RoundID)
		if err == nil {
			return "", dead
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", err
		}
		return "", ErrInviteInvalid
	case err != nil:
		return "", err
	case interviewer.Valid:
		return "", ErrInviteInvalid
	case finished.Valid:
		return "", quiz.ErrRoundFinished
	case !expires.Valid || now.UnixMilli() >= expires.Int64:
		return "", ErrInviteExpired
	case learner == candidate:
		return id, ErrOwnInvite // the id too: the candidate's lobby checks its own link
	}
	return id, nil
}

// CheckInvite reports whether learner (possibly "", a visitor) could join
// with token at now, without using it: the round's id, or the reason not.
func (s *Store) CheckInvite(ctx context.Context, learner, token string, now time.Time) (string, error) {
	return checkInvite(ctx, s.r, learner, token, now)
}

// JoinPeerRound makes learner the interviewer of the round token invites
// to, at now, and uses the invitation up. It returns the round's id, or
// ErrInviteInvalid (used, replaced, unknown), ErrInviteExpired,
// ErrOwnInvite or quiz.ErrRoundFinished; two learners racing on one link
// get one interviewer and one ErrInviteInvalid.
func (s *Store) JoinPeerRound(ctx context.Context, learner, token string, now time.Time) (string, error) {
	if !ValidID(learner) {
		return "", fmt.Errorf("join: %w", ErrNotFound)
	}
	var id string
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		var err error
		if id, err = checkInvite(ctx, tx, learner, token, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx,
			`UPDATE peer_rounds SET interviewer_id = ?, joined_ms = ?, invite_hash = NULL, invite_expires_ms = NULL WHERE round_id = ? AND interviewer_id IS NULL`,
			learner, now.UnixMilli(), id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return ErrInviteInvalid
		}
		return buryInvite(ctx, tx, hashToken(token), id, "used", now)
	})
	if err != nil {
		return "", fmt.Errorf("join: %w", err)
	}
	return id, nil
}

// PeerRound returns peer round id as learner sees it: as its candidate or
// its interviewer. Anyone else, and a round that is not a peer round, get
// ErrNotFound.
func (s *Store) PeerRound(ctx context.Context, learner, id string) (*PeerRound, error) {
	if !ValidID(learner) || !ValidID(id) {
		return nil, fmt.Errorf("peer round %q: %w", id, ErrNotFound)
	}
	return readPeerRound(ctx, s.r, learner, id)
}

func readPeerRound(ctx context.Context, q querier, learner, id string) (*PeerRound, error) {
	p := &PeerRound{}
	var interviewer sql.NullString
	var expires, joined, draftSeq, draftMS sql.NullInt64
	var scores, endedBy string
	var deleted sql.NullBool
	err := q.QueryRowContext(ctx,
		`SELECT r.learner_id, p.interviewer_id, p.invite_expires_ms, p.joined_ms, p.draft_seq, p.draft, p.draft_ms, p.notes, p.scores, p.ended_by, p.notes_deleted
		 FROM peer_rounds p JOIN rounds r ON r.id = p.round_id
		 WHERE p.round_id = ? AND (r.learner_id = ? OR p.interviewer_id = ?)`, id, learner, learner).
		Scan(&p.Candidate, &interviewer, &expires, &joined, &draftSeq, &p.Draft.Text, &draftMS, &p.Notes, &scores, &endedBy, &deleted)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("peer round %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("peer round %q: %w", id, err)
	}
	p.Interviewer, p.EndedBy, p.NotesFate = interviewer.String, Role(endedBy), notesFate(deleted)
	p.Role = RoleCandidate
	if learner != p.Candidate {
		p.Role = RoleInterviewer
	}
	if expires.Valid {
		p.InviteExpires = msTime(expires.Int64)
	}
	if joined.Valid {
		p.Joined = msTime(joined.Int64)
	}
	p.Draft.Seq = -1
	if draftSeq.Valid {
		p.Draft.Seq = int(draftSeq.Int64)
	}
	if draftMS.Valid {
		p.Draft.At = msTime(draftMS.Int64)
	}
	if err := json.Unmarshal([]byte(scores), &p.Scores); err != nil {
		return nil, fmt.Errorf("peer round %q: scores: %w", id, err)
	}
	if p.Round, err = readRound(ctx, q, p.Candidate, id); err != nil {
		return nil, err
	}
	return p, nil
}

// UpdatePeerRound runs one step of a peer round as UpdateRound does, for
// learner in role: decide sees the round as read inside the transaction.
// A learner who is not in that role of the round gets ErrNotFound.
func (s *Store) UpdatePeerRound(ctx context.Context, learner, id string, role Role, decide func(*PeerRound) (quiz.RoundChange, error)) (*PeerRound, quiz.RoundChange, error) {
	if !ValidID(learner) || !ValidID(id) {
		return nil, quiz.RoundChange{}, fmt.Errorf("update peer round: %w", ErrNotFound)
	}
	var read *PeerRound
	var change quiz.RoundChange
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		p, err := readPeerRound(ctx, tx, learner, id)
		if err != nil {
			return err
		}
		if p.Role != role {
			return ErrNotFound
		}
		read = p
		c, err := decide(p)
		if err != nil {
			return err
		}
		if err := applyRoundChange(ctx, tx, p.Round, c); err != nil {
			return err
		}
		if err := noteEnder(ctx, tx, p.Round, c, role); err != nil {
			return err
		}
		change = c
		return nil
	})
	if err != nil {
		return read, quiz.RoundChange{}, fmt.Errorf("update peer round %q: %w", id, err)
	}
	after := *read
	after.Round = read.Round.Apply(change)
	if change.Finish != nil && read.EndedBy == "" {
		after.EndedBy = role
	}
	return &after, change, nil
}

// SaveDraft keeps the candidate's answer to turn seq as typed so far, at
// at, for the interviewer's screen. Only the round's candidate can, and
// only for the current turn of a round in progress that is not waiting
// for the interviewer (quiz.ErrTurnNotCurrent otherwise); a draft longer
// than quiz.MaxAnswerChars is refused.
func (s *Store) SaveDraft(ctx context.Context, candidate, id string, seq int, text string, at time.Time) error {
	if !ValidID(candidate) || !ValidID(id) {
		return fmt.Errorf("draft: %w", ErrNotFound)
	}
	if n := utf8.RuneCountInString(text); n > quiz.MaxAnswerChars {
		return fmt.Errorf("draft: %w: the answer is %d characters long; the limit is %d", ErrBadPeerInput, n, quiz.MaxAnswerChars)
	}
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		p, err := readPeerRound(ctx, tx, candidate, id)
		if err != nil {
			return err
		}
		if p.Role != RoleCandidate {
			return ErrNotFound
		}
		cur, ok := p.Round.Current()
		if p.Round.Over() || p.Round.Waiting() || !ok || cur.Seq != seq {
			return quiz.ErrTurnNotCurrent
		}
		_, err = tx.ExecContext(ctx, `UPDATE peer_rounds SET draft_seq = ?, draft = ?, draft_ms = ? WHERE round_id = ?`, seq, text, at.UnixMilli(), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("draft: %w", err)
	}
	return nil
}

// SavePeerNotes stores the interviewer's notes and 1-4 scores per
// dimension (quiz.Dimensions; a missing one is not scored yet). Only the
// round's interviewer can; notes longer than MaxNotesChars, an unknown
// dimension or a score outside 1-4 are ErrBadPeerInput.
func (s *Store) SavePeerNotes(ctx context.Context, interviewer, id, notes string, scores map[string]int, now time.Time) error {
	if !ValidID(interviewer) || !ValidID(id) {
		return fmt.Errorf("notes: %w", ErrNotFound)
	}
	if n := utf8.RuneCountInString(notes); n > MaxNotesChars {
		return fmt.Errorf("notes: %w: %d characters; the limit is %d", ErrBadPeerInput, n, MaxNotesChars)
	}
	known := map[string]bool{}
	for _, d := range quiz.Dimensions() {
		known[d] = true
	}
	for d, v := range scores {
		if !known[d] || v < 1 || v > 4 {
			return fmt.Errorf("notes: %w: score %q = %d (want a dimension scored 1 to 4)", ErrBadPeerInput, d, v)
		}
	}
	js, err := json.Marshal(scores)
	if err != nil {
		return fmt.Errorf("notes: %w", err)
	}
	err = s.withTx(ctx, func(tx *sql.Tx) error {
		p, err := readPeerRound(ctx, tx, interviewer, id)
		if err != nil {
			return err
		}
		if p.Role != RoleInterviewer {
			return ErrNotFound
		}
		if p.Round.Over() && !now.Before(p.Round.Finished.Add(NotesGrace)) {
			// The candidate's scorecard is final NotesGrace after the end.
			return quiz.ErrRoundFinished
		}
		_, err = tx.ExecContext(ctx, `UPDATE peer_rounds SET notes = ?, scores = ? WHERE round_id = ?`, notes, string(js), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("notes: %w", err)
	}
	return nil
}

// PeerInterviews returns the rounds learner interviewed, newest first, as
// the history lists them.
func (s *Store) PeerInterviews(ctx context.Context, learner string) ([]RoundSummary, error) {
	if !ValidID(learner) {
		return nil, nil
	}
	return s.roundSummaries(ctx, `JOIN peer_rounds p ON p.round_id = r.id WHERE p.interviewer_id = ?`, learner)
}

// CancelUnjoinedPeerRound deletes candidate's peer round id if nobody ever
// joined it and nothing was answered: no question was asked, so the round
// says nothing about the candidate and must not count as a zero in their
// history. Its link then says it was cancelled (at now). It reports whether
// it deleted the round; a round that was joined
// or answered is left for Finish.
func (s *Store) CancelUnjoinedPeerRound(ctx context.Context, candidate, id string, now time.Time) (bool, error) {
	if !ValidID(candidate) || !ValidID(id) {
		return false, nil
	}
	var deleted bool
	err := s.withTx(ctx, func(tx *sql.Tx) error {
		hash, err := liveInviteHash(ctx, tx, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM rounds WHERE id = ? AND learner_id = ? AND finished_ms IS NULL
			AND EXISTS (SELECT 1 FROM peer_rounds p WHERE p.round_id = rounds.id AND p.interviewer_id IS NULL AND p.joined_ms IS NULL)
			AND NOT EXISTS (SELECT 1 FROM round_turns t WHERE t.round_id = rounds.id AND t.answered_ms IS NOT NULL)`, id, candidate)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if deleted = n == 1; deleted {
			return buryInvite(ctx, tx, hash, id, "cancelled", now)
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("cancel peer round: %w", err)
	}
	return deleted, nil
}

// noteEnder records that role ended peer round r, when c is what ended
// it; a solo round has no peer_rounds row, so nothing is written.
func noteEnder(ctx context.Context, tx *sql.Tx, r *Round, c quiz.RoundChange, role Role) error {
	if c.Finish == nil || r.Over() {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE peer_rounds SET ended_by = ? WHERE round_id = ? AND ended_by = ''`, string(role), r.ID)
	return err
}

// notesFate reads peer_rounds.notes_deleted: NULL is not known.
func notesFate(deleted sql.NullBool) NotesFate {
	switch {
	case !deleted.Valid:
		return NotesFateUnknown
	case deleted.Bool:
		return NotesDeleted
	}
	return NotesKept
}
