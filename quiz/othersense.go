package quiz

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
