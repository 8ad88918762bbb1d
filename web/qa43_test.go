package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// demotedAnswer is QA-43's correct answer to redis-lock-and-failure with
// one wrong sentence in the middle, whose fatal flag the second reader
// counts as major (the answer reads clean around it).
const demotedAnswer = "To take the lock the client runs SET on the key with a random value it generated for this attempt, plus NX and PX 30000, in one command so the key can never exist without an expiry. To give it back, the client runs a small Lua script that deletes the key only if the stored value still equals its own random value, so the comparison and the delete happen atomically. It fails in a few ways. A holder that is paused by GC or a VM stall past the TTL keeps going after its lease has lapsed while another client holds the lock. Failover is not a concern, because Redis replicates the key to the replicas before it acknowledges the SET. For correctness, the resource should check a fencing token and reject the older holder's writes."

// TestDemotionNoteGoesWithItsFlag (QA-43): the note that a fatal flag
// counted as major tells the learner to contest the flag if they did not
// mean the sentence; once they have contested it, the feedback page no
// longer shows that note, while the corrected verdict says what changed.
func TestDemotionNoteGoesWithItsFlag(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("redis-lock-and-failure", url.Values{"answer": {demotedAnswer}})
	if !strings.Contains(doc.Text(), "Counted as major, not fatal") {
		t.Fatal("the answer was meant to draw a fatal flag counted as major (else this test shows nothing)")
	}
	after := contestFirstFlag(t, cl, doc)
	if strings.Contains(after.Text(), "Counted as major, not fatal") {
		t.Error("the demotion note, which asks to contest the flag, is still shown after the flag was contested")
	}
	if !strings.Contains(after.Text(), "Corrected") {
		t.Error("the page does not say the verdict was corrected")
	}
}
