package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
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
	fx := followUpPointDispute(t)
	path, followUp, seq := fx.path, fx.followUp, fx.seq
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"disputes", "--json", "--db", path}, envFrom(nil), nil, &out, &errOut); err != nil {
		t.Fatalf("disputes: %v\n%s", err, errOut.String())
	}
	var got []map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || len(got) != 1 {
		t.Fatalf("export %d disputes (%v):\n%s", len(got), err, out.String())
	}
	g := got[0]
	if g["question"] != "outbox-pattern" || g["answer"] != followUp || g["was"] != "hit" || g["item"] != "consumer-dedupe" || g["grader"] != fx.grader ||
		g["follow_up_answer"] != true || g["seq"] != float64(seq) || g["item_label"] == "" || g["follows"] != nil {
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
