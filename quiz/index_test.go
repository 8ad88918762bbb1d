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
	differ := 0
	for _, a := range gradedAnswers(t) {
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
		t.Errorf("%d answers graded differently", differ)
	}
}

// TestSetsParsedOnceGradeAsParsedEachTime compiles the bank with each
// synonym set parsed once and copied, and with every use parsed afresh,
// and wants the same Result on every answer of the regression corpus and
// the blind tuning writers.
func TestSetsParsedOnceGradeAsParsedEachTime(t *testing.T) {
	quiz.SetCacheSets(false)
	plain, err := loadBankForFuzz()
	quiz.SetCacheSets(true)
	if err != nil {
		t.Fatal(err)
	}
	cached, err := loadBankForFuzz()
	if err != nil {
		t.Fatal(err)
	}
	if plain.Version() != cached.Version() {
		t.Errorf("bank versions differ: %s, %s", plain.Version(), cached.Version())
	}
	differ := 0
	for _, a := range gradedAnswers(t) {
		q1, _ := plain.ByID(a.question)
		q2, ok := cached.ByID(a.question)
		if !ok {
			t.Fatalf("%s: no question %q", a.name, a.question)
		}
		r1, r2 := plain.Grade(q1, quiz.Answer{Text: a.text}), cached.Grade(q2, quiz.Answer{Text: a.text})
		if !reflect.DeepEqual(r1, r2) {
			differ++
			if differ <= 5 {
				t.Errorf("%s: sets parsed each time give %+v, parsed once %+v", a.name, r1, r2)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d answers graded differently", differ)
	}
}

type gradedAnswer struct{ question, name, text string }

// gradedAnswers are the answers of the regression corpus and of the
// blind corpus's tuning writers.
func gradedAnswers(t *testing.T) []gradedAnswer {
	t.Helper()
	var answers []gradedAnswer
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
			answers = append(answers, gradedAnswer{c.Question, f + ": " + a.Name, a.Text})
		}
	}
	blind, err := loadBlind(tuningWriters)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range blind {
		answers = append(answers, gradedAnswer{a.Question, "writer " + a.Writer + " #" + strconv.Itoa(i), a.Text})
	}
	if len(answers) < 1000 {
		t.Fatalf("only %d answers", len(answers))
	}
	return answers
}
