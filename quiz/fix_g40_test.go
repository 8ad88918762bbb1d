package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// g40: losing claims of the validation writers EV and EX (read while g40
// was tuned) that no flag caught, each with the true sentences beside it
// that must stay unflagged. Every case is graded as a whole answer.
type g40Case struct {
	question, text, flag string
	want                 bool
}

func checkG40(t *testing.T, cases []g40Case) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		r := gradeReal(t, b, c.question, c.text)
		if got := slices.Contains(r.FlagIDs(), c.flag); got != c.want {
			t.Errorf("%s: %q: %s raised=%v, want %v (flags %v)", c.question, c.text, c.flag, got, c.want, r.FlagIDs())
		}
	}
}

// TestFixG40ServerWaitsForTheClient: the servers said unable to expire a
// session until the client has caught up (by its own state, not the
// timeout) is server-waits-for-client; a session that cannot expire
// before its timeout, or in an outage shorter than it, is true.
func TestFixG40ServerWaitsForTheClient(t *testing.T) {
	checkG40(t, []g40Case{
		{"session-suspended", "On SUSPENDED I stop the protected work and wait. Once I've stopped I'm completely safe, because ZooKeeper can't expire a session while the client is still trying to reconnect.", "server-waits-for-client", true},
		{"session-suspended", "Stop work on SUSPENDED and resume on RECONNECTED. ZooKeeper can't expire your session before your client has raised SUSPENDED, so another holder can never appear while you're still working.", "server-waits-for-client", true},
		{"session-suspended", "ZooKeeper cannot expire the session before the timeout has passed, even while the client is still trying to reconnect.", "server-waits-for-client", false},
		{"session-suspended", "A session can't expire during an outage shorter than its timeout.", "server-waits-for-client", false},
		{"session-suspended", "Some people think ZooKeeper can't expire a session while the client is still trying to reconnect; that is wrong.", "server-waits-for-client", false},
		{"session-suspended", "Nothing says ZooKeeper can't expire your session before your client has raised SUSPENDED.", "server-waits-for-client", false},
	})
}

// TestFixG40ConditionWithoutComma: "If the TTL is set correctly two
// holders are impossible" asserts its main clause as the same sentence
// with a comma does. The condition ended only at a comma (or a pronoun
// and a modal), so the claim read as part of the condition after any
// other sentence.
func TestFixG40ConditionWithoutComma(t *testing.T) {
	checkG40(t, []g40Case{
		{"two-holders", "With a lease lock this can only be a bug in the lock library, because if the TTL is set correctly two holders are impossible. I'd upgrade it.", "ttl-as-safety", true},
		{"two-holders", "I would upgrade the library. If the TTL is set correctly two holders are impossible.", "ttl-as-safety", true},
		{"two-holders", "I would upgrade the library. If the TTL is set correctly, two holders are impossible.", "ttl-as-safety", true},
		// a condition with no finished verb before its subject is left
		// as it was
		{"two-holders", "Check the logs first. If two holders are impossible the bug is elsewhere, but a pause past the TTL makes them possible, so I'd look for one.", "ttl-as-safety", false},
	})
}

// TestFixG40RecordedAfterTheRun: running the job "first" and inserting
// the (job, period) row only after it finishes is run-recorded-after;
// "first" had set any sentence holding it aside. Inserting first, then
// running, and writing the row's status at the end is the counterpart.
func TestFixG40RecordedAfterTheRun(t *testing.T) {
	checkG40(t, []g40Case{
		{"run-job-once", "Use a job_runs table with a unique constraint on (job, period). To avoid junk rows when a run crashes, have each instance run the job first and insert the (job, period) row only after it finishes successfully; if the insert conflicts, someone else already did it.", "run-recorded-after", true},
		{"run-job-once", "First insert the (job, period) row, then run the job, and record the result in that row at the end.", "run-recorded-after", false},
		{"run-job-once", "Insert the row first; the unique key picks the runner, and we write the finished time to that row at the end.", "run-recorded-after", false},
		{"run-job-once", "First we insert the row for the period; the instance whose insert wins runs the job and marks the row done at the end.", "run-recorded-after", false},
		{"run-job-once", "Claim first: insert the (job, period) row, run the job, and write the row's status at the end.", "run-recorded-after", false},
	})
}

// TestFixG40HeaderSaysHandled: "Partial failure is handled for free: ...
// the debit is rolled back along with it" claims what follows its colon,
// as "Partial failure is fine:" does; a header that names the failure
// alone ("Partial failure:") still heads a failure told.
func TestFixG40HeaderSaysHandled(t *testing.T) {
	checkG40(t, []g40Case{
		{"deadlock-ordering", "Lock accounts in ascending id order. Partial failure is handled for free: if the worker dies after debiting the source, the lock's TTL expires and the debit is rolled back along with it, so balances stay consistent.", "release-rolls-back", true},
		{"deadlock-ordering", "Lock accounts in ascending id order. Partial failure is handled by a database transaction: the debit and the credit commit together, and the locks only serialise transfers.", "release-rolls-back", false},
	})
}

// TestFixG40MoreClaims: three more claims of EX that no flag caught, each
// with its denial beside it.
func TestFixG40MoreClaims(t *testing.T) {
	checkG40(t, []g40Case{
		{"holder-id-guard", "Add a claim_no incremented per claim and guard with that. Also, the per-write guard becomes unnecessary once you heartbeat claimed_at every minute: a job that's heartbeating can never be reclaimed, so you can drop the WHERE clause on writes.", "ttl-as-safety", true},
		{"holder-id-guard", "Heartbeating never makes the guard unnecessary: a paused worker stops heartbeating too.", "ttl-as-safety", false},
		{"holder-id-guard", "A heartbeat doesn't make the guard unnecessary.", "ttl-as-safety", false},
		{"skip-locked-queue", "Just have each worker SELECT the oldest queued job and then UPDATE its status to running. PostgreSQL's default isolation level stops two transactions from reading the same row at the same time, so there are no double claims.", "isolation-prevents-race", true},
		{"skip-locked-queue", "The default isolation level does not stop two transactions from reading the same row, so claim with FOR UPDATE SKIP LOCKED.", "isolation-prevents-race", false},
		{"skip-locked-queue", "Claim with FOR UPDATE SKIP LOCKED. The simplest robust design is to keep the claim transaction open for the whole job, even multi-hour jobs; long-running transactions cost PostgreSQL nothing, and the lock disappears on disconnect.", "lock-across-network-call", true},
		{"skip-locked-queue", "Long-running transactions are not free: they hold back vacuum, so commit the claim and work outside the transaction.", "lock-across-network-call", false},
	})
}

// TestFixG40ReaderRaisesOnLongAnswers: from g40 the second reader raises
// its own flag on an answer of at least raiseLongWords words from 0.5 on
// its losing-claim scale (0.6 before, and still for shorter answers).
// Chosen on the 56 tuning writers it never learned from (CM to EU): 0.5
// on answers of 60 words or more caught 44 more labelled losing claims
// and flagged no passing answer; on all answers it flagged the package's
// own concise correct answers (TestOwnParaphrasesOfTheNewerQuestions,
// TestConciseAnswersG23c), which stay unflagged. Two of those claims
// (tuning writers CS and CT), which passed before, now fail with the
// reader's flag.
func TestFixG40ReaderRaisesOnLongAnswers(t *testing.T) {
	b := loadBank(t)
	all, err := loadBlind([]string{"CS", "CT"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[[3]string]bool{{"CS", "holder-id-guard", "mixed-wrong"}: true, {"CT", "avoid-the-lock", "confidently-wrong"}: true}
	n := 0
	for _, a := range all {
		if !want[[3]string{a.Writer, a.Question, a.Kind}] {
			continue
		}
		n++
		r := gradeReal(t, b, a.Question, a.Text)
		if !hasFlag(r, quiz.ReaderFlagID) || r.Passed {
			t.Errorf("%s %s %s: flags %v passed=%v, want the second reader's flag and a fail", a.Writer, a.Question, a.Kind, r.FlagIDs(), r.Passed)
		}
	}
	if n != len(want) {
		t.Fatalf("found %d of the %d blind answers", n, len(want))
	}
	// A concise correct answer that reads above 0.5 stays unflagged.
	concise := "A fencing token is a counter the lock service increments on every grant. The holder sends it with each write, and the storage remembers the highest one and rejects a write carrying a lower token, so a client that paused past its lease can't clobber the new holder's data."
	if r := gradeReal(t, b, "fencing-token", concise); len(r.Flags) > 0 {
		t.Errorf("concise correct answer flagged: %v", r.FlagIDs())
	}
}

// TestFixG40ExternalStoreRefusesItself: an external store handed the
// token "so it can refuse older turns" checks it itself, the counterpart
// of fence-covers-elsewhere, which a pattern read as the external writes
// "refused ... too" (validation writer EX). Writes said undone or covered
// by the database's refusal still raise it.
func TestFixG40ExternalStoreRefusesItself(t *testing.T) {
	checkG40(t, []g40Case{
		{"holder-id-guard", "The owner column names a worker, not a claim. I'd give every claim its own turn number, bumped by the claiming UPDATE and returned to the worker; each write re-checks that turn number on the job row inside the same transaction, and anything external is handed the turn number too so it can refuse older turns.", "fence-covers-elsewhere", false},
		{"holder-id-guard", "When the database rejects the stale write, the uploads to S3 it made are cancelled too.", "fence-covers-elsewhere", true},
		{"holder-id-guard", "Once the row update is refused, the external API calls are covered as well.", "fence-covers-elsewhere", true},
	})
}

// TestFixG40PowerLossIsACrash: losing power is a crash (@crash), and "nobody
// picks the job up for ages" after it is the long side of choose-ttl's
// trade-off: EX's answer, each side in its own sentence, made neither.
func TestFixG40PowerLossIsACrash(t *testing.T) {
	b := loadBank(t)
	text := "I think of the TTL as the how-long-do-we-mourn-a-dead-owner setting. Make it too short and you bury owners who are only napping, and two of them end up working. Make it too long and, when a depot server really does lose power, nobody picks the job up for ages. I size it from the longest gap between check-ins I've observed plus a margin. And because no period is long enough to cover every nap, the database still refuses writes carrying an outdated generation number."
	r := gradeReal(t, b, "choose-ttl", text)
	if !r.Passed || !pointHit(t, r, "tradeoff") {
		t.Errorf("passed=%v tradeoff=%v (missed %v), want a pass with the trade-off made", r.Passed, pointHit(t, r, "tradeoff"), r.Missed())
	}
	if r := gradeReal(t, b, "choose-ttl", "Our depot server lost power once last winter."); pointHit(t, r, "tradeoff") {
		t.Errorf("a power cut alone makes the trade-off")
	}
}

// TestFixG40QA: QA-40's findings on the grader. A relay said to keep
// consumers from ever seeing an event twice is exactly-once-claim; the
// servers expiring the session before the client sees it makes
// signals-late even in a sentence that says "immediately" in another
// clause; a redlock operator keeping a crashed node down longer than the
// maximum TTL makes restart-forgets (validation writer EX, twice); a
// number that "never goes backwards" is an increasing one (EV, EW).
func TestFixG40QA(t *testing.T) {
	checkG40(t, []g40Case{
		{"outbox-pattern", "Write the order and an outbox row in one transaction; a relay publishes the row to Kafka. That gives at-least-once delivery, so consumers must deduplicate by event id. Since the relay marks the row sent right after Kafka acknowledges, consumers will never see the same event twice.", "exactly-once-claim", true},
		{"outbox-pattern", "The relay can crash after Kafka acknowledges and before it marks the row sent, so consumers can still see the same event twice; they deduplicate by event id.", "exactly-once-claim", false},
		{"outbox-pattern", "Don't assume that because the relay marks the row sent right after the ack, consumers never see duplicates.", "exactly-once-claim", false},
	})
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"session-suspended", "signals-late", "On SUSPENDED I stop the protected work immediately, because the servers can expire the session and give the lock to another client before my client sees LOST.", true},
		{"session-suspended", "signals-late", "The listener fires immediately, so the session never expires before the client knows.", false},
		{"redis-vs-consensus", "tokens", "etcd and ZooKeeper only say yes once most of their members agree, and every grant comes with a number that never goes backwards, which the storage can use to shut out a late owner.", true},
		{"redlock-operations-q", "restart-forgets", "Five independent masters, a majority within the validity window, compare-and-delete on all five, no eviction, crashed nodes kept down longer than the maximum TTL, and clocks slewed, never stepped.", true},
		{"redlock-operations-q", "restart-forgets", "rules: 5 independent masters, grab 3+ within ttl minus elapsed minus drift, release on all with compare+del, after a crash keep the node down longer than max ttl, ntp slew only.", true},
	} {
		r := gradeReal(t, b, c.question, c.text)
		if got := pointHit(t, r, c.point); got != c.want {
			t.Errorf("%s: %q: %s made=%v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}

// TestFixG40CorePointsInOtherWords: core points EV and EX made in words
// no pattern knew (six of their false fails), each beside a sentence that
// must not make it.
func TestFixG40CorePointsInOtherWords(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"holder-id-guard", "epoch-column", "I'd give each pick-up a fresh number one higher than the last, write it on the job row, make every write require that number.", true},
		{"holder-id-guard", "epoch-column", "Each pick-up is logged with the worker's name.", false},
		{"holder-id-guard", "same-owner-twice", "Worker A can lapse and pick the job up again, and now two A-attempts match.", true},
		{"holder-id-guard", "same-owner-twice", "A worker that lapses loses the job, and its next attempt stops matching.", false},
		{"skip-locked-queue", "skip-locked", "Tell Postgres to simply step past any rows another worker has a grip on rather than waiting.", true},
		{"skip-locked-queue", "skip-locked", "Each worker waits for the row lock, then takes the oldest job.", false},
		{"optimistic-concurrency", "zero-rows-retry", "Save runs UPDATE docs SET body = $b, version = 13 WHERE id = $id AND version = 12; if nothing updates, return 409 and show a merge screen.", true},
		{"optimistic-concurrency", "zero-rows-retry", "Save runs UPDATE docs SET body = $b WHERE id = $id.", false},
		{"extend-lease", "not-safety", "So topping up makes trouble rarer; the data still needs to recognise an old booking number and refuse it.", true},
		{"extend-lease", "not-safety", "Topping up makes trouble rarer.", false},
	} {
		r := gradeReal(t, b, c.question, c.text)
		if got := pointHit(t, r, c.point); got != c.want {
			t.Errorf("%s: %q: %s made=%v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}
