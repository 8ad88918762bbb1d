package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestConcurrentAnswersAreKeptExactlyAsAcknowledged: many answers at once
// (stored in groups) from learners with a quota: each learner gets exactly
// its quota stored and a QuotaError for the rest, and every acknowledged
// answer is there, after a reopen too.
func TestConcurrentAnswersAreKeptExactlyAsAcknowledged(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "answers.db")
	s := mustOpen(t, path)
	s.SetLimits(store.Limits{AttemptsTotal: 5})
	const learners, tries = 4, 12
	ids := make([]string, learners)
	for i := range ids {
		ids[i] = mustLearner(t, s)
	}
	type outcome struct {
		learner, id string
		err         error
	}
	out := make(chan outcome, learners*tries)
	var wg sync.WaitGroup
	for i := range learners * tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := ids[i%learners]
			id, err := s.CreateAttempt(ctx, l, freeQ, quiz.Answer{Text: "a lease with a fencing token"}, quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.5}, t0)
			out <- outcome{l, id, err}
		}()
	}
	wg.Wait()
	close(out)
	stored := map[string][]string{}
	for o := range out {
		switch {
		case o.err == nil:
			stored[o.learner] = append(stored[o.learner], o.id)
		case !errors.Is(o.err, store.ErrQuota):
			t.Fatalf("answer of %s: err = %v, want nil or ErrQuota", o.learner, o.err)
		}
	}
	check := func(s *store.Store, when string) {
		for _, l := range ids {
			if n := len(stored[l]); n != 5 {
				t.Fatalf("%s: learner %s got %d answers acknowledged, want its quota of 5", when, l, n)
			}
			log, err := s.AttemptLog(ctx, l)
			if err != nil {
				t.Fatal(err)
			}
			if len(log) != 5 {
				t.Fatalf("%s: learner %s has %d answers stored, want the 5 acknowledged", when, l, len(log))
			}
			for _, id := range stored[l] {
				if _, err := s.Attempt(ctx, l, id); err != nil {
					t.Fatalf("%s: acknowledged answer %s: %v", when, id, err)
				}
			}
		}
	}
	check(s, "before reopening")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	check(mustOpen(t, path), "after reopening")
}

// TestAnswersUnderAHeldWriteLockFailWithErrBusy: while another process
// holds the database's write lock, answers sent at once (so queued for
// one group) each fail with ErrBusy, none is stored, and once the lock is
// released an answer is stored again.
func TestAnswersUnderAHeldWriteLockFailWithErrBusy(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "busy.db")
	s := mustOpen(t, path)
	me := mustLearner(t, s)
	db, err := sql.Open("sqlite3", "file:"+path+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatalf("take the write lock: %v", err)
	}
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.CreateAttempt(ctx, me, freeQ, quiz.Answer{Text: "a lease"}, quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind}, t0)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if !errors.Is(err, store.ErrBusy) {
			t.Fatalf("answer %d under a held lock: err = %v, want ErrBusy", i, err)
		}
	}
	tx.Rollback()
	if log, err := s.AttemptLog(ctx, me); err != nil || len(log) != 0 {
		t.Fatalf("after the refused answers: %d stored (err %v), want 0", len(log), err)
	}
	if _, err := s.CreateAttempt(ctx, me, freeQ, quiz.Answer{Text: "a lease"}, quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind}, t0); err != nil {
		t.Fatalf("answer after the lock is released: %v", err)
	}
}

// TestConcurrentAnswersKeepTheirOwnText: answers of many sizes sent at
// once (stored in groups, each encoded into a buffer that is reused once
// its answer is written) are each stored with their own text and result,
// never another answer's or a mix of two.
func TestConcurrentAnswersKeepTheirOwnText(t *testing.T) {
	ctx := context.Background()
	s := mustOpen(t, "")
	s.SetLimits(store.Limits{})
	me := mustLearner(t, s)
	const n = 96
	ids := make([]string, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			text := fmt.Sprintf("answer %d: ", i) + strings.Repeat(fmt.Sprintf("lease %d, ", i), 1+i*37%400)
			res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: float64(i) / n,
				Points: []quiz.PointResult{{ID: "p", Label: text[:min(len(text), 30+i)], Hit: true}}}
			id, err := s.CreateAttempt(ctx, me, freeQ, quiz.Answer{Text: text}, res, t0)
			if err != nil {
				t.Errorf("answer %d: %v", i, err)
				return
			}
			ids[i] = id
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for i, id := range ids {
		got, err := s.Attempt(ctx, me, id)
		if err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		text := fmt.Sprintf("answer %d: ", i) + strings.Repeat(fmt.Sprintf("lease %d, ", i), 1+i*37%400)
		if got.Answer.Text != text {
			t.Fatalf("answer %d stored as %.40q..., want %.40q...", i, got.Answer.Text, text)
		}
		if got.Result.Score != float64(i)/n || len(got.Result.Points) != 1 || got.Result.Points[0].Label != text[:min(len(text), 30+i)] {
			t.Fatalf("answer %d: result = %+v, want its own score and label", i, got.Result)
		}
	}
}
