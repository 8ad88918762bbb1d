package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestFlagQuoteTakesTheClaimAfterAColon: an answer that announces a claim
// and states it after a colon ("Redlock fixes it: with five masters two
// clients can never hold the lock at once.") raises the fatal Redlock
// flag on the words before the colon; the feedback page quoted only
// those ("Redlock fixes it"), not the claim that loses the round (QA-40
// F2 #2). The quote now runs on past the colon; the flag and the verdict
// are the grader's, unchanged.
func TestFlagQuoteTakesTheClaimAfterAColon(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	const answer = "Redlock fixes it: with five masters two clients can never hold the lock at once."
	_, doc := cl.answerOK("redis-lock-and-failure", url.Values{"answer": {answer}})
	flag := doc.Find(`[data-testid=flag][data-flag=redlock-correctness]`)
	if flag.Length() != 1 || !strings.Contains(flag.Find(`.badge.bad`).Text(), "fatal") {
		t.Fatalf("the answer raised no fatal redlock-correctness flag")
	}
	const want = "Redlock fixes it: with five masters two clients can never hold the lock at once"
	if got := flag.Find(`q`).Text(); got != want {
		t.Fatalf("the flag quotes %q, want %q", got, want)
	}
	if got := doc.Find(`[data-testid=score-card] h2`).Text(); !strings.Contains(got, "lose the round") {
		t.Fatalf("verdict %q, want the answer to lose the round", got)
	}
}

// landing follows a contest's redirect rec as a browser does (the
// fragment stays in the browser) and returns the page and the element the
// fragment names, after checking that the fragment names exactly one
// element, that the element can take the focus (tabindex="-1", so the
// browser moves the focus there) and that no id is used twice on the page.
func landing(t *testing.T, cl *client, rec *httptest.ResponseRecorder) (*goquery.Document, *goquery.Selection) {
	t.Helper()
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("contest: status %d, want 303; body: %.300s", rec.Code, rec.Body.String())
	}
	path, frag, ok := strings.Cut(rec.Header().Get("Location"), "#")
	if !ok || frag == "" {
		t.Fatalf("contest: redirect to %q, with no fragment", rec.Header().Get("Location"))
	}
	doc := mustDoc(t, cl.get(path))
	seen := map[string]bool{}
	doc.Find(`[id]`).Each(func(_ int, s *goquery.Selection) {
		id, _ := s.Attr("id")
		if seen[id] {
			t.Errorf("%s: id %q is used twice", path, id)
		}
		seen[id] = true
	})
	at := doc.Find(`[id="` + frag + `"]`)
	if at.Length() != 1 {
		t.Fatalf("%s has %d elements with the id %q, want one", path, at.Length(), frag)
	}
	if ti, _ := at.Attr("tabindex"); ti != "-1" {
		t.Fatalf("#%s has tabindex %q, want -1 so the browser moves the focus there", frag, ti)
	}
	return doc, at
}

// TestContestReturnsToTheContestedItem: after contesting a tick, a missed
// point or a red flag without JavaScript, the redirect landed the learner
// at the top of the page, so a keyboard or screen-reader user lost their
// place (QA-40 F2 #1). It now names, in its fragment, the contested item's
// own element, which takes the focus and is described by the
// confirmation; the scorecard, which lists every answer of the round,
// names the item of the turn contested. A form for a flag the answer does
// not raise, whatever its item says, returns to the confirmation: a
// fragment never carries learner text.
func TestContestReturnsToTheContestedItem(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	const answer = "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease."
	loc, doc := cl.answerOK("fencing-token", url.Values{"answer": {answer}})
	action, tok := contestFormOf(t, doc, "resource-rejects")

	t.Run("a missed point", func(t *testing.T) {
		rec := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "was": {"missed"}})
		if want := loc + "#point-resource-rejects"; rec.Header().Get("Location") != want {
			t.Fatalf("contest: redirect to %q, want %q", rec.Header().Get("Location"), want)
		}
		page, at := landing(t, cl, rec)
		if v, _ := at.Attr("data-point"); v != "resource-rejects" || !at.Is(`[data-testid=point-hit]`) {
			t.Fatalf("#point-resource-rejects is %s, want the point, now made", goquery.NodeName(at))
		}
		flash := page.Find(`[data-testid=flash]`)
		if id, _ := flash.Attr("id"); id == "" || !strings.Contains(flash.Text(), "Corrected") {
			t.Fatalf("the confirmation %q has no id", flash.Text())
		}
		if d, _ := at.Attr("aria-describedby"); d != flash.AttrOr("id", "") {
			t.Fatalf("the contested point is described by %q, want the confirmation, #%s", d, flash.AttrOr("id", ""))
		}
		if n := page.Find(`[aria-describedby="` + flash.AttrOr("id", "") + `"]`).Length(); n != 1 {
			t.Fatalf("%d elements are described by the confirmation, want the contested point alone", n)
		}
	})
	t.Run("a tick, from the review", func(t *testing.T) {
		rec := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {"resource-rejects"}, "was": {"hit"}, "back": {"review"}})
		if want := loc + "?from=review#point-resource-rejects"; rec.Header().Get("Location") != want {
			t.Fatalf("contest: redirect to %q, want %q", rec.Header().Get("Location"), want)
		}
		landing(t, cl, rec)
	})
	t.Run("a red flag", func(t *testing.T) {
		at, doc := cl.answerOK("redis-vs-consensus", url.Values{"answer": {"Redlock uses a majority of five Redis nodes, so it is safe for correctness and no fencing is needed."}})
		flag, ok := doc.Find(`[data-testid=flag]`).First().Attr("data-flag")
		if !ok {
			t.Fatal("the answer was meant to raise a red flag")
		}
		action, tok := contestFormOf(t, doc, flag)
		rec := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {flag}, "was": {"flag"}})
		if want := at + "#flag-" + flag; rec.Header().Get("Location") != want {
			t.Fatalf("contest: redirect to %q, want %q", rec.Header().Get("Location"), want)
		}
		if _, el := landing(t, cl, rec); !el.Is(`[data-testid=flag].dismissed`) {
			t.Fatalf("#flag-%s is not the flag, now dismissed", flag)
		}
	})
	t.Run("a flag the answer does not raise", func(t *testing.T) {
		const typed = "my own words"
		rec := cl.postForm(action, url.Values{"_csrf": {tok}, "item": {typed}, "was": {"flag"}})
		if want := loc + "#flash"; rec.Header().Get("Location") != want {
			t.Fatalf("contest: redirect to %q, want %q", rec.Header().Get("Location"), want)
		}
		if _, el := landing(t, cl, rec); !strings.Contains(el.Text(), "no longer matches") {
			t.Fatalf("#flash reads %q, want the refusal", el.Text())
		}
	})

	t.Run("the scorecard", func(t *testing.T) {
		env := newRoundEnv(t, "", nil)
		me := newClient(t, env.srv)
		roundURL := outboxCoachedRound(t, env, me)
		answerOutboxFollowUp(t, env, me, roundURL, true)
		card := roundURL + "/scorecard"
		doc := mustDoc(t, me.get(card))
		// The follow-up (turn 1) has a contest form for a point of its own.
		fu := doc.Find(`form[data-testid=contest-form][action="` + roundURL + `/turns/1/disputes"]`).First()
		item, _ := fu.Attr("data-item")
		tok, _ := fu.Find(`input[name=_csrf]`).Attr("value")
		was, _ := fu.Find(`input[name=was]`).Attr("value")
		if item == "" {
			t.Fatal("the scorecard has no contest form for the follow-up")
		}
		rec := me.postForm(roundURL+"/turns/1/disputes", url.Values{"_csrf": {tok}, "item": {item}, "was": {was}, "back": {"scorecard"}})
		if want := card + "#turn-1-point-" + item; rec.Header().Get("Location") != want {
			t.Fatalf("contest: redirect to %q, want %q", rec.Header().Get("Location"), want)
		}
		if _, el := landing(t, me, rec); el.AttrOr("data-point", "") != item {
			t.Fatalf("#turn-1-point-%s is not the point", item)
		}
	})
}

// TestAboutTablesScrollFromTheKeyboard: the grader page's tables too wide
// for a phone scroll sideways in their box, and a box that scrolls must be
// reachable from the keyboard: focusable, a region named for its table
// (QA-40 F2 #3: at 375 px the table of blind figures could be scrolled by
// a finger or a mouse only). TestBrowserGradedPagesFitAPhone checks the
// widths in a browser.
func TestAboutTablesScrollFromTheKeyboard(t *testing.T) {
	srv, _ := newTestServer(t)
	doc := mustDoc(t, newClient(t, srv).get("/about/grader"))
	boxes := doc.Find(`.table-scroll`)
	if boxes.Length() < 2 {
		t.Fatalf("/about/grader has %d scrolling tables, want the accuracy and the blind tables", boxes.Length())
	}
	boxes.Each(func(i int, box *goquery.Selection) {
		if box.AttrOr("tabindex", "") != "0" || box.AttrOr("role", "") != "region" || !strings.Contains(box.AttrOr("aria-label", ""), "scroll sideways") {
			t.Errorf("scrolling table %d (%s): tabindex %q, role %q, name %q; want a focusable region that says it scrolls", i, box.Find(`table`).AttrOr("data-testid", ""), box.AttrOr("tabindex", ""), box.AttrOr("role", ""), box.AttrOr("aria-label", ""))
		}
	})
}
