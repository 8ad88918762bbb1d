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
