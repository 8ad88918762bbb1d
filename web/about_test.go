package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockdrill/content"
	"lockdrill/web/urls"
	"lockdrill/web/views"
)

// TestAboutGraderPublishesBlindFigures: the about page leads with the
// blind holdout's figures as published, and says which targets it misses.
func TestAboutGraderPublishesBlindFigures(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/about/grader"))
	rep, err := content.LoadAccuracy(content.Embedded())
	if err != nil {
		t.Fatalf("load accuracy: %v", err)
	}
	if rep.Blind == nil {
		t.Fatal("no blind figures published")
	}
	got := doc.Find(`[data-testid=blind-holdout]`).Text()
	lead := rep.Blind.Lead
	if lead.Answers < 528 || !strings.Contains(rep.Blind.LeadName, "holdout") || !strings.Contains(got, rep.Blind.LeadName) {
		t.Fatalf("the page leads with %q (%d answers), want the %s (at least 528 answers)", got, lead.Answers, rep.Blind.LeadName)
	}
	for _, want := range []string{views.PctTenthText(lead.Verdicts), views.PctTenthText(lead.Flagged)} {
		if !strings.Contains(got, want) {
			t.Fatalf("holdout paragraph %q lacks %s", got, want)
		}
	}
	if n := doc.Find(`[data-testid=blind-table] tbody tr`).Length(); n < 3 {
		t.Fatalf("blind table has %d rows, want before, now and tuning", n)
	}
	if j := rep.Blind.Judge; j == nil || j.Answers < 500 {
		t.Fatalf("no second judging published: %+v", j)
	} else if got := doc.Find(`[data-testid=blind-judge]`).Text(); !strings.Contains(got, fmt.Sprintf("%d of %d pass/fail", j.Verdicts, j.Answers)) {
		t.Fatalf("judge paragraph %q lacks %d of %d", got, j.Verdicts, j.Answers)
	} else if j.Sample == "" || !strings.Contains(got, j.Sample) {
		t.Fatalf("judge paragraph %q does not say which answers were judged (%q)", got, j.Sample)
	}
	ok, _ := rep.Blind.Targets.Meets(lead)
	// Every other split nobody read that misses a target is named in the
	// notice with what it misses, so the lead holdout's figures cannot
	// stand for the rest.
	notice := strings.Join(strings.Fields(doc.Find(`[data-testid=blind-missed]`).Text()), " ")
	others := 0
	for _, r := range rep.Blind.Rows {
		if !r.Unread || slices.Equal(r.Figures.Writers, lead.Writers) {
			continue
		}
		met, miss := rep.Blind.Targets.Meets(r.Figures)
		if met {
			continue
		}
		others++
		w := strings.Join(r.Figures.Writers, ", ")
		if !strings.Contains(notice, w) || !strings.Contains(notice, miss[0]) {
			t.Fatalf("the notice %q does not say that %s (%s) misses %v", notice, r.Label, w, miss)
		}
	}
	if missed := notice != ""; missed != (!ok || others > 0) {
		t.Fatalf("targets met %v with %d other unread splits short, but the page's 'not there yet' notice shown is %v", ok, others, missed)
	}
}

// TestAboutGraderStatesMinBreadth: the pass rule on /about/grader names
// every question whose pass also needs breadth points (min_breadth), with
// how many, so a learner whose core points did not pass there can find
// the rule the feedback applied.
func TestAboutGraderStatesMinBreadth(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/about/grader"))
	rule := doc.Find(`#pass-rule + p`)
	text := strings.Join(strings.Fields(rule.Text()), " ")
	n := 0
	for _, q := range mustBank(t).All() {
		if q.MinBreadth == 0 {
			continue
		}
		n++
		link := rule.Find(`a[href="` + urls.Question(q.ID) + `"]`)
		if link.Length() != 1 || strings.TrimSpace(link.Text()) != q.Title {
			t.Errorf("pass rule does not link %s by its title: %q", q.ID, text)
		}
		if want := q.Title + "” (at least " + views.BreadthPoints(q.MinBreadth) + ")"; !strings.Contains(text, want) {
			t.Errorf("pass rule lacks %q: %q", want, text)
		}
	}
	if n == 0 {
		t.Fatal("no question has min_breadth; the test needs one")
	}
	if !strings.Contains(text, "core points alone") && !strings.Contains(text, "every core point but stops there") {
		t.Errorf("pass rule does not say the core points alone fall short there: %q", text)
	}
}
