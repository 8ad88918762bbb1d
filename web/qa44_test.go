package web_test

import (
	"net/url"
	"strings"
	"testing"
)

// TestFlagSaysItWasDemoted (QA-44 M4): a fatal flag counted as major said
// "⚑ major" beside its label, and the note that explains why stood far
// below it, so the learner read the severity as inconsistent; the flag now
// says on its own line that it is a fatal mistake counted as major here.
// Once contested it no longer says so.
func TestFlagSaysItWasDemoted(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("redis-lock-and-failure", url.Values{"answer": {demotedAnswer}})
	if got := doc.Find(`[data-testid=flag-demoted]`).Length(); got != 1 {
		t.Fatalf("%d flags say they were counted as major, want 1", got)
	}
	if txt := doc.Find(`[data-testid=flag-demoted]`).Text(); !strings.Contains(txt, "a fatal mistake, counted as major here") {
		t.Errorf("badge reads %q", txt)
	}
	after := contestFirstFlag(t, cl, doc)
	if after.Find(`[data-testid=flag-demoted]`).Length() != 0 {
		t.Error("a contested flag still says it was counted as major")
	}
}

// TestSameSentenceFlagsSayCountedOnce (QA-43, QA-44): two red flags on one
// sentence cost as one, and the second says so beside its label; the
// breakdown charges one flag, and the score adds up.
func TestSameSentenceFlagsSayCountedOnce(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	text := "I avoid the lock when the resource gives me compare-and-set: a version column, a conditional put in DynamoDB, a unique constraint. Also when the operation is idempotent, or when I can partition work so one consumer owns each key, like Kafka partitions. If I really need a lock, I use Redlock over five Redis nodes; with majority quorum it is safe on its own, so no fencing is needed there."
	_, doc := cl.answerOK("avoid-the-lock", url.Values{"answer": {text}})
	if got := doc.Find(`[data-testid=flag-counted-once]`).Length(); got != 1 {
		t.Fatalf("%d flags say they were counted once, want 1", got)
	}
	if !strings.Contains(doc.Text(), "Counted once: two red flags name the same sentence") {
		t.Error("no note says the sentence costs once")
	}
	if !strings.Contains(doc.Text(), "one fatal red flag") || strings.Contains(doc.Text(), "two fatal red flags") {
		t.Error("the breakdown does not charge the sentence as one flag")
	}
}
