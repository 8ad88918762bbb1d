package quiz_test

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"lockdrill/quiz"
)

var goldenG21s = flag.String("golden.g21s", "", "file for TestGradeGoldenG21s's digest of every free-text grade of the test files' own sentences (compare two builds: a speed-up must leave it unchanged)")

// TestGradeGoldenG21s grades, against every free-text question, texts
// written by the team and never by a corpus writer: the string literals of
// the package's test files, the question files' paragraphs, the benchmark's
// answer and its sentences, and long answers made of all of these (past
// 64 sentences, where the grader leaves its sentence masks). It writes one
// line per grade, the question, the SHA-256 of the text and that of the
// result as JSON, so that two builds'
// files can be diffed: a change meant only for speed must leave every grade
// byte for byte the same. Gated: it takes a few seconds and compares
// builds, not expectations.
func TestGradeGoldenG21s(t *testing.T) {
	if *goldenG21s == "" {
		t.Skip("needs -golden.g21s=FILE")
	}
	b, err := loadBankForFuzz()
	if err != nil {
		t.Fatal(err)
	}
	texts := goldenTexts(t)
	qs := b.ByKind(quiz.KindFreeText)
	var out strings.Builder
	for _, q := range qs {
		for _, text := range texts {
			js, panicked := gradeJSONOrPanic(t, b, q, text)
			if panicked != "" {
				// a grade that panics is recorded as such, so that the
				// digest stays comparable between builds (grader g21t:
				// main 94507b3 panics in gatherHeader on a few texts)
				fmt.Fprintf(&out, "%s\t%x\tpanic: %s\n", q.ID, sha256.Sum256([]byte(text)), panicked)
				continue
			}
			fmt.Fprintf(&out, "%s\t%x\t%x\n", q.ID, sha256.Sum256([]byte(text)), sha256.Sum256(js))
		}
	}
	if err := os.WriteFile(*goldenG21s, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d questions x %d texts", len(qs), len(texts))
}

// gradeJSONOrPanic grades text against q and returns the result as JSON,
// or the message of a panic while grading.
func gradeJSONOrPanic(t *testing.T, b *quiz.Bank, q *quiz.Question, text string) (js []byte, panicked string) {
	defer func() {
		if e := recover(); e != nil {
			panicked = fmt.Sprint(e)
		}
	}()
	r := b.Grade(q, quiz.Answer{Text: text})
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return js, ""
}

// goldenTexts returns the texts TestGradeGoldenG21s grades, in a fixed
// order.
func goldenTexts(t *testing.T) []string {
	var lits []string
	files, _ := filepath.Glob("*_test.go")
	sort.Strings(files)
	fset := token.NewFileSet()
	for _, f := range files {
		if f == "golden_g21s_test.go" {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				if s, err := strconv.Unquote(bl.Value); err == nil && len(s) >= 12 && strings.Contains(s, " ") {
					lits = append(lits, s)
				}
			}
			return true
		})
	}
	mds, _ := filepath.Glob("../content/questions/*.md")
	sort.Strings(mds)
	for _, f := range mds {
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, para := range strings.Split(string(body), "\n\n") {
			if p := strings.TrimSpace(para); len(p) >= 12 {
				lits = append(lits, p)
			}
		}
	}
	texts := []string{answer300}
	for _, s := range strings.SplitAfter(answer300, ". ") {
		texts = append(texts, s)
	}
	texts = append(texts, lits...)
	// answers of a few texts each, and long ones past the sentence masks
	for i := 0; i+5 <= len(lits); i += 5 {
		texts = append(texts, strings.Join(lits[i:i+5], " "))
	}
	for i := 0; i+80 <= len(lits); i += 400 {
		texts = append(texts, strings.Join(lits[i:i+80], "\n"))
	}
	return texts
}
