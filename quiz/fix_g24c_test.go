package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestFixG24cReview: the probes of review24 adversarial-c on g24c that
// g24cf fixes. The two widenings now need the harm or the use told
// (pause-expiry: both writing; resource-rejects: the stored highest token
// compared or a lower one refused, by a whole identifier), and the four
// narrowings scope their exclusions: the stop deferred to LOST only in
// the stop's clause and only LOST as the session's state, the settled
// number only as a duration, the hedge only on the expiry verb.
func TestFixG24cReview(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// pause-expiry: a second party without the harm, a question, a hedge,
		// the failure dismissed
		{"redis-lock-and-failure", "pause-expiry", "If the key expires while I'm working, Redis makes any other client wait until I call DEL.", false},
		{"redis-lock-and-failure", "pause-expiry", "Does the lock expire while the worker is working so another client gets it? I doubt it.", false},
		{"redis-lock-and-failure", "pause-expiry", "Maybe the key expires while I work and some other client gets in, not sure really.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lock expires while it is working and another worker takes over the job, which is exactly the hand-off we want.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lease expires while I work on the next job, after I already released this one, and another client takes it; that is normal.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lock only expires while the worker is working if we forget PX, and then another client gets it too.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lease times out while I'm working on a different key, so another client locking this key is unrelated.", false},
		{"redis-lock-and-failure", "pause-expiry", "Nothing bad happens if it expires while I work: the other client just gets an error from SET NX.", false},
		{"redis-lock-and-failure", "pause-expiry", "The lease expires while it's working, which is fine, because both clients are idempotent anyway.", false},
		{"redis-lock-and-failure", "pause-expiry", "If the lock expires while the holder is working, the other client has to wait for the holder to finish.", false},
		{"redis-lock-and-failure", "pause-expiry", "It could in theory expire while I am working, and a second client could take it, but with a 30s TTL that never happens.", false},
		{"redis-lock-and-failure", "pause-expiry", "Can the lease expire while it's working and someone else take it?", false},
		// ... the harm told still earns it
		{"redis-lock-and-failure", "pause-expiry", "My lock can run out while I'm still working, and then another client grabs the key and both of us write.", true},
		{"redis-lock-and-failure", "pause-expiry", "The lease can lapse while I am working, and then another client grabs the key and both of us write.", true},

		// resource-rejects: other maxima, a value kept and not used, hedges
		{"fencing-token", "resource-rejects", "The database keeps max latency seen per request for the dashboard.", false},
		{"fencing-token", "resource-rejects", "The storage tracks maximum token bucket size for rate limiting.", false},
		{"fencing-token", "resource-rejects", "The database tracks max token count per user for billing.", false},
		{"fencing-token", "resource-rejects", "The database keeps max_tokens_per_request at 4096 for the LLM endpoint.", false},
		{"fencing-token", "resource-rejects", "Our backend keeps max_seen_version for caching, which is unrelated to tokens.", false},
		{"fencing-token", "resource-rejects", "The database stores max_token_seen for debugging, and writes go through regardless.", false},
		{"fencing-token", "resource-rejects", "The resource keeps max_token_seen, and accepts every write anyway.", false},
		{"fencing-token", "resource-rejects", "The sink remembers max_token but only logs a warning when a lower token shows up.", false},
		{"fencing-token", "resource-rejects", "The data store keeps max_fence_id, though we still let older writes land.", false},
		{"fencing-token", "resource-rejects", "The database keeps max_token_seen and overwrites it with whatever token arrives last.", false},
		{"fencing-token", "resource-rejects", "The table keeps a highest_token column, which the writer compares before sending.", false},
		{"fencing-token", "resource-rejects", "Should the database keep max_token_seen? I don't think it needs to.", false},
		{"fencing-token", "resource-rejects", "Maybe the storage records max_token or something, I'm not sure.", false},
		{"fencing-token", "resource-rejects", "I guess the storage keeps highest_token somewhere, maybe.", false},
		{"fencing-token", "resource-rejects", "the ledger records max token, that's it", false},
		{"fencing-token", "resource-rejects", "The storage keeps max_token_seen only in memory, and after a restart it starts from zero, which is fine.", false},
		// ... the stored token compared or a lower one refused still earns it
		{"fencing-token", "resource-rejects", "The DB remembers max_token_seen for every row it protects and compares each write's token with it.", true},
		{"fencing-token", "resource-rejects", "The storage node keeps a max_token_seen per key and refuses any write whose token is below it.", true},

		// stop-work: a stop, then LOST handled in a later clause, or a lost
		// connection, keeps the credit
		{"session-suspended", "stop-work", "On SUSPENDED, pause all writes at once; on LOST, give the lock up and re-acquire.", true},
		{"session-suspended", "stop-work", "My worker stops doing anything protected the second the connection gets lost.", true},
		{"session-suspended", "stop-work", "As soon as the link gets lost I stop the protected work, since the server may expire my session any second.", true},
		{"session-suspended", "stop-work", "When connection is lost, client must stop the writing immediately and not wait for session expire.", true},
		{"session-suspended", "stop-work", "Halt all writes; if the connection becomes lost for longer than the session timeout, the lock is someone else's.", true},
		{"session-suspended", "stop-work", "When we lose the connection we abort the critical section right there; if it's lost for good we re-acquire later.", true},
		{"session-suspended", "stop-work", "I stop the work immediately, because when it's lost the next holder may already be writing.", true},
		{"session-suspended", "stop-work", "The moment the listener fires I halt the writes, and if it later becomes LOST I drop the lock and re-acquire.", true},
		{"session-suspended", "stop-work", "Stop all work straight away; once LOST arrives, the lock is gone for good.", true},
		{"session-suspended", "stop-work", "halt everything at once, and if it goes to LOST after that, re-acquire from scratch", true},
		{"session-suspended", "stop-work", "Pause the job the instant the listener fires; when LOST comes, abandon it and reacquire.", true},
		{"session-suspended", "stop-work", "Halt the writes first; whether it then turns into LOST or RECONNECTED decides whether I re-acquire or resume.", true},

		// no-safe-value: a purpose picked, not a number, keeps the credit ...
		{"choose-ttl", "no-safe-value", "The TTL is only a bet on timing, so pick it for availability and fence the writes for safety.", true},
		{"choose-ttl", "no-safe-value", "Every lease length is a guess, so set it by how long you can afford to block after a crash, not for safety.", true},
		{"choose-ttl", "no-safe-value", "It's a probability game, so choose a length that bounds the outage and add fencing.", true},
		{"choose-ttl", "no-safe-value", "The TTL is a bet on timing, so set expectations: it limits the outage after a crash and nothing more.", true},
		// ... a duration settled on does not
		{"choose-ttl", "no-safe-value", "Choosing a TTL is a guess about timing, so we went with 10 seconds.", false},
		{"choose-ttl", "no-safe-value", "Picking the TTL is a guess about timing, so we decided on 15 seconds.", false},
		{"choose-ttl", "no-safe-value", "It's a guess on timing, so I'd go for 30 seconds.", false},
		{"choose-ttl", "no-safe-value", "It's a timing guess, pick 45 seconds.", false},
		{"choose-ttl", "no-safe-value", "The lease length is a bet, and I'd take 2 minutes, done.", false},

		// visibility-timeout: a hedge on the death or elsewhere keeps the credit
		{"skip-locked-queue", "visibility-timeout", "Each claim stamps the row with an expiry; when a worker dies at some point mid-job, the stamp expires and the row is claimable again.", true},
		{"skip-locked-queue", "visibility-timeout", "The reservation expires after five minutes and the job is available again, maybe for the same worker.", true},
		{"skip-locked-queue", "visibility-timeout", "If a worker crashes somehow, its claim expires after 5 minutes and the job is claimable again.", true},
		{"skip-locked-queue", "visibility-timeout", "Workers die at some point, so each claim stamp expires after 60s and the job comes back again.", true},
		{"skip-locked-queue", "visibility-timeout", "When worker die, maybe because OOM, the reservation expire and job is available again for other worker.", true},
		{"skip-locked-queue", "visibility-timeout", "I suppose the simplest design is this: the claim stamp expires after a fixed time and the row is claimable again.", true},
		{"skip-locked-queue", "visibility-timeout", "A claim whose stamp expires puts the job back in the queue again, and the next worker somehow always picks it up within a second.", true},
		// ... a hedge on the expiry itself does not (SHOULD FIX)
		{"skip-locked-queue", "visibility-timeout", "The claim might expire and the job possibly comes back again.", false},
		{"skip-locked-queue", "visibility-timeout", "Perhaps the reservation expires and the row is available again?", false},
		{"skip-locked-queue", "visibility-timeout", "Probably the stamp expires eventually and the job is back.", false},
		{"skip-locked-queue", "visibility-timeout", "I think the claim lapses at some stage and then the job comes back again.", false},
		{"skip-locked-queue", "visibility-timeout", "The claim expires or whatever and the job is available again.", false},
	})
}

// TestHighestTokenUsedG24cf: the resource's highest token by its
// identifier earns resource-rejects when the stored token is put to use,
// by a name that may mean something else ("keeps `maxSeen` and applies a
// write iff ..."); "max_token_seen" says it alone, unless the sentence
// lets writes through anyway or hedges it.
func TestHighestTokenUsedG24cf(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"fencing-token", "resource-rejects", "The database keeps `maxSeen` per row and applies a write iff its token is at least maxSeen.", true},
		{"fencing-token", "resource-rejects", "The storage keeps `max_token_seen` for each key. When a request carries a smaller token, the storage rejects it.", true},
		{"fencing-token", "resource-rejects", "The datastore keeps `max_token_seen`. A write with a smaller token is turned away.", false},              // g24zf: the bare name no longer earns it (review24 adversarial-z P07, P08, A6)
		{"fencing-token", "resource-rejects", "The storage keeps `max_token_seen` for each key; the first sentence alone is enough to name it.", false}, // g24zf: the bare name no longer earns it (review24 adversarial-z P07, P08, A6)
		{"fencing-token", "resource-rejects", "The storage keeps `highest_token` for each key and nothing more.", false},
		{"fencing-token", "resource-rejects", "The storage keeps `max_seen` for each key, and the client compares its token with it.", false},
		{"fencing-token", "resource-rejects", "The storage keeps `max_token_seen` for each key, but older writes still land anyway.", false},
	})
}

// TestFixG24cWholeAnswers: the whole answers of review24 adversarial-c
// that g24c flipped. The weak ones that passed only on a widening's false
// credit fail again; the correct ones that lost a core point to a
// sentence-wide exclusion pass again with that point.
func TestFixG24cWholeAnswers(t *testing.T) {
	b := loadBank(t)
	checkVerdicts(t, b, []verdictCase{
		// WA01, WA03: resource-rejects from another maximum, or a kept
		// value with stale writes let through
		{"fencing-token", "A fencing token is an increasing number the lock service gives out with every grant. It protects against a paused holder that wakes up after its lease expired and another client took the lock. The database keeps max latency seen per request, and the token is just logged.", false},
		{"fencing-token", "The token goes up with every grant of the lock. The lock service hands out the next one each time. The data store keeps max_fence_id, though we still let older writes land. It matters when a GC pause makes a client outlive its lease while another client holds the lock.", false},
		// WA06 to WA09: pause-expiry from a hand-off, a dismissal, an
		// error, a question
		{"redis-lock-and-failure", "Use SET lock my-id NX PX 10000 to acquire, and delete it with a compare-and-delete Lua script. The lock expires while it is working and another worker takes over the job, which is exactly the hand-off we want.", false},
		{"redis-lock-and-failure", "Use SET NX PX with a random value, and release via a Lua script that checks the value and deletes. It could in theory expire while I am working and a second client could take it, but with a 30s TTL that never happens.", false},
		{"redis-lock-and-failure", "Acquire with SET key val NX PX ttl and release with a Lua compare-and-delete. Nothing bad happens if it expires while I work: the other client just gets an error from SET NX.", false},
		{"redis-lock-and-failure", "SET NX PX with a unique value; release with a Lua script so the GET and the DEL are atomic. Can the lease expire while it's working and someone else take it? Not really, Redis handles that.", false},
		// CA06 to CA08: a hedge on the worker's death, not on the expiry
		{"skip-locked-queue", "Use SELECT ... FOR UPDATE SKIP LOCKED to claim jobs so workers don't block each other. Each claim stamps the row with an expiry; when a worker dies at some point mid-job, the stamp expires and the row is claimable again. Make handlers idempotent, since a stalled worker may finish late.", true},
		{"skip-locked-queue", "Workers take a job with FOR UPDATE SKIP LOCKED, so two workers never take the same row and nobody waits. When a worker dies, maybe because of OOM, the reservation expires and the job is available again for another worker. The handler must be idempotent.", true},
		{"skip-locked-queue", "SKIP LOCKED for the claim, so workers skip rows another worker holds. If a worker crashes somehow, its claim expires after 5 minutes and the job is claimable again. Commit the claim right away instead of holding a transaction open for the whole job.", true},
		// CA10: the harm told earns pause-expiry and the answer passes
		{"redis-lock-and-failure", "Acquire with SET lock <uuid> NX PX 30000 in one command. Release with a Lua script that deletes only if the value is still my uuid. The lease can lapse while I am working, and then another client grabs the key and both of us write. Fix it with a fencing token checked by the resource.", true},
	})
	// CA02 to CA05 keep passing and get their core point back.
	for _, c := range []pointCase{
		{"session-suspended", "stop-work", "SUSPENDED = the connection is lost. As soon as the connection gets lost, my worker stops doing anything protected. The session can still be alive on the server, so I resume only after RECONNECTED; if LOST, I get the lock again. The listener is not enough because the notification comes late: the session can expire on the servers before the client knows. And a callback cannot stop a thread that is paused by GC in the middle of a write, so use a fencing token like the czxid.", true},
		{"session-suspended", "stop-work", "On SUSPENDED, pause all writes at once; on LOST, give the lock up and re-acquire; on RECONNECTED in the same session, resume. The connection dropped but the session may still be alive. The listener is not enough because it fires late: the session can expire on the servers before my client hears about it, and a thread paused by GC cannot be interrupted by a callback. So fence with the czxid anyway.", true},
		{"choose-ttl", "no-safe-value", "Too short and the lease runs out under a slow holder; too long and a crash blocks everyone for that long. I'd measure the p99 of the job and add headroom. The TTL is only a bet on timing, so pick it for availability and fence the writes for safety. Renew with a heartbeat while working.", true},
		{"choose-ttl", "no-safe-value", "Every lease length is a guess, so set it by how long you can afford to block after a crash, not for safety. Too short and a slow job loses the lock mid-run; too long and a crashed holder blocks others. Measure the p99 runtime plus a margin, heartbeat to extend it, and put a fencing token at the resource.", true},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s: passed=%v, %s hit=%v; want both", c.question, r.Passed, c.point, pointHit(t, r, c.point))
		}
	}
}

// TestStopDeferredOutrightG24cf: the stop put off until LOST told outright
// (review24 adversarial-c SHOULD FIX) does not earn stop-work; a stop on
// SUSPENDED with LOST handled afterwards still does.
func TestStopDeferredOutrightG24cf(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "stop-work", "Once the session is LOST I stop using the lock.", false},
		{"session-suspended", "stop-work", "Wait for LOST, then stop the work.", false},
		{"session-suspended", "stop-work", "If the session expires I stop touching the resource.", false},
		{"session-suspended", "stop-work", "After the listener reports LOST, I stop all writes.", false},
		{"session-suspended", "stop-work", "Keep the job running on SUSPENDED; when the session is finally LOST, stop the processing.", false},
		{"session-suspended", "stop-work", "I ignore SUSPENDED and only stop the work once it turns into LOST.", false},
		{"session-suspended", "stop-work", "I freeze the processing immediately and don't wait until it turns into LOST.", true},
		{"session-suspended", "stop-work", "I halt the protected work the moment SUSPENDED arrives; I never wait for LOST.", true},
		{"session-suspended", "stop-work", "On SUSPENDED I stop the work and wait for RECONNECTED or LOST.", true},
	})
}

// TestStopBecauseSessionMayExpireG24cf: the session's possible expiry as
// the reason to stop now ("the session may expire, so I stop the work")
// is not the stop deferred to the expiry.
func TestStopBecauseSessionMayExpireG24cf(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"session-suspended", "stop-work", "The link is down and the session might expire, so I stop the protected work and wait.", true},
	})
}

// TestTxnCompareVagueG24cf: a txn said to compare nothing in particular
// (review24 adversarial-c SHOULD FIX) does not earn txn-compare; the
// lock key's create revision named still does, vague words beside it or not.
func TestTxnCompareVagueG24cf(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"etcd-revision-guard", "txn-compare", "The txn compares some fields first and then writes.", false},
		{"etcd-revision-guard", "txn-compare", "Use an etcd transaction with conditions on whatever, and then the write is safe.", false},
		{"etcd-revision-guard", "txn-compare", "Just use a transaction with an if in it, any if really.", false},
		{"etcd-revision-guard", "txn-compare", "The transaction compares a bunch of keys before the put.", false},
		{"etcd-revision-guard", "txn-compare", "Wrap it in a transaction with some kind of guard and the deposed leader is stopped.", false},
		{"etcd-revision-guard", "txn-compare", "Put the write in a txn that compares the lock key's create revision, and check things like the lease too.", true},
		{"etcd-revision-guard", "txn-compare", "Use a transaction that compares something specific, the mutex key's CreateRevision, against mine.", true},
		{"etcd-revision-guard", "txn-compare", "A txn comparing the lock key's create revision is some kind of check-and-set, done atomically by etcd.", true},
		{"etcd-revision-guard", "txn-compare", "The transaction's condition checks one thing only: the lock key still exists with my create revision.", true},
	})
}
