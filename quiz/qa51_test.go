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
var qa51Answers = []qaAnswer{
	{"010", "choose-ttl", "", "My thinking, as a chain:\njob duration p99.9 (measured, not guessed) -> add margin for GC/network hiccups -> that's the floor for the TTL.\ncrash of the holder -> others wait up to the TTL -> so the TTL is also the worst-case stall after a crash; that's the ceiling the business can tolerate.\nThose two pull against each other: long TTL = safe-ish but slow recovery; short TTL = fast recovery but more chance the lease lapses while the holder is still working.\nNo value makes a pause impossible, so the TTL only trades liveness for probability; correctness has to come from a fencing token the resource checks, or an idempotent write.\nIf jobs are long, keep the TTL modest and renew it with a heartbeat that checks ownership, and make the job stop if a renewal fails."},
	{"042", "deadlock-ordering", "lock-order-by-role", "Two transfers in opposite directions can deadlock: one holds account 1 and waits for 2, the other holds 2 and waits for 1. To avoid it, always acquire in a fixed order - we always lock the source account first and then the destination, so every transfer follows the same order and a cycle can't happen. I'd also put a timeout on the acquire and retry with jitter, and do the actual balance changes in one database transaction so a crash doesn't leave half a transfer."},
	{"068", "redis-vs-consensus", "single-threaded-lock", "The difference is how the grant is replicated. ZooKeeper and etcd commit every write on a majority through Zab or Raft, so a granted lock survives losing a node, and they hand out a zxid or revision that only increases, which the resource can check as a fencing token. Redis replicates asynchronously, so a failover can lose the key and grant the lock twice; still, Redis being single-threaded makes the lock itself correct, so on a single node without failover it is as good as etcd. For efficiency-only locks Redis is cheaper and fine; and even with etcd a paused holder can outlive its lease, so fencing stays necessary."},
	{"069", "extend-lease", "work-after-lost-lease", "Yes, with care:\n- Extend only through a compare-and-extend: a Lua script that checks my token is still the value and then sets PEXPIRE, or an etcd lease KeepAlive.\n- Renew at about a third of the TTL so there's slack for a slow round trip.\n- Cap the total extension time so a hung worker can't keep the lock forever.\n- If a renewal fails, finish the batch you're in the middle of so the data stays consistent, then stop and release.\n- Remember the heartbeat shares the process with the worker: a stop-the-world pause freezes both, the lease expires anyway, so the resource must still check a fencing token."},
}

// qaAnswer is an answer a QA helper wrote and judged before it was graded:
// flag names the losing claim it makes, "" for a correct answer.
type qaAnswer struct{ n, question, flag, text string }

// checkQAAnswers grades answers: a correct one must pass with no flag, one
// that makes a losing claim must fail on the flag that names it.
func checkQAAnswers(t *testing.T, answers []qaAnswer) {
	t.Helper()
	b := loadBank(t)
	for _, c := range answers {
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

// TestQA51Answers: the correct answer passes clean; each buried claim
// fails on the flag that names it.
func TestQA51Answers(t *testing.T) { checkQAAnswers(t, qa51Answers) }

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

// TestQA51RightMistake: four QA-51 answers failed, rightly, but also on
// a flag naming a mistake they did not make (fatal for #051 and #066,
// which turned "not yet a pass" into "would lose the round"; #018's was a
// diagnosis, "most likely ... the second one legitimately acquired it",
// read as trusting a lock still held); #084 was also
// credited with the lock-key transaction for a compare on the data key.
// Each now fails on the flag that names its mistake, and on that alone.
func TestQA51RightMistake(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ n, question, flag, wrong, text string }{
		{"018", "two-holders", "ttl-as-safety", "work-after-lost-lease", "I'd collect logs from both workers and from Redis around the incident, and look at GC logs and CPU metrics to see whether one worker was paused. Most likely the first worker stalled past the TTL and the key expired, so the second one legitimately acquired it. I'd also check for a Redis failover in that window. The fix is to raise the TTL well above the longest pause we saw, which stops two workers from holding it at once, and to add an alert on long GC pauses."},
		{"051", "redis-early-expiry", "single-node-keeps-keys", "ttl-as-safety", "On a single node this is mostly a non-issue: Redis never evicts keys that have a TTL set, and RDB snapshots save the key with its expiry, so after a restart the lock is still there. The only thing I'd watch is clock changes on the Redis host, since expiry follows the server clock; run NTP in slew mode. So operationally: keep NTP sane and you're done."},
		{"066", "deadlock-ordering", "locks-make-atomic", "client-side-fencing", "The danger is deadlock: transfer 1->2 holds 1 and waits for 2 while 2->1 holds 2 and waits for 1. I'd always lock the lower account id first, whichever side it is, so there's a single global order. Once both locks are held, the debit and the credit are atomic, because no one else can touch either account, so we don't need a database transaction around them. Release both in reverse order."},
		{"084", "etcd-revision-guard", "data-revision-as-lock", "client-side-fencing", "The etcd mutex is a lease: if the leader freezes long enough, its session expires, the lock key is deleted and another instance becomes leader, but the old one can still wake up and call Put. etcd doesn't tie that Put to the session, so it's accepted.\nMy approach: before writing, the leader reads /config/routes and remembers its ModRevision; then it writes in a transaction that compares the ModRevision of /config/routes with the value it read. If nobody touched the key, the revision is unchanged, which proves I'm still the leader, and the Put goes through. I'd also watch session.Done() and stop the leader loop when it closes, knowing that signal can arrive late."},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed || !slices.Contains(r.FlagIDs(), c.flag) || slices.Contains(r.FlagIDs(), c.wrong) {
			t.Errorf("#%s %s: passed=%v flags %v; want a fail on %s and not %s", c.n, c.question, r.Passed, r.FlagIDs(), c.flag, c.wrong)
		}
		if c.n == "084" && pointHit(t, r, "txn-compare") {
			t.Errorf("#084: a transaction comparing the data key's ModRevision was credited with the lock key's transaction")
		}
	}
}

// TestQA51CapIsNoPausePoint: QA-51 #013 capped the total renewal time "so
// a stuck job can't hold the lock forever" while claiming a GC pause
// doesn't matter; the cap was ticked as "a paused process cannot renew
// either", the opposite of what the answer said. A cap is no such point;
// the point said outright is still ticked.
func TestQA51CapIsNoPausePoint(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("extend-lease")
	if r := b.Grade(q, quiz.Answer{Text: "Yes. I'd run a watchdog thread, like Redisson's, that renews the lease every TTL/3 while the job is running. The renewal is a Lua script that checks the value is still my token before resetting the expiry, so I never extend someone else's lock. Because the heartbeat runs on its own thread, a GC pause in the worker doesn't matter: the lease stays alive as long as the process exists. If a renewal fails, the job stops writing immediately. I'd also cap the total time so a stuck job can't hold the lock forever."}); pointHit(t, r, "pause-defeats") {
		t.Error("#013: the cap on a stuck job was ticked as the pause point")
	}
	if r := b.Grade(q, quiz.Answer{Text: "Renewal cannot save a paused process: a frozen worker can't renew either, so its lease runs out while it sleeps."}); !pointHit(t, r, "pause-defeats") {
		t.Error("the pause point said outright is no longer ticked")
	}
}
