package web_test

import (
	"context"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// longWord is a word no line can break: a URL pasted into an answer.
const longWord = "https://example.com/runbooks/locking/why-the-lease-expired-while-the-holder-was-paused-in-a-full-gc"

// fitsThePhone fails unless the page open in ctx fits its window's width:
// no sideways scroll, and no element of sel past the window's right edge
// or with text running out of its box; and unless the page passes the
// accessibility audit at that width, where boxes that scroll sideways
// must be reachable from the keyboard.
func fitsThePhone(t *testing.T, ctx context.Context, page, sel string) {
	t.Helper()
	if vs := audit(t, ctx, axeSource(t)); len(vs) > 0 {
		t.Errorf("%s at 375 px: %d axe-core violations:%s", page, len(vs), describe(vs))
	}
	if w := eval[[]float64](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`); w[0] > w[1] {
		t.Errorf("%s is %.0f px wide in a %.0f px window: it scrolls sideways", page, w[0], w[1])
	}
	if sel == "" {
		return
	}
	out := eval[string](t, ctx, `(function(){
	  var w = document.documentElement.clientWidth, bad = [];
	  document.querySelectorAll(`+strconv.Quote(sel)+`).forEach(function(el){
	    var r = el.getBoundingClientRect();
	    if (r.right > w + 0.5 || (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)) {
	      bad.push(el.tagName + " (to " + Math.round(r.right) + " px, text " + el.scrollWidth + " px in " + el.clientWidth + "): " + el.textContent.trim().slice(0, 40));
	    }
	  });
	  return bad.length + (bad.length ? ": " + bad.slice(0, 3).join("; ") : "");
	})()`)
	if out != "0" {
		t.Errorf("%s: elements past the window's right edge or their own box: %s", page, out)
	}
}

// stacksOnAPhone fails unless, on the page open in ctx, the score card's
// verdict heading (heading) sits below its big score (score) and not in a
// column beside it, where at 375 px it had a few words a line.
func stacksOnAPhone(t *testing.T, ctx context.Context, page, score, heading string) {
	t.Helper()
	r := eval[[]float64](t, ctx, `(function(){
	  var s = document.querySelector(`+strconv.Quote(score)+`), h = document.querySelector(`+strconv.Quote(heading)+`);
	  if (!s || !h) return [];
	  var a = s.getBoundingClientRect(), b = h.getBoundingClientRect();
	  return [a.bottom, b.top, b.width, document.documentElement.clientWidth];
	})()`)
	if len(r) == 0 {
		t.Fatalf("%s: no %s or no %s", page, score, heading)
	}
	if r[1] < r[0]-0.5 {
		t.Errorf("%s at 375 px: the verdict heading begins at %.0f px, above the score's bottom at %.0f px: they sit side by side, not stacked", page, r[1], r[0])
	}
	if r[2] < 0.6*r[3] {
		t.Errorf("%s at 375 px: the verdict heading is %.0f px wide in a %.0f px window", page, r[2], r[3])
	}
}

// TestBrowserGradedPagesFitAPhone opens, at a phone's 375 px, the pages
// QA-40 F2 #3 looked at: /about/grader, whose table of red flags was
// wider than the window, with the reasons in a column a few words wide;
// the practice feedback and a round's scorecard of an answer with a URL
// in it, which ran off the right edge in the answer and in the point's
// quote; and the scorecard's table of dimensions, a few pixels too wide.
// Each now fits the window, and the red flags' reasons take its width;
// the grader page's tables that scroll sideways at this width can be
// scrolled from the keyboard, and its blind figures, cut at the edge of
// such a box with no cue (QA-41 F5 #3), stack to fit, each row's label
// across the window. On each graded page the score card stacks,
// the verdict below the big score, instead of two columns that left the
// verdict a few words a line (QA-41 F4 #1).
func TestBrowserGradedPagesFitAPhone(t *testing.T) {
	ctx := newBrowser(t, 375, 812)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	// A headless window has a minimum width above a phone's; emulate it.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(375, 812)); err != nil {
		t.Fatalf("emulate a phone: %v", err)
	}
	nav := func(path string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path)); err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
	}

	t.Run("about the grader", func(t *testing.T) {
		nav("/about/grader")
		// The red-flag table sits in a disclosure; open it, as a reader
		// who wants it does, so its cells are laid out and measured.
		eval[bool](t, ctx, `(function(){ document.querySelector("[data-testid=flag-detail]").open = true; return true; })()`)
		fitsThePhone(t, ctx, "/about/grader", "[data-testid=flag-table] td, [data-testid=blind-table], [data-testid=blind-table] tbody th, [data-testid=blind-table] td")
		// Each reason reads across the table, not in a third of it; so
		// does each row label of the blind figures, which ran a word a
		// line (QA-41 F5 #3).
		for _, c := range []struct{ table, cells, what string }{
			{"flag-table", "tbody td:last-child", "reasons of the red-flag table"},
			{"blind-table", "tbody th", "row labels of the blind figures"},
		} {
			if narrow := eval[int](t, ctx, `(function(){ var t = document.querySelector("[data-testid=`+c.table+`]").getBoundingClientRect().width, n = 0; document.querySelectorAll("[data-testid=`+c.table+`] `+c.cells+`").forEach(function(td){ if (td.getBoundingClientRect().width < 0.8 * t) n++; }); return n; })()`); narrow > 0 {
				t.Errorf("%d %s are narrower than 80 %% of the table", narrow, c.what)
			}
		}
	})

	t.Run("practice feedback", func(t *testing.T) {
		nav("/practice/fencing-token")
		setValue(t, ctx, `#answer`, "A fencing token is a number from the lock service that only goes up with every grant. The holder sends it with each write, as in "+longWord+" and the storage rejects a write whose token is older than the newest it has seen. It protects against a holder that paused in GC past its lease.")
		click(t, ctx, `[data-testid=submit]`)
		if !eval[bool](t, ctx, `[...document.querySelectorAll(".point-list q")].some(function(q){ return q.textContent.includes(`+strconv.Quote(longWord)+`); })`) {
			t.Fatal("no point quotes the URL: the test needs a quote that holds it")
		}
		fitsThePhone(t, ctx, "the feedback", ".answer-text, .point-list q, .flag-item q")
		stacksOnAPhone(t, ctx, "the feedback", "[data-testid=score]", "#score-heading")
	})

	t.Run("scorecard", func(t *testing.T) {
		nav("/rounds")
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name=mode][value=coached]`))); err != nil {
			t.Fatalf("choose a coached round: %v", err)
		}
		click(t, ctx, `[data-testid=start]`)
		round := eval[string](t, ctx, `location.pathname`)
		q := eval[string](t, ctx, `document.querySelector("[data-testid=round-question]").dataset.question`)
		setValue(t, ctx, `#answer`, partialAnswer(t, q)+" See "+longWord+" for more.")
		click(t, ctx, `[data-testid=submit-answer]`)
		fitsThePhone(t, ctx, "the turn", ".answer-text, .point-list q")
		stacksOnAPhone(t, ctx, "the turn", "[data-testid=turn-score] .score-big", "[data-testid=turn-score] h2")
		nav(round)
		endRound(t, ctx)
		nav(round + "/scorecard")
		if !eval[bool](t, ctx, `!!document.querySelector(".round-dims")`) {
			t.Fatal("the scorecard has no table of dimensions")
		}
		fitsThePhone(t, ctx, "the scorecard", ".round-dims, .answer-text, .point-list q")
		stacksOnAPhone(t, ctx, "the scorecard", "[data-testid=round-score]", "#verdict-heading")
	})
}
