package quiz

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// token is one word of an answer.
type token struct {
	raw        string // lowercased, apostrophes normalised
	*wordForms        // stem, lemma, and the word sets it belongs to
	// cls is wordForms.cls, copied (g21t): it shadows the embedded field,
	// so the passes' bit tests read the token they walk instead of
	// following a pointer per token into the shared word cache.
	cls        wordClass
	start, end int // byte offsets into the original text
	sent       int // index of its sentence
	negBy      int // index of the negator whose scope covers it, or -1
	quote      int // the double-quoted run it is in (from 1), or 0
	// definedBy is, from 1, the index of the failure's name that a
	// definition marked this word refuted for ("the herd effect is when
	// ..."), when nothing else refutes it; 0 otherwise. A red flag that
	// takes that name into its match claims the definition itself (see
	// claimedDefinition).
	definedBy int
	// flagNegBy is, from 1, the index of a denial only the red flags read
	// that covers this word ("hardly", "fails to": see markFlagNegation);
	// 0 otherwise.
	flagNegBy int32
	brk       rune // what started its clause: punctuation, '"' for a quote, 0 for none or a word
	// (the flags below are kept together, after the wider fields, so a
	// token packs into fewer bytes: the passes over an answer walk every
	// token many times)
	clause  bool // a clause starts at this token
	fn      bool // a function word (article, auxiliary, pronoun, ...)
	code    bool // code or a quoted term: neutral when judging prose
	refuted bool // inside a claim the sentence rejects ("it is a myth that ...")
	hypo    bool // inside an if-clause: a condition, not a claim by itself
	// approvedCond marks an if-clause whose main clause only approves it
	// ("if you check it before every write, you're covered"): a step
	// recommended, which the red flags read as claimed; the second reader
	// and the key points still read the condition (hypo).
	approvedCond bool
	// flagHypo marks a measure told with its limit ("..., which only
	// narrows the window"): a condition for the red flags alone, so the
	// second reader, trained before, reads it as before (see
	// limitedMeasure).
	flagHypo bool
	probe    bool // inside a diagnosis probe ("look for ...", "rule out ...")
	dismiss  bool // in a dismissal ("not a big concern"): minimises, does not refute
	needless bool // said not to be needed ("X is not needed", "no need for X"): see markNeedless
	setAside bool // named, then set aside by the reading rules of grader g15: red flags skip it, the second reader reads it as before
	// endorsed marks refuted words the speaker claims after all: a
	// quotation they then endorse ("my colleague said "X", and he's
	// right"), a "don't bother with X" (see markEndorsedQuotes,
	// markDismissiveImperatives). The red flags and the key points read
	// them as claimed; the second reader, trained before, still reads
	// them as refuted.
	endorsed bool
	// readerRefuted marks a word that a g15 rule claims again (after a
	// header waving its failure off, or a consequence drawn after a
	// rejecting cleft) but that the second reader, trained before those
	// rules and frozen until it is retrained, still reads as refuted: its
	// features stay the ones its model was trained on. A g16 rule does the
	// same for a numbered item after a negated lead-in (markNegated).
	readerRefuted bool
	// readerProbe marks, in the same way, a word that a g16 rule claims
	// again (a "check" list that goes on to adjust a setting: see
	// adjustsSetting) but that the second reader still reads as probed.
	readerProbe bool
	// readerHypo marks, in the same way, a word that a g40 rule takes out
	// of a condition written without its comma (mainAfterDoneCondition)
	// but that the second reader still reads as hypothetical.
	readerHypo bool
	// inert marks a word that glues no clause: a function word inside a
	// hyphenated compound, or a discourse marker (see markInert).
	inert bool
}

// sentence is a run of tokens ended by . ! ? or a line break.
type sentence struct {
	from, to int  // token range [from, to)
	prose    bool // reads as prose, not a fragment or keyword list
	// readerProse is prose as judged before grader g17 read inert words
	// and chains of spaced slashes: the second reader, trained on that
	// judgement and frozen until it is retrained, still reads it.
	readerProse bool
	claim       bool // prose, or a short sentence that still says something
	question    bool // ends with a question mark: asks, does not claim
	// rhetorical marks a question that claims by asking ("why would you
	// need fencing when etcd already guarantees one holder?"): the red
	// flags read it (see markRhetorical).
	rhetorical bool
	dressed    bool // one of several opened by "it is", "there is", ...: a list item in disguise
	// linked marks terms tied by symbols rather than verbs ("renew @
	// TTL/3 Lua: GET == token → PEXPIRE", see symbolLinked): a line of
	// notes that earns no credit, while the red flags still read what it
	// claims ("release = DEL key when done").
	linked bool
}

// credits reports whether a key point matched in s is credited: s makes a
// claim and is not a list item, dressed as a sentence or tied by symbols.
func (s sentence) credits() bool { return s.claim && !s.dressed && !s.linked }

// doc is an analysed answer.
type doc struct {
	// cls is the union of its tokens' word classes (g21t): a pass whose
	// words are all of one class skips an answer without it.
	cls       wordClass
	text      string
	toks      []token
	sents     []sentence
	ix        *docIndex             // built on first use by a pattern
	evals     map[*Pattern]*evalCtx // per pattern caches
	leafBits  map[string]bitset     // tokens of each word set, by its key
	lex       *lexicon              // the bank's word sets, marked on the tokens (or nil)
	lexLeaves []bitset              // by gid: the tokens of each of lex's word sets
	slab      []uint64              // backing store of lexLeaves, reused
	slabUsed  int                   // words of slab handed out (see newLeaf)
	ctxSlab   []evalCtx             // backing store of lexEvals' caches, reused
	bitsSlab  []bitset              // backing store of their part caches, reused
	lexEvals  []*evalCtx            // by pid: the caches of lex's patterns
	lexSents  []uint64              // by gid: the sentences of each word set, see gidSents
	scratch   []uint64              // backing store of scratchBits, reused
	scratchN  int                   // words of scratch handed out
	wordBuf   []byte                // a word being lowercased, reused
	rel       *relevance            // the word sets lex marked, or nil for all (see markFor)
	lexExtra  []uint64              // by gid: the word sets marked since, see markMissing
	lexSet    []int32               // the gids whose lexLeaves or lexSents entries are set, reset by markFor
	lines     []int                 // by sentence: where its line starts (see lineOf)
	mentions  bool                  // read for what it mentions (Pattern.Matches): a dismissal still mentions
	find      findScratch           // findAs's candidates, reused from sentence to sentence
	spanSlab  [][2]int              // backing store of the matches' spans (findIn), reused

	// deadCtx are the caches every pattern dead in the answer shares
	// (index 1: its sentence mask known, 0; see evalFor): nothing of a
	// dead pattern's cache but dead and its mask is ever read.
	deadCtx [2]evalCtx
}

// functionWords are the small closed-class words whose share tells prose
// from a list of terms: real sentences are glued with them, keyword dumps
// are not. The negative pronouns (nobody, nothing, none) glue a clause as
// their positive twins (anybody, something) do: "doing it twice hurts
// nobody" is a sentence (g19); they are negators as well.
var functionWords = setOf(`a an the this that these those it its it's they them their there
is are was were be been being am do does did done has have had having can could will would
shall should may might must to of in on at by for with from into onto over under about as
than then so if when while because since until after before and or but nor not no never
i you we he she me us my your our his her who whom whose which what where why how
all any each every some only also just very too more most less even still yet both either
neither such own same other another again once here now whether within without per via
out up off down through between against across among like during already always often
usually get gets got make makes made use uses used take takes took give gives gave keep
keeps kept let lets going goes went come comes see know knows
anyone anybody everyone everybody someone somebody anything something everything one ones
nobody nothing none noone
whoever whatever whichever`)

// negators open a negation scope over the rest of their clause.
var negators = setOf(`not no never without nothing nobody noone none neither nor cannot cant dont doesnt
isnt arent wasnt werent wont wouldnt shouldnt couldnt mustnt didnt hasnt havent hadnt
avoid avoids avoiding lacks lack lacking instead rather resist resists resisting`)

// critics judge what they are said of: "a plain DEL is wrong" negates the
// DEL as surely as "never use a plain DEL".
var critics = setOf(`wrong unsafe broken dangerous incorrect bug buggy mistake flawed naive
bad worse insufficient inadequate useless pointless blunder risky racy careless liability hazard footgun pitfall
antipattern misguided unsound fragile brittle misleading overstates overstate overstated overstating
oversells oversell oversold overselling overclaims overclaim exaggerates exaggerate exaggerated`)

// auxiliaries before "not"/"never" make the negation reach back to the
// subject: in "fencing is not needed" fencing is what is negated.
var auxiliaries = setOf(`is are was were be do does did can could will would should must may
might has have had`)

// clauseWords start a new clause, which ends a negation scope.
var clauseWords = setOf(`but because so although though whereas while since unless which who
whose that where when if otherwise however yet whereby i i'd i'll i'm we'd we'll`)

// thatDeterminerAfter are the words after which "that" is a determiner.
var thatDeterminerAfter = setOf(`give gives gave giving provide provides offer offers make makes
get gets have has do does with of for on in from by at about solve solves fix fixes`)

// objectPronouns may stand between such a verb and "that": "give you
// that guarantee".
var objectPronouns = setOf(`you me us them him her`)

// afterAnd lists words that, following "and", start a clause of their own
// ("never use DEL and always check the token").
var afterAnd = setOf(`always also then instead use check compare i you we they it the this
so only never not doesn't don't can't cannot won't isn't`)

// andSubjectAux are the verbs that, two words after "and", show that the
// word between them is the subject of a new clause.
var andSubjectAux = setOf(`is are was were must should will has have`)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

const (
	negForward  = 8 // tokens a negation reaches forward
	negBackward = 4 // tokens an auxiliary negation reaches back
)

// analyse tokenises, stems, splits and marks negation scopes. Its callers
// read the content's own texts (pattern alternatives while the question
// bank compiles, and tests), whose few thousand words repeat across
// patterns and questions, so their forms are remembered in patternWords
// (bounded like any wordCache); stemming them again was a fifth of a cold
// start.
func analyse(text string) *doc { return analyseWith(text, patternWords) }

// patternWords caches the word forms of the texts analyse reads.
var patternWords = &wordCache{}

// analyseWith is analyse with a cache of word forms shared between answers
// (nil for none): stemming is most of the cost of reading an answer.
func analyseWith(text string, words *wordCache) *doc {
	return analyseInto(&doc{toks: make([]token, 0, len(text)/5+1)}, text, words)
}

// analyseInto is analyseWith into a doc whose buffers are reused (a Bank
// keeps a pool of them): d's previous content is discarded.
func analyseInto(d *doc, text string, words *wordCache) *doc {
	*d = doc{text: text, toks: d.toks[:0], sents: d.sents[:0], lexLeaves: d.lexLeaves[:0], lexEvals: d.lexEvals[:0], slab: d.slab, ctxSlab: d.ctxSlab[:0], bitsSlab: d.bitsSlab[:0], lexSents: d.lexSents, lexSet: d.lexSet, lines: d.lines[:0], scratch: d.scratch, wordBuf: d.wordBuf, spanSlab: d.spanSlab[:0]}
	var stems map[string]*wordForms // without a shared cache: words repeat within an answer too
	if words == nil {
		stems = map[string]*wordForms{}
	}
	sent := 0
	sentHasTok := false
	asks := map[int]bool{}       // sentences (by raw index) ended by '?'
	depth := 0                   // open ( and [
	quoted := false              // inside backticks (code)
	quoteID, inQuote := 0, false // the current double-quoted run
	singleID := 0                // the current single-quoted run, or 0
	closed := map[int]bool{}     // double-quoted runs that were closed
	brk := '\n'                  // what caused the pending clause break
	clauseNext := true
	prevRaw := ""
	for i := 0; i < len(text); {
		if text[i] == ' ' {
			// What no case below looks at: most of what is not a word.
			i++
			continue
		}
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		switch {
		case isWordRune(r):
			start := i
			// b holds the lowercased word when it is not simple; its
			// buffer is the doc's, reused from word to word.
			b := d.wordBuf[:0]
			simple := true  // ASCII lowercase letters and digits: raw is the text itself
			digits := false // a simple word with a digit or '_': code (see looksLikeCode)
			for i < len(text) {
				if simple {
					// The loop below, for the bytes of a simple word, in
					// a loop of its own.
					for i < len(text) && plainWordByte[text[i]] {
						if text[i] < 'a' {
							digits = true
						}
						i++
					}
					if i >= len(text) {
						break
					}
				}
				if r, size = rune(text[i]), 1; r >= utf8.RuneSelf {
					r, size = utf8.DecodeRuneInString(text[i:])
				}
				if isWordRune(r) {
					if simple && !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
						simple = false
						b = append(b, text[start:i]...)
					}
					if !simple {
						b = utf8.AppendRune(b, unicode.ToLower(r))
					} else if r < 'a' {
						digits = true
					}
					i += size
					continue
				}
				// "re-claim", "re-send", "re-run" are one word, as written
				// without the hyphen: a hyphen after a bare "re" joins.
				if r == '-' && i-start == 2 && strings.EqualFold(text[start:i], "re") && i+1 < len(text) {
					if n, _ := utf8.DecodeRuneInString(text[i+1:]); unicode.IsLetter(n) {
						if simple {
							simple = false
							b = append(b, strings.ToLower(text[start:i])...)
						}
						i++
						continue
					}
				}
				if isApostrophe(r) && i+size < len(text) {
					n, _ := utf8.DecodeRuneInString(text[i+size:])
					if unicode.IsLetter(n) {
						if simple {
							simple = false
							b = append(b, text[start:i]...)
						}
						b = append(b, '\'')
						i += size
						continue
					}
				}
				break
			}
			d.wordBuf = b
			raw := text[start:i]
			var w *wordForms
			if !simple && words != nil {
				// A word met before is looked up without a string made
				// of it.
				raw, w = words.formsBytes(b)
			} else if !simple {
				raw = string(b)
			}
			q := 0
			if inQuote {
				q = quoteID
			} else if singleID > 0 {
				q = singleID
			}
			if w == nil {
				if words != nil {
					w = words.forms(raw)
				} else if f, ok := stems[raw]; ok {
					w = f
				} else {
					w = formsOf(raw, nil)
					stems[raw] = w
				}
			}
			// The token is zeroed in place and its fields set there: a
			// composite literal appended is built aside, then copied.
			d.toks = append(d.toks, token{})
			t := &d.toks[len(d.toks)-1]
			// "the keys with the least time left", "seconds left": a
			// participle after an amount is "remaining", not the verb
			// "leave" its lemma would make it ("leaves the keys alone")
			// (grader g37c).
			if !clauseNext && raw == "left" && amountsLeft[prevRaw] {
				w = words.bare(raw)
			}
			t.raw, t.wordForms, t.cls, t.start, t.end, t.sent, t.clause, t.negBy, t.fn = raw, w, w.cls, start, i, sent, clauseNext, -1, w.cls&clsFunction != 0
			t.code, t.quote = depth > 0 || quoted || inQuote || (simple && digits || !simple && looksLikeCode(text[start:i])), q
			d.cls |= w.cls
			if clauseNext {
				t.brk = brk
			}
			clauseNext = false
			sentHasTok = true
			prevRaw = raw
			continue
		case r == '\n':
			if sentHasTok {
				sent++
				sentHasTok = false
			}
			clauseNext, brk = true, '\n'
			depth, quoted, inQuote, singleID = 0, false, false, 0
		case isApostrophe(r) && !quoted && !inQuote:
			// Single quotes quote as double quotes do ("the wrong fix I
			// hear is 'lock source first'"): one opens at the start of a
			// word and closes at the end of one. An apostrophe inside a
			// word (don't) never gets here; a trailing one outside a
			// quotation (the workers' logs) is neither.
			prevSpace := i == 0 || strings.ContainsRune(" \t\n\r([{:—", rune(text[i-1]))
			next := rune(' ')
			if i+size < len(text) {
				next, _ = utf8.DecodeRuneInString(text[i+size:])
			}
			switch {
			case singleID == 0 && prevSpace && (unicode.IsLetter(next) || unicode.IsDigit(next) || next == '`' || next == '@' || next == '$'):
				quoteID++
				singleID = quoteID
				clauseNext, brk = true, quoteBreak(clauseNext, brk)
			case singleID > 0 && !prevSpace && !unicode.IsLetter(next) && !unicode.IsDigit(next):
				closed[singleID] = true
				singleID = 0
				clauseNext, brk = true, quoteBreak(clauseNext, brk)
			}
		case (r == '!' && i+1 < len(text) && text[i+1] == '=' || r == '≠') && !quoted && !inQuote && depth == 0:
			// "lock != exactly once": the operator between words says
			// "is not", and negates what follows as "not" would.
			w := formsOf("not", nil)
			if words != nil {
				w = words.forms("not")
			}
			end := i + size
			if r == '!' {
				end++
			}
			d.toks = append(d.toks, token{raw: "not", wordForms: w, cls: w.cls, start: i, end: end, sent: sent, clause: clauseNext, negBy: -1, fn: true})
			d.cls |= w.cls
			if clauseNext {
				d.toks[len(d.toks)-1].brk = brk
			}
			clauseNext = false
			sentHasTok = true
			prevRaw = "not"
			i = end
			continue
		case r == '?' && (quoted || i > 0 && (text[i-1] == '=' || text[i-1] == '(' || text[i-1] == ',' || text[i-1] == '$')):
			// A placeholder in SQL ("WHERE id=? AND version=?") or in
			// code neither ends a sentence nor asks anything.
		case (r == '?' || r == '!') && inQuote && quoteGoesOn(text, i+size):
			// A question or exclamation quoted inside a sentence that
			// goes on after the quote ('any follower can answer "who
			// holds lock X?" from its local state') ends nothing and asks
			// nothing: the sentence around it is the claim.
		case r == '.' || r == '!' || r == '?':
			next := byte(' ')
			if i+size < len(text) {
				next = text[i+size]
			}
			if next == '*' || next == '_' {
				// Markdown emphasis closed right after the stop ends a
				// sentence of its own ("**Prefer a short TTL with renewal
				// over a huge TTL.** E.g. ...") as the stop would: look
				// past the marks. A short bolded label ("**A gatekeeper.**
				// Route every call ...", "**Requirements first.**") heads
				// the sentence after it, as a heading before a colon does.
				n := 0
				for k := len(d.toks) - 1; k >= 0 && d.toks[k].sent == sent; k-- {
					n++
				}
				if n >= minEmphasisSentence {
					k := i + size
					for k < len(text) && (text[k] == '*' || text[k] == '_') {
						k++
					}
					next = ' '
					if k < len(text) {
						next = text[k]
					}
				}
			}
			abbrev := len(prevRaw) == 1 || prevRaw == "etc" || prevRaw == "vs" || prevRaw == "eg" || prevRaw == "ie"
			if n := len(d.toks); len(prevRaw) == 1 && prevRaw[0] >= '0' && prevRaw[0] <= '9' && n > 1 && d.toks[n-2].sent == sent && ratioDigit(text, d.toks[n-1].start) {
				// The divisor of a ratio ends the sentence it closes
				// ("renew at TTL/3. compare-and-extend ..."), as any word
				// would; a line's own number ("1. Acquire ..."), a value
				// ("SETNX lock 1. If ...") or an initial stays no stop.
				abbrev = false
			}
			if n := len(d.toks); len(prevRaw) == 1 && prevRaw[0] >= '0' && prevRaw[0] <= '9' && n > 2 && d.toks[n-2].sent == sent && d.toks[n-2].raw == "of" && d.toks[n-3].sent == sent && isCount(d.toks[n-3].raw) {
				// g21a: a count "k of n" closes its sentence ("both count
				// 3 of 5. Second: ..."), as a word would: it numbers no
				// line.
				abbrev = false
			}
			// An ellipsis elides, mostly inside code ("SELECT ... FOR
			// UPDATE"): it does not end the sentence.
			if r == '.' && i > 0 && text[i-1] == '.' {
				abbrev = true
			}
			if r == '?' && sentHasTok {
				asks[sent] = true
			}
			if (next == ' ' || next == '\n' || next == '\t' || next == '\r' || next == '"' || next == ')') && sentHasTok && !(r == '.' && abbrev) {
				sent++
				sentHasTok = false
				clauseNext, brk = true, r
			}
		case inlineBullet(r) && !clauseNext:
			// A bullet inside a line ("header • client UUID • unique
			// constraint") cuts items as a comma does; one that opens a
			// line is only its list marker.
			clauseNext, brk = true, ','
		case r == ',' || r == ';' || r == ':' || r == '(' || r == ')' || r == '—' || r == '–' || r == '[' || r == ']':
			clauseNext, brk = true, r
			switch r {
			case '(', '[':
				depth++
			case ')', ']':
				if depth > 0 {
					depth--
				}
			}
		case r == '`':
			// Backticks mark code, which is written to be used: a claim
			// inside them still counts.
			clauseNext, brk = true, quoteBreak(clauseNext, brk)
			quoted = !quoted
		case r == '"' || r == '“' || r == '”':
			// Double quotes mention words rather than use them: a red flag
			// matched wholly inside a quotation is not claimed.
			clauseNext, brk = true, quoteBreak(clauseNext, brk)
			open := r == '“' || (r == '"' && !inQuote)
			if r == '”' {
				open = false
			}
			if open && !inQuote {
				quoteID++
			}
			if !open && inQuote {
				closed[quoteID] = true
			}
			inQuote = open
		case r == '-' && i+1 < len(text) && text[i+1] == '>' && !quoted, r == '→' || r == '⇒', r == '=' && i+1 < len(text) && text[i+1] == '>' && !quoted:
			// An arrow chains items ("claim -> heartbeat -> reaper"): it
			// separates them as a comma does.
			clauseNext, brk = true, ','
		case r == '-' && i > 0 && i+1 < len(text) && text[i-1] == ' ' && text[i+1] == ' ',
			r == '-' && i > 0 && i+2 < len(text) && text[i-1] == ' ' && text[i+1] == '-' && text[i+2] == ' ':
			// A spaced hyphen or double hyphen is a typed dash ("the
			// lease -- thirty seconds -- runs out").
			clauseNext, brk = true, '—'
		case r == '=' && !quoted && i > 0 && i+1 < len(text) && text[i-1] == ' ' && text[i+1] == ' ':
			// "new key per retry = no dedupe": an equals sign between
			// words says what one leads to, as an arrow does
			clauseNext, brk = true, '='
		}
		i += size
	}
	// An unclosed quote mark quotes nothing: it must not hide the rest of
	// a line from the red flags.
	for k := range d.toks {
		if t := &d.toks[k]; t.quote > 0 && !closed[t.quote] {
			t.quote = 0
			t.code = looksLikeCode(text[t.start:t.end])
		}
	}
	markInert(d)
	joinQuotedLeads(d, asks)
	// sentences
	for i := 0; i < len(d.toks); {
		j := i
		for j < len(d.toks) && d.toks[j].sent == d.toks[i].sent {
			j++
		}
		question := asks[d.toks[i].sent]
		for k := i; k < j; k++ {
			d.toks[k].sent = len(d.sents)
		}
		segs := 1 + strings.Count(text[d.toks[i].start:d.toks[j-1].end], ",") + strings.Count(text[d.toks[i].start:d.toks[j-1].end], ";") + inlineNumbers(text[d.toks[i].start:d.toks[j-1].end]) + inlineBullets(text[d.toks[i].start:d.toks[j-1].end])
		readerSegs := segs
		// A discourse marker set off by commas ("the lease, you know,
		// expires") is no item of its own.
		segs = max(1, segs-paddingClauses(d.toks[i:j]))
		// A chain of arrows ("same owner twice -> stale write lands; epoch
		// per claim -> guard writes; restart same id; ...") cuts its
		// items as commas would: with two arrows or more, every cut
		// (arrow, dash, slash, colon) counts when judging prose, so a
		// run of short items so cut is no sentence. (One arrow is often
		// speech: "gc pause longer than the ttl -> 2 holders, ...".) Spaced
		// slashes chain items as arrows do ("outbox table / relay / CDC").
		proseSegs := segs
		if sent := text[d.toks[i].start:d.toks[j-1].end]; arrows(sent)+spacedSlashes(sent) >= 2 {
			proseSegs = max(proseSegs, outerSegments(sent))
		}
		prose := isProse(d.toks[i:j], proseSegs, true) || sqlLine(text, d.toks[i].start, d.toks[j-1].end)
		if sent := text[d.toks[i].start:d.toks[j-1].end]; arrows(sent) >= 2 {
			readerSegs = max(readerSegs, outerSegments(sent))
		}
		readerProse := isProse(d.toks[i:j], readerSegs, false)
		// A colon heads a list ("Redis: async replication, failover") as
		// often as a clause, so a terse sentence counts it as a break too.
		terseSegs := segs + strings.Count(text[d.toks[i].start:d.toks[j-1].end], ":")
		// A one- or two-word heading before a colon ("Clocks: nudged by
		// NTP, never jerked.") labels the claim after it rather than
		// standing as an item of its own.
		if c := strings.IndexByte(text[d.toks[i].start:d.toks[j-1].end], ':'); c >= 0 && j-i >= 4 {
			at := d.toks[i].start + c
			if n := i + 1; n < j && d.toks[n].start > at || n+1 < j && d.toks[n].end < at && d.toks[n+1].start > at {
				terseSegs--
			}
		}
		claim := prose || isTerseClaim(text, d.toks[i:j], terseSegs, outerSegments(text[d.toks[i].start:d.toks[j-1].end]), wordSlashes(text[d.toks[i].start:d.toks[j-1].end]) >= 2)
		d.sents = append(d.sents, sentence{from: i, to: j, prose: prose, readerProse: readerProse, claim: claim, question: question, linked: symbolLinked(text, d.toks[i:j])})
		i = j
	}
	markEventNotes(d)
	markDressed(d)
	// clause words and "and <pronoun>"
	for k := range d.toks {
		t := &d.toks[k]
		// "that" after a verb or a preposition is a determiner ("can't
		// give you that guarantee", "with that check"), not the start of
		// a clause.
		if t.cls&clsClause != 0 && !(t.raw == "that" && k > 0 && (thatDeterminerAfter[d.toks[k-1].raw] || k > 1 && objectPronouns[d.toks[k-1].raw] && thatDeterminerAfter[d.toks[k-2].raw])) {
			t.clause = true
		}
		if t.raw == "and" && k+1 < len(d.toks) && d.toks[k+1].cls&clsAfterAnd != 0 {
			t.clause = true
		}
		// "and <noun> <auxiliary>" starts a clause with its own subject:
		// in "it's not consensus and fencing is still needed" the "not"
		// does not reach "needed".
		if t.raw == "and" && k+2 < len(d.toks) && d.toks[k+2].sent == t.sent && andSubjectAux[d.toks[k+2].raw] && !d.toks[k+1].fn {
			t.clause = true
		}
		// "the SET didn't reach a replica and Redis rolls it back": a
		// capitalised name and a verb in -s after "and" start a clause.
		if t.raw == "and" && k+2 < len(d.toks) && d.toks[k+2].sent == t.sent && properThenVerb(d, k+1) {
			t.clause = true
		}
	}
	markNegation(d)
	markInvertedNegation(d)
	markFlagNegation(d)
	markNeedRemovers(d)
	markNeedless(d)
	markFrames(d)
	markVouchedInProbes(d)
	markHowHeadings(d)
	markQuotedLabels(d)
	markTemptations(d)
	markOnPaper(d)
	markTheories(d)
	markAttributed(d)
	markReplaced(d)
	markMentions(d)
	markWordMentions(d)
	markRejectedRationales(d)
	markNamedClaims(d)
	markRestatedDenials(d)
	markOneOf(d)
	markDismissals(d)
	markDeferredStops(d)
	markSeemsUntil(d)
	markHeadlines(d)
	markCodeReadSuspects(d)
	markCodeReadParentheticals(d)
	return d
}

// ratioDigit reports whether the digit at byte i of text is the divisor of
// a ratio written with a slash ("TTL/3", "ttl/ 2").
func ratioDigit(text string, i int) bool {
	j := i - 1
	for j >= 0 && text[j] == ' ' {
		j--
	}
	return j > 0 && text[j] == '/' && isWordRune(rune(text[j-1]))
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf { // ASCII, most of any answer: no table lookups
		return wordByte[r]
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}

// wordByte says of each ASCII byte whether it is a word rune (letters,
// digits, '_'); plainWordByte, whether it is one of a simple word
// (lowercase letters, digits, '_'). Both are false past ASCII.
var wordByte, plainWordByte = func() (w, p [256]bool) {
	for c := 0; c < utf8.RuneSelf; c++ {
		p[c] = 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_'
		w[c] = p[c] || 'A' <= c && c <= 'Z'
	}
	return
}()

func isApostrophe(r rune) bool { return r == '\'' || r == '’' || r == '‘' }

func isFunction(raw string) bool {
	if functionWords[raw] {
		return true
	}
	return strings.HasSuffix(raw, "n't") || strings.HasSuffix(raw, "'s") || strings.HasSuffix(raw, "'re") || strings.HasSuffix(raw, "'ll")
}

func isNegator(raw string) bool {
	return negators[raw] || strings.HasSuffix(raw, "n't")
}

// stem reduces a word to its snowball stem; contractions keep their form.
func stem(raw string) string {
	if strings.ContainsRune(raw, '\'') {
		if strings.HasSuffix(raw, "'s") {
			raw = strings.TrimSuffix(raw, "'s")
		} else {
			return raw
		}
	}
	return english.Stem(raw, true)
}

// inlineNumbers counts the item numbers inside a line that numbers its
// items without breaking it ("1. dual write 2. crash between commit and
// publish 3. outbox table"): a number of one or two digits followed by a
// period or a bracket and a space, after a space. Each cuts an item as a
// comma does.
func inlineNumbers(s string) int {
	n := 0
	for i := 1; i+3 < len(s); i++ {
		// Eight bytes at a time while none is a digit (most of a
		// sentence): each such i would be passed over below.
		for i+8 <= len(s) && !hasDigitByte(load8(s[i:i+8])) {
			i += 8
		}
		if i+3 >= len(s) {
			break
		}
		if s[i]-'0' > 9 || s[i-1] != ' ' { // a digit (rarer than a space) after a space
			continue
		}
		k := i + 1
		if s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k+1 < len(s) && (s[k] == '.' || s[k] == ')') && s[k+1] == ' ' {
			n++
		}
	}
	return n
}

// hasDigitByte reports whether one of the eight bytes of x is an ASCII
// digit: the exact test for a byte strictly between '/' and ':' (Sean
// Anderson's "Bit Twiddling Hacks", hasbetween, valid for bounds up to
// 128; a byte of 128 or more never counts).
func hasDigitByte(x uint64) bool {
	const ones, highs, lows = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	const m, n = '0' - 1, '9' + 1
	t := x & lows
	return (ones*(127+n)-t)&^x&(t+ones*(127-m))&highs != 0
}

// load8 reads the eight bytes of s (len(s) == 8) as a little-endian word
// (the compiler makes it one load).
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// isProse tells a sentence from a fragment or a list of terms: at least
// five words; among the words that are not code (commands, identifiers,
// quoted terms) at least four, a fifth of them (two or more) function
// words; and on average at least 3.5 of those words between commas, since
// a comma-separated run of terms is a list, not a sentence.
//
// With skipInert, words that glue no clause (see markInert) count neither
// as words nor as glue.
func isProse(toks []token, segments int, skipInert bool) bool {
	if len(toks) < 5 {
		return false
	}
	n, fn := 0, 0
	for ti := range toks {
		t := &toks[ti]
		if t.code || skipInert && t.inert {
			continue
		}
		n++
		if t.fn {
			fn++
		}
	}
	// A long run with not one comma or semicolon has only its glue words
	// to show it is a sentence: a run of terms with a few incidental
	// "the"s and "in"s ("idempotency key on retry unique constraint in the
	// same transaction stores the response external provider ...") has
	// far fewer of them than speech, which is about half function words.
	// "And" and "or" join the items of a list as readily as a clause's
	// parts ("fencing tokens and monotonic counters and GC pauses and
	// lease expiry"): they are not counted as the glue of a run-on.
	if segments == 1 && n >= runOnWords {
		glue := fn
		for ti := range toks {
			t := &toks[ti]
			if t.fn && !t.code && !(skipInert && t.inert) && (t.raw == "and" || t.raw == "or") {
				glue--
			}
		}
		if float64(glue) < runOnGlue*float64(n) {
			return false
		}
	}
	return n >= 4 && fn >= 2 && float64(fn) >= 0.2*float64(n) && float64(n) >= 3.5*float64(segments)
}

// runOnWords is the length from which a sentence without a comma must
// carry runOnGlue of function words to read as prose.
const (
	runOnWords = 16
	runOnGlue  = 0.3
)

// quoteBreak is the clause break a quotation mark or backtick leaves for
// the next word: a colon right before it stays the break ("A common
// mistake: `cli.Get` then `Put`"), so what a header announces is still
// seen as following its colon.
func quoteBreak(pending bool, brk rune) rune {
	if pending && brk == ':' {
		return ':'
	}
	return '"'
}

// isTerseClaim tells a short sentence that asserts something ("Release
// with DEL lock.", "Redlock makes it safe.") from a fragment of a keyword
// list ("GC pause, fencing token"): at least three words, at least one of
// them a function word other than an article (the glue of a clause: a
// verb like "makes", a preposition like "with", a pronoun), and on
// average at least 3.5 words between commas and colons, as for prose. Terse answers are how
// many candidates talk; reading them as lists would let their losing
// claims pass unflagged.
func isTerseClaim(text string, toks []token, segments, outer int, slashed bool) bool {
	// A command line ("SET lock <token> NX PX 30000") says what the
	// candidate would run: it is a claim, however few function words. The
	// commas inside the command (an INSERT's column list) do not split it.
	// (A bare number is no command: "1. fencing token 2. monotonic
	// counter 3. ..." numbers a list.)
	code := 0
	for ti := range toks {
		x := &toks[ti]
		if x.code && strings.TrimLeft(x.raw, "0123456789") != "" {
			code++
		}
	}
	// A run cut into four or more items by dashes, arrows or spaced
	// slashes ("deadlock — circular wait — lock ordering — timeout —
	// backoff") is a list, whatever its commas say: each cut counts as a
	// comma would.
	if outer >= 4 && outer > segments {
		segments = outer
	}
	// Five or more items are a list, however long each is ("dual write,
	// crash between commit and publish, outbox table in same transaction,
	// relay publishes, idempotent consumers"); a terse claim is one or a
	// few clauses. (A command line is judged by its code below.)
	longList := outer >= 5 || segments >= 5
	// A line cut into more than three items is a command only if its
	// items are long ones (an INSERT's clauses), not a run of two-word
	// terms with a few capitalised names among them ("same tx; Debezium
	// CDC; SKIP LOCKED; at-least-once; ...").
	perItem := 3.0
	if outer > 3 {
		perItem = 4
	}
	// A run of items (four or more, or chained by slashes) that are bare
	// terms, each at most opened by a verb ("use SET NX PX; check random
	// value; handle GC pause past TTL", "SET-NX-PX/random-value/failover
	// loses lock"), names a command among terms unless code is a third of
	// it at least, as in a command line.
	bare := (outer > 3 || slashed) && !gluedItem(text, toks) && 3*code < len(toks)
	// A command closed by one bare word that qualifies it ("Acquire:
	// `SET k v NX PX 30000`, atomic.", "..., idempotent.") says what the
	// command is, as "..., which is atomic" would: the word is no item of
	// a list, so it does not count as one against the command's length.
	// (The command must be a full one, five words or more of code: "`SET
	// NX PX`, atomic" stays a pair of terms.)
	// Only an acquire (a command that opens with SET) closed by a word
	// that describes how it runs (atomic, single): "fine", "safe" or
	// "enough" judge a command, they do not describe it, and a SELECT or
	// CONFIG SET line called fine is no claim of any point (review24 E,
	// MUST FIX 3).
	items := outer
	if n := len(toks); items > 1 && items <= 3 && n >= 2 && !toks[n-1].code && !toks[n-1].fn && toks[n-1].clause && toks[n-1].brk == ',' && commandQualifiers[toks[n-1].raw] && oneCommandBefore(toks[:n-1]) {
		items--
	}
	if code >= 2 && len(toks) >= 4 && (outer <= 3 || code >= 4) && float64(len(toks)) >= perItem*float64(items) && !bare {
		return true
	}
	// A timeline in notes ("Key expires, B acquires, A wakes and
	// writes.") is a chain of short clauses, each a subject and an event.
	if eventChain(toks) {
		return true
	}
	// A long run with neither the glue of prose nor a single comma is a
	// list of terms, however many "to"s and "every"s it happens to hold;
	// telegraphic sentences ("Holder pauses past TTL, key expires, second
	// client acquires") break into clauses.
	words, said := 0, 0 // words not code; words not inert
	for ti := range toks {
		x := &toks[ti]
		if !x.code && !x.inert {
			words++
		}
		if !x.inert {
			said++
		}
	}
	// Two short clauses ("slew the clocks, never step them") are speech
	// when one of them has the glue of a clause; a list needs more words
	// per comma to pass.
	perSegment := 3.5
	if segments == 2 {
		perSegment = 2.5
	}
	if longList || said < 3 || words > maxTerse && segments == 1 || float64(said) < perSegment*float64(segments) {
		return false
	}
	for ti := range toks {
		t := &toks[ti]
		if t.fn && !t.code && !t.inert && t.raw != "a" && t.raw != "an" && t.raw != "the" {
			return true
		}
	}
	// "The storage rejects lower tokens.": a determiner opens a subject,
	// and a predicate follows it.
	return said >= 4 && segments == 1 && determiners[toks[0].raw]
}

// oneCommandBefore reports whether the last item of toks (after its last
// comma, colon or semicolon) is one SET command of five words or more, all
// of them code: "`SET k v NX PX 30000`", not two commands joined by a word
// ("`SETNX k v` then `PEXPIRE k 30000`").
func oneCommandBefore(toks []token) bool {
	n, first := 0, ""
	for k := len(toks) - 1; k >= 0; k-- {
		t := &toks[k]
		if !t.code {
			return false
		}
		n++
		first = t.raw
		if t.clause && strings.ContainsRune(",;:", t.brk) {
			break
		}
	}
	return n >= 5 && first == "set"
}

// commandQualifiers describe how a command runs, not whether it is good.
var commandQualifiers = setOf(`atomic atomically single`)

// gluedItem reports whether an item of toks (cut by commas, semicolons,
// colons or dashes) holds a function word past its first word, other than
// an article, "and" or "or": the glue of a clause ("claim with `SELECT
// ...`", "keep a crashed node down"), not a bare term or a verb before one.
//
// A word in brackets is read as code elsewhere, but an aside in brackets
// ("(journal nodes refuse an old writer)") is said, not run: a function
// word in it glues unless it looks like code in text (SELECT, FOR,
// run_at), and an aside of three words or more is a clause of its own.
func gluedItem(text string, toks []token) bool {
	first, aside := 0, 0 // aside: words in a row read as code that do not look like it
	for k := range toks {
		t := &toks[k]
		if k > 0 && t.clause && strings.ContainsRune(",;:—–", t.brk) {
			first = k
		}
		if t.code && !looksLikeCode(text[t.start:t.end]) {
			if aside++; aside >= 3 {
				return true
			}
		} else {
			aside = 0
		}
		if k > first && t.fn && !(t.code && looksLikeCode(text[t.start:t.end])) && !t.inert && t.raw != "a" && t.raw != "an" && t.raw != "the" && t.raw != "and" && t.raw != "or" {
			return true
		}
	}
	return false
}

// discourseMarkers and discoursePairs pad a clause they open; aloneMarkers
// pad only as a clause of their own ("..., right.").
var (
	discourseMarkers = setOf(`basically honestly literally actually like well um uh erm anyway anyways`)
	discoursePairs   = setOf(`you_know i_mean sort_of kind_of you_see`)
	aloneMarkers     = setOf(`right ok okay yeah yep`)
	leadConjunctions = setOf(`and so but or then`)
)

// markInert marks the words that glue no clause, so that judging prose
// does not count them: an interviewer hears what does what to what, and
// neither kind says it.
//
// A function word inside a hyphenated compound ("restart-with-same-id",
// "at-least-once", "compare-and-delete") is part of a name, however many
// the name spells. A discourse marker opening a clause ("basically",
// "honestly", "like", "well", "you know", "I mean", "sort of", "kind of")
// or standing alone as one ("..., right.") pads speech: a list of terms
// with a marker before each item is still a list of terms.
func markInert(d *doc) {
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		if t.fn && !t.code && (k > 0 && toks[k-1].sent == t.sent && d.text[toks[k-1].end:t.start] == "-" ||
			k+1 < len(toks) && toks[k+1].sent == t.sent && d.text[t.end:toks[k+1].start] == "-") {
			t.inert = true
		}
	}
	for k := 0; k < len(toks); k++ {
		if !toks[k].clause {
			continue
		}
		// Markers may follow one another ("basically you know") and a
		// conjunction ("and you know the ...", "so basically").
		from := k
		if toks[k].cls&clsLeadConj != 0 && k+1 < len(toks) && toks[k+1].sent == toks[k].sent && !toks[k+1].clause {
			from = k + 1
		}
		for m := from; m < len(toks) && toks[m].sent == toks[k].sent && !toks[m].code && (m == from || !toks[m].clause); {
			if toks[m].cls&clsDiscourse == 0 {
				break // no marker, nor the first word of a pair (n == 0 below)
			}
			n := 0
			if m+1 < len(toks) && toks[m+1].sent == toks[m].sent && !toks[m+1].clause && discoursePairs[toks[m].raw+"_"+toks[m+1].raw] {
				n = 2
			} else if discourseMarkers[toks[m].raw] {
				n = 1
			} else if m == from && from == k && aloneMarkers[toks[m].raw] && (m+1 == len(toks) || toks[m+1].sent != toks[m].sent || toks[m+1].clause) {
				n = 1
			}
			if n == 0 {
				break
			}
			// (the conjunction before a marker joins only the padding)
			toks[k].inert = toks[k].inert || from > k
			for ; n > 0; n-- {
				toks[m].inert = true
				m++
			}
		}
	}
}

// arrows counts the arrows of s outside backticks ("->", "=>", "→", "⇒").
func arrows(s string) int {
	if strings.IndexByte(s, '>') < 0 && strings.IndexByte(s, 0xE2) < 0 {
		return 0 // no '>', and no byte that starts '→' or '⇒'
	}
	n, code := 0, false
	prev := rune(0)
	for _, r := range s {
		switch {
		case r == '`':
			code = !code
		case code:
		case r == '→' || r == '⇒' || r == '>' && (prev == '-' || prev == '='):
			n++
		}
		prev = r
	}
	return n
}

// inlineBullet reports a bullet glyph; inside a line it separates items
// as a comma does (grader g20: a keyword list cut by "•" read as one long
// clause with a verb in it, "stored response", and passed).
func inlineBullet(r rune) bool { return r == '•' || r == '·' || r == '▪' || r == '◦' }

// inlineBullets counts the bullet glyphs in s, a sentence's text from its
// first word to its last, where every bullet is inside the line.
func inlineBullets(s string) int {
	return strings.Count(s, "•") + strings.Count(s, "·") + strings.Count(s, "▪") + strings.Count(s, "◦")
}

// outerSegments counts the clauses of s split by commas, semicolons,
// colons, arrows, dashes, inline bullets and spaced slashes outside
// backticks and brackets.
func outerSegments(s string) int {
	n, depth, code := 1, 0, false
	prev := rune(0)
	for i, r := range s {
		switch {
		case r == '`':
			code = !code
		case r == '(' || r == '[':
			depth++
		case (r == ')' || r == ']') && depth > 0:
			depth--
		case (r == ',' || r == ';' || r == ':' || r == '→' || r == '⇒' || r == '—' || r == '–' || inlineBullet(r) && i > 0) && depth == 0 && !code:
			n++
		case (r == '/' || r == '-' || r == '+' || r == '|') && prev == ' ' && i+1 < len(s) && s[i+1] == ' ' && depth == 0 && !code:
			// " / " and a spaced " - " separate items like a comma
			// ("renewal / heartbeat / keepalive").
			n++
		case r == '>' && prev == '-' && depth == 0 && !code:
			n++
		}
		prev = r
	}
	return n
}

// eventVerbs are the verbs of a timeline told in notes ("lease expires",
// "B acquires", "A woke"): forms that, after a subject, are rarely the
// plural of a noun in a list of terms (not "pauses", "writes", "commits",
// "crashes", "returns": "GC pauses, stale writes" is a list).
var eventVerbs = setOf(`expires expired acquires acquired wakes woke resumes resumed dies died
grabs grabbed takes took gets got holds renews renewed deletes deleted fails failed succeeds
succeeded proceeds proceeded continues continued overwrites overwrote sees saw arrives arrived
lands landed loses lost starts started finishes finished evicts evicted promotes promoted
restarts restarted reboots rebooted comes came goes went applies applied freezes froze sleeps
slept retried paused crashed stalled wrote committed returned lapses lapsed`)

// actorVerbs are event verbs that are also plural nouns ("GC pauses",
// "stale writes"): verbs only after a one-letter actor ("A pauses").
var actorVerbs = setOf(`pauses writes commits crashes returns stalls runs releases acks retries`)

// actorNouns are the subjects after which actorVerbs are verbs ("holder
// stalls", "primary crashes").
var actorNouns = setOf(`holder worker client process node leader owner primary master replica job instance`)

// eventChain reports a sentence of two to six short comma-separated
// clauses (two to five words each), every one a subject followed by an
// event verb: "Key expires, B acquires, A wakes and writes.", "A paused,
// lease lapsed, B took it." Such notes tell what happened in order, as
// prose would; a run of terms ("GC pauses, stale writes, clock drift")
// is not one.
func eventChain(toks []token) bool {
	segs, from := 0, 0
	for k := 1; k <= len(toks); k++ {
		if k < len(toks) && !(toks[k].clause && (toks[k].brk == ',' || toks[k].brk == ';')) {
			continue
		}
		if !eventClause(toks[from:k]) {
			return false
		}
		segs++
		from = k
	}
	return segs >= 2 && segs <= 6
}

// eventClause reports a clause of two to five words that is a subject
// followed by an event verb ("lease expires", "B acquires", "holder
// paused"): one step of a timeline told in notes.
func eventClause(toks []token) bool {
	n := len(toks)
	if n < 2 || n > 5 {
		return false
	}
	for v := 1; v < n && v <= 2; v++ {
		// (a noun's plural after an actor's letter is a verb: "A
		// pauses", "B writes")
		if !toks[v].code && (eventVerbs[toks[v].raw] || actorVerbs[toks[v].raw] && v == 1 && (len(toks[0].raw) == 1 || actorNouns[toks[0].raw])) {
			return true
		}
	}
	return false
}

// markEventNotes makes claims of a run of two or more sentences in a row
// that are each one step of a timeline told in notes ("Lease expires.
// Holder paused. B acquires."): each is too short to read as a terse
// claim on its own (isTerseClaim wants three words), but together they
// tell what happened in order, as eventChain's commas do.
func markEventNotes(d *doc) {
	step := func(s sentence) bool {
		if s.question || s.to-s.from > 5 {
			return false
		}
		for k := s.from + 1; k < s.to; k++ {
			if d.toks[k].clause {
				return false
			}
		}
		return eventClause(d.toks[s.from:s.to])
	}
	for i := 0; i < len(d.sents); {
		j := i
		for j < len(d.sents) && step(d.sents[j]) {
			j++
		}
		if j-i >= 2 {
			for k := i; k < j; k++ {
				d.sents[k].claim = true
			}
		}
		i = max(j, i+1)
	}
}

// maxTerse is the longest sentence read as a terse claim rather than
// judged as prose.
const maxTerse = 12

// determiners open a noun phrase: a sentence that starts with one has a
// subject, not just a term.
var determiners = setOf(`the a an each every its their this that our my your`)

// looksLikeCode reports a word written as code: a command in capitals
// (SET, NX, PEXPIRE), or an identifier with an underscore or a digit.
func looksLikeCode(w string) bool {
	upper, letters := 0, 0
	for _, r := range w {
		switch {
		case r == '_' || unicode.IsDigit(r):
			return true
		case unicode.IsUpper(r):
			upper++
			letters++
		case unicode.IsLetter(r):
			letters++
		}
	}
	return letters >= 2 && upper == letters
}

// markNegation sets negBy for tokens inside a negation scope. A scope runs
// forward from the negator to the end of its clause (at most negForward
// tokens); after an auxiliary ("is not", "doesn't") or for a critic word
// ("is unsafe") it also reaches back to the start of the clause (at most
// negBackward tokens).
func markNegation(d *doc) {
	toks := d.toks
	for k := range toks {
		t := &toks[k]
		if t.cls&(clsNegator|clsCritic) == 0 && !missesPoint(toks, k) {
			continue
		}
		neg := t.cls&clsNegator != 0
		// "one all-or-nothing request", "the commit is all or nothing":
		// the idiom names an atomic whole and denies nothing after it.
		if neg && allOrNothing(toks, k) {
			continue
		}
		if neg && k+1 < len(toks) && toks[k+1].sent == t.sent {
			n := toks[k+1].raw
			// "not only", "not just": emphasis, not negation.
			if t.raw == "not" && (n == "only" || n == "just" || n == "merely") {
				neg = false
			}
			// "instead of X" negates X; "rather than X" likewise.
			if t.raw == "instead" && n != "of" {
				neg = false
			}
			if t.raw == "rather" && n != "than" {
				neg = false
			}
		} else if neg && (t.raw == "instead" || t.raw == "rather") {
			neg = false
		}
		critic := t.cls&clsCritic != 0 || missesPoint(toks, k)
		// "the bad case", "a bad day": "bad" before its noun
		// describes it and negates nothing ("is a bad idea" still does).
		if critic && !neg && t.raw == "bad" && k > 0 && k+1 < len(toks) && toks[k+1].sent == t.sent && !toks[k+1].fn && !toks[k+1].clause &&
			attributiveDets[toks[k-1].raw] && !(k > 1 && (auxiliaries[toks[k-2].raw] || strings.HasSuffix(toks[k-2].raw, "'s"))) {
			critic = false
		}
		// "fix the bug and add fencing": a critic word that a repair verb
		// takes as its object names the fault mended, not what follows.
		if critic && repairedFault(toks, k) {
			critic = false
		}
		// "a broken-down car": worn out, not a judgement of the claim.
		if critic && t.raw == "broken" && k+1 < len(toks) && toks[k+1].raw == "down" && toks[k+1].sent == t.sent {
			critic = false
		}
		if !neg && !critic {
			continue
		}
		if neg || critic {
			limit := k + negForward
			readerOnly, flagOnly := false, false
			for j := k + 1; j < len(toks) && j <= limit; j++ {
				if toks[j].sent != t.sent {
					break
				}
				if contactRelative(toks, k, j) {
					break
				}
				// "never — not in any system I've run — makes it safe",
				// "doesn't (whatever the value) make it safe": a paired
				// aside right after the negator interrupts the negated
				// clause without ending it (not "no token (...) and a
				// paused holder can still act", where a new clause
				// follows it).
				//
				// "does nothing about: (1) the client stalls ...": a
				// bracketed number or letter numbers the item that follows;
				// it is no aside, and the item is a clause of its own,
				// asserted. The second reader, trained before this rule and
				// frozen until it is retrained, still reads the item as
				// negated (readerOnly).
				c, wide := asideClose(d, j), false
				if c <= j && j <= k+2 {
					c = asideCloseWide(d, j)
					wide = c > j
				}
				if c > j && j <= k+2 && !clauseWords[toks[c].raw] && toks[c].raw != "and" && toks[c].raw != "or" && toks[c].raw != "then" {
					if itemMarker(toks, j, c) {
						readerOnly = true
					}
					flagOnly = flagOnly || wide
					limit += c - j
					j = c
					markNegatedFor(toks, j, k, readerOnly, flagOnly)
					continue
				}
				// "nothing that orders", "nobody who can": a relative
				// clause right after the negator is what it negates.
				// "doesn't guarantee that nobody else can ...": the
				// negation of a verb that takes a that-clause reaches into it.
				if toks[j].clause && toks[j].raw == "that" && toks[j].brk == 0 && complementVerbs[toks[j-1].raw] {
					markNegatedFor(toks, j, k, readerOnly, flagOnly)
					continue
				}
				// "rather than the policy that only reacts to LOST",
				// "instead of a lock which expires by itself": a
				// restrictive relative clause after the noun set aside
				// describes what is set aside, and is set aside with it.
				if toks[j].clause && toks[j].brk == 0 && (toks[j].raw == "that" || toks[j].raw == "which" || toks[j].raw == "who") && !toks[j-1].fn && !toks[j-1].clause && contrastNegators[t.raw] {
					end := j + 1
					for end < len(toks) && toks[end].sent == t.sent && !(toks[end].clause && (toks[end].brk != 0 && toks[end].brk != '"' || strongClause[toks[end].raw])) {
						end++
					}
					limit = max(limit, end-1)
					markNegatedFor(toks, j, k, readerOnly, flagOnly)
					continue
				}
				// "wouldn't "fix" it with a longer TTL": a quotation
				// mark inside the clause does not end the scope.
				if toks[j].clause && !(j <= k+2 && relatives[toks[j].raw] && toks[j].brk == 0) && !quoteInClause(d, j) {
					// "wouldn't hold the lock across the call and the
					// commit": "and" before a noun phrase with no verb of
					// its own joins a second object to the negated verb
					// (set aside for the red flags alone: see
					// negateConjuncts).
					if e := negateConjuncts(d, j, k, readerOnly); e > j {
						j, limit = e-1, max(limit, e-1)
						continue
					}
					break
				}
				// "avoids the herd by having each client watch its
				// predecessor": what comes after "by" is the means,
				// asserted, not what is avoided.
				if avoidBy(toks, k, j) {
					break
				}
				markNegatedFor(toks, j, k, readerOnly, flagOnly)
				// "wouldn't rely on it to make the Postgres commit and the
				// publish atomic": where the reach ends inside a noun
				// phrase that a second one is joined to a few words on,
				// the coordination is one object of the negated verb and
				// the scope covers it whole (for the red flags alone).
				if j == limit {
					c := j + 1
					for c < len(toks) && c <= j+conjunctSlack && toks[c].sent == t.sent && !toks[c].clause {
						c++
					}
					if c < len(toks) && c <= j+conjunctSlack && toks[c].sent == t.sent {
						if e := nounConjunct(d, c); e > c {
							for x := j + 1; x < c; x++ {
								markNegatedFor(toks, x, k, readerOnly, true)
							}
							j = negateConjuncts(d, c, k, readerOnly) - 1
							limit = j
						}
					}
				}
			}
		}
		back := critic || strings.HasSuffix(t.raw, "n't") || (negators[t.raw] && strings.HasSuffix(t.raw, "nt") && t.raw != "instead" && len(t.raw) > 3)
		if (t.raw == "not" || t.raw == "never") && k > 0 && auxiliaries[toks[k-1].raw] {
			back = true
		}
		if t.raw == "cannot" {
			back = true
		}
		// "the need for fencing does not go away": a verb of vanishing
		// denied keeps its subject, which is asserted.
		if back && vanishingAfter(toks, k) {
			back = false
		}
		reach := negBackward
		// "calling out while holding it protects nothing", "it buys you
		// nothing": nothing as a verb's object denies what its subject
		// does, back over the subject like a judgement.
		if t.raw == "nothing" && verbBefore(toks, k) {
			back, reach = true, negForward
		}
		if critic && !neg {
			// "ordering by their log timestamps gave us the wrong
			// story": a judgement reaches back over its clause's subject.
			reach = negForward
		}
		// (g23af) The reach over code needs a noun phrase denied of it
		// ("is not a fencing token"); a judgement that the practice is
		// harmless ("`SETNX` then `EXPIRE` is not a problem", "a plain
		// `DEL` isn't risky") endorses the code and leaves it asserted.
		codeNP := nounPredicate(toks, k)
		if back && (!toks[k].clause || codeNP && backtickInClause(d, k)) {
			// (g23a: "`SETNX` isn't a token" too, the negator itself
			// right after the code)
			code := toks[k].clause
			for j := k - 1; j >= 0 && j >= k-reach; j-- {
				if toks[j].sent != t.sent {
					break
				}
				if code {
					markNegatedFor(toks, j, k, false, true)
				} else if toks[j].negBy < 0 {
					toks[j].negBy = k
				}
				if personalSubjects[toks[j].raw] {
					break
				}
				// "as long as you stop on SUSPENDED you can never be
				// working": the negated verb's own subject pronoun ends
				// the reach; what comes before it is another clause.
				// (g23a) A break made only by the backticks around code
				// that ends the subject right before its negated verb
				// ("the random value in `SET NX` is not a fencing
				// token") goes on with its clause, as it does without
				// the backticks: the code before it is set aside for the
				// red flags (the second reader, trained before this rule,
				// reads it as before). Code followed by more words before
				// the verb ("With `SET NX` two workers can't", "the two
				// `SET NX` calls can never") is not the negated subject,
				// and a double quote still ends the reach ("\"source then
				// target\" is not going to deadlock" claims the quoted
				// order).
				if toks[j].clause {
					if j < k-1 || !codeNP || !backtickInClause(d, j) {
						break
					}
					code = true
				}
			}
		}
	}
}

// markInvertedNegation reads a negation that inverts its clause ("Nor
// would I hand out a random value as the token", "Neither should you
// ..."): the negator stands before the auxiliary and the subject, and
// what it denies is the verb phrase after the subject, which markNegation,
// stopping at the subject that opens a clause, does not reach. The verb
// phrase, to the next punctuation break, is set aside for the red flags
// alone (grader g22a); the second reader, trained before this rule, reads
// it as before. The denial ends where a clause of its own begins (g22f):
// a reason or a consequence ("because the TTL guarantees ...", "since
// we order by timestamps", "so ...", "but ...") is asserted, not denied.
func markInvertedNegation(d *doc) {
	toks := d.toks
	for k := 0; k+3 < len(toks); k++ {
		if r := toks[k].raw; r != "nor" && r != "neither" || !toks[k].clause {
			continue
		}
		if !auxiliaries[toks[k+1].raw] || !personalSubjects[toks[k+2].raw] || toks[k+2].sent != toks[k].sent {
			continue
		}
		for j := k + 3; j < len(toks) && toks[j].sent == toks[k].sent; j++ {
			if toks[j].clause && (toks[j].brk != 0 && toks[j].brk != '"' || strongClause[toks[j].raw]) {
				break
			}
			if toks[j].negBy < 0 {
				toks[j].setAside = true
			}
		}
	}
}

// vanishingAfter reports whether the negator toks[k] denies a verb of
// vanishing, right after it or after one adverb ("doesn't go away",
// "does not simply disappear", "won't vanish"): what does not vanish
// stays, so the negation does not reach back over the subject.
func vanishingAfter(toks []token, k int) bool {
	for j := k + 1; j < len(toks) && j <= k+2 && toks[j].sent == toks[k].sent && !toks[j].clause; j++ {
		r := toks[j].raw
		if strings.HasPrefix(r, "disappear") || strings.HasPrefix(r, "vanish") {
			return true
		}
		if (r == "go" || r == "goes" || r == "went" || r == "going") && j+1 < len(toks) && toks[j+1].raw == "away" && toks[j+1].sent == toks[k].sent {
			return true
		}
	}
	return false
}

// contactRelative reports whether toks[j] opens a relative clause with no
// "that", a subject pronoun and its need word, that describes a noun in
// the complement of the word the negator toks[k] governs: "it's not safe
// in the sense we need", "it can't give the safety we need", "it falls
// short of what we need". The negator denies the safety, the giving or
// the fit, and the need is asserted: its own clause has its own subject.
// A head right after the negator, with at most a determiner between
// ("fencing isn't what we need", "it's not a case we need fencing for"),
// is what the negation denies to be needed, and a head that is a
// quantifier ("doesn't give anything we need", "any safety we need") is
// still in its reach; both stay negated.
func contactRelative(toks []token, k, j int) bool {
	if j+1 >= len(toks) || j-1 <= k || !personalSubjects[toks[j].raw] || !needWords[toks[j+1].raw] || toks[j+1].sent != toks[j].sent || toks[j].clause || toks[j+1].clause {
		return false
	}
	// the head noun phrase: back from the pronoun to its determiner, or
	// "what" alone
	head := -1
	if toks[j-1].raw == "what" {
		head = j - 1
	} else if !toks[j-1].fn {
		for h := j - 2; h > k && h >= j-4; h-- {
			if toks[h].clause {
				break
			}
			if relativeHeads[toks[h].raw] {
				head = h
				break
			}
		}
	}
	if head < 0 {
		return false
	}
	for h := head; h < j; h++ {
		if negativeHeads[toks[h].raw] {
			return false
		}
	}
	// a content word between the negator and the head: the negator
	// governs it, not the head
	for h := k + 1; h < head; h++ {
		if !toks[h].fn && !relativeHeads[toks[h].raw] && !negativeHeads[toks[h].raw] {
			return true
		}
	}
	return false
}

// relativeHeads open the noun phrase a contact relative clause describes.
var relativeHeads = setOf(`the a an this kind sort level`)

// negativeHeads are heads that a negation's reach takes in whole: "no
// protection we need", "anything we need".
var negativeHeads = setOf(`any anything everything something nothing all no none every`)

// conjunctSlack is how many words past the negation's reach the first of
// two coordinated noun phrases may run before the "and" that joins the
// second (see markNegation).
const conjunctSlack = 4

// maxConjunct is the most words a noun phrase joined by "and" may have
// (its determiner included) and still be read as one with no verb.
const maxConjunct = 10

// conjunctVerbs are the finite verbs and auxiliaries, beyond auxiliaries,
// that give a run after "and" a verb of its own.
var conjunctVerbs = setOf(`am shall been being ain't`)

// conjunctPronouns, with personalSubjects, are the subjects of a clause
// of their own: "and the client it calls", "and the lease nothing renews".
var conjunctPronouns = setOf(`it there what which who whom nothing everything something anything nobody everyone someone`)

// conjunctAdverbs go with a verb, not a noun: "and the client then
// writes", "and the lease still runs".
var conjunctAdverbs = setOf(`then also always never still now already just only even simply instead
again soon later finally eventually immediately thereby therefore thus`)

// nounConjunct reports where a noun phrase joined by "and" at toks[j]
// ends (the token after it), or j when the "and" starts a clause. The
// break "and the"/"and this" leaves (see afterAnd) joins two noun
// phrases when what follows the determiner up to the next clause break
// or the sentence's end has no finite verb: no auxiliary or modal (but
// "to be"), no "not", no subject pronoun, no adverb of a verb ("then"), no
// contraction ("the lock's"), and after the noun phrase's first word no
// verb in -s or -ed or an irregular past ("the lease expires", "the
// client retried", "the key ran out"), nor a word after a plural noun
// that may be its verb ("the locks make"). "The commit and the publish
// atomic", "the lock and the write in different stores" join objects;
// "and the lease expires early", "and the lock is safe" assert a clause.
// A word in -s that no determiner or preposition opens reads as a verb:
// what is in doubt stays a clause.
func nounConjunct(d *doc, j int) int {
	toks := d.toks
	if !toks[j].clause || !andDeterminer(toks, j) || j+2 >= len(toks) || toks[j+1].clause || toks[j+2].sent != toks[j].sent || toks[j+2].clause {
		return j
	}
	det := toks[j+1].raw
	e := j + 2
	for e < len(toks) && toks[e].sent == toks[j].sent && !toks[e].clause {
		e++
	}
	// "and the debit and the credit stay atomic", "and the gap between
	// the read and the write is short": a noun phrase joined again may be
	// (in) the subject of a verb with no -s; what is in doubt stays a
	// clause.
	if e-(j+1) > maxConjunct || e < len(toks) && toks[e].sent == toks[j].sent && andDeterminer(toks, e) {
		return j
	}
	plural := false // the last word read as a noun ends in -s
	for x := j + 2; x < e; x++ {
		r := toks[x].raw
		if r == "be" && toks[x-1].raw == "to" {
			continue // "the publish to be atomic": no finite verb
		}
		if auxiliaries[r] || conjunctVerbs[r] || conjunctAdverbs[r] || personalSubjects[r] || conjunctPronouns[r] ||
			r == "not" || r == "cannot" || strings.ContainsAny(r, "'’") {
			return j
		}
		// A word right after "the" or a preposition ("the writes",
		// "in stores"), or after a preposition and one more word ("in
		// different stores"), is a noun or its modifier ("this" may
		// stand alone: "and this fails").
		inS := len(r) > 3 && strings.HasSuffix(r, "s") && !strings.HasSuffix(r, "ss") && !strings.HasSuffix(r, "us") && !strings.HasSuffix(r, "is")
		if x == j+2 && det == "the" || x > j+2 && (nounOpeners[toks[x-1].raw] || x > j+3 && nounPrepositions[toks[x-2].raw]) {
			plural = inS && !nounPrepositions[toks[x-1].raw] && !(x > j+3 && nounPrepositions[toks[x-2].raw])
			continue
		}
		// "and the locks make it atomic": after a plural noun of the
		// subject, a word other than a preposition may be its verb.
		if plural && !nounPrepositions[r] {
			return j
		}
		plural = false
		if toks[x].lemma != "" || pastSameVerbs[r] || inS || len(r) > 4 && strings.HasSuffix(r, "ed") {
			return j
		}
	}
	return e
}

// amountsLeft, before "left", make it the participle of what remains:
// "time left", "seconds left", "nothing left".
var amountsLeft = setOf(`time seconds second ms milliseconds millis minutes minute hours hour days ttl
lease validity budget margin life lifetime headroom slack room nothing little much none`)

// pastSameVerbs are verbs whose past is their base form: "and the client
// set the key".
var pastSameVerbs = setOf(`put set let cut shut quit hit`)

// nounPrepositions open a noun phrase as the object of a preposition.
var nounPrepositions = setOf(`of in on at by for with from into onto over under about across between through
during within without per via against among around inside outside behind after before`)

// nounOpeners are nounPrepositions and the determiners: the word after
// one starts a noun phrase.
var nounOpeners = func() map[string]bool {
	m := setOf(`the a an this that these those its their our your my his her every each all both two any some no`)
	for w := range nounPrepositions {
		m[w] = true
	}
	return m
}()

// andDeterminer reports an "and" at toks[j] that "the" or "this" follows
// in its sentence, with no punctuation before it.
func andDeterminer(toks []token, j int) bool {
	return j+1 < len(toks) && toks[j].raw == "and" && toks[j].brk == 0 && toks[j+1].sent == toks[j].sent &&
		(toks[j+1].raw == "the" || toks[j+1].raw == "this")
}

// negateConjuncts sets aside for the red flags, in the scope of the
// negator toks[k], the noun phrase joined by "and" at toks[j] (see
// nounConjunct), and returns the token after it (j when toks[j] starts a
// clause). The second reader, trained before this rule and frozen until
// it is retrained, and the key points read the scope as before.
func negateConjuncts(d *doc, j, k int, readerOnly bool) int {
	e := nounConjunct(d, j)
	for x := j; x < e; x++ {
		markNegatedFor(d.toks, x, k, readerOnly, true)
	}
	return e
}

// contrastNegators set a noun phrase aside for another: "rather than X",
// "instead of X".
var contrastNegators = setOf(`rather instead`)

// worthVerbs judge what their subject is worth when "nothing" is their
// object: "protects nothing", "buys you nothing", "changes nothing" (by
// prefix). "the stale write matches nothing" is no judgement: it says
// what happens.
var worthVerbs = []string{"protect", "buy", "bought", "chang", "guarantee", "solv", "fix", "achiev",
	"prove", "gain", "give", "gave", "mean", "add", "help", "improv"}

// verbBefore reports a worth verb right before toks[k] (or before an
// object pronoun right before it), in the same clause.
func verbBefore(toks []token, k int) bool {
	v := k - 1
	if v > 0 && objectPronouns[toks[v].raw] && !toks[v].clause {
		v--
	}
	if v < 0 || toks[v].sent != toks[k].sent || toks[k].clause || v < k-1 && toks[v+1].clause {
		return false
	}
	for _, w := range worthVerbs {
		if strings.HasPrefix(toks[v].raw, w) {
			return true
		}
	}
	return false
}

// asideWide reports a comma aside at toks[j] that may run longer than
// maxCommaAside: a concession or a phrase of "any", "every" or "no"
// ("would never, in any design, rely on ...", "wouldn't, whatever the
// store, skip ..."). The negation it lets through is read by the red
// flags alone (setAside): the second reader, trained before it, reads
// the words after the aside as before.
func asideWide(d *doc, j int) bool {
	t := &d.toks[j]
	return t.clause && t.brk == ',' && (concessiveAsides[t.raw] || quantifiedAsides[t.raw] && j+1 < len(d.toks) && asideQuantifiers[d.toks[j+1].raw])
}

// asideClose returns, for a clause opened at toks[j] by a dash or an
// opening bracket, the token that opens the clause after the matching
// closing dash or bracket in the same sentence (within negForward
// tokens), or -1 when the break is not the start of a paired aside.
func asideClose(d *doc, j int) int {
	t := &d.toks[j]
	if !t.clause || t.brk != '—' && t.brk != '–' && t.brk != '(' && !(t.brk == ',' && asideOpeners[t.raw]) {
		return -1
	}
	want, reach := t.brk, negForward
	if want == '(' {
		want = ')'
	}
	if want == ',' {
		// "won't, on its own, guarantee ...": a short adverbial between
		// commas, no clause of its own
		reach = maxCommaAside
	}
	return asideEnd(d, j, want, reach)
}

// asideCloseWide is asideClose for a wide comma aside (see asideWide),
// which may run up to negForward tokens.
func asideCloseWide(d *doc, j int) int {
	if !asideWide(d, j) {
		return -1
	}
	return asideEnd(d, j, ',', negForward)
}

// asideEnd returns the token that opens the clause after the aside opened
// at toks[j] and closed by want, within reach tokens, or -1.
func asideEnd(d *doc, j int, want rune, reach int) int {
	t := &d.toks[j]
	for c := j + 1; c < len(d.toks) && c <= j+reach && d.toks[c].sent == t.sent; c++ {
		if want == ',' && d.toks[c].clause && d.toks[c].brk == 0 {
			return -1
		}
		if d.toks[c].clause && d.toks[c].brk == want {
			return c
		}
		if d.toks[c].clause && d.toks[c].brk != 0 && d.toks[c].brk != ',' {
			return -1
		}
	}
	return -1
}

// markNegated puts toks[j] in the scope of the negator toks[k], unless a
// negator already covers it; with readerOnly it is negated for the second
// reader alone (see readerRefuted).
func markNegated(toks []token, j, k int, readerOnly bool) {
	if toks[j].negBy >= 0 {
		return
	}
	if readerOnly {
		toks[j].readerRefuted = true
		return
	}
	toks[j].negBy = k
}

// markNegatedFor is markNegated, but with flagOnly it sets toks[j] aside
// for the red flags alone (see asideWide), leaving its scope as the
// second reader knows it.
func markNegatedFor(toks []token, j, k int, readerOnly, flagOnly bool) {
	if !flagOnly {
		markNegated(toks, j, k, readerOnly)
		return
	}
	if toks[j].negBy < 0 && !readerOnly {
		toks[j].setAside = true
	}
}

// itemMarker reports that the bracketed aside from toks[j] up to toks[c]
// is an item's number or letter ("(1)", "(b)", "(iii)"), not a remark.
func itemMarker(toks []token, j, c int) bool {
	if c-j != 1 || toks[j].brk != '(' {
		return false
	}
	// (not the plural of "lock(s)")
	w := toks[j].raw
	if len(w) == 1 && w != "s" {
		return true
	}
	return strings.Trim(w, "0123456789") == "" || strings.Trim(w, "ivx") == ""
}

// asideOpeners open a short adverbial set off by commas inside a negated
// clause: "on its own", "by itself", "in practice", "alone", "really".
var asideOpeners = setOf(`on by in alone really actually strictly necessarily realistically truly`)

// concessiveAsides open a concession set off by commas inside a negated
// clause ("whatever the store", "however short the interval", "even for a
// small job"); quantifiedAsides do when "any", "every" or "no" follows
// ("in any design", "under no load").
var (
	concessiveAsides = setOf(`even whatever however whichever regardless`)
	quantifiedAsides = setOf(`in on for under with at`)
	asideQuantifiers = setOf(`any every no all`)
)

// maxCommaAside is the furthest a comma closing such an aside may stand
// from the comma opening it.
const maxCommaAside = 4

// personalSubjects are the pronouns that, as the subject of a negated
// verb, bound how far its negation reaches back.
var personalSubjects = setOf(`i you we they he she`)

// quoteInClause reports a clause break at toks[j] made by a quotation
// mark or backtick alone (only spaces and quote marks since the previous
// word): the quotation goes on with its clause.
func quoteInClause(d *doc, j int) bool {
	if d.toks[j].brk != '"' || j == 0 {
		return false
	}
	return strings.Trim(d.text[d.toks[j-1].end:d.toks[j].start], " \"“”`") == ""
}

// harmlessNouns, after "is not a", judge a practice harmless ("is not a
// problem", "isn't a big deal", "is not something that can fail") rather
// than deny the code is a kind of thing.
var harmlessNouns = setOf(`problem problems issue issues risk risks concern concerns worry
danger threat deal bug bugs race hazard footgun mistake big real huge serious thing something
anything`)

// nounPredicate reports a noun phrase right after the negator toks[k]
// ("is not a fencing token", "isn't the owner's value"), with none of
// harmlessNouns in its first words: a kind of thing denied of the
// subject, not a judgement that the subject is fine.
func nounPredicate(toks []token, k int) bool {
	i := k + 1
	if i >= len(toks) || toks[i].sent != toks[k].sent || toks[i].clause {
		return false
	}
	switch toks[i].raw {
	case "a", "an", "the", "one":
	default:
		return false
	}
	for j := i + 1; j < len(toks) && j <= i+3 && toks[j].sent == toks[k].sent && !toks[j].clause; j++ {
		if harmlessNouns[toks[j].raw] {
			return false
		}
	}
	return true
}

// backtickInClause reports a clause break at toks[j] made by backticks
// alone (only spaces and backticks since the previous word): code set in
// a sentence, which goes on with its clause.
func backtickInClause(d *doc, j int) bool {
	if d.toks[j].brk != '"' || j == 0 {
		return false
	}
	gap := d.text[d.toks[j-1].end:d.toks[j].start]
	return strings.Contains(gap, "`") && strings.Trim(gap, " `") == ""
}

// avoidBy reports that toks[j] is the "by" of "avoid X by doing Y" after
// the negator toks[k], an avoid: the means that follows is asserted. It
// needs a gerund within three words ("by having", "by each client
// creating"), so the agent of "avoid being overwritten by a stale
// writer" stays inside what is avoided.
func avoidBy(toks []token, k, j int) bool {
	if toks[j].raw != "by" || !strings.HasPrefix(toks[k].raw, "avoid") {
		return false
	}
	for i := j + 1; i < len(toks) && i <= j+3 && toks[i].sent == toks[j].sent; i++ {
		if len(toks[i].raw) > 4 && strings.HasSuffix(toks[i].raw, "ing") {
			return true
		}
	}
	return false
}

// missesPoint reports "misses the point" at toks[k]: a judgement, like a
// critic word ("a lock per customer misses the point").
func missesPoint(toks []token, k int) bool {
	switch toks[k].raw {
	case "misses", "miss", "missed", "missing":
		return k+2 < len(toks) && toks[k+1].raw == "the" && toks[k+2].raw == "point" && toks[k+2].sent == toks[k].sent
	case "defeat", "defeats", "defeated", "defeating":
		// "would defeat the point / the purpose"
		return k+2 < len(toks) && toks[k+1].raw == "the" && (toks[k+2].raw == "point" || toks[k+2].raw == "purpose" || toks[k+2].raw == "object") && toks[k+2].sent == toks[k].sent
	case "leap":
		// "a leap of faith"
		return k+2 < len(toks) && toks[k+1].raw == "of" && toks[k+2].raw == "faith" && toks[k+2].sent == toks[k].sent
	case "lose", "loses", "lost", "losing":
		// "X is one of the answers that lose the round", "saying X
		// loses you the interview"
		for j := k + 1; j < len(toks) && j <= k+4 && toks[j].sent == toks[k].sent; j++ {
			if r := toks[j].raw; r == "round" || r == "interview" || r == "offer" {
				return true
			}
			if toks[j].clause {
				return false
			}
		}
	}
	return false
}

// needRemovers take a need away: "Redlock removes the need for fencing"
// negates the need, and "it doesn't remove the need for idempotency"
// asserts it.
var needRemovers = setOf(`remove removes removed removing eliminate eliminates eliminated
obviate obviates obviated replace replaces replaced`)

// markNeedRemovers applies needRemovers after the negation scopes are
// known: "X removes the need for Y" negates "need for Y"; with the remover
// itself negated, the need is asserted (the two negations cancel).
func markNeedRemovers(d *doc) {
	toks := d.toks
	for k := range toks {
		// ("need" first: a comparison, where the remover is a lookup)
		if k+2 >= len(toks) || toks[k+2].raw != "need" || toks[k+1].raw != "the" || !needRemovers[toks[k].raw] || toks[k+2].sent != toks[k].sent {
			continue
		}
		by := toks[k].negBy
		for j := k + 1; j < len(toks) && j <= k+negForward && toks[j].sent == toks[k].sent; j++ {
			if j > k+2 && toks[j].clause {
				break
			}
			if by >= 0 {
				if toks[j].negBy == by {
					toks[j].negBy = -1
				}
			} else if toks[j].negBy < 0 {
				toks[j].negBy = k
			}
		}
	}
}

// needWords say something is needed; negated ("not needed", "don't
// need", "no need for", "isn't required") they dismiss what they govern.
var needWords = setOf(`need needs needed needing necessary required require requires essential`)

// needlessWords dismiss the subject of their clause, or what follows them,
// as not needed ("fencing is unnecessary", "it's overkill to cap it").
var needlessWords = setOf(`unnecessary needless unneeded superfluous overkill optional`)

// markNeedless marks the tokens an answer says are not needed: those in
// the scope of a negator that governs a need word ("you don't need
// fencing", "fencing is not needed", "there's no need for a majority",
// "needn't"), and the clause of a word that calls its subject needless
// ("capping it is unnecessary"). A pattern's "?" parts match negated or
// not, since the negation is often the point itself ("you can't prove it
// is dead"); a dismissal of the thing as not needed never is (see
// Pattern.collect).
func markNeedless(d *doc) {
	toks := d.toks
	for k := range toks {
		r := toks[k].raw
		switch {
		case r == "needn't" || r == "neednt":
			for j := k + 1; j < len(toks) && j <= k+negForward && toks[j].sent == toks[k].sent; j++ {
				if toks[j].negBy == k {
					toks[j].needless = true
				}
			}
			for j := k - 1; j >= 0 && j >= k-negBackward && toks[j].sent == toks[k].sent; j-- {
				if toks[j].negBy == k {
					toks[j].needless = true
				}
			}
		case toks[k].cls&clsNeedWord != 0:
			n := toks[k].negBy
			if n < 0 || n >= k || k-n > 3 {
				continue
			}
			for j := n - negBackward; j <= n+negForward && j < len(toks); j++ {
				if j >= 0 && j != k && toks[j].negBy == n {
					toks[j].needless = true
				}
			}
		case toks[k].cls&clsNeedless != 0:
			s := d.sents[toks[k].sent]
			lo := k
			for lo > s.from && lo > k-negForward && !toks[lo].clause {
				lo--
			}
			for j := lo; j < s.to && j <= k+negForward; j++ {
				if j > k && toks[j].clause {
					break
				}
				toks[j].needless = j != k
			}
		}
	}
}

// complementVerbs take a that-clause that their negation covers:
// "doesn't mean that", "does not guarantee that".
var complementVerbs = setOf(`guarantee guarantees mean means ensure ensures imply implies prove proves
promise promises`)

// attributiveDets before a critic word make it describe the noun after
// it ("the bad case").
var attributiveDets = setOf(`the a an one two this that every each`)

// repairedFault reports a critic word at toks[k] that a repair verb takes
// as its object, over a determiner and up to two modifiers: "fix the bug",
// "fixes the real bug", "fixed the actual underlying bug", "patch a racy
// release".
func repairedFault(toks []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-4; j-- {
		if repairVerbs[toks[j].raw] {
			return true
		}
		if toks[j+1].clause || toks[j].sent != toks[k].sent || toks[j].fn && !attributiveDets[toks[j].raw] || toks[j].cls&(clsNegator|clsCritic) != 0 {
			return false
		}
	}
	return false
}

// repairVerbs take a fault as their object ("fix the bug").
var repairVerbs = setOf(`fix fixes fixed fixing patch patches patched resolve resolves resolved`)

// relatives open a relative clause: after "nothing" or "nobody" the
// negation reaches into it.
var relatives = setOf(`that which who whom`)

// dummyOpeners are sentence openings that say nothing by themselves: a
// subject that points nowhere and a copula.
var dummyOpeners = setOf(`it's that's there's they're this's it_is this_is that_is there_is
there_are they_are these_are those_are it_was there_was`)

// minDressed is how many sentences must open with a dummy opener before
// they read as a list dressed as sentences.
const minDressed = 3

// maxDressedWords is the longest sentence that can be a list item dressed
// as one: the opener lends a term its function words ("It is a revision
// for fencing."), but a sentence longer than this carries clauses of its
// own ("It's the wrong tool when the section touches the outside world,
// because a rollback does not undo an HTTP call") and is prose.
const maxDressedWords = 14

// markDressed marks the sentences of a keyword list dressed as sentences:
// "It is async replication. It is a Raft quorum. It is a revision." Each
// opener supplies the function words that make a term look like prose, so
// when several sentences open that way they are list items: they may still
// raise a red flag but earn no point.
func markDressed(d *doc) {
	var dressed []int
	for si, s := range d.sents {
		t := &d.toks[s.from]
		if t.cls&clsDummyOpener == 0 {
			continue // no opener, nor the first word of one
		}
		open := dummyOpeners[t.raw]
		if !open && s.to-s.from > 1 {
			open = dummyOpeners[t.raw+"_"+d.toks[s.from+1].raw]
		}
		if open && s.to-s.from <= maxDressedWords {
			dressed = append(dressed, si)
		}
	}
	if len(dressed) < minDressed {
		return
	}
	for _, si := range dressed {
		d.sents[si].dressed = true
	}
}

// rejectWords judge a claim placed before them ("... is the bug", "... is
// a myth") or introduce one placed after them ("it's a myth that ...").
var rejectWords = setOf(`wrong unsafe broken dangerous incorrect bug buggy mistake mistaken flawed
naive false untrue myth misconception fallacy nonsense antipattern footgun trap avoid avoided`)

// critModifiers may stand between a copula and a rejecting word: "is the
// classic bug", "is what I avoid".
var critModifiers = setOf(`a an the classic common typical real exactly usual famous textbook
known very just simply plain clear obvious what i we you one big subtle classical something
to`)

// claimVerbs report what someone says: "some say ...", "people think ...".
var claimVerbs = setOf(`say says said claim claims claimed think thinks believe believes argue
argues assume assumes insist insists suggest suggests`)

// claimants attribute a claim to others: "some say", "people think".
var claimants = setOf(`some people many others vendors folks someone proponents they blogs docs`)

// rebuttals, after an attributed claim, reject it: "some say X, but ...".
var rebuttals = setOf(`but however otherwise wrong false untrue myth incorrect mistaken disproved
debunked unsafe broken nonsense`)

// reportVerbs introduce reported speech.
var reportVerbs = setOf(`said says say claimed claims claim told tells argued argues argue insisted
insists insist suggested suggests suggest proposed proposes propose thought thinks believed believes wrote writes swore
assured reckoned reckons recommended recommends asserted asserts tell defended defends pitched
pitches floated described explained presented framed taught characterised characterized portrayed
summarised summarized states stated`)

// reporters are who reports a claim: anyone but the candidate.
var reporters = setOf(`colleague colleagues teammate teammates coworker coworkers co-worker
someone somebody engineer engineers manager lead interviewer team people folks vendor vendors
blog blogs article post docs doc junior senior candidate candidates he she they others
consultant architect reviewer dev devs developer developers friend guy guys tech-lead tutorial eng staff
principal
stackoverflow answer pm po boss cto ceo sre ops qa intern contractor
runbook runbooks wiki readme playbook handbook book slide slides deck whitepaper forum
ticket tickets chatgpt copilot` + " redis-docs")

// reportedBy reports whether someone other than the candidate speaks the
// verb at toks[k]: a reporter within the six words before it.
func reportedBy(toks []token, k, start int) bool {
	for j := k - 1; j >= start && j >= k-6; j-- {
		if toks[j].cls&clsReporter != 0 {
			return true
		}
	}
	// "I was once told", "it is often said that": passive reported speech
	// has no reporter, and is still someone else's claim.
	if passiveReports[toks[k].raw] {
		for j := k - 1; j >= start && j >= k-3; j-- {
			if passiveAux[toks[j].raw] {
				return true
			}
		}
	}
	return false
}

// passiveReports are the report verbs that, after passiveAux ("was
// told", "is often said"), report a claim nobody in the sentence makes.
var passiveReports = setOf(`told said described called defined explained presented pitched sold framed taught characterised characterized portrayed summarised summarized`)

var passiveAux = setOf(`was were been being is it's`)

// knowVerbs before a final "otherwise" reject what came before: "...;
// Kleppmann showed otherwise".
var knowVerbs = setOf(`showed shown shows show proved proven prove argued argues argue says said
demonstrated suggests know knows think thinks believe believes`)

// strongClause words end a probe: the sentence moves on to a claim.
var strongClause = setOf(`so because since but although though whereas however therefore`)

// markFrames marks what a sentence rejects or only probes, beyond plain
// negation: "it is not true that X", "X is the bug", "some say X, but",
// "X; Kleppmann showed otherwise" reject X (refuted, and negated where
// nothing negated it yet); "look for X", "rule out X", "check whether X"
// probe X (a debugging step names a suspect, it does not claim it).
func markFrames(d *doc) {
	toks := d.toks
	sentEnd := func(k int) int { return d.sents[toks[k].sent].to }
	sentStart := func(k int) int { return d.sents[toks[k].sent].from }
	refute := func(from, to int, negate bool, by int) {
		for j := from; j < to; j++ {
			toks[j].refuted = true
			if negate && toks[j].negBy < 0 {
				toks[j].negBy = by
			}
		}
	}
	// clauseEnd is the end of the clause that starts at from (a clause
	// break on from itself does not count).
	clauseEnd := func(from int) int {
		end := sentEnd(from)
		for j := from + 1; j < end; j++ {
			if toks[j].clause {
				return j
			}
		}
		return end
	}
	for k := range toks {
		t := &toks[k]
		if t.cls&clsFrame == 0 && t.raw != "that" && t.raw != "otherwise" {
			continue
		}
		switch {
		// "it is not true that X", "it's a myth that X", "the mistake is
		// that X", "it is wrong to say X".
		case (t.raw == "that" || (t.cls&clsClaimVerb != 0 && k > 0 && toks[k-1].raw == "to")) && rejectsAhead(toks, k):
			from := k + 1
			if from < sentEnd(k) && toks[from].raw == "that" {
				from++
			}
			if from < sentEnd(k) {
				refute(from, clauseEnd(from), true, k)
			}
		// "some say X, but ...": X is attributed and rebutted.
		case t.cls&clsClaimant != 0:
			v := k + 1
			if v < sentEnd(k) && toks[v].raw == "people" {
				v++
			}
			if v >= sentEnd(k) || toks[v].cls&clsClaimVerb == 0 {
				continue
			}
			from := v + 1
			if from < sentEnd(k) && toks[from].raw == "that" {
				from++
			}
			if from >= sentEnd(k) {
				continue
			}
			to := clauseEnd(from)
			for j := to; j < sentEnd(k); j++ {
				if rebuttals[toks[j].raw] || (toks[j].cls&clsNegator != 0) {
					refute(from, to, false, k)
					break
				}
			}
		// "a colleague said X", "my teammate told me that X", "someone
		// on the team insisted: X": reported speech is someone else's
		// claim, whatever the candidate goes on to say of it.
		case t.cls&clsReport != 0 && reportedBy(toks, k, sentStart(k)):
			from := k + 1
			for from < sentEnd(k) && (toks[from].raw == "that" || toks[from].raw == "me" || toks[from].raw == "us" || toks[from].raw == "to") {
				from++
			}
			// "the client is told immediately, so ...": a report with
			// no content (a comma right after the verb or its adverb)
			// reports nothing.
			if n := from; n < sentEnd(k) {
				if strings.HasSuffix(toks[n].raw, "ly") && !toks[n].clause && n+1 < sentEnd(k) {
					n++
				}
				if n < sentEnd(k) && toks[n].clause && toks[n].brk == ',' {
					continue
				}
			}
			// The report runs to the end of the sentence, or to where the
			// candidate turns against it ("..., but ...").
			to := from
			for to < sentEnd(k) && !(to > from && (strongClause[toks[to].raw] && toks[to].raw != "so" && toks[to].raw != "because" && toks[to].raw != "since" || rebuttalWords[toks[to].raw])) {
				to++
			}
			refute(from, to, false, k)
		// "X; Kleppmann showed otherwise."
		case t.raw == "otherwise" && k+1 == sentEnd(k) && k > 0 && knowVerbs[toks[k-1].raw]:
			c := k
			for c > sentStart(k) && !toks[c].clause {
				c--
			}
			refute(sentStart(k), c, false, k)
		// "X is the bug", "X is what I avoid", "X is a myth".
		case t.cls&clsReject != 0:
			c := k - 1
			for c >= sentStart(k) && c >= k-4 && critModifiers[toks[c].raw] {
				c--
			}
			if c < sentStart(k) || !(auxiliaries[toks[c].raw] || strings.HasSuffix(toks[c].raw, "'s")) || toks[c].raw == "do" || toks[c].raw == "does" {
				continue
			}
			from := c
			if toks[c].raw == "is" || toks[c].raw == "are" || toks[c].raw == "was" || toks[c].raw == "were" {
				// the subject ends before the copula; walk back over it,
				// across quotation marks but no other clause break.
				for from > sentStart(k) && !(toks[from].clause && toks[from].brk != '"') && from > c-14 {
					from--
				}
			} else if toks[c].clause && toks[c].brk == '"' {
				// "X" it's wrong: not a pattern worth guessing.
				continue
			}
			refute(from, c, true, k)
		// "look for X", "rule out X", "check whether X", "I suspect X".
		case isProbe(toks, k):
			end, to := sentEnd(k), k
			for to < end && !(to > k && toks[to].clause && (strongClause[toks[to].raw] || toks[to].brk == ';' || toks[to].brk == ':' || toks[to].brk == '—' || toks[to].brk == '–')) {
				to++
			}
			// A checklist runs to the end of its sentence, across the
			// colons of its groups ("then redis: failover, restart"), as
			// does a list of suspects after a probe's colon or dash
			// ("figure out who lied — the lock service (...), the worker
			// (...), or our code (...)").
			if checkVerbs[t.raw] && checklist(toks, k) || to < end && (toks[to].brk == ':' || toks[to].brk == '—' || toks[to].brk == '–') && (checklist(toks, to) || vagueProbeObject(toks[k+1:to])) {
				to = end
			}
			// g20: "check the acquire code - SETNX and EXPIRE
			// separately, or ...": what follows a code place to read,
			// up to the next semicolon, is what to look for there.
			if codePlaceProbe(toks, k) {
				for to < end && !(to > k && toks[to].clause && toks[to].brk == ';') {
					to++
				}
			}
			// "check whether I still hold it before writing" is a step of
			// the design, not a diagnosis.
			// So is "check it once at the start, and if it matches, the
			// rest runs unguarded": the check guards what follows.
			// So is a check timed in the run ("check at the start of the
			// job that the number still matches — once that passes, ..."):
			// a diagnosis looks at what happened, not at when the job runs.
			if checkVerbs[t.raw] && !codePlaceProbe(toks, k) {
				for j := k; j < to; j++ {
					if toks[j].raw == "before" || runMoments[toks[j].raw] && j+1 < to && (toks[j+1].raw == "of" || toks[j].raw != "start") || toks[j].raw == "if" && j > k+1 && toks[j-1].raw == "and" && toks[j-1].brk == ',' || guardedActions[toks[j].raw] || toks[j].raw == "so" && toks[j-1].raw == "if" {
						to = k
					}
				}
			}
			// g16: a "check" that is a probe only as a list of suspects,
			// whose list goes on to adjust a setting ("check the p99
			// runtime, bump the lease past it, and ..."), acts on what it
			// found: no list of suspects holds an action.
			// g17: so is a comparison a component of the system is to make
			// (componentCompares).
			// g20g: so is a check inside an if-clause ("if you WAIT for
			// all replicas and check the result, then failover can't lose
			// it"): it is part of a condition the design sets, and a
			// diagnosis is no condition.
			acted := (t.raw == "check" || t.raw == "checking") && !checkTakesObject(toks, k) && adjustsSetting(toks, k) || componentCompares(toks, k) ||
				checkVerbs[t.raw] && checkInCondition(toks, k) ||
				// g20g: so is a check timed just before an action told
				// ahead of it ("right before the call, check the
				// remaining lease"), as one timed after it is.
				checkVerbs[t.raw] && !codePlaceProbe(toks, k) && timedJustBefore(toks, k) ||
				// g49 (QA-49 #025): so is a check made on the act it
				// guards ("add a version column and check it on save:
				// UPDATE ... WHERE version = $v").
				checkVerbs[t.raw] && checkOnAct(toks, k, to) ||
				// g50 (validation GB): so is a check said not to be
				// needed ("the completion update doesn't need any claim
				// check — by the time ..."): a check waved off looks for
				// nothing, and what follows it is claimed. (A check said
				// to be missing, "No ownership check, so ...", is left
				// as it was: it tells a bug.)
				checkVerbs[t.raw] && t.needless ||
				// g53 (validation GJ): so is a check that is a step of
				// the way the speaker prescribes ("Correct way is `WAIT
				// <all replicas> 100` and check returned count equals all
				// replicas - then every replica has the lock").
				checkVerbs[t.raw] && prescribedStep(toks, sentStart(k), k) ||
				// g54 (tuning GT): so is the check the speaker says they
				// would do ("I would do the IsOwner check as a Get and
				// then, if it holds, issue the Put").
				checkVerbs[t.raw] && ownCheckStep(toks, sentStart(k), k)
			for j := k; j < to; j++ {
				if acted {
					toks[j].readerProbe = true
				} else {
					toks[j].probe = true
				}
			}
		}
	}
}

// prepositionsOfNoun end, going back, the noun a relative clause is said
// of ("sorting the logs by their timestamps, which ...").
var prepositionsOfNoun = setOf(`by with of from in on at for to`)

// vouchWords say a thing can be trusted: "which are reliable enough".
var vouchWords = setOf(`reliable accurate trustworthy precise safe fine`)

// markVouchedInProbes claims again, for the red flags and the key points,
// a relative clause inside a probe that vouches for what the probe looks
// at: "look for the true order by sorting both hosts' logs by their
// wall-clock timestamps, which are reliable enough because both run NTP"
// (QA-48b H3) looks for the order, and asserts the clocks can be trusted.
// The second reader, trained before this rule, still reads the clause as
// part of the probe (readerProbe).
func markVouchedInProbes(d *doc) {
	toks := d.toks
	for k := 1; k+2 < len(toks); k++ {
		if !toks[k].probe || !toks[k].clause || toks[k].raw != "which" && toks[k].raw != "that" {
			continue
		}
		v := k + 1
		if r := toks[v].raw; r != "is" && r != "are" && r != "was" && r != "were" {
			continue
		}
		vouched := false
		for j := v + 1; j < len(toks) && j <= v+3 && toks[j].sent == toks[k].sent && !toks[j].clause; j++ {
			if vouchWords[toks[j].raw] && toks[j].negBy < 0 {
				vouched = true
			}
		}
		if !vouched {
			continue
		}
		// The clause, its reason, and the noun it is said of ("their
		// wall-clock timestamps, which ...", back to a preposition).
		from := k
		for from > 0 && from > k-5 && toks[from-1].sent == toks[k].sent && !toks[from-1].clause && !prepositionsOfNoun[toks[from-1].raw] {
			from--
		}
		for j := from; j < len(toks) && toks[j].sent == toks[k].sent && (j <= k || !toks[j].clause || toks[j].raw == "because" || toks[j].raw == "since"); j++ {
			if toks[j].probe {
				toks[j].probe, toks[j].readerProbe = false, true
			}
		}
	}
}

// timedJustBefore reports a check at toks[k] that a clause of its
// sentence, earlier and with no colon, semicolon or dash between, times
// "right / just / immediately before" an action ("right before the call,
// check ...").
func timedJustBefore(toks []token, k int) bool {
	for j := k - 1; j > 0 && toks[j].sent == toks[k].sent; j-- {
		if toks[j+1].clause && (toks[j+1].brk == ':' || toks[j+1].brk == ';' || toks[j+1].brk == '—' || toks[j+1].brk == '–') {
			return false
		}
		if toks[j].raw == "before" && toks[j-1].sent == toks[k].sent {
			switch toks[j-1].raw {
			case "right", "just", "immediately":
				return true
			}
		}
	}
	return false
}

// checkInCondition reports a check at toks[k] inside an if-clause that
// opens earlier in its sentence, with no punctuation between them ("if
// you wait and check the result, ..."; not "if it fails, check the
// logs", whose check is the main clause).
func checkInCondition(toks []token, k int) bool {
	for j := k - 1; j >= 0 && toks[j].sent == toks[k].sent; j-- {
		if toks[j].raw == "if" {
			return true
		}
		if toks[j+1].clause && toks[j+1].brk != 0 {
			return false
		}
	}
	return false
}

// codePlaceProbe reports a debugging step at toks[k] that reads a
// place in the code and lists what to look for there after a colon or a
// dash: "check the acquire code - SETNX and EXPIRE separately, ...",
// "read the client code — releases that delete anyone's key, ...". The
// suspects named after it are named, not claimed (grader g20).
func codePlaceProbe(toks []token, k int) bool {
	switch toks[k].raw {
	case "check", "checking", "read", "reading", "review", "reviewing", "inspect", "inspecting", "audit", "auditing":
	default:
		return false
	}
	if k > 0 && toks[k-1].sent == toks[k].sent && ((toks[k-1].cls&clsNegator != 0) || attributiveDets[toks[k-1].raw]) {
		return false
	}
	for j := k + 1; j < len(toks) && j <= k+4 && toks[j].sent == toks[k].sent; j++ {
		if toks[j].clause {
			return false
		}
		if toks[j].raw == "code" || toks[j].raw == "implementation" {
			n := j + 1
			if !(n < len(toks) && toks[n].sent == toks[k].sent && toks[n].clause && (toks[n].brk == ':' || toks[n].brk == '—' || toks[n].brk == '–')) {
				return false
			}
			// "check the acquire code - we send SETNX then EXPIRE, and
			// that's fine": what the candidate judges there is their own
			// account of the code, not a suspect.
			end := n + 1
			for end < len(toks) && toks[end].sent == toks[k].sent && !(toks[end].clause && toks[end].brk == ';') {
				end++
			}
			return ownVerdict(toks, n, end) < 0
		}
	}
	return false
}

// ownVerdict returns the first word of toks[from:to] by which the
// candidate judges what they just described acceptable ("..., and that's
// fine", "..., which is safe", "X as separate calls is correct"), or -1.
// A debugging step's list of suspects holds no such verdict: once the
// candidate vouches for an item, it is their claim (grader g20).
func ownVerdict(toks []token, from, to int) int {
	for j := from + 1; j < to; j++ {
		if !verdictWords[toks[j].raw] || toks[j].negBy >= 0 {
			continue
		}
		c := j - 1
		if c > from && (toks[c].raw == "perfectly" || toks[c].raw == "totally" || toks[c].raw == "completely" || toks[c].raw == "actually" || toks[c].raw == "still") {
			c--
		}
		switch toks[c].raw {
		case "is", "are", "that's", "it's", "was", "works", "work":
			return c
		}
	}
	return -1
}

// verdictWords, after a copula, judge what was described acceptable.
var verdictWords = setOf(`fine safe correct ok okay acceptable harmless`)

// checkTakesObject reports a "check" at toks[k] that probes by the word
// after it ("check whether", "check for", "check each"), not by the list
// that follows it (see isProbe).
func checkTakesObject(toks []token, k int) bool {
	if k+1 >= len(toks) || toks[k+1].sent != toks[k].sent {
		return false
	}
	switch toks[k+1].raw {
	case "whether", "if", "for", "each", "every", "all":
		return true
	}
	return false
}

// adjustVerbs open an item that changes a setting ("raise the TTL",
// "double the lease"): an action, which a list of suspects never holds.
var adjustVerbs = setOf(`raise increase bump double triple lengthen shorten lower reduce`)

// adjustsSetting reports whether one of the comma-separated items after
// toks[k], in its sentence, opens (after "and" or "then") with a verb
// that adjusts a setting.
func adjustsSetting(toks []token, k int) bool {
	for j := k + 1; j < len(toks) && toks[j].sent == toks[k].sent; j++ {
		if !toks[j].clause || toks[j].brk != ',' {
			continue
		}
		n := j
		if toks[n].raw == "and" || toks[n].raw == "then" {
			n++
		}
		if n < len(toks) && toks[n].sent == toks[k].sent && adjustVerbs[toks[n].raw] {
			return true
		}
	}
	return false
}

// runMoments name a moment in a job's run at which a design checks
// something: "at the start of the job", "at startup", "up front".
var runMoments = setOf(`start startup beginning upfront`)

// vagueObjects, as a probe's object, promise the suspect after a colon
// or dash: "I'd rule out the obvious first — a DEL that doesn't check
// the value".
var vagueObjects = setOf(`obvious usual basics likely boring simple cheap easy`)

// vagueProbeObject reports a probe's object that names no suspect of its
// own (see vagueObjects).
func vagueProbeObject(toks []token) bool {
	for ti := range toks {
		t := &toks[ti]
		if vagueObjects[t.raw] {
			return true
		}
	}
	return false
}

// mentionNouns name a claim as a thing talked about: a quotation in their
// sentence is mentioned, not made ("I heard the argument "X"").
var mentionNouns = setOf(`argument arguments claim claims advice idea ideas misconception
tempting reject rejected comment comments
misconceptions mistake mistakes myth myths assumption assumptions belief saying suggestion proposal
postmortem post-mortem heard quote quoting slogan line wisdom reasoning antipattern anti-pattern
pitfall pitfalls trap misreading misunderstanding fallacy`)

// headerWords, before a colon, head a list of suspects or mistakes
// ("Client bugs: ...", "Look for the root cause: ...", "Common mistake:
// ..."): what follows the colon is named, not claimed.
var headerWords = setOf(`bug bugs suspect suspects cause causes culprit culprits candidates don'ts donts
collect gather evidence
candidate review mistake mistakes misconception misconceptions antipattern anti-pattern
antipatterns anti-patterns pitfall pitfalls trap traps error errors check checks checklist
failure failures suspicious smells smell myth myths breaks fails risks problems ruled rejected
excluded banned narrows mitigations inflicted caveats limitations downsides gotchas
bite bites burn burns hazards signals metrics measurements dashboards graphs`)

// wayNouns, before "is", name the way the speaker prescribes: "the
// correct way is ...", "the fix is ...".
var wayNouns = setOf(`way fix solution approach remedy`)

// prescribedStep reports a check at toks[k] in a sentence that opens on
// the speaker's prescription, "(The) correct way is X and check Y", with
// no negator or clause break of its own before the check but the "and".
func prescribedStep(toks []token, start, k int) bool {
	for j := start; j < k && j <= start+3; j++ {
		if toks[j].cls&clsNegator != 0 || toks[j].negBy >= 0 {
			return false
		}
		if wayNouns[toks[j].raw] && toks[j+1].raw == "is" {
			for x := j + 2; x < k; x++ {
				if toks[x].clause && toks[x].brk != 0 && !toks[x].code && !(x == k-1 && toks[x].raw == "and") {
					return false
				}
			}
			return toks[k-1].raw == "and"
		}
	}
	return false
}

// ownCheckStep reports the check at toks[k] as the object of the
// speaker's own doing: "I would do the IsOwner check", "we'd run the
// check", with no negator between the speaker and the check.
func ownCheckStep(toks []token, start, k int) bool {
	for j := k - 1; j >= start && j >= k-4; j-- {
		if toks[j].cls&clsNegator != 0 || toks[j].negBy >= 0 || toks[j].clause && j != start {
			return false
		}
		if r := toks[j].raw; r == "do" || r == "run" || r == "perform" {
			i := j - 1
			if i >= start && (toks[i].raw == "would" || toks[i].raw == "will") {
				i--
			}
			return i >= start && firstPersonWords[toks[i].raw]
		}
	}
	return false
}

// guardedActs are the acts a check made "on" them guards: "check it on
// save", "checks the version on every write".
var guardedActs = setOf(`save saves saving write writes writing update updates updating commit commits each every`)

// checkOnAct reports a check at toks[k] made on the act it guards, within
// the next few words before to: "check it on save", "check the version
// at every write".
func checkOnAct(toks []token, k, to int) bool {
	for j := k + 1; j+1 < to && j <= k+4; j++ {
		if (toks[j].raw == "on" || toks[j].raw == "at" || toks[j].raw == "upon") && guardedActs[toks[j+1].raw] {
			return true
		}
	}
	return false
}

// guardOpens reports words from toks[k] to end that open on the action a
// check guards: "before each write", "right before writing", "just
// before the call", with the client, not the resource, making the check
// (see resourceChecks).
func guardOpens(toks []token, k, end int) bool {
	if k < end && (toks[k].raw == "right" || toks[k].raw == "just" || toks[k].raw == "immediately") {
		k++
	}
	if k+1 >= end || toks[k].raw != "before" {
		return false
	}
	switch toks[k+1].raw {
	case "each", "every", "the", "any":
		return !resourceChecks(toks, k+3, end)
	case "writing", "calling", "sending", "committing", "updating", "acting":
		return !resourceChecks(toks, k+2, end)
	}
	return false
}

// resourceNouns name the resource a lock protects, as the subject of a
// check it makes itself.
var resourceNouns = setOf(`storage database db store datastore resource
table backend ledger sink bucket`)

// resourceChecks reports the words from toks[k] opening on the resource
// as the subject of the step after the guarded action: "before each
// write the database compares the token ...". That check is the fence
// itself, made where the write lands (g20j), so the header is read as it
// was before guardOpens: the claims after it set aside.
func resourceChecks(toks []token, k, end int) bool {
	for i := 0; i < 2 && k < end; i, k = i+1, k+1 {
		switch toks[k].raw {
		case "the", "our", "its", "their", "your", "that", "this":
			continue
		}
		return resourceNouns[toks[k].raw]
	}
	return false
}

// investigationNouns, as a short header of their own ("Debugging:", "My
// triage:"), head a list of places to look; in a longer header they may
// head the candidate's own steps ("Two things I'd do while debugging:").
var investigationNouns = setOf(`debugging diagnosis diagnostics investigation triage troubleshooting`)

// sameFor reports a sentence that opens by carrying the one before it
// over to something else: "Same for X", "Same with X", "Same goes for
// X", "Ditto X", "Likewise X", "The same applies to X".
func sameFor(toks []token) bool {
	if len(toks) < 2 {
		return false
	}
	w0, w1 := toks[0].raw, toks[1].raw
	switch {
	case w0 == "same" && (w1 == "for" || w1 == "with" || w1 == "goes" || w1 == "applies"):
		return true
	case w0 == "ditto" || w0 == "likewise":
		return true
	case w0 == "the" && w1 == "same" && len(toks) > 2 && (toks[2].raw == "applies" || toks[2].raw == "goes" || toks[2].raw == "for" || toks[2].raw == "with"):
		return true
	}
	return false
}

// harmNouns name what goes wrong: a sentence about the one before it that
// names one judges it ("That's a check and a write, and a pause between
// them gives the stale overwrite").
var harmNouns = setOf(`stale overwrite overwrites race races gap worried problem problems harm
corruption duplicate duplicates`)

// judged reports a sentence that rejects something, names a harm or
// holds a critic word ("X is a check and a write with a gap between
// them"), or goes on about the one before it (a back-reference first)
// with a negation ("That doesn't stop a paused holder").
func judged(toks []token) bool {
	back := len(toks) > 0 && (toks[0].cls&clsBackRef != 0)
	for ti := range toks {
		t := &toks[ti]
		if t.refuted || t.cls&clsCritic != 0 || harmNouns[t.raw] || back && t.negBy >= 0 {
			return true
		}
	}
	return false
}

// notWhat reports a sentence opened by a back-reference denied as what
// or how something is: "That's not what WAIT promises", "That isn't how
// WAIT works", "It is not what the docs say".
func notWhat(toks []token) bool {
	for j := 1; j+1 < len(toks) && j <= 3; j++ {
		if toks[j].raw == "not" || strings.HasSuffix(toks[j].raw, "n't") {
			n := toks[j+1].raw
			return n == "what" || n == "how"
		}
	}
	return false
}

// oneOfCopulas, before "one of:", make it a diagnosis's list of
// candidates: "it is one of:", "usually one of:".
var oneOfCopulas = setOf(`is it's be was usually always typically probably likely nearly almost`)

// probeHeadWords, before a colon, head a code-reading step ("Then I'd
// audit the client: ...", "inspect the acquire path: ..."): what follows
// names what the step looks for.
var probeHeadWords = setOf(`audit auditing inspect inspecting examine examining`)

// codeNouns are what a step of reading code reads: "read the release:".
var codeNouns = setOf(`code release acquire client path implementation renewal library wrapper`)

// readableCode are the codeNouns that name a piece of code one reads for
// a suspect ("read the release for a plain DEL"); "client" and "renewal"
// also name a party and an act.
var readableCode = setOf(`code release acquire path implementation library wrapper`)

// codeReadVerbs read code when a codeNoun is their object: "read the
// release:", "open the acquire code:", "trace the renewal path:".
var codeReadVerbs = setOf(`read reread re-read open trace`)

// readsCode reports a word before a colon at toks[j] that heads a step of
// reading code: audit, inspect or examine anything, or read / reread
// the code, the release path, the client ("To release, read the value:"
// is a step of the design, not of a diagnosis).
func readsCode(toks []token, j, colon int) bool {
	if toks[j].cls&clsCodeHead == 0 {
		return false // neither a probe head nor a reading verb
	}
	r := toks[j].raw
	if probeHeadWords[r] {
		return true
	}
	if !codeReadVerbs[r] {
		return false
	}
	for k := j + 1; k < colon; k++ {
		if codeNouns[toks[k].raw] {
			return true
		}
	}
	return false
}

// faultKinds name a kind of fault at the end of a fragment that heads a
// line ("Client bug.", "Likely causes.", "Suspects.").
var faultKinds = setOf(`bug bugs cause causes suspect suspects culprit culprits`)

// faultHeading reports a fragment of at most three words ending in a
// fault kind, with no verb, that opens a bulleted line and is followed on
// that line by another sentence. ("Several causes. Memory: ...", opening
// a paragraph, heads the candidate's own account of causes and fixes.)
func faultHeading(d *doc, s sentence) bool {
	if s.to-s.from > 3 || s.question || !faultKinds[d.toks[s.to-1].raw] || laterOnLine(d, s) || !bulleted(d, s) {
		return false
	}
	for j := s.from; j < s.to-1; j++ {
		if auxiliaries[d.toks[j].raw] || d.toks[j].code {
			return false
		}
	}
	line := lineOf(d, s)
	for _, n := range d.sents {
		if n.from >= s.to {
			return lineOf(d, n) == line
		}
	}
	return false
}

// rejectMarks open a line that lists something rejected: "❌ SETNX then
// EXPIRE", "✗ release with DEL".
const rejectMarks = "❌✗✘🚫⛔×"

// rejectMarked reports a sentence on a line opened (after spaces and a
// list marker) by a reject mark.
func rejectMarked(d *doc, s sentence) bool {
	line := strings.TrimLeft(d.text[lineOf(d, s):d.toks[s.from].start], " \t-*•")
	r, _ := utf8.DecodeRuneInString(line) // the first rune, without making runes of the whole line
	return line != "" && strings.ContainsRune(rejectMarks, r)
}

// lineOf returns the byte offset of the start of the line s begins on.
// The lines of all of d's sentences are found in one pass when first
// asked for (a search back from each sentence read a one-paragraph
// answer once per sentence).
func lineOf(d *doc, s sentence) int {
	if len(d.lines) != len(d.sents) {
		d.lines = d.lines[:0]
		// A sentence's line starts after the last newline before it:
		// the newlines are found going forward, each once (a fast
		// search), as the sentences come in order.
		line := 0
		nl := strings.IndexByte(d.text, '\n')
		for _, n := range d.sents {
			start := d.toks[n.from].start
			for nl >= 0 && nl < start {
				line = nl + 1
				if j := strings.IndexByte(d.text[line:], '\n'); j >= 0 {
					nl = line + j
				} else {
					nl = -1
				}
			}
			d.lines = append(d.lines, line)
		}
	}
	return d.lines[d.toks[s.from].sent]
}

// dismissesHeader reports a header that sets its problems aside rather
// than announcing them ("Clock problems you can ignore here: Redis counts
// TTLs on a monotonic clock"): what follows the colon is the candidate's
// reason, claimed. A header of mistakes or myths to ignore still names them.
func dismissesHeader(toks []token) bool {
	dismissed := false
	for ti := range toks {
		t := &toks[ti]
		if t.cls&(clsMistakeNoun|clsMention) != 0 {
			return false
		}
		if t.raw == "ignore" || t.raw == "ignored" || t.raw == "ignorable" {
			dismissed = true
		}
	}
	return dismissed
}

// waivedHeader reports a header whose subject, one of the header words, is
// said to be no worry ("Partial failure is less of a concern:", "Crash
// failures are fine:", "Partial failure is handled for free:"): what follows its colon is
// the candidate's reason, claimed, not a list of suspects (g15). A header
// of mistakes or myths still names them.
func waivedHeader(toks []token) bool {
	for j := 0; j+1 < len(toks); j++ {
		if toks[j].cls&(clsMistakeNoun|clsMention) != 0 { // mistakeNouns, mentionNouns
			return false
		}
		if !headerWords[toks[j].raw] {
			continue
		}
		c := toks[j+1].raw
		if c != "is" && c != "are" && c != "was" && c != "were" {
			continue
		}
		less := false
		for k := j + 2; k < len(toks) && k <= j+7; k++ {
			switch r := toks[k].raw; {
			case r == "less":
				less = true
			case r == "fine" || r == "harmless" || r == "non-issue":
				return true
			// g40: "Partial failure is handled for free:", "... is
			// covered:", "... is solved:"
			case r == "handled" || r == "covered" || r == "solved":
				return true
			case less && (r == "concern" || r == "worry" || r == "problem" || r == "issue" || r == "risk"):
				return true
			case toks[k].cls&clsNegator != 0: // isNegator(r)
				return false
			}
		}
	}
	return false
}

// deniedHeader reports a header whose subject is said not to be one of
// the things a header word names ("Failover isn't one of the risks:",
// "Clock drift is not among the problems:"): what follows its colon is
// the reason, claimed, not a list of suspects. A header opened by its
// negator ("No bugs here:") is not one, nor one whose verb is denied
// ("Redlock doesn't fix these failures:"), which still names them.
func deniedHeader(toks []token) bool {
	for j := 1; j < len(toks); j++ {
		r := toks[j].raw
		// a copula denied: "isn't", "is not", "are no"
		copula := r == "isn't" || r == "aren't" || r == "wasn't" || r == "weren't" ||
			(r == "not" || r == "no") && (toks[j-1].raw == "is" || toks[j-1].raw == "are" || toks[j-1].raw == "was" || toks[j-1].raw == "were")
		if copula {
			return !isFunction(toks[0].raw) || toks[0].raw == "it" || toks[0].raw == "this" || toks[0].raw == "that"
		}
		if toks[j].cls&clsNegator != 0 || r == "no" { // isNegator(r)
			return false
		}
	}
	return false
}

// mistakeNouns name a mistake: a sentence holding one may announce a
// list of them.
var mistakeNouns = setOf(`mistake mistakes antipattern antipatterns anti-pattern anti-patterns
pitfall pitfalls trap traps footgun footguns misconception misconceptions misreading
misreadings misunderstanding misunderstandings fallacy misuse misuses`)

// dashHeaderVerbs make the words before a dash a clause of their own
// ("Bugs are rare — X"), not a header.
var dashHeaderVerbs = setOf(`is are was were be been being seem seems seemed happen happens
rare fine ok okay solved fixed gone aside apart besides`)

// dashFaultHeader reports a sentence that opens, in at most five words
// before a dash, on a noun naming a kind of fault ("And the self-inflicted
// ones — X", "Classic pitfalls — X"), with no verb of its own and nothing
// in it denied.
func dashFaultHeader(toks []token, s sentence) bool {
	// The opening must end at a dash within its first words: found
	// first, as most sentences have none there, so their words are
	// looked up in no set (the loop below returns false for them too).
	dash := false
	for j := s.from + 1; j < s.to && j <= s.from+5; j++ {
		if toks[j].clause {
			dash = toks[j].brk == '—' || toks[j].brk == '–'
			break
		}
	}
	if !dash {
		return false
	}
	fault := false
	for j := s.from; j < s.to && j <= s.from+5; j++ {
		if j > s.from && toks[j].clause {
			if toks[j].brk != '—' && toks[j].brk != '–' {
				return false
			}
			return fault && !dashDenied(toks, j, s)
		}
		r := toks[j].raw
		if toks[j].negBy >= 0 || toks[j].cls&clsNegator != 0 || r == "no" || auxiliaries[r] || dashHeaderVerbs[r] {
			return false
		}
		if toks[j].cls&clsMistakeNoun != 0 || faultKinds[r] || r == "inflicted" || r == "gotchas" || r == "culprits" {
			fault = true
		}
	}
	return false
}

// dashDenials, right after a fault header's dash, say there is no such
// fault ("Bugs — none really", "Mistakes — overthinking it", "Common
// culprits — not an issue for us").
var dashDenials = setOf(`none no not nah nope nothing overblown overrated overthinking overthought
handled fine solved fixed myth myths`)

// firstPerson words tell the candidate's own doing.
var firstPerson = setOf(`i we our ours us my me i'm i've i'd we're we've we'd`)

// dashDenied reports that what follows the dash at toks[at] denies the
// header (one of dashDenials, or a negator, in its first three words) or
// tells the candidate's own practice ("we SETNX then EXPIRE", "I trust
// the lock", "that's what we do"): the words after the dash are then not
// the faults the header names, and stay asserted.
func dashDenied(toks []token, at int, s sentence) bool {
	for j := at; j < s.to; j++ {
		r := toks[j].raw
		if j < at+3 && (dashDenials[r] || isNegator(r)) {
			return true
		}
		if firstPerson[r] {
			return true
		}
	}
	return false
}

// itemNumbers, before a colon, number the items of a list: "One: ...",
// "Two: ...".
var itemNumbers = setOf(`one two three four five first second third fourth fifth`)

// counterVerbs, before a mistake noun in a header, make it a list of
// measures: "How I avoid the classic traps:".
var counterVerbs = setOf(`avoid avoids prevent prevents fix fixes handle handles guard guards beat
dodge dodges counter`)

// headsList reports a mistake noun at toks[j] that heads the list its
// header announces: in the header's last clause ("Mistakes aside, here's
// my design:" lists no mistakes), with no verb countering it before it
// ("How I avoid the classic traps:" lists measures; "Two mistakes I'd
// avoid:" lists mistakes).
func headsList(toks []token, from, j int) bool {
	for k := j + 1; k < len(toks) && toks[k].sent == toks[j].sent; k++ {
		if toks[k].clause && toks[k].brk != 0 && toks[k].brk != '"' {
			return false
		}
	}
	for k := j - 1; k >= from; k-- {
		if counterVerbs[toks[k].raw] {
			return false
		}
		if toks[k].clause && toks[k].brk != 0 {
			break
		}
	}
	return true
}

// refusingListVerbs, ending a header ("Two other half-fixes I'd
// reject:"), refuse what the list under it names.
var refusingListVerbs = setOf(`reject avoid forbid ban veto`)

// refusingOpener returns the index of a refusing verb that the speaker
// puts in the opening words of a header before its colon, "A pattern
// I'd reject, which I've seen in a payout service: ...", "One design to
// avoid: ...", or -1. (g27p: what follows such a colon is the design
// refused, not the speaker's own; a verb the header negates, "A pattern
// I'd never reject:", vouches for it instead.)
func refusingOpener(toks []token, from, colon int) int {
	for j := from + 2; j < colon && j <= from+4; j++ {
		if refusingListVerbs[toks[j].raw] && refusingSubjects[toks[j-1].raw] && refusedNouns[toks[j-2].raw] && toks[j].negBy < 0 &&
			(j+1 == colon || toks[j+1].clause && refusalAsides[toks[j+1].raw]) {
			return j
		}
	}
	return -1
}

// refusingSubjects stand right before a refusing verb in such a header:
// the speaker ("I'd", "we'd") or an infinitive ("to avoid"); refusedNouns
// right before them name what is refused ("a pattern", "one design"), so
// a purpose ("In practice, to avoid changing the storage: ...") is no
// such header.
// The verb ends the header or opens an aside ("..., which I've seen
// ...:"): "One thing I'd avoid is overthinking it: ..." goes on to the
// speaker's own words.
var (
	refusalAsides    = setOf(`which that as like`)
	refusingSubjects = setOf(`i'd we'd i we to would i'll we'll`)
	refusedNouns     = setOf(`pattern patterns thing things one something fix fixes idea ideas approach approaches design designs solution solutions shortcut shortcuts option options workaround workarounds`)
)

// wrongKind reports whether toks[j] is a verdict adjective that marks the
// noun after it as a wrong kind of answer ("Two wrong fixes I'd call
// out:", "Naive approaches:"), a header of refused designs. (g27p)
//
// (g27pf, review rev27p: a verdict denied across a determiner, "Not a
// bad idea:", "Not the wrong approach:", "Hardly bad options:", vouches
// for the list; so does a header that sets the bad ones aside, "Bad
// ideas aside:". "Tempting" is no verdict: "Tempting fixes that
// actually work:".)
func wrongKind(toks []token, j, end int) bool {
	if !(j+1 < end && wrongKindAdjs[toks[j].raw] && answerNouns[toks[j+1].raw]) {
		return false
	}
	for k := j - 1; k >= 0 && k >= j-3 && toks[k].sent == toks[j].sent; k-- {
		if toks[k].cls&clsNegator != 0 || wrongKindDeniers[toks[k].raw] {
			return false
		}
		if !wrongKindDeterminers[toks[k].raw] {
			break
		}
	}
	for k := j + 2; k < end; k++ {
		if toks[k].raw == "aside" {
			return false
		}
		if toks[k].clause && toks[k].brk == ':' {
			break
		}
	}
	return true
}

// ownsPractice reports "I always do this", "we still use it", "I do
// that": the speaker's own present practice, named by a pronoun. (g27pf)
func ownsPractice(toks []token) bool {
	for j := 0; j+2 < len(toks); j++ {
		if toks[j].raw != "i" && toks[j].raw != "we" {
			continue
		}
		for k := j + 1; k <= j+2 && k+1 < len(toks); k++ {
			if practiceVerbs[toks[k].raw] && toks[k].negBy < 0 && remedyObjects[toks[k+1].raw] {
				return true
			}
			if !practiceAdverbs[toks[k].raw] {
				break
			}
		}
	}
	return false
}

var (
	practiceAdverbs = setOf(`always still actually usually do`)
	practiceVerbs   = setOf(`do use recommend ship run`) // "do" also as the verb: "we do this"
)

// wrongKindDeniers deny the verdict before it (g27pf); a determiner may
// stand between them.
var (
	wrongKindDeniers     = setOf(`no not never hardly barely scarcely nor`)
	wrongKindDeterminers = setOf(`a an the any such quite really so that`)
)

// wrongKindAdjs and answerNouns make such a header.
var (
	wrongKindAdjs = setOf(`wrong bad broken naive bogus flawed false`)
	answerNouns   = setOf(`fix fixes answer answers idea ideas approach approaches design designs solution solutions shortcut shortcuts option options workaround workarounds`)
)

// declinedUseEnds end a header that declines what it lists: "Where I
// don't:", "When we wouldn't:", "Don't:", "Never:".
var declinedUseEnds = setOf(`don't dont wouldn't won't shouldn't mustn't mustnt never`)

// dutyModals, denied, head a list of what the candidate forbids: "Must
// not:", "Should never:", "Do not:".
var dutyModals = setOf(`must should do`)

// declineSubjects stand before such an ending: the candidate's own "I",
// "we" or a generic "you".
var declineSubjects = setOf(`i we you`)

// declineOpeners open such a header: the cases where the candidate
// would not ("Where I don't:", "When we wouldn't:").
var declineOpeners = setOf(`where when and but cases places`)

// declinedUses reports a header of at most four words, ending in its
// colon, whose last word is a negated auxiliary: one that declines what
// it lists, alone ("Don't:", "Never:") or after a subject and an opener
// ("Where I don't:", "When we wouldn't:", after a "Where I use it:").
// The bullets under it are the uses the candidate rejects, as under
// "Avoid:" (grader g19).
func declinedUses(toks []token, s sentence) bool {
	n := s.to - s.from
	last := toks[s.to-1].raw
	// g24a: a header ending on a negated "do" declines what it lists as
	// well: "What I'd never do:", "Things we would not do:".
	// (g24af: not a mixed list, "Things to do and not do:", "What I'd and
	// wouldn't do:", nor a question or account, "What did we not do:".)
	if last == "do" && n >= 2 && n <= 6 && (declinedUseEnds[toks[s.to-2].raw] || toks[s.to-2].raw == "not") && !mixedOrAskedHeader(toks[s.from:s.to-1]) {
		return true
	}
	// g48: a duty denied, "Must not:", "Should never:", "Do not:", heads
	// the practices the candidate forbids, as "Don't:" does.
	if n == 2 && (last == "not" || last == "never") && dutyModals[toks[s.from].raw] {
		return true
	}
	if n > 4 || !declinedUseEnds[last] {
		return false
	}
	if n == 1 {
		return true
	}
	return declineSubjects[toks[s.to-2].raw] && (n == 2 || declineOpeners[toks[s.from].raw])
}

// countWords open an announcement that counts its items ("Two mistakes
// I'd avoid."), and itemArticles open the noun phrase of an item ("One
// is a TTL ..."), unlike an adjective of verdict ("One is enough").
var countWords = setOf(`two three four five several couple few`)
var itemArticles = setOf(`a an the using relying trusting`)

// mixedOrAskedHeader reports a header that lists both what to do and what
// not to (an "and" or "or", or a "do" before its negated one) or asks
// or recounts with "did", "does", "do".
func mixedOrAskedHeader(toks []token) bool {
	for _, t := range toks {
		switch t.raw {
		case "and", "or", "did", "does", "do", "didn't", "doesn't":
			return true
		}
	}
	return false
}

// countsMistakesLate reports a sentence whose later clause, opened by a
// conjunction, counts mistakes: "Extending is fine, but two mistakes are
// common.", "Heartbeats work, yet three bugs are classic." (g35b). The
// count must head the mistake noun within a word or two ("but two
// steps are common" counts steps, not mistakes, whatever the sentence
// said of mistakes before), and the clause must not dismiss what it
// counts ("but two mistakes people fear are harmless").
func countsMistakesLate(toks []token, s sentence) bool {
	for j := s.from + 1; j+1 < s.to; j++ {
		if !toks[j].clause || !lateCountTurns[toks[j].raw] || !countWords[toks[j+1].raw] {
			continue
		}
		for k := j + 2; k < s.to && k <= j+4; k++ {
			if toks[k].cls&clsMistake != 0 && toks[k].raw != "pattern" || lateCountNouns[toks[k].raw] {
				return !dismissesAnnounced(toks[j:s.to])
			}
		}
	}
	return false
}

// endorsesItem reports an item that sells its practice after all, with
// an endorsement no negator takes ("X is fine", "X works").
func endorsesItem(toks []token) bool {
	for _, t := range toks {
		if harmEndorsements[t.raw] && t.negBy < 0 {
			return true
		}
	}
	return false
}

// lateCountNouns, besides the mistake nouns, name what a late count
// counts as mistakes: "but two bugs are classic" (see countsMistakesLate).
var lateCountNouns = setOf(`bugs gotchas`)

// lateCountTurns open the clause that counts mistakes after the speaker's
// verdict (see countsMistakesLate).
var lateCountTurns = setOf(`but yet though although`)

// ordinals, after "the", number the items of a list: "The first is X.
// The second is Y."
var ordinals = setOf(`first second third fourth fifth other last final next`)

// countOpeners open a sentence that counts what it announces: "Two
// shortcuts are worth rejecting."
var countOpeners = setOf(`two three four five several a some couple both`)

// refusingEnds end a sentence that announces what it refuses: "Two
// shortcuts are worth rejecting.", "A couple of ideas I'd avoid."
var refusingEnds = setOf(`reject rejecting avoid avoiding forbid forbidding ban banning veto vetoing`)

// announcesRejected reports a sentence that counts things and ends on
// refusing them ("Two shortcuts are worth rejecting."): the items that
// follow it are the things refused.
func announcesRejected(toks []token) bool {
	n := len(toks)
	return n >= 3 && n <= 10 && countOpeners[toks[0].raw] && refusingEnds[toks[n-1].raw]
}

// announcesDeclined reports a counted announcement that ends on a
// negated "do" or on "warn against": "Two things I'd specifically not
// do.", "Three things we'd never do.", "Two patterns I'd warn against."
// (not a mixed header, "Two things to do and not do."). (g34a)
func announcesDeclined(toks []token) bool {
	n := len(toks)
	if n < 3 || n > 10 || !countOpeners[toks[0].raw] {
		return false
	}
	last := toks[n-1].raw
	return last == "do" && declinedDo[toks[n-2].raw] && !mixedOrAskedHeader(toks[:n-2]) ||
		last == "against" && toks[n-2].raw == "warn"
}

// misconfigNouns open a sentence naming a misconfiguration as its
// mistake (g34a).
var misconfigNouns = setOf(`misconfiguration misconfigurations`)

// declinesInline reports a header toks[from:colon] that declines uses,
// "When I wouldn't", "Where I'd never use it" (see declinedUses), a
// trailing "use it" aside.
func declinesInline(toks []token, from, colon int) bool {
	e := colon
	if e-from >= 3 && useObjects[toks[e-1].raw] && toks[e-2].raw == "use" {
		e -= 2
	} else if e-from >= 2 && toks[e-1].raw == "use" {
		e--
	}
	return e > from && declinedUses(toks, sentence{from: from, to: e})
}

// useObjects follow "use" in a header declining uses: "Where I wouldn't
// use it:".
var useObjects = setOf(`it one them this that`)

// turnEnd returns where the words from toks[from] stop being what a
// rejection announced: a clause that turns back to the speaker's own
// ("but", "instead", "however", a semicolon), or end.
func turnEnd(toks []token, from, end int) int {
	for j := from + 1; j < end; j++ {
		if toks[j].clause && (toks[j].brk == ';' || rejectionTurns[toks[j].raw]) {
			return j
		}
	}
	return end
}

// rejectionTurns open a clause that turns from what is rejected to the
// speaker's own practice or verdict.
var rejectionTurns = setOf(`but instead however yet though although rather so`)

// continueItem sets aside, from the clause break at toks[c], the clauses
// that carry on a rejected item's series ("..., then calling the
// provider", "..., `SELECT ... FOR UPDATE` on the row", "..., and
// committing afterwards") and the rationale reported for it (see
// rationaleAt), up to end; a clause of any other shape ("..., so X",
// "..., newest timestamp wins is fine") is the speaker's own and ends it.
func continueItem(toks []token, c, end int) {
	for c < end && toks[c].clause && (toks[c].brk == ',' || toks[c].brk == '—' || toks[c].brk == '–') {
		if rationaleAt(toks, c, end) {
			for k, x := c, turnEnd(toks, c, end); k < x; k++ {
				toks[k].setAside = true
			}
			return
		}
		if !itemGoesOn(toks, c, end) {
			return
		}
		x := c + 1
		for x < end && !(toks[x].clause && toks[x].brk != 0 && toks[x].brk != '"') {
			x++
		}
		// a clause with a verb of its own ("..., and releasing with a
		// plain DEL works fine", "..., holding it is fine") says
		// something of its gerund: the speaker's claim, not a step
		for k := c + 1; k < x; k++ {
			if auxiliaries[toks[k].raw] || harmEndorsements[toks[k].raw] || anaphoricSubjects[toks[k].raw] && strings.HasSuffix(toks[k].raw, "'s") {
				return
			}
		}
		for k := c; k < x; k++ {
			toks[k].setAside = true
		}
		c = x
	}
}

// itemGoesOn reports a clause at toks[c] that carries on the series of
// steps an item names: a gerund, code, or "then"/"and"/"or" before one.
func itemGoesOn(toks []token, c, end int) bool {
	w := toks[c].raw
	if gerund(w) || toks[c].code {
		return true
	}
	if (w == "then" || w == "and" || w == "or") && c+1 < end {
		n := toks[c+1].raw
		return gerund(n) || n == "then" && c+2 < end && gerund(toks[c+2].raw)
	}
	return false
}

// rationaleAt reports a clause at toks[c] that reports the reasoning
// behind a practice rather than asserting it: "on the theory that X",
// "in the belief that X", "chosen "so X"", "assuming X", "because people
// assume X".
func rationaleAt(toks []token, c, end int) bool {
	at := func(k int) string {
		if k < end {
			return toks[k].raw
		}
		return ""
	}
	w := toks[c].raw
	switch {
	case (w == "on" || w == "under") && at(c+1) == "the" && rationaleNouns[at(c+2)]:
		return true
	case w == "in" && at(c+1) == "the" && (at(c+2) == "belief" || at(c+2) == "hope"):
		return true
	case rationaleParticiples[w] && (at(c+1) == "so" || at(c+1) == "because" || at(c+1) == "since"):
		return true
	case rationaleGerunds[w]:
		return true
	case (w == "because" || w == "since") && rationaleHolders[at(c+1)] && rationaleVerbs[at(c+2)]:
		return true
	}
	return false
}

// The words of a reported rationale (see rationaleAt).
var (
	rationaleNouns       = setOf(`theory assumption belief premise idea grounds`)
	rationaleParticiples = setOf(`chosen picked configured set added enabled`)
	rationaleGerunds     = setOf(`assuming thinking believing hoping figuring reasoning`)
	rationaleHolders     = setOf(`people teams folks they devs developers someone everyone`)
	rationaleVerbs       = setOf(`assume assumed think thought believe believed figure figured expect expected`)
)

// markRejectedRationales sets aside, for the red flags alone, the
// rationale reported for a practice the answer rejects: a rationale
// clause (rationaleAt) right after refuted or set-aside words ("The
// misconfiguration I'd call out is volatile-lru, chosen "so only cache
// entries get evicted"", "Two things I'd forbid. Adding replicas, on the
// theory that failover keeps the key.") runs to its sentence's end or
// turn. After words the speaker asserts ("I hold it across the call, on
// the theory that ...") the rationale is theirs. (g34a)
func markRejectedRationales(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from + 1; j < s.to; j++ {
			p := &toks[j-1]
			if !toks[j].clause || !(p.refuted && p.negBy < 0 || p.setAside) || !rationaleAt(toks, j, s.to) {
				continue
			}
			end := turnEnd(toks, j, s.to)
			for k := j; k < end; k++ {
				toks[k].setAside = true
			}
			j = end
		}
	}
}

// opensOnGerund reports a sentence that opens, after a conjunction or
// "also", on a gerund: "Adding replicas ...", "And treating the value as
// a token ...", an item naming a practice.
func opensOnGerund(toks []token) bool {
	k := 0
	for k < len(toks) && k < 2 && (toks[k].raw == "and" || toks[k].raw == "also" || toks[k].raw == "or") {
		k++
	}
	return k < len(toks) && gerund(toks[k].raw)
}

// declinedDo stand right before a "do" that ends an announcement of what
// the speaker refuses: "I'd not do", "we'd never do", "I wouldn't do".
var declinedDo = setOf(`not never wouldn't won't shouldn't don't`)

// announcesRefusedPassive reports a sentence that counts practices and
// says, in the passive, that they are to be refused, with an adverb or
// two after it: "Two design shortcuts should be rejected explicitly."
// (g32a). The head noun must name practices (refusedPractices): "Two
// requests must be rejected", "Some writes should be avoided" tell what
// the system refuses. Only the items it numbers ("The first is X", "(2)
// X") are the things refused (see markMentions).
func announcesRefusedPassive(toks []token) bool {
	n := len(toks)
	for n > 3 && refusalAdverbs[toks[n-1].raw] {
		n--
	}
	if n < 4 || n > 10 || !countWords[toks[0].raw] || !refusedEnds[toks[n-1].raw] || !passiveBefore(toks[n-2].raw) {
		return false
	}
	noun := false
	for k := 1; k < n-2; k++ {
		if toks[k].cls&clsNegator != 0 {
			return false
		}
		noun = noun || refusedPractices[toks[k].raw]
	}
	return noun
}

// refusedPractices name practices a passive announcement refuses.
var refusedPractices = setOf(`shortcuts shortcut designs approaches antipatterns anti-patterns patterns
mistakes practices habits fixes`)

// refusedEnds end a passive announcement of what is refused: "Two
// shortcuts should be rejected."
var refusedEnds = setOf(`rejected avoided forbidden banned vetoed`)

// refusalAdverbs may follow the refusal that ends an announcement:
// "should be rejected explicitly", "are worth avoiding outright".
var refusalAdverbs = setOf(`explicitly outright firmly immediately entirely completely upfront
altogether`)

// passiveBefore reports the auxiliary of a passive refusal: "be
// rejected", "are avoided", "get vetoed".
func passiveBefore(w string) bool {
	return w == "be" || w == "are" || w == "were" || w == "is" || w == "get" || w == "got" || w == "been"
}

// parenNumbered reports a sentence that opens with a number in
// parentheses: "(2) Releasing with a plain DEL."
func parenNumbered(toks []token, s sentence) bool {
	return s.from+1 < s.to && isNumber(toks[s.from].raw) && toks[s.from].brk == '(' && toks[s.from+1].clause && toks[s.from+1].brk == ')'
}

// colonBefore reports a colon between toks[k-1] and toks[k] that another
// break after it hid: "to reject: (1) X" records the parenthesis.
func colonBefore(d *doc, k int) bool {
	return k > 0 && d.toks[k].clause && strings.IndexByte(d.text[d.toks[k-1].end:d.toks[k].start], ':') >= 0
}

// enumerators open the next item of a list: "Second, ...", "Another: ...".
var enumerators = setOf(`second secondly third thirdly fourth another also next finally lastly
first firstly`)

// laterOrdinals open a list's items after its first (g25a).
var laterOrdinals = setOf(`second secondly third thirdly fourth fourthly`)

// ownDesignWords, said by the speaker, announce their own design (g25yf).
var ownDesignWords = setOf(`my our instead approach design`)

// announcesOwnDesign reports whether a sentence turns to the speaker's
// own design: a first-person word ("I", "we", "I'd", "my", "our"),
// "instead", "approach" or "design" (g25yf; not "the fix is X", which
// may correct the mistake just named).
func announcesOwnDesign(toks []token) bool {
	if ownPractice(toks) {
		return true
	}
	for k := range toks {
		if ownDesignWords[toks[k].raw] {
			return true
		}
	}
	return false
}

// likeOpeners open a sentence that adds one more of the same: after a
// sentence naming a mistake, "Likewise X" and "Similarly X" name another
// (g22a). What they name is set aside for the red flags alone: the
// second reader, trained before this rule, reads it as before.
var likeOpeners = setOf(`likewise similarly`)

// anaphoricSubjects open a verdict on something said before ("That would
// be a mistake", "It is a trap"): the sentence names no practice itself.
var anaphoricSubjects = setOf(`that this it that's it's`)

// ownPractice reports a sentence whose clause has the candidate or the
// team as its subject ("Similarly, we keep processing ...", "Likewise, I
// line up the logs"): a practice of their own, which a "Likewise" does not
// turn into one more mistake named (g22f).
func ownPractice(toks []token) bool {
	for k := range toks {
		if speakers[toks[k].raw] || toks[k].raw == "i'm" || toks[k].raw == "we're" {
			return true
		}
	}
	return false
}

// prohibitions open a sentence that forbids what it names: "Don't do a
// plain DEL, and don't ...".
var prohibitions = setOf(`don't dont never avoid`)

// headerProhibition returns where a prohibition opens the clause after
// the colon of a short header ("We had this in prod: never ...",
// "Lesson learned: don't ..."), or -1.
func headerProhibition(toks []token, s sentence) int {
	for j := s.from + 1; j < s.to && j <= s.from+8; j++ {
		if !toks[j].clause || toks[j].brk == 0 {
			continue
		}
		if toks[j].brk != ':' {
			return -1
		}
		if prohibitions[toks[j].raw] || toks[j].raw == "do" && j+1 < s.to && toks[j+1].raw == "not" {
			return j
		}
		return -1
	}
	return -1
}

// clauseProhibition returns where a prohibition opens a clause after a
// semicolon or a ", so" ("...; never ...", "..., so don't ..."), or -1.
// "never mind" waves a thing off rather than forbidding it.
func clauseProhibition(toks []token, s sentence) int {
	for j := s.from + 1; j+1 < s.to; j++ {
		if !toks[j].clause || !(toks[j].brk == ';' || toks[j].brk == ',' && toks[j].raw == "so") {
			continue
		}
		open := j
		if toks[open].raw == "so" {
			open++
		}
		if open+1 >= s.to {
			continue
		}
		r := toks[open].raw
		if (prohibitions[r] && !(r == "never" && toks[open+1].raw == "mind")) || r == "do" && toks[open+1].raw == "not" {
			return open
		}
	}
	return -1
}

// wordNouns, after a determiner, name a word as a word: "the word
// "token"", "the term fencing".
var wordNouns = setOf(`word words term terms`)

// markWordMentions sets aside a word the candidate mentions as a word
// rather than uses: the word, or the quotation, right after "the word" or
// "the term" ("they rarely use the word "token"", "the term fencing").
// Such a word claims nothing of the thing it names, so no red flag reads
// it; the same word used again in the sentence ("you don't need the word
// 'fencing', just a long TTL: no fencing needed") is the candidate's.
// (A name given with "call" is left alone: "we call this "exactly once""
// claims what it names.) Set aside, not refuted: the key points and the
// second reader read these words as before.
func markWordMentions(d *doc) {
	toks := d.toks
	for k := 1; k+1 < len(toks); k++ {
		t := &toks[k]
		if t.cls&clsPassStart == 0 || !wordNouns[t.raw] || !determiners[toks[k-1].raw] {
			continue
		}
		j := k + 1
		if toks[j].sent != t.sent || toks[j].clause && toks[j].quote == 0 {
			continue
		}
		if q := toks[j].quote; q > 0 && q != t.quote {
			for x := j; x < len(toks) && toks[x].quote == q; x++ {
				toks[x].setAside = true
			}
			continue
		}
		if toks[j].quote == 0 && !toks[j].fn {
			toks[j].setAside = true
		}
	}
}

// markMentions marks, sentence by sentence, what is named rather than
// claimed: a quotation beside a noun that makes it a topic ("the argument
// "..."), the list after a header of suspects or mistakes, a sentence
// that opens with a prohibition, and an if-clause (a hypothesis).
func markMentions(d *doc) {
	toks := d.toks
	// "People often say X. It isn't true.": a claim attributed to others and
	// rebutted, in its own sentence or the next, is reported, not made.
	for si, s := range d.sents {
		if !attributed(toks[s.from:s.to]) {
			continue
		}
		// The reported claim ends where its rebuttal starts: what the
		// candidate says after "that's wrong, ..." is their own claim.
		end := -1
		if at := rebuttalAt(toks[s.from:s.to]); at >= 0 {
			end = s.from + at
		} else if si+1 < len(d.sents) && rebuttalAt(toks[d.sents[si+1].from:d.sents[si+1].to]) >= 0 {
			end = s.to
		}
		for j := s.from; j < end; j++ {
			toks[j].refuted = true
		}
	}
	// "The reflex fix is to double the TTL. I'd reject that: ...": a
	// sentence the next one opens by rejecting is named, not claimed.
	for si := 0; si+1 < len(d.sents); si++ {
		n := d.sents[si+1]
		if rejectsBack(toks[n.from:n.to]) {
			// (g20g: "It has to be a Redis bug." infers the incident's
			// cause; the second reader, trained before, still reads the
			// sentence before as rejected)
			guess := inferredCause(toks[n.from:n.to])
			s := d.sents[si]
			for j := s.from; j < s.to; j++ {
				if guess {
					toks[j].readerRefuted = true
				} else {
					toks[j].refuted = true
				}
			}
		}
	}
	// "That's a check and a write, and a pause between them gives the
	// stale overwrite. Same for a Get on the lock key before writing.":
	// an elliptical "Same for X" applies the judgement before it to X.
	for si := 1; si < len(d.sents); si++ {
		if n := d.sents[si]; sameFor(toks[n.from:n.to]) && judged(toks[d.sents[si-1].from:d.sents[si-1].to]) {
			for j := n.from; j < n.to; j++ {
				toks[j].refuted = true
			}
		}
	}
	// "Check the remaining lease before the call. Assumes bounded
	// pauses.": a step whose next sentence states what it assumes is
	// offered under that condition, not claimed safe.
	for si := 0; si+1 < len(d.sents); si++ {
		if n := d.sents[si+1]; statesAssumption(toks[n.from:n.to]) && namesTimingRisk(toks[n.from:n.to]) {
			s := d.sents[si]
			for j := s.from; j < s.to; j++ {
				toks[j].hypo = true
			}
		}
	}
	// "(3) check the remaining lease right before calling — assumes no
	// long pause": an item whose own clause states its assumption.
	for _, s := range d.sents {
		seg := s.from
		for j := s.from; j < s.to; j++ {
			t := &toks[j]
			if j > s.from && t.clause && t.brk != 0 && (t.raw == "assumes" || t.raw == "presumes" || (t.raw == "which" || t.raw == "this") && j+1 < s.to && toks[j+1].raw == "assumes" || reliesOnTiming(toks, j, s)) {
				// the item, and the assumption itself, to its end
				end := j + 1
				for end < s.to && !(toks[end].clause && toks[end].brk != 0) {
					end++
				}
				// (g37c: an assumption accepted as met after it, "...,
				// which assumes synced clocks, and NTP gives us that",
				// approves the step: the red flags read it as claimed)
				closed := limitClosed(toks, j+1, s.to)
				for k := seg; k < end; k++ {
					toks[k].hypo = true
					toks[k].approvedCond = toks[k].approvedCond || closed
				}
			}
			if t.clause && (t.brk == ';' || t.brk == '(' || t.brk == ')') {
				seg = j
			}
		}
	}
	// "..., and check remaining lease with a margin before calling — each
	// of which only narrows the window under assumptions about pauses,
	// clocks and the provider's consistency": a measure its own sentence
	// goes on to judge too weak, in a clause pointing back at it, is
	// offered with its limit, not claimed safe, and the hazards the limit
	// names are what the measure rests on, not claims (grader g37c).
	for _, s := range d.sents {
		for j := s.from + 1; j < s.to; j++ {
			if !toks[j].clause || toks[j].brk == 0 {
				continue
			}
			from, end, ok := limitedMeasure(toks, j, s)
			if !ok {
				continue
			}
			for k := from; k < end; k++ {
				toks[k].flagHypo = true
			}
			j = end - 1
		}
	}
	suspects := false      // inside the bullets under a header of suspects
	declined := false      // ... a header declining uses ("Where I don't:"), set aside rather than refuted
	mistakes := false      // after a sentence announcing mistakes ("Two mistakes to avoid: ...")
	announced := false     // a mistake was named earlier in the answer
	namedPractice := false // the sentence before names a practice, not "that" or "it"
	firstItemAt := -1      // g25a: the sentence of a counted list's "First, X" item, or -1
	refusedAt := -1        // g32a: the sentence of a passive refusal or of its last item, or -1
	rejectedAt := -1       // g34a: the sentence of a counted announcement of what is refused, or -1
	lateList := false      // g35b: firstItemAt's list was counted in a later clause (countsMistakesLate)
	for sIdx, s := range d.sents {
		// the sentence before counts what it announces ("Two mistakes ...")
		countedAnnounce := sIdx > 0 && d.sents[sIdx-1].to > d.sents[sIdx-1].from && countWords[toks[d.sents[sIdx-1].from].raw]
		// g34a: "Two things I'd explicitly forbid. Adding replicas to
		// each master: .... And treating the random value as a token:
		// ...": after a counted announcement of what the speaker refuses,
		// a sentence that opens on a gerund names the next practice
		// refused, a few sentences on at most, until the speaker turns to
		// their own design ("Instead, ...", "What I do: ..."). Set aside
		// for the red flags alone; the rest of the sentence is read on.
		// So does an item numbered before a colon ("One: X", a quotation
		// opening X hiding the colon's break) after an announcement that
		// declines with a negated "do" ("Two things I'd specifically not
		// do. One: "newest timestamp wins" ...").
		if prev := sIdx - 1; prev >= 0 && (announcesRejected(toks[d.sents[prev].from:d.sents[prev].to]) || announcesDeclined(toks[d.sents[prev].from:d.sents[prev].to])) {
			rejectedAt = prev
		}
		if rejectedAt >= 0 && (sIdx-rejectedAt > 4 || announcesOwnDesign(toks[s.from:s.to])) {
			rejectedAt = -1
		}
		numberedItem := s.from+1 < s.to && itemNumbers[toks[s.from].raw] && toks[s.from+1].clause && (toks[s.from+1].brk == ':' || colonBefore(d, s.from+1))
		if rejectedAt >= 0 && (opensOnGerund(toks[s.from:s.to]) || numberedItem) {
			for j := s.from; j < s.to; j++ {
				toks[j].setAside = true
			}
		}
		// "Two mistakes to avoid: first, X. Second, Y.": the items after
		// the announcement, each opened by an enumerator, are the
		// mistakes named, not claims.
		// "Common mistake: X. (Why.) Another one: Y.": once a mistake is
		// named, a sentence opening "Another" names the next one.
		// "Two mistakes I'd avoid. One: X. (Why.) Two: Y.": an item
		// numbered before a colon is the next mistake of the list,
		// however far its announcement.
		numbered := s.from+1 < s.to && toks[s.from+1].clause && toks[s.from+1].brk == ':' && itemNumbers[toks[s.from].raw]
		// "The second is X", "The other one is Y": an ordinal behind
		// its article numbers the item as a bare one does.
		// (standing for its noun: "The first step is ..." opens no item)
		ordinal := s.from+2 < s.to && toks[s.from].raw == "the" && ordinals[toks[s.from+1].raw] && (toks[s.from+2].raw == "is" || toks[s.from+2].raw == "was" || toks[s.from+2].raw == "one" || toks[s.from+2].clause && toks[s.from+2].brk == ':')
		// g24a: "Two mistakes I'd steer clear of. One is X.": right after
		// the announcement, a bare "One is" opens its first item.
		// (g24af: only after a counted announcement, "Two mistakes ...",
		// not "The mistake was ours", and only where what follows names a
		// practice, a gerund or a noun phrase: "One is enough", "One is
		// fine to ignore" is a verdict of the speaker's, not an item.)
		// (g24zf: and not after an announcement that dismisses the
		// mistakes it counts: "Two mistakes people worry about don't
		// apply here", "Two mistakes are common but harmless in
		// practice": what follows is the speaker's own practice, told
		// as safe, not an item of a list of what to avoid.)
		if mistakes && countedAnnounce && !dismissesAnnounced(toks[d.sents[sIdx-1].from:d.sents[sIdx-1].to]) && s.from+2 < s.to && toks[s.from].raw == "one" && (toks[s.from+1].raw == "is" || toks[s.from+1].raw == "was") && (strings.HasSuffix(toks[s.from+2].raw, "ing") || itemArticles[toks[s.from+2].raw]) {
			ordinal = true
		}
		// g25a: "Two mistakes I want to call out. First, X. (Why X
		// fails, a sentence or three.) Second, Y.": once a counted
		// announcement's list has opened with "First,", a later
		// "Second," names its next mistake however many sentences of
		// reason stand between, as "Another" does. Only a few sentences
		// on, and a new "First," opening an unrefuted list (the
		// speaker's own steps) ends it.
		laterItem := firstItemAt >= 0 && sIdx-firstItemAt <= 4 && s.from+1 < s.to && laterOrdinals[toks[s.from].raw] && toks[s.from+1].clause && toks[s.from+1].brk == ','
		// g35b: the later items of a list counted late ("Extending is
		// fine, but two mistakes are common. First, X. (Why.) Second,
		// Y.") are set aside for the red flags alone: the second reader,
		// trained before, reads them as before. An item that sells its
		// practice ("Third, carrying on after a failed renewal is fine")
		// is the speaker's verdict, and is read as before.
		// (Right after an item, "mistakes" still holds and the item is
		// read as every enumerated one is, below.)
		// A count of bugs ("but two bugs are classic") opens no list of
		// mistakes by its noun alone: its "First," item is set aside
		// here as its later ones are. An item in the speaker's own voice
		// ("Second, we carry on ...") is theirs, read as before.
		lateFirst := !mistakes && sIdx > 0 && (toks[s.from].raw == "first" || toks[s.from].raw == "firstly") && s.from+1 < s.to && toks[s.from+1].clause && toks[s.from+1].brk == ',' && countsMistakesLate(toks, d.sents[sIdx-1])
		if (lateFirst || laterItem && lateList) && !mistakes {
			if endorsesItem(toks[s.from:s.to]) || announcesOwnDesign(toks[s.from:s.to]) {
				laterItem = false
			} else {
				for j := s.from; j < s.to; j++ {
					toks[j].setAside = true
				}
				firstItemAt, lateList = sIdx, true
				continue
			}
		}
		if mistakes && (enumerators[toks[s.from].raw] || numbered || ordinal || opensExample(toks[s.from:s.to]) || consequenceOpeners[toks[s.from].raw]) || announced && (toks[s.from].raw == "another" || numbered || ordinal) || laterItem {
			for j := s.from; j < s.to; j++ {
				toks[j].refuted = true
			}
			// g35b: "Extending is fine, but two mistakes are common.
			// First, X. (Why.) Second, Y.": the count may open the
			// sentence's last clause, after the speaker's own verdict,
			// as long as it counts the mistakes themselves.
			if mistakes && (toks[s.from].raw == "first" || toks[s.from].raw == "firstly") {
				if countedAnnounce {
					firstItemAt, lateList = sIdx, false
				} else if sIdx > 0 && countsMistakesLate(toks, d.sents[sIdx-1]) {
					firstItemAt, lateList = sIdx, true
				}
			}
			if laterItem {
				firstItemAt = sIdx
				mistakes = true
				continue
			}
			// the named mistake's example or consequence may follow
			mistakes = toks[s.from].raw == "another" || numbered || mistakes
			continue
		}
		// g32a: after a passive announcement of practices refused ("Two
		// design shortcuts should be rejected explicitly."), the items it
		// numbers ("The first is X. ... The second is Y.", "(2) Y") are
		// set aside for the red flags alone, a few sentences on at most,
		// until the speaker turns to their own design.
		// (What else the sentence is, the passes below read as before.)
		if refusedAt >= 0 && sIdx-refusedAt <= 3 && (ordinal || numbered || parenNumbered(toks, s)) && !announcesOwnDesign(toks[s.from:s.to]) {
			for j := s.from; j < s.to; j++ {
				toks[j].setAside = true
			}
			refusedAt = sIdx
		} else if refusedAt >= 0 && announcesOwnDesign(toks[s.from:s.to]) {
			refusedAt = -1
		}
		if announcesRefusedPassive(toks[s.from:s.to]) {
			refusedAt = sIdx
		}
		if toks[s.from].raw == "first" || toks[s.from].raw == "firstly" {
			firstItemAt = -1 // an unrefuted list of the speaker's own
		}
		// g25yf: the speaker announcing their own design in between
		// ("So my design: ...", "What I'd do ...", "Right approach:
		// ...", "Instead, ...") ends the mistakes list: a "Second,"
		// after it is the speaker's own next step, not a mistake.
		if firstItemAt >= 0 && announcesOwnDesign(toks[s.from:s.to]) {
			firstItemAt = -1
		}
		if mistakes && namedPractice && likeOpeners[toks[s.from].raw] && !ownPractice(toks[s.from:s.to]) {
			for j := s.from; j < s.to; j++ {
				toks[j].setAside = true
			}
			continue
		}
		if mistakes {
			announced = true
		}
		mistakes = announcesRejected(toks[s.from:s.to])
		// (g22f) "Likewise X" adds one more of the same only after a
		// sentence that names what it rejects: not after a verdict on
		// "that" or "it" ("That would be a mistake."), whose practice
		// "Likewise" cannot extend.
		namedPractice = s.to-s.from > 0 && !anaphoricSubjects[toks[s.from].raw]
		// "I'd also reject the other usual fix, "...": ...": what a
		// sentence of the candidate's rejecting says is the thing rejected.
		if rejectsOwn(toks[s.from:s.to]) {
			mistakes = true
			for j := s.from; j < s.to; j++ {
				toks[j].refuted = true
			}
			continue
		}
		for j := s.from; j < s.to; j++ {
			// "Two things I'd reject: ..." announces mistakes too, as does
			// "a pattern I'd warn about: ...".
			refusing := toks[j].raw == "reject" || toks[j].raw == "avoid" || toks[j].raw == "forbid" || toks[j].raw == "ban" || toks[j].raw == "veto" || toks[j].raw == "about" && j > s.from && toks[j-1].raw == "warn"
			// (g52, GG) a refusing word in code, "a CronJob with
			// `concurrencyPolicy: Forbid`: ...", is a setting, not a refusal.
			refusing = refusing && !toks[j].code
			if j+1 < s.to && toks[j+1].brk == ':' && refusing {
				mistakes = true
				for k := j + 1; k < s.to; k++ {
					toks[k].refuted = true
				}
				break
			}
			// (g32a) The colon may be followed by an item number, "Two
			// antipatterns to reject: (1) ...", the break the next word
			// records: the first item is set aside for the red flags
			// alone (the second reader, trained before this rule, reads
			// it as before).
			if j+1 < s.to && colonBefore(d, j+1) && refusing {
				for k := j + 1; k < s.to; k++ {
					toks[k].setAside = true
				}
				break
			}
			// g34a: "The misconfiguration I'd call out is X" names its
			// mistake as "The misuse I'd warn against is X" does; what it
			// names is set aside for the red flags alone (the second
			// reader, trained before, reads it as before).
			misconfig := j < s.from+3 && misconfigNouns[toks[j].raw]
			if toks[j].cls&clsMistake != 0 && (toks[j].raw != "pattern" || j > s.from && toks[j-1].raw == "anti") || criticHead(toks, j, s.from) || j >= s.from+2 && toks[j].raw == "faith" && missesPoint(toks, j-2) || misconfig {
				// (a misconfiguration opens no list the second reader
				// reads as refuted: g34a is for the red flags alone)
				if !misconfig {
					mistakes = true
				}
				// "The classic mistake is X", "a common trap: X": what
				// follows the copula or colon, to the end of its clause.
				n := j + 1
				// "The anti-pattern I'd warn about is X", "the mistake
				// people make is X": near the start of the sentence, a
				// short relative clause may stand between the noun and
				// its copula.
				if j < s.from+3 {
					for m := n; m < s.to && m <= j+6 && !(toks[m].clause && toks[m].brk != 0); m++ {
						if m > n && (toks[m].raw == "is" || toks[m].raw == "was") {
							n = m
							break
						}
					}
				}
				if n < s.to && (toks[n].raw == "is" || toks[n].raw == "was") {
					n++
				} else if n >= s.to || toks[n].brk != ':' {
					continue
				}
				if n >= s.to {
					continue
				}
				// After a colon the item runs to the end of the sentence;
				// after a copula, to the end of its clause (a quotation
				// or code inside it does not end it).
				end := n + 1
				for end < s.to && (toks[n].brk == ':' || !toks[end].clause || toks[end].brk == '"') {
					end++
				}
				for k := n; k < end; k++ {
					if misconfig {
						toks[k].setAside = true
					} else {
						toks[k].refuted = true
					}
				}
				setAsideCoordinated(toks, n, end, s.to)
				// g34a: "The misuse I'd warn against is opening a
				// transaction, `SELECT ... FOR UPDATE` on the row, then
				// calling the provider, on the theory that X": a copula's
				// item goes on over the clauses that carry on its series
				// and over the rationale reported for it.
				if toks[n].brk != ':' && (gerund(toks[n].raw) && !excessGerund(toks[n].raw) || toks[n].code) {
					continueItem(toks, end, s.to)
				}
			}
		}
		if suspects && declined {
			// The bullets under "Where I don't:" (declinedUses) are set
			// aside for the red flags and read on as before otherwise:
			// the second reader reads these words as it was trained to,
			// and a bullet's own if-clauses and prohibitions are still
			// marked below.
			if bulleted(d, s) {
				for j := s.from; j < s.to; j++ {
					toks[j].setAside = true
				}
			} else {
				suspects, declined = false, false
			}
		} else if suspects {
			if bulleted(d, s) {
				// "- Memory pressure. Set volatile-lru: ...": a fix the
				// item goes on to prescribe is the candidate's own.
				// So is one the candidate speaks for ("- Restart: ... With
				// AOF everysec the key survives, so that's what I'd
				// configure").
				if laterOnLine(d, s) && (fixVerbs[toks[s.from].raw] || speaksForSelf(toks[s.from:s.to])) {
					continue
				}
				// g27pf (review rev27p H24): so is an item the candidate
				// says they practise, "- Set the TTL above the longest
				// job, and I always do this." under "Things that won't
				// help:".
				if ownsPractice(toks[s.from:s.to]) {
					continue
				}
				// g22d: so is what the item says of that fix after it,
				// on its line ("4. Memory: configure volatile-lru. It only
				// evicts keys with a TTL, so lock keys are protected"):
				// the reason the candidate gives for their own fix.
				// g22i: only a present-tense claim that points back to the
				// fix (claimsFixEffect); the story of the fault told after
				// the fix ("A UUID was sent as the token", "The release did
				// GET, then DEL") stays a refuted suspect.
				if laterOnLine(d, s) && followsOwnFix(d, s) && claimsFixEffect(toks, s) {
					continue
				}
				// So is an item that says its topic is no risk at all
				// ("4. Failover is not a concern: ..."), though the second
				// reader, trained before g17, still reads it as refuted.
				if dismissesFailure(toks, s.from, s.to) {
					for j := s.from; j < s.to; j++ {
						toks[j].readerRefuted = true
					}
					continue
				}
				for j := s.from; j < s.to; j++ {
					toks[j].refuted = true
				}
				continue
			}
			suspects = false
		}
		// "- Client bug. A DEL after expiry; SETNX then EXPIRE.": a
		// fragment naming a kind of fault heads the suspects that follow
		// it on its line.
		// "❌ SETNX then EXPIRE": a line marked as rejected
		if rejectMarked(d, s) {
			for j := s.from; j < s.to; j++ {
				toks[j].refuted = true
			}
		}
		if faultHeading(d, s) {
			for _, n := range d.sents {
				if n.from >= s.to && laterOnLine(d, n) && lineOf(d, n) == lineOf(d, s) {
					for j := n.from; j < n.to; j++ {
						toks[j].refuted = true
					}
				}
			}
		}
		if colonEnd := endsWithColon(d, s); colonEnd || headsBulletsPlain(d, s) {
			for j := s.from; j < s.to; j++ {
				r := toks[j].raw
				// ("Check the token at the storage." before its bullets
				// says what is checked there, not what to look for)
				if r == "check" && !colonEnd {
					continue
				}
				// "Two misuses I'd call out:", "Two other half-fixes I'd
				// reject:": a header naming mistakes, or refusing what it
				// lists, heads bullets that name them.
				// (g23a: not a header word the line denies, "Our lock
				// client (no known bugs):", which vouches for its bullets)
				// (g27p) "Two wrong fixes I'd call out:", "Bad ideas:": a
				// header whose noun a verdict adjective marks as wrong
				// heads bullets that name them (wrongKind), as a mistake noun does
				// when it heads the line ("Bad ideas aside, here is what we
				// do:" is the speaker's own list). (g52, GG: a refusing verb
				// in code, "with `concurrencyPolicy: Forbid`:", is a setting,
				// not a refusal.)
				if headerWords[r] && toks[j].negBy < 0 || investigationNouns[r] && s.to-s.from <= 3 || r == "look" && lookProbe(toks, j, s) || r == "check" || r == "things" && thingsProbe(toks, j, s) || r == "suspects" || r == "usual" || (r == "patterns" || r == "pattern") && j > s.from && toks[j-1].raw == "anti" ||
					toks[j].cls&clsMistakeNoun != 0 && headsList(toks, s.from, j) || j == s.to-1 && refusingListVerbs[r] && !toks[j].code || wrongKind(toks, j, s.to) && headsList(toks, s.from, j+1) {
					suspects, declined = true, false
					break
				}
				if colonEnd && j == s.to-1 && declinedUses(toks, s) {
					suspects, declined = true, true
					break
				}
			}
		}
		mention, colon := false, -1
		for j := s.from; j < s.to; j++ {
			if toks[j].cls&clsMention != 0 {
				mention = true
			}
			if colon < 0 && toks[j].brk == ':' && j > s.from {
				colon = j
			}
		}
		if mention || antiPattern(toks[s.from:s.to]) {
			for j := s.from; j < s.to; j++ {
				if toks[j].quote > 0 {
					toks[j].refuted = true
				}
			}
		}
		// "A mistake I see is treating it as a general-purpose mutex: ...":
		// a sentence that opens on a mistake may take longer to reach its
		// colon than a bare header.
		opensOnMistake := false
		for j := s.from; j < s.to && j < s.from+3; j++ {
			if toks[j].cls&clsMistakeNoun != 0 {
				opensOnMistake = true
			}
		}
		refusal := -1
		if colon > 0 {
			refusal = refusingOpener(toks, s.from, colon)
			opensOnMistake = opensOnMistake || refusal >= 0
		}
		// g34a: "When I wouldn't: holding it across external calls —
		// ...", "Where I'd never use it: X": a short header declining
		// uses heads what follows its colon inside the sentence, as it
		// heads the bullets under it (declinedUses), up to where the
		// sentence turns back ("but", "instead", a semicolon). Set aside
		// for the red flags alone.
		if colon > 0 && colon-s.from <= 6 && declinesInline(toks, s.from, colon) {
			for k, end := colon, turnEnd(toks, colon, s.to); k < end; k++ {
				toks[k].setAside = true
			}
		}
		if colon > 0 && (colon-s.from <= 8 || opensOnMistake && colon-s.from <= 16) && !dismissesHeader(toks[s.from:colon]) && !deniedHeader(toks[s.from:colon]) {
			waived := waivedHeader(toks[s.from:colon])
			for j := s.from; j < colon; j++ {
				// "Usually it is one of: X, Y, Z": the candidates listed
				// (not "Use one of: X, Y", a choice offered)
				oneOf := j+2 == colon && j > s.from && toks[j].raw == "one" && toks[j+1].raw == "of" && oneOfCopulas[toks[j-1].raw]
				// "The anti-pattern list: X, Y"
				anti := (toks[j].raw == "pattern" || toks[j].raw == "patterns") && j > s.from && toks[j-1].raw == "anti"
				if headerWords[toks[j].raw] || anti || toks[j].raw == "look" && lookProbe(toks, j, s) || toks[j].raw == "suspects" || readsCode(toks, j, colon) || oneOf || j == refusal {
					// g20: "So we add a check: before each write the
					// worker asks ...", "the holder checks it: before
					// each write, ...": a check whose colon opens on the
					// action it guards is a step of the design, as "check
					// whether I still hold it before writing" is, not a
					// list of suspects. The second reader, frozen, still
					// reads it as before.
					guard := (toks[j].raw == "check" || toks[j].raw == "checks") && guardOpens(toks, colon, s.to)
					// g21d: "The check is done by the lock service: ...",
					// a header that gives the check to an agent or
					// announces a fix, vouches for what follows its
					// colon (see endorsingHeader); the second reader,
					// frozen, still reads it as before.
					guard = guard || endorsingHeader(toks[s.from:colon])
					// g20i: "Check the acquire code: we send SETNX then
					// EXPIRE, and that's fine": a step of reading code
					// whose colon opens on the candidate's own verdict
					// describes their code, and vouches for it.
					if !guard && (toks[j].raw == "check" || readsCode(toks, j, colon)) && ownVerdict(toks, colon, s.to) >= 0 {
						break
					}
					// g33c: "The mistake is overthinking it: X" names its
					// mistake before the colon; X is the speaker's verdict.
					if mistakeNamedBefore(toks, s.from, colon) {
						break
					}
					// g37d: a section on failures ("Failures: ..., so
					// resources don't need to check the token") reaches
					// up to the conclusion the speaker draws; the second
					// reader, frozen, reads the rest as before.
					cf, ct := sectionClaim(d, s.from, colon, s.to)
					for k := colon; k < s.to; k++ {
						if waived || guard || cf <= k && k < ct {
							toks[k].readerRefuted = true
						} else {
							toks[k].refuted = true
						}
					}
					break
				}
			}
		}
		// (g23a) "And the self-inflicted ones — setting the key and its
		// expiry in two steps, ...": a short opening (at most five words)
		// that names a kind of fault and nothing else heads what follows
		// its dash as a colon would. Only the nouns that name faults
		// count (mistakes, pitfalls, bugs, culprits, self-inflicted
		// ones), not every header word ("Failure handling — X" is the
		// candidate's own handling), and not one the opening denies ("No
		// bugs — X"). Red flags skip what it heads; the second reader,
		// frozen, reads it as before.
		if dashFaultHeader(toks, s) {
			for j := s.from + 1; j < s.to && j <= s.from+5; j++ {
				if toks[j].clause && (toks[j].brk == '—' || toks[j].brk == '–') {
					for x := j; x < s.to; x++ {
						toks[x].setAside = true
					}
					break
				}
			}
		}
		// "And read the client code — renewals that don't check, releases
		// that delete anyone's key": a code-reading step heads what
		// follows its dash as it does what follows its colon.
		for j := s.from + 1; j < s.to && j <= s.from+8; j++ {
			if !toks[j].clause || toks[j].brk != '—' && toks[j].brk != '–' {
				continue
			}
			for k := s.from; k < j; k++ {
				if readsCode(toks, k, j) {
					for x := j; x < s.to; x++ {
						toks[x].refuted = true
					}
					break
				}
			}
			break
		}
		// "And avoid having the server mint the key": a conjunction
		// before the prohibition changes nothing.
		open := s.from
		if (toks[open].raw == "and" || toks[open].raw == "but" || toks[open].raw == "also" || toks[open].raw == "so") && open+1 < s.to {
			open++
		}
		first := toks[open].raw
		if prohibitions[first] || first == "do" && open+1 < s.to && toks[open+1].raw == "not" {
			for j := s.from; j < s.to; j++ {
				toks[j].refuted = true
			}
		} else if c := clauseProhibition(toks, s); c >= 0 {
			// "A clock step expires keys early, so don't write clocks
			// off as irrelevant", "...; never retry with a new key": a
			// prohibition opening a clause after a semicolon or a "so"
			// forbids what it names, up to the next semicolon. Red flags
			// skip it; the second reader reads it as before.
			for j := c; j < s.to && (j == c || !(toks[j].clause && toks[j].brk == ';')); j++ {
				toks[j].setAside = true
			}
		}
		if c := headerProhibition(toks, s); c >= 0 && !prohibitions[first] && !(first == "do" && open+1 < s.to && toks[open+1].raw == "not") {
			// "We had this in prod: never SETNX then EXPIRE; use one
			// SET": a prohibition opening what a short header's colon
			// announces forbids, up to the semicolon that ends it, as one
			// opening the sentence does; the words of the advice after the
			// semicolon cannot complete a flag with the forbidden ones.
			end := c
			for end < s.to && !(toks[end].clause && toks[end].brk == ';') {
				end++
			}
			if end < s.to {
				for j := c; j < end; j++ {
					toks[j].refuted = true
				}
			}
		}
		for j := s.from; j < s.to; j++ {
			if toks[j].cls&clsHypo == 0 || !(j == s.from || toks[j].clause || toks[j-1].clause && (toks[j-1].raw == "it" || toks[j-1].raw == "this" || toks[j-1].raw == "which")) {
				continue
			}
			// "if" after "only" or "even" qualifies a claim already made,
			// as does a rule's condition: "the server only accepts the
			// write if ...".
			if j > s.from && (toks[j-1].raw == "only" || toks[j-1].raw == "even") {
				continue
			}
			qualified := false
			for b := j - 1; b >= s.from && b >= j-5; b-- {
				if toks[b].raw == "only" {
					qualified = true
					break
				}
				if toks[b].clause {
					break
				}
			}
			if qualified && toks[j].raw == "if" {
				continue
			}
			// A quotation inside the condition does not end it: "if the
			// store can say "no" to a stale write, ...".
			end, cut := j+1, -1
			for end < s.to && !(toks[end].clause && toks[end].brk != 0 && toks[end].brk != '"') {
				// "If you take a lock you can drop the constraint": with no
				// comma, a pronoun and a modal start the main clause.
				if end > j+2 && end+1 < s.to && subjectPronouns[toks[end].raw] && modals[toks[end+1].raw] {
					break
				}
				if end > j+2 && conditionEndsAt(toks, end) {
					break
				}
				// "If the TTL is set correctly two holders are
				// impossible": with no comma, a condition whose verb
				// is done (its last word an adverb in -ly or a
				// participle in -ed) ends where a subject opens and
				// its verb follows within two words (g40; the second
				// reader, frozen, reads on to where the condition
				// ended before: readerHypo).
				if cut < 0 && end > j+3 && mainAfterDoneCondition(toks, j, end, s.to) {
					cut = end
				}
				// g54 (QA-54 #085, QA-54b): so does a system named in
				// capitals with its verb, after a condition with a verb of
				// its own ("if the worker dies Postgres puts the row back",
				// "if it times out Redis rolls back the SET").
				if cut < 0 && end > j+2 && (!toks[end-1].fn || verbParticles[toks[end-1].raw]) && end+1 < s.to && properThenVerb(d, end) && !clauseTakers[toks[end-1].raw] {
					cut = end
				}
				// "If the renew fails it's okay to finish", "if Done()
				// hasn't fired you're still leader", "if X then Y": a
				// subject with its copula, or "then", starts it too
				// (not after a verb that takes a clause: "if it thinks
				// it's still the holder").
				if end > j+2 && (mainOpeners[toks[end].raw] || toks[end].raw == "then" && toks[end-1].raw != "and" && toks[end-1].raw != "or" && end+1 < s.to && thenSubjects[toks[end+1].raw]) && !clauseTakers[toks[end-1].raw] {
					break
				}
				end++
			}
			if cut >= 0 {
				for k := cut; k < end; k++ {
					toks[k].readerHypo = true
				}
				end = cut
			}
			approved := approvalAt(toks, end, s.to)
			for k := j; k < end; k++ {
				toks[k].hypo = true
				toks[k].approvedCond = approved
			}
		}
	}
}

// verbParticles end a phrasal verb: "if it times out".
var verbParticles = setOf(`out up down over off back away`)

// mainSubjectOpeners open the subject of a main clause after a
// condition written without its comma.
var mainSubjectOpeners = setOf(`two no nobody nothing only every each both we you they it this that
another any our your its their`)

// mainAfterDoneCondition reports that the condition opened at toks[j]
// (by "if", "once", ...) ends before toks[end], written without a comma:
// the condition has an auxiliary or a copula before end ("is set", "has
// finished"), its last word before end is an adverb in -ly or a
// participle in -ed, and at end a subject opens ("two holders", "nobody",
// "we") whose auxiliary or modal comes within its next two words, before
// to: "if the TTL is set correctly two holders are impossible", "once the
// row is inserted nobody can claim it". "The" and "a" open no such
// subject: "if the lease is renewed the holder ..." is left as it was.
func mainAfterDoneCondition(toks []token, j, end, to int) bool {
	if !mainSubjectOpeners[toks[end].raw] {
		return false
	}
	prev := toks[end-1].raw
	if len(prev) < 4 || !(strings.HasSuffix(prev, "ly") || strings.HasSuffix(prev, "ed")) || toks[end-1].fn {
		return false
	}
	verb := false
	for k := j + 1; k < end-1; k++ {
		if auxiliaries[toks[k].raw] {
			verb = true
			break
		}
	}
	if !verb {
		return false
	}
	for k := end + 1; k < to && k <= end+2; k++ {
		if auxiliaries[toks[k].raw] || modals[toks[k].raw] {
			return true
		}
		if toks[k].clause {
			return false
		}
	}
	return false
}

// approvalAt reports a main clause at toks[at] that only approves the
// condition before it: "you're covered", "then we're safe", "it works",
// "that's enough" (and nothing after it in its clause), so "if you do X,
// you're covered" recommends X as "do X and you're covered" does.
func approvalAt(toks []token, at, end int) bool {
	if at >= end {
		return false
	}
	j := at
	if toks[j].raw == "then" {
		j++
	}
	stop := j
	for stop < end && !(stop > j && toks[stop].clause && toks[stop].brk != 0) {
		stop++
	}
	var buf [16]string // on the stack for most clauses
	words := buf[:0]
	for k := j; k < stop; k++ {
		words = append(words, toks[k].raw)
	}
	switch {
	case len(words) == 2 && (words[0] == "you're" || words[0] == "we're" || words[0] == "it's" || words[0] == "that's"):
		return approvalWords[words[1]]
	case len(words) == 3 && (words[0] == "you" || words[0] == "we") && words[1] == "are",
		len(words) == 3 && (words[0] == "it" || words[0] == "that") && words[1] == "is":
		return approvalWords[words[2]]
	case len(words) == 2 && (words[0] == "it" || words[0] == "that"):
		return words[1] == "works" || words[1] == "suffices"
	}
	return false
}

// approvalWords approve a step outright: "you're covered", "it's safe".
var approvalWords = setOf(`covered safe fine good set done enough protected`)

// consequenceOpeners open the sentence after a mistake named that tells
// what it leads to: "Another mistake: the server mints the key. Then each
// retry gets a fresh key."
var consequenceOpeners = setOf(`then if otherwise because since or`)

// antiPattern reports "anti-pattern" (two tokens) in a sentence: a
// mention noun like "antipattern".
func antiPattern(toks []token) bool {
	for j := 1; j < len(toks); j++ {
		if (toks[j].raw == "pattern" || toks[j].raw == "patterns") && toks[j-1].raw == "anti" {
			return true
		}
	}
	return false
}

// reliesOnTiming reports a clause opened at toks[j] that says what the
// words before it rely on, and names a timing risk: "— rely respectively
// on bounded pauses", "— it depends on no pause outlasting the lease".
// The option it follows is offered under that condition, not claimed
// safe, as one followed by "— assumes no long pause" is.
func reliesOnTiming(toks []token, j int, s sentence) bool {
	k := j
	if (toks[k].cls&clsBackRef != 0) || toks[k].raw == "they" || toks[k].raw == "both" || toks[k].raw == "all" {
		k++
	}
	if k >= s.to || !(toks[k].cls&clsReliance != 0) {
		return false
	}
	on := -1
	for m := k + 1; m < s.to && m <= k+3; m++ {
		if toks[m].raw == "on" || toks[m].raw == "upon" {
			on = m
			break
		}
	}
	if on < 0 {
		return false
	}
	end := on + 1
	for end < s.to && !(toks[end].clause && toks[end].brk != 0 && toks[end].brk != ',') {
		end++
	}
	return namesTimingRisk(toks[on+1 : end])
}

// limitedMeasure reports a clause opened at toks[j] that points back at
// the measure before it and judges it too weak: "— each of which only
// narrows the window under assumptions about pauses, clocks ...", ",
// which only shrinks the gap", "— both of which assume bounded pauses".
// It returns the measure's first token (the clause before j for a
// singular pointer, the list back to the last ; : ( or ) for "each of
// which", "both", "all of these") and the end of the limit (the end of
// the sentence, a ; or ), or a turn such as "but" or "so"). A limit that
// goes on to close the window or approve the measure ("narrows the
// window to zero", "..., but with NTP that is enough") is no limit.
func limitedMeasure(toks []token, j int, s sentence) (from, end int, ok bool) {
	k, plural := j, false
	switch r := toks[k].raw; {
	case limitQuantifiers[r] && k+2 < s.to && toks[k+1].raw == "of" && limitPointers[toks[k+2].raw]:
		k, plural = k+3, true
	case r == "which" || r == "this" || r == "that" || r == "it":
		k++
	case r == "they" || r == "these" || r == "those" || r == "both" || r == "all":
		k, plural = k+1, true
	default:
		return 0, 0, false
	}
	for k < s.to && limitAdverbs[toks[k].raw] {
		k++
	}
	if k >= s.to || toks[k].negBy >= 0 {
		return 0, 0, false
	}
	end = k + 1
	for end < s.to && !(toks[end].clause && (toks[end].brk == ';' || toks[end].brk == ')' || limitTurns[toks[end].raw])) {
		end++
	}
	switch {
	case weakeners[toks[k].raw]:
		// what it narrows: "the window", "the odds"
		obj := false
		for m := k + 1; m < end && m <= k+3; m++ {
			obj = obj || limitedObjects[toks[m].raw]
		}
		if !obj {
			return 0, 0, false
		}
	case toks[k].raw == "assumes" || toks[k].raw == "assume" || toks[k].raw == "presumes" || toks[k].raw == "presume":
		if !namesTimingRisk(toks[k+1 : end]) {
			return 0, 0, false
		}
	default:
		return 0, 0, false
	}
	if limitClosed(toks, k+1, s.to) {
		return 0, 0, false
	}
	from = j - 1
	for from > s.from {
		t := &toks[from]
		if t.clause && (t.brk == ';' || t.brk == ':' || t.brk == '(' || t.brk == ')' || t.brk == '\n' || !plural && t.brk != 0) {
			break
		}
		from--
	}
	return from, end, true
}

// limitClosed reports a word of toks[from:to] that closes the window or
// approves the measure after its limit: "to zero", "so it is safe", "and
// NTP gives us that". It reads to the end of the item, at the sentence's
// end, a ; or a bracket: "(assumes nothing bypasses it), check the lease
// ..." closes nothing.
func limitClosed(toks []token, from, to int) bool {
	for m := from; m < to; m++ {
		t := &toks[m]
		if m > from && t.clause && (t.brk == ';' || t.brk == '(' || t.brk == ')') {
			break
		}
		if t.negBy >= 0 {
			continue
		}
		if limitClosers[t.raw] || (t.raw == "zero" || t.raw == "nothing") && toks[m-1].raw == "to" {
			return true
		}
	}
	return false
}

// limitQuantifiers, limitPointers and limitAdverbs open a clause that
// points back at a list of measures ("each of which only", "all of these
// merely"); limitedObjects are what a weakener narrows; limitTurns open
// a clause that leaves the limit ("but", "so"); limitClosers say the
// window is closed or the measure enough after all (and so do "to zero",
// "to nothing": see limitClosed).
var (
	limitQuantifiers = setOf(`each all both either any`)
	limitPointers    = setOf(`which these those them`)
	limitAdverbs     = setOf(`only just merely still at best mostly`)
	limitedObjects   = setOf(`window windows gap gaps race races odds risk risks chance chances likelihood probability exposure problem`)
	limitTurns       = setOf(`but so yet however though although whereas while`)
	limitClosers     = setOf(`closes close closed eliminates eliminate eliminated removes remove enough safe safely fine airtight watertight bulletproof guarantees guarantee guaranteed ensures ensure gives provides handles`)
)

// relianceVerbs say what something relies on: "rely on", "depends on",
// "hinges on", "banks on".
var relianceVerbs = setOf(`rely relies relying depend depends depending hinge hinges hinging bank banks banking count counts counting`)

// statesAssumption reports whether a sentence opens by stating what the
// one before it assumes: "Assumes bounded pauses.", "This assumes ...",
// "That only works if ...".
func statesAssumption(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	j := 0
	if (toks[0].cls&clsBackRef != 0) && len(toks) > 1 {
		j = 1
	}
	switch toks[j].raw {
	case "assumes", "assume", "presumes", "presupposes":
		return true
	case "only":
		return j+2 < len(toks) && (toks[j+1].raw == "works" || toks[j+1].raw == "helps" || toks[j+1].raw == "holds") && (toks[j+2].raw == "if" || toks[j+2].raw == "when" || toks[j+2].raw == "as")
	}
	return false
}

// rejectsOwn reports a sentence that opens with the candidate rejecting
// something: "I'd reject ...", "We'd also decline ...".
func rejectsOwn(toks []token) bool {
	if len(toks) < 3 {
		return false
	}
	switch toks[0].raw {
	case "i", "i'd", "we", "we'd":
	default:
		return false
	}
	for j := 1; j < len(toks) && j <= 3; j++ {
		switch toks[j].raw {
		case "reject", "decline", "veto":
			return true
		case "would", "also", "firmly", "strongly", "definitely", "always":
		default:
			return false
		}
	}
	return false
}

// backRefs point back at what was just said.
var backRefs = setOf(`that this it that's this's it's which`)

// rejectsBack reports whether a sentence opens by rejecting what the one
// before it said: "That's wrong.", "This is the classic mistake, because
// ...", "That isn't true.", "I'd reject that.", "I disagree.", "Wrong:
// ...". A judgement that points forward ("It's a mistake to ...", "That's
// wrong if ...") rejects nothing before it.
func rejectsBack(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	first := toks[0].raw
	firstBack := toks[0].cls&clsBackRef != 0 // backRefs[first], read from its class
	end := len(toks)
	for j := 1; j < len(toks); j++ {
		if toks[j].clause && toks[j].brk != 0 {
			end = j
			break
		}
	}
	forward := func(j int) bool {
		if j+1 >= len(toks) || toks[j+1].clause && toks[j+1].brk != 0 {
			return false
		}
		switch toks[j+1].raw {
		case "to", "that", "if", "when", "unless", "whenever":
			return true
		}
		return false
	}
	switch {
	case first == "wrong" || first == "nope" || first == "untrue" || first == "nonsense" || first == "myth" || first == "disagree" || first == "disagreed" || first == "false":
		return end <= 2
	case first == "not" && len(toks) > 1:
		// "Not true.", "Not quite: ...", "Not really, because ..."
		switch toks[1].raw {
		case "true", "quite", "really", "so", "correct", "right":
			return end <= 3
		}
	case firstBack && end <= 3 && len(toks) > 1 && (strings.HasSuffix(toks[1].raw, "n't") || toks[1].raw == "not"):
		// "...; it isn't.", "They don't."
		return true
	case firstBack && len(toks) > 3 && notWhat(toks):
		// "That's not what WAIT promises.", "That isn't how WAIT works."
		return true
	case firstBack:
		for j := 1; j < end && j <= 6; j++ {
			r := toks[j].raw
			if rejectWords[r] && r != "avoid" && r != "avoided" || rebuttals[r] || toks[j].cls&clsRebuttal != 0 || flawNouns[r] {
				return !forward(j)
			}
			if (r == "true" || r == "right" || r == "correct" || r == "so" || r == "case") && toks[j].negBy >= 0 {
				return !forward(j)
			}
			// (g20k: a hedged verdict still judges: "That's probably
			// wrong", "That is surely a misconception")
			if !(auxiliaries[r] || critModifiers[r] || toks[j].negBy >= 0 || r == "be" || r == "just" || r == "simply" || r == "also" || r == "quite" || flawParts[r] || verdictHedges[r]) {
				return false
			}
		}
	case first == "i" || first == "i'd" || first == "we" || first == "we'd":
		for j := 1; j < end && j <= 3; j++ {
			// "we replaced it with ...", "so we ripped that out": what
			// came before is what was replaced.
			if replaceVerbs[toks[j].raw] {
				return j+1 < end && (toks[j+1].cls&clsBackRef != 0) || j+2 < end && (toks[j+2].cls&clsBackRef != 0) && (toks[j+1].raw == "all" || toks[j+1].raw == "out")
			}
			switch toks[j].raw {
			case "reject", "disagree", "dispute":
				if toks[j].raw == "reject" || toks[j].raw == "dispute" {
					return j+1 < len(toks) && (toks[j+1].cls&clsBackRef != 0)
				}
				return true
			case "would", "strongly", "firmly", "completely", "also":
			default:
				return false
			}
		}
	}
	return false
}

// inferredCause reports a sentence, opened by a pronoun pointing back,
// that guesses what caused the incident: an inference ("has to be",
// "must be", "probably") and a fault noun (faultNouns) owned by
// something named right before it ("It has to be a Redis bug or a
// network glitch", "It must be a kernel bug") or right after it ("It
// must be a bug in our logging", "a race in the client library"). It
// names a suspect; it does not judge what the sentence before it said.
// A verdict does ("That has to be a mistake", "That's probably wrong",
// "surely a misconception"): a verdict word (wrong, false, unsafe, a
// mistake, a myth) is never a fault, and an unowned "a bug" stays a
// verdict too.
func inferredCause(toks []token) bool {
	if len(toks) < 4 || !(toks[0].cls&clsBackRef != 0) {
		return false
	}
	inferred := false
	for j := 1; j < len(toks) && j <= 7; j++ {
		r := toks[j].raw
		switch {
		case r == "must" || r == "probably" || r == "likely" || r == "surely" || r == "presumably" ||
			(r == "has" || r == "have" || r == "had") && j+1 < len(toks) && toks[j+1].raw == "to":
			inferred = true
		case faultNouns[r]:
			// (a fault noun scopes its neighbours like a rejecting word;
			// only a negation of the noun itself denies the guess: "not a
			// Redis bug")
			if !inferred || toks[j].negBy >= 0 || toks[j-1].raw == "not" {
				return false
			}
			// owned before: "a Redis bug", "a network glitch"
			if p := toks[j-1].raw; !critModifiers[p] && !auxiliaries[p] && !inferWords[p] && !toks[j].clause {
				return true
			}
			// owned after: "a bug in our logging", "a race in the client"
			if j+2 < len(toks) && !toks[j+1].clause && causeOwners[toks[j+1].raw] {
				return true
			}
			return false
		case rejectWords[r] || flawNouns[r] || toks[j].cls&clsRebuttal != 0:
			// a verdict before any fault: "probably wrong", "a mistake"
			return false
		}
	}
	return false
}

// faultNouns name a fault a candidate may guess caused an incident (see
// inferredCause); verdict words (wrong, mistake, misconception) are not
// among them.
var faultNouns = setOf(`bug bugs glitch glitches race races pause pauses problem problems issue issues
fault faults hiccup hiccups blip blips partition partitions outage leak regression defect`)

// verdictHedges may stand before a verdict that rejects what came before
// ("That's probably wrong", "That is almost certainly a myth").
var verdictHedges = setOf(`probably likely surely presumably certainly almost most definitely clearly`)

// inferWords hedge a guess: "probably a bug" has no owner before "bug".
var inferWords = setOf(`must probably likely surely presumably be to`)

// causeOwners link a guessed fault to what it is in: "a bug in our
// logging", "a race on the client", "a glitch of the network".
var causeOwners = setOf(`in on of inside within with at between from`)

// replaceVerbs, said by the candidate of what came before ("we replaced
// it with an etcd revision", "we fixed that"), make it the thing replaced.
var replaceVerbs = setOf(`replaced swapped switched ripped dropped removed reverted fixed scrapped
binned killed retired changed`)

// exampleOpeners open a sentence that gives an example of what the
// sentence before it named: "For example, ...", "E.g. ...".
func opensExample(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	switch toks[0].raw {
	case "eg", "e", "say", "like":
		return true
	case "for":
		return len(toks) > 1 && (toks[1].raw == "example" || toks[1].raw == "instance")
	}
	return false
}

// setAsideCoordinated sets aside the clauses from toks[k] on that go on
// with the infinitive a mistake's item opened at toks[n] (see
// coordinatedVerb), to the end of the last of them. (Set aside, not
// refuted: the second reader reads these words as it was trained to.)
func setAsideCoordinated(toks []token, n, k, end int) {
	for k < end && coordinatedVerb(toks, n, k, end) {
		e := k + 1
		for e < end && !toks[e].clause {
			e++
		}
		for x := k; x < e; x++ {
			toks[x].setAside = true
		}
		k = e
	}
}

// coordinatedVerb reports a clause at toks[k] that goes on with the
// infinitive that opens a mistake's item at toks[n] ("the mistake is to
// keep working and (only) react to LOST"): "and" or "or" with no
// punctuation, then a verb rather than a new subject.
func coordinatedVerb(toks []token, n, k, end int) bool {
	if n >= end || toks[n].raw != "to" || toks[k].brk != 0 || toks[k].raw != "and" && toks[k].raw != "or" {
		return false
	}
	v := k + 1
	for v < end && (toks[v].raw == "only" || toks[v].raw == "just" || toks[v].raw == "then" || toks[v].raw == "simply") {
		v++
	}
	return v < end && !newSubjects[toks[v].raw]
}

// newSubjects open a clause with a subject of its own.
var newSubjects = setOf(`i we you it they he she the a an this that these those there my our your their its
what which who nothing everything`)

// headNouns, after a critic word, name a mistake as mistakeNouns do:
// "the wrong way is X", "the naive fix: X".
var headNouns = setOf(`way approach fix version option answer move idea thing solution`)

// criticHead reports whether toks[j] is a headNoun after a critic word
// near the start of its sentence: "For releasing, the wrong way is ...".
func criticHead(toks []token, j, from int) bool {
	return j > from && toks[j-1].cls&clsCritic != 0 && toks[j-1].raw != "bad" && headNouns[toks[j].raw]
}

// subjectPronouns and modals, in that order inside an if-clause with no
// comma, start its main clause.
var (
	subjectPronouns = setOf(`you we i it they`)
	modals          = setOf(`can could should will would must may might need needn't can't won't`)
)

// hypoOpeners open a condition rather than a claim: "if ...", "assuming
// ...", "provided ...", "(this) assumes ...".
var hypoOpeners = setOf(`if assuming assumes assume provided providing supposing suppose unless`)

// attributionWords report or frame a claim as someone's view: "people say",
// "according to", "the naive view is", "it's tempting to think".
var attributionWords = setOf(`said says say claim claims claimed argue argues argued want wants wanted suggest
suggests suggested told tells asked heard hear belief believed believes believe think thinks
thought view take according tempting runbook docs documentation blog myth misconception assumption
assume assumed assumes folklore wisdom insisted insists swore reckon reckons wrote
described describes describe seen`)

// claimCompounds follow "claim" when it names a job's claim ("the claim
// row", "claim_epoch" aside), not a claim someone made.
var claimCompounds = setOf(`row rows table tables record records query queries column columns epoch
sequence seq id ids number numbers counter lease leases step steps timestamp key keys`)

// groupQuantifiers and groupNouns open a sentence about what others do:
// "Some teams ...", "Many people ...".
var (
	groupQuantifiers = setOf(`some many most lots plenty`)
	groupNouns       = setOf(`teams people folks engineers shops companies devs developers candidates places orgs`)
)

// rebuttalWords reject what was reported.
var rebuttalWords = setOf(`wrong false untrue incorrect mistaken disagree myth nonsense nope
breaks broke fails failed misleading bogus dangerous different conflates conflating confuses
backwards overstated overstates reverse opposite defeats defeat forbid forbids ban veto`)

// attributed reports whether a sentence frames a claim as someone else's:
// an attribution word not spoken by the candidate ("I think" is their own
// claim; "I heard", "I disagree" are not claims of theirs).
func attributed(toks []token) bool { return attributedBy(toks, true) }

// attributedBy is attributed; with verbTake false, "take" reports a view
// only as a noun ("my take", "the common take"), not as the verb of
// "transfers take locks in the same order" (see markClaimedAfterAll).
func attributedBy(toks []token, verbTake bool) bool {
	// "Some teams add a replica behind every node": what others do.
	if len(toks) > 1 && groupQuantifiers[toks[0].raw] && groupNouns[toks[1].raw] {
		return true
	}
	for k := range toks {
		t := &toks[k]
		if t.cls&clsAttribution == 0 {
			continue
		}
		// "we didn't hear back" reports no claim
		if (t.raw == "hear" || t.raw == "heard") && k+1 < len(toks) && toks[k+1].raw == "back" {
			continue
		}
		// "more than the longest run, say double it, ...": "say" after
		// a comma gives an example, it reports nobody
		if t.raw == "say" && t.clause && t.brk == ',' {
			continue
		}
		if k > 0 && (toks[k-1].raw == "i" || toks[k-1].raw == "we") && t.raw != "heard" && t.raw != "hear" && t.raw != "told" && t.raw != "asked" && t.raw != "seen" {
			continue
		}
		// "delete the claim row": a job's claim, not a claim reported
		if (t.raw == "claim" || t.raw == "claims") && k+1 < len(toks) && claimCompounds[toks[k+1].raw] {
			continue
		}
		if !verbTake && t.raw == "take" && !(k > 0 && takeOwners[toks[k-1].raw]) {
			continue
		}
		return true
	}
	return false
}

// takeOwners stand before "take" as a noun: someone's view.
var takeOwners = setOf(`my our your his her their the a one common popular usual standard hot`)

// rebuttalAt returns where a sentence starts rejecting what was reported
// (the start of the rejecting clause), or -1: a
// rebuttal word, a negated "true", "right", "so" or "believe" ("not so",
// "that isn't right", "don't believe it"), "doesn't hold", "I wouldn't",
// "the answer is no".
func rebuttalAt(toks []token) int {
	for k := range toks {
		t := &toks[k]
		if t.cls&clsRebuttal != 0 {
			return clauseStart(toks, k)
		}
		switch t.raw {
		case "true", "right", "so", "believe", "hold", "holds", "correct", "case", "that":
			// "not so", "isn't true", "don't believe", "doesn't quite hold".
			if k > 0 && (toks[k-1].cls&clsNegator != 0) || k > 1 && (toks[k-2].cls&clsNegator != 0) && (toks[k-1].raw == "quite" || toks[k-1].raw == "really" || toks[k-1].raw == "entirely" || toks[k-1].raw == "the") {
				return clauseStart(toks, k)
			}
		case "wouldn't", "won't":
			if k+1 == len(toks) {
				return clauseStart(toks, k)
			}
		case "no":
			if k > 0 && toks[k-1].raw == "is" {
				return clauseStart(toks, k)
			}
		}
	}
	return -1
}

// clauseStart returns the index where the clause holding toks[k] starts.
func clauseStart(toks []token, k int) int {
	if k >= len(toks) {
		k = len(toks) - 1
	}
	for k > 0 && !toks[k].clause {
		k--
	}
	return k
}

// bulleted reports whether sentence s lies on a line that starts with a
// list marker ("- ", "* ", "• ", "1. " or "1) ").
func bulleted(d *doc, s sentence) bool {
	// (the start of s's line, found once for all sentences: a search back
	// from each sentence scanned a one-paragraph answer once per call)
	line := strings.TrimLeft(d.text[lineOf(d, s):], " \t")
	for _, m := range []string{"- ", "* ", "• ", "– "} {
		if strings.HasPrefix(line, m) {
			return true
		}
	}
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(line) && (line[i] == '.' || line[i] == ')') && line[i+1] == ' '
}

// markQuotedLabels reads a quotation that opens a sentence and is
// followed at once by a dash or a colon as a label for the words under
// discussion, not a claim: taking apart a colleague's line, ""Can't lose
// it" — even if it survives failover, a paused client ..." quotes the
// words it goes on to answer.
func markQuotedLabels(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		q := toks[s.from].quote
		if q == 0 {
			continue
		}
		e := s.from
		for e < s.to && toks[e].quote == q {
			e++
		}
		if e >= s.to || !toks[e].clause || toks[e].brk != '—' && toks[e].brk != '–' && toks[e].brk != ':' {
			continue
		}
		for k := s.from; k < e; k++ {
			toks[k].refuted = true
		}
	}
}

// minEmphasisSentence is how many words an emphasised sentence needs to
// end at the stop before its closing marks (see analyseInto): fewer make
// a label for the sentence after it.
const minEmphasisSentence = 5

// temptVerbs tell what a practice leads people to do wrong: "it tempts
// people to skip the real check", "lures teams into dropping the
// constraint".
var temptVerbs = setOf(`tempt tempts tempted lure lures lured`)

// markTemptations reads what a practice tempts people to do as a harm
// named, not a step claimed: the words after the verb, to the end of its
// clause, are refuted. It also reads three small idioms that only look
// like claims: a manner adverb alone in a clause after "but" ("yes,
// extend it, but safely": how to do it, not that doing it is safe), a
// lock word before "down" ("DEL locked down with ACLs": restricted, not
// held), and "now" inside a quotation ("tied to "who's in charge now"":
// no clock is read).
func markTemptations(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for j := s.from; j < s.to; j++ {
			t := &toks[j]
			switch {
			case t.cls&clsG11 != 0 && temptVerbs[t.raw]:
				for k := j + 1; k < s.to && !(toks[k].clause && toks[k].brk != 0); k++ {
					toks[k].refuted = true
				}
			case t.raw == "but" && t.clause && j+1 < s.to && strings.HasSuffix(toks[j+1].raw, "ly") && (j+2 == s.to || toks[j+2].clause && toks[j+2].brk != 0):
				toks[j+1].refuted = true
			case t.stem == "lock" && j+1 < s.to && toks[j+1].raw == "down" && !toks[j+1].clause:
				t.refuted = true
			case t.raw == "now" && t.quote > 0:
				t.refuted = true
			case t.raw == "now" && !strings.HasPrefix(d.text[t.end:], "(") && nowOfPlan(toks, j, s.from, s.to):
				// g17: "for now", or "X now; Y later": a stage of a plan,
				// not a clock (set aside: the second reader reads it as
				// it was trained to)
				t.setAside = true
			}
		}
	}
}

// nowOfPlan reports a "now" at toks[j] that dates a step of a plan
// rather than reading a clock (a call of now() reads one): "for now", or
// "now" closing its clause in a sentence that puts another step "later"
// ("version checks now; move to CRDTs later").
func nowOfPlan(toks []token, j, from, to int) bool {
	if j > from && toks[j-1].raw == "for" {
		return true
	}
	if j+1 < to && !(toks[j+1].clause && toks[j+1].brk != 0) {
		return false
	}
	for k := from; k < to; k++ {
		if toks[k].raw == "later" && k != j {
			return true
		}
	}
	return false
}

// nominal reports "on paper" or "in theory" at toks[j:]: a claim said to
// hold in name only.
func nominal(toks []token, j, end int) bool {
	if toks[j].raw == "theoretically" {
		return true
	}
	return j+1 < end && (toks[j].raw == "on" && toks[j+1].raw == "paper" || toks[j].raw == "in" && toks[j+1].raw == "theory")
}

// inPractice reports "in practice", "in reality" or "practically" at
// toks[j:] (after an optional "but"): what really happens, set against a
// claim made on paper.
func inPractice(toks []token, j, end int) bool {
	if j < end && toks[j].raw == "but" {
		j++
	}
	if j < end && (toks[j].raw == "practically" || toks[j].raw == "realistically") {
		return true
	}
	return j+1 < end && toks[j].raw == "in" && (toks[j+1].raw == "practice" || toks[j+1].raw == "reality")
}

// markOnPaper reads a claim said to hold "on paper" or "in theory" and
// then set against practice, in a later clause of its sentence or at the
// start of the next ("Redlock's promise, on paper: a majority means
// nobody else can hold it. In practice a GC pause breaks that."), as
// named, not claimed.
func markOnPaper(d *doc) {
	toks := d.toks
	for si, s := range d.sents {
		paper := -1
		for j := s.from; j < s.to; j++ {
			if nominal(toks, j, s.to) {
				paper = j
				break
			}
		}
		if paper < 0 {
			continue
		}
		end := -1
		for j := paper + 2; j < s.to; j++ {
			if toks[j].clause && inPractice(toks, j, s.to) {
				end = j
				break
			}
		}
		if end < 0 && si+1 < len(d.sents) {
			if n := d.sents[si+1]; inPractice(toks, n.from, n.to) {
				end = s.to
			}
		}
		for j := s.from; j < end; j++ {
			toks[j].refuted = true
		}
	}
}

// isCount reports a number written in digits or a small number word: the
// k of a count "k of n".
func isCount(raw string) bool {
	if raw == "" {
		return false
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] < '0' || raw[i] > '9' {
			return itemNumbers[raw] || raw == "all" || raw == "most"
		}
	}
	return true
}

// swapVerbs take out what follows them, up to "with" or "for":
// "Replace SETNX then EXPIRE with one SET NX PX".
var swapVerbs = setOf(`replace replaced replacing swap swapped swapping trade traded trading`)

// fixReplaces, after a word pointing back to a fix ("It replaces X",
// "This supersedes X"), say what the fix takes the place of.
var fixReplaces = setOf(`replaces supersedes`)

// replaceReasons open a clause of reason or consequence that ends what
// "It replaces X" sets aside.
var replaceReasons = setOf(`as since because so which while given`)

// pullVerbs take out what stands between them and "out": "we pulled the
// lock out", "ripped the Redlock code out". ("take a lock out" acquires
// one, so "take" is not among them.)
var pullVerbs = setOf(`pull pulled pulling rip ripped ripping tore tear tearing yank yanked yanking`)

// preferVerbs set what follows a later "over" aside: "Pick a short TTL
// with renewal over a long TTL".
var preferVerbs = setOf(`prefer prefers preferred pick picks choose chooses favour favor favours favors`)

// disowners disown their clause: "a long TTL that supposedly keeps it
// safe".
var disowners = setOf(`supposedly allegedly purportedly ostensibly`)

// markReplaced reads what a sentence replaces, sets aside by preference
// or disowns as named, not claimed: "Replace X with Y", "Swap X for Y"
// (X, up to "with" or "for"), "Pick Y over X" (X, from "over" to the end
// of its clause) and a clause holding "supposedly" or "allegedly". Y,
// the candidate's choice, is claimed as usual.
func markReplaced(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		prefer := false
		for j := s.from; j < s.to; j++ {
			t := &toks[j]
			if t.cls&clsG11 == 0 && !(prefer && t.raw == "over") {
				continue
			}
			switch {
			case pullVerbs[t.raw]:
				// g21a: "we pulled the Redis lock out (from around the
				// job) and replaced it with a unique constraint": what is
				// pulled out is named, as what is replaced is.
				for k := j + 1; k < s.to && k <= j+6 && !(toks[k].clause && toks[k].brk != 0); k++ {
					if toks[k].raw == "out" {
						for x := j + 1; x < k; x++ {
							toks[x].refuted = true
						}
						break
					}
				}
			case fixReplaces[t.raw] && j > s.from && j <= s.from+2 && toks[s.from].cls&clsBackRef != 0:
				// g23a: "It replaces the GET then DEL, which can delete
				// the next holder's lock": a fix pointed back to, said to
				// take the place of a practice, names that practice (to
				// its clause's end, or to "with"/"for" as "Replace X with
				// Y" reads). Red flags skip it; the second reader, frozen,
				// reads it as before. ("GET then DEL replaces the script"
				// and "It replaces the script with GET then DEL" claim
				// the practice.)
				for k := j + 1; k < s.to && !(toks[k].clause && toks[k].brk != 0); k++ {
					// (g23af) nor over a reason or consequence of the
					// candidate's own: "It replaces the owner check as
					// the watchdog ensures only one holder" claims it.
					if r := toks[k].raw; r == "with" || r == "for" || r == "by" || replaceReasons[r] {
						break
					}
					toks[k].setAside = true
				}
			case swapVerbs[t.raw]:
				for k := j + 1; k < s.to && k <= j+12 && !(toks[k].clause && toks[k].brk != 0); k++ {
					if r := toks[k].raw; r == "with" || r == "for" || r == "by" {
						for x := j + 1; x < k; x++ {
							toks[x].refuted = true
						}
						break
					}
				}
			case preferVerbs[t.raw]:
				prefer = true
			case prefer && t.raw == "over":
				for k := j + 1; k < s.to && !(toks[k].clause && toks[k].brk != 0); k++ {
					toks[k].refuted = true
				}
			case disowners[t.raw]:
				from := j
				for from > s.from && !toks[from].clause {
					from--
				}
				for k := from; k < s.to && (k <= j || !toks[k].clause); k++ {
					toks[k].refuted = true
				}
			}
		}
	}
}

// formerAdvice names a rule someone gave: "The standing advice on our
// team was to X".
var formerAdvice = setOf(`advice guidance recommendation suggestion convention`)

// markAttributed reads three more ways of giving a claim to someone else
// or taking it back: "According to the vendor, X" (the sentence after the
// source's comma), "X — scratch that, Y" and "X. Scratch that: Y" (a
// retraction: what comes before it), and "The advice on our team was to
// X" (a rule given in the past, not the candidate's: what follows "was
// to").
func markAttributed(d *doc) {
	toks := d.toks
	retracts := func(j, end int) bool {
		if j+1 < end && (toks[j].raw == "scratch" || toks[j].raw == "strike") && toks[j+1].raw == "that" {
			return true
		}
		if j+2 < end && toks[j].raw == "take" && toks[j+1].raw == "that" && toks[j+2].raw == "back" {
			return true
		}
		return j+3 < end && toks[j].raw == "i" && toks[j+1].raw == "take" && toks[j+2].raw == "that" && toks[j+3].raw == "back"
	}
	for si, s := range d.sents {
		// "According to the vendor, X"
		if s.to-s.from > 3 && toks[s.from].raw == "according" && toks[s.from+1].raw == "to" {
			comma, source := -1, false
			for j := s.from + 2; j < s.to; j++ {
				if toks[j].clause && toks[j].brk != 0 {
					comma = j
					break
				}
				if reporters[strings.TrimSuffix(toks[j].raw, "'s")] {
					source = true
				}
			}
			if source && comma > 0 {
				for j := comma; j < s.to && !(j > comma && toks[j].clause && (toks[j].raw == "but" || toks[j].raw == "however")); j++ {
					toks[j].refuted = true
				}
			}
		}
		for j := s.from; j < s.to; j++ {
			if !(j == s.from || toks[j].clause && toks[j].brk != 0) || !retracts(j, s.to) {
				continue
			}
			if j == s.from && si > 0 {
				p := d.sents[si-1]
				for k := p.from; k < p.to; k++ {
					toks[k].refuted = true
				}
			}
			for k := s.from; k < j; k++ {
				toks[k].refuted = true
			}
			break
		}
		for j := s.from; j < s.to; j++ {
			if toks[j].cls&clsG11 == 0 || !formerAdvice[toks[j].raw] || j > s.from && toks[j-1].raw == "my" {
				continue
			}
			for k := j + 1; k+1 < s.to && k <= j+5; k++ {
				if toks[k].raw == "was" && toks[k+1].raw == "to" {
					for x := k + 2; x < s.to && !(toks[x].clause && (strongClause[toks[x].raw] || rebuttalWords[toks[x].raw])); x++ {
						toks[x].refuted = true
					}
					break
				}
			}
		}
	}
}

// theoryNouns, before a colon, head a hypothesis: "my working theory:
// A froze".
var theoryNouns = setOf(`theory theories hypothesis hypotheses guess hunch suspicion bet scenario
scenarios`)

// othersSubjects, after "is what", make a practice someone else's: "X is
// what people do first".
var othersSubjects = setOf(`people teams everyone everybody most folks engineers candidates devs
developers juniors others`)

// markTheories reads the candidate's debugging hypotheses as
// possibilities: what follows a theory noun's colon ("My working theory:
// X.") and a sentence opened by "Or" after it, or before an "Either way"
// ("X. Or the release deleted B's key. Either way, ..."). It also reads
// a practice said to be what others do ("X is what people do first") as
// theirs, not the candidate's.
func markTheories(d *doc) {
	toks := d.toks
	theory := false // the sentence before was a hypothesis
	for si, s := range d.sents {
		hyp := false
		// a short header: "So my working theory:", "Hypothesis 2:", not
		// "you can drop the pause theory entirely: ..."
		for j := s.from + 1; j < s.to && j <= s.from+5; j++ {
			if toks[j].clause && toks[j].brk == ':' {
				for k := s.from; k < j; k++ {
					// "One scenario: X", "Worst case: X"
					if theoryNouns[toks[k].raw] || toks[k].raw == "case" && k > s.from && toks[k-1].raw == "worst" {
						hyp = true
					}
				}
				if hyp {
					for k := j; k < s.to; k++ {
						toks[k].hypo = true
					}
				}
				break
			}
		}
		// "Hypothetically, X": the whole sentence supposes
		if toks[s.from].raw == "hypothetically" {
			for k := s.from; k < s.to; k++ {
				toks[k].hypo = true
			}
			hyp = true
		}
		if toks[s.from].raw == "or" {
			either := false
			if si+1 < len(d.sents) {
				n := d.sents[si+1]
				either = n.to-n.from >= 2 && (toks[n.from].raw == "either" && toks[n.from+1].raw == "way" || toks[n.from].raw == "whichever")
			}
			if theory || either {
				for k := s.from; k < s.to; k++ {
					toks[k].hypo = true
				}
				hyp = true
			}
		}
		theory = hyp
		for j := s.from + 1; j+1 < s.to; j++ {
			if toks[j].raw != "what" || !othersSubjects[toks[j+1].raw] {
				continue
			}
			c := toks[j-1].raw
			if c != "is" && c != "was" && c != "are" && c != "were" {
				continue
			}
			// "..., is what most teams do, and it's fine" approves it
			approved := false
			for k := j + 2; k < s.to; k++ {
				if (judgements[toks[k].raw] || toks[k].raw == "fine") && toks[k].negBy < 0 {
					approved = true
				}
			}
			if approved {
				continue
			}
			from := j - 1
			for from > s.from && !(toks[from].clause && toks[from].brk != 0) {
				from--
			}
			for k := from; k < j-1; k++ {
				toks[k].refuted = true
			}
		}
	}
}

// howSubjects follow a heading's "how": "How to extend safely:", "How
// I'd pick it:".
var howSubjects = setOf(`to i i'd we we'd you you'd`)

// markHowHeadings reads a heading phrased as an indirect question before
// its colon ("So how to extend safely:", "How I'd make it safe: ...") as
// asked, not claimed: the words up to the colon are a hypothesis, and
// what follows the colon is the answer, claimed as usual.
func markHowHeadings(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		j := s.from
		if j+1 < s.to && (toks[j].raw == "so" || toks[j].raw == "and" || toks[j].raw == "now") {
			j++
		}
		if j+1 >= s.to || toks[j].raw != "how" || !howSubjects[toks[j+1].raw] || toks[j+1].clause && toks[j+1].brk != 0 {
			continue
		}
		colon := -1
		for k := j + 2; k < s.to && k <= j+10; k++ {
			if toks[k].clause && toks[k].brk != 0 {
				if toks[k].brk == ':' {
					colon = k
				}
				break
			}
		}
		if colon < 0 && s.to-j <= 10 && endsWithColon(d, s) {
			colon = s.to
		}
		for k := s.from; k < colon; k++ {
			toks[k].hypo = true
		}
	}
}

// headsBulletsPlain reports a short sentence that heads a list as a
// header does without ending on its colon: alone on its line, not an item
// itself, and followed on a line of its own by a bulleted item ("Step 2, check
// the usual suspects." before "- Client code: ..."). Only a header that
// names suspects or mistakes (see markMentions) makes its items mentions.
func headsBulletsPlain(d *doc, s sentence) bool {
	if s.to-s.from > maxPlainHeader || s.question || s.to >= len(d.toks) || bulleted(d, s) || laterOnLine(d, s) {
		return false
	}
	gap := d.text[d.toks[s.to-1].end:d.toks[s.to].start]
	if !strings.Contains(gap, "\n") {
		return false
	}
	next := d.sents[d.toks[s.to].sent]
	return bulleted(d, next)
}

// maxPlainHeader is the most words of a header that ends on a full stop
// rather than a colon.
const maxPlainHeader = 8

// endsWithColon reports whether sentence s ends with a colon: a header.
func endsWithColon(d *doc, s sentence) bool {
	rest := d.text[d.toks[s.to-1].end:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	// (g23a) A bracketed aside that closes the line's words before its
	// colon ("check lock implementation bugs (most common in my
	// experience):") leaves the colon the line's end: the bracket's close
	// is passed over as emphasis marks are.
	// (g23af) An aside that denies the header's own word ("Pitfalls (not
	// really pitfalls, we do all of these):", "Bugs (none, works fine
	// for us):") vouches for the list: the bracket does not leave the
	// colon the line's end, as before g23a.
	t := strings.TrimLeft(strings.TrimSpace(rest), "*_`")
	if strings.HasPrefix(t, ")") && bracketDeniesHeader(d, s) {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(t, "*_`)"), ":")
}

// bracketDenials, in a header's bracketed aside, vouch for what the header
// lists.
var bracketDenials = []string{"none", "not many", "not really", "we do all", "we do these", "we do them", "we do both", "works fine", "work fine", "i disagree", "overblown", "overrated"}

// bracketDeniesHeader reports that the bracket closing the last words of
// s holds a denial of the header: one of bracketDenials, or a negator
// within three words before a header word ("not bugs", "no real
// pitfalls"). "Myths (don't believe them):", "Mistakes (never do
// these):" refuse what they list and stay headers.
func bracketDeniesHeader(d *doc, s sentence) bool {
	end := d.toks[s.to-1].end
	start := d.toks[s.from].start
	open := strings.LastIndexByte(d.text[start:end], '(')
	if open < 0 {
		return false
	}
	inner := " " + strings.ToLower(d.text[start+open+1:end]) + " "
	inner = strings.NewReplacer(",", " ", ";", " ", ".", " ").Replace(inner)
	for _, w := range bracketDenials {
		if strings.Contains(inner, " "+w+" ") {
			return true
		}
	}
	ws := strings.Fields(inner)
	for i, w := range ws {
		if isNegator(w) || w == "no" {
			for j := i + 1; j < len(ws) && j <= i+3; j++ {
				if headerWords[ws[j]] {
					return true
				}
			}
		}
	}
	return false
}

// rejectsAhead reports whether the words just before toks[k] ("that", or
// "say" in "to say") reject what follows: "not true", "not the case", "a
// myth", "wrong", "a mistake".
func rejectsAhead(toks []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-4 && toks[j].sent == toks[k].sent; j-- {
		r := toks[j].raw
		if toks[j].cls&clsReject != 0 && r != "avoid" && r != "avoided" {
			return true
		}
		if (r == "true" || r == "case" || r == "correct" || r == "right" || r == "so") && toks[j].negBy >= 0 {
			return true
		}
	}
	return false
}

// checkVerbs probe only when they do not guard an action ("before").
var checkVerbs = setOf(`check checking see verify confirm`)

// suspectsFollow reports a colon or a dash right after toks[k], in its
// sentence: what follows is a list the word at k introduces.
func suspectsFollow(toks []token, k int) bool {
	if k+1 >= len(toks) || toks[k+1].sent != toks[k].sent {
		return false
	}
	b := toks[k+1].brk
	return toks[k+1].clause && (b == ':' || b == '—' || b == '–')
}

// nounPhraseEnds reports whether the noun phrase ending at toks[k] is
// followed by a break, the end of its sentence or a preposition other
// than "for" (which a probing "check" takes: "check for a plain DEL").
// A quoted term or code after it is an object ("check `session.Done()`").
func nounPhraseEnds(toks []token, k int) bool {
	if k+1 >= len(toks) || toks[k+1].sent != toks[k].sent {
		return true
	}
	if toks[k+1].code || toks[k+1].brk == '"' {
		return false
	}
	return toks[k+1].clause || nounPrepositions[toks[k+1].raw] && toks[k+1].raw != "for"
}

// isProbe reports whether toks[k] starts a diagnosis step: "look for",
// "check whether/if/for", "rule out", "suspect", "see whether", "search
// for", "grep for", "verify whether", "find out whether".
func isProbe(toks []token, k int) bool {
	next := func(n int) string {
		if k+n < len(toks) && toks[k+n].sent == toks[k].sent {
			return toks[k+n].raw
		}
		return ""
	}
	if codePlaceProbe(toks, k) {
		return true
	}
	switch toks[k].raw {
	case "suspect", "suspected", "suspecting":
		return true
	case "look", "looking", "search", "searching", "grep", "grepping", "hunt":
		// "grep the code for ...", "search the logs for ...", "look at
		// the client code (blind DEL, SETNX+EXPIRE)"
		return next(1) == "for" || next(2) == "for" || next(3) == "for" || (toks[k].raw == "look" || toks[k].raw == "looking") && next(1) == "at"
	case "read", "reading":
		// "read the client code for the usual suspects: ..."
		if (next(1) == "code" || next(2) == "code" || next(3) == "code" || next(2) == "logs" || next(1) == "logs") && (next(2) == "for" || next(3) == "for" || next(4) == "for") {
			return true
		}
		// g23a: "(then) read the release for a plain DEL", "read the
		// acquire path for SETNX then EXPIRE": a code noun as the
		// object's head, right before its "for", is a step of reading
		// code for a suspect ("read the value for the owner check, then
		// DEL" reads no code).
		// (g23af) Only a piece of code to inspect (not "the client",
		// which may be the party holding the token, nor "the renewal",
		// the act), and not a reading refused ("read the renewal for
		// nothing").
		for i := 1; i <= 3; i++ {
			if readableCode[next(i)] && next(i+1) == "for" {
				return next(i+2) != "nothing" && next(i+2) != "no"
			}
		}
		return false
	case "review", "reviewing", "audit", "auditing", "scan", "scanning", "inspect", "inspecting":
		// "review the code for SETNX/EXPIRE", "a code review for ..."
		return next(1) == "for" || next(2) == "for" || next(3) == "for"
	case "check", "checking", "see", "verify", "confirm", "ask":
		// "the provider can't check tokens, ...", "the check runs on the
		// server, ...": a negated verb or a noun is no debugging step.
		if k > 0 && toks[k-1].sent == toks[k].sent && ((toks[k-1].cls&clsNegator != 0) || attributiveDets[toks[k-1].raw]) {
			return false
		}
		// g38c: nor is a noun with a modifier in a prepositional phrase
		// ("for the expiry check on the client, ...", "in the lease
		// check"): a preposition and a determiner before the one word
		// ahead of it, in one clause, leave no room for a verb ("before
		// each write, check ..." is the verb opening a clause), when
		// the phrase ends there: at a break, at the sentence's end or at
		// another preposition ("on the client"), but not at "for" or at
		// an object ("before every Put check the channel" is the verb
		// after an opener with no comma). A list after it ("for the code
		// check: a plain DEL, SETNX then EXPIRE") still names suspects.
		if toks[k].raw == "check" && k >= 3 && toks[k-3].sent == toks[k].sent && nounPrepositions[toks[k-3].raw] && attributiveDets[toks[k-2].raw] && toks[k-1].cls&clsNegator == 0 && !toks[k].clause && !toks[k-1].clause && !toks[k-2].clause && nounPhraseEnds(toks, k) && !suspectsFollow(toks, k) {
			return false
		}
		n := next(1)
		if n == "whether" || n == "if" || (n == "for" && toks[k].raw != "ask") {
			return true
		}
		// "check each hypothesis: ...", "then check GC pauses, CPU
		// throttling, clock jumps": a checklist of suspects.
		if toks[k].raw == "check" || toks[k].raw == "checking" {
			// "if you check that it returned 1, then ...": a check in
			// a condition, or one taking a that-clause, is a step, not
			// a list of suspects.
			if n == "that" || conditionBefore(toks, k) {
				return false
			}
			return n == "each" || n == "every" || n == "all" || checklist(toks, k)
		}
		return false
	case "rule", "ruling":
		return next(1) == "out"
	case "compare", "comparing", "correlate", "correlating":
		// "compare the two holders' log timestamps with the TTL": an
		// investigation reads records (QA-9 Q9-6); "the storage compares
		// the token" is no step of one.
		return investigatesRecords(toks, k)
	case "find", "finding", "figure", "figuring":
		// "(then) figure out who lied: ..." probes; "compare the logs to
		// figure out who got it first" says what the comparison is for.
		purpose := k > 0 && toks[k-1].raw == "to" && toks[k-1].sent == toks[k].sent
		return next(1) == "out" && (next(2) == "whether" || next(2) == "if" || !purpose && (next(2) == "who" || next(2) == "which" || next(2) == "what"))
	}
	return false
}

// checklist reports whether the words after toks[k], to the end of its
// sentence, are a list of three or more items separated by commas (a
// debugging checklist) rather than one action.
//
// An item that opens with a repair ("check NTP on both nodes, fix the
// drift, and ...") makes the run a sequence of steps, not of suspects:
// what follows the repair is the candidate's own conclusion.
// conclusionNouns, as "the fix", "the cause", open the clause that ends a
// diagnosis with its answer.
var conclusionNouns = setOf(`fix solution cure remedy answer cause culprit`)

func checklist(toks []token, k int) bool {
	items := 0
	for j := k + 1; j < len(toks) && toks[j].sent == toks[k].sent; j++ {
		if toks[j].clause && toks[j].brk == ',' {
			items++
			n := j
			if toks[n].raw == "and" || toks[n].raw == "then" {
				n++
			}
			if n < len(toks) && toks[n].sent == toks[k].sent && (repairVerbs[toks[n].raw] || fixVerbs[toks[n].raw]) {
				return false
			}
			// "..., and the fix is to sync the clocks": a run that
			// reaches its conclusion is no list of suspects.
			if n+1 < len(toks) && toks[n+1].sent == toks[k].sent && toks[n].raw == "the" && conclusionNouns[toks[n+1].raw] {
				return false
			}
		}
	}
	return items >= 2
}

// wordClass is the set of closed word lists a word belongs to, computed
// once per distinct word (and cached with its forms) so the passes over an
// answer test a bit rather than look a word up in a dozen maps.
type wordClass uint64

// The word classes.
const (
	clsFunction wordClass = 1 << iota
	clsNegator
	clsCritic
	clsClause
	clsReject
	clsClaimVerb
	clsClaimant
	clsReport
	clsProbe
	clsMention
	clsAttribution
	clsRebuttal
	clsMistake
	clsHypo
	clsNamed // a word one of the g7 assertion passes (claims.go) looks at
	// Words that passes over every token of an answer test first: a bit
	// read instead of a map looked up per token. Each is exactly its set.
	clsBadHead      // badHeads
	clsFlawInQuote  // flawNounsInQuote
	clsHedgeSubject // hedgeSubjects
	clsWorthDenial  // worthDenialFirsts
	clsAppear       // appearVerbs
	clsProblemHead  // problemHeads
	clsTemptingHead // temptingHeads
	clsHarmOpener   // the first word of one of harmOpeners
	clsNegParticle  // negParticles
	clsMistakeNoun  // mistakeNouns
	clsInversion    // inversions
	clsImpulse      // impulseNouns
	clsCommonHead   // commonHeads
	clsNeedWord     // needWords
	clsNeedless     // needlessWords
	clsDoubt        // doubtVerbs
	clsApproval     // approvalVerbs
	clsBreakVerb    // breakVerbs
	clsG11          // temptVerbs, swapVerbs, fixReplaces, pullVerbs, preferVerbs, disowners, formerAdvice
	clsBelief       // the words markHedgedBeliefs and markReportedProposals start from
	clsG17          // distinctNouns, defaultMarkers: markDistinguished and markOverriddenDefaults skip an answer without one
	clsG18          // rejectingWords: markRejectingPredicates skips an answer without one
	// Sets that passes look up at every token of an answer (g21s): a bit
	// read instead of a map. Each is exactly its set.
	clsCopula    // copulas
	clsSpeaker   // speakers
	clsGuarantee // guaranteeVerbs
	// (g21t) markInert's words, tested at every clause start.
	clsLeadConj  // leadConjunctions
	clsDiscourse // discourseMarkers, aloneMarkers and what a discoursePairs key starts with before a '_'
	// (g22t) sets looked up at sentence starts and clause breaks by the
	// reading passes (rejectsBack, reliesOnTiming, announcesFailures, ...).
	clsBackRef      // backRefs
	clsReliance     // relianceVerbs
	clsFailAnnounce // remedyHeads, dismissHeads, failureHeads: the words announcesFailures stops at
	// (g24u) sets the hottest reading passes test at a sentence's first
	// words or at every token. Each is exactly its set.
	clsAttempt       // attemptNouns (markFirstImpulses)
	clsHeaderReject  // headerRejectVerbs (refusesObject)
	clsSpeakerReject // speakerRejects (rejectingVerbAt)
	clsSpeakerFiller // speakerFillers (rejectingVerbAt)
	clsCodeHead      // probeHeadWords, codeReadVerbs: readsCode is false without one
	clsAfterAnd      // afterAnd (analyseInto)
	clsReporter      // reporters (reportedBy)
	clsDummyOpener   // dummyOpeners, and what one of its keys starts with before a '_' (markDressed)
	// (s38) the words the per-token passes of later rules start from,
	// tested as a bit before each pass looks its own set up: the union of
	// flagNegators, failVerbsTo, guaranteeNouns (markFlagNegation),
	// pastBeliefs, pastAppearances, "looks", "seems" (storyTurn),
	// harmCounts, "broke", "caused" (toldHarm), wordNouns
	// (markWordMentions), lockHeads (markLockLostMidWork), staleAgents
	// (markStaleAgentGoesOn) and practiceHarms (harmAt).
	clsPassStart
	// (s40) narrationApprovals and approvalWants: approvesAnything reads
	// every word of every sentence of five words or more.
	clsApproving
)

// clsFrame are the classes a token must have for markFrames to look at it
// (besides "that" and "otherwise").
const clsFrame = clsReject | clsClaimVerb | clsClaimant | clsReport | clsProbe

// probeWords start a diagnosis probe (see isProbe).
var probeWords = setOf(`suspect suspected suspecting beware watch against look looking search
searching grep grepping hunt check checking see verify confirm ask rule ruling find finding
review reviewing audit auditing scan scanning inspect inspecting figure figuring read reading
compare comparing correlate correlating`)

// discoursePairFirsts are the words a key of discoursePairs starts with
// before any of its '_': every raw that toks[m].raw+"_"+next can make a
// key of (see markInert).
var discoursePairFirsts = underscorePrefixes(discoursePairs)

// dummyOpenerFirsts are the words a key of dummyOpeners starts with before
// any of its '_': every raw that t.raw+"_"+next can make a key of (see
// markDressed).
var dummyOpenerFirsts = underscorePrefixes(dummyOpeners)

// underscorePrefixes are the words the keys of set start with before any
// of their '_'.
func underscorePrefixes(set map[string]bool) map[string]bool {
	m := map[string]bool{}
	for k := range set {
		for i := range len(k) {
			if k[i] == '_' {
				m[k[:i]] = true
			}
		}
	}
	return m
}

// harmOpenerFirsts are the first words of harmOpeners.
var harmOpenerFirsts = func() map[string]bool {
	m := map[string]bool{}
	for k := range harmOpeners {
		m[k[0]] = true
	}
	return m
}()

func classOf(raw string) wordClass {
	var c wordClass
	for _, x := range []struct {
		on  bool
		cls wordClass
	}{
		{isFunction(raw), clsFunction}, {isNegator(raw), clsNegator}, {critics[raw], clsCritic},
		{clauseWords[raw], clsClause}, {rejectWords[raw], clsReject}, {claimVerbs[raw], clsClaimVerb},
		{claimants[raw], clsClaimant}, {reportVerbs[raw], clsReport}, {probeWords[raw], clsProbe},
		{mentionNouns[raw], clsMention}, {attributionWords[raw], clsAttribution}, {rebuttalWords[raw], clsRebuttal},
		{mistakeNouns[raw] || raw == "pattern", clsMistake}, {hypoOpeners[raw], clsHypo}, {namedWords[raw], clsNamed},
		{badHeads[raw], clsBadHead}, {flawNounsInQuote[raw], clsFlawInQuote}, {hedgeSubjects[raw], clsHedgeSubject},
		{worthDenialFirsts[raw], clsWorthDenial}, {appearVerbs[raw], clsAppear},
		{problemHeads[raw], clsProblemHead}, {temptingHeads[raw], clsTemptingHead}, {harmOpenerFirsts[raw], clsHarmOpener},
		{negParticles[raw], clsNegParticle}, {mistakeNouns[raw], clsMistakeNoun}, {inversions[raw], clsInversion},
		{impulseNouns[raw], clsImpulse}, {commonHeads[raw], clsCommonHead},
		{needWords[raw], clsNeedWord}, {needlessWords[raw], clsNeedless}, {doubtVerbs[raw], clsDoubt},
		{approvalVerbs[raw], clsApproval}, {breakVerbs[raw], clsBreakVerb},
		{temptVerbs[raw] || swapVerbs[raw] || fixReplaces[raw] || pullVerbs[raw] || preferVerbs[raw] || disowners[raw] || formerAdvice[raw], clsG11},
		{otherBeliefs[raw] || plainBeliefs[raw] || beliefAdjs[raw] || reportedProposals[raw] || raw == "you'd" || raw == "one'd" || raw == "easy" || raw == "tempting" || raw == "or", clsBelief},
		{distinctNouns[raw] || defaultMarkers[raw], clsG17}, {rejectingWords[raw], clsG18},
		{copulas[raw], clsCopula}, {speakers[raw], clsSpeaker}, {guaranteeVerbs[raw], clsGuarantee},
		{leadConjunctions[raw], clsLeadConj}, {discourseMarkers[raw] || aloneMarkers[raw] || discoursePairFirsts[raw], clsDiscourse},
		{backRefs[raw], clsBackRef}, {relianceVerbs[raw], clsReliance},
		{remedyHeads[raw] || dismissHeads[raw] || failureHeads[raw], clsFailAnnounce},
		{attemptNouns[raw], clsAttempt}, {headerRejectVerbs[raw], clsHeaderReject},
		{speakerRejects[raw], clsSpeakerReject}, {speakerFillers[raw], clsSpeakerFiller},
		{probeHeadWords[raw] || codeReadVerbs[raw], clsCodeHead}, {afterAnd[raw], clsAfterAnd},
		{reporters[raw], clsReporter}, {dummyOpeners[raw] || dummyOpenerFirsts[raw], clsDummyOpener},
		{flagNegators[raw] || failVerbsTo[raw] || guaranteeNouns[raw] || pastBeliefs[raw] || pastAppearances[raw] || raw == "looks" || raw == "seems" ||
			harmCounts[raw] || raw == "broke" || raw == "caused" || wordNouns[raw] || lockHeads[raw] || staleAgents[raw] || practiceHarms[raw] || takenVerbs[raw], clsPassStart},
		{narrationApprovals[raw] || approvalWants[raw], clsApproving},
	} {
		if x.on {
			c |= x.cls
		}
	}
	return c
}

// hasWordOf reports whether a token of the answer carries class c and is in
// set: a pass that needs one of set's words skips an answer without one
// after testing a bit per token.
func hasWordOf(d *doc, c wordClass, set map[string]bool) bool {
	if d.cls&c == 0 {
		return false // no token of the class at all
	}
	for k := range d.toks {
		if d.toks[k].cls&c != 0 && set[d.toks[k].raw] {
			return true
		}
	}
	return false
}

// joinQuotedLeads joins to a sentence that ends in a quoted question
// ('my first question is "can the db just do it?"') the fragment a dash
// hangs on it, when that fragment holds no verb ("— a conditional update,
// a unique constraint, a version column."): it lists what the question
// asks about, and is read as part of the sentence, as it would be in
// brackets. A dash that opens a clause ('"do we check the value?" — no,
// just call EXPIRE') answers the question: a sentence of its own. The
// quoted question then asks nothing of the answer (see quoteGoesOn)
// (g38d).
func joinQuotedLeads(d *doc, asks map[int]bool) {
	toks := d.toks
	for k := 1; k < len(toks); k++ {
		prev, t := &toks[k-1], &toks[k]
		if t.sent == prev.sent || !asks[prev.sent] || t.quote != 0 {
			continue
		}
		gap := strings.TrimLeft(d.text[prev.end:t.start], "?!")
		gap, ok := strings.CutPrefix(gap, "\"")
		if !ok {
			gap, ok = strings.CutPrefix(gap, "”")
		}
		if dash := strings.TrimSpace(gap); !ok || !dashLinks[dash] || !strings.HasPrefix(gap, " ") {
			continue
		}
		end := k
		for end < len(toks) && toks[end].sent == t.sent {
			end++
		}
		if finiteVerb(toks[k:end]) {
			continue
		}
		delete(asks, prev.sent)
		for j := k; j < end; j++ {
			toks[j].sent = prev.sent
		}
	}
}

// quoteGoesOn reports whether the text at i closes a double quote and the
// sentence goes on after it in lower case ('"who holds X?" from its local
// state', '"is it mine?" checks'), rather than starting a new sentence.
func quoteGoesOn(text string, i int) bool {
	switch {
	case strings.HasPrefix(text[i:], "\""):
		i++
	case strings.HasPrefix(text[i:], "”"):
		i += len("”")
	default:
		return false
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i < len(text) && text[i] >= 'a' && text[i] <= 'z'
}

// paddingClauses counts the clauses of a sentence's tokens, after its
// first, made of inert words alone ("..., you know, ...").
func paddingClauses(toks []token) int {
	n := 0
	for k := 1; k < len(toks); k++ {
		if !toks[k].clause || !toks[k].inert {
			continue
		}
		m := k
		for m < len(toks) && toks[m].inert && (m == k || !toks[m].clause) {
			m++
		}
		if m == len(toks) || toks[m].clause {
			n++
		}
	}
	return n
}

// spacedSlashes counts the slashes of s with a space on each side, outside
// backticks: "renewal / heartbeat / keepalive" chains its items.
func spacedSlashes(s string) int {
	n, code := 0, false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '`':
			code = !code
		case !code && s[i] == '/' && i > 0 && i+1 < len(s) && s[i-1] == ' ' && s[i+1] == ' ':
			n++
		}
	}
	return n
}

// wordSlashes counts the slashes of s between two words, outside
// backticks ("SETNX/EXPIRE/DEL"), but not a ratio's ("TTL/3").
func wordSlashes(s string) int {
	n, code := 0, false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '`':
			code = !code
		case !code && s[i] == '/' && i > 0 && i+1 < len(s) && wordByte[s[i-1]] && wordByte[s[i+1]] && !(s[i+1] >= '0' && s[i+1] <= '9'):
			n++
		}
	}
	return n
}

// allOrNothing reports the "nothing" of the idiom "all-or-nothing" (or
// "all or nothing") at toks[k]: an atomic whole, not a negator.
func allOrNothing(toks []token, k int) bool {
	return toks[k].raw == "nothing" && k >= 2 && toks[k-1].raw == "or" && toks[k-2].raw == "all" &&
		toks[k-1].sent == toks[k].sent && toks[k-2].sent == toks[k].sent
}

// followsOwnFix reports whether the sentence before s on its line (an
// item under a header of suspects) prescribes a fix: it opens on a fix
// verb, or its short heading's colon does ("Memory: configure ...").
func followsOwnFix(d *doc, s sentence) bool {
	toks := d.toks
	prev := -1
	for i, n := range d.sents {
		if n.to <= s.from && lineOf(d, n) == lineOf(d, s) {
			prev = i
		}
	}
	if prev < 0 {
		return false
	}
	n := d.sents[prev]
	if fixVerbs[toks[n.from].raw] {
		return true
	}
	for j := n.from + 1; j < n.to && j <= n.from+3; j++ {
		if toks[j].brk == ':' {
			return fixVerbs[toks[j].raw]
		}
	}
	return false
}

// fixEffectOpeners open a sentence that points back to the fix just
// prescribed: "It ...", "This ...", "That way ...", "So ...".
var fixEffectOpeners = setOf(`it this that so thus`)

// pastMarkers put a sentence in the past: the story of a fault ("the
// release did GET", "lock keys were spared"), not what a fix achieves.
var pastMarkers = setOf(`was were did had wasn't weren't didn't hadn't`)

// reportedBeliefs report a belief or an appearance ("the team assumed lock
// keys were safe", "it looks protected"), not the candidate's claim.
var reportedBeliefs = setOf(`assume assumed assumes assuming thought believe believed believes treated
seem seemed seems look looked looks appear appeared appears`)

// displacers say that a fix takes the place of, or does away with, what
// they name ("It replaces the GET then DEL", "It removes the SETNX then
// EXPIRE gap", "It stops the plain DEL").
var displacers = setOf(`replaces replace replacing removes remove eliminates eliminate supersedes retires
stops`)

// claimsFixEffect reports whether sentence s, after an item's own fix
// on its line under a header of causes, is the candidate's claim about
// what that fix achieves (g22i): it opens on a word pointing back to the
// fix ("It only evicts keys with a TTL, so lock keys are protected") and
// is in the present tense, with no belief reported. A sentence that
// opens on another subject, or tells in the past tense what the old
// setup did ("The client checked the key, then paused"), is the story of
// the fault, which the item refutes as a suspect.
func claimsFixEffect(toks []token, s sentence) bool {
	if !fixEffectOpeners[toks[s.from].raw] {
		return false
	}
	for k := s.from; k < s.to; k++ {
		if pastMarkers[toks[k].raw] || reportedBeliefs[toks[k].raw] || toks[k].raw == "used" && k+1 < s.to && toks[k+1].raw == "to" {
			return false
		}
		// g22l: a sentence that says the fix takes the place of, or
		// does away with, a practice ("It replaces the GET then DEL,
		// which ...", "It means volatile-lru can no longer pick the lock
		// keys") names the practice the item rejects: the old setup,
		// refuted with the suspect, not the candidate's claim for it.
		if displacers[toks[k].raw] || toks[k].raw == "longer" && k > s.from && toks[k-1].raw == "no" ||
			toks[k].raw == "instead" && k+1 < s.to && toks[k+1].raw == "of" {
			return false
		}
	}
	// the verb after the opener, past an adverb or two ("It only ever
	// evicts"), is not a past form ("It ran", "It kept")
	for k := s.from + 1; k < s.to && k <= s.from+4; k++ {
		base, inflected := verbOf(toks[k].raw)
		if base == "" {
			continue
		}
		if inflected && !strings.HasSuffix(toks[k].raw, "s") {
			return false
		}
		break
	}
	return true
}

// dismissedAnnouncementWords play down the mistakes a sentence counts
// ("don't apply here", "harmless in practice", "overblown"): the
// announcement then opens no list of what to avoid.
var dismissedAnnouncementWords = setOf(`apply applies harmless overblown overrated irrelevant fine practice theoretical`)

// dismissesAnnounced reports whether an announcement sentence dismisses
// the mistakes it counts (see dismissedAnnouncementWords).
func dismissesAnnounced(toks []token) bool {
	for i := range toks {
		if dismissedAnnouncementWords[toks[i].raw] {
			return true
		}
	}
	return false
}

// SentenceSpan is the span of the sentence of text that holds sp, as the
// grader itself splits text into sentences (so a page or the CLI that
// quotes the sentence a flag came from quotes the same sentence the
// grader read). A span beyond the text, or one in no sentence, gives the
// zero Span.
func SentenceSpan(text string, sp Span) Span {
	if sp.Start < 0 || sp.Start >= len(text) {
		return Span{}
	}
	d := analyse(text)
	for _, s := range d.sents {
		if s.from >= s.to {
			continue
		}
		lo, hi := d.toks[s.from].start, d.toks[s.to-1].end
		if sp.Start < hi && lo <= sp.Start {
			// The last token ends before the sentence's closing marks.
			for hi < len(text) {
				r, n := utf8.DecodeRuneInString(text[hi:])
				if !strings.ContainsRune(".!?…\"')]”’»", r) {
					break
				}
				hi += n
			}
			return Span{Start: lo, End: max(hi, min(sp.End, len(text)))}
		}
	}
	return Span{}
}

// sqlKeywords open a line of SQL, written in capitals.
var sqlKeywords = setOf(`INSERT UPDATE SELECT DELETE VALUES ON RETURNING WHERE SET WITH BEGIN COMMIT ROLLBACK`)

// sqlLine reports a sentence that is a line of SQL on its own line: it
// opens the line with an SQL keyword in capitals ("INSERT INTO payments
// (...)", "ON CONFLICT (idem_key) DO NOTHING") and has no comma outside
// its brackets. Code is written to be used, as a sentence is: its lines
// are no list of bare terms (g53, QA-53 #032: a statement's lines read as
// notes, and the unique key they state as only named). A list of terms
// that opens on a keyword ("SELECT FOR UPDATE, SKIP LOCKED, ...") has
// commas outside brackets and stays a list.
func sqlLine(text string, from, to int) bool {
	line := text[strings.LastIndexByte(text[:from], '\n')+1 : from]
	if strings.TrimSpace(line) != "" {
		return false
	}
	stmt := text[from:to]
	w, rest, _ := strings.Cut(stmt, " ")
	if !sqlKeywords[w] {
		return false
	}
	// the statement's shape, not a term that opens a list: "INSERT
	// INTO", "SELECT ... FROM", "SET x = ...", "ON CONFLICT"
	switch w {
	case "INSERT":
		if !strings.HasPrefix(rest, "INTO ") {
			return false
		}
	case "SELECT", "DELETE":
		if !strings.Contains(rest, "FROM ") {
			return false
		}
	case "UPDATE":
		if !strings.Contains(rest, " SET ") {
			return false
		}
	case "SET", "WHERE":
		if !strings.Contains(rest, "=") {
			return false
		}
	case "ON":
		if !strings.HasPrefix(rest, "CONFLICT") && !strings.HasPrefix(rest, "DUPLICATE") {
			return false
		}
	case "VALUES":
		if !strings.HasPrefix(rest, "(") {
			return false
		}
	}
	if i := strings.IndexByte(stmt, ';'); i >= 0 && strings.TrimSpace(stmt[i+1:]) != "" {
		return false
	}
	depth := 0
	for _, r := range stmt {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				return false
			}
		}
	}
	return true
}
