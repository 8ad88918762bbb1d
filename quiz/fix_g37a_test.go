package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// g37a: database-side and relay mechanisms read as the anti-pattern they
// avoid. A practice judged by a closing "which" ("..., which hurts
// everybody"), the failure it leads to told ("the lock can go away while
// the call keeps going"), a released row lock naming the lock of an open
// transaction ("the row is unlocked automatically"), a claim taken "in
// batches", and a fencing claim bounded to the lock's own transaction
// read by the second reader: each is the correct counterpart of the
// flag's mistake (blind outbox-pattern answers of DH and DO, row-lock
// answers of EO, the skip-locked-queue answer of EM, and QA's row-lock
// answer in the model answer's words). The same words asserted (plainly,
// after "but", as advice, with the judgement denied, played down or
// empty, after a committed claim, with a remote call in the clause)
// stay flagged.

// raisedFlags grades text as an answer to question qid and returns the ids
// of the flags it raises, the second reader's among them.
func raisedFlags(t *testing.T, b *quiz.Bank, qid, text string) []string {
	t.Helper()
	q, ok := b.ByID(qid)
	if !ok {
		t.Fatalf("no question %s", qid)
	}
	var ids []string
	for _, f := range b.Grade(q, quiz.Answer{Text: text}).Flags {
		if !f.Dismissed {
			ids = append(ids, f.ID)
		}
	}
	return ids
}

func TestG37aMechanismsToldAreNotTheAntiPattern(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ name, q, text string }{
		{"which-hurts", "row-lock", "A common misuse: open a transaction, take FOR UPDATE, then call an external service inside it. It also holds a transaction open across network calls, which hurts everybody."},
		{"which-misuse", "row-lock", "Some teams hold the row lock while they call the payment API, which is a misuse."},
		{"which-starves", "row-lock", "Holding the row lock across the payment API call keeps a transaction open across a network call, which starves the connection pool."},
		{"lock-goes-away", "row-lock", "not for long stuff or anything outside the db like calling an api — the lock can go away while the call keeps going tbh."},
		{"lock-vanishes", "row-lock", "Not for calling an API, since the lock can go away while the call keeps going."},
		{"open-txn-unlocked", "skip-locked-queue", "Short jobs: keep the transaction open, do the work, commit. If the worker dies, the database rolls back when the connection drops and the row is unlocked automatically."},
		{"open-txn-unlocked-2", "skip-locked-queue", "Process inside the open transaction. If the worker dies, Postgres rolls back and the row is unlocked automatically."},
		{"relay-in-batches", "outbox-pattern", "A relay publishes outbox rows to Kafka. Either a poller (`SELECT ... FOR UPDATE SKIP LOCKED` in batches, publish, then mark sent or delete) or change data capture."},
		{"relay-in-batches-of", "outbox-pattern", "A poller takes unsent outbox rows with SELECT ... FOR UPDATE SKIP LOCKED in batches of 100, publishes them, then marks them sent."},
		{"reader-same-transaction", "row-lock", "In effect yes, the database coordinates all clients. If the client crashes, the database aborts the transaction and releases the lock. Since the lock and the write are in the same transaction there is no gap for a stale holder, so no fencing token is needed. I would use it for short read-modify-write on rows in that database."},
		{"reader-same-transaction-2", "row-lock", "Yes, it works as a distributed lock for data in that database. It is held until commit or rollback, with no TTL. Since the lock and the write are in the same transaction there is no gap for a stale holder, so no fencing token is needed."},
	} {
		t.Run("clean/"+c.name, func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); len(ids) > 0 {
				t.Errorf("%q: flags=%v, want none", c.text, ids)
			}
		})
	}
	for _, c := range []struct{ name, q, text, want string }{
		{"plain", "row-lock", "Hold the row lock while you call the payment API.", "lock-across-network-call"},
		{"after-but", "row-lock", "The database is the lock manager, but you can hold the row lock while you call the payment API and it keeps the others out.", "lock-across-network-call"},
		{"advice", "row-lock", "I'd recommend holding the row lock while you call the payment API, so nobody else can charge the card.", "lock-across-network-call"},
		{"list", "row-lock", "Steps:\n- open a transaction and SELECT ... FOR UPDATE\n- call the payment API while holding the lock\n- commit", "lock-across-network-call"},
		{"which-protects", "row-lock", "It holds a transaction open across network calls, which is exactly what protects the external call.", "lock-across-network-call"},
		{"which-hurts-nobody", "row-lock", "Hold the row lock while you call the payment API, which hurts nobody.", "lock-across-network-call"},
		{"which-blocks-so", "row-lock", "Hold the row lock while you call the payment API, which blocks other workers, so the charge happens once.", "lock-across-network-call"},
		{"which-hurts-but-safe", "row-lock", "It holds a transaction open across network calls, which hurts a little but is safe.", "lock-across-network-call"},
		{"which-fine", "row-lock", "Keep the transaction open while calling the API, which is fine.", "lock-across-network-call"},
		{"which-standard", "row-lock", "I hold the row lock while calling the payment API, which is the standard pattern.", "lock-across-network-call"},
		{"which-not-a-problem", "row-lock", "Hold the row lock while you call the payment API, which is not a problem.", "lock-across-network-call"},
		{"which-kills-race", "row-lock", "Keep the transaction open across the payment call, which kills the race.", "lock-across-network-call"},
		{"lock-cannot-go-away", "row-lock", "Hold the row lock while the call keeps going; the lock can't go away while the call keeps going.", "lock-across-network-call"},
		{"committed-claim-unlocked", "skip-locked-queue", "Mark the job running and commit, then process. If the worker dies, Postgres rolls back and the row is unlocked automatically.", "claim-lock-outlives-commit"},
		{"claim-then-commit-unlocked", "skip-locked-queue", "Keep the transaction open only for the claim, then commit and process. If the worker dies, Postgres rolls back and the row is unlocked automatically.", "claim-lock-outlives-commit"},
		{"committed-unlocked-picked-up", "skip-locked-queue", "Mark the job running and commit. If the worker dies, the row is unlocked automatically and another worker picks it up.", "claim-lock-outlives-commit"},
		{"batches-then-api", "outbox-pattern", "Take FOR UPDATE on the outbox rows in batches, then call the payment API for each row.", "lock-across-network-call"},
		{"whole-batch", "row-lock", "Hold the row lock for the whole batch, it's only a few minutes.", "lock-across-network-call"},
		{"batches-and-provider", "row-lock", "Lock the rows in batches and hold the lock while you call the provider.", "lock-across-network-call"},
		{"relay-holds-lock", "outbox-pattern", "The relay holds the row lock while it calls the Kafka broker, and that lock makes the publish happen only once.", "lock-across-network-call"},
		{"lock-around-both", "outbox-pattern", "Take a lock around the update and the publish, so both steps happen atomically.", "dual-write-atomic"},
		{"reader-no-scope", "row-lock", "Yes, it works as a distributed lock for data in that database. It is held until commit or rollback, with no TTL. A row lock is a distributed lock, so you don't need fencing for anything it guards.", quiz.ReaderFlagID},
		{"scope-failover", "row-lock", "Yes, it works as a distributed lock for data in that database. It is held until commit or rollback, with no TTL. The lock and the write are in the same transaction, so the lock survives a failover to the replica.", "row-lock-survives-failover"},
	} {
		t.Run("flag/"+c.name, func(t *testing.T) {
			if ids := raisedFlags(t, b, c.q, c.text); !slices.Contains(ids, c.want) {
				t.Errorf("%q: flags=%v, want %s", c.text, ids, c.want)
			}
		})
	}
}
