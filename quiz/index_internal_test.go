package quiz

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// SetUntabled makes b's patterns match by walking their trees, their
// tables and needs unused (see lexicon.untabled), for tests outside the
// package that compare the two ways.
func SetUntabled(b *Bank, on bool) { b.lex.untabled = on }

// markedDoc analyses text and marks it with a lexicon of pats, as a bank
// does with every answer.
func markedDoc(t *testing.T, text string, pats ...string) (*doc, []*Pattern) {
	t.Helper()
	x := newLexicon()
	var ps []*Pattern
	for _, src := range pats {
		p, err := ParsePattern(src, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		x.add(p)
		ps = append(ps, p)
	}
	d := analyseWith(text, nil)
	x.mark(d)
	return d, ps
}

// TestPatternMissingAWordIsNeverTried: a pattern one of whose needed
// words (a part's only word, or any word of a phrase) is absent from the
// answer is skipped without computing anything of it, while one whose
// words are all there is tried and matches.
func TestPatternMissingAWordIsNeverTried(t *testing.T) {
	const text = "The storage rejects the old holder's write. A fencing number goes with it."
	d, ps := markedDoc(t, text,
		"fencing token & storage reject*",   // "token" missing from the phrase
		"zookeeper & reject*",               // "zookeeper" missing
		"storage|zookeeper & reject*",       // an alternative occurs
		"fencing number|fencing token & go", // one phrase of two occurs
	)
	for _, c := range []struct {
		p      *Pattern
		absent bool
	}{{ps[0], true}, {ps[1], true}, {ps[2], false}, {ps[3], false}} {
		if got := c.p.absent(d); got != c.absent {
			t.Errorf("%s: absent = %v, want %v", c.p, got, c.absent)
		}
		ctx := d.lexEvals[c.p.pid]
		if c.absent {
			// Never tried: no part's starts were computed.
			for k, f := range ctx.parts {
				if f != nil {
					t.Errorf("%s: part %d computed although the pattern is skipped", c.p, k)
				}
			}
			for si := range d.sents {
				if _, ok := c.p.find(d, si); ok {
					t.Errorf("%s: skipped but found in sentence %d", c.p, si)
				}
			}
			continue
		}
		found := false
		for si := range d.sents {
			_, ok := c.p.find(d, si)
			found = found || ok
		}
		if !found {
			t.Errorf("%s: not found in %q", c.p, text)
		}
	}
}

// TestNeedClauses: what a pattern needs, as clauses of word sets: each
// word of a phrase on its own, alternatives as one clause of the words
// they may start with.
func TestNeedClauses(t *testing.T) {
	_, ps := markedDoc(t, "", "fencing token|epoch & storage", "-client & lease")
	p := ps[0]
	// "fencing token|epoch" needs one of {fencing, epoch}: the phrase is
	// one alternative, so its second word is not needed on its own.
	// "storage" is a clause of its own.
	if len(p.need) != 2 {
		t.Fatalf("%s: %d clauses %v, want 2", p, len(p.need), p.need)
	}
	if len(p.need[0]) != 2 || len(p.need[1]) != 1 {
		t.Errorf("%s: clauses %v, want two word sets then one", p, p.need)
	}
	// Exclusions are never needed.
	if q := ps[1]; len(q.need) != 1 || len(q.firstGids) != 2 {
		t.Errorf("%s: need %v, firsts %v: want only the lease needed, both tabled", q, q.need, q.firstGids)
	}
}

// TestWordCacheSharesForms: the cache returns one *wordForms per word,
// from any goroutine, publishes what it learns so that reads need no
// lock, and stops remembering at its bound.
func TestWordCacheSharesForms(t *testing.T) {
	c := &wordCache{}
	words := make([]string, 500)
	for i := range words {
		words[i] = "word" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	got := make([][]*wordForms, 4)
	done := make(chan int)
	for g := range got {
		go func() {
			got[g] = make([]*wordForms, len(words))
			for rep := range 3 {
				for i := range words {
					w := words[(i*7+g+rep)%len(words)]
					if f := c.forms(w); got[g][(i*7+g+rep)%len(words)] == nil {
						got[g][(i*7+g+rep)%len(words)] = f
					}
				}
			}
			done <- g
		}()
	}
	for range got {
		<-done
	}
	for i, w := range words {
		f := got[0][i]
		if f == nil || f.stem != stem(w) {
			t.Fatalf("%q: forms %+v", w, f)
		}
		for g := range got[1:] {
			if got[g+1][i] != f {
				t.Fatalf("%q: goroutines got different forms", w)
			}
		}
		if c.forms(w) != f {
			t.Fatalf("%q: forms changed", w)
		}
	}
	// Asked for again and again, every word ends up published: as many
	// rounds as freshHits, so even a single word left unpublished by the
	// goroutines above gathers the reads that publish it (with 20 rounds,
	// one to three such words never did, so the test failed now and then).
	for range freshHits + 1 {
		for _, w := range words {
			c.forms(w)
		}
	}
	published := 0
	if m := c.seen.Load(); m != nil {
		published = len(*m)
	}
	if published != len(words) {
		t.Errorf("published %d words, want %d", published, len(words))
	}
	// Past the bound, words are computed but not remembered.
	c.mu.Lock()
	c.n = maxCachedWords
	c.mu.Unlock()
	if a, b := c.forms("unremembered"), c.forms("unremembered"); a == b || a.stem != b.stem {
		t.Errorf("past the bound: %p %p, want two computations of the same forms", a, b)
	}
}

// SetCacheSets switches the parsing of each synonym set once per bank on
// or off (see setCache), for tests outside the package.
func SetCacheSets(on bool) { uncachedSets.Store(!on) }

// TestSynonymSetParsedOnceEqualsParsedEachTime: patterns that use the
// same sets, in alternatives, phrases and exclusions, from a topic that
// overrides a common set and from one that does not, compile to the same
// trees whether each set is parsed every time or once and shared; and a
// set is shared by the patterns that resolve it to the same owner, never
// by a topic that overrides it.
func TestSynonymSetParsedOnceEqualsParsedEachTime(t *testing.T) {
	syn := Synonyms{
		CommonSynonyms: {
			"storage": {"storage", "database", "data store", "backend*", "resource"},
			"reject":  {"reject*", "refuse*", "turn away", "throw out"},
		},
		"fencing": {"storage": {"storage", "disk"}},
	}
	srcs := []string{
		"@storage & @reject",
		"the @storage|zookeeper & @reject & -?never",
		"@storage ~5 @reject",
		"@reject the write & -client @storage",
		"!@storage & check*",
	}
	cache := &setCache{}
	for _, topic := range []string{"", "fencing", "redlock"} {
		for _, src := range srcs {
			plain, err := ParsePattern(src, syn, topic)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // the second time every set comes from the cache
				cached, err := parsePattern(src, syn, topic, cache)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(plain, cached) {
					t.Errorf("%s (topic %q): parsed with the set cache differs", src, topic)
				}
			}
		}
	}
	// "@storage & @reject": its first part is the storage set itself.
	storage := func(topic string) elem {
		p, err := parsePattern(srcs[0], syn, topic, cache)
		if err != nil {
			t.Fatal(err)
		}
		return p.parts[0]
	}
	// Two patterns that resolve @storage to the same set share its
	// tree; a topic that overrides it has its own.
	inPhrase, err := parsePattern("the @storage", syn, "redlock", cache)
	if err != nil {
		t.Fatal(err)
	}
	common, fencing := storage(""), storage("fencing")
	if !sameElem(common, storage("redlock")) || !sameElem(common, inPhrase.parts[0].(*seqElem).elems[1]) {
		t.Error("the common storage set is not shared by the patterns that use it")
	}
	if sameElem(common, fencing) || !sameElem(fencing, storage("fencing")) {
		t.Error("the fencing topic's own storage set is shared with the common one, or not with its own patterns")
	}
	if _, ok := cache.m.Load(setKey("fencing", "storage")); !ok {
		t.Error("the topic's own set was not cached under the topic")
	}
	// A bad set is reported as before, and not cached.
	bad := Synonyms{CommonSynonyms: {"x": {"ok", "ab*"}}}
	_, err1 := ParsePattern("@x", bad, "")
	_, err2 := parsePattern("@x", bad, "", cache)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("bad set: %v, with the cache %v", err1, err2)
	}
}

// sameElem reports whether a and b are the same tree, not copies.
func sameElem(a, b elem) bool {
	var wa, wb []*wordSet
	a.eachLeaf(func(w *wordSet) { wa = append(wa, w) })
	b.eachLeaf(func(w *wordSet) { wb = append(wb, w) })
	return len(wa) > 0 && slices.Equal(wa, wb)
}

// TestLeafKey: a word set's key is its stems and prefixes, as joined.
func TestLeafKey(t *testing.T) {
	for _, w := range []*wordSet{{}, {stems: []string{"fenc"}}, {stems: []string{"a", "bc"}, prefixes: []string{"expir", "laps"}}, {prefixes: []string{"time"}}} {
		want := strings.Join(w.stems, " ") + "|" + strings.Join(w.prefixes, " ")
		if got := leafKey(w); got != want {
			t.Errorf("%+v: key %q, want %q", w, got, want)
		}
	}
}

// TestAlternativesTriedWhereTheyStart: a part's alternatives are tabled
// by the word sets they start with, and at a token only those that may
// start there are tried; the part matches as its tree does.
func TestAlternativesTriedWhereTheyStart(t *testing.T) {
	d, ps := markedDoc(t, "The zookeeper zxid and the fencing token both rise.", "fencing token|zookeeper zxid|epoch & rise")
	p := ps[0]
	if len(p.altFirsts) != 2 || len(p.altFirsts[0]) != 3 || p.altFirsts[1] != nil {
		t.Fatalf("altFirsts %v: want the three alternatives of part 0 tabled, part 1 (one word) not", p.altFirsts)
	}
	c := d.evalFor(p)
	sn := d.sents[0]
	for i := sn.from; i < sn.to; i++ {
		got, want := c.elemEnds(0, p.parts[0], i, sn.to), p.parts[0].ends(c, i, sn.to)
		if got != want {
			t.Errorf("token %d (%s): tabled ends %b, tree %b", i, d.toks[i].raw, got, want)
		}
	}
	if _, ok := p.find(d, 0); !ok {
		t.Error("not found")
	}
}

// TestWordRuneASCIIFastPath: the ASCII shortcut of isWordRune agrees
// with the Unicode tables.
func TestWordRuneASCIIFastPath(t *testing.T) {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		if want := unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'; isWordRune(r) != want {
			t.Errorf("%q: isWordRune %v, want %v", r, !want, want)
		}
	}
}
