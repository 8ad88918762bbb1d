package quiz_test

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

var speedG22s = flag.String("speed.g22s", "", "file for TestGradeBlindDigestG22s's digest of every tuning answer's grade (compare two builds: a speed-up must leave it unchanged)")

// TestGradeBlindDigestG22s grades every answer of the tuning writers
// against its question and writes, one line per answer, its writer, its
// line and the SHA-256 of the result as JSON (never the text), so that two
// builds' files can be diffed: a change meant only for speed must leave
// every grade byte for byte the same. Gated: it compares builds.
func TestGradeBlindDigestG22s(t *testing.T) {
	if *speedG22s == "" {
		t.Skip("-speed.g22s=FILE")
	}
	b, err := loadBankForFuzz()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	n := 0
	for _, w := range tuningWriters {
		answers, err := loadBlind([]string{w})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range answers {
			q, ok := b.ByID(a.Question)
			if !ok {
				fmt.Fprintf(&out, "%s\t%d\tnoq\n", w, i)
				continue
			}
			js, err := json.Marshal(b.Grade(q, quiz.Answer{Text: a.Text}))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "%s\t%d\t%x\n", w, i, sha256.Sum256(js))
			n++
		}
	}
	if err := os.WriteFile(*speedG22s, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d answers", n)
}
