package quiz_test

import (
	"errors"
	"testing"

	"lockdrill/quiz"
)

// conceptQuestion builds a question whose points cite the concept
// "stale-rejected" (two ways of saying that the resource refuses an old
// holder's write) next to patterns of their own.
func conceptQuestion(match ...string) *quiz.Question {
	return &quiz.Question{
		ID: "concepts", Kind: quiz.KindFreeText, Topic: "fencing", Title: "Concepts", Guide: "fencing-tokens",
		Prompt: quiz.Text{Markdown: "Why?"}, ModelAnswer: quiz.Text{Markdown: "Because."}, Explanation: quiz.Text{Markdown: "Because."},
		Hints: []string{"Who checks?"},
		Points: []quiz.Point{
			{ID: "fencing", Label: "The resource rejects the stale write", Dimension: "safety-mechanisms", Match: match},
			{ID: "p2", Label: "two", Dimension: "failure-modes", Match: []string{"two"}},
			{ID: "p3", Label: "three", Dimension: "failure-modes", Match: []string{"three"}},
			{ID: "p4", Label: "four", Dimension: "failure-modes", Match: []string{"four"}},
		},
	}
}

var conceptSynonyms = quiz.Synonyms{
	"common": {"storage": {"storage", "database"}},
	quiz.ConceptSynonyms: {
		"stale-rejected": {"@storage & refuses|rejects & older", "turns away & stale"},
		"loop":           {"%stale-rejected"},
	},
}

// TestConceptCitedByAPointMatchesEachOfItsPatterns: "%name" in a point's
// match list stands for every pattern of the concept, compiled with the
// question's synonyms, and the point's own patterns still count.
func TestConceptCitedByAPointMatchesEachOfItsPatterns(t *testing.T) {
	q := conceptQuestion("fenc*", "%stale-rejected")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"Fencing protects the account table from a late write.":        true,  // the point's own pattern
		"The database refuses a write that carries an older number.":   true,  // the concept's first pattern, through @storage
		"The service turns away a stale holder whenever it writes.":    true,  // the concept's second pattern
		"The database does not refuse a write with an older number.":   false, // negated
		"The client accepts whatever the holder sends to the service.": false,
	} {
		r := quiz.Grade(q, quiz.Answer{Text: text}, nil)
		if got := r.Points[0].Hit; got != want {
			t.Errorf("%q: fencing hit=%v, want %v", text, got, want)
		}
	}
}

// TestConceptErrorsNameTheField: an unknown concept, or a concept that
// cites another, is an error naming the point's match entry.
func TestConceptErrorsNameTheField(t *testing.T) {
	for name, match := range map[string]string{"unknown": "%no-such-concept", "nested": "%loop"} {
		err := quiz.Compile(conceptQuestion("fenc*", match), conceptSynonyms, nil)
		var fe *quiz.FieldError
		if !errors.As(err, &fe) || fe.Field != "points[0].match[1]" {
			t.Errorf("%s: err = %v, want a FieldError on points[0].match[1]", name, err)
		}
	}
}

// TestSharedConceptsReachEveryCitingQuestion: the bank's concepts
// (content/questions/synonyms.yaml) let one paraphrase, written by us,
// credit the same idea in each question that cites it, where those
// questions' own matchers missed it before the concepts existed.
func TestSharedConceptsReachEveryCitingQuestion(t *testing.T) {
	b := loadBank(t)
	hit := []struct{ question, point, text string }{
		// %paused-past-lease: a pause outlasting any lease, in words no
		// question's own matcher had.
		{"choose-ttl", "no-safe-value", "A stalled process can overshoot whatever number you configure."},
		{"run-job-once", "lock-not-enough", "A stalled process can overshoot whatever number you configure."},
		{"choose-ttl", "no-safe-value", "The worker froze, woke up after the lease was gone and kept writing."},
		{"two-holders", "durations-vs-ttl", "One worker dozed off in a long collection and woke up after its time was up."},
		{"redis-lock-and-failure", "pause-expiry", "Nothing stops a holder that sleeps through its slot from writing afterwards."},
		// %fencing: the resource checks the holder's token.
		{"extend-lease", "not-safety", "A generation check at the storage is what keeps frozen workers harmless."},
		{"two-holders", "fix-fencing", "The real fix is a check at the storage on the generation number of each write."},
		// %idempotent: repeating the work is harmless.
		{"avoid-the-lock", "idempotent", "The handler is replay-safe: same input, same outcome."},
		{"run-job-once", "idempotent", "The job itself should be safe to redo after a crash."},
	}
	for _, c := range hit {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if !pointHit(t, r, c.point) {
			t.Errorf("%s: %q does not make %s", c.question, c.text, c.point)
		}
	}
	// The direction matters: a lease longer than any pause is the losing
	// claim, not the point that a pause can outlast the lease.
	miss := []struct{ question, point, text string }{
		{"etcd-revision-guard", "lease-expires", "Give the session a TTL of a minute, which is longer than any GC pause we would see."},
		{"run-job-once", "lock-not-enough", "Make the lease longer than any GC pause and the job runs once."},
		{"run-job-once", "idempotent", "Running the job twice is not safe, so it must never retry."},
	}
	for _, c := range miss {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if pointHit(t, r, c.point) {
			t.Errorf("%s: %q makes %s; want a miss", c.question, c.text, c.point)
		}
	}
}

// TestCorePointsHearPlainParaphrases: sentences of our own, each a core
// point said in words candidates use (the new common sets onlyif, release
// and expire, and the points' own paraphrases), make the point; the
// near-misses next to them do not.
func TestCorePointsHearPlainParaphrases(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, point, text string
		want                  bool
	}{
		{"redis-lock-and-failure", "compare-delete", "Give it back through a Lua script that clears the key only while it is still mine.", true},
		{"redis-lock-and-failure", "set-nx-px", "Grab it with one call that creates the key only if it does not exist, with a self-destruct timer.", true},
		{"etcd-revision-guard", "atomic-in-store", "The condition is evaluated by etcd at the moment of the write.", true},
		{"etcd-revision-guard", "txn-compare", "Tell etcd to apply the write only if my lock key still exists.", true},
		{"redis-wait-safe", "promoted-replica", "Sentinel is not bound to promote that particular replica.", true},
		{"redis-wait-safe", "promoted-replica", "The replica that acknowledged might not be the one that takes over.", true},
		{"run-job-once", "lock-not-enough", "A stalled instance lets another instance start the same run.", true},
		{"session-suspended", "stop-work", "On SUSPENDED, freeze the work until you hear more.", true},
		{"session-suspended", "signals-late", "The worker's write can go out before the listener even runs.", true},
		{"skip-locked-queue", "skip-locked", "Each worker skips the rows another worker already holds.", true},
		{"skip-locked-queue", "visibility-timeout", "If a job's deadline lapses, it goes back in the queue.", true},
		{"redlock-operations-q", "restart-forgets", "Never bring a crashed node back before every lock it granted has run out.", true},
		{"holder-id-guard", "epoch-column", "Add a counter that is bumped on every claim and guard each write with it.", true},
		{"holder-id-guard", "same-owner-twice", "Once the same name claims the job again, the earlier run's write slips through the check.", true},
		{"redis-wait-safe", "promoted-replica", "After a failover the promoted node may be one that never heard of the lock.", true},
		{"unfenceable-resource", "timing-caveat", "A lease-time check only works if freezes stay shorter than the margin.", true},
		{"unfenceable-resource", "idempotency-key", "Give each payment a name derived from the order and lean on the provider's duplicate suppression.", true},
		{"choose-ttl", "no-safe-value", "Whatever timeout we choose will be exceeded sooner or later.", true},
		{"choose-ttl", "no-safe-value", "It is not true at any TTL that two holders are impossible.", true},
		{"choose-ttl", "no-safe-value", "A TTL is a liveness setting and nothing more.", true},
		{"redis-lock-and-failure", "set-nx-px", "Take it by creating the key only if nobody has it, with a timer set in the same call.", true},
		{"redis-lock-and-failure", "compare-delete", "Give it back with a tiny script on the server: if the key still holds my secret, clear it.", true},
		{"redis-lock-and-failure", "pause-expiry", "The lease expires while the holder is still working.", true},
		{"redis-lock-and-failure", "fencing", "Redis hands out no ever-increasing number that the database could check.", true},
		{"extend-lease", "check-ownership", "Push the expiry out if the key still carries my ticket, in one step at the server.", true},
		{"run-job-once", "lock-not-enough", "A lock only keeps two runs from happening at the same moment.", true},
		{"run-job-once", "idempotent", "The job must tolerate a repeat after a crash.", true},
		// A critic word mended by a repair verb negates nothing after it.
		{"two-holders", "fix-fencing", "Then fix the bug and add fencing at the database so stale writes are rejected.", true},
		// The question's own command is not its verb, and replication
		// lag is not a lagging replica: a weak answer makes neither core point.
		{"redis-wait-safe", "not-consensus", "WAIT helps because the data gets replicated, so it beats just a SET.", false},
		{"redis-wait-safe", "promoted-replica", "Failover may have edge cases, so watch the replication lag.", false},
		// "unique" describing the key is not the table's constraint, and
		// an "attempt" is not an attempt number.
		{"idempotency-keys", "unique-table", "Have the client send a unique request id so the server can spot repeats.", false},
		{"holder-id-guard", "epoch-column", "The same worker could claim the job again, so its old attempt would still match.", false},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := pointHit(t, r, c.point); got != c.want {
			t.Errorf("%s: %q makes %s = %v, want %v", c.question, c.text, c.point, got, c.want)
		}
	}
}
