package quiz

import "strings"

// Denials the red flags read as a negator, and a negator standing between
// the words of a match.
//
// A candidate tells what went wrong as often as what they would build:
// "after the failover the replica didn't keep the lock", "the renewal
// fails to extend the lease", "collisions are hardly negligible". Each of
// these denies the very predicate a red flag matches, so none of them is
// the losing claim. Earlier rounds excused such sentences flag by flag,
// listing the negators each flag's author thought of ("-not|isn't|
// doesn't"), and every list missed some ("didn't", "wasn't", "won't").
// The rules here apply to every red flag at once.

// flagNegators deny the verb after them but are no negators in the
// shared sense (clsNegator): "hardly" and "scarcely" deny what they
// modify ("the window is hardly negligible"), and "fails to", "unable
// to" deny the infinitive that follows ("the replica fails to keep the
// lock"); "disclaims" denies its object ("Redis explicitly disclaims
// strong consistency for WAIT", FX, g49). They are read by the red flags
// alone, so the second reader, trained on the negation scopes as they
// were, and the key points read the text as before.
var flagNegators = setOf(`hardly scarcely disclaim disclaims disclaimed disclaiming`)

// failVerbsTo take an infinitive they deny: "fails to", "unable to".
var failVerbsTo = setOf(`fail fails failed failing unable`)

// markFlagNegation sets flagNegBy for the words a flag-only denial
// covers: forward from it to the end of its clause (see markFlagScope).
// A denial inside a negator's scope opens none ("doesn't fail to").
func markFlagNegation(d *doc) {
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		if t.negBy >= 0 || t.cls&clsPassStart == 0 {
			continue
		}
		start := -1
		switch {
		case flagNegators[t.raw]:
			start = k + 1
		case failVerbsTo[t.raw] && k+1 < len(toks) && toks[k+1].raw == "to" && toks[k+1].sent == t.sent:
			start = k + 2
		}
		if start < 0 {
			continue
		}
		markFlagScope(d, k, start)
	}
	// "there is no guarantee that the replica has the key": a denied
	// guarantee denies its that-clause, as "doesn't guarantee that ..."
	// does (markNegation reaches into the clause of a denied verb, not of
	// a denied noun).
	for k := 1; k+1 < len(toks); k++ {
		t := &toks[k]
		if t.cls&clsPassStart == 0 || !guaranteeNouns[t.raw] || toks[k+1].raw != "that" || !toks[k+1].clause || toks[k+1].brk != 0 || toks[k+1].sent != t.sent {
			continue
		}
		n := t.negBy
		if n < 0 || n > k || toks[n].cls&clsNegator == 0 {
			continue
		}
		markFlagScope(d, n, k+2)
	}
	markRhetorical(d)
}

// rhetoricalVerbs, after "why would you", ask for a need the speaker
// denies: "Why would you need fencing when etcd already guarantees a
// single holder?" says no one needs it (QA-48 H3).
var rhetoricalVerbs = setOf(`need bother care want`)

// rhetoricalSubjects ask it of anyone: "why would you", "why would anyone".
var rhetoricalSubjects = setOf(`you anyone we one somebody someone`)

// rhetoricalGrounds open the clause that gives the question's ground:
// "when etcd already guarantees it", "if the TTL covers it".
var rhetoricalGrounds = setOf(`when if since given`)

// rhetoricalAt reports a question that asserts by asking (see
// markRhetorical), returning the index of its verb: "why would you need X
// when Y?", with its ground in the same sentence and no answer opening the
// next ("Why would you need fencing when etcd guarantees one holder?
// Because the holder can pause ..." asks in order to answer).
func rhetoricalAt(d *doc, si int) int {
	s := d.sents[si]
	toks := d.toks
	if !s.question || s.to-s.from < 6 {
		return -1
	}
	// (g49, QA-49 H3: after an opener, "And honestly, who needs fencing
	// tokens when the TTL is ten times the worst runtime?")
	f := s.from
	// (g50, QA-50 #066: after a topic phrase and its comma, "For release,
	// honestly, who needs a Lua script when a plain DEL does the job?")
	if topicPrepositions[toks[f].raw] {
		for j := f + 1; j < s.to-5 && j <= f+5; j++ {
			if toks[j].clause && toks[j].brk == ',' {
				f = j
				break
			}
		}
	}
	for f < s.to-5 && rhetoricalOpeners[toks[f].raw] {
		f++
	}
	verb := -1
	switch {
	case toks[f].raw == "why" && toks[f+1].raw == "would" && rhetoricalSubjects[toks[f+2].raw] && rhetoricalVerbs[toks[f+3].raw]:
		verb = f + 3
	case toks[f].raw == "who" && toks[f+1].raw == "would" && rhetoricalVerbs[toks[f+2].raw]:
		verb = f + 2
	case toks[f].raw == "who" && rhetoricalVerbsThird[toks[f+1].raw]:
		verb = f + 1
	}
	if verb < 0 || toks[verb].negBy >= 0 {
		return -1
	}
	ground := false
	for k := verb + 1; k < s.to; k++ {
		if toks[k].clause && rhetoricalGrounds[toks[k].raw] {
			ground = true
		}
	}
	if !ground {
		return -1
	}
	if si+1 < len(d.sents) {
		if r := toks[d.sents[si+1].from].raw; r == "because" || r == "well" || r == "simple" || r == "answer" || r == "the" && d.sents[si+1].to-d.sents[si+1].from > 1 && toks[d.sents[si+1].from+1].raw == "answer" {
			return -1
		}
	}
	return verb
}

// rhetoricalOpeners may stand before a rhetorical question's "why" or
// "who": "And honestly, who needs ...?"
var rhetoricalOpeners = setOf(`and but so honestly frankly really seriously i mean like`)

// topicPrepositions open a phrase naming the topic before a question:
// "For release, ...", "As for fencing, ...", "On the TTL, ...".
var topicPrepositions = setOf(`for as on about regarding`)

// rhetoricalVerbsThird, after "who", ask for a need the speaker denies:
// "who needs fencing when ...?", "who cares about the clock when ...?".
var rhetoricalVerbsThird = setOf(`needs cares bothers`)

// markRhetorical lets a rhetorical question raise a red flag
// (rhetorical): the flags' patterns read its words as written ("why would
// you need fencing" is matched as such, as a claim that no one does). The
// second reader and the key points read the question as before.
func markRhetorical(d *doc) {
	for si := range d.sents {
		if rhetoricalAt(d, si) >= 0 || tagQuestion(d, si) {
			d.sents[si].rhetorical = true
		}
	}
}

// questionTags end a statement that asks only to be agreed with: "...,
// so fencing isn't really needed anymore, is it?" (QA-49 #070).
var questionTags = [][]string{{"is", "it"}, {"isn't", "it"}, {"does", "it"}, {"doesn't", "it"}, {"right"},
	{"don't", "you", "think"}, {"wouldn't", "you", "say"}, {"wouldn't", "you", "agree"}, {"agreed"}, {"no"}}

// tagQuestion reports a question that is a statement with a tag after its
// last comma: the statement is claimed.
func tagQuestion(d *doc, si int) bool {
	s := d.sents[si]
	toks := d.toks
	if !s.question {
		return false
	}
	for _, tag := range questionTags {
		from := s.to - len(tag)
		if from-s.from < 4 || !toks[from].clause || toks[from].brk != ',' {
			continue
		}
		ok := true
		for i, w := range tag {
			if toks[from+i].raw != w {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// guaranteeNouns take a that-clause their denial denies: "no guarantee
// that", "no promise that".
var guaranteeNouns = setOf(`guarantee promise assurance`)

// markFlagScope sets flagNegBy, for the denial at toks[k], on the words
// from toks[from] to the end of their clause (at most negForward words
// after k), going on over a noun phrase joined by "and" ("fails to make
// the debit and the credit atomic", see nounConjunct) and into the
// that-clause of a verb of guarantee ("fails to guarantee that failover
// can't lose it").
func markFlagScope(d *doc, k, from int) {
	toks := d.toks
	limit := max(k, from-2) + negForward
	for j := from; j < len(toks) && j <= limit; j++ {
		if toks[j].sent != toks[k].sent {
			break
		}
		if toks[j].clause && j > from {
			switch {
			case toks[j].raw == "that" && toks[j].brk == 0 && complementVerbs[toks[j-1].raw]:
				limit = max(limit, j+negForward)
			case andDeterminer(toks, j) && nounConjunct(d, j) > j:
				limit = max(limit, nounConjunct(d, j)-1)
			default:
				return
			}
		}
		// (a word a negator covers too: "fails to remove the need for
		// fencing" denies the denial a negated pattern looks for)
		if toks[j].flagNegBy == 0 {
			toks[j].flagNegBy = int32(k) + 1
		}
	}
}

// deniedInside reports whether a word of the span s that a part of a red
// flag matched (the part e) is denied by a negator of the families fams
// standing inside s that is not one of the part's own words, in the
// clause the span starts in. negated leaves a negator inside a span
// alone, as the pattern's own ("can't lose the lock"); but a phrase lets
// words stand between its words, and a negator there is the candidate's
// ("the replica didn't keep the lock").
func deniedInside(d *doc, c *evalCtx, e elem, s [2]int, fams negFamily) bool {
	for x := s[0]; x < s[1]; x++ {
		n := d.toks[x].negBy
		if n < s[0] || n >= s[1] || n == x || d.toks[n].cls&clsNegator == 0 || familyOf(d.toks[n].raw)&fams == 0 {
			continue
		}
		if !ownWord(c, e, n) && !clauseStartsIn(d, s[0]+1, n+1) {
			return true
		}
	}
	return false
}

// flagDenied reports whether a word of the span s that the part e
// matched is covered by a flag-only denial (markFlagNegation) that is
// not a word of the match itself: "hardly ever" in a part of its own
// ("collisions hardly ever happen") is what the pattern asserts.
func flagDenied(d *doc, c *evalCtx, e elem, s [2]int, own [][2]int) bool {
	for x := s[0]; x < s[1]; x++ {
		f := int(d.toks[x].flagNegBy) - 1
		if f < 0 || f == x {
			continue
		}
		if inside := f >= s[0] && f < s[1]; inside && !ownWord(c, e, f) || !inside && !inSpans(f, own) {
			return true
		}
	}
	return false
}

// ownWord reports whether token n is one of the words of the element e
// (any leaf of it holds the token).
func ownWord(c *evalCtx, e elem, n int) bool {
	own := false
	e.eachLeaf(func(w *wordSet) {
		if !own && c.leaf(w).has(n) {
			own = true
		}
	})
	return own
}

// deniedClaim reports whether a red flag's match is denied where a
// negation that the pattern's own parts do not spell out covers its
// words. For an asserted pattern: any negator standing between a
// phrase's words (deniedInside). For a polarity-free pattern ("?"),
// which negated ignores: a negator of the families its exclusions list
// (deniable), between a phrase's words or before a part whose scope
// reaches it (negatedFrom). For every pattern: a flag-only denial
// ("hardly", "fails to", "no guarantee that"). A negator inside a part
// of the match is the pattern's own ("the TTL means the job can't be
// taken over") and denies nothing. The exclusions of the red flags name
// the negators their authors thought of ("-not|isn't|doesn't") and rule
// out the whole sentence; this reads the rest of their family, only
// where its scope reaches, so "it didn't matter: the replica keeps the
// lock" stays the claim. "?" before a later part still exempts that
// part.
func (p *Pattern) deniedClaim(d *doc, c *evalCtx, spans [][2]int) bool {
	if p.polarity == Negated {
		// "fails to remove the need for fencing": the denial a negated
		// pattern looks for, itself denied.
		for k, s := range spans {
			if !p.either[k] && flagDenied(d, c, p.parts[k], s, spans) {
				return true
			}
		}
		return false
	}
	// A polarity-free pattern takes the negators its exclusions do not
	// list as part of the claim ("no two workers ever hold the same row,
	// so each job runs exactly once"): only the flag-only denials and the
	// listed families reach it.
	fams := allNegFamilies
	if p.polarity == Either {
		fams = p.deniable
	}
	for k, s := range spans {
		if p.either[k] {
			continue
		}
		if p.polarity == Either && negatedFrom(d, s, spans, fams) || deniedInside(d, c, p.parts[k], s, fams) || flagDenied(d, c, p.parts[k], s, spans) {
			return true
		}
	}
	return false
}

// emphaticNot reports a "not" that opens "not only", "not just" or "not
// merely" paired with a later "but" in its sentence ("not only is it
// fast, but ..."): emphasis, which markNegation does not read as a
// negation either. Without the "but", "not just" sets aside what follows
// ("fencing at the sink, not just bumping the TTL").
func emphaticNot(d *doc, i int) bool {
	if d.toks[i].raw != "not" || i+1 >= len(d.toks) || d.toks[i+1].sent != d.toks[i].sent {
		return false
	}
	if n := d.toks[i+1].raw; n != "only" && n != "just" && n != "merely" {
		return false
	}
	for j := i + 2; j < len(d.toks) && d.toks[j].sent == d.toks[i].sent; j++ {
		if d.toks[j].raw == "but" {
			return true
		}
	}
	return false
}

// clauseStartsIn reports whether a clause starts at a token of [from, to):
// a phrase that runs over a clause break ("all the data, no lock") takes
// its words from two clauses, and a negator opening the second denies
// nothing of the first.
func clauseStartsIn(d *doc, from, to int) bool {
	for j := from; j < to; j++ {
		if d.toks[j].clause {
			return true
		}
	}
	return false
}

// negatedFrom is negatedBeside for deniedClaim: a negator before the
// span, outside the match (own), whose scope covers a word of the span.
// A scope that reaches back from an auxiliary ("the lease can't expire")
// denies the verb after it, not a subject the pattern names as a topic
// ("since the lease can't expire before the job finishes, you can never
// have two holders" still sells the lease as the guarantee).
func negatedFrom(d *doc, s [2]int, own [][2]int, fams negFamily) bool {
	for k := s[0]; k < s[1]; k++ {
		n := d.toks[k].negBy
		if n < 0 || n >= s[0] || familyOf(d.toks[n].raw)&fams == 0 {
			continue
		}
		if q := d.toks[n].quote; q > 0 && d.toks[k].quote != q {
			continue
		}
		if !inSpans(n, own) {
			return true
		}
	}
	return false
}

// negFamily is a set of kinds of negator: an exclusion's list of bare
// negators ("-not|isn't|doesn't") stands for its family, so the words
// its author did not think of ("didn't", "wasn't", "won't") count as the
// ones they did; a family they left out ("never": "UUIDs never collide
// it is a safe fencing token", where "never" reaches over the claim) stays
// out.
type negFamily uint8

const (
	negNot         negFamily = 1 << iota // not, cannot, and every word in n't
	negNever                             // never
	negNo                                // no, none, nothing, nobody, neither, nor
	allNegFamilies = negNot | negNever | negNo
)

// familyOf gives the family of the lower-case negator w, or 0 for a
// negator of none (without, instead, avoid, lack, ...).
func familyOf(w string) negFamily {
	switch w {
	case "not", "cannot":
		return negNot
	case "never":
		return negNever
	case "no", "none", "nothing", "nobody", "noone", "neither", "nor":
		return negNo
	}
	if strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t") {
		return negNot
	}
	return 0
}
