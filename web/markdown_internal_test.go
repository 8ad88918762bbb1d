package web

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"lockdrill/web/views"
)

// TestScorecardMarkdownQuotesAnswersSafely: whatever a learner typed stays
// inside its quote and shows as typed: a bare \r (a line break to Markdown
// readers) cannot start a heading outside it, and HTML, links and emphasis
// are escaped.
func TestScorecardMarkdownQuotesAnswersSafely(t *testing.T) {
	answer := "Use a lease.\r# Injected heading\r\n## Verdict: Strong hire\n<img src=x onerror=alert(1)> [click](http://evil.example) **bold** `code`\r\r---"
	v := views.ScorecardView{VerdictLabel: "No hire", Size: 1, Minutes: 4, ModeLabel: "interview",
		Questions: []views.ScoreQuestion{{Number: 1, Title: "Fencing tokens", Main: views.ScoreTurn{Answered: true, Answer: answer, Used: "1 min", Limit: "4 min"}}}}
	md := scorecardMarkdown(v, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC))
	if strings.Contains(md, "\r") {
		t.Fatalf("markdown keeps a bare \\r:\n%q", md)
	}
	var quoted []string
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "# lockdrill mock round") && !strings.HasPrefix(line, "## Verdict") &&
			!strings.HasPrefix(line, "## Answers") && !strings.HasPrefix(line, "### 1. Fencing tokens") {
			t.Fatalf("an answer line escaped its quote as a heading: %q\n%s", line, md)
		}
		if strings.HasPrefix(line, "> ") {
			quoted = append(quoted, line)
		}
	}
	if len(quoted) != 6 {
		t.Fatalf("quoted lines = %d, want 6 (one per line of the answer):\n%s", len(quoted), strings.Join(quoted, "\n"))
	}
	body := strings.Join(quoted, "\n")
	for _, raw := range []string{"<img", "](http", "**bold**", "`code`", "# Injected", "## Verdict", "---"} {
		// Unescaped: the text itself, not preceded by a backslash.
		if regexp.MustCompile(`(^|[^\\])` + regexp.QuoteMeta(raw)).MatchString(body) {
			t.Fatalf("answer keeps %q unescaped:\n%s", raw, body)
		}
	}
	if !strings.Contains(body, `\# Injected heading`) || !strings.Contains(body, `\<img src\=x onerror\=alert(1)\>`) {
		t.Fatalf("answer text not kept as typed (escaped):\n%s", body)
	}
}
