package quiz

import (
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/aaaton/golem/v4"

	"lockdrill/internal/strtable"
)

var updateLemmas = flag.Bool("update-lemmas", false, "rewrite lemma_gen.go from lemmas/english.tsv")

// tsvPack is golem's language pack for the table on disk.
type tsvPack []byte

func (p tsvPack) GetResource() ([]byte, error) { return p, nil }
func (tsvPack) GetLocale() string              { return "en" }

// TestLemmaTableIsCurrent: the table compiled into lemma_gen.go gives every
// word of lemmas/english.tsv the lemma golem gives it (golem read the
// table at run time before), and holds no other word; with -update-lemmas
// it rewrites lemma_gen.go instead.
func TestLemmaTableIsCurrent(t *testing.T) {
	tsv, err := os.ReadFile("lemmas/english.tsv")
	if err != nil {
		t.Fatal(err)
	}
	gl, err := golem.New(tsvPack(tsv))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for line := range strings.SplitSeq(string(tsv), "\n") {
		for w := range strings.SplitSeq(line, "\t") {
			if w != "" {
				want[w] = gl.Lemma(w)
			}
		}
	}
	if *updateLemmas {
		writeLemmaTable(t, want)
		return
	}
	if len(want) != len(lemmaForms) {
		t.Errorf("lemma_gen.go holds %d words, the table %d; run go test ./quiz -run TestLemmaTableIsCurrent -update-lemmas", len(lemmaForms), len(want))
	}
	if !slices.IsSorted(lemmaForms[:]) {
		t.Fatal("lemmaForms is not sorted: lemma's binary search misses words")
	}
	for w, l := range want {
		if got := lemma(w); got != l {
			t.Errorf("lemma(%q) = %q, golem %q; rerun with -update-lemmas", w, got, l)
		}
		if up := strings.ToUpper(w); lemma(up) != gl.Lemma(up) {
			t.Errorf("lemma(%q) = %q, golem %q", up, lemma(up), gl.Lemma(up))
		}
	}
	for _, w := range []string{"lease", "fencing", "Redlock", ""} {
		if got := lemma(w); got != gl.Lemma(w) {
			t.Errorf("lemma(%q) = %q, golem %q", w, got, gl.Lemma(w))
		}
	}
}

func writeLemmaTable(t *testing.T, lemmas map[string]string) {
	tab := strtable.Table{Generator: "TestLemmaTableIsCurrent -update-lemmas", Package: "quiz",
		KeysName: "lemmaForms", KeysDoc: "are the words of lemmas/english.tsv, sorted.",
		ValsName: "lemmaBases", ValsDoc: "are their lemmas, in the same order."}
	if err := os.WriteFile("lemma_gen.go", tab.Source(lemmas), 0o644); err != nil {
		t.Fatal(err)
	}
}
