package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestTersePointsQA45M4: terse lines that make a point were marked as
// missing it (QA-45 M4): the random value written in the acquire itself
// ("SET k <uuid> NX PX 30000") or compared on release ("GET==uuid ->
// DEL"), and renewal at a third of the TTL ("renew at ~ttl/3"). Each now
// earns its point; a fixed value and a renewal at the last second do not.
func TestTersePointsQA45M4(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, answer string
		hit                     bool
	}{
		{"redis-lock-and-failure", "unique-value", "Acquire with SET k <uuid> NX PX 30000 so only one client gets it. Release: GET==uuid -> DEL, done atomically in a Lua script.", true},
		{"redis-lock-and-failure", "unique-value", "Acquire with SET k 1 NX PX 30000 so only one client gets it. Release: GET then DEL, done atomically in a Lua script.", false},
		{"extend-lease", "before-expiry", "Yes: a background thread renews at ~ttl/3, not at the last second, with a script that checks the value is still ours.", true},
		{"extend-lease", "before-expiry", "Yes: a background thread renews at the last second, with a script that checks the value is still ours.", false},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.answer})
		if got := pointHit(t, r, c.point); got != c.hit {
			t.Errorf("%s: %q made %s = %v, want %v", c.question, c.answer, c.point, got, c.hit)
		}
	}
}
