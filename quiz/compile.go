package quiz

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
)

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Compile validates q and compiles its matchers with syn, resolving
// synonym sets in q's topic first and then the shared ones. flags are the
// known red flags by id, against which q.Flags is checked. Errors name the
// field, for example "points[2].match[0]: empty pattern". Compile changes
// only q's compiled matchers; NewBank calls it for every question.
func Compile(q *Question, syn Synonyms, flags map[string]*RedFlag) error {
	return compileQuestion(q, syn, flags, nil)
}

// patternCache holds the patterns compiled while one bank compiles, by
// source (and topic, for a pattern that names a synonym set): concepts and
// shared wordings put the same pattern into many points, and sharePatterns
// keeps one of them anyway, so compiling it once is the same bank for less
// of a cold start. Safe for the compiling
// workers to share; nil compiles every time.
type patternCache struct {
	m    sync.Map
	sets setCache // the synonym sets, parsed once (see setCache)
}

func (c *patternCache) parse(src string, syn Synonyms, topic string) (*Pattern, error) {
	if c == nil {
		return ParsePattern(src, syn, topic)
	}
	// A pattern that names no synonym set parses the same in every
	// topic: concepts put one into the points of many topics.
	key := src
	if strings.Contains(src, "@") || !c.sets.on() {
		key = topic + "\x00" + src
	}
	if p, ok := c.m.Load(key); ok {
		return p.(*Pattern), nil
	}
	p, err := parsePattern(src, syn, topic, &c.sets)
	if err != nil {
		return nil, err
	}
	got, _ := c.m.LoadOrStore(key, p)
	return got.(*Pattern), nil
}

// PatternParser is ParsePattern for many patterns at once, each synonym
// set, part and word parsed once: for checking the patterns of a file.
// Safe for concurrent use; the zero value is ready. A bank compiled by its
// NewBank reuses what it parsed.
type PatternParser struct {
	cache patternCache
	used  atomic.Bool // a bank took the cache (see NewBank)
}

// Parse is ParsePattern(src, syn, topic).
func (pp *PatternParser) Parse(src string, syn Synonyms, topic string) (*Pattern, error) {
	return pp.cache.parse(src, syn, topic)
}

// NewBank is NewBank(questions, flags, syn), compiled with what pp has
// parsed with syn: the concepts a loader checks with pp before the bank
// compiles are not parsed again. A bank's lexicon numbers the word sets
// its patterns hold, so only the first bank pp compiles takes its cache;
// a later one parses afresh.
func (pp *PatternParser) NewBank(questions []*Question, flags []RedFlag, syn Synonyms) (*Bank, error) {
	if pp.used.Swap(true) {
		return NewBank(questions, flags, syn)
	}
	return newBank(&pp.cache, questions, flags, syn)
}

func compileQuestion(q *Question, syn Synonyms, flags map[string]*RedFlag, cache *patternCache) error {
	if !idPattern.MatchString(q.ID) {
		return fieldErr("id", fmt.Errorf("%q is not a lowercase slug", q.ID))
	}
	if !q.Kind.Valid() {
		return fieldErr("kind", fmt.Errorf("unknown kind %q (want one of %v)", q.Kind, Kinds()))
	}
	if !knownTopic(q.Topic) {
		return fieldErr("topic", fmt.Errorf("unknown topic %q", q.Topic))
	}
	if q.Title == "" {
		return fieldErr("title", errEmpty)
	}
	if q.Guide == "" {
		return fieldErr("guide", errEmpty)
	}
	if q.Prompt.Markdown == "" {
		return fieldErr("prompt", errors.New("missing \"## Prompt\" section"))
	}
	if q.Explanation.Markdown == "" {
		return fieldErr("explanation", errors.New("missing \"## Explanation\" section"))
	}
	for i, h := range q.Hints {
		if h == "" {
			return fieldErr(fmt.Sprintf("hints[%d]", i), errEmpty)
		}
	}
	if q.Kind != KindFreeText {
		if len(q.Points) > 0 {
			return fieldErr("points", fmt.Errorf("only free-text questions have key points"))
		}
		if q.Flags != nil {
			return fieldErr("flags", fmt.Errorf("only free-text questions check red flags"))
		}
		if q.MinBreadth != 0 {
			return fieldErr("min_breadth", fmt.Errorf("only free-text questions have key points"))
		}
	}
	if q.Kind != KindSingle && q.Kind != KindMultiple && q.Kind != KindPredict && len(q.Options) > 0 {
		return fieldErr("options", fmt.Errorf("a %s question has no options", q.Kind))
	}
	if q.Kind != KindOrdering && len(q.Steps) > 0 {
		return fieldErr("steps", fmt.Errorf("a %s question has no steps", q.Kind))
	}
	if q.Kind != KindSpotTheBug && q.Code != nil {
		return fieldErr("code", fmt.Errorf("a %s question has no code", q.Kind))
	}
	switch q.Kind {
	case KindFreeText:
		return compileFreeText(q, syn, flags, cache)
	case KindSingle, KindMultiple, KindPredict:
		return checkOptions(q)
	case KindOrdering:
		return checkSteps(q)
	case KindSpotTheBug:
		return checkCode(q)
	}
	return nil
}

var errEmpty = errors.New("empty")

func fieldErr(field string, err error) error { return &FieldError{Field: field, Err: err} }

func knownTopic(id string) bool {
	for _, t := range Topics() {
		if t.ID == id {
			return true
		}
	}
	return false
}

func knownDimension(d string) bool {
	for _, v := range Dimensions() {
		if v == d {
			return true
		}
	}
	return false
}

func compileFreeText(q *Question, syn Synonyms, flags map[string]*RedFlag, cache *patternCache) error {
	if q.ModelAnswer.Markdown == "" {
		return fieldErr("model_answer", errors.New("missing \"## Model answer\" section"))
	}
	if len(q.Points) < 4 || len(q.Points) > 7 {
		return fieldErr("points", fmt.Errorf("%d key points; want 4 to 7", len(q.Points)))
	}
	if len(q.Hints) == 0 {
		return fieldErr("hints", errEmpty)
	}
	seen := map[string]bool{}
	for i := range q.Points {
		p := &q.Points[i]
		at := func(f string) string { return fmt.Sprintf("points[%d].%s", i, f) }
		if !idPattern.MatchString(p.ID) {
			return fieldErr(at("id"), fmt.Errorf("%q is not a lowercase slug", p.ID))
		}
		if seen[p.ID] {
			return fieldErr(at("id"), fmt.Errorf("duplicate point %q", p.ID))
		}
		seen[p.ID] = true
		if _, clash := flags[p.ID]; clash {
			return fieldErr(at("id"), fmt.Errorf("%q is also a red flag id", p.ID))
		}
		if p.Label == "" {
			return fieldErr(at("label"), errEmpty)
		}
		if !knownDimension(p.Dimension) {
			return fieldErr(at("dimension"), fmt.Errorf("unknown dimension %q (want one of %v)", p.Dimension, Dimensions()))
		}
		if p.Weight < 0 {
			return fieldErr(at("weight"), fmt.Errorf("negative"))
		}
		if len(p.Match) == 0 {
			return fieldErr(at("match"), errEmpty)
		}
		var err error
		if p.match, err = cache.compileAll(p.Match, syn, q.Topic, at("match")); err != nil {
			return err
		}
		if p.requires, err = cache.compileAll(p.Requires, syn, q.Topic, at("requires")); err != nil {
			return err
		}
		if (len(p.Partial) == 0) != (p.PartialNote == "") {
			return fieldErr(at("partial_note"), fmt.Errorf("partial and partial_note go together"))
		}
		if p.partial, err = cache.compileAll(p.Partial, syn, q.Topic, at("partial")); err != nil {
			return err
		}
	}
	core := 0
	for _, p := range q.Points {
		if p.Core {
			core++
		}
	}
	if core == 1 || core > 3 {
		return fieldErr("points", fmt.Errorf("%d core points; mark 2 or 3 (core: true), the points an answer must make to pass", core))
	}
	if q.MinBreadth < 0 || q.MinBreadth > 0 && (core == 0 || q.MinBreadth >= len(q.Points)-core) {
		return fieldErr("min_breadth", fmt.Errorf("%d; it needs core points and must be below the %d breadth points", q.MinBreadth, len(q.Points)-core))
	}
	for i, id := range q.Flags {
		if _, ok := flags[id]; !ok {
			return fieldErr(fmt.Sprintf("flags[%d]", i), fmt.Errorf("unknown red flag %q", id))
		}
	}
	return nil
}

func compileAll(srcs []string, syn Synonyms, topic, field string) ([]*Pattern, error) {
	return (*patternCache)(nil).compileAll(srcs, syn, topic, field)
}

func (c *patternCache) compileAll(srcs []string, syn Synonyms, topic, field string) ([]*Pattern, error) {
	var out []*Pattern
	for j, s := range srcs {
		if name, ok := strings.CutPrefix(s, "%"); ok {
			ps, err := c.compileConcept(name, syn, topic)
			if err != nil {
				return nil, fieldErr(fmt.Sprintf("%s[%d]", field, j), err)
			}
			out = append(out, ps...)
			continue
		}
		p, err := c.parse(s, syn, topic)
		if err != nil {
			return nil, fieldErr(fmt.Sprintf("%s[%d]", field, j), err)
		}
		out = append(out, p)
	}
	return out, nil
}

// compileConcept compiles the patterns of concept name (see
// ConceptSynonyms) for topic.
func (c *patternCache) compileConcept(name string, syn Synonyms, topic string) ([]*Pattern, error) {
	srcs, ok := syn[ConceptSynonyms][name]
	if !ok {
		return nil, fmt.Errorf("unknown concept %%%s", name)
	}
	var out []*Pattern
	for i, s := range srcs {
		if strings.HasPrefix(s, "%") {
			return nil, fmt.Errorf("concept %%%s[%d]: a concept cannot cite another (%s)", name, i, s)
		}
		p, err := c.parse(s, syn, topic)
		if err != nil {
			return nil, fmt.Errorf("concept %%%s[%d]: %w", name, i, err)
		}
		out = append(out, p)
	}
	return out, nil
}

func compileFlag(f *RedFlag, syn Synonyms, cache *patternCache) error {
	if !idPattern.MatchString(f.ID) {
		return fieldErr("id", fmt.Errorf("%q is not a lowercase slug", f.ID))
	}
	if f.Label == "" {
		return fieldErr("label", errEmpty)
	}
	if !f.Severity.Valid() {
		return fieldErr("severity", fmt.Errorf("unknown severity %q (want fatal, major or minor)", f.Severity))
	}
	if f.Why == "" {
		return fieldErr("why", errEmpty)
	}
	if len(f.Match) == 0 {
		return fieldErr("match", errEmpty)
	}
	var err error
	if f.match, err = cache.compileAll(flagMatchSources(f.Match), syn, "", "match"); err != nil {
		return err
	}
	explicit, err := cache.compileAll(flagMatchSources(f.Explicit), syn, "", "explicit")
	if err != nil {
		return err
	}
	f.match = append(f.match, explicit...)
	f.nExplicit = len(explicit)
	if f.unless, err = cache.compileAll(f.Unless, syn, "", "unless"); err != nil {
		return err
	}
	return nil
}

func checkOptions(q *Question) error {
	if len(q.Options) < 2 {
		return fieldErr("options", fmt.Errorf("%d options; want at least 2", len(q.Options)))
	}
	if q.Kind == KindPredict && q.Preset == "" {
		return fieldErr("preset", errors.New("a predict question needs the preset it predicts"))
	}
	seen := map[string]bool{}
	correct := 0
	for i, o := range q.Options {
		at := func(f string) string { return fmt.Sprintf("options[%d].%s", i, f) }
		if o.ID == "" {
			return fieldErr(at("id"), errEmpty)
		}
		if seen[o.ID] {
			return fieldErr(at("id"), fmt.Errorf("duplicate option %q", o.ID))
		}
		seen[o.ID] = true
		if o.Text == "" {
			return fieldErr(at("text"), errEmpty)
		}
		if o.Why == "" {
			return fieldErr(at("why"), errEmpty)
		}
		if o.Correct {
			correct++
		}
		if o.Dangerous && o.Correct {
			return fieldErr(at("dangerous"), errors.New("only a wrong option can be dangerous"))
		}
	}
	switch {
	case q.Kind != KindMultiple && correct != 1:
		return fieldErr("options", fmt.Errorf("%d correct options; a %s question has exactly 1", correct, q.Kind))
	case q.Kind == KindMultiple && correct == 0:
		return fieldErr("options", errors.New("no correct option"))
	}
	return nil
}

func checkSteps(q *Question) error {
	if len(q.Steps) < 3 {
		return fieldErr("steps", fmt.Errorf("%d steps; want at least 3", len(q.Steps)))
	}
	seen := map[string]bool{}
	for i, s := range q.Steps {
		if s.ID == "" {
			return fieldErr(fmt.Sprintf("steps[%d].id", i), errEmpty)
		}
		if seen[s.ID] {
			return fieldErr(fmt.Sprintf("steps[%d].id", i), fmt.Errorf("duplicate step %q", s.ID))
		}
		seen[s.ID] = true
		if s.Text == "" {
			return fieldErr(fmt.Sprintf("steps[%d].text", i), errEmpty)
		}
	}
	for i, s := range q.Steps {
		for j, p := range s.MustPrecede {
			at := fmt.Sprintf("steps[%d].must_precede[%d]", i, j)
			if !seen[p.Step] || p.Step == s.ID {
				return fieldErr(at+".step", fmt.Errorf("%q is not another step of this question", p.Step))
			}
			if p.Race == "" {
				return fieldErr(at+".race", errors.New("say what race the broken order creates"))
			}
			if pos(q, p.Step) < i {
				return fieldErr(at+".step", fmt.Errorf("%q comes before %q in the correct order", p.Step, s.ID))
			}
		}
	}
	return nil
}

func pos(q *Question, id string) int {
	for i, s := range q.Steps {
		if s.ID == id {
			return i
		}
	}
	return -1
}

func checkCode(q *Question) error {
	c := q.Code
	if c == nil || len(c.Lines) < 2 {
		return fieldErr("code.lines", errors.New("a spot-the-bug question needs a snippet of at least 2 lines"))
	}
	if c.Bug < 1 || c.Bug > len(c.Lines) {
		return fieldErr("bug", fmt.Errorf("line %d is outside the snippet's %d lines", c.Bug, len(c.Lines)))
	}
	if c.LinesWhy[c.Bug] == "" {
		return fieldErr(fmt.Sprintf("lines_why[%d]", c.Bug), errors.New("the bug line needs an explanation"))
	}
	for n := range c.LinesWhy {
		if n < 1 || n > len(c.Lines) {
			return fieldErr(fmt.Sprintf("lines_why[%d]", n), errors.New("no such line"))
		}
	}
	return nil
}

// flagMatchSources rewrites a red flag's match patterns so that a bare
// negator among an exclusion's alternatives ("-not|never|mistake") rules
// the match out anywhere in its sentence but in a consequence the
// sentence draws after it ("-^", see consequenceAfter), while the
// exclusion's other words still rule out the whole sentence. A negator is
// there to keep out the claim denied ("a fresh key per retry? No, never"),
// and a negated consequence is the benefit the claim sells: in "generate
// a fresh key for every attempt, so keys never collide" the claim stands
// (flagsR11: losing claims followed by "so ... never", "that way ...
// not"). The rewrite is the same for every flag.
func flagMatchSources(srcs []string) []string {
	var out []string
	for i, s := range srcs {
		r := localNegatorExclusions(s)
		if r == s {
			if out != nil {
				out[i] = s
			}
			continue
		}
		if out == nil {
			out = append([]string(nil), srcs...)
		}
		out[i] = r
	}
	if out == nil {
		return srcs
	}
	return out
}

// localNegatorExclusions splits each plain exclusion ("-a|b|c", not "-?"
// nor "-,") of src into its negator alternatives ("-^not|never") and the
// rest, kept as they were. Patterns with no such
// exclusion come back unchanged.
//
// Every red flag's patterns pass through here at each start, some 600 of
// 260 bytes on average: it reads the fields of src in place and writes
// the result once, rather than building each part, alternative and list
// of them as strings and slices (about 5 % of loading's CPU and 8 % of
// its garbage before).
func localNegatorExclusions(src string) string {
	if strings.HasPrefix(src, "%") || !strings.Contains(src, "-") {
		return src
	}
	fields := strings.Fields(src)
	// The parts are the runs of fields between operators.
	var ops []int // index in fields of each operator
	for i, f := range fields {
		if f == "&" || (strings.HasPrefix(f, "~") && len(f) > 1) {
			ops = append(ops, i)
		}
	}
	part := func(k int) []string {
		from, to := 0, len(fields)
		if k > 0 {
			from = ops[k-1] + 1
		}
		if k < len(ops) {
			to = ops[k]
		}
		return fields[from:to]
	}
	changed := false
	for k := range len(ops) + 1 {
		if words := part(k); plainExclusion(words) && eachAlt(words, nil) {
			changed = true
			break
		}
	}
	if !changed {
		return src
	}
	var b strings.Builder
	b.Grow(len(src) + 16)
	prevOp := ""
	first := true
	// sep starts the next part of the result: the operator after the
	// part before it.
	sep := func() {
		if !first {
			b.WriteString(" ")
			b.WriteString(prevOp)
			b.WriteString(" ")
		}
		first = false
	}
	for k := range len(ops) + 1 {
		words := part(k)
		op := ""
		if k < len(ops) {
			op = fields[ops[k]]
		} else if len(ops) > 0 {
			op = fields[ops[len(ops)-1]]
		}
		if !plainExclusion(words) || !eachAlt(words, nil) {
			sep()
			b.WriteString(strings.Join(words, " "))
			prevOp = op
			continue
		}
		var rest, negs []string // alternatives, each its words joined
		eachAlt(words, func(alt []string, neg bool) {
			if neg {
				negs = append(negs, strings.Join(alt, " "))
			} else {
				rest = append(rest, strings.Join(alt, " "))
			}
		})
		if len(rest) > 0 {
			sep()
			b.WriteString("-")
			b.WriteString(strings.Join(rest, "|"))
			prevOp = op
		}
		sep()
		b.WriteString("-^")
		b.WriteString(strings.Join(negs, "|"))
		prevOp = op
	}
	return b.String()
}

// plainExclusion reports whether the part of words is a plain exclusion:
// "-" then not "?", ",", "." or "^".
func plainExclusion(words []string) bool {
	if len(words) == 0 || !strings.HasPrefix(words[0], "-") {
		return false
	}
	if len(words[0]) == 1 {
		return len(words) > 1 // "- a|b": the text after "-" starts with a space
	}
	c := words[0][1]
	return c != '?' && c != ',' && c != '.' && c != '^'
}

// eachAlt reads the alternatives of the plain exclusion words, its words
// split at "|" (within a field or between fields), and reports whether
// one of them is a negator (negatorAlt). With fn it calls fn with each
// alternative's words, in order.
func eachAlt(words []string, fn func(alt []string, neg bool)) bool {
	var alt []string
	found := false
	end := func() {
		neg := negatorWords(alt)
		found = found || neg
		if fn != nil {
			fn(alt, neg)
		}
		alt = alt[:0]
	}
	for i, w := range words {
		if i == 0 {
			w = w[1:]
		}
		for {
			seg, more, bar := w, "", false
			if i := strings.IndexByte(w, '|'); i >= 0 {
				seg, more, bar = w[:i], w[i+1:], true
			}
			if seg != "" {
				alt = append(alt, seg)
			}
			if !bar {
				break
			}
			end()
			w = more
		}
	}
	end()
	return found
}

// negatorWords is negatorAlt of an alternative's words, without
// splitting them again.
func negatorWords(ws []string) bool {
	switch len(ws) {
	case 1:
		return bareNegator(strings.ToLower(ws[0]))
	case 2:
		w1 := strings.ToLower(ws[1])
		return auxiliaries[strings.ToLower(ws[0])] && (w1 == "not" || w1 == "never")
	}
	return false
}

// negatorAlt reports whether an exclusion's alternative is a bare
// negator: "not", "never", "don't", "cannot", "no", or an auxiliary with
// "not" or "never" ("is not", "must never").
func negatorAlt(a string) bool {
	ws := strings.Fields(strings.ToLower(a))
	switch len(ws) {
	case 1:
		return bareNegator(ws[0])
	case 2:
		return auxiliaries[ws[0]] && (ws[1] == "not" || ws[1] == "never")
	}
	return false
}

// bareNegator reports whether the lower-case word w is a negator on its
// own: "not", "never", "cannot", a word in "n't".
func bareNegator(w string) bool {
	switch w {
	case "not", "no", "never", "nothing", "nobody", "none", "neither", "nor", "cannot":
		return true
	}
	return strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t")
}
