package quiz_test

import (
	"math"
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestQA47Claims: answers QA-47 (a helper using the app as a new learner)
// submitted, as written, that asserted a losing claim and raised no flag;
// mock round 2 gave "Hire" to two of them. Each now raises the flag that
// names its claim, and a rejection in the same words stays clean.
func TestQA47Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, answer, flag, rejection string
	}{
		// H1, H2: the TTL claim the guide calls the topic's central mistake
		{"choose-ttl", "It's a trade-off between how long a crashed holder blocks everyone and how often a slow holder loses its lease mid-job. I measure the critical section's duration in production, take the p99.9, and add a margin for pauses. For long jobs I renew with an ownership check and abort if renewal fails. I also shorten the TTL as much as I can, because a shorter TTL means less overlap between two holders. And the resource checks fencing tokens, since no TTL survives every pause.",
			"ttl-as-safety", "A shorter TTL does not mean less overlap between two holders: it makes a second holder likelier."},
		{"redlock-operations-q", "The five nodes are independent masters with no replicas or failover. A node that crashes either fsyncs every write or stays down longer than the longest TTL before rejoining, so it can't forget a lock it granted. Clocks are slewed, never stepped. After a failed acquisition the client releases on all five nodes and retries after a random delay. I'd also keep the TTL short, a few seconds, since a shorter TTL means less overlap between two holders. What it can't do: it gives no fencing token and can't stop a client paused past the validity time, so the resource still needs its own check.",
			"ttl-as-safety", "Keeping the TTL short is no safety rule: a shorter TTL doesn't mean less overlap between two holders."},
		// H1: a cursor that assumes ids commit in order
		{"outbox-pattern", "Write the event into an outbox table in the same transaction as the status update; a relay publishes unsent rows and marks them sent. The relay reads with WHERE id > last_published_id so it never misses a row, and since ids are assigned in commit order that cursor is safe. Consumers deduplicate by event id because delivery is at least once.",
			"sequence-commit-order", "A cursor on WHERE id > last is not safe, because ids are assigned when the insert runs, not in commit order: a lower id can commit later and be skipped."},
		// H2, M7: a random wait that settles who runs
		{"run-job-once", "A lock alone wouldn't make it run once: the holder can pause past its lease and another instance runs the same period. I'd have each instance insert a (job, period) row under a unique constraint before running, and only the one whose insert succeeds runs the job; the row is kept and marked done afterwards. On top of that each instance waits a random 0 to 30 second jitter before firing, so only one of them actually gets to the insert first and the others never start. The job should be idempotent since a crashed run may be retried.",
			"timing-as-coordination", "A random jitter only makes collisions rarer; two instances can still both fire, so the unique row decides."},
		{"run-job-once", "Each instance waits a random delay of 0-30 seconds before starting, so they won't collide.",
			"timing-as-coordination", "A random delay makes a collision less likely, but two instances can still start together."},
		// H3
		{"holder-id-guard", "The guard is actually a fine fence: only the owner can write, and once the claim is reclaimed by someone else their id is in the row, so the old owner's writes match nothing. If you're worried, shorten the reclaim interval to one minute so a stale owner is kicked out faster.",
			"owner-guard-is-fence", "The reviewer thinks the guard looks like a fine fence, but it is not: the same owner can claim twice."},
		{"two-holders", "Increase the TTL so it doesn't happen again.",
			"ttl-as-safety", "Raising the TTL won't stop it from happening again; fence the writes."},
		{"choose-ttl", "Make the TTL longer than any GC pause you will ever see, say a minute. Then the holder always finishes before expiry and two workers can't both hold the lock.",
			"ttl-as-safety", "No TTL is longer than any GC pause you will ever see: pauses are unbounded, so fence the writes."},
		{"session-suspended", "SUSPENDED means there is a connection problem with ZooKeeper. I would log it and wait to see if it reconnects, and if it becomes LOST I would stop.",
			"work-through-suspended", "Don't just log it and wait to see if it reconnects until LOST: by then the session may be gone, so stop work on SUSPENDED."},
		{"idempotency-keys", "Use a Redis lock per customer so only one payment runs at a time, and check whether a payment with the same amount was made recently.",
			"lock-instead-of-constraint", "A Redis lock per customer only stops two payments running at once; the retry comes after the first finished, so use an idempotency key."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: passed=%v flags %v, want failed by %s: %q", c.question, r.Passed, r.FlagIDs(), c.flag, c.answer)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
	// H3: "the old owner's writes match nothing" makes no case for the
	// same owner's two claims.
	q, _ := b.ByID("holder-id-guard")
	r := b.Grade(q, quiz.Answer{Text: "The guard is actually a fine fence: only the owner can write, and once the claim is reclaimed by someone else their id is in the row, so the old owner's writes match nothing."})
	if pointHit(t, r, "same-owner-twice") {
		t.Error("\"the old owner's writes match nothing\" was credited as a stale write that still matches")
	}
}

// TestQA47Misfire: QA-47 H4. A correct choose-ttl answer was failed with
// the fatal TTL flag on "time the protected section in production, take
// the slow tail, add headroom, and if the job can run long, keep the lease
// alive with a renewal": a protected section, and a job that runs long,
// are no claim that a long lease protects. It passes with no flag; a long
// lease said to protect still raises it.
func TestQA47Misfire(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	answer := "I see the expiry as the answer to 'how long am I willing to be stuck if the owner dies?'. Set it by the clock on the wall, not by hope: time the protected section in production, take the slow tail, add headroom, and if the job can run long, keep the lease alive with a renewal that verifies it is still mine and aborts otherwise. Too tight and healthy owners get evicted mid-task, handing the job to a twin; too loose and a dead owner freezes everyone out for ages. No number survives a forty-second stop-the-world pause, though, so the datastore must refuse stale writers using a monotonically increasing token."
	if r := b.Grade(q, quiz.Answer{Text: answer}); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
	if r := b.Grade(q, quiz.Answer{Text: "Use a long lease: a longer TTL protects the job from a second holder."}); !slices.Contains(r.FlagIDs(), "ttl-as-safety") {
		t.Errorf("a long lease said to protect raised %v, want ttl-as-safety", r.FlagIDs())
	}
}

// TestRoundPctNeverReachesAMarkMissed: QA-47 L13. A round at 79.8 % read
// "80 % · Hire ... Not a strong hire because the score is below 80 %". The
// whole percent shown never rounds up to a verdict's mark the score falls
// short of, and rounds as usual elsewhere.
func TestRoundPctNeverReachesAMarkMissed(t *testing.T) {
	mark := func(m float64) int { return int(math.Round(m * 100)) }
	for _, c := range []struct {
		score float64
		want  int
	}{
		{quiz.StrongHireMark - 0.002, mark(quiz.StrongHireMark) - 1},
		{quiz.HireMark - 0.004, mark(quiz.HireMark) - 1},
		{quiz.LeanNoMark - 0.001, mark(quiz.LeanNoMark) - 1},
		{quiz.StrongHireMark, mark(quiz.StrongHireMark)},
		{0.836, 84},
		{0.834, 83},
	} {
		if got := quiz.RoundPct(c.score); got != c.want {
			t.Errorf("RoundPct(%.3f) = %d, want %d", c.score, got, c.want)
		}
	}
}

// TestQA47Points: correct answers QA-47 wrote in plain words that were
// marked as missing a point they state (M5); each now earns it and passes.
func TestQA47Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, point, answer string }{
		// "Acquire with SET lock <random token> NX PX 30000, so there is no window where the key has no TTL, as there would be with SETNX followed by EXPIRE"
		{"redis-lock-and-failure", "set-nx-px", "Acquire with SET lock <random token> NX PX 30000, so there is no window where the key has no TTL, as there would be with SETNX followed by EXPIRE. Release with a Lua script that deletes only if the value is my token. It fails when the holder pauses past the TTL, or when a failover loses the unreplicated key; the resource must check fencing tokens."},
		// "WAIT blocks until one replica acks or the timeout passes"
		{"redis-wait-safe", "not-consensus", "My colleague's claim, \"WAIT 1 makes the lock replicated so a failover can't lose it\", is wrong. WAIT blocks until one replica acks or the timeout passes; it doesn't roll back on timeout, and the failover may promote a replica other than the one that acked. So the key can be lost and the lock granted twice. Use etcd or ZooKeeper, which commit through a quorum, and fence the resource."},
		// "give each claim a ticket that ticks up every time the job is grabbed ... make each write insist that the row still carries that exact ticket"
		{"holder-id-guard", "epoch-column", "The guard asks 'is it me?' when it should ask 'is it this particular go-around?'. Names get reused: the very same worker can hold the job, fall asleep past the ten-minute window, take it back, and then have a straggling update from its earlier stint sail through, because the name on the row still matches. Give each claim a ticket that ticks up every time the job is grabbed, hand the ticket back from the claiming statement, and make each write insist that the row still carries that exact ticket, bailing out when nothing was updated."},
		// "told to shed keys that carry a timer, it throws out precisely the lock keys"
		{"redis-early-expiry", "eviction", "A lone Redis can 'forget' a lock early in three ways. When it's short of RAM and told to shed keys that carry a timer, it throws out precisely the lock keys, so set it to refuse writes instead of shedding. When it reboots, it only recalls what it had flushed to disk, so either flush on every write or keep it offline until every outstanding lock would have timed out. And its notion of 'now' comes from the host clock: if the clock lurches forward, timers run out in an instant, so make time drift gradually instead of jumping."},
		// "LOST arrives late, after the servers have expired the session"
		{"session-suspended", "signals-late", "A common mistake is to keep working through SUSPENDED and only react to LOST. That's wrong: LOST arrives late, after the servers have expired the session and possibly handed the lock to the next waiter. On SUSPENDED I stop all work under the lock, and resume only on RECONNECTED after verifying I still hold it. The listener alone isn't enough because it can't stop a write already in progress or a paused thread, so the resource must check a fencing token such as the zxid."},
		// "Redlock doesn't change the picture: it depends on timing assumptions"
		{"redis-vs-consensus", "redlock-timing", "The question I ask first is what the lock is for. If it's only an efficiency lock, to avoid doing the same work twice, and an occasional duplicate is harmless, Redis is fine: it's fast, simple and probably already deployed. If it guards correctness, I'd use etcd or ZooKeeper. The difference that matters is how a grant survives failure: Redis replication is asynchronous, so the primary can acknowledge the SET and die before the replica has it, and the promoted replica hands the same lock to someone else. etcd and ZooKeeper only acknowledge once a majority of nodes has the write in their log, so a leader failover can't forget a granted lock. They also give a monotonically increasing number with each grant, the etcd revision of the lock key or the zxid of the znode, which is exactly what a fencing token needs, whereas Redis gives you only the random value you stored. What consensus doesn't fix is the client side: a holder that pauses for a minute in GC loses its session or lease and another client gets the lock, so in either case the storage must reject stale writes using the fencing token. Redlock doesn't change the picture: it depends on timing assumptions and still produces no fencing token."},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.answer})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s: passed=%v, %s hit=%v, missed %v", c.question, r.Passed, c.point, pointHit(t, r, c.point), r.Missed())
		}
	}
}

// TestQA47FlagNames: QA-47 M7. Losing claims flagged under the wrong name,
// so the explanation taught the wrong lesson and, twice, a fatal severity
// came from the mislabel: each now raises the flag that names it, and not
// the one it was taken for.
func TestQA47FlagNames(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, answer string
		want             []string
		not              string
	}{
		{"unfenceable-resource", "Send the fencing token in a custom header; the payment API will ignore requests with an older token. Also set a client timeout shorter than the lease, so the call always finishes inside the lease.",
			[]string{"unaware-resource-fenced", "timeout-bounds-call"}, "ttl-as-safety"},
		{"idempotency-keys", "For the charge we call the provider first and store the key after the provider confirms the charge, so we only record keys for real payments.",
			[]string{"key-stored-after-charge"}, "check-then-act-safe"},
		{"session-suspended", "SUSPENDED is temporary and Curator will reconnect, so keep working. ZooKeeper won't expire the session while the client is trying to reconnect, and if it does expire, the client gets LOST before anyone else can take the lock. So you only need to stop on LOST.",
			[]string{"server-waits-for-client", "session-expiry-notified-first", "work-through-suspended"}, "ttl-as-safety"},
	} {
		q, _ := b.ByID(c.question)
		got := b.Grade(q, quiz.Answer{Text: c.answer}).FlagIDs()
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%s: flags %v, want %s", c.question, got, w)
			}
		}
		if slices.Contains(got, c.not) {
			t.Errorf("%s: flags %v still include %s", c.question, got, c.not)
		}
	}
}

// TestQA47NoHedge: QA-47 L12. Two textbook answers passed "if you did not
// mean the sentence set aside below", for a sentence that states the rule
// ("You can extend a lease, but only in a way that never extends someone
// else's") or names the two-command acquire as what the one command
// avoids ("... as there would be with SETNX followed by EXPIRE"). They
// pass with no sentence set aside; the claims in plain words still flag.
func TestQA47NoHedge(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, answer, flag, claim string }{
		{"extend-lease", "You can extend a lease, but only in a way that never extends someone else's. The extension has to check ownership and reset the expiry atomically: in Redis that's a Lua script that compares the key's value with my random token and only then calls PEXPIRE; in etcd you keep the lease alive with KeepAlive on your own lease ID, and in ZooKeeper the session heartbeat does it. I'd renew early, at maybe a third or half of the TTL, so a single slow round trip doesn't lose it. If a renewal fails or finds the key gone, the lease is lost: the holder must stop at once, not finish its batch, because someone else may already hold the lock. The limit is that a heartbeat runs inside the same process: if that process freezes in a GC pause or the VM is suspended, no renewal is sent, the lease lapses and another client gets in, and when the first one wakes up it still thinks it holds the lock. So extension makes expiry under a slow but healthy holder rare; it doesn't make the lock safe. The protected resource still has to check a fencing token.", "extend-without-owner", "There's no way a renewal could extend someone else's lock, so a plain EXPIRE is fine."},
		{"redis-lock-and-failure", "To acquire, the client generates a random value, a UUID, and runs SET resource_lock <uuid> NX PX 30000. NX makes it succeed only if the key is absent and PX sets the expiry in the same command, so there's no window where the key exists without a TTL, as there would be with SETNX followed by EXPIRE. If the SET returns nil, someone else holds it and I back off and retry with jitter. To release, I run a short Lua script: if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end. The compare and delete have to be atomic; a GET followed by a DEL can delete a lock that expired and was re-acquired by someone else in between. Now the failures. First, the holder can stall longer than the TTL, from a GC pause, a VM migration or a slow network, and the key expires; another client acquires it, and when the first wakes up it carries on writing. The lock can't stop this; only a fencing token checked by the resource can. Second, Redis replicates asynchronously: the primary acknowledges the SET, crashes before the replica gets it, Sentinel promotes the replica, and a second client acquires the same lock. Third, a single node can lose the key early, through eviction under memory pressure, a restart without fsynced AOF, or a clock jump on the Redis host. And the random value is not a fencing token: it has no order. For correctness I'd either use fencing with a counter from a consensus store, or use etcd or ZooKeeper instead.", "two-commands", "Acquire with SETNX, then set the TTL with EXPIRE."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); !r.Passed || len(r.Flags) > 0 || len(r.SetAside) > 0 {
			t.Errorf("%s: passed=%v flags %v set aside %v, want a pass with nothing set aside", c.question, r.Passed, r.FlagIDs(), r.SetAside)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the plain claim %q raised %v, want %s", c.question, c.claim, r.FlagIDs(), c.flag)
		}
	}
}

// TestQA47LenientTicks: QA-47 L10. Ticks given for words that do not make
// the point: "the same instance can claim the job twice" for "the job body
// must still be idempotent", and "Redis expires keys by its own wall
// clock" for "keep locks on a dedicated instance". Neither ticks now; the
// points in their own words still do.
func TestQA47LenientTicks(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, answer string
		hit                     bool
	}{
		{"holder-id-guard", "idempotent-job", "The same instance can claim the job twice, so the owner guard is not a fence.", false},
		{"holder-id-guard", "idempotent-job", "Whatever the guard, the job can run twice, so its work must be idempotent.", true},
		{"redis-early-expiry", "separate-instance", "Redis expires keys by its own wall clock, so a forward jump expires them early.", false},
		{"redis-early-expiry", "separate-instance", "Keep the locks on their own Redis instance, apart from the cache, with noeviction.", true},
	} {
		q, _ := b.ByID(c.question)
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.answer}), c.point); got != c.hit {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.answer, c.point, got, c.hit)
		}
	}
}

// TestQA47SameIdeaSameCredit: QA-47 L11. The same idea was credited in one
// wording and not in another: renewal for long jobs ("For long jobs I renew
// with an ownership check and abort if renewal fails") and renewing early
// ("Renew early, and if the extension fails, stop work"). Both earn their
// point now.
func TestQA47SameIdeaSameCredit(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, point, answer string }{
		{"choose-ttl", "heartbeat", "Measure the critical section in production and take the p99.9 plus a margin for pauses. For long jobs I renew with an ownership check and abort if renewal fails. The resource checks fencing tokens, since no TTL survives every pause."},
		{"extend-lease", "before-expiry", "Yes, but a bare EXPIRE on a timer is the classic mistake: it extends whoever holds the key now, so if my lease already lapsed I'd keep someone else's lock alive and carry on as if it were mine. The extension must compare the stored value with my token and set the new expiry in one atomic Lua script. Renew early, and if the extension fails, stop work immediately instead of finishing the batch. And even a correct heartbeat cannot run while the process is paused, so fencing tokens at the resource are still required."},
		{"extend-lease", "before-expiry", "Someone on my team said \"we run a heartbeat thread that calls EXPIRE every 10 seconds, so the lock can never expire under us.\" Two problems with that. First, EXPIRE doesn't check who owns the key, so it can extend another client's lock; the extension has to be a compare-and-extend in a Lua script against my token. Second, a heartbeat thread is frozen along with the rest of the process during a GC pause, so the lease can still lapse. Renew early, stop immediately if the renewal fails, and have the resource check fencing tokens."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); !pointHit(t, r, c.point) {
			t.Errorf("%s: %q does not make %s", c.question, c.answer, c.point)
		}
	}
}
