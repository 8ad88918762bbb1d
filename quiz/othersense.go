package quiz

import "strings"

// Two more shapes in which a correct answer takes a losing claim's words
// in another sense (g37b), each read for every red flag:
//
//   - "the entry needs a lease with a heartbeat so someone can adopt it
//     later, and the job itself should be safe to run a second time":
//     "safe to run again" names the work's own idempotency, not a
//     protection the lease gives (repeatSafe);
//   - "how long can we afford the job to be orphaned? That's roughly the
//     TTL, because nobody else can take over until it runs out": an
//     exclusion that lasts until the lease runs out, told to size a delay,
//     is what a crashed holder costs, not a guarantee (expiryWait).
//
// Neither holds when the sentence also makes the claim: the lease said to
// make the work safe, a consequence drawn ("so two runs never overlap"),
// or a verdict beside it ("protects", "guarantees", "safe").

// repeatWords make "safe to ..." a statement that the work can run more
// than once: "safe to run twice", "safe to retry", "safe to run again".
var repeatWords = phrases(`twice|again|repeat|repeated|repeatedly|rerun|re run|retry|retried|retries|
	second time|more than once|multiple times|several times`)

// causatives give the safety a cause: "the heartbeat makes it safe to run
// twice" claims the lease's doing.
var causatives = setOf(`make makes made making keep keeps kept render renders ensure ensures guarantee
guarantees`)

// creditors give the safety a source in the clause before it: "thanks to
// it the job is safe to run a second time".
var creditors = setOf(`thanks due because via through with`)

// claimVerdicts judge or promise what a lease does.
var claimVerdicts = setOf(`safe safely safety guarantee guarantees guaranteed ensure ensures ensured
protect protects protected protection never impossible correct correctness exclusive only`)

// consequenceDrawn reports whether tokens [from, to) open a consequence:
// "so", "therefore", "thus", "hence", "meaning", "which means".
func consequenceDrawn(d *doc, from, to int) bool {
	for j := from; j < to; j++ {
		switch d.toks[j].raw {
		case "so", "therefore", "thus", "hence", "meaning":
			return true
		case "which":
			if j+1 < to && (d.toks[j+1].raw == "means" || d.toks[j+1].raw == "guarantees" || d.toks[j+1].raw == "ensures") {
				return true
			}
		}
	}
	return false
}

// repeatSafe reports whether m takes its verdict from "safe to" followed,
// in its clause, by a word of repetition ("the job itself should be safe
// to run a second time"): the work is idempotent. Not when a causative
// gives the lease the credit ("makes it safe to run twice"), when the
// clause is a consequence ("so the job is safe to run again"), nor when
// the sentence judges in other words too.
func repeatSafe(d *doc, m match) bool {
	safe := -1
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if d.toks[k].raw == "safe" && safeToRepeat(d, k) {
				safe = k
			}
		}
	}
	if safe < 0 {
		return false
	}
	toks := d.toks
	from := clauseStart(toks, safe)
	if consequenceDrawn(d, from, safe) {
		return false
	}
	for j := max(from, safe-3); j < safe; j++ {
		if causatives[toks[j].raw] {
			return false
		}
	}
	for j := from; j < safe; j++ {
		if creditors[toks[j].raw] {
			return false
		}
	}
	s := d.sents[toks[safe].sent]
	for j := s.from; j < s.to; j++ {
		if j != safe && claimVerdicts[toks[j].raw] && toks[j].negBy < 0 {
			return false
		}
	}
	return true
}

// safeToRepeat reports whether "safe" at k is followed by "to" and, in
// its clause, a word of repetition.
func safeToRepeat(d *doc, k int) bool {
	s := d.sents[d.toks[k].sent]
	if k+1 >= s.to || d.toks[k+1].raw != "to" {
		return false
	}
	for j := k + 2; j < s.to && j <= k+7; j++ {
		if d.toks[j].clause {
			return false
		}
		if termLen(d, repeatWords, j, s.to) > 0 {
			return true
		}
	}
	return false
}

// exclusionWords deny anyone else the lock: "nobody else can take over".
var exclusionWords = setOf(`nobody noone no-one`)

// expiryEnds end an exclusion at the lease's expiry: "until it runs out".
var expiryEnds = phrases(`runs out|run out|ran out|expires|expire|expired|lapses|lapse|lapsed|times out|
	time out|timed out`)

// delayWords size a wait or its cost: how long a crashed holder keeps the
// job orphaned.
var delayWords = phrases(`how long|stuck|orphan*|unowned|blocked|block|wait|waits|waiting|delay*|recovery|
	recover|downtime|outage|idle|sits|sit|takeover time|failover time`)

// expiryWait reports whether m takes its guarantee from an exclusion that
// lasts "until" the lease runs out, in a sentence that, with the one
// before it, sizes a delay ("how long can we afford the job to be
// orphaned? That's roughly the TTL, because nobody else can take over
// until it runs out"). Not when the sentence draws a consequence from it
// or judges in other words.
func expiryWait(d *doc, m match) bool {
	until := -1
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if t := d.toks[k].raw; exclusionWords[t] || t == "no" && k+1 < len(d.toks) && (d.toks[k+1].raw == "one" || d.toks[k+1].raw == "other") {
				if u := untilExpiry(d, k); u > 0 {
					until = u
				}
			}
		}
	}
	if until < 0 {
		return false
	}
	si := d.toks[until].sent
	s := d.sents[si]
	if consequenceDrawn(d, until, s.to) {
		return false
	}
	for j := s.from; j < s.to; j++ {
		if claimVerdicts[d.toks[j].raw] && d.toks[j].negBy < 0 {
			return false
		}
	}
	from := s.from
	if si > 0 {
		from = d.sents[si-1].from
	}
	for j := from; j < s.to; j++ {
		if termLen(d, delayWords, j, s.to) > 0 {
			return true
		}
	}
	return false
}

// untilExpiry returns the index of an "until" after the exclusion at k, in
// its clause, that an expiry ends within four words; or -1.
func untilExpiry(d *doc, k int) int {
	s := d.sents[d.toks[k].sent]
	for j := k + 1; j < s.to && j <= k+8; j++ {
		if d.toks[j].clause && d.toks[j].raw != "until" {
			return -1
		}
		if d.toks[j].raw != "until" {
			continue
		}
		for x := j + 1; x < s.to && x <= j+4; x++ {
			if termLen(d, expiryEnds, x, s.to) > 0 {
				return j
			}
		}
		return -1
	}
	return -1
}

// A flag that declares the party its mistake is about (About) claims
// what that party does: "Redis replication keeps the lock across a
// failover". The same state stated as a requirement ("the numbers must
// stay monotonic across failover of the lock service") says what any
// lock service has to provide and claims nothing of the party, unless
// the sentence names it ("the lock must survive failover, and Sentinel
// makes sure it does").

// stateVerbs say that a thing keeps its state.
var stateVerbs = setOf(`stay stays remain remains survive survives persist persists last lasts kept`)

// necessityModals make the verb after them a requirement: "must stay",
// "has to survive", "needs to remain".
var necessityModals = phrases(`must|must be|has to|have to|has to be|have to be|needs to|need to|needs to be|
	need to be|should|should be|got to`)

// requiredState reports whether m, a match of a flag that declares About,
// takes its state verb as a requirement (a necessity modal right before
// it, unnegated), in a sentence that names none of the flag's parties.
func requiredState(d *doc, f *RedFlag, m match) bool {
	if len(f.About) == 0 {
		return false
	}
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if !stateVerbs[d.toks[k].raw] || d.toks[k].negBy >= 0 || !requiredBefore(d, k) {
				continue
			}
			s := d.sents[d.toks[k].sent]
			return !namesParty(d, f.About, s.from, s.to) && !requirementMet(d, f, k, s.to)
		}
	}
	return false
}

// namesParty reports whether tokens [from, to) name one of parties, also
// in the possessive ("Sentinel's replication").
func namesParty(d *doc, parties []string, from, to int) bool {
	for k := from; k < to; k++ {
		t := d.toks[k]
		t.raw = strings.TrimSuffix(t.raw, "'s")
		if partyTerm(parties, &t) {
			return true
		}
	}
	return false
}

// requirementMet reports whether the requirement at k is answered by a
// claim: a later clause of its sentence (before to) that is neither
// another requirement nor the reason for it or the cost of missing it
// ("because ...", "or a new primary could hand out 33 again"), or a next
// sentence that names a party of the flag ("The lock must survive
// failover. Sentinel makes sure it does.").
func requirementMet(d *doc, f *RedFlag, k, to int) bool {
	toks := d.toks
	for j := clauseEnd(d, d.sents[toks[k].sent], k); j < to; j = clauseEnd(d, d.sents[toks[k].sent], j) {
		switch toks[j].raw {
		case "or", "otherwise", "because", "since", "as", "like", "else":
			continue
		}
		end := clauseEnd(d, d.sents[toks[k].sent], j)
		required := false
		for x := j; x < end; x++ {
			if requiredBefore(d, x) {
				required = true
				break
			}
		}
		if !required {
			return true
		}
	}
	if si := toks[k].sent + 1; si < len(d.sents) {
		return namesParty(d, f.About, d.sents[si].from, d.sents[si].to)
	}
	return false
}

// requiredBefore reports whether a necessity modal ends right before k.
func requiredBefore(d *doc, k int) bool { return phraseEndsAt(d, necessityModals, k) }

// phraseEndsAt reports whether one of phrases ends right before k, in
// k's sentence.
func phraseEndsAt(d *doc, phrases [][]string, k int) bool {
	for _, p := range phrases {
		from := k - len(p)
		if from < 0 || d.toks[from].sent != d.toks[k].sent {
			continue
		}
		if termLen(d, [][]string{p}, from, k) == len(p) {
			return true
		}
	}
	return false
}

// Three more words a correct answer uses in another sense (g54, read for
// every red flag, from validation writers GN's answers):
//
//   - "SET lock:name <random-token> NX PX 30000; you hold it if the reply
//     is OK": an upper-case OK after a reply is the server's answer, not
//     the speaker's approval (serverOK);
//   - "a save that affects zero rows is a conflict ... the database makes
//     the call atomically": to make the call is to decide, not a network
//     call (decisionCall);
//   - "NTP can step clocks, VMs pause, and a few hundred ms of skew is
//     enough for two holders": enough for a harm says how little it takes
//     to break, not that something suffices (enoughToHarm).

// replyWords name what a server sends back.
var replyWords = setOf(`reply replies replied response responds responded returns returned answer answers answered`)

// serverOK reports whether m holds an "OK" written in capitals with a
// word for a server's reply at most three words before it.
func serverOK(d *doc, m match) bool {
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			t := d.toks[k]
			if t.raw != "ok" || d.text[t.start:t.end] != "OK" {
				continue
			}
			for j := max(0, k-3); j < k; j++ {
				if replyWords[d.toks[j].raw] && d.toks[j].sent == t.sent {
					return true
				}
			}
		}
	}
	return false
}

// decideVerbs make a call in the sense of deciding.
var decideVerbs = setOf(`make makes made making`)

// decisionCall reports whether m holds "call" as the object of "make the
// call".
func decisionCall(d *doc, m match) bool {
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			if d.toks[k].raw == "call" && k >= 2 && d.toks[k-1].raw == "the" && decideVerbs[d.toks[k-2].raw] && d.toks[k-2].sent == d.toks[k].sent {
				return true
			}
		}
	}
	return false
}

// breakWords name what breaks: two holders, a double charge, a lost lock.
var breakWords = setOf(`two both double duplicate duplicates break breaks lose lost corrupt corrupts overlap overlapping
split violate violates collide collision race races conflict conflicts`)

// enoughToHarm reports whether m holds "enough" followed by "for" or "to"
// and, in its clause within six words, a word for a harm.
func enoughToHarm(d *doc, m match) bool {
	for _, sp := range m.spans {
		for k := sp[0]; k < sp[1]; k++ {
			// (not "it never pauses long enough to lose its lease": denied,
			// the harm is what the speaker rules out)
			if d.toks[k].raw != "enough" || d.toks[k].negBy >= 0 || k+1 >= len(d.toks) || d.toks[k+1].clause {
				continue
			}
			if r := d.toks[k+1].raw; r != "for" && r != "to" {
				continue
			}
			for j := k + 2; j < len(d.toks) && j <= k+7 && !d.toks[j].clause; j++ {
				// (not "enough to stop a duplicate run": what it prevents)
				if d.toks[j].cls&clsNegator != 0 || purposeNegators[d.toks[j].raw] {
					break
				}
				if breakWords[d.toks[j].raw] {
					return true
				}
			}
		}
	}
	return false
}
