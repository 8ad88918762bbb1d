package quiz

import (
	"reflect"
	"testing"
)

// TestPatternParserBankReusesItsParses: a bank compiled by a
// PatternParser reuses the patterns the parser checked (a concept checked
// before the bank compiles is not parsed again) and grades as a bank
// compiled afresh; a second bank from the same parser gets a cache of its
// own, so neither bank's lexicon renumbers the other's word sets.
func TestPatternParserBankReusesItsParses(t *testing.T) {
	syn := Synonyms{
		CommonSynonyms:  {"storage": {"storage", "database", "data store"}},
		ConceptSynonyms: {"stale": {"@storage & reject* & stale|old"}},
	}
	flags := []RedFlag{{ID: "plain-del", Label: "plain DEL", Severity: SeverityFatal, Why: "w",
		Match: []string{"%stale", "del|delete & -not|never & key"}}}
	var pp PatternParser
	checked, err := pp.Parse(syn[ConceptSynonyms]["stale"][0], syn, "")
	if err != nil {
		t.Fatal(err)
	}
	first, err := pp.NewBank(nil, flags, syn)
	if err != nil {
		t.Fatal(err)
	}
	second, err := pp.NewBank(nil, flags, syn)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := NewBank(nil, flags, syn)
	if err != nil {
		t.Fatal(err)
	}
	f1, _ := first.Flag("plain-del")
	f2, _ := second.Flag("plain-del")
	if f1.match[0] != checked {
		t.Error("the first bank parsed the checked concept again")
	}
	if f2.match[0] == checked {
		t.Error("the second bank shares the first bank's patterns")
	}
	for _, b := range []*Bank{first, second} {
		f, _ := b.Flag("plain-del")
		for _, p := range f.match {
			for _, e := range append(append([]elem(nil), p.parts...), p.exclude...) {
				e.eachLeaf(func(w *wordSet) {
					if w.lex != b.lex {
						t.Errorf("%s: a word set numbered by another bank's lexicon", p)
					}
				})
			}
		}
	}
	q := &Question{ID: "q", Kind: KindFreeText}
	for _, text := range []string{
		"The database rejects the stale write.",
		"Just delete the key when you are done.",
		"Never delete the key without checking the token.",
	} {
		want := fresh.Grade(q, Answer{Text: text}).Flags
		for i, b := range []*Bank{first, second} {
			if got := b.Grade(q, Answer{Text: text}).Flags; !reflect.DeepEqual(got, want) {
				t.Errorf("%q: bank %d raises %v, a fresh bank %v", text, i+1, got, want)
			}
		}
	}
}
