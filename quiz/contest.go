package quiz

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// ErrNotContestable is returned by Contest for an item the result does not
// hold: no key point of that id, and no red flag of that id still raised.
var ErrNotContestable = errors.New("not a key point or a raised red flag of this answer")

// MaxDisputeReason is the longest reason a learner may give for a
// dispute, in characters: one line.
const MaxDisputeReason = 200

// Contested says what a dispute changed.
type Contested struct {
	// Item is the point or flag id.
	Item string
	// Label is the item as the feedback lists it.
	Label string
	// Was is the grader's decision the learner contested: "hit" (a point
	// ticked), "missed" (a point not ticked) or "flag" (a red flag raised).
	Was string
}

// Contest applies a learner's dispute of one of the grader's decisions on
// a free-text result: a ticked point becomes missed, a missed point made,
// a raised red flag dismissed. The score, pass and suggested rating are
// recomputed (see Rescore) and the result is marked self-assessed, so the
// feedback says it was corrected, unless the dispute undid the learner's
// only correction. It returns ErrNotContestable for an item
// the result does not hold, and for objective kinds, whose key is fixed.
func Contest(q *Question, res Result, item string) (Result, Contested, error) {
	if q.Kind != KindFreeText {
		return res, Contested{}, fmt.Errorf("contest %q: %w", item, ErrNotContestable)
	}
	ticks := map[string]bool{}
	var c Contested
	for _, p := range res.Points {
		ticks[p.ID] = p.Hit
		if p.ID == item {
			c = Contested{Item: item, Label: p.Label, Was: "missed"}
			if p.Hit {
				c.Was = "hit"
			}
		}
	}
	for _, f := range res.Flags {
		ticks[f.ID] = !f.Dismissed
		if f.ID == item && !f.Dismissed {
			c = Contested{Item: item, Label: f.Label, Was: "flag"}
			if f.SelfReported {
				c.Was = "reported"
			}
		}
	}
	if c.Item == "" {
		return res, Contested{}, fmt.Errorf("contest %q: %w", item, ErrNotContestable)
	}
	if c.Was == "reported" {
		// The learner withdraws their own report: the flag goes, as the
		// grader never raised it.
		out := res
		out.Flags = slices.DeleteFunc(slices.Clone(res.Flags), func(f FlagResult) bool { return f.ID == item && f.SelfReported })
		delete(ticks, item)
		return Rescore(q, out, ticks), c, nil
	}
	ticks[item] = !ticks[item]
	return Rescore(q, res, ticks), c, nil
}

// ReportFlag applies a learner's report that their free-text answer makes
// a losing claim the grader did not flag: red flag id, any of the
// catalog's (a candidate can make a mistake the question's own list does
// not expect: QA-48b M3) and not raised on res, is added as SelfReported,
// and the score, pass and suggested rating are recomputed as for a raised
// flag of its severity (see Rescore). Contesting the reported flag
// withdraws the report (Contest). The Contested's Was is "unflagged": the
// grader's decision the learner contests is that the answer raised no
// such flag. It returns ErrNotContestable for an objective kind, an id
// that names no red flag (the second reader's verdict is never one a
// learner reports), and a flag res already holds, raised or dismissed.
func (b *Bank) ReportFlag(q *Question, res Result, id string) (Result, Contested, error) {
	f, ok := b.flagByID[id]
	if q.Kind != KindFreeText || !ok || id == ReaderFlagID || slices.ContainsFunc(res.Flags, func(g FlagResult) bool { return g.ID == id }) {
		return res, Contested{}, fmt.Errorf("report %q: %w", id, ErrNotContestable)
	}
	out := res
	out.Flags = append(slices.Clone(res.Flags), FlagResult{ID: f.ID, Label: f.Label, Why: f.Why, Severity: f.Severity, SelfReported: true})
	ticks := map[string]bool{}
	for _, p := range out.Points {
		ticks[p.ID] = p.Hit
	}
	for _, g := range out.Flags {
		ticks[g.ID] = !g.Dismissed
	}
	return Rescore(q, out, ticks), Contested{Item: f.ID, Label: f.Label, Was: "unflagged"}, nil
}

// ReportableFlags returns the red flags the learner may report on res, a
// result of q, that res does not hold: those the question checks (own), in
// the question's order, and the rest of the catalog (other), in the
// catalog's; none for an objective kind.
func (b *Bank) ReportableFlags(q *Question, res Result) (own, other []*RedFlag) {
	if q.Kind != KindFreeText {
		return nil, nil
	}
	held := func(f *RedFlag) bool {
		return f.ID == ReaderFlagID || slices.ContainsFunc(res.Flags, func(g FlagResult) bool { return g.ID == f.ID })
	}
	checked := map[string]bool{}
	for _, f := range b.FlagsFor(q) {
		checked[f.ID] = true
		if !held(f) {
			own = append(own, f)
		}
	}
	for _, f := range b.flags {
		if !checked[f.ID] && !held(f) {
			other = append(other, f)
		}
	}
	return own, other
}

// ContestRecovered applies a learner's dispute of a point that a round's
// follow-up made for the main answer (see Recover) to res, the main
// answer's result as graded: the point is marked Unrecovered, so Recover
// no longer credits it from the follow-ups, and the result is
// self-assessed. The main answer missed the point, so its own score does
// not change; the round's does, once scored again. Contesting it again
// undoes the correction (Unrecovered is cleared), as contesting an item
// twice does elsewhere. The Contested's Was is "hit": the grader's
// decision contested is the tick the follow-up earned. It returns
// ErrNotContestable for an objective kind, an item that is no point of
// res, and a point the main answer made or the learner ticked, which no
// follow-up makes.
func ContestRecovered(q *Question, res Result, item string) (Result, Contested, error) {
	if q.Kind != KindFreeText {
		return res, Contested{}, fmt.Errorf("contest %q: %w", item, ErrNotContestable)
	}
	i := -1
	for j, p := range res.Points {
		if p.ID == item && !p.Hit && !p.SelfAssessed {
			i = j
		}
	}
	if i < 0 {
		return res, Contested{}, fmt.Errorf("contest %q: %w", item, ErrNotContestable)
	}
	out := res
	out.Points = append([]PointResult(nil), res.Points...)
	p := &out.Points[i]
	p.Unrecovered = !p.Unrecovered
	out.SelfAssessed = selfAssessed(out)
	return out, Contested{Item: item, Label: p.Label, Was: "hit"}, nil
}

// Version identifies the grader that produced a verdict: the code's
// generation and a digest of every matcher, core mark and synonym it ran,
// so a disputed answer can be replayed against the grader that judged it.
func (b *Bank) Version() string { return b.version }

// graderGeneration is bumped when the grading code changes what it
// decides (the digest covers the content).
const graderGeneration = "g54"

// GraderGeneration names the grader version that figures are measured
// with (g6, g7, ...).
func GraderGeneration() string { return graderGeneration }

func bankVersion(b *Bank, syn Synonyms) string {
	// The lines are written as fmt.Fprintf wrote them ("flag %s %s %q %q
	// %q\n", ...; see TestBankVersionLines), without fmt's reflection:
	// quoting the bank's thousands of patterns through it was some 5 %
	// of a cold start's CPU.
	h := sha256.New()
	var line []byte
	write := func() { h.Write(line); line = line[:0] }
	for _, f := range b.flags {
		line = append(line, "flag "...)
		line = append(line, f.ID...)
		line = append(line, ' ')
		line = append(line, f.Severity...)
		line = append(line, ' ')
		line = appendQuotedList(line, f.Match)
		line = append(line, ' ')
		line = appendQuotedList(line, f.Unless)
		line = append(line, ' ')
		line = appendQuotedList(line, f.Counter)
		line = append(line, '\n')
		if len(f.Explicit) > 0 {
			line = append(line, "explicit "...)
			line = append(line, f.ID...)
			line = append(line, ' ')
			line = appendQuotedList(line, f.Explicit)
			line = append(line, '\n')
		}
		write()
	}
	for _, q := range b.questions {
		line = append(line, "flags "...)
		line = append(line, q.ID...)
		line = append(line, ' ')
		line = appendQuotedList(line, q.Flags)
		line = append(line, '\n')
		if q.MinBreadth != 0 {
			// A pass rule like the core marks: replaying a verdict needs it.
			line = append(line, "min_breadth "...)
			line = append(line, q.ID...)
			line = append(line, ' ')
			line = strconv.AppendInt(line, int64(q.MinBreadth), 10)
			line = append(line, '\n')
		}
		for _, p := range q.Points {
			line = append(line, "point "...)
			line = append(line, q.ID...)
			line = append(line, ' ')
			line = append(line, p.ID...)
			line = append(line, ' ')
			line = strconv.AppendBool(line, p.Core)
			line = append(line, ' ')
			line = fmt.Append(line, p.Weight)
			line = append(line, ' ')
			line = appendQuotedList(line, p.Match)
			line = append(line, ' ')
			line = appendQuotedList(line, p.Requires)
			line = append(line, '\n')
		}
		write()
		for _, s := range q.Steps {
			fmt.Fprintf(h, "step %s %s %v\n", q.ID, s.ID, s.MustPrecede)
		}
	}
	var topics []string
	for t := range syn {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	for _, t := range topics {
		var names []string
		for n := range syn[t] {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			line = append(line, "syn "...)
			line = append(line, t...)
			line = append(line, ' ')
			line = append(line, n...)
			line = append(line, ' ')
			for i, e := range syn[t][n] {
				if i > 0 {
					line = append(line, '|')
				}
				line = append(line, e...)
			}
			line = append(line, '\n')
			write()
		}
	}
	// The second reader's weights decide too.
	fmt.Fprintf(h, "reader %x\n", sha256.Sum256(readerModelFile))
	return graderGeneration + "-" + hex.EncodeToString(h.Sum(nil))[:12]
}

// appendQuotedList appends list as fmt's %q prints a []string: ["a" "b"].
func appendQuotedList(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendQuote(b, s)
	}
	return append(b, ']')
}
