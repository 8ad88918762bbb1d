package store_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

// BenchmarkImportLongHistory imports the export of a learner with 1000
// graded free-text answers (the size of months of daily practice) and
// reports the file's size plain and compressed.
func BenchmarkImportLongHistory(b *testing.B) {
	ctx := context.Background()
	s := mustOpen(b, "")
	id, err := s.CreateLearner(ctx, t0)
	if err != nil {
		b.Fatal(err)
	}
	cat, err := content.Load(content.Embedded())
	if err != nil {
		b.Fatal(err)
	}
	q, _ := cat.Questions.ByID("fencing-token")
	text := "A fencing token is a number that goes up with every grant of the lock; the storage remembers the highest it accepted and refuses a write carrying a lower one, so a client that paused past its lease cannot overwrite the newer holder's data."
	// Answers differ from day to day; a varied text keeps the compressed
	// size honest (identical answers would compress far better).
	words := strings.Fields(text)
	rng := rand.New(rand.NewPCG(1, 2))
	// The history is spread as a learner makes it, a dozen answers a day
	// for about three months, so that it stays within the per-day answer
	// quota (DefaultLimits) as a real one would; the store takes the
	// clock from its caller.
	now := t0
	for i := 0; i < 1000; i++ {
		now = t0.Add(time.Duration(i) * 2 * time.Hour)
		rng.Shuffle(len(words), func(a, b int) { words[a], words[b] = words[b], words[a] })
		answer := quiz.Answer{Text: strings.Join(words, " ")}
		if _, err := s.CreateAttempt(ctx, id, q, answer, cat.Questions.Grade(q, answer), now); err != nil {
			b.Fatalf("attempt %d: %v", i, err)
		}
	}
	e, err := s.ExportLearner(ctx, id, now)
	if err != nil {
		b.Fatal(err)
	}
	if len(e.Attempts) != 1000 {
		b.Fatalf("export has %d attempts, want 1000", len(e.Attempts))
	}
	plain, _ := json.MarshalIndent(e, "", "  ")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		// One new learner a minute stays within NewLearnersPerMinute
		// however many iterations the benchmark runs.
		at := now.Add(time.Duration(i+1) * time.Minute)
		to, err := s.CreateLearner(ctx, at)
		if err != nil {
			b.Fatal(err)
		}
		dec, err := store.DecodeExport(bytes.NewReader(plain))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := dec.Validate(store.ImportRules{}); err != nil {
			b.Fatal(err)
		}
		if sum, err := s.ImportLearner(ctx, to, dec, at); err != nil || sum.Attempts != 1000 {
			b.Fatalf("import = %+v, %v", sum, err)
		}
	}
	// Reported after the loop: ResetTimer clears metrics reported before it.
	b.ReportMetric(float64(len(plain)), "plain-bytes")
	b.ReportMetric(float64(gz.Len()), "gzip-bytes")
}
