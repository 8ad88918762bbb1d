package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// QA-51 H3: a coached round's main answer missed the clock core point;
// asked about a stepped clock, the candidate said clock jumps change
// nothing (two red flags), and the next follow-up made a breadth point.
// With that breadth point the main answer met the lenience for one missed
// core point, and the scorecard passed the question.
const (
	qa51Main = "We once lost a lock on a box that never failed over. The culprit was memory: the lock lived on the same Redis as our cache, maxmemory was hit, and the volatile-lru policy happily evicted keys with a TTL - and a lock key always has a TTL. So: locks go on their own Redis instance with maxmemory-policy noeviction, and we alert on memory.\n\nThe other way a single node loses it is a restart: anything written after the last RDB snapshot, or the last AOF fsync with everysec, is gone when it comes back. Either run appendfsync always, or keep a restarted node out of service for longer than the longest lock TTL."
	// the follow-up redis-clock-jump's question, and the answer given
	qa51ClockAsked = "The host that runs your lock Redis has fallen a few minutes behind, and one night NTP corrects it in a single jump forward. There is no failover, no restart and plenty of memory. What happens to the lock keys at that moment, and how would you run the host to avoid it?"
	qa51ClockWrong = "Nothing dramatic happens to the locks. Redis tracks each key's TTL as a countdown on a monotonic clock, so a jump of the wall clock doesn't change how long the key has left; the keys expire on schedule. I'd still run NTP in slewing mode on that host, because stepping the clock confuses logs and other software."
	qa51ClockRight = "Every lock key whose deadline now lies in the past expires at once: Redis compares an absolute expiry time with the server's clock, so a forward step expires locks early. I'd run NTP slewing only, never stepping."
	qa51LateAsked  = "Suppose a client's lease runs out while it is stalled, and it sends its write much later, still believing it holds the lock. What stops that late write from overwriting the next holder's work, and which part of the system does the stopping?"
	qa51LateRight  = "Nothing in the client can stop it, since the client doesn't know it's stale. The resource has to: each grant comes with a fencing token that only increases, the client sends it with the write, and the storage keeps the highest token it has accepted and rejects the write with the older one, in the same atomic step as the write."
)

// TestRecoverProbedCoreLosesLenience: a core point a follow-up asked about
// and its answer got wrong is a gap shown; the main question no longer
// passes on the lenience for one missed core point. Asked and answered
// right, the lenience holds as before.
func TestRecoverProbedCoreLosesLenience(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("redis-early-expiry")
	if !ok {
		t.Fatal("no redis-early-expiry question")
	}
	main := b.Grade(q, quiz.Answer{Text: qa51Main})
	if pointHit(t, main, "clock-jump") || main.Passed {
		t.Fatalf("the main answer already makes the clock point or passes (%.2f); the test needs it missed", main.Score)
	}
	late := quiz.FollowUpAnswer{Asked: qa51LateAsked, Text: qa51LateRight}
	got, _ := quiz.Recover(b, q, main, []quiz.FollowUpAnswer{{Asked: qa51ClockAsked, Text: qa51ClockWrong}, late})
	if got.Passed || pointHit(t, got, "clock-jump") {
		t.Errorf("asked about the clock and answered with a losing claim: passed %v at %.2f, clock point %v; want the question held below the pass mark", got.Passed, got.Score, pointHit(t, got, "clock-jump"))
	}
	if !hasNote(got, "Asked about in a follow-up, whose answer made a losing claim") {
		t.Errorf("no note says the lenience was withdrawn: %q", got.Notes)
	}
	if !pointHit(t, got, "resource-check") {
		t.Error("the clean second follow-up no longer recovers its breadth point")
	}
	got, _ = quiz.Recover(b, q, main, []quiz.FollowUpAnswer{{Asked: qa51ClockAsked, Text: qa51ClockRight}, late})
	if !got.Passed {
		t.Errorf("asked about the clock and answered right: failed at %.2f (notes %q); the lenience should hold", got.Score, got.Notes)
	}
}

// TestRecoverNothingFromAFlaggedFollowUp: a follow-up answer that raises
// a red flag against the main question recovers no point, though its
// words match one ("stepping the clock confuses logs"); a clean one does.
func TestRecoverNothingFromAFlaggedFollowUp(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-early-expiry")
	main := b.Grade(q, quiz.Answer{Text: qa51Main})
	got, _ := quiz.Recover(b, q, main, []quiz.FollowUpAnswer{{Text: qa51ClockWrong}})
	if pointHit(t, got, "clock-jump") {
		t.Error("a follow-up saying clock jumps change nothing recovered the clock point")
	}
	if !hasNote(got, "Not recovered in the follow-up, because its answer made a losing claim") {
		t.Errorf("no note says why the point was not recovered: %q", got.Notes)
	}
	got, changed := quiz.Recover(b, q, main, []quiz.FollowUpAnswer{{Text: qa51ClockRight}})
	if !changed || !pointHit(t, got, "clock-jump") {
		t.Errorf("a clean follow-up that makes the clock point: changed %v, clock point %v; want it recovered", changed, pointHit(t, got, "clock-jump"))
	}
}
