package quiz

import "strings"

// Crediting a point only where its subject is not denied its worth (QA-9
// Q9-3, Q9-5): "their consensus adds latency without adding safety over
// Redlock" names consensus, and a point that credits consensus for the
// safety it gives ("a grant is committed by a majority and survives a
// node failure") is not made by it: the clause says consensus gives no
// safety. The words a point's matchers look for are there; the claim is
// the opposite of the point's.

// worthDenials are the word runs that deny the subject of their clause
// the worth a point credits it with.
var worthDenials = func() [][]string {
	var out [][]string
	for _, s := range []string{
		"without adding safety", "without adding any safety", "without any safety",
		"without adding correctness", "without adding any correctness", "without any benefit",
		"without adding anything", "without making it safer", "without making anything safer",
		"adds nothing", "add nothing", "added nothing", "buys nothing", "buys you nothing",
		"gives nothing", "gives you nothing", "no safer", "not any safer", "isn't any safer",
		"no more safe", "no more correct", "adds no safety", "add no safety", "brings no safety",
		"gives no safety", "gives no extra safety", "adds no real safety", "no real safety",
	} {
		out = append(out, strings.Fields(s))
	}
	return out
}()

// denialConsequences open a clause that draws a consequence from the one
// before it: "..., so a lock adds nothing".
var denialConsequences = setOf(`so therefore thus hence`)

// denialJoiners join a clause with a subject of its own to the one
// before it, whose worth a denial in it then leaves alone.
var denialJoiners = setOf(`and but while whereas`)

// worthDenialFirsts are the first words of worthDenials.
var worthDenialFirsts = func() map[string]bool {
	m := map[string]bool{}
	for _, run := range worthDenials {
		m[run[0]] = true
	}
	return m
}()

// deniedWorth returns the clauses of d whose subject a worth denial
// covers: from the start of the denial's clause (a semicolon, colon or
// dash before it, or the sentence's start) to the end of its sentence.
func deniedWorth(d *doc) []Span {
	var out []Span
	toks := d.toks
	for k := range toks {
		if toks[k].cls&clsWorthDenial == 0 {
			continue
		}
		for _, run := range worthDenials {
			if k+len(run) > len(toks) {
				continue
			}
			ok := true
			for i, w := range run {
				if toks[k+i].raw != w || toks[k+i].sent != toks[k].sent {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			s := d.sents[toks[k].sent]
			lo := k
			for lo > s.from && !(toks[lo].clause && (toks[lo].brk == ';' || toks[lo].brk == ':' || toks[lo].brk == '—' || toks[lo].brk == '–')) {
				// "It fails when the holder pauses past the TTL, ..., and
				// Redis alone gives you nothing to fence with": a clause
				// joined by ", and" with a subject of its own denies that
				// subject, not the clauses before it ("it is slower, and
				// adds nothing" shares its subject and still denies it).
				if lo < k-1 && toks[lo].clause && toks[lo].brk == ',' && denialJoiners[toks[lo].raw] {
					lo++
					break
				}
				// "If the db can reject the loser itself or the op is
				// idempotent, a lock adds nothing", "the op is
				// idempotent, so a lock adds nothing": a denial whose
				// clause follows a condition, or draws a consequence
				// with a subject of its own, denies that subject, not
				// the condition or the ground before it (FX, g49).
				if lo < k && toks[lo].clause && lo > s.from && (toks[lo-1].hypo && !toks[lo].hypo ||
					denialConsequences[toks[lo].raw] && lo+1 < k && !backRefs[toks[lo+1].raw]) {
					break
				}
				lo--
			}
			out = append(out, Span{Start: toks[lo].start, End: toks[s.to-1].end})
			break
		}
	}
	return out
}

// uncreditDenied takes back a point whose label asserts (no negation in
// it) and whose evidence lies in a clause that denies its subject's worth
// (see deniedWorth); the point is looked for again outside those clauses.
func uncreditDenied(q *Question, d *doc, r *Result) {
	var denied []Span
	for i := range r.Points {
		pr := &r.Points[i]
		if !pr.Hit || pr.SelfAssessed {
			continue
		}
		if denied == nil {
			denied = deniedWorth(d)
			if len(denied) == 0 {
				return
			}
		}
		if !allInside(pr.Spans, denied) || labelDenies(q.Points[i].Label) {
			continue
		}
		rematchAvoiding(q, i, d, pr, denied)
	}
}

// allInside reports whether every span of a lies inside some span of b.
func allInside(a, b []Span) bool {
	if len(a) == 0 {
		return false
	}
	for _, x := range a {
		in := false
		for _, y := range b {
			if x.Start >= y.Start && x.End <= y.End {
				in = true
				break
			}
		}
		if !in {
			return false
		}
	}
	return true
}

// labelDenies reports a label that says something is not so ("WAIT is
// not consensus", "extension is not safety"): its evidence may well sit
// in a clause that denies worth.
func labelDenies(label string) bool {
	l := " " + strings.ToLower(label) + " "
	for _, w := range []string{" not ", "n't ", " cannot ", " never ", " no ", " without ", " nothing "} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}
