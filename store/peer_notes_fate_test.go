package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/pressly/goose/v3"

	"lockdrill/migrations"
	"lockdrill/store"
)

// TestPeerRoundsFromBeforeNotesFateWasRecorded: migration 00013 tells what
// became of the interviewer's notes on the peer rounds already stored,
// where it can, and keeps every round's notes and scores as they were. A
// round joined, with no interviewer and nothing of theirs, and no record
// of who ended it, may be imported or have lost its notes to a deletion:
// it is not known (QA-35 F2 #1).
func TestPeerRoundsFromBeforeNotesFateWasRecorded(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.FS)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 12); err != nil {
		t.Fatalf("migrate to 12: %v", err)
	}
	const candidate, interviewer = "0123456789abcdef0123456789abcdef", "1123456789abcdef0123456789abcdef"
	for _, id := range []string{candidate, interviewer} {
		if _, err := db.Exec("INSERT INTO learners (id, created_ms) VALUES (?, ?)", id, t0.UnixMilli()); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name        string
		interviewer any
		joined      any
		notes       string
		scores      string
		endedBy     string
		want        store.NotesFate
	}{
		{"interviewer known, nothing written", interviewer, t0.UnixMilli(), "", "{}", "interviewer", store.NotesKept},
		{"nobody joined", nil, nil, "", "{}", "", store.NotesKept},
		{"no interviewer, notes kept", nil, t0.UnixMilli(), "Vague on expiry.", `{"failure-modes":2}`, "", store.NotesKept},
		{"no interviewer, scores kept", nil, t0.UnixMilli(), "", `{"failure-modes":2}`, "", store.NotesKept},
		{"played here, interviewer deleted", nil, t0.UnixMilli(), "", "{}", "candidate", store.NotesDeleted},
		{"imported or deleted", nil, t0.UnixMilli(), "", "{}", "", store.NotesFateUnknown},
	}
	ids := map[string]string{}
	for i, c := range cases {
		id := fmt.Sprintf("%032x", i+1)
		ids[c.name] = id
		if _, err := db.Exec(`INSERT INTO rounds (id, learner_id, mode, size, limit_ms, seed, started_ms, finished_ms, score, verdict)
			VALUES (?, ?, 'interview', 3, 240000, 1, ?, ?, 0.5, 'lean_no')`, id, candidate, t0.UnixMilli(), t0.UnixMilli()); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO round_turns (round_id, seq, question_id) VALUES (?, 0, ?)`, id, freeQ.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`INSERT INTO peer_rounds (round_id, interviewer_id, joined_ms, notes, scores, ended_by) VALUES (?, ?, ?, ?, ?, ?)`,
			id, c.interviewer, c.joined, c.notes, c.scores, c.endedBy); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	s := mustOpen(t, path)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pr, err := s.PeerRound(ctx, candidate, ids[c.name])
			if err != nil {
				t.Fatal(err)
			}
			if pr.NotesFate != c.want {
				t.Errorf("NotesFate=%v, want %v", pr.NotesFate, c.want)
			}
			if pr.Notes != c.notes {
				t.Errorf("Notes=%q, want %q as stored", pr.Notes, c.notes)
			}
		})
	}

	// From now on a deletion is recorded as such.
	if err := s.DeleteLearner(ctx, interviewer); err != nil {
		t.Fatal(err)
	}
	pr, err := s.PeerRound(ctx, candidate, ids["interviewer known, nothing written"])
	if err != nil {
		t.Fatal(err)
	}
	if pr.NotesFate != store.NotesDeleted {
		t.Errorf("after the interviewer deleted their data NotesFate=%v, want %v", pr.NotesFate, store.NotesDeleted)
	}
}
