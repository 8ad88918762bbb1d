package quiz

import "testing"

// SetWholeMark makes b mark every answer with every word set of its
// lexicon, the question's relevance unused (see lexicon.wholeMark), for
// tests outside the package that compare the two ways.
func SetWholeMark(b *Bank, on bool) { b.lex.wholeMark = on }

// TestPatternOutsideTheRelevanceStillSeesItsWords: an answer marked with
// the word sets of one pattern only (a question's relevance) still lets a
// pattern the relevance does not list find its words, as it would on an
// answer marked with everything: grading that reads a pattern relevantTo
// did not foresee cannot miss a match.
func TestPatternOutsideTheRelevanceStillSeesItsWords(t *testing.T) {
	x := newLexicon()
	var ps []*Pattern
	for _, src := range []string{"fencing token", "storage & reject* & lower|older"} {
		p, err := ParsePattern(src, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		x.add(p)
		ps = append(ps, p)
	}
	text := "Each write carries a fencing token. The storage rejects any write with a lower token."
	q := &Question{Points: []Point{{match: ps[:1]}}}
	rel := x.relevantTo(q, nil)
	if !rel.holds(ps[0]) || rel.holds(ps[1]) {
		t.Fatalf("relevance holds %v, %v; want only the first pattern", rel.holds(ps[0]), rel.holds(ps[1]))
	}
	d := analyseWith(text, nil)
	x.markFor(d, rel)
	whole := analyseWith(text, nil)
	x.mark(whole)
	for i, p := range ps {
		for si := range d.sents {
			got, gotOK := p.find(d, si)
			want, wantOK := p.find(whole, si)
			if gotOK != wantOK || gotOK && !equalSpans(got.spans, want.spans) {
				t.Errorf("pattern %d, sentence %d: found %v %v with the relevance, %v %v marked whole", i, si, gotOK, got.spans, wantOK, want.spans)
			}
		}
	}
	if _, ok := ps[1].find(d, 1); !ok {
		t.Errorf("%q not found in %q on a doc marked for another pattern", ps[1], text)
	}
}

func equalSpans(a, b [][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
