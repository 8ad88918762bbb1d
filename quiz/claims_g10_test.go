package quiz_test

import "testing"

// TestClaimShapesG10 holds grader g10's precision mechanisms to sentences
// of our own. The classes come from the validation writers AA and AB's
// flags on passing answers and from issue 10's g10 brief: for each way
// the grader took a mention for a claim, or a flag pattern wider than its
// misconception, phrasings that only name the mistake (no flag) beside
// ones that make it (flag). None of these sentences is a corpus answer.
func TestClaimShapesG10(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A debugging step that reads code names what it looks for after
		// its colon: "audit the client:", "read the release:".
		{"audit the client: a list of suspects", "two-holders", "two-commands|plain-del",
			"Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs.", false},
		{"inspect the acquire path: a suspect", "two-holders", "two-commands",
			"Next, inspect the acquire path: SETNX followed by a separate EXPIRE would explain a key with no TTL.", false},
		{"read the release: what a bare DEL does", "two-holders", "get-then-del|plain-del",
			"Then I'd read the release: a plain DEL deletes whoever holds it.", false},
		{"reread the client code: suspects", "two-holders", "two-commands|plain-del",
			"Second, I'd reread the client code: a DEL when the work finishes, or SETNX then EXPIRE.", false},
		{"open the acquire code: a suspect", "two-holders", "two-commands",
			"I'd open the acquire code next: SETNX then EXPIRE as two calls would leave a key with no TTL.", false},
		{"a release told as the design: read the value, then DEL", "two-holders", "get-then-del",
			"To release, we GET the key and then DEL it if the value is ours.", true},
		{"the acquire told as the design", "two-holders", "two-commands",
			"Our acquire is simple: SETNX the key, then EXPIRE it with 30 seconds.", true},

		// A bullet that opens on a bug category ("Client bug.") lists
		// suspects in the rest of its line.
		{"a bug category heads the line", "two-holders", "two-commands|plain-del",
			"- Store lost the key. Failover to a replica, or eviction.\n- Client bug. A DEL after expiry that removed the other lock; SETNX then EXPIRE; two key names.", false},
		{"suspects as a fragment heading the line", "two-holders", "two-commands",
			"- Likely causes. SETNX then EXPIRE as separate calls; a renewal thread that died.", false},
		{"a step heading the line is no bug category", "two-holders", "two-commands",
			"- Acquire. SETNX the key, then EXPIRE it with 30 seconds.", true},

		// A header that refuses what it names ("A pattern I wouldn't
		// accept:", "I'd argue against X:") rejects what follows its colon.
		{"a pattern I wouldn't accept", "etcd-revision-guard", "client-side-fencing",
			"A pattern I wouldn't accept: before each write the leader calls Get on its lock key and then does a plain Put.", false},
		{"something I'd never sign off on", "etcd-revision-guard", "client-side-fencing",
			"Something I'd never sign off on: before writing, the worker checks session.Done() and then writes unguarded.", false},
		{"a shortcut we won't merge", "idempotency-keys", "fresh-idempotency-key",
			"A shortcut we won't merge: the server generates a new idempotency key for every request.", false},
		{"argue against the lock", "idempotency-keys", "lock-instead-of-constraint",
			"I'd argue against the per-customer lock: at best it prevents two concurrent duplicates.", false},
		{"the approach I'd use is the mistake itself", "etcd-revision-guard", "client-side-fencing",
			"The approach I'd use: before writing, the leader checks session.Done() and then does a plain Put, which is enough.", true},
		{"a lock said to stop duplicates", "idempotency-keys", "lock-instead-of-constraint",
			"Take a Redis lock per customer; it prevents duplicate charges.", true},

		// A view judged by appearance and turned by a contrast in its
		// sentence is named: what follows the contrast is claimed.
		{"sounds right ..., but", "idempotency-keys", "lock-instead-of-constraint",
			"Locking per customer sounds right and prevents simultaneous duplicate charges, but retries come later.", false},
		{"looks safe, yet", "choose-ttl", "ttl-as-safety",
			"Setting the TTL well above the longest job looks right and keeps two holders apart, yet one long pause outlasts it.", false},
		{"seems fine ..., but", "redis-vs-consensus", "redlock-correctness",
			"Redlock seems fine and gives you a correct lock, but it assumes bounded pauses.", false},
		{"the claim after the contrast", "idempotency-keys", "lock-instead-of-constraint",
			"It sounds heavy-handed, but a Redis lock per customer prevents duplicate charges.", true},
		{"an appearance with no contrast", "choose-ttl", "ttl-as-safety",
			"Setting the TTL well above the longest job looks right to me, and it keeps two holders apart.", true},

		// A counterfactual whose condition a contrast then denies is no
		// claim, even when its case is called safe.
		{"if it were, it would be safe, but no such bound", "choose-ttl", "ttl-as-safety",
			"If the TTL were longer than any pause, the lock would be safe, but no such bound exists.", false},
		{"if pauses were bounded, Redlock would be safe, but they aren't", "redis-vs-consensus", "redlock-correctness|redlock-safe",
			"If pauses were bounded, Redlock would give you a correct lock, but they aren't bounded in a JVM.", false},
		{"a counterfactual accepted (the claim)", "extend-lease", "work-after-lost-lease",
			"If the renewal fails, it would be fine to let the job finish.", true},

		// A practice the candidate has left behind, or told with the harm
		// it did, is named.
		{"our v1 did it; we saw double charges", "idempotency-keys", "fresh-idempotency-key",
			"Our v1 generated a new key on the server for every request; we saw double charges within a week.", false},
		{"we used to, until", "idempotency-keys", "fresh-idempotency-key",
			"We used to generate the key on the server per request, until the double charges showed up.", false},
		{"the old design, which is exactly why", "idempotency-keys", "fresh-idempotency-key",
			"In the old design the server minted a fresh key for each call, which is exactly why retries charged twice.", false},
		{"before the fix", "two-holders", "plain-del|get-then-del",
			"Before the fix, our release was a plain DEL, and that is how B's lock got deleted.", false},
		{"X — that's how you get two writers", "session-suspended", "work-through-suspended",
			"Treating SUSPENDED as harmless and continuing until LOST — that's how you get two writers.", false},
		{"two workers denied after 'so' is the claim's benefit", "skip-locked-queue", "isolation-prevents-race",
			"Postgres transactions are isolated under READ COMMITTED, so two workers can never pick the same job.", true},
		{"used to, now the claim", "idempotency-keys", "fresh-idempotency-key",
			"We used to let the client pick keys, but now the server generates a new key for every request.", true},
		{"a passive 'is used to' is no former practice", "idempotency-keys", "fresh-idempotency-key",
			"A fresh UUID is used to tag each retry, so the server generates a new key for every request.", true},

		// A practice said to let the work run twice is that harm's cause.
		{"deleting the row lets a late instance run it again", "run-job-once", "claim-row-deleted",
			"Deleting the claim row after the job finishes lets a late instance run it again.", false},
		{"removing the row allows another pod to repeat it", "run-job-once", "claim-row-deleted",
			"Removing the claim row once the job is done allows another pod to start the same run.", false},
		{"a row deleted when done (the claim)", "run-job-once", "claim-row-deleted",
			"Delete the claim row after the job finishes so the next period starts clean.", true},

		// "The naive approach <verb> ..." describes the naive version.
		{"the naive approach writes both", "outbox-pattern", "dual-write-atomic",
			"The naive approach writes the row and publishes to Kafka in the same function, as if both were atomic; a crash between them loses the event.", false},
		{"our approach (the claim)", "outbox-pattern", "dual-write-atomic",
			"Our approach writes the row and publishes to Kafka in the same function, and both happen atomically.", true},

		// "The claim is that X. That's not what W promises."
		{"the claim is that ... that's not what it promises", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe",
			"The claim is that WAIT makes the lock survive failover. That's not what WAIT promises.", false},
		{"X. That isn't how it works.", "redis-wait-safe", "replication-keeps-lock|wait-makes-safe",
			"WAIT makes the lock survive failover, people say. That isn't how WAIT works.", false},

		// A failure told as a chain of events that ends in its harm is a
		// scenario named, not a design.
		{"A expires, B acquires, A deletes B's key, both hold", "two-holders", "plain-del|get-then-del",
			"A's lease expires, B acquires, then A finishes and deletes B's key with a plain DEL, and now B and C both hold it.", false},
		{"the extension fails, it keeps going, both write", "extend-lease", "work-after-lost-lease",
			"The job's extension fails during a network blip, it keeps going, another worker takes the lock, and both write.", false},
		{"the client times out, retries with a new key, charged twice", "idempotency-keys", "fresh-idempotency-key",
			"The client times out, retries with a brand new key, and the server charges the card twice.", false},
		{"OK from the primary, crash, promotion, both hold", "redis-lock-and-failure", "replication-keeps-lock",
			"Client A gets OK from the primary, the primary crashes before the replica has the key, the replica is promoted, and clients A and B both hold the lock.", false},
		{"a chain whose duplicates are dropped (the claim)", "idempotency-keys", "fresh-idempotency-key",
			"For the keys, the client generates a fresh UUID on each attempt, so the provider can tell the attempts apart, and drops the duplicate ones.", true},
		{"notes: arrows to a double charge", "idempotency-keys", "fresh-idempotency-key",
			"server makes key -> every retry new key -> double charge.", false},
		{"a chain told as design, no harm (the claim)", "idempotency-keys", "fresh-idempotency-key",
			"The client times out, retries with a brand new key, and the server processes the retry as a new payment.", true},
		{"a chain whose end denies the harm (the claim)", "extend-lease", "work-after-lost-lease",
			"The extension fails, the job keeps going to the end, it's fine to finish, and nothing is written twice.", true},

		// Lists of don'ts, lines marked rejected, a header answered "no",
		// and an equation whose result is a safeguard denied.
		{"don'ts: a list", "two-holders", "two-commands|plain-del",
			"Don'ts: SETNX then EXPIRE as two calls; a plain DEL on release.", false},
		{"a line marked with a cross", "two-holders", "two-commands",
			"❌ SETNX then EXPIRE\n✅ SET NX PX in one command", false},
		{"a bullet marked with a cross", "two-holders", "plain-del",
			"- ✗ release with DEL when done\n- ✓ compare-and-delete in Lua", false},
		{"a line marked as right (the claim)", "two-holders", "two-commands",
			"✅ acquire with SETNX, then EXPIRE the key with 30 seconds", true},
		{"a header answered no", "idempotency-keys", "fresh-idempotency-key",
			"Server-generated keys: no. The client makes one key per payment.", false},
		{"a header answered yes (the claim)", "idempotency-keys", "fresh-idempotency-key",
			"Server-generated keys: yes, a new one for every request.", true},
		{"new key per retry = no dedupe", "idempotency-keys", "fresh-idempotency-key",
			"New key per retry = no dedupe at all.", false},
		{"new key per retry = simpler clients (the claim)", "idempotency-keys", "fresh-idempotency-key",
			"New key per retry = simpler clients.", true},

		// A claim restricted to a condition the sentence denies; a doubt
		// the candidate voices; a premise they don't accept.
		{"safe only in a world without pauses, which is not ours", "redis-vs-consensus", "redlock-correctness",
			"Redlock is safe only in a world without GC pauses, which is not ours.", false},
		{"safe only if clocks behave, and they don't", "redis-vs-consensus", "redlock-correctness",
			"Redlock gives you a correct lock only if clocks and pauses behave, and in a JVM they don't.", false},
		{"safe only if (a restriction kept, the claim)", "redis-vs-consensus", "redlock-correctness",
			"Redlock gives you a correct lock only if you run five independent masters.", true},
		{"I doubt X", "redis-vs-consensus", "redlock-correctness",
			"I doubt Redlock gives you a correct lock under GC pauses.", false},
		{"it's a stretch to call it correct", "redis-vs-consensus", "redlock-correctness",
			"It's a stretch to call Redlock correct.", false},
		{"the premise I don't accept", "redis-vs-consensus", "redlock-correctness",
			"Redlock being safe is the premise I don't accept.", false},
		{"a doubt ended by a colon (the claim after it)", "redis-vs-consensus", "redlock-correctness",
			"I doubt anyone here disagrees: Redlock gives you a correct lock.", true},

		// A belief named before "is that" is someone's, not the
		// candidate's.
		{"a common belief is that", "skip-locked-queue", "claim-lock-outlives-commit",
			"A common belief is that the row stays locked while the worker processes it after the claim commits.", false},
		{"the misconception was that", "choose-ttl", "ttl-as-safety",
			"The misconception was that setting the TTL well above the longest job keeps two holders apart.", false},
		{"the idea is that (a design explained)", "choose-ttl", "ttl-as-safety",
			"The idea is that setting the TTL well above the longest job keeps two holders apart.", true},

		// A quoted claim lends none of its words to a claim of the
		// candidate's: a match that takes part of its words from inside a
		// quoted claim and part from outside is no claim.
		{"a quoted layout refused", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			`Definitely not "five masters, each with one replica behind Sentinel": a failover on any node can hand the lock to a second client.`, false},
		{"the usual quoted layout skipped", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			`Skip the usual "five masters, each with a replica and Sentinel" setup: failover on one node hands out the lock twice.`, false},
		{"the layout proposed", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Run five masters, each with a replica behind Sentinel, so one node failing is covered.", true},

		// A consequence that says the design protects nothing ("so
		// nothing is deduplicated") tells a failure, not a proposal.
		{"a fresh key per retry, so nothing is deduplicated", "idempotency-keys", "fresh-idempotency-key",
			"Another mistake: minting the key on the server. Each retry then carries a brand new key, so nothing is ever deduplicated.", false},
		{"a new key per retry, so nothing is deduplicated (alone)", "idempotency-keys", "fresh-idempotency-key",
			"Each retry carries a brand new idempotency key, so nothing is ever deduplicated.", false},
		{"a new key per attempt, so nothing stops the charge", "idempotency-keys", "fresh-idempotency-key",
			"With a new idempotency key on every attempt, so nothing stops the second charge.", false},
		{"a new key per request, so the table never matches", "idempotency-keys", "fresh-idempotency-key",
			"The server makes a fresh key for each request, so the dedupe table never matches a retry.", false},
		{"a fresh key per retry, so no charge twice (the claim)", "idempotency-keys", "fresh-idempotency-key",
			"Generate a fresh idempotency key for every retry, so no request is ever charged twice.", true},

		// The negation of "!add fencing" must be the adding's: "added
		// because timeouts alone weren't enough" adds it.
		{"fencing added because timeouts weren't enough", "fencing-in-real-systems", "fencing-unneeded",
			"HDFS added fencing of the old NameNode because timeouts alone weren't enough.", false},
		{"epochs added since timeouts couldn't stop a zombie", "fencing-in-real-systems", "fencing-unneeded",
			"Kafka added producer epochs as fencing since tuning timeouts couldn't stop a zombie.", false},
		{"don't add fencing, tune the timeouts", "fencing-in-real-systems", "fencing-unneeded",
			"You don't need to add fencing; tuning the GC and the timeouts is enough.", true},

		// A sentence that names what fences ("the commit is the fence")
		// does not say fencing is unneeded.
		{"no tokens needed: the commit is the fence", "row-lock", "fencing-unneeded",
			"A stale writer loses its uncommitted writes, so no tokens are needed: the commit is the fence.", false},
		{"the transaction acts as the fence", "row-lock", "fencing-unneeded",
			"No separate fencing token is needed here, the transaction itself acts as the fence.", false},
		{"no fencing needed: the lock service is enough", "fencing-token", "fencing-unneeded",
			"No fencing tokens needed: the lock service is enough.", true},

		// "X protects nothing": nothing after the verb denies what the
		// subject does.
		{"calling out while holding it protects nothing", "row-lock", "lock-across-network-call",
			"Calling the payment API while holding the row lock protects nothing if the transaction rolls back.", false},
		{"publishing inside the transaction buys nothing", "row-lock", "lock-across-network-call",
			"Keeping the transaction open while calling the email service changes nothing once the connection drops.", false},
		{"hold the lock across the call (the claim)", "row-lock", "lock-across-network-call",
			"Hold the row lock while you call the payment API, so the charge is covered.", true},

		// "hold back vacuum" holds no lock.
		{"long transactions hold back vacuum", "row-lock", "lock-across-network-call",
			"Long transactions hold back vacuum and pile up lock waits; one batch job held FOR UPDATE for minutes.", false},

		// A lock key's revision passed as the fencing token is no
		// fencing token used as the idempotency key.
		{"the key's revision as the fencing token", "unfenceable-resource", "fresh-idempotency-key",
			"If the data lives elsewhere, pass the lock key's create revision to that store as the fencing token.", false},
		{"the fencing token as the idempotency key (the claim)", "unfenceable-resource", "fresh-idempotency-key",
			"Use the fencing token as the idempotency key for the payment provider.", true},

		// A retention period for idempotency keys is no lock TTL.
		{"expire keys after a retention period", "idempotency-keys", "ttl-as-safety",
			"Expire old keys after a retention period that exceeds the longest client retry window.", false},

		// "loses the round" and "makes it worse" judge what they are said of.
		{"one of the answers that loses the round", "design-lock-service-q", "wall-clock",
			"Deciding whether a lease is still valid by comparing wall-clock times across machines is one of the answers that loses an interview round.", false},
		{"a release that breaks", "two-holders", "get-then-del|plain-del",
			"A GET followed by a DEL is a release that breaks when the holder pauses between the two.", false},
		{"a release that works (the claim)", "two-holders", "get-then-del",
			"A GET followed by a DEL is a release that works because Redis runs one command at a time.", true},
		{"saying X loses you the interview", "redis-vs-consensus", "redlock-correctness",
			"Saying that Redlock gives you a correct lock loses you the interview.", false},
		{"makes it worse", "row-lock", "lock-across-network-call",
			"Holding the transaction open while calling the payment API makes it worse: the lock is held for a network round trip.", false},
		{"a lease judged by comparing clocks (the claim)", "design-lock-service-q", "wall-clock",
			"The client decides whether its lease is still valid by comparing its wall-clock time with the expiry.", true},

		// "C gets in" is no GET.
		{"C gets in is no GET", "two-holders", "get-then-del",
			"plain DEL after expiry -> removes B's lock -> C gets in.", false},
		{"GET then DEL (the claim)", "two-holders", "get-then-del",
			"To release, we GET the key and then DEL it if the value is ours.", true},

		// A TTL shorter than the job named with its harm (expiring
		// mid-job) is no TTL called fine, nor sold as safe.
		{"a short TTL guarantees expiry mid-job", "choose-ttl", "ttl-below-runtime|ttl-as-safety",
			"A TTL shorter than the job's runtime guarantees the lock expires mid-job.", false},
		{"a short TTL called fine (the claim)", "run-job-once", "ttl-below-runtime",
			"Set lockAtMostFor shorter than the job's typical runtime; that's fine.", true},

		// "provides" is not "the provider".
		{"still provides no token", "redis-vs-consensus", "lock-across-network-call",
			"Redlock spreads the lock across independent nodes, but it assumes bounded pauses and still provides no fencing token.", false},
		{"the lock held across the provider's call", "row-lock", "lock-across-network-call",
			"Keep the lock while calling the payment provider so nobody else charges the card.", true},

		// Replication after the acknowledgement is the asynchronous copy,
		// not the replica already holding the key.
		{"copies it to replicas afterwards", "redis-vs-consensus", "replication-keeps-lock",
			"Redis says OK once the primary has the key in memory, and copies it to the replicas afterwards.", false},
		{"replicas get it eventually", "redis-lock-and-failure", "replication-keeps-lock",
			"The primary has written the key and the replicas have it eventually, so a crash in between loses it.", false},
		{"a quorum before confirming", "redis-vs-consensus", "replication-keeps-lock",
			"ZooKeeper won't confirm the write until a quorum has it, so losing the leader doesn't lose the lock.", false},
		{"replicas already have it (the claim)", "redis-lock-and-failure", "replication-keeps-lock",
			"The replicas already have the key when Redis says OK, so a failover keeps the lock.", true},

		// The TTL as the measure of another wait is not the TTL sized
		// longer than the work.
		{"keep a crashed node down longer than the longest TTL", "redis-early-expiry", "ttl-as-safety",
			"Keep a crashed node out for longer than the longest TTL before it serves again.", false},
		{"delay restarts beyond the maximum TTL", "redis-early-expiry", "ttl-as-safety",
			"Delay every restart by more than the maximum TTL so no lock comes back early.", false},
		{"the TTL longer than the longest job (the claim)", "choose-ttl", "ttl-as-safety",
			"Make the TTL longer than the longest job and two holders can't happen.", true},

		// Bumping a counter in the claim is no TTL raised.
		{"add a claim number, bump it in the claim", "holder-id-guard", "ttl-as-safety",
			"Fix: add attempt_no and bump it in the claim statement, then guard every write on it.", false},
		{"bump it on each claim", "holder-id-guard", "ttl-as-safety",
			"The fix is a claim_no that you bump on each claim and compare on every write.", false},
		{"bump the TTL and the problem goes away (the claim)", "choose-ttl", "ttl-as-safety",
			"The TTL was 30 seconds. Just bump it to ten minutes and the problem goes away.", true},

		// "say" after a comma gives an example: it reports nobody, so a
		// negation later in the sentence rejects no report.
		{"', say double it,' is no report", "two-holders", "ttl-as-safety",
			"Set the TTL to well above the longest run, say triple it, and then two workers can't both hold the lock.", true},
		{"a report that is rebutted", "two-holders", "ttl-as-safety",
			"Some say a TTL well above the longest run means two workers can't both hold the lock, but a pause proves them wrong.", false},

		// A failed extension treated as a lost lock is the counterpart.
		{"extension fine, failure treated as loss", "extend-lease", "work-after-lost-lease",
			"Extending is fine: compare-and-extend early, with a failed extension treated as loss of the lock.", false},
		{"renewal ok, failure means you lost it", "extend-lease", "work-after-lost-lease",
			"Renewal is okay as long as a failed renewal is treated as a lost lease and the work stops.", false},
		{"fine to finish after a failed extension (the claim)", "extend-lease", "work-after-lost-lease",
			"If an extension fails, it's fine to let the job finish.", true},

		// A lock held in one open transaction is not a lock that outlives
		// the claim's commit.
		{"keep the row locked in one transaction", "skip-locked-queue", "claim-lock-outlives-commit",
			"For short jobs, keep the row locked in one transaction while processing; a dead worker's connection drops and the row unlocks.", false},
		{"the lock held after the commit (the claim)", "skip-locked-queue", "claim-lock-outlives-commit",
			"After the claim commits, the row stays locked while the worker processes it.", true},

		// A critic verb judges what it is said of.
		{"'exactly once' overstates", "avoid-the-lock", "exactly-once-claim",
			"Calling it 'exactly once' overstates what the lock gives you: a crash after the charge still repeats it.", false},
		{"exactly once oversells the lock", "run-job-once", "exactly-once-claim",
			"Saying the lock runs the job exactly once oversells it.", false},
		{"exactly once (the claim)", "run-job-once", "exactly-once-claim",
			"With the lock around it, the job runs exactly once per period.", true},

		// A dash aside inside a negation does not end it.
		{"never — aside — makes it safe", "choose-ttl", "ttl-as-safety",
			"A long TTL never — not in any system I have run — makes the lock safe.", false},
		{"doesn't — aside — make it safe", "choose-ttl", "ttl-as-safety",
			"A longer TTL doesn't (whatever value you pick) make the lock safe.", false},
		{"a dash aside after the claim", "choose-ttl", "ttl-as-safety",
			"A long TTL — ten minutes, say — makes the lock safe.", true},

		// A stop signal the work checks before touching the resource is
		// cooperative cancellation, not the holder verifying ownership.
		{"a cancel flag checked before each step", "session-suspended", "client-side-fencing",
			"On SUSPENDED, set a cancel flag and have each step check it before touching the database.", false},
		{"the worker polls an interrupt", "session-suspended", "client-side-fencing",
			"The listener interrupts the worker thread, and the worker checks for the interrupt before every write.", false},
		{"the holder checks it still holds the lock (the claim)", "session-suspended", "client-side-fencing",
			"Before each write the worker checks that it still holds the lock, so nothing stale lands.", true},

		// "Same for X" after a judged practice applies the judgement.
		{"same for a Get before writing", "etcd-revision-guard", "client-side-fencing",
			"I'd not check first and write after. That is two steps, and a pause between them gives the stale overwrite. Same for a Get on the lock key before writing.", false},
		{"ditto after a rejection", "etcd-revision-guard", "client-side-fencing",
			"Checking session.Done() and then writing is wrong: a pause can land in between. Ditto for a Get on the lock key before writing.", false},
		{"same for after a design step (the claim)", "etcd-revision-guard", "client-side-fencing",
			"Before each write the leader checks session.Done(). Same for a Get on the lock key before writing.", true},

		// The lock server's own events in a timeline are no release.
		{"the server deleted the lock, in a timeline", "two-holders", "plain-del",
			"Build one timeline of when the lock server granted, extended, let lapse and deleted the lock.", false},
		{"the worker deletes the key when done (the claim)", "two-holders", "plain-del",
			"When the job is done, the worker deletes the lock key.", true},

		// The server storing the key with its result is the counterpart.
		{"the server stores the key with the result", "idempotency-keys", "fresh-idempotency-key",
			"The server stores the key with the result, and a retry with the same key gets the stored response.", false},
	})
}

// TestAppendedPlainClaimStillFlags appends one plain wrong claim, in a
// sentence of its own, to strong answers of our own that use the
// discourse moves the precision rules read as mentions (a probe header,
// a refusing header, a quoted claim, a failure told with its cost, a
// "Same for", a dash aside): none of those rules may reach the appended
// claim, and the flag must fire.
func TestAppendedPlainClaimStillFlags(t *testing.T) {
	strong := map[string]string{
		"two-holders": "I'd rebuild one timeline from the lock server's side: grants, renewals, expiries, with the fencing token of each. " +
			"Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs. " +
			"I'd check GC logs and CPU throttling for a pause longer than the TTL on the first worker. " +
			"Whatever the cause, the fix is a fencing token the storage checks, rejecting any write with a token lower than the highest it has seen.",
		"redis-vs-consensus": "Redis acknowledges a SET once the primary has it and replicates afterwards, so a failover can lose a granted lock. " +
			"A pattern I wouldn't accept: \"five masters, each with a replica behind Sentinel\". " +
			"etcd and ZooKeeper commit through a quorum before they answer, and hand out a revision or zxid that only grows, which the storage can use as a fencing token. " +
			"Neither stops a paused client — not even a consensus store — from waking up and writing, so the resource must reject stale tokens.",
		"idempotency-keys": "I'd argue against a lock per customer: at best it stops two concurrent duplicates, and a retry arrives after the first request finished. " +
			"The client generates one idempotency key per payment and resends it on every retry. " +
			"The server inserts the key with a unique constraint in the same transaction as the charge and returns the stored response to a repeat. " +
			"Minting the key on the server is the classic trap: each retry carries a brand new key, so nothing is ever deduplicated.",
		"etcd-revision-guard": "Checking session.Done() and then calling Put is a check and a write with a gap between them. " +
			"Same for a Get on the lock key before writing. " +
			"Put the condition in the write: a Txn that compares the lock key's create revision with mine and only then puts, so etcd evaluates both at once and a stale leader's write fails.",
	}
	appended := []struct{ question, flag, claim string }{
		{"two-holders", "ttl-as-safety", "A longer TTL makes the lock safe."},
		{"two-holders", "get-then-del|plain-del", "Redis's single thread makes GET then DEL safe."},
		{"redis-vs-consensus", "redlock-correctness|redlock-safe", "Redlock is safe."},
		{"redis-vs-consensus", "replication-keeps-lock", "The replicas already have the key when Redis says OK, so a failover keeps the lock."},
		{"idempotency-keys", "fresh-idempotency-key", "The server generates a new idempotency key for every retry."},
		{"idempotency-keys", "lock-instead-of-constraint", "A Redis lock per customer prevents duplicate charges."},
		{"etcd-revision-guard", "client-side-fencing", "Before each Put the leader checks session.Done(), and that is enough."},
	}
	var cases []flagCase
	for _, a := range appended {
		cases = append(cases, flagCase{"strong answer alone: " + a.question + " " + a.flag, a.question, a.flag, strong[a.question], false})
		cases = append(cases, flagCase{"appended: " + a.claim, a.question, a.flag, strong[a.question] + " " + a.claim, true})
		cases = append(cases, flagCase{"appended as a paragraph: " + a.claim, a.question, a.flag, strong[a.question] + "\n\n" + a.claim, true})
	}
	checkFlagCases(t, cases)
}
