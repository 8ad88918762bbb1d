package quiz_test

import "testing"

// TestReadingRulesG11 holds grader g11's reading rules for red-flag
// precision to sentences of our own: for each class of wording that the
// grader took for a claim, phrasings that only name, ask or take apart
// the mistake (no flag) beside near-misses that make it (flag). The
// classes come from the validation writers AD and AE's flags on passing
// answers; none of these sentences is a corpus answer.
func TestReadingRulesG11(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// Markdown emphasis closed right after a full stop ends the
		// sentence: a bolded bullet's heading is not read together with
		// the example after it.
		{"emphasis stop: heading then example", "choose-ttl", "ttl-as-safety",
			"- **Prefer a short TTL with renewal over a huge TTL.** For example 20s, renewed every 5s, and the worker stops if a renewal fails.", false},
		{"emphasis stop: italic heading", "choose-ttl", "ttl-as-safety",
			"*Skip the single big TTL.* Use 15s with a heartbeat every 5s, and the holder stops working the moment a renewal is refused.", false},
		{"emphasis stop: the bolded claim itself", "choose-ttl", "ttl-as-safety",
			"**A huge TTL stops two holders.** Set it to ten minutes.", true},
		{"emphasis stop: a bolded question no longer swallows the claim after it", "choose-ttl", "ttl-as-safety",
			"**Why not just a longer TTL, then?** A longer TTL makes the lock safe.", true},
		{"near-miss: a short bolded label heads the sentence after it", "choose-ttl", "ttl-as-safety",
			"- **Huge TTL.** It stops two holders at once, so that is what I set.", true},

		// A header that names mistakes, or refuses what it lists, heads
		// the bulleted lines under it, each bullet's sentences included.
		{"refusing header: half-measures I'd reject", "idempotency-keys", "fresh-idempotency-key",
			"Two half-measures I'd reject:\n- **Keys minted by the server.** If the server generates the key, every retry looks new — nothing to dedupe on. The client has to create it once per payment.\n- **Dedupe by amount in a window.** Blocks honest repeat purchases.", false},
		{"mistake header: misuses I'd call out", "row-lock", "lock-across-network-call",
			"Two misuses I'd call out:\n- **Holding FOR UPDATE across an external call** (Stripe, S3) as if it were a mutex. If the connection drops mid-call the lock goes and another worker calls Stripe again.\n- **Advisory locks behind PgBouncer.** Use pg_advisory_xact_lock instead.", false},
		{"refusing header: shortcuts I'd forbid", "row-lock", "lock-across-network-call",
			"Shortcuts I'd forbid:\n- Holding FOR UPDATE across the Stripe call so nobody else touches the order.\n- Long transactions around anything remote.", false},
		{"near-miss: a header of fixes the candidate ships", "idempotency-keys", "fresh-idempotency-key",
			"Two fixes I'd ship:\n- **Keys minted by the server.** The server generates a new idempotency key for every retry.", true},
		{"header of footguns seen", "two-holders", "plain-del",
			"Footguns I keep seeing:\n- Once the job is done, the worker deletes the lock key with DEL.", false},
		{"near-miss: a header of measures against footguns", "two-holders", "plain-del",
			"How I dodge footguns:\n- Once the job is done, the worker deletes the lock key with DEL.", true},
		{"near-miss: footguns set aside, then the design", "two-holders", "plain-del",
			"Footguns aside, here's my design:\n- Once the job is done, the worker deletes the lock key with DEL.", true},
		{"header of signals: an inventory of telegraphic items", "two-holders", "plain-del",
			"Signals that matter: release latency, DEL counts per key, when each job is done, and GC pause logs.", false},
		{"header of metrics", "two-holders", "plain-del",
			"Metrics I'd graph: lock hold time, DEL calls per release, jobs finishing near the TTL.", false},
		{"near-miss: a path described after its colon", "two-holders", "plain-del",
			"Our release path: when the job is done, DEL the key.", true},
		{"near-miss: a header of patterns the candidate uses", "row-lock", "lock-across-network-call",
			"Two patterns I'd use:\n- **Holding FOR UPDATE across an external call** to the payment provider, so nobody else can touch the order.", true},

		// Items numbered before a colon ("One: ... Two: ...") after a
		// sentence announcing mistakes are the mistakes named.
		{"numbered mistakes", "optimistic-concurrency", "retry-overwrites",
			"Two mistakes I'd avoid. One: comparing versions in Python before save(). Two requests both pass that check. Two: handling the conflict by automatically retrying with the latest version. That brings the silent overwrite back.", false},
		{"near-miss: numbered steps of a design", "optimistic-concurrency", "retry-overwrites",
			"Two steps. One: read the version. Two: on a conflict, the client automatically retries with the latest version, so nothing is lost.", true},

		// A code-reading step heads what follows its dash as it heads
		// what follows its colon.
		{"code-reading step before a dash", "two-holders", "plain-del|get-then-del",
			"Then I'd read the client code — renewals that don't check ownership, releases that delete anyone's key, deadlines taken from the wrong moment.", false},
		{"audit step before a dash", "two-holders", "plain-del|get-then-del",
			"Next, audit the release path — a bare DEL when the job is done, a GET then DEL from the client.", false},
		{"near-miss: a step of the design before a dash", "two-holders", "plain-del",
			"Then I release — delete the key when done, nothing else.", true},

		// A heading phrased as an indirect question ("how to ...:") asks;
		// what follows its colon is claimed as usual.
		{"how-heading", "extend-lease", "ttl-as-safety",
			"So how to extend safely:\n- renew every TTL/3 with a script that checks my token;\n- stop work if a renewal fails.", false},
		{"how-heading with I'd", "extend-lease", "ttl-as-safety",
			"How I'd keep the renewal safe:\n- a Lua script that compares my token before PEXPIRE;\n- a deadline on a monotonic clock.", false},
		{"near-miss: a plain claim", "extend-lease", "ttl-as-safety",
			"A heartbeat that keeps extending the lease makes it safe.", true},
		{"near-miss: the claim after a how-heading's colon", "extend-lease", "ttl-as-safety",
			"How I'd do it: a heartbeat that keeps extending the lease makes it safe.", true},

		// A quotation opening a sentence, followed at once by a dash or a
		// colon, labels the words being taken apart.
		{"quoted label before a dash", "redis-wait-safe", "replication-keeps-lock",
			"The line was \"WAIT makes it durable, so failover can't lose it.\" \"Can't lose it\" — even if it survives failover, a paused client is still a second holder. \"Durable\" — only in one replica's memory.", false},
		{"quoted label before a colon", "redis-wait-safe", "replication-keeps-lock",
			"\"Can't lose the lock on failover\": only if the promoted replica is the one that acknowledged, which Sentinel does not promise.", false},
		{"near-miss: the claim unquoted", "redis-wait-safe", "replication-keeps-lock",
			"With WAIT, failover can't lose it.", true},

		// A prefix written for one word does not reach a word that only
		// shares its letters: read* is not "ready".
		{"read* is not ready", "skip-locked-queue", "client-side-fencing",
			"If the job called an API and the worker died before COMMIT, the row becomes ready again and the job runs twice.", false},
		{"near-miss: reads", "skip-locked-queue", "client-side-fencing",
			"The worker reads its claim before commit and that is enough to stop a stale worker.", true},

		// What a practice tempts or lures people into is a harm named.
		{"tempts people to", "avoid-the-lock", "lock-instead-of-constraint",
			"The lock adds a failure domain, and it tempts teams to drop the unique constraint.", false},
		{"lures people into", "avoid-the-lock", "lock-instead-of-constraint",
			"Worse, it lures people into removing the check at the data, since the lock seems to cover it.", false},
		{"near-miss: the step itself", "avoid-the-lock", "lock-instead-of-constraint",
			"With the lock in place we can drop the unique constraint.", true},

		// A written source reports as a person does: what the runbook,
		// the wiki or the README says is reported speech.
		{"the runbook says: X. Harm.", "two-holders", "plain-del",
			"The runbook says: release with DEL when done. That deletes whoever holds it now.", false},
		{"our wiki says: X", "two-holders", "plain-del",
			"Our wiki says: release with DEL when done. That deletes whoever holds it now.", false},
		{"the README says that X", "two-holders", "plain-del",
			"The README says the worker releases with DEL when done. That removes B's lock.", false},
		{"near-miss: the candidate's own release", "two-holders", "plain-del",
			"We release with DEL when done, and that is fine.", true},
		{"near-miss: a program's thread is no reporter", "extend-lease", "ttl-as-safety",
			"The heartbeat thread says the lease is alive, so the lock is safe.", true},
		{"the ticket claimed X", "redlock-operations-q", "redlock-correctness",
			"The ticket claimed Redlock is as safe as etcd. That ignores clock jumps.", false},
		{"the design doc states X", "redlock-operations-q", "redlock-correctness",
			"The original design doc states Redlock is safe under any failure; the postmortem disproved it.", false},
		{"according to the vendor, X", "redlock-operations-q", "redlock-correctness",
			"According to the vendor, Redlock is as safe as consensus. Their own footnote assumes bounded drift.", false},
		{"near-miss: according to what we measured", "redlock-operations-q", "redlock-correctness",
			"According to our measurements, Redlock is safe under any failure.", true},
		{"X — scratch that", "redlock-operations-q", "redlock-correctness",
			"Earlier I said Redlock is safe under any failure — scratch that, a pause breaks it.", false},
		{"X. I take that back.", "redlock-operations-q", "redlock-correctness",
			"Redlock is safe under any failure. I take that back: a GC pause breaks it.", false},
		{"near-miss: X — I stand by it", "redlock-operations-q", "redlock-correctness",
			"Redlock is safe under any failure — I'll stand by that.", true},
		{"the standing advice was to X", "choose-ttl", "ttl-as-safety",
			"The standing advice on our team was to set the TTL longer than the longest job so it never expires mid-run. I've since argued against it: a pause still outlasts it.", false},
		{"near-miss: my advice is to X", "choose-ttl", "ttl-as-safety",
			"My advice is to set the TTL longer than the longest job so it never expires mid-run.", true},
		{"near-miss: my advice was to X", "choose-ttl", "ttl-as-safety",
			"My advice was to set the TTL longer than the longest job so it never expires mid-run.", true},
		{"someone else's PR, told as what it did", "two-holders", "plain-del",
			"The junior's PR released with DEL when the job was done. I sent it back: that deletes whoever holds the lock now.", false},
		{"a colleague's patch", "two-holders", "plain-del",
			"A colleague's patch deletes the key with DEL once the job is done; I flagged it in review.", false},
		{"near-miss: my PR", "two-holders", "plain-del",
			"My PR releases with DEL when the job is done.", true},
		{"near-miss: our code", "two-holders", "plain-del",
			"Our code releases with DEL when the job is done.", true},

		// A correct counterpart said as a swap or a preference: what is
		// replaced ("Replace X with Y"), set aside ("Pick Y over X") or
		// disowned ("X that supposedly ...") is named.
		{"replace X with Y", "redis-lock-and-failure", "two-commands",
			"Replace SETNX then EXPIRE with one SET NX PX.", false},
		{"near-miss: replaced nothing", "redis-lock-and-failure", "two-commands",
			"We replaced nothing; we SETNX then EXPIRE.", true},
		{"pick Y over X, X supposedly safe", "choose-ttl", "ttl-as-safety",
			"Pick a short TTL with renewal over a long TTL that supposedly keeps it safe.", false},
		{"X supposedly safe; in fact not", "choose-ttl", "ttl-as-safety",
			"A long TTL supposedly keeps it safe; in fact a pause outlasts it.", false},
		{"near-miss: preferring X, then the claim", "choose-ttl", "ttl-as-safety",
			"We prefer a long TTL over renewal, and a long TTL makes the lock safe.", true},
		{"near-miss: the claim after the preference's clause", "choose-ttl", "ttl-as-safety",
			"Prefer renewal over a long TTL; honestly, a long TTL makes the lock safe anyway.", true},
		{"near-miss: supposedly in another clause", "choose-ttl", "ttl-as-safety",
			"A long TTL keeps it safe, supposedly because nothing pauses that long.", true},

		// Three idioms that only look like claims: a manner adverb alone
		// after "but" (how to do it), "locked down" (restricted), and
		// "now" inside a quotation (no clock read).
		{"but safely: how to renew", "extend-lease", "ttl-as-safety",
			"A pause stops the renewals too, and then the lease runs out under you.\n\nSo yes, renew it, but safely.\n1. Renew only if the stored value is still my token.\n2. Stop work when a renewal fails.", false},
		{"near-miss: safe claimed, a manner adverb after", "extend-lease", "ttl-as-safety",
			"Extending the lease keeps it safe, but slowly.", true},
		{"locked down", "redis-early-expiry", "plain-del",
			"So: noeviction, AOF always or stay down past the max TTL after a crash, slew-only NTP, and FLUSHALL/DEL locked down with ACLs.", false},
		{"locked down by ACL", "redis-early-expiry", "plain-del",
			"After a crash, FLUSHALL and DEL get locked down by ACL so nobody can run them.", false},
		{"near-miss: DEL on release", "redis-early-expiry", "plain-del",
			"Once the job is done, the worker deletes the lock key with DEL.", true},
		{"now inside a quotation", "fencing-in-real-systems", "wall-clock",
			"They share one thing: a number tied to \"who's in charge now\", which only increases and which the receiver checks.", false},
		{"near-miss: the current time as the token", "fencing-in-real-systems", "wall-clock",
			"We use the current time now as the token, so later writes win.", true},

		// Sweep of our own mention shapes (g11): a header naming hazards
		// ("Things that bite people:"), "The anti-pattern list: ...", a
		// claim "on paper" / "in theory" set against practice, and a view
		// judged by appearance in more words ("looks neat, but ...").
		{"hazard header", "two-holders", "plain-del|get-then-del",
			"Things that bite people:\n- **GET then DEL on release.** Between the two calls the key can expire and B can take it.\n- **SETNX then EXPIRE.** A crash in between leaves a key that never expires.", false},
		{"the anti-pattern list", "two-holders", "plain-del|get-then-del|two-commands",
			"The anti-pattern list: GET then DEL, bare DEL on release, SETNX then EXPIRE.", false},
		{"near-miss: a pattern of the candidate's", "two-holders", "plain-del",
			"The release pattern: DEL the key when the job is done.", true},
		{"on paper, then in practice", "redlock-operations-q", "redlock-correctness",
			"Redlock's promise, on paper: a majority means nobody else can hold the lock. In practice a GC pause breaks that.", false},
		{"in theory, but in practice", "redlock-operations-q", "redlock-correctness",
			"In theory Redlock is safe under any failure, but in practice a pause past the validity time gives two holders.", false},
		{"near-miss: on paper and in practice", "redlock-operations-q", "redlock-correctness",
			"On paper and in practice, Redlock is safe under any failure.", true},
		{"near-miss: in theory and in practice too", "redlock-operations-q", "redlock-correctness",
			"In theory Redlock is safe under any failure, and in practice too.", true},
		{"looks neat, but", "idempotency-keys", "fresh-idempotency-key",
			"Generating the key on the server looks neat, but then each retry gets a fresh key and nothing dedupes.", false},
		{"seems clean, yet", "idempotency-keys", "fresh-idempotency-key",
			"A server-minted key per request seems clean, yet every retry becomes a new request.", false},
		{"near-miss: judged neat, no contrast", "idempotency-keys", "fresh-idempotency-key",
			"The server generates a new idempotency key for every retry, which is neat.", true},

		// Debugging narration (g11): hypotheses after a theory header and
		// an "Or" alternative before "Either way", a probe of "the
		// obvious" whose suspect follows its dash, and a practice said to
		// be what others do.
		{"working theory, then Or", "two-holders", "plain-del",
			"So my working theory: A froze, its lease lapsed, B got the lock, A woke and wrote. Or the release deleted B's key. Either way, fencing fixes the write side.", false},
		{"Or before Either way", "two-holders", "plain-del",
			"A froze past its TTL and B took the lock. Or the release deleted B's key. Either way the storage must reject the stale write.", false},
		{"near-miss: a fix header, not a theory", "two-holders", "plain-del",
			"Our fix: once the job is done, the worker deletes the lock key with DEL.", true},
		{"near-miss: an Or with no hypothesis around it", "two-holders", "plain-del",
			"Once the job is done, the worker deletes the lock key with DEL. Or, on timeout, the key just expires.", true},
		{"near-miss: a theory dropped before the colon", "two-holders", "ttl-as-safety",
			"With etcd you can drop the pause theory entirely: a longer TTL makes the lock safe.", true},
		{"hypothetically, X", "two-holders", "plain-del",
			"Hypothetically, if the worker deletes the key when done, a paused worker removes B's lock.", false},
		{"worst case: X", "two-holders", "plain-del",
			"Worst case: the worker deletes the key with DEL when done, and it's B's key by then.", false},
		{"one scenario: X", "two-holders", "plain-del",
			"One scenario: A pauses, its lease expires, B acquires, A wakes and DELs the key when done.", false},
		{"near-miss: best case is no scenario header", "two-holders", "plain-del",
			"Best case: once the job is done, the worker deletes the lock key with DEL.", true},
		{"near-miss: a scenario named, then the design", "two-holders", "plain-del",
			"Our scenario today is simple. Once the job is done, the worker deletes the lock key with DEL.", true},
		{"rule out the obvious — suspect", "two-holders", "plain-del",
			"I'd rule out the obvious first — a DEL when the job finishes that doesn't check the value.", false},
		{"near-miss: a probe with its own object, then a step", "two-holders", "plain-del",
			"I'd rule out GC first — then on release we delete the key with DEL when the job finishes.", true},
		{"what people do first", "row-lock", "lock-across-network-call",
			"Holding the row lock during the HTTP call is what people do first; it fails when the connection dies mid-call.", false},
		{"near-miss: what we do", "row-lock", "lock-across-network-call",
			"Holding the row lock during the HTTP call is what we do, and it works.", true},
		{"near-miss: what most teams do, approved", "row-lock", "lock-across-network-call",
			"Holding the row lock during the HTTP call is what most teams do, and it's fine.", true},
	})
}

// TestVocabularyClassesG11 holds the g11 vocabulary classes of the red
// flags' patterns to sentences of our own beside near-misses: "any
// failure" as a trigger, a guarantee restated as a belief, serialising
// said as taking turns, a TTL sized to a schedule's period, a row lock
// that ends at a commit before the call, and one replica of several
// holding the key.
func TestVocabularyClassesG11(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"on any failure: a trigger", "redlock-operations-q", "redlock-correctness",
			"The client must finish inside the remaining validity, and on any failure it releases on every node.", false},
		{"after any failure: a trigger", "redlock-operations-q", "redlock-correctness",
			"After any failure it unlocks all five instances and retries later with jitter.", false},
		{"near-miss: what it survives", "redlock-operations-q", "redlock-correctness",
			"Redlock is safe under any failure.", true},

		{"a guarantee restated as a belief (thinks)", "unfenceable-resource", "ttl-as-safety",
			"The lease ensures only one worker thinks it holds the lock at a time; two can still act.", false},
		{"a guarantee restated as a belief (believes)", "unfenceable-resource", "ttl-as-safety",
			"The lease guarantees only one worker believes it is the holder.", false},
		{"near-miss: the guarantee itself", "unfenceable-resource", "ttl-as-safety",
			"The lease ensures only one worker holds the lock at a time.", true},

		{"take turns: serialising", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock makes concurrent retries take turns, and each of them still charges.", false},
		{"genuine payments blocked: a cost", "idempotency-keys", "lock-instead-of-constraint",
			"And the lock would block a customer from making two genuine payments at once.", false},
		{"near-miss: the lock stops the duplicate", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock stops two requests charging at the same time.", true},

		{"TTL longer than the period: a dedupe window", "run-job-once", "ttl-as-safety",
			"SET job:2024-05-01T12 NX with a TTL longer than the period also works as the claim.", false},
		{"near-miss: TTL longer than the run", "run-job-once", "ttl-as-safety",
			"Set the TTL longer than the job's longest run and it never runs twice.", true},

		{"the lock ends at a commit before the call", "row-lock", "lock-across-network-call",
			"Lock the row with FOR UPDATE, set status to charging, commit, then call the payment API.", false},
		{"commit and then call", "row-lock", "lock-across-network-call",
			"Grab the row with FOR UPDATE, flip it to pending, commit and then call the provider.", false},
		{"near-miss: the call before the commit", "row-lock", "lock-across-network-call",
			"SELECT FOR UPDATE, call the payment API, then commit.", true},
		{"near-miss: the call while holding it, commit at the end", "row-lock", "lock-across-network-call",
			"Take the row lock, call Stripe while holding it, and commit at the end.", true},

		{"one replica of several", "redis-wait-safe", "replication-keeps-lock",
			"With three replicas and WAIT 1, just one of them has to have the key, and Sentinel may promote another.", false},
		{"only one replica needs it", "redis-wait-safe", "replication-keeps-lock",
			"Only one replica needs to have the lock for WAIT 1 to return.", false},
		{"near-miss: the replicas have it", "redis-wait-safe", "replication-keeps-lock",
			"With WAIT 1 the replicas already have the key, so failover keeps the lock.", true},
	})
}

// TestAppendedPlainClaimG11 appends one plain wrong claim, as a paragraph
// of its own, to answers that use each g11 reading rule's cue: the rule
// may not reach the appended claim, and the flag must fire.
func TestAppendedPlainClaimG11(t *testing.T) {
	cues := []struct{ rule, question, flag, cue, claim string }{
		{"emphasis stop", "choose-ttl", "ttl-as-safety",
			"- **Prefer a short TTL with renewal over a huge TTL.** For example 20s, renewed every 5s, and the worker stops if a renewal fails.",
			"In the end a long TTL makes the lock safe."},
		{"refusing header", "idempotency-keys", "fresh-idempotency-key",
			"Two half-measures I'd reject:\n- **Keys minted by the server.** If the server generates the key, every retry looks new — nothing to dedupe on.\n- **Dedupe by amount in a window.** Blocks honest repeat purchases.",
			"Our server generates a new idempotency key for every retry."},
		{"mistake header", "row-lock", "lock-across-network-call",
			"Two misuses I'd call out:\n- **Advisory locks behind PgBouncer.** Your lock lands on a connection others reuse.\n- **Long transactions.** They pin a connection.",
			"We hold FOR UPDATE across the external call to Stripe so nobody else can touch the order."},
		{"numbered mistakes", "optimistic-concurrency", "retry-overwrites",
			"Two mistakes I'd avoid. One: comparing versions in Python before save(). Two: skipping the version check on the admin path.",
			"On a conflict the client automatically retries with the latest version, so nothing is lost."},
		{"code-reading step before a dash", "two-holders", "plain-del",
			"Then I'd read the client code — renewals that don't check ownership, deadlines taken from the wrong moment.",
			"On release the worker just runs DEL on the key when the job is done."},
		{"how-heading", "extend-lease", "ttl-as-safety",
			"So how to extend safely:\n- renew every TTL/3 with a script that checks my token;\n- stop work if a renewal fails.",
			"A heartbeat that keeps extending the lease makes it safe."},
		{"quoted label", "redis-wait-safe", "replication-keeps-lock",
			"\"Durable\" — only in one replica's memory, and WAIT waits, it does not commit.",
			"With WAIT 1, failover can't lose the lock."},
		{"read* is not ready", "skip-locked-queue", "client-side-fencing",
			"If the worker dies before COMMIT, the row becomes ready again and another worker takes it.",
			"The worker reads its claim before commit and that is enough to stop a stale worker."},
		{"tempts people to", "avoid-the-lock", "lock-instead-of-constraint",
			"The lock adds a failure domain, and it tempts teams to drop the unique constraint.",
			"With the lock in place we can drop the unique constraint."},
		{"on any failure", "redlock-operations-q", "redlock-correctness",
			"The client must finish inside the remaining validity, and on any failure it releases on every node.",
			"Redlock is safe under any failure."},
		{"guarantee restated as a belief", "unfenceable-resource", "ttl-as-safety",
			"The lease ensures only one worker thinks it holds the lock at a time; two can still act.",
			"In practice the lease ensures only one worker holds the lock at a time."},
		{"the runbook says", "two-holders", "plain-del",
			"The runbook says: release with DEL when done. That deletes whoever holds it now.",
			"We release with DEL when done, and that is fine."},
		{"according to the vendor", "redlock-operations-q", "redlock-correctness",
			"According to the vendor, Redlock is as safe as consensus. Their own footnote assumes bounded drift.",
			"Redlock is safe under any failure."},
		{"scratch that", "redlock-operations-q", "redlock-correctness",
			"Earlier I said Redlock is safe under any failure — scratch that, a pause breaks it.",
			"Redlock is safe under any failure."},
		{"the standing advice was to", "choose-ttl", "ttl-as-safety",
			"The standing advice on our team was to set the TTL longer than the longest job so it never expires mid-run. I've since argued against it.",
			"A long TTL makes the lock safe."},
		{"someone else's PR", "two-holders", "plain-del",
			"The junior's PR released with DEL when the job was done. I sent it back.",
			"Our code releases with DEL when the job is done."},
		{"replace X with Y", "redis-lock-and-failure", "two-commands",
			"Replace SETNX then EXPIRE with one SET NX PX.",
			"We SETNX and then EXPIRE."},
		{"pick Y over X", "choose-ttl", "ttl-as-safety",
			"Pick a short TTL with renewal over a long TTL that supposedly keeps it safe.",
			"A long TTL makes the lock safe."},
		{"but safely", "extend-lease", "ttl-as-safety",
			"So yes, renew it, but safely.\n1. Renew only if the stored value is still my token.",
			"Extending the lease with a heartbeat keeps it safe."},
		{"locked down", "redis-early-expiry", "plain-del",
			"FLUSHALL and DEL are locked down with ACLs.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"now inside a quotation", "fencing-in-real-systems", "wall-clock",
			"They share one thing: a number tied to \"who's in charge now\", which only increases and which the receiver checks.",
			"We use the current time now as the token, so later writes win."},
		{"hazard header", "two-holders", "plain-del",
			"Things that bite people:\n- **SETNX then EXPIRE.** A crash in between leaves a key that never expires.",
			"On release we just DEL the key when the job is done."},
		{"on paper", "redlock-operations-q", "redlock-correctness",
			"Redlock's promise, on paper: a majority means nobody else can hold the lock. In practice a GC pause breaks that.",
			"Still, Redlock is safe under any failure."},
		{"looks neat, but", "idempotency-keys", "fresh-idempotency-key",
			"Generating the key on the server looks neat, but then each retry gets a fresh key and nothing dedupes.",
			"The server generates a new idempotency key for every retry."},
		{"working theory", "two-holders", "plain-del",
			"So my working theory: A froze, its lease lapsed, B got the lock, A woke and wrote. Or the release deleted B's key. Either way, fencing fixes the write side.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"the anti-pattern list", "two-holders", "plain-del",
			"The anti-pattern list: GET then DEL, bare DEL on release, SETNX then EXPIRE.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"hypothetically", "two-holders", "plain-del",
			"Hypothetically, if the worker deletes the key when done, a paused worker removes B's lock.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"genuine payments blocked", "idempotency-keys", "lock-instead-of-constraint",
			"And the lock would block a customer from making two genuine payments at once.",
			"A per-customer lock stops two requests charging at the same time."},
		{"worst case", "two-holders", "plain-del",
			"Worst case: the worker deletes the key with DEL when done, and it's B's key by then.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"rule out the obvious", "two-holders", "plain-del",
			"I'd rule out the obvious first — a DEL when the job finishes that doesn't check the value.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"what people do first", "row-lock", "lock-across-network-call",
			"Holding the row lock during the HTTP call is what people do first; it fails when the connection dies mid-call.",
			"Holding the row lock during the HTTP call is what we do, and it works."},
		{"commit, then call", "row-lock", "lock-across-network-call",
			"Lock the row with FOR UPDATE, set status to charging, commit, then call the payment API.",
			"SELECT FOR UPDATE, call the payment API, then commit."},
		{"header of signals", "two-holders", "plain-del",
			"Signals that matter: release latency, DEL counts per key, when each job is done, and GC pause logs.",
			"Once the job is done, the worker deletes the lock key with DEL."},
		{"take turns", "idempotency-keys", "lock-instead-of-constraint",
			"A per-customer lock makes concurrent retries take turns, and each of them still charges.",
			"A per-customer lock stops two requests charging at the same time."},
		{"TTL longer than the period", "run-job-once", "ttl-as-safety",
			"SET job:2024-05-01T12 NX with a TTL longer than the period also works as the claim.",
			"Set the TTL longer than the job's longest run and it never runs twice."},
		{"one replica of several", "redis-wait-safe", "replication-keeps-lock",
			"With three replicas and WAIT 1, just one of them has to have the key, and Sentinel may promote another.",
			"With WAIT 1 the replicas already have the key, so failover keeps the lock."},
	}
	var cases []flagCase
	for _, c := range cues {
		cases = append(cases, flagCase{c.rule + ": cue alone", c.question, c.flag, c.cue, false})
		cases = append(cases, flagCase{c.rule + ": cue, then the plain claim", c.question, c.flag, c.cue + "\n\n" + c.claim, true})
	}
	checkFlagCases(t, cases)
}
