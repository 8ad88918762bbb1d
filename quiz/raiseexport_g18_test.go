package quiz

// This file lets raise_g18_test.go grade with a second reader trained on
// some tuning writers only, and see what the reader's own flag would do.

// RaiseReaderG18 is a second reader trained on some of the tuning writers,
// to read the others as the shipped reader reads a writer it never saw.
// Its zero value (or nil) is the embedded model.
type RaiseReaderG18 struct{ m *readerModel }

// TrainRaiseReaderG18 trains a reader on ex (feature ids of v) as
// TestReaderModel trains the shipped one, pruned alike.
func TrainRaiseReaderG18(ex []ReaderExample, v *ReaderVocab, o ReaderOpts) (*RaiseReaderG18, error) {
	w := TrainReader(ex, v.Len(), o)
	m, err := decodeReader(GzipReader(ReaderFileText(v, w, o.Prune)))
	if err != nil {
		return nil, err
	}
	return &RaiseReaderG18{m}, nil
}

func (rr *RaiseReaderG18) model() *readerModel {
	if rr == nil || rr.m == nil {
		return embeddedReader()
	}
	return rr.m
}

// RaiseReadingG18 is what the reader's own flag sees of one answer.
type RaiseReadingG18 struct {
	Flag      float64 // the answer's reading on the losing-claim scale
	Patterned bool    // a pattern flag fired (after the shipped veto)
	// Pointable: an asserted sentence leans toward a losing claim, so
	// the flag has a sentence to point at; Lean is that sentence's lean.
	Pointable bool
	Lean      float64
	Words     int
	// PassedWithout and PassedWith are the verdicts without the reader's
	// flag and with it (the same when it cannot be raised).
	PassedWithout, PassedWith bool
	// Raised: graded with raise 0, the reader did raise its flag (it
	// must, where no pattern flag fired and a sentence is pointable).
	Raised bool
}

// RaiseReadingG18 grades text with reader rr (nil: the embedded one) and
// the shipped veto, and returns what the reader's own flag would see.
func (b *Bank) RaiseReadingG18(rr *RaiseReaderG18, q *Question, text string) RaiseReadingG18 {
	m := rr.model()
	c := *b
	c.reader = &secondReader{model: func() *readerModel { return m }, rule: readerRule{raise: 2, veto: shippedVeto}}
	r := c.Grade(q, Answer{Text: text})
	out := RaiseReadingG18{Patterned: len(r.Flags) > 0, PassedWithout: r.Passed, PassedWith: r.Passed}
	d := analyse(text)
	rd, _ := m.read(d, q.ID)
	out.Flag, out.Words = rd.flag, answerWords(d)
	lean := m.sentenceLean(d, q.ID)
	for si := range lean {
		if lean[si] > 0 && (!out.Pointable || lean[si] > out.Lean) && asserts(d, si) {
			out.Pointable, out.Lean = true, lean[si]
		}
	}
	if !out.Patterned && out.Pointable {
		c.reader = &secondReader{model: func() *readerModel { return m }, rule: readerRule{raise: 0, veto: shippedVeto}}
		r := c.Grade(q, Answer{Text: text})
		out.PassedWith = r.Passed
		for _, f := range r.Flags {
			out.Raised = out.Raised || f.ID == ReaderFlagID
		}
	}
	return out
}

// WithRaiseG18 returns the bank with the embedded reader raising its flag
// at raise, with the shipped veto.
func (b *Bank) WithRaiseG18(raise float64) *Bank {
	c := *b
	c.reader = &secondReader{model: embeddedReader, rule: readerRule{raise: raise, veto: shippedVeto}}
	return &c
}
