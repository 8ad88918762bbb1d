package quiz

// Practices told with their harm (grader g37a). A candidate who knows the
// anti-pattern often describes it in the words a wrong answer uses as its
// design, and says in the same sentence what it costs: "It also holds a
// transaction open across network calls, which hurts everybody"; "not for
// anything outside the db like calling an api — the lock can go away while
// the call keeps going". The first judges the practice by a relative
// clause on the whole clause before it; the second tells the failure the
// practice leads to, the lock lost while the work it was to guard goes on.
// Neither proposes what it names. Both shapes are read for every red flag;
// the words are set aside for the red flags only (the second reader,
// trained before this rule, reads them as before).

// whichHarmVerbs, after a sentential "which", judge the clause before it
// by the harm it does: "..., which hurts everybody", "..., which starves
// the pool". Not verbs whose harm depends on their object: "..., which
// blocks double charges", "..., which kills the race" sell the practice.
var whichHarmVerbs = setOf(`hurts hurt harms harm starves starve exhausts undermines`)

// whichJudgements, after "which is" (and an article), judge the clause
// before it as a practice to reject: "..., which is a misuse", "..., which
// is exactly the mistake".
var whichJudgements = setOf(`misuse misuses mistake antipattern anti-pattern bad wrong dangerous terrible awful
harmful bug trap`)

// whichEmpty objects take the harm back: "..., which hurts nobody".
var whichEmpty = setOf(`nothing nobody none noone no neither anyone anybody`)

// whichHarmAt reports whether the relative clause opened by "which" at
// toks[k] is a harm or a judgement of the clause before it, and returns
// the token after its predicate.
func whichHarmAt(toks []token, k, end int) (int, bool) {
	j := k + 1
	if j < end && toks[j].raw == "really" || j < end && toks[j].raw == "also" {
		j++
	}
	if j >= end {
		return 0, false
	}
	if whichHarmVerbs[toks[j].raw] {
		// an object that is there and not empty ("hurts nobody")
		if j+1 >= end || whichEmpty[toks[j+1].raw] || toks[j+1].cls&clsNegator != 0 || toks[j+1].clause && toks[j+1].brk != 0 {
			return 0, false
		}
		return j + 1, true
	}
	if r := toks[j].raw; r != "is" && r != "was" && r != "are" {
		return 0, false
	}
	j++
	for j < end && j <= k+5 && (harmHedges[toks[j].raw] || toks[j].raw == "exactly" || toks[j].raw == "a" || toks[j].raw == "an" || toks[j].raw == "the" || toks[j].raw == "classic" || toks[j].raw == "common") {
		j++
	}
	if j < end && whichJudgements[toks[j].raw] && !toks[j].clause {
		return j + 1, true
	}
	return 0, false
}

// markJudgedByWhich sets aside, for the red flags, a clause that a
// closing "..., which <harm>" judges: from the sentence's start (or its
// last strong break) to the "which". A judgement played down or
// outweighed after it ("..., which hurts a bit, but it's safe") judges
// nothing (see harmTakenBack), nor does one denied ("which doesn't
// hurt", "which is not a problem") or empty ("which hurts nobody").
func markJudgedByWhich(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 2; k < s.to; k++ {
			if toks[k].raw != "which" || !toks[k].clause || toks[k].brk != ',' {
				continue
			}
			after, ok := whichHarmAt(toks, k, s.to)
			if !ok || harmTakenBack(toks, after, s.to) {
				continue
			}
			setAsideRunBefore(toks, s.from, k)
			break
		}
	}
}

// lockHeads name the lock a failure takes away: "the lock", "the row
// lock", "the hold", "the lease".
var lockHeads = setOf(`lock locks hold lease`)

// lockLossVerbs tell the lock taken away: "goes away", "vanishes", "is
// gone", "is released". Not a lease that expires: "set the TTL above the
// job's length, otherwise the lock expires while it is still running" is
// the argument of a TTL trusted to outlast the work, and a lease lapsing
// while its holder goes on is what the holder's own check must catch.
var lockLossVerbs = setOf(`vanish vanishes vanished disappear disappears disappeared evaporate evaporates
gone released dropped`)

// workGoesOn tell the work going on in the "while" clause: "keeps going",
// "continues", "carries on", "is still running", "in flight".
var workGoesOn = setOf(`keep keeps keeping continue continues continuing carry carries carrying still flight`)

// lockLostAt reports where the loss of a lock whose head is at toks[k]
// ends (the token after it), or -1: the head, at most three words of
// modals and auxiliaries ("can", "may", "will", "is", "be", "already"),
// then a loss verb ("go away", "vanish", "is gone").
func lockLostAt(toks []token, k, end int) int {
	for j := k + 1; j < end && j <= k+4; j++ {
		t := &toks[j]
		if t.clause || t.cls&clsNegator != 0 {
			return -1
		}
		r := t.raw
		if lockLossVerbs[r] {
			return j + 1
		}
		if (r == "go" || r == "goes" || r == "went") && j+1 < end && toks[j+1].raw == "away" {
			return j + 2
		}
		if !(gapModals[r] || r == "will" || r == "would" || r == "is" || r == "be" || r == "has" || r == "already" || r == "simply" || r == "just") {
			return -1
		}
	}
	return -1
}

// markLockLostMidWork reads "the lock can go away while the call keeps
// going" as the failure it tells: a lock said to end (see lockLostAt),
// then a "while" whose clause says the work goes on. It sets aside the
// clause of the lock to the end of the while-clause. One denied ("the
// lock can't go away while ..."), or in a sentence that approves what it
// tells ("..., which is fine"), is read as before.
func markLockLostMidWork(toks []token, s sentence) {
	for k := s.from; k+3 < s.to; k++ {
		if toks[k].cls&clsPassStart == 0 || !lockHeads[toks[k].raw] {
			continue
		}
		lost := lockLostAt(toks, k, s.to)
		if lost < 0 || lost >= s.to || toks[lost].raw != "while" {
			continue
		}
		to := lost + 1
		for to < s.to && !toks[to].clause {
			to++
		}
		goesOn := false
		for x := lost + 1; x < to; x++ {
			goesOn = goesOn || workGoesOn[toks[x].raw]
		}
		if !goesOn {
			continue
		}
		for x := s.from; x < s.to; x++ {
			if narrationApprovals[toks[x].raw] {
				return
			}
		}
		from := k
		for from > s.from && !toks[from].clause {
			from--
		}
		for x := from; x < to; x++ {
			toks[x].setAside = true
		}
		return
	}
}
