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
	stem       string // snowball English stem of raw
	start, end int    // byte offsets into the original text
	sent       int    // index of its sentence
	clause     bool   // a clause starts at this token
	negBy      int    // index of the negator whose scope covers it, or -1
	fn         bool   // a function word (article, auxiliary, pronoun, ...)
	code       bool   // code or a quoted term: neutral when judging prose
}

// sentence is a run of tokens ended by . ! ? or a line break.
type sentence struct {
	from, to int  // token range [from, to)
	prose    bool // reads as prose, not a fragment or keyword list
	claim    bool // prose, or a short sentence that still says something
	question bool // ends with a question mark: asks, does not claim
}

// doc is an analysed answer.
type doc struct {
	text  string
	toks  []token
	sents []sentence
}

// functionWords are the small closed-class words whose share tells prose
// from a list of terms: real sentences are glued with them, keyword dumps
// are not.
var functionWords = setOf(`a an the this that these those it its it's they them their there
is are was were be been being am do does did done has have had having can could will would
shall should may might must to of in on at by for with from into onto over under about as
than then so if when while because since until after before and or but nor not no never
i you we he she me us my your our his her who whom whose which what where why how
all any each every some only also just very too more most less even still yet both either
neither such own same other another again once here now whether within without per via
out up off down through between against across among like during already always often
usually get gets got make makes made use uses used take takes took give gives gave keep
keeps kept let lets going goes went come comes see know knows`)

// negators open a negation scope over the rest of their clause.
var negators = setOf(`not no never without nothing none neither nor cannot cant dont doesnt
isnt arent wasnt werent wont wouldnt shouldnt couldnt mustnt didnt hasnt havent hadnt
avoid avoids avoiding lacks lack lacking instead rather`)

// critics judge what they are said of: "a plain DEL is wrong" negates the
// DEL as surely as "never use a plain DEL".
var critics = setOf(`wrong unsafe broken dangerous incorrect bug buggy mistake flawed naive
bad insufficient inadequate useless pointless risky`)

// auxiliaries before "not"/"never" make the negation reach back to the
// subject: in "fencing is not needed" fencing is what is negated.
var auxiliaries = setOf(`is are was were be do does did can could will would should must may
might has have had`)

// clauseWords start a new clause, which ends a negation scope.
var clauseWords = setOf(`but because so although though whereas while since unless which who
whose that where when if otherwise however yet whereby i i'd i'll i'm we'd we'll`)

// afterAnd lists words that, following "and", start a clause of their own
// ("never use DEL and always check the token").
var afterAnd = setOf(`always also then instead use check compare i you we they it the this
so only never not doesn't don't can't cannot won't isn't`)

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

// analyse tokenises, stems, splits and marks negation scopes.
func analyse(text string) *doc {
	d := &doc{text: text}
	sent := 0
	sentHasTok := false
	asks := map[int]bool{} // sentences (by raw index) ended by '?'
	depth := 0             // open ( and [
	quoted := false        // inside double quotes or backticks
	clauseNext := true
	prevRaw := ""
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case isWordRune(r):
			start := i
			var b strings.Builder
			for i < len(text) {
				r, size = utf8.DecodeRuneInString(text[i:])
				if isWordRune(r) {
					b.WriteRune(unicode.ToLower(r))
					i += size
					continue
				}
				if isApostrophe(r) && i+size < len(text) {
					n, _ := utf8.DecodeRuneInString(text[i+size:])
					if unicode.IsLetter(n) {
						b.WriteByte('\'')
						i += size
						continue
					}
				}
				break
			}
			raw := b.String()
			d.toks = append(d.toks, token{raw: raw, stem: stem(raw), start: start, end: i, sent: sent, clause: clauseNext, negBy: -1, fn: isFunction(raw),
				code: depth > 0 || quoted || looksLikeCode(text[start:i])})
			clauseNext = false
			sentHasTok = true
			prevRaw = raw
			continue
		case r == '\n':
			if sentHasTok {
				sent++
				sentHasTok = false
			}
			clauseNext = true
			depth, quoted = 0, false
		case r == '.' || r == '!' || r == '?':
			next := byte(' ')
			if i+size < len(text) {
				next = text[i+size]
			}
			abbrev := len(prevRaw) == 1 || prevRaw == "etc" || prevRaw == "vs" || prevRaw == "eg" || prevRaw == "ie"
			if r == '?' && sentHasTok {
				asks[sent] = true
			}
			if (next == ' ' || next == '\n' || next == '\t' || next == '\r' || next == '"' || next == ')') && sentHasTok && !(r == '.' && abbrev) {
				sent++
				sentHasTok = false
				clauseNext = true
			}
		case r == ',' || r == ';' || r == ':' || r == '(' || r == ')' || r == '—' || r == '–' || r == '"' || r == '[' || r == ']' || r == '`':
			clauseNext = true
			switch r {
			case '(', '[':
				depth++
			case ')', ']':
				if depth > 0 {
					depth--
				}
			case '"', '`':
				quoted = !quoted
			}
		case r == '-' && i > 0 && i+1 < len(text) && text[i-1] == ' ' && text[i+1] == ' ':
			clauseNext = true
		}
		i += size
	}
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
		segs := 1 + strings.Count(text[d.toks[i].start:d.toks[j-1].end], ",") + strings.Count(text[d.toks[i].start:d.toks[j-1].end], ";")
		prose := isProse(d.toks[i:j], segs)
		// A colon heads a list ("Redis: async replication, failover") as
		// often as a clause, so a terse sentence counts it as a break too.
		terseSegs := segs + strings.Count(text[d.toks[i].start:d.toks[j-1].end], ":")
		d.sents = append(d.sents, sentence{from: i, to: j, prose: prose, claim: prose || isTerseClaim(d.toks[i:j], terseSegs), question: question})
		i = j
	}
	// clause words and "and <pronoun>"
	for k := range d.toks {
		t := &d.toks[k]
		if clauseWords[t.raw] {
			t.clause = true
		}
		if t.raw == "and" && k+1 < len(d.toks) && afterAnd[d.toks[k+1].raw] {
			t.clause = true
		}
	}
	markNegation(d)
	return d
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'
}

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

// isProse tells a sentence from a fragment or a list of terms: at least
// five words; among the words that are not code (commands, identifiers,
// quoted terms) at least four, a fifth of them (two or more) function
// words; and on average at least 3.5 of those words between commas, since
// a comma-separated run of terms is a list, not a sentence.
func isProse(toks []token, segments int) bool {
	if len(toks) < 5 {
		return false
	}
	n, fn := 0, 0
	for _, t := range toks {
		if t.code {
			continue
		}
		n++
		if t.fn {
			fn++
		}
	}
	return n >= 4 && fn >= 2 && float64(fn) >= 0.2*float64(n) && float64(n) >= 3.5*float64(segments)
}

// isTerseClaim tells a short sentence that asserts something ("Release
// with DEL lock.", "Redlock makes it safe.") from a fragment of a keyword
// list ("GC pause, fencing token"): at least three words, at least one of
// them a function word other than an article (the glue of a clause: a
// verb like "makes", a preposition like "with", a pronoun), and on
// average at least 3.5 words between commas and colons, as for prose. Terse answers are how
// many candidates talk; reading them as lists would let their losing
// claims pass unflagged.
func isTerseClaim(toks []token, segments int) bool {
	if len(toks) < 3 || float64(len(toks)) < 3.5*float64(segments) {
		return false
	}
	for _, t := range toks {
		if t.fn && !t.code && t.raw != "a" && t.raw != "an" && t.raw != "the" {
			return true
		}
	}
	return false
}

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
		t := toks[k]
		neg := isNegator(t.raw)
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
		critic := critics[t.raw]
		if !neg && !critic {
			continue
		}
		if neg || critic {
			for j := k + 1; j < len(toks) && j <= k+negForward; j++ {
				if toks[j].sent != t.sent || toks[j].clause {
					break
				}
				if toks[j].negBy < 0 {
					toks[j].negBy = k
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
		if back && !toks[k].clause {
			for j := k - 1; j >= 0 && j >= k-negBackward; j-- {
				if toks[j].sent != t.sent {
					break
				}
				if toks[j].negBy < 0 {
					toks[j].negBy = k
				}
				if toks[j].clause {
					break
				}
			}
		}
	}
}
