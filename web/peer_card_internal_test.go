package web

import (
	"testing"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web/views"
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

// TestPeerCardLosingClaimHoldsTheGraderDown: QA-51b M3. The peer card gave
// "Safety mechanisms 4 of 4 (100 %)" against the interviewer's 2 while
// safety claims that lose the round stood. A standing losing claim against
// a dimension's points now holds the grader's band there to 2 of 4, so an
// interviewer who marked it down agrees; dismissed, it no longer does.
func TestPeerCardLosingClaimHoldsTheGraderDown(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	q, _ := cat.Questions.ByID("fencing-token")
	res := cat.Questions.Grade(q, quiz.Answer{Text: "Each grant carries a token that only goes up, and the client sends it with every write. A paused holder whose lease expired comes back with an old token. The client checks its own token before writing, so the storage needs no changes."})
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	card := func(res quiz.Result) views.PeerDimensionRow {
		r := &quiz.Round{ID: "r", Mode: quiz.ModeInterview, Size: 1, Limit: 4 * time.Minute, Started: t0,
			Turns: []quiz.RoundTurn{{Seq: 0, Turn: quiz.Turn{Question: q.ID, Shown: t0, Answered: t0.Add(time.Minute), Text: "x", Result: &res}}}}
		for _, row := range buildPeerCard(cat, &store.PeerRound{Round: r, Scores: map[string]int{"safety-mechanisms": 2}}).Dimensions {
			if row.ID == "safety-mechanisms" {
				return row
			}
		}
		t.Fatal("no safety-mechanisms row")
		return views.PeerDimensionRow{}
	}
	standing := false
	for _, f := range res.Flags {
		standing = standing || f.ID == "client-side-fencing"
	}
	if !standing {
		t.Fatalf("flags %v: the test needs client-side-fencing raised", res.FlagIDs())
	}
	if row := card(res); row.Losing != 1 || row.Grader > 2 || row.Disagree {
		t.Errorf("with the claim standing: losing %d, grader %d of 4, disagree %v; want 1, at most 2, and agreement with the interviewer's 2", row.Losing, row.Grader, row.Disagree)
	}
	for i := range res.Flags {
		res.Flags[i].Dismissed = true
	}
	if row := card(res); row.Losing != 0 || row.Grader <= 2 {
		t.Errorf("dismissed: losing %d, grader %d of 4; want 0 and the points' own band", row.Losing, row.Grader)
	}
}
