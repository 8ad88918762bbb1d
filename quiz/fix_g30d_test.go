package quiz_test

import "testing"

// Tests for g30d: recall of three claim families that the newest readable
// writers made and no red flag caught. Every sentence is our own.
//   - ttl-as-safety: a TTL sized above the worst GC pause said to make a
//     pause past it, or a deposition while paused, impossible.
// g30d's wall-clock lines, its redlock-correctness lines and its new flag
// pause-spares-session were reverted after review rev30d (they flagged
// correct sentences); their near misses stay here as clean cases.
// g30dClaims must raise the flag named, alone and inside a clean answer;
// g30dCorrect share their words (the counterpart, negated, refuted,
// asked) and must stay clean of it.

var g30dClaims = []flagCase{
	{"claim-01", "etcd-revision-guard", "ttl-as-safety", "Set the lease TTL well above the worst GC pause we have ever seen, and a pause longer than the TTL can no longer happen.", true},
	{"claim-02", "etcd-revision-guard", "ttl-as-safety", "Making the TTL longer than any GC pause means the leader can never be deposed during a pause.", true},
	{"claim-03", "etcd-revision-guard", "ttl-as-safety", "With the session TTL above the longest pause, deposition is impossible.", true},
	{"claim-05", "etcd-revision-guard", "ttl-as-safety", "A 60 second TTL exceeds every GC pause we log, so a leader cannot be deposed mid-pause.", true},
	{"claim-06", "etcd-revision-guard", "ttl-as-safety", "Honestly just make the session timeout bigger than the worst GC stall and losing leadership while paused can't happen.", true},
}

var g30dCorrect = []flagCase{
	{"correct-01", "etcd-revision-guard", "ttl-as-safety", "A TTL longer than the worst GC pause we measured makes deposition rarer, but a longer pause can still happen.", false},
	{"correct-02", "etcd-revision-guard", "ttl-as-safety", "No TTL is longer than every possible GC pause, so deposition during a pause cannot be ruled out.", false},
	{"correct-03", "etcd-revision-guard", "ttl-as-safety", "Setting the TTL above the longest pause does not make a pause past it impossible.", false},
	{"correct-04", "etcd-revision-guard", "ttl-as-safety", "It is a myth that a TTL bigger than any GC pause means the leader can never be deposed.", false},
	{"correct-05", "etcd-revision-guard", "ttl-as-safety", "A GC pause longer than the TTL can happen at any time, which is why the txn compares the revision.", false},
	{"correct-06", "etcd-revision-guard", "ttl-as-safety", "People assume a lease that outlasts every pause they have logged cannot be deposed, and they are wrong.", false},
	{"correct-07", "etcd-revision-guard", "ttl-as-safety", "Even with a TTL above the worst pause, a leader can be deposed while paused, so the write goes through a txn.", false},
	{"correct-08", "etcd-revision-guard", "ttl-as-safety", "Would a TTL longer than any GC pause make deposition impossible? No, pauses are unbounded.", false},
	{"correct-09", "etcd-revision-guard", "ttl-as-safety", "The TTL exceeds our p99 GC pause, yet a pause past it is not impossible, so the fence stays.", false},
	{"correct-10", "etcd-revision-guard", "ttl-as-safety", "A session TTL greater than the longest pause we saw is tempting, but it only makes deposition less likely.", false},
	{"correct-11", "etcd-revision-guard", "ttl-as-safety", "GC pauses are unbounded, so no lease can exceed them all and deposition mid-pause cannot be excluded.", false},
	{"correct-12", "etcd-revision-guard", "ttl-as-safety", "If you think a lease above the GC pause makes losing leadership impossible, look at swap storms and VM migrations.", false},
	{"correct-13", "etcd-revision-guard", "ttl-as-safety", "Deposition during a pause is possible whatever the TTL, even one far above any GC pause we measured.", false},
	{"correct-14", "etcd-revision-guard", "ttl-as-safety", "The old leader cannot overwrite the new one because the txn compares the lock key's revision, however long the pause outlasted the TTL.", false},
	{"correct-15", "etcd-revision-guard", "ttl-as-safety", "A pause longer than the TTL is rare, not impossible, and the fence handles it.", false},
	{"correct-16", "etcd-revision-guard", "ttl-as-safety", "With the TTL above the longest GC pause, the leader is still deposed if the VM is migrated for longer.", false},
	{"correct-17", "etcd-revision-guard", "ttl-as-safety", "The TTL is longer than our GC pauses, but that is liveness tuning, and the txn is what makes a stale Put fail.", false},
	{"correct-18", "etcd-revision-guard", "ttl-as-safety", "An etcd lease longer than the worst pause is not a guarantee; a stale leader's write cannot happen only because the compare fails.", false},
	{"correct-19", "etcd-revision-guard", "ttl-as-safety", "A paused leader whose pause exceeds the lease TTL is deposed, and its Put fails the revision check.", false},
	{"correct-20", "etcd-revision-guard", "ttl-as-safety", "No lease above the GC pause stops deposition during a pause, so we fence with the revision.", false},
	{"correct-21", "etcd-revision-guard", "ttl-as-safety", "Raising the TTL above the longest GC pause helps, but overwrites by a deposed leader cannot happen only because the txn checks ownership.", false},
	{"correct-22", "etcd-revision-guard", "ttl-as-safety", "A leader deposed during a pause longer than its lease cannot write, since its transaction's compare fails.", false},
	{"correct-23", "etcd-revision-guard", "ttl-as-safety", "The claim that a TTL above every pause makes deposition impossible is false.", false},
	{"correct-24", "etcd-revision-guard", "ttl-as-safety", "Why isn't a lease longer than the GC pause enough? Because a pause longer than the lease can always occur.", false},
	{"correct-25", "etcd-revision-guard", "ttl-as-safety", "I'd set the TTL above typical GC pauses for availability and still guard the Put with IsOwner, since being deposed while paused is possible.", false},
	{"correct-26", "holder-id-guard", "wall-clock", "Use the database's now() instead of the worker's own clock.", false},
	{"correct-27", "holder-id-guard", "wall-clock", "Never take the claim time from the worker's local clock instead of the database clock.", false},
	{"correct-28", "holder-id-guard", "wall-clock", "Computing expiry from the worker's clock rather than now() would be a mistake, because clocks drift.", false},
	{"correct-29", "holder-id-guard", "wall-clock", "Keep the expiry check in SQL with now() rather than the worker's clock.", false},
	{"correct-30", "holder-id-guard", "wall-clock", "Should the worker's own clock be used instead of the database's now()? No, worker clocks skew.", false},
	{"correct-31", "holder-id-guard", "wall-clock", "The database clock, not the worker's clock, decides when a claim expires.", false},
	{"correct-32", "holder-id-guard", "wall-clock", "We moved from the worker's clock to the database's now() for the ten-minute check.", false},
	{"correct-33", "holder-id-guard", "wall-clock", "Workers' clocks drift, so the claim expiry is compared with the database clock instead.", false},
	{"correct-34", "holder-id-guard", "wall-clock", "Don't pass the worker's clock in place of now(); one clock should judge every claim.", false},
	{"correct-35", "holder-id-guard", "wall-clock", "Switching from the database's now() to the worker's clock is tempting but wrong.", false},
	{"correct-36", "holder-id-guard", "wall-clock", "A single database clock beats the worker clocks, which can jump.", false},
	{"correct-37", "holder-id-guard", "wall-clock", "Relying on the local clock instead of the database time is the bug in the original design.", false},
	{"correct-38", "holder-id-guard", "wall-clock", "The stale claim check uses now() in the UPDATE rather than a timestamp from the worker's clock.", false},
	{"correct-39", "holder-id-guard", "wall-clock", "I'd keep the database's now() over the worker's own clock, since only one clock then matters.", false},
	{"correct-40", "holder-id-guard", "wall-clock", "If a worker's own clock were used instead of the db clock, skew could make two claims overlap.", false},
	{"correct-41", "holder-id-guard", "wall-clock", "The worker clocks are unreliable, so now() in the database decides, rather than the application server clocks.", false},
	{"correct-42", "holder-id-guard", "wall-clock", "Expiry is judged by the database's now(), and the worker's local clock plays no part.", false},
	{"correct-43", "holder-id-guard", "wall-clock", "Moving the check from the db clock to the worker's clock would reintroduce clock skew.", false},
	{"correct-44", "holder-id-guard", "wall-clock", "Compare claimed_at with the database's now(); the worker's own clock is never consulted.", false},
	{"correct-45", "holder-id-guard", "wall-clock", "A common mistake is trusting the worker's system clock instead of the database clock.", false},
	{"correct-46", "holder-id-guard", "wall-clock", "Reading time on the worker rather than in the database brings skew into the lease.", false},
	{"correct-47", "holder-id-guard", "wall-clock", "The epoch counter, not the worker's clock or the database clock, is what fences the writes.", false},
	{"correct-48", "holder-id-guard", "wall-clock", "Worker clocks can jump with NTP, which is why the claim uses now() instead of the worker's time.", false},
	{"correct-49", "holder-id-guard", "wall-clock", "Nothing about the fix requires the worker's own clock instead of the database's now().", false},
	{"correct-50", "holder-id-guard", "wall-clock", "Does changing from the database clock to the worker's clock help? Not at all.", false},
	{"correct-76", "etcd-revision-guard", "ttl-as-safety", "A GC pause longer than the TTL cannot be prevented by tuning, so the write is guarded by the lock key's revision.", false},
	{"correct-77", "etcd-revision-guard", "ttl-as-safety", "Never assume a pause longer than the lease cannot occur; VM migrations stall processes for minutes.", false},
	{"correct-78", "etcd-revision-guard", "ttl-as-safety", "A pause longer than the TTL is not impossible, whatever the GC logs say.", false},
	{"correct-79", "etcd-revision-guard", "ttl-as-safety", "A pause that outlasts the lease can't be ruled out, so a deposed leader's Put must fail in the txn.", false},
	{"correct-80", "etcd-revision-guard", "ttl-as-safety", "Nobody can promise a pause above the TTL cannot happen, which is why the compare is in the transaction.", false},
	{"correct-81", "etcd-revision-guard", "ttl-as-safety", "The TTL being longer than the GC pauses we measured doesn't mean a longer pause cannot occur.", false},
	{"correct-82", "etcd-revision-guard", "ttl-as-safety", "Because a pause longer than the TTL is possible, deposition during a pause is possible too.", false},
	{"correct-83", "etcd-revision-guard", "ttl-as-safety", "A leader paused longer than its TTL is deposed; a new leader takes over, and the old Put fails the IsOwner compare.", false},
	{"correct-84", "etcd-revision-guard", "ttl-as-safety", "When a GC pause exceeds the lease, the old leader cannot write, since the txn's compare on the create revision fails.", false},
	{"correct-85", "etcd-revision-guard", "ttl-as-safety", "With the compare in the txn, an overwrite by a leader whose pause outlasted its lease cannot happen.", false},
	{"correct-86", "etcd-revision-guard", "ttl-as-safety", "A session timeout above any pause would be nice, but pauses have no upper bound.", false},
	{"correct-87", "etcd-revision-guard", "ttl-as-safety", "The deposed leader's pause outlasted the lease, so its later write is impossible only because etcd checks the revision atomically.", false},
	{"correct-88", "etcd-revision-guard", "ttl-as-safety", "Whatever TTL you pick, a pause longer than it can occur.", false},
	{"correct-89", "etcd-revision-guard", "ttl-as-safety", "Bigger TTLs make a pause past them less likely, they don't make it impossible.", false},
	{"correct-90", "etcd-revision-guard", "ttl-as-safety", "A pause exceeding the TTL is exactly the case the txn exists for: the stale write cannot happen because the compare fails.", false},
	{"correct-91", "etcd-revision-guard", "ttl-as-safety", "Is a lease above the worst pause enough to say deposition cannot happen? It is not.", false},
	{"correct-92", "etcd-revision-guard", "ttl-as-safety", "Larger TTLs than the GC pause mean slower failover, and a deposed leader can still wake up, so the fence is needed.", false},
	{"correct-93", "etcd-revision-guard", "ttl-as-safety", "The idea that a pause longer than the TTL cannot occur is the assumption Jepsen broke.", false},
	{"correct-94", "etcd-revision-guard", "ttl-as-safety", "Deposition during a long GC pause is impossible to prevent with timeouts alone.", false},
	{"correct-95", "etcd-revision-guard", "ttl-as-safety", "I set the session TTL above the GC pause I measured, and I guard the Put with the revision because a pause beyond it can happen.", false},
	{"correct-96", "etcd-revision-guard", "ttl-as-safety", "Because etcd compares the create revision, a stale leader's write cannot happen, even after a pause much longer than the TTL.", false},
	{"correct-97", "etcd-revision-guard", "ttl-as-safety", "A leader cannot be deposed while its keepalives arrive, but a pause longer than the TTL stops them.", false},
	{"correct-98", "etcd-revision-guard", "ttl-as-safety", "The lease exceeds the GC pause in normal operation, yet swap or a VM freeze can still last longer.", false},
	{"correct-99", "etcd-revision-guard", "ttl-as-safety", "Even a TTL ten times the worst pause leaves deposition possible.", false},
	{"correct-100", "holder-id-guard", "wall-clock", "Switching from the worker's clock to the database's now() removes clock skew from the claim.", false},
	{"correct-101", "holder-id-guard", "wall-clock", "Going from the local clock to the database clock was the fix for our double claims.", false},
	{"correct-102", "holder-id-guard", "wall-clock", "We never moved from the database's now() to the worker clocks.", false},
	{"correct-103", "holder-id-guard", "wall-clock", "Don't change from the database clock to the local clock; skew would make claims overlap.", false},
	{"correct-104", "holder-id-guard", "wall-clock", "Moving from the db clock to the application server clock is a mistake, clocks drift.", false},
	{"correct-105", "holder-id-guard", "wall-clock", "Changing from now() to the worker's clock would be tempting and wrong.", false},
	{"correct-106", "holder-id-guard", "wall-clock", "The local clock, rather than the database clock, is where skew creeps in.", false},
	{"correct-107", "holder-id-guard", "wall-clock", "Workers' clocks disagree, so we use now() instead of the worker time in the claim query.", false},
}

func TestFixG30dClaims(t *testing.T) {
	checkFlagCases(t, g30dClaims)
	checkInserted(t, g24bBase, false, g30dClaims)
}

func TestFixG30dCorrect(t *testing.T) {
	checkFlagCases(t, g30dCorrect)
	checkInserted(t, g24bBase, false, g30dCorrect)
}

// g30d, second part (reverted after rev30d): sentences near Redlock's
// quorum or validity check and near EXPIREAT with the client's clock that
// must stay clean.
var g30dCorrect2 = []flagCase{
	{"correct2-01", "choose-ttl", "wall-clock", "Never compute an absolute expiry from the client's wall clock; use a relative PX TTL.", false},
	{"correct2-02", "choose-ttl", "wall-clock", "PEXPIREAT with a deadline from the client's own clock breaks as soon as clocks disagree.", false},
	{"correct2-03", "choose-ttl", "wall-clock", "Use a relative TTL instead of an absolute expiry from the local clock.", false},
	{"correct2-04", "choose-ttl", "wall-clock", "EXPIREAT takes an absolute time, so it depends on the client's clock matching the server's, which it won't.", false},
	{"correct2-05", "choose-ttl", "wall-clock", "An absolute deadline from each client's clock is a trap: clock skew moves the expiry.", false},
	{"correct2-06", "choose-ttl", "wall-clock", "Avoid PEXPIREAT with local clock times.", false},
	{"correct2-07", "choose-ttl", "wall-clock", "Would EXPIREAT from the client's clock help? No, skew makes it worse.", false},
	{"correct2-08", "choose-ttl", "wall-clock", "Redis measures a relative TTL on its own clock, which is why PX beats PEXPIREAT with a client-side time.", false},
	{"correct2-09", "choose-ttl", "wall-clock", "The client keeps its own deadline on a monotonic clock, while Redis expires the key on a relative TTL, not an absolute expiry.", false},
	{"correct2-10", "choose-ttl", "wall-clock", "I'd rather use PX than EXPIREAT with the client's time.", false},
	{"correct2-11", "choose-ttl", "wall-clock", "Setting an absolute expiry from the client's clock assumes synchronized clocks.", false},
	{"correct2-12", "choose-ttl", "wall-clock", "Computing the absolute deadline on a local clock is a bad idea when hosts drift.", false},
	{"correct2-13", "unfenceable-resource", "redlock-correctness", "Redlock with five nodes doesn't stop a paused client from outliving its lease.", false},
	{"correct2-14", "unfenceable-resource", "redlock-correctness", "Even with a majority, a paused client can outlive its lease, so Redlock doesn't help here.", false},
	{"correct2-15", "unfenceable-resource", "redlock-correctness", "A quorum of five nodes can't prevent a frozen holder from acting after its lease ends.", false},
	{"correct2-16", "unfenceable-resource", "redlock-correctness", "People assume Redlock's majority means a paused client can't outlive its lease; it can.", false},
	{"correct2-17", "unfenceable-resource", "redlock-correctness", "Redlock's majority protects against a node crash, not against a paused client outliving its lease.", false},
	{"correct2-18", "unfenceable-resource", "redlock-correctness", "A stalled client under Redlock still outlives its lease, and only the provider could reject it.", false},
	{"correct2-19", "unfenceable-resource", "redlock-correctness", "Is it true that with five nodes a paused holder cannot outlast the lock? No.", false},
	{"correct2-20", "redlock-operations-q", "redlock-correctness", "Checking the remaining validity before each write doesn't stop a pause between the check and the write.", false},
	{"correct2-21", "redlock-operations-q", "redlock-correctness", "A paused client can still write late, since a pause after the validity check is not detected.", false},
	{"correct2-22", "redlock-operations-q", "redlock-correctness", "The validity time does not account for pauses after acquisition.", false},
	{"correct2-23", "redlock-operations-q", "redlock-correctness", "Validity checks narrow the window, but a paused client can pass the check and then write late.", false},
	{"correct2-24", "redlock-operations-q", "redlock-correctness", "People think the validity check means a paused client won't write late; it doesn't.", false},
	{"correct2-25", "redlock-operations-q", "redlock-correctness", "Redlock's validity time subtracts acquisition time and drift, not a future GC pause.", false},
	{"correct2-26", "redlock-operations-q", "redlock-correctness", "A pause longer than the validity window is undetected by the client that paused.", false},
	{"correct2-27", "redlock-operations-q", "redlock-correctness", "Process pauses remain a problem, validity checks or not, which is why Kleppmann asks for fencing.", false},
	{"correct2-28", "redlock-operations-q", "redlock-correctness", "The client computes its validity after acquiring; a pause after that still lets it act late.", false},
	{"correct2-29", "redlock-operations-q", "redlock-correctness", "Does checking validity before every write make pauses a non-issue? No.", false},
	{"correct2-30", "redlock-operations-q", "redlock-correctness", "The remaining validity is a hint, and a pause after it is read can expire the lock unseen.", false},
	{"correct2-31", "redlock-operations-q", "redlock-correctness", "Validity accounting covers acquisition latency and clock drift, it cannot cover a pause that comes later.", false},
	{"correct2-32", "unfenceable-resource", "redlock-correctness", "Redlock doesn't mean a paused client can't outlive its lease.", false},
	{"correct2-33", "unfenceable-resource", "redlock-correctness", "A majority doesn't help: a paused client can't be stopped from outliving its lease.", false},
	{"correct2-34", "unfenceable-resource", "redlock-correctness", "The claim that with a quorum a frozen holder cannot outlast its lease is false.", false},
	{"correct2-35", "unfenceable-resource", "redlock-correctness", "Redlock is not the fix; a single paused client can outlive its lease on all five nodes.", false},
	{"correct2-36", "redlock-operations-q", "redlock-correctness", "The validity window covers the acquisition round trip, not a pause that comes afterwards.", false},
	{"correct2-37", "redlock-operations-q", "redlock-correctness", "Validity is computed once at acquisition, so a pause after that is never detected.", false},
	{"correct2-38", "redlock-operations-q", "redlock-correctness", "A quote I'd refute: 'checking remaining validity means a paused client won't write late'.", false},
	{"correct2-39", "unfenceable-resource", "redlock-correctness", "Five nodes protect the lock from one Redis crash; they do nothing for a paused client.", false},
	{"correct2-40", "unfenceable-resource", "redlock-correctness", "With Redlock, a frozen holder still outlives its lease when its pause exceeds the TTL.", false},
	{"correct2-41", "unfenceable-resource", "redlock-correctness", "Redlock's majority guards against a node failure, and a stalled client can still outlast its lock.", false},
	{"correct2-42", "unfenceable-resource", "redlock-correctness", "A quorum can't stop a paused client outliving its lease, so the provider's idempotency key is what helps.", false},
	{"correct2-43", "unfenceable-resource", "redlock-correctness", "Adding a majority of Redis nodes won't mean a paused holder can't outlive its lease.", false},
	{"correct2-44", "unfenceable-resource", "redlock-correctness", "Redlock cannot prevent a paused client from outliving the lease it won on five nodes.", false},
	{"correct2-45", "unfenceable-resource", "redlock-correctness", "Whether one node or five, a paused client can outlive its lease.", false},
	{"correct2-46", "unfenceable-resource", "redlock-correctness", "Kleppmann showed that under Redlock a paused client outlives its lease and writes anyway.", false},
	{"correct2-47", "unfenceable-resource", "redlock-correctness", "A majority of nodes agreeing on the holder says nothing about a pause, which can outlast any lease.", false},
	{"correct2-48", "unfenceable-resource", "redlock-correctness", "Switching to Redlock is tempting, on the theory that a paused client can't outlive its lease, but it can.", false},
	{"correct2-49", "unfenceable-resource", "redlock-correctness", "Only the provider rejecting stale requests would stop a paused holder; no quorum of Redis nodes can.", false},
	{"correct2-50", "unfenceable-resource", "redlock-correctness", "Five nodes or fifty, a paused client cannot outlast its lease only in the fantasy version of Redlock.", false},
	{"correct2-51", "unfenceable-resource", "redlock-correctness", "A quorum of nodes means a single node crash can't hand the lock to two clients, while a pause still can.", false},
	{"correct2-52", "redlock-operations-q", "redlock-correctness", "The remaining validity tells you nothing about a pause that starts right after you read it.", false},
	{"correct2-53", "redlock-operations-q", "redlock-correctness", "Checking validity before writing doesn't make late writes impossible; a pause can land between the two.", false},
	{"correct2-54", "redlock-operations-q", "redlock-correctness", "A client that checks its validity and then pauses won't know, and late writes can happen.", false},
	{"correct2-55", "redlock-operations-q", "redlock-correctness", "Validity time is no defence against pauses: a client that paused can still write late.", false},
	{"correct2-56", "redlock-operations-q", "redlock-correctness", "Assuming a paused client won't write because it checked validity is the classic Redlock mistake.", false},
	{"correct2-57", "redlock-operations-q", "redlock-correctness", "The validity check helps against slow acquisition; pauses are still a problem for late writes.", false},
	{"correct2-58", "redlock-operations-q", "redlock-correctness", "A late write can happen even when the client checked its remaining validity a moment before.", false},
	{"correct2-59", "redlock-operations-q", "redlock-correctness", "Is a validity check before each write enough to stop paused clients? It isn't.", false},
	{"correct2-60", "choose-ttl", "wall-clock", "Never trust the client's clock for EXPIREAT.", false},
	{"correct2-61", "choose-ttl", "wall-clock", "Don't compute an absolute deadline from the local clock for the lock key.", false},
	{"correct2-62", "choose-ttl", "wall-clock", "PEXPIREAT from the client's clock is wrong whenever clocks skew.", false},
	{"correct2-63", "choose-ttl", "wall-clock", "An absolute expiry from the client's wall clock looks precise but depends on NTP.", false},
	{"correct2-64", "choose-ttl", "wall-clock", "The client tracks its own deadline with a monotonic timer rather than EXPIREAT with its wall clock.", false},
	{"correct2-65", "choose-ttl", "wall-clock", "If you set EXPIREAT from the client's clock, a clock jump can end the lock early.", false},
	{"correct2-66", "choose-ttl", "wall-clock", "Teams that use PEXPIREAT with a local clock timestamp find locks expiring early when hosts drift.", false},
	{"correct2-67", "choose-ttl", "wall-clock", "Should I use EXPIREAT with the client's clock? No, use a relative TTL.", false},
	{"correct2-68", "choose-ttl", "wall-clock", "The mistake is an absolute expiry from the client's own clock.", false},
	{"correct2-69", "choose-ttl", "wall-clock", "I avoid EXPIREAT because it ties the lock to the client's clock.", false},
	{"correct2-70", "choose-ttl", "wall-clock", "Setting PEXPIREAT from the local clock assumes clocks agree, which they don't.", false},
	{"correct2-71", "choose-ttl", "wall-clock", "EXPIREAT with a deadline from the client's clock would make the lease depend on clock sync.", false},
}

func TestFixG30dCorrect2(t *testing.T) {
	checkFlagCases(t, g30dCorrect2)
	checkInserted(t, g24bBase, false, g30dCorrect2)
}

// g30d, third part: the etcd keepalive said to go on renewing while the rest
// of the process is paused (ttl-as-safety).
var g30dClaims3 = []flagCase{
	{"claim3-01", "etcd-revision-guard", "ttl-as-safety", "A GC pause cannot depose the leader: the renewal goroutine keeps renewing while the rest of the program is paused.", true},
	{"claim3-02", "etcd-revision-guard", "ttl-as-safety", "The keepalive keeps renewing while the application is paused, so the session survives the pause.", true},
}

var g30dCorrect3 = []flagCase{
	{"correct3-01", "etcd-revision-guard", "ttl-as-safety", "The keepalive goroutine cannot keep renewing while the rest of the process is paused, since GC stops every goroutine.", false},
	{"correct3-02", "etcd-revision-guard", "ttl-as-safety", "People assume the keepalive keeps renewing the lease while the rest of the process is paused; it doesn't.", false},
	{"correct3-03", "etcd-revision-guard", "ttl-as-safety", "It's a myth that the keepalive keeps the lease alive while the application is frozen in GC.", false},
	{"correct3-04", "etcd-revision-guard", "ttl-as-safety", "A stop-the-world pause freezes the keepalive too, so it doesn't keep renewing while the rest of the process is paused.", false},
	{"correct3-05", "etcd-revision-guard", "ttl-as-safety", "The renewal goroutine keeps renewing while the main goroutine is deadlocked, which is why renewal should depend on progress.", false},
	{"correct3-06", "etcd-revision-guard", "ttl-as-safety", "Don't count on the keepalive: it won't keep renewing while the rest of the process is paused.", false},
	{"correct3-07", "etcd-revision-guard", "ttl-as-safety", "Even a dedicated renewer keeps renewing only until the whole process is paused.", false},
	{"correct3-08", "etcd-revision-guard", "ttl-as-safety", "The keepalive keeps renewing while the rest of the app is busy, but a GC pause stops it as well.", false},
	{"correct3-09", "etcd-revision-guard", "ttl-as-safety", "If the keepalive kept renewing while the rest of the process is paused, the lease would be safe; it doesn't.", false},
	{"correct3-10", "etcd-revision-guard", "ttl-as-safety", "Is it true that the keepalive keeps renewing while everything else is frozen? No, GC freezes all goroutines.", false},
	{"correct3-11", "etcd-revision-guard", "ttl-as-safety", "The keepalive keeps refreshing the lease while the other goroutines work, and it stops when the runtime pauses.", false},
	{"correct3-12", "etcd-revision-guard", "ttl-as-safety", "The mistake is believing the keepalive keeps sending while the application is paused.", false},
	{"correct3-13", "etcd-revision-guard", "ttl-as-safety", "A keepalive keeps the lease alive while the main loop is blocked, not while the process is frozen.", false},
	{"correct3-14", "etcd-revision-guard", "ttl-as-safety", "While the rest of the process is paused, nothing renews the lease, keepalive included.", false},
	{"correct3-15", "etcd-revision-guard", "ttl-as-safety", "The keepalive does not keep renewing while the rest of the process is paused.", false},
	{"correct3-16", "etcd-revision-guard", "ttl-as-safety", "The renewal keeps extending the lease while the main work is slow, until a GC pause halts all of it.", false},
	{"correct3-17", "etcd-revision-guard", "ttl-as-safety", "Some think the keepalive continues renewing while the app is paused in GC.", false},
	{"correct3-18", "etcd-revision-guard", "ttl-as-safety", "The keepalive carries on renewing while the main goroutine waits on the network, but not during a stop-the-world pause.", false},
	{"correct3-19", "etcd-revision-guard", "ttl-as-safety", "A GC pause stops the keepalive along with everything else, so the lease can expire while the rest of the process is paused.", false},
	{"correct3-20", "etcd-revision-guard", "ttl-as-safety", "The keepalive can't keep renewing while the application is frozen.", false},
	{"correct3-21", "etcd-revision-guard", "ttl-as-safety", "A renewal thread that keeps renewing while the rest of the app is paused would hide a hung worker forever.", false},
	{"correct3-22", "etcd-revision-guard", "ttl-as-safety", "Only a separate process keeps renewing while the application is paused, and that is a danger of its own.", false},
	{"correct3-23", "etcd-revision-guard", "ttl-as-safety", "The keepalive keeps renewing while the other goroutines run, and the runtime's pause stops it with them.", false},
}

func TestFixG30dClaims3(t *testing.T) {
	checkFlagCases(t, g30dClaims3)
	checkInserted(t, g24bBase, false, g30dClaims3)
}

func TestFixG30dCorrect3(t *testing.T) {
	checkFlagCases(t, g30dCorrect3)
	checkInserted(t, g24bBase, false, g30dCorrect3)
}

// g30d fix (review rev30d): the shapes the reverted or narrowed lines
// flagged though they are correct, in our own words. They must stay clean:
//   - E: "impossible to detect / to prove / for X to notice" describes the
//     pause, it does not rule an outcome out (ttl-as-safety);
//   - A: the paused client's key or lock cannot outlive its TTL, so someone
//     else gets it (the premise of the argument against Redlock);
//   - B: a pause during acquisition is what Redlock's validity subtracts;
//   - C, D: the worker's clock or an EXPIREAT deadline from the client's
//     clock named as the problem (wall-clock).
//
// The ttl-as-safety claims g30d added must still flag.
var g30dFixClaims = []flagCase{
	{"fixclaim-01", "etcd-revision-guard", "ttl-as-safety", "Give the lease a TTL bigger than the longest GC pause and the leader will never get deposed in the middle of one.", true},
	{"fixclaim-02", "etcd-revision-guard", "ttl-as-safety", "Once the session timeout exceeds the worst stop-the-world pause, deposition is impossible.", true},
	{"fixclaim-03", "unfenceable-resource", "ttl-as-safety", "Pick a lease longer than any pause we have logged, and a duplicate charge becomes impossible.", true},
	{"fixclaim-04", "etcd-revision-guard", "ttl-as-safety", "With a TTL above every pause, losing the leadership during a pause can no longer happen.", true},
	{"fixclaim-05", "etcd-revision-guard", "ttl-as-safety", "The lease outlasts our longest pause, so the leader can't be deposed while it sleeps.", true},
}

var g30dFixCorrect = []flagCase{
	{"fixok-01", "etcd-revision-guard", "ttl-as-safety", "A stall that runs longer than the lease is impossible to observe from within the stalled process.", false},
	{"fixok-02", "etcd-revision-guard", "ttl-as-safety", "A stop-the-world pause longer than the TTL is impossible for the paused leader to notice before it wakes.", false},
	{"fixok-03", "unfenceable-resource", "ttl-as-safety", "A lease longer than our worst measured pause is impossible to prove sufficient, so the provider call carries an idempotency key.", false},
	{"fixok-04", "etcd-revision-guard", "ttl-as-safety", "A pause exceeding the session TTL is impossible to rule out in advance.", false},
	{"fixok-05", "etcd-revision-guard", "ttl-as-safety", "A freeze longer than the lease becomes impossible to tell apart from a crash, seen from the cluster.", false},
	{"fixok-06", "holder-id-guard", "ttl-as-safety", "A pause that outlasts the lease is impossible for the worker to see coming.", false},
	{"fixok-07", "redlock-operations-q", "redlock-correctness", "Under Redlock the sleeping client's key cannot outlast its TTL on the majority, and that is the trouble: it expires and another client takes the lock.", false},
	{"fixok-08", "redlock-operations-q", "redlock-correctness", "The frozen holder's lock can't outlive the TTL on five nodes, so a long freeze hands it to a second client.", false},
	{"fixok-09", "redlock-operations-q", "redlock-correctness", "A stalled client's keys cannot outlive their TTL on the quorum, which is why the lock can pass to someone else mid-stall.", false},
	{"fixok-10", "redis-vs-consensus", "redlock-correctness", "Across five nodes a frozen client's key can't outlast its TTL; Redlock has no means to reject that client's late write.", false},
	{"fixok-11", "redlock-operations-q", "redlock-correctness", "A stall while acquiring is not a problem: Redlock takes the acquisition time off the validity, and the client won't write if too little is left.", false},
	{"fixok-12", "redlock-operations-q", "redlock-correctness", "Slow lock acquisition isn't a problem, because the validity shrinks by the time spent, so a client paused while acquiring won't write on an expired lock.", false},
	{"fixok-13", "redlock-operations-q", "redlock-correctness", "Pauses before the grant are not a problem; the validity window loses exactly the time they took.", false},
	{"fixok-14", "holder-id-guard", "wall-clock", "Stamping claimed_at with the worker's clock instead of now() would let a fast clock grab jobs, so now() stays.", false},
	{"fixok-15", "holder-id-guard", "wall-clock", "Reading claimed_at from the worker's clock in place of now() asks for trouble once one worker's clock runs ahead.", false},
	{"fixok-16", "holder-id-guard", "wall-clock", "Expiry stays on the database; the worker's local clock only tells it to give up early, in place of asking the db for now() every second.", false},
	{"fixok-17", "holder-id-guard", "wall-clock", "Moving from now() to the application's epoch counter turns the guard into a real fence.", false},
	{"fixok-18", "extend-lease", "wall-clock", "PEXPIREAT with a deadline from the local clock puts the expiry on a clock Redis cannot see.", false},
	{"fixok-19", "extend-lease", "wall-clock", "EXPIREAT with the client's clock cannot be trusted, since Redis never sees that clock.", false},
}

func TestFixG30dFixClaims(t *testing.T) {
	checkFlagCases(t, g30dFixClaims)
	checkInserted(t, g24bBase, false, g30dFixClaims)
}

func TestFixG30dFixCorrect(t *testing.T) {
	checkFlagCases(t, g30dFixCorrect)
	checkInserted(t, g24bBase, false, g30dFixCorrect)
}
