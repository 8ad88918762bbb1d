package web_test

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRoundTimesInTheLearnersZone opens a round in a browser whose
// zone is Tokyo (UTC+9, no daylight saving): the deadline printed 09:04:00
// UTC reads 18:04:00 there, the UTC text stays as the tooltip, and the
// history lists the round in local time too.
func TestBrowserRoundTimesInTheLearnersZone(t *testing.T) {
	ctx := newBrowser(t, 1280, 1200, chromedp.Env("TZ=Asia/Tokyo"))
	// Real time, so the countdown and the page agree; only the zone is
	// under test.
	start := time.Now().UTC().Truncate(time.Second)
	srv, _ := newServerAt(t, "", func() time.Time { return start })
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/rounds")); err != nil {
		t.Fatalf("open /rounds: %v", err)
	}
	click(t, ctx, `[data-testid=start]`)
	sel := `[data-testid=deadline] time`
	utc := eval[string](t, ctx, `document.querySelector("`+sel+`").title`)
	deadline, err := time.Parse("15:04:05 UTC", utc)
	if err != nil {
		t.Fatalf("deadline tooltip = %q, want the server's UTC text: %v", utc, err)
	}
	local := text(t, ctx, sel)
	want := deadline.Add(9 * time.Hour).Format("15:04:05")
	if !strings.Contains(local, want) {
		t.Fatalf("deadline shown as %q, want Tokyo time %s (UTC %s)", local, want, utc)
	}
	if strings.Contains(local, "UTC") {
		t.Errorf("deadline still in UTC: %q", local)
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/rounds")); err != nil {
		t.Fatalf("open /rounds: %v", err)
	}
	started := text(t, ctx, `[data-testid=resume] time`)
	tokyo := start.In(time.FixedZone("JST", 9*3600))
	if !regexp.MustCompile(`^(today|yesterday|.+), ` + tokyo.Format("15:04")).MatchString(started) {
		t.Errorf("round start shown as %q, want Tokyo time %s", started, tokyo.Format("15:04"))
	}
}

// TestBrowserCountdownKnowsTheGrace: at the deadline the clock says the
// answer still counts as in time for the grace the server allows, and
// only then that it will be marked overtime (QA-4 E27: it said "marked
// overtime" during the grace).
func TestBrowserCountdownKnowsTheGrace(t *testing.T) {
	ctx := newBrowser(t, 1280, 1000)
	env := newRoundEnv(t, "", nil)
	ts := httptest.NewServer(env.srv)
	t.Cleanup(ts.Close)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/rounds")); err != nil {
		t.Fatalf("open /rounds: %v", err)
	}
	click(t, ctx, `[data-testid=start]`)
	limit := eval[int](t, ctx, `parseInt(document.querySelector("[data-remaining-ms]").getAttribute("data-remaining-ms"), 10)`)
	// The question was shown when the page was made; the server's clock
	// moves to a second before its deadline and the page is made again.
	env.clock.Advance(time.Duration(limit)*time.Millisecond - time.Second)
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatalf("reload: %v", err)
	}
	waitUntil(t, ctx, 10*time.Second, "the grace wording", `/still counts as in time/.test(document.querySelector("[data-countdown]").textContent)`)
	waitUntil(t, ctx, 15*time.Second, "the overtime wording", `/marked overtime/.test(document.querySelector("[data-countdown]").textContent)`)
}
