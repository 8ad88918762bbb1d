package quiz

import "strings"

// A red flag whose claim is a check made before acting ("before each write
// the client checks that its lease is still valid", "am I still the
// leader", the TTL left) said to make the act safe declares that shape
// (Claim "check-before-act"). Candidates who know why such a check fails
// describe it too, to take it apart: "any check I make before the call can
// be invalidated by a pause right after it", "that is check-then-act and
// it has a gap", "it helps a bit but just assumes pauses are short". A
// match whose sentence, or the one right after it, states the check's gap
// (see diagnosedCheck) describes the check, and does not claim it.
//
// A gap named and then waved off ("there is a tiny gap but in practice it
// never matters"), denied ("there is no gap"), closed ("that closes the
// race") or answered with safety ("it is check-then-act, but the client
// re-checks, so it is safe") states no gap, and neither does another gap
// ("the other gap is clock drift") nor, in the next sentence, a gap that
// does not speak of the check ("Clock drift is a gap too.").

// claimShapes are the shapes of claim a red flag may declare in Claim.
var claimShapes = map[string]bool{"check-before-act": true}

// KnownClaim reports whether name is a shape of claim a red flag may
// declare in Claim.
func KnownClaim(name string) bool { return claimShapes[name] }

// checkGaps name, by themselves, why a check made before acting is not
// enough: its race, or what it silently assumes.
var checkGaps = phrases(`check then act|check-then-act|toctou|time of check|time-of-check|racy|probabilistic*|invalidated|
	stale by the time|only narrows|only shrinks|only reduces|helps a bit|helps a little|just assumes|only assumes|
	still assumes|assumes bounded|assumes short|assumes pauses|assumes the pause|assumes no pause|assumes that pauses|
	not enough|isn't enough|not sufficient|isn't sufficient|insufficient|guarantees nothing|proves nothing|
	narrows the gap|narrows the race|narrows the window|shrinks the gap|shrinks the race|shrinks the window|
	reduces the gap|reduces the race|reduces the window`)

// gapNouns name a gap, which is the check's only when nothing sets it
// apart from the check ("the other gap", "the real race").
var gapNouns = phrases(`gap|gaps|race|races|race condition|window|windows`)

// gapApart, just before a gap noun, make it a gap other than the check's.
var gapApart = setOf(`other another separate different real only remaining bigger larger main`)

// pauseAfter words place a pause after the check ("a pause right after
// it", "pass every check and then pause", "between the check and the
// write"); with a word of disruption in the sentence they state the gap.
var pauseAfter = phrases(`right after|just after|exactly after|immediately after|after the check|after that check|
	after this check|after each check|after every check|after checking|after it checks|then pause*|then stall*|
	then freez*|between the check|between that check|between check|between checking|between the two|by the time`)

// disruptions are what happens in the gap.
var disruptions = phrases(`pause*|paus*|stall*|gc|freez*|froze*|expir*|laps*|sleep*|preempt*|delay*|invalidat*|
	stale|hang*|hung|lose*|loses|lost`)

// gapDismissals wave a stated gap off or close it: with one in the same
// sentences, unnegated, the check is still claimed ("a tiny gap, but in
// practice it never matters", "that closes the race").
var gapDismissals = phrases(`close|closes|closed|closing|seal*|plug*|shut*|remove|removes|removed|eliminat*|gone|goes away|go away|
	disappear*|impossible|no longer|never matters|never matter|doesn't matter|does not matter|won't matter|
	don't matter|rarely matters|too rare|rare|rarely|negligible|in practice|theoretical*|in theory|myth|
	not a problem|no problem|not an issue|not a concern|fine|safe|safely|enough|guarantee|guarantees|guaranteed|
	ensures|ensure|prevents|prevent|avoid*|stop|stops|fix|fixes|fixed|solve*|handle|handles|handled|covers|cover|
	rules out|rule out|protects|protect|blocks|works|takes care|take care|deals with|deal with|irrelevant|
	equivalent|no time|to zero|too small|too short|too narrow|too brief|small enough|short enough|tiny|
	is only|are only|is small|is short|is narrow|is brief|so small|so short|so narrow|very small|very short|
	milliseconds|microseconds|nanoseconds|wrong|mistaken|overblown|overstated|exaggerated|nothing can|
	nothing will|no way|not a risk|not real|isn't real|can't|cannot|never`)

// claimsCheckBeforeAct reports whether f declares the check-before-act
// shape.
func claimsCheckBeforeAct(f *RedFlag) bool { return f.Claim == "check-before-act" }

// diagnosedCheck reports whether m, a match of a red flag that declares
// the check-before-act shape, lies in a sentence that states the check's
// gap, or is followed by one that does and speaks of the check ("That is
// check-then-act ...", "Assumes bounded pauses ..."), with nothing in
// those sentences waving the gap off.
func diagnosedCheck(d *doc, f *RedFlag, m match) bool {
	if !claimsCheckBeforeAct(f) || len(m.spans) == 0 {
		return false
	}
	lo := m.spans[0][0]
	for _, sp := range m.spans[1:] {
		lo = min(lo, sp[0])
	}
	si := d.toks[lo].sent
	s := d.sents[si]
	if fencedAlongside(d, s.from, s.to) && !gapDismissed(d, s.from, s.to) {
		return true
	}
	// (in its own sentence, the gap is the check's when it comes with or
	// after it: "the listener isn't enough, so the thread should check a
	// flag before each write" offers the check as the remedy)
	if statesGap(d, lo, s.to, true) {
		return !gapDismissed(d, s.from, s.to)
	}
	if si+1 >= len(d.sents) {
		return false
	}
	n := d.sents[si+1]
	if n.question || !speaksOfCheck(d, n) || !statesGap(d, n.from, n.to, false) {
		return false
	}
	return !gapDismissed(d, s.from, n.to)
}

// speaksOfCheck reports whether sentence n, after a check was described,
// goes on about it: it opens with an anaphor or a verb with no subject
// ("That is check-then-act", "Assumes bounded pauses"), or names the check
// again.
func speaksOfCheck(d *doc, n sentence) bool {
	switch d.toks[n.from].raw {
	case "that", "this", "it", "it's", "that's", "this's", "which", "but", "yet", "however", "still",
		"assumes", "assuming", "only", "helps", "narrows", "shrinks", "reduces":
		return true
	}
	for k := n.from; k < n.to; k++ {
		if partyTerm([]string{"check", "checks", "checking", "check-then-act", "verif*", "confirm*"}, &d.toks[k]) {
			return true
		}
	}
	return false
}

// statesGap reports whether tokens [from, to) state a gap of a check: one
// of checkGaps, a pause placed after the check, or, when nouns allows it,
// a gap noun no word sets apart; none of them denied, refuted or asked.
func statesGap(d *doc, from, to int, nouns bool) bool {
	for k := from; k < to; k++ {
		if n := termLen(d, checkGaps, k, to); n > 0 && gapStated(d, k, k+n) {
			return true
		}
		if n := termLen(d, pauseAfter, k, to); n > 0 && disruptedAround(d, k, k+n) && gapStated(d, k, k+n) {
			return true
		}
		if n := termLen(d, gapNouns, k, to); n > 0 && (nouns || k > from && anaphorBefore(d, k, from)) && gapStated(d, k, k+n) && !setApart(d, k, from) {
			return true
		}
	}
	return false
}

// disruptedAround reports whether a disruption (see disruptions) is
// stated in the clause of the words [k, end): "a GC pause can land right
// after that check", not "the call happens immediately after the check,
// there is no time for the lease to expire".
func disruptedAround(d *doc, k, end int) bool {
	sn := d.sents[d.toks[k].sent]
	cs := k
	for cs > sn.from && !d.toks[cs].clause {
		cs--
	}
	ce := end
	for ce < sn.to && !d.toks[ce].clause {
		ce++
	}
	for j := cs; j < ce; j++ {
		if termAt(d, disruptions, j, ce) && gapStated(d, j, j+1) {
			return true
		}
	}
	return false
}

// anaphorBefore reports whether an anaphor, or a noun that calls what
// follows a flaw, stands in the words before k of its sentence ("that
// has a gap", "it leaves a window", "the problem is the window").
func anaphorBefore(d *doc, k, from int) bool {
	for j := k - 1; j >= from && j >= k-4; j-- {
		switch d.toks[j].raw {
		case "that", "this", "it", "it's", "that's", "which", "problem", "catch", "flaw", "trouble", "weakness":
			return true
		}
	}
	return false
}

// setApart reports whether a word right before the gap noun at k sets it
// apart from the check's ("the other gap").
func setApart(d *doc, k, from int) bool {
	for j := k - 1; j >= from && j >= k-2; j-- {
		if gapApart[d.toks[j].raw] {
			return true
		}
	}
	return false
}

// gapStated reports whether the words [k, end) are stated: neither denied
// by a negator outside them ("there is no gap"), nor refuted.
func gapStated(d *doc, k, end int) bool {
	for j := k; j < end; j++ {
		t := &d.toks[j]
		if t.refuted || t.flagNegBy > 0 || t.negBy >= 0 && (t.negBy < k || t.negBy >= end) {
			return false
		}
	}
	return true
}

// gapDismissed reports whether tokens [from, to) wave a gap off or call
// the check safe (see gapDismissals), unnegated.
func gapDismissed(d *doc, from, to int) bool {
	for k := from; k < to; k++ {
		if n := termLen(d, gapDismissals, k, to); n > 0 {
			// a dismissal that includes its own negator ("doesn't
			// matter", "can't") is one, denied or not; a plain word is
			// one only where no negator covers it ("not safe", "does
			// not close it")
			if d.toks[k].cls&clsNegator != 0 || gapStated(d, k, k+n) && !d.toks[k].dismiss {
				if gapDismissalUndone(d, k, to) {
					continue
				}
				return true
			}
			if d.toks[k].dismiss {
				return true
			}
		}
	}
	return false
}

// gapDismissalUndone reports a dismissal word that, by what follows it,
// states the gap rather than waving it off: "guarantees nothing", "can't
// close it", "can be invalidated" reading "can't" as its own.
func gapDismissalUndone(d *doc, k, to int) bool {
	if k+1 < to {
		switch d.toks[k+1].raw {
		case "nothing", "close", "closes", "be", "prevent", "stop", "rule", "guarantee", "fully", "really", "actually", "catch",
			"help", "protect", "see", "sees", "know", "knows", "tell", "tells", "notice", "notices", "avoid", "fix", "solve", "handle", "cover":
			return true
		}
	}
	return false
}

// termLen returns the length of a phrase of terms that starts at token k,
// before end, or 0.
func termLen(d *doc, terms [][]string, k, end int) int {
	for _, p := range terms {
		if k+len(p) > end {
			continue
		}
		ok := true
		for i, w := range p {
			if !partyTerm([]string{w}, &d.toks[k+i]) {
				ok = false
				break
			}
		}
		if ok {
			return len(p)
		}
	}
	return 0
}

// A check before acting may also come as the client's half of a fenced
// write: "job checks lease.isValid() before each DB write, and the writes
// go in with WHERE schedule_epoch = :token" (g36c). The sentence states
// the check that makes the write safe, at the resource, so the client's
// check in it is an early exit, not the safety claimed. The guard must be
// stated plainly: a sentence that denies, drops or replaces it ("so we can
// skip the WHERE epoch = :token guard", "instead of", "without", "is
// optional", "no need for") is read as before, and so is one that calls
// the check safe (gapDismissed).

// fenceNouns are what a resource compares to refuse a stale write.
var fenceNouns = setOf(`token tokens epoch epochs fence fencing revision revisions generation term`)

// fenceHolders are the parties that compare it.
var fenceHolders = setOf(`resource resources database db storage store server servers postgres postgresql
etcd zookeeper provider`)

// resourceCheckVerbs, followed by "by", "at" or "in" and a resource, put
// the comparison at the resource: "a fencing token checked by the resource".
var resourceCheckVerbs = setOf(`checked checks check enforced enforces compared compares verified verifies
rejected rejects refused refuses validated validates`)

// fenceDropped are words that deny, drop or replace a guard in the
// sentence that names it.
var fenceDropped = setOf(`without instead rather skip skipped skipping drop optional optionally unnecessary
unneeded needless need needed only plainly plain replace replaces replaced replacing substitute substitutes`)

// fencedAlongside reports whether tokens [from, to) state a resource-side
// guard on the write, a SQL WHERE on a fence noun or a fence noun checked
// by the resource, with no negator and nothing that drops it.
func fencedAlongside(d *doc, from, to int) bool {
	toks := d.toks
	guard := false
	for k := from; k < to; k++ {
		r := toks[k].raw
		if toks[k].cls&clsNegator != 0 || strings.HasSuffix(r, "n't") || fenceDropped[r] {
			return false
		}
		switch {
		case r == "where":
			for j := k + 1; j < to && j <= k+4; j++ {
				if fenceNouns[toks[j].raw] || strings.HasSuffix(toks[j].raw, "_token") || strings.HasSuffix(toks[j].raw, "_epoch") {
					guard = guard || !toks[j].refuted
					break
				}
			}
		case fenceNouns[r]:
			for j := k + 1; j+2 < to && j <= k+6; j++ {
				if !resourceCheckVerbs[toks[j].raw] {
					continue
				}
				if p := toks[j+1].raw; p == "by" || p == "at" || p == "in" {
					for x := j + 2; x < to && x <= j+4; x++ {
						if fenceHolders[toks[x].raw] {
							guard = guard || !toks[x].refuted
						}
					}
				}
			}
		}
	}
	return guard
}
