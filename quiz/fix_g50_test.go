package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG50PassingClean: four correct answers of GA, GB and GC (g49's
// fresh holdout, read as validation writers for g50) drew a red flag on a
// sentence that states the correct design; each now passes clean, and the
// mistake said outright in nearby words still raises the flag.
func TestFixG50PassingClean(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind string
		// claim, said outright, still raises flag
		flag, claim string
	}{
		// "A deposed leader's key was deleted along with its lease, so
		// etcd refuses the write" (after the Txn conditioned on the
		// key's create revision): the compare failing, not etcd
		// refusing a plain Put.
		{"GA", "etcd-revision-guard", "refutes-quote", "etcd-refuses-expired", "Once the deposed leader's session has expired, etcd refuses its writes, so a plain Put is enough."},
		// "the new leader ... gives every session a fresh full TTL —
		// extending is safe, shortening is not"
		{"GB", "design-lock-service-q", "strong-full", "ttl-as-safety", "Clients heartbeat to extend the lease, and extending it keeps the lock safe: nobody else can get it while we renew."},
		// "every write transaction locks the job row with FOR SHARE and
		// checks claim_gen = $gen before writing"
		{"GB", "holder-id-guard", "rejects-antipattern", "client-side-fencing", "The worker reads claim_gen and checks it before writing, and that check is what keeps a stale worker out."},
		// "The token has to come from a consensus-backed counter so it
		// keeps increasing across failovers."
		{"GC", "fencing-token", "refutes-quote", "volatile-token-counter", "The token comes from a Redis INCR counter, so it keeps increasing across failovers."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", c.writer, c.question, c.kind, r.Passed, r.FlagIDs())
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %v, want %s", c.question, c.claim, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG50Claims: ten losing claims of GA, GB and GC raised no flag (six
// of those answers passed); each now fails on the flag that names it,
// beside a rejection in nearby words that stays clean.
func TestFixG50Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, rejection string
	}{
		// "it's fine to SELECT claim_epoch from jobs first and then do
		// the write as a separate statement if it matches; under ...
		// READ COMMITTED ... nobody can reclaim in between"
		{"GA", "holder-id-guard", "mixed-wrong", "isolation-prevents-race", "Guard each write with WHERE claim_epoch = $e in the same statement: a SELECT first and a separate write are not safe, because under READ COMMITTED a reclaim can land in between."},
		// "the validity-time check after acquiring protects against long
		// GC pauses"
		{"GB", "redlock-operations-q", "mixed-wrong", "ttl-as-safety", "Checking the validity time after acquiring does not protect against a pause that comes after the check; Redlock still needs fencing at the resource."},
		// "The completion update doesn't need any claim check — by the
		// time the reaper re-queues a job, the old worker is surely dead"
		{"GB", "skip-locked-queue", "mixed-wrong", "ttl-as-safety", "The completion update must check the attempt number: when the reaper requeues a job, the old worker may only be paused, not dead."},
		// "if the browser's timestamp is newer than the one in the
		// database, accept it"
		{"GB", "optimistic-concurrency", "confidently-wrong", "wall-clock", "Keep a version number: the browser sends back the version it loaded, and the UPDATE applies only WHERE version = the loaded one; otherwise the user gets a conflict to merge."},
		// "a 2-second HTTP timeout: if our process is paused, the request
		// gets cancelled and can't reach the provider after our lease
		// expired"
		{"GB", "unfenceable-resource", "mixed-wrong", "timeout-bounds-call", "A client timeout does not bound the call: a request already sent can still reach the provider after the lease expired."},
		// "a conditional UPDATE or a unique constraint only holds inside
		// one connection"
		{"GC", "avoid-the-lock", "confidently-wrong", "lock-instead-of-constraint", "A conditional UPDATE or a unique constraint holds across every connection and every instance, so it replaces the lock there."},
		// "the server generates the idempotency key itself when it
		// receives the POST"
		{"GC", "idempotency-keys", "mixed-wrong", "fresh-idempotency-key", "The client generates the idempotency key once per payment and sends the same key on every retry; a key the server mints per request would make each retry look new."},
		// "persistence can stay disabled for performance: since a
		// majority is required, one node restarting empty is harmless"
		{"GC", "redlock-operations-q", "mixed-wrong", "redlock-replicas-or-no-persistence", "Persistence must stay on with fsync always, or a restarted node must wait out the longest TTL: a node restarting empty is not harmless."},
		// "PostgreSQL keeps the row lock until the session ends"
		{"GC", "row-lock", "mixed-wrong", "row-lock-scope-wrong", "A row lock ends with its transaction: COMMIT or ROLLBACK releases it, and only advisory locks can live for the whole session."},
		// "run SELECT ... FOR UPDATE SKIP LOCKED in autocommit mode and
		// then, in a separate statement, UPDATE ...; the row lock taken
		// by the SELECT protects the gap"
		{"GC", "skip-locked-queue", "mixed-wrong", "claim-lock-outlives-commit", "Run the SELECT ... FOR UPDATE SKIP LOCKED and the claiming UPDATE in one short transaction; in autocommit mode the row lock is released as soon as the SELECT returns."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want a fail on %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: rejection %q raised %s", c.question, c.rejection, c.flag)
		}
	}
}

// TestFixG50ReadingRules: two older rules read the speaker's own claims as
// refuted ("to avoid trusting X, Y"; a colon after "stay" meaning
// "remain"), and a check waved off ("doesn't need any claim check — ...")
// opened a diagnosis probe over what follows. The claims are read again;
// the readings those rules exist for stay.
func TestFixG50ReadingRules(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, text, flag string
		raised               bool
	}{
		{"idempotency-keys", "To avoid trusting the mobile clients, the server generates the idempotency key itself when it receives the POST.", "fresh-idempotency-key", true},
		{"idempotency-keys", "Never think the server can generate the idempotency key itself when it receives the POST: each retry would get a new key.", "fresh-idempotency-key", false},
		{"redlock-operations-q", "Persistence can stay disabled for performance: one node restarting empty is harmless.", "redlock-replicas-or-no-persistence", true},
		{"redlock-operations-q", "Two things I'd stay away from: disabled persistence, and thinking one node restarting empty is harmless.", "redlock-replicas-or-no-persistence", false},
		{"skip-locked-queue", "The completion update doesn't need any claim check — by the time the reaper requeues a job, the old worker is surely dead.", "ttl-as-safety", true},
		{"extend-lease", "Two wrong ways I've seen. (a) A thread doing plain EXPIRE every 10s. No ownership check, so after my lease lapses and someone else takes the lock, I'm extending their lock.", "ttl-as-safety", false},
		// QA-50 #071: the bullets under the speaker's own plan are claimed;
		// under a header of suspects they stay named.
		{"two-holders", "Once we know the cause, my remediation plan is:\n- raise the TTL to ten minutes, which guarantees the lease outlives any pause, so two holders cannot happen again", "ttl-as-safety", true},
		{"two-holders", "Once we know the cause, the usual suspects are:\n- the TTL was raised to ten minutes, which guarantees the lease outlives any pause, so two holders cannot happen again", "ttl-as-safety", false},
		// QA-49b #088: a random start delay, then a check of a last-run
		// marker and a separate update.
		{"run-job-once", "Each instance waits a random delay of up to 30 seconds, then checks the last_run timestamp before starting, and if it is older than the period it updates it and runs the job.", "timing-as-coordination", true},
		{"run-job-once", "A random delay followed by a check of the last_run timestamp is not enough: two instances can pass the check together. Use a conditional UPDATE ... WHERE last_run < period start.", "timing-as-coordination", false},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), c.flag); got != c.raised {
			t.Errorf("%s %q: %s raised = %v, want %v (flags %v)", c.question, c.text, c.flag, got, c.raised, r.FlagIDs())
		}
	}
}

// TestFixG50Credited: six correct answers of GA, GB and GC failed for core
// points said in their own words ("bins anything lower", "etcd itself says
// no", "no ttl is magic", "it doesn't stop one person doing half of it", "a
// node that lives only as long as its session and gets a number from an
// ever-increasing counter", "stops most zombies, but not one paused right
// after that update"); each now passes, with no flag.
func TestFixG50Credited(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind string }{
		{"GA", "fencing-token", "strong-casual"},
		{"GA", "outbox-pattern", "strong-unusual"},
		{"GB", "choose-ttl", "strong-casual"},
		{"GB", "etcd-revision-guard", "strong-casual"},
		{"GB", "zookeeper-lock-recipe", "strong-unusual"},
		{"GC", "unfenceable-resource", "strong-casual"},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v score %.2f flags %v missed %v, want a pass with no flag", c.writer, c.question, c.kind, r.Passed, r.Score, r.FlagIDs(), r.Missed())
		}
	}
	// The same words do not credit an answer that lacks the idea: a lock
	// said to stop a half-done write is no dual write explained.
	q, _ := b.ByID("outbox-pattern")
	if r := b.Grade(q, quiz.Answer{Text: "Take the lock around both steps; it stops two workers doing it at once, and that is all we need."}); r.Passed {
		t.Errorf("a lock around both steps passed (score %.2f)", r.Score)
	}
}
