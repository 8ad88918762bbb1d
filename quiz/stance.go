package quiz

import "strings"

// A yes-or-no question ("Does a database row lock count as a distributed
// lock?") may have a point whose label is the answer itself ("Yes in
// effect - it coordinates every client, but only for data inside that
// database"). An answer that opens by saying no ("No, ...", "Not in the
// usual sense.", "Not really.") does not make that point, whatever its
// later sentences share with the point's matchers: the candidate's verdict
// is the opposite (QA-9 Q9-9). An opening hedge that grants it ("In a
// sense, yes", "Yes, in effect", "Technically yes", "Sort of", "Not in the
// usual sense, but in effect yes") leaves the point to its matchers.

// labelSaysYes reports a point label that answers its question yes.
// Its first word, after any of the separators " ,:-.", is "yes" in any
// case (read byte by byte: a label is read for every point made, and no
// rune but y, e and s in either case lowers to them).
func labelSaysYes(label string) bool {
	const seps = " ,:-."
	i := 0
	for i < len(label) && strings.IndexByte(seps, label[i]) >= 0 {
		i++
	}
	if len(label)-i < 3 || label[i]|0x20 != 'y' || label[i+1]|0x20 != 'e' || label[i+2]|0x20 != 's' {
		return false
	}
	return len(label) == i+3 || strings.IndexByte(seps, label[i+3]) >= 0
}

// grantWords, in an answer's first sentence and outside a negation, grant
// a yes-or-no question (hedged or not).
var grantWords = setOf(`yes yeah yep yup effectively technically functionally practically arguably`)

// grantPhrases grant it too: "in effect", "in a sense", "in practice".
var grantPhrases = [][]string{{"in", "effect"}, {"in", "a", "sense"}, {"in", "some", "sense"}, {"in", "one", "sense"}, {"in", "practice"}}

// opensWithNo reports whether d's first sentence answers no: it starts
// with "no", "nope" or "nah" standing alone ("No.", "No, it's local."), or
// with a short clause led by "not" ("Not in the usual sense.", "Not
// really:"), and nothing in it grants the question (see grantWords).
func opensWithNo(d *doc) bool {
	if len(d.sents) == 0 {
		return false
	}
	s := d.sents[0]
	toks := d.toks
	if s.to <= s.from {
		return false
	}
	// the first clause: up to a break made by punctuation
	end := s.from + 1
	for end < s.to && !(toks[end].clause && toks[end].brk != 0) {
		end++
	}
	switch first := toks[s.from].raw; {
	case first == "no" || first == "nope" || first == "nah":
		if end != s.from+1 {
			return false // "No lease, no TTL: ..." names what is absent
		}
	case first == "not":
		if end-s.from > 8 {
			return false
		}
	default:
		return false
	}
	contrast := false // a "but" or "yet" seen after the opening clause
	for k := s.from; k < s.to; k++ {
		if toks[k].negBy >= 0 && toks[k].negBy != k {
			continue // "not in practice": the hedge is denied
		}
		r := toks[k].raw
		if k >= end && (r == "but" || r == "yet") {
			contrast = true
		}
		// "Not in the usual sense, but it does give mutual exclusion": an
		// emphatic do after the contrast grants what the opening denied
		if contrast && (r == "does" || r == "do") && k+1 < s.to && !(toks[k+1].cls&clsNegator != 0) && toks[k+1].raw != "so" {
			return false
		}
		if grantWords[r] {
			return false
		}
		// "sort of", "kind of", "kinda" opening the sentence or a clause
		if (r == "sort" || r == "kind") && k+1 < s.to && toks[k+1].raw == "of" && (k == s.from || toks[k].clause) || r == "kinda" || r == "sorta" {
			return false
		}
		if phraseAt(toks, k, s.to, grantPhrases) > 0 {
			return false
		}
	}
	return true
}

// uncreditAgainstVerdict takes back a point whose label answers yes (see
// labelSaysYes) from an answer that opens by answering no (see
// opensWithNo).
func uncreditAgainstVerdict(q *Question, d *doc, r *Result) {
	no, known := false, false
	for i := range r.Points {
		pr := &r.Points[i]
		if !pr.Hit || pr.SelfAssessed || !labelSaysYes(q.Points[i].Label) {
			continue
		}
		if !known {
			no, known = opensWithNo(d), true
		}
		if no {
			pr.Hit, pr.Spans = false, nil
		}
	}
}
