package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFollowUpClockStepQA47: in mock round 2 of QA-47, the follow-up on a
// stepped clock was answered "Redis computes expiry from its own wall
// clock, so a forward jump ... instantly expires every lock key ..., and
// other clients can acquire locks that are still in use", and both points
// it states were marked missed (M5). They are made now; the slewing point
// it also makes stays made, and a clock said to be irrelevant earns none.
func TestFollowUpClockStepQA47(t *testing.T) {
	cat := mustCatalog(t)
	f, ok := cat.FollowUps.ByID("redis-clock-step-expiry")
	if !ok {
		t.Fatal("no follow-up redis-clock-step-expiry")
	}
	r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: "Redis computes expiry from its own wall clock, so a forward jump of a few minutes instantly expires every lock key whose TTL ends inside that jump, and other clients can acquire locks that are still in use. I'd run chrony or ntpd in slew mode so the clock is corrected gradually and never stepped while Redis is serving, and alert on clock offset."})
	for _, p := range []string{"absolute-deadline", "early-expiry", "slew"} {
		if !pointMade(t, r, p) {
			t.Errorf("the answer does not make %s", p)
		}
	}
	if !r.Passed {
		t.Errorf("the answer fails (%.2f)", r.Score)
	}
	r = cat.Questions.Grade(f.Probe, quiz.Answer{Text: "Nothing happens: Redis keys keep their TTL whatever the clock does."})
	if pointMade(t, r, "early-expiry") || pointMade(t, r, "absolute-deadline") {
		t.Error("an answer that says nothing happens made an early-expiry point")
	}
}
