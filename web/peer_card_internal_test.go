package web

import (
	"testing"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

// TestPeerCardNoEvidenceIsNoDisagreement: a dimension that no answered
// question had points of shows "nothing to grade" and never "They
// disagree", whatever the interviewer scored (QA-4 E8: "1 of 4 … They
// disagree" on dimensions nobody was asked about).
func TestPeerCardNoEvidenceIsNoDisagreement(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	q, ok := cat.Questions.ByID("idempotency-keys")
	if !ok {
		t.Fatal("no idempotency-keys question")
	}
	res := cat.Questions.Grade(q, quiz.Answer{Text: "The client sends an idempotency key with every payment; the server stores it with a unique constraint and returns the first result for a repeat."})
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	r := &quiz.Round{ID: "r", Mode: quiz.ModeInterview, Size: 1, Limit: 4 * time.Minute, Started: t0,
		Turns: []quiz.RoundTurn{{Seq: 0, Turn: quiz.Turn{Question: q.ID, Shown: t0, Answered: t0.Add(time.Minute), Text: "x", Result: &res}}}}
	dims := map[string]bool{}
	for _, p := range q.Points {
		dims[p.Dimension] = true
	}
	scores := map[string]int{}
	for _, d := range quiz.Dimensions() {
		scores[d] = 4
	}
	card := buildPeerCard(cat, &store.PeerRound{Round: r, Scores: scores})
	sawNone := false
	for _, row := range card.Dimensions {
		if dims[row.ID] == row.NoEvidence {
			t.Errorf("%s: no evidence %v, but the question has points of it: %v", row.ID, row.NoEvidence, dims[row.ID])
		}
		if row.NoEvidence {
			sawNone = true
			if row.Disagree {
				t.Errorf("%s: the interviewer's 4 'disagrees' with a grader that had nothing to grade", row.ID)
			}
		}
	}
	if !sawNone {
		t.Fatal("the question covers every dimension; the test needs one it does not")
	}
}
