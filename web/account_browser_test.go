package web_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTransferCodeMovesProgress runs two separate browsers (own
// profiles, own cookies): the laptop answers a question and asks for a
// transfer code, the phone types it and then shows the laptop's score.
func TestBrowserTransferCodeMovesProgress(t *testing.T) {
	laptop := newBrowser(t, 1280, 1200)
	phone := newBrowser(t, 390, 900)
	srv, _ := newTestServer(t)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	const q = "fencing-token"
	scoreSel := `[data-question="` + q + `"] [data-testid=last-score]`

	if err := chromedp.Do(laptop, chromedp.Navigate(ts.URL+"/practice/"+q)); err != nil {
		t.Fatalf("laptop: open question: %v", err)
	}
	setValue(t, laptop, `#answer`, partialFencing)
	click(t, laptop, `[data-testid=submit]`)
	if err := chromedp.Do(laptop, chromedp.Navigate(ts.URL+"/practice")); err != nil {
		t.Fatalf("laptop: open /practice: %v", err)
	}
	want := text(t, laptop, scoreSel)
	if !strings.Contains(want, "%") {
		t.Fatalf("laptop's last score = %q, want a percentage", want)
	}

	if err := chromedp.Do(phone, chromedp.Navigate(ts.URL+"/practice")); err != nil {
		t.Fatalf("phone: open /practice: %v", err)
	}
	if got := text(t, phone, scoreSel); got == want {
		t.Fatalf("the phone shows the laptop's score %q before the transfer", got)
	}

	if err := chromedp.Do(laptop, chromedp.Navigate(ts.URL+"/account")); err != nil {
		t.Fatalf("laptop: open /account: %v", err)
	}
	click(t, laptop, `[data-testid=transfer-issue]`)
	code := text(t, laptop, `[data-testid=transfer-code]`)
	if len(code) != 14 {
		t.Fatalf("code = %q, want XXXX-XXXX-XXXX", code)
	}
	// localtime.js rewrote the expiry into the browser's zone and kept
	// the UTC text as the title.
	if title := eval[string](t, laptop, `document.querySelector("[data-testid=transfer-expires] time").title`); !strings.HasSuffix(title, "UTC") {
		t.Errorf("expiry time title = %q, want the UTC text kept", title)
	}

	if err := chromedp.Do(phone, chromedp.Navigate(ts.URL+"/account")); err != nil {
		t.Fatalf("phone: open /account: %v", err)
	}
	setValue(t, phone, `#code`, strings.ToLower(code))
	click(t, phone, `[data-testid=redeem-submit]`)
	if path := eval[string](t, phone, `location.pathname`); path != "/progress" {
		t.Fatalf("after redeeming the phone is on %s, want /progress", path)
	}
	if flash := text(t, phone, `[data-testid=flash]`); !strings.Contains(flash, "this browser now has your progress") {
		t.Errorf("phone flash = %q", flash)
	}
	if err := chromedp.Do(phone, chromedp.Navigate(ts.URL+"/practice")); err != nil {
		t.Fatalf("phone: open /practice: %v", err)
	}
	if got := text(t, phone, scoreSel); got != want {
		t.Fatalf("phone's last score = %q, want the laptop's %q", got, want)
	}
	png, err := chromedp.Run(phone, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	saveArtifact(t, "account-transfer-phone.png", png)

	// The code is spent: a third browser gets nothing from it.
	third := newBrowser(t, 800, 900)
	if err := chromedp.Do(third, chromedp.Navigate(ts.URL+"/account")); err != nil {
		t.Fatalf("third: open /account: %v", err)
	}
	setValue(t, third, `#code`, code)
	if _, err := chromedp.RunResponse(third, chromedp.Click(chromedp.CSS(`[data-testid=redeem-submit]`))); err != nil {
		t.Fatalf("third: submit: %v", err)
	}
	if msg := text(t, third, `[data-testid=redeem-error]`); !strings.Contains(msg, "does not work") {
		t.Fatalf("third browser with a used code: error = %q", msg)
	}
}
