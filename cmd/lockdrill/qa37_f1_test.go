package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
)

// TestGradeHelpSaysWhichPointsHaveCore: the help of "lockdrill grade"
// describes the points as the JSON has them: "core" is on a core point
// only, and a breadth point has no such field (QA-37 F1 #3: the help
// listed "core" on every point, and a script reading it as always there
// broke on the first breadth point).
func TestGradeHelpSaysWhichPointsHaveCore(t *testing.T) {
	var help, errOut bytes.Buffer
	if err := run(context.Background(), []string{"grade", "--help"}, envFrom(nil), strings.NewReader(""), &help, &errOut); err != nil {
		t.Fatalf("grade --help: %v", err)
	}
	text := strings.Join(strings.Fields(help.String()), " ")
	if !strings.Contains(text, `a breadth point has no "core" field`) {
		t.Errorf("the help does not say that a breadth point has no \"core\" field:\n%s", help.String())
	}
	var out bytes.Buffer
	errOut.Reset()
	if err := run(context.Background(), []string{"grade", "outbox-pattern"}, envFrom(nil), strings.NewReader("It's a dual write: the commit and the publish can't be atomic, so I'd insert the event into an outbox table in the same transaction."), &out, &errOut); err != nil {
		t.Fatalf("grade: %v (%s)", err, errOut.String())
	}
	var g struct {
		Points []map[string]any `json:"points"`
	}
	if err := json.Unmarshal(out.Bytes(), &g); err != nil {
		t.Fatal(err)
	}
	core, breadth := 0, 0
	for _, p := range g.Points {
		switch c, ok := p["core"]; {
		case ok && c == true:
			core++
		case ok:
			t.Errorf("point %v has \"core\": %v; the help says it is there only as true", p["id"], c)
		default:
			breadth++
		}
	}
	if core == 0 || breadth == 0 {
		t.Fatalf("want core and breadth points to check the help against, got %d and %d: %s", core, breadth, out.String())
	}
}

// TestDisputesExportAFollowUpsPointContested: a learner's dispute that a
// round's follow-up made a point for the main answer is exported with the
// follow-up's answer, the main question whose rubric graded it, the point
// contested and the grader's version, saying the answer is a follow-up's
// (QA-37 F1 #5: such a dispute could not be recorded at all).
func TestDisputesExportAFollowUpsPointContested(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "d.db")
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	learner, err := st.CreateLearner(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	fus, err := content.LoadFollowUps(content.Embedded(), bank)
	if err != nil {
		t.Fatal(err)
	}
	rules := quiz.RoundRules{Bank: bank, FollowUps: fus}
	id, err := st.CreateRound(ctx, learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"outbox-pattern", "fencing-token", "avoid-the-lock"}, Started: now})
	if err != nil {
		t.Fatal(err)
	}
	main := "It's a dual write: the commit and the Kafka publish can't be atomic, and if the process crashes between them one of them is lost. A lock doesn't help with that. I'd insert the event into an outbox table in the same transaction as the status update, and a relay publishes the rows and marks them sent."
	followUp := "The relay publishes the row again after the restart, so delivery is at-least-once. Consumers keep a unique index on the event id."
	r, _, err := st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
		return r.Answer(rules, 0, main, now.Add(time.Minute))
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Turns) < 2 || r.Turns[1].FollowUp == "" {
		t.Fatalf("the main answer drew no follow-up: %+v", r.Turns)
	}
	if r, _, err = st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) {
		return r.Answer(rules, r.Turns[1].Seq, followUp, now.Add(2*time.Minute))
	}); err != nil {
		t.Fatal(err)
	}
	q, _ := bank.ByID("outbox-pattern")
	res, what, err := quiz.ContestRecovered(q, *r.Turns[0].Result, "consumer-dedupe")
	if err != nil {
		t.Fatal(err)
	}
	d := store.Dispute{Question: q.ID, Seq: r.Turns[1].Seq, Item: what.Item, Was: what.Was, Reason: "my follow-up only named an index", Answer: followUp, Grader: bank.Version(),
		Evidence: "unique index on the event id", GraderScore: 0.4, GraderVerdict: "no-pass", Created: now.Add(3 * time.Minute)}
	if _, err := st.ContestRecovered(ctx, learner, id, 0, d, res, nil); err != nil {
		t.Fatal(err)
	}
	st.Close()

	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 1 {
		t.Fatalf("export %d disputes (%v):\n%s", len(got), err, out.String())
	}
	g := got[0]
	if g["question"] != "outbox-pattern" || g["answer"] != followUp || g["was"] != "hit" || g["item"] != "consumer-dedupe" || g["grader"] != bank.Version() ||
		g["follow_up_answer"] != true || g["seq"] != float64(r.Turns[1].Seq) || g["item_label"] == "" || g["follows"] != nil {
		t.Errorf("exported %v; want the follow-up's answer graded against outbox-pattern, consumer-dedupe's tick, the grader's version, follow_up_answer", g)
	}
	out.Reset()
	if err := run(ctx, []string{"disputes", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes (text): %v", err)
	}
	for _, want := range []string{"outbox-pattern  ticked point consumer-dedupe", "the answer is a follow-up's (turn 1), graded against this question", "answer: " + followUp} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text export lacks %q:\n%s", want, out.String())
		}
	}
}

// TestReaderFlagQuotesTheRenewalClaim: on extend-lease, an answer that
// first describes the correct compare-and-extend and then, in a later
// sentence, renews with a bare PEXPIRE or EXPIRE is flagged on that later
// sentence, the claim, not on the correct one before it (QA-37 F1 #4: the
// second reader's flag quoted the compare-and-extend, which leans most
// only because its words come first).
func TestReaderFlagQuotesTheRenewalClaim(t *testing.T) {
	for _, tc := range []struct{ answer, claim string }{
		{"Yes. The safe extension is a Lua script that compares the stored value with my token and only then sets a new expiry with PEXPIRE, atomically. In practice my heartbeat thread just sends PEXPIRE lock:job 30000 every ten seconds until the job finishes.",
			"In practice my heartbeat thread just sends PEXPIRE lock:job 30000 every ten seconds until the job finishes."},
		{"You extend with a compare-and-extend Lua script that only sets the new TTL if the value is your token. We actually renew with EXPIRE lock 30 from a background goroutine every 10 seconds.",
			"We actually renew with EXPIRE lock 30 from a background goroutine every 10 seconds."},
	} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), []string{"grade", "extend-lease"}, envFrom(nil), strings.NewReader(tc.answer), &out, &errOut); err != nil {
			t.Fatalf("grade: %v (%s)", err, errOut.String())
		}
		var g struct {
			Flags []struct{ ID, Quote, Sentence string } `json:"flags"`
			Notes []string                               `json:"notes"`
		}
		if err := json.Unmarshal(out.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		if len(g.Flags) != 1 {
			t.Fatalf("%q raised %d flags, want one on the renewal: %s", tc.answer, len(g.Flags), out.String())
		}
		if f := g.Flags[0]; f.Sentence != tc.claim || !strings.Contains(tc.claim, f.Quote) || f.Quote == "" {
			t.Errorf("the %s flag quotes %q in %q; want the renewal, %q", f.ID, f.Quote, f.Sentence, tc.claim)
		}
		if notes := strings.Join(g.Notes, " "); !strings.Contains(notes, strings.TrimSuffix(tc.claim, ".")) {
			t.Errorf("the notes do not quote the renewal: %s", notes)
		}
	}
}
