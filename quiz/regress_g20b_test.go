package quiz_test

import (
	"testing"
)

// regressG20bBases are short correct answers of our own, by question,
// that pass with no flag on their own; where a question has none here,
// g20bBases' or g20Bases' answer is used.
var regressG20bBases = map[string]string{
	"session-suspended":    "On SUSPENDED I stop the protected work at once, because I can no longer be sure I hold the lock. SUSPENDED only means the connection dropped; the session may still be alive on the servers. The signal is local and late: the session can expire on the servers before the client hears of it, and a callback cannot stop a thread that is paused or already mid-write. I resume only on RECONNECTED in the same session, on LOST I acquire the lock again, and the writes carry the lock node's sequence number as a fencing token that the store compares.",
	"redlock-operations-q": "Every node must fsync the key before it replies, or a restarted node stays out for longer than the longest TTL; otherwise a second majority can form. Clocks must advance at the same rate: NTP slews, it never steps. A client that misses the majority releases on every node, and retries wait a random delay. Extensions need a majority within the validity and are capped. None of this stops a paused holder, so the resource still needs a check of its own.",
	"unfenceable-resource": "The provider cannot check a token, so every call carries an idempotency key derived from our payment id, and the provider applies each key once. A gatekeeper in front of the provider checks tokens and is the only path to it. A lock-delay holds the lock back for a while after a failure, but that is a timing assumption: a pause longer than the delay still lets a stale call through. Before handing over we can also fence the old node itself by revoking its credentials.",
	"fencing-token":        "A fencing token is a number that grows with every grant of the lock. The holder sends it with each write, and the storage remembers the highest token it accepted and turns away a write with a smaller one, atomically with the write. So a holder that paused and lost its lease is refused, even though it still believes it holds the lock.",
}

// regressG20bBase returns the correct base answer for question id.
func regressG20bBase(id string) string {
	if s, ok := regressG20bBases[id]; ok {
		return s
	}
	if s, ok := g20bBases[id]; ok {
		return s
	}
	return g20Bases[id]
}

// TestRegressG20b: the review of g20's new recall patterns (items 9-15)
// found correct sentences they flag and one claim one of them lets
// through. Each sentence, the reviewer's or one of our own, is put into a
// correct short answer to its question; the correct ones must raise no
// flag of the kind, the claim must raise it.
func TestRegressG20b(t *testing.T) {
	checkInserted(t, func(q string) string { return regressG20bBase(q) }, true, []flagCase{
		// Item 9: RECONNECTED said always to be the same session, with an
		// "on LOST" step elsewhere in the sentence.
		{"9 G7 lost step elsewhere", "session-suspended", "work-through-suspended", "On SUSPENDED pause; on RECONNECTED the lock is still mine, it is always the same session; on LOST reacquire.", true},
		{"9 G7e lost never happens", "session-suspended", "work-through-suspended", "On RECONNECTED it is always the same session, so the lock node is still mine; LOST never really happens in practice.", true},
		{"9 own resume on reconnected", "session-suspended", "work-through-suspended", "When SUSPENDED arrives I pause, on LOST I start over, and on RECONNECTED I resume because it is always the same session and the node is still there.", true},
		{"9 own lost for long outages", "session-suspended", "work-through-suspended", "RECONNECTED means the same session came back, so the node is still held; LOST only matters in a long outage.", true},
		// Item 10: a follower that forwards to, asks or waits for the
		// leader is not answering from its own state.
		{"10 R3a forward to leader", "etcd-revision-guard", "follower-grants-locally", "etcd followers forward linearizable reads to the leader, so lock checks see current data.", false},
		{"10 R3b commit index", "design-lock-service-q", "follower-grants-locally", "A follower serves linearizable reads by first asking the leader for its commit index and waiting to apply up to it.", false},
		{"10 R3d linearizable default", "etcd-revision-guard", "follower-grants-locally", "Are reads from a follower current? By default etcd reads are linearizable, so a follower checks with the leader first.", false},
		{"10 own pass reads on", "design-lock-service-q", "follower-grants-locally", "Followers pass every lock read on to the leader, so the answers are up to date.", false},
		{"10 own confirm with leader", "etcd-revision-guard", "follower-grants-locally", "Reads are linearizable by default, which makes a follower confirm with the leader before it answers.", false},
		// Item 11: what goes wrong when teams drop the token, and a check
		// before the write told with its exception.
		{"11 R2d teams that drop it", "redlock-operations-q", "redlock-correctness", "Teams that drop the fencing token because they run Redlock on five masters get two writers after a pause.", false},
		{"11 own team that drops it", "redlock-operations-q", "redlock-correctness", "A team that drops the fencing token because Redlock runs on five masters ends up with two holders after a GC pause.", false},
		{"11 own anyone who drops it", "redlock-operations-q", "redlock-correctness", "Anyone who drops the fencing token because Redlock runs on five masters will see a paused client overwrite newer data.", false},
		{"11 R4c unless it pauses", "extend-lease", "client-side-fencing", "Check the time left right before writing so no window opens, unless the process pauses after the check.", false},
		{"11 own unless it stalls", "extend-lease", "client-side-fencing", "The holder checks the lease left just before it writes, so there is no gap unless it stalls between the check and the write.", false},
		{"11 own except a gc pause", "extend-lease", "client-side-fencing", "Checking the time left right before writing leaves no window, except when a GC pause lands after the check.", false},
		// Item 12: the renewer's real danger, the GC stopping every
		// goroutine, and the renewer's run made conditional.
		{"12 R5a hung worker", "extend-lease", "ttl-as-safety", "One danger: the renewer keeps renewing even while the main thread is stalled on a deadlock, so a hung worker holds the lock forever; cap the total extension.", false},
		{"12 R5b no escape", "extend-lease", "ttl-as-safety", "A separate goroutine is no escape, since the GC does not stop one goroutine and spare another.", false},
		{"12 R5f only when", "extend-lease", "ttl-as-safety", "The heartbeat keeps running during the worker's pause only when the pause is the worker's own, such as a sleep, not a GC pause.", false},
		{"12 own endless loop", "extend-lease", "ttl-as-safety", "The renewer keeps renewing while the worker is stalled in an endless loop, so a hung job keeps its lease; cap the renewals.", false},
		{"12 own no refuge", "extend-lease", "ttl-as-safety", "A dedicated renewal thread is no refuge, since the GC does not stop one thread and spare the rest.", false},
		// Item 13: the worker's random value as the lock value, with the
		// idempotency key named as shared.
		{"13 R6a invoice number", "unfenceable-resource", "fresh-idempotency-key", "Each worker generates a random UUID as its lock value, while the idempotency key is the same for all: the invoice number.", false},
		{"13 own shared by all", "unfenceable-resource", "fresh-idempotency-key", "Every worker creates a random UUID as its own lock value, and the idempotency key is shared by all of them, taken from the charge.", false},
		{"13 own same for every holder", "unfenceable-resource", "fresh-idempotency-key", "Each holder generates a fresh UUID for the lock value, and the idempotency key comes from the invoice, the same for every holder.", false},
		// Item 14: a reconnect within the session timeout keeps the session.
		{"14 R7b within timeout", "session-suspended", "work-through-suspended", "When the client reconnects within the session timeout, ZooKeeper kept the session, so the ephemeral lock node still exists.", false},
		{"14 own before expiry", "session-suspended", "work-through-suspended", "A reconnect before the session expires means ZooKeeper kept the session, so the ephemeral node is still there.", false},
		{"14 own inside timeout", "session-suspended", "work-through-suspended", "If the connection comes back inside the session timeout, the server kept our session and the lock node still exists.", false},
		// Item 15: a check header whose colon opens on a check the
		// resource makes.
		{"15 R8a database compares", "fencing-token", "client-side-fencing", "We add one more check: before each write the database compares the token with the highest it has seen, in the same statement.", false},
		{"15 R8g storage compares", "fencing-token", "client-side-fencing", "We add a check: before each write the storage compares the token with the highest it has accepted.", false},
		{"15 own datastore compares", "fencing-token", "client-side-fencing", "We add another check: before every write the datastore compares the token with the largest it has accepted.", false},
		{"15 worker asks, still flagged", "fencing-token", "client-side-fencing", "We add a check: before each write the worker asks the lock service whether its token is still the latest.", true},
		{"15 own db compares", "fencing-token", "client-side-fencing", "We put in a check: before each write the db compares the token with the highest one it has stored.", false},
	})
}
