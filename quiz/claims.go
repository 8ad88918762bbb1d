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
