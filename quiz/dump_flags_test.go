package quiz_test

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// dumpG21a names a file for TestDumpFlagsG21a: every flag raised on the
// readable writers' answers (the tuning set and the validation writers
// not kept unread; never a holdout), one line each, so two versions of the grader
// can be compared flag by flag; and, with -dump.g21a.explain, the pass
// answers flagged, with their text, span and raising patterns.
var (
	dumpG21a        = flag.String("dump.g21a", "", "file for TestDumpFlagsG21a's flags on the readable writers (tuning and the validation writers not kept unread)")
	dumpG21aExplain = flag.Bool("dump.g21a.explain", false, "also log each flagged pass answer with its text and raising patterns")
)

func TestDumpFlagsG21a(t *testing.T) {
	if *dumpG21a == "" {
		t.Skip("set -dump.g21a=FILE")
	}
	b := loadBank(t)
	writers := append([]string{}, tuningWriters...)
	for _, w := range validationWriters {
		if !slices.Contains(validationUnread, w) {
			writers = append(writers, w)
		}
	}
	answers, err := loadBlind(writers)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, a := range answers {
		q, _ := b.ByID(a.Question)
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\tflag=%v\tpassed=%v", a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, r.Passed)
		for _, f := range r.Flags {
			if f.Dismissed {
				continue
			}
			span := a.Text[f.Span.Start:f.Span.End]
			fmt.Fprintf(&sb, "\t%s:%s", f.ID, strings.ReplaceAll(span, "\n", " "))
		}
		sb.WriteString("\n")
		if *dumpG21aExplain && a.Label == "pass" && len(r.FlagIDs()) > 0 {
			t.Logf("==== %s %s %s\n%s", a.Writer, a.Question, a.Kind, a.Text)
			for _, fr := range r.Flags {
				t.Logf("-- %s span %q", fr.ID, a.Text[fr.Span.Start:fr.Span.End])
				for _, l := range b.ExplainFlagG21a(q, a.Text, fr.ID) {
					t.Logf("   %s", l)
				}
			}
		}
	}
	if err := os.WriteFile(*dumpG21a, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
