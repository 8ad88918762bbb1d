package quiz

import "strings"

// markClaimedAfterAll claims again, for the red flags and the key points,
// words that two older assertion rules read as refuted although the
// speaker asserts them. The second reader, trained before this rule and
// frozen until it is retrained, still reads them as refuted (the words are
// marked endorsed, not unrefuted).
//
//   - A belief denied ("to avoid trusting the mobile clients, the server
//     generates the key itself"): "trusting X" reports a belief, so the
//     belief rule refutes what follows it up to the next strong break; but
//     a denied belief reports nobody's, and the clause after its comma is
//     the speaker's design (g50, validation GC).
//   - "stay" heading a colon as the verb "remain", not as a rejection
//     ("Persistence can stay disabled for performance: since a majority is
//     required, one node restarting empty is harmless"): the rule for
//     headers that reject what they list ("Two things I'd stay away from:
//     X") reads any "stay" as "stay away"; only "stay away", "stay clear"
//     and "stay out" reject (g50, validation GC).
//   - The bullets under the speaker's own plan ("Once we know the cause,
//     my remediation plan is:" then "- raise the TTL to ten minutes, which
//     guarantees ..."): a header naming a cause reads its list as the
//     faults found, but a plan of the speaker's lists what they will do
//     (g50, QA-50 #071).
//   - "take" as a verb ("transfers take locks in the same order, so
//     there is no cycle"): the attribution rule reads it as "my take"
//     and refutes the design before the rebuttal (g52, QA-52 #066).
//   - "What I'd do instead is X": the speaker's alternative, refuted by
//     the rule for what "instead" replaces (g52, QA-52b #084).
//   - The speaker's fix told inside a named suspect ("Check the usual
//     suspects: - a GC pause longer than the TTL; the fix there is a
//     longer TTL, which keeps the two holders apart"): the suspect is
//     named, the fix after "the fix is" is recommended (g50, QA-50b #071).
func markClaimedAfterAll(d *doc) {
	// (a belief denied by "avoid" or "without" only: a critic word's
	// negation, "the mistake is thinking X, so Y", names the belief as the
	// mistake, Y with it)
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		if !beliefVerbs[t.raw] || t.negBy < 0 || !t.refuted || !avoidingWords[toks[t.negBy].raw] {
			continue
		}
		end := d.sents[t.sent].to
		comma := -1
		for j := k + 1; j < end; j++ {
			if !toks[j].refuted {
				break
			}
			if toks[j].clause && toks[j].brk == ',' {
				comma = j
				break
			}
		}
		if comma < 0 {
			continue
		}
		for j := comma; j < end && toks[j].refuted; j++ {
			toks[j].endorsed = true
		}
	}
	for _, s := range d.sents {
		c := clauseColon(toks, s, 10)
		if c < 0 {
			continue
		}
		remain := false
		for k := s.from; k < c; k++ {
			r := toks[k].raw
			if r == "stay" && !(k+1 < c && (toks[k+1].raw == "away" || toks[k+1].raw == "clear" || toks[k+1].raw == "out")) {
				remain = true
				continue
			}
			if rejectingVerbs[r] || r == "avoid" || r == "forbid" {
				remain = false
				break
			}
		}
		if !remain {
			continue
		}
		for j := c; j < s.to; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
	markOwnPlanItems(d)
	markFixesInSuspects(d)
	markTakenNotReported(d)
	markInsteadIs(d)
	markLabelledFixes(d)
	markDismissedCheckReason(d)
	markTopicHeading(d)
}

// topicOpeners open a heading that names what the sentence is about:
// "About partial failures:", "Regarding retries:", "As for X:".
var topicOpeners = setOf(`about regarding re concerning`)

// markTopicHeading marks endorsed what follows the colon of a sentence
// that opens by naming its topic in at most four words ("About partial
// failures: since we hold both locks during the whole transfer, ... so we
// can do the debit and the credit as two separate updates, no transaction
// needed; the locks already make it atomic") when the speaker then speaks
// in the first person: the heading names the subject, it lists no
// failures the speaker has found, so what follows is the speaker's own
// design (g54, validation GO: the header of failures read the design
// under it as the faults found, and the claim raised nothing).
func markTopicHeading(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		opener := topicOpeners[toks[s.from].raw] || s.to-s.from > 2 && toks[s.from].raw == "as" && toks[s.from+1].raw == "for"
		if !opener {
			continue
		}
		c := clauseColon(toks, s, 5)
		if c < 0 {
			continue
		}
		own := false
		for j := c; j < s.to && !own; j++ {
			own = firstPersonWords[toks[j].raw] && toks[j].negBy < 0
		}
		if !own {
			continue
		}
		for j := c; j < s.to; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
			// (the heading rule sets its words aside for the flags only)
			toks[j].setAside = false
		}
	}
}

// firstPersonWords make the speaker the subject.
var firstPersonWords = setOf(`i we i'd we'd i'll we'll i'm we're`)

// checkDeterminers before "check" make it the noun: "that check".
var checkDeterminers = setOf(`that the this our my version such`)

// redundantWords call a check more than is needed: "that check is
// belt-and-braces", "the check is redundant".
var redundantWords = setOf(`belt braces redundant overkill extra optional unnecessary superfluous paranoid paranoia defensive
formality`)

// markDismissedCheckReason marks endorsed what follows the colon of a
// sentence that opens by calling a check (the noun) redundant: "Honestly
// that check is belt-and-braces, though: Postgres's MVCC under the default
// READ COMMITTED already serialises the two saves" gives the speaker's
// reason, which a header of checks to run would have named instead (g53,
// QA-53 #035: the reason, a losing claim, raised nothing).
func markDismissedCheckReason(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		c := clauseColon(toks, s, s.to-s.from)
		if c < 0 {
			continue
		}
		dismissed := false
		for k := s.from + 1; k+2 < c; k++ {
			if toks[k].raw != "check" || !checkDeterminers[toks[k-1].raw] || toks[k+1].raw != "is" {
				continue
			}
			for j := k + 2; j < c && j <= k+5; j++ {
				if redundantWords[toks[j].raw] && toks[j].negBy < 0 && toks[j].cls&clsNegator == 0 {
					dismissed = true
				}
			}
		}
		if !dismissed {
			continue
		}
		for j := c; j < s.to; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
}

// causeHeads, in the header above a list, make its items the causes or
// suspects named: "Causes:", "Possible culprits:".
var causeHeads = setOf(`cause causes culprit culprits suspect suspects reason reasons source sources`)

// markLabelledFixes marks endorsed what follows the colon of a list item
// under a header of causes when the item labels its cause in a word or
// two and goes on with a fix ("Causes:" then "4. Restart: enable RDB
// snapshots every 5 minutes; after restart Redis loads the snapshot, so
// lock keys come back"): the cause is named, the fix and what the speaker
// says it achieves are the speaker's own (g53, validation GJ). A header
// that rejects what it lists ("Causes I'd not accept:") keeps its items
// refuted.
func markLabelledFixes(d *doc) {
	toks := d.toks
	for si, s := range d.sents {
		if !bulleted(d, s) {
			continue
		}
		c := clauseColon(toks, s, 4)
		if c < 0 || !fixVerbs[toks[c].raw] {
			continue
		}
		h := si - 1
		for h >= 0 && bulleted(d, d.sents[h]) {
			h--
		}
		if h < 0 || !causeHeader(toks[d.sents[h].from:d.sents[h].to]) {
			continue
		}
		for j := c; j < s.to; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
}

// causeHeader reports a header naming causes, with no negator or
// rejecting word in it.
func causeHeader(toks []token) bool {
	cause := false
	for _, t := range toks {
		if t.negBy >= 0 || t.cls&clsNegator != 0 || rejectingVerbs[t.raw] {
			return false
		}
		cause = cause || causeHeads[t.raw]
	}
	return cause
}

// markInsteadIs marks endorsed the refuted words after "is" in a sentence
// that opens "What I'd do instead is ..." (also "would", "we'd"): the
// speaker's own alternative, which the rule for what "instead" replaces
// had refuted (g52, QA-52b #084: "What I'd do instead is set
// min-replicas-to-write 1 ..., so a failover can no longer lose an
// acknowledged lock" raised no flag).
func markInsteadIs(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		if s.to-s.from < 5 || toks[s.from].raw != "what" {
			continue
		}
		is := -1
		for j := s.from + 1; j < s.to-1 && j <= s.from+5; j++ {
			if toks[j].raw == "instead" && toks[j+1].raw == "is" {
				is = j + 1
				break
			}
		}
		if is < 0 || !insteadSpeakers[toks[s.from+1].raw] {
			continue
		}
		for j := is + 1; j < s.to; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
}

// insteadSpeakers open "what I'd do instead is": the speaker's own.
var insteadSpeakers = setOf(`i'd i we'd we i'll we'll`)

// markTakenNotReported marks endorsed the refuted words of a sentence
// that reads as someone's view only because of the verb "take", and as
// rebutted only because of a "there is no" ("Every transfer must take
// locks in the same order, always source account first then destination,
// this way there is no cycle"): the attribution rule counts "take" as in
// "my take", and the rebuttal rule reads "is no" as "the answer is no",
// so the speaker's own design was refuted (g52, QA-52 #066). A quoted
// proposal ("The proposal was "take a Redis lock ..."") stays refuted.
func markTakenNotReported(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		refuted := false
		for j := s.from; j < s.to; j++ {
			refuted = refuted || toks[j].refuted
		}
		st := toks[s.from:s.to]
		if !refuted || !attributedBy(st, true) || attributedBy(st, false) || !thereIsNoRebuttal(st) {
			continue
		}
		for j := s.from; j < s.to; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
}

// avoidingWords deny a belief by steering around it: "to avoid trusting
// X", "without trusting X".
var avoidingWords = setOf(`avoid avoids avoiding without`)

// planHeads name the speaker's own plan in a header: "my plan is:", "our
// remediation plan:", "my fix:".
var planHeads = setOf(`plan plans remediation fix fixes steps actions checklist`)

// ownPlanHeader reports a sentence that ends its line with a colon and
// names the speaker's own plan ("my", "our" within two words before the
// head noun), with no negator.
func ownPlanHeader(d *doc, s sentence) bool {
	toks := d.toks
	end := toks[s.to-1].end
	rest := d.text[end:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	if strings.TrimSpace(rest) != ":" {
		return false
	}
	own := false
	for k := s.from; k < s.to; k++ {
		if toks[k].negBy >= 0 || toks[k].cls&clsNegator != 0 {
			return false
		}
		if planHeads[toks[k].raw] {
			for j := k - 1; j >= s.from && j >= k-2; j-- {
				if toks[j].raw == "my" || toks[j].raw == "our" {
					own = true
				}
			}
		}
	}
	return own
}

// markOwnPlanItems marks endorsed the refuted words of the bulleted lines
// right under an own-plan header (see ownPlanHeader).
func markOwnPlanItems(d *doc) {
	for si := 0; si+1 < len(d.sents); si++ {
		if !ownPlanHeader(d, d.sents[si]) {
			continue
		}
		for sj := si + 1; sj < len(d.sents) && bulleted(d, d.sents[sj]); sj++ {
			s := d.sents[sj]
			for j := s.from; j < s.to; j++ {
				if d.toks[j].refuted {
					d.toks[j].endorsed = true
				}
			}
		}
	}
}

// fixNouns name the remedy a speaker gives: "the fix there is ...".
var fixNouns = setOf(`fix remedy cure solution`)

// fixReporters, in the fix's clause, make it someone else's: "the fix
// people reach for is ...".
var fixReporters = setOf(`people teams they colleague colleagues someone usual common tempting naive obvious`)

// markFixesInSuspects marks endorsed a refuted clause that opens on "the
// fix (there|here) is" and what follows it to the end of its sentence or
// the next semicolon.
func markFixesInSuspects(d *doc) {
	toks := d.toks
	for k := 1; k+2 < len(toks); k++ {
		t := &toks[k]
		if !fixNouns[t.raw] || !t.refuted || toks[k-1].raw != "the" || !toks[k-1].clause {
			continue
		}
		// (inside a bulleted suspect, after its own words: a sentence
		// that opens "The fix is ..." and the next one rejects is the
		// rejected fix, "That only narrows the window")
		if s := d.sents[t.sent]; k-1 == s.from || !bulleted(d, s) {
			continue
		}
		is := k + 1
		if r := toks[is].raw; r == "there" || r == "here" {
			is++
		}
		if is >= len(toks) || toks[is].raw != "is" || toks[is].sent != t.sent {
			continue
		}
		end := d.sents[t.sent].to
		for j := is + 1; j < end; j++ {
			if toks[j].clause && toks[j].brk == ';' {
				end = j
				break
			}
		}
		own := true
		for j := k - 1; j < end; j++ {
			if fixReporters[toks[j].raw] {
				own = false
			}
		}
		if !own {
			continue
		}
		for j := k - 1; j < end; j++ {
			if toks[j].refuted {
				toks[j].endorsed = true
			}
		}
	}
}

// thereIsNoRebuttal reports whether the rebuttal rebuttalAt finds in toks
// is a "there is no" stating what is absent, with no quotation in toks.
func thereIsNoRebuttal(toks []token) bool {
	for _, t := range toks {
		if t.quote > 0 {
			return false
		}
	}
	rb := rebuttalAt(toks)
	if rb < 0 {
		return false
	}
	for k := rb; k < len(toks); k++ {
		if toks[k].cls&clsRebuttal != 0 {
			return false
		}
		if toks[k].raw == "no" && k >= 2 && toks[k-1].raw == "is" && toks[k-2].raw == "there" {
			return clauseStart(toks, k) == rb
		}
	}
	return false
}

// clauseColon returns the first word of s after a colon, within words
// of its start, or -1.
func clauseColon(toks []token, s sentence, within int) int {
	for j := s.from + 1; j < s.to && j <= s.from+within; j++ {
		if toks[j].clause && toks[j].brk == ':' {
			return j
		}
	}
	return -1
}
