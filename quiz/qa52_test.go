package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// qa52Answers are answers of QA-52, a new-user pass over HTTP on g52's
// first build (short, casual and non-native answers), as written: a losing
// claim it found unflagged, or a correct answer it found hedged or flagged.
var qa52Answers = []qaAnswer{
	{"066", "deadlock-ordering", "lock-order-by-role", "Problem is deadlock: transfer A->B takes lock A and wait for B, in same time transfer B->A takes lock B and wait for A, nobody can continue, and with lease it finish only when TTL expire in middle of transfer. To prevent, every transfer must take locks in the same order, always source account first then destination, this way there is no cycle. Also debit and credit should be in one database transaction, because the locks are not making it atomic."},
	{"068", "redis-lock-and-failure", "two-commands", "to acquire: SETNX lock <random value>, then if it returned 1 -> EXPIRE lock 30 so it can't stay forever. release = lua script compare value + DEL, so i never delete somebody else's lock. fails when: holder pauses past ttl -> B gets lock -> both write; failover loses key (async replication). fix for correctness = fencing token checked by the storage."},
	{"033", "extend-lease", "extend-without-owner", "Yes: run a background thread in the holder that every TTL/3 calls EXPIRE lock 30 to push the expiry forward, so as long as the process is alive the lease never runs out. If the extension fails we log it and keep going since the job is nearly done usually. Also cap the total time."},
	{"071", "row-lock", "", "imo not a distributed lock in the redis/zk sense: it lives in the db next to the data, held by the tx, gone at commit/rollback, no ttl. so if the client dies the db aborts its tx + frees the lock, and it can't outlive its transaction like a lease can. use it when everything you protect is in that db + keep the tx short (no http calls inside); it does nothing for side effects outside the db."},
	{"051", "redis-lock-and-failure", "", "My colleague said \"just SETNX then EXPIRE, and DEL when done\" \u2014 that's wrong twice: if the client dies between SETNX and EXPIRE the key never expires, and a plain DEL after your lease ran out deletes the next holder's lock. The right way is SET key random-token NX PX 30000 in one command, and release with a Lua script that deletes only if the value is still my token. It still fails when the holder pauses longer than the TTL (the key expires, someone else acquires, the old holder wakes and writes), and on failover because replication is async. For correctness the resource has to check a fencing token."},
}

// TestQA52Answers: #066 (role order in non-native words, "always source
// account first then destination, this way there is no cycle": "take" read
// as someone's take and "there is no" as a rebuttal had refuted it), #068
// (SETNX then, in arrows, EXPIRE) and #033 (a thread that "every TTL/3
// calls EXPIRE") fail on the flag that names them; #071 and #051, correct
// answers that drew the TTL flag before the second reader set it aside,
// pass clean.
func TestQA52Answers(t *testing.T) {
	checkQAAnswers(t, qa52Answers)
	b := loadBank(t)
	for _, c := range qa52Answers {
		if c.flag != "" {
			continue
		}
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); len(r.SetAside) > 0 {
			t.Errorf("#%s: a sentence set aside for %v, so the headline is hedged on a correct answer", c.n, r.SetAside[0].IDs)
		}
	}
}

// TestQA52NoTTLFlagOnServersWaiting: QA-52 #080. "ZooKeeper servers wait
// for a disconnected client to come back before they expire its session
// ..., so nobody else can have the lock" raised the flag that names it and
// also the fatal TTL flag, which made the round No hire and named a
// mistake the candidate never made.
func TestQA52NoTTLFlagOnServersWaiting(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("session-suspended")
	text := "Then the write goes out anyway, the flag check is check-then-act and the thread already passed it. In this case it is still fine, because ZooKeeper servers wait for a disconnected client to come back before they expire its session and delete its lock node, so nobody else can have the lock while my write is in flight."
	r := b.Grade(q, quiz.Answer{Text: text})
	ids := strings.Join(r.FlagIDs(), " ")
	if !strings.Contains(ids, "server-waits-for-client") || strings.Contains(ids, "ttl-as-safety") || r.Fatal {
		t.Errorf("flags %v (fatal %v): want server-waits-for-client, and not the fatal TTL flag", r.FlagIDs(), r.Fatal)
	}
}

// TestQA52Points: QA-52 M5, breadth points said in the tester's words that
// were marked missed, each made now, beside a sentence that does not make
// it.
func TestQA52Points(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "pause-not-interrupted", "The listener is late and can't stop a paused thread, so the resource must still check a fencing token.", true},
		{"session-suspended", "pause-not-interrupted", "The listener is late, so the resource must still check a fencing token.", false},
		{"redlock-operations-q", "unlock-all", "The client counts elapsed acquire time against the ttl, and if it doesn't get a majority it releases on all five.", true},
		{"redlock-operations-q", "unlock-all", "The client counts elapsed acquire time against the ttl and needs a majority.", false},
		{"row-lock", "long-transactions", "I use it for rows in the same database, and keep the transaction short, no remote call while holding it.", true},
		{"row-lock", "long-transactions", "I use it for rows in the same database.", false},
	})
}

// TestQA52DeadClientsLock: QA-52 M5 (#036), "a dead client's lock goes away
// when its transaction is aborted", inside a clause a "no lease" negates,
// makes the client-death point.
func TestQA52DeadClientsLock(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "connection-death", "It ends with the transaction, so there's no lease to run out and a dead client's lock goes away when its transaction is aborted.", true},
		{"row-lock", "connection-death", "It ends with the transaction, so there's no lease to run out.", false},
	})
}

// qa52bAnswers are answers of QA-52b, a second new-user pass on g52's
// build (unusual words, one subtle wrong claim in a strong answer), as
// written: each makes a losing claim the grader let pass or misnamed.
var qa52bAnswers = []qaAnswer{
	{"002", "fencing-token", "fence-forgets-highest", "t=0 A acquires the lock, lock service hands it token 7.\nt=3 A stalls in a long GC.\nt=10 lease expires on the lock service side.\nt=11 B acquires, gets token 8, writes; storage records 8 as the highest it has seen.\nt=15 A wakes, writes with 7 -> storage compares 7 < 8 and rejects.\nSo a fencing token is a number the lock service bumps on every grant, and the storage, not the client, does the comparison atomically with the write; the client cannot check it because it can pause between the check and the write. If the storage restarts it can simply reset its high-water mark to 0, because the lock service will keep handing out bigger numbers anyway."},
	{"030", "session-suspended", "server-waits-for-client", "SUSPENDED means the connection to ZooKeeper dropped. I would stop doing protected work right away instead of waiting for LOST, and only resume on RECONNECTED. The good news is that ZooKeeper will not expire my session while my client is suspended; the servers wait for me to reconnect before they remove my ephemeral lock node, so nobody else can take the lock in the meantime. The listener alone is not enough because a thread that is already in the middle of a write won't see it, so the resource should also check a fencing token."},
	{"050", "unfenceable-resource", "idempotency-key-fences", "Since the payment API can't compare tokens, use its idempotency key instead. Every charge carries an idempotency key, and because the provider remembers keys it has seen, a deposed holder that wakes up after its pause has its calls turned away by the provider, exactly as a fencing-token check would do. Other options are a gatekeeper service we control in front of the API that does check tokens, and lock-delay so the lock isn't handed to a new holder until in-flight calls have drained; that one assumes pauses are shorter than the delay."},
	{"053", "extend-lease", "work-after-lost-lease", "Yes, with conditions. Renew with a compare-and-extend so I only extend my own lease: a Lua script that checks the value equals my token before PEXPIRE, or etcd's KeepAlive on my lease. Renew at a third of the TTL. If a renewal fails, I let the worker finish the batch it is currently writing, since it's nearly done and aborting halfway leaves a mess, and then stop and don't start new work. Extension doesn't give safety on its own: the heartbeat freezes with the process during a pause, so the resource should still check a fencing token."},
	{"062", "row-lock", "for-update-missing-row", "Yes, in the sense that it coordinates all clients of that database: SELECT ... FOR UPDATE lives in the same transaction as the write, so there's no lease and no gap, and if the client dies the transaction aborts and the lock goes. It only protects data in that database though, not an API call or a file. A handy use is preventing duplicate sign-ups: SELECT ... FROM users WHERE email = $1 FOR UPDATE, and if nothing comes back, INSERT; the FOR UPDATE stops a second transaction from inserting the same email in between."},
	{"079", "redis-wait-safe", "replication-keeps-lock", "WAIT is not consensus: it just reports how many replicas acknowledged, and if it times out with 0 the SET stays on the primary, nothing is undone; but once it returns 1 the lock will survive any failover, because Sentinel always promotes the most up-to-date replica, which is the one that acknowledged. Split brain is still possible during a partition, and a paused holder can still outlive its lease, so the resource should check a fencing token."},
	{"081", "optimistic-concurrency", "check-then-act-safe", "Think of the document as carrying a version stamp, like the revision number on a wiki page. When an editor opens it, the server hands out the content and its version, say 41, as an ETag. On save, the client sends back If-Match: 41. The server first runs SELECT version FROM docs WHERE id = $1, and if it is still 41 it runs UPDATE docs SET body = $2, version = 42 WHERE id = $1; that check is enough because the second editor's request comes a moment later. If the version doesn't match, return 412 and show the user the other person's changes so they can merge. No lock is held while people type, so nobody is blocked by an editor who went to lunch."},
	{"084", "redis-wait-safe", "replication-keeps-lock", "Not as written. WAIT only reports how many replicas acknowledged the write within the timeout; it isn't a consensus commit, and if it comes back with 0 nothing is undone, the key just sits on the primary. What I'd do instead is set min-replicas-to-write 1 and min-replicas-max-lag 10 on the primary; with that the primary refuses the SET unless a replica is connected and current, so a failover can no longer lose an acknowledged lock."},
	{"006", "fencing-token", "random-fencing-token", "We did this at my last job for a shared S3-backed ledger. Roughly:\n1. When a worker gets the lock, the lock service also returns a fencing token.\n2. In our case the token was a fresh UUID per grant, and the ledger service remembered the last UUID it had accepted.\n3. Every write carries the token, and the ledger refuses writes whose token is not the current one.\n4. This protects against the worker that froze in a GC pause and comes back after its lease was handed to somebody else.\nThe important part is that the ledger does the check, not the worker, because the worker's belief that it owns the lock is exactly what goes stale."},
	{"012", "redis-vs-consensus", "fencing-unneeded", "The difference is replication. Redis replicates asynchronously, so after a failover the new primary may not have your lock key and will hand it to a second client; that makes Redis fine for efficiency locks only. etcd and ZooKeeper commit every write through a quorum (Raft, Zab), so the lock survives a leader change. They also tie the lock to a session: in etcd, once Session.Done() fires the client stops its work, so with etcd the paused-holder problem goes away and fencing is only something you need on Redis. I would pick etcd for correctness, Redis for efficiency."},
	{"068", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Five masters. To avoid losing locks when one of them dies, give each of the five a replica with Sentinel, so a failed node is replaced immediately instead of staying down. Clocks must be slewed, never stepped. After a failed acquisition, unlock on every node, and retry after a random delay. Cap extensions. And tell them plainly: Redlock doesn't survive a paused holder and doesn't produce a fencing token, so the resource still needs its own check."},
	{"093", "skip-locked-queue", "row-lock-scope-wrong", "Claim with one statement: UPDATE jobs SET state='running', attempt = attempt + 1, lease_until = now() + interval '2 min' WHERE id = (SELECT id FROM jobs WHERE state='ready' OR (state='running' AND lease_until < now()) ORDER BY priority, id FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id, attempt. SKIP LOCKED means concurrent workers step over each other's rows instead of queueing behind them, so no two take the same one. The claim commits immediately; the lease_until is a visibility timeout, so a dead worker's job comes back after two minutes. For long jobs, each worker additionally takes pg_try_advisory_lock(job_id) at session level through our PgBouncer (transaction pooling) and holds it while the job runs, so nobody else can pick the job up even after the lease passes. Completion is UPDATE ... SET state='done' WHERE id=$1 AND attempt=$myAttempt, and handlers are idempotent since a job can still run twice."},
}

// TestQA52bAnswers: twelve buried claims of QA-52b (a store that resets its
// highest token after a restart, ZooKeeper that "will not expire my
// session while my client is suspended", a provider key that turns a
// deposed holder away "exactly as a fencing-token check would", finishing
// the batch after a failed renewal, FOR UPDATE on a missing row, Sentinel
// that "always promotes the most up-to-date replica", "that check is
// enough", min-replicas-to-write so "a failover can no longer lose an
// acknowledged lock" after "What I'd do instead is", a UUID fencing token,
// "with etcd the paused-holder problem goes away", a replica per Redlock
// node, a session advisory lock through a transaction pooler) each fail on
// the flag that names it.
func TestQA52bAnswers(t *testing.T) { checkQAAnswers(t, qa52bAnswers) }

// TestQA52bRejections: the same mistakes named to reject them stay clean.
func TestQA52bRejections(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, flag, text string }{
		{"fencing-token", "fence-forgets-highest", "The storage must persist the highest token it has accepted: if it restarts and resets it to 0, a stale holder's lower token gets through."},
		{"session-suspended", "server-waits-for-client", "The servers do not wait for a suspended client: they may expire its session while it is disconnected, and the lock node goes with it."},
		{"redis-wait-safe", "replication-keeps-lock", "A failover can promote a replica other than the one that acknowledged, so WAIT does not make the lock survive it."},
		{"redis-wait-safe", "replication-keeps-lock", "With Raft a grant is acknowledged only after a majority has committed it, so leader failover never loses a granted lock."},
		{"redlock-operations-q", "redlock-replicas-or-no-persistence", "Teams put each Redlock node behind Sentinel with a replica for availability; then a promotion can bring back a node without the key and two clients hold majorities."},
		{"skip-locked-queue", "row-lock-scope-wrong", "Session-level advisory locks are trickier with poolers like PgBouncer in transaction mode, so use pg_advisory_xact_lock."},
		{"fencing-token", "random-fencing-token", "The lock value is a random token so that release only deletes my own key; the fencing token is a separate counter from the lock service."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection %q raised %s", c.question, c.text, c.flag)
		}
	}
}
