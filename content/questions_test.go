package content_test

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"lockdrill/content"
	"lockdrill/quiz"
)

const testFlags = `flags:
  - id: plain-del
    label: Releases with a plain DEL
    severity: major
    why: It deletes the **next** holder's lock.
    match: ["@release & del"]
`

const testSynonyms = `common:
  release: [release, unlock]
`

const freeTextFile = `---
id: fencing-token
kind: free-text
topic: fencing
title: "What is a fencing token?"
guide: fencing-tokens
preset: paused-holder-fenced
points:
  - {id: a, label: A, dimension: safety-mechanisms, match: ["number & increas*"]}
  - {id: b, label: B, dimension: safety-mechanisms, match: ["storage & reject"]}
  - {id: c, label: C, dimension: failure-modes, match: ["paus*"]}
  - {id: d, label: D, dimension: trade-offs, match: ["cooperat*"]}
hints: ["Who checks it?"]
---
## Prompt

What is a *fencing token*? <script>alert(1)</script>

## Model answer

A number.

` + "```sql\n## not a heading\n```" + `

## Explanation

Because.
`

func bankFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{
		"questions/red-flags.yaml": {Data: []byte(testFlags)},
		"questions/synonyms.yaml":  {Data: []byte(testSynonyms)},
	}
	for name, src := range files {
		fsys["questions/"+name] = &fstest.MapFile{Data: []byte(src)}
	}
	return fsys
}

func TestLoadQuestionsParsesAndRenders(t *testing.T) {
	b, err := content.LoadQuestions(bankFS(map[string]string{"fencing-token.md": freeTextFile}))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	q, ok := b.ByID("fencing-token")
	if !ok {
		t.Fatalf("question not found; ids %v", b.IDs())
	}
	if q.Kind != quiz.KindFreeText || q.Topic != "fencing" || q.Preset != "paused-holder-fenced" || len(q.Points) != 4 {
		t.Fatalf("got %+v", q)
	}
	if !strings.Contains(q.Prompt.HTML, "<em>fencing token</em>") {
		t.Fatalf("prompt HTML: got %q, want rendered emphasis", q.Prompt.HTML)
	}
	if strings.Contains(q.Prompt.HTML, "<script>") {
		t.Fatalf("prompt HTML: raw HTML was rendered: %q", q.Prompt.HTML)
	}
	if !strings.Contains(q.ModelAnswer.Markdown, "## not a heading") {
		t.Fatalf("a ## line inside a code fence split the section: %q", q.ModelAnswer.Markdown)
	}
	if q.Explanation.Markdown != "Because." {
		t.Fatalf("explanation: got %q", q.Explanation.Markdown)
	}
	f, ok := b.Flag("plain-del")
	if !ok || !strings.Contains(f.WhyHTML, "<strong>next</strong>") {
		t.Fatalf("red flag: got %+v", f)
	}
	r := b.Grade(q, quiz.Answer{Text: "Unlock it with DEL when the work is done, the storage will reject nothing."})
	if got := r.FlagIDs(); len(got) != 1 || got[0] != "plain-del" {
		t.Fatalf("flags through a synonym: got %v, want [plain-del]", got)
	}
}

func TestLoadQuestionsErrorsNameFileAndField(t *testing.T) {
	tests := []struct {
		name string
		file string
		src  string
		want string
	}{
		{"empty match", "fencing-token.md", strings.Replace(freeTextFile, `match: ["paus*"]`, `match: []`, 1), "questions/fencing-token.md: points[2].match: empty"},
		{"unknown synonym", "fencing-token.md", strings.Replace(freeTextFile, `"paus*"`, `"@nope"`, 1), "questions/fencing-token.md: points[2].match[0]"},
		{"id differs from file", "other.md", freeTextFile, "questions/other.md: id"},
		{"unknown field", "fencing-token.md", strings.Replace(freeTextFile, "guide:", "gide: x\nguide:", 1), "questions/fencing-token.md: front matter"},
		{"unknown section", "fencing-token.md", strings.Replace(freeTextFile, "## Explanation", "## Notes", 1), "questions/fencing-token.md: body"},
		{"missing front matter", "fencing-token.md", "## Prompt\nx\n", "questions/fencing-token.md: missing front matter"},
		{"unknown preset", "fencing-token.md", strings.Replace(freeTextFile, "preset: paused-holder-fenced", "preset: no-such-preset", 1), "questions/fencing-token.md: preset"},
		{"bad kind", "fencing-token.md", strings.Replace(freeTextFile, "kind: free-text", "kind: essay", 1), "questions/fencing-token.md: kind"},
		{"spot-the-bug without why", "obj-x.md", "---\nid: obj-x\nkind: spot-the-bug\ntopic: implementation\ntitle: X\nguide: g\ncode: {lang: go, lines: [a, b]}\nbug: 2\n---\n## Prompt\np\n## Explanation\ne\n", "questions/obj-x.md: lines_why[2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := content.LoadQuestions(bankFS(map[string]string{tt.file: tt.src}))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestLoadUnknownGuideSection(t *testing.T) {
	fsys := bankFS(map[string]string{"fencing-token.md": freeTextFile})
	fsys["guide/07-fencing-tokenz.md"] = &fstest.MapFile{Data: []byte("---\nslug: fencing-tokenz\n---\n")}
	_, err := content.Load(fsys)
	if err == nil || !strings.Contains(err.Error(), `questions/fencing-token.md: guide: no guide section "fencing-tokens"`) {
		t.Fatalf("got %v, want the missing guide section named", err)
	}
}

func TestLoadQuestionsBadRedFlags(t *testing.T) {
	fsys := bankFS(map[string]string{"fencing-token.md": freeTextFile})
	fsys["questions/red-flags.yaml"] = &fstest.MapFile{Data: []byte(strings.Replace(testFlags, "severity: major", "severity: awful", 1))}
	_, err := content.LoadQuestions(fsys)
	if err == nil || !strings.Contains(err.Error(), "questions/red-flags.yaml: flags[0].severity") {
		t.Fatalf("got %v, want the file and field of the bad severity", err)
	}
}

func TestEmbeddedBank(t *testing.T) {
	b, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatalf("load embedded questions: %v", err)
	}
	want := []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock", "choose-ttl", "redis-vs-consensus", "two-holders", "row-lock", "run-job-once", "extend-lease"}
	free := b.ByKind(quiz.KindFreeText)
	if len(free) < len(want) {
		t.Fatalf("free-text questions: got %d, want at least %d", len(free), len(want))
	}
	for _, id := range want {
		q, ok := b.ByID(id)
		if !ok {
			t.Fatalf("missing free-text question %q", id)
		}
		if q.ModelAnswer.HTML == "" || len(q.Hints) == 0 || q.Guide == "" {
			t.Fatalf("%s: model answer, hints and guide are required", id)
		}
	}
	for _, id := range []string{"mutex-no-lease", "plain-del", "two-commands", "redlock-correctness", "wall-clock", "lock-across-network-call", "lock-instead-of-constraint", "ttl-as-safety", "client-side-fencing"} {
		f, ok := b.Flag(id)
		if !ok || f.Why == "" {
			t.Fatalf("red flag %q missing or without why", id)
		}
	}
	if len(b.All())-len(free) < 60 {
		t.Fatalf("objective exercises: got %d, want at least 60", len(b.All())-len(free))
	}
	if len(free) < 24 {
		t.Fatalf("free-text questions: got %d, want at least 24, enough for mock rounds that do not repeat", len(free))
	}
}

// TestFreeTextCorePoints holds every free-text question outside the first
// nine (whose points the grader rework marks) to two or three core points:
// the points an answer must make to pass.
func TestFreeTextCorePoints(t *testing.T) {
	b, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatalf("load embedded questions: %v", err)
	}
	legacy := map[string]bool{"redis-lock-and-failure": true, "fencing-token": true, "avoid-the-lock": true, "choose-ttl": true, "redis-vs-consensus": true, "two-holders": true, "row-lock": true, "run-job-once": true, "extend-lease": true}
	for _, q := range b.ByKind(quiz.KindFreeText) {
		if legacy[q.ID] {
			continue
		}
		core := 0
		for _, p := range q.Points {
			if p.Core {
				core++
			}
		}
		if core < 2 || core > 3 {
			t.Errorf("%s: %d core points, want 2 or 3", q.ID, core)
		}
	}
}

func TestLoadAccuracy(t *testing.T) {
	rep, err := content.LoadAccuracy(content.Embedded())
	if err != nil {
		t.Fatalf("load accuracy: %v", err)
	}
	b, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatalf("load embedded questions: %v", err)
	}
	free := len(b.ByKind(quiz.KindFreeText))
	if len(rep.Questions) != free || rep.Overall.Answers < 8*free || rep.Overall.Accuracy < rep.Threshold {
		t.Fatalf("got %d questions, %d answers, accuracy %v: want all %d free-text questions, at least %d answers, above the threshold", len(rep.Questions), rep.Overall.Answers, rep.Overall.Accuracy, free, 8*free)
	}
	if _, err := os.Stat("questions/grader-accuracy.json"); err != nil {
		t.Fatalf("the published figures are not in the content tree: %v", err)
	}
}
