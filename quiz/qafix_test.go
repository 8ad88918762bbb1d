package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// Tests for the grader defects of QA pass 6 (qa-report-6.md): each shows the
// mechanism in our own words, then the tester's answer as a user sees it.

// evidence returns the words a result quotes for point id.
func evidence(t *testing.T, text string, r quiz.Result, id string) []string {
	t.Helper()
	for _, p := range r.Points {
		if p.ID == id {
			var out []string
			for _, s := range p.Spans {
				out = append(out, text[s.Start:s.End])
			}
			return out
		}
	}
	t.Fatalf("no point %q", id)
	return nil
}

func flagSpan(text string, r quiz.Result, id string) string {
	for _, f := range r.Flags {
		if f.ID == id {
			return text[f.Span.Start:f.Span.End]
		}
	}
	return ""
}

// TestRequirementBelongsToTheSentenceThatMakesThePoint: a point's
// requires is met only in the sentence that makes the point or one tied
// to it by a back-reference, never by a word elsewhere in the answer.
func TestRequirementBelongsToTheSentenceThatMakesThePoint(t *testing.T) {
	q := conceptQuestion("swap & value")
	q.Points[0].Requires = []string{"atomic*|one step"}
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"The swap replaces the value atomically.":                                     true,  // same sentence
		"The swap reads and replaces the value. It all happens in one step.":          true,  // tied by "It"
		"The writer is atomic. Later the swap reads the value and then writes it.":    false, // the atomic writer lends nothing
		"The swap reads and replaces the value. Our backups run in one step nightly.": false, // a sentence about something else
	} {
		r := quiz.Grade(q, quiz.Answer{Text: text}, nil)
		if got := r.Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v, want %v (evidence %v)", text, got, want, evidence(t, text, r, "fencing"))
		}
	}
}

// TestQA6Q1GetCompareDelIsTheBugNotTheFix: the tester's answer acquires
// in "one atomic command", then releases by GET, compare and DEL. The
// atomic acquire does not make the release atomic; the release raises the
// major flag the grader page lists for it, and the answer does not pass.
func TestQA6Q1GetCompareDelIsTheBugNotTheFix(t *testing.T) {
	b := loadBank(t)
	for _, text := range []string{
		// Q1 (practice)
		"Acquire with SET lock:key <random-token> NX PX 30000, one atomic command. To release, I GET the key, compare the value with my token, and if they match I DEL it. If my process pauses in GC longer than the TTL, the key expires and another client acquires it, so two clients hold it. Replication is asynchronous, so a failover can lose the key. For correctness the storage should check fencing tokens.",
		// Q13 (the same release in the mock round)
		"Acquire with SET lock:orders <random-token> NX PX 30000, one atomic command. To release, I GET the key, compare the value with my token, and if they match I DEL it. It fails when my process pauses in GC longer than the TTL: the key expires and another client acquires it, so two clients hold it. And replication is asynchronous, so a failover can lose the key.",
		// our own: reading and deleting in two steps, the key named
		"The key is created with one atomic SET NX PX. Releasing, the client reads the key's value and, when it equals its token, deletes the key.",
	} {
		r := gradeReal(t, b, "redis-lock-and-failure", text)
		if pointHit(t, r, "compare-delete") {
			t.Errorf("compare-delete credited on %v in %q", evidence(t, text, r, "compare-delete"), text)
		}
		if !hasFlag(r, "get-then-del") {
			t.Errorf("no get-then-del flag (flags %v) on %q", r.FlagIDs(), text)
		}
		if r.Passed {
			t.Errorf("passed at %.2f: %q", r.Score, text)
		}
	}
	// The correct release still earns the point, quoting its own sentence.
	ok := "Acquire with one atomic command that creates the key only if absent and gives it an expiry. Release with a Lua script that deletes the key only if it still holds my token."
	r := gradeReal(t, b, "redis-lock-and-failure", ok)
	if !pointHit(t, r, "compare-delete") || hasFlag(r, "get-then-del") {
		t.Fatalf("Lua release: compare-delete=%v flags=%v", pointHit(t, r, "compare-delete"), r.FlagIDs())
	}
	for _, e := range evidence(t, ok, r, "compare-delete") {
		if strings.Contains(e, "atomic command") || strings.Contains(e, ". ") {
			t.Errorf("compare-delete evidence %q is taken from the acquire sentence", e)
		}
	}
}

// TestQA6Q6TransactionHeldAcrossRemoteCalls: keeping the claim's
// transaction open while calling remote APIs raises the remote-call flag
// and never earns "commit the claim at once"; a worker that dies is the
// visibility timeout, not the stalled worker that must not complete.
func TestQA6Q6TransactionHeldAcrossRemoteCalls(t *testing.T) {
	b := loadBank(t)
	type want struct{ flag, short, stalled bool }
	for text, w := range map[string]want{
		// Q6, as submitted
		"Workers run SELECT ... FOR UPDATE SKIP LOCKED LIMIT 1 to pick a ready job so two workers never get the same row. Each worker keeps that transaction open for the whole time it processes the job, calling the external APIs inside it, and commits status = 'done' at the end; if the worker dies, the connection drops, the transaction rolls back and the row becomes available again, so no job is lost.": {flag: true},
		"The worker holds the transaction open for the entire job and calls the payment service inside it.":                                      {flag: true},
		"Each worker keeps its transaction open until the job ends; if it crashes, the connection drops and the row is free for another worker.": {},
		"The claim commits at once, so I never keep a transaction open while calling the API.":                                                   {short: true},
		"Holding one transaction open for the whole job ties up a connection per running job, so the claim commits right away.":                  {short: true},
		"A slow worker that wakes up after its timeout finds another worker running the same job.":                                               {stalled: true},
		"Completion is guarded by the claim's attempt number, so a late worker cannot overwrite the newer claim.":                                {stalled: true},
	} {
		r := gradeReal(t, b, "skip-locked-queue", text)
		if got := hasFlag(r, "lock-across-network-call"); got != w.flag {
			t.Errorf("lock-across-network-call=%v, want %v: %q", got, w.flag, text)
		}
		if got := pointHit(t, r, "short-transaction"); got != w.short {
			t.Errorf("short-transaction=%v (%v), want %v: %q", got, evidence(t, text, r, "short-transaction"), w.short, text)
		}
		if got := pointHit(t, r, "stalled-worker"); got != w.stalled {
			t.Errorf("stalled-worker=%v (%v), want %v: %q", got, evidence(t, text, r, "stalled-worker"), w.stalled, text)
		}
	}
}

// TestLightVerbAloneIsNoEvidence: a form of a light verb ("do", "doing",
// "done", "got") is never by itself the evidence for a point, whatever
// the pattern that found it; the same pattern's other words still are.
func TestLightVerbAloneIsNoEvidence(t *testing.T) {
	q := conceptQuestion("done()|finish*|completion signal")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	for text, want := range map[string]bool{
		"If the revision differs, do nothing and report it.":      false, // "do", the lemma of "done"
		"Doing a plain write after the check is the race.":        false,
		"The worker finishes its job before the lease ends.":      true,
		"The client listens for the completion signal and stops.": true,
	} {
		r := quiz.Grade(q, quiz.Answer{Text: text}, nil)
		if got := r.Points[0].Hit; got != want {
			t.Errorf("%q: hit=%v %v, want %v", text, got, evidence(t, text, r, "fencing"), want)
		}
	}
}

// TestQA6Q5ElseDoNothingIsNotSessionDone: the tester's etcd answer never
// mentions Session.Done(); "Else do nothing" no longer earns it, and the
// answer is "a pass, with gaps" at 70 % as the same answer in other words.
func TestQA6Q5ElseDoNothingIsNotSessionDone(t *testing.T) {
	b := loadBank(t)
	text := "Make the write conditional in one etcd transaction: If the lock key's CreateRevision still equals the revision I got when I acquired it (mutex.Header().Revision or the key's create revision), Then put /config/routes, Else do nothing. The Mutex gives me IsOwner() as a comparison for exactly this. If my lease expired during the GC pause, my lock key was deleted and the new leader's key has a different create revision, so my transaction fails and the stale write is rejected by etcd itself. Checking that I am still leader and then doing a plain Put is not enough, because I can pause between the check and the put."
	r := gradeReal(t, b, "etcd-revision-guard", text)
	if pointHit(t, r, "session-done") {
		t.Errorf("session-done credited on %v", evidence(t, text, r, "session-done"))
	}
	if !r.Passed || r.Score != 0.7 {
		t.Errorf("score %.2f passed=%v, want 0.70 and a pass", r.Score, r.Passed)
	}
	made := "I also watch Session.Done() and stop early when the keep-alive fails, knowing that signal comes late."
	if r := gradeReal(t, b, "etcd-revision-guard", text+" "+made); !pointHit(t, r, "session-done") {
		t.Errorf("session-done missed when made: %q", made)
	}
}

// TestQA6Q4SuspendedIsNotAProcessPause: on session-suspended the state
// name SUSPENDED is not a paused process, and "re-acquire at LOST" alone
// does not say when to resume; a lost connection is not the LOST state.
func TestQA6Q4SuspendedIsNotAProcessPause(t *testing.T) {
	b := loadBank(t)
	type want struct{ pause, resume bool }
	for text, w := range map[string]want{
		"Once the listener reports SUSPENDED, I hold off writing.":                                                           {},
		"A thread frozen by a GC pause does not run the listener, so it cannot stop itself.":                                 {pause: true},
		"On LOST I give the lock up and acquire it again.":                                                                   {},
		"I carry on only after RECONNECTED in the same session; on LOST I acquire the lock again.":                           {resume: true},
		"The connection is lost but the session may still be alive, so I no longer know whether I hold the lock.":            {},
		"I do not resume until RECONNECTED arrives in the same session; if LOST arrives, the lock is gone and I re-acquire.": {resume: true},
	} {
		r := gradeReal(t, b, "session-suspended", text)
		if got := pointHit(t, r, "pause-not-interrupted"); got != w.pause {
			t.Errorf("pause-not-interrupted=%v %v, want %v: %q", got, evidence(t, text, r, "pause-not-interrupted"), w.pause, text)
		}
		if got := pointHit(t, r, "reconnected-lost"); got != w.resume {
			t.Errorf("reconnected-lost=%v %v, want %v: %q", got, evidence(t, text, r, "reconnected-lost"), w.resume, text)
		}
	}
	// Q4 (a), as submitted: it keeps working through SUSPENDED. The major
	// flag stands, the SUSPENDED sentence earns nothing, and "resume only
	// on RECONNECTED" is not credited.
	text := "When the listener says SUSPENDED I keep working, because the session timeout has not expired yet and the ephemeral node is still there, so I still own the lock until I see LOST. At LOST I stop and re-acquire. The listener is not enough on its own because a GC pause can delay the callback, so the resource should also check a fencing token like the zxid."
	r := gradeReal(t, b, "session-suspended", text)
	if pointHit(t, r, "reconnected-lost") || !hasFlag(r, "work-after-lost-lease") || r.Passed {
		t.Errorf("Q4a: reconnected-lost=%v flags=%v passed=%v", pointHit(t, r, "reconnected-lost"), r.FlagIDs(), r.Passed)
	}
	for _, e := range evidence(t, text, r, "pause-not-interrupted") {
		if strings.Contains(e, "SUSPENDED") {
			t.Errorf("Q4a: pause-not-interrupted quotes %q", e)
		}
	}
	// Q4 (b): the correct answer's resume point quotes the sentence that
	// makes it, not the first one about SUSPENDED.
	good := "SUSPENDED means the connection is lost but the session may still be alive, so I can no longer be sure I hold the lock, and I stop writing at once. I do not resume until the state goes to RECONNECTED in the same session; if it goes to LOST the session has expired and I must re-acquire the lock."
	r = gradeReal(t, b, "session-suspended", good)
	ev := strings.Join(evidence(t, good, r, "reconnected-lost"), " ")
	if !pointHit(t, r, "reconnected-lost") || !strings.Contains(ev, "RECONNECTED") {
		t.Errorf("Q4b: reconnected-lost=%v evidence %q", pointHit(t, r, "reconnected-lost"), ev)
	}
}

// TestQA6Q2Q10ReleaseScriptIsNotFencing: the Lua release "compares the
// stored value with my token" is the lock's own check, not a resource
// fencing its writes; calling fencing tokens unnecessary is not a plain DEL.
func TestQA6Q2Q10ReleaseScriptIsNotFencing(t *testing.T) {
	b := loadBank(t)
	for text, want := range map[string]bool{
		"Release runs a Lua script that checks the stored value against my token before deleting.":      false,
		"The storage checks the token on every write and refuses one older than the last it saw.":       true,
		"Each write carries the token, and the database compares it with the highest it stored so far.": true,
	} {
		r := gradeReal(t, b, "redis-lock-and-failure", text)
		if got := pointHit(t, r, "fencing"); got != want {
			t.Errorf("fencing=%v %v, want %v: %q", got, evidence(t, text, r, "fencing"), want, text)
		}
	}
	for _, text := range []string{
		// Q2
		"Acquire with SET key token NX PX 30000 where token is random per acquisition. Release with a Lua script that compares the stored value with my token and deletes only on a match. A GC pause longer than the TTL means my lease lapses and a second client acquires. Asynchronous replication means a failover can lose the key. Running Redlock across five independent masters fixes both of these problems and makes the lock safe, so fencing is not needed.",
		// Q10
		"Acquire with SET key token NX PX 30000 where token is random per acquisition. Release with a Lua script that compares the stored value with my token and deletes only on a match. A GC pause longer than the TTL means my lease lapses and a second client acquires. Asynchronous replication means a failover can lose the key. I check that I still own the key right before each write, so with that check fencing tokens are unnecessary.",
	} {
		r := gradeReal(t, b, "redis-lock-and-failure", text)
		if pointHit(t, r, "fencing") {
			t.Errorf("fencing credited on %v", evidence(t, text, r, "fencing"))
		}
		if hasFlag(r, "plain-del") {
			t.Errorf("plain DEL flagged on %q", flagSpan(text, r, "plain-del"))
		}
		if !hasFlag(r, "fencing-unneeded") || !r.Fatal {
			t.Errorf("flags %v fatal=%v, want fencing-unneeded and fatal", r.FlagIDs(), r.Fatal)
		}
	}
	if r := gradeReal(t, b, "redis-lock-and-failure", "Release is just DEL lock:x; checking the value is unnecessary."); !hasFlag(r, "plain-del") {
		t.Errorf("a plain DEL called enough is no longer flagged: %v", r.FlagIDs())
	}
}
