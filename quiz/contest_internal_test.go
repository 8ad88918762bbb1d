package quiz

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// TestBankVersionCoversEveryRubricField: a dispute records the bank's
// version, so a change to anything that can change a grade changes it: a
// flag's counterparts and which flags a question watches included (they
// were left out when the counterparts arrived).
func TestBankVersionCoversEveryRubricField(t *testing.T) {
	b := &Bank{flags: []*RedFlag{{ID: "f", Severity: SeverityMajor, Match: []string{"a & b"}}}, questions: []*Question{{ID: "q", Flags: []string{"f"}}}}
	base := bankVersion(b, nil)
	b.flags[0].Counter = []string{"c"}
	counter := bankVersion(b, nil)
	if counter == base {
		t.Error("a flag's new counterpart left the bank version unchanged")
	}
	b.questions[0].Flags = nil
	if bankVersion(b, nil) == counter {
		t.Error("a question that stopped watching a flag left the bank version unchanged")
	}
}

// TestBankVersionLines: bankVersion writes the lines fmt wrote, so every
// stored verdict keeps naming the bank that judged it: a bank's version
// is unchanged by how it is computed.
func TestBankVersionLines(t *testing.T) {
	b := &Bank{
		flags: []*RedFlag{
			{ID: "f", Severity: SeverityMajor, Match: []string{`a & "b"`, "-not|never é\t\x01"}, Unless: []string{"u"}},
			{ID: "g", Severity: SeverityFatal, Match: []string{"x"}, Explicit: []string{"y ~3 z"}, Counter: []string{}},
		},
		questions: []*Question{
			{ID: "q", Flags: []string{"f"}, MinBreadth: 1, Points: []Point{
				{ID: "p", Core: true, Weight: 0.5, Match: []string{"%concept", "@set & b"}, Requires: []string{"r"}},
				{ID: "p2", Weight: 1e21, Match: []string{"café\\"}},
				{ID: "p3", Weight: 1e-7},
			}},
			{ID: "o", Steps: []Step{{ID: "s1", MustPrecede: []Precede{{Step: "s2", Race: "a race"}}}, {ID: "s2"}}},
		},
	}
	syn := Synonyms{"common": {"set": {"a b", "c"}}, "leases": {"x": {"y"}}}
	for _, s := range []Synonyms{nil, syn} {
		if got, want := bankVersion(b, s), bankVersionFmt(b, s); got != want {
			t.Errorf("bankVersion = %s, fmt's lines give %s", got, want)
		}
	}
}

// bankVersionFmt is bankVersion as first written, with fmt (and the
// min_breadth line questions have since grader g15).
func bankVersionFmt(b *Bank, syn Synonyms) string {
	h := sha256.New()
	for _, f := range b.flags {
		fmt.Fprintf(h, "flag %s %s %q %q %q\n", f.ID, f.Severity, f.Match, f.Unless, f.Counter)
		if len(f.Explicit) > 0 {
			fmt.Fprintf(h, "explicit %s %q\n", f.ID, f.Explicit)
		}
	}
	for _, q := range b.questions {
		fmt.Fprintf(h, "flags %s %q\n", q.ID, q.Flags)
		if q.MinBreadth != 0 {
			fmt.Fprintf(h, "min_breadth %s %d\n", q.ID, q.MinBreadth)
		}
		for _, p := range q.Points {
			fmt.Fprintf(h, "point %s %s %v %v %q %q\n", q.ID, p.ID, p.Core, p.Weight, p.Match, p.Requires)
		}
		for _, s := range q.Steps {
			fmt.Fprintf(h, "step %s %s %v\n", q.ID, s.ID, s.MustPrecede)
		}
	}
	var topics []string
	for t := range syn {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	for _, t := range topics {
		var names []string
		for n := range syn[t] {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(h, "syn %s %s %s\n", t, n, strings.Join(syn[t][n], "|"))
		}
	}
	fmt.Fprintf(h, "reader %x\n", sha256.Sum256(readerModelFile))
	return graderGeneration + "-" + hex.EncodeToString(h.Sum(nil))[:12]
}
