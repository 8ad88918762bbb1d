package store_test

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// BenchmarkCreateAttemptParallel measures answers stored through the single
// writer by many goroutines at once, with an answer and result of the size
// the review measured (~21 KB together). Each goroutine is its own learner,
// under no quota.
func BenchmarkCreateAttemptParallel(b *testing.B) {
	benchCreateAttempts(b, 110, 40, 40)
}

// BenchmarkCreateAttemptParallelTypical is the same with an answer of a
// paragraph or two (~1 KB) and a result of six key points (~1.3 KB; the
// grader's results for the bank's free-text questions average about that):
// at this size what a write costs is the commit's pages and the writer's
// turns more than the bytes.
func BenchmarkCreateAttemptParallelTypical(b *testing.B) {
	benchCreateAttempts(b, 25, 6, 12)
}

// benchCreateAttempts stores answers of sentences sentences, with results
// of points key points whose labels are labelWords words long.
func benchCreateAttempts(b *testing.B, sentences, points, labelWords int) {
	s := mustOpen(b, "")
	s.SetLimits(store.Limits{})
	ctx := context.Background()
	text := strings.Repeat("A fencing token is checked by the resource. ", sentences)
	res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.5}
	for range points {
		res.Points = append(res.Points, quiz.PointResult{ID: "p", Label: strings.Repeat("label ", labelWords), Hit: true, Weight: 1, Spans: []quiz.Span{{Start: 1, End: 9}}})
	}
	b.SetParallelism(16)
	b.ReportAllocs()
	// On a shared machine wall time swings with the neighbours' load; the
	// process's own CPU time per write (all cores, GC and SQLite
	// included) does not.
	cpu := cpuTime()
	defer func() {
		if d := cpuTime() - cpu; d > 0 {
			b.ReportMetric(float64(d.Microseconds())/float64(b.N), "cpu-µs/op")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
		}
	}()
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

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
