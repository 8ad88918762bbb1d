package quiz_test

import "testing"

// TestReadingRulesG12 holds grader g12's reading rules for red-flag
// precision to sentences of our own: for each class of wording that the
// grader took for a claim, phrasings that only name, ask about or take
// apart the mistake (no flag) beside near-misses that make it (flag). The
// classes come from the flags raised on passing answers of the tuning
// writers AD, AE, AF and the validation writers AG, AH; none of these
// sentences is a corpus answer.
func TestReadingRulesG12(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// Conditional: when the if-clause holds the whole mistake and the
		// clause after it only repeats one of its words, the practice is
		// the case things go wrong in, not advice.
		{"condition holds the practice, main clause repeats the API", "row-lock", "lock-across-network-call",
			"If a worker keeps the transaction open while calling the card API and its session dies, the row lock is released and the card API has charged anyway.", false},
		{"condition holds the practice: holding a row lock across a request", "row-lock", "lock-across-network-call",
			"If you hold the row lock during an HTTP request to the shipping service and the pool kills the connection, the lock is gone and the shipping request was sent all the same.", false},
		{"near-miss: the practice in the main clause after a condition", "row-lock", "lock-across-network-call",
			"If the order needs a charge, keep the transaction open while calling the card API.", true},
		{"near-miss: a claim before a condition that repeats its words", "row-lock", "lock-across-network-call",
			"I keep the row lock while calling the billing API, since if the worker crashes the rollback undoes the billing call too.", true},

		// Embedded question: an if- or whether-clause after a word of
		// knowing asks what is unknown; it claims nothing.
		{"embedded question: ask itself if", "session-suspended", "work-after-lost-lease",
			"Connection lost; the client has to ask itself if it still holds the lock, and the answer is unknowable.", false},
		{"embedded question: the question is whether", "session-suspended", "work-after-lost-lease",
			"After a lost connection the real question is whether you still hold the lock.", false},
		{"embedded question: no way of knowing if", "session-suspended", "work-after-lost-lease",
			"Connection lost: there's no way of knowing if we still own the lock until the session is confirmed, so we pause.", false},
		{"near-miss: the holding asserted", "session-suspended", "work-after-lost-lease",
			"After the connection is lost the worker still holds the lock, so it finishes the write.", true},
		{"near-miss: a claim after the embedded question", "session-suspended", "work-after-lost-lease",
			"You may wonder if that's risky, but after a lost connection you still hold the lock and can resume.", true},

		// Rejection in a header: a noun phrase whose relative clause
		// rejects it ("An approach I'd rule out:") refuses what its colon
		// introduces, as "A pattern I wouldn't accept:" does.
		{"header rejecting its noun: rule out straight away", "design-lock-service-q", "wall-clock",
			"An option I'd rule out straight away: every client checks the lease expiry against its own local clock.", false},
		{"header rejecting its noun: rule out early", "design-lock-service-q", "wall-clock",
			"One approach we would rule out early: clients check the expiry against their local clock before every write.", false},
		{"header rejecting its noun: discard", "design-lock-service-q", "wall-clock",
			"A shortcut I'd discard quickly: every client checks the lease expiry against its own local clock.", false},
		{"header rejecting its noun: throw out", "design-lock-service-q", "wall-clock",
			"The one layout I'd throw out first: every client checks the lease expiry against its own local clock.", false},
		{"near-miss: a header of what the candidate picks", "design-lock-service-q", "wall-clock",
			"An option I'd choose straight away: every client checks the lease expiry against its own local clock.", true},
		{"near-miss: a rejection the header denies", "design-lock-service-q", "wall-clock",
			"An approach I wouldn't rule out: clients check the expiry against their local clock before every write.", true},

		// A list of mistakes: a sentence counting things and ending on
		// refusing them announces the list, and "The first is", "The
		// second is" number its items as "First," and "Two:" do.
		{"announced refusals: the first is", "two-holders", "plain-del",
			"Three habits I'd avoid. The first is deleting the lock key with DEL once the job is done. The second is a TTL picked by guesswork.", false},
		{"announced refusals: the second is, after an aside", "two-holders", "plain-del",
			"A couple of shortcuts are worth rejecting. The first is a TTL picked by guesswork. It hides the real bug. The second is deleting the lock key with DEL once the job is done.", false},
		{"announced refusals: the other one is", "two-holders", "plain-del",
			"Two habits worth banning. One is a TTL picked by guesswork. The other one is deleting the lock key with DEL once the job is done.", false},
		{"near-miss: a counted list of steps", "two-holders", "plain-del",
			"Two steps matter. The first is to acquire with SET NX PX. The second is deleting the lock key with DEL once the job is done.", true},
		{"near-miss: an ordinal before its own noun", "two-holders", "plain-del",
			"Two shortcuts are worth rejecting: guessing the TTL and skipping fencing. The first step of my release is to delete the lock key with DEL once the job is done.", true},

		// Scope of negation: "rather than" and "instead of" set a
		// noun phrase aside with the restrictive relative clause that
		// describes it.
		{"rather than a noun and its relative clause", "session-suspended", "work-through-suspended",
			"We pause on SUSPENDED rather than running a handler that keeps working until LOST.", false},
		{"instead of a noun and its relative clause", "session-suspended", "work-through-suspended",
			"I'd keep stopping on SUSPENDED instead of a listener setup that only stops work on LOST.", false},
		{"near-miss: the set-aside clause ends at a comma", "session-suspended", "work-through-suspended",
			"Rather than pausing on SUSPENDED, we use a policy that only reacts to LOST.", true},
		{"near-miss: instead of, then the candidate's own choice", "session-suspended", "work-through-suspended",
			"Instead of polling, we run a listener that only reacts to LOST.", true},

		// What is said not to be needed: a lock declared unneeded beside a
		// unique claim row that dedupes is not idempotency declared
		// unneeded.
		{"unneeded lock: not needed, then the row dedupes", "run-job-once", "exactly-once-claim",
			"The lock is not needed; the unique run row takes care of dedup.", false},
		{"unneeded lock: don't need locks, since", "run-job-once", "exactly-once-claim",
			"We don't need locks, since the claim row's unique key dedupes every rerun.", false},
		{"unneeded lock: no need for a lock", "run-job-once", "exactly-once-claim",
			"No need for a lock here; deduplication comes from the unique claim row.", false},
		{"unneeded lock: a colon before the row", "run-job-once", "exactly-once-claim",
			"You don't need a lock at all: the claim row is unique, and idempotent effects cover the reruns.", false},
		{"near-miss: idempotency said unneeded", "run-job-once", "exactly-once-claim",
			"Idempotency isn't needed; the unique claim row makes it exactly once.", true},
		{"near-miss: dedupe said unneeded", "run-job-once", "exactly-once-claim",
			"Dedupe isn't needed once the claim row is unique.", true},
		{"near-miss: idempotent handlers said unneeded", "run-job-once", "exactly-once-claim",
			"Idempotent handlers are not needed, since the claim row is unique.", true},

		// A canonical order named by its function or its extreme
		// ("min(source, destination)", "the smallest of the two") is
		// the fix, not source-then-destination by role.
		{"order by role: min of the pair", "deadlock-ordering", "lock-order-by-role",
			"Always lock min(source, destination) first, then the max of the two.", false},
		{"order by role: the smallest of the pair", "deadlock-ordering", "lock-order-by-role",
			"Every transfer takes the smallest of source and destination first, then the other.", false},
		{"near-miss: source then destination by role", "deadlock-ordering", "lock-order-by-role",
			"Always lock the source first, then the destination, on every transfer.", true},

		// The ZooKeeper predecessor, in every wording, is the recipe.
		{"zk predecessor: immediately before", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Every other client sets a watch only on the node immediately before its own.", false},
		{"zk predecessor: directly ahead, preceding", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"All waiters put a watch on the node directly ahead of them, preceding their own.", false},
		{"zk predecessor: right before", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"The rest set a watch on the node right before theirs in sequence order.", false},
		{"near-miss: everyone watches the holder", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Every other client sets a watch on the lowest node, the current holder.", true},

		// A deadlock detector said to be missing is not deadlock said
		// to be impossible.
		{"no deadlock detection", "deadlock-ordering", "ttl-as-safety",
			"Redis has no deadlock detection, so both transfers sit there until their leases expire.", false},
		{"no deadlock detector", "deadlock-ordering", "ttl-as-safety",
			"There's no deadlock detector in etcd; two transfers just wait until a TTL runs out.", false},
		{"near-miss: no deadlock risk thanks to TTLs", "deadlock-ordering", "ttl-as-safety",
			"With TTLs there's no deadlock risk: a lease always expires eventually.", true},

		// A job running longer than its lease is the failure a TTL
		// allows, not a TTL sized longer than the job.
		{"job runs longer than the lease", "run-job-once", "ttl-as-safety",
			"If the job runs longer than lockAtMostFor, the lock expires and another instance starts as well.", false},
		{"a run takes longer than the lease", "run-job-once", "ttl-as-safety",
			"If a run takes longer than lockAtMostFor, the lock expires and a second instance starts too.", false},
		{"near-miss: the lease sized longer than any run", "run-job-once", "ttl-as-safety",
			"Set the lease longer than any job run and the lock can never expire early.", true},

		// A command's return value is not the lock's value.
		{"WAIT's return value checked", "redis-wait-safe", "client-side-fencing",
			"If we must stay on Redis, I'd check WAIT's return value, configure min-replicas-to-write, and call the lock best-effort.", false},
		{"near-miss: the holder checks its token against Redis", "redis-wait-safe", "client-side-fencing",
			"Before each write the holder checks the token against Redis to confirm it still owns the lock.", true},

		// The harm of a plain DEL told ("my DEL removes their lock"), and
		// the lock service deleting an expired key, are no release by DEL.
		{"plain DEL's harm: removes their lock", "redis-lock-and-failure", "plain-del",
			"Release is never a bare DEL: if my lease ran out and another client took the key, my DEL removes their lock.", false},
		{"plain DEL's harm: removes their key", "redis-lock-and-failure", "plain-del",
			"A plain DEL is unsafe after a pause: my release removes their key, not mine.", false},
		{"server expiry: Redis deletes the key", "extend-lease", "plain-del",
			"The watchdog thread is frozen too, so the 30 s window passes and Redis deletes the key after that.", false},
		{"server expiry: etcd deletes the key", "extend-lease", "plain-del",
			"The renewal thread is paused with the JVM, and after 30 s etcd deletes the key once the lease is done.", false},
		{"near-miss: the worker releases with DEL", "redis-lock-and-failure", "plain-del",
			"When the job is done, the worker releases with DEL on the key.", true},
		{"near-miss: the candidate deletes the key", "extend-lease", "plain-del",
			"When the work is done, I delete the lock key.", true},

		// A short header of investigation ("Debugging:", "Triage:",
		// "Troubleshooting:") heads a list of suspects, as "Suspects:"
		// does; a fix section after it, or a longer header of steps
		// taken while debugging, is the candidate's own.
		{"investigation header: debugging", "two-holders", "two-commands",
			"Debugging:\n1. Timeline of both workers.\n2. Acquire path: SETNX and EXPIRE as separate calls, a missing token check.\n3. GC logs on both hosts.", false},
		{"investigation header: triage", "two-holders", "two-commands",
			"Triage:\n- Client code: SETNX followed by EXPIRE, DEL without a token.\n- Redis failover logs.", false},
		{"investigation header: troubleshooting", "two-holders", "two-commands",
			"Troubleshooting:\n- The acquire code, SETNX then a separate EXPIRE.\n- Pauses in the GC log.", false},
		{"near-miss: a fix section after the debugging list", "two-holders", "two-commands",
			"Debugging:\n1. Timeline of both workers.\nFix:\n- Acquire with SETNX and then EXPIRE in a second call.", true},
		{"near-miss: a header of how the candidate acquires", "two-holders", "two-commands",
			"How we acquire:\n- SETNX, then EXPIRE in a second call.", true},
		{"near-miss: a longer header of the candidate's own steps while debugging", "two-holders", "two-commands",
			"Two things I'd change while debugging:\n- Acquire with SETNX and then EXPIRE in a second call.", true},

		// Contrast: a "but" that opens a clause with a subject of its own
		// sets what the lock prevents against what actually happens; the
		// words on its two sides make no claim together.
		{"contrast: prevents X, but the duplicate is Y", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock prevents two requests running at once, but the double charge comes from a retry after the first one finished.", false},
		{"contrast: a Redis lock prevents X, but the duplicate charge", "idempotency-keys", "lock-instead-of-constraint",
			"A Redis lock prevents two requests running at once, but the duplicate charge comes from a retry after the first one finished.", false},
		{"contrast: stops X, but our duplicates", "idempotency-keys", "lock-instead-of-constraint",
			"The lock stops overlapping requests, but our duplicates are retries that arrive after the response was lost.", false},
		{"near-miss: the claim after the but", "idempotency-keys", "lock-instead-of-constraint",
			"It adds a little latency, but the per-customer lock prevents double charges.", true},
		{"near-miss: the claim before the but", "idempotency-keys", "lock-instead-of-constraint",
			"The per-customer lock prevents double charges, but it adds a little latency.", true},
	})
}
