package quiz_test

import (
	"slices"
	"strings"
	"testing"

	"lockdrill/quiz"
)

// Grader g15: a question whose core points are its textbook half
// (deadlock-ordering: the cycle and the lock order) asks for a breadth
// point too (MinBreadth). A partial answer that states the core points and
// stops fails, just below the pass mark, with a note that says why; the
// same answer going on to any one more point passes.

// TestCorePointsAloneDoNotPassDeadlock: the partial answers of the blind
// corpus (quoted) and our own in that shape fail; each with one more
// point, of any of the four, passes.
func TestCorePointsAloneDoNotPassDeadlock(t *testing.T) {
	b := loadBank(t)
	q, ok := b.ByID("deadlock-ordering")
	if !ok {
		t.Fatal("no question deadlock-ordering")
	}
	for _, c := range []struct {
		name, text string
		pass       bool
	}{
		// AP, AQ and AK deadlock-ordering partial (labelled fail)
		{"AP partial", "The risk is a deadlock when two transfers go in opposite directions. You prevent it by always taking the locks in the same order, e.g. by sorted account id.", false},
		{"AQ partial", "Two opposite transfers can deadlock, so we should always take the locks in the order of account ID rather than source then destination.", false},
		{"AK partial", "If one transfer goes A→B and another B→A at the same time they can deadlock, so I'd always lock the lower account id first.", false},
		{"ours, partial", "Two transfers going opposite ways each hold one lock and wait for the other forever. Always lock the smaller account id first and the cycle cannot form.", false},
		{"plus the lease", "Two transfers going opposite ways each hold one lock and wait for the other forever. Always lock the smaller account id first and the cycle cannot form. With leases the wait ends when a lease expires mid-transfer, which is a safety bug rather than a recovery.", true},
		{"plus one transaction", "Two transfers going opposite ways each hold one lock and wait for the other forever. Always lock the smaller account id first and the cycle cannot form. If both accounts live in one database, I would do the whole transfer in a single transaction instead.", true},
		{"plus all-or-nothing", "Two transfers going opposite ways each hold one lock and wait for the other forever. Always lock the smaller account id first and the cycle cannot form. Another way is to try each lock with a timeout, release both on failure and retry after a random delay.", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := b.Grade(q, quiz.Answer{Text: c.text})
			if r.Passed != c.pass || len(r.FlagIDs()) > 0 {
				t.Fatalf("passed=%v score %.2f flags %v missed %v, want passed=%v and no flag", r.Passed, r.Score, r.FlagIDs(), r.Missed(), c.pass)
			}
			noted := slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "core points alone do not pass") })
			if noted == c.pass {
				t.Errorf("notes %q: the note on the core points alone is there = %v, want %v", r.Notes, noted, !c.pass)
			}
		})
	}
}

// TestCorePointsAloneStillPassElsewhere: a question without MinBreadth
// keeps passing an answer that makes its core points only (choose-ttl:
// the trade-off and that no TTL is safe).
func TestCorePointsAloneStillPassElsewhere(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("choose-ttl")
	r := b.Grade(q, quiz.Answer{Text: "Too short and the lease expires under a slow holder, too long and a crash blocks everyone for that long. No TTL value is safe, because pauses have no upper bound."})
	if !r.Passed {
		t.Fatalf("passed=%v score %.2f missed %v, want a pass", r.Passed, r.Score, r.Missed())
	}
}

// TestRescoreHoldsMinBreadth: a correction of the ticks is held to the
// question's MinBreadth as grading was: ticking a breadth point lifts the
// core-only answer over the pass mark and drops the note; taking the only
// breadth point back from a passing answer keeps it just below.
func TestRescoreHoldsMinBreadth(t *testing.T) {
	q := &quiz.Question{ID: "caps", Kind: quiz.KindFreeText, MinBreadth: 1, Points: capsQuestion.Points}
	coreOnly := capsResult([4]bool{true, true, false, false}, false)
	coreOnly.MinBreadth = 1
	coreOnly.Score = quiz.PassMark - 0.01
	coreOnly.Notes = []string{"On this question the core points alone do not pass: they are the textbook half of the answer, and a pass also needs the breadth points this question's pass rule asks for (the note on what a fuller answer would cover lists them)."}
	r := quiz.Rescore(q, coreOnly, map[string]bool{"b1": true})
	if !r.Passed || slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "core points alone") }) {
		t.Errorf("core-only answer with b1 ticked: passed=%v score %.2f notes %q, want a pass without the note", r.Passed, r.Score, r.Notes)
	}
	full := capsResult([4]bool{true, true, true, false}, false)
	full.MinBreadth = 1
	r = quiz.Rescore(q, full, map[string]bool{"b1": false})
	if r.Passed || r.Score != quiz.PassMark-0.01 {
		t.Errorf("b1 taken back: passed=%v score %.3f, want a fail at %.2f", r.Passed, r.Score, quiz.PassMark-0.01)
	}
	// Stored before MinBreadth was recorded: the core points pass as
	// they did then.
	old := capsResult([4]bool{true, true, true, false}, false)
	if r = quiz.Rescore(q, old, map[string]bool{"b1": false}); !r.Passed {
		t.Errorf("result without MinBreadth: passed=%v score %.3f, want a pass", r.Passed, r.Score)
	}
}

// TestMinBreadthIsChecked: MinBreadth needs core points, and fewer than
// the question's breadth points; objective questions have none.
func TestMinBreadthIsChecked(t *testing.T) {
	base := func() *quiz.Question {
		return &quiz.Question{ID: "q", Kind: quiz.KindFreeText, Topic: "fencing", Title: "T", Guide: "g",
			Prompt: quiz.Text{Markdown: "p"}, ModelAnswer: quiz.Text{Markdown: "m"}, Explanation: quiz.Text{Markdown: "e"}, Hints: []string{"h"},
			Points: []quiz.Point{
				{ID: "a", Label: "a", Dimension: "trade-offs", Match: []string{"a"}, Core: true},
				{ID: "b", Label: "b", Dimension: "trade-offs", Match: []string{"b"}, Core: true},
				{ID: "c", Label: "c", Dimension: "trade-offs", Match: []string{"c"}},
				{ID: "d", Label: "d", Dimension: "trade-offs", Match: []string{"d"}},
			}}
	}
	for _, c := range []struct {
		name   string
		mutate func(q *quiz.Question)
		want   string
	}{
		{"one of two", func(q *quiz.Question) { q.MinBreadth = 1 }, ""},
		{"all breadth points", func(q *quiz.Question) { q.MinBreadth = 2 }, "min_breadth"},
		{"negative", func(q *quiz.Question) { q.MinBreadth = -1 }, "min_breadth"},
		{"no core points", func(q *quiz.Question) {
			q.MinBreadth = 1
			for i := range q.Points {
				q.Points[i].Core = false
			}
		}, "min_breadth"},
	} {
		t.Run(c.name, func(t *testing.T) {
			q := base()
			c.mutate(q)
			_, err := quiz.NewBank([]*quiz.Question{q}, nil, nil)
			if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
}
