package quiz_test

import "testing"

// g25xf: fixes for review rev25x of g25b (7899f68) and g25d (ef05ec2).
// Reverted: ttl-as-safety's certainty-adverb, succeeding-renewal, whole-risk
// and "expired, so necessarily stopped" patterns; client-side-fencing's
// "check before every write closes the window"; redlock-correctness's
// "majority tolerates pauses / drift"; clocks-irrelevant's NTP step mode;
// check-then-act-safe's "in the application is enough" and "as safe as a
// transaction" patterns, its FOR UPDATE exclusion, and the flag on
// holder-id-guard. Narrowed: fresh-idempotency-key (a told second payment,
// the different-body rule) and follower-grants-locally (a dashboard, "a
// moment ago").

// g25xfReviewClean: the review's correct sentences (rev25x MUST FIX (1));
// each must stay clean of the flag it raised, in a correct answer.
var g25xfReviewClean = []flagCase{
	{"rev ttl 01", "choose-ttl", "ttl-as-safety", "A generous TTL fully eliminates the risk of a crashed holder blocking everyone forever.", false},
	{"rev ttl 02", "choose-ttl", "ttl-as-safety", "Having a TTL at all removes the deadlock risk entirely: a dead client's lock always frees itself.", false},
	{"rev ttl 03", "choose-ttl", "ttl-as-safety", "The lease exists to take a crashed client's risk completely off the table, nothing more.", false},
	{"rev ttl 04", "choose-ttl", "ttl-as-safety", "A unique constraint on (job_id, attempt) removes the double-insert risk entirely, whatever the lease does.", false},
	{"rev ttl 05", "holder-id-guard", "ttl-as-safety", "The database rejecting stale epochs fully eliminates the risk, regardless of the ten-minute timeout.", false},
	{"rev ttl 06", "etcd-revision-guard", "ttl-as-safety", "A compare on the create revision in the same Txn fully eliminates the risk, whatever the lease's timing does.", false},
	{"rev ttl 07", "skip-locked-queue", "ttl-as-safety", "Once the visibility timeout expires, the job is necessarily visible again to other workers.", false},
	{"rev ttl 08", "skip-locked-queue", "ttl-as-safety", "When the visibility timeout expired, the row is necessarily claimable again; the old worker is not told.", false},
	{"rev ttl 09", "redis-early-expiry", "ttl-as-safety", "When the TTL expired, the key is necessarily gone from Redis, even though the client has no idea.", false},
	{"rev ttl 10", "two-holders", "ttl-as-safety", "Once the lease expired the lock is necessarily free for the next client to take, which is how the second worker got it.", false},
	{"rev ttl 11", "two-holders", "ttl-as-safety", "When the TTL ran out, the key is necessarily deleted by Redis, and worker B's SET NX succeeded right after.", false},
	{"rev ttl 12", "skip-locked-queue", "ttl-as-safety", "The lease ran out, so the holder's renewals must have stopped reaching the database; that tells us nothing about the process itself.", false},
	{"rev ttl 13", "two-holders", "ttl-as-safety", "In the logs the lease expired at 12:00:03, so worker A must have stopped heartbeating by then; the GC log shows why.", false},
	{"rev ttl 14", "holder-id-guard", "ttl-as-safety", "A crashed old worker is certainly gone, and the ten-minute interval is how its job gets reclaimed; a slow one may still be writing.", false},
	{"rev ttl 15", "holder-id-guard", "ttl-as-safety", "After the ten-minute window the old worker has certainly stopped renewing its claim, though it may still be running and writing.", false},
	{"rev ttl 16", "holder-id-guard", "ttl-as-safety", "The 10-minute interval is there for when the old worker has definitely died, say its host burned down; a merely slow worker is the hard case.", false},
	{"rev ttl 17", "holder-id-guard", "ttl-as-safety", "The design quietly says that after ten minutes the old worker has surely finished, and that is the bug in it.", false},
	{"rev ttl 18", "holder-id-guard", "ttl-as-safety", "The new claim will definitely happen after 10 minutes, whether the old worker has finished, crashed or is just slow.", false},
	{"rev ttl 19", "choose-ttl", "ttl-as-safety", "A successful renewal pushes the expiry out, so the lock can't expire for another TTL counted from when the server applied it; the client still needs a token.", false},
	{"rev ttl 20", "choose-ttl", "ttl-as-safety", "Each renewal that succeeds resets the server-side countdown, so the lease can't expire on the server for one more TTL from then.", false},
	{"rev ttl 21", "choose-ttl", "ttl-as-safety", "A successful keepalive plus a token check at storage means the data stays fully protected.", false},
	{"rev ttl 22", "choose-ttl", "ttl-as-safety", "When the heartbeat keeps succeeding, the lease can't expire on the server; that is its purpose, and fencing covers the rest.", false},
	{"rev csf 01", "unfenceable-resource", "client-side-fencing", "The gatekeeper checks the token before every write and rejects lower ones, which closes the window.", false},
	{"rev csf 02", "unfenceable-resource", "client-side-fencing", "S3 checks the ETag before every write when you send If-Match, and that closes the window for the stale holder.", false},
	{"rev csf 03", "etcd-revision-guard", "client-side-fencing", "etcd checks the create revision before each write inside the Txn, which closes the window.", false},
	{"rev csf 04", "holder-id-guard", "client-side-fencing", "Postgres checks the epoch right before the write, in the same UPDATE statement, so it closes the window.", false},
	{"rev csf 05", "two-holders", "client-side-fencing", "A conditional write that checks the token just before the write, atomically in the same request, closes the window.", false},
	{"rev csf 06", "fencing-token", "client-side-fencing", "ZooKeeper's setData with the expected version checks it right before the write, in the same request, which closes the window.", false},
	{"rev rl 01", "unfenceable-resource", "redlock-correctness", "Redlock tolerates clock drift up to its drift factor, which it subtracts from the validity time.", false},
	{"rev rl 02", "redlock-operations-q", "redlock-correctness", "Redlock tolerates clock drift within limits: the validity time subtracts a drift allowance, but a stepped clock breaks it.", false},
	{"rev rl 03", "redlock-operations-q", "redlock-correctness", "Tell them: the quorum tolerates clock drift that is small and bounded, which is why we slew NTP.", false},
	{"rev rl 04", "redlock-operations-q", "redlock-correctness", "With a quorum store plus fencing at the resource, pauses stop being a problem for correctness.", false},
	{"rev rl 05", "redlock-operations-q", "redlock-correctness", "Redlock survives pauses of the Redis servers themselves, as long as a majority still answers; a paused client is another story.", false},
	{"rev rl 06", "design-lock-service-q", "redlock-correctness", "Raft's majority handles GC pauses on a follower: the others keep committing while it is frozen.", false},
	{"rev ctas 01", "holder-id-guard", "check-then-act-safe", "Checking the payload format in the application is fine; ownership has to be compared in the SQL statement itself.", false},
	{"rev ctas 02", "holder-id-guard", "check-then-act-safe", "Comparing the epoch in the worker is enough to abort early and save work, while the epoch predicate rejects the stale write.", false},
	{"rev ctas 03", "holder-id-guard", "check-then-act-safe", "An application-side check is fine as an optimization; the epoch predicate in the statement is what enforces it.", false},
	{"rev ctas 04", "holder-id-guard", "check-then-act-safe", "A check in Go code is fine for metrics only.", false},
	{"rev ctas 05", "holder-id-guard", "check-then-act-safe", "The claim and the guarded write are two separate queries, and that's fine because each write re-checks the epoch in its own predicate.", false},
	{"rev ctas 06", "holder-id-guard", "check-then-act-safe", "There's no race between the claim and a write once every write carries the epoch in its predicate.", false},
	{"rev ctas 07", "etcd-revision-guard", "check-then-act-safe", "The Txn's compare confirms the create revision and the Put lands together with it, so it is as good as a token checked at the store.", false},
	{"rev fgl 01", "etcd-revision-guard", "follower-grants-locally", "Any follower can tell you who the holder was a moment ago, which is good enough for a dashboard; the Txn is what guards the write.", false},
	{"rev fik 01", "unfenceable-resource", "fresh-idempotency-key", "A retry with a fresh key looks like a second payment to the provider.", false},
	{"rev fik 02", "unfenceable-resource", "fresh-idempotency-key", "Retry with a brand new idempotency key and the provider will happily charge the card a second time.", false},
	{"rev fik 03", "idempotency-keys", "fresh-idempotency-key", "The server rejects a retry carrying the key with a different body, with a 422.", false},
	{"rev clk 01", "redis-early-expiry", "clocks-irrelevant", "timesyncd steps the clock on boot, so start Redis only after time sync has settled.", false},
	{"rev clk 02", "redis-early-expiry", "clocks-irrelevant", "ntpd steps the clock when the offset exceeds 128 ms by default; that is what happened to us.", false},
}

// g25xfMust: wrong claims that must flag after g25xf: the two the FOR UPDATE
// exclusion had cleared (rev25x MUST FIX (2)), and the kept or narrowed
// g25b/g25d families in wordings of our own.
var g25xfMust = []flagCase{
	{"rev lost 01", "optimistic-concurrency", "check-then-act-safe", "Skip SELECT FOR UPDATE; reading the version and then writing the row is the same as a version check in the WHERE.", true},
	{"rev lost 02", "skip-locked-queue", "check-then-act-safe", "Reading the row and then writing it back is the same as SELECT ... FOR UPDATE, just without the lock.", true},
	{"own forupd 01", "optimistic-concurrency", "check-then-act-safe", "Drop the FOR UPDATE: a plain read of the row and then a write is the same as the locked version.", true},
	{"own forupd 02", "skip-locked-queue", "check-then-act-safe", "Without FOR UPDATE, reading the job and then writing its status is equivalent to claiming it.", true},
	{"own fik 01", "unfenceable-resource", "fresh-idempotency-key", "After a timeout, retry the charge with a fresh idempotency key so the provider does not see a duplicate.", true},
	{"own fik 02", "unfenceable-resource", "fresh-idempotency-key", "Each retry should carry a brand new idempotency key; the first one might be stuck at the provider.", true},
	{"own fgl 01", "design-lock-service-q", "follower-grants-locally", "Clients can ask any follower whether they still hold the lock, since followers are always up to date.", true},
	{"own fgl 02", "design-lock-service-q", "follower-grants-locally", "Asking a follower who owns the lock is good enough, because followers replicate the same log.", true},
}

// g25xfNear: correct sentences of our own sharing the narrowed patterns'
// words; they stay clean.
var g25xfNear = []flagCase{
	{"own near fik 01", "unfenceable-resource", "fresh-idempotency-key", "If the retry went out with a new key, the provider would book a second charge.", false},
	{"own near fik 02", "idempotency-keys", "fresh-idempotency-key", "A retry that reuses the key with another body is answered with a 422, not replayed.", false},
	{"own near fgl 01", "design-lock-service-q", "follower-grants-locally", "Any follower can report the holder for monitoring; granting and fencing stay on the leader.", false},
	{"own near fgl 02", "design-lock-service-q", "follower-grants-locally", "A follower shows who held the lock a moment ago, fine for a dashboard and nothing else.", false},
}

// g25xfReviewInAnswer: a review sentence that an older pattern already
// flagged alone (before g25b); only its in-answer regression is fixed.
var g25xfReviewInAnswer = []flagCase{
	{"rev ttl 23", "choose-ttl", "ttl-as-safety", "The keepalive succeeding tells the server the client is alive, and the lease can't expire while renewals arrive in time.", false},
}

func TestFixG25xfReviewAlone(t *testing.T) {
	checkFlagCases(t, g25xfReviewClean)
}

func TestFixG25xfReviewInserted(t *testing.T) {
	checkInserted(t, g24bBase, true, g25xfReviewClean)
	checkInserted(t, g24bBase, true, g25xfReviewInAnswer)
}

func TestFixG25xfMust(t *testing.T) {
	checkFlagCases(t, g25xfMust)
	checkInserted(t, g24bBase, true, g25xfMust)
}

func TestFixG25xfNear(t *testing.T) {
	checkFlagCases(t, g25xfNear)
	checkInserted(t, g24bBase, true, g25xfNear)
}
