package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/content"
	"lockdrill/quiz"
	"lockdrill/store"
	"lockdrill/web"
)

// testClock is a wall clock the test moves by hand, so a round's answers
// can arrive in time or late.
type testClock struct {
	mu sync.Mutex
	t  time.Time
	// next, when set, runs once at the next reading of the clock: a way to
	// make something happen at a known point inside a request.
	next func()
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	t, next := c.t, c.next
	c.next = nil
	c.mu.Unlock()
	if next != nil {
		next()
	}
	return t
}

// OnNextNow arranges for f to run at the next reading of the clock.
func (c *testClock) OnNextNow(f func()) { c.mu.Lock(); c.next = f; c.mu.Unlock() }

func (c *testClock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type roundEnv struct {
	srv   *web.Server
	st    *store.Store
	clock *testClock
	cat   *content.Catalog
	path  string
}

// newRoundEnv builds the real server over a database file at path (a fresh
// one when empty) with a clock the test controls.
func newRoundEnv(t *testing.T, path string, clock *testClock) *roundEnv {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "rounds.db")
	}
	if clock == nil {
		clock = &testClock{t: testNow}
	}
	srv, st := newServerAt(t, path, clock.Now)
	cat := mustCatalog(t)
	return &roundEnv{srv: srv, st: st, clock: clock, cat: cat, path: path}
}

// learnerOf returns the learner id in a client's cookie, creating the
// learner by starting a round if needed.
func learnerOf(t *testing.T, cl *client) string {
	t.Helper()
	if ck, ok := cl.cookies["lockdrill_learner"]; ok {
		return ck.Value
	}
	startRound(t, cl, "3", "4", "interview")
	return cl.cookies["lockdrill_learner"].Value
}

// startRound posts the start form and returns the new round's URL.
func startRound(t *testing.T, cl *client, questions, minutes, mode string) string {
	t.Helper()
	tok := csrfFrom(t, cl.get("/rounds"))
	rec := cl.postForm("/rounds", url.Values{"_csrf": {tok}, "questions": {questions}, "minutes": {minutes}, "mode": {mode}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start round: status %d, want 303; body %s", rec.Code, rec.Body.String())
	}
	return rec.Header().Get("Location")
}

// current shows the round's current question and returns the page, the
// turn's seq, the question id and the follow-up id.
func current(t *testing.T, cl *client, roundURL string) (*httptest.ResponseRecorder, string, string, string) {
	t.Helper()
	rec := cl.get(roundURL)
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d, want 200", roundURL, rec.Code)
	}
	doc := mustDoc(t, rec)
	seq, _ := doc.Find(`[data-testid=answer-form] input[name=seq]`).Attr("value")
	art := doc.Find(`[data-testid=round-question]`)
	q, _ := art.Attr("data-question")
	f, _ := art.Attr("data-follow-up")
	return rec, seq, q, f
}

func answerTurn(t *testing.T, cl *client, roundURL, page string, seq, text string) *httptest.ResponseRecorder {
	t.Helper()
	tok := csrfFromBody(t, page)
	return cl.postForm(roundURL+"/answer", url.Values{"_csrf": {tok}, "seq": {seq}, "answer": {text}})
}

func csrfFromBody(t *testing.T, body string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	rec.Body.WriteString(body)
	return csrfFrom(t, rec)
}

// Answers that leave things out, as a candidate might give them.
var roundAnswers = map[string]string{
	"redis-lock-and-failure": "I would acquire with SET lock:orders <random id> NX PX 10000, so the key and its expiry are set in one command and only if the key is free. To release I run a Lua script that deletes the key only if the value is still my id. If Redis itself goes down we lose the lock, so I'd run it with a replica.",
	"avoid-the-lock":         "I wouldn't skip it. Any time two services can touch the same data you should take a distributed lock around the update, otherwise you get race conditions. Even for inserts I'd lock on the customer id first to stop duplicates.",
	"fencing-token":          "A fencing token is a number that the lock service increases with every grant. The client sends it with each write, and the storage rejects a write whose token is lower than the highest it has already accepted, so a paused old holder cannot overwrite newer data.",
	"choose-ttl":             "I'd measure how long the critical section takes in production, look at the p99 and the worst case, and set the TTL a few times above that. Too short and the lease expires while the holder is still working; too long and a crashed holder blocks everyone else for that long. So it is a trade-off between safety margin and how quickly we recover from a crash.",
	"redis-vs-consensus":     "Redis is faster, but a single node can fail, so use Redlock across five independent masters: because a majority must agree, Redlock guarantees that two clients never hold the lock at once, which makes it as safe as ZooKeeper without the operational cost.",
}

var followUpAnswers = map[string]string{
	"pause-past-expiry": "The key expires while the holder is frozen in its GC pause, so another client acquires the lock. When the first client wakes up it still believes it holds the lock and writes, so both clients write and one overwrites the other. The fix is a fencing token: every grant gets a higher number and the storage rejects a write whose token is lower than one it has seen.",
	// g42: the question's own probe of a paused holder, answered as the
	// pause follow-up of any question is
	"redis-holder-gc-pause":   "The key expires while the holder is frozen in its GC pause, so another client acquires the lock. When the first client wakes up it still believes it holds the lock and writes, so both clients write and one overwrites the other. The fix is a fencing token: every grant gets a higher number and the storage rejects a write whose token is lower than one it has seen.",
	"storage-protects-itself": "I am not sure; maybe the client could check the lock again just before it writes.",
	"constraint-instead":      "Yes. A unique constraint on the order id makes the second insert fail, or a guarded update such as UPDATE jobs SET owner = 7 WHERE id = 3 AND owner IS NULL lets only one writer win. The loser sees zero affected rows and backs off. There is no separate lock service that can fail.",
	"redlock-pause":           "Probably not, the keys would expire on all the nodes while it is paused and then another client can win a new majority.",
}

func TestFiveQuestionInterviewRound(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	order := []string{"redis-lock-and-failure", "avoid-the-lock", "fencing-token", "choose-ttl", "redis-vs-consensus"}
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeInterview, Limit: 2 * time.Minute, Seed: 1, Questions: order, Started: env.clock.Now()})
	if err != nil {
		t.Fatalf("create round: %v", err)
	}
	roundURL := "/rounds/" + id

	type asked struct{ question, followUp string }
	var got []asked
	var last *httptest.ResponseRecorder
	for i := 0; i < 20; i++ {
		rec, seq, q, f := current(t, cl, roundURL)
		got = append(got, asked{q, f})
		text := roundAnswers[q]
		if f != "" {
			text = followUpAnswers[f]
			if text == "" {
				text = "I would need to think about that one; the lock probably still protects it in most cases."
			}
		}
		if q == "fencing-token" && f == "" {
			// Run over time on this one: 2 minutes plus the grace, plus one second.
			env.clock.Advance(2*time.Minute + quiz.Grace + time.Second)
		} else {
			env.clock.Advance(30 * time.Second)
		}
		if i == 0 {
			// Interview mode: no feedback before the end.
			if r := cl.get(roundURL + "/turns/0"); r.Code != http.StatusNotFound {
				t.Fatalf("feedback before answering: status %d, want 404", r.Code)
			}
		}
		last = answerTurn(t, cl, roundURL, rec.Body.String(), seq, text)
		if last.Code != http.StatusSeeOther {
			t.Fatalf("answer %s/%s: status %d, want 303 (asked %v)", q, f, last.Code, got)
		}
		if strings.HasSuffix(last.Header().Get("Location"), "/scorecard") {
			break
		}
		if i == 0 {
			if r := cl.get(roundURL + "/turns/0"); r.Code != http.StatusForbidden {
				t.Fatalf("feedback mid-round in interview mode: status %d, want 403", r.Code)
			}
		}
	}
	want := []asked{
		// The answer to the pause follow-up (the question's own probe of
		// its paused-holder point, which covers the pause follow-up of any
		// question, g42) explains fencing at the storage, so the storage
		// follow-up queued after it is not asked.
		{"redis-lock-and-failure", ""}, {"redis-lock-and-failure", "redis-holder-gc-pause"},
		{"avoid-the-lock", ""}, {"avoid-the-lock", "constraint-instead"},
		{"fencing-token", ""},
		// choose-ttl missed its core point that no TTL is safe: its own
		// probe comes first, then the storage follow-up.
		{"choose-ttl", ""}, {"choose-ttl", "ttl-above-worst-run"}, {"choose-ttl", "storage-protects-itself"},
		{"redis-vs-consensus", ""}, {"redis-vs-consensus", "redlock-pause"},
	}
	if len(got) != len(want) {
		t.Fatalf("asked %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("turn %d = %v, want %v (all: %v)", i, got[i], want[i], got)
		}
	}

	rec := cl.get(roundURL + "/scorecard")
	if rec.Code != http.StatusOK {
		t.Fatalf("scorecard: status %d", rec.Code)
	}
	doc := mustDoc(t, rec)
	if v, _ := doc.Find(`[data-testid=verdict]`).Attr("data-verdict"); v != string(quiz.NoHire) {
		t.Fatalf("verdict = %q, want no (a fatal red flag loses the round)", v)
	}
	reasons := doc.Find(`[data-testid=reasons]`).Text()
	if !strings.Contains(reasons, "fatal red flag loses the round") || !strings.Contains(reasons, "question 5") {
		t.Fatalf("reasons = %q, want the fatal flag on question 5 named", reasons)
	}
	if !strings.Contains(reasons, "Over time") || !strings.Contains(reasons, "question 3") {
		t.Fatalf("reasons = %q, want the overtime on question 3", reasons)
	}
	flagItems := doc.Find(`[data-testid=flag]`)
	if flagItems.Length() == 0 {
		t.Fatalf("the scorecard lists no red flags, want the fatal one")
	}
	flagItems.Each(func(i int, li *goquery.Selection) {
		// Each flag says why it loses the round, from the catalog.
		why := strings.TrimSpace(strings.TrimPrefix(li.Text(), li.Find("p").First().Text()))
		if len(why) < 20 {
			t.Fatalf("red flag %d on the scorecard has no explanation: %q", i, li.Text())
		}
	})
	qs := doc.Find(`[data-testid=scored-question]`)
	if qs.Length() != 5 {
		t.Fatalf("scored questions = %d, want 5", qs.Length())
	}
	if n := qs.Eq(2).Find(`[data-testid=overtime]`).Length(); n != 1 {
		t.Fatalf("question 3 overtime badges = %d, want 1", n)
	}
	if n := qs.Eq(0).Find(`[data-testid=overtime]`).Length(); n != 0 {
		t.Fatalf("question 1 overtime badges = %d, want 0", n)
	}
	if n := qs.Eq(0).Find(`[data-testid=scored-followup]`).Length(); n != 1 {
		t.Fatalf("question 1 follow-ups = %d, want 1 (the second was answered by the first)", n)
	}
	// ... and the answer that covered it says so on its page (QA-42 #7)
	if page := strings.Join(strings.Fields(mustDoc(t, cl.get(roundURL+"/turns/1")).Text()), " "); !strings.Contains(page, "This answer also covered the interviewer's next follow-up") {
		t.Fatalf("the pause follow-up's page does not say the storage follow-up was not asked: %.600s", page)
	}
	if used := strings.TrimSpace(qs.Eq(2).Find(`[data-testid=time-used]`).First().Text()); used != "2 min 06 s" {
		t.Fatalf("question 3 time used = %q, want 2 min 06 s", used)
	}
	if n := doc.Find(`[data-testid=dimension]`).Length(); n != 4 {
		t.Fatalf("dimensions = %d, want 4", n)
	}
	// Each dimension's counts are the ticks and crosses the page lists
	// with that dimension's badge (QA-6 Q14: the table summed weights and
	// read "10 of 12" beside nine ticks and one cross).
	doc.Find(`[data-testid=dimension]`).Each(func(_ int, row *goquery.Selection) {
		label := strings.TrimSpace(row.Find("th").Text())
		count := func(testid string) int {
			n := 0
			doc.Find(`[data-testid=` + testid + `]`).Each(func(_ int, li *goquery.Selection) {
				if strings.TrimSpace(li.Find(".badge").First().Text()) == label {
					n++
				}
			})
			return n
		}
		made, missed := count("point-hit"), count("point-missed")
		want := fmt.Sprintf("%d of %d ·", made, made+missed)
		if got := row.Find("td span").Text(); !strings.HasPrefix(got, want) {
			t.Fatalf("dimension %s reads %q, the page lists %d made and %d missed", label, got, made, missed)
		}
	})
	if doc.Find(`[data-testid=study-guide]`).Length() == 0 || doc.Find(`[data-testid=study-practice]`).Length() == 0 {
		t.Fatalf("what to study next lacks guide or practice links")
	}
	if href, _ := doc.Find(`[data-testid=study-guide]`).First().Attr("href"); !strings.HasPrefix(href, "/learn/") {
		t.Fatalf("study guide link = %q, want /learn/...", href)
	}

	t.Run("markdown export", func(t *testing.T) {
		rec := cl.get(roundURL + "/scorecard.md")
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d", rec.Code)
		}
		if ct := rec.Header().Get("Content-Type"); ct != "text/markdown; charset=utf-8" {
			t.Fatalf("content type %q", ct)
		}
		if cd := rec.Header().Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment; filename=") || !strings.Contains(cd, ".md") {
			t.Fatalf("content disposition %q", cd)
		}
		body := rec.Body.String()
		for _, want := range []string{"# lockdrill mock round: No hire", "## By dimension", "**overtime**", "#### Follow-up: A 40-second GC pause hits the lock holder. Walk me through it.", "> I would acquire with SET"} {
			if !strings.Contains(body, want) {
				t.Fatalf("markdown lacks %q:\n%s", want, body)
			}
		}
	})
	t.Run("history lists the round with its trend", func(t *testing.T) {
		doc := mustDoc(t, cl.get("/rounds"))
		if doc.Find(`[data-testid=resume]`).Length() != 1 {
			// The round started by learnerOf is still in progress.
			t.Fatalf("no resume notice for the other round in progress")
		}
		if doc.Find(`[data-testid=history-row]`).Length() != 2 {
			t.Fatalf("history rows = %d, want 2", doc.Find(`[data-testid=history-row]`).Length())
		}
		if doc.Find(`[data-testid=trend] svg circle`).Length() != 1 || !strings.Contains(doc.Find(`[data-testid=trend-text]`).Text(), "No hire") {
			t.Fatalf("trend = %q, want one dot and its text equivalent", doc.Find(`[data-testid=trend]`).Text())
		}
	})
	t.Run("results feed spaced review", func(t *testing.T) {
		cards, err := env.st.Cards(context.Background(), learner)
		if err != nil {
			t.Fatalf("cards: %v", err)
		}
		if len(cards) != 5 {
			t.Fatalf("review cards = %d, want 5 (one per main question)", len(cards))
		}
	})
	t.Run("a finished round takes no answer", func(t *testing.T) {
		page := cl.get("/rounds").Body.String()
		rec := answerTurn(t, cl, roundURL, page, "40", "another answer to the last question")
		if rec.Code != http.StatusConflict {
			t.Fatalf("status %d, want 409", rec.Code)
		}
	})
}

func TestRoundStartDrawsAcrossTopics(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "5", "6", "coached")
	r, err := env.st.Round(context.Background(), learnerOf(t, cl), strings.TrimPrefix(roundURL, "/rounds/"))
	if err != nil {
		t.Fatalf("round: %v", err)
	}
	if r.Size != 5 || r.Limit != 6*time.Minute || r.Mode != quiz.ModeCoached {
		t.Fatalf("round = %d questions, %v, %s; want 5, 6m, coached", r.Size, r.Limit, r.Mode)
	}
	topics := map[string]bool{}
	for _, turn := range r.Turns {
		q, _ := env.cat.Questions.ByID(turn.Question)
		if q.Kind != quiz.KindFreeText || topics[q.Topic] {
			t.Fatalf("turn %s: kind %s, topic %s repeated=%v", q.ID, q.Kind, q.Topic, topics[q.Topic])
		}
		topics[q.Topic] = true
	}
	// The same seed and history draw the same questions again.
	again := quiz.Draw(env.cat.Questions.ByKind(quiz.KindFreeText), nil, 5, r.Seed)
	for i, turn := range r.Turns {
		if again[i] != turn.Question {
			t.Fatalf("redraw from the stored seed = %v, want the round's questions", again)
		}
	}
	t.Run("coached mode shows feedback after each answer", func(t *testing.T) {
		rec, seq, _, _ := current(t, cl, roundURL)
		ans := answerTurn(t, cl, roundURL, rec.Body.String(), seq, "The lease can expire while the holder is paused, and then another client takes the lock and both of them write to the storage.")
		if loc := ans.Header().Get("Location"); loc != roundURL+"/turns/0" {
			t.Fatalf("after answer: Location %q, want the turn's feedback", loc)
		}
		doc := mustDoc(t, cl.get(roundURL+"/turns/0"))
		if doc.Find(`[data-testid=turn-score]`).Length() != 1 || doc.Find(`[data-testid=next]`).Length() != 1 {
			t.Fatalf("feedback page lacks the score or the next link")
		}
	})
	t.Run("unoffered settings are refused with the field named", func(t *testing.T) {
		tok := csrfFrom(t, cl.get("/rounds"))
		rec := cl.postForm("/rounds", url.Values{"_csrf": {tok}, "questions": {"4"}, "minutes": {"4"}, "mode": {"interview"}})
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(mustDoc(t, rec).Find(`[data-testid=start-error]`).Text(), "questions:") {
			t.Fatalf("status %d, want 422 naming questions", rec.Code)
		}
	})
}

func TestRoundBadInput(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "4", "interview")
	rec, seq, _, _ := current(t, cl, roundURL)
	page := rec.Body.String()
	long := strings.Repeat("fencing ", 700)
	tests := []struct {
		name, seq, text string
		status          int
		want            string
	}{
		{"empty answer is refused, text kept", seq, "   ", http.StatusUnprocessableEntity, "The answer is empty"},
		{"over-long answer is refused, text kept", seq, long, http.StatusUnprocessableEntity, "the limit is 5000"},
		{"a later question is refused", "10", "A fine answer about leases and fencing tokens.", http.StatusConflict, "not the current question"},
		{"a seq that is not a number is refused", "x", "A fine answer.", http.StatusBadRequest, "seq"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := answerTurn(t, cl, roundURL, page, tt.seq, tt.text)
			if r.Code != tt.status || !strings.Contains(r.Body.String(), tt.want) {
				t.Fatalf("status %d, want %d with %q", r.Code, tt.status, tt.want)
			}
			if tt.status == http.StatusUnprocessableEntity {
				kept := mustDoc(t, r).Find(`textarea[name=answer]`).Text()
				if kept != tt.text {
					t.Fatalf("textarea kept %d chars, want the %d submitted", len(kept), len(tt.text))
				}
			}
		})
	}
	t.Run("double submit is recorded once", func(t *testing.T) {
		text := "The lease can expire while the holder is paused, and then another client takes the lock."
		for i := 0; i < 2; i++ {
			if r := answerTurn(t, cl, roundURL, page, seq, text); r.Code != http.StatusSeeOther {
				t.Fatalf("submit %d: status %d, want 303", i+1, r.Code)
			}
		}
		r, err := env.st.Round(context.Background(), cl.cookies["lockdrill_learner"].Value, strings.TrimPrefix(roundURL, "/rounds/"))
		if err != nil {
			t.Fatalf("round: %v", err)
		}
		answered := 0
		for _, turn := range r.Turns {
			if turn.Done() {
				answered++
			}
		}
		if answered != 1 {
			t.Fatalf("answered turns = %d, want 1", answered)
		}
		refused := answerTurn(t, cl, roundURL, page, seq, "a different answer to the same question")
		if refused.Code != http.StatusConflict {
			t.Fatalf("changed resubmit: status %d, want 409", refused.Code)
		}
		// The page is the round's current question, whose clock is
		// running (QA-4 E5), with the typed text kept (QA-31 #5).
		if kept := mustDoc(t, refused).Find(`[data-testid=answer-form] textarea[name=answer]`).Text(); kept != "a different answer to the same question" {
			t.Fatalf("the refusal keeps %q in the current question's form, want the typed text", kept)
		}
	})
}

func TestRoundOfAnotherLearner(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	alice, bob := newClient(t, env.srv), newClient(t, env.srv)
	roundURL := startRound(t, alice, "3", "4", "interview")
	rec, seq, _, _ := current(t, alice, roundURL)
	learnerOf(t, bob)
	bobPage := bob.get("/rounds").Body.String()
	for _, path := range []string{roundURL, roundURL + "/scorecard", roundURL + "/scorecard.md", roundURL + "/turns/0"} {
		t.Run("GET "+path, func(t *testing.T) {
			if r := bob.get(path); r.Code != http.StatusNotFound {
				t.Fatalf("status %d, want 404", r.Code)
			}
		})
	}
	t.Run("answer", func(t *testing.T) {
		if r := answerTurn(t, bob, roundURL, bobPage, seq, "Bob's answer about leases and tokens."); r.Code != http.StatusNotFound {
			t.Fatalf("status %d, want 404", r.Code)
		}
	})
	t.Run("finish", func(t *testing.T) {
		tok := csrfFromBody(t, bobPage)
		if r := bob.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); r.Code != http.StatusNotFound {
			t.Fatalf("status %d, want 404", r.Code)
		}
	})
	t.Run("a visitor", func(t *testing.T) {
		if r := newClient(t, env.srv).get(roundURL); r.Code != http.StatusNotFound {
			t.Fatalf("status %d, want 404", r.Code)
		}
	})
	t.Run("alice's round is untouched", func(t *testing.T) {
		if r := answerTurn(t, alice, roundURL, rec.Body.String(), seq, "Alice's answer: the lease expires while the holder is paused."); r.Code != http.StatusSeeOther {
			t.Fatalf("alice's answer: status %d, want 303", r.Code)
		}
	})
}

func TestRoundSurvivesRestart(t *testing.T) {
	clock := &testClock{t: testNow}
	path := filepath.Join(t.TempDir(), "restart.db")
	env := newRoundEnv(t, path, clock)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "2", "interview")
	rec, seq, q1, _ := current(t, cl, roundURL)
	clock.Advance(time.Minute)
	answerTurn(t, cl, roundURL, rec.Body.String(), seq, "The lease can expire while the holder is paused, and then another client takes the lock.")
	rec, seq2, q2, f2 := current(t, cl, roundURL)
	deadline, _ := mustDoc(t, rec).Find(`[data-testid=deadline]`).Attr("data-deadline")
	env.st.Close()

	// A new process over the same file, and the learner comes back later.
	clock.Advance(30 * time.Second)
	env2 := newRoundEnv(t, path, clock)
	cl.h = env2.srv
	doc := mustDoc(t, cl.get("/rounds"))
	if href, _ := doc.Find(`[data-testid=resume-link]`).Attr("href"); href != roundURL {
		t.Fatalf("resume link = %q, want %q", href, roundURL)
	}
	rec, seq3, q3, f3 := current(t, cl, roundURL)
	if seq3 != seq2 || q3 != q2 || f3 != f2 || q2 == "" {
		t.Fatalf("after restart: turn %s %s/%s, want %s %s/%s (first was %s)", seq3, q3, f3, seq2, q2, f2, q1)
	}
	d2, _ := mustDoc(t, rec).Find(`[data-testid=deadline]`).Attr("data-deadline")
	rem, _ := mustDoc(t, rec).Find(`[data-testid=deadline]`).Attr("data-remaining-ms")
	if d2 != deadline {
		t.Fatalf("deadline after restart = %s, want the original %s (the clock keeps running)", d2, deadline)
	}
	if ms, _ := strconv.Atoi(rem); ms != 90_000 {
		t.Fatalf("remaining = %s ms, want 90000", rem)
	}
}

// TestStrongRoundIsAHire sits a three-question coached round with complete
// answers: no follow-up is asked and the verdict is strong hire.
func TestStrongRoundIsAHire(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	strong := map[string]string{
		"redis-lock-and-failure": "To acquire, I'd run SET lock:invoice-42 <random uuid> NX PX 30000 in one command, so the key and its expiry are created atomically and only if nobody holds it. The value is a random token unique to this client. To release, I run a small Lua script that deletes the key only if its value is still my token, so I can never delete someone else's lock.\nHow it fails: if my process is paused, say a long GC or the VM gets descheduled, for longer than 30 seconds, the key expires, another client acquires it, and when I wake up I carry on writing as if I still held it. Also Redis replication is asynchronous, so if the primary dies before the key reaches the replica, the promoted replica has no lock and a second client gets it. To make that safe the storage has to check a fencing token and reject writes from the older holder.",
		"fencing-token":          "A fencing token is a number the lock service hands out with every grant, and it strictly increases: 33, then 34, and so on. The holder sends its token along with every write to the protected resource, and the resource remembers the highest token it has accepted and rejects any write carrying a lower one. It exists for the holder that was paused, for example by a stop-the-world GC, whose lease expired while it was frozen: when it wakes and writes with the old token, the storage refuses it. The catch is that the resource has to cooperate and do that comparison atomically with the write, which a plain file or a third-party API won't do. And the counter has to survive failover of the lock service, so something like the etcd revision or the ZooKeeper zxid, not INCR on a single Redis node.",
		"avoid-the-lock":         "First I'd ask what the lock is for. If it only saves duplicate work, and running the thing twice is merely wasteful, I don't need a strong lock at all, or a cheap best-effort one is enough. If it's for correctness, I'd rather let the data enforce it: a unique constraint, or a conditional UPDATE ... WHERE version = ? that only one writer can win. Making the operation idempotent with an idempotency key also makes a second run harmless. Another option is to give the work a single owner, for example partition it so one consumer handles each key. A distributed lock adds a dependency that can be down or slow, and without fencing it doesn't even give you correctness, so it's often the most expensive way to get the weakest guarantee.",
	}
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 2, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatalf("create round: %v", err)
	}
	roundURL := "/rounds/" + id
	for i := 0; i < 3; i++ {
		rec, seq, q, f := current(t, cl, roundURL)
		if f != "" {
			t.Fatalf("a complete answer drew the follow-up %q", f)
		}
		env.clock.Advance(3 * time.Minute)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, strong[q]); r.Code != http.StatusSeeOther {
			t.Fatalf("answer %s: status %d", q, r.Code)
		}
		fb := mustDoc(t, cl.get(roundURL+"/turns/"+seq))
		if fb.Find(`[data-testid=turn-score]`).Length() != 1 {
			t.Fatalf("coached feedback missing after %s", q)
		}
	}
	doc := mustDoc(t, cl.get(roundURL+"/scorecard"))
	if v, _ := doc.Find(`[data-testid=verdict]`).Attr("data-verdict"); v != string(quiz.StrongHire) {
		t.Fatalf("verdict = %q (%s), want strong-hire", v, doc.Find(`[data-testid=reasons]`).Text())
	}
	if n := doc.Find(`[data-testid=overtime]`).Length(); n != 0 {
		t.Fatalf("overtime badges = %d, want 0 (3 minutes of 4)", n)
	}
}

// TestFinishingARound checks how a round whose answers are all in gets
// closed: a GET never closes it, the learner's POST closes it and feeds every
// main answer to spaced review (the overtime one with its penalty), and a
// second POST changes nothing.
func TestFinishingARound(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "2", "interview")
	learner := cl.cookies["lockdrill_learner"].Value
	id := roundURL[strings.LastIndex(roundURL, "/")+1:]
	ctx := context.Background()
	r, err := env.st.Round(ctx, learner, id)
	if err != nil {
		t.Fatalf("round: %v", err)
	}
	// Answer every main question straight in the store, as if the server
	// stopped after the last answer and before closing the round.
	scores := map[string]float64{}
	for i, turn := range r.Turns {
		q, _ := env.cat.Questions.ByID(turn.Question)
		shown := env.clock.Now()
		if _, _, err := env.st.UpdateRound(ctx, learner, id, func(r *store.Round) (quiz.RoundChange, error) { return r.Show(shown), nil }); err != nil {
			t.Fatalf("mark shown: %v", err)
		}
		took := time.Minute
		if i == 1 {
			took = 10 * time.Minute // over the two-minute limit
		}
		env.clock.Advance(took)
		res := env.cat.Questions.Grade(q, quiz.Answer{Text: q.ModelAnswer.Markdown})
		scores[q.ID] = quiz.Penalised(res.Score, i == 1)
		if err := env.st.AnswerTurn(ctx, learner, id, store.TurnAnswer{Seq: turn.Seq, Text: q.ModelAnswer.Markdown, Result: res, At: env.clock.Now()}); err != nil {
			t.Fatalf("answer turn %d: %v", turn.Seq, err)
		}
	}
	overtimeQuestion := r.Turns[1].Question

	rec := cl.get(roundURL)
	if rec.Code != http.StatusOK || mustDoc(t, rec).Find(`[data-testid=round-complete]`).Length() != 1 {
		t.Fatalf("GET of a round with every answer in: status %d, want 200 and the finish button", rec.Code)
	}
	if r, _ := env.st.Round(ctx, learner, id); !r.Finished.IsZero() {
		t.Fatalf("a GET closed the round")
	}
	if log, _ := env.st.AttemptLog(ctx, learner); len(log) != 0 {
		t.Fatalf("a GET fed %d answers to review, want none", len(log))
	}

	finish := func() {
		t.Helper()
		rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}})
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != roundURL+"/scorecard" {
			t.Fatalf("finish: status %d to %q, want 303 to the scorecard", rec.Code, rec.Header().Get("Location"))
		}
	}
	finish()
	log, err := env.st.AttemptLog(ctx, learner)
	if err != nil || len(log) != 3 {
		t.Fatalf("attempts after finishing = %d (%v), want the 3 main answers", len(log), err)
	}
	for _, a := range log {
		if a.Rating == 0 || a.Score != scores[a.Question] {
			t.Fatalf("attempt at %q = %+v, want rated with the round's score %v", a.Question, a, scores[a.Question])
		}
		full, err := env.st.Attempt(ctx, learner, a.ID)
		if err != nil {
			t.Fatalf("attempt: %v", err)
		}
		note := full.Result.Notes[len(full.Result.Notes)-1]
		if over := strings.Contains(note, "over time"); over != (a.Question == overtimeQuestion) {
			t.Fatalf("attempt at %q has note %q; want the overtime note only on %q", a.Question, note, overtimeQuestion)
		}
	}
	if cards, _ := env.st.Cards(ctx, learner); len(cards) != 3 {
		t.Fatalf("cards = %d, want 3", len(cards))
	}
	doc := mustDoc(t, cl.get(roundURL+"/scorecard"))
	if doc.Find(`[data-testid=verdict]`).Length() == 0 && doc.Find(`h1`).Length() == 0 {
		t.Fatalf("scorecard did not render")
	}
	// Ended with every answer in, the flash does not say that unanswered
	// questions scored zero (QA-51 L4).
	if flash := doc.Find(`[data-testid=flash]`).Text(); !strings.Contains(flash, "Round ended") || strings.Contains(flash, "scored zero") {
		t.Fatalf("flash after ending a round with every answer in = %q, want \"Round ended.\" alone", flash)
	}

	finish()
	if log, _ := env.st.AttemptLog(ctx, learner); len(log) != 3 {
		t.Fatalf("attempts after finishing twice = %d, want still 3", len(log))
	}

	// The round's own page now leads to the scorecard; with every answer
	// in, its notice does not say that unanswered questions scored zero
	// (QA-45 M3).
	if rec := cl.get(roundURL); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != roundURL+"/scorecard" {
		t.Fatalf("GET of a finished round: status %d to %q, want 303 to the scorecard", rec.Code, rec.Header().Get("Location"))
	}
	flash := mustDoc(t, cl.get(roundURL+"/scorecard")).Find(`[data-testid=flash]`).Text()
	if !strings.Contains(flash, "This round has ended") || strings.Contains(flash, "scored zero") {
		t.Fatalf("notice after a round with every answer in = %q, want it ended without unanswered questions scoring zero", flash)
	}
}

// TestHeadDoesNotStartTheClock: a HEAD (a link checker, a prefetch with the
// learner's cookie) must change nothing, so it does not start the current
// question's clock; the learner's first GET does.
func TestHeadDoesNotStartTheClock(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "4", "interview")
	learner := cl.cookies["lockdrill_learner"].Value
	id := roundURL[strings.LastIndex(roundURL, "/")+1:]
	ctx := context.Background()
	shown := func() time.Time {
		t.Helper()
		r, err := env.st.Round(ctx, learner, id)
		if err != nil {
			t.Fatalf("round: %v", err)
		}
		return r.Turns[0].Shown
	}

	for _, path := range []string{"/rounds", roundURL, roundURL + "/scorecard"} {
		rec := cl.do(httptest.NewRequest(http.MethodHead, path, nil))
		if rec.Code >= 400 {
			t.Fatalf("HEAD %s = %d, want success", path, rec.Code)
		}
	}
	if got := shown(); !got.IsZero() {
		t.Fatalf("after HEAD the first question was shown at %v, want never: its clock must not start", got)
	}

	env.clock.Advance(3 * time.Minute)
	rec, _, _, _ := current(t, cl, roundURL)
	if got, want := shown(), env.clock.Now(); !got.Equal(want) {
		t.Fatalf("after GET the first question was shown at %v, want %v", got, want)
	}
	want := env.clock.Now().Add(4 * time.Minute).UTC().Format("15:04:05")
	if !strings.Contains(rec.Body.String(), want) {
		t.Fatalf("the page does not give the deadline %s, four minutes after the GET", want)
	}
}

// TestFinishScoresAnAnswerThatArrivesMeanwhile: the learner ends the round
// while an answer from another tab is being stored. The answer lands after
// the finish handler has read the round and before it closes it; it must
// be scored and fed to review, not stored and then ignored.
func TestFinishScoresAnAnswerThatArrivesMeanwhile(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := startRound(t, cl, "3", "4", "interview")
	learner := cl.cookies["lockdrill_learner"].Value
	id := roundURL[strings.LastIndex(roundURL, "/")+1:]
	ctx := context.Background()
	rec, seq, qid, _ := current(t, cl, roundURL)
	q, _ := env.cat.Questions.ByID(qid)
	res := env.cat.Questions.Grade(q, quiz.Answer{Text: q.ModelAnswer.Markdown})
	if res.Score == 0 {
		t.Fatalf("the model answer of %s scores 0; the test needs a scoring answer", qid)
	}
	n, _ := strconv.Atoi(seq)
	env.clock.Advance(time.Minute)
	// The finish handler reads the clock after reading the round: the
	// other tab's answer is stored right then.
	env.clock.OnNextNow(func() {
		if err := env.st.AnswerTurn(ctx, learner, id, store.TurnAnswer{Seq: n, Text: q.ModelAnswer.Markdown, Result: res, At: testNow.Add(time.Minute)}); err != nil {
			t.Errorf("answer from the other tab: %v", err)
		}
	})
	fin := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}})
	if fin.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d, want 303", fin.Code)
	}
	r, err := env.st.Round(ctx, learner, id)
	if err != nil || r.Finished.IsZero() || !r.Turns[0].Done() {
		t.Fatalf("round = %+v, %v; want it closed with the first answer stored", r, err)
	}
	want := quiz.Score(env.cat.Questions, env.cat.FollowUps, r.QuizTurns(), r.Limit).Score
	if want == 0 || r.Score != want {
		t.Fatalf("stored score = %v, want %v, the score of the answers stored", r.Score, want)
	}
	if log, _ := env.st.AttemptLog(ctx, learner); len(log) != 1 || log[0].Question != qid {
		t.Fatalf("review got %d answers, want the one answer of %s", len(log), qid)
	}
}

// TestRoundDoesNotReturnToAProbedTopic: once the interviewer has asked a
// follow-up on leases, the round's later main question on leases is
// swapped for one on a topic the round has not touched, and the swap is
// what the learner is asked next.
func TestRoundDoesNotReturnToAProbedTopic(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	order := []string{"redis-lock-and-failure", "session-suspended", "choose-ttl"}
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeInterview, Limit: 4 * time.Minute, Seed: 7, Questions: order, Started: env.clock.Now()})
	if err != nil {
		t.Fatalf("create round: %v", err)
	}
	roundURL := "/rounds/" + id
	var asked []string
	probedLeases := false
	for i := 0; i < 10; i++ {
		rec, seq, q, f := current(t, cl, roundURL)
		if f == "" {
			asked = append(asked, q)
			if len(asked) == 2 {
				break
			}
		}
		text := roundAnswers[q]
		if f != "" {
			text = followUpAnswers[f]
			// (g42: redis-lock-and-failure's own probe of a paused
			// holder covers the pause follow-up, on the same topic)
			if f == "pause-past-expiry" || f == "redis-holder-gc-pause" {
				probedLeases = true
			}
			if text == "" {
				text = "I would need to think about that one; the lock probably still protects it in most cases."
			}
		}
		env.clock.Advance(30 * time.Second)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
			t.Fatalf("answer %s/%s: status %d, want 303", q, f, r.Code)
		}
	}
	if !probedLeases {
		t.Fatalf("the first answer did not draw the leases follow-up; asked %v", asked)
	}
	if len(asked) != 2 {
		t.Fatalf("main questions asked %v, want two", asked)
	}
	second, ok := env.cat.Questions.ByID(asked[1])
	if !ok {
		t.Fatalf("unknown question %q", asked[1])
	}
	if asked[1] == "session-suspended" || second.Topic == "leases" {
		t.Fatalf("second main question is %s (topic %s), want one off the probed topic leases", asked[1], second.Topic)
	}
	for _, used := range []string{"implementation", "ttl"} {
		if second.Topic == used {
			t.Fatalf("replacement %s repeats the round's topic %s", asked[1], used)
		}
	}
	r, err := env.st.Round(context.Background(), learner, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Turns[len(r.Turns)-1].Question; got != "choose-ttl" {
		t.Fatalf("last main question %q, want choose-ttl kept (its topic was not probed)", got)
	}
}

// TestDoubleStartLandsOnOneRound: "Start the round" sent twice (a double
// click) starts one round, and both requests land on it (QA-3 D15). A start
// with other settings, or after the window, while that round is in progress
// starts nothing unless the learner ticks "End the round in progress
// first", which ends it (QA-8 Q8-22: the older round stayed in progress
// with its clock running).
func TestDoubleStartLandsOnOneRound(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	first := startRound(t, cl, "3", "4", "interview")
	if again := startRound(t, cl, "3", "4", "interview"); again != first {
		t.Fatalf("the second start went to %s, want the round just started %s", again, first)
	}
	tok := csrfFrom(t, cl.get("/rounds"))
	rec := cl.postForm("/rounds", url.Values{"_csrf": {tok}, "questions": {"3"}, "minutes": {"4"}, "mode": {"coached"}})
	if rec.Code != http.StatusConflict || !strings.Contains(mustDoc(t, rec).Find(`[data-testid=start-error]`).Text(), "a round is in progress") ||
		mustDoc(t, rec).Find(`[data-testid=end-current]`).Length() != 1 {
		t.Fatalf("a start in another mode with a round in progress: status %d, want 409 offering to end it first", rec.Code)
	}
	other := startRoundEnding(t, cl, "3", "4", "coached")
	if other == first {
		t.Fatal("a start in another mode landed on the interview round")
	}
	peer := startRoundEnding(t, cl, "3", "4", "peer")
	if peer == other {
		t.Fatal("a peer start landed on the solo round")
	}
	env.clock.Advance(store.RestartWindow + time.Second)
	later := startRoundEnding(t, cl, "3", "4", "interview")
	if later == first {
		t.Fatal("a start after the window landed on the earlier round")
	}
	rounds, err := env.st.Rounds(context.Background(), learnerOf(t, cl))
	if err != nil || len(rounds) != 3 {
		// The peer round nobody joined was cancelled, not scored.
		t.Fatalf("rounds = %d (%v), want 3: interview, coached and the last interview", len(rounds), err)
	}
	for _, r := range rounds {
		if open := r.Finished.IsZero(); open != ("/rounds/"+r.ID == later) {
			t.Errorf("round %s (%s): in progress = %v; want only the last one in progress", r.ID, r.Mode, open)
		}
	}
}

// startRoundEnding is startRound with "End the round in progress first"
// ticked.
func startRoundEnding(t *testing.T, cl *client, questions, minutes, mode string) string {
	t.Helper()
	tok := csrfFrom(t, cl.get("/rounds"))
	rec := cl.postForm("/rounds", url.Values{"_csrf": {tok}, "questions": {questions}, "minutes": {minutes}, "mode": {mode}, "end_current": {"1"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("start round, ending the one in progress: status %d, want 303", rec.Code)
	}
	return rec.Header().Get("Location")
}
