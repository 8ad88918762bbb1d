package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"lockdrill/content"
	"lockdrill/quiz"
)

type gradeJSON struct {
	Question string  `json:"question"`
	Score    float64 `json:"score"`
	Passed   bool    `json:"passed"`
	Points   []struct {
		ID  string `json:"id"`
		Hit bool   `json:"hit"`
	} `json:"points"`
	Flags []struct {
		ID string `json:"id"`
	} `json:"flags"`
}

func grade(t *testing.T, args []string, stdin string) (gradeJSON, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"grade"}, args...), envFrom(nil), strings.NewReader(stdin), &out, &errOut)
	var g gradeJSON
	if err == nil {
		if jerr := json.Unmarshal(out.Bytes(), &g); jerr != nil {
			t.Fatalf("output is not JSON: %v\n%s", jerr, out.String())
		}
	}
	return g, errOut.String(), err
}

func exitStatus(err error) int {
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	if err != nil {
		return 1
	}
	return 0
}

func TestGradeFreeText(t *testing.T) {
	tests := []struct {
		name      string
		id        string
		answer    string
		wantPass  string // "pass", "fail" or "" for either
		wantHits  []string
		wantFlags []string
		noFlags   []string
	}{
		{
			name:     "strong fencing answer",
			id:       "fencing-token",
			answer:   "A fencing token is a number the lock service hands out with every grant, and it only ever increases. The holder sends it with every write, and the storage keeps the highest token it has seen and rejects writes carrying a lower one. That stops a client that was paused by a GC past its lease from writing late. The catch is that the storage has to support this conditional write.",
			wantPass: "pass",
			wantHits: []string{"monotonic", "sent-with-write", "resource-rejects", "paused-holder"},
		},
		{
			name:    "negated DEL raises no flag",
			id:      "redis-lock-and-failure",
			answer:  "Acquire with SET key token NX PX 30000 so the key and its expiry are created atomically, with a random token per client. Never release with a plain DEL; a Lua script compares the token and deletes only if it matches.",
			noFlags: []string{"plain-del", "two-commands", "mutex-no-lease"},
		},
		{
			name:      "plain DEL raises the flag",
			id:        "redis-lock-and-failure",
			answer:    "I would SET the key with NX and PX 10000 so it expires. When the job is done the worker deletes the key with DEL so the next one can run.",
			wantFlags: []string{"plain-del"},
		},
		{
			name:     "keyword list does not pass",
			id:       "fencing-token",
			answer:   "monotonic counter, token with each write, storage rejects stale writes, GC pause, zxid",
			wantPass: "fail",
		},
		{
			name:      "TTL as safety fails",
			id:        "choose-ttl",
			answer:    "Set the TTL longer than the longest the job could ever take, so the lock never expires while the job is running and two workers can never overlap.",
			wantPass:  "fail",
			wantFlags: []string{"ttl-as-safety"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, stderr, err := grade(t, []string{tt.id}, tt.answer)
			if err != nil {
				t.Fatalf("grade: %v\n%s", err, stderr)
			}
			if g.Question != tt.id {
				t.Fatalf("question: got %q, want %q", g.Question, tt.id)
			}
			if tt.wantHits != nil || tt.wantFlags != nil || tt.noFlags != nil {
				hit := map[string]bool{}
				for _, p := range g.Points {
					hit[p.ID] = p.Hit
				}
				for _, id := range tt.wantHits {
					if !hit[id] {
						t.Fatalf("point %s: got missed, want hit (%+v)", id, g.Points)
					}
				}
				raised := map[string]bool{}
				for _, f := range g.Flags {
					raised[f.ID] = true
				}
				for _, id := range tt.wantFlags {
					if !raised[id] {
						t.Fatalf("flag %s: got not raised, want raised (%+v)", id, g.Flags)
					}
				}
				for _, id := range tt.noFlags {
					if raised[id] {
						t.Fatalf("flag %s: got raised, want none", id)
					}
				}
			}
			if tt.wantPass != "" && g.Passed != (tt.wantPass == "pass") {
				t.Fatalf("passed: got %v (score %.2f), want %s", g.Passed, g.Score, tt.wantPass)
			}
		})
	}
}

func TestGradeObjective(t *testing.T) {
	tests := []struct {
		name   string
		id     string
		answer string
		want   float64
	}{
		{"spot the bug, right line", "obj-bug-get-then-del", "9\n", 1},
		{"spot the bug, wrong line", "obj-bug-get-then-del", "6", 0},
		// The letters of 'lockdrill questions obj-order-choose-ttl'.
		{"ordering in order", "obj-order-choose-ttl", "D C E B A", 1},
		{"ordering one step moved", "obj-order-choose-ttl", "c,d,e,b,a", 0.8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, stderr, err := grade(t, []string{tt.id}, tt.answer)
			if err != nil {
				t.Fatalf("grade: %v\n%s", err, stderr)
			}
			if g.Score != tt.want {
				t.Fatalf("score: got %v, want %v", g.Score, tt.want)
			}
			if g.Points == nil || g.Flags == nil {
				t.Fatalf("points and flags must be arrays, got %+v", g)
			}
		})
	}
}

func TestGradeBadInput(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		wantStderr string
	}{
		{"unknown id lists the ids", []string{"no-such-question"}, "an answer", 2, "fencing-token"},
		{"no id", nil, "an answer", 2, "Usage"},
		{"two ids", []string{"fencing-token", "choose-ttl"}, "an answer", 2, "Usage"},
		{"empty answer", []string{"fencing-token"}, "  \n", 2, ""},
		{"answer too long", []string{"fencing-token"}, strings.Repeat("lease ", 1000), 2, ""},
		{"unknown option", []string{"obj-mc-debug-path"}, "z", 2, ""},
		{"line not a number", []string{"obj-bug-get-then-del"}, "nine", 2, ""},
		{"unknown flag", []string{"--bogus", "fencing-token"}, "x", 2, "Usage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, err := grade(t, tt.args, tt.stdin)
			if got := exitStatus(err); got != tt.wantStatus {
				t.Fatalf("exit status: got %d (%v), want %d", got, err, tt.wantStatus)
			}
			if !strings.Contains(stderr, tt.wantStderr) {
				t.Fatalf("stderr: got %q, want it to contain %q", stderr, tt.wantStderr)
			}
		})
	}
}

func TestGradeHelp(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"grade", "--help"}, envFrom(nil), strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("grade --help: %v", err)
	}
	if !strings.Contains(out.String(), "Usage: lockdrill grade ID") {
		t.Fatalf("help: got %q", out.String())
	}
	// The pass rule it states is the grader's, exception included, with
	// the grader's own figures (QA-9 Q9-12: "every core point" alone
	// contradicted /about/grader).
	help := strings.Join(strings.Fields(out.String()), " ")
	for _, want := range []string{"with one exception: on a question with two core points", fmt.Sprintf("at most %d %%", int(math.Round(quiz.CoreSpareMax*100)))} {
		if !strings.Contains(help, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if strings.Contains(help, "%!") {
		t.Errorf("help has a broken format verb: %q", help)
	}
}

// TestGradeSaysWhatWasSetAside: "flags": [] alone reads as "no red flag
// found"; when the second reader set a sentence with a mistake's wording
// aside, the output lists that flag under "set_aside" (its note says why).
func TestGradeSaysWhatWasSetAside(t *testing.T) {
	answer := setAsideAnswer
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"grade", "fencing-token"}, envFrom(nil), strings.NewReader(answer), &out, &errOut); err != nil {
		t.Fatalf("grade: %v\n%s", err, errOut.String())
	}
	var g struct {
		Passed   bool              `json:"passed"`
		Flags    []json.RawMessage `json:"flags"`
		SetAside []struct {
			ID string `json:"id"`
		} `json:"set_aside"`
	}
	if err := json.Unmarshal(out.Bytes(), &g); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out.String())
	}
	if !g.Passed || len(g.Flags) != 0 {
		t.Fatalf("passed=%v flags=%d, want a pass with no flag (else this test shows nothing)", g.Passed, len(g.Flags))
	}
	if len(g.SetAside) != 1 || g.SetAside[0].ID != "work-after-lost-lease" {
		t.Fatalf("set_aside = %+v, want [work-after-lost-lease]", g.SetAside)
	}
}

// setAsideAnswer passes fencing-token with no flag counted: the second
// reader sets its sentence with the wording of work-after-lost-lease
// aside.
const setAsideAnswer = "A fencing token is a number that grows by one with every grant of the lock, so whoever holds the lock later always carries a bigger number than whoever held it before. " +
	"Each write the holder sends to the protected store carries that number along with it. " +
	"The store remembers the biggest number it has accepted so far and refuses any write whose number is smaller, in the same atomic step as the write. " +
	"What this protects against is a holder that stalls: a long collector pause or a frozen virtual machine lets its lease run out, another process is granted the lock, and then the stalled one resumes believing it still owns it. " +
	"Without the number its delayed write would overwrite the newer holder's data; with it, the store sees a stale number and rejects the write. " +
	"The check has to live in the store, because only the store sees every write in the order they arrive. " +
	"A lease alone cannot give this guarantee, since no timeout can bound how long a process might be paused. " +
	"Renewal failing while the holder keeps on writing regardless is the situation the token is built for. " +
	"The store turns the late write away, because its number is lower than one it has already accepted."

// TestGradeFlagsSayWhatAndWhere: each red flag is printed with its label
// and the words of the answer that raised it, in their sentence, as the
// feedback page shows them, not as a bare id (QA-34 #3); so is a flag set
// aside.
func TestGradeFlagsSayWhatAndWhere(t *testing.T) {
	bank, err := content.LoadQuestions(content.Embedded())
	if err != nil {
		t.Fatal(err)
	}
	type flagJSON struct{ ID, Label, Quote, Sentence string }
	gradeFlags := func(t *testing.T, id, answer string) (flags, setAside []flagJSON) {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := run(context.Background(), []string{"grade", id}, envFrom(nil), strings.NewReader(answer), &out, &errOut); err != nil {
			t.Fatalf("grade: %v\n%s", err, errOut.String())
		}
		var g struct {
			Flags    []flagJSON `json:"flags"`
			SetAside []flagJSON `json:"set_aside"`
		}
		if err := json.Unmarshal(out.Bytes(), &g); err != nil {
			t.Fatalf("output is not JSON: %v\n%s", err, out.String())
		}
		return g.Flags, g.SetAside
	}
	label := func(id string) string {
		f, ok := bank.Flag(id)
		if !ok {
			t.Fatalf("no red flag %s", id)
		}
		return f.Label
	}
	tests := []struct {
		name, id, answer, flag, quoteIn, sentence string
	}{
		{"plain DEL", "redis-lock-and-failure",
			"I would SET the key with NX and PX 10000 so it expires. When the job is done the worker deletes the key with DEL so the next one can run.",
			"plain-del", "deletes the key", "When the job is done the worker deletes the key with DEL so the next one can run."},
		{"a check in the client, after a line break", "fencing-token",
			"Every grant carries a number that only grows.\nThe client checks the token itself before writing, so the storage needs no change! That is all.",
			"client-side-fencing", "checks the token", "The client checks the token itself before writing, so the storage needs no change!"},
		// QA-34 #2: the ellipsis of "SELECT ... FOR UPDATE" is inside the
		// sentence, not its end.
		{"an ellipsis inside the sentence", "idempotency-keys",
			"Keep a table of keys. We open a transaction and run SELECT ... FOR UPDATE, then call the payment API while the row lock is held, and commit when it answers.",
			"lock-across-network-call", "call the payment", "We open a transaction and run SELECT ... FOR UPDATE, then call the payment API while the row lock is held, and commit when it answers."},
		{"an ellipsis in one rune", "idempotency-keys",
			"We run SELECT … FOR UPDATE, then call the payment API while the row lock is held, and commit when it answers. Nothing else.",
			"lock-across-network-call", "call the payment", "We run SELECT … FOR UPDATE, then call the payment API while the row lock is held, and commit when it answers."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			flags, _ := gradeFlags(t, tt.id, tt.answer)
			var got *flagJSON
			for i := range flags {
				if flags[i].ID == tt.flag {
					got = &flags[i]
				}
			}
			if got == nil {
				t.Fatalf("flags = %+v, want %s raised (else this test shows nothing)", flags, tt.flag)
			}
			if got.Label != label(tt.flag) || got.Label == "" {
				t.Errorf("label = %q, want %q", got.Label, label(tt.flag))
			}
			if !strings.Contains(got.Quote, tt.quoteIn) || !strings.Contains(tt.answer, got.Quote) {
				t.Errorf("quote = %q, want the answer's words holding %q", got.Quote, tt.quoteIn)
			}
			if got.Sentence != tt.sentence {
				t.Errorf("sentence = %q, want %q", got.Sentence, tt.sentence)
			}
		})
	}
	t.Run("set aside", func(t *testing.T) {
		_, setAside := gradeFlags(t, "fencing-token", setAsideAnswer)
		if len(setAside) != 1 || setAside[0].Label != label("work-after-lost-lease") || !strings.HasPrefix(setAside[0].Sentence, "Renewal failing while the holder keeps on writing") {
			t.Fatalf("set_aside = %+v, want work-after-lost-lease with its label and sentence", setAside)
		}
	})
}

// TestGradeNotesSayWhatTheRedFlagCost: an answer whose red flag takes its
// score down says in its notes what the flag cost, with the grader's own
// figures, as the feedback page does (QA-34 #1); one with no flag says
// nothing of a cost.
func TestGradeNotesSayWhatTheRedFlagCost(t *testing.T) {
	const made = "Add a version column to the row. The UPDATE says WHERE version = the one read and sets version + 1; if zero rows changed, someone else saved first, so reload and retry."
	tests := []struct {
		name, answer, want string
	}{
		{"a major flag", made + " Each save carries the browser's timestamp and the newest timestamp wins.", "The red flag cost 45 % (60 % → 15 %)."},
		// The flag would take 45 %, more than the 27 % the answer had:
		// the note says the score stops at 0 rather than "cost 45 %
		// (27 % → 0 %)".
		{"a flag worth more than the score", "Add a version column to the row and check it in the UPDATE. Each save carries the browser's timestamp and the newest timestamp wins.", "The red flag cost the whole 27 % (27 % → 0 %); the score stops at 0."},
		{"no flag", made, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if err := run(context.Background(), []string{"grade", "optimistic-concurrency"}, envFrom(nil), strings.NewReader(tt.answer), &out, &errOut); err != nil {
				t.Fatalf("grade: %v\n%s", err, errOut.String())
			}
			var g struct{ Notes []string }
			if err := json.Unmarshal(out.Bytes(), &g); err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, n := range g.Notes {
				if strings.Contains(n, "red flag") && strings.Contains(n, "cost") {
					got = n
				}
			}
			if got != tt.want {
				t.Fatalf("the note on the flag's cost = %q, want %q (notes %q)", got, tt.want, g.Notes)
			}
		})
	}
}

// TestGradeOrderingSaysWhereAStepBelongs: the JSON used to give an
// ordering answer's score with nothing saying which step to move.
func TestGradeOrderingSaysWhereAStepBelongs(t *testing.T) {
	tests := []struct {
		name   string
		answer string
		want   []string // "step after" pairs, in the learner's order
		quote  string   // words the first sentence quotes
	}{
		// The letters of 'lockdrill questions obj-order-choose-ttl':
		// D C E B A is the right order; B (the heartbeat) moved first.
		{"moved to the front", "B D C E A", []string{"B E"}, "For work that can legitimately run longer"},
		{"first step moved", "C D E B A", []string{"D "}, "belongs first"},
		{"right order", "D C E B A", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if err := run(context.Background(), []string{"grade", "obj-order-choose-ttl"}, envFrom(nil), strings.NewReader(tt.answer), &out, &errOut); err != nil {
				t.Fatalf("grade: %v\n%s", err, errOut.String())
			}
			var g struct {
				Misplaced []struct{ Step, After, Sentence string } `json:"misplaced"`
			}
			if err := json.Unmarshal(out.Bytes(), &g); err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, out.String())
			}
			var got []string
			for _, m := range g.Misplaced {
				got = append(got, m.Step+" "+m.After)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Fatalf("misplaced = %v, want %v\n%s", got, tt.want, out.String())
			}
			if tt.quote != "" && !strings.Contains(g.Misplaced[0].Sentence, tt.quote) {
				t.Fatalf("sentence = %q, want it to quote %q", g.Misplaced[0].Sentence, tt.quote)
			}
		})
	}
}
