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

// pointsOf returns the ids of the points a feedback page lists as made
// and as missed.
func pointsOf(doc *goquery.Document) (hit, missed []string) {
	doc.Find(`[data-testid=point-hit]`).Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-point")
		hit = append(hit, id)
	})
	doc.Find(`[data-testid=point-missed]`).Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("data-point")
		missed = append(missed, id)
	})
	return hit, missed
}

// disputeOf returns the learner's kept dispute of item, if any.
func disputeOf(t *testing.T, st *store.Store, item string) (store.Dispute, bool) {
	t.Helper()
	ds, err := st.AllDisputes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Item == item {
			return d, true
		}
	}
	return store.Dispute{}, false
}

const qa35Fencing = "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."

// TestDisputeKeepsWhatTheGraderSaid: a contested tick is kept with the
// words the grader quoted for it and the grader's own score and verdict,
// so the dispute can become a corpus item (QA-35 #1: only the version and
// the contested mark were kept).
func TestDisputeKeepsWhatTheGraderSaid(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	_, doc := cl.answerOK("fencing-token", url.Values{"answer": {qa35Fencing}})
	hit, _ := pointsOf(doc)
	if len(hit) == 0 {
		t.Fatal("the answer was meant to make a point")
	}
	quoted := strings.TrimSpace(doc.Find(`[data-testid=point-hit][data-point=` + hit[0] + `]`).Text())
	score := strings.TrimSpace(doc.Find(`[data-testid=score]`).First().Text())
	action, tok := contestFormOf(t, doc, hit[0])
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {hit[0]}, "was": {"hit"}, "reason": {"not said"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d", r.Code)
	}
	d, ok := disputeOf(t, st, hit[0])
	if !ok {
		t.Fatalf("no dispute of %s kept", hit[0])
	}
	if d.Evidence == "" || !strings.Contains(qa35Fencing, strings.Split(d.Evidence, " … ")[0]) {
		t.Fatalf("evidence %q: want the words the page quoted for the tick (%q)", d.Evidence, quoted)
	}
	if d.GraderVerdict != "no-pass" || d.GraderScore <= 0 || d.GraderScore >= 0.6 {
		t.Fatalf("grader's grade %v %q, want the answer's own score (page: %q), not a pass", d.GraderScore, d.GraderVerdict, score)
	}
}

// TestTicksFormRecordsItsCorrectionsAndKeepsEarlierDisputes: after two
// Contests with reasons, "Correct all the ticks" that leaves them as they
// are and marks one more missed point as made keeps both disputes with
// their reasons and records the new correction as a dispute too (QA-35
// #2: the form's correction was not recorded).
func TestTicksFormRecordsItsCorrectionsAndKeepsEarlierDisputes(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {qa35Fencing}})
	hit, missed := pointsOf(doc)
	if len(hit) < 2 || len(missed) < 2 {
		t.Fatalf("the answer was meant to make two points and miss two (hit %v, missed %v)", hit, missed)
	}
	action, tok := contestFormOf(t, doc, hit[0])
	for _, c := range [][2]string{{hit[0], "hit"}, {missed[0], "missed"}} {
		if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {c[0]}, "was": {c[1]}, "reason": {"reason for " + c[0]}}); r.Code != http.StatusSeeOther {
			t.Fatalf("contest %s: status %d", c[0], r.Code)
		}
	}
	// Ticked as the page now has them, plus missed[1].
	ticked := append(append([]string{}, hit[1:]...), missed[0], missed[1])
	if r := cl.postForm(loc+"/ticks", url.Values{"_csrf": {tok}, "point": ticked}); r.Code != http.StatusSeeOther {
		t.Fatalf("ticks: status %d: %s", r.Code, r.Body.String())
	}
	for _, item := range []string{hit[0], missed[0]} {
		if d, ok := disputeOf(t, st, item); !ok || d.Reason != "reason for "+item {
			t.Errorf("the earlier dispute of %s = %+v (kept %v), want it kept with its reason", item, d, ok)
		}
	}
	d, ok := disputeOf(t, st, missed[1])
	if !ok || d.Was != "missed" || d.Answer != qa35Fencing || d.Question != "fencing-token" || d.GraderVerdict == "" {
		t.Fatalf("the ticks form's correction of %s: dispute %+v (kept %v), want one of a missed point", missed[1], d, ok)
	}
	if ds, _ := st.AllDisputes(context.Background()); len(ds) != 3 {
		t.Fatalf("disputes = %d, want 3", len(ds))
	}
	if !mustDoc(t, cl.get(loc)).Find(`[data-testid=point-hit][data-point=` + missed[1] + `]`).Is("*") {
		t.Fatalf("%s is not marked as made after the ticks", missed[1])
	}
}

// TestStaleContestFormClaimsNoCorrection: a contest form that names a
// decision the grader never took (a missed point sent as ticked, a point
// sent as a red flag), which the learner never corrected, changes nothing
// and says the form no longer matches the grade, not "Already corrected"
// (QA-35 #4).
func TestStaleContestFormClaimsNoCorrection(t *testing.T) {
	srv, st := newTestServer(t)
	cl := newClient(t, srv)
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {qa35Fencing}})
	_, missed := pointsOf(doc)
	if len(missed) == 0 {
		t.Fatal("the answer was meant to miss a point")
	}
	action, tok := contestFormOf(t, doc, missed[0])
	for _, was := range []string{"hit", "flag"} {
		t.Run(was, func(t *testing.T) {
			if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {missed[0]}, "was": {was}}); r.Code != http.StatusSeeOther {
				t.Fatalf("stale contest: status %d", r.Code)
			}
			page := mustDoc(t, cl.get(loc))
			flash := page.Find(`[data-testid=flash]`).Text()
			if strings.Contains(flash, "Already corrected") || !strings.Contains(flash, "no longer matches the grade") || !strings.Contains(flash, "Nothing changed") {
				t.Fatalf("flash %q: want it to say the form no longer matches the grade, claiming no correction", flash)
			}
			if page.Find(`[data-testid=point-missed][data-point=`+missed[0]+`]`).Length() != 1 {
				t.Fatalf("%s is no longer missed", missed[0])
			}
			if ds, _ := st.AllDisputes(context.Background()); len(ds) != 0 {
				t.Fatalf("a stale form stored a dispute: %+v", ds)
			}
		})
	}
}

// TestContestedNotMadeStaysMissedAfterAFollowUp: on a finished round the
// learner contests every tick of the first main answer as not made; the
// scorecard lists each as missed, none "made in the follow-up" with words
// quoted from the main answer, and the round's score does not rise
// (QA-35 #3: a follow-up brought a contested point back).
func TestContestedNotMadeStaysMissedAfterAFollowUp(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	id, err := env.st.CreateRound(context.Background(), learnerOf(t, cl), store.NewRound{Mode: quiz.ModeCoached, Limit: 4 * time.Minute, Seed: 5, Questions: []string{"redis-lock-and-failure", "fencing-token", "avoid-the-lock"}, Started: env.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	roundURL := "/rounds/" + id
	main := roundAnswers["redis-lock-and-failure"]
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, main); r.Code != http.StatusSeeOther {
		t.Fatalf("main answer: status %d", r.Code)
	}
	// Each follow-up answer says again what the main answer said.
	followUps := 0
	for {
		rec, seq, _, f := current(t, cl, roundURL)
		if f == "" {
			break
		}
		env.clock.Advance(time.Minute)
		if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, main+" "+followUpAnswers[f]); r.Code != http.StatusSeeOther {
			t.Fatalf("follow-up %s: status %d", f, r.Code)
		}
		followUps++
	}
	if followUps == 0 {
		t.Fatal("the main answer drew no follow-up")
	}
	tok := csrfFromBody(t, cl.get(roundURL).Body.String())
	if r := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {tok}}); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	turn := mustDoc(t, cl.get(roundURL+"/turns/0"))
	// The turn page lists what the follow-ups made as made too (QA-36
	// F3 #1); the points contested here are the main answer's own.
	var hit []string
	for _, item := range must(pointsOf(turn)) {
		if turn.Find(`li[data-point=`+item+`] [data-testid=recovered]`).Length() == 0 {
			hit = append(hit, item)
		}
	}
	if len(hit) == 0 {
		t.Fatal("the main answer was meant to make points")
	}
	for _, item := range hit {
		action, tok := contestFormOf(t, mustDoc(t, cl.get(roundURL+"/turns/0")), item)
		if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {item}, "was": {"hit"}, "back": {"turn"}}); r.Code != http.StatusSeeOther {
			t.Fatalf("contest %s: status %d", item, r.Code)
		}
	}
	card := mustDoc(t, cl.get(roundURL+"/scorecard"))
	first := card.Find(`[data-testid=scored-question]`).First()
	for _, item := range hit {
		li := first.Find(`li[data-point=` + item + `]`)
		if li.Find(`[data-testid=recovered]`).Length() != 0 || first.Find(`[data-testid=points-missed] li[data-point=`+item+`]`).Length() != 1 {
			t.Errorf("%s, contested as not made, is on the scorecard as %q", item, strings.Join(strings.Fields(li.Text()), " "))
		}
	}
}

// must returns the first of two results.
func must[T, U any](a T, _ U) T { return a }
