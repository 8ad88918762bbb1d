package quiz

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

// maxTermWords is the longest item read as a bare term.
const maxTermWords = 5

// minTermItems is how many items make a run of terms.
const minTermItems = 3

// bareTerm reports an item of at most maxTermWords words with no
// auxiliary, negator or clause glue (see termGlue).
func bareTerm(toks []token) bool {
	if len(toks) == 0 || len(toks) > maxTermWords {
		return false
	}
	for _, t := range toks {
		if auxiliaries[t.raw] || termGlue[t.raw] || isNegator(t.raw) || t.raw == "never" {
			return false
		}
	}
	return true
}

// acrossTermList reports a match whose parts lie in different items of a
// run of at least minTermItems bare terms cut by commas: the run fills
// the stretch of its sentence between strong breaks (colons, semicolons,
// dashes, brackets) that holds the match.
func acrossTermList(d *doc, spans [][2]int, sn sentence) bool {
	lo, hi := spans[0][0], spans[0][1]
	for _, s := range spans[1:] {
		lo, hi = min(lo, s[0]), max(hi, s[1])
	}
	toks := d.toks
	from := lo
	for from > sn.from && !strongBreak(toks[from]) {
		from--
	}
	to := hi
	for to < sn.to && !strongBreak(toks[to]) {
		to++
	}
	items, start, across := 0, from, false
	for j := from + 1; j <= to; j++ {
		if j < to && !(toks[j].clause && toks[j].brk == ',') {
			continue
		}
		// "and" or "or" opening the last item is the list's own glue
		item := toks[start:j]
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
