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
	for i := 0; i < 1000; i++ {
		rng.Shuffle(len(words), func(a, b int) { words[a], words[b] = words[b], words[a] })
		answer := quiz.Answer{Text: strings.Join(words, " ")}
		if _, err := s.CreateAttempt(ctx, id, q, answer, cat.Questions.Grade(q, answer), t0); err != nil {
			b.Fatal(err)
		}
	}
	e, err := s.ExportLearner(ctx, id, t0)
	if err != nil {
		b.Fatal(err)
	}
	// The store clock is fixed, so make the attempts distinct in time.
	for i := range e.Attempts {
		e.Attempts[i].CreatedAt = e.Attempts[i].CreatedAt.Add(time.Duration(i) * time.Minute)
	}
	plain, _ := json.MarshalIndent(e, "", "  ")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		to, err := s.CreateLearner(ctx, t0)
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
		if sum, err := s.ImportLearner(ctx, to, dec, t0); err != nil || sum.Attempts != 1000 {
			b.Fatalf("import = %+v, %v", sum, err)
		}
	}
	// Reported after the loop: ResetTimer clears metrics reported before it.
	b.ReportMetric(float64(len(plain)), "plain-bytes")
	b.ReportMetric(float64(gz.Len()), "gzip-bytes")
}
