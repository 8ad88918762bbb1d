package quiz_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"lockdrill/quiz"
)

var planNow = time.Date(2026, 12, 1, 15, 0, 0, 0, time.UTC)

// reviewed returns a card reviewed Good once on day, due some days later.
func reviewed(day time.Time, r quiz.Rating) quiz.Card {
	return quiz.Schedule(quiz.NewCard(), r, day)
}

func planBank() []quiz.PlanQuestion {
	good := reviewed(planNow.AddDate(0, 0, -1), quiz.Good)   // due in a couple of days
	again := reviewed(planNow.AddDate(0, 0, -1), quiz.Again) // due today
	return []quiz.PlanQuestion{
		{ID: "a-fencing", MasteryInput: quiz.MasteryInput{Topic: "fencing", Answered: true, Score: 1, Card: good}},
		{ID: "b-fencing", MasteryInput: quiz.MasteryInput{Topic: "fencing", Answered: true, Score: 0.4, Card: again}},
		{ID: "c-ttl", MasteryInput: quiz.MasteryInput{Topic: "ttl", Answered: true, Score: 0.9, Card: quiz.Schedule(good, quiz.Easy, planNow)}},
		{ID: "d-leases", MasteryInput: quiz.MasteryInput{Topic: "leases", Card: quiz.NewCard()}},
		{ID: "e-leases", MasteryInput: quiz.MasteryInput{Topic: "leases", Card: quiz.NewCard()}},
	}
}

func TestPlanCountsDownToTheInterview(t *testing.T) {
	qs := planBank()
	tests := []struct {
		name      string
		interview time.Time
		daysLeft  int
		dueBefore []string
		target    int
		cram      bool
	}{
		{name: "tomorrow", interview: planNow.AddDate(0, 0, 1), daysLeft: 1, dueBefore: []string{"b-fencing"}, target: 3, cram: true},
		{name: "in a week", interview: planNow.AddDate(0, 0, 7), daysLeft: 7, dueBefore: []string{"b-fencing", "a-fencing"}, target: 1, cram: true},
		{name: "in a month", interview: planNow.AddDate(0, 1, 0), daysLeft: 31, dueBefore: []string{"b-fencing", "a-fencing", "c-ttl"}, target: 1, cram: false},
		{name: "today", interview: planNow, daysLeft: 0, dueBefore: nil, target: 2, cram: true},
		{name: "past", interview: planNow.AddDate(0, 0, -2), daysLeft: -2, dueBefore: nil, target: 0, cram: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := quiz.NewPlan(qs, tt.interview, planNow)
			if p.DaysLeft != tt.daysLeft {
				t.Errorf("DaysLeft = %d, want %d", p.DaysLeft, tt.daysLeft)
			}
			if diff := cmp.Diff(tt.dueBefore, p.DueBefore); diff != "" {
				t.Errorf("DueBefore (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff([]string{"d-leases", "e-leases"}, p.Unseen); diff != "" {
				t.Errorf("Unseen (-want +got):\n%s", diff)
			}
			if p.DailyTarget != tt.target {
				t.Errorf("DailyTarget = %d, want %d", p.DailyTarget, tt.target)
			}
			if p.CramOpen != tt.cram {
				t.Errorf("CramOpen = %v, want %v", p.CramOpen, tt.cram)
			}
		})
	}
}

func TestPlanWeakestTopicsDecayTowardTheDate(t *testing.T) {
	qs := planBank()
	p := quiz.NewPlan(qs, planNow.AddDate(0, 0, 3), planNow)
	if len(p.Weakest) != 3 || p.Weakest[0].Topic != "leases" {
		t.Fatalf("weakest = %+v, want leases (nothing answered) first of three", p.Weakest)
	}
	for i := 1; i < len(p.Weakest); i++ {
		if p.Weakest[i].Mastery < p.Weakest[i-1].Mastery {
			t.Fatalf("weakest not in ascending mastery: %+v", p.Weakest)
		}
	}
	near := quiz.NewPlan(qs, planNow.AddDate(0, 0, 1), planNow)
	far := quiz.NewPlan(qs, planNow.AddDate(0, 2, 0), planNow)
	fencing := func(p quiz.Plan) float64 {
		for _, m := range p.Weakest {
			if m.Topic == "fencing" {
				return m.Mastery
			}
		}
		t.Fatalf("fencing not among the weakest: %+v", p.Weakest)
		return 0
	}
	if !(fencing(far) < fencing(near)) {
		t.Fatalf("fencing mastery two months out %.3f is not below tomorrow's %.3f: recall should decay toward the date", fencing(far), fencing(near))
	}
}

func TestCramOrderLeavesCardsAndFollowsTodaysRecalls(t *testing.T) {
	qs := planBank()
	before := make([]quiz.Card, len(qs))
	for i, q := range qs {
		before[i] = q.Card
	}
	interview := planNow.AddDate(0, 0, 2)
	// c-ttl scored 0.9 against a-fencing's 1, and both are still well
	// recalled in two days, so c-ttl is the weaker.
	if diff := cmp.Diff([]string{"b-fencing", "c-ttl", "a-fencing"}, quiz.CramOrder(qs, interview, nil)); diff != "" {
		t.Errorf("fresh cram order (-want +got):\n%s", diff)
	}
	marks := []quiz.CramMark{{Question: "b-fencing", Rating: quiz.Again}, {Question: "a-fencing", Rating: quiz.Good}}
	if diff := cmp.Diff([]string{"c-ttl", "b-fencing"}, quiz.CramOrder(qs, interview, marks)); diff != "" {
		t.Errorf("order after Again and Good (-want +got):\n%s", diff)
	}
	marks = append(marks, quiz.CramMark{Question: "b-fencing", Rating: quiz.Easy}, quiz.CramMark{Question: "c-ttl", Rating: quiz.Good})
	if got := quiz.CramOrder(qs, interview, marks); len(got) != 0 {
		t.Errorf("everything recalled well, yet the queue is %v", got)
	}
	for i, q := range qs {
		if diff := cmp.Diff(before[i], q.Card); diff != "" {
			t.Errorf("card of %s changed by cram: %s", q.ID, diff)
		}
	}
}
