package quiz_test

import "testing"

// Tests for g30c: precision on flagged passing answers of the writers the
// second reader never learned from. Every sentence is our own. g30cCorrect
// must stay clean of the flag named, alone and inserted into a clean answer:
// a pre-call check the candidate calls "just hoping" or "a prayer"
// (client-side-fencing); a claim row said to stay "even after the run"
// (run-recorded-after); "only say yes once a majority has it" of a consensus
// store (lock-instead-of-constraint); an idempotent job that does not need
// a lock (exactly-once-claim); writes committed "through a consensus
// protocol" to a quorum (redlock-correctness); an acquirer that declines a
// retry carrying the same reference we send (network-drops-duplicates); a
// partition read by one consumer offered as a single-owner design
// (single-replica-guarantee). g30cClaims are wrong claims sharing those
// words that must still raise the flag.

var g30cCorrect = []flagCase{
	{"de-right-01", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is just hoping.", false},
	{"de-right-02", "unfenceable-resource", "client-side-fencing", "Verifying we still hold the lease right before the API call is wishful thinking.", false},
	{"de-right-03", "unfenceable-resource", "client-side-fencing", "Confirming the lock is still held before calling the PSP is just hoping, nothing more.", false},
	{"de-right-04", "unfenceable-resource", "client-side-fencing", "Re-checking that we own the lock before the call is merely hoping the GC stays quiet.", false},
	{"de-right-06", "unfenceable-resource", "client-side-fencing", "honestly checking isHeld before the call is a coin flip.", false},
	{"de-right-08", "unfenceable-resource", "client-side-fencing", "Checking that the lock is still held before the API call is wishful, since the process can stall after.", false},
	{"de-right-09", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is a prayer, not a fence.", false},
	{"cy-right-01", "run-job-once", "run-recorded-after", "The row records that the period was claimed, even after the run finishes.", false},
	{"cy-right-02", "run-job-once", "run-recorded-after", "Insert the period row first; the record stays there after the job is done, so a late instance sees it.", false},
	{"cy-right-03", "run-job-once", "run-recorded-after", "The claim row is written before the work and persists after the run, so the period can't be taken twice.", false},
	{"cy-right-04", "run-job-once", "run-recorded-after", "We insert a row for the period up front, and that entry remains after the job finishes.", false},
	{"cy-right-05", "run-job-once", "run-recorded-after", "The marker we create at the start is still there after the run, which is the point.", false},
	{"cy-right-06", "run-job-once", "run-recorded-after", "The job_runs row is inserted at claim time and survives after the job completes.", false},
	{"cy-right-07", "run-job-once", "run-recorded-after", "Because the row we insert at the start lives on even after the job finishes, a retry a minute later finds it.", false},
	{"cy-right-08", "run-job-once", "run-recorded-after", "A record created before the work stays even after it finishes, unlike a lock that disappears.", false},
	{"cy-right-09", "run-job-once", "run-recorded-after", "The row records the claim even once the job is done.", false},
	{"cy-right-10", "run-job-once", "run-recorded-after", "The entry we write at the start stays there after the run completes, so the slot stays taken.", false},
	{"df-right-01", "redis-vs-consensus", "lock-instead-of-constraint", "etcd only answers yes once a majority has persisted the write, and the next leader is guaranteed to have it.", false},
	{"df-right-02", "redis-vs-consensus", "lock-instead-of-constraint", "ZooKeeper only acknowledges the lock once a quorum has logged it, which guarantees a new leader still knows about it.", false},
	{"df-right-03", "redis-vs-consensus", "lock-instead-of-constraint", "A consensus store only grants once the majority agrees, so it is guaranteed to survive a leader crash.", false},
	{"df-right-04", "redis-vs-consensus", "lock-instead-of-constraint", "The grant is only confirmed once it is replicated to most nodes; that ensures failover cannot forget it.", false},
	{"df-right-05", "redis-vs-consensus", "lock-instead-of-constraint", "Raft only reports success once committed, and that guarantees the entry is on every future leader.", false},
	{"df-right-07", "redis-vs-consensus", "lock-instead-of-constraint", "etcd only confirms once enough replicas have it, which ensures the lock is not lost.", false},
	{"df-right-08", "redis-vs-consensus", "lock-instead-of-constraint", "ZooKeeper only tells you that you hold it once a quorum has written it, and it is guaranteed to stay.", false},
	{"df-right-09", "run-job-once", "lock-instead-of-constraint", "Raft only replies once a majority has the entry, which guarantees it survives, but it does not make the job run once.", false},
	{"df-right-10", "redis-vs-consensus", "lock-instead-of-constraint", "The leader only answers once it is replicated, and the next leader is guaranteed to keep that record.", false},
	{"di-right-01", "avoid-the-lock", "exactly-once-claim", "idempotent jobs don't need a lock either; the worst case is wasted compute.", false},
	{"di-right-02", "avoid-the-lock", "exactly-once-claim", "Idempotent consumers don't need one at all, a replay just writes the same value.", false},
	{"di-right-03", "avoid-the-lock", "exactly-once-claim", "idempotent workers don't need mutual exclusion, running twice only costs time.", false},
	{"di-right-04", "avoid-the-lock", "exactly-once-claim", "An idempotent handler doesn't need a lock, duplicates are harmless.", false},
	{"di-right-05", "avoid-the-lock", "exactly-once-claim", "Idempotent tasks don't need coordination; at worst you pay for the compute twice.", false},
	{"di-right-06", "avoid-the-lock", "exactly-once-claim", "For idempotent jobs you don't need a lock, two runs produce the same file.", false},
	{"di-right-07", "avoid-the-lock", "exactly-once-claim", "idempotent jobs (same input, same output key) don't need one, worst case some wasted cpu.", false},
	{"di-right-08", "avoid-the-lock", "exactly-once-claim", "Idempotent consumers don't need the lock since a second delivery changes nothing.", false},
	{"di-right-09", "avoid-the-lock", "exactly-once-claim", "An idempotent worker doesn't need a mutex; it just redoes the same upsert.", false},
	{"di-right-10", "avoid-the-lock", "exactly-once-claim", "idempotent job? then you don't need a lock at all.", false},
	{"rc-right-01", "redis-vs-consensus", "redlock-correctness", "etcd writes are committed through a consensus protocol to a quorum, so a granted lock survives failover.", false},
	{"rc-right-02", "redis-vs-consensus", "redlock-correctness", "In ZooKeeper every lock is agreed through consensus by a majority before you hear yes.", false},
	{"rc-right-03", "redis-vs-consensus", "redlock-correctness", "etcd's entries are replicated via a consensus protocol to a quorum of members.", false},
	{"rc-right-04", "redis-vs-consensus", "redlock-correctness", "The grant is committed via Raft, a consensus protocol, on a majority of nodes.", false},
	{"rc-right-05", "redis-vs-consensus", "redlock-correctness", "ZooKeeper's znodes are replicated through Zab, a consensus protocol that needs a quorum.", false},
	{"rc-right-06", "redis-vs-consensus", "redlock-correctness", "A quorum acknowledgment through a consensus protocol is what etcd gives and Redis lacks.", false},
	{"rc-right-07", "redis-vs-consensus", "redlock-correctness", "Consul commits the session through a consensus protocol with a majority, so failover keeps it.", false},
	{"rc-right-08", "redis-vs-consensus", "redlock-correctness", "With etcd the write is committed by consensus across a quorum, unlike Redis replication.", false},
	{"rc-right-09", "redis-vs-consensus", "redlock-correctness", "Their writes go through a consensus protocol to a majority before the client is told it holds the lock.", false},
	{"dh-right-01", "idempotency-keys", "network-drops-duplicates", "The acquirer already rejects a repeated authorisation carrying the same reference, so our derived reference makes the retry harmless.", false},
	{"dh-right-02", "idempotency-keys", "network-drops-duplicates", "Our gateway already declines a duplicate when it carries the same merchant reference we sent the first time.", false},
	{"dh-right-03", "idempotency-keys", "network-drops-duplicates", "Stripe already rejects a repeat with the same key, and for the acquirer we send the same payment reference.", false},
	{"dh-right-04", "idempotency-keys", "network-drops-duplicates", "The processor already dedupes repeats on the same transaction reference, which we derive from the idempotency key.", false},
	{"dh-right-05", "idempotency-keys", "network-drops-duplicates", "The bank already blocks a duplicate authorisation with the same retrieval reference number we pass.", false},
	{"dh-right-07", "idempotency-keys", "network-drops-duplicates", "Since the acquirer already refuses a repeat carrying the same client reference, passing our key-derived reference downstream closes the gap.", false},
	{"dh2-right-01", "idempotency-keys", "network-drops-duplicates", "The acquirer already rejects duplicates on the same reference, but that doesn't mean you can skip the idempotency table.", false},
	{"dh2-right-02", "idempotency-keys", "network-drops-duplicates", "Even if the bank already declines a repeat with the same reference, we still need our own idempotency key.", false},
	{"dh2-right-05", "idempotency-keys", "network-drops-duplicates", "The processor already declines duplicates on the same payment reference, so a retry with the same key does no harm.", false},
	{"do-right-01", "avoid-the-lock", "single-replica-guarantee", "A topic partition that is only ever read by one consumer at a time settles the dispute where the data lives.", false},
	{"do-right-02", "avoid-the-lock", "single-replica-guarantee", "Route each account to a partition that only ever one consumer reads, and the conflict disappears.", false},
	{"do-right-04", "avoid-the-lock", "single-replica-guarantee", "Shard the work: each partition has exactly one consumer at a time in the group, so writes to a key are serialized.", false},
	{"do-right-06", "avoid-the-lock", "single-replica-guarantee", "Put all events for a key on one partition that is only ever consumed by one consumer at a time.", false},
	{"do-right-07", "avoid-the-lock", "single-replica-guarantee", "A partitioned log with only ever one consumer per partition lets each key have one owner.", false},
	{"do-right-08", "avoid-the-lock", "single-replica-guarantee", "If each partition has exactly one consumer at a moment, updates for a key arrive in order.", false},
	{"do-right-09", "avoid-the-lock", "single-replica-guarantee", "Send the updates through a partition that only ever one worker consumes, then order is free.", false},
	{"do-right-10", "avoid-the-lock", "single-replica-guarantee", "With hash partitioning, each partition has exactly one consumer at any point in the steady state.", false},
}

var g30cClaims = []flagCase{
	// g30cf: rev30c-style wrong claims in our own words; each was hidden by a
	// reverted g30c narrowing and must flag again.
	{"cf-csf-01", "fencing-token", "client-side-fencing", "Verifying we still hold the lease before the write is a prayer that never goes unanswered, so it is our whole fence.", true},
	{"cf-csf-02", "fencing-token", "client-side-fencing", "Confirming we own the lock before the write is wishful for laggy clusters; ours respond at once, so it suffices.", true},
	{"cf-csf-03", "fencing-token", "client-side-fencing", "Confirming ownership before the write is a prayer, but a prayer that works every time here, so no token needed.", true},
	{"cf-csf-04", "fencing-token", "client-side-fencing", "Checking the lock is still held before writing is wishful thinking elsewhere, yet with our latency it is all the protection required.", true},
	{"cf-rlc-01", "redis-vs-consensus", "redlock-correctness", "Redlock's majority gets you to the same place as a log replicated through a consensus protocol.", true},
	{"cf-rlc-02", "redis-vs-consensus", "redlock-correctness", "A Redlock quorum is effectively consensus, no different from entries agreed via raft.", true},
	{"cf-ndd-01", "idempotency-keys", "network-drops-duplicates", "The acquirer already refuses duplicates carrying the same transaction reference, so a key of our own adds nothing.", true},
	{"cf-ndd-02", "idempotency-keys", "network-drops-duplicates", "Our bank already blocks a second charge on the same RRN, so a blind retry is harmless.", true},
	{"cf-ndd-03", "idempotency-keys", "network-drops-duplicates", "Visa declines duplicates with the same order reference on its own, so the service can ignore idempotency.", true},
	{"cf-ndd-04", "idempotency-keys", "network-drops-duplicates", "The acquirer already rejects a repeat with the same client reference; a key table is wasted effort.", true},
	{"cf-srg-01", "avoid-the-lock", "single-replica-guarantee", "Each partition has only ever one consumer, even while a crashed consumer is being replaced, so no overlap can occur.", true},
	{"cf-srg-02", "avoid-the-lock", "single-replica-guarantee", "A partition has exactly one consumer at any instant through failovers and restarts, so two handlers never share a key.", true},
	{"cf-srg-03", "avoid-the-lock", "single-replica-guarantee", "Partitioning gives exactly one consumer at a time whatever happens, so races are impossible.", true},
	{"de-claim-10", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call makes it safe.", true},
	{"de-claim-11", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is not just hoping, it is a real guarantee.", true},
	{"de-claim-12", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is better than just hoping.", true},
	{"de-claim-13", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call beats hoping the lease holds.", true},
	{"de-claim-14", "unfenceable-resource", "client-side-fencing", "Verify we still own the lease right before the API call; that is all the safety we need.", true},
	{"de-claim-15", "unfenceable-resource", "client-side-fencing", "We check that the lock is still held before calling the provider, so a duplicate charge cannot happen.", true},
	{"de-claim-17", "unfenceable-resource", "client-side-fencing", "Confirming ownership right before the call is hardly wishful thinking: it guarantees one caller.", true},
	{"de-claim-18", "unfenceable-resource", "client-side-fencing", "Checking isHeld before the call is enough, no need for hoping.", true},
	{"de-claim-19", "unfenceable-resource", "client-side-fencing", "Verifying that we still hold the lock before sending the payment is the fence we rely on.", true},
	{"de-claim-22", "unfenceable-resource", "client-side-fencing", "Check the lock is still valid before the call and we are safe, no hoping needed.", true},
	{"de-claim-23", "unfenceable-resource", "client-side-fencing", "Checking we still hold the lease before calling is what keeps it exactly once.", true},
	{"de-claim-24", "unfenceable-resource", "client-side-fencing", "Before the call, verify we still own the lock; that stops a paused worker from charging twice.", true},
	{"de-claim-27", "unfenceable-resource", "client-side-fencing", "Confirming the lease is still valid before the API call is the safe way, rather than hoping.", true},
	{"de-claim-28", "unfenceable-resource", "client-side-fencing", "Checking the lock is held before the write is the fence here.", true},
	{"de-claim-29", "unfenceable-resource", "client-side-fencing", "Checking isHeld before the call is more than hoping, it fully protects us.", true},
	{"de-claim-30", "unfenceable-resource", "client-side-fencing", "Verify the lease is still held right before the call and the duplicate goes away.", true},
	{"de-claim-31", "unfenceable-resource", "client-side-fencing", "Checking isHeld right before the call is what I'd do, and it's not a matter of hoping.", true},
	{"de-claim-32", "unfenceable-resource", "client-side-fencing", "I'd check that we still own the lock right before the call, which is just hoping is what critics say but it works.", true},
	{"cy-claim-11", "run-job-once", "run-recorded-after", "Write the row at the end of the run.", true},
	{"cy-claim-13", "run-job-once", "run-recorded-after", "Record the run in job_runs once the job is done.", true},
	{"cy-claim-16", "run-job-once", "run-recorded-after", "Insert the row only after the job succeeds, even after a crash we just rerun.", true},
	{"cy-claim-17", "run-job-once", "run-recorded-after", "Create the record when it completes; even after the run a second instance will see it.", true},
	{"cy-claim-18", "run-job-once", "run-recorded-after", "Simply write an entry after the job has finished so the next instance skips it.", true},
	{"cy-claim-19", "run-job-once", "run-recorded-after", "Each instance inserts a row at the end of the run, and the row stays even after the run.", true},
	{"cy-claim-20", "run-job-once", "run-recorded-after", "After the job finishes we insert a marker row, so even after a redeploy nobody reruns it.", true},
	{"cy-claim-22", "run-job-once", "run-recorded-after", "The worker writes its row after finishing, even after long jobs.", true},
	{"cy-claim-23", "run-job-once", "run-recorded-after", "I'd insert the row once the job finishes; it persists after the run as proof.", true},
	{"cy-claim-24", "run-job-once", "run-recorded-after", "Write the job_runs entry after it succeeds, and the entry stays after the run.", true},
	{"cy-claim-25", "run-job-once", "run-recorded-after", "Insert a row at the end of the run; even when the job fails we write it.", true},
	{"cy-claim-26", "run-job-once", "run-recorded-after", "Only after the job finishes do we record the row, which remains after the run.", true},
	{"cy-claim-28", "run-job-once", "run-recorded-after", "Record the period row when the run completes, even after the run overran.", true},
	{"df-claim-11", "redis-vs-consensus", "lock-instead-of-constraint", "A Redis lock guarantees the job runs only once.", true},
	{"df-claim-12", "run-job-once", "lock-instead-of-constraint", "The lock guarantees the job runs only once, once a majority of Redis nodes grant it.", true},
	{"df-claim-13", "run-job-once", "lock-instead-of-constraint", "Redlock ensures the task runs only once once a quorum agrees.", true},
	{"df-claim-14", "run-job-once", "lock-instead-of-constraint", "With etcd the lock guarantees the report is sent only once.", true},
	{"df-claim-15", "run-job-once", "lock-instead-of-constraint", "Taking the lock ensures only once execution, even once the majority of nodes has acked.", true},
	{"df-claim-16", "run-job-once", "lock-instead-of-constraint", "The lock makes sure it runs once per period.", true},
	{"df-claim-17", "run-job-once", "lock-instead-of-constraint", "A lock in etcd guarantees exactly once processing once a majority acknowledges the grant.", true},
	{"df-claim-18", "run-job-once", "lock-instead-of-constraint", "Once a quorum grants the lock, it guarantees the job only runs once.", true},
	{"df-claim-19", "run-job-once", "lock-instead-of-constraint", "ZooKeeper guarantees the job executes only once because the lock is committed once replicated.", true},
	{"df-claim-20", "redis-vs-consensus", "lock-instead-of-constraint", "Use ZooKeeper: it guarantees each job runs exactly once.", true},
	{"df-claim-21", "redis-vs-consensus", "lock-instead-of-constraint", "etcd's lease ensures the cron only runs once, since the grant is only acknowledged once a majority has it.", true},
	{"df-claim-22", "run-job-once", "lock-instead-of-constraint", "The distributed lock ensures the batch runs only once a day.", true},
	{"df-claim-24", "run-job-once", "lock-instead-of-constraint", "The lock makes sure the payout happens only once once it is committed.", true},
	{"df-claim-25", "run-job-once", "lock-instead-of-constraint", "Because the lock is replicated to a quorum, it guarantees the job only runs once.", true},
	{"df-claim-26", "run-job-once", "lock-instead-of-constraint", "A majority lock ensures the export runs once, even once a node fails.", true},
	{"df-claim-27", "run-job-once", "lock-instead-of-constraint", "With Redlock across five masters the job is guaranteed to run only once.", true},
	{"di-claim-11", "avoid-the-lock", "exactly-once-claim", "Jobs don't need to be idempotent if you have a lock.", true},
	{"di-claim-12", "avoid-the-lock", "exactly-once-claim", "With a claim row, consumers don't need deduplication.", true},
	{"di-claim-13", "avoid-the-lock", "exactly-once-claim", "The worker doesn't need to be idempotent because the queue delivers exactly once.", true},
	{"di-claim-14", "avoid-the-lock", "exactly-once-claim", "Idempotent jobs are nice, but consumers don't need idempotency once you have the outbox.", true},
	{"di-claim-15", "avoid-the-lock", "exactly-once-claim", "Handlers don't need dedup since the relay never sends twice.", true},
	{"di-claim-16", "avoid-the-lock", "exactly-once-claim", "Our jobs don't need idempotency: the claim guarantees a single run.", true},
	{"di-claim-17", "avoid-the-lock", "exactly-once-claim", "Downstream consumers don't need to deduplicate when Kafka is exactly once.", true},
	{"di-claim-18", "avoid-the-lock", "exactly-once-claim", "Since the claim row is unique, jobs never need to be idempotent.", true},
	{"di-claim-19", "avoid-the-lock", "exactly-once-claim", "Workers don't have to be idempotent, the lease stops duplicates.", true},
	{"di-claim-20", "avoid-the-lock", "exactly-once-claim", "Idempotent consumers are overkill; the consumer doesn't need dedup with a claim table.", true},
	{"di-claim-21", "avoid-the-lock", "exactly-once-claim", "The job doesn't need idempotency, idempotent jobs are only for people without a queue.", true},
	{"di-claim-22", "avoid-the-lock", "exactly-once-claim", "Receivers needn't deduplicate, the relay marks each row sent.", true},
	{"di-claim-23", "avoid-the-lock", "exactly-once-claim", "The handler no longer needs to be idempotent because the queue deduplicates.", true},
	{"di-claim-24", "avoid-the-lock", "exactly-once-claim", "Jobs can skip idempotency since the scheduler runs them once.", true},
	{"di-claim-25", "avoid-the-lock", "exactly-once-claim", "Idempotent job design is optional; workers don't need to be idempotent with a claim row.", true},
	{"di-claim-26", "avoid-the-lock", "exactly-once-claim", "Consumers aren't needed to dedupe, the outbox guarantees exactly once.", true},
	{"di-claim-27", "avoid-the-lock", "exactly-once-claim", "With our queue the worker doesn't need dedup, and idempotent handlers are a waste of time.", true},
	{"di-claim-28", "avoid-the-lock", "exactly-once-claim", "An idempotent consumer isn't needed since the broker never redelivers.", true},
	{"di-claim-29", "avoid-the-lock", "exactly-once-claim", "Workers don't need to be idempotent, jobs run once thanks to the claim.", true},
	{"di-claim-30", "avoid-the-lock", "exactly-once-claim", "Consumers don't need to be idempotent; jobs are claimed once.", true},
	{"di-claim-31", "avoid-the-lock", "exactly-once-claim", "The job doesn't need to be idempotent job logic, the lock covers it.", true},
	{"di-claim-32", "avoid-the-lock", "exactly-once-claim", "Handlers don't need idempotency because idempotent handlers are slow and the claim row stops repeats.", true},
	{"di-claim-33", "avoid-the-lock", "exactly-once-claim", "Jobs never need to be idempotent workers-wise, the queue delivers once.", true},
	{"di-claim-34", "avoid-the-lock", "exactly-once-claim", "You don't need idempotent consumers, the claim row runs each job once.", true},
	{"di-claim-35", "avoid-the-lock", "exactly-once-claim", "We don't need idempotent handlers since the lock guarantees one run.", true},
	{"di-claim-36", "avoid-the-lock", "exactly-once-claim", "Jobs don't need idempotent writes because the queue never redelivers.", true},
	{"di-claim-37", "avoid-the-lock", "exactly-once-claim", "With a claim table you don't need idempotent workers, or a lock.", true},
	{"rc-claim-10", "redis-vs-consensus", "redlock-correctness", "Redlock's majority is effectively a consensus protocol.", true},
	{"rc-claim-11", "redis-vs-consensus", "redlock-correctness", "Acquiring on a majority of Redis masters is a consensus protocol in all but name.", true},
	{"rc-claim-12", "redis-vs-consensus", "redlock-correctness", "Redlock's quorum is as safe as etcd.", true},
	{"rc-claim-13", "redis-vs-consensus", "redlock-correctness", "Redlock with a majority of five is basically a consensus protocol, committed through independent masters.", true},
	{"rc-claim-14", "redis-vs-consensus", "redlock-correctness", "Redlock's majority vote amounts to consensus, so the lock is committed through a quorum like Raft.", true},
	{"rc-claim-15", "redis-vs-consensus", "redlock-correctness", "Redlock acquires through a majority, which is a consensus protocol just like Raft.", true},
	{"rc-claim-16", "redis-vs-consensus", "redlock-correctness", "A Redlock quorum is the same as consensus.", true},
	{"rc-claim-17", "redis-vs-consensus", "redlock-correctness", "With Redlock the majority is effectively consensus, because the lock is replicated through five nodes.", true},
	{"rc-claim-18", "redis-vs-consensus", "redlock-correctness", "Redlock gets you to the same place as ZooKeeper through a majority of masters.", true},
	{"rc-claim-19", "redis-vs-consensus", "redlock-correctness", "Writing the key to a majority of Redis nodes is a consensus protocol, as safe as etcd.", true},
	{"rc-claim-20", "redis-vs-consensus", "redlock-correctness", "Redlock's quorum is effectively a consensus, since each lock is agreed by three of five masters.", true},
	{"rc-claim-21", "redis-vs-consensus", "redlock-correctness", "Redlock is a consensus protocol: the majority of masters agree on the holder.", true},
	{"rc-claim-22", "redis-vs-consensus", "redlock-correctness", "A majority of Redis instances is as safe as ZooKeeper for locks.", true},
	{"rc-claim-23", "redis-vs-consensus", "redlock-correctness", "Redlock's majority makes it effectively consensus, committed by the quorum of masters.", true},
	{"rc-claim-24", "redis-vs-consensus", "redlock-correctness", "Redlock: majority acquisition is a consensus protocol, via independent clocks.", true},
	{"rc-claim-25", "redis-vs-consensus", "redlock-correctness", "Redlock is as safe as zookeeper because it uses a quorum.", true},
	{"rc-claim-26", "redis-vs-consensus", "redlock-correctness", "The Redlock quorum amounts to consensus, replicated via five masters.", true},
	{"rc-claim-27", "redis-vs-consensus", "redlock-correctness", "Redlock achieves safety through a majority, which is effectively consensus.", true},
	{"rc-claim-28", "redis-vs-consensus", "redlock-correctness", "Redlock's majority lock is effectively consensus through five independent nodes.", true},
	{"rc-claim-29", "redis-vs-consensus", "redlock-correctness", "A quorum of Redis masters is a consensus protocol using a consensus of clocks.", true},
	{"rc-claim-30", "redis-vs-consensus", "redlock-correctness", "Redlock's quorum is a consensus protocol committed by five masters.", true},
	{"rc-claim-31", "redis-vs-consensus", "redlock-correctness", "Redlock's majority is effectively consensus replicated through independent nodes.", true},
	{"rc-claim-32", "redis-vs-consensus", "redlock-correctness", "The Redlock majority is as safe as etcd, which goes through Raft.", true},
	{"dh-claim-09", "idempotency-keys", "network-drops-duplicates", "The bank rejects the duplicate on its own, so we don't need a key.", true},
	{"dh-claim-10", "idempotency-keys", "network-drops-duplicates", "Visa already blocks a second charge of the same amount, so retries are safe.", true},
	{"dh-claim-11", "idempotency-keys", "network-drops-duplicates", "The acquirer already declines duplicate authorisations, no reference needed.", true},
	{"dh-claim-12", "idempotency-keys", "network-drops-duplicates", "Banks already reject identical charges, whatever reference you send.", true},
	{"dh-claim-13", "idempotency-keys", "network-drops-duplicates", "The gateway automatically drops repeats, so a retry is harmless even without the same reference.", true},
	{"dh-claim-14", "idempotency-keys", "network-drops-duplicates", "Mastercard already refuses the same card and amount twice in a minute, so double charges can't happen.", true},
	{"dh-claim-15", "idempotency-keys", "network-drops-duplicates", "The issuer blocks duplicates by itself; we never send the same reference twice anyway.", true},
	{"dh-claim-16", "idempotency-keys", "network-drops-duplicates", "Acquirers already deduplicate repeated charges, so we don't bother with a reference number.", true},
	{"dh-claim-17", "idempotency-keys", "network-drops-duplicates", "The payment gateway rejects duplicate charges automatically, the retrieval reference number is irrelevant.", true},
	{"dh-claim-18", "idempotency-keys", "network-drops-duplicates", "Our bank already declines a second charge on the same card for us.", true},
	{"dh-claim-19", "idempotency-keys", "network-drops-duplicates", "The card scheme already rejects duplicates anyway, so the reference number we send does not matter.", true},
	{"dh-claim-20", "idempotency-keys", "network-drops-duplicates", "The gateway declines repeats on its own, we just log the same reference for support.", true},
	{"dh-claim-21", "idempotency-keys", "network-drops-duplicates", "Card networks already drop duplicate charges, so idempotency is overkill.", true},
	{"dh-claim-22", "idempotency-keys", "network-drops-duplicates", "The acquirer already rejects a duplicate charge for us, and a new reference per retry is fine.", true},
	{"dh-claim-23", "idempotency-keys", "network-drops-duplicates", "Banks block a double charge automatically even if each retry has a fresh reference number.", true},
	{"dh-claim-24", "idempotency-keys", "network-drops-duplicates", "The gateway automatically declines identical requests, reference or not.", true},
	{"dh-claim-25", "idempotency-keys", "network-drops-duplicates", "The issuer already refuses a repeat charge, so there is no need for the same reference.", true},
	{"dh-claim-26", "idempotency-keys", "network-drops-duplicates", "Our acquirer already drops duplicates; we generate a new reference number each attempt.", true},
	{"dh-claim-27", "idempotency-keys", "network-drops-duplicates", "Visa automatically rejects the same amount twice, so we send a random reference each time.", true},
	{"dh-claim-28", "idempotency-keys", "network-drops-duplicates", "Visa already drops duplicates with the same reference, so the client can retry with a new key each time.", true},
	{"dh-claim-29", "idempotency-keys", "network-drops-duplicates", "The bank already rejects duplicates with the same reference, so we do not need idempotency keys.", true},
	{"dh-claim-30", "idempotency-keys", "network-drops-duplicates", "The acquirer already declines a repeat with the same reference number, so no idempotency table is needed on our side.", true},
	{"dh-claim-31", "idempotency-keys", "network-drops-duplicates", "The gateway already refuses duplicates carrying the same merchant reference, which makes our own keys overkill.", true},
	{"dh-claim-32", "idempotency-keys", "network-drops-duplicates", "The acquirer already blocks repeats on the same retrieval reference, so we can skip the idempotency table.", true},
	{"dh-claim-33", "idempotency-keys", "network-drops-duplicates", "Our bank already drops duplicate charges with the same order reference; a fresh key per retry is fine.", true},
	{"do-claim-11", "avoid-the-lock", "single-replica-guarantee", "Kafka guarantees a partition is only ever read by one consumer, even during a rebalance.", true},
	{"do-claim-13", "avoid-the-lock", "single-replica-guarantee", "A partition always has exactly one consumer at a time, so two writers are impossible.", true},
	{"do-claim-14", "avoid-the-lock", "single-replica-guarantee", "Kafka makes sure a partition only ever has one consumer, so we skip the lock.", true},
	{"do-claim-16", "avoid-the-lock", "single-replica-guarantee", "During a rebalance the partition is only ever owned by one consumer.", true},
	{"do-claim-17", "avoid-the-lock", "single-replica-guarantee", "A partition has exactly one consumer at a time by construction, so no two writers.", true},
	{"do-claim-18", "avoid-the-lock", "single-replica-guarantee", "The consumer group guarantees only ever one consumer per partition.", true},
	{"do-claim-19", "avoid-the-lock", "single-replica-guarantee", "Partitions are only ever read by one consumer, which Kafka promises, so duplicates are impossible.", true},
	{"do-claim-20", "avoid-the-lock", "single-replica-guarantee", "Since a partition only ever has one consumer at a time, you never need a lock on the key.", true},
	{"do-claim-21", "avoid-the-lock", "single-replica-guarantee", "A partition is read by exactly one consumer at a time, so it's safe to write without a lock.", true},
	{"do-claim-23", "avoid-the-lock", "single-replica-guarantee", "Partitions never have two consumers, Kafka makes sure of it.", true},
	{"do-claim-25", "avoid-the-lock", "single-replica-guarantee", "Kafka's rebalance protocol ensures only ever one consumer holds the partition.", true},
	{"do-claim-27", "avoid-the-lock", "single-replica-guarantee", "A partition is only ever consumed by one consumer at a time, that's guaranteed.", true},
	{"do-claim-28", "avoid-the-lock", "single-replica-guarantee", "With one partition per key, the broker ensures exactly one consumer at a time.", true},
}

// g30cf (fixer of rev30c): four of g30c's seven narrowings hid wrong claims
// (client-side-fencing "is a prayer / is wishful" followed by an endorsement,
// redlock-correctness "through a consensus protocol" naming what Redlock is
// equated to, network-drops-duplicates "same ... reference" with the key
// waved away in other words, single-replica-guarantee's split partition line
// missing replacement/failover/handover wordings). They are reverted to
// main's (5e76c41) rules; their correct cases are flagged again, as on main,
// and are held here as known false flags. The other three rules stay.
var g30cfRevertedFlags = map[string]string{
	"client-side-fencing":      "hoping/prayer exclusion reverted (rev30c csf17, csf18)",
	"redlock-correctness":      "through-a-consensus exclusion reverted (rev30c rlc06)",
	"network-drops-duplicates": "same-reference exclusion reverted (rev30c ndd05-08, ndd13, ndd14)",
	"single-replica-guarantee": "partition line split reverted (rev30c srg05-07, srg10, srg12)",
}

// g30cfCleanOnMain: correct cases of the reverted flags that main's rules
// already leave clean; they stay with the cases that must stay clean.
var g30cfCleanOnMain = map[string]bool{
	"de-right-04": true, "de-right-08": true, "dh-right-03": true, "dh-right-04": true,
	"dh2-right-02": true, "dh2-right-05": true, "do-right-08": true, "rc-right-02": true,
	"rc-right-04": true, "rc-right-05": true, "rc-right-06": true, "rc-right-07": true,
	"rc-right-08": true, "rc-right-09": true,
	// (g32a: a pre-call check judged "just hoping" or "wishful thinking",
	// with nothing after it that plays the harm down or sells the check,
	// is cleared by the harm-predicate reading of grader g32a, which keeps
	// every g30c claim flagged.)
	"de-right-01": true, "de-right-02": true, "de-right-03": true,
	// (g35c: etcd's writes committed through consensus are said of etcd,
	// a consensus system, not of Redlock: the other-system reading clears
	// it, and every g30c claim, rlc06's included, stays flagged.)
	"rc-right-01": true,
}

func g30cfReverted(cases []flagCase) map[string]string {
	m := map[string]string{}
	for _, c := range cases {
		if g30cfCleanOnMain[c.name] {
			continue
		}
		if why, ok := g30cfRevertedFlags[c.flag]; ok {
			m[c.name] = why
		}
	}
	return m
}

func TestFixG30cCorrect(t *testing.T) {
	kept := notReverted(g30cCorrect, g30cfReverted(g30cCorrect))
	checkFlagCases(t, kept)
	checkInserted(t, g24bBase, false, kept)
}

func TestFixG30cClaims(t *testing.T) {
	checkFlagCases(t, g30cClaims)
	checkInserted(t, g24bBase, false, g30cClaims)
}

// TestFixG30cKnownFalseFlags: the correct sentences whose g30c rule was
// reverted are flagged when graded alone, as on main.
func TestFixG30cKnownFalseFlags(t *testing.T) {
	checkFlagCases(t, knownFalseFlags(g30cCorrect, g30cfReverted(g30cCorrect)))
}
