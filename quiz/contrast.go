package quiz

import "strings"

// markRestatedDenials applies the contrast rule of QA pass 9: in "X gives
// A, not B; B needs C" the contrast ", not B" denies B of X, and the B
// that opens the next clause speaks of B itself (what correctness needs),
// not of X. That later B is marked refuted, so a red flag cannot read
// "X ... B" across it as the claim that X gives B ("Redlock adds
// failover, not correctness; correctness needs fencing" does not say
// Redlock gives correctness). Key points are not affected: what the
// clause says of B is still said.
func markRestatedDenials(d *doc) {
	toks := d.toks
	for k := 1; k < len(toks); k++ {
		t := &toks[k]
		if t.raw != "not" || toks[k-1].sent != t.sent {
			continue
		}
		// ", not B": the contrast form, a comma (or dash) right before
		// "not"; "not just/only/merely B" adds rather than denies.
		gap := d.text[toks[k-1].end:t.start]
		if !strings.ContainsAny(gap, ",—–") || k+1 >= len(toks) || toks[k+1].sent != t.sent {
			continue
		}
		switch toks[k+1].raw {
		case "just", "only", "merely", "simply", "even", "necessarily", "always", "quite":
			continue
		}
		// the denied terms: the content words of "not B", up to the end
		// of its clause
		end := d.sents[t.sent].to
		var buf [8]string // on the stack for a clause's worth of terms
		denied := buf[:0]
		j := k + 1
		for ; j < end && (j == k+1 || !toks[j].clause); j++ {
			if !toks[j].fn && toks[j].wordForms != nil {
				denied = append(denied, toks[j].stem)
			}
		}
		if len(denied) == 0 {
			continue
		}
		// the next clauses of the sentence: a denied term that opens one
		// (its first content word) is the subject of its own claim.
		first := true
		for ; j < end; j++ {
			if toks[j].clause {
				first = true
			}
			if toks[j].fn {
				continue
			}
			if first && toks[j].wordForms != nil {
				for _, s := range denied {
					if toks[j].stem == s {
						toks[j].refuted = true
					}
				}
			}
			first = false
		}
	}
}

// dismissalHeads and dismissalNouns make a dismissal: "it's not a big
// concern", "no real problem", "not much of an issue", "nothing to worry
// about". It plays a claim down rather than refuting it: "a deadlock
// resolves itself when one lease expires, so it's not a big concern"
// asserts the self-healing, and its "not" is no rejection of it.
var dismissalNouns = setOf(`concern concerns problem problems issue issues deal worry worries risk
matter bother`)

// markDismissals marks the words of each dismissal (see dismissalNouns):
// a red flag's exclusions ("-not", "-problem*") do not start there.
func markDismissals(d *doc) {
	toks := d.toks
	for k := range toks {
		var end int
		switch toks[k].raw {
		case "not", "no", "isn't", "nothing":
		default:
			continue
		}
		if toks[k].raw == "nothing" {
			// "nothing to worry about"
			if k+2 < len(toks) && toks[k+1].raw == "to" && (toks[k+2].raw == "worry" || toks[k+2].raw == "fear") && toks[k+2].sent == toks[k].sent {
				end = k + 3
			}
		} else {
			// up to three fillers ("a", "big", "real", "much of an") before
			// the noun
			for j := k + 1; j < len(toks) && j <= k+5 && toks[j].sent == toks[k].sent; j++ {
				if dismissalNouns[toks[j].raw] {
					end = j + 1
					break
				}
				if !dismissalFiller[toks[j].raw] {
					break
				}
			}
		}
		for j := k; j < end; j++ {
			toks[j].dismiss = true
		}
	}
}

var dismissalFiller = setOf(`a an any big real huge major serious much of really that such
practical actual`)

// appearVerbs say how a thing seems: "X sounds complete until ..." says X
// only seems so, and the "until" brings what shows otherwise.
var appearVerbs = setOf(`sounds sound seems seem looks look appears appear feels feel`)

// markSeemsUntil marks as refuted the subject of "X sounds complete until
// the pause follow-up", "X looks safe until a failover": the sentence
// judges X by what comes after "until", so it claims X is not enough,
// and a red flag cannot take X as the candidate's own design (QA-9: the
// guide's key point '"SETNX with an expiry" sounds complete until the
// pause follow-up' raised two-commands).
func markSeemsUntil(d *doc) {
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		if t.cls&clsAppear == 0 {
			continue
		}
		until := false
		for j := k + 1; j < len(toks) && j <= k+4 && toks[j].sent == t.sent; j++ {
			if toks[j].raw == "until" || toks[j].raw == "till" {
				until = true
				break
			}
			if toks[j].clause {
				break
			}
		}
		if !until {
			continue
		}
		from := d.sents[t.sent].from
		for j := k - 1; j > from; j-- {
			if toks[j].clause {
				from = j
				break
			}
		}
		for j := from; j < k; j++ {
			toks[j].refuted = true
		}
	}
}

// maxHeadlineTokens is the longest line read as a headline.
const maxHeadlineTokens = 14

// markHeadlines marks as dressed (earning no point, still able to raise a
// flag) a run of two or more headline lines in an answer that otherwise
// writes sentences: lines of their own, with no bullet, opening with a
// capital and ending with no punctuation, as the titles of a page's
// exercises do ("Predict: a claimed job lapses while its owner is
// frozen" / "A job claim lapses mid-run and is reclaimed: a double
// charge"). Pasted after an answer they named the points the answer
// missed and carried it over the pass mark (QA-9 Q9-12); an answer's own
// sentences end with a full stop, and its notes are bulleted.
func markHeadlines(d *doc) {
	if len(d.sents) < 3 {
		return
	}
	punctuated := false
	head := make([]bool, len(d.sents))
	for si, s := range d.sents {
		first, last := d.toks[s.from], d.toks[s.to-1]
		// what follows the sentence's last word, up to the next word:
		// its closing punctuation, if any, and the line break
		next := len(d.text)
		if s.to < len(d.toks) {
			next = d.toks[s.to].start
		}
		rest := d.text[last.end:next]
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
			rest = rest[:nl]
		}
		if strings.ContainsAny(rest, ".!?;:,") {
			punctuated = true
			continue
		}
		// before its first word, since the previous word: a line break
		// and nothing but spaces after it
		prev := 0
		if s.from > 0 {
			prev = d.toks[s.from-1].end
		}
		gap := d.text[prev:first.start]
		nl := strings.LastIndexByte(gap, '\n')
		if s.from > 0 && nl < 0 || strings.TrimSpace(gap[nl+1:]) != "" {
			continue
		}
		if s.to-s.from > maxHeadlineTokens || s.question {
			continue
		}
		if c := d.text[first.start]; c < 'A' || c > 'Z' {
			continue
		}
		// (a line of SQL is no title: "ON CONFLICT (idem_key) DO
		// NOTHING", g53, QA-53 #032)
		if sqlLine(d.text, first.start, last.end) {
			continue
		}
		head[si] = true
	}
	if !punctuated {
		return
	}
	for si := 0; si < len(head); {
		if !head[si] {
			si++
			continue
		}
		sj := si
		for sj < len(head) && head[sj] {
			sj++
		}
		if sj-si >= 2 {
			for k := si; k < sj; k++ {
				d.sents[k].dressed = true
			}
		}
		si = sj
	}
}

// deferredStops are the verbs of stopping that "before" defers: "finish
// the current batch before stopping" keeps working after the lease is
// lost, and its "stopping" is no stop (QA-9 Q9-22).
var deferredStops = setOf(`stopping stop stops aborting abort aborts halting halt halts quitting quit
giving`)

// markDeferredStops marks "before stopping", "before I stop", "before it
// aborts" like a dismissal: a red flag's exclusions ("-stop*") do not
// start there.
func markDeferredStops(d *doc) {
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		if t.raw != "before" {
			continue
		}
		for j := k + 1; j < len(toks) && j <= k+2 && toks[j].sent == t.sent; j++ {
			if deferredStops[toks[j].raw] {
				toks[j].dismiss = true
				break
			}
			if !toks[j].fn {
				break
			}
		}
	}
}

// conditionEndsAt reports that an if-clause with no comma ends before
// toks[k]: "If an extension fails I keep going", "if the call times out
// we carry on": "I" or "we" right after the condition's verb (a verb in
// -s or -ed, or a particle like "out") opens the main clause, which is
// claimed (QA-9 Q9-22).
func conditionEndsAt(toks []token, k int) bool {
	if k+1 >= len(toks) || toks[k+1].sent != toks[k].sent {
		return false
	}
	if w := toks[k].raw; w != "i" && w != "we" {
		return false
	}
	prev := toks[k-1].raw
	switch prev {
	case "out", "down", "0", "zero", "false", "nil", "error", "errors":
		return true
	}
	if toks[k-1].fn || clauseTakers[prev] {
		return false
	}
	return strings.HasSuffix(prev, "s") && !strings.HasSuffix(prev, "ss") || strings.HasSuffix(prev, "ed")
}

// recordNouns are what an investigation reads.
var recordNouns = setOf(`log logs timestamps timestamp traces trace timeline timelines metrics
records dashboards graphs`)

// componentSubjects name a part of the system that can do a comparison
// itself, as the subject of "compare".
var componentSubjects = setOf(`client clients worker workers holder holders server servers leader node
nodes process processes service services resource app application`)

// componentCompares reports a "compare" at toks[k] whose subject is a
// component that can, should or will do the comparing ("the client can
// simply compare the expiry timestamp with its own clock"): a mechanism
// the answer proposes, not a step of the candidate's investigation.
func componentCompares(toks []token, k int) bool {
	if r := toks[k].raw; r != "compare" && r != "comparing" {
		return false
	}
	for j := k - 1; j >= 0 && j >= k-4 && toks[j].sent == toks[k].sent; j-- {
		if r := toks[j].raw; componentSubjects[r] && j < k-1 {
			return true
		} else if !auxiliaries[r] && r != "just" && r != "simply" && r != "then" && r != "also" {
			return false
		}
	}
	return false
}

// investigatesRecords reports a "compare" or "correlate" at toks[k] whose
// object, within five words, is a record of what happened ("compare the
// two holders' log timestamps with the TTL"): a debugging step, which
// probes rather than claims.
func investigatesRecords(toks []token, k int) bool {
	if k > 0 && toks[k-1].sent == toks[k].sent && (toks[k-1].raw == "storage" || (toks[k-1].cls&clsNegator != 0)) {
		return false
	}
	for j := k + 1; j < len(toks) && j <= k+5 && toks[j].sent == toks[k].sent; j++ {
		if recordNouns[toks[j].raw] {
			return true
		}
		if toks[j].clause {
			return false
		}
	}
	return false
}

// minPassWords is the fewest words an answer needs to pass; the
// shortest passing answer of the labelled writers has 45 words, and the
// issue's own concise examples some 20 ("Each grant carries a token that
// only goes up, ..."). A line of a few words ("Correctness needs fencing
// or a consensus-backed service.") names the answer without making it.
const minPassWords = 15

// maxOutlineWords: a single sentence shorter than this that chains its
// steps with "then" ("To debug two holders, check durations against the
// TTL and for pauses, then release semantics, then failovers, then
// whether fencing exists.") is an outline: it names the steps without
// saying what any of them finds (QA-9 Q9-13).
const maxOutlineWords = 30

// capOutline keeps a one-line outline or a line of a few words below the
// pass mark, with a note saying why. Its points stay ticked.
func capOutline(d *doc, r *Result) {
	if r.Score < PassMark || !outlineOnly(d) {
		return
	}
	r.Score = PassMark - 0.01
	r.Notes = append(r.Notes, outlineNote)
}

// outlineNote is the note an answer capOutline holds below the pass mark gets.
const outlineNote = "This answer is an outline in one line: it names what to cover without explaining it, so it cannot pass. Say what each step finds or prevents, and why, as you would in the interview."

// outlineOnly reports an answer capOutline keeps below the pass mark.
func outlineOnly(d *doc) bool {
	words, thens := 0, 0
	for ti := range d.toks {
		t := &d.toks[ti]
		if !t.code {
			words++
		}
		if t.raw == "then" {
			thens++
		}
	}
	return !(words >= minPassWords && !(len(d.sents) == 1 && words < maxOutlineWords && thens >= 2))
}

// contrastNot returns the "not" of a contrast (", not B", "— not B") that
// follows token end-1 in its own clause, or -1: no clause starts between
// them but the contrast itself. "not just/only/merely B" adds rather than
// denies (see markRestatedDenials).
func contrastNot(d *doc, end int) int {
	toks := d.toks
	if end <= 0 || end >= len(toks) {
		return -1
	}
	sent := toks[end-1].sent
	for k := end; k+1 < len(toks) && toks[k].sent == sent; k++ {
		if toks[k].raw != "not" {
			if toks[k].clause {
				return -1
			}
			continue
		}
		if !strings.ContainsAny(d.text[toks[k-1].end:toks[k].start], ",—–") || toks[k+1].sent != sent {
			return -1
		}
		switch toks[k+1].raw {
		case "just", "only", "merely", "simply", "even", "necessarily", "always", "quite":
			return -1
		}
		return k
	}
	return -1
}

// narrowedByContrast reports a red flag's match whose clause goes on to
// deny, in a contrast, the very word a part of it matched, said of what
// the flag's claim is about: "WAIT is synchronous acknowledgement, not
// synchronous replication with consensus" uses "synchronous" of the
// acknowledgement and denies it of the replication the flag's label
// names ("Claims WAIT makes Redis replication synchronous"), so the
// flag's word is not its claim. Three things must hold: every word of
// the clause that the part could read comes back in the denied phrase
// (the distinction lies in words the pattern does not read: "cover the
// database write, not the database read" keeps "write", a word of the
// part, and stays the claim); the denied phrase adds a word of the
// label (it denies what the flag needs); and no word between the match
// and the contrast is one ("WAIT is synchronous replication, not
// synchronous acknowledgement" claims the label's replication). "WAIT
// makes the write synchronous, not async" denies another word and stays
// the claim.
func narrowedByContrast(d *doc, c *evalCtx, f *RedFlag, m match) bool {
	p := c.pattern
	toks := d.toks
	var label map[string]bool // the stems of the label's words, read when needed
	for k, s := range m.spans {
		if k >= len(p.either) || p.either[k] {
			continue
		}
		not := contrastNot(d, s[1])
		if not < 0 {
			continue
		}
		sn := d.sents[toks[not].sent]
		// the denied phrase: the words of "not B" up to the end of its
		// clause, and its head, the first of them past the function
		// words ("not a synchronous replication")
		end := not + 1
		for end < sn.to && !toks[end].clause {
			end++
		}
		head := not + 1
		for head < end && toks[head].fn {
			head++
		}
		if head >= end || toks[head].wordForms == nil {
			continue
		}
		first := c.partFirsts(k)
		if !first.has(head) || c.elemEnds(k, p.parts[k], head, end) == 0 {
			continue
		}
		// the clause of the match, up to the contrast
		lo := s[0]
		for lo > sn.from && !toks[lo].clause {
			lo--
		}
		inDenied := func(x int) bool {
			for y := not + 1; y < end; y++ {
				if toks[y].wordForms != nil && toks[y].stem == toks[x].stem {
					return true
				}
			}
			return false
		}
		shared, all := false, true
		for x := first.next(lo, not); x >= 0; x = first.next(x+1, not) {
			if c.elemEnds(k, p.parts[k], x, not) == 0 {
				continue
			}
			again := inDenied(x)
			shared = shared || again
			all = all && again
		}
		if !shared || !all {
			continue
		}
		if label == nil {
			label = map[string]bool{}
			for _, w := range strings.FieldsFunc(strings.ToLower(f.Label), func(r rune) bool { return !isWordRune(r) && r != '\'' }) {
				if !isFunction(w) {
					label[stem(w)] = true
				}
			}
		}
		own := false // a word of the label narrows the match itself
		for x := s[1]; x < not && !own; x++ {
			own = !toks[x].fn && label[toks[x].stem]
		}
		if own {
			continue
		}
		for y := head; y < end; y++ {
			if !toks[y].fn && toks[y].wordForms != nil && label[toks[y].stem] && !inClause(d, lo, not, toks[y].stem) {
				return true
			}
		}
	}
	return false
}

// inClause reports whether a word of stem st stands in toks[from:to].
func inClause(d *doc, from, to int, st string) bool {
	for x := from; x < to; x++ {
		if d.toks[x].stem == st {
			return true
		}
	}
	return false
}

// oneOfRestrictors, before "one of", restrict what follows to one of its
// members: "only one of the two", "exactly one of them".
var oneOfRestrictors = setOf(`only just exactly`)

// oneOfStops end the group after "one of": a verb or a pronoun that opens
// what is said of the one ("only one of the two that we can make atomic").
var oneOfStops = setOf(`that which who whom we i you it they can could is are was were will would
may might must should does do did has have had`)

// markOneOf sets aside the group named after "only one of", "exactly one
// of": "Postgres is the only one of the two that we can make atomic" says
// the two cannot both be, so a red flag cannot read "the two" as the
// pair its claim makes atomic. The group is a pronoun, a determiner with
// its noun ("the two systems"), or names joined by "and" ("PostgreSQL
// and Kafka"); what is said of the one is left alone. Set aside, not
// refuted: the key points and the second reader read these words as
// before.
func markOneOf(d *doc) {
	toks := d.toks
	for k := 1; k+2 < len(toks); k++ {
		if toks[k].raw != "one" || toks[k+1].raw != "of" || !oneOfRestrictors[toks[k-1].raw] || toks[k+1].sent != toks[k].sent {
			continue
		}
		content := false
		for j := k + 2; j < len(toks) && j <= k+7 && toks[j].sent == toks[k].sent; j++ {
			t := &toks[j]
			if t.clause && j > k+2 || oneOfStops[t.raw] && j > k+2 {
				break
			}
			if content && t.raw != "and" && t.raw != "or" && !toks[j-1].fn {
				// a second content word in a row ends the group unless
				// the first was a number ("the two systems")
				if toks[j-1].raw != "two" && toks[j-1].raw != "both" {
					break
				}
			}
			t.setAside = true
			if t.raw == "them" || t.raw == "these" || t.raw == "those" {
				break
			}
			content = !t.fn
		}
	}
}
