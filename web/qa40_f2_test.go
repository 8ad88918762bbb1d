package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestFlagQuoteTakesTheClaimAfterAColon: an answer that announces a claim
// and states it after a colon ("Redlock fixes it: with five masters two
// clients can never hold the lock at once.") raises the fatal Redlock
// flag on the words before the colon; the feedback page quoted only
// those ("Redlock fixes it"), not the claim that loses the round (QA-40
// F2 #2). The quote now runs on past the colon; the flag and the verdict
// are the grader's, unchanged.
func TestFlagQuoteTakesTheClaimAfterAColon(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	const answer = "Redlock fixes it: with five masters two clients can never hold the lock at once."
	_, doc := cl.answerOK("redis-lock-and-failure", url.Values{"answer": {answer}})
	flag := doc.Find(`[data-testid=flag][data-flag=redlock-correctness]`)
	if flag.Length() != 1 || !strings.Contains(flag.Find(`.badge.bad`).Text(), "fatal") {
		t.Fatalf("the answer raised no fatal redlock-correctness flag")
	}
	const want = "Redlock fixes it: with five masters two clients can never hold the lock at once"
	if got := flag.Find(`q`).Text(); got != want {
		t.Fatalf("the flag quotes %q, want %q", got, want)
	}
	if got := doc.Find(`[data-testid=score-card] h2`).Text(); !strings.Contains(got, "lose the round") {
		t.Fatalf("verdict %q, want the answer to lose the round", got)
	}
}
