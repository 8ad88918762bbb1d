package web_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"lockdrill/quiz"
)

// peerFlagIDs returns the data-flag ids of the flag items under sel.
func peerFlagIDs(sel *goquery.Selection) map[string]bool {
	out := map[string]bool{}
	sel.Find(`li[data-flag]`).Each(func(_ int, li *goquery.Selection) { out[li.AttrOr("data-flag", "")] = true })
	return out
}

// TestPeerFlagsAreTheQuestions: the interviewer's "Red flags to listen
// for" lists the question's own flags, as the grader reads them, each a
// one-line label with its long text behind a disclosure; every other flag
// of the catalog is folded away below. On a catalog follow-up that names no
// flags of its own, the list is still the main question's, not all of
// them (QA-9 Q9-20).
func TestPeerFlagsAreTheQuestions(t *testing.T) {
	env := newPeerEnv(t)
	cat := mustCatalog(t)
	all := cat.Questions.Flags()
	rec, seq, qid, _ := current(t, env.alice, env.roundURL)
	q, ok := cat.Questions.ByID(qid)
	if !ok || q.Flags == nil {
		t.Fatalf("the round asks %q, which names no flag list of its own", qid)
	}
	own := map[string]bool{}
	for _, id := range q.Flags {
		own[id] = true
	}
	check := func(when string) {
		t.Helper()
		screen := mustDoc(t, env.bob.get(env.peerURL))
		shown := peerFlagIDs(screen.Find(`[data-testid=peer-flags]`))
		for id := range shown {
			if !own[id] {
				t.Errorf("%s: flag %s is listed on screen, though %s does not check it", when, id, qid)
			}
		}
		for id := range own {
			if !shown[id] {
				t.Errorf("%s: the question's flag %s is not on screen", when, id)
			}
		}
		screen.Find(`[data-testid=peer-flags] li[data-raised=false]`).Each(func(_ int, li *goquery.Selection) {
			if li.Find(`details`).Length() != 1 {
				t.Errorf("%s: flag %s shows its long text without a disclosure", when, li.AttrOr("data-flag", ""))
			}
		})
		other := screen.Find(`details[data-testid=peer-flags-other]`)
		if other.Length() != 1 {
			t.Fatalf("%s: the other flags of the catalog are not folded away in one disclosure", when)
		}
		if _, open := other.Attr("open"); open {
			t.Errorf("%s: the other flags open unfolded", when)
		}
		if got, want := len(peerFlagIDs(other)), len(all)-len(own); got != want {
			t.Errorf("%s: %d flags folded away, want the catalog's %d others", when, got, want)
		}
	}
	check("main question")

	if r := answerTurn(t, env.alice, env.roundURL, rec.Body.String(), seq, q.ModelAnswer.Markdown); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	var ask *quiz.FollowUp
	for _, f := range cat.FollowUps.All() {
		if f.Probe.Flags == nil && (f.Question == qid || f.Question == quiz.FollowUpAny) {
			ask = f
			break
		}
	}
	if ask == nil {
		t.Fatalf("no follow-up of %s without a flag list of its own: the catalog's general follow-ups all name flags now, so this test needs another", qid)
	}
	if r := post(t, env.bob, env.peerURL, env.peerURL+"/ask", url.Values{"follow_up": {ask.ID}}); r.Code != http.StatusSeeOther {
		t.Fatalf("ask %s: status %d", ask.ID, r.Code)
	}
	if _, _, _, f := current(t, env.alice, env.roundURL); f != ask.ID {
		t.Fatalf("the candidate is on follow-up %q, want %q", f, ask.ID)
	}
	check("follow-up " + ask.ID)
}
