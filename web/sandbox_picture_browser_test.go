package web_test

import (
	"fmt"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserPictureShowsOnlyThePast opens the fenced preset at the step
// of the refused write, at desktop and phone width: the mark the cursor
// points at is on top of the cursor line, and stepping back with the
// arrow keys cuts the lease bars at the cursor and hides what has not
// happened yet, as the server draws it for ?step=N.
func TestBrowserPictureShowsOnlyThePast(t *testing.T) {
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
			step := eval[string](t, ctx, `document.querySelector('tr[data-kind="write.rejected"]').getAttribute("data-step")`)
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path+"?step="+step)); err != nil {
				t.Fatalf("open the refused write: %v", err)
			}
			// What is painted at the centre of the ✗ the cursor points at.
			const onTop = `(function(){
			  var m = document.querySelector("[data-testid=mark-rejected]:not(.tl-future) rect");
			  m.scrollIntoView({block: "center", inline: "center"});
			  var r = m.getBoundingClientRect();
			  var c = document.querySelector("[data-testid=cursor]").getBoundingClientRect();
			  var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
			  return [Math.abs((c.left + c.right) / 2 - (r.left + r.right) / 2) < r.width / 2 ? 1 : 0, hit && hit.closest("[data-testid=mark-rejected]") ? 1 : 0];
			})()`
			got := eval[[]int](t, ctx, onTop)
			if got[0] != 1 {
				t.Fatalf("the cursor does not point at the refused write's mark")
			}
			if got[1] != 1 {
				t.Fatalf("at the refused write's step the cursor line covers its ✗")
			}
			png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(`[data-testid=swimlane-scroll]`)))
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			saveArtifact(t, fmt.Sprintf("sandbox-picture-refused-%d.png", width), png)

			// B's belief bar at its grant step is cut at the cursor; so is
			// the server's drawing of the same step.
			const bBar = `(function(){
			  var g = document.querySelectorAll(".tl-believes")[1];
			  return [Number(g.querySelector("rect").getAttribute("width")), Number(g.getAttribute("data-w")), g.classList.contains("tl-future") ? 1 : 0,
			          document.querySelectorAll("[data-testid=mark-rejected]:not(.tl-future)").length];
			})()`
			full := eval[[]int](t, ctx, bBar)
			grant := eval[int](t, ctx, `Number(document.querySelectorAll('tr[data-kind="acquire.granted"]')[1].getAttribute("data-step"))`)
			n, _ := strconv.Atoi(step)
			for range n - (grant + 1) {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
					t.Fatalf("press ←: %v", err)
				}
			}
			mid := eval[[]int](t, ctx, bBar)
			if mid[3] != 0 {
				t.Fatalf("one step after B's grant the refused write is still drawn")
			}
			if mid[2] != 0 || mid[0] <= 0 || mid[0] >= full[0] {
				t.Fatalf("B's belief bar one step after its grant is %d wide (future %d), want cut shorter than at the refused write (%d)", mid[0], mid[2], full[0])
			}
			js := mid[0]
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path+"?step="+strconv.Itoa(grant+1))); err != nil {
				t.Fatalf("open step %d: %v", grant+1, err)
			}
			if server := eval[[]int](t, ctx, bBar); server[0] != js {
				t.Fatalf("B's bar: server draws %d at step %d, the replay %d", server[0], grant+1, js)
			}
		})
	}
}

// TestBrowserNarratedReplay: the caption follows the replay step in place,
// and the guided play (the default) shows the captions in turn up to the
// end of the run; at phone width too.
func TestBrowserNarratedReplay(t *testing.T) {
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
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path+"?step=5")); err != nil {
				t.Fatalf("open step 5: %v", err)
			}
			story := func(n int) string {
				return eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#tl-story li[data-step="%d"]').textContent`, n))
			}
			caption := func() string {
				return eval[string](t, ctx, `document.querySelector("[data-role=caption-text]").textContent`)
			}
			for range 2 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
					t.Fatalf("press →: %v", err)
				}
			}
			if got, want := caption(), story(7); got != want || got == "" {
				t.Fatalf("after → → the caption is %q, want step 7's %q", got, want)
			}
			png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			saveArtifact(t, fmt.Sprintf("sandbox-caption-step7-%d.png", width), png)

			if sp := eval[string](t, ctx, `document.querySelector("[data-testid=speed]").value`); sp != "3500" {
				t.Fatalf("play speed %q by default, want the guided pace (3500 ms a caption)", sp)
			}
			// The guided pace is too slow for a test: 10 steps/s, from the start.
			eval[bool](t, ctx, `(function(){var s=document.querySelector("[data-testid=speed]");s.value="100";s.dispatchEvent(new Event("change"));return true})()`)
			for range 7 {
				if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
					t.Fatalf("press ←: %v", err)
				}
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=play]`))); err != nil {
				t.Fatalf("play: %v", err)
			}
			var seen []string
			for range 100 {
				seen = append(seen, caption())
				if text(t, ctx, `[data-role=step-num]`) == "8" {
					break
				}
				if err := chromedp.Do(ctx, chromedp.Sleep(40*time.Millisecond)); err != nil {
					t.Fatalf("wait: %v", err)
				}
			}
			if got, want := caption(), story(8); got != want {
				t.Fatalf("play ended on caption %q, want the last step's %q", got, want)
			}
			distinct := map[string]bool{}
			for _, s := range seen {
				distinct[s] = true
			}
			if len(distinct) < 3 {
				t.Fatalf("play showed %d captions, want them in turn: %q", len(distinct), seen)
			}
			if pressed := eval[string](t, ctx, `document.querySelector("[data-testid=play]").getAttribute("aria-pressed")`); pressed != "false" {
				t.Fatalf("play button aria-pressed = %q at the end, want false", pressed)
			}
		})
	}
}
