package quiz

import "strings"

// g28q (audit aud28 F7, F8, F9, F11, F4/P281, P508): a war story told in
// the past tense names a belief or a practice the story then shows to
// have failed. "We thought Sentinel failover lost nothing; it lost the
// key twice", "We assumed WAIT made the lock failover safe, and it
// didn't", "Plain DEL looked fine until a lease expired under a slow
// job", "the worker kept going, and that was our second writer": the
// words before the turn are what the team believed or did, and the
// clause after it is the outcome that disproves it, so they are not the
// candidate's claim. A belief or practice told as the candidate's own,
// now ("we just wait for the TTL, it's fine", "we release with a plain
// DEL"), or told in the past with no failure after it ("we assumed WAIT
// made it safe, and it never let us down"), is claimed as before.

// pastBeliefs report, in the past tense, what someone believed.
var pastBeliefs = setOf(`thought assumed trusted believed expected figured presumed`)

// pastAppearances report, in the past tense, how a practice looked.
var pastAppearances = setOf(`looked seemed appeared`)

// approvals, right after an appearance, say it looked sound.
var approvals = setOf(`fine ok okay safe good harmless correct solid right enough`)

// trialSettings, after "in", name a setting where a fault stays hidden:
// "looks fine in testing".
var trialSettings = setOf(`testing test tests staging dev development ci demos demo`)

// explainers open a clause that explains or qualifies what came before,
// not an outcome: "because", "since", "that", "who".
var explainers = setOf(`because since as that who whose where`)

// storyPronouns point back at the belief or the practice just told.
var storyPronouns = setOf(`it that this they which`)

// deniedPast are negated auxiliaries of a short rebuttal: "it didn't",
// "that wasn't true", "it doesn't".
var deniedPast = setOf(`didn't wasn't weren't hadn't couldn't wouldn't doesn't isn't don't aren't won't`)

// harmDenials after a rebuttal's auxiliary deny a harm, not the belief:
// "it didn't fail us", "it didn't cause any problem".
var harmDenials = setOf(`fail fails failed break broke problem problems issue issues matter hurt bite bit
lose lost cause let go miss`)

// storyHarms are the outcome of a war story: the key lost, the replica
// promoted (g28qf: lagging alone is no harm, "it only ever lagged by
// milliseconds"), the lock broken, a second writer.
var storyHarms = setOf(`lost vanished disappeared promoted broke broken outage outages twice
deleted removed overwrote clobbered corrupted`)

// harmCounts before a holder noun make the second owner: "two writers",
// "a second holder", "both wrote".
var harmCounts = setOf(`two second both double another`)

// harmHolders follow a count: "two holders", "our second writer".
var harmHolders = setOf(`writers writer holders holder owners owner leaders leader clients workers wrote held ran
processed got`)

// markWarStories sets aside, for the red flags only (the second reader,
// trained before this rule, reads these words as before), the belief or
// the practice of a war story up to the clause that tells it failing.
func markWarStories(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		turn := storyTurn(toks, s)
		if turn < 0 {
			continue
		}
		for j := s.from; j < turn; j++ {
			toks[j].setAside = true
		}
	}
}

// storyTurn returns where the outcome clause of a war story begins in
// sentence s, or -1 when s tells none: a past belief or a past
// appearance of soundness, or a practice told in the past tense, then,
// in a later clause, the outcome that disproves it.
func storyTurn(toks []token, s sentence) int {
	for k := s.from; k < s.to; k++ {
		if toks[k].cls&clsPassStart == 0 {
			continue // none of the words below
		}
		r := toks[k].raw
		switch {
		case pastBeliefs[r] && k > s.from && toks[k-1].cls&clsNegator == 0 && k+1 < s.to && !beliefNotComplement(toks[k+1].raw):
			neg := false
			for j := k + 1; j < s.to && (j == k+1 || !toks[j].clause); j++ {
				neg = neg || toks[j].cls&clsNegator != 0
			}
			// (from past the belief's own complement clause, which a
			// belief verb opens: "thought | failover lost nothing")
			if c := disprovedAfter(toks, k+2, s.to, neg, true); c >= 0 {
				return c
			}
		case pastAppearances[r] && k+1 < s.to && approvals[toks[k+1].raw]:
			// "looked fine until ...": the turn itself says it stopped
			// g28qf (review rev28q R4): only when a failure follows it in
			// its own clause ("until a lease expired"), not any event
			// ("until we retired the service")
			for j := k + 2; j < s.to; j++ {
				if toks[j].raw == "until" && failureIn(toks, j+1, s.to) {
					return j
				}
			}
			if c := disprovedAfter(toks, k+2, s.to, false, false); c >= 0 {
				return c
			}
			if k+3 < s.to && toks[k+2].raw == "in" && trialSettings[toks[k+3].raw] {
				if c := becauseAfter(toks, k+4, s.to); c >= 0 {
					return c
				}
			}
		case (r == "looks" || r == "seems") && k+3 < s.to && approvals[toks[k+1].raw] && toks[k+2].raw == "in" && trialSettings[toks[k+3].raw]:
			// "looks fine in testing, because the lease never expires
			// there": a fault the setting hides, told as such
			if c := becauseAfter(toks, k+4, s.to); c >= 0 {
				return c
			}
		}
	}
	// a practice told in the past tense, then the harm it caused as an
	// event: "the job carried on anyway; that was our second writer"
	if h := toldHarm(toks, s); h > s.from && (toks[h].raw == "caused" || pastBefore(toks, s.from, h)) {
		return h
	}
	// a practice told in the past tense, then what is done now instead:
	// "The team held a Redis mutex ..., so now each key has a single
	// consumer" (not "..., and now we still do")
	if n := nowAfter(toks, s); n > s.from && pastBefore(toks, s.from, n) {
		return n
	}
	return -1
}

// becauseAfter returns a clause opened by "because" in toks[from:to], or -1.
func becauseAfter(toks []token, from, to int) int {
	for j := from; j < to; j++ {
		if toks[j].clause && toks[j].raw == "because" {
			return j
		}
	}
	return -1
}

// nowAfter returns the start of a later clause of s opened by "now" or
// "so now" that tells the present practice as another one, or -1: a
// clause that keeps the old one ("still", "too", "also", "again") is no
// replacement.
func nowAfter(toks []token, s sentence) int {
	for j := s.from + 1; j < s.to; j++ {
		if !toks[j].clause {
			continue
		}
		k := j
		if toks[k].raw == "so" || toks[k].raw == "and" {
			k++
		}
		if k >= s.to || toks[k].raw != "now" {
			continue
		}
		// (g28qf: from the word after "now", which may open a clause
		// of its own: "and now | that is our default")
		for x := k + 1; x < s.to && (x == k+1 || !toks[x].clause); x++ {
			switch toks[x].raw {
			case "still", "too", "also", "again", "same",
				// g28qf (review rev28q R5): a now-clause pointing back
				// at the practice ("rely on it", "do it that way",
				// "holds one", "that is our default") keeps it
				"it", "that", "that's", "this", "them", "those", "way", "default", "standard", "norm":
				return -1
			case "one", "ones":
				// ("holds one", not "one owner partition")
				if x+1 >= s.to || toks[x+1].clause {
					return -1
				}
			}
		}
		// (g28qf: nor is it a replacement when the past clause approved
		// the practice: "it was fine, so now ...", "nothing broke")
		for x := s.from; x < j; x++ {
			switch toks[x].raw {
			case "fine", "safe", "ok", "okay", "nothing", "worked", "problems", "good":
				return -1
			}
		}
		return j
	}
	return -1
}

// beliefNotComplement reports a word after a belief verb that takes no
// belief as its object: "thought about", "trusted nobody".
func beliefNotComplement(w string) bool {
	switch w {
	case "about", "of", "through", "so", "otherwise", "hard", "twice":
		return true
	}
	return false
}

// disprovedAfter returns the start of the first clause in toks[from:to]
// that disproves what came before it, or -1: a short rebuttal pointing
// back ("it didn't", "that wasn't true"), "it did" after a belief that
// something never happens (neg), or a harm told as an event ("it lost
// the key", "we had two holders"). Only a belief (belief) is disproved
// by its pronoun alone taking a corrective "only" or "still" ("it only
// deletes the lease's keys").
func disprovedAfter(toks []token, from, to int, neg, belief bool) int {
	start := -1
	for j := from; j < to; j++ {
		if toks[j].clause {
			start = j
			// a clause that gives the belief's grounds ("because lag
			// was usually small") or qualifies a noun is no outcome
			if explainers[toks[j].raw] {
				start = -1
			}
		}
		if start < 0 {
			continue
		}
		r := toks[j].raw
		if storyPronouns[r] && j+1 < to {
			n := toks[j+1].raw
			// g28qf (review rev28q R2): a rebuttal only when bare ("it
			// didn't.", "that wasn't true", "it didn't make it safe"):
			// "it didn't disappoint", "they weren't wrong" confirm; and
			// never after a negative belief ("never lose ..., and it
			// didn't" confirms it)
			if !neg && (deniedPast[n] || (n == "did" || n == "was" || n == "does") && j+2 < to && toks[j+2].raw == "not") {
				x := j + 2
				if !deniedPast[n] {
					x++
				}
				if x >= to || toks[x].clause || storyRebuttals[toks[x].raw] && !(x+1 < to && !toks[x+1].clause && (confirmingAfter[toks[x+1].raw] || x+2 < to && !toks[x+2].clause && confirmingAfter[toks[x+2].raw])) ||
					toks[x].raw == "make" && safeWithin(toks, x+1, to) {
					return start
				}
			}
			if neg && (n == "did" || n == "could" || n == "does") && (j+2 == to || toks[j+2].clause) {
				return start
			}
			// (g28qf, review rev28q R1: "it still does" confirms the
			// belief; "only" corrects it only with a present verb of
			// its own, "it only deletes", not "it only ever lagged")
			if belief && n == "only" && j+2 < to && strings.HasSuffix(toks[j+2].raw, "s") && !toks[j+2].clause &&
				toks[j+2].raw != "was" && toks[j+2].raw != "is" {
				return start
			}
		}
		if toks[j].negBy >= 0 || toks[j].cls&clsNegator != 0 {
			continue
		}
		// g28qf (review rev28q R3): a harm word inside "without ..." is
		// none; "removed"/"deleted" harm only a key or a lock (not "removed
		// the fencing tokens"); "promoted" only a replica that lacked it;
		// a count needs a holder noun ("two writers"), not "two replicas
		// held the key"
		if storyHarms[r] && !withoutBefore(toks, start, j) && harmFits(toks, start, j, to) || (r == "split" && j+1 < to && toks[j+1].raw == "brain") ||
			harmCounts[r] && j+1 < to && (holderNouns[toks[j+1].raw] || r == "both" && harmHolders[toks[j+1].raw]) && toks[j+1].negBy < 0 ||
			harmCounts[r] && j+2 < to && holderNouns[toks[j+2].raw] && toks[j+2].negBy < 0 && !toks[j+1].clause {
			return start
		}
	}
	return -1
}

// toldHarm returns the start of a later clause of sentence s that tells,
// in the past tense and unnegated, a second owner as what happened ("and
// that was our second writer", "so two workers wrote", "we had two
// writers", "and both wrote", "and it broke mutual exclusion", "caused
// split brain"), or -1.
func toldHarm(toks []token, s sentence) int {
	start := s.from
	for j := s.from; j < s.to; j++ {
		if toks[j].clause {
			start = j
		}
		if toks[j].negBy >= 0 || toks[j].cls&clsNegator != 0 || toks[j].hypo || toks[j].cls&clsPassStart == 0 {
			continue
		}
		r := toks[j].raw
		past := false
		switch {
		case harmCounts[r] && j+1 < s.to && harmHolders[toks[j+1].raw]:
			// "our second writer" needs a past verb in its clause;
			// "both wrote", "two workers wrote" carry their own
			w := toks[j+1].raw
			past = w == "wrote" || w == "held" || w == "ran" || w == "processed" || w == "got" ||
				j+2 < s.to && (toks[j+2].raw == "wrote" || toks[j+2].raw == "held" || toks[j+2].raw == "ran" || toks[j+2].raw == "got") ||
				// g53 (QA-53 #052): "two writers were active"
				ownerNouns[w] && j+3 < s.to && (toks[j+2].raw == "were" || toks[j+2].raw == "was") && activeWords[toks[j+3].raw]
			// (g28qf, review rev28q R3: "we had two workers on standby"
			// is no second owner: only a holder noun here)
			for x := start; x < j && !past && ownerNouns[w]; x++ {
				past = toks[x].raw == "was" || toks[x].raw == "were" || toks[x].raw == "had" || toks[x].raw == "got"
			}
		case takenVerbs[r] && lockAfter(toks, j+1, s.to) && nextHolderBefore(toks, start, j):
			// g53 (QA-53 #086): the lock handed on while the story's
			// holder still worked, "and the next waiter took the lock"
			past = true
		case r == "broke" && j+2 < s.to && toks[j+1].raw == "mutual" && strings.HasPrefix(toks[j+2].raw, "exclusion"):
			past = true
		case r == "caused" && j+2 < s.to && toks[j+1].raw == "split" && toks[j+2].raw == "brain":
			past = true
		}
		if past {
			if r == "caused" {
				return j
			}
			return start
		}
	}
	return -1
}

// pastBefore reports a practice told in the past tense in toks[from:to]:
// a past form of a verb ("kept", "failed", "let") or a past auxiliary,
// and no present one of its own ("keeps", "is").
func pastBefore(toks []token, from, to int) bool {
	past := false
	for k := from; k < to; k++ {
		r := toks[k].raw
		switch r {
		case "is", "are", "keeps", "continues", "do", "does", "will", "would", "can", "should", "must":
			return false
		case "was", "were", "had", "did", "kept", "let", "ran", "wrote", "held", "carried", "continued", "stopped", "failed":
			past = true
		}
	}
	return past
}

// storyRebuttals may follow a rebuttal's negated auxiliary: "that wasn't
// true", "it didn't work", "it didn't hold" (g28qf). Verbs that also
// confirm a belief when denied ("it didn't stop working", "it didn't have
// a single incident", "it didn't keep us up at night", "it didn't happen
// to fail") are no rebuttal (g28 lead, review rev28qf); "make" is one
// only with "safe" after it ("it didn't make it safe"), see safeWithin.
var storyRebuttals = setOf(`true so the case right correct safe work hold protect`)

// confirmingAfter turn a denied rebuttal verb into a confirmation when
// one of them follows it or its object: "it didn't hold us back", "it
// didn't protect less than consensus would" (g28 lead, review rev28qf).
var confirmingAfter = setOf(`back up less more worse better out`)

// safeWithin reports "safe" within three words from toks[from], inside
// the clause and before to: "it didn't make (it) safe", not "it didn't
// make us regret it".
func safeWithin(toks []token, from, to int) bool {
	for x := from; x < to && x < from+3; x++ {
		if toks[x].clause && x > from {
			return false
		}
		if toks[x].raw == "safe" || toks[x].raw == "safer" {
			return true
		}
	}
	return false
}

// holderNouns after a count make a second owner (g28qf): "two writers".
var holderNouns = setOf(`writers writer holders holder owners owner leaders leader clients workers`)

// ownerNouns: a count told with "had/was" names a second owner only with
// these (g28qf): "we had two writers", not "two workers on standby".
var ownerNouns = setOf(`writers writer holders holder owners owner leaders leader`)

// withoutBefore reports "without" in toks[from:j] (g28qf): "promoted
// without losing it".
func withoutBefore(toks []token, from, j int) bool {
	for x := from; x < j; x++ {
		if toks[x].raw == "without" {
			return true
		}
	}
	return false
}

// harmFits checks the object of a harm word that harms only with one
// (g28qf): "removed/deleted" a key, a lock or a lease; "promoted" a
// replica that lacked the key ("never got it", "without the key").
func harmFits(toks []token, start, j, to int) bool {
	switch toks[j].raw {
	case "removed", "deleted":
		for x := j + 1; x < to && x <= j+5 && !toks[x].clause; x++ {
			switch strings.TrimSuffix(toks[x].raw, "s") {
			case "key", "lock", "lease", "owner", "holder":
				return true
			}
		}
		return false
	case "promoted":
		end := j + 1
		for end < to && (end == j+1 || !toks[end].clause) {
			end++
		}
		for x := start; x < end && x < to; x++ {
			switch toks[x].raw {
			case "missing", "lacked", "lacking", "never", "didn't", "hadn't", "wasn't", "lagging", "behind", "stale":
				return true
			case "without":
				if x+1 < to && !strings.HasPrefix(toks[x+1].raw, "los") {
					return true
				}
			}
		}
		return false
	}
	return true
}

// failureIn reports a failure told in the clause at toks[from:to] (g28qf):
// "until a lease expired", "until a failover lost it", "until two
// writers ...".
func failureIn(toks []token, from, to int) bool {
	for x := from; x < to && (x == from || !toks[x].clause); x++ {
		if toks[x].negBy >= 0 || toks[x].cls&clsNegator != 0 {
			continue
		}
		r := toks[x].raw
		switch {
		case storyHarms[r] && harmFits(toks, from, x, to):
			return true
		case failureWords[r]:
			return true
		case harmCounts[r] && x+1 < to && holderNouns[toks[x+1].raw]:
			return true
		}
	}
	return false
}

// failureWords tell what went wrong after "until" (g28qf).
var failureWords = setOf(`expired expiry paused crashed died hung stalled split duplicate duplicates duplicated
failed failure double partition partitioned overlapped`)

// activeWords, after "two writers were", make the second owner an event:
// "two writers were active".
var activeWords = setOf(`active live running writing alive`)

// takenVerbs hand a lock on, in the past: "the next waiter took the lock".
var takenVerbs = setOf(`took grabbed acquired got`)

// nextHolders, before a taking verb in its clause, make the taker another
// holder than the story's: "the next waiter", "another instance".
var nextHolders = setOf(`next another second other new`)

// lockAfter reports "the lock" or "it" right after toks[from] (within two
// words, not past to).
func lockAfter(toks []token, from, to int) bool {
	for x := from; x < to && x < from+2; x++ {
		if toks[x].raw == "lock" || toks[x].raw == "it" {
			return true
		}
	}
	return false
}

// nextHolderBefore reports a nextHolders word in toks[from:to].
func nextHolderBefore(toks []token, from, to int) bool {
	for x := from; x < to; x++ {
		if nextHolders[toks[x].raw] {
			return true
		}
	}
	return false
}

// oldMarkers, between "our" (or "the") and the practice's noun, mark it as
// one replaced since: "our old code did ...".
var oldMarkers = setOf(`old previous original legacy former earlier`)

// practiceNouns are what a team's old practice is told of: "our old
// code", "the previous handler".
var practiceNouns = setOf(`code version implementation handler listener release service job system setup design client
worker workers script logic approach lock locking config`)

// markOldPractice sets aside, for the red flags only (as markWarStories
// does), a sentence that tells what the team's old code or setup did, in
// the past tense, with no word approving it: "War story first: our old
// code did SETNX lock:nightly 1 and then EXPIRE lock:nightly 600 as two
// calls" (g53, QA-53 #009) tells the bug the next sentence shows, not the
// speaker's design. A practice told as kept ("our old code did X, and we
// still do") or as sound ("... and it was fine") is claimed as before.
func markOldPractice(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		at := -1
		for k := s.from + 1; k+2 < s.to && k <= s.from+8; k++ {
			if oldMarkers[toks[k].raw] && practiceNouns[toks[k+1].raw] && (toks[k-1].raw == "our" || toks[k-1].raw == "the" || toks[k-1].raw == "their") && pastVerb(toks[k+2].raw) {
				at = k
				break
			}
		}
		if at < 0 {
			continue
		}
		// the story runs to a clause that turns to now ("..., but now
		// Redlock removes the need for fencing" is a claim)
		end := s.to
		for j := at + 3; j < s.to; j++ {
			if toks[j].clause && nowTurns[toks[j].raw] {
				end = j
				break
			}
		}
		kept := at+3 < s.to && (toks[at+3].raw == "nothing" || toks[at+3].raw == "no")
		for j := s.from; j < end; j++ {
			switch toks[j].raw {
			case "still", "fine", "safe", "correct", "ok", "okay", "worked", "works":
				kept = kept || toks[j].negBy < 0
			}
		}
		if kept {
			continue
		}
		for j := s.from; j < end; j++ {
			toks[j].setAside = true
		}
	}
}

// nowTurns open a clause that leaves the story for the present: "but
// now ...".
var nowTurns = setOf(`but now today nowadays however yet`)

// pastVerb reports a past form: "did", "used", "listened".
func pastVerb(w string) bool {
	switch w {
	case "did", "had", "was", "were", "used", "ran", "kept", "let", "held", "took", "set", "sent", "wrote", "got", "made", "only":
		return true
	}
	return len(w) > 3 && strings.HasSuffix(w, "ed")
}
