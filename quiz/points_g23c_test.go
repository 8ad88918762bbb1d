package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestPointWordingsG23c: grader g23c widened five point patterns for
// correct answers that said a core point in their own words, and narrowed
// one bare word that credited a weak answer. For each widening the
// paraphrase it was made for (in our own words) now earns the point, and
// sentences of our own that use the same words without making the point
// (the wrong mechanism, the point denied, a vaguer statement) do not.
func TestPointWordingsG23c(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		// skip-locked-queue visibility-timeout, narrowed: a mechanism only
		// hedged at ("some kind of timeout") is not named.
		{"skip-locked-queue", "visibility-timeout", "When a worker crashes we would want some kind of timeout so its job is retried.", false},
		{"skip-locked-queue", "visibility-timeout", "Dead workers need some sort of lease, I suppose.", false},
		{"skip-locked-queue", "visibility-timeout", "There should be some type of timeout for stuck jobs.", false},
		{"skip-locked-queue", "visibility-timeout", "Each claim sets a visibility timeout of five minutes, after which the job can be claimed again.", true},

		// skip-locked-queue visibility-timeout, widened: the row marked
		// taken until a time, the time right after the "until".
		{"skip-locked-queue", "visibility-timeout", "The claim marks the row taken until now plus five minutes.", true},
		{"skip-locked-queue", "visibility-timeout", "Each picked job is marked busy until ten minutes from now.", true},
		{"skip-locked-queue", "visibility-timeout", "A job stays taken until the worker commits, a few seconds later.", false},
		{"skip-locked-queue", "visibility-timeout", "A job is marked busy until the worker finishes, which can take minutes.", false},
		{"skip-locked-queue", "visibility-timeout", "The worker marks it taken, and five minutes later it commits.", false},
		{"skip-locked-queue", "visibility-timeout", "The job is marked taken until now, when the worker commits.", false},

		// skip-locked-queue visibility-timeout, widened: the claim as a
		// rental or loan that lapses, the job given back.
		{"skip-locked-queue", "visibility-timeout", "Each claim is a loan with an end time; once the loan lapses, the job is available to the other workers again.", true},
		{"skip-locked-queue", "visibility-timeout", "When a worker dies, its rental of the connection lapses and Postgres rolls back, so the job is back.", false},
		{"skip-locked-queue", "visibility-timeout", "Rentals lapse in other systems, but here a job is given back only when the worker says so.", false},
		{"skip-locked-queue", "visibility-timeout", "There is some kind of rental that lapses so the job comes back.", false},
		{"skip-locked-queue", "visibility-timeout", "A worker rents the job, and when it is done the job goes back on the shelf.", false},

		// etcd-revision-guard txn-compare, widened: the transaction's own
		// relative clause checks the key.
		{"etcd-revision-guard", "txn-compare", "Each update goes through a txn which verifies that our lock key is still there, and only then writes the value.", true},
		{"etcd-revision-guard", "txn-compare", "Before the transaction, the leader checks that the key still exists, and then puts the routes.", false},
		{"etcd-revision-guard", "txn-compare", "Don't bother with a transaction that checks whether the lock key still exists; just put the routes while you hold the lock.", false},
		{"etcd-revision-guard", "txn-compare", "I check in a separate call that the lock key still exists, then write the routes in a transaction.", false},

		// redlock-operations-q clocks-slew, widened: the hosts' time named
		// by a phrase, moved gently a few words on.
		{"redlock-operations-q", "clocks-slew", "Time on those hosts is only ever nudged, never stepped.", true},
		{"redlock-operations-q", "clocks-slew", "Time on those hosts can jump and Redlock handles it fine.", false},
		{"redlock-operations-q", "clocks-slew", "Time on those hosts does not need to be slewed; Redlock copes with a step.", false},
		{"redlock-operations-q", "clocks-slew", "Spend time on the hosts, and later step through the failover runbook.", false},
		{"redlock-operations-q", "clocks-slew", "Time on the servers drifts a little, which is normal.", false},

		// choose-ttl no-safe-value, widened: "after any period you choose"
		// as the free choice the pause outlasts.
		{"choose-ttl", "no-safe-value", "A stalled process can come back after any lease length you pick.", true},
		{"choose-ttl", "no-safe-value", "A frozen process never wakes up after any period we choose, because we pick the TTL generously.", false},
		{"choose-ttl", "no-safe-value", "Choose any period you like; a stalled process wakes up within seconds anyway.", false},
		{"choose-ttl", "no-safe-value", "The process resumes after any period you choose to schedule a restart.", false},

		// unfenceable-resource timing-caveat (concept timing-not-safety),
		// widened: a longer wait only moves the bar a pause must clear.
		{"unfenceable-resource", "timing-caveat", "A longer wait only raises how long a stall has to be.", true},
		{"unfenceable-resource", "timing-caveat", "The only change is how long a GC pause takes.", false},
		{"unfenceable-resource", "timing-caveat", "A bigger TTL doesn't only change how long a pause has to be; it removes the race.", false},
		{"unfenceable-resource", "timing-caveat", "The TTL just changes how long the job takes, nothing to do with pauses.", false},
	})
}

// TestConciseAnswersG23c: two concise correct answers of our own, in the
// wording the widenings above hear, pass; the weak answer that only hedges
// at a timeout fails.
func TestConciseAnswersG23c(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, text string
		pass           bool
	}{
		{"skip-locked-queue", "Workers claim one job each with FOR UPDATE SKIP LOCKED and mark it taken until now() plus five minutes before they commit. A crashed worker's job becomes claimable by the others once that time has passed.", true},
		{"etcd-revision-guard", "Every write is a transaction that checks the lock key still exists with our create revision, and only then puts the config. etcd performs the check and the put atomically, so a deposed leader whose lease expired writes nothing.", true},
		{"skip-locked-queue", "Use Postgres with SKIP LOCKED so workers poll a jobs table. If a worker dies there should be some kind of timeout so the job is retried.", false},
	} {
		q, ok := b.ByID(c.question)
		if !ok {
			t.Fatalf("no question %s", c.question)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed != c.pass {
			t.Errorf("%s: %q passed=%v, want %v (flags %v)", c.question, c.text, r.Passed, c.pass, r.FlagIDs())
		}
	}
}
