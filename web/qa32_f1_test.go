package web_test

import (
	"net/http"
	"net/url"
	"testing"
)

// TestRefusedStartKeepsPeerMode: a peer start refused because a round is
// in progress comes back with peer still chosen, not interview (QA-32 #6).
func TestRefusedStartKeepsPeerMode(t *testing.T) {
	env := newRoundEnv(t, "", nil)
	cl := newClient(t, env.srv)
	startRound(t, cl, "5", "8", "coached")
	tok := csrfFrom(t, cl.get("/rounds"))
	rec := cl.postForm("/rounds", url.Values{"_csrf": {tok}, "questions": {"3"}, "minutes": {"4"}, "mode": {"peer"}})
	if rec.Code != http.StatusConflict {
		t.Fatalf("status %d, want 409", rec.Code)
	}
	doc := mustDoc(t, rec)
	for name, want := range map[string]string{"mode": "peer", "questions": "3", "minutes": "4"} {
		if got, _ := doc.Find(`input[name=` + name + `][checked]`).Attr("value"); got != want {
			t.Errorf("%s checked = %q, want %q", name, got, want)
		}
	}
}
