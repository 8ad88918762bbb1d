package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axeSource is axe-core's minified build, vendored under testdata/axe with
// its licences (see testdata/axe/README.md for why it is not fetched).
func axeSource(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatalf("read axe-core: %v", err)
	}
	return string(b)
}

// axeViolation is the part of an axe-core result a failure message needs.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// audit injects axe-core into the page open in ctx and returns its
// violations of WCAG 2.x A and AA and best practice.
func audit(t *testing.T, ctx context.Context, src string) []axeViolation {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+";true")); err != nil {
		t.Fatalf("inject axe-core: %v", err)
	}
	const run = `axe.run(document, {resultTypes: ["violations"], runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]}}).then(function (r) { return JSON.stringify(r.violations); })`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](run, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("run axe-core: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core result: %v", err)
	}
	return vs
}

// describe writes violations as a reader fixing them needs them: rule,
// impact, and each element with axe's own account of what is wrong.
// endRound submits the round page's end form, as its button would after
// the confirm() that app.js asks first (form.submit() skips it), and waits
// for the scorecard.
func endRound(t *testing.T, ctx context.Context) {
	t.Helper()
	if _, err := chromedp.RunResponse(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[bool](`document.querySelector(".round-end").submit();true`)(ctx, tg)
		return err
	})); err != nil {
		t.Fatalf("end the round: %v", err)
	}
}

func describe(vs []axeViolation) string {
	var b strings.Builder
	for _, v := range vs {
		fmt.Fprintf(&b, "\n  %s (%s): %s", v.ID, v.Impact, v.Help)
		for i, n := range v.Nodes {
			if i == 6 {
				fmt.Fprintf(&b, "\n    … and %d more", len(v.Nodes)-i)
				break
			}
			fmt.Fprintf(&b, "\n    %v: %s", n.Target, strings.ReplaceAll(n.Summary, "\n", " "))
		}
	}
	return b.String()
}

// colourScheme makes the page's prefers-color-scheme light or dark.
func colourScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// TestBrowserAccessibilityAudit runs axe-core over one page of every type
// the app serves, in the light and the dark colour scheme: any violation
// (colour contrast, names, landmarks, ARIA) fails the test with the rule
// and the elements, so a regression fails CI.
func TestBrowserAccessibilityAudit(t *testing.T) {
	ctx := newBrowser(t, 1280, 1000)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	src := axeSource(t)

	nav := func(t *testing.T, path string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path)); err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
	}
	here := func() string { return eval[string](t, ctx, `location.pathname+location.search`) }

	// Make the pages that need data: an attempt, a round in progress and a
	// finished one, a timeline of one's own, a fork and its comparison.
	nav(t, "/practice/fencing-token")
	setValue(t, ctx, `#answer`, partialFencing)
	click(t, ctx, `[data-testid=submit]`)
	attempt := here()
	nav(t, "/rounds")
	click(t, ctx, `[data-testid=start]`)
	round := here()
	endRound(t, ctx)
	scorecard := here()
	nav(t, "/learn")
	section := eval[string](t, ctx, `document.querySelector("[data-testid=toc-entry] a").getAttribute("href")`)
	nav(t, "/sandbox")
	click(t, ctx, `[data-preset="paused-holder-fenced"] [data-testid=open-preset]`)
	timeline := strings.SplitN(here(), "?", 2)[0]
	nav(t, timeline+"?step=9")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`[data-testid=setting-check-fencing]`))); err != nil {
		t.Fatalf("untick the fencing check: %v", err)
	}
	click(t, ctx, `[data-testid=settings-submit]`)
	// The settings form forks and opens the comparison.
	compare := strings.SplitN(here(), "?", 2)[0]
	fork := strings.TrimSuffix(compare, "/compare")

	pages := []struct{ name, path string }{
		{"home", "/"},
		{"learn index", "/learn"},
		{"guide section", section},
		{"practice index", "/practice"},
		{"question", "/practice/fencing-token"},
		{"attempt", attempt},
		{"review", "/review"},
		{"cram", "/review/cram"},
		{"rounds", "/rounds"},
		{"round", round},
		{"scorecard", scorecard},
		{"progress", "/progress"},
		{"account", "/account"},
		{"about grader", "/about/grader"},
		{"sandbox", "/sandbox"},
		{"preset", "/sandbox/presets/paused-holder-fenced"},
		{"timeline", timeline + "?step=9"},
		{"fork", fork},
		{"compare", compare},
		{"import", "/sandbox/import"},
		{"not found", "/no-such-page"},
	}
	for _, scheme := range []string{"light", "dark"} {
		if err := chromedp.Do(ctx, colourScheme(scheme)); err != nil {
			t.Fatalf("emulate %s: %v", scheme, err)
		}
		for _, pg := range pages {
			t.Run(scheme+"/"+pg.name, func(t *testing.T) {
				nav(t, pg.path)
				if vs := audit(t, ctx, src); len(vs) > 0 {
					t.Errorf("%s (%s) in %s: %d axe-core violations:%s", pg.name, pg.path, scheme, len(vs), describe(vs))
				}
			})
		}
	}
	// A screenshot of the dark timeline, whose colours are audited above.
	nav(t, timeline+"?step=9")
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveArtifact(t, "a11y-timeline-dark.png", png)

}

// TestBrowserAccessibilityAuditPeer audits the peer round's pages, each in
// both schemes, in browsers of their own (the audit above uses up its
// browser's time budget): the candidate's invitation and waiting pages and
// scorecard in one, the join page, the interviewer's screen (answering and
// deciding) and their scorecard in a second one, with its own cookies.
func TestBrowserAccessibilityAuditPeer(t *testing.T) {
	ctx := newBrowser(t, 1280, 1000)
	intv := newBrowser(t, 1280, 1000)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	src := axeSource(t)
	nav := func(t *testing.T, path string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+path)); err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
	}
	here := func() string { return eval[string](t, ctx, `location.pathname+location.search`) }
	auditAt := func(name string, ctx context.Context) {
		t.Helper()
		path := eval[string](t, ctx, `location.pathname`)
		for _, scheme := range []string{"light", "dark"} {
			t.Run(scheme+"/"+name, func(t *testing.T) {
				if err := chromedp.Do(ctx, colourScheme(scheme)); err != nil {
					t.Fatalf("emulate %s: %v", scheme, err)
				}
				if vs := audit(t, ctx, src); len(vs) > 0 {
					t.Errorf("%s (%s) in %s: %d axe-core violations:%s", name, path, scheme, len(vs), describe(vs))
				}
			})
		}
	}
	nav(t, "/rounds")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name=mode][value=peer]`))); err != nil {
		t.Fatalf("choose a peer round: %v", err)
	}
	click(t, ctx, `[data-testid=start]`)
	peerRound := here()
	click(t, ctx, `[data-testid=make-invite]`)
	auditAt("peer invitation", ctx)
	link := eval[string](t, ctx, `document.querySelector("[data-testid=invite-link]").value`)
	if err := chromedp.Do(intv, chromedp.Navigate(link)); err != nil {
		t.Fatalf("open the invitation: %v", err)
	}
	auditAt("peer join", intv)
	click(t, intv, `[data-testid=join]`)
	auditAt("interviewer's screen", intv)
	waitUntil(t, ctx, 15*time.Second, "the candidate's question", `!!document.querySelector("[data-testid=answer-form]")`)
	setValue(t, ctx, `#answer`, "A lease expires by itself, so a paused holder can outlive it; the storage must check a fencing token.")
	click(t, ctx, `[data-testid=submit-answer]`)
	auditAt("peer waiting", ctx)
	nav2 := func(c context.Context, path string) {
		if err := chromedp.Do(c, chromedp.Navigate(path)); err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
	}
	nav2(intv, eval[string](t, intv, `location.href`))
	auditAt("interviewer deciding", intv)
	clickConfirming(t, intv, `[data-testid=interviewer-end]`)
	auditAt("interviewer's scorecard", intv)
	// The candidate's waiting page notices the end by itself and reloads
	// into the scorecard (navigating there as well raced with it: the
	// page load was aborted now and then).
	waitUntil(t, ctx, 15*time.Second, "the candidate's scorecard", `location.pathname === `+strconv.Quote(peerRound+"/scorecard")+` && document.readyState === "complete"`)
	if !eval[bool](t, ctx, `!!document.querySelector("[data-testid=peer-card]")`) {
		t.Fatalf("the candidate's scorecard of the peer round (%s) has no peer card", peerRound)
	}
	auditAt("peer scorecard", ctx)
}

// TestBrowserGuideDiagramOnAPhone: at 390 px a guide diagram keeps its
// natural width, so its 11-13 px labels stay legible, in a box that
// scrolls sideways and says so; the page still passes the audit (QA-3 D11:
// scaled to the column, the labels were 5-6 px).
func TestBrowserGuideDiagramOnAPhone(t *testing.T) {
	ctx := newBrowser(t, 390, 844)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/learn/fencing-tokens")); err != nil {
		t.Fatalf("open the section: %v", err)
	}
	const fig = `document.querySelector('.prose a > img[src$=".svg"]')`
	if w := eval[float64](t, ctx, fig+`.getBoundingClientRect().width`); w < 740 {
		t.Fatalf("the diagram is %.0f px wide at 390 px, want its natural 760 px", w)
	}
	if box := eval[string](t, ctx, `(function(){ var a = `+fig+`.parentElement; return [a.scrollWidth > a.clientWidth && a.clientWidth <= innerWidth && getComputedStyle(a).overflowX === "auto", a.scrollWidth, a.clientWidth, getComputedStyle(a).overflowX].join(" "); })()`); !strings.HasPrefix(box, "true ") {
		t.Fatalf("the diagram's box does not scroll sideways within the page (scrolls, scroll width, width, overflow-x: %s)", box)
	}
	if w := eval[[]float64](t, ctx, `[document.documentElement.scrollWidth, innerWidth]`); w[0] > w[1] {
		t.Fatalf("the page is %.0f px wide in a %.0f px window: the diagram widens the page instead of scrolling in its box", w[0], w[1])
	}
	if got := eval[string](t, ctx, `getComputedStyle(`+fig+`.parentElement, "::after").content`); !strings.Contains(got, "Scroll sideways") {
		t.Fatalf("the diagram's hint reads %s, want it to say it scrolls", got)
	}
	if vs := audit(t, ctx, axeSource(t)); len(vs) > 0 {
		t.Errorf("guide section at 390 px: %d axe-core violations:%s", len(vs), describe(vs))
	}
}
