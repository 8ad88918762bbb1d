package quiz

import (
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Parsing the bank's patterns was a third of a server's CPU to its first
// healthy /healthz, for trees that never change between builds. A
// PatternParser can be given them ready: AppendPrecompiled writes the
// trees of every pattern it parsed (a table generated from the shipped
// content, see content/precompiled_gen.go), and Preload reads such a table
// back into an empty parser, so that its Parse and NewBank find those
// patterns parsed. A pattern the table lacks (content edited since the
// table was written) is parsed as before, so a stale table costs time,
// never a different bank:
//
//   - a pattern is filed under its source (and topic, when it names a
//     synonym set), so an edited or new pattern misses the table;
//   - the patterns that name a synonym set are taken only when the
//     synonyms are those the table was written with;
//   - the whole table is taken only when the grader's own code is the code
//     that wrote it (compilerFingerprint), since a change to how text or
//     patterns are read changes the trees.

// precompiledMagic starts a table; a change to its layout changes it.
const precompiledMagic = "lockdrill precompiled patterns v2\n"

// compilerSources are the grader's sources, whose hash a table must carry
// to be used (see compilerFingerprint). TestCompilerSourcesListed checks
// that every non-test source of the package is listed.
//
//go:embed accuracy.go answer.go bank.go called_rebutted.go claimed_after_all.go claims.go colocated.go compile.go condition.go contest.go contrast.go counter.go credit.go denial.go denial_scope.go diagnosed.go doc.go endorsed_quote.go endorsing.go finite.go followup.go g42.go grade.go harm_identified.go harm_told.go lemma.go lemma_gen.go mastery.go match.go narrated.go othersense.go party.go pattern.go performer.go plan.go precompiled.go question.go rating.go reader.go rejecting.go result.go round.go round_explain.go round_led.go round_peer.go round_state.go schedule.go stance.go suspects_g44.go suspects_g45.go termlist.go text.go warstory.go
var compilerSources embed.FS

// compilerFingerprint is a hash of compilerSources: every file of the
// package, not only the parser's, because what a pattern's words become
// depends on the text reading (text.go, lemma.go, ...) and no list of the
// files that matter would stay right. Any edit makes a table stale, which
// only slows a start until it is regenerated.
var compilerFingerprint = sync.OnceValue(func() [32]byte {
	h := sha256.New()
	files, _ := fs.ReadDir(compilerSources, ".")
	buf := make([]byte, 16<<10)
	for _, f := range files { // sorted by name
		// Read in place: ReadFile would copy 700 KB of sources into
		// fresh memory at every start.
		src, err := compilerSources.Open(f.Name())
		if err != nil {
			continue
		}
		info, _ := src.Stat()
		fmt.Fprintf(h, "%s %d\n", f.Name(), info.Size())
		io.CopyBuffer(h, src, buf)
		src.Close()
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
})

// synonymsFingerprint is a hash of syn, the same for equal maps.
func synonymsFingerprint(syn Synonyms) [32]byte {
	h := sha256.New()
	var b []byte
	owners := make([]string, 0, len(syn))
	for o := range syn {
		owners = append(owners, o)
	}
	sort.Strings(owners)
	for _, o := range owners {
		names := make([]string, 0, len(syn[o]))
		for n := range syn[o] {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			// Each string with its length first: no two maps hash the
			// same bytes.
			b = binary.AppendUvarint(b[:0], uint64(len(o)))
			b = append(b, o...)
			b = binary.AppendUvarint(b, uint64(len(n)))
			b = append(b, n...)
			b = binary.AppendUvarint(b, uint64(len(syn[o][n])))
			for _, e := range syn[o][n] {
				b = binary.AppendUvarint(b, uint64(len(e)))
				b = append(b, e...)
			}
			h.Write(b)
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// ErrStalePrecompiled is returned by Preload for a table written by other
// grader code, or in another layout: none of it is used.
var ErrStalePrecompiled = errors.New("precompiled patterns are stale: the grader's code changed since they were written")

// Preload files the patterns of table, written by AppendPrecompiled, in
// pp, which must not have parsed anything yet: Parse and NewBank then
// find them parsed. Those that name a synonym set are taken only when
// syn is the synonyms the table was written with. It returns the number
// of patterns taken, and ErrStalePrecompiled (taking none) when the table
// was written by other grader code. A table that does not decode is an
// error, and none of it is taken.
func (pp *PatternParser) Preload(table string, syn Synonyms) (int, error) {
	if !pp.cache.sets.on() {
		return 0, nil // tests comparing the uncached parse
	}
	if !strings.HasPrefix(table, precompiledMagic) {
		return 0, ErrStalePrecompiled
	}
	r := tableReader{s: table, off: len(precompiledMagic)}
	fp := compilerFingerprint()
	if r.bytes(32) != string(fp[:]) {
		return 0, ErrStalePrecompiled
	}
	synFP := synonymsFingerprint(syn)
	sameSyn := r.bytes(32) == string(synFP[:])
	ps, err := r.patterns()
	if err != nil {
		return 0, fmt.Errorf("precompiled patterns: %w", err)
	}
	n := 0
	for _, p := range ps {
		if p.named && !sameSyn {
			continue
		}
		pp.cache.m.Store(p.key, p.p)
		n++
	}
	return n, nil
}

// CheckPrecompiled reports the first pattern of table whose tree differs
// from the one this code parses from its source with syn, or a table
// Preload would not take: for the test that keeps the shipped table
// current. It also catches a field of Pattern that the table does not
// carry.
func CheckPrecompiled(table string, syn Synonyms) error {
	var pp PatternParser
	n, err := pp.Preload(table, syn)
	if err != nil {
		return err
	}
	if n == 0 {
		return errors.New("precompiled patterns: the table holds no pattern for these synonyms")
	}
	var errs []error
	pp.cache.m.Range(func(k, v any) bool {
		key := k.(string)
		topic, src, ok := strings.Cut(key, "\x00")
		if !ok {
			topic, src = "", key
		}
		fresh, err := ParsePattern(src, syn, topic)
		if err != nil {
			errs = append(errs, fmt.Errorf("precompiled pattern %q: parsed afresh: %w", key, err))
		} else if !reflect.DeepEqual(fresh, v.(*Pattern)) {
			errs = append(errs, fmt.Errorf("precompiled pattern %q (topic %q) differs from its fresh parse", src, topic))
		}
		return len(errs) < 5
	})
	return errors.Join(errs...)
}

// AppendPrecompiled appends to dst the table of every pattern pp has
// parsed with syn (the synonyms they were parsed with), for Preload. The
// table is the same for the same patterns, whatever the order they were
// parsed in.
func (pp *PatternParser) AppendPrecompiled(dst []byte, syn Synonyms) []byte {
	type entry struct {
		key string
		p   *Pattern
	}
	var entries []entry
	pp.cache.m.Range(func(k, v any) bool {
		entries = append(entries, entry{k.(string), v.(*Pattern)})
		return true
	})
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	w := tableWriter{strs: map[string]int{}, nodes: map[any]int{}}
	for _, e := range entries {
		w.strIndex(e.key)
		w.strIndex(e.p.src)
		for _, el := range e.p.parts {
			w.node(el)
		}
		for _, el := range e.p.exclude {
			w.node(el)
		}
	}
	dst = append(dst, precompiledMagic...)
	fp := compilerFingerprint()
	dst = append(dst, fp[:]...)
	synFP := synonymsFingerprint(syn)
	dst = append(dst, synFP[:]...)
	dst = binary.AppendUvarint(dst, uint64(len(w.strList)))
	for _, s := range w.strList {
		dst = binary.AppendUvarint(dst, uint64(len(s)))
		dst = append(dst, s...)
	}
	var nWords, nSeqs, nStrRefs, nKids, nElems, nExcl int
	for _, e := range w.nodeList {
		switch e := e.(type) {
		case *wordSet:
			nWords++
			nStrRefs += len(e.stems) + len(e.prefixes)
		case altElem:
			nKids += len(e)
		case *seqElem:
			nSeqs++
			nKids += len(e.elems)
		}
	}
	for _, e := range entries {
		nElems += len(e.p.parts) + len(e.p.exclude)
		nExcl += len(e.p.exclude)
	}
	for _, n := range []int{len(w.nodeList), nWords, nSeqs, nStrRefs, nKids, len(entries), nElems, nExcl} {
		dst = binary.AppendUvarint(dst, uint64(n))
	}
	dst = append(dst, w.nodeBytes...)
	for _, e := range entries {
		p := e.p
		dst = binary.AppendUvarint(dst, uint64(w.strs[e.key]))
		dst = binary.AppendUvarint(dst, uint64(w.strs[p.src]))
		dst = binary.AppendUvarint(dst, uint64(p.polarity))
		dst = binary.AppendUvarint(dst, uint64(p.window))
		dst = binary.AppendUvarint(dst, uint64(len(p.parts)))
		for i, el := range p.parts {
			dst = binary.AppendUvarint(dst, uint64(w.nodes[nodeID(el)]))
			dst = appendBool(dst, p.either[i])
		}
		dst = binary.AppendUvarint(dst, uint64(len(p.exclude)))
		for i, el := range p.exclude {
			dst = binary.AppendUvarint(dst, uint64(w.nodes[nodeID(el)]))
			var f byte
			if p.excludeAny[i] {
				f |= 1
			}
			if p.excludeLocal[i] {
				f |= 2
			}
			if p.excludeHead[i] {
				f |= 4
			}
			f |= byte(p.deniable) << 3
			dst = append(dst, f)
		}
	}
	return dst
}

func appendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, 1)
	}
	return append(dst, 0)
}

// The kinds of a table's nodes.
const (
	nodeWords = iota // a *wordSet
	nodeAlt          // an altElem
	nodeSeq          // a *seqElem
)

// nodeID identifies a node of a tree: its pointer (an altElem by its
// first element's address and its length).
func nodeID(e elem) any {
	if a, ok := e.(altElem); ok {
		return altID{&a[0], len(a)}
	}
	return e
}

type altID struct {
	first *elem
	n     int
}

// tableWriter numbers the strings and the nodes of the trees written, a
// node after its children, each shared node once.
type tableWriter struct {
	strs      map[string]int
	strList   []string
	nodes     map[any]int
	nodeList  []elem
	nodeBytes []byte
}

func (w *tableWriter) strIndex(s string) int {
	if i, ok := w.strs[s]; ok {
		return i
	}
	w.strs[s] = len(w.strList)
	w.strList = append(w.strList, s)
	return len(w.strList) - 1
}

func (w *tableWriter) node(e elem) int {
	id := nodeID(e)
	if i, ok := w.nodes[id]; ok {
		return i
	}
	var b []byte
	switch e := e.(type) {
	case *wordSet:
		b = append(b, nodeWords)
		b = binary.AppendUvarint(b, uint64(len(e.stems)))
		for _, s := range e.stems {
			b = binary.AppendUvarint(b, uint64(w.strIndex(s)))
		}
		b = binary.AppendUvarint(b, uint64(len(e.prefixes)))
		for _, s := range e.prefixes {
			b = binary.AppendUvarint(b, uint64(w.strIndex(s)))
		}
		b = binary.AppendUvarint(b, uint64(w.strIndex(e.key)))
	case altElem:
		kids := make([]int, len(e))
		for i, a := range e {
			kids[i] = w.node(a)
		}
		b = append(b, nodeAlt)
		b = binary.AppendUvarint(b, uint64(len(kids)))
		for _, k := range kids {
			b = binary.AppendUvarint(b, uint64(k))
		}
	case *seqElem:
		kids := make([]int, len(e.elems))
		for i, a := range e.elems {
			kids[i] = w.node(a)
		}
		b = append(b, nodeSeq)
		b = binary.AppendUvarint(b, uint64(e.gap))
		b = binary.AppendUvarint(b, e.tight)
		b = binary.AppendUvarint(b, uint64(len(kids)))
		for _, k := range kids {
			b = binary.AppendUvarint(b, uint64(k))
		}
	default:
		panic(fmt.Sprintf("quiz: precompiled patterns: no layout for %T", e))
	}
	w.nodes[id] = len(w.nodeList)
	w.nodeList = append(w.nodeList, e)
	w.nodeBytes = append(w.nodeBytes, b...)
	return w.nodes[id]
}

// tableReader reads a table from offset off. Its strings are substrings
// of the table: decoding copies none.
type tableReader struct {
	s   string
	off int
	err error
}

var errShortTable = errors.New("truncated")

func (r *tableReader) bytes(n int) string {
	if r.err != nil || len(r.s)-r.off < n {
		r.err = errShortTable
		return ""
	}
	b := r.s[r.off : r.off+n]
	r.off += n
	return b
}

// uint reads an unsigned varint.
func (r *tableReader) uint() int {
	if r.off < len(r.s) && r.s[r.off] < 0x80 { // most numbers
		r.off++
		return int(r.s[r.off-1])
	}
	return r.uintSlow()
}

func (r *tableReader) uintSlow() int {
	if r.err != nil {
		return 0
	}
	var x uint64
	var shift uint
	for i := r.off; i < len(r.s) && i-r.off < binary.MaxVarintLen64; i++ {
		c := r.s[i]
		if c < 0x80 {
			r.off = i + 1
			x |= uint64(c) << shift
			if x > 1<<62 {
				r.err = errors.New("number out of range")
				return 0
			}
			return int(x)
		}
		x |= uint64(c&0x7f) << shift
		shift += 7
	}
	r.err = errShortTable
	return 0
}

// index reads an index below n.
func (r *tableReader) index(n int) int {
	i := r.uint()
	if r.err == nil && i >= n {
		r.err = fmt.Errorf("index %d out of range (%d)", i, n)
		return 0
	}
	return i
}

// count reads a length, bounded by what is left of the table (each
// element takes at least a byte).
func (r *tableReader) count() int {
	n := r.uint()
	if r.err == nil && n > len(r.s)-r.off {
		r.err = errShortTable
		return 0
	}
	return n
}

// loadedPattern is one pattern of a table, filed under key.
type loadedPattern struct {
	key   string
	p     *Pattern
	named bool // it names a synonym set
}

// patterns reads the rest of the table: its strings, nodes and patterns.
// What it allocates, it allocates in a few slabs: a bank's trees are tens
// of thousands of small objects.
func (r *tableReader) patterns() ([]loadedPattern, error) {
	strs := make([]string, r.count())
	for i := range strs {
		strs[i] = r.bytes(r.count())
	}
	str := func() string {
		if i := r.index(len(strs)); r.err == nil {
			return strs[i]
		}
		return ""
	}
	// The header counts the nodes of each kind and their references, so
	// that they are allocated at once; a count the table then exceeds is
	// an error.
	nNodes, nWords, nSeqs, nStrRefs, nKids := r.count(), r.count(), r.count(), r.count(), r.count()
	nPats, nElems, nExcl := r.count(), r.count(), r.count()
	if r.err != nil {
		return nil, r.err
	}
	nodes := make([]elem, 0, nNodes)
	words := make([]wordSet, nWords)
	seqs := make([]seqElem, nSeqs)
	strRefs := make([]string, nStrRefs)
	kids := make([]elem, nKids)
	errOver := errors.New("more nodes than the header counts")
	strList := func() []string {
		n := r.count()
		if n == 0 || r.err != nil {
			return nil
		}
		if n > len(strRefs) {
			r.err = errOver
			return nil
		}
		out := strRefs[:n:n]
		strRefs = strRefs[n:]
		for i := range out {
			out[i] = str()
		}
		return out
	}
	node := func() elem {
		if i := r.index(len(nodes)); r.err == nil {
			return nodes[i]
		}
		return nil
	}
	kidList := func() []elem {
		n := r.count()
		if n > len(kids) {
			r.err = errOver
		}
		if r.err != nil {
			return nil
		}
		out := kids[:n:n]
		kids = kids[n:]
		for i := range out {
			out[i] = node()
		}
		return out
	}
	for range nNodes {
		switch r.bytes(1) {
		case string(rune(nodeWords)):
			if len(words) == 0 {
				return nil, errOver
			}
			w := &words[0]
			words = words[1:]
			w.stems = strList()
			w.prefixes = strList()
			w.key = str()
			nodes = append(nodes, w)
		case string(rune(nodeAlt)):
			nodes = append(nodes, altElem(kidList()))
		case string(rune(nodeSeq)):
			if len(seqs) == 0 {
				return nil, errOver
			}
			s := &seqs[0]
			seqs = seqs[1:]
			s.gap = r.uint()
			s.tight = uint64(r.uint())
			s.elems = kidList()
			nodes = append(nodes, s)
		default:
			if r.err == nil {
				r.err = errors.New("unknown node kind")
			}
		}
		if r.err != nil {
			return nil, r.err
		}
	}
	out := make([]loadedPattern, nPats)
	ps := make([]Pattern, nPats)
	elems := make([]elem, nElems)
	flags := make([]bool, nElems+2*nExcl) // either, or excludeAny/Local/Head
	take := func(n int) ([]elem, []bool) {
		if n > len(elems) || n > len(flags) {
			r.err = errOver
			return nil, nil
		}
		e, f := elems[:n:n], flags[:n:n]
		elems, flags = elems[n:], flags[n:]
		return e, f
	}
	for i := range out {
		p := &ps[i]
		key := str()
		p.src = str()
		p.polarity = Polarity(r.uint())
		p.window = r.uint()
		if n := r.count(); n > 0 {
			p.parts, p.either = take(n)
			for k := range p.parts {
				p.parts[k] = node()
				p.either[k] = r.bytes(1) == "\x01"
			}
		}
		if n := r.count(); n > 0 {
			p.exclude, p.excludeAny = take(n)
			if n > len(flags) {
				r.err = errOver
			} else {
				p.excludeLocal, p.excludeHead = flags[:n:n], flags[n:2*n:2*n]
				flags = flags[2*n:]
			}
			for k := range p.exclude {
				p.exclude[k] = node()
				if f := r.bytes(1); f != "" && r.err == nil {
					p.excludeAny[k], p.excludeLocal[k], p.excludeHead[k] = f[0]&1 != 0, f[0]&2 != 0, f[0]&4 != 0
					p.deniable |= negFamily(f[0]>>3) & allNegFamilies
				}
			}
		}
		out[i] = loadedPattern{key: key, p: p, named: strings.Contains(p.src, "@")}
		if r.err != nil {
			return nil, r.err
		}
	}
	if r.err == nil && r.off != len(r.s) {
		r.err = errors.New("trailing bytes")
	}
	return out, r.err
}
