package quiz_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"gopkg.in/yaml.v2"

	"lockdrill/quiz"
)

// TestRelevanceChangesNoResult: a bank marks each answer only with the
// word sets its question's grading reads (points, flags, exclusions,
// counterparts); every result must be what marking every word set gives.
// Graded both ways: each model answer against every free-text question,
// and each answer of the in-house corpus against its own question.
func TestRelevanceChangesNoResult(t *testing.T) {
	b := loadBank(t)
	var free []*quiz.Question
	for _, q := range b.All() {
		if q.Kind == quiz.KindFreeText {
			free = append(free, q)
		}
	}
	type item struct {
		q    *quiz.Question
		text string
	}
	var items []item
	for _, q := range free {
		for _, m := range free {
			items = append(items, item{q, m.ModelAnswer.Markdown})
		}
		items = append(items, item{q, answer300})
	}
	files, err := filepath.Glob("testdata/corpus/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus: %v (%d files)", err, len(files))
	}
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var cf corpusFile
		if err := yaml.Unmarshal(raw, &cf); err != nil {
			t.Fatal(err)
		}
		q, ok := b.ByID(cf.Question)
		if !ok {
			t.Fatalf("%s: no question %s", path, cf.Question)
		}
		for _, a := range cf.Answers {
			items = append(items, item{q, a.Text})
		}
	}
	// ... and each answer of the blind corpus's tuning and validation
	// writers (never a holdout's: a failure quotes the answer) against its
	// own question.
	blind, err := loadBlind(append(append([]string(nil), tuningWriters...), validationWriters...))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range blind {
		if q, ok := b.ByID(a.Question); ok {
			items = append(items, item{q, a.Text})
		}
	}
	grade := func(it item) string {
		js, err := json.Marshal(b.Grade(it.q, quiz.Answer{Text: it.text}))
		if err != nil {
			t.Fatal(err)
		}
		return string(js)
	}
	var want []string
	quiz.SetWholeMark(b, true)
	for _, it := range items {
		want = append(want, grade(it))
	}
	quiz.SetWholeMark(b, false)
	for i, it := range items {
		if got := grade(it); got != want[i] {
			t.Errorf("%s, answer %.60q...: graded with the question's word sets\n%s\nwith every word set\n%s", it.q.ID, it.text, got, want[i])
		}
	}
	t.Logf("%d gradings compared", len(items))
}
