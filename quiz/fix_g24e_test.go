package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Probes of the adversarial review of g24e (review24 adversarial-e), fixed
// in g24ef. Each is graded on its own, as a learner's whole answer.

// TestSaladAfterOneSentenceEarnsNothingG24ef: a keyword list after one or
// two real sentences stays a list (MUST FIX 3): the half-list weight of
// g24e holds only for a run at most half as long as the sentences that
// credit, or one most of whose items are clauses; a lone "it expired" or
// "someone deleted" item is an event named like its siblings. Such an
// answer fails and earns no point.
func TestSaladAfterOneSentenceEarnsNothingG24ef(t *testing.T) {
	b := loadBank(t)
	cases := []verdictCase{
		{"redis-early-expiry", "The key can be evicted under maxmemory. The clock can jump. restart, it expired early, flushall, someone deleted, noeviction, dedicated box, fencing, aof, rdb, alerts", false},                                         // X01
		{"redis-early-expiry", "Eviction can drop it. A clock jump expires it. restart so it forgot, flushall, del, noeviction, separate instance, fence, aof everysec, rdb, maxmemory, volatile-lru, allkeys-lru", false},                              // X02
		{"redis-early-expiry", "The key can be evicted under maxmemory. The clock can jump. eviction policy, restart so the snapshot forgot it, FLUSHALL, someone deleted it, noeviction, separate instance, fence", false},                             // A03
		{"two-holders", "The lock expired while worker A was paused. timeline, gc pause, ttl, failover so the key got lost, plain del, fencing token", false},                                                                                           // S02
		{"fencing-token", "A paused holder can write late after its lease ran out. monotonic counter, sent with write, resource rejects lower so it can't overwrite, zxid, revision", false},                                                            // S09
		{"extend-lease", "Extending is fine if you check you still own it. lua script, renew early, pause so it cannot renew, fencing token, cap extensions", false},                                                                                    // S19
		{"choose-ttl", "You measure the critical section and pick from that. p99, margin, pauses so no ttl is safe, heartbeat, fencing", false},                                                                                                         // S21
		{"zookeeper-lock-recipe", "The client creates an ephemeral sequential node. lowest holds, watch previous so no herd, session ends node deleted, czxid", false},                                                                                  // S23
		{"row-lock", "It is a lock but only inside the database. transaction scope, client dies so db aborts it, api calls, email, conditional update", false},                                                                                          // S25
		{"idempotency-keys", "The client generates a key per payment. unique index, same txn so both or neither, stored response, reject different body", false},                                                                                        // S29
		{"run-job-once", "A lock by itself cannot guarantee one run. idempotency key, unique row per period so second insert fails, retries, leader", false},                                                                                            // S33
		{"fencing-in-real-systems", "Raft uses terms and followers reject lower terms. Kafka fences producers with an epoch. hdfs qjm so old namenode can't write, chubby sequencer, zxid, monotonic number checked by receiver, zombie leader", false}, // A06
		{"fencing-token", "It is a number that only increases. The resource rejects lower ones. sent with every write, lock service issues it, paused holder so late write fails, zxid, etcd revision", false},                                          // A07
		{"redis-lock-and-failure", "Acquire with SET NX PX. Release with a Lua compare and delete. gc pause, it expired, other client got lock, failover so replica lost key, fencing token", false},                                                    // A09
		{"row-lock", "Yes, but only inside the database. It ends at commit or rollback. client dies so db aborts, api calls not covered, long transactions, conditional update", false},                                                                 // A11
		{"optimistic-concurrency", "Keep a version on the row. Update where version matches. zero rows so someone wrote, retry, etag if-match, no lease", false},                                                                                        // A12
		{"extend-lease", "Only with a compare-and-extend script. Renew before it expires. gc pause so it can't renew, not safety, fencing, stop on failure, cap", false},                                                                                // A14
		{"choose-ttl", "Too short and it lapses, too long and a crash blocks. Measure the p99.9 run. pauses so no ttl safe, heartbeat, fencing, shrink section", false},                                                                                 // X10
	}
	checkVerdicts(t, b, cases)
	for _, c := range cases {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		for _, p := range r.Points {
			if p.Hit {
				t.Errorf("%s: %q earns %s, want no point from a keyword list", c.question, c.text, p.ID)
			}
		}
	}
}

// TestJudgedCommandLineIsNoClaimG24ef: a command line closed by a word
// that judges it ("`CONFIG SET ...`, fine.") is no claim of any point
// (MUST FIX 3): only an acquire (a SET command) closed by a word that
// describes how it runs (atomic, single) reads as a claim.
func TestJudgedCommandLineIsNoClaimG24ef(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"skip-locked-queue", "attempt-guard", "Claim: `SELECT id FROM jobs FOR UPDATE`, fine.", false},          // T25
		{"redis-early-expiry", "eviction", "Config: `CONFIG SET maxmemory-policy allkeys-lru`, fine.", false},    // T29
		{"redis-early-expiry", "eviction", "Memory: `CONFIG SET maxmemory-policy allkeys-random`, safe.", false}, // U03
		{"redis-early-expiry", "restart-persistence", "Persistence: `CONFIG SET save 900 1`, fine.", false},      // U05
		{"redis-lock-and-failure", "set-nx-px", "Acquire: `SET lock:job9 <token> NX PX 20000`, atomic.", true},   // described: still a claim
		{"redis-lock-and-failure", "set-nx-px", "Acquire: `SET lock:job9 <token> NX PX 20000`, single.", true},
	})
	for _, text := range []string{
		"Claim: `SELECT id FROM jobs FOR UPDATE`, fine.",
	} {
		q, _ := b.ByID("skip-locked-queue")
		if r := b.Grade(q, quiz.Answer{Text: text}); r.Score > 0 {
			t.Errorf("%q scores %.2f, want 0", text, r.Score)
		}
	}
}

// TestTwoStepNamedAsTheBugKeepsSetNxPxG24ef: an atomic acquire described
// beside the two-step acquire named as the bug it avoids ("because setnx
// then pexpire can leave an immortal key", "old way was setnx then
// expire") keeps set-nx-px (MUST FIX 4); a two-step acquire called atomic
// still does not earn it.
func TestTwoStepNamedAsTheBugKeepsSetNxPxG24ef(t *testing.T) {
	b := loadBank(t)
	checkPoints(t, b, []pointCase{
		{"redis-lock-and-failure", "set-nx-px", "The acquire must be atomic with the expiry - key and ttl together - because setnx then pexpire can leave an immortal key.", true}, // N03
		{"redis-lock-and-failure", "set-nx-px", "atomic lock set w/ ttl (old way was setnx then expire - crash in between = key forever)", true},                                   // N06
		{"redis-lock-and-failure", "set-nx-px", "Set the lock and its expiry atomically, rather than an expire sent after the set.", true},
		{"redis-lock-and-failure", "set-nx-px", "I set the lock key, then pexpire it, and that is atomic enough.", false},
	})
}
