package quiz_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// checkInserted puts each case's sentence at the end of base(question), a
// short correct answer of our own, and checks that its flag is raised or
// not ("a|b": either), as a candidate who wrote that sentence into a good
// answer would see. First it checks the base alone raises no such flag (with strict,
// that it is a clean pass), or the case would show nothing.
func checkInserted(t *testing.T, base func(question string) string, strict bool, cases []flagCase) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q, ok := b.ByID(c.question)
			if !ok {
				t.Fatalf("no question %s", c.question)
			}
			text := base(c.question)
			r := b.Grade(q, quiz.Answer{Text: text})
			if strict && (len(r.Flags) > 0 || !r.Passed) {
				t.Fatalf("the base answer alone is not a clean pass (flags %v, score %.2f, points %s): this case shows nothing", r.FlagIDs(), r.Score, hitPoints(r))
			}
			if raisesAny(r, c.flag) {
				t.Fatalf("the base answer alone raises %s: this case shows nothing", c.flag)
			}
			text += " " + c.text
			r = b.Grade(q, quiz.Answer{Text: text})
			if got := raisesAny(r, c.flag); got != c.want {
				t.Errorf("%q: flag %s raised=%v, want %v (flags %v)%s", c.text, c.flag, got, c.want, r.FlagIDs(), raisingPatterns(b, q, text, c.flag))
			}
		})
	}
}

// raisesAny reports whether r raised one of the flags in ids ("a|b").
func raisesAny(r quiz.Result, ids string) bool {
	for _, id := range strings.Split(ids, "|") {
		if slices.Contains(r.FlagIDs(), id) {
			return true
		}
	}
	return false
}

// raisingPatterns names the Match patterns of flag id that raise it alone
// on text, for a failure message.
func raisingPatterns(b *quiz.Bank, q *quiz.Question, text, id string) string {
	var s strings.Builder
	for _, f := range b.FlagsFor(q) {
		if f.ID != id {
			continue
		}
		for i, m := range f.Match {
			one := &quiz.RedFlag{ID: f.ID, Label: f.Label, Severity: f.Severity, Match: []string{m}}
			for _, gf := range quiz.Grade(q, quiz.Answer{Text: text}, []*quiz.RedFlag{one}).Flags {
				if gf.ID == id {
					fmt.Fprintf(&s, "\n  pattern %02d: %s", i, m)
				}
			}
		}
	}
	return s.String()
}

// hitPoints lists the points r hit, for a failure message.
func hitPoints(r quiz.Result) string {
	var s []string
	for _, p := range r.Points {
		if p.Hit {
			s = append(s, p.ID)
		}
	}
	return strings.Join(s, " ")
}
