package quiz

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestEachAlternativeAsJoined: a part's alternatives read in place are
// those its words joined and split at "|" give (how parsePartOnce read
// them before), empty ones included, for random parts of words, bars and
// words with bars inside or at their ends.
func TestEachAlternativeAsJoined(t *testing.T) {
	pieces := []string{"lease", "is", "not", "|", "a|b", "|c", "d|", "||", "x||y", "@set", "fenc*", "can't", "-not"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		words := make([]string, 1+r.IntN(6))
		for i := range words {
			words[i] = pieces[r.IntN(len(pieces))]
		}
		var want [][]string
		for a := range strings.SplitSeq(strings.Join(words, " "), "|") {
			want = append(want, strings.Fields(a))
		}
		var got [][]string
		_ = eachAlternative(words, func(ws []string) error {
			got = append(got, slices.Clone(ws))
			return nil
		})
		if !slices.EqualFunc(got, want, func(a, b []string) bool { return slices.Equal(a, b) }) {
			t.Fatalf("alternatives of %q = %q, want %q", words, got, want)
		}
	}
}

// TestGatherHeaderAtSentenceStart: a colon that opens the answer's first
// sentence has no header before it (grader g21t's golden run found
// answers for which grading panicked reading one at index -1).
func TestGatherHeaderAtSentenceStart(t *testing.T) {
	toks := []token{{raw: ":", clause: true, brk: ':'}, {raw: "lease"}}
	if gatherHeader(toks, 0, 0) {
		t.Error("a colon opening the sentence read as a gather header")
	}
}
