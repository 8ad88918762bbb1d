package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// fixG24aCase is one probe of adversarial review 24 (reviewer A) of the
// g24a precision changes: a wrong claim g24a's exclusions had cleared (want
// true: flagged again), or the correct sentence g24a meant to clear (want
// false: stays clean).
type fixG24aCase struct {
	id, question, flag, text string
	want                     bool
}

// fixG24aSentences: each review probe, sentence by sentence.
var fixG24aSentences = []fixG24aCase{
	{"WC-W1", "two-holders", "wall-clock", "Sort the two writes by their host timestamps; the later one came from the real owner, so no token is needed.", true},
	{"WC-W2", "two-holders", "wall-clock", "I'd order both workers' writes using each host's timestamps, and whichever is newer wins.", true},
	{"WC-W3", "two-holders", "wall-clock", "the per-host timestamps tell us the true order of writes so that decides who really owned the lock", true},
	{"WC-W4", "two-holders", "wall-clock", "we take host timestamp of each write and latest one is the correct owner, simple", true},
	{"WC-W7", "fencing-token", "wall-clock", "You don't even need a counter: the hosts' timestamps increase, so the resource rejects anything older than the last write.", true},
	{"WC-C1", "two-holders", "wall-clock", "Collect every acquire, renew and write from both workers with its fencing token and host timestamps.", false},
	{"WC-C2", "two-holders", "wall-clock", "Host timestamps are only hints here; the order comes from the tokens the lock store handed out.", false},
	{"WC-C3", "two-holders", "wall-clock", "Pull the per-host timestamps too, but don't trust them across machines because the clocks drift.", false},
	{"LA-W4", "redis-lock-and-failure", "lock-across-network-call", "Take the lock, call the processor, release it: the external call happens once, all or nothing.", true},
	{"LA-W6", "idempotency-keys", "lock-across-network-call", "We forward the request to Stripe while holding the lock, so the charge happens once.", true},
	{"LA-C1", "idempotency-keys", "lock-across-network-call", "Pass the idempotency key to the processor, so the charge happens only once even when we retry.", false},
	{"LA-C2", "idempotency-keys", "lock-across-network-call", "The charge happens once because our key is forwarded to the PSP, which deduplicates on it.", false},
	{"LA-C3", "idempotency-keys", "lock-across-network-call", "The provider accepts an Idempotency-Key header, so handing ours to it means a retried charge can't happen twice.", false},
	{"TS-W2", "redis-early-expiry", "ttl-as-safety", "Two holders only show up when the TTL is below the job time, so raise it; a restarted node that stays down a minute is fine too.", true},
	{"TS-W5", "extend-lease", "ttl-as-safety", "Two owners only happen if the lease is shorter than the work, so lengthen it and keep it down to one renewal.", true},
	{"TS-C1", "redis-early-expiry", "ttl-as-safety", "After a crash, keep the node down longer than the longest TTL before it rejoins, so it cannot hand out a lock that is still held.", false},
	{"TS-C2", "redis-early-expiry", "ttl-as-safety", "Only restart a crashed node once it has stayed down longer than the max TTL; the TTL itself never makes the lock safe.", false},
	{"RS-W2", "extend-lease", "ttl-as-safety", "The rules for renewal are simple: a heartbeat extends the key every ten seconds and the lock is guaranteed ours until we release.", true},
	{"RS-W4", "extend-lease", "ttl-as-safety", "Just keep extending and you do it safely, the job stays protected the whole time.", true},
	{"RS-C1", "extend-lease", "ttl-as-safety", "There are rules for doing it safely: extend only if the value is still my token, and stop the work if renewal fails.", false},
	{"RS-C2", "extend-lease", "ttl-as-safety", "You can renew, but to do it safely the extend must compare the token, and even then it isn't a guarantee.", false},
	{"RS-C3", "extend-lease", "ttl-as-safety", "Extending is fine if it's done safely, with a compare-and-extend script, but fencing still protects the data.", false},
	{"CF-W2", "fencing-token", "client-side-fencing", "Each worker discards its own request when its token is stale, so the old leader never writes and no server change is needed.", true},
	{"CF-W3", "two-holders", "client-side-fencing", "fix: the holder ignore its write when its token stale (like deposed leader), storage don't need to check anything", true},
	{"CF-W4", "fencing-in-real-systems", "client-side-fencing", "In practice the fencing happens in the client: the app rejects its own stale token, so the old leader's writes never leave it.", true},
	{"CF-W5", "redis-lock-and-failure", "client-side-fencing", "The worker itself refuses to write with a stale token, like a stale broker would, so Redis locks are safe.", true},
	{"CF-C1", "fencing-in-real-systems", "client-side-fencing", "Clients reject responses from a stale leader whose term is lower than one they have already seen.", false},
	{"CF-C2", "fencing-in-real-systems", "client-side-fencing", "Kafka clients refuse metadata from a stale broker, and brokers ignore a controller carrying a stale token, its old epoch.", false},
	{"CF-C3", "fencing-token", "client-side-fencing", "Raft clients drop replies from a deposed leader once they've seen a token, a term, that is higher.", false},
	{"WL-W1", "extend-lease", "work-after-lost-lease", "If the renewal fails, the worker should just carry on and finish the batch once it wakes up.", true},
	{"WL-W2", "extend-lease", "work-after-lost-lease", "When the heartbeat fails, keep working as if nothing happened; the lease usually comes back.", true},
	{"WL-W3", "extend-lease", "work-after-lost-lease", "If the extension times out, keep running regardless; zombies are rare in our setup.", true},
	{"WL-W5", "extend-lease", "work-after-lost-lease", "If renewal fails we keep processing the batch anyway; the worker has no idea and doesn't need one.", true},
	{"WL-C1", "extend-lease", "work-after-lost-lease", "A paused worker whose renewal failed carries on when it wakes up, with no idea its lease lapsed; that is the hazard fencing stops.", false},
	{"WL-C3", "extend-lease", "work-after-lost-lease", "A worker that carries on after a failed renewal as if nothing happened will clobber the new holder's data.", false},
	{"FK-W6", "idempotency-keys", "fresh-idempotency-key", "The server computes the idempotency key as a hash of the request body plus the arrival time.", true},
	{"FK-W7", "idempotency-keys", "fresh-idempotency-key", "To keep the client simple, the API creates a key for every request and stores rows keyed by that key.", true},
	{"FK-C1", "idempotency-keys", "fresh-idempotency-key", "The server creates the dedup row on arrival, keyed by the client's Idempotency-Key.", false},
	{"FK-C2", "idempotency-keys", "fresh-idempotency-key", "The server derives its storage key by hashing the client-supplied key with the merchant id.", false},
	{"FK-C3", "idempotency-keys", "fresh-idempotency-key", "On receipt, the handler creates a record keyed by the key sent by the client.", false},
	{"WS-W2", "session-suspended", "work-through-suspended", "Just carry on writing through SUSPENDED, it's a transient blip, and the window in which LOST arrives is long.", true},
	{"WS-C1", "session-suspended", "work-through-suspended", "If you keep working through SUSPENDED, there's a window where two clients both think they hold the lock.", false},
	{"WS-C2", "session-suspended", "work-through-suspended", "Carrying on through a transient SUSPENDED opens a window in which the old and the new holder both write.", false},
	{"OL-W2", "deadlock-ordering", "one-lock-per-transfer", "You only need to lock the debited account, with an expiry so a crash can't block it.", true},
	{"OL-W3", "deadlock-ordering", "one-lock-per-transfer", "Only lock the paying account; a failed credit can be compensated later.", true},
	{"OL-W4", "deadlock-ordering", "one-lock-per-transfer", "only lock the source, the lock expires in 30 s so no deadlock possible", true},
	{"OL-C1", "deadlock-ordering", "one-lock-per-transfer", "When the lease expires it only frees the lock; nothing compensates the half-done debit.", false},
	{"OL-C2", "deadlock-ordering", "one-lock-per-transfer", "Expiry just frees the lock, so you would still need to compensate a transfer that died midway.", false},
	{"ER-W4", "etcd-revision-guard", "etcd-refuses-expired", "An ordinary put is fine because etcd makes sure only the current leader's write lands.", true},
	{"ER-C2", "etcd-revision-guard", "etcd-refuses-expired", "The stale leader's ordinary Put succeeds just fine, which is exactly the bug.", false},
	{"LF-W2", "fencing-in-real-systems", "lock-service-fences", "The lock service fences stale writes by comparing the zxid for you, so the resource does nothing.", true},
	{"OI-W1", "deadlock-ordering", "one-lock-per-transfer", "A common mistake is taking the two locks in arbitrary order. One is enough, though: just lock the source account.", true},
	{"OI-W2", "session-suspended", "work-through-suspended", "People call it a mistake, but it isn't. One is perfectly safe to keep working through SUSPENDED, it's a blip.", true},
	{"OI-W3", "choose-ttl", "ttl-as-safety", "The mistake was ours. One was enough to fix it: we doubled the TTL, so two holders can never happen now.", true},
	{"OI-W4", "two-holders", "plain-del", "Two mistakes to avoid. One is fine in our code: we release with a plain DEL of the key.", true},
	{"OI-C1", "session-suspended", "work-through-suspended", "Two mistakes I'd avoid. One is treating SUSPENDED as noise and working on until LOST.", false},
	{"ND-W1", "session-suspended", "work-through-suspended", "Things to do and not do:\n- Keep working through SUSPENDED until LOST, it's only a blip.\n- Don't ignore LOST.", true},
	{"ND-W2", "session-suspended", "work-through-suspended", "What I'd and wouldn't do:\n- keep writing through SUSPENDED, it's transient\n- wait for LOST before stopping", true},
	{"ND-W4", "extend-lease", "work-after-lost-lease", "What did we not do:\n- we never stop. If renewal fails, we keep working and finish the batch.", true},
	{"ND-C1", "session-suspended", "work-through-suspended", "Things we would not do:\n- keep writing through SUSPENDED as if it were a blip", false},
}

// fixG24aAloneOnly are wrong claims whose flag a correct base answer
// already set aside before g24a (the review counts them lost alone only).
var fixG24aAloneOnly = map[string]bool{"WC-W1": true, "TS-W5": true, "WL-W1": true, "WL-W2": true, "OL-W2": true}

// asFlagCases turns review probes into flagCases.
func asFlagCases(cs []fixG24aCase) []flagCase {
	out := make([]flagCase, len(cs))
	for i, c := range cs {
		out[i] = flagCase{c.id, c.question, c.flag, c.text, c.want}
	}
	return out
}

// TestFixG24aAlone: every probe graded on its own raises its family's flag
// exactly when it is a wrong claim.
func TestFixG24aAlone(t *testing.T) {
	checkFlagCases(t, asFlagCases(fixG24aSentences))
}

// TestFixG24aInserted: the same probes inside a correct answer of ours
// that passes clean (for the questions one exists).
func TestFixG24aInserted(t *testing.T) {
	var cases []flagCase
	for _, c := range fixG24aSentences {
		if fixG24aAloneOnly[c.id] || precisionG24Base(c.question) == "" {
			continue
		}
		cases = append(cases, flagCase{c.id, c.question, c.flag, c.text, c.want})
	}
	checkInserted(t, precisionG24Base, true, cases)
}

// TestFixG24aAnswers: the review's whole answers: the wrong ones flagged
// (a mistake list opened by "One is enough/fine", a mixed or asked "not
// do" header, a rejected open-transaction design, a stale subject-less
// "write lands", the lock service comparing, a server-hashed key), the
// correct ones clean.
func TestFixG24aAnswers(t *testing.T) {
	b := loadBank(t)
	for _, c := range []fixG24aCase{
		{"A02", "skip-locked-queue", "claim-lock-outlives-commit", "Use FOR UPDATE SKIP LOCKED so workers take different rows. Keeping the claim and the work in a single transaction open is one option, but we commit the claim instead. The row lock keeps other workers off while it's being processed, and a dead worker's job becomes available again when its connection closes.", true},
		{"A03", "skip-locked-queue", "claim-lock-outlives-commit", "Workers select the next job FOR UPDATE SKIP LOCKED, and we keep the claim and the work in one transaction, held open until the job finishes. If the worker dies, the connection drops and the transaction rolls back, so the row is unlocked and another worker picks it up. The cost is one connection per running job, so for long jobs I'd switch to a locked_until lease with an attempt number instead. Handlers must be idempotent, since a job can run twice.", false},
		{"A04", "session-suspended", "work-through-suspended", "Two mistakes I'd steer clear of. One is fine to ignore: SUSPENDED is just a blip, so we keep working until LOST. The other is forgetting the czxid check at the resource.", true},
		{"A05", "deadlock-ordering", "one-lock-per-transfer", "Two transfers in opposite directions can deadlock, each holding one lock and waiting for the other. A common mistake is sorting the ids wrong. One is enough anyway: only lock the debited account, and let the credit go through unlocked.", true},
		{"A06", "session-suspended", "work-through-suspended", "Things to do and not do:\n- Keep writing through SUSPENDED, it's a transient blip.\n- Stop only when LOST arrives.\n- Don't bother with a fencing token, the listener is enough.", true},
		{"A07", "extend-lease", "work-after-lost-lease", "Yes: a Lua script that extends only if the key still holds my token, renewed at a third of the TTL. What did we not do:\n- stop the worker. If the renewal fails we keep working and finish the batch, since it's nearly done.", true},
		{"A12", "etcd-revision-guard", "etcd-refuses-expired", "The lock is a lease on the etcd session, and a paused leader can lose it. An ordinary put is fine because etcd makes sure only the current leader's write lands. I also watch Session.Done() and stop writing when it fires.", true},
		{"A13", "fencing-in-real-systems", "lock-service-fences", "Raft terms: followers reject a lower term. Kafka uses controller epochs that brokers check. The common pattern is a bigger number per owner, carried on every request. But honestly the lock service fences stale writes by comparing the zxid for you, so the resource does nothing, and it exists for the zombie leader.", true},
		{"A14", "idempotency-keys", "fresh-idempotency-key", "Drop the lock. The server computes the idempotency key as a hash of the request body plus the arrival time, stores it under a unique constraint in the same transaction as the payment, and returns the stored response for a repeat.", true},
		{"A21", "two-holders", "wall-clock", "First compare the critical section's duration with the TTL and check for GC pauses or throttling. Gather each worker's acquire and write events with their fencing token and host timestamps, but order them by the tokens, not the clocks. Check the release for a plain DEL and whether Redis failed over. The real fix is fencing at the storage; a longer TTL only makes it rarer.", false},
	} {
		t.Run(c.id, func(t *testing.T) {
			q, ok := b.ByID(c.question)
			if !ok {
				t.Fatalf("no question %s", c.question)
			}
			r := b.Grade(q, quiz.Answer{Text: c.text})
			if got := raisesAny(r, c.flag); got != c.want {
				t.Errorf("flag %s raised=%v, want %v (flags %v)%s", c.flag, got, c.want, r.FlagIDs(), raisingPatterns(b, q, c.text, c.flag))
			}
			if c.want && r.Passed {
				t.Errorf("a wrong answer passes (score %.2f)", r.Score)
			}
		})
	}
}
