package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestQA49Verdicts: QA-49's answers the grader got wrong, as written. A
// passing answer passes with no flag; a losing one fails on the flag that
// names its claim.
func TestQA49Verdicts(t *testing.T) {
	b := loadBank(t)
	for _, c := range []qaVerdict{
		{52, false, "redlock-correctness", false, `as antirez says, "Redlock is as safe as ZooKeeper for mutual exclusion", and I agree with him (H1)`},
		{80, false, "redlock-correctness", false, `as antirez put it, "with these rules Redlock is as safe as a consensus system", and I agree with him (H1)`},
		{22, true, "", false, "the provider's response stored after the call, beside a key inserted first (H2)"},
		{89, true, "", false, "once the provider responds, we save its response next to the key (H2)"},
		{55, false, "ttl-as-safety", false, "who needs fencing tokens when the TTL is ten times ...? With that margin two holders simply can't happen (H3)"},
		{14, true, "", false, "a timeout well inside the lease, 'also only probabilistic' (H5)"},
		{25, false, "retry-overwrites", false, "reload the latest version number and retry the save automatically (H4)"},
		{5, false, "ttl-as-safety", false, "since the TTL is generous, it guarantees that two workers never overlap (M7)"},
		{58, false, "volatile-token-counter", false, "INCR on the same Redis instance ... a cheap counter that always increases (M7)"},
		{37, false, "voters-scale-writes", false, "to handle more load, add more voting members to the cluster (L, beside another flag)"},
	} {
		checkQAVerdict(t, b, qa49Answers[c.entry], c)
	}
}

// qaVerdict is what a QA pass's answer, by its entry in the pass's log,
// must get: a pass with no flag, or a fail on flag (fatal when fatal).
type qaVerdict struct {
	entry int
	pass  bool
	flag  string
	fatal bool
	why   string
}

// checkQAVerdict grades a's text for its question and reports where the
// result is not c.
func checkQAVerdict(t *testing.T, b *quiz.Bank, a struct{ question, text string }, c qaVerdict) {
	t.Helper()
	q, _ := b.ByID(a.question)
	r := b.Grade(q, quiz.Answer{Text: a.text})
	switch {
	case c.pass && (!r.Passed || len(r.Flags) > 0):
		t.Errorf("#%03d %s (%s): passed=%v flags %v, want a pass with no flag", c.entry, a.question, c.why, r.Passed, r.FlagIDs())
	case !c.pass && (r.Passed || !slices.Contains(r.FlagIDs(), c.flag)):
		t.Errorf("#%03d %s (%s): passed=%v flags %v, want a fail on %s", c.entry, a.question, c.why, r.Passed, r.FlagIDs(), c.flag)
	case c.fatal && !r.Fatal:
		t.Errorf("#%03d %s (%s): flags %v not fatal, want %s fatal", c.entry, a.question, c.why, r.FlagIDs(), c.flag)
	}
}

// TestQA49NotFromTheOpposite: key points no longer ticked from the
// sentence that argues against them (QA-49 M6).
func TestQA49NotFromTheOpposite(t *testing.T) {
	b := loadBank(t)
	a := qa49Answers[11]
	q, _ := b.ByID(a.question)
	if r := b.Grade(q, quiz.Answer{Text: a.text}); pointHit(t, r, "stop-work") {
		t.Errorf("#011: stop-work ticked from an argument against stopping")
	}
	if r := b.Grade(q, quiz.Answer{Text: "On SUSPENDED I stop the protected work at once and wait for RECONNECTED."}); !pointHit(t, r, "stop-work") {
		t.Errorf("stopping on SUSPENDED is no longer read as stop-work")
	}
	// "The only thing I'd change is to shorten the reclaim interval ...,
	// then with the owner guard it's effectively a proper fence" (#021)
	// does not make "use a value that changes on every claim".
	a = qa49Answers[21]
	q, _ = b.ByID(a.question)
	if r := b.Grade(q, quiz.Answer{Text: a.text}); pointHit(t, r, "epoch-column") {
		t.Errorf("#021: epoch-column ticked from a shorter reclaim interval")
	}
	if r := b.Grade(q, quiz.Answer{Text: "Add a claim counter column that the claim increments, and guard every write with WHERE claim_no = $mine."}); !pointHit(t, r, "epoch-column") {
		t.Errorf("a counter the claim increments is no longer read as epoch-column")
	}
}

// TestQA49Endorsement: a claim reported and then agreed with is the
// speaker's ("..., and I agree with him"; "a colleague told me X, and
// she's right"), where the same report answered or doubted is not.
func TestQA49Endorsement(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		question, text, flag string
		raised               bool
	}{
		{"redis-vs-consensus", `Use etcd for correctness: its grants go through Raft and its revision is a fencing token. As antirez says, "Redlock is as safe as ZooKeeper for mutual exclusion", and I agree with him.`, "redlock-correctness", true},
		{"redis-vs-consensus", `Use etcd for correctness: its grants go through Raft and its revision is a fencing token. As antirez says, "Redlock is as safe as ZooKeeper for mutual exclusion", but I disagree: a paused client outlives its lease and Redlock has no token.`, "redlock-correctness", false},
		{"redis-lock-and-failure", "Acquire with SET key token NX PX 30000. A colleague told me you can release with a plain DEL, and she's right, so I release with DEL.", "plain-del", true},
		{"redis-lock-and-failure", "Acquire with SET key token NX PX 30000. A colleague told me you can release with a plain DEL, but I release with a Lua script that deletes only if the value is my token.", "plain-del", false},
	} {
		q, _ := b.ByID(c.question)
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), c.flag); got != c.raised {
			t.Errorf("%q: %s raised = %v, want %v (flags %v)", c.text, c.flag, got, c.raised, r.FlagIDs())
		}
	}
}

// TestQA49RhetoricalWho: "who needs X when Y?" asks in order to say no one
// does, as "why would you need X when Y?" does; answered in the next
// sentence, it asks.
func TestQA49RhetoricalWho(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	for _, c := range []struct {
		text   string
		raised bool
	}{
		{"Measure the p99.9 of the job and add margin. And honestly, who needs fencing tokens when the TTL is ten times the worst runtime?", true},
		{"Measure the p99.9 of the job and add margin. Who needs fencing tokens when the TTL is ten times the worst runtime? Because a pause can outlast any TTL, everyone does: the resource must check the token.", false},
	} {
		r := b.Grade(q, quiz.Answer{Text: c.text})
		if got := slices.Contains(r.FlagIDs(), "fencing-unneeded"); got != c.raised {
			t.Errorf("%q: fencing-unneeded raised = %v, want %v (flags %v)", c.text, got, c.raised, r.FlagIDs())
		}
	}
}

// TestQA49TagQuestion: a statement with a tag ("..., so fencing isn't
// really needed anymore, is it?") claims the statement (QA-49 #070: it
// was read as a question, and a second reader's flag fell on the correct
// sentence before it); a real question, answered, claims nothing.
func TestQA49TagQuestion(t *testing.T) {
	b := loadBank(t)
	a := qa49Answers[70]
	q, _ := b.ByID(a.question)
	if r := b.Grade(q, quiz.Answer{Text: a.text}); !slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Errorf("#070: flags %v, want fencing-unneeded", r.FlagIDs())
	}
	text := "Renew with a Lua compare-and-extend at a third of the TTL. Is fencing still needed with the heartbeat running? Yes: a pause freezes the heartbeat too."
	if r := b.Grade(q, quiz.Answer{Text: text}); len(r.Flags) > 0 {
		t.Errorf("%q: flags %v, want none", text, r.FlagIDs())
	}
}

// TestQA49PassiveGet: "when did the first lease expire or get deleted"
// (QA-49 #046) is a passive, not a GET before a DEL: the strong debugging
// answer passes with no sentence set aside for get-then-del.
func TestQA49PassiveGet(t *testing.T) {
	b := loadBank(t)
	a := qa49Answers[46]
	q, _ := b.ByID(a.question)
	r := b.Grade(q, quiz.Answer{Text: a.text})
	if !r.Passed || len(r.Flags) > 0 || len(r.SetAside) > 0 {
		t.Errorf("#046: passed=%v flags %v, %d sentences set aside; want a clean pass", r.Passed, r.FlagIDs(), len(r.SetAside))
	}
}
