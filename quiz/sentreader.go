package quiz

import (
	_ "embed"
	"math"
	"strconv"
	"sync"
)

// The sentence reader reads one sentence, not the whole answer: how
// likely is it that this sentence asserts a claim that loses the round?
// The second reader's veto judged a pattern's sentence by its lean (the
// answer model's weights summed over the sentence), which mostly says
// whether the sentence has the mistake's words; a sentence that names a
// mistake to reject it, or states the correct practice in the mistake's
// words, has them as much as a claim does. The sentence reader is
// trained on sentences: those a pattern matched in answers that assert a
// losing claim against every sentence of passing answers (those a pattern
// matched weighing more), over the same scoped words and pairs as the
// answer model and the scoped words of the sentences before and after.
//
// The model is trained by a test (go test ./quiz -run TestSentModel
// -update-sent) and embedded here; a test fails when it is not what
// training produces. Its file has the answer model's format, with the
// weights in the losing-claim column.

//go:embed reader/sentmodel.tsv.gz
var sentModelFile []byte

// embeddedSentReader is the sentence model, decoded the first time a
// pattern flag is reviewed. A model that fails to decode sets nothing
// aside; quiz tests check that it decodes.
var embeddedSentReader = sync.OnceValue(func() *readerModel {
	m, err := decodeReader(sentModelFile)
	if err != nil {
		return nil
	}
	return m
})

// Context words are the scoped words of the sentence before (sentPrev)
// and after (sentNext) the one read.
const (
	sentPrev = "p:"
	sentNext = "x:"
)

// sentEach calls emit with each feature of sentence si of d (a feature
// may come more than once; the model counts it once): its scoped words
// and pairs of neighbouring words, as readerEach finds them, the scoped
// words of the sentences on either side, prefixed, and its length. emit's
// argument is only valid during the call. It returns the scale of every
// feature's value, 1/sqrt of the sentence's length.
func sentEach(d *doc, si int, emit func(f []byte)) float64 {
	var wb, pb [96]byte
	s := d.sents[si]
	prev := append(pb[:0], "<s>"...)
	for k := s.from; k < s.to; k++ {
		t := &d.toks[k]
		w := append(append(wb[:0], readerScope(t)...), readerKey(t)...)
		emit(w)
		prev = append(append(prev, ' '), w...)
		emit(prev)
		prev = append(prev[:0], w...)
	}
	for _, c := range [2]struct {
		si     int
		prefix string
	}{{si - 1, sentPrev}, {si + 1, sentNext}} {
		if c.si < 0 || c.si >= len(d.sents) {
			continue
		}
		for k := d.sents[c.si].from; k < d.sents[c.si].to; k++ {
			t := &d.toks[k]
			emit(append(append(append(wb[:0], c.prefix...), readerScope(t)...), readerKey(t)...))
		}
	}
	n := s.to - s.from
	var fb [16]byte
	emit(strconv.AppendInt(append(fb[:0], "#slen"...), int64(math.Log2(float64(n+1))), 10))
	return 1 / math.Sqrt(float64(2*n+4))
}

// lookup returns the feature id of f (a word, or two joined by a space)
// in m.
func (m *readerModel) lookup(f []byte) (int32, bool) {
	for i, c := range f {
		if c != ' ' {
			continue
		}
		a, ok := m.uni[string(f[:i])]
		if !ok {
			return 0, false
		}
		b, ok := m.uni[string(f[i+1:])]
		if !ok {
			return 0, false
		}
		id, ok := m.bi[uint64(a)<<32|uint64(b)]
		return id, ok
	}
	u, ok := m.uni[string(f)]
	if !ok || m.uniFeat[u] < 0 {
		return 0, false
	}
	return m.uniFeat[u], true
}

// sentClaim is the sentence model's probability that sentence si of d,
// answered to question qid, asserts a claim that loses the round.
func (m *readerModel) sentClaim(d *doc, qid string, si int) float64 {
	pq := m.perQ[qid]
	seen := m.seen.Get().(*readerSeen)
	defer m.seen.Put(seen)
	seen.next()
	sum := 0.0
	x := sentEach(d, si, func(f []byte) {
		if id, ok := m.lookup(f); ok && seen.add(id) {
			sum += float64(m.shared[id][1] + pq[id][1])
		}
	})
	return sigmoid(float64(m.intercept[1]) + sum*x)
}

// sentVeto is when the sentence reader sets a pattern flag aside: the
// answer has at least minWords words, reads below answer on the answer
// model's losing-claim scale, and every sentence the pattern matched
// reads below below on the sentence model's. The zero value sets nothing
// aside.
type sentVeto struct {
	below    float64
	answer   float64
	minWords int
}

// sentReading is the sentence veto at work on one answer.
type sentReading struct {
	rule  sentVeto
	model *readerModel
	qid   string
	claim []float64 // by sentence, read on first use (<0: not yet)
}

// readSentVeto reads d for the sentence veto of sr, or returns nil where
// it can set nothing aside.
func readSentVeto(sr *secondReader, q *Question, d *doc) *sentReading {
	if sr == nil || sr.rule.sent.below <= 0 || answerWords(d) < sr.rule.sent.minWords {
		return nil
	}
	m := embeddedSentReader()
	if m == nil {
		return nil
	}
	if sr.rule.sent.answer < 1 {
		am := sr.model()
		if am == nil {
			return nil
		}
		rd, ok := am.read(d, q.ID)
		if !ok || rd.flag >= sr.rule.sent.answer {
			return nil
		}
	}
	claim := make([]float64, len(d.sents))
	for i := range claim {
		claim[i] = -1
	}
	return &sentReading{rule: sr.rule.sent, model: m, qid: q.ID, claim: claim}
}

// withSentVeto adds the sentence veto of sr to v (the lean veto, or nil
// where the answer does not read clean) and returns the veto to review
// flags with, or nil where neither can set anything aside.
func withSentVeto(v *flagVeto, sr *secondReader, q *Question, d *doc) *flagVeto {
	s := readSentVeto(sr, q, d)
	if s == nil {
		return v
	}
	if v == nil {
		// No lean veto: no sentence is set aside by its lean.
		lean := make([]float64, len(d.sents))
		for i := range lean {
			lean[i] = math.Inf(1)
		}
		v = &flagVeto{lean: lean}
	}
	v.sent = s
	return v
}

// aside reports whether the sentence veto sets span of d aside: every
// sentence it touches reads below the threshold. It returns the first
// such sentence and the highest reading.
func (s *sentReading) aside(d *doc, span Span) (int, float64, bool) {
	if s == nil {
		return -1, 0, false
	}
	first, high := -1, 0.0
	for si, sn := range d.sents {
		if sn.to <= sn.from || d.toks[sn.from].start >= span.End || d.toks[sn.to-1].end <= span.Start {
			continue
		}
		if s.claim[si] < 0 {
			s.claim[si] = s.model.sentClaim(d, s.qid, si)
		}
		if first < 0 {
			first = si
		}
		high = max(high, s.claim[si])
	}
	return first, high, first >= 0 && high < s.rule.below
}

// sentVetoNote words a flag the sentence reader set aside: the sentence,
// the mistake its words resemble, and why it was not counted.
const sentVetoNote = "Not counted as a red flag: the sentence %q has the wording of a known mistake (%s), but a sentence reader, a model trained on the sentences of labelled answers written blind, reads it (with the sentences beside it) as one that does not assert a losing claim: it scores %.2f on that scale, below %.2f, as when a sentence names a mistake to reject it or states the correct practice in the mistake's words. If you did mean the claim, it loses the round in an interview."

// shippedSentVeto is the shipped sentVeto.
var shippedSentVeto = sentVeto{}
