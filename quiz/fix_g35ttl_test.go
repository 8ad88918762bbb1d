package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// TestConciseTTLAnswerThatDeniesSafetyPasses: a two-sentence choose-ttl
// answer that gives the trade-off both ways and says the TTL cannot
// guarantee safety (QA-34 saw it score 1.5 %) makes both core points and
// passes; the same words turned into the claim that the TTL does give
// safety make no such point and fail.
func TestConciseTTLAnswerThatDeniesSafetyPasses(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("choose-ttl")
	if !ok {
		t.Fatal("no question choose-ttl")
	}
	hit := func(r quiz.Result, id string) bool {
		for _, p := range r.Points {
			if p.ID == id {
				return p.Hit
			}
		}
		t.Fatalf("no point %s", id)
		return false
	}
	for _, text := range []string{
		"Too long delays failover after a crash; too short expires under a live holder. TTL can't guarantee safety, so fence writes with a token the storage checks.",
		"Too short and a slow holder loses it mid-work, too long and a crashed one blocks everyone. No lease gives you mutual exclusion by itself, so the resource has to check a fencing token.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if !hit(r, "no-safe-value") || !r.Passed {
			t.Errorf("%q: no-safe-value %v, passed %v at %.2f; want the point and a pass", text, hit(r, "no-safe-value"), r.Passed, r.Score)
		}
	}
	for _, text := range []string{
		"Too long delays failover after a crash; too short expires under a live holder. The TTL guarantees safety as long as it is above the pause.",
		"Too long delays failover; too short expires under a live holder. A long enough TTL ensures mutual exclusion.",
	} {
		r := b.Grade(q, quiz.Answer{Text: text})
		if hit(r, "no-safe-value") || r.Passed {
			t.Errorf("%q: no-safe-value %v, passed %v at %.2f; want neither", text, hit(r, "no-safe-value"), r.Passed, r.Score)
		}
	}
}

// TestQA35TextbookAnswersPassWithoutFlags: answers a QA tester wrote as a
// fair senior would (QA-35) pass with no red flag: the etcd guard written
// as code, whose compare names the revision in one camel-case word
// (CreateRevision), once raised the fatal etcd-refuses-expired flag; a
// two-sentence WAIT answer that names the failover WAIT cannot prevent
// missed its core point. The same words turned into the wrong claim still
// fail.
func TestQA35TextbookAnswersPassWithoutFlags(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		q, text string
		pass    bool
	}{
		{"etcd-revision-guard", "Two mistakes are common. First, checking that you are still leader with a Get and then doing a plain Put: you can be deposed between the two. Second, relying on the lease TTL to stop the old leader. Instead, make the write a transaction: Txn If(CreateRevision(electionKey) == myRev) Then(Put config) so etcd itself rejects the deposed leader's write.", true},
		{"etcd-revision-guard", "Once the lease expired, etcd itself rejects the deposed leader's Put, so a plain Put is fine and no Txn is needed.", false},
		{"redis-wait-safe", "No. WAIT only blocks until the write reached N replicas; it does not make the write durable or prevent a failover to a replica that did not get it, so the lock can still vanish and be granted twice; use fencing or a consensus store.", true},
		{"redis-wait-safe", "WAIT prevents a failover to a replica that did not get it, so the lock is safe.", false},
	} {
		q, ok := b.ByID(c.q)
		if !ok {
			t.Fatalf("no question %s", c.q)
		}
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if r.Passed != c.pass || c.pass && len(r.FlagIDs()) > 0 {
			t.Errorf("%s %q: passed %v at %.2f, flags %v; want passed %v and, if so, no flag", c.q, c.text, r.Passed, r.Score, r.FlagIDs(), c.pass)
		}
	}
}

// TestOutlineIsNotToldItMadeTheCorePoints: a one-line outline of terms
// that ticks the core points is held below the pass mark and told why;
// it is not also told "You made the core points", which read as a
// contradiction (QA-35).
func TestOutlineIsNotToldItMadeTheCorePoints(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("two-holders")
	r := b.Grade(q, quiz.Answer{Text: "lease TTL GC pause clock skew failover fencing token logs timestamps Redis replication"})
	if r.Passed {
		t.Fatalf("an outline passed at %.2f", r.Score)
	}
	outline, fuller := false, false
	for _, n := range r.Notes {
		outline = outline || strings.Contains(n, "outline")
		fuller = fuller || strings.HasPrefix(n, "You made the core points")
	}
	if !outline || fuller {
		t.Errorf("notes %q: want the outline note and not the core-points note", r.Notes)
	}
}
