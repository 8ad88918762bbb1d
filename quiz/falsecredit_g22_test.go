package quiz_test

import "testing"

// Grader g22 (g22h): the g22c widening of 16 points read back by a
// non-author adversarial review (review22/adversarial-c). Each new word
// family credited wrong or denied claims: a "no X" that does not deny the
// new verb, an ops alert, a log that orders writes, a live holder that
// renews, "WAIT does not commit", an entry made once in a lock's queue, a
// fencing slogan or its denial, the holder's id as "it" in the next clause,
// a condition dropped on retry, "until" an event, a full disk, a runbook
// deadline, an API layer, an imperative "don't block", an overwrite that
// simply happens, the pronoun "me" and a guard said to stop the hung run.
// Each case below is a sentence of our own: the wrong claim does not earn
// the point, and the correct one said in the new wording still does.
func TestNewWordingsDoNotCreditWrongClaimsG22h(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// 1. no-safe-value: a comparative, a permission, or "no X" that
		// does not deny the verb
		{"choose-ttl", "no-safe-value", "Nothing guards against a long GC pause better than a generous lease, so I choose twenty minutes.", false},
		{"choose-ttl", "no-safe-value", "Without any lease at all a dead holder blocks for good, so pick one that excludes the worst pause we measured.", false},
		{"choose-ttl", "no-safe-value", "Nothing rules out stalls like giving the service its own machine, so a short TTL is fine there.", false},
		{"choose-ttl", "no-safe-value", "However large we make it, no lease value rules out a pause that lasts longer.", true},
		// 2. signals-late: the alert must be the notification arriving late
		{"session-suspended", "signals-late", "The alarm never comes late, since the client raises SUSPENDED as soon as the connection breaks.", false},
		{"session-suspended", "signals-late", "Page the on-call engineer with an alert when the batch is running late.", false},
		{"session-suspended", "signals-late", "That warning may reach my code too late, when the session is already gone on the servers.", true},
		// 3. tokens: the number's fencing role, and not Redis's
		{"redis-vs-consensus", "tokens", "Followers check the log position of every entry, which keeps the replicas consistent.", false},
		{"redis-vs-consensus", "tokens", "Redlock also hands out a generation number you can attach to requests.", false},
		{"redis-vs-consensus", "tokens", "Because ZooKeeper puts every change in one total order, you get a generation number to stamp on each write.", true},
		// 4. pause-expiry: expiry under the live holder, another acquired
		{"redis-lock-and-failure", "pause-expiry", "Only a crashed client loses the key to expiry, while a holder that is still alive renews it in time.", false},
		{"redis-lock-and-failure", "pause-expiry", "The holder keeps writing while another worker waits its turn for the key.", false},
		{"redis-lock-and-failure", "pause-expiry", "The old holder keeps writing after a second worker took the key.", true},
		// 5. promoted-replica: the failover is what is not bound
		{"redis-wait-safe", "promoted-replica", "WAIT doesn't commit the key anywhere, so in a failover a replica may lag a little, which is fine.", false},
		{"redis-wait-safe", "promoted-replica", "The replica is not bound by the WAIT timeout while the failover runs.", false},
		{"redis-wait-safe", "promoted-replica", "An ack from one replica does not bind the election to that replica.", true},
		// 6. unique-table: a durable store, not a lock, log or map
		{"idempotency-keys", "unique-table", "Hold a per-user Redis lock around the charge so every payment can only be written once.", false},
		{"idempotency-keys", "unique-table", "Every attempt is recorded only once in the application log.", false},
		{"idempotency-keys", "unique-table", "The payments table has a rule that each key can only be inserted once.", true},
		// 7. fencing-token: the check at the resource, asserted
		{"design-lock-service-q", "fencing-token", "A lock with no fencing is never unsafe if the lease is long enough.", false},
		{"design-lock-service-q", "fencing-token", "Locks without fencing are broken, so we lean on long leases.", false},
		{"design-lock-service-q", "fencing-token", "Without a fencing check at the protected resource the lock is not safe.", true},
		// 8. idempotency-key: the holder's id is "it" in the next clause
		{"unfenceable-resource", "idempotency-key", "Pass the holder's lease id on each request, and the provider will use it as the idempotency key.", false},
		{"unfenceable-resource", "idempotency-key", "Send the provider an idempotency key derived from the payout, never the holder id.", true},
		// 9. atomic-in-store: Succeeded false, then the unguarded retry
		{"etcd-revision-guard", "atomic-in-store", "See whether Succeeded came back true; if the comparison is false, send the Put again without the condition.", false},
		{"etcd-revision-guard", "atomic-in-store", "When my key is gone the comparison fails and Succeeded is false, so I stop leading.", true},
		// 10. visibility-timeout: "until" a time, not an event
		{"skip-locked-queue", "visibility-timeout", "A row stays held until the worker commits a few seconds later.", false},
		{"skip-locked-queue", "visibility-timeout", "The job is claimed until the worker finishes it, however many minutes that takes.", false},
		{"skip-locked-queue", "visibility-timeout", "Claiming writes a reserved until timestamp ten minutes from now onto the row.", true},
		// 11. eviction: Redis's memory full; clock-jump: a clock in it
		{"redis-early-expiry", "eviction", "If the disk fills up, Redis drops the AOF writes and a restart forgets the key.", false},
		{"redis-early-expiry", "eviction", "When the connection pool is full, the client drops the SET.", false},
		{"redis-early-expiry", "eviction", "When the instance fills up, Redis evicts keys to make room.", true},
		{"redis-early-expiry", "clock-jump", "Step forward to the next deadline on the checklist and review persistence.", false},
		{"redis-early-expiry", "clock-jump", "If ntpd jumps the clock ahead, every deadline passes at once.", true},
		// 12. outside-effects: a call or effect outside, not a code layer
		{"row-lock", "outside-effects", "I'd keep the locking code out of the API layer and in a repository.", false},
		{"row-lock", "outside-effects", "Stay away from HTTP-based locks and use FOR UPDATE.", false},
		{"row-lock", "outside-effects", "Keep the transaction clear of external API calls.", true},
		// 13. lock-not-enough: the lock silent on runs, not advice
		{"run-job-once", "lock-not-enough", "Nothing about it is tricky: take the lock and do the steps one after another.", false},
		{"run-job-once", "lock-not-enough", "Don't block the scheduler; run the job's steps in sequence under one lock.", false},
		{"run-job-once", "lock-not-enough", "The mutex says nothing about runs that come back to back.", true},
		// 14. zero-rows-retry: the conflict reported, no silent overwrite
		{"optimistic-concurrency", "zero-rows-retry", "Conflicts hardly happen, so a nightly job diffs the two saves while the later save overwrites the row.", false},
		{"optimistic-concurrency", "zero-rows-retry", "Zero rows means a conflict: return 409, show both versions in a diff, and let the user merge or explicitly overwrite against the latest.", true},
		// 15. same-owner-twice: not the pronoun "me"; not the guard said
		// to stop the hung run
		{"holder-id-guard", "same-owner-twice", "It looks to me like the same issue would come up again with any column.", false},
		{"holder-id-guard", "same-owner-twice", "A frozen worker's update passes only while its claim is live; after that the guard stops it.", false},
		{"holder-id-guard", "same-owner-twice", "The process claims the job again with the same `$me`, so its stalled thread's writes still pass the guard.", true},
	})
}

// TestWrongAnswersInNewWordingsFailG22h: whole answers that make the
// question's other points and one wrong claim in the new words, which the
// widening let pass, fail again.
func TestWrongAnswersInNewWordingsFailG22h(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		{"redis-wait-safe", "WAIT is not consensus; all it does is report how many replicas acknowledged. It doesn't commit anything either, so in a failover the replica might lag slightly, but the lock is basically fine.", false},
		{"skip-locked-queue", "Take jobs with FOR UPDATE SKIP LOCKED so workers grab different rows without blocking. The row stays held until the worker commits, a few seconds later, so a dead worker's job never goes missing.", false},
		{"optimistic-concurrency", "Add a version column and update only WHERE version = the version that was read. Conflicts are rare, so a nightly job can diff the two saves while the later save overwrites the document.", false},
		{"run-job-once", "Nothing about this is hard: take a lock and run the steps one after another. I'd make the job idempotent with a key per period anyway.", false},
	})
}
