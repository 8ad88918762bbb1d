package quiz

import "fmt"

// ExplainFlagG21a returns, for flag id on text, each compiled pattern of
// the flag (Match then Explicit, synonym sets included) that raises it
// alone, with its span, read by the patterns only (no second reader).
func (b *Bank) ExplainFlagG21a(q *Question, text, id string) []string {
	var out []string
	for _, f := range b.FlagsFor(q) {
		if f.ID != id {
			continue
		}
		for i, p := range f.match {
			c := *f
			c.match = []*Pattern{p}
			c.nExplicit = 0
			r := grade(q, Answer{Text: text}, []*RedFlag{&c}, b.words, b.lex, b.docs, nil)
			for _, g := range r.Flags {
				if g.ID == f.ID {
					out = append(out, fmt.Sprintf("pattern %d %q span %q", i, p.src, text[g.Span.Start:g.Span.End]))
				}
			}
		}
	}
	return out
}
