package web_test

import (
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// QA-32 #11: "Next question" skips a question answered and not yet due.
func TestNextQuestionSkipsWhatIsNotDue(t *testing.T) {
	srv, _ := newTestServer(t, unlimitedWrites)
	cl := newClient(t, srv)
	all := mustBank(t).All()
	i := 0
	for i+2 < len(all) && !(all[i].Kind.Objective() && all[i+1].Kind.Objective()) {
		i++
	}
	if i+2 >= len(all) {
		t.Skip("no two objective questions in a row")
	}
	answerAndRate := func(idx int, rating string) *goquery.Document {
		t.Helper()
		right, _ := objectiveForms(all[idx])
		loc, _ := cl.answerOK(all[idx].ID, right)
		if rec := cl.rate(loc, rating, nil); rec.Code != http.StatusSeeOther {
			t.Fatalf("rate %s: status %d", all[idx].ID, rec.Code)
		}
		return mustDoc(t, cl.get(loc))
	}
	answerAndRate(i+1, "4") // Easy: not due for days
	doc := answerAndRate(i, "3")
	next := doc.Find(`[data-testid=next]`)
	if got, want := next.AttrOr("href", ""), "/practice/"+all[i+2].ID; got != want {
		t.Fatalf("next = %q (%s), want %q: %s was just rated Easy and is not due", got, next.Text(), want, all[i+1].ID)
	}
}
