package quiz

import "strings"

// Acts identified with their failure (grader g38a). A candidate who argues
// for a fix tells what the wrong approach leads to, and names the approach
// in the words a wrong answer uses as its design: "During SUSPENDED the
// session can expire on the server, so continuing to write is exactly the
// two-holder scenario"; "by then the lock is free, so the retry is a new
// payment"; "even a check just before writing can be followed by another
// pause". The first says the act IS the failure (a copula whose complement
// names a failure event: a race, a split brain, a double charge, the
// two-holder case); the second draws, as a consequence, that a repeat is
// new work, the double charge in other words; the third says a measure can
// be defeated by a threat that comes after it. None proposes what it
// names. The three shapes are read for every red flag; the words are set
// aside for the red flags only (the second reader, trained before this
// rule, reads them as before).
//
// A sentence that approves what it tells ("..., and that is fine", "...
// is exactly what we want") or denies it ("is not the two-holder
// scenario", "can't be followed by a pause") is read as before.

// failureEvents name a failure event by themselves: "the race", "a bug",
// "the overlap", "the lost update" (with "lost"), "a phantom event".
var failureEvents = setOf(`race races bug bugs overlap overlaps corruption outage outages hazard mistake
duplicate duplicates phantom clobbering deadlock livelock anomaly`)

// failurePairs name a failure event in two words, as the hyphenated
// compounds are read ("two-holder", "split-brain", "double-charge").
var failurePairs = func() map[[2]string]bool {
	m := map[[2]string]bool{}
	for _, a := range []string{"two", "double", "dual", "second"} {
		for _, b := range strings.Fields(`holder holders writer writers owner owners leader leaders master masters
primary primaries write writes charge charges payment payments spend spends booking bookings execution
executions run runs`) {
			m[[2]string{a, b}] = true
		}
	}
	for _, p := range [][2]string{{"split", "brain"}, {"lost", "update"}, {"lost", "updates"}, {"lost", "write"},
		{"lost", "writes"}, {"stale", "write"}, {"stale", "writes"}, {"lost", "event"}, {"lost", "events"},
		{"data", "loss"}, {"zombie", "write"}, {"zombie", "writes"}} {
		m[p] = true
	}
	return m
}()

// failureGuards, after a failure word in the same noun phrase, make it a
// protection against the failure: "the race-free way", "the double-charge
// protection", "the split-brain fix".
var failureGuards = setOf(`free proof safe less resistant prevention protection guard guards fix fixes
cure detector detection check checks handling avoidance remedy solution killer stopper breaker antidote
answer defence defense shield barrier suppression`)

// npStops end the noun phrase after the copula: what follows them is a
// complement of its head ("the way to avoid the race", "the fix for the
// double charge"), not the head.
var npStops = setOf(`to for against of that which who where when by in on with without from than as
like the a an its their this these those`)

// detStarts may open the noun phrase itself ("the same race"), though
// they end it further on ("the way the race disappears").
var detStarts = setOf(`the a an its their this these those`)

// identityIntensifiers stand between the copula and the article:
// "is exactly the race", "is just the same bug".
var identityIntensifiers = setOf(`exactly precisely just simply literally basically essentially effectively
really then again now also`)

// drawnOpeners open a clause drawn as a consequence: "so", "hence",
// "which means", "meaning".
var drawnOpeners = setOf(`so hence thus therefore meaning`)

// repeatSubjects name a repeat of work: "the retry", "the resend", "the
// redelivery", "the second tap".
var repeatSubjects = setOf(`retry retries retried resend resent replay replayed redelivery redelivered
rerun duplicate repeat repeated second`)

// newMarkers and workNouns, as the complement of a repeat, make it new
// work: "a new payment", "a second charge", "another order".
var (
	newMarkers = setOf(`new second fresh separate another brand extra different`)
	workNouns  = setOf(`payment payments charge charges order orders transfer transfers debit debits purchase
purchases withdrawal withdrawals payout payouts booking bookings transaction transactions`)
)

// approvalWants judge a consequence as intended: "which is what we want".
var approvalWants = setOf(`want wants wanted intended desired desirable expected`)

// markIdentifiedFailures sets aside, for the red flags, the three shapes
// of an act told as the failure it leads to (see the top of this file).
func markIdentifiedFailures(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		if s.to-s.from < 5 || s.question || approvesAnything(toks, s.from, s.to) {
			continue
		}
		for c := s.from; c < s.to; c++ {
			if c > s.from && !toks[c].clause {
				continue
			}
			if end := identifiedWithFailure(toks, c, s.to); end > c {
				for x := c; x < end; x++ {
					toks[x].setAside = true
				}
			}
		}
		markDefeatedMeasure(toks, s)
	}
}

// approvesAnything reports an approval in toks[from:to]: "fine", "safe",
// "enough", "what we want", "no harm".
func approvesAnything(toks []token, from, to int) bool {
	for k := from; k < to; k++ {
		if toks[k].cls&clsApproving != 0 { // narrationApprovals or approvalWants
			return true
		}
		r := toks[k].raw
		if k+1 < to && (r == "no" || r == "not") && (toks[k+1].raw == "harm" || toks[k+1].raw == "problem" || toks[k+1].raw == "issue") {
			return true
		}
	}
	return false
}

// deniesOrLimits reports a negator, a word in n't, "only" or "hardly": a
// word that takes back or narrows what its clause says.
func deniesOrLimits(t *token) bool {
	r := t.raw
	return t.cls&clsNegator != 0 || strings.HasSuffix(r, "n't") || r == "only" || r == "hardly" || r == "never" || r == "no" || r == "not"
}

// identifiedWithFailure reads the clause that starts at toks[c] as an act
// identified with its failure, and returns where what it names ends (the
// token after the failure's noun phrase), or -1: an optional consequence
// opener, a subject, a copula ("is", "would be", "becomes"), intensifiers
// ("exactly"), an article and a noun phrase that names a failure event
// ("the two-holder scenario", "a split brain", "the same race"); or, after
// a consequence opener only, a repeat said to be new work ("so the retry
// is a new payment"), ending its clause.
func identifiedWithFailure(toks []token, c, end int) int {
	j := c
	if toks[j].raw == "and" && j+1 < end && drawnOpeners[toks[j+1].raw] {
		j++
	}
	consequence := drawnOpeners[toks[j].raw]
	if (toks[j].raw == "which" || toks[j].raw == "that") && j+1 < end && toks[j+1].raw == "means" {
		consequence = true
		j++
	}
	if consequence {
		j++
	}
	subj := j
	cop := -1
	for k := subj; k < end && k <= subj+12; k++ {
		if k > subj && toks[k].clause {
			return -1
		}
		if deniesOrLimits(&toks[k]) || firstPersons[toks[k].raw] {
			return -1
		}
		r := toks[k].raw
		if r == "is" || r == "are" || r == "was" || r == "were" || r == "becomes" || r == "become" || r == "became" {
			cop = k
			break
		}
		if (r == "would" || r == "will" || r == "could" || r == "might") && k+1 < end && toks[k+1].raw == "be" {
			cop = k + 1
			break
		}
		if r == "counts" && k+1 < end && toks[k+1].raw == "as" {
			cop = k + 1
			break
		}
	}
	if cop <= subj || !actSubject(toks, subj, cop) {
		return -1
	}
	repeat := false
	for k := subj; k < cop; k++ {
		repeat = repeat || repeatSubjects[toks[k].raw]
	}
	k := cop + 1
	for k < end && identityIntensifiers[toks[k].raw] && !toks[k].clause {
		k++
	}
	if k >= end || toks[k].clause {
		return -1
	}
	switch toks[k].raw {
	case "the", "a", "an":
		k++
	case "another":
		// "another payment": the article and the marker in one
	default:
		return -1
	}
	failure, work := false, false
	np := k
	for ; np < end && np <= k+4; np++ {
		t := &toks[np]
		if np > k && t.clause || np > k && npStops[t.raw] || npStops[t.raw] && !detStarts[t.raw] || firstPersons[t.raw] {
			break
		}
		if deniesOrLimits(t) || failureGuards[t.raw] {
			return -1
		}
		failure = failure || failureEvents[t.raw] || np+1 < end && failurePairs[[2]string{t.raw, toks[np+1].raw}]
		work = work || workNouns[t.raw]
	}
	if failure {
		// a relative clause that says the failure is guarded against
		// ("a race that Curator prevents for you") sells the act
		for x := np; x < end && !(toks[x].clause && toks[x].brk != 0); x++ {
			if safeguardWord(toks[x].raw) || strings.HasPrefix(toks[x].raw, "handle") {
				return -1
			}
		}
		return np
	}
	// a repeat said to be new work: only as a consequence, with nothing
	// after the work in its clause ("so the retry is a new payment with a
	// new key" is the design)
	if !consequence || !repeat || !work || np < end && !(toks[np].clause && toks[np].brk != 0) {
		return -1
	}
	marked := false
	for x := k - 1; x < np; x++ {
		marked = marked || newMarkers[toks[x].raw]
	}
	if !marked {
		return -1
	}
	return np
}

// pronounSubjects point back, or ask: "this is a bug", "which is a
// deadlock", "what can go wrong is a race". What they point to is judged
// by the rules for a judgement after the fact (markJudgedByWhich).
var pronounSubjects = setOf(`this that it it's that's there which what who these those they he she one
both here`)

// subjectGlue join the clause of a subject to what came before: "and",
// "because", "otherwise".
var subjectGlue = setOf(`and but because since as while otherwise yet or`)

// diagnosisNouns head a subject that names a failure, not an act: "the
// risk is a deadlock", "the bug is a lost update", "the symptoms are the
// dual write". Such a sentence says what the failure is (a definition or
// a diagnosis), which may itself be the losing claim.
var diagnosisNouns = setOf(`risk risks problem problems issue issues danger dangers symptom symptoms failure
failures cause causes effect herd bug bugs thing things point result outcome consequence concern catch trap
question behaviour behavior culprit explanation reason`)

// subjectOpeners, in a subject, make the copula existential or a
// condition: "maybe there is a bug", "to see if the payment is a
// duplicate".
var subjectOpeners = setOf(`there if whether unless when whenever`)

// actSubject reports whether toks[from:to], the subject of a copula, names
// an act or a measure ("continuing to write", "the retry", "a plain DEL"),
// not a pronoun that points back nor a failure or its diagnosis ("this",
// "the risk", "the double charge", "lost update").
func actSubject(toks []token, from, to int) bool {
	for from < to && subjectGlue[toks[from].raw] {
		from++
	}
	if from == to {
		return false
	}
	// a pronoun as the head of a short subject: "and this", "otherwise
	// it", "so here"
	for k := from; k < to && k < from+2; k++ {
		if pronounSubjects[toks[k].raw] && k+1 == to {
			return false
		}
	}
	if pronounSubjects[toks[from].raw] {
		return false
	}
	for k := from; k < to; k++ {
		r := toks[k].raw
		if diagnosisNouns[r] || failureEvents[r] || k+1 < to && failurePairs[[2]string{r, toks[k+1].raw}] || subjectOpeners[r] {
			return false
		}
	}
	return true
}

// defeatVerbs, passive after a modal, say what a threat does to a measure
// that came before it: "can be followed by another pause", "may be
// overtaken by a GC pause".
var defeatVerbs = setOf(`followed overtaken interrupted undone defeated invalidated outlived outlasted
outrun beaten preempted`)

// defeatThreats are the threats that defeat a measure: a pause, a stall,
// a crash, an expiry, a failover.
var defeatThreats = setOf(`pause pauses paused gc stall stalls freeze freezes crash crashes failover
failovers partition partitions expiry expiration preemption fault faults eviction migration delay delays
restart restarts`)

// markDefeatedMeasure reads "even a check just before writing can be
// followed by another pause" as a measure named to say a threat defeats
// it: a subject, a possibility modal, "be" and a passive defeat verb
// ("followed", "overtaken", "interrupted") whose agent is a threat (a
// pause, a stall, a crash). The subject, from the start of its clause, is
// set aside. A denied modal ("can't be followed"), a denial in the
// subject, or an agent denied ("by nothing") is read as before.
func markDefeatedMeasure(toks []token, s sentence) {
	for m := s.from + 1; m+4 < s.to; m++ {
		if !gapModals[toks[m].raw] && toks[m].raw != "will" {
			continue
		}
		v := m + 1
		for v < s.to && v <= m+2 && (toks[v].raw == "still" || toks[v].raw == "always" || toks[v].raw == "easily" || toks[v].raw == "also") {
			v++
		}
		if v+2 >= s.to || toks[v].raw != "be" || !defeatVerbs[toks[v+1].raw] || toks[v+2].raw != "by" {
			continue
		}
		threat := false
		for x := v + 3; x < s.to && x <= v+6; x++ {
			if toks[x].clause || deniesOrLimits(&toks[x]) {
				break
			}
			threat = threat || defeatThreats[toks[x].raw]
		}
		if !threat {
			continue
		}
		from := m
		for from > s.from && !toks[from].clause {
			from--
		}
		if from == m {
			continue
		}
		ok := true
		for x := from; x < m; x++ {
			if deniesOrLimits(&toks[x]) || firstPersons[toks[x].raw] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for x := from; x < m; x++ {
			toks[x].setAside = true
		}
	}
}
