package quiz_test

import "testing"

// Tests for g31d (precision on flags raised on passing answers). Every
// sentence is our own. g31dCorrect must stay clean of the flag named, alone
// and inserted into a clean answer: a rollback said to undo nothing outside
// the database (lock-across-network-call, "-,?rollback-undoes-nothing-
// outside"), an outbox relay or queue claiming rows FOR UPDATE SKIP LOCKED
// "in batches" (lock-across-network-call, the batch line), and a volatile
// eviction policy judged "the worst choice" for a lock store
// (single-node-keeps-keys). g31dClaims are wrong claims sharing those words
// (a rollback cancelling the call next to "nothing", locks held across a
// batch or a call after "in batches", volatile policies said to protect
// locks with "worst" in another clause) that must still raise the flag;
// g31dClaimsInserted are those that also raise it inside a good answer.

// g31d fix (review rev31d): g31d's three exclusions (the rollback said to
// undo "nothing outside", FOR UPDATE SKIP LOCKED "in batches", a volatile
// policy called "the worst choice") reached into a following qualifier
// clause ("as", "though", "if", "when", "except", "unless") or across the
// claim's clauses and hid plain wrong claims, so all three were reverted to
// main's patterns. The correct sentences they had cleared are known false
// flags again and are not asserted here; among them (our own wording):
//   - a rollback that "undoes nothing outside the database" after a retry;
//   - an outbox relay claiming rows FOR UPDATE SKIP LOCKED "in batches";
//   - "setting volatile-lru to protect normal data is the worst choice for a
//     lock store".
// g31dClaims-76..90 (84 left out: main misses it too) are wrong claims with
// the excuse in another clause, in our own words, that must flag.

var g31dCorrect = []flagCase{
	{"g31dCorrect-06", "row-lock", "lock-across-network-call", "A transaction kept open across a service call ties up a connection for seconds.", false},
	{"g31dCorrect-07", "redis-early-expiry", "single-node-keeps-keys", "With maxmemory reached, volatile-ttl prefers keys with the least time left, so the lock key can go.", false},
	{"g31dCorrect-09", "redis-early-expiry", "single-node-keeps-keys", "Configuring volatile-ttl so it 'protects' the locks is the worst option, since lock keys are exactly the ones with TTLs.", false},
	// g31d fix (rev31d): correct sentences that stay clean under main's
	// patterns as well (the exclusions were reverted, so these are the
	// near misses the revert must not break).
	{"g31dCorrect-12", "row-lock", "lock-across-network-call", "Don't keep the row locked while the payment API is called; commit first, then call it.", false},
	{"g31dCorrect-13", "idempotency-keys", "lock-across-network-call", "Record the attempt and commit, then call the provider with the idempotency key, outside any lock.", false},
	{"g31dCorrect-14", "row-lock", "lock-across-network-call", "A lock held over an HTTP call is risky: the call can hang and the row stays blocked.", false},
	{"g31dCorrect-15", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru does not spare lock keys: they carry a TTL, so they are the candidates.", false},
	{"g31dCorrect-16", "redis-early-expiry", "single-node-keeps-keys", "For the lock instance use noeviction; volatile-ttl is unsafe because it targets keys close to expiry.", false},
}

var g31dClaims = []flagCase{
	{"g31dClaims-01", "row-lock", "lock-across-network-call", "Lock the order row, call the payment API, and if anything fails the rollback undoes the charge too.", true},
	{"g31dClaims-02", "row-lock", "lock-across-network-call", "Hold FOR UPDATE while you call the provider; a rollback cancels the payment call as well.", true},
	{"g31dClaims-03", "row-lock", "lock-across-network-call", "The rollback undoes nothing on disk that we care about, and it also cancels the API call.", true},
	{"g31dClaims-04", "row-lock", "lock-across-network-call", "Retries are harmless: the worker calls the API again, and the rollback reverts the earlier charge.", true},
	{"g31dClaims-05", "row-lock", "lock-across-network-call", "Nothing is lost if the call fails midway, since the rollback undoes the provider call with everything else.", true},
	{"g31dClaims-06", "row-lock", "lock-across-network-call", "It's a centralized lock scoped to a transaction, and if the process crashes mid-call, the rollback undoes the payment.", true},
	{"g31dClaims-07", "row-lock", "lock-across-network-call", "Call the payment provider inside the transaction; rollback undoes everything, the charge included.", true},
	{"g31dClaims-08", "row-lock", "lock-across-network-call", "if connection die, rollback undo the api call also, so it is safe", true},
	{"g31dClaims-09", "row-lock", "lock-across-network-call", "When the transaction rolls back, the external charge is reverted with it.", true},
	{"g31dClaims-10", "row-lock", "lock-across-network-call", "Put the HTTP call inside the transaction, so a rolled back transaction cancels the call.", true},
	{"g31dClaims-11", "row-lock", "lock-across-network-call", "The rollback undoes nothing we need to worry about and the payment operation is reverted with it.", true},
	{"g31dClaims-12", "row-lock", "lock-across-network-call", "Keep transactions short. The rollback undoes the API call if the worker dies, so external effects are safe.", true},
	{"g31dClaims-13", "row-lock", "lock-across-network-call", "Locks are released at commit, and a rollback cancels any provider call made inside the transaction.", true},
	{"g31dClaims-14", "row-lock", "lock-across-network-call", "Because the rollback reverts the payment, charging inside the transaction is all-or-nothing.", true},
	{"g31dClaims-15", "row-lock", "lock-across-network-call", "Our billing job calls Stripe under the row lock; on failure the rollback undoes the Stripe charge.", true},
	{"g31dClaims-16", "row-lock", "lock-across-network-call", "It undoes nothing if we commit, but if we roll back, the rollback cancels the external call as well.", true},
	{"g31dClaims-17", "row-lock", "lock-across-network-call", "Row locks are fine for data in the same database, and the rollback also undoes any API call we made.", true},
	{"g31dClaims-18", "row-lock", "lock-across-network-call", "I'd do the charge inside the transaction since rolling back undoes the payment.", true},
	{"g31dClaims-19", "row-lock", "lock-across-network-call", "The DB aborts the transaction, and the rollback undoes the external call it made.", true},
	{"g31dClaims-20", "row-lock", "lock-across-network-call", "The rollback undoes it all, the API call included.", true},
	{"g31dClaims-21", "row-lock", "lock-across-network-call", "If the network drops, the transaction is rolled back and the provider charge is cancelled too.", true},
	{"g31dClaims-22", "row-lock", "lock-across-network-call", "Take the lock, then run the whole nightly batch under it; it finishes well inside the TTL.", true},
	{"g31dClaims-23", "outbox-pattern", "lock-across-network-call", "Lock the outbox rows FOR UPDATE in batches, then call the payment provider for each row while holding them.", true},
	{"g31dClaims-24", "skip-locked-queue", "lock-across-network-call", "Grab a row lock and hold it while the batch of ten thousand rows is processed.", true},
	{"g31dClaims-25", "row-lock", "lock-across-network-call", "We select FOR UPDATE in batches and then call the external API for every row before committing.", true},
	{"g31dClaims-26", "row-lock", "lock-across-network-call", "Select FOR UPDATE, then process the batch, which can take an hour, inside the same transaction.", true},
	{"g31dClaims-27", "outbox-pattern", "lock-across-network-call", "The relay reads FOR UPDATE SKIP LOCKED in batches. Then it holds the lock while it calls the payment API for each event.", true},
	{"g31dClaims-28", "row-lock", "lock-across-network-call", "Lock the rows in batches, and hold the lock across the HTTP call to the provider.", true},
	{"g31dClaims-29", "row-lock", "lock-across-network-call", "hold lock while batch run, ttl is long so ok", true},
	{"g31dClaims-30", "row-lock", "lock-across-network-call", "We lock the account row FOR UPDATE and then run the monthly batch inside the transaction.", true},
	{"g31dClaims-31", "choose-ttl", "lock-across-network-call", "Hold the lock around the batch job; set the TTL to twice the typical batch duration.", true},
	{"g31dClaims-32", "row-lock", "lock-across-network-call", "Rows are claimed FOR UPDATE in small batches; hold the lock while calling the provider for each.", true},
	{"g31dClaims-33", "row-lock", "lock-across-network-call", "Claim with FOR UPDATE in a batch of 100 and then call the payment API for each while the rows stay locked.", true},
	{"g31dClaims-34", "outbox-pattern", "lock-across-network-call", "Hold the lock while the batch publishes to Kafka and calls the billing API.", true},
	{"g31dClaims-35", "row-lock", "lock-across-network-call", "Use FOR UPDATE in batches, then charge each customer through the provider before commit.", true},
	{"g31dClaims-36", "choose-ttl", "lock-across-network-call", "The lock is held during the batch and expires after 5 minutes, which is more than any batch takes.", true},
	{"g31dClaims-37", "row-lock", "lock-across-network-call", "Keep the lock across the whole batch of payments to the provider.", true},
	{"g31dClaims-38", "row-lock", "lock-across-network-call", "It's a centralized lock, so take it and then run the batch under it.", true},
	{"g31dClaims-39", "outbox-pattern", "lock-across-network-call", "Poll FOR UPDATE SKIP LOCKED in batches, then call the provider API while holding the locks.", true},
	{"g31dClaims-40", "row-lock", "lock-across-network-call", "Lock the row with FOR UPDATE, then call the payment API, then commit.", true},
	{"g31dClaims-41", "row-lock", "lock-across-network-call", "Acquire the row lock in a batch, then call the external API.", true},
	{"g31dClaims-42", "skip-locked-queue", "lock-across-network-call", "Take the lock and hold it while the batch calls the payment provider.", true},
	{"g31dClaims-43", "row-lock", "lock-across-network-call", "Hold the lock during the batch; nothing else will need it.", true},
	{"g31dClaims-44", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys with a TTL alone, so the lock key is safe.", true},
	{"g31dClaims-45", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys that have time left until expiry.", true},
	{"g31dClaims-46", "redis-early-expiry", "single-node-keeps-keys", "Under memory pressure eviction leaves the lock keys with an expiry untouched.", true},
	{"g31dClaims-47", "redis-early-expiry", "single-node-keeps-keys", "On one node, eviction always leaves keys that have a TTL.", true},
	{"g31dClaims-48", "redis-early-expiry", "single-node-keeps-keys", "The eviction policy left keys with a TTL alone in our tests, so locks are fine.", true},
	{"g31dClaims-49", "redis-early-expiry", "single-node-keeps-keys", "Eviction skips keys with an expiry set.", true},
	{"g31dClaims-50", "redis-early-expiry", "single-node-keeps-keys", "A TTL is a TTL on one node. Eviction leaves keys with a TTL.", true},
	{"g31dClaims-51", "redis-early-expiry", "single-node-keeps-keys", "A TTL is a TTL on one node, and eviction leaves keys with a TTL.", true},
	{"g31dClaims-52", "redis-early-expiry", "single-node-keeps-keys", "eviction leave key with ttl, only evict other key", true},
	{"g31dClaims-53", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves any key with TTL left on it.", true},
	{"g31dClaims-54", "redis-early-expiry", "single-node-keeps-keys", "Redis eviction is leaving keys with a TTL in place.", true},
	{"g31dClaims-55", "redis-early-expiry", "single-node-keeps-keys", "Eviction ignores keys with a TTL, since they expire anyway.", true},
	{"g31dClaims-56", "redis-early-expiry", "single-node-keeps-keys", "Keys with the least time left are fine; eviction leaves keys with a TTL.", true},
	{"g31dClaims-57", "redis-early-expiry", "single-node-keeps-keys", "Eviction never touches keys that have an expiry set.", true},
	{"g31dClaims-58", "redis-early-expiry", "single-node-keeps-keys", "Eviction spares keys with a TTL until their time left runs out.", true},
	{"g31dClaims-59", "redis-early-expiry", "single-node-keeps-keys", "Set volatile-lru, it protects the lock keys from eviction.", true},
	{"g31dClaims-60", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru is safe for lock keys, and allkeys-lru is the worst choice.", true},
	{"g31dClaims-61", "redis-early-expiry", "single-node-keeps-keys", "The worst choice is noeviction; volatile-lru protects the locks.", true},
	{"g31dClaims-62", "redis-early-expiry", "single-node-keeps-keys", "Use volatile-ttl: it won't evict the lock keys.", true},
	{"g31dClaims-63", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru protects lock keys, which makes noeviction the worst option.", true},
	{"g31dClaims-64", "redis-early-expiry", "single-node-keeps-keys", "With volatile-lru the locks are protected. The worst choice would be allkeys-lru.", true},
	{"g31dClaims-65", "redis-early-expiry", "single-node-keeps-keys", "volatile policies are safe for locks, the worst thing is running out of memory.", true},
	{"g31dClaims-66", "redis-early-expiry", "single-node-keeps-keys", "Choose volatile-lru so your locks are spared.", true},
	{"g31dClaims-67", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru is fine for locks because it never evicts them.", true},
	{"g31dClaims-68", "redis-early-expiry", "single-node-keeps-keys", "A lock store should run volatile-ttl, it is the right policy.", true},
	{"g31dClaims-69", "redis-early-expiry", "single-node-keeps-keys", "lfu is safe for lock keys, unlike the worst setting, noeviction.", true},
	{"g31dClaims-70", "row-lock", "lock-across-network-call", "If the commit fails, the rollback cancels the Stripe charge and cancels nothing beyond it.", true},
	{"g31dClaims-71", "row-lock", "lock-across-network-call", "The rollback reverts it all, nothing external survives, so calling the payment API inside the transaction is all-or-nothing.", true},
	{"g31dClaims-72", "row-lock", "lock-across-network-call", "The rollback cancels the provider charge, and rollback cancels nothing outside it.", true},
	{"g31dClaims-73", "row-lock", "lock-across-network-call", "The rollback undoes nothing we need to worry about and the payment operation is reverted with it.", true},
	{"g31dClaims-74", "row-lock", "lock-across-network-call", "Rollback undoes the API call; the rollback undoes nothing outside that.", true},
	{"g31dClaims-75", "row-lock", "lock-across-network-call", "The rollback undoes everything, and afterwards nothing external remains of the charge.", true},
	{"g31dClaims-76", "idempotency-keys", "lock-across-network-call", "Charge the card inside the transaction, because the rollback reverts nothing outside the transaction and the charge sits inside it.", true},
	{"g31dClaims-77", "idempotency-keys", "lock-across-network-call", "Make the payment call within the transaction; the rollback undoes nothing outside it, so on failure the payment is rolled back as well.", true},
	{"g31dClaims-78", "idempotency-keys", "lock-across-network-call", "On a failed insert the rollback cancels the card payment, as the rollback cancels nothing already refunded.", true},
	{"g31dClaims-79", "idempotency-keys", "lock-across-network-call", "The rollback reverts the Stripe payment, though the rollback reverts nothing external like the audit log.", true},
	{"g31dClaims-80", "idempotency-keys", "lock-across-network-call", "When the insert fails the rollback undoes the charge, if the rollback undoes nothing at the provider before capture.", true},
	{"g31dClaims-81", "row-lock", "lock-across-network-call", "The rollback cancels the payment API call, unless the rollback cancels nothing remote that already settled.", true},
	{"g31dClaims-82", "idempotency-keys", "lock-across-network-call", "Simply roll back: the rollback reverts nothing beyond the transaction, and the payment belongs to it.", true},
	{"g31dClaims-83", "idempotency-keys", "lock-across-network-call", "the rollback undoes nothing outside postgres, except the card charge, which it undoes too", true},
	{"g31dClaims-85", "run-job-once", "lock-across-network-call", "Keep the lock during the whole import, in a batch of 50k rows, with a 45 minute TTL.", true},
	{"g31dClaims-86", "choose-ttl", "lock-across-network-call", "Take the lock, then run the batch; since it works in batches, a one hour TTL is enough.", true},
	{"g31dClaims-87", "redis-early-expiry", "single-node-keeps-keys", "volatile-ttl keeps lock keys safe, though allkeys-random is the worst choice for sessions.", true},
	{"g31dClaims-88", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru protects the locks, if allkeys-lru is the worst option for your cache.", true},
	{"g31dClaims-89", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru is the right policy for a lock store, unless you think noeviction is the worst possible one.", true},
	{"g31dClaims-90", "redis-early-expiry", "single-node-keeps-keys", "Our locks are safe under volatile-lru, as noeviction is the worst setting for us.", true},
}

var g31dClaimsInserted = []flagCase{
	{"g31dClaimsInserted-01", "row-lock", "lock-across-network-call", "Lock the order row, call the payment API, and if anything fails the rollback undoes the charge too.", true},
	{"g31dClaimsInserted-02", "row-lock", "lock-across-network-call", "Hold FOR UPDATE while you call the provider; a rollback cancels the payment call as well.", true},
	{"g31dClaimsInserted-03", "row-lock", "lock-across-network-call", "The rollback undoes nothing on disk that we care about, and it also cancels the API call.", true},
	{"g31dClaimsInserted-04", "row-lock", "lock-across-network-call", "Retries are harmless: the worker calls the API again, and the rollback reverts the earlier charge.", true},
	{"g31dClaimsInserted-05", "row-lock", "lock-across-network-call", "Nothing is lost if the call fails midway, since the rollback undoes the provider call with everything else.", true},
	{"g31dClaimsInserted-06", "row-lock", "lock-across-network-call", "It's a centralized lock scoped to a transaction, and if the process crashes mid-call, the rollback undoes the payment.", true},
	{"g31dClaimsInserted-07", "row-lock", "lock-across-network-call", "Call the payment provider inside the transaction; rollback undoes everything, the charge included.", true},
	{"g31dClaimsInserted-08", "row-lock", "lock-across-network-call", "if connection die, rollback undo the api call also, so it is safe", true},
	{"g31dClaimsInserted-09", "row-lock", "lock-across-network-call", "When the transaction rolls back, the external charge is reverted with it.", true},
	{"g31dClaimsInserted-10", "row-lock", "lock-across-network-call", "Put the HTTP call inside the transaction, so a rolled back transaction cancels the call.", true},
	{"g31dClaimsInserted-11", "row-lock", "lock-across-network-call", "The rollback undoes nothing we need to worry about and the payment operation is reverted with it.", true},
	{"g31dClaimsInserted-12", "row-lock", "lock-across-network-call", "Keep transactions short. The rollback undoes the API call if the worker dies, so external effects are safe.", true},
	{"g31dClaimsInserted-13", "row-lock", "lock-across-network-call", "Locks are released at commit, and a rollback cancels any provider call made inside the transaction.", true},
	{"g31dClaimsInserted-14", "row-lock", "lock-across-network-call", "Because the rollback reverts the payment, charging inside the transaction is all-or-nothing.", true},
	{"g31dClaimsInserted-15", "row-lock", "lock-across-network-call", "Our billing job calls Stripe under the row lock; on failure the rollback undoes the Stripe charge.", true},
	{"g31dClaimsInserted-16", "row-lock", "lock-across-network-call", "It undoes nothing if we commit, but if we roll back, the rollback cancels the external call as well.", true},
	{"g31dClaimsInserted-17", "row-lock", "lock-across-network-call", "Row locks are fine for data in the same database, and the rollback also undoes any API call we made.", true},
	{"g31dClaimsInserted-18", "row-lock", "lock-across-network-call", "I'd do the charge inside the transaction since rolling back undoes the payment.", true},
	{"g31dClaimsInserted-19", "row-lock", "lock-across-network-call", "The DB aborts the transaction, and the rollback undoes the external call it made.", true},
	{"g31dClaimsInserted-20", "row-lock", "lock-across-network-call", "The rollback undoes it all, the API call included.", true},
	{"g31dClaimsInserted-21", "row-lock", "lock-across-network-call", "If the network drops, the transaction is rolled back and the provider charge is cancelled too.", true},
	{"g31dClaimsInserted-22", "row-lock", "lock-across-network-call", "Take the lock, then run the whole nightly batch under it; it finishes well inside the TTL.", true},
	{"g31dClaimsInserted-23", "outbox-pattern", "lock-across-network-call", "Lock the outbox rows FOR UPDATE in batches, then call the payment provider for each row while holding them.", true},
	{"g31dClaimsInserted-24", "skip-locked-queue", "lock-across-network-call", "Grab a row lock and hold it while the batch of ten thousand rows is processed.", true},
	{"g31dClaimsInserted-25", "row-lock", "lock-across-network-call", "We select FOR UPDATE in batches and then call the external API for every row before committing.", true},
	{"g31dClaimsInserted-26", "row-lock", "lock-across-network-call", "Select FOR UPDATE, then process the batch, which can take an hour, inside the same transaction.", true},
	{"g31dClaimsInserted-27", "outbox-pattern", "lock-across-network-call", "The relay reads FOR UPDATE SKIP LOCKED in batches. Then it holds the lock while it calls the payment API for each event.", true},
	{"g31dClaimsInserted-28", "row-lock", "lock-across-network-call", "Lock the rows in batches, and hold the lock across the HTTP call to the provider.", true},
	{"g31dClaimsInserted-29", "row-lock", "lock-across-network-call", "hold lock while batch run, ttl is long so ok", true},
	{"g31dClaimsInserted-30", "row-lock", "lock-across-network-call", "We lock the account row FOR UPDATE and then run the monthly batch inside the transaction.", true},
	{"g31dClaimsInserted-31", "choose-ttl", "lock-across-network-call", "Hold the lock around the batch job; set the TTL to twice the typical batch duration.", true},
	{"g31dClaimsInserted-32", "row-lock", "lock-across-network-call", "Rows are claimed FOR UPDATE in small batches; hold the lock while calling the provider for each.", true},
	{"g31dClaimsInserted-33", "row-lock", "lock-across-network-call", "Claim with FOR UPDATE in a batch of 100 and then call the payment API for each while the rows stay locked.", true},
	{"g31dClaimsInserted-34", "outbox-pattern", "lock-across-network-call", "Hold the lock while the batch publishes to Kafka and calls the billing API.", true},
	{"g31dClaimsInserted-35", "row-lock", "lock-across-network-call", "Use FOR UPDATE in batches, then charge each customer through the provider before commit.", true},
	{"g31dClaimsInserted-36", "choose-ttl", "lock-across-network-call", "The lock is held during the batch and expires after 5 minutes, which is more than any batch takes.", true},
	{"g31dClaimsInserted-37", "row-lock", "lock-across-network-call", "Keep the lock across the whole batch of payments to the provider.", true},
	{"g31dClaimsInserted-38", "row-lock", "lock-across-network-call", "It's a centralized lock, so take it and then run the batch under it.", true},
	{"g31dClaimsInserted-39", "outbox-pattern", "lock-across-network-call", "Poll FOR UPDATE SKIP LOCKED in batches, then call the provider API while holding the locks.", true},
	{"g31dClaimsInserted-40", "row-lock", "lock-across-network-call", "Lock the row with FOR UPDATE, then call the payment API, then commit.", true},
	{"g31dClaimsInserted-41", "row-lock", "lock-across-network-call", "Acquire the row lock in a batch, then call the external API.", true},
	{"g31dClaimsInserted-42", "skip-locked-queue", "lock-across-network-call", "Take the lock and hold it while the batch calls the payment provider.", true},
	{"g31dClaimsInserted-43", "row-lock", "lock-across-network-call", "Hold the lock during the batch; nothing else will need it.", true},
	{"g31dClaimsInserted-44", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys with a TTL alone, so the lock key is safe.", true},
	{"g31dClaimsInserted-45", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves keys that have time left until expiry.", true},
	{"g31dClaimsInserted-46", "redis-early-expiry", "single-node-keeps-keys", "Under memory pressure eviction leaves the lock keys with an expiry untouched.", true},
	{"g31dClaimsInserted-47", "redis-early-expiry", "single-node-keeps-keys", "On one node, eviction always leaves keys that have a TTL.", true},
	{"g31dClaimsInserted-48", "redis-early-expiry", "single-node-keeps-keys", "The eviction policy left keys with a TTL alone in our tests, so locks are fine.", true},
	{"g31dClaimsInserted-49", "redis-early-expiry", "single-node-keeps-keys", "Eviction skips keys with an expiry set.", true},
	{"g31dClaimsInserted-50", "redis-early-expiry", "single-node-keeps-keys", "A TTL is a TTL on one node. Eviction leaves keys with a TTL.", true},
	{"g31dClaimsInserted-51", "redis-early-expiry", "single-node-keeps-keys", "A TTL is a TTL on one node, and eviction leaves keys with a TTL.", true},
	{"g31dClaimsInserted-52", "redis-early-expiry", "single-node-keeps-keys", "eviction leave key with ttl, only evict other key", true},
	{"g31dClaimsInserted-53", "redis-early-expiry", "single-node-keeps-keys", "Eviction leaves any key with TTL left on it.", true},
	{"g31dClaimsInserted-54", "redis-early-expiry", "single-node-keeps-keys", "Redis eviction is leaving keys with a TTL in place.", true},
	{"g31dClaimsInserted-55", "redis-early-expiry", "single-node-keeps-keys", "Eviction ignores keys with a TTL, since they expire anyway.", true},
	{"g31dClaimsInserted-56", "redis-early-expiry", "single-node-keeps-keys", "Keys with the least time left are fine; eviction leaves keys with a TTL.", true},
	{"g31dClaimsInserted-57", "redis-early-expiry", "single-node-keeps-keys", "Eviction never touches keys that have an expiry set.", true},
	{"g31dClaimsInserted-58", "redis-early-expiry", "single-node-keeps-keys", "Eviction spares keys with a TTL until their time left runs out.", true},
	{"g31dClaimsInserted-59", "redis-early-expiry", "single-node-keeps-keys", "Set volatile-lru, it protects the lock keys from eviction.", true},
	{"g31dClaimsInserted-60", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru is safe for lock keys, and allkeys-lru is the worst choice.", true},
	{"g31dClaimsInserted-61", "redis-early-expiry", "single-node-keeps-keys", "The worst choice is noeviction; volatile-lru protects the locks.", true},
	{"g31dClaimsInserted-62", "redis-early-expiry", "single-node-keeps-keys", "Use volatile-ttl: it won't evict the lock keys.", true},
	{"g31dClaimsInserted-63", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru protects lock keys, which makes noeviction the worst option.", true},
	{"g31dClaimsInserted-64", "redis-early-expiry", "single-node-keeps-keys", "With volatile-lru the locks are protected. The worst choice would be allkeys-lru.", true},
	{"g31dClaimsInserted-65", "redis-early-expiry", "single-node-keeps-keys", "volatile policies are safe for locks, the worst thing is running out of memory.", true},
	{"g31dClaimsInserted-66", "redis-early-expiry", "single-node-keeps-keys", "Choose volatile-lru so your locks are spared.", true},
	{"g31dClaimsInserted-67", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru is fine for locks because it never evicts them.", true},
	{"g31dClaimsInserted-68", "redis-early-expiry", "single-node-keeps-keys", "A lock store should run volatile-ttl, it is the right policy.", true},
	{"g31dClaimsInserted-69", "redis-early-expiry", "single-node-keeps-keys", "lfu is safe for lock keys, unlike the worst setting, noeviction.", true},
	{"g31dClaimsInserted-70", "row-lock", "lock-across-network-call", "If the commit fails, the rollback cancels the Stripe charge and cancels nothing beyond it.", true},
	{"g31dClaimsInserted-71", "row-lock", "lock-across-network-call", "The rollback reverts it all, nothing external survives, so calling the payment API inside the transaction is all-or-nothing.", true},
	{"g31dClaimsInserted-72", "row-lock", "lock-across-network-call", "The rollback cancels the provider charge, and rollback cancels nothing outside it.", true},
	{"g31dClaimsInserted-73", "row-lock", "lock-across-network-call", "The rollback undoes nothing we need to worry about and the payment operation is reverted with it.", true},
	{"g31dClaimsInserted-74", "row-lock", "lock-across-network-call", "Rollback undoes the API call; the rollback undoes nothing outside that.", true},
	{"g31dClaimsInserted-75", "row-lock", "lock-across-network-call", "The rollback undoes everything, and afterwards nothing external remains of the charge.", true},
	{"g31dClaimsInserted-76", "idempotency-keys", "lock-across-network-call", "Charge the card inside the transaction, because the rollback reverts nothing outside the transaction and the charge sits inside it.", true},
	{"g31dClaimsInserted-77", "idempotency-keys", "lock-across-network-call", "Make the payment call within the transaction; the rollback undoes nothing outside it, so on failure the payment is rolled back as well.", true},
	{"g31dClaimsInserted-78", "idempotency-keys", "lock-across-network-call", "On a failed insert the rollback cancels the card payment, as the rollback cancels nothing already refunded.", true},
	{"g31dClaimsInserted-79", "idempotency-keys", "lock-across-network-call", "The rollback reverts the Stripe payment, though the rollback reverts nothing external like the audit log.", true},
	{"g31dClaimsInserted-80", "idempotency-keys", "lock-across-network-call", "When the insert fails the rollback undoes the charge, if the rollback undoes nothing at the provider before capture.", true},
	{"g31dClaimsInserted-81", "row-lock", "lock-across-network-call", "The rollback cancels the payment API call, unless the rollback cancels nothing remote that already settled.", true},
	{"g31dClaimsInserted-82", "idempotency-keys", "lock-across-network-call", "Simply roll back: the rollback reverts nothing beyond the transaction, and the payment belongs to it.", true},
	{"g31dClaimsInserted-83", "idempotency-keys", "lock-across-network-call", "the rollback undoes nothing outside postgres, except the card charge, which it undoes too", true},
	{"g31dClaimsInserted-85", "run-job-once", "lock-across-network-call", "Keep the lock during the whole import, in a batch of 50k rows, with a 45 minute TTL.", true},
	{"g31dClaimsInserted-86", "choose-ttl", "lock-across-network-call", "Take the lock, then run the batch; since it works in batches, a one hour TTL is enough.", true},
	{"g31dClaimsInserted-87", "redis-early-expiry", "single-node-keeps-keys", "volatile-ttl keeps lock keys safe, though allkeys-random is the worst choice for sessions.", true},
	{"g31dClaimsInserted-88", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru protects the locks, if allkeys-lru is the worst option for your cache.", true},
	{"g31dClaimsInserted-89", "redis-early-expiry", "single-node-keeps-keys", "volatile-lru is the right policy for a lock store, unless you think noeviction is the worst possible one.", true},
	{"g31dClaimsInserted-90", "redis-early-expiry", "single-node-keeps-keys", "Our locks are safe under volatile-lru, as noeviction is the worst setting for us.", true},
}

func TestFixG31dCorrect(t *testing.T) {
	checkFlagCases(t, g31dCorrect)
	checkInserted(t, g24bBase, false, g31dCorrect)
}

func TestFixG31dClaims(t *testing.T) {
	checkFlagCases(t, g31dClaims)
	checkInserted(t, g24bBase, false, g31dClaimsInserted)
}
