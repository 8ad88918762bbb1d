package quiz

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"math/rand"
	"slices"
	"sort"
	"strconv"
	"testing"
)

// This file trains the second reader (see reader.go). Training runs in
// tests only: TestReaderModel writes the model file with -update-reader,
// and fails when the committed file is not what training produces.

// ReaderOpts are the reader's training settings.
type ReaderOpts struct {
	Lambda float64 // L2 strength
	Epochs int
	Eta0   float64 // initial learning rate
	Seed   int64   // the order examples are visited in
	Prune  float64 // weights of smaller magnitude are left out of the file
}

// DefaultReaderOpts are the settings the shipped model is trained with.
func DefaultReaderOpts() ReaderOpts {
	return ReaderOpts{Lambda: 1e-4, Epochs: 15, Eta0: 0.5, Seed: 1, Prune: 0.05}
}

// ReaderFeatures returns the features of text answered to question qid,
// each once, shared ones as they are and per-question ones prefixed with
// "qid\t", and the scale of each feature's value.
func ReaderFeatures(text, qid string) ([]string, float64) {
	seen := map[string]bool{}
	var out []string
	x := readerEach(analyse(text), func(_ int, f []byte) {
		if !seen[string(f)] {
			seen[string(f)] = true
			out = append(out, string(f), qid+"\t"+string(f))
		}
	})
	return out, x
}

// ReaderExample is one labelled answer as feature ids.
type ReaderExample struct {
	Feats []int32 // sorted, each once
	X     float64 // each feature's value
	Pass  bool
	Flag  bool
}

// ReaderWeights are trained weights by feature id, toward pass (0) and
// should flag (1), with the intercepts.
type ReaderWeights struct {
	W         [2][]float64
	Intercept [2]float64
}

// Probs scores an example's features (ids outside the weights count as 0).
func (w *ReaderWeights) Probs(feats []int32, x float64) (pass, flag float64) {
	var z [2]float64
	for o := range 2 {
		z[o] = w.Intercept[o]
		for _, f := range feats {
			if int(f) < len(w.W[o]) {
				z[o] += w.W[o][f] * x
			}
		}
	}
	return sigmoid(z[0]), sigmoid(z[1])
}

// TrainReader fits two logistic regressions (pass, should flag) by
// stochastic gradient descent with L2 decay on the weights (not the
// intercepts), visiting the examples in an order fixed by o.Seed, so the
// same examples always give the same weights.
// sgdStep is one step of the trainers' stochastic gradient descent on
// one example (features feats of value x, label y, gradient scaled by
// weight): v are the weights, kept with the L2 decay of every weight as
// one scale factor; t counts the steps, which set the learning rate.
func sgdStep(v []float64, bias, scale, t *float64, feats []int32, x, y, weight float64, o ReaderOpts) {
	eta := o.Eta0 / (1 + o.Lambda*o.Eta0**t)
	*t++
	z := *bias
	for _, f := range feats {
		z += *scale * v[f] * x
	}
	g := (sigmoid(z) - y) * weight
	*scale *= 1 - eta*o.Lambda
	if *scale < 1e-6 {
		for j := range v {
			v[j] *= *scale
		}
		*scale = 1
	}
	for _, f := range feats {
		v[f] -= eta * g * x / *scale
	}
	*bias -= 0.1 * eta * g
}

func TrainReader(ex []ReaderExample, dim int, o ReaderOpts) *ReaderWeights {
	out := &ReaderWeights{}
	for k := range 2 {
		out.W[k], out.Intercept[k] = fitLogistic(len(ex), dim, o, func(i int) ([]int32, float64, float64, float64) {
			e := &ex[i]
			y := 0.0
			if k == 0 && e.Pass || k == 1 && e.Flag {
				y = 1
			}
			return e.Feats, e.X, y, 1
		})
	}
	return out
}

// fitLogistic fits one logistic regression by sgdStep over n examples,
// visited in the same shuffled order each model is trained in (o.Seed);
// example gives each one's features, their value, its label and its
// weight. It returns the weights and the intercept.
func fitLogistic(n, dim int, o ReaderOpts, example func(i int) (feats []int32, x, y, weight float64)) ([]float64, float64) {
	v := make([]float64, dim)
	scale, bias, t := 1.0, 0.0, 0.0
	rng := rand.New(rand.NewSource(o.Seed))
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for range o.Epochs {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			feats, x, y, w := example(i)
			sgdStep(v, &bias, &scale, &t, feats, x, y, w, o)
		}
	}
	for j := range v {
		v[j] *= scale
	}
	return v, bias
}

// ReaderVocab numbers feature strings.
type ReaderVocab struct {
	ids   map[string]int32
	names []string
}

// NewReaderVocab returns an empty vocabulary.
func NewReaderVocab() *ReaderVocab { return &ReaderVocab{ids: map[string]int32{}} }

// Encode returns the ids of fs, sorted; with grow false, a feature not
// seen yet is left out.
func (v *ReaderVocab) Encode(fs []string, grow bool) []int32 {
	var out []int32
	for _, f := range fs {
		id, ok := v.ids[f]
		if !ok {
			if !grow {
				continue
			}
			id = int32(len(v.names))
			v.ids[f] = id
			v.names = append(v.names, f)
		}
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// Len is the number of features numbered.
func (v *ReaderVocab) Len() int { return len(v.names) }

// ReaderFileText is the model file's text (before gzip) for weights w
// over vocabulary v: one line per feature whose weight toward either output
// is at least prune in magnitude, in feature order, weights to four
// significant digits.
func ReaderFileText(v *ReaderVocab, w *ReaderWeights, prune float64) []byte {
	type line struct{ q, f, text string }
	var lines []line
	num := func(x float64) string { return strconv.FormatFloat(x, 'g', 4, 32) }
	for id, name := range v.names {
		a, b := w.W[0][id], w.W[1][id]
		if math.Abs(a) < prune && math.Abs(b) < prune {
			continue
		}
		q, f := readerSharedQ, name
		if i := bytes.IndexByte([]byte(name), '\t'); i >= 0 {
			q, f = name[:i], name[i+1:]
		}
		lines = append(lines, line{q, f, num(a) + "\t" + num(b)})
	}
	sort.Slice(lines, func(i, j int) bool {
		if lines[i].q != lines[j].q {
			return lines[i].q < lines[j].q
		}
		return lines[i].f < lines[j].f
	})
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%s\t#intercept\t%s\t%s\n", readerSharedQ, num(w.Intercept[0]), num(w.Intercept[1]))
	for _, l := range lines {
		fmt.Fprintf(&buf, "%s\t%s\t%s\n", l.q, l.f, l.text)
	}
	return buf.Bytes()
}

// GzipReader compresses a model file's text.
func GzipReader(text []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(text)
	zw.Close()
	return buf.Bytes()
}

// EmbeddedReaderText is the embedded model file's text.
func EmbeddedReaderText() ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(readerModelFile))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// ReaderProbs is the embedded model's reading of text answered to qid: the
// probabilities the grader compares with its thresholds.
func ReaderProbs(text, qid string) (pass, flag float64, ok bool) {
	m := embeddedReader()
	if m == nil {
		return 0, 0, false
	}
	r, ok := m.read(analyse(text), qid)
	return r.pass, r.flag, ok
}

// WithReaderRule returns the bank with the second reader raising its flag
// at probability raise (see readerRule).
func (b *Bank) WithReaderRule(raise float64) *Bank {
	c := *b
	c.reader = &secondReader{model: embeddedReader, rule: readerRule{raise: raise}}
	return &c
}

// WithReaderVeto returns the bank with the shipped reader's flag and the
// veto of pattern flags set to clean, lean and minWords (see readerVeto);
// clean 0 vetoes nothing.
func (b *Bank) WithReaderVeto(clean, lean float64, minWords int) *Bank {
	c := *b
	c.reader = &secondReader{model: embeddedReader, rule: readerRule{raise: readerRaise, raiseShort: readerRaiseShort, veto: readerVeto{clean: clean, lean: lean, minWords: minWords}}}
	return &c
}

// WithReaderVetoNext is WithReaderVeto with readerVeto.next set to next
// (the next sentence read with the matched one where it leans away).
func (b *Bank) WithReaderVetoNext(clean, lean float64, minWords int, next bool) *Bank {
	c := *b
	c.reader = &secondReader{model: embeddedReader, rule: readerRule{raise: readerRaise, raiseShort: readerRaiseShort, veto: readerVeto{clean: clean, lean: lean, minWords: minWords, next: next}}}
	return &c
}

// FlagReading is what the second reader makes of one pattern flag.
type FlagReading struct {
	ID    string
	Clean float64 // the answer's reading on the losing-claim scale
	Lean  float64 // the flagged sentence's lean
	Words int
	Sent  int // the flagged sentence's words
	// NextLean is the lean of the sentence after the flagged one (0 at
	// the end of the answer).
	NextLean float64
}

// PatternFlagReadings grades text without the veto and returns the
// reader's reading of each pattern flag raised.
func (b *Bank) PatternFlagReadings(q *Question, text string) []FlagReading {
	r := b.WithReaderVeto(0, 0, 0).Grade(q, Answer{Text: text})
	m := embeddedReader()
	d := analyse(text)
	rd, _ := m.read(d, q.ID)
	lean := m.sentenceLean(d, q.ID)
	var out []FlagReading
	for _, f := range r.Flags {
		if f.ID == ReaderFlagID {
			continue
		}
		si, l := spanLean(d, f.Span, lean)
		n := 0
		if si >= 0 {
			n = d.sents[si].to - d.sents[si].from
		}
		next := 0.0
		if si >= 0 && si+1 < len(lean) {
			next = lean[si+1]
		}
		out = append(out, FlagReading{ID: f.ID, Clean: rd.flag, Lean: l, NextLean: next, Words: answerWords(d), Sent: n})
	}
	return out
}

// PatternsOnly returns the bank without its second reader.
func (b *Bank) PatternsOnly() *Bank {
	c := *b
	c.reader = nil
	return &c
}

// BenchmarkReaderDecode is what the first free-text grade after a start
// pays once to decode the second reader's embedded model.
func BenchmarkReaderDecode(b *testing.B) {
	for b.Loop() {
		if _, err := decodeReader(readerModelFile); err != nil {
			b.Fatal(err)
		}
	}
}

// WithoutWideVeto returns the bank with the shipped second reader but
// g43's wide veto (readerWideVeto) off: the rule as g42 shipped it.
func (b *Bank) WithoutWideVeto() *Bank {
	c := *b
	r := shippedReader.rule
	r.veto.wide = readerWideVeto{}
	c.reader = &secondReader{model: embeddedReader, rule: r}
	return &c
}

// WithWideLastAround returns the bank with the shipped second reader but
// the wide veto's lastAround set to n (0: the wide veto as g43 shipped it,
// never on the answer's last sentence).
func (b *Bank) WithWideLastAround(n int) *Bank {
	c := *b
	r := shippedReader.rule
	r.veto.wide.lastAround = n
	c.reader = &secondReader{model: embeddedReader, rule: r}
	return &c
}

// ShippedVetoSetsAside reports whether the shipped second reader's veto
// would set aside a pattern's match at span of text answered to q (as
// some grader raised it, whatever today's patterns match).
func (b *Bank) ShippedVetoSetsAside(q *Question, text string, span Span) bool {
	d := analyse(text)
	v := readVeto(shippedReader, q, d)
	if v == nil {
		return false
	}
	_, _, ok := v.setsAside(d, span)
	return ok
}
