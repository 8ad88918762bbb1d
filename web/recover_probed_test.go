package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestProbedCoreHoldsTheQuestionDown: QA-51 H3 through the router. A
// coached round's main answer missed the clock core point; asked about a
// stepped clock, the candidate said clock jumps change nothing, and a
// later follow-up made a breadth point. The scorecard passed the
// question on the lenience for one missed core point. Now the turn page
// says the question is not yet a pass, and why.
func TestProbedCoreHoldsTheQuestionDown(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := coachedRound(t, env, cl, 5, "redis-early-expiry", "fencing-token", "avoid-the-lock")
	main := "We once lost a lock on a box that never failed over. The culprit was memory: the lock lived on the same Redis as our cache, maxmemory was hit, and the volatile-lru policy happily evicted keys with a TTL - and a lock key always has a TTL. So: locks go on their own Redis instance with maxmemory-policy noeviction, and we alert on memory.\n\nThe other way a single node loses it is a restart: anything written after the last RDB snapshot, or the last AOF fsync with everysec, is gone when it comes back. Either run appendfsync always, or keep a restarted node out of service for longer than the longest lock TTL."
	replies := map[string]string{
		"redis-clock-step-expiry": "Nothing dramatic happens to the locks. Redis tracks each key's TTL as a countdown on a monotonic clock, so a jump of the wall clock doesn't change how long the key has left; the keys expire on schedule. I'd still run NTP in slewing mode on that host, because stepping the clock confuses logs and other software.",
	}
	late := "Nothing in the client can stop it, since the client doesn't know it's stale. The resource has to: each grant comes with a fencing token that only increases, the client sends it with the write, and the storage keeps the highest token it has accepted and rejects the write with the older one, in the same atomic step as the write."
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, main); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	var asked []string
	for i := 0; i < 4; i++ {
		rec, seq, _, f := current(t, cl, roundURL)
		if f == "" {
			break
		}
		asked = append(asked, f)
		reply, ok := replies[f]
		if !ok {
			reply = late
		}
		env.clock.Advance(10 * time.Second)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, reply); r.Code != http.StatusSeeOther {
			t.Fatalf("answer %s: status %d", f, r.Code)
		}
	}
	clock := false
	for _, f := range asked {
		clock = clock || f == "redis-clock-step-expiry"
	}
	if !clock {
		t.Fatalf("follow-ups asked %v: the clock follow-up was not asked, so the test shows nothing", asked)
	}
	rec, _, _, _ = current(t, cl, roundURL)
	if r := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}}); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	page := mustDoc(t, cl.get(roundURL+"/turns/0"))
	got := strings.Join(strings.Fields(page.Find(`[data-testid=question-score]`).Text()), " ")
	if !strings.Contains(got, "not yet a pass") {
		t.Errorf("question score %q, want the question not yet a pass", got)
	}
	if !strings.Contains(page.Find(`[data-testid=score-explain]`).Text(), "lenience for one missed core point no longer applies") {
		t.Error("the turn page does not say why the lenience was withdrawn")
	}
}
