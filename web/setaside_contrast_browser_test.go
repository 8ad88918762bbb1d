package web_test

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserSetAsideAndDismissedFlagsAreReadable: a red flag the second
// reader set aside (and one the learner dismissed) is drawn apart from the
// counted ones, but its text keeps the contrast the rest of the page has.
// They were faded with opacity, which took the muted badge on them below
// 3:1 (axe's color-contrast failed on a round's turn and scorecard in CI,
// where the question drawn happened to set a flag aside).
func TestBrowserSetAsideAndDismissedFlagsAreReadable(t *testing.T) {
	ctx := newBrowser(t, 375, 900)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	src := axeSource(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/practice/fencing-token")); err != nil {
		t.Fatal(err)
	}
	setValue(t, ctx, `#answer`, longFencingAnswer+"Renewal failing while the holder keeps on writing regardless is the situation the token is built for."+fencingFix)
	click(t, ctx, `[data-testid=submit]`)
	if !eval[bool](t, ctx, `!!document.querySelector("[data-testid=set-aside-item] .badge")`) {
		t.Fatal("the feedback page shows no flag set aside: this test shows nothing")
	}
	if vs := audit(t, ctx, src); len(vs) > 0 {
		t.Fatalf("feedback with a flag set aside: %d axe-core violations:\n%s", len(vs), describe(vs))
	}
}
