package web

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestPointQuoteWidensAFewWords: a point's quote of one or two words
// ("fencing", "write carrying", "version") showed the learner nothing of
// what they said (QA-38); it now takes in the words around it, within
// its sentence and clause. A quote of three words or more is kept as it
// was.
func TestPointQuoteWidensAFewWords(t *testing.T) {
	span := func(text, words string) []quiz.Span {
		i := strings.Index(text, words)
		return []quiz.Span{{Start: i, End: i + len(words)}}
	}
	for _, c := range []struct{ text, match, sentence string }{
		{"The token travels with the request. Every write carrying an older token is refused by the storage. That's it.", "write carrying", "Every write carrying an older token is refused by the storage"},
		{"Redlock gives you no fencing, so it is not safe for correctness.", "fencing", "Redlock gives you no fencing, so it is not safe for correctness"},
		{"Each row keeps a version; the update checks it.", "version", "Each row keeps a version"},
	} {
		got := PointQuote(c.text, span(c.text, c.match))
		if !strings.Contains(got, c.match) || len(strings.Fields(got)) < 4 || !strings.Contains(c.sentence, got) {
			t.Errorf("PointQuote(%q at %q) = %q, want four words or more of %q around the match", c.text, c.match, got, c.sentence)
		}
	}
	if got := PointQuote("Each row keeps a version; the update checks it.", span("Each row keeps a version; the update checks it.", "version")); got != "Each row keeps a version" {
		t.Errorf("quote crossed the clause's semicolon: %q", got)
	}
	text := "The storage rejects writes with an older token."
	if got := PointQuote(text, span(text, "storage rejects writes")); got != "storage rejects writes" {
		t.Errorf("a quote of three words changed: %q", got)
	}
}
