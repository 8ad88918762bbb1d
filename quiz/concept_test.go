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
		{"outbox-pattern", "outbox-row", "Put a note into a mailbox table in the same database transaction as the status change.", true},
		{"row-lock", "yes-within-db", "Row locks coordinate all the pods that share the table.", true},
		{"row-lock", "outside-effects", "The lock can be released while the external call is still in flight.", true},
		{"idempotency-keys", "unique-table", "The key goes into a table where each key can only exist once.", true},
		{"session-suspended", "stop-work", "Put down the protected work right away.", true},
		{"zookeeper-lock-recipe", "ephemeral-sequential", "Each client adds a numbered, session-bound node under the lock path.", true},
		{"redis-wait-safe", "not-consensus", "What comes back is a count of replicas that had received the write.", true},
		{"redis-lock-and-failure", "set-nx-px", "Create the key only if it doesn't already exist, with a self-destruct timer.", true},
		{"redis-lock-and-failure", "unique-value", "Its value is a secret only I know.", true},
		{"redis-lock-and-failure", "pause-expiry", "The TTL expires, another client acquires it, and the first one resumes and writes.", true},
		{"extend-lease", "check-ownership", "Renewal is atomic: if GET key equals my token then PEXPIRE key ttl.", true},
		{"design-lock-service-q", "fencing-token", "A paused client still acts after the next grant, so tokens are part of the API.", true},
		{"redis-lock-and-failure", "pause-expiry", "The client can stall in a GC pause after acquiring, and then someone else acquires it.", true},
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

// TestAPatternsOwnNegatorDoesNotNegateItsOtherParts: a key point written
// "not|isn't & consensus" means the negation; the "isn't" it matches must
// not count as negating "consensus". A negator the pattern does not spell
// out still does.
func TestAPatternsOwnNegatorDoesNotNegateItsOtherParts(t *testing.T) {
	q := conceptQuestion("not|isn't|never & consensus|agreement")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"WAIT isn't an agreement between the replicas.":        true,
		"It is not consensus, only a count of replicas.":       true,
		"WAIT gives you consensus among the replicas.":         false, // no negator: the pattern needs one
		"Nobody would call the count an agreement, it is not.": false, // "nobody" is not the pattern's
	} {
		r := quiz.Grade(q, quiz.Answer{Text: text}, nil)
		if got := r.Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v, want %v", text, got, want)
		}
	}
}

// TestHyphenatedReIsOneWord: "re-claim", "re-send" and "reclaim", "resend"
// are the same word to the grader, whichever form the pattern or the
// answer uses.
func TestHyphenatedReIsOneWord(t *testing.T) {
	for _, c := range []struct {
		match, text string
		want        bool
	}{
		{"reclaim* & same worker", "A re-claim by the same worker passes the check.", true},
		{"re-send* & same key", "Every resend carries the same key.", true},
		{"re-send* & same key", "Every re-send carries the same key.", true},
		{"reclaim* & same worker", "The same worker can claim it again.", false},
		// Only a bare "re" joins: "pre-check" and "are-" stay apart.
		{"precheck & same worker", "A pre-check by the same worker.", false},
	} {
		q := conceptQuestion(c.match)
		if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
			t.Fatalf("Compile %q: %v", c.match, err)
		}
		if got := quiz.Grade(q, quiz.Answer{Text: c.text}, nil).Points[0].Hit; got != c.want {
			t.Errorf("%q on %q: hit=%v, want %v", c.match, c.text, got, c.want)
		}
	}
	b := loadBank(t)
	for _, c := range []struct{ question, point, text string }{
		{"holder-id-guard", "same-owner-twice", "After a re-claim by the same worker, its old write still matches."},
		{"idempotency-keys", "client-key", "The app mints a random ticket per purchase and sends the same ticket on every re-send."},
	} {
		q, _ := b.ByID(c.question)
		if !pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), c.point) {
			t.Errorf("%s: %q does not make %s", c.question, c.text, c.point)
		}
	}
}

// TestUntilEndsANegationForKeyPoints: "X isn't final until a majority has
// written it" asserts the majority; without "until" the negation still
// reaches it.
func TestUntilEndsANegationForKeyPoints(t *testing.T) {
	q := conceptQuestion("majority|most of & written|wrote|commit*")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"A claim isn't granted until most of the cluster has written it down.": true,
		"A grant is never answered till a majority has committed it.":          true,
		"The grant is not written to a majority of the nodes.":                 false,
	} {
		if got := quiz.Grade(q, quiz.Answer{Text: text}, nil).Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v, want %v", text, got, want)
		}
	}
}

// TestANegatedRelativeClauseLeavesTheMainClause: in "the option that
// doesn't depend on timing is the idempotency key" only the relative
// clause is negated.
func TestANegatedRelativeClauseLeavesTheMainClause(t *testing.T) {
	q := conceptQuestion("idempot* & key")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"The option that doesn't depend on timing is the idempotency key.": true,
		"The one tool which never expires is an idempotency key.":          true,
		"The option doesn't depend on an idempotency key at all.":          false,
	} {
		if got := quiz.Grade(q, quiz.Answer{Text: text}, nil).Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v, want %v", text, got, want)
		}
	}
}

// TestAHeadingBeforeAColonLabelsAClaim: "Clocks: nudged by NTP, never
// jerked." is a claim under a heading, not three list items; a heading
// over a list of terms is still a list.
func TestAHeadingBeforeAColonLabelsAClaim(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("redlock-operations-q")
	if r := b.Grade(q, quiz.Answer{Text: "Clocks: nudged gently by NTP, never jerked."}); !pointHit(t, r, "clocks-slew") {
		t.Errorf("a claim under a heading: clocks-slew missed")
	}
	if r := b.Grade(q, quiz.Answer{Text: "Clocks: NTP slew, no steps, drift margin, monotonic timers."}); pointHit(t, r, "clocks-slew") {
		t.Errorf("a list of terms under a heading makes clocks-slew")
	}
}

// TestGluedLinesInAProseAnswerMakePoints: in an answer said mostly in
// sentences, a terse line with the glue of a clause makes its point; a
// line of bare nouns only names it, and so does any line of an answer
// that is mostly a list.
func TestGluedLinesInAProseAnswerMakePoints(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	prose := "The TTL is a trade-off: too short and it expires under a slow but healthy holder, too long and a crashed holder blocks everyone until it runs out. No value is safe, because a pause can always outlast it, so the storage must reject writes with an older fencing token.\n"
	for _, c := range []struct {
		text string
		want bool
	}{
		{prose + "- margin: p99 of the job, GC stalls, lock RTT", true},
		{prose + "- margin, p99, GC stalls, lock RTT", false},
		{"- margin: p99 of the job, GC stalls, lock RTT\n- TTL: trade-off, crash blocks, slow holder\n- fencing, older token", false},
	} {
		if got := pointHit(t, b.Grade(q, quiz.Answer{Text: c.text}), "measure"); got != c.want {
			t.Errorf("%q: measure hit=%v, want %v", c.text, got, c.want)
		}
	}
}
