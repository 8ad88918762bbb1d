package content_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestFollowUpAnswersQA46: two correct follow-up answers of QA-46's mock
// rounds. "The key then has no expiry, so the lock is held forever and
// nobody else can ever get it" (what a crash between SETNX and EXPIRE
// does) raised two fatal flags, as if the TTL kept holders apart, and
// decided the round's verdict (H2). A czxid passed as the fencing token,
// with the storage keeping the highest and rejecting lower ones, scored
// 50 % on the follow-up that asks what stops the late write (H7). Both
// pass now with no flag; the claim that the TTL keeps holders apart still
// raises its flag on that follow-up.
func TestFollowUpAnswersQA46(t *testing.T) {
	cat := mustCatalog(t)
	for _, c := range []struct{ followUp, answer string }{
		{"crash-between-commands", "The key then has no expiry, so the lock is held forever and nobody else can ever get it. I'd avoid it by setting the value and the expiry in one atomic command: SET lock:job <random token> NX PX 30000. And the release should compare the token and delete in one Lua script, not a plain DEL, so I never delete a lock someone else acquired after mine expired."},
		{"storage-protects-itself", "With fencing. The client passes the lock node's creation zxid (czxid) as a fencing token with each write, the storage remembers the highest token it has accepted, and it rejects any write carrying a lower one, so the paused holder's late write is refused."},
	} {
		f, ok := cat.FollowUps.ByID(c.followUp)
		if !ok {
			t.Fatalf("no follow-up %q", c.followUp)
		}
		if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: c.answer}); !r.Passed || len(r.Flags) > 0 {
			t.Errorf("%s: passed=%v score %.2f flags %v, want a pass with no flag", c.followUp, r.Passed, r.Score, r.FlagIDs())
		}
	}
	f, _ := cat.FollowUps.ByID("crash-between-commands")
	claim := "With the TTL set, nobody else can ever get the lock while I hold it, so there is nothing more to worry about."
	if r := cat.Questions.Grade(f.Probe, quiz.Answer{Text: claim}); !slices.Contains(r.FlagIDs(), "ttl-as-safety") {
		t.Errorf("the claim %q raised %v, want ttl-as-safety", claim, r.FlagIDs())
	}
}

// TestRecoveryStepSaysWhyTheScoreStands: a follow-up that makes points the
// main answer missed, while the main answer's red flags still stand, left
// the scorecard saying "this answer counts 0 % instead of the 0 % it was
// graded" (QA-46). It now says the red flags still cost what they did.
func TestRecoveryStepSaysWhyTheScoreStands(t *testing.T) {
	cat := mustCatalog(t)
	q, _ := cat.Questions.ByID("redis-lock-and-failure")
	f, _ := cat.FollowUps.ByID("crash-between-commands")
	main := "I'd do SETNX lock 1 and then EXPIRE lock 30 so it expires, and release with DEL lock when done."
	reply := "The key then has no expiry, so the lock is held forever and nobody else can ever get it. I'd avoid it by setting the value and the expiry in one atomic command: SET lock:job <random token> NX PX 30000. And the release should compare the token and delete in one Lua script, not a plain DEL, so I never delete a lock someone else acquired after mine expired."
	mr := cat.Questions.Grade(q, quiz.Answer{Text: main})
	if len(mr.Flags) == 0 || mr.Score > 0 {
		t.Fatalf("the main answer must score 0 with red flags: score %.2f flags %v", mr.Score, mr.FlagIDs())
	}
	fr := cat.Questions.Grade(f.Probe, quiz.Answer{Text: reply})
	start := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	turns := []quiz.Turn{
		{Question: q.ID, Shown: start, Answered: start.Add(time.Minute), Text: main, Result: &mr},
		{Question: q.ID, FollowUp: f.ID, Shown: start.Add(time.Minute), Answered: start.Add(2 * time.Minute), Text: reply, Result: &fr},
	}
	sc := quiz.Score(cat.Questions, cat.FollowUps, turns, 5*time.Minute)
	e := quiz.ExplainQuestion(&mr, sc.Questions[0], 5*time.Minute)
	var texts []string
	for _, s := range e.Steps {
		texts = append(texts, s.Text)
	}
	all := strings.Join(texts, " | ")
	if !strings.Contains(all, "The follow-up answers made what this answer missed") {
		t.Fatalf("no step says the follow-up made points: %q", all)
	}
	if strings.Contains(all, "counts 0 % instead of the 0 %") || !strings.Contains(all, "its red flags still cost what they did") {
		t.Errorf("the recovery step = %q, want it to say the red flags keep the score", all)
	}
}
