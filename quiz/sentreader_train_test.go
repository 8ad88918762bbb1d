package quiz

import (
	"math"
	"strconv"
)

// This file is the sentence reader's training and reading, for the
// experiments of sentreader_g18_test.go: a model of "this sentence asserts
// a claim that loses the round", trained on sentences rather than whole
// answers. The second reader's veto (reader.go) judges a pattern's
// sentence by its lean, the answer model's weights summed over the
// sentence, which mostly says whether the sentence has the mistake's words;
// a sentence that names a mistake to reject it, or states the correct
// practice in the mistake's words, has them as much as a claim does. The
// sentence reader learns from the sentences patterns matched in answers
// that assert a losing claim, against every sentence of passing answers.
// It is not shipped: see TestSentReaderInsertedG18.

// sentContext is whether SentFeatures reads the context words: with
// them, plain wrong claims put into a correct answer read clean (see
// TestSentReaderInsertedG18).
const sentContext = false

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
func sentEach(d *doc, si int, context bool, emit func(f []byte)) float64 {
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
		if !context || c.si < 0 || c.si >= len(d.sents) {
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

// SentInfo is one sentence of an answer as the sentence reader reads it.
type SentInfo struct {
	Span  Span     // the sentence's bytes in the answer
	Feats []string // each once; with a question, shared ones and copies prefixed "qid\t"
	X     float64  // each feature's value
	Words int
}

// SentFeatures returns the sentences of text answered to question qid
// with their features; with perQ, each feature also comes prefixed with
// "qid\t" (a per-question weight).
func SentFeatures(text, qid string, perQ bool) []SentInfo {
	return SentFeaturesContext(text, qid, perQ, sentContext)
}

// SentFeaturesContext is SentFeatures with or without the context words
// of the sentences on either side.
func SentFeaturesContext(text, qid string, perQ, context bool) []SentInfo {
	d := analyse(text)
	out := make([]SentInfo, 0, len(d.sents))
	for si, s := range d.sents {
		info := SentInfo{Words: s.to - s.from}
		if s.to > s.from {
			info.Span = Span{Start: d.toks[s.from].start, End: d.toks[s.to-1].end}
		}
		seen := map[string]bool{}
		info.X = sentEach(d, si, context, func(f []byte) {
			if !seen[string(f)] {
				seen[string(f)] = true
				info.Feats = append(info.Feats, string(f))
				if perQ {
					info.Feats = append(info.Feats, qid+"\t"+string(f))
				}
			}
		})
		out = append(out, info)
	}
	return out
}

// SentLeans returns each sentence's lean as the shipped veto reads it
// (the answer model's weights, the next sentence's added where it leans
// away) and the answer's reading on the losing-claim scale.
func SentLeans(text, qid string) ([]float64, float64) {
	m := embeddedReader()
	d := analyse(text)
	rd, _ := m.read(d, qid)
	lean := m.sentenceLean(d, qid)
	for si := range len(lean) - 1 {
		lean[si] += min(0, lean[si+1])
	}
	return lean, rd.flag
}

// SentExample is one labelled sentence as feature ids.
type SentExample struct {
	Feats  []int32
	X      float64
	Claim  bool
	Weight float64
}

// TrainSentReader fits one logistic regression (the sentence asserts a
// losing claim) as TrainReader does, each example's gradient scaled by
// its weight; the weights land in the losing-claim column (W[1]).
func TrainSentReader(ex []SentExample, dim int, o ReaderOpts) *ReaderWeights {
	v, bias := fitLogistic(len(ex), dim, o, func(i int) ([]int32, float64, float64, float64) {
		e := &ex[i]
		y := 0.0
		if e.Claim {
			y = 1
		}
		return e.Feats, e.X, y, e.Weight
	})
	return &ReaderWeights{W: [2][]float64{make([]float64, dim), v}, Intercept: [2]float64{0, bias}}
}
