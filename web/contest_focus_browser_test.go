package web_test

import (
	"context"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tabTo presses Tab until the focus is on an element that matches the
// script test (a function of document.activeElement), and fails after
// limit presses: the keyboard path to it, not a click.
func tabTo(t *testing.T, ctx context.Context, what, test string, limit int) {
	t.Helper()
	for i := 0; i < limit; i++ {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
			t.Fatalf("press Tab: %v", err)
		}
		if eval[bool](t, ctx, `(function(el){ return !!el && (`+test+`)(el); })(document.activeElement)`) {
			return
		}
	}
	t.Fatalf("%d presses of Tab never reached %s", limit, what)
}

// pressLoading presses key, which submits a form, and waits for the page
// the redirect leads to.
func pressLoading(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	resp, err := chromedp.RunResponse(ctx, chromedp.KeyEvent(key))
	if err != nil {
		t.Fatalf("press %q: %v", key, err)
	}
	if resp == nil || resp.Status != 200 {
		t.Fatalf("press %q: no page loaded with status 200 (response %v)", key, resp)
	}
}

// focusIsOn checks, after a contest, that the URL's fragment is id and
// that the browser moved the focus to that element, in view below the
// sticky header and with its focus ring; and that the
// next Tab goes on from there, into the same item's contest form, not
// from the top of the page.
func focusIsOn(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	waitUntil(t, ctx, 5*time.Second, "the focus on #"+id, `document.readyState === "complete" && location.hash === `+strconv.Quote("#"+id)+` && document.activeElement && document.activeElement.id === `+strconv.Quote(id))
	// In view, and below the sticky header rather than under it, with the
	// focus ring drawn.
	if !eval[bool](t, ctx, `(function(){ var r = document.activeElement.getBoundingClientRect(), h = document.querySelector(".site-header").getBoundingClientRect(); return r.top >= h.bottom - 1 && r.top < innerHeight && document.activeElement.matches(":focus-visible"); })()`) {
		t.Fatalf("#%s has the focus but is not in view below the header with a focus ring: %s", id, eval[string](t, ctx, `JSON.stringify([document.activeElement.getBoundingClientRect(), document.querySelector(".site-header").getBoundingClientRect().bottom, innerHeight])`))
	}
	// The item is outlined as the URL's target, focused or not (a focus
	// moved by a fragment may not match :focus-visible, and then no ring
	// showed), and the confirmation, at the top of the page, is repeated
	// inside it, in view (QA-40 F3 #3).
	if !eval[bool](t, ctx, `(function(el){ el.blur(); var cs = getComputedStyle(el), ok = el.matches(":target") && cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2; el.focus(); return ok; })(document.activeElement)`) {
		t.Fatalf("#%s, the URL's target, has no outline of its own: %s", id, eval[string](t, ctx, `(function(el){ var cs = getComputedStyle(el); return cs.outlineStyle + " " + cs.outlineWidth; })(document.getElementById(`+strconv.Quote(id)+`))`))
	}
	if !eval[bool](t, ctx, `(function(el){ var n = el.querySelector("[data-testid=contest-note]"), f = document.getElementById("flash"); if (!n || !f) return false; var r = n.getBoundingClientRect(), h = document.querySelector(".site-header").getBoundingClientRect(); return r.height > 0 && r.top >= h.bottom - 1 && r.bottom <= innerHeight && n.textContent.trim() === f.textContent.trim() && /\S/.test(f.textContent); })(document.getElementById(`+strconv.Quote(id)+`))`) {
		t.Fatalf("the confirmation is not shown in view beside #%s: %s", id, eval[string](t, ctx, `(function(el){ var n = el.querySelector("[data-testid=contest-note]"); return n ? JSON.stringify([n.getBoundingClientRect(), innerHeight, n.textContent]) : "no note"; })(document.getElementById(`+strconv.Quote(id)+`))`))
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Tab)); err != nil {
		t.Fatalf("press Tab: %v", err)
	}
	if !eval[bool](t, ctx, `document.getElementById(`+strconv.Quote(id)+`).contains(document.activeElement) && document.activeElement.tagName === "SUMMARY"`) {
		t.Fatalf("after the contest, Tab went to %s, not to the contest of #%s", eval[string](t, ctx, `document.activeElement.outerHTML.slice(0, 120)`), id)
	}
}

// TestBrowserContestKeepsTheKeyboardFocus contests, with the keyboard
// alone, a missed point on the practice feedback page and a tick on a
// round's scorecard: Tab to the item's "Contest", Enter to open it, Tab to
// the reason, type, and Enter (or Tab to the button and Enter) to send.
// The page that comes back has the contested item in its URL's fragment
// and the focus on it, so a keyboard or screen-reader user goes on from
// where they were (QA-40 F2 #1: the focus was back at the top of the page).
func TestBrowserContestKeepsTheKeyboardFocus(t *testing.T) {
	ctx := newBrowser(t, 1280, 900)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	nav := func(path string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path)); err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
	}
	inContest := func(item string) string {
		return `function(el){ var f = el.closest("[data-testid=contest]"); return el.tagName === "SUMMARY" && !!f && f.querySelector("form").dataset.item === ` + strconv.Quote(item) + `; }`
	}

	t.Run("practice feedback", func(t *testing.T) {
		nav("/practice/fencing-token")
		setValue(t, ctx, `#answer`, "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write. It protects against a holder that paused in GC past its lease.")
		click(t, ctx, `[data-testid=submit]`)
		tabTo(t, ctx, "the contest of resource-rejects", inContest("resource-rejects"), 300)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatalf("open the contest: %v", err)
		}
		tabTo(t, ctx, "the reason field", `function(el){ return el.name === "reason"; }`, 3)
		if err := chromedp.Do(ctx, chromedp.KeyEvent("I said the storage refuses older tokens")); err != nil {
			t.Fatalf("type the reason: %v", err)
		}
		pressLoading(t, ctx, kb.Enter)
		focusIsOn(t, ctx, "point-resource-rejects")
		if !eval[bool](t, ctx, `(function(el){ return el.matches("[data-testid=point-hit]") && el.getAttribute("aria-describedby") === "flash" && /Corrected/.test(document.getElementById("flash").textContent); })(document.getElementById("point-resource-rejects"))`) {
			t.Fatalf("the focused point is not the corrected point described by the confirmation")
		}
	})

	t.Run("scorecard", func(t *testing.T) {
		nav("/rounds")
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name=mode][value=coached]`))); err != nil {
			t.Fatalf("choose a coached round: %v", err)
		}
		click(t, ctx, `[data-testid=start]`)
		round := eval[string](t, ctx, `location.pathname`)
		// Half the model answer: the grader ticks something.
		setValue(t, ctx, `#answer`, partialAnswer(t, eval[string](t, ctx, `document.querySelector("[data-testid=round-question]").dataset.question`)))
		click(t, ctx, `[data-testid=submit-answer]`)
		nav(round)
		endRound(t, ctx)
		nav(round + "/scorecard")
		tabTo(t, ctx, "a contest of a tick", `function(el){ return el.tagName === "SUMMARY" && !!el.closest("[data-testid=point-hit]"); }`, 300)
		id := eval[string](t, ctx, `document.activeElement.closest("li").id`)
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatalf("open the contest: %v", err)
		}
		tabTo(t, ctx, "the contest button", `function(el){ return el.tagName === "BUTTON" && el.type === "submit" && !!el.closest("[data-testid=contest-form]"); }`, 3)
		pressLoading(t, ctx, kb.Enter)
		focusIsOn(t, ctx, id)
		if !eval[bool](t, ctx, `document.getElementById(`+strconv.Quote(id)+`).matches("[data-testid=point-missed]") && /^turn-\d+-point-/.test(`+strconv.Quote(id)+`)`) {
			t.Fatalf("#%s is not the contested point, now missed", id)
		}
	})
}
