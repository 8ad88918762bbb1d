package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestReaderFlagQuotesAClaimHeldDown: when the second reader raises its
// flag on an answer whose known mistake was kept from a pattern flag only
// by words elsewhere (a renewal by a bare PEXPIRE after a correct
// compare-and-extend in Lua), the flag quotes that mistake's sentence, and
// its note names the mistake (QA-37 F1 #4: it quoted the correct sentence
// before it).
func TestReaderFlagQuotesAClaimHeldDown(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("extend-lease")
	if !ok {
		t.Fatal("no extend-lease question")
	}
	answer := "You extend with a compare-and-extend Lua script that only sets the new TTL if the value is your token. We actually renew with EXPIRE lock 30 from a background goroutine every 10 seconds."
	claim := "We actually renew with EXPIRE lock 30 from a background goroutine every 10 seconds"
	r := b.Grade(q, quiz.Answer{Text: answer})
	if len(r.Flags) != 1 || r.Flags[0].ID != quiz.ReaderFlagID {
		t.Fatalf("flags %+v; the test needs the second reader's flag alone", r.Flags)
	}
	if got := answer[r.Flags[0].Span.Start:r.Flags[0].Span.End]; got != claim {
		t.Errorf("the reader's flag quotes %q, want the renewal %q", got, claim)
	}
	if notes := strings.Join(r.Notes, " "); !strings.Contains(notes, "Extends the lease with a bare EXPIRE") || !strings.Contains(notes, claim) {
		t.Errorf("the note does not name the mistake and quote its sentence: %s", notes)
	}
}
