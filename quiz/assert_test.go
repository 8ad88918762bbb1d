package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestClaimMadeVersusMentioned holds each assertion mechanism to a pair
// of answers in our own words: the claim made (the flag must be raised,
// so the test fails if the flag's patterns stop reading it) and the same
// claim named, rejected, exemplified or hedged (no flag).
func TestClaimMadeVersusMentioned(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		name, question, flag string
		made, mentioned      string
	}{
		{"Redlock listed among things not needed is no claim about Redlock", "redis-wait-safe", "redlock-correctness",
			"Redlock doesn't need fencing tokens.",
			"With WAIT on one replica you don't need fencing tokens or Redlock in that case."},
		{"the next sentence rejects it", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away.",
			"The fix most teams try first is to double the TTL so the problem goes away. I'd reject that: a longer pause still overlaps, and only the storage checking a fencing token makes it harmless."},
		{"'that's a myth' after it", "two-holders", "ttl-as-safety",
			"The fix is to double the TTL so the problem goes away.",
			"Some on my team wanted to double the TTL so the problem goes away. That's a myth: a longer pause still overlaps."},
		{"an example of an announced mistake", "row-lock", "lock-across-network-call",
			"I take the row lock with FOR UPDATE, then call the payment API, then commit.",
			"There's one pattern I'd avoid: guarding something outside the database with a row lock. For example, I take the row lock with FOR UPDATE, then call the payment API, then commit."},
		{"a mistake noun with a relative clause before its copula", "row-lock", "lock-across-network-call",
			"I take the row lock with FOR UPDATE, then call the payment API, then commit.",
			"The anti-pattern I'd warn people about is taking the row lock with FOR UPDATE, then calling the payment API, then committing."},
		{"'the wrong way is'", "redis-lock-and-failure", "plain-del",
			"To release, I delete the key with DEL when the job is done.",
			"To release, the wrong way is to delete the key with `DEL` when the job is done, because it removes whoever holds it now."},
		{"the consequence of a named mistake", "idempotency-keys", "fresh-idempotency-key",
			"Each retry gets a fresh key from the server.",
			"Another mistake: letting the server mint the key. Then each retry gets a fresh key and nothing is deduplicated."},
		{"'misses the point' judges its subject", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer is the right approach here.",
			"A lock per customer misses the point here: the retry comes after the first request finished."},
		{"a step whose assumption is stated next", "unfenceable-resource", "client-side-fencing",
			"Check that the lock is still held right before calling the API.",
			"Check that the lock is still held right before calling the API. Assumes no pause longer than the margin between the check and the call."},
		{"'doesn't remove the need' asserts the need", "run-job-once", "lock-instead-of-constraint",
			"With the lock in place the job doesn't need to be idempotent.",
			"A single scheduler instance doesn't remove the need for idempotency: it can still fire twice."},
		{"the candidate's own rejection sentence", "outbox-pattern", "lock-across-network-call",
			"I publish to Kafka while the transaction is open and keep the transaction open across the network call until Kafka acks.",
			"I'd also reject the usual fix, 'publish inside the transaction': you'd keep the transaction open across the network call until Kafka acks."},
		{"a header of things forbidden or ruled out", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Put a replica with Sentinel behind each node for availability.",
			"Things I'd forbid: a replica with Sentinel behind each node for availability."},
		{"'a common misreading is that'", "fencing-in-real-systems", "client-side-fencing",
			"The client should compare its token with the lock service's before writing.",
			"A common misreading is that the client should compare its token with the lock service's before writing; the receiver has to do it."},
		{"suspects listed after a probe's dash", "two-holders", "two-commands",
			"We acquire with setnx+expire and go.",
			"Then figure out who lied — the lock service (failover, restart), the first worker (gc, throttling), or our code (setnx+expire, a del without a token check)."},
		{"a prohibition after a conjunction", "idempotency-keys", "fresh-idempotency-key",
			"Each retry gets a fresh key from the server.",
			"And avoid having the server mint the key, or each retry gets a fresh key."},
		{"an item whose bracket states its assumption", "unfenceable-resource", "wall-clock",
			"Check the lease time left against the clock right before the call.",
			"Everything else only narrows the window: check the lease time left against the clock right before the call (assumes pauses and clocks behave), and reconcile afterwards."},
		{"'Another one:' after a mistake named earlier", "fencing-token", "client-side-fencing",
			"The client compares its token with the lock service before writing.",
			"Common mistake: using the lock's random value as the token. It has no order at all. Another one: the client compares its token with the lock service before writing."},
		{"bullets under an anti-patterns header", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"I make persistent nodes for the lock.",
			"Anti-patterns the recipe avoids:\n- **Persistent nodes for the lock.** A crashed holder never releases them.\n- **Everyone watching the parent.** Same herd."},
		{"'had someone tell me X. Disagree.'", "avoid-the-lock", "lock-instead-of-constraint",
			"You always need a distributed lock when two services write the same table.",
			"Had a staff eng tell me you always need a distributed lock when two services write the same table. Disagree."},
		{"'a leap of faith' judges its clause", "unfenceable-resource", "client-side-fencing",
			"Check that the lock is still held right before calling the API.",
			"Each fallback is its own leap of faith: check that the lock is still held right before calling the API, and still lose to a pause."},
		{"'read the client code for' probes", "two-holders", "two-commands",
			"We acquire with setnx+expire and go.",
			"Read the client code for the usual suspects: setnx+expire split, a del without a token check."},
		{"a whole claim in quotes is quoted, not made", "two-holders", "ttl-as-safety",
			"I'd just double the TTL so the problem goes away.",
			`The ticket title was "just double the TTL so the problem goes away" and the timeline showed a GC pause.`},
		{"a quoted claim the candidate says they use is made", "two-holders", "ttl-as-safety",
			`I'd just "double the TTL so the problem goes away".`,
			`The ticket title was "just double the TTL so the problem goes away" and the timeline showed a GC pause.`},
		{"'Or, ...' continues a mistake just named", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"With sequential nodes everyone watches the lowest node.",
			"The naive way is one fixed lock node that everyone watches. Or, with sequential nodes, everyone watches the lowest node. Both wake every waiter on each release."},
		{"'Not true.' rejects the sentence before it", "redis-early-expiry", "single-node-keeps-keys",
			"On a single node the lock key can't expire early.",
			"People tend to believe that on a single node the lock key can't expire early. Not true: eviction and restarts can remove it early."},
		{"'that' after a verb is a determiner, not a clause", "avoid-the-lock", "ttl-as-safety",
			"The TTL guarantees that only one process holds the lock at a time.",
			"A TTL can't give you that guarantee that only one process holds the lock at a time."},
		// grader g7: quotation marks inside a negated clause.
		{"a quoted word inside a negated clause", "etcd-revision-guard", "ttl-as-safety",
			"We fix it with a longer session TTL so the problem goes away.",
			`We would not "fix" it with a longer session TTL so the problem goes away.`},
		{"a quoted phrase after 'never'", "two-holders", "ttl-as-safety",
			"Just double the TTL and call it fixed.",
			"I would never `double the TTL` and call it fixed."},
		{"a quoted verb after 'don't'", "choose-ttl", "ttl-as-safety",
			"Raise the TTL so the overlap goes away.",
			`Don't "raise" the TTL so the overlap goes away; fence the write.`},
		// what a guard is against is the threat, not a claim.
		{"'protects against' names the threat", "fencing-token", "work-after-lost-lease",
			"When the renewal fails, the worker can keep running the job.",
			"The token protects against a worker whose renewal failed and that can keep running the job."},
		{"'guards against' names the threat", "extend-lease", "work-after-lost-lease",
			"If the renewal fails, it's fine to finish the current batch.",
			"The storage check guards against a holder deciding it's fine to finish the current batch after a failed renewal."},
		{"'protects you from' names the threat", "redis-lock-and-failure", "work-after-lost-lease",
			"If the renewal times out, we keep going with the job.",
			"Fencing protects you from a worker where the renewal times out and it keeps going with the job."},
		{"'only protects against' is a claim about reach", "row-lock", "row-lock-scope-wrong",
			"The row lock only protects against other threads using the same connection.",
			"The row lock protects against other threads and other servers, not only the same connection."},
		// a belief reported with a participle or a noun.
		{"', thinking X' after a mistake reports the belief", "choose-ttl", "ttl-as-safety",
			"I set the TTL to an hour, so the lock can never expire while the job runs.",
			"A common error is an hour-long TTL, thinking the lock can then never expire while the job runs."},
		{"'believing that X' reports the belief", "choose-ttl", "ttl-as-safety",
			"The lock can never expire while the job is running with an hour TTL.",
			"Teams pick an hour TTL believing that the lock can never expire while the job is running."},
		{"'the idea that X' names a belief", "avoid-the-lock", "ttl-as-safety",
			"A long enough TTL keeps two holders apart.",
			"The idea that a long enough TTL keeps two holders apart is what breaks under a long pause."},
		{"'as if' is a counterfactual", "session-suspended", "work-through-suspended",
			"While the client is suspended no other client can acquire the lock, so I keep working.",
			"The bug is a client that keeps working as if no other client can acquire the lock while it is suspended."},
		// possibilities enumerated.
		{"a run of 'Or ...' sentences lists possibilities", "two-holders", "two-commands",
			"The acquire is setnx then expire.",
			"The first worker froze in a GC pause. Or its renewer died quietly. Or the acquire is setnx then expire and it crashed between them."},
		{"'Maybe X. Or Y.' lists possibilities", "two-holders", "two-commands",
			"We acquire with setnx then expire.",
			"Maybe the TTL was shorter than the job. Or we acquire with setnx then expire and crashed in between."},
		// a phrase does not bridge a semicolon or colon.
		{"a phrase bridging a semicolon makes no claim", "run-job-once", "lock-instead-of-constraint",
			"With the lock held we don't require a unique key.",
			"No distributed lock is required; a unique key per period does it."},
		// list items, brackets, asides and colons (S and T).
		{"a match across semicolon-separated list items", "fencing-in-real-systems", "fencing-unneeded",
			"We can drop fencing here, the epochs handle it.",
			"Kafka brokers drop requests with a stale controller epoch; Elasticsearch has primary terms; BookKeeper does ledger fencing."},
		{"a phrase bridging a closing bracket", "redis-early-expiry", "ttl-as-safety",
			"The holder can only lose the lock if the process crashes.",
			"A crash plus restart with AOF on everysec (or RDB only) loses recent writes."},
		{"'Mistake two, which ..., is X'", "holder-id-guard", "wall-clock",
			"Have the worker compare its own clock against claimed_at to decide whether it is still valid.",
			"Mistake two, which I have seen proposed as the fix, is having the worker compare its own clock against claimed_at to decide whether it is still valid."},
		{"a mistake announced through a relative clause before a colon", "row-lock", "lock-across-network-call",
			"Hold FOR UPDATE across an external call.",
			"It works if you avoid the mistake I have seen in two postmortems: holding FOR UPDATE across an external call."},
		{"someone else's rule before a colon", "avoid-the-lock", "lock-instead-of-constraint",
			"If more than one process writes to the same thing, you always need a distributed lock.",
			"A lead I worked with had this rule: if more than one process writes to the same thing, you always need a distributed lock."},
		{"'my manager's take:'", "avoid-the-lock", "lock-instead-of-constraint",
			"You always need a distributed lock.",
			"My manager's take: you always need a distributed lock. I disagree."},
		{"an adverb 'then' stays inside the condition", "row-lock", "lock-across-network-call",
			"Hold the row lock while calling the payment API; the rollback undoes it if anything fails.",
			"If you call a payment API while holding the row lock and the transaction then aborts, the external call still happened."},
		{"'it' with 'more than' and 'work' is no TTL claim", "row-lock", "ttl-as-safety",
			"Make it longer than the longest job run and you are done.",
			"It works as long as more than one server shares the database."},
		{"a prefix ending in e hears the -ing form", "idempotency-keys", "fresh-idempotency-key",
			"The server generates a new idempotency key for each request.",
			"The client generates a new idempotency key per payment, reusing it on every retry of that payment."},
		{"a monotonic timestamp is the correct counterpart of a wall clock", "redis-lock-and-failure", "wall-clock",
			"Use the timestamp as the token, the later one wins.",
			"Take a local monotonic timestamp before sending; the validity ends at that time plus the TTL minus a margin."},
		{"a per-customer lock that 'never sees' the retry is rejected", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer stops the double charge, since two requests cannot run at the same time.",
			"The retry arrives after the first request already finished, so a per-customer lock never even sees the double charge."},
		{"'it fails when ...' lists failure cases", "redis-lock-and-failure", "two-commands",
			"We use SETNX+EXPIRE as two calls and release with a script.",
			"It fails when the holder pauses past the TTL, and when clients cut corners like SETNX+EXPIRE as two calls."},
		{"'it breaks if ...' lists failure cases", "redis-lock-and-failure", "two-commands",
			"Acquire with SETNX, then EXPIRE the key.",
			"The lock breaks if someone acquires with SETNX, then EXPIRE the key in a second call."},
		{"'where people go wrong is X' names X", "row-lock", "lock-across-network-call",
			"I hold FOR UPDATE while calling the payment API.",
			"Where I have seen people go wrong is holding FOR UPDATE while calling the payment API."},
		{"'It also ...' after a rejection lists another cost", "row-lock", "lock-across-network-call",
			"It holds a transaction open across a slow network call.",
			"Teams guard an external call with the row lock. That does not make the call happen once. It also holds a transaction open across a slow network call."},
		{"inverted clauses after a colon ask", "two-holders", "two-commands",
			"Our code does setnx+expire split and a plain DEL release.",
			"Then go down the list: did worker A pause past the ttl, did redis lose the key, or is our code dumb (setnx+expire split, plain DEL release)."},
		{"'without ever holding' is not 'without listing again'", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"When your predecessor is deleted you hold the lock, so you can proceed without listing the children again.",
			"When that fires it re-checks the children (the predecessor might have left without ever holding the lock)."},
		{"'the only way to live with exactly once'", "run-job-once", "exactly-once-claim",
			"The claim row gives us exactly once, so each run happens once.",
			"Then a duplicate run is harmless, which is realistically the only way to live with exactly once."},
		// X and Y: brackets, clefts, proposals, contrasts, passive reports.
		{"a part inside a bracketed aside and another outside it", "fencing-in-real-systems", "fencing-unneeded",
			"We can skip fencing tokens here.",
			"Kafka has a controller epoch (brokers drop requests from a stale controller), and producer epochs, which fence zombie producers."},
		{"'What I wouldn't do is X'", "two-holders", "ttl-as-safety",
			"I'd fix it by raising the TTL so the problem goes away.",
			"What I wouldn't do is fix it by raising the TTL so the problem goes away."},
		{"'What I'd reject is X'", "row-lock", "lock-across-network-call",
			"I hold a row lock while calling an external service.",
			"What I'd reject is holding a row lock while calling an external service, as if that made the call exclusive."},
		{"'What I'd call out as not a fence: X'", "fencing-in-real-systems", "mutex-no-lease",
			"We take the lock with SET NX and go.",
			"What I'd call out as NOT a fence: the random value in a Redis SET NX lock."},
		{"'The proposal treats X as Y'", "redis-wait-safe", "wait-makes-safe",
			"WAIT makes replication synchronous.",
			"The proposal treats WAIT as making replication synchronous, and it doesn't."},
		{"'unlike a lease' contrasts the lease", "avoid-the-lock", "ttl-as-safety",
			"The lease can't expire under you while the job is running.",
			"A conditional update serialises access, and unlike a lease it can't expire under you while the job is running."},
		{"'was described as' reports", "zookeeper-lock-recipe", "zk-recipe-wrong",
			"Everyone creates the same node and the rest set a watch on that node.",
			"At a meetup the recipe was described as: everyone creates the same node and the rest set a watch on that node."},
		{"a sentence opening on a named mistake runs to its end", "row-lock", "lock-across-network-call",
			"You hold a transaction open across a network call.",
			"The common mistake is calling the API inside the transaction, and meanwhile you hold a transaction open across a network call."},
		{"'Audit the client:' lists suspects", "two-holders", "work-after-lost-lease",
			"Our renewal thread keeps going after a failure.",
			"Audit the client: token-checked release, owner-checked renewal, renewal threads that keep going after a failure."},
		{"'is about X' makes X a topic", "redis-wait-safe", "replication-keeps-lock",
			"The lock survives a failover.",
			"All of that is about the lock surviving a failover; it says nothing about a holder that froze."},
		{"'says nothing about X' makes X a topic", "redis-wait-safe", "replication-keeps-lock",
			"With WAIT the lock survives a failover.",
			"WAIT says nothing about the lock surviving a failover."},
		{"'may have held it' is a possibility", "redis-wait-safe", "replication-keeps-lock",
			"The replica already has the lock, so failover is fine.",
			"Sentinel can crown a different replica, and the acknowledging one may have held the lock only in memory."},
		{"'X beats a mutex' disfavours the mutex", "avoid-the-lock", "mutex-no-lease",
			"Take a mutex in Redis and release it when the job is done.",
			"A unique constraint beats a mutex every time; a lock can't stop a retry that arrives after release."},
		{"'atomic across Kafka partitions' is Kafka's own scope", "outbox-pattern", "dual-write-atomic",
			"Publish to Kafka inside the transaction, so the two are atomic.",
			"Kafka transactions don't help here: they're atomic across Kafka partitions, not across Kafka and Postgres."},
		{"a limit stated as a disclaimer", "redlock-operations-q", "ttl-as-safety",
			"Clients need three of five within the TTL, and no fencing is needed.",
			"Clients need three of five within the TTL; the disclaimer: no fencing token is needed by Redlock's design and none is given, so a pause still gives two holders."},
		{"'That's a check-then-act race.' rejects the sentence before", "etcd-revision-guard", "client-side-fencing",
			"Before writing, the leader checks session.Done() and then does a normal Put.",
			"Teams do this: before writing, the leader checks session.Done() and then does a normal Put. That's a check-then-act race."},
		{"'The tempting version is: X'", "etcd-revision-guard", "client-side-fencing",
			"Before writing, Get the lock key, see we're still the owner, then Put the routes.",
			"The tempting version is: before writing, Get the lock key, see we're still the owner, then Put the routes."},
		{"'A pattern I see a lot: X'", "etcd-revision-guard", "client-side-fencing",
			"Before writing, the leader checks session.Done() and then does a normal Put.",
			"A pattern I see a lot: before writing, the leader checks session.Done() and then does a normal Put."},
		{"'a sloppy DEL in a release path' names a cause", "redis-early-expiry", "plain-del",
			"When done, release with DEL on the key.",
			"Keys vanish through FLUSHDB, a sloppy DEL in a release path, or two services sharing a key name."},
		{"'once you look:' heads no list of suspects", "fencing-in-real-systems", "random-fencing-token",
			"Even Redis: the random value Redlock stores in the key is a fencing token.",
			"Look for: the random value Redlock stores in the key is a fencing token, and similar shortcuts."},
		// U (read last): concessions, idioms, headers of caveats.
		{"'Yes, the cycle breaks, but ...' concedes and refutes", "deadlock-ordering", "ttl-as-safety",
			"Let the TTL untangle any cycle, so no lock ordering is needed.",
			"Yes, the cycle breaks, but it breaks by a lease expiring under a process that's still running, from a stale view."},
		{"'be sure' is not 'surely'", "extend-lease", "work-after-lost-lease",
			"If the renewal times out, it's surely still yours, so keep going.",
			"Keep a stopwatch so you know the last moment you can be sure you still own it."},
		{"'a version people think they run:' reports", "fencing-in-real-systems", "client-side-fencing",
			"The client reads the current token from the lock service and checks it before writing.",
			"A version of fencing people think they run but don't: the client reads the current token from the lock service and checks it before writing."},
		{"'any policy except noeviction' is no Redlock claim", "redis-early-expiry", "redlock-correctness",
			"Redlock is safe under any failure.",
			"Under maxmemory, any policy except noeviction can evict it."},
		{"a numbered failure mode 'self-inflicted:'", "redis-lock-and-failure", "two-commands",
			"We set the key and its expiry in two separate calls.",
			"Fourth, self-inflicted: setting the key and its expiry in two separate calls."},
		{"'a long way from X' denies X", "redis-wait-safe", "replication-keeps-lock",
			"With WAIT the lock survives a failover.",
			"WAIT blocks until a replica acks, but that's a long way from the lock that survives a failover."},
		{"bullets under 'Caveats:'", "row-lock", "lock-across-network-call",
			"Hold the row lock while calling the payment provider.",
			"Caveats:\n- Hold the row lock while calling the payment provider and the call isn't rolled back.\n- Long transactions block others."},
		{"'go back to sleep' is no timing trick", "run-job-once", "timing-as-coordination",
			"A random sleep before starting makes sure only one pod runs it.",
			"Exactly one pod succeeds and does the work, and the rest see the row and go back to sleep."},
		// idioms and names.
		{"'to be safe' is a precaution", "design-lock-service-q", "ttl-as-safety",
			"Renewals keep the lock safe.",
			"Each client renews at a third of the TTL and treats itself as expired early, to be safe."},
		{"'considers itself expired' is self-limiting, not client fencing", "design-lock-service-q", "client-side-fencing",
			"The client itself rejects stale tokens before it writes.",
			"The client considers itself expired a little before the server does, and the storage rejects stale tokens."},
		{"'the Redlock advice' names a source", "redis-early-expiry", "redlock-correctness",
			"Redlock fixes all of this.",
			"Fix: fsync always, or follow the Redlock advice and keep a crashed node down for longer than the TTL."},
		{"'like any other write' describes the bug", "etcd-revision-guard", "fence-checked-once",
			"After the first transaction succeeds, the next writes can be plain Puts.",
			"When the deposed leader wakes, its plain Put is accepted by etcd like any other write."},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("%s: no question %s", c.name, c.question)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.made}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: claim made, %s not raised (flags %v): %q", c.name, c.flag, r.FlagIDs(), c.made)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.mentioned}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: claim mentioned, %s raised: %q", c.name, c.flag, c.mentioned)
		}
	}
}

// TestNeedRemoverNegatesTheNeed: "X removes the need for fencing" says
// fencing is not needed, as "no need for fencing" does.
func TestNeedRemoverNegatesTheNeed(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	for text, want := range map[string]bool{
		"A monotonic token checked by the storage on every write. Redlock removes the need for fencing tokens, though.":                true,
		"A monotonic token checked by the storage on every write. Redlock does not remove the need for fencing tokens, it needs them.": false,
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if got := slices.Contains(r.FlagIDs(), "fencing-unneeded"); got != want {
			t.Errorf("fencing-unneeded raised=%v, want %v: %q", got, want, text)
		}
	}
}

// TestAbsoluteClaimsAreFlagged: a losing claim is often an absolute
// ("nobody else can", "can never", "no race") credited to something that
// cannot give it. These are our own sentences, one per mechanism, each
// beside a right stance in nearly the same words that must stay quiet.
func TestAbsoluteClaimsAreFlagged(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, flag, claim, right string }{
		{"avoid-the-lock", "ttl-as-safety",
			"When I need one, the heartbeat keeps the lease alive, so no other worker can be inside the section at the same time.",
			"The heartbeat keeps the lease alive, but that doesn't guarantee that no other worker can be inside the section: a pause stops the heartbeat too."},
		{"redis-lock-and-failure", "ttl-as-safety",
			"You don't have to worry about GC pauses here: Redis expires the key itself, so a client can't end up writing after its lock expired.",
			"Redis expires the key itself, and a paused client can still end up writing after its lock expired, so the storage checks a fencing token."},
		{"deadlock-ordering", "ttl-as-safety",
			"Each lock has a TTL, so when two transfers block each other one lock expires and the TTL resolves the deadlock for us.",
			"Lock the lower account id first so no cycle can form; and do not count on a lock's TTL expiring to resolve the deadlock, because then two holders are live at once."},
		{"redis-lock-and-failure", "fencing-unneeded",
			"With five independent masters and the drift allowance we can skip fencing tokens at the resource.",
			"Even with five independent masters we cannot skip fencing tokens at the resource: a paused holder still writes late."},
		{"etcd-revision-guard", "etcd-refuses-expired",
			"etcd's Raft log already makes sure a deposed leader can't write to the key.",
			"A deposed leader can't write only when the Put runs in a transaction that compares the lock key's create revision."},
		{"holder-id-guard", "owner-guard-is-fence",
			"I think the reviewer is wrong here: the owner column already does the job.",
			"I think the reviewer is right: the owner column says who, not which claim."},
		{"optimistic-concurrency", "check-then-act-safe",
			"The server reads the version and then writes; each request has its own thread, so two saves cannot interleave.",
			"The version check sits in the UPDATE's WHERE clause, one atomic statement, so two saves cannot interleave."},
		{"optimistic-concurrency", "wall-clock",
			"Each save carries the browser's timestamp and the newest timestamp wins, so nothing is lost.",
			"Each save carries the version it read and the database refuses a stale version, so nothing is lost."},
		{"skip-locked-queue", "isolation-prevents-race",
			"Each worker runs in its own transaction and transactions are isolated, so two workers can never pick the same job.",
			"Each worker claims with FOR UPDATE SKIP LOCKED, so two workers can never pick the same job."},
		{"redis-early-expiry", "single-node-keeps-keys",
			"On one node nothing can remove a key before its TTL, because eviction only removes keys without an expiry.",
			"On one node eviction can remove a key before its TTL: the volatile policies target exactly the keys with an expiry."},
		{"session-suspended", "work-through-suspended",
			"While the client is suspended no other client can acquire the lock, so I keep working until LOST arrives.",
			"While the client is suspended the servers may expire the session and give the lock away, so I stop working at once."},
		{"extend-lease", "work-after-lost-lease",
			"If the renewal times out I carry on: the lock is almost certainly still mine after a short blip.",
			"If the renewal times out I stop at once: I can no longer know the lock is still mine."},
		{"holder-id-guard", "fence-checked-once",
			"I compare the claim sequence at the start of the job, and after that the remaining writes can go through without any guard.",
			"I compare the claim sequence in every write's WHERE clause, since a check at the start leaves the remaining writes without any guard."},
		{"row-lock", "row-lock-scope-wrong",
			"FOR UPDATE only blocks other threads in the same application process.",
			"FOR UPDATE blocks other transactions from every application server, not only threads in the same process."},
		{"unfenceable-resource", "ttl-as-safety",
			"With a 60-second lease and a 10-second API timeout the call finishes before the lease can expire, so there's no way for a second holder to call the API too.",
			"Even with a 60-second lease and a 10-second API timeout a pause can outlast the lease, so there's a way for a second holder to call the API too; only the provider's idempotency key helps."},
		{"redis-vs-consensus", "redlock-correctness",
			"With Redlock a majority of five masters has to agree, which is effectively a consensus protocol.",
			"Redlock counts a majority of five masters, but that isn't consensus: there is no log and no term."},
		{"run-job-once", "exactly-once-claim",
			"A Kubernetes CronJob with concurrencyPolicy Forbid guarantees exactly one run per schedule.",
			"A Kubernetes CronJob with concurrencyPolicy Forbid runs about once per schedule, so the period row still decides."},
		{"redis-early-expiry", "single-node-keeps-keys",
			"With AOF at the default everysec every acknowledged write survives a restart.",
			"With AOF at the default everysec a restart can lose up to a second of writes, lock keys included."},
		{"skip-locked-queue", "isolation-prevents-race",
			"Doing the SELECT and the UPDATE in one transaction makes the check and the write atomic.",
			"The claim is one UPDATE whose subquery uses FOR UPDATE SKIP LOCKED, so the check and the write are atomic."},
		{"row-lock", "row-lock-scope-wrong",
			"Each app server has its own connection, so the database can't coordinate between them.",
			"Each app server has its own connection, and the database still coordinates their row locks."},
		{"zookeeper-lock-recipe", "zk-recipe-wrong",
			"Everyone creates the same node and the rest set a watch on that node.",
			"Everyone creates a sequential node and the rest set a watch on the next lower node."},
		{"skip-locked-queue", "claim-lock-outlives-commit",
			"Claim with FOR UPDATE SKIP LOCKED and commit; if the worker dies its row lock is released, so the job becomes available again.",
			"Claim with FOR UPDATE SKIP LOCKED and keep the transaction open; if the worker dies the transaction rolls back, so the job becomes available again."},
		{"redis-lock-and-failure", "plain-del",
			"Release can just be DEL on the key, since only the holder ever releases.",
			"Release with a Lua script that deletes the key only if the value matches the holder's token."},
		{"two-holders", "ttl-as-safety",
			"Set the TTL at three times the longest GC pause we've seen; then two holders can't happen again.",
			"Setting the TTL at three times the longest GC pause we've seen only makes it rarer; two holders can still happen, so the storage checks a fencing token."},
		{"fencing-token", "random-fencing-token",
			"The random value each client stores in the key is its fencing token.",
			"The random value each client stores in the key is for safe release; it has no order, so it is not a fencing token."},
		{"optimistic-concurrency", "check-then-act-safe",
			"The server first selects the version and then updates; since the check happens on the server, two saves can't both succeed.",
			"The version check sits in the UPDATE's WHERE clause, so two saves can't both succeed."},
		{"deadlock-ordering", "locks-make-atomic",
			"Once you hold both locks the debit and the credit are two independent writes, no transaction needed.",
			"Even holding both locks, the debit and the credit go in one database transaction, because a crash between them loses money."},
		{"skip-locked-queue", "isolation-prevents-race",
			"Postgres runs transactions as SERIALIZABLE by default, so two workers never take the same job.",
			"Postgres runs transactions as READ COMMITTED by default, so the claim must be one conditional UPDATE."},
		{"unfenceable-resource", "fresh-idempotency-key",
			"The provider can't check tokens, so generate a new UUID for each call attempt and send it as the idempotency key.",
			"The provider can't check tokens, so derive one idempotency key from the payment id and send the same key on every attempt."},
		{"optimistic-concurrency", "retry-overwrites",
			"When zero rows are updated the server reloads the current version and automatically retries the save with the new version, so the user never sees an error.",
			"When zero rows are updated the server returns 409 and the editor shows the user both versions to merge; it never retries the save with the new version by itself."},
		{"unfenceable-resource", "client-side-fencing",
			"The holder reads the lock and calls the API at once, so there is no time for the lease to expire in between.",
			"The holder reads the lock and calls the API at once, but a pause can still fall in between, so the provider's idempotency key is what dedupes."},
		{"deadlock-ordering", "ttl-as-safety",
			"If two transfers block each other, the locks expire after the TTL and the system heals itself.",
			"If two transfers block each other, waiting for the TTL to expire is no cure: the first holder may still be writing, so lock the lower account id first."},
		{"redis-lock-and-failure", "replication-keeps-lock",
			"With Sentinel the replica is promoted when the master fails and the lock is still there.",
			"With Sentinel the replica is promoted when the master fails, and the lock may be gone, because replication is async."},
		{"etcd-revision-guard", "fence-checked-once",
			"The first write goes through the transaction; after that the next writes can be plain Put calls.",
			"Every write goes through the transaction; the next writes are never plain Put calls, since the lease can lapse between any two."},
		{"unfenceable-resource", "client-side-fencing",
			"Reading the lock right before the call is equivalent to a fencing token.",
			"Reading the lock right before the call is not equivalent to a fencing token: a pause can fall after the read."},
		{"redis-vs-consensus", "single-threaded-lock",
			"Redis is single-threaded, so a lock on it is inherently correct.",
			"Redis being single-threaded makes SET NX atomic, but that doesn't make the lock correct: a holder can still pause past its TTL."},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %s not raised (flags %v) on %q", c.question, c.flag, r.FlagIDs(), c.claim)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.right}); len(r.FlagIDs()) > 0 {
			t.Errorf("%s: right stance raised %v: %q", c.question, r.FlagIDs(), c.right)
		}
	}
}

// TestFlaggedClaimEarnsNoPoint: the words that raise a losing claim's flag
// cannot also make a point (QA-3 D2: "Redlock makes the lock correct and
// safe, and it is much faster than ZooKeeper" was credited "pay for
// consensus when correctness depends on it"). The same point made in its
// own sentence still counts next to the flagged claim.
func TestFlaggedClaimEarnsNoPoint(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-vs-consensus")
	hit := func(text string) bool {
		r := b.Grade(q, quiz.Answer{Text: text})
		if !slices.Contains(r.FlagIDs(), "redlock-correctness") {
			t.Fatalf("redlock-correctness not raised on %q (flags %v)", text, r.FlagIDs())
		}
		return slices.Contains(r.Hits(), "efficiency-choice")
	}
	if hit("I would use Redis with Redlock across five nodes; Redlock makes the lock correct and safe, and it is much faster than ZooKeeper.") {
		t.Error("the Redlock claim credited the trade-off point")
	}
	if !hit("Redlock makes the lock correct and safe. Separately: if correctness depends on the lock I pay for etcd or ZooKeeper, and Redis is for efficiency.") {
		t.Error("the trade-off point made in its own sentence was not credited")
	}
}

// TestLosingClaimShapesG7: the misconceptions the blind writers shared
// (grouped from the flag notes of answers the grader missed), each said
// in three ways of our own that must raise the flag, and its correct
// counterpart in nearly the same words that must not.
func TestLosingClaimShapesG7(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, flag string
		claims         []string
		rights         []string
	}{
		// WAIT's acknowledgement sold as failover safety.
		{"redis-wait-safe", "wait-makes-safe", []string{
			"If WAIT returns 1, the lock is guaranteed to survive a failover.",
			"Check that it returned 1 and then the lock is safe across failover, because the replica has it.",
			"With min-replicas-to-write 1 and WAIT acknowledged, that closes the failover gap.",
			"With a successful WAIT, the ack means the replica has written the key to its AOF on disk, so durability is covered.",
			"If WAIT returns 0, Redis rolls back the SET on the primary.",
		}, []string{
			"WAIT doesn't roll anything back: the SET stays on the primary, and you must delete it yourself.",
			"The ack only means the replica has it in memory, not on disk.",
			"Even if WAIT returns 1, the lock is not guaranteed to survive a failover: Sentinel may promote a replica that never got it.",
			"WAIT returning 1 does not make the lock failover-safe.",
		}},
		// a separate check and write called safe because the gap is small.
		{"optimistic-concurrency", "check-then-act-safe", []string{
			"We compare the versions in code before the update, so two saves cannot both succeed.",
			"The two statements run a few milliseconds apart, so the chance of another save sneaking in between is negligible.",
			"Read the row, check it in the service, write it back in a second statement; the gap is microseconds in practice.",
		}, []string{
			"The version is compared in the WHERE clause of the update, so two saves cannot both succeed.",
			"Two statements a few milliseconds apart still leave a window where another save sneaks in between.",
		}},
		// the recipe restores the lock after a reconnect or LOST.
		{"session-suspended", "work-through-suspended", []string{
			"On RECONNECTED Curator has re-created our lock node, so we simply resume where we left off.",
			"After LOST the mutex recreates its lock node under the new session, so we still hold the lock and continue.",
			"When the connection comes back the recipe restores everything and the work can carry on.",
		}, []string{
			"On RECONNECTED, check that our lock node still exists before we resume; it may be gone.",
			"After LOST the lock is gone: acquire a new lock from scratch before any work.",
		}},
		// a check by the client taken as knowing it still holds the lock.
		{"session-suspended", "client-side-fencing", []string{
			"Call isAcquiredInThisProcess right before each write: it confirms with ZooKeeper, so you know you still hold the lock.",
			"Checking right before each write confirms you are still the leader.",
			"Verify the node exists before each write, and then you know you own the lock.",
		}, []string{
			"A check before each write cannot tell you that you still hold the lock at the moment of the write.",
		}},
		// an if-clause with no comma ends where a fused subject and
		// copula, or "then", starts the main clause.
		{"extend-lease", "work-after-lost-lease", []string{
			"If the renew fails it's okay to finish the current step of the job.",
			"If the extension fails then we keep running the job.",
			"If a renewal fails that's fine to let the batch finish.",
		}, []string{
			"If the worker thinks it's okay to finish the current step after a failed renewal, the storage has to refuse its late call.",
			"If I lock a row and then keep running the job, the database cannot help.",
		}},
		// volatile-lru sold as sparing lock keys; a TTL as exact.
		{"redis-early-expiry", "single-node-keeps-keys", []string{
			"Set volatile-lru; that restricts eviction to keys with an expiry, which are the cache entries, so your lock keys are left alone.",
			"A key set with PX 30000 lives exactly 30 seconds unless someone deletes it.",
			"With volatile-ttl the locks are untouched, so memory pressure is not a worry.",
			"Set volatile-lru, so only keys with a TTL are candidates: the setting that protects locks.",
		}, []string{
			"Under volatile-lru lock keys are exactly the candidates, so nothing protects locks.",
			"Under volatile-lru your lock keys are the first victims, since they all have a TTL.",
			"Use noeviction, so lock keys are never evicted.",
			"A key set with PX 30000 lives roughly 30 seconds, but eviction can take it earlier.",
		}},
		// Redlock safe 'GC pauses included', 'same guarantees as Raft'.
		{"redlock-operations-q", "redlock-correctness", []string{
			"Once that's in place it's safe for correctness-critical work, GC pauses included.",
			"It is correct, including GC pauses.",
			"Redlock gives the same safety guarantees as ZooKeeper, and the only real difference is performance.",
		}, []string{
			"It is not safe for correctness, GC pauses included.",
			"Redlock does not give the same safety guarantees as Raft.",
			"The only real difference is not performance but safety.",
		}},
		{"redlock-operations-q", "redlock-replicas-or-no-persistence", []string{
			"Give each one a replica with Sentinel.",
			"Put a Sentinel replica behind each one of them for availability.",
			"Each instance gets a replica with Sentinel so a crash costs no vote.",
		}, []string{
			"Never give each one a replica with Sentinel; masters must be independent.",
		}},
		// an idempotency key computed from the payment's content.
		{"idempotency-keys", "content-derived-key", []string{
			"The server derives the key as sha256(customer_id + amount + currency), so the same body is by definition the same payment.",
			"Hash customer_id, amount and currency and reject any payment with the same hash within 60 seconds.",
			"Inside, check whether there is a payment for the same customer and amount in the last 60 seconds and return it if so.",
		}, []string{
			"The client makes the key once; we also store a hash of the request body and answer 422 if a reused key carries a different body.",
			"Never derive the key from customer and amount: two genuine payments of the same amount would merge.",
			"Treating two payments with the same customer and amount within a minute as duplicates blocks real repeat purchases.",
		}},
		// a client timeout sold as keeping the call inside the lease.
		{"unfenceable-resource", "timeout-bounds-call", []string{
			"Set the HTTP client timeout below the remaining lease, so the provider never processes a charge after your lease has ended.",
			"The call then either completes or times out inside the lease, so it cannot overlap the next holder.",
			"Since the call cannot take longer than 10s and you have 60s of lease, the call always completes while you still hold the lock.",
		}, []string{
			"A client timeout only narrows the window: the provider can still process the call after the lease has ended.",
		}},
		// a stated assumption excuses a step only when it names a timing
		// risk.
		{"unfenceable-resource", "fresh-idempotency-key", []string{
			"Each holder generates a fresh UUID per call and sends it as the Idempotency-Key header. Assumes the provider implements it.",
		}, []string{
			"Each holder sends the payment's own ID as the Idempotency-Key header. Assumes the provider implements it.",
		}},
		// a row lock said not to reach other app servers.
		{"row-lock", "row-lock-scope-wrong", []string{
			"Other application servers with their own connections are not blocked by it.",
			"A different app server with its own connections won't see that lock.",
			"Once you have several instances, FOR UPDATE no longer gives mutual exclusion between them.",
		}, []string{
			"Other app servers do block on the row lock, across hosts.",
		}},
		// a row lock sold as making an external call happen once.
		{"row-lock", "lock-across-network-call", []string{
			"Lock the order row, call the payment API, commit: the API call is guaranteed to happen only once per order.",
			"The row lock guarantees only one process can be making that call for that payout.",
			"You can safely hold it around calls to other services.",
		}, []string{
			"Holding the lock does not make the API call happen only once: the charge can still happen twice after a rollback.",
		}},
		// isolation levels sold as catching a lost update across requests.
		{"optimistic-concurrency", "isolation-prevents-race", []string{
			"Run the save at SERIALIZABLE; Postgres will notice the document was modified after they read it and abort the second save.",
			"Serializable snapshot isolation catches that both users overwrote the same document and aborts the second.",
			"At the default READ COMMITTED level a read-modify-write inside a transaction is already safe.",
		}, []string{
			"Each save is its own short transaction, they don't overlap, so serializable isolation has nothing to object to.",
		}},
		// etcd: a check of the session before a plain Put.
		{"etcd-revision-guard", "client-side-fencing", []string{
			"Have the leader check session.Done() immediately before every Put to /config/routes, so there's no realistic window.",
			"Before each write the leader checks it's still the leader, and only then does cli.Put.",
			"That separate check is equivalent to a txn and simpler to read.",
		}, []string{
			"Checking session.Done() before each Put is not enough: a pause can hit between the check and the Put.",
		}},
		{"etcd-revision-guard", "etcd-refuses-expired", []string{
			"etcd won't revoke the session lease while the client's gRPC connection is still open.",
			"Just write /config/routes normally after Lock().",
			"Raft has terms: anything from the previous leader's term is rejected by the cluster.",
		}, []string{
			"Raft terms only fence etcd's own members, not your application leader.",
			"The lease expires even if the gRPC connection stays open, because a paused client sends no keepalives.",
			"A plain Put from a deposed leader is just a write from an authenticated client, and etcd happily applies it.",
		}},
		{"etcd-revision-guard", "fence-checked-once", []string{
			"Once it succeeds you've confirmed ownership, so do plain Puts for the rest of the TTL.",
		}, []string{
			"Every write is a Txn that compares the create revision; none is a plain Put.",
		}},
		// a lost lease re-acquired and the job carried on.
		{"extend-lease", "work-after-lost-lease", []string{
			"If a renewal comes back saying the lock is gone, don't throw the work away: re-acquire the lock and continue the job from where you were.",
			"If a renewal times out, just re-acquire with SET NX; if that succeeds, you never really lost it and the job can continue with its current state.",
			"When the TTL already passed, set the key again with the same token and carry on, nothing really happened in that gap.",
		}, []string{
			"If the renewal fails, stop; never re-acquire and continue from where you were, start over from scratch.",
			"RECONNECTED: carry on. LOST: abandon the work and re-acquire.",
		}},
		// a heartbeat sold as making the lease airtight.
		{"extend-lease", "ttl-as-safety", []string{
			"Because the heartbeat is on its own thread, a GC pause in the job thread can't make you lose the lock.",
			"As long as every heartbeat succeeds the lease is airtight.",
			"With renewals every TTL/3 the lock is fully safe for jobs of any length.",
		}, []string{
			"Heartbeats do not make the lease airtight: a pause stops the heartbeat too.",
		}},
		// a live, renewing process said to be unable to lose its lease.
		{"choose-ttl", "ttl-as-safety", []string{
			"The heartbeat also solves the GC pause problem: the lock can't be lost to a pause while the process is still alive.",
			"With a 30s TTL a live Node process can't lose its lock.",
			"While the process is alive and renewing, the lease can't lapse.",
		}, []string{
			"A heartbeat does not mean the lease can't lapse: a pause stops the heartbeat too.",
		}},
		// a single-threaded server sold as a strictly safe lock.
		{"redis-lock-and-failure", "single-threaded-lock", []string{
			"Because Redis executes commands on a single thread, the lock is strictly safe.",
			"Redis is single-threaded, so two clients literally can't both succeed and the lock is strictly mutually exclusive.",
			"Things I don't lock:\n- counters in Redis: Redis is single-threaded, so a GET followed by a SET from my client can't get interleaved with another client's commands.",
		}, []string{
			"Redis is single-threaded, but that only means each command is atomic: a GET then a SET can be interleaved.",
			"Things to check:\n- counters in Redis: Redis is single-threaded, so a GET followed by a SET from my client can't get interleaved with another client's commands.",
			"Redis being single-threaded only means commands don't interleave; it says nothing about a paused client.",
		}},
		{"deadlock-ordering", "single-threaded-lock", []string{
			"With Redis-backed locks there's no deadlock risk: Redis is single-threaded, so two clients can never end up waiting on each other.",
		}, nil},
		// a TTL sold as untangling a deadlock.
		{"deadlock-ordering", "ttl-as-safety", []string{
			"With Redis locks it's a non-issue, because every lock has a TTL: the stuck locks expire on their own.",
			"Let the TTL untangle any cycle, so no lock ordering is needed.",
		}, []string{
			"A TTL doesn't untangle the cycle safely: when the stuck locks expire, two holders are live.",
		}},
		// the loss window of async replication waved away; a replica
		// that 'has the same locks' (now checked on the design question).
		{"design-lock-service-q", "replication-keeps-lock", []string{
			"Failovers are rare and Sentinel promotes within seconds, so the window where a lock can be lost is negligible.",
			"Losing a lock on failover is an acceptable risk, since the replica is only milliseconds behind.",
			"Redis replication is very fast, so in a failover the replica has the same locks.",
		}, []string{
			"A failover can lose a granted lock; that window is not negligible for correctness, so the store is a consensus log.",
			"Sentinel keeps accepting writes on the old side until it's demoted; min-replicas narrows that window.",
		}},
		// a check right before the write sold as leaving no window.
		{"optimistic-concurrency", "check-then-act-safe", []string{
			"Because the check happens on the server right before the update, there's no window for the other user to sneak in.",
			"Doing the comparison in the app is fine because saves of one document are rare.",
			"Since the client checks right before saving, the second user will see the conflict instead of overwriting.",
		}, []string{
			"A check right before the update still leaves a window; the compare has to be in the UPDATE's WHERE clause.",
		}},
		// a claim's row lock said to outlive its commit.
		{"skip-locked-queue", "claim-lock-outlives-commit", []string{
			"Commit, then process the job: the row lock from FOR UPDATE keeps other workers off it while it's being processed.",
			"The row lock keeps other workers off that job until you're done.",
		}, []string{
			"The row lock keeps other workers off it only while the transaction is open; after commit it is gone.",
		}},
		// the ZooKeeper recipe's shared slips.
		{"zookeeper-lock-recipe", "zk-recipe-wrong", []string{
			"When that predecessor is deleted the watch fires and the client now holds the lock.",
			"Because the nodes are ephemeral they vanish the instant a client process dies, so the lock can never be held by a dead or stalled process.",
			"ZooKeeper avoids it by delivering the notification to one watcher at a time.",
		}, []string{
			"When the predecessor is deleted, re-list the children: it may have been a waiter, and you hold the lock only if yours is the lowest.",
			"Ephemeral nodes go away only after the session timeout expires, so a stalled process can still hold the lock.",
		}},
		// unordered or per-client values used as the fencing token.
		{"session-suspended", "random-fencing-token", []string{
			"For the token, use the ZooKeeper session ID: it's unique per session, so the resource can compare session IDs.",
		}, []string{
			"Use the lock node's czxid as the token, not the session ID, which has no order.",
		}},
		{"fencing-in-real-systems", "random-fencing-token", []string{
			"Each client can keep its own counter and just increment it for every new lock acquisition.",
			"Even Redis: the random value Redlock stores in the key is a fencing token.",
			"They're everywhere once you look:\n- Kafka: producer epochs.\n- Even Redis: the random value Redlock stores in the key is a fencing token.",
		}, []string{
			"The counter must be a single shared one in the lock service, not each client's own counter.",
		}},
		// a client's clock reading used as the fencing token.
		{"fencing-token", "wall-clock", []string{
			"The simplest way to produce it is for the acquiring client to take its current time in nanoseconds, a later acquisition always gets a larger value.",
			"Take the local time in milliseconds as the token: it only moves forward.",
			"Use each client's wall-clock time as the token; time only moves forward.",
		}, []string{
			"A client's current time is no token: clocks jump, so a later acquisition doesn't always get a larger value.",
		}},
		// one replica sold as one instance, ever.
		{"avoid-the-lock", "single-replica-guarantee", []string{
			"Run it as a Deployment with replicas: 1 and Kubernetes guarantees only one pod of it exists at any time.",
			"If it runs with replicas: 1, k8s guarantees there's only ever one pod running, so there's no concurrency to worry about.",
			"A single pod by construction means a single writer.",
		}, []string{
			"replicas: 1 does not guarantee one pod: a rolling update briefly runs two pods.",
		}},
		// U's wording of misconceptions tuned on other writers.
		{"redis-wait-safe", "wait-makes-safe", []string{
			"That closes the failover hole people usually cite against Redis locks.",
		}, []string{
			"WAIT narrows the failover hole but never closes it.",
		}},
		{"row-lock", "row-lock-scope-wrong", []string{
			"A FOR UPDATE from server A doesn't block server B.",
			"With its own pool per app server, server A's row lock doesn't block other servers.",
		}, []string{
			"People think a FOR UPDATE from server A doesn't block server B; it does block, through the shared database.",
		}},
		{"avoid-the-lock", "single-threaded-lock", []string{
			"Redis executes commands on a single thread, so no other server's command can slip in between; single-threaded means no race.",
		}, []string{
			"Single-threaded only means each command is atomic; a GET and a later SET can race.",
		}},
		{"fencing-token", "client-side-fencing", []string{
			"The simplest setup is the client asking the lock service whether its token is still current right before each write.",
		}, []string{
			"Asking the lock service right before each write isn't fencing: a pause between the check and the write is the race.",
		}},
		{"extend-lease", "work-after-lost-lease", []string{
			"If a renewal call times out, that's not a reason to stop: the job keeps going and we retry.",
		}, []string{
			"If a renewal times out, stop work immediately: you can no longer know you hold it.",
		}},
		{"unfenceable-resource", "fresh-idempotency-key", []string{
			"For the idempotency key I'd use the lock token itself, since it's unique per holder.",
		}, []string{
			"The idempotency key must be the same for every holder; the lock token differs per holder, so it is never the key.",
		}},
		// the lock's random value defined as the fencing token.
		{"fencing-token", "token-is-lock-value", []string{
			"It's the unique random value you store as the lock's value, like SET lock uuid NX PX 30000.",
			"A fencing token is the UUID each client puts as the value of the lock key when it acquires it.",
			"The token is simply the random string we set as the lock value on acquire.",
		}, []string{
			"It is a number that grows with every grant; not the random value stored as the lock's value, which only protects release.",
			"Don't confuse it with the UUID stored as the lock value.",
		}},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		for _, s := range c.claims {
			if r := b.Grade(q, quiz.Answer{Text: s}); !slices.Contains(r.FlagIDs(), c.flag) {
				t.Errorf("%s: %s not raised (flags %v): %q", c.question, c.flag, r.FlagIDs(), s)
			}
		}
		for _, s := range c.rights {
			if r := b.Grade(q, quiz.Answer{Text: s}); slices.Contains(r.FlagIDs(), c.flag) {
				t.Errorf("%s: %s raised on the right stance: %q", c.question, c.flag, s)
			}
		}
	}
}

// TestConditionalCheckIsNoProbe: "check" followed by commas reads as a
// debugging checklist, but a check inside a condition ("if you check
// that ..., then X") or one taking a that-clause is a step, and the X
// after it is claimed.
func TestConditionalCheckIsNoProbe(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, flag, text string
		want                 bool
	}{
		{"redis-wait-safe", "wait-makes-safe", "If you check that it returned 1, then yes, the lock is safe across failover, since the replica has it.", true},
		{"redis-wait-safe", "wait-makes-safe", "When we check the reply of WAIT, and it returned 1, the lock is guaranteed to survive a failover, because a replica has it.", true},
		{"two-holders", "two-commands", "Once you check the acquire path, logs, and metrics, it is setnx then expire with nothing between them.", true},
		{"two-holders", "two-commands", "Check the acquire path, setnx then expire, GC logs, and clock jumps.", false},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), c.flag); got != c.want {
			t.Errorf("%s raised=%v, want %v: %q", c.flag, got, c.want, c.text)
		}
	}
}

// TestNegationEndsAtANewSubject: "X didn't Y and Redis rolls it back"
// negates Y only; a capitalised name and a verb after "and" start a
// clause of their own, as "and fencing is" did.
func TestNegationEndsAtANewSubject(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redis-wait-safe")
	for text, want := range map[string]bool{
		"The SET didn't reach a replica in time and Redis rolls it back on the primary.":             true,
		"The write didn't reach a replica and Sentinel promotes it anyway, so Redis undoes the SET.": true,
		"WAIT doesn't roll anything back and Redis keeps the SET on the primary.":                    false,
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if got := slices.Contains(r.FlagIDs(), "wait-makes-safe"); got != want {
			t.Errorf("wait-makes-safe raised=%v, want %v: %q", got, want, text)
		}
	}
}
