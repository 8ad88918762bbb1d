package content_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFollowUpAnswerIsNotJudgedForTheLease: a follow-up's answer is the
// second half of a conversation. QA-44 answered "The Redis primary dies
// right after granting your lock" correctly, in words that name SET NX but
// not the expiry its main answer had already explained, and drew the fatal
// "mutex with no word of the lease", which turned a Strong hire round into
// No hire. The same words as a main answer are still judged for it.
func TestFollowUpAnswerIsNotJudgedForTheLease(t *testing.T) {
	cat := mustCatalog(t)
	answer := "The promoted replica never received the key, so as far as the new primary is concerned the lock is free. The next client that sends SET NX gets OK, and now two clients hold the same lock: the original holder, which still believes it owns it, and the new one. That happens because Redis replication is asynchronous: the primary acknowledges the SET before any replica has it. WAIT or persistence doesn't fully close that gap, so for a correctness lock you either use a consensus store like etcd or ZooKeeper, or you rely on the resource checking a fencing token."
	f, ok := cat.FollowUps.ByID("failover-replica")
	if !ok {
		t.Fatal("no follow-up failover-replica")
	}
	r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: answer})
	if slices.Contains(r.FlagIDs(), "mutex-no-lease") || !r.Passed {
		t.Errorf("follow-up answer: passed=%v flags %v, want a pass without mutex-no-lease", r.Passed, r.FlagIDs())
	}
	q, _ := cat.Questions.ByID("redis-lock-and-failure")
	if r := cat.Questions.Grade(q, quiz.Answer{Text: "I'd use SETNX on a key like job-lock; whoever sets it first owns the lock and deletes it with DEL when done. " + answer}); !slices.Contains(r.FlagIDs(), "mutex-no-lease") {
		t.Errorf("main answer: flags %v, want mutex-no-lease", r.FlagIDs())
	}
}

// TestFollowUpPointsInQAWords (QA-44 M6): two follow-up answers that made
// their points in plain words earned half of them, while the same content
// in other words scored 4 of 4 in another round.
func TestFollowUpPointsInQAWords(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct{ followUp, answer string }{
		{"lock-delay-limits", "A 15 second lock-delay stops the stale writes of a holder that was paused, or whose request was delayed, for less than about 15 seconds after its lease ended: those land before anyone else can hold the lock. It does nothing for a pause or a delayed packet longer than that, so it's still a timing assumption. For the rest I'd make the payment call idempotent, with a key derived from the order id."},
		{"idempotency-same-payment", "It can't tell from the amount, so my first idea was wrong: a customer can legitimately buy two things for 20 euros. The client has to say so. The app generates an idempotency key, a UUID, once when the user taps Pay, and sends the same key on every retry of that payment."},
	} {
		f, ok := cat.FollowUps.ByID(c.followUp)
		if !ok {
			t.Fatalf("no follow-up %s", c.followUp)
		}
		r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer})
		var missed []string
		for _, p := range r.Points {
			if !p.Hit && (c.followUp == "lock-delay-limits" || p.ID == "ambiguous" || p.ID == "client-generates") {
				missed = append(missed, p.ID)
			}
		}
		if len(missed) > 0 || !r.Passed {
			t.Errorf("%s: passed=%v, missed %v", c.followUp, r.Passed, missed)
		}
	}
	f, _ := cat.FollowUps.ByID("idempotency-same-payment")
	if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: "The server can tell a retry from the amount: if the same customer pays the same amount within a minute, it is a retry."}); pointMade(t, r, "ambiguous") {
		t.Error("telling a retry by its amount earned the point that the body cannot tell them apart")
	}
}
