package quiz_test

import "testing"

// fixG26rSentences: g26r recall, three claim families the grader missed,
// in sentences of our own. The three patterns were reverted after review
// rev26r found about 30 correct sentences of its own newly flagged (a
// full-marks answer failed by each); the correct sentences stay here as
// a guard for whoever tries these families again. GO: random GUIDs compared for order, as if they
// were a counter (random-fencing-token). CU: two conditional updates said
// to both succeed, the reason given for a lock (lock-instead-of-constraint).
// CO: a counter read in the application and written back said to lose
// nothing (isolation-prevents-race). Want false: correct sentences sharing
// the pattern's words (negated, refuted, the correct counterpart, a
// diagnosis, a question); want true: the claim plainly asserted.
var fixG26rSentences = []flagCase{
	{"GO-C1", "fencing-in-real-systems", "random-fencing-token", "A GUID is not greater than the last one in any useful sense, so it can't serve as a fencing token.", false},
	{"GO-C2", "fencing-in-real-systems", "random-fencing-token", "Comparing two UUIDs to see which is greater than the other tells you nothing about which holder is newer.", false},
	{"GO-C3", "fencing-in-real-systems", "random-fencing-token", "The resource keeps only writes whose token is greater than the last one stored, so the token must come from a counter, not a GUID.", false},
	{"GO-C4", "fencing-in-real-systems", "random-fencing-token", "Random UUIDs have no order, so a rule like \"accept if greater than the last one\" lets a stale write through half the time.", false},
	{"GO-C5", "fencing-in-real-systems", "random-fencing-token", "Why can't the random GUID be compared with greater than? Because random values carry no order.", false},
	{"GO-C6", "fencing-in-real-systems", "random-fencing-token", "If you compare random GUIDs with greater than, a stale holder wins by chance.", false},
	{"GO-C7", "fencing-in-real-systems", "random-fencing-token", "Kafka gives each producer epoch a number greater than the previous one, unlike a random UUID.", false},
	{"GO-C8", "fencing-in-real-systems", "random-fencing-token", "A UUIDv7 sorts by creation time, but its timestamp comes from the client's clock, so it is still not a safe fencing token.", false},
	{"GO-C9", "fencing-in-real-systems", "random-fencing-token", "Treating a GUID as greater than another one is a mistake; use the lock service's revision.", false},
	{"GO-C10", "fencing-in-real-systems", "random-fencing-token", "The store should keep writes whose epoch is higher than the last one, and a random UUID can't give you that.", false},
	{"GO-C11", "fencing-in-real-systems", "random-fencing-token", "We still put a UUID in the lock value for release, and a separate counter for the token that is greater than the last one.", false},
	{"GO-C12", "fencing-in-real-systems", "random-fencing-token", "A random string is unique but it isn't newer than anything, so HDFS uses epochs instead.", false},
	{"GO-C13", "fencing-in-real-systems", "random-fencing-token", "People sometimes sort GUIDs and treat the larger one as the newer holder, which is wrong.", false},
	{"GO-C14", "fencing-in-real-systems", "random-fencing-token", "The random value identifies the holder for release; ordering comes from the zxid, which is always greater than the last one.", false},
	{"GO-C15", "fencing-in-real-systems", "random-fencing-token", "Raft terms are newer than older terms by construction, while a UUID is just a unique id with no ordering.", false},
	{"GO-C16", "fencing-in-real-systems", "random-fencing-token", "Would a GUID that happens to be greater than the last one prove anything? No, it's a coin flip.", false},
	{"GO-C17", "fencing-in-real-systems", "random-fencing-token", "Our team once compared random GUIDs for order, and stale writes slipped through whenever the old GUID happened to be higher than the new one.", false},
	{"GO-C18", "fencing-token", "random-fencing-token", "A UUID lock value is fine for safe release, but the fencing token must be a counter that only grows.", false},
	{"GO-C19", "fencing-token", "random-fencing-token", "Don't use a random value as the token: a value greater than the last one only means something if it comes from an increasing sequence.", false},
	{"GO-C20", "fencing-token", "random-fencing-token", "The storage rejects any token that isn't greater than the highest it has seen, which is why the token is a monotonic counter and not a UUID.", false},
	{"GO-C21", "fencing-token", "random-fencing-token", "Each grant gets a revision greater than the previous grant's, whereas a random string would give no ordering at all.", false},
	{"GO-C22", "fencing-token", "random-fencing-token", "A random GUID cannot be newer than another GUID; only the lock service's counter tells you which grant came later.", false},
	{"GO-C23", "fencing-token", "random-fencing-token", "UUIDs are random, so \"greater than\" between two of them is meaningless.", false},
	{"GO-C24", "fencing-token", "random-fencing-token", "Instead of a GUID, hand out an etcd revision, which is always higher than the previous holder's.", false},
	{"GO-C25", "holder-id-guard", "random-fencing-token", "The worker id is a UUID for logging; the claim itself is guarded by an attempt counter that is greater than the last one.", false},
	{"GO-C26", "holder-id-guard", "random-fencing-token", "Random holder ids are fine for telling workers apart but are not in any order, so they can't say which claim is newer.", false},
	{"GO-C27", "fencing-in-real-systems", "random-fencing-token", "Snowflake ids are roughly time-ordered, so a later one is usually greater than an earlier one, but they come from clocks and are not a fence.", false},
	{"CU-C1", "avoid-the-lock", "lock-instead-of-constraint", "Two conditional updates can't both succeed: the second one finds the version changed and matches zero rows.", false},
	{"CU-C2", "avoid-the-lock", "lock-instead-of-constraint", "With a plain UPDATE both succeed and one change is lost; a conditional update lets only one through.", false},
	{"CU-C3", "avoid-the-lock", "lock-instead-of-constraint", "If the WHERE clause forgets the version, both updates succeed, which is exactly the bug a CAS prevents.", false},
	{"CU-C4", "avoid-the-lock", "lock-instead-of-constraint", "Do two CAS calls on the same key both succeed? No, the second sees the new value and fails.", false},
	{"CU-C5", "avoid-the-lock", "lock-instead-of-constraint", "Both processes can read version 7, but only one of them wins the conditional update; the other gets 0 rows and retries.", false},
	{"CU-C6", "avoid-the-lock", "lock-instead-of-constraint", "People claim two CAS writes can both succeed, which is a myth on a single primary.", false},
	{"CU-C7", "avoid-the-lock", "lock-instead-of-constraint", "On a multi-leader setup two compare-and-set calls on different leaders can both succeed, so keep the CAS on one primary.", false},
	{"CU-C8", "avoid-the-lock", "lock-instead-of-constraint", "A version check makes sure the two writers never both succeed.", false},
	{"CU-C9", "avoid-the-lock", "lock-instead-of-constraint", "Optimistic concurrency means two writers may both read the row, yet they never both commit.", false},
	{"CU-C10", "avoid-the-lock", "lock-instead-of-constraint", "It's wrong to say a compare-and-set lets both writers win; the store checks and writes in one step.", false},
	{"CU-C11", "avoid-the-lock", "lock-instead-of-constraint", "Why do some teams think conditional writes can both succeed? Usually they ran the check in the application, not in the WHERE clause.", false},
	{"CU-C12", "avoid-the-lock", "lock-instead-of-constraint", "Unguarded updates both go through; a guarded update stops the second one.", false},
	{"CU-C13", "avoid-the-lock", "lock-instead-of-constraint", "With async replication and a failover, two conditional writes could both succeed on different primaries.", false},
	{"CU-C14", "avoid-the-lock", "lock-instead-of-constraint", "Against a stale cache a CAS can both succeed in theory, so do the compare on the database itself.", false},
	{"CU-C15", "avoid-the-lock", "lock-instead-of-constraint", "Skip the lock when a conditional update is available; at most one of two racing writers succeeds and the other retries.", false},
	{"CU-C16", "avoid-the-lock", "lock-instead-of-constraint", "The conditional update is atomic in the database, so two racing requests don't both succeed.", false},
	{"CU-C17", "avoid-the-lock", "lock-instead-of-constraint", "Both writers can issue the conditional update, but neither both succeed nor block: the loser just sees no rows updated.", false},
	{"CU-C18", "avoid-the-lock", "lock-instead-of-constraint", "Without the version in the WHERE clause the two writes both land and one overwrites the other.", false},
	{"CU-C19", "optimistic-concurrency", "lock-instead-of-constraint", "With version checks, the two saves never both succeed; the later one gets zero rows and the user is told to reload.", false},
	{"CU-C20", "optimistic-concurrency", "lock-instead-of-constraint", "The trap is a save without the version check, where both saves succeed silently.", false},
	{"CU-C21", "optimistic-concurrency", "lock-instead-of-constraint", "A conditional update is one statement, so both requests cannot succeed.", false},
	{"CU-C22", "row-lock", "lock-instead-of-constraint", "A conditional update doesn't let both workers succeed, and neither does FOR UPDATE.", false},
	{"CU-C23", "avoid-the-lock", "lock-instead-of-constraint", "A blind write lets both succeed; a compare-and-set would not.", false},
	{"CU-C24", "avoid-the-lock", "lock-instead-of-constraint", "If both succeed, your conditional update isn't really conditional: check that the version is in the WHERE clause.", false},
	{"CU-C25", "avoid-the-lock", "lock-instead-of-constraint", "In a leaderless store like Cassandra without LWT, two writes guarded only in the client can both succeed.", false},
	{"CO-C1", "avoid-the-lock", "isolation-prevents-race", "Each worker reads the count, adds one and writes it back, and that loses updates when two of them read the same value.", false},
	{"CO-C2", "avoid-the-lock", "isolation-prevents-race", "If each pod reads the count and writes it back, there is a lost update whenever two pods interleave.", false},
	{"CO-C3", "avoid-the-lock", "isolation-prevents-race", "Use UPDATE counters SET n = n + 1 so the read and write back happen in one statement and nothing is lost.", false},
	{"CO-C4", "avoid-the-lock", "isolation-prevents-race", "Reading the total and writing it back is fine only when a single writer owns the counter.", false},
	{"CO-C5", "avoid-the-lock", "isolation-prevents-race", "Don't read the count and write it back; use INCR, which is atomic, and nothing is lost.", false},
	{"CO-C6", "avoid-the-lock", "isolation-prevents-race", "A worker that reads the balance and writes it back is the classic lost update, not something that is fine.", false},
	{"CO-C7", "avoid-the-lock", "isolation-prevents-race", "Is it fine to read the count in the app and write it back? No, two workers can read the same count.", false},
	{"CO-C8", "avoid-the-lock", "isolation-prevents-race", "Reading the row FOR UPDATE and writing it back is fine, because the row lock holds off the other worker.", false},
	{"CO-C9", "avoid-the-lock", "isolation-prevents-race", "Reading the version and writing back with WHERE version = 7 means no lost update.", false},
	{"CO-C10", "avoid-the-lock", "isolation-prevents-race", "People say reading the count and writing it back is fine since each statement is atomic, but that's a myth.", false},
	{"CO-C11", "avoid-the-lock", "isolation-prevents-race", "With one consumer per partition, a worker can read the count and write it back, and nothing is lost.", false},
	{"CO-C12", "avoid-the-lock", "isolation-prevents-race", "The naive version reads the count, adds one and writes it back, and the last write wins with the wrong total.", false},
	{"CO-C13", "avoid-the-lock", "isolation-prevents-race", "When two workers read the same count and write it back, one increment vanishes; it is not fine.", false},
	{"CO-C14", "avoid-the-lock", "isolation-prevents-race", "Each worker reads the counter, adds one and writes it back with a compare-and-set on the old value, so nothing is lost.", false},
	{"CO-C15", "avoid-the-lock", "isolation-prevents-race", "If you read and write back in a Lua script, Redis runs it atomically and no update is lost.", false},
	{"CO-C16", "avoid-the-lock", "isolation-prevents-race", "It would be fine to read the count and write it back if only one process ever touched it.", false},
	{"CO-C17", "avoid-the-lock", "isolation-prevents-race", "Reading the count and writing back the total is racy; two workers that both read 10 both write 11.", false},
	{"CO-C18", "avoid-the-lock", "isolation-prevents-race", "A stale read followed by a write back overwrites the other worker's increment, so it's not the correct total.", false},
	{"CO-C19", "optimistic-concurrency", "isolation-prevents-race", "The app reads the document with its version and writes it back only where the version still matches, so no update is lost.", false},
	{"CO-C20", "optimistic-concurrency", "isolation-prevents-race", "Reading the row and saving it back without a version check is how the last save silently wins.", false},
	{"CO-C21", "avoid-the-lock", "isolation-prevents-race", "Each pod gets the count from Redis with INCRBY instead of reading and writing it back, so nothing is lost.", false},
	{"CO-C22", "avoid-the-lock", "isolation-prevents-race", "Reading the count and writing it back is only correct for a counter one worker owns.", false},
	// "lower than" / "smaller than" and a "why" question, after widening.
	{"GO-L1", "fencing-token", "random-fencing-token", "A UUID can't tell you which holder is older, because one UUID being lower than another means nothing.", false},
	{"GO-L2", "fencing-token", "random-fencing-token", "The resource refuses a token lower than the highest it has seen, so the token is a counter and not a random UUID.", false},
	{"GO-L3", "fencing-token", "random-fencing-token", "Keep the UUID for release only; the fencing token is a revision, and a stale one is lower than the current.", false},
	{"GO-L4", "fencing-token", "random-fencing-token", "Random GUIDs are smaller than each other by pure chance, which is why they can't fence.", false},
	{"GO-L5", "fencing-token", "random-fencing-token", "Is a random value that is smaller than the stored one older? No, it's arbitrary.", false},
	{"GO-L6", "fencing-in-real-systems", "random-fencing-token", "HDFS journal nodes reject an epoch lower than the promised one, something a random UUID could never do.", false},
	{"GO-L7", "fencing-in-real-systems", "random-fencing-token", "With a GUID you can't say whose write is lower than whose; epochs give you that order.", false},
	{"GO-L8", "fencing-in-real-systems", "random-fencing-token", "If the old holder's UUID happens to be lower than the new one, the stale write slips through, so don't compare UUIDs.", false},
	{"GO-L9", "holder-id-guard", "random-fencing-token", "The claim row stores a random UUID, and the guard is equality on it, not \"lower than\" or \"greater than\".", false},
	{"GO-L10", "holder-id-guard", "random-fencing-token", "Our UUIDs are only for equality; a counter that is never lower than the last one handles ordering.", false},
	{"GO-L11", "fencing-token", "random-fencing-token", "A UUID compared with lower than is a coin flip, so use a monotonic counter instead.", false},
	{"CU-L12", "avoid-the-lock", "lock-instead-of-constraint", "Why would two conditional updates both succeed? They can't; the second one matches zero rows.", false},
	{"CU-L13", "avoid-the-lock", "lock-instead-of-constraint", "Why do people think CAS writes both succeed under load? Because they did the check in the app.", false},
	{"CU-L14", "avoid-the-lock", "lock-instead-of-constraint", "Two CAS writes never both succeed on one primary, which is why I skip the lock here.", false},
	{"CU-L15", "avoid-the-lock", "lock-instead-of-constraint", "A version check means only one of the two writers succeeds, which is why optimistic concurrency replaces the lock.", false},
	{"CU-L16", "avoid-the-lock", "lock-instead-of-constraint", "Both requests can send the conditional update, yet they can't both succeed, which is why no lock is needed.", false},
	// A random lock value named beside a timing bound or beside an ordered
	// counter: the comparison is not said of the random value.
	{"GO-T1", "redlock-operations-q", "random-fencing-token", "Each client writes a random value with a TTL larger than the job, and the lock counts only if the elapsed time is smaller than the validity.", false},
	{"GO-T2", "redis-lock-and-failure", "random-fencing-token", "SET the key to a random value with NX and a TTL higher than the p99 of the job.", false},
	{"GO-T3", "redis-lock-and-failure", "random-fencing-token", "The random value must be longer than 20 bytes, and its entropy higher than what a guess could hit.", false},
	{"GO-T4", "fencing-token", "random-fencing-token", "Put a random UUID in the lock value and choose a lease bigger than the slowest run.", false},
	{"GO-T5", "redlock-operations-q", "random-fencing-token", "A random value per attempt, and a lock on more than half of the nodes, which is a majority higher than N/2.", false},
	{"GO-T6", "redis-lock-and-failure", "random-fencing-token", "Use a UUID as the value; the retry delay is random and greater than a few milliseconds.", false},
	{"GO-T7", "fencing-token", "random-fencing-token", "The UUID is compared for equality on release, while the counter the lock service returns is greater than every earlier one.", false},
	{"GO-T8", "design-lock-service-q", "random-fencing-token", "Clients hold a random session id, and each grant carries a revision higher than the last.", false},
	{"GO-T9", "fencing-in-real-systems", "random-fencing-token", "ZooKeeper's zxid is greater than any earlier one, while the session id is random-looking and only identifies the client.", false},
	{"GO-T10", "fencing-token", "random-fencing-token", "Keep the random value for release; the token the store sees must be higher than the last one.", false},
	{"GO-T11", "fencing-token", "random-fencing-token", "The UUID proves who holds the key, and the number the storage compares has to be greater than the previous holder's.", false},
	{"GO-T12", "redis-lock-and-failure", "random-fencing-token", "Release checks the random value, and the resource only accepts a token greater than the one it saw last.", false},
	{"GO-T13", "fencing-in-real-systems", "random-fencing-token", "A GUID names the holder, and a separate number greater than the last one orders them.", false},
	{"GO-T14", "fencing-token", "random-fencing-token", "Besides the random value, the lock service returns a number that is always greater than the one before.", false},
	{"GO-T15", "holder-id-guard", "random-fencing-token", "The worker writes its UUID into the row and bumps attempt to a value greater than before.", false},
	{"GO-T16", "fencing-token", "random-fencing-token", "The random string is for safe deletion; what the database compares is a grant number higher than any earlier grant.", false},
	{"GO-T17", "redis-vs-consensus", "random-fencing-token", "Redis gives you a random value per lock, while etcd gives you a revision greater than every earlier one.", false},
	// Guarded writes that succeed in turn, on different rows or after a
	// retry; a counter with one owner, or a worker's own copy.
	{"CU-S1", "avoid-the-lock", "lock-instead-of-constraint", "Two transactions that take FOR UPDATE both succeed, one after the other, and the conditional update works the same way in sequence.", false},
	{"CU-S2", "avoid-the-lock", "lock-instead-of-constraint", "When the requests are sequential, both conditional updates succeed, since each sees the other's version.", false},
	{"CU-S3", "avoid-the-lock", "lock-instead-of-constraint", "Retries with the same version check both succeed only the first time; the replay gets zero rows.", false},
	{"CU-S4", "avoid-the-lock", "lock-instead-of-constraint", "Both the unique insert and the conditional update succeed or fail inside one transaction.", false},
	{"CU-S5", "avoid-the-lock", "lock-instead-of-constraint", "If two users edit different rows, both conditional updates succeed, which is correct.", false},
	{"CU-S6", "avoid-the-lock", "lock-instead-of-constraint", "Two CAS writes on different keys both succeed, and that's fine because they don't conflict.", false},
	{"CU-S7", "optimistic-concurrency", "lock-instead-of-constraint", "A save and a later save that first reloads the version both succeed, because the second one saw the first.", false},
	{"CU-S8", "avoid-the-lock", "lock-instead-of-constraint", "Both workers succeed in the end: one wins the compare-and-set and the other retries with the fresh version.", false},
	{"CO-S9", "avoid-the-lock", "isolation-prevents-race", "Each worker reads its own shard's counter and writes it back; nothing is lost because no two workers share a shard.", false},
	{"CO-S10", "avoid-the-lock", "isolation-prevents-race", "The handler reads the settings, the admin edits them, and the form writes it back with an ETag, so nothing is lost.", false},
	{"CO-S11", "avoid-the-lock", "isolation-prevents-race", "A nightly job reads yesterday's totals and writes back a summary row, which is fine because nothing else writes that row.", false},
	{"CO-S12", "avoid-the-lock", "isolation-prevents-race", "A single consumer per key reads the count and writes it back, so no update is lost.", false},
	{"CO-S13", "avoid-the-lock", "isolation-prevents-race", "Each pod reads the config file and writes it back to its own disk, which is fine.", false},
	{"CO-S14", "avoid-the-lock", "isolation-prevents-race", "Reading the cached count and writing back only the delta with INCRBY means nothing is lost.", false},
	{"CO-S15", "skip-locked-queue", "isolation-prevents-race", "The worker reads the job, does the work, and writes back done in its own transaction, which is fine because the attempt guard rejects a stale worker.", false},
	{"CO-S16", "row-lock", "isolation-prevents-race", "A session reads the row and writes it back after SELECT FOR UPDATE, and no lost update is possible.", false},
}

// TestFixG26rAlone: each sentence graded alone.
func TestFixG26rAlone(t *testing.T) {
	checkFlagCases(t, fixG26rSentences)
}

// TestFixG26rInserted: the same sentences inside a correct answer of ours.
func TestFixG26rInserted(t *testing.T) {
	var cases []flagCase
	for _, c := range fixG26rSentences {
		// (the row-lock and redlock-operations-q base answers alone are no
		// clean pass)
		if precisionG24Base(c.question) == "" || c.question == "row-lock" || c.question == "redlock-operations-q" {
			continue
		}
		cases = append(cases, c)
	}
	checkInserted(t, precisionG24Base, true, cases)
}
