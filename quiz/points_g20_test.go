package quiz_test

import "testing"

// Grader g20, points: core points that correct answers of the validation
// writers BK and BL (and the tuning writers BG, BN, BO read for the first
// time) made in plain words. Each family is written once, in a concept or
// a question's point, and tested here with sentences of our own, beside
// near-misses that must not earn the point.

// TestTimingCheckOnlyMovesTheOdds: a time-based guard (a lease check, a
// longer TTL, a delay) said to lower the odds only, to stay racy, to hold
// only while the holder does not freeze, or defeated by a pause of any
// length. A guard sold as making the overlap impossible is not it.
func TestTimingCheckOnlyMovesTheOdds(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"unfenceable-resource", "timing-caveat", "Looking at the remaining lease before each charge only cuts the odds of a double payment.", true},
		{"unfenceable-resource", "timing-caveat", "A bigger TTL merely makes the duplicate charge rarer.", true},
		{"unfenceable-resource", "timing-caveat", "Checking the lease right before the call is still racy.", true},
		{"unfenceable-resource", "timing-caveat", "Re-reading the expiry first only works if the worker doesn't stall straight after it.", true},
		{"unfenceable-resource", "timing-caveat", "A stop-the-world collection can be arbitrarily long, so no lease length covers it.", true},
		{"unfenceable-resource", "timing-caveat", "Sooner or later a frozen worker will hit the provider late.", true},
		{"unfenceable-resource", "timing-caveat", "Checking the lease right before the call makes a double charge impossible.", false},
		{"unfenceable-resource", "timing-caveat", "A bigger TTL gives the worker more time to finish the charge.", false},
		{"unfenceable-resource", "timing-caveat", "Checking the lease makes the double charge impossible, not just rarer.", false},
		{"choose-ttl", "no-safe-value", "Whatever TTL we choose just lowers the chance of two owners, it never rules it out.", true},
	})
}

// TestLateWriteMatchesNothing: fencing seen from the stale write, which
// finds no row to change, or from the protected service named by its
// role; a row found missing for another reason is not it.
func TestLateWriteMatchesNothing(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"two-holders", "fix-fencing", "We added a version condition to the UPDATE, so the stale worker's update touched no rows.", true},
		{"two-holders", "fix-fencing", "With the epoch in the WHERE clause, the expired holder's write matches nothing.", true},
		{"two-holders", "fix-fencing", "The systems being protected remember the highest number they have seen and refuse anything lower.", true},
		{"two-holders", "fix-fencing", "The report query returned zero rows because the table was empty.", false},
		{"two-holders", "fix-fencing", "Raise the TTL to two minutes so the job always finishes in time.", false},
	})
}

// TestRepeatGetsTheFirstOutcome: a repeat answered with the first run's
// outcome, a duplicate designed away, or work said to need no lock
// because it is idempotent; the lock credited with stopping duplicates is
// not it.
func TestRepeatGetsTheFirstOutcome(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "Each request carries a tag, so a retry of it is handed the stored response instead of running again.", true},
		{"avoid-the-lock", "idempotent", "When the same order comes in a second time it just receives the original result.", true},
		{"avoid-the-lock", "idempotent", "Idempotent handlers don't require any locking at all.", true},
		{"avoid-the-lock", "idempotent", "A retry waits until the first request is finished and then charges the card again.", false},
		{"run-job-once", "idempotent", "Write the export so that running it twice would not produce duplicate rows.", true},
		{"run-job-once", "idempotent", "The lock means the export can't run twice, so it never produces duplicate rows.", false},
	})
}

// TestCounterUpdatedInPlace: a counter changed in place by the database
// (as SQL or in words) is an overlap the store makes harmless; reading it
// into the application and writing it back is not.
func TestCounterUpdatedInPlace(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "idempotent", "The booking is one statement, `UPDATE flights SET seats = seats - 1 WHERE id = ? AND seats > 0`, applied atomically.", true},
		{"avoid-the-lock", "idempotent", "Decrementing the stock is a single UPDATE, so concurrent buyers never need a lock.", true},
		{"avoid-the-lock", "idempotent", "We read the stock into PHP, subtract one and save the row back.", false},
	})
}

// TestLockKeptForEfficiency: the lock kept for saving doubled effort; a
// lock kept to keep money safe is not it.
func TestLockKeptForEfficiency(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"avoid-the-lock", "efficiency-only", "I only reach for a lock when doubled-up effort would be expensive, like rendering the same video twice.", true},
		{"avoid-the-lock", "efficiency-only", "Locks I keep for efficiency, such as not rebuilding the search index on every node.", true},
		{"avoid-the-lock", "efficiency-only", "I use a lock for payments, where wasted effort is the least of it and correctness is what matters.", false},
	})
}

// TestRowLockStopsAtTheDatabase: a row lock's reach ending at the
// database, said as advice (no outside call inside it), as its limit, as
// what the database cannot roll back, and the transaction held open; the
// lock said to cover the call is not it.
func TestRowLockStopsAtTheDatabase(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"row-lock", "outside-effects", "Never hit the shipping API inside the transaction that holds it.", true},
		{"row-lock", "outside-effects", "Its main limitation is calls to other systems, which it knows nothing about.", true},
		{"row-lock", "outside-effects", "Then someone sends a webhook from that code path, and the database cannot undo those.", true},
		{"row-lock", "outside-effects", "Call the shipping API inside the transaction, the row lock covers it.", false},
		{"row-lock", "outside-effects", "If the worker dies, the database rolls back its row changes.", false},
		{"row-lock", "long-transactions", "The worker keeps the transaction open for minutes while it waits on the upload.", true},
		{"row-lock", "long-transactions", "Open the transaction, lock the row, update it and commit.", false},
	})
}

// TestDesignOverAConsensusStore: a lock service built as a layer over a
// consensus store, and its token said as a number that only grows; a
// single Redis under it, or a count of clients that grows, is not it.
func TestDesignOverAConsensusStore(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"design-lock-service-q", "consensus-log", "I would build the service as a small HTTP layer on top of etcd rather than writing consensus myself.", true},
		{"design-lock-service-q", "consensus-log", "It would be a thin wrapper around ZooKeeper.", true},
		{"design-lock-service-q", "consensus-log", "I would build the service as a small HTTP layer on top of one Redis node.", false},
		{"design-lock-service-q", "fencing-token", "Every grant hands back a ticket number that only ever goes up.", true},
		{"design-lock-service-q", "fencing-token", "The number of teams using it keeps growing every quarter.", false},
	})
}

// TestWorthDenialStaysInItsClause: "X gives you nothing" denies the worth
// of its own subject; joined by ", and" with a subject of its own it
// leaves the clauses before it standing. Sharing the subject ("..., and
// gives you nothing") it still denies them.
func TestWorthDenialStaysInItsClause(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "pause-expiry", "It fails when the holder is frozen past the TTL, and Redis alone gives you nothing to fence with.", true},
		{"redis-lock-and-failure", "pause-expiry", "It breaks when the holder stalls past the TTL, but the random value gives you nothing to fence with.", true},
		{"redis-lock-and-failure", "pause-expiry", "Renewing in the background when the holder stalls past the TTL is slower, and gives you nothing.", false},
	})
}

// TestLoserFoldsTheirEditsIn: the losing editor working their edits into
// the newer version; writing them over it is the lost update, not it.
func TestLoserFoldsTheirEditsIn(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"optimistic-concurrency", "zero-rows-retry", "The slower editor is told about the clash and can work their changes back in by hand.", true},
		{"optimistic-concurrency", "zero-rows-retry", "She reloads the page and folds her edits into the current text.", true},
		{"optimistic-concurrency", "zero-rows-retry", "Just work the changes into the row without checking the version, last write wins.", false},
		{"optimistic-concurrency", "zero-rows-retry", "Work your changes into the form and overwrite their version of the row.", false},
	})
}

// TestClaimVersionColumnAndRecycledIDs: a version column named for the
// lease or claim guards the writes; host names and pids come back, so an
// owner id repeats. The owner's own column, or ids merely logged, are not
// it.
func TestClaimVersionColumnAndRecycledIDs(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"holder-id-guard", "epoch-column", "Each claim bumps a lock_version column and every write checks lock_version = $v.", true},
		{"holder-id-guard", "epoch-column", "Every write checks lease_expires_at against now() before it runs.", false},
		{"holder-id-guard", "same-owner-twice", "Pids get recycled, so a restarted worker comes back with the id it had before.", true},
		{"holder-id-guard", "same-owner-twice", "In a container the hostname repeats after every reschedule of the pod.", true},
		{"holder-id-guard", "same-owner-twice", "We log the hostname and pid of each worker when it starts.", false},
	})
}

// TestKeyMintedOnceAndResent: the caller mints the key once and sends it
// with every retry; a fresh key on every retry is the mistake.
func TestKeyMintedOnceAndResent(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"idempotency-keys", "client-key", "The phone generates it once per checkout and attaches it to each retry.", true},
		{"idempotency-keys", "client-key", "Our frontend creates a key once, then sends it with every retry of that order.", true},
		{"idempotency-keys", "client-key", "The client sends a fresh token on every retry.", false},
		{"unfenceable-resource", "idempotency-key", "We give the payout a reference and send it on every retry to the provider.", true},
		{"unfenceable-resource", "idempotency-key", "We send a different reference on every retry to the provider.", false},
	})
}

// TestOtherPlainWordsG20: the outbox row said to be real together with
// the change or not at all; the failover choosing by rules of its own; a
// stall carrying a run past any TTL; a crash's cost as dead time or a
// takeover delay; servers blocking on the same row. Each beside a
// near-miss.
func TestOtherPlainWordsG20(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"outbox-pattern", "outbox-row", "The order update and an event row are written by the same request, so they are either both real or both not.", true},
		{"outbox-pattern", "outbox-row", "We publish to Kafka and update the order, so they are either both real or both not.", false},
		{"redis-wait-safe", "promoted-replica", "Sentinel picks the next primary by its own rules, whatever WAIT said.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel picks the next primary when the old one stops answering.", false},
		{"choose-ttl", "no-safe-value", "A swap storm can drag a run past any TTL you pick.", true},
		{"choose-ttl", "no-safe-value", "We set the TTL past any run we have measured.", false},
		{"choose-ttl", "tradeoff", "A long lease means minutes of dead time after every crash.", true},
		{"choose-ttl", "tradeoff", "I pick the TTL from the takeover delay we can accept when a holder dies.", true},
		{"row-lock", "yes-within-db", "Workers on separate machines all wait on the same row.", true},
		{"row-lock", "yes-within-db", "Workers on separate machines all read the same row.", false},
	})
}

// TestPlainWordAnswersPassG20: whole answers of our own, written the way
// the strong-unusual writers write (no "idempotent", no "fencing"), now
// pass; the same words as a bare list, or a weak answer leaning on the
// lock, still fail.
func TestPlainWordAnswersPassG20(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		{"avoid-the-lock", "If the table can refuse a second row with the same booking number, I let it do that instead of guarding it with Redis. Seat counts go down with `UPDATE flights SET seats = seats - 1 WHERE id = ? AND seats > 0`, applied atomically, so two buyers never need to take turns. A lock I keep for efficiency, like not rendering the same report on every node at once.", true},
		{"avoid-the-lock", "unique constraint, seats = seats - 1, efficiency, lock, Redis", false},
		{"avoid-the-lock", "I would always put a Redis lock in front of the seat update so two buyers can't collide.", false},
		{"unfenceable-resource", "The provider can't check our tokens, so I would send an idempotency key built from the order id, the same on every retry, assuming they remember keys long enough. Checking how much lease is left before the call only cuts the odds, since the worker can stall right after the check. A reconciliation job that refunds duplicates is the safety net, assuming we can match charges to orders.", true},
		{"unfenceable-resource", "idempotency key, lease check, still racy, reconciliation", false},
		{"row-lock", "In effect yes: app servers on separate machines all wait on the same row, so it serializes them, but only for data in that database. It lives and dies with the transaction, so a crashed worker's changes roll back. Never call the payment provider inside that transaction, because the database cannot undo those calls.", true},
		{"row-lock", "Yes, it locks the row for everyone, so it is a distributed lock and you can use it for anything.", false},
	})
}

// TestRestartedNodeQuarantined: a Redlock node that writes every lock to
// disk before it says yes, or sits in quarantine after a crash; a node
// that comes straight back is not it.
func TestRestartedNodeQuarantined(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redlock-operations-q", "restart-forgets", "After a crash a node sits in quarantine until every lock it granted has lapsed.", true},
		{"redlock-operations-q", "restart-forgets", "Each node writes every grant to disk before it says yes.", true},
		{"redlock-operations-q", "restart-forgets", "A node that crashes is put straight back into the pool.", false},
	})
}
