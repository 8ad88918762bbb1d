package content_test

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"lockdrill/content"
	"lockdrill/quiz"
)

func mustCatalog(t *testing.T) *content.Catalog {
	t.Helper()
	cat, err := content.Load(content.Embedded())
	if err != nil {
		t.Fatalf("load content: %v", err)
	}
	return cat
}

func selected(t *testing.T, cat *content.Catalog, question, answer string) []string {
	t.Helper()
	q, ok := cat.Questions.ByID(question)
	if !ok {
		t.Fatalf("no question %q", question)
	}
	r := cat.Questions.Grade(q, quiz.Answer{Text: answer})
	var ids []string
	for _, f := range cat.FollowUps.Select(q, answer, r) {
		ids = append(ids, f.ID)
	}
	return ids
}

// TestFollowUpSelection feeds real answers to main questions and checks
// which follow-ups the interviewer asks, in order.
func TestFollowUpSelection(t *testing.T) {
	cat := mustCatalog(t)
	tests := []struct {
		name, question, answer string
		want                   []string
	}{
		{
			// g42: the question's own probe of its missed core point (a
			// paused holder) covers the pause follow-up of any question.
			name:     "SET NX with an expiry and no word of pauses asks about the pause, then fencing",
			question: "redis-lock-and-failure",
			answer:   "I would acquire with SET lock:orders <random id> NX PX 10000, so the key and its expiry are set in one command and only if the key is free. To release I run a Lua script that deletes the key only if the value is still my id. If Redis itself goes down we lose the lock, so I'd run it with a replica.",
			want:     []string{"redis-holder-gc-pause", "storage-protects-itself"},
		},
		{
			// QA-6 Q15: the missed core point (the acknowledged replica
			// need not be the promoted one) is probed first, before the
			// breadth gaps.
			name:     "WAIT answered without the promoted replica asks about it first",
			question: "redis-wait-safe",
			answer:   "No. WAIT only blocks until the given number of replicas have acknowledged the write, or the timeout passes; it does not make Redis replication synchronous. If WAIT returns 0 the SET is not rolled back, it stays on the primary, so I would have to treat the lock as not acquired and release it.",
			want:     []string{"wait-acknowledged-replica", "storage-protects-itself"},
		},
		{
			name:     "SETNX then EXPIRE and a plain DEL asks about the crash between, then the late DEL",
			question: "redis-lock-and-failure",
			answer:   "First call SETNX lock 1. If it returns 1 you have the lock, then call EXPIRE lock 30 so it doesn't stay forever. When the work is done you just DEL lock so the next worker can get it. It can fail if Redis goes down.",
			want:     []string{"crash-between-commands", "late-del"},
		},
		{
			name:     "pauses and fencing covered but no failover asks only about the replica",
			question: "redis-lock-and-failure",
			answer:   "Acquire with SET key token NX PX 30000 where the token is a random value unique to this client, and release with a Lua script that compares the value before deleting it. The classic failure is a holder that stops in a long GC pause past the expiry: the key expires, another client takes the lock, and the first one wakes up and writes anyway. So the storage must check a fencing token that increases with every grant and reject writes with an older one.",
			want:     []string{"failover-replica"},
		},
		{
			name:     "a complete answer gets no follow-up",
			question: "redis-lock-and-failure",
			answer:   "To acquire, I'd run SET lock:invoice-42 <random uuid> NX PX 30000 in one command, so the key and its expiry are created atomically and only if nobody holds it. The value is a random token unique to this client. To release, I run a small Lua script that deletes the key only if its value is still my token, so I can never delete someone else's lock.\nHow it fails: if my process is paused, say a long GC or the VM gets descheduled, for longer than 30 seconds, the key expires, another client acquires it, and when I wake up I carry on writing as if I still held it. Also Redis replication is asynchronous, so if the primary dies before the key reaches the replica, the promoted replica has no lock and a second client gets it. To make that safe the storage has to check a fencing token and reject writes from the older holder.",
			want:     nil,
		},
		{
			name:     "a lock with no lease asks what happens when the holder crashes, first",
			question: "redis-lock-and-failure",
			answer:   "I'd use SETNX on a key like \"job-lock\". Whoever sets it first owns the lock, everyone else spins and retries every 100ms. When the owner finishes it deletes the key with DEL. It's basically a mutex shared over the network. The failure case is mostly contention, lots of clients spinning on the same key.",
			want:     []string{"holder-crashes", "late-del"},
		},
		{
			name:     "a lock where a constraint would do asks whether the database could enforce it",
			question: "avoid-the-lock",
			answer:   "I wouldn't skip it. Any time two services can touch the same data you should take a distributed lock around the update, otherwise you get race conditions. Even for inserts I'd lock on the customer id first to stop duplicates.",
			want:     []string{"constraint-instead"},
		},
		{
			name:     "Redlock claimed correct asks whether the quorum survives a pause, then what consensus keeps through a leader's death",
			question: "redis-vs-consensus",
			answer:   "Redis is faster, but a single node can fail, so use Redlock across five independent masters: because a majority must agree, Redlock guarantees that two clients never hold the lock at once, which makes it as safe as ZooKeeper without the operational cost.",
			want:     []string{"redlock-pause", "consensus-leader-dies"},
		},
		{
			name:     "a TTL chosen with no word of pauses or fencing asks about both",
			question: "choose-ttl",
			answer:   "I'd measure how long the critical section takes in production, look at the p99 and the worst case, and set the TTL a few times above that. Too short and the lease expires while the holder is still working; too long and a crashed holder blocks everyone else for that long. So it is a trade-off between safety margin and how quickly we recover from a crash.",
			want:     []string{"ttl-above-worst-run", "storage-protects-itself"},
		},
		{
			name:     "comparing clocks across machines asks what happens when they disagree, then where to look first",
			question: "two-holders",
			answer:   "I would log the lease expiry timestamp written by the lock server and compare it with the worker's own clock when it writes: if the worker's time is past the expiry written by the server, the worker did not hold the lock any more. That tells me which worker was wrong.",
			want:     []string{"clocks-disagree", "two-holders-first-look"},
		},
		{
			name:     "a debugging answer that names neither pauses nor fencing asks about both",
			question: "two-holders",
			answer:   "First I would check the acquire code, to see that the key and its expiry are set in one SET NX PX call. Then I would check the release code, which must compare the token before deleting, so a worker never deletes a lock it lost. I would also compare how long the jobs take with the TTL, since a job that outlives its lease lets a second worker in.",
			want:     []string{"two-holders-longer-ttl", "pause-past-expiry"},
		},
		{
			name:     "a debugging answer with pauses and fencing but no failover asks about the replica",
			question: "two-holders",
			answer:   "First I would compare how long the jobs took with the TTL and look for GC pauses around the incident. Then I would read the release code for a plain DEL, and check that the acquire sets the key and its expiry in one command. The lasting fix is fencing: the storage rejects a write whose token is older than one it has seen.",
			want:     []string{"failover-replica"},
		},
		{
			// The recipe without its watch: the core miss is probed first.
			name:     "a ZooKeeper recipe that never says what a waiter watches asks which node to watch, first",
			question: "zookeeper-lock-recipe",
			answer:   "Each client creates an ephemeral sequential node under the lock path. The one with the lowest number holds the lock. When the session ends the node goes away.",
			want:     []string{"zookeeper-watch-predecessor", "storage-protects-itself"},
		},
		{
			name:     "a fencing check done by the client asks why the storage must do it, then what makes a token newer",
			question: "fencing-token",
			answer:   "A fencing token is a number from the lock service. Before writing, the client reads the current token from the lock service and compares it with its own; if they still match it goes ahead and writes, otherwise it aborts because it lost the lock.",
			want:     []string{"storage-checks-not-client", "fencing-token-random-value"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := selected(t, cat, tt.question, tt.answer)
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Fatalf("follow-ups = %v, want %v", got, tt.want)
			}
		})
	}
}

// classics are the follow-ups every interviewer asks, on whichever question
// the gap shows up.
var classics = []string{"pause-past-expiry", "storage-protects-itself", "constraint-instead"}

// TestClassicFollowUpsStayQuietOnStrongAnswers feeds every free-text
// question its model answer and a strong learner answer: neither may draw
// a classic probe, since neither leaves the gap the probe is about.
func TestClassicFollowUpsStayQuietOnStrongAnswers(t *testing.T) {
	cat := mustCatalog(t)
	strong := []struct{ question, answer string }{
		{"avoid-the-lock", "First I'd ask what the lock is for. If it only saves duplicate work, and running the thing twice is merely wasteful, I don't need a strong lock at all, or a cheap best-effort one is enough. If it's for correctness, I'd rather let the data enforce it: a unique constraint, or a conditional UPDATE ... WHERE version = ? that only one writer can win. Making the operation idempotent with an idempotency key also makes a second run harmless. Another option is to give the work a single owner, for example partition it so one consumer handles each key. A distributed lock adds a dependency that can be down or slow, and without fencing it doesn't even give you correctness, so it's often the most expensive way to get the weakest guarantee."},
		{"choose-ttl", "It's a trade-off with no right answer. A short TTL means a slow or paused holder loses the lease while it's still working; a long TTL means that when a holder crashes, everyone waits that long before anyone can take over. I'd first shrink what happens under the lock, no network calls or batch loops inside it, then measure the p99 of what remains under real load and set the TTL to a few times that. For work that legitimately runs long I'd renew the lease with a heartbeat that checks I still own it. But no value is safe: a GC pause or a VM migration can last longer than any TTL, so the TTL only bounds how long a crash blocks others. Safety has to come from a fencing token checked by the resource."},
		{"extend-lease", "Yes, with care. The extension must check that I still own the lease and extend it in one atomic step, for example a Lua script that compares the value with my token and only then calls PEXPIRE. I'd extend well before expiry, say every third of the TTL, because once it has expired it may already belong to someone else and I have to acquire it again. If an extension fails I must stop the work immediately, since I no longer hold the lock. I'd also cap how long a holder can keep extending, so a stuck worker can't hold it forever. But extension doesn't make it safe: a process that is paused can't send its heartbeat either, so the lease still expires under it, and a heartbeat thread can keep renewing while the worker thread is hung. So fencing at the resource is still needed."},
		{"fencing-token", "A fencing token is a number the lock service hands out with every grant, and it strictly increases: 33, then 34, and so on. The holder sends its token along with every write to the protected resource, and the resource remembers the highest token it has accepted and rejects any write carrying a lower one. It exists for the holder that was paused, for example by a stop-the-world GC, whose lease expired while it was frozen: when it wakes and writes with the old token, the storage refuses it. The catch is that the resource has to cooperate and do that comparison atomically with the write, which a plain file or a third-party API won't do. And the counter has to survive failover of the lock service, so something like the etcd revision or the ZooKeeper zxid, not INCR on a single Redis node."},
		{"redis-lock-and-failure", "To acquire, I'd run SET lock:invoice-42 <random uuid> NX PX 30000 in one command, so the key and its expiry are created atomically and only if nobody holds it. The value is a random token unique to this client. To release, I run a small Lua script that deletes the key only if its value is still my token, so I can never delete someone else's lock. How it fails: if my process is paused, say a long GC or the VM gets descheduled, for longer than 30 seconds, the key expires, another client acquires it, and when I wake up I carry on writing as if I still held it. Also Redis replication is asynchronous, so if the primary dies before the key reaches the replica, the promoted replica has no lock and a second client gets it. To make that safe the storage has to check a fencing token and reject writes from the older holder."},
		{"redis-vs-consensus", "Redis replicates asynchronously, so if the primary fails right after granting a lock, the replica that gets promoted may never have seen the key and will grant it again. ZooKeeper and etcd replicate through a consensus protocol, ZAB and Raft, so a lock is only granted once a majority has it, and it survives the loss of a node. They also give you a number that only grows, the zxid or the etcd revision, which you can use as a fencing token; Redis and Redlock don't give you that. Redlock tries to fix failover with several independent masters, but it depends on timing assumptions, bounded clock drift and bounded pauses, so it isn't a correctness guarantee. Even with etcd, a lease can still expire during a GC pause, so you still need fencing at the resource. If the lock only prevents duplicate work, a single Redis is cheaper and simpler and perfectly fine; if correctness depends on it, I'd pay for a consensus system."},
		{"row-lock", "In a sense yes: SELECT ... FOR UPDATE coordinates many clients on many machines. But it only protects data inside that one database. The lock lives as long as the transaction, and it's released on commit or rollback, so the database decides, not a TTL. If the client dies or its connection drops, the database aborts the transaction and the lock goes with it, and because the writes happen in the same transaction, a client that lost its lock can't commit a stale write. What it doesn't protect is anything outside the database: if you call a payment API or write a file while holding it, those effects aren't covered. Holding it across slow work also keeps a transaction open, ties up a connection and blocks other writers. Often you don't need the lock at all: a conditional UPDATE ... WHERE state = 'pending' or a unique constraint does the same job."},
		{"run-job-once", "A lock alone can't make it run exactly once. The holder can pause or crash halfway, its lease expires, and another instance runs the job again. A run can also die in the middle, so you need a retry anyway, which means you get at-least-once and should design for that. I'd make the job idempotent, with an idempotency key per period so a second run changes nothing, and record the run in the database with a unique constraint on (job, period) so only one instance can claim it. If duplicates were merely wasteful, a simple lock as an optimisation is fine. Another option is to run the scheduler on a single elected leader."},
		{"two-holders", "I'd start with the most common cause: the lease expired while the first worker was still working. So I'd compare how long the critical section actually took with the TTL, and look for GC pauses or CPU throttling at that time. Next I'd read the release code: if it does a plain DEL without checking the value, a late worker deletes the new holder's lock. Then the acquire code: is it SET NX PX in one command, or SETNX followed by EXPIRE, and is the value really unique per worker? Then check whether Redis failed over around the incident, since async replication can lose the key. I'd build the timeline from the lock store's own records and the tokens, not by lining up the two workers' log timestamps, because their clocks disagree. And the real fix is fencing: the resource should reject the stale writer, because a longer TTL only makes this rarer."},
		{"unfenceable-resource", "If the payment API can't compare tokens, I first look for another check it can do. Most payment providers deduplicate on an idempotency key, so I'd send a key derived from the order, not from the lock, and a stale holder and the new holder would send the same key and the provider would charge once. If I control the path, I could also put a proxy in front of the API that checks the fencing token and is the only way to reach it. Failing that, I'm down to timing: a lock-delay like Chubby's, where after a holder fails the lock isn't granted again for a while, but that's a timing assumption and a pause longer than the delay still lets the stale call through. For shared disks the equivalent is STONITH, powering off the old node before failing over."},
		{"redis-wait-safe", "It's safer but not safe. WAIT isn't consensus: it just blocks until the given number of replicas have acknowledged the earlier writes, or the timeout expires, and returns the count. If it returns 0, nothing is rolled back and the key is still on the primary. Even if one replica acknowledged, Sentinel might promote a different replica that never got the key, so the lock is granted again. And in a split brain the old primary keeps granting locks to the clients on its side; min-replicas-to-write limits how long that goes on but doesn't prevent it. For correctness I'd still want a fencing token checked by the storage, or etcd."},
		{"session-suspended", "SUSPENDED means the connection to ZooKeeper dropped, but the session may still be alive on the servers. I can't be sure I still hold the lock, so I stop the work immediately. If I get RECONNECTED in the same session I resume; if I get LOST, the session expired and the lock is gone, so I have to acquire it again. It isn't enough because the signal is local and arrives late: the client only learns its session expired once it reconnects, and by then another client may hold the lock. And a listener can't interrupt a thread that's paused in a GC or already in the middle of a write. So the resource still has to check a fencing token, like the znode's sequence number or zxid."},
		{"etcd-revision-guard", "The etcd lock is a lease, so a leader that pauses in GC past its TTL loses it while it still thinks it's leader. Jepsen showed this for etcd 3.4.3: the KV store is fine but the locks can't guarantee mutual exclusion. Since the config is in etcd, I'd write it in a transaction that compares the lock key's create revision with mine, Txn If IsOwner Then Put. The comparison and the put are atomic inside etcd, so a deposed leader's write fails and nothing is written. I'd also watch Session.Done() to stop early, and for data in other stores I'd pass the revision as a fencing token."},
		{"zookeeper-lock-recipe", "Every client creates an ephemeral sequential znode under the lock path. Whoever has the lowest sequence number holds the lock. The others each watch the node just before their own, and when it's deleted they list the children again. If the holder's session expires, ZooKeeper deletes its ephemeral node and the next one gets the lock. The herd effect is when every waiter watches the same node, so every release wakes all of them at once; watching the predecessor wakes only one. It's still a lease, so a holder that pauses past the session timeout loses it, and you should use the sequence number or zxid as a fencing token."},
		{"redlock-operations-q", "First, restarts: a node that comes back empty can give another client a second majority, so either run AOF with appendfsync always or keep a crashed node down for longer than the longest TTL. Second, a client that fails to get a majority releases on all five nodes, even the ones that didn't answer, and retries after a random delay. Third, clocks must never be stepped: NTP should slew, nobody sets the time by hand. Fourth, an extension only counts if a majority accepted it, and we cap the number of extensions. And I'd tell them it's still an efficiency lock: a client that pauses after acquiring can still write late, so correctness needs fencing at the resource."},
		{"optimistic-concurrency", "This is the lost update problem, last write wins. I'd add a version column: the editor remembers the version it loaded, and the save is UPDATE documents SET body = $1, version = version + 1 WHERE id = $2 AND version = $3. If zero rows are affected, someone saved in between, so the client re-reads, merges and retries. Over HTTP you'd do the same with an ETag and If-Match, and the server returns 412. There's no lease and no clock involved, so a slow client just gets a conflict. It works while contention is low; with lots of writers on one document the retries pile up."},
		{"outbox-pattern", "It's a dual write: the commit and the Kafka publish can't be atomic, and if the process crashes between them one of them is lost. A lock doesn't help with that, it only keeps two workers apart. I'd use the outbox pattern: insert the event into an outbox table in the same transaction as the status update, and have a relay, a poller or Debezium reading the WAL, publish the rows and mark them sent. The relay can publish a row twice if it dies before marking it, so it's at-least-once, and consumers deduplicate on the event id."},
		{"idempotency-keys", "The client creates an idempotency key for each payment and sends the same key on every retry. The server inserts the key into a table with a unique constraint in the same transaction as the work, so only the first request proceeds. When the request completes we store the response with the key, and a retry returns that stored response instead of charging again. Because the card charge is an external call, the row tracks status, started then done, and we pass the key on to the provider, which deduplicates too. If the same key comes with a different body, reject it, and expire keys after the retry window."},
		{"skip-locked-queue", "Workers claim jobs with SELECT ... FOR UPDATE SKIP LOCKED inside a short transaction, so each takes a different row without waiting. The claim sets state to running, bumps an attempt counter and sets a visibility timeout, visible_at five minutes ahead, and commits right away instead of holding a transaction open for the whole job. If the worker dies, the job reappears after the timeout. That timeout is a lease, so a worker that stalls past it may find another worker running the job; completion is guarded with WHERE attempt = my attempt, and the handler must be idempotent since the job can run twice."},
		{"fencing-in-real-systems", "They exist to stop zombies, old leaders that were paused or partitioned and still think they lead. Raft has terms: followers reject messages with a lower term, and a leader that sees a higher term steps down. Kafka's controller epoch makes brokers ignore an old controller, and transactional producers get a producer epoch so a zombie instance is fenced. HDFS with QJM gives each new active NameNode an epoch from a majority of JournalNodes, which refuse lower epochs. Chubby had sequencers with a generation number, and ZooKeeper's zxid has the leader epoch in it. In every case a new owner gets a bigger number, every request carries it, and the receiver rejects smaller numbers."},
		{"deadlock-ordering", "Two transfers in opposite directions can deadlock: one holds account 17 and waits for 42, the other holds 42 and waits for 17. The fix is to acquire locks in a global order, always the lower account id first, so a cycle can't form. Another option is to try both with a timeout and release everything and back off if you don't get both. With leases it's worse, because the deadlock ends when a lease expires under a holder that's still working, which is a safety issue. If both accounts are in one database I'd skip the distributed locks and do it in one transaction; Postgres even detects deadlocks and aborts one transaction."},
		{"design-lock-service-q", "First I'd clarify requirements: coarse locks for leader election or per-request locks, and whether it's for efficiency or correctness. The state lives in a Raft-replicated state machine on five nodes; a grant is committed on a majority before we reply, so it survives leader failover. Clients open a session with a TTL and send keep-alives, and locks belong to the session. Every grant returns a fencing token, the commit index, which only increases. When a new leader is elected it refreshes every session's lease, so clients aren't punished for the election. Waiters sit in a FIFO queue and only the head is woken. And I'd be explicit that a client paused past its lease can still write, so resources must check the token."},
		{"holder-id-guard", "The ten-minute reclaim condition is a lease, so a claim can lapse while its owner still runs. The owner guard can't tell two claims by the same owner apart: a restarted pod keeps its name, or the same worker picks the job up again. A delayed write from its first claim then matches owner = me during its third claim and lands. I'd add a claim_epoch column incremented on every claim and returned to the worker, and guard every write with WHERE claim_epoch = $epoch. And the job must still be idempotent because work can run twice."},
		{"redis-early-expiry", "First, eviction: when maxmemory is hit, volatile-lru or volatile-ttl will evict keys with a TTL, which includes every lock. So locks go on a dedicated instance with noeviction, not on the cache. Second, the clock: Redis stores expiry as an absolute Unix time, so if the server's clock jumps forward the keys expire early; NTP should slew. Third, a restart: with RDB snapshots the key may not have been saved, so a restarted node forgets the lock. And a late holder doing a plain DEL can delete it. Since all of these lead to two holders, the storage should check a fencing token."},
	}
	seen := map[string]bool{}
	for _, tt := range strong {
		seen[tt.question] = true
	}
	for _, q := range cat.Questions.ByKind(quiz.KindFreeText) {
		if !seen[q.ID] {
			t.Fatalf("question %q has no strong learner answer in this test", q.ID)
		}
		strong = append(strong, struct{ question, answer string }{q.ID, q.ModelAnswer.Markdown})
	}
	for i, tt := range strong {
		name := tt.question + "/learner"
		if i >= len(seen) {
			name = tt.question + "/model"
		}
		t.Run(name, func(t *testing.T) {
			for _, id := range selected(t, cat, tt.question, tt.answer) {
				if slices.Contains(classics, id) {
					t.Fatalf("a strong answer drew the classic follow-up %q", id)
				}
			}
		})
	}
}

// TestClassicFollowUpsFireOnTheGap gives each free-text question an answer
// with one classic gap (no pause, no storage check, a lock where the
// database could decide) and checks that the matching probe is asked, or
// the question's own probe of the same gap where it has one (g42: a core
// point's follow-up covers the classic one).
func TestClassicFollowUpsFireOnTheGap(t *testing.T) {
	cat := mustCatalog(t)
	tests := []struct {
		name, question, answer, want string
	}{
		{"no pause", "redis-lock-and-failure", "Acquire with SET lock <uuid> NX PX 30000 in one command and release with a Lua script that deletes the key only if the value is still mine. If the primary dies before the key reaches the replica, a second client gets the lock, so the storage must check a fencing token and reject writes from the older holder.", "pause-past-expiry"},
		{"no fencing", "redis-lock-and-failure", "Acquire with SET lock <uuid> NX PX 30000. Release with a Lua script that deletes only if the value is still yours. A GC pause longer than the TTL lets a second client in. Failover loses the key, since replication is async.", "storage-protects-itself"},
		{"no pause", "choose-ttl", "I'd measure the p99 of the critical section and set the TTL a few times above it. Too short and the lease expires while the holder is still working; too long and a crashed holder blocks everyone. Safety comes from fencing tokens checked by the storage.", "pause-past-expiry"},
		{"no fencing", "choose-ttl", "Too short and a GC pause makes the lease expire under a holder that is still working; too long and a crash blocks everyone for that long. I'd measure the p99 of the job and set the TTL to a few times that.", "storage-protects-itself"},
		{"QA: heartbeats, no pause", "extend-lease", "Yes, with heartbeats that extend the TTL periodically.", "pause-past-expiry"},
		{"QA: heartbeats, no fencing", "extend-lease", "Yes, with heartbeats that extend the TTL periodically.", "storage-protects-itself"},
		{"QA: never says who checks the token", "fencing-token", "A fencing token is a number that goes up by one every time the lock is granted. The client sends it along with each write, so when a holder pauses in GC and its lease expires, its late write with the old token is rejected.", "storage-protects-itself"},
		{"fencing named, checker not", "fencing-token", "It is an increasing number handed out with each lock grant, and the holder includes it in every request, which is what fencing means. It protects against a client that was frozen in a GC pause and wakes up after its lease expired.", "storage-protects-itself"},
		{"no pause", "fencing-token", "An increasing number the lock service hands out with every grant. The storage remembers the highest number it has seen and rejects writes that carry a lower one.", "pause-past-expiry"},
		{"QA: no fencing or pauses", "redis-vs-consensus", "I'd pick etcd. Redis replicates asynchronously, so if the primary fails right after granting the lock, the promoted replica may not have the key and grants it again. etcd commits every write through Raft on a majority, so a granted lock survives a node failure.", "storage-protects-itself"},
		{"QA: no fencing or pauses, the pause", "redis-vs-consensus", "I'd pick etcd. Redis replicates asynchronously, so if the primary fails right after granting the lock, the promoted replica may not have the key and grants it again. etcd commits every write through Raft on a majority, so a granted lock survives a node failure.", "pause-past-expiry"},
		{"no pause", "two-holders", "I'd read the release code for a plain DEL and the acquire code for SETNX followed by EXPIRE, and check whether Redis failed over. The real fix is fencing: the storage rejects writes with a stale token.", "pause-past-expiry"},
		{"no fencing", "two-holders", "I'd compare how long the job took with the TTL and look for GC pauses, check whether Redis failed over, and read the release code for a plain DEL.", "storage-protects-itself"},
		{"QA: SETNX before the job", "run-job-once", "Take a Redis lock with SETNX before running the job", "constraint-instead"},
		{"a lease and no claim", "run-job-once", "Yes. Every instance tries SET job-lock <id> NX PX 60000 when the period starts; the one that gets it runs the job and the others skip it.", "constraint-instead"},
		{"no pause", "run-job-once", "Every instance tries SET job-lock <id> NX PX 60000; the winner runs the job. I'd also make the job idempotent and claim the run with a unique row per period, so a second run changes nothing.", "pause-past-expiry"},
		{"always a lock", "avoid-the-lock", "I'd skip it when a duplicate run is harmless, like warming a cache twice. Otherwise I'd take a lock around the update so that two services never write at once.", "constraint-instead"},
		{"a row lock for everything", "row-lock", "Yes, it is. SELECT ... FOR UPDATE makes every other client wait for the row until my transaction commits, so I'd use it whenever two services might update the same order.", "constraint-instead"},
	}
	for _, tt := range tests {
		t.Run(tt.question+"/"+tt.name, func(t *testing.T) {
			// the gap is probed by the classic follow-up or by the
			// question's own probe of the same gap (Covers)
			got := selected(t, cat, tt.question, tt.answer)
			probes := slices.ContainsFunc(got, func(id string) bool {
				f, _ := cat.FollowUps.ByID(id)
				return id == tt.want || slices.Contains(f.Covers, tt.want)
			})
			if !probes {
				t.Fatalf("follow-ups = %v, want %q, or one that covers its gap, among them", got, tt.want)
			}
		})
	}
}

// TestFollowUpAnswersAreGraded checks that a follow-up answer is graded
// against its own key points: a strong answer passes, a vague one fails.
func TestFollowUpAnswersAreGraded(t *testing.T) {
	cat := mustCatalog(t)
	tests := []struct {
		followUp, answer string
		pass             bool
	}{
		{"pause-past-expiry", "The key expires while the holder is frozen in its GC pause, so another client acquires the lock. When the first client wakes up it still believes it holds the lock and writes, so both clients write and one overwrites the other. The fix is a fencing token: every grant gets a higher number and the storage rejects a write whose token is lower than one it has seen.", true},
		{"pause-past-expiry", "It would probably be fine, the pause is short most of the time and Redis is fast.", false},
		{"storage-protects-itself", "With a fencing token. The lock service hands out a number that increases with every grant, the client sends it along with each write, and the storage remembers the highest token it has seen and rejects any write carrying a lower one. That means the storage has to support a conditional write.", true},
		{"storage-protects-itself", "The client should check that it still holds the lock before writing.", false},
		// A textbook answer that names the lock service as the one handing
		// out the token: checked against every flag in the bank it was read
		// as the lock service turning writes away (a flag of other
		// questions), lost all its points and sank a round's verdict.
		{"storage-protects-itself", "No lease length is safe by itself, since a stall can outlast any of them. The lock service hands out a fencing token that grows with every grant, the client sends it with every write, and the storage keeps the highest token it has seen and rejects writes carrying a lower one.", true},
		{"constraint-instead", "Yes. A unique constraint on the order id makes the second insert fail, or a guarded update such as UPDATE jobs SET owner = 7 WHERE id = 3 AND owner IS NULL lets only one writer win. The loser sees zero affected rows and backs off. There is no separate lock service that can fail, and the rule lives in the same transaction as the data.", true},
		{"clocks-disagree", "The clocks drift apart and NTP can step one back, so the worker believes its lease is still valid after the server expired it, and two workers write at once. Measure elapsed time on the local monotonic clock instead, and rely on a fencing token that the storage checks and rejects when it is older.", true},
		{"holder-crashes", "Nobody ever releases it, so the lock is stuck forever and every other client keeps waiting until an operator deletes the key. I would give the key an expiry so the lock frees itself after a TTL. But then a holder that stalls in a GC pause can lose it while still working, so the storage also needs a fencing token.", true},
		{"holder-crashes", "It would be released when the process restarts, I think.", false},
		// QA-35: the model answer's rule in a candidate's words ("it must
		// not expire sessions based on the old leader's timing") was read
		// as the claim that a lease cannot expire, a fatal flag that sank
		// the round.
		{"design-leader-failover", "The new leader keeps every grant, since they are committed in the replicated log, and refreshes every session to at least its full TTL, because keep-alives sent to the old leader may have been lost; it must not expire sessions based on the old leader's timing.", true},
		{"design-leader-failover", "The new leader keeps the old deadlines: a lease can't expire while its client is alive, so nothing needs refreshing.", false},
		{"zookeeper-watch-predecessor", "Each waiter sets a watch on the node just before its own, not on the holder's. If everyone watched the holder, each release would wake all the waiters at once and all but one would go back to sleep: the herd effect. With the chain only one client is woken per release, in the order they queued. When the watch fires the client lists the children again, since the node ahead may have given up or had its session expire; if its own node is now the lowest it holds the lock, otherwise it watches the new predecessor.", true},
		{"zookeeper-watch-predecessor", "It waits until ZooKeeper tells it the lock is free and then takes it.", false},
		{"crash-between-commands", "The key was created but EXPIRE never ran, so it has no expiry and the lock is held forever. Every other client is refused until someone deletes the key by hand. I'd use a single SET with NX and PX so the key and its expiry are set in one atomic command.", true},
	}
	for _, tt := range tests {
		t.Run(tt.followUp, func(t *testing.T) {
			f, ok := cat.FollowUps.ByID(tt.followUp)
			if !ok {
				t.Fatalf("no follow-up %q", tt.followUp)
			}
			r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: tt.answer})
			if r.Passed != tt.pass {
				t.Fatalf("passed = %v (score %.2f, hits %v, flags %v), want %v", r.Passed, r.Score, r.Hits(), r.FlagIDs(), tt.pass)
			}
			if tt.pass && len(r.Flags) > 0 {
				t.Fatalf("a passing answer raised red flags %v", r.FlagIDs())
			}
		})
	}
}

// TestFollowUpsRequired checks the classics of the interview exist, so a
// content edit cannot silently drop them.
func TestFollowUpsRequired(t *testing.T) {
	cat := mustCatalog(t)
	for _, id := range []string{"pause-past-expiry", "storage-protects-itself", "constraint-instead"} {
		if _, ok := cat.FollowUps.ByID(id); !ok {
			t.Fatalf("follow-up %q missing", id)
		}
	}
	for _, f := range cat.FollowUps.All() {
		if f.Probe.Prompt.HTML == "" || f.Probe.ModelAnswer.HTML == "" {
			t.Fatalf("follow-up %q: prompt or model answer not rendered", f.ID)
		}
		if _, ok := cat.Section(f.Probe.Guide); !ok {
			t.Fatalf("follow-up %q: unknown guide section %q", f.ID, f.Probe.Guide)
		}
	}
}

// TestFollowUpErrorsNameTheField loads broken follow-up files next to the
// real bank and checks the error says what is wrong and where.
func TestFollowUpErrorsNameTheField(t *testing.T) {
	cat := mustCatalog(t)
	base := fstest.MapFS{}
	syn, err := fsRead("questions/synonyms.yaml")
	if err != nil {
		t.Fatalf("read synonyms: %v", err)
	}
	base["questions/synonyms.yaml"] = &fstest.MapFile{Data: syn}
	probe := `
    topic: leases
    title: T
    guide: lease-not-mutex
    prompt: P
    model_answer: M
    explanation: E
    hints: [h]
    points:
      - {id: a, label: A, dimension: failure-modes, match: [expir*]}
      - {id: b, label: B, dimension: failure-modes, match: [paus*]}
      - {id: c, label: C, dimension: trade-offs, match: [ttl]}
      - {id: d, label: D, dimension: safety-mechanisms, match: [fenc*]}
`
	tests := []struct {
		name, yaml, want string
	}{
		{"unknown question", "followups:\n  - id: x\n    question: nope\n    when: {flags: [plain-del]}" + probe, `question: unknown question "nope"`},
		{"unknown point", "followups:\n  - id: x\n    question: redis-lock-and-failure\n    when: {missed: [nope]}" + probe, `when.missed[0]`},
		{"unknown flag", "followups:\n  - id: x\n    question: any\n    when: {flags: [nope]}" + probe, `unknown red flag "nope"`},
		{"no trigger", "followups:\n  - id: x\n    question: any\n    when: {hit: [fencing]}" + probe, `when: needs missed, flags or unsaid`},
		{"bad pattern", "followups:\n  - id: x\n    question: any\n    when: {unsaid: [\"a & \"]}" + probe, `when.unsaid[0]`},
		{"misspelt key", "followups:\n  - id: x\n    question: any\n    wen: {flags: [plain-del]}" + probe, `wen`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range base {
				fsys[k] = v
			}
			fsys["questions/followups.yaml"] = &fstest.MapFile{Data: []byte(tt.yaml)}
			_, err := content.LoadFollowUps(fsys, cat.Questions)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "followups.yaml") {
				t.Fatalf("error = %v, want one naming followups.yaml and %q", err, tt.want)
			}
		})
	}
}

func fsRead(name string) ([]byte, error) { return fs.ReadFile(content.Embedded(), name) }
