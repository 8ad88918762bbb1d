package web_test

import (
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
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
			right[o.ID] = o.Correct
		}
		doc := mustDoc(t, cl.get("/practice/"+q.ID))
		inputs := doc.Find(`input[name=choice]`)
		if inputs.Length() != len(q.Options) {
			t.Fatalf("%s: the page shows %d options, want %d", q.ID, inputs.Length(), len(q.Options))
		}
		inputs.Each(func(i int, s *goquery.Selection) {
			if v, _ := s.Attr("value"); right[v] {
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
