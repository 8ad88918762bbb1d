package quiz_test

import (
	"flag"
	"os"
	"testing"

	"lockdrill/quiz"
)

var adhocG21a = flag.String("adhoc.g21a", "", "question id; text from /tmp/g21a/adhoc.txt")

func TestAdhocG21a(t *testing.T) {
	if *adhocG21a == "" {
		t.Skip()
	}
	b := loadBank(t)
	q, _ := b.ByID(*adhocG21a)
	raw, _ := os.ReadFile("/tmp/g21a/adhoc.txt")
	r := b.Grade(q, quiz.Answer{Text: string(raw)})
	for _, f := range r.Flags {
		t.Logf("%s %q", f.ID, string(raw)[f.Span.Start:f.Span.End])
	}
	t.Logf("passed=%v score=%.2f", r.Passed, r.Score)
}
