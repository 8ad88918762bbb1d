package web

import (
	"context"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
	"lockdrill/web/views"
)

// gradedFixture grades an answer to the redis lock question that makes
// some points and raises the plain-DEL flag, with its second flag, if any,
// disputed.
func gradedFixture(t *testing.T) (*quiz.Bank, string, quiz.Result) {
	t.Helper()
	cat := loadCatalog(t)
	q, ok := cat.Questions.ByID("redis-lock-and-failure")
	if !ok {
		t.Fatal("no question redis-lock-and-failure")
	}
	text := "Acquire with SET lock NX PX 30000 so the key expires if the holder dies. Release with DEL lock."
	return cat.Questions, text, cat.Questions.Grade(q, quiz.Answer{Text: text})
}

// TestBuildGradedLabelsAndQuotes: every feedback page (practice and the
// round pages build their rows here) names each point's dimension in
// words, quotes what earned a point made, and explains each flag with the
// catalog's text even when the stored result carries other HTML.
func TestBuildGradedLabelsAndQuotes(t *testing.T) {
	bank, text, res := gradedFixture(t)
	if len(res.Flags) == 0 || len(res.Points) == 0 {
		t.Fatalf("fixture graded with %d points and %d flags, want both", len(res.Points), len(res.Flags))
	}
	res.Flags[0].WhyHTML = `<b data-testid="injected">stored</b>`
	g := buildGraded(bank, nil, text, &res)
	if len(g.Points) != len(res.Points) {
		t.Fatalf("rows = %d, want %d (every point, in order)", len(g.Points), len(res.Points))
	}
	words := map[string]bool{}
	for _, d := range quiz.Dimensions() {
		words[quiz.DimensionLabel(d)] = true
	}
	hits := 0
	for i, row := range g.Points {
		if row.ID != res.Points[i].ID {
			t.Fatalf("row %d is %q, want %q (question order)", i, row.ID, res.Points[i].ID)
		}
		if !words[row.Dimension] {
			t.Fatalf("point %q dimension = %q, want a dimension's title", row.ID, row.Dimension)
		}
		if row.Hit {
			hits++
			if row.Quote == "" || !strings.Contains(text, row.Quote) {
				t.Fatalf("point %q made, quote %q, want a part of the answer", row.ID, row.Quote)
			}
		}
	}
	if hits == 0 || hits != len(g.Hits()) || len(g.Misses()) != len(g.Points)-hits {
		t.Fatalf("hits %d, Hits() %d, Misses() %d of %d", hits, len(g.Hits()), len(g.Misses()), len(g.Points))
	}
	f, _ := bank.Flag(res.Flags[0].ID)
	if got := g.Flags[0].WhyHTML; got != f.WhyHTML {
		t.Fatalf("flag explanation %q, want the catalog's %q", got, f.WhyHTML)
	}
	if buildGraded(bank, nil, text, nil).Points != nil {
		t.Fatalf("an unanswered turn has rows")
	}
}

// TestGradedPointsContest: the component offers a contest form for each
// point and each flag that still stands when the page gives a disputes
// address, a restore form for a flag already disputed (shown, marked as
// dismissed by the learner's correction: QA-32 #4), and none at all
// without an address.
func TestGradedPointsContest(t *testing.T) {
	bank, text, res := gradedFixture(t)
	res.Flags[0].Dismissed = true
	g := buildGraded(bank, nil, text, &res)
	render := func(on views.GradedOn) *goquery.Document {
		var b strings.Builder
		if err := views.GradedPoints(views.Page{CSRF: "tok"}, g, on).Render(context.Background(), &b); err != nil {
			t.Fatal(err)
		}
		doc, err := goquery.NewDocumentFromReader(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		return doc
	}
	doc := render(views.GradedOn{Contest: "/rounds/r1/turns/1/disputes", Back: "turn", Level: 3})
	if got, want := doc.Find(`[data-testid=point-hit], [data-testid=point-missed]`).Length(), len(res.Points); got != want {
		t.Fatalf("point rows = %d, want %d", got, want)
	}
	if got, want := doc.Find(`[data-testid=contest-form]`).Length(), len(res.Points)+len(res.Flags); got != want {
		t.Fatalf("contest forms = %d, want %d (every point and flag)", got, want)
	}
	disputed := doc.Find(`[data-testid=flag][data-flag="` + res.Flags[0].ID + `"]`)
	restore, _ := disputed.Find(`[data-testid=contest-form] input[name=was]`).Attr("value")
	if !disputed.HasClass("dismissed") || restore != "dismissed" || !strings.Contains(disputed.Text(), "dismissed by your correction") {
		t.Fatalf("a disputed flag: %q (form was %q), want it shown dimmed, marked and with a restore form", disputed.Text(), restore)
	}
	if v, _ := doc.Find(`[data-testid=contest-form] input[name=back]`).Attr("value"); v != "turn" {
		t.Fatalf("back = %q, want turn", v)
	}
	if doc.Find("h3").Length() == 0 || doc.Find("h2").Length() != 0 {
		t.Fatalf("headings at level 3 asked, got h2 %d h3 %d", doc.Find("h2").Length(), doc.Find("h3").Length())
	}
	if n := render(views.GradedOn{Level: 2}).Find(`[data-testid=contest-form]`).Length(); n != 0 {
		t.Fatalf("contest forms without a disputes address = %d, want 0", n)
	}
}
