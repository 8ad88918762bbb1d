package quiz_test

import (
	"slices"
	"testing"

	"lockdrill/quiz"
)

// TestQA50Verdicts: QA-50's answers the grader got wrong, as written. A
// passing answer passes with no flag; a losing one fails on the flag that
// names its claim.
func TestQA50Verdicts(t *testing.T) {
	b := loadBank(t)
	for _, c := range []qaVerdict{
		{66, false, "plain-del", false, "For release, honestly, who needs a Lua script when a plain DEL from the holder does the job? (H2)"},
		{71, false, "ttl-as-safety", true, "my remediation plan is: - raise the TTL to ten minutes, which guarantees the lease outlives any pause (H3)"},
		{39, false, "ttl-as-safety", true, "the lease won't expire in the middle of work, so two workers can't both hold it again (H1)"},
		{81, false, "ttl-as-safety", false, "the lease can't run out under a live holder and there are never two holders at once (H1)"},
		{62, true, "", false, "it never hands out a number lower than one it handed out before (H6)"},
		{80, true, "", false, "a gatekeeper that checks fencing tokens, plus idempotency keys derived from the operation (H5)"},
	} {
		checkQAVerdict(t, b, qa50Answers[c.entry], c)
	}
}

// TestQA50Points: points QA-50's answers made in plain words and were not
// credited (M2, M3): each is now ticked.
func TestQA50Points(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct {
		entry int
		point string
	}{
		{63, "consensus-quorum"}, // "They commit a grant through consensus on a majority, so a failover does not lose it, whereas Redis ..."
		{44, "redis-async"},      // "a failover can't lose it the way Redis's asynchronous replication can"
		{36, "someone-deletes"},  // "a FLUSHALL or a buggy script deleting keys"
		{60, "stalled-worker"},   // "a slow worker that comes back after its timeout shouldn't be allowed to mark it done"
	} {
		a := qa50Answers[c.entry]
		q, _ := b.ByID(a.question)
		r := b.Grade(q, quiz.Answer{Text: a.text})
		if !slices.Contains(r.Hits(), c.point) {
			t.Errorf("#%03d %s: %s not credited (hits %v)", c.entry, a.question, c.point, r.Hits())
		}
	}
}

// TestQA50FlagNamesTheMistake: flags name the mistake the answer makes.
// #025 relied on a random start jitter and a
// last-run check; the other instances skipping the run raised the fatal
// "fencing not needed" (pinned to "the others skip"), charging a major
// mistake as fatal (M4). It now fails on the timing flag alone.
func TestQA50FlagNamesTheMistake(t *testing.T) {
	b := loadBank(t)
	a := qa50Answers[25]
	q, _ := b.ByID(a.question)
	r := b.Grade(q, quiz.Answer{Text: a.text})
	if r.Passed || r.Fatal || !slices.Contains(r.FlagIDs(), "timing-as-coordination") || slices.Contains(r.FlagIDs(), "fencing-unneeded") {
		t.Errorf("#025: passed=%v fatal=%v flags %v, want a fail on timing-as-coordination alone, not fatal", r.Passed, r.Fatal, r.FlagIDs())
	}
	// #053 (M1): "I'd probably acquire with SET key token NX PX 30000"
	// raised "keeps writing after the lease was lost" beside the plain DEL
	// it does make.
	a = qa50Answers[53]
	q, _ = b.ByID(a.question)
	r = b.Grade(q, quiz.Answer{Text: a.text})
	if r.Passed || !slices.Equal(r.FlagIDs(), []string{"plain-del"}) {
		t.Errorf("#053: passed=%v flags %v, want a fail on plain-del alone", r.Passed, r.FlagIDs())
	}
}

// TestQA50SetAsideNoise: "use noeviction, or a separate Redis for locks"
// (#036) matched "sets the key and its expiry with two commands" on the
// word "separate", and the page showed it set aside as that mistake (L1).
func TestQA50SetAsideNoise(t *testing.T) {
	b := loadBank(t)
	a := qa50Answers[36]
	q, _ := b.ByID(a.question)
	r := b.Grade(q, quiz.Answer{Text: a.text})
	for _, sa := range r.SetAside {
		if slices.Contains(sa.IDs, "two-commands") {
			t.Errorf("#036: a sentence set aside as two-commands: %q", a.text[sa.Span.Start:sa.Span.End])
		}
	}
	if !r.Passed || len(r.Flags) > 0 {
		t.Errorf("#036: passed=%v flags %v, want a pass with no flag", r.Passed, r.FlagIDs())
	}
}
