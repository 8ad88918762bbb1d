package quiz_test

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// vetoG17Exp runs TestVetoRuleExperimentG17 and TestVetoReadingsG17.
var vetoG17Exp = flag.Bool("veto.g17", false, "measure the g17 grid of rules for the second reader's veto on every split")

// vetoRule is one rule tried for the second reader's veto (readerVeto):
// the answer reads below clean, has at least minWords words, and the
// matched sentence (with the next one's lean added when next is set)
// leans at most lean.
type vetoRule struct {
	clean, lean float64
	minWords    int
	next, alone bool
}

func (c vetoRule) String() string {
	if c.clean == 0 {
		return "no veto"
	}
	s := fmt.Sprintf("pf<%.2f lean<=%+.1f words>=%d", c.clean, c.lean, c.minWords)
	if c.next {
		s += " +next"
	}
	if c.alone {
		s += " alone"
	}
	return s
}

func (c vetoRule) bank(b *quiz.Bank) *quiz.Bank {
	return b.WithReaderVetoNext(c.clean, c.lean, c.minWords, c.next, c.alone)
}

// vetoGrid is every rule of the g17 grid, the shipped one and no veto
// first.
func vetoGrid() []vetoRule {
	grid := []vetoRule{{}, {0.15, 0, 50, false, false}}
	for _, alone := range []bool{false, true} {
		for _, next := range []bool{false, true} {
			for _, clean := range []float64{0.10, 0.15, 0.20, 0.25, 0.30} {
				for _, lean := range []float64{-1, -0.5, 0, 0.5, 1, 1.5, 2} {
					for _, words := range []int{30, 50, 80} {
						grid = append(grid, vetoRule{clean, lean, words, next, alone})
					}
				}
			}
		}
	}
	return grid
}

// vetoSplit is one split's answers, with their grade without the veto.
// Only an answer a pattern flags and the reader reads below the grid's
// highest clean threshold can be graded differently by a veto rule, so
// only those are graded again for each rule.
type vetoSplit struct {
	name      string
	answers   []blindAnswer
	base      []quiz.Result
	reachable []int
}

// vetoTally is a split's figures under one rule.
type vetoTally struct {
	figs
	spared, lost int // passing answers flagged without the veto and not with it; should-flag answers likewise
}

func (s *vetoSplit) tally(b *quiz.Bank, rule vetoRule) vetoTally {
	var t vetoTally
	rb := rule.bank(b)
	results := make(map[int]quiz.Result, len(s.reachable))
	if rule.clean > 0 {
		for _, i := range s.reachable {
			a := s.answers[i]
			q, _ := b.ByID(a.Question)
			results[i] = rb.Grade(q, quiz.Answer{Text: a.Text})
		}
	}
	for i, a := range s.answers {
		r, ok := results[i]
		if !ok {
			r = s.base[i]
		}
		passed, flagged := r.Passed, len(r.FlagIDs()) > 0
		was := len(s.base[i].FlagIDs()) > 0
		pass := a.Label == "pass"
		t.n++
		if passed == pass {
			t.ok++
		}
		if pass {
			t.pass++
			if flagged {
				t.passFlagged++
			}
			if was && !flagged {
				t.spared++
			}
		}
		if a.ShouldFlag {
			t.should++
			if flagged {
				t.flagged++
			}
			if was && !flagged {
				t.lost++
			}
		}
		if a.Kind == "keyword-salad" {
			t.salads++
			if passed {
				t.saladPass++
			}
		}
	}
	return t
}

func loadVetoSplits(t *testing.T, b *quiz.Bank, maxClean float64) []*vetoSplit {
	t.Helper()
	var out []*vetoSplit
	for _, sp := range []struct {
		name    string
		writers []string
	}{{"tuning", tuningWriters}, {"AV+AW", []string{"AV", "AW"}}, {"AX", []string{"AX"}}, {"Q+R", earlierWriters}} {
		answers, err := loadBlind(sp.writers)
		if err != nil {
			t.Fatal(err)
		}
		s := &vetoSplit{name: sp.name, answers: answers, base: make([]quiz.Result, len(answers))}
		nb := vetoRule{}.bank(b)
		for i, a := range answers {
			q, _ := b.ByID(a.Question)
			s.base[i] = nb.Grade(q, quiz.Answer{Text: a.Text})
			patterned := false
			for _, id := range s.base[i].FlagIDs() {
				patterned = patterned || id != quiz.ReaderFlagID
			}
			if _, pf, ok := quiz.ReaderProbs(a.Text, a.Question); patterned && ok && pf < maxClean {
				s.reachable = append(s.reachable, i)
			}
		}
		out = append(out, s)
	}
	return out
}

// TestVetoRuleExperimentG17 measures every rule of the grid on every
// split: tuning (which the reader learned from, so optimistic), AV+AW
// (read, never learned from: rules are chosen here), and only the totals
// of AX and of Q+R (never read). Each cell: passing answers flagged,
// should-flag answers flagged, verdicts; then passing answers the rule
// spares and should-flag answers it loses, against no veto.
func TestVetoRuleExperimentG17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip("run with -veto.g17")
	}
	b := loadBank(t)
	splits := loadVetoSplits(t, b, 0.30)
	var lines []string
	head := fmt.Sprintf("%-34s", "rule")
	for _, s := range splits {
		head += fmt.Sprintf(" | %-30s", s.name+" pass-fl sf-fl verdicts (+sp -lost)")
	}
	lines = append(lines, head)
	for _, rule := range vetoGrid() {
		line := fmt.Sprintf("%-34s", rule)
		for _, s := range splits {
			f := s.tally(b, rule)
			line += fmt.Sprintf(" | %3d/%-4d %4d/%-4d %5d/%-5d +%d -%d", f.passFlagged, f.pass, f.flagged, f.should, f.ok, f.n, f.spared, f.lost)
		}
		lines = append(lines, line)
	}
	t.Log("\n" + strings.Join(lines, "\n"))
}

// TestVetoReadingsG17 logs, for every pattern flag on the readable
// splits (tuning, AV and AW), the reader's reading of the answer, of the
// flagged sentence and of the sentence after it, with the writer's
// labels: never a text, and never anything of AX, Q or R.
func TestVetoReadingsG17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip("run with -veto.g17")
	}
	b := loadBank(t)
	for _, split := range []struct {
		name    string
		writers []string
	}{{"tuning", tuningWriters}, {"AV+AW", []string{"AV", "AW"}}} {
		answers, err := loadBlind(split.writers)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, a := range answers {
			q, _ := b.ByID(a.Question)
			for _, fr := range b.PatternFlagReadings(q, a.Text) {
				if fr.Clean >= 0.30 {
					continue
				}
				lines = append(lines, fmt.Sprintf("%s pf %.3f lean %+.2f next %+.2f words %3d  %s %s %s %s label=%s should=%v",
					split.name, fr.Clean, fr.Lean, fr.NextLean, fr.Words, a.Writer, a.Question, a.Kind, fr.ID, a.Label, a.ShouldFlag))
			}
		}
		sort.Strings(lines)
		t.Log("\n" + strings.Join(lines, "\n"))
	}
}
