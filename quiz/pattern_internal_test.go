package quiz

import (
	"slices"
	"testing"
)

// TestSimpleWordFastPath: a plain word compiles to the same literal
// whether it takes the fast path or is analysed as a text.
func TestSimpleWordFastPath(t *testing.T) {
	for _, w := range []string{"sent", "held", "tokens", "fencing", "lapses", "ran", "kept", "datastore", "x", "zookeeper", "isn", "don"} {
		if !simpleWord(w) {
			t.Fatalf("%q: not simple", w)
		}
		d := analyse(w)
		if len(d.toks) != 1 {
			t.Fatalf("%q: analysed into %d tokens", w, len(d.toks))
		}
		fast := litWord(token{raw: w, wordForms: patternWords.forms(w)})
		slow := litWord(d.toks[0])
		if !slices.Equal(fast.stems, slow.stems) {
			t.Errorf("%q: fast path stems %v, analysed %v", w, fast.stems, slow.stems)
		}
	}
	for _, w := range []string{"", "Token", "re-acquire", "o'clock", "etcd3", "two words"} {
		if simpleWord(w) {
			t.Errorf("%q: taken for a simple word", w)
		}
	}
}
