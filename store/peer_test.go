package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

func mustPeerRound(t *testing.T, s *store.Store, learner string) string {
	t.Helper()
	id, err := s.CreatePeerRound(context.Background(), learner, store.NewRound{
		Mode: quiz.ModeInterview, Limit: 4 * time.Minute, Seed: 9,
		Questions: []string{"fencing-token", "choose-ttl", "avoid-the-lock"}, Started: roundStart,
	})
	if err != nil {
		t.Fatalf("create peer round: %v", err)
	}
	return id
}

func TestPeerInvitation(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	cand, bob, carol := mustLearner(t, s), mustLearner(t, s), mustLearner(t, s)
	id := mustPeerRound(t, s, cand)
	if _, _, err := s.IssueInvite(ctx, bob, id, roundStart); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("someone else inviting = %v, want ErrNotFound", err)
	}
	token, expires, err := s.IssueInvite(ctx, cand, id, roundStart)
	if err != nil || len(token) < 40 || !expires.Equal(roundStart.Add(store.InviteTTL)) {
		t.Fatalf("invite = %q, %v, %v", token, expires, err)
	}
	if _, err := s.JoinPeerRound(ctx, cand, token, roundStart); !errors.Is(err, store.ErrOwnInvite) {
		t.Fatalf("own join = %v, want ErrOwnInvite", err)
	}
	if _, err := s.JoinPeerRound(ctx, bob, token, expires); !errors.Is(err, store.ErrInviteExpired) {
		t.Fatalf("join at the expiry = %v, want ErrInviteExpired", err)
	}
	// Two learners race on one link: one interviewer.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, who := range []string{bob, carol} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.JoinPeerRound(ctx, who, token, roundStart.Add(time.Minute))
		}()
	}
	wg.Wait()
	if (errs[0] == nil) == (errs[1] == nil) {
		t.Fatalf("racing joins = %v; want exactly one to succeed", errs)
	}
	winner, loser := bob, carol
	if errs[0] != nil {
		winner, loser = carol, bob
		if !errors.Is(errs[0], store.ErrInviteInvalid) {
			t.Fatalf("losing join = %v, want ErrInviteInvalid", errs[0])
		}
	} else if !errors.Is(errs[1], store.ErrInviteInvalid) {
		t.Fatalf("losing join = %v, want ErrInviteInvalid", errs[1])
	}
	if _, _, err := s.IssueInvite(ctx, cand, id, roundStart); !errors.Is(err, store.ErrHasInterviewer) {
		t.Fatalf("invite after the join = %v, want ErrHasInterviewer", err)
	}
	p, err := s.PeerRound(ctx, winner, id)
	if err != nil || p.Role != store.RoleInterviewer || p.Candidate != cand {
		t.Fatalf("interviewer's read = %+v, %v", p, err)
	}
	if _, err := s.PeerRound(ctx, loser, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("third learner's read = %v, want ErrNotFound", err)
	}
	if _, err := s.Round(ctx, winner, id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the interviewer reading the candidate's round directly = %v, want ErrNotFound", err)
	}
	if err := s.SaveDraft(ctx, winner, id, 0, "x", roundStart); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the interviewer saving a draft = %v, want ErrNotFound", err)
	}
	if err := s.SavePeerNotes(ctx, cand, id, "x", nil, time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the candidate writing the notes = %v, want ErrNotFound", err)
	}
	if err := s.SavePeerNotes(ctx, winner, id, "fine", map[string]int{"failure-modes": 5}, time.Now()); !errors.Is(err, store.ErrBadPeerInput) {
		t.Fatalf("a score of 5 = %v, want ErrBadPeerInput", err)
	}
	if err := s.SavePeerNotes(ctx, winner, id, "Solid on fencing.", map[string]int{"failure-modes": 2}, time.Now()); err != nil {
		t.Fatal(err)
	}
	// An interviewer who deletes everything takes their notes along; the
	// candidate's round stays.
	if err := s.DeleteLearner(ctx, winner); err != nil {
		t.Fatal(err)
	}
	p, err = s.PeerRound(ctx, cand, id)
	if err != nil || p.Notes != "" || len(p.Scores) != 0 || p.Interviewer != "" {
		t.Fatalf("after the interviewer's deletion: %+v, %v; want the round without their notes", p, err)
	}
}

// TestDeadInviteSaysWhy: a link that no longer opens its round says
// whether it was used, replaced or cancelled with its round, for a week;
// then, like a made-up one, that it is not valid.
func TestDeadInviteSaysWhy(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	cand, bob := mustLearner(t, s), mustLearner(t, s)
	reason := func(err error) string {
		t.Helper()
		var dead *store.DeadInviteError
		if !errors.Is(err, store.ErrInviteInvalid) {
			t.Fatalf("dead link = %v, want an ErrInviteInvalid", err)
		}
		if errors.As(err, &dead) {
			return dead.Reason
		}
		return ""
	}

	id := mustPeerRound(t, s, cand)
	first, _, err := s.IssueInvite(ctx, cand, id, roundStart)
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := s.IssueInvite(ctx, cand, id, roundStart)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CheckInvite(ctx, bob, first, roundStart); reason(err) != "replaced" {
		t.Fatalf("the first of two links = %v, want replaced", err)
	}
	if _, err := s.JoinPeerRound(ctx, bob, second, roundStart); err != nil {
		t.Fatalf("join: %v", err)
	}
	if _, err := s.JoinPeerRound(ctx, cand, second, roundStart); reason(err) != "used" {
		t.Fatalf("the joined link = %v, want used", err)
	}

	other := mustPeerRound(t, s, cand)
	link, _, err := s.IssueInvite(ctx, cand, other, roundStart)
	if err != nil {
		t.Fatal(err)
	}
	if gone, err := s.CancelUnjoinedPeerRound(ctx, cand, other, roundStart); err != nil || !gone {
		t.Fatalf("cancel = %v, %v", gone, err)
	}
	if _, err := s.CheckInvite(ctx, bob, link, roundStart); reason(err) != "cancelled" {
		t.Fatalf("the cancelled round's link = %v, want cancelled", err)
	}
	if _, err := s.CheckInvite(ctx, bob, "never-issued", roundStart); reason(err) != "" {
		t.Fatalf("a made-up link = %v, want plain ErrInviteInvalid", err)
	}
	later := roundStart.Add(store.DeadInviteMemory + time.Minute)
	if _, err := s.CheckInvite(ctx, bob, link, later); reason(err) != "" {
		t.Fatalf("a link dead for over a week = %v, want plain ErrInviteInvalid", err)
	}
}
