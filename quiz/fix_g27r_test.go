package quiz_test

import "testing"

// fixG27rClaims: wrong claims the final review of g26 (rev26z) and the
// brief of g27r found unflagged, in our own wording. Each must flag alone
// and appended to a clean full answer (TestFixG27rInserted).
var fixG27rClaims = []flagCase{
	// Redlock's correctness credited to its majority.
	{"R-M1", "redis-vs-consensus", "redlock-correctness", "Redlock helps with availability while correctness comes from the majority, so it's correct.", true},
	{"R-M2", "redis-vs-consensus", "redlock-correctness", "Redlock is for availability, and its correctness comes from the majority of masters.", true},
	{"R-M3", "redis-vs-consensus", "redlock-correctness", "With Redlock, correctness rests on the quorum of five nodes, so a paused client is harmless.", true},
	// Redlock said to stay safe through a client's pause.
	{"R-P1", "redis-vs-consensus", "redlock-correctness", "A single Redis is not safe against a node crash, but Redlock is safe against GC pauses and crashes alike.", true},
	{"R-P2", "redis-vs-consensus", "redlock-correctness", "Redlock stays correct when a client pauses, because the lock value is random and each node checks it.", true},
	{"R-P3", "redis-vs-consensus", "redlock-correctness", "Redlock is safe against a stop-the-world GC since the majority has to agree.", true},
	{"R-P4", "redis-vs-consensus", "redlock-correctness", "Redlock remains correct when the holder stalls for a while.", true},
	// Renewal named as what keeps other holders out.
	{"R-K1", "extend-lease", "ttl-as-safety", "Renewing the lease every few seconds keeps other workers out for the whole job.", true},
	// The holder's own question to the lock service called fencing.
	{"R-C1", "fencing-token", "client-side-fencing", "The client checks with etcd that its token is the latest before writing, which is fencing.", true},
	{"R-C2", "fencing-token", "client-side-fencing", "Each worker verifies with ZooKeeper that its token is still current before it writes; this is fencing.", true},
	// "Nobody uses it" as the reason to go without fencing.
	{"R-N1", "fencing-token", "fencing-unneeded", "Nobody uses fencing in practice, so you can skip it.", true},
	{"R-N2", "fencing-token", "fencing-unneeded", "Honestly, nobody uses fencing tokens in the real world, so we dropped them.", true},
	{"R-N3", "fencing-token", "fencing-unneeded", "No one uses fencing in production, it's overkill.", true},
}

// fixG27rAloneOnly: claims the new lines catch alone, but that the second
// reader's veto sets aside when appended to a full answer that reads clean
// (their sentences repeat the answer's words, so they lean away from a
// losing claim): recorded, not fixed.
var fixG27rAloneOnly = []flagCase{
	{"A-K1", "extend-lease", "ttl-as-safety", "The watchdog is what keeps everyone else out of the lock.", true},
	{"A-K2", "extend-lease", "ttl-as-safety", "TTLs are about liveness, not safety; renewal is what keeps other workers out.", true},
	{"A-C1", "fencing-token", "client-side-fencing", "Before every write the worker asks ZooKeeper whether its token is still current, and only then writes; that is fencing.", true},
}

// fixG27rGuards: correct sentences sharing the new lines' words (denied,
// reported to refute, asked, limited, or the correct counterpart). None
// may raise the flag, alone or in a full answer.
var fixG27rGuards = []flagCase{
	{"G-M1", "redis-vs-consensus", "redlock-correctness", "Redlock helps with availability, while correctness comes from fencing tokens checked by the storage.", false},
	{"G-M2", "redis-vs-consensus", "redlock-correctness", "Correctness does not come from the majority; it comes from the resource rejecting stale tokens.", false},
	{"G-M3", "redis-vs-consensus", "redlock-correctness", "In Raft, correctness comes from the majority because every commit is in a replicated log with terms.", false},
	{"G-M4", "redis-vs-consensus", "redlock-correctness", "Does correctness come from the majority? No, a majority of Redis nodes cannot stop a paused holder.", false},
	{"G-M5", "redis-vs-consensus", "redlock-correctness", "The myth is that correctness comes from the majority of Redis masters.", false},
	{"G-P1", "redis-vs-consensus", "redlock-correctness", "Redlock is safe against a single node crash but not against a long GC pause.", false},
	{"G-P2", "redis-vs-consensus", "redlock-correctness", "Redlock only stays correct when a client pauses if the pause is shorter than the lease.", false},
	{"G-P3", "redis-vs-consensus", "redlock-correctness", "Does Redlock stay correct when a client pauses? It does not.", false},
	{"G-P4", "redis-vs-consensus", "redlock-correctness", "The claim that Redlock is safe against GC pauses is the mistake Kleppmann pointed out.", false},
	{"G-P5", "redis-vs-consensus", "redlock-correctness", "ZooKeeper with a zxid token stays safe when a client freezes, because the storage rejects old zxids.", false},
	{"G-K1", "extend-lease", "ttl-as-safety", "Renewal is not what keeps other workers out; the fencing token at the storage is.", false},
	{"G-K2", "extend-lease", "ttl-as-safety", "Renewal keeps other workers out only while the holder is alive and not paused.", false},
	{"G-K3", "extend-lease", "ttl-as-safety", "People think renewal keeps other workers out, but a paused worker cannot renew.", false},
	{"G-K4", "extend-lease", "ttl-as-safety", "Extending the lease keeps others out while we run, but if we freeze, the lease expires and another worker gets it.", false},
	{"G-K5", "extend-lease", "ttl-as-safety", "The watchdog keeps other workers out of the lock in normal operation, yet a token at the storage is still needed.", false},
	{"G-K6", "extend-lease", "ttl-as-safety", "The renewal keeps other workers out while the worker is up; a crashed worker stops renewing and the lock frees.", false},
	{"G-C1", "fencing-token", "client-side-fencing", "Asking ZooKeeper whether the token is still current before each write is not fencing; the storage must check it.", false},
	{"G-C2", "fencing-token", "client-side-fencing", "The worker gets a token from ZooKeeper and sends it with every write, and the storage rejects older ones; that is fencing.", false},
	{"G-C3", "etcd-revision-guard", "client-side-fencing", "The revision is just a fencing token that etcd compares for you.", false},
	{"G-C4", "etcd-revision-guard", "client-side-fencing", "That revision is really a fencing token and etcd checks it in the same transaction as the write.", false},
	{"G-N1", "fencing-token", "fencing-unneeded", "People say nobody uses fencing, but Kafka's epochs are fencing in production.", false},
	{"G-N2", "fencing-token", "fencing-unneeded", "Nobody uses fencing for an efficiency lock, and skipping it there is fine because a double run only wastes work.", false},
	{"G-N3", "fencing-token", "fencing-unneeded", "The excuse that nobody uses fencing doesn't make it unnecessary.", false},
	{"G-N4", "fencing-token", "fencing-unneeded", "Nobody uses fencing in toy demos, but production systems cannot skip it.", false},
	{"G-N5", "fencing-token", "fencing-unneeded", "If nobody uses fencing, stale writes slip through, so it is not optional.", false},
}

// TestFixG27rAlone: each sentence graded alone.
func TestFixG27rAlone(t *testing.T) {
	checkFlagCases(t, fixG27rClaims)
	checkFlagCases(t, fixG27rAloneOnly)
	checkFlagCases(t, fixG27rGuards)
}

// TestFixG27rInserted: each sentence appended to a clean full answer.
func TestFixG27rInserted(t *testing.T) {
	checkInserted(t, g24bBase, true, fixG27rClaims)
	checkInserted(t, g24bBase, true, fixG27rGuards)
}
