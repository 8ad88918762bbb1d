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

// TestPeerLiveRubricCountsEarlierAsTheScorecard: QA-52 M4. During a
// follow-up the interviewer's rubric showed "made in an earlier answer"
// for a point the scorecard then marked missed: an earlier follow-up's
// answer had repeated what that follow-up's own question said, which the
// scorecard's recovery does not count. The live rubric now counts as the
// scorecard does; a point the earlier answer made of its own still shows.
func TestPeerLiveRubricCountsEarlierAsTheScorecard(t *testing.T) {
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	q, _ := cat.Questions.ByID("fencing-token")
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	main := "A fencing token is a number that only goes up with each grant. The holder sends it with each write. It protects against a holder paused in GC past its lease."
	mainRes := cat.Questions.Grade(q, quiz.Answer{Text: main})
	for _, p := range mainRes.Points {
		if p.ID == "resource-rejects" && p.Hit {
			t.Fatal("the main answer was meant to miss resource-rejects")
		}
	}
	live := func(asked, answer string) views.PeerPoint {
		fuRes := cat.Questions.Grade(q, quiz.Answer{Text: answer})
		r := &quiz.Round{ID: "r", Mode: quiz.ModeInterview, Size: 3, Limit: 4 * time.Minute, Started: t0, Peer: &quiz.PeerState{},
			Turns: []quiz.RoundTurn{
				{Seq: 0, Turn: quiz.Turn{Question: q.ID, Shown: t0, Answered: t0.Add(time.Minute), Text: main, Result: &mainRes}},
				{Seq: 1, Turn: quiz.Turn{Question: q.ID, FollowUp: quiz.CustomFollowUp, Asked: asked, Shown: t0.Add(2 * time.Minute), Answered: t0.Add(3 * time.Minute), Text: answer, Result: &fuRes}},
				{Seq: 2, Turn: quiz.Turn{Question: q.ID, FollowUp: quiz.CustomFollowUp, Asked: "Anything else?", Shown: t0.Add(4 * time.Minute)}},
			}}
		v, err := buildPeerLive(cat, peerData{Peer: &store.PeerRound{Round: r, Joined: t0}}, t0.Add(5*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range v.Points {
			if p.ID == "resource-rejects" {
				return p
			}
		}
		t.Fatalf("no resource-rejects row on the live rubric (%d points)", len(v.Points))
		return views.PeerPoint{}
	}
	if p := live("Does the storage keep the highest token it has seen and reject a write with a lower one?", "Yes, the storage keeps the highest token it has seen and rejects any write with a lower one."); p.Hit || p.Earlier {
		t.Errorf("a point the follow-up's own question said shows as made earlier (hit %v, earlier %v); the scorecard does not count it", p.Hit, p.Earlier)
	}
	if p := live("Who checks the token?", "The storage keeps the highest token it has seen and rejects any write with a lower one."); !p.Earlier {
		t.Error("a point an earlier follow-up made of its own does not show as made earlier")
	}
}
