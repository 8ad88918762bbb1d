package quiz

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Synonyms holds named sets of words and phrases that patterns refer to as
// @name. The outer key is a topic id, or "common" for sets every topic and
// every red flag can use; a question's own topic is searched first.
type Synonyms map[string]map[string][]string

// CommonSynonyms is the Synonyms key of the sets shared by all topics.
const CommonSynonyms = "common"

// ConceptSynonyms is the Synonyms key of the concepts: named lists of
// patterns, each a way candidates say one idea that several questions
// credit ("the resource rejects a stale holder's write"). A point's match
// or requires entry "%name" stands for every pattern of concept name, so a
// paraphrase learned for one question is heard by all that cite it. A
// concept's patterns are compiled for the citing question's topic and may
// not cite concepts themselves. @name never looks here.
const ConceptSynonyms = "concepts"

func (s Synonyms) lookup(topic, name string) ([]string, bool) {
	set, _, ok := s.lookupOwner(topic, name)
	return set, ok
}

// lookupOwner is lookup, also naming the key of s the set was found
// under: topic or CommonSynonyms.
func (s Synonyms) lookupOwner(topic, name string) (set []string, owner string, ok bool) {
	if topic != "" {
		if set, ok := s[topic][name]; ok {
			return set, topic, true
		}
	}
	set, ok = s[CommonSynonyms][name]
	return set, CommonSynonyms, ok
}

// setCache holds what the patterns of one bank share once parsed: the
// synonym sets, by the key they were found under and name; the parts, by
// their text (and topic, for a part that names a set); and the forms that
// name no set (literals and prefixes), by their text. A bank's patterns
// hold tens of thousands of literals but only a few thousand distinct
// ones, and a set is used hundreds of times: parsed once and shared, not
// parsed or copied for each use, they were most of a cold start's
// garbage. Sharing is safe because a parsed tree is never written again
// (keyLeaves gives every word set its key before the tree is cached) but
// by the bank's lexicon, which numbers a word set by its key, the same for
// every pattern holding it. Safe for concurrent use; a nil cache parses
// every time.
type setCache struct {
	m     sync.Map // setKey → elem
	parts sync.Map // partKey → elem
	words sync.Map // form → *parsedWord
	// hot is a direct-mapped front of words, a slot per hash of the form
	// (see hotSlot): the same few hundred words make most of the lookups.
	hot [wordSlots]atomic.Pointer[parsedWord]
}

// parsedWord is a form parsed by parseWord.
type parsedWord struct {
	src string
	e   elem
}

// wordSlots is the size of a setCache's front of words (a power of two).
const wordSlots = 1024

// uncachedSets switches setCache off: tests compare the two ways.
var uncachedSets atomic.Bool

func setKey(owner, name string) string { return owner + "\x00" + name }

// on reports whether c shares what it parses.
func (c *setCache) on() bool { return c != nil && !uncachedSets.Load() }

// get returns set name of owner, if parsed.
func (c *setCache) get(owner, name string) (elem, bool) {
	if !c.on() {
		return nil, false
	}
	e, ok := c.m.Load(setKey(owner, name))
	if !ok {
		return nil, false
	}
	return e.(elem), true
}

// put remembers e as set name of owner and returns the set to use: e, or
// the same set parsed by another worker first.
func (c *setCache) put(owner, name string, e elem) elem {
	if !c.on() {
		return e
	}
	keyLeaves(e)
	got, _ := c.m.LoadOrStore(setKey(owner, name), e)
	return got.(elem)
}

// partKey is the key of a part of words in topic: the topic matters only
// to a part that names a synonym set, which a topic may override.
func partKey(words []string, topic string) string {
	k := strings.Join(words, " ")
	if strings.Contains(k, "@") {
		return topic + "\x00" + k
	}
	return k
}

// word returns parseWord(a), parsed once per cache.
func (c *setCache) word(a string) (elem, error) {
	if !c.on() {
		return parseWord(a, patternWords)
	}
	slot := &c.hot[hotSlot(a)&(wordSlots-1)]
	if w := slot.Load(); w != nil && w.src == a {
		return w.e, nil
	}
	w, ok := c.words.Load(a)
	if !ok {
		// The cache parses each form once: remembering its word's forms
		// in patternWords too only cost a cold start the copies of a
		// growing map.
		e, err := parseWord(a, nil)
		if err != nil {
			return nil, err
		}
		keyLeaves(e)
		w, _ = c.words.LoadOrStore(a, &parsedWord{src: a, e: e})
	}
	slot.Store(w.(*parsedWord))
	return w.(*parsedWord).e, nil
}

// Polarity says whether a pattern must be asserted or negated.
type Polarity int

// The polarities.
const (
	// Asserted matches only where no negation outside the match covers it:
	// "fencing is needed", not "fencing isn't needed".
	Asserted Polarity = iota
	// Negated matches only inside a negation scope: "!redlock & correct"
	// credits "Redlock does not give correctness".
	Negated
	// Either matches regardless.
	Either
)

// Pattern is a compiled matcher. The language, as written in question
// files:
//
//	pattern  = ["!" | "?"] part { op part }
//	op       = "&"             all parts in the same sentence, any order
//	         | "~N"            all parts within N words of each other
//	part     = ["-" | "?"] alt { "|" alt }
//	                           any one of the alternatives; with "-", an
//	                           exclusion: the pattern does not match in a
//	                           sentence where it occurs unnegated (with
//	                           "-?", negated or not); with "?"
//	                           (any part but the first), a part whose own
//	                           negation does not matter
//	alt      = word { word }   a phrase: words in order, at most 2 words apart
//	word     = term { "/" term }
//	term     = literal         compared by stem: "fence" matches "fencing"
//	         | prefix*         raw prefix: "expir*" matches "expiry"
//	         | @name           any entry of a synonym set (entries are phrases)
//
// So "unique constraint|primary key" is two phrases, and
// "conditional/guarded update" is one phrase whose first word has two
// forms. A leading "!" makes the pattern match only where it is negated,
// "?" either way; by default a negated match does not count. A pattern uses
// one kind of operator throughout. "?" before a later part exempts just that
// part: "but it & safe & ?redlock" matches "Redlock isn't free, but it is
// safe", where Redlock sits in a negated clause. Literals that split into several words
// ("compare-and-delete") are phrases of adjacent words.
type Pattern struct {
	// The fields evalFor reads of every pattern a grading reaches come
	// first, together: most patterns are found dead in the answer from
	// these alone (see evalFor), and a grading reaches hundreds.
	lex *lexicon // the bank's lexicon that numbered it, or nil
	pid int      // its number in lex
	// Tables lex.add compiles from the tree, valid on answers marked with
	// lex: the word sets (gids) where each part, then each exclusion, may
	// start (firsts as a table), and the clauses an answer must satisfy
	// for the pattern to match at all: from each clause, some word set
	// must occur (see needsMet).
	firstGids [][]int32
	need      [][]int32
	// maskClauses are the parts' firsts, the needed clauses and the later
	// words of lists of alternatives, shortest first: the clauses of the
	// sentence mask (see maskIn). A bank lays those of all its patterns
	// out in one run, in the order they were numbered (see packMasks).
	maskClauses [][]int32

	src      string
	polarity Polarity
	parts    []elem
	either   []bool // per part: matches negated or not ("?" before a later part)
	exclude  []elem // parts that must not occur, asserted, in the sentence
	// per exclusion: it excludes even where negated ("-?")
	excludeAny []bool
	// per exclusion: it excludes only inside the clauses the match covers
	// ("-,"), not anywhere in the sentence
	excludeLocal []bool
	// per exclusion: it excludes anywhere in the sentence but in a
	// consequence told after the match ("-^": "..., so keys never
	// collide"); see localExcluded
	excludeHead []bool
	// deniable holds the families of the bare negators an exclusion
	// lists ("-not|isn't": the author wants the claim so denied to go
	// unflagged); a red flag's polarity-free pattern ("?") then also
	// goes unflagged where the scope of a negator of those families
	// covers its words, whichever of them it is (see deniedClaim).
	deniable negFamily
	window   int // >0: the ~N window; 0: same sentence
	// altFirsts, per part then exclusion that is a list of alternatives:
	// the word sets each alternative may start with, so that only those
	// that can start at a token are tried there (nil: try them all).
	altFirsts [][][]int32
	// altAt, per part then exclusion that altFirsts tables with at most
	// maxTabledAlts alternatives: each (atom, alternative) of those tables, by atom,
	// so that a token's few atoms name the alternatives that may start
	// at it (nil: read altFirsts). Built when first read (altTable), so
	// loading does not pay for patterns no answer reaches.
	altAt atomic.Pointer[[]altTab]
}

// String returns the pattern as written.
func (p *Pattern) String() string { return p.src }

const phraseGap = 2

// ParsePattern compiles a pattern, resolving @names in syn for topic (then
// the common sets). Errors say what is wrong with the pattern.
func ParsePattern(src string, syn Synonyms, topic string) (*Pattern, error) {
	return parsePattern(src, syn, topic, nil)
}

// parsePattern is ParsePattern with a cache of the synonym sets already
// parsed (nil for none).
func parsePattern(src string, syn Synonyms, topic string, sets *setCache) (*Pattern, error) {
	p := &Pattern{src: src}
	s := strings.TrimSpace(src)
	if s == "" {
		return nil, errors.New("empty pattern")
	}
	switch s[0] {
	case '!':
		p.polarity, s = Negated, s[1:]
	case '?':
		p.polarity, s = Either, s[1:]
	}
	var words []string
	op := ""
	flush := func() error {
		if len(words) == 0 {
			return fmt.Errorf("pattern %q: an operator needs words on both sides", src)
		}
		exclude := strings.HasPrefix(words[0], "-") && len(words[0]) > 1
		if exclude {
			words[0] = words[0][1:]
		}
		// "-?" excludes even where the exclusion is negated: in "no
		// fencing token needed within the DB" the "No" reaches "DB".
		// "-," excludes only inside the clauses the match covers: in
		// "skipping the write if not, which means the database needs no
		// change" the "not" of another clause leaves the claim standing.
		excludeLocal := exclude && strings.HasPrefix(words[0], ",") && len(words[0]) > 1
		if excludeLocal {
			words[0] = words[0][1:]
		}
		// "-^" excludes anywhere in the sentence except in a consequence
		// the sentence draws after the match ("generate a fresh key per
		// attempt, so keys never collide": the "never" is the benefit
		// claimed, not a denial of the claim).
		excludeHead := exclude && !excludeLocal && strings.HasPrefix(words[0], "^") && len(words[0]) > 1
		if excludeHead {
			words[0] = words[0][1:]
		}
		// g27af: "-." excludes only in the clauses the match covers, not
		// in a qualifying clause after them ("Redlock is correct, though
		// some say correctness needs a check at the resource": the excuse
		// is another's view, not the claim's), save a pointer closing the
		// sentence right after ("..., and that's the mistake"; see
		// ownClausesEnd). Stored as both "-," and "-^", a pair no other
		// prefix gives.
		if exclude && !excludeLocal && !excludeHead && strings.HasPrefix(words[0], ".") && len(words[0]) > 1 {
			words[0] = words[0][1:]
			excludeLocal, excludeHead = true, true
		}
		excludeAny := exclude && strings.HasPrefix(words[0], "?") && len(words[0]) > 1
		if excludeAny {
			words[0] = words[0][1:]
		}
		// "?" before a part after the first makes that part polarity-free
		// (before the first part it marks the whole pattern, see above).
		either := strings.HasPrefix(words[0], "?") && len(words[0]) > 1 && !exclude
		if either {
			words[0] = words[0][1:]
		}
		part, err := parsePart(words, syn, topic, true, sets)
		if err != nil {
			return fmt.Errorf("pattern %q: %w", src, err)
		}
		if exclude {
			if !excludeAny {
				_ = eachAlternative(words, func(ws []string) error {
					if negatorWords(ws) {
						p.deniable |= familyOf(strings.ToLower(ws[len(ws)-1]))
					}
					return nil
				})
			}
			p.exclude = append(p.exclude, part)
			p.excludeAny = append(p.excludeAny, excludeAny)
			p.excludeLocal = append(p.excludeLocal, excludeLocal)
			p.excludeHead = append(p.excludeHead, excludeHead)
		} else {
			p.parts = append(p.parts, part)
			p.either = append(p.either, either)
		}
		words = words[:0] // parsePart keeps no slice of it
		return nil
	}
	for f := range strings.FieldsSeq(s) {
		isOp := f == "&" || (strings.HasPrefix(f, "~") && len(f) > 1)
		if !isOp {
			words = append(words, f)
			continue
		}
		this := "&"
		if f != "&" {
			n, err := strconv.Atoi(f[1:])
			if err != nil || n < 1 || n > 40 {
				return nil, fmt.Errorf("pattern %q: %q: want ~N with N from 1 to 40", src, f)
			}
			this = "~"
			if p.window != 0 && p.window != n {
				return nil, fmt.Errorf("pattern %q: mixes windows ~%d and ~%d", src, p.window, n)
			}
			p.window = n
		}
		if op != "" && op != this {
			return nil, fmt.Errorf("pattern %q: mixes & and ~N", src)
		}
		op = this
		if err := flush(); err != nil {
			return nil, err
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	if len(p.parts) == 0 {
		return nil, fmt.Errorf("pattern %q: only exclusions; say what must match", src)
	}
	if len(p.parts) > maxParts {
		return nil, fmt.Errorf("pattern %q: %d parts; at most %d", src, len(p.parts), maxParts)
	}
	for _, e := range append(append([]elem(nil), p.parts...), p.exclude...) {
		if n := e.span(); n > maxSpan {
			return nil, fmt.Errorf("pattern %q: a phrase can run over %d words; at most %d", src, n, maxSpan)
		}
	}
	for _, e := range p.parts {
		keyLeaves(e)
	}
	for _, e := range p.exclude {
		keyLeaves(e)
	}
	return p, nil
}

// parsePart compiles a part: phrases separated by "|". A part parsed
// before in the same cache (sets) is shared.
func parsePart(words []string, syn Synonyms, topic string, allowSyn bool, sets *setCache) (elem, error) {
	if !sets.on() || !allowSyn {
		return parsePartOnce(words, syn, topic, allowSyn, sets)
	}
	key := partKey(words, topic)
	if e, ok := sets.parts.Load(key); ok {
		return e.(elem), nil
	}
	e, err := parsePartOnce(words, syn, topic, allowSyn, sets)
	if err != nil {
		return nil, err
	}
	keyLeaves(e)
	got, _ := sets.parts.LoadOrStore(key, e)
	return got.(elem), nil
}

// parsePartOnce is parsePart without the cache of parts.
func parsePartOnce(words []string, syn Synonyms, topic string, allowSyn bool, sets *setCache) (elem, error) {
	n := 1
	for _, w := range words {
		n += strings.Count(w, "|")
	}
	alts := make([]elem, 0, n)
	err := eachAlternative(words, func(ws []string) error {
		if len(ws) == 0 {
			return errors.New("empty alternative (stray |)")
		}
		e, err := parsePhrase(ws, syn, topic, allowSyn, sets)
		if err != nil {
			return err
		}
		alts = append(alts, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return newAlt(alts), nil
}

// eachAlternative calls fn with the words of each alternative of a part
// (its words split at every "|", inside a word or between words), in
// order, and stops at fn's first error. The words are read in place, into
// one slice fn must not keep: a bank parses some 20,000 alternatives, and
// joining each part's words to split them again was a tenth of the
// garbage of a start.
func eachAlternative(words []string, fn func(ws []string) error) error {
	var ws []string
	for _, w := range words {
		for {
			i := strings.IndexByte(w, '|')
			if i < 0 {
				if w != "" {
					ws = append(ws, w)
				}
				break
			}
			if w[:i] != "" {
				ws = append(ws, w[:i])
			}
			if err := fn(ws); err != nil {
				return err
			}
			ws, w = ws[:0], w[i+1:]
		}
	}
	return fn(ws)
}

// parsePhrase compiles a phrase of pattern words; a word's forms are
// separated by "/".
func parsePhrase(words []string, syn Synonyms, topic string, allowSyn bool, sets *setCache) (elem, error) {
	seq := make([]elem, 0, len(words))
	var tight uint64
	for k, w := range words {
		w = bothCannots(w)
		if !strings.Contains(w, "/") {
			// A word of one form (most of them): newAlt would return
			// a word set as it is.
			e, err := parseAlt(w, syn, topic, allowSyn, sets)
			if err != nil {
				return nil, err
			}
			seq = append(seq, e)
		} else {
			var alts []elem
			for a := range strings.SplitSeq(w, "/") {
				e, err := parseAlt(a, syn, topic, allowSyn, sets)
				if err != nil {
					return nil, err
				}
				alts = append(alts, e)
			}
			seq = append(seq, newAlt(alts))
		}
		if k+1 < len(words) && k+1 < 64 && phraseNegator(w) {
			tight |= 1 << (k + 1)
		}
	}
	if len(seq) == 1 {
		return seq[0], nil
	}
	return &seqElem{elems: seq, gap: phraseGap, tight: tight}, nil
}

// bothCannots gives a pattern word written with "can't" the form with
// "cannot" too, and the other way round ("can't/cannot", "cannot-affect/
// can't-affect"): the two spell one negator, and writers use both ("a
// jump in the server's clock cannot affect safety"), while patterns spell
// one of them. Other words come back unchanged.
func bothCannots(w string) string {
	if !strings.Contains(w, "can't") && !strings.Contains(w, "cannot") {
		return w
	}
	forms := strings.Split(w, "/")
	have := make(map[string]bool, len(forms))
	for _, f := range forms {
		have[f] = true
	}
	out := forms
	for _, f := range forms {
		var g string
		switch {
		case strings.HasPrefix(f, "can't"):
			g = "cannot" + f[len("can't"):]
		case strings.HasPrefix(f, "cannot"):
			g = "can't" + f[len("cannot"):]
		default:
			continue
		}
		if !have[g] {
			have[g] = true
			out = append(out, g)
		}
	}
	if len(out) == len(forms) {
		return w
	}
	return strings.Join(out, "/")
}

// phraseNegator reports a phrase word whose forms are all negators of a
// verb ("doesn't", "not", "never", "cannot"): the word after it in the
// text is what it negates, so the phrase allows no gap there. "doesn't
// acknowledge" must not match "doesn't guarantee the acknowledging
// replica", where another verb is negated.
func phraseNegator(w string) bool {
	for f := range strings.SplitSeq(strings.ToLower(w), "/") {
		if !(f == "not" || f == "never" || f == "no" || f == "cannot" || strings.HasSuffix(f, "n't")) {
			return false
		}
	}
	return true
}

func parseAlt(a string, syn Synonyms, topic string, allowSyn bool, sets *setCache) (elem, error) {
	switch {
	case a == "":
		return nil, errors.New("empty form (stray /)")
	case strings.HasPrefix(a, "@"):
		if !allowSyn {
			return nil, fmt.Errorf("synonym entry %q refers to another set", a)
		}
		set, owner, ok := syn.lookupOwner(topic, a[1:])
		if !ok {
			return nil, fmt.Errorf("unknown synonym %q", a)
		}
		if e, ok := sets.get(owner, a[1:]); ok {
			return e, nil
		}
		var alts []elem
		for _, entry := range set {
			// An entry cannot refer to a set, so it parses the same for
			// every pattern and topic: sets caches it (and its words).
			e, err := parsePhrase(strings.Fields(entry), syn, topic, false, sets)
			if err != nil {
				return nil, fmt.Errorf("synonym %s: %w", a, err)
			}
			alts = append(alts, e)
		}
		if len(alts) == 0 {
			return nil, fmt.Errorf("synonym %q is empty", a)
		}
		return sets.put(owner, a[1:], newAlt(alts)), nil
	}
	return sets.word(a)
}

// parseWord compiles a form that names no synonym set: a prefix, a plain
// word, or a literal that reads as several words. A plain word's forms
// come from words (computed when nil).
func parseWord(a string, words *wordCache) (elem, error) {
	switch {
	case strings.HasSuffix(a, "*"):
		pre := strings.ToLower(strings.TrimSuffix(a, "*"))
		// Text reads "re-run" as "rerun" (see analyseInto).
		if r, ok := strings.CutPrefix(pre, "re-"); ok && r != "" {
			pre = "re" + r
		}
		// Text splits other hyphenated words ("self-healing" is "self
		// healing"), so "self-heal*" is the word "self" then the prefix
		// "heal", next to each other; as one raw prefix it never matched.
		var lead []elem
		if i := strings.LastIndexByte(pre, '-'); i >= 0 {
			d := analyse(pre[:i])
			if len(d.toks) == 0 {
				return nil, fmt.Errorf("prefix %q: no word before its hyphen", a)
			}
			for ti := range d.toks {
				t := &d.toks[ti]
				lead = append(lead, litWord(*t))
			}
			pre = pre[i+1:]
		}
		if len([]rune(pre)) < 3 || strings.ContainsAny(pre, "*|@/") {
			return nil, fmt.Errorf("prefix %q: want at least 3 letters before *", a)
		}
		if lead != nil {
			return &seqElem{elems: append(lead, &wordSet{prefixes: []string{pre}}), gap: 0}, nil
		}
		return &wordSet{prefixes: []string{pre}}, nil
	}
	if simpleWord(a) {
		// One plain word (most alternatives): its forms are all a literal
		// needs, without analysing it as a text.
		return litWord(token{raw: a, wordForms: words.forms(a)}), nil
	}
	d := analyse(a)
	switch len(d.toks) {
	case 0:
		return nil, fmt.Errorf("%q has no letters or digits", a)
	case 1:
		return litWord(d.toks[0]), nil
	}
	seq := make([]elem, len(d.toks))
	for i := range d.toks {
		t := &d.toks[i]
		seq[i] = litWord(*t)
	}
	return &seqElem{elems: seq, gap: 0}, nil
}

// match is one occurrence of a pattern: the token spans of its parts.
type match struct {
	spans [][2]int
}

func (m match) bytes(d *doc) Span {
	lo, hi := -1, -1
	for _, s := range m.spans {
		a, b := d.toks[s[0]].start, d.toks[s[1]-1].end
		if lo < 0 || a < lo {
			lo = a
		}
		if b > hi {
			hi = b
		}
	}
	return Span{Start: lo, End: hi}
}

func (m match) byteSpans(d *doc) []Span { return m.appendByteSpans(d, nil) }

// appendByteSpans is byteSpans appended to out (a caller's buffer).
func (m match) appendByteSpans(d *doc, out []Span) []Span {
	for _, s := range m.spans {
		out = append(out, Span{Start: d.toks[s[0]].start, End: d.toks[s[1]-1].end})
	}
	return out
}

// negated reports whether a negation from outside the span covers any of
// its tokens.
func negated(d *doc, s [2]int) bool { return negatedBeside(d, s, nil, false) }

// negatedBeside is negated, except that a negator inside one of own (the
// pattern's own words, as "not" in "not|isn't & consensus") does not
// count: the pattern spells that negation out. For a key point (point),
// a negation does not reach past "until": in "a grant isn't final until a
// majority has written it" the majority is asserted.
func negatedBeside(d *doc, s [2]int, own [][2]int, point bool) bool {
	for k := s[0]; k < s[1]; k++ {
		n := d.toks[k].negBy
		if n < 0 || n >= s[0] && n < s[1] {
			continue
		}
		// '"never two writers" has to come from a token': a negator
		// inside a quotation negates the words quoted, not the sentence
		// that quotes them.
		if q := d.toks[n].quote; q > 0 && d.toks[k].quote != q {
			continue
		}
		if point && n < k && (untilBetween(d, n, k) || relativeEnds(d, n, k)) {
			continue
		}
		if !inSpans(n, own) {
			return true
		}
	}
	return false
}

// inSpans reports whether token n lies in one of spans.
func inSpans(n int, spans [][2]int) bool {
	for _, o := range spans {
		if n >= o[0] && n < o[1] {
			return true
		}
	}
	return false
}

// untilBetween reports whether "until" or "till" stands between tokens
// n and k.
func untilBetween(d *doc, n, k int) bool {
	for j := n + 1; j < k; j++ {
		if r := d.toks[j].raw; r == "until" || r == "till" {
			return true
		}
	}
	return false
}

// relativeEnds reports whether negator n opens a relative clause ("the
// option that doesn't depend on timing") that a copula after it closes
// before token k ("... is the idempotency key"): the main clause is not
// negated.
func relativeEnds(d *doc, n, k int) bool {
	if !(n > 0 && relatives[d.toks[n-1].raw] || n > 1 && relatives[d.toks[n-2].raw]) {
		return false
	}
	for j := n + 2; j < k; j++ {
		if copulas[d.toks[j].raw] {
			return true
		}
	}
	return false
}

// copulas join a subject to what is said of it.
var copulas = setOf(`is are was were`)

// ownNegators collects, for a key point's pattern, the spans its parts
// match in sentence sn that hold a negator or critic word ("not|isn't &
// consensus" in "WAIT isn't an agreement between the nodes"): a negation
// the pattern itself spells out is what it asserts, so it must not count
// against the pattern's other parts. Red flags never get this: they judge
// claims, and their own negations are written as exclusions.
func (p *Pattern) ownNegators(d *doc, c *evalCtx, sn sentence, own *[maxSpansPerPart][2]int) int {
	neg := false
	for k := sn.from; k < sn.to && !neg; k++ {
		neg = d.toks[k].cls&(clsNegator|clsCritic) != 0
	}
	if !neg {
		return 0
	}
	n := 0
	for k, part := range p.parts {
		f := c.partFirsts(k)
		for i := f.next(sn.from, sn.to); i >= 0 && n < len(own); i = f.next(i+1, sn.to) {
			m := c.elemEnds(k, part, i, sn.to)
			if m == 0 {
				continue
			}
			s := [2]int{i, i + bits.TrailingZeros64(m)}
			for j := s[0]; j < s[1]; j++ {
				if d.toks[j].cls&(clsNegator|clsCritic) != 0 {
					own[n] = s
					n++
					break
				}
			}
		}
	}
	return n
}

const (
	maxSpansPerPart = 8
	maxParts        = 4
)

// findScratch is findAs's working space, kept with the doc.
type findScratch struct {
	cands  [maxParts][maxSpansPerPart][2]int
	ncand  [maxParts]int
	chosen [maxParts][2]int
}

// absent reports whether p is known to match nowhere in d (a word it
// needs is missing, see needsMet, or no sentence holds all it needs, see
// sentMask), so callers can skip its sentences.
func (p *Pattern) absent(d *doc) bool { return d.evalFor(p).dead }

// find returns the first occurrence of p in sentence si, if any.
func (p *Pattern) find(d *doc, si int) (match, bool) { return p.findAs(d, si, false) }

// findClaim is find for red flags: it skips occurrences the sentence does
// not claim (see claimed).
func (p *Pattern) findClaim(d *doc, si int) (match, bool) { return p.findAs(d, si, true) }

func (p *Pattern) findAs(d *doc, si int, claimOnly bool) (match, bool) {
	return p.findIn(d, d.evalFor(p), si, claimOnly)
}

// findIn is findAs for c, p's evalCtx on d (d.evalFor(p), taken once by
// a caller that loops over the sentences).
func (p *Pattern) findIn(d *doc, c *evalCtx, si int, claimOnly bool) (match, bool) {
	if c.dead {
		return match{}, false
	}
	sn := d.sents[si]
	if m, ok := c.sentMask(); ok {
		// The checks below, for every sentence at once.
		if m>>uint(si)&1 == 0 {
			return match{}, false
		}
	} else {
		// Every part must start somewhere in the sentence: checked first, as
		// it rules most patterns out without looking at their exclusions.
		for k := range p.parts {
			f := c.partFirsts(k)
			if c.dead {
				return match{}, false
			}
			if f.next(sn.from, sn.to) < 0 {
				return match{}, false
			}
		}
		// ... and so must every word it needs (each word of a phrase).
		if c.tabled() && !p.needsMetIn(d, sn) {
			return match{}, false
		}
	}
	// The candidates live on the doc: findAs is never re-entered while
	// they are in use, and arrays declared here were zeroed on every
	// sentence tried (collect sets every count it reads, and choose every
	// chosen span before it is read).
	cands, ncand, chosen := &d.find.cands, &d.find.ncand, &d.find.chosen
	ok, dropped := p.collect(d, c, sn, nil, claimOnly, cands, ncand, chosen)
	if !ok && dropped && !claimOnly && p.polarity == Asserted && len(p.parts) > 1 {
		// Only when a negation ruled a candidate out is it worth asking
		// whether the negator was the pattern's own.
		var ownBuf [maxSpansPerPart][2]int
		if n := p.ownNegators(d, c, sn, &ownBuf); n > 0 {
			ok, _ = p.collect(d, c, sn, ownBuf[:n], claimOnly, cands, ncand, chosen)
		}
	}
	if !ok {
		return match{}, false
	}
	if !claimOnly && len(p.parts) > 1 {
		p.tighten(d, cands, ncand, chosen)
	}
	// The spans go to the doc's slab, capped so no append by a caller
	// reaches a neighbour's: a match lives no longer than its doc's grade.
	at := len(d.spanSlab)
	d.spanSlab = append(d.spanSlab, chosen[:len(p.parts)]...)
	return match{spans: d.spanSlab[at:len(d.spanSlab):len(d.spanSlab)]}, true
}

// tighten moves a key point's chosen parts to other candidates that bring
// the match closer together, as long as the pattern still accepts it: the
// evidence is then the words that make the point, not the first "expired"
// of a sentence whose "SETNX then EXPIRE" comes later (QA-6 Q9). It only
// changes which words are quoted, never whether the pattern matches.
func (p *Pattern) tighten(d *doc, cands *[maxParts][maxSpansPerPart][2]int, ncand *[maxParts]int, chosen *[maxParts][2]int) {
	n := len(p.parts)
	spread := func() int {
		lo, hi := chosen[0][0], chosen[0][1]
		for _, s := range chosen[1:n] {
			lo, hi = min(lo, s[0]), max(hi, s[1])
		}
		return hi - lo
	}
	best := spread()
	for k := 0; k < n; k++ {
		keep := chosen[k]
		for _, c := range cands[k][:ncand[k]] {
			if c == keep {
				continue
			}
			overlap := false
			for j, o := range chosen[:n] {
				if j != k && c[0] < o[1] && o[0] < c[1] {
					overlap = true
					break
				}
			}
			if overlap {
				continue
			}
			prev := chosen[k]
			chosen[k] = c
			if w := spread(); w < best && p.accept(d, chosen[:n], true) {
				best = w
				continue
			}
			chosen[k] = prev
		}
	}
}

// collect gathers each part's candidate spans in sentence sn and chooses
// among them; dropped says whether a negation ruled a candidate out. own
// are spans of the pattern's own negators (see ownNegators).
func (p *Pattern) collect(d *doc, c *evalCtx, sn sentence, own [][2]int, claimOnly bool, cands *[maxParts][maxSpansPerPart][2]int, ncand *[maxParts]int, chosen *[maxParts][2]int) (ok, dropped bool) {
	for k, part := range p.parts {
		ncand[k] = 0
		f := c.partFirsts(k)
		if c.dead {
			return false, dropped
		}
		for i := f.next(sn.from, sn.to); i >= 0 && ncand[k] < maxSpansPerPart; i = f.next(i+1, sn.to) {
			m := c.elemEnds(k, part, i, sn.to)
			if m == 0 {
				continue
			}
			// The shortest run: bit 0 is never set, every word takes a token.
			s := [2]int{i, i + bits.TrailingZeros64(m)}
			// A span that on its own rules the pattern out is no candidate,
			// so it cannot crowd out one that would match.
			if !p.either[k] && p.polarity == Asserted && negatedBeside(d, s, own, !claimOnly) {
				dropped = true
				continue
			}
			if !p.either[k] && claimOnly && (notClaimed(d, s) || sqlClauseWord(d, s)) {
				continue
			}
			cands[k][ncand[k]] = s
			ncand[k]++
		}
		if ncand[k] == 0 {
			return false, dropped
		}
	}
	// The exclusions rule out the whole sentence; they are looked at only
	// once every part has a candidate (long exclusion lists of common
	// words cost more than the parts).
	for x, ex := range p.exclude {
		if p.excludeLocal[x] || p.excludeHead[x] {
			continue // looked at once the match is chosen (see localExcluded)
		}
		f := c.exclFirsts(x)
		for i := f.next(sn.from, sn.to); i >= 0; i = f.next(i+1, sn.to) {
			if d.toks[i].dismiss {
				continue // "not a big concern" plays a claim down, not refutes it
			}
			if !p.excludeAny[x] && inRelaxedNeed(d, i, sn.from, sn.to) {
				continue // "...; it doesn't need to be ordered" drops the demand the word names
			}
			for m := c.elemEnds(len(p.parts)+x, ex, i, sn.to); m != 0; m &= m - 1 {
				s := [2]int{i, i + bits.TrailingZeros64(m)}
				if p.excludeAny[x] || !negated(d, s) || negatedByPart(d, s, cands, ncand, len(p.parts)) {
					return false, dropped
				}
			}
		}
	}
	return p.choose(d, c, 0, cands, ncand, chosen, claimOnly), dropped
}

// negatedByPart reports whether the negation over exclusion span s comes
// from a word one of the pattern's parts matches (g54, GN's "Locks are for
// avoiding duplicate expensive work, and even then the occasional
// duplicate has to be harmless"): "avoid" is the pattern's own word in
// "@lock & stop|prevent*|avoid & duplicat* & -...|work", so the work it
// governs is what the sentence says locks are for, and the exclusion
// holds, as it does in "locks stop duplicate work".
func negatedByPart(d *doc, s [2]int, cands *[maxParts][maxSpansPerPart][2]int, ncand *[maxParts]int, parts int) bool {
	for k := s[0]; k < s[1]; k++ {
		n := d.toks[k].negBy
		if n < 0 || n >= s[0] && n < s[1] {
			continue
		}
		if !purposeNegators[d.toks[n].raw] {
			return false
		}
		for j := 0; j < parts; j++ {
			if inSpans(n, cands[j][:ncand[j]]) {
				return true
			}
		}
		return false
	}
	return false
}

// purposeNegators are the negators that name what a thing is for: locks are
// for avoiding X.
var purposeNegators = setOf(`avoid avoids avoiding avoided prevent prevents preventing prevented stop stops stopping stopped`)

// localExcluded reports whether one of p's clause-local exclusions ("-,")
// occurs, asserted (or at all, for "-,?"), around the match: from the
// start of the clause of its first span to the end of the clause of its
// last, and over one more clause if that one qualifies it (see
// qualifierOpeners).
// qualifierOpeners open a clause that qualifies the one before it.
var qualifierOpeners = setOf(`if unless but except although though provided assuming only when whenever as`)

func (p *Pattern) localExcluded(d *doc, c *evalCtx, spans [][2]int) bool {
	lo, hi := spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		lo, hi = min(lo, s[0]), max(hi, s[1])
	}
	sent := d.toks[lo].sent
	for lo > 0 && !d.toks[lo].clause && d.toks[lo-1].sent == sent {
		lo--
	}
	for hi < len(d.toks) && !d.toks[hi].clause && d.toks[hi].sent == sent {
		hi++
	}
	// a clause that qualifies the claim right after it counts too ("...
	// needs no changes if it already compares versions", "..., but only
	// for reads")
	if hi < len(d.toks) && d.toks[hi].sent == sent && !strongBreak(&d.toks[hi]) && qualifierOpeners[d.toks[hi].raw] {
		for hi++; hi < len(d.toks) && !d.toks[hi].clause && d.toks[hi].sent == sent; hi++ {
		}
	}
	headLo, headHi := -1, -1 // the range of the "-^" exclusions, found when needed
	ownHi := -1              // the end of the "-." exclusions' range, found when needed
	for x, ex := range p.exclude {
		if !p.excludeLocal[x] && !p.excludeHead[x] {
			continue
		}
		from, to := lo, hi
		if p.excludeLocal[x] && p.excludeHead[x] {
			if ownHi < 0 {
				ownHi = ownClausesEnd(d, spans, lo)
			}
			to = ownHi
		} else if p.excludeHead[x] {
			if headLo < 0 {
				headLo, headHi = choiceConditionEnd(d, d.sents[sent].from, lo), consequenceAfter(d, hi, d.sents[sent].to)
				headLo = max(headLo, dismissingHeaderEnd(d, d.sents[sent].from, lo))
				// (g33c) critics answered by a contrast before the match
				// ("people call it a mistake, but ...") frame their own
				// clause, not the claim (see rebuttalBefore)
				if c := rebuttalBefore(d, sent, d.toks[lo].start); c >= 0 {
					headLo = max(headLo, c+1)
				}
			}
			from, to = headLo, headHi
		}
		f := c.exclFirsts(x)
		for i := f.next(from, to); i >= 0; i = f.next(i+1, to) {
			if d.toks[i].dismiss {
				continue
			}
			for m := c.elemEnds(len(p.parts)+x, ex, i, to); m != 0; m &= m - 1 {
				n := bits.TrailingZeros64(m)
				// "Not only is it fast, but the replica keeps the lock":
				// a bare "not" the negation scope reads as emphasis
				// (see markNegation) denies nothing.
				if n == 1 && emphaticNot(d, i) {
					continue
				}
				if p.excludeAny[x] || !negated(d, [2]int{i, i + n}) {
					return true
				}
			}
		}
	}
	return false
}

// ownClausesEnd returns the end of the range of a "-." exclusion for a
// match over spans whose clauses start at lo: the end of the clause where
// the match ends, with no qualifying clause after it (g27af: "Redlock is
// correct, unless you believe correctness needs a fence" keeps its claim),
// but with a pointer back that closes the sentence right after it ("people
// treat a Redis lock like a shared mutex, and that's the mistake": a
// clause opened by "and that's", "and that is", "and it", "and we", "which is",
// that is the sentence's last or is followed by a consequence only).
func ownClausesEnd(d *doc, spans [][2]int, lo int) int {
	hi := spans[0][1]
	for _, s := range spans[1:] {
		hi = max(hi, s[1])
	}
	sent := d.toks[lo].sent
	for hi < len(d.toks) && d.toks[hi].sent == sent && (!d.toks[hi].clause || contactClause(d, hi)) {
		hi++
	}
	if hi+1 >= len(d.toks) || d.toks[hi].sent != sent || d.toks[hi+1].sent != sent || strongBreak(&d.toks[hi]) {
		return hi
	}
	a, b := d.toks[hi].raw, d.toks[hi+1].raw
	pointer := a == "and" && (b == "that's" || b == "that" || b == "this" || b == "it" || b == "we") || a == "which" && pointerVerbs[b]
	if !pointer {
		return hi
	}
	end := hi + 1
	for end < len(d.toks) && d.toks[end].sent == sent && !d.toks[end].clause {
		end++
	}
	if end < len(d.toks) && d.toks[end].sent == sent && !pointerConsequence[d.toks[end].raw] {
		return hi // the pointer does not close the sentence, nor draw a consequence ("..., and that's the bug; our workers wait")
	}
	return end
}

// pointerVerbs may follow "which" in a clause that points back at the
// whole clause before it ("..., which is the mistake", "..., which caused
// a double write").
var pointerVerbs = setOf(`is was caused corrupted clobbered bit burned gave left led`)

// pointerConsequence open a consequence drawn after a pointer ("..., and
// that's the mistake, so I'd use a unique constraint").
var pointerConsequence = setOf(`so thus hence therefore`)

// contactClause reports whether the clause start at k is a pronoun that
// opens a contact clause with no comma before it ("the last thing I'd
// reach for"): read with the clause before, as one.
func contactClause(d *doc, k int) bool {
	t := &d.toks[k]
	if t.brk != 0 || k == 0 || d.toks[k-1].raw != "thing" {
		return false
	}
	switch t.raw {
	case "i", "i'd", "we'd", "i'll", "we'll", "you'd", "we", "you":
		return true
	}
	return false
}

// consequenceAfter returns the first token from k (the end of a match's
// clauses) up to end that opens a clause drawing a consequence of what came
// before ("so", "thus", "hence", "therefore", "that way", "which means",
// "which ensures", "which guarantees", "so that"), or end when there is none.
func consequenceAfter(d *doc, k, end int) int {
	for ; k < end; k++ {
		t := &d.toks[k]
		if !t.clause {
			continue // a consequence opens a clause: after a comma, a dash or as a clause word
		}
		n := 0 // the opener's length
		switch t.raw {
		case "so", "thus", "hence", "therefore", "consequently", "meaning":
			n = 1
		case "that", "this", "which":
			// g23b: "which guarantees" too, the benefit a claim sells
			// ("..., which guarantees the call is not made twice").
			if k+1 < end && (d.toks[k+1].raw == "way" || d.toks[k+1].raw == "means" || d.toks[k+1].raw == "ensures" || d.toks[k+1].raw == "guarantees") {
				n = 2
			}
		}
		if n > 0 && !judgesBack(d, k+n, end) {
			return k
		}
		if relaxedNeed(d, k, end) {
			return k
		}
	}
	return end
}

// inRelaxedNeed reports whether token i, in the sentence from..to, lies in
// a clause that opens with a negated need (see relaxedNeed) after the
// sentence's first clause: an exclusion's word there ("ordered" in "a UUID
// is fine; it doesn't need to be ordered") names a demand the claim drops,
// not one it makes.
func inRelaxedNeed(d *doc, i, from, to int) bool {
	k := i
	for k > from && !d.toks[k].clause {
		k--
	}
	return k > from && k+2 < i && relaxedNeed(d, k, to)
}

// relaxedNeed reports whether the clause at k opens with a pronoun pointing
// back and a negated need ("; it doesn't need to be ordered", "— they
// don't have to be unique", "it needn't be exact"): the claim before it
// drops a demand, which supports the claim rather than denies it.
func relaxedNeed(d *doc, k, end int) bool {
	if k+2 >= end {
		return false
	}
	switch d.toks[k].raw {
	case "it", "they", "this", "that":
	default:
		return false
	}
	j := k + 1
	switch d.toks[j].raw {
	case "needn't":
		return true
	case "doesn't", "don't":
	case "does", "do":
		if d.toks[j+1].raw != "not" {
			return false
		}
		j++
	default:
		return false
	}
	if j+1 >= end {
		return false
	}
	switch d.toks[j+1].raw {
	case "need", "have":
		return true
	}
	return false
}

// choiceConditionEnd returns where the claim's sentence starts for its
// negator exclusions: after an opening condition on the speaker's or the
// reader's own choice that ends before the match at lo ("If you'd rather
// not build that, a CronJob guarantees ...", "If we don't want to run
// ZooKeeper, ..."), from otherwise. Such a condition says what the person
// chooses not to do, not that the claim after it is false. A condition on
// the system ("if the clocks don't jump, ...") is kept: it limits the claim.
func choiceConditionEnd(d *doc, from, lo int) int {
	if from+2 >= lo || d.toks[from].raw != "if" {
		return from
	}
	switch d.toks[from+1].raw {
	case "you", "we", "i", "you'd", "we'd", "i'd", "you're", "we're", "i'm", "one":
	default:
		return from
	}
	for j := from + 2; j <= lo; j++ {
		if d.toks[j].clause {
			return j
		}
	}
	return from
}

// dismissingHeaderEnd returns where the claim's sentence starts for its
// negator exclusions: after a header that dismisses a concern of its own
// and ends in a colon before the match at lo ("Restarts are no concern:
// ...", "Failover isn't one of them if you run Sentinel: ...",
// "Persistence you don't need to worry about: ..."), from otherwise. The
// header's negator waves its own subject away; what follows the colon is
// the reason given, which the candidate claims. A header that is only a
// verdict ("Not safe: ...", "No: ...") or announces what is not done
// ("What it can't do: ...") still reaches what follows.
func dismissingHeaderEnd(d *doc, from, lo int) int {
	colon := -1
	for j := from + 1; j <= lo && j <= from+14; j++ {
		if d.toks[j].clause && d.toks[j].brk == ':' {
			colon = j
			break
		}
	}
	if colon < 0 || headerOpeners[d.toks[from].raw] {
		return from
	}
	neg := -1
	for j := from; j < colon; j++ {
		if (d.toks[j].cls&clsNegator != 0) || d.toks[j].raw == "no" {
			neg = j
			break
		}
	}
	// the header's own subject stands before its negator
	if neg <= from {
		return from
	}
	for j := neg; j < colon; j++ {
		t := &d.toks[j]
		if t.dismiss || t.raw == "worry" || t.raw == "need" || t.raw == "needed" ||
			t.raw == "one" && j+1 < colon && d.toks[j+1].raw == "of" {
			return colon
		}
	}
	return from
}

// headerOpeners open a header that announces what follows its colon
// ("What it can't do: ...", "Things it does not cover: ...").
var headerOpeners = setOf(`what which where when how why things thing one two three here these this`)

// judgesBack reports whether the clause at k opens with a pronoun pointing
// back and a negator within its next three words ("..., so it is never
// the key", "so that doesn't work"): a verdict on the claim before it,
// which the claim's negator exclusions still read.
func judgesBack(d *doc, k, end int) bool {
	if k >= end {
		return false
	}
	switch d.toks[k].raw {
	case "it", "this", "that", "they", "these", "those", "it's", "that's", "this's":
	default:
		return false
	}
	for j := k; j < end && j <= k+3; j++ {
		if d.toks[j].cls&clsNegator != 0 {
			return true
		}
	}
	return false
}

// choose picks, part by part, non-overlapping candidate spans that the
// pattern accepts. Candidates are at most maxSpansPerPart per part and
// parts at most maxParts, so the search is bounded by a constant per
// sentence: matching stays linear in the answer.
func (p *Pattern) choose(d *doc, c *evalCtx, k int, cands *[maxParts][maxSpansPerPart][2]int, ncand *[maxParts]int, chosen *[maxParts][2]int, claimOnly bool) bool {
	if k == len(p.parts) {
		spans := chosen[:k]
		return p.accept(d, spans, !claimOnly) && (!claimOnly || !p.deniedClaim(d, c, spans) && p.claimed(d, spans) && p.compact(spans) && !p.inCondition(d, spans, cands, ncand)) && !p.localExcluded(d, c, spans)
	}
	for _, s := range cands[k][:ncand[k]] {
		overlap := false
		for _, o := range chosen[:k] {
			if s[0] < o[1] && o[0] < s[1] {
				overlap = true
				break
			}
		}
		if overlap {
			continue
		}
		chosen[k] = s
		if p.choose(d, c, k+1, cands, ncand, chosen, claimOnly) {
			return true
		}
	}
	return false
}

// inCondition reports a match that takes some parts from an if-clause
// and the others from the clause after it, when the if-clause holds a
// candidate of every part: the whole claim is the hypothesis, and the
// main clause only repeats one of its words ("If I call the payment API
// while holding the row lock and the connection drops, the lock is
// released and the API call has happened" names the practice as the
// case it goes wrong in). A claim the condition leads to ("if a renewal
// fails, it's fine to finish the batch") needs words the condition does
// not hold, and stays claimed.
func (p *Pattern) inCondition(d *doc, spans [][2]int, cands *[maxParts][maxSpansPerPart][2]int, ncand *[maxParts]int) bool {
	// the if-clause: the run of hypothetical tokens around a part that
	// lies wholly in one
	lo, hi := -1, -1
	for k, s := range spans {
		if p.either[k] || !allHypo(d, s) {
			continue
		}
		lo, hi = s[0], s[1]
		sent := d.toks[lo].sent
		for lo > 0 && condHypo(&d.toks[lo-1]) && d.toks[lo-1].sent == sent {
			lo--
		}
		for hi < len(d.toks) && condHypo(&d.toks[hi]) && d.toks[hi].sent == sent {
			hi++
		}
		break
	}
	if lo < 0 {
		return false
	}
	outside := false
	for k, s := range spans {
		if s[0] >= lo && s[1] <= hi || p.either[k] {
			continue
		}
		// only the clause after the condition repeats it: words before
		// the if-clause are the claim it qualifies ("hold FOR UPDATE
		// while calling the API, because if the process dies the
		// rollback cancels the call")
		if s[0] < hi {
			return false
		}
		outside = true
		found := false
		for _, c := range cands[k][:ncand[k]] {
			if c[0] >= lo && c[1] <= hi {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return outside
}

// condHypo reports a token in a condition that a red flag reads as one:
// not in an if-clause its main clause only approves ("if you check it
// before every write, you're covered": see approvedCond).
func condHypo(t *token) bool { return t.hypo && !t.approvedCond || t.flagHypo }

// allHypo reports whether every token of s lies in a condition.
func allHypo(d *doc, s [2]int) bool {
	for j := s[0]; j < s[1]; j++ {
		if !condHypo(&d.toks[j]) {
			return false
		}
	}
	return s[1] > s[0]
}

// maxClaimTokens is the most tokens a red flag's match may cover when its
// pattern sets no window: a claim is made in a clause or two, and in the
// long sentences of a thorough answer, words twenty apart rarely belong to
// the same claim.
const maxClaimTokens = 20

// compact reports whether spans fit in maxClaimTokens (or p's own window).
func (p *Pattern) compact(spans [][2]int) bool {
	if p.window > 0 {
		return true
	}
	lo, hi := spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		lo, hi = min(lo, s[0]), max(hi, s[1])
	}
	return hi-lo <= maxClaimTokens
}

// needlessBeside reports whether a token of s is said not to be needed,
// by words outside the pattern's own spans.
func needlessBeside(d *doc, s [2]int, own [][2]int) bool {
	for j := s[0]; j < s[1]; j++ {
		if !d.toks[j].needless {
			continue
		}
		if !inSpans(d.toks[j].negBy, own) {
			return true
		}
	}
	return false
}

// claimedDefinition reports whether a match takes in the failure's name
// (token definedBy-1) whose definition refutes a word of it: a definition
// describes the failure, which proposes nothing, but it claims what the
// name means ("the herd effect is when the leader is overloaded").
func claimedDefinition(d *doc, spans [][2]int, definedBy int) bool {
	if definedBy == 0 {
		return false
	}
	for _, s := range spans {
		if s[0] <= definedBy-1 && definedBy-1 < s[1] {
			return true
		}
	}
	return false
}

// notClaimed reports whether a span lies in a rejected claim or a
// diagnosis probe (see claimed).
func notClaimed(d *doc, s [2]int) bool {
	for j := s[0]; j < s[1]; j++ {
		// (a word only a definition refutes is judged with the whole
		// match: claimedDefinition)
		if d.toks[j].refuted && d.toks[j].definedBy == 0 && !d.toks[j].endorsed || d.toks[j].probe || d.toks[j].setAside {
			return true
		}
	}
	return false
}

// sqlClauseWord reports whether span s is the verb of a SQL clause alone:
// the "skip" of "SKIP LOCKED" names how a query reads rows, not something
// left out, so a claim of omission ("skip fencing") cannot take it from
// "SKIP LOCKED queues; something else, with fencing, for the rest". The
// clause named whole ("skip locked") is still a candidate.
func sqlClauseWord(d *doc, s [2]int) bool {
	if s[1]-s[0] != 1 || d.toks[s[0]].raw != "skip" {
		return false
	}
	n := s[0] + 1
	return n < len(d.toks) && d.toks[n].raw == "locked" && d.toks[n].sent == d.toks[s[0]].sent && !d.toks[n].clause
}

func (p *Pattern) accept(d *doc, spans [][2]int, excuseOwn bool) bool {
	if p.window > 0 && len(spans) > 1 {
		maxStart, minEnd := spans[0][0], spans[0][1]
		for _, s := range spans[1:] {
			maxStart = max(maxStart, s[0])
			minEnd = min(minEnd, s[1])
		}
		if maxStart-minEnd > p.window {
			return false
		}
	}
	neg := false
	for k, s := range spans {
		// A key point's polarity-free part ("?") does not take a
		// dismissal for the negation it allows: "you don't need fencing"
		// makes no point about fencing (see markNeedless), unless the
		// pattern spells the negator out ("no|without & ?lock" in "no lock
		// is needed"). A negated pattern ("!") may take it ("a lock isn't
		// needed for that, nor enough"), and red flags read those words
		// as the claim.
		if excuseOwn && !d.mentions && (p.either[k] || p.polarity == Either) && needlessBeside(d, s, spans) {
			return false
		}
		if p.either[k] {
			continue
		}
		// For a key point, a negator matched by another of the chosen
		// spans is the pattern's own (see ownNegators).
		var own [][2]int
		if excuseOwn && p.polarity == Asserted {
			own = spans
		}
		if negatedBeside(d, s, own, excuseOwn) {
			neg = true
			break
		}
	}
	switch p.polarity {
	case Asserted:
		return !neg
	case Negated:
		return neg
	}
	return true
}

// claimed reports whether the sentence claims an occurrence rather than
// rejecting, probing or quoting it: no part (other than "?" parts) lies in
// a rejected claim ("it is not true that ...", "some say ..., but") or a
// diagnosis probe ("look for ..."), and the parts do not all lie inside
// one quotation that the sentence rejects (`The claim "..." is wrong`).
func (p *Pattern) claimed(d *doc, spans [][2]int) bool {
	// A match wholly inside an if-clause is a hypothesis ("if I lock a row
	// and then call an API, ..."); one whose condition is in the if-clause
	// and whose claim is outside it ("if a renewal fails, it's fine to
	// finish the batch") is still claimed.
	allHypo := true
	for k, s := range spans {
		if p.either[k] {
			continue
		}
		for j := s[0]; j < s[1]; j++ {
			if !condHypo(&d.toks[j]) {
				allHypo = false
			}
		}
	}
	if allHypo {
		return false
	}
	if acrossListItems(d, spans) {
		return false
	}
	quote, inOne := -1, true
	for k, s := range spans {
		if p.either[k] {
			continue
		}
		for j := s[0]; j < s[1]; j++ {
			t := &d.toks[j]
			if t.refuted && !t.endorsed && !claimedDefinition(d, spans, t.definedBy) || t.probe {
				return false
			}
			// A phrase that bridges a semicolon, colon or dash ("no
			// lock is required; a unique key ...") joins two claims,
			// and makes neither.
			if j > s[0] && t.clause && (t.brk == ';' || t.brk == ':' || t.brk == '—' || t.brk == '–' || t.brk == '(' || t.brk == ')') {
				return false
			}
			if quote < 0 {
				quote = t.quote
			}
			if t.quote == 0 || t.quote != quote {
				inOne = false
			}
		}
	}
	if !inOne {
		// A match that takes some of its words from inside a quoted
		// claim and others from outside it ("Definitely not "five
		// masters, each with a replica": a failover ...") joins the
		// quoted words to the candidate's own: no claim of either.
		for k, s := range spans {
			if p.either[k] {
				continue
			}
			for j := s[0]; j < s[1]; j++ {
				if q := d.toks[j].quote; q > 0 && !d.toks[j].endorsed && (quotedClaim(d, d.sents[d.toks[j].sent], q) || quoteDenied(d, j, q)) {
					return false
				}
			}
		}
		return true
	}
	if quote <= 0 {
		return true
	}
	// A quotation the speaker endorses is their claim ("..., and he's
	// right": markEndorsedQuotes).
	if d.toks[spans[0][0]].endorsed {
		return true
	}
	// A quotation is a mention only when the sentence rejects it.
	sn := d.sents[d.toks[spans[0][0]].sent]
	for j := sn.from; j < sn.to; j++ {
		t := &d.toks[j]
		if t.quote != quote && (rejectWords[t.raw] || critics[t.raw] || rebuttals[t.raw] || (t.cls&clsNegator != 0)) {
			return false
		}
	}
	// ... or when it quotes a whole claim (a clause of five words or
	// more, with a function word): candidates quote what others say; what
	// they use themselves they quote as a name ("SETNX then EXPIRE"),
	// unless they say so ("I use "...").
	if quotedClaim(d, sn, quote) {
		return false
	}
	return true
}

// quotedClaim reports whether quotation quote of sentence sn quotes a
// whole claim (see claimed) that the sentence does not say it uses.
// A quotation that runs on over several sentences (a colleague's
// argument quoted whole) is one piece of reported speech: its last
// short sentence ("... Keep going.") is as much quoted as the first,
// so the quotation is measured, and its use judged, where it opens.
func quotedClaim(d *doc, sn sentence, quote int) bool {
	from, to := sn.from, sn.to
	for from > 0 && d.toks[from-1].quote == quote {
		from--
	}
	for to < len(d.toks) && d.toks[to].quote == quote {
		to++
	}
	n, fn := 0, false
	for j := from; j < to; j++ {
		if d.toks[j].quote == quote {
			n++
			fn = fn || d.toks[j].fn
		}
	}
	if from < sn.from {
		sn = d.sents[d.toks[from].sent]
	}
	return n >= quotedClaimWords && fn && !usesQuote(d, sn, quote)
}

// quoteDenied reports whether the quotation quote, which token j lies in,
// is denied where it stands: it is the subject of a negated verb that
// follows it at once (`"source then destination" is not a fixed order`,
// `"just retry" doesn't hold`) or the object of a verb of breaking that
// comes right before it (`a crash mid-run breaks "exactly once"`). A
// short quotation (a promise or a slogan, too short to be a quoted
// claim) is then the thing refuted, and words matched from it and from
// the rebuttal around it make no claim of the candidate's.
func quoteDenied(d *doc, j, quote int) bool {
	from, to := j, j+1
	for from > 0 && d.toks[from-1].quote == quote {
		from--
	}
	for to < len(d.toks) && d.toks[to].quote == quote {
		to++
	}
	if to < len(d.toks) && d.toks[to].sent == d.toks[j].sent {
		neg := -1
		switch t := d.toks[to].raw; {
		case isNegator(t):
			neg = to
		case quoteCopulas[t] && to+1 < len(d.toks) && d.toks[to+1].sent == d.toks[j].sent && (d.toks[to+1].cls&clsNegator != 0):
			neg = to + 1
		}
		// ... but `"SETNX then EXPIRE" isn't a problem` or `... isn't
		// risky` plays the quoted practice down: it is defended, not
		// denied.
		// (g20i) ... and `"source then target" is not going to deadlock`
		// predicts, of the quoted practice, what the candidate claims:
		// only a denial of its truth or of what it gives (`is not a
		// fixed order`, `isn't true`, `doesn't hold`) refutes it.
		if neg >= 0 && !d.toks[neg].dismiss && !(neg+1 < len(d.toks) && quoteDefences[d.toks[neg+1].raw]) && deniesQuote(d, neg) {
			return true
		}
	}
	return from > 0 && d.toks[from-1].sent == d.toks[j].sent && quoteBreakers[d.toks[from-1].raw]
}

// deniesQuote reports whether the words after the negator at d.toks[neg],
// which follows a quotation, deny the quoted words' truth or what they
// give: a predicate noun (`is not a fixed global order`), an adjective of
// truth (`isn't true`, `is not correct`) or a verb of holding (`doesn't
// hold`, `does not work`), past an adverb (`is not really a fix`).
func deniesQuote(d *doc, neg int) bool {
	k := neg + 1
	if k < len(d.toks) && d.toks[k].sent == d.toks[neg].sent && quoteDenialAdverbs[d.toks[k].raw] {
		k++
	}
	if k >= len(d.toks) || d.toks[k].sent != d.toks[neg].sent {
		return false
	}
	if quoteDenials[d.toks[k].raw] {
		return true
	}
	// g35b: `"Source first" does not break the circle`, `"just retry"
	// doesn't fix the race`: a verb of curing denies the quoted practice
	// the cure it is offered as, when its object is the trouble named
	// (a determiner or "it"); `"X" doesn't break anything`, `doesn't
	// solve much` plays the practice's harm down instead.
	return quoteCures[d.toks[k].raw] && k+1 < len(d.toks) && d.toks[k+1].sent == d.toks[k].sent && curedObjects[d.toks[k+1].raw]
}

// quoteCures, right after a negator that follows a quotation, name the
// cure the quoted practice is denied (see deniesQuote).
var quoteCures = setOf(`break breaks fix fixes solve solves resolve resolves cure cures remove removes
eliminate eliminates avoid avoids end ends`)

// curedObjects open the trouble a cure verb is denied against: `does not
// break the circle`, `doesn't fix it`.
var curedObjects = setOf(`the this that it a any your our`)

// quoteDenials, right after a negator that follows a quotation (see
// deniesQuote), deny what it quotes.
var quoteDenials = setOf(`a an the any one what how true correct right accurate valid so fixed global
total consistent real enough sufficient safe hold holds work works apply applies guarantee guarantees
ensure ensures mean means give gives prevent prevents stop stops`)

// quoteDenialAdverbs may stand between the negator and the denial.
var quoteDenialAdverbs = setOf(`actually really quite always necessarily even`)

// quoteCopulas, before a negator right after a quotation, make it the
// subject denied: `"X" is not ...`, `"X" does not ...`.
var quoteCopulas = setOf(`is are was were does do did will would can could has have`)

// quoteDefences, right after a negator that follows a quotation, defend
// what it quotes: `"retry later" isn't risky`.
var quoteDefences = setOf(`needed necessary required hard difficult risky dangerous unsafe racy
wrong broken bad fragile`)

// quoteBreakers, right before a quotation, make it the promise broken:
// `... break "exactly once"`.
var quoteBreakers = setOf(`break breaks broke breaking violate violates violated defeat defeats
defeated undermine undermines contradict contradicts refute refutes disprove disproves`)

// quotedClaimWords is the shortest quotation read as a quoted claim.
const quotedClaimWords = 5

// usesQuote reports whether the sentence's own speaker uses the quoted
// words: "I use "...", "we run "..."".
func usesQuote(d *doc, sn sentence, quote int) bool {
	for j := sn.from; j < sn.to && d.toks[j].quote != quote; j++ {
		switch d.toks[j].raw {
		case "i", "we", "i'd", "we'd", "i'll", "we'll":
			if j+1 < sn.to {
				switch d.toks[j+1].raw {
				case "use", "run", "do", "call", "write", "set", "say", "recommend", "propose", "suggest", "would", "always", "just":
					return true
				}
			}
		}
	}
	return false
}

// Matches reports whether p matches text anywhere, prose or not, and the
// byte spans of the first match. It serves tests and content checks.
func (p *Pattern) Matches(text string) (bool, []Span) {
	d := analyse(text)
	d.mentions = true
	for si := range d.sents {
		if m, ok := p.find(d, si); ok {
			return true, m.byteSpans(d)
		}
	}
	return false, nil
}

// simpleWord reports whether a is one word of ASCII lowercase letters,
// which analyse reads as exactly one token whose raw text is a itself.
func simpleWord(a string) bool {
	if a == "" {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] < 'a' || a[i] > 'z' {
			return false
		}
	}
	return true
}
