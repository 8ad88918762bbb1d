package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// qa53Answers are answers a helper wrote while using the app as a new
// learner (QA-53, g53), verbatim.
var qa53Answers = map[string]string{
	"009": "War story first: our old code did `SETNX lock:nightly 1` and then `EXPIRE lock:nightly 600` as two calls. One night the process was OOM-killed between them, the key had no TTL, and the nightly job didn't run for three days until someone noticed and deleted it by hand.\nThe fix: one atomic `SET lock:nightly <uuid> NX PX 600000`, and release through a Lua compare-and-delete on the uuid so a late finisher can't remove the next holder's lock. It still fails when the holder outlives the TTL \u2014 a long GC or a network stall means the lock expires under a live holder and a second instance starts \u2014 and across a Redis failover, because replication is asynchronous. Where that matters, fence the writes with a token the storage checks.",
	"052": "We got bitten by this: our handler only listened for LOST. During a 20-second network partition the client sat in SUSPENDED, kept writing, the ensemble expired the session at 15s and gave the lock to another instance, and for five seconds two writers were active \u2014 LOST arrived only after reconnect. Now: on SUSPENDED, pause all protected work (a flag the worker checks before each write, plus a fencing token \u2014 the lock node's zxid \u2014 on the writes themselves); on RECONNECTED, resume; on LOST, abandon and reacquire.",
	"086": "Stop the protected work right away. We learned this in an incident: our listener only reacted to LOST, so during a partition the client sat in SUSPENDED and kept writing; meanwhile the ensemble expired the session, deleted our lock node and the next waiter took the lock \u2014 LOST only showed up after we reconnected. Now SUSPENDED pauses the work, RECONNECTED resumes it (the session survived), and LOST means the lock is gone and we reacquire.",
	"099": "An ever-increasing number the lock service issues with each grant (etcd revision, ZooKeeper zxid); the holder sends it with every write, and the storage keeps the highest it has accepted and refuses lower ones \u2014 e.g. `UPDATE ... WHERE id = $1 AND last_token < $tok`. That's what makes a holder that GC-paused past its lease harmless: its late write carries a stale number.",
	"056": "My non-negotiables, in order:\n1. Five independent masters \u2014 no replicas, no Sentinel failover; a promoted replica may never have seen the key.\n2. Persistence that survives a crash: appendfsync always, or keep a crashed node down longer than the longest TTL before it rejoins.\n3. Clocks slewed, never stepped \u2014 no ntpdate in cron; alert on clock jumps.\n4. The client computes validity = TTL \u2212 elapsed acquisition time \u2212 drift, and treats the lock as not acquired if that's too small.\n5. It's still a lease, so correctness-critical writes are fenced at the resource \u2014 Redlock gives you no token to fence with, so that has to come from elsewhere.",
	"032": "The client creates the key once per payment and resends it on every retry; the server makes the key itself the guard:\n\n    INSERT INTO payments (idem_key, customer_id, amount, status)\n    VALUES ($1, $2, $3, 'pending')\n    ON CONFLICT (idem_key) DO NOTHING\n    RETURNING id;\n\nIf no row comes back, it's a retry: look up the existing payment and return its stored result instead of charging again. The key row is written before the call to the provider and the provider gets the same key, so a crash between our insert and their charge still can't double-charge.",
	"035": "Keep a version column and make the save conditional on it: `UPDATE doc SET body=$b, version=version+1 WHERE id=$id AND version=$v`, and a zero row count means a conflict to show the user. Honestly that check is belt-and-braces, though: Postgres's MVCC under the default READ COMMITTED already serialises the two saves, so the second one would see the first one's change anyway. An ETag with If-Match does the same over HTTP.",
	"081": "My checklist for a Redis lock:\n- acquire: `SET lock:x <random token> NX PX 30000`, one atomic command\n- release: Lua compare-and-delete on the token, never a plain DEL\n- failover: we run Sentinel and follow each SET with `WAIT 1 50`, so replication is synchronous and the key survives a failover\n- pauses: a holder frozen past the TTL still thinks it owns the lock, so the resource checks a fencing token on each write",
	"020": "Yes, and for long jobs you should. We run a small renewal thread next to the worker: it just calls `EXPIRE lock:export 30` every 10 seconds while the job is running, so the lease never lapses under a slow but healthy holder. When the job finishes we stop the thread and release with the usual compare-and-delete script. The catch is that the renewal thread shares the process with the worker, so a long GC pause stops both, and the lease can still expire; for correctness you still want fencing tokens at the resource.",
}

// TestQA53CorrectAnswersPassClean: six correct answers of QA-53 failed on
// a flag: three debugging stories read as the candidate's design, two
// sentences that say the opposite of the mistake, and an SQL statement
// read as a list of terms. Each now passes with no flag.
func TestQA53CorrectAnswersPassClean(t *testing.T) {
	checkTesterPasses(t, []testerCase{
		// a war story: "our old code did SETNX ... and then EXPIRE ... as two calls", then the night it broke and the fix
		{"009", "redis-lock-and-failure", "two-commands", "QA-53 #009"},
		// an incident: "the client sat in SUSPENDED, kept writing, ... and for five seconds two writers were active"
		{"052", "session-suspended", "work-through-suspended", "QA-53 #052"},
		// an incident: "the client sat in SUSPENDED and kept writing; ... and the next waiter took the lock"
		{"086", "session-suspended", "work-through-suspended", "QA-53 #086"},
		// "That's what makes a holder that GC-paused past its lease harmless: its late write carries a stale number"
		{"099", "fencing-token", "ttl-as-safety", "QA-53 #099"},
		// "It's still a lease, so correctness-critical writes are fenced at the resource — Redlock gives you no token"
		{"056", "redlock-operations-q", "redlock-correctness", "QA-53 #056"},
		// an SQL statement on lines of its own (ON CONFLICT ... DO NOTHING), then "If no row comes back, it's a retry: look up the existing payment"
		{"032", "idempotency-keys", "check-then-act-safe", "QA-53 #032"},
	}, qa53Answers)
}

// TestQA53ClaimsFlagged: three losing claims of QA-53 passed unflagged:
// a reason given after a check called redundant, a bullet under the
// speaker's own checklist, and a bare EXPIRE heartbeat beside a safe
// release. Each now fails on the flag that names it.
func TestQA53ClaimsFlagged(t *testing.T) {
	checkTesterClaims(t, []testerCase{
		// "that check is belt-and-braces, though: Postgres's MVCC under the default READ COMMITTED already serialises the two saves"
		{"035", "optimistic-concurrency", "isolation-prevents-race", "QA-53 #035"},
		// under "My checklist for a Redis lock:", "we run Sentinel and follow each SET with WAIT 1 50, so replication is synchronous and the key survives a failover"
		{"081", "redis-lock-and-failure", "replication-keeps-lock", "QA-53 #081"},
		// "it just calls `EXPIRE lock:export 30` every 10 seconds", in an answer that releases with a compare-and-delete script
		{"020", "extend-lease", "extend-without-owner", "QA-53 #020"},
	}, qa53Answers)
}

// TestStoryAndListBoundaries: the rules behind those fixes stop where a
// claim begins: a story with no harm after "kept writing", told as what
// is still done, is the design; a list of terms that opens with an SQL
// keyword stays a list.
func TestStoryAndListBoundaries(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text, flag string }{
		{"session-suspended", "On SUSPENDED our client kept writing until LOST arrived, and that is what we still do.", "work-through-suspended"},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%q raised %v, want %s", c.text, r.FlagIDs(), c.flag)
		}
	}
	q, _ := b.ByID("row-lock")
	salad := "SELECT FOR UPDATE; txn-scoped; released on commit/rollback/disconnect; DB = lock + resource; atomic with writes; deadlock detection; SKIP LOCKED; NOWAIT; lock_timeout; advisory locks; not for external side effects; short txns"
	if r := b.Grade(q, quiz.Answer{Text: salad}); r.Passed {
		t.Errorf("a list of terms opening with SELECT passed at %.2f", r.Score)
	}
}

// TestGapFollowUpTakesBackNoOtherFlag: a catalog follow-up asked about a
// gap of the main answer, answered well, takes back only a red flag it was
// asked for, or one whose denied point its answer makes (QA-53 M5: the
// lock-delay follow-up, answered well, "took back" the claim that the
// provider's idempotency key turns a deposed holder away, which it never
// mentioned, and the main answer counted 80 %).
func TestGapFollowUpTakesBackNoOtherFlag(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("unfenceable-resource")
	main := b.Grade(q, quiz.Answer{Text: "Send an idempotency key derived from the job (say `payout-<job_id>`), so a duplicate call from a stale holder is collapsed into the first charge by the provider \u2014 the provider then tells the deposed holder's call from the current holder's and turns it away, just like a fencing-token check. If I need more, I put a gatekeeper service in front that owns the API credentials and checks tokens, so every call has to go through something that can say no."})
	if !slices.Contains(main.FlagIDs(), "idempotency-key-fences") {
		t.Fatalf("the main answer raised %v, want idempotency-key-fences", main.FlagIDs())
	}
	answer := "It stops a stale holder whose in-flight call lands within 15 seconds of losing the session. A holder paused longer than that (a 30s GC, a frozen VM) still gets its call through after the new holder has started \u2014 it's a timing assumption, not a guarantee. For the rest: idempotency keys derived from the job, or STONITH the old node before handing over."
	gap, _ := quiz.Recover(b, q, main, []quiz.FollowUpAnswer{{Text: answer, For: []string{}}})
	for _, f := range gap.Flags {
		if f.ID == "idempotency-key-fences" && f.Dismissed {
			t.Errorf("a follow-up asked about a gap took back %s", f.ID)
		}
	}
	if gap.Passed {
		t.Errorf("the main answer passes at %.2f after a follow-up that never took its claim back", gap.Score)
	}
	asked, _ := quiz.Recover(b, q, main, []quiz.FollowUpAnswer{{Text: answer, For: []string{"idempotency-key-fences"}}})
	for _, f := range asked.Flags {
		if f.ID == "idempotency-key-fences" && !f.Dismissed {
			t.Errorf("a follow-up asked because of the flag, answered cleanly, did not take it back")
		}
	}
}

// TestPostmortemChecksCredited: QA-53 #070, a numbered postmortem that
// checked "the workers' logs for how long the section really took" against
// a 30-second TTL and "the Redis MONITOR/slowlog for who set and deleted the
// key", failed at 30 % for missing those two points, core and breadth. It
// passes.
func TestPostmortemChecksCredited(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("two-holders")
	r := b.Grade(q, quiz.Answer{Text: "The postmortem I still use as a template \u2014 two instances of our billing worker both processed batch 7781:\n1) Worker A acquired `lock:batch` (TTL 30s) at 09:00:00 and started a 45-second S3 upload inside the critical section (our mistake: a network call under the lock).\n2) The key expired at 09:00:30; worker B acquired at 09:00:31 and began the same batch.\n3) A finished and, with our old release code (a plain `DEL`), deleted B's lock at 09:00:45 \u2014 so worker C also got in.\nWhat we checked: the Redis `MONITOR`/slowlog for who set and deleted the key, the workers' logs for how long the section really took, and Sentinel logs for a failover (none). What we changed: Lua compare-and-delete on release, the upload moved out of the critical section, and a fencing token on the batch table."})
	if !r.Passed {
		t.Fatalf("the postmortem fails at %.2f, missing %v", r.Score, r.Missed())
	}
	for _, id := range []string{"durations-vs-ttl", "timeline-from-store"} {
		if slices.Contains(r.Missed(), id) {
			t.Errorf("%s still missed", id)
		}
	}
}

// qa53bAnswers are answers of QA-53b (a second helper using the app as a
// new learner, g53), verbatim.
var qa53bAnswers = map[string]string{
	"002": "Acquire with one command: SET lock:orders <random-token> NX PX 30000, so the key and its expiry are created atomically and the value records who owns it.\nRelease with a Lua script that compares the value to my token and deletes only if they match:\n\n    -- release.lua\n    if redis.call('GET', KEYS[1]) == ARGV[1] then\n      return redis.call('DEL', KEYS[1])\n    end\n    return 0\n\nFor long jobs a heartbeat keeps it alive:\n\n    // renew every 10s; a plain EXPIRE lock:orders 30 is fine here, the key is ours anyway\n    redis.expire(\"lock:orders\", 30)\n\nHow it fails:\n1. The holder pauses (GC, VM stall) past the 30 seconds, the key expires, another client acquires and writes, and the first one wakes up and writes too. Only a fencing token checked by the resource stops that.\n2. Failover: replication is asynchronous, so the primary can acknowledge the SET and die before the replica has it; the promoted replica grants the lock to someone else.\n3. Clock jumps or eviction on the Redis server can remove the key early.",
	"003": "A fencing token is a number the lock service hands out with each grant, and each grant gets a bigger one than the last (a UUID works just as well, as long as it is unique per grant). The holder attaches the token to every write it sends to the storage. The storage remembers the highest token it has accepted and rejects any write that carries a lower one, comparing and writing atomically.\nIt solves the paused holder: a client freezes in a GC pause, its lease expires, someone else takes the lock with a newer token and writes, and when the first client wakes its stale write is refused. The check must live in the resource, because the client cannot tell that it was paused. The price is that the resource has to cooperate.",
	"029": "It is a lock held by the database on behalf of a client, so in a sense it is the simplest distributed lock: many application servers can contend on it. The difference from a Redis lock is that it lives next to the data: the lock and the write are in the same transaction, so there is no lease that can expire while the write is in flight.\nMy usual pattern for a job: SELECT ... FOR UPDATE the job row, set its status to running, COMMIT, and keep processing, because the row lock stays held until my connection closes, so nobody else can pick the row up meanwhile.\nI'd use it when the data to protect lives in that same database and the critical section is short; it does nothing for calls outside the database.",
	"043": "When the database can enforce the rule itself: a unique constraint for \"one booking per seat\", or a guarded UPDATE ... WHERE stock > 0 for a counter. The check and the write are one atomic step and there is no lease to expire. Also when the operation is idempotent, so running it twice is harmless, or when the lock is only for efficiency and an occasional duplicate only wastes some work; for low-traffic admin endpoints I skip coordination entirely, since two requests landing in the same few milliseconds practically never happens. And when each key can have a single owner, for example partitioning work by key onto one consumer.",
	"049": "The owner id says who claimed the job but not which claim. If worker A stalls past ten minutes, another worker reclaims the job, and then A (or a restarted A with the same id) claims it again later, A's delayed writes from the first claim still match WHERE owner = $me. Ids also repeat across restarts of the same pod. It's not a number the store can compare, so it can't order claims.\nThe fix: a claim epoch. The claim UPDATE does SET epoch = epoch + 1 and RETURNING epoch, and every later write is guarded with WHERE id = $1 AND epoch = $my_epoch, so a stale claim updates zero rows (shortening the reclaim interval from ten minutes to thirty seconds would also turn the owner guard into a proper fence, if we only want a small change). The job body must be idempotent, since a reclaimed job runs again.",
	"063": "Requirements first: coarse-grained locks held for seconds to hours, for leader election and correctness, so safety beats latency.\nAPI: Acquire(name, sessionId) -> (granted, token); Release(name, token); KeepAlive(sessionId); Watch(name). Sessions carry the lease and all of a session's locks go when it expires. The token is a counter that only goes up per lock, and the contract says resources must check it.\nStorage: a Raft group of five nodes; every grant is a committed log entry, so it survives the loss of two nodes, and only the leader grants, timing leases with a monotonic clock. A new leader extends every lease to a full TTL before expiring anything.\nWaiters: a FIFO queue per lock; only the head is notified, no herd.\nScaling: the state is tiny; shard lock names across independent Raft groups if one group is not enough, and keep the group at five voters, adding non-voting learners for reads.\nFailures: a client paused past its lease can still write, so the token checked by the resource is the real protection.",
	"010": "First I'd build a timeline from the lock server's log: when each grant happened and when the first lease expired, set against the first worker's GC and pause logs; usually it stalled past its TTL, or a failover lost the key. Then I'd check the release path for a plain DEL and the acquire for SETNX followed by EXPIRE. The fix is a fencing token checked at the resource, not a longer TTL.",
}

// TestQA53bClaimsFlagged: five losing claims of QA-53b that passed
// unflagged now fail on the flag that names them; two of them, said as
// outright approval ("a UUID works just as well", "a plain EXPIRE ... is
// fine here"), the second reader's veto had set aside in long answers.
func TestQA53bClaimsFlagged(t *testing.T) {
	checkTesterClaims(t, []testerCase{
		// in brackets: "a UUID works just as well, as long as it is unique per grant"
		{"003", "fencing-token", "random-fencing-token", "QA-53b #003"},
		// a code comment: "a plain EXPIRE lock:orders 30 is fine here, the key is ours anyway"
		{"002", "redis-lock-and-failure", "extend-without-owner", "QA-53b #002"},
		// "the row lock stays held until my connection closes", as the reason to go on after COMMIT
		{"029", "row-lock", "row-lock-scope-wrong", "QA-53b #029"},
		// "for low-traffic admin endpoints I skip coordination entirely, since two requests landing in the same few milliseconds practically never happens"
		{"043", "avoid-the-lock", "race-odds-dismissed", "QA-53b #043"},
		// in brackets: "shortening the reclaim interval ... would also turn the owner guard into a proper fence"
		{"049", "holder-id-guard", "owner-guard-is-fence", "QA-53b #049"},
	}, qa53bAnswers)
}

// TestQA53bCorrectAnswersPassClean: two correct answers of QA-53b failed
// on a flag; both pass with none.
func TestQA53bCorrectAnswersPassClean(t *testing.T) {
	checkTesterPasses(t, []testerCase{
		// the API line "Acquire(name, sessionId) -> (granted, token)", the token a counter
		{"063", "design-lock-service-q", "random-fencing-token", "QA-53b #063"},
		// "Then I'd check the release path for a plain DEL and the acquire for SETNX followed by EXPIRE"
		{"010", "two-holders", "two-commands", "QA-53b #010"},
	}, qa53bAnswers)
}

// TestQA53bClaimsInShortAnswers: three more claims of QA-53b are matched
// now, said plainly. (In the tester's long answers the second reader's
// veto still sets two of them aside: etcd that "itself rejects" a stale
// holder's write, and ZooKeeper that "always delivers the Expired event"
// first.)
func TestQA53bClaimsInShortAnswers(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, flag, text string }{
		{"fencing-token", "random-fencing-token", "Each grant gets a fencing token; a UUID works just as well, as long as it is unique per grant."},
		{"fencing-in-real-systems", "lock-service-fences", "Once a paused holder's lease has expired, etcd itself rejects any write that holder sends, so no fencing is needed there."},
		{"session-suspended", "session-expiry-notified-first", "ZooKeeper always delivers the Expired event to the holder before any other client can acquire the lock."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %v, want %s", c.question, c.text, r.FlagIDs(), c.flag)
		}
	}
}

// TestAdoptedQuoteIsClaimed: a quotation the speaker says, before it, that
// they adopt ("My tech lead's rule, which I follow and would defend here:
// "with a heartbeat renewing every few seconds, you never need fencing
// tokens"") is their claim (QA-53b #083: it raised nothing, and the
// answer passed once the second reader's misplaced flag was contested). A
// rule the speaker says they do not follow stays a quotation.
func TestAdoptedQuoteIsClaimed(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("extend-lease")
	adopted := "Yes: extend with a Lua script that checks the value is still my token before PEXPIRE, renew at a third of the TTL, stop the work if a renewal fails, and cap the total extension time so a stuck job can't hold the lock forever.\nMy tech lead's rule, which I follow and would defend here: \"with a heartbeat renewing every few seconds, you never need fencing tokens\".\nA heartbeat running in a separate thread keeps things simple."
	if r := b.Grade(q, quiz.Answer{Text: adopted}); r.Passed || !slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Errorf("the adopted rule: passed=%v flags %v, want a fail on fencing-unneeded", r.Passed, r.FlagIDs())
	}
	refused := strings.Replace(adopted, "which I follow and would defend here", "which I never follow", 1)
	if r := b.Grade(q, quiz.Answer{Text: refused}); slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Errorf("a rule the speaker never follows raised fencing-unneeded")
	}
}

// testerCase is an answer a QA helper wrote (its entry number n in
// answers), the question it answers, the flag it is about (raised, or
// the one it wrongly raised) and how a failure names it.
type testerCase struct{ n, question, flag, what string }

// checkTesterClaims grades each answer as written: it must fail on its
// flag.
func checkTesterClaims(t *testing.T, cases []testerCase, answers map[string]string) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: answers[c.n]})
		if r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s (%s): passed=%v flags %v, want a fail on %s", c.what, c.question, r.Passed, r.FlagIDs(), c.flag)
		}
	}
}

// checkTesterPasses grades each answer as written: it must pass with no
// flag (c.flag is the one it raised before).
func checkTesterPasses(t *testing.T, cases []testerCase, answers map[string]string) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: answers[c.n]})
		if !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s (%s): passed=%v score %.2f flags %v, want a pass with no flag (it raised %s)", c.what, c.question, r.Passed, r.Score, r.FlagIDs(), c.flag)
		}
	}
}
