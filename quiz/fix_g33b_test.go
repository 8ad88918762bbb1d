package quiz_test

import "testing"

// Tests for g33b: a failure narrated is no claim. A candidate explaining
// a hazard tells it as what happens, in the words a wrong answer uses as
// its design: the chain of events after a pause or crash ("If that lasts
// over 30 s, the lease expires, another instance takes it, and the
// resumed process continues its write"), a hazard the next clause guards
// against ("...while the main thread is deadlocked; tie renewals to
// progress"), the gap a threat falls into ("the check happens before the
// write, and the pause can be after"), a mechanism a "but what ... is"
// cleft takes apart, and the numbered holes under "Several holes follow
// from that." g33bCorrect are such sentences, each raising its flag on
// main; they must stay clean alone and inserted into a clean answer.
// g33bClaims are the same words said as the candidate's design, approved
// ("that's fine", "so we're safe"), recommended, in a list after the
// holes, or with the threat denied or waved off; they must stay flagged.
// Every sentence is our own.

var g33bCorrect = []flagCase{
	{"correct-01", "extend-lease", "work-after-lost-lease", "A stop-the-world GC can stop the renewal timer. If that lasts over 30 s, the lease expires, another instance takes it, and the resumed process continues its write before its next renewal fails.", false},
	{"correct-02", "extend-lease", "ttl-as-safety", "Don't let renewal hide a stuck job. A background renewal thread keeps renewing while the main thread is deadlocked; tie renewals to progress, or cap the total hold time.", false},
	{"correct-03", "row-lock", "lock-across-network-call", "If the connection drops mid-call, the database aborts the transaction and releases the row, another worker picks it up and calls the API again — and the rollback undoes nothing outside the database.", false},
	{"correct-04", "redlock-operations-q", "client-side-fencing", "What it can't do: there is no fencing token. The client's validity check happens before the write, and the pause can be after.", false},
	{"correct-05", "holder-id-guard", "fence-checked-once", "The guard compares identity, while a fence compares generations. Several holes follow from that. 1. ABA. The stalled thread wakes up and its UPDATE matches: it writes under the new claim. 2. Scope. Only statements that can carry the WHERE are guarded. INSERTs into a results table, writes to other databases, files, HTTP calls have no guard at all. What I'd change: add a claim sequence and guard every write with it.", false},
	{"correct-06", "deadlock-ordering", "ttl-as-safety", "Not quite. TTLs mean the deadlock eventually breaks, but what breaks it is a lease expiring under a transfer that's about to proceed. So you trade a hang for a lost-exclusion bug.", false},
}

var g33bClaims = []flagCase{
	{"claim-01", "extend-lease", "work-after-lost-lease", "If a renewal fails, keep working and renew on the next tick.", true},
	{"claim-02", "extend-lease", "work-after-lost-lease", "If the process pauses, the lease lapses and another worker takes it, but that's fine: we keep working and renew at the next heartbeat.", true},
	{"claim-03", "extend-lease", "work-after-lost-lease", "A single failed renewal is no reason to stop; another worker may take the lock again, but we carry on and renew at the next tick.", true},
	{"claim-04", "extend-lease", "work-after-lost-lease", "My plan: renew every 5 s; if a renewal fails, continue the batch and retry the renewal at the next interval.", true},
	{"claim-05", "extend-lease", "ttl-as-safety", "The background thread keeps renewing, so the lock never expires and we're safe.", true},
	{"claim-06", "extend-lease", "ttl-as-safety", "The watchdog runs on a separate thread, so even in a full GC it keeps the lease alive.", true},
	{"claim-07", "extend-lease", "ttl-as-safety", "The heartbeat thread is its own thread, so a stop-the-world GC pause doesn't matter: it keeps renewing and the lease can't expire; tie it to nothing else.", true},
	{"claim-08", "extend-lease", "ttl-as-safety", "Use a background thread: even during a GC freeze it keeps the lease alive, and another instance never takes it.", true},
	{"claim-09", "row-lock", "lock-across-network-call", "Hold the row lock across the payment call; if the call fails the rollback undoes the charge.", true},
	{"claim-10", "row-lock", "lock-across-network-call", "If the worker crashes mid-call, the transaction rolls back and the rollback undoes the payment call too, so another worker can safely call the API again.", true},
	{"claim-11", "row-lock", "lock-across-network-call", "If the connection drops, another worker picks the row up, and the rollback cancels the API call, so nothing is charged twice.", true},
	{"claim-12", "row-lock", "lock-across-network-call", "We lock the row, call the payment API, then commit; if anything fails, the rollback undoes the payment as well.", true},
	{"claim-13", "redlock-operations-q", "client-side-fencing", "Check that the lock is still held right before each write and the race is gone.", true},
	{"claim-14", "deadlock-ordering", "ttl-as-safety", "Deadlock can't happen because the locks have TTLs: the deadlock always breaks itself when a lease expires, so we're safe.", true},
	{"claim-15", "extend-lease", "work-after-lost-lease", "When the process pauses, the lease lapses, another worker takes it, and the old worker keeps working and renews on the next tick, which is fine.", true},
	{"claim-16", "extend-lease", "work-after-lost-lease", "If a renewal fails, the worker keeps working, another instance may get the lock too, but the worker just retries the renewal on the next tick.", true},
	{"claim-17", "row-lock", "lock-across-network-call", "If the connection drops, another worker picks the row up and calls the API again, and the rollback cancels the first call.", true},
	{"claim-18", "row-lock", "lock-across-network-call", "When the worker crashes, another worker takes the row and calls the provider again, and the rollback undoes the first charge, so nothing is charged twice.", true},
	{"claim-19", "extend-lease", "ttl-as-safety", "The watchdog keeps renewing while the main thread is frozen in a GC pause; cap the total hold time.", true},
	{"claim-20", "extend-lease", "ttl-as-safety", "The renewal thread keeps the lease alive even during a stop-the-world GC; cap the total hold time anyway.", true},
	{"claim-21", "extend-lease", "ttl-as-safety", "A background renewal thread keeps renewing through a GC freeze, so the lock can't expire; tie renewals to progress as well.", true},
	{"claim-22", "redlock-operations-q", "client-side-fencing", "A check that the lock is still held right before each write removes the race, and a GC pause can't change that.", true},
	{"claim-23", "extend-lease", "work-after-lost-lease", "Our design:\n- renew every 5 s;\n- if the lease expires, another instance takes it, and the old process just keeps working and renews on the next tick, which is fine.", true},
	{"claim-24", "extend-lease", "work-after-lost-lease", "Fencing tokens are good. But if a renewal fails, keep working and renew at the next tick; another worker rarely takes it.", true},
	{"claim-25", "extend-lease", "work-after-lost-lease", "I'd recommend: if a renewal fails, continue the batch and retry the renewal at the next heartbeat.", true},
	{"claim-26", "row-lock", "lock-across-network-call", "If the API call times out, another worker picks the job up and calls the API again, and the rollback undoes both calls.", true},
	{"claim-27", "extend-lease", "ttl-as-safety", "Keep a heartbeat thread: it keeps renewing while the main thread is stuck in a GC pause, so the lease can't expire; cap nothing.", true},
	{"claim-28", "row-lock", "lock-across-network-call", "Hold the row lock while calling the payment API: if the worker dies, the rollback undoes the charge and another worker retries it.", true},
	{"claim-29", "extend-lease", "work-after-lost-lease", "If the lease expires mid-batch, just finish the job and renew at the next interval; another instance taking it is rare.", true},
	{"claim-30", "holder-id-guard", "fence-checked-once", "Several holes follow from that. 1. Scope. We check the owner once at the start, and that covers every later write.", true},
	{"claim-31", "holder-id-guard", "fence-checked-once", "Several holes follow from that. 1. Scope. A check at the start covers every later write, so that one is fine.", true},
	{"claim-32", "holder-id-guard", "fence-checked-once", "Several holes follow from that. 1. Scope. INSERTs have no guard. The fix: check the owner once at the start; that covers every later write.", true},
	{"claim-33", "holder-id-guard", "fence-checked-once", "No holes follow from that. 1. The owner check at the start covers all writes.", true},
	{"claim-34", "holder-id-guard", "fence-checked-once", "I see a few problems. 1. Checking the owner once at the start is enough for the whole job, so later writes need no condition.", true},
	{"claim-35", "holder-id-guard", "fence-checked-once", "Checking the owner once at the start covers every later write. Several holes people mention don't apply.", true},
	{"claim-36", "deadlock-ordering", "ttl-as-safety", "TTLs mean the deadlock eventually breaks, but what breaks it is a lease expiring, which is fine.", true},
	{"claim-37", "deadlock-ordering", "ttl-as-safety", "Deadlock can't happen because the locks have TTLs, so the deadlock always breaks itself.", true},
	{"claim-38", "deadlock-ordering", "ttl-as-safety", "The TTL guarantees the deadlock breaks, but what breaks it is a lease expiring, and that keeps us safe.", true},
	{"claim-39", "deadlock-ordering", "ttl-as-safety", "Surely deadlock can't happen because the locks have TTLs: what breaks it is a lease expiring.", true},
	{"claim-40", "holder-id-guard", "fence-checked-once", "Several holes follow from that. 1. Scope: INSERTs have no guard. 2. Silent zero rows: the code ignores UPDATE 0.\n\nA single owner check when the job starts covers every later write, though.", true},
	{"claim-41", "deadlock-ordering", "lock-order-by-role", "Problems:\n1. Deadlock between concurrent transfers.\n2. Lease expiry while blocked on the second lock.\nPrevention: use a consistent acquisition order — always take the source account's lock first and the destination's second, in every code path.", true},
	{"claim-42", "deadlock-ordering", "lock-order-by-role", "Several problems follow. 1. Deadlock between transfers. 2. Lease expiry while blocked. Always take the source account's lock first and the destination's second, in every code path.", true},
	{"claim-43", "redis-early-expiry", "single-node-keeps-keys", "Without failover nothing removes keys early. A lock key therefore lives exactly until its TTL is over; only a failover could make it disappear earlier.", true},
	{"claim-44", "extend-lease", "ttl-as-safety", "The watchdog keeps the lease alive even during a stop-the-world GC pause, and a pause can come after the check.", true},
	{"claim-45", "redlock-operations-q", "client-side-fencing", "Checking that the lock is still held right before the write makes overlap impossible, and a pause can be after it.", true},
	{"claim-46", "redis-early-expiry", "single-node-keeps-keys", "On a single Redis a TTL is a TTL: the key lives exactly that long, and a clock jump can only happen on a replica.", true},
	{"claim-47", "extend-lease", "ttl-as-safety", "Tie renewals to progress in a background thread and the lease can't be lost.", true},
	{"claim-48", "extend-lease", "ttl-as-safety", "The renewal thread keeps renewing while the main thread is deadlocked, which guarantees exclusive access; cap the hold time.", true},
}

func TestFixG33bCorrect(t *testing.T) {
	checkFlagCases(t, g33bCorrect)
	checkInserted(t, g24bBase, false, g33bCorrect)
}

func TestFixG33bClaims(t *testing.T) {
	checkFlagCases(t, g33bClaims)
}
