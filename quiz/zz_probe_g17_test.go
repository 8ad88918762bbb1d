package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

func TestZZProbeG17(t *testing.T) {
	if !*vetoG17Exp {
		t.Skip()
	}
	b := loadBank(t)
	strong := map[string][]string{
		"two-holders": {"I'd rebuild one timeline from the lock server's side: grants, renewals, expiries, with the fencing token of each.",
			"Then I'd audit the client: SETNX and EXPIRE as two calls, a bare DEL on release, a renewal failure that only logs.",
			"I'd check GC logs and CPU throttling for a pause longer than the TTL on the first worker.",
			"Whatever the cause, the fix is a fencing token the storage checks, rejecting any write with a token lower than the highest it has seen."},
		"idempotency-keys": {"I'd argue against a lock per customer: at best it stops two concurrent duplicates, and a retry arrives after the first request finished.",
			"The client generates one idempotency key per payment and resends it on every retry.",
			"The server inserts the key with a unique constraint in the same transaction as the charge and returns the stored response to a repeat.",
			"Minting the key on the server is the classic trap: each retry carries a brand new key, so nothing is ever deduplicated."},
		"fencing-token": {"A fencing token is a monotonically increasing number handed out with every lock grant.",
			"The client sends it with each write, and the storage remembers the highest token it has seen and rejects writes that carry an older one.",
			"Its target is the frozen client: a worker that lost its lease during a pause yet still owns the lock as far as it knows.",
			"The resource does the check, not the client or the lock service."},
		"redis-vs-consensus": {"Redis acknowledges a SET once the primary has it and replicates afterwards, so a failover can lose a granted lock.",
			"etcd and ZooKeeper commit through a quorum before they answer, and hand out a revision or zxid that only grows, which the storage can use as a fencing token.",
			"Neither stops a paused client from waking up and writing, so the resource must reject stale tokens."},
	}
	claims := []struct{ q, claim string }{
		{"two-holders", "A longer TTL makes the lock safe."},
		{"two-holders", "Redis's single thread makes GET then DEL safe."},
		{"idempotency-keys", "The server generates a new idempotency key for every retry."},
		{"idempotency-keys", "A Redis lock per customer prevents duplicate charges."},
		{"fencing-token", "After its lease expires, a worker can safely finish its writes."},
		{"fencing-token", "A failed renewal is no problem, because the job continues normally."},
		{"fencing-token", "A longer TTL makes the lock safe."},
		{"redis-vs-consensus", "Redlock is safe."},
		{"redis-vs-consensus", "The replicas already have the key when Redis says OK, so a failover keeps the lock."},
		{"fencing-token", "A failed renewal does not matter: the worker continues normally."},
		{"fencing-token", "Even after the lease is lost, the job can keep writing."},
		{"fencing-token", "If the renewal fails, the worker keeps writing as before."},
		{"two-holders", "Two workers can never both hold a Redis lock, because SET NX is atomic."},
		{"idempotency-keys", "Retries are harmless as long as the payment handler holds a lock."},
	}
	rules := []vetoRule{{}, {0.10, 1, 50, true, true}, {0.10, 1.5, 50, true, true}, {0.15, 1.5, 50, true, true}, {0.15, 1, 50, true, true}, {0.10, 1, 50, false, true}}
	for _, c := range claims {
		s := strong[c.q]
		q, _ := b.ByID(c.q)
		for pos := 0; pos <= len(s); pos++ {
			parts := append(append(append([]string{}, s[:pos]...), c.claim), s[pos:]...)
			text := strings.Join(parts, " ")
			_, pf, _ := quiz.ReaderProbs(text, c.q)
			line := ""
			for _, r := range rules {
				res := r.bank(b).Grade(q, quiz.Answer{Text: text})
				line += " | " + r.String() + ": " + strings.Join(res.FlagIDs(), ",")
			}
			t.Logf("%s pos %d pf %.3f %q%s", c.q, pos, pf, c.claim, line)
		}
	}
}
