package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/web"
)

// TestRightOptionIsNotAlwaysInOnePlace: the practice page lists the
// options of the single-choice and predict questions in an order where
// the right option does not sit in one place most of the time. As
// authored it was the second option on 16 of 35 questions, so a learner
// who always picked the second passed almost half of them; no place may
// hold more than 30 % of the right options.
func TestRightOptionIsNotAlwaysInOnePlace(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	b := mustBank(t)
	places := map[int]int{}
	n := 0
	for _, q := range append(b.ByKind(quiz.KindSingle), b.ByKind(quiz.KindPredict)...) {
		right := map[string]bool{}
		for _, o := range q.Options {
			right[web.OptionValue(q.ID, o.ID)] = o.Correct
		}
		doc := mustDoc(t, cl.get("/practice/"+q.ID))
		inputs := doc.Find(`input[name=choice]`)
		if inputs.Length() != len(q.Options) {
			t.Fatalf("%s: the page shows %d options, want %d", q.ID, inputs.Length(), len(q.Options))
		}
		inputs.Each(func(i int, s *goquery.Selection) {
			v, _ := s.Attr("value")
			for _, o := range q.Options {
				if v == o.ID {
					t.Errorf("%s: the page's value %q is the authored option id", q.ID, v)
				}
			}
			if right[v] {
				places[i]++
				n++
			}
		})
	}
	for place, c := range places {
		if float64(c) > 0.3*float64(n) {
			t.Errorf("the right option is shown in place %d on %d of %d questions (%v)", place+1, c, n, places)
		}
	}
}

// TestOpaqueOptionValueGradesAsItsOption: the value the page gives the
// right option grades as that option, and an authored id still does (the
// CLI and forms from before).
func TestOpaqueOptionValueGradesAsItsOption(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	q := mustBank(t).ByKind(quiz.KindSingle)[0]
	var right, wrong string
	for _, o := range q.Options {
		if o.Correct {
			right = o.ID
		} else {
			wrong = o.ID
		}
	}
	for _, c := range []struct {
		value, want string
	}{{web.OptionValue(q.ID, right), "✓"}, {right, "✓"}, {web.OptionValue(q.ID, wrong), "✗"}} {
		_, doc := cl.answerOK(q.ID, url.Values{"choice": {c.value}})
		if got := doc.Find(`[data-testid=verdict]`).Text(); !strings.Contains(got, c.want) {
			t.Errorf("choice %q: verdict %q, want %s", c.value, strings.TrimSpace(got), c.want)
		}
	}
}
