package quiz

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v2"
)

// TestLocalNegatorExclusionsAsBefore: the rewrite of the red flags'
// exclusions gives what it gave before it was made cheaper, for every
// pattern of the shipped red flags and for random patterns made of the
// pieces that matter (operators, "-", "-?", "-,", "-^", "|", negators,
// auxiliaries, spaces around "|").
func TestLocalNegatorExclusionsAsBefore(t *testing.T) {
	src, err := os.ReadFile("../content/questions/red-flags.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Flags []struct {
			Match, Explicit, Unless, Counter []string
		}
	}
	if err := yaml.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	var pats []string
	for _, f := range doc.Flags {
		pats = append(append(append(append(pats, f.Match...), f.Explicit...), f.Unless...), f.Counter...)
	}
	if len(pats) < 100 {
		t.Fatalf("only %d red flag patterns read", len(pats))
	}
	changed := 0
	for _, p := range pats {
		want := localNegatorExclusionsBefore(p)
		if got := localNegatorExclusions(p); got != want {
			t.Errorf("localNegatorExclusions(%q)\n = %q\nwant %q", p, got, want)
		}
		if want != p {
			changed++
		}
	}
	if changed == 0 {
		t.Fatal("no shipped pattern has a negator in an exclusion: the comparison tests nothing")
	}
	pieces := []string{"&", "~6", "~3", "-", "-?", "-,", "-^", "|", " | ", "not", "never", "no", "is", "is not", "must never",
		"don't", "can’t", "cannot", "NOT", "Is Not", "lease", "fenc*", "key", "-not", "-mistake", "wrong|not", "a|", "|b", "%concept", "--", "-|", "\t", "nor", "does  never"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			p := pieces[r.IntN(len(pieces))]
			b.WriteString(p)
			if r.IntN(3) > 0 {
				b.WriteString(" ")
			}
		}
		p := b.String()
		if got, want := localNegatorExclusions(p), localNegatorExclusionsBefore(p); got != want {
			t.Fatalf("localNegatorExclusions(%q)\n = %q\nwant %q", p, got, want)
		}
	}
}

// localNegatorExclusionsBefore is localNegatorExclusions as it was
// written before it was made cheaper: the reference the new one must
// agree with. It splits each plain exclusion ("-a|b|c", not "-?"
// nor "-,") of src into its negator alternatives ("-^not|never") and the
// rest, kept as they were. Patterns with no such
// exclusion come back unchanged.
func localNegatorExclusionsBefore(src string) string {
	if strings.HasPrefix(src, "%") || !strings.Contains(src, "-") {
		return src
	}
	fields := strings.Fields(src)
	var parts [][]string // words of each part
	var ops []string     // operator after each part but the last
	cur := []string{}
	for _, f := range fields {
		if f == "&" || (strings.HasPrefix(f, "~") && len(f) > 1) {
			parts = append(parts, cur)
			ops = append(ops, f)
			cur = []string{}
			continue
		}
		cur = append(cur, f)
	}
	parts = append(parts, cur)
	changed := false
	var outParts []string
	var outOps []string
	for k, words := range parts {
		text := strings.Join(words, " ")
		var op string
		if k < len(ops) {
			op = ops[k]
		} else if len(ops) > 0 {
			op = ops[len(ops)-1]
		}
		if !strings.HasPrefix(text, "-") || len(text) < 2 || text[1] == '?' || text[1] == ',' || text[1] == '^' {
			outParts = append(outParts, text)
			outOps = append(outOps, op)
			continue
		}
		var negs, rest []string
		for _, a := range strings.Split(text[1:], "|") {
			if negatorAlt(a) {
				negs = append(negs, strings.TrimSpace(a))
			} else {
				rest = append(rest, strings.TrimSpace(a))
			}
		}
		if len(negs) == 0 {
			outParts = append(outParts, text)
			outOps = append(outOps, op)
			continue
		}
		changed = true
		if len(rest) > 0 {
			outParts = append(outParts, "-"+strings.Join(rest, "|"))
			outOps = append(outOps, op)
		}
		outParts = append(outParts, "-^"+strings.Join(negs, "|"))
		outOps = append(outOps, op)
	}
	if !changed {
		return src
	}
	var b strings.Builder
	for k, p := range outParts {
		if k > 0 {
			b.WriteString(" " + outOps[k-1] + " ")
		}
		b.WriteString(p)
	}
	return b.String()
}
