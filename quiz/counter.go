package quiz

import "strings"

// counterSkip, set by tests, turns counterpart suppression off for a flag.
var counterSkip func(id string) bool

// Counterpart suppression (grader g8). A red flag names a mistake; many
// flags have a correct counterpart that a good answer states as its own:
// the storage rejects the stale token (against a check in the client), no
// TTL can stop a paused holder (against the TTL sold as safety), release
// compares the value before deleting (against a plain DEL). An answer that
// claims the counterpart and also seems to claim the mistake is, far more
// often, naming the mistake to refute it, in a way the assertion rules did
// not read (a quotation refuted two sentences later, a failure mode in a
// list, a fix "people reach for"). So once the counterpart is claimed, the
// flag needs a bare claim of the mistake: a plain statement, with no
// contrast, rejection, possibility or quotation near it.

// compileCounter compiles f.Counter.
func compileCounter(f *RedFlag, syn Synonyms, cache *patternCache) error {
	var err error
	f.counter, err = cache.compileAll(f.Counter, syn, "", "counter")
	return err
}

// counterClaimed reports whether the answer claims, in a sentence that is
// not a question, one of f's counterparts.
func counterClaimed(d *doc, f *RedFlag) bool {
	if counterSkip != nil && counterSkip(f.ID) {
		return false
	}
	return claimedAnywhere(d, f.counter)
}

// claimedAnywhere reports whether one of pats is claimed in a sentence of
// the answer that is not a question.
func claimedAnywhere(d *doc, pats []*Pattern) bool {
	for _, p := range pats {
		c := d.evalFor(p) // taken once, as in findPointWhere
		if c.dead {
			continue
		}
		for si, s := range d.sents {
			if s.question {
				continue
			}
			if _, ok := p.findIn(d, c, si, true); ok {
				return true
			}
		}
	}
	return false
}

// bareClaim reports whether m is stated plainly: no quotation in its
// sentence, no framing word (a negator, critic, report, contrast,
// or possibility) in the words that lead up to it in its clause, no
// requirement ("must not") before or in it, no critic word after it, and
// no rejection opening the next sentence.
func bareClaim(d *doc, m match) bool {
	if len(m.spans) == 0 {
		return true
	}
	toks := d.toks
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	si := toks[lo].sent
	s := d.sents[si]
	for j := s.from; j < s.to; j++ {
		if toks[j].quote > 0 {
			return false
		}
	}
	// The lead-up: its own clause for a negator or a contrast ("avoid
	// generating the key on the server"); the claim itself for a
	// possibility, and the rest of its clause for a possible harm ("any
	// client with DEL rights can remove it", not "... and can proceed"); back to the last strong break or the sentence start
	// for a judgement, report or rejection that frames the whole clause
	// ("The subtle bug is acting on X and deciding Y").
	near := lo
	for near > s.from && !toks[near].clause {
		near--
	}
	far := lo
	for far > s.from && !strongBreak(&toks[far]) {
		far--
	}
	// (g33c) critics answered by a contrast before the claim ("some
	// colleagues say it's wrong, but we release with a plain DEL") frame
	// their own clause, and the contrast sets the claim against them
	if c := rebuttalBefore(d, si, toks[lo].start); c >= 0 {
		far, near = max(far, c+1), max(near, c+1)
	}
	for j := far; j < lo; j++ {
		t := &toks[j]
		if t.cls&(clsCritic|clsRebuttal|clsMention) != 0 || t.cls&clsAttribution != 0 && t.raw != "take" || t.cls&clsMistake != 0 && t.raw != "pattern" ||
			reporterNouns[t.raw] || framingVerbs[t.raw] || rejectingVerbs[t.raw] {
			return false
		}
	}
	end := hi
	for end < s.to && !toks[end].clause {
		end++
	}
	for j := near; j < end; j++ {
		t := &toks[j]
		// (a negation reaching back from inside the claim, as "cannot"
		// does to its subject in "the holder cannot freeze that long",
		// is the claim's own wording, not a denial before it)
		ownNeg := t.negBy >= lo && t.negBy < hi
		if j < lo && (t.cls&clsNegator != 0 || t.negBy >= 0 && !ownNeg || contrastWords[t.raw]) ||
			possibilityModals[t.raw] && j+1 < s.to && (j < hi && !sufficiency[toks[j+1].raw] || harmVerbs[toks[j+1].raw]) {
			return false
		}
	}
	// "the lease must not expire while ..." states a requirement, not
	// that it holds
	for j := near; j < hi; j++ {
		if r := toks[j].raw; r == "mustn't" || r == "shouldn't" || requirementModals[r] && j+1 < s.to && (toks[j+1].raw == "not" || toks[j+1].raw == "never") {
			return false
		}
	}
	// a match that joins two clauses across a semicolon joins two claims
	for j := lo + 1; j < hi; j++ {
		if toks[j].clause && toks[j].brk == ';' {
			return false
		}
	}
	// "X, but it isn't a reliable order": a judgement after it denies it;
	// "X, people assume", "X, which teams often do": a report after it
	// makes it someone else's
	for j := hi; j < s.to; j++ {
		if toks[j].cls&(clsCritic|clsRebuttal) != 0 || toks[j].negBy >= 0 && judgements[toks[j].raw] || reporterNouns[toks[j].raw] {
			return false
		}
	}
	if si+1 < len(d.sents) {
		n := d.sents[si+1]
		if rejectsBack(toks[n.from:n.to]) || opensRejecting(toks[n.from:n.to]) || contrastOpeners[toks[n.from].raw] {
			return false
		}
	}
	return true
}

// acrossContrast reports a match whose parts lie on both sides of a
// "whereas" or "unlike" that opens a clause: "etcd hands out a revision
// you can use as a fencing token, whereas Redis only stores a random
// value" sets the two apart, and joins no claim across them.
func acrossContrast(d *doc, m match) bool {
	if len(m.spans) < 2 {
		return false
	}
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	for j := lo + 1; j < hi; j++ {
		if t := d.toks[j]; t.clause && (t.raw == "whereas" || t.raw == "unlike") {
			before, after := false, false
			for _, sp := range m.spans {
				before = before || sp[1] <= j
				after = after || sp[0] >= j
			}
			if before && after {
				return true
			}
		}
		if contrastingSemicolon(d, j) && setApartAt(d, m, j) {
			return true
		}
		if contrastingWhile(d, j) {
			// g33a: the parts after it must lie in the while-clause
			// itself: "Redlock gives no token while etcd is down, so you
			// don't need one" joins its claim across the clause
			end := j + 1
			for end < len(d.toks) && !d.toks[end].clause && d.toks[end].sent == d.toks[j].sent {
				end++
			}
			before, after, beyond, restated := false, false, false, false
			for _, sp := range m.spans {
				before = before || sp[1] <= j
				after = after || sp[0] >= j
				beyond = beyond || sp[1] > end
				// a part before it said again in the while-clause
				// ("..., while etcd doesn't need fencing tokens at
				// all") makes the claim there on its own
				for k := sp[0]; k < sp[1] && sp[1] <= j && !restated; k++ {
					for x := j + 1; x < end && !restated; x++ {
						restated = !d.toks[k].fn && d.toks[x].stem == d.toks[k].stem
					}
				}
			}
			if before && after && !beyond && !restated {
				return true
			}
		}
	}
	return false
}

// systemNames are the systems an answer sets against each other.
var systemNames = setOf(`etcd zookeeper zk consul redis redlock postgres postgresql mysql raft sentinel
chubby spanner kafka dynamodb`)

// contrastingWhile reports a "while" that opens a clause on a system's
// name: "Redlock has no fencing token, while etcd doesn't need timing
// assumptions" sets two systems apart, as "whereas" does, where "while
// the lock is held" tells a time.
func contrastingWhile(d *doc, j int) bool {
	t := d.toks[j]
	return t.clause && t.raw == "while" && j+1 < len(d.toks) && d.toks[j+1].sent == t.sent && systemNames[d.toks[j+1].raw]
}

// contrastingSemicolon reports a clause opened after a semicolon on a
// system (its name among the clause's first words: "Redis gives you",
// "the value Redis hands you"), in a sentence whose clauses before it
// speak of another system (named there, or by an anaphor for one named
// in the two sentences before): "They expose revisions that work as
// fencing tokens; Redis gives you a random value" sets the two systems
// side by side, as "while Redis ..." does. g35c.
func contrastingSemicolon(d *doc, j int) bool {
	t := d.toks[j]
	if !t.clause || t.brk != ';' {
		return false
	}
	this := ""
	for k := j; k < j+3 && k < len(d.toks) && d.toks[k].sent == t.sent && (k == j || !d.toks[k].clause) && this == ""; k++ {
		this = systemName(d.toks[k].raw)
	}
	if this == "" {
		return false
	}
	s := d.sents[t.sent]
	anaphor := false
	for k := s.from; k < j; k++ {
		if o := systemName(d.toks[k].raw); o != "" && o != this && !compared(d, k) {
			return true
		}
		anaphor = anaphor || anaphors[d.toks[k].raw] && (k == s.from || d.toks[k].clause)
	}
	if !anaphor {
		return false
	}
	for k := s.from - 1; k >= 0 && d.toks[k].sent >= t.sent-2; k-- {
		if o := systemName(d.toks[k].raw); o != "" {
			// the nearest system named before: the anaphor's
			return o != this && !compared(d, k)
		}
	}
	return false
}

// additives say that what the clause before claims holds here too: "...;
// Redis's value does too".
var additives = setOf(`too also likewise same either similarly equally`)

// setApartAt reports whether the semicolon clause at j sets m's parts
// apart: parts on both sides, none past the clause, no part before it
// said again in it, and no additive word in it ("does too", "works the
// same").
func setApartAt(d *doc, m match, j int) bool {
	end := j + 1
	for end < len(d.toks) && d.toks[end].sent == d.toks[j].sent && !(d.toks[end].clause && d.toks[end].brk == ';') {
		end++
	}
	clauseTo := j + 1
	for clauseTo < end && !d.toks[clauseTo].clause {
		clauseTo++
	}
	before, after := false, false
	for _, sp := range m.spans {
		before = before || sp[1] <= j
		after = after || sp[0] >= j
		if sp[1] > clauseTo {
			return false
		}
		for k := sp[0]; k < sp[1] && sp[1] <= j; k++ {
			for x := j; x < end; x++ {
				if !d.toks[k].fn && d.toks[x].stem == d.toks[k].stem {
					return false
				}
			}
		}
	}
	for x := j; x < end; x++ {
		if additives[d.toks[x].raw] {
			return false
		}
	}
	return before && after
}

// systemName returns the system a word names ("redis's" names redis),
// or "".
func systemName(w string) string {
	w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
	if systemNames[w] {
		return w
	}
	return ""
}

// acrossBut reports a match whose own parts (not the polarity-free ones)
// lie on both sides of a "but" that opens a clause with a subject of its
// own: "it prevents concurrent processing, but the double charge is a
// sequential duplicate" sets what it prevents against what happens, and
// claims neither of the other ("it's cheap, but it prevents double
// charges" keeps its claim after the "but").
func acrossBut(d *doc, p *Pattern, m match) bool {
	if len(m.spans) < 2 || len(p.either) < len(m.spans) {
		return false
	}
	lo, hi := m.spans[0][0], m.spans[0][1]
	for _, sp := range m.spans[1:] {
		lo, hi = min(lo, sp[0]), max(hi, sp[1])
	}
	for j := lo + 1; j+1 < hi; j++ {
		if t := d.toks[j]; !t.clause || t.raw != "but" || !determiners[d.toks[j+1].raw] {
			continue
		}
		before, after := false, false
		for k, sp := range m.spans {
			if p.either[k] {
				continue
			}
			before = before || sp[1] <= j
			after = after || sp[0] > j
		}
		if before && after {
			return true
		}
	}
	return false
}

// negatedFromOutside reports a match of a pattern that reads either way
// ("?ttl & guarantees only one") whose parts one negator outside the
// match denies all together: "a lease can't by itself guarantee that only
// one process acts". The leading "?" lets a flag spell its own negation
// ("can't be taken over") or take a part from a negated clause ("UUIDs
// never collide, so it's a safe fencing token"); it does not make the
// candidate's denial of the whole claim a claim of it.
func negatedFromOutside(d *doc, p *Pattern, m match) bool {
	if p.polarity != Either {
		return false
	}
	by := -1
	for k, sp := range m.spans {
		if k < len(p.either) && p.either[k] {
			continue
		}
		found := false
		for j := sp[0]; j < sp[1] && !found; j++ {
			n := d.toks[j].negBy
			found = n >= 0 && (by < 0 || n == by) && !inSpans(n, m.spans) && deniesVerb(d.toks[n].raw)
			if found {
				by = n
			}
		}
		if !found {
			return false
		}
	}
	return by >= 0
}

// deniesVerb reports a negator that denies its clause's verb ("can't",
// "does not", "cannot"), not an adverb that may be the claim's own word
// ("UUIDs never collide, so ...") or a negated noun ("without failover").
func deniesVerb(raw string) bool {
	return strings.HasSuffix(raw, "n't") || raw == "not" || raw == "cannot"
}

// strongBreak reports a token that opens a clause after a semicolon,
// colon, dash or bracket.
func strongBreak(t *token) bool {
	return t.clause && (t.brk == ';' || t.brk == ':' || t.brk == '—' || t.brk == '–' || t.brk == '(' || t.brk == ')')
}

var (
	contrastWords     = setOf(`but however although though instead rather whereas yet`)
	contrastOpeners   = setOf(`but however instead no nope wrong`)
	possibilityModals = setOf(`can could may might`)
	sufficiency       = setOf(`just simply safely always never not only`)
	requirementModals = setOf(`must should`)
	harmVerbs         = setOf(`remove delete kill evict lose break expire drop overwrite corrupt vanish
disappear wipe steal clobber mislead misorder`)
	judgements    = setOf(`reliable safe enough sufficient work works help helps correct true right fix fixes`)
	reporterNouns = setOf(`people colleague colleagues teammate teammates coworker coworkers candidate
candidates teams folks reviewer reviewers interviewer`)
	framingVerbs = setOf(`defined defines define explained explains framed frames pitched pitches
proposed proposes described describes`)
	rejectingVerbs = setOf(`reject rejects rejected rejecting forbid forbids ban bans veto discourage
discourages steer stay`)
)

// structuralG21 turns on the shared counterpart (experiment g21c; see
// fencedClaimed). Off until measured on writers nobody read. Bits:
// g21Shared, the shared counterpart asks for a bare claim; g21Strict, it
// asks for a plain claim instead; g21OwnStrict, a flag's own
// counterparts ask for a plain claim too.
var structuralG21 = 0

const (
	g21Shared = 1 << iota
	g21Strict
	g21OwnStrict
	g21StrictDenial
)

// fencedFlagIDs are the flags whose misfires come with a fence at the
// resource elsewhere in the answer: a TTL sized for liveness ("so a
// crashed holder can't block the rest forever"), weighed ("too short and
// ..., too long and ...") or its harm told, beside "the storage rejects
// the stale token". The readable tuning writers' wrong answers that fence
// at the resource and still claim work after a lost lease, replication
// that keeps the lock or Redlock as correct are common (they fence "for
// the pause case" and make the other mistake): those flags are left out.
var fencedFlagIDs = map[string]bool{
	"ttl-as-safety": true,
}

// fencedCounterFrom names the flag whose counterparts say the resource
// itself checks the token and turns away the stale write.
const fencedCounterFrom = "client-side-fencing"

// shareFencedCounter gives each flag of fencedFlagIDs the counterparts of
// fencedCounterFrom.
func shareFencedCounter(flags []*RedFlag) {
	var from *RedFlag
	for _, f := range flags {
		if f.ID == fencedCounterFrom {
			from = f
		}
	}
	if from == nil {
		return
	}
	for _, f := range flags {
		if fencedFlagIDs[f.ID] {
			f.fenced = from.counter
		}
	}
}

// fencedClaimed reports whether the answer claims, in a sentence that is
// not a question, that the resource fences (the shared counterpart).
func fencedClaimed(d *doc, f *RedFlag) bool {
	if structuralG21&g21Shared == 0 || len(f.fenced) == 0 {
		return false
	}
	return claimedAnywhere(d, f.fenced)
}

// plainClaim is bareClaim, stricter: beside a fence at the resource, a
// claim counts only when its sentence also weighs nothing (no trade-off,
// liveness or likelihood word) and denies nothing before the claim.
func plainClaim(d *doc, m match) bool {
	if !bareClaim(d, m) {
		return false
	}
	if len(m.spans) == 0 {
		return true
	}
	lo := m.spans[0][0]
	for _, sp := range m.spans[1:] {
		lo = min(lo, sp[0])
	}
	s := d.sents[d.toks[lo].sent]
	for j := s.from; j < s.to; j++ {
		t := &d.toks[j]
		if weighingWords[t.raw] || structuralG21&g21StrictDenial != 0 && j < lo && (t.cls&clsNegator != 0 || possibilityModals[t.raw]) {
			return false
		}
	}
	return true
}

// weighingWords size a TTL for liveness or weigh it: "so a crashed holder
// can't block the others forever", "too short and ..., too long and ...",
// "rarer", "a trade-off".
var weighingWords = setOf(`crash crashed crashes crashing dies died dead forever indefinitely block blocks blocked
liveness availability trade-off tradeoff trade balance rarer rare rarely likely unlikely odds chance chances
reduce reduces narrow narrows shrink shrinks recover recovery wait waits waiting`)

// counteredClaim reports whether m still counts beside a claimed
// counterpart: its own (how 1) or the shared one (how 2).
func counteredClaim(d *doc, m match, how int) bool {
	if how == 2 && structuralG21&g21Strict != 0 || how == 1 && structuralG21&g21OwnStrict != 0 {
		return plainClaim(d, m)
	}
	return bareClaim(d, m)
}
