package quiz_test

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// structuralG21Exp runs TestStructuralExperimentG21.
var structuralG21Exp = flag.Bool("structural.g21", false, "run the g21c experiment: a fence at the resource as a shared counterpart")

// structuralG21Show prints the readable tuning writers' answers whose
// flags a mode changes (never a pseudo-holdout writer's).
var structuralG21Show = flag.Bool("structural.g21.show", false, "log the readable tuning writers' answers whose flags the experiment changes")

// structuralG21IDs names the flags that share the counterpart (default:
// the shipped set).
var structuralG21IDs = flag.String("structural.g21.ids", "", "flags that share the fence counterpart, comma-separated")

// structuralG21Only runs only the modes whose name contains it.
var structuralG21Only = flag.String("structural.g21.only", "", "run only the modes whose name contains this")

// structuralG21ReadableOnly measures the readable tuning writers only.
var structuralG21ReadableOnly = flag.Bool("structural.g21.readable", false, "measure the readable tuning writers only")

// pseudoHoldoutG21 are the writers nobody tuning the grader in g21c has
// read (BM, BS, BT, BV, BW in the tuning set; BP, BQ, BR the validation
// split): only their totals are looked at.
var pseudoHoldoutG21 = []string{"BM", "BS", "BT", "BV", "BW", "BP", "BQ", "BR"}

// readableG21 are the tuning writers less the pseudo-holdout.
func readableG21() []string {
	var out []string
	for _, w := range tuningWriters {
		if !slices.Contains(pseudoHoldoutG21, w) {
			out = append(out, w)
		}
	}
	return out
}

// g21Tally is one split under one mode, against the grader without it.
type g21Tally struct {
	n, ok, pass, passFlagged, should, flagged int
	spared, lost                              int // passing answers that lose every flag; should-flag answers that lose every flag
	gained, unflagged                         int // passing answers that gain a flag; should-flag answers newly flagged
}

func (t g21Tally) String() string {
	return fmt.Sprintf("verdicts %4d/%-4d flags on pass %2d/%-4d claims %4d/%-4d (spared %d, lost %d, gained %d, newly flagged %d)",
		t.ok, t.n, t.passFlagged, t.pass, t.flagged, t.should, t.spared, t.lost, t.gained, t.unflagged)
}

// g21Grade grades answers at mode and returns the flags of each.
func g21Grade(b *quiz.Bank, answers []blindAnswer, mode int) ([]bool, [][]string) {
	restore := quiz.SetStructuralG21(mode, nil)
	defer restore()
	passed := make([]bool, len(answers))
	flags := make([][]string, len(answers))
	for i, a := range answers {
		q, _ := b.ByID(a.Question)
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		passed[i], flags[i] = r.Passed, r.FlagIDs()
	}
	return passed, flags
}

// g21Measure tallies answers at mode against mode 0; with show, it
// returns a line per answer whose flags changed (readable writers only).
func g21Measure(b *quiz.Bank, answers []blindAnswer, mode int, show bool) (g21Tally, []string) {
	p0, f0 := g21Grade(b, answers, 0)
	p1, f1 := g21Grade(b, answers, mode)
	var t g21Tally
	var lines []string
	for i, a := range answers {
		pass := a.Label == "pass"
		t.n++
		if p1[i] == pass {
			t.ok++
		}
		if pass {
			t.pass++
			if len(f1[i]) > 0 {
				t.passFlagged++
			}
			if len(f0[i]) > 0 && len(f1[i]) == 0 {
				t.spared++
			}
			if len(f0[i]) == 0 && len(f1[i]) > 0 {
				t.gained++
			}
		}
		if a.ShouldFlag {
			t.should++
			if len(f1[i]) > 0 {
				t.flagged++
			}
			if len(f0[i]) > 0 && len(f1[i]) == 0 {
				t.lost++
			}
			if len(f0[i]) == 0 && len(f1[i]) > 0 {
				t.unflagged++
			}
		}
		if show && !slices.Equal(f0[i], f1[i]) {
			lines = append(lines, fmt.Sprintf("%s %s %s label %s should_flag=%v (%s): flags %v -> %v passed %v -> %v\n      %s",
				a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, a.FlagNote, f0[i], f1[i], p0[i], p1[i], a.Text))
		}
	}
	return t, lines
}

// Result (g21c, not shipped): the candidate chosen on the readable
// writers (ttl-as-safety only, plain claim: -structural.g21.ids
// ttl-as-safety -structural.g21.only "plain claim (readable)") spares 3 of
// 24 flagged passing answers on the pseudo-holdout and loses none of its
// 360 flagged claims, loses 1 claim on the readable writers, but on Q+R
// spares nothing and loses a claim (85 -> 84 of 96, verdicts 510 -> 509),
// below the earlier holdout's floors, so it stays off.
//
// TestStructuralExperimentG21 measures the shared counterpart (a fence at
// the resource, see quiz/fenced.go) in each mode: on the readable tuning
// writers, on each pseudo-holdout writer (totals only) and on Q+R
// (totals only), against the grader without it.
func TestStructuralExperimentG21(t *testing.T) {
	if !*structuralG21Exp {
		t.Skip("run with -structural.g21")
	}
	if *structuralG21IDs != "" {
		defer quiz.SetStructuralG21(0, strings.Split(*structuralG21IDs, ","))()
	}
	b := loadBank(t)
	readable := mustLoadBlind(t, readableG21())
	modes := []struct {
		name string
		mode int
	}{
		{"shared counterpart, bare claim", 1},
		{"shared counterpart, plain claim (readable)", 1 | 2},
		{"shared counterpart, plain claim, denial (readable)", 1 | 2 | 8},
		{"shared counterpart, plain claim", 1 | 2},
		{"own counterparts plain too", 1 | 2 | 4},
		{"own counterparts plain only", 4},
	}
	for _, m := range modes {
		if *structuralG21Only != "" && !strings.Contains(m.name, *structuralG21Only) {
			continue
		}
		tl, lines := g21Measure(b, readable, m.mode, *structuralG21Show)
		t.Logf("%-34s readable tuning  %s", m.name, tl)
		for _, l := range lines {
			t.Log("    " + l)
		}
		if *structuralG21ReadableOnly {
			continue
		}
		var sum g21Tally
		for _, w := range pseudoHoldoutG21 {
			wt, _ := g21Measure(b, mustLoadBlind(t, []string{w}), m.mode, false)
			t.Logf("%-34s   pseudo %-6s %s", "", w, wt)
			sum.n, sum.ok, sum.pass, sum.passFlagged = sum.n+wt.n, sum.ok+wt.ok, sum.pass+wt.pass, sum.passFlagged+wt.passFlagged
			sum.should, sum.flagged, sum.spared, sum.lost = sum.should+wt.should, sum.flagged+wt.flagged, sum.spared+wt.spared, sum.lost+wt.lost
			sum.gained, sum.unflagged = sum.gained+wt.gained, sum.unflagged+wt.unflagged
		}
		t.Logf("%-34s   pseudo total %s", "", sum)
		qr, _ := g21Measure(b, mustLoadBlind(t, earlierWriters), m.mode, false)
		t.Logf("%-34s   Q+R (totals) %s", "", qr)
	}
}
