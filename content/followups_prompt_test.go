package content_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestFollowUpPromptIsNotRecovered: a main answer's missed point that a
// follow-up's own question states is not credited when the candidate
// repeats it (QA-45 M1: a prompt that handed over the idempotency key
// lifted the main answer from 28 % to 70 %). wait-split-brain's prompt
// describes the partition that runs two primaries; an answer that retells
// it makes redis-wait-safe's split-brain point, which stays missed on the
// scorecard with a note saying why. The same answer to a question that
// did not state it (the asked question unknown) still recovers it.
func TestFollowUpPromptIsNotRecovered(t *testing.T) {
	cat := mustCatalog(t)
	q, _ := cat.Questions.ByID("redis-wait-safe")
	f, ok := cat.FollowUps.ByID("wait-split-brain")
	if !ok {
		t.Fatal("no follow-up wait-split-brain")
	}
	main := "Not really. WAIT only tells you how many replicas acknowledged the write; it is not consensus, and a failover can still promote a replica that never saw the key, so the lock can be granted twice. You still need a fencing token checked by the storage."
	reply := "The old primary is partitioned together with some of the clients while the Sentinels on the other side promote a replica, so for a while two primaries each grant the same lock. When the partition heals, the old primary is turned into a replica and throws away what it granted; min-replicas-to-write limits how long it accepts writes."
	mr := cat.Questions.Grade(q, quiz.Answer{Text: main})
	if pointMade(t, mr, "split-brain") {
		t.Fatal("the main answer makes split-brain; the test needs it missed")
	}
	if !pointMade(t, cat.Questions.Grade(q, quiz.Answer{Text: f.Probe.Prompt.Markdown}), "split-brain") {
		t.Fatal("the follow-up's prompt does not make split-brain; the test needs a prompt that does")
	}
	if rec, _ := quiz.Recover(cat.Questions, q, mr, []quiz.FollowUpAnswer{{Text: reply}}); !pointMade(t, rec, "split-brain") {
		t.Fatal("the reply does not make split-brain even without its question; the test needs it to")
	}

	start := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	fr := cat.Questions.Grade(f.Probe, quiz.Answer{Text: reply})
	turns := []quiz.Turn{
		{Question: q.ID, Shown: start, Answered: start.Add(time.Minute), Text: main, Result: &mr},
		{Question: q.ID, FollowUp: f.ID, Shown: start.Add(time.Minute), Answered: start.Add(2 * time.Minute), Text: reply, Result: &fr},
	}
	sc := quiz.Score(cat.Questions, cat.FollowUps, turns, 5*time.Minute)
	got := *sc.Questions[0].Main.Result
	if pointMade(t, got, "split-brain") {
		t.Error("the scorecard credits split-brain, which the follow-up's question stated, as recovered")
	}
	if !slices.ContainsFunc(got.Notes, func(n string) bool {
		return strings.HasPrefix(n, "Not recovered in the follow-up, because its question already said it:")
	}) {
		t.Errorf("no note says why split-brain was not recovered: %q", got.Notes)
	}
}
