package quiz_test

import "testing"

// Grader g36b: a claim narrowed by what follows it, and words mentioned
// rather than used. A contrast that denies the flag's own word of what the
// flag's label is about ("WAIT is synchronous acknowledgement, not
// synchronous replication"), a group restricted to one of its members
// ("Postgres is the only one of the two that we can make atomic"), a
// denial of the database in any spelling ("not PostgreSQL"), and a word
// named as a word ("they rarely use the word "token"") are not the
// claim. The wrong claims beside them, in nearby wording, must still flag:
// asserted plainly, with the contrast denying another word ("not async"),
// the label's word on the asserted side ("synchronous replication, not
// synchronous acknowledgement"), a part of the flag the denial leaves
// standing ("the database write, not the database read"), "only one of"
// said of something else, and the mentioned word used again.
func TestNarrowedAndMentionedG36b(t *testing.T) {
	checkFlagCasesBothWays(t, []flagCase{
		// the flag's word denied, in a contrast, of what the label names
		{"sync ack, not sync replication", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous acknowledgement, not synchronous replication with consensus: it returns after the timeout even if zero replicas confirmed, and the SET stays on the primary.", false},
		{"a sync ack, not sync replication", "redis-wait-safe", "wait-makes-safe", "WAIT gives you a synchronous acknowledgement, not synchronous replication, so a failover can still promote a replica without the key.", false},
		{"sync, short form", "redis-wait-safe", "wait-makes-safe", "Think of WAIT as sync acknowledgement, not sync replication: the primary never waits for a quorum to agree.", false},
		{"plain", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous replication, so the lock survives failover.", true},
		{"another word denied", "redis-wait-safe", "wait-makes-safe", "WAIT makes the write synchronous, not async, so failover can't lose it.", true},
		{"another word denied, asynchronous", "redis-wait-safe", "wait-makes-safe", "WAIT makes replication synchronous, not asynchronous, so the lock survives failover.", true},
		{"after but", "redis-wait-safe", "wait-makes-safe", "Redis replicates asynchronously by default, but WAIT makes it synchronous, not eventually consistent.", true},
		{"recommendation", "redis-wait-safe", "wait-makes-safe", "My recommendation: call WAIT after the SET so replication is synchronous, not lazy.", true},
		{"in a list", "redis-wait-safe", "wait-makes-safe", "- SET NX PX with a random value\n- WAIT 1 100, which makes the write synchronous, not fire-and-forget\n- release with a Lua compare-and-delete", true},
		{"label's word on the asserted side", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous replication, not synchronous acknowledgement, so once it returns the replica has the key.", true},
		{"contrast, then the claim", "redis-wait-safe", "wait-makes-safe", "WAIT is synchronous acknowledgement, not synchronous replication, and it makes the write synchronous so a failover can't lose it.", true},
		// the database denied in its full spelling
		{"Kafka writes only, not PostgreSQL", "outbox-pattern", "dual-write-atomic", "Kafka's own transactions cover Kafka writes only, not PostgreSQL.", false},
		{"both, not just Kafka", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover both the Kafka write and the PostgreSQL update, not just Kafka.", true},
		{"not only the publish", "outbox-pattern", "dual-write-atomic", "I'd rely on Kafka transactions: they cover the Postgres write, not only the publish.", true},
		{"a part the denial leaves standing", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the database write, not the database read, so the update and the event commit together.", true},
		{"read replica denied", "outbox-pattern", "dual-write-atomic", "Kafka transactions cover the Postgres write, not the Postgres read replica, so both land or neither does.", true},
		{"list, two commits denied", "outbox-pattern", "dual-write-atomic", "- Kafka transactions cover the DB write and the publish, not two separate commits\n- so the event and the row are atomic", true},
		{"Postgres write only", "outbox-pattern", "dual-write-atomic", "Kafka's transactions cover the Postgres write only, not two separate commits, so it's atomic.", true},
		// one of a group
		{"only one of the two", "outbox-pattern", "dual-write-atomic", "What we need is a single atomic write, and Postgres is the only one of the two that we can make atomic here.", false},
		{"exactly one of", "outbox-pattern", "dual-write-atomic", "Exactly one of PostgreSQL and Kafka can take part in the atomic commit; the other is fed from the outbox by a relay.", false},
		{"the two atomic, then one of them", "outbox-pattern", "dual-write-atomic", "Publishing inside the transaction makes the two writes atomic, so only one of them can never fail alone.", true},
		{"one of the brokers", "outbox-pattern", "dual-write-atomic", "Kafka transactions make the publish and the commit atomic; only one of the two brokers needs to ack.", true},
		{"one of them fails", "outbox-pattern", "dual-write-atomic", "Send the event before the commit: if only one of them fails, the update rolls back and they can't diverge.", true},
		{"because only one of", "outbox-pattern", "dual-write-atomic", "The Kafka publish and the database commit are atomic, because only one of the two can be in flight at a time.", true},
		{"recommendation, one of the services", "outbox-pattern", "dual-write-atomic", "My recommendation: wrap the publish and the commit in a Kafka transaction so the two are atomic, and only one of the services writes.", true},
		{"list, one of the writes", "outbox-pattern", "dual-write-atomic", "- only one of the two writes is slow\n- the Kafka publish and the commit are atomic with a transactional producer", true},
		// a word mentioned as a word
		{"the word token", "fencing-in-real-systems", "fencing-unneeded", "They're real, they just rarely use the word \"token\". HDFS's shared edit log hands each newly active NameNode a bigger epoch and the journal nodes refuse a smaller one.", false},
		{"the word, then used", "fencing-in-real-systems", "fencing-unneeded", "You don't need the word 'fencing', just a long TTL: no fencing needed.", true},
		{"forget the word", "fencing-in-real-systems", "fencing-unneeded", "Forget the word \"token\": with a long enough TTL no fencing is needed at all.", true},
		{"the word, unquoted, then used", "fencing-in-real-systems", "fencing-unneeded", "People say the word fencing a lot, but in practice fencing tokens aren't needed if the lease is long.", true},
		{"the term", "fencing-in-real-systems", "fencing-unneeded|ttl-as-safety", "The term doesn't matter: real systems need no fencing because a long lease is enough.", true},
		{"none of this needs tokens", "fencing-token", "fencing-unneeded", "None of this needs fencing tokens: the TTL is enough.", true},
	})
}
