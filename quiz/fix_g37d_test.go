package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// g37d: terms tied by symbols rather than verbs ("renew @ TTL/3 Lua: GET
// == token → PEXPIRE") are a list: they earn no points and say so, while
// sentences of speech that use a symbol keep their credit, and the red
// flags still read a wrong claim written in symbols.
func TestSymbolLinkedTermsG37d(t *testing.T) {
	b := loadBank(t)
	grade := func(t *testing.T, qid, text string) quiz.Result {
		t.Helper()
		q, ok := b.ByID(qid)
		if !ok {
			t.Fatalf("no question %q", qid)
		}
		return b.Grade(q, quiz.Answer{Text: text})
	}
	flagged := func(r quiz.Result) []string {
		var ids []string
		for _, f := range r.Flags {
			if !f.Dismissed {
				ids = append(ids, f.ID)
			}
		}
		return ids
	}
	lists := []struct{ q, text string }{
		{"choose-ttl", "TTL = recovery delay vs false expiry p99.9 duration, GC pause, network RTT renew @ TTL/3, compare-and-pexpire monotonic clock, drift margin abort on renewal failure fencing token anyway"},
		{"extend-lease", "renew @ TTL/3 Lua: GET == token → PEXPIRE keepalive / session abort on failed renew monotonic deadline GC pause freezes watchdog fencing token"},
		{"redis-lock-and-failure", "SET NX PX + random token Lua GET==token → DEL SETNX+EXPIRE non-atomic GC pause > TTL async replication, failover eviction, restart, clock jump no fencing token"},
		{"choose-ttl", "TTL = crash recovery delay vs false expiry p99.9 section + GC pause + margin renew @ TTL/3 compare-and-pexpire heartbeat no safe TTL fencing token @ resource"},
		{"choose-ttl", "TTL too short → lapse under slow holder too long → crash blocks everyone measure p99.9 shrink section no network calls renew @ TTL/3 fencing anyway"},
		{"extend-lease", "extend @ TTL/3 Lua: GET == token → PEXPIRE abort on failed extend cap total extensions GC pause freezes heartbeat fencing token"},
		{"extend-lease", "keepalive + compare-and-extend check ownership → PEXPIRE renew before expiry stop work on failure paused process vs heartbeat thread fencing still"},
		{"redis-lock-and-failure", "SET key token NX PX 30000 + Lua GET == token → DEL random token per acquisition GC pause > TTL → two holders async replication failover loses key fencing token"},
		{"redis-lock-and-failure", "acquire @ SET NX PX release = compare-and-del Lua token = random UUID pause > TTL, failover, eviction → double grant fencing @ storage"},
		{"fencing-token", "token = monotonic counter per grant write + token → storage rejects lower token paused holder vs new holder lease expiry stale write"},
		{"idempotency-keys", "Idempotency-Key = UUID per payment UNIQUE(key) + request hash + stored response retry → same response PSP @ same key purge @ retention"},
		{"etcd-revision-guard", "Txn If(IsOwner) → Put create revision == mine deposed leader → compare fails session.Done() = late signal revision = fence for external stores"},
		{"fencing-token", "fencing token = lock service counter → client → storage check token >= max else reject GC pause vs lease expiry clock drift"},
		{"choose-ttl", "TTL = recovery delay vs false expiry, p99.9 + GC pause + margin, renew @ TTL/3, fencing token anyway"},
		{"extend-lease", "renew @ TTL/3 Lua GET == token → PEXPIRE, abort on failed renew, GC pause freezes watchdog, fencing token"},
	}
	for _, c := range lists {
		t.Run("list/"+c.text, func(t *testing.T) {
			r := grade(t, c.q, c.text)
			if !r.List || r.Passed {
				t.Fatalf("List=%v Passed=%v (score %.2f), want a list that does not pass", r.List, r.Passed, r.Score)
			}
		})
	}
	speech := []struct {
		q, text string
		pass    bool
	}{
		{"extend-lease", "I renew at TTL/3 and the job aborts when a renewal fails.", false},
		{"extend-lease", "The Lua script compares GET with my token and only then DELs.", false},
		{"choose-ttl", "TTL = how long we accept waiting after a crash, so I pick 30 s.", false},
		{"extend-lease", "I extend with a Lua script that compares GET with my token and only then PEXPIREs, so I never extend someone else's lock (GET == token → PEXPIRE). I renew @ TTL/3, well before expiry, and the job aborts the moment a renewal fails, because the lock is no longer mine. A paused process cannot renew either, so the lease can still lapse under it: extension lowers the odds of two holders, but the resource still has to check a fencing token. I also cap the total time a holder may keep extending, so a stuck worker cannot hold it forever.", true},
		{"choose-ttl", "TTL = how long we accept waiting after a crash, so it is a trade-off: too short and the lease lapses under a slow holder, too long and a crashed holder blocks everyone for that long. I base it on the measured p99.9 of the critical section + GC pauses + a margin, and I shrink the section first so no network calls happen under the lock. For long work I renew @ TTL/3 with a heartbeat that checks ownership. No TTL is safe, since pauses are unbounded, so safety comes from a fencing token checked at the resource.", true},
		{"redis-lock-and-failure", "I acquire with one atomic SET key token NX PX 30000, so the key never exists without its expiry, where token = a random value unique to this acquisition. To release, a Lua script compares GET with my token and only then DELs, so I never delete someone else's lock. If the holder pauses longer than the TTL (GC pause > TTL), the key expires and another client acquires it while the first keeps writing. Replication is asynchronous, so a failover can lose the key and grant the lock twice. So the storage checks a fencing token and rejects writes that carry an older one.", true},
		{"fencing-token", "Each grant gets a token = a counter that only goes up, and the client sends it with every write. The storage remembers the highest token it has seen and rejects any write whose token < that maximum, so a holder that paused past its lease and wakes up later is refused once the new holder has written. The lock service issues the tokens; the check has to happen at the resource, because the client cannot know it was paused.", true},
	}
	for _, c := range speech {
		t.Run("speech/"+c.text, func(t *testing.T) {
			r := grade(t, c.q, c.text)
			if r.List || c.pass && !r.Passed {
				t.Fatalf("List=%v Passed=%v (score %.2f), want speech (pass %v)", r.List, r.Passed, r.Score, c.pass)
			}
		})
	}
	wrong := []struct{ q, text, flag string }{
		{"redis-lock-and-failure", "release = DEL key when done", "plain-del"},
		{"redis-lock-and-failure", "acquire = SETNX key then EXPIRE key 30", "two-commands"},
		{"choose-ttl", "TTL = 10 min → long enough that two holders are impossible", "ttl-as-safety"},
		{"redis-vs-consensus", "Redlock = correct lock, safe for correctness across 5 masters", "redlock-correctness"},
		{"extend-lease", "extend = PEXPIRE key 30000 on a timer, no ownership check needed", "extend-without-owner"},
		{"redis-lock-and-failure", "acquire = SETNX key, then EXPIRE key 30 → lock with TTL, release = DEL key when done", "plain-del"},
		{"choose-ttl", "TTL = 2 x p99 + margin → no two holders possible, fencing not needed", "fencing-unneeded"},
	}
	for _, c := range wrong {
		t.Run("wrong/"+c.text, func(t *testing.T) {
			if got := flagged(grade(t, c.q, c.text)); !slices.Contains(got, c.flag) {
				t.Fatalf("flags %v, want %s", got, c.flag)
			}
		})
	}
}

// g37d: losing claims asserted inside otherwise good answers (validation
// writers EM, EN and EO) and paraphrases of them raise their flag: a
// conclusion drawn in a design's section on failures ("Failures: ..., so
// resources don't need to check the token"), or from an impossibility
// ("two clients can never act as holder at once, so all the fencing
// business simply goes away"), the fencing said to go away, idempotency
// keys kept in a Redis that forgets them, a plain Put after a look at
// session.Done() called equivalent to the transaction. The correct
// sentences near them, and the same words reported, denied or named as a
// myth, raise no such flag.
func TestLosingClaimsInGoodAnswersG37d(t *testing.T) {
	b := loadBank(t)
	raised := func(t *testing.T, qid, text, flag string) bool {
		t.Helper()
		q, ok := b.ByID(qid)
		if !ok {
			t.Fatalf("no question %q", qid)
		}
		for _, f := range b.Grade(q, quiz.Answer{Text: text}).Flags {
			if f.ID == flag && !f.Dismissed {
				return true
			}
		}
		return false
	}
	for _, c := range []struct {
		q, text, flag string
		want          bool
	}{
		{"design-lock-service-q", "A client that loses its session can never write anything afterwards, so resources don't need to check the token.", "fencing-unneeded", true},
		{"design-lock-service-q", "Because the lock state is replicated with Raft, consensus already guarantees a single holder, so the storage has no need to verify fencing tokens.", "fencing-unneeded", true},
		{"design-lock-service-q", "Sessions expire on the server, so an expired client can't write anymore and the resource can skip the token check.", "fencing-unneeded", true},
		{"design-lock-service-q", "The token is the commit index and waiters watch their predecessor, but resources don't need to check the token because consensus already guarantees a single holder.", "fencing-unneeded", true},
		{"design-lock-service-q", "I'd tell teams to skip the token check in their resources; consensus already guarantees one holder.", "fencing-unneeded", true},
		{"design-lock-service-q", "Failures: once its session is gone a client never writes again, so resources don't need to check tokens - consensus guarantees a single holder.", "fencing-unneeded", true},
		{"redis-vs-consensus", "With a consensus-backed lock two clients can never act as holder at once, so all the fencing business you need with Redis simply goes away.", "fencing-unneeded", true},
		{"redis-vs-consensus", "Once the lock lives in etcd, fencing tokens are unnecessary because two holders cannot exist.", "fencing-unneeded", true},
		{"redis-vs-consensus", "ZooKeeper's lock guarantees that only one client ever acts as holder, so you can drop fencing entirely.", "fencing-unneeded", true},
		{"redis-vs-consensus", "etcd commits through a majority, so unlike with Redis you don't need fencing tokens at all.", "fencing-unneeded", true},
		{"redis-vs-consensus", "Go with etcd and the fencing you'd need with Redis goes away.", "fencing-unneeded", true},
		{"idempotency-keys", "To save DB load, I'd keep the keys only in Redis with SETNX and default config, no persistence needed.", "volatile-idempotency-keys", true},
		{"idempotency-keys", "Store the idempotency keys in Redis with SETNX; persistence isn't needed, losing a few keys on a restart is fine.", "volatile-idempotency-keys", true},
		{"idempotency-keys", "The server does SETNX on the key in Redis with the default config and no persistence, and returns the stored response on repeats.", "volatile-idempotency-keys", true},
		{"idempotency-keys", "Keep the keys in Redis only, without persistence: if Redis restarts we lose a few keys but that's fine.", "volatile-idempotency-keys", true},
		{"etcd-revision-guard", "Go GC pauses are under 1 ms, so a plain Put after checking session.Done() is equivalent in practice.", "check-then-act-safe", true},
		{"etcd-revision-guard", "With a 60 second session TTL a deposed leader basically cannot exist, so checking session.Done() before a plain Put is enough.", "check-then-act-safe", true},
		{"etcd-revision-guard", "Just check session.Done() before each Put; in practice that is as good as the transaction.", "check-then-act-safe", true},
		{"etcd-revision-guard", "A plain Put after checking session.Done() is fine because Go's GC pauses are tiny.", "check-then-act-safe", true},
		{"redis-vs-consensus", "Use etcd: two clients can never hold it at once, so all the fencing business simply goes away.", "fencing-unneeded", true},
		{"redis-vs-consensus", "Pick ZooKeeper and the fencing machinery goes away, because it commits through a majority.", "fencing-unneeded", true},
		{"redis-vs-consensus", "With Redis you need tokens, but with a consensus-backed lock all the fencing business goes away.", "fencing-unneeded", true},
		{"redis-vs-consensus", "Consensus-backed lock → single holder, so the fencing overhead just goes away.", "fencing-unneeded", true},
		{"design-lock-service-q", "Failures: sessions expire on the server and expired clients can never write again, so the resources don't need to check tokens.", "fencing-unneeded", true},
		{"design-lock-service-q", "Failure handling: consensus already guarantees one holder, so resources can skip the token check.", "fencing-unneeded", true},
		{"design-lock-service-q", "Failures: a leader crash loses no grants, so the storage doesn't need fencing tokens.", "fencing-unneeded", true},
		{"idempotency-keys", "Put the idempotency keys in Redis with the default config; no persistence needed since a retry after a restart can't happen.", "volatile-idempotency-keys", true},
		{"idempotency-keys", "SETNX the key in a plain Redis, persistence off, and return the stored response on repeats.", "volatile-idempotency-keys", true},
		{"etcd-revision-guard", "After checking session.Done() a plain Put is as good as the Txn in practice.", "check-then-act-safe", true},
		{"etcd-revision-guard", "A plain Put guarded by a session.Done() check is equivalent to the transaction, since Go's GC pauses are tiny.", "check-then-act-safe", true},
		{"design-lock-service-q", "A consensus store makes the grant safe, but a paused holder can still write late, so the resource still checks the token.", "fencing-unneeded", false},
		{"design-lock-service-q", "Consensus guarantees a single grant at a time, not a single writer: a client whose session expired can still write after it wakes, so resources must check the token.", "fencing-unneeded", false},
		{"design-lock-service-q", "People assume a client that loses its session can never write anything afterwards, but a paused client can, so resources have to check the token.", "fencing-unneeded", false},
		{"redis-vs-consensus", "With etcd two clients are never granted the lock at once, but a paused holder can still act after its lease expired, so fencing is still needed.", "fencing-unneeded", false},
		{"redis-vs-consensus", "Consensus fixes the failover problem, not the pause problem: you still need fencing with etcd, using the revision as the token.", "fencing-unneeded", false},
		{"redis-vs-consensus", "Some say the fencing business goes away with a consensus-backed lock; it does not, because a paused holder can still write.", "fencing-unneeded", false},
		{"idempotency-keys", "Redis with AOF fsync always can hold idempotency keys if we accept the extra latency, but I'd rather keep them in the database with a unique constraint.", "volatile-idempotency-keys", false},
		{"idempotency-keys", "I would not keep the keys only in Redis with default config: without persistence a restart loses keys and a retry charges twice.", "volatile-idempotency-keys", false},
		{"idempotency-keys", "Keeping the keys only in a non-persistent Redis is the mistake: a restart forgets them and a late retry is charged again, so they go in the table with the unique constraint.", "volatile-idempotency-keys", false},
		{"etcd-revision-guard", "Checking session.Done() before a plain Put is not enough: the session can expire right after the check, so the write goes in a Txn comparing the revision.", "check-then-act-safe", false},
		{"etcd-revision-guard", "I still watch session.Done() and stop leading when it closes, but that signal is late; the transaction is what makes it safe.", "check-then-act-safe", false},
		{"etcd-revision-guard", "Even with Go's short GC pauses, a plain Put after checking session.Done() is not equivalent, since a network stall can outlast the TTL.", "check-then-act-safe", false},
		{"redis-vs-consensus", "With fencing at the storage, the paused-holder problem goes away even with etcd.", "fencing-unneeded", false},
		{"redis-vs-consensus", "With etcd the failover problem goes away, but the fencing stays: a paused holder can still write.", "fencing-unneeded", false},
		{"redis-vs-consensus", "People hope all the fencing business goes away with ZooKeeper; it does not, because a paused holder still writes.", "fencing-unneeded", false},
		{"redis-vs-consensus", "The fencing never goes away: consensus keeps the grant single, not the writer.", "fencing-unneeded", false},
		{"design-lock-service-q", "Failures: a paused client can still write after its session expired, so resources must check the token.", "fencing-unneeded", false},
		{"design-lock-service-q", "Risks: a GC pause outlasts the session TTL, so two clients write at once unless the storage checks the token.", "fencing-unneeded", false},
		{"design-lock-service-q", "Myths: a consensus lock means a client can never write after losing its session, so resources don't need to check the token.", "fencing-unneeded", false},
		{"design-lock-service-q", "Mistakes I see: trusting the session alone, so the resources skip the token check.", "fencing-unneeded", false},
		{"design-lock-service-q", "Failures: leader crash, grants survive; a client paused past its lease, so the resource rejects its older token.", "fencing-unneeded", false},
		{"idempotency-keys", "Redis can hold the keys only if it is made durable (AOF with fsync always); with the default config a restart loses them and a retry charges twice.", "volatile-idempotency-keys", false},
		{"idempotency-keys", "Some teams keep the keys in Redis with no persistence to save DB load, which is the mistake: a restart forgets them.", "volatile-idempotency-keys", false},
		{"etcd-revision-guard", "A plain Put after checking session.Done() might look as good as the Txn, but the pause can fall between the check and the Put.", "check-then-act-safe", false},
		{"etcd-revision-guard", "A plain Put after a session.Done() check is not equivalent: only the Txn compares the revision atomically.", "check-then-act-safe", false},
	} {
		t.Run(c.text, func(t *testing.T) {
			if got := raised(t, c.q, c.text, c.flag); got != c.want {
				t.Fatalf("%s raised = %v, want %v", c.flag, got, c.want)
			}
		})
	}
	// The writers' answers themselves, whole.
	for _, c := range []struct{ q, flag, text string }{
		{"design-lock-service-q", "fencing-unneeded", "API: session with keepalive, Acquire returns fencing token, Release, Watch, Campaign/Resign for election. Storage on Raft with 5 nodes, token is log index, waiters watch only predecessor. Scale by sharding namespaces into separate groups. Failures: because state is consensus-replicated and sessions expire on server, a client that loses its session can never write anything afterwards, so resources don't need to check the token — consensus already guarantees single holder."},
		{"idempotency-keys", "volatile-idempotency-keys", "Client sends Idempotency-Key (UUID per payment intent), resent on retries. Server stores key with UNIQUE constraint, request hash and response, returns stored response for repeats and 409 while in progress, and passes key to PSP. To save DB load, I'd keep the keys only in Redis with SETNX and default config, no persistence needed — if Redis restarts we lose a few keys but retries after restart are impossible anyway."},
		{"etcd-revision-guard", "check-then-act-safe", "Use a transaction: Txn(ctx).If(m.IsOwner()).Then(OpPut(\"/config/routes\", v)).Commit(), and if Succeeded is false, step down. The compare is on the create revision of the mutex key, so an expired lease means the key is gone and etcd rejects the write. That said, in Go this is mostly theoretical: Go GC pauses are under 1 ms, so if you set the session TTL to 60 seconds a deposed leader basically cannot exist, and a plain Put after checking session.Done() is equivalent in practice."},
		{"redis-vs-consensus", "fencing-unneeded", "For anything correctness-critical I'd go with etcd or ZooKeeper. Redis acknowledges before replicating, so failover can lose a lock, and it has no natural fencing token; it's fine for efficiency locks. etcd and ZooKeeper commit through a majority, support sessions and watches, and expose monotonic revisions. The big win is that with a consensus-backed lock two clients can never act as holder at once, so all the fencing business you need with Redis simply goes away."},
	} {
		t.Run(c.q, func(t *testing.T) {
			if !raised(t, c.q, c.text, c.flag) {
				t.Fatalf("%s not raised", c.flag)
			}
		})
	}
}
