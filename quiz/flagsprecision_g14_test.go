package quiz_test

import "testing"

// TestReadingRulesG14 holds grader g14's reading rules for red-flag
// precision to sentences of our own: for each class of wording the grader
// took for a claim, phrasings that deny, name or take apart the mistake (no
// flag) beside near-misses that make it (flag). The classes come from the
// flags raised on passing answers of the validation writers AM and AN and
// the tuning writers AJ, AK and AL; none of these sentences is a corpus
// answer.
func TestReadingRulesG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A denial of the whole claim: a flag whose pattern reads either
		// way (it spells its own "can't" or "never") still reads the
		// candidate's negator when it denies every part of the match, as
		// "can't by itself guarantee" does.
		{"whole claim denied, adverb inside the negation", "fencing-token", "ttl-as-safety",
			"A TTL can't by itself guarantee that only one worker writes at a time.", false},
		{"whole claim denied: on its own", "fencing-token", "ttl-as-safety",
			"The lease cannot on its own guarantee that only one process acts at once.", false},
		{"whole claim denied: really", "choose-ttl", "ttl-as-safety",
			"A generous lease doesn't really guarantee that only one holder is active.", false},
		{"near-miss: never may be the claim's own word", "fencing-token", "random-fencing-token",
			"The lock value is a random UUID, and because UUIDs never collide it is a safe fencing token.", true},
		{"near-miss: the claim asserted", "fencing-token", "ttl-as-safety",
			"A long enough TTL guarantees that only one worker writes at a time.", true},
		{"near-miss: a negator denying another part of the sentence", "fencing-token", "ttl-as-safety",
			"We never saw a pause that long, so the lease guarantees that only one worker writes at a time.", true},
		{"whole claim denied: won't, with the adverb in commas", "fencing-token", "ttl-as-safety",
			"A lease won't, on its own, guarantee that only one worker writes at a time.", false},

		// A header that ends on a full stop: a short line naming suspects
		// or mistakes heads the bullets under it as one ending on a colon
		// does, so its items are named, not claimed.
		{"plain header: the usual suspects", "two-holders", "two-commands",
			"Then go through the usual suspects.\n- Acquire: SETNX and then EXPIRE as two separate calls.\n- Release: a DEL without checking the value.", false},
		{"plain header: common culprits, after a blank line", "two-holders", "two-commands",
			"Likely culprits in the client.\n\n- SETNX followed by EXPIRE in a second command.\n- A renewal that never checks the owner.", false},
		{"plain header: typical mistakes", "two-holders", "two-commands",
			"Typical mistakes to look for.\n* The key set with SETNX and its expiry set by EXPIRE afterwards.", false},
		{"near-miss: a plain line that names no suspects", "two-holders", "two-commands",
			"Here is how our client acquires.\n- SETNX and then EXPIRE as two separate calls.\n- Release with a Lua script.", true},
		{"near-miss: a plain step line, check, is no header of suspects", "two-holders", "two-commands",
			"We check the lock like this.\n- SETNX and then EXPIRE as two separate calls.", true},
		{"near-miss: prose after the suspects header ends its list", "two-holders", "two-commands",
			"Then go through the usual suspects.\nIn our service we call SETNX and then EXPIRE as two separate calls.", true},

		// The counterpart in a data engineer's words: a sink is the
		// storage being written, and validating a token is checking it,
		// so an answer that has the sink validate the fencing token
		// claims the counterpart of a check in the client, and a client
		// check beside it is an extra, not the fence.
		{"counterpart: the sink validates the token", "choose-ttl", "client-side-fencing",
			"The holder checks its remaining validity on a monotonic clock before each write and stops when a renewal fails. For correctness the sink validates a fencing token on every write.", false},
		{"counterpart: the token checked by the sink", "choose-ttl", "client-side-fencing",
			"Each worker can also verify it still holds the lease before writing, as an early exit. What makes it safe is a fencing token checked by the sink.", false},
		{"counterpart: the database validates", "choose-ttl", "client-side-fencing",
			"Before writing, the holder may check its remaining lease time and give up if it is short. The database validates the token on each write.", false},
		{"near-miss: the client check and nothing at the sink", "choose-ttl", "client-side-fencing",
			"The holder checks its remaining validity on a monotonic clock before each write, and that keeps a stale writer out of the sink.", true},
		{"near-miss: the sink named, the client doing the validating", "choose-ttl", "client-side-fencing",
			"The holder checks its remaining validity before each write to the sink; validating the lease in the client is all the safety we need.", true},

		// A pseudo-cleft of rejection on another head than "what": "One
		// thing I'd forbid is X" names X as rejected, as "What I'd forbid
		// is X" does, up to the end of its clause.
		{"cleft on one thing: forbid", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"One thing I'd forbid is putting a replica behind each of the five masters.", false},
		{"cleft on a setup: veto", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"A setup we would veto is every master paired with a Sentinel replica for failover.", false},
		{"cleft on something, a report before the speaker", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"Something ops teams love and I would ban is a hot standby replica for each master.", false},
		{"near-miss: a cleft that adds it", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"One thing I'd add is a replica behind each of the five masters.", true},
		{"near-miss: a cleft that insists on it", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"The one thing we insist on is a Sentinel replica for each master.", true},
		{"near-miss: the claim after the cleft's clause ends", "redlock-operations-q", "redlock-replicas-or-no-persistence",
			"One thing I'd forbid is skipping fsync; beyond that, I'd give each of the five masters a replica for extra safety.", true},

		// An absolute exclusion said of a secret ("a value nobody else
		// could guess") describes the value, not who holds the lock.
		{"secret: a value nobody else could guess", "redis-lock-and-failure", "ttl-as-safety",
			"A client takes the lock by writing a key whose value nobody else could guess, with an expiry set in the same command.", false},
		{"secret: a token no other client can forge", "redis-lock-and-failure", "ttl-as-safety",
			"The key holds a token no other client can forge, and its lease runs out after thirty seconds.", false},
		{"secret: a value no other process can predict", "redis-lock-and-failure", "ttl-as-safety",
			"We store a random string no other process can predict, with a TTL so that a crash frees the key.", false},
		{"near-miss: exclusion credited to the lease", "redis-lock-and-failure", "ttl-as-safety",
			"Because the key has a TTL and a renewal thread, nobody else can hold the lock while we work.", true},
		{"near-miss: the secret in one clause, the exclusion in another", "redis-lock-and-failure", "ttl-as-safety",
			"The value is random so nobody else could guess it. Thanks to the lease, nobody else can take the lock while we work.", true},

		// Someone else resuming after the lease is lost is the takeover
		// working as designed, not the holder working on.
		{"another actor resumes: another worker", "extend-lease", "work-after-lost-lease",
			"We checkpoint every chunk, so a lost lease costs one chunk and another worker can resume from the checkpoint.", false},
		{"another actor resumes: the next worker", "extend-lease", "work-after-lost-lease",
			"Progress is saved per partition; losing the lock wastes a partition at most, and the next worker can resume from there.", false},
		{"another actor resumes: someone else", "extend-lease", "work-after-lost-lease",
			"Because progress is committed per batch, a holder that lost the lock loses one batch and someone else can resume.", false},
		{"near-miss: the holder itself resumes", "extend-lease", "work-after-lost-lease",
			"Even after the lease is lost the worker still holds the lock in practice, so it can resume its batch.", true},
		{"near-miss: another worker named in a clause of its own", "extend-lease", "work-after-lost-lease",
			"Another worker may take over later, but a worker that lost its lease can resume where it left off.", true},

		// An option followed by what it relies on: "— rely on bounded
		// pauses", ", which depends on short pauses" offers it under a
		// timing assumption, as "— assumes no long pause" does.
		{"reliance: options that rely on bounded pauses", "unfenceable-resource", "client-side-fencing",
			"The fallbacks — checking that the lease is still valid before each call, or a local timer — rely on bounded pauses.", false},
		{"reliance: which depends on short pauses", "unfenceable-resource", "client-side-fencing",
			"Verifying the lease is still held before each call to the provider, which depends on GC pauses staying short, is the cheap option.", false},
		{"reliance: counting on no pause", "unfenceable-resource", "client-side-fencing",
			"A worker could confirm it still owns the lease before calling the API, counting on no pause outlasting the remaining time.", false},
		{"near-miss: a reliance that names no timing risk", "unfenceable-resource", "client-side-fencing",
			"Checking that the lease is still valid before each call, which depends on the SDK we use, keeps the payment safe.", true},
		{"near-miss: the check claimed, the reliance in its own item", "unfenceable-resource", "client-side-fencing",
			"We check that the lease is still valid before each call; the lock service relies on pauses being short.", true},

		// Families of the counterpart said in other words: fsync on
		// every write is "appendfsync always"; an expiry that breaks the
		// cycle told with the holder still believing it holds the lock is
		// the harm, not the fix.
		{"fsync always, in other words: every write", "redis-early-expiry", "single-node-keeps-keys",
			"Run a dedicated node with enough memory and AOF fsyncing on every write.", false},
		{"fsync always, in other words: each write", "redis-early-expiry", "single-node-keeps-keys",
			"Give it plenty of RAM, and AOF with an fsync on each write.", false},
		{"near-miss: everysec called enough", "redis-early-expiry", "single-node-keeps-keys",
			"AOF with everysec is enough, so the key survives any restart.", true},
		{"expiry with the believing holder: still alive", "deadlock-ordering", "ttl-as-safety",
			"With leases the cycle breaks itself when they expire, and a holder that is still alive keeps writing to A.", false},
		{"expiry with the believing holder: still thinks", "deadlock-ordering", "ttl-as-safety",
			"Leases make it worse: they expire, the cycle breaks itself, and each holder still thinks it holds its lock.", false},
		{"near-miss: the expiry sold as the cure", "deadlock-ordering", "ttl-as-safety",
			"With leases the deadlock is a non-issue: they expire and the cycle breaks itself.", true},
	})
}
