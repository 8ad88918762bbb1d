package quiz_test

import "testing"

// Tests for g32b: a negated, past-tense or narrated failure is no claim.
// A candidate telling what went wrong ("after the failover the replica
// didn't keep the lock, so two clients held it") denies the predicate a
// red flag matches, whatever the negator: "didn't", "never", "no longer",
// "couldn't", "hardly ever", "fails to", "there is no guarantee that".
// Before g32b the red flags excused such sentences by
// per-flag lists of negators ("-not|isn't|doesn't"), and a negator
// standing between the words of a phrase ("replica didn't keep the lock")
// counted as the pattern's own. g32bCorrect are those sentences, each
// raising its flag on main, and must stay clean alone and inserted into a
// clean answer. g32bClaims assert the same claims next to a negation in
// another clause ("It didn't matter: ...", "... hardly ever drops
// packets, and ...", "even if the primary fails to respond, ...", "the
// old design changed nothing, but now ...") and must stay flagged: the
// denial reaches only as far as its scope. Every sentence is our own.

var g32bCorrect = []flagCase{
	{"correct-01", "fencing-token", "fencing-unneeded", "Redlock hardly ever removes the need for fencing tokens.", false},
	{"correct-02", "redis-lock-and-failure", "replication-keeps-lock", "The replica doesn't keep the lock after the failover.", false},
	{"correct-03", "redis-lock-and-failure", "replication-keeps-lock", "Sentinel fails to preserve the lock across a failover.", false},
	{"correct-04", "redis-wait-safe", "wait-makes-safe", "WAIT fails to make Redis replication synchronous.", false},
	{"correct-05", "redis-wait-safe", "wait-makes-safe", "WAIT hardly ever makes Redis replication synchronous.", false},
	{"correct-06", "redis-lock-and-failure", "mutex-no-lease", "The Redis lock hardly ever acts as a plain mutex across the network that a holder keeps until it releases it.", false},
	{"correct-07", "redis-lock-and-failure", "replication-keeps-lock", "The replica hardly ever keeps the lock after the failover.", false},
	{"correct-08", "redis-lock-and-failure", "replication-keeps-lock", "The key expired while the holder was paused, and the replica never kept the lock after the failover.", false},
	{"correct-09", "redis-lock-and-failure", "replication-keeps-lock", "The replica fails to keep the lock after the failover.", false},
	{"correct-10", "extend-lease", "fencing-unneeded", "The renewal fails to make fencing tokens unnecessary.", false},
	{"correct-11", "redis-lock-and-failure", "replication-keeps-lock", "The replica no longer keeps the lock after the failover.", false},
	{"correct-12", "redis-lock-and-failure", "replication-keeps-lock", "The replica didn't keep the lock after the failover.", false},
	{"correct-13", "redis-lock-and-failure", "replication-keeps-lock", "The replica shouldn't keep the lock after the failover.", false},
	{"correct-14", "redis-lock-and-failure", "replication-keeps-lock", "The replica couldn't keep the lock after the failover.", false},
	{"correct-16", "redis-early-expiry", "ttl-as-safety", "There is no guarantee that the TTL guarantees that only one client holds the lock at a time.", false},
	{"correct-17", "redis-lock-and-failure", "replication-keeps-lock", "The replica never kept the lock after the failover.", false},
	{"correct-18", "redis-lock-and-failure", "replication-keeps-lock", "During the incident the replica didn't keep the lock after the failover, so two clients held the lock at once.", false},
	{"correct-20", "redis-lock-and-failure", "plain-del", "There is no guarantee that the client releases the lock with DEL once it is done.", false},
	{"correct-21", "redlock-operations-q", "clocks-irrelevant", "There is no guarantee that clock jumps are irrelevant to a lock with a TTL.", false},
	{"correct-23", "redis-lock-and-failure", "two-commands", "There is no guarantee that the client sets the key with SETNX and then its expiry with EXPIRE.", false},
	{"correct-24", "redis-lock-and-failure", "plain-del", "The client hardly ever releases the lock with DEL once it is done.", false},
	{"correct-25", "redis-lock-and-failure", "plain-del", "The client fails to release the lock with DEL once it is done.", false},
	{"correct-26", "redis-lock-and-failure", "get-then-del", "The client hardly ever reads the value and then deletes the key.", false},
	{"correct-27", "redis-lock-and-failure", "get-then-del", "The client fails to read the value and then deletes the key.", false},
	{"correct-28", "redis-lock-and-failure", "two-commands", "The client hardly ever sets the key with SETNX and then its expiry with EXPIRE.", false},
	{"correct-29", "redis-lock-and-failure", "two-commands", "The client fails to set the key with SETNX and then its expiry with EXPIRE.", false},
	{"correct-30", "fencing-in-real-systems", "redlock-issues-token", "Redlock fails to hand out a fencing token.", false},
	{"correct-31", "choose-ttl", "wall-clock", "The client hardly ever compares its wall clock with the server's to judge the lease.", false},
	{"correct-32", "choose-ttl", "wall-clock", "The client fails to compare its wall clock with the server's to judge the lease.", false},
	{"correct-33", "redis-lock-and-failure", "lock-across-network-call", "The worker hardly ever holds the lock during the payment API call.", false},
	{"correct-34", "redis-lock-and-failure", "lock-across-network-call", "The worker fails to hold the lock during the payment API call.", false},
	{"correct-35", "avoid-the-lock", "lock-instead-of-constraint", "The signup hardly ever takes a distributed lock to stop duplicate emails.", false},
	{"correct-36", "avoid-the-lock", "lock-instead-of-constraint", "The signup fails to take a distributed lock to stop duplicate emails.", false},
	{"correct-37", "extend-lease", "extend-without-owner", "The renewal thread hardly ever calls PEXPIRE every few seconds.", false},
	{"correct-38", "extend-lease", "extend-without-owner", "The renewal thread fails to call PEXPIRE every few seconds.", false},
	{"correct-39", "fencing-token", "random-fencing-token", "The client fails to use a random UUID as the fencing token.", false},
	{"correct-40", "extend-lease", "work-after-lost-lease", "The worker hardly ever carries on when the renewal fails.", false},
	{"correct-41", "run-job-once", "timing-as-coordination", "Random jitter hardly ever lets only one instance act.", false},
	{"correct-42", "run-job-once", "timing-as-coordination", "Random jitter fails to let only one instance act.", false},
	{"correct-43", "outbox-pattern", "exactly-once-claim", "The relay hardly ever makes processing exactly once.", false},
	{"correct-44", "outbox-pattern", "exactly-once-claim", "The relay fails to make processing exactly once.", false},
	{"correct-45", "optimistic-concurrency", "isolation-prevents-race", "The transaction hardly ever guarantees against lost updates.", false},
	{"correct-46", "redis-lock-and-failure", "replication-keeps-lock", "After the failover the replica didn't keep the lock, so two clients held it.", false},
	{"correct-47", "redis-lock-and-failure", "replication-keeps-lock", "In our outage the promoted replica never had the lock key, so a second client acquired it.", false},
	{"correct-49", "redis-wait-safe", "wait-makes-safe", "WAIT fails to make the replication synchronous: it only counts acknowledgements.", false},
	{"correct-50", "redis-wait-safe", "replication-keeps-lock", "There is no guarantee that the promoted replica has the key, even after WAIT returned 1.", false},
}

var g32bClaims = []flagCase{
	{"claim-01", "redis-early-expiry", "ttl-as-safety", "The network hardly ever drops packets, and the TTL guarantees that only one client holds the lock at a time.", true},
	{"claim-02", "redis-lock-and-failure", "replication-keeps-lock", "The key didn't expire early, and the replica keeps the lock after the failover.", true},
	{"claim-03", "fencing-token", "fencing-unneeded", "The old design changed nothing, but now Redlock removes the need for fencing tokens.", true},
	{"claim-04", "redlock-operations-q", "redlock-correctness", "The old design changed nothing, but now Redlock stays correct even under GC pauses.", true},
	{"claim-05", "redis-lock-and-failure", "mutex-no-lease", "Even if the primary fails to respond, the Redis lock acts as a plain mutex across the network that a holder keeps until it releases it.", true},
	{"claim-06", "redis-lock-and-failure", "replication-keeps-lock", "It hardly matters which store we use: the replica keeps the lock after the failover.", true},
	{"claim-07", "fencing-token", "fencing-unneeded", "Not only is it simple, but Redlock removes the need for fencing tokens.", true},
	{"claim-08", "redis-lock-and-failure", "mutex-no-lease", "Not only is it simple, but the Redis lock acts as a plain mutex across the network that a holder keeps until it releases it.", true},
	{"claim-09", "redis-wait-safe", "wait-makes-safe", "It didn't matter: WAIT makes Redis replication synchronous.", true},
	{"claim-10", "redis-wait-safe", "wait-makes-safe", "It hardly matters which store we use: WAIT makes Redis replication synchronous.", true},
	{"claim-11", "redis-lock-and-failure", "replication-keeps-lock", "The old lock didn't work, but now Sentinel preserves the lock across a failover.", true},
	{"claim-12", "fencing-token", "client-side-fencing", "We didn't add anything else because the client checks the fencing token itself before it writes to storage.", true},
	{"claim-13", "redis-vs-consensus", "redlock-correctness", "The Redlock majority survives long GC pauses.", true},
	{"claim-14", "choose-ttl", "ttl-as-safety", "It didn't matter: a longer TTL keeps two holders apart.", true},
	{"claim-15", "extend-lease", "fencing-unneeded", "The old lock didn't work, but now the renewal makes fencing tokens unnecessary.", true},
	{"claim-16", "redis-wait-safe", "wait-makes-safe", "WAIT guarantees that failover can't lose the lock; the old setup fails to do that.", true},
	{"claim-17", "redis-early-expiry", "ttl-as-safety", "It didn't matter: the TTL guarantees that only one client holds the lock at a time.", true},
	{"claim-18", "redis-vs-consensus", "redlock-correctness", "The old design changed nothing, but now the Redlock majority survives long GC pauses.", true},
	{"claim-19", "redis-wait-safe", "wait-makes-safe", "WAIT guarantees that failover can't lose the lock.", true},
	{"claim-20", "fencing-token", "client-side-fencing", "The client checks the fencing token itself before it writes to storage.", true},
	{"claim-21", "choose-ttl", "ttl-as-safety", "There is no guarantee that it's fast, but a longer TTL keeps two holders apart.", true},
	{"claim-22", "redis-wait-safe", "wait-makes-safe", "Even if the primary fails to respond, WAIT makes Redis replication synchronous.", true},
	{"claim-23", "redis-wait-safe", "wait-makes-safe", "WAIT makes Redis replication synchronous; the old setup fails to do that.", true},
	{"claim-24", "redis-lock-and-failure", "replication-keeps-lock", "The network hardly ever drops packets, and Sentinel preserves the lock across a failover.", true},
	{"claim-25", "redlock-operations-q", "redlock-correctness", "Redlock stays correct even under GC pauses; the old setup fails to do that.", true},
	{"claim-26", "redis-lock-and-failure", "mutex-no-lease", "The old design changed nothing, but now the Redis lock acts as a plain mutex across the network that a holder keeps until it releases it.", true},
	{"claim-27", "redlock-operations-q", "redlock-correctness", "We didn't add anything else because Redlock stays correct even under GC pauses.", true},
	{"claim-28", "redis-wait-safe", "wait-makes-safe", "We didn't add anything else because WAIT guarantees that failover can't lose the lock.", true},
	{"claim-29", "choose-ttl", "ttl-as-safety", "A longer TTL keeps two holders apart.", true},
	{"claim-30", "redis-vs-consensus", "redlock-correctness", "The Redlock majority survives long GC pauses; the old setup fails to do that.", true},
	{"claim-31", "choose-ttl", "ttl-as-safety", "The key didn't expire early, and a longer TTL keeps two holders apart.", true},
	{"claim-32", "redis-lock-and-failure", "mutex-no-lease", "The Redis lock acts as a plain mutex across the network that a holder keeps until it releases it; the old setup fails to do that.", true},
	{"claim-33", "redis-early-expiry", "ttl-as-safety", "The old lock didn't work, but now the TTL guarantees that only one client holds the lock at a time.", true},
	{"claim-34", "choose-ttl", "ttl-as-safety", "The old design changed nothing, but now a longer TTL keeps two holders apart.", true},
	{"claim-35", "redis-vs-consensus", "redlock-correctness", "The network hardly ever drops packets, and the Redlock majority survives long GC pauses.", true},
	{"claim-36", "redis-lock-and-failure", "replication-keeps-lock", "The old lock didn't work, but now the replica keeps the lock after the failover.", true},
	{"claim-37", "redis-lock-and-failure", "replication-keeps-lock", "The network hardly ever drops packets, and the replica keeps the lock after the failover.", true},
	{"claim-38", "redis-early-expiry", "ttl-as-safety", "Even if the primary fails to respond, the TTL guarantees that only one client holds the lock at a time.", true},
	{"claim-39", "fencing-token", "fencing-unneeded", "We didn't add anything else because Redlock removes the need for fencing tokens.", true},
	{"claim-40", "redlock-operations-q", "redlock-correctness", "Redlock stays correct even under GC pauses.", true},
	{"claim-41", "choose-ttl", "ttl-as-safety", "The old lock didn't work, but now a longer TTL keeps two holders apart.", true},
	{"claim-42", "extend-lease", "fencing-unneeded", "It hardly matters which store we use: the renewal makes fencing tokens unnecessary.", true},
	{"claim-43", "redis-lock-and-failure", "replication-keeps-lock", "Even if the primary fails to respond, Sentinel preserves the lock across a failover.", true},
	{"claim-44", "extend-lease", "fencing-unneeded", "We didn't add anything else because the renewal makes fencing tokens unnecessary.", true},
	{"claim-45", "redlock-operations-q", "redlock-correctness", "Even if the primary fails to respond, Redlock stays correct even under GC pauses.", true},
	{"claim-46", "choose-ttl", "ttl-as-safety", "Not only is it simple, but a longer TTL keeps two holders apart.", true},
	{"claim-47", "fencing-token", "client-side-fencing", "The key didn't expire early, and the client checks the fencing token itself before it writes to storage.", true},
	{"claim-48", "redis-wait-safe", "wait-makes-safe", "It hardly matters which store we use: WAIT guarantees that failover can't lose the lock.", true},
	{"claim-49", "redis-wait-safe", "wait-makes-safe", "It didn't matter: WAIT guarantees that failover can't lose the lock.", true},
	{"claim-50", "fencing-token", "fencing-unneeded", "It hardly matters which store we use: Redlock removes the need for fencing tokens.", true},
	{"claim-51", "fencing-token", "fencing-unneeded", "The network hardly ever drops packets, and Redlock removes the need for fencing tokens.", true},
	{"claim-52", "redlock-operations-q", "redlock-correctness", "The key didn't expire early, and Redlock stays correct even under GC pauses.", true},
	{"claim-53", "redlock-operations-q", "redlock-correctness", "There is no guarantee that it's fast, but Redlock stays correct even under GC pauses.", true},
	{"claim-54", "redis-early-expiry", "ttl-as-safety", "Not only is it simple, but the TTL guarantees that only one client holds the lock at a time.", true},
	{"claim-55", "redis-wait-safe", "wait-makes-safe", "Not only is it simple, but WAIT guarantees that failover can't lose the lock.", true},
	{"claim-56", "fencing-token", "fencing-unneeded", "It didn't matter: Redlock removes the need for fencing tokens.", true},
	{"claim-57", "redis-lock-and-failure", "replication-keeps-lock", "There is no guarantee that it's fast, but Sentinel preserves the lock across a failover.", true},
	{"claim-58", "redis-early-expiry", "ttl-as-safety", "There is no guarantee that it's fast, but the TTL guarantees that only one client holds the lock at a time.", true},
	{"claim-59", "redis-wait-safe", "wait-makes-safe", "The key didn't expire early, and WAIT makes Redis replication synchronous.", true},
	{"claim-60", "extend-lease", "fencing-unneeded", "There is no guarantee that it's fast, but the renewal makes fencing tokens unnecessary.", true},
	{"claim-61", "redis-lock-and-failure", "replication-keeps-lock", "It didn't matter: the replica keeps the lock after the failover.", true},
	{"claim-62", "redis-lock-and-failure", "replication-keeps-lock", "Not only is Redis fast, but the replica keeps the lock after a failover.", true},
	{"claim-63", "redis-lock-and-failure", "replication-keeps-lock", "The replica keeps the lock after the failover, so nothing is lost.", true},
	{"claim-64", "redis-lock-and-failure", "replication-keeps-lock", "Failover is handled by Sentinel, and because the replica has all the data, no lock is ever lost.", true},
	{"claim-65", "outbox-pattern", "dual-write-atomic", "While the lock is held nothing else can touch the order, so both steps effectively happen as one atomic unit.", true},
	{"claim-66", "choose-ttl", "ttl-as-safety", "Since the lease can't expire before the job finishes, you can never have two holders.", true},
}

func TestFixG32bCorrect(t *testing.T) {
	checkFlagCases(t, g32bCorrect)
	checkInserted(t, g24bBase, false, g32bCorrect)
}

func TestFixG32bClaims(t *testing.T) {
	checkFlagCases(t, g32bClaims)
}
