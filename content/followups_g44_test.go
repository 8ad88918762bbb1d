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
