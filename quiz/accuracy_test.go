package quiz_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v2"

	"lockdrill/content"
	"lockdrill/quiz"
)

var update = flag.Bool("update", false, "rewrite content/questions/grader-accuracy.json from the corpus")

const (
	accuracyThreshold = 0.9
	accuracyFile      = "../content/questions/grader-accuracy.json"
)

type corpusFile struct {
	Question string         `yaml:"question"`
	Answers  []corpusAnswer `yaml:"answers"`
}

type corpusAnswer struct {
	Name    string   `yaml:"name"`
	Holdout bool     `yaml:"holdout"`
	Text    string   `yaml:"text"`
	Hits    []string `yaml:"hits"`
	Flags   []string `yaml:"flags"`
	Pass    bool     `yaml:"pass"`
}

// tally accumulates agreement between grader and labels.
type tally struct {
	answers                    int
	accSum                     float64
	pointOK, points            int
	raised, raisedOK, expected int
	expectedOK                 int
	verdictOK                  int
}

func (t *tally) add(o tally) {
	t.answers += o.answers
	t.accSum += o.accSum
	t.pointOK += o.pointOK
	t.points += o.points
	t.raised += o.raised
	t.raisedOK += o.raisedOK
	t.expected += o.expected
	t.expectedOK += o.expectedOK
	t.verdictOK += o.verdictOK
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return round3(float64(a) / float64(b))
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

func (t tally) figures() quiz.AccuracyFigures {
	f := quiz.AccuracyFigures{Answers: t.answers, Points: ratio(t.pointOK, t.points), FlagPrecision: ratio(t.raisedOK, t.raised), FlagRecall: ratio(t.expectedOK, t.expected), Verdicts: ratio(t.verdictOK, t.answers)}
	if t.answers > 0 {
		f.Accuracy = round3(t.accSum / float64(t.answers))
	}
	return f
}

// judge grades one labelled answer and returns its tally and the
// disagreements, for the log.
func judge(b *quiz.Bank, q *quiz.Question, a corpusAnswer) (tally, []string) {
	r := b.Grade(q, quiz.Answer{Text: a.Text})
	var t tally
	var diffs []string
	want := map[string]bool{}
	for _, id := range a.Hits {
		want[id] = true
	}
	decisions, right := 0, 0
	for _, p := range r.Points {
		decisions++
		t.points++
		if p.Hit == want[p.ID] {
			right++
			t.pointOK++
		} else {
			diffs = append(diffs, fmt.Sprintf("point %s: got hit=%v", p.ID, p.Hit))
		}
	}
	expected := map[string]bool{}
	for _, id := range a.Flags {
		expected[id] = true
	}
	raised := map[string]bool{}
	for _, id := range r.FlagIDs() {
		raised[id] = true
	}
	union := map[string]bool{}
	for id := range expected {
		union[id] = true
	}
	for id := range raised {
		union[id] = true
	}
	for id := range union {
		decisions++
		if raised[id] == expected[id] {
			right++
		} else {
			diffs = append(diffs, fmt.Sprintf("flag %s: got raised=%v", id, raised[id]))
		}
		if raised[id] {
			t.raised++
			if expected[id] {
				t.raisedOK++
			}
		}
		if expected[id] {
			t.expected++
			if raised[id] {
				t.expectedOK++
			}
		}
	}
	decisions++
	if r.Passed == a.Pass {
		right++
		t.verdictOK++
	} else {
		diffs = append(diffs, fmt.Sprintf("verdict: got pass=%v (score %.2f)", r.Passed, r.Score))
	}
	t.answers = 1
	t.accSum = float64(right) / float64(decisions)
	return t, diffs
}

func loadBank(t *testing.T) *quiz.Bank {
	t.Helper()
	b, err := loadBankForFuzz()
	if err != nil {
		t.Fatalf("load questions: %v", err)
	}
	return b
}

// loadBankForFuzz loads the real question bank from the content tree.
func loadBankForFuzz() (*quiz.Bank, error) {
	return content.LoadQuestions(os.DirFS("../content"))
}

// TestAccuracy grades the labelled corpus, logs per-question agreement and
// fails when a question's accuracy is below the threshold, or when the
// published figures are out of date.
func TestAccuracy(t *testing.T) {
	b := loadBank(t)
	files, err := filepath.Glob("testdata/corpus/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus: %v (%d files)", err, len(files))
	}
	covered := map[string]bool{}
	report := quiz.AccuracyReport{
		Method:    "Each free-text question has a corpus of labelled answers (strong, partial, wrong, negation traps, keyword lists, rambling). For each answer we count the grader's decisions that agree with the labels: every key point hit or missed, every red flag expected or raised, and the pass/fail verdict. Holdout answers were written aside and never used to tune the matchers.",
		Threshold: accuracyThreshold,
	}
	var all, holdout tally
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c corpusFile
		if err := yaml.UnmarshalStrict(src, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		q, ok := b.ByID(c.Question)
		if !ok || q.Kind != quiz.KindFreeText {
			t.Fatalf("%s: %q is not a free-text question", f, c.Question)
		}
		covered[c.Question] = true
		t.Run(c.Question, func(t *testing.T) {
			if len(c.Answers) < 8 {
				t.Fatalf("got %d labelled answers, want at least 8", len(c.Answers))
			}
			var qt tally
			for _, a := range c.Answers {
				for _, id := range a.Hits {
					if _, ok := q.PointByID(id); !ok {
						t.Fatalf("answer %s: unknown point %q", a.Name, id)
					}
				}
				for _, id := range a.Flags {
					if _, ok := b.Flag(id); !ok {
						t.Fatalf("answer %s: unknown flag %q", a.Name, id)
					}
				}
				at, diffs := judge(b, q, a)
				qt.add(at)
				if a.Holdout {
					holdout.add(at)
				}
				if len(diffs) > 0 {
					t.Logf("  %s%s: %s", a.Name, map[bool]string{true: " (holdout)"}[a.Holdout], strings.Join(diffs, "; "))
				}
			}
			all.add(qt)
			fig := qt.figures()
			report.Questions = append(report.Questions, quiz.QuestionAccuracy{Question: c.Question, AccuracyFigures: fig})
			t.Logf("%-24s accuracy %.1f%%  points %.1f%%  flags P %.0f%% R %.0f%%  verdicts %.0f%% (%d answers)",
				c.Question, 100*fig.Accuracy, 100*fig.Points, 100*fig.FlagPrecision, 100*fig.FlagRecall, 100*fig.Verdicts, fig.Answers)
			if fig.Accuracy < accuracyThreshold {
				t.Errorf("accuracy %.1f%%, want at least %.0f%%", 100*fig.Accuracy, 100*accuracyThreshold)
			}
		})
	}
	for _, q := range b.ByKind(quiz.KindFreeText) {
		if !covered[q.ID] {
			t.Errorf("free-text question %q has no corpus", q.ID)
		}
	}
	sort.Slice(report.Questions, func(i, j int) bool { return report.Questions[i].Question < report.Questions[j].Question })
	report.Overall, report.Holdout = all.figures(), holdout.figures()
	t.Logf("overall accuracy %.1f%% over %d answers; holdout %.1f%% over %d", 100*report.Overall.Accuracy, report.Overall.Answers, 100*report.Holdout.Accuracy, report.Holdout.Answers)
	if t.Failed() {
		return
	}
	got, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(accuracyFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(accuracyFile)
	if err != nil || !bytes.Equal(have, got) {
		t.Fatalf("%s is out of date (%v); run go test ./quiz -run Accuracy -update", accuracyFile, err)
	}
}

// TestModelAnswersPass grades every free-text question's own model answer:
// it must pass, hit most points and raise no red flag, or the matchers (or
// the model answer) disagree with what the question teaches.
func TestModelAnswersPass(t *testing.T) {
	b := loadBank(t)
	for _, q := range b.ByKind(quiz.KindFreeText) {
		t.Run(q.ID, func(t *testing.T) {
			r := b.Grade(q, quiz.Answer{Text: q.ModelAnswer.Markdown})
			if len(r.FlagIDs()) > 0 {
				t.Fatalf("model answer raises %v", r.FlagIDs())
			}
			if !r.Passed || r.Score < 0.8 {
				t.Fatalf("model answer: got score %.2f passed %v, missed %v; want a pass of at least 0.8", r.Score, r.Passed, r.Missed())
			}
			if len(r.Missed()) > 0 {
				t.Logf("model answer misses %v", r.Missed())
			}
		})
	}
}
