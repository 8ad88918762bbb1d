package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"lockdrill/quiz"
)

func setDate(t *testing.T, cl *client, date, back string) string {
	t.Helper()
	rec := cl.postForm("/plan", url.Values{"_csrf": {csrfFrom(t, cl.get(back))}, "interview_date": {date}, "back": {back}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("POST /plan %q = %d, want 303", date, rec.Code)
	}
	return rec.Header().Get("Location")
}

func planText(t *testing.T, cl *client, page, sel string) string {
	t.Helper()
	return strings.Join(strings.Fields(mustDoc(t, cl.get(page)).Find(`[data-testid=plan] `+sel).Text()), " ")
}

func TestStudyPlanCountsDownAndChangesWithTheDate(t *testing.T) {
	srv, _ := newTestServer(t) // today is 2026-11-30
	cl, stranger := newClient(t, srv), newClient(t, srv)
	q := practised(t, cl) // rated Good: due again in a few days
	card := mustDoc(t, cl.get("/practice/"+q.ID)).Find(`[data-testid=due-state]`).Text()
	if !strings.HasPrefix(card, "Due in 3 days") {
		t.Fatalf("due state = %q; the test assumes a card due in 3 days", card)
	}
	if got := planText(t, cl, "/progress", "h2"); got != "Plan to your interview" {
		t.Fatalf("plan heading before a date = %q", got)
	}

	if loc := setDate(t, cl, "2026-12-10", "/progress"); loc != "/progress#plan" {
		t.Fatalf("redirect = %q, want back to the plan", loc)
	}
	if got := planText(t, cl, "/progress", "[data-testid=plan-countdown]"); got != "10 days to your interview" {
		t.Errorf("countdown = %q", got)
	}
	total := len(mustBank(t).All())
	unseen := total - 1
	// 1 review due before the date plus the unseen questions, over 10 days.
	wantTarget := (1 + unseen + 9) / 10
	if got := planText(t, cl, "/progress", "[data-testid=plan-target]"); !strings.HasPrefix(got, strconv.Itoa(wantTarget)+" questions a day for 10 days clears 1 review due before the date and "+strconv.Itoa(unseen)+" questions") {
		t.Errorf("target = %q, want %d a day", got, wantTarget)
	}
	if got := planText(t, cl, "/progress", "[data-testid=plan-due]"); !strings.Contains(got, q.Title) {
		t.Errorf("due before the date = %q, want %q", got, q.Title)
	}
	if n := mustDoc(t, cl.get("/progress")).Find(`[data-testid=plan-weakest] li`).Length(); n != 3 {
		t.Errorf("weakest topics listed = %d, want 3", n)
	}
	if mustDoc(t, cl.get("/progress")).Find(`[data-testid=cram-closed]`).Length() != 1 {
		t.Errorf("cram offered 10 days out")
	}
	// /review plans to the same date.
	if got := planText(t, cl, "/review", "[data-testid=plan-countdown]"); got != "10 days to your interview" {
		t.Errorf("/review countdown = %q", got)
	}

	// Two days out: the review in three days is after the interview, and
	// cram opens.
	setDate(t, cl, "2026-12-02", "/review")
	doc := mustDoc(t, cl.get("/progress"))
	if got := strings.TrimSpace(doc.Find(`[data-testid=plan-countdown]`).Text()); got != "2 days to your interview" {
		t.Errorf("countdown = %q", got)
	}
	if doc.Find(`[data-testid=plan-due]`).Length() != 0 {
		t.Errorf("a review due after the interview is listed as due before it")
	}
	if doc.Find(`[data-testid=cram-link]`).Length() != 1 {
		t.Errorf("no cram session two days out")
	}
	// Two days cannot cover the whole bank at a sensible pace: the plan
	// caps the day and says what does not fit.
	if got, want := planText(t, cl, "/progress", "[data-testid=plan-target]"), "20 questions a day for 2 days is as much as is worth doing, and it is not enough time for everything: of 0 reviews due before the date and "+strconv.Itoa(unseen)+" questions you have not answered yet, 40 fit before the interview and "+strconv.Itoa(unseen-40)+" do not."; !strings.HasPrefix(got, want) {
		t.Errorf("target two days out = %q, want %q", got, want)
	}

	t.Run("bad dates change nothing and name the field", func(t *testing.T) {
		for _, bad := range []string{"2026-13-45", "tomorrow", "", "2026-11-29", "2030-01-01"} {
			rec := cl.postForm("/plan", url.Values{"_csrf": {csrfFrom(t, cl.get("/progress"))}, "interview_date": {bad}, "back": {"/progress"}})
			if msg := refusedInput(t, rec, "interview_date"); !strings.HasPrefix(msg, "Interview date: ") {
				t.Errorf("%q: message = %q, want it to name the field", bad, msg)
			}
			doc := mustDoc(t, cl.get("/progress"))
			if got := strings.TrimSpace(doc.Find(`[data-testid=plan-countdown]`).Text()); got != "2 days to your interview" {
				t.Errorf("%q changed the plan: %q", bad, got)
			}
		}
	})
	t.Run("nobody else sees the plan", func(t *testing.T) {
		if got := planText(t, stranger, "/progress", "h2"); got != "Plan to your interview" {
			t.Errorf("stranger's plan = %q", got)
		}
	})
	t.Run("clearing the date", func(t *testing.T) {
		rec := cl.postForm("/plan/clear", url.Values{"_csrf": {csrfFrom(t, cl.get("/progress"))}, "back": {"/progress"}})
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("clear = %d", rec.Code)
		}
		if got := planText(t, cl, "/progress", "h2"); got != "Plan to your interview" {
			t.Errorf("plan after clearing = %q", got)
		}
	})
}

func TestCramLeavesTheReviewScheduleAlone(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	cl := newClient(t, srv)
	q := practised(t, cl)
	id := cl.cookies["lockdrill_learner"].Value
	before, _, err := st.Card(ctx, id, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	cramPost := func(question, rating string) string {
		t.Helper()
		rec := cl.postForm("/review/cram", url.Values{"_csrf": {csrfFrom(t, cl.get("/review"))}, "question": {question}, "rating": {rating}})
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("POST /review/cram = %d", rec.Code)
		}
		return mustDoc(t, cl.get("/review/cram")).Find(`[data-testid=flash]`).Text()
	}

	if mustDoc(t, cl.get("/review/cram")).Find(`[data-testid=cram-unavailable]`).Length() != 1 {
		t.Fatalf("cram open without an interview date")
	}
	if flash := cramPost(q.ID, "3"); !strings.Contains(flash, "opens in the last week") {
		t.Errorf("cram rating without a date: flash = %q", flash)
	}
	setDate(t, cl, "2026-12-20", "/review")
	if mustDoc(t, cl.get("/review/cram")).Find(`[data-testid=cram-unavailable]`).Length() != 1 {
		t.Fatalf("cram open 20 days out")
	}
	setDate(t, cl, "2026-12-02", "/review")
	doc := mustDoc(t, cl.get("/review/cram"))
	if got, _ := doc.Find(`[data-testid=cram-question]`).Attr("data-question"); got != q.ID {
		t.Fatalf("cram question = %q, want the only answered one %q", got, q.ID)
	}
	if doc.Find(`[data-testid=cram-reveal] summary`).Length() != 1 {
		t.Errorf("no model answer to reveal")
	}
	if flash := cramPost(q.ID, "1"); flash != "Recorded Again for "+strconv.Quote(q.Title)+"." {
		t.Errorf("Again: flash = %q, want it confirmed", flash)
	}
	unanswered := mustBank(t).ByKind(quiz.KindSingle)[1]
	if flash := cramPost(unanswered.ID, "3"); !strings.HasPrefix(flash, "Question: that question is not in your cram session") {
		t.Errorf("a question never answered, so not in the session: flash = %q", flash)
	}
	if got, _ := mustDoc(t, cl.get("/review/cram")).Find(`[data-testid=cram-question]`).Attr("data-question"); got != q.ID {
		t.Errorf("after Again the question did not come back (got %q)", got)
	}
	cramPost(q.ID, "4")
	if mustDoc(t, cl.get("/review/cram")).Find(`[data-testid=cram-done]`).Length() != 1 {
		t.Errorf("after Easy the session is not done")
	}
	if flash := cramPost("no-such-question", "3"); !strings.HasPrefix(flash, "Question: ") {
		t.Errorf("unknown question: flash = %q", flash)
	}
	if flash := cramPost(q.ID, "Brilliant"); !strings.HasPrefix(flash, "Rating: ") {
		t.Errorf("bad rating: flash = %q", flash)
	}

	after, _, err := st.Card(ctx, id, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("cram changed the FSRS card (-before +after):\n%s", diff)
	}
	revs, err := st.CramReviews(ctx, id, testNow.AddDate(0, 0, -1))
	if err != nil {
		t.Fatal(err)
	}
	var got []quiz.Rating
	for _, r := range revs {
		got = append(got, r.Rating)
	}
	if diff := cmp.Diff([]quiz.Rating{quiz.Again, quiz.Easy}, got); diff != "" {
		t.Errorf("cram reviews recorded (-want +got):\n%s", diff)
	}
	if e, _ := st.ExportLearner(ctx, id, testNow); len(e.Attempts) != 1 {
		t.Errorf("cram added attempts: %d, want the 1 practice answer", len(e.Attempts))
	}
}

func TestStudyPlanCloseToTheDateIsCappedAndHonest(t *testing.T) {
	srv, _ := newTestServer(t) // today is 2026-11-30
	cl := newClient(t, srv)
	practised(t, cl)
	total := len(mustBank(t).All())
	if total <= 20 {
		t.Fatalf("the bank has %d questions; this test needs more than a day's cap", total)
	}
	for _, tt := range []struct{ date, countdown string }{
		{"2026-11-30", "Your interview is today"},
		{"2026-12-01", "Your interview is tomorrow"},
	} {
		t.Run(tt.countdown, func(t *testing.T) {
			setDate(t, cl, tt.date, "/progress")
			if got := planText(t, cl, "/progress", "[data-testid=plan-countdown]"); got != tt.countdown {
				t.Errorf("countdown = %q, want %q", got, tt.countdown)
			}
			got := planText(t, cl, "/progress", "[data-testid=plan-target]")
			want := "20 questions today is as much as is worth doing, and it is not enough time for everything: of 0 reviews due before the date and " +
				strconv.Itoa(total-1) + " questions you have not answered yet, 20 fit before the interview and " + strconv.Itoa(total-21) + " do not. " +
				"Spend the time on the weakest topics below and the cram session rather than trying to see every question."
			if got != want {
				t.Errorf("target =\n%q\nwant\n%q", got, want)
			}
		})
	}
	t.Run("a plan that fits is not capped", func(t *testing.T) {
		setDate(t, cl, "2027-02-28", "/progress") // 90 days out
		got := planText(t, cl, "/progress", "[data-testid=plan-target]")
		if !strings.HasPrefix(got, "1 question a day for 90 days clears") || strings.Contains(got, "not enough") {
			t.Errorf("target = %q", got)
		}
	})
}

// TestPlanDateNamesTheYearWhenNotThisOne: a date next year is confirmed
// with its year, so it cannot be read as this year's (QA-5 F3).
func TestPlanDateNamesTheYearWhenNotThisOne(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	next := env.clock.Now().AddDate(1, 0, 0).Format("2006-01-02")
	setDate(t, cl, next, "/progress")
	flash := spaces(mustDoc(t, cl.get("/progress")).Find(`[data-testid=flash]`).Text())
	if !strings.Contains(flash, strconv.Itoa(env.clock.Now().Year()+1)) {
		t.Fatalf("confirmation %q does not name next year", flash)
	}
}
