package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lockdrill/quiz"
	"lockdrill/store"
)

var (
	freeQ   = &quiz.Question{ID: "fencing-token", Kind: quiz.KindFreeText}
	singleQ = &quiz.Question{ID: "obj-lease-why-expire", Kind: quiz.KindSingle}
	day     = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
)

func mustLearner(t *testing.T, s *store.Store) string {
	t.Helper()
	return mustLearnerAt(t, s, t0)
}

func mustLearnerAt(t *testing.T, s *store.Store, at time.Time) string {
	t.Helper()
	id, err := s.CreateLearner(context.Background(), at)
	if err != nil {
		t.Fatalf("create learner: %v", err)
	}
	return id
}

func TestAttemptRoundTripAndOwnership(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me, other := mustLearner(t, s), mustLearner(t, s)
	ans := quiz.Answer{Text: "The resource rejects <em>older</em> tokens."}
	res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.5, Suggested: quiz.Again,
		Points: []quiz.PointResult{{ID: "resource-rejects", Label: "The resource rejects", Hit: true, Weight: 1, Spans: []quiz.Span{{Start: 4, End: 21}}}}}
	id, err := s.CreateAttempt(ctx, me, freeQ, ans, res, t0)
	if err != nil {
		t.Fatalf("create attempt: %v", err)
	}
	got, err := s.Attempt(ctx, me, id)
	if err != nil {
		t.Fatalf("attempt: %v", err)
	}
	if diff := cmp.Diff(ans, got.Answer); diff != "" {
		t.Fatalf("answer (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(res, got.Result); diff != "" {
		t.Fatalf("result (-want +got):\n%s", diff)
	}
	if got.Question != freeQ.ID || got.Kind != freeQ.Kind || !got.Created.Equal(day) || got.Rating != 0 {
		t.Fatalf("attempt = %+v, want question %s, kind %s, created %v, unrated", got, freeQ.ID, freeQ.Kind, day)
	}

	tests := []struct {
		name    string
		learner string
		id      string
	}{
		{"another learner", other, id},
		{"unknown id", me, store.NewID()},
		{"malformed id", me, "1 OR 1=1"},
		{"visitor", "", id},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.Attempt(ctx, tt.learner, tt.id); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("Attempt err = %v, want ErrNotFound", err)
			}
			if err := s.UpdateAttemptResult(ctx, tt.learner, tt.id, quiz.Result{Score: 1}); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("UpdateAttemptResult err = %v, want ErrNotFound", err)
			}
			_, err := s.RateAttempt(ctx, tt.learner, tt.id, quiz.Good, func(c quiz.Card) quiz.Card { return c }, t0)
			if !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("RateAttempt err = %v, want ErrNotFound", err)
			}
		})
	}
	if log, _ := s.AttemptLog(ctx, other); len(log) != 0 {
		t.Fatalf("other learner's log = %v, want empty", log)
	}

	res.Score, res.Passed, res.SelfAssessed = 1, true, true
	if err := s.UpdateAttemptResult(ctx, me, id, res); err != nil {
		t.Fatalf("update result: %v", err)
	}
	hist, err := s.QuestionAttempts(ctx, me, freeQ.ID)
	if err != nil {
		t.Fatalf("question attempts: %v", err)
	}
	if len(hist) != 1 || hist[0].Score != 1 || !hist[0].Passed {
		t.Fatalf("history = %+v, want one passed attempt scoring 1", hist)
	}
}

func TestRateAttemptSchedulesOnce(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me := mustLearner(t, s)
	id, err := s.CreateAttempt(ctx, me, singleQ, quiz.Answer{Choices: []string{"a"}}, quiz.Result{Question: singleQ.ID, Kind: singleQ.Kind, Score: 1, Passed: true}, t0)
	if err != nil {
		t.Fatalf("create attempt: %v", err)
	}
	var seen quiz.Card
	card, err := s.RateAttempt(ctx, me, id, quiz.Good, func(c quiz.Card) quiz.Card {
		seen = c
		return quiz.Schedule(c, quiz.Good, day)
	}, t0)
	if err != nil {
		t.Fatalf("rate: %v", err)
	}
	if seen.State != quiz.StateNew {
		t.Fatalf("first rating scheduled from state %v, want a new card", seen.State)
	}
	if !card.Due.After(day) {
		t.Fatalf("due = %v, want after %v", card.Due, day)
	}
	if _, err := s.RateAttempt(ctx, me, id, quiz.Easy, func(c quiz.Card) quiz.Card { return c }, t0); !errors.Is(err, store.ErrAlreadyRated) {
		t.Fatalf("second rating err = %v, want ErrAlreadyRated", err)
	}
	if _, err := s.RateAttempt(ctx, me, id, quiz.Rating(7), func(c quiz.Card) quiz.Card { return c }, t0); err == nil {
		t.Fatalf("rating 7 was accepted")
	}
	a, err := s.Attempt(ctx, me, id)
	if err != nil {
		t.Fatalf("attempt: %v", err)
	}
	if a.Rating != quiz.Good {
		t.Fatalf("stored rating = %v, want Good", a.Rating)
	}

	// A second attempt at the same question schedules from the stored card.
	id2, _ := s.CreateAttempt(ctx, me, singleQ, quiz.Answer{Choices: []string{"a"}}, quiz.Result{Score: 1, Passed: true}, t0)
	if _, err := s.RateAttempt(ctx, me, id2, quiz.Good, func(c quiz.Card) quiz.Card {
		seen = c
		return quiz.Schedule(c, quiz.Good, day.AddDate(0, 0, 3))
	}, t0); err != nil {
		t.Fatalf("rate second: %v", err)
	}
	if diff := cmp.Diff(card, seen); diff != "" {
		t.Fatalf("second rating did not start from the stored card (-want +got):\n%s", diff)
	}
}

func TestCardsAndAttemptsSurviveReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "lockdrill.db")
	s := mustOpen(t, path)
	me := mustLearner(t, s)
	ids := map[string]string{}
	for _, q := range []*quiz.Question{freeQ, singleQ, freeQ} {
		id, err := s.CreateAttempt(ctx, me, q, quiz.Answer{Text: "x", Choices: []string{"a"}}, quiz.Result{Question: q.ID, Kind: q.Kind, Score: 0.75}, t0)
		if err != nil {
			t.Fatalf("create attempt: %v", err)
		}
		ids[q.ID] = id
	}
	rate := func(id string, r quiz.Rating) quiz.Card {
		c, err := s.RateAttempt(ctx, me, id, r, func(c quiz.Card) quiz.Card { return quiz.Schedule(c, r, day) }, t0)
		if err != nil {
			t.Fatalf("rate: %v", err)
		}
		return c
	}
	easy := rate(ids[singleQ.ID], quiz.Easy)
	again := rate(ids[freeQ.ID], quiz.Again)
	s.Close()

	s = mustOpen(t, path)
	cards, err := s.Cards(ctx, me)
	if err != nil {
		t.Fatalf("cards: %v", err)
	}
	want := []store.CardEntry{{Question: freeQ.ID, Card: again}, {Question: singleQ.ID, Card: easy}}
	if diff := cmp.Diff(want, cards); diff != "" {
		t.Fatalf("cards after reopen, soonest first (-want +got):\n%s", diff)
	}
	c, ok, err := s.Card(ctx, me, singleQ.ID)
	if err != nil || !ok || !c.Due.Equal(easy.Due) {
		t.Fatalf("Card = %v, %v, %v; want the Easy card due %v", c, ok, err, easy.Due)
	}
	if _, ok, _ := s.Card(ctx, me, "never-rated"); ok {
		t.Fatalf("a question never rated has a card")
	}
	latest, err := s.LatestAttempts(ctx, me)
	if err != nil {
		t.Fatalf("latest: %v", err)
	}
	if len(latest) != 2 || latest[freeQ.ID].ID != ids[freeQ.ID] {
		t.Fatalf("latest = %+v, want the newer of the two free-text attempts", latest)
	}
	if log, _ := s.AttemptLog(ctx, me); len(log) != 3 {
		t.Fatalf("log has %d attempts after reopen, want 3", len(log))
	}
}

// TestAttemptSummariesSaySelfAssessed: the lists that progress and mastery
// read say which latest scores the learner corrected, so the pages can say
// which score they count (QA-9 Q9-2). A point the learner ticked inside a
// result that is not marked self-assessed as a whole does not count.
func TestAttemptSummariesSaySelfAssessed(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	me := mustLearner(t, s)
	plain := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.4,
		Points: []quiz.PointResult{{ID: "p", Label: "P", Weight: 1, Hit: true, SelfAssessed: true}}}
	if _, err := s.CreateAttempt(ctx, me, freeQ, quiz.Answer{Text: "one"}, plain, t0); err != nil {
		t.Fatal(err)
	}
	corrected := plain
	corrected.Score, corrected.SelfAssessed = 0.9, true
	id, err := s.CreateAttempt(ctx, me, freeQ, quiz.Answer{Text: "two"}, plain, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateAttemptResult(ctx, me, id, corrected); err != nil {
		t.Fatal(err)
	}
	log, err := s.AttemptLog(ctx, me)
	if err != nil || len(log) != 2 {
		t.Fatalf("attempt log = %+v, %v", log, err)
	}
	if log[0].SelfAssessed || !log[1].SelfAssessed {
		t.Fatalf("self-assessed = %v, %v; want only the corrected attempt", log[0].SelfAssessed, log[1].SelfAssessed)
	}
	qa, err := s.QuestionAttempts(ctx, me, freeQ.ID)
	if err != nil || len(qa) != 2 || !qa[0].SelfAssessed || qa[1].SelfAssessed {
		t.Fatalf("question attempts = %+v, %v; want the newest marked self-assessed", qa, err)
	}
}
