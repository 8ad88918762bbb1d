package quiz_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"lockdrill/quiz"
)

// FuzzGradeFreeText checks that any text, however malformed, grades
// without panicking, with a score in range and every span inside the
// answer. The seeds run as part of the ordinary tests.
func FuzzGradeFreeText(f *testing.F) {
	for _, s := range []string{
		"",
		"Never release with a plain DEL.",
		"fencing isn't needed",
		"SET key v NX PX 30000 (\"quoted\" [nested (deep]",
		"’’’ don’t — «lease» …",
		"a.b.c. e.g. i.e. etc. 1.5 ... !!! ???",
		strings.Repeat("lock ", 1200),
		"\xff\xfe invalid utf-8 \xc3",
		"`unterminated backtick and \"quote",
	} {
		f.Add(s)
	}
	b, err := loadBankForFuzz()
	if err != nil {
		f.Fatal(err)
	}
	qs := b.ByKind(quiz.KindFreeText)
	f.Fuzz(func(t *testing.T, text string) {
		for _, q := range qs {
			r := b.Grade(q, quiz.Answer{Text: text})
			if r.Score < 0 || r.Score > 1 {
				t.Fatalf("%s: score %v out of range", q.ID, r.Score)
			}
			for _, p := range r.Points {
				for _, s := range p.Spans {
					if s.Start < 0 || s.End > len(text) || s.Start >= s.End {
						t.Fatalf("%s: point %s span %v outside %d bytes", q.ID, p.ID, s, len(text))
					}
				}
			}
			for _, fl := range r.Flags {
				if fl.Span.Start < 0 || fl.Span.End > len(text) || fl.Span.Start >= fl.Span.End {
					t.Fatalf("%s: flag %s span %v outside %d bytes", q.ID, fl.ID, fl.Span, len(text))
				}
			}
			if utf8.ValidString(text) && r.Passed && r.Fatal {
				t.Fatalf("%s: passed with a fatal flag", q.ID)
			}
		}
	})
}

func BenchmarkGradeFreeText(b *testing.B) {
	bank, err := loadBankForFuzz()
	if err != nil {
		b.Fatal(err)
	}
	q, _ := bank.ByID("redis-lock-and-failure")
	text := strings.Repeat("To acquire, I run SET lock token NX PX 30000 so the key and its expiry are atomic; a paused holder past its TTL keeps writing, so the storage must reject stale fencing tokens. ", 40)[:quiz.MaxAnswerChars]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bank.Grade(q, quiz.Answer{Text: text})
	}
}
