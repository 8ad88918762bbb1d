package quiz_test

import "testing"

// fixG25fSentences: g25f fatal-flag precision. Each family: correct
// sentences of our own that raised a fatal flag before g25f (want false),
// and plain wrong claims in varied wording that must still raise it
// (want true).
var fixG25fSentences = []flagCase{
	// F1 fencing-unneeded: the need word must take the fence as its object.
	{"FU-C1", "fencing-token", "fencing-unneeded", "A token has no need to be random; what matters is that it only goes up.", false},
	{"FU-C2", "fencing-token", "fencing-unneeded", "The token doesn't need to be unpredictable, it needs to be strictly increasing.", false},
	{"FU-C3", "fencing-token", "fencing-unneeded", "Tokens don't need to be dense; skipping numbers is fine as long as they grow.", false},
	{"FU-C4", "fencing-token", "fencing-unneeded", "The worker doesn't need to trust its own clock, since the store compares tokens.", false},
	{"FU-C5", "fencing-token", "fencing-unneeded", "A new holder doesn't need to wait for the old one to die, because the store refuses the old token.", false},
	{"FU-C6", "fencing-token", "fencing-unneeded", "The resource doesn't need to ask the lock server anything; it compares tokens by itself.", false},
	{"FU-C7", "fencing-token", "fencing-unneeded", "There is no need for synchronized clocks: the database just compares fencing tokens.", false},
	{"FU-C8", "fencing-token", "fencing-unneeded", "Once fencing is in place you don't need a very long TTL for correctness, only for recovery time.", false},
	{"FU-C9", "redis-vs-consensus", "fencing-unneeded", "The storage never needs to trust the client's belief that it holds the lock; it checks the token.", false},
	{"FU-C10", "redis-vs-consensus", "fencing-unneeded", "Tokens don't need to be secret, only monotonic per lock.", false},
	{"FU-C11", "fencing-token", "fencing-unneeded", "The stale holder doesn't need to be told that it lost the lock; its write carries an old token and is refused.", false},
	{"FU-W1", "fencing-token", "fencing-unneeded", "With Redlock you don't need fencing tokens.", true},
	{"FU-W2", "fencing-token", "fencing-unneeded", "The token isn't needed if the TTL is long enough.", true},
	{"FU-W3", "fencing-token", "fencing-unneeded", "Fencing tokens are not necessary once renewals are in place.", true},
	{"FU-W4", "fencing-token", "fencing-unneeded", "You don't really need a fencing token when the lease is generous.", true},
	{"FU-W5", "fencing-token", "fencing-unneeded", "Fencing isn't required if the lock has a TTL.", true},
	{"FU-W6", "fencing-token", "fencing-unneeded", "There's no need for fencing when you use Redlock across five nodes.", true},
	{"FU-W8", "fencing-token", "fencing-unneeded", "We never needed fencing tokens in production because our TTL is 60 seconds.", true},
	{"FU-W9", "fencing-token", "fencing-unneeded", "If the TTL is bigger than the job, a fencing token is not needed.", true},
	{"FU-W10", "fencing-token", "fencing-unneeded", "A heartbeat renewal means you needn't bother with fencing.", true},
	{"FU-W11", "fencing-token", "fencing-unneeded", "The resource doesn't need to check tokens because Redlock already guarantees one holder.", true},
	{"FU-W12", "redis-vs-consensus", "fencing-unneeded", "With a majority quorum, fencing tokens aren't needed.", true},
	{"FU-W13", "redis-vs-consensus", "fencing-unneeded", "Redlock is solid, so you don't need to add fencing tokens.", true},
	{"FU-W14", "redis-vs-consensus", "fencing-unneeded", "Because the lock expires on its own, tokens are not required.", true},
	{"FU-W15", "fencing-token", "fencing-unneeded", "You do not need any fencing token if the lease is renewed every few seconds.", true},
	{"FU-W16", "fencing-token", "fencing-unneeded", "No need to use fencing tokens; the TTL takes care of a dead holder.", true},
	{"FU-W17", "fencing-token", "fencing-unneeded", "The storage never needs to check a token as long as the lock is held in Redis.", true},
	{"FU-W18", "redis-vs-consensus", "fencing-unneeded", "Since the lease is long, we don't require fencing.", true},
	{"FU-W19", "fencing-token", "fencing-unneeded", "Fencing tokens are not really needed with a well-tuned TTL.", true},
	{"FU-W20", "fencing-token", "fencing-unneeded", "The database doesn't need to compare any token when Redlock is used.", true},
	{"FU-W21", "fencing-token", "fencing-unneeded", "A long TTL means the token is unnecessary.", true},
	{"FU-W22", "redis-vs-consensus", "fencing-unneeded", "With Redlock the fencing token isn't necessary at all.", true},
	// F7: a harm told of teams that leave the token out is no plan to leave it out.
	{"SK-C1", "redis-lock-and-failure", "fencing-unneeded", "People who drop the fencing token because they use Redlock end up with clobbered rows after a long pause.", false},
	{"SK-C2", "redis-lock-and-failure", "fencing-unneeded", "Teams that omit fencing tokens since they trust the TTL get overwritten writes when a worker stalls.", false},
	{"SK-W1", "redis-lock-and-failure", "fencing-unneeded", "We can skip the fencing token because we run Redlock.", true},
	{"SK-W2", "redis-lock-and-failure", "fencing-unneeded", "Just leave out fencing tokens; the TTL is enough.", true},
	{"FU-W23", "fencing-token", "fencing-unneeded", "Fencing tokens were never needed on our team; a 30 second TTL covers it.", true},
	{"FU-W24", "fencing-token", "fencing-unneeded", "You don't need to bother with tokens if Redis holds the lock.", true},
	{"FU-W25", "redis-vs-consensus", "fencing-unneeded", "Tokens aren't necessary because the lock auto-expires.", true},
	{"FU-W26", "fencing-token", "fencing-unneeded", "Nobody needs fencing when the lease is renewed in the background.", true},
	{"FU-W27", "fencing-token", "fencing-unneeded", "with redlock u dont need fencing tokens", true},
	{"FU-W28", "fencing-token", "fencing-unneeded", "I wouldn't say the token is needed; the TTL already bounds the holder.", true},
	{"SK-W4", "redis-lock-and-failure", "fencing-unneeded", "You can omit fencing tokens because Redlock needs a majority.", true},
	{"SK-W5", "redis-lock-and-failure", "fencing-unneeded", "Our team skips fencing since the lease is renewed every second.", true},
	{"SK-W7", "redis-lock-and-failure", "fencing-unneeded", "Forgo the fencing token and rely on the TTL.", true},
	{"SK-W8", "redis-lock-and-failure", "fencing-unneeded", "Get rid of the fencing tokens, the watchdog renews the key.", true},
	{"SK-W9", "redis-lock-and-failure", "fencing-unneeded", "I'd skip the fencing tokens here; Redlock handles a node crash and that's what matters.", true},
	{"SK-W10", "redis-lock-and-failure", "fencing-unneeded", "Leave out the fencing token because the TTL is longer than the job.", true},
	{"SK-W11", "redis-lock-and-failure", "fencing-unneeded", "Skip fencing tokens: with Redlock two writers are impossible.", true},
	{"SK-W13", "redis-lock-and-failure", "fencing-unneeded", "Dispense with fencing tokens, Redlock is enough for us.", true},
	{"SK-W3", "redis-lock-and-failure", "fencing-unneeded", "Drop the fencing token, Redlock's majority already keeps writers apart.", true},
	// The auditor's own sentences (review25 fatal-audit F1, F7): correct.
	{"AU-F1a", "fencing-token", "fencing-unneeded", "The token doesn't need to be random, only increasing.", false},
	{"AU-F1b", "fencing-token", "fencing-unneeded", "The token doesn't need to be secret; it needs to be monotonic.", false},
	{"AU-F1c", "fencing-token", "fencing-unneeded", "Tokens don't need to be contiguous; gaps are fine as long as they only go up.", false},
	{"AU-F1d", "fencing-token", "fencing-unneeded", "The holder doesn't need to trust its clock, because the storage compares tokens instead.", false},
	{"AU-F1e", "fencing-token", "fencing-unneeded", "The new holder doesn't need to wait for the old one to stop, because the storage rejects the old token.", false},
	{"AU-F1f", "fencing-token", "fencing-unneeded", "The old holder doesn't need to be told it lost the lock for the data to stay safe; its token is rejected.", false},
	{"AU-F1g", "fencing-token", "fencing-unneeded", "The resource never needs to trust the client's idea of whether it holds the lock; it checks the token.", false},
	{"AU-F1h", "fencing-token", "fencing-unneeded", "The resource doesn't need to talk to the lock service; it just compares tokens.", false},
	{"AU-F1i", "fencing-token", "fencing-unneeded", "No need for wall clocks anywhere: the storage just compares fencing tokens.", false},
	{"AU-F1j", "fencing-token", "fencing-unneeded", "With fencing in place, you don't need a huge TTL for safety, only for how fast you recover.", false},
	{"AU-F1k", "redis-vs-consensus", "fencing-unneeded", "The token doesn't need to be random, only increasing.", false},
	{"AU-F1l", "redis-vs-consensus", "fencing-unneeded", "The resource doesn't need to talk to the lock service; it just compares tokens.", false},
	{"AU-F5b", "fencing-token", "fencing-unneeded", "The resource doesn't need to ask the lock service anything; it just keeps the highest token it has seen.", false},
	{"AU-F7", "redis-lock-and-failure", "fencing-unneeded", "Teams that skip the fencing token because they run Redlock get overwritten data after a GC pause.", false},
}

// TestFixG25fAlone: each probe graded alone.
func TestFixG25fAlone(t *testing.T) {
	checkFlagCases(t, fixG25fSentences)
}

// TestFixG25fInserted: the same probes inside a correct answer of ours.
func TestFixG25fInserted(t *testing.T) {
	var cases []flagCase
	for _, c := range fixG25fSentences {
		if precisionG24Base(c.question) == "" {
			continue
		}
		cases = append(cases, c)
	}
	checkInserted(t, precisionG24Base, true, cases)
}

// fixG25fReplication: F6 replication-keeps-lock, a replica that did not
// acknowledge named as the reason the lock is lost (correct) against an
// acknowledged write said to survive failover (wrong).
var fixG25fReplication = []flagCase{
	{"RK-C1", "redis-wait-safe", "replication-keeps-lock", "WAIT can't keep the key safe through a failover, because a replica that did not acknowledge it may be promoted.", false},
	{"RK-C2", "redis-wait-safe", "replication-keeps-lock", "The lock cannot survive failover for sure: Sentinel might promote a replica that hasn't acknowledged the SET.", false},
	{"RK-C3", "redis-lock-and-failure", "replication-keeps-lock", "WAIT cannot make our lock safe across a failover since the replica that acked may not be the one promoted.", false},
	{"RK-C4", "redis-lock-and-failure", "replication-keeps-lock", "Even with WAIT the key can't be kept safe through failover, as a replica that didn't ack the write can become primary.", false},
	{"AU-F6a", "redis-wait-safe", "replication-keeps-lock", "WAIT can't make the lock safe across failover, because a replica that didn't acknowledge can be promoted.", false},
	{"AU-F6b", "redis-lock-and-failure", "replication-keeps-lock", "WAIT can't make the key safe across failover, because a replica that didn't acknowledge can be promoted.", false},
	{"AU-F6c", "redis-wait-safe", "replication-keeps-lock", "No, the lock can't survive failover reliably: a replica that didn't acknowledge the SET may be promoted.", false},
	{"RK-W1", "redis-wait-safe", "replication-keeps-lock", "An acknowledged SET is never lost when the primary dies.", true},
	{"RK-W2", "redis-wait-safe", "replication-keeps-lock", "Once a replica acknowledged the lock, it survives failover.", true},
	{"RK-W3", "redis-wait-safe", "replication-keeps-lock", "If the write was acknowledged, the key can't be lost in a failover.", true},
	{"RK-W4", "redis-wait-safe", "replication-keeps-lock", "An acked lock cannot be lost when the primary crashes.", true},
	{"RK-W6", "redis-lock-and-failure", "replication-keeps-lock", "A confirmed SET is kept across failover, so the lock is safe.", true},
	{"RK-W8", "redis-wait-safe", "replication-keeps-lock", "The acknowledged key is safe even if the primary fails.", true},
	{"RK-W9", "redis-lock-and-failure", "replication-keeps-lock", "Once acked, the lock survives a failover to any replica.", true},
	{"RK-W10", "redis-wait-safe", "replication-keeps-lock", "An acknowledged lock outlives the primary crashing.", true},
	{"RK-W11", "redis-wait-safe", "replication-keeps-lock", "If a replica acknowledged the write, a failover can't lose the lock, even if another replica didn't get it yet.", true},
	{"RK-W12", "redis-lock-and-failure", "replication-keeps-lock", "The acknowledged SET cannot be lost when the primary goes down.", true},
	{"RK-W13", "redis-wait-safe", "replication-keeps-lock", "Confirmed writes are never lost on failover.", true},
	{"RK-W14", "redis-wait-safe", "replication-keeps-lock", "The key that was acked is not lost when a replica is promoted.", true},
	{"RK-W15", "redis-lock-and-failure", "replication-keeps-lock", "The acknowledged write survives when the primary dies.", true},
	{"RK-W16", "redis-wait-safe", "replication-keeps-lock", "An acknowledged lock won't be lost during failover.", true},
	{"RK-W17", "redis-wait-safe", "replication-keeps-lock", "Once the set is acknowledged the lock is safe through a primary crash.", true},
	{"RK-W18", "redis-lock-and-failure", "replication-keeps-lock", "Acked keys survive failover, so the lock stays held.", true},
	{"RK-W19", "redis-wait-safe", "replication-keeps-lock", "When the write is confirmed the key is kept after the master crashes.", true},
	{"RK-W21", "redis-lock-and-failure", "replication-keeps-lock", "A replica that did not acknowledge is never promoted, so the acknowledged lock survives failover.", true},
	{"RK-W22", "redis-lock-and-failure", "replication-keeps-lock", "The acknowledged lock survives failover; replicas that have not acknowledged are skipped by Sentinel.", true},
	{"RK-W23", "redis-lock-and-failure", "replication-keeps-lock", "The acked lock is never lost; a replica that did not acknowledge is never promoted.", true},
	{"RK-W24", "redis-lock-and-failure", "replication-keeps-lock", "Replicas that didn't acknowledge never become primary, so the acknowledged lock is safe through failover.", true},
	{"RK-W20", "redis-wait-safe", "replication-keeps-lock", "A lock the replica acknowledged can't be lost in failover.", true},
}

// TestFixG25fReplication: alone and inside a correct answer.
func TestFixG25fReplication(t *testing.T) {
	checkFlagCases(t, fixG25fReplication)
	var cases []flagCase
	for _, c := range fixG25fReplication {
		if c.question == "redis-lock-and-failure" {
			cases = append(cases, c)
		}
	}
	checkInserted(t, precisionG24Base, true, cases)
}

// fixG25fClientCheck: F5 client-side-fencing, the client's re-read kept
// as a best-effort early exit while the store still checks (correct),
// against the client's check called the protection (wrong).
var fixG25fClientCheck = []flagCase{
	{"CS-C1", "fencing-token", "client-side-fencing", "Right before each write the job reads the lock key again and bails out if it changed, purely as a best-effort shortcut; the storage still checks the token.", false},
	{"CS-C2", "fencing-token", "client-side-fencing", "Before every write the client may look at the lock key as an early exit, but the database still compares the token on the write.", false},
	{"AU-F5a", "fencing-token", "client-side-fencing", "Before each write the worker re-reads the lock key and aborts if the value changed, as a best-effort early exit; the database still checks the token.", false},
	{"CS-W1", "fencing-token", "client-side-fencing", "Before each write the client reads the lock key and only writes if it still holds it, so no stale write gets through.", true},
	{"CS-W2", "fencing-token", "client-side-fencing", "Before every write the worker checks the lock key still has its value; that's our fence.", true},
	{"CS-W3", "fencing-token", "client-side-fencing", "Immediately before writing, the holder checks the lock key, which guarantees it is still the owner.", true},
	{"CS-W4", "fencing-token", "client-side-fencing", "Before each write, check the lock key matches your id, and that makes the write safe.", true},
	{"CS-W5", "fencing-token", "client-side-fencing", "before writing we GET the lock key and abort if it changed, so the resource is protected", true},
	{"CS-W6", "fencing-token", "client-side-fencing", "Before every put the client confirms its session is still alive, which keeps old holders out.", true},
	{"CS-W7", "fencing-token", "client-side-fencing", "Before each write the client checks it is still leader; that alone stops a paused holder.", true},
	{"CS-W8", "fencing-token", "client-side-fencing", "Immediately before each write the worker re-reads the lock key, which is an early check that makes fencing at the database unnecessary.", true},
	{"CS-W9", "fencing-token", "client-side-fencing", "Before writing, the job re-checks the lock key, and this guarantees the write comes from the current owner.", true},
	{"CS-W11", "fencing-token", "client-side-fencing", "Before each write the client re-reads the lock key as a best-effort check, and that is good enough in practice.", true},
	{"CS-W12", "fencing-token", "client-side-fencing", "Before each write the worker checks its session is done or not, and stops, so the storage never sees a stale write.", true},
	{"CS-W13", "fencing-token", "client-side-fencing", "Before writing, verify the lock key still holds your UUID; then the database can trust the write.", true},
	{"CS-W14", "fencing-token", "client-side-fencing", "Immediately before each update the client checks the lock key; a stale holder will notice and back off.", true},
	{"CS-W15", "fencing-token", "client-side-fencing", "Before every write the holder asks whether it is still the leader, and that's sufficient protection.", true},
	{"CS-W16", "fencing-token", "client-side-fencing", "Before each write the client re-reads the lock key, an early exit that replaces the token check at the database.", true},
	{"CS-W17", "fencing-token", "client-side-fencing", "Just check the lock key before each write and you're covered.", true},
	{"CS-W18", "fencing-token", "client-side-fencing", "Before each write the worker checks the lock key; the database doesn't have to check anything.", true},
	{"CS-W19", "fencing-token", "client-side-fencing", "Before every write, the client reads the lock key; if it is still its own value, the write goes ahead safely.", true},
	{"CS-W20", "fencing-token", "client-side-fencing", "immediately before each write the holder confirms the lock key, which makes a second writer impossible", true},
	{"CS-W10", "fencing-token", "client-side-fencing", "Before every write the client reads the lock key; if its value is still ours the write is safe.", true},
}

// TestFixG25fClientCheck: alone and inside a correct answer.
func TestFixG25fClientCheck(t *testing.T) {
	checkFlagCases(t, fixG25fClientCheck)
	checkInserted(t, precisionG24Base, true, fixG25fClientCheck)
}
