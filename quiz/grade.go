package quiz

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Penalty returns the share of the score a red flag of severity sev costs.
// A fatal flag also fails the answer outright. A major flag costs more than
// all the breadth points together (1 - PassMark), so an answer asserting a
// claim that loses the round cannot pass on breadth.
func Penalty(sev Severity) float64 {
	switch sev {
	case SeverityFatal:
		return 0.45
	case SeverityMajor:
		return 0.45
	case SeverityMinor:
		return 0.05
	}
	return 0
}

// keywordShare is the share of an answer's words outside sentences that
// earn credit (see wordShare) above which the feedback notes that the answer reads as a keyword list.
const keywordShare = 0.5

// Grade grades answer a to question q. flags are the red flags to check
// for a free-text question (Bank.FlagsFor gives the ones that apply);
// objective kinds ignore them. Grade never fails: an answer that names no
// valid option, step or line simply scores 0 (use Answer.Validate first to
// tell the learner).
func Grade(q *Question, a Answer, flags []*RedFlag) Result {
	return grade(q, a, flags, nil, nil, nil, nil)
}

// grade grades a; reader, when not nil, is the second reader (see
// reader.go) that free-text answers are checked against.
func grade(q *Question, a Answer, flags []*RedFlag, words *wordCache, lex *lexicon, pool *sync.Pool, reader *secondReader) Result {
	r := Result{Question: q.ID, Kind: q.Kind}
	switch q.Kind {
	case KindFreeText:
		gradeFreeText(q, a.Text, flags, words, lex, pool, reader, &r)
	case KindSingle, KindPredict, KindMultiple:
		gradeChoice(q, a.Choices, &r)
	case KindOrdering:
		gradeOrdering(q, a.Order, &r)
	case KindSpotTheBug:
		gradeLine(q, a.Line, &r)
	}
	finish(&r)
	return r
}

// finish derives Passed and Suggested from the score and flags.
func finish(r *Result) {
	r.Score = math.Round(clamp01(r.Score)*1000) / 1000
	flags := 0
	r.Fatal = false
	for _, f := range r.Flags {
		if f.Dismissed {
			continue
		}
		flags++
		if f.Severity == SeverityFatal {
			r.Fatal = true
		}
	}
	r.Passed = !r.Fatal && r.Score >= PassMark
	r.Suggested = SuggestRating(r.Score, r.Fatal, flags)
}

func clamp01(x float64) float64 {
	switch {
	case x < 0 || math.IsNaN(x):
		return 0
	case x > 1:
		return 1
	}
	return x
}

func gradeFreeText(q *Question, text string, flags []*RedFlag, cache *wordCache, lex *lexicon, pool *sync.Pool, reader *secondReader, r *Result) {
	// Grading cost grows with the text; the web refuses longer answers, so
	// anything past the limit (from another caller) is not read at all.
	truncated := false
	if len(text) > MaxAnswerChars && utf8.RuneCountInString(text) > MaxAnswerChars {
		cut, n := 0, 0
		for cut = range text {
			if n == MaxAnswerChars {
				break
			}
			n++
		}
		text, truncated = text[:cut], true
	}
	var d *doc
	if pool != nil {
		d = pool.Get().(*doc)
		defer pool.Put(d)
		analyseInto(d, text, cache)
	} else {
		d = analyseWith(text, cache)
	}
	if lex != nil {
		lex.markFor(d, lex.relevantTo(q, flags))
	}
	for _, p := range q.Points {
		pr := PointResult{ID: p.ID, Label: p.Label, Dimension: p.Dimension, Weight: p.Weight, Core: p.Core}
		if pr.Weight == 0 {
			pr.Weight = 1
		}
		pats, reqs := p.match, p.requires
		if pats == nil {
			// Hand-built questions (tests) may skip Compile; compile on the
			// fly without synonyms rather than fail.
			pats, _ = compileAll(p.Match, nil, q.Topic, "match")
			reqs, _ = compileAll(p.Requires, nil, q.Topic, "requires")
		}
		if spans, ok := findPoint(d, pats, reqs, true); ok {
			pr.Hit, pr.Spans = true, spans
		} else if spans, ok := findPoint(d, pats, reqs, false); ok {
			pr.Named, pr.Spans = true, spans
		}
		if r.Points == nil {
			r.Points = make([]PointResult, 0, len(q.Points))
		}
		r.Points = append(r.Points, pr)
	}
	if mostlyProse(d) {
		// In an answer said mostly in sentences, a point made in one of
		// its terse lines ("- holder paused past TTL -> two holders",
		// "Renewal must be atomic: `...`") is made, as long as the line
		// has the glue of a clause; a bare list of nouns still only names.
		for i, p := range q.Points {
			if pr := &r.Points[i]; pr.Named && !pr.Hit {
				pats, reqs := p.match, p.requires
				if pats == nil {
					pats, _ = compileAll(p.Match, nil, q.Topic, "match")
					reqs, _ = compileAll(p.Requires, nil, q.Topic, "requires")
				}
				if spans, ok := findPointIn(d, pats, reqs, glued); ok {
					pr.Hit, pr.Named, pr.Spans = true, false, spans
				}
			}
		}
	}
	// In an answer that is mostly a list of terms, fragments are names,
	// not claims: only its sentences can raise a flag.
	words, loose := wordShare(d)
	// An answer none of whose sentences has a finite verb (see
	// verbless) names things and never says what they do: a list, however
	// its items are dressed.
	listy := words > 0 && (float64(loose) > keywordShare*float64(words) || notes(d) || verbless(d))
	if !listy && saysMechanism(d) {
		creditClauseItems(q, d, r)
	}
	if listy {
		// ... and, as its note says, a list earns no points: a terse
		// item that happens to hold a preposition ("- monotonic token
		// from lock service") names its point like its siblings do, no
		// more (QA-6 Q19).
		for i := range r.Points {
			if pr := &r.Points[i]; pr.Hit {
				pr.Hit, pr.Named = false, true
			}
		}
	}
	// The second reader may set a pattern's match aside (readerVeto)
	// before the flag costs anything, so a flag it sets aside takes back
	// no point either.
	// It is read only once a pattern matched: most answers raise none.
	var veto *flagVeto
	vetoRead := false
	for _, f := range flags {
		fr, ok := findFlag(d, f, listy, nil)
		if ok && !vetoRead {
			veto, vetoRead = readVeto(reader, q, d), true
		}
		if ok && veto != nil {
			fr, ok = veto.review(d, f, listy, fr)
		}
		if ok {
			r.Flags = append(r.Flags, fr)
		}
	}
	if veto != nil {
		veto.note(d, r)
	}
	// A fatal flag in an answer that reads clean counts as major.
	demoteFatal(reader, q, d, r)
	sortFlags(r.Flags)
	uncreditFlagged(q, d, r)
	creditAsserted(q, d, r, flags, cache, lex)
	uncreditDenied(q, d, r)
	uncreditAgainstVerdict(q, d, r)
	r.List, r.NotProse, r.Outline = listy, !mostlyProse(d), outlineOnly(d)
	// The second reader's own flag comes last, where no pattern flag
	// fired (or stayed after its veto, above), so it takes back no point.
	raiseFlag(reader, q, d, r, flags)
	markClaims(d, r)
	r.Score = freeTextScore(r.Points, r.Flags)
	if spareOnly(r.Points) && !mostlyProse(d) {
		// The lenience for a missed core point is for answers that say
		// the rest in sentences; a list of terms, even one whose
		// telegraphic items read as terse claims, gets none.
		r.Score = min(r.Score, PassMark-0.01)
	}
	// A list of terms does not pass, as its note says: its few terse
	// lines ("fencing token (monotonic, raft index).") may tick points,
	// but cannot carry it over the pass mark.
	if listy {
		r.Score = min(r.Score, PassMark-0.01)
	}
	capOutline(d, r)
	r.MinBreadth = q.MinBreadth
	capBreadth(r)
	if len(r.Flags) == 1 && r.Flags[0].ID == ReaderFlagID && r.Score < PassMark &&
		freeTextScore(r.Points, nil) >= PassMark && !listy && !(spareOnly(r.Points) && !mostlyProse(d)) && !outlineOnly(d) && !shortOfBreadth(r) {
		r.Notes = append(r.Notes, readerVerdictNote)
	}
	if truncated {
		r.Notes = append(r.Notes, fmt.Sprintf("Only the first %d characters of this answer were graded.", MaxAnswerChars))
	}
	if listy {
		r.Notes = append(r.Notes, listNotePrefix+" rather than sentences, and a list earns no points: write it as you would say it in the interview, what each mechanism does and why.")
	}
	// An outline is told it cannot pass, not that it made the core points
	// (QA-35: both notes on one keyword line read as a contradiction).
	if note := fullerNote(r.Points); note != "" && coreMade(r.Points) && !slices.Contains(r.Notes, outlineNote) {
		r.Notes = append(r.Notes, note)
	}
	if !listy {
		r.Notes = append(r.Notes, partialNotes(q, d, r.Points)...)
	}
}

// partialNotes says, for each point the answer missed but went part of
// the way to (one of its Partial patterns matches a claim), what a fuller
// answer would add; pass or fail, the answer hears why its version falls
// short rather than nothing.
func partialNotes(q *Question, d *doc, points []PointResult) []string {
	var notes []string
	for i, p := range q.Points {
		if len(p.Partial) == 0 || points[i].Hit {
			continue
		}
		pats := p.partial
		if pats == nil {
			pats, _ = compileAll(p.Partial, nil, q.Topic, "partial")
		}
		if _, ok := findPoint(d, pats, nil, true); ok {
			notes = append(notes, p.PartialNote)
		}
	}
	return notes
}

// uncreditFlagged takes back a point whose only evidence is the claim
// that raised a fatal or major red flag: in "Redlock makes the lock
// correct and safe, and faster than ZooKeeper" the words that lose the
// round cannot also make the point that correctness needs consensus
// (QA-3 D2). The point is looked for again away from the flagged spans.
func uncreditFlagged(q *Question, d *doc, r *Result) {
	var avoid []Span
	for _, f := range r.Flags {
		if f.Severity == SeverityFatal || f.Severity == SeverityMajor {
			avoid = append(avoid, f.Span)
		}
	}
	if len(avoid) == 0 {
		return
	}
	for i := range r.Points {
		pr := &r.Points[i]
		if !pr.Hit || !anyOverlap(pr.Spans, avoid) {
			continue
		}
		rematchAvoiding(q, i, d, pr, avoid)
	}
	// g43 (QA-43): a point made in a flagged sentence outside the flag's
	// own words keeps its credit, but the tick quotes another sentence that
	// makes it where there is one: the claim a red flag named is poor
	// evidence of a core point ("with etcd you don't need fencing tokens,
	// because consensus guarantees ..." quoted for the consensus point
	// when an earlier sentence said it plainly).
	flagged := sentenceSpans(d, avoid)
	for i := range r.Points {
		pr := &r.Points[i]
		if !pr.Hit || !anyOverlap(pr.Spans, flagged) {
			continue
		}
		was := *pr
		if rematchAvoiding(q, i, d, pr, flagged); !pr.Hit {
			*pr = was
		}
	}
}

// sentenceSpans returns the byte spans of the sentences of d that hold
// any of spans.
func sentenceSpans(d *doc, spans []Span) []Span {
	var out []Span
	for _, s := range d.sents {
		if s.to <= s.from {
			continue
		}
		ss := Span{Start: d.toks[s.from].start, End: d.toks[s.to-1].end}
		if anyOverlap([]Span{ss}, spans) {
			out = append(out, ss)
		}
	}
	return out
}

// rematchAvoiding looks for point i of q again in d outside the avoid
// spans, and records in pr what it finds (nothing: the point is not made).
func rematchAvoiding(q *Question, i int, d *doc, pr *PointResult, avoid []Span) {
	p := q.Points[i]
	pats, reqs := p.match, p.requires
	if pats == nil {
		pats, _ = compileAll(p.Match, nil, q.Topic, "match")
		reqs, _ = compileAll(p.Requires, nil, q.Topic, "requires")
	}
	pr.Hit, pr.Spans = false, nil
	for _, pat := range pats {
		if spans, ok := findAvoiding(d, pat, avoid, reqs); ok {
			pr.Hit, pr.Spans = true, spans
			return
		}
	}
}

// findAvoiding finds p in a crediting sentence with a match that overlaps
// none of the avoid spans, with reqs in that sentence or one tied to it
// (see findPointWhere).
func findAvoiding(d *doc, p *Pattern, avoid []Span, reqs []*Pattern) ([]Span, bool) {
	credits := func(d *doc, s sentence) bool { return s.credits() }
	for si, s := range d.sents {
		if !s.credits() {
			continue
		}
		if m, ok := p.find(d, si); ok && !commonOnly(d, m) {
			if spans := m.byteSpans(d); !anyOverlap(spans, avoid) {
				rs, ok := findReqs(d, reqs, si, credits)
				if !ok {
					continue
				}
				return mergeSpans(append(spans, rs...)), true
			}
		}
	}
	return nil, false
}

// anyOverlap reports whether a span of a overlaps a span of b.
func anyOverlap(a, b []Span) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Start < y.End && y.Start < x.End {
				return true
			}
		}
	}
	return false
}

// coreMade reports whether every core point is hit (true when the
// question marks none).
func coreMade(points []PointResult) bool {
	for _, p := range points {
		if p.Core && !p.Hit {
			return false
		}
	}
	return true
}

// fullerNote tells an answer that made the core points what a fuller one
// would add: the breadth points it missed.
func fullerNote(points []PointResult) string {
	var missed []string
	core := false
	for _, p := range points {
		core = core || p.Core
		if !p.Core && !p.Hit {
			missed = append(missed, p.Label)
		}
	}
	if !core || len(missed) == 0 {
		return ""
	}
	return fullerNotePrefix + strings.Join(missed, "; ") + "."
}

// fullerNotePrefix starts the note fullerNote writes.
const fullerNotePrefix = "You made the core points. A fuller answer would also cover: "

// IsFullerNote reports whether note, one of a Result's Notes, is the one
// that lists the breadth points missed ("A fuller answer would also
// cover"), whatever labels it names: a page or command that lists the
// missed points itself leaves it out, so the same thing is not said twice.
func IsFullerNote(note string) bool { return strings.HasPrefix(note, fullerNotePrefix) }

// findPoint looks for any of pats (in sentences that earn credit when
// credit is true: claims that are not dressed list items; otherwise in the
// others) and, if found, for every one of reqs anywhere of the same kind.
// It returns the spans of all the matches.
func findPoint(d *doc, pats, reqs []*Pattern, credit bool) ([]Span, bool) {
	kind := func(d *doc, s sentence) bool { return s.credits() == credit }
	return findPointWhere(d, pats, reqs, kind, kind)
}

// findPointIn is findPoint over the sentences keep accepts, its reqs in
// those or in sentences that earn credit.
func findPointIn(d *doc, pats, reqs []*Pattern, keep func(d *doc, s sentence) bool) ([]Span, bool) {
	return findPointWhere(d, pats, reqs, keep, func(d *doc, s sentence) bool { return s.credits() || keep(d, s) })
}

// findPointWhere looks for any of pats in the sentences keep accepts and,
// if found, for every one of reqs in the sentences keepReqs accepts. A
// requirement counts only where it belongs to the words that make the
// point: in the matched sentence itself, a sentence tied to it (see
// tiedSentences) or the heading of the list it is an item of (see
// listHeading), never elsewhere in the answer ("SET NX PX, one atomic
// command. To release, I GET, compare and DEL" does not lend "atomic" to
// the release, QA-6 Q1).
func findPointWhere(d *doc, pats, reqs []*Pattern, keep, keepReqs func(d *doc, s sentence) bool) ([]Span, bool) {
	for _, p := range pats {
		// (its evalCtx taken once: absent, nextSent and find would each
		// look it up again, per sentence)
		c := d.evalFor(p)
		if c.dead {
			continue
		}
		for si := nextSentIn(d, c, 0); si >= 0; si = nextSentIn(d, c, si+1) {
			s := d.sents[si]
			if !keep(d, s) {
				continue
			}
			m, ok := p.findIn(d, c, si, false)
			if !ok || commonOnly(d, m) {
				continue
			}
			// mergeSpans copies what it keeps: the spans before it live
			// on the stack.
			var buf [maxParts]Span
			spans := m.appendByteSpans(d, buf[:0])
			if len(reqs) == 0 {
				return mergeSpans(spans), true
			}
			if rs, ok := findReqs(d, reqs, si, keepReqs); ok {
				return mergeSpans(append(spans, rs...)), true
			}
		}
	}
	return nil, false
}

// commonOnly reports whether every word of m is a form of a light verb
// ("do", "doing", "done", "got", "made"): such words say nothing by
// themselves, so they are never the evidence for a point ("Else do
// nothing" does not watch Session.Done(), QA-6 Q5).
func commonOnly(d *doc, m match) bool {
	for _, s := range m.spans {
		for k := s[0]; k < s[1]; k++ {
			t := &d.toks[k]
			if !lightVerbs[t.raw] && !lightVerbs[t.stem] && !lightVerbs[t.lemma] {
				return false
			}
		}
	}
	return true
}

// lightVerbs are the verbs that carry a sentence's grammar rather than its
// meaning, in their base forms.
var lightVerbs = setOf(`do be have get make use take give keep let go come see know`)

// findReqs finds every one of reqs in sentence si, or in a sentence tied
// to it, among those keep accepts, and returns the spans of the matches.
func findReqs(d *doc, reqs []*Pattern, si int, keep func(d *doc, s sentence) bool) ([]Span, bool) {
	var spans []Span
	for _, r := range reqs {
		c := d.evalFor(r) // taken once, as in findPointWhere
		if c.dead {
			return nil, false
		}
		found := false
		for _, sj := range tiedSentences(d, si) {
			if !keep(d, d.sents[sj]) {
				continue
			}
			if m, ok := r.findIn(d, c, sj, false); ok {
				spans = append(spans, m.byteSpans(d)...)
				found = true
				break
			}
		}
		// A heading labels the list under it ("What they all share:"
		// above "1. a number that grows with each owner ..."): it is a
		// fragment, so it credits nothing of its own, but it says what
		// every item is.
		if hj := listHeading(d, si); !found && hj >= 0 {
			if m, ok := r.find(d, hj); ok {
				spans = append(spans, m.byteSpans(d)...)
				found = true
			}
		}
		if !found {
			return nil, false
		}
	}
	return spans, true
}

// backRefs open a sentence that goes on about the one before it: "Release
// compares the token and deletes. Both run in one Lua script."
// A contracted copula opens one too: "That's what they all share."
var tiedOpeners = setOf(`it it's this that these those both they which together that's they're`)

// tiedSentences returns sentence si and its neighbours that continue it: the
// next one when it opens with a back-reference, the previous one when si
// does. "Instead" ties too: the sentence it opens says what replaces the one
// before ("None of these systems rely on that ... Instead, the authority
// hands out an increasing number", g46 validation FQ).
func tiedSentences(d *doc, si int) []int {
	out := []int{si}
	opens := func(sj int) bool {
		s := d.sents[sj]
		return s.to > s.from && (tiedOpeners[d.toks[s.from].raw] || d.toks[s.from].raw == "instead")
	}
	if si+1 < len(d.sents) && opens(si+1) {
		out = append(out, si+1)
	}
	if si > 0 && opens(si) {
		out = append(out, si-1)
	}
	return out
}

// listHeading returns the heading of the list that sentence si is an item
// of, or -1: the sentence just above the list's first bulleted line,
// last on its line and ended by a colon ("Common pattern:", "What they
// share:"). Every sentence of a bulleted line belongs to its item.
func listHeading(d *doc, si int) int {
	if !bulleted(d, d.sents[si]) {
		return -1
	}
	for sj := si - 1; sj >= 0; sj-- {
		s := d.sents[sj]
		if bulleted(d, s) {
			continue // an item above, or an earlier sentence of si's own
		}
		rest := d.text[d.toks[s.to-1].end:]
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
			rest = rest[:nl]
		} else {
			return -1
		}
		if strings.TrimSpace(rest) != ":" {
			return -1
		}
		return sj
	}
	return -1
}

// findWhere finds p in the first sentence keep accepts where it matches.
func findWhere(d *doc, p *Pattern, keep func(d *doc, s sentence) bool) (match, bool) {
	c := d.evalFor(p) // taken once, as in findPointWhere
	if c.dead {
		return match{}, false
	}
	for si, s := range d.sents {
		if !keep(d, s) {
			continue
		}
		if m, ok := p.findIn(d, c, si, false); ok {
			return m, true
		}
	}
	return match{}, false
}

// glued reports whether s, a sentence that earns no credit by itself, has
// the glue of a clause: a function word other than an article ("renew at
// TTL/3 with a checked extend"), unlike a list of nouns ("GC pause,
// fencing token, Redlock"). Dressed list items are never glued.
func glued(d *doc, s sentence) bool {
	if s.credits() || s.dressed || s.question {
		return false
	}
	for k := s.from; k < s.to; k++ {
		t := &d.toks[k]
		if t.fn && !t.code && t.raw != "a" && t.raw != "an" && t.raw != "the" {
			return true
		}
		// "long calls vs TTL" compares, as "than" does; "pause past the
		// TTL" relates its terms as "over" or "after" do
		if gluePrepositions[t.raw] && !t.code {
			return true
		}
	}
	// A line that is one whole command in code ("- `SET lock:42 <token>
	// NX PX 30000`. OK → I hold it.") says what to run: the command is
	// its verb (g51, validation GD).
	if wholeCommand(d, s) {
		return true
	}
	// An arrow between two terms is a verb in notes ("holder paused past
	// TTL → two holders": one leads to the other), the glue of a claim.
	for k := s.from + 1; k < s.to; k++ {
		if gap := d.text[d.toks[k-1].end:d.toks[k].start]; strings.Contains(gap, "→") || strings.Contains(gap, "⇒") || strings.Contains(gap, "->") || strings.Contains(gap, "=>") {
			return true
		}
	}
	return false
}

// wholeCommand reports a sentence that is a single code span of three or
// more words starting with a word of letters: a command with its
// arguments, not a name.
func wholeCommand(d *doc, s sentence) bool {
	if s.to-s.from < 3 {
		return false
	}
	for k := s.from; k < s.to; k++ {
		if !d.toks[k].code {
			return false
		}
		if k > s.from && strings.Count(d.text[d.toks[k-1].end:d.toks[k].start], "`") >= 2 {
			return false // two spans side by side: a list of names
		}
	}
	first := d.text[d.toks[s.from].start:d.toks[s.from].end]
	for _, c := range first {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return true
}

// gluePrepositions are prepositions that are not function words (they do
// not make a sentence prose) but, like them, tie two terms of a terse line
// into a relation: "pause past the TTL", "a write behind the lease".
var gluePrepositions = setOf(`vs versus past beyond behind despite toward towards upon around
inside outside above below beneath underneath amid along throughout unlike near`)

// findFlag returns the first claim in d that raises red flag f, in
// sentences only when proseOnly, and never in a sentence skip marks (nil
// for none).
func findFlag(d *doc, f *RedFlag, proseOnly bool, skip []bool) (FlagResult, bool) {
	pats, unless, nExplicit := f.match, f.unless, f.nExplicit
	if pats == nil {
		pats, _ = compileAll(flagMatchSources(f.Match), nil, "", "match")
		explicit, _ := compileAll(flagMatchSources(f.Explicit), nil, "", "explicit")
		pats, nExplicit = append(pats, explicit...), len(explicit)
		unless, _ = compileAll(f.Unless, nil, "", "unless")
	}
	// An Unless pattern anywhere keeps down all but the Explicit
	// patterns, which come last.
	for _, u := range unless {
		c := d.evalFor(u) // taken once, as in findPointWhere
		if c.dead {
			continue
		}
		found := false
		for si := nextSentIn(d, c, 0); si >= 0 && !found; si = nextSentIn(d, c, si+1) {
			_, found = u.findIn(d, c, si, false)
		}
		if found {
			if nExplicit == 0 {
				return FlagResult{}, false
			}
			pats = pats[len(pats)-nExplicit:]
			break
		}
	}
	countered := -1 // unknown until a match needs it
	for _, p := range pats {
		// (its evalCtx taken once, as in findPointWhere)
		c := d.evalFor(p)
		if c.dead {
			continue
		}
		for si := nextSentIn(d, c, 0); si >= 0; si = nextSentIn(d, c, si+1) {
			s := d.sents[si]
			// A question asks rather than claims ("is it SETNX then
			// EXPIRE?"), so it cannot raise a flag.
			if s.question && !s.rhetorical || (proseOnly && !s.claim) || skip != nil && skip[si] {
				continue
			}
			if m, ok := p.findIn(d, c, si, true); ok {
				// Beside its claimed counterpart, only a bare claim of
				// the mistake counts (see counterClaimed).
				if countered < 0 {
					countered = 0
					if counterClaimed(d, f) {
						countered = 1
					} else if fencedClaimed(d, f) {
						countered = 2
					}
				}
				if countered > 0 && !counteredClaim(d, m, countered) || inOneStatement(d, m) || acrossContrast(d, m) || acrossBut(d, p, m) || negatedFromOutside(d, p, m) || saidOfOtherParty(d, f, m) || saidOfOtherSystem(d, p, m) || acrossPairs(d, m) || heldByCondition(d, f, m) || diagnosedCheck(d, f, m) || narrowedByContrast(d, c, f, m) || performedOtherwise(d, f, m) {
					continue
				}
				return FlagResult{ID: f.ID, Label: f.Label, Why: f.Why, WhyHTML: f.WhyHTML, Severity: f.Severity, Span: m.bytes(d)}, true
			}
		}
	}
	return FlagResult{}, false
}

func sortFlags(fs []FlagResult) {
	// (a switch and a generic sort: a map and sort.SliceStable allocated
	// on every grading)
	rank := func(s Severity) int {
		switch s {
		case SeverityMajor:
			return 1
		case SeverityMinor:
			return 2
		}
		return 0
	}
	slices.SortStableFunc(fs, func(a, b FlagResult) int { return rank(a.Severity) - rank(b.Severity) })
}

// spareOnly reports whether the answer passes only by the lenience for
// a missed core point (see freeTextScore): one of two core points missed.
func spareOnly(points []PointResult) bool {
	missed, core := 0, 0
	for _, p := range points {
		if p.Core {
			core++
			if !p.Hit {
				missed++
			}
		}
	}
	return core == 2 && missed == 1
}

// notes reports whether the answer is jotted notes: three or more
// sentences and not one of them prose, only fragments and terse lines
// ("identity vs generation. $me reused (same worker, restart). ABA.
// guard WHERE claim_no = $mine."). Its terse lines, code-bearing ones
// above all, read as claims one by one, but an answer with no sentence
// of speech is a list of terms, however its items are cut.
func notes(d *doc) bool {
	prose, frags := 0, 0
	spoken := saysMechanism(d)
	for _, s := range d.sents {
		switch {
		// g27v: a short line that reads as prose only by its glue words,
		// with no finite verb ("not for external side effects", "lock +
		// data in same DB"), is one more terse item of the notes, not a
		// sentence of speech: two such lines hid a keyword list (CW). A
		// verbless line as long as a spoken sentence ("fsync always or
		// keep a crashed node down longer than the max ttl") is still
		// how casual answers talk.
		case s.prose && s.credits() && (s.to-s.from >= terseSpeechWords || finiteVerb(d.toks[s.from:s.to])):
			prose++
		// g45 (QA-45 H5): a line that is an SQL statement ("INSERT INTO
		// job_runs(job, period) VALUES (...)") says exactly what the
		// answer does, as a sentence would; it is no item of notes. (The
		// same notes without it were read as speech.)
		case sqlStatement(d, s):
			prose++
		// g52 (validation GH): a claim cut by commas into two clauses of
		// its own ("lock gives "not at the same time", you need "once per
		// period"") talks, however casually; it is no item of notes.
		case s.credits() && s.to-s.from >= terseSpeechWords && spokenItems(d.toks[s.from:s.to]):
			prose++
		// g36d: beside a sentence that states the mechanism (see
		// saysMechanism), a clipped line whose items
		// hold a clause of their own ("hdfs namenode ha: journal nodes
		// reject the older epoch") says something; it is no fragment of
		// notes. (Without speech, such lines are the notes: "renew =
		// compare token + PEXPIRE (Lua).")
		case !s.credits() && (!spoken || clauseItemWords(d.toks[s.from:s.to]) == 0):
			frags++
		}
	}
	rest := len(d.sents) - prose
	// Short sentences alone ("Use alpha with care. Use gamma with care.")
	// are terse speech; notes have fragments among their lines ("ABA.",
	// "no ordering."). One line that happens to read as prose ("$me comes
	// back after restart (same pod name).") among four or more others is
	// still notes.
	return frags >= minNoteFragments && (prose == 0 && rest >= minNoteLines || prose == 1 && rest >= minNoteLines+1) || lineNotes(d) || semicolonNotes(d)
}

// minSemicolonItems is the fewest items a semicolon list needs to read as
// notes (see semicolonNotes).
const minSemicolonItems = 4

// semicolonNotes reports an answer that is one run of items cut by
// semicolons, most of them with no finite verb outside their brackets
// (g54, tuning writer GT's keyword list passed at 70 %: "idempotency key
// per logical payment (provider honours it, window); pre-call
// remaining-lease check (bounded pauses, drift); fencing proxy/gateway (no
// bypass, moves problem); ...; risk not zero"): the brackets annotate
// each term, they say nothing of what it does. Every sentence must be such
// a run, headers and code lines aside.
func semicolonNotes(d *doc) bool {
	items, spoken := 0, 0
	for _, s := range d.sents {
		if header(d, s) || codeLine(d, s) {
			continue
		}
		before := items
		from := s.from
		for k := s.from; k <= s.to; k++ {
			if k < s.to && (k == s.from || !(d.toks[k].clause && d.toks[k].brk == ';')) {
				continue
			}
			items++
			var outside []token
			inBracket := false
			for j := from; j < k; j++ {
				if d.toks[j].clause {
					inBracket = d.toks[j].brk == '('
				}
				if !inBracket {
					outside = append(outside, d.toks[j])
				}
			}
			if finiteVerb(outside) {
				spoken++
			}
			from = k
		}
		if items-before < minSemicolonItems {
			return false
		}
	}
	return items >= minSemicolonItems && 2*spoken < items
}

// spokenItems reports whether toks, cut into items as clauseItems cuts
// them, hold two or more clause items, each with a finite verb of its own
// and one with a subject pronoun ("lock gives "not at the same time", you
// need "once per period""): speech, however clipped. A line of terse
// claims ("returns 0 on timeout, SET not rolled back") names no speaker.
func spokenItems(toks []token) bool {
	items := clauseItems(toks)
	if len(items) < 2 {
		return false
	}
	pronoun := false
	for _, r := range items {
		if !finiteVerb(toks[r[0]:r[1]]) {
			return false
		}
		for _, t := range toks[r[0]:r[1]] {
			if subjectPronouns[t.raw] || speakerPronouns[t.raw] {
				pronoun = true
			}
		}
	}
	return pronoun
}

// speakerPronouns, fused with their verb, name who acts as subjectPronouns do.
var speakerPronouns = setOf(`i'd you'd we'd it's you're we're they're i'm`)

// lineNotes reports whether the answer is notes laid out one item a line
// (g27s): three or more lines, each a sentence of its own, fewer than half
// of which say anything as speech. Labels with a fragment after them
// ("too short: lapses under slow holder", "too long -> crash blocks
// everyone"), numbered or bulleted noun phrases ("2) unique constraint on
// the key", "- idempotency key per run") are the lines of notes, however
// well chosen their words: one spoken line among them ("no TTL is safe")
// does not make them an answer, and notes' test above, which asks for two
// lines that make no claim at all, let such a list pass while the same
// items on one line failed. A line is spoken when it makes a claim and
// holds a finite verb ("- The storage refuses the lower token.") or reads
// as prose as long as a spoken sentence or opens with a subject and its
// verb (see subjectClause), unless a label opens it. Bullets of full
// sentences and short answers said a sentence a line keep passing, and
// so does a long answer whose spoken lines hold half its words or more
// (headed sections, tables and a few full sentences). A header line
// ending in a colon ("Two risks:") is not counted either way, and an
// answer with two sentences on one line is written as prose, not notes.
func lineNotes(d *doc) bool {
	lines, spoken, words, spokenWords := 0, 0, 0, 0
	for i, s := range d.sents {
		if i > 0 && !strings.Contains(d.text[d.toks[d.sents[i-1].to-1].end:d.toks[s.from].start], "\n") {
			return false
		}
		if header(d, s) || codeLine(d, s) {
			continue
		}
		lines++
		n := s.to - s.from
		words += n
		if s.credits() && spokenLine(d, s) {
			spoken++
			spokenWords += n
		}
	}
	return lines >= minNoteLines && 2*spoken < lines && 2*spokenWords < words
}

// spokenLine reports whether s, a line of a lineNotes answer that makes
// a claim, says it as speech (g27sf). A list number is skipped first, so
// a numbered order ("3. Otherwise watch the predecessor") is read as the
// order it is. After a label ("Client: one key per payment, reused on
// every retry"), the rest of the line is read on its own: a clause, or a
// claim as long as a spoken sentence and cut in two by a comma, is
// speech; a short fragment ("too short: lapses under slow holder") or a
// single noun phrase is an item of notes. A plural subject with a base
// verb and its object ("restarted pods keep their ids") is a clause too.
func spokenLine(d *doc, s sentence) bool {
	toks := d.toks[s.from:s.to]
	i := listNumber(toks)
	if i < len(toks) && (toks[i].raw == "otherwise" || toks[i].raw == "else") {
		i++
	}
	body := toks[i:]
	if finiteVerb(body) || pluralClause(body) {
		return true
	}
	if l := labelEnd(d, s); l > 0 {
		rest := d.toks[l:s.to]
		// (an order right after the label needs its object when its verb
		// is as often a noun: "done: update status and commit" is an item)
		// A noun and a known verb's -s form after it, with more words to
		// come, are a clause ("too long => crash blocks everyone").
		k := finiteAt(rest)
		return k > 0 || k == 0 && (!nounVerbs[rest[0].raw] || len(rest) > 1 && objectAfter(&rest[1])) || subjectClause(rest) || pluralClause(rest) ||
			len(rest) > 2 && subjectBefore(&rest[0]) && !rest[0].code && inflectedS(rest[1].raw) ||
			len(rest) >= terseSpeechWords && strings.Contains(d.text[rest[0].start:rest[len(rest)-1].end], ",")
	}
	return s.prose && len(toks) >= terseSpeechWords || subjectClause(toks)
}

// inflectedS reports whether raw is the -s form of a verb of verbBases.
func inflectedS(raw string) bool {
	_, inflected := verbOf(raw)
	return inflected && strings.HasSuffix(raw, "s") && !strings.HasSuffix(raw, "ss")
}

// listNumber returns how many tokens at the head of toks are a list
// number ("2) the key", "3. watch").
func listNumber(toks []token) int {
	i := 0
	for i < len(toks) && i < 2 && !toks[i].fn && toks[i].raw != "" && toks[i].raw[0] >= '0' && toks[i].raw[0] <= '9' {
		i++
	}
	return i
}

// pluralClause reports whether toks hold a plural subject and a base
// verb of verbBases with its object after it ("restarted pods keep their
// ids", "servers reject lower tokens", "A->B and B->A transfers each hold
// one lock"), the mirror of the -s verb after a singular subject
// (g27sf). A verb that is as often a noun needs a determiner, pronoun or
// number after it ("pods lock the row"); a trailing base word alone
// ("consumers dedupe") stays notes.
func pluralClause(toks []token) bool {
	for j := 1; j < len(toks)-1; j++ {
		subj, v := &toks[j-1], &toks[j]
		if subj.fn || subj.code || !strings.HasSuffix(subj.raw, "s") || strings.HasSuffix(subj.raw, "ss") || !subjectBefore(subj) {
			continue
		}
		if (v.raw == "each" || v.raw == "both" || v.raw == "all") && j+2 < len(toks) {
			j++
			v = &toks[j]
		}
		obj := &toks[j+1]
		if v.code || !verbBases[v.raw] || obj.clause {
			continue
		}
		if objectAfter(obj) || !nounVerbs[v.raw] && !obj.fn && !obj.inert {
			return true
		}
	}
	return false
}

// codeLine reports whether s is a line of code (g27sf): an assignment
// (":="), or a line most of whose words are code ("If(clientv3.Compare(
// ...))"). A snippet and the sentence that explains it are the model
// answers' own shape: its lines are neither speech nor items of notes.
func codeLine(d *doc, s sentence) bool {
	line := d.text[d.toks[s.from].start:d.toks[s.to-1].end]
	if strings.Contains(line, ":=") {
		return true
	}
	if labelEnd(d, s) > 0 {
		return false // a labelled item ("claim: SELECT ... SKIP LOCKED") is notes
	}
	code := 0
	for _, t := range d.toks[s.from:s.to] {
		if t.code {
			code++
		}
	}
	return 2*code > s.to-s.from
}

// subjectClause reports whether toks open with a subject led by a
// determiner and an inflected word after it ("The lease lapses under a
// slow holder", "each one waits on the other", "A crashed holder blocks
// everyone"): a clause whose verb finiteVerb's lists do not know, said
// as casual answers talk, not a noun phrase of notes ("a unique row per
// job").
func subjectClause(toks []token) bool {
	i := 0
	for i < len(toks) && i < 2 && !toks[i].fn && toks[i].raw != "" && toks[i].raw[0] >= '0' && toks[i].raw[0] <= '9' {
		i++ // a list number ("2) the key ...")
	}
	if i >= len(toks) || !subjectDeterminers[toks[i].raw] {
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+3; j++ {
		t := &toks[j]
		if t.fn || t.code || t.raw == "" || t.raw[0] >= '0' && t.raw[0] <= '9' || strings.ContainsAny(t.raw, "'’") {
			return false
		}
		// g27sf: a participle after the head noun ("the failovers losing
		// keys") ends the subject with no verb; after a gerund modifier
		// ("the fencing tokens") the -s word is the head noun; an -s word
		// before "of", "as" or "past" ("the plain DELs of the next
		// holder", "the GC pauses past TTL") is a plural, not a verb.
		if j >= i+2 && strings.HasSuffix(t.raw, "ing") {
			return false
		}
		if j == i+2 && strings.HasSuffix(toks[i+1].raw, "ing") {
			continue
		}
		if j >= i+2 && (strings.HasSuffix(t.raw, "s") && !strings.HasSuffix(t.raw, "ss") || strings.HasSuffix(t.raw, "ed") && !strings.HasSuffix(t.raw, "eed")) {
			if j+1 < len(toks) && (toks[j+1].raw == "of" || toks[j+1].raw == "as" || toks[j+1].raw == "past") {
				return false
			}
			return true
		}
	}
	return false
}

// subjectDeterminers open the subject of a clause in subjectClause.
var subjectDeterminers = setOf(`the a an each every this our my your their its`)

// labelEnd returns the index in d.toks of the first word after a label
// of a few words cut off by a colon or an arrow that opens s ("too short
// -> lease lapses under a slow holder", "Fix: token at the storage"), or
// 0 when no label opens it: what follows is read on its own (spokenLine).
func labelEnd(d *doc, s sentence) int {
	for k := s.from; k < s.to-1 && k < s.from+4; k++ {
		gap := d.text[d.toks[k].end:d.toks[k+1].start]
		if strings.Contains(gap, ":") || strings.Contains(gap, "->") || strings.Contains(gap, "→") || strings.Contains(gap, "=>") {
			return k + 1
		}
	}
	return 0
}

// header reports whether s is a line that only heads what follows it: it
// ends in a colon and the line ends there ("Two risks:").
func header(d *doc, s sentence) bool {
	rest := d.text[d.toks[s.to-1].end:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest) == ":"
}

// minNoteFragments is the fewest fragments (lines that make no claim)
// that notes hold.
const minNoteFragments = 2

// minNoteLines is the fewest lines an answer without prose needs to read
// as notes rather than a short reply.
const minNoteLines = 3

// terseSpeechWords is the length from which a terse claim counts as speech
// when mostlyProse weighs an answer: a line of notes as long as a spoken
// sentence and held together as a claim ("acquire: `SET k <uuid> NX PX
// 30000`, one call, retry w/ backoff if nil.") is how casual answers talk,
// while a keyword list's terse items are short ("watchdog tied to
// progress.", "split brain, min-replicas.").
const terseSpeechWords = 8

// mostlyProse reports whether at least half of the answer's words are in
// sentences that read as speech: prose, or terse claims of terseSpeechWords
// or more (not short terse lines, fragments or dressed list items).
func mostlyProse(d *doc) bool {
	words, prose := 0, 0
	for _, s := range d.sents {
		n := s.to - s.from
		words += n
		if s.credits() && (s.prose || n >= terseSpeechWords) {
			prose += n
		}
	}
	return 2*prose >= words
}

// CoreSpareBreadth is the share of the breadth points' weight that makes
// up for one missed core point. An answer that makes all but one of the
// core points and most of the breadth points has made the heart of the
// question in its own words: the core point the matchers missed is, far
// more often, a paraphrase they did not know than a gap (blind writers K
// and L, and our own corpus: answers labelled pass by the people who wrote
// them, failed only by that point). It passes, just above the pass mark.
const CoreSpareBreadth = 0.6

// CoreSpareMax is the most an answer passed under that lenience scores:
// a quarter of the way from the pass mark to full marks.
const CoreSpareMax = PassMark + (1-PassMark)/4

// freeTextScore scores the points and subtracts the flags' penalties. When
// the question marks core points, they carry the pass line: every core
// point made scores PassMark and the breadth points share the rest. On a
// question with two core points, an answer missing one of them passes, just
// above PassMark, when it makes at least CoreSpareBreadth of the breadth;
// missing more, or with less breadth, or on a question with three core
// points (whose heart is one of them), it stays below PassMark.
// Without core points the score is the weighted share of points made.
func freeTextScore(points []PointResult, flags []FlagResult) float64 {
	ps, ok := pointsScore(points)
	if !ok {
		return 0
	}
	score := ps.Score
	for _, c := range FlagCharges(flags) {
		score -= c
	}
	return clamp01(score)
}

// FlagCharges returns what each of flags takes off a free-text score: its
// severity's Penalty, or nothing when the learner dismissed it, or when it
// names the same sentence (Claim) as a standing flag that costs at least
// as much: an interviewer counts one mistake once, however many of the
// grader's patterns it matches (QA-43). Of flags that cost alike, the
// first charges.
func FlagCharges(flags []FlagResult) []float64 {
	out := make([]float64, len(flags))
	for i, f := range flags {
		if f.Dismissed {
			continue
		}
		out[i] = Penalty(f.Severity)
		if f.Claim == (Span{}) {
			continue
		}
		for j, g := range flags {
			if j == i || g.Dismissed || g.Claim != f.Claim {
				continue
			}
			if p := Penalty(g.Severity); p > out[i] || p == Penalty(f.Severity) && j < i {
				out[i] = 0
				break
			}
		}
	}
	return out
}

// SameClaimAs returns the index of the standing flag whose charge covers
// flag i of flags because both name one sentence (see FlagCharges), or -1
// when flag i charges for itself or is dismissed.
func SameClaimAs(flags []FlagResult, i int) int {
	f := flags[i]
	if f.Dismissed || f.Claim == (Span{}) || FlagCharges(flags)[i] > 0 {
		return -1
	}
	best := -1
	for j, g := range flags {
		if j != i && !g.Dismissed && g.Claim == f.Claim && (best < 0 || Penalty(g.Severity) > Penalty(flags[best].Severity)) {
			best = j
		}
	}
	return best
}

// smallCount writes a count of two to nine in words, a larger one in
// digits.
func smallCount(n int) string {
	if n >= 2 && n <= 9 {
		return [...]string{"two", "three", "four", "five", "six", "seven", "eight", "nine"}[n-2]
	}
	return strconv.Itoa(n)
}

// markClaims sets each flag's Claim to the sentence its span starts in,
// and notes a sentence that raised more than one flag: it costs once.
func markClaims(d *doc, r *Result) {
	for i := range r.Flags {
		f := &r.Flags[i]
		if ss := sentenceSpans(d, []Span{{Start: f.Span.Start, End: f.Span.Start + 1}}); len(ss) > 0 {
			f.Claim = ss[0]
		}
	}
	noted := map[Span]bool{}
	for i := range r.Flags {
		c := r.Flags[i].Claim
		if SameClaimAs(r.Flags, i) < 0 || noted[c] {
			continue
		}
		noted[c] = true
		n := 0
		for _, f := range r.Flags {
			if f.Claim == c {
				n++
			}
		}
		rest, all := "the other still costs", "both"
		if n > 2 {
			rest, all = "the others still cost", "them all"
		}
		r.Notes = append(r.Notes, fmt.Sprintf("Counted once: %s red flags name the same sentence, %q, and one mistake costs once. Contest one and %s; contest %s and the sentence costs nothing.", smallCount(n), clip(d.text[c.Start:c.End], 240), rest, all))
	}
}

// ScoreRule names the rule by which a free-text answer's points make its
// score (see pointsScore).
type ScoreRule string

// The rules, as the pass rule on /about/grader states them.
const (
	// RuleAllCore: every core point made scores PassMark, and the breadth
	// points share the rest.
	RuleAllCore ScoreRule = "all-core"
	// RuleCoreSpare: one of two core points missed, with at least
	// CoreSpareBreadth of the breadth, scores PassMark, and the breadth
	// points share up to CoreSpareMax.
	RuleCoreSpare ScoreRule = "core-spare"
	// RuleCoreMissing: a core point missed otherwise; the core points
	// share nine tenths of PassMark and the breadth points one tenth.
	RuleCoreMissing ScoreRule = "core-missing"
	// RuleNoCore: a question without core points scores the share of its
	// points made.
	RuleNoCore ScoreRule = "no-core"
)

// PointsScore is the part of a free-text score its points make, before
// red flags and caps: the one reckoning freeTextScore and the score
// card's breakdown both read.
type PointsScore struct {
	Rule                               ScoreRule
	Core, CoreHit, Breadth, BreadthHit int
	// Score is the points' score; CorePart is what the core points make
	// of it, and the breadth points make the rest.
	Score, CorePart float64
}

// ScorePoints is pointsScore for other packages: the points' score of a
// graded (or corrected) answer, taken apart. ok is false when no point
// weighs anything, and the answer scores 0.
func ScorePoints(points []PointResult) (PointsScore, bool) { return pointsScore(points) }

// pointsScore reckons what points make of a free-text score.
func pointsScore(points []PointResult) (PointsScore, bool) {
	var ps PointsScore
	var hit, total, coreHit, coreTotal float64
	coreMissed, probed := 0, false
	for _, p := range points {
		if p.Core {
			coreTotal += p.Weight
			ps.Core++
			if p.Hit {
				coreHit += p.Weight
				ps.CoreHit++
			} else {
				coreMissed++
				probed = probed || p.Probed
			}
			continue
		}
		total += p.Weight
		ps.Breadth++
		if p.Hit {
			hit += p.Weight
			ps.BreadthHit++
		}
	}
	switch {
	case coreTotal > 0:
		breadth := 0.0
		if total > 0 {
			breadth = hit / total
		}
		if coreHit >= coreTotal {
			ps.Rule, ps.CorePart = RuleAllCore, PassMark
			ps.Score = PassMark + (1-PassMark)*breadth
		} else if coreMissed == 1 && ps.Core == 2 && breadth >= CoreSpareBreadth && !probed {
			ps.Rule, ps.CorePart = RuleCoreSpare, PassMark
			ps.Score = PassMark + (CoreSpareMax-PassMark)*breadth
		} else {
			ps.Rule, ps.CorePart = RuleCoreMissing, PassMark*0.9*coreHit/coreTotal
			ps.Score = PassMark * (0.9*coreHit/coreTotal + 0.1*breadth)
		}
	case total > 0:
		ps.Rule, ps.Score = RuleNoCore, hit/total
	default:
		return ps, false
	}
	return ps, true
}

// wordShare counts the answer's words and those outside sentences that
// earn credit: fragments, list items, and list items dressed as sentences
// ("It is X. It is Y. It is Z.").
func wordShare(d *doc) (words, loose int) {
	spoken, said := spokenWords(d), saysMechanism(d)
	// (bare is what loose would be without the clause items' relief,
	// below: the relief holds only while the run's bare terms left are
	// no more than the answer's words of speech, so one clause slipped
	// into a keyword list beside a line of hedging is still a list)
	bare := 0
	for _, s := range d.sents {
		n := s.to - s.from
		words += n
		if !s.credits() {
			// A run of examples with a clause inside it ("kafka epochs,
			// hdfs epochs so a stale namenode can't write, raft terms")
			// says something of one of its items: beside sentences of
			// speech, a casual answer's enumeration, half a list. (Alone,
			// it is a list with a verb slipped in.) Only while the run is
			// at most half as long as the sentences that credit, or most of its
			// items hold a clause: one real sentence before a long
			// keyword list with "it expired" slipped in is still a list
			// (review24 E, MUST FIX 3).
			m := n
			if spoken > 0 && finiteVerb(d.toks[s.from:s.to]) && (2*n <= spoken || clausalItems(d.toks[s.from:s.to])) {
				m = n / 2
			}
			// g36d: beside a sentence that states the mechanism (see
			// saysMechanism), the items of a clipped
			// run that are clauses of their own ("HDFS JournalNodes
			// reject an old NameNode's lower epoch", "reaper requeues
			// expired leases") say what a thing does, as a sentence
			// would: only the run's bare terms are loose.
			bare += m
			if said {
				m = min(m, n-clauseItemWords(d.toks[s.from:s.to]))
			}
			loose += m
		}
	}
	if loose > spoken {
		loose = bare
	}
	return words, loose
}

// spokenWords counts the words of d's sentences of speech: prose that
// earns credit.
func spokenWords(d *doc) int {
	spoken := 0
	for _, s := range d.sents {
		if s.prose && s.credits() {
			spoken += s.to - s.from
		}
	}
	return spoken
}

// saysMechanism reports whether d has a sentence of speech as long as
// two terse ones (2*terseSpeechWords words or more): the sentence that
// states what a clipped run's items have in common ("common thread: a
// number that only goes up when ownership changes, and the receiver
// checks it, not the client"). A short lead sentence before a keyword
// list ("The client creates an ephemeral sequential node. lowest holds,
// session ends node deleted, czxid") is not one: the clipped clauses in
// that list are still its items (g24ef's salads).
func saysMechanism(d *doc) bool {
	for _, s := range d.sents {
		if s.prose && s.credits() && s.to-s.from >= 2*terseSpeechWords {
			return true
		}
	}
	return false
}

// clausalItems reports whether most items of a run (cut by commas and
// semicolons) hold a finite verb of more than a pronoun and its past
// tense: "hdfs qjm so the old namenode can't write, raft terms, kafka
// epochs" has one of three; "it expired early, flushall, noeviction" has
// none, as a lone "it expired" or "someone deleted" names an event like
// its sibling items do.
func clausalItems(toks []token) bool {
	items, said := 0, 0
	from := 0
	for k := 0; k <= len(toks); k++ {
		if k < len(toks) && (k == from || !(toks[k].clause && (toks[k].brk == ',' || toks[k].brk == ';'))) {
			continue
		}
		item := toks[from:k]
		items++
		if at := finiteAt(item); at >= 0 && len(item) >= 4 && !(at == 1 && pastSubjects[item[0].raw] && len(item) <= 3) {
			said++
		}
		from = k
	}
	return 2*said > items
}

// clauseItemWords counts the words of the items of a run (cut by commas,
// semicolons, colons, dashes, arrows and equals signs) that are clauses
// of their own: at least clauseItemMin words holding a finite verb
// ("the old producer gets ProducerFencedException"), a plural subject
// and a base verb with its object ("journal nodes reject an old epoch"),
// a singular subject and the -s form of a known verb with more after it
// ("reaper requeues expired leases"), or a subject led by a determiner
// (see subjectClause). Bare terms ("raft terms", "gc pause"), a noun
// and a verb alone ("storage rejects", "lease expires") and chains of
// nouns joined by arrows ("kafka -> epoch -> zombie") hold none: those
// are the items of a list, however the list is cut.
func clauseItemWords(toks []token) int {
	said := 0
	for _, r := range clauseItems(toks) {
		said += r[1] - r[0]
	}
	return said
}

// clauseItems returns the ranges [from, to) in toks of the items that
// clauseItemWords counts.
func clauseItems(toks []token) [][2]int {
	var out [][2]int
	from := 0
	for k := 0; k <= len(toks); k++ {
		if k < len(toks) && (k == from || !(toks[k].clause && strings.ContainsRune(",;:—–=", toks[k].brk))) {
			continue
		}
		if item := toks[from:k]; len(item) >= clauseItemMin && clauseItem(item) {
			out = append(out, [2]int{from, k})
		}
		from = k
	}
	return out
}

// creditClauseItems credits, in an answer that is not a list and has a
// sentence that states the mechanism (see saysMechanism), a point named only inside a clipped run when the
// words that make it lie in one of the run's items that is a clause
// (see clauseItems): "Kafka producer epochs fence zombie transactional
// producers" makes its point as the same words in a sentence would,
// while a bare item beside it ("Chubby sequencers") still only names
// one (g36d).
func creditClauseItems(q *Question, d *doc, r *Result) {
	clipped := func(d *doc, s sentence) bool {
		return !s.credits() && !s.dressed && !s.question && clauseItemWords(d.toks[s.from:s.to]) > 0
	}
	for i, p := range q.Points {
		pr := &r.Points[i]
		if !pr.Named || pr.Hit {
			continue
		}
		pats, reqs := p.match, p.requires
		if pats == nil {
			pats, _ = compileAll(p.Match, nil, q.Topic, "match")
			reqs, _ = compileAll(p.Requires, nil, q.Topic, "requires")
		}
		spans, ok := findPointIn(d, pats, reqs, clipped)
		if ok && inClauseItem(d, spans) {
			pr.Hit, pr.Named, pr.Spans = true, false, spans
		}
	}
}

// inClauseItem reports whether spans lie within one clause item of a
// sentence (see clauseItems).
func inClauseItem(d *doc, spans []Span) bool {
	if len(spans) == 0 {
		return false
	}
	lo, hi := spans[0].Start, spans[len(spans)-1].End
	for _, s := range d.sents {
		if d.toks[s.from].start > lo || d.toks[s.to-1].end < hi {
			continue
		}
		for _, it := range clauseItems(d.toks[s.from:s.to]) {
			if d.toks[s.from+it[0]].start <= lo && hi <= d.toks[s.from+it[1]-1].end {
				return true
			}
		}
	}
	return false
}

// clauseItemMin is the fewest words an item needs to be read as a clause
// by clauseItemWords: a subject, its verb and an object of two words.
const clauseItemMin = 4

// clauseItem reports whether item, one item of a run, is a clause.
func clauseItem(item []token) bool {
	if at := finiteAt(item); at >= 0 && !(at == 1 && pastSubjects[item[0].raw] && len(item) <= 3) {
		return true
	}
	if pluralClause(item) || subjectClause(item) {
		return true
	}
	for j := 1; j < len(item)-1; j++ {
		if subjectBefore(&item[j-1]) && !item[j-1].code && !item[j].clause && !item[j+1].clause && inflectedS(item[j].raw) {
			return true
		}
	}
	return false
}

func mergeSpans(spans []Span) []Span {
	// Spans with the same start merge whatever their order, so any sort
	// by start gives the same result.
	slices.SortFunc(spans, func(a, b Span) int { return a.Start - b.Start })
	var out []Span
	if len(spans) > 0 {
		out = make([]Span, 0, len(spans))
	}
	for _, s := range spans {
		if n := len(out); n > 0 && s.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

func gradeChoice(q *Question, choices []string, r *Result) {
	chosen := map[string]bool{}
	for _, c := range choices {
		chosen[c] = true
	}
	if q.Kind != KindMultiple && len(chosen) > 1 {
		// A single-choice answer with several picks earns nothing, but
		// every pick still gets its explanation.
		for _, o := range q.Options {
			r.Options = append(r.Options, optionResult(o, chosen[o.ID]))
		}
		return
	}
	correct, right, wrong := 0, 0, 0
	for _, o := range q.Options {
		r.Options = append(r.Options, optionResult(o, chosen[o.ID]))
		if o.Correct {
			correct++
			if chosen[o.ID] {
				right++
			}
		} else if chosen[o.ID] {
			wrong++
		}
	}
	if correct == 0 {
		return
	}
	// Multiple choice: each correct pick earns a share, each wrong pick
	// takes one back, so ticking every box earns nothing.
	r.Score = float64(right-wrong) / float64(correct)
	// A dangerous pick is a claim that loses the round: no credit for the
	// rest makes up for it.
	for _, o := range q.Options {
		if o.Dangerous && chosen[o.ID] {
			r.Score = min(r.Score, brokenOrderCap)
			r.Notes = append(r.Notes, fmt.Sprintf("You picked %q: said in an interview, that alone loses the round.", o.Text))
		}
	}
}

func optionResult(o Option, chosen bool) OptionResult {
	return OptionResult{ID: o.ID, Text: o.Text, TextHTML: o.TextHTML, Chosen: chosen, Correct: o.Correct, Why: o.Why, WhyHTML: o.WhyHTML}
}

func gradeOrdering(q *Question, order []string, r *Result) {
	pos := map[string]int{}
	for i, s := range q.Steps {
		pos[s.ID] = i
	}
	var seq []int // correct indexes in the learner's order, known steps once
	seen := map[string]bool{}
	var steps []Step
	for _, id := range order {
		i, ok := pos[id]
		if !ok || seen[id] {
			continue
		}
		seen[id] = true
		seq = append(seq, i)
		steps = append(steps, q.Steps[i])
	}
	in := longestIncreasing(seq)
	for k, s := range steps {
		r.Steps = append(r.Steps, StepResult{ID: s.ID, Text: s.Text, TextHTML: s.TextHTML, Position: k + 1, Correct: seq[k] + 1, InOrder: in[k]})
		if !in[k] {
			r.Misplaced = append(r.Misplaced, s.ID)
		}
	}
	// Steps the learner left out are misplaced too.
	for _, s := range q.Steps {
		if !seen[s.ID] {
			r.Misplaced = append(r.Misplaced, s.ID)
		}
	}
	n := 0
	for _, ok := range in {
		if ok {
			n++
		}
	}
	if len(q.Steps) > 0 {
		r.Score = float64(n) / float64(len(q.Steps))
	}
	at := map[string]int{}
	for k, s := range steps {
		at[s.ID] = k
	}
	for _, s := range q.Steps {
		for _, p := range s.MustPrecede {
			first, ok1 := at[s.ID]
			then, ok2 := at[p.Step]
			if ok1 && ok2 && first < then || !ok2 {
				continue
			}
			r.Broken = append(r.Broken, BrokenOrder{First: s.ID, Then: p.Step, Race: p.Race})
		}
	}
	if len(r.Broken) > 0 {
		// A broken safety order fails whatever the pairwise credit.
		r.Score = min(r.Score, brokenOrderCap)
		for _, b := range r.Broken {
			r.Notes = append(r.Notes, fmt.Sprintf("Step %q must come before step %q: %s", stepText(q, b.First), stepText(q, b.Then), b.Race))
		}
	}
}

// brokenOrderCap is the most an ordering answer that breaks a
// must-precede rule can score: well below PassMark.
const brokenOrderCap = 0.3

func stepText(q *Question, id string) string {
	for _, s := range q.Steps {
		if s.ID == id {
			return s.Text
		}
	}
	return id
}

// longestIncreasing marks one longest strictly increasing subsequence of
// seq, preferring the earliest on ties, so the feedback is stable.
func longestIncreasing(seq []int) []bool {
	n := len(seq)
	length := make([]int, n)
	prev := make([]int, n)
	best := -1
	for i := range seq {
		length[i], prev[i] = 1, -1
		for j := 0; j < i; j++ {
			if seq[j] < seq[i] && length[j]+1 > length[i] {
				length[i], prev[i] = length[j]+1, j
			}
		}
		if best < 0 || length[i] > length[best] {
			best = i
		}
	}
	in := make([]bool, n)
	for i := best; i >= 0; i = prev[i] {
		in[i] = true
	}
	return in
}

func gradeLine(q *Question, line int, r *Result) {
	if q.Code == nil {
		return
	}
	lr := &LineResult{Chosen: line, Bug: q.Code.Bug, BugWhy: q.Code.LinesWhy[q.Code.Bug]}
	if line != q.Code.Bug {
		lr.ChosenWhy = q.Code.LinesWhy[line]
	} else {
		r.Score = 1
	}
	r.Line = lr
}

// Rescore applies a learner's self-assessment to a graded free-text
// result: ticks maps a point id to whether the point was made, or a red
// flag id to whether the flag stands (false dismisses it). Ids it does not
// know are ignored, as are ticks on objective results, whose key is not
// open to dispute. The score, pass and suggested rating are recomputed.
func Rescore(q *Question, res Result, ticks map[string]bool) Result {
	if q.Kind != KindFreeText || len(ticks) == 0 {
		return res
	}
	out := res
	out.Points = append([]PointResult(nil), res.Points...)
	out.Flags = append([]FlagResult(nil), res.Flags...)
	// A point has two states, so flipping one the learner had already
	// flipped puts it back to the grader's decision; a flag is the
	// grader's while it is dismissed exactly when a follow-up retracted
	// it. The result is self-assessed while any item differs from the
	// grader's: undoing the only correction leaves none (QA-31).
	for i := range out.Points {
		p := &out.Points[i]
		if v, ok := ticks[p.ID]; ok && v != p.Hit {
			p.Hit, p.SelfAssessed = v, !p.SelfAssessed
		}
	}
	for i := range out.Flags {
		f := &out.Flags[i]
		if v, ok := ticks[f.ID]; ok && v == f.Dismissed {
			f.Dismissed = !v
		}
	}
	out.SelfAssessed = selfAssessed(out)
	out.Score = freeTextScore(out.Points, out.Flags)
	capScore(&out)
	// The note on what a fuller answer would add follows the ticks as
	// corrected: a point the learner says they made leaves it. Any such
	// note goes, not only the one these points would write: a result
	// graded when a label read otherwise kept its note beside the new one.
	out.Notes = slices.DeleteFunc(slices.Clone(out.Notes), IsFullerNote)
	if note := fullerNote(out.Points); note != "" && coreMade(out.Points) && !slices.Contains(out.Notes, outlineNote) {
		out.Notes = append(out.Notes, note)
	}
	finish(&out)
	return out
}

// selfAssessed reports whether any item of r differs from the grader's
// decision by the learner's correction: a point ticked or unticked, a
// follow-up's point contested (Unrecovered), a red flag dismissed that no
// follow-up retracted.
func selfAssessed(r Result) bool {
	for _, p := range r.Points {
		if p.SelfAssessed || p.Unrecovered {
			return true
		}
	}
	for _, f := range r.Flags {
		if f.Dismissed != f.Retracted || f.SelfReported {
			return true
		}
	}
	return false
}

// listNotePrefix starts the note a list of terms gets (see gradeFreeText).
const listNotePrefix = "Most of this answer is a list of terms"

// capScore applies, to a score recomputed from corrected ticks (Rescore),
// the caps grading applied for the answer's form: a list of terms does not
// pass, neither does an answer that is not mostly prose and passes only
// by the lenience for a missed core point, nor an outline (capOutline). Results stored before List
// was recorded are known as lists by their note.
func capScore(r *Result) {
	list := listed(r)
	if list || sparedNotProse(r) {
		r.Score = min(r.Score, PassMark-0.01)
	}
	if outlined(r) && r.Score >= PassMark {
		r.Score = PassMark - 0.01
		if !slices.Contains(r.Notes, outlineNote) {
			r.Notes = append(r.Notes, outlineNote)
		}
	}
	// A corrected tick may make the breadth point the answer lacked, or
	// take one back: the note follows the ticks.
	r.Notes = slices.DeleteFunc(slices.Clone(r.Notes), func(n string) bool { return strings.HasPrefix(n, breadthNotePrefix) })
	capBreadth(r)
}

// listed reports a result the grader read as a list of terms. Results
// stored before List was recorded are known by their note.
func listed(r *Result) bool {
	if r.List {
		return true
	}
	for _, n := range r.Notes {
		if strings.HasPrefix(n, listNotePrefix) {
			return true
		}
	}
	return false
}

// sparedNotProse reports an answer that would pass only by the lenience
// for a missed core point but is not mostly prose.
func sparedNotProse(r *Result) bool { return r.NotProse && spareOnly(r.Points) }

// outlined reports a result the grader read as an outline (results stored
// before Outline was recorded are known by their note).
func outlined(r *Result) bool { return r.Outline || slices.Contains(r.Notes, outlineNote) }

// Cap names what holds a free-text answer just under the pass mark.
type Cap string

// The caps of capScore, in the order it applies them.
const (
	CapNone     Cap = ""
	CapList     Cap = "list"      // a list of terms cannot pass
	CapNotProse Cap = "not-prose" // the lenience for a missed core point is for answers in sentences
	CapOutline  Cap = "outline"   // an outline cannot pass
	CapBreadth  Cap = "breadth"   // the question's pass also needs MinBreadth breadth points
)

// CapOf reports which cap holds r's points under the pass mark, by the
// same tests capScore applies; CapNone if none applies.
func CapOf(r Result) Cap {
	switch {
	case listed(&r):
		return CapList
	case sparedNotProse(&r):
		return CapNotProse
	case outlined(&r):
		return CapOutline
	case shortOfBreadth(&r):
		return CapBreadth
	}
	return CapNone
}

// breadthNote tells an answer kept below the pass mark by its question's
// MinBreadth why its core points did not carry it. The note is a constant,
// so it cannot give the number; the pass rule shown with the score does.
const breadthNote = breadthNotePrefix + " they are the textbook half of the answer, and a pass also needs the breadth points this question's pass rule asks for (the note on what a fuller answer would cover lists them)."

// breadthNotePrefix starts breadthNote in every wording it has had, so that
// a result stored under an earlier one loses that note too when a corrected
// tick lifts it over the pass mark.
const breadthNotePrefix = "On this question the core points alone do not pass:"

// shortOfBreadth reports an answer that made every core point but fewer
// breadth points than its question's MinBreadth asks.
func shortOfBreadth(r *Result) bool {
	if r.MinBreadth == 0 || !coreMade(r.Points) {
		return false
	}
	n := 0
	for _, p := range r.Points {
		if !p.Core && p.Hit {
			n++
		}
	}
	return n < r.MinBreadth
}

// capBreadth keeps an answer that is short of its question's MinBreadth
// just below the pass mark, and says why. (An answer that missed a core
// point is below it already, or passes by the lenience for a missed core
// point, which asks for most of the breadth.)
func capBreadth(r *Result) {
	if !shortOfBreadth(r) || r.Score < PassMark {
		return
	}
	r.Score = PassMark - 0.01
	if !slices.Contains(r.Notes, breadthNote) {
		r.Notes = append(r.Notes, breadthNote)
	}
}
