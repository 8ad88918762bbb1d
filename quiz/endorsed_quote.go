package quiz

// A quotation is refuted when the answer reports it (someone said "X"),
// since a candidate who quotes a claim usually goes on to answer it. Some
// go on to agree: "My colleague said "the client can just check its token
// right before writing", and he's right, that works just as well"
// (QA-48 H3). The claim is then the speaker's own.

// endorsingSubjects open an endorsement of what was just quoted: "he's
// right", "and she is correct", "that's true", "which is right".
var endorsingSubjects = setOf(`he she they he's she's they're that that's which it it's this colleague lead manager`)

// endorsingCopulas stand between such a subject and its verdict ("he is
// right", "they were correct").
var endorsingCopulas = setOf(`is was are were`)

// endorsingVerdicts say a quoted claim is so.
var endorsingVerdicts = setOf(`right correct true`)

// endorsementAt reports whether an endorsement opens at toks[k], in its
// sentence before end: "that's what we do", or a subject, an optional
// copula and a verdict, none
// of them negated or hedged ("he's half right", "he's not wrong"), the
// verdict ending its clause, and no contrast after it ("that's true, but
// ...").
func endorsementAt(toks []token, k, end int) bool {
	// g49 (QA-49 H1): "..., and I agree with him", "and we agree": the
	// speaker's own assent, ending its clause as a verdict does.
	if k+1 < end && (toks[k].raw == "i" || toks[k].raw == "we") && (toks[k+1].raw == "agree" || toks[k+1].raw == "agreed") &&
		toks[k+1].negBy < 0 && toks[k+1].flagNegBy == 0 {
		v := k + 1
		if v+2 < end && toks[v+1].raw == "with" && !toks[v+2].clause {
			v += 2
		}
		return endsVerdict(toks, v+1, end)
	}
	if k >= end || !endorsingSubjects[toks[k].raw] {
		return false
	}
	// "that's what we do", "that is what we do": the practice adopted
	if k+3 < end && (toks[k].raw == "that's" && toks[k+1].raw == "what" && toks[k+2].raw == "we" && (toks[k+3].raw == "do" || toks[k+3].raw == "did") ||
		k+4 < end && toks[k].raw == "that" && toks[k+1].raw == "is" && toks[k+2].raw == "what" && toks[k+3].raw == "we" && (toks[k+4].raw == "do" || toks[k+4].raw == "did")) {
		return toks[k+2].negBy < 0 && toks[k+3].negBy < 0
	}
	v := k + 1
	if v < end && endorsingCopulas[toks[v].raw] {
		v++
	}
	if v >= end || !endorsingVerdicts[toks[v].raw] || toks[v].negBy >= 0 || toks[v].flagNegBy > 0 || grantsLess[toks[v-1].raw] {
		return false
	}
	// "he's right about that", "she is right on this" (QA-49b #103): the
	// verdict of what was just said, whole.
	if v+2 < end && (toks[v+1].raw == "about" || toks[v+1].raw == "on") && (toks[v+2].raw == "that" || toks[v+2].raw == "this" || toks[v+2].raw == "it") && !toks[v+1].clause {
		return endsVerdict(toks, v+3, end)
	}
	// The verdict ends its clause: "that is true and irrelevant", "true,
	// but beside the point", "he's right that it is simpler" grant
	// something else, or less.
	return endsVerdict(toks, v+1, end)
}

// grantsLess, just before a verdict, grant less than the claim: "he's
// half right", "technically true".
var grantsLess = setOf(`half partly partially only not technically`)

// verdictContrasts open a clause that takes a verdict back in part: "that's
// true, but ...".
var verdictContrasts = setOf(`but though except however`)

// endsVerdict reports whether a verdict ends its clause at toks[e]: the
// sentence ends there, or a clause opens there with a break before it and
// no contrast.
func endsVerdict(toks []token, e, end int) bool {
	return e == end || toks[e].clause && toks[e].brk != 0 && !verdictContrasts[toks[e].raw]
}

// markEndorsedQuotes marks as endorsed the refuted quotation of a sentence
// that, after the quotation, endorses it ("..., and he's right"), or of
// the sentence before one that opens by endorsing it ("He's right.",
// "And he's right: ..."). Only the words inside the quotation marks are
// endorsed: a refutation around them stands.
func markEndorsedQuotes(d *doc) {
	toks := d.toks
	// (g49, QA-49 H1: a quotation the sentence does not refute is still a
	// mention for the red flags, a whole claim quoted; endorsed, it is
	// claimed: "as antirez put it, "with these rules Redlock is as safe
	// as a consensus system", and I agree with him")
	endorse := func(s sentence) {
		for j := s.from; j < s.to; j++ {
			if toks[j].quote > 0 {
				toks[j].endorsed = true
			}
		}
	}
	// reported marks, in a sentence without quotation marks, the refuted
	// words from the first one after a reporter ("a colleague told me
	// ...") to the sentence's end, when a clause after them endorses what
	// was reported ("..., and she's right, so I release with DEL").
	reported := func(s sentence) {
		rep, first := -1, -1
		for j := s.from; j < s.to; j++ {
			if rep < 0 && toks[j].cls&clsReporter != 0 && !toks[j].refuted {
				rep = j
			}
			if rep >= 0 && first < 0 && j > rep && toks[j].refuted {
				first = j
			}
		}
		if first < 0 {
			return
		}
		for k := first + 1; k < s.to; k++ {
			if (toks[k].clause || toks[k-1].raw == "and") && endorsementAt(toks, k, s.to) {
				for j := first; j < s.to; j++ {
					if toks[j].refuted {
						toks[j].endorsed = true
					}
				}
				return
			}
		}
	}
	for si, s := range d.sents {
		lastQuote := -1
		for j := s.from; j < s.to; j++ {
			if toks[j].quote > 0 {
				lastQuote = j
			}
		}
		if lastQuote < 0 {
			reported(s)
		}
		if lastQuote >= 0 && adoptedBefore(toks, s) {
			endorse(s)
		}
		if lastQuote >= 0 {
			for k := lastQuote + 1; k < s.to; k++ {
				if toks[k].quote == 0 && (toks[k].clause || toks[k-1].raw == "and") && endorsementAt(toks, k, s.to) {
					endorse(s)
					break
				}
			}
		}
		if si > 0 {
			k := s.from
			if k < s.to && (toks[k].raw == "and" || toks[k].raw == "honestly" || toks[k].raw == "actually") {
				k++
			}
			if endorsementAt(toks, k, s.to) {
				endorse(d.sents[si-1])
			}
		}
	}
}

// dismissiveVerbs, after an imperative "don't", dismiss what follows as
// not worth doing: "don't bother with fencing tokens" says they are not
// needed, where "don't use SETNX then EXPIRE" rejects a practice.
var dismissiveVerbs = setOf(`bother worry`)

// scareVerbs, after "don't let X", wave a risk off: "don't let the race
// scare you".
var scareVerbs = setOf(`scare scares frighten frightens worry worries bother bothers spook spooks fool fools`)

// letDismissal reports "let X <scare verb> you" at toks[k], the verb within
// five words of "let" and in its clause.
func letDismissal(toks []token, k, to int) bool {
	if toks[k].raw != "let" {
		return false
	}
	for j := k + 1; j < to && j <= k+5; j++ {
		if toks[j].clause {
			return false
		}
		if scareVerbs[toks[j].raw] {
			return true
		}
	}
	return false
}

// markDismissiveImperatives marks as endorsed the words of a clause that
// opens "Don't bother with X" or "Don't worry about X", which a rule for
// imperatives refuted as a practice rejected: the speaker claims X is not
// needed (QA-48 H3: "Don't bother with fencing tokens, because the
// heartbeat keeps the lease alive"). The red flags and the key points
// read the clause, denied, as the claim it is; the second reader reads it
// as before.
func markDismissiveImperatives(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		k := s.from
		switch {
		case k+1 < s.to && (toks[k].raw == "don't" || toks[k].raw == "dont" || toks[k].raw == "never"):
			k++
		case k+2 < s.to && toks[k].raw == "do" && toks[k+1].raw == "not":
			k += 2
		default:
			continue
		}
		// g50 (QA-50b #070): "Don't let the race scare you ...: at our
		// traffic the window is so tiny that skipping coordination is
		// fine" waves the risk off, and what follows its colon is the
		// speaker's reason: the whole sentence is claimed.
		if letDismissal(toks, k, s.to) {
			for j := s.from; j < s.to; j++ {
				if toks[j].refuted {
					toks[j].endorsed = true
				}
			}
			continue
		}
		if !dismissiveVerbs[toks[k].raw] {
			continue
		}
		for j := s.from; j < s.to && (j <= k || !toks[j].clause); j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
}

// adoptingVerbs, after "I" or "we" before a quotation, make the speaker
// its holder: "My tech lead's rule, which I follow and would defend here:
// "..."" (g53, QA-53b #083).
var adoptingVerbs = setOf(`follow follows followed defend stand apply use adopt agree share`)

// adoptedBefore reports a sentence whose words before its first
// quotation say the speaker adopts it ("which I follow", "that we
// apply", "I'd defend"), none of them negated or supposed.
func adoptedBefore(toks []token, s sentence) bool {
	first := -1
	for j := s.from; j < s.to; j++ {
		if toks[j].quote > 0 {
			first = j
			break
		}
	}
	for k := s.from; k < first; k++ {
		if r := toks[k].raw; r != "i" && r != "we" && r != "i'd" && r != "we'd" {
			continue
		}
		for v := k + 1; v < first && v <= k+3; v++ {
			t := toks[v]
			if t.negBy >= 0 || t.cls&clsNegator != 0 || t.hypo {
				break
			}
			if adoptingVerbs[t.raw] {
				return true
			}
		}
	}
	return false
}
