package web

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestQuotesShowTheClause: a point's or a flag's quote was the stretch of
// matched words, which often was not what the learner said ("fencing",
// "write carrying", "VM migration, page faults) longer", "guarantees, use
// Redlock": QA-38, QA-39). It is now the clause that holds the match, up
// to the end of a sentence or a semicolon or colon, within maxQuote.
func TestQuotesShowTheClause(t *testing.T) {
	span := func(text, words string) []quiz.Span {
		i := strings.Index(text, words)
		return []quiz.Span{{Start: i, End: i + len(words)}}
	}
	for _, c := range []struct{ text, match, want string }{
		{"The token travels with the request. Every write carrying an older token is refused by the storage. That's it.", "write carrying", "Every write carrying an older token is refused by the storage"},
		{"Redlock gives you no fencing, so it is not safe for correctness.", "fencing", "Redlock gives you no fencing, so it is not safe for correctness"},
		{"Each row keeps a version; the update checks it.", "version", "Each row keeps a version"},
		{"First, the holder can pause (GC, VM migration, page faults) longer than the TTL; then a second client acquires.", "VM migration, page faults) longer", "First, the holder can pause (GC, VM migration, page faults) longer than the TTL"},
		// marks inside a word end nothing: a percentile, a key name, an
		// SQL placeholder
		{"I size it from the p99.9 of the job plus pauses. Done.", "plus pauses", "I size it from the p99.9 of the job plus pauses"},
		{"Claim it with UPDATE jobs SET owner = ? WHERE id = ? AND owner IS NULL. Then write.", "owner IS NULL", "Claim it with UPDATE jobs SET owner = ? WHERE id = ? AND owner IS NULL"},
		{"We take lock:job with SET NX PX. Later we renew.", "SET NX PX", "We take lock:job with SET NX PX"},
		// a colon announces what follows: a match before it is quoted
		// with the claim after it, one after it without the announcement
		// (QA-40 F2 #2)
		{"Redlock fixes it: with five masters two clients can never hold the lock at once. Then write.", "Redlock fixes", "Redlock fixes it: with five masters two clients can never hold the lock at once"},
		{"The usual trap: Redlock is safe for correctness. It is not.", "Redlock is safe", "Redlock is safe for correctness"},
	} {
		if got := PointQuote(c.text, span(c.text, c.match)); got != c.want {
			t.Errorf("PointQuote(%q at %q) = %q, want %q", c.text, c.match, got, c.want)
		}
		if got := FlagQuote(c.text, span(c.text, c.match)[0]); got != c.want {
			t.Errorf("FlagQuote(%q at %q) = %q, want %q", c.text, c.match, got, c.want)
		}
	}
	// A clause longer than maxQuote is cut around the match, on both
	// sides, never past it.
	long := "Because " + strings.Repeat("the lease holder keeps on working ", 8) + "while the key expires " + strings.Repeat("and another client takes the lock over ", 8) + "end."
	got := PointQuote(long, span(long, "the key expires"))
	if !strings.Contains(got, "the key expires") || len(strings.Trim(got, "…")) > maxQuote || strings.HasPrefix(got, "Because") {
		t.Errorf("long clause quoted as %q (%d bytes)", got, len(got))
	}
}
