package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// The tests in this file hold, in sentences of our own, the families of
// losing claims that passed unflagged inside otherwise good answers of the
// blind writers under g13 (validation writers AM and AN, and the same
// claims among the tuning writers): one dangerous claim in a strong answer.
// Each family is written in several wordings; beside it stand near-misses
// that must not flag (the correct counterpart, the claim rejected or
// narrowed, the fix named), and TestStrongAnswersNearG14Claims holds whole
// strong answers that mention each topic and must still pass. None of these
// sentences is a corpus answer.

// lockFirst opens every deadlock-ordering case with the right order, so
// only the sentence after it is on trial.
const lockFirst = "Sort the ids and lock the lower account first. "

// TestLocksMakeAtomicG14 holds the claim that holding both locks makes the
// debit and the credit atomic or keeps them consistent through a crash,
// with the verb and its object between "locks" and "atomic", or with the
// consistency credited to the locks.
func TestLocksMakeAtomicG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"the locks make them atomic", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "With both locks held the debit and the credit can be two separate writes: the locks make them atomic, so a crash in between leaves nothing inconsistent.", true},
		{"the two locks make the pair atomic", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "The two locks make the pair of updates atomic.", true},
		{"consistent through a crash because both accounts are locked", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "Because both accounts are locked, a crash halfway through cannot leave them inconsistent.", true},
		{"the locks guarantee nobody sees a half-finished transfer", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "If the process crashes between the debit and the credit, the locks guarantee that nobody sees a half-finished transfer, so it is consistent.", true},
		{"the locks keep the balances consistent through a crash", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "The locks make sure the balances stay consistent even when the process crashes mid-transfer.", true},
		{"no transaction needed with the two locks in hand", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "With the two locks in hand, no transaction or compensation is needed.", true},

		{"near-miss: the locks denied to make the writes atomic", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "Holding both locks does not make the two writes atomic: if the process crashes between the debit and the credit, money disappears, so do both in one database transaction.", false},
		{"near-miss: atomicity from the transaction", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "The locks keep other transfers out, but atomicity comes from the database transaction around the debit and the credit.", false},
		{"near-miss: both locks held, then one transaction", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "Once both locks are held, run the debit and the credit in one transaction so the pair is atomic.", false},
		{"near-miss: the claim named as a mistake", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "A common mistake is to think the two locks make the transfer atomic; a crash between the writes still loses money.", false},
		{"near-miss: the database change made all-or-nothing, the locks only keep others out", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "I'd make the debit and the credit one all-or-nothing database change, so the locks only keep other transfers out of the way.", false},
		{"near-miss: a crash under the locks loses money", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "If the process dies while holding the locks after the debit, the money is lost unless the two writes share a transaction.", false},
		{"near-miss: the locks keep the updates consistent with others, the transaction makes them atomic", "deadlock-ordering", "locks-make-atomic",
			lockFirst + "The locks keep the two updates consistent with respect to other transfers, and the transaction makes them atomic.", false},
	})
}

// TestStrongAnswersNearG14Claims holds whole strong answers of our own,
// one per question above, each naming the topic of a g14 claim in its
// correct form: they must pass with no flag.
func TestStrongAnswersNearG14Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text string }{
		{"deadlock-ordering", "Two transfers in opposite directions can deadlock: each holds one account's lock and waits for the other's. I would always lock the lower account id first, whatever the direction, so no cycle can form; or try both locks with a timeout and, on failure, release everything and retry after a random delay. Leases add a twist: a lease that expires while its holder waits ends the deadlock, but the holder then works under a lock it no longer holds, so the writes still need fencing. The locks do not make the debit and the credit atomic: a crash between them loses money. If both accounts live in one database, I would drop the external locks and use one transaction that locks both rows in id order, and the database detects any deadlock and aborts one side to retry."},
		{"redlock-operations-q", "I would insist on five independent masters with no replicas, persistence with fsync on every write or a restart delay longer than the longest TTL, and clocks that slew rather than jump. A client that fails to reach a majority releases on every node, retries after a random delay, and extensions are capped. What it still cannot do: a client can pause past its validity and write late, and Redlock hands out no ordered token, only a random value per client, so the resource cannot refuse the stale write. For correctness the resource needs a fencing token from a consensus store or a conditional write of its own."},
		{"avoid-the-lock", "I would skip the lock when a duplicate only wastes work, since an efficiency lock or none is fine then. When correctness matters, let the data decide: a unique constraint makes the second insert fail, and a conditional update such as UPDATE accounts SET balance = balance - 10 WHERE id = 7 AND balance >= 10 lets exactly one writer win, because the database serialises the single statement. A read in the application followed by a separate write would lose updates even though each write is atomic. Idempotent operations and one owner per partition also remove the need. A lock adds a dependency and without fencing gives no correctness anyway."},
		{"holder-id-guard", "The reclaim condition is a ten-minute lease in SQL, and owner = $me compares who holds the claim, not which claim it is. A restarted pod keeps its name, so the same owner can claim the job again after its claim lapsed, and a delayed write from the first claim still matches. I would add a claim epoch that every claim increments and returns, and guard each write with WHERE id = $1 AND claim_epoch = $2. That fences only the database: the S3 uploads and e-mails need their own guard, an idempotency key derived from the job, and the job must be idempotent because some work can run twice."},
		{"optimistic-concurrency", "That is a lost update from a blind read-modify-write. I would add a version column and save with UPDATE documents SET body = $1, version = version + 1 WHERE id = $2 AND version = $3. If no row changed, someone saved in between, so the client reloads the document, shows the user both versions and lets them merge before saving again; it never just resends the same body with the new version, which would overwrite the other edit. Over HTTP the same check is an ETag with If-Match and a 412 on a mismatch. No lease and no clock are involved, and under heavy contention on one record retries pile up."},
		{"skip-locked-queue", "Each worker claims a job in a short transaction with FOR UPDATE SKIP LOCKED, sets it running, bumps its attempt number, sets visible_at five minutes ahead and commits. SKIP LOCKED makes workers pass over rows others are claiming. Once the claim commits no row lock is left, and nothing hands the job back by itself when its worker dies: the visibility timeout makes it claimable again. That is a lease, so a stalled worker can wake up beside a new one; completion is guarded by the attempt number, not the worker id, and the handler must be idempotent because some work can run twice."},
		{"unfenceable-resource", "First I would use the provider's idempotency key, derived from the order id rather than the lock grant, so a stale holder and the new one send the same key and only one charge happens. Where the target supports it, a conditional write such as If-Match does the same. Otherwise a gatekeeper service of ours checks the fencing token and forwards only the current holder's calls, if it is the only path. Checking the lease right before the call narrows the window but never closes it completely, since the holder can pause after the check. Lock-delay holds the lock back for a while after a failure, which assumes bounded delays, and STONITH cuts the old node off before failover."},
		{"two-holders", "I would build the timeline from the lock server's records and the fencing tokens, not the workers' clocks. Then check whether the lease expired mid-work: compare the tail of critical-section durations with the TTL and look for GC pauses. Look for a plain DEL without a value check in the release, and for SETNX then EXPIRE in the acquire path. Did Redis fail over and lose the key? Even a correctly implemented lease lock can have two holders when a holder pauses past its TTL, so a longer TTL only makes it rarer; fencing tokens checked by the storage make it harmless."},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %q", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if !r.Passed || len(r.FlagIDs()) > 0 {
			t.Errorf("%s: passed=%v score %.2f flags %v, want a pass with no flag\n\t%s", c.question, r.Passed, r.Score, r.FlagIDs(), c.text)
		}
	}
}
