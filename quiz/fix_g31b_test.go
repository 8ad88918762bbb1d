package quiz_test

import "testing"

// Tests for g31b, after its fix round: the three g31b recall lines (a
// read-modify-write said safe in a transaction, a written-back value said
// safe because each statement is atomic, a leader/CronJob/@Scheduled said
// to guarantee one run per period) flagged correct answers (row locks,
// guarded UPDATEs, If-Match, a period row with a primary key, hedged leader
// sentences) and were reverted to main's behaviour. What follows is the
// original g31b description, kept for the correct cases it still holds: A
// read-modify-write (a value read, changed in the application and written
// back) said to be safe inside a transaction, @Transactional or READ
// COMMITTED, or because each statement is atomic, raises
// isolation-prevents-race; the database's own arbiters (a unique
// constraint, a conditional update, compare-and-set, a version check) said
// to race or to be unreliable, so a lock is needed, raises
// lock-instead-of-constraint. Every sentence is our own. g31bCorrect share
// the patterns' words (the counterpart, negated, refuted, a diagnosis, a
// question) and must stay clean, alone and inserted into a clean answer;
// g31bClaims must raise the flag. On run-job-once, a leader, a CronJob or
// @Scheduled said to guarantee exactly one run per period raises
// lock-instead-of-constraint.

var g31bCorrect = []flagCase{
	{"correct-01", "avoid-the-lock", "isolation-prevents-race", "Each statement is atomic, but a worker that reads the counter and writes the sum back can still lose an update.", false},
	{"correct-02", "avoid-the-lock", "isolation-prevents-race", "Every statement in Postgres is atomic, yet reading the count and writing it back is two statements, so updates get lost.", false},
	{"correct-03", "avoid-the-lock", "isolation-prevents-race", "Instead of reading the counter and writing the sum back, run one atomic UPDATE that increments in place, so no update is lost.", false},
	{"correct-04", "avoid-the-lock", "isolation-prevents-race", "Rather than computing the new value in the app and writing it back, let each statement do the arithmetic so nothing is lost.", false},
	{"correct-05", "avoid-the-lock", "isolation-prevents-race", "People assume every statement is atomic so writing the total back cannot lose anything, and that is the mistake.", false},
	{"correct-06", "avoid-the-lock", "isolation-prevents-race", "Don't write the sum back from the app; each statement is atomic only on its own, so you can't lose an update only when the increment is in the SQL.", false},
	{"correct-07", "avoid-the-lock", "isolation-prevents-race", "If two workers write back a value computed in the app, each statement is atomic but one increment is lost.", false},
	{"correct-08", "avoid-the-lock", "isolation-prevents-race", "Does each statement being atomic mean that writing the total back cannot lose an update? No.", false},
	{"correct-09", "avoid-the-lock", "isolation-prevents-race", "A value computed in the app and written back races even though every statement is atomic.", false},
	{"correct-10", "avoid-the-lock", "isolation-prevents-race", "Writing back a total computed in the app is only safe with a version check, since each statement alone is atomic but the pair is not.", false},
	{"correct-11", "avoid-the-lock", "isolation-prevents-race", "The naive version reads, adds and writes back; every statement is atomic, but the read is stale, so an update is lost.", false},
	{"correct-12", "avoid-the-lock", "isolation-prevents-race", "With UPDATE counters SET n = n + 1 every statement is atomic and no update is lost, because nothing is written back from the app.", false},
	{"correct-13", "avoid-the-lock", "isolation-prevents-race", "Writing back an app-computed value would lose an update, even though each statement is atomic.", false},
	{"correct-14", "avoid-the-lock", "isolation-prevents-race", "It seems safe to write the sum back because each statement is atomic, but it is not: no race-free guarantee covers the pair.", false},
	{"correct-15", "avoid-the-lock", "isolation-prevents-race", "Each command in Redis is atomic, but GET then SET written back from the client is a race unless you use a Lua script.", false},
	{"correct-16", "avoid-the-lock", "isolation-prevents-race", "The fix is a compare: write the total back only where the version matches, and each statement is atomic, so nothing is lost.", false},
	{"correct-17", "avoid-the-lock", "isolation-prevents-race", "A transaction at read committed does not make a read-modify-write safe: both transactions read the same balance.", false},
	{"correct-18", "avoid-the-lock", "isolation-prevents-race", "Read committed lets two transactions read the balance and both write back, so it is not safe from lost updates.", false},
	{"correct-19", "avoid-the-lock", "isolation-prevents-race", "Inside a transaction a read-modify-write is only safe if you lock the row with FOR UPDATE.", false},
	{"correct-20", "avoid-the-lock", "isolation-prevents-race", "Wrapping the read-modify-write in @Transactional is not enough; at read committed you still get a lost update.", false},
	{"correct-21", "avoid-the-lock", "isolation-prevents-race", "A common mistake is to think a transaction makes read-modify-write safe at read committed.", false},
	{"correct-22", "avoid-the-lock", "isolation-prevents-race", "If you read the balance inside a transaction at serializable, Postgres aborts one of the two writers, so no update is lost.", false},
	{"correct-23", "avoid-the-lock", "isolation-prevents-race", "Is a read-modify-write in a transaction safe at read committed? Not without FOR UPDATE or a version column.", false},
	{"correct-24", "avoid-the-lock", "isolation-prevents-race", "Reading the stock with findById and saving stock minus one inside @Transactional can oversell under read committed.", false},
	{"correct-25", "avoid-the-lock", "isolation-prevents-race", "A transaction does not make read then write safe; use a conditional update or SELECT FOR UPDATE.", false},
	{"correct-26", "avoid-the-lock", "isolation-prevents-race", "With repeatable read in Postgres, a transaction that read the balance and tries to write after another commit fails, so no update is lost.", false},
	{"correct-27", "avoid-the-lock", "isolation-prevents-race", "The transactional read-modify-write looks safe but at the default isolation level two requests read the same count.", false},
	{"correct-28", "avoid-the-lock", "isolation-prevents-race", "Teams believe @Transactional makes reading the balance and saving it safe, but it only makes the two statements commit together.", false},
	{"correct-29", "avoid-the-lock", "isolation-prevents-race", "A read-modify-write of the counter at read committed would be safe only with SELECT ... FOR UPDATE taking the row lock.", false},
	{"correct-30", "avoid-the-lock", "isolation-prevents-race", "Read committed does not prevent lost updates on a read-modify-write; serializable or a row lock does.", false},
	{"correct-31", "avoid-the-lock", "isolation-prevents-race", "The transaction rolls back both statements together on error, but it does not stop two readers from reading the balance at once, so it is not race-free.", false},
	{"correct-32", "avoid-the-lock", "isolation-prevents-race", "If two services read the balance inside a transaction and write it back, one of the updates is lost at read committed.", false},
	{"correct-33", "avoid-the-lock", "isolation-prevents-race", "If you read the balance in a transaction and write back the new value, is that safe? At read committed it is not.", false},
	{"correct-34", "avoid-the-lock", "isolation-prevents-race", "If both requests read the stock in a transaction and then save it, read committed lets them oversell.", false},
	{"correct-35", "avoid-the-lock", "isolation-prevents-race", "If the read and the write sit in one transaction at read committed, both transactions can still read the same value and no error is raised.", false},
	{"correct-36", "avoid-the-lock", "isolation-prevents-race", "Interviewers like to ask whether a read-modify-write inside a transaction is safe; the honest answer is no, not at read committed.", false},
	{"correct-37", "avoid-the-lock", "isolation-prevents-race", "When two transactions read the count at read committed, both write back the same total and one increment disappears.", false},
	{"correct-38", "avoid-the-lock", "isolation-prevents-race", "A transaction keeps the read and the write atomic on commit, not isolated from a second reader of the balance; that is why it loses updates.", false},
	{"correct-39", "avoid-the-lock", "isolation-prevents-race", "Even inside @Transactional, reading the balance and saving balance minus amount is a race: use SELECT FOR UPDATE.", false},
	{"correct-40", "avoid-the-lock", "isolation-prevents-race", "The claim that read committed makes a read-modify-write safe is false.", false},
	{"correct-41", "avoid-the-lock", "isolation-prevents-race", "Read the balance with FOR UPDATE inside the transaction, so the second reader waits and no update is lost.", false},
	{"correct-42", "avoid-the-lock", "isolation-prevents-race", "Our bug: every pod read the counter in a transaction and wrote it back, thinking read committed made it safe.", false},
	{"correct-43", "avoid-the-lock", "isolation-prevents-race", "Read-modify-write in a transaction at read committed is not safe; the second commit silently overwrites the first.", false},
	{"correct-44", "avoid-the-lock", "isolation-prevents-race", "The default isolation level does not stop two transactions from reading the same balance before either writes.", false},
	{"correct-45", "avoid-the-lock", "isolation-prevents-race", "A version column makes the read-modify-write in a transaction safe, because the second write matches zero rows.", false},
	{"correct-46", "avoid-the-lock", "isolation-prevents-race", "Each statement is atomic, which is exactly why writing the total back from the app is not: it takes two statements.", false},
	{"correct-47", "avoid-the-lock", "isolation-prevents-race", "When every pod writes back a total it computed in the app, each statement is atomic and yet updates are lost.", false},
	{"correct-48", "avoid-the-lock", "isolation-prevents-race", "Writing back a value computed in the app overwrites concurrent changes; each statement being atomic does not help.", false},
	{"correct-49", "avoid-the-lock", "isolation-prevents-race", "Should each worker write back the total it computed? No: each statement is atomic, but two of them can race.", false},
	{"correct-50", "avoid-the-lock", "isolation-prevents-race", "The job used to write the sum back; each operation was atomic, but we still saw lost increments until we moved to UPDATE n = n + 1.", false},
	{"correct-51", "avoid-the-lock", "isolation-prevents-race", "A common myth: every statement is atomic, so writing the sum back cannot race.", false},
	{"correct-52", "avoid-the-lock", "isolation-prevents-race", "It would be wrong to say that writing back a value computed in the app is race-free because each statement is atomic.", false},
	{"correct-53", "avoid-the-lock", "isolation-prevents-race", "A new value computed in the app and written back is only safe if the update compares the old value, since each statement alone cannot lose nothing.", false},
	{"correct-54", "avoid-the-lock", "isolation-prevents-race", "Don't compute the new value in the app; each statement that increments in place is atomic, so nothing is lost.", false},
	{"correct-55", "avoid-the-lock", "isolation-prevents-race", "Although every statement is atomic, writing it back from the app can lose an update.", false},
	{"correct-82", "run-job-once", "lock-instead-of-constraint", "Leader election does not guarantee exactly one leader at every instant: a deposed leader may not know yet.", false},
	{"correct-83", "run-job-once", "lock-instead-of-constraint", "A CronJob doesn't guarantee exactly one run; the controller can create two Jobs for one schedule, so keep the job idempotent.", false},
	{"correct-84", "run-job-once", "lock-instead-of-constraint", "@Scheduled fires on every instance, so it does not make sure only one instance runs it.", false},
	{"correct-85", "run-job-once", "lock-instead-of-constraint", "The claim row, not the leader, guarantees one run per period.", false},
	{"correct-86", "run-job-once", "lock-instead-of-constraint", "Leader election alone cannot guarantee once per period; record the period in a claim row.", false},
	{"correct-87", "run-job-once", "lock-instead-of-constraint", "It is a myth that a CronJob guarantees exactly one run.", false},
	{"correct-88", "run-job-once", "lock-instead-of-constraint", "People think the elected leader guarantees exactly one run, but a paused leader can be replaced while it works.", false},
	{"correct-89", "run-job-once", "lock-instead-of-constraint", "concurrencyPolicy Forbid makes sure only one Job runs at a time, which is not once per period.", false},
	{"correct-90", "run-job-once", "lock-instead-of-constraint", "Would leader election guarantee exactly one run per period? Only with fencing and a claim.", false},
	{"correct-91", "run-job-once", "lock-instead-of-constraint", "With a CronJob you still need an idempotent job, since a retry of a failed pod runs the period again.", false},
	{"correct-92", "run-job-once", "lock-instead-of-constraint", "The leader inserts the period row and only the insert's winner runs, which guarantees one run per period.", false},
	{"correct-93", "run-job-once", "lock-instead-of-constraint", "A scheduled task on every node never guarantees only one instance runs it; the insert does.", false},
	{"correct-94", "run-job-once", "lock-instead-of-constraint", "Leader election is useful to reduce load, but it does not ensure exactly one run.", false},
	{"correct-95", "run-job-once", "lock-instead-of-constraint", "Even an elected leader needs fencing tokens, since the leader can be deposed mid-run and the new one runs the same period.", false},
	{"correct-96", "run-job-once", "lock-instead-of-constraint", "CronJob schedules are at-least-once in practice: the controller may start a Job twice after a restart, so a unique claim is still needed.", false},
	{"correct-97", "run-job-once", "lock-instead-of-constraint", "The scheduled job takes a claim per period; that claim ensures only one instance performs it.", false},
	{"correct-98", "run-job-once", "lock-instead-of-constraint", "Spring's @Scheduled runs on every instance, which is exactly why you can't rely on it to make sure only one instance runs.", false},
	{"correct-99", "run-job-once", "lock-instead-of-constraint", "Leader election guarantees at most one leader that believes it leads, only if clocks behave, which is not exactly one run.", false},
	{"correct-100", "run-job-once", "lock-instead-of-constraint", "A cron job on one box makes sure of one run per period only until that box dies; then nothing runs.", false},
	{"correct-101", "run-job-once", "lock-instead-of-constraint", "Tempting as it is to say the leader guarantees once per period, a GC pause breaks it.", false},
	{"correct-102", "run-job-once", "lock-instead-of-constraint", "The CronJob controller can miss a schedule or run it twice; it does not guarantee exactly one job.", false},
	{"correct-103", "run-job-once", "lock-instead-of-constraint", "If the leader guarantees only one instance schedules the work, you still must dedupe by period.", false},
	{"correct-104", "run-job-once", "lock-instead-of-constraint", "A cronjob with Forbid prevents overlap, but it does not ensure exactly one run per period.", false},
	{"correct-105", "run-job-once", "lock-instead-of-constraint", "No scheduler, leader or CronJob guarantees exactly one run; design for at-least-once.", false},
	{"correct-106", "run-job-once", "lock-instead-of-constraint", "Use the leader only as an optimisation; the unique constraint is what guarantees once per period.", false},
	{"correct-107", "run-job-once", "lock-instead-of-constraint", "The leader makes sure only one instance schedules the job until it is paused past its lease; then two run.", false},
	{"correct-108", "run-job-once", "lock-instead-of-constraint", "Does a CronJob ensure exactly one job per schedule? Its docs say a job may be created twice.", false},
	{"correct-109", "run-job-once", "lock-instead-of-constraint", "Leader election gives you one scheduler most of the time; to make sure of one run per period, insert a claim row.", false},
	// g31b fix: the counterparts the reverted lines flagged (own words).
	{"fix-correct-01", "avoid-the-lock", "isolation-prevents-race", "Taking a row lock in the transaction before reading the balance keeps the read-modify-write safe until commit.", false},
	{"fix-correct-02", "row-lock", "isolation-prevents-race", "Once the transaction holds the row lock, a second transaction reading the same balance blocks until the first commits.", false},
	{"fix-correct-03", "row-lock", "isolation-prevents-race", "The row lock is what keeps our read-modify-write safe, and only while the transaction is open.", false},
	{"fix-correct-04", "row-lock", "isolation-prevents-race", "I lock the account row at the start of the transaction, then read the balance and save the new one; the lock orders the two writers.", false},
	{"fix-correct-05", "row-lock", "isolation-prevents-race", "With a pessimistic lock held by the transaction, the read-modify-write on the balance is safe because the other reader waits.", false},
	{"fix-correct-06", "avoid-the-lock", "isolation-prevents-race", "A transaction that first grabs a row-level lock on the order makes the read-then-write of its stock safe.", false},
	{"fix-correct-07", "avoid-the-lock", "isolation-prevents-race", "In JPA, @Transactional together with a PESSIMISTIC_WRITE lock on the lookup keeps the read-modify-write safe.", false},
	{"fix-correct-08", "avoid-the-lock", "isolation-prevents-race", "Calling pg_advisory_xact_lock on the account id first thing in the transaction makes the read-modify-write on it safe.", false},
	{"fix-correct-09", "avoid-the-lock", "isolation-prevents-race", "Inside the transaction the read-modify-write is safe as long as the UPDATE's WHERE matches the value we read and we check rows affected.", false},
	{"fix-correct-10", "avoid-the-lock", "isolation-prevents-race", "Read the counter in the transaction, then write with UPDATE ... WHERE n = :seen, and retry when zero rows change; that read-modify-write is safe.", false},
	{"fix-correct-11", "avoid-the-lock", "isolation-prevents-race", "A transaction at READ COMMITTED that runs UPDATE ... WHERE stock >= :qty after reading the stock cannot oversell, since the WHERE is evaluated on the locked row.", false},
	{"fix-correct-12", "optimistic-concurrency", "isolation-prevents-race", "The save runs in a transaction that compares If-Match with the stored ETag, which makes the read-then-write safe.", false},
	{"fix-correct-13", "optimistic-concurrency", "isolation-prevents-race", "Our transaction writes with WHERE updated_at = :seen_at, so the read-modify-write is safe: no row updated means another save won.", false},
	{"fix-correct-14", "avoid-the-lock", "isolation-prevents-race", "Redis commands are atomic one at a time, so INCRBY loses nothing, while a GET followed by a SET of the new value can.", false},
	{"fix-correct-15", "run-job-once", "lock-instead-of-constraint", "A runs table with a primary key on (job, period) ensures exactly one run per period, even if every pod has the schedule.", false},
	{"fix-correct-16", "run-job-once", "lock-instead-of-constraint", "Every instance has the cron job, and the primary key on the period row ensures exactly one run per period.", false},
	{"fix-correct-17", "run-job-once", "lock-instead-of-constraint", "The scheduled task inserts the period first; the primary key ensures one run per period for it.", false},
	{"fix-correct-18", "run-job-once", "lock-instead-of-constraint", "An upsert keyed by the period into the job_runs table ensures only one run per period, whatever the scheduler fires.", false},
	{"fix-correct-19", "run-job-once", "lock-instead-of-constraint", "Our @Scheduled method starts with an idempotent upsert of the period row, which ensures one run per period.", false},
	{"fix-correct-20", "run-job-once", "lock-instead-of-constraint", "The first instance to write the period row makes sure only one run per period happens; the scheduled copies on other pods get a duplicate key and stop.", false},
	{"fix-correct-21", "run-job-once", "lock-instead-of-constraint", "A dedup table keyed by the period makes sure only one run per period gets through, no matter how often the cron job fires.", false},
	{"fix-correct-22", "run-job-once", "lock-instead-of-constraint", "The scheduled job selects the period row FOR UPDATE and marks it done, which ensures exactly one run per period.", false},
	{"fix-correct-23", "run-job-once", "lock-instead-of-constraint", "Leader election is only an optimisation so usually one instance tries; the period row with its primary key is what ensures one run per period.", false},
	{"fix-correct-24", "run-job-once", "lock-instead-of-constraint", "The elected leader ensures one instance fires the job in the normal case, and the period's primary key rejects any second run.", false},
	{"fix-correct-25", "run-job-once", "lock-instead-of-constraint", "Leader election ensures that normally only one pod runs the job; since the job is idempotent, a second run after failover does no harm.", false},
	{"fix-correct-26", "run-job-once", "lock-instead-of-constraint", "Leader election ensures exactly one leader most of the time, which saves duplicate work; the primary key on the period makes a repeat harmless.", false},
	{"fix-correct-27", "run-job-once", "lock-instead-of-constraint", "The leader ensures that, usually, only one instance starts the job, and the job_runs key on the period catches the rest.", false},
	{"fix-correct-28", "run-job-once", "lock-instead-of-constraint", "With concurrencyPolicy: Forbid the CronJob makes sure only one Job is active at once, skipping a tick while the previous one runs.", false},
	{"fix-correct-29", "run-job-once", "lock-instead-of-constraint", "A CronJob guarantees nothing about one run per period; the controller can create the Job twice.", false},
	{"fix-correct-30", "run-job-once", "lock-instead-of-constraint", "It is wrong to think leader election ensures one run per period, because a deposed leader may still be running.", false},
}

// g31bClaims: plain run-job-once claims main's lines already catch; the
// revert must keep them flagged.
var g31bClaims = []flagCase{
	{"fix-claim-01", "run-job-once", "lock-instead-of-constraint", "Spring's @Scheduled makes sure the report runs only once per period.", true},
	{"fix-claim-02", "run-job-once", "lock-instead-of-constraint", "Only the elected leader runs the job, so it is guaranteed to run exactly once per period.", true},
	{"fix-claim-03", "run-job-once", "lock-instead-of-constraint", "The leader makes sure the job runs exactly once each period, even across pod restarts.", true},
	{"fix-claim-04", "run-job-once", "lock-instead-of-constraint", "Running the cron job on just one machine makes sure it runs only once per period, nothing more needed.", true},
	{"fix-claim-05", "run-job-once", "lock-instead-of-constraint", "A Kubernetes Lease for leader election ensures the job runs once across the cluster.", true},
	{"fix-claim-06", "run-job-once", "lock-instead-of-constraint", "startingDeadlineSeconds on the CronJob ensures the job runs at most once per period.", true},
}

func TestFixG31bCorrect(t *testing.T) {
	checkFlagCases(t, g31bCorrect)
	checkInserted(t, g24bBase, false, g31bCorrect)
}

func TestFixG31bClaims(t *testing.T) {
	checkFlagCases(t, g31bClaims)
	checkInserted(t, g24bBase, false, g31bClaims)
}
