package quiz_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// dumpG20 names a file for TestDumpFlagsG20: every flag raised on the
// readable writers' answers (the tuning set and BK, BL), one line each, so
// two versions of the grader can be compared flag by flag. It never reads
// the kept-unread or holdout writers.
var dumpG20 = flag.String("dump.g20", "", "file for TestDumpFlagsG20's flags on the readable writers (tuning, BK, BL)")

// TestDumpFlagsG20 writes the flags of every readable answer, with the
// span and the label, for comparing grader versions.
func TestDumpFlagsG20(t *testing.T) {
	if *dumpG20 == "" {
		t.Skip("set -dump.g20=FILE")
	}
	b := loadBank(t)
	writers := append(append([]string{}, tuningWriters...), "BK", "BL")
	answers, err := loadBlind(writers)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, a := range answers {
		q, _ := b.ByID(a.Question)
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		for _, f := range r.Flags {
			if f.Dismissed {
				continue
			}
			span := a.Text[f.Span.Start:f.Span.End]
			fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\tflag=%v\t%s\t%s\t%s\n", a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, f.ID, f.Severity, strings.ReplaceAll(span, "\n", " "))
		}
		if len(r.Flags) == 0 {
			fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\tflag=%v\t-\t-\t-\n", a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag)
		}
	}
	if err := os.WriteFile(*dumpG20, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// explainG20 names readable answers (writer:question:kind, comma-separated)
// whose red flags TestExplainFlagsG20 traces to the pattern that raised them.
var explainG20 = flag.String("explain.g20", "", "answers (writer:question:kind,...) whose flags to trace to their patterns")

// TestExplainFlagsG20 prints, for each flag raised on the named answers,
// the index and source of each of its Match patterns that raises it alone
// (compiled without synonym sets, so a pattern using one may not show).
func TestExplainFlagsG20(t *testing.T) {
	if *explainG20 == "" {
		t.Skip("set -explain.g20=W:question:kind,...")
	}
	b := loadBank(t)
	for _, want := range strings.Split(*explainG20, ",") {
		parts := strings.Split(want, ":")
		if len(parts) != 3 || parts[0] == "BM" || parts[0] == "Q" || parts[0] == "R" {
			t.Fatalf("bad or unreadable answer %q", want)
		}
		answers, err := loadBlind([]string{parts[0]})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range answers {
			if a.Question != parts[1] || a.Kind != parts[2] {
				continue
			}
			q, _ := b.ByID(a.Question)
			r := b.Grade(q, quiz.Answer{Text: a.Text})
			for _, fr := range r.Flags {
				for _, f := range b.FlagsFor(q) {
					if f.ID != fr.ID {
						continue
					}
					for i, m := range append(append([]string{}, f.Match...), f.Explicit...) {
						one := &quiz.RedFlag{ID: f.ID, Label: f.Label, Severity: f.Severity, Match: []string{m}}
						g := quiz.Grade(q, quiz.Answer{Text: a.Text}, []*quiz.RedFlag{one})
						for _, gf := range g.Flags {
							if gf.ID == f.ID {
								t.Logf("%s %s: pattern %d %q\n  span %q", want, f.ID, i, m, a.Text[gf.Span.Start:gf.Span.End])
							}
						}
					}
				}
			}
		}
	}
}
