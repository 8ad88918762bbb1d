package quiz_test

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// showTuning prints the tuning writers' disagreements, one line each. It
// never prints anything of a holdout writer's answers.
var showTuning = flag.Bool("blind.show", false, "log each disagreement on the blind corpus's tuning writers (A, B)")

// blindAnswer is one line of quiz/testdata/blind/writer-*.jsonl.
type blindAnswer struct {
	Writer     string `json:"writer"`
	Question   string `json:"question"`
	Kind       string `json:"kind"`
	Label      string `json:"label"`
	ShouldFlag bool   `json:"should_flag"`
	FlagNote   string `json:"flag_note"`
	Text       string `json:"text"`
}

// The writers of each split (see testdata/blind/README.md).
var (
	tuningWriters   = []string{"A", "B"}
	holdoutWriters  = []string{"C"}
	holdout2Writers = []string{"D"}
)

// loadBlind reads the answers of the given writers.
func loadBlind(writers []string) ([]blindAnswer, error) {
	var out []blindAnswer
	for _, w := range writers {
		path := filepath.Join("testdata", "blind", "writer-"+w+".jsonl")
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		line := 0
		for sc.Scan() {
			line++
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var a blindAnswer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				f.Close()
				return nil, fmt.Errorf("%s:%d: %w", path, line, err)
			}
			if a.Label != "pass" && a.Label != "fail" {
				f.Close()
				return nil, fmt.Errorf("%s:%d: label %q, want pass or fail", path, line, a.Label)
			}
			out = append(out, a)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, nil
}

// blindTally counts how the grader's verdicts and flags agree with the
// writers' labels.
type blindTally struct {
	answers, verdictOK        int
	falsePass, falseFail      int
	passAnswers, passFlagged  int // labelled pass; of them, with a red flag raised
	shouldFlag, shouldFlagged int // labelled should_flag; of them, flagged
	salads, saladPasses       int
	kinds                     map[string]*[2]int // kind → answers, agreements
	diffs                     []string
}

func judgeBlind(b *quiz.Bank, answers []blindAnswer, keepDiffs bool) (blindTally, error) {
	t := blindTally{kinds: map[string]*[2]int{}}
	for _, a := range answers {
		q, ok := b.ByID(a.Question)
		if !ok || q.Kind != quiz.KindFreeText {
			return t, fmt.Errorf("writer %s: %q is not a free-text question", a.Writer, a.Question)
		}
		r := b.Grade(q, quiz.Answer{Text: a.Text})
		pass := a.Label == "pass"
		flags := r.FlagIDs()
		t.answers++
		k := t.kinds[a.Kind]
		if k == nil {
			k = &[2]int{}
			t.kinds[a.Kind] = k
		}
		k[0]++
		agree := r.Passed == pass
		if agree {
			t.verdictOK++
			k[1]++
		} else if r.Passed {
			t.falsePass++
		} else {
			t.falseFail++
		}
		if pass {
			t.passAnswers++
			if len(flags) > 0 {
				t.passFlagged++
			}
		}
		if a.ShouldFlag {
			t.shouldFlag++
			if len(flags) > 0 {
				t.shouldFlagged++
			}
		}
		if a.Kind == "keyword-salad" {
			t.salads++
			if r.Passed {
				t.saladPasses++
			}
		}
		if keepDiffs && (!agree || pass && len(flags) > 0 || a.ShouldFlag && len(flags) == 0) {
			t.diffs = append(t.diffs, fmt.Sprintf("%s %s %s: label %s flag=%v (%s); got passed=%v score %.2f flags %v missed %v",
				a.Writer, a.Question, a.Kind, a.Label, a.ShouldFlag, a.FlagNote, r.Passed, r.Score, flags, r.Missed()))
		}
	}
	return t, nil
}

func (t blindTally) String() string {
	return fmt.Sprintf("%d answers: verdicts %d/%d (%.1f%%; %d false passes, %d false fails); red flags on pass answers %d/%d; should-flag answers flagged %d/%d (%.1f%%); keyword salads passing %d/%d",
		t.answers, t.verdictOK, t.answers, pct(t.verdictOK, t.answers), t.falsePass, t.falseFail, t.passFlagged, t.passAnswers,
		t.shouldFlagged, t.shouldFlag, pct(t.shouldFlagged, t.shouldFlag), t.saladPasses, t.salads)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func (t blindTally) kindNames() []string {
	var ks []string
	for k := range t.kinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// TestBlindFigures logs the grader's agreement with the blind corpus, per
// split: only totals for the holdout writers.
func TestBlindFigures(t *testing.T) {
	b := loadBank(t)
	for _, split := range []struct {
		name    string
		writers []string
		show    bool
	}{{"tuning", tuningWriters, *showTuning}, {"holdout", holdoutWriters, false}, {"holdout2", holdout2Writers, false}} {
		answers, err := loadBlind(split.writers)
		if err != nil {
			t.Fatal(err)
		}
		tl, err := judgeBlind(b, answers, split.show)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s (%s): %s", split.name, strings.Join(split.writers, ","), tl)
		for _, d := range tl.diffs {
			t.Log("  " + d)
		}
		if split.show {
			for _, k := range tl.kindNames() {
				t.Logf("  kind %-20s %d/%d", k, tl.kinds[k][1], tl.kinds[k][0])
			}
		}
	}
}
