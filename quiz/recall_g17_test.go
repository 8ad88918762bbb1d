package quiz_test

import "testing"

// The tests in this file hold the losing claims that the validation
// writers AV and AW (and, for two of them, the tuning writers) made under
// g16 without raising a red flag (recall17), grouped by the claim: each
// widened pattern, and the new flag network-drops-duplicates, is written
// in wordings of our own, beside near-misses that must not flag (the
// correct counterpart, the claim denied, questioned or narrowed). None of
// the sentences is a corpus answer.

// TestEtcdRefusesExpiredG17 holds etcd said to turn away, on its own, the
// writes of a client whose lease ran out.
func TestEtcdRefusesExpiredG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"etcd won't apply a deposed leader's puts", "etcd-revision-guard", "etcd-refuses-expired",
			"etcd won't apply a deposed leader's puts once its session is gone.", true},
		{"a write whose session has expired gets refused", "etcd-revision-guard", "etcd-refuses-expired",
			"Any write whose session has expired gets refused on the server side, so nothing more is needed.", true},
		{"the stale leader's writes simply fail", "etcd-revision-guard", "etcd-refuses-expired",
			"The stale leader's writes simply fail on their own after the session lapses.", true},
		{"the server stops accepting puts from a deposed instance", "etcd-revision-guard", "etcd-refuses-expired",
			"The server stops accepting puts from a deposed instance as soon as its session ends.", true},

		{"near-miss: etcd still applies the plain Put", "etcd-revision-guard", "etcd-refuses-expired",
			"etcd still applies a plain Put from the deposed leader after its lease expired; only a Txn comparing the lock key's revision refuses it.", false},
		{"near-miss: a Put attaching the expired lease is refused", "etcd-revision-guard", "etcd-refuses-expired",
			"A Put that attaches the expired lease ID is refused, but a plain Put from the same client lands.", false},
		{"near-miss: that etcd won't take the writes called a myth", "etcd-revision-guard", "etcd-refuses-expired",
			"It is a myth that etcd won't accept writes from the deposed leader: it applies every plain Put it gets.", false},
		{"near-miss: the Txn fails on its compare", "etcd-revision-guard", "etcd-refuses-expired",
			"The deposed leader's Txn fails, because its compare on the create revision fails.", false},
	})
}

// TestReadThenPutCalledEquivalentG17 holds a read of the lock key and a
// separate write called as good as the guarded transaction.
func TestReadThenPutCalledEquivalentG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"reading the key then a plain Put is equivalent", "etcd-revision-guard", "check-then-act-safe",
			"Reading the lock key and then doing a plain Put is equivalent for the less important keys.", true},
		{"linearizable reads, so reading then writing is safe", "etcd-revision-guard", "check-then-act-safe",
			"etcd reads are linearizable, so reading the owner key first and writing right after is safe.", true},
		{"a get and then a put works the same", "etcd-revision-guard", "check-then-act-safe",
			"For routine writes a get and then a put works the same as the guarded one.", true},

		{"near-miss: not equivalent, the leader can pause between", "etcd-revision-guard", "check-then-act-safe",
			"A Get followed by a separate Put is not equivalent: the leader can pause between them.", false},
		{"near-miss: linearizable reads still race with the write", "etcd-revision-guard", "check-then-act-safe",
			"etcd is linearizable, yet a read followed by a write still races; only a Txn compares and writes in one step.", false},
		{"near-miss: the question, answered no", "etcd-revision-guard", "check-then-act-safe",
			"Is a Get and then a Put as safe as the transaction? No, the gap between them lets a stale write land.", false},
	})
}

// TestCheckDoneByHolderG17 holds the fencing check handed to the holder
// by name.
func TestCheckDoneByHolderG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the epoch check is performed by the client", "fencing-in-real-systems", "client-side-fencing",
			"Across these systems the epoch check is performed by the client itself, right before it writes.", true},
		{"comparing the epoch is the holder's job", "fencing-in-real-systems", "client-side-fencing",
			"Comparing the epoch is the holder's job: it confirms the number is current and then writes.", true},
		{"the check is made by the leader", "fencing-in-real-systems", "client-side-fencing",
			"The check is made by the leader just before it sends each write.", true},

		{"near-miss: done by the storage, not the holder", "fencing-in-real-systems", "client-side-fencing",
			"The check is done by the storage, not by the holder: it refuses any write with an older epoch.", false},
		{"near-miss: never done by the client", "fencing-in-real-systems", "client-side-fencing",
			"The check is never done by the client; the journal nodes compare the epoch themselves.", false},
		{"near-miss: the holder's check is an optimisation", "fencing-in-real-systems", "client-side-fencing",
			"A check made by the holder is only an optimisation; the resource must still reject stale epochs.", false},
	})
}

// TestTimeoutKeepsCallInLeaseG17 holds a lease longer than the client
// timeout sold as keeping the call inside the lease.
func TestTimeoutKeepsCallInLeaseG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a lease of three timeouts, never still mid-call when it lapses", "unfenceable-resource", "timeout-bounds-call",
			"With a lease of three HTTP timeouts, a caller can never still be mid-call by the time it lapses.", true},
		{"the call can't outlive the lock", "unfenceable-resource", "timeout-bounds-call",
			"The client gives up at its timeout and the TTL is longer, so the call can't outlive the lock.", true},
		{"a TTL a few times the timeout closes the gap", "unfenceable-resource", "timeout-bounds-call",
			"Keep the TTL a few times the client timeout, which closes the gap between the lease and the call.", true},
		{"the deadline under the lease, the PSP never executes past it", "unfenceable-resource", "timeout-bounds-call",
			"The HTTP deadline sits under the lease, and the PSP never executes a payment past the lease's end.", true},

		{"near-miss: a timeout does not mean it can never still be calling", "unfenceable-resource", "timeout-bounds-call",
			"A client timeout does not mean the holder can never still be calling after its lease expires: it can pause before sending.", false},
		{"near-miss: the provider may still charge", "unfenceable-resource", "timeout-bounds-call",
			"Even with a TTL a few times the timeout, the provider may still process a charge after the lease is gone.", false},
		{"near-miss: it only narrows the gap", "unfenceable-resource", "timeout-bounds-call",
			"A TTL longer than the timeout only narrows the gap; the idempotency key closes it.", false},
		{"near-miss: still calling after expiry, timeout or not", "unfenceable-resource", "timeout-bounds-call",
			"The holder can still be calling after its lease expires, timeout or not.", false},
	})
}

// TestLeasesCannotDeadlockG17 holds leased locks said to be unable to
// deadlock.
func TestLeasesCannotDeadlockG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"every lease expires, so the transfers cannot deadlock", "deadlock-ordering", "ttl-as-safety",
			"Two transfers waiting on each other cannot deadlock here, since every lease expires.", true},
		{"with a TTL the transfers never get stuck", "deadlock-ordering", "ttl-as-safety",
			"With a TTL on every lock the transfers never get stuck: one lease lapses and the other carries on.", true},
		{"every lock has an expiry, so they won't deadlock", "deadlock-ordering", "ttl-as-safety",
			"Because every lock has an expiry, our locks won't deadlock.", true},

		{"near-miss: not forever, but a second holder gets in", "deadlock-ordering", "ttl-as-safety",
			"A TTL means the two transfers can't deadlock forever, but the expiry lets a second holder in while the first still runs.", false},
		{"near-miss: the order prevents it, the TTL is for crashes", "deadlock-ordering", "ttl-as-safety",
			"Take the locks in account-id order so they can't deadlock; the TTL is only for crashed holders.", false},
		{"near-miss: leased locks deadlock too", "deadlock-ordering", "ttl-as-safety",
			"Even with a lease on each lock, two transfers can deadlock until one of them expires mid-transfer.", false},
	})
}

// TestGuardPassedCoversStepG17 holds a guard that passed when a step
// began said to keep the job its worker's for the rest of the step, and
// the other stores said to need no token.
func TestGuardPassedCoversStepG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the guard went through, the worker still holds the job", "holder-id-guard", "fence-checked-once",
			"The guard went through at step start, so the worker still holds the job throughout the step.", true},
		{"the claim check passed, it still holds the claim", "holder-id-guard", "fence-checked-once",
			"Once the claim check has passed, the job still holds the claim until the step ends.", true},
		{"the guard matched at the start, still the owner for the whole step", "holder-id-guard", "fence-checked-once",
			"The guard matched at the start, so the worker is still the owner for the whole step.", true},
		{"no need to carry the token into the uploads", "holder-id-guard", "fence-covers-elsewhere",
			"There is no need to carry the token into the bucket uploads; the table guard is enough.", true},
		{"the warehouse needs no token of its own", "holder-id-guard", "fence-covers-elsewhere",
			"Loads into the warehouse need no token of their own; the jobs-table guard is what counts.", true},

		{"near-miss: passing once does not mean it still owns it", "holder-id-guard", "fence-checked-once",
			"A guard that passed at the start does not mean the worker still owns the job for the rest of the step: it can pause and be taken over.", false},
		{"near-miss: only if every write checks it", "holder-id-guard", "fence-checked-once",
			"The worker still owns the job for the rest of the step only if every write checks claim_seq.", false},
		{"near-miss: a key derived from the job needs no token", "holder-id-guard", "fence-covers-elsewhere",
			"S3 writes with a key derived from the job id don't need the token: a rerun overwrites the same object.", false},
		{"near-miss: the warehouse needs the token too", "holder-id-guard", "fence-covers-elsewhere",
			"The warehouse needs the token too, or a load that is idempotent on the job id.", false},
	})
}

// TestGuardMakesEffectsOnceG17 holds a guard on the job row, or a
// broker's exactly-once, said to keep effects elsewhere from repeating.
func TestGuardMakesEffectsOnceG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the attempt checked at completion, the e-mails never duplicated", "skip-locked-queue", "exactly-once-claim",
			"The attempt number is checked at completion, which means the e-mails it sends are never duplicated.", true},
		{"the heartbeat guard, API calls happen only once", "skip-locked-queue", "exactly-once-claim",
			"Since the lease is guarded on every heartbeat, the job's API calls happen only once.", true},
		{"exactly-once in the broker rules out double charges", "idempotency-keys", "exactly-once-claim",
			"Enabling exactly-once in the broker rules out double charges.", true},
		{"exactly-once delivery makes duplicate charges impossible", "idempotency-keys", "exactly-once-claim",
			"Exactly-once delivery in Kafka makes duplicate charges impossible.", true},

		{"near-miss: the effects can still happen twice", "skip-locked-queue", "exactly-once-claim",
			"The attempt check stops a stale completion, but the job's side effects can still happen twice, so the handler must be idempotent.", false},
		{"near-miss: only once if the handler is idempotent", "skip-locked-queue", "exactly-once-claim",
			"Side effects happen only once if the handler is idempotent; the attempt guard covers the job row alone.", false},
		{"near-miss: Kafka's exactly-once stops at Kafka", "idempotency-keys", "exactly-once-claim",
			"Kafka's exactly-once covers only reads and writes inside Kafka, not the charge, so duplicate charges are still possible.", false},
	})
}

// TestRowLockedAfterCommitG17 holds the row said to stay locked after
// the commit, the commit told first.
func TestRowLockedAfterCommitG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"after the commit the lock persists for your session", "row-lock", "row-lock-scope-wrong",
			"After the commit the lock persists for your session, so you can call the bank in between.", true},
		{"committing is fine, the record remains locked for the session", "row-lock", "row-lock-scope-wrong",
			"Committing is fine: the record remains locked for the session that took it until its next statement.", true},
		{"committed, the lock stays until your next update", "row-lock", "row-lock-scope-wrong",
			"Once the select has committed, the lock stays on the row until your next update.", true},

		{"near-miss: locked until you commit", "row-lock", "row-lock-scope-wrong",
			"The row stays locked until you commit or roll back, and not a moment longer.", false},
		{"near-miss: commit releases it", "row-lock", "row-lock-scope-wrong",
			"Commit releases the row lock; it does not stay locked for your process afterwards.", false},
		{"near-miss: only while the transaction is open", "row-lock", "row-lock-scope-wrong",
			"Lock the row, update it and commit: the row stays locked only while the transaction is open.", false},
	})
}

// TestPerCustomerLockApprovedG17 holds the per-customer lock approved, or
// retries said to bounce off it.
func TestPerCustomerLockApprovedG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a per-user lock is spot on", "idempotency-keys", "lock-instead-of-constraint",
			"Here a per-user lock is spot on.", true},
		{"duplicates bounce off the lock", "idempotency-keys", "lock-instead-of-constraint",
			"Duplicate requests bounce off the lock while the first payment is in flight.", true},
		{"retries bounce off the NX key", "idempotency-keys", "lock-instead-of-constraint",
			"Retries just bounce off the NX key and the client sees the first result.", true},

		{"near-miss: only while the first runs", "idempotency-keys", "lock-instead-of-constraint",
			"Retries bounce off the lock only while the first request runs; one that arrives after the release charges again.", false},
		{"near-miss: not the right tool", "idempotency-keys", "lock-instead-of-constraint",
			"A lock per customer is not the right tool: a retry after the release goes through.", false},
		{"near-miss: retries bounce off the unique constraint", "idempotency-keys", "lock-instead-of-constraint",
			"Retries bounce off the unique constraint on the idempotency key.", false},
	})
}

// TestNetworkDropsDuplicatesG17 holds the new flag network-drops-duplicates:
// the card network, the bank or a gateway trusted to refuse a repeated
// charge by itself.
func TestNetworkDropsDuplicatesG17(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the card schemes block a repeat of the same amount", "unfenceable-resource", "network-drops-duplicates",
			"Visa and Mastercard block a repeat of the same amount on their own, so no key is needed.", true},
		{"the bank rejects a duplicate on its own", "unfenceable-resource", "network-drops-duplicates",
			"The bank rejects a duplicate charge on its own, so the stale holder is harmless.", true},
		{"the acquirer already drops duplicate charges", "idempotency-keys", "network-drops-duplicates",
			"Our acquirer already drops duplicate charges for us, so the key table can go.", true},
		{"a double charge gets declined by the issuer", "idempotency-keys", "network-drops-duplicates",
			"A double charge gets declined by the issuer, so the retry is harmless.", true},

		{"near-miss: the networks do not decline it", "unfenceable-resource", "network-drops-duplicates",
			"The card networks do not decline a second identical charge: two equal purchases are normal.", false},
		{"near-miss: only a repeated idempotency key is dropped", "unfenceable-resource", "network-drops-duplicates",
			"The provider drops a repeat only when it carries the same idempotency key.", false},
		{"near-miss: an optional gateway check we can't rely on", "idempotency-keys", "network-drops-duplicates",
			"Some gateways already block a duplicate by amount as an optional fraud rule, but we can't rely on it, so we send our own key.", false},
	})
}

// TestRecallG17ClaimsSetAside holds the widened claims reported, called
// a myth, questioned or narrowed in words of our own: none of them flags.
func TestRecallG17ClaimsSetAside(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a timeout can't guarantee it", "unfenceable-resource", "timeout-bounds-call",
			"A timeout can't guarantee that the holder is never still calling once the lease lapses.", false},
		{"no timeout guarantees it", "unfenceable-resource", "timeout-bounds-call",
			"No timeout guarantees the call can't outlive the lock.", false},
		{"a longer TTL cannot close the gap", "unfenceable-resource", "timeout-bounds-call",
			"A TTL above the timeout cannot close the gap: the holder can pause before it sends.", false},
		{"leases that can't deadlock called a myth", "deadlock-ordering", "ttl-as-safety",
			"It's a myth that leased locks can't deadlock; the expiry just lets a second holder in.", false},
		{"the row locked past commit, reported and judged", "row-lock", "row-lock-scope-wrong",
			"People assume that after commit the row stays locked until your next update, which is wrong.", false},
		{"the check by the client, reported as a race", "fencing-in-real-systems", "client-side-fencing",
			"Some teams say the check is done by the client, but that is a race.", false},
		{"no token for S3 only under a condition", "holder-id-guard", "fence-covers-elsewhere",
			"Writes to S3 don't need the token only if each object key is derived from the job and rewritten whole.", false},
		{"the card networks' dedupe questioned", "unfenceable-resource", "network-drops-duplicates",
			"Do the card networks automatically decline an identical second charge? They don't.", false},
	})
}
