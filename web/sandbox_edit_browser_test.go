package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// scriptsOff disables JavaScript in the page, as a reader without it has.
func scriptsOff() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
}

// clickSwap clicks sel, a form button that sandbox.js sends with fetch,
// and waits for the page's main part to be swapped.
func clickSwap(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	before := eval[string](t, ctx, `document.documentElement.getAttribute("data-swaps") || "0"`)
	// After a swap the page keeps its scroll position, which can leave the
	// button just under the sticky header, where a click lands on the
	// header: bring it to the middle of the window first, as a reader
	// scrolls to what they press.
	eval[bool](t, ctx, `(function(){var b=document.querySelector(`+strconv.Quote(sel)+`);if(b){b.scrollIntoView({block:"center"})};return true})()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
	waitFor(t, ctx, "the page after "+sel, `(document.documentElement.getAttribute("data-swaps") || "0") !== "`+before+`"`)
}

// TestBrowserClassicExperimentAtTheCursor: with JavaScript off, open the
// fenced preset, step back to B's grant, insert a pause of B there from the form beside the
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
			// Plain forms: the page must work with no script at all.
			if err := chromedp.Do(ctx, scriptsOff()); err != nil {
				t.Fatalf("turn scripts off: %v", err)
			}
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

// waitFor polls script until it returns true, for at most about 5 s.
func waitFor(t *testing.T, ctx context.Context, what, script string) {
	t.Helper()
	for range 100 {
		if eval[bool](t, ctx, script) {
			return
		}
		if err := chromedp.Do(ctx, chromedp.Sleep(50*time.Millisecond)); err != nil {
			t.Fatalf("wait for %s: %v", what, err)
		}
	}
	t.Fatalf("waited 5 s for %s", what)
}

// TestBrowserActAtTheCursorWithoutReload: with JavaScript the same forms
// update the page in place: insert at the cursor, remove from the list,
// then back and forward through the two changes, all without a reload
// (a marker on window survives), the URL following each step.
func TestBrowserActAtTheCursorWithoutReload(t *testing.T) {
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
			eval[bool](t, ctx, `window.__stay = true`)
			setValue(t, ctx, `#cursor-pause-B`, "5")
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=cursor-B-pause]`))); err != nil {
				t.Fatalf("insert: %v", err)
			}
			waitFor(t, ctx, "the inserted pause", `!!document.querySelector("[data-testid=picture-notice]")`)
			if !eval[bool](t, ctx, `window.__stay === true`) {
				t.Fatalf("the insert reloaded the page")
			}
			if got := eval[string](t, ctx, `location.search`); got != "?step=5" {
				t.Fatalf("URL after the insert = %q, want ?step=5", got)
			}
			if got := text(t, ctx, `[data-testid=first-violation]`); !strings.Contains(got, "unsafe-write") {
				t.Fatalf("summary after the insert = %q", got)
			}
			// The replay of the new page works: → steps in place.
			if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
				t.Fatalf("press →: %v", err)
			}
			if got := text(t, ctx, `[data-role=step-num]`); got != "6" {
				t.Fatalf("after → on the swapped page the step is %s, want 6", got)
			}
			// The cursor forms follow the step on screen (QA-7 P4: after →
			// they still inserted at the step the page was loaded with).
			if ok := eval[bool](t, ctx, `(function(){var ms=document.querySelector("svg.tl-svg").getAttribute("data-stepms").split(",")[6];var ins=document.querySelectorAll("#cursor-act input[name=at_ms]");if(!ins.length)return false;for(var i=0;i<ins.length;i++){if(ins[i].value!==ms)return false}return document.querySelector("#cursor-act [data-role=cursor-step]").textContent==="6"})()`); !ok {
				t.Fatalf("after → the act-at-the-cursor forms do not insert at step 6's time")
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			saveArtifact(t, fmt.Sprintf("sandbox-js-inserted-%d.png", width), png)

			n := eval[int](t, ctx, `(function(){var it=document.querySelectorAll("[data-testid=action-item]");for(var i=0;i<it.length;i++){if(it[i].textContent.indexOf("B pauses for 5 s")>=0)return i+1}return 0})()`)
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`[data-testid=action-item]:nth-child(%d) [data-testid=action-remove]`, n)))); err != nil {
				t.Fatalf("remove: %v", err)
			}
			waitFor(t, ctx, "the pause removed", `(document.querySelector("[data-testid=violations]")||{}).textContent === "no violations"`)
			if !eval[bool](t, ctx, `window.__stay === true`) {
				t.Fatalf("the removal reloaded the page")
			}
			if eval[int](t, ctx, `document.querySelectorAll("[data-testid=action-item]").length`) != 5 {
				t.Fatalf("the list after the removal does not hold the preset's 5 actions")
			}

			// Back: the URL of the insert (step 6 after →) and its page.
			eval[bool](t, ctx, `history.back(), true`)
			waitFor(t, ctx, "back", `location.search === "?step=6" && document.querySelector("[data-role=step-num]").textContent === "6"`)
			if !eval[bool](t, ctx, `window.__stay === true`) {
				t.Fatalf("back reloaded the page")
			}
		})
	}
}
