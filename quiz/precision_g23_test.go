package quiz_test

import "testing"

// TestPrecisionG23aFatal: mutex-no-lease (fatal) is raised by SET NX in an
// answer that never names a lease. SET NX named only as where a value comes
// from, whose role as a fencing token the clause denies ("the random value
// in SET NX is not a fencing token"), describes no lock design: the
// sentence is about the value's lack of order. The negation after an
// auxiliary reached back over plain words but stopped at the backticks
// around `SET NX`; it now reads code as it reads the words. A lock taken with SET NX in
// any other clause of the same answer is still the mutex without a lease.
// The answers here name no TTL, lease or expiry anywhere, as the flag needs.
func TestPrecisionG23aFatal(t *testing.T) {
	const fence = "Kafka's brokers, Raft followers and the etcd server each keep the highest epoch they have seen and refuse a request with a lower one. "
	checkFlagCases(t, []flagCase{
		{"value in SET NX denied as a fencing token", "fencing-in-real-systems", "mutex-no-lease", fence + "The random value in Redis `SET NX` is not a fencing token, because nothing orders it.", false},
		{"plain SET NX denied as a fencing token", "fencing-in-real-systems", "mutex-no-lease", fence + "The random value in Redis SET NX is not a fencing token, because nothing orders it.", false},
		{"value of SETNX denied as a fencing token", "fencing-in-real-systems", "mutex-no-lease", fence + "Note that the value of `SETNX` isn't a fencing token: it has no order.", false},
		// Wrong claims in nearby wording: the lock taken with SET NX.
		{"claim: lock with SET NX, value then denied", "fencing-in-real-systems", "mutex-no-lease", fence + "We take the lock with `SET NX`; the random value in `SET NX` is not a fencing token.", true},
		{"claim: lock is SET NX with a random value", "fencing-in-real-systems", "mutex-no-lease", fence + "Our lock is a plain `SET NX` with a random value, which is not a fencing token.", true},
		{"claim: acquire with SET NX and release", "fencing-in-real-systems", "mutex-no-lease", fence + "Acquire with SET NX and a random value, and the broker checks the epoch.", true},
		{"claim: SET NX is the lock, its value no token", "fencing-in-real-systems", "mutex-no-lease", fence + "Redis `SET NX` gives us the lock, though its value is not a fencing token.", true},
		{"claim: with backticked SET NX two workers can't collide", "fencing-in-real-systems", "mutex-no-lease", fence + "With `SET NX` two workers can't hold the same key at once, so the lock is solid.", true},
		{"claim: backticked SET NX calls never collide", "fencing-in-real-systems", "mutex-no-lease", fence + "The two `SET NX` calls can never both succeed, so the lock is solid.", true},
		{"claim: backticked SET NX as the whole lock", "fencing-in-real-systems", "mutex-no-lease", fence + "A `SET NX` on the job key is all the lock we need, and it is not hard to run.", true},
	})
}

// TestPrecisionG23a: the phenomena behind the flags on passing answers of
// the readable writers (tuning BX, CF, CG; validation CC, CD) and the
// correct sentences a reviewer found flagged, each in sentences of our own
// put into a correct answer: the correct sentence raises no flag of the
// kind; at least three claims worded close to it still do.
func TestPrecisionG23a(t *testing.T) {
	checkInserted(t, precisionG21Base, false, []flagCase{
		// ACLs that stop other clients running DEL or FLUSHALL: access
		// control over commands, not mutual exclusion sold by the TTL.
		{"ACLs so nobody else can DEL", "redis-early-expiry", "ttl-as-safety", "Keep the max TTL short, and set ACLs so nobody else can DEL or FLUSHALL the lock keys.", false},
		{"claim: with the TTL nobody else can take it", "redis-early-expiry", "ttl-as-safety", "With the TTL set, nobody else can take the lock until it expires.", true},
		{"claim: TTL and ACLs, nobody else can hold it", "redis-early-expiry", "ttl-as-safety", "The TTL plus ACLs means nobody else can hold the lock while I work.", true},
		{"claim: renewed TTL, nobody else can get in", "redis-early-expiry", "ttl-as-safety", "With a watchdog renewing the TTL, no one else can get in, and ACLs stop stray DELs.", true},
		{"claim: TTL, nobody else can take it or DEL it", "redis-early-expiry", "ttl-as-safety", "With the TTL set, nobody else can take the lock, and nobody else can DEL it.", true},
		{"claim: lease means no other client can acquire", "redis-early-expiry", "ttl-as-safety", "While the lease runs no other client can acquire it, and ACLs mean no other client can DEL it.", true},

		// Two holders who both feel safe: the harm of a blind extension.
		{"both holders feel protected", "extend-lease", "ttl-as-safety", "A blind EXPIRE after my lease lapsed extends the new holder's lock while I carry on, and now both of us feel protected.", false},
		{"claim: renewal keeps the job protected", "extend-lease", "ttl-as-safety", "Extending the TTL on a timer keeps the job protected.", true},
		{"claim: we feel protected by renewal", "extend-lease", "ttl-as-safety", "With renewal every ten seconds the lease never expires, so we are protected.", true},
		{"claim: watchdog renewing means protected", "extend-lease", "ttl-as-safety", "Because the watchdog renews the lease, the worker is protected for as long as it runs.", true},
		{"claim: renewal and we feel protected", "extend-lease", "ttl-as-safety", "We extend the lease every ten seconds, so we feel protected against any overlap.", true},
		{"claim: both workers protected by renewal", "extend-lease", "ttl-as-safety", "The heartbeat renews each worker's lease, so both jobs are protected from each other.", true},

		// A bracket closing the header's words before its colon ("check
		// lock implementation bugs (most common in my experience):") still
		// makes the line a header of suspects; a header word the line
		// denies ("no known bugs") heads nothing, bracket or not.
		{"suspects under a bracketed header", "two-holders", "two-commands", "Next, check the client bugs (the usual ones, in my experience):\n- SETNX followed by EXPIRE as a second call\n- a release by bare DEL", false},
		{"claim: our acquire path, bracketed", "two-holders", "two-commands", "Our acquire path (we wrote it in 2019):\n- SETNX then EXPIRE on the job key\n- release with a Lua script", true},
		{"claim: what we run, bracketed", "two-holders", "two-commands", "What we run in production (it works well):\n- SETNX then EXPIRE on the job key", true},
		{"claim: no known bugs, bracketed", "two-holders", "two-commands", "Our lock client (no known bugs):\n- SETNX then EXPIRE on the job key", true},
		{"claim: no known bugs, plain header", "two-holders", "two-commands", "Our lock client has no known bugs:\n- SETNX then EXPIRE on the job key", true},
		{"claim: how we lock, bracketed", "two-holders", "two-commands", "How we take the lock (it has never failed us):\n- SETNX then EXPIRE", true},

		// A short opening naming a kind of fault heads what follows its
		// dash ("And the self-inflicted ones — X").
		{"self-inflicted ones before a dash", "redis-lock-and-failure", "two-commands", "And the self-inflicted ones — writing the key and then its expiry in two separate calls, or a release that skips the value check.", false},
		{"pitfalls before a dash", "redis-lock-and-failure", "two-commands", "Classic pitfalls — SETNX and then EXPIRE as a second command.", false},
		{"claim: failure handling before a dash", "redis-lock-and-failure", "two-commands", "Failure handling — we SETNX and then EXPIRE in a second command.", true},
		{"claim: our approach before a dash", "redis-lock-and-failure", "two-commands", "Our approach — set the key and its expiry in two separate commands.", true},
		{"claim: pitfalls said rare before a dash", "redis-lock-and-failure", "two-commands", "Pitfalls are rare here — we set the key and its expiry in two separate commands.", true},
		{"claim: culprits set aside before a dash", "redis-lock-and-failure", "two-commands", "Culprits aside — we set the key and its expiry in two separate commands.", true},
		{"claim: self-inflicted ones said rare", "redis-lock-and-failure", "two-commands", "The self-inflicted ones are rare, so we set the key and its expiry in two separate commands.", true},
		{"claim: two commands avoid the self-inflicted ones", "redis-lock-and-failure", "two-commands", "We set the key and its expiry in two separate commands, which avoids the self-inflicted ones.", true},

		// A fix pointed back to, said to take the place of a practice
		// ("It replaces X"), names X.
		{"it replaces the GET then DEL", "two-holders", "get-then-del", "Release with a compare-and-delete in one step. It replaces the GET then DEL, which can delete the next holder's lock.", false},
		{"claim: it replaces it with GET then DEL", "two-holders", "get-then-del", "It replaces the compare-and-delete with a GET then DEL, which is simpler.", true},
		{"claim: GET then DEL replaces it", "two-holders", "get-then-del", "A GET then DEL replaces the compare-and-delete and works fine.", true},
		{"claim: it replaces, then GET then DEL", "two-holders", "get-then-del", "It replaces the old release; we GET the value, then DEL the key.", true},
		{"claim: it replaces, and the release does GET then DEL", "two-holders", "get-then-del", "It replaces the old release, and now the release does a GET then DEL.", true},

		// "read the <code> for X" is a step of reading code for a suspect.
		{"read the release for a plain DEL", "two-holders", "get-then-del", "Then read the release for a plain DEL.", false},
		{"claim: read the lock value, then DEL", "two-holders", "get-then-del", "Then read the lock value, then DEL it.", true},
		{"claim: read the key for the owner, then DEL", "two-holders", "get-then-del", "Read the key for the owner, then DEL it if it matches.", true},
		{"claim: read the release value and DEL", "two-holders", "get-then-del", "Then read the release value and DEL if it is ours.", true},
		{"claim: read the token for the release, then DEL", "two-holders", "get-then-del", "Read the token for the release, then DEL the key.", true},
	})
}
