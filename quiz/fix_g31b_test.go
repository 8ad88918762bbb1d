package quiz_test

import "testing"

// Tests for g31b: recall on avoid-the-lock and run-job-once. A
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
}

var g31bClaims = []flagCase{
	{"claim-01", "avoid-the-lock", "isolation-prevents-race", "Each worker reads the counter, adds one and writes the sum back; every statement in Postgres is atomic, so no update is ever lost.", true},
	{"claim-02", "avoid-the-lock", "isolation-prevents-race", "Because the service method is @Transactional, reading the stock and saving stock minus one is safe even from twenty pods.", true},
	{"claim-03", "avoid-the-lock", "isolation-prevents-race", "Inside a transaction the read and the write happen together, so a read-modify-write of the balance is safe without a lock.", true},
	{"claim-06", "avoid-the-lock", "isolation-prevents-race", "Read the balance in a transaction at read committed and write back the balance minus the amount; Postgres will not allow a lost update.", true},
	{"claim-07", "avoid-the-lock", "isolation-prevents-race", "Read the balance in a transaction and write back the new value; Postgres will not allow a lost update.", true},
	{"claim-08", "avoid-the-lock", "isolation-prevents-race", "Read the balance in a transaction and write back the new value, and there is no lost update.", true},
	{"claim-09", "avoid-the-lock", "isolation-prevents-race", "Compute the new balance in the application and write it; each statement is atomic, so two pods cannot lose an update.", true},
	{"claim-10", "avoid-the-lock", "isolation-prevents-race", "We compute the new balance in the application and write it back; each statement is atomic, so no update is lost.", true},
	{"claim-11", "avoid-the-lock", "isolation-prevents-race", "The new value is computed in the app and written; every statement is atomic, so two pods can't lose an update.", true},
	{"claim-12", "avoid-the-lock", "isolation-prevents-race", "Read the balance in a transaction at the default read committed level and write back the new value; Postgres will not allow a lost update.", true},
	{"claim-13", "avoid-the-lock", "isolation-prevents-race", "Read the balance in a transaction and write back the new value; Postgres does not allow a lost update.", true},
	{"claim-14", "avoid-the-lock", "isolation-prevents-race", "Reading the balance inside a transaction and saving the new one is safe at read committed, so no version column is needed.", true},
	{"claim-15", "avoid-the-lock", "isolation-prevents-race", "Inside @Transactional a read-modify-write on the stock is safe, so you never need FOR UPDATE.", true},
	{"claim-24", "run-job-once", "lock-instead-of-constraint", "With leader election only the leader schedules the job, and leader election guarantees exactly one leader, so the dedupe table can go.", true},
	{"claim-25", "run-job-once", "lock-instead-of-constraint", "A Kubernetes CronJob guarantees exactly one job per schedule, so the job need not be idempotent.", true},
	{"claim-26", "run-job-once", "lock-instead-of-constraint", "Put @Scheduled on the method and Spring makes sure only one instance in the cluster runs it each period.", true},
	{"claim-27", "run-job-once", "lock-instead-of-constraint", "Move the task into a CronJob: the controller ensures exactly one run per period.", true},
	{"claim-28", "run-job-once", "lock-instead-of-constraint", "The elected leader runs the report, which guarantees once per period with no extra table.", true},
	{"claim-29", "run-job-once", "lock-instead-of-constraint", "Setting concurrencyPolicy to Forbid guarantees only one run of each scheduled job.", true},
}

func TestFixG31bCorrect(t *testing.T) {
	checkFlagCases(t, g31bCorrect)
	checkInserted(t, g24bBase, false, g31bCorrect)
}

func TestFixG31bClaims(t *testing.T) {
	checkFlagCases(t, g31bClaims)
	checkInserted(t, g24bBase, false, g31bClaims)
}
