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

// TestQA6Q8ReadCompareThenUnconditionalUpdate: reading the version,
// comparing it in the application and then running an UPDATE that is not
// conditional on it is the lost-update race: it raises check-then-act-safe
// and earns neither the conditional write nor the ETag point; naming the
// pattern as the mistake, or putting the version in the WHERE, does not.
func TestQA6Q8ReadCompareThenUnconditionalUpdate(t *testing.T) {
	b := loadBank(t)
	type want struct{ flag, version, etag bool }
	for text, w := range map[string]want{
		// Q8, as submitted
		"Add a version column. On save, the server first runs SELECT version FROM docs WHERE id = $id, compares it with the version the editor loaded, and if they match it runs UPDATE docs SET body = $new, version = version + 1 WHERE id = $id. If they differ it returns 409 and the user merges.": {flag: true},
		"The API reads the row's revision, checks it against the one the client sent, and if it's the same it issues the UPDATE by primary key.":                                                                                                                                                        {flag: true},
		"The save runs UPDATE docs SET body = $b, version = version + 1 WHERE id = $id AND version = $v, and zero rows means a conflict.":                                                                                                                                                               {version: true},
		"The mistake is to select the version, compare it in the app, and if they match run the update: two saves both pass the compare.":                                                                                                                                                               {},
		"Over HTTP the client sends If-Match with the ETag it read.": {version: true, etag: true},
	} {
		r := gradeReal(t, b, "optimistic-concurrency", text)
		if got := hasFlag(r, "check-then-act-safe"); got != w.flag {
			t.Errorf("check-then-act-safe=%v, want %v: %q", got, w.flag, text)
		}
		if got := pointHit(t, r, "version-column"); got != w.version {
			t.Errorf("version-column=%v %v, want %v: %q", got, evidence(t, text, r, "version-column"), w.version, text)
		}
		if got := pointHit(t, r, "etag-http"); got != w.etag {
			t.Errorf("etag-http=%v %v, want %v: %q", got, evidence(t, text, r, "etag-http"), w.etag, text)
		}
	}
}

// TestQA6Q12FallbackLockAndOnePhraseTwoPoints: a lock named only as the
// fallback ("Otherwise ... I would use one") is not reaching for a lock
// where a constraint would do, and "doing it twice is harmless" is the
// idempotent point, not the efficiency one.
func TestQA6Q12FallbackLockAndOnePhraseTwoPoints(t *testing.T) {
	b := loadBank(t)
	text := "Skip the lock whenever the database can say no by itself: a UNIQUE index, an UPDATE ... WHERE version = $v, or an INSERT ... ON CONFLICT DO NOTHING. Skip it when doing the thing twice is harmless. Skip it when only one process ever touches a given key because the stream is partitioned by that key. Otherwise, a lock with a long enough TTL is always safe, so I would use one."
	r := gradeReal(t, b, "avoid-the-lock", text)
	if hasFlag(r, "lock-instead-of-constraint") {
		t.Errorf("Q12: lock-instead-of-constraint on %q", flagSpan(text, r, "lock-instead-of-constraint"))
	}
	if !hasFlag(r, "ttl-as-safety") || !r.Fatal {
		t.Errorf("Q12: the planted TTL claim is no longer flagged: %v", r.FlagIDs())
	}
	if !pointHit(t, r, "idempotent") || pointHit(t, r, "efficiency-only") {
		t.Errorf("Q12: idempotent=%v efficiency-only=%v %v", pointHit(t, r, "idempotent"), pointHit(t, r, "efficiency-only"), evidence(t, text, r, "efficiency-only"))
	}
	for text, want := range map[string][2]bool{ // efficiency-only, idempotent
		"I would skip the lock when a duplicate run only wastes a little CPU.":             {true, false},
		"Skip it when running the job a second time changes nothing.":                      {false, true},
		"I always take a lock around every write to the accounts table.":                   {false, false},
		"When the lock would only be for efficiency, duplicate work is cheap, so skip it.": {true, false},
	} {
		r := gradeReal(t, b, "avoid-the-lock", text)
		if got := [2]bool{pointHit(t, r, "efficiency-only"), pointHit(t, r, "idempotent")}; got != want {
			t.Errorf("%q: efficiency-only, idempotent = %v, want %v", text, got, want)
		}
	}
	if r := gradeReal(t, b, "avoid-the-lock", "I always take a lock around every write to the accounts table."); !hasFlag(r, "lock-instead-of-constraint") {
		t.Errorf("an unconditional lock is no longer flagged: %v", r.FlagIDs())
	}
}

// TestQA6Q7IdempotencyInConcreteWords: the same transaction and the
// replayed response said in concrete words are made; the client-key point
// quotes the client minting the key, not the key forwarded to Stripe.
func TestQA6Q7IdempotencyInConcreteWords(t *testing.T) {
	b := loadBank(t)
	for text, want := range map[string][2]bool{ // same-transaction, replay-response
		"The key row is written within the transaction that moves the money.":                    {true, false},
		"A retry with a known key gets back what we returned to the first call.":                 {false, true},
		"We keep the transaction short and return an error on failure.":                          {false, false},
		"The second request returns an error, because the first one is still running.":           {false, false},
		"The server answers a repeated key with the same response it sent the first time round.": {false, true},
	} {
		r := gradeReal(t, b, "idempotency-keys", text)
		if got := [2]bool{pointHit(t, r, "same-transaction"), pointHit(t, r, "replay-response")}; got != want {
			t.Errorf("%q: same-transaction, replay-response = %v, want %v", text, got, want)
		}
	}
	text := "Have the client mint a UUID once per checkout and resend it verbatim on every retry. On the server, insert that UUID into a payments table whose primary key is the UUID, inside the transaction that records the charge; the second insert collides and we just return what we returned the first time. Forward the UUID to Stripe as its Idempotency-Key header so the card network side cannot double charge. The server generates a fresh idempotency key on each incoming request, so every retry is tracked separately."
	r := gradeReal(t, b, "idempotency-keys", text)
	if !pointHit(t, r, "same-transaction") || !pointHit(t, r, "replay-response") {
		t.Errorf("Q7: same-transaction=%v replay-response=%v", pointHit(t, r, "same-transaction"), pointHit(t, r, "replay-response"))
	}
	if !hasFlag(r, "fresh-idempotency-key") {
		t.Errorf("Q7: the planted server-minted key is no longer flagged: %v", r.FlagIDs())
	}
	for _, n := range r.Notes {
		if strings.Contains(n, "same transaction") || strings.Contains(n, "stored response") {
			t.Errorf("Q7: the note still asks for what the answer said: %q", n)
		}
	}
	ev := strings.Join(evidence(t, text, r, "client-key"), " ")
	if strings.Contains(ev, "Idempotency") || !strings.Contains(ev, "mint") {
		t.Errorf("Q7: client-key quotes %q, want the sentence where the client mints the key", ev)
	}
}

// TestQA6Q3PlainInterviewWords: what a second holder costs, and the fence
// against a holder that stalled past its lease on etcd, said without the
// jargon, are made; a holder shows its ticket "on each update".
func TestQA6Q3PlainInterviewWords(t *testing.T) {
	b := loadBank(t)
	for text, want := range map[string][2]bool{ // efficiency-choice, still-pauses
		"If a second holder only means a job runs twice, Redis is good enough.":                  {true, false},
		"When both holders would corrupt the ledger, I pay for etcd.":                            {true, false},
		"The storage refuses a late writer that was paused past its session, even on ZooKeeper.": {false, true},
		"Redis is cheap and fast.":                    {false, false},
		"A client that stalled for a moment is fine.": {false, false},
	} {
		r := gradeReal(t, b, "redis-vs-consensus", text)
		if got := [2]bool{pointHit(t, r, "efficiency-choice"), pointHit(t, r, "still-pauses")}; got != want {
			t.Errorf("%q: efficiency-choice, still-pauses = %v, want %v", text, got, want)
		}
	}
	text := "It depends on what a second holder costs me. If two holders just means a cron report gets emailed twice, Redis is cheap and good enough. If two holders corrupts money or data, I want etcd or ZooKeeper, because their writes are committed by a majority quorum before they are acknowledged, so losing the leader does not lose my lock, unlike Redis where the primary acknowledges before the replica has the key. etcd also hands me the key's revision, a number that only grows, which the database can compare to refuse a late writer that stalled past its lease."
	r := gradeReal(t, b, "redis-vs-consensus", text)
	if !pointHit(t, r, "efficiency-choice") || !pointHit(t, r, "still-pauses") || r.Score < 0.9 {
		t.Errorf("Q3: efficiency-choice=%v still-pauses=%v score %.2f, want both and 90 %%", pointHit(t, r, "efficiency-choice"), pointHit(t, r, "still-pauses"), r.Score)
	}
	ticket := "Whoever holds the lock must show its ticket to the database on each update."
	if r := gradeReal(t, b, "fencing-token", ticket); !pointHit(t, r, "sent-with-write") {
		t.Errorf("%q: sent-with-write missed", ticket)
	}
}

// TestQA6Q11ClientCheckLosesTheRoundEverywhere: a check made right before
// each call, said to stop a paused holder, and fencing called unnecessary
// lose the round on unfenceable-resource as they do on
// redis-lock-and-failure; a gatekeeper that "drops older ones" and a check
// called best effort do not.
func TestQA6Q11ClientCheckLosesTheRoundEverywhere(t *testing.T) {
	b := loadBank(t)
	text := "Check the lease right before each call to the payment API and abort if less than half the TTL remains; with that check in place, a paused holder can no longer double charge, so fencing is unnecessary here."
	for _, id := range []string{"unfenceable-resource", "redis-lock-and-failure"} {
		r := gradeReal(t, b, id, text)
		if !hasFlag(r, "client-side-fencing") || !hasFlag(r, "fencing-unneeded") || !r.Fatal {
			t.Errorf("%s: flags %v fatal=%v, want client-side-fencing and fencing-unneeded, fatal", id, r.FlagIDs(), r.Fatal)
		}
	}
	for text, want := range map[string]bool{
		"Before every charge the worker asks the lock service whether it still holds the lease, so a frozen worker can never charge twice.":         true,
		"I check the lease just before each request, but that is only best effort: a pause between the check and the request still double charges.": false,
		"A proxy in front of the provider can hold the highest fencing token and drop older ones.":                                                  false,
	} {
		r := gradeReal(t, b, "unfenceable-resource", text)
		if got := hasFlag(r, "client-side-fencing") || hasFlag(r, "fencing-unneeded"); got != want {
			t.Errorf("%q: flags %v, want flagged=%v", text, r.FlagIDs(), want)
		}
	}
}

// TestQA6Q16MultipleOfP99IsNotTheTail: a TTL sized as a multiple of the
// p99 is the sizing the study guide rejects, so it does not earn "base it
// on the measured tail"; the tail itself, or a measurement with no
// multiple, still does.
func TestQA6Q16MultipleOfP99IsNotTheTail(t *testing.T) {
	b := loadBank(t)
	for text, want := range map[string]bool{
		"I measure the p99 of the work and set the TTL to a few times that.":                              false, // Q16, first attempt
		"I set the TTL to about three times the p99 duration of the job.":                                 false, // Q16, second attempt
		"Take the p95 of the job and double it for the lease.":                                            false,
		"I size it from the p99.9 of the section plus the longest GC pause we logged and a margin.":       true,
		"I measure how long the job takes under production load, including the pauses, and add a margin.": true,
		"Measure job duration and GC pauses, then choose a TTL a few times the heartbeat interval.":       true,
	} {
		r := gradeReal(t, b, "choose-ttl", text)
		if got := pointHit(t, r, "measure"); got != want {
			t.Errorf("measure=%v %v, want %v: %q", got, evidence(t, text, r, "measure"), want, text)
		}
	}
}

// TestQA6Q19AListEarnsNoPoints: in an answer the grader reads as a list
// of terms (and says so), no item earns its point, whether or not it
// happens to hold a preposition; the items are named, and a list of
// sentences still earns.
func TestQA6Q19AListEarnsNoPoints(t *testing.T) {
	b := loadBank(t)
	const note = "a list earns no points"
	for _, text := range []string{
		"- monotonic token from lock service\n- token with every write\n- storage rejects lower token\n- GC pause, stale holder\n- etcd revision / zxid\n", // Q19
		"- increasing number from lock service\n- lease, TTL, expiry\n- stale writer, GC pause, VM migration\n- zxid, etcd revision, Raft index\n- Redlock, Kleppmann, antirez\n",
	} {
		r := gradeReal(t, b, "fencing-token", text)
		if !strings.Contains(strings.Join(r.Notes, " "), note) {
			t.Fatalf("%q: no list note in %v", text, r.Notes)
		}
		named := false
		for _, p := range r.Points {
			if p.Hit {
				t.Errorf("%q: point %s credited in a list", text, p.ID)
			}
			named = named || p.Named
		}
		if !named {
			t.Errorf("%q: no point named", text)
		}
	}
	sentences := "- The lock service hands out a number that only increases with each grant.\n- The holder sends that number with every write.\n- The storage remembers the highest number it has seen and rejects any write with a lower one.\n- So a holder paused in GC past its lease is turned away when it wakes.\n"
	r := gradeReal(t, b, "fencing-token", sentences)
	if !pointHit(t, r, "monotonic") || !pointHit(t, r, "resource-rejects") || strings.Contains(strings.Join(r.Notes, " "), note) {
		t.Errorf("a list of sentences: monotonic=%v resource-rejects=%v notes %v", pointHit(t, r, "monotonic"), pointHit(t, r, "resource-rejects"), r.Notes)
	}
}

// TestQA6Q9SyncingWithNTPIsNotSlewing: "sync the clocks with NTP" does not
// say the clocks must never be stepped (ntpd and chrony step a large
// offset by default); slewing, or forbidding steps, does.
func TestQA6Q9SyncingWithNTPIsNotSlewing(t *testing.T) {
	b := loadBank(t)
	for text, want := range map[string]bool{
		"Sync the clocks with NTP.":                                       false,
		"Keep every node's time in sync with NTP on all five masters.":    false,
		"Do not let operators step clocks: use NTP slewing only.":         true,
		"NTP must slew the clock, never jump it, or a key expires early.": true,
	} {
		r := gradeReal(t, b, "redlock-operations-q", text)
		if got := pointHit(t, r, "clocks-slew"); got != want {
			t.Errorf("clocks-slew=%v %v, want %v: %q", got, evidence(t, text, r, "clocks-slew"), want, text)
		}
	}
}

// TestEvidenceIsTheClosestWordsThatMakeThePoint: when a part's word occurs
// twice in the sentence, the evidence quotes the occurrence beside the
// other parts, not the first one in the sentence.
func TestEvidenceIsTheClosestWordsThatMakeThePoint(t *testing.T) {
	q := conceptQuestion("ledger & reject*")
	if err := quiz.Compile(q, conceptSynonyms, nil); err != nil {
		t.Fatalf("Compile: %v", err)
	}
	text := "A reject from the old queue was ignored, and then the ledger itself would reject the stale write."
	r := quiz.Grade(q, quiz.Answer{Text: text}, nil)
	if got := strings.Join(evidence(t, text, r, "fencing"), " "); got != "ledger reject" {
		t.Errorf("evidence %q, want the ledger's own reject", got)
	}
	// Q9 (two-holders): "SETNX then EXPIRE" is quoted, not the pause's "expired".
	b := loadBank(t)
	text = "First I'd check whether the holder paused in GC so its key expired while it worked, and was the key set with SETNX then EXPIRE."
	r = gradeReal(t, b, "two-holders", text)
	if got := strings.Join(evidence(t, text, r, "acquire-code"), " "); got != "SETNX EXPIRE" {
		t.Errorf("two-holders acquire-code evidence %q, want SETNX EXPIRE", got)
	}
}
