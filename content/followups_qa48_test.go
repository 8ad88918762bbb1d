package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFollowUpsQA48: two follow-up answers of QA-48's mock rounds answered
// what was asked, in full, and failed at 50 % (H2b): "Does the quorum
// help?" for missing the breadth of the Redlock dispute, "What stops the
// late write?" for saying the store "turns away anything smaller, in the
// same atomic step as the write". Both pass now; an answer that only says
// the majority does not help, with no word of the token, still does not.
func TestFollowUpsQA48(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct {
		followUp, answer string
		pass             bool
	}{
		{"redlock-pause", "No. The majority only decides who gets the grant; once the keys expire on those nodes during my pause, another client can get its own majority and write. When I resume, I still believe I hold the lock and my write goes through. Redlock's random value isn't ordered, so the storage can't tell my write is stale. Only a check at the resource - a fencing token from a monotonic counter, or a conditional write - protects the data.", true},
		{"redlock-pause", "No, the keys expire during the pause and another client can win a majority.", false},
		{"storage-protects-itself", "Nothing on the client side can, because the client doesn't know it's stale. The store being written to has to do it. When a client gets the lock, it takes the creation zxid of its lock node - that number is larger for every later node in the ensemble - and sends it with every write. The store remembers the biggest one it has accepted and turns away anything smaller, in the same atomic step as the write. The next holder's node was created later, so its zxid is bigger, and once it has written, the stalled client's write bounces.", true},
	} {
		f, ok := cat.FollowUps.ByID(c.followUp)
		if !ok {
			t.Fatalf("no follow-up %s", c.followUp)
		}
		r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer})
		if r.Passed != c.pass {
			t.Errorf("%s: passed=%v (%.2f, missed %v), want %v: %q", c.followUp, r.Passed, r.Score, r.Missed(), c.pass, c.answer)
		}
	}
}
