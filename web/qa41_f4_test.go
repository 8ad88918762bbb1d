package web_test

import (
	"strings"
	"testing"
)

// TestAboutSecondReaderLeadsWithASummary: the second reader's item on
// /about/grader was some 1,000 words of thresholds a learner had to read
// through to learn what it does (QA-41 F4 #2). It now opens with a short
// summary in plain words (what it is, its three jobs, that its decisions
// are quoted and can be contested) and keeps the full account, every
// figure of it, folded in a <details> below.
func TestAboutSecondReaderLeadsWithASummary(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/about/grader"))
	item := doc.Find(`[data-testid=second-reader]`)
	if item.Length() != 1 {
		t.Fatalf("%d second-reader items on /about/grader, want 1", item.Length())
	}
	summary := spaced(item.Find(`[data-testid=second-reader-summary]`).Text())
	if summary == "" || item.Find(`details [data-testid=second-reader-summary]`).Length() != 0 {
		t.Fatalf("no summary of the second reader outside its details")
	}
	if n := len(strings.Fields(summary)); n > 130 {
		t.Errorf("the summary is %d words, want a short one (130 or fewer): %q", n, summary)
	}
	for _, want := range []string{"add a flag", "set a pattern's match aside", "decides whether a fatal flag ends the round", "quotes the sentence", "contest"} {
		if !strings.Contains(summary, want) {
			t.Errorf("the summary does not say %q: %q", want, summary)
		}
	}
	details := item.Find(`details[data-testid=second-reader-detail]`)
	if got := spaced(details.Find(`summary`).Text()); got != "The full account: thresholds and how they were chosen" {
		t.Fatalf("the full account's summary reads %q", got)
	}
	full := spaced(details.Text())
	for _, fact := range []string{
		"logistic regression trained on the labelled answers of the tuning writers",
		"at 0.6 or more (0.5 or more in an answer of 60 words or more, since g40)",
		"it costs what a major flag costs (45 %)",
		"80 rather than 65 of the 120 answers",
		"reached 0.57 (0.59 with only its own writer left out)",
		"(14,784 answers)",
		"scores below 0.10 on the model's losing-claim scale",
		"of 170 words or more, that scores below 0.15",
		"+10 on the model's sentence scale",
		"from 10 to 6, and g17's change to it brought them from 6 to 4 (of 288)",
		"the tuning writers lose 3 of 2,340",
		"set aside 21 of 98 of those claims",
		"0.20 or more on its losing-claim scale",
		"1,086 of the 1,100 answers",
		"kept 138 of those splits' 140 fatal claims fatal",
		"every one of the 51 such claims",
		"The table below counts the fatal flags on passing answers separately.",
	} {
		if !strings.Contains(full, fact) {
			t.Errorf("the full account lost %q", fact)
		}
	}
}
