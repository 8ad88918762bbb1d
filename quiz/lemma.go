package quiz

import (
	"strings"
	"sync"
	"sync/atomic"

	"lockdrill/internal/strtable"
)

// The lemma table, lemmas/english.tsv, is read ahead of time into
// lemma_gen.go (lemmaForms and lemmaBases): two sorted arrays of string
// constants, which the linker lays out, so a start pays nothing for it.
// Parsed at run time by golem, as it was, it cost every cold start some
// 5-9 ms of CPU (a map of 7,000 words built from the 66 KB table).
// TestLemmaTableIsCurrent checks it against golem's reading of the table
// and rewrites it with
//
//	go test ./quiz -run TestLemmaTableIsCurrent -update-lemmas

// lemma returns the base form of an irregular word ("sent" → "send"), or
// raw itself: what golem's Lemma returned for the table, the word
// lower-cased to look it up.
func lemma(raw string) string {
	w := strings.ToLower(raw)
	if base, ok := strtable.Lookup(lemmaForms[:], lemmaBases[:], w); ok {
		return base
	}
	return raw
}

// wordForms are what the grader compares of a word: its stem, and for an
// irregular word its lemma and the lemma's stem ("" when the same).
type wordForms struct {
	raw   string // the word itself
	stem  string // snowball English stem of the word
	lemma string // base form of an irregular word ("sent" → "send"), or ""
	lstem string // stem of lemma, or ""
	// rstem is the stem the second reader knows a word by when bare
	// dropped its lemma ("left" in "time left" is still "leav" to the
	// reader, trained before), or "".
	rstem string
	lex   *lexicon
	gids  []int32 // the word sets of lex the word belongs to
	cls   wordClass
	rel   atomic.Pointer[relGids] // the last question's share of gids, see relevance.gidsOf
	// ruid caches the word's uid in the embedded second reader, by scope
	// (see readerModel.wordUID): uid+2, 1 for a word the model does not
	// know, 0 before it is looked up.
	ruid [4]atomic.Int32
}

func formsOf(raw string, lex *lexicon) *wordForms {
	w := &wordForms{raw: raw, stem: stem(raw), cls: classOf(raw)}
	if lex != nil {
		defer func() { w.lex, w.gids = lex, lex.gidsOf(raw, w) }()
	}
	if l := lemma(raw); l != raw {
		w.lemma, w.lstem = l, stem(l)
	} else if l, ok := acronymPlural(raw); ok {
		w.lemma, w.lstem = l, stem(l)
	}
	return w
}

// bare returns the forms of raw read as written, without the lemma of
// an irregular word: "left" as in "time left", which is no form of
// "leave". Such words are few and rare, so they are not remembered.
func (c *wordCache) bare(raw string) *wordForms {
	var lex *lexicon
	if c != nil {
		lex = c.lex
	}
	w := &wordForms{raw: raw, stem: stem(raw), cls: classOf(raw)}
	if l := lemma(raw); l != raw {
		w.rstem = stem(l)
	}
	if lex != nil {
		w.lex, w.gids = lex, lex.gidsOf(raw, w)
	}
	return w
}

// acronymPlural reports the singular of an acronym's plural ("ttls" →
// "ttl", "vms" → "vm"), which the stemmer keeps whole: it drops a final
// "s" only after a vowel.
func acronymPlural(raw string) (string, bool) {
	if len(raw) < 3 || len(raw) > 6 || raw[len(raw)-1] != 's' || raw[len(raw)-2] == 's' {
		return "", false
	}
	for _, r := range raw[:len(raw)-1] {
		if r < 'a' || r > 'z' || strings.ContainsRune("aeiouy", r) {
			return "", false
		}
	}
	return raw[:len(raw)-1], true
}

// maxCachedWords bounds a wordCache: past it, new words are computed
// every time, so an endless stream of invented words cannot grow memory.
const maxCachedWords = 50000

// wordCache remembers the forms of words already seen, with the word sets
// of its lexicon they belong to. It is safe for concurrent use; a Bank
// owns one. Reads take no lock: the words are kept in a map that is never
// written once published (seen), and the words met since then in a
// locked one (fresh), published with them in a copy once there are enough
// of them, or once they are asked for often enough, to be worth the copy.
type wordCache struct {
	// hot is a direct-mapped cache in front of the maps: a slot per hash
	// of the word, holding the last cached word of that hash.
	hot   [hotSlots]atomic.Pointer[wordForms]
	lex   *lexicon
	seen  atomic.Pointer[map[string]*wordForms]
	mu    sync.Mutex
	fresh map[string]*wordForms // words not yet in seen, under mu
	hits  int                   // reads answered from fresh since it was last published
	n     int                   // words in seen and fresh, under mu
}

// forms returns the forms of raw, computing and (within the bound)
// remembering them. A nil cache computes every time.
func (c *wordCache) forms(raw string) *wordForms {
	if c == nil {
		return formsOf(raw, nil)
	}
	slot := &c.hot[hotSlot(raw)]
	if w := slot.Load(); w != nil && w.raw == raw {
		return w
	}
	if m := c.seen.Load(); m != nil {
		if w, ok := (*m)[raw]; ok {
			slot.Store(w)
			return w
		}
	}
	c.mu.Lock()
	w, ok := c.fresh[raw]
	if ok {
		c.hits++
		if m := c.seen.Load(); c.hits >= freshHits && (m == nil || c.hits >= len(*m)/8) {
			c.publish()
		}
	}
	c.mu.Unlock()
	if ok {
		return w
	}
	w = formsOf(raw, c.lex) // outside the lock: the stemming is the cost
	c.mu.Lock()
	defer c.mu.Unlock()
	if m := c.seen.Load(); m != nil {
		if old, ok := (*m)[raw]; ok {
			return old
		}
	}
	if old, ok := c.fresh[raw]; ok {
		return old
	}
	if c.n >= maxCachedWords {
		return w
	}
	if c.fresh == nil {
		c.fresh = map[string]*wordForms{}
	}
	c.fresh[raw] = w
	c.n++
	if m := c.seen.Load(); len(c.fresh) >= 32 && (m == nil || len(c.fresh) >= len(*m)/8) {
		c.publish()
	}
	return w
}

// formsBytes is forms for the word in b (a reused buffer): a word
// already published is looked up without making a string of it. raw is
// the word as a string either way.
func (c *wordCache) formsBytes(b []byte) (raw string, w *wordForms) {
	if c != nil {
		slot := &c.hot[hotSlot(b)]
		if w := slot.Load(); w != nil && w.raw == string(b) {
			return w.raw, w
		}
		if m := c.seen.Load(); m != nil {
			if w, ok := (*m)[string(b)]; ok {
				slot.Store(w)
				return w.raw, w
			}
		}
	}
	raw = string(b)
	return raw, c.forms(raw)
}

// hotSlots is the size of a wordCache's direct-mapped front (a power of
// two).
const hotSlots = 4096

// hotSlot is the front slot of a word: FNV-1a of its bytes.
func hotSlot[S string | []byte](w S) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(w); i++ {
		h ^= uint32(w[i])
		h *= 16777619
	}
	return h & (hotSlots - 1)
}

// freshHits is how many reads of words not yet published (and at least
// an eighth of the published words) make them worth publishing.
const freshHits = 64

// publish makes seen hold the fresh words too. The caller holds c.mu.
// Each copy is at least an eighth larger than the last, or follows as
// many reads that took the lock, so copying costs O(1) per word or per
// read over time.
func (c *wordCache) publish() {
	var old map[string]*wordForms
	if m := c.seen.Load(); m != nil {
		old = *m
	}
	next := make(map[string]*wordForms, len(old)+len(c.fresh))
	for k, v := range old {
		next[k] = v
	}
	for k, v := range c.fresh {
		next[k] = v
	}
	c.seen.Store(&next)
	c.fresh, c.hits = nil, 0
}
