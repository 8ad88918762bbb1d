package quiz_test

import (
	"strings"
	"testing"

	"lockdrill/quiz"
)

// roundQuestion builds a valid free-text question whose four points are made by
// saying the given words in a sentence.
func roundQuestion(id, topic string, points ...string) *quiz.Question {
	q := &quiz.Question{
		ID: id, Kind: quiz.KindFreeText, Topic: topic, Title: "Title of " + id, Guide: "lease-not-mutex",
		Prompt:      quiz.Text{Markdown: "Prompt", HTML: "<p>Prompt</p>"},
		ModelAnswer: quiz.Text{Markdown: "Model", HTML: "<p>Model</p>"},
		Explanation: quiz.Text{Markdown: "Why", HTML: "<p>Why</p>"},
		Hints:       []string{"hint"},
	}
	dims := quiz.Dimensions()
	for i, p := range points {
		q.Points = append(q.Points, quiz.Point{ID: p, Label: "Label " + p, Dimension: dims[i%len(dims)], Match: []string{p}})
	}
	return q
}

func testBank(t *testing.T, qs ...*quiz.Question) *quiz.Bank {
	t.Helper()
	flags := []quiz.RedFlag{
		{ID: "plain-del", Label: "Release by a plain DEL", Severity: quiz.SeverityMajor, Why: "w", Match: []string{"plain & del"}},
		{ID: "redlock-correctness", Label: "Redlock claimed correct", Severity: quiz.SeverityFatal, Why: "w", Match: []string{"redlock & safe"}},
	}
	b, err := quiz.NewBank(qs, flags, nil)
	if err != nil {
		t.Fatalf("new bank: %v", err)
	}
	return b
}

func probe(id string) *quiz.Question {
	q := roundQuestion(id, "leases", "alpha", "beta", "gamma", "delta")
	return q
}

func TestFollowUpSelect(t *testing.T) {
	main := roundQuestion("main", "leases", "setnx", "pause", "fencing", "replica")
	other := roundQuestion("other", "fencing", "token", "storage", "fencing", "order")
	b := testBank(t, main, other)
	set, err := quiz.NewFollowUps([]*quiz.FollowUp{
		{ID: "on-flag", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del", "redlock-correctness"}}}, Probe: probe("on-flag")},
		{ID: "pause", Question: "main", When: []quiz.Trigger{{Hit: []string{"setnx"}, Missed: []string{"pause"}}}, Probe: probe("pause")},
		{ID: "fencing-any", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Missed: []string{"fencing"}}}, Probe: probe("fencing-any")},
		{ID: "unsaid-replica", Question: "main", When: []quiz.Trigger{{Said: []string{"redis"}, Unsaid: []string{"?replica|failover"}}}, Probe: probe("unsaid-replica")},
	}, b, nil)
	if err != nil {
		t.Fatalf("new follow-ups: %v", err)
	}
	tests := []struct {
		name, question, answer string
		want                   []string
	}{
		{"everything said asks nothing", "main", "We would use setnx for the lock here. A pause is the real danger for it. A fencing check is what helps with it. The replica can lose it on failover.", nil},
		{"hit setnx, missed pause: the pause probe first", "main", "We would use setnx on redis for the lock here. A fencing check is what helps with it, and the replica matters too.", []string{"pause"}},
		{"missed pause without setnx: no pause probe", "main", "A fencing check is what helps with it here. The replica can lose it on redis.", nil},
		{"a red flag comes first by priority, cap of two", "main", "We would use setnx on redis here, and we release it with a plain del at the end of the job.", []string{"on-flag", "pause"}},
		{"an any follow-up only fires on questions with the point", "other", "The token goes with the storage write, in order, to the resource.", []string{"fencing-any"}},
		{"unsaid fires when the word is absent", "main", "We would use setnx on redis for the lock here. A pause is the real danger for it. A fencing check is what helps with it.", []string{"unsaid-replica"}},
		{"unsaid does not fire when negated mention exists", "main", "We would use setnx on redis for the lock here. A pause is the real danger for it. A fencing check is what helps with it. There is no replica in this setup.", nil},
		{"a main-specific follow-up never follows another question", "other", "On redis the token goes with the storage write, and that is fencing it, in order.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, _ := b.ByID(tt.question)
			r := b.Grade(q, quiz.Answer{Text: tt.answer})
			var got []string
			for _, f := range set.Select(q, tt.answer, r) {
				got = append(got, f.ID)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Fatalf("got %v, want %v (hits %v, flags %v)", got, tt.want, r.Hits(), r.FlagIDs())
			}
			// Deterministic: the same answer draws the same follow-ups.
			again := set.Select(q, tt.answer, r)
			if len(again) != len(got) {
				t.Fatalf("second selection = %d follow-ups, want %d", len(again), len(got))
			}
		})
	}
}

// TestFollowUpTriggerAlternatives checks the parts of a trigger that let a
// classic gap fire on every question where it applies: alternatives (any
// trigger fires), a question list, and red flags that hand the gap to a
// sharper follow-up.
func TestFollowUpTriggerAlternatives(t *testing.T) {
	main := roundQuestion("main", "leases", "setnx", "pause", "fencing", "replica")
	other := roundQuestion("other", "fencing", "token", "storage", "order", "writes")
	third := roundQuestion("third", "ttl", "ttl", "heartbeat", "renew", "limit")
	b := testBank(t, main, other, third)
	set, err := quiz.NewFollowUps([]*quiz.FollowUp{
		{ID: "sharper", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del"}}}, Probe: probe("sharper")},
		{ID: "no-check", Question: quiz.FollowUpAny, When: []quiz.Trigger{
			{Flags: []string{"redlock-correctness"}},
			{Questions: []string{"main", "other"}, Unsaid: []string{"?check*"}, Unflagged: []string{"plain-del"}},
		}, Probe: probe("no-check")},
	}, b, nil)
	if err != nil {
		t.Fatalf("new follow-ups: %v", err)
	}
	tests := []struct {
		name, question, answer string
		want                   []string
	}{
		{"the gap fires on a listed question", "main", "We would use setnx on redis for the lock and let it expire.", []string{"no-check"}},
		{"and on the other listed question", "other", "The token goes with every write to the storage.", []string{"no-check"}},
		{"saying it, even negated, is not the gap", "other", "The token goes with every write, but nobody needs to check it.", nil},
		{"an unlisted question does not fire the gap", "third", "The ttl is renewed by a heartbeat.", nil},
		{"the other alternative still fires anywhere", "third", "Redlock is safe, so the ttl is renewed by a heartbeat.", []string{"no-check"}},
		{"a sharper follow-up's flag takes the gap", "main", "We take it with setnx and release it with a plain del when done.", []string{"sharper"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, _ := b.ByID(tt.question)
			r := b.Grade(q, quiz.Answer{Text: tt.answer})
			var got []string
			for _, f := range set.Select(q, tt.answer, r) {
				got = append(got, f.ID)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Fatalf("got %v, want %v (flags %v)", got, tt.want, r.FlagIDs())
			}
		})
	}
}

func TestNewFollowUpsRejects(t *testing.T) {
	main := roundQuestion("main", "leases", "setnx", "pause", "fencing", "replica")
	b := testBank(t, main)
	tests := []struct {
		name string
		f    *quiz.FollowUp
		want string
	}{
		{"no trigger", &quiz.FollowUp{ID: "x", Question: "main", When: []quiz.Trigger{{Hit: []string{"setnx"}}}, Probe: probe("x")}, "when: needs missed"},
		{"unknown point", &quiz.FollowUp{ID: "x", Question: "main", When: []quiz.Trigger{{Missed: []string{"nope"}}}, Probe: probe("x")}, `when.missed[0]: question "main" has a point "nope"`},
		{"unknown flag", &quiz.FollowUp{ID: "x", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"nope"}}}, Probe: probe("x")}, `unknown red flag "nope"`},
		{"unknown question", &quiz.FollowUp{ID: "x", Question: "nope", When: []quiz.Trigger{{Flags: []string{"plain-del"}}}, Probe: probe("x")}, `unknown question "nope"`},
		{"id clashes with a question", &quiz.FollowUp{ID: "main", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del"}}}, Probe: probe("main")}, "also a question id"},
		{"probe with too few points", &quiz.FollowUp{ID: "x", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del"}}}, Probe: roundQuestion("x", "leases", "a", "b")}, "points: 2 key points"},
		{"unknown question in a trigger", &quiz.FollowUp{ID: "x", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del"}}, {Questions: []string{"nope"}, Unsaid: []string{"x"}}}, Probe: probe("x")}, `when[1].questions[0]: unknown question "nope"`},
		{"unknown unflagged red flag", &quiz.FollowUp{ID: "x", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Unsaid: []string{"x"}, Unflagged: []string{"nope"}}}, Probe: probe("x")}, `when.unflagged[0]: unknown red flag "nope"`},
		{"no trigger at all", &quiz.FollowUp{ID: "x", Question: quiz.FollowUpAny, Probe: probe("x")}, "when: needs missed"},
		{"missing probe", &quiz.FollowUp{ID: "x", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del"}}}}, "probe: empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := quiz.NewFollowUps([]*quiz.FollowUp{tt.f}, b, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestFollowUpStillDue(t *testing.T) {
	main := roundQuestion("main", "leases", "setnx", "pause", "fencing", "replica")
	b := testBank(t, main)
	set, err := quiz.NewFollowUps([]*quiz.FollowUp{
		{ID: "on-flag", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Flags: []string{"plain-del"}}}, Probe: probe("on-flag")},
		{ID: "pause", Question: "main", When: []quiz.Trigger{{Hit: []string{"setnx"}, Missed: []string{"pause"}}}, Probe: probe("pause")},
		{ID: "fencing-any", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Missed: []string{"fencing"}}}, Probe: probe("fencing-any")},
		{ID: "unsaid-replica", Question: "main", When: []quiz.Trigger{{Said: []string{"redis"}, Unsaid: []string{"?replica|failover"}}}, Probe: probe("unsaid-replica")},
	}, b, nil)
	if err != nil {
		t.Fatalf("new follow-ups: %v", err)
	}
	const mainAnswer = "We would use setnx on redis for the lock here, and we release it with a plain del at the end of the job."
	tests := []struct {
		name     string
		followUp string
		earlier  []string
		want     bool
	}{
		{"the main answer alone leaves the gap open", "fencing-any", []string{mainAnswer}, true},
		{"an earlier follow-up answer that explains it closes the gap", "fencing-any", []string{mainAnswer, "The pause is the danger, and a fencing check is what helps with it."}, false},
		{"an earlier follow-up answer about something else keeps it", "fencing-any", []string{mainAnswer, "The pause is the danger: both clients write and one is lost."}, true},
		{"a word never said, then said, closes the gap", "unsaid-replica", []string{mainAnswer, "The replica can lose the key on failover."}, false},
		{"a word still unsaid keeps it", "unsaid-replica", []string{mainAnswer, "The pause is the danger."}, true},
		{"a red flag once raised stays raised", "on-flag", []string{mainAnswer, "On second thought the value has to be compared before deleting."}, true},
		{"a missed point named later closes a hit-and-missed trigger", "pause", []string{mainAnswer, "A pause is the real danger for it."}, false},
		{"no earlier answers: nothing covers the gap", "fencing-any", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := set.ByID(tt.followUp)
			if got := set.StillDue(b, main, f, tt.earlier); got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			// Deterministic: the same answers give the same decision.
			if again := set.StillDue(b, main, f, tt.earlier); again != tt.want {
				t.Fatalf("second call got %v, want %v", again, tt.want)
			}
		})
	}
}

// TestFollowUpCovers: of two follow-ups that probe the same gap, a turn
// asks only the one ranked first, and its second slot goes to another gap;
// a covers entry that names no other follow-up is refused, naming the
// field.
func TestFollowUpCovers(t *testing.T) {
	main := roundQuestion("main", "leases", "setnx", "pause", "fencing", "replica")
	main.Points[0].Core, main.Points[1].Core = true, true
	b := testBank(t, main)
	list := func(covers []string) []*quiz.FollowUp {
		return []*quiz.FollowUp{
			{ID: "no-pause-any", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Unsaid: []string{"?pause*"}}}, Probe: probe("no-pause-any")},
			{ID: "no-fencing-any", Question: quiz.FollowUpAny, When: []quiz.Trigger{{Unsaid: []string{"?fencing"}}}, Probe: probe("no-fencing-any")},
			{ID: "main-pause", Question: "main", When: []quiz.Trigger{{Missed: []string{"pause"}}}, Probe: probe("main-pause"), Covers: covers},
		}
	}
	answer := "We would use setnx on redis for the lock and let it expire."
	q, _ := b.ByID("main")
	r := b.Grade(q, quiz.Answer{Text: answer})
	for _, tt := range []struct {
		name   string
		covers []string
		want   string
	}{
		{"without covers the core probe and the same gap's general probe fill the turn", nil, "main-pause,no-pause-any"},
		{"with covers the turn asks about the pause once and then about fencing", []string{"no-pause-any"}, "main-pause,no-fencing-any"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			set, err := quiz.NewFollowUps(list(tt.covers), b, nil)
			if err != nil {
				t.Fatalf("new follow-ups: %v", err)
			}
			var got []string
			for _, f := range set.Select(q, answer, r) {
				got = append(got, f.ID)
			}
			if strings.Join(got, ",") != tt.want {
				t.Fatalf("got %v, want %s", got, tt.want)
			}
		})
	}
	_, err := quiz.NewFollowUps(list([]string{"no-such-probe"}), b, nil)
	if err == nil || !strings.Contains(err.Error(), `covers[0]: "no-such-probe" is not another follow-up's id`) || !strings.Contains(err.Error(), `follow-up "main-pause"`) {
		t.Fatalf("covers naming no follow-up: err %v, want it refused with the field named", err)
	}
}
