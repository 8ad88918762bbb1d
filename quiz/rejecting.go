package quiz

// Rejection carried by a predicate (grader g18). A candidate rejects a
// practice as often with a verb or a judging noun as with a negator: "I'd
// forbid giving each node a replica", "I'd push back on a lock per
// customer", "holding a row lock across the call is an anti-pattern",
// "comparing expires_at with the client's clock is a design I'd throw
// out". The practice is the object of the rejecting verb, or the subject
// of the judging predicate: named, not asserted. The words are set aside
// for the red flags only; the second reader, trained before this rule,
// reads them as before.

// speakerRejects, said by the candidate of what follows them, reject it.
// ("avoid" and "prevent" are not among them: "I'd avoid the race by
// fencing" asserts the means that follows.)
var speakerRejects = setOf(`forbid forbids ban bans veto vetoes reject rejects disallow disallows
oppose opposes`)

// rejectingPhrases are rejecting verbs of two words: "push back on X",
// "argue against X", "throw out X".
var rejectingPhrases = [][2]string{{"push", "back"}, {"pushes", "back"}, {"argue", "against"}, {"argues", "against"},
	{"advise", "against"}, {"warn", "against"}, {"vote", "against"}, {"object", "to"}, {"turn", "down"},
	{"throw", "out"}, {"steer", "clear"}}

// objectEnds end the object of a rejecting verb: what follows "and",
// "then" or "instead" is what the candidate does ("I'd ban the unique
// index and take a lock instead" proposes the lock), and "because" gives
// their reason. A "so" with no comma before it states the purpose of
// the practice rejected ("push back on a huge TTL so two holders never
// overlap"); after a comma it opens the candidate's own clause.
var objectEnds = setOf(`and or then instead but because since`)

// speakerFillers may stand between the speaker and a rejecting verb: "I
// would firmly forbid", "we'd also ban", "I'll always push back on".
var speakerFillers = setOf(`would will should also firmly strongly definitely always flatly
immediately outright just probably`)

// judgingNouns, after a copula, judge its subject as a practice to reject:
// "X is an antipattern", "X is a nonstarter". Their hyphenated spellings
// are two words (see judgedPredicate), as are "a recipe for trouble" and
// "asking for trouble".
var judgingNouns = setOf(`antipattern antipatterns nonstarter`)

// troubleNouns end "a recipe for ...": what the practice leads to.
var troubleNouns = setOf(`disaster disasters trouble pain outages incidents bugs`)

// rejectingVerbAt reports where the rejecting verb said by a speaker at
// toks[k] ends (the token after it), or -1: a speaker ("I", "we", "I'd",
// ...), up to two fillers and no negator, then a rejecting verb.
func rejectingVerbAt(toks []token, k, end int) int {
	if toks[k].cls&clsSpeaker == 0 {
		return -1
	}
	modal := toks[k].raw == "i'd" || toks[k].raw == "we'd"
	for j := k + 1; j < end && j <= k+3; j++ {
		r := toks[j].raw
		if toks[j].cls&clsSpeakerReject != 0 {
			// "we reject writes with a lower token" tells what the system
			// does; "I'd reject X", "we would reject X" refuse a proposal.
			if (r == "reject" || r == "rejects") && !modal {
				return -1
			}
			return j + 1
		}
		if r == "would" || r == "will" || r == "should" {
			modal = true
		}
		// "talk the team out of X"
		if r == "talk" || r == "talks" {
			for m := j + 1; m+1 < end && m <= j+4; m++ {
				if toks[m].raw == "out" && toks[m+1].raw == "of" {
					return m + 2
				}
			}
			return -1
		}
		for _, ph := range rejectingPhrases {
			if r == ph[0] && j+1 < end && toks[j+1].raw == ph[1] {
				if ph[0] == "push" || ph[0] == "pushes" {
					// "push back on X", "push back against X"
					if j+2 < end && (toks[j+2].raw == "on" || toks[j+2].raw == "against") {
						return j + 3
					}
					return -1
				}
				if ph[1] == "clear" && j+2 < end && toks[j+2].raw == "of" {
					return j + 3
				}
				return j + 2
			}
		}
		if toks[j].cls&clsSpeakerFiller == 0 {
			return -1
		}
	}
	return -1
}

// personObject reports an object of a rejecting verb, at toks[v], that is
// a person or a pronoun ("push back on the reviewer", "argue against
// them"): the candidate disputes someone's view, and the view they hold
// instead is their own claim (a reviewer may well be right).
func personObject(toks []token, v, end int) bool {
	for j := v; j < end && j <= v+2; j++ {
		r := toks[j].raw
		if reporters[r] || objectPronouns[r] {
			return true
		}
		if !determiners[r] && r != "my" && r != "our" {
			return false
		}
	}
	return false
}

// judgedPredicate reports a copula at toks[c] whose complement judges its
// subject a practice to reject: a judging noun ("is an anti-pattern", "is
// a recipe for trouble"), or a noun the speaker goes on to reject ("is a
// design I'd throw out", "is something I would forbid", "is a trap we'd
// veto"), within a few words and before any clause break. ("Off the
// table" is not one: "two holders are off the table" rules an outcome
// out, which is a claim.)
func judgedPredicate(toks []token, c, end int) bool {
	for j := c + 1; j < end && j <= c+6; j++ {
		if j > c+1 && toks[j].clause && toks[j].brk != 0 {
			return false
		}
		r := toks[j].raw
		if toks[j].cls&clsNegator != 0 { // isNegator(r)
			return false
		}
		next := ""
		if j+1 < end {
			next = toks[j+1].raw
		}
		if judgingNouns[r] || r == "anti" && (next == "pattern" || next == "patterns") || r == "non" && next == "starter" ||
			(r == "recipe" || r == "asking") && next == "for" && j+2 < end && troubleNouns[toks[j+2].raw] {
			return true
		}
		if j > c+1 && rejectingVerbAt(toks, j, end) >= 0 {
			return true
		}
	}
	return false
}

// refusedOutright reports "get(s) a no from me" at toks[c], with at most
// one word between the article and "no": "X gets a hard no from me". The
// speaker must give the no ("the late write gets a flat no from etcd"
// tells what a store does).
func refusedOutright(toks []token, c, end int) bool {
	j := c + 1
	if j < end && toks[j].raw == "a" {
		j++
	}
	if j+1 < end && toks[j+1].raw == "no" && !toks[j+1].clause {
		j++
	}
	return j > c+1 && j+2 < end && toks[j].raw == "no" && toks[j+1].raw == "from" && (toks[j+2].raw == "me" || toks[j+2].raw == "us")
}

// rejectingWords are the words every rejecting predicate needs one of:
// the rejecting verbs, the first words of rejectingPhrases and of "talk
// X out of", the judging nouns and the first words of their spellings
// in two words, and the "no" of "a hard no from me".
var rejectingWords = func() map[string]bool {
	m := setOf(`talk talks anti non recipe asking no`)
	for _, set := range []map[string]bool{speakerRejects, judgingNouns} {
		for w := range set {
			m[w] = true
		}
	}
	for _, ph := range rejectingPhrases {
		m[ph[0]] = true
	}
	return m
}()

// markRejectingPredicates sets aside, for the red flags, what a
// rejecting predicate names: the object of a rejecting verb the
// candidate says ("I'd forbid X", "we'd push back on X"), with any
// relative clause of its own ("any plan that gives ..."), to the next
// punctuation break or the next "and" (see objectEnds), and the subject of a copula whose complement
// rejects it ("X is an anti-pattern", "X is a design I'd throw out"),
// back to the start of its clause.
func markRejectingPredicates(d *doc) {
	if !hasWordOf(d, clsG18, rejectingWords) { // most answers hold none
		return
	}
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from; k < s.to; k++ {
			if v := rejectingVerbAt(toks, k, s.to); v >= 0 {
				// a clause the speaker opens: the sentence's start, a
				// clause break, or "so"/"and" right before the speaker
				if k > s.from && !toks[k].clause && !coordinators[toks[k-1].raw] {
					continue
				}
				if personObject(toks, v, s.to) {
					continue // "push back on the reviewer: ..." disputes a person's view
				}
				end := v
				for end < s.to && !(toks[end].clause && toks[end].brk != 0) && !objectEnds[toks[end].raw] {
					end++
				}
				for j := v; j < end; j++ {
					toks[j].setAside = true
				}
				continue
			}
			if r := toks[k].raw; ((r == "is" || r == "are" || r == "was" || r == "were") && judgedPredicate(toks, k, s.to) || (r == "get" || r == "gets") && refusedOutright(toks, k, s.to)) && k > s.from {
				from := k - 1
				for from > s.from && !(toks[from].clause && toks[from].brk != '"') && from > k-20 {
					from--
				}
				for j := from; j < k; j++ {
					toks[j].setAside = true
				}
			}
		}
	}
}

// A guarantee said to hold only in one party's view ("a lease lock only
// guarantees exclusivity in the lock service's view of time", "it can
// only promise one holder as the server's clock counts") restricts the
// guarantee: it says what the lock does not promise (grader g18).
// markRestrictedGuarantees reads the restriction after the object ("...
// only from the server's point of view"); markViewRestrictedGuarantees
// reads it when "only" goes with the verb.

// viewNounsG18 name the view a guarantee is restricted to.
var viewNounsG18 = setOf(`view views eyes perspective viewpoint standpoint reckoning books clock clocks opinion terms`)

// viewRestrictors open the phrase that names the view: "in", "from", "by",
// "according to", "as".
var viewRestrictors = setOf(`in from by within according as`)

// markViewRestrictedGuarantees sets aside, for the red flags, a clause
// whose guarantee verb follows "only" (at most two words before it) and
// whose object is followed, within the clause, by a restrictor and a
// view noun: from the clause's start to the view noun.
func markViewRestrictedGuarantees(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for v := s.from + 1; v < s.to; v++ {
			if toks[v].cls&clsGuarantee == 0 || !(toks[v-1].raw == "only" || v-2 >= s.from && toks[v-2].raw == "only") {
				continue
			}
			view := -1
			for j := v + 2; j < s.to && j <= v+12 && !toks[j].clause; j++ {
				if !viewRestrictors[toks[j].raw] {
					continue
				}
				for k := j + 1; k < s.to && k <= j+6 && !toks[k].clause; k++ {
					if viewNounsG18[toks[k].raw] {
						view = k
						break
					}
				}
				if view >= 0 {
					break
				}
			}
			if view < 0 {
				continue
			}
			from := v
			for from > s.from && !toks[from].clause {
				from--
			}
			for j := from; j <= view; j++ {
				toks[j].setAside = true
			}
		}
	}
}
