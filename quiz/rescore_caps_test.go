package quiz_test

import (
	"testing"

	"lockdrill/quiz"
)

// capsQuestion has two core points and two breadth points.
var capsQuestion = &quiz.Question{ID: "caps", Kind: quiz.KindFreeText, Points: []quiz.Point{
	{ID: "core1", Label: "core one", Core: true}, {ID: "core2", Label: "core two", Core: true},
	{ID: "b1", Label: "breadth one"}, {ID: "b2", Label: "breadth two"},
}}

func capsResult(hits [4]bool, flag bool) quiz.Result {
	r := quiz.Result{Question: "caps", Kind: quiz.KindFreeText}
	for i, p := range capsQuestion.Points {
		r.Points = append(r.Points, quiz.PointResult{ID: p.ID, Label: p.Label, Weight: 1, Core: p.Core, Hit: hits[i]})
	}
	if flag {
		r.Flags = []quiz.FlagResult{{ID: "ttl-safety", Label: "TTL as safety", Severity: quiz.SeverityMajor}}
	}
	return r
}

// TestRescoreKeepsFormCaps: correcting ticks (a dispute, the practice
// self-assessment) recomputes the score under the same caps grading
// applied for the answer's form. A list of terms whose flag is contested,
// or whose points are ticked, still does not pass, whether the result
// records List or (stored before it did) only carries the list note; an
// answer not mostly prose that passes only by the lenience for a missed
// core point does not pass either. Prose passes as before.
func TestRescoreKeepsFormCaps(t *testing.T) {
	all := [4]bool{true, true, true, true}
	spare := [4]bool{true, false, true, true}
	listNote := "Most of this answer is a list of terms rather than sentences, and a list earns no points: write it as you would say it in the interview, what each mechanism does and why."
	for _, c := range []struct {
		name  string
		res   quiz.Result
		ticks map[string]bool
		pass  bool
	}{
		{"list, flag contested", func() quiz.Result { r := capsResult(all, true); r.List = true; return r }(), map[string]bool{"ttl-safety": false}, false},
		{"stored list (note only), flag contested", func() quiz.Result { r := capsResult(all, true); r.Notes = []string{listNote}; return r }(), map[string]bool{"ttl-safety": false}, false},
		{"list, points ticked", func() quiz.Result { r := capsResult([4]bool{}, false); r.List = true; return r }(), map[string]bool{"core1": true, "core2": true, "b1": true, "b2": true}, false},
		{"not prose, spare core only, flag contested", func() quiz.Result { r := capsResult(spare, true); r.NotProse = true; return r }(), map[string]bool{"ttl-safety": false}, false},
		{"prose, spare core only, flag contested", capsResult(spare, true), map[string]bool{"ttl-safety": false}, true},
		{"prose, flag contested", capsResult(all, true), map[string]bool{"ttl-safety": false}, true},
		{"not prose, all core, flag contested", func() quiz.Result { r := capsResult(all, true); r.NotProse = true; return r }(), map[string]bool{"ttl-safety": false}, true},
		{"outline, flag contested", func() quiz.Result { r := capsResult(all, true); r.Outline = true; return r }(), map[string]bool{"ttl-safety": false}, false},
		{"outline, points ticked", func() quiz.Result { r := capsResult([4]bool{}, false); r.Outline = true; return r }(), map[string]bool{"core1": true, "core2": true, "b1": true, "b2": true}, false},
	} {
		r := quiz.Rescore(capsQuestion, c.res, c.ticks)
		if r.Passed != c.pass || !c.pass && r.Score >= quiz.PassMark {
			t.Errorf("%s: score %.3f, passed %v; want passed %v", c.name, r.Score, r.Passed, c.pass)
		}
	}
	// Contest goes through Rescore: the same cap.
	r := capsResult(all, true)
	r.List = true
	out, _, err := quiz.Contest(capsQuestion, r, "ttl-safety")
	if err != nil || out.Passed {
		t.Errorf("contesting the flag of a list: passed %v, score %.3f, err %v", out.Passed, out.Score, err)
	}
}

// TestRecoverKeepsFormCaps: a round's follow-up that makes the points a
// main answer missed recomputes the main score under the same caps as a
// dispute (Rescore): a main answer that was a list of terms does not pass
// because the follow-up said in sentences what the list only named. The
// same follow-up still recovers the points on a main answer in prose.
func TestRecoverKeepsFormCaps(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("fencing-token")
	if !ok {
		t.Fatal("no fencing-token question")
	}
	list := b.Grade(q, quiz.Answer{Text: "fencing token monotonic counter, lock service, lease expiry, GC pause, stale writer, storage check, etcd revision, zxid"})
	if !list.List || list.Passed {
		t.Fatalf("the main answer must be graded as a list that fails: list %v, passed %v, score %.3f", list.List, list.Passed, list.Score)
	}
	followUp := "Every time the lock service grants the lock it hands out a number that only ever goes up. The client sends that number with each write, and the storage remembers the highest one it has accepted and refuses any write carrying a smaller one. So a client that was paused by garbage collection while its lease ran out comes back with an old number and its write is turned away."
	if fr := b.Grade(q, quiz.Answer{Text: followUp}); !fr.Passed {
		t.Fatalf("the follow-up must pass on its own to show the cap: score %.3f", fr.Score)
	}
	got, changed := quiz.Recover(b, q, list, []quiz.FollowUpAnswer{{Text: followUp}})
	if !changed {
		t.Fatal("the follow-up recovered nothing on the list; the test needs points recovered")
	}
	if got.Passed || got.Score >= quiz.PassMark {
		t.Errorf("a list of terms passed once a follow-up made its points: score %.3f, passed %v", got.Score, got.Passed)
	}
	prose := b.Grade(q, quiz.Answer{Text: "The lock hands out a token with each grant so that the holder can be told apart from earlier ones."})
	if prose.Passed || prose.List {
		t.Fatalf("the prose main answer must fail and not be a list: passed %v, list %v", prose.Passed, prose.List)
	}
	if rec, _ := quiz.Recover(b, q, prose, []quiz.FollowUpAnswer{{Text: followUp}}); !rec.Passed {
		t.Errorf("a prose main answer whose follow-up makes the missing points does not pass: score %.3f", rec.Score)
	}
}

// TestContestKeepsOutlineCap: an answer graded as an outline in one line
// stays below the pass mark when the learner contests what the grader
// missed, as it would without the cap being recorded.
func TestContestKeepsOutlineCap(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("fencing-token")
	if !ok {
		t.Fatal("no fencing-token question")
	}
	text := "Fencing tokens: the lock service hands out a monotonic number, then the storage checks it, then stale writes fail."
	r := b.Grade(q, quiz.Answer{Text: text})
	if !r.Outline || r.Passed {
		t.Fatalf("want an outline that fails: outline %v, passed %v, score %.3f", r.Outline, r.Passed, r.Score)
	}
	out := r
	for _, p := range r.Points {
		if p.Hit {
			continue
		}
		var err error
		if out, _, err = quiz.Contest(q, out, p.ID); err != nil {
			t.Fatalf("contest %s: %v", p.ID, err)
		}
	}
	if out.Passed || out.Score >= quiz.PassMark {
		t.Errorf("after contesting every missed point: passed %v, score %.3f; an outline cannot pass", out.Passed, out.Score)
	}
}
