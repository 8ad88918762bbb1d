package store_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"lockdrill/quiz"
	"lockdrill/store"
)

// BenchmarkCreateAttemptParallel measures answers stored through the single
// writer by many goroutines at once, with the largest answer the app
// accepts (quiz.MaxAnswerChars characters) and a result of 40 key points:
// ~21 KB of JSON together. Each goroutine is its own learner, under no
// quota.
func BenchmarkCreateAttemptParallel(b *testing.B) {
	benchCreateAttempts(b, quiz.MaxAnswerChars, 40, 48)
}

// BenchmarkCreateAttemptParallelTypical is the same with an answer of a
// paragraph or two (~1 KB) and a result of six key points (~1.3 KB; the
// grader's results for the bank's free-text questions average about that):
// at this size what a write costs is the commit's pages and the writer's
// turns more than the bytes.
func BenchmarkCreateAttemptParallelTypical(b *testing.B) {
	benchCreateAttempts(b, 1100, 6, 12)
}

// benchCreateAttempts stores answers of answerChars characters, with
// results of points key points whose labels are labelWords words long.
// Answers and labels are cut from real answers (the blind corpus's tuning
// writers), each write its own, so that the bytes stored compress as
// learners' text does: a sentence repeated would compress to nothing and
// flatter any encoding that compresses.
func benchCreateAttempts(b *testing.B, answerChars, points, labelWords int) {
	corpus := benchCorpus(b)
	s := mustOpen(b, "")
	s.SetLimits(store.Limits{})
	ctx := context.Background()
	// Distinct answers, each from its own place in the corpus, built
	// before the clock starts; goroutines take them in turn from their
	// own starting point.
	type write struct {
		a   quiz.Answer
		res quiz.Result
	}
	ws := make([]write, 64)
	for v := range ws {
		off := v * 7919
		res := quiz.Result{Question: freeQ.ID, Kind: freeQ.Kind, Score: 0.5, Suggested: quiz.Good}
		for p := range points {
			res.Points = append(res.Points, quiz.PointResult{ID: strings.ToLower(strings.Join(strings.Fields(corpus.words(off+p*17, 3)), "-")),
				Label: corpus.words(off+p*131, labelWords), Dimension: "failure-modes", Hit: p%3 != 0, Weight: 1,
				Spans: []quiz.Span{{Start: p * 40 % answerChars, End: (p*40 + 35) % answerChars}}})
		}
		ws[v] = write{quiz.Answer{Text: corpus.cut(off, answerChars)}, res}
	}
	var goroutines atomic.Int64
	b.SetParallelism(16)
	b.ReportAllocs()
	b.ResetTimer()
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
		for i := int(goroutines.Add(1)) * 5; pb.Next(); i++ {
			w := ws[i%len(ws)]
			if _, err := s.CreateAttempt(ctx, learner, freeQ, w.a, w.res, t0); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// benchText is the answers of some tuning writers of the blind corpus,
// joined into one text.
type benchText struct{ text string }

// benchCorpus reads the answers of the blind corpus's first tuning writers
// (never the validation or holdout ones).
func benchCorpus(tb testing.TB) benchText {
	tb.Helper()
	var sb strings.Builder
	for _, w := range []string{"A", "B", "C", "D", "E", "F", "G", "H"} {
		f, err := os.Open(filepath.Join("..", "quiz", "testdata", "blind", "writer-"+w+".jsonl"))
		if err != nil {
			tb.Fatalf("read corpus: %v", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var line struct {
				Text string `json:"text"`
			}
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				f.Close()
				tb.Fatalf("read corpus writer %s: %v", w, err)
			}
			sb.WriteString(line.Text)
			sb.WriteString("\n\n")
		}
		f.Close()
		if err := sc.Err(); err != nil {
			tb.Fatalf("read corpus writer %s: %v", w, err)
		}
	}
	return benchText{sb.String()}
}

// cut returns n characters of the text from about byte off on (wrapping
// round), starting at a character boundary.
func (c benchText) cut(off, n int) string {
	off %= len(c.text)
	for off > 0 && !utf8.RuneStart(c.text[off]) {
		off--
	}
	var sb strings.Builder
	for i := off; n > 0; {
		r, size := utf8.DecodeRuneInString(c.text[i:])
		sb.WriteRune(r)
		n--
		if i += size; i >= len(c.text) {
			i = 0
		}
	}
	return sb.String()
}

// words returns n words of the text from about byte off on.
func (c benchText) words(off, n int) string {
	f := strings.Fields(c.cut(off, 20*n))
	return strings.Join(f[:min(n, len(f))], " ")
}

// cpuTime is the CPU time this process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
