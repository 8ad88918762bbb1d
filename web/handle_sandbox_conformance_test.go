package web_test

import (
	"net/http"
	"strings"
	"testing"

	"lockdrill/sandbox"
	"lockdrill/sandbox/conformance/results"
)

// TestSandboxPresetSaysWhetherRealServersAgree: each preset page carries
// the conformance suite's verdict for it, from the checked-in results:
// reproduced by the real server, or why not, never a claim of its own.
func TestSandboxPresetSaysWhetherRealServersAgree(t *testing.T) {
	srv, _ := newTestServer(t)
	cl := newClient(t, srv)
	statuses := map[string]int{}
	for _, p := range sandbox.Presets() {
		t.Run(p.ID, func(t *testing.T) {
			rec := cl.get("/sandbox/presets/" + p.ID)
			if rec.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", rec.Code)
			}
			line := mustDoc(t, rec).Find(`[data-testid=conformance]`)
			v, ok := results.ForPreset(p.ID)
			if !ok {
				if line.Length() != 0 {
					t.Fatalf("a conformance line %q for a preset the suite has no result for", line.Text())
				}
				return
			}
			statuses[v.Status]++
			if line.Length() != 1 || line.AttrOr("data-status", "") != v.Status {
				t.Fatalf("conformance line = %q (status %q), want status %q", line.Text(), line.AttrOr("data-status", ""), v.Status)
			}
			text := strings.Join(strings.Fields(line.Text()), " ")
			var want string
			switch v.Status {
			case results.StatusAgrees:
				want = "Reproduced by a real " + v.Server + " in lockdrill's test suite"
			default:
				want = v.Why
			}
			if !strings.Contains(text, want) || !strings.Contains(text, v.Server) {
				t.Fatalf("conformance line = %q, want it to say %q about %s", text, want, v.Server)
			}
		})
	}
	// The checked-in results hold both kinds of verdict the pages must
	// show: a preset reproduced and a fault out of a real server's reach.
	if statuses[results.StatusAgrees] == 0 || statuses[results.StatusOutOfReach] == 0 {
		t.Fatalf("verdicts shown: %v, want some agrees and some out-of-reach", statuses)
	}
}
