package quiz

import "strings"

// Grader g42's reading rules. Each sets words aside for the red flags
// alone (setAside): the second reader, trained before them and frozen
// until it is retrained, reads the words as before.

// setAsideSubjectBefore sets aside the words before toks[k] back to the
// start of its clause, at most negBackward of them, and through a
// personal subject, which is the last word it takes: the subject of a
// verb phrase that toks[k] denies.
func setAsideSubjectBefore(toks []token, k int) {
	for j := k - 1; j >= 0 && j >= k-negBackward && toks[j].sent == toks[k].sent; j-- {
		toks[j].setAside = true
		if toks[j].clause || personalSubjects[toks[j].raw] {
			return
		}
	}
}

// markDeniedSubjects sets aside the subject of a verb phrase denied by a
// negator that, unlike "doesn't" or "is not", does not by itself reach
// back over the subject (g42):
//
//   - "neither" after an auxiliary: "a per-customer mutex would neither
//     recognise a late retry nor let the customer pay twice at once"
//     says of the mutex what "would not" says of it;
//   - "never" in an object relative that closes its sentence: "atomic
//     debit and credit, which locks alone never give" denies the
//     antecedent of the locks, as "which locks don't give" would (not
//     "never" elsewhere: "the lock never expires while the job runs" is
//     the claim);
//   - "nothing" as the object of a verb of effect: "so the lock
//     deduplicates nothing" (as "it buys you nothing" already was).
func markDeniedSubjects(d *doc) {
	toks := d.toks
	for k := 1; k < len(toks); k++ {
		t, prev := &toks[k], &toks[k-1]
		if t.clause || prev.sent != t.sent {
			continue
		}
		switch t.raw {
		case "neither":
			if auxiliaries[prev.raw] {
				setAsideSubjectBefore(toks, k)
			}
		case "never":
			// "debit and credit in one go, which locks alone never
			// give": an object relative closing its sentence, whose
			// subject never gives its antecedent (not "the lock never
			// expires", a claim of its own)
			if k+2 != d.sents[t.sent].to || toks[k+1].clause {
				continue
			}
			w := k - 1
			for w > k-4 && !toks[w].clause {
				w--
			}
			if w < k-1 && toks[w].clause && toks[w].raw == "which" {
				setAsideRunBefore(toks, d.sents[t.sent].from, w)
				setAsideSubjectBefore(toks, k)
			}
		case "nothing":
			if effectVerb(prev.raw) {
				setAsideSubjectBefore(toks, k-1)
			}
		}
	}
}

// effectVerbs are verbs of what a measure achieves, whose object
// "nothing" denies that it achieves anything (beside worthVerbs, which
// markNegation reads for the second reader too).
var effectVerbs = []string{"dedup", "deduplicat", "prevent", "stop", "catch", "ensur", "guard", "cover", "handl", "sav", "block", "avoid"}

func effectVerb(w string) bool {
	for _, v := range effectVerbs {
		if strings.HasPrefix(w, v) {
			return true
		}
	}
	return false
}

// qualifiedBy are the clauses that, after a comma, make a practice hold
// only under a condition the speaker goes on to name: "check the lease
// before calling, which only works if pauses stay small".
var qualifiedBy = [][]string{
	{"which", "only", "works", "if"}, {"which", "only", "works", "when"}, {"which", "only", "helps", "if"},
	{"which", "only", "holds", "if"}, {"which", "is", "only", "safe", "if"}, {"which", "is", "only", "safe", "when"},
	{"which", "only", "helps", "when"}, {"which", "only", "holds", "when"}, {"and", "that", "only", "works", "if"},
	{"which", "works", "only", "if"}, {"which", "holds", "only", "if"}, {"which", "is", "safe", "only", "if"},
}

// markQualifiedPractices sets aside a practice the speaker qualifies with
// the condition it needs (g42): "Third: check our remaining lease before
// calling, which only works if pauses and clock wander stay small" weighs
// the check, it does not trust it.
func markQualifiedPractices(d *doc) {
	toks := d.toks
	for _, s := range d.sents {
		for k := s.from + 1; k < s.to; k++ {
			if !toks[k].clause || toks[k].brk != ',' && toks[k].brk != '—' && toks[k].brk != '–' {
				continue
			}
			if phraseAt(toks, k, s.to, qualifiedBy) > 0 {
				setAsideRunBefore(toks, s.from, k)
			}
		}
	}
}
