package web_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserEnterInAFieldDoesItsAction types into a client's fields of an
// opened idempotency-key-dedup timeline and presses Enter: the action added
// is the field's own (pause, delay, write with its key), not "claim", the
// first button of the client's controls. With sandbox.js (the page swaps in
// place) and without it (a plain form post).
func TestBrowserEnterInAFieldDoesItsAction(t *testing.T) {
	for _, js := range []bool{true, false} {
		name := "script"
		if !js {
			name = "no-script"
		}
		t.Run(name, func(t *testing.T) {
			ctx := newBrowser(t, 1280, 1000)
			srv, _ := newTestServer(t)
			ts := httptest.NewServer(srv)
			t.Cleanup(ts.Close)
			if !js {
				if err := chromedp.Do(ctx, scriptsOff()); err != nil {
					t.Fatalf("turn scripts off: %v", err)
				}
			}
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
				t.Fatalf("open /sandbox: %v", err)
			}
			click(t, ctx, `[data-preset="idempotency-key-dedup"] [data-testid=open-preset]`)
			lastAction := func() string {
				return eval[string](t, ctx, `(function(){var a=document.querySelectorAll('[data-testid=action-text]');return a.length?a[a.length-1].textContent.replace(/\s+/g," ").trim():""})()`)
			}
			enter := func(sel, value string) {
				t.Helper()
				if !eval[bool](t, ctx, `(function(){var f=document.querySelector("`+sel+`");if(!f)return false;f.value="";return true})()`) {
					t.Fatalf("no field %s on the page", sel)
				}
				before := eval[string](t, ctx, `(document.documentElement.getAttribute("data-swaps") || "0")+"|"+location.href+"|"+document.querySelectorAll('[data-testid=action-text]').length`)
				if !js {
					// A plain post: wait for the page it leads to.
					resp, err := chromedp.RunResponse(ctx, chromedp.SendKeys(chromedp.CSS(sel), value+kb.Enter))
					if err != nil || resp == nil || resp.Status != 200 {
						t.Fatalf("Enter in %s: %v (response %v)", sel, err, resp)
					}
				} else if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(sel), value+kb.Enter)); err != nil {
					t.Fatalf("type into %s: %v", sel, err)
				}
				waitFor(t, ctx, "the page after Enter in "+sel, `document.readyState === "complete" && (document.documentElement.getAttribute("data-swaps") || "0")+"|"+location.href+"|"+document.querySelectorAll('[data-testid=action-text]').length !== "`+before+`"`)
			}
			enter(`#pause-A`, "2.5")
			if got := lastAction(); !strings.Contains(got, "A pauses") || !strings.Contains(got, "2.5 s") {
				t.Fatalf("after Enter in pause (s) the last action is %q, want A's 2.5 s pause", got)
			}
			enter(`#delay-B`, "700")
			if got := lastAction(); !strings.Contains(got, "B's next message is delayed 0.7 s") {
				t.Fatalf("after Enter in delay the last action is %q, want B's 700 ms delay", got)
			}
			enter(`#key-A`, "k-1")
			if got := lastAction(); !strings.Contains(got, "A writes") {
				t.Fatalf("after Enter in the idempotency key the last action is %q, want A's write", got)
			}
		})
	}
}
