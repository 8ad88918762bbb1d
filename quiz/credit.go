package quiz

import (
	"sort"
	"strings"
	"sync"
)

// Crediting a point only for what the answer asserts (QA-8 Q8-9).
//
// A point's matchers find words; they do not know which way the answer
// says them. Three rules keep a tick from resting on the very thing the
// answer gets wrong:
//
//  1. Words a raised red flag quotes as its evidence make no point, and
//     a point the flag contradicts is not made at all by that answer
//     (see contradicts: a flag contradicts the points its own
//     explanation makes, as the rubric states them).
//  2. A point's evidence must be asserted by the candidate: not inside a
//     rejected or quoted claim or a diagnosis probe, and with the polarity
//     of the point's label: "will keep renewing during the pause" does not
//     say "a paused process cannot renew", nor "failover does not lose" that
//     "a failover can lose" (see labelPolarity).
//  3. Evidence quotes carry the negator that covers them ("you don't need
//     fencing", not "need fencing"), for points and flags (see withNegators).

// assertedCredit turns the rules on; the tests turn them off to count
// the ticks they take back.
var assertedCredit = true

// assertedRules selects the rules (all but in tests that measure one).
var assertedRules = ruleContradicts | rulePolarity

const (
	ruleContradicts = 1 << iota // a raised flag contradicts the point
	_
	rulePolarity // evidence said the way the label says it
)

// creditAsserted applies rules 1 and 2 to the points of r, graded from d,
// and rule 3 to every quote of r. flags are the question's red flags (the
// raised ones are r.Flags).
func creditAsserted(q *Question, d *doc, r *Result, flags []*RedFlag, cache *wordCache, lex *lexicon) {
	if !assertedCredit {
		return
	}
	var avoid, raisedAt []Span
	var raised []*RedFlag
	for _, fr := range r.Flags {
		if fr.Dismissed {
			continue
		}
		avoid = append(avoid, fr.Span)
		for _, f := range flags {
			if f.ID == fr.ID {
				raised = append(raised, f)
				raisedAt = append(raisedAt, fr.Span)
				break
			}
		}
	}
	prose := mostlyProse(d)
	for i := range r.Points {
		pr := &r.Points[i]
		if !pr.Hit {
			continue
		}
		p := &q.Points[i]
		avoid := avoid
		if assertedRules&ruleContradicts != 0 {
			var claims []Span
			absent := false
			for k, f := range raised {
				switch contradicts(q, f, cache, lex)[i] {
				case contraAbsent:
					absent = true
				case contraClaim:
					claims = append(claims, raisedAt[k])
				}
			}
			if absent {
				pr.Hit, pr.Named, pr.Spans = false, false, nil
				continue
			}
			if len(claims) > 0 {
				avoid = append(claimSentences(d, claims), avoid...)
			}
		}
		pol := labelPolarity(p, cache)
		if !anyOverlap(pr.Spans, avoid) && assertedAsLabel(d, pr.Spans, pol) {
			continue
		}
		pats, reqs := p.match, p.requires
		if pats == nil {
			pats, _ = compileAll(p.Match, nil, q.Topic, "match")
			reqs, _ = compileAll(p.Requires, nil, q.Topic, "requires")
		}
		keep := func(d *doc, s sentence) bool { return s.credits() || prose && glued(d, s) }
		pr.Hit, pr.Spans = false, nil
		if spans, ok := findAsserted(d, pats, reqs, avoid, pol, keep); ok {
			pr.Hit, pr.Spans = true, spans
		}
	}
	for i := range r.Points {
		r.Points[i].Spans = withNegators(d, r.Points[i].Spans)
	}
	for i := range r.Flags {
		if s := withNegators(d, []Span{r.Flags[i].Span}); len(s) == 1 {
			r.Flags[i].Span = s[0]
		}
	}
}

// claimSentences returns the stretch of answer each claim governs: from
// the start of its clause to the end of its sentence, so the clauses that
// draw a consequence from it are in ("the client GETs the key and checks
// it, so this stops stale writes from a paused client"), and what was
// said before it is not ("I'd look at job durations versus the TTL, then
// raise the TTL so it can't expire"), except an if-clause the sentence
// opens with, the claim's premise. A semicolon ends the stretch: "5
// masters with replicas; AOF with fsync always" lists separate claims.
func claimSentences(d *doc, claims []Span) []Span {
	var out []Span
	for _, c := range claims {
		first, end := tokensIn(d, c)
		if first >= end {
			continue
		}
		last := end - 1
		s := d.sents[d.toks[first].sent]
		lo, hi := first, last
		for lo > s.from && !semicolonBreak(d, lo) && !d.toks[lo].clause {
			lo--
		}
		for hi+1 < s.to && !semicolonBreak(d, hi+1) {
			hi++
		}
		// An if-clause that opens the sentence is the claim's premise: "If
		// the server's clock is stepped forward, Redis measures TTLs with
		// a monotonic clock, so the key still lives" does not make the
		// point that a forward step expires locks early (QA-51b #067).
		if lo > s.from && d.toks[s.from].hypo {
			k := s.from
			for k < lo && d.toks[k].hypo {
				k++
			}
			if k == lo {
				lo = s.from
			}
		}
		out = append(out, Span{Start: d.toks[lo].start, End: d.toks[hi].end})
	}
	return out
}

// semicolonBreak reports whether a semicolon stands just before token k.
func semicolonBreak(d *doc, k int) bool {
	return k > 0 && strings.Contains(d.text[d.toks[k-1].end:d.toks[k].start], ";")
}

// findAsserted is findPointWhere for a match whose every part the
// candidate asserts as the label does (see assertedMatch) and which
// overlaps none of the avoid spans.
func findAsserted(d *doc, pats, reqs []*Pattern, avoid []Span, pol map[string]bool, keep func(d *doc, s sentence) bool) ([]Span, bool) {
	for _, p := range pats {
		c := d.evalFor(p) // taken once, as in findPointWhere
		if c.dead {
			continue
		}
		for si := nextSentIn(d, c, 0); si >= 0; si = nextSentIn(d, c, si+1) {
			if !keep(d, d.sents[si]) {
				continue
			}
			m, ok := p.findIn(d, c, si, false)
			if !ok || commonOnly(d, m) || !assertedMatch(d, m, pol) {
				continue
			}
			spans := m.byteSpans(d)
			if anyOverlap(spans, avoid) {
				continue
			}
			if len(reqs) == 0 {
				return mergeSpans(spans), true
			}
			if rs, ok := findReqs(d, reqs, si, keep); ok && !anyOverlap(rs, avoid) {
				return mergeSpans(append(spans, rs...)), true
			}
		}
	}
	return nil, false
}

// assertedMatch reports whether the candidate asserts m as the point's
// label does (see polarityHolds).
func assertedMatch(d *doc, m match, pol map[string]bool) bool {
	return polarityHolds(d, m.spans, pol)
}

// assertedAsLabel is the quick check of a tick's spans (see
// polarityHolds). When it fails, the point is looked for again
// (findAsserted), match by match.
func assertedAsLabel(d *doc, spans []Span, pol map[string]bool) bool {
	if len(pol) == 0 {
		return true
	}
	var buf [maxParts][2]int // on the stack for a pattern's spans
	toks := buf[:0]
	for _, sp := range spans {
		if a, b := tokensIn(d, sp); a < b {
			toks = append(toks, [2]int{a, b})
		}
	}
	return polarityHolds(d, toks, pol)
}

// polarityHolds reports whether the matched words, and the rest of the
// clause the last of them is in, say the label's verbs the label's way:
// "A GC pause is harmless, because the heartbeat keeps renewing the lease"
// matches "pause & heartbeat", but its clause asserts the renewal that
// "a paused process cannot renew" denies. The words between the matched
// ones are not read: they may belong to another clause ("losing the
// leader does not lose my lock, unlike Redis where the primary
// acknowledges before the replica has the key").
func polarityHolds(d *doc, spans [][2]int, pol map[string]bool) bool {
	if len(pol) == 0 || len(spans) == 0 || assertedRules&rulePolarity == 0 {
		return true
	}
	last := 0
	for _, s := range spans {
		last = max(last, s[1])
		for j := s[0]; j < s[1]; j++ {
			if !polarityAgrees(d, j, pol) {
				return false
			}
		}
	}
	end := d.sents[d.toks[last-1].sent].to
	for k := last; k < end && !d.toks[k].clause; k++ {
		if !polarityAgrees(d, k, pol) {
			return false
		}
	}
	return true
}

// polarityAgrees reports whether token j of d is said the way the label
// says its word: pol maps a lemma to true when the label negates it,
// false when it asserts it; words it does not hold, and words the answer
// does not use as a verb (see afterAuxiliary: "a stop-the-world pause",
// "between renew and write"), agree.
func polarityAgrees(d *doc, j int, pol map[string]bool) bool {
	t := &d.toks[j]
	neg, ok := pol[baseForm(t.wordForms)]
	if !ok || !afterAuxiliary(d.toks, j) {
		return true
	}
	// Only a negator counts: the marks of a rejected claim also cover
	// failure modes an answer describes ("so a failover can lose it").
	return negatedByNegator(d, j) == neg
}

// baseForm is the stem of the word's lemma, or of the word itself:
// "renewing", "renews" and "renew" are one verb, "lost" and "lose" too.
func baseForm(w *wordForms) string {
	if w.lstem != "" {
		return w.lstem
	}
	return w.stem
}

// polarities caches labelPolarity per point label.
var polarities sync.Map // string → map[string]bool

// labelPolarity reads the point's label as an answer and returns, for
// each verb the label says with an auxiliary or a negator before it
// ("cannot renew", "can lose", "does not expire"), whether it negates it:
// in "A paused process cannot renew either, so the lease still expires
// under it; a heartbeat thread can outlive a hung worker" renew is negated
// and outlive asserted. Only such verbs carry the point's polarity: a noun
// is negated as often in a correct answer ("without fencing, the late
// write lands") as in a wrong one. A verb said both ways is left out.
func labelPolarity(p *Point, cache *wordCache) map[string]bool {
	if v, ok := polarities.Load(p.Label); ok {
		return v.(map[string]bool)
	}
	d := analyseWith(p.Label, cache)
	out := map[string]bool{}
	both := map[string]bool{}
	for j := 1; j < len(d.toks); j++ {
		t := &d.toks[j]
		if t.fn || t.code || t.cls&(clsNegator|clsCritic) != 0 || !afterAuxiliary(d.toks, j) {
			continue
		}
		w := baseForm(t.wordForms)
		neg := negatedByNegator(d, j)
		if old, ok := out[w]; ok && old != neg {
			both[w] = true
		}
		out[w] = neg
	}
	for w := range both {
		delete(out, w)
	}
	polarities.Store(p.Label, out)
	return out
}

// afterAuxiliary reports whether token j is a verb in the grip of a
// modal verb: right after one or after "never" ("can lose", "cannot
// renew", "never loses"), or after a modal and one of a few words that
// leave the verb next ("does not lose", "will keep renewing", "must be
// re-acquired"). A copula does not count: what follows "is" is a quality
// or a noun ("is asynchronous", "is not consensus"), not the act the
// point is about, and nouns are negated as often in a correct answer
// ("without fencing, the late write lands") as in a wrong one.
func afterAuxiliary(toks []token, j int) bool {
	same := func(k int) bool { return k >= 0 && toks[k].sent == toks[j].sent }
	if !same(j - 1) {
		return false
	}
	if p := toks[j-1].raw; modalVerbs[p] || p == "never" {
		return true
	}
	return same(j-2) && modalVerbs[toks[j-2].raw] && modalMiddles[toks[j-1].raw]
}

// modalVerbs are the auxiliaries that say what a subject can, will or
// does do, and the verbs of going on ("keeps renewing"). The hypothetical ones (would, could, might, may, should) are
// left out: "watching the holder's node would wake every waiter" says
// what an alternative would do, so an answer's "a release doesn't wake
// every client" agrees with it.
var modalVerbs = setOf(`can will must do does did cannot can't cant won't wont
doesn't doesnt don't dont didn't didnt mustn't mustnt keep keeps kept continue continues`)

// modalMiddles may stand between a modal and its verb.
var modalMiddles = setOf(`not never still also always keep ever be really even`)

// negatedByNegator reports whether token j lies in the scope of a
// negator ("not", "never", "cannot", ...), not of a critic word ("it
// fails when the holder pauses" describes a failure; it does not deny the
// pause).
func negatedByNegator(d *doc, j int) bool {
	n := d.toks[j].negBy
	return n >= 0 && d.toks[n].cls&clsNegator != 0 && negatedBeside(d, [2]int{j, j + 1}, nil, true)
}

// withNegators widens each span to take in a negator outside it whose
// scope covers one of its words, in the same sentence or the rebuttal
// that follows it ("A long TTL makes the lock safe. That is wrong."): the
// quote then says what the answer said, not the claim it rejected.
func withNegators(d *doc, spans []Span) []Span {
	if len(spans) == 0 {
		return spans
	}
	out := make([]Span, 0, len(spans))
	changed := false
	for _, sp := range spans {
		lo, hi := sp.Start, sp.End
		a, b := tokensIn(d, sp)
		for j := a; j < b; j++ {
			t := &d.toks[j]
			if t.negBy < 0 {
				continue
			}
			n := &d.toks[t.negBy]
			if n.sent != t.sent && n.sent != t.sent+1 || n.start >= sp.Start && n.end <= sp.End {
				continue
			}
			lo, hi = min(lo, n.start), max(hi, n.end)
			if t.refuted && n.start < t.start {
				// A rejected claim is quoted with its rejection: "A common
				// mistake is to think that a long TTL makes the lock safe".
				lo = min(lo, d.toks[d.sents[t.sent].from].start)
			}
		}
		changed = changed || lo != sp.Start || hi != sp.End
		out = append(out, Span{Start: lo, End: hi})
	}
	if !changed {
		return spans
	}
	return mergeSpans(out)
}

// contradictions caches, per question and red flag, how the flag
// contradicts each of the question's points.
var contradictions sync.Map // contraKey → []contra

type contraKey struct {
	q *Question
	f *RedFlag
}

// contra is how a red flag contradicts a point.
type contra uint8

const (
	// contraNone: the flag says nothing against the point.
	contraNone contra = iota
	// contraClaim: the flag's explanation or counterpart states the
	// point, so the flagged claim says the opposite: the point is not
	// made by the sentence that makes the claim.
	contraClaim
	// contraAbsent: the flag is raised only where the answer holds none of
	// the point's words (its Unless patterns find them in the point's
	// label), so whatever else seemed to make the point did not.
	contraAbsent
)

// contradicts returns, for each point of q, how red flag f contradicts
// it. The relation is read from the rubric, not declared point by point:
//
//   - a flag's explanation (its Why) says what is true instead of the
//     mistake ("a paused process cannot send heartbeats either, so the
//     lease expires under it", for the TTL taken as safety), and its
//     counterparts are the correct claims: a point whose matchers find it
//     in the explanation, or whose label holds a counterpart, is what the
//     flagged claim denies (contraClaim);
//   - a flag with Unless patterns is raised only when none of them occurs
//     in the answer; when they find the label of just one of the
//     question's points ("compare-and-extend ... my token (a Lua script)"
//     for the bare EXPIRE), the absence test is that point's, and an
//     answer that raises the flag has not made it (contraAbsent). An
//     absence test that finds several labels ("no TTL, lease or expiry
//     anywhere") is about words, not about one point.
func contradicts(q *Question, f *RedFlag, cache *wordCache, lex *lexicon) []contra {
	key := contraKey{q, f}
	if v, ok := contradictions.Load(key); ok {
		return v.([]contra)
	}
	analyse := func(text string) *doc {
		d := analyseWith(text, cache)
		if lex != nil {
			lex.mark(d)
		}
		return d
	}
	unless, counter := f.unless, f.counter
	if f.match == nil {
		unless, _ = compileAll(f.Unless, nil, "", "unless")
		counter, _ = compileAll(f.Counter, nil, "", "counter")
	}
	why := analyse(f.Why)
	all := func(*doc, sentence) bool { return true }
	out := make([]contra, len(q.Points))
	absent := -1 // the one point the flag's absence test singles out
	for i, p := range q.Points {
		label := analyse(p.Label)
		if anyFinds(label, unless) {
			if absent == -1 {
				absent = i
			} else {
				absent = -2
			}
		}
		pats := p.match
		if pats == nil {
			pats, _ = compileAll(p.Match, nil, q.Topic, "match")
		}
		if _, ok := findPointWhere(why, pats, nil, all, all); ok || anyFinds(label, counter) {
			out[i] = contraClaim
		}
	}
	if absent >= 0 {
		out[absent] = contraAbsent
	}
	contradictions.Store(key, out)
	return out
}

// anyFinds reports whether one of pats matches a sentence of d.
func anyFinds(d *doc, pats []*Pattern) bool {
	for _, p := range pats {
		c := d.evalFor(p) // taken once, as in findPointWhere
		if c.dead {
			continue
		}
		for si := range d.sents {
			if _, ok := p.findIn(d, c, si, false); ok {
				return true
			}
		}
	}
	return false
}

// tokensIn returns the range of tokens that overlap byte span sp.
func tokensIn(d *doc, sp Span) (int, int) {
	a := sort.Search(len(d.toks), func(k int) bool { return d.toks[k].end > sp.Start })
	b := a
	for b < len(d.toks) && d.toks[b].start < sp.End {
		b++
	}
	return a, b
}
