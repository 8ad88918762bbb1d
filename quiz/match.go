package quiz

import (
	"cmp"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Patterns are compiled to a small tree: word sets at the leaves, phrases
// (words in order, a bounded gap apart) and alternatives above them. An
// answer is indexed once (which tokens carry which stem or form), so a
// word set finds its tokens by lookup rather than by comparing every
// token with every entry, and a phrase is tried only where its first word
// occurs. Ends are bit masks relative to the start, so nothing allocates
// while matching and the work per pattern is linear in the answer.

// maxSpan is the most tokens a phrase may cover: its ends must fit a
// 64-bit mask.
const maxSpan = 63

// elem matches a run of tokens starting at a position.
type elem interface {
	// ends returns the runs starting at i (and ending by lim) as a mask:
	// bit k set means tokens [i, i+k) match.
	ends(c *evalCtx, i, lim int) uint64
	// firsts returns the positions where a run may start (a superset).
	firsts(c *evalCtx) bitset
	// span is the most tokens a run can cover.
	span() int
	// eachLeaf calls fn for every word set in the tree.
	eachLeaf(fn func(*wordSet))
}

// wordSet matches one token: by stem (of the word or of its lemma) or by
// the prefix of its form (the word or its lemma).
type wordSet struct {
	stems    []string
	prefixes []string
	key      string   // the stems and prefixes, so patterns share their tokens (see keyLeaves)
	lex      *lexicon // the bank's lexicon that numbered it, or nil
	gid      int32    // its number in lex
	// atoms are the gids in lex of its atoms, the word sets of one stem or
	// one prefix each: a word belongs to the set when it belongs to one of
	// them, so an answer is marked with atoms only (a word has far fewer
	// atoms than sets), and the set's tokens are their union (see leaf).
	atoms []int32
}

// litWord is the word set of a literal: its stem, and the stem of its
// lemma when that differs ("held" also stands for "hold").
func litWord(t token) *wordSet {
	// One allocation for the set and its stems: patterns hold tens of
	// thousands of literals, a good part of a cold start's garbage.
	l := &struct {
		w     wordSet
		stems [2]string
	}{}
	l.stems[0] = t.stem
	n := 1
	if t.lstem != "" && t.lstem != t.stem {
		l.stems[1] = t.lstem
		n = 2
	}
	l.w.stems = l.stems[:n:n] // full: an append copies
	return &l.w
}

func (w *wordSet) ends(c *evalCtx, i, lim int) uint64 {
	if i < lim && c.leaf(w).has(i) {
		return 1 << 1
	}
	return 0
}

func (w *wordSet) firsts(c *evalCtx) bitset   { return c.leaf(w) }
func (w *wordSet) span() int                  { return 1 }
func (w *wordSet) eachLeaf(fn func(*wordSet)) { fn(w) }

// altElem matches any of its alternatives.
type altElem []elem

// newAlt builds an alternative, merging single words into one word set.
func newAlt(alts []elem) elem {
	if len(alts) == 1 {
		// A word of one form (most of them) has nothing to merge, and
		// neither has a tree newAlt built: a synonym set stays the one
		// its patterns share (see setCache).
		return alts[0]
	}
	// Count first, so that the merged word set's lists and the
	// alternatives are allocated once, at their size.
	var c altCount
	for _, a := range alts {
		c.add(a)
	}
	m := altMerge{out: make(altElem, 0, c.others+1)}
	if c.words {
		m.words = &wordSet{}
		if c.stems > 0 {
			m.words.stems = make([]string, 0, c.stems)
		}
		if c.prefixes > 0 {
			m.words.prefixes = make([]string, 0, c.prefixes)
		}
	}
	for _, a := range alts {
		m.add(a)
	}
	if len(m.out) == 1 {
		return m.out[0]
	}
	return m.out
}

// altCount counts what newAlt merges: the stems and prefixes of the word
// sets, and the other alternatives.
type altCount struct {
	words           bool
	stems, prefixes int
	others          int
}

func (c *altCount) add(e elem) {
	switch e := e.(type) {
	case *wordSet:
		c.words = true
		c.stems += len(e.stems)
		c.prefixes += len(e.prefixes)
	case altElem:
		for _, a := range e {
			c.add(a)
		}
	default:
		c.others++
	}
}

// altMerge is newAlt's result as it is built: the alternatives out, where
// the one word set words, merging all of them, stands at the first.
type altMerge struct {
	out    altElem
	words  *wordSet
	placed bool // words is in out
}

func (m *altMerge) add(e elem) {
	switch e := e.(type) {
	case *wordSet:
		if !m.placed {
			m.out = append(m.out, m.words)
			m.placed = true
		}
		m.words.stems = append(m.words.stems, e.stems...)
		m.words.prefixes = append(m.words.prefixes, e.prefixes...)
	case altElem:
		for _, a := range e {
			m.add(a)
		}
	default:
		m.out = append(m.out, e)
	}
}

func (e altElem) ends(c *evalCtx, i, lim int) uint64 {
	var m uint64
	for _, a := range e {
		m |= a.ends(c, i, lim)
	}
	return m
}

func (e altElem) firsts(c *evalCtx) bitset {
	out := c.d.newBits()
	for _, a := range e {
		out.or(a.firsts(c))
	}
	return out
}

func (e altElem) span() int {
	n := 0
	for _, a := range e {
		n = max(n, a.span())
	}
	return n
}

func (e altElem) eachLeaf(fn func(*wordSet)) {
	for _, a := range e {
		a.eachLeaf(fn)
	}
}

// seqElem matches its elements in order, each starting at most gap tokens
// after the previous one ends; when its bit in tight is set (the word
// after a negator), only particles may come between.
type seqElem struct {
	elems []elem
	gap   int
	tight uint64
}

// negParticles may stand between a negator and the word it negates.
var negParticles = setOf(`to be been being ever even really yet actually necessarily always quite already still
just get got have`)

func (e *seqElem) ends(c *evalCtx, i, lim int) uint64 { return e.endsFrom(c, i, lim, 0, 1) }

// startedEnds is a.ends(c, i, lim) for an alternative a that a caller
// knows may start at token i: one of its first word sets holds the token
// (see altEnds). A phrase whose first element is a word set of the doc's
// lexicon then has that element matched already (a run of one token, as
// its ends would find), and is read on from its second.
func (c *evalCtx) startedEnds(a elem, i, lim int) uint64 {
	switch a := a.(type) {
	case *wordSet:
		if a.lex != nil && a.lex == c.d.lex {
			if i >= lim {
				return 0
			}
			return 1 << 1
		}
	case *seqElem:
		if w, word := a.elems[0].(*wordSet); word && w.lex != nil && w.lex == c.d.lex {
			if i >= lim {
				return 0
			}
			return a.endsFrom(c, i, lim, 1, 1<<1)
		}
	}
	return a.ends(c, i, lim)
}

// endsFrom is ends from element from on, the elements before it having
// ended their runs at cur (bit b: token i+b-1 was the last taken; 1, the
// empty run, before the first element).
func (e *seqElem) endsFrom(c *evalCtx, i, lim, from int, cur uint64) uint64 {
	// Taken once per call, not per element: the tokens a run may take
	// before lim (bit b: token i+b), the doc's lexicon and word-set
	// bitsets, and the elements after a negator (the first never is).
	var before uint64
	if n := lim - i; n >= 64 {
		before = ^uint64(0)
	} else if n > 0 {
		before = 1<<uint(n) - 1
	}
	lex, leaves := c.d.lex, c.d.lexLeaves
	tights := e.tight &^ 1
	for k := from; k < len(e.elems); k++ {
		el := e.elems[k]
		var next uint64
		// A word (most elements) is read from its bitset, taken once:
		// what its ends would return, a run of one token.
		w, word := el.(*wordSet)
		var leaf bitset
		if word {
			if w.lex != nil && w.lex == lex && len(w.atoms) == 1 {
				leaf = leaves[w.atoms[0]] // c.leaf's first case, inlined
			} else {
				leaf = c.leaf(w)
			}
		}
		tight := tights&(1<<k) != 0
		if word && !tight {
			// A word, not after a negator: the positions it may take are
			// those of cur (bit b: token i+b), each widened by up to gap
			// tokens after the first element, before lim; next has bit
			// b+1 for each of them the word's leaf holds, as the loop
			// below would set it (bits past 63 fall off alike).
			reach := cur
			if k > 0 {
				for g := 1; g <= e.gap; g++ {
					reach |= cur << uint(g)
				}
			}
			if next = reach & before & leaf.window(i) << 1; next == 0 {
				return 0
			}
			cur = next
			continue
		}
		for m := cur; m != 0; m &= m - 1 {
			p := i + bits.TrailingZeros64(m)
			hi := p
			if k > 0 {
				hi = p + e.gap
			}
			for s := p; s <= hi && s < lim; s++ {
				if word {
					if leaf.has(s) {
						next |= 1 << 1 << (s - i)
					}
				} else {
					next |= el.ends(c, s, lim) << (s - i)
				}
				// after a negator, only particles may come between
				// ("not to expire", "can't really happen")
				if tight && c.d.toks[s].cls&clsNegParticle == 0 {
					break
				}
			}
		}
		if next == 0 {
			return 0
		}
		cur = next
	}
	return cur
}

func (e *seqElem) firsts(c *evalCtx) bitset { return e.elems[0].firsts(c) }

func (e *seqElem) span() int {
	n := e.gap * (len(e.elems) - 1)
	for _, el := range e.elems {
		n += el.span()
	}
	return n
}

func (e *seqElem) eachLeaf(fn func(*wordSet)) {
	for _, el := range e.elems {
		el.eachLeaf(fn)
	}
}

// keyLeaves gives every word set of e that has none its key. A tree is
// keyed before it is shared (see setCache): afterwards its word sets are
// only read.
func keyLeaves(e elem) {
	e.eachLeaf(func(w *wordSet) {
		if w.key == "" {
			w.key = leafKey(w)
		}
	})
}

// leafKey is the key of word set w: its stems, "|", its prefixes, each
// list joined by spaces.
func leafKey(w *wordSet) string {
	n := len(w.stems) + len(w.prefixes)
	for _, s := range w.stems {
		n += len(s)
	}
	for _, p := range w.prefixes {
		n += len(p)
	}
	var b strings.Builder
	b.Grow(n)
	for i, s := range w.stems {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	b.WriteByte('|')
	for i, p := range w.prefixes {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p)
	}
	return b.String()
}

// bitset is a set of token positions.
type bitset []uint64

func (d *doc) newBits() bitset { return make(bitset, (len(d.toks)+63)/64) }

// window returns the 64 positions of b from i on (bit k: position i+k).
func (b bitset) window(i int) uint64 {
	wi, sh := i>>6, uint(i)&63
	var w uint64
	if wi < len(b) {
		w = b[wi] >> sh
	}
	if sh != 0 && wi+1 < len(b) {
		w |= b[wi+1] << (64 - sh)
	}
	return w
}

func (b bitset) has(i int) bool { return i>>6 < len(b) && b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (uint(i) & 63) }

func (b bitset) or(o bitset) {
	for k := range min(len(b), len(o)) {
		b[k] |= o[k]
	}
}

func (b bitset) empty() bool {
	for _, w := range b {
		if w != 0 {
			return false
		}
	}
	return true
}

// next returns the first position in [from, to) in b, or -1.
func (b bitset) next(from, to int) int {
	for from < to {
		k := from >> 6
		if k >= len(b) {
			return -1
		}
		w := b[k] >> (uint(from) & 63)
		if w != 0 {
			if i := from + bits.TrailingZeros64(w); i < to {
				return i
			}
			return -1
		}
		from = (k + 1) << 6
	}
	return -1
}

// evalCtx caches, for one pattern on one answer, the tokens each word set
// matches and the positions each part may start at.
type evalCtx struct {
	d       *doc
	pattern *Pattern
	parts   []bitset
	excl    []bitset
	dead    bool // some part occurs nowhere in the answer, or (with sentsKnown) in no sentence with the rest
	// sents, once sentsKnown, are the sentences (bit si) where the
	// pattern may match, see sentMask.
	sents      uint64
	sentsKnown bool
}

func (c *evalCtx) leaf(w *wordSet) bitset {
	if w.lex != nil && w.lex == c.d.lex {
		if len(w.atoms) == 1 {
			return c.d.lexLeaves[w.atoms[0]]
		}
		return c.d.setLeaf(w)
	}
	// Word sets are shared by patterns (see setCache) and keyed: the
	// doc keeps their tokens by key.
	if b, ok := c.d.leafBits[w.key]; ok {
		return b
	}
	b := c.d.newBits()
	ix := c.d.index()
	for _, s := range w.stems {
		if id, ok := ix.stems[s]; ok {
			for _, k := range ix.stemPos.of(id) {
				b.set(int(k))
			}
		}
	}
	for _, p := range w.prefixes {
		for j := sort.SearchStrings(ix.sorted, p); j < len(ix.sorted) && strings.HasPrefix(ix.sorted[j], p); j++ {
			if falseFriend(ix.sorted[j], p) {
				continue
			}
			for _, k := range ix.formPos.of(ix.forms[ix.sorted[j]]) {
				b.set(int(k))
			}
		}
	}
	if c.d.leafBits == nil {
		c.d.leafBits = make(map[string]bitset, 256)
	}
	c.d.leafBits[w.key] = b
	return b
}

func (c *evalCtx) partFirsts(k int) bitset {
	if c.parts[k] == nil {
		if c.tabled() {
			c.parts[k] = c.union(c.pattern.firstGids[k])
		} else {
			c.parts[k] = c.partOf(k).firsts(c)
		}
		if c.parts[k].empty() {
			c.dead = true
		}
	}
	return c.parts[k]
}

func (c *evalCtx) partOf(k int) elem { return c.pattern.parts[k] }

func (c *evalCtx) exclFirsts(x int) bitset {
	if c.excl[x] == nil {
		if c.tabled() {
			c.excl[x] = c.union(c.pattern.firstGids[len(c.pattern.parts)+x])
		} else {
			c.excl[x] = c.pattern.exclude[x].firsts(c)
		}
	}
	return c.excl[x]
}

// tabled reports whether c's pattern is read from its tables (see
// lexicon.add) rather than by walking its tree: a bank's pattern on an
// answer marked with the bank's lexicon.
func (c *evalCtx) tabled() bool {
	p := c.pattern
	return p.lex != nil && p.lex == c.d.lex && p.firstGids != nil && !p.lex.untabled
}

// union returns the tokens of the word sets gids, the firsts of an
// element from its table: one of the doc's own bitsets when only one word
// set occurs (callers only read it), an empty one when none does.
func (c *evalCtx) union(gids []int32) bitset {
	var out bitset
	fresh := false
	for _, g := range gids {
		b := c.d.lexLeaves[g]
		switch {
		case b == nil:
		case out == nil:
			out = b
		case !fresh:
			n := c.d.scratchBits()
			copy(n, out)
			n.or(b)
			out, fresh = n, true
		default:
			out.or(b)
		}
	}
	if out == nil {
		return bitset{}
	}
	return out
}

// scratchBits returns an empty bitset for d's tokens carved from a slab
// kept with the doc (pooled), so the unions of a grading allocate nothing
// once the slab is large enough. A full slab is replaced, never grown in
// place: the bitsets already handed out keep the old one.
func (d *doc) scratchBits() bitset {
	w := (len(d.toks) + 63) / 64
	if d.scratchN+w > len(d.scratch) {
		d.scratch, d.scratchN = make([]uint64, max(w*64, 2*len(d.scratch))), 0
	}
	b := bitset(d.scratch[d.scratchN : d.scratchN+w : d.scratchN+w])
	d.scratchN += w
	clear(b)
	return b
}

// maxMaskSents is the most sentences an answer may have for sentence
// masks (one bit per sentence in a uint64) to be used; longer answers
// take the general path.
const maxMaskSents = 64

// gidSents returns the sentences (bit si) holding a token of word set g,
// noted by markFor (0 for a word set it did not mark: markFor resets the
// entries of the previous answer). The caller checks that the answer has
// at most maxMaskSents sentences.
func (d *doc) gidSents(g int32) uint64 { return d.lexSents[g] }

// sentMask returns, when ok, the sentences (bit si) where c's pattern may
// match: those where every part may start, every word it needs occurs and
// so does a later word of each of its lists of alternatives. It is the
// set of sentences that pass findAs's first checks, narrowed by those
// later words (which the checks, for longer answers, leave to matching),
// so a sentence outside it never matches. ok is false for an untabled
// pattern or an answer of more than maxMaskSents sentences.
func (c *evalCtx) sentMask() (uint64, bool) {
	if c.sentsKnown {
		return c.sents, true
	}
	if c.pattern == nil {
		// a shared dead cache (see evalFor) whose mask was not worked
		// out: that of any pattern dead without a mask, none
		return 0, false
	}
	d, p := c.d, c.pattern
	if len(d.sents) > maxMaskSents || !c.tabled() || p.need == nil {
		return 0, false
	}
	var m uint64
	if !c.dead {
		m = p.maskIn(d)
	}
	c.sents, c.sentsKnown = m, true
	return m, true
}

// maskIn is the sentence mask of tabled pattern p on d (see sentMask),
// which has at most maxMaskSents sentences.
// The mask is the intersection, over its clauses (maskClauses), of the
// sentences holding one of their word sets; the clauses are taken
// shortest first, so that a pattern dead in the answer is found so after
// the fewest lookups.
func (p *Pattern) maskIn(d *doc) uint64 {
	m := ^uint64(0)
	sents := d.lexSents
	for _, clause := range p.maskClauses {
		var cm uint64
		for _, g := range clause {
			cm |= sents[g]
		}
		if m &= cm; m == 0 {
			return 0
		}
	}
	return m
}

// nextSent returns the first sentence of d from si on where p may match
// (by its sentence mask, see sentMask; any sentence when it has none), or
// -1. Callers loop over it instead of d.sents to skip, unvisited, the
// sentences where p cannot match:
//
//	for si := p.nextSent(d, 0); si >= 0; si = p.nextSent(d, si+1)
func (p *Pattern) nextSent(d *doc, si int) int {
	if si >= len(d.sents) {
		return -1
	}
	return nextSentIn(d, d.evalFor(p), si)
}

// nextSentIn is nextSent for c, the pattern's evalCtx on d (d.evalFor(p),
// taken once by a caller that loops over the sentences).
func nextSentIn(d *doc, c *evalCtx, si int) int {
	if si >= len(d.sents) {
		return -1
	}
	m, ok := c.sentMask()
	if !ok {
		return si
	}
	if m >>= uint(si); m == 0 {
		return -1
	}
	return si + bits.TrailingZeros64(m)
}

// elemEnds is e.ends(c, i, lim) for e, the part (or, from
// len(parts), exclusion) k of c's pattern: a list of alternatives tries
// only those whose first word sets hold token i (see altFirsts). For a
// tabled pattern, i must be one of the element's firsts (callers walk
// partFirsts or exclFirsts), so a word or phrase starting with a word
// set is known to take token i (see startedEnds).
func (c *evalCtx) elemEnds(k int, e elem, i, lim int) uint64 {
	alt, ok := e.(altElem)
	if !ok && c.tabled() {
		// i is among the element's firsts (its first word sets hold it)
		return c.startedEnds(e, i, lim)
	}
	if !ok || !c.tabled() || c.pattern.altFirsts[k] == nil {
		return e.ends(c, i, lim)
	}
	if tab := c.pattern.altTable(k); tab != nil {
		if t := &c.d.toks[i]; t.lex == c.d.lex {
			return c.altEnds(alt, tab, t.gids, i, lim)
		}
	}
	firsts := c.pattern.altFirsts[k]
	leaves := c.d.lexLeaves
	wi, bit := i>>6, uint64(1)<<(uint(i)&63)
	var m uint64
	for j, a := range alt {
		for _, g := range firsts[j] {
			if b := leaves[g]; wi < len(b) && b[wi]&bit != 0 {
				// A word set (its first word set is itself, and it
				// holds token i) ends a run of one token, as its ends
				// would say.
				if _, word := a.(*wordSet); word {
					if i < lim {
						m |= 1 << 1
					}
				} else {
					m |= c.startedEnds(a, i, lim)
				}
				break
			}
		}
	}
	return m
}

// altRef is alternative j of a list whose first word sets hold atom g.
type altRef struct{ g, j int32 }

// altTab is the table of one list of alternatives: its refs, sorted by
// atom, and a filter of their atoms (bit g mod 256 set for each atom g),
// so that most of a token's atoms that start none of the alternatives
// are passed over after one bit test instead of a binary search.
type altTab struct {
	refs []altRef
	filt [4]uint64
}

// has reports whether atom g may be among t's refs (false: it is not).
func (t *altTab) has(g int32) bool { return t.filt[uint(g)>>6&3]&(1<<(uint(g)&63)) != 0 }

// altTable returns p.altAt[k] (nil for an element not tabled), building
// p.altAt from altFirsts on first use (patterns are shared by gradings: a
// table built twice at once is the same table).
func (p *Pattern) altTable(k int) *altTab {
	t := p.altAt.Load()
	if t == nil {
		at := make([]altTab, len(p.altFirsts))
		for k, af := range p.altFirsts {
			if af == nil || len(af) > maxTabledAlts {
				continue
			}
			var refs []altRef
			for j, gids := range af {
				for _, g := range gids {
					refs = append(refs, altRef{g, int32(j)})
					at[k].filt[uint(g)>>6&3] |= 1 << (uint(g) & 63)
				}
			}
			slices.SortFunc(refs, func(a, b altRef) int { return cmp.Compare(a.g, b.g)*2 + cmp.Compare(a.j, b.j) })
			at[k].refs = refs
		}
		p.altAt.CompareAndSwap(nil, &at)
		t = p.altAt.Load()
	}
	if tab := &(*t)[k]; tab.refs != nil {
		return tab
	}
	return nil
}

// altEnds is elemEnds for alternatives alt (at most 64) at token i, whose
// atoms are gids, through their table tab: the alternatives that may
// start at i are those one of whose first atoms is the token's. (An atom
// of a pattern being read holds token i exactly when it is among the
// token's atoms: the pattern's atoms are all marked, by markFor or
// markMissing, from the tokens' atoms.)
func (c *evalCtx) altEnds(alt altElem, tab *altTab, gids []int32, i, lim int) uint64 {
	if len(alt) > 64 {
		return c.altEndsWide(alt, tab, gids, i, lim)
	}
	refs := tab.refs
	var may uint64
	for _, g := range gids {
		if !tab.has(g) {
			continue
		}
		for k := firstRef(refs, g); k < len(refs) && refs[k].g == g; k++ {
			may |= 1 << uint(refs[k].j)
		}
	}
	var m uint64
	for ; may != 0; may &= may - 1 {
		a := alt[bits.TrailingZeros64(may)]
		// A word set (its first atoms hold token i) ends a run of one
		// token, as its ends would say.
		if _, word := a.(*wordSet); word {
			if i < lim {
				m |= 1 << 1
			}
		} else {
			m |= c.startedEnds(a, i, lim)
		}
	}
	return m
}

// firstRef is the index of the first of refs (sorted by atom) whose atom
// is g or later.
func firstRef(refs []altRef, g int32) int {
	lo, hi := 0, len(refs)
	for lo < hi {
		if h := int(uint(lo+hi) >> 1); refs[h].g < g {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo
}

// maxTabledAlts is the longest list of alternatives read through a table
// (altTable): the alternatives that may start at a token are kept in a
// bitset of maxTabledAlts bits on the stack.
const maxTabledAlts = 1024

// altEndsWide is altEnds for a list of more than 64 (at most
// maxTabledAlts) alternatives: the same alternatives tried, each once.
func (c *evalCtx) altEndsWide(alt altElem, tab *altTab, gids []int32, i, lim int) uint64 {
	refs := tab.refs
	var may [maxTabledAlts / 64]uint64
	for _, g := range gids {
		if !tab.has(g) {
			continue
		}
		for k := firstRef(refs, g); k < len(refs) && refs[k].g == g; k++ {
			j := uint(refs[k].j)
			may[j>>6] |= 1 << (j & 63)
		}
	}
	var m uint64
	for w := range (len(alt) + 63) / 64 {
		for mw := may[w]; mw != 0; mw &= mw - 1 {
			a := alt[w*64+bits.TrailingZeros64(mw)]
			if _, word := a.(*wordSet); word {
				if i < lim {
					m |= 1 << 1
				}
			} else {
				m |= c.startedEnds(a, i, lim)
			}
		}
	}
	return m
}

// needsMet reports whether an answer marked with p's lexicon holds, for
// every clause of p.need, one of its word sets: if not, p matches nowhere
// in it, and is never tried.
func (p *Pattern) needsMet(d *doc) bool {
	for _, clause := range p.need {
		met := false
		for _, g := range clause {
			if d.lexLeaves[g] != nil {
				met = true
				break
			}
		}
		if !met {
			return false
		}
	}
	return true
}

// needsMetIn is needsMet within sentence sn: where some clause has no
// word set in sn, p matches nowhere in sn.
func (p *Pattern) needsMetIn(d *doc, sn sentence) bool {
	for _, clause := range p.need {
		met := false
		for _, g := range clause {
			if b := d.lexLeaves[g]; b != nil && b.next(sn.from, sn.to) >= 0 {
				met = true
				break
			}
		}
		if !met {
			return false
		}
	}
	return true
}

// evalFor returns the cache of p on d.
func (d *doc) evalFor(p *Pattern) *evalCtx {
	if p.lex != nil && p.lex == d.lex {
		if len(d.lexEvals) < p.lex.patterns {
			if cap(d.lexEvals) >= p.lex.patterns {
				d.lexEvals = d.lexEvals[:p.lex.patterns]
				clear(d.lexEvals)
			} else {
				d.lexEvals = make([]*evalCtx, p.lex.patterns)
			}
		}
		if c := d.lexEvals[p.pid]; c != nil {
			return c
		}
	} else if c, ok := d.evals[p]; ok {
		return c
	}
	// One allocation for the part and exclusion caches; the word sets of a
	// bank's pattern are cached on the doc (lexLeaves), not per pattern.
	// A bank's patterns take theirs from slabs kept with the doc (pooled),
	// each pattern at most once per answer, so the slabs never move.
	if p.lex != nil && p.lex == d.lex {
		if cap(d.ctxSlab) < p.lex.patterns {
			d.ctxSlab = make([]evalCtx, 0, p.lex.patterns)
		}
		if d.rel != nil && !d.rel.holds(p) {
			d.markMissing(p)
		}
		var sents uint64
		masked := false
		if p.need != nil && !p.lex.untabled {
			dead := false
			if p.firstGids != nil && len(d.sents) <= maxMaskSents {
				// The sentence mask, worked out now: no sentence holds
				// all the pattern needs when a needed word is missing
				// (needsMet) or the words never meet in one sentence.
				sents, masked = p.maskIn(d), true
				dead = sents == 0
			} else {
				dead = !p.needsMet(d)
			}
			if dead {
				// A word the pattern needs is missing from the answer (or
				// from every sentence that holds the others): it matches
				// nowhere, and nothing of it is looked at.
				// (one cache shared by the dead patterns, no pattern's own:
				// callers read only dead, and sentMask only the mask)
				c := &d.deadCtx[0]
				if masked {
					c = &d.deadCtx[1]
				}
				c.d, c.dead, c.sentsKnown = d, true, masked
				d.lexEvals[p.pid] = c
				return c
			}
		}
		need := len(p.parts) + len(p.exclude)
		if len(d.bitsSlab)+need > cap(d.bitsSlab) {
			d.bitsSlab = make([]bitset, 0, max(need, 8*p.lex.patterns))
		}
		pe := d.bitsSlab[len(d.bitsSlab) : len(d.bitsSlab)+need : len(d.bitsSlab)+need]
		clear(pe)
		d.bitsSlab = d.bitsSlab[:len(d.bitsSlab)+need]
		d.ctxSlab = append(d.ctxSlab, evalCtx{d: d, pattern: p, parts: pe[:len(p.parts):len(p.parts)], excl: pe[len(p.parts):], sents: sents, sentsKnown: masked})
		c := &d.ctxSlab[len(d.ctxSlab)-1]
		d.lexEvals[p.pid] = c
		return c
	}
	if d.evals == nil {
		d.evals = map[*Pattern]*evalCtx{}
	}
	pe := make([]bitset, len(p.parts)+len(p.exclude))
	c := &evalCtx{d: d, pattern: p, parts: pe[:len(p.parts):len(p.parts)], excl: pe[len(p.parts):]}
	d.evals[p] = c
	return c
}

// docIndex lists where each stem and each form occurs in an answer:
// every distinct key gets an id, and the positions of id i are
// pos[off[i]:off[i+1]], built with two passes and no allocation per key.
type docIndex struct {
	stems   map[string]int32
	forms   map[string]int32
	sorted  []string // the forms, sorted, for prefix lookups
	stemPos postings
	formPos postings
}

type postings struct {
	off []int32
	pos []int32
}

func (p postings) of(id int32) []int32 { return p.pos[p.off[id]:p.off[id+1]] }

// build fills p from keys: keys[k] are the ids token k carries (-1 none).
func (p *postings) build(n int, keys [][2]int32) {
	p.off = make([]int32, n+1)
	for _, ks := range keys {
		for j, id := range ks {
			if id >= 0 && (j == 0 || id != ks[0]) {
				p.off[id+1]++
			}
		}
	}
	for i := 1; i <= n; i++ {
		p.off[i] += p.off[i-1]
	}
	p.pos = make([]int32, p.off[n])
	fill := append([]int32(nil), p.off[:n]...)
	for k, ks := range keys {
		for j, id := range ks {
			if id >= 0 && (j == 0 || id != ks[0]) {
				p.pos[fill[id]] = int32(k)
				fill[id]++
			}
		}
	}
}

func (d *doc) index() *docIndex {
	if d.ix != nil {
		return d.ix
	}
	ix := &docIndex{stems: make(map[string]int32, len(d.toks)/2+1), forms: make(map[string]int32, len(d.toks)/2+1)}
	id := func(m map[string]int32, key string) int32 {
		if key == "" {
			return -1
		}
		if i, ok := m[key]; ok {
			return i
		}
		i := int32(len(m))
		m[key] = i
		return i
	}
	stemKeys := make([][2]int32, len(d.toks))
	formKeys := make([][2]int32, len(d.toks))
	for k := range d.toks {
		t := &d.toks[k]
		stemKeys[k] = [2]int32{id(ix.stems, t.stem), id(ix.stems, t.lstem)}
		formKeys[k] = [2]int32{id(ix.forms, t.raw), id(ix.forms, t.lemma)}
	}
	ix.stemPos.build(len(ix.stems), stemKeys)
	ix.formPos.build(len(ix.forms), formKeys)
	ix.sorted = make([]string, 0, len(ix.forms))
	for f := range ix.forms {
		ix.sorted = append(ix.sorted, f)
	}
	sort.Strings(ix.sorted)
	d.ix = ix
	return ix
}

// lexicon numbers the word sets of every pattern of a bank and indexes
// them by stem and by prefix, so that reading an answer marks, token by
// token, the word sets it belongs to: the cost is the answer's length plus
// what it matches, whatever the number of patterns.
type lexicon struct {
	byKey    map[string]int32   // word set key → gid
	byStem   map[string][]int32 // stem → gids of the word sets holding it
	byPrefix map[string][]lexPrefix
	// stemAtoms and prefixAtoms are the atoms (see wordSet.atoms) by
	// their stem or prefix; atomsOf, by gid, each word set's atoms.
	stemAtoms, prefixAtoms map[string]int32
	atomsOf                [][]int32
	n                      int32
	patterns               int // patterns numbered (Pattern.pid)
	// untabled makes its patterns match by walking their trees, tables
	// and needs unused: tests compare the two ways.
	untabled bool
	// relevant caches relevantTo by question (*Question → *relevance).
	relevant sync.Map
	// wholeMark makes relevantTo return nil, so every answer is marked
	// with every word set: tests compare the two ways.
	wholeMark bool
}

// lexPrefix is a prefix of a word set, filed under its first three bytes.
type lexPrefix struct {
	prefix string
	gid    int32
}

func newLexicon() *lexicon { return newLexiconFor(0) }

// newLexiconFor is a lexicon sized for about n patterns, from the shipped
// bank's ratios (some 3.5 word sets, 1.2 stems and 0.6 prefixes a
// pattern): numbering a bank's word sets into maps grown step by step from
// empty was a twentieth of a start's garbage, all of it in the one
// goroutine that numbers.
func newLexiconFor(n int) *lexicon {
	return &lexicon{
		byKey: make(map[string]int32, n*7/2), byStem: make(map[string][]int32, n*6/5), byPrefix: make(map[string][]lexPrefix, n*3/10),
		stemAtoms: make(map[string]int32, n*6/5), prefixAtoms: make(map[string]int32, n*3/5), atomsOf: make([][]int32, 0, n*7/2),
	}
}

// add numbers the word sets of p and compiles its tables.
func (x *lexicon) add(p *Pattern) {
	if x.number(p) {
		p.tabulate()
	}
}

// number numbers p and its word sets in x, and reports whether it did:
// false for nil or a pattern x numbered before. The caller then calls
// p.tabulate, which may run beside other patterns' (it reads only x's
// numbering of p's own word sets).
func (x *lexicon) number(p *Pattern) bool {
	if p == nil || p.lex == x {
		return false
	}
	p.lex, p.pid = x, x.patterns
	x.patterns++
	for _, e := range append(append([]elem(nil), p.parts...), p.exclude...) {
		e.eachLeaf(func(w *wordSet) {
			if w.lex == x {
				return // shared with a pattern numbered before (see setCache)
			}
			gid, ok := x.byKey[w.key]
			if !ok {
				// Its atoms: a word set of one stem or of one prefix
				// each, the only word sets a word's gids (gidsOf) name.
				atoms := make([]int32, 0, len(w.stems)+len(w.prefixes))
				for i, s := range w.stems {
					if !slices.Contains(w.stems[:i], s) {
						atoms = append(atoms, x.atom(s, false))
					}
				}
				for i, pre := range w.prefixes {
					if !slices.Contains(w.prefixes[:i], pre) {
						atoms = append(atoms, x.atom(pre, true))
					}
				}
				if gid, ok = x.byKey[w.key]; !ok { // a set of one atom is that atom
					gid = x.newGid(w.key)
				}
				x.atomsOf[gid] = atoms
			}
			w.lex, w.gid, w.atoms = x, gid, x.atomsOf[gid]
		})
	}
	return true
}

// newGid numbers a new word set of key.
func (x *lexicon) newGid(key string) int32 {
	g := x.n
	x.n++
	x.byKey[key] = g
	x.atomsOf = append(x.atomsOf, nil)
	return g
}

// atom returns the gid of the atom of one stem (or, with prefix, one
// prefix), numbering it and filing it by its stem or prefix when new.
func (x *lexicon) atom(s string, prefix bool) int32 {
	byKey := x.stemAtoms
	if prefix {
		byKey = x.prefixAtoms
	}
	if g, ok := byKey[s]; ok {
		return g
	}
	key := s + "|"
	if prefix {
		key = "|" + s
	}
	g, ok := x.byKey[key]
	if !ok {
		g = x.newGid(key)
		x.atomsOf[g] = []int32{g}
	}
	byKey[s] = g
	if !prefix {
		x.byStem[s] = append(x.byStem[s], g)
	} else {
		x.byPrefix[s[:3]] = append(x.byPrefix[s[:3]], lexPrefix{s, g})
	}
	return g
}

// setLeaf returns the tokens of w, a word set of several atoms (or none),
// of a doc marked with w's lexicon: the union of its atoms', worked out
// when first read and kept in w's slot of lexLeaves (reset by markFor).
func (d *doc) setLeaf(w *wordSet) bitset {
	if b := d.lexLeaves[w.gid]; b != nil {
		return b
	}
	var b bitset
	fresh := false
	for _, g := range w.atoms {
		a := d.lexLeaves[g]
		switch {
		case a == nil:
		case b == nil:
			b = a
		case !fresh:
			n := d.scratchBits()
			copy(n, b)
			n.or(a)
			b, fresh = n, true
		default:
			b.or(a)
		}
	}
	if b == nil {
		b = bitset{} // none occurs: empty, and known
	}
	d.lexLeaves[w.gid] = b
	d.lexSet = append(d.lexSet, w.gid)
	return b
}

// tabulate compiles p's tables from the numbers of its word sets: where
// each part and exclusion may start, and what the pattern needs of an
// answer.
func (p *Pattern) tabulate() {
	n := len(p.parts) + len(p.exclude)
	firsts, alts := make([][]int32, 0, n), make([][][]int32, 0, n)
	var need [][]int32
	for k := range n {
		var e elem
		if k < len(p.parts) {
			e = p.parts[k]
		} else {
			e = p.exclude[k-len(p.parts)]
		}
		g, ok := firstGids(e)
		if !ok {
			p.firstGids, p.need, p.altFirsts, p.maskClauses = nil, nil, nil, nil // an element of an unknown kind: walk the tree
			return
		}
		firsts = append(firsts, g)
		var af [][]int32
		if alt, isAlt := e.(altElem); isAlt {
			af = make([][]int32, 0, len(alt))
			for _, a := range alt {
				g, _ := firstGids(a) // known: firstGids(e) was
				af = append(af, g)
			}
		}
		alts = append(alts, af)
	}
	p.altFirsts = alts
	for _, e := range p.parts {
		need = appendClauses(need, e)
	}
	p.firstGids, p.need = firsts, need
	// The sentence mask intersects the parts' firsts, the needed clauses
	// and the later words of lists of alternatives (see
	// appendPositionClauses), in any order: shortest first reaches an
	// empty mask soonest.
	// A clause that holds all the word sets of another adds nothing to
	// the intersection (its sentences include the other's), so it is
	// left out: a list of alternatives is both a part's firsts and a
	// needed clause. Their gids are copied, sorted, into one run, read in
	// order.
	var later [][]int32
	for _, e := range p.parts {
		later = appendPositionClauses(later, e)
	}
	mc := make([][]int32, 0, len(p.parts)+len(need)+len(later))
	mc = append(append(append(mc, firsts[:len(p.parts)]...), need...), later...)
	slices.SortStableFunc(mc, func(a, b []int32) int { return len(a) - len(b) })
	n = 0
	for _, c := range mc {
		n += len(c)
	}
	flat := make([]int32, 0, n)
	kept := mc[:0]
	for _, c := range mc {
		at := len(flat)
		flat = append(flat, c...)
		sc := flat[at:len(flat):len(flat)]
		slices.Sort(sc)
		if slices.ContainsFunc(kept, func(k []int32) bool { return sortedSubset(k, sc) }) {
			flat = flat[:at]
			continue
		}
		kept = append(kept, sc)
	}
	p.maskClauses = kept
}

// packMasks copies the mask clauses of ps (tabulated, in the order x
// numbered them) into one run of clauses and one of gids, and points
// each pattern's maskClauses there. A grading tries hundreds of patterns
// in that order (a flag's, then the next flag's), most of them found dead
// in the answer by their mask alone: read from one run, their clauses
// come in order from memory instead of from as many scattered slices.
func packMasks(ps []*Pattern) {
	nc, ng := 0, 0
	for _, p := range ps {
		nc += len(p.maskClauses)
		for _, c := range p.maskClauses {
			ng += len(c)
		}
	}
	clauses, gids := make([][]int32, 0, nc), make([]int32, 0, ng)
	for _, p := range ps {
		at := len(clauses)
		for _, c := range p.maskClauses {
			g := len(gids)
			gids = append(gids, c...)
			clauses = append(clauses, gids[g:len(gids):len(gids)])
		}
		if p.maskClauses != nil {
			p.maskClauses = clauses[at:len(clauses):len(clauses)]
		}
	}
}

// sortedSubset reports whether every element of a is in b, both sorted.
func sortedSubset(a, b []int32) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
	}
	return true
}

// firstGids returns the word sets (gids) where a run of e may start: the
// table of e.firsts on an answer marked with the lexicon that numbered
// e's word sets. ok is false for an element of a kind it does not know.
func firstGids(e elem) (gids []int32, ok bool) {
	for {
		seq, isSeq := e.(*seqElem)
		if !isSeq {
			break
		}
		e = seq.elems[0]
	}
	if w, isWord := e.(*wordSet); isWord {
		return slices.Clone(w.atoms), true
	}
	return appendFirstGids(nil, e)
}

// appendFirstGids appends to gids those of firstGids(e) it does not hold
// yet, in order, without building each alternative's list on the way.
func appendFirstGids(gids []int32, e elem) ([]int32, bool) {
	switch e := e.(type) {
	case *wordSet:
		for _, g := range e.atoms {
			if !slices.Contains(gids, g) {
				gids = append(gids, g)
			}
		}
		return gids, true
	case *seqElem:
		return appendFirstGids(gids, e.elems[0])
	case altElem:
		for _, a := range e {
			var ok bool
			if gids, ok = appendFirstGids(gids, a); !ok {
				return nil, false
			}
		}
		return gids, true
	}
	return nil, false
}

// appendClauses appends to need what a run of e requires of an answer,
// as clauses of word sets: each clause must have a word set that occurs.
// A word set needs itself; a phrase needs each of its words; alternatives
// need one of the word sets they may start with.
func appendClauses(need [][]int32, e elem) [][]int32 {
	if seq, ok := e.(*seqElem); ok {
		for _, el := range seq.elems {
			need = appendClauses(need, el)
		}
		return need
	}
	c, ok := firstGids(e)
	if !ok {
		return need // an element of an unknown kind needs nothing known
	}
	c = slices.Clone(c)
	slices.Sort(c)
	if !slices.ContainsFunc(need, func(o []int32) bool { return slices.Equal(o, c) }) {
		need = append(need, c)
	}
	return need
}

// appendPositionClauses appends to out what each list of alternatives in
// e (e itself, or an element of the phrase e is) requires of a sentence
// beyond the words it may start with (appendClauses): for each word
// position j after the first, a clause of every alternative's word at j
// (its last, for a shorter one). Whichever alternative matches, each of
// its words takes a token of the sentence, so one of the clause's word
// sets occurs there. The alternatives of a synonym set ("two clients
// hold", "both holders write", ...) often start with words found in
// most sentences; their later words rule those sentences out before a
// phrase is tried (s40: on answer300, the red flags of
// redis-lock-and-failure were tried in 236 sentences and matched in none;
// with these clauses, in 66).
func appendPositionClauses(out [][]int32, e elem) [][]int32 {
	switch e := e.(type) {
	case *seqElem:
		for _, el := range e.elems {
			out = appendPositionClauses(out, el)
		}
	case altElem:
		longest := 0
		for _, a := range e {
			if s, ok := a.(*seqElem); ok {
				longest = max(longest, len(s.elems))
			}
		}
		for j := 1; j < longest; j++ {
			var c []int32
			ok := true
			for _, a := range e {
				if s, isSeq := a.(*seqElem); isSeq {
					a = s.elems[min(j, len(s.elems)-1)]
				}
				if c, ok = appendFirstGids(c, a); !ok {
					break
				}
			}
			if ok {
				out = append(out, c)
			}
		}
	}
	return out
}

// mark fills d.lexLeaves: the tokens of every word set of x.
func (x *lexicon) mark(d *doc) { x.markFor(d, nil) }

// markFor is mark for the word sets of rel only (all when rel is nil):
// the others are left unmarked, as if absent from the answer. Each
// word's relevant word sets come from rel's cache. With lexSents, it
// notes the sentences of each word set.
func (x *lexicon) markFor(d *doc, rel *relevance) {
	var only []uint64
	if rel != nil {
		only = rel.gids
	}
	d.lex, d.rel, d.lexExtra = x, rel, nil
	// The entries the previous answer set (lexSet) are reset, not the
	// whole tables: an answer sets a few hundred of a bank's thousands.
	if cap(d.lexLeaves) >= int(x.n) && cap(d.lexSents) >= int(x.n) {
		leaves, sents := d.lexLeaves[:cap(d.lexLeaves)], d.lexSents[:cap(d.lexSents)]
		for _, g := range d.lexSet {
			leaves[g], sents[g] = nil, 0
		}
		d.lexLeaves, d.lexSents = leaves[:x.n], sents[:x.n]
	} else {
		d.lexLeaves, d.lexSents = make([]bitset, x.n), make([]uint64, x.n)
	}
	d.lexSet = d.lexSet[:0]
	words := (len(d.toks) + 63) / 64
	// Word sets' bitsets are carved from one slab (see newLeaf).
	d.slabUsed = 0
	leaves, sents := d.lexLeaves, d.lexSents
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		gids := t.gids
		filter := only != nil
		if t.lex != x {
			gids = x.gidsOf(t.raw, t.wordForms)
		} else if rel != nil {
			gids, filter = rel.gidsOf(t.wordForms), false
		}
		// Past 64 sentences the bit is 0 and lexSents unused (see
		// maxMaskSents).
		sent := uint64(1) << uint(t.sent)
		wi, bit := k>>6, uint64(1)<<(uint(k)&63)
		if !filter {
			// The common case, in a loop of its own (markGids) that
			// stops only at a word set with no bitset yet.
			for i := markGids(gids, sents, leaves, sent, wi, bit); i < len(gids); i = markGids(gids[i+1:], sents, leaves, sent, wi, bit) + i + 1 {
				d.newLeaf(gids[i], words)[wi] |= bit
			}
			continue
		}
		for _, g := range gids {
			if filter && only[g>>6]&(1<<(uint(g)&63)) == 0 {
				continue
			}
			sents[g] |= sent
			if b := leaves[g]; b != nil {
				b[wi] |= bit
				continue
			}
			d.newLeaf(g, words)[wi] |= bit
		}
	}
}

// markGids marks a token (word wi of a bitset, bit bit; sentence bit
// sent) in the tables of the word sets gids, up to the first that has no
// bitset yet, whose index it returns (len(gids) when there is none); that
// one's sentence is marked already.
//
//go:noinline
func markGids(gids []int32, sents []uint64, leaves []bitset, sent uint64, wi int, bit uint64) int {
	for i, g := range gids {
		sents[g] |= sent
		b := leaves[g]
		if b == nil {
			return i
		}
		b[wi] |= bit
	}
	return len(gids)
}

// newLeaf gives word set g an empty bitset of words words, carved from
// d's slab (kept with the doc for the next answer; a fresh one is
// allocated when it runs out), and notes g in lexSet.
func (d *doc) newLeaf(g int32, words int) bitset {
	if d.slabUsed+words > len(d.slab) {
		d.slab, d.slabUsed = make([]uint64, max(words*256, 2*len(d.slab))), 0
	}
	b := bitset(d.slab[d.slabUsed : d.slabUsed+words : d.slabUsed+words])
	clear(b)
	d.slabUsed += words
	d.lexLeaves[g] = b
	d.lexSet = append(d.lexSet, g)
	return b
}

// relevance is what grading one question reads of a lexicon: see
// lexicon.relevantTo.
type relevance struct {
	flags []*RedFlag
	gids  []uint64 // bit g: word set g belongs to a pattern grading reads
	pids  []uint64 // bit pid: the patterns those are the word sets of
	// words caches, by word (*wordForms → *relGids), the word's gids
	// that are relevant, in its order; at most maxRelevantWords of them.
	words  sync.Map
	nwords atomic.Int32
}

// relGids are the gids of a word that relevance r holds.
type relGids struct {
	r    *relevance
	gids []int32
}

// maxRelevantWords bounds a relevance's cache of words.
const maxRelevantWords = 8192

// gidsOf returns the word sets of w (w.gids, in order) that r holds.
// The word remembers the last relevance it was asked for, so that
// grading the same question again finds it without a lookup.
func (r *relevance) gidsOf(w *wordForms) []int32 {
	if l := w.rel.Load(); l != nil && l.r == r {
		return l.gids
	}
	if v, ok := r.words.Load(w); ok {
		l := v.(*relGids)
		w.rel.Store(l)
		return l.gids
	}
	out := make([]int32, 0, len(w.gids))
	for _, g := range w.gids {
		if r.gids[g>>6]&(1<<(uint(g)&63)) != 0 {
			out = append(out, g)
		}
	}
	if r.nwords.Add(1) <= maxRelevantWords {
		l := &relGids{r: r, gids: out}
		r.words.Store(w, l)
		w.rel.Store(l)
	}
	return out
}

// relevantTo returns the word sets (a bit per gid) of the patterns that
// grading q with flags reads: its points' matches and requirements and
// the flags' matches and exclusions. Marking only those (markOnly) marks
// what grading looks at, and skips the word sets of other questions' and
// flags' patterns (over half of the bank's). It is worked out once per
// question and kept while the flags are the same.
func (x *lexicon) relevantTo(q *Question, flags []*RedFlag) *relevance {
	if x.wholeMark {
		return nil
	}
	if v, ok := x.relevant.Load(q); ok {
		if r := v.(*relevance); slices.Equal(r.flags, flags) {
			return r
		}
	}
	gids := make([]uint64, (x.n+63)/64)
	pids := make([]uint64, (x.patterns+63)/64)
	add := func(ps []*Pattern) {
		for _, p := range ps {
			if p.lex == x {
				pids[p.pid>>6] |= 1 << (uint(p.pid) & 63)
			}
			for _, e := range p.parts {
				e.eachLeaf(func(w *wordSet) {
					if w.lex == x {
						for _, g := range w.atoms {
							gids[g>>6] |= 1 << (uint(g) & 63)
						}
					}
				})
			}
			for _, e := range p.exclude {
				e.eachLeaf(func(w *wordSet) {
					if w.lex == x {
						for _, g := range w.atoms {
							gids[g>>6] |= 1 << (uint(g) & 63)
						}
					}
				})
			}
		}
	}
	for _, pt := range q.Points {
		add(pt.match)
		add(pt.requires)
		add(pt.partial)
	}
	for _, f := range flags {
		add(f.match)
		add(f.unless)
		add(f.counter)
	}
	r := &relevance{flags: slices.Clone(flags), gids: gids, pids: pids}
	x.relevant.Store(q, r)
	return r
}

// holds reports whether r was worked out with p among its patterns.
func (r *relevance) holds(p *Pattern) bool {
	return p.pid>>6 < len(r.pids) && r.pids[p.pid>>6]&(1<<(uint(p.pid)&63)) != 0
}

// markMissing marks, on d (marked with the word sets of d.rel only), the
// word sets of p that d.rel does not hold, as markFor would have: a
// pattern that relevantTo did not foresee (grading reads a pattern it
// does not list) still sees every word it needs. Nothing is done twice.
func (d *doc) markMissing(p *Pattern) {
	x, r := d.lex, d.rel
	fillAtom := func(g int32) {
		if r.gids[g>>6]&(1<<(uint(g)&63)) != 0 {
			return
		}
		if d.lexExtra == nil {
			d.lexExtra = make([]uint64, len(r.gids))
		}
		if d.lexExtra[g>>6]&(1<<(uint(g)&63)) != 0 {
			return
		}
		d.lexExtra[g>>6] |= 1 << (uint(g) & 63)
		var b bitset
		var sents uint64
		for k := range d.toks {
			t := &d.toks[k]
			gids := t.gids
			if t.lex != x {
				gids = x.gidsOf(t.raw, t.wordForms)
			}
			if slices.Contains(gids, g) {
				if b == nil {
					b = d.scratchBits()
				}
				b.set(k)
				sents |= uint64(1) << uint(t.sent)
			}
		}
		d.lexLeaves[g], d.lexSents[g] = b, sents
		d.lexSet = append(d.lexSet, g)
	}
	// A word set's tokens are its atoms' (see setLeaf).
	fill := func(w *wordSet) {
		if w.lex != x {
			return
		}
		for _, g := range w.atoms {
			fillAtom(g)
		}
	}
	for _, e := range p.parts {
		e.eachLeaf(fill)
	}
	for _, e := range p.exclude {
		e.eachLeaf(fill)
	}
}

// gidsOf returns the word sets of x that the word raw, of forms w, belongs
// to: by its stem or its lemma's stem, or by a prefix of it or its lemma.
func (x *lexicon) gidsOf(raw string, w *wordForms) []int32 {
	var out []int32
	add := func(g int32) {
		for _, o := range out {
			if o == g {
				return
			}
		}
		out = append(out, g)
	}
	for _, g := range x.byStem[w.stem] {
		add(g)
	}
	if w.lstem != "" {
		for _, g := range x.byStem[w.lstem] {
			add(g)
		}
	}
	for _, f := range [2]string{raw, w.lemma} {
		if len(f) < 3 {
			continue
		}
		for _, p := range x.byPrefix[f[:3]] {
			if strings.HasPrefix(f, p.prefix) && !falseFriend(f, p.prefix) {
				add(p.gid)
			}
		}
	}
	return out
}

// prefixFalseFriends are words that begin with a prefix a pattern writes
// for another word, with nothing of its sense: "read*" (read, reads,
// reading, reader) is not "the row becomes ready again". Each maps to the
// prefix it does not belong to.
var prefixFalseFriends = map[string]string{"ready": "read", "readiness": "read", "readily": "read", "readied": "read"}

// falseFriend reports a word form that prefix p reaches only by accident
// (see prefixFalseFriends).
func falseFriend(form, p string) bool {
	if len(form) < 5 || form[:4] != "read" {
		return false // every false friend so far: a quick way out
	}
	ff, ok := prefixFalseFriends[form]
	return ok && strings.HasPrefix(ff, p)
}
