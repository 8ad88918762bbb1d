package web_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserLongTitleWraps (Q8-13): a 120-character title with no break
// in it wraps inside its column at 1280 and at 390 px: the heading, the
// "Your timelines" entry and the delete button stay inside the page,
// which never scrolls sideways.
func TestBrowserLongTitleWraps(t *testing.T) {
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	long := strings.Repeat("W", 120)
	for _, width := range []int{1280, 390} {
		ctx := newBrowser(t, width, 900)
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
			t.Fatalf("open /sandbox: %v", err)
		}
		click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(`#timeline-title`), long)); err != nil {
			t.Fatalf("type the title: %v", err)
		}
		click(t, ctx, `[data-testid=rename-submit]`)
		if got := eval[string](t, ctx, `document.querySelector("[data-testid=timeline-title]").textContent`); got != long {
			t.Fatalf("title = %q, want the 120 W", got)
		}
		// [page overflow, h1 right edge, delete button right edge, viewport]
		probe := `(function(){
		  document.querySelector(".sb-delete").open = true;
		  var h = document.querySelector("[data-testid=timeline-title]").getBoundingClientRect();
		  var d = document.querySelector("[data-testid=delete-timeline]").getBoundingClientRect();
		  return [document.documentElement.scrollWidth - window.innerWidth, h.right, d.right, document.documentElement.clientWidth];
		})()`
		got := eval[[]float64](t, ctx, probe)
		if got[0] > 0 || got[1] > got[3] || got[2] > got[3] {
			t.Fatalf("at %d px: page overflow %v px, heading ends at %v, delete button at %v, page %v wide", width, got[0], got[1], got[2], got[3])
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
			t.Fatalf("open /sandbox: %v", err)
		}
		got = eval[[]float64](t, ctx, `(function(){
		  var a = document.querySelector("[data-testid=my-timelines] li a").getBoundingClientRect();
		  return [document.documentElement.scrollWidth - window.innerWidth, a.right, document.documentElement.clientWidth];
		})()`)
		if got[0] > 0 || got[1] > got[2] {
			t.Fatalf("/sandbox at %d px: page overflow %v px, the title link ends at %v of %v", width, got[0], got[1], got[2])
		}
	}
}
