package quiz

import "math"

// This file lets veto_g18_test.go grade with the second reader's veto
// set to any rule, with the shipped reader or one trained on some tuning
// writers only (RaiseReaderG18), and see what the reader makes of each
// pattern flag.

// VetoRuleG18 is a readerVeto for the g18 experiment.
type VetoRuleG18 struct {
	Clean, Lean float64
	MinWords    int
	Next        bool
	// the long answers' veto (readerLongVeto)
	LongClean  float64
	LongWords  int
	LongLean   float64
	LongAround int
	LongFollow bool
	// Own reads sentence leans from each sentence's own words
	Own bool
}

// WithVetoG18 returns the bank with reader fr (a reader trained on some
// tuning writers, see RaiseReaderG18; nil: the embedded one),
// raising its flag at the shipped threshold and vetoing by r.
func (b *Bank) WithVetoG18(fr *RaiseReaderG18, r VetoRuleG18) *Bank {
	c := *b
	m := fr.model()
	c.reader = &secondReader{model: func() *readerModel { return m }, rule: readerRule{raise: readerRaise, raiseShort: readerRaiseShort,
		veto: readerVeto{clean: r.Clean, lean: r.Lean, minWords: r.MinWords, next: r.Next,
			long: readerLongVeto{clean: r.LongClean, minWords: r.LongWords, lean: r.LongLean, around: r.LongAround, followed: r.LongFollow}, own: r.Own}}}
	return &c
}

// FlagReadingG18 is what reader fr makes of one pattern flag.
type FlagReadingG18 struct {
	ID        string
	Clean     float64 // the answer's losing-claim reading
	Words     int
	Lean      float64 // the matched sentence's lean (sentenceLean)
	Next      float64 // the next sentence's lean where it leans away, else 0
	OwnLean   float64 // Lean, read from the sentence's own words (sentenceOwnLean)
	OwnNext   float64 // Next, likewise
	Frame     float64 // frameLean of the matched sentence and span
	Alone     float64 // the matched sentence read alone as an answer
	Rank      int     // 1: the answer's sentence that leans most
	Sents     int
	SpanWords int // words inside the match
	SentWords int
	Sentence  string
}

// FlagReadingsG18 grades text with no veto and returns fr's reading of
// each pattern flag raised (the first sentence each matches).
func (b *Bank) FlagReadingsG18(fr *RaiseReaderG18, q *Question, text string) []FlagReadingG18 {
	r := b.WithVetoG18(fr, VetoRuleG18{}).Grade(q, Answer{Text: text})
	var out []FlagReadingG18
	for _, f := range r.Flags {
		if f.ID == ReaderFlagID {
			continue
		}
		if fl, ok := SpanReadingG18(fr, q.ID, text, f.Span); ok {
			fl.ID = f.ID
			out = append(out, fl)
		}
	}
	return out
}

// SpanReadingG18 is fr's reading of a match at span of text answered to
// qid (a flag as some grader raised it), or false where span is in no
// sentence.
func SpanReadingG18(fr *RaiseReaderG18, qid, text string, span Span) (FlagReadingG18, bool) {
	m := fr.model()
	d := analyse(text)
	rd, ok := m.read(d, qid)
	if !ok {
		return FlagReadingG18{}, false
	}
	lean := m.sentenceLean(d, qid)
	si, l := spanLean(d, span, lean)
	if si < 0 {
		return FlagReadingG18{}, false
	}
	s := d.sents[si]
	fl := FlagReadingG18{Clean: rd.flag, Words: answerWords(d), Lean: l, Sents: len(d.sents), SentWords: s.to - s.from, Rank: 1}
	if si+1 < len(lean) {
		fl.Next = min(0, lean[si+1])
	}
	own := m.sentenceOwnLean(d, qid)
	fl.OwnLean = own[si]
	if si+1 < len(own) {
		fl.OwnNext = min(0, own[si+1])
	}
	fl.Frame = m.frameLean(d, qid, si, span)
	for sj := range lean {
		if lean[sj] > l {
			fl.Rank++
		}
	}
	for k := s.from; k < s.to; k++ {
		if d.toks[k].start < span.End && d.toks[k].end > span.Start {
			fl.SpanWords++
		}
	}
	fl.Sentence = d.text[d.toks[s.from].start:d.toks[s.to-1].end]
	if ra, ok := m.read(analyse(fl.Sentence), qid); ok {
		fl.Alone = ra.flag
	} else {
		fl.Alone = math.NaN()
	}
	return fl, true
}

// frameLean returns the lean of sentence si of d (as sentenceLean reads
// it, but counting each feature once within the sentence rather than
// once in the answer) without the features any of whose words lie
// inside span: the lean of the words around a pattern's match.
func (m *readerModel) frameLean(d *doc, qid string, si int, span Span) float64 {
	pq := m.perQ[qid]
	seen := m.seen.Get().(*readerSeen)
	defer m.seen.Put(seen)
	seen.next()
	in := func(k int) bool { return d.toks[k].start < span.End && d.toks[k].end > span.Start }
	lean := 0.0
	add := func(id int32) {
		if seen.add(id) {
			lean += float64(m.shared[id][1] + pq[id][1])
		}
	}
	s := d.sents[si]
	prev := m.start
	for k := s.from; k < s.to; k++ {
		u := m.wordUID(&d.toks[k])
		if u >= 0 && !in(k) {
			if id := m.uniFeat[u]; id >= 0 {
				add(id)
			}
			if prev >= 0 && (k == s.from || !in(k-1)) {
				if id, ok := m.bi[uint64(prev)<<32|uint64(u)]; ok {
					add(id)
				}
			}
		}
		prev = u
	}
	return lean
}
