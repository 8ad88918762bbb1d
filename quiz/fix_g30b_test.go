package quiz_test

import "testing"

// Tests for g30b: flags on passing answers of writers the second reader
// never learned from, cleared by readings scoped to the claim's clause or
// list. Every sentence is our own. g30bCorrect must stay clean of the flag
// named, alone and inserted into a clean answer: items of a refused list
// ("N antipatterns to reject: (1) ...", "Two shortcuts should be rejected.
// The second is ..."), a client clock said to be off (wall-clock), "make
// sure nothing deletes" and "time left" (single-node-keeps-keys), WAIT's
// synchronous acknowledgement (wait-makes-safe), failover or eviction
// losing the key (plain-del), "only one replica" and a renewal thread
// outliving a deadlock (ttl-as-safety). g30bClaims are wrong claims sharing
// those words that must still raise the flag.

var g30bCorrect = []flagCase{
	{"correct-01", "optimistic-concurrency", "wall-clock", "The newest client timestamp wins, but client clocks can be minutes off, so that loses edits.", false},
	{"correct-02", "optimistic-concurrency", "wall-clock", "A laptop whose clock is seconds behind will have its later save treated as older.", false},
	{"correct-03", "design-lock-service-q", "wall-clock", "A client whose clock runs seconds ahead thinks its lease expired early; a client whose clock is minutes behind thinks it still holds an expired one.", false},
	{"correct-04", "fencing-token", "wall-clock", "A worker whose clock runs a few seconds behind still holds the lock in its own mind after expiry.", false},
	{"correct-05", "redis-early-expiry", "single-node-keeps-keys", "Run noeviction and make sure nothing deletes the key early.", false},
	{"correct-06", "redis-early-expiry", "single-node-keeps-keys", "Use ACLs and ensure that nothing removes lock keys before their TTL.", false},
	{"correct-07", "redis-early-expiry", "single-node-keeps-keys", "Lock down FLUSHALL and make sure that nothing can delete the key early.", false},
	{"correct-08", "redis-early-expiry", "single-node-keeps-keys", "volatile-ttl evicts the keys with the least time left first.", false},
	{"correct-09", "redis-early-expiry", "single-node-keeps-keys", "Under memory pressure eviction can take a lock key with seconds left on its ttl.", false},
	{"correct-10", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru may evict a key with a TTL no matter how much life left it has.", false},
	{"correct-11", "redis-wait-safe", "wait-makes-safe", "WAIT gives a synchronous acknowledgement, not synchronous replication.", false},
	{"correct-12", "redis-wait-safe", "wait-makes-safe", "WAIT blocks for a synchronous acknowledgement from replicas and nothing more.", false},
	{"correct-13", "redis-wait-safe", "wait-makes-safe", "WAIT only synchronously acknowledges; it is not synchronous replication.", false},
	{"correct-14", "two-holders", "plain-del", "A failover can drop the key and eviction can delete it, neither a client bug.", false},
	{"correct-15", "two-holders", "plain-del", "Eviction may remove the key, and a failover may drop an acknowledged key.", false},
	{"correct-16", "two-holders", "plain-del", "The key vanished because eviction removed it under memory pressure.", false},
	{"correct-17", "redis-wait-safe", "ttl-as-safety", "WAIT 2 guarantees only that two replicas had the key; the TTL still lapses under a pause.", false},
	{"correct-18", "redis-wait-safe", "ttl-as-safety", "WAIT guarantees only one replica got the write before the timeout.", false},
	{"correct-19", "extend-lease", "ttl-as-safety", "A background renewal thread keeps renewing while the main thread is deadlocked; tie renewals to progress.", false},
	{"correct-20", "extend-lease", "ttl-as-safety", "Beware: a dedicated renewal thread keeps renewing while the worker is deadlocked, so cap the hold time.", false},
	{"correct-21", "run-job-once", "ttl-as-safety", "If the watchdog runs in a separate thread it keeps renewing through a deadlock, so nothing else ever runs the job and it hangs.", false},
	{"correct-22", "extend-lease", "ttl-as-safety", "The watchdog keeps renewing through a deadlock, which is why the lock is never freed; cap the hold time.", false},
	{"correct-23", "extend-lease", "ttl-as-safety", "Tie renewals to progress, or a deadlocked worker keeps the lease alive for ever.", false},
	{"correct-24", "extend-lease", "ttl-as-safety", "A background heartbeat survives a deadlock but not a stop-the-world pause, so fence the writes.", false},
	{"correct-25", "extend-lease", "ttl-as-safety", "Renewals from a dedicated thread continue during a deadlock; that's a liveness bug, not a safety guarantee.", false},
	{"correct-26", "extend-lease", "ttl-as-safety", "The keepalive thread renews happily while the worker is deadlocked, so alert on lack of progress.", false},
	{"correct-27", "extend-lease", "ttl-as-safety", "Because renewal runs in a background thread, a deadlocked job blocks everyone else forever.", false},
	{"correct-28", "extend-lease", "ttl-as-safety", "The separate renewal thread keeps going through a deadlock, so add a progress check before each renewal.", false},
	{"correct-29", "extend-lease", "ttl-as-safety", "A sidecar that renews the lease will keep renewing through an app deadlock; a GC pause of the whole process stops it anyway.", false},
	{"correct-30", "extend-lease", "ttl-as-safety", "Watch for deadlocks: the heartbeat thread renews regardless, so the job holds the lock with no progress.", false},
	{"correct-31", "extend-lease", "ttl-as-safety", "Heartbeats from their own thread don't detect a deadlock; only progress-based renewal does.", false},
	{"correct-32", "extend-lease", "ttl-as-safety", "In a deadlock the heartbeat thread is fine and renews; in a stop-the-world pause it is frozen with everything else.", false},
	{"correct-33", "extend-lease", "ttl-as-safety", "The renewal thread can't tell a deadlocked job from a busy one, so bound the total lease time.", false},
	{"correct-34", "extend-lease", "ttl-as-safety", "Deadlocked main thread, healthy renewal thread: the lease stays alive and the work stalls.", false},
	{"correct-35", "extend-lease", "ttl-as-safety", "A dedicated heartbeat thread keeps the lease through a deadlock, which is exactly why it needs a progress check.", false},
	{"correct-36", "extend-lease", "ttl-as-safety", "The watchdog thread keeps renewing during a deadlock, so a stuck job never gives the lock back.", false},
	{"correct-37", "extend-lease", "ttl-as-safety", "Renew only when the job reports progress; otherwise a deadlock in the worker keeps the lease forever.", false},
	{"correct-38", "extend-lease", "ttl-as-safety", "Is a heartbeat in its own thread safe? Through a deadlock it keeps renewing, through a GC pause it stops.", false},
	{"correct-39", "design-lock-service-q", "wall-clock", "Three shortcuts must be rejected outright. The first is to let each client decide the expiry from its own wall clock.", false},
	{"correct-40", "design-lock-service-q", "wall-clock", "Two tempting ideas should be avoided. One is a Redis cluster for grants. The second is to compute lease expiry from the clients' wall clocks.", false},
	{"correct-41", "redis-lock-and-failure", "two-commands", "Three antipatterns to reject: (1) SETNX and then a separate EXPIRE, (2) a plain DEL, (3) no token.", false},
	{"correct-43", "redis-early-expiry", "single-node-keeps-keys", "Pin maxmemory-policy to noeviction, and make sure nothing deletes the lock keys early.", false},
	{"correct-44", "redis-wait-safe", "wait-makes-safe", "WAIT is a synchronous acknowledgement, not synchronous replication by consensus.", false},
	{"correct-45", "two-holders", "plain-del", "The key can vanish without a client bug: a failover may drop it, eviction may remove it.", false},
	{"correct-46", "redis-wait-safe", "ttl-as-safety", "WAIT 1 guarantees only that one replica had the write; after the timeout nothing else is promised.", false},
	{"correct-47", "extend-lease", "ttl-as-safety", "Careful: a renewal thread keeps renewing while the worker is deadlocked; bound the hold time.", false},
}

var g30bClaims = []flagCase{
	{"claim-01", "design-lock-service-q", "wall-clock", "A stale write must be rejected. The second is to compute lease expiry from the client's clock.", true},
	{"claim-02", "design-lock-service-q", "wall-clock", "Two requests were rejected. The second is to compute lease expiry from the client's clock, which we do.", true},
	{"claim-03", "design-lock-service-q", "wall-clock", "We compute lease expiry from the client's clock, and two stale writes should be rejected.", true},
	{"claim-04", "design-lock-service-q", "wall-clock", "Two old tokens should be rejected. Also, each client computes its lease expiry from its own client's clock.", true},
	{"claim-05", "design-lock-service-q", "wall-clock", "Some writes must be rejected. Next, the lease expiry comes from the client's clock.", true},
	{"claim-06", "design-lock-service-q", "wall-clock", "Expiry is computed from the client's wall-clock time, which is simple.", true},
	{"claim-07", "design-lock-service-q", "wall-clock", "The lease expiry is taken from the client's clock so the server stays stateless.", true},
	{"claim-08", "design-lock-service-q", "wall-clock", "Two shortcuts should not be rejected. The second is to compute lease expiry from the client's clock.", true},
	{"claim-09", "redis-lock-and-failure", "two-commands", "Two requests must be rejected. Next, we SETNX the key and then call EXPIRE on it.", true},
	{"claim-10", "redis-lock-and-failure", "two-commands", "A duplicate must be rejected. Also, we SETNX and then set the expire with a second command.", true},
	{"claim-11", "redis-lock-and-failure", "two-commands", "Several writes should be rejected. Finally, acquire with SETNX followed by EXPIRE.", true},
	{"claim-12", "redis-lock-and-failure", "plain-del", "Three stale tokens must be rejected. Also, when done we release the lock with DEL key.", true},
	{"claim-13", "redis-lock-and-failure", "two-commands", "My design: (1) SETNX the key, then call EXPIRE on it.", true},
	{"claim-14", "redis-lock-and-failure", "two-commands", "Our steps: (1) SETNX followed by EXPIRE, (2) do the work.", true},
	{"claim-15", "redis-lock-and-failure", "two-commands", "How we acquire: (a) SETNX key 1, then EXPIRE key 30 in a second command.", true},
	{"claim-16", "redis-lock-and-failure", "two-commands", "The plan: (1) SETNX then EXPIRE, which is fine.", true},
	{"claim-17", "redis-lock-and-failure", "plain-del", "On completion: (1) delete the lock key with DEL.", true},
	{"claim-18", "redis-lock-and-failure", "two-commands", "Setup is simple: (i) SETNX the key and then set the TTL with EXPIRE.", true},
	{"claim-19", "design-lock-service-q", "wall-clock", "The design: (1) expiry computed from the client's clock.", true},
	{"claim-20", "design-lock-service-q", "wall-clock", "Two parts: (1) clients send their own expiry timestamps, (2) the server stores them.", true},
	{"claim-21", "redis-lock-and-failure", "two-commands", "Key points: (1) SETNX then EXPIRE as two commands keeps it simple.", true},
	{"claim-22", "redis-lock-and-failure", "two-commands", "To reject: nothing. (1) SETNX then EXPIRE is how we acquire.", true},
	{"claim-23", "optimistic-concurrency", "wall-clock", "Keep the save with the newest client timestamp; client clocks are accurate enough.", true},
	{"claim-24", "optimistic-concurrency", "wall-clock", "The later save by client clock wins, and that resolves conflicts.", true},
	{"claim-25", "optimistic-concurrency", "wall-clock", "We compare the client's clock on each edit and keep the newer save.", true},
	{"claim-26", "optimistic-concurrency", "wall-clock", "The browser's clock decides: the latest edit wins.", true},
	{"claim-27", "optimistic-concurrency", "wall-clock", "The device clock stamps each change and the newer change is kept.", true},
	{"claim-28", "optimistic-concurrency", "wall-clock", "Each document carries the client-side timestamp and the latest update wins.", true},
	{"claim-29", "optimistic-concurrency", "wall-clock", "The row with the newest client timestamp is the record we keep.", true},
	{"claim-30", "optimistic-concurrency", "wall-clock", "Just keep whichever save has the newer client timestamp.", true},
	{"claim-31", "design-lock-service-q", "wall-clock", "Each client computes the lease expiry from its client's clock.", true},
	{"claim-32", "design-lock-service-q", "wall-clock", "The expiry is the client-supplied timestamp, stored as is.", true},
	{"claim-33", "design-lock-service-q", "wall-clock", "Clients send their absolute expiry times and the server trusts them.", true},
	{"claim-34", "design-lock-service-q", "wall-clock", "The lease expiry comes from the client's clock, which NTP keeps in sync.", true},
	{"claim-35", "design-lock-service-q", "wall-clock", "The client's clock decides the ttl, and that is good enough.", true},
	{"claim-36", "fencing-token", "wall-clock", "The worker checks its own clock and still holds the lock, so it skips the token.", true},
	{"claim-37", "fencing-token", "wall-clock", "By its local clock the lease is valid, which proves it still holds the lock.", true},
	{"claim-38", "fencing-token", "wall-clock", "The client's clock says the lease has time left, so it still owns the lock.", true},
	{"claim-39", "fencing-token", "wall-clock", "The worker's clock shows ten seconds left, so there is no need to check the token.", true},
	{"claim-40", "choose-ttl", "wall-clock", "The holder reads its own clock before each write and still owns the lock, so the write is safe.", true},
	{"claim-41", "choose-ttl", "wall-clock", "The machine's clock is proof enough that it still holds the lease.", true},
	{"claim-42", "optimistic-concurrency", "wall-clock", "Last save by browser clock wins, and we keep the newest edit.", true},
	{"claim-43", "optimistic-concurrency", "wall-clock", "The device clock orders the edits and the newest document is stored.", true},
	{"claim-44", "design-lock-service-q", "wall-clock", "Clients send their own expiry timestamps; the server compares them with the lease.", true},
	{"claim-45", "redis-early-expiry", "single-node-keeps-keys", "A single Redis keeps the key for its whole TTL; nothing deletes it early.", true},
	{"claim-46", "redis-early-expiry", "single-node-keeps-keys", "Nothing can delete the key early, so make sure the TTL is long.", true},
	{"claim-47", "redis-early-expiry", "single-node-keeps-keys", "Make sure the TTL is right, because nothing deletes the key early.", true},
	{"claim-48", "redis-early-expiry", "single-node-keeps-keys", "Nothing removes the lock key early, so you can rely on the TTL.", true},
	{"claim-49", "redis-early-expiry", "single-node-keeps-keys", "I'd make sure the TTL is sized right; on a single node nothing deletes keys early.", true},
	{"claim-50", "redis-early-expiry", "single-node-keeps-keys", "Nothing deletes the key early on a standalone instance, ensure the TTL covers the job.", true},
	{"claim-51", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys with a TTL alone.", true},
	{"claim-52", "redis-early-expiry", "single-node-keeps-keys", "Eviction skips keys that have an expiry set.", true},
	{"claim-53", "redis-early-expiry", "single-node-keeps-keys", "Eviction never touches keys with a TTL, so the lock is safe.", true},
	{"claim-54", "redis-early-expiry", "single-node-keeps-keys", "The eviction policy ignores keys with a ttl.", true},
	{"claim-55", "redis-early-expiry", "single-node-keeps-keys", "Eviction spares keys that have an expiry, whatever time is left.", true},
	{"claim-56", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves the keys with a ttl, so time left on the lock is safe.", true},
	{"claim-57", "redis-early-expiry", "single-node-keeps-keys", "Keys with an expiry set are skipped by eviction.", true},
	{"claim-58", "redis-early-expiry", "single-node-keeps-keys", "Eviction left keys that have a TTL alone in our tests.", true},
	{"claim-59", "redis-wait-safe", "wait-makes-safe", "WAIT makes replication synchronous, so failover can't lose the lock.", true},
	{"claim-60", "redis-wait-safe", "wait-makes-safe", "With WAIT the write is synchronous, so the lock survives failover.", true},
	{"claim-61", "redis-wait-safe", "wait-makes-safe", "WAIT makes Redis strongly consistent.", true},
	{"claim-62", "redis-wait-safe", "wait-makes-safe", "If WAIT times out, Redis rolls back the SET.", true},
	{"claim-63", "redis-wait-safe", "wait-makes-safe", "WAIT gives us synchronous replication, and that is enough for locks.", true},
	{"claim-64", "redis-wait-safe", "wait-makes-safe", "WAIT turns Redis into a sync store.", true},
	{"claim-65", "redis-wait-safe", "wait-makes-safe", "When WAIT fails the write is undone on the primary.", true},
	{"claim-66", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous replication, so the lock is safe.", true},
	{"claim-67", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous, so the replica always has the lock.", true},
	{"claim-68", "redis-wait-safe", "wait-makes-safe", "A WAIT timeout reverts the lock write.", true},
	{"claim-69", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous replication, not a mere acknowledgement.", true},
	{"claim-70", "redis-wait-safe", "wait-makes-safe", "WAIT makes the write synchronous, and an unacknowledged write is cancelled.", true},
	{"claim-71", "redis-lock-and-failure", "plain-del", "When the job is done we DEL the key.", true},
	{"claim-72", "redis-lock-and-failure", "plain-del", "To release, just delete the key.", true},
	{"claim-73", "redis-lock-and-failure", "plain-del", "Unlock with DEL key; eviction is off anyway.", true},
	{"claim-74", "redis-lock-and-failure", "plain-del", "On finish we remove the lock key, and failover is handled by Sentinel.", true},
	{"claim-75", "redis-lock-and-failure", "plain-del", "Release with DEL lock, since eviction can't remove it.", true},
	{"claim-76", "two-holders", "plain-del", "Our release does DEL key when done, which is correct.", true},
	{"claim-77", "redis-lock-and-failure", "plain-del", "When finished, drop the key with DEL.", true},
	{"claim-78", "redis-wait-safe", "ttl-as-safety", "The 30-second TTL guarantees only one process holds the lock.", true},
	{"claim-79", "redis-wait-safe", "ttl-as-safety", "With the lease, only one process is ever in the section.", true},
	{"claim-80", "choose-ttl", "ttl-as-safety", "With a long enough TTL the race can't occur.", true},
	{"claim-81", "choose-ttl", "ttl-as-safety", "The timeout guarantees only one holder, and WAIT makes one replica have it.", true},
	{"claim-82", "choose-ttl", "ttl-as-safety", "Set the TTL above the longest job; it then guarantees only one worker.", true},
	{"claim-83", "choose-ttl", "ttl-as-safety", "The lease guarantees only one client at a time, so we never have two holders.", true},
	{"claim-84", "redis-wait-safe", "ttl-as-safety", "WAIT makes the key reach a replica, and the TTL guarantees only one holder.", true},
	{"claim-85", "choose-ttl", "ttl-as-safety", "Nobody else can take the lock until it expires, and a long TTL means it never expires mid-job.", true},
	{"claim-86", "choose-ttl", "ttl-as-safety", "No other worker can take over until the lease expires, and we renew, so overlap is impossible.", true},
	{"claim-87", "choose-ttl", "ttl-as-safety", "The TTL ensures no other worker can acquire the lock during the job.", true},
	{"claim-88", "choose-ttl", "ttl-as-safety", "Until the lease expires no one else can take it, so we never need fencing.", true},
	{"claim-89", "extend-lease", "ttl-as-safety", "While we renew, no other client can take over until the lease expires, and it never does.", true},
	{"claim-90", "extend-lease", "ttl-as-safety", "The heartbeat runs on its own thread, so it keeps renewing even during a GC pause.", true},
	{"claim-91", "extend-lease", "ttl-as-safety", "A dedicated renewal thread keeps renewing even if the main thread deadlocks, which guarantees no two holders.", true},
	{"claim-92", "extend-lease", "ttl-as-safety", "The renewal thread keeps renewing while the main thread is deadlocked, and that makes the lease safe against GC pauses.", true},
	{"claim-93", "extend-lease", "ttl-as-safety", "Because the renewal is in its own thread, it keeps renewing while the main thread is deadlocked, and that is what makes the lease reliable.", true},
	{"claim-94", "extend-lease", "ttl-as-safety", "The watchdog in a background thread keeps renewing through a deadlock, so nobody else can grab the lock.", true},
	{"claim-95", "extend-lease", "ttl-as-safety", "The keepalive in a separate process keeps running while the worker is deadlocked, so the lease never lapses.", true},
	{"claim-96", "extend-lease", "ttl-as-safety", "The renewal in a separate thread keeps renewing when the job deadlocks, so the lock stays ours.", true},
	{"claim-97", "extend-lease", "ttl-as-safety", "A background renewal thread keeps renewing while the job is deadlocked, so no other worker can take over.", true},
	{"claim-98", "extend-lease", "ttl-as-safety", "The sidecar keeps renewing through a deadlock in the app, and the lease can't be lost.", true},
	{"claim-99", "extend-lease", "ttl-as-safety", "Renewal in a dedicated thread keeps running while the worker is deadlocked, so exclusion holds.", true},
	{"claim-100", "extend-lease", "ttl-as-safety", "Since the heartbeat lives in its own thread it keeps renewing while the main thread is deadlocked, and the lease never expires.", true},
	{"claim-101", "extend-lease", "ttl-as-safety", "The renewal thread keeps renewing while the job is deadlocked, and so the lease is safe.", true},
	{"claim-102", "design-lock-service-q", "wall-clock", "Several stale grants should be rejected. Next, the client's clock sets the lease expiry.", true},
	{"claim-103", "design-lock-service-q", "wall-clock", "Two writes should be avoided. The second is that clients send their own expiry time, and we trust it.", true},
	{"claim-104", "redis-lock-and-failure", "two-commands", "Two duplicates must be avoided. Next, we SETNX then EXPIRE the key.", true},
	{"claim-105", "redis-lock-and-failure", "two-commands", "Three requests must be banned. Also, SETNX followed by EXPIRE works for us.", true},
	{"claim-106", "redis-lock-and-failure", "plain-del", "Two clients should be vetoed. Next, release with DEL key when the job is done.", true},
	{"claim-107", "redis-lock-and-failure", "two-commands", "We acquire with SETNX and then EXPIRE. Two other ideas should be rejected.", true},
	{"claim-108", "redis-lock-and-failure", "plain-del", "Release is DEL key when done. Two fixes should be avoided explicitly.", true},
	{"claim-109", "design-lock-service-q", "wall-clock", "Expiry comes from the client's clock. Two shortcuts must be rejected outright.", true},
	{"claim-110", "design-lock-service-q", "wall-clock", "Three fixes should be rejected. Our own design: the lease expiry is the client-supplied timestamp.", true},
	{"claim-111", "redis-lock-and-failure", "two-commands", "Recommended: (1) SETNX then EXPIRE, (2) renew.", true},
	{"claim-112", "redis-lock-and-failure", "two-commands", "Acquire like this: (1) SETNX, (2) EXPIRE afterwards as a second command.", true},
	{"claim-113", "redis-lock-and-failure", "plain-del", "Release like this: (1) when finished, DEL the lock key.", true},
	{"claim-114", "redis-lock-and-failure", "two-commands", "Steps: (a) SETNX the key, (b) then call EXPIRE.", true},
	{"claim-115", "design-lock-service-q", "wall-clock", "API: (1) clients send their own expiry, computed from the client's clock.", true},
	{"claim-116", "redis-lock-and-failure", "two-commands", "My answer: (1) SETNX followed by EXPIRE is fine.", true},
	{"claim-117", "redis-lock-and-failure", "plain-del", "Cleanup: (1) DEL key when done.", true},
	{"claim-118", "redis-lock-and-failure", "two-commands", "We keep it simple: (1) SETNX then EXPIRE.", true},
	{"claim-119", "redis-lock-and-failure", "two-commands", "Summary: (i) SETNX then EXPIRE, (ii) DEL when done.", true},
	{"claim-120", "redis-lock-and-failure", "two-commands", "What works: (1) SETNX then EXPIRE.", true},
	{"claim-121", "redis-lock-and-failure", "two-commands", "The correct way: (1) SETNX, then set the TTL with EXPIRE.", true},
	{"claim-122", "design-lock-service-q", "wall-clock", "Expiry handling: (1) the client's clock decides the lease expiry.", true},
	{"claim-123", "redis-early-expiry", "single-node-keeps-keys", "Make sure the TTL is long enough: nothing deletes the key early on one node.", true},
	{"claim-124", "redis-early-expiry", "single-node-keeps-keys", "Relax: nothing removes keys early, the ttl is exact.", true},
	{"claim-125", "redis-early-expiry", "single-node-keeps-keys", "On a single node nothing can make the key disappear early; ensure the TTL covers the job.", true},
	{"claim-126", "redis-early-expiry", "single-node-keeps-keys", "The key lives for its ttl, because nothing deletes keys on a lone Redis.", true},
	{"claim-127", "redis-early-expiry", "single-node-keeps-keys", "We checked that nothing deletes keys early, so the TTL is reliable.", true},
	{"claim-128", "redis-early-expiry", "single-node-keeps-keys", "Since nothing can delete keys early, make sure the TTL is longer than the job.", true},
	{"claim-129", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys that have a TTL, so the time left on a lock is always honoured.", true},
	{"claim-130", "redis-early-expiry", "single-node-keeps-keys", "Eviction skips keys with a ttl and only takes the ones with no time left.", true},
	{"claim-131", "redis-early-expiry", "single-node-keeps-keys", "With volatile policies eviction ignores keys with an expiry.", true},
	{"claim-132", "redis-early-expiry", "single-node-keeps-keys", "Eviction spares keys with a TTL no matter how little time is left.", true},
	{"claim-133", "redis-early-expiry", "single-node-keeps-keys", "Redis eviction never touches keys that have a TTL.", true},
	{"claim-134", "redis-early-expiry", "single-node-keeps-keys", "Eviction skips any key with an expiry set.", true},
	{"claim-135", "redis-early-expiry", "single-node-keeps-keys", "Eviction ignores keys that have a TTL, whatever is left of it.", true},
	{"claim-136", "redis-early-expiry", "single-node-keeps-keys", "Lock keys are safe: eviction leaves keys with a TTL alone.", true},
	{"claim-137", "redis-early-expiry", "single-node-keeps-keys", "Eviction only ever touches keys without a TTL; it skips keys with an expiry set.", true},
	{"claim-138", "redis-early-expiry", "single-node-keeps-keys", "Eviction spares keys that have a TTL.", true},
	{"claim-139", "redis-early-expiry", "single-node-keeps-keys", "Our eviction ignores keys with a ttl, so there is time left for the job.", true},
	{"claim-140", "redis-early-expiry", "single-node-keeps-keys", "Keys with a TTL are ignored by eviction.", true},
	{"claim-141", "redis-early-expiry", "single-node-keeps-keys", "The eviction policy skips keys that have a TTL, so locks stay.", true},
	{"claim-142", "redis-early-expiry", "single-node-keeps-keys", "Eviction spares keys with an expiry set.", true},
	{"claim-143", "redis-early-expiry", "single-node-keeps-keys", "Eviction never touches keys with a ttl, even with seconds left.", true},
	{"claim-144", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys with a TTL untouched.", true},
	{"claim-145", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous, and the replica always has the lock before we use it.", true},
	{"claim-146", "redis-wait-safe", "wait-makes-safe", "Since WAIT is sync, a failover can't lose the key.", true},
	{"claim-147", "redis-wait-safe", "wait-makes-safe", "WAIT makes the replication synchronous for that write.", true},
	{"claim-148", "redis-wait-safe", "wait-makes-safe", "WAIT makes our Redis strongly consistent for locks.", true},
	{"claim-149", "redis-wait-safe", "wait-makes-safe", "WAIT gives synchronous replication, which is what consensus gives.", true},
	{"claim-150", "redis-wait-safe", "wait-makes-safe", "After WAIT the lock is synchronously replicated and safe.", true},
	{"claim-151", "redis-wait-safe", "wait-makes-safe", "A timed-out WAIT undoes the SET on the primary.", true},
	{"claim-152", "redis-wait-safe", "wait-makes-safe", "WAIT cancels the write when replicas don't answer.", true},
	{"claim-153", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous replication and so a failover can't drop the lock.", true},
	{"claim-154", "redis-wait-safe", "wait-makes-safe", "WAIT means the write is synchronous, plain and simple.", true},
	{"claim-155", "redis-wait-safe", "wait-makes-safe", "With WAIT the write becomes synchronous, not eventually consistent.", true},
	{"claim-156", "redis-wait-safe", "wait-makes-safe", "WAIT reverts the lock if no replica confirms.", true},
	{"claim-157", "redis-lock-and-failure", "plain-del", "When the job is done we delete the lock key, and failover removes nothing.", true},
	{"claim-158", "redis-lock-and-failure", "plain-del", "Once finished we just DEL key; eviction won't remove it first.", true},
	{"claim-159", "two-holders", "plain-del", "Our release is a DEL of the key when done, and that's correct.", true},
	{"claim-160", "redis-lock-and-failure", "plain-del", "Unlock by deleting the key.", true},
	{"claim-161", "redis-lock-and-failure", "plain-del", "To unlock, remove the key with DEL.", true},
	{"claim-162", "redis-lock-and-failure", "plain-del", "When finished, DEL lock; a failover drop is the only other way it goes.", true},
	{"claim-163", "redis-lock-and-failure", "plain-del", "On completion we delete the key, which is all unlocking needs.", true},
	{"claim-164", "redis-lock-and-failure", "plain-del", "When the worker finishes it deletes the lock key directly.", true},
	{"claim-165", "redis-lock-and-failure", "plain-del", "Release the lock with a DEL once done.", true},
	{"claim-166", "redis-lock-and-failure", "plain-del", "When done, we remove the key; a failover can remove it as well.", true},
	{"claim-167", "redis-lock-and-failure", "plain-del", "Unlocking is DEL key when the job is done, simple.", true},
	{"claim-168", "redis-lock-and-failure", "plain-del", "When the task finishes, delete the lock key, even if eviction could remove it.", true},
	{"claim-169", "two-holders", "plain-del", "We release by DEL key when done, and eviction can't remove it early.", true},
	{"claim-170", "choose-ttl", "ttl-as-safety", "A TTL above the worst runtime guarantees only one holder.", true},
	{"claim-171", "choose-ttl", "ttl-as-safety", "The lease can't be taken over while the job runs, since the TTL is long.", true},
	{"claim-172", "choose-ttl", "ttl-as-safety", "With an hour of TTL the race cannot occur.", true},
	{"claim-173", "choose-ttl", "ttl-as-safety", "The timeout guarantees only one process, so two holders can't happen.", true},
	{"claim-174", "choose-ttl", "ttl-as-safety", "The TTL guarantees only one client writes.", true},
	{"claim-175", "choose-ttl", "ttl-as-safety", "Set the lease longer than the longest job, then only one process is ever running it.", true},
	{"claim-176", "choose-ttl", "ttl-as-safety", "The lease guarantees only one worker has the lock while the TTL runs.", true},
	{"claim-177", "redis-wait-safe", "ttl-as-safety", "WAIT copies the key to one replica, and the TTL guarantees only one process holds it.", true},
	{"claim-178", "redis-wait-safe", "ttl-as-safety", "The TTL guarantees only one holder, whatever the replicas have.", true},
	{"claim-179", "choose-ttl", "ttl-as-safety", "A long enough timeout and the race can't occur.", true},
	{"claim-180", "choose-ttl", "ttl-as-safety", "The interval is long, so we never have two holders.", true},
	{"claim-181", "choose-ttl", "ttl-as-safety", "Use a TTL of an hour: it guarantees only one instance.", true},
	{"claim-182", "choose-ttl", "ttl-as-safety", "The ttl guarantees only one of the workers runs.", true},
	{"claim-183", "choose-ttl", "ttl-as-safety", "The lease guarantees only one client at any moment.", true},
	{"claim-184", "choose-ttl", "ttl-as-safety", "With the ttl, a lock cannot be taken over mid-job.", true},
	{"claim-185", "choose-ttl", "ttl-as-safety", "Because of the lease, the job can't be taken over by another worker.", true},
	{"claim-186", "choose-ttl", "ttl-as-safety", "The 30 second timeout guarantees only one process is in there.", true},
	{"claim-187", "choose-ttl", "ttl-as-safety", "A TTL longer than the job means the race cannot occur.", true},
	// g30bf: wrong claims in the wordings the reverted g30b exclusions hid
	// (WAIT's synchronous acknowledgement beside a rollback or synchronous
	// replication, a renewal thread that outlives a deadlock beside a
	// trusted lease, "time left" beside "leaves", and items of a header that
	// names mistakes but handles or waves them off). All must flag.
	{"claim-188", "redis-wait-safe", "wait-makes-safe", "With WAIT you get a synchronous ack, and if it times out Redis cancels the write.", true},
	{"claim-189", "redis-wait-safe", "wait-makes-safe", "WAIT acknowledges synchronously and reverts the key when no replica confirms.", true},
	{"claim-190", "redis-wait-safe", "wait-makes-safe", "Because WAIT gives synchronous acknowledgement, a slow replica makes the primary undo the SET.", true},
	{"claim-191", "redis-wait-safe", "wait-makes-safe", "WAIT is a synchronous acknowledgement step, so our Redis setup is strongly consistent.", true},
	{"claim-192", "redis-wait-safe", "wait-makes-safe", "Synchronous acks via WAIT make Redis replication synchronous.", true},
	{"claim-193", "redis-wait-safe", "wait-makes-safe", "WAIT is just synchronous acks, which amounts to sync replication.", true},
	{"claim-194", "redis-wait-safe", "wait-makes-safe", "A synchronous acknowledgement from WAIT means a timed-out write gets rolled back.", true},
	{"claim-196", "choose-ttl", "ttl-as-safety", "The heartbeat lives in its own thread and keeps running through worker deadlocks, so a short TTL is correct.", true},
	{"claim-199", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves every key that still has ttl left on it.", true},
	{"claim-200", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys with an expiry set until their time left is used up.", true},
	{"claim-201", "choose-ttl", "ttl-as-safety", "The traps and how I dodge them: (1) a 20 s lease guarantees only one holder, (2) renew halfway.", true},
	{"claim-203", "redis-early-expiry", "single-node-keeps-keys", "Pitfalls I already cover: (1) eviction skips keys that have a TTL, (2) restarts use AOF.", true},
	{"claim-205", "extend-lease", "ttl-as-safety", "Three ideas must be avoided. Next, the watchdog has its own thread, so a GC pause doesn't affect it and the lease never lapses.", true},
	{"claim-206", "choose-ttl", "ttl-as-safety", "Two options should be rejected. Another: with a 45 s TTL the race can't occur.", true},
	{"claim-207", "two-holders", "plain-del", "My way to avoid trouble: (1) unlock with DEL key once finished, (2) extend the lease.", true},
}

// g30bfReverted: g30bf (fixer, after review rev30b) reverted four of g30b's
// exclusions to main (5e76c41), because each also hid plain wrong claims:
// WAIT's synchronous acknowledgement, the renewal thread outliving a
// deadlock, "time left" on the eviction line, and markRefusedItems (item
// lists under a mistake header or a passive refusal). Their correct
// sentences are flagged again, as on main. Kept: plain-del (failover,
// eviction), wall-clock (clock said off), ttl-as-safety (only one
// replica), single-node-keeps-keys ("make sure nothing deletes").
const (
	waitAckReverted  = "wait-makes-safe synchronous-acknowledgement exclusion reverted"
	deadlockReverted = "ttl-as-safety deadlock exclusion reverted"
	timeLeftReverted = "single-node-keeps-keys time-left exclusion reverted"
	refusedReverted  = "markRefusedItems reverted"
)

var g30bfReverted = map[string]string{
	// (g37c: correct-09, "eviction can take a lock key with seconds left
	// on its ttl", is cleared by grader g37c, which reads "left" after an
	// amount as what remains rather than as the verb "leave", and keeps
	// every g30b claim flagged; it is back among the cases that must stay
	// clean.)
	"correct-13": waitAckReverted,
	// (g36b: correct-11 and correct-44, "WAIT gives a synchronous
	// acknowledgement, not synchronous replication", are cleared by grader
	// g36b's contrast that takes a flag's word back (narrowedByContrast);
	// they are back among the cases that must stay clean.)
	// (g33b: correct-19, "...while the main thread is deadlocked; tie
	// renewals to progress", is cleared by the guarded-hazard reading of
	// grader g33b, which keeps every g30b claim flagged; it is back among
	// the cases that must stay clean.)
	"correct-40": refusedReverted,
	// (g32a: correct-41, "Three antipatterns to reject: (1) ...", whose
	// colon the item number hides, is cleared by grader g32a and is back
	// among the cases that must stay clean.)
	// (correct-42, a lettered list under "Things I would avoid:", is flagged
	// alone and clean inserted, as on main; dropped rather than pinned.)
}

func TestFixG30bCorrect(t *testing.T) {
	checkFlagCases(t, notReverted(g30bCorrect, g30bfReverted))
	checkInserted(t, g24bBase, false, notReverted(g30bCorrect, g30bfReverted))
}

// TestFixG30bKnownFalseFlags: the correct sentences whose g30b exclusion was
// reverted are flagged, as on main.
func TestFixG30bKnownFalseFlags(t *testing.T) {
	checkKnownFalseFlags(t, g30bCorrect, g30bfReverted)
}

func TestFixG30bClaims(t *testing.T) {
	checkFlagCases(t, g30bClaims)
	checkInserted(t, g24bBase, false, g30bClaims)
}
