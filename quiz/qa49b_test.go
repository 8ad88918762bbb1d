package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// TestQA49bVerdicts: QA-49b's answers the grader got wrong, as written: a
// passing answer passes with no flag; a losing one fails on the flag that
// names its claim, fatal where the flag is fatal and the speaker endorsed
// a claim they reported.
func TestQA49bVerdicts(t *testing.T) {
	b := loadBank(t)
	for _, c := range []qaVerdict{
		{53, false, "single-replica-guarantee", false, "a Deployment with replicas: 1, which guarantees only one copy ever runs (H1)"},
		{89, false, "single-replica-guarantee", false, "replicas set to 1; Kubernetes then makes sure exactly one pod is running (H1)"},
		{90, false, "timing-as-coordination", false, "a random start delay ...; with that spread they never collide (H1)"},
		{92, false, "volatile-token-counter", false, "INCR fence:orders on the same Redis primary ... as its token (H1)"},
		{93, false, "isolation-prevents-race", false, "the default isolation level and MVCC make that read and write safe (H1)"},
		{103, false, "fencing-unneeded", true, "a colleague once told me ... you don't need fencing tokens ..., and he's right about that (H2)"},
		{76, false, "redlock-correctness", true, "a colleague said Redlock ... is just as safe as ZooKeeper ..., and I agree with him (H2: it was demoted to major)"},
		{106, true, "", false, "a compare-and-delete release, ... so a late writer gets rejected (H3)"},
		{80, false, "ttl-as-safety", false, "with that much slack, a second worker simply cannot get in (M1)"},
	} {
		checkQAVerdict(t, b, qa49bAnswers[c.entry], c)
	}
}

// TestQA49bRejectionsStayClean: the same claims rejected in nearby words
// raise nothing.
func TestQA49bRejectionsStayClean(t *testing.T) {
	b := loadBank(t)
	for _, c := range []struct{ question, text string }{
		{"run-job-once", "A Deployment with replicas: 1 does not guarantee only one pod runs: during a rolling update two pods run at once, so claim the period with a unique row."},
		{"fencing-token", "Do not take the token from INCR on the same Redis node that holds the lock: a failover can make it go backwards. Use the etcd revision."},
		{"avoid-the-lock", "The default isolation level and MVCC do not make a SELECT then UPDATE safe against a concurrent buyer; use a conditional UPDATE."},
		{"session-suspended", "On SUSPENDED I stop writing. A colleague once told me that with ZooKeeper you don't need fencing tokens, and he's wrong about that: a paused client outlives its session, so the resource checks the czxid."},
	} {
		q, _ := b.ByID(c.question)
		if r := b.Grade(q, quiz.Answer{Text: c.text}); len(r.Flags) > 0 {
			t.Errorf("%s: %q raised %v, want none", c.question, c.text, r.FlagIDs())
		}
	}
}
