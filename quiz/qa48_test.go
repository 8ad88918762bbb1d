package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// gradeQA48 grades QA-48's answer n as written.
func gradeQA48(t *testing.T, b *quiz.Bank, n int) quiz.Result {
	t.Helper()
	a, ok := qa48[n]
	if !ok {
		t.Fatalf("no QA-48 answer #%d", n)
	}
	q, ok := b.ByID(a.question)
	if !ok {
		t.Fatalf("#%d: no question %q", n, a.question)
	}
	return b.Grade(q, quiz.Answer{Text: a.text})
}

// TestQA48LosingClaimsFlagged: long, fluent answers with one plain losing
// sentence passed at 100 % (H1: the second reader set the sentence aside,
// or no pattern caught it), and losing claims hid behind a quotation the
// candidate endorses, a rhetorical question or a "don't bother" (H3). Each
// now fails on the flag that names it.
func TestQA48LosingClaimsFlagged(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		n    int
		flag string
	}{
		{131, "random-fencing-token"}, // "A random UUID per grant works equally well as the token"
		{155, "wait-makes-safe"},      // "appendfsync always on every replica closes this gap"
		{156, "ttl-as-safety"},        // "a separate thread guarantees the lease is renewed even during a stop-the-world GC"
		{134, "ttl-as-safety"},        // "Making the timeout longer, say an hour, also closes the hole"
		{128, "fencing-unneeded"},     // `My colleague said "...the storage doesn't need to do anything", and he's right`
		{143, "fencing-unneeded"},     // "With this recipe you never need a fencing token"
	} {
		r := gradeQA48(t, b, c.n)
		if r.Passed || !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("#%d %s: passed=%v flags %v, want failed by %s", c.n, qa48[c.n].question, r.Passed, r.FlagIDs(), c.flag)
		}
	}
	for _, c := range []struct{ question, text, flag string }{
		{"redis-vs-consensus", "Why would you need fencing at the resource when etcd already guarantees a single holder?", "fencing-unneeded"},
		{"extend-lease", "Don't bother with fencing tokens, because the heartbeat keeps the lease alive for as long as the job runs.", "fencing-unneeded"},
		{"redis-lock-and-failure", "A paused holder can't do any damage, though: once its key has expired, Redis rejects its writes, so a GC pause isn't a concern.", "ttl-as-safety"},
		{"choose-ttl", "Sized that way, the lock is safe without any fencing at the resource.", "fencing-unneeded"},
		{"holder-id-guard", "If anything, just make the 10 minute interval longer so jobs are never reclaimed while they're still running.", "ttl-as-safety"},
		{"choose-ttl", "A long TTL is always safe, it just means waiting a bit longer after a crash.", "ttl-as-safety"},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %v, want %s", c.question, c.text, r.FlagIDs(), c.flag)
		}
	}
}

// TestQA48RejectionsStayClean: the same words said to reject the claim, to
// ask in order to answer, or to dismiss a quotation, raise nothing; and a
// quotation conceded but called beside the point stays refuted.
func TestQA48RejectionsStayClean(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text, flag string }{
		{"fencing-token", `My colleague said "the client can just check its token against the lock service right before writing, so the storage doesn't need to do anything", and he's wrong: the pause can come after the check, so the storage must compare tokens.`, "fencing-unneeded"},
		{"fencing-token", `My colleague said "the client can just check its token against the lock service right before writing, so the storage doesn't need to do anything". That is true and beside the point: the pause can come after the check, so the storage must compare tokens.`, "fencing-unneeded"},
		{"redis-vs-consensus", "Why would you need fencing when etcd guarantees one holder? Because the holder can pause past its lease and write late, so the storage still checks the revision.", "fencing-unneeded"},
		{"choose-ttl", "No TTL makes a lock safe without fencing: a pause can outlast any value.", "fencing-unneeded"},
		{"holder-id-guard", "Making the interval longer does not close the hole: a pause can still outlast it, so add a claim counter.", "ttl-as-safety"},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %s", c.question, c.text, c.flag)
		}
	}
}

// TestQA48Misfires: a correct answer that quotes a colleague and refutes him
// failed on a client-side-fencing flag read from "Done as a separate read
// before the write" (H4); a correct description of the herd effect, after
// the recipe that avoids it, was flagged as the wrong recipe (H5).
func TestQA48Misfires(t *testing.T) {
	b := loadBank(t)
	if r := gradeQA48(t, b, 64); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("#64: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
	if r := gradeQA48(t, b, 143); slices.Contains(r.FlagIDs(), "zk-recipe-wrong") {
		t.Errorf("#143: the herd effect defined raised zk-recipe-wrong (flags %v)", r.FlagIDs())
	}
	q, _ := b.ByID("zookeeper-lock-recipe")
	if r := b.Grade(q, quiz.Answer{Text: "The recipe avoids the herd effect because every waiter watches the lock node itself."}); !slices.Contains(r.FlagIDs(), "zk-recipe-wrong") {
		t.Errorf("the wrong recipe sold as avoiding the herd raised %v, want zk-recipe-wrong", r.FlagIDs())
	}
}

// TestQA48NoPointForItsOpposite: key points were ticked on the sentences that
// deny them (H6): "No TTL is safe" on "That guarantees the holder never loses
// its lease", "A lock alone cannot make it run exactly once" on "it's
// guaranteed to run exactly once per period", the data enforcing it on
// "Database constraints are slower ... than a lock", consensus on "Redlock
// ... just as safe as ZooKeeper", the zombie on "since it's dead it can't
// write anymore".
func TestQA48NoPointForItsOpposite(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		n     int
		point string
	}{{36, "no-safe-value"}, {77, "lock-not-enough"}, {47, "constraint"}, {29, "consensus-quorum"}, {18, "zombie-leader"}} {
		if r := gradeQA48(t, b, c.n); pointHit(t, r, c.point) {
			t.Errorf("#%d %s: %s ticked on an answer that denies it", c.n, qa48[c.n].question, c.point)
		}
	}
}

// TestQA48OwnWords: correct answers in the learner's own words failed for a
// core point they make (H7): a ticket "that never goes down", a worker
// "that nodded off in a long garbage-collection stall", "the name on the
// door identifies who, not which visit".
func TestQA48OwnWords(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		n     int
		point string
	}{{145, "monotonic"}, {3, "paused-holder"}, {54, "same-owner-twice"}} {
		if r := gradeQA48(t, b, c.n); !r.Passed || !pointHit(t, r, c.point) {
			t.Errorf("#%d %s: passed=%v, %s hit=%v", c.n, qa48[c.n].question, r.Passed, c.point, pointHit(t, r, c.point))
		}
	}
}

// TestQA48InvisibleCharacters: zero-width characters pasted inside words
// are removed before grading, so a strong answer is graded as the learner
// sees it (M5); a joiner between emoji stays.
func TestQA48InvisibleCharacters(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	clean := qa48[145].text
	dirty := ""
	for _, w := range []rune(clean) {
		dirty += string(w)
		if w == 'o' {
			dirty += "\u200b"
		}
	}
	if got := quiz.StripInvisible(dirty); got != clean {
		t.Fatalf("StripInvisible left %q", got)
	}
	if r := b.Grade(q, quiz.Answer{Text: quiz.StripInvisible(dirty)}); !r.Passed {
		t.Errorf("the stripped answer fails: %v", r.Score)
	}
	for _, s := range []string{"to\u00adken", "lea\u2060se", "\ufefftoken", "fen\u200dcing"} {
		if got := quiz.StripInvisible(s); got != "token" && got != "lease" && got != "fencing" {
			t.Errorf("StripInvisible(%q) = %q", s, got)
		}
	}
	if emoji := "👩\u200d💻 token"; quiz.StripInvisible(emoji) != emoji {
		t.Errorf("the joiner between emoji was removed")
	}
}

// TestQA48FlagNamesTheMistake: a flag named another mistake than the one
// made (M3): a row lock held "while calling the payment provider ...
// then commit" was "reaches for a lock where a constraint would do", and
// a charge said to need no idempotency key "because the bank dedupes it"
// raised nothing of its own. Each now raises the flag that names it.
func TestQA48FlagNamesTheMistake(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		n    int
		flag string
	}{{72, "lock-across-network-call"}, {148, "network-drops-duplicates"}} {
		if r := gradeQA48(t, b, c.n); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("#%d %s: flags %v, want %s", c.n, qa48[c.n].question, r.FlagIDs(), c.flag)
		}
	}
}

// TestQA48bSecondPass: a second new-user pass (QA-48b, 181 answers). A
// correct SKIP LOCKED answer failed on the flag for the mistake it
// rejects (H1); key points were ticked from their opposites (H2); losing
// claims passed unflagged or were named by the wrong flag (H3, M3). Each
// now reads as a fair interviewer would.
func TestQA48bSecondPass(t *testing.T) {
	b := loadBank(t)
	grade := func(q, text string) quiz.Result {
		qq, ok := b.ByID(q)
		if !ok {
			t.Fatalf("no question %s", q)
		}
		return b.Grade(qq, quiz.Answer{Text: text})
	}
	queue := "I'd keep the jobs in a table with id, status, payload, locked_until and attempt. A worker claims one job in a short transaction: UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes', attempt = attempt + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now()) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, payload, attempt, and commits straight away. SKIP LOCKED means concurrent workers skip rows another worker is claiming instead of blocking on them, so two workers never take the same job. Because the claim is committed, the row lock is gone during the work; what keeps others off is the locked_until deadline, which is effectively a lease. If the worker dies, the deadline passes and another worker picks the job up again, so nothing is lost. That also means a job can run twice, so the handlers need to be idempotent."
	if r := grade("skip-locked-queue", queue); !r.Passed || len(r.Flags) > 0 {
		t.Errorf("H1: the committed-claim answer: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
	if r := grade("skip-locked-queue", "The row lock keeps other workers off the job while it runs, until the worker finishes."); !slices.Contains(r.FlagIDs(), "claim-lock-outlives-commit") {
		t.Errorf("H1: the row lock said to keep others off raised %v", r.FlagIDs())
	}
	incr := "The simplest way to get the tokens is INCR on the same single Redis node that holds the lock: INCR is atomic, so the numbers stay increasing even if that node fails over to a replica."
	if r := grade("fencing-token", incr); pointHit(t, r, "token-source") || !slices.Contains(r.FlagIDs(), "volatile-token-counter") {
		t.Errorf("H2/H3: INCR kept increasing through a failover: token-source hit=%v, flags %v", pointHit(t, r, "token-source"), r.FlagIDs())
	}
	if r := grade("redis-early-expiry", "Clock changes are not a risk here, because Redis tracks expiry against a monotonic clock internally, so an NTP correction on the host can't shorten a TTL."); pointHit(t, r, "clock-jump") {
		t.Errorf("H2: clock-jump ticked on its denial")
	}
	if r := grade("redis-early-expiry", "Redis compares expiry with the wall clock, so an NTP step forward expires keys early."); !pointHit(t, r, "clock-jump") {
		t.Errorf("H2: clock-jump not ticked on the point itself")
	}
	for _, c := range []struct{ question, text, flag string }{
		{"choose-ttl", "In practice, a TTL set comfortably above the worst observed run is what keeps two holders apart, so with good measurements you are safe.", "ttl-as-safety"},
		{"two-holders", "Then look for the true order by sorting both hosts' logs by their wall-clock timestamps, which are reliable enough because both run NTP.", "wall-clock"},
		{"avoid-the-lock", "You can skip the lock when traffic is low, because with only a few requests per minute the chance of two processes hitting the same row at the same time is basically zero.", "race-odds-dismissed"},
		{"run-job-once", `A plain check of "did it already run today?" followed by the run is fine: the window for two instances to collide is a few milliseconds, so it won't happen in practice.`, "race-odds-dismissed"},
		{"unfenceable-resource", "Just add an X-Fencing-Token header to every call to the payment API. The old holder's call carries an older token than the new holder's, so the stale call gets rejected.", "unaware-resource-fenced"},
		{"fencing-token", `As the saying goes, "the client should check its own token against the lock service right before writing, and skip the write if it's stale"; that's what we do, and it's enough.`, "client-side-fencing"},
	} {
		if r := grade(c.question, c.text); !slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %v, want %s", c.question, c.text, r.FlagIDs(), c.flag)
		}
	}
	for _, c := range []struct{ question, text, flag string }{
		{"two-holders", "Look for the true order in the store's own revision, not the hosts' timestamps, which are unreliable.", "wall-clock"},
		{"unfenceable-resource", "The provider knows nothing about tokens: the old holder's call carries an older token, but the stale call is not rejected.", "unaware-resource-fenced"},
		{"fencing-token", `As the saying goes, "the client should check its own token right before writing"; that's a myth, the pause comes after the check.`, "client-side-fencing"},
	} {
		if r := grade(c.question, c.text); slices.Contains(r.FlagIDs(), c.flag) {
			t.Errorf("%s: %q raised %s", c.question, c.text, c.flag)
		}
	}
}

// TestQA48bOwnWords: core points said in natural words were missed (QA-48b
// M2): the SUSPENDED signal that comes too late, lock-delay's timing bet.
func TestQA48bOwnWords(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text, point string }{
		{"session-suspended", "The client only hears that its session expired once it reconnects, by which time the servers may have given the lock to someone else.", "signals-late"},
		{"session-suspended", "The client only learns that the session expired after it reconnects, and a callback can't stop a thread that's already in the middle of a write.", "signals-late"},
		{"unfenceable-resource", "Third, lock-delay: the service waits 15 seconds before handing the lock on, which assumes the old holder's request lands within that delay.", "timing-caveat"},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); !pointHit(t, r, c.point) {
			t.Errorf("%s: %q missed %s", c.question, c.text, c.point)
		}
	}
}
