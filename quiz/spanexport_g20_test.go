package quiz

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// This file lets span_g20_test.go read a pattern's match by where its
// words sit: the features of a span reader (SpanFeaturesG20) and a
// logistic model over them (SpanModelG20), trained with the second
// reader's fitLogistic.

// SpanFeaturesG20 returns the features of the match at span of text
// raising flag id, each once: the words of the matched sentence in
// separate namespaces by where they sit (before the match, the two words
// right before it, inside it, after it in its clause, the first word after
// it, the rest of the sentence, the previous and the next sentence), each
// word in the second reader's form (the stem of its lemma, prefixed by its
// scope: negated, hypothetical, quoted); and markers of the setting: a
// reporting verb or a quote mark before the match, a negator, a
// conditional or a probe scoping over its words, a question, a list item,
// a heading or a lead-in ending in a colon, a contrastive connective after
// it. It reports false where span lies in no sentence.
//
// set chooses the features: "all"; "sentence" leaves out the sentences
// around and the sentence's place in the answer; "markers" keeps only the
// markers, the flag id, the words inside the match and the words right
// before and after it.
//
// pf, where not negative, is the second reader's reading of the whole
// answer on its losing-claim scale, added as the buckets it falls below.
func SpanFeaturesG20(text, id string, span Span, set string, pf float64) ([]string, bool) {
	d := analyse(text)
	si := -1
	for j, s := range d.sents {
		if s.to > s.from && d.toks[s.from].start < span.End && d.toks[s.to-1].end > span.Start {
			si = j
			break
		}
	}
	if si < 0 {
		return nil, false
	}
	s := d.sents[si]
	first, last := -1, -1
	for k := s.from; k < s.to; k++ {
		if d.toks[k].start < span.End && d.toks[k].end > span.Start {
			if first < 0 {
				first = k
			}
			last = k
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(f string) {
		ns, _, _ := strings.Cut(f, ":")
		switch {
		case set == "sentence" && (ns == "p" || ns == "n" || ns == "n1" || f == "#first" || f == "#last" || f == "#after-colon"):
			return
		case set == "markers" && (ns == "p" || ns == "n" || ns == "n1" || ns == "b" || ns == "a" || ns == "r" || f == "#first" || f == "#last"):
			return
		}
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	word := func(k int) string {
		t := &d.toks[k]
		return readerScope(t) + readerKey(t)
	}
	add("#bias")
	add("f:" + id)
	if pf >= 0 {
		for _, c := range []string{"0.02", "0.05", "0.10", "0.20", "0.40", "0.60"} {
			if v, _ := strconv.ParseFloat(c, 64); pf < v {
				add("#pf<" + c)
			}
		}
	}
	// the clause the match ends in runs to the next clause start
	clauseEnd := s.to
	for k := last + 1; k < s.to; k++ {
		if d.toks[k].clause {
			clauseEnd = k
			break
		}
	}
	report, contrast := false, false
	for k := s.from; k < first; k++ {
		w := word(k)
		add("b:" + w)
		if spanReportWords[d.toks[k].raw] {
			report = true
		}
	}
	if first-1 >= s.from {
		add("b1:" + word(first-1))
		if first-2 >= s.from {
			add("b2:" + word(first-2) + " " + word(first-1))
		}
	} else {
		add("b1:<s>")
	}
	var scope [4]int
	for k := first; k <= last; k++ {
		add("i:" + word(k))
		scope[readerScopeOf(&d.toks[k])]++
		if d.toks[k].code {
			add("#in-code")
		}
	}
	n := last - first + 1
	for sc, c := range scope {
		if sc > 0 && c > 0 {
			add("#in" + readerScopes[sc])
			if 2*c > n {
				add("#mostly" + readerScopes[sc])
			}
		}
	}
	for k := last + 1; k < clauseEnd; k++ {
		add("a:" + word(k))
		if spanContrastWords[d.toks[k].raw] {
			contrast = true
		}
	}
	if last+1 < s.to {
		add("a1:" + word(last+1))
	} else {
		add("a1:</s>")
	}
	for k := clauseEnd; k < s.to; k++ {
		add("r:" + word(k))
		if spanContrastWords[d.toks[k].raw] {
			contrast = true
		}
	}
	if report {
		add("#report")
	}
	if contrast {
		add("#contrast-after")
	}
	if strings.ContainsAny(d.text[d.toks[s.from].start:d.toks[first].start], "\"“”") {
		add("#quote-before")
	}
	if s.question {
		add("#question")
	}
	if !s.readerProse {
		add("#fragment")
	}
	// the line the sentence starts on: a list item or a heading
	lineStart := strings.LastIndexByte(d.text[:d.toks[s.from].start], '\n') + 1
	lead := strings.TrimSpace(d.text[lineStart:d.toks[s.from].start])
	switch {
	case lead == "":
	case strings.HasPrefix(lead, "#"):
		add("#heading")
	case strings.ContainsAny(lead[:1], "-*•") || lead[0] >= '0' && lead[0] <= '9':
		add("#item")
	}
	if e := d.toks[s.to-1].end; e < len(d.text) && d.text[e] == ':' {
		add("#colon")
	}
	if si > 0 {
		p := d.sents[si-1]
		for k := p.from; k < p.to; k++ {
			add("p:" + word(k))
		}
		if e := d.toks[p.to-1].end; e < len(d.text) && d.text[e] == ':' {
			add("#after-colon")
		}
	} else {
		add("#first")
	}
	if si+1 < len(d.sents) {
		nx := d.sents[si+1]
		for k := nx.from; k < nx.to; k++ {
			add("n:" + word(k))
		}
		add("n1:" + word(nx.from))
	} else {
		add("#last")
	}
	return out, true
}

// spanReportWords are words that report or attribute a claim ("X said",
// "someone told me", "the PR argues").
var spanReportWords = map[string]bool{
	"said": true, "says": true, "say": true, "told": true, "tells": true, "claim": true, "claims": true, "claimed": true,
	"argue": true, "argues": true, "argued": true, "think": true, "thinks": true, "thought": true, "believe": true, "believes": true,
	"suggest": true, "suggests": true, "suggested": true, "proposes": true, "proposed": true, "assume": true, "assumes": true, "assumed": true,
	"wrote": true, "writes": true, "according": true, "insists": true, "insisted": true, "replied": true, "myth": true,
}

// spanContrastWords are connectives and verdicts that, after a match, turn
// it over ("but", "that's wrong", "which means").
var spanContrastWords = map[string]bool{
	"but": true, "however": true, "yet": true, "wrong": true, "false": true, "unsafe": true, "broken": true,
	"means": true, "instead": true, "although": true, "though": true, "except": true, "fails": true, "breaks": true,
}

// SpanExampleG20 is one pattern flag: its features and whether it marks
// a losing claim the answer makes (true) or a misfire on an answer that
// makes none (false).
type SpanExampleG20 struct {
	Feats []string
	Claim bool
}

// SpanModelG20 is a logistic model of "this match is a claim" over span
// features.
type SpanModelG20 struct {
	v *ReaderVocab
	w []float64
	b float64
}

// TrainSpanG20 fits a span model on ex, misfires weighted by negWeight
// (they are few), with the second reader's settings o.
func TrainSpanG20(ex []SpanExampleG20, o ReaderOpts, negWeight float64) *SpanModelG20 {
	v := NewReaderVocab()
	enc := make([][]int32, len(ex))
	for i, e := range ex {
		enc[i] = slices.Compact(v.Encode(e.Feats, true))
	}
	w, b := fitLogistic(len(ex), v.Len(), o, func(i int) ([]int32, float64, float64, float64) {
		y, wt := 0.0, negWeight
		if ex[i].Claim {
			y, wt = 1, 1
		}
		return enc[i], 1 / math.Sqrt(float64(len(enc[i]))), y, wt
	})
	return &SpanModelG20{v: v, w: w, b: b}
}

// Claim is the model's probability that a match with features fs is a
// losing claim.
func (m *SpanModelG20) Claim(fs []string) float64 {
	ids := m.v.Encode(fs, false)
	z := m.b
	x := 1 / math.Sqrt(float64(len(fs)))
	for _, id := range slices.Compact(ids) {
		z += m.w[id] * x
	}
	return sigmoid(z)
}

// Top returns the n features of largest weight toward a misfire (n < 0)
// or a claim (n > 0), for the experiment's log.
func (m *SpanModelG20) Top(n int) []string {
	idx := make([]int, len(m.w))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if n < 0 {
			a, b = b, a
		}
		switch {
		case m.w[a] > m.w[b]:
			return -1
		case m.w[a] < m.w[b]:
			return 1
		}
		return 0
	})
	if n < 0 {
		n = -n
	}
	var out []string
	for _, i := range idx[:min(n, len(idx))] {
		out = append(out, fmt.Sprintf("%s %+.2f", m.v.names[i], m.w[i]))
	}
	return out
}

// AnswerFlagG20 is reader fr's (nil: the embedded one) reading of text
// answered to qid on its losing-claim scale, or -1 for a question it was
// not trained on.
func AnswerFlagG20(fr *RaiseReaderG18, qid, text string) float64 {
	rd, ok := fr.model().read(analyse(text), qid)
	if !ok {
		return -1
	}
	return rd.flag
}
