package quiz

import "strings"

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

// A practice named as the subject of a harm predicate (grader g32a) is
// named to be rejected, not proposed: "holding a transaction open across
// a network call starves the connection pool", "checking isHeld right
// before the call is just hoping", "setting volatile-lru to protect the
// other data is the worst choice for a lock store". The subject is a
// gerund that opens its clause, the practice; the predicate judges it by
// the harm it does. What the gerund names is set aside for the red flags
// alone: the second reader, trained before this rule, reads it as
// before. A negated or emptied harm ("never starves the pool", "starves
// nothing") judges nothing, and a clause after the predicate is the
// candidate's own.

// practiceHarms are verbs whose gerund subject is judged by the harm
// they name: "X starves the pool", "X defeats the purpose". Verbs whose
// harm depends on their object ("breaks", "loses") are not among them:
// "using a fencing token breaks the tie".
var practiceHarms = setOf(`starve starves starved exhaust exhausts corrupt corrupts defeat defeats
undermine undermines invite invites leak leaks`)

// harmHedges may stand between a copula and its judging complement: "is
// just hoping", "is basically wishful thinking".
var harmHedges = setOf(`just only basically merely really simply essentially pure`)

// worstHeads end "the worst ...": "is the worst choice for a lock store".
var worstHeads = setOf(`choice choices option options idea ideas thing way approach policy setting fix design`)

// emptyObjects after a harm verb take the harm back: "starves nothing".
var emptyObjects = setOf(`nothing no none neither`)

// harmAt reports whether a harm predicate starts at toks[k]: a harm verb
// with an object that is not empty, or a copula whose complement, after
// hedges, is a hope ("is just hoping", "is wishful thinking", "is hope")
// or the worst choice.
func harmAt(toks []token, k, end int) bool {
	r := toks[k].raw
	if toks[k].cls&clsPassStart != 0 && practiceHarms[r] {
		return k+1 < end && !emptyObjects[toks[k+1].raw] && toks[k+1].cls&clsNegator == 0
	}
	if r != "is" && r != "was" && r != "are" {
		return false
	}
	j := k + 1
	for j < end && j <= k+3 && harmHedges[toks[j].raw] {
		j++
	}
	if j >= end || toks[j].clause && toks[j].brk != 0 {
		return false
	}
	switch c := toks[j].raw; {
	case c == "hoping" || c == "hope" || c == "wishful":
		return true
	case c == "the" && j+1 < end && toks[j+1].raw == "worst":
		return j+2 >= end || worstHeads[toks[j+2].raw] || toks[j+2].clause && toks[j+2].brk != 0
	}
	return false
}

// gerundSubject returns where the gerund that is the subject of a
// predicate at toks[k] opens its clause, or -1: walking back within the
// clause (a quotation or code does not end it), the clause must open on
// a gerund, at the sentence's start, after punctuation, or after a
// coordinator that follows a comma ("..., and holding X starves Y").
func gerundSubject(toks []token, from, k int) int {
	for j := k - 1; j >= from && j > k-24; j-- {
		t := &toks[j]
		if t.cls&clsNegator != 0 {
			return -1
		}
		opens := j == from || t.clause && t.brk != 0 && t.brk != '"'
		if !opens {
			continue
		}
		if gerund(t.raw) {
			return j
		}
		if coordinators[t.raw] && j+1 < k && gerund(toks[j+1].raw) {
			return j + 1
		}
		return -1
	}
	return -1
}

// gerund reports a word that reads as a gerund: "holding", "checking".
func gerund(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ing") && !notGerunds[w]
}

// notGerunds end in "-ing" but name no practice.
var notGerunds = setOf(`nothing something anything everything during string strings ceiling
morning evening thing things`)

// harmMinimisers play a harm down ("exhausts the pool only at peak",
// "starves the writers slightly", "is wishful elsewhere"), and
// harmEndorsements sell the practice after all ("..., so it is safe",
// "it suffices", "a small price"): the predicate then judges nothing.
var (
	harmMinimisers   = setOf(`only slightly little bit briefly moment occasionally sometimes rarely elsewhere except unless peak`)
	harmEndorsements = setOf(`safe safely fine ok okay suffices sufficient enough works worth price acceptable guarantees guarantee correct protection protects`)
	harmTurns        = setOf(`but yet however though although still so`)
)

// harmTakenBack reports, in toks[from:end] (the rest of the sentence
// after the harm predicate), a minimiser, an endorsement or a clause that
// turns ("but", "yet", "so", a semicolon): the harm is played down or
// outweighed, and the practice may be the candidate's own (grader g30a
// probed these: "exhausts the pool only at peak, so it is a safe way to
// charge once", "is wishful thinking elsewhere, yet with our latency it
// is all the protection required").
//
// Only a reason ("..., because lock keys are exactly the keys with a
// TTL", "..., since the pause can come after") or a contrast that names
// what the practice is not ("..., not a fence", "..., nothing more") may
// follow the predicate after punctuation; any other clause, or a "which"
// ("..., which it always is"), may be the candidate's own verdict.
func harmTakenBack(toks []token, from, end int) bool {
	for j := from; j < end; j++ {
		t := &toks[j]
		if harmMinimisers[t.raw] || harmEndorsements[t.raw] || t.raw == "which" || t.clause && harmTurns[t.raw] {
			return true
		}
		if t.clause && t.brk != 0 && t.brk != '"' && !harmReasons[t.raw] {
			return true
		}
	}
	return false
}

// harmReasons may open a clause after a harm predicate that keeps it:
// a reason, or what the practice is not.
var harmReasons = setOf(`because since as for not nothing`)

// markHarmfulPractices sets aside, for the red flags, the gerund subject
// of a harm predicate (see practiceHarms and harmAt), from the gerund to
// the predicate.
func markHarmfulPractices(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 1; k < s.to; k++ {
			if !harmAt(toks, k, s.to) {
				continue
			}
			g := gerundSubject(toks, s.from, k)
			if g < 0 || harmTakenBack(toks, k+1, s.to) {
				continue
			}
			for j := g; j < k; j++ {
				toks[j].setAside = true
			}
		}
	}
}

// Examples given of a practice named to be rejected are the same practice
// (grader g32a): "The mistake I'd warn about is holding FOR UPDATE across
// slow external work, like opening a transaction, locking the order row,
// calling the payment API, then committing." The rule that rejects the
// practice ends at its clause; the examples that follow after a comma or
// a dash, opened by "like", "such as", "e.g.", "for example", "for
// instance" or "including", name it again. They run to the next strong
// break (a semicolon, colon, dash, parenthesis or a clause opened by
// "so", "because", "but", ...) or the first clause that says something
// of its own (see ownClauseAt: ", and we lock the row ..."): what follows
// is the candidate's own. "like I said", "like this" give no example.

// exampleAt returns where the words of an example opener at toks[k] end
// (the token after it), or -1.
func exampleAt(toks []token, k, end int) int {
	next := ""
	if k+1 < end {
		next = toks[k+1].raw
	}
	switch toks[k].raw {
	case "like":
		if subjectPronouns[next] || next == "this" || next == "that" || next == "these" || next == "those" || next == "so" {
			return -1
		}
		return k + 1
	case "including":
		return k + 1
	case "such":
		if next == "as" {
			return k + 2
		}
	case "e":
		if next == "g" {
			return k + 2
		}
	case "eg":
		return k + 1
	case "for":
		if next == "example" || next == "instance" {
			return k + 2
		}
	}
	return -1
}

// markRejectedExamples sets aside, for the red flags, the examples that
// follow a practice refuted or set aside (see exampleAt).
func markRejectedExamples(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 1; k < s.to; k++ {
			t := &toks[k]
			if !t.clause || !(t.brk == ',' || t.brk == '—' || t.brk == '–') {
				continue
			}
			prev := &toks[k-1]
			if !(prev.refuted || prev.setAside) {
				continue
			}
			e := exampleAt(toks, k, s.to)
			if e < 0 {
				continue
			}
			end := e
			for end < s.to && !(end > e && strongBreak(&toks[end])) && !(toks[end].clause && strongClause[toks[end].raw]) && !(end > e && toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"' && ownClauseAt(toks, end, s.to)) {
				end++
			}
			for j := k; j < end; j++ {
				toks[j].setAside = true
			}
			k = end - 1
		}
	}
}

// A mistake named with a relative clause before its copula ("The mistake
// I see is X", "The misuse I'd call out is X", "The anti-pattern the
// recipe avoids is X") names X with every step listed after a comma:
// "The misuse I'd call out is opening a transaction, SELECT ... FOR
// UPDATE on the order row, then calling the payment provider" (grader
// g32a). The rule that marks the copula's complement ends it at its
// clause; the steps that follow are the same mistake. They run to the
// first clause that says something of its own (see ownClauseAt).

// relativeOpeners open the short relative clause between a mistake noun
// and its copula: "the mistake I see", "the trap teams fall into", "the
// anti-pattern the recipe avoids", "the pitfall here".
var relativeOpeners = setOf(`i i'd i've we we'd we've you you'd people teams team most many everyone
everybody engineers developers devs folks candidates juniors they that which the a here`)

// avoidedBy, in the relative clause of a mistake noun, name what avoids
// the mistake: "the anti-pattern the recipe avoids", "the trap fencing
// prevents".
var avoidedBy = setOf(`avoid avoids avoided prevent prevents prevented`)

// ownClauseAt reports whether a clause starting at toks[x] says
// something of its own rather than going on with the mistake: it opens
// with a strong break or a conjunction of reason, consequence or contrast
// ("so", "but", "because"), "instead" or "rather", a subject ("and we
// lock ..."), or it has a finite verb of its own (see finiteAt: ", a long
// TTL is enough", ", and releasing with DEL works fine", and an order,
// ", call the API").
func ownClauseAt(toks []token, x, end int) bool {
	t := &toks[x]
	if t.brk == ';' || t.brk == ':' || t.brk == '—' || t.brk == '–' || strongClause[t.raw] || t.raw == "instead" || t.raw == "rather" {
		return true
	}
	w := x
	if coordinators[t.raw] && w+1 < end {
		w++
	}
	if subjectPronouns[toks[w].raw] || speakers[toks[w].raw] {
		return true
	}
	e := x + 1
	for e < end && !(toks[e].clause && toks[e].brk != 0 && toks[e].brk != '"') {
		e++
	}
	return finiteAt(toks[x:e]) >= 0
}

// markNamedMistakeSteps sets aside, for the red flags, the complement of
// a mistake noun's copula after a relative clause, near the start of a
// sentence, with the steps listed after it, up to the first clause of
// the candidate's own (see ownClauseAt) or "instead".
func markNamedMistakeSteps(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j < s.to && j < s.from+4; j++ {
			// ("anti-pattern" is two words: "anti", "pattern")
			head := toks[j].cls&clsMistakeNoun != 0 || (toks[j].raw == "pattern" || toks[j].raw == "patterns") && j > s.from && toks[j-1].raw == "anti"
			if !head || j+2 >= s.to || !relativeOpeners[toks[j+1].raw] {
				continue
			}
			c := -1
			for m := j + 2; m < s.to && m <= j+7; m++ {
				// (a negator ends it, "the mistake people never make is
				// X", but not the verb of the practice avoided: "the
				// anti-pattern the recipe avoids is X")
				if toks[m].clause && toks[m].brk != 0 && toks[m].brk != '"' || toks[m].cls&clsNegator != 0 && !avoidedBy[toks[m].raw] {
					break
				}
				if toks[m].raw == "is" || toks[m].raw == "was" {
					c = m
					break
				}
			}
			if c < 0 {
				break
			}
			end := c + 1
			for end < s.to && toks[end].raw != "instead" && !(end > c+1 && toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"' && ownClauseAt(toks, end, s.to)) {
				end++
			}
			for x := c + 1; x < end; x++ {
				toks[x].setAside = true
			}
			break
		}
	}
}

// headingCounts may stand beside a mistake noun in a heading of a few
// words that announces mistakes: "Two mistakes.", "Common pitfalls:",
// "The usual traps."
var headingCounts = setOf(`two three four five several some a few couple of the common typical classic
usual frequent main big biggest top known`)

// mistakesHeading reports a heading, toks[from:to], of at most four words
// made of a mistake noun ("mistakes", "pitfalls", "myths", "gotchas") and
// counts or adjectives only (headingCounts): it announces mistakes and
// says nothing else.
func mistakesHeading(toks []token, from, to int) bool {
	if to-from < 1 || to-from > 4 {
		return false
	}
	named := false
	for k := from; k < to; k++ {
		r := toks[k].raw
		switch {
		case toks[k].cls&clsMistakeNoun != 0 || failureHeads[r] && r != "wrong" && r != "failure" && r != "failures":
			named = true
		case !headingCounts[r]:
			return false
		}
	}
	return named
}

// enumeratorAt returns the number an item of an inline numbered list
// opens with at toks[k] ("1)", "2."), or 0.
func enumeratorAt(d *doc, k int) int {
	t := &d.toks[k]
	if len(t.raw) != 1 || t.raw[0] < '1' || t.raw[0] > '9' || t.end >= len(d.text) || d.text[t.end] != ')' && d.text[t.end] != '.' {
		return 0
	}
	return int(t.raw[0] - '0')
}

// markEnumeratedMistakes (g47, validation FR) sets aside the items of a
// numbered list that a short heading announces as mistakes, where the
// list runs on in the paragraph rather than line by line: "Two mistakes.
// 1) Every waiter watches the holder's node ...: that is the herd
// effect. Watch only your predecessor. 2) Assuming you hold the lock as
// soon as the watch fires." The sentence each number opens names a
// mistake; the sentences after it (the fix) stay the speaker's own. The
// heading is a sentence of its own or the words before a colon that item
// 1 follows ("Common mistakes: 1) ..."). The list ends at a number out of
// sequence.
func markEnumeratedMistakes(d *doc) {
	toks := d.toks
	next := 0 // the number of the item expected next; 0: no list open
	for si, s := range d.sents {
		if next > 0 {
			// (a sentence with no number goes on with the item: its fix,
			// its reason)
			switch enumeratorAt(d, s.from) {
			case next:
				for x := s.from + 1; x < s.to; x++ {
					toks[x].setAside = true
				}
				next++
				continue
			case 0:
			default:
				next = 0
			}
		}
		if mistakesHeading(toks, s.from, s.to) {
			if si+1 < len(d.sents) && enumeratorAt(d, d.sents[si+1].from) == 1 {
				next = 1
			}
			continue
		}
		// "Common mistakes: 1) ...": the heading and item 1 in one sentence
		for k := s.from + 1; k+1 < s.to && k <= s.from+4; k++ {
			if toks[k].clause && toks[k].brk == ':' && mistakesHeading(toks, s.from, k) && enumeratorAt(d, k) == 1 {
				for x := k + 1; x < s.to; x++ {
					toks[x].setAside = true
				}
				next = 2
				break
			}
		}
	}
}
