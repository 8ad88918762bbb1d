package quiz_test

import "testing"

// Tests for g32a: a practice named inside a rejecting frame or as the
// subject of a harm predicate. Every sentence is our own. The rules:
// a gerund subject judged by a harm predicate ("holding X starves the
// pool", "checking X is just hoping", "setting X is the worst choice");
// the examples of a practice named to be rejected (", like ...", ",
// such as ..."); the steps listed after a mistake noun's copula behind a
// relative clause ("The misuse I'd call out is X, Y, then Z"); a passive
// announcement of what is refused ("Two shortcuts should be rejected
// explicitly. The first is X."); and a refusing header whose colon is
// followed by an item number ("Two antipatterns to reject: (1) X").
// g32aCorrect must stay clean of the flag named; g32aClaims assert the
// same practices in nearby wording (plainly, in a mixed answer, after
// "but", after "so", as a recommendation) and must raise it.

var g32aCorrect = []flagCase{
	{"harm-01", "row-lock", "lock-across-network-call", "Holding a transaction open across a network call starves the connection pool.", false},
	{"harm-02", "row-lock", "lock-across-network-call", "The rollback can't undo the charge, and holding the row lock across the payment call starves the connection pool.", false},
	{"harm-03", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is just hoping.", false},
	{"harm-04", "redis-early-expiry", "single-node-keeps-keys", "Setting maxmemory-policy volatile-lru to protect normal data is the worst choice for a lock store, because lock keys are exactly the keys with a TTL.", false},
	{"harm-05", "redis-lock-and-failure", "two-commands", "Using SETNX followed by a separate EXPIRE is just hoping the client never crashes in between.", false},
	{"harm-06", "unfenceable-resource", "client-side-fencing", "Relying on a lease check right before the call is wishful thinking, since the pause can come after the check.", false},
	{"example-01", "row-lock", "lock-across-network-call", "The mistake I'd warn about is holding FOR UPDATE across slow external work, like opening a transaction, locking the order row, calling the payment API, then committing.", false},
	{"example-02", "row-lock", "lock-across-network-call", "The anti-pattern here is keeping the row locked across external calls, such as locking the order row, calling the payment gateway and only then committing.", false},
	{"steps-01", "row-lock", "lock-across-network-call", "The misuse I'd call out is opening a transaction, SELECT ... FOR UPDATE on the order row, then calling the payment provider while holding it.", false},
	{"steps-02", "row-lock", "lock-across-network-call", "The trap teams fall into is locking the order row, calling the payment API, and only then committing.", false},
	{"steps-03", "zookeeper-lock-recipe", "zk-recipe-wrong", "The anti-pattern the recipe avoids is everyone creating the same node, or all waiters watching the holder's node: each release wakes every waiter.", false},
	{"announce-01", "design-lock-service-q", "wall-clock", "Two design shortcuts should be rejected explicitly. The first is to store locks in a Redis cluster with asynchronous replication. A failover can lose a grant. The second is to compute expiry timestamps from the clients' wall clocks. A clock step then makes locks vanish.", false},
	{"header-01", "redis-lock-and-failure", "two-commands", "Two antipatterns to reject: (1) SETNX key 1 followed by EXPIRE key 30 as separate calls. If the client dies between them, the lock never expires. (2) Releasing with a plain DEL.", false},
}

var g32aClaims = []flagCase{
	{"claim-01", "row-lock", "lock-across-network-call", "Holding a transaction open across a network call is fine as long as the pool is large.", true},
	{"claim-02", "row-lock", "lock-across-network-call", "I'd hold the transaction open across the network call, which starves nothing.", true},
	{"claim-03", "row-lock", "lock-across-network-call", "Holding the row lock across the payment API call protects the charge, and a short timeout keeps the pool healthy.", true},
	{"claim-04", "row-lock", "lock-across-network-call", "Holding the row lock across the payment call is the best choice: the charge and the commit happen together.", true},
	{"claim-05", "row-lock", "lock-across-network-call", "Holding the row lock across the payment call starves the pool a little, but I do it anyway: lock the order row, call the payment API, then commit.", true},
	{"claim-06", "row-lock", "lock-across-network-call", "Holding the row lock across the payment call starves nobody; lock the order row, call the payment API, then commit.", true},
	{"claim-07", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is enough to make it safe.", true},
	{"claim-08", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is not just hoping: it makes the late call impossible.", true},
	{"claim-09", "redis-early-expiry", "single-node-keeps-keys", "Setting maxmemory-policy volatile-lru is the best choice for a lock store: lock keys are never evicted on a single node.", true},
	{"claim-10", "redis-lock-and-failure", "two-commands", "Using SETNX followed by a separate EXPIRE is fine; the client never crashes in between.", true},
	{"claim-11", "redis-lock-and-failure", "two-commands", "Two antipatterns to reject: Redlock and ZooKeeper. I just use SETNX key 1 followed by EXPIRE key 30 as separate calls.", true},
	{"claim-12", "design-lock-service-q", "wall-clock", "Two design choices matter. The first is to compute expiry timestamps from the clients' wall clocks. The second is a Raft log.", true},
	{"claim-13", "row-lock", "lock-across-network-call", "The mistake I'd warn about is using Redis, like most teams do; instead, lock the order row, call the payment API, then commit.", true},
	{"claim-14", "row-lock", "lock-across-network-call", "The mistake I'd warn about is using Redis, like the old design did. So lock the order row with FOR UPDATE, call the payment API, then commit.", true},
	{"claim-15", "row-lock", "lock-across-network-call", "The mistake I'd warn about is using Redis, like most teams do, and we lock the order row, call the payment API, then commit.", true},
	{"claim-16", "row-lock", "lock-across-network-call", "The mistake I'd warn about is using Redis, like the old design did, so we lock the order row, call the payment API and then commit.", true},
	{"claim-17", "row-lock", "lock-across-network-call", "The mistake people make is overthinking it — just hold the row lock across the payment API call and commit after.", true},
	{"claim-18", "row-lock", "lock-across-network-call", "The pitfall I see is small, and holding FOR UPDATE across the payment API call is fine.", true},
	{"claim-19", "row-lock", "lock-across-network-call", "The mistake people make is overthinking it, holding FOR UPDATE across the payment API call is fine.", true},
	{"claim-20", "row-lock", "lock-across-network-call", "What people get wrong is the isolation level; holding FOR UPDATE across a call to the payment API is fine.", true},
	// A harm played down or outweighed, a system noun refused, a refusal
	// negated: no harm predicate, no announcement.
	{"claim-21", "row-lock", "lock-across-network-call", "Holding the row lock across the payment call starves the pool only at peak, so it is a safe way to charge once.", true},
	{"claim-22", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is wishful elsewhere, yet here it is all the protection we need.", true},
	{"claim-23", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call beats hoping, and it keeps the stale holder out.", true},
	{"claim-24", "design-lock-service-q", "wall-clock", "Two requests should be rejected explicitly. The first is to compute expiry timestamps from the clients' wall clocks.", true},
	{"claim-25", "design-lock-service-q", "wall-clock", "Two design shortcuts should not be rejected. The first is to compute expiry timestamps from the clients' wall clocks.", true},
	{"claim-27", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is just hoping the lock is still held, which it always is.", true},
	{"claim-26", "row-lock", "lock-across-network-call", "Holding the row lock across the payment call starves the pool; still, it is how I guarantee one charge.", true},
	// A framing head's mistake ends where the speaker turns to their own
	// practice or the sentence turns against it (speakerTurnAt,
	// namedMistakeEnd): these were read as part of the mistake before.
	{"turn-01", "row-lock", "lock-across-network-call", "The mistake I see is rare; I hold the row lock across the call to the payment API, then commit.", true},
	{"turn-02", "row-lock", "lock-across-network-call", "The mistake I see is using Redis, so we hold FOR UPDATE across the payment API call instead.", true},
	{"turn-03", "row-lock", "lock-across-network-call", "The trap is real but holding the row lock across the call to the payment API is fine if the call is fast.", true},
}

// g32aClaimsAlone raise their flag as the whole answer; inside a longer
// one, its correct counterparts may suppress it (see counter.go).
var g32aClaimsAlone = []flagCase{
	{"turn-04", "choose-ttl", "ttl-as-safety", "The trap is real but a long TTL fixes it: two holders become impossible.", true},
}

func TestFixG32aCorrect(t *testing.T) {
	checkFlagCasesBothWays(t, g32aCorrect)
	checkInserted(t, g24bBase, false, g32aCorrect)
}

func TestFixG32aClaims(t *testing.T) {
	checkFlagCases(t, g32aClaims)
	checkFlagCases(t, g32aClaimsAlone)
	checkInserted(t, g24bBase, false, g32aClaims)
}
