package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// qa51Answers are answers QA-51 (a new learner, over HTTP only, on the
// first g51 build) wrote and judged before grading: #010 is correct and drew
// a red flag; #042, #068 and #069 bury one losing claim in a strong
// answer and passed clean (#069 was even credited with the opposite point).
var qa51Answers = []struct {
	n, question, flag, text string
}{
	{"010", "choose-ttl", "", "My thinking, as a chain:\njob duration p99.9 (measured, not guessed) -> add margin for GC/network hiccups -> that's the floor for the TTL.\ncrash of the holder -> others wait up to the TTL -> so the TTL is also the worst-case stall after a crash; that's the ceiling the business can tolerate.\nThose two pull against each other: long TTL = safe-ish but slow recovery; short TTL = fast recovery but more chance the lease lapses while the holder is still working.\nNo value makes a pause impossible, so the TTL only trades liveness for probability; correctness has to come from a fencing token the resource checks, or an idempotent write.\nIf jobs are long, keep the TTL modest and renew it with a heartbeat that checks ownership, and make the job stop if a renewal fails."},
	{"042", "deadlock-ordering", "lock-order-by-role", "Two transfers in opposite directions can deadlock: one holds account 1 and waits for 2, the other holds 2 and waits for 1. To avoid it, always acquire in a fixed order - we always lock the source account first and then the destination, so every transfer follows the same order and a cycle can't happen. I'd also put a timeout on the acquire and retry with jitter, and do the actual balance changes in one database transaction so a crash doesn't leave half a transfer."},
	{"068", "redis-vs-consensus", "single-threaded-lock", "The difference is how the grant is replicated. ZooKeeper and etcd commit every write on a majority through Zab or Raft, so a granted lock survives losing a node, and they hand out a zxid or revision that only increases, which the resource can check as a fencing token. Redis replicates asynchronously, so a failover can lose the key and grant the lock twice; still, Redis being single-threaded makes the lock itself correct, so on a single node without failover it is as good as etcd. For efficiency-only locks Redis is cheaper and fine; and even with etcd a paused holder can outlive its lease, so fencing stays necessary."},
	{"069", "extend-lease", "work-after-lost-lease", "Yes, with care:\n- Extend only through a compare-and-extend: a Lua script that checks my token is still the value and then sets PEXPIRE, or an etcd lease KeepAlive.\n- Renew at about a third of the TTL so there's slack for a slow round trip.\n- Cap the total extension time so a hung worker can't keep the lock forever.\n- If a renewal fails, finish the batch you're in the middle of so the data stays consistent, then stop and release.\n- Remember the heartbeat shares the process with the worker: a stop-the-world pause freezes both, the lease expires anyway, so the resource must still check a fencing token."},
}

// TestQA51Answers: the correct answer passes clean; each buried claim
// fails on the flag that names it.
func TestQA51Answers(t *testing.T) {
	b := loadBank(t)
	for _, c := range qa51Answers {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if c.flag == "" {
			if !r.Passed || len(r.Flags) > 0 {
				t.Errorf("#%s %s: passed=%v at %.2f, flags %v; want a clean pass", c.n, c.question, r.Passed, r.Score, r.FlagIDs())
			}
			continue
		}
		if r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("#%s %s: passed=%v at %.2f, flags %v; want a fail on %s", c.n, c.question, r.Passed, r.Score, r.FlagIDs(), c.flag)
		}
	}
}

// TestQA51Rejections: the same mistakes named to reject them stay clean.
func TestQA51Rejections(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, flag, text string }{
		{"deadlock-ordering", "lock-order-by-role", "Locking source first, then destination, is exactly the bug: A-to-B and B-to-A take the locks in opposite orders. Sort the two ids and lock the lower one first."},
		{"redis-vs-consensus", "single-threaded-lock", "Redis being single-threaded does not make the lock correct: a failover or a paused client still gives two holders."},
		{"extend-lease", "work-after-lost-lease", "If a renewal fails, do not finish the batch: stop at once, because another worker may already hold the lock."},
		{"choose-ttl", "ttl-as-safety", "If jobs are long, keep the TTL modest and renew it with a heartbeat that checks ownership, and make the job stop if a renewal fails; correctness still comes from a fencing token."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %s", c.question, c.text, c.flag)
		}
	}
}
