package quiz

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxAnswerChars is the longest free-text answer accepted, in characters
// (runes, so accented text is not penalised). Longer answers are refused by
// the web with a message (and by Validate); the grader itself never fails on
// length.
const MaxAnswerChars = 5000

// MaxAnswerBytes bounds the bytes of an answer of MaxAnswerChars characters
// (UTF-8 needs at most four bytes a character): what a reader of answers
// needs to read at most.
const MaxAnswerBytes = 4 * MaxAnswerChars

// Answer is what a learner submitted. Only the field of the question's kind
// is read.
type Answer struct {
	// Text is a free-text answer.
	Text string `json:"text,omitempty"`
	// Choices are the chosen option ids of a single, multiple or predict
	// question.
	Choices []string `json:"choices,omitempty"`
	// Order is the step ids of an ordering question, in the learner's
	// order.
	Order []string `json:"order,omitempty"`
	// Line is the chosen line (from 1) of a spot-the-bug question.
	Line int `json:"line,omitempty"`
}

// Validate reports an answer that cannot be graded as the learner meant:
// an empty or over-long text, no choice, a choice or step that is not one
// of the question's, a line out of range. The message is fit to show next
// to the form.
func (a Answer) Validate(q *Question) error {
	switch q.Kind {
	case KindFreeText:
		if strings.TrimSpace(a.Text) == "" {
			return fmt.Errorf("the answer is empty")
		}
		if n := utf8.RuneCountInString(a.Text); n > MaxAnswerChars {
			return fmt.Errorf("the answer is %d characters long; the limit is %d", n, MaxAnswerChars)
		}
		if r, ok := HiddenChar(a.Text); ok {
			return fmt.Errorf("the answer holds an invisible control or text-direction character (U+%04X); delete it and send the answer again", r)
		}
	case KindSingle, KindPredict, KindMultiple:
		if len(a.Choices) == 0 {
			return fmt.Errorf("choose an option")
		}
		if q.Kind != KindMultiple && len(a.Choices) > 1 {
			return fmt.Errorf("choose exactly one option")
		}
		for _, c := range a.Choices {
			if !hasOption(q, c) {
				return fmt.Errorf("unknown option %q", c)
			}
		}
	case KindOrdering:
		if len(a.Order) != len(q.Steps) {
			return fmt.Errorf("place all %d steps", len(q.Steps))
		}
		seen := map[string]bool{}
		for _, id := range a.Order {
			if seen[id] {
				return fmt.Errorf("step %q is placed twice", id)
			}
			seen[id] = true
			if !hasStep(q, id) {
				return fmt.Errorf("unknown step %q", id)
			}
		}
	case KindSpotTheBug:
		if q.Code == nil || a.Line < 1 || a.Line > len(q.Code.Lines) {
			return fmt.Errorf("pick a line")
		}
	default:
		return fmt.Errorf("unknown question kind %q", q.Kind)
	}
	return nil
}

// StripInvisible removes from a submitted answer the characters that
// take no room and join or split nothing a reader sees: the zero-width
// space (U+200B), the word joiner (U+2060), the byte-order mark (U+FEFF),
// the soft hyphen (U+00AD), and a zero-width joiner or non-joiner
// (U+200C, U+200D) between two letters. Text pasted from documents and
// chats carries them inside words, where they split a word in two for
// the grader ("to\u200bken") while the learner sees "token" (QA-48 M5).
// A joiner between emoji, which builds one picture, is kept.
func StripInvisible(text string) string {
	if !strings.ContainsAny(text, "\u200b\u2060\ufeff\u00ad\u200c\u200d") {
		return text
	}
	rs := []rune(text)
	var b strings.Builder
	b.Grow(len(text))
	for i, r := range rs {
		switch r {
		case 0x200B, 0x2060, 0xFEFF, 0x00AD:
			continue
		case 0x200C, 0x200D:
			if i > 0 && i+1 < len(rs) && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
				continue
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// HiddenChar finds the first character of text that is refused in an
// answer: a control character other than tab, newline and carriage return,
// or a bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069),
// which would reorder the feedback page the answer is shown on (QA-31 #3:
// a NUL and bidi overrides were stored and echoed raw).
func HiddenChar(text string) (rune, bool) {
	for _, r := range text {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
		case unicode.IsControl(r), r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			return r, true
		}
	}
	return 0, false
}
