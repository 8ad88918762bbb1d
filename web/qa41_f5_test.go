package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// TestScorecardSaysPassInWords: the mock-round scorecard told a question's
// pass from its fail only by its badge's colour (QA-41 F5 #2, WCAG
// 1.4.1). Each question's heading, and each follow-up's score, now says
// "passed" or "not passed" in text, on screen and to a screen reader,
// and the word agrees with the colour.
func TestScorecardSaysPassInWords(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := coachedFencingRound(t, env, cl)
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, roundAnswers["fencing-token"]); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	finishRound(t, env, cl, roundURL)
	doc := mustDoc(t, cl.get(roundURL+"/scorecard"))
	seen := map[string]bool{}
	check := func(where string, badge, word *goquery.Selection, heard string) {
		t.Helper()
		if word.Length() != 1 {
			t.Errorf("%s: %d pass words beside its score %q, want 1", where, word.Length(), spaced(badge.Text()))
			return
		}
		want := "not passed"
		if badge.HasClass("ok") {
			want = "passed"
		}
		got := spaced(word.Text())
		if got != want {
			t.Errorf("%s: the badge %q is coloured %q but the word says %q", where, spaced(badge.Text()), badge.AttrOr("class", ""), got)
		}
		if word.AttrOr("aria-hidden", "") == "true" || !strings.Contains(heard, spaced(badge.Text())+" "+want) {
			t.Errorf("%s reads %q, want the score followed by %q", where, heard, want)
		}
		seen[got] = true
	}
	qs := doc.Find(`[data-testid=scored-question]`)
	if qs.Length() == 0 {
		t.Fatal("no scored questions on the scorecard")
	}
	qs.Each(func(i int, q *goquery.Selection) {
		h := q.Find(`h3`).First()
		check("question heading "+spaced(h.Text()), h.Find(`.badge`).First(), h.Find(`[data-testid=pass-word]`), spaced(h.Text()))
	})
	doc.Find(`[data-testid=scored-followup] .round-turn-meta`).Each(func(_ int, m *goquery.Selection) {
		if b := m.Find(`.badge.ok, .badge.bad`).First(); b.Length() == 1 && b.AttrOr("data-testid", "") != "overtime" {
			check("follow-up "+spaced(m.Text()), b, m.Find(`[data-testid=pass-word]`), spaced(m.Text()))
		}
	})
	if !seen["passed"] || !seen["not passed"] {
		t.Errorf("the scorecard showed the words %v; the test needs a pass and a fail", seen)
	}
}

// TestAboutGraderLedeNamesTheSecondReadersJobs: the first paragraph of
// /about/grader described the second reader's veto in its thresholds
// ("from fifty words when the matched sentence does not lean toward …,
// from 170 words …") and left out its third job, counting a fatal flag as
// major when the rest of the answer reads clean (QA-41 F5 #4). It now
// names all three in plain words, what a learner sees and can do; the
// thresholds stay in the second reader's full account below.
func TestAboutGraderLedeNamesTheSecondReadersJobs(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/about/grader"))
	lede := spaced(doc.Find(`main .lede`).First().Text())
	if lede == "" {
		t.Fatal("/about/grader has no lede")
	}
	for _, want := range []string{
		"No large language model reads your answers.",
		"add a flag",
		"fails the answer until you contest it",
		"set a pattern's flag aside",
		"count a fatal flag as major when the rest of the answer reads clean",
		"the round goes on",
		"quotes the sentence and says why",
	} {
		if !strings.Contains(lede, want) {
			t.Errorf("the lede does not say %q: %q", want, lede)
		}
	}
	for _, jargon := range []string{"fifty words", "170 words", "lean toward", "leans"} {
		if strings.Contains(lede, jargon) {
			t.Errorf("the lede still speaks of %q: %q", jargon, lede)
		}
	}
	if full := spaced(doc.Find(`[data-testid=second-reader-detail]`).Text()); !strings.Contains(full, "of 170 words or more") {
		t.Errorf("the second reader's full account lost the long answers' threshold")
	}
}
