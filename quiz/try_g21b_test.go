package quiz_test

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// tryG21b names a file of "question<TAB>text" lines that TestTryG21b grades,
// printing each line's flags, score and verdict: a scratch tool for
// writing patterns, skipped unless the flag is set.
var tryG21b = flag.String("try.g21b", "", "file of question<TAB>text lines to grade and print")

func TestTryG21b(t *testing.T) {
	if *tryG21b == "" {
		t.Skip("set -try.g21b=FILE")
	}
	b := loadBank(t)
	f, err := os.Open(*tryG21b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		qid, text, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		q, ok := b.ByID(qid)
		if !ok {
			t.Errorf("no question %s", qid)
			continue
		}
		r := b.Grade(q, quiz.Answer{Text: text})
		raw := quiz.Grade(q, quiz.Answer{Text: text}, b.FlagsFor(q))
		fmt.Printf("%-24s pass=%-5v %.2f flags=%v patterns=%v | %.90s\n", qid, r.Passed, r.Score, r.FlagIDs(), raw.FlagIDs(), text)
	}
}
