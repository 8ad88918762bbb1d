package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/store"
)

// outboxNoDedupe answers outbox-pattern without saying that consumers
// deduplicate; outboxDedupeFollowUp makes that point in the follow-up.
const (
	outboxNoDedupe       = "It's a dual write: the commit and the Kafka publish can't be atomic, and if the process crashes between them one of them is lost. A lock doesn't help with that, it only keeps two workers apart. I'd use the outbox pattern: insert the event into an outbox table in the same transaction as the status update, and have a relay, a poller or Debezium reading the WAL, publish the rows and mark them sent."
	outboxDedupeFollowUp = "The relay publishes the row again after the restart, so the event arrives twice: delivery is at-least-once. Consumers keep a unique index on the event id, inserted in the same transaction as their own changes."
)

// outboxCoachedRound starts a coached round on outbox-pattern for cl's
// learner and answers the main question without consumer deduplication;
// it returns the round's path.
func outboxCoachedRound(t *testing.T, env *roundEnv, cl *client) string {
	t.Helper()
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"outbox-pattern", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, outboxNoDedupe); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	return roundURL
}

// answerOutboxFollowUp answers the round's current follow-up with
// outboxDedupeFollowUp and ends the round.
func answerOutboxFollowUp(t *testing.T, env *roundEnv, cl *client, roundURL string, finish bool) {
	t.Helper()
	rec, seq, _, f := current(t, cl, roundURL)
	if f == "" {
		t.Fatal("the answer drew no follow-up")
	}
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, outboxDedupeFollowUp); r.Code != http.StatusSeeOther {
		t.Fatalf("follow-up %s: status %d", f, r.Code)
	}
	if !finish {
		return
	}
	tok := csrfFromBody(t, cl.get(roundURL).Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
}

// TestFollowUpPointQuotesTheFollowUpsPhrase: a point made in the
// follow-up quotes, on the turn page, the scorecard and scorecard.md, the
// phrase the follow-up's own feedback quotes, and says once that it was
// made in the follow-up (QA-36 F3 #2: “unique” where the follow-up's
// feedback quoted “unique index on the event”; "made in the follow-up in
// your follow-up").
func TestFollowUpPointQuotesTheFollowUpsPhrase(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	me := newClient(t, env.srv)
	roundURL := outboxCoachedRound(t, env, me)
	answerOutboxFollowUp(t, env, me, roundURL, true)
	fu := mustDoc(t, me.get(roundURL+"/turns/1"))
	want := ""
	fu.Find(`[data-testid=point-hit] q`).Each(func(_ int, s *goquery.Selection) {
		if strings.Contains(s.Text(), "unique") {
			want = strings.TrimSpace(s.Text())
		}
	})
	if want == "" || want == "unique" {
		t.Fatalf("the follow-up's feedback quotes %q for the unique index; the test needs a phrase", want)
	}
	for _, page := range []string{roundURL + "/scorecard", roundURL + "/turns/0"} {
		li := mustDoc(t, me.get(page)).Find(`li[data-point=consumer-dedupe]`).First()
		if got := strings.TrimSpace(li.Find(`[data-testid=follow-up-quote]`).Text()); got != want {
			t.Errorf("%s quotes %q for consumer-dedupe, want the follow-up's %q", page, got, want)
		}
		// The contest form's button names the follow-up too (QA-37 F1 #5);
		// what the point says of itself is the rest.
		shown := li.Clone()
		shown.Find(`[data-testid=contest]`).Remove()
		if text := strings.Join(strings.Fields(shown.Text()), " "); strings.Count(strings.ToLower(text), "follow-up") != 1 {
			t.Errorf("%s says where the point was made more than once: %q", page, text)
		}
	}
	if md := me.get(roundURL + "/scorecard.md").Body.String(); !strings.Contains(md, "(made in your follow-up: “"+want+"”)") {
		t.Errorf("scorecard.md does not quote %q:\n%.3000s", want, md)
	}
}

// TestModelAnswerWaitsForTheFollowUp: in a coached round the main
// answer's feedback holds back the model answer, which says what the
// follow-up asks, until the follow-up is answered; then it shows it, and
// says the follow-up was answered (QA-36 F3 #3 and #4: the model answer
// gave the follow-up away, and the page still said "The interviewer has 1
// follow-up question").
func TestModelAnswerWaitsForTheFollowUp(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	me := newClient(t, env.srv)
	roundURL := outboxCoachedRound(t, env, me)
	model := "therefore deduplicate"
	before := mustDoc(t, me.get(roundURL+"/turns/0"))
	if strings.Contains(strings.ToLower(before.Text()), model) || before.Find(`[data-testid=model-answer-waits]`).Length() != 1 {
		t.Errorf("before the follow-up, the turn page shows the model answer or does not say it waits: %s", strings.Join(strings.Fields(before.Find("main").Text()), " "))
	}
	answerOutboxFollowUp(t, env, me, roundURL, false)
	after := mustDoc(t, me.get(roundURL+"/turns/0"))
	if !strings.Contains(strings.ToLower(after.Find(`[data-testid=model-answer]`).Text()), model) {
		t.Errorf("after the follow-up, the turn page shows no model answer")
	}
	if got := strings.Join(strings.Fields(after.Find(`[data-testid=queued]`).Text()), " "); !strings.Contains(got, "you answered it") {
		t.Errorf("after the follow-up, the turn page says %q, want that it was answered", got)
	}
}
