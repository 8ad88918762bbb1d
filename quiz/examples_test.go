package quiz_test

import (
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestIssueExamples replays the answers a new user reported as graded
// unfairly: each must now get the verdict a fair interviewer gives.
func TestIssueExamples(t *testing.T) {
	b := loadBank(t)
	t.Run("textbook fencing answer passes without a flag", func(t *testing.T) {
		r := gradeReal(t, b, "fencing-token", "Each grant carries a token that only goes up, and the client sends it with every write. The storage rejects lower tokens. The old holder's write is rejected.")
		if !r.Passed || len(r.FlagIDs()) > 0 {
			t.Fatalf("got passed=%v score %.2f flags %v, want a pass and no flag", r.Passed, r.Score, r.FlagIDs())
		}
	})
	mentions := []struct{ question, text string }{
		{"fencing-token", "Checking the token in the client is not enough: the storage must compare it with the highest token it has seen and reject lower ones."},
		{"two-holders", "Did the acquire use SETNX then EXPIRE separately? I'd read the acquire path first."},
		{"choose-ttl", "A colleague said a longer TTL makes it safe; that's wrong because a GC pause can outlast any TTL."},
		{"redis-lock-and-failure", `Someone told me "replication keeps the lock safe across failover". That is not true: replication is asynchronous.`},
		{"extend-lease", "Don't renew with a bare EXPIRE on a timer: it extends whoever holds the key now."},
		{"run-job-once", "If I lock a row and then call an external API, the database cannot protect the API call."},
		// A header's colon before code still announces what follows.
		{"etcd-revision-guard", "A common mistake is relying on the session: `if session.Done() == nil` before each write, or a `Get` on the lock key to confirm you still own it and then a plain `Put`."},
		// An ellipsis inside code does not end the sentence that
		// announces the mistake.
		{"row-lock", "A mistake I see is treating it as a general mutex: open a transaction, SELECT ... FOR UPDATE, then call a payment API, then commit."},
		// "look at" the suspects is a diagnosis step.
		{"two-holders", "Then look at the client code (a blind DEL, SETNX then EXPIRE)."},
		// Single quotes quote as double quotes do.
		{"choose-ttl", "What I keep hearing is 'just raise the TTL, a longer TTL makes it safe', and that is wrong: a GC pause has no upper bound."},
		{"redis-lock-and-failure", "Our lead's line was 'replication keeps the lock safe across failover'. That is not true: replication is asynchronous."},
	}
	for _, m := range mentions {
		t.Run("mention: "+m.text, func(t *testing.T) {
			if r := gradeReal(t, b, m.question, m.text); len(r.FlagIDs()) > 0 {
				t.Fatalf("flags %v, want none: the answer names the mistake to reject it", r.FlagIDs())
			}
		})
	}
	t.Run("keyword list earns nothing and says so", func(t *testing.T) {
		r := gradeReal(t, b, "fencing-token", "monotonically increasing token attach to every write resource keeps highest token rejects lower paused GC lease expires storage must cooperate atomically etcd revision zxid")
		if r.Passed || len(r.Hits()) > 0 {
			t.Fatalf("got passed=%v hits %v, want a fail with no point", r.Passed, r.Hits())
		}
		if !strings.Contains(strings.Join(r.Notes, " "), "as you would say it in the interview") {
			t.Fatalf("notes %q, want the advice to write it as said in the interview", r.Notes)
		}
	})
	t.Run("bullet list of bare nouns earns nothing", func(t *testing.T) {
		r := gradeReal(t, b, "fencing-token", "- fencing token\n- monotonic counter\n- storage rejects lower token\n- GC pause\n- etcd revision\n")
		if r.Passed || len(r.Hits()) > 0 || len(r.Notes) == 0 {
			t.Fatalf("got passed=%v hits %v notes %q, want no point and the note", r.Passed, r.Hits(), r.Notes)
		}
	})
	wordings := []struct{ question, text, point string }{
		{"fencing-token", "The datastore turns away anything stamped with an older generation number.", "resource-rejects"},
		{"fencing-token", "The client sent its token with every write it made.", "sent-with-write"},
		{"fencing-token", "Every grant gets the next epoch from the lock service.", "monotonic"},
		{"fencing-token", "It stops a zombie owner from writing after it woke up.", "paused-holder"},
		{"fencing-token", "A worker stalls in a GC pause, its lease runs out, and another worker takes the lock.", "paused-holder"},
		{"row-lock", "If the client's connection dies, the database rolls back and the lock is released.", "connection-death"},
		// Grader g5: the shared concepts (synonyms.yaml) in other words.
		{"extend-lease", "The thing being written to has to turn down a write stamped with an older ticket.", "not-safety"},
		{"redis-wait-safe", "Sentinel can fail over to a replica that didn't get the key.", "promoted-replica"},
		{"fencing-token", "A worker dozes off, its time is up, and another worker takes the lock.", "paused-holder"},
	}
	for _, w := range wordings {
		t.Run("wording: "+w.text, func(t *testing.T) {
			if r := gradeReal(t, b, w.question, w.text); !pointHit(t, r, w.point) {
				t.Fatalf("point %s missed; hits %v", w.point, r.Hits())
			}
		})
	}
	t.Run("concise senior answer passes and hears what a fuller one adds", func(t *testing.T) {
		r := gradeReal(t, b, "fencing-token", "A fencing token is a number the lock service increases with every grant. The holder sends it with each write, and the storage rejects any write whose token is lower than one it already accepted, so a holder that paused in GC past its lease cannot overwrite the new holder.")
		if !r.Passed {
			t.Fatalf("got passed=false score %.2f missed %v, want a pass", r.Score, r.Missed())
		}
		if !strings.Contains(strings.Join(r.Notes, " "), "A fuller answer would also cover") {
			t.Fatalf("notes %q, want what a fuller answer adds", r.Notes)
		}
	})
	t.Run("one of two core points missed, most of the breadth made, passes", func(t *testing.T) {
		// No word on why no TTL is safe (a core point), but the trade-off
		// and three of the four breadth points: the heart, in other words.
		r := gradeReal(t, b, "choose-ttl", "Too short and the lease lapses while a slow worker is still busy; too long and a crashed holder blocks everyone for that long. I'd measure the p99 of the job's duration and add a margin. I'd keep the critical section small so the TTL can stay short, and renew the lease with a heartbeat while the work runs.")
		if !r.Passed || r.Score > 0.7 {
			t.Fatalf("got passed=%v score %.2f missed %v, want a pass just above the mark", r.Passed, r.Score, r.Missed())
		}
		thin := gradeReal(t, b, "choose-ttl", "Too short and the lease lapses while a slow worker is still busy; too long and a crashed holder blocks everyone for that long. I'd measure the p99 of the job's duration and add a margin.")
		if thin.Passed {
			t.Fatalf("one core point and one breadth point passed (score %.2f); want a fail", thin.Score)
		}
	})
	t.Run("a core point missing fails however broad", func(t *testing.T) {
		r := gradeReal(t, b, "fencing-token", "The holder sends its token with every write to the storage. The resource has to cooperate, comparing atomically. The counter must survive failover, like an etcd revision. It protects against a paused holder.")
		if r.Passed {
			t.Fatalf("got a pass (score %.2f) without the storage rejecting lower tokens; want a fail", r.Score)
		}
	})
}

// TestLemmas: irregular forms match patterns written in the base form.
func TestLemmas(t *testing.T) {
	for _, tt := range []struct{ pattern, text string }{
		{"send", "It sent the token."},
		{"hold", "It held the lock."},
		{"lose", "It lost the lease."},
		{"write", "It wrote the value."},
		{"run", "The lease ran out."},
		{"keep", "The resource kept the highest token."},
		{"send*", "It sent the token."},
	} {
		p, err := quiz.ParsePattern(tt.pattern, nil, "")
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := p.Matches(tt.text); !ok {
			t.Errorf("%q does not match %q", tt.pattern, tt.text)
		}
	}
	p, _ := quiz.ParsePattern("send", nil, "")
	if ok, _ := p.Matches("It sang a song."); ok {
		t.Errorf("send matches an unrelated word")
	}
}

// TestOrderingMustPrecede: reading the resource before acquiring the lock
// is the race the exercise is about, so it fails whatever the pairwise
// credit, and the feedback names the race.
func TestOrderingMustPrecede(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("obj-order-fenced-critical-section")
	if !ok {
		t.Fatal("no obj-order-fenced-critical-section")
	}
	// Steps: s1 classify, s2 acquire (token), s3 register the token at the
	// resource, s4 read, s5 write with the token, s6 conditional release.
	r := b.Grade(q, quiz.Answer{Order: []string{"s1", "s4", "s2", "s3", "s5", "s6"}})
	if r.Passed || !brokenRule(r, "s2", "s4") {
		t.Fatalf("read before acquire: got passed=%v score %.2f broken %+v, want a fail naming s2 before s4", r.Passed, r.Score, r.Broken)
	}
	if !strings.Contains(strings.Join(r.Notes, " "), "stale data") {
		t.Fatalf("notes %q, want the race named", r.Notes)
	}
	r = b.Grade(q, quiz.Answer{Order: []string{"s1", "s2", "s4", "s3", "s5", "s6"}})
	if r.Passed || !brokenRule(r, "s3", "s4") {
		t.Fatalf("read before registering the token: got passed=%v broken %+v, want a fail naming s3 before s4", r.Passed, r.Broken)
	}
	r = b.Grade(q, quiz.Answer{Order: []string{"s2", "s1", "s3", "s4", "s5", "s6"}})
	if !r.Passed || len(r.Broken) > 0 {
		t.Fatalf("classification after acquire: got passed=%v broken %+v, want a pass (no safety rule broken)", r.Passed, r.Broken)
	}
	r = b.Grade(q, quiz.Answer{Order: []string{"s1", "s2", "s3", "s4", "s6", "s5"}})
	if r.Passed || !brokenRule(r, "s5", "s6") {
		t.Fatalf("release before write: got passed=%v (score %.2f) broken %+v, want a fail naming s5 before s6", r.Passed, r.Score, r.Broken)
	}
}

func brokenRule(r quiz.Result, first, then string) bool {
	for _, b := range r.Broken {
		if b.First == first && b.Then == then {
			return true
		}
	}
	return false
}

// TestMustPrecedeValidated: a rule naming an unknown or earlier step is an
// error naming the field.
func TestMustPrecedeValidated(t *testing.T) {
	mk := func(p quiz.Precede) *quiz.Question {
		return &quiz.Question{ID: "o", Kind: quiz.KindOrdering, Topic: "fencing", Title: "t", Guide: "g",
			Prompt: quiz.Text{Markdown: "p"}, Explanation: quiz.Text{Markdown: "e"},
			Steps: []quiz.Step{{ID: "a", Text: "A"}, {ID: "b", Text: "B", MustPrecede: []quiz.Precede{p}}, {ID: "c", Text: "C"}}}
	}
	for _, tt := range []struct {
		p    quiz.Precede
		want string
	}{
		{quiz.Precede{Step: "x", Race: "r"}, "steps[1].must_precede[0].step"},
		{quiz.Precede{Step: "a", Race: "r"}, "steps[1].must_precede[0].step"},
		{quiz.Precede{Step: "c"}, "steps[1].must_precede[0].race"},
	} {
		err := quiz.Compile(mk(tt.p), nil, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want an error naming %s", tt.p, err, tt.want)
		}
	}
	if err := quiz.Compile(mk(quiz.Precede{Step: "c", Race: "r"}), nil, nil); err != nil {
		t.Errorf("valid rule: %v", err)
	}
}

// TestFollowUpRecoversTheMainAnswer: a follow-up answer that makes a core
// point the main answer missed recovers it on the main question, and one
// that takes back a flagged claim retracts the flag.
func TestFollowUpRecoversTheMainAnswer(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	turn := func(text, followUp string) quiz.Turn {
		var r quiz.Result
		if followUp == "" {
			r = b.Grade(q, quiz.Answer{Text: text})
		} else {
			r = quiz.Result{Kind: quiz.KindFreeText, Score: 0.8, Passed: true}
		}
		return quiz.Turn{Question: q.ID, FollowUp: followUp, Shown: at, Answered: at.Add(time.Minute), Text: text, Result: &r}
	}
	main := turn("A fencing token is a number that only goes up with each grant. The holder sends it with each write. It protects against a holder paused in GC past its lease.", "")
	if main.Result.Passed {
		t.Fatal("the main answer was meant to miss a core point")
	}
	alone := quiz.Score(b, nil, []quiz.Turn{main}, 5*time.Minute)
	with := quiz.Score(b, nil, []quiz.Turn{main, turn("The storage keeps the highest token it has accepted and rejects any write with a lower one.", "who-checks")}, 5*time.Minute)
	m := with.Questions[0].Main
	if !m.Passed || m.Score <= alone.Questions[0].Main.Score {
		t.Fatalf("main after the follow-up: passed=%v score %.2f (alone %.2f); want the core point recovered", m.Passed, m.Score, alone.Questions[0].Main.Score)
	}
	if !strings.Contains(strings.Join(m.Result.Notes, " "), "Recovered in the follow-up") {
		t.Fatalf("notes %q, want the recovery noted", m.Result.Notes)
	}
	if main.Result.Passed {
		t.Fatal("Score changed the stored main result")
	}

	flagged := turn("A fencing token is a number that only goes up with each grant; the holder sends it with each write and the storage rejects lower ones, so a paused holder cannot write. Honestly with Redlock you do not need fencing tokens at all.", "")
	if len(flagged.Result.FlagIDs()) == 0 {
		t.Fatal("the main answer was meant to raise a flag")
	}
	retract := turn("I take that back: a fencing token is a number the lock service increases with every grant, the holder sends it with each write, and the storage rejects any write whose token is lower than one it has seen, which stops a holder that paused in GC past its lease. Every lock needs that, Redlock included.", "redlock-pause")
	sc := quiz.Score(b, nil, []quiz.Turn{flagged, retract}, 5*time.Minute)
	if sc.Fatal || len(sc.Questions[0].Main.Result.FlagIDs()) != 0 {
		t.Fatalf("flags after the retraction: %v (fatal %v), want none", sc.Questions[0].Main.Result.FlagIDs(), sc.Fatal)
	}
}

// TestDangerousOptionFailsTheChoice: ticking every right box and one
// losing claim is not a pass, and the feedback says why.
func TestDangerousOptionFailsTheChoice(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("obj-mc-fencing-parts")
	if !ok {
		t.Fatal("no obj-mc-fencing-parts")
	}
	r := b.Grade(q, quiz.Answer{Choices: []string{"c", "e", "f", "b"}})
	if r.Passed || len(r.Notes) == 0 {
		t.Fatalf("right picks plus a random UUID as the token: passed=%v score %.2f notes %q; want a fail that says why", r.Passed, r.Score, r.Notes)
	}
	if r = b.Grade(q, quiz.Answer{Choices: []string{"c", "e", "f"}}); !r.Passed {
		t.Fatalf("the key alone: passed=false score %.2f", r.Score)
	}
	bad := &quiz.Question{ID: "m", Kind: quiz.KindMultiple, Topic: "fencing", Title: "t", Guide: "g", Prompt: quiz.Text{Markdown: "p"}, Explanation: quiz.Text{Markdown: "e"},
		Options: []quiz.Option{{ID: "a", Text: "A", Why: "w", Correct: true, Dangerous: true}, {ID: "b", Text: "B", Why: "w"}}}
	if err := quiz.Compile(bad, nil, nil); err == nil || !strings.Contains(err.Error(), "options[0].dangerous") {
		t.Fatalf("a dangerous right option: got %v, want an error naming options[0].dangerous", err)
	}
}

// TestQAReportExamples replays the QA tester's sentences (qa-report D10,
// D11, D16, D23, D24) verbatim: each must now get what a fair interviewer
// gives.
func TestQAReportExamples(t *testing.T) {
	b := loadBank(t)
	// D10: stopping the work because the session may be alive is the right
	// reaction, not the TTL sold as safety.
	t.Run("D10 session-suspended: the complete answer passes without a flag", func(t *testing.T) {
		r := gradeReal(t, b, "session-suspended", "SUSPENDED means my connection to the ZooKeeper server dropped; the session might still be alive on the servers, but I can no longer be sure I hold the lock, so I stop the protected work immediately and stop writing. If RECONNECTED arrives in the same session I resume; if LOST arrives the session expired, the lock is gone and I acquire it again. The signal is late: the client only learns of the expiry after it reconnects, and by then the servers may have given the lock to someone else. A callback also cannot interrupt a thread that is paused in a GC or already halfway through a write. So the storage still checks a fencing token, the lock node's czxid, and rejects writes with an older one.")
		if !r.Passed || len(r.FlagIDs()) > 0 || len(r.Missed()) > 0 {
			t.Fatalf("got passed=%v score %.2f flags %v missed %v, want a pass with every point and no flag", r.Passed, r.Score, r.FlagIDs(), r.Missed())
		}
	})
	t.Run("D10 session-suspended: the CLI repro raises no flag", func(t *testing.T) {
		r := gradeReal(t, b, "session-suspended", "the session might still be alive on the servers, but I can no longer be sure I hold the lock, so I stop the protected work immediately")
		if len(r.FlagIDs()) > 0 || !pointHit(t, r, "stop-work") {
			t.Fatalf("flags %v hits %v, want no flag and the stop-work point", r.FlagIDs(), r.Hits())
		}
	})
	flagged := []struct{ question, text, flag string }{
		// D16: a TTL sized to outlast the pause is still the TTL as safety.
		{"etcd-revision-guard", "A longer TTL, longer than any GC pause, prevents two leaders.", "ttl-as-safety"},
		{"etcd-revision-guard", "Set a long lease TTL like 60 seconds so a GC pause does not lose it.", "ttl-as-safety"},
		// D11: the rejected per-customer lock, adopted.
		{"idempotency-keys", "Use a Redis lock per customer with SET NX and a TTL of 30 seconds so that two requests cannot run at the same time. That fixes the double charge.", "lock-instead-of-constraint"},
		{"holder-id-guard", "Nothing is really wrong, owner = me works as a fencing token because only the owner can write. I would lower the timeout to one minute ... and use Redlock for extra safety.", "redlock-correctness"},
		{"holder-id-guard", "Nothing is really wrong, owner = me works as a fencing token because only the owner can write. I would lower the timeout to one minute ... and use Redlock for extra safety.", "random-fencing-token"},
		// D23: the misconception the question targets.
		{"deadlock-ordering", "Just use a longer TTL so that the deadlock resolves itself when one lock expires, that is the safest way.", "ttl-as-safety"},
		{"redis-wait-safe", "WAIT 1 makes sure the replica has the key ... That makes the Redis lock safe, no fencing is needed.", "replication-keeps-lock"},
		{"redis-wait-safe", "WAIT 1 makes sure the replica has the key ... That makes the Redis lock safe, no fencing is needed.", "fencing-unneeded"},
	}
	for _, f := range flagged {
		t.Run(f.flag+": "+f.text, func(t *testing.T) {
			if r := gradeReal(t, b, f.question, f.text); !hasFlag(r, f.flag) {
				t.Fatalf("%s: flags %v, want %s", f.question, r.FlagIDs(), f.flag)
			}
		})
	}
	notEarned := []struct{ question, text, point string }{
		// D11: a bare "TTL" or "hash" is not the reused-key point.
		{"idempotency-keys", "Use a Redis lock per customer with SET NX and a TTL of 30 seconds so that two requests cannot run at the same time. That fixes the double charge.", "body-mismatch"},
		{"idempotency-keys", "hash the customer id to pick the lock", "body-mismatch"},
		// D23: stating the trap is not warning about it; the sequence
		// number is the token the guide says not to use.
		{"deadlock-ordering", "Just use a longer TTL so that the deadlock resolves itself when one lock expires, that is the safest way.", "lease-expiry-trap"},
		{"zookeeper-lock-recipe", "Every waiter watches the lock node of the current holder, and when it is deleted they all try again ... Use the sequence number as the fencing token.", "still-lease"},
		{"zookeeper-lock-recipe", "Every waiter watches the lock node of the current holder, and when it is deleted they all try again ... Use the sequence number as the fencing token.", "lowest-holds"},
	}
	for _, n := range notEarned {
		t.Run("no "+n.point+": "+n.text, func(t *testing.T) {
			if r := gradeReal(t, b, n.question, n.text); pointHit(t, r, n.point) {
				t.Fatalf("%s: point %s credited; hits %v", n.question, n.point, r.Hits())
			}
		})
	}
	earned := []struct{ question, text, point string }{
		// D11: the model answer's own identifier is an epoch.
		{"holder-id-guard", "I propose a claim_epoch column that the claim increments and returns, and guard every write with WHERE id = $1 AND claim_epoch = $2.", "epoch-column"},
		// The redlock-operations-q model answer's sentence, and the form
		// that already worked.
		{"redlock-operations-q", "A client that does not reach a majority in time releases on every node, including the ones that timed out.", "unlock-all"},
		{"redlock-operations-q", "If the acquisition fails, unlock all nodes, including those that did not answer.", "unlock-all"},
		{"idempotency-keys", "If the same key arrives with a different body, reject it; keep a hash of the request body next to the key.", "body-mismatch"},
	}
	for _, e := range earned {
		t.Run(e.point+": "+e.text, func(t *testing.T) {
			if r := gradeReal(t, b, e.question, e.text); !pointHit(t, r, e.point) {
				t.Fatalf("%s: point %s missed; hits %v", e.question, e.point, r.Hits())
			}
		})
	}
	// D24: an unpunctuated run of the right terms, with an incidental verb,
	// is a list.
	for _, s := range [][2]string{
		{"idempotency-keys", "idempotency key retry unique constraint same transaction stores response external provider pass key hash expire"},
		{"session-suspended", "session suspended stop work not sure hold reconnect resume lost re-acquire connection dropped session still alive late signal only after reconnect callback paused gc fencing czxid"},
		// Our variants: the same run with a few incidental glue words.
		{"idempotency-keys", "idempotency key on retry unique constraint in the same transaction stores the response external provider pass the key hash of body expire old keys"},
		{"idempotency-keys", "client sends idempotency key the table has unique constraint same transaction stores response returns stored response external provider gets key hash body expire keys"},
	} {
		t.Run("salad: "+s[0], func(t *testing.T) {
			r := gradeReal(t, b, s[0], s[1])
			if r.Passed || len(r.Hits()) > 0 {
				t.Fatalf("got passed=%v score %.2f hits %v, want a fail with no point", r.Passed, r.Score, r.Hits())
			}
		})
	}
}
