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
var showTuning = flag.Bool("blind.show", false, "log each disagreement on the blind corpus's tuning writers (A, B, G, H)")

// showValidation names the validation writers (comma-separated, e.g. "K")
// whose disagreements are printed: one at a time, so the other's figures
// still measure a writer not read yet.
var showValidation = flag.String("blind.validation", "", "log each disagreement of these validation writers (K, L; comma-separated)")

// showRead names further writers (comma-separated) whose disagreements
// are printed, for tuning on writers released from a holdout (C, D, E, F
// from session 4 on). The fresh holdout (I, J) is never printed.
var showRead = flag.String("blind.read", "", "log each disagreement of these writers (any but the fresh holdout I, J; comma-separated)")

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
	// G and H answered all 24 free-text questions (brief:
	// writer-brief-3.md), 264 answers each, and were added to the tuning
	// set when they arrived.
	tuningWriters   = []string{"A", "B", "G", "H"}
	holdoutWriters  = []string{"C"}
	holdout2Writers = []string{"D"}
	// newQWriters answered the fifteen questions added later (brief:
	// writer-brief-2.md), 165 answers each; never read while tuning.
	newQWriters = []string{"E", "F"}
	// validationWriters answered all 24 questions (brief:
	// writer-brief-3.md), 264 answers each, and arrived after grader g4:
	// measured before any change made for them (validationBefore), then
	// read while tuning grader g5 one writer at a time.
	validationWriters = []string{"K", "L"}
	// freshWriters answered all 24 questions (brief: writer-brief-3.md) at
	// the same time as G and H and were kept out of every tuning session:
	// their files stayed outside the repository until the grader work was
	// finished, and only totals were ever computed on them.
	freshWriters = []string{"I", "J"}
)

// answersPerWriter is how many answers each writer's file holds.
func answersPerWriter(w string) int {
	switch w {
	case "E", "F":
		return 165
	case "G", "H", "I", "J", "K", "L":
		return 264
	}
	return 99
}

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

// showsWriter reports whether the comma-separated list names writer w.
func showsWriter(list, w string) bool {
	for _, x := range strings.Split(list, ",") {
		if strings.TrimSpace(x) == w {
			return true
		}
	}
	return false
}

// TestBlindFigures logs the grader's agreement with the blind corpus, per
// split: only totals for the holdout writers.
func TestBlindFigures(t *testing.T) {
	b := loadBank(t)
	for _, split := range []struct {
		name    string
		writers []string
		show    bool
	}{{"tuning", tuningWriters, *showTuning}, {"validation", validationWriters, false}, {"holdout", holdoutWriters, false}, {"holdout2", holdout2Writers, false}, {"new questions", newQWriters, false}, {"fresh holdout", freshWriters, false}} {
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
		if split.name == "tuning" || split.name == "validation" {
			// Each tuning or validation writer on its own, so a new
			// writer's figures can be read before and after tuning on
			// them.
			for _, w := range split.writers {
				one, err := loadBlind([]string{w})
				if err != nil {
					t.Fatal(err)
				}
				show := split.name == "validation" && showsWriter(*showValidation, w)
				wt, err := judgeBlind(b, one, show)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("  %s writer %s: %s", split.name, w, wt)
				if split.name == "validation" {
					for _, k := range wt.kindNames() {
						t.Logf("    kind %-20s %d/%d", k, wt.kinds[k][1], wt.kinds[k][0])
					}
				}
				for _, d := range wt.diffs {
					t.Log("    " + d)
				}
			}
		}
		if *showRead != "" && split.name != "fresh holdout" {
			for _, w := range split.writers {
				if !showsWriter(*showRead, w) {
					continue
				}
				one, err := loadBlind([]string{w})
				if err != nil {
					t.Fatal(err)
				}
				wt, err := judgeBlind(b, one, true)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("  read writer %s: %s", w, wt)
				for _, d := range wt.diffs {
					t.Log("    " + d)
				}
			}
		}
		if split.show {
			for _, k := range tl.kindNames() {
				t.Logf("  kind %-20s %d/%d", k, tl.kinds[k][1], tl.kinds[k][0])
			}
		}
	}
}

// blindTargets are the thresholds the issue set for the holdout.
var blindTargets = quiz.BlindGate{Verdicts: 0.95, MaxPassFlagged: 0, Flagged: 0.9, MaxSaladPasses: 0}

// blindFloors are the holdout figures the tests enforce today. The
// targets are not all reached; these are the honest figures measured when
// the tuning stopped, so a change that makes the grader worse on answers it
// was never tuned on fails here. Raise them as the grader improves; never
// tune on the holdout to do so.
// Raised with grader g4 (tuned on A, B, G and H) from 0.84, 4 and 0.66 to
// the holdout figures it measured once at the end: 88.9%, 3/54, 72.2%.
// Raised with grader g5 (tuned on A, B, G, H, then K and L) from 0.88 to
// 0.90: the holdout's verdicts measured 90.9% at the end (flags on passing
// answers 3/54 and losing claims flagged 72.2% unchanged).
var blindFloors = quiz.BlindGate{Verdicts: 0.90, MaxPassFlagged: 3, Flagged: 0.72, MaxSaladPasses: 0}

// blindBefore is the holdout (writer C) as the grader scored it at the
// commit that added the corpus, before any change made for it.
var blindBefore = quiz.BlindFigures{Writers: []string{"C"}, Answers: 99, Verdicts: 0.758, FalsePasses: 2, FalseFails: 22,
	PassAnswers: 54, PassFlagged: 5, ShouldFlag: 18, ShouldFlagged: 10, Flagged: 0.556, Salads: 9, SaladPasses: 0}

const blindMethod = "Writers who saw only the question prompts (never the rubric, the matchers or the model answers) each wrote 11 answers per question: strong-concise, strong-full, strong-unusual (own wording), rejects-antipattern, refutes-quote, weak, confidently-wrong, keyword-salad, partial, strong-casual and mixed-wrong. Each labelled every answer pass or fail, and whether it asserts a claim that loses the round, before the grader ran. Writers A and B (the first nine questions) are the tuning set, read while the matchers were changed; writer C is the holdout, never read: only these totals are computed on it. A fourth writer's file (D) arrived with the others and is held out too. Two more writers (E, F), given only the prompts of the fifteen questions added later, wrote 165 answers each the same way; nobody tuned on them. Two later writers (G, H) answered all 24 free-text questions the same way (264 answers each) and joined the tuning set, so since grader g4 the fifteen newer questions are tuned too (on G and H), and E and F measure unread writers on them. Two further writers (K, L) answered all 24 questions the same way after grader g4 was finished: the validation split. Each was measured once on arrival, before any change made for it (validation_before, the honest estimate for unseen answers), and only then read while tuning grader g5, one writer at a time so the other still measured generalisation. The last two writers (I, J) answered all 24 questions at the same time as G and H, and their files were kept away from everyone who tuned the grader: only totals were computed on them, when they arrived (grader g3) and after grader g5. They are the fresh holdout, the largest, and this page leads with it. A verdict agrees when the grader's pass/fail equals the label; a red flag on a passing answer is any flag raised on an answer labelled pass."

// freshBefore is the fresh holdout (I, J) as grader g3 scored it when the
// files arrived (2026-12-01 16:46-16:48 UTC), before any grader change of
// that session; their SHA-256 sums were recorded then
// (e67391480d72e49f… I, 5608f050a15c9a67… J) and the files are
// committed unchanged.
var freshBefore = quiz.BlindFigures{Writers: []string{"I", "J"}, Answers: 528, Verdicts: 0.79, FalsePasses: 17, FalseFails: 94,
	PassAnswers: 288, PassFlagged: 25, ShouldFlag: 96, ShouldFlagged: 39, Flagged: 0.406, Salads: 48, SaladPasses: 0}

// freshFloors are the fresh holdout's figures with grader g5, held so
// they cannot get worse unnoticed. One keyword list of writer J passes,
// short of the target of none.
var freshFloors = quiz.BlindGate{Verdicts: 0.9, MaxPassFlagged: 17, Flagged: 0.635, MaxSaladPasses: 1}

// validationBefore is each validation writer (K, L) as grader g4 scored
// it when the file arrived, before anything was changed for it. Writer L
// arrived first (2026-12-01 18:02 UTC) and was measured then; writer K
// arrived at 18:07 and was measured with g4 too, before the changes made
// for L were committed.
var validationBefore = []quiz.BlindFigures{
	quiz.BlindFigures{Writers: []string{"K"}, Answers: 264, Verdicts: 0.841, FalsePasses: 6, FalseFails: 36, PassAnswers: 144, PassFlagged: 15, ShouldFlag: 48, ShouldFlagged: 24, Flagged: 0.5, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 24}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 19}, {Kind: "partial", Answers: 24, Agree: 23}, {Kind: "refutes-quote", Answers: 24, Agree: 21}, {Kind: "rejects-antipattern", Answers: 24, Agree: 20}, {Kind: "strong-casual", Answers: 24, Agree: 21}, {Kind: "strong-concise", Answers: 24, Agree: 20}, {Kind: "strong-full", Answers: 24, Agree: 17}, {Kind: "strong-unusual", Answers: 24, Agree: 9}, {Kind: "weak", Answers: 24, Agree: 24}}},
	quiz.BlindFigures{Writers: []string{"L"}, Answers: 264, Verdicts: 0.864, FalsePasses: 11, FalseFails: 25, PassAnswers: 144, PassFlagged: 13, ShouldFlag: 48, ShouldFlagged: 28, Flagged: 0.583, Salads: 24, SaladPasses: 0, Kinds: []quiz.KindFigures{{Kind: "confidently-wrong", Answers: 24, Agree: 23}, {Kind: "keyword-salad", Answers: 24, Agree: 24}, {Kind: "mixed-wrong", Answers: 24, Agree: 15}, {Kind: "partial", Answers: 24, Agree: 23}, {Kind: "refutes-quote", Answers: 24, Agree: 20}, {Kind: "rejects-antipattern", Answers: 24, Agree: 18}, {Kind: "strong-casual", Answers: 24, Agree: 21}, {Kind: "strong-concise", Answers: 24, Agree: 24}, {Kind: "strong-full", Answers: 24, Agree: 20}, {Kind: "strong-unusual", Answers: 24, Agree: 16}, {Kind: "weak", Answers: 24, Agree: 24}}},
}

func (t blindTally) figures(writers []string) quiz.BlindFigures {
	r := func(a, b int) float64 {
		if b == 0 {
			return 0
		}
		return round3(float64(a) / float64(b))
	}
	f := quiz.BlindFigures{Writers: writers, Answers: t.answers, Verdicts: r(t.verdictOK, t.answers), FalsePasses: t.falsePass, FalseFails: t.falseFail,
		PassAnswers: t.passAnswers, PassFlagged: t.passFlagged, ShouldFlag: t.shouldFlag, ShouldFlagged: t.shouldFlagged, Flagged: r(t.shouldFlagged, t.shouldFlag),
		Salads: t.salads, SaladPasses: t.saladPasses}
	for _, k := range t.kindNames() {
		f.Kinds = append(f.Kinds, quiz.KindFigures{Kind: k, Answers: t.kinds[k][0], Agree: t.kinds[k][1]})
	}
	return f
}

// blindReport grades the blind corpus and holds the holdout to the floors.
func blindReport(b *quiz.Bank) (*quiz.BlindReport, error) {
	rep := &quiz.BlindReport{Method: blindMethod, Targets: blindTargets, Floors: blindFloors, Before: blindBefore, ValidationBefore: validationBefore, FreshBefore: freshBefore}
	for _, part := range []struct {
		writers []string
		dst     *quiz.BlindFigures
	}{{tuningWriters, &rep.Tuning}, {holdoutWriters, &rep.Holdout}, {holdout2Writers, &rep.Holdout2}, {newQWriters, &rep.NewQuestions}, {validationWriters, &rep.Validation}, {freshWriters, &rep.Fresh}} {
		answers, err := loadBlind(part.writers)
		if err != nil {
			return nil, err
		}
		want := 0
		for _, w := range part.writers {
			want += answersPerWriter(w)
		}
		if len(answers) != want {
			return nil, fmt.Errorf("writers %v: %d answers, want %d", part.writers, len(answers), want)
		}
		tl, err := judgeBlind(b, answers, false)
		if err != nil {
			return nil, err
		}
		*part.dst = tl.figures(part.writers)
	}
	if ok, miss := blindFloors.Meets(rep.Holdout); !ok {
		return rep, fmt.Errorf("blind holdout below its floors (%s): %+v", strings.Join(miss, ", "), rep.Holdout)
	}
	if ok, miss := freshFloors.Meets(rep.Fresh); !ok {
		return rep, fmt.Errorf("fresh blind holdout (I, J) below its floors (%s): %+v", strings.Join(miss, ", "), rep.Fresh)
	}
	return rep, nil
}

// TestBlindFloorsBite shows the floors fail a grader that got worse.
func TestBlindFloorsBite(t *testing.T) {
	good := quiz.BlindFigures{Verdicts: 0.9, PassFlagged: 0, Flagged: 0.95, SaladPasses: 0}
	if ok, miss := blindFloors.Meets(good); !ok {
		t.Fatalf("good figures miss %v", miss)
	}
	for name, bad := range map[string]quiz.BlindFigures{
		"verdicts":      {Verdicts: 0.5, Flagged: 0.95},
		"flags on pass": {Verdicts: 0.9, PassFlagged: 9, Flagged: 0.95},
		"recall":        {Verdicts: 0.9, Flagged: 0.3},
		"salad":         {Verdicts: 0.9, Flagged: 0.95, SaladPasses: 1},
	} {
		if ok, _ := blindFloors.Meets(bad); ok {
			t.Errorf("%s: worse figures meet the floors", name)
		}
	}
}
