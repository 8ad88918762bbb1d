package quiz

import (
	"slices"
	"strings"
)

// A run of bare terms cut by commas ("Per worker: acquire time, token,
// TTL, each extend result, the write timestamps.") names things, one per
// item; it relates none of them to another, so a match whose parts lie in
// different items joins no claim (grader g18). acrossListItems reads the
// same of items cut by semicolons.

// termGlue are the words that make an item a clause rather than a term:
// a subject pronoun, a relative or a conjunction opening a clause, "to"
// before a verb, a comparison.
var termGlue = setOf(`i you we they it he she that which who whom to if when while so because
since than unless whether`)

// sequenceWords order steps ("lock the row, call the API, then commit"):
// a list of steps says what is done in turn, which is a claim.
var sequenceWords = setOf(`then first next finally before after afterwards later`)

// dummyPronouns with "'s" open a clause ("that's your TTL", "there's").
var dummyPronouns = setOf(`there what here`)

// gatherHeaderWords, in the header before a list's colon, announce things
// to gather or fields per item: "Per worker:", "Collect for each holder:".
var gatherHeaderWords = setOf(`per each every both collect collecting gather gathering log logging record
recording capture capturing dump fields columns`)

// maxGatherHeader is the longest header read as announcing fields.
const maxGatherHeader = 5

// gatherHeader reports a header of at most maxGatherHeader words, from
// toks[from] to the colon at toks[colon], that holds a gather word.
func gatherHeader(toks []token, from, colon int) bool {
	if colon <= from {
		return false // a colon that opens its sentence has no header
	}
	start := colon - 1
	for start > from && !(toks[start].clause && toks[start].brk != 0) {
		start--
	}
	if colon-start > maxGatherHeader {
		return false
	}
	for j := start; j < colon; j++ {
		if gatherHeaderWords[toks[j].raw] {
			return true
		}
	}
	return false
}

// maxTermWords is the longest item read as a bare term, its determiners
// ("the", "each", "its") not counted (grader g19: "each renewal attempt
// and its result" is one term).
const maxTermWords = 5

// minTermItems is how many items make a run of terms.
const minTermItems = 3

// bareTerm reports an item of at most maxTermWords words with no
// auxiliary, negator or clause glue (see termGlue).
func bareTerm(toks []token) bool {
	if len(toks) == 0 || len(toks) > 2*maxTermWords {
		return false
	}
	words := 0
	for ti := range toks {
		t := &toks[ti]
		if !determiners[t.raw] {
			words++
		}
	}
	if words > maxTermWords {
		return false
	}
	for i := range toks {
		t := &toks[i]
		// "to" before a determiner is a preposition ("each write to the
		// store"), not "to" before a verb (grader g19)
		if t.raw == "to" && i+1 < len(toks) && determiners[toks[i+1].raw] {
			continue
		}
		if auxiliaries[t.raw] || termGlue[t.raw] || sequenceWords[t.raw] || (t.cls&clsNegator != 0) || t.raw == "never" || strings.ContainsRune(t.raw, '\'') && !strings.HasSuffix(t.raw, "'s") || strings.HasSuffix(t.raw, "'s") && (termGlue[strings.TrimSuffix(t.raw, "'s")] || dummyPronouns[strings.TrimSuffix(t.raw, "'s")]) {
			return false
		}
	}
	return true
}

// acrossTermList reports a match whose parts lie in different items of a
// run of at least minTermItems bare terms cut by commas, after a short
// header that announces fields to gather (see gatherHeader): the run
// fills the stretch of its sentence between that colon and the next
// strong break (a semicolon, dash, bracket or colon).
func acrossTermList(d *doc, spans [][2]int, sn sentence) bool {
	lo, hi := spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		lo, hi = min(lo, s[0]), max(hi, s[1])
	}
	toks := d.toks
	from := lo
	for from > sn.from && !strongBreak(&toks[from]) {
		from--
	}
	if !(toks[from].clause && toks[from].brk == ':') || !gatherHeader(toks, sn.from, from) {
		return false
	}
	to := hi
	for to < sn.to && !strongBreak(&toks[to]) {
		to++
	}
	// A bracketed gloss inside an item ("acquire time (and the return
	// value)") is no part of the term (grader g19): its words are left
	// out of the item.
	var inside [64]bool
	bracketed := false
	if to-from <= len(inside) {
		depth, prev := 0, toks[from].start
		for j := from; j < to; j++ {
			for _, r := range d.text[prev:toks[j].start] {
				switch r {
				case '(':
					depth++
				case ')':
					if depth > 0 {
						depth--
					}
				}
			}
			prev = toks[j].end
			inside[j-from] = depth > 0
			bracketed = bracketed || depth > 0
		}
	}
	var buf [2*maxTermWords + 1]token
	items, start, across := 0, from, false
	for j := from + 1; j <= to; j++ {
		if j < to && !(toks[j].clause && toks[j].brk == ',') {
			continue
		}
		item := toks[start:j]
		if bracketed {
			kept := buf[:0]
			for k := start; k < j; k++ {
				if inside[k-from] {
					continue
				}
				if len(kept) == len(buf) {
					return false
				}
				kept = append(kept, toks[k])
			}
			item = kept
		}
		// "and" or "or" opening the last item is the list's own glue
		if len(item) > 0 && (item[0].raw == "and" || item[0].raw == "or") {
			item = item[1:]
		}
		if !bareTerm(item) {
			return false
		}
		items++
		if j > lo && j < hi {
			across = true
		}
		start = j
	}
	return across && items >= minTermItems
}

// sqlStatement reports whether sentence s of d is a line of SQL: it opens
// with a statement's verb and holds the clause keyword that verb takes
// ("INSERT INTO ... VALUES", "UPDATE jobs SET ... WHERE", "SELECT ...
// FROM", "DELETE FROM", "CREATE UNIQUE INDEX ... ON"), both written in
// capitals as code is, in eight words or more. A keyword list's "SET NX
// PX" or "select for update" is no statement. The statement may follow a
// short label of up to sqlLabelWords words ("save = UPDATE doc SET ...",
// "claim: UPDATE jobs SET ...", QA-45 H5 and QA-46 H5): the line says
// what that step does, in SQL.
func sqlStatement(d *doc, s sentence) bool {
	for k := s.from; k < s.to && k <= s.from+sqlLabelWords; k++ {
		if sqlStatementAt(d, k, s.to) {
			return true
		}
	}
	return false
}

// sqlLabelWords is the most words a label before an SQL statement holds
// ("add a version column; save =").
const sqlLabelWords = 6

// sqlStatementAt reports whether d's tokens from..to are an SQL statement
// (see sqlStatement).
func sqlStatementAt(d *doc, from, to int) bool {
	if to-from < 8 {
		return false
	}
	upper := func(k int) bool {
		w := d.text[d.toks[k].start:d.toks[k].end]
		return w == strings.ToUpper(w)
	}
	if !upper(from) {
		return false
	}
	var needs []string
	switch d.toks[from].raw {
	case "insert":
		needs = []string{"into"}
	case "update":
		needs = []string{"set"}
	case "select":
		needs = []string{"from"}
	case "delete":
		needs = []string{"from"}
	case "create":
		needs = []string{"index", "table"}
	default:
		return false
	}
	for k := from + 1; k < to; k++ {
		if slices.Contains(needs, d.toks[k].raw) && upper(k) {
			return true
		}
	}
	return false
}
