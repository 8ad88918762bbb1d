package quiz

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Bank is a validated, compiled set of questions with the shared red flags.
// It is read-only after NewBank and safe for concurrent use.
type Bank struct {
	questions []*Question
	byID      map[string]*Question
	flags     []*RedFlag
	flagByID  map[string]*RedFlag
	words     *wordCache    // stems and lemmas of the words answers use
	lex       *lexicon      // the word sets of all its patterns
	version   string        // see Version
	docs      *sync.Pool    // analysed answers' buffers, reused
	reader    *secondReader // the second reader, or nil for none
	flagLists *sync.Map     // *Question → *flagList, see flagsOf (shared by a copy of the bank)
}

// NewBank validates and compiles the questions against the red flags and
// synonyms. Question ids must be unique. Errors name the question and the
// field, for example `question "fencing-token": points[2].match[0]:
// unknown synonym "@storge"`; a *FieldError carries the parts.
func NewBank(questions []*Question, flags []RedFlag, syn Synonyms) (*Bank, error) {
	return newBank(&patternCache{}, questions, flags, syn)
}

// newBank is NewBank compiling with cache.
func newBank(cache *patternCache, questions []*Question, flags []RedFlag, syn Synonyms) (*Bank, error) {
	b := &Bank{byID: map[string]*Question{}, flagByID: map[string]*RedFlag{}, words: &wordCache{},
		docs: &sync.Pool{New: func() any { return &doc{} }}, reader: shippedReader, flagLists: &sync.Map{}}
	// Red flags and questions compile independently (a question checks
	// only that the flags it names exist; each writes only its own
	// matchers), and compiling is most of a server's start: spread all of
	// it over the processors, then take the results in order, so the
	// error is the first flag's or question's as before.
	compiled := make([]*RedFlag, len(flags))
	for i := range flags {
		f := flags[i]
		compiled[i] = &f
		if _, dup := b.flagByID[f.ID]; !dup {
			b.flagByID[f.ID] = &f
		}
	}
	flagErrs := make([]error, len(flags))
	errs := make([]error, len(questions))
	var next atomic.Int64
	workers := min(runtime.GOMAXPROCS(0), len(flags)+len(questions), 8)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				switch {
				case i < len(flags):
					flagErrs[i] = compileFlag(compiled[i], syn, cache)
					if flagErrs[i] == nil {
						flagErrs[i] = compileCounter(compiled[i], syn, cache)
					}
				case i < len(flags)+len(questions):
					if q := questions[i-len(flags)]; q != nil {
						errs[i-len(flags)] = compileQuestion(q, syn, b.flagByID, cache)
					}
				default:
					return
				}
			}
		})
	}
	wg.Wait()
	shareFencedCounter(compiled)
	seen := map[string]bool{}
	for i, f := range compiled {
		if err := flagErrs[i]; err != nil {
			fe := &FieldError{Flag: f.ID, Field: fmt.Sprintf("flags[%d]", i), Err: err}
			var inner *FieldError
			if errors.As(err, &inner) {
				fe.Field += "." + inner.Field
				fe.Err = inner.Err
			}
			return nil, fe
		}
		if seen[f.ID] {
			return nil, &FieldError{Flag: f.ID, Field: fmt.Sprintf("flags[%d].id", i), Err: fmt.Errorf("duplicate red flag %q", f.ID)}
		}
		seen[f.ID] = true
		b.flags = append(b.flags, f)
	}
	for i, q := range questions {
		if q == nil {
			continue
		}
		if err := errs[i]; err != nil {
			return nil, &FieldError{Question: q.ID, Err: err}
		}
		if _, dup := b.byID[q.ID]; dup {
			return nil, &FieldError{Question: q.ID, Field: "id", Err: fmt.Errorf("duplicate question id")}
		}
		b.questions = append(b.questions, q)
		b.byID[q.ID] = q
	}
	sharePatterns(b.questions)
	// The version hashes the sources only: it is worked out while the
	// lexicon is built.
	version := make(chan string, 1)
	go func() { version <- bankVersion(b, syn) }()
	n := 0
	for _, f := range b.flags {
		n += len(f.match) + len(f.unless) + len(f.counter)
	}
	for _, q := range b.questions {
		for _, pt := range q.Points {
			n += len(pt.match) + len(pt.requires) + len(pt.partial)
		}
	}
	b.lex = newLexiconFor(n)
	b.words.lex = b.lex
	var numbered []*Pattern
	for _, f := range b.flags {
		for _, p := range append(append(append([]*Pattern(nil), f.match...), f.unless...), f.counter...) {
			if b.lex.number(p) {
				numbered = append(numbered, p)
			}
		}
	}
	for _, q := range b.questions {
		for _, pt := range q.Points {
			for _, p := range append(append(append([]*Pattern(nil), pt.match...), pt.requires...), pt.partial...) {
				if b.lex.number(p) {
					numbered = append(numbered, p)
				}
			}
		}
	}
	// Numbering is sequential; each pattern's tables then depend on its
	// own word sets only, and are compiled side by side.
	next.Store(0)
	for range min(runtime.GOMAXPROCS(0), 8) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(numbered) {
					return
				}
				numbered[i].tabulate()
			}
		})
	}
	wg.Wait()
	packMasks(numbered)
	b.version = <-version
	order := map[string]int{}
	for i, t := range Topics() {
		order[t.ID] = i
	}
	sort.SliceStable(b.questions, func(i, j int) bool {
		a, c := b.questions[i], b.questions[j]
		if order[a.Topic] != order[c.Topic] {
			return order[a.Topic] < order[c.Topic]
		}
		if (a.Kind == KindFreeText) != (c.Kind == KindFreeText) {
			return a.Kind == KindFreeText
		}
		return a.ID < c.ID
	})
	return b, nil
}

// FieldError is a validation error that names where the problem is.
type FieldError struct {
	// Question is the id of the question at fault, if any.
	Question string
	// Flag is the id of the red flag at fault, if any.
	Flag string
	// Field is the path of the field, such as "points[2].match[0]".
	Field string
	// Err is the problem.
	Err error
}

func (e *FieldError) Error() string {
	var b strings.Builder
	switch {
	case e.Question != "":
		fmt.Fprintf(&b, "question %q: ", e.Question)
	case e.Flag != "":
		fmt.Fprintf(&b, "red flag %q: ", e.Flag)
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *FieldError) Unwrap() error { return e.Err }

// ByID returns the question with the given id.
func (b *Bank) ByID(id string) (*Question, bool) {
	q, ok := b.byID[id]
	return q, ok
}

// All returns every question, grouped by topic in Topics order, free-text
// questions first within a topic, then by id.
func (b *Bank) All() []*Question { return append([]*Question(nil), b.questions...) }

// IDs returns every question id in All order.
func (b *Bank) IDs() []string {
	out := make([]string, len(b.questions))
	for i, q := range b.questions {
		out[i] = q.ID
	}
	return out
}

// ByTopic returns the questions of one topic in All order.
func (b *Bank) ByTopic(topic string) []*Question {
	var out []*Question
	for _, q := range b.questions {
		if q.Topic == topic {
			out = append(out, q)
		}
	}
	return out
}

// ByKind returns the questions of one kind in All order.
func (b *Bank) ByKind(k Kind) []*Question {
	var out []*Question
	for _, q := range b.questions {
		if q.Kind == k {
			out = append(out, q)
		}
	}
	return out
}

// Topics returns the agreed topics that have at least one question, in
// display order.
func (b *Bank) Topics() []Topic {
	var out []Topic
	for _, t := range Topics() {
		if len(b.ByTopic(t.ID)) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// Flags returns the shared red flags in file order.
func (b *Bank) Flags() []*RedFlag { return append([]*RedFlag(nil), b.flags...) }

// Flag returns the red flag with the given id.
func (b *Bank) Flag(id string) (*RedFlag, bool) {
	f, ok := b.flagByID[id]
	return f, ok
}

// FlagWhyHTML returns the catalog's HTML explaining the red flag id, or ""
// for an unknown id. Pages showing a stored result look its HTML up here
// rather than trusting HTML read back from storage.
func (b *Bank) FlagWhyHTML(id string) string {
	if f, ok := b.flagByID[id]; ok {
		return f.WhyHTML
	}
	if id == ReaderFlagID {
		return readerFlagWhyHTML
	}
	return ""
}

// option returns option optID of question qid.
func (b *Bank) option(qid, optID string) (Option, bool) {
	if q, ok := b.byID[qid]; ok {
		for _, o := range q.Options {
			if o.ID == optID {
				return o, true
			}
		}
	}
	return Option{}, false
}

// OptionTextHTML returns the catalog's HTML of option optID of question
// qid, or "" when either is unknown.
func (b *Bank) OptionTextHTML(qid, optID string) string {
	o, _ := b.option(qid, optID)
	return o.TextHTML
}

// OptionWhyHTML returns the catalog's HTML explaining option optID of
// question qid, or "" when either is unknown.
func (b *Bank) OptionWhyHTML(qid, optID string) string {
	o, _ := b.option(qid, optID)
	return o.WhyHTML
}

// StepTextHTML returns the catalog's HTML of step stepID of ordering
// question qid, or "" when either is unknown.
func (b *Bank) StepTextHTML(qid, stepID string) string {
	if q, ok := b.byID[qid]; ok {
		for _, st := range q.Steps {
			if st.ID == stepID {
				return st.TextHTML
			}
		}
	}
	return ""
}

// FlagsFor returns the red flags checked for q: those q.Flags names, or
// all of them when it names none. Objective questions have none.
func (b *Bank) FlagsFor(q *Question) []*RedFlag {
	if q.Kind != KindFreeText {
		return nil
	}
	if q.Flags == nil {
		return b.Flags()
	}
	var out []*RedFlag
	for _, id := range q.Flags {
		if f, ok := b.flagByID[id]; ok {
			out = append(out, f)
		}
	}
	return out
}

// Grade grades a against q with the red flags that apply to q. It is
// Grade with b.FlagsFor(q).
func (b *Bank) Grade(q *Question, a Answer) Result {
	return grade(q, a, b.flagsOf(q), b.words, b.lex, b.docs, b.reader)
}

// flagsOf is FlagsFor(q) for grading, which only reads it: worked out
// once per question and kept while q.Flags is the same list, so that a
// grading neither looks each flag up nor builds the slice again.
func (b *Bank) flagsOf(q *Question) []*RedFlag {
	if b.flagLists == nil {
		return b.FlagsFor(q)
	}
	if v, ok := b.flagLists.Load(q); ok {
		if l := v.(*flagList); l.kind == q.Kind && slices.Equal(l.ids, q.Flags) && (l.ids == nil) == (q.Flags == nil) {
			return l.flags
		}
	}
	l := &flagList{kind: q.Kind, ids: slices.Clone(q.Flags), flags: b.FlagsFor(q)}
	b.flagLists.Store(q, l)
	return l.flags
}

// flagList is a question's flags (FlagsFor) as flagsOf keeps them, with
// the ids they were looked up by.
type flagList struct {
	kind  Kind
	ids   []string
	flags []*RedFlag
}

// sharePatterns makes the points of each topic share one compiled Pattern
// per source text, and drops a pattern a point lists twice. Concepts
// (ConceptSynonyms) put the same patterns into many points; shared, they
// are numbered once in the lexicon and evaluated once per answer.
func sharePatterns(questions []*Question) {
	canon := map[string]*Pattern{}
	share := func(topic string, ps []*Pattern) []*Pattern {
		out := ps[:0]
		seen := map[*Pattern]bool{}
		for _, p := range ps {
			key := topic + "\x00" + p.src
			if c, ok := canon[key]; ok {
				p = c
			} else {
				canon[key] = p
			}
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
		return out
	}
	for _, q := range questions {
		for i := range q.Points {
			pt := &q.Points[i]
			pt.match = share(q.Topic, pt.match)
			pt.requires = share(q.Topic, pt.requires)
			pt.partial = share(q.Topic, pt.partial)
		}
	}
}
