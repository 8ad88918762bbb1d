package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestSoloRoundFillsFollowUpSlotsPastAskedOnes plays a coached round in
// which the first answer releases with a plain DEL and draws the late-DEL
// follow-up. The second answer releases the same way: the late-DEL
// follow-up ranks first again but was asked already, so its slot goes to
// the next follow-up that fires instead of going unused.
func TestSoloRoundFillsFollowUpSlotsPastAskedOnes(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "redis-early-expiry", "fencing-token"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	answers := map[string]string{
		"redis-lock-and-failure": "I would acquire with SET lock:orders <random id> NX PX 10000, so the key and its expiry are set in one command and only if the key is free. When the job is done I release it with DEL lock:orders. If Redis itself goes down we lose the lock, so I'd run it with a replica.",
		"redis-early-expiry":     "If Redis restarts without persistence the key is simply gone, so I would turn on AOF with fsync every second. When the job is done the holder releases it with DEL lock:orders.",
	}
	type asked struct{ question, followUp string }
	var got []asked
	for i := 0; i < 8; i++ {
		rec, seq, q, f := current(t, cl, roundURL)
		if f == "" && answers[q] == "" {
			break // the third question: the two that matter are played
		}
		got = append(got, asked{q, f})
		text := answers[q]
		if f != "" {
			text = "I am not sure; I would have to look that up."
		}
		env.clock.Advance(20 * time.Second)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
			t.Fatalf("answer %s/%s: status %d, want 303", q, f, r.Code)
		}
	}
	want := []asked{
		// (g42: the question's own probe of its missed pause point
		// covers the pause follow-up of any question)
		{"redis-lock-and-failure", ""}, {"redis-lock-and-failure", "late-del"}, {"redis-lock-and-failure", "redis-holder-gc-pause"},
		// late-del fires again and ranks first, but a round asks a
		// follow-up once: both slots go to the next ones that fire (the
		// probes of the two core points this answer missed).
		{"redis-early-expiry", ""}, {"redis-early-expiry", "eviction-policy-choice"}, {"redis-early-expiry", "redis-clock-step-expiry"},
	}
	if len(got) != len(want) {
		t.Fatalf("asked %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("turn %d = %v, want %v (all: %v)", i, got[i], want[i], got)
		}
	}
}

// TestFeedbackSaysTheScoreStopsAtZero: a red flag that would take more
// than the answer scored without it takes the whole score, and the
// feedback says so plainly instead of "cost 45 % (27 % → 0 %)", a sum that
// does not add up.
func TestFeedbackSaysTheScoreStopsAtZero(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("optimistic-concurrency", url.Values{"answer": {"Add a version column to the row and check it in the UPDATE. Each save carries the browser's timestamp and the newest timestamp wins."}})
	if doc.Find(`[data-testid=flag][data-flag=wall-clock]`).Length() != 1 {
		t.Fatal("the answer raised no wall-clock flag; the test shows nothing")
	}
	got := strings.Join(strings.Fields(doc.Find(`[data-testid=flag-cost]`).Text()), " ")
	// The figures are the grader's (27 % today); the words are the point.
	m := regexp.MustCompile(`^The red flag cost the whole (\d+) % \((\d+) % → 0 %\); the score stops at 0\.$`).FindStringSubmatch(got)
	if m == nil || m[1] != m[2] || m[1] == "0" {
		t.Fatalf("the feedback says %q of the flag's cost, want \"The red flag cost the whole N %% (N %% → 0 %%); the score stops at 0.\" (score shown %d %%)", got, score(t, doc))
	}
	if s := score(t, doc); s != 0 {
		t.Fatalf("score shown %d %%, want 0", s)
	}
}

// TestZooKeeperAnswerWithoutTheWatchIsProbed: an interview round's answer
// to the ZooKeeper recipe that never says which node a waiter watches
// draws the follow-up on it, and once the round is over its turn page no
// longer says the interviewer had no question on that point.
func TestZooKeeperAnswerWithoutTheWatchIsProbed(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeInterview, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"zookeeper-lock-recipe", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	answer := "Each client creates an ephemeral sequential node under the lock path. The one with the lowest number holds the lock. When the session ends the node goes away."
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, answer); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	rec, fseq, q, f := current(t, cl, roundURL)
	if q != "zookeeper-lock-recipe" || f != "zookeeper-watch-predecessor" {
		t.Fatalf("the next turn asks %s/%s, want the follow-up zookeeper-watch-predecessor", q, f)
	}
	prompt := strings.Join(strings.Fields(mustDoc(t, rec).Find(`[data-testid=round-question]`).Text()), " ")
	if !strings.Contains(prompt, "Which node should a waiting client set its watch on") {
		t.Fatalf("the follow-up's page reads %q, want its prompt", prompt)
	}
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), fseq, "Each waiter watches the node just before its own, so a release wakes only the next waiter instead of all of them, which is the herd effect. When the watch fires it lists the children again, since the node ahead may have given up."); r.Code != http.StatusSeeOther {
		t.Fatalf("follow-up answer: status %d", r.Code)
	}
	rec, _, _, _ = current(t, cl, roundURL)
	if r := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}}); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	doc := mustDoc(t, cl.get(roundURL+"/turns/0"))
	if got := doc.Find(`[data-testid=core-unprobed]`); got.Length() != 0 {
		t.Fatalf("the turn page says %q of missed core points, want none: the watch was probed", strings.Join(strings.Fields(got.Text()), " "))
	}
}
