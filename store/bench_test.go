package store_test

import (
	"context"
	"strings"
	"testing"

	"lockdrill/quiz"
	"lockdrill/store"
)

// BenchmarkCreateAttemptParallel measures answers stored through the single
// writer by many goroutines at once, with an answer and result of the size
// the review measured (~21 KB together). Each goroutine is its own learner,
// under no quota.
func BenchmarkCreateAttemptParallel(b *testing.B) {
	s := mustOpen(b, "")
	s.SetLimits(store.Limits{})
	ctx := context.Background()
	text := strings.Repeat("A fencing token is checked by the resource. ", 110) // ~5 KB
	res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.5}
	for range 40 {
		res.Points = append(res.Points, quiz.PointResult{ID: "p", Label: strings.Repeat("label ", 40), Hit: true, Weight: 1, Spans: []quiz.Span{{Start: 1, End: 9}}})
	}
	b.SetParallelism(16)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		learner, err := s.CreateLearner(ctx, t0)
		if err != nil {
			b.Error(err)
			return
		}
		for pb.Next() {
			if _, err := s.CreateAttempt(ctx, learner, freeQ, quiz.Answer{Text: text}, res, t0); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
