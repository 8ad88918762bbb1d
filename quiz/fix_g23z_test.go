package quiz_test

import "testing"

// fixG23zBases are correct answers of our own, each a clean pass, for the
// questions of adversarial review Z of the g23 session.
var fixG23zBases = map[string]string{
	"outbox-pattern":       "No lock can make the database commit and the Kafka publish one atomic step: that is a dual write, and either side can fail after the other succeeded. Write the status change and an outbox row in one PostgreSQL transaction, and let a relay read the outbox and publish to Kafka, marking the rows sent afterwards. Delivery is then at least once, so consumers deduplicate by event id.",
	"session-suspended":    "On SUSPENDED I stop the protected work at once and treat the lock as possibly lost until RECONNECTED, when I check that my session and lock node still exist. The session may still be alive or already expired on the server, and after LOST another client may hold the lock. The event can arrive late, since a GC pause can stop the process before it sees it, so the store also checks a fencing token such as the lock node's zxid and rejects stale writers.",
	"unfenceable-resource": "If the API takes an idempotency key, send the same key on every retry of one logical operation, so a duplicate call from a paused holder is not charged twice. Otherwise put a gatekeeper service in front of the API that checks fencing tokens, or wait out a lock delay after expiry before anyone else may acquire. Each of these still rests on timing: a lock delay assumes the pause is shorter than the delay, and no timeout can guarantee the old holder has stopped.",
}

func fixG23zBase(q string) string {
	if s, ok := fixG23zBases[q]; ok {
		return s
	}
	return fixG23bBases[q]
}

// TestFixG23zInserted: the correct sentences adversarial review Z found
// newly flagged by the session's patterns (MUST FIX 1, eight sentences)
// and close variants of our own, put into a correct answer, raise no flag
// of the family; the two lost claims (MUST FIX 2) and a wrong claim of our
// own per family are still flagged. Each pattern was narrowed, none widened.
func TestFixG23zInserted(t *testing.T) {
	checkInserted(t, fixG23zBase, true, []flagCase{
		// etcd-refuses-expired: the storage refusing a write whose token is
		// lower is fencing at the resource, not etcd refusing a dead holder.
		{"review R2-ER-C1", "etcd-revision-guard", "etcd-refuses-expired", "The storage server rejects the stale holder's write because its token is lower than the last one seen.", false},
		{"review R2-ER-C2", "etcd-revision-guard", "etcd-refuses-expired", "Our database server rejects any write whose token is lower, no matter which client sent it.", false},
		{"correct e1", "etcd-revision-guard", "etcd-refuses-expired", "The database refuses the old holder's write, since its fencing number is lower than one it already saw.", false},
		{"correct e2", "etcd-revision-guard", "etcd-refuses-expired", "A storage server that keeps the highest epoch rejects every write with a lower one, whichever client sent it.", false},
		{"claim e3", "etcd-revision-guard", "etcd-refuses-expired", "After the lease is gone, the etcd cluster rejects the old leader's writes no matter what revision they carry.", true},
		{"claim e4", "etcd-revision-guard", "etcd-refuses-expired", "etcd refuses writes from the expired holder, so the deposed leader is harmless.", true},
		// ttl-as-safety: expiry proving only that renewals stopped, and making
		// sure by fencing the old worker off, are not a timer sold as proof.
		{"review R2-TS-C3", "choose-ttl", "ttl-as-safety", "Expiry of the lease proves only that the old holder stopped renewing.", false},
		{"review R2-TS-C4", "choose-ttl", "ttl-as-safety", "After expiry we make sure the old worker is dead by fencing it off at the storage.", false},
		{"correct t1", "choose-ttl", "ttl-as-safety", "A lapsed lease only proves the old holder stopped heartbeating, not that it stopped writing.", false},
		{"correct t2", "choose-ttl", "ttl-as-safety", "Once the lease expires we make sure the old holder is done by fencing its writes at the database.", false},
		{"claim t3", "choose-ttl", "ttl-as-safety", "Expiry of the lease proves the old holder stopped, so the next one can start.", true},
		{"claim t4", "choose-ttl", "ttl-as-safety", "The two-minute timeout makes sure the old worker is gone before anyone reclaims.", true},
		// extend-without-owner: a bare PEXPIRE inside WATCH/MULTI/EXEC, done
		// only if the key still holds my token, has its ownership check.
		{"review R2-EX-C1", "extend-lease", "extend-without-owner", "WATCH the key, GET it, and if it still holds my token, a bare PEXPIRE inside MULTI/EXEC is enough.", false},
		{"correct x1", "extend-lease", "extend-without-owner", "Under WATCH on the lock key, read the value; if the value still equals mine, a plain EXPIRE in the MULTI block is fine.", false},
		{"claim x2", "extend-lease", "extend-without-owner", "For the renewal, a bare PEXPIRE sent by the worker is enough.", true},
		// wall-clock: clocks that can disagree under NTP are the hazard named;
		// the storage's commit log is the right order.
		{"review R2-WC-C2", "two-holders", "wall-clock", "To order the writes I line up the storage's commit log, because the hosts' clocks under NTP can disagree.", false},
		{"correct w1", "two-holders", "wall-clock", "I would order the writes from the database's commit log, because hosts synced by NTP still disagree by milliseconds.", false},
		{"claim w2", "two-holders", "wall-clock", "We order the writes by the hosts' timestamps, because NTP keeps their clocks in sync.", true},
		// sequence-commit-order: the order promised only under one writer.
		{"review R2-SQ-C1", "outbox-pattern", "sequence-commit-order", "Sequence values are handed out in commit order only when a single writer inserts at a time.", false},
		{"correct s1", "outbox-pattern", "sequence-commit-order", "Sequence numbers are issued in commit order as long as one session inserts the rows.", false},
		{"claim s2", "outbox-pattern", "sequence-commit-order", "The relay can read by id, because sequence values are assigned in commit order.", true},
		{"claim s3", "outbox-pattern", "sequence-commit-order", "Sequence values are handed out in commit order only when needed, so reading by id is fine.", true},
		// work-after-lost-lease: carrying on regardless told as what the code
		// will do, and why the storage must check the token.
		{"review R2-WL-C2", "session-suspended", "work-after-lost-lease", "Even when the heartbeat has failed, the code will continue processing regardless until it next checks, which is why the storage must check the token.", false},
		{"correct l1", "session-suspended", "work-after-lost-lease", "When a renewal fails, the worker may keep running anyway until its next check, which is why every write carries a fencing token.", false},
		{"claim l2", "session-suspended", "work-after-lost-lease", "If the heartbeat failed, just keep processing regardless; the successor has to wait anyway.", true},
		// idempotency-key-fences: the key itself said to fence or refuse the
		// stale holder still claims it, whatever is said of the second charge.
		{"review R2-IF-W1", "unfenceable-resource", "idempotency-key-fences", "The idempotency key fences the stale holder: a second payment, whoever sends it, is refused.", true},
		{"review R2-IF-W2", "unfenceable-resource", "idempotency-key-fences", "Idempotency keys reject stale workers' calls, any second charge no matter who sends it.", true},
		{"claim i1", "unfenceable-resource", "idempotency-key-fences", "Our idempotency key refuses the zombie's requests, and any second debit, whoever sends it.", true},
		{"correct i2", "unfenceable-resource", "idempotency-key-fences", "The idempotency key blocks a second charge whoever sends it, a stale holder included, but it is no fence for a different call.", false},
	})
}

// TestFixG23zAlone: two of the review's sentences were flagged only when
// graded on their own, as a one-sentence answer; graded alone they now
// raise no flag of the family.
func TestFixG23zAlone(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"review R2-TS-C4", "choose-ttl", "ttl-as-safety", "After expiry we make sure the old worker is dead by fencing it off at the storage.", false},
		{"review R2-WL-C2", "session-suspended", "work-after-lost-lease", "Even when the heartbeat has failed, the code will continue processing regardless until it next checks, which is why the storage must check the token.", false},
		{"claim t4", "choose-ttl", "ttl-as-safety", "The two-minute timeout makes sure the old worker is gone before anyone reclaims.", true},
	})
}
