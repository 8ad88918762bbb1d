package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestClippedClausesAreNotATermList: a terse answer that lists systems or
// suspects because the question asks for them, but whose items are clauses
// ("journal nodes reject an old epoch", "reaper requeues expired leases")
// and which states the common idea in a sentence, is graded as speech, not
// as a list of terms (g36d). Keyword salads in every shape the rule might
// let through (nouns chained by arrows, bare terms with one noun and verb
// among them, one clause slipped into a list beside a line of hedging,
// terse lines with no sentence of speech) keep the list note and score
// nothing, and clipped answers that are weak or wrong still fail.
func TestClippedClausesAreNotATermList(t *testing.T) {
	b := loadBank(t)
	listNoted := func(r quiz.Result) bool {
		for _, n := range r.Notes {
			if strings.HasPrefix(n, "Most of this answer is a list of terms") {
				return true
			}
		}
		return false
	}
	grade := func(id, text string) quiz.Result {
		q, ok := b.ByID(id)
		if !ok {
			t.Fatalf("no question %s", id)
		}
		return b.Grade(q, quiz.Answer{Text: text})
	}
	for _, c := range []struct {
		name, q, text string
		pass          bool // it also passes, not only escapes the note
	}{
		{"systems as a clipped run, mechanism in a sentence", "fencing-in-real-systems", "lol everywhere, just called epochs/terms. kafka producer epoch, controller epoch, hdfs qjm epochs so a stale namenode can't write edits, raft terms, etcd revision compares in txns, k8s resourceVersion. common thing: monotonic number per ownership change, and the storage side rejects older ones, not the client.", true},
		{"bare terms beside two clauses", "fencing-in-real-systems", "Everywhere: Kafka producer epochs fence zombie transactional producers, HDFS JournalNodes reject an old NameNode's lower epoch, ZooKeeper/etcd revisions in conditional writes, Chubby sequencers, Raft terms. Common pattern: an authority hands out a number that only increases, and the storage side remembers the highest seen and refuses anything lower.", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := grade(c.q, c.text)
			if r.List || listNoted(r) {
				t.Errorf("List=%v, notes %q; want it graded as speech", r.List, r.Notes)
			}
			if c.pass && !r.Passed {
				t.Errorf("passed=false at %.2f; want a pass", r.Score)
			}
		})
	}
	for _, c := range []struct{ name, q, text string }{
		{"arrow chains of nouns", "fencing-in-real-systems", "kafka -> producer epoch -> zombie fencing. hdfs -> journalnode -> epoch. zookeeper -> zxid. raft -> term -> stale leader. chubby -> sequencer."},
		{"terms with a noun and verb among them", "two-holders", "lease expires, token, fencing, storage rejects, gc pause, clock drift, failover, split brain."},
		{"terms and one clause, then filler", "two-holders", "lease expires, token, fencing, storage rejects stale writes, gc pause, clock drift, failover. that is basically it."},
		{"one clause in a salad beside hedging", "fencing-in-real-systems", "kafka epoch, hdfs epoch, raft term, the leader gets a number, chubby sequencer, zk zxid, etcd revision. i think they all do something similar with numbers."},
		{"list with a one-clause sentence at the end", "fencing-in-real-systems", "kafka epochs, hdfs epochs, raft terms, chubby sequencers, etcd revisions. the receiver checks it."},
		{"bullets of two-word fragments", "two-holders", "- gc pause\n- ttl expiry\n- failover key loss\n- clock drift\n- fencing token\n- storage check"},
		{"lowercase chat salad", "fencing-in-real-systems", "oh yeah kafka epochs, hdfs namenode epochs, raft terms, chubby sequencers, zxids lol. monotonic numbers basically"},
		{"noun chain with arrows", "skip-locked-queue", "SKIP LOCKED -> open txn -> 50 connections -> pool exhaustion -> vacuum blocked. fix -> lease column."},
		{"terse lines with no sentence of speech", "extend-lease", "renew = compare token + PEXPIRE (Lua). etcd KeepAlive lease id. renew at TTL/3. local deadline from send time. abort on failed renew. watchdog tied to progress, max hold."},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := grade(c.q, c.text)
			if !r.List || r.Score != 0 {
				t.Errorf("List=%v, score %.2f; want a list scoring 0", r.List, r.Score)
			}
		})
	}
	for _, c := range []struct{ name, q, text string }{
		{"clipped clauses asserting the antipattern", "skip-locked-queue", "SKIP LOCKED is fine: workers hold the transaction open for the whole job, postgres rolls back if one dies, pool size covers 50 workers. no lease needed."},
		{"clipped clauses, wrong common idea", "fencing-in-real-systems", "everywhere lol. kafka: the broker checks the epoch. hdfs: the namenode checks the epoch. raft: the follower checks the term. they all check numbers so the lock is always safe and nothing else is needed."},
		{"clauses without the common pattern", "fencing-in-real-systems", "kafka epochs fence producers, hdfs epochs fence namenodes, raft terms fence leaders."},
	} {
		t.Run(c.name, func(t *testing.T) {
			if r := grade(c.q, c.text); r.Passed {
				t.Errorf("passed at %.2f; want a fail", r.Score)
			}
		})
	}
}

// TestLabelledSpecIsATermList: a spec of "Label: fragment." lines names
// things however its labels read ("Use:", "Release:" are labels, not
// orders); it gets the list note and cannot pass (prober PE, g36: it
// passed at 0.70 before). A label before an order is still an order
// ("Fix: use a fencing token at the storage, which rejects lower ones.").
func TestLabelledSpecIsATermList(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("row-lock")
	r := b.Grade(q, quiz.Answer{Text: "Classification: lock in a shared DB, transaction-scoped. Syntax: SELECT ... FOR UPDATE [NOWAIT | SKIP LOCKED]. Release: COMMIT / ROLLBACK / connection loss. Use: data in same DB. Alternatives: pg_advisory_xact_lock, SERIALIZABLE."})
	listed := false
	for _, n := range r.Notes {
		listed = listed || strings.HasPrefix(n, "Most of this answer is a list of terms")
	}
	if r.Passed || !listed {
		t.Errorf("labelled spec: passed=%v score=%.2f list note=%v, want a list that fails", r.Passed, r.Score, listed)
	}
	q, _ = b.ByID("fencing-token")
	r = b.Grade(q, quiz.Answer{Text: "Problem: a paused holder wakes up after its lease expired and writes. Fix: use a fencing token from the lock service that only goes up, and the storage rejects any write with a lower token than it has seen."})
	for _, n := range r.Notes {
		if strings.HasPrefix(n, "Most of this answer is a list of terms") {
			t.Errorf("labelled sentences read as a list: %q", n)
		}
	}
}
