package web_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneLaneLabelsStick: at 390 px the swimlane scrolls
// sideways in its box; scrolled to the far right, the lane names are still
// at the box's left edge, so a mark there shows whose lane it is in.
func TestBrowserPhoneLaneLabelsStick(t *testing.T) {
	ctx := newBrowser(t, 390, 900)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
		t.Fatalf("open /sandbox: %v", err)
	}
	click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
	// [box left, picture's own label left, sticky label left, sticky label
	// width, label column width in the picture, scrolled, page overflow]
	const probe = `(function(){
	  var box = document.querySelector(".tl-scroll");
	  box.scrollLeft = box.scrollWidth;
	  var b = box.getBoundingClientRect();
	  var own = document.querySelector("svg.tl-svg .tl-lane-label").getBoundingClientRect();
	  var stuck = document.querySelector("[data-testid=lane-labels] .tl-lane-label").getBoundingClientRect();
	  var lanes = document.querySelector("[data-testid=lane-labels]").getBoundingClientRect();
	  var svg = document.querySelector("svg.tl-svg");
	  var col = 112 * svg.getBoundingClientRect().width / Number(svg.getAttribute("width"));
	  return [b.left, own.left, stuck.left, lanes.width, col, box.scrollLeft, document.documentElement.scrollWidth - window.innerWidth];
	})()`
	got := eval[[]float64](t, ctx, probe)
	boxLeft, own, stuck, width, col, scrolled, overflow := got[0], got[1], got[2], got[3], got[4], got[5], got[6]
	if scrolled < 100 {
		t.Fatalf("the picture scrolled %v px at 390 px: nothing to test", scrolled)
	}
	if own > boxLeft {
		t.Fatalf("the picture's own lane label is still in view (%v ≥ box %v) after scrolling", own, boxLeft)
	}
	if stuck < boxLeft || stuck > boxLeft+16 {
		t.Fatalf("the sticky lane label is at %v, want at the box's left edge %v", stuck, boxLeft)
	}
	if d := width - col; d < -1 || d > 1 {
		t.Fatalf("the sticky labels are %v px wide, want the picture's label column, %v px", width, col)
	}
	if overflow > 0 {
		t.Fatalf("the page itself scrolls sideways by %v px at 390 px", overflow)
	}
	lanesText := eval[string](t, ctx, `document.querySelector("[data-testid=lane-labels]").textContent`)
	for _, lane := range []string{"A", "B", "resource"} {
		if !strings.Contains(lanesText, lane) {
			t.Fatalf("sticky lane names %q lack %q", lanesText, lane)
		}
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveArtifact(t, "sandbox-phone-sticky-lanes.png", png)
	png, err = chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`[data-testid=swimlane-scroll]`)))
	if err != nil {
		t.Fatalf("screenshot of the picture: %v", err)
	}
	saveArtifact(t, "sandbox-phone-sticky-lanes-picture.png", png)
}

// TestBrowserPhoneCompareAndGuideDiagram: the compare page fits 390 px
// (its pictures scroll in their own boxes, with sticky lane names), and a
// guide diagram opens full size as its own SVG, which a phone can zoom.
func TestBrowserPhoneCompareAndGuideDiagram(t *testing.T) {
	ctx := newBrowser(t, 390, 900)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
		t.Fatalf("open /sandbox: %v", err)
	}
	click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=setting-check-fencing]`))); err != nil {
		t.Fatalf("untick the fencing check: %v", err)
	}
	click(t, ctx, `[data-testid=settings-submit]`)
	if !strings.HasSuffix(eval[string](t, ctx, `location.pathname`), "/compare") {
		t.Fatalf("the settings form did not open the comparison")
	}
	if overflow := eval[float64](t, ctx, `document.documentElement.scrollWidth - window.innerWidth`); overflow > 0 {
		t.Fatalf("the compare page scrolls sideways by %v px at 390 px", overflow)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("[data-testid=compare] [data-testid=lane-labels]").length`); n != 2 {
		t.Fatalf("%d sticky lane columns on the compare page, want one per picture", n)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveArtifact(t, "sandbox-phone-compare.png", png)

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/learn/fencing-tokens")); err != nil {
		t.Fatalf("open the guide: %v", err)
	}
	href := eval[string](t, ctx, `(function(){var i=document.querySelector(".prose img[src$='.svg']");return i&&i.parentNode.tagName==="A"?i.parentNode.getAttribute("href"):""})()`)
	if !strings.HasSuffix(href, ".svg") {
		t.Fatalf("the guide's diagram is not a link to its SVG (href %q)", href)
	}
	hint := eval[string](t, ctx, `getComputedStyle(document.querySelector(".prose img[src$='.svg']").parentNode, "::after").content`)
	if !strings.Contains(hint, "full size") {
		t.Fatalf("the diagram link says %s, want a hint that it opens full size", hint)
	}
	click(t, ctx, `.prose a[href$=".svg"]`)
	if ct := eval[string](t, ctx, `document.contentType`); ct != "image/svg+xml" {
		t.Fatalf("the diagram link opened %q, want the SVG itself", ct)
	}
}
