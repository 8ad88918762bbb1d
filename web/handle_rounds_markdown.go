package web

import (
	"fmt"
	"strings"
	"time"

	"lockdrill/web/views"
)

// scorecardMarkdown writes the scorecard as Markdown. The learner's answers
// are quoted line by line and escaped (markdownQuote) so their text cannot
// break the document's structure or bring HTML into it.
// Links are made absolute against origin (scheme and host the export was
// asked from), so they still work in a file read outside the app.
func scorecardMarkdown(v views.ScorecardView, started time.Time, origin string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# lockdrill mock round: %s (%d %%)\n\n", v.VerdictLabel, v.ScorePct)
	fmt.Fprintf(&b, "Started %s UTC · %d questions · %d minutes per answer · %s\n\n", started.UTC().Format("2006-01-02 15:04"), v.Size, v.Minutes, v.ModeLabel)
	b.WriteString("## Verdict\n\n")
	for _, r := range v.Reasons {
		fmt.Fprintf(&b, "- %s\n", r)
	}
	if len(v.Dimensions) > 0 {
		b.WriteString("\n## By dimension\n\n| Dimension | Points made |\n|---|---|\n")
		for _, d := range v.Dimensions {
			fmt.Fprintf(&b, "| %s | %d %% (%s of %s) |\n", d.Label, d.Pct, d.Hit, d.Total)
		}
	}
	b.WriteString("\n## Answers\n")
	turn := func(t views.ScoreTurn) {
		if !t.Answered {
			b.WriteString("\nNot answered (scored 0).\n")
			return
		}
		fmt.Fprintf(&b, "\nScore %d %% · time used %s of %s", t.ScorePct, t.Used, t.Limit)
		if t.Overtime {
			b.WriteString(" · **overtime**")
		}
		b.WriteString("\n\n")
		for _, h := range t.Graded.Hits() {
			fmt.Fprintf(&b, "- [x] %s\n", h.Label)
		}
		for _, m := range t.Graded.Misses() {
			fmt.Fprintf(&b, "- [ ] %s\n", m.Label)
		}
		for _, f := range t.Graded.Flags {
			if f.Dismissed {
				continue
			}
			fmt.Fprintf(&b, "- Red flag (%s): %s\n", f.Severity, f.Label)
		}
		b.WriteString("\n")
		b.WriteString(markdownQuote(t.Answer))
	}
	for _, q := range v.Questions {
		fmt.Fprintf(&b, "\n### %d. %s (%d %%)\n", q.Number, q.Title, q.ScorePct)
		if e := q.Explain; e != nil {
			fmt.Fprintf(&b, "\nGraded %d %%, %s %d %%:\n\n", e.Graded, e.FinalLabel, e.Final)
			for _, st := range e.Steps {
				fmt.Fprintf(&b, "- %s\n", markdownEscaper.Replace(st.Text))
			}
		}
		turn(q.Main)
		for _, f := range q.FollowUps {
			// A follow-up's title may be what the interviewer typed.
			fmt.Fprintf(&b, "\n#### Follow-up: %s\n", markdownEscaper.Replace(oneLine(f.Title)))
			turn(f)
		}
	}
	if v.Peer != nil {
		b.WriteString(peerMarkdown(*v.Peer))
	}
	if len(v.Study) > 0 {
		b.WriteString("\n## What to study next\n\n")
		for _, st := range v.Study {
			fmt.Fprintf(&b, "- **%s**: %s Practise: <%s>", st.Title, st.Reason, origin+st.PracticeHref)
			if st.GuideHref != "" {
				fmt.Fprintf(&b, " · Read: <%s>", origin+st.GuideHref)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// markdownEscaper backslash-escapes the ASCII punctuation that can start
// Markdown or HTML (CommonMark lets any ASCII punctuation be escaped), so
// an answer's text shows as typed: no heading, link, emphasis, code span
// or raw HTML of its own.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"#", `\#`, "|", `\|`, "~", `\~`, "!", `\!`, "&", `\&`, "=", `\=`, "+", `\+`, "-", `\-`,
)

// oneLine joins the lines of text with spaces, for a heading.
func oneLine(text string) string {
	return strings.Join(strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }), " ")
}

// markdownQuote returns text as a Markdown block quote, one "> " line per
// line of text. Every line ending (\r\n, a bare \r or \n, which Markdown
// readers all treat as line breaks) starts a new quoted line, so no line of
// the text can end the quote.
func markdownQuote(text string) string {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString("> ")
		b.WriteString(markdownEscaper.Replace(line))
		b.WriteString("\n")
	}
	return b.String()
}
