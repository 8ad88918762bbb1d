package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestFixG47Misfires: six correct answers of FR, FS and FT (g46's fresh
// holdout, read as validation writers for g47) failed on a red flag for a
// mistake they do not make. Each now passes with no flag as written,
// beside the plain claim in nearby words, which still raises it.
func TestFixG47Misfires(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, flag, claim string }{
		// "For correctness the resource must check a monotonic token, and
		// then the token source matters more than Redlock"
		{"FR", "redlock-operations-q", "strong-full", "redlock-correctness", "Redlock gives you correctness as long as a majority of the five nodes agree."},
		// "Two mistakes. 1) Every waiter watches the holder's node ...:
		// that is the herd effect ... 2) Assuming you hold the lock as soon
		// as the watch fires": a numbered list of mistakes, run on in the
		// paragraph
		{"FR", "zookeeper-lock-recipe", "rejects-antipattern", "zk-recipe-wrong", "Every waiter watches the holder's node, and when it is deleted they all try again; that is how the recipe works."},
		// "Two saves can both read version 12, both pass the comparison,
		// and both write: the same lost update as before"
		{"FS", "optimistic-concurrency", "rejects-antipattern", "check-then-act-safe", "The server first does SELECT version, checks in the application that it still equals what the client loaded, then runs the UPDATE; that's enough to stop the silent overwrite."},
		// "INSERT (job, period) ON CONFLICT DO NOTHING, so only one
		// instance claims each period no matter when it fires, keep a
		// status/heartbeat": the unique row's guarantee, not the lease's
		{"FS", "run-job-once", "refutes-quote", "ttl-as-safety", "Keep the lock alive with a heartbeat, and then only one instance can run it at a time, which is safe."},
		// "renewal is safe only with three conditions"
		{"FT", "extend-lease", "strong-full", "ttl-as-safety", "Yes: a heartbeat renews the lease every few seconds, so the job is safe for as long as it runs."},
		// "that is still the same bug: ... with browser clocks the 'newer'
		// one can even be the older edit"
		{"FT", "optimistic-concurrency", "refutes-quote", "wall-clock", "Keep the save with the newest client timestamp, so the latest edit wins."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s %s %s: passed=%v flags %v, want a pass with no flag", c.writer, c.question, c.kind, r.Passed, r.FlagIDs())
		}
		if r := b.Grade(q, quiz.Answer{Text: c.claim}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the plain claim %q raised %v, want %s", c.question, c.claim, r.FlagIDs(), c.flag)
		}
	}
}

// TestFixG47Claims: losing claims of FR, FS and FT that raised no flag
// (four of them passed); each now fails on the flag that names it, beside a rejection in
// the same words that stays clean.
func TestFixG47Claims(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		writer, question, kind, flag, rejection string
	}{
		// "since only one instance holds the lock, the job runs once"
		{"FR", "run-job-once", "mixed-wrong", "lock-instead-of-constraint", "A lock held while the job runs does not mean the job runs once per period: only one instance holds it at a time, but a late timer runs it again after the release."},
		// "compares it in Java, and then runs the UPDATE in a separate
		// statement; saves are rare, so this is atomic enough"
		{"FT", "optimistic-concurrency", "mixed-wrong", "check-then-act-safe", "Comparing in Java and then running the UPDATE in a separate statement is not atomic enough: two saves race between them, so put the version in the UPDATE's WHERE."},
		// "it is usually a transient network issue, so the leader should
		// retry the same Put without the condition"
		{"FT", "etcd-revision-guard", "mixed-wrong", "etcd-refuses-expired", "If resp.Succeeded is false the leader has lost the lock: it steps down and never retries the Put without the condition."},
		// "the GC pause case is handled if the client does GET lock:res
		// right before each write and continues only if the value is still
		// its token"
		{"FR", "redis-lock-and-failure", "mixed-wrong", "client-side-fencing", "Doing a GET right before each write and continuing only if the value is still its token does not help: the pause can come after the check."},
		// "That check is the fence for resources that do not support
		// tokens."
		{"FR", "unfenceable-resource", "confidently-wrong", "client-side-fencing", "A remaining-lease check before the call is no fence at all: the pause can come right after it, so the provider needs an idempotency key."},
		// "in practice no one uses them ... Fencing tokens are mostly a
		// blog-post idea; production relies on TTLs tuned correctly"
		{"FS", "fencing-in-real-systems", "confidently-wrong", "fencing-unneeded", "The interviewer calls fencing tokens an academic idea, but they are far from a blog-post idea: HDFS journal nodes and Kafka brokers reject a lower epoch every day."},
		// "ZooKeeper will not let another client acquire the lock until my
		// client has received the LOST event"
		{"FT", "session-suspended", "mixed-wrong", "session-expiry-notified-first", "ZooKeeper lets another client acquire the lock as soon as my session expires on the servers, often before my client has received the LOST event."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)}); r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s %s %s: passed=%v flags %v, want failed by %s", c.writer, c.question, c.kind, r.Passed, r.FlagIDs(), c.flag)
		}
		if r := b.Grade(q, quiz.Answer{Text: c.rejection}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: the rejection raised %s: %q", c.question, c.flag, c.rejection)
		}
	}
	// A volatile eviction policy said to spare the locks (every lock has a
	// TTL, so they are the keys it evicts).
	q, _ := b.ByID("redis-early-expiry")
	if r := b.Grade(q, quiz.Answer{Text: "Set maxmemory-policy volatile-lru: that policy only evicts keys that have a TTL, so the locks are not affected."}); !slices.Contains(r.FlagIDs(), "single-node-keeps-keys") {
		t.Errorf("volatile-lru sparing the locks raised %v, want single-node-keeps-keys", r.FlagIDs())
	}
	if r := b.Grade(q, quiz.Answer{Text: "Never use volatile-lru: it only evicts keys that have a TTL, and every lock has one, so the locks are exactly what it evicts. Use noeviction."}); slices.Contains(r.FlagIDs(), "single-node-keeps-keys") {
		t.Errorf("the rejection of volatile-lru raised single-node-keeps-keys")
	}
}

// TestFixG47Points: eight correct answers of FR and FT failed for a core
// point they make in their own words; each now earns it and passes.
func TestFixG47Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ writer, question, kind, point string }{
		// "the fix is to let etcd decide: write with cli.Txn(ctx).If(...)"
		{"FR", "etcd-revision-guard", "refutes-quote", "atomic-in-store"},
		// "The resource keeps max_token. It accepts a write only if token
		// >= max_token"
		{"FR", "fencing-token", "strong-full", "resource-rejects"},
		// "the referee and the scoreboard are the same machine ... the
		// precondition is false, and the write is simply not applied"
		{"FT", "etcd-revision-guard", "strong-unusual", "atomic-in-store"},
		// "worker-7's frozen attempt ... wears the same badge as worker-7's
		// fresh attempt, so the database waves both through"
		{"FT", "holder-id-guard", "strong-unusual", "same-owner-twice"},
		// "WAIT 1 says one of them has it, but Sentinel may promote the
		// other one"
		{"FT", "redis-wait-safe", "strong-full", "promoted-replica"},
		// "the promotion logic picks a replica by a best guess, not by a
		// rule that the chosen one must have heard everything"
		{"FT", "redis-wait-safe", "strong-unusual", "promoted-replica"},
		// "nothing is written in the book until at least three agree, so
		// losing one or two machines never erases a grant"
		{"FT", "design-lock-service-q", "strong-unusual", "consensus-log"},
		// "if somebody yanks the machine's calendar forward, the lease runs
		// out at once"
		{"FT", "redis-early-expiry", "strong-unusual", "clock-jump"},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: writtenAnswer(t, c.writer, c.question, c.kind)})
		if !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("%s %s %s: passed=%v, %s hit=%v, missed %v", c.writer, c.question, c.kind, r.Passed, c.point, pointHit(t, r, c.point), r.Missed())
		}
	}
}
