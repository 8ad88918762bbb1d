package quiz_test

import "testing"

// fixG26leadSentences: the final review of g26 on main (rev26z) found
// four exclusions of the g26p/g26pf rounds still hiding plain wrong
// claims on fatal flags, and one new major false flag. Want true: the
// claims, flagged again; want false: the correct sentences beside them.
var fixG26leadSentences = []flagCase{
	// Leases sold as deadlock-free in general, with a crashed holder as
	// the reason (ttl-as-safety): flagged; the crash's own case is not.
	{"Z-D1", "deadlock-ordering", "ttl-as-safety", "With lease-based locks there's no deadlock risk, because a holder that crashes while holding the lock gives it up eventually.", true},
	{"Z-D2", "deadlock-ordering", "ttl-as-safety", "TTLs make the whole thing deadlock-free, since any client that crashes while holding a lock releases it when the lease runs out.", true},
	{"Z-D3", "deadlock-ordering", "ttl-as-safety", "Lease-based locks never deadlock, because a node that crashes while holding a lock will expire.", true},
	{"Z-D4", "deadlock-ordering", "ttl-as-safety", "Leased locks are deadlock-free: whoever dies while holding one gives it up eventually.", true},
	{"Z-D5", "deadlock-ordering", "ttl-as-safety", "When a holder crashes while holding the lock, the TTL ends the wait, so no deadlock from that.", false},
	{"Z-D6", "deadlock-ordering", "ttl-as-safety", "A holder that dies while holding a lock gives it up eventually, but two live transfers can still wait on each other, so sort the account ids.", false},
	// Renewal sold as exclusion beside a liveness wording: flagged.
	{"Z-R1", "extend-lease", "ttl-as-safety", "Extending the lease guarantees liveness and mutual exclusion at once.", true},
	{"Z-R2", "extend-lease", "ttl-as-safety", "The lease is renewed by a watchdog, which is a liveness guarantee but also the safety guarantee of the lock.", true},
	{"Z-R3", "extend-lease", "ttl-as-safety", "With the renewal, the lock becomes free again only when we finish, which guarantees nobody else touches the data.", true},
	{"Z-R4", "extend-lease", "ttl-as-safety", "The heartbeat is a liveness guarantee and it also guarantees no one else can take the lock while we run.", true},
	{"Z-R5", "two-holders", "ttl-as-safety", "The key expires after the TTL, a liveness guarantee and not a safety guarantee.", false},
	{"Z-R6", "extend-lease", "ttl-as-safety", "Renewal is about liveness, not mutual exclusion; mutual exclusion needs a fencing token checked by the storage.", false},
	{"Z-R7", "extend-lease", "ttl-as-safety", "Because the lock expires, a dead holder is guaranteed to give it up eventually.", false},
	// Copies spread across zones beside the lock copied over (fatal).
	{"Z-C1", "redis-wait-safe", "replication-keeps-lock", "The lock data is copied over to every replica spread across zones, so after failover it is still there.", true},
	{"Z-C2", "design-lock-service-q", "replication-keeps-lock", "Five copies spread over three zones commit each grant through Raft.", false},
	// The store's check in each write is not a check made once (major).
	{"Z-F1", "fencing-token", "fence-checked-once", "First confirm you still hold the lease, then guard each write with the fencing token so the store compares it against the highest seen.", false},
	{"Z-F2", "fencing-token", "fence-checked-once", "Verify the lease at startup, then guard each write with the token; the storage refuses any token below its maximum.", false},
	{"Z-F3", "holder-id-guard", "fence-checked-once", "Check the epoch once at the start; that initial check is enough to guard every write with that value.", true},
	{"Z-F4", "holder-id-guard", "fence-checked-once", "Confirm ownership once at the start, and that guards each write with the claim for the rest of the job.", true},
}

// TestFixG26leadAlone: each sentence graded alone.
func TestFixG26leadAlone(t *testing.T) {
	checkFlagCases(t, fixG26leadSentences)
}
