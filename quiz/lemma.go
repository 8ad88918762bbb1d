package quiz

import (
	_ "embed"
	"sync"
	"sync/atomic"

	"github.com/aaaton/golem/v4"
)

//go:embed lemmas/english.tsv
var englishLemmaTable []byte

// englishPack is golem's language pack for the embedded table (see
// lemmas/README.md for where it comes from).
type englishPack struct{}

func (englishPack) GetResource() ([]byte, error) { return englishLemmaTable, nil }
func (englishPack) GetLocale() string            { return "en" }

// lemmatizer loads the table once; it is read-only afterwards, so every
// grader shares it. A table that fails to load leaves lemmas off (the
// stemmer still works) rather than failing every grade: quiz tests check
// that it loads.
var lemmatizer = sync.OnceValue(func() *golem.Lemmatizer {
	l, err := golem.New(englishPack{})
	if err != nil {
		return nil
	}
	return l
})

// LoadLemmas loads the lemma table now rather than on first use, so that a
// caller can load it beside other start-up work (content.Load does, while
// it reads the question files).
func LoadLemmas() { lemmatizer() }

// lemma returns the base form of an irregular word ("sent" → "send"), or
// raw itself.
func lemma(raw string) string {
	l := lemmatizer()
	if l == nil {
		return raw
	}
	return l.Lemma(raw)
}

// wordForms are what the grader compares of a word: its stem, and for an
// irregular word its lemma and the lemma's stem ("" when the same).
type wordForms struct {
	stem  string // snowball English stem of the word
	lemma string // base form of an irregular word ("sent" → "send"), or ""
	lstem string // stem of lemma, or ""
	lex   *lexicon
	gids  []int32 // the word sets of lex the word belongs to
	cls   wordClass
}

func formsOf(raw string, lex *lexicon) *wordForms {
	w := &wordForms{stem: stem(raw), cls: classOf(raw)}
	if lex != nil {
		defer func() { w.lex, w.gids = lex, lex.gidsOf(raw, w) }()
	}
	if l := lemma(raw); l != raw {
		w.lemma, w.lstem = l, stem(l)
	}
	return w
}

// maxCachedWords bounds a wordCache: past it, new words are computed
// every time, so an endless stream of invented words cannot grow memory.
const maxCachedWords = 50000

// wordCache remembers the forms of words already seen, with the word sets
// of its lexicon they belong to. It is safe for concurrent use; a Bank
// owns one.
type wordCache struct {
	lex *lexicon
	m   sync.Map // string → *wordForms
	n   atomic.Int64
}

// forms returns the forms of raw, computing and (within the bound)
// remembering them. A nil cache computes every time.
func (c *wordCache) forms(raw string) *wordForms {
	if c == nil {
		return formsOf(raw, nil)
	}
	if w, ok := c.m.Load(raw); ok {
		return w.(*wordForms)
	}
	w := formsOf(raw, c.lex)
	if c.n.Load() < maxCachedWords {
		if _, loaded := c.m.LoadOrStore(raw, w); !loaded {
			c.n.Add(1)
		}
	}
	return w
}
