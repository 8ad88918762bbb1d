package quiz

import "strings"

// Failures narrated (grader g33b). A candidate who explains a hazard tells
// it as what happens, in the same words a wrong answer uses as its design:
// "If that lasts over 30 s, the lease expires, another instance takes it,
// and the resumed process continues its write" is the chain of events a
// pause sets off; "a background renewal thread keeps renewing while the
// main thread is deadlocked; tie renewals to progress" is the hazard the
// next clause guards against; "the client's validity check happens before
// the write, and the pause can be after" is the gap a pause falls into.
// Each names the failure, none proposes it. So do a mechanism that a "but
// what ... is" cleft goes on to name as a failure ("TTLs mean the deadlock
// eventually breaks, but what breaks it is a lease expiring") and the
// numbered items under a sentence announcing holes ("Several holes follow
// from that. 1. ..."). The five shapes are read for every red flag; the
// words are set aside for the red flags only.
//
// A narration is never the candidate's own stance: a sentence with a first
// person in it ("we keep writing"), or one that approves what it tells
// ("that's fine", "so we're safe", "no harm done"), is read as before.

// narrationOpeners open the condition whose consequences a chain tells.
var narrationOpeners = setOf(`if when once whenever after`)

// threatEvents are what sets a failure off: a pause, a crash, an expiry.
var threatEvents = setOf(`pause pauses paused pausing stall stalls stalled freeze freezes froze frozen
crash crashes crashed dies died hangs hung drops dropped expires expired lapses lapsed partitioned
restarts restarted deadlocked outlives outlived expiring expiry`)

// takeoverVerbs, with a second agent before them ("another instance
// takes it", "someone else grabs the lock"), tell the work changing hands.
var takeoverVerbs = setOf(`takes took acquires acquired grabs grabbed gets got picks picked claims
claimed reclaims reclaimed wins won steals stole`)

// secondAgents name the agent that takes over.
var secondAgents = setOf(`another second new someone somebody other next`)

// overlapWords, after a takeover, tell the first agent acting on or the
// work done again: "the resumed process continues its write", "calls the
// API again".
var overlapWords = setOf(`again twice both too resumed old paused stale original frozen zombie
deposed former previous stalled woken`)

// chainSubjects may open the consequence of a narrated condition: a
// subject in the third person, never an imperative ("keep working") nor
// the speaker.
var chainSubjects = setOf(`the a an another its their his her some someone somebody it they both two
each every that this these those postgres postgresql redis etcd zookeeper`)

// chainEnds open a clause that comments on the chain instead of going on
// with it: a consequence drawn, a reason, a contrast.
var chainEnds = setOf(`so which because since but hence that's this that thus therefore`)

// firstPersons mark the candidate's own design or stance.
var firstPersons = setOf(`i i'd i'll i'm i've we we'd we'll we're we've our ours us me my let's`)

// narrationApprovals judge what a sentence tells as acceptable.
var narrationApprovals = setOf(`fine ok okay safe safely harmless acceptable benign correct good great
enough`)

// stuckWords tell the work stuck while something else goes on.
var stuckWords = setOf(`deadlocked deadlock stuck hung hangs wedged livelocked spinning looping`)

// remedyImperatives open the clause that guards against the hazard just
// told: "tie renewals to progress", "cap the hold time".
var remedyImperatives = setOf(`tie cap bound limit abort cancel kill stop fence require enforce alert
page`)

// gapThreats are the events that fall into a gap: "the pause can be
// after", "a GC pause can come in between".
var gapThreats = setOf(`pause pauses gc stall stalls crash crashes failover partition delay delays
freeze jump preemption`)

// gapPlaces put the threat into the gap ("the pause can be after", "can
// come in between"), and gapHarms say what it does there ("a failover
// can drop the key").
var (
	gapPlaces = setOf(`after between before during anywhere mid midway`)
	gapHarms  = setOf(`drop drops lose loses expire expires delay delays outlast outlasts outlive outlives
evict evicts break breaks land lands`)
)

// gapMinimisers wave the threat off: "a pause can be handled", "can
// happen, rarely".
var gapMinimisers = setOf(`handled handle handles rare rarely unlikely seldom harmless ignored ignore`)

// gapOrders, in the clause before the threat, place a step against
// another: the gap is between them ("the check happens before the
// write").
var gapOrders = setOf(`before after then until between`)

// gapModals make the threat possible.
var gapModals = setOf(`can could may might`)

// speaksOrApproves reports, in toks[from:to], a first person or an
// approval ("fine", "safe", "no harm", "doesn't matter").
func speaksOrApproves(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		r := toks[k].raw
		if firstPersons[r] || narrationApprovals[r] {
			return true
		}
		if k+1 < to {
			n := toks[k+1].raw
			if (r == "no" || r == "not") && (n == "harm" || n == "problem" || n == "issue" || n == "big") ||
				n == "matter" && (r == "doesn't" || r == "don't" || r == "won't" || r == "not") {
				return true
			}
		}
	}
	return false
}

// clauseNegated reports a negator or "only" in the clause around toks[k].
func clauseNegated(toks []token, k, from, to int) bool {
	a := k
	for a > from && !toks[a].clause {
		a--
	}
	for x := a; x < to; x++ {
		if x > a && toks[x].clause {
			break
		}
		if toks[x].cls&clsNegator != 0 || strings.HasSuffix(toks[x].raw, "n't") || toks[x].raw == "only" {
			return true
		}
	}
	return false
}

// markNarratedFailures sets aside, for the red flags, the three shapes
// of a failure narrated (see the top of this file).
func markNarratedFailures(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		if s.to-s.from < 6 {
			continue
		}
		markConsequenceChain(toks, s)
		markGuardedHazard(toks, s)
		markGapHazard(toks, s)
		markCauseReread(toks, s)
		markStaleAgentGoesOn(toks, s)
		markLockLostMidWork(toks, s)
		markFalseBelief(toks, s)
	}
	markAnnouncedHoles(d)
	markJudgedRecipes(d)
}

// markConsequenceChain reads "If/When/Once X, A, B, and C" as a failure
// told when the chain has a threat (a pause, a crash, an expiry), then a
// second agent taking over ("another instance takes it"), then the first
// one acting on or the work done again ("the resumed process continues
// its write", "calls the API again"), and nothing in the chain said to
// guard against it ("and the rollback undoes the call"). The chain ends
// where a clause comments on it ("so", "which", "but", a semicolon).
func markConsequenceChain(toks []token, s sentence) {
	o := s.from
	if !narrationOpeners[toks[o].raw] {
		return
	}
	a := -1
	for j := o + 1; j < s.to; j++ {
		if toks[j].clause && toks[j].brk == ',' {
			a = j
			break
		}
		if toks[j].clause && toks[j].brk != 0 {
			return
		}
	}
	if a < 0 || !chainSubjects[toks[a].raw] {
		return
	}
	e := s.to
	for j := a + 1; j < s.to; j++ {
		t := toks[j]
		if !t.clause {
			continue
		}
		if t.brk == '—' || t.brk == '–' {
			if t.raw == "and" {
				continue
			}
			e = j
			break
		}
		if t.brk == ';' || t.brk == ':' || t.brk == '(' || t.brk == ')' || chainEnds[t.raw] {
			e = j
			break
		}
	}
	if speaksOrApproves(toks, s.from, s.to) {
		return
	}
	threat, takeover, overlap := -1, -1, false
	for k := o; k < e; k++ {
		r := toks[k].raw
		switch {
		case threat < 0 && threatEvents[r]:
			threat = k
		case threat >= 0 && takeover < 0 && takeoverVerbs[r]:
			for x := k - 1; x >= o && x >= k-3; x-- {
				if secondAgents[toks[x].raw] {
					takeover = k
					break
				}
			}
			if takeover >= 0 && clauseNegated(toks, k, o, e) {
				return
			}
		case takeover >= 0 && overlapWords[r]:
			overlap = true
		}
		if takeover >= 0 && k > takeover && (safeguardWord(r) || undoWord(r)) && !clauseNegated(toks, k, o, e) {
			return
		}
	}
	if !overlap {
		return
	}
	for k := o; k < e; k++ {
		toks[k].setAside = true
	}
}

// markGuardedHazard reads "X keeps renewing while the main thread is
// deadlocked; tie renewals to progress": a clause that tells the work
// stuck, followed after a semicolon or dash by an imperative that guards
// against it, names the hazard. The hazard runs back to the previous
// strong break.
func markGuardedHazard(toks []token, s sentence) {
	for r := s.from + 1; r < s.to; r++ {
		t := toks[r]
		if !(t.clause && (t.brk == ';' || t.brk == '—' || t.brk == '–') && remedyImperatives[t.raw]) {
			continue
		}
		from := r - 1
		for from > s.from && !strongBreak(&toks[from]) {
			from--
		}
		stuck := false
		for k := from; k < r; k++ {
			// a comment on the hazard ("..., which guarantees exclusive
			// access; cap the hold time") may be the candidate's claim
			if toks[k].cls&clsNegator != 0 || strings.HasSuffix(toks[k].raw, "n't") || k > from && toks[k].clause && chainEnds[toks[k].raw] {
				return
			}
			stuck = stuck || stuckWords[toks[k].raw]
		}
		if !stuck || speaksOrApproves(toks, from, r) {
			return
		}
		for k := from; k < r; k++ {
			toks[k].setAside = true
		}
		return
	}
}

// markGapHazard reads "the client's validity check happens before the
// write, and the pause can be after" (or "..., but a GC pause can come in
// between"): a clause followed by one that says a threat can fall into
// it names the gap. The clause must order two steps ("before", "after",
// "then"), the threat clause put the threat between them or say what it
// does there ("can be after", "can come between", "can drop the key");
// the threat must be possible, not denied ("a pause
// can't hurt us"), and not caught after all ("..., but the check catches
// it"); the clause before it must not be sold as enough.
func markGapHazard(toks []token, s sentence) {
	for j := s.from + 2; j < s.to; j++ {
		t := toks[j]
		if !t.clause || !(t.raw == "and" || t.raw == "but" || t.raw == "yet" || t.brk == ';') {
			continue
		}
		th := -1
		for k := j; k < s.to && k <= j+4; k++ {
			if k > j && toks[k].clause {
				break
			}
			if gapThreats[toks[k].raw] {
				th = k
			}
		}
		if th < 0 {
			continue
		}
		m := th + 1
		if m < s.to && gapThreats[toks[m].raw] {
			m++
		}
		if m+1 >= s.to || !gapModals[toks[m].raw] || toks[m+1].cls&clsNegator != 0 {
			continue
		}
		for k := j; k < th; k++ {
			if toks[k].raw == "only" || toks[k].cls&clsNegator != 0 {
				return
			}
		}
		falls := false
		for k := m + 1; k < s.to; k++ {
			r := toks[k].raw
			if k > m+1 && toks[k].clause && toks[k].brk != 0 && toks[k].brk != ',' {
				break
			}
			if r == "but" || r == "though" || r == "yet" || r == "still" || r == "only" || gapMinimisers[r] || safeguardWord(r) || toks[k].cls&clsNegator != 0 || strings.HasSuffix(r, "n't") {
				return
			}
			falls = falls || gapPlaces[r] || gapHarms[r]
		}
		if !falls {
			continue
		}
		from := j - 1
		for from > s.from && !strongBreak(&toks[from]) {
			from--
		}
		if speaksOrApproves(toks, from, j) {
			return
		}
		ordered := false
		for k := from; k < j; k++ {
			ordered = ordered || gapOrders[toks[k].raw]
		}
		if !ordered {
			return
		}
		for k := from; k < j; k++ {
			r := toks[k].raw
			if r == "gone" || strings.HasPrefix(r, "remov") || strings.HasPrefix(r, "eliminat") || strings.HasPrefix(r, "clos") || r == "impossible" {
				return
			}
		}
		for k := from; k < j; k++ {
			toks[k].setAside = true
		}
		return
	}
}

// staleAgents are the parties a failure has left behind: "the old
// master", "the zombie leader", "a deposed holder".
var staleAgents = setOf(`old zombie deposed former previous stale paused partitioned isolated
minority demoted`)

// goOnVerbs, after a modal, tell a stale agent going on with what it did:
// "may keep accepting", "can continue writing", "could still serve".
var goOnVerbs = setOf(`keep continue still go`)

// markStaleAgentGoesOn reads "During a partition the old master may keep
// accepting SET NX from clients on its side until min-replicas-to-write
// stops it" (g35c): a party the failure left behind, said to possibly go
// on with its work (a stale agent, then a modal and "keep", "continue"
// or "still"), tells what the failure lets happen, not a design. The
// narration runs from the clause of the agent to the next strong break
// or comment on it ("so", "which", "but"); one that is denied ("can't
// keep accepting"), or in a sentence that speaks ("we keep") or approves
// ("which is fine"), is read as before.
func markStaleAgentGoesOn(toks []token, s sentence) {
	for k := s.from; k+3 < s.to; k++ {
		if toks[k].cls&clsPassStart == 0 || !staleAgents[toks[k].raw] {
			continue
		}
		m := -1
		for x := k + 1; x < s.to && x <= k+3 && !toks[x].clause; x++ {
			if gapModals[toks[x].raw] || toks[x].raw == "will" || toks[x].raw == "would" {
				m = x
				break
			}
		}
		if m < 0 || m+1 >= s.to || !goOnVerbs[toks[m+1].raw] {
			continue
		}
		from := k
		for from > s.from && !toks[from].clause {
			from--
		}
		to := m + 2
		for to < s.to && !strongBreak(&toks[to]) && !(toks[to].clause && chainEnds[toks[to].raw]) {
			to++
		}
		// (an approval anywhere in the sentence sells what it tells:
		// "..., so the lock stays safe")
		if speaksOrApproves(toks, s.from, s.to) {
			return
		}
		for x := from; x < to; x++ {
			if toks[x].cls&clsNegator != 0 || strings.HasSuffix(toks[x].raw, "n't") {
				return
			}
		}
		for x := from; x < to; x++ {
			toks[x].setAside = true
		}
		return
	}
}

// undoWord reports a word of taking an effect back ("undoes", "cancels",
// "reverts"): said of the chain without a denial, it sells a safeguard.
func undoWord(w string) bool {
	return strings.HasPrefix(w, "undo") || strings.HasPrefix(w, "cancel") || strings.HasPrefix(w, "revert")
}

// markCauseReread reads "TTLs mean the deadlock eventually breaks, but
// what breaks it is a lease expiring": a clause that a "but what ... is"
// cleft goes on to name as a failure (a threat event after the copula)
// tells the mechanism in order to take it apart.
func markCauseReread(toks []token, s sentence) {
	for j := s.from + 2; j+3 < s.to; j++ {
		if !(toks[j].clause && toks[j].raw == "but" && toks[j+1].raw == "what") {
			continue
		}
		c := -1
		for k := j + 2; k < s.to && k <= j+5; k++ {
			if r := toks[k].raw; r == "is" || r == "was" || r == "are" {
				c = k
				break
			}
		}
		if c < 0 {
			return
		}
		threat := false
		for k := c + 1; k < s.to && k <= c+4; k++ {
			threat = threat || threatEvents[toks[k].raw]
		}
		if !threat || speaksOrApproves(toks, s.from, s.to) {
			return
		}
		from := j - 1
		for from > s.from && !strongBreak(&toks[from]) {
			from--
		}
		for k := from; k < j; k++ {
			if toks[k].cls&clsNegator != 0 || strings.HasSuffix(toks[k].raw, "n't") {
				return
			}
		}
		for k := from; k < j; k++ {
			toks[k].setAside = true
		}
		return
	}
}

// holeNouns, in a short sentence, announce the holes a diagnosis finds:
// "Several holes follow from that."
var holeNouns = setOf(`holes gaps flaws weaknesses problems issues`)

// remedyOpeners start the part of an answer that fixes what a list of
// holes found: "The fix: ...", "Instead, ...".
var remedyOpeners = setOf(`fix fixes instead solution solutions remedy remedies so`)

// markAnnouncedHoles sets aside the numbered items that follow a short
// sentence announcing holes ("Several holes follow from that. 1. ABA.
// ... 2. Scope. INSERTs ... have no guard at all."): each item tells a
// way the design fails. The items end at the candidate's own voice or a
// remedy ("What I'd change: ...", "The fix: ...", "Prevention: ..."),
// at a blank line, at a new line that opens no item, and at once when
// the sentence after the announcement is not item 1. A
// sentence in an item that approves what it tells is read as before.
func markAnnouncedHoles(d *doc) {
	toks := d.toks
	for si := 0; si+1 < len(d.sents); si++ {
		h := d.sents[si]
		if h.to-h.from > 8 || !announcesHoles(toks, h.from, h.to) {
			continue
		}
		if n := d.sents[si+1]; toks[n.from].raw != "1" {
			continue
		}
		// the list ends at a break or at a remedy; after a break the
		// last item's end is unknown, so only its numbered sentence is
		// taken (a sentence after it may already be the candidate's
		// advice)
		last := -1
		end := len(d.sents)
		for sj := si + 1; sj < len(d.sents); sj++ {
			s := d.sents[sj]
			first := toks[s.from].raw
			if sj > si+1 {
				gap := d.text[toks[d.sents[sj-1].to-1].end:toks[s.from].start]
				if strings.Contains(gap, "\n\n") || strings.Contains(gap, "\n") && !numeral(first) {
					end = sj
					break
				}
			}
			if first == "the" && s.from+1 < s.to {
				first = toks[s.from+1].raw
			}
			if remedyOpeners[first] || remedyHeads[first] || hasFirstPerson(toks, s.from, s.to) || dismissesFailure(toks, s.from, s.to) || firstAfterNumber(toks, s) == "none" {
				// a remedy or the candidate's voice closes the list
				// where it starts: the last item runs up to it
				if last >= 0 {
					last = sj - 1
				}
				end = sj
				break
			}
			if numeral(toks[s.from].raw) {
				last = sj
			}
		}
		for sj := si + 1; sj < end && sj <= last; sj++ {
			s := d.sents[sj]
			if speaksOrApproves(toks, s.from, s.to) {
				continue
			}
			for k := s.from; k < s.to; k++ {
				toks[k].setAside = true
			}
		}
	}
}

// announcesHoles reports a hole noun among toks[from:to] with no
// negator, first person or approval: "Several holes follow from that",
// not "No holes follow" nor "I see no real problems".
func announcesHoles(toks []token, from, to int) bool {
	hole := false
	for k := from; k < to; k++ {
		if toks[k].cls&clsNegator != 0 || strings.HasSuffix(toks[k].raw, "n't") || toks[k].raw == "none" {
			return false
		}
		hole = hole || holeNouns[toks[k].raw]
	}
	return hole && !speaksOrApproves(toks, from, to)
}

// hasFirstPerson reports a first person among toks[from:to].
func hasFirstPerson(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		if firstPersons[toks[k].raw] {
			return true
		}
	}
	return false
}

// numeral reports an item number: "1", "12".
func numeral(w string) bool {
	if w == "" {
		return false
	}
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// firstAfterNumber is the first word of s after its item number, if any.
func firstAfterNumber(toks []token, s sentence) string {
	k := s.from
	if numeral(toks[k].raw) && k+1 < s.to {
		k++
	}
	return toks[k].raw
}

// stillBeliefVerbs, after "still", tell a party's belief about itself: "its
// holder still thinks it holds it".
var stillBeliefVerbs = setOf(`thinks believes assumes think believe assume`)

// beliefHeld, just after the belief verb, make it a belief of still
// holding: "still thinks it holds it", "still believes it's the leader".
var beliefHeld = setOf(`hold holds holding has have own owns owner holder leader primary master it's he's
she's they're yours mine alive charge valid`)

// beliefOpeners open the clause of the belief as what goes on beside the
// failure: "a lock expires while its holder still thinks it holds it".
var beliefOpeners = setOf(`while whilst and but yet whereas`)

// endorsements sell what a sentence tells as the way to go: "which is
// simpler than ordering", "just let it expire", "so no ordering is
// needed", "use short TTLs so ...", "expiry protects the data because
// ...".
var endorsements = setOf(`need needs needed unnecessary needless enough simple simpler simplest easy easier
easiest better best recommend recommended recommends just rely relies use let prefer preferred should
must instead protect protects prevent prevents guarantee guarantees ensure ensures keeps`)

// markFalseBelief reads "the deadlock 'heals' itself because a lock
// expires while its holder still thinks it holds it, so now you have a
// holder without the lock" (g36c): a threat (an expiry, a lapse, a pause)
// beside a party that still thinks it holds what it lost tells a failure
// as it unfolds; the clause of the threat and the belief are its
// mechanism, not the candidate's design. The
// consequence after the belief is read as before. A sentence that speaks
// ("I'd rely on expiry: ..."), approves ("that's fine"), denies anything
// ("so you don't need ordering") or sells the mechanism ("which is
// simpler", "use short TTLs so ...", "no ordering needed") is read as
// before too.
func markFalseBelief(toks []token, s sentence) {
	for k := s.from + 2; k+2 < s.to; k++ {
		if toks[k].raw != "still" || !stillBeliefVerbs[toks[k+1].raw] {
			continue
		}
		held := false
		for j := k + 2; j < s.to && j <= k+5; j++ {
			held = held || beliefHeld[toks[j].raw]
		}
		if !held {
			continue
		}
		c := k
		for c > s.from && !toks[c].clause {
			c--
		}
		if !beliefOpeners[toks[c].raw] {
			continue
		}
		from := c
		for from > s.from && !strongBreak(&toks[from]) {
			from--
		}
		// the mechanism is the clause of the threat: "because a lock
		// expires while ...", not a claim before it ("Lock expiry is
		// computed from each client's clock, so if B sees the lock as
		// expired while A still thinks it's valid")
		threat := -1
		for j := from; j < c; j++ {
			if threatEvents[toks[j].raw] || gapThreats[toks[j].raw] {
				threat = j
			}
		}
		if threat < 0 || speaksOrApproves(toks, s.from, s.to) {
			return
		}
		for from < threat && !toks[threat].clause {
			threat--
		}
		// a threat given as the cause ("the deadlock 'heals' itself
		// because a lock expires while ...") tells how the clause before
		// it comes about: that effect is the failure's too
		if r := toks[threat].raw; (r == "because" || r == "since") && threat > from {
			threat--
			for threat > from && !(toks[threat].clause && toks[threat].brk != '"') {
				threat--
			}
		}
		from = threat
		for j := s.from; j < s.to; j++ {
			r := toks[j].raw
			if r != "without" && (toks[j].cls&clsNegator != 0 || strings.HasSuffix(r, "n't")) || endorsements[r] {
				return
			}
		}
		e := k + 2
		for e < s.to && !(toks[e].clause && (toks[e].brk != 0 || chainEnds[toks[e].raw])) {
			e++
		}
		for j := from; j < e; j++ {
			toks[j].setAside = true
		}
		return
	}
}

// recipeHeads, before a head noun, name the version written before the
// right one: "The simple version people write first: ...".
var recipeHeads = setOf(`simple simplest naive basic first obvious textbook`)

// recipeNouns are the head nouns of such a version.
var recipeNouns = setOf(`version versions approach recipe design attempt implementation way`)

// recipeFlaws, after the "but" of the judgement, name what is wrong with
// the version: "That works but has the herd problem".
var recipeFlaws = setOf(`problem problems flaw flaws issue issues race races bug bugs herd catch hole
holes weakness downside breaks fails`)

// markJudgedRecipes reads "The simple version people write first:
// everyone tries to create the same ephemeral node /lock; ... the others
// set a watch on /lock and retry on delete. That works but has the herd
// problem" (g36c): a version announced as the simple or naive one, told
// after a colon and judged by the next sentence, which opens on it ("that",
// "it") and says after a "but" what is wrong with it, is described to be
// taken apart, not proposed. What follows the colon is set aside for the
// red flags. A judgement that speaks ("so I'd use it") or approves ("which
// is acceptable", "doesn't matter") leaves the version claimed.
func markJudgedRecipes(d *doc) {
	toks := d.toks
	for si := 0; si+1 < len(d.sents); si++ {
		s := d.sents[si]
		colon := -1
		for j := s.from; j+1 < s.to && j < s.from+4; j++ {
			if !recipeHeads[toks[j].raw] || !recipeNouns[toks[j+1].raw] {
				continue
			}
			for k := j + 2; k < s.to && k <= j+6; k++ {
				if toks[k].clause && toks[k].brk == ':' {
					colon = k
					break
				}
				if toks[k].clause || firstPersons[toks[k].raw] {
					break
				}
			}
			break
		}
		if colon < 0 || speaksOrApproves(toks, s.from, s.to) {
			continue
		}
		n := d.sents[si+1]
		switch toks[n.from].raw {
		case "that", "this", "it", "that's", "it's":
		default:
			continue
		}
		if n.question || speaksOrApproves(toks, n.from, n.to) {
			continue
		}
		judged := false
		for k := n.from + 1; k < n.to && k <= n.from+6; k++ {
			if toks[k].raw != "but" {
				continue
			}
			for x := k + 1; x < n.to && x <= k+5; x++ {
				if toks[x].cls&clsNegator != 0 || strings.HasSuffix(toks[x].raw, "n't") {
					break
				}
				judged = judged || recipeFlaws[toks[x].raw]
			}
			break
		}
		if !judged {
			continue
		}
		for k := colon; k < s.to; k++ {
			toks[k].setAside = true
		}
	}
}
