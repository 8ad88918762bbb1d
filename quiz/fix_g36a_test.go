package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// scopedFlags are the flags whose mistake is "no fencing needed", "the
// lock alone keeps the race out" or "the lock outlives its transaction",
// each true of the writes that commit with a database lock.
var scopedFlags = []string{"fencing-unneeded", "isolation-prevents-race", "client-side-fencing", "claim-lock-outlives-commit"}

// TestSameStoreScopeClearsTransactionScopedClaims: a claim scoped to the
// writes that commit with a database lock, in the transaction that holds
// it (the lock and the data in one database, a dead session rolled
// back), is the correct counterpart of "no fencing needed", not the
// mistake (g36a; blind row-lock and skip-locked-queue answers of DF, DJ,
// DM, DR, DU, CV and EJ). The same words taken outside the store (an
// external call, S3, Kafka, another lock service, a lease), leaning on
// the transaction without a lock, or after a committed claim, still
// raise the flag.
func TestSameStoreScopeClearsTransactionScopedClaims(t *testing.T) {
	b := loadBank(t)
	flagged := func(t *testing.T, qid, text string) []string {
		t.Helper()
		q, ok := b.ByID(qid)
		if !ok {
			t.Fatalf("no question %s", qid)
		}
		var ids []string
		for _, f := range b.Grade(q, quiz.Answer{Text: text}).Flags {
			for _, s := range scopedFlags {
				if f.ID == s {
					ids = append(ids, f.ID)
				}
			}
		}
		return ids
	}
	for _, c := range []struct{ q, text string }{
		{"row-lock", "Use it when the protected data is in the same database and the transaction is short. Then the lock and the write commit together and you don't need fencing."},
		{"row-lock", "The row lock is held by the transaction that will write the row, so the check and the write are inside one transaction. No fencing token needed for those writes."},
		{"row-lock", "It's a lock held by one authority that distributed clients use, and the protected data is the same place, so the check and the write are atomic and a crashed client's writes roll back. No fencing needed for rows in that transaction."},
		{"row-lock", "It's a centralized lock bound to a transaction, released at commit or rollback. That makes it excellent when the protected data is in the same database: check and write are atomic, and a disconnected holder's transaction aborts, so there's no stale-writer problem."},
		{"row-lock", "When my transaction writes the row, the database itself guarantees I still hold the lock - if my session was killed, my transaction was rolled back, so my write cannot land. No fencing token is needed for changes inside that database."},
		{"skip-locked-queue", "Short jobs: keep the transaction open while processing and commit with status done. If the worker dies, PostgreSQL aborts the transaction, releases the row lock, and the job is available again."},
		{"skip-locked-queue", "Run the job inside the transaction that holds the row lock; if the worker dies, the transaction rolls back, the lock is released and another worker picks the job up."},
	} {
		t.Run("clean/"+c.text[:40], func(t *testing.T) {
			if ids := flagged(t, c.q, c.text); len(ids) > 0 {
				t.Errorf("%s: flags=%v, want none", c.text, ids)
			}
		})
	}
	for _, c := range []struct{ q, text, want string }{
		{"row-lock", "Same database, one transaction: so you can skip fencing for everything, including the files on S3.", "fencing-unneeded"},
		{"row-lock", "The check and the write are inside one transaction. So no fencing is needed for the webhook either.", "fencing-unneeded"},
		{"row-lock", "Our Redis lock and the write are in the same request, so no fencing token is needed.", "fencing-unneeded"},
		{"row-lock", "It holds a pool connection, but you never need fencing with it.", "fencing-unneeded"},
		{"row-lock", "I'd recommend skipping fencing tokens entirely once you have SELECT FOR UPDATE, because the database keeps everyone else out.", "fencing-unneeded"},
		{"row-lock", "The database guarantees I still hold the lock, so while I call the shipping API nobody else can be calling it.", "client-side-fencing"},
		{"row-lock", "Under READ COMMITTED the SELECT and the UPDATE are in the same transaction, so no other session can change the row in between.", "isolation-prevents-race"},
		{"row-lock", "It's a centralized lock bound to a transaction. That makes it excellent for everything: check and write are atomic, and a disconnected holder's transaction aborts, so even the payment call has no stale-writer problem.", "isolation-prevents-race"},
		{"optimistic-concurrency", "The whole method runs in one transaction, so the read and the write are atomic and two saves can't both pass the check.", "isolation-prevents-race"},
		{"avoid-the-lock", "If all the processes write to the same PostgreSQL database you never need a distributed lock, because Postgres transactions are serializable by default.", "isolation-prevents-race"},
		{"skip-locked-queue", "Claim the job in one transaction and commit. If the worker dies, Postgres rolls back and the job is claimable again.", "claim-lock-outlives-commit"},
		{"skip-locked-queue", "Claim with SKIP LOCKED and commit. If the worker dies, PostgreSQL releases the row lock and the job is available again.", "claim-lock-outlives-commit"},
		{"skip-locked-queue", "Claim the job with SKIP LOCKED and commit; if the worker dies, Postgres rolls back and the job is claimable again.", "claim-lock-outlives-commit"},
	} {
		t.Run("flag/"+c.text[:40], func(t *testing.T) {
			ids := flagged(t, c.q, c.text)
			found := false
			for _, id := range ids {
				found = found || id == c.want
			}
			if !found {
				t.Errorf("%s: flags=%v, want %s", c.text, ids, c.want)
			}
		})
	}
}
