package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// Tests for the grader defects of QA pass 9 (qa-report-9.md): trust
// defects, where the app told a learner that the guide's own position
// loses the round. Each class is shown on the tester's phrasing, on
// phrasings of our own, and on near-misses that must keep their verdict.

type textCase struct {
	text string
	want bool
}

func checkFlag(t *testing.T, qid, flag string, cases []textCase) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		r := gradeReal(t, b, qid, c.text)
		if got := hasFlag(r, flag); got != c.want {
			t.Errorf("%s: flag %s raised=%v, want %v (span %q) in %q", qid, flag, got, c.want, flagSpan(c.text, r, flag), c.text)
		}
	}
}

func checkPoint(t *testing.T, qid, point string, cases []textCase) {
	t.Helper()
	b := loadBank(t)
	for _, c := range cases {
		r := gradeReal(t, b, qid, c.text)
		if got := pointHit(t, r, point); got != c.want {
			t.Errorf("%s: point %s hit=%v, want %v (evidence %q) in %q", qid, point, got, c.want, evidence(t, c.text, r, point), c.text)
		}
	}
}

// TestQA9Q4OneStepIsAtomicityNotExclusivity: "only one" that counts
// steps ("only in one atomic step") is the atomicity a safe extension
// needs, not the claim that the lease keeps holders apart; "only one"
// that counts holders still raises ttl-as-safety.
func TestQA9Q4OneStepIsAtomicityNotExclusivity(t *testing.T) {
	checkFlag(t, "extend-lease", "ttl-as-safety", []textCase{
		{"I extend only in one atomic step.", false}, // the tester's trigger
		{"Yes, but only while I still own it, and only in one atomic step: a Lua script that checks the key still holds my token and then calls PEXPIRE, so I never extend someone else's lease. Never a bare SET without NX or a GET followed by PEXPIRE. If the extension is refused, the lease is gone: stop working and stop writing. The catch is that the heartbeat thread lives in the same process as the worker, so a GC pause or SIGSTOP freezes both; extension makes expiry under a live holder rarer, it does not make it harmless. Only a fencing token or guarded write at the resource does that.", false},
		{"The renewal has to happen only in one round trip, a script that compares and extends.", false},
		{"We extend the expiry only with one call to EVALSHA, never GET then PEXPIRE.", false},
		{"The heartbeat renews the key only through one Lua call, so the check and the PEXPIRE cannot be split.", false},
		// near-misses: "only one" of holders, said of the renewal
		{"The watchdog keeps renewing, so only one worker can ever hold the lock.", true},
		{"Because the heartbeat extends the lease, only one holder exists at a time.", true},
	})
	b := loadBank(t)
	r := gradeReal(t, b, "extend-lease", "Yes, but only while I still own it, and only in one atomic step: a Lua script that checks the key still holds my token and then calls PEXPIRE, so I never extend someone else's lease. Never a bare SET without NX or a GET followed by PEXPIRE. If the extension is refused, the lease is gone: stop working and stop writing. The catch is that the heartbeat thread lives in the same process as the worker, so a GC pause or SIGSTOP freezes both; extension makes expiry under a live holder rarer, it does not make it harmless. Only a fencing token or guarded write at the resource does that.")
	if !r.Passed || r.Fatal {
		t.Errorf("the tester's guide-aligned answer: score %.2f passed=%v fatal=%v flags %v", r.Score, r.Passed, r.Fatal, r.FlagIDs())
	}
}

// TestQA9Q4RefusedExtensionIsAFailedExtension: "refused", "rejected",
// "returns 0", "the lease is gone" say the extension failed, and stopping
// then earns the point "fails" earns; carrying on does not.
func TestQA9Q4RefusedExtensionIsAFailedExtension(t *testing.T) {
	checkPoint(t, "extend-lease", "failed-extension", []textCase{
		{"If the extension is refused, the lease is gone: stop working and stop writing.", true}, // the tester's
		{"If the extension fails, the lease is gone: stop working and stop writing.", true},
		{"When the renew script returns 0, the worker must abort the job right there.", true},
		{"A rejected renewal means the lock is no longer mine, so I halt the batch.", true},
		{"Should the refresh be denied, the worker gives up immediately instead of finishing.", true},
		// near-misses: no failed extension, or no stopping
		{"The renewal runs every ten seconds while the worker keeps going.", false},
		{"I stop the heartbeat thread when the job is done and the lease is released.", false},
	})
}

// TestQA9Q11ContrastDeniesWhatItNames: "X adds A, not B; B needs C"
// denies B of X. The B that opens the next clause is the subject of a
// claim of its own, so no flag reads "X ... B" across the contrast as
// "X gives B". The same words with B asserted of X still flag.
func TestQA9Q11ContrastDeniesWhatItNames(t *testing.T) {
	checkFlag(t, "redis-vs-consensus", "redlock-correctness", []textCase{
		// the tester's (the guide's own key point)
		{"Redlock adds failover, not correctness; correctness needs fencing or a consensus-backed service whose revision serves as the token.", false},
		{"Redlock adds failover, not correctness; correctness needs fencing.", false},
		// ours
		{"Redlock buys you availability, not safety: safety comes from a fencing token checked by the storage.", false},
		{"What Redlock gives is tolerance of a crashed Redis node, not correctness, and correctness is what the etcd revision as a token gives.", false},
		{"Redlock is about surviving a node failure, not a guarantee; a guarantee needs consensus plus fencing.", false},
		// near-misses: the claim asserted of Redlock
		{"Redlock adds correctness, not just failover; correctness is what the five masters give.", true},
		{"Redlock makes the lock correct because a majority of five masters must agree.", true},
	})
}

// TestQA9Q21PreventionSaidAsInability: a point whose content is what
// fencing stops ("it stops a holder that paused past its lease from
// writing late") is stated by the stale holder's inability ("cannot
// overwrite"); a plain denial of the problem ("doesn't write late") and
// the problem asserted do not state the fix.
func TestQA9Q21PreventionSaidAsInability(t *testing.T) {
	checkPoint(t, "fencing-token", "paused-holder", []textCase{
		{"A holder that paused past its lease cannot overwrite the newer holder.", true}, // the tester's
		{"So a zombie that wakes after its lease expired can no longer clobber the data.", true},
		{"A client that was frozen in GC is unable to commit its late write, because its token is lower.", true},
		{"Thanks to the token, the stale holder's late write fails at the storage.", true},
		// near-misses: no pause or late writer, or the problem denied
		{"It exists so that two clients cannot both think they own the row.", false},
		{"Its value beats every earlier one.", false}, // Q9-1: the token's order, not a pause
		{"The database cannot overwrite rows on its own.", false},
	})
	checkPoint(t, "row-lock", "connection-death", []textCase{
		{"If the client pauses, its transaction is killed, so the late write fails.", true}, // Q9-9's
		{"A session that stalled past the timeout cannot commit anymore.", true},
		{"Reads cannot commit anything.", false},
	})
	b := loadBank(t)
	text := "A fencing token is a number issued by the lock service with each grant, larger than every earlier one. The holder sends it with each write and the storage keeps the highest token it accepted and atomically rejects lower ones, so a holder that paused past its lease cannot overwrite the newer holder. The storage has to cooperate, and the counter must survive failover, like an etcd revision."
	if r := gradeReal(t, b, "fencing-token", text); !r.Passed {
		t.Errorf("the tester's Q9-21 answer: score %.2f, not passed", r.Score)
	}
}

// TestQA9Q1TokenOrderIsMonotonicNotAPause: "a counter whose value beats
// every earlier one" is the monotonic point in plain words, and says
// nothing of a pause.
func TestQA9Q1TokenOrderIsMonotonicNotAPause(t *testing.T) {
	checkPoint(t, "fencing-token", "monotonic", []textCase{
		{"A fencing token is a counter from the lock service whose value beats every earlier one.", true}, // the tester's
		{"Each grant hands out a ticket larger than all previous tickets.", true},
		{"The lock service issues numbers, each one higher than any earlier number.", true},
		{"The service's counter tops every prior value it gave out.", true},
		// near-misses: not the token's order
		{"A pause can beat any TTL you choose.", false},
		{"The token is a random string from the lock service.", false},
	})
	checkPoint(t, "fencing-token", "paused-holder", []textCase{
		{"A fencing token is a counter from the lock service whose value beats every earlier one.", false},
		{"A ticket whose printed value beats every earlier ticket.", false},
		{"Whatever TTL you pick, a GC pause can beat it.", true},
	})
}

// TestQA9Q8DismissalIsNoRefutation: "so it's not a big concern" plays the
// self-healing deadlock down; its "not" refutes nothing, so the
// misconception flags, and the point that the expiry is a safety problem
// is not earned by the claim that it is a recovery.
func TestQA9Q8DismissalIsNoRefutation(t *testing.T) {
	tester := "Deadlock: transfer A->B locks A then waits for B while B->A locks B then waits for A. Prevent it by always acquiring locks in a global order, for example by account id, so no cycle can form. And since the locks have TTLs, a deadlock resolves itself when one expires, so it's not a big concern anyway. Better still, do the transfer in one database transaction with guarded updates so you don't need distributed locks at all."
	checkFlag(t, "deadlock-ordering", "ttl-as-safety", []textCase{
		{tester, true},
		{"With TTLs on both locks a deadlock resolves itself once one lease expires, so it's no real problem.", true},
		{"The leases expire eventually and the deadlock heals itself, nothing to worry about.", true},
		{"A deadlock is not much of an issue here: the TTL expires and the cycle resolves itself.", true},
		// near-misses: the expiry named as the danger it is
		{"People say a deadlock resolves itself when a lease expires, but that is not a recovery: the lease expires under a live holder, so two transfers run at once.", false},
		{"Waiting for a TTL to break the deadlock is not safe: the holder is still alive when its lease expires.", false},
	})
	checkPoint(t, "deadlock-ordering", "lease-expiry-trap", []textCase{
		{tester, false},
		{"With TTLs on both locks a deadlock resolves itself once one lease expires, so it's no real problem.", false},
		{"Waiting for a TTL to break the deadlock is not safe: the holder is still alive when its lease expires.", true},
		{"With leases the deadlock only ends when one lease expires under a holder that is still running, and then two transfers touch the same account.", true},
	})
}

// TestQA9Q8ExpiryEndsTheWaitByItself: the same mistake without the word
// deadlock: the TTL said to end the wait on its own.
func TestQA9Q8ExpiryEndsTheWaitByItself(t *testing.T) {
	checkFlag(t, "deadlock-ordering", "ttl-as-safety", []textCase{
		{"Since the locks have a TTL the wait ends by itself when one expires.", true},
		{"Each lock has a lease, so the standoff clears on its own after thirty seconds.", true},
		{"The cycle goes away by itself once a TTL expires.", true},
		{"The wait does not end by itself: if a TTL expires, it expires under a live holder.", false},
		{"A lease expiring ends the wait, but under a live holder that is still working: unsafe.", false},
	})
}

// TestQA9SeemsUntilJudgesItsSubject: "X sounds complete until the pause
// follow-up" says X only seems enough; no flag takes X as the candidate's
// design. X asserted as enough still flags.
func TestQA9SeemsUntilJudgesItsSubject(t *testing.T) {
	checkFlag(t, "two-holders", "two-commands", []textCase{
		{`Interviewers ask because "SETNX with an expiry" sounds complete until the pause follow-up.`, false}, // the guide's own key point
		{"SETNX followed by EXPIRE looks fine until the process dies between the two calls.", false},
		{"A SETNX and then an EXPIRE seems safe until a crash lands in between.", false},
		{"SETNX then EXPIRE feels complete until you ask what happens on a crash between them.", false},
		// near-misses: the two commands as the design
		{"We take the lock with SETNX and then set EXPIRE on the key.", true},
		{"SETNX then EXPIRE is complete, and it sounds right to me.", true},
	})
}

// TestQA9GuideKeyPointsRaiseNoFlag: no guide section's own key points,
// given as the answer to a question that section teaches, raise a red
// flag: the guide never makes a losing claim (QA-9 Q9-11: the Redlock
// dispute's key points raised redlock-correctness; the in-production
// key points raised two-commands).
func TestQA9GuideKeyPointsRaiseNoFlag(t *testing.T) {
	b := loadBank(t)
	kps := guideKeyPoints(t)
	for _, q := range b.ByKind(quiz.KindFreeText) {
		text, ok := kps[q.Guide]
		if !ok {
			continue
		}
		if r := b.Grade(q, quiz.Answer{Text: text}); len(r.Flags) > 0 {
			t.Errorf("%s: the key points of %s raise %v (%q)", q.ID, q.Guide, r.FlagIDs(), flagSpan(text, r, r.Flags[0].ID))
		}
	}
}

// TestQA9HeadlinesEarnNothing: a run of headline lines (own line, no
// bullet, a capital, no closing punctuation) pasted after an answer, such
// as a guide page's exercise titles, earns no point; the same content as
// the candidate's sentences or bulleted notes still does.
func TestQA9HeadlinesEarnNothing(t *testing.T) {
	b := loadBank(t)
	weak := "I'd claim the job with a conditional UPDATE so only one instance starts it. The job body should be idempotent."
	titles := []string{
		// the run-once FAQ page's exercise and sandbox titles (Q9-12)
		"\nPractise it\nRunning a scheduled job once, without a lock\nPredict: a claimed job lapses while its owner is frozen\nA nightly job that must start once\nWhy WHERE owner = me is not a fence\nTry it in the sandbox\nA job claim lapses mid-run and is reclaimed: a double charge\nThe same reclaimed job with an idempotency key",
		// titles of our own, the same shape
		"\nA paused owner loses its claim and a second instance runs\nThe lock expires under a frozen worker\nA crashed run is retried by another node",
		"\nRelated\nA frozen scheduler keeps running after its lease\nTwo instances fire the same job twice",
	}
	base := gradeReal(t, b, "run-job-once", weak)
	for _, tail := range titles {
		r := gradeReal(t, b, "run-job-once", weak+"\n"+tail)
		if r.Passed || r.Score > base.Score {
			t.Errorf("titles pasted after a weak answer: %.2f (passed=%v), the answer alone %.2f; tail %q", r.Score, r.Passed, base.Score, tail)
		}
	}
	// near-misses: the same ideas as the candidate's own sentences or
	// bulleted notes are made
	for _, text := range []string{
		weak + " A lock alone cannot make it run exactly once: a paused owner loses its lease and a second instance runs.",
		weak + "\n- a paused owner loses its lease, then a second instance runs\n- a lock alone cannot make it run exactly once",
	} {
		if r := gradeReal(t, b, "run-job-once", text); !pointHit(t, r, "lock-not-enough") {
			t.Errorf("lock-not-enough not made in %q", text)
		}
	}
}

// TestQA9WorthDeniedIsNoCredit: a clause that denies its subject the worth
// a point credits it with ("their consensus adds latency without adding
// safety") does not make that point; the subject's worth asserted still
// does.
func TestQA9WorthDeniedIsNoCredit(t *testing.T) {
	checkPoint(t, "redis-vs-consensus", "consensus-quorum", []textCase{
		{"ZooKeeper and etcd are slow, heavyweight relics; their consensus adds latency without adding safety over Redlock.", false}, // Q9-3
		{"Their majority commit adds nothing but round trips.", false},
		{"A Raft quorum is no safer than a single Redis primary with a replica.", false},
		{"Consensus in etcd buys you nothing over Redlock apart from latency.", false},
		// near-misses: the worth asserted
		{"Consensus adds latency, but a grant committed by a majority survives a node failure.", true},
		{"etcd commits each grant to a Raft majority, so losing a node loses no lock.", true},
	})
}

// TestQA9AdverbGovernsItsVerb: "WAIT only reports" needs the adverb on
// WAIT's verb, not on another clause's ("so I just retry", Q9-5).
func TestQA9AdverbGovernsItsVerb(t *testing.T) {
	checkPoint(t, "redis-wait-safe", "not-consensus", []textCase{
		{"If WAIT returns 0, Redis rolls back the SET, so I just retry.", false}, // Q9-5
		{"WAIT returns the replica count and then the client simply goes on writing.", false},
		{"WAIT just gives up after 100 ms and tells you how many replicas answered.", true},
		{"WAIT only reports how many replicas received the write.", true},
		{"WAIT can simply time out and return 0 while the key stays on the primary.", true},
	})
}

// TestQA9Q22DeferredStopIsNoStop: "finish the current batch before
// stopping" after a failed extension keeps working; "before stopping"
// is no stop. Stopping at once is no flag.
func TestQA9Q22DeferredStopIsNoStop(t *testing.T) {
	checkFlag(t, "extend-lease", "work-after-lost-lease", []textCase{
		{"Extend only with a Lua script that checks my token and calls PEXPIRE atomically. If an extension fails I keep going and finish the current batch before stopping. The heartbeat shares the process, so a pause stops both, and only fencing at the resource makes expiry harmless.", true}, // the tester's
		{"When the renewal fails, the worker keeps running the job before it stops.", true},
		{"If the extend call times out I continue working on the current item before aborting.", true},
		// near-misses: the stop comes first
		{"If an extension fails I stop at once, before finishing the batch.", false},
		{"When the renewal fails the worker must stop immediately; it never finishes its batch first.", false},
	})
	checkFlag(t, "fencing-token", "replication-keeps-lock", []textCase{
		{"Redis INCR on the primary is a fine source of tokens, even across failover.", true}, // the tester's
		{"A counter in Redis is a safe token source even after a failover.", true},
		{"INCR on the primary works as the fencing source through a failover.", true},
		// near-misses: the counter's weakness named
		{"Redis INCR on the primary is not a safe source of tokens across failover: the replica may not have the last value.", false},
		{"Take the token from etcd's revision, which survives a failover, not from Redis INCR.", false},
	})
}

// TestQA9Q7MinorHalfIsNotThePoint: "reject a reused key with a different
// body, and expire keys after the retry window" is not made by the
// expiry alone (Q9-7); the body check in other words makes it.
func TestQA9Q7MinorHalfIsNotThePoint(t *testing.T) {
	checkPoint(t, "idempotency-keys", "body-mismatch", []textCase{
		{"Keys expire after 24 hours, once no client would still retry.", false},
		{"We purge the idempotency records after a day.", false},
		{"A retry that reuses the key with a different amount is rejected with 422.", true},
		{"The server compares the stored request hash with the new one and refuses a mismatch.", true},
		{"If the same key arrives with a different payload, that's a client bug and we return an error.", true},
	})
}

// TestQA9Q6ComparingLogsIsAnInvestigation: comparing log timestamps while
// debugging probes the incident; it does not judge a lease by two clocks.
// A lease judged by comparing clocks still raises wall-clock.
func TestQA9Q6ComparingLogsIsAnInvestigation(t *testing.T) {
	checkFlag(t, "two-holders", "wall-clock", []textCase{
		{"Compare the two holders' log timestamps with the lock key's TTL, and look at GC logs, container CPU throttling and VM steal time.", false}, // Q9-6's opening
		{"First I'd correlate the worker logs' timestamps with the TTL to see who wrote when.", false},
		{"I'd compare the traces of both workers against the lease expiry.", false},
		// near-misses: the design judges a lease by a clock
		{"Each worker compares its local clock with the expiry timestamp stored in the key to decide if it still holds the lease.", true},
		{"The client checks the current time against the lease's expiry timestamp written by the server.", true},
	})
}

// TestQA9Q13OutlineInOneLineDoesNotPass: a one-line chain of steps, or a
// line of a few words, names the answer without making it; concise
// answers that explain still pass.
func TestQA9Q13OutlineInOneLineDoesNotPass(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		qid, text string
		pass      bool
	}{
		{"two-holders", "To debug two holders, check durations against the TTL and for pauses, then release semantics, then failovers, then whether fencing exists.", false}, // the tester's
		{"redis-vs-consensus", "Correctness needs fencing or a consensus-backed service.", false},                                                                            // the tester's
		{"two-holders", "Look at pauses versus the TTL, then the release, then the acquire, then failovers and fencing.", false},
		{"fencing-token", "A rising token, sent with each write, checked by the storage.", false},
		// near-misses: concise, and explained
		{"fencing-token", "Each grant carries a token that only goes up, and the client sends it with every write. The storage rejects lower tokens. The old holder's write is rejected.", true},
		{"two-holders", "Check the GC logs and the job durations against the lease: most likely a pause outlasted it. Then add fencing so the storage rejects the stale holder's writes.", true},
	} {
		r := gradeReal(t, b, c.qid, c.text)
		if r.Passed != c.pass {
			t.Errorf("%s: passed=%v (score %.2f), want %v: %q", c.qid, r.Passed, r.Score, c.pass, c.text)
		}
	}
}

// TestQA9Q2PlainAnalogyVerbs: the token fastened to each request in
// other verbs, and the issuer that must not go back after a crash, are
// the points in plain words (Q9-2).
func TestQA9Q2PlainAnalogyVerbs(t *testing.T) {
	checkPoint(t, "fencing-token", "sent-with-write", []textCase{
		{"The worker staples that ticket onto each modification request.", true}, // the tester's
		{"It pins the number to every change it sends to the database.", true},
		{"The clerk pins a note to the board every morning.", false},
		{"The dispenser staples receipts for the audit log.", false},
	})
	checkPoint(t, "fencing-token", "token-source", []textCase{
		{"The ticket dispenser must never hand out smaller numbers after it crashes and comes back, so it must be replicated by agreement, not a single cache node's counter.", true}, // the tester's
		{"Whatever issues the tokens must not repeat a value after it restarts.", true},
		{"The ticket dispenser is a box on the wall.", false},
	})
}

// TestQA9Q2RandomValueInCode: a random value named by its generator in
// code (`<uuid4>`, `uuid.uuid4()`) is the random token (Q9-2).
func TestQA9Q2RandomValueInCode(t *testing.T) {
	checkPoint(t, "redis-lock-and-failure", "unique-value", []textCase{
		{"I acquire with `SET key <uuid4> NX PX 30000` and release with a Lua script that compares my token before DEL.", true}, // the tester's
		{"The value is uuid.uuid4() per acquisition, so the release script can tell my lock from the next holder's.", true},
		{"The value is the hostname, so every worker on the box writes the same one.", false},
	})
}
