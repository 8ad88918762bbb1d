package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFollowUpsQA49: QA-49's answer to "What stops the late write?" named
// the token by the counter it is ("The client sends its czxid with every
// write") and was told it missed "the client sends the token with every
// write". It makes that point now; an answer that never says the client
// sends anything still misses it.
func TestFollowUpsQA49(t *testing.T) {
	cat := mustCatalog(t)
	f, ok := cat.FollowUps.ByID("storage-protects-itself")
	if !ok {
		t.Fatal("no follow-up storage-protects-itself")
	}
	for _, c := range []struct {
		answer string
		hit    bool
	}{
		{"The lock service can't stop it, because from its point of view the lock was simply released; the protected resource has to. Use the lock node's creation zxid (czxid) as a fencing token: it only increases, so the next holder's node has a larger one. The client sends its czxid with every write, and the resource remembers the highest one it has accepted and rejects any write with a smaller one, comparing in the same atomic step as the write.", true},
		{"The resource remembers the highest czxid it has accepted and rejects any write with a smaller one, comparing in the same atomic step as the write.", false},
	} {
		r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer})
		hit := false
		for _, p := range r.Points {
			if p.ID == "sent-with-write" {
				hit = p.Hit
			}
		}
		if hit != c.hit {
			t.Errorf("sent-with-write hit = %v, want %v: %q", hit, c.hit, c.answer)
		}
	}
}
