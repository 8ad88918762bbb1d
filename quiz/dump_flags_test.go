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
// can be compared flag by flag and point by point; and, with -dump.g21a.explain, the pass
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
	answers, err := loadBlind(readableWriters())
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, a := range answers {
		q, _ := b.ByID(a.Question)
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		var hits []string
		for _, p := range r.Points {
			if p.Hit {
				hits = append(hits, p.ID)
			}
		}
		fmt.Fprintf(&sb, "%s\t%s\t%s\t%s\tflag=%v\tpassed=%v\thits=%s", a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, r.Passed, strings.Join(hits, ","))
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

// readableWriters are the writers anyone tuning the grader may read: the
// tuning set and the validation writers not kept unread.
func readableWriters() []string {
	writers := append([]string{}, tuningWriters...)
	for _, w := range validationWriters {
		if !slices.Contains(validationUnread, w) {
			writers = append(writers, w)
		}
	}
	return writers
}

var probeFile = flag.String("probe", "", "TSV of id, question, point, probe: print whether the point is hit, the verdict and the flags for each")

// TestProbes (gated by -probe=FILE; run with -v) grades each probe sentence of a
// review's appendix and prints whether its point is hit, the verdict and
// the flags raised, to compare two builds probe by probe.
func TestProbes(t *testing.T) {
	if *probeFile == "" {
		t.Skip("needs -probe=FILE")
	}
	b := loadBank(t)
	data, err := os.ReadFile(*probeFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		p := strings.Split(line, "\t")
		if len(p) < 4 {
			continue
		}
		q, ok := b.ByID(p[1])
		if !ok {
			t.Errorf("probe %s: no question %q", p[0], p[1])
			continue
		}
		r := b.Grade(q, quiz.Answer{Text: p[3]})
		hit := "-"
		for _, pt := range r.Points {
			if pt.ID == p[2] && pt.Hit {
				hit = "hit"
			}
		}
		v := "fail"
		if r.Passed {
			v = "PASS"
		}
		fmt.Printf("PROBE\t%s\t%s\t%s\t%s/%s\t%v\n", p[0], p[1], p[2], hit, v, r.FlagIDs())
	}
}
