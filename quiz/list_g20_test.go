package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestInlineBulletsCutAListOfTerms: terms strung on one line with bullet
// glyphs ("•", "·") are a list, as they would be with commas: no points
// and the note that asks for sentences, even when one term holds a word
// that can be a verb ("stored response"; before g20 that list passed). Sentences joined by the same glyph
// are still read as sentences.
func TestInlineBulletsCutAListOfTerms(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("idempotency-keys")
	if !ok {
		t.Fatal("no idempotency-keys")
	}
	for _, list := range []string{
		"Idempotency key from the client • unique constraint on the key • stored response replayed on retry • same transaction as the charge • retention window",
		"Key header per request · UUID made by the client · unique index · cached reply · expiry window · audit",
	} {
		r := b.Grade(q, quiz.Answer{Text: list})
		if r.Passed || !r.List || !strings.Contains(strings.Join(r.Notes, " "), "write it as you would say it") {
			t.Errorf("%q: passed=%v list=%v notes %q, want a failing list with its note", list, r.Passed, r.List, r.Notes)
		}
	}
	prose := "The app makes one key per payment attempt and sends it on every retry • the server inserts that key under a unique constraint in the same transaction as the charge • a retry that finds the key gets the first response back instead of a second charge."
	if r := b.Grade(q, quiz.Answer{Text: prose}); !r.Passed || r.List {
		t.Errorf("sentences joined by bullets: passed=%v list=%v score %.2f, want a pass", r.Passed, r.List, r.Score)
	}
}
