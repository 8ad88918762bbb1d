package quiz_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// g41: the validation writers EY, EZ and FA (g40's fresh holdout, read
// while g41 was tuned). Their four passing answers that drew a red flag,
// and the losing claims no flag caught, each with the sentences beside
// it that must keep their reading. Every case is graded as a whole
// answer (checkG40).

// TestFixG41MisfiresOfTheValidationWriters: the four flagged passing
// answers of EY and EZ, whole, raise nothing; the claims they mention
// still do when asserted.
func TestFixG41MisfiresOfTheValidationWriters(t *testing.T) {
	checkG40(t, []g40Case{
		// EY: the server's compare in the transaction is what writes
		// nothing for a deposed leader, not the lease's expiry
		{"etcd-revision-guard", "Don't write `/config/routes` with plain Put. Write it in etcd transaction: `Txn(ctx).If(mutex.IsOwner()).Then(Put(\"/config/routes\", v))` — `IsOwner()` is compare `CreateRevision(mutex.Key()) == mutex.Header().Revision`. Server checks this atomically with the write, so a deposed leader whose lock key was deleted after its lease expired gets `Succeeded == false` and nothing is written.", "ttl-as-safety", false},
		{"etcd-revision-guard", "After the lease expired nothing is written by the old leader, so we need no other guard.", "ttl-as-safety", true},
		// EY: "Not allowed:" refuses what follows it
		{"redlock-operations-q", "Five independent masters, SET NX PX with a random value, a majority of three. Not allowed: instant restart of crashed node without fsync always — it rejoins empty and can give the same lock to a second client.", "redlock-replicas-or-no-persistence", false},
		{"redlock-operations-q", "Five independent masters, SET NX PX with a random value, a majority of three. A crashed node can restart at once without fsync; it rejoins empty and that is fine.", "redlock-replicas-or-no-persistence", true},
		// EY: the server's session clock keeps running through SUSPENDED
		{"session-suspended", "Wrong reaction: \"SUSPENDED is just a blip, keep working until LOST.\" During SUSPENDED the server's session clock keeps running; session may expire before we reconnect, and another client may already hold the lock while we write. So stop protected work on SUSPENDED.", "work-through-suspended", false},
		{"session-suspended", "On SUSPENDED I keep the job running, since the session has plenty of time left; I stop only on LOST.", "work-through-suspended", true},
		// EZ: the idea struck out first is rejected
		{"redlock-operations-q", "The first thing I'd strike out is the well-meaning idea of giving each of the five nodes a replica under Sentinel \"for availability\". That reintroduces the async-failover loss Redlock is meant to avoid: a promoted replica can grant the same lock again.", "redlock-replicas-or-no-persistence", false},
		{"redlock-operations-q", "The first thing I'd add is a replica for each of the five nodes under Sentinel, for availability.", "redlock-replicas-or-no-persistence", true},
	})
}

// TestFixG41ClaimsOfTheValidationWriters: losing claims of EY, EZ and FA
// that no flag caught.
func TestFixG41ClaimsOfTheValidationWriters(t *testing.T) {
	checkG40(t, []g40Case{
		{"choose-ttl", "Shorter TTL is always safer. I set TTL to 1–2 seconds no matter how long the job is.", "ttl-below-runtime", true},
		{"choose-ttl", "A shorter TTL recovers faster after a crash, but it must still outlast the job.", "ttl-below-runtime", false},
		{"design-lock-service-q", "To scale reads, let clients ask any follower whether they still hold the lock — Raft replicates everything, so followers always have the same state as leader.", "follower-grants-locally", true},
		{"design-lock-service-q", "Followers can lag the leader, so a client asking whether it still holds the lock must go through the leader or a ReadIndex.", "follower-grants-locally", false},
		{"etcd-revision-guard", "Before writing, do Get on the lock key and compare the revision locally; if equal, do Put. Same effect as a transaction, just two calls, simpler code.", "check-then-act-safe", true},
		{"etcd-revision-guard", "Two calls, a Get and then a Put, leave a gap a pause fits in; the transaction closes it.", "check-then-act-safe", false},
		{"fencing-in-real-systems", "Raft terms and Kafka epochs. What is common: the token must be a random UUID per owner, so that nobody can guess or forge it.", "random-fencing-token", true},
		{"fencing-in-real-systems", "Raft terms, Kafka epochs, HDFS epochs: the token must be a number that only grows, and the receiver refuses a lower one.", "random-fencing-token", false},
		{"holder-id-guard", "Bump a claim_seq in the claim UPDATE. Intermediate writes can stay unguarded, because its final write fails anyway.", "fence-checked-once", true},
		{"holder-id-guard", "Bump a claim_seq in the claim UPDATE and guard every write with it; intermediate writes left unguarded are exactly the hole.", "fence-checked-once", false},
		{"redlock-operations-q", "Five nodes. Simplest setup: one master with four replicas, Redlock talks to all five.", "redlock-replicas-or-no-persistence", true},
		{"redlock-operations-q", "Five independent masters, not one master with four replicas.", "redlock-replicas-or-no-persistence", false},
		{"run-job-once", "A short-TTL lock is enough, like 5 seconds: all instances' cron fire at the same second, so the others always find it held and skip.", "timing-as-coordination", true},
		{"run-job-once", "A short TTL lock is not enough: crons drift, so a late instance finds it free and runs again.", "timing-as-coordination", false},
		{"session-suspended", "Stop on SUSPENDED. Good thing is ZooKeeper server won't expire a session while client is in SUSPENDED — it waits for the client to come back — so you have time.", "server-waits-for-client", true},
		{"session-suspended", "While SUSPENDED the session won't expire until the session timeout passes, so stop work at once.", "server-waits-for-client", false},
		{"deadlock-ordering", "Lock in a global order. Luckily, with lease-based locks the worst case is only a delay: one lease expires and the other transfer proceeds, and there's no correctness risk from that.", "ttl-as-safety", true},
		{"deadlock-ordering", "A lease turns a deadlock into a delay, but a lease that expires mid-transfer is a correctness risk.", "ttl-as-safety", false},
		{"redis-lock-and-failure", "SET key token NX PX 30000 and a Lua compare-and-delete. Because the key has a TTL, a paused client is harmless when it resumes.", "fencing-unneeded", true},
		{"redis-lock-and-failure", "SET key token NX PX 30000 and a Lua compare-and-delete. A paused client is harmless only because the storage rejects its lower token.", "fencing-unneeded", false},
		{"row-lock", "It survives network issues: if my connection to the database drops, I still hold the row lock until I reconnect and commit.", "row-lock-scope-wrong", true},
		{"row-lock", "If the process freezes, the row is still held; if the connection dies, the half-done changes are thrown away along with the lock.", "row-lock-scope-wrong", false},
	})
}

// TestFixG41RejectionFrames: frames that reject what they introduce,
// found by putting plain losing claims into common ways of rejecting
// them (not taken from any writer): a header that is a refusal and
// nothing else, an option entertained and rebutted after "but", "The
// worst thing you can do is X" and a sentence followed by "Don't."
func TestFixG41RejectionFrames(t *testing.T) {
	claims := []struct{ question, claim, flag string }{
		{"fencing-token", "have the client compare the token before it writes", "client-side-fencing"},
		{"session-suspended", "keep working through SUSPENDED and stop only on LOST", "work-through-suspended"},
		{"redlock-operations-q", "give each of the five nodes a replica with Sentinel failover", "redlock-replicas-or-no-persistence"},
	}
	frames := []string{"Not allowed: %s.", "Forbidden: %s.", "No-go: %s.", "You could %s, but a pause defeats it.",
		"One might %s, but that is unsafe.", "It's tempting to %s, but it doesn't help.", "The worst thing you can do is %s.",
		"Juniors often %s. Don't."}
	var cases []g40Case
	for _, c := range claims {
		cases = append(cases, framedCases(c.question, c.claim, c.flag, frames)...)
		// what is not rejected stays claimed
		cases = append(cases,
			g40Case{c.question, "You could " + c.claim + ", and that is what I do.", c.flag, true},
			g40Case{c.question, "The best thing you can do is " + c.claim + ".", c.flag, true},
			g40Case{c.question, "Allowed: " + c.claim + ".", c.flag, true})
	}
	checkG40(t, cases)
}

// TestFixG41TuningMisfires: passing answers of tuning writers (ET, ES,
// EI) that drew a flag in g40, each with the claim still flagged.
func TestFixG41TuningMisfires(t *testing.T) {
	checkG40(t, []g40Case{
		// a sentence its own last word answers: ", no."
		{"redis-lock-and-failure", "SET key token NX PX 30000, and release with a compare-and-delete script. A safe lock for correctness, no. Fence the writes.", "redlock-correctness", false},
		{"redis-lock-and-failure", "SET key token NX PX 30000, and release with a compare-and-delete script. It is a safe lock for correctness.", "redlock-correctness", true},
		// Done() closing late is the gap, not the claim that it catches
		// the expiry
		{"etcd-revision-guard", "Guard the Put with a Txn on the lock key's create revision. Channel `Done()` is closed only when client notices, which is later than server-side expiry.", "check-then-act-safe", false},
		{"etcd-revision-guard", "Before the Put I check the session's Done channel; it is already closed when the lease expires, so this covers the deposed leader.", "check-then-act-safe", true},
		// the provider need not understand tokens: that is the premise
		{"unfenceable-resource", "Use the provider's idempotency key, derived from the payment. None of this needs the provider to understand fencing tokens.", "fencing-unneeded", false},
		{"unfenceable-resource", "Use the provider's idempotency key. No fencing tokens are needed here, because the lease covers the call.", "fencing-unneeded", true},
	})
}

// TestFixG41DenialsOfWholeClaims: frames that deny or disown a whole
// claim, found by wrapping 1,483 plain claims of the tuning writers (each
// the sentence its flag was raised on) in them: "It's not true that X"
// left 713 flagged, "I would never say X" 924, "It would be wrong to say
// X" 570, "The argument that X does not hold" 1,023 and "Beware of
// reasoning like: X" 1,480, because the negation or the warning reached
// only the first clause or the header. Now 18, 21, 7, 0 and 2. The
// claims below are three of those sentences (one a clause joined).
func TestFixG41DenialsOfWholeClaims(t *testing.T) {
	claims := []struct{ question, claim, flag string }{
		{"fencing-token", "before each write the client reads the lock key and compares it with its token, and if they match it owns the lock and can write safely", "client-side-fencing"},
		{"choose-ttl", "with that margin the lease can never expire while the job is running, so there can never be two holders, and you don't need any other mechanism like tokens", "ttl-as-safety"},
		{"skip-locked-queue", "since SKIP LOCKED guarantees each job is processed by exactly one worker, the handlers don't need to be idempotent", "exactly-once-claim"},
	}
	frames := []string{"It's not true that %s.", "It is a myth that %s.", "I would never say %s.", "It would be wrong to say %s.",
		"The argument that %s does not hold.", "The claim that %s is false.", "Beware of reasoning like: %s."}
	var cases []g40Case
	for _, c := range claims {
		cases = append(cases, framedCases(c.question, c.claim, c.flag, frames)...)
		// affirmed, or turned to the speaker's own view, it is claimed
		cases = append(cases,
			g40Case{c.question, "It's true that " + c.claim + ".", c.flag, true},
			g40Case{c.question, "The argument that " + c.claim + " holds.", c.flag, true},
			g40Case{c.question, "It's not true that the lock is free; in fact " + c.claim + ".", c.flag, true})
	}
	checkG40(t, cases)
}

// TestFixG41QA: what QA-41 (a new user) found in the grader.
func TestFixG41QA(t *testing.T) {
	b := loadBank(t)
	hit := func(r quiz.Result, id string) bool { return pointHit(t, r, id) } // grade_test.go
	// 1. Work kept going through SUSPENDED with the stop put off until
	// LOST earned the stop point and raised no flag.
	deferred := "SUSPENDED only means the connection had a short blip, the session is still alive until Curator reports LOST. So I keep working in the critical section and wait for RECONNECTED; only on LOST do I stop and acquire the lock again."
	r := gradeReal(t, b, "session-suspended", deferred)
	if hit(r, "stop-work") || !slices.Contains(r.FlagIDs(), "work-through-suspended") {
		t.Errorf("%q: stop-work hit=%v, flags %v; want no stop point and work-through-suspended", deferred, hit(r, "stop-work"), r.FlagIDs())
	}
	for _, ok := range []string{
		"On SUSPENDED I stop the protected work immediately; on RECONNECTED I resume, and only on LOST do I re-acquire the lock.",
		"I don't keep working until LOST: on SUSPENDED I stop at once.",
	} {
		r := gradeReal(t, b, "session-suspended", ok)
		if !hit(r, "stop-work") || slices.Contains(r.FlagIDs(), "work-through-suspended") {
			t.Errorf("%q: stop-work hit=%v, flags %v; want the stop point and no flag", ok, hit(r, "stop-work"), r.FlagIDs())
		}
	}
	// 2. The flag's quote is the sentence that makes the claim, not the
	// one before it where "nobody deletes somebody else's lock" matched
	// "nobody else" with two words between.
	long := "The API is acquire, renew, release and watch, and release checks the owner so nobody deletes somebody else's lock. Since the TTL is set to ten times the p99 of the critical section, two clients can never hold the lock at the same time in practice."
	r = gradeReal(t, b, "design-lock-service-q", long)
	for _, f := range r.Flags {
		if f.ID == "ttl-as-safety" && !strings.Contains(long[f.Span.Start:f.Span.End], "TTL") {
			t.Errorf("ttl-as-safety quotes %q, want the sentence about the TTL", long[f.Span.Start:f.Span.End])
		}
	}
	if !slices.Contains(r.FlagIDs(), "ttl-as-safety") {
		t.Errorf("the TTL claim raised %v, want ttl-as-safety", r.FlagIDs())
	}
	// 3. "SET NX" on the WAIT question is shorthand for the prompt's
	// SET ... NX PX 30000, not a lock without a lease.
	wait := "Yes. WAIT blocks until the replicas have acknowledged the write, so once WAIT 1 returns the lock key is on a replica and a failover cannot lose it. With WAIT after the SET NX the Redis lock is as safe as etcd."
	r = gradeReal(t, b, "redis-wait-safe", wait)
	if slices.Contains(r.FlagIDs(), "mutex-no-lease") || !slices.Contains(r.FlagIDs(), "wait-makes-safe") {
		t.Errorf("%q: flags %v; want wait-makes-safe and no mutex-no-lease", wait, r.FlagIDs())
	}
	// 4. (QA-41 also doubted that "the measured p99 plus a margin" should
	// earn choose-ttl's point on measured durations; the blind writers and
	// their judges pass answers that size it so, so the point's label now
	// leads with measured durations, and the credit stays.)
	r = gradeReal(t, b, "choose-ttl", "Pick the TTL from the measured p99 of the critical section plus a margin for pauses and clock drift, not from the average. Too short and the lease expires while the holder still works; too long and a crashed holder blocks everyone until it expires.")
	if !hit(r, "measure") {
		t.Error("a TTL from measured durations plus a margin no longer earns its point")
	}
}

// TestFixG41QASecond: what the second QA-41 pass found: the opposite of a
// core point credited as the point, and claims in other words unflagged.
func TestFixG41QASecond(t *testing.T) {
	b := loadBank(t)
	hit := func(r quiz.Result, id string) bool { return pointHit(t, r, id) } // grade_test.go
	for _, c := range []struct {
		question, text, point, flag string
	}{
		// a crashed Redlock node brought back at once is the mistake, not
		// the delayed restart
		{"redlock-operations-q", "Clocks must be slewed, never stepped. After a crash, bring the node back at once; no need to wait.", "restart-forgets", "redlock-replicas-or-no-persistence"},
		{"redlock-operations-q", "When a node crashes, it is fine to restart it immediately, since the other nodes still hold the lock.", "restart-forgets", "redlock-replicas-or-no-persistence"},
		// the stop put off with "only then", and the stop at SUSPENDED
		// judged a cost
		{"session-suspended", "SUSPENDED only means the connection to ZooKeeper dropped for a moment, the session is probably still alive. So I keep working until the client reports LOST, and only then I stop and release what I was doing. Stopping at SUSPENDED would cause too many false aborts.", "stop-work", "work-through-suspended"},
	} {
		r := gradeReal(t, b, c.question, c.text)
		if hit(r, c.point) || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%q: %s hit=%v, flags %v; want no point and %s", c.text, c.point, hit(r, c.point), r.FlagIDs(), c.flag)
		}
	}
	for _, c := range []struct{ question, text, point string }{
		{"redlock-operations-q", "Use fsync always, or keep a crashed node down longer than the max TTL before bringing it back.", "restart-forgets"},
		{"session-suspended", "On SUSPENDED, stop what you are doing and wait; resume on RECONNECTED, re-acquire on LOST.", "stop-work"},
		{"session-suspended", "Stop all work on SUSPENDED immediately. Only then wait for RECONNECTED.", "stop-work"},
	} {
		if r := gradeReal(t, b, c.question, c.text); !hit(r, c.point) || len(r.FlagIDs()) > 0 {
			t.Errorf("%q: %s hit=%v, flags %v; want the point and no flag", c.text, c.point, hit(r, c.point), r.FlagIDs())
		}
	}
	checkG40(t, []g40Case{
		{"redis-vs-consensus", "Redis is perfectly fine for any lock, including ones that protect correctness.", "redlock-correctness", true},
		{"redis-vs-consensus", "Redis is fine for efficiency locks, but not for ones that protect correctness.", "redlock-correctness", false},
		{"redis-vs-consensus", "Redis is not good enough for locks that protect correctness.", "redlock-correctness", false},
	})
}

// TestFixG41TerseLists: the three passing answers of FE (written blind
// for tuning during g41, terse numbered lists) that drew a flag on
// arrival, each beside the claim that keeps its flag.
func TestFixG41TerseLists(t *testing.T) {
	checkG40(t, []g40Case{
		{"design-lock-service-q", "Tokens: revision, monotonic; resources check them. Note: ship a client lib that makes fencing the default path, otherwise teams will skip it.", "fencing-unneeded", false},
		{"design-lock-service-q", "Tokens are optional: teams can skip fencing, the lease is enough.", "fencing-unneeded", true},
		{"idempotency-keys", "1. Mobile app generates `Idempotency-Key` per checkout, stores it, resends on retries.\n2. Server: unique index on (customer_id, key), row with status and response, in one tx with the payment.", "fresh-idempotency-key", false},
		{"idempotency-keys", "Generate a new idempotency key for every retry so each request is unique.", "fresh-idempotency-key", true},
		{"redis-wait-safe", "Not safe: WAIT only counts acks. Staying on Redis -> call it an efficiency lock, set `min-replicas-to-write 1` to shrink the window, check WAIT result and release on 0.", "replication-keeps-lock", false},
		{"redis-wait-safe", "With WAIT 1 the lock key is on a replica, so it survives the failover.", "replication-keeps-lock", true},
	})
}

// framedCases are the cases of one plain claim: asserted alone it raises
// flag; put into each of frames (a fmt verb for the claim) it does not.
func framedCases(question, claim, flag string, frames []string) []g40Case {
	cases := []g40Case{{question, strings.ToUpper(claim[:1]) + claim[1:] + ".", flag, true}}
	for _, f := range frames {
		cases = append(cases, g40Case{question, fmt.Sprintf(f, claim), flag, false})
	}
	return cases
}
