package quiz_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// probeG24b names a TSV file (question, sentence) for TestProbeG24b, which
// logs the flags each sentence raises alone and appended to a clean base
// answer, with the raising patterns. A tuning aid; skipped by default.
var probeG24b = flag.String("probe.g24b", "", "TSV file of question<TAB>sentence to probe")

func TestProbeG24b(t *testing.T) {
	if *probeG24b == "" {
		t.Skip("set -probe.g24b=FILE")
	}
	data, err := os.ReadFile(*probeG24b)
	if err != nil {
		t.Fatal(err)
	}
	b := loadBank(t)
	for _, line := range strings.Split(string(data), "\n") {
		qid, s, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		q, ok := b.ByID(qid)
		if !ok {
			t.Errorf("no question %s", qid)
			continue
		}
		r := b.Grade(q, quiz.Answer{Text: s})
		base := g24bBase(qid)
		rb := b.Grade(q, quiz.Answer{Text: base + " " + s})
		r0 := b.Grade(q, quiz.Answer{Text: base})
		t.Logf("%s | %s\n    alone %v | base0 %v pass=%v | withbase %v pass=%v", qid, s, r.FlagIDs(), r0.FlagIDs(), r0.Passed, rb.FlagIDs(), rb.Passed)
		for _, id := range r.FlagIDs() {
			for _, l := range b.ExplainFlagG21a(q, s, id) {
				t.Logf("      %s: %s", id, l)
			}
		}
	}
}
