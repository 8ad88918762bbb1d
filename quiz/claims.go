package quiz

import (
	"bytes"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// relativeGap reports whether the clause [from, end) after "idea that"
// ends on a verb or a preposition with its object missing: "an academic
// idea that no real system needs", "a trick that nobody relies on". That
// is a relative clause describing the idea, which the sentence asserts,
// not the content of a belief ("the idea that fencing is optional").
func relativeGap(toks []token, from, end int) bool {
	if end-from < 2 {
		return false
	}
	return gapEnds[toks[end-1].raw]
}

// gapEnds close a relative clause whose object is the noun before it.
// (active forms only: "the idea that fencing tokens are not needed" ends
// on a passive, whose subject is there, and is a belief's content)
var gapEnds = setOf(`need needs use uses want wants require requires implement implements support supports
adopt adopts build builds run runs ship ships on with about for`)

// beliefNouns followed by "that" name a belief as a topic.
var beliefNouns = setOf(`belief beliefs illusion impression notion idea misconception myth
fallacy hope assumption pretence pretense`)

// sentCues are, per sentence (bit si), the cues the g10 passes look for,
// found in one walk over the tokens: the passes then visit only the
// sentences that hold their cue. all is set when the answer has more
// sentences than a mask holds.
type sentCues struct {
	only, colon, commas, appear, doubt, judged uint64
	all                                        bool
}

func (c sentCues) has(mask uint64, si int) bool { return c.all || mask>>uint(si)&1 == 1 }

// add records the cues of token k: "only", a colon, a comma (counted in
// commas), an appearance verb, a doubt, and a critic or a word judging
// what a relative clause is said of.
func (c *sentCues) add(d *doc, k int, commas *[64]uint8) {
	t := &d.toks[k]
	bit := uint64(1) << uint(t.sent)
	if t.cls&clsCritic != 0 {
		c.judged |= bit
	}
	if t.clause {
		switch t.brk {
		case ':':
			c.colon |= bit
		case ',':
			if commas[t.sent] < 255 {
				commas[t.sent]++
			}
		}
	}
	if t.raw == "only" {
		c.only |= bit
	}
	if t.cls&clsNamed != 0 {
		switch r := t.raw; {
		case t.cls&clsAppear != 0:
			c.appear |= bit
		case t.cls&clsDoubt != 0 || r == "stretch":
			c.doubt |= bit
		case t.cls&(clsApproval|clsBreakVerb) != 0 || missesPoint(d.toks, k):
			c.judged |= bit
		}
	}
}

// appearJudgements follow an appearance verb (appearVerbs) as its
// judgement: "sounds right", "seems safe", "looks fine".
var appearJudgements = setOf(`right safe fine reasonable correct good obvious sensible enough
sufficient attractive simple like to natural tempting neat clean elegant clever appealing convenient
plausible harmless innocent easy tidy solid robust nice great airtight bulletproof`)

// markAppearances reads a view judged by appearance and turned by a
// contrast later in its sentence as named, not claimed: "Locking per
// customer sounds right and prevents simultaneous duplicates, but retries
// come later", "A long TTL looks safe, yet a pause outlasts it". What
// follows the contrast is the candidate's own.
func markAppearances(d *doc, cues sentCues) {
	toks := d.toks
	for si, s := range d.sents {
		if !cues.has(cues.appear, si) {
			continue
		}
		seen := -1
		for j := s.from; j+1 < s.to; j++ {
			// (a judgement denied after "and" is negated by that
			// denial: "look harmless and aren't")
			if seen < 0 && toks[j].cls&clsAppear != 0 && appearJudgements[toks[j+1].raw] && (toks[j].negBy < 0 || toks[j].negBy > j+1 && andDenied(toks, j+2, s.to)) {
				seen = j
				continue
			}
			if seen >= 0 && toks[j].clause && (toks[j].raw == "but" || toks[j].raw == "yet" || toks[j].raw == "however") && toks[seen].negBy < 0 {
				from := seen
				for from > s.from && !(toks[from].clause && toks[from].brk != 0) {
					from--
				}
				for x := from; x < j; x++ {
					toks[x].refuted = true
				}
				break
			}
			// red16: "X, Y, look harmless and aren't": "and" with a
			// denial turns the appearance too, and an appearance verb
			// that opens its clause has its subject before it (set
			// aside, not refuted: the second reader reads these words
			// as it was trained to)
			if seen >= 0 && andDenied(toks, j, s.to) {
				from := seen
				for from > s.from && !(toks[from].clause && toks[from].brk != 0) {
					from--
				}
				if from == seen && toks[seen].clause {
					from = s.from
				}
				for x := from; x < j; x++ {
					toks[x].setAside = true
				}
				break
			}
		}
	}
}

// andDenied reports "and" at toks[j] opening a denied auxiliary that
// turns an appearance as "but" does: "look harmless and aren't", "seems
// fine and (it) isn't", "sounds safe and is not".
func andDenied(toks []token, j, end int) bool {
	if toks[j].raw != "and" {
		return false
	}
	k := j + 1
	if k < end && (toks[k].raw == "it" || toks[k].raw == "they") {
		k++
	}
	if k >= end {
		return false
	}
	r := toks[k].raw
	return copulas[strings.TrimSuffix(r, "n't")] && strings.HasSuffix(r, "n't") ||
		copulas[r] && k+1 < end && toks[k+1].raw == "not"
}

// heldBeliefs name, before "is that", a belief the speaker does not
// share: "A common belief is that X", "the expectation was that X".
var heldBeliefs = setOf(`belief misconception myth fallacy illusion notion impression claim argument pitch`)

// heldViews name, before "is that", a view someone holds as heldBeliefs
// do ("the expectation was that X", "the premise is that X"), unless the
// candidate owns it ("my expectation is that X"); "mental model" does too
// ("the colleague's mental model is that X"), unlike "the data model is
// that", and so does an assumption judged hidden or naive ("the hidden
// assumption in many designs is that X"), unlike "the assumption is that
// X", which may state the candidate's own premise.
var (
	heldViews        = setOf(`expectation premise`)
	judgedAssumption = setOf(`hidden implicit unstated tacit naive silent dangerous false wrong common usual`)
)

func heldView(toks []token, k int) bool {
	if k == 0 || toks[k-1].raw == "my" || toks[k-1].raw == "our" {
		return false
	}
	p := toks[k-1].raw
	return heldViews[toks[k].raw] || toks[k].raw == "model" && p == "mental" ||
		(toks[k].raw == "assumption" || toks[k].raw == "assumptions") && judgedAssumption[p]
}

// viewCopula returns the index of "that" after the "is" or "was" that
// follows a held view at toks[k], allowing a short phrase between them
// ("the hidden assumption in many queue designs is that"), or -1.
func viewCopula(toks []token, k, end int) int {
	for c := k + 1; c+1 < end && c <= k+6; c++ {
		if toks[c].clause && toks[c].brk != 0 {
			return -1
		}
		if (toks[c].raw == "is" || toks[c].raw == "was") && toks[c+1].raw == "that" {
			return c + 1
		}
	}
	return -1
}

// ownBelief words before a belief participle make the belief the
// candidate's own ("I'm thinking we should ...", "keep thinking").
var ownBelief = setOf(`i i'm we we're am are was were be been keep keeps kept start started stop
stopped`)

// namedWords are the words the per-token loops of this file act on; a
// token outside them is skipped on one bit of its cached word class.
var namedWords = func() map[string]bool {
	m := setOf(`safe as about unlike what go goes went audit review inspect scan check verify from
misses miss missed missing defeat defeats defeated defeating leap lose loses lost losing stretch
model expectation premise assumption assumptions`)
	for _, set := range []map[string]bool{guardVerbs, beliefVerbs, beliefNouns, failVerbs, inversions, approvalVerbs, breakVerbs, appearVerbs, doubtVerbs} {
		for w := range set {
			m[w] = true
		}
	}
	return m
}()

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
	// the g10 passes' cues are gathered on this walk (see sentCues)
	cues := sentCues{all: len(d.sents) > 64}
	var commas [64]uint8
	for k := range toks {
		t := &toks[k]
		if !cues.all {
			cues.add(d, k, &commas)
		}
		if t.cls&clsNamed == 0 {
			continue
		}
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
		case beliefNouns[t.raw] && k+1 < sentEnd(k) && toks[k+1].raw == "that" && !relativeGap(toks, k+2, claimEnd(k+1)):
			for j := k + 1; j < claimEnd(k+1); j++ {
				toks[j].refuted = true
			}
		// "A common belief is that X", "the misconception was that X"
		// (not "the idea is that X", which explains a design).
		case heldBeliefs[t.raw] && k+2 < sentEnd(k) && (toks[k+1].raw == "is" || toks[k+1].raw == "was") && toks[k+2].raw == "that":
			for j := k + 2; j < claimEnd(k+2); j++ {
				toks[j].refuted = true
			}
		// red16: set aside, not refuted (the second reader reads these
		// words as it was trained to)
		case heldView(toks, k) && viewCopula(toks, k, sentEnd(k)) > 0:
			that := viewCopula(toks, k, sentEnd(k))
			for j := that; j < claimEnd(that); j++ {
				toks[j].setAside = true
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
	markScareQuotes(d)
	markRestrictedGuarantees(d)
	for si := range d.sents {
		if si < 64 && commas[si] >= 2 {
			cues.commas |= 1 << uint(si)
		}
	}
	markAppearances(d, cues)
	markOutdoneByNext(d)
	markDeniedByWhich(d)
	markJudgedByWhich(d)
	markFirstImpulses(d)
	markBadHabits(d)
	markHedgedBeliefs(d)
	markReportedProposals(d)
	markCounterfactuals(d)
	markJudgedInPlace(d)
	markW8(d)
	markNamedAfterColon(d)
	markFailureModes(d)
	markFailureLists(d)
	markClaimColumns(d)
	markOptionLists(d)
	markDialogueTurns(d)
	markRejectedLabels(d)
	markTurnedBack(d)
	markFalseImpressions(d)
	markDistinguished(d)
	markInvertedQuestions(d)
	markEmbeddedQuestions(d)
	markRejectedClefts(d)
	markRejectingPredicates(d)
	markHarmfulPractices(d)
	markNamedMistakeSteps(d)
	markEnumeratedMistakes(d)
	markViewRestrictedGuarantees(d)
	markTemptingVersions(d)
	markHedgedRebutted(d)
	markWorstCleft(d)
	markRebuffedBefore(d)
	markJudgedAttempts(d)
	markWarnedUrges(d)
	markParentheticalVerdicts(d)
	markTrailingNo(d)
	markDeniedThat(d)
	markDeniedSubjects(d)
	markQualifiedPractices(d)
	markDisownedSayings(d)
	markJudgedPropositions(d)
	markIncidentCauses(d)
	markFailureConsequences(d)
	markFormerPractice(d)
	markWarStories(d)
	markOldPractice(d)
	markOverriddenDefaults(d)
	markHarmfulCauses(d)
	markJudgedByRelative(d, cues)
	markFailureNarratives(d, cues)
	markNarratedFailures(d)
	markIdentifiedFailures(d)
	markAnsweredNo(d, cues)
	markDeniedConditions(d, cues)
	markDoubts(d, cues)
	markScenarios(d)
	// after every other pass that refutes: it records the words that only
	// a definition refutes (definedBy)
	markProblemDefinitions(d)
	// after every pass that names a practice to reject: its examples
	markRejectedExamples(d)
	// last: it continues what the passes above marked
	markOrContinuations(d)
	// after every pass that refutes a quotation: the speaker may take it up
	markEndorsedQuotes(d)
	markDismissiveImperatives(d)
	// after every pass that refutes: it takes back two readings of them
	markClaimedAfterAll(d)
	markCalledThenRebutted(d)
}

// instinctNouns are first responses by their meaning ("the instinct is to
// raise the TTL").
var instinctNouns = setOf(`instinct impulse reflex temptation`)

// scenarioOpeners open a sentence that sets up a scenario to look at
// ("Imagine ...", "Picture ...", "Suppose ..."), and counterfactualOpeners
// one that says what would happen otherwise ("Without the predecessor
// watch, all waiters would ...", "Had the TTL been longer, ..."; not
// "Otherwise, ...", which also opens the candidate's other cases).
var (
	scenarioOpeners       = setOf(`imagine picture suppose say assume`)
	counterfactualOpeners = setOf(`without had`)
	counterfactualModals  = setOf(`would could might 'd`)
)

// markScenarios marks as possibilities a scenario set up by an imperative
// ("Imagine holding the lock for the whole call: a slow provider outlives
// the TTL") and what a counterfactual says would happen ("Without the
// predecessor watch, all waiters would watch the holder"). A scenario
// with "you" or "we" doing the imagining ("we imagine ...") is not one.
func markScenarios(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		first := toks[s.from].raw
		mark := false
		switch {
		case scenarioOpeners[first] && s.from+1 < s.to && !toks[s.from+1].clause && toks[s.from+1].raw != "that" && first != "say" && first != "assume":
			mark = true
		case first == "say" && s.from+1 < s.to && toks[s.from+1].clause && toks[s.from+1].brk == ',':
			mark = true
		case counterfactualOpeners[first]:
			for j := s.from + 1; j < s.to; j++ {
				// ("Without it, I would ..." is the candidate's plan)
				if (counterfactualModals[toks[j].raw] || strings.HasPrefix(toks[j].raw, "would")) && !(toks[j-1].raw == "i" || toks[j-1].raw == "we") {
					mark = true
					break
				}
			}
		}
		if !mark {
			continue
		}
		for j := s.from; j < s.to; j++ {
			toks[j].hypo = true
		}
	}
}

// harmWords name a harm done ("the stale write got through", "the
// database had nothing to compare", "we charged twice"); harmPairs are
// two-word harms.
var (
	expiryHarms = setOf(`expires expired lapses lapsed outlives outlived runs ran`)
	harmWords   = setOf(`lost overwrote overwritten clobbered corrupted corrupting twice duplicated
duplicates duplicate double doubled`)
	harmPairs = map[[2]string]bool{{"got", "through"}: true, {"slipped", "through"}: true, {"went", "through"}: true,
		{"accepted", "both"}: true, {"couldn't", "tell"}: true, {"had", "nothing"}: true,
		{"went", "wrong"}: true, {"both", "wrote"}: true, {"both", "writes"}: true}
	// twoOwners are harms only after "that's how / why" ("— that's how
	// you get two writers"): elsewhere they are as often denied ("so two
	// workers can never pick the same job").
	twoOwners = map[[2]string]bool{{"two", "writers"}: true, {"two", "holders"}: true, {"two", "leaders"}: true,
		{"two", "workers"}: true, {"two", "owners"}: true}
	harmOpeners = map[[2]string]bool{{"which", "is"}: true, {"that's", "where"}: true, {"that's", "why"}: true, {"that", "is"}: true,
		{"and", "of"}: true, {"which", "meant"}: true, {"so", ""}: true, {"hence", ""}: true, {"and", "so"}: true,
		{"that's", "how"}: true, {"until", ""}: true}
)

// safeguards are the verbs of what a design is for: protecting,
// deduplicating, stopping, catching, rejecting, telling apart (by stem
// prefix, so every form counts).
var safeguards = []string{"dedup", "de-dup", "protect", "stop", "prevent", "catch", "reject", "block",
	"detect", "fence", "guard", "recogni", "match", "notic", "tell", "help"}

// safeguardDenied reports a negator at toks[x] (nothing, nobody, never)
// whose verb, the first word after it past auxiliaries and adverbs, is a
// safeguard: "nothing is ever deduplicated", "never matches a retry".
// "without any deduplication logic" and "don't need to dedupe" deny a
// cost, and "so the provider doesn't reject a legitimate retry" gives a
// purpose: neither tells a safeguard failing.
func safeguardDenied(toks []token, x, end int) bool {
	r := toks[x].raw
	if r != "nothing" && r != "nobody" && r != "never" {
		return false
	}
	j := x + 1
	for j < end && !toks[j].clause && negSkips[toks[j].raw] {
		j++
	}
	if j >= end || toks[j].clause {
		return false
	}
	return safeguardWord(toks[j].raw)
}

// threatNouns name what threatens a lock's holder: as the subject of a
// denied safeguard verb ("a GC pause will never stop the renewals") they
// deny the threat its effect.
var threatNouns = setOf(`pause pauses gc stall stalls freeze freezes crash crashes failover failovers
outage outages partition partitions restart restarts`)

// threatSubject reports a threat noun among toks[from:to], the words
// before a negator in its clause.
func threatSubject(toks []token, from, to int) bool {
	for y := from; y < to; y++ {
		if threatNouns[toks[y].raw] {
			return true
		}
	}
	return false
}

// safeguardWord reports a word of a safeguard (see safeguards).
func safeguardWord(w string) bool {
	for _, g := range safeguards {
		if strings.HasPrefix(w, g) {
			return true
		}
	}
	return false
}

// negSkips stand between a negator and its verb: "nothing is ever
// deduplicated", "can't really tell".
var negSkips = setOf(`is are was were be been being ever gets get got really actually even
can could will would does do did`)

// markFailureConsequences reads a design told with the harm it did ("our
// so-called fencing token was a UUID, so the database had nothing to
// compare", "we used the lock's UUID as the token, which is why the stale
// write got through", "..., and of course the storage couldn't tell which
// was newer"): what led to the harm is named as its cause, not proposed.
// "so-called" disowns its clause the same way.
func markFailureConsequences(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j < s.to; j++ {
			t := &toks[j]
			if t.raw == "called" && j > s.from && toks[j-1].raw == "so" && !toks[j].clause {
				for x := j; x < s.to && (x == j || !toks[x].clause); x++ {
					toks[x].refuted = true
				}
				continue
			}
			if !t.clause || j == s.from {
				continue
			}
			// "new key per retry = no dedupe at all": what it leads to is
			// a safeguard denied
			if t.brk == '=' && (t.raw == "no" || t.raw == "nothing" || t.raw == "never") && (safeguardDenied(toks, j, s.to) || j+1 < s.to && safeguardWord(toks[j+1].raw)) {
				for x := s.from; x < j; x++ {
					toks[x].refuted = true
				}
				break
			}
			next := ""
			if j+1 < s.to {
				next = toks[j+1].raw
			}
			if t.cls&clsHarmOpener == 0 || !harmOpeners[[2]string{t.raw, next}] && !harmOpeners[[2]string{t.raw, ""}] {
				continue
			}
			if t.raw == "which" && !(j+2 < s.to && (toks[j+2].raw == "why" || toks[j+2].raw == "where" || toks[j+2].raw == "exactly" && j+3 < s.to && (toks[j+3].raw == "where" || toks[j+3].raw == "why"))) && next != "meant" ||
				t.raw == "that" && !(j+2 < s.to && toks[j+2].raw == "why") || t.raw == "and" && next == "of" && !(j+2 < s.to && toks[j+2].raw == "course") {
				continue
			}
			if t.raw == "so" && next == "called" {
				continue
			}
			harm := false
			for x := j + 1; x < s.to && x <= j+10; x++ {
				if x+1 < s.to && (harmPairs[[2]string{toks[x].raw, toks[x+1].raw}] || t.raw == "that's" && twoOwners[[2]string{toks[x].raw, toks[x+1].raw}]) {
					harm = true
					break
				}
				// "so no lock is lost": a harm denied is none; "so
				// nothing is deduplicated", "so nothing stops the second
				// charge": a safeguard denied is the harm
				if toks[x].cls&clsNegator != 0 {
					harm = safeguardDenied(toks, x, s.to)
					// g20g: "so a GC pause will never stop the
					// keepalives": the threat denied its effect is a
					// benefit sold, not a safeguard that failed (the
					// second reader still reads it as before)
					if harm && threatSubject(toks, j+1, x) {
						harm = false
						for y := s.from; y < j; y++ {
							toks[y].readerRefuted = true
						}
					}
					break
				}
				// after a bare "so", only a harm told in the past (a
				// pair): "so duplicates are dropped" gives a purpose
				if where := t.raw == "which" || t.raw == "that's"; where && expiryHarms[toks[x].raw] {
					harm = true
					break
				}
				if harmWords[toks[x].raw] && (t.raw != "so" && t.raw != "hence" && t.raw != "and" || t.raw == "and" && next == "of") {
					harm = true
					break
				}
			}
			if !harm {
				continue
			}
			for x := s.from; x < j; x++ {
				toks[x].refuted = true
			}
			break
		}
	}
}

// conditionHeads, after "only", restrict a claim to a condition: "safe
// only if pauses are bounded", "only in a world without GC pauses".
var conditionHeads = setOf(`if when in with under while provided assuming`)

// markDeniedConditions reads a claim restricted to a condition that the
// sentence then denies as named, not claimed: "Redlock is safe only in
// a world without GC pauses, which is not ours", "... only if clocks
// behave, and they don't", "... only if WAIT undid the SET; it does
// neither", "... only if no instance could start late, and one can" (a
// negative condition denied by its affirmative echo). What comes before
// "only" in its clause is named, and so is a condition opened by "if",
// "when", ... up to its denial. A claim put as a necessary condition of a
// hypothesis ("X would be atomic only if nothing could crash") is not
// made either: before "only", a clause with "would" is named.
func markDeniedConditions(d *doc, cues sentCues) {
	toks := d.toks
	for si, s := range d.sents {
		if !cues.has(cues.only, si) {
			continue
		}
		for j := s.from + 1; j+1 < s.to; j++ {
			if toks[j].raw != "only" || !conditionHeads[toks[j+1].raw] {
				continue
			}
			from := j
			for from > s.from && !toks[from].clause {
				from--
			}
			// refuted: the denials the second reader was trained with
			// ("which", "and" or "but" and a negator); setAside: the
			// red17 readings, for the red flags alone.
			refuted, denied, negCond := false, -1, false
			for k := j + 2; k < s.to; k++ {
				if !toks[k].clause {
					negCond = negCond || toks[k].cls&clsNegator != 0
					continue
				}
				old := (toks[k].raw == "which" || toks[k].raw == "and" || toks[k].raw == "but") && deniesAhead(toks, k, s.to)
				refuted = refuted || old
				if denied < 0 && (old ||
					(toks[k].brk == ';' || toks[k].brk == ':') && echoSubjects[toks[k].raw] && deniesAhead(toks, k, s.to) ||
					negCond && (toks[k].raw == "and" || toks[k].raw == "but") && affirmsEcho(toks, k, s.to)) {
					denied = k
				}
				if refuted {
					break
				}
				negCond = negCond || toks[k].cls&clsNegator != 0
			}
			if refuted {
				for x := from; x < j; x++ {
					toks[x].refuted = true
				}
			}
			to := j
			if denied >= 0 && conditionalHeads[toks[j+1].raw] {
				to = denied
			}
			if denied < 0 {
				to = from
				for x := from; x < j; x++ {
					if wouldWords[toks[x].raw] {
						to = j
						break
					}
				}
			}
			for x := from; x < to; x++ {
				toks[x].setAside = true
			}
			break
		}
	}
}

// conditionalHeads, after "only", open a condition proper, which its
// denial refutes with the claim ("only in memory" names a place).
var conditionalHeads = setOf(`if when provided assuming`)

// echoSubjects open a clause that answers a condition just named: "it
// does neither", "they aren't", "none are".
var echoSubjects = setOf(`it they this that these those neither none nothing`)

// wouldWords make a clause hypothetical.
var wouldWords = setOf(`would it'd they'd we'd you'd`)

// affirmsEcho reports a short clause at toks[j] ("and", "but") that
// affirms with a bare auxiliary what the condition before it denied:
// "only if no instance could start late, and one can".
func affirmsEcho(toks []token, j, end int) bool {
	k := j + 1
	for k < end && k <= j+3 && !(toks[k].clause && toks[k].brk != 0) {
		if toks[k].cls&clsNegator != 0 {
			return false
		}
		k++
	}
	if k == j+1 || k > j+3 {
		return false
	}
	return echoAuxiliaries[toks[k-1].raw]
}

// echoAuxiliaries end an elliptical clause that affirms: "and it can".
var echoAuxiliaries = setOf(`can could do does did is are was were will may might has have`)

// doubtVerbs, said by the candidate, refute what follows them: "I doubt
// Redlock gives you a correct lock".
var doubtVerbs = setOf(`doubt question dispute`)

// markDoubts marks as refuted the complement of a doubt the candidate
// voices ("I doubt X", "I'd question whether X", "we dispute that X"),
// to where the sentence turns; "It's a stretch to call X Y" likewise.
func markDoubts(d *doc, cues sentCues) {
	toks := d.toks
	for si, s := range d.sents {
		if !cues.has(cues.doubt, si) {
			continue
		}
		for k := s.from; k+1 < s.to; k++ {
			if toks[k].cls&clsNamed == 0 {
				continue
			}
			r := toks[k].raw
			voiced := toks[k].cls&clsDoubt != 0 && k > s.from && (toks[k-1].raw == "i" || toks[k-1].raw == "we" || toks[k-1].raw == "i'd" || toks[k-1].raw == "really" && k-1 > s.from && toks[k-2].raw == "i")
			stretch := r == "stretch" && toks[k+1].raw == "to" && k > s.from && toks[k-1].raw == "a"
			if !voiced && !stretch {
				continue
			}
			end := k + 1
			for end < s.to && !(toks[end].clause && (toks[end].brk == ';' || toks[end].brk == ':' || toks[end].raw == "but" || toks[end].raw == "because")) {
				end++
			}
			for x := k + 1; x < end; x++ {
				toks[x].refuted = true
			}
			break
		}
	}
}

// markAnsweredNo reads a header answered "no" after its colon as
// rejected: "Server-generated keys: no.", "Redlock for correctness:
// never.", "A bigger TTL: bad idea."
func markAnsweredNo(d *doc, cues sentCues) {
	toks := d.toks
	for si, s := range d.sents {
		if !cues.has(cues.colon, si) {
			continue
		}
		for c := s.from + 1; c < s.to; c++ {
			if !(toks[c].clause && toks[c].brk == ':') {
				continue
			}
			if n := s.to - c; n <= 2 && (toks[c].raw == "no" || toks[c].raw == "nope" || toks[c].raw == "never" || toks[c].raw == "wrong" || n == 2 && toks[c].raw == "bad") {
				for x := s.from; x < c; x++ {
					toks[x].refuted = true
				}
			}
			break
		}
	}
}

// markJudgedByRelative reads a subject whose predicate noun a relative
// clause judges as named, not claimed: "Comparing wall-clock times across
// machines is one of the answers that lose the round", "A GET then DEL is
// a release that breaks under a pause". The subject runs from the
// sentence start (or its last strong break) to the copula.
func markJudgedByRelative(d *doc, cues sentCues) {
	toks := d.toks
	for si, s := range d.sents {
		if !cues.has(cues.judged, si) {
			continue
		}
		for k := s.from + 3; k < s.to; k++ {
			refused := toks[k].cls&clsApproval != 0 && (strings.HasSuffix(toks[k-1].raw, "n't") || toks[k-1].raw == "not" || toks[k-1].raw == "never")
			if toks[k].cls&clsCritic == 0 && toks[k].cls&clsBreakVerb == 0 && !refused && !missesPoint(toks, k) {
				continue
			}
			c := k
			for c > s.from && !toks[c].clause {
				c--
			}
			// "X is the premise I don't accept": a relative clause
			// without its pronoun opens on the speaker
			if c == k || !(relatives[toks[c].raw] || refused && speakerOpeners[toks[c].raw]) || c-1 <= s.from || toks[c].brk != 0 {
				continue
			}
			p := -1
			for j := c - 1; j > s.from && j >= c-5; j-- {
				if r := toks[j].raw; r == "is" || r == "are" || r == "was" || r == "were" {
					p = j
					break
				}
				if toks[j].clause {
					break
				}
			}
			if p < 0 {
				continue
			}
			from := p
			for from > s.from && !strongBreak(&toks[from]) {
				from--
			}
			for x := from; x < p; x++ {
				toks[x].refuted = true
			}
			break
		}
	}
}

// doubleNouns, after "double", name work done twice: "a double charge".
var doubleNouns = setOf(`charge charges payment payments booking bookings write writes run runs
execution executions spend`)

// repeatVerbs, before "twice" or a duplicate, or after "both", make the
// work done twice a harm told: "charges the card twice", "both write".
var repeatVerbs = setOf(`write writes wrote written hold holds held run runs ran charge charges charged
process processes processed execute executes executed bill bills billed send sends sent think believe
apply applies applied`)

// markFailureNarratives reads a failure told as a chain of events (three
// clauses or more, split by commas) whose last clause is the harm of two
// owners or of work done twice ("the extension fails, it keeps going,
// another worker takes the lock, and both write"; "the client times out,
// retries with a brand new key, and the server charges the card twice")
// as a scenario named: the events that lead to the harm are not the
// candidate's design. A chain that ends without that harm ("..., and the
// next client acquires the lock"), or whose last clause denies it, is
// told as design.
func markFailureNarratives(d *doc, cues sentCues) {
	toks := d.toks
	for si, s := range d.sents {
		if !cues.has(cues.commas, si) {
			continue
		}
		commas, last := 0, -1
		for j := s.from + 1; j < s.to; j++ {
			if t := toks[j]; t.clause && t.brk == ',' {
				commas++
				last = j
			} else if t.clause && t.brk != 0 {
				commas, last = 0, -1 // a colon, dash or semicolon starts over
			}
		}
		if commas < 2 {
			continue
		}
		harm := false
		for j := last; j < s.to; j++ {
			r := toks[j].raw
			if toks[j].cls&clsNegator != 0 || r == "so" || r == "because" {
				harm = false
				break
			}
			switch {
			case r == "both":
				for k := j + 1; k < s.to && k <= j+2; k++ {
					harm = harm || repeatVerbs[toks[k].raw]
				}
			case r == "double" && j+1 < s.to && (repeatVerbs[toks[j+1].raw] || doubleNouns[toks[j+1].raw]):
				// "..., and a double charge"
				harm = true
			case r == "twice" || strings.HasPrefix(r, "duplicate"):
				for k := j - 1; k >= last && k >= j-3; k-- {
					harm = harm || repeatVerbs[toks[k].raw]
				}
			case strings.HasPrefix(r, "overlap"):
				harm = true
			}
		}
		if !harm {
			continue
		}
		for j := s.from; j < last; j++ {
			toks[j].refuted = true
		}
	}
}

// breakVerbs, in a relative clause on a predicate noun, judge the
// subject: "a release that breaks under a pause".
var breakVerbs = setOf(`breaks break fails fail loses`)

// enableVerbs say what their subject lets happen: "Running without the
// key lets another pod start the job".
var enableVerbs = setOf(`lets let allows allow causes cause leads invites`)

// repeatHarms, after an enable verb, say the work is done twice:
// "again", "twice", "a second time", "another pod".
var repeatHarms = setOf(`again twice second double duplicate duplicates both`)

// otherAgents after "another" or "other" name a second owner of the work.
var otherAgents = setOf(`pod pods worker workers instance instances node nodes client clients holder
holders process processes replica scheduler`)

// markHarmfulCauses reads a practice said, as the subject of an enable
// verb, to let the work run twice as the cause of that harm, named, not
// proposed: "Running the job without the claim lets another pod start it
// too", "Deleting the claim row after the job finishes lets a late
// instance run it again". The subject must be a practice (a gerund or
// "without ..."), and the harm a repeat: "Claiming the row in the same
// transaction lets only one instance run it" names none.
func markHarmfulCauses(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		r := toks[s.from].raw
		if !(len(r) > 4 && strings.HasSuffix(r, "ing") || r == "without") {
			continue
		}
		for v := s.from + 1; v < s.to && v <= s.from+14; v++ {
			if toks[v].clause && toks[v].brk != 0 && toks[v].brk != ',' {
				break
			}
			if !enableVerbs[toks[v].raw] {
				continue
			}
			harm := false
			for x := v + 1; x < s.to && x <= v+8; x++ {
				if toks[x].cls&clsNegator != 0 || toks[x].raw == "only" {
					break
				}
				if repeatHarms[toks[x].raw] || (toks[x].raw == "another" || toks[x].raw == "other") && x+1 < s.to && otherAgents[toks[x+1].raw] {
					harm = true
					break
				}
			}
			if harm {
				for x := s.from; x < v; x++ {
					toks[x].refuted = true
				}
			}
			break
		}
	}
}

// formerPairs are two-word markers of a former practice ("In the old
// design ..."); single words ("Our v1 ...", "Originally ...") and "Before
// the fix" are read by markFormerPractice itself.
var formerPairs = map[[2]string]bool{{"old", "design"}: true, {"old", "version"}: true, {"old", "code"}: true,
	{"first", "version"}: true, {"back", "then"}: true, {"at", "first"}: true,
	{"old", "setup"}: true, {"old", "system"}: true, {"first", "attempt"}: true}

// markFormerPractice reads a practice told as one the candidate used to
// follow ("We used to generate the key on the server per request", "Our
// v1 minted a key per call", "Before the fix, our release was a plain
// DEL") as named, not claimed: from the sentence start to where it turns
// (a semicolon, colon or dash, or "but", "until", "now"). "is used to
// dedupe" (a passive) is no former practice, nor is "before" another
// event than a fix.
func markFormerPractice(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		former := false
		for j := s.from; j < s.to && j < s.from+6; j++ {
			r := toks[j].raw
			switch r {
			case "v1", "legacy":
				former = true
			case "originally", "previously", "formerly":
				// as the sentence's opener ("Originally, we ..."), not
				// "release the previously acquired lock"
				former = j == s.from
			case "old", "first", "back", "at":
				former = j+1 < s.to && formerPairs[[2]string{r, toks[j+1].raw}]
			case "the":
				former = j > s.from && toks[j-1].raw == "before" && j+1 < s.to && toks[j+1].raw == "fix"
			case "used":
				former = j+1 < s.to && toks[j+1].raw == "to" && j > s.from && !auxiliaries[toks[j-1].raw] && toks[j-1].raw != "get" && toks[j-1].raw != "got"
			default:
				// "The junior's PR released with DEL ...": someone
				// else's change, told as what it did, is not the
				// candidate's design (g11)
				former = strings.HasSuffix(r, "'s") && reporters[strings.TrimSuffix(r, "'s")] && j+1 < s.to && othersArtifacts[toks[j+1].raw]
			}
			if former {
				break
			}
		}
		if !former {
			continue
		}
		for j := s.from; j < s.to; j++ {
			t := &toks[j]
			if j > s.from && t.clause && (t.brk == ';' || t.brk == ':' || t.brk == '—' || t.brk == '–' || t.raw == "but" || t.raw == "until" || t.raw == "now" || t.raw == "today") {
				break
			}
			toks[j].refuted = true
		}
	}
}

// defaultMarkers name a library's or a tool's default ("by default", "the
// defaults", "out of the box", "the stock client").
var defaultMarkers = setOf(`default defaults box stock`)

// overrideVerbs, said by the candidate of what was just described,
// replace it: "I override that", "we'd replace it", "I turn that off".
var overrideVerbs = setOf(`override overrides overriding replace replaces change changes disable disables swap
turn switch`)

// overrides reports a clause at toks[j] in which the candidate overrides
// what came before: "I override that", "I'd replace it with a script",
// "so we turn it off".
func overrides(toks []token, j, end int) bool {
	k := j
	if k < end && (toks[k].raw == "so" || toks[k].raw == "instead" || toks[k].raw == "then") {
		k++
	}
	if k >= end || !(personalSubjects[toks[k].raw] || toks[k].raw == "i'd" || toks[k].raw == "we'd" || toks[k].raw == "i'll" || toks[k].raw == "we'll") {
		return false
	}
	k++
	if k < end && (toks[k].raw == "would" || toks[k].raw == "will" || toks[k].raw == "always") {
		k++
	}
	if k+1 >= end || !overrideVerbs[toks[k].raw] {
		return false
	}
	return (toks[k+1].cls&clsBackRef != 0) || toks[k+1].raw == "it" || toks[k+1].raw == "them"
}

// markOverriddenDefaults sets aside a default described and then
// overridden by the candidate ("Most clients' unlock() just sends DEL by
// default. I'd override it with a compare-and-delete script."; "out of
// the box it keeps working until LOST; I override that"): the default is
// told, not proposed. The second reader reads it as before.
func markOverriddenDefaults(d *doc) {
	if !hasWordOf(d, clsG17, defaultMarkers) {
		return // a sentence is only read once it names a default
	}
	toks := d.toks
	for si, s := range d.sents {
		marked, turn := false, -1
		for j := s.from; j < s.to; j++ {
			if defaultMarkers[toks[j].raw] {
				marked = true
			}
			if marked && j > s.from && toks[j].clause && (toks[j].brk == ';' || toks[j].brk == ':' || toks[j].brk == '—' || toks[j].brk == '–') && overrides(toks, j, s.to) {
				turn = j
				break
			}
		}
		if !marked {
			continue
		}
		if turn < 0 && si+1 < len(d.sents) && overrides(toks, d.sents[si+1].from, d.sents[si+1].to) {
			turn = s.to
		}
		for j := s.from; j < turn; j++ {
			toks[j].setAside = true
		}
	}
}

// othersArtifacts, after someone else's possessive, name a change that
// person made: "the junior's PR", "a colleague's patch".
var othersArtifacts = setOf(`pr patch change diff commit draft script branch implementation code`)

// observeVerbs report a failure the candidate met ("we saw double
// charges", "we hit the herd effect"); causeWords then open its cause.
var (
	observeVerbs = setOf(`saw seen see had got hit ran suffered experienced observed noticed found
traced`)
	causeWords = setOf(`because since due`)
)

// markIncidentCauses reads an incident told as it was found: the cause of
// a failure the candidate met ("we saw double charges because the app made
// a new key on every retry"), and what a met failure is said to be after a
// colon ("we hit the herd effect in production: every waiter watched the
// holder"), describe what went wrong; they propose nothing. A failure
// that did not happen ("we never had two holders because ...") keeps its
// cause as a claim.
func markIncidentCauses(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		seen := -1
		for j := s.from; j < s.to && j < s.from+4; j++ {
			if (toks[j].raw == "we" || toks[j].raw == "i" || toks[j].raw == "they") && j+1 < s.to && observeVerbs[toks[j+1].raw] {
				seen = j + 1
				break
			}
		}
		if seen < 0 {
			continue
		}
		problem := false
		for j := seen; j < s.to; j++ {
			t := &toks[j]
			if t.cls&clsNegator != 0 || t.negBy >= 0 {
				break
			}
			if problemHeads[t.raw] {
				problem = true
			}
			from := -1
			switch {
			case j > seen && t.clause && causeWords[t.raw]:
				from = j
			case j > seen && t.clause && t.brk == ':' && problem:
				from = j
			}
			if from < 0 {
				continue
			}
			for x := from; x < s.to; x++ {
				if x > from && toks[x].clause && (toks[x].brk == ';' || toks[x].brk == '—' || toks[x].brk == '–') {
					break
				}
				toks[x].refuted = true
			}
			break
		}
	}
}

// problemHeads name a failure ("the herd effect", "split brain", "a race
// condition"); problemTails may follow the head as part of its name.
var (
	problemHeads  = setOf(`herd stampede brain race deadlock deadlocks livelock toctou update updates anomaly`)
	problemTails  = setOf(`effect effects condition conditions problem problems`)
	definingWords = setOf(`means meant mean describes refers`)
)

// markProblemDefinitions marks as named what defines a failure by name:
// "herd effect = every waiter watches the holder", "the herd effect is
// when all clients watch the lowest node", "a thundering herd means ...".
// The definition describes what goes wrong; it proposes nothing. It runs
// from the definition to the sentence's end or a strong break (a
// semicolon, colon or dash), where the candidate may turn to the fix.
// It does say what the name means, though: a red flag whose match takes
// in the name ("the herd effect is when the ensemble has too many
// servers") is claimed (definedBy, claimedDefinition); one that matches
// only the described failure ("... when every waiter watches the lock
// node") is not.
func markProblemDefinitions(d *doc) {
	if d.cls&clsProblemHead == 0 {
		return // every definition starts at a problem head (g21t)
	}
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from; k < s.to && k < s.from+6; k++ {
			r := toks[k].raw
			if toks[k].cls&clsProblemHead == 0 || (r == "brain" && (k == s.from || toks[k-1].raw != "split")) ||
				((r == "update" || r == "updates") && (k == s.from || toks[k-1].raw != "lost")) ||
				(r == "anomaly" && (k == s.from || toks[k-1].raw != "herd")) {
				continue
			}
			h := k
			if h+1 < s.to && problemTails[toks[h+1].raw] && !toks[h+1].clause {
				h++
			}
			if h+1 >= s.to {
				break
			}
			n := h + 1
			from := -1
			switch gap := d.text[toks[h].end:toks[n].start]; {
			case strings.Contains(gap, "=") && !strings.Contains(gap, "=>"):
				from = n
			case definingWords[toks[n].raw]:
				from = n + 1
			case (toks[n].raw == "is" || toks[n].raw == "happens" || toks[n].raw == "occurs") && n+1 < s.to &&
				(toks[n+1].raw == "when" || toks[n+1].raw == "where" || toks[n+1].raw == "if"):
				from = n + 2
			case toks[n].raw == "is" && n+2 < s.to && toks[n+1].raw == "what" && toks[n+2].raw == "happens":
				from = n + 3
			}
			if from < 0 {
				break
			}
			for j := from; j < s.to; j++ {
				if j > from && toks[j].clause && (toks[j].brk == ';' || toks[j].brk == ':' || toks[j].brk == '—' || toks[j].brk == '–') {
					break
				}
				if !toks[j].refuted {
					toks[j].definedBy = k + 1
				}
				toks[j].refuted = true
			}
			break
		}
	}
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
		// (a semicolon before a backticked item, "`acquire(...)`;
		// `release(name, token)`", still cuts the list, though the
		// backtick opens the item's clause: grader g19)
		if d.toks[j].clause && (d.toks[j].brk == ';' || d.toks[j].brk == '"' && strings.IndexByte(d.text[d.toks[j-1].end:d.toks[j].start], ';') >= 0) {
			semis++
			if j > lo && j < hi {
				inside = true
			}
		}
	}
	if semis >= minListSemis && inside {
		return true
	}
	return acrossBracket(d, spans, sn) || acrossTermList(d, spans, sn) || acrossEventItems(d, lo, hi, sn)
}

// acrossEventItems reports a match that runs from one item into the next
// of a list of actions keyed by events, two or more items that each open
// with "on" after a comma, semicolon or colon: "on SUSPENDED pause work,
// on RECONNECTED continue, on LOST reacquire" says what to do on each
// event, and joins no "continue" to another item's SUSPENDED (grader g20).
func acrossEventItems(d *doc, lo, hi int, sn sentence) bool {
	items, inside := 0, false
	for j := sn.from; j+1 < sn.to; j++ {
		t := &d.toks[j]
		if t.raw != "on" || !(j == sn.from || t.clause && (t.brk == ',' || t.brk == ';' || t.brk == ':')) || d.toks[j+1].fn {
			continue
		}
		items++
		if j > lo && j < hi {
			inside = true
		}
	}
	return items >= 2 && inside
}

// bracketPreps, right before a bracket, make it their object: "a hash
// of (customer, amount)".
var bracketPreps = map[string]bool{"of": true, "from": true, "over": true, "on": true, "by": true}

// minListSemis is how many semicolons make a sentence a list whose items
// a match may not join.
var minListSemis = 2

// acrossBracket reports a match with some parts inside a bracketed
// aside and others outside it: "brokers drop requests from a stale
// controller (...), ..., which fence zombie producers" joins the aside's
// "drop" to the main clause's "fence".
func acrossBracket(d *doc, spans [][2]int, sn sentence) bool {
	from := d.toks[sn.from].start
	// the bracket holding token k (its byte offsets), or -1
	open := func(k int) int {
		// the last '(' before the token, unless a ')' closes it (byte
		// searches: both are ASCII, never inside a multi-byte rune)
		seg := d.text[from:d.toks[k].start]
		at := strings.LastIndexByte(seg, '(')
		if at < 0 || strings.LastIndexByte(seg, ')') > at {
			return -1
		}
		return from + at
	}
	// Without a '(' before the last span's first token (one fast
	// search), no span is inside a bracket: open would say -1 for each.
	hi := from
	for _, s := range spans {
		hi = max(hi, d.toks[s[0]].start)
	}
	if strings.IndexByte(d.text[from:hi], '(') < 0 {
		return false
	}
	inside, outside := -1, false
	for _, s := range spans {
		if o := open(s[0]); o >= 0 {
			inside = o
		} else {
			outside = true
		}
	}
	if inside < 0 || !outside {
		return false
	}
	// a gloss of a word or two ("an idempotency key (UUID)") is part of
	// its clause; an aside of three words or more is a claim of its own
	end := strings.IndexByte(d.text[inside:], ')')
	if end < 0 {
		return false
	}
	if len(strings.Fields(d.text[inside+1:inside+end])) < 3 {
		return false
	}
	return !apposition(d, spans, inside)
}

// apposition reports a match that joins the word right before a bracket
// at byte open to the words the bracket opens with: an aside that says
// what that word is ("in our existing Redis (default config, it's just a
// cache box)") describes it, as a gloss does, however long it goes on
// (g53, QA-52b #060); so does a bracket that is a preposition's object,
// "a hash of (customer_id, amount, current minute)" (QA-52b #032).
func apposition(d *doc, spans [][2]int, open int) bool {
	// (a gloss's own word before the bracket is a span's last word; a
	// preposition's is the word between)
	first := open + 1
	for first < len(d.text) && d.text[first] == ' ' {
		first++
	}
	before, opens := false, false
	for _, s := range spans {
		if s[1] <= s[0] {
			continue
		}
		if e := d.toks[s[1]-1].end; e <= open && (strings.TrimSpace(d.text[e:open]) == "" || bracketPreps[strings.ToLower(strings.TrimSpace(d.text[e:open]))]) {
			before = true
		}
		if d.toks[s[0]].start == first {
			opens = true
		}
	}
	return before && opens
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
				if toks[j].cls&clsMistakeNoun != 0 {
					named = true
				}
				// "my manager's take", not "our team's rule" (nor "my
				// team's", g48), nor a
				// comparison ("the gap is smaller than people think: X"
				// says X against what people think)
				if rr := strings.TrimSuffix(r, "'s"); (len(rr) == len(r) && toks[j].cls&clsReporter != 0 || len(rr) != len(r) && reporters[rr]) && rr != "they" && rr != "answer" && !(j > s.from && (toks[j-1].raw == "our" || toks[j-1].raw == "we" || toks[j-1].raw == "than" || toks[j-1].raw == "my" && ownGroups[rr])) {
					reporter = true
				}
				if toks[j].cls&(clsReport|clsClaimVerb|clsMention) != 0 || viewNouns[r] {
					report = true
				}
			}
			// "What teams tend to get wrong: X", "Gotchas: X": an
			// inline heading announcing failures, as over a list (not a
			// judgement of its own, "Partial failure is no concern: X")
			// (set aside, not refuted: the second reader reads these
			// words as it was trained to)
			heading := colon-from <= 8 && announcesFailures(toks, from, colon) && !hasCopula(toks, from, colon)
			start := colon
			if refusingHeader(toks, from, colon) {
				// the header's own object is refused too ("argue
				// against the per-customer lock:")
				named, start = true, from
			}
			named = named && !mistakeNamedBefore(toks, from, colon) || reporter && report
			if named {
				for j := start; j < s.to; j++ {
					toks[j].refuted = true
				}
			} else if refusalHeader(toks, from, colon) {
				for j := colon; j < s.to; j++ {
					toks[j].setAside = true
				}
			} else if stoppingHeader(toks, from, colon) {
				// g20: "The first thing I'd stop: X" refutes X, the
				// practice named right after the colon, and no more:
				// what the speaker puts in its place after "so",
				// "instead", a dash or a semicolon is recommended.
				for j := from; j < stoppedEnd(toks, colon, s.to); j++ {
					toks[j].refuted = true
				}
			} else if heading {
				cf, ct := sectionClaim(d, from, colon, s.to)
				for j := colon; j < s.to; j++ {
					if j < cf || j >= ct {
						toks[j].setAside = true
					}
				}
			}
		}
		// "Mistake two, which ..., is X"
		for j := s.from; j < s.to && j < s.from+3; j++ {
			if toks[j].cls&clsMistakeNoun == 0 {
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

// speakerStops reports whether the verb at toks[j] has the speaker as its
// subject just before it: "I'd stop", "we would stop", "I'll kill".
func speakerStops(toks []token, from, j int) bool {
	k := j - 1
	if k > from && (toks[k].raw == "would" || toks[k].raw == "will" || toks[k].raw == "should" || toks[k].raw == "must") {
		k--
	}
	switch toks[k].raw {
	case "i'd", "we'd", "i'll", "we'll", "i", "we":
		return true
	}
	return false
}

// stoppingHeader reports words before a colon, toks[from:colon], in
// which the speaker stops a practice: "First thing I'd stop:", "What we'd
// stop doing:", "One practice we'll kill:" (grader g20). Only with the
// speaker as the subject: "what a fence must stop: stale writes" names
// what the design prevents.
func stoppingHeader(toks []token, from, colon int) bool {
	for j := from + 1; j < colon; j++ {
		if r := toks[j].raw; (r == "stop" || r == "kill") && speakerStops(toks, from, j) && colon-j <= 2 {
			return true
		}
	}
	return false
}

// stoppedEnd returns where the practice a stopping header names ends,
// from the colon at toks[colon] to the sentence's end at to: at a
// semicolon or a dash, or at a clause that puts something in its place
// ("..., so each master gets a replica", "and instead ...", "but ...").
// A header stops one practice; what comes after it is the candidate's
// own advice.
func stoppedEnd(toks []token, colon, to int) int {
	for j := colon + 1; j < to; j++ {
		t := &toks[j]
		if !t.clause {
			continue
		}
		if t.brk == ';' || t.brk == '—' || t.brk == '–' || replacingOpeners[t.raw] {
			return j
		}
		if (t.raw == "and" || t.raw == "but") && j+1 < to && replacingOpeners[toks[j+1].raw] {
			return j
		}
	}
	return to
}

// replacingOpeners open a clause that puts advice in the place of a
// practice just named: "..., so every master gets a replica", "instead
// ...", "rather ...".
var replacingOpeners = setOf(`so instead rather`)

// approvalVerbs, negated in a header, refuse what the header names: "A
// pattern I wouldn't accept:", "Something I'd never sign off on:".
var approvalVerbs = setOf(`accept allow approve ship merge sign tolerate recommend trust permit buy`)

// againstVerbs take "against" to reject their object: "I'd argue
// against the per-customer lock: ...".
var againstVerbs = setOf(`argue argued advise advised warn warned recommend vote caution push`)

// speakerOpeners open a clause with the candidate as its subject: "I
// wouldn't use Redlock: ..." rejects Redlock, not what follows the colon.
var speakerOpeners = setOf(`i i'd i'll i'm we we'd we'll you you'd`)

// refusingHeader reports words before a colon, toks[from:colon], that
// announce something refused: a noun phrase whose relative clause denies
// approving it ("A pattern I wouldn't accept:", "Something we'd never
// ship:"), or an argument against something ("I'd argue against X:").
func refusingHeader(toks []token, from, colon int) bool {
	for j := from; j < colon; j++ {
		r := toks[j].raw
		// "One design I'd rule out immediately:", "Something we'd
		// reject outright:": a noun phrase whose relative clause rejects
		// it (not the candidate's own "I'd reject X: ...", whose colon
		// gives the reason)
		if refusesObject(toks, j, colon) && !speakerOpeners[toks[from].raw] && !(j > from && (toks[j-1].cls&clsNegator != 0 || strings.HasSuffix(toks[j-1].raw, "n't"))) {
			return true
		}
		if r == "against" && j > from && (againstVerbs[toks[j-1].raw] || j > from+1 && againstVerbs[toks[j-2].raw]) {
			return true
		}
		if toks[j].cls&clsApproval == 0 || speakerOpeners[toks[from].raw] {
			continue
		}
		for k := j - 1; k >= from && k >= j-2; k-- {
			if toks[k].cls&clsNegator != 0 || strings.HasSuffix(toks[k].raw, "n't") {
				return true
			}
		}
	}
	return false
}

// refusalHeader reports a header, toks[from:colon], that is a verdict of
// refusal and nothing else (g41): "Forbidden:", "No-go:", "Red flag:",
// "Not allowed:", "First, never acceptable:"; or that asks why not
// (g42): "Why not a lock:", whose colon opens the reasons against it. What follows its colon is
// set aside (red flags skip it; the second reader, trained before this
// rule, reads it as before).
func refusalHeader(toks []token, from, colon int) bool {
	// g42: "Why not a lock: X" gives the reasons against it.
	if colon-from >= 3 && colon-from <= 6 && toks[from].raw == "why" && toks[from+1].raw == "not" {
		return true
	}
	if colon-from > 2 {
		return false
	}
	if colon-from == 2 && (toks[from].raw == "not" || toks[from].raw == "never") && refusedHeaderWords[toks[from+1].raw] {
		return true
	}
	var ws []string
	for j := from; j < colon; j++ {
		ws = append(ws, toks[j].raw)
	}
	return refusalHeaders[strings.Join(ws, " ")]
}

// refusalHeaders are whole headers that refuse what follows their colon
// (not "No:", which answers a question and goes on with the candidate's
// own reason).
var refusalHeaders = map[string]bool{"forbidden": true, "prohibited": true, "no-go": true, "no go": true, "banned": true, "red flag": true, "red flags": true}

// refusedHeaderWords, after "not" or "never", make a header of two words
// refuse what follows its colon: "Not allowed: X".
var refusedHeaderWords = setOf(`allowed permitted acceptable ok okay tolerated accepted recommended`)

// headerRejectVerbs, in a header's relative clause, refuse its noun:
// "An approach I'd reject:", "Two designs we'd ban:".
var headerRejectVerbs = setOf(`reject rejects forbid forbids ban bans veto vetoes avoid avoids discourage
discourages discard discards`)

// refusesObject reports a rejecting verb at toks[j] whose object is the
// header's noun: one of headerRejectVerbs, or "rule out", "throw out",
// "steer clear of", with at most two adverbs after it before end, the
// colon ("rule out straight away:"; "you can discard the pause theory:"
// has an object of its own).
func refusesObject(toks []token, j, end int) bool {
	r, e := toks[j].raw, j+1
	if toks[j].cls&clsHeaderReject == 0 {
		if j+1 >= end {
			return false
		}
		n := toks[j+1].raw
		switch {
		case (r == "rule" || r == "throw" || r == "cross") && n == "out":
			e = j + 2
		case r == "steer" && n == "clear":
			e = j + 2
			if e < end && toks[e].raw == "of" {
				e++
			}
		default:
			return false
		}
	}
	if end-e > 2 {
		return false
	}
	for k := e; k < end; k++ {
		if determiners[toks[k].raw] {
			return false
		}
	}
	return true
}

// ownGroups, after "my", are a group the speaker belongs to: "the rule
// in my team is simple: X" gives the speaker's own rule, where "my
// manager's take: X" gives someone else's.
var ownGroups = setOf(`team teams company org organisation organization group squad department shop`)

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
			if toks[j].cls&clsNamed == 0 {
				continue
			}
			r, n := toks[j].raw, toks[j+1].raw
			wrong := (r == "go" || r == "goes" || r == "went") && n == "wrong"
			// g17: "the moment", "as soon as" and "once" open the failure
			// case as "when" does ("X fails the moment a worker dies").
			moment := failVerbs[r] && j+2 < s.to && (n == "the" && toks[j+2].raw == "moment" || n == "as" && toks[j+2].raw == "soon" || n == "once")
			if !(failVerbs[r] && (n == "when" || n == "if" || n == "whenever")) && !wrong && !moment {
				continue
			}
			// "it only fails when ..." claims the limit.
			if j > s.from && (toks[j-1].raw == "only" || toks[j-1].raw == "never" || toks[j-1].raw == "rarely") {
				continue
			}
			if failVerbs[r] {
				setAsideFailing(toks, s.from, j)
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
				if moment {
					// (set aside, not refuted: the second reader reads
					// these words as it was trained to)
					toks[x].setAside = true
				} else {
					toks[x].refuted = true
				}
			}
			break
		}
		if si == 0 || s.to-s.from < 3 || !(toks[s.from].cls&clsBackRef != 0) || toks[s.from+1].raw != "also" {
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

// setAsideFailing sets aside the short subject of a failure verb at
// toks[j] ("Exactly-once processing fails when a worker dies after the
// side effect"): what is said to fail is named, not claimed to hold. The
// subject runs from the start of the verb's clause, at most five words,
// with no negator or contrast in it.
func setAsideFailing(toks []token, from, j int) {
	k := j
	for k > from && !toks[k].clause {
		k--
	}
	if k > from && toks[k].brk == 0 {
		// a clause opened by a word ("but", "which") is no subject
		return
	}
	if j-k == 0 || j-k > 5 {
		return
	}
	for x := k; x < j; x++ {
		if (toks[x].cls&clsNegator != 0) || toks[x].negBy >= 0 {
			return
		}
	}
	for x := k; x < j; x++ {
		toks[x].setAside = true
	}
}

// failureHeads, in a list's heading, announce its items as failure
// modes: "What can go wrong:", "Risks:", "Failure modes:".
var failureHeads = setOf(`wrong risk risks pitfall pitfalls hazard hazards failure failures dangers
gotchas myths misconceptions non-solutions non-solution non-starters non-starter non-fixes dead-ends`)

// dismissHeads in a heading set its failures aside as harmless or
// handled: "Risks you can ignore:", "How I dodge them:", "Pitfalls
// aside, ...".
var dismissHeads = setOf(`ignore ignoring aside dodge dodging sidestep skip`)

// hasCopula reports a copula among toks[from:to]: words that judge
// rather than head what follows.
func hasCopula(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		if copulas[toks[k].raw] || strings.HasSuffix(toks[k].raw, "'s") {
			return true
		}
	}
	return false
}

// falseRemedies before a remedy head deny it is one: "non-solutions",
// "false fixes", "fake mitigations".
var falseRemedies = setOf(`non false fake pseudo bogus`)

// announcesFailures reports a heading, toks[from:to], that announces
// failure modes or mistakes ("What can go wrong", "Non-solutions people
// reach for", "Common misconceptions") and no remedy for them ("How to
// avoid what goes wrong"), nor denies or dismisses them ("nothing wrong
// with", "risks you can ignore").
func announcesFailures(toks []token, from, to int) bool {
	if failedRemedies(toks, from, to) {
		return true
	}
	failing := false
	for k := from; k < to; k++ {
		if toks[k].cls&clsFailAnnounce == 0 {
			// none of the three heads: of the cases below, only the
			// negator's can hold
			if toks[k].cls&clsNegator != 0 || strings.HasSuffix(toks[k].raw, "n't") {
				return false
			}
			continue
		}
		switch {
		case remedyHeads[toks[k].raw] && k > from && falseRemedies[toks[k-1].raw]:
			failing = true // "non-solutions", "false fixes"
		case remedyHeads[toks[k].raw], dismissHeads[toks[k].raw], toks[k].cls&clsNegator != 0, strings.HasSuffix(toks[k].raw, "n't"):
			return false
		case failureHeads[toks[k].raw]:
			failing = true
		}
	}
	return failing
}

// failedRemedies reports a heading that names remedies and says they
// fail: "Fixes that look tempting but don't work", "Workarounds that
// won't help", "Solutions that fail" (grader g22a). Its items are the
// remedies rejected, as under "Non-solutions".
func failedRemedies(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		if toks[k].cls&clsFailAnnounce == 0 || !remedyHeads[toks[k].raw] {
			continue
		}
		for j := k + 1; j < to; j++ {
			r := toks[j].raw
			// (g22f) the failing must be said of the remedies: a
			// clause of reason or condition between them has a subject
			// of its own ("Solutions, because the old server won't
			// help:").
			if toks[j].clause && remedySubordinators[r] {
				return false
			}
			if remedyFails[r] {
				return true
			}
			if (toks[j].cls&clsNegator != 0 || strings.HasSuffix(r, "n't")) && j+1 < to && remedyWorks[toks[j+1].raw] {
				return true
			}
		}
		return false
	}
	return false
}

// givenUpAfter reports a verb of giving something up within two words
// from k ("never skip", "wouldn't ever change", "would not give up"):
// denied, it keeps what the sentence names (g22f).
func givenUpAfter(toks []token, k, end int) bool {
	for j := k; j < end && j < k+3; j++ {
		if givenUp[toks[j].raw] {
			return true
		}
	}
	return false
}

// givenUp are verbs of giving up, dropping or changing a practice.
var givenUp = setOf(`skip skips skipping change changes changing drop drops dropping give giving
compromise sacrifice omit omits forget forgets remove removes cut trade relax waive bend budge
miss skimp abandon replace`)

// remedyWorks, negated, and remedyFails say a remedy fails.
var (
	remedySubordinators = setOf(`because since as if when while unless although though whereas`)
	remedyWorks         = setOf(`work help`)
	remedyFails         = setOf(`fail fails backfire backfires`)
)

// remedyHeads in a heading announce remedies instead: "Avoiding the
// risks:", "How to prevent what goes wrong:".
var remedyHeads = setOf(`avoid avoiding prevent preventing prevention fix fixing fixes mitigate
mitigating mitigation mitigations remedy remedies solution solutions handle handling`)

// markFailureLists marks the items of a list whose heading announces
// failure modes ("What can go wrong:" over "- **Lease expiry while
// blocked.** If T1 waits long enough, its lease runs out"): each item
// names a way things fail, it claims none of them as the design.
func markFailureLists(d *doc) {
	toks := d.toks
	heads := map[int]bool{} // heading sentence → announces failures
	for si, s := range d.sents {
		h := listHeading(d, si)
		if h < 0 {
			continue
		}
		failing, known := heads[h]
		if !known {
			hs := d.sents[h]
			failing = hs.to-hs.from <= 6 && announcesFailures(toks, hs.from, hs.to) || hs.to-hs.from <= 10 && failedRemedies(toks, hs.from, hs.to)
			heads[h] = failing
		}
		if !failing || dismissesFailure(toks, s.from, s.to) {
			continue
		}
		for x := s.from; x < s.to; x++ {
			toks[x].setAside = true
		}
	}
}

// dismissedRisks name a failure mode as such: "not a concern", "no
// issue".
var dismissedRisks = setOf(`concern issue problem risk worry non-issue`)

// dismissesFailure reports an item whose first clause says its topic is
// no failure at all ("4. Failover is not a concern: the replica always
// has the key"): under a failure-modes heading it is the writer's own
// claim that the thing cannot fail, not one more way things fail.
func dismissesFailure(toks []token, from, to int) bool {
	for j := from; j < to; j++ {
		if j > from && toks[j].clause && toks[j].brk != 0 {
			return false
		}
		if r := toks[j].raw; r == "not" || r == "isn't" || r == "no" || r == "never" {
			for k := j + 1; k < to && k <= j+3; k++ {
				if dismissedRisks[toks[k].raw] {
					return true
				}
			}
		}
	}
	return false
}

// claimColumnHeads head a table's column of claims someone makes, set
// against the facts beside them: "| Myth | Reality |", "| Claim | Why
// it fails |".
var claimColumnHeads = setOf(`claim claims myth myths belief beliefs misconception misconceptions
mistake mistakes assumption assumptions folklore`)

// markClaimColumns sets aside the first cell of every row of a Markdown
// table whose first column is headed as claims (claimColumnHeads): each
// such cell states a claim the table goes on to answer. (Set aside, not
// refuted: the second reader reads these words as it was trained to.)
func markClaimColumns(d *doc) {
	type cell struct{ from, to int } // byte offsets of a first cell
	var cells []cell
	inTable, claims := false, false
	for at, line := range linesAt(d.text) {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "|") {
			inTable, claims = false, false
			continue
		}
		rest := t[1:]
		first, _, _ := strings.Cut(rest, "|")
		if !inTable {
			inTable = true
			claims = claimColumnHeads[strings.ToLower(strings.TrimSpace(first))]
			continue
		}
		if !claims || strings.Trim(first, " -:") == "" {
			continue // the separator row
		}
		from := at + strings.Index(line, "|") + 1
		cells = append(cells, cell{from, from + len(first)})
	}
	for _, c := range cells {
		setAsideBetween(d, c.from, c.to)
	}
}

// optionHeads open a heading that lists the options weighed ("Options",
// "Alternatives considered", "Approaches compared"); decisionHeads open
// the line that picks one ("Recommendation: option 2", "Decision: ...").
var (
	optionHeads   = setOf(`options alternatives approaches candidates choices`)
	decisionHeads = setOf(`recommendation recommendations recommended recommend decision chosen choice verdict pick`)
)

// markOptionLists reads a list of options in a structured answer the way
// an interviewer does: the items under an "Options" heading are the
// candidates weighed, and what the candidate claims is the one its
// "Recommendation:" line picks. When the answer has such a line, every
// item it does not pick by number ("option 2", "2") is set aside; an item
// it picks stays claimed, and a recommendation in words is a claim of its
// own. Without a decision line the items are left as they are. (Set
// aside, not refuted: the second reader reads these words as it was
// trained to.)
func markOptionLists(d *doc) {
	type item struct{ from, to, n int } // byte offsets, number (from 1)
	var items []item
	picked := map[int]bool{}
	decided, inList := false, false
	for at, line := range linesAt(d.text) {
		t := strings.TrimSpace(line)
		// Only a line whose first word is a heading's is lowered and split
		// (this runs on every line of every answer).
		if listHeadLine(t) {
			head := strings.ToLower(strings.Trim(t, "*_#: \t"))
			words := strings.Fields(head)
			switch {
			case len(words) > 0 && len(words) <= 3 && optionHeads[words[0]] && !strings.ContainsAny(head, ".,;"):
				inList = true
				continue
			case len(words) > 0 && decisionHeads[strings.Trim(words[0], ":*_")]:
				decided, inList = true, false
				for _, n := range pickedNumbers(head) {
					picked[n] = true
				}
				continue
			}
		}
		if !inList || t == "" {
			continue
		}
		n, ok := itemNumber(t)
		if !ok {
			if !strings.HasPrefix(t, "- ") && !strings.HasPrefix(t, "* ") {
				inList = false
				continue
			}
			n = len(items) + 1
		}
		items = append(items, item{at, at + len(line), n})
	}
	if !decided {
		return
	}
	for _, it := range items {
		if !picked[it.n] {
			setAsideBetween(d, it.from, it.to)
		}
	}
}

// listHeadLine reports whether the first word of a trimmed line, lowered,
// is a heading's of an options list or a decision: optionHeads[fw] ||
// decisionHeads[strings.Trim(fw, ":*_")] for fw :=
// firstFieldLower(strings.Trim(t, "*_#: \t")). It runs on every line of
// every answer, so a short ASCII word is lowered on the stack, not into a
// new string.
func listHeadLine(t string) bool {
	s := strings.Trim(t, "*_#: \t")
	if i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsSpace(r) }); i >= 0 {
		s = s[i:]
		if j := strings.IndexFunc(s, unicode.IsSpace); j >= 0 {
			s = s[:j]
		}
		var buf [24]byte
		if len(s) <= len(buf) {
			b, ascii := buf[:len(s)], true
			for i := 0; i < len(s) && ascii; i++ {
				c := s[i]
				ascii = c < utf8.RuneSelf
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				b[i] = c
			}
			if ascii {
				return optionHeads[string(b)] || decisionHeads[string(bytes.Trim(b, ":*_"))]
			}
		}
	}
	fw := firstFieldLower(s)
	return optionHeads[fw] || decisionHeads[strings.Trim(fw, ":*_")]
}

// firstFieldLower is the first word of s, lower-cased, as
// strings.Fields(strings.ToLower(s))[0] would give it ("" for none).
func firstFieldLower(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsSpace(r) })
	if i < 0 {
		return ""
	}
	s = s[i:]
	if j := strings.IndexFunc(s, unicode.IsSpace); j >= 0 {
		s = s[:j]
	}
	return strings.ToLower(s)
}

// itemNumber returns the number opening a numbered list line ("2. ...",
// "2) ...").
func itemNumber(line string) (int, bool) {
	n, k := 0, 0
	for k < len(line) && k < 3 && line[k] >= '0' && line[k] <= '9' {
		n = n*10 + int(line[k]-'0')
		k++
	}
	if k == 0 || k >= len(line) || line[k] != '.' && line[k] != ')' {
		return 0, false
	}
	return n, true
}

// pickedNumbers returns the options a decision line picks by number or
// ordinal: "option 2", "options 1 and 3", "approach 2", "the second", or
// a bare number after its colon ("recommendation: 2").
func pickedNumbers(line string) []int {
	var out []int
	// the pick is in the line's first clause: "option 2; the first loses
	// work" names the first only to reject it
	for _, stop := range []string{";", "—", " - ", " but ", " since ", " because ", " as ", ", not ", " not ", " over ", " rather ", " instead "} {
		if k := strings.Index(line, stop); k >= 0 {
			line = line[:k]
		}
	}
	f := strings.FieldsFunc(line, func(r rune) bool {
		return r == ' ' || r == ',' || r == ':' || r == '*' || r == '(' || r == ')' || r == ';' || r == '.'
	})
	for k, w := range f {
		if n, ok := placeNumbers[w]; ok && k > 0 && f[k-1] == "the" {
			out = append(out, n)
			continue
		}
		n, ok := 0, len(w) > 0 && len(w) <= 2
		for _, r := range w {
			if r < '0' || r > '9' {
				ok = false
				break
			}
			n = n*10 + int(r-'0')
		}
		if !ok {
			continue
		}
		if k == 1 || k > 0 && (f[k-1] == "option" || f[k-1] == "options" || f[k-1] == "and" || f[k-1] == "or" || f[k-1] == "approach" || f[k-1] == "alternative") {
			out = append(out, n)
		}
	}
	return out
}

// placeNumbers number a list's items by place: "the second".
var placeNumbers = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4}

// linesAt yields each line of text (with its newline) and the byte offset
// it starts at.
func linesAt(text string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		// strings.SplitAfter(text, "\n"), without the slice it makes:
		// every line with its '\n', then what follows the last one ("" at
		// the end of a text ending in one).
		off := 0
		for {
			i := strings.IndexByte(text[off:], '\n')
			if i < 0 {
				yield(off, text[off:])
				return
			}
			if !yield(off, text[off:off+i+1]) {
				return
			}
			off += i + 1
		}
	}
}

// setAsideBetween sets aside every token of d that lies wholly within the
// byte offsets from and to.
func setAsideBetween(d *doc, from, to int) {
	for k := range d.toks {
		if d.toks[k].start >= from && d.toks[k].end <= to {
			d.toks[k].setAside = true
		}
	}
}

// ownSpeakers label the candidate's own turns in a dialogue ("Me: ...",
// "A: ..."); questionSpeakers label the other side's, beside the people
// of reporters ("Interviewer: ...", "Q: ...", "Team lead: ...").
var (
	ownSpeakers      = setOf(`me i a answer candidate interviewee myself`)
	questionSpeakers = setOf(`q question them interviewer`)
)

// speakerLabel returns the label opening a line of a dialogue, lowercased
// ("Interviewer: ..." gives "interviewer", "**Team lead:** ..." gives
// "lead"), and the byte offset where the turn's words begin; "" when the
// line opens with no speaker (a label of one to three words before a
// colon).
func speakerLabel(line string) (string, int) {
	colon := strings.IndexByte(line, ':')
	if colon <= 0 || colon > 30 {
		return "", 0
	}
	head := strings.Trim(line[:colon], " \t*_>")
	words := strings.Fields(strings.ToLower(head))
	if len(words) == 0 || len(words) > 3 {
		return "", 0
	}
	for _, w := range words {
		for _, r := range w {
			if !(r >= 'a' && r <= 'z' || r == '-' || r == '\'') {
				return "", 0
			}
		}
	}
	return words[len(words)-1], colon + 1
}

// headingWords label parts of an answer rather than speakers ("Fix:",
// "Note:"), so a capitalised label among them is no name.
var headingWords = setOf(`fix fixes note notes summary answer result results cause causes solution
problem problems why how what when where step steps update edit ps context goal goals example
examples rule rules bonus tldr caveat caveats risk risks option options verdict conclusion short
long yes no`)

// markDialogueTurns reads an answer written as a dialogue: when lines
// open with speaker labels, some the candidate's own ("Me:", "A:") and
// some another person's ("Interviewer:", "Q:", "Colleague:", or a name,
// "Dana:", whose turn borders one of the candidate's), the other
// person's turns report what that person says or proposes, not the
// candidate's claims, and are set aside; the candidate's own turns are
// read as before. (Set aside, not refuted: the second reader reads these
// words as it was trained to.)
func markDialogueTurns(d *doc) {
	const (
		own = iota + 1
		other
		name // a capitalised one-word label: another speaker beside the candidate's turns
	)
	type turn struct {
		who      int
		from, to int // byte offsets of the turn's words
	}
	var buf [32]turn // on the stack for an answer of up to 32 lines
	turns := buf[:0]
	for at, line := range linesAt(d.text) {
		label, words := speakerLabel(line)
		t := strings.TrimLeft(line, " \t*_>")
		switch {
		case label == "":
			if strings.TrimSpace(line) != "" {
				turns = append(turns, turn{}) // prose between turns
			}
			continue
		case ownSpeakers[label]:
			turns = append(turns, turn{own, at + words, at + len(line)})
		case questionSpeakers[label] || reporters[label] && label != "answer" && label != "candidate":
			turns = append(turns, turn{other, at + words, at + len(line)})
		case len(t) > 0 && t[0] >= 'A' && t[0] <= 'Z' && !strings.ContainsAny(strings.TrimSpace(t[:strings.IndexByte(t, ':')]), " \t") && !headingWords[label]:
			turns = append(turns, turn{name, at + words, at + len(line)})
		default:
			turns = append(turns, turn{})
		}
	}
	hasOwn := false
	for _, t := range turns {
		hasOwn = hasOwn || t.who == own
	}
	if !hasOwn {
		return
	}
	for i, t := range turns {
		switch t.who {
		case other:
		case name:
			if !(i > 0 && turns[i-1].who == own || i+1 < len(turns) && turns[i+1].who == own) {
				continue
			}
		default:
			continue
		}
		setAsideBetween(d, t.from, t.to)
	}
}

// rejectLabels, as a label before a colon opening a line or a code
// comment, name what follows as a version judged bad or replaced: "Bad:",
// "# old:", "// WRONG:", "Previously:", "The old way:". beforeLabels do
// so only in a before/after comparison (an answer that also has an
// afterLabels label and no "During:"): "Before: X. After: Y." compares,
// "Before: take the lock. During: ... After: release" is a timeline.
// labelFillers may stand beside them ("The naive version:").
var (
	rejectLabels = setOf(`old bad wrong broken buggy unsafe naive previously originally formerly
anti-pattern antipattern`)
	beforeLabels = setOf(`before`)
	afterLabels  = setOf(`after now new fixed`)
	labelFillers = setOf(`the a our my version code way approach design setup fix v1 pattern`)
)

// rejectedLabel reads the label opening line (after any comment marker:
// "//", "#", "--", "*"): kind is "reject", "before", "after", "during" or
// ""; words is the byte offset where the words after the colon begin.
func rejectedLabel(line string) (kind string, words int) {
	t := strings.TrimLeft(line, " \t")
	lead := len(line) - len(t)
	for _, m := range []string{"//", "#", "--", "/*", "*", "-", ">"} {
		if strings.HasPrefix(t, m) {
			t = strings.TrimLeft(t[len(m):], " \t")
			lead = len(line) - len(t)
			break
		}
	}
	colon := strings.IndexByte(t, ':')
	if colon <= 0 || colon > 30 {
		return "", 0
	}
	ws := strings.Fields(strings.ToLower(strings.Trim(t[:colon], " \t*_")))
	if len(ws) == 0 || len(ws) > 3 {
		return "", 0
	}
	for _, w := range ws {
		switch {
		case rejectLabels[w]:
			kind = "reject"
		case beforeLabels[w] && kind == "":
			kind = "before"
		case afterLabels[w] && kind == "":
			kind = "after"
		case w == "during" && kind == "":
			kind = "during"
		case labelFillers[w]:
		default:
			return "", 0
		}
	}
	return kind, lead + colon + 1
}

// markRejectedLabels sets aside what follows a label that judges it bad
// or replaced ("Bad: SETNX then EXPIRE", "# old: r.delete(key)", "Before:
// the release was a plain DEL. After: a compare-and-delete script"), up
// to the end of its sentence or line: it names the version the answer
// turns from. A label of the candidate's own version ("After:", "Fix:")
// is read as before. (Set aside, not refuted: the second reader reads
// these words as it was trained to.)
func markRejectedLabels(d *doc) {
	type label struct {
		kind     string
		from, to int // byte offsets of the words after the colon, to the line's end
	}
	var labels []label
	compares, timeline := false, false
	for at, line := range linesAt(d.text) {
		kind, words := rejectedLabel(line)
		switch kind {
		case "reject", "before":
			labels = append(labels, label{kind, at + words, at + len(line)})
		case "after":
			compares = true
		case "during":
			timeline = true
		}
	}
	for _, l := range labels {
		if l.kind == "before" && (!compares || timeline) {
			continue
		}
		sent := -1
		for k := range d.toks {
			t := &d.toks[k]
			if t.start < l.from || t.end > l.to {
				continue
			}
			si := -1
			for i, s := range d.sents {
				if s.from <= k && k < s.to {
					si = i
					break
				}
			}
			if sent >= 0 && si != sent {
				break
			}
			sent = si
			t.setAside = true
		}
	}
}

// markTurnedBack sets aside a sentence that the next one turns back on
// without a word of judgement the older rules read: a bare "Not." that
// makes it irony ("Because obviously X. Not."), a bare "Sure." or "Yeah
// right." after a retort opened by "because" ("Yeah, because X. Sure."),
// or a back-reference
// saying it leads to a harm ("X. That is exactly what leads to two
// holders."); and a scenario set up by "Let's say" (or "let's suppose,
// assume, imagine"), as "Suppose ..." sets one up. (Set aside, not
// refuted: the second reader reads these words as it was trained to.)
func markTurnedBack(d *doc) {
	toks := d.toks
	for si, s := range d.sents {
		if s.to-s.from > 2 && (toks[s.from].raw == "let's" || toks[s.from].raw == "lets") && scenarioOpeners[toks[s.from+1].raw] && toks[s.from+1].raw != "picture" {
			for j := s.from; j < s.to; j++ {
				toks[j].setAside = true
			}
			continue
		}
		if si+1 >= len(d.sents) {
			continue
		}
		n := d.sents[si+1]
		end := n.to
		for j := n.from + 1; j < n.to; j++ {
			if toks[j].clause && toks[j].brk != 0 {
				end = j
				break
			}
		}
		// a bare "Sure." or "Right." is irony only after a retort opened
		// by "because" ("Yeah, because X. Sure.")
		retort := toks[s.from].raw == "because" || s.to-s.from > 2 && (toks[s.from].raw == "yeah" || toks[s.from].raw == "oh") && toks[s.from+1].raw == "because"
		bare := n.to-n.from == 1 || n.to-n.from == 2 && toks[n.from].raw == "yeah" && toks[n.from+1].raw == "right"
		ironic := bare && (toks[n.from].raw == "not" || retort && (toks[n.from].raw == "sure" || toks[n.from].raw == "right" || toks[n.from].raw == "yeah"))
		if !ironic && !((toks[n.from].cls&clsBackRef != 0) && leadsToHarm(toks[n.from:end], end-n.from)) {
			continue
		}
		for j := s.from; j < s.to; j++ {
			toks[j].setAside = true
		}
	}
}

// causeVerbs say what something leads to: "That is exactly what leads to
// two holders", "This default causes double charges".
var causeVerbs = setOf(`leads led causes caused produces produced creates created gives gave`)

// leadsToHarm reports a sentence, toks[:end] its first clause, that says
// what it points back at leads to a harm: a cause verb within its first
// six words, not negated, and within four words after it two owners or a
// harm word ("two holders", "double charges", "lost updates").
func leadsToHarm(toks []token, end int) bool {
	for j := 1; j < end && j <= 6; j++ {
		if !causeVerbs[toks[j].raw] {
			continue
		}
		if toks[j].negBy >= 0 {
			return false
		}
		for x := j + 1; x < end && x <= j+4; x++ {
			if harmWords[toks[x].raw] || x+1 < end && twoOwners[[2]string{toks[x].raw, toks[x+1].raw}] {
				return true
			}
		}
		return false
	}
	return false
}

// impressionVerbs give a false impression: "a per-customer lock gives
// the illusion of safety", "heartbeats create a false sense of security".
var impressionVerbs = setOf(`give gives gave giving create creates created offer offers provide
provides lend lends`)

// markFalseImpressions sets aside a sentence that says its subject gives
// an illusion or a false sense of something: what it says the subject
// does is the appearance judged deceptive, up to the end of the sentence
// ("X gives the illusion of safety: it stops two concurrent requests").
// (Set aside, not refuted: the second reader reads these words as it was
// trained to.)
func markFalseImpressions(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j+1 < s.to; j++ {
			illusion := toks[j].raw == "illusion" || toks[j].raw == "false" && (toks[j+1].raw == "sense" || toks[j+1].raw == "impression")
			if !illusion {
				continue
			}
			given := false
			for k := j - 1; k >= s.from && k >= j-3; k-- {
				if impressionVerbs[toks[k].raw] {
					given = toks[k].negBy < 0
					break
				}
			}
			if !given {
				continue
			}
			for x := s.from; x < s.to; x++ {
				toks[x].setAside = true
			}
			break
		}
	}
}

// distinctWords and distinctNouns make the predicate that sets its subject
// apart from what was just said: "X is a different claim", "X is a
// separate question", "X is another matter".
var (
	distinctWords = setOf(`different separate distinct stronger another other`)
	distinctNouns = setOf(`claim claims guarantee guarantees promise promises question questions
matter matters property properties problem problems thing things story topic issue`)
	// distinctIntensifiers may stand before a distinctWord: "a whole
	// different claim", "an entirely separate question".
	distinctIntensifiers = setOf(`whole entirely completely totally quite very much far`)
)

// markDistinguished sets aside the subject of a clause that calls it a
// different claim, question or matter ("Exactly-once delivery is a
// different claim: ...", "Whether the write lands is a separate
// question"): the candidate names it to set it apart from what was just
// said, and asserts nothing of it. What follows the predicate (the reason
// it differs) is the candidate's own. The subject is the run of at most
// six words from the clause's start (the sentence's or a strong break's)
// to its copula.
func markDistinguished(d *doc) {
	if !hasWordOf(d, clsG17, distinctNouns) {
		return // every case ends on one of distinctNouns
	}
	toks := d.toks
	for _, s := range d.sents {
		from := s.from
		for k := s.from; k < s.to; k++ {
			if k > s.from && strongBreak(&toks[k]) {
				from = k
			}
			if toks[k].cls&clsCopula == 0 && toks[k].raw != "isn't" || k == from || k-from > 6 {
				continue
			}
			j := k + 1
			if toks[k].raw == "isn't" || j < s.to && toks[j].raw == "not" {
				// "X is not the same claim"
				if toks[k].raw != "isn't" {
					j++
				}
				if j+2 < s.to && toks[j].raw == "the" && toks[j+1].raw == "same" && distinctNouns[toks[j+2].raw] {
					for x := from; x < k; x++ {
						toks[x].setAside = true
					}
				}
				continue
			}
			if j < s.to && (toks[j].raw == "a" || toks[j].raw == "an") {
				j++
			}
			if j < s.to && distinctIntensifiers[toks[j].raw] {
				j++
			}
			if j+1 >= s.to || !distinctWords[toks[j].raw] || !distinctNouns[toks[j+1].raw] {
				continue
			}
			for x := from; x < k; x++ {
				toks[x].setAside = true
			}
		}
	}
}

// markOrContinuations marks a sentence opened by "Or" or "Nor" after one
// that ends in something named, not claimed ("What doesn't work: a read
// of the key, then a put. Or a check of the session before writing."):
// it adds one more item to the list before it, under the same frame.
func markOrContinuations(d *doc) {
	toks := d.toks
	for si := 1; si < len(d.sents); si++ {
		s, p := d.sents[si], d.sents[si-1]
		if s.to-s.from < 2 || p.to <= p.from || toks[s.from].raw != "or" && toks[s.from].raw != "nor" {
			continue
		}
		if !toks[p.to-1].refuted && !toks[p.to-1].setAside {
			continue
		}
		for x := s.from; x < s.to; x++ {
			toks[x].setAside = true
		}
	}
}

// opensRejecting reports a sentence that opens by saying what it points
// back to fails: "That doesn't make ...", "This breaks ...", "That's
// wrong".
func opensRejecting(toks []token) bool {
	if len(toks) < 2 || !(toks[0].cls&clsBackRef != 0) {
		return false
	}
	// g21d: "That way clients can't forge keys", "This way nobody waits":
	// a benefit drawn from what was said, whose negation is its own.
	if toks[1].raw == "way" {
		return false
	}
	for j := 1; j < len(toks) && j <= 3; j++ {
		if (toks[j].cls&clsNegator != 0) || toks[j].cls&(clsCritic|clsRebuttal) != 0 || failVerbs[toks[j].raw] {
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
			if toks[j].cls&(clsNamed|clsInversion) != clsNamed|clsInversion || !questionSubjects[toks[j+1].raw] {
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

// knowingWords take an embedded question: "you don't know if you still
// hold it", "can't tell whether the session survived".
var knowingWords = setOf(`know knows knew known knowing tell telling sure certain unsure uncertain
unclear wonder wonders wondering ask asks asked asking guess`)

// askedPronouns stand between a word of knowing and its question: "ask
// yourself whether", "tell you if".
var askedPronouns = setOf(`me you us them him her itself yourself ourselves themselves myself`)

// takesQuestion reports whether the if or whether at toks[j] opens a
// question taken by the words before it: a word of knowing, maybe with
// its object ("ask yourself whether"), or "the question is whether".
func takesQuestion(toks []token, from, j int) bool {
	p := j - 1
	if askedPronouns[toks[p].raw] && p > from {
		p--
	}
	if knowingWords[toks[p].raw] {
		return true
	}
	return (toks[j-1].raw == "is" || toks[j-1].raw == "was") && j-2 >= from && (toks[j-2].raw == "question" || toks[j-2].raw == "unknown")
}

// markEmbeddedQuestions marks an if- or whether-clause taken by a word of
// knowing ("you don't know if you still hold the lock", "no way to tell
// whether the session is alive") as a question asked, not a claim: its
// words are what is unknown, to the end of the clause.
func markEmbeddedQuestions(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from + 1; j+1 < s.to; j++ {
			if toks[j].raw != "if" && toks[j].raw != "whether" || !takesQuestion(toks, s.from, j) {
				continue
			}
			end := j + 1
			for end < s.to && !(toks[end].clause && (toks[end].brk != 0 && toks[end].brk != '"' || strongClause[toks[end].raw])) {
				end++
			}
			for x := j; x < end; x++ {
				toks[x].probe = true
			}
		}
	}
}

// fixVerbs open a sentence that prescribes a fix: under a header of
// suspects, the item names the cause and such a sentence says what the
// candidate would do about it.
var fixVerbs = setOf(`set use configure run enable switch pick choose put make keep turn add`)

// laterOnLine reports whether sentence s starts after another sentence
// on the same line.
func laterOnLine(d *doc, s sentence) bool {
	start := d.toks[s.from].start
	line := d.text[strings.LastIndexByte(d.text[:start], '\n')+1 : start]
	line = strings.TrimLeft(line, " \t-*•–0123456789.)")
	return strings.TrimSpace(line) != ""
}

// cleftRejects are the verbs of "What I'd reject is X", "What I
// wouldn't do is X", "What I'd call out as not a fence: X".
var cleftRejects = setOf(`reject avoid forbid ban veto warn call push fight question challenge
discourage distrust`)

// proposalNouns, as the subject that opens a sentence, make what it says
// someone else's: "The proposal treats WAIT as synchronous replication".
var proposalNouns = setOf(`proposal proposals suggestion suggestions claim claims argument
pitch ticket rfc`)

// rejectingCleft returns the copula of a pseudo-cleft whose head is not
// "what" and whose relative clause has the speaker reject it ("One thing
// I'd forbid is X", "A setup we would veto is X", "Something people like
// and I would ban is X"), or -1. The speaker must be "I" or "we", with at
// most two words and no negator before the verb ("the one thing I'd never
// avoid is fencing" keeps fencing), and the copula must follow it in the
// same clause run, before any strong break.
func rejectingCleft(toks []token, s sentence) int {
	return cleftOn(toks, s, strictCleftRejects)
}

// cleftOn is rejectingCleft with verbs as the rejecting verbs.
func cleftOn(toks []token, s sentence, verbs map[string]bool) int {
	if s.to-s.from < 5 || !cleftHeads[toks[s.from].raw] {
		return -1
	}
	verb := -1
	for j := s.from + 1; j < s.to && j <= s.from+maxCleftHead; j++ {
		if strongBreak(&toks[j]) {
			return -1
		}
		if verb < 0 && toks[j].cls&clsSpeaker != 0 {
			for k := j + 1; k < s.to && k <= j+3; k++ {
				if (toks[k].cls&clsNegator != 0) || toks[k].raw == "never" {
					break
				}
				if verbs[toks[k].raw] {
					verb = k
					break
				}
			}
			continue
		}
		if verb >= 0 && j > verb && (toks[j].raw == "is" || toks[j].raw == "was") {
			return j
		}
	}
	return -1
}

// cleftEnd is where what a "what" pseudo-cleft rejects, starting at
// from, ends: at the sentence's end, or at a consequence the candidate
// draws for themselves ("What it cannot do is stop a pause, so we need
// fencing — and ..."), which is their own claim (g15), or at a clause
// whose colon endorses what follows ("What it can't do is X, but that's
// cheap to fix: Y", g21d: see endorsingHeader).
func cleftEnd(toks []token, from, end int) int {
	for k := from + 1; k+1 < end; k++ {
		if toks[k].clause && drawnConsequences[toks[k].raw] && speakers[toks[k+1].raw] {
			return k
		}
		if toks[k].clause && toks[k].brk != ':' {
			for c := k + 1; c < end && c <= k+10; c++ {
				if toks[c].clause && toks[c].brk != 0 {
					if toks[c].brk == ':' && endorsingHeader(toks[headerBefore(toks, k, c):c]) {
						return k
					}
					break
				}
			}
		}
	}
	return end
}

// drawnConsequences open a clause that draws a consequence.
var drawnConsequences = setOf(`so therefore hence thus`)

// cleftHeads open a pseudo-cleft other than "what": "One thing I'd
// forbid is ...", "The setup I'd veto is ...", "Something ... I would ban
// is ...".
var cleftHeads = setOf(`something one the a an another anything`)

// speakers are the candidate speaking for themselves or their team.
var speakers = setOf(`i we i'd we'd i'll we'll`)

// strictCleftRejects are the verbs of rejection that make a pseudo-cleft
// on another head name what is rejected (not "push", which may push for
// it, nor "call", which may call for it).
var strictCleftRejects = setOf(`reject avoid forbid ban veto discourage distrust refuse`)

// removingCleftVerbs take what a pseudo-cleft names out of a design: "The
// first thing I'd strike out is the idea of ..." (g41; set aside, so the
// second reader, trained before, reads it as before).
var removingCleftVerbs = setOf(`strike scrap drop kill remove`)

// maxCleftHead is how far into its sentence a pseudo-cleft's copula may
// stand.
const maxCleftHead = 14

// proposalVerbs say what a proposal holds: "The proposal treats ...".
var proposalVerbs = setOf(`treats treat assumes assume says say claims claim relies rely suggests
suggest argues argue wants want proposes propose reads read equates equate`)

// markRejectedClefts marks what a pseudo-cleft of rejection names ("What
// I'd reject is holding a row lock while calling ...", "What I wouldn't do
// is raise the TTL", "What I'd call out as NOT a fence: the random
// value"), what a proposal opening its sentence says ("The proposal
// treats WAIT as synchronous"), the thing contrasted after "unlike" ("unlike
// a lease it can't expire under you"), a sentence that opens on a named
// mistake and its copula ("The common mistake is X — ... and you hold a
// transaction open across a network call"), and a checklist after a
// probe's colon ("Audit the client: token-checked release, ...").
func markRejectedClefts(d *doc) {
	toks := d.toks
	refute := func(from, to int) {
		for j := from; j < to; j++ {
			toks[j].refuted = true
		}
	}
	// (g32a) what a named mistake no longer covers (see namedMistakeEnd)
	// the second reader, trained before, still reads as refuted
	readerRefute := func(from, to int) {
		for j := from; j < to; j++ {
			toks[j].readerRefuted = true
		}
	}
	for _, s := range d.sents {
		t0 := toks[s.from].raw
		// "What I'd reject is X", "What I wouldn't do is X"
		if t0 == "what" && s.to-s.from > 4 {
			rejects := false
			for j := s.from + 1; j < s.to && j <= s.from+8; j++ {
				r := toks[j].raw
				if toks[j].cls&clsNegator != 0 || r == "never" || cleftRejects[r] { // isNegator(r)
					rejects = true
				}
				if rejects && (r == "is" || r == "was" || toks[j].clause && toks[j].brk == ':') {
					end := cleftEnd(toks, j, s.to)
					refute(j, end)
					for x := end; x < s.to; x++ {
						toks[x].readerRefuted = true
					}
					break
				}
			}
		}
		// "First, what I would not do: X", "Second, what I'd reject is
		// X": the same pseudo-cleft behind an enumerator and its comma
		// (grader g22a). What it names is set aside for the red flags
		// alone: the second reader, trained before this rule, reads it
		// as before.
		// (g22f) A negator before a verb of giving something up
		// ("what I never skip", "what I wouldn't change") endorses what
		// it names; and the thing named ends at a ";" or at a clause of
		// reason or consequence ("..., since a long TTL means ..."),
		// which the candidate asserts.
		if w := s.from + 1; w < s.to && toks[w].raw == "what" && toks[w].clause && toks[w].brk == ',' && s.to-w > 4 && enumerators[t0] {
			rejects := false
			for j := w + 1; j < s.to && j <= w+8; j++ {
				r := toks[j].raw
				if cleftRejects[r] || (toks[j].cls&clsNegator != 0 || r == "never") && !givenUpAfter(toks, j+1, s.to) { // isNegator(r)
					rejects = true
				}
				if rejects && (r == "is" || r == "was" || toks[j].clause && toks[j].brk == ':') {
					end := cleftEnd(toks, j, s.to)
					for x := j + 1; x < end; x++ {
						if toks[x].clause && (toks[x].brk == ';' || strongClause[toks[x].raw]) {
							end = x
							break
						}
					}
					for x := j; x < end; x++ {
						toks[x].setAside = true
					}
					break
				}
			}
		}
		// "One thing I'd forbid is X", "Something teams like and I would
		// ban is X": a pseudo-cleft on another head, to the end of the
		// clause after its copula
		if c := rejectingCleft(toks, s); c >= 0 {
			end := c + 1
			for end < s.to && !strongBreak(&toks[end]) {
				end++
			}
			refute(c, end)
		} else if c := cleftOn(toks, s, removingCleftVerbs); c >= 0 {
			for x := c; x < s.to && !strongBreak(&toks[x]); x++ {
				toks[x].setAside = true
			}
		}
		// "The proposal treats X as Y"
		if s.to-s.from > 3 && determiners[t0] && proposalNouns[toks[s.from+1].raw] && proposalVerbs[toks[s.from+2].raw] {
			refute(s.from, s.to)
		}
		// "The common mistake is X ..." to the end of its sentence
		for j := s.from; j < s.to && j < s.from+4; j++ {
			if toks[j].cls&clsMistakeNoun == 0 {
				continue
			}
			if j+1 < s.to && (toks[j+1].raw == "is" || toks[j+1].raw == "was") {
				e := namedMistakeEnd(toks, j+1, s.to)
				refute(j+1, e)
				readerRefute(e, s.to)
				break
			}
			// "The misuse I'd call out, because I've had to unpick it,
			// is holding ...": the mistake's copula after its modifiers
			for c := j + 2; c < s.to && c <= j+14; c++ {
				if toks[c].clause && (strongClause[toks[c].raw] && toks[c].raw != "because" && toks[c].raw != "since" || toks[c].brk == ';' || toks[c].brk == ':' || toks[c].brk == '.') {
					break
				}
				if (toks[c].raw == "is" || toks[c].raw == "was") && toks[c].clause && toks[c].brk == ',' {
					e := namedMistakeEnd(toks, c, s.to)
					refute(c, e)
					readerRefute(e, s.to)
					break
				}
			}
			break
		}
		for j := s.from; j < s.to; j++ {
			if toks[j].cls&clsNamed == 0 {
				continue
			}
			r := toks[j].raw
			// "all of that is about the lock surviving a failover", "it
			// says nothing about X": a topic, not a claim.
			if r == "about" && j > s.from && topicBefore[toks[j-1].raw] && j+1 < s.to && toks[j+1].raw != "as" && !isNumber(toks[j+1].raw) {
				end := j + 1
				for end < s.to && !(toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"') {
					end++
				}
				refute(j+1, end)
			}
			// "that's a long way from "a failover can't lose it"", "far
			// from safe": what follows is denied.
			if r == "from" && j > s.from && (toks[j-1].raw == "far" || toks[j-1].raw == "way" && j > s.from+1 && toks[j-2].raw == "long") {
				end := j + 1
				for end < s.to && !(toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"') {
					end++
				}
				refute(j+1, end)
			}
			// "unlike a lease it can't expire": the contrasted noun
			// phrase, to the next break or subject pronoun
			if r == "unlike" {
				end := j + 1
				for end < s.to && end <= j+5 && !(toks[end].clause && toks[end].brk != 0) && !(end > j+1 && subjectPronouns[toks[end].raw]) {
					end++
				}
				refute(j+1, end)
			}
			// "Audit the client: a, b, c"
			if (r == "audit" || r == "review" || r == "inspect" || r == "scan" || r == "check" || r == "verify") && (j == s.from || toks[j].clause) {
				for c := j + 1; c < s.to && c <= j+4; c++ {
					if toks[c].clause && toks[c].brk == ':' {
						if checklist(toks, c) {
							for x := c; x < s.to; x++ {
								toks[x].probe = true
							}
						}
						break
					}
				}
			}
		}
	}
}

// namedMistakeEnd returns where the mistake named after the copula at
// toks[c] ends (g32a): at the sentence's end, or before a clause that
// turns against it ("The trap is real but a long TTL fixes it") or to the
// speaker's own practice (see speakerTurnAt).
//
// (g33c) A mistake named in full as an excess of caution before a colon
// ("The mistake is overthinking it: a long TTL is enough on its own") ends
// at the colon: what follows is the speaker's verdict against that
// caution, their own claim (see excessGerund). A pointer before the colon
// ("The mistake is overdoing this: ...") leaves the mistake to the words
// after it.
func namedMistakeEnd(toks []token, c, end int) int {
	gerund := c+1 < end && excessGerund(toks[c+1].raw)
	for x := c + 2; x < end; x++ {
		if toks[x].clause && (toks[x].raw == "but" || toks[x].raw == "however" || toks[x].raw == "yet") || speakerTurnAt(toks, x, end) {
			return x
		}
		if gerund && pointerWords[toks[x].raw] {
			gerund = false
		}
		if gerund && toks[x].clause && (toks[x].brk == ':' || toks[x].brk == '—' || toks[x].brk == '–') {
			return x
		}
	}
	return end
}

// mistakeNamedBefore reports a header between from and colon that names
// its mistake in full, a mistake noun and its copula followed by a gerund
// of its own ("The mistake is overthinking it:"): what the colon then
// opens is the speaker's verdict, not the mistake (g33c; see
// namedMistakeEnd).
func mistakeNamedBefore(toks []token, from, colon int) bool {
	for j := from; j+2 < colon; j++ {
		if toks[j].cls&clsMistakeNoun == 0 || !copulas[toks[j+1].raw] || !excessGerund(toks[j+2].raw) {
			continue
		}
		for x := j + 3; x < colon; x++ {
			if pointerWords[toks[x].raw] {
				return false
			}
		}
		return true
	}
	return false
}

// excessGerund reports a gerund that names too much care as the mistake
// ("overthinking", "overengineering it", "worrying about it"): a mistake
// so named is the speaker's case against care, and the verdict after it
// is theirs. Other gerunds ("treating it as a mutex: ...") may go on to
// list what the mistake looks like, so they leave the colon to it.
func excessGerund(w string) bool {
	if !strings.HasSuffix(w, "ing") {
		return false
	}
	return strings.HasPrefix(w, "over") && len(w) > 8 || excessGerunds[w]
}

// excessGerunds are gerunds of too much care that do not start "over".
var excessGerunds = setOf(`worrying fussing fretting bothering panicking obsessing agonizing agonising
gold-plating goldplating`)

// pointerWords point ahead to what a colon introduces.
var pointerWords = setOf(`this these following as here thus`)

// topicBefore, before "about", make what follows a topic: "is about X",
// "says nothing about X".
var topicBefore = setOf(`is are was were nothing something anything says say said talks talk
question questions`)

// isNumber reports a word made of digits ("about 30 seconds").
func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// timingRisks are what a stated assumption must name to excuse the step
// before it: a step sold as safe "assuming bounded pauses" is offered
// under that condition, while "Assumes the provider implements it" leaves
// a fresh key per call as wrong as before.
var timingRisks = setOf(`pause pauses paused gc clock clocks drift skew timing bounded latency
delay delays network stall stalls stop-the-world freeze freezes short margin
expire expires expiry ttl lease`)

// namesTimingRisk reports whether an assumption names a timing risk.
func namesTimingRisk(toks []token) bool {
	for ti := range toks {
		t := &toks[ti]
		if timingRisks[t.raw] {
			return true
		}
	}
	return false
}

// guardedActions, inside a "check whether ..." step, show that the check
// guards an action of the design ("check whether there's a payment for
// the same customer and return it if so"), not a debugging probe.
var guardedActions = setOf(`return returns reject rejects refuse refuses skip skips abort aborts`)

// flawNouns, in "That's a check-then-act race." right after a claim,
// reject it as rejectWords do.
var flawNouns = setOf(`race toctou`)

// flawParts may stand before a flaw noun: "a check-then-act race".
var flawParts = setOf(`check then act classic textbook`)

// temptingHeads, before a head noun, announce the version a candidate is
// about to reject: "The tempting version is: ...", "the obvious fix is
// ...", "A pattern I see a lot: ...". A first, unconsidered response
// named by its haste ("the knee-jerk fix is ...", "the gut answer:
// ...") is the same (grader g19b).
var temptingHeads = setOf(`tempting obvious naive intuitive jerk kneejerk knee-jerk gut reflexive`)

// markTemptingVersions marks what follows "The tempting version is",
// "the obvious fix:", "A pattern I see a lot:" (to the end of the
// sentence) as named, not claimed.
func markTemptingVersions(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j+1 < s.to && j < s.from+4; j++ {
			r := toks[j].raw
			head := toks[j].cls&clsTemptingHead != 0 && headNouns[toks[j+1].raw]
			// "A pattern I see a lot:"
			seen := (r == "pattern" || r == "mistake" || r == "thing") && j+3 < s.to && (toks[j+1].raw == "i" || toks[j+1].raw == "we") && (toks[j+2].raw == "see" || toks[j+2].raw == "keep")
			if !head && !seen {
				continue
			}
			if !refuteAfterCopula(toks, j+1, min(s.to, j+8), s.to) && head && j+2 < s.to && !toks[j+2].fn && !toks[j+2].clause {
				// "The naive approach writes the row and publishes in the
				// same function, ...; a crash between them ...": the
				// version named as the subject of its own description,
				// to where the sentence turns
				for x := j; x < s.to && !(x > j && strongBreak(&toks[x])); x++ {
					toks[x].refuted = true
				}
			}
			break
		}
	}
}

// phraseAt returns the length of the first of phrases (words, by their
// raw form) that toks[k:to] opens with, or 0 if none does.
func phraseAt(toks []token, k, to int, phrases [][]string) int {
	for _, ph := range phrases {
		if k+len(ph) > to {
			continue
		}
		ok := true
		for i, w := range ph {
			if toks[k+i].raw != w {
				ok = false
				break
			}
		}
		if ok {
			return len(ph)
		}
	}
	return 0
}

// setAsideRunBefore sets aside the words before toks[k] back to the start
// of their clause run (a strong break, or from): what a verdict after them
// judges ("X (rejected, unsafe)", "X, which loses writes").
func setAsideRunBefore(toks []token, from, k int) {
	start := k - 1
	for start > from && !strongBreak(&toks[start]) {
		start--
	}
	for x := start; x < k; x++ {
		toks[x].setAside = true
	}
}

// hedgeOpeners open an option the speaker entertains without making it
// their own: "You could X, but ...", "One might X, but ...", "It's
// tempting to X, but ...".
var hedgeOpeners = [][]string{{"you", "could"}, {"you", "might"}, {"one", "could"}, {"one", "might"},
	{"we", "could"}, {"it's", "tempting", "to"}, {"it", "is", "tempting", "to"}, {"tempting", "to"}}

// hedgeRebuttals, in the clause after "but", say the option fails:
// critics and break verbs (see markHedgedRebutted), and these.
var hedgeRebuttals = setOf(`defeats defeat undermines undermine breaks break fails fail loses lose unsafe`)

// rebuttalAfterNot, after a negator in that clause, say it fails too:
// "but it doesn't help", "but that isn't enough".
var rebuttalAfterNot = setOf(`work works help helps enough safe fix fixes save saves protect protects
stop stops prevent prevents guarantee guarantees solve solves`)

// markHedgedRebutted sets aside an option the speaker entertains and then
// rebuts in the same sentence (g41): "You could raise the TTL, but a
// pause defeats it", "One might check the token in the client, but that
// is unsafe", "It's tempting to X, but it doesn't help". The option
// runs from the opener to the clause that opens on "but"; that clause
// must judge it (a critic, a break verb, or a negated "works", "helps",
// "enough" ...). Set aside, not refuted: the second reader, trained
// before this rule, reads it as before.
func markHedgedRebutted(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		start := s.from
		if start < s.to && (toks[start].raw == "sure" || toks[start].raw == "yes" || toks[start].raw == "well" || toks[start].raw == "now") {
			start++
		}
		n := phraseAt(toks, start, s.to, hedgeOpeners)
		if n == 0 {
			continue
		}
		but := -1
		for j := start + n + 1; j < s.to; j++ {
			if toks[j].clause && toks[j].raw == "but" {
				but = j
				break
			}
			if strongBreak(&toks[j]) {
				break
			}
		}
		if but < 0 {
			continue
		}
		rebutted := false
		for j := but + 1; j < s.to && !rebutted; j++ {
			t := &toks[j]
			switch {
			case t.cls&clsCritic != 0 || hedgeRebuttals[t.raw]:
				rebutted = true
			case (t.cls&clsNegator != 0 || strings.HasSuffix(t.raw, "n't")) && j+1 < s.to && (rebuttalAfterNot[toks[j+1].raw] || j+2 < s.to && rebuttalAfterNot[toks[j+2].raw]):
				rebutted = true
			}
		}
		if !rebutted {
			continue
		}
		for x := start; x < but; x++ {
			toks[x].setAside = true
		}
	}
}

// markWorstCleft sets aside what "The worst thing you can do is X" names
// (g41), to the end of its clause run: the speaker names X to warn
// against it. Set aside, so the second reader reads it as before.
func markWorstCleft(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		j := s.from
		if j < s.to && toks[j].raw == "the" {
			j++
		}
		if j >= s.to || toks[j].raw != "worst" {
			continue
		}
		for c := j + 1; c < s.to && c <= j+7; c++ {
			if strongBreak(&toks[c]) {
				break
			}
			if toks[c].raw == "is" || toks[c].raw == "was" {
				for x := c + 1; x < s.to && !strongBreak(&toks[x]); x++ {
					toks[x].setAside = true
				}
				break
			}
		}
	}
}

// rebuffs are whole sentences that refuse what the sentence before them
// said: "Juniors often X. Don't."
var rebuffs = map[string]bool{"don't": true, "do not": true, "never": true, "don't do this": true, "don't do that": true,
	"please don't": true, "never do this": true, "never do that": true, "just don't": true, "avoid this": true, "avoid it": true}

// markRebuffedBefore sets aside a sentence followed by a rebuff (g41):
// "Juniors often drop the TTL. Don't." Set aside, so the second reader
// reads it as before.
func markRebuffedBefore(d *doc) {
	toks := d.toks
	for i := 1; i < len(d.sents); i++ {
		s := d.sents[i]
		if s.to-s.from > 3 {
			continue
		}
		var ws []string
		for j := s.from; j < s.to; j++ {
			ws = append(ws, toks[j].raw)
		}
		if !rebuffs[strings.Join(ws, " ")] {
			continue
		}
		p := d.sents[i-1]
		for x := p.from; x < p.to; x++ {
			toks[x].setAside = true
		}
	}
}

// attemptJudgements, after an attempt opening its sentence ("To X ...",
// "Trying to X ..."), judge it a poor fix: "is a band-aid", "only
// narrows the window", "just moves the problem", "buys you nothing".
var attemptJudgements = setOf(`band-aid band bandaid plaster hack narrows narrow moves shifts buys worse
overkill useless pointless insufficient`)

// markJudgedAttempts sets aside an attempt that opens its sentence and is
// then judged a poor fix (g41): "To raise the TTL is a band-aid",
// "Trying to renew faster just moves the problem", "To check the token
// in the client doesn't solve it". The attempt runs to the judging word,
// with no clause break or speaker before it. Set aside, so the second
// reader reads it as before.
func markJudgedAttempts(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		j := s.from
		switch {
		case j+1 < s.to && toks[j].raw == "to":
			j++
		case j+2 < s.to && (toks[j].raw == "trying" || toks[j].raw == "attempting") && toks[j+1].raw == "to":
			j += 2
		default:
			continue
		}
		judged := -1
		for k := j + 1; k < s.to; k++ {
			t := &toks[k]
			// the attempt is the sentence's subject: no clause break and
			// no speaker before its judgement ("To survive failover, I'd
			// switch to X, unlike Y that is unsafe" states a purpose)
			if t.clause || t.cls&clsSpeaker != 0 || speakerOpeners[t.raw] {
				break
			}
			if t.cls&clsCritic != 0 || attemptJudgements[t.raw] ||
				(t.cls&clsNegator != 0 || strings.HasSuffix(t.raw, "n't")) && k+1 < s.to && (rebuttalAfterNot[toks[k+1].raw] || k+2 < s.to && rebuttalAfterNot[toks[k+2].raw]) {
				judged = k
				break
			}
		}
		for x := s.from; x < judged; x++ {
			toks[x].setAside = true
		}
	}
}

// markWarnedUrges sets aside what a warning that opens its sentence
// names (g41): "Beware of the temptation to X", "Resist the urge to X",
// "Stop trying to X", to the end of its clause run. Set aside, so the
// second reader reads it as before.
func markWarnedUrges(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		j := s.from
		if j+2 >= s.to {
			continue
		}
		r, n := toks[j].raw, toks[j+1].raw
		if !(r == "beware" || r == "resist" || r == "stop" && (n == "trying" || n == "attempting") ||
			r == "avoid" && (n == "the" && j+2 < s.to && (toks[j+2].raw == "temptation" || toks[j+2].raw == "urge"))) {
			continue
		}
		x := j
		for ; x < s.to && !(x > j && strongBreak(&toks[x])); x++ {
			toks[x].setAside = true
		}
		// "Beware of reasoning like: X": a short warning whose colon
		// names what it warns of, to the end of the sentence
		if x < s.to && toks[x].brk == ':' && x-j <= 8 {
			for ; x < s.to; x++ {
				toks[x].setAside = true
			}
		}
	}
}

// parenVerdicts, opening a parenthesis, reject what comes before it in
// its clause: "Option A: SETNX then EXPIRE (rejected, not atomic)".
var parenVerdicts = setOf(`rejected reject wrong unsafe bad broken avoid don't never no dangerous
anti-pattern antipattern mistake myth incorrect buggy racy nope forbidden banned`)

// markParentheticalVerdicts sets aside the words before a parenthesis
// that opens on a verdict of rejection (g41), back to the start of their
// clause run: "Option A: X (rejected, unsafe)", "- GET then DEL (wrong:
// not atomic)". Set aside, so the second reader reads it as before.
func markParentheticalVerdicts(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 1; k < s.to; k++ {
			if !(toks[k].clause && toks[k].brk == '(') || !parenVerdicts[toks[k].raw] {
				continue
			}
			setAsideRunBefore(toks, s.from, k)
		}
	}
}

// markTrailingNo sets aside a sentence that its own last word, "no" or
// "nope" after a comma or a dash, answers (g41): "A safe lock for
// correctness, no." Set aside, so the second reader reads it as before.
func markTrailingNo(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		k := s.to - 1
		if k-s.from < 2 || !(toks[k].raw == "no" || toks[k].raw == "nope") || !toks[k].clause || !(toks[k].brk == ',' || toks[k].brk == '—' || toks[k].brk == '–') {
			continue
		}
		for x := s.from; x < k; x++ {
			toks[x].setAside = true
		}
	}
}

// deniedThatFrames open a sentence that denies all it goes on to say:
// "It's not true that X", "It is a myth that X", "It's not the case that
// X".
var deniedThatFrames = [][]string{
	{"it's", "not", "true", "that"}, {"it", "is", "not", "true", "that"}, {"it", "isn't", "true", "that"},
	{"it's", "false", "that"}, {"it", "is", "false", "that"}, {"it's", "untrue", "that"}, {"it", "is", "untrue", "that"},
	{"it's", "a", "myth", "that"}, {"it", "is", "a", "myth", "that"},
	{"it's", "not", "the", "case", "that"}, {"it", "is", "not", "the", "case", "that"},
	{"it's", "wrong", "to", "say", "that"}, {"it", "is", "wrong", "to", "say", "that"},
	{"not", "true", "that"}, {"nor", "is", "it", "true", "that"},
	{"it", "would", "be", "wrong", "to", "say"}, {"it'd", "be", "wrong", "to", "say"}, {"it's", "wrong", "to", "claim"},
	{"it", "would", "be", "a", "mistake", "to", "say"}, {"it", "would", "be", "a", "mistake", "to", "think"},
	{"it", "would", "be", "a", "mistake", "to", "assume"}, {"it's", "a", "mistake", "to", "think"},
	{"it's", "a", "mistake", "to", "assume"}, {"it", "is", "a", "mistake", "to", "think"}, {"it", "is", "a", "mistake", "to", "assume"},
	{"it", "would", "be", "wrong", "to", "assume"}, {"it's", "wrong", "to", "assume"}, {"it", "is", "wrong", "to", "assume"},
}

// markDeniedThat sets aside what a sentence opening on a denial of all it
// says goes on to say (g41), to the end of the sentence or to a clause
// that turns to the speaker's own view ("..., but ...", "...; rather,
// fencing does": a semicolon ends the denial). The negation of
// "not true" reaches only the first clause, so in "It's not true that
// SKIP LOCKED gives exactly-once, so handlers needn't be idempotent" the
// consequence read as the candidate's: wrapping 1,483 plain claims of the
// tuning writers in "It's not true that ..." left 713 of them flagged.
// Set aside, so the second reader reads it as before.
func markDeniedThat(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		// (with a word after the frame)
		n := phraseAt(toks, s.from, s.to-1, deniedThatFrames)
		if n == 0 {
			continue
		}
		for x := s.from + n; x < s.to; x++ {
			if x > s.from+n && (toks[x].clause && contrastOpeners[toks[x].raw] || toks[x].brk == ';' && strongBreak(&toks[x])) {
				break
			}
			toks[x].setAside = true
		}
	}
}

// disownedSayings are the verbs of saying a speaker disowns with a
// negation ("I would never say X"); not "think" or "believe", whose
// negation moves into what follows ("I don't think we need fencing"
// claims fencing is not needed).
var disownedSayings = setOf(`say claim argue tell suggest recommend promise assume`)

// markDisownedSayings sets aside what the speaker says they would never
// say (g41): "I would never say X", "We never claim X", "I'd never
// recommend that X" (not "I wouldn't say X", a hedged claim of its
// opposite), to the end of the sentence or to a clause that turns
// to their own view ("..., but ..."). Wrapping 1,483 plain claims of the
// tuning writers in "I would never say ..." left 924 flagged: the
// negation reached "say" and no further. Set aside, so the second reader
// reads it as before.
func markDisownedSayings(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		j := s.from
		if j+3 >= s.to || !speakers[toks[j].raw] {
			continue
		}
		k := j + 1
		if toks[k].raw == "would" || toks[k].raw == "will" || toks[k].raw == "do" || toks[k].raw == "did" {
			k++
		}
		// only "never": "I wouldn't say the token is needed" is a hedged
		// claim that it is not
		if k+1 >= s.to || toks[k].raw != "never" || !disownedSayings[toks[k+1].raw] {
			continue
		}
		for x := k + 2; x < s.to; x++ {
			if x > k+2 && toks[x].clause && contrastOpeners[toks[x].raw] {
				break
			}
			toks[x].setAside = true
		}
	}
}

// propositionNouns head a proposition a sentence then judges: "The
// argument that X does not hold", "The idea that X is a myth".
var propositionNouns = setOf(`argument claim idea belief notion assumption view premise theory`)

// propositionVerdicts judge it: with a negator ("does not hold", "isn't
// true") or as critics do ("is false", "is wrong", "is a myth").
var propositionVerdicts = setOf(`false myth untrue hold holds true stand stands survive survives`)

// markJudgedPropositions sets aside a proposition a sentence opens on and
// then judges false (g41): "The argument that X does not hold", "The
// claim that X is false", "The idea that X is a myth", from "that" to the
// verdict. Wrapping 1,483 plain claims of the tuning writers in "The
// argument that ... does not hold" left 1,023 flagged. Set aside, so the
// second reader reads it as before.
func markJudgedPropositions(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		j := s.from
		if j < s.to && (toks[j].raw == "the" || toks[j].raw == "this" || toks[j].raw == "that" || toks[j].raw == "any") {
			j++
		}
		if j+2 >= s.to || !propositionNouns[toks[j].raw] || toks[j+1].raw != "that" {
			continue
		}
		verdict := -1
		for k := s.to - 1; k > j+2; k-- {
			t := &toks[k]
			if t.cls&clsCritic != 0 || propositionVerdicts[t.raw] && (t.cls&clsCritic != 0 || t.raw == "false" || t.raw == "myth" || t.raw == "untrue" || negatedAt(toks, k, j+2)) {
				verdict = k
				break
			}
		}
		if verdict < 0 {
			continue
		}
		// the verdict's own words ("does not hold") start at its negator
		end := verdict
		for end > j+2 && (toks[end-1].cls&clsNegator != 0 || strings.HasSuffix(toks[end-1].raw, "n't") || toks[end-1].raw == "does" || toks[end-1].raw == "is" || toks[end-1].raw == "a") {
			end--
		}
		for x := j + 2; x < end; x++ {
			toks[x].setAside = true
		}
	}
}

// negatedAt reports a negator within the two words before toks[k], after
// from: "does not hold", "doesn't stand".
func negatedAt(toks []token, k, from int) bool {
	for i := k - 1; i >= from && i >= k-2; i-- {
		if toks[i].cls&clsNegator != 0 || strings.HasSuffix(toks[i].raw, "n't") || toks[i].raw == "not" || toks[i].raw == "never" {
			return true
		}
	}
	return false
}

// properThenVerb reports a capitalised name at toks[k] followed by a
// present-tense verb ("Redis rolls", "Sentinel promotes").
func properThenVerb(d *doc, k int) bool {
	t, v := d.toks[k], d.toks[k+1]
	if t.fn || v.fn || t.end <= t.start || d.text[t.start] < 'A' || d.text[t.start] > 'Z' || looksLikeCode(d.text[t.start:t.end]) {
		return false
	}
	r := v.raw
	return len(r) > 3 && strings.HasSuffix(r, "s") && !strings.HasSuffix(r, "ss") && !strings.HasSuffix(r, "'s")
}

// lookProbe reports a "look" that heads a probe ("Look for:", "look at
// the client:"), not "They're everywhere once you look:".
func lookProbe(toks []token, j int, s sentence) bool {
	return j == s.from || j+1 < s.to && (toks[j+1].raw == "for" || toks[j+1].raw == "at")
}

// thingsVerbs, after "things", make a header of suspects or of things
// rejected ("Things to check:", "Things I'd forbid:", "Things that can
// kill the key:"), not a list of the candidate's own practice ("Things I
// don't lock:").
var thingsVerbs = setOf(`check verify look inspect rule suspect suspects forbid avoid reject ban
watch kill break breaks fail fails lose loses wrong cause causes`)

// thingsProbe reports whether "things" at toks[j] heads such a list.
func thingsProbe(toks []token, j int, s sentence) bool {
	for k := j + 1; k < s.to && k <= j+4; k++ {
		if thingsVerbs[toks[k].raw] {
			return true
		}
	}
	// (g27p) "Things people do that don't fix it:", "Things that won't
	// help:": a remedy verb the header negates heads remedies refused.
	// (g27pf, review rev27p: only where the negated verb ends the header,
	// or an object pronoun alone follows it: "Things that don't work out
	// of the box, so we add them:", "Things I do that don't fix
	// everything but are still worth it:" go on to vouch for the list.)
	for k := j + 1; k < s.to && k <= j+6; k++ {
		if thingsRemedies[toks[k].raw] && toks[k].negBy >= 0 && toks[k-1].cls&clsNegator != 0 && (k-2 <= j || toks[k-2].cls&clsNegator == 0) && headerEndsAt(toks, k+1, s) {
			return true
		}
	}
	return false
}

// headerEndsAt reports whether the header ends at toks[k] (its colon,
// or the sentence's end), or after one object pronoun there ("... don't
// fix it:"). (g27pf)
func headerEndsAt(toks []token, k int, s sentence) bool {
	if k < s.to && remedyObjects[toks[k].raw] {
		k++
	}
	return k >= s.to || toks[k].clause && toks[k].brk == ':'
}

// remedyObjects may follow a refused remedy verb at a header's end.
var remedyObjects = setOf(`it them this that`)

// thingsRemedies, negated after "things", make a header of remedies that
// fail.
var thingsRemedies = setOf(`fix fixes help helps work works solve solves`)

// scareWords are the verdicts a writer puts in scare quotes to disown
// them: with leases the deadlock "resolves" by expiry, a longer TTL
// "fixes" it, the lock is "safe".
var scareWords = setOf(`resolve resolves resolved solve solves solved fix fixes fixed fixing safe
safely safer works work working guarantee guarantees guaranteed protects protected prevents
prevented correct atomic exclusive owns own holds held`)

// markScareQuotes marks a verdict quoted on its own (a quotation of one
// or two words, one of them a scareWord) as named, not claimed, with the
// rest of its clause: "with leases it 'resolves' by expiry, which just
// turns the deadlock into a holder acting without its lock".
func markScareQuotes(d *doc) {
	toks := d.toks
	for k := 0; k < len(toks); {
		q := toks[k].quote
		if q == 0 {
			k++
			continue
		}
		end := k
		for end < len(toks) && toks[end].quote == q {
			end++
		}
		scare := false
		if end-k <= 2 {
			for j := k; j < end; j++ {
				scare = scare || scareWords[toks[j].raw]
			}
		}
		if scare {
			from, to := k, end
			for from > 0 && toks[from-1].sent == toks[k].sent && !(toks[from].clause && toks[from].brk != '"') {
				from--
			}
			for to < len(toks) && toks[to].sent == toks[k].sent && !(toks[to].clause && toks[to].quote == 0 && toks[to].brk != '"') {
				to++
			}
			for j := from; j < to; j++ {
				toks[j].refuted = true
			}
		}
		k = end
	}
}

// guaranteeVerbs state what something guarantees.
var guaranteeVerbs = setOf(`guarantee guarantees guaranteed ensure ensures ensured promise promises
promised gives give provides provide`)

// restrictors, after "only", name the view or case a guarantee is
// restricted to: "only from the server's point of view", "only within one
// process".
var restrictors = setOf(`from in within inside as at on for`)

// markRestrictedGuarantees marks a guarantee restricted by a following
// "only from / in / within ..." as named, not claimed: "A lease lock
// guarantees a single holder only from the lock server's point of view"
// says what it does not guarantee, while "the TTL guarantees only one
// holder" still claims it.
func markRestrictedGuarantees(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from + 1; j+1 < s.to; j++ {
			if toks[j].raw != "only" || !restrictors[toks[j+1].raw] {
				continue
			}
			from := j - 1
			verb := -1
			for from > s.from && !toks[from].clause {
				if guaranteeVerbs[toks[from].raw] {
					verb = from
				}
				from--
			}
			if guaranteeVerbs[toks[from].raw] {
				verb = from
			}
			// the verb's object stands between it and "only"
			if verb < 0 || j-verb < 2 {
				continue
			}
			for x := from; x < j; x++ {
				toks[x].refuted = true
			}
		}
	}
}

// speaksForSelf reports a sentence in which the candidate states what
// they would do: "I'd", "I set", "we run", "that's what I'd configure".
func speaksForSelf(toks []token) bool {
	for j := range toks {
		t := &toks[j]
		switch t.raw {
		case "i'd", "we'd", "i'll", "we'll":
			return true
		case "i", "we":
			if j+1 < len(toks) && fixVerbs[toks[j+1].raw] {
				return true
			}
		}
	}
	return false
}

// weakeners, after a back-reference opening a sentence, judge what the
// sentence before proposed as too weak: "That only narrows the window",
// "This just moves the race".
var weakeners = setOf(`narrows narrow shrinks shrink reduces reduce lowers lower hides hide masks
mask delays delay postpones postpone moves move shifts shift trades trade papers paper`)

// markOutdoneByNext marks a sentence that the next one sets aside: "Most
// teams double the TTL. Instead, fence the writes." (a sentence opening
// with "Instead" or "Rather" and a comma or a subject), "... That only
// narrows the window." (a back-reference, at most "only", "just",
// "merely" or an auxiliary, and a verb that says it is too weak), "...
// That misses the point.".
func markOutdoneByNext(d *doc) {
	toks := d.toks
	for si := 0; si+1 < len(d.sents); si++ {
		n := d.sents[si+1]
		if n.to-n.from < 2 {
			continue
		}
		first, second := toks[n.from], toks[n.from+1]
		outdone := false
		switch {
		case first.raw == "instead" || first.raw == "rather":
			// "Instead, ...", "Instead we ...", not "Instead of X, ..."
			outdone = second.clause && second.brk == ',' || subjectPronouns[second.raw] || second.raw == "i'd" || second.raw == "we'd"
		case (first.cls&clsBackRef != 0):
			// "It doesn't.", "That won't: ...": a bare denial
			if isNegator(second.raw) && auxiliaryNegation(second.raw) && (n.from+2 >= n.to || toks[n.from+2].clause && toks[n.from+2].brk != 0) {
				outdone = true
				break
			}
			for j := n.from + 1; j < n.to && j <= n.from+3; j++ {
				r := toks[j].raw
				if weakeners[r] || missesPoint(toks, j) {
					outdone = true
					break
				}
				if !(r == "only" || r == "just" || r == "merely" || r == "simply" || auxiliaries[r]) {
					break
				}
			}
		}
		if !outdone && rejectsBoth(toks, n) {
			// (set aside, not refuted: the second reader was trained on
			// the marks before grader g15 and reads these words as before)
			s := d.sents[si]
			for j := s.from; j < s.to; j++ {
				toks[j].setAside = true
			}
			continue
		}
		if !outdone && weakenedItem(toks, n) {
			// "Lowers the odds, doesn't remove them.": the item it closes,
			// back to its paragraph's first sentence, is judged too weak
			for sj := si; sj >= 0; sj-- {
				s := d.sents[sj]
				for j := s.from; j < s.to; j++ {
					toks[j].setAside = true
				}
				if s.from == 0 || strings.Contains(d.text[toks[s.from-1].end:toks[s.from].start], "\n") {
					break
				}
			}
			continue
		}
		if !outdone {
			continue
		}
		s := d.sents[si]
		for j := s.from; j < s.to; j++ {
			toks[j].refuted = true
		}
	}
}

// whichSubjects stand in "..., which it isn't" for what the clause
// before described.
var whichSubjects = setOf(`it they that this`)

// markDeniedByWhich marks a sentence that a closing "which it isn't"
// denies, from its start to the "which": "Some teams read WAIT as a
// synchronous commit, which it isn't." describes a belief and takes
// it back (grader g15). The denial must close its clause: in "..., which
// it isn't designed for" the clause goes on, and "..., which isn't a
// problem" (no subject) judges the claim, it does not deny it.
func markDeniedByWhich(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 1; k < s.to; k++ {
			if toks[k].raw != "which" || !toks[k].clause {
				continue
			}
			j := k + 1
			switch {
			case j < s.to && toks[j].raw == "it's" || j < s.to && toks[j].raw == "that's":
				j++
				if j >= s.to || toks[j].raw != "not" {
					continue
				}
				j++
			case j+1 < s.to && whichSubjects[toks[j].raw] && auxiliaryNegation(toks[j+1].raw):
				j += 2
			case j+2 < s.to && whichSubjects[toks[j].raw] && (toks[j+1].raw == "is" || toks[j+1].raw == "are" || toks[j+1].raw == "does" || toks[j+1].raw == "do") && toks[j+2].raw == "not":
				j += 3
			default:
				continue
			}
			if j < s.to && !(toks[j].clause && toks[j].brk != 0) {
				continue
			}
			for x := s.from; x < k; x++ {
				toks[x].setAside = true
			}
		}
	}
}

// rejectVerbs, after "I would" or "we'd", set aside what the sentence
// before proposed: "I would reject both.", "We'd reject that.".
var rejectVerbs = setOf(`reject rejects dismiss discard refuse`)

// rejectObjects point back to what the sentence before proposed.
var rejectObjects = setOf(`both them that this these those either`)

// wrongBoth are the verdicts that "Both are ..." and "Neither ..."
// pass on the options just named.
var wrongBoth = setOf(`wrong flawed broken unsafe insufficient inadequate`)

// rejectsBoth reports a sentence n that opens by rejecting what the one
// before it named: "I would reject both: ...", "I'd reject them.", "We
// reject that.", "Both are wrong.", "Neither works." (grader g15: two
// quick fixes offered, then "I would reject both", claims neither).
func rejectsBoth(toks []token, n sentence) bool {
	j := n.from
	switch toks[j].raw {
	case "i", "we":
		j++
		if j < n.to && (toks[j].raw == "would" || toks[j].raw == "will" || toks[j].raw == "should") {
			j++
		}
	case "i'd", "we'd", "i'll", "we'll":
		j++
	case "both":
		return j+2 < n.to && (toks[j+1].raw == "are" || toks[j+1].raw == "were") && wrongBoth[toks[j+2].raw]
	case "neither":
		return j+1 < n.to && (toks[j+1].raw == "works" || toks[j+1].raw == "helps" || toks[j+1].raw == "is" && j+2 < n.to && (toks[j+2].raw == "safe" || toks[j+2].raw == "enough"))
	default:
		return false
	}
	// the object closes its clause: "We reject those writes" is a design
	// (the storage refusing writes), not a verdict on the sentence before
	return j+1 < n.to && rejectVerbs[toks[j].raw] && rejectObjects[toks[j+1].raw] &&
		(j+2 == n.to || toks[j+2].clause && toks[j+2].brk != 0)
}

// weakenedItem reports a sentence with no subject that judges the item
// it closes too weak, written as a note: "Lowers the odds, doesn't
// remove them.", "Narrows the window, doesn't close it.", "Only shrinks
// the gap." (an opening weakener, then a denied verb, or "only" before
// it). A bare weakener ("Reduces contention.") is a benefit, not a
// verdict.
func weakenedItem(toks []token, n sentence) bool {
	j := n.from
	only := toks[j].raw == "only" || toks[j].raw == "just" || toks[j].raw == "merely"
	if only {
		j++
	}
	if j >= n.to || !strings.HasSuffix(toks[j].raw, "s") || !weakeners[toks[j].raw] {
		return false
	}
	if only {
		return true
	}
	// "..., doesn't eliminate": the denied verb says the item falls short
	// of closing the hazard ("Reduces load, doesn't need fencing" denies
	// something else and sets nothing aside)
	for k := j + 1; k+1 < n.to; k++ {
		if auxiliaryNegation(toks[k].raw) && closingVerbs[toks[k+1].raw] {
			return true
		}
	}
	return false
}

// closingVerbs, denied after a weakener, say an item narrows a hazard
// without closing it: "Reduces, doesn't eliminate."
var closingVerbs = setOf(`eliminate remove close prevent stop fix solve end guarantee rule`)

// auxiliaryNegation reports a negated auxiliary that can stand alone as a
// denial: "doesn't", "won't", "isn't", "can't".
func auxiliaryNegation(w string) bool {
	switch w {
	case "doesn't", "don't", "didn't", "won't", "isn't", "aren't", "wasn't", "can't", "cannot", "wouldn't", "shouldn't":
		return true
	}
	return false
}

// impulseNouns name a first response a candidate goes on to correct:
// "The knee-jerk reaction is to double the TTL", "the first instinct: ...".
var impulseNouns = setOf(`reaction reactions instinct instincts impulse impulses reflex reflexes
temptation urge`)

// commonMods and commonHeads name the answer most people give: "a common
// answer is that X", "the usual story: X".
var (
	commonMods  = setOf(`common usual popular typical standard frequent stock received`)
	commonHeads = setOf(`answer answers view reading take story explanation definition line refrain
wisdom`)
)

// markBadHabits reads "a bad habit is to X", "the lazy habit: X", near
// the start of a sentence, as a mistake named, to the end of its clause
// and of the verbs coordinated with its infinitive ("... is to keep
// working and only react to LOST"): a habit judged by a critic word is a
// mistake, where "the bad thing is X" states a consequence. (Set aside,
// not refuted: the second reader reads these words as it was trained
// to.)
func markBadHabits(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from + 1; j+1 < s.to && j < s.from+4; j++ {
			if toks[j].raw != "habit" && toks[j].raw != "habits" || toks[j-1].cls&clsCritic == 0 {
				continue
			}
			n := j + 1
			if toks[n].raw == "is" || toks[n].raw == "was" {
				n++
			} else if toks[n].brk != ':' {
				break
			}
			end := n + 1
			for end < s.to && !toks[end].clause {
				end++
			}
			for x := n; x < end; x++ {
				toks[x].setAside = true
			}
			setAsideCoordinated(toks, n, end, s.to)
			break
		}
	}
}

// attemptNouns, after earlyMods and before "was", tell a first attempt
// that was later replaced: "our first fix was X", "the original design
// was X".
var (
	attemptNouns = setOf(`fix fixes attempt attempts try idea design approach version guess solution plan`)
	earlyMods    = setOf(`first initial original earlier previous old`)
)

// firstMods mark a response as the first, unconsidered one.
var firstMods = setOf(`jerk first initial natural gut instinctive immediate reflexive obvious
common usual typical tempting`)

// markFirstImpulses marks what follows "The <...> reaction / instinct /
// impulse is", "A common answer is" or their colon, near the start of a
// sentence, to the end of the sentence.
func markFirstImpulses(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j < s.to && j < s.from+5; j++ {
			// "A common answer is that X", "the usual story: X"
			common := j > s.from && toks[j].cls&clsCommonHead != 0 && commonMods[toks[j-1].raw]
			// "the knee-jerk reaction", "our first instinct", not "the
			// correct reaction"
			impulse := toks[j].cls&clsImpulse != 0 && j > s.from && (firstMods[toks[j-1].raw] ||
				// "The instinct is to ...": an instinct is a first response
				instinctNouns[toks[j].raw] && (toks[j-1].raw == "the" || toks[j-1].raw == "my" || toks[j-1].raw == "our" || toks[j-1].raw == "your"))
			// "their first fix was X", "my initial attempt was X": a
			// first attempt told in the past was not the last one
			former := j > s.from && j+1 < s.to && toks[j].cls&clsAttempt != 0 && earlyMods[toks[j-1].raw] && toks[j+1].raw == "was"
			if former {
				// (set aside, not refuted: the second reader reads
				// these words as it was trained to)
				for x := j + 1; x < s.to; x++ {
					toks[x].setAside = true
				}
				break
			}
			if !impulse && !common {
				continue
			}
			refuteAfterCopula(toks, j+1, min(s.to, j+4), s.to)
			break
		}
	}
}

// hedgeSubjects and hedgeModals, before a belief verb, report a belief as
// one someone might hold: "you might think X", "one would assume X",
// "one could argue X" (a concession, answered after it).
var (
	hedgeSubjects = setOf(`you one people someone many most`)
	hedgeModals   = setOf(`might may would could 'd`)
	hedgeBeliefs  = setOf(`think assume believe expect imagine conclude guess suppose argue claim contend`)
	// hedgeContrasts open the clause that answers a hedged belief: "it's
	// tempting to think X, but Y".
	hedgeContrasts = setOf(`but however yet`)
)

// contrastOpens reports whether token x, at or after min, opens a clause
// with a contrast (hedgeContrasts): the end of a hedged belief.
func contrastOpens(toks []token, x, min int) bool {
	return x >= min && toks[x].clause && hedgeContrasts[toks[x].raw]
}

// otherBeliefs are belief verbs in the third person singular: their
// subject is never the candidate.
var otherBeliefs = setOf(`thinks believes imagines`)

// Beliefs held by someone named as their holder, read by heldByOther:
// a belief verb in its plain form after a reporter ("many developers
// believe X", "juniors often assume X"), and a belief adjective after a
// copula whose subject is not the candidate ("the zombie is still sure
// it owns the lock", "people are convinced X").
var (
	plainBeliefs   = setOf(`believe think assume expect imagine suppose reckon figure`)
	beliefAdjs     = setOf(`sure certain convinced confident`)
	beliefAdverbs  = setOf(`still often usually always sometimes typically generally really genuinely honestly pretty quite so fully absolutely totally completely very dead firmly tend tends to`)
	beliefCopulas  = setOf(`is are was were seems seem stays remains`)
	notOtherHolder = setOf(`i we you it this that there which what here one everything nothing`)
	// wakeVerbs and wakeParticles tell a holder resuming, and a belief
	// adjective after them ("wakes up sure", "comes back convinced",
	// "resumes certain") is the belief it resumes with (grader g19).
	wakeVerbs     = setOf(`wakes woke wake waking awakes resumes resumed resume resuming comes came come coming`)
	wakeParticles = setOf(`up back`)
	ownWakers     = setOf(`i we`)
)

// heldByOther reports a belief whose holder the sentence names as
// someone other than the candidate, at toks[j]: "developers (often)
// believe", "he is (pretty) sure", "they're convinced". "I'm sure",
// "we are confident", "it is certain that" and "sure to" stay claims.
func heldByOther(toks []token, from, j int) bool {
	back := func(k int) int {
		for k >= from && beliefAdverbs[toks[k].raw] {
			k--
		}
		return k
	}
	r := toks[j].raw
	switch {
	case plainBeliefs[r]:
		k := back(j - 1)
		return k >= from && reporters[toks[k].raw] && !notOtherHolder[toks[k].raw]
	case beliefAdjs[r]:
		if j+1 < len(toks) && (toks[j+1].raw == "to" || toks[j+1].raw == "enough") {
			return false
		}
		k := back(j - 1)
		if k < from {
			return false
		}
		c := toks[k].raw
		if subj, ok := strings.CutSuffix(c, "'s"); ok {
			return !notOtherHolder[subj]
		}
		if subj, ok := strings.CutSuffix(c, "'re"); ok {
			return !notOtherHolder[subj]
		}
		if wakeParticles[c] && k-1 >= from && wakeVerbs[toks[k-1].raw] {
			// "it wakes up sure it still holds the lock", "the worker
			// comes back convinced it owns the key": whoever resumes
			// holds the belief, a pronoun subject included (only "I"
			// and "we" make it the candidate's own).
			k = back(k - 2)
			return k < from || !ownWakers[toks[k].raw] && toks[k].negBy < 0
		}
		if wakeVerbs[c] && c != "comes" && c != "came" && c != "come" {
			// "the holder resumes sure it is still the leader"
			k = back(k - 1)
			return k < from || !ownWakers[toks[k].raw] && toks[k].negBy < 0
		}
		if !beliefCopulas[c] {
			return false
		}
		k = back(k - 1)
		return k >= from && !notOtherHolder[toks[k].raw] && toks[k].negBy < 0
	}
	return false
}

// markHedgedBeliefs marks a belief hedged as someone's ("you might think
// X", "you'd assume X", "it's easy to think X", "it is tempting to think
// X") to the end of its sentence or to a clause opened by a contrast
// ("..., but Y": Y is the candidate's own), and a claim disowned after it ("X, or so the runbook says")
// from the start of its sentence.
func markHedgedBeliefs(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j+1 < s.to; j++ {
			// Every case below starts from a word of clsBelief or
			// clsHedgeSubject: one bit read skips the rest.
			if toks[j].cls&(clsBelief|clsHedgeSubject) == 0 {
				continue
			}
			r := toks[j].raw
			hedged := false
			switch {
			case (r == "you'd" || r == "one'd") && hedgeBeliefs[toks[j+1].raw]:
				hedged = true
			case toks[j].cls&clsHedgeSubject != 0 && j+2 < s.to && hedgeModals[toks[j+1].raw] && hedgeBeliefs[toks[j+2].raw]:
				hedged, j = true, j+1
			case r == "easy" && j+2 < s.to && toks[j+1].raw == "to" && hedgeBeliefs[toks[j+2].raw]:
				hedged, j = true, j+1
			case r == "tempting" && j+2 < s.to && toks[j+1].raw == "to" && hedgeBeliefs[toks[j+2].raw]:
				// "it is tempting to think X": set aside, not refuted
				// (a g16 rule: the second reader reads these words as
				// it was trained to)
				for x := j + 2; x < s.to && !contrastOpens(toks, x, j+3); x++ {
					toks[x].setAside = true
				}
			}
			if hedged {
				// "it's easy to think X, but Y": the belief set aside
				// ends where the contrast opens, and Y is the
				// candidate's own (refuted for the second reader alone,
				// which was trained on the whole sentence refuted).
				contrast := false
				for x := j + 1; x < s.to; x++ {
					contrast = contrast || contrastOpens(toks, x, j+2)
					if contrast {
						toks[x].readerRefuted = true
					} else {
						toks[x].refuted = true
					}
				}
				break
			}
			// "a zombie that lost its lease but still thinks it holds the
			// lock": a belief verb in the third person, or a belief
			// whose holder is named as someone else (heldByOther),
			// reports what someone else believes, to the end of its
			// clause.
			if (otherBeliefs[r] || heldByOther(toks, s.from, j)) && toks[j].negBy < 0 {
				// (set aside, not refuted: the second reader reads these
				// words as it was trained to)
				for x := j + 1; x < s.to && !(toks[x].clause && toks[x].brk != 0); x++ {
					toks[x].setAside = true
				}
			}
			// "X — or so the runbook says", "X, or so they claim"
			if r == "or" && toks[j+1].raw == "so" && toks[j].clause {
				for x := s.from; x < j; x++ {
					toks[x].refuted = true
				}
				break
			}
		}
	}
}

// reportedProposals report a proposal made by someone: "the lock was
// proposed", "someone suggested a timestamp".
var reportedProposals = setOf(`proposed suggested floated pitched`)

// unchangedVerdicts open a verdict that a proposal changes nothing:
// "That keeps today's behaviour", "It changes nothing".
var unchangedVerdicts = setOf(`keeps leaves changes fixes solves`)

// markReportedProposals marks what a proposal reported in the passive
// names ("the per-customer lock was proposed then too"), its clause only
// ("X was suggested, and it works" still claims that X works), and a sentence that answers a proposal reported in the
// sentence before by saying it changes nothing ("Someone suggested X.
// That keeps today's behaviour: ..."): what follows describes the
// proposal's failure, it does not propose it.
func markReportedProposals(d *doc) {
	toks := d.toks
	for si, s := range d.sents {
		proposal := false
		for j := s.from; j < s.to; j++ {
			if toks[j].cls&clsBelief == 0 || !reportedProposals[toks[j].raw] {
				continue
			}
			proposal = true
			if j == s.from || !passiveAux[toks[j-1].raw] && !(j-1 > s.from && passiveAux[toks[j-2].raw] && toks[j-1].fn) {
				continue
			}
			from, to := j, j
			for from > s.from && !toks[from].clause {
				from--
			}
			for to < s.to && !(to > j && toks[to].clause) {
				to++
			}
			for x := from; x < to; x++ {
				toks[x].setAside = true
			}
		}
		if !proposal || si+1 >= len(d.sents) {
			continue
		}
		n := d.sents[si+1]
		if n.to-n.from < 3 || !tiedOpeners[toks[n.from].raw] {
			continue
		}
		v := toks[n.from+1].raw
		if !unchangedVerdicts[v] {
			continue
		}
		// "keeps/leaves ... behaviour|problem", "changes/fixes/solves nothing"
		ok := false
		for x := n.from + 2; x < n.to && x < n.from+6; x++ {
			r := toks[x].raw
			if (v == "keeps" || v == "leaves") && (r == "behaviour" || r == "behavior" || r == "problem" || r == "bug" || r == "race") ||
				v != "keeps" && v != "leaves" && r == "nothing" {
				ok = true
				break
			}
		}
		if ok {
			for x := n.from; x < n.to; x++ {
				toks[x].setAside = true
			}
		}
	}
}

// coordinators join a clause of its own to the one before.
var coordinators = setOf(`and but yet because since so`)

// markCounterfactuals marks a sentence that opens with "If" and whose
// main clause says what "would" happen ("If the server generated the key,
// each retry would get a new one") as a hypothesis, not a claim: unless
// the main clause judges it acceptable ("..., it would be fine to finish"),
// which is a claim made under the condition.
func markCounterfactuals(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		if s.to-s.from < 4 || toks[s.from].raw != "if" {
			continue
		}
		// the main clause starts at the first comma
		main := -1
		for j := s.from + 1; j < s.to; j++ {
			if toks[j].clause && toks[j].brk == ',' {
				main = j
				break
			}
		}
		if main < 0 {
			continue
		}
		would, accepts, denied := false, false, false
		for j := main; j < s.to; j++ {
			// The main clause ends where a clause of its own joins it:
			// in "If one renewal fails, ..., the job just continues, and
			// aborting would waste the work", the "would" is a reason
			// given, and the main clause a claim.
			if !would && j > main+1 && toks[j].clause && (coordinators[toks[j].raw] || toks[j].brk == ';' || toks[j].brk == '—' || toks[j].brk == '–') {
				break
			}
			switch toks[j].raw {
			case "would", "it'd", "they'd", "we'd", "you'd":
				would = true
			case "fine", "ok", "okay", "safe", "acceptable", "enough", "good":
				accepts = accepts || !denied
			case "but", "yet":
				// "..., the lock would be safe, but no such bound
				// exists": the condition is denied, and the case with it
				denied = denied || toks[j].clause && deniesAhead(toks, j, s.to)
			}
		}
		if !would || accepts && !denied {
			continue
		}
		for j := s.from; j < s.to; j++ {
			toks[j].hypo = true
		}
	}
}

// deniesAhead reports a negator in the clause that opens at toks[j]:
// "but no such bound exists", "but pauses aren't bounded".
func deniesAhead(toks []token, j, end int) bool {
	for k := j + 1; k < end && k <= j+negForward; k++ {
		if toks[k].clause && toks[k].brk != 0 {
			return false
		}
		if toks[k].cls&clsNegator != 0 {
			return true
		}
	}
	return false
}

// errorNouns name a mistake in a judgement clause: "this is the classic
// error".
var errorNouns = setOf(`error errors mistake mistakes idea practice approach`)

// markJudgedInPlace marks what a sentence says before a clause that judges
// it: "Doubling the TTL makes it go away — this is the classic error", "X,
// that is not correct", "X; this is wrong" (a back-reference opening a
// clause after a comma, semicolon or dash, read as the next sentence's
// opener would be); and what follows a judged header of a word or three
// ("Bad idea: X", "Wrong approach: X").
func markJudgedInPlace(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from + 2; j < s.to; j++ {
			t := &toks[j]
			if !t.clause || !(t.brk == ',' || t.brk == ';' || t.brk == '—' || t.brk == '–') || !(t.cls&clsBackRef != 0) && !(t.brk != ',' && (t.raw == "we" || t.raw == "i")) {
				continue
			}
			judged := rejectsBack(toks[j:s.to])
			if !judged {
				// "this is the classic error", "that is a bad idea"
				for k := j + 1; k < s.to && k <= j+5; k++ {
					if errorNouns[toks[k].raw] && (critics[toks[k-1].raw] || toks[k-1].raw == "classic" || toks[k-1].raw == "common" || rejectWords[toks[k].raw]) {
						judged = true
					}
				}
			}
			if judged {
				for x := s.from; x < j; x++ {
					toks[x].refuted = true
				}
				break
			}
		}
		// "Bad idea: X", "Wrong approach: X"
		if s.to-s.from > 3 {
			for c := s.from + 1; c < s.to && c <= s.from+3; c++ {
				if !(toks[c].clause && toks[c].brk == ':') {
					continue
				}
				crit := false
				for k := s.from; k < c; k++ {
					crit = crit || critics[toks[k].raw]
				}
				if crit {
					for x := c; x < s.to; x++ {
						toks[x].refuted = true
					}
				}
				break
			}
		}
	}
}

// flawNounsInQuote, beside a quotation, make it the thing found wanting:
// `The gap is in "failover can't lose it."`.
var flawNounsInQuote = setOf(`gap flaw problem hole bug mistake error issue catch weakness`)

// badHeads, before a head noun and "where", "in which", "that" or "of",
// name a version the candidate calls bad: "the dumb version where
// everyone watches the holder".
var badHeads = setOf(`dumb silly naive wrong bad broken lazy sloppy tempting obvious stupid
simplistic`)

// markW8 applies four assertion rules: a quotation in a sentence that names
// a flaw in it; "the <bad> version where X"; a header that rejects what it
// lists ("Two things I'd avoid while debugging: X; and Y"); "now" as an
// adverb ("Now a claim query ..."), which reads no clock; and a match made
// only of code.
func markW8(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		flaw, quoted := false, false
		for j := s.from; j < s.to; j++ {
			if toks[j].quote > 0 {
				quoted = true
			} else if toks[j].cls&clsFlawInQuote != 0 {
				flaw = true
			}
		}
		if flaw && quoted {
			for j := s.from; j < s.to; j++ {
				if toks[j].quote > 0 {
					toks[j].refuted = true
				}
			}
		}
		for j := s.from; j+2 < s.to; j++ {
			if toks[j].cls&clsBadHead != 0 && headNouns[toks[j+1].raw] {
				switch toks[j+2].raw {
				case "where", "in", "that", "of", "which":
					end := j + 3
					for end < s.to && !(toks[end].clause && (toks[end].brk == ';' || toks[end].brk == '.' || toks[end].brk == ':')) && !strongClause[toks[end].raw] {
						end++
					}
					for x := j + 2; x < end; x++ {
						toks[x].refuted = true
					}
				}
			}
		}
		// "Two things I'd avoid while debugging: X"
		for c := s.from + 1; c < s.to && c <= s.from+10; c++ {
			if !(toks[c].clause && toks[c].brk == ':') {
				continue
			}
			for k := s.from; k < c; k++ {
				if rejectingVerbs[toks[k].raw] || toks[k].raw == "avoid" || toks[k].raw == "forbid" {
					for x := c; x < s.to; x++ {
						toks[x].refuted = true
					}
					break
				}
			}
			break
		}
		// g21a: "I'd happily use it, just not the way I see it used: X",
		// "fine, just not how most teams do it: X": a clause that sets
		// aside a way of doing something, right before a colon, heads
		// that way, however late in the sentence.
		for c := s.from + 1; c < s.to; c++ {
			if !(toks[c].clause && toks[c].brk == ':') {
				continue
			}
			from := c - 1
			for from > s.from && !(toks[from].clause && toks[from].brk != 0) {
				from--
			}
			for k := from; k < c; k++ {
				if notTheWay(toks, k, c) && othersWayFollows(toks, c, s.to) {
					for x := c; x < s.to; x++ {
						toks[x].refuted = true
					}
					break
				}
			}
			break
		}
		// g21a: the complement of a denied verb of prevention or meaning
		// is no claim of the candidate's: "it doesn't stop a client from
		// pausing, losing its lease and writing anyway" names the threat
		// that remains (as "protects against X" does), and "single-
		// threaded doesn't mean the lock can't expire while ..." denies
		// the claim inside it, whose own negator would otherwise read it
		// as asserted. Both run to the end of the claim (a semicolon,
		// colon, dash or "but", "so", ...).
		for j := s.from; j < s.to; j++ {
			r := toks[j].raw
			// (denied by a negator before it: a later "can't" that reaches
			// back over the verb denies the complement, not the verb)
			nb := toks[j].negBy
			// ("no" before it is a determiner of the subject, not a
			// denial of the verb: "a WAIT that gets no acks means the
			// primary never stored it" asserts what the verb says)
			denied := nb >= s.from && nb < j && nb >= j-3 && toks[nb].raw != "no" || j > s.from && toks[j-1].raw == "nothing"
			if !denied || toks[j].code {
				continue
			}
			from := -1
			switch {
			case preventVerbs[r]:
				for k := j + 1; k < s.to && k <= j+4 && !(toks[k].clause && toks[k].brk != 0); k++ {
					// (a gerund after "from", "from pausing", "from ever
					// writing", is what is prevented; "transactions from
					// other pods" says where they come from, and the
					// denial is the claim itself)
					if toks[k].raw == "from" && (k+1 < s.to && strings.HasSuffix(toks[k+1].raw, "ing") || k+2 < s.to && strings.HasSuffix(toks[k+2].raw, "ing")) {
						from = k + 1
						break
					}
				}
			case complementVerbs[r] && j+1 < s.to && toks[j+1].raw != "that" && !toks[j+1].clause:
				end := claimEndIn(toks, j+1, s.to)
				for k := j + 2; k < end; k++ {
					if toks[k].cls&clsNegator != 0 {
						from = j + 1
						break
					}
				}
			}
			if from < 0 || from >= s.to {
				continue
			}
			for x := from; x < complementEnd(toks, from, s.to); x++ {
				toks[x].refuted = true
			}
		}
		// "Now a claim query ...", "is now", "by now": no clock read
		for j := s.from; j < s.to; j++ {
			if toks[j].raw != "now" || toks[j].code {
				continue
			}
			next := ""
			if j+1 < s.to {
				next = toks[j+1].raw
			}
			capital := d.text[toks[j].start] == 'N'
			// g21a: "now" between a subject and its verb ("a lock
			// somebody else now holds") tells when, as at the start.
			adverb := next != "" && j > s.from && !toks[j+1].clause && nowVerbs[next] && !toks[j-1].fn && !toks[j-1].clause
			if (j == s.from || capital) && next != "" && !toks[j+1].code || next == "" || toks[j+1].clause && toks[j+1].brk == ',' || adverb {
				toks[j].refuted = true
			}
		}
	}
}

// preventVerbs, denied, leave their from-complement possible: "it
// doesn't stop a client from writing late".
var preventVerbs = setOf(`stop stops prevent prevents keep keeps`)

// claimEndIn is where a claim starting at from ends within a sentence
// ending at end: a semicolon, colon or dash, a strong clause word ("but",
// "so", "because", ...), or the sentence's end.
func claimEndIn(toks []token, from, end int) int {
	for j := from + 1; j < end; j++ {
		if toks[j].clause && (strongClause[toks[j].raw] || toks[j].brk == ';' || toks[j].brk == ':' || toks[j].brk == '—' || toks[j].brk == '–') {
			return j
		}
	}
	return end
}

// complementEnd is where the complement of a denied verb of prevention
// or meaning starting at from ends: where a claim ends (claimEndIn), or
// earlier at a comma that starts a new clause of the speaker's ("...
// doesn't mean the key can't be trusted, the TTL guarantees ...", "...
// doesn't keep the watchdog from renewing, and with it renewing, two
// holders can't happen"). A comma before a gerund or a gerund after
// "and"/"or" goes on listing the complement ("from pausing, losing its
// lease and writing anyway"). g21g.
func complementEnd(toks []token, from, end int) int {
	e := claimEndIn(toks, from, end)
	for j := from + 1; j < e; j++ {
		if !(toks[j].clause && toks[j].brk == ',') {
			continue
		}
		k := j
		if (toks[k].raw == "and" || toks[k].raw == "or") && k+1 < e {
			k++
		}
		if strings.HasSuffix(toks[k].raw, "ing") || toks[k].raw == "or" || toks[k].raw == "nor" || toks[k].raw == "even" || toks[k].raw == "let" {
			continue
		}
		return j
	}
	return e
}

// nowVerbs are finite verbs that a "now" before them modifies as an
// adverb: "somebody else now holds it".
var nowVerbs = setOf(`holds owns has belongs points runs sees thinks believes knows wins takes keeps
gets writes controls leads serves acquires held owned had took got won kept`)

// notTheWay reports "not the way" or "not how" at toks[k] before the
// colon at c: a header setting aside a way of doing something ("just not
// the way I see it used:").
//
// g21g: the way must be others' ("the way some services use it", "how
// most teams do it", "the way I see it used"): a way whose subject is the
// speaker ("not how I'd size it:", "not the way we pick it:") is one the
// speaker is about to replace with their own, which follows the colon.
func notTheWay(toks []token, k, c int) bool {
	if toks[k].raw != "not" {
		return false
	}
	w := 0
	switch {
	case k+1 < c && toks[k+1].raw == "how":
		w = k + 2
	case k+2 < c && toks[k+1].raw == "the" && toks[k+2].raw == "way":
		w = k + 3
		if w < c && toks[w].raw == "that" {
			w++
		}
	default:
		return false
	}
	if w < c && speakerWords[toks[w].raw] {
		// ("the way I (sometimes) see it used": the speaker only
		// watches others)
		for x := w + 1; x < c && x <= w+3; x++ {
			if seeingVerbs[toks[x].raw] {
				return true
			}
		}
		return false
	}
	return true
}

// othersWayFollows reports whether what follows the colon at c describes
// the way set aside (a gerund, "keeping the row locked while ...", or
// others doing it, "people take the lock and ..."), not the speaker's own
// recipe in its place ("I keep ...", "make the TTL ...", "once WAIT
// returns 1, ...", "a plain SETNX ..."). g21g.
func othersWayFollows(toks []token, c, end int) bool {
	if c >= end {
		return false
	}
	r := toks[c].raw
	return strings.HasSuffix(r, "ing") && !speakerWords[r] || othersWords[r]
}

// speakerWords are the speaker's own subjects; seeingVerbs what a speaker
// does to others' way ("the way I see it used"); othersWords subjects that
// are not the speaker.
var (
	speakerWords = setOf(`i i'd i'll i'm i've we we'd we'll we're we've my our us`)
	seeingVerbs  = setOf(`see saw seen hear heard find found watch watched read usually often keep`)
	othersWords  = setOf(`people teams they folks everyone everybody most many some others devs developers engineers services clients users anyone someone somebody tutorials blogs`)
)

// inOneStatement reports a match of two parts or more that lies inside
// one run of code in backticks ("UPDATE jobs SET claimed_at = now() WHERE ... AND
// claim_no = $token"): a statement's words joined by a pattern claim
// nothing the statement says.
func inOneStatement(d *doc, m match) bool {
	if len(m.spans) < 2 {
		return false
	}
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	for j := lo; j < hi; j++ {
		if !d.toks[j].code || d.toks[j].quote > 0 {
			return false
		}
	}
	// inside one backtick run: an odd number of backticks before it on
	// its line, none between its parts
	from, to := d.toks[lo].start, d.toks[hi-1].end
	if strings.Contains(d.text[from:to], "`") {
		return false
	}
	line := d.text[strings.LastIndexByte(d.text[:from], '\n')+1 : from]
	return strings.Count(line, "`")%2 == 1
}

// refuteAfterCopula marks as refuted what follows the first "is", "was"
// or clause-ending colon in toks[from:to], up to the sentence's end: the
// thing a framing head ("the classic mistake", "the knee-jerk reaction")
// introduces.
//
// (g32a) It stops where the speaker turns to their own practice ("The
// mistake I see is rare; I hold the lock ...", "... is using Redis, so
// we hold FOR UPDATE across the call"): see speakerTurnAt.
func refuteAfterCopula(toks []token, from, to, end int) bool {
	for c := from; c < to; c++ {
		if toks[c].raw == "is" || toks[c].raw == "was" || toks[c].clause && toks[c].brk == ':' {
			turned := false
			for x := c; x < end; x++ {
				turned = turned || x > c+1 && speakerTurnAt(toks, x, end)
				if turned {
					// the second reader, trained before g32a, still
					// reads these words as refuted
					toks[x].readerRefuted = true
				} else {
					toks[x].refuted = true
				}
			}
			return true
		}
	}
	return false
}

// turnWords may open the clause in which the speaker turns to their own
// practice, before the speaker: "so we hold ...", "and I lock ...".
var turnWords = setOf(`and so but then instead because since`)

// turnSpeakers are the speaker as the subject of their own practice.
var turnSpeakers = setOf(`i we i'd we'd i'll we'll`)

// speakerTurnAt reports a clause, after punctuation, in which the speaker
// turns to their own practice (g32a): it opens with the speaker as its
// subject ("; I hold the lock"), after at most one joining word (", so we
// hold ...", "; instead we ..."). What a framing head names ends there.
func speakerTurnAt(toks []token, x, end int) bool {
	t := &toks[x]
	if !t.clause || t.brk == 0 || t.brk == '"' {
		return false
	}
	if turnWords[t.raw] && x+1 < end {
		t = &toks[x+1]
	}
	return turnSpeakers[t.raw]
}

// faultSections head the section of a design answer on failures
// ("Failures:", as a design question asks to cover them), rather than a
// list of what goes wrong ("Risks:", "Two problems:") or of wrong ideas
// ("Myths:", "Mistakes:"), whose consequences are part of the story told.
var faultSections = setOf(`failure failures`)

// wrongIdeaHeads head wrong ideas: the reasoning told after them ("Myth:
// a lease is safe, so no fencing is needed"), consequences included, is
// the idea named.
var wrongIdeaHeads = setOf(`wrong myth myths don'ts donts banned rejected excluded non-solutions non-solution
non-starters non-starter non-fixes dead-ends bad`)

// sectionClaim returns the tokens [from, to) that a heading before the
// colon at colon leaves claimed in the rest of its sentence (to end): a
// section on failures (see faultSections) names the failure modes it
// walks through, while a consequence the speaker draws from them
// ("Failures: a client that loses its session can never write, so
// resources don't need to check the token") is the design's own
// conclusion, claimed up to the next semicolon, where the walk through
// the failures goes on (writer EM, g37). Any other heading leaves
// nothing claimed (from == to == end).
func sectionClaim(d *doc, from, colon, end int) (int, int) {
	section := false
	for k := from; k < colon; k++ {
		t := &d.toks[k]
		if t.cls&clsMistakeNoun != 0 || wrongIdeaHeads[t.raw] {
			return end, end
		}
		section = section || faultSections[t.raw]
	}
	if !section {
		return end, end
	}
	c := consequenceAfter(d, colon+1, end)
	e := c + 1
	for e < end && !(d.toks[e].clause && d.toks[e].brk == ';') {
		e++
	}
	return c, min(e, end)
}
