package web_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
)

// TestAnswerZeroWidthCharactersStripped: an answer pasted with zero-width
// spaces inside its words (QA-48 M5: "to\u200bken" failed a strong answer
// at 20 %) is stored and graded as the learner sees it.
func TestAnswerZeroWidthCharactersStripped(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	clean := "A fencing token is a number the lock service hands out with every grant, and it only goes up. The client sends it with every write and the storage rejects any write carrying a lower token than the highest it has seen, so a holder that paused in GC past its lease cannot overwrite the new holder."
	dirty := strings.ReplaceAll(strings.ReplaceAll(clean, "token", "to\u200bken"), "lease", "lea\u2060se")
	loc, _ := cl.answerOK("fencing-token", url.Values{"answer": {dirty}})
	at, err := st.Attempt(context.Background(), learnerOf(t, cl), strings.TrimPrefix(loc, "/practice/fencing-token/attempts/"))
	if err != nil {
		t.Fatal(err)
	}
	if at.Answer.Text != clean || !at.Result.Passed {
		t.Fatalf("stored %q (passed=%v), want the answer without its invisible characters, passing", at.Answer.Text, at.Result.Passed)
	}
}
