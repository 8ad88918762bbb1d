package quiz_test

import "testing"

// Grader g34a: an announced rejection. A lead-in that says what follows is
// what the speaker would not do ("Two things I'd explicitly forbid.", "Two
// things I'd specifically not do.", "When I wouldn't:", "The misuse I'd
// warn against is ...", "The misconfiguration I'd call out is ...") scopes
// the practice it announces, and a rationale reported for that practice
// ("on the theory that X", "chosen "so X"") is not asserted. The wrong
// claims beside them, in nearby wording, must still flag: asserted
// plainly, as the speaker's own use, after the turn back ("Instead", "But
// for payouts"), after a rejection with another shape ("overthinking it,
// X is fine"), or with the rationale kept by the speaker.
func TestAnnouncedRejectionG34a(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// counted announcement, gerund items
		{"forbid, gerund items", "redlock-operations-q", "redlock-replicas-or-no-persistence", `Two things I'd explicitly forbid. Adding replicas and Sentinel to each master "for extra HA": failover can promote a replica without the key. And treating the lock's random value as a fencing token: it isn't ordered.`, false},
		{"never allow, gerund item", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Two things I'd never allow. Adding a replica to each master for extra HA: a failover can promote a replica that never got the key, so two clients hold a majority.", false},
		{"own list, plain", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Two things I'd do: add replicas and Sentinel to each master for HA, and keep the clocks slewed.", true},
		{"recommended", "redlock-operations-q", "redlock-replicas-or-no-persistence", "Add replicas and Sentinel to each master for extra HA: failover keeps the key safe.", true},
		{"after the items, the speaker's own", "redlock-operations-q", "redlock-replicas-or-no-persistence", `Two things I'd explicitly forbid. Adding replicas and Sentinel to each master "for extra HA": failover can promote a replica without the key. And treating the lock's random value as a fencing token: it isn't ordered. Persistence doesn't matter though, a node can restart empty right away.`, true},
		// "not do" announcement, numbered item behind a quotation
		{"not do, quoted item", "optimistic-concurrency", "wall-clock", `Two things I'd specifically not do. One: "newest timestamp wins" using the client's save time — that's just last-writer-wins with extra steps, and client clocks drift. Two: reading the version and then doing an unconditional UPDATE.`, false},
		{"do, numbered item", "optimistic-concurrency", "wall-clock", "Two things I'd do. One: newest timestamp wins using the client's save time. Two: reload on conflict.", true},
		{"not do, then instead", "optimistic-concurrency", "wall-clock", "Two things I'd specifically not do. One: add version columns. Instead, newest timestamp wins using the client's save time, which is simpler.", true},
		{"plain", "optimistic-concurrency", "wall-clock", "I'd go with newest timestamp wins using the client's save time; the clocks are close enough.", true},
		// inline header declining uses
		{"when I wouldn't", "row-lock", "lock-across-network-call", "When I wouldn't: holding it across external calls — calling a payment provider or publishing to Kafka inside the transaction. The external effect isn't rolled back if the transaction is.", false},
		{"where I wouldn't use it", "row-lock", "lock-across-network-call|exactly-once-claim", "Where I wouldn't use it: holding the row lock across the payment call, so the payout is exactly once. That's a misuse: the provider's effect isn't rolled back.", false},
		{"when I'd use it", "row-lock", "lock-across-network-call|exactly-once-claim", "When I'd use it: holding the row lock across external calls, calling a payment provider inside the transaction, which makes the payout exactly once.", true},
		{"when I wouldn't, then but", "row-lock", "lock-across-network-call|exactly-once-claim", "When I wouldn't: long batch jobs. But for payouts, hold the row lock across the provider call: the row lock makes the payout exactly once.", true},
		{"never do, then what I do", "row-lock", "lock-across-network-call|exactly-once-claim", "Things I'd never do: skip the timeout. What I do: hold the row lock across the payment call, so the payout is exactly once.", true},
		// a copula's item over its series and its reported rationale
		{"misuse, series and theory", "row-lock", "exactly-once-claim", "The misuse I'd warn against is opening a transaction, `SELECT ... FOR UPDATE` on the payout row, then calling the payment provider's API and committing afterwards, on the theory that the row lock makes the payout \"exactly once\". If the connection drops after the provider accepted, the next worker pays again.", false},
		{"theory kept by the speaker", "row-lock", "exactly-once-claim", "I hold the row lock while calling the payment provider, on the theory that the row lock makes the payout exactly once, and it does.", true},
		{"the trick is", "row-lock", "exactly-once-claim", "The trick is that the row lock makes the payout exactly once.", true},
		{"misuse overrated", "row-lock", "exactly-once-claim", "The misuse people warn about is overrated, the row lock makes the payout exactly once.", true},
		{"misuse, but", "row-lock", "lock-across-network-call|exactly-once-claim", "The misuse I'd warn against is opening a transaction without a timeout, but holding it across the payment call is fine since the row lock makes the payout exactly once.", true},
		{"misuse, then a gerund claim of the speaker's", "row-lock", "lock-across-network-call", "The misuse I'd warn against is opening a transaction without a timeout, and holding FOR UPDATE across the payment API call is fine.", true},
		{"misconfiguration, chosen so", "redis-early-expiry", "single-node-keeps-keys", "The misconfiguration I'd call out specifically is `maxmemory-policy volatile-lru`, chosen \"so only cache entries with TTLs get evicted and the important stuff is safe.\" Lock keys always have a TTL, so that policy puts them squarely in the eviction pool.", false},
		{"chosen so, recommended", "redis-early-expiry", "single-node-keeps-keys", "Use `maxmemory-policy volatile-lru`, chosen so only cache entries with TTLs get evicted and the lock keys are safe.", true},
		{"misconfiguration, because", "redis-early-expiry", "single-node-keeps-keys", "The misconfiguration I'd call out is noeviction, because with volatile-lru only cache entries get evicted and the lock keys are safe.", true},
		{"theory that holds", "redis-early-expiry", "single-node-keeps-keys", "We run volatile-lru on the theory that only cache entries with TTLs get evicted, and that theory holds: lock keys are safe.", true},
		{"misconfiguration, so", "redis-early-expiry", "single-node-keeps-keys", "The misconfiguration I'd call out is `allkeys-lru`, so set volatile-lru instead: only cache entries with TTLs get evicted and the lock keys are safe.", true},
	})
}
