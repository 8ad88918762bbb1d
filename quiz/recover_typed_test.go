package quiz_test

import (
	"slices"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestTypedFollowUpRetractsOnlyWhatItCorrects: QA-51 M4. In a peer round
// the interviewer typed a question about where the token comes from; the
// candidate answered it well, and the scorecard said the main answer's
// fatal client-side check was "taken back in a follow-up", though the
// follow-up never spoke of it. A typed follow-up now takes a losing claim
// back only when its answer makes a point the claim denies that the main
// answer had not made; one that does still does.
func TestTypedFollowUpRetractsOnlyWhatItCorrects(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	main := func(text string) quiz.Turn {
		r := b.Grade(q, quiz.Answer{Text: text})
		if !slices.Contains(r.FlagIDs(), "client-side-fencing") {
			t.Fatalf("flags %v: the main answer was meant to raise client-side-fencing", r.FlagIDs())
		}
		return quiz.Turn{Question: q.ID, Shown: at, Answered: at.Add(time.Minute), Text: text, Result: &r}
	}
	typed := func(asked, text string) quiz.Turn {
		r := quiz.Result{Kind: quiz.KindFreeText}
		return quiz.Turn{Question: q.ID, FollowUp: quiz.CustomFollowUp, Asked: asked, Shown: at, Answered: at.Add(2 * time.Minute), Text: text, Result: &r}
	}
	standing := func(ts []quiz.Turn) bool {
		sc := quiz.Score(b, nil, ts, 5*time.Minute)
		for _, f := range sc.Questions[0].Main.Result.Flags {
			if f.ID == "client-side-fencing" && !f.Dismissed {
				return true
			}
		}
		return false
	}
	claim := main("It's a ticket number from the lock service: every grant gets a number one higher than the last. The holder attaches it to every write, and the storage remembers the highest ticket it has honoured and refuses anything lower. That's what protects you from the holder that froze in a GC pause past its lease. If the storage can't do a conditional write, the client can just ask the lock service for the current token right before writing and skip the write when it's no longer the newest, which is just as good.")
	source := typed("Where should that counter come from?", "It has to come from the lock service itself and be part of its replicated state, so it keeps growing across a failover: in etcd the revision of the lock key, in ZooKeeper the zxid or the sequence number of the lock node. A counter kept in memory, or INCR on a single Redis node, can go backwards after a restart or a failover, and then a new holder gets a token lower than one the storage has already seen and is wrongly rejected.")
	if !standing([]quiz.Turn{claim, source}) {
		t.Error("a typed question about the token source, answered well, took back the client-side check it never mentioned")
	}
	missed := main("Each grant carries a token that only goes up, and the client sends it with every write. A paused holder whose lease expired comes back with an old token. The client checks its own token before writing, so the storage needs no changes.")
	fix := typed("Is a check in the client enough?", "I was wrong about the client check. A GC-paused holder whose lease expired still thinks it holds the lock, so checking in the client proves nothing. Each grant's token only goes up; the holder sends it with every write, and the storage keeps the highest token it has seen and rejects any write with a lower one, atomically with the write.")
	if standing([]quiz.Turn{missed, fix}) {
		t.Error("a typed follow-up that says the storage must reject the lower token did not take the client-side check back")
	}
}
