package quiz_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"gopkg.in/yaml.v2"

	"lockdrill/quiz"
)

// TestTabledMatchingEqualsTreeMatching grades every answer of the
// regression corpus and of the blind corpus's tuning writers twice, with
// the bank's compiled tables (needed words, part starts) and by walking
// the pattern trees, and wants the same Result, every span included.
func TestTabledMatchingEqualsTreeMatching(t *testing.T) {
	b, err := loadBankForFuzz() // a bank of its own: the switch is per bank
	if err != nil {
		t.Fatal(err)
	}
	type answer struct{ question, name, text string }
	var answers []answer
	files, err := filepath.Glob("testdata/corpus/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus: %v (%d files)", err, len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c corpusFile
		if err := yaml.Unmarshal(src, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, a := range c.Answers {
			answers = append(answers, answer{c.Question, f + ": " + a.Name, a.Text})
		}
	}
	blind, err := loadBlind(tuningWriters)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range blind {
		answers = append(answers, answer{a.Question, "writer " + a.Writer + " #" + strconv.Itoa(i), a.Text})
	}
	if len(answers) < 1000 {
		t.Fatalf("only %d answers", len(answers))
	}
	differ := 0
	for _, a := range answers {
		q, ok := b.ByID(a.question)
		if !ok {
			t.Fatalf("%s: no question %q", a.name, a.question)
		}
		quiz.SetUntabled(b, false)
		tabled := b.Grade(q, quiz.Answer{Text: a.text})
		quiz.SetUntabled(b, true)
		tree := b.Grade(q, quiz.Answer{Text: a.text})
		if !reflect.DeepEqual(tabled, tree) {
			differ++
			if differ <= 5 {
				t.Errorf("%s: tabled matching gives %+v, tree matching %+v", a.name, tabled, tree)
			}
		}
	}
	quiz.SetUntabled(b, false)
	if differ > 0 {
		t.Errorf("%d of %d answers graded differently", differ, len(answers))
	}
}
