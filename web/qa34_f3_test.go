package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestEndOnARoundTheCandidateEndedFitsEnd: the candidate ends a peer
// round, then the interviewer presses "End the round now". They are told
// the round was already over and that notes and scores can still be
// written, not "nothing more can be asked", which answers Ask or Next
// (QA-34 #3).
func TestEndOnARoundTheCandidateEndedFitsEnd(t *testing.T) {
	env := newPeerEnv(t)
	page, seq, _, _ := current(t, env.alice, env.roundURL)
	if r := answerTurn(t, env.alice, env.roundURL, page.Body.String(), seq, roundAnswers["fencing-token"]); r.Code != http.StatusSeeOther {
		t.Fatalf("the candidate's answer: status %d", r.Code)
	}
	interviewerPage := env.bob.get(env.peerURL).Body.String()
	if r := post(t, env.alice, env.roundURL, env.roundURL+"/finish", nil); r.Code != http.StatusSeeOther {
		t.Fatalf("the candidate's end: status %d", r.Code)
	}
	rec := env.bob.postForm(env.peerURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, interviewerPage)}, "notes": {"Good on fencing."}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("the interviewer's end after the candidate's: status %d", rec.Code)
	}
	_, notice := flashAfter(t, env.bob, rec)
	if strings.Contains(notice, "nothing more can be asked") {
		t.Fatalf("End is answered %q, which is about asking, not ending", notice)
	}
	if !strings.Contains(notice, "The candidate had already ended the round") || !strings.Contains(notice, "notes and scores can still be written") {
		t.Fatalf("End is answered %q, want that the candidate ended it and notes and scores can still be written", notice)
	}
}
