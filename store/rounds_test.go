package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

var roundStart = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func mustRound(t *testing.T, s *store.Store, learner string) string {
	t.Helper()
	id, err := s.CreateRound(context.Background(), learner, store.NewRound{
		Mode: quiz.ModeInterview, Limit: 4 * time.Minute, Seed: 1<<63 + 7,
		Questions: []string{"fencing-token", "choose-ttl", "avoid-the-lock"}, Started: roundStart,
	})
	if err != nil {
		t.Fatalf("create round: %v", err)
	}
	return id
}

func TestRoundSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "rounds.db")
	s := mustOpen(t, path)
	learner := mustLearner(t, s)
	id := mustRound(t, s, learner)
	if err := show(s, learner, id, roundStart.Add(time.Second)); err != nil {
		t.Fatalf("mark shown: %v", err)
	}
	res := quiz.Result{Question: "fencing-token", Kind: quiz.KindFreeText, Score: 0.5}
	if err := s.AnswerTurn(ctx, learner, id, store.TurnAnswer{Seq: 0, Text: "my answer", Result: res, At: roundStart.Add(time.Minute), FollowUps: []string{"pause-past-expiry", "storage-protects-itself", "third-is-dropped"}}); err != nil {
		t.Fatalf("answer: %v", err)
	}
	s.Close()

	s = mustOpen(t, path)
	r, err := s.Round(ctx, learner, id)
	if err != nil {
		t.Fatalf("round after reopen: %v", err)
	}
	if r.Seed != 1<<63+7 || r.Limit != 4*time.Minute || r.Mode != quiz.ModeInterview || r.Size != 3 {
		t.Fatalf("round = %+v, want the stored settings back", r)
	}
	var got []string
	for _, turn := range r.Turns {
		got = append(got, turn.Question+"/"+turn.FollowUp)
	}
	want := []string{"fencing-token/", "fencing-token/pause-past-expiry", "fencing-token/storage-protects-itself", "choose-ttl/", "avoid-the-lock/"}
	if len(got) != len(want) {
		t.Fatalf("turns = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("turns = %v, want %v", got, want)
		}
	}
	first := r.Turns[0]
	if first.Text != "my answer" || first.Result == nil || first.Result.Score != 0.5 || !first.Shown.Equal(roundStart.Add(time.Second)) || !first.Answered.Equal(roundStart.Add(time.Minute)) {
		t.Fatalf("first turn = %+v, want the answer, result and times back", first)
	}
	cur, ok := r.Current()
	if !ok || cur.FollowUp != "pause-past-expiry" {
		t.Fatalf("current = %+v, want the first follow-up", cur)
	}
}

func TestRoundAnswerRules(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	learner := mustLearner(t, s)
	other := mustLearner(t, s)
	id := mustRound(t, s, learner)
	res := quiz.Result{Score: 1}
	answer := func(who string, seq int) error {
		return s.AnswerTurn(ctx, who, id, store.TurnAnswer{Seq: seq, Text: "x", Result: res, At: roundStart})
	}
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"a later question is not current", answer(learner, 10), quiz.ErrTurnNotCurrent},
		{"an unknown turn is not current", answer(learner, 99), quiz.ErrTurnNotCurrent},
		{"another learner cannot answer", answer(other, 0), store.ErrNotFound},
		{"the current question is answered", answer(learner, 0), nil},
		{"answering it twice is refused", answer(learner, 0), quiz.ErrTurnAnswered},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !errors.Is(tt.err, tt.want) || (tt.want == nil && tt.err != nil) {
				t.Fatalf("error = %v, want %v", tt.err, tt.want)
			}
		})
	}
	t.Run("another learner cannot read or mark the round", func(t *testing.T) {
		if _, err := s.Round(ctx, other, id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("round = %v, want ErrNotFound", err)
		}
		if err := show(s, other, id, roundStart); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("mark shown = %v, want ErrNotFound", err)
		}
		if _, err := s.FinishRound(ctx, other, id, fixed(store.RoundFinish{Score: 1, Verdict: quiz.StrongHire, At: roundStart})); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("finish = %v, want ErrNotFound", err)
		}
		if rs, _ := s.Rounds(ctx, other); len(rs) != 0 {
			t.Fatalf("other learner lists %d rounds, want 0", len(rs))
		}
	})
	t.Run("finishing happens once, then answers are refused", func(t *testing.T) {
		first, err := s.FinishRound(ctx, learner, id, fixed(store.RoundFinish{Score: 0.4, Verdict: quiz.NoHire, At: roundStart.Add(time.Hour)}))
		if err != nil || !first {
			t.Fatalf("first finish = %v, %v; want true", first, err)
		}
		again, err := s.FinishRound(ctx, learner, id, fixed(store.RoundFinish{Score: 1, Verdict: quiz.StrongHire, At: roundStart.Add(2 * time.Hour)}))
		if err != nil || again {
			t.Fatalf("second finish = %v, %v; want false", again, err)
		}
		if err := answer(learner, 10); !errors.Is(err, quiz.ErrRoundFinished) {
			t.Fatalf("answer after finish = %v, want ErrRoundFinished", err)
		}
		rs, err := s.Rounds(ctx, learner)
		if err != nil || len(rs) != 1 {
			t.Fatalf("rounds = %v, %v; want one", rs, err)
		}
		if rs[0].Verdict != quiz.NoHire || rs[0].Score != 0.4 || rs[0].Answered != 1 || rs[0].Turns != 3 || rs[0].MainsAnswered != 1 {
			t.Fatalf("summary = %+v, want the first finish's score and verdict, 1 of 3 answered", rs[0])
		}
	})
}

// show starts the clock of the current turn of the learner's round at at,
// through UpdateRound and quiz.Round.Show.
func show(s *store.Store, learner, id string, at time.Time) error {
	_, _, err := s.UpdateRound(context.Background(), learner, id, func(r *store.Round) (quiz.RoundChange, error) { return r.Show(at), nil })
	return err
}

func TestShowKeepsTheFirstTime(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	learner := mustLearner(t, s)
	id := mustRound(t, s, learner)
	for _, at := range []time.Time{roundStart.Add(time.Second), roundStart.Add(time.Hour)} {
		if err := show(s, learner, id, at); err != nil {
			t.Fatalf("mark shown: %v", err)
		}
	}
	r, err := s.Round(ctx, learner, id)
	if err != nil {
		t.Fatalf("round: %v", err)
	}
	if got := r.Turns[0].Shown; !got.Equal(roundStart.Add(time.Second)) {
		t.Fatalf("shown = %v, want the first showing", got)
	}
}

// fixed is a finish function that ignores the round it is given.
func fixed(f store.RoundFinish) func(*store.Round) store.RoundFinish {
	return func(*store.Round) store.RoundFinish { return f }
}

func reviewItem(question string, score float64, r quiz.Rating) quiz.ReviewItem {
	return quiz.ReviewItem{
		Question: question, Kind: quiz.KindFreeText, Answer: quiz.Answer{Text: "answer to " + question},
		Result: quiz.Result{Question: question, Kind: quiz.KindFreeText, Score: score, Passed: score >= quiz.PassMark, Notes: []string{quiz.RoundNote}},
		Rating: r,
	}
}

// TestFinishRoundIsAtomic checks that closing a round and feeding its
// answers to review happen together or not at all, and only once.
func TestFinishRoundIsAtomic(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	learner := mustLearner(t, s)
	id := mustRound(t, s, learner)
	at := roundStart.Add(time.Hour)
	t.Run("a failing answer leaves the round open and review untouched", func(t *testing.T) {
		bad := store.RoundFinish{Score: 0.7, Verdict: quiz.Hire, At: at, Review: []quiz.ReviewItem{
			reviewItem("fencing-token", 0.9, quiz.Good),
			reviewItem("choose-ttl", 0.5, 0), // no rating: the insert fails
		}}
		if closed, err := s.FinishRound(ctx, learner, id, fixed(bad)); err == nil || closed {
			t.Fatalf("finish = %v, %v; want an error naming review[1]", closed, err)
		} else if !strings.Contains(err.Error(), `review[1] "choose-ttl"`) {
			t.Fatalf("error = %v, want it to name review[1] \"choose-ttl\"", err)
		}
		r, err := s.Round(ctx, learner, id)
		if err != nil || !r.Finished.IsZero() {
			t.Fatalf("round finished = %v (%v), want still open", r.Finished, err)
		}
		if log, _ := s.AttemptLog(ctx, learner); len(log) != 0 {
			t.Fatalf("attempts = %+v, want none written", log)
		}
		if cards, _ := s.Cards(ctx, learner); len(cards) != 0 {
			t.Fatalf("cards = %+v, want none written", cards)
		}
	})
	good := store.RoundFinish{Score: 0.7, Verdict: quiz.Hire, At: at, Review: []quiz.ReviewItem{
		reviewItem("fencing-token", 0.9, quiz.Good),
		reviewItem("choose-ttl", 0.3, quiz.Again),
	}}
	t.Run("a good finish closes the round and rates every answer", func(t *testing.T) {
		closed, err := s.FinishRound(ctx, learner, id, fixed(good))
		if err != nil || !closed {
			t.Fatalf("finish = %v, %v; want true", closed, err)
		}
		log, err := s.AttemptLog(ctx, learner)
		if err != nil || len(log) != 2 {
			t.Fatalf("attempts = %+v, %v; want two", log, err)
		}
		if log[0].Question != "fencing-token" || log[0].Rating != quiz.Good || !log[0].Passed || log[1].Question != "choose-ttl" || log[1].Rating != quiz.Again || log[1].Passed {
			t.Fatalf("attempts = %+v, want fencing-token rated Good and passed, choose-ttl rated Again and failed", log)
		}
		a, err := s.Attempt(ctx, learner, log[1].ID)
		if err != nil || a.Answer.Text != "answer to choose-ttl" || !a.Rated.Equal(at) {
			t.Fatalf("attempt = %+v, %v; want the answer back, rated at the finish", a, err)
		}
		cards, err := s.Cards(ctx, learner)
		if err != nil || len(cards) != 2 {
			t.Fatalf("cards = %+v, %v; want two", cards, err)
		}
		for _, ce := range cards {
			if ce.Card.Reps != 1 {
				t.Fatalf("card of %q = %+v, want one review", ce.Question, ce.Card)
			}
		}
	})
	t.Run("finishing again writes nothing", func(t *testing.T) {
		closed, err := s.FinishRound(ctx, learner, id, fixed(good))
		if err != nil || closed {
			t.Fatalf("second finish = %v, %v; want false", closed, err)
		}
		if log, _ := s.AttemptLog(ctx, learner); len(log) != 2 {
			t.Fatalf("attempts = %d after a second finish, want 2", len(log))
		}
	})
}

// TestFinishRoundScoresTheCommittedTurns: the finish record is made from
// the turns as the finishing transaction reads them, so an answer stored
// after the caller's own read of the round is scored and fed to review,
// and a round already closed is not scored again.
func TestFinishRoundScoresTheCommittedTurns(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	learner := mustLearner(t, s)
	id := mustRound(t, s, learner)
	stale, err := s.Round(ctx, learner, id)
	if err != nil {
		t.Fatalf("round: %v", err)
	}
	res := quiz.Result{Question: "fencing-token", Kind: quiz.KindFreeText, Score: 0.9, Passed: true}
	if err := s.AnswerTurn(ctx, learner, id, store.TurnAnswer{Seq: 0, Text: "late answer", Result: res, At: roundStart.Add(time.Minute)}); err != nil {
		t.Fatalf("answer: %v", err)
	}
	// score averages the answered turns' scores over the round's size and
	// feeds each answered turn to review, as quiz.Score and RoundReview do.
	calls := 0
	score := func(r *store.Round) store.RoundFinish {
		calls++
		f := store.RoundFinish{At: roundStart.Add(time.Hour), Verdict: quiz.NoHire}
		for _, turn := range r.Turns {
			if turn.Done() {
				f.Score += turn.Result.Score / float64(r.Size)
				f.Review = append(f.Review, reviewItem(turn.Question, turn.Result.Score, quiz.Good))
			}
		}
		return f
	}
	if stale.Turns[0].Done() {
		t.Fatalf("the caller's read already has the answer; the test needs it stale")
	}
	closed, err := s.FinishRound(ctx, learner, id, score)
	if err != nil || !closed {
		t.Fatalf("finish = %v, %v; want true", closed, err)
	}
	rs, err := s.Rounds(ctx, learner)
	if err != nil || len(rs) != 1 {
		t.Fatalf("rounds = %v, %v; want one", rs, err)
	}
	if want := 0.9 / 3; rs[0].Score != want {
		t.Fatalf("stored score = %v, want %v: the answer stored before the finish must count", rs[0].Score, want)
	}
	if log, _ := s.AttemptLog(ctx, learner); len(log) != 1 || log[0].Question != "fencing-token" {
		t.Fatalf("attempts = %+v, want the late answer fed to review", log)
	}
	again, err := s.FinishRound(ctx, learner, id, score)
	if err != nil || again || calls != 1 {
		t.Fatalf("second finish = %v, %v with %d calls of finish; want false and 1 call", again, err, calls)
	}
}

// TestUpdateRoundWritesTheWholeChange: every part of a change reaches the
// database in one transaction, and a rule's error writes nothing and hands
// back the round as read.
func TestUpdateRoundWritesTheWholeChange(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	learner := mustLearner(t, s)
	id := mustRound(t, s, learner)
	res := quiz.Result{Question: "fencing-token", Kind: quiz.KindFreeText, Score: 0.4}
	if err := s.AnswerTurn(ctx, learner, id, store.TurnAnswer{Seq: 0, Text: "main", Result: res, At: roundStart, FollowUps: []string{"pause-past-expiry", "storage-protects-itself"}}); err != nil {
		t.Fatal(err)
	}
	refused := errors.New("refused by the rule")
	r, _, err := s.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) { return quiz.RoundChange{Drop: []int{2}}, refused })
	if !errors.Is(err, refused) || r == nil || len(r.Turns) != 5 {
		t.Fatalf("refused update = %v, %v; want the rule's error and the round as read", r, err)
	}
	after, c, err := s.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
		return r.Record(quiz.TurnAnswer{Seq: 1, Text: "follow", Result: res, At: roundStart.Add(time.Minute), Drop: []int{2}, Replace: map[int]string{20: "row-lock"}})
	})
	if err != nil || len(c.Drop) != 1 || len(c.Replace) != 1 {
		t.Fatalf("update = %+v, %v; want one drop and one replacement", c, err)
	}
	stored, err := s.Round(ctx, learner, id)
	if err != nil {
		t.Fatal(err)
	}
	got := func(r *store.Round) string {
		var out []string
		for _, turn := range r.Turns {
			out = append(out, turn.Question+"/"+turn.FollowUp)
		}
		return strings.Join(out, " ")
	}
	want := "fencing-token/ fencing-token/pause-past-expiry choose-ttl/ row-lock/"
	if got(stored) != want || got(after) != want {
		t.Fatalf("stored turns = %q, returned %q; want %q", got(stored), got(after), want)
	}
	if !stored.Turns[1].Done() || stored.Turns[1].Text != "follow" {
		t.Fatalf("follow-up turn = %+v, want its answer stored", stored.Turns[1])
	}
}
