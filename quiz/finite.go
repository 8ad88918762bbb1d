package quiz

import "strings"

// An interviewer hears a claim in what something does: "the storage
// rejects the lower token", "the lease expired", "use a fencing token".
// A run of noun phrases ("the lease with a TTL, and the token per grant",
// "mechanism = token per grant", "retry with backoff / lease with TTL")
// names things, however many prepositions and quantifiers hold each one
// together: no word in it says what anything does. finiteVerb tells the
// two apart with closed lists and a list of the verbs answers here use,
// not a tagger: a word counts as a verb only where its place in the
// clause leaves no other reading open.

// finiteAux are auxiliaries, modals and verbs among the function words
// that are finite on their own ("is", "must", "gets", "kept").
var finiteAux = setOf(`is are was were am do does did has have had can could will would
shall should may might must cannot it's that's there's here's what's who's he's she's
gets got makes made uses used takes took gives gave keeps kept lets goes went comes came knows knew`)

// clauseSubjects open a clause whose next word is its verb ("we fence",
// "you retry"), whatever that verb is.
var clauseSubjects = setOf(`i we you they he she`)

// relativeSubjects stand for a noun already named ("it leans on timing",
// "which means ...").
var relativeSubjects = setOf(`it that which who`)

// pastSubjects are pronouns that stand only as a subject before a verb
// ("someone deleted it", "it expired"), never as a determiner.
var pastSubjects = setOf(`i we you they he she it who someone somebody nobody everyone everybody anyone anybody`)

// orderLeads may open a clause before its order ("and tell them", "or
// keep the node down", "then check the pauses", "first build a timeline").
var orderLeads = setOf(`and or so but then first also just always never only`)

// particles complete a phrasal verb ("shows up", "dozed off").
var particles = setOf(`up down off out back away`)

// verbBases are verbs that answers on locks, leases and their failures
// use, in their base form: their inflected forms ("rejects", "expired",
// "held") are finite after a subject, their base form as an order at the
// head of a clause ("check the token").
var verbBases = setOf(`abort accept acknowledge acquire act add advance allow answer append
apply arbitrate arrive ask assign assume attach avoid back bail block bounce break bump buy
call cancel cap carry catch cause change charge check claim clean clear close collide commit
compare complete conflict contain continue coordinate copy cost count crash create cut
deduplicate dedupe defer delay delete deliver deny depend derive detect die differ drift drop
elect emit end enforce ensure enqueue evict execute exist expire extend fail fall fence fetch
fight find finish fire fix flag flip flush follow forget form free freeze get give grab grant
guarantee guard halt hand handle hang happen hear help hide hit hold ignore include increase
increment insert issue join keep kill know land last lapse lead learn leave let lie lift limit
lock log look lose make manage mark match mean merge miss move need note notice notify open
order outlive overlap overrun overwrite own pass pause pay persist pick pile poll prevent
proceed process produce promote protect prove publish pull push put queue race raise reach read
picture imagine consider suppose reappear rebuild receive reclaim recover record reduce refresh refuse reject release remain
remember remove renew reorder repeat replace replay replicate reply report request require
reschedule reset resolve respond restart restore resume retry return reuse revoke roll route run
save slew lean build say schedule see seem send serve set show shrink shut sit skip sleep slip slow solve split
stall start stay step stop store succeed suit supply survive suspend swap switch take talk
tell throttle tick time tolerate track trigger trip trust try turn undo unlock update use
validate verify vote wait wake want warn watch win wipe work wrap write yield`)

// nounVerbs are the verbs of verbBases that are as often nouns (or
// adjectives): their -s form ends a list item as a plural ("no external
// locks", "split votes"), and their base form heads a noun phrase as often
// as an order ("retry with backoff", "abort of one transaction").
var nounVerbs = setOf(`abort block call cap catch change charge check claim commit conflict cost count
crash cut delay drop end fence fight fix flag flip form grant guard halt hand hit hold insert issue
land lapse lead lease lie limit lock log look mark match move need note order overlap pause
pick poll process promote queue race record release reply report request reset restart retry
return roll route run save set show slip slow split stall start step stop store switch swap talk
tick time track trigger trip turn undo update vote wait watch work write yield`)

// finiteVerb reports whether toks (a sentence) holds a finite verb: an
// auxiliary or modal, a word after a subject pronoun, an inflected form
// of a verb of verbBases after a word that can be its subject, or such a
// verb's base form heading a clause and followed by its object.
func finiteVerb(toks []token) bool { return finiteAt(toks) >= 0 }

// finiteAt returns the index in toks of its first finite verb, or -1.
func finiteAt(toks []token) int {
	for k := range toks {
		t := &toks[k]
		// (a word in brackets is read as code, but "(expiry is
		// wall-clock based)" is said)
		if t.inert {
			continue
		}
		if finiteAux[t.raw] || strings.HasSuffix(t.raw, "n't") || strings.HasSuffix(t.raw, "'re") || strings.HasSuffix(t.raw, "'ve") || strings.HasSuffix(t.raw, "'ll") || strings.HasSuffix(t.raw, "'d") {
			return k
		}
		next := k+1 < len(toks) && !toks[k+1].clause && !toks[k+1].inert
		if clauseSubjects[t.raw] && next {
			return k
		}
		// "it leans on timing", "which means": after a pronoun, an -s
		// word is a verb, known or not.
		if k > 0 && !t.clause && relativeSubjects[toks[k-1].raw] && !t.fn && strings.HasSuffix(t.raw, "s") && !strings.HasSuffix(t.raw, "ss") {
			return k
		}
		// "someone DEL'ed the key", "it expired": after a pronoun that
		// can only be a subject (not "that" or "which", which also stand
		// before a noun: "that locked row"), an -ed word is a past-tense
		// verb, known or not. Casual answers tell what happened this way.
		if k > 0 && !t.clause && pastSubjects[toks[k-1].raw] && !t.fn && strings.HasSuffix(t.raw, "ed") && !strings.HasSuffix(t.raw, "eed") {
			return k
		}
		// "dozed off", "shows up": a particle after an inflected word
		// makes it a verb, known or not.
		if next && particles[toks[k+1].raw] && !t.fn && (strings.HasSuffix(t.raw, "ed") || strings.HasSuffix(t.raw, "s") && !strings.HasSuffix(t.raw, "ss")) {
			return k
		}
		// A word a colon follows is a label, not a verb ("Use: data in
		// the same DB.", "Release: COMMIT / ROLLBACK"): a spec of such
		// lines names things, item by item (prober PE, g36).
		if k+1 < len(toks) && toks[k+1].brk == ':' {
			continue
		}
		base, inflected := verbOf(t.raw)
		if base == "" {
			continue
		}
		// A verb sharing the subject before it ("..., lost his slot,
		// and shows up") heads its clause.
		if inflected && (t.clause || k > 0 && orderLeads[toks[k-1].raw]) && next && objectAfter(&toks[k+1]) {
			return k
		}
		// (an inflected form before a preposition or a conjunction reads
		// as a plural or a participle as often as a verb: "split votes
		// against", "leader elected by", "holder paused or crashed")
		// At the end of a clause, a noun-verb homograph's -s form is a
		// plural as often ("split votes", "external locks").
		if inflected && k > 0 && !t.clause && subjectBefore(&toks[k-1]) && (next && (!toks[k+1].fn || objectAfter(&toks[k+1]) || (toks[k+1].cls&clsNegator != 0)) || !next && !(nounVerbs[base] && strings.HasSuffix(t.raw, "s"))) {
			return k
		}
		head := k == 0 || t.clause || k == 1 && toks[0].clause && orderLeads[toks[0].raw] || toks[k-1].clause && orderLeads[toks[k-1].raw]
		// A verb that is no noun heads an order whatever follows it
		// ("acquire with SET NX", "extend it"); one that is also a noun
		// ("retry with backoff", "claim of the run") needs its object.
		if !inflected && head && (!nounVerbs[base] || next && (objectAfter(&toks[k+1]) || k == 0 && !toks[k+1].fn)) {
			return k
		}
	}
	return -1
}

// verbOf returns the verb of verbBases raw is a form of, and whether raw
// is inflected (third person or past, not the base or an -ing form).
func verbOf(raw string) (base string, inflected bool) {
	if verbBases[raw] {
		return raw, false
	}
	// (a participle in -en is no finite form: "woken", "taken")
	if l := lemma(raw); l != raw && verbBases[l] && !strings.HasSuffix(raw, "ing") && !strings.HasSuffix(raw, "en") {
		return l, true
	}
	for _, suf := range []struct{ cut, add string }{{"ies", "y"}, {"ied", "y"}, {"es", ""}, {"s", ""}, {"ed", ""}, {"d", ""}} {
		if !strings.HasSuffix(raw, suf.cut) {
			continue
		}
		b := strings.TrimSuffix(raw, suf.cut) + suf.add
		if verbBases[b] {
			return b, true
		}
		// a doubled consonant: "stepped", "dropped"
		if suf.cut == "ed" && len(b) > 2 && b[len(b)-1] == b[len(b)-2] && verbBases[b[:len(b)-1]] {
			return b[:len(b)-1], true
		}
	}
	return "", false
}

// subjectBefore reports whether t can be the subject (or its last word)
// of a verb right after it: a noun-like word or a pronoun, not an
// article, a preposition, a quantifier or a number ("the pauses", "of
// writes", "all locks", "two transfers").
func subjectBefore(t *token) bool {
	switch t.raw {
	case "it", "that", "which", "who", "this", "nothing", "everything", "someone", "something", "anyone", "everyone", "nobody", "none":
		return true
	}
	if t.fn || t.inert {
		return false
	}
	return !strings.ContainsAny(t.raw[:1], "0123456789") && t.raw != "plus"
}

// objectAfter reports whether t opens an object ("check the token",
// "retry it", "set 30000"), rather than a preposition, a conjunction or a
// noun that keep the head a noun ("retry with backoff", "claim of the
// run", "grant committed on a majority").
func objectAfter(t *token) bool {
	switch t.raw {
	case "a", "an", "the", "each", "every", "its", "their", "this", "that", "these", "those", "my", "your", "our", "his", "her", "it", "them", "all", "any", "both", "no", "one":
		return true
	}
	return t.code || t.raw != "" && t.raw[0] >= '0' && t.raw[0] <= '9'
}

// verbless reports whether d is a run of items (four or more, cut by
// sentence ends, commas, semicolons, colons, slashes, "=", arrows,
// symbols or "and") none of whose sentences, questions aside, holds a finite verb:
// the answer names things and says nothing of what they do. A short
// answer of one or two phrases is left to the other tests: the verbs
// finiteVerb knows are not every verb.
func verbless(d *doc) bool {
	if len(d.sents) == 0 || itemCuts(d.text)+len(d.sents)-1 < minVerblessItems-1 {
		return false
	}
	for _, s := range d.sents {
		if finiteVerb(d.toks[s.from:s.to]) && (!s.question || s.to-s.from >= verblessQuestionWords) {
			return false
		}
	}
	return true
}

// verblessQuestionWords is the fewest words a question with a finite
// verb needs to count as a sentence of speech for verbless: "did the
// lease expire while the worker was still writing?" asks what a
// debugging answer checks, where a keyword list's "who checks it?" is an
// item.
const verblessQuestionWords = 6

// minVerblessItems is the fewest items a verbless answer needs to read as
// a list.
const minVerblessItems = 4

// itemCuts counts the marks in s that cut a list's items within a
// sentence.
func itemCuts(s string) int {
	n := strings.Count(s, ",") + strings.Count(s, ";") + strings.Count(s, ":") + strings.Count(s, "=") + strings.Count(s, "/") + strings.Count(s, "→") + strings.Count(s, "⇒") + strings.Count(s, "∧") + strings.Count(s, "&&") + strings.Count(s, " + ") + strings.Count(s, " and ") + strings.Count(s, " • ") + strings.Count(s, " · ")
	// ("=>", "->" and "==" are counted once, by their "=" or not at all)
	return n + strings.Count(s, "->") - strings.Count(s, "==")
}

// A line of notes links its terms with symbols ("TTL = recovery delay vs
// false expiry", "renew @ TTL/3", "Lua: GET == token → PEXPIRE", "SET NX
// PX + random token"): `=`, `==`, arrows, `@`, `+`, `>` and "vs" say that
// two things go together, not what either does. A sentence whose terms
// are tied mostly that way is a run of terms however long it is, though a
// word in it may read as a verb ("GC pause freezes watchdog"): it states
// no claim, and an answer of such lines is a list (writer EN, g37). A
// sentence of speech that uses a symbol or two ("I renew @ TTL/3 and the
// job aborts when a renewal fails", "TTL = how long we accept waiting
// after a crash, so I pick 30 s") ties its terms with its verbs.

// minSymbolLinks is the fewest symbol links that make a sentence a line
// of linked terms, when they outnumber its clauses twice over.
const minSymbolLinks = 3

// symbolLinks are the symbols that tie two terms when spaced on both
// sides: "renew @ TTL/3", "GET == token → PEXPIRE". Unspaced, they are
// part of a term ("A→B", "SETNX+EXPIRE", "id=?", "@Version", "<random>").
var symbolLinks = setOf(`= == != → -> => ⇒ @ + > < >= <=`)

// Dashes cut a line of notes into its fragments as the symbols do
// ("renewal -- TTL/3 -- Lua: GET == token then PEXPIRE -- fencing",
// "heartbeat — every third of the TTL — abort when lost"): a sentence cut
// by three or more dashes, most of whose fragments hold no clause, names
// things one after another and says what none of them does (writer EQ,
// g38d). Prose uses a dash or two to set off an aside ("the lease —
// thirty seconds — runs out; then the holder must stop"), and a sentence
// of speech with more holds a clause in most of its pieces ("we renew
// early — at a third of the TTL — and if a renewal fails — the script
// returns 0 — the worker stops").
var dashLinks = setOf(`- -- — –`)

// symbolLinked reports whether toks, a sentence of text, ties its terms
// with symbols more than with verbs or commas: minSymbolLinks or more
// spaced symbol links (symbolLinks, "vs") outside backticks and brackets,
// at least half as many as its commas, semicolons and colons (a list of rules cut by
// semicolons, "delayed restart > max TTL; ...; majority + validity = TTL −
// elapsed", is a list the other tests weigh), and fewer than half as many
// pieces (cut by all of these) that hold a clause (see linkedClause).
func symbolLinked(text string, toks []token) bool {
	// A sentence that opens as a clause ("The claim runs UPDATE jobs SET
	// fence = fence + 1 WHERE id = 7", "I renew @ TTL/3 ...") says what
	// its formula does.
	if len(toks) < 2*minSymbolLinks {
		return false
	}
	// Most sentences have no spaced symbol or dash at all: count the
	// links they could have (spaced dashes too, which symbolCuts counts),
	// backticks and brackets aside, before reading the text
	// before the sentence for those (a scan of the answer so far, per
	// sentence) and the sentence for a clause.
	possible := 0
	for k := 0; k < len(toks) && possible < minSymbolLinks; k++ {
		if k > 0 {
			gap := text[toks[k-1].end:toks[k].start]
			if len(gap) >= 3 && gap[0] == ' ' && gap[len(gap)-1] == ' ' && (symbolLinks[strings.TrimSpace(gap)] || dashLinks[strings.TrimSpace(gap)]) {
				possible++
			}
		}
		if toks[k].raw == "vs" || toks[k].raw == "versus" {
			possible++
		}
	}
	if possible < minSymbolLinks || subjectClause(toks) || clauseSubjects[toks[0].raw] && finiteAt(toks[:2]) == 0 {
		return false
	}
	// The pieces between links and cuts are kept and read for a clause
	// (linkedClause, the costly part) only once the links are enough:
	// most sentences have none.
	links, dashes, cuts, pieces := symbolCuts(text, toks, true)
	if links < minSymbolLinks {
		return false
	}
	// Dashes cut the line only where they are its main cuts, more than
	// its commas, semicolons and colons: in "validity = ttl - elapsed -
	// drift, release on all 5, ..." they are minus signs, and in "restart
	// without fsync — use appendfsync always; clock steps — use slewing
	// NTP; ..." each sets off the remedy of an item the semicolons cut.
	if dashes > 0 && dashes <= cuts {
		links, _, cuts, pieces = symbolCuts(text, toks, false)
	}
	if links < minSymbolLinks || 2*links < cuts {
		return false
	}
	said := 0
	for _, p := range pieces {
		if linkedClause(unhyphenated(text, toks[p[0]:p[1]])) {
			said++
		}
	}
	return 2*said < links
}

// symbolCuts returns the symbol links of toks, a sentence of text (with
// its spaced dashes among them when withDashes is set), how many of those
// are dashes, its other cuts (commas, semicolons, colons) and the pieces
// they all cut it into.
func symbolCuts(text string, toks []token, withDashes bool) (links, dashes, cuts int, pieces [][2]int) {
	from := 0
	piece := func(to int) {
		pieces = append(pieces, [2]int{from, to})
		from = to
	}
	// code and depth: inside backticks or brackets, where a symbol is
	// part of a snippet or of an aside
	code, depth := strings.Count(text[:toks[0].start], "`")%2 == 1, 0
	for _, r := range text[:toks[0].start] {
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			depth = max(0, depth-1)
		}
	}
	for k := 0; k < len(toks); k++ {
		if k > 0 {
			gap := text[toks[k-1].end:toks[k].start]
			for _, r := range gap {
				switch r {
				case '`':
					code = !code
				case '(', '[':
					depth++
				case ')', ']':
					depth = max(0, depth-1)
				}
			}
			sym := strings.TrimSpace(gap)
			if spaced := strings.HasPrefix(gap, " ") && strings.HasSuffix(gap, " ") && !code && depth == 0; spaced && symbolLinks[sym] {
				links++
				piece(k)
			} else if spaced && withDashes && dashLinks[sym] {
				links++
				dashes++
				piece(k)
			} else if toks[k].clause && strings.ContainsRune(",;:", toks[k].brk) {
				cuts++
				piece(k)
			}
		}
		if t := &toks[k]; (t.raw == "vs" || t.raw == "versus") && !code && depth == 0 {
			links++
			piece(k)
			from = k + 1
		}
	}
	piece(len(toks))
	return links, dashes, cuts, pieces
}

// unhyphenated returns p, a piece of a line of notes, with the second
// half of each hyphenated compound marked inert: "owner-checked PEXPIRE",
// "lease-based lock", "time-boxed renewal" are modifiers, and the
// participle after the hyphen is no verb of the piece. p is copied when
// it holds one.
func unhyphenated(text string, p []token) []token {
	var out []token
	for k := 1; k < len(p); k++ {
		if text[p[k-1].end:p[k].start] != "-" || p[k].inert {
			continue
		}
		if out == nil {
			out = append([]token(nil), p...)
		}
		out[k].inert = true
	}
	if out == nil {
		return p
	}
	return out
}

// linkedClause reports whether p, a piece of a line of linked terms,
// holds a clause: a finite verb (see finiteAt), or a plural subject with
// its verb ("clients use random values"). Among terms, a verb's base form
// at the head of a piece is an order only with its object after it
// ("keep a crashed node out", "SET NX PX"): otherwise it names the act,
// or opens a compound ("renew" before "@ TTL/3", "drift margin",
// "compare-and-pexpire monotonic clock").
func linkedClause(p []token) bool {
	if len(p) < 2 {
		return false
	}
	if pluralClause(p) {
		return true
	}
	for rest := p; len(rest) >= 2; {
		at := finiteAt(rest)
		if at < 0 {
			return false
		}
		head := at == 0 || rest[at].clause || orderLeads[rest[at-1].raw]
		if !(verbBases[rest[at].raw] && head) || at+1 < len(rest) && objectAfter(&rest[at+1]) {
			return true
		}
		rest = rest[at+1:]
	}
	return false
}
