package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestConciseTTLAnswerThatDeniesSafetyPasses: a two-sentence choose-ttl
// answer that gives the trade-off both ways and says the TTL cannot
// guarantee safety (QA-34 saw it score 1.5 %) makes both core points and
// passes; the same words turned into the claim that the TTL does give
// safety make no such point and fail.
func TestConciseTTLAnswerThatDeniesSafetyPasses(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("choose-ttl")
	if !ok {
		t.Fatal("no question choose-ttl")
	}
	hit := func(r quiz.Result, id string) bool {
		for _, p := range r.Points {
			if p.ID == id {
				return p.Hit
			}
		}
		t.Fatalf("no point %s", id)
		return false
	}
	for _, text := range []string{
		"Too long delays failover after a crash; too short expires under a live holder. TTL can't guarantee safety, so fence writes with a token the storage checks.",
		"Too short and a slow holder loses it mid-work, too long and a crashed one blocks everyone. No lease gives you mutual exclusion by itself, so the resource has to check a fencing token.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if !hit(r, "no-safe-value") || !r.Passed {
			t.Errorf("%q: no-safe-value %v, passed %v at %.2f; want the point and a pass", text, hit(r, "no-safe-value"), r.Passed, r.Score)
		}
	}
	for _, text := range []string{
		"Too long delays failover after a crash; too short expires under a live holder. The TTL guarantees safety as long as it is above the pause.",
		"Too long delays failover; too short expires under a live holder. A long enough TTL ensures mutual exclusion.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if hit(r, "no-safe-value") || r.Passed {
			t.Errorf("%q: no-safe-value %v, passed %v at %.2f; want neither", text, hit(r, "no-safe-value"), r.Passed, r.Score)
		}
	}
}
