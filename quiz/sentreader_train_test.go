package quiz

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand"
)

// This file trains the sentence reader (see sentreader.go); training runs
// in tests only (TestSentModel).

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
	d := analyse(text)
	out := make([]SentInfo, 0, len(d.sents))
	for si, s := range d.sents {
		info := SentInfo{Words: s.to - s.from}
		if s.to > s.from {
			info.Span = Span{Start: d.toks[s.from].start, End: d.toks[s.to-1].end}
		}
		seen := map[string]bool{}
		info.X = sentEach(d, si, func(f []byte) {
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

// SentClaimEmbedded is the embedded sentence model's reading of each
// sentence of text answered to qid.
func SentClaimEmbedded(text, qid string) []float64 {
	m := embeddedSentReader()
	d := analyse(text)
	out := make([]float64, len(d.sents))
	for si := range d.sents {
		out[si] = m.sentClaim(d, qid, si)
	}
	return out
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
	v := make([]float64, dim)
	scale, bias, t := 1.0, 0.0, 0.0
	rng := rand.New(rand.NewSource(o.Seed))
	order := make([]int, len(ex))
	for i := range order {
		order[i] = i
	}
	for range o.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			e := &ex[i]
			y := 0.0
			if e.Claim {
				y = 1
			}
			eta := o.Eta0 / (1 + o.Lambda*o.Eta0*t)
			t++
			z := bias
			for _, f := range e.Feats {
				z += scale * v[f] * e.X
			}
			g := (sigmoid(z) - y) * e.Weight
			scale *= 1 - eta*o.Lambda
			if scale < 1e-6 {
				for j := range v {
					v[j] *= scale
				}
				scale = 1
			}
			for _, f := range e.Feats {
				v[f] -= eta * g * e.X / scale
			}
			bias -= 0.1 * eta * g
		}
	}
	for j := range v {
		v[j] *= scale
	}
	return &ReaderWeights{W: [2][]float64{make([]float64, dim), v}, Intercept: [2]float64{0, bias}}
}

// EmbeddedSentText is the embedded sentence model file's text.
func EmbeddedSentText() ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(sentModelFile))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// WithSentVeto returns the bank with the shipped second reader and its
// sentence veto set to below, answer and minWords (see sentVeto); below 0
// sets nothing aside.
func (b *Bank) WithSentVeto(below, answer float64, minWords int) *Bank {
	c := *b
	c.reader = &secondReader{model: embeddedReader, rule: readerRule{raise: readerRaise, veto: shippedVeto, sent: sentVeto{below: below, answer: answer, minWords: minWords}}}
	return &c
}
