package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// chromiumPath finds the browser for the real-browser tests. Outside CI a
// missing browser skips them with a message; in CI (CI=true) it fails.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("chromium is not installed, and CI=true requires the browser tests to run (apt-get install -y chromium)")
	}
	browserSkips.Add(1)
	t.Skip("skipping the real-browser test: chromium is not installed (apt-get install -y chromium to run it)")
	return ""
}

// browserSkips counts the browser tests skipped for want of Chromium.
var browserSkips atomic.Int32

// TestMain runs the package's tests and, when browser tests were skipped,
// says so where a plain "go test ./..." shows it. For a passing package go
// test prints only its "ok" line and hides the tests' output, skip
// messages included, so the notice goes to the terminal the tests run in
// (and to stderr too, seen with -v or on failure).
func TestMain(m *testing.M) {
	code := m.Run()
	if n := browserSkips.Load(); n > 0 {
		msg := skipNotice(int(n))
		fmt.Fprint(os.Stderr, msg)
		if !testing.Verbose() {
			if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
				fmt.Fprint(tty, msg)
				tty.Close()
			}
		}
	}
	os.Exit(code)
}

// skipNotice is the line that reports n skipped browser tests.
func skipNotice(n int) string {
	tests := "tests were"
	if n == 1 {
		tests = "test was"
	}
	return fmt.Sprintf("lockdrill/web: %d real-browser %s SKIPPED: chromium is not installed (apt-get install -y chromium to run them)\n", n, tests)
}

// newBrowser starts headless Chromium with a fresh profile.
func newBrowser(t *testing.T, width, height int, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	// The deadline only stops a hung browser; it asserts no speed. The
	// accessibility audit visits forty pages with axe-core, which on a
	// loaded two-core machine took longer than the 90 s this once was.
	ctx, cancelTimeout := context.WithTimeout(ctx, 5*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	return ctx
}

// click clicks the element sel and waits for the page it leads to.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	resp, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("click %s: %v", sel, err)
	}
	if resp == nil || resp.Status != 200 {
		t.Fatalf("click %s: no page loaded with status 200 (response %v)", sel, resp)
	}
}

// clickConfirming clicks sel, which asks "are you sure?" first, and
// accepts: it fails unless the page did ask.
func clickConfirming(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	asked := make(chan string, 1)
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	if err := chromedp.Listen(lctx, func(ev any) {
		if d, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			select {
			case asked <- d.Message:
			default:
			}
			go chromedp.Run(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
				return err
			}))
		}
	}); err != nil {
		t.Fatalf("listen for dialogs: %v", err)
	}
	click(t, ctx, sel)
	select {
	case <-asked:
	default:
		t.Fatalf("click %s: the page did not ask for confirmation", sel)
	}
}

// setValue sets the value of the input sel.
func setValue(t *testing.T, ctx context.Context, sel, v string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS(sel), v)); err != nil {
		t.Fatalf("set %s: %v", sel, err)
	}
}

// eval runs a script and returns its result as T.
func eval[T any](t *testing.T, ctx context.Context, script string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	if err != nil {
		t.Fatalf("evaluate %s: %v", script, err)
	}
	return v
}

// text returns the text of the first element matching sel.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return v
}

// saveArtifact writes a screenshot under testdata-artifacts/ (git-ignored)
// at the repository root and logs where.
func saveArtifact(t *testing.T, name string, png []byte) {
	t.Helper()
	dir := filepath.Join("..", "testdata-artifacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artifact dir: %v", err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Fatalf("write artifact: %v", err)
	}
	abs, _ := filepath.Abs(p)
	t.Logf("screenshot: %s", abs)
}

// TestBrowserPausedHolderStaleWriteRejected drives the sandbox as a learner
// does: open the paused-holder preset, acquire again and pause A past its
// lease while its write is pending, let B take the lock and write, then
// step to A's late write and see it rejected for its stale token.
func TestBrowserPausedHolderStaleWriteRejected(t *testing.T) {
	ctx := newBrowser(t, 1280, 1800)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
		t.Fatalf("open /sandbox: %v", err)
	}
	click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
	if title := text(t, ctx, `[data-testid=timeline-title]`); !strings.Contains(title, "pause") {
		t.Fatalf("timeline title = %q, want the paused-holder preset", title)
	}
	// A preset copy starts with now at the end of its run, where the lock
	// is free: A takes it again and freezes 15 s with a write pending.
	if got := text(t, ctx, `[data-testid=act-now]`); !strings.Contains(got, "22") || !strings.Contains(got, "(now)") {
		t.Fatalf("act heading = %q, want now at the end of the run (22 000 ms)", got)
	}
	// sandbox.js sends the action forms with fetch and swaps the page.
	clickSwap(t, ctx, `[data-testid=act-A-acquire]`)
	setValue(t, ctx, `#pause-A`, "15")
	clickSwap(t, ctx, `[data-testid=act-A-pause]`)
	setValue(t, ctx, `#value-A`, "late-a")
	clickSwap(t, ctx, `[data-testid=act-A-write]`)
	// 11 s later A's 10 s lease is over: B gets the lock and writes.
	setValue(t, ctx, `#advance-s`, "11")
	clickSwap(t, ctx, `[data-testid=act-advance]`)
	clickSwap(t, ctx, `[data-testid=act-B-acquire]`)
	clickSwap(t, ctx, `[data-testid=act-B-write]`)

	// Step to A's late write: the last rejected write of the event list.
	stepAttr := eval[string](t, ctx, `(function(){var r=document.querySelectorAll('tr[data-kind="write.rejected"]');return r.length?r[r.length-1].getAttribute("data-step"):""})()`)
	step, err := strconv.Atoi(stepAttr)
	if err != nil {
		t.Fatalf("rejected write step = %q, want a number", stepAttr)
	}
	click(t, ctx, `tr[data-step="`+stepAttr+`"] a`)
	rowText := text(t, ctx, `tr[aria-current="step"]`)
	for _, want := range []string{"write rejected: stale-token", `"late-a" with token 3 < highest accepted 4`} {
		if !strings.Contains(rowText, want) {
			t.Fatalf("current event row = %q, want %q", rowText, want)
		}
	}
	if ev := text(t, ctx, `[data-testid=state-event]`); !strings.Contains(ev, "stale-token") {
		t.Fatalf("state panel event = %q, want the stale-token rejection", ev)
	}
	mark := eval[string](t, ctx, `(function(){var m=document.querySelectorAll('[data-testid=mark-rejected]:not(.tl-future)');return m.length?m[m.length-1].textContent:""})()`)
	if !strings.Contains(mark, "✗ A · token 3 < 4: refused") {
		t.Fatalf("swimlane mark = %q, want ✗ and the comparison the check made", mark)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveArtifact(t, "sandbox-stale-write-rejected.png", png)

	// The arrow keys step in place (sandbox.js), without reloading.
	eval[bool](t, ctx, `window.__stay = true`)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatalf("press ←: %v", err)
	}
	if got := text(t, ctx, `[data-role=step-num]`); got != strconv.Itoa(step-1) {
		t.Fatalf("after ← the step is %s, want %d", got, step-1)
	}
	if !eval[bool](t, ctx, `document.querySelector('tr[data-step="`+stepAttr+`"]').classList.contains("sb-future")`) {
		t.Fatalf("after ← the rejected write is not shown as still to come")
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatalf("press →: %v", err)
	}
	if got := text(t, ctx, `[data-role=step-num]`); got != stepAttr {
		t.Fatalf("after → the step is %s, want %s", got, stepAttr)
	}
	if !eval[bool](t, ctx, `window.__stay === true`) {
		t.Fatalf("the arrow keys reloaded the page")
	}
}

// TestBrowserPhoneSwimlaneFollowsTheCursor: at phone width the picture
// scrolls sideways in its box, and sandbox.js keeps the replay cursor in
// view, on load and when the step changes.
func TestBrowserPhoneSwimlaneFollowsTheCursor(t *testing.T) {
	ctx := newBrowser(t, 390, 900)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/sandbox")); err != nil {
		t.Fatalf("open /sandbox: %v", err)
	}
	click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
	path := eval[string](t, ctx, `location.pathname`)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path+"?step=7")); err != nil {
		t.Fatalf("open step 7: %v", err)
	}
	// inView reports whether the cursor line lies inside the visible part
	// of the scrolling box, and how far the box is scrolled.
	const inView = `(function(){var b=document.querySelector(".tl-scroll"),c=document.querySelector("[data-testid=cursor]").getBoundingClientRect(),r=b.getBoundingClientRect();return [c.left>=r.left&&c.left<=r.right?1:0,b.scrollLeft,b.scrollWidth>b.clientWidth?1:0]})()`
	got := eval[[]int](t, ctx, inView)
	if got[2] != 1 {
		t.Fatalf("at 390 px the picture fits its box (%v): nothing to scroll", got)
	}
	// The page says the picture scrolls (QA-4 E22: nothing hinted that the
	// run went on past the first seconds).
	if !eval[bool](t, ctx, `(function(){var h=document.querySelector("[data-testid=swimlane-scroll-hint]");return !!h && h.offsetParent !== null;})()`) {
		t.Fatal("at 390 px no visible hint says the picture scrolls sideways")
	}
	if got[0] != 1 || got[1] == 0 {
		t.Fatalf("on load at step 7 (16 s): cursor in view %d, scrollLeft %d; want it scrolled into view", got[0], got[1])
	}
	for range 6 {
		if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
			t.Fatalf("press ←: %v", err)
		}
	}
	if got := eval[[]int](t, ctx, inView); got[0] != 1 {
		t.Fatalf("after stepping back to step 1 the cursor is out of view (scrollLeft %d)", got[1])
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveArtifact(t, "sandbox-phone-cursor.png", png)
}

// TestBrowserSkipIsReported runs this test binary again with no Chromium
// on its PATH and checks that the skip is reported outside -v, instead of a
// bare "ok" that reads as if the browser tests had passed.
func TestBrowserSkipIsReported(t *testing.T) {
	if os.Getenv("LOCKDRILL_SKIP_PROBE") == "1" {
		t.Skip("this is the probe itself")
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "CI=") {
			env = append(env, kv)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^TestBrowserPausedHolderStaleWriteRejected$")
	cmd.Env = append(env, "PATH="+t.TempDir(), "LOCKDRILL_SKIP_PROBE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("probe run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "1 real-browser test was SKIPPED: chromium is not installed") {
		t.Fatalf("a run without chromium does not report the skip; output:\n%s", out)
	}
}
