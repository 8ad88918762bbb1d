package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// pathMatch reports whether a browser sends a cookie of path cookiePath
// with a request for path (RFC 6265, 5.1.4).
func pathMatch(cookiePath, path string) bool {
	if cookiePath == "" {
		cookiePath = "/"
	}
	if !strings.HasPrefix(path, cookiePath) {
		return false
	}
	return len(path) == len(cookiePath) || strings.HasSuffix(cookiePath, "/") || path[len(cookiePath)] == '/'
}

// TestContestConfirmationStaysOnItsAttempt: a learner with two attempts
// open in two tabs contests a point on the first; before the first tab
// follows its redirect, the second tab is reloaded. The confirmation shows
// on the first attempt's page, never on the second's (QA-39 F1 #1: a
// site-wide flash cookie showed it on whichever page loaded next). A
// browser is never even sent it on the second page; a client that sends
// it anyway, or a learner who is not the one who contested, is not shown
// it.
func TestContestConfirmationStaysOnItsAttempt(t *testing.T) {
	srv, _ := newTestServer(t)
	me := newClient(t, srv)
	const answer = "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	first, doc := me.answerOK("fencing-token", url.Values{"answer": {answer}})
	second, _ := me.answerOK("fencing-token", url.Values{"answer": {partialFencing}})
	if second == first {
		t.Fatalf("both answers made one attempt, %s", first)
	}
	action, tok := contestFormOf(t, doc, "resource-rejects")
	rec := me.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}})
	if want := first + "#point-resource-rejects"; rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != want {
		t.Fatalf("contest: status %d to %q, want 303 to %s", rec.Code, rec.Header().Get("Location"), want)
	}
	for _, ck := range rec.Result().Cookies() {
		if ck.MaxAge >= 0 && strings.Contains(ck.Name, "flash") && pathMatch(ck.Path, second) {
			t.Errorf("the confirmation's cookie %s (Path=%q) is sent by a browser to the other attempt %s", ck.Name, ck.Path, second)
		}
	}
	stolen := map[string]*http.Cookie{}
	for name, ck := range me.cookies {
		if strings.Contains(name, "flash") {
			stolen[name] = ck
		}
	}

	// This test client sends every cookie it holds to every path.
	if f := mustDoc(t, me.get(second)).Find(`[data-testid=flash]`).Text(); f != "" {
		t.Errorf("the other attempt's page shows %q", f)
	}
	if f := mustDoc(t, me.get(first)).Find(`[data-testid=flash]`).Text(); !strings.Contains(f, "Corrected") {
		t.Errorf("the contested attempt's page shows %q, want the confirmation", f)
	}
	if f := mustDoc(t, me.get(first)).Find(`[data-testid=flash]`).Text(); f != "" {
		t.Errorf("reloaded, the contested attempt's page still shows %q", f)
	}

	// Another learner who has the notice's cookie (as on a shared
	// browser after the first learner's cookie was replaced) and opens
	// their own attempt at the same address is not shown it.
	other := newClient(t, srv)
	other.answerOK("fencing-token", url.Values{"answer": {answer}})
	for name, ck := range stolen {
		other.cookies[name] = ck
	}
	for _, page := range []string{first, "/practice/fencing-token"} {
		if f := mustDoc(t, other.get(page)).Find(`[data-testid=flash]`).Text(); strings.Contains(f, "Corrected") {
			t.Errorf("another learner is shown the confirmation on %s: %q", page, f)
		}
	}
}

// TestPassRuleCountsCorePointsInWords: the feedback banner names the core
// points an answer made, or the question has and it missed, in words and
// with the grammar of their number: "makes both core points", "makes all
// three core points", "this question has three and this answer misses
// two" (QA-39 F1 #4: "makes all 2 core points"). The ticks are the
// learner's, so the test does not turn on what the matchers credit.
func TestPassRuleCountsCorePointsInWords(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	for _, tc := range []struct {
		name, question string
		// ticks picks the points to tick from the question's core and
		// breadth points.
		ticks     func(core, breadth []string) []string
		want, not string
	}{
		{"two made", "row-lock", func(core, _ []string) []string { return core }, "This answer makes both core points;", "all 2"},
		{"three made", "fencing-token", func(core, _ []string) []string { return core }, "This answer makes all three core points;", "all 3"},
		{"two of three missed", "fencing-token", func(core, _ []string) []string { return core[:1] }, "this question has three and this answer misses two.", "has 3"},
		{"two made, breadth short", "deadlock-ordering", func(core, _ []string) []string { return core }, "This answer makes both core points but no breadth points.", "all 2"},
		{"two made, breadth enough", "deadlock-ordering", func(core, breadth []string) []string { return append(core, breadth...) }, "This answer makes both core points and ", "all 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := mustQuestion(t, tc.question)
			core, breadth := pointIDs(q)
			loc, _ := cl.answerOK(q.ID, url.Values{"answer": {"A lock is held by one client at a time, and the storage checks who writes."}})
			tick(t, cl, loc, tc.ticks(core, breadth))
			rule := strings.Join(strings.Fields(mustDoc(t, cl.get(loc)).Find(`[data-testid=score-card] [data-testid=pass-rule]`).Text()), " ")
			if !strings.Contains(rule, tc.want) || strings.Contains(rule, tc.not) {
				t.Errorf("the banner says %q; want %q", rule, tc.want)
			}
		})
	}
}

// TestFeedbackSaysWhatAFullerAnswerWouldAddOnce: a passing answer that
// misses breadth points hears each of them once above its answer, in the
// verdict's list ("A fuller answer would add: …"), and not again in a
// note below it ("You made the core points. A fuller answer would also
// cover: …"), before and after a contest re-scores it (QA-39 F1 #3).
func TestFeedbackSaysWhatAFullerAnswerWouldAddOnce(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {partialFencing}})
	check := func(t *testing.T, doc *goquery.Document) int {
		t.Helper()
		said := doc.Find(`[data-testid=score-card] [data-testid=missing] li, [data-testid=note]`)
		missed := 0
		doc.Find(`[data-testid=points-missed] li[data-testid=point-missed]`).Each(func(_ int, li *goquery.Selection) {
			if li.Find(`[data-testid=core-point]`).Length() > 0 {
				return
			}
			missed++
			label := strings.TrimSpace(li.Find("strong").First().Text())
			n := 0
			said.Each(func(_ int, s *goquery.Selection) { n += strings.Count(spaced(s.Text()), label) })
			if n != 1 {
				t.Errorf("the verdict and notes name the missed breadth point %q %d times, want once", label, n)
			}
		})
		doc.Find(`[data-testid=note]`).Each(func(_ int, s *goquery.Selection) {
			if strings.Contains(s.Text(), "fuller answer") {
				t.Errorf("a note repeats what the verdict lists: %q", spaced(s.Text()))
			}
		})
		return missed
	}
	if n := check(t, doc); n < 2 {
		t.Fatalf("the answer misses %d breadth points; the test needs two", n)
	}
	// Contesting one of them as made re-scores the answer; the other
	// is still said once.
	item, _ := doc.Find(`[data-testid=points-missed] li[data-testid=point-missed]:not(:has([data-testid=core-point]))`).First().Attr("data-point")
	action, tok := contestFormOf(t, doc, item)
	if r := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {item}, "was": {"missed"}}); r.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d", r.Code)
	}
	if n := check(t, mustDoc(t, cl.get(loc))); n != 1 {
		t.Fatalf("after the contest %d breadth points are missed, want one", n)
	}
}
