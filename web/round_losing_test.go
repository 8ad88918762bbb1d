package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestScorecardCountsLosingClaimsByDimension: QA-51b M3 through the
// router. A round's "By dimension" table read "Safety mechanisms ... 100 %"
// beside losing claims on safety. The row a standing losing claim denies
// now says so, as does the Markdown export, and the verdict names it.
func TestScorecardCountsLosingClaimsByDimension(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	roundURL := coachedRound(t, env, cl, 5, "fencing-token", "avoid-the-lock", "row-lock")
	main := "Each grant carries a token that only goes up, and the client sends it with every write. The client checks its own token before writing, so the storage needs no changes. A paused holder whose lease expired is stopped that way."
	rec, seq, _, _ := current(t, cl, roundURL)
	env.clock.Advance(time.Minute)
	if r := answerTurn(t, cl, roundURL, rec.Body.String(), seq, main); r.Code != http.StatusSeeOther {
		t.Fatalf("answer: status %d", r.Code)
	}
	rec, _, _, _ = current(t, cl, roundURL)
	if r := cl.postForm(roundURL+"/finish", url.Values{"_csrf": {csrfFromBody(t, rec.Body.String())}}); r.Code != http.StatusSeeOther {
		t.Fatalf("finish: status %d", r.Code)
	}
	card := mustDoc(t, cl.get(roundURL+"/scorecard"))
	row := card.Find(`[data-testid=dimension][data-dimension=safety-mechanisms]`)
	if got := strings.Join(strings.Fields(row.Find(`[data-testid=dim-losing]`).Text()), " "); got != "1 losing claim against these points" {
		t.Errorf("safety row says %q, want the losing claim counted against it", got)
	}
	if !strings.Contains(card.Find(`[data-testid=reasons]`).Text(), "Losing claims stand against the points of: Safety mechanisms (1)") {
		t.Errorf("reasons %q: want the losing claim named against its dimension", card.Find(`[data-testid=reasons]`).Text())
	}
	md := cl.get(roundURL + "/scorecard.md").Body.String()
	if !strings.Contains(md, "| Safety mechanisms |") || !strings.Contains(md, "Losing claims against them") {
		t.Errorf("the Markdown export has no losing-claims column:\n%s", md)
	}
}
