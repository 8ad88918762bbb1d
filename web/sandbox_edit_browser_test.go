package web_test

import (
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserClassicExperimentAtTheCursor: open the fenced preset, step
// back to B's grant, insert a pause of B there from the form beside the
// picture, see A's stale write land first and be accepted, then remove
// the pause from the list and see it refused again. At 1280 and 390 px,
// with a screenshot of each state.
func TestBrowserClassicExperimentAtTheCursor(t *testing.T) {
	for _, width := range []int{1280, 390} {
		t.Run(strconv.Itoa(width), func(t *testing.T) {
			ctx := newBrowser(t, width, 1000)
			srv, _ := newTestServer(t)
			ts := httptest.NewServer(srv)
			t.Cleanup(ts.Close)
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
				t.Fatalf("open /sandbox: %v", err)
			}
			click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
			path := eval[string](t, ctx, `location.pathname`)
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path+"?step=4")); err != nil {
				t.Fatalf("open step 4: %v", err)
			}
			if got := text(t, ctx, `[data-testid=cursor-act] summary`); !strings.Contains(got, "step 4") || !strings.Contains(got, "12") {
				t.Fatalf("cursor form heading = %q, want step 4 at 12 000 ms", got)
			}
			setValue(t, ctx, `#cursor-pause-B`, "5")
			click(t, ctx, `[data-testid=cursor-B-pause]`)
			if got := eval[string](t, ctx, `location.search + location.hash`); got != "?step=5#picture" {
				t.Fatalf("after the insert the page is at %q, want step 5 at the picture", got)
			}
			// The notice, the caption and the picture are in view, not the
			// controls below them.
			if flash := text(t, ctx, `[data-testid=picture-notice]`); !strings.Contains(flash, "B pauses for 5 s") {
				t.Fatalf("notice at the picture = %q", flash)
			}
			const inView = `(function(sel){var r=document.querySelector(sel).getBoundingClientRect(),h=document.querySelector(".site-header").getBoundingClientRect();return r.top>=h.bottom-1&&r.top<window.innerHeight})`
			for _, sel := range []string{"[data-testid=picture-notice]", "[data-testid=caption]", "[data-testid=swimlane-scroll]"} {
				if !eval[bool](t, ctx, inView+`("`+sel+`")`) {
					t.Fatalf("after the insert %s is not in view below the header", sel)
				}
			}
			if got := text(t, ctx, `tr[aria-current=step]`); !strings.Contains(got, "pause") || !strings.Contains(got, "B") {
				t.Fatalf("current event = %q, want B's inserted pause", got)
			}
			if got := text(t, ctx, `[data-testid=first-violation]`); !strings.Contains(got, "unsafe-write") {
				t.Fatalf("summary = %q, want A's stale write accepted", got)
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			saveArtifact(t, fmt.Sprintf("sandbox-cursor-inserted-%d.png", width), png)

			n := eval[int](t, ctx, `(function(){var it=document.querySelectorAll("[data-testid=action-item]");for(var i=0;i<it.length;i++){if(it[i].textContent.indexOf("B pauses for 5 s")>=0)return i+1}return 0})()`)
			if n == 0 {
				t.Fatalf("the inserted pause is not in the list")
			}
			click(t, ctx, fmt.Sprintf(`[data-testid=action-item]:nth-child(%d) [data-testid=action-remove]`, n))
			if got := text(t, ctx, `[data-testid=violations]`); got != "no violations" {
				t.Fatalf("after removing the pause: %q, want the fenced run again", got)
			}
			if got := text(t, ctx, `[data-testid=writes-rejected]`); !strings.Contains(got, "1 rejected") {
				t.Fatalf("after removing the pause: %q, want A's write refused again", got)
			}
			png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			saveArtifact(t, fmt.Sprintf("sandbox-cursor-removed-%d.png", width), png)
		})
	}
}
