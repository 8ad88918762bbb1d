package quiz_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// guideKeyPoints returns, by slug, the "## Key points" list of each guide
// section, one item a line, as a reader copies it from the page (code
// marks and emphasis dropped).
func guideKeyPoints(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("../content/guide/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("guide: %v (%d files)", err, len(files))
	}
	slugRe := regexp.MustCompile(`(?m)^slug:\s*(\S+)`)
	out := map[string]string{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := slugRe.FindSubmatch(raw)
		if m == nil {
			continue
		}
		var items []string
		on := false
		for _, line := range strings.Split(string(raw), "\n") {
			switch {
			case strings.HasPrefix(line, "## "):
				on = strings.TrimSpace(line) == "## Key points"
			case on && strings.HasPrefix(line, "- "):
				items = append(items, strings.NewReplacer("`", "", "**", "").Replace(strings.TrimPrefix(line, "- ")))
			}
		}
		if len(items) > 0 {
			out[string(m[1])] = strings.Join(items, "\n")
		}
	}
	return out
}

// TestFAQKeyPointsPassTheirQuestion: the guide's own summary of a question
// (the key points of the FAQ section a question names as its guide)
// passes that question, with no red flag (QA-9 Q9-12: the run-once and
// row-lock FAQs' key points failed their own questions at 30 %).
func TestFAQKeyPointsPassTheirQuestion(t *testing.T) {
	b := loadBank(t)
	kps := guideKeyPoints(t)
	n := 0
	for _, q := range b.ByKind(quiz.KindFreeText) {
		if !strings.HasPrefix(q.Guide, "faq-") {
			continue
		}
		text, ok := kps[q.Guide]
		if !ok {
			t.Errorf("%s: guide %s has no key points", q.ID, q.Guide)
			continue
		}
		n++
		r := b.Grade(q, quiz.Answer{Text: text})
		if !r.Passed || len(r.Flags) > 0 {
			var missed []string
			for _, p := range r.Points {
				if !p.Hit {
					missed = append(missed, p.ID)
				}
			}
			t.Errorf("%s: the key points of %s score %.2f, passed=%v, flags %v, missed %v", q.ID, q.Guide, r.Score, r.Passed, r.FlagIDs(), missed)
		}
	}
	if n < 3 {
		t.Errorf("only %d questions map to an FAQ section; want the row-lock, run-once and extend-lease ones at least", n)
	}
}
