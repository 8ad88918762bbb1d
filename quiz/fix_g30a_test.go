package quiz_test

import "testing"

// Tests for g30a after review rev30a. Every g30a rule was reverted to main's
// behaviour (5e76c41): each one hid wrong claims the reviewer wrote (a
// mistake-cleft reading rule that ran on past commas, ", and" and ":"; the
// "undoes nothing", "starves the pool", "batches, publish", "only one of
// them", adjacency and "aborts the transaction" exclusions; the narrowed
// Kafka-transactions line) or, for the committed-claim line, flagged correct
// sentences in which a sweeper or an expiry hands the job back. Every
// sentence below is our own, in the shapes the review probed.
//
// g30aClaims are wrong claims that must raise the flag named, alone and
// inserted into a clean answer. g30aCorrect are correct sentences that must
// stay clean of it.

var g30aClaims = []flagCase{
	// An anecdote cleft ("the mistake we made was X") followed by the
	// speaker's own claim in the next clause: the claim is the speaker's.
	{"m-01", "idempotency-keys", "lock-across-network-call", "The bug we shipped was a wrong timeout, and these days we keep the row locked during the Stripe request so the customer pays once.", true},
	{"m-02", "idempotency-keys", "lock-across-network-call", "The trap our team hit was the retry storm, the rollback cancels the provider charge anyway.", true},
	{"m-03", "idempotency-keys", "lock-across-network-call", "The pitfall we ran into was a stale cache, which is why we hold the row lock while the provider is called, so one charge happens.", true},
	{"m-04", "idempotency-keys", "lock-across-network-call", "The mistake I'd flag is reaching for Redis, a row lock held across the payment call does the job.", true},
	// A rollback said to cancel the charge, beside "undoes nothing else".
	{"r-01", "row-lock", "lock-across-network-call", "When the provider call fails, the transaction rolls back the charge as well and undoes nothing more.", true},
	{"r-02", "row-lock", "lock-across-network-call", "The rollback cancels a payment at Stripe and reverts nothing else.", true},
	{"r-03", "row-lock", "lock-across-network-call", "On error the rollback cancels our provider charge and undoes nothing further.", true},
	{"r-04", "row-lock", "lock-across-network-call", "A rollback takes back nothing else, but it does cancel the payment at the provider.", true},
	// A harm played down beside the one-charge guarantee.
	{"s-01", "idempotency-keys", "lock-across-network-call", "Holding the row lock across the payment call hogs a connection for a moment, a small price for charging once.", true},
	{"s-02", "idempotency-keys", "lock-across-network-call", "Keeping the transaction open during the Stripe request exhausts the pool only at peak, so it is a safe way to charge once.", true},
	{"s-03", "idempotency-keys", "lock-across-network-call", "Keep the transaction open across the provider call; it starves the other writers slightly but guarantees a single charge.", true},
	{"s-04", "idempotency-keys", "lock-across-network-call", "Holding a transaction open while calling the payment API drains the pool a little but guarantees exactly once.", true},
	// A batch run under the lock, with a batch publish later in the sentence.
	{"b-01", "idempotency-keys", "lock-across-network-call", "We lock the rows FOR UPDATE and run the entire batch under that lock, then batch publish and commit, so nothing is charged twice.", true},
	// A transaction with a modifier before it sold as making check-and-write atomic.
	{"i-01", "optimistic-concurrency", "isolation-prevents-race", "Run the SELECT and the UPDATE in the same Postgres transaction, which makes the check-and-write atomic.", true},
	{"i-02", "optimistic-concurrency", "isolation-prevents-race", "Put the read and write in one short transaction and then the check-and-write is atomic.", true},
	{"i-03", "optimistic-concurrency", "isolation-prevents-race", "Wrap both statements in a single big transaction and they are atomic.", true},
	// The two stores sold as atomic, "only one of them" in the claim itself.
	{"d-02", "outbox-pattern", "dual-write-atomic", "The row update and the event are atomic as long as only one of them gets retried.", true},
	{"d-03", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the write to the payments table and the publish, so nothing goes missing.", true},
	// The committed claim said to come back when Postgres aborts the transaction.
	{"c-01", "skip-locked-queue", "claim-lock-outlives-commit", "Once the claim has committed, if the worker dies Postgres aborts the transaction, releases the row lock and another worker picks it up.", true},
	{"c-02", "skip-locked-queue", "claim-lock-outlives-commit", "After committing the claim, if the worker dies the database aborts the transaction, releases the row lock, and the job is available again.", true},
	{"c-03", "skip-locked-queue", "claim-lock-outlives-commit", "The worker sets the job to running and commits; if the worker dies, Postgres aborts its transaction, releases the row lock and the job becomes available again.", true},
	{"c-04", "skip-locked-queue", "claim-lock-outlives-commit", "we mark it running and commit, then if the worker die the transaction is aborted, the lock released and the job available again", true},
}

// g30aClaimsAlone are wrong claims that must raise the flag when said alone;
// inside the clean base answer another sentence's words (Lua, outbox, a
// lease) already excuse them on main as well, so they are checked alone.
var g30aClaimsAlone = []flagCase{
	{"m-05", "redis-lock-and-failure", "plain-del", "The mistake we made was a bad key prefix, and releasing with a plain DEL works fine for us.", true},
	{"m-06", "redis-lock-and-failure", "mutex-no-lease", "The pitfall we hit was a slow disk, and the lock is a plain mutex in Redis: one process owns it and the rest wait until it's released.", true},
	{"m-07", "outbox-pattern", "dual-write-atomic", "The trap we hit was a lagging relay, and the DB commit and the Kafka publish are atomic anyway when they share one call.", true},
	{"m-08", "skip-locked-queue", "claim-lock-outlives-commit", "The mistake I made was a missing index, and once the claim is committed, if the worker dies, the row lock is released and another worker picks it up.", true},
	{"d-01", "outbox-pattern", "dual-write-atomic", "Postgres and Kafka are effectively atomic for us, only one of the two ever fails and we retry it.", true},
}

var g30aCorrect = []flagCase{
	// A committed claim handed back by a sweeper, an expiry, a heartbeat or
	// a deadline: the lease design the question wants.
	{"k-01", "skip-locked-queue", "claim-lock-outlives-commit", "If the worker dies after the commit, a sweeper process releases the job and another worker picks it up.", false},
	{"k-02", "skip-locked-queue", "claim-lock-outlives-commit", "Once the claim is committed and the worker dies, the claim expires, the job is released and becomes available again.", false},
	{"k-03", "skip-locked-queue", "claim-lock-outlives-commit", "If the worker dies after we commit the claim, its heartbeats stop and the job is released so another worker picks it up.", false},
	{"k-04", "skip-locked-queue", "claim-lock-outlives-commit", "After the commit, if the worker crashes, the job is released after ten minutes and another worker picks it up.", false},
	{"k-05", "skip-locked-queue", "claim-lock-outlives-commit", "Once committed, if the worker dies, its lease deadline passes, the job is released and another worker picks it up.", false},
	{"k-06", "skip-locked-queue", "claim-lock-outlives-commit", "After the commit, if a worker dies, a janitor job releases stale claims and the job becomes available again.", false},
	{"k-07", "skip-locked-queue", "claim-lock-outlives-commit", "Once the claim is committed and the worker crashes, the expired claim is released and the job is available again.", false},
	{"k-08", "skip-locked-queue", "claim-lock-outlives-commit", "After the commit, if the worker dies, a periodic sweep releases the stale row and it becomes available again.", false},
	{"k-09", "skip-locked-queue", "claim-lock-outlives-commit", "If the worker crashes before it commits, the transaction aborts and the job becomes available again.", false},
	{"k-10", "skip-locked-queue", "claim-lock-outlives-commit", "When a worker crashes, its job becomes claimable again once its locked_until time passes.", false},
	// A mistake named as a warning, the wrong practice as its object.
	{"w-01", "idempotency-keys", "lock-across-network-call", "The mistake people make is holding FOR UPDATE across the call to the payment provider.", false},
	{"w-02", "idempotency-keys", "lock-across-network-call", "A mistake I'd warn about is keeping the transaction open during the HTTP request to Stripe.", false},
	{"w-03", "idempotency-keys", "lock-across-network-call", "The misconception many teams have is that a rollback cancels the provider charge.", false},
	{"w-04", "redis-lock-and-failure", "plain-del", "The mistake people make is releasing with a plain DEL, which can remove someone else's lock.", false},
	{"w-05", "outbox-pattern", "dual-write-atomic", "The mistake people make is believing the commit and the Kafka publish are atomic.", false},
	// The right design in the same words.
	{"g-01", "idempotency-keys", "lock-across-network-call", "Holding a row lock while calling the provider starves the pool and blocks other requests.", false},
	{"g-02", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover Kafka writes only; they never include the Postgres commit.", false},
	{"g-03", "outbox-pattern", "dual-write-atomic", "Only one of them, the database, can be written atomically with the business change.", false},
	{"g-04", "optimistic-concurrency", "isolation-prevents-race", "Putting the read and write in a transaction is not enough to make the check-and-write atomic under READ COMMITTED.", false},
	{"g-05", "row-lock", "lock-across-network-call", "A rollback never undoes the API call; it only reverts the rows.", false},
}

func TestFixG30aClaims(t *testing.T) {
	checkFlagCases(t, g30aClaims)
	checkInserted(t, g24bBase, false, g30aClaims)
}

func TestFixG30aClaimsAlone(t *testing.T) {
	checkFlagCases(t, g30aClaimsAlone)
}

func TestFixG30aCorrect(t *testing.T) {
	checkFlagCases(t, g30aCorrect)
	checkInserted(t, g24bBase, false, g30aCorrect)
}
