package quiz

// Endorsing headers (grader g21d). A header that ends in a colon may set
// aside what follows it ("Check the usual suspects:", "Mistakes I see:",
// "People often say:", "Don't do this:") or vouch for it: "The check is
// done by the lock service:", "ZooKeeper gets this from ephemeral
// nodes:", "but that's cheap to fix:", "Here's how:", "The fix:". After
// an endorsing header the words are the speaker's own claim, however the
// header's nouns ("check") or the sentence's opening ("What it can't do
// is ...") would otherwise read.

// easeWords call a fix cheap to make: "that's cheap to fix:", "an easy
// fix:".
var easeWords = setOf(`cheap cheaply easy easily simple simply trivial trivially straightforward`)

// fixWords name the fix a header announces.
var fixWords = setOf(`fix fixes fixed solve solved solution remedy cure`)

// agentParticiples, before "by", say who does the thing a header names:
// "The check is done by the lock service:".
var agentParticiples = setOf(`done made performed handled enforced owned run`)

// agentVerbs, after their subject, give it the thing a header names:
// "The lock service does the check:".
var agentVerbs = setOf(`does makes performs handles enforces owns runs`)

// endorsingHeader reports words before a colon, toks (the header, from
// its clause's start to the colon), that vouch for what follows: a fix
// announced ("that's cheap to fix", "the fix", "here's how"), or a job
// given to an agent ("X is done by Y", "Y does the check", "X gets this
// from Y"). A header
// with a negation, a mistake, a mention or a reporter in it ("not the way
// I see it used", "Mistakes I see", "People often say") endorses nothing.
func endorsingHeader(toks []token) bool {
	if len(toks) == 0 || len(toks) > 10 {
		return false
	}
	endorsed := false
	for j := range toks {
		t := &toks[j]
		r := t.raw
		// (isNegator, mistakeNouns, mentionNouns and rejectWords read from the
		// token's classes, tested first)
		if t.cls&(clsNegator|clsMistakeNoun|clsMistake|clsMention|clsCritic|clsRebuttal|clsReject) != 0 || r == "no" || prohibitions[r] || reporters[r] || reporterNouns[r] ||
			r == "suspects" || r == "usual" {
			return false
		}
		switch {
		// "that's cheap to fix", "an easy fix", "the fix", "my fix"
		case fixWords[r] && j > 0 && (easeWords[toks[j-1].raw] || toks[j-1].raw == "to" && j > 1 && easeWords[toks[j-2].raw] || toks[j-1].raw == "the" || toks[j-1].raw == "my" || toks[j-1].raw == "our"):
			endorsed = true
		// g49: "prevention is straightforward", "the fix is simple": a
		// remedy the header calls easy, after a cause it names ("Once the
		// cause is known, prevention is straightforward: ...")
		case (fixWords[r] || r == "prevention") && j+2 < len(toks) && copulas[toks[j+1].raw] && easeWords[toks[j+2].raw]:
			endorsed = true
		// "here's how", "here is how", "this is how"
		case r == "how" && j > 0 && (toks[j-1].raw == "here's" || toks[j-1].raw == "is" && j > 1 && (toks[j-2].raw == "here" || toks[j-2].raw == "this")):
			endorsed = true
		// "X is done by Y"
		case r == "by" && j > 1 && agentParticiples[toks[j-1].raw] && copulas[toks[j-2].raw]:
			endorsed = true
		// "the lock service does the check", "the database enforces it"
		case agentVerbs[r] && j > 0 && j+1 < len(toks) && (toks[j+1].raw == "the" || toks[j+1].raw == "this" || toks[j+1].raw == "it" || toks[j+1].raw == "that"):
			endorsed = true
		// "X gets this (for free) from Y"
		case r == "from" && j > 1 && getsThis(toks[:j]):
			endorsed = true
		// g33c: "What I do:", "What we did:", "what we do in production:":
		// the speaker's own practice announced
		case announcedPractice[r] && j > 1 && toks[j-2].raw == "what" && speakers[toks[j-1].raw]:
			endorsed = true
		}
	}
	return endorsed
}

// announcedPractice, after "what I" or "what we", announce the speaker's own
// practice: "What I do:", "What we did:".
var announcedPractice = setOf(`do did use used run ran ship shipped`)

// getsThis reports a header, toks up to a "from", that says where its
// subject gets what was just described: "gets this", "get this for free",
// "gets it for free".
func getsThis(toks []token) bool {
	for j := len(toks) - 1; j > 0 && j >= len(toks)-4; j-- {
		if (toks[j].raw == "this" || toks[j].raw == "it" || toks[j].raw == "that") && (toks[j-1].raw == "get" || toks[j-1].raw == "gets" || toks[j-1].raw == "got") {
			return true
		}
	}
	return false
}

// headerBefore returns where the header that ends at the colon toks[colon]
// starts: after the last clause break before it, at most 10 words back,
// not before from; a leading contrast ("but", "though") is left out.
func headerBefore(toks []token, from, colon int) int {
	h := colon - 1
	for h > from && !(toks[h].clause && toks[h].brk != 0) && h > colon-10 {
		h--
	}
	if h < colon && contrastWords[toks[h].raw] {
		h++
	}
	return h
}
