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

// fiveMasters opens every Redlock case with sound operational rules.
const fiveMasters = "Insist on five independent masters and slewing clocks. "

// TestRedlockIssuesTokenG14 holds the claim that Redlock hands out a
// fencing token (it hands out none), and the lock's random value sold as
// the fence because it is unique per acquisition. Near-misses deny the
// token, keep the random value for the release, or credit a consensus
// store's counter.
func TestRedlockIssuesTokenG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"each acquisition returns an increasing token", "redlock-operations-q", "redlock-issues-token",
			fiveMasters + "Pauses are handled, because each Redlock acquisition returns a monotonically increasing token that the database checks.", true},
		{"Redlock gives a fencing token with every grant", "redlock-operations-q", "redlock-issues-token",
			fiveMasters + "Redlock gives you a fencing token with every grant, so the resource can reject a stale holder.", true},
		{"Redlock also provides fencing", "redlock-operations-q", "redlock-issues-token",
			fiveMasters + "Redlock also provides fencing: the quorum hands each winner a higher token than the last.", true},
		{"a Redlock acquire comes with an ordered token", "redlock-operations-q", "redlock-issues-token",
			fiveMasters + "Each successful Redlock acquire comes with an ordered token, so writes from a paused client get rejected.", true},
		{"the majority agrees on Redlock's increasing number", "fencing-token", "redlock-issues-token",
			"With Redlock the majority agrees on an increasing lock number, which we pass to the storage as the fencing token.", true},

		{"we fence with the random lock value", "redlock-operations-q", "random-fencing-token",
			fiveMasters + "It can't stop a paused client, so we fence with the random lock value: the database rejects any write whose value differs from the current one.", true},
		{"the unique random value also works as the token", "redlock-operations-q", "random-fencing-token",
			fiveMasters + "The random value is unique per acquisition, so it also works as our fencing token.", true},
		{"the resource stores the random value and refuses others", "redlock-operations-q", "random-fencing-token",
			fiveMasters + "Since every acquisition writes a unique random value, the resource can store it and refuse writes carrying an older value.", true},

		{"near-miss: Redlock hands out no token", "redlock-operations-q", "redlock-issues-token|random-fencing-token",
			fiveMasters + "Redlock hands out no fencing token, so the resource needs a counter of its own.", false},
		{"near-miss: random values cannot serve as tokens", "redlock-operations-q", "redlock-issues-token|random-fencing-token",
			fiveMasters + "Redlock's random values are not ordered, so they cannot serve as fencing tokens; use a counter from a consensus store.", false},
		{"near-miss: unlike etcd, only a random value", "redlock-operations-q", "redlock-issues-token|random-fencing-token",
			fiveMasters + "Unlike etcd, whose revision is a fencing token, Redlock gives you only a random value.", false},
		{"near-miss: what it cannot give", "redlock-operations-q", "redlock-issues-token|random-fencing-token",
			fiveMasters + "What it still cannot do is give a monotonic token, so a paused client can write late unless the resource checks a version of its own.", false},
		{"near-miss: the random value is for the release", "redlock-operations-q", "redlock-issues-token|random-fencing-token",
			fiveMasters + "The random value is there so that release only deletes your own key; for fencing you need a counter.", false},
		{"near-miss: a consensus quorum's counter", "redis-vs-consensus", "redlock-issues-token",
			"etcd and ZooKeeper commit each grant through a quorum and give you a monotonic revision or zxid to use as the fencing token.", false},
		{"near-miss: Redlock's grant, then a token from the database", "fencing-token", "redlock-issues-token",
			"Redlock issues each client a lock that expires, so the fencing token has to come from the database.", false},
		{"near-miss: Redlock fine for efficiency, token for correctness", "redlock-operations-q", "redlock-issues-token",
			fiveMasters + "Redlock provides a lock that is fine for efficiency; for correctness add a fencing token checked by the resource.", false},
		{"near-miss: Redlock's availability, the resource's token", "redis-vs-consensus", "redlock-issues-token",
			"Redlock offers better availability than a single instance; the resource should still check a fencing token.", false},
		{"near-miss: Redlock's validity time, the storage's sequence", "redlock-operations-q", "redlock-issues-token",
			fiveMasters + "Redlock returns a validity time with each grant, and that is all; a monotonic token from the storage's own sequence protects the writes.", false},
		{"near-miss: an acquire returns OK, the token from a counter", "redis-lock-and-failure", "redlock-issues-token",
			"Whether you use Redlock or a single Redis, each acquire returns OK and nothing more, so the fencing token must come from a counter in the storage.", false},
		{"near-miss: the lock service's increasing token", "fencing-token", "redlock-issues-token|random-fencing-token",
			"The lock service gives each grant an increasing token, and the storage rejects any write with a lower one.", false},
	})
}

// TestRMWSafeByAtomicWritesG14 holds the claim that a read-modify-write
// done in the application is safe because each write is atomic or the
// database applies writes one at a time. Near-misses put the arithmetic in
// one statement or say the read still races.
func TestRMWSafeByAtomicWritesG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"read, add in the app, write back: one write at a time", "avoid-the-lock", "isolation-prevents-race",
			"Skip the lock for counters: read the value, add one in the app and write it back, since the database applies one write at a time and nothing gets lost.", true},
		{"reads, computes, writes back: the database serialises every write", "avoid-the-lock", "isolation-prevents-race",
			"For balances no coordination is needed, because the application reads the current value, computes the new one and writes it back, and the database serialises every single write anyway.", true},
		{"a read followed by an update: each UPDATE atomic", "avoid-the-lock", "isolation-prevents-race",
			"A plain read followed by an update is safe here: each UPDATE is atomic on its own, so no increment can be lost.", true},
		{"saving it: single-row writes atomic", "avoid-the-lock", "isolation-prevents-race",
			"Reading the stock, subtracting in code and saving it is fine without a lock, because single-row writes are atomic in Postgres.", true},
		{"no lock for a read-modify-write: each write atomic", "avoid-the-lock", "isolation-prevents-race",
			"You don't need a lock for a read-modify-write of a counter, because each write is atomic in the database.", true},

		{"near-miss: atomic writes still lose updates", "avoid-the-lock", "isolation-prevents-race",
			"A read followed by a separate write loses updates even though each write is atomic, so use UPDATE counters SET n = n + 1 in one statement.", false},
		{"near-miss: don't write it back from the app", "avoid-the-lock", "isolation-prevents-race",
			"Don't read the value and write it back from the app: the database serialises each write, but two readers can both see the old value and one increment is lost.", false},
		{"near-miss: the conditional update in one statement", "avoid-the-lock", "isolation-prevents-race",
			"Let the database do the arithmetic: UPDATE accounts SET balance = balance - 10 WHERE id = 7 AND balance >= 10 is atomic, so no lock is needed.", false},
		{"near-miss: the write serialised, the cycle not", "optimistic-concurrency", "isolation-prevents-race",
			"Loading the document, editing it and saving it back would lose an edit, because the database serialises the writes but not the read-modify-write cycles.", false},
		{"near-miss: a row lock for read-modify-write and serialised updates", "row-lock", "isolation-prevents-race",
			"Use it for short read-modify-write on rows in one database, and for serialising updates to a handful of rows.", false},
	})
}

// claimEpoch opens every holder-id-guard case with the right fix.
const claimEpoch = "Add a claim counter bumped by every claim and check it in each write. "

// TestFenceCoversEffectsG14 holds the claim that the database guard fences
// every effect of the job, or that the external effects are void once the
// row update is refused.
func TestFenceCoversEffectsG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"fences every effect of the job", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "That fences every effect of the job, the S3 uploads and the e-mails included.", true},
		{"external side effects void once the update is refused", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "Once the stale worker's row update is refused, its external side effects are void as well.", true},
		{"the events cancelled when the database rejects the write", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "When the database rejects the stale write, the Kafka events and uploads it produced are automatically cancelled too.", true},
		{"all side effects protected", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "All side effects of the job are then protected, including the calls to the payment API.", true},
		{"the upload rolled back with the failed update", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "If the guarded update fails, whatever the job sent to S3 is rolled back with it.", true},

		{"near-miss: the epoch fences only the database", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "The epoch only fences the database: the S3 uploads and e-mails need their own guard, like an idempotency key.", false},
		{"near-miss: a refused update undoes no e-mail", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "A rejected row update does not undo the e-mail the stale worker already sent.", false},
		{"near-miss: external effects not covered", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "External effects such as uploads are not covered by the epoch, so make them idempotent.", false},
		{"near-miss: every write to the table is fenced", "holder-id-guard", "fence-covers-elsewhere",
			claimEpoch + "Every write the job makes to the jobs table is fenced, including the final status update.", false},
	})
}

// versionGuard opens every optimistic-concurrency case with the right
// conditional write.
const versionGuard = "Add a version column and update with WHERE version = $v. "

// TestRetryOverwritesG14 holds the conflict answered by taking the newer
// version and sending the same save again, or by a save that quietly always
// goes through. Near-misses merge, ask the user, or limit the retry to a
// change that does not depend on what it read.
func TestRetryOverwritesG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"load the current version and apply the save again", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "When zero rows change, the server should just load the current version and apply the save again with the new number, so the user never sees an error.", true},
		{"retry automatically with the fresh version", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "If the update hits zero rows, retry it automatically with the fresh version so the save always goes through.", true},
		{"silently write on top of the newer version", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "A conflict is handled silently: the backend picks up the newer version and writes the edit on top of it.", true},
		{"refresh and send once more without bothering the user", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "To keep the experience smooth, the client refreshes the version and sends the save once more without bothering the user.", true},
		{"take the new ETag and repeat the PUT", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "On a 412 the client takes the new ETag and repeats the PUT, so the save succeeds on the second try.", true},

		{"near-miss: reload, show both and merge", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "On zero rows, reload the document, show the user both versions and let them merge before saving again.", false},
		{"near-miss: never resend the same body", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "Never just retry the same body with the new version: that overwrites the other person's edit.", false},
		{"near-miss: a blind retry only for a change independent of the read", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "A retry with the new version is only safe for a change that does not depend on what was read, like incrementing a counter.", false},
		{"near-miss: reapply the change and ask to confirm", "optimistic-concurrency", "retry-overwrites",
			versionGuard + "On a conflict the client re-reads the document, reapplies the user's change to the new text and asks them to confirm.", false},
	})
}

// TestCheckClosesWindowG14 holds a check made by the holder just before
// its call said to close the window for good, in several verbs and
// adverbs. Near-misses narrow the window, or credit the storage or a
// gatekeeper that checks the token.
func TestCheckClosesWindowG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"a lease confirmed right before each call closes the window completely", "unfenceable-resource", "client-side-fencing",
			"Use the provider's idempotency key. Also, right before each call the worker confirms its lease is still valid, and that closes the window completely.", true},
		{"re-reading the lock value shuts the race for good", "two-holders", "client-side-fencing",
			"Build the timeline from the lock server's log. As the fix, each worker re-reads the lock value just before it writes, which shuts the race for good.", true},
		{"a lease check eliminates the window entirely", "unfenceable-resource", "client-side-fencing",
			"Use the provider's idempotency key. A lease check immediately before the request eliminates the window entirely.", true},
		{"checking ownership seals the gap once and for all", "two-holders", "client-side-fencing",
			"Build the timeline from the lock server's log. Checking ownership before every write seals the gap once and for all.", true},

		{"near-miss: the check narrows the window", "unfenceable-resource", "client-side-fencing",
			"Checking the lease right before the call narrows the window but never closes it completely: the holder can pause after the check.", false},
		{"near-miss: the check denied to close the gap", "two-holders", "client-side-fencing",
			"A check right before the write does not close the gap entirely; only the storage rejecting stale tokens does.", false},
		{"near-miss: fencing tokens close the window", "fencing-token", "client-side-fencing",
			"Fencing tokens close the window completely, because the storage rejects any token lower than the highest it accepted.", false},
		{"near-miss: a gatekeeper closes the gap", "unfenceable-resource", "client-side-fencing",
			"A gatekeeper that checks the token on every call closes the gap fully, as long as it is the only path to the provider.", false},
	})
}

// committedClaim opens every skip-locked-queue case with a claim that
// commits at once.
const committedClaim = "Claim with FOR UPDATE SKIP LOCKED, set status to running and commit. "

// TestCommittedClaimRevertsG14 holds the claim that a committed claim
// undoes itself when its worker dies. Near-misses hold the transaction open
// for the whole job, or hand the job back by a lease.
func TestCommittedClaimRevertsG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"Postgres rolls the status back", "skip-locked-queue", "claim-lock-outlives-commit",
			committedClaim + "If the worker crashes after that, Postgres rolls the status back to ready automatically.", true},
		{"the claimed job goes back to the queue on its own", "skip-locked-queue", "claim-lock-outlives-commit",
			committedClaim + "When a worker dies, its claimed job goes back to the queue on its own, because its session ends.", true},
		{"a dead worker's claim undone by the database", "skip-locked-queue", "claim-lock-outlives-commit",
			committedClaim + "A dead worker's claim is undone by the database, so another worker picks the job up.", true},
		{"the claim reverts when the connection drops", "skip-locked-queue", "claim-lock-outlives-commit",
			committedClaim + "The claim reverts by itself when the worker's connection drops.", true},
		{"back to ready without any reaper", "skip-locked-queue", "claim-lock-outlives-commit",
			committedClaim + "Because the connection closes when the worker dies, the job returns to ready without any reaper.", true},

		{"near-miss: the transaction held open for the whole job", "skip-locked-queue", "claim-lock-outlives-commit",
			"If you keep the transaction open for the whole job, a dead worker's transaction rolls back and the job is claimable again.", false},
		{"near-miss: nothing hands the job back", "skip-locked-queue", "claim-lock-outlives-commit",
			"Once the claim commits, nothing hands the job back when its worker dies, so add a visibility timeout.", false},
		{"near-miss: a visibility timeout hands it back", "skip-locked-queue", "claim-lock-outlives-commit",
			"With a visibility timeout, a dead worker's job becomes claimable again after five minutes, and the attempt number fences its late completion.", false},
		{"near-miss: the revert denied", "skip-locked-queue", "claim-lock-outlives-commit",
			"A committed claim does not revert when the worker dies; the row stays running until a reaper resets it.", false},
		{"near-miss: the time runs out", "skip-locked-queue", "claim-lock-outlives-commit",
			"If a worker dies, its claim time simply passes and the next claim query picks the job up with the attempt number bumped.", false},
	})
}

// TestPausesWavedAwayG14 holds pauses waved away because the lease
// expires, and two holders declared impossible for a correctly implemented
// lock. Near-misses size the TTL to cover pauses, or say a correct lock can
// still have two holders.
func TestPausesWavedAwayG14(t *testing.T) {
	checkFlagCases(t, []flagCase{
		{"GC pauses don't matter, the TTL covers them", "two-holders", "ttl-as-safety",
			"Look for a bug in the lock library. GC pauses don't matter, because the TTL covers them.", true},
		{"a long pause is harmless, the TTL absorbs it", "two-holders", "ttl-as-safety",
			"Look for a bug in the lock library. A long pause is harmless since the lease's TTL absorbs it.", true},
		{"pauses irrelevant, the expiry takes care of them", "two-holders", "ttl-as-safety",
			"Look for a bug in the lock library. Pauses are irrelevant here: the expiry takes care of them.", true},
		{"two holders impossible with a correct implementation", "two-holders", "ttl-as-safety",
			"Look for a bug in the lock library. With a correct lock implementation, two workers holding it at the same time is impossible.", true},

		{"near-miss: the TTL covers a crash, not a pause", "two-holders", "ttl-as-safety",
			"The TTL covers a crashed holder, not a paused one: a pause past the TTL gives two holders.", false},
		{"near-miss: a correct lock can still have two holders", "two-holders", "ttl-as-safety",
			"Even a correctly implemented lease lock can have two holders, because a paused holder does not know its lease expired.", false},
		{"near-miss: the TTL sized to cover the worst pause", "choose-ttl", "ttl-as-safety",
			"Renew every third of the TTL, and pick the TTL to cover a couple of missed renewals plus the worst pause we have measured.", false},
		{"near-miss: pauses harmless because the storage rejects stale tokens", "two-holders", "ttl-as-safety",
			"Pauses are harmless once the storage rejects stale tokens, whatever the lease does.", false},
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
