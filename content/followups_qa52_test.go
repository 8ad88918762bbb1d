package content_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestRowLockCallInsideTransactionQA52: QA-52 M2. On the row-lock question
// a transaction held across a payment call drew the lease follow-up ("the
// lease can expire while the call is in flight"), and a correct answer
// about the open transaction and the charge a rollback cannot undo scored
// 50 %. The row-lock question now asks about the failures a row lock has,
// and that answer passes; an answer that says nothing of them does not.
func TestRowLockCallInsideTransactionQA52(t *testing.T) {
	cat := mustCatalog(t)
	q, _ := cat.Questions.ByID("row-lock")
	main := "It's a lock inside one database: it coordinates every app server that touches the row, but only for data in that database. It's also a fine way to guard the payment call: lock the order row FOR UPDATE, call the provider, then commit, and if anything fails the rollback undoes it."
	r := cat.Questions.Grade(q, quiz.Answer{Text: main})
	flagged := false
	for _, f := range r.Flags {
		flagged = flagged || f.ID == "lock-across-network-call"
	}
	if !flagged {
		t.Fatalf("flags %v: the main answer was meant to raise lock-across-network-call", r.FlagIDs())
	}
	var asked []string
	for _, f := range cat.FollowUps.Select(q, main, r) {
		asked = append(asked, f.ID)
	}
	if len(asked) == 0 || asked[0] != "call-inside-transaction" {
		t.Fatalf("follow-ups asked %v, want call-inside-transaction first", asked)
	}
	for _, id := range asked {
		if id == "network-call-held" {
			t.Errorf("follow-ups asked %v: the lease follow-up is asked of a row lock", asked)
		}
	}
	f, _ := cat.FollowUps.ByID("call-inside-transaction")
	good := "ok yeah, my bad on the rollback: it only undoes the db writes, the charge at the provider stays. with a slow call inside, the tx stays open, the row stays locked, every other writer on that row queues up and the connection pool drains. fix: keep the tx short -> record a 'pending' row + idempotency key, commit, call the provider outside any lock with that key, then a second short tx marks it done (and a reconciler retries stuck pendings)."
	if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: good}); !r.Passed {
		t.Errorf("QA-52 #089's answer fails at %.2f, missed %v", r.Score, r.Missed())
	}
	if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: "It would be slow, so I'd add a timeout and retry the call."}); r.Passed {
		t.Errorf("an answer about timeouts passes at %.2f", r.Score)
	}
}
