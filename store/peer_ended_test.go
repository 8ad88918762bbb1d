package store_test

import (
	"context"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestPeerRoundRecordsWhoEndedIt: the side whose step closed a peer round
// is kept, and a later step on the closed round does not change it.
func TestPeerRoundRecordsWhoEndedIt(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	cand, bob := mustLearner(t, s), mustLearner(t, s)
	id := mustPeerRound(t, s, cand)
	token, _, err := s.IssueInvite(ctx, cand, id, roundStart)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.JoinPeerRound(ctx, bob, token, roundStart); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.UpdateRound(ctx, cand, id, func(r *store.Round) (quiz.RoundChange, error) {
		return quiz.RoundChange{Finish: &quiz.RoundFinish{At: roundStart.Add(time.Minute)}}, nil
	}); err != nil {
		t.Fatal(err)
	}
	p, _, err := s.UpdatePeerRound(ctx, bob, id, store.RoleInterviewer, func(p *store.PeerRound) (quiz.RoundChange, error) {
		return quiz.RoundChange{}, nil
	})
	if err != nil || p.EndedBy != store.RoleCandidate {
		t.Fatalf("EndedBy=%q (%v), want %q", p.EndedBy, err, store.RoleCandidate)
	}
}
