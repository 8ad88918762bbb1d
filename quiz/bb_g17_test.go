package quiz_test

import "testing"

// Grader g17, writer BB: the classes of wording the grader misread on the
// validation writer BB's answers (flags on correct answers, core points
// missed, losing claims not flagged), each held to sentences of our own,
// on the question BB answered and on others, beside near-misses that must
// keep (or not earn) the flag. None of these sentences is a corpus answer.

// TestReadingRulesBBG17 covers the flags: what a sentence that describes a
// mistake says of it, against the same words made the candidate's own claim.
func TestReadingRulesBBG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		// A DEL called unguarded, or issued by any client, is a way the
		// key goes missing (a third party's delete), not the release the
		// answer proposes: "unguarded" says what "blind" says.
		{"unguarded DEL from any client removes the key", "redis-early-expiry", "plain-del",
			"Any client running an unguarded DEL wipes the lock out from under its holder.", false},
		{"unguarded DEL in a cleanup cron", "redis-early-expiry", "plain-del",
			"A cleanup cron doing an unguarded DEL on old keys removes a live lock too.", false},
		{"any client can DEL the key", "redis-lock-and-failure", "plain-del",
			"Without ACLs any client can DEL the key and another worker walks in.", false},
		{"near-miss: the release is a plain DEL", "redis-early-expiry", "plain-del",
			"To release, the loot worker does a DEL on the key once its job is done.", true},
		{"near-miss: a DEL called fine", "redis-lock-and-failure", "plain-del",
			"Releasing with a plain DEL is fine, only the owner ever calls it.", true},

		// A random value set beside an ordered one (a monotonic counter, a
		// revision, a zxid) in the same sentence is the contrast drawn,
		// not the random value offered as the token.
		{"random value beside a monotonic revision", "redis-vs-consensus", "random-fencing-token",
			"A Redis lock hands you a random value; etcd hands you a monotonic revision you can use as a fencing token.", false},
		{"random string beside a zxid", "fencing-token", "random-fencing-token",
			"The lock value is a random string; the zxid of the lock node is what you use as the fencing token.", false},
		{"uuid beside a counter", "fencing-token", "random-fencing-token",
			"Keep the UUID for the release and take a counter from the lock service as the fencing token.", false},
		{"near-miss: the random value offered as the token", "redis-vs-consensus", "random-fencing-token",
			"Redis is fine: use the random value as a fencing token.", true},
		{"near-miss: the UUID used as the token", "fencing-token", "random-fencing-token",
			"We just store the lock's UUID in each row and use that UUID as the fencing token.", true},

		// A lease sized from the average run said to break when a run goes
		// long is the harm told, not the sizing proposed.
		{"average-sized TTL breaks on a slow run", "choose-ttl", "ttl-below-runtime",
			"Pinning the TTL to the average raid-reward job breaks the first time a shard is slow.", false},
		{"average-sized lease breaks under load", "extend-lease", "ttl-below-runtime",
			"A lease cut to the mean match-settlement time breaks as soon as one settlement hits a slow database.", false},
		{"typical runtime as TTL breaks on a pause", "choose-ttl", "ttl-below-runtime",
			"Setting the TTL from the typical job duration breaks whenever a GC pause lands mid-run.", false},
		{"near-miss: the TTL set from the average run", "choose-ttl", "ttl-below-runtime",
			"Measure the average job duration and set the TTL to that plus a little.", true},

		// A holder re-reading its claim number (or token) right before an
		// outside call and skipping the call if it changed is the check in
		// the client: it can pause after the read.
		{"claim: re-read the token right before the call", "holder-id-guard", "client-side-fencing",
			"For the store API it's enough that the worker re-reads the claim number right before the call and skips it if it changed.", true},
		{"claim: re-read the epoch before the grant", "fencing-token", "client-side-fencing",
			"The worker re-reads its token right before the call to the item service, so the stale one never grants anything.", true},
		{"near-miss: the store compares the claim number", "holder-id-guard", "client-side-fencing",
			"The item service itself compares the claim number with the highest it has seen and refuses an older one.", false},

		// SET NX's atomicity said to rule out two holders, after a premise
		// that names the setting ("if it's a Redis lock"): the premise is
		// no condition on the claim.
		{"claim after a premise: atomic SET NX, no two holders", "two-holders", "single-threaded-lock",
			"If it's the usual SET NX lock, the lock can't hand out two holders; the command is atomic.", true},
		{"claim after a premise, other wording", "two-holders", "single-threaded-lock",
			"If we use SET NX, two holders are impossible, because the command is atomic.", true},
		{"near-miss: the acquire only, with the pause named", "two-holders", "single-threaded-lock",
			"SET NX is atomic, so two clients never both create the key, but a paused holder can still outlive its TTL.", false},

		// Last write wins said to be right in every case, the latest write
		// being correct by definition: a read-modify-write still loses a
		// change.
		{"claim: last write wins always fine", "avoid-the-lock", "isolation-prevents-race",
			"For the guild bank, last write wins is always fine, because the newest save is by definition right.", true},
		{"claim: last writer wins always safe", "optimistic-concurrency", "isolation-prevents-race",
			"Last writer wins is always safe for loadouts; no version check is needed.", true},
		{"near-miss: last write wins for whole-state updates", "avoid-the-lock", "isolation-prevents-race",
			"Last write wins is fine for a player's position, since every update carries the full state and reads nothing first.", false},
		{"near-miss: last write wins denied", "avoid-the-lock", "isolation-prevents-race",
			"Last write wins is not always fine: two saves computed from the same read lose an item.", false},
	})
}

// TestPointsBBG17 covers the core and minor points BB made in words the
// patterns did not know.
func TestPointsBBG17(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// A crashed holder that keeps the job "hostage" is the long side
		// of the trade-off.
		{"choose-ttl", "tradeoff", "A long TTL means a crashed server holds the daily-reward job hostage.", true},
		{"choose-ttl", "tradeoff", "A worker that crashes keeps the leaderboard rebuild hostage for the whole lease.", true},
		{"choose-ttl", "tradeoff", "The TTL is a hostage to the job's length.", false},
		// The worst stall actually seen is the measured tail.
		{"choose-ttl", "measure", "Size it from the worst GC pause you've actually seen in production.", true},
		{"choose-ttl", "measure", "The worst case is a pause nobody can predict.", false},
		// "renew every N seconds" is the heartbeat.
		{"choose-ttl", "heartbeat", "Use a 30 s lease and renew every 10 s; a failed renew stops the job.", true},
		{"choose-ttl", "heartbeat", "Every job gets a 30 s lease.", false},
		// A row that cannot be written twice is the unique table.
		{"idempotency-keys", "unique-table", "The first purchase request writes a row that can't be written twice, so a retry finds it.", true},
		{"idempotency-keys", "unique-table", "Each record is keyed by the purchase id and cannot be inserted twice.", true},
		{"idempotency-keys", "unique-table", "The client sends the purchase id twice when it retries.", false},
		// An unguarded DEL, from any client, is someone else deleting it.
		{"redis-early-expiry", "someone-deletes", "Any client that runs an unguarded DEL removes the lock.", true},
		{"redis-early-expiry", "someone-deletes", "Use DEL only through the token-checking script.", false},
	})
}
