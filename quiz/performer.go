package quiz

// Candidates who know the correct mechanism describe it in the words of
// the mistake it corrects, and what tells the two apart is who performs
// the act, or which act the words name (g37b):
//
//   - "etcd evaluates the compare at commit, so a deposed leader's write
//     fails; the code checks Succeeded and stops": a check of what the
//     write returned comes after the write, so it is no check before
//     acting (outcomeChecked);
//   - "the comparison fails inside the same atomic operation, and the
//     deposed leader's write is rejected by etcd itself": a refusal told
//     as the consequence of a guard's condition failing is the guard's
//     doing, not the store's or the lock service's (refusedByGuard);
//   - "a plain Put from the zombie leader, with no lease attached, goes
//     through fine": "fine" after a verb of passage tells how the store
//     treats the write (it accepts it), not that the practice is fine
//     (passedFine);
//   - "each client drops a token into the lock folder": a thing dropped
//     into a place is put there, not discarded (placedInto).
//
// Each reading holds for every red flag; each keeps the flag up when the
// sentence also says what the mistake says: a refusal by the client
// itself, a guard denied or made optional, a consequence drawn from the
// passage ("goes through fine, so no Txn is needed"), a verdict beside it.

// holderCheckVerbs are the words of a check a holder makes.
var holderCheckVerbs = []string{"check", "checks", "checked", "checking", "verif*", "inspect*"}

// actNouns name the act whose outcome a check may read: "checks whether
// the txn succeeded".
var actNouns = setOf(`txn txns transaction transactions write writes put puts commit cas update txn's
transaction's write's put's commit's resp response responses result results reply`)

// outcomeWords are what the act returned.
var outcomeWords = setOf(`succeeded success successful`)

// outcomeChecked reports whether m, a match of a red flag that declares the
// check-before-act shape, takes its check from a check of what the act
// returned ("checks Succeeded", "verifies whether the txn succeeded"): the
// act came first. A check of anything else's success ("checks that the
// renewal succeeded") is a check before acting still.
func outcomeChecked(d *doc, f *RedFlag, m match) bool {
	if !claimsCheckBeforeAct(f) {
		return false
	}
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if partyTerm(holderCheckVerbs, &d.toks[k]) && checksOutcome(d, k) {
				return true
			}
		}
	}
	return false
}

// checksOutcome reports whether the check verb at k takes as its object
// the act's outcome: an outcome word within six words in its clause, with
// only function words and act nouns before it.
func checksOutcome(d *doc, k int) bool {
	s := d.sents[d.toks[k].sent]
	for j := k + 1; j < s.to && j <= k+6; j++ {
		t := &d.toks[j]
		if t.clause && j > k+1 {
			return false
		}
		if outcomeWords[t.raw] {
			return t.negBy < 0 && !t.refuted
		}
		if !t.fn && !actNouns[t.raw] && t.raw != "whether" {
			return false
		}
	}
	return false
}

// refusalWords refuse a write.
var refusalWords = []string{"reject*", "refus*", "declin*", "fail", "fails", "failed", "bounce*", "block*", "deni*"}

// guardNouns name a condition evaluated with a write.
var guardNouns = setOf(`compare compares comparison comparisons condition conditions guard guards predicate
txn transaction cas isowner`)

// guardFailures say that the condition did not hold.
var guardFailures = phrases(`fails|failed|fail|false|is false|evaluates to false|evaluates false|doesn't match|
	does not match|mismatches|no longer matches|doesn't hold|does not hold|is not met|isn't met`)

// guardWaived are words that, in the guard's clause, concede, deny or drop
// the guard instead of stating it: "whether or not the compare fails",
// "we don't need the comparison", "the comparison is optional".
var guardWaived = setOf(`whether regardless even without instead rather skip skipped skipping drop optional
optionally unnecessary unneeded needless need needed redundant`)

// refusingParties refuse their own writes: "the client rejects the write"
// is client-side fencing, whatever guard it evaluated.
var refusingParties = setOf(`client clients holder holders worker workers caller callers app application
process leader leaders node we i you`)

// refusedByGuard reports whether m contains a refusal of a write that its
// sentence, before it, tells as what follows from a guard's condition
// failing ("the comparison fails ..., and the deposed leader's write is
// rejected by etcd itself"): the guard refuses it. Not when a client or
// holder is the one refusing, nor when the guard is conceded, denied or
// dropped.
func refusedByGuard(d *doc, m match) bool {
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			t := &d.toks[k]
			if !partyTerm(refusalWords, t) || t.negBy >= 0 || t.refuted {
				continue
			}
			if refuserIsClient(d, k) {
				return false
			}
			if guardFailedBefore(d, k) {
				s := d.sents[t.sent]
				return !guardDropped(d, s.from, s.to) && !consequenceDrawn(d, k, s.to)
			}
		}
	}
	return false
}

// refuserIsClient reports whether the refusal at k is made by a client
// or holder: one named as the subject in its clause before it, or after
// "by" right after it.
func refuserIsClient(d *doc, k int) bool {
	toks := d.toks
	for j := clauseStart(toks, k); j < k; j++ {
		if refusingParties[toks[j].raw] {
			return true
		}
	}
	s := d.sents[toks[k].sent]
	for j := k + 1; j+1 < s.to && j <= k+2; j++ {
		if toks[j].raw == "by" {
			for x := j + 1; x < s.to && x <= j+3; x++ {
				if refusingParties[toks[x].raw] {
					return true
				}
			}
		}
	}
	return false
}

// guardFailedBefore reports whether a guard noun, followed in its clause
// by a failure, is stated in k's sentence before k, unnegated and not
// waived.
func guardFailedBefore(d *doc, k int) bool {
	toks := d.toks
	si := toks[k].sent
	s := d.sents[si]
	if guardFailedIn(d, s, s.from, k) {
		return true
	}
	// "... and compare fails inside etcd, atomically with the put. So old
	// leader's write is rejected.": a sentence that opens by drawing a
	// consequence, with no contrast before the refusal, tells it as what
	// follows from the sentence before (g52, GH).
	if si > 0 && opensConsequence(d, s) && !contrastBetween(d, s.from, k) {
		p := d.sents[si-1]
		return guardFailedIn(d, p, p.from, p.to)
	}
	return false
}

// opensConsequence reports whether sentence s opens with a consequence
// word ("So ...", "Therefore ...", drawnOpeners).
func opensConsequence(d *doc, s sentence) bool {
	return s.to > s.from && drawnOpeners[d.toks[s.from].raw]
}

// guardFailedIn reports whether a guard noun in tokens [from, k) of
// sentence s is followed in its clause by a failure, unnegated and not
// waived.
func guardFailedIn(d *doc, s sentence, from, k int) bool {
	toks := d.toks
	for g := from; g < k; g++ {
		if !guardNouns[toks[g].raw] || toks[g].negBy >= 0 || toks[g].refuted || toks[g].flagNegBy > 0 {
			continue
		}
		cf := clauseStart(toks, g)
		end := clauseEnd(d, s, g)
		waived := false
		for j := cf; j < end; j++ {
			if guardWaived[toks[j].raw] || toks[j].cls&clsNegator != 0 {
				waived = true
				break
			}
		}
		if waived {
			continue
		}
		for j := g + 1; j < end && j <= g+4 && j < k; j++ {
			if n := termLen(d, guardFailures, j, end); n > 0 && !contrastBetween(d, j+n, k) {
				return true
			}
		}
	}
	return false
}

// guardDropped reports whether tokens [from, to) drop a guard or a check:
// "skip the Txn", "the compare is optional", "without".
func guardDropped(d *doc, from, to int) bool {
	for j := from; j < to; j++ {
		if r := d.toks[j].raw; guardWaived[r] && r != "whether" && r != "even" {
			return true
		}
	}
	return false
}

// contrastBetween reports whether a contrast ("but", "however") stands in
// tokens [from, to): what follows it is not told as a consequence of
// what comes before.
func contrastBetween(d *doc, from, to int) bool {
	for j := from; j < to; j++ {
		switch d.toks[j].raw {
		case "but", "however", "yet", "although", "though", "still":
			return true
		}
	}
	return false
}

// passageVerbs let a write through: "goes through", "is accepted".
var passageVerbs = phrases(`goes through|go through|went through|gets through|get through|got through|
	is accepted|are accepted|gets accepted|get accepted|is applied|are applied|gets applied|is committed|
	gets committed|succeeds|succeed|lands|land|goes in|is written|gets written`)

// mannerVerdicts are verdict words that, right after a verb of passage,
// tell how it happened.
var mannerVerdicts = setOf(`fine ok okay alright`)

// practiceVerdicts judge a practice.
var practiceVerdicts = setOf(`fine ok okay alright safe safely enough correct good acceptable`)

// consequenceWords draw a consequence after a clause.
var consequenceWords = setOf(`so therefore thus hence meaning`)

// passedFine reports whether m takes its verdict from a manner word after
// a verb of passage ("the plain Put goes through fine"): it tells what the
// store does with the write. Not when the sentence draws a consequence
// after it, or judges the practice in other words too.
func passedFine(d *doc, m match) bool {
	manner := -1
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if mannerVerdicts[d.toks[k].raw] && afterPassage(d, k) {
				manner = k
			}
		}
	}
	if manner < 0 {
		return false
	}
	s := d.sents[d.toks[manner].sent]
	if guardDropped(d, s.from, s.to) {
		return false
	}
	for j := s.from; j < s.to; j++ {
		t := &d.toks[j]
		if j > manner && (consequenceWords[t.raw] || t.raw == "which" && j+1 < s.to && d.toks[j+1].raw == "means") {
			return false
		}
		if j != manner && practiceVerdicts[t.raw] && t.negBy < 0 {
			return false
		}
	}
	return true
}

// afterPassage reports whether a verb of passage ends right before k.
func afterPassage(d *doc, k int) bool { return phraseEndsAt(d, passageVerbs, k) }

// placedInto reports whether m takes a word of discarding that puts a
// thing into a place ("each client drops a token into the lock folder"):
// placed, not discarded. Not when the sentence also discards in those
// words ("..., and the client itself drops writes with a stale token").
func placedInto(d *doc, m match) bool {
	placed := false
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if partyTerm(discardWords, &d.toks[k]) {
				placed = true
			}
		}
	}
	if !placed {
		return false
	}
	s := d.sents[d.toks[m.spans[0][0]].sent]
	for k := s.from; k < s.to; k++ {
		if partyTerm(discardWords, &d.toks[k]) && !putInto(d, s, k) {
			return false
		}
	}
	return true
}

// discardWords discard a thing, or put it somewhere.
var discardWords = []string{"drop*", "dump*", "toss*"}

// putInto reports whether the word at k puts its object into a place: an
// "into" or "onto" within four words, in its clause.
func putInto(d *doc, s sentence, k int) bool {
	for j := k + 1; j < s.to && j <= k+4; j++ {
		if d.toks[j].clause {
			return false
		}
		if r := d.toks[j].raw; r == "into" || r == "onto" {
			return true
		}
	}
	return false
}

// performedOtherwise reports whether m's words, read for who performs
// the act they name, describe the correct mechanism (see above).
func performedOtherwise(d *doc, f *RedFlag, m match) bool {
	return outcomeChecked(d, f, m) || refusedByGuard(d, m) || passedFine(d, m) || placedInto(d, m) || repeatSafe(d, m) || expiryWait(d, m) || requiredState(d, f, m) || serverOK(d, m) || decisionCall(d, m) || enoughToHarm(d, m)
}
