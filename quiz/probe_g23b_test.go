package quiz_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestProbeG23b is an experiment helper, not a check: with G23B_PROBE set to
// a file of "question<TAB>sentence" lines, it prints the flags each sentence
// raises alone and inside the question's correct base answer.
func TestProbeG23b(t *testing.T) {
	path := os.Getenv("G23B_PROBE")
	if path == "" {
		t.Skip("set G23B_PROBE")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := loadBank(t)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		qid, text, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			continue
		}
		q, ok := b.ByID(qid)
		if !ok {
			t.Fatalf("no question %s", qid)
		}
		alone := b.Grade(q, quiz.Answer{Text: text})
		base := precisionG21Base(qid)
		in := b.Grade(q, quiz.Answer{Text: base + " " + text})
		fmt.Printf("%-22s alone=%v in=%v | %s\n", qid, alone.FlagIDs(), in.FlagIDs(), text)
		for _, id := range alone.FlagIDs() {
			fmt.Printf("    %s:%s\n", id, raisingPatterns(b, q, text, id))
		}
	}
}
