package quiz

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// The second reader is a text model learned from the labelled blind answers
// of the tuning writers (quiz/testdata/blind): a logistic regression over
// the words of an answer and their pairs, read as the grader reads them
// (the stem of a word's lemma, marked when the word sits in a negated,
// rejected, quoted or hypothetical scope, so "don't use the clock" reads
// differently from "use the clock"). Some weights are shared by every
// question, some belong to one. It gives two probabilities: that the
// answer passes, and that it asserts a claim that loses the round. The
// reader raises a flag of its own where the patterns raise none, at one
// fixed threshold (see readerRule).
//
// The model is trained by a test (go test ./quiz -run TestReaderModel
// -update-reader) and embedded here; a test fails when it is not what
// training produces.

//go:embed reader/model.tsv.gz
var readerModelFile []byte

// readerRaise is the shipped readerRule.raise: the reading from which the
// second reader raises its own flag on an answer of raiseLongWords words
// or more. It was 0.6 for every answer from g18 (see readerRule); g40
// lowered it for long answers, measured on the 56 tuning writers the
// reader never learned from (CM to EU, 14,784 answers): 0.5 on answers of
// 60 words or more caught 44 more labelled losing claims and flagged no
// passing answer, as it did on the validation writers EV, EW and EX. On
// every answer 0.5 also flagged the package's own concise correct answers
// (two or three sentences read less steadily than a long answer), so
// shorter answers keep readerRaiseShort.
const readerRaise = 0.5

// readerRaiseShort is the reading from which the reader raises its flag
// on an answer of fewer than raiseLongWords words.
const (
	readerRaiseShort = 0.6
	raiseLongWords   = 60
)

// ReaderFlagID is the id of the red flag the second reader raises.
const ReaderFlagID = "second-reader"

// readerFlagLabel and readerFlagWhy word the reader's flag: it is a
// statistical reading, so it asks the learner to check the sentence
// rather than naming a mistake.
const (
	readerFlagLabel   = "This sentence reads like claims that lose the round"
	readerFlagWhy     = "No pattern of a known mistake matched, but a second reader, a model trained on labelled answers written blind, finds this answer close to ones that assert a claim that loses the round, and this sentence weighs most in that reading. It cannot name the mistake, so compare the sentence with the question's model answer and its guide section. Like a major flag it costs 45 %, so it fails the answer; if you can say why the sentence is right, contest the flag, and the score and verdict are restored."
	readerFlagWhyHTML = "<p>No pattern of a known mistake matched, but a second reader, a model trained on labelled answers written blind, finds this answer close to ones that assert a claim that loses the round, and this sentence weighs most in that reading. It cannot name the mistake, so compare the sentence with the question's model answer and its guide section. Like a major flag it costs 45 %, so it fails the answer; if you can say why the sentence is right, contest the flag, and the score and verdict are restored.</p>"
)

// readerVerdictNote tells the learner that the second reader's flag alone
// kept an answer below the pass mark.
const readerVerdictNote = "Second reader: without its flag this answer would pass; the flag's cost takes it below the pass mark. If the sentence it quotes is right, contest the flag and the verdict follows."

// readerScopes are the prefixes of a word by scope: asserted, negated
// or rejected, hypothetical or probed, quoted.
var readerScopes = [4]string{"", "n:", "h:", "q:"}

// readerScopeOf is the scope of a token (an index into readerScopes).
func readerScopeOf(t *token) int {
	switch {
	case t.negBy >= 0 || t.refuted || t.readerRefuted || t.needless || t.dismiss:
		return 1
	case t.hypo || t.readerHypo || t.probe || t.readerProbe:
		return 2
	case t.quote > 0 && !t.code:
		return 3
	}
	return 0
}

// readerScope is the prefix of a word the answer does not assert.
func readerScope(t *token) string { return readerScopes[readerScopeOf(t)] }

// readerKey is the form of a word the reader compares: the stem of its
// lemma for an irregular word, else its stem.
func readerKey(t *token) string {
	if t.wordForms == nil {
		return t.raw
	}
	if t.lstem != "" {
		return t.lstem
	}
	if t.rstem != "" {
		return t.rstem
	}
	return t.stem
}

// readerEach calls emit with each feature of d (a feature may come more
// than once; the model counts it once): every scoped word and pair of
// neighbouring words within a sentence, and a few of the answer's form.
// emit's argument is only valid during the call. It returns the length
// every feature's value is scaled by, 1/sqrt(n), so long and short answers
// weigh alike.
func readerEach(d *doc, emit func(sent int, f []byte)) float64 {
	var wb, pb [96]byte
	prev := pb[:0]
	prose, words := 0, 0
	questions := false
	for si, s := range d.sents {
		prev = append(prev[:0], "<s>"...)
		for k := s.from; k < s.to; k++ {
			t := &d.toks[k]
			w := append(append(wb[:0], readerScope(t)...), readerKey(t)...)
			emit(si, w)
			prev = append(append(prev, ' '), w...)
			emit(si, prev)
			prev = append(prev[:0], w...)
			words++
			if s.readerProse {
				prose++
			}
		}
		questions = questions || s.question
	}
	var fb [16]byte
	if questions {
		emit(-1, append(fb[:0], "#question"...))
	}
	emit(-1, strconv.AppendInt(append(fb[:0], "#len"...), int64(math.Log2(float64(words+1))), 10))
	share := 0
	if words > 0 {
		share = 4 * prose / words
	}
	emit(-1, strconv.AppendInt(append(fb[:0], "#prose"...), int64(share), 10))
	emit(-1, append(fb[:0], "#bias"...))
	return 1 / math.Sqrt(float64(2*words+4))
}

// readerModel is the decoded model: weights toward pass (0) and should
// flag (1) of each feature, shared by every question and per question. A
// feature is a scoped word (uni), a pair of them (bi, by the words' uids)
// or a form feature ("#len3", a word too): looking a pair up by two small
// numbers rather than by its text is most of what keeps reading an answer
// cheap.
type readerModel struct {
	uni       map[string]int32 // word → uid
	uniFeat   []int32          // by uid: the word's feature id, or -1
	bi        map[uint64]int32 // uid<<32|uid → feature id
	start     int32            // the uid of "<s>", the start of a sentence
	shared    [][2]float32     // by feature id
	perQ      map[string]map[int32][2]float32
	intercept [2]float32
	seen      sync.Pool // *readerSeen sized for shared

	// summed is, per question of perQ and by feature id, the shared
	// weights plus the question's own (zero where it has none): read
	// looks a feature up once in an array instead of in shared and a map.
	// Each entry is the float32 sum read would form, so no score changes.
	summed map[string][][2]float32

	// biTab holds bi again as an open-addressed table (g21t): a pair of
	// an answer is looked up in a flat array by a multiplicative hash,
	// not in a Go map (2.7% of a grade); bi stays the reference.
	biTab pairTable

	// embedded is set on the model embeddedReader returns (and on no
	// other): wordUID tests it per token instead of calling
	// embeddedReader.
	embedded bool
}

// pairTable maps uid pairs to feature ids: linear probing over
// power-of-two arrays, an id of -1 for an empty slot, at most half full.
type pairTable struct {
	keys []uint64
	ids  []int32
	n    int
}

// slot is where key's probe sequence starts in a table of len(keys).
func (t *pairTable) slot(key uint64) int {
	return int(key * 0x9E3779B97F4A7C15 >> (64 - bits.TrailingZeros(uint(len(t.keys)))))
}

// get returns key's id, or false.
func (t *pairTable) get(key uint64) (int32, bool) {
	if len(t.keys) == 0 {
		return 0, false
	}
	mask := len(t.keys) - 1
	for i := t.slot(key); ; i = (i + 1) & mask {
		if t.ids[i] < 0 {
			return 0, false
		}
		if t.keys[i] == key {
			return t.ids[i], true
		}
	}
}

// put sets key's id (a key put once; bi checks that first).
func (t *pairTable) put(key uint64, id int32) {
	if 2*(t.n+1) > len(t.keys) {
		old := *t
		size := max(1024, 2*len(old.keys))
		*t = pairTable{keys: make([]uint64, size), ids: make([]int32, size)}
		for i := range t.ids {
			t.ids[i] = -1
		}
		for i, x := range old.ids {
			if x >= 0 {
				t.put(old.keys[i], x)
			}
		}
	}
	mask := len(t.keys) - 1
	i := t.slot(key)
	for t.ids[i] >= 0 {
		i = (i + 1) & mask
	}
	t.keys[i], t.ids[i] = key, id
	t.n++
}

// readerSharedQ names the shared weights in the model file.
const readerSharedQ = "*"

// uid returns the uid of word w, numbering it if new.
func (m *readerModel) uid(w string) int32 {
	if u, ok := m.uni[w]; ok {
		return u
	}
	u := int32(len(m.uniFeat))
	m.uni[w] = u
	m.uniFeat = append(m.uniFeat, -1)
	return u
}

// feature returns the feature id of f (a word, or two joined by a space),
// numbering it if new.
func (m *readerModel) feature(f string) int32 {
	newID := func() int32 {
		m.shared = append(m.shared, [2]float32{})
		return int32(len(m.shared) - 1)
	}
	if a, b, ok := strings.Cut(f, " "); ok {
		key := uint64(m.uid(a))<<32 | uint64(m.uid(b))
		id, ok := m.bi[key]
		if !ok {
			id = newID()
			m.bi[key] = id
			m.biTab.put(key, id)
		}
		return id
	}
	u := m.uid(f)
	if m.uniFeat[u] < 0 {
		m.uniFeat[u] = newID()
	}
	return m.uniFeat[u]
}

// decodeReader reads a model file: gzip of lines "question\tfeature\tw_pass\tw_flag",
// question "*" for shared weights and "#intercept" as the feature of the
// intercepts.
func decodeReader(gz []byte) (*readerModel, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("reader model: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("reader model: %w", err)
	}
	m := &readerModel{uni: map[string]int32{}, bi: map[uint64]int32{}, perQ: map[string]map[int32][2]float32{}}
	m.start = m.uid("<s>")
	for n, text := range strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n") {
		parts := strings.Split(text, "\t")
		if len(parts) != 4 {
			return nil, fmt.Errorf("reader model line %d: %d fields, want 4", n+1, len(parts))
		}
		var w [2]float32
		for o := range 2 {
			v, err := strconv.ParseFloat(parts[2+o], 32)
			if err != nil {
				return nil, fmt.Errorf("reader model line %d: %w", n+1, err)
			}
			w[o] = float32(v)
		}
		q, f := parts[0], parts[1]
		if q == readerSharedQ && f == "#intercept" {
			m.intercept = w
			continue
		}
		id := m.feature(f)
		if q == readerSharedQ {
			m.shared[id] = w
			continue
		}
		pq := m.perQ[q]
		if pq == nil {
			pq = map[int32][2]float32{}
			m.perQ[q] = pq
		}
		pq[id] = w
	}
	if len(m.shared) == 0 {
		return nil, fmt.Errorf("reader model: empty")
	}
	n := len(m.shared)
	m.seen.New = func() any { return &readerSeen{stamp: make([]uint32, n)} }
	m.summed = make(map[string][][2]float32, len(m.perQ))
	for q, pq := range m.perQ {
		sum := make([][2]float32, n)
		for id, w := range m.shared {
			p := pq[int32(id)]
			sum[id] = [2]float32{w[0] + p[0], w[1] + p[1]}
		}
		m.summed[q] = sum
	}
	return m, nil
}

// wordUID returns the uid of token t's scoped word, or -1. The embedded
// model's uids are cached on the word's forms, which answers share.
func (m *readerModel) wordUID(t *token) int32 {
	sc := readerScopeOf(t)
	cache := t.wordForms != nil && m.embedded // (m == embeddedReader())
	if cache {
		if c := t.ruid[sc].Load(); c != 0 {
			return c - 2
		}
	}
	var wb [96]byte
	w := append(append(wb[:0], readerScopes[sc]...), readerKey(t)...)
	u, ok := m.uni[string(w)]
	if !ok {
		u = -1
	}
	if cache {
		t.ruid[sc].Store(u + 2)
	}
	return u
}

// each calls emit with the id of each feature of d the model knows (as
// readerEach finds them; a feature may come more than once) and returns
// the scale of their values.
func (m *readerModel) each(d *doc, emit func(sent int, id int32)) float64 {
	prose, words := 0, 0
	questions := false
	for si, s := range d.sents {
		prev := m.start
		for k := s.from; k < s.to; k++ {
			u := m.wordUID(&d.toks[k])
			if u >= 0 { // an unknown word is in no known pair either
				if id := m.uniFeat[u]; id >= 0 {
					emit(si, id)
				}
				if prev >= 0 {
					key := uint64(prev)<<32 | uint64(u)
					if id, ok := m.biTab.get(key); ok {
						emit(si, id)
					}
				}
			}
			prev = u
			words++
			if s.readerProse {
				prose++
			}
		}
		questions = questions || s.question
	}
	form := func(f []byte) {
		if u, ok := m.uni[string(f)]; ok && m.uniFeat[u] >= 0 {
			emit(-1, m.uniFeat[u])
		}
	}
	var fb [16]byte
	if questions {
		form(append(fb[:0], "#question"...))
	}
	form(strconv.AppendInt(append(fb[:0], "#len"...), int64(math.Log2(float64(words+1))), 10))
	share := 0
	if words > 0 {
		share = 4 * prose / words
	}
	form(strconv.AppendInt(append(fb[:0], "#prose"...), int64(share), 10))
	form(append(fb[:0], "#bias"...))
	return 1 / math.Sqrt(float64(2*words+4))
}

// embeddedReader is the model, decoded on the first free-text grade that
// needs it (not at start-up). A model that fails to decode leaves the
// second reader off; quiz tests check that it decodes.
var embeddedReader = sync.OnceValue(func() *readerModel {
	m, err := decodeReader(readerModelFile)
	if err != nil {
		return nil
	}
	m.embedded = true
	return m
})

// reading is what the reader made of one answer.
type reading struct{ pass, flag float64 }

// read scores d as an answer to question qid. It reports false for a
// question the model was not trained on.
func (m *readerModel) read(d *doc, qid string) (reading, bool) {
	return m.readSkipping(d, qid, nil)
}

// readSkipping is read with the words of the sentences skip marks left
// unread, as if the answer did not say them (skip may be nil).
func (m *readerModel) readSkipping(d *doc, qid string, skip []bool) (reading, bool) {
	ws, ok := m.summed[qid]
	if !ok {
		return reading{}, false
	}
	seen := m.seen.Get().(*readerSeen)
	defer m.seen.Put(seen)
	seen.next()
	z := [2]float64{float64(m.intercept[0]), float64(m.intercept[1])}
	var sum [2]float64
	x := m.each(d, func(si int, id int32) {
		if skip != nil && si >= 0 && skip[si] {
			return
		}
		if seen.add(id) {
			// ws[id] is m.shared[id] + m.perQ[qid][id], summed in float32
			w := ws[id]
			sum[0] += float64(w[0])
			sum[1] += float64(w[1])
		}
	})
	return reading{pass: sigmoid(z[0] + sum[0]*x), flag: sigmoid(z[1] + sum[1]*x)}, true
}

// readerSeen marks the features already counted in one answer: a stamp
// per feature, so nothing is cleared between answers.
type readerSeen struct {
	stamp []uint32
	now   uint32
}

func (s *readerSeen) next() {
	s.now++
	if s.now == 0 { // wrapped: stale stamps could match
		clear(s.stamp)
		s.now = 1
	}
}

// add reports whether id is new in this answer, and marks it.
func (s *readerSeen) add(id int32) bool {
	if s.stamp[id] == s.now {
		return false
	}
	s.stamp[id] = s.now
	return true
}

func sigmoid(z float64) float64 {
	if z > 30 {
		return 1
	}
	if z < -30 {
		return 0
	}
	return 1 / (1 + math.Exp(-z))
}

// readerRule is how the second reader is combined with the patterns: it
// may set a pattern's flag aside (veto, see readerVeto); when no pattern
// flag fires, the reader raises its own (ReaderFlagID, major:
// it fails the answer until contested; g13 raised it as minor, and on the
// blind writers no answer labelled pass scored as high, while answers that
// asserted a losing claim and passed with the minor flag did)
// at probability raise of a losing claim, on the asserted sentence that
// leans most toward one. Until g17 it was 0.7: lower values then flagged
// sentences of the team's own regression corpus and tests that make no
// losing claim, and of those left 0.7 did best on validation writers the
// patterns were never tuned on (see TestReaderExperiment).
//
// g18 chose 0.6 by how the reader reads writers it never learned from
// (TestRaiseThresholdsG18): each tuning answer read by a reader trained
// without its writer (ten folds of writers), and AZ and BA read by the
// shipped reader. From 0.40 to 0.80 in steps of 0.05, 0.6 is the lowest
// threshold at which neither adds a flag to a passing answer: out of fold
// the highest passing answer with no pattern flag reads 0.57 (0.55 flags
// it, 0.40 flags 8 of 6,732), on AZ+BA 0.32. The margin is thin: left out
// one writer at a time, that answer reads 0.59 (0.55 flags 2), and most of
// the answers that come closest quote a wrong claim to refute it. From 0.7
// to 0.6 the reader flags 78 rather than 63 of the 118 tuning answers that
// assert a losing claim no pattern flags (out of fold), and 17 rather than
// 11 of AZ+BA's 23; verdicts gain 9 and 4 and lose none. No condition on
// length or on the pointed sentence's lean separates better: from 0.4 to
// 0.6 the passing answers run 75-124 words and the losing claims 51-103,
// and requiring a lean of 1 or 2 sets nothing aside at any threshold. On
// the totals of AY and of Q and R (never read) 0.6 flags one more losing
// claim each (44 of 48, 85 of 96) and no more passing answers (1 of 144, 4
// of 288 with g17's veto, 3 with g18's, as at 0.7); the regression
// corpus's figures and the package's tests do not change.
type readerRule struct {
	raise float64
	// raiseShort is raise for an answer of fewer than raiseLongWords
	// words; 0 applies raise to every answer.
	raiseShort float64
	veto       readerVeto
	// fatal is the reading a pattern's fatal flag needs to stay fatal
	// (see demoteFatal); 0 keeps every fatal flag fatal.
	fatal float64
}

// readerVeto is when the second reader sets a pattern flag aside: the
// answer as a whole reads clean (below clean on the losing-claim scale),
// it has at least minWords words, and the sentence the pattern matched
// leans no more than lean toward a losing claim (sentenceLean). A pattern
// is a few words in a row; the reader weighs every word of the answer and
// of the sentence, so where both say "this is not a losing claim" the
// match is most likely a mention the patterns did not foresee (a quoted,
// reported or odd wording of the mistake). A wrong claim appended to a
// good answer still leans its own sentence toward the mistake, and keeps
// its flag. The zero value vetoes nothing.
type readerVeto struct {
	clean    float64
	lean     float64
	minWords int
	// next adds to the matched sentence's lean the next sentence's when
	// that one leans away from a losing claim: what follows a mention
	// (the correction, the fix, the check that catches it) reads with it,
	// while a next sentence that leans toward a losing claim adds
	// nothing, so it cannot take a flag back from the veto either.
	next bool
	// long is a wider veto for long answers, checked where the one above
	// does not set a match aside.
	long readerLongVeto
	// wide sets aside, whatever its lean, a match in a sentence that says
	// more than the match, in an answer that reads very clean (see
	// readerWideVeto); checked where neither veto above sets it aside.
	wide readerWideVeto
	// own reads each sentence's lean from its own words (sentenceOwnLean)
	// rather than from the words no earlier sentence used (sentenceLean).
	// Off in the shipped rule. g20 measured it (TestVetoRuleExperimentG18,
	// "own-word leans"): the plain claims we insert into good answers
	// that are set aside fall from 14 of 68 to 0 (short answers) and from
	// 23 of 98 to 4 (long), since a claim no longer reads cleaner for
	// repeating words earlier sentences used; but the past graders'
	// misfires spared fall from 140 to 103 of 254, and flagged passing
	// answers rise from 5 to 16 on the tuning writers out of fold and
	// from 3 to 7 on Q+R, so it is not shipped.
	own bool
}

// readerLongVeto is when the second reader sets aside a pattern's match
// in a long answer: the answer has at least minWords words and reads
// below clean, the matched sentence (with the next one's lean, as for
// readerVeto) leans no more than lean toward a losing claim, and the
// sentence holds at least around words outside the match. In a long
// answer that reads clean, a sentence that carries a mistake's words
// mostly names or describes it (a cause under investigation, a failure a
// mechanism guards against, a quoted claim answered in the same
// sentence): its lean says little, because the mistake's own words lean
// toward it wherever they stand. What a claim and a mention differ in is
// what surrounds the words: a sentence that is the mistake's wording and
// little else asserts it, so it keeps its flag however clean the rest
// reads. A sentence that leans far toward a losing claim keeps its flag
// too, and so does one that nothing after it answers (followed): a
// mention is usually followed by the correction or the check that
// catches it, while a plain claim often ends the answer. The zero value
// vetoes nothing.
type readerLongVeto struct {
	clean    float64
	minWords int
	lean     float64
	around   int
	// followed requires the matched sentence to be followed by one that
	// leans away from a losing claim (the correction, the fix, the check
	// that catches it).
	followed bool
}

// readerWideVeto is when the second reader sets aside a pattern's match
// whatever the matched sentence's lean: the answer has at least minWords
// words and reads below clean, and the sentence holds at least around
// words outside the match. The zero value vetoes nothing.
type readerWideVeto struct {
	clean    float64
	minWords int
	around   int
	// inside requires the matched sentence not to be the answer's last.
	inside bool
	// lastAround, where inside is set and it is not 0, sets aside a match
	// in the answer's last sentence all the same when that sentence holds
	// at least lastAround words besides the match: a last sentence that
	// says that much more than the mistake's words is not a plain claim
	// appended to the answer.
	lastAround int
}

// secondReader is the model with the rule that combines it with the
// patterns.
type secondReader struct {
	model func() *readerModel // decoded on first use
	rule  readerRule
}

// shippedReader is what Bank.Grade reads answers with.
var shippedReader = &secondReader{model: embeddedReader, rule: readerRule{raise: readerRaise, raiseShort: readerRaiseShort, veto: shippedVeto, fatal: readerFatal}}

// shippedVeto is the shipped readerVeto, chosen on the validation
// writers AS and AU, whom the reader never learned from, and checked on
// the totals of AT and of Q and R (TestReaderVetoExperiment). The answer
// must read below 0.15: with that and a length alone (as an earlier
// attempt had it) the veto set aside every flag on a passing answer of Q
// and R, but also plain wrong claims appended to strong answers
// (TestAppendedPlainClaimStillFlags). The flagged sentence must not lean
// toward a losing claim at all (lean 0): at +1 the veto spares one more
// passing answer of AS+AU, at +3 four more, but both also set aside
// appended claims whose own sentences lean +0.5 to +1
// (TestVetoKeepsAnAppendedPlainClaim). And the answer must
// have fifty words: in the short answers of the team's tests a plain
// claim's sentence can lean below 0 while the rest reads clean. The
// lean separates mentions from claims only roughly, so the veto stays
// narrow: when it was chosen it spared 5 of 13 flagged passing answers
// on AS+AU and 4 of 10 on Q+R, and cost no flag on an answer that asserts
// a losing claim on any split (g16's reading rules then fixed all 13 of
// AS+AU on their own, so the veto's gain there is now measured on Q+R).
//
// g17, with the reader retrained on AS, AT and AU, chose again on AV and
// AW and checked on the totals of AX and of Q and R
// (TestVetoRuleExperimentG17). The next sentence now counts where it
// leans away (next): on AV+AW it spares one more flagged passing answer
// (3 -> 2 of 288), on Q+R two more (6 -> 4), AX stays at 0, and no
// answer that asserts a losing claim loses its flag on any split. Adding
// the next sentence's lean whatever its sign gave one flagged passing
// answer back on AX. The answer must now read below 0.10: at 0.15 the
// retrained reader set aside one tuning answer's losing claim, and plain
// claims appended to a good answer that reads 0.10 to 0.15 (AV, AW, AX
// and Q+R spare nothing there). The lean and length stay: no other
// lean from -1 to +1 or length from 30 to 80 did better on AV+AW, and
// lean +1 sets aside appended claims again. The veto still sets aside
// some plain claims inserted into a clean-reading answer whose earlier
// sentences used the same words, since a sentence's lean counts only
// words no earlier sentence used (TestVetoInsertedClaimsG17 counts them).
//
// g18 kept that rule and added a veto for long answers (readerLongVeto),
// chosen on readings of writers the reader never saw: the tuning writers
// read out of fold (ten readers, each trained without a tenth of the
// writers), AZ and BA, and the flags that graders of past sessions
// raised on passing answers of writers then unseen (254 answers of 25
// writers, from their arrival and end-of-session measurements,
// testdata/blind/history18), with the totals of AY, of BH, BI and BJ and
// of Q and R in view (TestVetoRuleExperimentG18). On those writers the
// matched sentence's lean told mentions from claims poorly (most
// misfires' sentences lean toward a losing claim, +0.8 to +17.6 on
// AZ+BA, though claims mostly lean more), while the answer's reading
// told them well, in long answers. A long answer (170 words or more)
// that reads below 0.15 may now have the match set aside when its
// sentence leans no more than +10, holds at least eight words outside
// the match, and is followed by a sentence that leans away. The length
// floor comes from the claims: the longest answers asserting a losing
// claim that read below 0.15 out of fold have 165 words (written by X
// and Y), and no answer labelled as asserting one has 170 words or more
// on any split, so the blind writers cannot show what the long veto
// costs; our own strong answers of 170 words and more with a plain wrong
// claim inserted do (longInsertedClaims). The first version had no
// condition on the next sentence: it spared more (AZ+BA 10 -> 6, Q+R
// 4 -> 1, BH+BI+BJ 11 -> 9) but set aside 24 of the 98 inserted claims
// against g17's 21, and a reviewer who wrote none of it found that it let
// long answers pass at 100 % with a plain claim written as a full last
// sentence (three of seven such claims of their own). With the next
// sentence required to lean away, a claim that ends the answer keeps its
// flag against this veto (g17's can still set it aside where its sentence
// does not lean toward a losing claim at all), the inserted claims set aside stay at g17's 21 of 98 (and 17 of
// 68 in short answers), the past graders' misfires spared still rise
// from 97 to 141 of 254, and flagged passing answers fall from 10 to 8
// (of 288) on AZ+BA, from 11 to 10 (of 432) on BH+BI+BJ and from 4 to 3
// on Q+R; AY stays at 1 and the tuning writers out of fold at 0 (AZ+BA
// and BH+BI+BJ as measured when the rule was chosen; after g18's pattern
// changes, made for AZ and BA, no passing answer of theirs is flagged
// with or without the veto, and BH+BI+BJ go from 10 to 9). No
// answer that asserts a losing claim lost its flag to it on any split
// (out of fold, g17's rule already loses 3 of 2,340; the long veto adds
// none).
//
// g43 added the wide veto (readerWideVeto): in an answer of fifty words
// or more that reads below 0.08, a match is set aside whatever its
// sentence's lean, when the sentence holds at least eight words besides
// the match and is not the answer's last. It was chosen on the flags
// patterns raise on writers the reader never learned from: the 66 tuning
// writers after its training set (CM to FD, 17,424 answers) and the
// validation writers FF, FG and FH, against the plain claims we insert
// into our own strong answers (insertedClaims, longInsertedClaims). Of
// the flags that survived g42's vetoes on passing answers of those
// writers, nearly all read below 0.10 (the misfires read 0.013 to 0.116,
// median 0.05), while no answer of theirs that asserts a losing claim
// and raises a pattern flag read below 0.10; the lean told the two apart
// no better than before (misfires -16 to +18). Without the last two
// conditions the veto spared more (DV+DW+DX 8 -> 2, Q+R 3 -> 0) but set
// aside plain claims that end a strong answer, which the team's tests
// hold (TestVetoKeepsAPlainClaimAppendedToALongAnswer and eight others);
// requiring the next sentence to lean away, as the long veto does, kept
// those but spared half as much. As shipped, flagged passing answers fall
// from 12 to 5 on CM to FD and, on the totals of the unread DV, DW and DX
// and of Q and R (looked at only once the rule was chosen), from 8 to 2
// and from 3 to 0; no answer labelled as asserting a losing claim loses
// its flag on any split, and of the 166 inserted plain claims a pattern
// flags, 36 lose every flag rather than 34 (one claim, put into an answer
// that reads 0.03: "The replicas already have the key when Redis says OK,
// so a failover keeps the lock"). TestWideVetoG43 and
// TestWideVetoKeepsPlainClaimsG43 hold the rule.
//
// g45 lets the wide veto reach the answer's last sentence when that
// sentence holds at least twenty words besides the match (lastAround).
// It was chosen on the flags that graders of past sessions raised on
// writers they had never read: each fresh holdout from EA to FL graded
// by main just before its files were committed (13 groups of three
// writers, 66 pattern flags on passing answers, 2,309 on answers that
// assert a losing claim; quiz/testdata/blind/history45). Read by the
// shipped reader, the wide veto as g43 shipped it sets aside 13 of those
// 66; with lastAround 20 it sets aside 16, and none of the 2,309. Wider
// rules spared more and cost more: at 0.10 rather than 0.08 (19 of 66)
// four answers of the reader's own writers that assert a subtle losing
// claim (X, Y, V) lose their flag; without the eight words around the
// match (38 of 66) 79 of the 132 plain claims we put into our own strong
// answers do; a veto on the matched sentence read alone (below 0.05 to
// 0.10, in an answer below 0.10 to 0.20) spared 0 to 1 more on the
// blind writers and set aside 7 to 22 of those claims. On the writers
// read today it takes one flag off a passing answer of FM (a strong
// two-sentence design whose last sentence has the lease's words beside
// the fencing check) and changes nothing on the tuning writers; no
// inserted claim loses its flag (TestWideVetoLastSentenceG45).
var shippedVeto = readerVeto{clean: 0.10, lean: 0, minWords: 50, next: true,
	long: readerLongVeto{clean: 0.15, minWords: 170, lean: 10, around: 8, followed: true},
	wide: readerWideVeto{clean: 0.08, minWords: 50, around: 8, inside: true, lastAround: 20}}

// asksAboutDatabaseLock reports whether q's prompt names a lock the
// database holds on rows (see databaseLockIn): "Is a database row lock
// (`SELECT ... FOR UPDATE`) a distributed lock?".
func asksAboutDatabaseLock(q *Question) bool {
	p := analyse(q.Prompt.Markdown)
	return databaseLockIn(p, 0, len(p.toks))
}

// readerFatal is the shipped readerRule.fatal (chosen in g19). A fatal
// flag ends a mock round on its own, so it must be the most precise thing
// the grader says. When the floor was chosen (main 93f42a5, patterns read
// with the veto off), the tuning writers, each read by a model that never
// learned from it, had 13 passing answers of 7,596 with a fatal flag (9
// after g19's later pattern changes), every one reading below 0.20 (7 of
// them from 0.05), while 1,086 of the 1,100 answers whose fatal flag named
// a real losing claim read 0.20 or more. Read by the shipped model, the
// same floor left no fatal flag on a passing answer of BE+BF (5 before; 1
// after g19's pattern changes), of BG, BN and BO (1 and 6 before, totals
// only) or of the earlier holdout Q+R (4 before, totals only), and kept
// 138 of those splits' 140 fatal claims fatal. Its cost is elsewhere: a
// plain fatal claim added to a good answer of our own reads below 0.20
// too, so in our tests (insertedClaims, longInsertedClaims) every such
// claim still flagged after the veto (51) counts as major: the answer
// fails, the round goes on. The sentence's own lean does not separate the
// two (misfires lean from -16 to +18, inserted claims from -1 to +12), so
// the floor is on the answer's reading alone. A fatal flag below it
// becomes major: it still fails the answer until contested, and the
// feedback quotes the sentence and says why it did not end the round.
const readerFatal = 0.2

// demoteFatalNote tells the learner a fatal flag counted as major. It
// starts with DemoteNotePrefix.
const demoteFatalNote = "Counted as major, not fatal: %s %s, raised by %q. The second reader scores this answer %.3f on its losing-claim scale, below the %.2f a fatal flag needs (no correct answer written blind that drew a fatal flag scored that high), so here the flag fails the answer but does not end a mock round by itself. That reading weighs the words around the sentence, not how bad the mistake is: if you meant the sentence, it is the mistake the flag names, and a real interviewer may well end the round on it; if you did not, contest the flag."

// DemoteNotePrefix starts the note that says a fatal flag counted as
// major (demoteFatalNote).
const DemoteNotePrefix = "Counted as major, not fatal:"

// demoteFatal lowers the pattern flags of r that are fatal to major where
// the answer reads below sr's fatal floor (readerRule.fatal), marks them
// Demoted, and says so in a note. It reads the model only when a fatal
// flag was raised.
func demoteFatal(sr *secondReader, q *Question, d *doc, r *Result) {
	if sr == nil || sr.rule.fatal <= 0 {
		return
	}
	var fatal []int
	for i, f := range r.Flags {
		// (g49, QA-49b #076: not a claim the speaker endorsed after
		// reporting it, "a colleague said X, and I agree with him": the
		// reporting words lean the reader's score away, not the claim)
		if f.Severity == SeverityFatal && f.ID != ReaderFlagID && !d.soleClaim(f.Span) && !endorsedIn(d, f.Span) {
			fatal = append(fatal, i)
		}
	}
	if len(fatal) == 0 {
		return
	}
	m := sr.model()
	if m == nil {
		return
	}
	rd, ok := m.read(d, q.ID)
	if !ok || rd.flag >= sr.rule.fatal {
		return
	}
	labels := make([]string, len(fatal))
	for k, i := range fatal {
		r.Flags[i].Severity, r.Flags[i].Demoted = SeverityMajor, true
		labels[k] = r.Flags[i].Label
	}
	the := "the flag for"
	if len(labels) > 1 {
		the = "the flags for"
	}
	span := r.Flags[fatal[0]].Span
	r.Notes = append(r.Notes, fmt.Sprintf(demoteFatalNote, the, knownMistakes(labels), clip(d.text[span.Start:span.End], 160), rd.flag, sr.rule.fatal))
}

// bareClaimWords is the longest answer whose fatal flag can stand on its
// sentence alone (see soleClaim).
const bareClaimWords = 15

// soleClaim reports whether the answer d is little more than the sentence
// holding span: at most bareClaimWords words, most of them in that
// sentence. The fatal floor exists because a pattern can misread one
// sentence of a correct answer, and the answer around it then reads clean;
// a short answer that is nothing but the flagged claim has no such rest to
// read clean, and its low reading only says the reader has too few words
// to go on ("Fencing tokens are unnecessary with Redlock." reads 0.13,
// "With Redlock you don't need fencing tokens." 0.25). The patterns found
// the claim asserted (not rejected, quoted, reported or conditional), so
// it keeps its severity whatever the reader says. When the rule was chosen
// (g33), no answer of the tuning writers or of DS, DY and DZ whose fatal
// flag the floor demotes was that short (the shortest had 17 words, most
// of them one long sentence); the cap keeps such longer answers, where a
// misread clause can be most of the text, under the floor.
func (d *doc) soleClaim(span Span) bool {
	if len(d.toks) == 0 || len(d.toks) > bareClaimWords {
		return false
	}
	for _, s := range d.sents {
		if s.from >= s.to || d.toks[s.from].start > span.Start || d.toks[s.to-1].end < span.Start {
			continue
		}
		return 2*(s.to-s.from) > len(d.toks)
	}
	return false
}

// raiseFlag raises the reader's flag on an answer no pattern flagged when
// the reader finds a losing claim likely, on the sentence that leans most
// toward one, and says so. Contesting the flag undoes it like any other.
//
// Where the sentence it would point at is a claim about fencing that the
// same-store scope makes true (see scopeHeldSentences: "the lock and the
// write are in the same transaction, so no fencing token is needed"),
// the scoped sentences are read as if unsaid: the reader, a bag of words,
// cannot tell the scope from the claim it bounds. It raises its flag
// only if the rest still reads as a losing claim, on the sentence of the
// rest that leans most.
//
// flags are the question's red flags. Where one of them matches a claim
// that only words elsewhere in the answer kept down (its Unless: the Lua
// script of a correct extension described before a renewal by a bare
// PEXPIRE), the flag quotes that claim: the sentence that leans most is
// then often the correct one before it, which words no later sentence
// repeats make lean (QA-37 F1 #4).
func raiseFlag(sr *secondReader, q *Question, d *doc, r *Result, flags []*RedFlag) {
	if sr == nil || len(r.Flags) > 0 {
		return
	}
	m := sr.model()
	if m == nil {
		return
	}
	rd, ok := m.read(d, q.ID)
	raise := sr.rule.raise
	if sr.rule.raiseShort > 0 && answerWords(d) < raiseLongWords {
		raise = sr.rule.raiseShort
	}
	if !ok || rd.flag < raise {
		return
	}
	lean := m.sentenceLean(d, q.ID)
	// point returns the sentence to quote, none of those held marks.
	point := func(held []bool) int {
		best := -1
		for si := range lean {
			if lean[si] > 0 && (best < 0 || lean[si] > lean[best]) && asserts(d, si) && (held == nil || !held[si]) {
				best = si
			}
		}
		if best < 0 {
			return -1
		}
		// A claim of impossibility ("no two clients can ever hold the lock")
		// has most of its words under its "no", so asserts passes it over and
		// the flag quoted a correct sentence beside it. The flag is raised as
		// before; it quotes the claim when that leans more.
		for si := range lean {
			if lean[si] > lean[best] && claimsNone(d, si) && (held == nil || !held[si]) {
				best = si
			}
		}
		return best
	}
	best := point(nil)
	if best < 0 {
		return
	}
	// The sentence that weighs most is someone else's, reported in quotation
	// marks ("the author said \"DEL lock is enough\""): the answer is read
	// again without it, as a listener discounts a claim the candidate only
	// reports (FI, g44).
	if top := leanTop(lean); top >= 0 && quotedMost(d, top) {
		skip := make([]bool, len(d.sents))
		skip[top] = true
		if rd2, _ := m.readSkipping(d, q.ID, skip); rd2.flag < raise {
			return
		}
	}
	if held := scopeHeldSentences(d, flags, asksAboutDatabaseLock(q)); held != nil && held[best] {
		if rd, _ = m.readSkipping(d, q.ID, held); rd.flag < raise {
			return
		}
		if best = point(held); best < 0 {
			return
		}
	}
	held, label := heldDownClaim(d, flags, r.List)
	if held >= 0 {
		best = held
	}
	s := d.sents[best]
	span := Span{Start: d.toks[s.from].start, End: d.toks[s.to-1].end}
	f := FlagResult{ID: ReaderFlagID, Label: readerFlagLabel, Why: readerFlagWhy, WhyHTML: readerFlagWhyHTML, Severity: SeverityMajor, Span: span}
	note := fmt.Sprintf("Second reader: no pattern of a known mistake matched, but a model trained on labelled answers written blind scores this answer %.2f on its losing-claim scale (it flags from %.2f; the score is a reading, not a measured probability), and this sentence weighs most in that reading: %q. Check it; if it is right, contest the flag.", rd.flag, raise, clip(d.text[span.Start:span.End], 240))
	if held >= 0 {
		note = fmt.Sprintf("Second reader: no pattern of a known mistake counted, but a model trained on labelled answers written blind scores this answer %.2f on its losing-claim scale (it flags from %.2f; the score is a reading, not a measured probability), and this sentence has the wording of %s, which words elsewhere in the answer kept the patterns from flagging: %q. Check it; if it is right, contest the flag.", rd.flag, raise, knownMistakes([]string{label}), clip(d.text[span.Start:span.End], 240))
	}
	r.Flags = append(r.Flags, f)
	r.Notes = append(r.Notes, note)
}

// heldDownClaim returns the sentence of d where one of flags matches a
// claim the candidate asserts, found as the pattern flags find theirs
// (findFlag) but with the flag's Unless set aside, and that flag's label;
// -1 when there is none. A flag that matches with its Unless (one the
// reader's veto set aside) is not one: its sentence was judged clean.
// proseOnly is findFlag's, as grading passed it.
func heldDownClaim(d *doc, flags []*RedFlag, proseOnly bool) (int, string) {
	for _, f := range flags {
		if len(f.Unless) == 0 {
			continue // nothing kept it down: it did not match
		}
		if _, ok := findFlag(d, f, proseOnly, nil); ok {
			continue
		}
		free := *f
		free.Unless, free.unless = nil, nil
		fr, ok := findFlag(d, &free, proseOnly, nil)
		if !ok {
			continue
		}
		first, end := tokensIn(d, fr.Span)
		if first >= end {
			continue
		}
		// Kept down by words elsewhere: an Unless in the claim's own
		// sentence ("SET key value NX PX 30000" names its expiry) is part
		// of that sentence, which then makes no such claim.
		si := d.toks[first].sent
		if !asserts(d, si) || unlessIn(d, f, si) {
			continue
		}
		return si, f.Label
	}
	return -1, ""
}

// unlessIn reports whether one of f's Unless patterns matches sentence
// si of d.
func unlessIn(d *doc, f *RedFlag, si int) bool {
	unless := f.unless
	if unless == nil {
		unless, _ = compileAll(f.Unless, nil, "", "unless")
	}
	for _, u := range unless {
		if c := d.evalFor(u); !c.dead {
			if _, ok := u.findIn(d, c, si, false); ok {
				return true
			}
		}
	}
	return false
}

// flagVeto is the second reader's veto (readerVeto) at work on one
// answer that reads clean: the answer's reading and each sentence's lean.
type flagVeto struct {
	rule  readerVeto
	clean float64
	lean  []float64
	// away marks the sentences followed by one that leans away from a
	// losing claim (only where the long answers' veto asks for it)
	away []bool
	// short, long and wide: the answer qualifies for the veto (short),
	// for the long answers' veto (long) and for the wide one (wide)
	short, long, wide bool
	// aside are the sentences review set aside, in the order they were
	// first set aside, each with the flags whose match it held: one note
	// per sentence names them all (note)
	aside []setAside
}

// setAside is one sentence the veto set aside and the flags it matched.
type setAside struct {
	sent  int
	kind  vetoKind
	flags []*RedFlag
}

// vetoKind is which of the veto's rules set a sentence aside.
type vetoKind int

const (
	vetoShort vetoKind = iota // readerVeto's own rule
	vetoLong                  // readerLongVeto
	vetoWide                  // readerWideVeto
)

// readVeto reads d for the veto of sr, or returns nil where no flag of d
// can be set aside: no veto, no model, a question the model never learned,
// an answer too short or not reading clean.
func readVeto(sr *secondReader, q *Question, d *doc) *flagVeto {
	if sr == nil {
		return nil
	}
	v, words := sr.rule.veto, answerWords(d)
	short := v.clean > 0 && words >= v.minWords
	long := v.long.clean > 0 && words >= v.long.minWords
	wide := v.wide.clean > 0 && words >= v.wide.minWords
	if !short && !long && !wide {
		return nil
	}
	m := sr.model()
	if m == nil {
		return nil
	}
	rd, ok := m.read(d, q.ID)
	short = short && rd.flag < v.clean
	long = long && rd.flag < v.long.clean
	wide = wide && rd.flag < v.wide.clean
	if !ok || !short && !long && !wide {
		return nil
	}
	lean := m.sentenceLean(d, q.ID)
	if v.own {
		lean = m.sentenceOwnLean(d, q.ID)
	}
	var away []bool
	if v.long.followed {
		away = make([]bool, len(lean))
		for si := range len(lean) - 1 {
			away[si] = lean[si+1] < 0
		}
	}
	if sr.rule.veto.next {
		for si := range len(lean) - 1 {
			lean[si] += min(0, lean[si+1])
		}
	}
	return &flagVeto{rule: v, clean: rd.flag, lean: lean, away: away, short: short, long: long, wide: wide}
}

// setsAside reports whether the veto sets aside a match at span of d, and
// if so, the matched sentence and which of the veto's rules sets it aside.
func (v *flagVeto) setsAside(d *doc, span Span) (int, vetoKind, bool) {
	si, lean := spanLean(d, span, v.lean)
	if si < 0 {
		return si, vetoShort, false
	}
	// g25: a claim after a header that vouches for it ("but that's
	// easy to fix: have every client check ...") is the speaker's
	// own, however its words lean; the veto never sets it aside.
	// g33c: nor a claim set against critics ("people call it a
	// mistake, but ...") or against too much care ("the mistake is
	// overthinking it: ..."), whose framing words lean away only
	// because they name what the speaker argues against.
	// g37d: nor a claim the speaker draws as the consequence of a
	// premise in its sentence ("two clients can never act as holder
	// at once, so all the fencing business simply goes away"): the
	// premise's negators lean the sentence away, not the conclusion.
	if endorsedBefore(d, si, span.Start) || rebuttalBefore(d, si, span.Start) >= 0 || excessNamedBefore(d, si, span.Start) || concludedAt(d, si, span.Start) || sellsOutright(d, si) || endorsedIn(d, span) {
		return si, vetoShort, false
	}
	kind := vetoShort
	switch around := wordsAround(d, si, span); {
	case v.short && lean <= v.rule.lean:
	case v.long && lean <= v.rule.long.lean && around >= v.rule.long.around && (v.away == nil || v.away[si]):
		kind = vetoLong
	case v.wide && around >= v.rule.wide.around && (!v.rule.wide.inside || si < len(d.sents)-1 || v.rule.wide.lastAround > 0 && around >= v.rule.wide.lastAround):
		kind = vetoWide
	default:
		return si, vetoShort, false
	}
	return si, kind, true
}

// sellsOutright reports a sentence that vouches for what it says in so
// many words, in a clause with nothing negated or supposed, and with no
// word of the sentence set aside or refuted, nor a critic, mistake,
// mention or attribution word in it: "a random UUID per grant
// works equally well as the token", "appendfsync always on every replica
// closes this gap", "a separate heartbeat thread guarantees the lease is
// renewed" (QA-48 H1: a long correct answer around it read as a whole
// leaned away, and the veto set the claim aside).
func sellsOutright(d *doc, si int) bool {
	s := d.sents[si]
	if s.question {
		return false
	}
	sell := -1
	for k := s.from; k < s.to; k++ {
		t := &d.toks[k]
		if t.raw == "say" && k+1 < s.to && exampleAfterSay(d.toks[k+1].raw) {
			continue // "say an hour", "say 30 s": an example, not a report
		}
		if t.setAside || t.refuted || t.cls&(clsCritic|clsMistake|clsMistakeNoun|clsMention|clsAttribution) != 0 {
			return false
		}
		if sell < 0 && sellingWords[t.raw] {
			sell = k
		}
		// g53 (QA-53b #003, #002): "a UUID works just as well", "a
		// plain EXPIRE is fine here"
		if sell < 0 && t.raw == "just" && k+2 < s.to && d.toks[k+1].raw == "as" && d.toks[k+2].raw == "well" ||
			sell < 0 && t.raw == "fine" && k > s.from && (d.toks[k-1].raw == "is" || d.toks[k-1].raw == "are") && k+1 < s.to && d.toks[k+1].raw == "here" {
			sell = k
		}
	}
	if sell < 0 {
		return false
	}
	// The clause that vouches is asserted whole: nothing in it negated or
	// supposed ("so a paused worker never loses its lock", a consequence
	// drawn after it, may deny).
	from, to := sell, sell+1
	for from > s.from && !d.toks[from].clause {
		from--
	}
	for to < s.to && !d.toks[to].clause {
		to++
	}
	for k := from; k < to; k++ {
		if t := &d.toks[k]; t.negBy >= 0 || t.hypo || t.cls&clsNegator != 0 {
			return false
		}
	}
	// Nor a negator before it, whose relative clause it may be: "there is
	// no majority rule that guarantees the promoted node has every write".
	for k := s.from; k < from; k++ {
		if d.toks[k].cls&clsNegator != 0 {
			return false
		}
	}
	return true
}

// exampleAfterSay reports a word after "say" that gives an example ("say
// an hour", "say 30 seconds") rather than reports a saying.
func exampleAfterSay(w string) bool {
	return w == "a" || w == "an" || w != "" && w[0] >= '0' && w[0] <= '9'
}

// sellingWords vouch for a practice (see sellsOutright).
var sellingWords = setOf(`guarantees guaranteed closes equally`)

// review returns the flag red flag f raises in d (fr, as findFlag found
// it), looked for again past each sentence the veto sets aside, so a
// pattern that matches a mention first and a plain claim later still
// flags the claim. When the veto sets aside every sentence f matches, it
// reports false and keeps the first of them for note, which says which
// sentence matched which mistake and why it was not counted.
func (v *flagVeto) review(d *doc, f *RedFlag, proseOnly bool, fr FlagResult) (FlagResult, bool) {
	var skip []bool
	first, firstKind := -1, vetoShort
	for {
		si, kind, aside := v.setsAside(d, fr.Span)
		if !aside {
			return fr, true
		}
		if skip == nil {
			skip, first, firstKind = make([]bool, len(d.sents)), si, kind
		}
		for sj, s := range d.sents {
			if s.to > s.from && d.toks[s.from].start < fr.Span.End && d.toks[s.to-1].end > fr.Span.Start {
				skip[sj] = true
			}
		}
		var ok bool
		if fr, ok = findFlag(d, f, proseOnly, skip); !ok {
			break
		}
	}
	for i := range v.aside {
		if v.aside[i].sent == first {
			v.aside[i].flags = append(v.aside[i].flags, f)
			return FlagResult{}, false
		}
	}
	v.aside = append(v.aside, setAside{sent: first, kind: firstKind, flags: []*RedFlag{f}})
	return FlagResult{}, false
}

// endorsedBefore reports whether, in sentence si of d, a colon before
// start closes a header that vouches for what follows it (see
// endorsingHeader).
// endorsedIn reports whether span takes any word the speaker endorses
// after reporting it (see markEndorsedQuotes): "as antirez says, "Redlock
// is as safe as ZooKeeper", and I agree with him" is the speaker's claim,
// however the reporting words around it lean (QA-49 H1), so the veto does
// not set it aside and a fatal flag on it is not demoted.
func endorsedIn(d *doc, span Span) bool {
	for k := range d.toks {
		if t := &d.toks[k]; t.endorsed && t.start >= span.Start && t.end <= span.End {
			return true
		}
	}
	return false
}

func endorsedBefore(d *doc, si, start int) bool {
	s := d.sents[si]
	for c := s.from + 1; c < s.to && d.toks[c].start <= start; c++ {
		if d.toks[c].clause && d.toks[c].brk == ':' && endorsingHeader(d.toks[headerBefore(d.toks, s.from, c):c]) {
			return true
		}
	}
	return false
}

// excessNamedBefore reports whether, in sentence si of d, a colon before
// start closes a header that names too much care as the mistake (see
// mistakeNamedBefore): "The mistake is overthinking it: X".
func excessNamedBefore(d *doc, si, start int) bool {
	s := d.sents[si]
	for c := s.from + 1; c < s.to && d.toks[c].start <= start; c++ {
		if d.toks[c].clause && d.toks[c].brk == ':' {
			return mistakeNamedBefore(d.toks, s.from, c)
		}
	}
	return false
}

// rebuttalBefore returns the contrast ("but", "however", "yet") in
// sentence si of d before the claim at byte start that answers what others
// say or call it, or -1: "People call it an anti-pattern, but SETNX then
// EXPIRE works fine for us". The clause before the contrast holds a
// reporter ("people", "colleagues", "the docs") or a critic word
// ("anti-pattern", "mistake", "wrong"), and nothing between the contrast
// and the claim turns it back (a negator or critic, "but they're right
// that ..."). The claim is the speaker's own, set against the critics
// (g33c): the critics' words frame the clause before, not it.
func rebuttalBefore(d *doc, si, start int) int {
	s := d.sents[si]
	toks := d.toks
	contrast := -1
	for c := s.from + 1; c < s.to && toks[c].start <= start; c++ {
		if contrastOpens(toks, c, s.from+1) {
			contrast = c
		}
	}
	if contrast < 0 {
		return -1
	}
	for c := contrast + 1; c < s.to && toks[c].start < start; c++ {
		if toks[c].cls&(clsNegator|clsCritic|clsMistake|clsMistakeNoun) != 0 || toks[c].negBy >= 0 || toks[c].raw == "right" {
			return -1
		}
	}
	from := contrast - 1
	for from > s.from && !(toks[from].clause && toks[from].brk != 0 && toks[from].brk != ',') {
		from--
	}
	for j := from; j < contrast; j++ {
		if toks[j].cls&(clsReporter|clsCritic|clsMistake|clsMistakeNoun) != 0 {
			return contrast
		}
	}
	return -1
}

// note says in r, once per sentence review set aside, which sentence has
// the wording of which mistakes and why it was not counted, so a learner
// who did mean the claim still hears that it loses the round; and lists
// the sentence in r.SetAside, so a page that says no red flag was counted
// can say that this one was set aside. A sentence two patterns match
// gets one note naming both mistakes. (Whether a sentence's veto is the
// long answers' one depends only on the sentence, so the flags it holds
// share it.)
func (v *flagVeto) note(d *doc, r *Result) {
	for _, a := range v.aside {
		s := d.sents[a.sent]
		span := Span{Start: d.toks[s.from].start, End: d.toks[s.to-1].end}
		sentence := clip(d.text[span.Start:span.End], 240)
		sa := SetAsideFlag{Span: span}
		for _, f := range a.flags {
			sa.IDs = append(sa.IDs, f.ID)
			sa.Labels = append(sa.Labels, f.Label)
		}
		mistakes := knownMistakes(sa.Labels)
		switch a.kind {
		case vetoLong:
			sa.Note = fmt.Sprintf(readerLongVetoNote, sentence, mistakes, floor3(v.clean), v.rule.long.clean, v.rule.long.minWords)
		case vetoWide:
			sa.Note = fmt.Sprintf(readerWideVetoNote, sentence, mistakes, floor3(v.clean), v.rule.wide.clean)
		default:
			sa.Note = fmt.Sprintf(readerVetoNote, sentence, mistakes, floor3(v.clean), v.rule.clean)
		}
		r.Notes = append(r.Notes, sa.Note)
		r.SetAside = append(r.SetAside, sa)
	}
}

// knownMistakes names the mistakes a set-aside sentence resembles, for
// the veto's notes: "a known mistake (label)", or, for several, "two
// known mistakes (label; label)".
func knownMistakes(labels []string) string {
	named := make([]string, len(labels))
	for i, l := range labels {
		named[i] = strings.TrimRight(l, ".")
	}
	if len(named) == 1 {
		return "a known mistake (" + named[0] + ")"
	}
	count := strconv.Itoa(len(named))
	if len(named) < len(numberWords) {
		count = numberWords[len(named)]
	}
	return count + " known mistakes (" + strings.Join(named, "; ") + ")"
}

// floor3 is x cut to three decimals: a score below a threshold never
// reads as the threshold itself ("scores it 0.10, below the 0.10": QA-48
// L2).
func floor3(x float64) float64 { return math.Floor(x*1000) / 1000 }

// numberWords spells the small counts of knownMistakes.
var numberWords = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// readerVetoNote words a flag the second reader set aside: the sentence,
// the mistake its words resemble, and why it was not counted.
const readerVetoNote = "Not counted as a red flag: the sentence %q uses the words of %s, but read as a whole your answer does not make that claim (a second reader, a model trained on answers written blind, scores it %.3f, below the %.2f from which it counts as making a losing claim), and this sentence, with the one after it, reads as describing or rejecting the mistake rather than recommending it. If you did mean the claim, it loses the round in an interview."

// readerLongVetoNote words a flag the long answers' veto
// (readerLongVeto) set aside: the sentence, the mistake its words
// resemble, and why it was not counted.
const readerLongVetoNote = "Not counted as a red flag: the sentence %q uses the words of %s, but read as a whole your long answer does not make that claim (a second reader, a model trained on answers written blind, scores it %.3f, below the %.2f it allows an answer of %d words or more), the sentence says more than the words that matched, and the next one turns away from the mistake, as when a sentence names a mistake and the next says what catches it. This reading can be wrong: if you did mean the claim, it loses the round in an interview."

// readerWideVetoNote words a flag the wide veto (readerWideVeto) set
// aside: the sentence, the mistake its words resemble, and why it was
// not counted.
const readerWideVetoNote = "Not counted as a red flag: the sentence %q uses the words of %s, but read as a whole your answer does not make that claim (a second reader, a model trained on answers written blind, scores it %.3f, below %.2f, where no answer written blind that makes a losing claim has scored), and the sentence says more than the words that matched, as when it names a mistake in passing or lists what to look for. This reading can be wrong: if you did mean the claim, it loses the round in an interview."

// answerWords counts the words of d, as the reader's length feature does.
func answerWords(d *doc) int {
	n := 0
	for _, s := range d.sents {
		n += s.to - s.from
	}
	return n
}

// wordsAround counts the words of sentence si of d outside span.
func wordsAround(d *doc, si int, span Span) int {
	n := 0
	s := d.sents[si]
	for k := s.from; k < s.to; k++ {
		if d.toks[k].end <= span.Start || d.toks[k].start >= span.End {
			n++
		}
	}
	return n
}

// spanLean returns the sentence of d that holds span (the one that leans
// most, if the span crosses several) and its lean, or -1.
func spanLean(d *doc, span Span, lean []float64) (int, float64) {
	best := -1
	for si, s := range d.sents {
		if s.to <= s.from || d.toks[s.from].start >= span.End || d.toks[s.to-1].end <= span.Start {
			continue
		}
		if best < 0 || lean[si] > lean[best] {
			best = si
		}
	}
	if best < 0 {
		return -1, 0
	}
	return best, lean[best]
}

// asserts reports whether sentence si of d is one the reader may point
// at: a claim the candidate makes, not a question they ask (which the
// patterns never flag either) nor one whose words are mostly negated,
// rejected, hypothetical or quoted ("Don't assume that ...").
func asserts(d *doc, si int) bool { return ownedMost(d, si, false) }

// leanTop returns the sentence that leans most toward a losing claim, -1
// where none leans toward one.
func leanTop(lean []float64) int {
	top := -1
	for si, l := range lean {
		if l > 0 && (top < 0 || l > lean[top]) {
			top = si
		}
	}
	return top
}

// quotedMost reports whether most words of sentence si of d, code
// included, stand inside quotation marks: a sentence that reports what
// someone else said.
func quotedMost(d *doc, si int) bool {
	s := d.sents[si]
	words, quoted := 0, 0
	for i := s.from; i < s.to; i++ {
		if d.toks[i].wordForms == nil && !d.toks[i].code {
			continue
		}
		words++
		if d.toks[i].quote > 0 {
			quoted++
		}
	}
	return 2*quoted > words
}

// noneWords are the negators that make a claim rather than reject one:
// a quantifier says that none of something is or can be ("no two clients
// can ever hold the lock", "nothing can go wrong").
var noneWords = setOf(`no nothing nobody none`)

// claimsNone reports whether sentence si of d is asserted once the words
// a quantifier of noneWords negates count as the candidate's own: a claim
// that nothing of the kind happens, which asserts does not count.
func claimsNone(d *doc, si int) bool { return ownedMost(d, si, true) }

// ownedMost reports whether most words of sentence si of d, a question
// aside, are the candidate's own: outside any reader scope, or, with
// none, negated only by a quantifier of noneWords (and not otherwise
// refuted, said to be needless or dismissed).
func ownedMost(d *doc, si int, none bool) bool {
	s := d.sents[si]
	if s.question {
		return false
	}
	words, own := 0, 0
	for i := s.from; i < s.to; i++ {
		t := &d.toks[i]
		if t.wordForms == nil {
			continue
		}
		words++
		sc := readerScopeOf(t)
		if sc == 0 || none && sc == 1 && !t.refuted && !t.readerRefuted && !t.needless && !t.dismiss && noneWords[d.toks[t.negBy].raw] {
			own++
		}
	}
	return 2*own > words
}

// sentenceLean returns, for each sentence of d, the sum of the weights of
// its words and word pairs toward a losing claim: above 0, the sentence
// reads like one.
func (m *readerModel) sentenceLean(d *doc, qid string) []float64 {
	pq := m.perQ[qid]
	lean := make([]float64, len(d.sents))
	seen := m.seen.Get().(*readerSeen)
	defer m.seen.Put(seen)
	seen.next()
	m.each(d, func(si int, id int32) {
		if si >= 0 && seen.add(id) {
			lean[si] += float64(m.shared[id][1] + pq[id][1])
		}
	})
	return lean
}

// sentenceOwnLean returns, for each sentence of d, the sum of the
// weights toward a losing claim of its words and word pairs, each
// counted once in the sentence, whatever earlier sentences said.
func (m *readerModel) sentenceOwnLean(d *doc, qid string) []float64 {
	pq := m.perQ[qid]
	lean := make([]float64, len(d.sents))
	seen := m.seen.Get().(*readerSeen)
	defer m.seen.Put(seen)
	cur := -2
	m.each(d, func(si int, id int32) {
		if si < 0 {
			return
		}
		if si != cur {
			seen.next()
			cur = si
		}
		if seen.add(id) {
			lean[si] += float64(m.shared[id][1] + pq[id][1])
		}
	})
	return lean
}

// clip shortens s to about n characters at a word boundary.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut <= 0 {
		cut = n
	}
	return s[:cut] + " …"
}

// concludedAt reports whether the claim at byte start, in sentence si of
// d, lies in a clause opened by "so", "thus", "hence" or "therefore" that
// draws its consequence from an impossibility the sentence asserts before
// it ("two clients can never act as holder at once, so ...", "a client
// that loses its session cannot write, so ..."): the premise's negator
// leans the sentence away from a losing claim, but it claims that
// something cannot happen, and the conclusion drawn from it is the
// speaker's own.
func concludedAt(d *doc, si, start int) bool {
	s := d.sents[si]
	k := consequenceAfter(d, s.from+1, s.to)
	if k >= s.to || d.toks[k].start > start {
		return false
	}
	switch d.toks[k].raw {
	case "so", "thus", "hence", "therefore":
	default:
		return false
	}
	for j := s.from; j < k; j++ {
		switch r := d.toks[j].raw; {
		case r == "cannot" || r == "can't":
			return true
		case r == "never" && j > s.from && (d.toks[j-1].raw == "can" || d.toks[j-1].raw == "could"):
			return true
		}
	}
	return false
}
