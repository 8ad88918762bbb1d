package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// qa51bAnswers are answers QA-51b (a new learner over HTTP on the second
// g51 build, aiming wrong claims at awkward places) wrote and judged before
// grading: #064 is a correct debugging story that drew plain-del for the
// events it read off the server; #072, #063, #035 and #013 each bury one
// losing claim (in the second half of a long sentence, after an if-clause,
// or a plain sentence) and passed clean (#072 after its wrong fatal flag
// was fixed).
var qa51bAnswers = []qaAnswer{
	{"064", "two-holders", "", "Here's how I debugged the one we had. Step one, reconstruct the timeline from Redis itself: we had keyspace notifications on, so we could see SET, DEL and expired events for the lock key in the server's order. What it showed: worker A set the key, 30 s later the key expired, worker B set it, and 4 s after that a DEL came from worker A's connection. So A's critical section had overrun the TTL, and its release was a plain DEL that removed B's lock, which let worker C in as well. Step two, confirm why A overran: its job latency graph showed a slow downstream call of 35 s. Fix: release with a compare-and-delete Lua script on the token, bound the downstream call well under the TTL, and put a fencing token on the writes so an overrunning holder gets rejected by the database."},
	{"072", "deadlock-ordering", "locks-make-atomic", "The classic failure is deadlock: transfer 1 goes from A to B and locks A, transfer 2 goes from B to A and locks B, and now each waits forever for the other's lock, or with leases, until one expires under a holder that may still be mid-transfer. I prevent it by always acquiring the two locks in a global order, the smaller account id first regardless of which is the source, and once both locks are held nobody else can touch either account, so the debit and the credit happen together as one unit and we can skip the database transaction. I'd also put a timeout on acquiring the second lock and release the first if it fails, with jittered retry."},
	{"063", "row-lock", "row-lock-survives-failover", "In effect yes, it coordinates all clients of that database, but only for data inside it. It lives exactly as long as the transaction, no TTL, and if the client dies the database aborts the transaction and the lock is released. Row locks are replicated along with the data, so after a failover the promoted replica still holds them and the in-flight transaction continues there. It can't protect side effects outside the database such as an email or an API call. Keep the transaction short."},
	{"035", "avoid-the-lock", "race-odds-dismissed", "I skip it when a constraint in the database can do the job: a unique index to stop duplicate signups, a conditional UPDATE with WHERE stock > 0 so inventory can't go negative. Those are atomic in the database and don't depend on leases. If traffic to an endpoint is low, say a few requests a minute, a plain SELECT followed by UPDATE is fine there too, since two requests will basically never land in the same millisecond. And for idempotent jobs I don't bother locking at all."},
	{"013", "fencing-token", "redlock-issues-token", "A fencing token is a monotonically increasing number that the lock service issues on each acquisition and that the holder includes in every request to the protected resource, and since Redlock's majority of five nodes already agrees on such a number you can take it straight from the Redlock acquire call. The storage keeps the highest token it has seen and rejects writes that carry a lower one. This defeats the classic failure where a holder is paused by GC past its lease, another client acquires the lock, and the first then writes with its stale token."},
}

func TestQA51bAnswers(t *testing.T) { checkQAAnswers(t, qa51bAnswers) }

// TestQA51bPremiseMakesNoPoint: #067's if-clause ("If the server's clock
// is stepped forward by NTP, Redis measures TTLs with a monotonic clock,
// so the key still lives for its full TTL") was ticked with the clock
// point its main clause denies, which let the round pass the question.
func TestQA51bPremiseMakesNoPoint(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-early-expiry")
	r := b.Grade(q, quiz.Answer{Text: "Three things come to mind on a single node. First, eviction: if maxmemory is set with an LRU or LFU policy, Redis may evict the lock key under memory pressure, so the lock instance runs with maxmemory-policy noeviction, ideally on its own instance. Second, a restart without persistence: with no AOF, or only an RDB snapshot taken before the lock was set, the key is gone after a restart, so either appendfsync always or keep the node out of service for longer than the longest TTL after it comes back. Third, somebody deletes it: an operator's FLUSHALL, or another client releasing with a plain DEL. If the server's clock is stepped forward by NTP, Redis measures TTLs with a monotonic clock, so the key still lives for its full TTL and clock jumps are not a concern. I'd monitor evicted_keys to catch the first one."})
	if pointHit(t, r, "clock-jump") || !slices.Contains(r.FlagIDs(), "clocks-irrelevant") {
		t.Errorf("#067: clock point %v, flags %v; want the claim flagged and its premise making no point", pointHit(t, r, "clock-jump"), r.FlagIDs())
	}
	r = b.Grade(q, quiz.Answer{Text: "If the server's clock is stepped forward by NTP, every lock key whose deadline now lies in the past expires at once, since Redis compares an absolute expiry time with its own clock."})
	if !pointHit(t, r, "clock-jump") {
		t.Error("an if-clause whose main clause makes the clock point no longer earns it")
	}
}
