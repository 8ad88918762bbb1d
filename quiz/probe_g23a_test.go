package quiz_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// probeG23a names a file of probes for TestProbeG23a: lines "QID<TAB>text"
// (text with \n for a line break), each graded alone and its flags logged
// with the raising patterns. An engineer's tool, skipped by default.
var probeG23a = flag.String("probe.g23a", "", "file of QID<TAB>text lines for TestProbeG23a")

func TestProbeG23a(t *testing.T) {
	if *probeG23a == "" {
		t.Skip("set -probe.g23a=FILE")
	}
	data, err := os.ReadFile(*probeG23a)
	if err != nil {
		t.Fatal(err)
	}
	b := loadBank(t)
	for _, line := range strings.Split(string(data), "\n") {
		id, text, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		text = strings.ReplaceAll(text, `\n`, "\n")
		q, _ := b.ByID(id)
		r := b.Grade(q, quiz.Answer{Text: text})
		t.Logf("== %s %v passed=%v | %s", id, r.FlagIDs(), r.Passed, text)
		for _, f := range r.Flags {
			for _, l := range b.ExplainFlagG21a(q, text, f.ID) {
				t.Logf("   %s: %s", f.ID, l)
			}
		}
	}
}
