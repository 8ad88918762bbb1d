package quiz_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
)

// TestLosingClaimsCountAgainstTheirDimension: QA-51b M3. A round's
// "By dimension" table showed "Safety mechanisms 4 of 4 (100 %)" beside
// three safety claims that lose the round. A standing losing claim now
// counts against the dimension of the points it denies, the verdict says
// so, and a flag the learner dismissed no longer does.
func TestLosingClaimsCountAgainstTheirDimension(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("fencing-token")
	text := "Each grant carries a token that only goes up, and the client sends it with every write. The client checks its own token before writing, so the storage needs no changes. A paused holder whose lease expired is stopped that way."
	r := b.Grade(q, quiz.Answer{Text: text})
	if len(r.Flags) == 0 || !slices.Contains(r.FlagIDs(), "client-side-fencing") {
		t.Fatalf("flags %v, want client-side-fencing on the client's own check", r.FlagIDs())
	}
	turn := func(res *quiz.Result) []quiz.Turn {
		return []quiz.Turn{{Question: q.ID, Shown: t0, Answered: t0.Add(time.Minute), Text: text, Result: res}}
	}
	sc := quiz.Score(b, nil, turn(&r), 4*time.Minute)
	against := map[string]int{}
	for _, d := range sc.Dimensions {
		against[d.Dimension] = d.Losing
	}
	if against["safety-mechanisms"] == 0 {
		t.Errorf("dimensions %+v: want the client-side check counted against safety mechanisms", sc.Dimensions)
	}
	if !strings.Contains(strings.Join(sc.Reasons, " "), "Losing claims stand against the points of: Safety mechanisms") {
		t.Errorf("reasons %q: want the losing claim named against its dimension", sc.Reasons)
	}
	dismissed := r
	dismissed.Flags = slices.Clone(r.Flags)
	for i := range dismissed.Flags {
		dismissed.Flags[i].Dismissed = true
	}
	sc = quiz.Score(b, nil, turn(&dismissed), 4*time.Minute)
	for _, d := range sc.Dimensions {
		if d.Losing != 0 {
			t.Errorf("%s: %d losing claims after the learner dismissed the flag, want 0", d.Dimension, d.Losing)
		}
	}
	if sc.LosingUnplaced != 0 || strings.Contains(strings.Join(sc.Reasons, " "), "Losing claims stand") {
		t.Errorf("dismissed: unplaced %d, reasons %q, want no losing claim counted", sc.LosingUnplaced, sc.Reasons)
	}
}

// TestStudyListNamesTheLosingClaim: QA-52 M3. "What to study next" named
// only missed breadth points, never the claim that failed the question.
// A standing losing claim is now named first; dismissed, it is not.
func TestStudyListNamesTheLosingClaim(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("extend-lease")
	text := "Yes: renew with compare-and-extend on my token (Lua in Redis), every TTL/3, and check the result. If the renewal request times out and I don't know the result, I assume it succeeded and continue, because most likely it reached the server. Fencing at the storage as extra protection."
	r := b.Grade(q, quiz.Answer{Text: text})
	if !slices.Contains(r.FlagIDs(), "work-after-lost-lease") || r.Fatal {
		t.Fatalf("flags %v (fatal %v): the answer was meant to raise the major work-after-lost-lease", r.FlagIDs(), r.Fatal)
	}
	var label string
	for _, f := range r.Flags {
		if f.ID == "work-after-lost-lease" {
			label = f.Label
		}
	}
	turns := []quiz.Turn{{Question: q.ID, Shown: t0, Answered: t0.Add(time.Minute), Text: text, Result: &r}}
	sc := quiz.Score(b, nil, turns, 4*time.Minute)
	if len(sc.Study) == 0 || !strings.Contains(sc.Study[0].Reason, "Losing claim: "+label) {
		t.Errorf("study %+v: want the losing claim %q named", sc.Study, label)
	}
	dismissed := r
	dismissed.Flags = slices.Clone(r.Flags)
	for i := range dismissed.Flags {
		dismissed.Flags[i].Dismissed = true
	}
	turns[0].Result = &dismissed
	sc = quiz.Score(b, nil, turns, 4*time.Minute)
	for _, s := range sc.Study {
		if strings.Contains(s.Reason, "Losing claim") {
			t.Errorf("study %q names a claim the learner dismissed", s.Reason)
		}
	}
}

// TestLosingClaimOnSafetyFirst: QA-52b M3. "Keeps working through
// SUSPENDED" denies the safety point "stop the protected work at once" as
// much as a failure-mode point; it was counted against failure modes. A
// claim that denies points of both counts against safety mechanisms on a
// tie.
func TestLosingClaimOnSafetyFirst(t *testing.T) {
	b := loadBank(t)
	q, _ := b.ByID("session-suspended")
	text := "SUSPENDED only means the connection is flaky, so I keep working through it and stop only when the state goes to LOST. The resource checks a fencing token anyway."
	r := b.Grade(q, quiz.Answer{Text: text})
	if !slices.Contains(r.FlagIDs(), "work-through-suspended") {
		t.Fatalf("flags %v: the answer was meant to raise work-through-suspended", r.FlagIDs())
	}
	turns := []quiz.Turn{{Question: q.ID, Shown: t0, Answered: t0.Add(time.Minute), Text: text, Result: &r}}
	sc := quiz.Score(b, nil, turns, 4*time.Minute)
	for _, d := range sc.Dimensions {
		if d.Losing > 0 && d.Dimension != "safety-mechanisms" {
			t.Errorf("the claim counts against %s, want safety mechanisms", d.Dimension)
		}
	}
}
