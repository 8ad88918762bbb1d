package quiz_test

import "testing"

// fixG23bBases are correct answers of our own, each a clean pass, for the
// questions of adversarial review B of g23b.
var fixG23bBases = map[string]string{
	"extend-lease":        "You can extend it, but only atomically with a Lua script that checks the value is still my token before it sets the new TTL, so I never stretch a lock someone else now holds. Renew at about a third of the TTL. A process that is paused cannot renew either, so renewal makes two holders less likely without making it safe; the resource still checks a fencing token.",
	"choose-ttl":          "It is a trade-off: a short TTL lapses under a slow holder, a long one leaves the job blocked that long after a crash. I size it from the measured tail of the critical section plus observed pauses, and renew it while working. No TTL is safe on its own, because a pause can outlast any value, so the resource checks a fencing token.",
	"fencing-token":       "A fencing token is a number the lock service increases on every grant. The holder sends it with each write, and the storage keeps the highest token it has seen and rejects a write with a lower one. So a holder that paused past its lease and wakes up cannot overwrite the newer holder's data.",
	"deadlock-ordering":   "Two transfers in opposite directions can each take one account lock and then wait for the other, which is a deadlock. Take the locks in a single global order, for example by account id, so no cycle can form. Leases would only break the deadlock by expiring under a live holder, which is not safe.",
	"holder-id-guard":     "The owner id cannot tell two claims by the same owner apart, so a late write from an old claim still passes WHERE owner = me. Give every claim its own epoch that goes up on each claim and guard every write with it. The timeout for reclaiming is a lease, and a paused worker can outlive it.",
	"two-holders":         "First compare how long the critical section really took with the TTL and look for GC pauses or throttling. Read the release code: it should delete the key only while it still holds our own value. Check for a Redis failover around that time. The fix is a fencing token that the resource checks; a longer TTL only makes it rarer.",
	"redis-early-expiry":  "A key can go before its TTL: an eviction policy under maxmemory can remove it, a restart without persistence forgets it, and expiry follows the server's clock, so a forward jump expires it early. Use noeviction, fsync, slewed clocks, and fencing at the resource.",
	"etcd-revision-guard": "Do the write in an etcd transaction that compares the lock key's create revision with the one I got, so the check and the put are atomic. A leader whose lease lapsed then has its transaction fail, and it writes nothing.",
}

// fixG23bCases are the correct sentences adversarial review B found newly
// flagged by g23b's patterns, close variants of our own, and a wrong claim
// of our own per family in nearby words.
var fixG23bCases = []flagCase{
	// work-after-lost-lease: carrying on 'anyway' is the claim only as advice
	// or the writer's own practice; a behaviour reported of others ('teams
	// often', 'I've seen') or blamed for a harm ('which caused', 'duplicate
	// charges') is the hazard told, not the claim.
	{"review R1-P022", "extend-lease", "work-after-lost-lease", "Teams often keep processing after a missed heartbeat, reasoning the successor waits anyway; that reasoning ignores that the lease may already be gone.", false},
	{"review R2-P028", "choose-ttl", "work-after-lost-lease", "After a missed heartbeat some workers keep processing regardless, and that is exactly how we got duplicate charges.", false},
	{"review R2-P030", "extend-lease", "work-after-lost-lease", "When a heartbeat fails, I've seen code continue processing anyway, which caused the incident.", false},
	{"claim a4", "choose-ttl", "work-after-lost-lease", "If the heartbeat fails we keep processing anyway, since the successor must wait out the TTL first.", true},
	{"claim a5", "extend-lease", "work-after-lost-lease", "When the renewal times out, keep going regardless: the lock stays ours until the TTL runs out.", true},
	{"correct a6", "extend-lease", "work-after-lost-lease", "Teams often keep processing after a heartbeat failed, reasoning that the next holder waits anyway; that reasoning misses that the lease may be gone already.", false},
	{"correct a7", "choose-ttl", "work-after-lost-lease", "After a missed heartbeat some workers keep processing regardless, and that is how we ended up with duplicate charges.", false},
	{"correct a8", "extend-lease", "work-after-lost-lease", "When the heartbeat failed, I've seen a worker continue processing anyway, which caused an incident.", false},
	// fencing-unneeded: 'drops'/'throws away' are true of a key, session or
	// znode, so they no longer count as undoing the holder's work; 'discards
	// nothing', 'can't write safely', writes that 'still land' are the
	// correct hazard.
	{"review R1-P032", "fencing-token", "fencing-unneeded", "When etcd drops the expired session, the old holder still writes; it cannot write safely without a check at the resource.", false},
	{"review R1-P033", "fencing-token", "fencing-unneeded", "etcd discards nothing on expiry, so the expired holder's writes still land; it can't write safely without a check.", false},
	{"review R1-P034", "fencing-token", "fencing-unneeded", "ZooKeeper undoes nothing, so a stale holder cannot write safely after its session expired: the store must compare the zxid.", false},
	{"review R2-P003", "fencing-token", "fencing-unneeded", "After its lease expired, a stale holder can't write safely: etcd drops the lock key, nothing more, and the late write still lands.", false},
	{"review R2-P005", "fencing-token", "fencing-unneeded", "ZooKeeper throws away the ephemeral znode when the session expires, so an expired client cannot do any locking work, but its in-flight writes still land.", false},
	{"correct r2", "fencing-token", "fencing-unneeded", "ZooKeeper discards nothing when the session expires, so a stale holder can't write safely without a check at the store.", false},
	{"correct r3", "fencing-token", "fencing-unneeded", "ZooKeeper throws away the ephemeral node on session expiry, so the expired client can't do any locking, but its queued writes still arrive.", false},
	{"claim r5", "fencing-token", "fencing-unneeded", "After its lease is lost the old holder can't write, since etcd reverts everything it did.", true},
	{"claim r6", "fencing-token", "fencing-unneeded", "A paused holder cannot write once expired, because the lock service rolls back its writes.", true},
	{"correct r7", "fencing-token", "fencing-unneeded", "When etcd drops the expired session, the old holder keeps writing; it cannot write safely without a check at the storage.", false},
	{"correct r8", "fencing-token", "fencing-unneeded", "ZooKeeper undoes nothing, so a stale holder cannot write safely after its session expired; the storage must compare a token.", false},
	// extend-without-owner: a bare EXPIRE judged fine for a key nobody else
	// holds (a cache entry, a counter) in contrast with a lock, or the claim
	// quoted as what goes wrong ('saying ... is how you end up').
	{"review R1-P043", "extend-lease", "extend-without-owner", "A simple EXPIRE is safe on a key nobody else can hold, like a per-request cache key, but a lock key changes hands.", false},
	{"review R1-P044", "extend-lease", "extend-without-owner", "Plain EXPIRE is fine for a cache entry, for a lock renewal it's a bug.", false},
	{"review R1-P047", "extend-lease", "extend-without-owner", "Saying a bare EXPIRE is fine for renewal is how you end up extending a lock that changed hands.", false},
	{"review R2-P009", "extend-lease", "extend-without-owner", "Plain EXPIRE is ok for rate-limit counters; for renewal of a lock it can extend a lease that already changed owner.", false},
	{"correct b1", "extend-lease", "extend-without-owner", "A plain EXPIRE is fine for a cache key, but for renewing a lock it is a bug.", false},
	{"correct b2", "extend-lease", "extend-without-owner", "Saying a simple PEXPIRE is enough for renewal is how you extend a lock that changed hands.", false},
	{"correct b3", "extend-lease", "extend-without-owner", "A bare EXPIRE is ok for a rate-limit counter; on a lock it can extend a lease that changed owner.", false},
	{"claim b4", "extend-lease", "extend-without-owner", "To renew the lock, a plain PEXPIRE from the worker is fine.", true},
	{"claim b5", "extend-lease", "extend-without-owner", "A bare EXPIRE on the lock key is enough for the renewal.", true},
	// release-rolls-back: the expiry must be what restores; a person, an
	// operator or a recovery job that 'has to'/'must' restore, or expiry
	// that 'only frees the lock', is the correct contrast.
	{"review R1-P054", "deadlock-ordering", "release-rolls-back", "After the lease expires, someone has to restore the balance to what it was by hand.", false},
	{"review R2-P010", "deadlock-ordering", "release-rolls-back", "If the holder crashes after the debit, an operator or a recovery job must restore the balance to what it was; expiry only frees the lock.", false},
	{"review R2-P012", "deadlock-ordering", "release-rolls-back", "Lock expiry just frees the lock; restoring the balance to the original value is on you.", false},
	{"correct s1", "deadlock-ordering", "release-rolls-back", "When the lease expires, someone must restore the balance to what it was by hand.", false},
	{"correct s2", "deadlock-ordering", "release-rolls-back", "Lock expiry only frees the lock; restoring the accounts to their original state is up to you.", false},
	{"correct s3", "deadlock-ordering", "release-rolls-back", "After a crash an operator has to restore the balance to the previous value; the lease expiry just frees the lock.", false},
	{"claim s4", "deadlock-ordering", "release-rolls-back", "If we crash mid-transfer, the lease expiry restores the balance to what it was.", true},
	{"claim s5", "deadlock-ordering", "release-rolls-back", "The lock expiring puts the accounts back to their original state.", true},
	// ttl-as-safety: 'make sure' as an intent that breaks ('supposed to',
	// 'chosen to', 'except when'), or an active kill (STONITH), is not a
	// timer said to guarantee the old worker stopped.
	{"review R1-P078", "holder-id-guard", "ttl-as-safety", "The reclaim interval is supposed to make sure the old worker is done, but a GC pause breaks that.", false},
	{"review R1-P079", "holder-id-guard", "ttl-as-safety", "When the timeout fires, the scheduler makes sure the old worker is dead by killing its pod before reassigning (STONITH).", false},
	{"review R2-P015", "holder-id-guard", "ttl-as-safety", "The reclaim interval was chosen to make sure the old worker has finished in normal runs; a GC pause breaks that.", false},
	{"review R2-P017", "holder-id-guard", "ttl-as-safety", "A lease window ensures the original worker has finished, except when it hasn't: a long pause.", false},
	{"correct g1", "holder-id-guard", "ttl-as-safety", "The reclaim timeout is supposed to make sure the old worker has stopped, but a long GC pause breaks that.", false},
	{"correct g2", "holder-id-guard", "ttl-as-safety", "When the timeout fires, the orchestrator makes sure the old worker is dead by killing its container first.", false},
	{"correct g3", "holder-id-guard", "ttl-as-safety", "The interval was chosen to make sure the original worker has finished in normal runs; a pause breaks that.", false},
	{"claim g4", "holder-id-guard", "ttl-as-safety", "The reclaim timeout makes sure the old worker has stopped before anyone else claims the job.", true},
	{"claim g5", "holder-id-guard", "ttl-as-safety", "A 30-minute window guarantees the previous worker is done.", true},
	// wall-clock: NTP given as the reason not to trust clocks, the order
	// taken from the store's revision ('a best guess').
	{"review R1-P103", "two-holders", "wall-clock", "The ordering should come from the store's revision since clock sync via NTP is a best guess.", false},
	{"correct w1", "two-holders", "wall-clock", "Which write came first should come from the lock store's revision, since clock sync with NTP is a best guess.", false},
	{"claim w3", "two-holders", "wall-clock", "Order the writes by wall-clock timestamp; chrony keeps the hosts synchronised.", true},
	// clocks-irrelevant: Redis said to read or depend on the system clock in
	// the same sentence, or 'independent of X but not of the system clock'.
	{"review R1-P115", "redis-early-expiry", "clocks-irrelevant", "Redis node never uses a separate timer for TTL, it reads the system clock, so a jump of clock makes the key expire.", false},
	{"review R1-P118", "redis-early-expiry", "clocks-irrelevant", "Expiry is independent of how busy the node is but depends on the system clock, so a jump kills locks.", false},
	{"review R2-P024", "redis-early-expiry", "clocks-irrelevant", "Expiry is independent of traffic but not of the system clock.", false},
	{"review R2-P025", "redis-early-expiry", "clocks-irrelevant", "The node doesn't use a countdown timer; it reads the system clock, so a jump expires the key.", false},
	{"correct c3", "redis-early-expiry", "clocks-irrelevant", "Expiry is independent of traffic, but not of the system clock.", false},
	{"claim c4", "redis-early-expiry", "clocks-irrelevant", "Redis counts the TTL down independently of the system clock.", true},
	{"claim c5", "redis-early-expiry", "clocks-irrelevant", "The node never uses the system clock for expiry, so NTP steps don't matter.", true},
	{"correct c6", "redis-early-expiry", "clocks-irrelevant", "The node never uses a separate timer for the TTL, it reads the system clock, so a clock jump makes the key expire.", false},
	{"correct c7", "redis-early-expiry", "clocks-irrelevant", "Expiry is independent of how busy the server is but depends on its system clock, so a jump kills locks.", false},
	{"correct c8", "redis-early-expiry", "clocks-irrelevant", "The node doesn't use a countdown timer; it reads the system clock, so a jump expires the key early.", false},
	// etcd-refuses-expired: etcd refusing every write for a reason that has
	// nothing to do with a stale holder (auth roles, lost quorum, the space
	// quota).
	{"review R1-P151", "etcd-revision-guard", "etcd-refuses-expired", "With auth enabled, etcd rejects writes irrespective of leadership when the user lacks the role; that is access control, not fencing.", false},
	{"review R2-P026", "etcd-revision-guard", "etcd-refuses-expired", "etcd rejects writes regardless of the key when the cluster has lost quorum; that is availability, not fencing.", false},
	{"review R2-P027", "etcd-revision-guard", "etcd-refuses-expired", "Once the quota is exceeded, etcd rejects every put regardless of who sends it, which is an alarm, not fencing.", false},
	{"correct e1", "etcd-revision-guard", "etcd-refuses-expired", "With auth on, etcd rejects writes regardless of the lock when the user lacks the role; that is access control.", false},
	{"correct e2", "etcd-revision-guard", "etcd-refuses-expired", "When quorum is lost, etcd rejects writes no matter who sends them; that is availability, not fencing.", false},
	{"correct e3", "etcd-revision-guard", "etcd-refuses-expired", "Past the space quota, etcd refuses every put regardless of the key, which is an alarm, not fencing.", false},
	{"claim e4", "etcd-revision-guard", "etcd-refuses-expired", "etcd rejects the old holder's put whatever the revision, so a plain put is safe.", true},
	{"claim e5", "etcd-revision-guard", "etcd-refuses-expired", "Once its lease expired, etcd refuses the stale leader's writes no matter what.", true},
}

// TestFixG23bInserted: the correct sentences adversarial review B found
// newly flagged by g23b's patterns (its MUST FIX list, 27 sentences), and
// close variants of our own, put into a correct answer raise no flag of
// the family; a wrong claim of our own per family, in nearby words, still
// does. Each pattern was narrowed to the verb and role that make the claim.
func TestFixG23bInserted(t *testing.T) {
	checkInserted(t, func(q string) string { return fixG23bBases[q] }, true, fixG23bCases)
}

// TestFixG23bAlone: the same sentences graded alone (one of the review's
// sentences was flagged only alone).
func TestFixG23bAlone(t *testing.T) {
	checkFlagCases(t, fixG23bCases)
}
