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
	md := scorecardMarkdown(v, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), "https://lockdrill.example")
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
	if !strings.Contains(body, `\# Injected heading`) || !strings.Contains(body, `\<img src=x onerror=alert(1)\>`) {
		t.Fatalf("answer text not kept as typed (escaped):\n%s", body)
	}
}

// TestScorecardMarkdownPeerParts: a follow-up the interviewer typed is
// escaped like every other text a person wrote, the agreement column says
// "close" as the page does, and the study links work outside the app.
func TestScorecardMarkdownPeerParts(t *testing.T) {
	v := views.ScorecardView{VerdictLabel: "Hire", Size: 1, Minutes: 4, ModeLabel: peerModeLabel,
		Questions: []views.ScoreQuestion{{Number: 1, Title: "Fencing tokens",
			Main:      views.ScoreTurn{Answered: true, Answer: "A token.", Used: "1 min", Limit: "4 min"},
			FollowUps: []views.ScoreTurn{{Title: "What if <b>bold</b> & \"quotes\"?\r# Not a heading", Answered: true, Answer: "Then…", Used: "1 min", Limit: "2 min"}}}},
		Study: []views.StudyLink{{Title: "Fencing", Reason: "Missed the storage check.", PracticeHref: "/practice/fencing-token", GuideHref: "/learn/fencing"}},
		Peer: &views.PeerCardView{Dimensions: []views.PeerDimensionRow{
			{Label: "Correctness", Interviewer: 3, Grader: 3, GraderPct: 70},
			{Label: "Trade-offs", Interviewer: 1, Grader: 4, GraderPct: 100, Disagree: true},
			{Label: "Communication", Grader: 2, GraderPct: 50},
		}}}
	md := scorecardMarkdown(v, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), "https://lockdrill.example")
	for _, want := range []string{
		`#### Follow-up: What if \<b\>bold\</b\> \& "quotes"? # Not a heading`,
		"| Correctness | 3 of 4 | 3 of 4 (70 %) | close |",
		"| Trade-offs | 1 of 4 | 4 of 4 (100 %) | **they disagree** |",
		"| Communication | not scored | 2 of 4 (50 %) |  |",
		"Practise: <https://lockdrill.example/practice/fencing-token> · Read: <https://lockdrill.example/learn/fencing>",
		"· " + peerModeLabel,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "<b>") || strings.Contains(md, "\r") {
		t.Errorf("raw HTML or a bare \\r in the markdown:\n%s", md)
	}
}

// TestMarkdownEscapeKeepsOrdinaryText: hyphens, equals signs and numbers
// inside a line stay as typed; only a mark that would open a block at the
// start of a line is escaped there (QA-4 E11: "follow\-ups", "owner \= $1").
func TestMarkdownEscapeKeepsOrdinaryText(t *testing.T) {
	for in, want := range map[string]string{
		"The follow-ups carry 30 %":                "The follow-ups carry 30 %",
		"UPDATE jobs SET owner = $1 WHERE id = $2": "UPDATE jobs SET owner = $1 WHERE id = $2",
		"- a list item":                            `\- a list item`,
		"  # a heading":                            `  \# a heading`,
		"=====":                                    `\=====`,
		"2. second":                                `2\. second`,
		"1999 was a year":                          "1999 was a year",
		"a *b* <i>c</i> [d](e) `f` x|y ~z~ &amp;":  "a \\*b\\* \\<i\\>c\\</i\\> \\[d\\](e) \\`f\\` x\\|y \\~z\\~ \\&amp;",
	} {
		if got := markdownEscape(in); got != want {
			t.Errorf("markdownEscape(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScorecardMarkdownMarksCorrections: a point the learner corrected,
// one made in a follow-up and a dismissed flag say so in the export, as
// they do on the page (QA-4 E11).
func TestScorecardMarkdownMarksCorrections(t *testing.T) {
	v := views.ScorecardView{VerdictLabel: "Hire", Size: 1, Minutes: 4, ModeLabel: "Coached",
		Questions: []views.ScoreQuestion{{Number: 1, Title: "Leases", Main: views.ScoreTurn{Answered: true, Corrected: true, Answer: "A lease.", Used: "1 min", Limit: "4 min",
			Graded: views.Graded{Points: []views.PointRow{{Label: "Fencing", Hit: true, SelfAssessed: true}, {Label: "Pauses", Hit: true, Recovered: true}, {Label: "Clocks"}},
				Flags: []views.FlagRow{{Label: "TTL as safety", Severity: "fatal", Dismissed: true}}}}}}}
	md := scorecardMarkdown(v, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), "https://lockdrill.example")
	for _, want := range []string{"Corrected after your dispute.", "- [x] Fencing (your correction)", "- [x] Pauses (made in a follow-up)", "- [ ] Clocks\n", "- Red flag (fatal), dismissed (your correction): TTL as safety"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestScorecardMarkdownListsSetAside: a sentence the second reader set
// aside is listed in the exported scorecard as on the page, so a verdict
// sent to someone shows what it assumed was not meant (QA-50 L2), its
// sentence escaped like every text the learner wrote.
func TestScorecardMarkdownListsSetAside(t *testing.T) {
	v := views.ScorecardView{VerdictLabel: "Strong hire", Size: 1, Minutes: 4, ModeLabel: "Coached",
		Questions: []views.ScoreQuestion{{Number: 1, Title: "Fencing in real systems", Main: views.ScoreTurn{Answered: true, Answer: "The API server fences.", Used: "1 min", Limit: "4 min",
			Graded: views.Graded{SetAside: []views.SetAsideRow{{Labels: []string{"Says the lock service itself fences"}, Note: `Not counted: the sentence "the API server turns away *every* write" ...`}}}}}}}
	md := scorecardMarkdown(v, time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC), "https://lockdrill.example")
	want := `- Not counted as a red flag (set aside by the second reader): Says the lock service itself fences. Not counted: the sentence "the API server turns away \*every\* write" ...`
	if !strings.Contains(md, want) {
		t.Errorf("markdown lacks the set-aside sentence %q:\n%s", want, md)
	}
}
