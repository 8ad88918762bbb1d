package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"lockdrill/quiz"
	"lockdrill/store"
)

// TestScoreDifferenceIsExplained sits a coached round through the router:
// the first answer leaves out the paused holder and comes in over time,
// and the follow-up's answer makes the missed point. The turn page and the
// scorecard then say why the question's score is not the answer's graded
// score: the point made in the follow-up, the overtime penalty, and the
// follow-ups' share, with numbers that add up to what the page shows.
func TestScoreDifferenceIsExplained(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	learner := learnerOf(t, cl)
	id, err := env.st.CreateRound(context.Background(), learner, store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	rec, seq, q, _ := current(t, cl, roundURL)
	env.clock.Advance(5 * time.Minute) // over the four minutes and the grace
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, roundAnswers[q]); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	// Before any follow-up is answered, the turn page says the follow-ups
	// still count and the score is "so far".
	turn := mustDoc(t, cl.get(roundURL+"/turns/0"))
	ex := turn.Find(`[data-testid=score-explain]`)
	if ex.Length() != 1 || !strings.Contains(ex.Text(), "so far") || ex.Find(`li[data-kind=overtime]`).Length() != 1 {
		t.Fatalf("turn page before the follow-ups: explanation %q, want the overtime step and a score so far", ex.Text())
	}
	answered := 0
	for {
		rec, seq, _, f := current(t, cl, roundURL)
		if f == "" {
			break
		}
		text, ok := followUpAnswers[f]
		if !ok {
			t.Fatalf("no answer written for follow-up %q", f)
		}
		env.clock.Advance(time.Minute)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, text); r.Code != http.StatusSeeOther {
			t.Fatalf("follow-up %s: status %d", f, r.Code)
		}
		answered++
	}
	if answered == 0 {
		t.Fatal("the partial answer drew no follow-up")
	}
	r, err := env.st.Round(context.Background(), learner, id)
	if err != nil {
		t.Fatal(err)
	}
	graded := r.Turns[0].Result.Score

	tok := csrfFromBody(t, cl.get(roundURL).Body.String())
	if rec := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", rec.Code)
	}
	doc := mustDoc(t, cl.get(roundURL+"/scorecard"))
	first := doc.Find(`[data-testid=scored-question]`).First()
	ex = first.Find(`[data-testid=score-explain]`).First()
	if ex.Length() != 1 {
		t.Fatalf("scorecard: no explanation under question 1 (%s)", first.Text())
	}
	t.Logf("explanation: %s", strings.Join(strings.Fields(ex.Text()), " "))
	wantGraded := fmt.Sprintf("%d %%", int(graded*100+0.5))
	if got := ex.Find(`[data-testid=explain-graded]`).Text(); got != wantGraded {
		t.Fatalf("explained graded score = %q, want the stored grade %q", got, wantGraded)
	}
	badge := strings.TrimSpace(first.Find(`h3 .badge`).First().Text())
	if got := ex.Find(`[data-testid=explain-final]`).Text(); got != badge {
		t.Fatalf("explained final score = %q, want the question's badge %q", got, badge)
	}
	for _, kind := range []string{"recovered", "overtime", "follow-ups"} {
		if ex.Find(`li[data-kind=`+kind+`]`).Length() != 1 {
			t.Fatalf("scorecard explanation %q lacks the %s step", ex.Text(), kind)
		}
	}
	if txt := ex.Find(`li[data-kind=overtime]`).Text(); !strings.Contains(txt, "5 min 00 s") || !strings.Contains(txt, "−20 points") {
		t.Fatalf("overtime step = %q, want the time used and the penalty", txt)
	}
	if strings.Contains(ex.Text(), "so far") {
		t.Fatalf("a finished round's explanation says %q", ex.Text())
	}
	// The Markdown export carries the same account.
	if md := cl.get(roundURL + "/scorecard.md").Body.String(); !strings.Contains(md, "Graded "+wantGraded+", question score "+badge) || !strings.Contains(md, "−20 points") {
		t.Fatalf("the Markdown scorecard lacks the explanation:\n%s", md)
	}
	// The turn page, now that the round is over, gives the same account.
	turn = mustDoc(t, cl.get(roundURL+"/turns/0"))
	if got := turn.Find(`[data-testid=score-explain] [data-testid=explain-final]`).Text(); got != badge {
		t.Fatalf("turn page final score = %q, want %q as on the scorecard", got, badge)
	}
	// A question answered in time with no follow-up has nothing to explain.
	for i := 1; i < doc.Find(`[data-testid=scored-question]`).Length(); i++ {
		q := doc.Find(`[data-testid=scored-question]`).Eq(i)
		if q.Find(`[data-testid=scored-followup]`).Length() == 0 && q.Find(`[data-testid=overtime]`).Length() == 0 && q.Find(`[data-testid=score-explain]`).Length() != 0 {
			t.Fatalf("question %d has an explanation with nothing to explain: %q", i+1, q.Find(`[data-testid=score-explain]`).Text())
		}
	}
}
