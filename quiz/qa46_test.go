package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// The answers QA-46 (a helper using the app as a new learner) saw graded
// unfairly, as it wrote them.
const (
	qa46ExtendLua      = "Yes. Extend with a Lua script that checks the key still holds my token before calling PEXPIRE, so I never extend someone else's lock. Renew at about a third of the TTL, and if a renewal fails, stop the work immediately. Cap the total extension time so a stuck worker can't hold the lock forever. A process frozen in a GC pause can't renew, so the lease can still lapse under it; extension makes two holders rarer, but only fencing at the resource makes it safe."
	qa46RedlockStep    = "I'd insist that a client that fails to get a majority releases the key on every node, including those that didn't answer, and retries after a random delay. Extensions must reach a majority within the validity time and be capped. For clocks, run ntpdate from cron every minute so the nodes' clocks are stepped back to the exact time whenever they drift; that keeps expiry accurate. Restarted nodes need no special handling since the other four nodes still hold the key and a majority is still required. And I'd remind them Redlock gives no fencing token, so a paused client can still write late; correctness needs a check at the resource."
	qa46RedlockRestart = "A client that fails to get a majority must release on every node, including the ones that didn't answer, and retry after a random delay. Extensions need a majority within the validity time and should be capped. Clocks must advance at the same rate: slew with NTP, never step them. A node that crashes can be restarted straight away without persistence, because the key is still on the other nodes and a second client can never build a majority. And Redlock gives no fencing token, so correctness still needs a check at the resource."
	qa46KeyAfterCharge = "Instead of a lock, the client attaches an idempotency key to each payment and reuses it on every retry. The server records the key in a table with a unique constraint in the same transaction as the payment, so only the first request wins, and a repeat gets the stored response back. Keys expire after a day and a reused key with a different body is rejected. For the provider call, the order doesn't matter: we charge the card with the provider first and insert the key afterwards, and a crash between the charge and the insert is harmless because the client's retry will be recognised by the key."
	qa46UUIDToken      = "In Raft every message carries the term and a node rejects messages from an older term, so a deposed leader is fenced. Kafka brokers ignore a controller with an older controller epoch, and transactional producers are fenced by producer epoch. HDFS QJM makes JournalNodes refuse writers with a lower epoch. They exist because of the zombie leader that was paused or partitioned and still thinks it leads. The token doesn't need to be ordered, by the way: a random UUID per lock holder works just as well, because the receiver only has to see that the ID changed."
	qa46HoldTxn        = "Each worker opens a transaction, runs SELECT * FROM jobs WHERE state = 'pending' LIMIT 1 FOR UPDATE SKIP LOCKED, does the job while holding the row lock, marks it done and commits. If the worker dies, PostgreSQL rolls back and releases the row lock, so the job is simply picked up by another worker, and since the row lock is held for the whole job, two workers can never run the same job even if one of them stalls. No timeouts or attempt counters are needed."
	qa46ExactlyOnce    = "Workers claim with SELECT ... FOR UPDATE SKIP LOCKED in a short transaction that marks the job running with a locked_until timestamp and a new attempt number, then commit, so no transaction stays open during the job. If a worker dies, locked_until lapses and another worker takes the job again. A stalled worker that wakes up afterwards must not mark the job done, so completion is UPDATE ... WHERE id = $1 AND attempt = $2. Because SKIP LOCKED guarantees that each job is executed exactly once, the handlers do not need to be idempotent."
	qa46Design         = "I'd start with requirements: is this for efficiency or correctness, how many locks and acquisitions per second, and what latency is acceptable. API: acquire(name, ttl) returns a lease id and a fencing token, plus renew(lease), release(lease), and a watch or blocking acquire so waiters don't poll. State lives in a replicated state machine, Raft across three or five nodes, so a grant is final only once it's committed by a majority; I wouldn't build it on an async-replicated store because a failover could forget a grant. Each grant gets a fencing token from a counter that's part of the replicated state, so it survives leader failover and strictly increases; clients pass it to the resource, which rejects lower tokens. Time: leases are measured by the leader with a monotonic clock, and a new leader conservatively restarts lease timers rather than trusting wall clocks, so clients should assume their lease may end earlier than they think. Failures: a client that dies stops renewing and its lease expires; a client that pauses can outlive its lease, which the service can never prevent, which is why fencing is part of the API. Scaling: shard lock names across independent Raft groups, keep sessions with one keepalive per client rather than per lock, and put a cache of read-only lock state near clients. Most teams should just use etcd or ZooKeeper rather than building this."
	qa46Notes          = "- add a version column; save = UPDATE doc SET body=$b, version=version+1 WHERE id=$id AND version=$v\n- 0 rows -> someone saved first -> 409, user reloads/merges\n- hot doc -> retry storms, go pessimistic"
)

// TestQA46Misfires: QA-46 H1 and H6. A textbook extension through a Lua
// script that "checks the key still holds my token before calling
// PEXPIRE" failed with a fatal client-side-fencing flag: the check runs on
// the server, atomically with the extension. It now scores as the answer
// it is; the client-side check in plain words still raises the flag. A
// queue that holds the claim's transaction for the whole job, "since the
// row lock is held for the whole job", was failed for checking a token in
// the client, which it never does: that flag is gone.
func TestQA46Misfires(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("extend-lease")
	if r := b.Grade(q, quiz.Answer{Text: qa46ExtendLua}); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("extend-lease with a Lua compare-and-extend: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
	if r := b.Grade(q, quiz.Answer{Text: "Yes, renew it from a background thread. To stay safe, the worker checks it still holds the lock before each write, so a stale holder never writes."}); !slices.Contains(r.FlagIDs(), "client-side-fencing") {
		t.Errorf("a check in the client before the call raised %v, want client-side-fencing", r.FlagIDs())
	}
	// QA-46 M5: a fencing counter "part of the replicated state, so it
	// survives leader failover" is the consensus design, not Redis
	// replication keeping the lock; the verdict was hedged on it.
	dq, _ := b.ByID("design-lock-service-q")
	if r := b.Grade(dq, quiz.Answer{Text: qa46Design}); !r.Passed || len(r.Flags) > 0 || slices.ContainsFunc(r.Notes, func(n string) bool { return strings.HasPrefix(n, "Not counted as a red flag") }) {
		t.Errorf("design answer: passed=%v flags %v, a set-aside note %v; want a pass with neither", r.Passed, r.FlagIDs(), slices.ContainsFunc(r.Notes, func(n string) bool { return strings.HasPrefix(n, "Not counted as a red flag") }))
	}
	sq, _ := b.ByID("skip-locked-queue")
	if r := b.Grade(sq, quiz.Answer{Text: qa46HoldTxn}); slices.Contains(r.FlagIDs(), "client-side-fencing") {
		t.Errorf("a claim transaction held for the whole job raised client-side-fencing: %v", r.FlagIDs())
	}
}

// TestQA46Claims: QA-46 H3 and H4, losing claims that passed (70 %, 90 %,
// 100 %) with no flag: Redlock nodes' clocks stepped by ntpdate from cron;
// an empty node restarted at once because the others still hold the key;
// the card charged before the idempotency key is stored. Each now fails
// with the flag that names it; a rejection in the same words stays clean.
func TestQA46Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, answer, flag, rejection string
	}{
		{"redlock-operations-q", qa46RedlockStep, "steps-clocks", "Never run ntpdate from cron on the lock nodes: stepping their clocks forward expires keys early, so slew them with NTP instead."},
		{"redlock-operations-q", qa46RedlockRestart, "redlock-replicas-or-no-persistence", "Never restart a node straight away just because the key is still on the other nodes: delay the restart past the longest TTL, or fsync every write."},
		{"idempotency-keys", qa46KeyAfterCharge, "key-stored-after-charge", "Insert the key with status started first, then call the provider. Don't charge the provider first and insert the key afterwards: a crash between the charge and the insert would charge the card twice."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: passed=%v flags %v, want failed by %s", c.question, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
}

// TestQA46HeadlineFlag: QA-46 H6. The flag that leads a failed answer's
// feedback names the mistake made. "The token doesn't need to be ordered
// ... a random UUID per lock holder works just as well" keeps the token;
// it was failed first for "Claims fencing tokens are not needed". "SKIP
// LOCKED guarantees that each job is executed exactly once" drew a second
// flag, about a committed claim's row lock, on the same sentence.
func TestQA46HeadlineFlag(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, answer string
		want             []string
	}{
		{"fencing-in-real-systems", qa46UUIDToken, []string{"random-fencing-token"}},
		{"skip-locked-queue", qa46ExactlyOnce, []string{"exactly-once-claim"}},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.answer}); !slices.Equal(r.FlagIDs(), c.want) {
			t.Errorf("%s: flags %v, want %v", c.question, r.FlagIDs(), c.want)
		}
	}
}

// TestLabelledSQLLineIsSpeechQA46: QA-46 H5. Notes whose first line puts
// the whole conditional UPDATE after a label ("save = UPDATE doc SET ...
// WHERE id=$id AND version=$v") read as a keyword list (0 %) once a terse
// third line was added; the statement says what the save does, as a
// sentence would, so the notes pass. Keyword lists with no statement stay
// lists.
func TestLabelledSQLLineIsSpeechQA46(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("optimistic-concurrency")
	if r := b.Grade(q, quiz.Answer{Text: qa46Notes}); !r.Passed || r.List {
		t.Errorf("notes with a labelled UPDATE: passed=%v list=%v score %.2f, want a pass read as speech", r.Passed, r.List, r.Score)
	}
	list := "- version column\n- conditional update, 0 rows -> 409\n- hot doc -> retry storms, go pessimistic"
	if r := b.Grade(q, quiz.Answer{Text: list}); r.Passed {
		t.Errorf("a keyword list passed: score %.2f", r.Score)
	}
}

// TestQA46Points: QA-46 M1, M2 and M6. Points plainly made and marked
// missing (the guarded finish "0 rows = someone re-took it, drop result",
// the key "in the same tx as the payment row", duplicates after a crash
// between publish and mark, Session.Done() weighed as a late signal, the
// measured maximum with a margin, a lease that "can't promise exclusion
// when a holder pauses"), each now made; a point ticked on the sentence
// that contradicts it (a TTL picked "comfortably longer than the longest
// GC pause" credited as "no TTL is safe") no longer is; and a row lock
// said to be freed the moment the client's host disappears draws a minor
// flag.
func TestQA46Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, answer string
		hit                     bool
	}{
		{"skip-locked-queue", "stalled-worker", "claim: UPDATE jobs SET state='running', attempt=attempt+1, locked_until=now()+interval '5 min' WHERE id = (SELECT id FROM jobs WHERE state='pending' OR (state='running' AND locked_until < now()) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempt;\ncommit right away, don't hold the tx during the job\nworker dies -> locked_until passes -> job claimable again (it's a lease)\nfinish: UPDATE jobs SET state='done' WHERE id=$1 AND attempt=$2 -> 0 rows = someone re-took it, drop result\nat-least-once -> handlers idempotent", true},
		{"idempotency-keys", "same-transaction", "redis lock per customer = wrong tool (retry comes after the lock is released)\nclient: Idempotency-Key: <uuid> per payment, same key on every retry\nserver: INSERT INTO idem_keys(key, req_hash) ... unique(key) -- same tx as the payment row\ndup key -> return the saved response, don't charge again\nsame key + different body -> 422\nPSP call -> forward our key to Stripe so they dedupe too\npurge keys after 24h", true},
		{"outbox-pattern", "at-least-once", "lock around both steps = no help, crash after commit still loses the event\noutbox: INSERT INTO outbox(event) in the same tx as UPDATE orders SET status='SHIPPED'\nrelay (poller or Debezium CDC) -> publish -> mark sent\ncrash between publish & mark -> dup -> consumers dedupe by event id", true},
		{"etcd-revision-guard", "session-done", "Write /config/routes in a Txn whose If compares the mutex key's create revision to mine (m.IsOwner()), so the comparison and the put are atomic and a leader whose lease lapsed writes nothing. A common mistake is to Get the key, check ownership in the client and then Put; that's check-then-act and a pause between the two lets the stale write through. Another mistake is trusting session.Done(): it's useful to stop early, but the signal comes late, after the new leader may already be writing.", true},
		{"choose-ttl", "measure", "The TTL is a trade-off between safety and availability. Too short and a holder that is merely slow loses the lock mid-work and a second worker starts, too long and when a holder crashes everyone waits that long before anyone can take over. I'd measure the critical section's latency distribution, p99 and the max, plus GC pauses and network delays, and set the TTL a comfortable margin above that, then renew the lease from a heartbeat if the work can run longer. But no value is safe: a 40-second GC pause or a VM migration can exceed any TTL you pick, so the TTL only bounds how long a crashed holder blocks others. Safety has to come from fencing tokens checked by the resource, not from the TTL.", true},
		{"avoid-the-lock", "lock-cost", "If the lock only saves duplicate work I skip it or make it best-effort, and if correctness is at stake I push the invariant into the store with a unique constraint or a conditional write, because a leased lock can't promise exclusion when a holder pauses. Better still, make the operation idempotent or give each key a single owner so there is nothing to coordinate.", true},
		{"choose-ttl", "no-safe-value", "The trade-off is that a short TTL lets the lease lapse under a slow holder and a long one blocks everyone after a crash. I measure the job's tail latency plus GC pauses and add a margin, and I keep network calls out of the critical section. I'd then pick a TTL comfortably longer than the longest GC pause we have ever seen, say 60 seconds, and at that point two holders at once are impossible, so there is no need for fencing tokens.", false},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.answer})
		if got := pointHit(t, r, c.point); got != c.hit {
			t.Errorf("%s: %s made = %v, want %v", c.question, c.point, got, c.hit)
		}
	}
	q, _ := b.ByID("row-lock")
	r := b.Grade(q, quiz.Answer{Text: "Yes, in effect: SELECT ... FOR UPDATE coordinates every client of the database, but only for data inside that database; it does nothing for an API call or an email sent while holding it. It lasts as long as the transaction, so there's no TTL, and the moment the client's host disappears the database instantly detects it and releases the lock, so a row can never stay locked by a dead client. Holding it across slow work blocks other writers, and often a conditional UPDATE or a unique constraint does the job without a lock."})
	if !slices.Contains(r.FlagIDs(), "dead-client-noticed-at-once") {
		t.Errorf("row-lock: flags %v, want dead-client-noticed-at-once", r.FlagIDs())
	}
	if r := b.Grade(q, quiz.Answer{Text: "It lasts as long as the transaction. If the client crashes the database rolls back at once, but if the host vanishes the connection is half-open and the row stays locked until keepalive gives up."}); slices.Contains(r.FlagIDs(), "dead-client-noticed-at-once") {
		t.Error("the half-open connection, told right, raised dead-client-noticed-at-once")
	}
}

// TestReaderFlagSaysWhereToCheck: the second reader's flag names no
// mistake, and its explanation told the learner only to contest it if the
// sentence was right, which invites a learner who believes a wrong claim
// to take the pass back (QA-46 M4). It now says it cannot name the mistake
// and where to check the sentence before contesting.
func TestReaderFlagSaysWhereToCheck(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, "FP", "fencing-token", "refutes-quote")})
	i := slices.IndexFunc(r.Flags, func(f quiz.FlagResult) bool { return f.ID == quiz.ReaderFlagID })
	if i < 0 {
		t.Fatalf("flags %v: the test needs the second reader's flag", r.FlagIDs())
	}
	for _, want := range []string{"It cannot name the mistake", "the question's model answer and its guide section", "if you can say why the sentence is right, contest the flag"} {
		if !strings.Contains(r.Flags[i].Why, want) || !strings.Contains(r.Flags[i].WhyHTML, want) {
			t.Errorf("the reader's flag does not say %q: %q", want, r.Flags[i].Why)
		}
	}
}
