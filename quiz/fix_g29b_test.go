package quiz_test

import "testing"

// Tests for g29b: three fatal flags that fired on correct answers.
// Every sentence is our own. g29bCorrect must stay clean of the flag
// named, alone and inserted into a clean answer: a pre-call check the
// candidate calls "just hoping" or tells a pause after (client-side-fencing),
// "nobody else can take over until it expires" said of a crashed holder and a
// renewal thread that keeps renewing while the main thread is deadlocked
// (ttl-as-safety), and "skip fencing only for an efficiency lock; etcd already
// guarantees the grant, not the write" (fencing-unneeded). g29bClaims are
// wrong claims sharing those words that must still raise the flag.
//
// g29bf: three of those exclusions were reverted after review rev29b (see
// g29bfReverted below); only the "a pause can happen before ..." one on
// client-side-fencing stays. The correct sentences that relied on the
// reverted ones are kept as known false flags, not deleted.

var g29bCorrect = []flagCase{
	{"correct-01", "unfenceable-resource", "client-side-fencing", "A pause can happen before the call goes out: the worker checks its lease, stalls for half a minute, then calls.", false},
	{"correct-02", "unfenceable-resource", "client-side-fencing", "The freeze may happen before the request is sent, right after the holder checks the lock.", false},
	{"correct-03", "unfenceable-resource", "client-side-fencing", "A GC pause could happen before the charge is sent: it checks the lease, sleeps 30 s in GC, and then charges.", false},
	{"correct-04", "fencing-token", "client-side-fencing", "A stall might happen before writing: the client reads the lock, gets descheduled, then writes with a dead lease.", false},
	{"correct-05", "unfenceable-resource", "client-side-fencing", "Even a perfect check fails, because the pause can happen before the API call, after the process checks the lease.", false},
	{"correct-06", "fencing-token", "client-side-fencing", "The pause may happen before the write lands, so the holder's own check before writing proves nothing.", false},
	{"correct-07", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is just hoping.", false},
	{"correct-08", "unfenceable-resource", "client-side-fencing", "verifying we still hold the lock right before the API call is wishful thinking.", false},
	{"correct-09", "unfenceable-resource", "client-side-fencing", "a last-second check that we still own the lease before calling is fingers crossed, nothing more.", false},
	{"correct-10", "unfenceable-resource", "client-side-fencing", "Re-checking the lock is still held before the API call is merely hoping the GC stays quiet.", false},
	{"correct-11", "fencing-token", "client-side-fencing", "Checking you still hold the lease before writing is hope and pray, not a fence.", false},
	{"correct-12", "unfenceable-resource", "client-side-fencing", "Honestly, checking that the lease is valid before sending is just hoping nothing stalls.", false},
	{"correct-15", "extend-lease", "ttl-as-safety", "While I keep renewing no other client can acquire it; after a GC pause longer than the TTL, another client can.", false},
	{"correct-16", "redis-lock-and-failure", "ttl-as-safety", "Nobody else can hold the key while it lives, and once the lease lapses under a frozen holder, anybody can.", false},
	{"correct-17", "extend-lease", "ttl-as-safety", "A heartbeat means no other worker can take it while we're responsive, yet someone else can once we freeze.", false},
	{"correct-19", "extend-lease", "ttl-as-safety", "The background renewal thread keeps renewing while the main thread is deadlocked, so tie renewals to progress.", false},
	{"correct-20", "extend-lease", "ttl-as-safety", "Watch out: a dedicated renewal thread keeps renewing while the job is deadlocked; cap the total hold time.", false},
	{"correct-21", "run-job-once", "ttl-as-safety", "If the watchdog runs in its own thread it keeps renewing through a deadlock in the job, so the lock is never freed.", false},
	{"correct-23", "redis-vs-consensus", "fencing-unneeded", "With etcd, skip the fencing only for an efficiency lock; etcd already guarantees the grant, not the write.", false},
	{"correct-24", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only if duplicates are fine; ZooKeeper already guarantees a single lease, not a single writer.", false},
	{"correct-25", "redis-vs-consensus", "fencing-unneeded", "You may drop the tokens only when a repeat is harmless: consensus already guarantees one holder in the store, not the writes downstream.", false},
	{"correct-26", "fencing-token", "fencing-unneeded", "Skip fencing only where a repeat costs nothing; raft already guarantees one leaseholder, not the storage's view of who writes.", false},
	{"correct-27", "redis-vs-consensus", "fencing-unneeded", "Drop the fencing only for a cache warmer; etcd already guarantees the lease, not the resource.", false},
	{"correct-28", "redis-vs-consensus", "fencing-unneeded", "With ZooKeeper you can skip the fencing only when the lock is an optimisation, since it already guarantees one grant, not one writer.", false},
	{"correct-29", "redis-vs-consensus", "fencing-unneeded", "Skip the fencing only for a lock that saves duplicate work; etcd already guarantees one lease holder, not the write to S3.", false},
	{"correct-30", "redis-vs-consensus", "fencing-unneeded", "Drop the tokens only when a double run is harmless, because ZooKeeper already guarantees the lease, not the writes.", false},
	{"correct-31", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only for an efficiency lock: raft already guarantees one leader, not a single writer at the storage.", false},
	{"correct-32", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only where a duplicate email is acceptable; consensus already guarantees the grant, not the writes.", false},
	{"correct-33", "fencing-token", "fencing-unneeded", "Leave out the fencing only for an optimisation lock; etcd already guarantees the lease, not the resource.", false},
	{"correct-34", "redis-vs-consensus", "fencing-unneeded", "Omit the fencing only if duplicates are fine: etcd already guarantees the holder, not who writes.", false},
	{"correct-35", "redis-vs-consensus", "fencing-unneeded", "You may skip the tokens only when a repeat is wasted work, since consensus already guarantees one lease, not one writer.", false},
	{"correct-36", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only if a duplicate is cheap; etcd already guarantees the grant, not the write that follows a pause.", false},
	{"correct-37", "redis-vs-consensus", "fencing-unneeded", "With ZooKeeper, skip the fencing only for a cache refresh lock; it already guarantees the session, not the writes.", false},
	{"correct-38", "redis-vs-consensus", "fencing-unneeded", "Drop fencing only for locks that avoid duplicate work: etcd already guarantees the lease holder, not the writer.", false},
	{"correct-39", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only when double work is fine; consensus already guarantees one holder in etcd, not the storage.", false},
	{"correct-40", "redis-vs-consensus", "fencing-unneeded", "Skip the fencing only for a best-effort lock; etcd already guarantees the grant, not a single write.", false},
	{"correct-41", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only if you can live with duplicates; etcd already guarantees the lease, not the writes.", false},
	{"correct-42", "redis-vs-consensus", "fencing-unneeded", "Skip the fencing only for locks whose duplicate is harmless; ZooKeeper already guarantees one holder, not one writer.", false},
	{"correct-43", "redis-vs-consensus", "fencing-unneeded", "Fencing can be skipped only for efficiency; etcd already guarantees the lease, not the write.", false},
	{"correct-44", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only if duplicates are harmless; consensus already guarantees a single lease, not a single writer.", false},
	{"correct-45", "redis-vs-consensus", "fencing-unneeded", "Drop the fencing only for a report lock; etcd already guarantees the grant, not the writes.", false},
	{"correct-46", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only for a dedupe-protected job; etcd already guarantees one holder, not the storage.", false},
	{"correct-47", "redis-vs-consensus", "fencing-unneeded", "Skip the tokens only if a second run costs nothing; raft already guarantees the leader, not the writer.", false},
	{"correct-48", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only for a throttle; etcd already guarantees the lease, not the resource.", false},
	{"correct-49", "unfenceable-resource", "client-side-fencing", "The gap is real: a pause can happen before the request is sent, after the process checks the lock.", false},
	{"correct-50", "unfenceable-resource", "client-side-fencing", "A freeze may happen before the call is made, right after the worker checks its lease.", false},
	{"correct-51", "unfenceable-resource", "client-side-fencing", "A stall could happen before sending even though the holder checks the lease right before sending.", false},
	{"correct-52", "fencing-token", "client-side-fencing", "A GC pause can happen before the write, just after the client re-reads the lock.", false},
	{"correct-53", "unfenceable-resource", "client-side-fencing", "The pause might happen before the request goes out: the worker checks, stalls, then calls.", false},
	{"correct-54", "unfenceable-resource", "client-side-fencing", "And the freeze can happen before the call is sent: the process checks the lease, hangs for a minute, then sends.", false},
	{"correct-55", "fencing-token", "client-side-fencing", "A swap storm could happen before writing, after the process checks it still holds the lock.", false},
	{"correct-56", "unfenceable-resource", "client-side-fencing", "Checking the lease right before the call is wishful: the pause can land after the check.", false},
	{"correct-57", "unfenceable-resource", "client-side-fencing", "The check that the lock is still held just before the API call is hoping, not fencing.", false},
	{"correct-58", "fencing-token", "client-side-fencing", "Verifying we still own the lock right before the write is hoping the GC behaves.", false},
	{"correct-59", "unfenceable-resource", "client-side-fencing", "Confirming we still hold it just before the call amounts to hoping.", false},
	{"correct-64", "extend-lease", "ttl-as-safety", "A heartbeat thread keeps renewing while the worker is deadlocked, and then the job never finishes and never lets go.", false},
	{"correct-65", "extend-lease", "ttl-as-safety", "Because the renewal runs on a background thread, it keeps renewing while the main thread is deadlocked; cap the hold time.", false},
	{"correct-66", "extend-lease", "ttl-as-safety", "The separate renewal thread keeps running while the worker is deadlocked; tie it to progress.", false},
	{"correct-67", "extend-lease", "ttl-as-safety", "One risk of a dedicated renewal thread: it keeps renewing even while the main loop is deadlocked.", false},
}

var g29bClaims = []flagCase{
	{"claim-01", "unfenceable-resource", "client-side-fencing", "The worker checks the lease right before the call, so a pause can never hurt us.", true},
	{"claim-02", "unfenceable-resource", "client-side-fencing", "Check that the lock is still held immediately before the API call, and the race is gone.", true},
	{"claim-03", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is enough, no hoping involved.", true},
	{"claim-04", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is not just hoping, it is a real guarantee.", true},
	{"claim-05", "fencing-token", "client-side-fencing", "The holder checks it still holds the lock before writing, and that check is what keeps stale writes out.", true},
	{"claim-06", "unfenceable-resource", "client-side-fencing", "Verify you still own the lease before calling the provider; that makes the call safe.", true},
	{"claim-07", "unfenceable-resource", "client-side-fencing", "We confirm we still hold the lock just before the API call, which is all the protection needed.", true},
	{"claim-08", "fencing-token", "client-side-fencing", "The client verifies it still owns the lock before writing, so the storage needn't check tokens.", true},
	{"claim-09", "unfenceable-resource", "client-side-fencing", "The process checks the lease before sending, so no pause can happen before the request is sent.", true},
	{"claim-10", "unfenceable-resource", "client-side-fencing", "A pause can't happen before the request is sent, since the holder checks the lease right before sending.", true},
	{"claim-11", "unfenceable-resource", "client-side-fencing", "The worker reads the lease before the call, which removes the race entirely.", true},
	{"claim-12", "fencing-token", "client-side-fencing", "Checking that we still hold the lock right before writing makes a fencing token unnecessary.", true},
	{"claim-13", "unfenceable-resource", "client-side-fencing", "Before calling the API the job checks it still holds the lease, and with that no second charge can happen.", true},
	{"claim-14", "unfenceable-resource", "client-side-fencing", "Hoping is not a strategy, so we check that we still hold the lease before calling and that is safe.", true},
	{"claim-15", "unfenceable-resource", "client-side-fencing", "The process checks the lease right before sending, so the double charge can't happen.", true},
	{"claim-16", "fencing-token", "client-side-fencing", "A stale holder is caught because it checks the lease right before writing, so overlap is impossible.", true},
	{"claim-17", "choose-ttl", "ttl-as-safety", "Nobody else can take the lock until it expires, and a long TTL means it never expires during the job.", true},
	{"claim-18", "extend-lease", "ttl-as-safety", "The heartbeat runs on its own thread, so it keeps renewing even during a GC pause.", true},
	{"claim-19", "extend-lease", "ttl-as-safety", "A dedicated renewal thread keeps renewing even if the main thread deadlocks, which guarantees no two holders.", true},
	{"claim-20", "extend-lease", "ttl-as-safety", "The watchdog lives in a separate thread, so a stop-the-world pause doesn't stop it.", true},
	{"claim-21", "choose-ttl", "ttl-as-safety", "Since nobody else can acquire until the TTL expires, and we renew, two holders are impossible.", true},
	{"claim-22", "extend-lease", "ttl-as-safety", "While we renew, nobody else can get the lock, even if we pause for a minute.", true},
	{"claim-23", "run-job-once", "ttl-as-safety", "Because the lease is renewed, no other instance can run the job, so it runs exactly once.", true},
	{"claim-24", "choose-ttl", "ttl-as-safety", "The TTL guarantees only one holder, nobody else can take it until it expires, and it can't expire mid-job since we size it above the job.", true},
	{"claim-25", "choose-ttl", "ttl-as-safety", "Anyone can see that with a 10 minute TTL no other worker can take the lock mid-job.", true},
	{"claim-26", "extend-lease", "ttl-as-safety", "The renewal thread keeps renewing while the main thread is deadlocked, and that makes the lease safe against GC pauses.", true},
	{"claim-27", "extend-lease", "ttl-as-safety", "Renewal in a background thread keeps renewing no matter what the job does, so the lease never lapses.", true},
	{"claim-28", "redis-vs-consensus", "fencing-unneeded", "With etcd you can skip fencing only when the lock comes from etcd, since etcd already guarantees one holder.", true},
	{"claim-29", "redis-vs-consensus", "fencing-unneeded", "Skip the fencing only if consensus already guarantees the lock, which it always does.", true},
	{"claim-30", "redis-vs-consensus", "fencing-unneeded", "With ZooKeeper, drop the tokens only if it already guarantees one holder, and it does.", true},
	{"claim-31", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only where raft already guarantees a single writer.", true},
	{"claim-32", "redis-vs-consensus", "fencing-unneeded", "With etcd, skip the fencing only when etcd already guarantees the write.", true},
	{"claim-33", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only for locks on etcd: etcd already guarantees the writes are from one holder.", true},
	{"claim-34", "redis-vs-consensus", "fencing-unneeded", "You can skip fencing only if consensus already guarantees exclusion, and with etcd it does, not just the lease.", true},
	{"claim-35", "redis-vs-consensus", "fencing-unneeded", "With etcd we skip the fencing, because consensus already guarantees only one holder.", true},
	{"claim-36", "choose-ttl", "ttl-as-safety", "No other worker can take the lock until it expires, and since we renew it never expires, so two holders are impossible.", true},
	{"claim-37", "choose-ttl", "ttl-as-safety", "Until the lease expires no one else can take it, so overlap is impossible.", true},
	{"claim-38", "extend-lease", "ttl-as-safety", "Nobody else can take the lock while we renew, even if someone else can read the key.", true},
	{"claim-39", "redis-vs-consensus", "fencing-unneeded", "Skip the fencing only if etcd already guarantees the write, not the lease.", true},
	{"claim-40", "redis-vs-consensus", "fencing-unneeded", "With etcd you can drop the fencing only when it already guarantees a single writer, not just a single lease holder.", true},
	{"claim-41", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only when consensus already guarantees one holder; that covers the write too.", true},
	{"claim-42", "redis-vs-consensus", "fencing-unneeded", "On ZooKeeper, omit the fencing only if the session already guarantees exclusion, which it always does.", true},
	{"claim-43", "redis-vs-consensus", "fencing-unneeded", "You can get rid of the fencing only for etcd locks, since raft already guarantees one owner.", true},
	{"claim-44", "fencing-token", "fencing-unneeded", "We skip the tokens only for etcd leases, because etcd already guarantees a single holder at a time.", true},
	{"claim-45", "redis-vs-consensus", "fencing-unneeded", "Drop the fencing only where consensus already guarantees the lock, meaning everywhere on etcd.", true},
	{"claim-46", "redis-vs-consensus", "fencing-unneeded", "Leave out the fencing only if ZooKeeper already guarantees one holder, not the Redis case.", true},
	{"claim-47", "redis-vs-consensus", "fencing-unneeded", "With raft, skip the fencing only when raft already guarantees a single leader, not when you use Redis.", true},
	{"claim-48", "redis-vs-consensus", "fencing-unneeded", "Skip fencing only if etcd is the lock store, since it already guarantees the holder is unique.", true},
	{"claim-49", "redis-vs-consensus", "fencing-unneeded", "With etcd you may do without fencing only if consensus already guarantees one holder, and it does.", true},
	{"claim-50", "redis-vs-consensus", "fencing-unneeded", "Skip the tokens only when ZooKeeper already guarantees the lock; it guarantees the write too, not only the grant.", true},
	{"claim-51", "redis-vs-consensus", "fencing-unneeded", "we skip fencing only for etcd, etcd already guarantee one holder, not like redis.", true},
	{"claim-52", "redis-vs-consensus", "fencing-unneeded", "Skip the fencing only if the store already guarantees one writer, as etcd does.", true},
	{"claim-53", "redis-vs-consensus", "fencing-unneeded", "Drop the tokens only where etcd already guarantees exclusive access, not just leases.", true},
	{"claim-54", "redis-vs-consensus", "fencing-unneeded", "You can skip fencing only if the lock service already guarantees one holder, which ZooKeeper does, not the app.", true},
	{"claim-55", "unfenceable-resource", "client-side-fencing", "A pause can't happen before the request is sent, because the process checks the lease right before sending.", true},
	{"claim-56", "unfenceable-resource", "client-side-fencing", "The holder checks the lease before sending; a pause can happen before the request is sent but the check covers it.", true},
	{"claim-57", "fencing-token", "client-side-fencing", "The client checks it still holds the lock just before the write, so the write is safe.", true},
	{"claim-58", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call makes the call safe.", true},
	{"claim-59", "unfenceable-resource", "client-side-fencing", "Verifying the lease is still valid right before the API call is enough; no need for hoping.", true},
	{"claim-60", "fencing-token", "client-side-fencing", "Check that you still own the lock before writing and you are done, nothing more to it.", true},
	{"claim-61", "unfenceable-resource", "client-side-fencing", "We check isHeld before the call so we never double charge.", true},
	{"claim-62", "choose-ttl", "ttl-as-safety", "With a TTL above the job time, no other process can grab it until expiry, so we get mutual exclusion.", true},
	{"claim-63", "extend-lease", "ttl-as-safety", "The renewal thread keeps renewing while the main thread is deadlocked, which guarantees exclusive access.", true},
	{"claim-64", "extend-lease", "ttl-as-safety", "Since the heartbeat has its own thread, it keeps renewing through a stop-the-world pause.", true},
	{"claim-65", "extend-lease", "ttl-as-safety", "Renewal on a separate thread keeps running while the main thread is deadlocked, so two holders can't happen.", true},
	{"claim-66", "extend-lease", "ttl-as-safety", "Our keepalive in a dedicated thread never lapses, even when the main thread is frozen.", true},
}

// g29bfReverted: g29bf (fixer) reverted three of g29b's four exclusions
// after the adversarial review rev29b found them hiding wrong claims: the
// sentence-wide "not the write / not the storage / not the resource"
// exclusion on fencing-unneeded (14 hidden, e.g. "the problem is the lock,
// not the storage"), the "hoping / wishful" exclusion on client-side-fencing
// line 2 (8 hidden, e.g. "checking ... beats hoping"), and the "deadlock /
// tie renewals to progress" exclusion on ttl-as-safety (3 hidden, e.g. "tie
// renewals to progress in a background thread and the lease can't be lost").
// The "a pause can/may happen before ..." exclusion on client-side-fencing
// hid nothing and stays, with its cases. These correct sentences relied on
// the reverted exclusions: they are flagged again, alone and inserted, as on
// main (99e4785). They are kept here, not deleted, as known false flags.
const (
	csfReverted = "client-side-fencing hoping exclusion reverted (rev29b: 8 hidden claims)"
	ttlReverted = "ttl-as-safety deadlock/tie-to-progress exclusion reverted (rev29b: 3 hidden claims)"
	fuReverted  = "fencing-unneeded not-the-write/storage exclusion reverted (rev29b: 14 hidden claims)"
)

// (g32a: correct-07, -08, -11, -12 and -58, a pre-call check judged "just
// hoping", "wishful thinking", "hope and pray", are cleared by the
// harm-predicate reading of grader g32a, which keeps every g29b claim
// flagged; they are back among the cases that must stay clean.)
// (g33b: correct-65, a renewal thread outliving a deadlock followed by
// "; cap the hold time", is cleared by the guarded-hazard reading of grader
// g33b, which keeps every g29b claim flagged; it is back among the cases
// that must stay clean.)
var g29bfReverted = map[string]string{
	"correct-09": csfReverted,
	"correct-57": csfReverted, "correct-59": csfReverted,
	"correct-19": ttlReverted,
	"correct-23": fuReverted, "correct-24": fuReverted, "correct-25": fuReverted, "correct-26": fuReverted,
	"correct-27": fuReverted, "correct-28": fuReverted, "correct-29": fuReverted, "correct-30": fuReverted,
	"correct-31": fuReverted, "correct-32": fuReverted, "correct-33": fuReverted, "correct-34": fuReverted,
	"correct-35": fuReverted, "correct-36": fuReverted, "correct-37": fuReverted, "correct-39": fuReverted,
	"correct-40": fuReverted, "correct-41": fuReverted, "correct-42": fuReverted, "correct-44": fuReverted,
	"correct-45": fuReverted, "correct-46": fuReverted, "correct-47": fuReverted, "correct-48": fuReverted,
}

func TestFixG29bCorrect(t *testing.T) {
	checkFlagCases(t, notReverted(g29bCorrect, g29bfReverted))
	checkInserted(t, g24bBase, false, notReverted(g29bCorrect, g29bfReverted))
}

func TestFixG29bClaims(t *testing.T) {
	checkFlagCases(t, g29bClaims)
	checkInserted(t, g24bBase, false, g29bClaims)
}

// TestFixG29bKnownFalseFlags: the correct sentences whose g29b exclusion was
// reverted are flagged alone and inserted, as on main (99e4785).
func TestFixG29bKnownFalseFlags(t *testing.T) {
	checkKnownFalseFlags(t, g29bCorrect, g29bfReverted)
}
