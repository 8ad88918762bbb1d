package quiz_test

import "testing"

// regressG21bBases are the correct base answers of the non-author
// adversarial review 21-1 (Appendix A), for the questions its MUST FIX
// items 16-27 use.
var regressG21bBases = map[string]string{
	"choose-ttl":         "Measure how long the critical section takes, including its slow tail, and set the TTL a few times above it, renewing while the work runs. The TTL trades liveness against spurious expiry: too short and healthy holders lose the lock, too long and a crashed holder blocks others for longer. The TTL is not what makes it safe: the resource checks a fencing token.",
	"skip-locked-queue":  "A worker claims the oldest pending row with SELECT ... FOR UPDATE SKIP LOCKED, marks it running with a deadline and commits quickly. It extends the deadline while working, a sweeper requeues rows past their deadline, and the final update checks an attempt number so a reclaimed job's old worker cannot overwrite the result.",
	"redis-wait-safe":    "No. WAIT blocks until the given number of replicas acknowledge the write or the timeout passes, and returns how many did. It does not make the write synchronous: the key stays on the primary either way, and a failover can still promote a replica that never got it. For a lock that must survive failover, use etcd or ZooKeeper, and fence the writes with a token the resource checks.",
	"run-job-once":       "Not a lock: a lock only stops two overlapping runs, and an instance whose timer fires after the winner finished would still run the job again. I insert a claim row keyed by the job and the date under a unique constraint; the instance whose insert succeeds runs the job and the others skip it. The job itself is idempotent so a retry after a crash is harmless.",
	"redis-vs-consensus": "Redis replicates asynchronously, so a failover can lose a granted lock, and its TTLs depend on timing. etcd and ZooKeeper commit the lock through a quorum and give it a number that only grows, which the storage can use as a fencing token. So I use Redis for efficiency locks where a rare double run is harmless, and etcd or ZooKeeper with fencing when correctness depends on the lock.",
	"fencing-token":      "A fencing token is a number that increases with every grant of the lock. The holder sends it with each write, and the storage remembers the highest token it accepted and rejects a write carrying a smaller one, so a paused old holder cannot overwrite the new holder's work.",
	"two-holders":        "First I rebuild the timeline from the lock store's own records and the tokens each worker got, not from two machines' clocks, and read the acquire and release code. The usual causes are a GC or VM pause past the TTL, a failover that lost the key, a clock jump on the server, or a release without an owner check. The fix is a fencing token that the storage checks, not a longer TTL.",
	"extend-lease":       "Yes, if the extension is atomic and conditional: a Lua script extends the key only if it still holds the caller's token. A holder renews well before expiry and stops its work if a renewal fails. Renewal cannot help a holder that is paused past its lease, so the writes still carry a fencing token that the resource checks.",
	"session-suspended":  "SUSPENDED means the client lost its connection and does not know whether its session is still alive. I stop the protected work at once and wait: on RECONNECTED I check the lock node still exists and resume, and on LOST I treat the lock as gone and acquire it again. Because the client can learn of expiry late, every write carries the lock node's sequence number as a fencing token that the store checks.",
	"row-lock":           "Yes, within one database: a row lock taken with SELECT ... FOR UPDATE blocks every other transaction that wants the same row, whichever client it comes from. The lock lasts until the transaction commits or rolls back, and if the client's connection dies the server aborts the transaction and releases it. It only covers data inside that database, so it cannot protect a call to an outside service. Keep the transactions short, and for a simple claim use a conditional UPDATE that checks the row count.",
}

func regressG21bBase(id string) string { return regressG21bBases[id] }

// TestRegressG21b: the claims review 21-1 found flagged by 7841b7f and lost
// by g21a's reading rules and exclusions (items 16-27): the reviewer's
// sentence and one of ours for each, put into the reviewer's correct base
// answer, must raise the flag.
func TestRegressG21b(t *testing.T) {
	checkInserted(t, regressG21bBase, true, []flagCase{
		// 16: a platform-timeout exclusion must not hide a safety verdict.
		{"16 reviewer", "skip-locked-queue", "ttl-as-safety", "Keep the lease above the function timeout; that is what stops a second worker from taking the job while the first still runs.", true},
		{"16 ours", "skip-locked-queue", "ttl-as-safety", "Set the lease longer than the Lambda timeout and two workers can never run the same job at once.", true},
		// 17: the trade-off clause excuses itself, not the claim before it.
		{"17 reviewer", "choose-ttl", "ttl-as-safety", "A longer lease stops a second worker from taking over, and at worst the job is stopped for a minute after a crash.", true},
		{"17 ours", "choose-ttl", "ttl-as-safety", "A generous TTL keeps two holders apart, and the only cost is that the job is stopped for a while if the holder dies.", true},
		// 18, 19: "not how I'd ...:" sets aside no one's way but the speaker's.
		{"18 reviewer", "choose-ttl", "ttl-as-safety", "That's not how I'd size it: make the TTL longer than the longest job and two workers can never overlap.", true},
		{"18 ours", "choose-ttl", "ttl-as-safety", "That's not the way we pick it: we set the TTL well above the longest run, so two holders can never overlap.", true},
		{"19 reviewer", "redis-wait-safe", "replication-keeps-lock", "I'd use WAIT, just not how the docs frame it: once WAIT returns 1, a failover can't lose the lock.", true},
		{"19 reviewer wait", "redis-wait-safe", "wait-makes-safe", "I'd use WAIT, just not how the docs frame it: once WAIT returns 1, a failover can't lose the lock.", true},
		{"19 ours", "redis-wait-safe", "replication-keeps-lock", "We call WAIT, though not how I'd first have guessed: after WAIT 1 returns, failover cannot lose the key.", true},
		// 20-22: "never released/deleted" marks a per-period key only in
		// the clause that says it.
		{"20 reviewer", "run-job-once", "mutex-no-lease", "Workers take SETNX on sync:lock before the sync and delete it after; the key is never deleted by anyone else.", true},
		{"20 ours", "run-job-once", "mutex-no-lease", "Each instance does SETNX report:lock, runs the report and then DELs the key; nothing else ever deletes it, and it is never removed early.", true},
		{"21 reviewer", "run-job-once", "mutex-no-lease", "Wrap the import in SETNX import:lock and DEL it at the end; if a worker dies the lock is never released, but that is rare.", true},
		{"21 ours", "run-job-once", "mutex-no-lease", "Wrap the export in SETNX export:lock and DEL it when finished; if the process dies the lock is never released, though that is unusual.", true},
		{"22 reviewer", "run-job-once", "mutex-no-lease", "The lock key is never deleted while the job runs, and SETNX keeps every other worker out.", true},
		{"22 ours", "run-job-once", "mutex-no-lease", "The key is never released mid-run, and a SETNX on it means no second instance can start the job.", true},
		// 23: an efficiency word of the same subject excuses nothing.
		{"23 reviewer", "redis-vs-consensus", "redlock-correctness", "Redlock is good enough for correctness, and far more efficient than etcd.", true},
		{"23 ours", "redis-vs-consensus", "redlock-correctness", "Redlock is safe for correctness, and it is more efficient than ZooKeeper too.", true},
		// 24: "does its own fencing" excuses only a store that compares.
		{"24 reviewer", "fencing-token", "fencing-unneeded", "Redis does its own fencing with the TTL, so you don't need fencing tokens.", true},
		{"24 ours", "fencing-token", "fencing-unneeded", "The lock service does its own fencing through expiry, so fencing tokens are unnecessary.", true},
		// 25, 26: a denied meaning or prevention ends at a comma splice
		// or ", and" that starts the speaker's own clause.
		{"25 reviewer", "two-holders", "ttl-as-safety", "Being paused doesn't mean the key can't be trusted, the TTL guarantees only one holder at a time.", true},
		{"25 ours", "two-holders", "ttl-as-safety", "A GC pause doesn't mean anything goes wrong, the lease expiry guarantees a single holder.", true},
		{"26 reviewer", "extend-lease", "ttl-as-safety", "A pause doesn't keep the watchdog from renewing, and with the watchdog renewing, two holders can't happen.", true},
		{"26 ours", "extend-lease", "ttl-as-safety", "Clock drift doesn't stop the lease from renewing, and the lease TTL guarantees only one holder at a time.", true},
		// 27: "someone else gets" excuses only a harm told after a mistake.
		{"27 reviewer", "session-suspended", "work-through-suspended", "Keep processing while SUSPENDED; someone else gets the lock only when the session expires, which takes a while.", true},
		{"27 ours", "session-suspended", "work-through-suspended", "Just keep working while SUSPENDED; someone else gets the lock only after the session has expired.", true},
	})
}
