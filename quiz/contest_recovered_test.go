package quiz_test

import (
	"errors"
	"testing"

	"lockdrill/quiz"
)

// TestContestRecovered: the learner can contest that a round's follow-up
// made a point the main answer missed. The point is then left missed by
// Recover, the main answer's result says it is self-assessed (its own
// score is unchanged: the main answer missed the point anyway), and
// contesting it again gives the follow-up its credit back (QA-37 F1 #5).
func TestContestRecovered(t *testing.T) {
	q := roundQuestion("main", "leases", "alpha", "beta", "gamma", "delta")
	b := testBank(t, q)
	main := b.Grade(q, quiz.Answer{Text: "The alpha is what matters here, as I explained."})
	followUp := []quiz.FollowUpAnswer{{Text: "The beta is what the follow-up asks about, and I said it."}}
	hit := func(r quiz.Result, id string) bool {
		for _, p := range r.Points {
			if p.ID == id {
				return p.Hit
			}
		}
		t.Fatalf("no point %q", id)
		return false
	}
	if !hit(main, "alpha") || hit(main, "beta") {
		t.Fatalf("main answer: alpha %v, beta %v; the test needs alpha made and beta missed", hit(main, "alpha"), hit(main, "beta"))
	}
	if rec, changed := quiz.Recover(b, q, main, followUp); !changed || !hit(rec, "beta") {
		t.Fatal("the follow-up does not make beta; the test needs it to")
	}

	contested, what, err := quiz.ContestRecovered(q, main, "beta")
	if err != nil {
		t.Fatalf("contest beta: %v", err)
	}
	if what.Item != "beta" || what.Was != "hit" || what.Label == "" {
		t.Errorf("contested %+v, want beta's tick with its label", what)
	}
	if !contested.SelfAssessed || contested.Score != main.Score || hit(contested, "beta") {
		t.Errorf("after the contest: self-assessed %v, score %.2f (was %.2f), beta %v; want self-assessed, the same score, beta missed", contested.SelfAssessed, contested.Score, main.Score, hit(contested, "beta"))
	}
	if rec, changed := quiz.Recover(b, q, contested, followUp); changed || hit(rec, "beta") {
		t.Errorf("Recover credits beta from the follow-up after the learner contested it (changed %v)", changed)
	}
	// A later correction of another item keeps the result self-assessed.
	if re := quiz.Rescore(q, contested, map[string]bool{"alpha": true}); !re.SelfAssessed {
		t.Error("a rescore forgot that the follow-up's point was contested")
	}

	undone, _, err := quiz.ContestRecovered(q, contested, "beta")
	if err != nil {
		t.Fatalf("contest beta again: %v", err)
	}
	if undone.SelfAssessed {
		t.Error("contesting the point again left the result self-assessed")
	}
	if rec, changed := quiz.Recover(b, q, undone, followUp); !changed || !hit(rec, "beta") {
		t.Error("after the undo, Recover does not credit beta from the follow-up")
	}

	for _, item := range []string{"alpha", "nope"} {
		if _, _, err := quiz.ContestRecovered(q, main, item); !errors.Is(err, quiz.ErrNotContestable) {
			t.Errorf("contest %q: err %v, want ErrNotContestable (no follow-up makes a point the answer made, or none)", item, err)
		}
	}
}
