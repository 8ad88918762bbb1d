package quiz

import "strings"

// Assertion rules of grader g7: ways a sentence names a claim without
// making it that the earlier passes (markNegation, markFrames,
// markMentions) did not read. Each marks tokens refuted (named, not
// claimed) or hypo (a possibility, not a claim); red flags skip both.

// guardVerbs take what they guard against as their object: "fencing
// protects against a holder that lost its lease and writes anyway" names
// the threat, it does not claim the holder may write.
var guardVerbs = setOf(`protect protects protected protecting protection guard guards guarded
guarding defend defends defended defending defence defense safeguard safeguards insurance
insure insures hedge hedges`)

// beliefVerbs, as participles or nouns, report a belief rather than
// state it: "the mistake is setting a huge TTL, thinking the lock can
// then never expire", "the belief that a long TTL keeps you safe".
var beliefVerbs = setOf(`thinking believing hoping pretending trusting expecting imagining
figuring reckoning`)

// beliefNouns followed by "that" name a belief as a topic.
var beliefNouns = setOf(`belief beliefs illusion impression notion idea misconception myth
fallacy hope assumption pretence pretense`)

// ownBelief words before a belief participle make the belief the
// candidate's own ("I'm thinking we should ...", "keep thinking").
var ownBelief = setOf(`i i'm we we're am are was were be been keep keeps kept start started stop
stopped`)

// markNamedClaims applies the g7 assertion rules to an analysed doc.
func markNamedClaims(d *doc) {
	toks := d.toks
	sentEnd := func(k int) int { return d.sents[toks[k].sent].to }
	// claimEnd is where the named claim that starts at from ends: the end
	// of the sentence, or a break the candidate turns at (a semicolon,
	// colon or dash, or "but", "so", "because", ...).
	claimEnd := func(from int) int {
		end := sentEnd(from)
		for j := from + 1; j < end; j++ {
			if toks[j].clause && (strongClause[toks[j].raw] || toks[j].brk == ';' || toks[j].brk == ':' || toks[j].brk == '—' || toks[j].brk == '–') {
				return j
			}
		}
		return end
	}
	for k := range toks {
		t := toks[k]
		switch {
		// "protects against X", "a guard against X", "protects you from X".
		case guardVerbs[t.raw]:
			// "it only protects against threads on one connection" is
			// a claim about the guard's reach, not a threat named.
			if k > 0 && toks[k-1].raw == "only" || k > 1 && toks[k-2].raw == "only" {
				continue
			}
			end := sentEnd(k)
			from := -1
			for j := k + 1; j < end && j <= k+3; j++ {
				if toks[j].raw == "against" || toks[j].raw == "from" && !guardNoun(t.raw) {
					from = j + 1
					break
				}
				if toks[j].clause {
					break
				}
			}
			if from < 0 || from >= end {
				continue
			}
			for j := from; j < claimEnd(from); j++ {
				toks[j].refuted = true
			}
		// "..., thinking the lock can never expire": a belief reported.
		case beliefVerbs[t.raw]:
			if k > 0 && toks[k-1].sent == t.sent && ownBelief[toks[k-1].raw] {
				continue
			}
			if k+1 < sentEnd(k) && (toks[k+1].raw == "about" || toks[k+1].raw == "of") {
				continue // "thinking about it, ...", "thinking of the resource"
			}
			from := k + 1
			if from < sentEnd(k) && toks[from].raw == "that" {
				from++
			}
			if from >= sentEnd(k) {
				continue
			}
			for j := k; j < claimEnd(from); j++ {
				toks[j].refuted = true
			}
		// "the belief that X", "the idea that X".
		case beliefNouns[t.raw] && k+1 < sentEnd(k) && toks[k+1].raw == "that":
			for j := k + 1; j < claimEnd(k+1); j++ {
				toks[j].refuted = true
			}
		// "(just) to be safe", "on the safe side": a precaution, not a
		// claim that anything is safe.
		case t.raw == "safe" && (k > 1 && toks[k-1].raw == "be" && toks[k-2].raw == "to" || k+1 < len(toks) && toks[k+1].raw == "side"):
			toks[k].refuted = true
		// "... writes as if it still held the lock": a counterfactual.
		case t.raw == "as" && k+1 < sentEnd(k) && (toks[k+1].raw == "if" || toks[k+1].raw == "though"):
			end := k + 2
			for end < sentEnd(k) && !(toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"') {
				end++
			}
			for j := k; j < end; j++ {
				toks[j].hypo = true
			}
		}
	}
	markAlternatives(d)
	markNamedAfterColon(d)
	markFailureModes(d)
	markInvertedQuestions(d)
}

// guardNoun reports a guard word used as a noun, whose "from" is not the
// threat ("protection from" still is, "insurance from the vendor" is not).
func guardNoun(w string) bool {
	return w == "insurance" || w == "defence" || w == "defense" || w == "hedge" || w == "hedges"
}

// markAlternatives reads a run of sentences opened by "Or" as a list of
// possibilities, not of claims: "The holder froze. Or its renewer died
// quietly. Or the server forgot the key, a restart or a SETNX then
// EXPIRE." A single "Or" sentence may still offer a design of the
// candidate's own; two or more in a row enumerate hypotheses, and so do
// sentences opened by "maybe", "perhaps" or "possibly" beside them.
func markAlternatives(d *doc) {
	opener := func(si int) string {
		s := d.sents[si]
		return strings.TrimSuffix(d.toks[s.from].raw, ",")
	}
	hedge := func(w string) bool { return w == "maybe" || w == "perhaps" || w == "possibly" }
	for si := 0; si < len(d.sents); {
		if opener(si) != "or" {
			si++
			continue
		}
		sj := si
		for sj < len(d.sents) && opener(sj) == "or" {
			sj++
		}
		if sj-si >= 2 || si > 0 && hedge(opener(si-1)) {
			from := si
			if si > 0 && hedge(opener(si-1)) {
				from = si - 1
			}
			for x := from; x < sj; x++ {
				s := d.sents[x]
				for j := s.from; j < s.to; j++ {
					d.toks[j].hypo = true
				}
			}
		}
		si = sj
	}
}

// mainOpeners, inside an if-clause with no comma, start its main clause:
// a subject fused with its copula ("if the renewal fails it's fine to
// finish").
var mainOpeners = setOf(`it's you're we're they're i'm that's there's`)

// clauseTakers take a clause as their object, so a subject and copula
// after them stay inside the condition ("if it thinks it's the holder").
var clauseTakers = setOf(`think thinks thought believe believes believed know knows knew say says
said assume assumes assumed decide decides decided sure whether that means mean hope hopes
notice notices noticed see sees saw find finds found check checks checked verify verifies
confirm confirms realise realises realize realizes`)

// conditionBefore reports a condition word ("if", "when", "once",
// "after", "unless") at most two words before toks[k] in its sentence:
// "if you check ...".
func conditionBefore(toks []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-2 && toks[j].sent == toks[k].sent; j-- {
		switch toks[j].raw {
		case "if", "when", "once", "after", "unless":
			return true
		}
	}
	return false
}

// thenSubjects, after "then" in an if-clause with no comma, show that
// "then" opens the main clause ("if it fails then we keep going"), not
// that it is an adverb inside the condition ("if the transaction then
// aborts").
var thenSubjects = setOf(`i you we it they the a an this that there yes its our your my nobody
everything it's you're we're that's there's`)

// acrossListItems reports a match whose parts lie in different items of
// a list separated by semicolons (two or more in the sentence): "Kafka
// drops requests with a stale epoch; Elasticsearch primary terms;
// BookKeeper ledger fencing" joins no claim across its items.
func acrossListItems(d *doc, spans [][2]int) bool {
	if len(spans) < 2 {
		return false
	}
	lo, hi := spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		lo, hi = min(lo, s[0]), max(hi, s[1])
	}
	sn := d.sents[d.toks[lo].sent]
	semis, inside := 0, false
	for j := sn.from + 1; j < sn.to; j++ {
		if d.toks[j].clause && d.toks[j].brk == ';' {
			semis++
			if j > lo && j < hi {
				inside = true
			}
		}
	}
	return semis >= 2 && inside
}

// markNamedAfterColon reads what follows a colon as named, not claimed,
// when the words before it announce a mistake through a relative clause
// ("avoid the mistake I've seen in more than one postmortem: holding
// FOR UPDATE across an external call") or someone else's rule or view
// ("A lead I worked with had this rule: ..."), and a mistake named in
// an aside ("Mistake two, which I've seen proposed as the fix, is X").
func markNamedAfterColon(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		colon := -1
		for j := s.from + 1; j < s.to; j++ {
			if toks[j].clause && toks[j].brk == ':' {
				colon = j
				break
			}
		}
		if colon > 0 {
			// the words just before the colon, back to the previous
			// punctuation break
			from := colon - 1
			for from > s.from && !(toks[from].clause && toks[from].brk != 0) && from > colon-14 {
				from--
			}
			named, reporter, report := false, false, false
			for j := from; j < colon; j++ {
				r := toks[j].raw
				if mistakeNouns[r] {
					named = true
				}
				// "my manager's take", not "our team's rule"
				if rr := strings.TrimSuffix(r, "'s"); reporters[rr] && rr != "they" && rr != "answer" && !(j > s.from && (toks[j-1].raw == "our" || toks[j-1].raw == "we")) {
					reporter = true
				}
				if reportVerbs[r] || mentionNouns[r] || viewNouns[r] {
					report = true
				}
			}
			named = named || reporter && report
			if named {
				for j := colon; j < s.to; j++ {
					toks[j].refuted = true
				}
			}
		}
		// "Mistake two, which ..., is X"
		for j := s.from; j < s.to && j < s.from+3; j++ {
			if !mistakeNouns[toks[j].raw] {
				continue
			}
			k := j + 1
			for k < s.to && k <= j+2 && !toks[k].clause {
				k++
			}
			if k >= s.to || toks[k].brk != ',' || k+1 >= s.to || !(relatives[toks[k].raw] || toks[k].raw == "as" || toks[k].raw == "like") {
				continue
			}
			// the aside ends at the next comma; the copula follows it
			c := k + 1
			for c < s.to && c <= k+12 && !(toks[c].clause && toks[c].brk == ',') {
				c++
			}
			if c >= s.to || !(toks[c].raw == "is" || toks[c].raw == "was") {
				continue
			}
			end := c + 1
			for end < s.to && !(toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"' && toks[end].brk != ',') {
				end++
			}
			for x := c + 1; x < end; x++ {
				toks[x].refuted = true
			}
		}
	}
}

// viewNouns name a view someone holds: "a lead I worked with had this
// rule: ...", "my manager's take: ...".
var viewNouns = setOf(`rule rules take view opinion position proposal pitch motto mantra line
stance theory plan`)

// failVerbs followed by "when" or "if" introduce the cases where
// something fails: "It fails when the holder pauses past the TTL, ...,
// and when clients cut corners like SETNX+EXPIRE as two calls".
var failVerbs = setOf(`fails fail failed breaks break broke`)

// markFailureModes marks what follows "fails when", "breaks if", "goes
// wrong when" (to the end of the sentence) as failure cases named, not
// claims; "where people go wrong is X" names X as a mistake; and a
// sentence opened by "It also ..." or "This also ..." after one that
// rejects what came before ("That doesn't make the call happen once.")
// lists another cost of the same rejected practice.
func markFailureModes(d *doc) {
	toks := d.toks
	for si, s := range d.sents {
		for j := s.from; j+1 < s.to; j++ {
			r, n := toks[j].raw, toks[j+1].raw
			wrong := (r == "go" || r == "goes" || r == "went") && n == "wrong"
			if !(failVerbs[r] && (n == "when" || n == "if" || n == "whenever")) && !wrong {
				continue
			}
			// "it only fails when ..." claims the limit.
			if j > s.from && (toks[j-1].raw == "only" || toks[j-1].raw == "never" || toks[j-1].raw == "rarely") {
				continue
			}
			from := j + 2
			if wrong {
				// "where people go wrong is X": from the copula on;
				// "things go wrong when X": from "when" on.
				if from < s.to && (toks[from].raw == "is" || toks[from].raw == "was" || toks[from].raw == "when" || toks[from].raw == "if") {
					from++
				} else {
					continue
				}
			}
			for x := from; x < s.to; x++ {
				toks[x].refuted = true
			}
			break
		}
		if si == 0 || s.to-s.from < 3 || !backRefs[toks[s.from].raw] || toks[s.from+1].raw != "also" {
			continue
		}
		p := d.sents[si-1]
		if !opensRejecting(toks[p.from:p.to]) {
			continue
		}
		for x := s.from; x < s.to; x++ {
			toks[x].refuted = true
		}
	}
}

// opensRejecting reports a sentence that opens by saying what it points
// back to fails: "That doesn't make ...", "This breaks ...", "That's
// wrong".
func opensRejecting(toks []token) bool {
	if len(toks) < 2 || !backRefs[toks[0].raw] {
		return false
	}
	for j := 1; j < len(toks) && j <= 3; j++ {
		if isNegator(toks[j].raw) || toks[j].cls&(clsCritic|clsRebuttal) != 0 || failVerbs[toks[j].raw] {
			return true
		}
	}
	return false
}

// inversions open a question when they start a clause followed by its
// subject: "did worker A pause past the TTL, did redis lose the key, or
// is our code dumb (setnx+expire split)" asks, without a question mark.
var inversions = setOf(`did does is are was were`)

// questionSubjects may follow an inverted auxiliary as its subject.
var questionSubjects = setOf(`i you we it they he she the a an our my your this that there its
their someone anyone somebody anybody redis worker client`)

// markInvertedQuestions marks as probes the clauses after a colon, a
// comma or "or" that open with an inverted auxiliary and its subject, to
// the next strong break.
func markInvertedQuestions(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		if s.question {
			continue
		}
		for j := s.from; j+1 < s.to; j++ {
			if !inversions[toks[j].raw] || !questionSubjects[toks[j+1].raw] {
				continue
			}
			start := j == s.from && j+2 < s.to && toks[j+1].raw != "there" ||
				j > s.from && (toks[j].clause && (toks[j].brk == ':' || toks[j].brk == ',' || toks[j].brk == '—') || toks[j-1].raw == "or" && toks[j-1].clause)
			if !start {
				continue
			}
			// a question needs a second one or a colon before it, so a
			// plain "Is it safe, ..." opening stays a claim's context
			if j == s.from {
				continue
			}
			end := j + 1
			for end < s.to && !(toks[end].clause && (toks[end].brk == ';' || toks[end].brk == '—' || strongClause[toks[end].raw])) {
				end++
			}
			for x := j; x < end; x++ {
				toks[x].probe = true
			}
		}
	}
}
